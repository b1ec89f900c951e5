/* ------------------------------------------------------------------------------------------------
   scans along one axis (pd_op.argmax / argmin, pd_op.cumsum): x seen as [outer, n, inner]
   ------------------------------------------------------------------------------------------------ */
int pirc_nn_argext_f32(const int64_t* d, const float* x, void* y, int nt)
{
  int64_t outer = d[0], n = d[1], inner = d[2], is_max = d[3], i32 = d[4];
  if (outer < 0 || n < 0 || inner < 0 || (is_max != 0 && is_max != 1) || (i32 != 0 && i32 != 1)) return 1;
  int64_t rows = outer * inner;
  if ((double)rows * (double)n < PIRC_PAR_FLOPS / 8) nt = 1;
  (void)nt;
  #pragma omp parallel for schedule(static) num_threads(nt) if (nt > 1 && rows > 1)
  for (int64_t t = 0; t < rows; t++) {
    int64_t o = t / inner, i = t % inner, best = 0;
    const float* xr = x + o * n * inner + i;
    /* NaN, and values at or past the type's extreme, count as the extreme (Paddle's kernel), the first wins */
    float bv = 0.0f;
    for (int64_t k = 0; k < n; k++) {
      float v = xr[k * inner];
      if (is_max) {
        v = (v != v || v <= -FLT_MAX) ? -FLT_MAX : v;
        if (k == 0 || v > bv) { bv = v; best = k; }
      } else {
        v = (v != v || v >= FLT_MAX) ? FLT_MAX : v;
        if (k == 0 || v < bv) { bv = v; best = k; }
      }
    }
    if (i32) ((int32_t*)y)[t] = (int32_t)best;
    else ((int64_t*)y)[t] = best;
  }
  return 0;
}

/* int64: the same order, wrapping on overflow as numpy does (unsigned adds: no undefined behaviour) */
int pirc_nn_cumsum_i64(const int64_t* d, const int64_t* x, int64_t* y, int nt)
{
  int64_t outer = d[0], n = d[1], inner = d[2], exclusive = d[3], reverse = d[4];
  if (outer < 0 || n < 0 || inner < 0 || (exclusive != 0 && exclusive != 1) || (reverse != 0 && reverse != 1)) return 1;
  int64_t rows = outer * inner;
  if ((double)rows * (double)n < PIRC_PAR_FLOPS / 8) nt = 1;
  (void)nt;
  #pragma omp parallel for schedule(static) num_threads(nt) if (nt > 1 && rows > 1)
  for (int64_t t = 0; t < rows; t++) {
    int64_t o = t / inner, i = t % inner;
    const int64_t* xr = x + o * n * inner + i;
    int64_t* yr = y + o * n * inner + i;
    uint64_t acc = 0;
    for (int64_t j = 0; j < n; j++) {
      int64_t k = reverse ? n - 1 - j : j;
      if (exclusive) yr[k * inner] = (int64_t)acc;
      acc += (uint64_t)xr[k * inner];
      if (!exclusive) yr[k * inner] = (int64_t)acc;
    }
  }
  return 0;
}

int pirc_nn_cumsum_f32(const int64_t* d, const float* x, float* y, int nt)
{
  int64_t outer = d[0], n = d[1], inner = d[2], exclusive = d[3], reverse = d[4];
  if (outer < 0 || n < 0 || inner < 0 || (exclusive != 0 && exclusive != 1) || (reverse != 0 && reverse != 1)) return 1;
  int64_t rows = outer * inner;
  if ((double)rows * (double)n < PIRC_PAR_FLOPS / 8) nt = 1;
  (void)nt;
  #pragma omp parallel for schedule(static) num_threads(nt) if (nt > 1 && rows > 1)
  for (int64_t t = 0; t < rows; t++) {
    int64_t o = t / inner, i = t % inner;
    const float* xr = x + o * n * inner + i;
    float* yr = y + o * n * inner + i;
    /* numpy's add.accumulate in float32: the first element as it is, then one add per step */
    float acc = 0.0f;
    for (int64_t j = 0; j < n; j++) {
      int64_t k = reverse ? n - 1 - j : j;
      float v = xr[k * inner];
      if (exclusive) {
        yr[k * inner] = acc;
        acc = j == 0 ? v : acc + v;
      } else {
        acc = j == 0 ? v : acc + v;
        yr[k * inner] = acc;
      }
    }
  }
  return 0;
}
