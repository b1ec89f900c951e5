"""Fast paths for the heavy ops the interpreter runs for both backends (conv2d, pooling).

Measured on the model zoo (bench/models.py), after conv + batch_norm folding the compiled groups
are a few percent of a CNN's time and the rest is in three numpy kernels.  What pays, and why:

* **depthwise conv2d** (groups == input channels): im2col + a batched matmul of ``1 x k*k`` by
  ``k*k x H*W`` per channel copies the input ``k*k`` times and calls a tiny GEMM per channel; the
  loops in C (:data:`_SOURCE`) read the input once: long output rows take each filter tap as an
  axpy over the row; short rows (MobileNet's 7x7 and 14x14 planes, where per-tap loop overhead
  dominated) copy the plane once, zero-padded and split by column phase, and sum 16 outputs over
  all taps in registers (measured 1.4-2.9x faster there, single thread; equal on 56x56 and up).  It is
  memory-bound, so BLAS has nothing to add.
* **conv epilogues** (``pd_op.fused_conv2d_add_act``, made by pirc/passes/fuse_conv_epilogue.py):
  ``act((conv + bias) + residual)`` in place on the conv's fresh output, per depthwise output row
  while it is in cache, else one pass after the GEMM; no separate kernel or compiled group reads
  and writes the tensor again.
* **im2col** for the other float32 NCHW convs: one C pass writing the GEMM's columns, instead of a
  padded copy and ``k*k`` strided numpy copies.
* **1x1 conv2d** (stride 1, no padding, one group): a plain GEMM ``W[o, c] @ x[c, h*w]`` in
  numpy's BLAS, without im2col's copy of the input.  Larger kernels keep im2col + BLAS: their
  GEMMs are compute-bound and OpenBLAS's are faster than anything a generic loop nest gets.
* **global / adaptive-to-1x1 average pooling**: a mean over the spatial axes, not a window loop;
  **max pooling**: one pass in C rather than ``2 * k`` numpy passes of a separable window loop.

The C library is built once per toolchain through the kernel cache.  Each fast path returns None
when it does not apply, and the caller falls back to the general kernel.  Results agree with the
general kernels to float32 rounding (the same products, summed in the same order per output for
the depthwise loop; the same GEMM for 1x1).
"""

from __future__ import annotations

import ctypes
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

