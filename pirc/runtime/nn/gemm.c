/* nnlib GEMM: the register-tiled matrix product every convolution and fully connected layer runs on.

   GEMM: C[M, N] = A[M, K] @ B[K, N] (row-major), blocked as BLIS does: for each KC x NC panel of
   B packed into NR-wide slivers (for a convolution B is the virtual im2col matrix, gathered from
   the input straight into the panel: no im2col buffer), MR rows of A at a time (read in place), an
   MR x NR register tile accumulates over the panel's KC products.  The tile starts from
   0 on the first K panel and from C afterwards, so every output sums k = 0..K-1 in order whatever
   the blocking or the thread count; the epilogue (bias, residual, activation) is applied on the last
   K panel while the tile is in registers / L1.  Threads split the output into tiles (groups of
   columns, then of rows), each computed whole by one thread. */
/* ------------------------------------------------------------------------------------------------
   GEMM
   ------------------------------------------------------------------------------------------------ */
#ifndef PIRC_MR
#define PIRC_MR 8
#endif
#define PIRC_NR 32
#ifndef PIRC_KC
#define PIRC_KC 256
#endif
#ifndef PIRC_MC
#define PIRC_MC 128
#endif
#ifndef PIRC_NC
#define PIRC_NC 1024
#endif

typedef float v16 __attribute__((vector_size(64)));
typedef float v16u __attribute__((vector_size(64), aligned(4)));

/* a float in all 16 lanes (not 0 + x: without -ffast-math that is an add) */
static inline v16 pirc_splat16(float x)
{
#if defined(__AVX512F__)
  return (v16)_mm512_set1_ps(x);
#else
  v16 v;
  for (int i = 0; i < 16; i++) v[i] = x;
  return v;
#endif
}

#if defined(__AVX512F__)
#define PIRC_FMA(a, b, c) ((v16)_mm512_fmadd_ps((__m512)(a), (__m512)(b), (__m512)(c)))
#elif defined(__FMA__)
static inline v16 pirc_fma16(v16 a, v16 b, v16 c)
{
  typedef float v8 __attribute__((vector_size(32)));
  v8 a0, a1, b0, b1, c0, c1;
  memcpy(&a0, &a, 32); memcpy(&a1, (char*)&a + 32, 32);
  memcpy(&b0, &b, 32); memcpy(&b1, (char*)&b + 32, 32);
  memcpy(&c0, &c, 32); memcpy(&c1, (char*)&c + 32, 32);
  c0 = (v8)_mm256_fmadd_ps((__m256)a0, (__m256)b0, (__m256)c0);
  c1 = (v8)_mm256_fmadd_ps((__m256)a1, (__m256)b1, (__m256)c1);
  v16 out;
  memcpy(&out, &c0, 32); memcpy((char*)&out + 32, &c1, 32);
  return out;
}
#define PIRC_FMA(a, b, c) pirc_fma16((a), (b), (c))
#else
/* no FMA instruction: fmaf per lane keeps the results those of a fused multiply-add */
static inline v16 pirc_fma16(v16 a, v16 b, v16 c)
{
  v16 out;
  for (int i = 0; i < 16; i++) out[i] = fmaf(a[i], b[i], c[i]);
  return out;
}
#define PIRC_FMA(a, b, c) pirc_fma16((a), (b), (c))
#endif

typedef int32_t vi16 __attribute__((vector_size(64)));

/* act 0..3 on 16 lanes, the same values as pirc_nn_act1 (bitwise selects: NaN -> 0 for relu,
   NaN stays NaN for relu6 and hardswish) */
static inline v16 pirc_act16(v16 v, int act)
{
  v16 zero = pirc_splat16(0.0f), six = pirc_splat16(6.0f);
  switch (act) {
  case 1:
    return (v16)((vi16)v & (v > zero));
  case 2: {
    v16 u = (v16)((vi16)v & ~(v < zero));
    vi16 big = u > six;
    return (v16)(((vi16)u & ~big) | ((vi16)six & big));
  }
  case 3: {
    v16 t = v + pirc_splat16(3.0f);
    t = (v16)((vi16)t & ~(t < zero));
    vi16 big = t > six;
    t = (v16)(((vi16)t & ~big) | ((vi16)six & big));
    return v * t / six;
  }
  default:
    return v;
  }
}

/* where B comes from: a row-major matrix, or a convolution's virtual im2col matrix
   (row k = (c, i, j) of the filter, column = (oh, ow) of the output) */
