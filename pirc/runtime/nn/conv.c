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
  out->b.trans = 0;
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
    return pirc_depthwise(x, w, b, r, y, N, C, H, W, KH, KW, OH, OW, sh, sw, ph, pw, dh, dw, O / C, (int)act, nt);
#if defined(PIRC_CONV_DIRECT)
  if (G == 1 && KH * KW > 1) {   /* a stem (few channels, small K) runs direct; it refuses the rest with 1 */
    int rc = pirc_conv_direct(x, w, b, r, y, N, C, H, W, O, KH, KW, OH, OW, sh, sw, ph, pw, dh, dw, (int)act, nt);
    if (rc != 1) return rc;
  }
#endif
  pirc_conv_ctx cx = {d, x, w, b, r, y};
  if (H == 1 && W == 1 && OH == 1 && OW == 1 && KH == 1 && KW == 1 && ph == 0 && pw == 0)   /* a 1x1 plane */
    return pirc_gemv_col(pirc_conv_problem, &cx, N * G, O / G, C / G, nt);
  return pirc_gemm_batch(pirc_conv_problem, &cx, N * G, O / G, OH * OW, (C / G) * KH * KW, nt);
}
