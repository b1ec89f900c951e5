/* pirc's NN kernel library: convolution, pooling and fully connected layers (see nnlib.h, the ABI).

   Built once per toolchain through pirc's kernel cache (pirc/runtime/nn/lib.py) with the C
   backend's flags (-O3, -ffp-contract=off, -fopenmp, -march=x86-64-v4 on AVX-512 machines...).

   GEMM: C[M, N] = A[M, K] @ B[K, N] (row-major), blocked as BLIS does: for each KC x NC panel of
   B packed into NR-wide slivers (for a convolution B is the virtual im2col matrix, gathered from
   the input straight into the panel: no im2col buffer), each MC x KC panel of A packed into MR-tall
   slivers, an MR x NR register tile accumulates over the panel's KC products.  The tile starts from
   0 on the first K panel and from C afterwards, so every output sums k = 0..K-1 in order whatever
   the blocking or the thread count; the epilogue (bias, residual, activation) is applied on the last
   K panel while the tile is in registers / L1.  Threads split the output into tiles (groups of
   columns, then of rows), each computed whole by one thread. */
#define _POSIX_C_SOURCE 200112L
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#if defined(__AVX512F__) || defined(__FMA__)
#include <immintrin.h>
#endif

#include "nnlib.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"   /* 64-byte vectors between static functions, without AVX-512 */
#endif

int pirc_nn_abi_version(void) { return PIRC_NN_ABI_VERSION; }

/* Work below which a call runs on the calling thread whatever nt (floating-point operations; the
   memory-bound kernels, depthwise conv and pooling, at an eighth of it).  Opening a team costs the
   hand-off to the workers: ~1 us while they spin between the calls of one run (pirc's default wait
   policy, a short spin: pirc/runtime/threads.py), a futex wake-up of ~10-20 us once they sleep.
   Measured on AOT runs of the zoo with the short spin: 1 MFLOP against 20 MFLOP took MobileNetV2
   from ~11 ms to ~8, ShuffleNetV2 from ~7.5 to ~4; 0.3 and 3 MFLOP were within the noise of 1. */
#ifndef PIRC_PAR_FLOPS
#define PIRC_PAR_FLOPS 1.0e6
#endif

/* ------------------------------------------------------------------------------------------------
   scratch: one growing buffer per thread and slot
   ------------------------------------------------------------------------------------------------ */
#define PIRC_NN_SLOTS 3
static __thread float* pirc_nn_buf[PIRC_NN_SLOTS];
static __thread size_t pirc_nn_cap[PIRC_NN_SLOTS];

static float* pirc_nn_scratch(int slot, size_t n)
{
  if (pirc_nn_cap[slot] < n) {
    void* p = 0;
    free(pirc_nn_buf[slot]);
    pirc_nn_buf[slot] = 0;
    pirc_nn_cap[slot] = 0;
    size_t want = n + n / 4 + 64;
    if (posix_memalign(&p, 64, sizeof(float) * want) != 0) return 0;
    pirc_nn_buf[slot] = (float*)p;
    pirc_nn_cap[slot] = want;
  }
  return pirc_nn_buf[slot];
}

/* ------------------------------------------------------------------------------------------------
   activations
   ------------------------------------------------------------------------------------------------ */
static int pirc_nn_act_ok(int64_t act) { return act >= 0 && act <= 5; }

static inline float pirc_nn_act1(float v, int act)
{
  switch (act) {
  case 1:
    return v > 0.0f ? v : 0.0f;
  case 2: {
    float u = v < 0.0f ? 0.0f : v;
    return u > 6.0f ? 6.0f : u;
  }
  case 3: {
    float t = v + 3.0f;
    t = t < 0.0f ? 0.0f : t;
    t = t > 6.0f ? 6.0f : t;
    return v * t / 6.0f;
  }
  case 4:
    return v / (1.0f + expf(-v));
  case 5: {
    float t = v * 0.1666667f;
    t = t + 0.5f;
    t = t > 1.0f ? 1.0f : t;
    return t < 0.0f ? 0.0f : t;
  }
  default:
    return v;
  }
}

