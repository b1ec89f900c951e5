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
