"""Ops whose results view their input: reshape, transpose, flatten, squeeze, unsqueeze (and their inplace forms)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, Meta, MetaArg, PatternKind, ShapeError, meta_of, normalize_axis
from pirc.dialects.pd_op.manipulation.base import _operand_len, _prod, _reg, const_ints, kernel_ints

# ---------------------------------------------------------------------------
# reshape
# ---------------------------------------------------------------------------

def _reshape_target(in_shape: tuple[int, ...] | None, shape: list[int]) -> tuple[int, ...]:
    out: list[int] = []
    neg = -1
    for i, d in enumerate(shape):
        if d == -1:
            if neg >= 0:
                raise ShapeError(f"reshape: only one dimension can be -1, got {shape}")
            neg = i
            out.append(-1)
        elif d == 0:
            if in_shape is None:
                out.append(-1)
            elif i >= len(in_shape):
                raise ShapeError(f"reshape: 0 at index {i} but input {in_shape} has rank {len(in_shape)}")
            else:
                out.append(in_shape[i])
        elif d < 0:
            raise ShapeError(f"reshape: invalid dimension {d} in {shape}")
        else:
            out.append(d)
    if in_shape is None or any(d < 0 for d in in_shape):
        return tuple(out)
    numel = _prod(in_shape)
    known = _prod(d for d in out if d >= 0)
    if any(d < 0 for i, d in enumerate(out) if i != neg):
        return tuple(out)  # a copied -1 dim: cannot infer
    if neg >= 0:
        if known == 0 or numel % known:
            raise ShapeError(f"reshape: cannot reshape {in_shape} to {shape}")
        out[neg] = numel // known
    elif known != numel:
        raise ShapeError(f"reshape: cannot reshape {in_shape} ({numel} elements) to {shape}")
    return tuple(out)


def _reshape_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    shape = const_ints(args[1])
    if shape is None:
        n = _operand_len(args[1])
        return [Meta(None if n is None else (-1,) * n, x.dtype)]
    return [Meta(_reshape_target(x.shape, shape), x.dtype)]


def _reshape_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    target = _reshape_target(x.shape, kernel_ints(args[1]))
    return [np.reshape(x, target)]


_reg("pd_op.reshape", view=True, inplace_of="pd_op.reshape_", operands=("x", "shape"),
     infer_meta=_reshape_meta, kernel=_reshape_kernel, pattern=PatternKind.ELEMENTWISE)


# ---------------------------------------------------------------------------
# transpose
# ---------------------------------------------------------------------------

def _norm_perm(perm: Sequence[int], rank: int) -> list[int]:
    if len(perm) != rank:
        raise ShapeError(f"transpose: perm {list(perm)} does not match rank {rank}")
    p = [normalize_axis(int(a), rank) for a in perm]
    if sorted(p) != list(range(rank)):
        raise ShapeError(f"transpose: perm {list(perm)} is not a permutation")
    return p


def _transpose_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    p = _norm_perm(attrs["perm"], len(x.shape))
    return [Meta(tuple(x.shape[a] for a in p), x.dtype)]


def _transpose_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    return [np.transpose(x, _norm_perm(attrs["perm"], x.ndim))]


_reg("pd_op.transpose", view=True, inplace_of="pd_op.transpose_", operands=("x",), attrs=("perm",),
     infer_meta=_transpose_meta, kernel=_transpose_kernel, pattern=PatternKind.INJECTIVE)


# ---------------------------------------------------------------------------
# flatten
# ---------------------------------------------------------------------------

def _flatten_shape(shape: tuple[int, ...], start: int, stop: int) -> tuple[int, ...]:
    rank = len(shape)
    if rank == 0:
        if start not in (0, -1) or stop not in (0, -1):
            raise ShapeError(f"flatten: axes ({start}, {stop}) out of range for a 0-D tensor")
        return (1,)
    s = normalize_axis(start, rank)
    e = normalize_axis(stop, rank)
    if s > e:
        raise ShapeError(f"flatten: start_axis {start} is after stop_axis {stop}")
    mid = shape[s:e + 1]
    d = -1 if any(v < 0 for v in mid) else _prod(mid)
    return shape[:s] + (d,) + shape[e + 1:]


def _flatten_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    return [Meta(_flatten_shape(x.shape, int(attrs["start_axis"]), int(attrs["stop_axis"])), x.dtype)]


def _flatten_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    return [np.reshape(x, _flatten_shape(x.shape, int(attrs["start_axis"]), int(attrs["stop_axis"])))]


_reg("pd_op.flatten", view=True, inplace_of="pd_op.flatten_", operands=("x",), attrs=("start_axis", "stop_axis"),
     infer_meta=_flatten_meta, kernel=_flatten_kernel, pattern=PatternKind.ELEMENTWISE)


# ---------------------------------------------------------------------------
# squeeze / unsqueeze
# ---------------------------------------------------------------------------

def _squeeze_shape(shape: tuple[int, ...], axes: list[int], runtime: bool) -> tuple[int, ...]:
    rank = len(shape)
    drop = [False] * rank
    if not axes:
        for i, d in enumerate(shape):
            drop[i] = d == 1
    else:
        for a in axes:
            if rank == 0:
                if a not in (0, -1):
                    raise ShapeError(f"squeeze: axis {a} out of range for a 0-D tensor")
                continue
            i = normalize_axis(a, rank)
            # Paddle: at compile time a -1 dim named in axis is squeezed too.
            if shape[i] == 1 or (not runtime and shape[i] == -1):
                drop[i] = True
    return tuple(d for i, d in enumerate(shape) if not drop[i])


def _squeeze_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    axes = const_ints(args[1]) if len(args) > 1 else []
    if x.shape is None:
        return [Meta(None, x.dtype)]
    if axes is None:
        # Paddle: rank - len(axis) dims, all unknown
        n = _operand_len(args[1])
        if n is None or n > len(x.shape):
            return [Meta(None, x.dtype)]
        return [Meta((-1,) * (len(x.shape) - n), x.dtype)]
    return [Meta(_squeeze_shape(x.shape, axes, runtime=False), x.dtype)]


def _squeeze_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    axes = kernel_ints(args[1]) if len(args) > 1 and args[1] is not None else []
    return [np.reshape(x, _squeeze_shape(x.shape, axes, runtime=True))]


_reg("pd_op.squeeze", view=True, inplace_of="pd_op.squeeze_", operands=("x", "axis"),
     infer_meta=_squeeze_meta, kernel=_squeeze_kernel, pattern=PatternKind.ELEMENTWISE)


def _unsqueeze_shape(shape: tuple[int, ...], axes: list[int]) -> tuple[int, ...]:
    # A port of phi's GetUnsqueezeShape: axes are applied one after another.
    out_rank = len(shape) + len(axes)
    cur_rank = len(shape)
    marks = [0] * (out_rank + 1)
    for a in axes:
        if not -(cur_rank + 1) <= a <= cur_rank:
            raise ShapeError(f"unsqueeze: axis {a} out of range for rank {cur_rank}")
        cur = a + cur_rank + 1 if a < 0 else a
        for i in range(cur_rank, cur - 1, -1):
            if marks[i] == 1:
                marks[i + 1] = 1
                marks[i] = 0
        marks[cur] = 1
        cur_rank += 1
    out: list[int] = []
    it = iter(shape)
    for i in range(out_rank):
        out.append(1 if marks[i] == 1 else next(it))
    return tuple(out)


def _unsqueeze_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    axes = const_ints(args[1])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    if axes is None:
        n = _operand_len(args[1])
        return [Meta(None if n is None else (-1,) * (len(x.shape) + n), x.dtype)]
    return [Meta(_unsqueeze_shape(x.shape, axes), x.dtype)]


def _unsqueeze_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    return [np.reshape(x, _unsqueeze_shape(x.shape, kernel_ints(args[1])))]


_reg("pd_op.unsqueeze", view=True, inplace_of="pd_op.unsqueeze_", operands=("x", "axis"),
     infer_meta=_unsqueeze_meta, kernel=_unsqueeze_kernel, pattern=PatternKind.ELEMENTWISE)
