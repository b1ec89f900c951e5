/* ------------------------------------------------------------------------------------------------
   direct convolution for a small reduction (K = C * KH * KW <= PIRC_DIRECT_MAX_K): a network's stem
   ------------------------------------------------------------------------------------------------ */
#if defined(__AVX512F__)
#define PIRC_CONV_DIRECT 1
#ifndef PIRC_DIRECT_MAX_K
#define PIRC_DIRECT_MAX_K 32
#endif
#ifndef PIRC_DIRECT_MAX_O
#define PIRC_DIRECT_MAX_O 32
#endif
#define PIRC_DIRECT_PATCH 2048   /* floats of a border block's input patch (8 KiB of stack) */

/* A stem (3 input channels, 3x3 taps: K = 27) through the GEMM spent three fifths of its time
   packing the virtual im2col matrix: 27 rows, gathered run by run (a 32-column sliver spans two
   output rows of a 112-wide output) with a stride-2 read, for 27 products per output.  Here 16
   output channels sit in the vector lanes and 16 output positions of one output row in 16
   registers: for each tap k = (c, i, j) in order, the tap's 16 weights are one vector and each
   position's input value one broadcast, acc[q] = fma(x, w_k, acc[q]) from 0 -- the operations and
   the order of the GEMM (one K panel, fused multiply-adds from 0), and its epilogue ((+ bias) +
   residual, activation) on the transposed block, so the same bits.  A block at the input's border
   or a row's end reads a zero-padded copy of its input patch, as the im2col matrix holds zeros
   there (a product of +-0 leaves a sum that is never -0 as it is).  Threads share the blocks.
   Measured against the GEMM (two builds of the library, alternating, 2 threads): MobileNetV3's
   stem (3 -> 16, 224 -> 112, stride 2) 192 -> 104 us, MobileNetV2's (3 -> 32) 272 -> 207 us,
   ShuffleNet's (3 -> 24) 287 -> 271 us, a 32x32 one (3 -> 8) 9.3 -> 6.5 us; with 64 output channels
   (VGG, SqueezeNet) the two are even (0.92-1.04x): one broadcast per fused multiply-add leaves the
   loads the limit, so wider layers keep the GEMM (PIRC_DIRECT_MAX_O). */
/* acc[q] = the taps' products summed in order from 0: x(q, k) = xb[off[k] + q * sw], w_k = wg[k * 16 ..] */
static inline __attribute__((always_inline)) void pirc_direct_block(const float* restrict xb, const int64_t* restrict off,
                                                                    const float* restrict wg, int64_t K, int64_t sw,
                                                                    __m512 acc[16])
{
  __m512 a[16];
  for (int q = 0; q < 16; q++) a[q] = _mm512_setzero_ps();
  for (int64_t k = 0; k < K; k++) {
    __m512 wk = _mm512_loadu_ps(wg + k * 16);
    const float* s = xb + off[k];
    #pragma GCC unroll 16
    for (int q = 0; q < 16; q++) a[q] = _mm512_fmadd_ps(_mm512_set1_ps(s[q * sw]), wk, a[q]);
  }
  for (int q = 0; q < 16; q++) acc[q] = a[q];
}

