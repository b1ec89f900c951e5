/* ------------------------------------------------------------------------------------------------
   2-D interpolation (pd_op.nearest_interp, bilinear_interp; NCHW): the source rows / columns and
   their float32 weights come in the descriptor (computed by the caller with Paddle's coordinate
   rules); the products and sums here are the reference kernel's, in its order
   ------------------------------------------------------------------------------------------------ */
static inline float pirc_f32_of_bits(int64_t b)
{
  uint32_t u = (uint32_t)b;
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

int pirc_nn_interp2d_f32(const int64_t* d, const float* x, float* y, int nt)
{
  int64_t P = d[0], H = d[1], W = d[2], OH = d[3], OW = d[4], method = d[5];
  if (P < 0 || H < 1 || W < 1 || OH < 1 || OW < 1 || (method != 0 && method != 1)) return 1;
  const int64_t *ty = d + PIRC_NN_INTERP_HEAD, *tx = ty + (method == 0 ? OH : 4 * OH);
  /* every source index inside the input (bilinear: the first and second rows, then columns, in a row) */
  int64_t ny = method == 0 ? OH : 2 * OH, nx = method == 0 ? OW : 2 * OW;
  for (int64_t k = 0; k < ny; k++)
    if (ty[k] < 0 || ty[k] >= H) return 1;
  for (int64_t k = 0; k < nx; k++)
    if (tx[k] < 0 || tx[k] >= W) return 1;
  int64_t rows = P * OH;
  if ((double)rows * (double)OW * (method == 0 ? 1.0 : 12.0) < PIRC_PAR_FLOPS) nt = 1;
  (void)nt;
  #pragma omp parallel for schedule(static) num_threads(nt) if (nt > 1 && rows > 1)
  for (int64_t r = 0; r < rows; r++) {
    int64_t p = r / OH, oh = r % OH;
    const float* xp = x + p * H * W;
    float* yr = y + r * OW;
    if (method == 0) {
      const float* xr = xp + ty[oh] * W;
      for (int64_t ow = 0; ow < OW; ow++) yr[ow] = xr[tx[ow]];
      continue;
    }
    const float *r0 = xp + ty[oh] * W, *r1 = xp + ty[OH + oh] * W;
    float w0y = pirc_f32_of_bits(ty[2 * OH + oh]), w1y = pirc_f32_of_bits(ty[3 * OH + oh]);
    for (int64_t ow = 0; ow < OW; ow++) {
      int64_t c0 = tx[ow], c1 = tx[OW + ow];
      float w0x = pirc_f32_of_bits(tx[2 * OW + ow]), w1x = pirc_f32_of_bits(tx[3 * OW + ow]);
      float v = (r0[c0] * w0y) * w0x;
      v = v + (r1[c0] * w1y) * w0x;
      v = v + (r0[c1] * w0y) * w1x;
      v = v + (r1[c1] * w1y) * w1x;
      yr[ow] = v;
    }
  }
  return 0;
}
