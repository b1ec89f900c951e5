"""pd_op masked_fill / masked_fill_, tril / triu (+ ``_``), nonzero.

``masked_fill``/``masked_fill_`` (result = broadcast(x, mask), even for the inplace form;
value must broadcast to it and have x's dtype), ``tril``/``triu``, ``nonzero`` (operand
``condition``, result [-1, rank] int64).  Pattern kinds: masked_fill, tril, triu ELEMENTWISE
(CINN select / tril); nonzero NON_FUSIBLE.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import (
    KernelArg,
    Meta,
    MetaArg,
    OpDef,
    PatternKind,
    ShapeError,
    broadcast_dims,
    meta_of,
    register,
)
from pirc.dialects.pd_op.manipulation import _reg

# ---------------------------------------------------------------------------
# masked_fill / masked_fill_
# ---------------------------------------------------------------------------

def _bcast(a: tuple[int, ...] | None, b: tuple[int, ...] | None) -> tuple[int, ...] | None:
    if a is None or b is None:
        return None
    return broadcast_dims(a, b)


def _masked_fill_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    # Paddle prints broadcast(x, mask) (even for the inplace masked_fill_); value is only
    # checked by the kernel (it must broadcast to the result and have x's dtype)
    x, mask, value = meta_of(args[0]), meta_of(args[1]), meta_of(args[2])
    out = _bcast(x.shape, mask.shape)
    if out is not None and value.shape is not None:
        try:
            _bcast(value.shape, out)
        except ShapeError:
            raise ShapeError(f"masked_fill: value of shape {list(value.shape)} does not broadcast to "
                             f"{list(out)}") from None
    return [Meta(out, x.dtype)]


def _masked_fill_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, mask, value = np.asarray(args[0]), np.asarray(args[1]), np.asarray(args[2])
    if value.dtype != x.dtype:
        raise ValueError(f"masked_fill: value has dtype {value.dtype}, x has {x.dtype}")
    shape = np.broadcast_shapes(x.shape, mask.shape)
    return [np.where(mask.astype(bool, copy=False), np.broadcast_to(value, shape), x).astype(x.dtype, copy=False)]


_reg("pd_op.masked_fill", inplace_of="pd_op.masked_fill_", operands=("x", "mask", "value"),
     infer_meta=_masked_fill_meta, kernel=_masked_fill_kernel, pattern=PatternKind.ELEMENTWISE)


# ---------------------------------------------------------------------------
# tril / triu
# ---------------------------------------------------------------------------

def _tril_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is not None and len(x.shape) < 2:
        raise ShapeError(f"tril/triu: input rank must be at least 2, got {len(x.shape)}")
    return [Meta(x.shape, x.dtype)]


def _tri_kernel(fn: Any) -> Any:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x = np.asarray(args[0])
        if x.ndim < 2:
            raise ValueError(f"tril/triu: input rank must be at least 2, got {x.ndim}")
        return [fn(x, int(attrs.get("diagonal", 0)))]

    return kernel


# CINN registers tril as kElementWise
_reg("pd_op.tril", inplace_of="pd_op.tril_", operands=("x",), attrs=("diagonal",), infer_meta=_tril_meta,
     kernel=_tri_kernel(np.tril), pattern=PatternKind.ELEMENTWISE)
_reg("pd_op.triu", inplace_of="pd_op.triu_", operands=("x",), attrs=("diagonal",), infer_meta=_tril_meta,
     kernel=_tri_kernel(np.triu), pattern=PatternKind.ELEMENTWISE)


# ---------------------------------------------------------------------------
# nonzero
# ---------------------------------------------------------------------------

def _nonzero_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta((-1, -1), "int64")]
    if len(x.shape) == 0:
        raise ShapeError("nonzero: input must have rank >= 1")
    return [Meta((-1, len(x.shape)), "int64")]


def _nonzero_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    if x.ndim == 0:
        raise ValueError("nonzero: input must have rank >= 1")
    return [np.ascontiguousarray(np.argwhere(x != 0).astype(np.int64))]


# data-dependent result shape: not fusible
register(OpDef(name="pd_op.nonzero", operands=("condition",), infer_meta=_nonzero_meta, kernel=_nonzero_kernel,
               pattern=PatternKind.NON_FUSIBLE))