_SOURCE = r"""
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The fused epilogue of a convolution, in place on n outputs of one channel:
   y = act((y + b) + r), in the order Paddle's graph computes conv -> add(bias) -> add(residual) -> act.
   b: NULL for no bias add; r: NULL for no residual.  act: 0 identity, 1 relu (x > 0 ? x : 0, NaN -> 0),
   2 relu6 (NaN stays NaN), 3 hardswish (x * min(max(x + 3, 0), 6) / 6, NaN stays NaN). */
static void pirc_epilogue(float* restrict y, int64_t n, const float* b, const float* restrict r, int act)
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
  default:
    break;
  }
}

/* y[n, c] = act((y[n, c] + b[c]) + r[n, c]) over NC planes of HW elements, in place */
int pirc_bias_act_f32(float* restrict y, const float* restrict b, const float* restrict r, int64_t NC, int64_t C,
                      int64_t HW, int act)
{
  #pragma omp parallel for schedule(static) if (NC * HW >= 65536)
  for (int64_t t = 0; t < NC; t++)
    pirc_epilogue(y + t * HW, HW, b != 0 ? b + t % C : 0, r != 0 ? r + t * HW : 0, act);
  return 0;
}

#define PIRC_DW_BLOCK 16
#define PIRC_DW_DIRECT 48  /* rows at least this long: the direct loop (measured faster there) */
/* 8 float lanes (two SSE registers without AVX), unaligned loads; GCC's and Clang's vector extension */
typedef float pirc_v8 __attribute__((vector_size(32), aligned(4)));

/* Depthwise conv with its epilogue:
   y[n, oc] = act((sum_{i, j} w[oc, 0, i, j] * x[n, oc / mult, oh*sh - ph + i*dh, ow*sw - pw + j*dw] + b[oc]) + r[n, oc])
   Short rows (OW < PIRC_DW_DIRECT): each input plane is copied once, zero-padded, into a per-thread
   buffer split by column phase (column q*sw + p of the padded plane at buf[p][row][q]), so every
   filter tap reads contiguous floats whatever the stride, and PIRC_DW_BLOCK outputs are summed over
   all taps in registers.  Long rows: each tap is an axpy over the output row straight from the
   input (no copy; the row stays in L1).  Either way the products are summed in tap order (i, j)
   and the epilogue runs on the row while it is in cache. */
int pirc_dwconv_f32(const float* restrict x, const float* restrict w, const float* restrict b,
                    const float* restrict r, float* restrict y, int64_t N, int64_t C, int64_t H, int64_t W,
                    int64_t KH, int64_t KW, int64_t OH, int64_t OW, int64_t sh, int64_t sw, int64_t ph, int64_t pw,
                    int64_t dh, int64_t dw, int64_t mult, int act)
{
  int64_t OC = C * mult;
  int64_t HP = (OH - 1) * sh + (KH - 1) * dh + 1;   /* padded rows and columns the windows read */
  int64_t WP = (OW - 1) * sw + (KW - 1) * dw + 1;
  int64_t QW = (WP + sw - 1) / sw;                   /* columns per phase */
  int failed = 0;
  #pragma omp parallel if (N * OC * OH * OW >= 32768)
  {
    float* buf = (float*)malloc(sizeof(float) * (size_t)(sw * HP * QW + PIRC_DW_BLOCK));
    int64_t filled = -1;                             /* the input plane buf holds */
    int64_t* toff = (int64_t*)malloc(sizeof(int64_t) * (size_t)(KH * KW));  /* tap (i, j) -> offset in buf */
    if (toff != 0)
      for (int64_t i = 0; i < KH; i++)
        for (int64_t j = 0; j < KW; j++)
          toff[i * KW + j] = ((j * dw % sw) * HP + i * dh) * QW + j * dw / sw;
    if (buf == 0 || toff == 0) {
      #pragma omp atomic write
      failed = 1;
    }
    #pragma omp for schedule(static)
    for (int64_t t = 0; t < N * OC; t++) {
      if (buf == 0 || toff == 0) continue;
      int64_t n = t / OC, oc = t % OC, plane = n * C + oc / mult;
      const float* wc = w + oc * KH * KW;
      float* yc = y + t * OH * OW;
      const float* bc = b != 0 ? b + oc : 0;
      const float* rc = r != 0 ? r + t * OH * OW : 0;
      if (OW >= PIRC_DW_DIRECT || (sw > 1 && 2 * OW >= PIRC_DW_DIRECT)) {   /* long rows: each tap an axpy straight from the input row */
        const float* xc = x + plane * H * W;
        for (int64_t oh = 0; oh < OH; oh++) {
          float* restrict yr = yc + oh * OW;
          for (int64_t k = 0; k < OW; k++) yr[k] = 0.0f;
          for (int64_t i = 0; i < KH; i++) {
            int64_t ih = oh * sh - ph + i * dh;
            if (ih < 0 || ih >= H) continue;
            const float* xr = xc + ih * W;
            for (int64_t j = 0; j < KW; j++) {
              float wv = wc[i * KW + j];
              int64_t off = j * dw - pw;            /* iw = ow * sw + off */
              int64_t lo = off >= 0 ? 0 : (-off + sw - 1) / sw;
              int64_t hi = (W - 1 - off) >= 0 ? (W - 1 - off) / sw + 1 : 0;
              if (hi > OW) hi = OW;
              if (sw == 1) {
                const float* xs = xr + off;
                #pragma omp simd
                for (int64_t k = lo; k < hi; k++) yr[k] += wv * xs[k];
              } else {
                for (int64_t k = lo; k < hi; k++) yr[k] += wv * xr[k * sw + off];
              }
            }
          }
          pirc_epilogue(yr, OW, bc, rc != 0 ? rc + oh * OW : 0, act);
        }
        continue;
      }
      if (plane != filled) {
        const float* xc = x + plane * H * W;
        for (int64_t rr = 0; rr < HP; rr++) {
          int64_t ih = rr - ph;
          for (int64_t p = 0; p < sw; p++) {
            float* dst = buf + (p * HP + rr) * QW;
            if (ih < 0 || ih >= H) {
              memset(dst, 0, sizeof(float) * (size_t)QW);
              continue;
            }
            const float* xr = xc + ih * W;
            /* q in [lo, hi): iw = q * sw + p - pw inside [0, W) */
            int64_t off = p - pw;
            int64_t lo = off >= 0 ? 0 : (-off + sw - 1) / sw;
            int64_t hi = W - 1 - off >= 0 ? (W - 1 - off) / sw + 1 : 0;
            if (hi > QW) hi = QW;
            if (lo > hi) lo = hi;
            for (int64_t q = 0; q < lo; q++) dst[q] = 0.0f;
            if (sw == 1) {
              if (hi > lo) memcpy(dst + lo, xr + lo + off, sizeof(float) * (size_t)(hi - lo));
            } else {
              for (int64_t q = lo; q < hi; q++) dst[q] = xr[q * sw + off];
            }
            for (int64_t q = hi; q < QW; q++) dst[q] = 0.0f;
          }
        }
        filled = plane;
      }
      for (int64_t oh = 0; oh < OH; oh++) {
        float* restrict yr = yc + oh * OW;
        /* PIRC_DW_BLOCK outputs of the row at a time, summed over the taps in registers (lanes past
           the row's end read the buffer's slack or the next row and are dropped) */
        for (int64_t o0 = 0; o0 < OW; o0 += PIRC_DW_BLOCK) {
          pirc_v8 a0 = {0}, a1 = {0};
          const float* base = buf + oh * sh * QW + o0;
          for (int64_t k = 0; k < KH * KW; k++) {   /* taps in (i, j) order */
            const float* src = base + toff[k];
            pirc_v8 wv = (pirc_v8){0} + wc[k];
            a0 += wv * *(const pirc_v8*)src;
            a1 += wv * *(const pirc_v8*)(src + 8);
          }
          float acc[PIRC_DW_BLOCK];
          memcpy(acc, &a0, sizeof a0);
          memcpy(acc + 8, &a1, sizeof a1);
          int64_t m = OW - o0 < PIRC_DW_BLOCK ? OW - o0 : PIRC_DW_BLOCK;
          for (int64_t k = 0; k < m; k++) yr[o0 + k] = acc[k];
        }
        pirc_epilogue(yr, OW, bc, rc != 0 ? rc + oh * OW : 0, act);
      }
    }
    free(buf);
    free(toff);
  }
  return failed ? -1 : 0;
}

/* im2col of one NCHW float32 image: cols[c, i, j, oh, ow] = x[c, oh*sh - ph + i*dh, ow*sw - pw + j*dw],
   0 outside the input (the layout numpy's window copies give, ready for the GEMM) */
int pirc_im2col_f32(const float* restrict x, float* restrict cols, int64_t C, int64_t H, int64_t W, int64_t KH,
                    int64_t KW, int64_t OH, int64_t OW, int64_t sh, int64_t sw, int64_t ph, int64_t pw, int64_t dh,
                    int64_t dw)
{
  #pragma omp parallel for schedule(static) if (C * KH * KW * OH * OW >= 262144)
  for (int64_t t = 0; t < C * KH * KW; t++) {
    int64_t c = t / (KH * KW), i = t / KW % KH, j = t % KW;
    const float* xc = x + c * H * W;
    float* dst = cols + t * OH * OW;
    int64_t off = j * dw - pw;                  /* iw = ow * sw + off */
    int64_t lo = off >= 0 ? 0 : (-off + sw - 1) / sw;
    int64_t hi = (W - 1 - off) >= 0 ? (W - 1 - off) / sw + 1 : 0;
    if (hi > OW) hi = OW;
    if (lo > hi) lo = hi;
    for (int64_t oh = 0; oh < OH; oh++) {
      float* d = dst + oh * OW;
      int64_t ih = oh * sh - ph + i * dh;
      if (ih < 0 || ih >= H) {
        memset(d, 0, sizeof(float) * (size_t)OW);
        continue;
      }
      const float* xr = xc + ih * W;
      for (int64_t ow = 0; ow < lo; ow++) d[ow] = 0.0f;
      if (sw == 1) {
        if (hi > lo) memcpy(d + lo, xr + lo + off, sizeof(float) * (size_t)(hi - lo));
      } else {
        for (int64_t ow = lo; ow < hi; ow++) d[ow] = xr[ow * sw + off];
      }
      for (int64_t ow = hi; ow < OW; ow++) d[ow] = 0.0f;
    }
  }
  return 0;
}

/* max pooling: windows [o*s - p, o*s - p + k) clipped to the input, initial value -FLT_MAX */
int pirc_maxpool_f32(const float* restrict x, float* restrict y, int64_t NC, int64_t H, int64_t W,
                     int64_t KH, int64_t KW, int64_t OH, int64_t OW, int64_t sh, int64_t sw, int64_t ph,
                     int64_t pw)
{
  #pragma omp parallel for schedule(static) if (NC * OH * OW >= 32768)
  for (int64_t t = 0; t < NC; t++) {
    const float* xc = x + t * H * W;
    float* yc = y + t * OH * OW;
    for (int64_t oh = 0; oh < OH; oh++) {
      int64_t h0 = oh * sh - ph, h1 = h0 + KH;
      if (h0 < 0) h0 = 0;
      if (h1 > H) h1 = H;
      for (int64_t ow = 0; ow < OW; ow++) {
        int64_t w0 = ow * sw - pw, w1 = w0 + KW;
        if (w0 < 0) w0 = 0;
        if (w1 > W) w1 = W;
        float m = -3.402823466e+38f;
        for (int64_t ih = h0; ih < h1; ih++)
          for (int64_t iw = w0; iw < w1; iw++) {
            float v = xc[ih * W + iw];
            m = m > v ? m : v;   /* Paddle's MaxPool functor */
          }
        yc[oh * OW + ow] = m;
      }
    }
  }
  return 0;
}
"""

