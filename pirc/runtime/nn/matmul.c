/* ------------------------------------------------------------------------------------------------
   matmul (pd_op.matmul, pd_op.bmm): a batch of GEMMs over broadcast batch dims, either operand
   transposed
   ------------------------------------------------------------------------------------------------ */
typedef struct {
  const int64_t* d;
  const float *x, *y;
  float* out;
} pirc_mm_ctx;

/* problem p of the batch: its x and y matrices by the batch strides (in matrices; 0 where broadcast) */
static void pirc_mm_offsets(const int64_t* d, int64_t p, int64_t* xo, int64_t* yo)
{
  int64_t rest = p;
  *xo = *yo = 0;
  for (int i = PIRC_NN_MATMUL_MAXB - 1; i >= 0; i--) {
    int64_t ob = d[6 + i], idx = rest % ob;
    rest /= ob;
    *xo += idx * d[6 + PIRC_NN_MATMUL_MAXB + i];
    *yo += idx * d[6 + 2 * PIRC_NN_MATMUL_MAXB + i];
  }
}

static void pirc_mm_problem(const void* vctx, int64_t p, pirc_problem* out)
{
  const pirc_mm_ctx* cx = (const pirc_mm_ctx*)vctx;
  const int64_t* d = cx->d;
  int64_t M = d[0], K = d[1], N = d[2], xo, yo;
  pirc_mm_offsets(d, p, &xo, &yo);
  memset(out, 0, sizeof *out);
  out->a = cx->x + xo * M * K;   /* x as [M, K] (a transposed x was copied so) */
  out->lda = K;
  out->b.x = cx->y + yo * K * N;
  out->b.trans = d[4] != 0;
  out->b.ldb = d[4] ? K : N;
  out->c = cx->out + p * M * N;
  out->ldc = N;
}

/* a . b over K floats: 16 lanes of partial sums (in k order per lane), added in a fixed tree */
static float pirc_dot16(const float* restrict a, const float* restrict b, int64_t K)
{
  v16 acc = pirc_splat16(0.0f);
  int64_t k = 0;
  for (; k + 16 <= K; k += 16) acc = PIRC_FMA(*(const v16u*)(a + k), *(const v16u*)(b + k), acc);
  if (k < K) {   /* the tail in zero-padded lanes (0 * 0 adds nothing) */
    float la[16] = {0}, lb[16] = {0};
    memcpy(la, a + k, sizeof(float) * (size_t)(K - k));
    memcpy(lb, b + k, sizeof(float) * (size_t)(K - k));
    acc = PIRC_FMA(*(const v16u*)la, *(const v16u*)lb, acc);
  }
  float t[16];
  memcpy(t, &acc, sizeof t);
  for (int w = 8; w >= 1; w /= 2)
    for (int i = 0; i < w; i++) t[i] = t[i] + t[i + w];
  return t[0];
}

int pirc_nn_matmul_f32(const int64_t* d, const float* x, const float* y, float* out, int nt)
{
  int64_t M = d[0], K = d[1], N = d[2], tx = d[3], ty = d[4], XB = d[5], P = 1;
  if (M < 0 || K < 0 || N < 0 || XB < 1 || (tx != 0 && tx != 1) || (ty != 0 && ty != 1)) return 1;
  for (int i = 0; i < PIRC_NN_MATMUL_MAXB; i++) {
    if (d[6 + i] < 0 || d[6 + PIRC_NN_MATMUL_MAXB + i] < 0 || d[6 + 2 * PIRC_NN_MATMUL_MAXB + i] < 0) return 1;
    P *= d[6 + i];
  }
  if (P == 0 || M == 0 || N == 0) return 0;
  if (K == 0) {
    memset(out, 0, sizeof(float) * (size_t)(P * M * N));
    return 0;
  }
  float* xt = 0;
  if (tx && M > 1) {   /* x^T as [M, K] matrices (a copy of x: O(M K) against the product's O(M N K)) */
    xt = (float*)malloc(sizeof(float) * (size_t)(XB * M * K));
    if (xt == 0) return -2;
    for (int64_t q = 0; q < XB; q++)
      for (int64_t k = 0; k < K; k++)
        for (int64_t m = 0; m < M; m++) xt[(q * M + m) * K + k] = x[(q * K + k) * M + m];
    x = xt;
  }
  int rc = 0;
  if (!ty && M <= 4) {   /* a few rows: y streams past once per problem (pirc_fc_smallm's GEMV) */
    for (int64_t p = 0; p < P && rc == 0; p++) {
      int64_t xo, yo;
      pirc_mm_offsets(d, p, &xo, &yo);
      rc = pirc_fc_smallm(x + xo * M * K, y + yo * K * N, 0, out + p * M * N, M, K, N, 0, nt);
    }
  } else if (M <= 4) {   /* a few rows against y^T's rows: one dot product per output (a decoder's q . k) */
    int64_t rows = P * M;
    if (2.0 * (double)rows * (double)N * (double)K < PIRC_PAR_FLOPS) nt = 1;
    (void)nt;
    #pragma omp parallel for schedule(static) num_threads(nt) if (nt > 1 && rows * N > 1)
    for (int64_t t = 0; t < rows * N; t++) {
      int64_t p = t / (M * N), m = t / N % M, n = t % N, xo, yo;
      pirc_mm_offsets(d, p, &xo, &yo);
      out[t] = pirc_dot16(x + (xo * M + m) * K, y + (yo * N + n) * K, K);
    }
  } else {
    pirc_mm_ctx cx = {d, x, y, out};
    rc = pirc_gemm_batch(pirc_mm_problem, &cx, P, M, N, K, nt);
  }
  free(xt);
  return rc;
}