typedef struct {
  const float* x;
  int64_t ldb;        /* plain: row stride */
  int conv;           /* 1: im2col of x (one image, the group's channels) */
  int trans;          /* plain, 1: x holds B transposed (B[k][n] = x[n * ldb + k]) */
  int64_t H, W, KH, KW, OW, sh, sw, ph, pw, dh, dw;
} pirc_bsrc;

/* the epilogue of C's tile: v = act(((v + brow[m]) + bcol[n]) + r[m * ldr + n]) */
typedef struct {
  const float* brow;
  const float* bcol;
  const float* r;
  int64_t ldr;
  int act;
} pirc_epi;

/* pack B[k0:k0+kc, j0:j0+nc] into slivers Bp[s][k][PIRC_NR], zero-padded past nc.  A convolution's
   rows are gathered per run of columns lying in one output row: a copy (stride 1) or a strided
   read of the input row, zeros outside the input, as im2col does, but straight into the panel. */
static void pirc_pack_b(const pirc_bsrc* s, int64_t k0, int64_t kc, int64_t j0, int64_t nc, float* restrict bp)
{
  for (int64_t js = 0; js < nc; js += PIRC_NR) {
    int64_t nr = nc - js < PIRC_NR ? nc - js : PIRC_NR;
    float* dst = bp + (js / PIRC_NR) * kc * PIRC_NR;
    if (!s->conv && s->trans) {   /* B^T row-major: each column of the sliver is a contiguous run of x */
      for (int64_t t = 0; t < nr; t++) {
        const float* src = s->x + (j0 + js + t) * s->ldb + k0;
        for (int64_t k = 0; k < kc; k++) dst[k * PIRC_NR + t] = src[k];
      }
      for (int64_t t = nr; t < PIRC_NR; t++)
        for (int64_t k = 0; k < kc; k++) dst[k * PIRC_NR + t] = 0.0f;
      continue;
    }
    if (!s->conv) {
      const float* src = s->x + k0 * s->ldb + j0 + js;
      if (nr == PIRC_NR) {
        for (int64_t k = 0; k < kc; k++) memcpy(dst + k * PIRC_NR, src + k * s->ldb, sizeof(float) * PIRC_NR);
      } else {
        for (int64_t k = 0; k < kc; k++) {
          memcpy(dst + k * PIRC_NR, src + k * s->ldb, sizeof(float) * (size_t)nr);
          memset(dst + k * PIRC_NR + nr, 0, sizeof(float) * (size_t)(PIRC_NR - nr));
        }
      }
      continue;
    }
    /* the sliver's runs: columns [t0, t0 + cnt) of the sliver are outputs (oh, ow0 ..) */
    int64_t rt0[PIRC_NR], rcnt[PIRC_NR], roh[PIRC_NR], row0[PIRC_NR], nrun = 0;
    for (int64_t t = 0; t < nr;) {
      int64_t j = j0 + js + t, oh = j / s->OW, ow = j % s->OW;
      int64_t cnt = s->OW - ow < nr - t ? s->OW - ow : nr - t;
      rt0[nrun] = t; rcnt[nrun] = cnt; roh[nrun] = oh; row0[nrun] = ow;
      nrun++;
      t += cnt;
    }
    /* row k0 + k of B is filter tap (c, i, j): counted up, not divided out, for every row (integer
       divisions per row and sliver were a third of a 3x3 conv's time) */
    int64_t taps = s->KH * s->KW, c = k0 / taps, i = k0 % taps / s->KW, j = k0 % s->KW;
    for (int64_t k = 0; k < kc; k++) {
      int64_t di = i * s->dh - s->ph, off = j * s->dw - s->pw;  /* ih = oh * sh + di, iw = ow * sw + off */
      const float* xc = s->x + c * s->H * s->W;
      if (++j == s->KW) {
        j = 0;
        if (++i == s->KH) {
          i = 0;
          c++;
        }
      }
      float* d = dst + k * PIRC_NR;
      /* outputs ow in [lo, hi) read inside the input row */
      int64_t lo = off >= 0 ? 0 : (-off + s->sw - 1) / s->sw;
      int64_t hi = s->W - 1 - off >= 0 ? (s->W - 1 - off) / s->sw + 1 : 0;
      for (int64_t q = 0; q < nrun; q++) {
        float* dq = d + rt0[q];
        int64_t ih = roh[q] * s->sh + di, a = row0[q], b = a + rcnt[q];
#if defined(__AVX512F__)
        if (s->sw == 1) {   /* the run's <= 32 lanes in two masked moves (masked-off lanes are not read) */
          int inside = ih >= 0 && ih < s->H;
          int64_t l = lo > a ? lo : a, h = hi < b ? hi : b;
          uint64_t store = ((uint64_t)1 << (b - a)) - 1;
          uint64_t valid = inside && h > l ? (((uint64_t)1 << (h - a)) - 1) & ~(((uint64_t)1 << (l - a)) - 1) : 0;
          const float* src = inside ? xc + ih * s->W + a + off : xc;
          _mm512_mask_storeu_ps(dq, (__mmask16)(store & 0xFFFF),
                                _mm512_maskz_loadu_ps((__mmask16)(valid & 0xFFFF), src));
          if (b - a > 16)
            _mm512_mask_storeu_ps(dq + 16, (__mmask16)(store >> 16),
                                  _mm512_maskz_loadu_ps((__mmask16)(valid >> 16), valid >> 16 ? src + 16 : xc));
          continue;
        }
#endif
        if (ih < 0 || ih >= s->H) {
          memset(dq, 0, sizeof(float) * (size_t)rcnt[q]);
          continue;
        }
        const float* xr = xc + ih * s->W;
        int64_t l = lo > a ? lo : a, h = hi < b ? hi : b;
        if (h < l) h = l;
        for (int64_t ow = a; ow < l; ow++) dq[ow - a] = 0.0f;
        if (s->sw == 1) {
          if (h > l) memcpy(dq + (l - a), xr + l + off, sizeof(float) * (size_t)(h - l));
        } else if (s->sw == 2) {   /* a constant stride: vectorised */
          const float* xs = xr + off;
          float* ds = dq - a;
          for (int64_t ow = l; ow < h; ow++) ds[ow] = xs[2 * ow];
        } else {
          for (int64_t ow = l; ow < h; ow++) dq[ow - a] = xr[ow * s->sw + off];
        }
        for (int64_t ow = h; ow < b; ow++) dq[ow - a] = 0.0f;
      }
      for (int64_t t = nr; t < PIRC_NR; t++) d[t] = 0.0f;
    }
  }
}

