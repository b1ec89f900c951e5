#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "nnlib.h"
#include "vexp.h"

/* Attention and embedding kernels of pirc's NN library (ABI in nnlib.h; this file is compiled in the
   same translation unit as nnlib.c). */
/* out[j] = sum over t < n of a[t] * b[t * ldb + j] (t in order, multiply then add, from 0) for j < m:
   64 and then 16 columns at a time in registers, the rest one by one -- the operations of the plain
   loop "out[j] += a[t] * b[t][j]", which stored and reloaded out[] for every t */
static void attn_rows_dot(const float* restrict a, const float* restrict b, int64_t ldb, int64_t n, int64_t m,
                          float* restrict out)
{
  int64_t j = 0;
  for (; j + 64 <= m; j += 64) {
    v16 c0 = pirc_splat16(0.0f), c1 = c0, c2 = c0, c3 = c0;
    for (int64_t t = 0; t < n; t++) {
      const v16 av = pirc_splat16(a[t]);
      const float* br = b + t * ldb + j;
      c0 = c0 + av * *(const v16u*)br;
      c1 = c1 + av * *(const v16u*)(br + 16);
      c2 = c2 + av * *(const v16u*)(br + 32);
      c3 = c3 + av * *(const v16u*)(br + 48);
    }
    memcpy(out + j, &c0, 64);
    memcpy(out + j + 16, &c1, 64);
    memcpy(out + j + 32, &c2, 64);
    memcpy(out + j + 48, &c3, 64);
  }
  for (; j + 16 <= m; j += 16) {
    v16 c0 = pirc_splat16(0.0f);
    for (int64_t t = 0; t < n; t++) c0 = c0 + pirc_splat16(a[t]) * *(const v16u*)(b + t * ldb + j);
    memcpy(out + j, &c0, 64);
  }
  for (; j < m; j++) {
    float c = 0.0f;
    for (int64_t t = 0; t < n; t++) c = c + a[t] * b[t * ldb + j];
    out[j] = c;
  }
}

static void attn_row(const int64_t* d, float alpha, const float* q, const float* kt, const float* v,
                     const float* bias, float* y, int64_t b, int64_t h, int64_t i, float* s, float* qs)
{
  const int64_t Sq = d[1], Sk = d[2], H = d[3], D = d[4], Dv = d[5];
  const float* qrow = q + ((b * Sq + i) * H + h) * D;
  for (int64_t t = 0; t < D; t++) qs[t] = alpha == 1.0f ? qrow[t] : qrow[t] * alpha;
  attn_rows_dot(qs, kt, Sk, D, Sk, s);   /* kt: this (b, h)'s keys transposed, [D, Sk] */
  if (bias != 0) {
    const float* br = bias + b * d[6] + h * d[7] + i * d[8];
    const int64_t sk = d[9];
    for (int64_t j = 0; j < Sk; j++) s[j] += br[j * sk];
  }
  /* the row's max: a NaN wins, as in numpy's max.  Ordered max and a NaN flag in vectors, the scalar
     rule again when a NaN is seen (which NaN wins, so the outputs' payloads, is the scalar loop's);
     without NaNs the max is the same value in any order (a +-0 tie subtracts to the same exp) */
  float m = s[0];
  int nan = 0;
  #pragma omp simd reduction(max:m) reduction(|:nan)
  for (int64_t j = 0; j < Sk; j++) {
    m = s[j] > m ? s[j] : m;
    nan |= s[j] != s[j];
  }
  if (nan) {
    m = s[0];
    for (int64_t j = 1; j < Sk; j++) m = (s[j] > m || s[j] != s[j]) ? s[j] : m;
  }
  /* the code generator's exp (vexp.h) and a bitwise select: the loop vectorises, where libm's expf
     is a call per element and a ?: is control flow to GCC */
  #pragma omp simd
  for (int64_t j = 0; j < Sk; j++) {
    float e = s[j] - m;
    s[j] = pirc_expf(pirc_sel_f32(e < -64.0f, -64.0f, e));
  }
  float sum = 0.0f;
  #pragma omp simd reduction(+:sum)
  for (int64_t j = 0; j < Sk; j++) sum += s[j];
  #pragma omp simd
  for (int64_t j = 0; j < Sk; j++) s[j] = s[j] / sum;
  /* y[t] = sum over keys j in order of s[j] * v[j][t]: v's rows for (b, h) are H * Dv apart */
  attn_rows_dot(s, v + (b * Sk * H + h) * Dv, H * Dv, Sk, Dv, y + ((b * Sq + i) * H + h) * Dv);
}

int pirc_nn_attention_f32(const int64_t* d, const float* q, const float* k, const float* v, const float* bias,
                          float* y, int nt)
{
  const int64_t B = d[0], Sq = d[1], Sk = d[2], H = d[3], D = d[4], Dv = d[5];
  if (B < 0 || Sq < 0 || Sk <= 0 || H <= 0 || D <= 0 || Dv <= 0 || d[10] < 0 || d[10] > 0xffffffffLL) return 1;
  uint32_t bits = (uint32_t)d[10];
  float alpha;
  memcpy(&alpha, &bits, sizeof alpha);
  int failed = 0;
  #pragma omp parallel num_threads(nt > 1 ? nt : 1) if (nt > 1 && B * H * Sq * Sk * (D + Dv) >= 65536)
  {
    float* kt = (float*)malloc(sizeof(float) * (size_t)(D * Sk + Sk + D));
    if (kt == 0) {
      #pragma omp atomic write
      failed = -2;
    } else {
      float* s = kt + D * Sk;
      float* qs = s + Sk;
      #pragma omp for schedule(static)
      for (int64_t bh = 0; bh < B * H; bh++) {
        const int64_t b = bh / H, h = bh % H;
        for (int64_t j = 0; j < Sk; j++) {
          const float* kr = k + ((b * Sk + j) * H + h) * D;
          for (int64_t t = 0; t < D; t++) kt[t * Sk + j] = kr[t];
        }
        for (int64_t i = 0; i < Sq; i++) attn_row(d, alpha, q, kt, v, bias, y, b, h, i, s, qs);
      }
      free(kt);
    }
  }
  return failed;
}

int pirc_nn_embedding_f32(const int64_t* d, const int64_t* ids, const float* table, float* y, int nt)
{
  const int64_t n = d[0], V = d[1], Dm = d[2], pad = d[3];
  if (n < 0 || V < 1 || Dm < 1 || pad < -1 || pad >= V) return 1;
  for (int64_t r = 0; r < n; r++) if (ids[r] < 0 || ids[r] >= V) return 2;
  #pragma omp parallel for num_threads(nt > 1 ? nt : 1) schedule(static) if (nt > 1 && n * Dm >= 65536)
  for (int64_t r = 0; r < n; r++) {
    if (ids[r] == pad) memset(y + r * Dm, 0, sizeof(float) * (size_t)Dm);
    else memcpy(y + r * Dm, table + ids[r] * Dm, sizeof(float) * (size_t)Dm);
  }
  return 0;
}
