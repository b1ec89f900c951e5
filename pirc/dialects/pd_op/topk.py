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
# topk (with a faithful emulation of libstdc++'s partial_sort / nth_element / sort)
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


class _StdAlgo:
    """libstdc++'s sort/partial_sort/nth_element on a Python list with a strict-less `comp`."""

    def __init__(self, comp: Any) -> None:
        self.comp = comp

    # -- heap (stl_heap.h) --
    def _push_heap(self, a: list, first: int, hole: int, top: int, value: Any) -> None:
        parent = (hole - 1) // 2
        while hole > top and self.comp(a[first + parent], value):
            a[first + hole] = a[first + parent]
            hole = parent
            parent = (hole - 1) // 2
        a[first + hole] = value

    def _adjust_heap(self, a: list, first: int, hole: int, length: int, value: Any) -> None:
        top = hole
        child = hole
        while child < (length - 1) // 2:
            child = 2 * (child + 1)
            if self.comp(a[first + child], a[first + child - 1]):
                child -= 1
            a[first + hole] = a[first + child]
            hole = child
        if (length & 1) == 0 and child == (length - 2) // 2:
            child = 2 * (child + 1)
            a[first + hole] = a[first + child - 1]
            hole = child - 1
        self._push_heap(a, first, hole, top, value)

    def _make_heap(self, a: list, first: int, last: int) -> None:
        length = last - first
        if length < 2:
            return
        parent = (length - 2) // 2
        while True:
            self._adjust_heap(a, first, parent, length, a[first + parent])
            if parent == 0:
                return
            parent -= 1

    def _pop_heap(self, a: list, first: int, last: int, result: int) -> None:
        value = a[result]
        a[result] = a[first]
        self._adjust_heap(a, first, 0, last - first, value)

    def _heap_select(self, a: list, first: int, middle: int, last: int) -> None:
        self._make_heap(a, first, middle)
        for i in range(middle, last):
            if self.comp(a[i], a[first]):
                self._pop_heap(a, first, middle, i)

    def _sort_heap(self, a: list, first: int, last: int) -> None:
        while last - first > 1:
            last -= 1
            self._pop_heap(a, first, last, last)

    def partial_sort(self, a: list, first: int, middle: int, last: int) -> None:
        self._heap_select(a, first, middle, last)
        self._sort_heap(a, first, middle)

    # -- sort (stl_algo.h) --
    def _move_median_to_first(self, a: list, result: int, x: int, y: int, z: int) -> None:
        c = self.comp
        if c(a[x], a[y]):
            if c(a[y], a[z]):
                m = y
            elif c(a[x], a[z]):
                m = z
            else:
                m = x
        elif c(a[x], a[z]):
            m = x
        elif c(a[y], a[z]):
            m = z
        else:
            m = y
        a[result], a[m] = a[m], a[result]

    def _unguarded_partition(self, a: list, first: int, last: int, pivot: int) -> int:
        c = self.comp
        while True:
            while c(a[first], a[pivot]):
                first += 1
            last -= 1
            while c(a[pivot], a[last]):
                last -= 1
            if not first < last:
                return first
            a[first], a[last] = a[last], a[first]
            first += 1

    def _partition_pivot(self, a: list, first: int, last: int) -> int:
        mid = first + (last - first) // 2
        self._move_median_to_first(a, first, first + 1, mid, last - 1)
        return self._unguarded_partition(a, first + 1, last, first)

    def _unguarded_linear_insert(self, a: list, last: int) -> None:
        val = a[last]
        nxt = last - 1
        while self.comp(val, a[nxt]):
            a[last] = a[nxt]
            last = nxt
            nxt -= 1
        a[last] = val

    def _insertion_sort(self, a: list, first: int, last: int) -> None:
        if first == last:
            return
        for i in range(first + 1, last):
            if self.comp(a[i], a[first]):
                val = a[i]
                a[first + 1:i + 1] = a[first:i]
                a[first] = val
            else:
                self._unguarded_linear_insert(a, i)

    def _introsort_loop(self, a: list, first: int, last: int, depth: int) -> None:
        while last - first > 16:
            if depth == 0:
                self.partial_sort(a, first, last, last)
                return
            depth -= 1
            cut = self._partition_pivot(a, first, last)
            self._introsort_loop(a, cut, last, depth)
            last = cut

    def sort(self, a: list, first: int, last: int) -> None:
        if last - first < 2:
            return
        self._introsort_loop(a, first, last, 2 * ((last - first).bit_length() - 1))
        if last - first > 16:
            self._insertion_sort(a, first, first + 16)
            for i in range(first + 16, last):
                self._unguarded_linear_insert(a, i)
        else:
            self._insertion_sort(a, first, last)

    def nth_element(self, a: list, first: int, nth: int, last: int) -> None:
        if first == last or nth == last:
            return
        depth = 2 * ((last - first).bit_length() - 1)
        while last - first > 3:
            if depth == 0:
                self._heap_select(a, first, nth + 1, last)
                a[first], a[nth] = a[nth], a[first]
                return
            depth -= 1
            cut = self._partition_pivot(a, first, last)
            if cut <= nth:
                first = cut
            else:
                last = cut
        self._insertion_sort(a, first, last)


def _topk_row_exact(row: np.ndarray, k: int, largest: bool, sorted_: bool) -> list[int]:
    vals = row.tolist()
    isnan = [v != v for v in vals]
    if largest:
        def comp(l: int, r: int) -> bool:
            return (isnan[l] and not isnan[r]) or vals[l] > vals[r]
    else:
        def comp(l: int, r: int) -> bool:
            return (not isnan[l] and isnan[r]) or vals[l] < vals[r]
    algo = _StdAlgo(comp)
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
