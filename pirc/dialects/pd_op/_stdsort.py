"""libstdc++'s ``std::sort`` / ``partial_sort`` / ``nth_element``, replayed on index lists.

These algorithms are not stable: where keys tie, the order they leave depends on their exact
steps (introsort: median-of-three pivot into the first slot, unguarded Hoare partition,
recursion on the right part, heapsort past a depth of ``2 * floor(log2 n)``, then insertion sort
over the first 16 and unguarded insertion over the rest; heaps as in stl_heap.h).  Paddle's CPU
kernels call them (topk: partial_sort / nth_element; argsort with ``stable:false``: sort), so
pirc runs exactly those steps on a list of indices with the kernel's comparator to give equal
keys Paddle's order.
"""

from __future__ import annotations

from typing import Any


class StdAlgo:
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