/* y[k] = act(y[k]) over n values, vectorisable per case */
static void pirc_nn_act_row(float* restrict y, int64_t n, int act)
{
  switch (act) {
  case 1:
    for (int64_t k = 0; k < n; k++) y[k] = y[k] > 0.0f ? y[k] : 0.0f;
    break;
  case 2:
    for (int64_t k = 0; k < n; k++) {
      float v = y[k] < 0.0f ? 0.0f : y[k];
      y[k] = v > 6.0f ? 6.0f : v;
    }
    break;
  case 3:
    for (int64_t k = 0; k < n; k++) {
      float v = y[k], t = v + 3.0f;
      t = t < 0.0f ? 0.0f : t;
      t = t > 6.0f ? 6.0f : t;
      y[k] = v * t / 6.0f;
    }
    break;
  case 0:
    break;
  default:
    for (int64_t k = 0; k < n; k++) y[k] = pirc_nn_act1(y[k], act);
    break;
  }
}

/* the conv epilogue on n outputs of one channel: y = act((y + *b) + r) (b, r may be NULL) */
static void pirc_nn_epilogue(float* restrict y, int64_t n, const float* b, const float* restrict r, int act)
{
  if (b != 0) {
    float bv = *b;
    if (r != 0) {
      for (int64_t k = 0; k < n; k++) y[k] = (y[k] + bv) + r[k];
    } else {
      for (int64_t k = 0; k < n; k++) y[k] = y[k] + bv;
    }
  } else if (r != 0) {
    for (int64_t k = 0; k < n; k++) y[k] = y[k] + r[k];
  }
  pirc_nn_act_row(y, n, act);
}

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

/* ------------------------------------------------------------------------------------------------
   matrix-vector products (GEMV): one output column (conv on a 1x1 plane: SE blocks) or a few rows (fc
   with a small batch), where the GEMM's MR x NR tiles would be mostly padding and its packing would
   copy the whole weight for one use
   ------------------------------------------------------------------------------------------------ */

/* sum_k a[k] * x[k]: 64 lanes of partial sums (4 x 16, k in steps of 64, then 16), added in a fixed
   tree, then the last K % 16 products in order: an order fixed by K alone */
static float pirc_dot(const float* restrict a, const float* restrict x, int64_t K)
{
  v16 s0 = pirc_splat16(0.0f), s1 = s0, s2 = s0, s3 = s0;
  int64_t k = 0;
  for (; k + 64 <= K; k += 64) {
    s0 = PIRC_FMA(*(const v16u*)(a + k), *(const v16u*)(x + k), s0);
    s1 = PIRC_FMA(*(const v16u*)(a + k + 16), *(const v16u*)(x + k + 16), s1);
    s2 = PIRC_FMA(*(const v16u*)(a + k + 32), *(const v16u*)(x + k + 32), s2);
    s3 = PIRC_FMA(*(const v16u*)(a + k + 48), *(const v16u*)(x + k + 48), s3);
  }
  for (; k + 16 <= K; k += 16) s0 = PIRC_FMA(*(const v16u*)(a + k), *(const v16u*)(x + k), s0);
  v16 t = (s0 + s1) + (s2 + s3);
  float l[16];
  memcpy(l, &t, sizeof l);
  for (int w = 8; w >= 1; w /= 2)
    for (int i = 0; i < w; i++) l[i] = l[i] + l[i + w];
  float tail = 0.0f;
  for (; k < K; k++) tail = fmaf(a[k], x[k], tail);
  return l[0] + tail;
}

/* y[o] = act(((dot(A[o, :], x) + brow[o]) + r[o]) for o in [0, M) of P problems (A row stride lda) */
static int pirc_gemv_col(pirc_problem_fn get, const void* ctx, int64_t P, int64_t M, int64_t K, int nt)
{
  int64_t blk = 16, nb = (M + blk - 1) / blk, tasks = P * nb;
  if (2.0 * (double)P * (double)M * (double)K < PIRC_PAR_FLOPS) nt = 1;
  (void)nt;
  #pragma omp parallel for schedule(static) num_threads(nt) if (nt > 1 && tasks > 1)
  for (int64_t t = 0; t < tasks; t++) {
    pirc_problem pr;
    get(ctx, t / nb, &pr);
    int64_t o0 = t % nb * blk, o1 = o0 + blk < M ? o0 + blk : M;
    for (int64_t o = o0; o < o1; o++) {
      float v = pirc_dot(pr.a + o * pr.lda, pr.b.x, K);
      if (pr.e.brow != 0) v = v + pr.e.brow[o];
      if (pr.e.r != 0) v = v + pr.e.r[o * pr.e.ldr];
      pr.c[o * pr.ldc] = pirc_nn_act1(v, pr.e.act);
    }
  }
  return 0;
}

