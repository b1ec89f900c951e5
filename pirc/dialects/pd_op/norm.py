"""pd_op normalisation: batch_norm, batch_norm_, layer_norm, group_norm, instance_norm.

Operand/attribute/result lists were checked against PaddlePaddle 3.3.1's PIR (see
``tests/dialects/gen_part2.py``).

* ``F.batch_norm(training=False)`` and ``nn.BatchNorm2D`` emit the inplace
  ``pd_op.batch_norm_`` (mean -> mean_out, variance -> variance_out).  With global stats
  (``is_test and not trainable_statistics`` or ``use_global_stats``) Paddle leaves
  mean_out/variance_out equal to the running stats and saved_mean/saved_variance zero;
  reserve_space is an empty uint8 tensor (typed ``tensor<-1xu8>``).  In training mode
  saved_variance holds 1/sqrt(var+eps) and the running stats are updated with momentum.
* ``layer_norm``'s mean/variance have shape ``x.shape[:begin_norm_axis]``; group_norm's
  are ``[N, groups]``; instance_norm's saved_mean/saved_variance are ``[N*C]`` and
  saved_variance is 1/sqrt(var+eps).  All statistics are float32 for float16 inputs.

The norms are decomposed before CINN: NON_FUSIBLE.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op._nnutil import _compute_dtype, _shape, _stat_dtype
from pirc.dialects.pd_op.common import (
    KernelArg,
    Meta,
    MetaArg,
    OpDef,
    PatternKind,
    ShapeError,
    meta_of,
    register,
)
from pirc.dialects.pd_op.conv import _layout

# ---------------------------------------------------------------------------
# normalisation
# ---------------------------------------------------------------------------

def _channel_axis(rank: int, attrs: Mapping[str, Any]) -> int:
    if rank < 2:
        raise ShapeError(f"normalisation input must have rank >= 2, got {rank}")
    return rank - 1 if _layout(attrs) else 1


def _check_vec(m: MetaArg, c: int, name: str, what: str) -> None:
    if m is None:
        return
    s = _shape(meta_of(m))
    if len(s) != 1:
        raise ShapeError(f"{what}: {name} must be 1-D, got {s}")
    if c >= 0 and s[0] >= 0 and s[0] != c:
        raise ShapeError(f"{what}: {name} has {s[0]} elements, expected {c}")


def _batch_norm_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    xs = _shape(x)
    if not 2 <= len(xs) <= 5:
        raise ShapeError(f"batch_norm: input rank must be 2..5, got {xs}")
    c = xs[_channel_axis(len(xs), attrs)]
    for i, name in enumerate(("mean", "variance", "scale", "bias"), 1):
        if i < 3 and (len(args) <= i or args[i] is None):
            raise ShapeError(f"batch_norm: {name} is required")
        _check_vec(args[i] if len(args) > i else None, c, name, "batch_norm")
    mean, var = meta_of(args[1]), meta_of(args[2])
    sd = _stat_dtype(x.dtype)
    return [Meta(xs, x.dtype), Meta(_shape(mean), mean.dtype), Meta(_shape(var), var.dtype),
            Meta((c,), sd), Meta((c,), sd), Meta((-1,), "uint8")]


def _bshape(rank: int, axis: int) -> list[int]:
    s = [1] * rank
    s[axis] = -1
    return s


def _batch_norm_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, mean, var = args[0], args[1], args[2]
    scale = args[3] if len(args) > 3 else None
    bias = args[4] if len(args) > 4 else None
    axis = _channel_axis(x.ndim, attrs)
    c = x.shape[axis]
    cd = _compute_dtype(x)
    eps = float(attrs.get("epsilon", 1e-5))
    momentum = float(attrs.get("momentum", 0.9))
    test_mode = bool(attrs.get("is_test", False)) and not bool(attrs.get("trainable_statistics", False))
    global_stats = test_mode or bool(attrs.get("use_global_stats", False))
    sd = np.dtype(cd)
    xc = x.astype(cd, copy=False)
    bs = _bshape(x.ndim, axis)
    red = tuple(i for i in range(x.ndim) if i != axis)
    if global_stats:
        m = mean.astype(cd)
        inv_std = (1.0 / np.sqrt(var.astype(cd) + np.asarray(eps, cd))).astype(cd)
        mean_out, var_out = mean.copy(), var.copy()
        saved_mean = np.zeros((c,), sd)
        saved_var = np.zeros((c,), sd)
    else:
        if x.size // c == 1:
            return [x.copy(), mean.copy(), var.copy(), np.zeros((c,), sd), np.zeros((c,), sd),
                    np.zeros((0,), np.uint8)]
        m = xc.mean(axis=red, dtype=np.float64).astype(cd)
        v = ((xc - m.reshape(bs)) ** 2).mean(axis=red, dtype=np.float64).astype(cd)
        mom, rest = np.asarray(momentum, mean.dtype), np.asarray(1 - momentum, mean.dtype)
        mean_out = mean * mom + m.astype(mean.dtype) * rest
        var_out = var * mom.astype(var.dtype) + v.astype(var.dtype) * rest.astype(var.dtype)
        inv_std = (1.0 / np.sqrt(v + np.asarray(eps, cd))).astype(cd)
        saved_mean, saved_var = m.astype(sd), inv_std.astype(sd)
    y = (xc - m.reshape(bs)) * inv_std.reshape(bs)
    if scale is not None:
        y = y * scale.astype(cd).reshape(bs)
    if bias is not None:
        y = y + bias.astype(cd).reshape(bs)
    return [y.astype(x.dtype, copy=False), np.asarray(mean_out), np.asarray(var_out), saved_mean, saved_var,
            np.zeros((0,), np.uint8)]


_BN_ATTRS = ("is_test", "momentum", "epsilon", "data_format", "use_global_stats", "trainable_statistics")
_BN_RESULTS = ("out", "mean_out", "variance_out", "saved_mean", "saved_variance", "reserve_space")
register(OpDef(name="pd_op.batch_norm", operands=("x", "mean", "variance", "scale?", "bias?"), attrs=_BN_ATTRS,
               results=_BN_RESULTS, infer_meta=_batch_norm_meta, kernel=_batch_norm_kernel,
               pattern=PatternKind.NON_FUSIBLE, loose_results=frozenset({3, 4})))
register(OpDef(name="pd_op.batch_norm_", operands=("x", "mean", "variance", "scale?", "bias?"), attrs=_BN_ATTRS,
               results=_BN_RESULTS, infer_meta=_batch_norm_meta, kernel=_batch_norm_kernel,
               pattern=PatternKind.NON_FUSIBLE, traits=frozenset({"inplace"}), inplace={1: 1, 2: 2},
               loose_results=frozenset({3, 4})))  # saved_mean/variance: the translator types them as declared


def _normalize_rows(x2: np.ndarray, eps: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(x - mean) / sqrt(var + eps) over the last axis, in x2's dtype; statistics are
    accumulated in float64 and returned as float64 (biased variance)."""
    m = x2.mean(axis=-1, dtype=np.float64)
    d = x2 - m.astype(x2.dtype)[..., None]
    v = np.mean(np.square(d), axis=-1, dtype=np.float64)
    inv = (1.0 / np.sqrt(v + eps)).astype(x2.dtype)
    return d * inv[..., None], m, v


