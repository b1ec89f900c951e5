"""Fast paths for the heavy ops the interpreter runs for both backends (conv2d, pooling).

Measured on the model zoo (bench/models.py), after conv + batch_norm folding the compiled groups
are a few percent of a CNN's time and the rest is in three numpy kernels.  What pays, and why:

* **depthwise conv2d** (groups == input channels): im2col + a batched matmul of ``1 x k*k`` by
  ``k*k x H*W`` per channel copies the input ``k*k`` times and calls a tiny GEMM per channel; the
  direct loop in C (:data:`_SOURCE`, each filter tap an axpy over an output row, vectorised, one
  OpenMP thread per channel block) reads the input once.  It is memory-bound, so BLAS has
  nothing to add.
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
/* y[n, oc] = sum_{i, j} w[oc, 0, i, j] * x[n, oc / mult, oh*sh - ph + i*dh, ow*sw - pw + j*dw] */
int pirc_dwconv_f32(const float* restrict x, const float* restrict w, float* restrict y,
                    int64_t N, int64_t C, int64_t H, int64_t W, int64_t KH, int64_t KW, int64_t OH,
                    int64_t OW, int64_t sh, int64_t sw, int64_t ph, int64_t pw, int64_t dh, int64_t dw,
                    int64_t mult)
{
  int64_t OC = C * mult;
  #pragma omp parallel for schedule(static) if (N * OC * OH * OW >= 32768)
  for (int64_t t = 0; t < N * OC; t++) {
    int64_t n = t / OC, oc = t % OC;
    const float* xc = x + (n * C + oc / mult) * H * W;
    const float* wc = w + oc * KH * KW;
    float* yc = y + t * OH * OW;
    for (int64_t k = 0; k < OH * OW; k++) yc[k] = 0.0f;
    for (int64_t oh = 0; oh < OH; oh++) {
      float* yr = yc + oh * OW;
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
            for (int64_t ow = lo; ow < hi; ow++) yr[ow] += wv * xs[ow];
          } else {
            for (int64_t ow = lo; ow < hi; ow++) yr[ow] += wv * xr[ow * sw + off];
          }
        }
      }
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
                lib.pirc_dwconv_f32.argtypes = [ctypes.c_void_p] * 3 + [ctypes.c_int64] * 15
                lib.pirc_dwconv_f32.restype = ctypes.c_int
                lib.pirc_maxpool_f32.argtypes = [ctypes.c_void_p] * 2 + [ctypes.c_int64] * 11
                lib.pirc_maxpool_f32.restype = ctypes.c_int
                _LIB = lib
            except Exception:  # noqa: BLE001  - no toolchain: the numpy kernels serve
                _FAILED = True
    return _LIB


def depthwise_conv2d(x: np.ndarray, w: np.ndarray, strides: Sequence[int], pads: Sequence[int],
                     dil: Sequence[int], out_hw: tuple[int, int], groups: int) -> np.ndarray | None:
    """NCHW float32 conv with ``groups == channels``; pads = [top, bottom, left, right]."""
    n, c, h, wd = x.shape
    o, cg, kh, kw = w.shape
    if groups != c or cg != 1 or o % c or x.dtype != np.float32 or w.dtype != np.float32:
        return None
    lib = _lib()
    if lib is None:
        return None
    x = np.ascontiguousarray(x)
    w = np.ascontiguousarray(w)
    y = np.empty((n, o, out_hw[0], out_hw[1]), dtype=np.float32)
    lib.pirc_dwconv_f32(x.ctypes.data, w.ctypes.data, y.ctypes.data, n, c, h, wd, kh, kw, out_hw[0], out_hw[1],
                        strides[0], strides[1], pads[0], pads[2], dil[0], dil[1], o // c)
    return y


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


__all__ = ["depthwise_conv2d", "global_avg_pool", "max_pool2d", "pointwise_conv2d"]