/* y[m, :] = act((x[m, :] @ w) + b) for m < M <= 4: the columns in chunks of PIRC_FC_COLS; a chunk sweeps
   the rows of w in order reading each row's part contiguously (w streams from memory once, in order:
   a chunk of 64 columns read every row at a stride of N floats, one cache line per row and page, and
   ran at a fifth of the memory bandwidth), its partial sums in a small buffer; each output sums over k
   in order (fused multiply-adds) */
#define PIRC_FC_COLS 256
#define PIRC_FC_AHEAD 4
static int pirc_fc_smallm(const float* restrict x, const float* restrict w, const float* restrict b,
                          float* restrict y, int64_t M, int64_t K, int64_t N, int act, int nt)
{
  int64_t nb = (N + PIRC_FC_COLS - 1) / PIRC_FC_COLS;
  if (2.0 * (double)M * (double)N * (double)K < PIRC_PAR_FLOPS) nt = 1;
  (void)nt;
  #pragma omp parallel for schedule(static) num_threads(nt) if (nt > 1 && nb > 1)
  for (int64_t t = 0; t < nb; t++) {
    int64_t n0 = t * PIRC_FC_COLS, nn = N - n0 < PIRC_FC_COLS ? N - n0 : PIRC_FC_COLS;
    int64_t nv = nn / 16, rem = nn % 16;
    if (M == 1 && rem == 0 && nv == PIRC_FC_COLS / 16) {   /* a whole chunk of one row: sums in registers */
      v16 r[PIRC_FC_COLS / 16];
      for (int q = 0; q < PIRC_FC_COLS / 16; q++) r[q] = pirc_splat16(0.0f);
      for (int64_t k = 0; k < K; k++) {
        const float* restrict wr = w + k * N + n0;
        if (k + PIRC_FC_AHEAD < K)
          for (int q = 0; q < PIRC_FC_COLS; q += 16) __builtin_prefetch(wr + PIRC_FC_AHEAD * N + q, 0, 0);
        const v16 xv = pirc_splat16(x[k]);
        for (int q = 0; q < PIRC_FC_COLS / 16; q++) r[q] = PIRC_FMA(xv, *(const v16u*)(wr + 16 * q), r[q]);
      }
      memcpy(y + n0, r, sizeof r);
      if (b != 0)
        for (int64_t q = 0; q < nn; q++) y[n0 + q] = y[n0 + q] + b[n0 + q];
      pirc_nn_act_row(y + n0, nn, act);
      continue;
    }
    v16 acc[4][PIRC_FC_COLS / 16];
    for (int64_t m = 0; m < M; m++)
      for (int64_t q = 0; q < PIRC_FC_COLS / 16; q++) acc[m][q] = pirc_splat16(0.0f);
    for (int64_t k = 0; k < K; k++) {
      const float* restrict wr = w + k * N + n0;
      if (k + PIRC_FC_AHEAD < K)   /* w streams from memory: ask for the row PIRC_FC_AHEAD ahead */
        for (int64_t q = 0; q < nn; q += 16) __builtin_prefetch(wr + PIRC_FC_AHEAD * N + q, 0, 0);
      for (int64_t m = 0; m < M; m++) {
        const v16 xv = pirc_splat16(x[m * K + k]);
        v16* am = acc[m];
        for (int64_t q = 0; q < nv; q++) am[q] = PIRC_FMA(xv, *(const v16u*)(wr + 16 * q), am[q]);
        if (rem) {   /* the last nn % 16 columns: the lanes past them stay 0 and are never stored */
          float l[16] = {0};
          memcpy(l, wr + 16 * nv, sizeof(float) * (size_t)rem);
          v16 wv;
          memcpy(&wv, l, sizeof wv);
          am[nv] = PIRC_FMA(xv, wv, am[nv]);
        }
      }
    }
    for (int64_t m = 0; m < M; m++) {
      float* yr = y + m * N + n0;
      memcpy(yr, acc[m], sizeof(float) * (size_t)nn);
      if (b != 0)
        for (int64_t q = 0; q < nn; q++) yr[q] = yr[q] + b[n0 + q];
      pirc_nn_act_row(yr, nn, act);
    }
  }
  return 0;
}