/* The MR x NR tile of C at (m, n) (mr x nr of it inside C): acc = first ? 0 : C; acc += A[m.., k0..k0+kc] *
   Bp (A read in place, row stride lda: rows past mr repeat row 0 and are dropped); last: the epilogue. */

/* The epilogue of one row of a GEMM tile, in Paddle's order: + bias of the row, + bias of the column,
   + residual, activation (nr columns; inlined, so a constant nr gives loops of constant trip count) */
static inline __attribute__((always_inline)) void pirc_tile_epilogue(float* restrict t, int64_t nr,
                                                                     const pirc_epi* e, int64_t row, int64_t n)
{
  if (e->brow != 0) {
    float bv = e->brow[row];
    for (int64_t q = 0; q < nr; q++) t[q] = t[q] + bv;
  }
  if (e->bcol != 0)
    for (int64_t q = 0; q < nr; q++) t[q] = t[q] + e->bcol[n + q];
  if (e->r != 0) {
    const float* rr = e->r + row * e->ldr + n;
    for (int64_t q = 0; q < nr; q++) t[q] = t[q] + rr[q];
  }
  pirc_nn_act_row(t, nr, e->act);
}

static inline __attribute__((always_inline)) void
pirc_kernel_nv(int64_t kc, const float* restrict a, int64_t lda, int64_t mr, const float* restrict bp,
               float* restrict c, int64_t ldc, int64_t nr, int first, int last, const pirc_epi* e, int64_t m,
               int64_t n, const int nv)
{
  v16 acc[PIRC_MR][2];
  float tile[PIRC_MR * PIRC_NR] __attribute__((aligned(64)));
  const float* ar[PIRC_MR];
  for (int r = 0; r < PIRC_MR; r++) ar[r] = a + (r < mr ? r : 0) * lda;
  if (first) {
    for (int r = 0; r < PIRC_MR; r++) acc[r][0] = acc[r][1] = (v16){0};
  } else if (nr == PIRC_NR) {
    for (int r = 0; r < PIRC_MR; r++) {
      const float* cr = c + (r < mr ? r : 0) * ldc;
      acc[r][0] = *(const v16u*)cr;
      acc[r][1] = *(const v16u*)(cr + 16);
    }
  } else {
    memset(tile, 0, sizeof tile);
    for (int64_t r = 0; r < mr; r++) memcpy(tile + r * PIRC_NR, c + r * ldc, sizeof(float) * (size_t)nr);
    for (int r = 0; r < PIRC_MR; r++) {
      acc[r][0] = *(const v16*)(tile + r * PIRC_NR);
      acc[r][1] = *(const v16*)(tile + r * PIRC_NR + 16);
    }
  }
  if (nv == 2) {
    for (int64_t k = 0; k < kc; k++) {
      v16 b0 = *(const v16*)(bp + k * PIRC_NR), b1 = *(const v16*)(bp + k * PIRC_NR + 16);
      for (int r = 0; r < PIRC_MR; r++) {
        v16 av = pirc_splat16(ar[r][k]);
        acc[r][0] = PIRC_FMA(av, b0, acc[r][0]);
        acc[r][1] = PIRC_FMA(av, b1, acc[r][1]);
      }
    }
  } else {   /* a tail of at most 16 columns: half the products (lanes 16..31 stay as they were) */
    for (int64_t k = 0; k < kc; k++) {
      v16 b0 = *(const v16*)(bp + k * PIRC_NR);
      for (int r = 0; r < PIRC_MR; r++) acc[r][0] = PIRC_FMA(pirc_splat16(ar[r][k]), b0, acc[r][0]);
    }
  }
  if (nr == PIRC_NR && (!last || (e->bcol == 0 && e->act <= 3))) {   /* full tile: the epilogue in registers */
    for (int64_t r = 0; r < mr; r++) {
      v16 c0 = acc[r][0], c1 = acc[r][1];
      if (last) {
        if (e->brow != 0) {
          v16 bv = pirc_splat16(e->brow[m + r]);
          c0 = c0 + bv;
          c1 = c1 + bv;
        }
        if (e->r != 0) {
          const float* rr = e->r + (m + r) * e->ldr + n;
          c0 = c0 + *(const v16u*)rr;
          c1 = c1 + *(const v16u*)(rr + 16);
        }
        c0 = pirc_act16(c0, e->act);
        c1 = pirc_act16(c1, e->act);
      }
      *(v16u*)(c + r * ldc) = c0;
      *(v16u*)(c + r * ldc + 16) = c1;
    }
    return;
  }
  for (int r = 0; r < PIRC_MR; r++) {
    *(v16*)(tile + r * PIRC_NR) = acc[r][0];
    *(v16*)(tile + r * PIRC_NR + 16) = acc[r][1];
  }
  for (int64_t r = 0; r < mr; r++) {
    float* t = tile + r * PIRC_NR;
    if (last) {
      if (nr == PIRC_NR)
        pirc_tile_epilogue(t, PIRC_NR, e, m + r, n);   /* a constant count: the loops vectorise fully */
      else
        pirc_tile_epilogue(t, nr, e, m + r, n);
    }
    memcpy(c + r * ldc, t, sizeof(float) * (size_t)nr);
  }
}

