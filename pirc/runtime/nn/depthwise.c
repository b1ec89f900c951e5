/* ------------------------------------------------------------------------------------------------
   depthwise convolution (groups == input channels): two strategies, chosen by pirc_depthwise
   ------------------------------------------------------------------------------------------------ */
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

/* Depthwise conv, one plane at a time (groups == C, one input channel per group, mult = O / C outputs per channel) with its
   epilogue.  Each input plane is copied once, zero-padded, into a per-thread buffer split by row and
   column phase (padded row r'*sh + rp, column q*sw + cp at buf[rp][cp][r'][q], QW columns a row), so
   that output (oh, ow) of filter tap (i, j) reads buf[phase of the tap][oh + i*dh/sh][ow + j*dw/sw]:
   over the flat index p = oh*QW + ow every tap is one contiguous, shifted read of the buffer.  The
   outputs are computed 32, 64 or PIRC_DW_CHUNK flat positions at a time in registers (the smaller
   blocks for small planes), summing the taps in (i, j) order (multiply, then add), the QW - OW
   positions past each row's end dropped; the epilogue then runs over the channel's plane while it
   is in cache. */
static int pirc_dw_planes(const float* restrict x, const float* restrict w, const float* restrict b,
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


#if defined(__AVX512F__)
#define PIRC_DW_LANES 1
#define PIRC_DW_MAX_TAPS 64
#ifndef PIRC_DW_LANES_MAX
#define PIRC_DW_LANES_MAX (1 << 30)
#endif

/* r[0..15] <- its transpose (row i of the 16x16 block becomes column i) */
static inline __attribute__((always_inline)) void pirc_tr16(__m512 r[16])
{
  __m512 t[16];
  for (int i = 0; i < 8; i++) {
    t[2 * i] = _mm512_unpacklo_ps(r[2 * i], r[2 * i + 1]);
    t[2 * i + 1] = _mm512_unpackhi_ps(r[2 * i], r[2 * i + 1]);
  }
  for (int i = 0; i < 4; i++) {
    r[4 * i] = _mm512_shuffle_ps(t[4 * i], t[4 * i + 2], _MM_SHUFFLE(1, 0, 1, 0));
    r[4 * i + 1] = _mm512_shuffle_ps(t[4 * i], t[4 * i + 2], _MM_SHUFFLE(3, 2, 3, 2));
    r[4 * i + 2] = _mm512_shuffle_ps(t[4 * i + 1], t[4 * i + 3], _MM_SHUFFLE(1, 0, 1, 0));
    r[4 * i + 3] = _mm512_shuffle_ps(t[4 * i + 1], t[4 * i + 3], _MM_SHUFFLE(3, 2, 3, 2));
  }
  for (int i = 0; i < 2; i++)
    for (int k = 0; k < 4; k++) {
      t[8 * i + k] = _mm512_shuffle_f32x4(r[8 * i + k], r[8 * i + 4 + k], 0x88);
      t[8 * i + 4 + k] = _mm512_shuffle_f32x4(r[8 * i + k], r[8 * i + 4 + k], 0xdd);
    }
  for (int k = 0; k < 8; k++) {
    r[k] = _mm512_shuffle_f32x4(t[k], t[8 + k], 0x88);
    r[8 + k] = _mm512_shuffle_f32x4(t[k], t[8 + k], 0xdd);
  }
}

/* A block of v[q] = 16 channels at flat output position p0 + q (q < m) into the planes of the cnt
   channels, y + plane * OHW + p0 (plane = plane0 + lane): transposed, then per channel its epilogue
   ((+ b[lane]) + r at the same place, the activation: act <= 3 in the lanes, swish and hard
   sigmoid in their scalar forms) and a masked store */
static inline __attribute__((always_inline)) void pirc_lanes_store(__m512 v[16], int64_t m, int64_t cnt,
                                                                   const float* restrict b, const float* restrict r,
                                                                   float* restrict y, int64_t plane0, int64_t OHW,
                                                                   int64_t p0, int act)
{
  pirc_tr16(v);
  __mmask16 outs = (__mmask16)((1u << m) - 1);
  for (int64_t l = 0; l < cnt; l++) {
    int64_t at = (plane0 + l) * OHW + p0;
    v16 o = (v16)v[l];
    if (b != 0) o = o + pirc_splat16(b[l]);
    if (r != 0) o = o + (v16)_mm512_maskz_loadu_ps(outs, r + at);
    if (act <= 3) {
      o = pirc_act16(o, act);
    } else {
      float t[16];
      memcpy(t, &o, sizeof t);
      for (int q = 0; q < 16; q++) t[q] = pirc_nn_act1(t[q], act);
      memcpy(&o, t, sizeof t);
    }
    _mm512_mask_storeu_ps(y + at, outs, (__m512)o);
  }
}

/* Depthwise conv with 16 channels in the vector lanes (one output channel per input channel): the
   16 planes are copied, zero-padded and transposed (16x16 blocks in registers), into a buffer of
   [padded row][padded column][channel]; each output position is then 16 channels at once, the taps
   summed in (i, j) order, multiply then add, from 0, and the epilogue ((+ bias) + residual, then the
   activation) applied to blocks of 16 flat output positions transposed back into the planes -- the
   operations, in the order, of pirc_dw_planes, so the same bits.  Small planes (MobileNet's
   14x14 and 7x7) spent most of their time in per-plane set-up and row copies one plane at a time. */
static int pirc_dw_lanes(const float* restrict x, const float* restrict w, const float* restrict b,
                         const float* restrict r, float* restrict y, int64_t N, int64_t C, int64_t H, int64_t W,
                         int64_t KH, int64_t KW, int64_t OH, int64_t OW, int64_t sh, int64_t sw, int64_t ph,
                         int64_t pw, int64_t dh, int64_t dw, int act, int nt)
{
  int64_t WP = (OW - 1) * sw + (KW - 1) * dw + 1;
  int64_t taps = KH * KW, HW = H * W, OHW = OH * OW, groups = (C + 15) / 16;
  if (2.0 * (double)(N * C * OHW * taps) < PIRC_PAR_FLOPS / 8) nt = 1;
  /* bands of output rows when there are few channel groups for the threads (a 16-channel layer was
     one task): each band transposes the input rows it reads (its halo of (KH - 1) * dh rows twice).
     Measured (2 threads, against one task per group): MobileNetV3's 16-channel 112 -> 56 stride 2
     63 -> 35 us, its 72-channel 56 -> 28 48 -> 43 us; wider layers unchanged */
  int64_t want = nt > 1 ? 4 * (int64_t)nt : 1, bands = N * groups >= want ? 1 : (want + N * groups - 1) / (N * groups);
  if (bands > OH) bands = OH;
  int64_t bh = (OH + bands - 1) / bands;
  bands = (OH + bh - 1) / bh;
  int64_t HB = (bh - 1) * sh + (KH - 1) * dh + 1;   /* padded input rows of a band */
  int64_t toff[PIRC_DW_MAX_TAPS];   /* tap (i, j)'s offset in the buffer from its output position's */
  for (int64_t k = 0; k < taps; k++) toff[k] = ((k / KW) * dh * WP + (k % KW) * dw) * 16;
  int failed = 0;
  (void)nt;
  #pragma omp parallel num_threads(nt) if (nt > 1)
  {
    float* buf = pirc_nn_scratch(1, (size_t)(HB * WP * 16));
    if (buf == 0) {
      #pragma omp atomic write
      failed = 1;
    }
    #pragma omp for schedule(static)
    for (int64_t t = 0; t < N * groups * bands; t++) {
      if (buf == 0) continue;
      int64_t n = t / (groups * bands), c0 = t / bands % groups * 16, cnt = C - c0 < 16 ? C - c0 : 16;
      int64_t oh0 = t % bands * bh, oh1 = oh0 + bh < OH ? oh0 + bh : OH;
      int64_t hp0 = oh0 * sh, hp1 = (oh1 - 1) * sh + (KH - 1) * dh + 1;
      const float* xg = x + (n * C + c0) * HW;
      /* the band's padded, transposed input: buf[((hp - hp0) * WP + wp) * 16 + lane] = x[c0 + lane][hp - ph][wp - pw] or 0 */
      int64_t lo = pw < WP ? pw : WP, hi = pw + W < WP ? pw + W : WP;
      for (int64_t hp = hp0; hp < hp1; hp++) {
        float* row = buf + (hp - hp0) * WP * 16;
        int64_t ih = hp - ph;
        if (ih < 0 || ih >= H) {
          memset(row, 0, sizeof(float) * (size_t)(WP * 16));
          continue;
        }
        if (lo > 0) memset(row, 0, sizeof(float) * (size_t)(lo * 16));
        if (WP > hi) memset(row + hi * 16, 0, sizeof(float) * (size_t)((WP - hi) * 16));
        for (int64_t wp0 = lo; wp0 < hi; wp0 += 16) {
          int64_t m = hi - wp0 < 16 ? hi - wp0 : 16;
          __mmask16 cols = (__mmask16)((1u << m) - 1);
          __m512 v[16];
          const float* src = xg + ih * W + (wp0 - pw);
          for (int l = 0; l < 16; l++)
            v[l] = l < cnt ? _mm512_maskz_loadu_ps(cols, src + l * HW) : _mm512_setzero_ps();
          pirc_tr16(v);
          for (int64_t q = 0; q < m; q++) _mm512_store_ps(row + (wp0 + q) * 16, v[q]);
        }
      }
      __m512 wt[PIRC_DW_MAX_TAPS];   /* tap k's weights of the 16 channels */
      for (int64_t k = 0; k < taps; k++) {
        float wl[16] = {0};
        for (int64_t l = 0; l < cnt; l++) wl[l] = w[(c0 + l) * taps + k];
        wt[k] = _mm512_loadu_ps(wl);
      }
      for (int64_t p0 = oh0 * OW; p0 < oh1 * OW; p0 += 16) {
        int64_t m = oh1 * OW - p0 < 16 ? oh1 * OW - p0 : 16;
        __m512 v[16];
        int64_t oh = p0 / OW, ow = p0 % OW;
        for (int64_t q = 0; q < 16; q++) {
          if (q >= m) {
            v[q] = _mm512_setzero_ps();
            continue;
          }
          const float* s = buf + ((oh - oh0) * sh * WP + ow * sw) * 16;
          __m512 acc = _mm512_setzero_ps();
          for (int64_t k = 0; k < taps; k++) acc = _mm512_add_ps(acc, _mm512_mul_ps(wt[k], _mm512_load_ps(s + toff[k])));
          v[q] = acc;
          if (++ow == OW) {
            ow = 0;
            oh++;
          }
        }
        pirc_lanes_store(v, m, cnt, b != 0 ? b + c0 : 0, r, y, n * C + c0, OHW, p0, act);
      }
    }
  }
  return failed ? -2 : 0;
}
#endif

/* Depthwise conv with its epilogue: 16 channels in the lanes when there is one output channel per input
   channel and AVX-512, else one plane at a time. */
static int pirc_depthwise(const float* restrict x, const float* restrict w, const float* restrict b,
                          const float* restrict r, float* restrict y, int64_t N, int64_t C, int64_t H, int64_t W,
                          int64_t KH, int64_t KW, int64_t OH, int64_t OW, int64_t sh, int64_t sw, int64_t ph,
                          int64_t pw, int64_t dh, int64_t dw, int64_t mult, int act, int nt)
{
#if defined(PIRC_DW_LANES)
  if (mult == 1 && KH * KW <= PIRC_DW_MAX_TAPS && OH * OW <= PIRC_DW_LANES_MAX)
    return pirc_dw_lanes(x, w, b, r, y, N, C, H, W, KH, KW, OH, OW, sh, sw, ph, pw, dh, dw, act, nt);
#endif
  return pirc_dw_planes(x, w, b, r, y, N, C, H, W, KH, KW, OH, OW, sh, sw, ph, pw, dh, dw, mult, act, nt);
}