/* ------------------------------------------------------------------------------------------------
   convolution
   ------------------------------------------------------------------------------------------------ */
typedef struct {
  const int64_t* d;
  const float *x, *w, *b, *r;
  float* y;
} pirc_conv_ctx;

static void pirc_conv_problem(const void* vctx, int64_t p, pirc_problem* out)
{
  const pirc_conv_ctx* cx = (const pirc_conv_ctx*)vctx;
  const int64_t* d = cx->d;
  int64_t C = d[1], H = d[2], W = d[3], O = d[4], KH = d[5], KW = d[6], OH = d[7], OW = d[8], G = d[15];
  int64_t n = p / G, g = p % G, cg = C / G, og = O / G;
  int64_t pointwise = KH == 1 && KW == 1 && d[9] == 1 && d[10] == 1 && d[11] == 0 && d[12] == 0 && OH == H && OW == W;
  out->a = cx->w + g * og * cg * KH * KW;
  out->lda = cg * KH * KW;
  out->b.x = cx->x + (n * C + g * cg) * H * W;
  out->b.ldb = H * W;
  out->b.conv = !pointwise;
  out->b.H = H; out->b.W = W; out->b.KH = KH; out->b.KW = KW; out->b.OW = OW;
  out->b.sh = d[9]; out->b.sw = d[10]; out->b.ph = d[11]; out->b.pw = d[12]; out->b.dh = d[13]; out->b.dw = d[14];
  out->c = cx->y + (n * O + g * og) * OH * OW;
  out->ldc = OH * OW;
  out->e.brow = cx->b != 0 ? cx->b + g * og : 0;
  out->e.bcol = 0;
  out->e.r = cx->r != 0 ? cx->r + (n * O + g * og) * OH * OW : 0;
  out->e.ldr = OH * OW;
  out->e.act = (int)d[16];
}

#define PIRC_DW_CHUNK 128   /* outputs per register block: 8 vectors of 16 */

/* 16 * nv outputs from flat position 0 of src over the taps in order, multiply then add (nv a constant
   where inlined: the accumulators stay in registers) */
static inline __attribute__((always_inline)) void pirc_dw_block(const float* restrict src, const int64_t* restrict toff,
                                                                const float* restrict wc, int64_t taps, const int nv,
                                                                float* restrict out)
{
  v16 acc[PIRC_DW_CHUNK / 16];
  for (int v = 0; v < nv; v++) acc[v] = pirc_splat16(0.0f);
  for (int64_t k = 0; k < taps; k++) {
    const float* s = src + toff[k];
    v16 wv = pirc_splat16(wc[k]);
    for (int v = 0; v < nv; v++) acc[v] = acc[v] + wv * *(const v16u*)(s + 16 * v);
  }
  for (int v = 0; v < nv; v++) *(v16u*)(out + 16 * v) = acc[v];
}

/* Depthwise conv (groups == C, one input channel per group, mult = O / C outputs per channel) with its
   epilogue.  Each input plane is copied once, zero-padded, into a per-thread buffer split by row and
   column phase (padded row r'*sh + rp, column q*sw + cp at buf[rp][cp][r'][q], QW columns a row), so
   that output (oh, ow) of filter tap (i, j) reads buf[phase of the tap][oh + i*dh/sh][ow + j*dw/sw]:
   over the flat index p = oh*QW + ow every tap is one contiguous, shifted read of the buffer.  The
   outputs are computed 32, 64 or PIRC_DW_CHUNK flat positions at a time in registers (the smaller
   blocks for small planes), summing the taps in (i, j) order (multiply, then add), the QW - OW
   positions past each row's end dropped; the epilogue then runs over the channel's plane while it
   is in cache. */
