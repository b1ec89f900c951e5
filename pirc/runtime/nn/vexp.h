/* generated from pirc/cinn/codegen/prelude.py (pirc_expf and what it uses) by
   pirc.runtime.nn.lib.vexp_text(); do not edit: a test compares this file with it */
#ifndef PIRC_NN_VEXP_H
#define PIRC_NN_VEXP_H
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#define PIRC_FN static inline
#define PIRC_F32_TO_BITS union { float f; uint32_t u; } c; c.f = f; return c.u;
#define PIRC_BITS_TO_F32 union { float f; uint32_t u; } c; c.u = u; return c.f;
#define PIRC_BITS_TO_F64 union { double f; uint64_t u; } c; c.u = u; return c.f;


PIRC_FN uint32_t pirc_bits_f32(float f) { PIRC_F32_TO_BITS }
PIRC_FN float pirc_f32_from_bits(uint32_t u) { PIRC_BITS_TO_F32 }
#if defined(FP_FAST_FMAF)
#define PIRC_FMAF(a, b, c) fmaf(a, b, c)
#else
#define PIRC_FMAF(a, b, c) ((a) * (b) + (c))
#endif
PIRC_FN float pirc_sel_f32(int c, float a, float b) {
  uint32_t m = 0u - (uint32_t)(c != 0);
  return pirc_f32_from_bits((pirc_bits_f32(a) & m) | (pirc_bits_f32(b) & ~m));
}
PIRC_FN float pirc_expf(float x) {
  float xc = pirc_sel_f32(x < 100.0f, x, 100.0f);
  xc = pirc_sel_f32(xc > -110.0f, xc, -110.0f);
  float n = PIRC_FMAF(xc, 1.44269504088896341f, 12582912.0f) - 12582912.0f;
  float r = PIRC_FMAF(n, 2.12194440e-4f, PIRC_FMAF(n, -0.693359375f, xc)), r2 = r * r;
  float p = PIRC_FMAF(PIRC_FMAF(PIRC_FMAF(1.9875691500e-4f, r, 1.3981999507e-3f), r2,
                                PIRC_FMAF(8.3334519073e-3f, r, 4.1665795894e-2f)), r2,
                      PIRC_FMAF(1.6666665459e-1f, r, 5.0000001201e-1f));
  p = PIRC_FMAF(p, r2, r) + 1.0f;
  int32_t ni = (int32_t)n, n1 = ni >> 1, n2 = ni - n1;
  float y = p * pirc_f32_from_bits((uint32_t)(n1 + 127) << 23) * pirc_f32_from_bits((uint32_t)(n2 + 127) << 23);
  return pirc_sel_f32(x != x, x, y);
}
#endif