_LOCK = threading.Lock()
_LIB: Any = None
_FAILED = False


def _lib() -> Any:
    """The compiled helper library (None when there is no C compiler: the general kernels run)."""
    global _LIB, _FAILED
    if _LIB is not None or _FAILED:
        return _LIB
    with _LOCK:
        if _LIB is None and not _FAILED:
            try:
                from pirc.cinn.backend.cache import cache_key, default_cache
                from pirc.cinn.backend.compile_c import c_flags, cc_identity, compile_c, find_cc
                from pirc.runtime.threads import ensure_applied

                cc = find_cc()
                flags = c_flags(cc)
                key = cache_key("heavy_ops", cc_identity(cc), " ".join(flags), _SOURCE)
                path, _ = default_cache().get_or_build(
                    key, ".so", lambda: compile_c(_SOURCE, cc=cc, flags=flags, source_name="heavy_ops.c"),
                    kind="so", info={"toolchain": cc_identity(cc), "flags": list(flags)})
                ensure_applied()
                lib = ctypes.CDLL(str(path))
                lib.pirc_dwconv_f32.argtypes = [ctypes.c_void_p] * 5 + [ctypes.c_int64] * 15 + [ctypes.c_int]
                lib.pirc_bias_act_f32.argtypes = [ctypes.c_void_p] * 3 + [ctypes.c_int64] * 3 + [ctypes.c_int]
                lib.pirc_bias_act_f32.restype = ctypes.c_int
                lib.pirc_im2col_f32.argtypes = [ctypes.c_void_p] * 2 + [ctypes.c_int64] * 13
                lib.pirc_im2col_f32.restype = ctypes.c_int
                lib.pirc_dwconv_f32.restype = ctypes.c_int
                lib.pirc_maxpool_f32.argtypes = [ctypes.c_void_p] * 2 + [ctypes.c_int64] * 11
                lib.pirc_maxpool_f32.restype = ctypes.c_int
                _LIB = lib
            except Exception:  # noqa: BLE001  - no toolchain: the numpy kernels serve
                _FAILED = True
    return _LIB


