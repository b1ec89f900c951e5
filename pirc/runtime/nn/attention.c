#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "nnlib.h"

/* Attention and embedding kernels of pirc's NN library (ABI in nnlib.h; this file is compiled in the
   same translation unit as nnlib.c). */
static void attn_row(const int64_t* d, float alpha, const float* q, const float* kt, const float* v,
                     const float* bias, float* y, int64_t b, int64_t h, int64_t i, float* s, float* qs)
{
  const int64_t Sq = d[1], Sk = d[2], H = d[3], D = d[4], Dv = d[5];
  const float* qrow = q + ((b * Sq + i) * H + h) * D;
  for (int64_t t = 0; t < D; t++) qs[t] = alpha == 1.0f ? qrow[t] : qrow[t] * alpha;
  for (int64_t j = 0; j < Sk; j++) s[j] = 0.0f;
  for (int64_t t = 0; t < D; t++) {          /* kt: this (b, h)'s keys transposed, [D, Sk] */
    const float qv = qs[t];
    const float* kr = kt + t * Sk;
    for (int64_t j = 0; j < Sk; j++) s[j] += qv * kr[j];
  }
  if (bias != 0) {
    const float* br = bias + b * d[6] + h * d[7] + i * d[8];
    const int64_t sk = d[9];
    for (int64_t j = 0; j < Sk; j++) s[j] += br[j * sk];
  }
  float m = s[0];
  for (int64_t j = 1; j < Sk; j++) m = (s[j] > m || s[j] != s[j]) ? s[j] : m;  /* a NaN wins, as in numpy's max */
  for (int64_t j = 0; j < Sk; j++) { float e = s[j] - m; e = e < -64.0f ? -64.0f : e; s[j] = expf(e); }
  float sum = 0.0f;
  for (int64_t j = 0; j < Sk; j++) sum += s[j];
  for (int64_t j = 0; j < Sk; j++) s[j] = s[j] / sum;
  float* yr = y + ((b * Sq + i) * H + h) * Dv;
  for (int64_t t = 0; t < Dv; t++) yr[t] = 0.0f;
  for (int64_t j = 0; j < Sk; j++) {
    const float p = s[j];
    const float* vr = v + ((b * Sk + j) * H + h) * Dv;
    for (int64_t t = 0; t < Dv; t++) yr[t] += p * vr[t];
  }
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
