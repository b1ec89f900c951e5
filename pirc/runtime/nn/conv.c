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
