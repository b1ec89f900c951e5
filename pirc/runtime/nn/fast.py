"""The interpreter's fast paths through nnlib: numpy arrays + an op's attributes in, the result out,
or None when :mod:`.desc` does not cover the case or the library is missing (the caller's general
kernel runs then).  ``nt`` is the thread policy's OpenMP team (:func:`.desc.threads`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.runtime.nn import desc, lib


def _f32(a: np.ndarray | None) -> np.ndarray | None:
    return None if a is None else np.ascontiguousarray(a, dtype=np.float32)


def conv2d(x: np.ndarray, w: np.ndarray, attrs: Mapping[str, Any], act: str = "identity",
           bias: np.ndarray | None = None, residual: np.ndarray | None = None) -> np.ndarray | None:
    """``act((conv2d(x, w) + bias) + residual)`` (Paddle's conv attributes), or None."""
    if x.dtype != np.float32 or w.dtype != np.float32 or (bias is not None and bias.dtype != np.float32) or (
            residual is not None and residual.dtype != np.float32):
        return None
    d = desc.conv2d(attrs, x.shape, w.shape, "float32", act, None if bias is None else bias.shape,
                    None if residual is None else residual.shape, bias is not None, residual is not None)
    if d is None:
        return None
    b = None if bias is None else _f32(bias.reshape(-1))
    return lib.conv2d(d, np.ascontiguousarray(x), np.ascontiguousarray(w), b, _f32(residual), desc.threads())


def pool2d(x: np.ndarray, ksize: Sequence[int], attrs: Mapping[str, Any]) -> np.ndarray | None:
    """pd_op.pool2d's result, or None."""
    if x.dtype != np.float32:
        return None
    d = desc.pool2d(attrs, x.shape, ksize, "float32")
    if d is None:
        return None
    return lib.pool2d(d, np.ascontiguousarray(x), desc.threads())


def fc(x: np.ndarray, w: np.ndarray, bias: np.ndarray | None, attrs: Mapping[str, Any]) -> np.ndarray | None:
    """pd_op.fc's result, or None."""
    if x.dtype != np.float32 or w.dtype != np.float32 or (bias is not None and bias.dtype != np.float32):
        return None
    d = desc.fc(attrs, x.shape, w.shape, "float32", None if bias is None else bias.shape, bias is not None)
    if d is None:
        return None
    b = None if bias is None else _f32(bias.reshape(-1))
    y = lib.fc(d, np.ascontiguousarray(x), np.ascontiguousarray(w), b, desc.threads())
    k = int(attrs.get("in_num_col_dims", 1))
    return None if y is None else y.reshape(*x.shape[:k], w.shape[1])


def attention(q: np.ndarray, k: np.ndarray, v: np.ndarray, bias: np.ndarray | None,
              attrs: Mapping[str, Any]) -> np.ndarray | None:
    """pd_op.fused_dot_product_attention's result (its operands' layout: [B, S, H, D], or [B, S, H*D] with
    head_number), or None."""
    if not q.dtype == k.dtype == v.dtype == np.float32 or (bias is not None and bias.dtype != np.float32):
        return None
    d = desc.attention(attrs, q.shape, k.shape, v.shape, "float32", None if bias is None else bias.shape,
                       bias is not None)
    if d is None:
        return None
    c = np.ascontiguousarray
    y = lib.attention(d, c(q), c(k), c(v), None if bias is None else c(bias), desc.threads())
    return None if y is None else y.reshape(*q.shape[:-1], -1)


def embedding(ids: np.ndarray, w: np.ndarray, attrs: Mapping[str, Any]) -> np.ndarray | None:
    """pd_op.embedding's result, or None (an id out of range included: the caller's kernel reports it)."""
    if w.dtype != np.float32:
        return None
    d = desc.embedding(attrs, ids.shape, w.shape, str(ids.dtype), "float32")
    if d is None:
        return None
    y = lib.embedding(d, np.ascontiguousarray(ids), np.ascontiguousarray(w), desc.threads())
    return None if y is None else y.reshape(*ids.shape, w.shape[1])
