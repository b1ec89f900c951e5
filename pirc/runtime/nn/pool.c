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

/* max over the window rows [h0, h1) of cnt <= 16 outputs of one row, every window inside the row
   horizontally (base: the first output's window start): the taps in (row, column) order,
   m = m > v ? m : v -- vmaxps's own rule, so NaNs go as in the scalar loop -- 16 outputs in the lanes
   of one vector (stride 1: one load; 2: two loads and an even-lane permute; else a gather), the
   lanes past cnt neither read nor stored.  GCC made 16 scalar maxes of the plain 16-output loop:
   SqueezeNet's 3x3 stride-2 pool of 64 x 112 x 112 took 420 us on one thread. */
#if defined(__AVX512F__)
static void pirc_maxpool16(const float* restrict xc, int64_t W, int64_t h0, int64_t h1, int64_t KW, int64_t sw,
                           int64_t base, int64_t cnt, float* restrict out)
{
  __mmask16 lanes = (__mmask16)((1u << cnt) - 1);
  int64_t span = (cnt - 1) * sw + 1;   /* the floats a tap's cnt outputs cover */
  __mmask16 lo = (__mmask16)(span >= 16 ? 0xFFFFu : (1u << span) - 1);
  __mmask16 hi = (__mmask16)(span <= 16 ? 0u : span >= 32 ? 0xFFFFu : (1u << (span - 16)) - 1);
  const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
  const __m512i idx = _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                         _mm512_set1_epi32((int)sw));
  __m512 m = _mm512_set1_ps(-3.402823466e+38f);
  for (int64_t ih = h0; ih < h1; ih++) {
    const float* xr = xc + ih * W + base;
    for (int64_t j = 0; j < KW; j++) {
      __m512 v;
      if (sw == 1)
        v = _mm512_maskz_loadu_ps(lanes, xr + j);
      else if (sw == 2)
        v = _mm512_permutex2var_ps(_mm512_maskz_loadu_ps(lo, xr + j), even, _mm512_maskz_loadu_ps(hi, xr + j + 16));
      else
        v = _mm512_mask_i32gather_ps(_mm512_setzero_ps(), lanes, idx, xr + j, 4);
      m = _mm512_max_ps(m, v);
    }
  }
  _mm512_mask_storeu_ps(out, lanes, m);
}
#else
static void pirc_maxpool16(const float* restrict xc, int64_t W, int64_t h0, int64_t h1, int64_t KW, int64_t sw,
                           int64_t base, int64_t cnt, float* restrict out)
{
  float m[16];
  for (int l = 0; l < 16; l++) m[l] = -3.402823466e+38f;
  for (int64_t ih = h0; ih < h1; ih++) {
    const float* xr = xc + ih * W + base;
    for (int64_t j = 0; j < KW; j++)
      for (int64_t l = 0; l < cnt; l++) {
        float v = xr[l * sw + j];
        m[l] = m[l] > v ? m[l] : v;
      }
  }
  memcpy(out, m, sizeof(float) * (size_t)cnt);
}
#endif

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
        if (kind == 0 && ow >= olo && ow < ohi) {
          int64_t cnt = ohi - ow < 16 ? ohi - ow : 16;
          pirc_maxpool16(xc, W, h0, h1, KW, sw, ow * sw - pw, cnt, yc + oh * OW + ow);
          ow += cnt;
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
