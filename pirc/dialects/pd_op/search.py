"""pd_op argsort, unique, masked_select.

Checked against PaddlePaddle 3.3.1 by tests/dialects/gen_part4.py.

* ``argsort(x) {axis, descending, stable}`` -> (sorted values, int64 indices).  Paddle's CPU
  kernel sorts each row with ``std::stable_sort`` (``stable:true``: ties keep their original
  order, in both directions) or ``std::sort`` (``stable:false``), comparing with ``<`` / ``>``
  and NaN greater than everything (last ascending, first descending).  ``std::sort`` leaves ties
  in the order its introsort happens to produce; pirc replays libstdc++'s algorithm on the rows
  that have ties and more than 16 elements (:mod:`pirc.dialects.pd_op._stdsort`), so equal keys
  come out in Paddle's order there too.
* ``unique(x) {return_index, return_inverse, return_counts, axis, dtype, is_sorted}`` ->
  (out, indices, inverse, counts).  Sorted unique values (rows when ``axis`` names one);
  indices are first occurrences; the index outputs have type ``dtype``.  With
  ``is_sorted:false`` (the legacy op) values come in order of first appearance.  Printed
  types reproduce Paddle's infer-meta: without an axis ``out`` is ``[-1]`` and ``inverse``
  ``[numel]``, both typed float32 (the rule leaves their dtype unset), whatever x is.
* ``masked_select(x, mask)`` broadcasts both and returns the selected elements, ``[-1]``.

NON_FUSIBLE (data-dependent shapes, sorts).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op._stdsort import StdAlgo
from pirc.dialects.pd_op.common import (
    KernelArg,
    Meta,
    MetaArg,
    OpDef,
    PatternKind,
    ShapeError,
    meta_of,
    normalize_axis,
    numpy_dtype,
    register,
)
from pirc.dialects.pd_op.elementwise import broadcast_meta_shapes


def _argsort_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is not None and x.shape:
        normalize_axis(int(attrs.get("axis", -1)), len(x.shape))
    return [Meta(x.shape, x.dtype), Meta(x.shape, "int64")]


def stable_order(x: np.ndarray, axis: int, descending: bool) -> np.ndarray:
    """Indices of a stable sort along ``axis`` (ties in original order, for both directions)."""
    if not descending:
        return np.argsort(x, axis=axis, kind="stable")
    n = x.shape[axis]
    rev = np.argsort(np.flip(x, axis=axis), axis=axis, kind="stable")
    return np.flip(n - 1 - rev, axis=axis)


def std_sort_order(x: np.ndarray, axis: int, descending: bool) -> np.ndarray:
    """Indices of libstdc++'s ``std::sort`` along ``axis`` with Paddle's argsort comparator."""
    idx = stable_order(x, axis, descending)
    n = x.shape[axis]
    if n <= 16 or x.size == 0:
        return idx  # insertion sort only: stable
    rows = np.moveaxis(x, axis, -1).reshape(-1, n)
    order = np.moveaxis(idx, axis, -1).reshape(-1, n).copy()
    srt = np.take_along_axis(rows, order, axis=1)
    same = srt[:, 1:] == srt[:, :-1]
    if srt.dtype.kind in "fc":
        same |= np.isnan(srt[:, 1:]) & np.isnan(srt[:, :-1])
    for r in np.flatnonzero(same.any(axis=1)):
        vals = rows[r].tolist()
        nan = np.isnan(rows[r]).tolist() if rows.dtype.kind in "fc" else [False] * n
        if descending:
            def less(i: int, j: int, v: list = vals, m: list = nan) -> bool:
                return (m[i] and not m[j]) or v[i] > v[j]
        else:
            def less(i: int, j: int, v: list = vals, m: list = nan) -> bool:
                return (not m[i] and m[j]) or v[i] < v[j]
        perm = list(range(n))
        StdAlgo(less).sort(perm, 0, n)
        order[r] = perm
    return np.moveaxis(order.reshape(np.moveaxis(idx, axis, -1).shape), -1, axis)


def _argsort_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    if x.ndim == 0:
        return [x.copy(), np.zeros((), dtype=np.int64)]
    axis = normalize_axis(int(attrs.get("axis", -1)), x.ndim)
    descending = bool(attrs.get("descending", False))
    sort = stable_order if attrs.get("stable", False) else std_sort_order
    idx = sort(x, axis, descending).astype(np.int64)
    return [np.take_along_axis(x, idx, axis=axis), idx]


register(OpDef(name="pd_op.argsort", operands=("x",), attrs=("axis", "descending", "stable"),
               results=("out", "indices"), infer_meta=_argsort_meta, kernel=_argsort_kernel,
               pattern=PatternKind.NON_FUSIBLE))


def _unique_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    axis = list(attrs.get("axis", []))
    idt = str(attrs.get("dtype", "int64"))
    if idt not in ("int32", "int64"):
        raise ShapeError(f"unique: dtype must be int32 or int64, got {idt}")
    if not axis:
        numel = -1
        if x.shape is not None and all(d >= 0 for d in x.shape):
            numel = int(np.prod(x.shape, dtype=np.int64))
        return [Meta((-1,), "float32"), Meta((-1,), idt), Meta((numel,), "float32"), Meta((-1,), idt)]
    if len(axis) != 1:
        raise ShapeError(f"unique: axis must name one dimension, got {axis}")
    if x.shape is None:
        return [Meta(None, x.dtype), Meta((-1,), idt), Meta((-1,), idt), Meta((-1,), idt)]
    ax = normalize_axis(axis[0], len(x.shape))
    out = list(x.shape)
    out[ax] = -1
    return [Meta(tuple(out), x.dtype), Meta((-1,), idt), Meta((x.shape[ax],), idt), Meta((-1,), idt)]


def _unique_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    axis = list(attrs.get("axis", []))
    idt = numpy_dtype(str(attrs.get("dtype", "int64")))
    if axis:
        ax = normalize_axis(axis[0], x.ndim)
        out, index, inverse, counts = np.unique(x, return_index=True, return_inverse=True, return_counts=True, axis=ax)
    else:
        out, index, inverse, counts = np.unique(x.reshape(-1), return_index=True, return_inverse=True,
                                                return_counts=True)
        ax = 0
    inverse = inverse.reshape(-1)
    if not attrs.get("is_sorted", True):  # order of first appearance
        order = np.argsort(index, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        out, index, counts, inverse = np.take(out, order, axis=ax), index[order], counts[order], rank[inverse]
    return [out.astype(x.dtype, copy=False), index.astype(idt), inverse.astype(idt), counts.astype(idt)]


register(OpDef(name="pd_op.unique", operands=("x",),
               attrs=("return_index", "return_inverse", "return_counts", "axis", "dtype", "is_sorted"),
               results=("out", "indices", "inverse", "counts"), infer_meta=_unique_meta, kernel=_unique_kernel,
               pattern=PatternKind.NON_FUSIBLE))


def _masked_select_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, m = meta_of(args[0]), meta_of(args[1])
    if m.dtype != "bool":
        raise ShapeError(f"masked_select: mask must be bool, got {m.dtype}")
    broadcast_meta_shapes(x.shape, m.shape)
    return [Meta((-1,), x.dtype)]


def _masked_select_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, m = np.broadcast_arrays(np.asarray(args[0]), np.asarray(args[1]))
    return [np.ascontiguousarray(x[m])]


register(OpDef(name="pd_op.masked_select", operands=("x", "mask"), infer_meta=_masked_select_meta,
               kernel=_masked_select_kernel, pattern=PatternKind.NON_FUSIBLE))