def _layer_norm_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    xs = _shape(x)
    b = int(attrs.get("begin_norm_axis", 1))
    if not 0 < b < len(xs):  # Paddle: begin_norm_axis > 0 and < rank
        raise ShapeError(f"layer_norm: begin_norm_axis {attrs.get('begin_norm_axis')} out of range for {xs}")
    right = xs[b:]
    n = -1 if any(d < 0 for d in right) else int(np.prod(right, dtype=np.int64))
    for i, name in ((1, "scale"), (2, "bias")):
        _check_vec(args[i] if len(args) > i else None, n, name, "layer_norm")
    sd = _stat_dtype(x.dtype)
    return [Meta(xs, x.dtype), Meta(xs[:b], sd), Meta(xs[:b], sd)]


def _layer_norm_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    scale = args[1] if len(args) > 1 else None
    bias = args[2] if len(args) > 2 else None
    b = int(attrs.get("begin_norm_axis", 1))
    if not 0 < b < x.ndim:
        raise ValueError(f"layer_norm: begin_norm_axis {b} out of range for rank {x.ndim}")
    eps = float(attrs.get("epsilon", 1e-5))
    cd = _compute_dtype(x)
    lead = x.shape[:b]
    # explicit sizes: an empty batch (a 0 in ``lead``) gives empty outputs, as in Paddle
    x2 = x.astype(cd, copy=False).reshape(int(np.prod(lead, dtype=np.int64)), int(np.prod(x.shape[b:], dtype=np.int64)))
    y, m, v = _normalize_rows(x2, eps)
    if scale is not None:
        y = y * scale.astype(cd, copy=False).reshape(1, -1)
    if bias is not None:
        y = y + bias.astype(cd, copy=False).reshape(1, -1)
    sd = np.dtype(cd)
    return [y.astype(x.dtype, copy=False).reshape(x.shape), m.astype(sd).reshape(lead), v.astype(sd).reshape(lead)]


