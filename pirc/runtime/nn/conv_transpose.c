/* ------------------------------------------------------------------------------------------------
   transposed convolution (pd_op.conv2d_transpose, depthwise_conv2d_transpose): per image and group
   a GEMM, cols = W_g^T @ X_g ([og*KH*KW, H*W]), then col2im: every column added into the output
   window it came from, tap (i, j) after tap, as the reference kernel's buffer accumulates them
   ------------------------------------------------------------------------------------------------ */
typedef struct {
  const int64_t* d;
  const float *wt, *x;
  float* cols;
} pirc_convt_ctx;

static void pirc_convt_problem(const void* vctx, int64_t p, pirc_problem* out)
{
  const pirc_convt_ctx* cx = (const pirc_convt_ctx*)vctx;
  const int64_t* d = cx->d;
  int64_t C = d[1], H = d[2], W = d[3], O = d[4], KH = d[5], KW = d[6], G = d[15];
  int64_t n = p / G, g = p % G, cg = C / G, mk = O / G * KH * KW;
  memset(out, 0, sizeof *out);
  out->a = cx->wt + g * mk * cg;
  out->lda = cg;
  out->b.x = cx->x + (n * C + g * cg) * H * W;
  out->b.ldb = H * W;
  out->c = cx->cols + p * mk * H * W;
  out->ldc = H * W;
}

int pirc_nn_conv2d_transpose_f32(const int64_t* d, const float* x, const float* w, float* y, int nt)
{
  for (int i = 0; i < PIRC_NN_CONVT_DESC_LEN; i++)
    if (d[i] < (i == 0 || i == 7 || i == 8 || i == 11 || i == 12 ? 0 : 1)) return 1;
  int64_t N = d[0], C = d[1], H = d[2], W = d[3], O = d[4], KH = d[5], KW = d[6], OH = d[7], OW = d[8];
  int64_t sh = d[9], sw = d[10], ph = d[11], pw = d[12], dh = d[13], dw = d[14], G = d[15];
  if (C % G != 0 || O % G != 0) return 1;
  if (N == 0 || OH == 0 || OW == 0) return 0;
  int64_t cg = C / G, og = O / G, mk = og * KH * KW, hw = H * W;
  float* wt = (float*)malloc(sizeof(float) * (size_t)(G * mk * cg));
  float* cols = (float*)malloc(sizeof(float) * (size_t)(N * G * mk * hw));
  if (wt == 0 || cols == 0) {
    free(wt);
    free(cols);
    return -2;
  }
  for (int64_t g = 0; g < G; g++)   /* W_g^T: [og*KH*KW, cg] (w is [C, og, KH, KW]) */
    for (int64_t c = 0; c < cg; c++)
      for (int64_t m = 0; m < mk; m++) wt[(g * mk + m) * cg + c] = w[(g * cg + c) * mk + m];
  pirc_convt_ctx cx = {d, wt, x, cols};
  int rc = pirc_gemm_batch(pirc_convt_problem, &cx, N * G, mk, hw, cg, nt);
  if (rc == 0) {
    int64_t planes = N * O;
    if ((double)planes * (double)mk / (double)og * (double)hw < PIRC_PAR_FLOPS) nt = 1;
    (void)nt;
    #pragma omp parallel for schedule(static) num_threads(nt) if (nt > 1 && planes > 1)
    for (int64_t t = 0; t < planes; t++) {
      int64_t n = t / O, o = t % O, g = o / og, oo = o % og;
      float* yp = y + t * OH * OW;
      memset(yp, 0, sizeof(float) * (size_t)(OH * OW));
      for (int64_t i = 0; i < KH; i++)
        for (int64_t j = 0; j < KW; j++) {
          const float* cp = cols + ((n * G + g) * mk + (oo * KH + i) * KW + j) * hw;
          for (int64_t h = 0; h < H; h++) {
            int64_t oh = h * sh - ph + i * dh;
            if (oh < 0 || oh >= OH) continue;
            float* yr = yp + oh * OW;
            const float* cr = cp + h * W;
            int64_t off = j * dw - pw;
            /* columns ww with 0 <= ww * sw + off < OW */
            int64_t lo = off >= 0 ? 0 : (-off + sw - 1) / sw;
            int64_t hi = OW - 1 - off >= 0 ? (OW - 1 - off) / sw + 1 : 0;
            if (hi > W) hi = W;
            if (sw == 1) {
              for (int64_t ww = lo; ww < hi; ww++) yr[ww + off] = yr[ww + off] + cr[ww];
            } else {
              for (int64_t ww = lo; ww < hi; ww++) yr[ww * sw + off] = yr[ww * sw + off] + cr[ww];
            }
          }
        }
    }
  }
  free(wt);
  free(cols);
  return rc;
}
