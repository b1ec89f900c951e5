"""pd_op gathers and writes by index: index_sample, take_along_axis, put_along_axis, scatter,
scatter_nd_add, index_put, set_value / set_value_ / set_value_with_tensor(_), share_data(_).

Checked against PaddlePaddle 3.3.1 by tests/dialects/gen_part4.py.  Kernels return fresh
arrays (the inplace ``_`` forms too: the interpreter writes the result back); none modifies
its inputs.

* ``index_sample(x [N, M], index [N, K])``: ``out[i, j] = x[i, index[i, j]]``.
* ``take_along_axis(arr, indices) {axis}``: numpy's take_along_axis (the Python API has
  already broadcast the operands); the result has the indices' shape.
* ``put_along_axis(arr, indices, values) {axis, reduce, include_self}``: element by element
  in index order; ``assign`` (last write wins), ``add``, ``multiply``/``mul``, ``mean``,
  ``amax``, ``amin``.  Without ``include_self`` the written positions start from the first
  value written there instead of arr's value; ``mean`` divides by the number of values
  (+ 1 with include_self).
* ``scatter(x, index, updates) {overwrite}``: rows ``index[i]`` of x get ``updates[i]``
  (last wins); without overwrite the indexed rows are zeroed first, then accumulated.
* ``scatter_nd_add(x, index [..., k], updates)``: ``x[index[...]] += updates[...]``.
* ``index_put(x, indices[] , value) {accumulate}``: numpy advanced indexing by the tensors
  of ``indices`` (bool masks become their nonzero positions); value broadcasts.
* ``set_value*(x, [values,] starts, ends, steps) {axes, decrease_axes, none_axes[, shape,
  values]}``: ``x[slices] = value``.  Slices follow Paddle's CheckAndUpdateSliceAttrs
  (negative starts/ends count from the end; a positive step clamps to [0, dim], a negative
  one to [-1, dim - 1], -1 meaning "past the front"); the value broadcasts to the slice with
  the ``decrease_axes`` dropped.  ``set_value`` takes the value from its ``values`` / ``shape``
  attributes, ``set_value_with_tensor`` from the ``values`` operand.
* ``share_data(x)``: the same tensor (a view).

NON_FUSIBLE: pirc has no CINN lowering for them.
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
from pirc.dialects.pd_op.manipulation import kernel_ints

_INDEX = ("int32", "int64")


def _index_dtype(m: Meta, what: str) -> None:
    if m.dtype not in _INDEX:
        raise ShapeError(f"{what}: the index must be int32 or int64, got {m.dtype}")


# --- index_sample / take_along_axis -------------------------------------------

def _index_sample_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, i = meta_of(args[0]), meta_of(args[1])
    _index_dtype(i, "index_sample")
    for m, what in ((x, "x"), (i, "index")):
        if m.shape is not None and len(m.shape) != 2:
            raise ShapeError(f"index_sample: {what} must be 2-D, got {list(m.shape)}")
    return [Meta(i.shape, x.dtype)]


def _index_sample_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, i = np.asarray(args[0]), np.asarray(args[1])
    return [np.take_along_axis(x, i.astype(np.int64), axis=1)]


register(OpDef(name="pd_op.index_sample", operands=("x", "index"), infer_meta=_index_sample_meta,
               kernel=_index_sample_kernel, pattern=PatternKind.NON_FUSIBLE))


def _take_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    a, i = meta_of(args[0]), meta_of(args[1])
    _index_dtype(i, "take_along_axis")
    if a.shape is not None and i.shape is not None:
        if len(a.shape) != len(i.shape):
            raise ShapeError(f"take_along_axis: arr and indices need the same rank, got {list(a.shape)} "
                             f"and {list(i.shape)}")
        normalize_axis(int(attrs.get("axis", 0)), len(a.shape))
    return [Meta(i.shape, a.dtype)]


def _take_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    a, i = np.asarray(args[0]), np.asarray(args[1])
    ax = normalize_axis(int(attrs.get("axis", 0)), a.ndim)
    idx = i.astype(np.int64)
    idx = np.where(idx < 0, idx + a.shape[ax], idx)
    return [np.take_along_axis(a, idx, axis=ax)]


register(OpDef(name="pd_op.take_along_axis", operands=("arr", "indices"), attrs=("axis",), infer_meta=_take_meta,
               kernel=_take_kernel, pattern=PatternKind.NON_FUSIBLE))


# --- put_along_axis ------------------------------------------------------------

def _put_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    a, i = meta_of(args[0]), meta_of(args[1])
    _index_dtype(i, "put_along_axis")
    red = str(attrs.get("reduce", "assign"))
    if red not in ("assign", "add", "mul", "multiply", "mean", "amax", "amin"):
        raise ShapeError(f"put_along_axis: unknown reduce {red!r}")
    return [Meta(a.shape, a.dtype)]


def _put_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    a, i, v = np.asarray(args[0]), np.asarray(args[1]), np.asarray(args[2])
    ax = normalize_axis(int(attrs.get("axis", 0)), a.ndim)
    red = str(attrs.get("reduce", "assign"))
    include_self = bool(attrs.get("include_self", True))
    v = np.broadcast_to(v, i.shape).astype(a.dtype, copy=False)
    out = a.copy()
    count = np.zeros(a.shape, dtype=np.int64)
    written = np.zeros(a.shape, dtype=bool)
    for pos in np.ndindex(*i.shape):
        tgt = list(pos)
        k = int(i[pos])
        tgt[ax] = k + a.shape[ax] if k < 0 else k
        t = tuple(tgt)
        val = v[pos]
        first = not written[t]
        written[t] = True
        count[t] += 1
        if red == "assign" or (first and not include_self):
            out[t] = val
        elif red == "add" or red == "mean":
            out[t] += val
        elif red in ("mul", "multiply"):
            out[t] *= val
        elif red == "amax":
            out[t] = max(out[t], val)
        elif red == "amin":
            out[t] = min(out[t], val)
    if red == "mean":
        div = count + (1 if include_self else 0)
        out = np.where(written, out / np.maximum(div, 1), out)
        out = out.astype(a.dtype) if a.dtype.kind == "f" else np.floor_divide(out, 1).astype(a.dtype)
    return [out]


register(OpDef(name="pd_op.put_along_axis", operands=("arr", "indices", "values"),
               attrs=("axis", "reduce", "include_self"), infer_meta=_put_meta, kernel=_put_kernel,
               pattern=PatternKind.NON_FUSIBLE))


# --- scatter / scatter_nd_add ------------------------------------------------------

def _scatter_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, i, u = meta_of(args[0]), meta_of(args[1]), meta_of(args[2])
    _index_dtype(i, "scatter")
    if i.shape is not None and len(i.shape) > 2 or (i.shape is not None and len(i.shape) == 2 and i.shape[1] not in (1, -1)):
        raise ShapeError(f"scatter: the index must be 1-D (or [N, 1]), got {list(i.shape)}")
    if x.shape is not None and u.shape is not None and len(x.shape) != len(u.shape):
        raise ShapeError(f"scatter: updates must have x's rank, got {list(u.shape)} for {list(x.shape)}")
    return [Meta(x.shape, x.dtype)]


def _scatter_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, i, u = np.asarray(args[0]), np.asarray(args[1]).reshape(-1).astype(np.int64), np.asarray(args[2])
    out = x.copy()
    if attrs.get("overwrite", True):
        for k, row in enumerate(i):
            out[row] = u[k]
    else:
        out[i] = 0
        np.add.at(out, i, u.astype(x.dtype, copy=False))
    return [out]


register(OpDef(name="pd_op.scatter", operands=("x", "index", "updates"), attrs=("overwrite",),
               infer_meta=_scatter_meta, kernel=_scatter_kernel, pattern=PatternKind.NON_FUSIBLE))


def _scatter_nd_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, i = meta_of(args[0]), meta_of(args[1])
    _index_dtype(i, "scatter_nd_add")
    if x.shape is not None and i.shape is not None and i.shape and i.shape[-1] > len(x.shape):
        raise ShapeError(f"scatter_nd_add: index rows of {i.shape[-1]} exceed x's rank {len(x.shape)}")
    return [Meta(x.shape, x.dtype)]


def _scatter_nd_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, i, u = np.asarray(args[0]), np.asarray(args[1]).astype(np.int64), np.asarray(args[2])
    out = x.copy()
    k = i.shape[-1]
    flat = i.reshape(-1, k)
    upd = u.reshape((flat.shape[0],) + x.shape[k:]).astype(x.dtype, copy=False)
    np.add.at(out, tuple(flat[:, j] for j in range(k)), upd)
    return [out]


register(OpDef(name="pd_op.scatter_nd_add", operands=("x", "index", "updates"), infer_meta=_scatter_nd_meta,
               kernel=_scatter_nd_kernel, pattern=PatternKind.NON_FUSIBLE))


# --- index_put -------------------------------------------------------------------

def _index_put_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    idx = args[1] if isinstance(args[1], list) else []
    for m in idx:
        if m.dtype not in ("int32", "int64", "bool"):
            raise ShapeError(f"index_put: indices must be int32, int64 or bool, got {m.dtype}")
    if x.shape is not None and len(idx) > len(x.shape):
        raise ShapeError(f"index_put: {len(idx)} index tensors for a rank-{len(x.shape)} tensor")
    return [Meta(x.shape, x.dtype)]


def _index_put_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, idx, v = np.asarray(args[0]), args[1], np.asarray(args[2])
    assert isinstance(idx, list)
    ind: list[np.ndarray] = []
    for t in idx:
        t = np.asarray(t)
        ind.extend(np.nonzero(t) if t.dtype == np.bool_ else [t.astype(np.int64)])
    out = x.copy()
    key = tuple(ind)
    if attrs.get("accumulate", False):
        np.add.at(out, key, np.broadcast_to(v, out[key].shape).astype(x.dtype, copy=False))
    else:
        out[key] = v.astype(x.dtype, copy=False)
    return [out]


register(OpDef(name="pd_op.index_put", operands=("x", "indices[]", "value"), attrs=("accumulate",),
               infer_meta=_index_put_meta, kernel=_index_put_kernel, pattern=PatternKind.NON_FUSIBLE))


# --- set_value --------------------------------------------------------------------

def _paddle_slice(start: int, end: int, step: int, dim: int) -> slice:
    if step == 0:
        raise ValueError("set_value: a step of 0")
    start = start + dim if start < 0 else start
    end = end + dim if end < 0 else end
    if step > 0:
        return slice(max(start, 0), max(min(end, dim), 0), step)
    start = min(start, dim - 1)
    end = max(end, -1)
    return slice(start, None if end == -1 else end, step)


def _set_value(x: np.ndarray, value: np.ndarray, starts: list[int], ends: list[int], steps: list[int],
               attrs: Mapping[str, Any]) -> np.ndarray:
    axes = [int(a) for a in attrs.get("axes", [])]
    key: list[Any] = [slice(None)] * x.ndim
    for ax, s, e, st in zip(axes, starts, ends, steps, strict=True):
        key[ax] = _paddle_slice(s, e, st, x.shape[ax])
    out = x.copy()
    target = out[tuple(key)]
    dec = {int(a) for a in attrs.get("decrease_axes", [])}
    kept = [d for k, d in enumerate(target.shape) if k not in dec]
    v = np.broadcast_to(value.astype(x.dtype, copy=False), kept).reshape(target.shape)
    out[tuple(key)] = v
    return out


def _set_value_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    axes = list(attrs.get("axes", []))
    if x.shape is not None:
        for a in axes:
            if not 0 <= int(a) < max(len(x.shape), 1):
                raise ShapeError(f"set_value: axis {a} out of range for rank {len(x.shape)}")
    return [Meta(x.shape, x.dtype)]


def _set_value_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    value = np.asarray(list(attrs.get("values", [])), dtype=x.dtype).reshape([int(d) for d in attrs.get("shape", [])])
    return [_set_value(x, value, kernel_ints(args[1]), kernel_ints(args[2]), kernel_ints(args[3]), attrs)]


def _set_value_t_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    return [_set_value(x, np.asarray(args[1]), kernel_ints(args[2]), kernel_ints(args[3]), kernel_ints(args[4]),
                       attrs)]


_SV_ATTRS = ("axes", "decrease_axes", "none_axes")
for _inp in ("", "_"):
    _inplace: dict[str, Any] = {"traits": frozenset({"inplace"}), "inplace": {0: 0}} if _inp else {}
    register(OpDef(name=f"pd_op.set_value{_inp}", operands=("x", "starts", "ends", "steps"),
                   attrs=_SV_ATTRS + ("shape", "values"), infer_meta=_set_value_meta, kernel=_set_value_kernel,
                   pattern=PatternKind.NON_FUSIBLE, **_inplace))
    register(OpDef(name=f"pd_op.set_value_with_tensor{_inp}", operands=("x", "values", "starts", "ends", "steps"),
                   attrs=_SV_ATTRS, infer_meta=_set_value_meta, kernel=_set_value_t_kernel,
                   pattern=PatternKind.NON_FUSIBLE, **_inplace))


# --- share_data -------------------------------------------------------------------

def _share_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    return [Meta(x.shape, x.dtype)]


def _share_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    return [np.asarray(args[0])]


register(OpDef(name="pd_op.share_data", operands=("x",), infer_meta=_share_meta, kernel=_share_kernel,
               pattern=PatternKind.NON_FUSIBLE, traits=frozenset({"view"}), view={0: 0}))
register(OpDef(name="pd_op.share_data_", operands=("x",), infer_meta=_share_meta, kernel=_share_kernel,
               pattern=PatternKind.NON_FUSIBLE, traits=frozenset({"inplace"}), inplace={0: 0}))