/* The MR x NR tile at (m, n): the two-vector kernel, or the one-vector one for a tail of <= 16 columns */
static void pirc_kernel(int64_t kc, const float* restrict a, int64_t lda, int64_t mr, const float* restrict bp,
                        float* restrict c, int64_t ldc, int64_t nr, int first, int last, const pirc_epi* e,
                        int64_t m, int64_t n)
{
  if (nr > 16)
    pirc_kernel_nv(kc, a, lda, mr, bp, c, ldc, nr, first, last, e, m, n, 2);
  else
    pirc_kernel_nv(kc, a, lda, mr, bp, c, ldc, nr, first, last, e, m, n, 1);
}

/* C[m0:m1, n0:n1] of C = A @ B, A: [M, K] row stride lda; one thread; returns nonzero without memory.
   For each MR rows of A (read in place: MR rows x KC in L1), the packed B panel (KC x NC, in L2)
   streams past once, and C is written a row-contiguous MR x NC block at a time.  Measured against the
   other order (B's sliver in L1, A's rows streaming past it), on the zoo's shapes: never slower, and
   0.6-0.9x the time where K is small or N large (MobileNetV2's 16->96 on 112x112 0.70x, ResNet's
   64->256 on 56x56 0.67x, 256->128 0.83x). */
static int pirc_gemm_block(const float* a, int64_t lda, const pirc_bsrc* bs, float* c, int64_t ldc, int64_t K,
                           int64_t m0, int64_t m1, int64_t n0, int64_t n1, const pirc_epi* e)
{
  int64_t kcmax = K < PIRC_KC ? K : PIRC_KC;
  float* bp = pirc_nn_scratch(0, (size_t)(kcmax * (PIRC_NC + PIRC_NR)));
  if (bp == 0) return -2;
  for (int64_t jc = n0; jc < n1; jc += PIRC_NC) {
    int64_t nc = n1 - jc < PIRC_NC ? n1 - jc : PIRC_NC;
    for (int64_t pc = 0; pc < K; pc += PIRC_KC) {
      int64_t kc = K - pc < PIRC_KC ? K - pc : PIRC_KC;
      int first = pc == 0, last = pc + kc >= K;
      pirc_pack_b(bs, pc, kc, jc, nc, bp);
      for (int64_t ic = m0; ic < m1; ic += PIRC_MC) {
        int64_t mc = m1 - ic < PIRC_MC ? m1 - ic : PIRC_MC;
        for (int64_t is = 0; is < mc; is += PIRC_MR) {
          int64_t mr = mc - is < PIRC_MR ? mc - is : PIRC_MR;
          for (int64_t js = 0; js < nc; js += PIRC_NR) {
            int64_t nr = nc - js < PIRC_NR ? nc - js : PIRC_NR, m = ic + is, n = jc + js;
            pirc_kernel(kc, a + m * lda + pc, lda, mr, bp + (js / PIRC_NR) * kc * PIRC_NR, c + m * ldc + n, ldc, nr,
                        first, last, e, m, n);
          }
        }
      }
    }
  }
  return 0;
}

