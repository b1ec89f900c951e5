"""The static memory plan of an AOT program: one arena, an offset per intermediate value.

Each value is live over an interval of op indices ``[first, last]`` (its producer .. its last
reader, inclusive).  Two placements are computed and the smaller arena kept:

* **first-fit in program order**: values in order of ``first`` (then largest first), each at the
  lowest 64-byte aligned offset that overlaps no value still live (a value whose ``last`` is before
  the new value's ``first`` has given its bytes back), as CINN's buffer reuse does;
* **greedy by size** (TVM's static memory planner): largest values first, each at the lowest offset
  clear of every placed value whose lifetime overlaps its own.

An op's inputs and outputs are live at the op's index together, so they never share bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ALIGN = 64


def align(n: int, to: int = ALIGN) -> int:
    return (n + to - 1) // to * to


@dataclass(frozen=True)
class Interval:
    """One value's need: ``nbytes`` from op ``first`` to op ``last`` (inclusive)."""

    nbytes: int
    first: int
    last: int


@dataclass(frozen=True)
class ArenaPlan:
    offsets: list[int]  # per interval, in the input order
    size: int  # arena bytes
    peak: int  # the most bytes live at once (what an allocator without fragmentation needs)


def plan_arena(items: Sequence[Interval]) -> ArenaPlan:
    """Offsets for ``items``: the smaller of the two placements of the module docstring."""
    a, size_a = _first_fit(items)
    b, size_b = _by_size(items)
    offsets, size = (a, size_a) if size_a <= size_b else (b, size_b)
    return ArenaPlan(offsets, size, peak_bytes(items))


def _by_size(items: Sequence[Interval]) -> tuple[list[int], int]:
    order = sorted(range(len(items)), key=lambda i: (-items[i].nbytes, items[i].first, i))
    offsets = [0] * len(items)
    placed: list[int] = []
    size = 0
    for i in order:
        it = items[i]
        need = align(max(it.nbytes, 1))
        busy = sorted((offsets[j], offsets[j] + align(max(items[j].nbytes, 1))) for j in placed
                      if items[j].first <= it.last and it.first <= items[j].last)
        at = 0
        for lo, hi in busy:
            if lo - at >= need:
                break
            at = max(at, hi)
        offsets[i] = at
        placed.append(i)
        size = max(size, at + need)
    return offsets, size


def _first_fit(items: Sequence[Interval]) -> tuple[list[int], int]:
    order = sorted(range(len(items)), key=lambda i: (items[i].first, -items[i].nbytes, i))
    offsets = [0] * len(items)
    live: list[int] = []  # indices of placed items, sorted by offset
    size = 0
    for i in order:
        it = items[i]
        live = [j for j in live if items[j].last >= it.first]
        need = align(max(it.nbytes, 1))
        at = 0
        pos = len(live)
        for k, j in enumerate(live):
            if offsets[j] - at >= need:
                pos = k
                break
            at = max(at, offsets[j] + align(max(items[j].nbytes, 1)))
        offsets[i] = at
        live.insert(pos, i)
        size = max(size, at + need)
    return offsets, size


def peak_bytes(items: Sequence[Interval]) -> int:
    """The most bytes live at once over the op indices (each value aligned as in the arena)."""
    events: dict[int, int] = {}
    for it in items:
        n = align(max(it.nbytes, 1))
        events[it.first] = events.get(it.first, 0) + n
        events[it.last + 1] = events.get(it.last + 1, 0) - n
    live = best = 0
    for t in sorted(events):
        live += events[t]
        best = max(best, live)
    return best


__all__ = ["ALIGN", "ArenaPlan", "Interval", "align", "peak_bytes", "plan_arena"]