static int pirc_conv_direct(const float* restrict x, const float* restrict w, const float* restrict b,
                            const float* restrict r, float* restrict y, int64_t N, int64_t C, int64_t H, int64_t W,
                            int64_t O, int64_t KH, int64_t KW, int64_t OH, int64_t OW, int64_t sh, int64_t sw,
                            int64_t ph, int64_t pw, int64_t dh, int64_t dw, int act, int nt)
{
  int64_t K = C * KH * KW, OHW = OH * OW, HW = H * W;
  if (O > PIRC_DIRECT_MAX_O || K > PIRC_DIRECT_MAX_K) return 1;   /* the caller takes the GEMM */
  int64_t groups = (O + 15) / 16, chunks = (OW + 15) / 16, blocks = OH * chunks, tasks = N * groups * blocks;
  int64_t toff[PIRC_DIRECT_MAX_K], tih[PIRC_DIRECT_MAX_K], tiw[PIRC_DIRECT_MAX_K];
  for (int64_t k = 0; k < K; k++) {
    int64_t c = k / (KH * KW), i = k / KW % KH, j = k % KW;
    tih[k] = i * dh;
    tiw[k] = j * dw;
    toff[k] = c * HW + tih[k] * W + tiw[k];
  }
  /* a border block's patch: C x KHs rows of PWs columns */
  int64_t KHs = (KH - 1) * dh + 1, PWs = 15 * sw + (KW - 1) * dw + 1, poff[PIRC_DIRECT_MAX_K];
  if (C * KHs * PWs > PIRC_DIRECT_PATCH) return 1;   /* the caller takes the GEMM */
  for (int64_t k = 0; k < K; k++) poff[k] = (k / (KH * KW) * KHs + tih[k]) * PWs + tiw[k];
  /* the weights of each group of 16 output channels, tap by tap: wt[(g * K + k) * 16 + lane] (at
     most 4 KiB on the stack: O <= PIRC_DIRECT_MAX_O, K <= PIRC_DIRECT_MAX_K) */
  float wt[(PIRC_DIRECT_MAX_O + 15) / 16 * PIRC_DIRECT_MAX_K * 16];
  for (int64_t g = 0; g < groups; g++)
    for (int64_t k = 0; k < K; k++)
      for (int64_t l = 0; l < 16; l++)
        wt[(g * K + k) * 16 + l] = g * 16 + l < O ? w[(g * 16 + l) * K + k] : 0.0f;
  if (2.0 * (double)(N * O * OHW * K) < PIRC_PAR_FLOPS) nt = 1;
  (void)nt;
  #pragma omp parallel for schedule(static) num_threads(nt) if (nt > 1 && tasks > 1)
  for (int64_t t = 0; t < tasks; t++) {
    /* 16 positions of one output row: (oh, ow0 + q) */
    int64_t n = t / (groups * blocks), g = t / blocks % groups, oh = t % blocks / chunks, ow0 = t % chunks * 16;
    int64_t o0 = g * 16, cnt = O - o0 < 16 ? O - o0 : 16, m = OW - ow0 < 16 ? OW - ow0 : 16, p0 = oh * OW + ow0;
    int64_t ih0 = oh * sh - ph, iw0 = ow0 * sw - pw;
    const float* xn = x + n * C * HW;
    const float* wg = wt + g * K * 16;
    __m512 acc[16];
    if (m == 16 && ih0 >= 0 && ih0 + (KH - 1) * dh < H && iw0 >= 0 && iw0 + 15 * sw + (KW - 1) * dw < W) {
      pirc_direct_block(xn + ih0 * W + iw0, toff, wg, K, sw, acc);
    } else {   /* a block at the border or the end of a row: its input patch, zeros outside the input */
      float patch[PIRC_DIRECT_PATCH];
      for (int64_t c = 0; c < C; c++)
        for (int64_t rr = 0; rr < KHs; rr++) {
          float* dst = patch + (c * KHs + rr) * PWs;
          int64_t ih = ih0 + rr;
          if (ih < 0 || ih >= H) {
            memset(dst, 0, sizeof(float) * (size_t)PWs);
            continue;
          }
          const float* xr = xn + c * HW + ih * W;
          for (int64_t cc = 0; cc < PWs; cc++) {
            int64_t iw = iw0 + cc;
            dst[cc] = iw >= 0 && iw < W ? xr[iw] : 0.0f;
          }
        }
      pirc_direct_block(patch, poff, wg, K, sw, acc);
    }
    pirc_lanes_store(acc, m, cnt, b != 0 ? b + o0 : 0, r, y, n * O + o0, OHW, p0, act);
  }
  return 0;
}
#endif