/* one GEMM problem of a batch: C_p = A_p @ B_p with its epilogue */
typedef struct {
  const float* a;
  int64_t lda;
  pirc_bsrc b;
  float* c;
  int64_t ldc;
  pirc_epi e;
} pirc_problem;

typedef void (*pirc_problem_fn)(const void* ctx, int64_t p, pirc_problem* out);

/* P problems of the same M, N, K, split into tiles of whole columns groups (PIRC_NR-aligned) and rows
   (PIRC_MR-aligned), the tiles shared between up to nt threads */
static int pirc_gemm_batch(pirc_problem_fn get, const void* ctx, int64_t P, int64_t M, int64_t N, int64_t K, int nt)
{
  if (P <= 0 || M <= 0 || N <= 0) return 0;
  double flops = 2.0 * (double)P * (double)M * (double)N * (double)K;
  if (nt < 1 || flops < PIRC_PAR_FLOPS) nt = 1;
  (void)nt;   /* unused without OpenMP */
  /* tiles: aim at 4 per thread (balance) but no thinner than one sliver */
  int64_t want = nt > 1 ? 4 * (int64_t)nt : 1;
  int64_t pn = 1, pm = 1;
  if (P < want) {
    int64_t per = (want + P - 1) / P;
    int64_t slivers = (N + PIRC_NR - 1) / PIRC_NR;
    pn = per < slivers ? per : slivers;
    int64_t rest = (per + pn - 1) / pn;
    int64_t mslivers = (M + PIRC_MR - 1) / PIRC_MR;
    pm = rest < mslivers ? rest : mslivers;
  }
  int64_t nchunk = ((N + PIRC_NR - 1) / PIRC_NR + pn - 1) / pn * PIRC_NR;
  int64_t mchunk = ((M + PIRC_MR - 1) / PIRC_MR + pm - 1) / pm * PIRC_MR;
  pn = (N + nchunk - 1) / nchunk;
  pm = (M + mchunk - 1) / mchunk;
  int64_t tasks = P * pn * pm;
  int failed = 0;
  #pragma omp parallel for schedule(static) num_threads(nt) if (nt > 1 && tasks > 1)
  for (int64_t t = 0; t < tasks; t++) {
    pirc_problem pr;
    int64_t p = t / (pn * pm), tn = t / pm % pn, tm = t % pm;
    get(ctx, p, &pr);
    int64_t n0 = tn * nchunk, n1 = n0 + nchunk < N ? n0 + nchunk : N;
    int64_t m0 = tm * mchunk, m1 = m0 + mchunk < M ? m0 + mchunk : M;
    if (pirc_gemm_block(pr.a, pr.lda, &pr.b, pr.c, pr.ldc, K, m0, m1, n0, n1, &pr.e) != 0) {
      #pragma omp atomic write
      failed = 1;
    }
  }
  return failed ? -2 : 0;
}
