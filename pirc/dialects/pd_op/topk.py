"""pd_op.topk, with a faithful emulation of libstdc++'s partial_sort / nth_element / sort.

Operand/attribute/result lists were checked against PaddlePaddle 3.3.1's PIR (see
``tests/dialects/gen_part2.py``).  ``topk`` takes ``k`` as operand 1.  Paddle's CPU kernel uses
``std::partial_sort`` when ``k * 64 < n`` and otherwise ``std::nth_element`` (+ ``std::sort``
of the first k-1 when sorted); equal values therefore come out in libstdc++'s order, and
with ``sorted=False`` the order is whatever nth_element leaves.  We reproduce that exactly
by emulating libstdc++'s algorithms for rows where the order is not determined by the
values alone (rows with duplicates/NaN, or unsorted output); other rows use a vectorised
argsort.  NaN counts as the largest value for both ``largest`` settings.  topk is a sort ->
NON_FUSIBLE.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op._nnutil import _shape
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
    register,
)
from pirc.dialects.pd_op.manipulation import const_int, kernel_int

# ---------------------------------------------------------------------------
# topk (libstdc++'s partial_sort / nth_element / sort replayed by _stdsort.StdAlgo)
# ---------------------------------------------------------------------------

def _topk_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    xs = _shape(x)
    k = const_int(args[1])
    if len(xs) == 0:
        if k is not None and k not in (0, 1):
            raise ShapeError(f"topk: k must be 1 for a 0-D input, got {k}")
        return [Meta((), x.dtype), Meta((), "int64")]
    axis = normalize_axis(int(attrs.get("axis", -1)), len(xs))
    if k is not None:
        if k < 1:
            raise ShapeError(f"topk: k must be >= 1, got {k}")
        if xs[axis] >= 0 and k > xs[axis]:
            raise ShapeError(f"topk: k {k} exceeds dim {xs[axis]}")
    out = list(xs)
    out[axis] = -1 if k is None else k
    return [Meta(tuple(out), x.dtype), Meta(tuple(out), "int64")]


def _topk_row_exact(row: np.ndarray, k: int, largest: bool, sorted_: bool) -> list[int]:
    vals = row.tolist()
    isnan = [v != v for v in vals]
    if largest:
        def comp(l: int, r: int) -> bool:
            return (isnan[l] and not isnan[r]) or vals[l] > vals[r]
    else:
        def comp(l: int, r: int) -> bool:
            return (not isnan[l] and isnan[r]) or vals[l] < vals[r]
    algo = StdAlgo(comp)
    n = len(vals)
    a = list(range(n))
    if k * 64 < n:
        algo.partial_sort(a, 0, k, n)
    else:
        algo.nth_element(a, 0, k - 1, n)
        if sorted_:
            algo.sort(a, 0, k - 1)
    return a[:k]


def _topk_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    k = kernel_int(args[1])
    largest = bool(attrs.get("largest", True))
    sorted_ = bool(attrs.get("sorted", True))
    if x.ndim == 0:
        if k != 1:
            raise ValueError(f"topk: k must be 1 for a 0-D input, got {k}")
        return [x.copy(), np.zeros((), np.int64)]
    axis = normalize_axis(int(attrs.get("axis", -1)), x.ndim)
    n = x.shape[axis]
    if not 1 <= k <= n:
        raise ValueError(f"topk: k {k} out of range [1, {n}]")
    xt = np.moveaxis(x, axis, -1)
    rows = xt.reshape(-1, n)
    # Vectorised order: NaN first for largest, NaN last for smallest; ties by index.
    if np.issubdtype(rows.dtype, np.floating):
        nan = np.isnan(rows)
        keyv = np.where(nan, 0, rows)
        neg = -keyv
    else:
        nan = np.zeros(rows.shape, bool)
        keyv = rows.astype(np.int8) if rows.dtype == np.bool_ else rows
        neg = ~keyv  # order-reversing without overflow (also for unsigned)
    if largest:
        keyv = neg
        order = np.lexsort((np.broadcast_to(np.arange(n), rows.shape), keyv, ~nan), axis=-1)
    else:
        order = np.lexsort((np.broadcast_to(np.arange(n), rows.shape), keyv, nan), axis=-1)
    idx = np.ascontiguousarray(order[:, :k])
    # Rows whose output order is not fixed by the values alone: emulate libstdc++.
    # Only ties among the first k+1 sorted values can change the output.
    srt = np.take_along_axis(rows, order[:, :min(k + 1, n)], axis=-1)
    same = srt[:, 1:] == srt[:, :-1]
    if np.issubdtype(rows.dtype, np.floating):
        same |= np.isnan(srt[:, 1:]) & np.isnan(srt[:, :-1])
    dup = np.any(same, axis=-1)
    need = dup | (not sorted_ and k * 64 >= n)
    for r in np.nonzero(need)[0]:
        idx[r] = _topk_row_exact(rows[r], k, largest, sorted_)
    vals = np.take_along_axis(rows, idx, axis=-1)
    out_shape = xt.shape[:-1] + (k,)
    vals = np.moveaxis(vals.reshape(out_shape), -1, axis)
    ids = np.moveaxis(idx.astype(np.int64).reshape(out_shape), -1, axis)
    return [np.ascontiguousarray(vals), np.ascontiguousarray(ids)]


register(OpDef(name="pd_op.topk", operands=("x", "k"), attrs=("axis", "largest", "sorted"),
               results=("out", "indices"), infer_meta=_topk_meta, kernel=_topk_kernel,
               pattern=PatternKind.NON_FUSIBLE))