#: the activations the C epilogue applies (pd_op.fused_conv2d_add_act's ``activation``), by code
ACTIVATIONS = {"identity": 0, "": 0, "relu": 1, "relu6": 2, "hardswish": 3}


def _ptr(a: np.ndarray | None) -> int | None:
    return None if a is None else a.ctypes.data


def _f32(a: np.ndarray | None) -> np.ndarray | None:
    return None if a is None else np.ascontiguousarray(a, dtype=np.float32)


def depthwise_conv2d(x: np.ndarray, w: np.ndarray, strides: Sequence[int], pads: Sequence[int],
                     dil: Sequence[int], out_hw: tuple[int, int], groups: int, bias: np.ndarray | None = None,
                     residual: np.ndarray | None = None, act: str = "identity") -> np.ndarray | None:
    """NCHW float32 conv with ``groups == channels``; pads = [top, bottom, left, right].  With
    ``bias`` (one per output channel), ``residual`` (the output's shape) or ``act``, the result is
    ``act((conv + bias) + residual)``, computed per output row while it is in cache."""
    n, c, h, wd = x.shape
    o, cg, kh, kw = w.shape
    if groups != c or cg != 1 or o % c or x.dtype != np.float32 or w.dtype != np.float32 or act not in ACTIVATIONS:
        return None
    if bias is not None and (bias.dtype != np.float32 or bias.size != o):
        return None
    if residual is not None and (residual.dtype != np.float32 or residual.shape != (n, o, *out_hw)):
        return None
    lib = _lib()
    if lib is None:
        return None
    x = np.ascontiguousarray(x)
    w = np.ascontiguousarray(w)
    b, r = _f32(bias), _f32(residual)
    y = np.empty((n, o, out_hw[0], out_hw[1]), dtype=np.float32)
    rc = lib.pirc_dwconv_f32(x.ctypes.data, w.ctypes.data, _ptr(b), _ptr(r), y.ctypes.data, n, c, h, wd, kh, kw,
                             out_hw[0], out_hw[1], strides[0], strides[1], pads[0], pads[2], dil[0], dil[1], o // c,
                             ACTIVATIONS[act])
    return y if rc == 0 else None