static int pirc_dwconv(const float* restrict x, const float* restrict w, const float* restrict b,
                       const float* restrict r, float* restrict y, int64_t N, int64_t C, int64_t H, int64_t W,
                       int64_t KH, int64_t KW, int64_t OH, int64_t OW, int64_t sh, int64_t sw, int64_t ph, int64_t pw,
                       int64_t dh, int64_t dw, int64_t mult, int act, int nt)
{
  int64_t OC = C * mult;
  int64_t HP = (OH - 1) * sh + (KH - 1) * dh + 1, WP = (OW - 1) * sw + (KW - 1) * dw + 1;
  int64_t HQ = (HP + sh - 1) / sh, QW = (WP + sw - 1) / sw;
  int64_t phase = HQ * QW, P = OH * QW;
  int64_t slack = PIRC_DW_CHUNK + 2 * QW + 64;
  int64_t taps = KH * KW;
  int failed = 0;
  if (2.0 * (double)(N * OC * OH * OW * KH * KW) < PIRC_PAR_FLOPS / 8) nt = 1;
  (void)nt;
  #pragma omp parallel num_threads(nt) if (nt > 1)
  {
    float* buf = pirc_nn_scratch(0, (size_t)(sh * sw * phase + slack));
    int64_t* toff = (int64_t*)malloc(sizeof(int64_t) * (size_t)taps);
    int64_t filled = -1;
    if (buf == 0 || toff == 0) {
      #pragma omp atomic write
      failed = 1;
    } else {
      for (int64_t i = 0; i < KH; i++)
        for (int64_t j = 0; j < KW; j++)
          toff[i * KW + j] = ((i * dh % sh) * sw + j * dw % sw) * phase + (i * dh / sh) * QW + j * dw / sw;
      memset(buf + sh * sw * phase, 0, sizeof(float) * (size_t)slack);
    }
    #pragma omp for schedule(static)
    for (int64_t t = 0; t < N * OC; t++) {
      if (buf == 0 || toff == 0) continue;
      int64_t n = t / OC, oc = t % OC, plane = n * C + oc / mult;
      const float* wc = w + oc * taps;
      float* yc = y + t * OH * OW;
      if (plane != filled) {
        const float* xc = x + plane * H * W;
        for (int64_t rp = 0; rp < sh; rp++)
          for (int64_t cp = 0; cp < sw; cp++)
            for (int64_t rq = 0; rq < HQ; rq++) {
              float* dst = buf + (rp * sw + cp) * phase + rq * QW;
              int64_t ih = rq * sh + rp - ph;
              if (ih < 0 || ih >= H) {
                memset(dst, 0, sizeof(float) * (size_t)QW);
                continue;
              }
              const float* xr = xc + ih * W;
              int64_t off = cp - pw;   /* iw = q * sw + off */
              int64_t lo = off >= 0 ? 0 : (-off + sw - 1) / sw;
              int64_t hi = W - 1 - off >= 0 ? (W - 1 - off) / sw + 1 : 0;
              if (hi > QW) hi = QW;
              if (lo > hi) lo = hi;
              for (int64_t q = 0; q < lo; q++) dst[q] = 0.0f;
              if (sw == 1) {
                if (hi > lo) memcpy(dst + lo, xr + lo + off, sizeof(float) * (size_t)(hi - lo));
              } else if (sw == 2) {   /* a constant stride: vectorised (even / odd lanes) */
                const float* xs = xr + off;
                for (int64_t q = lo; q < hi; q++) dst[q] = xs[2 * q];
              } else {
                for (int64_t q = lo; q < hi; q++) dst[q] = xr[q * sw + off];
              }
              for (int64_t q = hi; q < QW; q++) dst[q] = 0.0f;
            }
        filled = plane;
      }
      int64_t chunk = P <= 32 ? 32 : P <= 64 ? 64 : PIRC_DW_CHUNK;   /* small planes: fewer wasted lanes */
      for (int64_t p0 = 0; p0 < P; p0 += chunk) {
        float tmp[PIRC_DW_CHUNK] __attribute__((aligned(64)));
        if (chunk == 32)
          pirc_dw_block(buf + p0, toff, wc, taps, 2, tmp);
        else if (chunk == 64)
          pirc_dw_block(buf + p0, toff, wc, taps, 4, tmp);
        else
          pirc_dw_block(buf + p0, toff, wc, taps, PIRC_DW_CHUNK / 16, tmp);
        /* the chunk's valid outputs: row oh's columns [0, OW) at flat [oh*QW, oh*QW + OW) */
        int64_t p1 = p0 + chunk < P ? p0 + chunk : P;
        for (int64_t oh = p0 / QW; oh * QW < p1; oh++) {
          int64_t a = oh * QW > p0 ? oh * QW : p0, e = oh * QW + OW < p1 ? oh * QW + OW : p1;
          if (e > a) memcpy(yc + oh * OW + (a - oh * QW), tmp + (a - p0), sizeof(float) * (size_t)(e - a));
        }
      }
      pirc_nn_epilogue(yc, OH * OW, b != 0 ? b + oc : 0, r != 0 ? r + t * OH * OW : 0, act);
    }
    free(toff);
  }
  return failed ? -2 : 0;
}

