"""cast, scale, clip, where, assign and assign_out_."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, Meta, MetaArg, OpDef, ShapeError, meta_of, register
from pirc.dialects.pd_op.elementwise.base import (
    E,
    _compute_dtype,
    as_array,
    cast_array,
    dtype_name,
    first_value,
    register_with_inplace,
    same_dims,
    unary_meta,
)

# ---------------------------------------------------------------------------
# cast, scale, clip, where, assign
# ---------------------------------------------------------------------------


def _cast_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    dtype = attrs.get("dtype")
    if not isinstance(dtype, str) or dtype == "Undefined":
        raise ShapeError(f"cast needs a target dtype, got {dtype!r}")
    return [Meta(x.shape, dtype)]


def _cast_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    out = cast_array(x, attrs["dtype"])
    if out is x or np.shares_memory(out, x):
        out = out.copy()
    return [out]


register_with_inplace("cast", operands=("x",), attrs=("dtype",), infer_meta=_cast_meta, kernel=_cast_kernel,
                      pattern=E, inplace_variant=True)


def _scale_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    return [Meta(x.shape, x.dtype)]


def _scale_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    s = first_value(args[1]) if len(args) > 1 and args[1] is not None else attrs.get("scale", 1.0)
    b = attrs.get("bias", 0.0)
    cd = _compute_dtype(x.dtype)
    if cd == np.bool_:
        cd = np.dtype(np.float32)
    # phi: static_cast<T>(scale), static_cast<T>(bias) (truncating for integer tensors)
    s_t = as_array(cast_array(np.asarray(float(s)), dtype_name(cd)))
    b_t = as_array(cast_array(np.asarray(float(b)), dtype_name(cd)))
    xc = x.astype(cd, copy=False)
    with np.errstate(all="ignore"):
        out = xc * s_t + b_t if attrs.get("bias_after_scale", True) else (xc + b_t) * s_t
    return [cast_array(out, dtype_name(x.dtype))]


register_with_inplace("scale", operands=("x", "scale"), attrs=("bias", "bias_after_scale"),
                      infer_meta=_scale_meta, kernel=_scale_kernel, pattern=E, inplace_variant=True)


def _clip_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    lo = args[1].const if len(args) > 1 and isinstance(args[1], Meta) else None
    hi = args[2].const if len(args) > 2 and isinstance(args[2], Meta) else None
    if lo is not None and hi is not None and float(np.asarray(lo).reshape(-1)[0]) > float(np.asarray(hi).reshape(-1)[0]):
        raise ShapeError(f"clip: min ({lo}) must not exceed max ({hi})")
    return [Meta(x.shape, x.dtype)]


def _clip_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    lo = first_value(args[1]) if len(args) > 1 and args[1] is not None else attrs.get("min", 0.0)
    hi = first_value(args[2]) if len(args) > 2 and args[2] is not None else attrs.get("max", 0.0)
    dt = dtype_name(x.dtype)
    lo_t = cast_array(np.asarray(lo), dt)
    hi_t = cast_array(np.asarray(hi), dt)
    if lo_t > hi_t:
        raise ValueError(f"clip: min ({lo_t}) must not exceed max ({hi_t})")
    out = np.where(x < lo_t, lo_t, np.where(x > hi_t, hi_t, x))
    return [as_array(out, x.dtype)]


register_with_inplace("clip", operands=("x", "min", "max"), infer_meta=_clip_meta, kernel=_clip_kernel,
                      pattern=E, inplace_variant=True)


def _where_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    cond, x, y = meta_of(args[0]), meta_of(args[1]), meta_of(args[2])
    same_dims(cond.shape, x.shape, "where: condition and x")
    same_dims(x.shape, y.shape, "where: x and y")
    return [Meta(x.shape, x.dtype)]  # Paddle's WhereInferMeta: out takes x's dims


def _where_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    cond, x, y = (np.asarray(a) for a in args[:3])
    if cond.dtype != np.bool_:
        raise ValueError(f"where: the condition must be a bool tensor, got {cond.dtype}")
    return [as_array(np.where(cond.astype(bool, copy=False), x, y), x.dtype)]


register_with_inplace("where", operands=("condition", "x", "y"), infer_meta=_where_meta, kernel=_where_kernel,
                      pattern=E, inplace_variant=True, inplace_operand=1)


def _assign_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    return [np.array(args[0], copy=True)]


register_with_inplace("assign", operands=("x",), infer_meta=unary_meta(), kernel=_assign_kernel,
                      pattern=E, inplace_variant=True)

# assign_out_(x, output): copies x into `output`'s buffer; the result aliases `output`.
register(OpDef(
    name="pd_op.assign_out_", operands=("x", "output"), attrs=(), results=("out",),
    infer_meta=unary_meta(), kernel=_assign_kernel, pattern=E,
    traits=frozenset({"inplace"}), inplace={0: 1},
))
