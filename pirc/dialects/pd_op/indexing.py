"""pd_op indexing ops: slice, strided_slice, gather, gather_nd, index_select.

Conventions (mutable attributes as operands, views, pattern kinds, Paddle's shape-rule quirks
for gather / slice / strided_slice): see manipulation.py's docstring.
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
    meta_of,
    normalize_axis,
    register,
)
from pirc.dialects.pd_op.manipulation import (
    _VIEW,
    const_int,
    const_ints,
    kernel_int,
    kernel_ints,
)

# ---------------------------------------------------------------------------
# slice / strided_slice
# ---------------------------------------------------------------------------

def _slice_len(dim: int, start: int, end: int, step: int) -> int:
    if dim < 0:
        return -1
    return len(range(*slice(start, end, step).indices(dim)))


def _check_axes(axes: Sequence[int], rank: int, what: str) -> list[int]:
    out = []
    for a in axes:
        a = int(a)
        if not 0 <= a < rank and not -rank <= a < 0:
            raise ShapeError(f"{what}: axis {a} out of range for rank {rank}")
        out.append(a + rank if a < 0 else a)
    return out


def _slice_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    rank = len(x.shape)
    axes = _check_axes(attrs["axes"], rank, "slice")
    starts = const_ints(args[1])
    ends = const_ints(args[2])
    infer_flags = list(attrs.get("infer_flags") or [])
    out = list(x.shape)
    for k, ax in enumerate(axes):
        if starts is None or ends is None or (k < len(infer_flags) and infer_flags[k] == -1):
            out[ax] = -1
            continue
        if len(starts) != len(axes) or len(ends) != len(axes):
            raise ShapeError(f"slice: {len(axes)} axes but {len(starts)} starts and {len(ends)} ends")
        out[ax] = _slice_len(x.shape[ax], starts[k], ends[k], 1)
    dec = _check_axes(attrs.get("decrease_axis") or [], rank, "slice")
    for ax in dec:
        if out[ax] not in (1, -1):
            raise ShapeError(f"slice: decreased axis {ax} has size {out[ax]}, expected 1")
    return [Meta(tuple(d for i, d in enumerate(out) if i not in dec), x.dtype)]


def _slice_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    axes = _check_axes(attrs["axes"], x.ndim, "slice")
    starts, ends = kernel_ints(args[1]), kernel_ints(args[2])
    if len(starts) != len(axes) or len(ends) != len(axes):
        raise ValueError("slice: starts/ends do not match axes")
    idx: list[Any] = [slice(None)] * x.ndim
    for ax, s, e in zip(axes, starts, ends, strict=True):
        idx[ax] = slice(s, e)
    out = x[tuple(idx)]
    dec = _check_axes(attrs.get("decrease_axis") or [], x.ndim, "slice")
    if dec:
        for ax in dec:
            if out.shape[ax] != 1:
                raise ValueError(f"slice: decreased axis {ax} has size {out.shape[ax]}, expected 1")
        # the trailing Ellipsis keeps a 0-D result an ndarray view (not a numpy scalar)
        out = out[tuple(0 if i in dec else slice(None) for i in range(x.ndim)) + (Ellipsis,)]
    return [out]


register(OpDef(name="pd_op.slice", operands=("input", "starts", "ends"), attrs=("axes", "infer_flags", "decrease_axis"),
               infer_meta=_slice_meta, kernel=_slice_kernel, pattern=PatternKind.INJECTIVE,
               traits=_VIEW, view={0: 0}))


def _strided_slice_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    axes = _check_axes(attrs["axes"], len(x.shape), "strided_slice")
    starts, ends, strides = const_ints(args[1]), const_ints(args[2]), const_ints(args[3])
    out = list(x.shape)
    if starts is None or ends is None or strides is None:
        return [Meta((-1,) * len(out), x.dtype)]  # Paddle: every dim unknown
    if not len(starts) == len(ends) == len(strides) == len(axes):
        raise ShapeError("strided_slice: axes, starts, ends and strides differ in length")
    for ax, s, e, st in zip(axes, starts, ends, strides, strict=True):
        if st == 0:
            raise ShapeError("strided_slice: stride 0")
        out[ax] = _slice_len(x.shape[ax], s, e, st)
    return [Meta(tuple(out), x.dtype)]


def _strided_slice_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    axes = _check_axes(attrs["axes"], x.ndim, "strided_slice")
    starts, ends, strides = kernel_ints(args[1]), kernel_ints(args[2]), kernel_ints(args[3])
    idx: list[Any] = [slice(None)] * x.ndim
    for ax, s, e, st in zip(axes, starts, ends, strides, strict=True):
        if st == 0:
            raise ValueError("strided_slice: stride 0")
        idx[ax] = slice(s, e, st)
    return [x[tuple(idx)].copy()]


register(OpDef(name="pd_op.strided_slice", operands=("x", "starts", "ends", "strides"), attrs=("axes",),
               infer_meta=_strided_slice_meta, kernel=_strided_slice_kernel, pattern=PatternKind.INJECTIVE))


# ---------------------------------------------------------------------------
# gather / gather_nd / index_select
# ---------------------------------------------------------------------------

_INDEX_DTYPES = ("int32", "int64")


def _check_index_dtype(m: Meta, what: str) -> None:
    if m.dtype not in _INDEX_DTYPES:
        raise ShapeError(f"{what}: index dtype must be int32 or int64, got {m.dtype}")


def _gather_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, index = meta_of(args[0]), meta_of(args[1])
    _check_index_dtype(index, "gather")
    if x.shape is None:
        return [Meta(None, x.dtype)]
    rank = len(x.shape)
    if rank == 0:
        raise ShapeError("gather: input must have rank >= 1")
    axis = const_int(args[2]) if len(args) > 2 and args[2] is not None else int(attrs.get("axis", 0))
    if index.shape is None:
        return [Meta(None, x.dtype)]
    if len(index.shape) == 2 and index.shape[1] not in (1, -1):
        raise ShapeError(f"gather: index must be 1-D or [N, 1], got {index.shape}")
    if len(index.shape) > 2:
        raise ShapeError(f"gather: index must be 0-D, 1-D or [N, 1], got {index.shape}")
    if axis is None:
        # Paddle's GatherInferMeta: when axis comes from a tensor it computes the
        # shape as if axis were 0 ("we can not obtain correct shape of output").
        axis = 0
    axis = normalize_axis(axis, rank)
    if len(index.shape) == 0:
        mid: tuple[int, ...] = ()
    else:
        mid = (index.shape[0],)
    return [Meta(x.shape[:axis] + mid + x.shape[axis + 1:], x.dtype)]


def _take(x: np.ndarray, index: np.ndarray, axis: int) -> np.ndarray:
    n = x.shape[axis]
    if index.size and (index.min() < -n or index.max() >= n):
        raise IndexError(f"index out of range [{-n}, {n}) on axis {axis}")
    return np.take(x, index, axis=axis)


def _gather_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, index = args[0], np.asarray(args[1])
    axis = normalize_axis(kernel_int(args[2]), x.ndim)
    if index.ndim == 2:
        index = index.reshape(-1)
    return [_take(x, index, axis)]


register(OpDef(name="pd_op.gather", operands=("x", "index", "axis"), infer_meta=_gather_meta,
               kernel=_gather_kernel, pattern=PatternKind.INJECTIVE))


def _index_select_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, index = meta_of(args[0]), meta_of(args[1])
    _check_index_dtype(index, "index_select")
    if x.shape is None:
        return [Meta(None, x.dtype)]
    rank = len(x.shape)
    axis = normalize_axis(int(attrs["axis"]), rank)
    if index.shape is None:
        n = -1
    elif len(index.shape) == 1 or len(index.shape) == 2 and index.shape[1] in (1, -1):
        n = index.shape[0]
    else:
        raise ShapeError(f"index_select: index must be 1-D, got shape {index.shape}")
    if rank == 0:
        return [Meta((n,), x.dtype)]
    return [Meta(x.shape[:axis] + (n,) + x.shape[axis + 1:], x.dtype)]


def _index_select_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, index = args[0], np.asarray(args[1]).reshape(-1)
    if x.ndim == 0:
        return [_take(x.reshape(1), index, 0)]
    return [_take(x, index, normalize_axis(int(attrs["axis"]), x.ndim))]


register(OpDef(name="pd_op.index_select", operands=("x", "index"), attrs=("axis",),
               infer_meta=_index_select_meta, kernel=_index_select_kernel, pattern=PatternKind.INJECTIVE))


def _gather_nd_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, index = meta_of(args[0]), meta_of(args[1])
    _check_index_dtype(index, "gather_nd")
    if x.shape is None or index.shape is None:
        return [Meta(None, x.dtype)]
    if len(index.shape) == 0:
        raise ShapeError("gather_nd: index must have rank >= 1")
    k = index.shape[-1]
    if k < 0:
        return [Meta(None, x.dtype)]
    if k > len(x.shape):
        raise ShapeError(f"gather_nd: index last dim {k} exceeds input rank {len(x.shape)}")
    return [Meta(index.shape[:-1] + x.shape[k:], x.dtype)]


def _gather_nd_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, index = args[0], np.asarray(args[1])
    k = index.shape[-1]
    if k > x.ndim:
        raise ValueError(f"gather_nd: index last dim {k} exceeds input rank {x.ndim}")
    lead = index.shape[:-1]
    if k == 0:
        return [np.broadcast_to(x, lead + x.shape).copy()]
    idx = []
    for i in range(k):
        col = index[..., i]
        n = x.shape[i]
        if col.size and (col.min() < -n or col.max() >= n):
            raise IndexError(f"gather_nd: index out of range on axis {i}")
        idx.append(col)
    return [np.array(x[tuple(idx)])]


register(OpDef(name="pd_op.gather_nd", operands=("x", "index"), infer_meta=_gather_nd_meta,
               kernel=_gather_nd_kernel, pattern=PatternKind.INJECTIVE))
