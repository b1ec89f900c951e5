"""Ops that join or cut tensors: concat, stack, split, split_with_num, unbind, meshgrid."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op._nnutil import _shape
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
from pirc.dialects.pd_op.manipulation.base import (
    _merge_dim,
    _operand_len,
    const_int,
    const_ints,
    kernel_int,
    kernel_ints,
)

# ---------------------------------------------------------------------------
# concat / stack
# ---------------------------------------------------------------------------

def _metas_list(arg: MetaArg, what: str) -> list[Meta]:
    if not isinstance(arg, list) or not arg:
        raise ShapeError(f"{what}: expected a non-empty tensor list")
    for m in arg:
        if not isinstance(m, Meta):
            raise ShapeError(f"{what}: expected tensors in the list")
    return arg


def _check_same_dtype(ms: list[Meta], what: str) -> str:
    dt = ms[0].dtype
    for i, m in enumerate(ms[1:], 1):
        if m.dtype != dt:
            raise ShapeError(f"{what}: input {i} has dtype {m.dtype}, input 0 has {dt}")
    return dt


def _concat_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    xs = _metas_list(args[0], "concat")
    dt = _check_same_dtype(xs, "concat")
    ranks = {len(m.shape) for m in xs if m.shape is not None}
    if not ranks:
        return [Meta(None, dt)]
    if len(ranks) > 1:
        raise ShapeError(f"concat: inputs have different ranks {sorted(ranks)}")
    rank = ranks.pop()
    if rank == 0:
        raise ShapeError("concat: 0-D tensors cannot be concatenated")
    axis = const_int(args[1])
    if axis is None:
        return [Meta((-1,) * rank, dt)]
    axis = normalize_axis(axis, rank)
    shapes = [m.shape for m in xs if m.shape is not None]
    out = list(shapes[0])
    for s in shapes[1:]:
        for i in range(rank):
            if i != axis:
                out[i] = _merge_dim(out[i], s[i], f"concat: input dim {i}")
    if len(shapes) != len(xs) or any(s[axis] < 0 for s in shapes):
        out[axis] = -1
    else:
        out[axis] = sum(s[axis] for s in shapes)
    return [Meta(tuple(out), dt)]


def _concat_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    xs = list(args[0])
    axis = normalize_axis(kernel_int(args[1]), xs[0].ndim)
    return [np.concatenate(xs, axis=axis)]


register(OpDef(name="pd_op.concat", operands=("x[]", "axis"), infer_meta=_concat_meta, kernel=_concat_kernel,
               pattern=PatternKind.INJECTIVE))


def _stack_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    xs = _metas_list(args[0], "stack")
    dt = _check_same_dtype(xs, "stack")
    shapes = [m.shape for m in xs if m.shape is not None]
    if not shapes:
        return [Meta(None, dt)]
    if len({len(s) for s in shapes}) > 1:
        raise ShapeError("stack: inputs have different ranks")
    out = list(shapes[0])
    for s in shapes[1:]:
        out = [_merge_dim(a, b, "stack: input shapes") for a, b in zip(out, s, strict=True)]
    rank = len(out)
    axis = int(attrs["axis"])
    if not -(rank + 1) <= axis <= rank:
        raise ShapeError(f"stack: axis {axis} out of range for rank {rank}")
    if axis < 0:
        axis += rank + 1
    out.insert(axis, len(xs))
    return [Meta(tuple(out), dt)]


def _stack_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    xs = list(args[0])
    rank = xs[0].ndim
    axis = int(attrs["axis"])
    if axis < 0:
        axis += rank + 1
    return [np.stack(xs, axis=axis)]


register(OpDef(name="pd_op.stack", operands=("x[]",), attrs=("axis",), infer_meta=_stack_meta,
               kernel=_stack_kernel, pattern=PatternKind.INJECTIVE))


# ---------------------------------------------------------------------------
# split / split_with_num / unbind / meshgrid  (vec results: see module docstring)
# ---------------------------------------------------------------------------

def _split_sizes(dim: int, sections: list[int]) -> list[int]:
    sizes = list(sections)
    neg = [i for i, s in enumerate(sizes) if s == -1]
    if len(neg) > 1:
        raise ShapeError(f"split: only one section can be -1, got {sections}")
    if any(s < -1 for s in sizes):
        raise ShapeError(f"split: invalid sections {sections}")
    if dim < 0:  # Paddle's SplitInferMeta: an unknown axis dim gives -1 everywhere
        return [-1] * len(sizes)
    known = sum(s for s in sizes if s >= 0)
    if neg:
        if known > dim:
            raise ShapeError(f"split: sections {sections} exceed dim {dim}")
        sizes[neg[0]] = dim - known
    elif known != dim:
        raise ShapeError(f"split: sections {sections} do not sum to dim {dim}")
    return sizes


def _split_metas(x: Meta, axis: int | None, sizes: list[int] | None, n: int) -> list[Meta]:
    if x.shape is None:
        return [Meta(None, x.dtype) for _ in range(n)]
    rank = len(x.shape)
    if rank == 0:
        raise ShapeError("split: cannot split a 0-D tensor")
    if axis is None:
        return [Meta((-1,) * rank, x.dtype) for _ in range(n)]
    axis = normalize_axis(axis, rank)
    out = []
    for i in range(n):
        s = list(x.shape)
        s[axis] = -1 if sizes is None else sizes[i]
        out.append(Meta(tuple(s), x.dtype))
    return out


def _split_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    sections = const_ints(args[1])
    axis = const_int(args[2])
    if sections is None:
        n = _operand_len(args[1])
        if n is None:
            raise ShapeError("split: the number of sections is unknown")
        return _split_metas(x, None, None, n)  # Paddle: every dim unknown
    sizes = None
    if axis is not None and x.shape is not None and len(x.shape) > 0:
        sizes = _split_sizes(x.shape[normalize_axis(axis, len(x.shape))], sections)
    return _split_metas(x, axis, sizes, len(sections))


def _split_arrays(x: np.ndarray, axis: int, sizes: list[int]) -> list[np.ndarray]:
    bounds = np.cumsum([0] + sizes)
    idx = [slice(None)] * x.ndim
    out = []
    for i in range(len(sizes)):
        idx[axis] = slice(int(bounds[i]), int(bounds[i + 1]))
        out.append(x[tuple(idx)].copy())
    return out


def _split_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    if x.ndim == 0:
        raise ValueError("split: cannot split a 0-D tensor")
    axis = normalize_axis(kernel_int(args[2]), x.ndim)
    sizes = _split_sizes(x.shape[axis], kernel_ints(args[1]))
    return _split_arrays(x, axis, sizes)


register(OpDef(name="pd_op.split", operands=("x", "sections", "axis"), results=("out[]",),
               infer_meta=_split_meta, kernel=_split_kernel, pattern=PatternKind.NON_FUSIBLE))


def _split_num_sizes(dim: int, num: int) -> list[int] | None:
    if num <= 0:
        raise ShapeError(f"split_with_num: num must be positive, got {num}")
    if dim < 0:
        return None
    if dim % num:
        raise ShapeError(f"split_with_num: dim {dim} is not divisible by num {num}")
    return [dim // num] * num


def _split_with_num_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    num = int(attrs["num"])
    axis = const_int(args[1])
    sizes = None
    if num <= 0:
        raise ShapeError(f"split_with_num: num must be positive, got {num}")
    if axis is not None and x.shape is not None and len(x.shape) > 0:
        sizes = _split_num_sizes(x.shape[normalize_axis(axis, len(x.shape))], num)
    return _split_metas(x, axis, sizes, num)


def _split_with_num_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    axis = normalize_axis(kernel_int(args[1]), x.ndim)
    sizes = _split_num_sizes(x.shape[axis], int(attrs["num"]))
    assert sizes is not None
    return _split_arrays(x, axis, sizes)


register(OpDef(name="pd_op.split_with_num", operands=("x", "axis"), attrs=("num",), results=("out[]",),
               infer_meta=_split_with_num_meta, kernel=_split_with_num_kernel, pattern=PatternKind.NON_FUSIBLE))


def _unbind_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    shape = _shape(x)
    if len(shape) == 0:
        raise ShapeError("unbind: cannot unbind a 0-D tensor")
    axis = normalize_axis(int(attrs["axis"]), len(shape))
    n = shape[axis]
    if n < 0:
        raise ShapeError("unbind: the size of the unbound axis is unknown")
    rest = shape[:axis] + shape[axis + 1:]
    return [Meta(rest, x.dtype) for _ in range(n)]


def _unbind_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    axis = normalize_axis(int(attrs["axis"]), x.ndim)
    return [np.take(x, i, axis=axis) for i in range(x.shape[axis])]


register(OpDef(name="pd_op.unbind", operands=("input",), attrs=("axis",), results=("out[]",),
               infer_meta=_unbind_meta, kernel=_unbind_kernel, pattern=PatternKind.NON_FUSIBLE))


def _meshgrid_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    xs = _metas_list(args[0], "meshgrid")
    dims = []
    for i, m in enumerate(xs):
        s = _shape(m)
        if len(s) > 1:
            raise ShapeError(f"meshgrid: input {i} must be 0-D or 1-D, got shape {s}")
        dims.append(s[0] if s else 1)
    return [Meta(tuple(dims), m.dtype) for m in xs]


def _meshgrid_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    xs = [np.reshape(a, -1) for a in args[0]]
    return [np.array(g) for g in np.meshgrid(*xs, indexing="ij")]


register(OpDef(name="pd_op.meshgrid", operands=("inputs[]",), results=("out[]",), infer_meta=_meshgrid_meta,
               kernel=_meshgrid_kernel, pattern=PatternKind.NON_FUSIBLE))