register(OpDef(name="pd_op.layer_norm", operands=("x", "scale?", "bias?"), attrs=("epsilon", "begin_norm_axis"),
               results=("out", "mean", "variance"), infer_meta=_layer_norm_meta, kernel=_layer_norm_kernel,
               pattern=PatternKind.NON_FUSIBLE))


def _group_norm_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    xs = _shape(x)
    if len(xs) < 2:
        raise ShapeError(f"group_norm: input rank must be >= 2, got {xs}")
    c = xs[_channel_axis(len(xs), attrs)]
    g = int(attrs["groups"])
    if g <= 0 or (c >= 0 and c % g):
        raise ShapeError(f"group_norm: channels {c} not divisible by groups {g}")
    for i, name in ((1, "scale"), (2, "bias")):
        _check_vec(args[i] if len(args) > i else None, c, name, "group_norm")
    sd = _stat_dtype(x.dtype)
    return [Meta(xs, x.dtype), Meta((xs[0], g), sd), Meta((xs[0], g), sd)]


def _group_norm_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    scale = args[1] if len(args) > 1 else None
    bias = args[2] if len(args) > 2 else None
    g = int(attrs["groups"])
    eps = float(attrs.get("epsilon", 1e-5))
    axis = _channel_axis(x.ndim, attrs)
    xin = np.moveaxis(x, axis, 1) if axis != 1 else x
    n, c = xin.shape[:2]
    if c % g:
        raise ValueError(f"group_norm: channels {c} not divisible by groups {g}")
    cd = _compute_dtype(x)
    per_group = int(np.prod(xin.shape[1:], dtype=np.int64)) // g  # explicit: n may be 0
    y, m, v = _normalize_rows(xin.astype(cd, copy=False).reshape(n, g, per_group), eps)
    y = y.reshape(xin.shape)
    bs = [1, c] + [1] * (x.ndim - 2)
    if scale is not None:
        y = y * scale.astype(cd, copy=False).reshape(bs)
    if bias is not None:
        y = y + bias.astype(cd, copy=False).reshape(bs)
    if axis != 1:
        y = np.moveaxis(y, 1, axis)
    sd = np.dtype(cd)
    return [np.ascontiguousarray(y).astype(x.dtype, copy=False), m.astype(sd), v.astype(sd)]


register(OpDef(name="pd_op.group_norm", operands=("x", "scale?", "bias?"), attrs=("epsilon", "groups", "data_format"),
               results=("y", "mean", "variance"), infer_meta=_group_norm_meta, kernel=_group_norm_kernel,
               pattern=PatternKind.NON_FUSIBLE))


def _instance_norm_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    xs = _shape(x)
    if not 2 <= len(xs) <= 5:
        raise ShapeError(f"instance_norm: input rank must be 2..5, got {xs}")
    c = xs[1]
    for i, name in ((1, "scale"), (2, "bias")):
        _check_vec(args[i] if len(args) > i else None, c, name, "instance_norm")
    nc = -1 if xs[0] < 0 or c < 0 else xs[0] * c
    sd = _stat_dtype(x.dtype)
    return [Meta(xs, x.dtype), Meta((nc,), sd), Meta((nc,), sd)]


def _instance_norm_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    scale = args[1] if len(args) > 1 else None
    bias = args[2] if len(args) > 2 else None
    eps = float(attrs.get("epsilon", 1e-5))
    n, c = x.shape[:2]
    cd = _compute_dtype(x)
    y, m, v = _normalize_rows(x.astype(cd, copy=False).reshape(n, c, int(np.prod(x.shape[2:], dtype=np.int64))), eps)
    if scale is not None:
        y = y * scale.astype(cd, copy=False).reshape(1, c, 1)
    if bias is not None:
        y = y + bias.astype(cd, copy=False).reshape(1, c, 1)
    sd = np.dtype(cd)
    inv = 1.0 / np.sqrt(v + eps)
    return [y.reshape(x.shape).astype(x.dtype, copy=False), m.reshape(-1).astype(sd), inv.reshape(-1).astype(sd)]


register(OpDef(name="pd_op.instance_norm", operands=("x", "scale?", "bias?"), attrs=("epsilon",),
               results=("y", "saved_mean", "saved_variance"), infer_meta=_instance_norm_meta,
               kernel=_instance_norm_kernel, pattern=PatternKind.NON_FUSIBLE))
