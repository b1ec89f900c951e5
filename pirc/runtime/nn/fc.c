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