def bias_act(y: np.ndarray, bias: np.ndarray | None, residual: np.ndarray | None, act: str) -> bool:
    """``y = act((y + bias) + residual)`` in place on a fresh NCHW float32 conv output (bias: one per
    channel); False (nothing done) when it does not apply."""
    if y.dtype != np.float32 or y.ndim != 4 or not y.flags.c_contiguous or not y.flags.writeable or \
            act not in ACTIVATIONS:
        return False
    n, c, h, w = y.shape
    if bias is not None and (bias.dtype != np.float32 or bias.size != c):
        return False
    if residual is not None and (residual.dtype != np.float32 or residual.shape != y.shape):
        return False
    lib = _lib()
    if lib is None:
        return False
    b, r = _f32(bias), _f32(residual)
    lib.pirc_bias_act_f32(y.ctypes.data, _ptr(b), _ptr(r), n * c, c, h * w, ACTIVATIONS[act])
    return True


def im2col(x: np.ndarray, ksize: Sequence[int], strides: Sequence[int], pads: Sequence[int], dil: Sequence[int],
           out_hw: Sequence[int]) -> np.ndarray | None:
    """NCHW float32 windows as ``cols[n, c, i, j, oh, ow]`` (0 outside the input), one pass in C;
    None when it does not apply."""
    if x.dtype != np.float32 or x.ndim != 4:
        return None
    lib = _lib()
    if lib is None:
        return None
    n, c, h, w = x.shape
    kh, kw = ksize
    x = np.ascontiguousarray(x)
    cols = np.empty((n, c, kh, kw, out_hw[0], out_hw[1]), dtype=np.float32)
    for b in range(n):
        lib.pirc_im2col_f32(x[b].ctypes.data, cols[b].ctypes.data, c, h, w, kh, kw, out_hw[0], out_hw[1],
                            strides[0], strides[1], pads[0], pads[2], dil[0], dil[1])
    return cols


def pointwise_conv2d(x: np.ndarray, w: np.ndarray, strides: Sequence[int], pads: Sequence[int],
                     groups: int) -> np.ndarray | None:
    """NCHW 1x1 conv, stride 1, no padding, one group: one GEMM per image, no im2col."""
    n, c, h, wd = x.shape
    o, cg, kh, kw = w.shape
    if kh != 1 or kw != 1 or groups != 1 or cg != c or any(s != 1 for s in strides) or any(pads):
        return None
    if x.dtype != w.dtype or x.dtype not in (np.float32, np.float64):
        return None
    out = np.matmul(w.reshape(o, c), np.ascontiguousarray(x).reshape(n, c, h * wd))
    return out.reshape(n, o, h, wd)


def max_pool2d(x: np.ndarray, ksize: Sequence[int], strides: Sequence[int], pads: Sequence[int],
               out_hw: Sequence[int]) -> np.ndarray | None:
    """NCHW float32 max pooling over ordinary (not adaptive) windows; pads = [top, bottom, left, right].
    The update is Paddle's ``m = m > v ? m : v``."""
    n, c, h, w = x.shape
    if x.dtype != np.float32:
        return None
    lib = _lib()
    if lib is None:
        return None
    x = np.ascontiguousarray(x)
    y = np.empty((n, c, out_hw[0], out_hw[1]), dtype=np.float32)
    lib.pirc_maxpool_f32(x.ctypes.data, y.ctypes.data, n * c, h, w, ksize[0], ksize[1], out_hw[0], out_hw[1],
                         strides[0], strides[1], pads[0], pads[2])
    return y


def global_avg_pool(x: np.ndarray) -> np.ndarray:
    """NCHW mean over H and W, keeping them as 1x1."""
    return x.mean(axis=(2, 3), keepdims=True, dtype=x.dtype)


__all__ = ["ACTIVATIONS", "bias_act", "depthwise_conv2d", "global_avg_pool", "im2col", "max_pool2d", "pointwise_conv2d"]
