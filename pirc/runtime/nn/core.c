/* nnlib core: the ABI version, the threading threshold, per-thread scratch and the activations
   (scalar and row forms) the other parts share. */
#define _POSIX_C_SOURCE 200112L
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#if defined(__AVX512F__) || defined(__FMA__)
#include <immintrin.h>
#endif

#include "nnlib.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"   /* 64-byte vectors between static functions, without AVX-512 */
#endif

int pirc_nn_abi_version(void) { return PIRC_NN_ABI_VERSION; }

/* Work below which a call runs on the calling thread whatever nt (floating-point operations; the
   memory-bound kernels, depthwise conv and pooling, at an eighth of it).  Opening a team costs the
   hand-off to the workers: ~1 us while they spin between the calls of one run (pirc's default wait
   policy, a short spin: pirc/runtime/threads.py), a futex wake-up of ~10-20 us once they sleep.
   Measured on AOT runs of the zoo with the short spin: 1 MFLOP against 20 MFLOP took MobileNetV2
   from ~11 ms to ~8, ShuffleNetV2 from ~7.5 to ~4; 0.3 and 3 MFLOP were within the noise of 1. */
#ifndef PIRC_PAR_FLOPS
#define PIRC_PAR_FLOPS 1.0e6
#endif

/* ------------------------------------------------------------------------------------------------
   scratch: one growing buffer per thread and slot
   ------------------------------------------------------------------------------------------------ */
#define PIRC_NN_SLOTS 3
static __thread float* pirc_nn_buf[PIRC_NN_SLOTS];
static __thread size_t pirc_nn_cap[PIRC_NN_SLOTS];

static float* pirc_nn_scratch(int slot, size_t n)
{
  if (pirc_nn_cap[slot] < n) {
    void* p = 0;
    free(pirc_nn_buf[slot]);
    pirc_nn_buf[slot] = 0;
    pirc_nn_cap[slot] = 0;
    size_t want = n + n / 4 + 64;
    if (posix_memalign(&p, 64, sizeof(float) * want) != 0) return 0;
    pirc_nn_buf[slot] = (float*)p;
    pirc_nn_cap[slot] = want;
  }
  return pirc_nn_buf[slot];
}

/* ------------------------------------------------------------------------------------------------
   activations
   ------------------------------------------------------------------------------------------------ */
static int pirc_nn_act_ok(int64_t act) { return act >= 0 && act <= 5; }

static inline float pirc_nn_act1(float v, int act)
{
  switch (act) {
  case 1:
    return v > 0.0f ? v : 0.0f;
  case 2: {
    float u = v < 0.0f ? 0.0f : v;
    return u > 6.0f ? 6.0f : u;
  }
  case 3: {
    float t = v + 3.0f;
    t = t < 0.0f ? 0.0f : t;
    t = t > 6.0f ? 6.0f : t;
    return v * t / 6.0f;
  }
  case 4:
    return v / (1.0f + expf(-v));
  case 5: {
    float t = v * 0.1666667f;
    t = t + 0.5f;
    t = t > 1.0f ? 1.0f : t;
    return t < 0.0f ? 0.0f : t;
  }
  default:
    return v;
  }
}

/* y[k] = act(y[k]) over n values, vectorisable per case */
static void pirc_nn_act_row(float* restrict y, int64_t n, int act)
{
  switch (act) {
  case 1:
    for (int64_t k = 0; k < n; k++) y[k] = y[k] > 0.0f ? y[k] : 0.0f;
    break;
  case 2:
    for (int64_t k = 0; k < n; k++) {
      float v = y[k] < 0.0f ? 0.0f : y[k];
      y[k] = v > 6.0f ? 6.0f : v;
    }
    break;
  case 3:
    for (int64_t k = 0; k < n; k++) {
      float v = y[k], t = v + 3.0f;
      t = t < 0.0f ? 0.0f : t;
      t = t > 6.0f ? 6.0f : t;
      y[k] = v * t / 6.0f;
    }
    break;
  case 0:
    break;
  default:
    for (int64_t k = 0; k < n; k++) y[k] = pirc_nn_act1(y[k], act);
    break;
  }
}

/* the conv epilogue on n outputs of one channel: y = act((y + *b) + r) (b, r may be NULL) */
static void pirc_nn_epilogue(float* restrict y, int64_t n, const float* b, const float* restrict r, int act)
{
  if (b != 0) {
    float bv = *b;
    if (r != 0) {
      for (int64_t k = 0; k < n; k++) y[k] = (y[k] + bv) + r[k];
    } else {
      for (int64_t k = 0; k < n; k++) y[k] = y[k] + bv;
    }
  } else if (r != 0) {
    for (int64_t k = 0; k < n; k++) y[k] = y[k] + r[k];
  }
  pirc_nn_act_row(y, n, act);
}
