"""The static memory plan of an AOT program: one arena, an offset per intermediate value.

Each value is live over an interval of op indices ``[first, last]`` (its producer .. its last
reader, inclusive).  Values are placed in order of ``first`` (then by size, largest first) at the
lowest 64-byte aligned offset that overlaps no value still live: a value whose ``last`` is before
the new value's ``first`` has given its bytes back (first-fit, as TVM's static memory planner and
CINN's buffer reuse do).  An op's inputs and outputs are live at the op's index together, so they
never share bytes.
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
    """First-fit offsets for ``items`` (see the module docstring)."""
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
    return ArenaPlan(offsets, size, peak_bytes(items))


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