int pirc_nn_conv2d_f32(const int64_t* d, const float* x, const float* w, const float* b, const float* r,
                       float* y, int nt)
{
  int64_t N = d[0], C = d[1], H = d[2], W = d[3], O = d[4], KH = d[5], KW = d[6], OH = d[7], OW = d[8];
  int64_t sh = d[9], sw = d[10], ph = d[11], pw = d[12], dh = d[13], dw = d[14], G = d[15], act = d[16];
  if (N < 0 || C < 1 || H < 1 || W < 1 || O < 1 || KH < 1 || KW < 1 || OH < 0 || OW < 0 || sh < 1 || sw < 1 ||
      ph < 0 || pw < 0 || dh < 1 || dw < 1 || G < 1 || C % G != 0 || O % G != 0 || !pirc_nn_act_ok(act))
    return 1;
  if (N == 0 || OH == 0 || OW == 0) return 0;
  if (G == C && G > 1)
    return pirc_dwconv(x, w, b, r, y, N, C, H, W, KH, KW, OH, OW, sh, sw, ph, pw, dh, dw, O / C, (int)act, nt);
  pirc_conv_ctx cx = {d, x, w, b, r, y};
  if (H == 1 && W == 1 && OH == 1 && OW == 1 && KH == 1 && KW == 1 && ph == 0 && pw == 0)   /* a 1x1 plane */
    return pirc_gemv_col(pirc_conv_problem, &cx, N * G, O / G, C / G, nt);
  return pirc_gemm_batch(pirc_conv_problem, &cx, N * G, O / G, OH * OW, (C / G) * KH * KW, nt);
}

/* ------------------------------------------------------------------------------------------------
   fully connected
   ------------------------------------------------------------------------------------------------ */
typedef struct {
  const int64_t* d;
  const float *x, *w, *b;
  float* y;
} pirc_fc_ctx;

static void pirc_fc_problem(const void* vctx, int64_t p, pirc_problem* out)
{
  const pirc_fc_ctx* cx = (const pirc_fc_ctx*)vctx;
  int64_t K = cx->d[1], N = cx->d[2];
  (void)p;
  memset(out, 0, sizeof *out);
  out->a = cx->x;
  out->lda = K;
  out->b.x = cx->w;
  out->b.ldb = N;
  out->b.conv = 0;
  out->c = cx->y;
  out->ldc = N;
  out->e.bcol = cx->b;
  out->e.act = (int)cx->d[3];
}

int pirc_nn_fc_f32(const int64_t* d, const float* x, const float* w, const float* b, float* y, int nt)
{
  int64_t M = d[0], K = d[1], N = d[2], act = d[3];
  if (M < 0 || K < 1 || N < 0 || !pirc_nn_act_ok(act)) return 1;
  if (M == 0 || N == 0) return 0;
  if (M <= 4) return pirc_fc_smallm(x, w, b, y, M, K, N, (int)act, nt);
  pirc_fc_ctx cx = {d, x, w, b, y};
  return pirc_gemm_batch(pirc_fc_problem, &cx, 1, M, N, K, nt);
}

/* ------------------------------------------------------------------------------------------------
   pooling
   ------------------------------------------------------------------------------------------------ */
/* a plane's sum in double: 8 interleaved partial sums (element k into lane k % 8), added in a fixed
   tree, then the last n % 8 elements in order */
static double pirc_sum_plane(const float* restrict x, int64_t n)
{
  double l[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  int64_t k = 0;
  for (; k + 8 <= n; k += 8)
    for (int i = 0; i < 8; i++) l[i] += (double)x[k + i];
  double s = ((l[0] + l[4]) + (l[2] + l[6])) + ((l[1] + l[5]) + (l[3] + l[7]));
  for (; k < n; k++) s += (double)x[k];
  return s;
}

/* max over the window rows [h0, h1) of outputs [o0, o0 + 16) of one row, every window inside the row
   horizontally: the taps in (row, column) order, m = m > v ? m : v, 16 outputs at a time (constant
   strides 1 and 2 vectorise) */
static void pirc_maxpool16(const float* restrict xc, int64_t W, int64_t h0, int64_t h1, int64_t KW, int64_t sw,
                           int64_t base, float* restrict out)
{
  float m[16];
  for (int l = 0; l < 16; l++) m[l] = -3.402823466e+38f;
  for (int64_t ih = h0; ih < h1; ih++) {
    const float* xr = xc + ih * W + base;   /* base: the first output's window start */
    for (int64_t j = 0; j < KW; j++) {
      if (sw == 1) {
        for (int l = 0; l < 16; l++) {
          float v = xr[l + j];
          m[l] = m[l] > v ? m[l] : v;
        }
      } else if (sw == 2) {
        for (int l = 0; l < 16; l++) {
          float v = xr[2 * l + j];
          m[l] = m[l] > v ? m[l] : v;
        }
      } else {
        for (int l = 0; l < 16; l++) {
          float v = xr[l * sw + j];
          m[l] = m[l] > v ? m[l] : v;
        }
      }
    }
  }
  memcpy(out, m, sizeof m);
}

int pirc_nn_pool2d_f32(const int64_t* d, const float* x, float* y, int nt)
{
  int64_t N = d[0], C = d[1], H = d[2], W = d[3], OH = d[4], OW = d[5], KH = d[6], KW = d[7];
  int64_t sh = d[8], sw = d[9], ph = d[10], pw = d[11], kind = d[12], excl = d[13];
  if (N < 0 || C < 0 || H < 1 || W < 1 || OH < 0 || OW < 0 || KH < 1 || KW < 1 || sh < 1 || sw < 1 || ph < 0 ||
      pw < 0 || (kind != 0 && kind != 1) || (excl != 0 && excl != 1))
    return 1;
  int64_t NC = N * C;
  if (NC == 0 || OH == 0 || OW == 0) return 0;
  if ((double)(NC * OH * OW * KH * KW) < PIRC_PAR_FLOPS / 8) nt = 1;
  (void)nt;
  int global = kind == 1 && KH == H && KW == W && OH == 1 && OW == 1 && ph == 0 && pw == 0;
  /* outputs [olo, ohi) of a row have their windows inside the row horizontally */
  int64_t olo = (pw + sw - 1) / sw, ohi = W - KW + pw >= 0 ? (W - KW + pw) / sw + 1 : 0;
  if (ohi > OW) ohi = OW;
  if (olo > ohi) olo = ohi;
  #pragma omp parallel for schedule(static) num_threads(nt) if (nt > 1)
  for (int64_t t = 0; t < NC; t++) {
    const float* xc = x + t * H * W;
    float* yc = y + t * OH * OW;
    if (global) {
      yc[0] = (float)(pirc_sum_plane(xc, H * W) / (double)(H * W));
      continue;
    }
    for (int64_t oh = 0; oh < OH; oh++) {
      int64_t hs = oh * sh - ph, h0 = hs, h1 = hs + KH;
      if (h0 < 0) h0 = 0;
      if (h1 > H) h1 = H;
      int64_t ow = 0;
      while (ow < OW) {
        if (kind == 0 && ow >= olo && ow + 16 <= ohi) {
          pirc_maxpool16(xc, W, h0, h1, KW, sw, ow * sw - pw, yc + oh * OW + ow);
          ow += 16;
          continue;
        }
        int64_t ws = ow * sw - pw, w0 = ws, w1 = ws + KW;
        if (w0 < 0) w0 = 0;
        if (w1 > W) w1 = W;
        if (kind == 0) {
          float m = -3.402823466e+38f;
          for (int64_t ih = h0; ih < h1; ih++)
            for (int64_t iw = w0; iw < w1; iw++) {
              float v = xc[ih * W + iw];
              m = m > v ? m : v;
            }
          yc[oh * OW + ow] = m;
        } else {
          double s = 0.0;   /* in double: the window's sum rounded once, whatever its size */
          for (int64_t ih = h0; ih < h1; ih++)
            for (int64_t iw = w0; iw < w1; iw++) s += (double)xc[ih * W + iw];
          double cnt;
          if (excl) {
            cnt = (double)((h1 > h0 ? h1 - h0 : 0) * (w1 > w0 ? w1 - w0 : 0));
          } else {
            int64_t he = hs + KH < H + ph ? hs + KH : H + ph, we = ws + KW < W + pw ? ws + KW : W + pw;
            cnt = (double)((he - hs) * (we - ws));
          }
          yc[oh * OW + ow] = (float)(s / cnt);
        }
        ow++;
      }
    }
  }
  return 0;
}
