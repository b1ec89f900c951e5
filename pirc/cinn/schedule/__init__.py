"""Schedule primitives over the loop AST (CINN's IRSchedule, TVM's tir.Schedule).

Each primitive is a function ``primitive(tree, ...) -> tree`` on an immutable tree (a
LoweredFunc or the ``ScheduleBlock(root)`` realize), one small module per family:

=================  =========================================================================
:mod:`.tree`       get_block, get_loops; shared helpers and located errors
:mod:`.loops`      split, fuse, reorder, fission (loop distribution), remove_unit_loop
:mod:`.annotate`   bind (blockIdx / threadIdx / parallel), parallel, vectorize, unroll, annotate
:mod:`.inline`     compute_inline, reverse_compute_inline
:mod:`.compute_at` compute_at, reverse_compute_at
:mod:`.cache`      cache_read, cache_write, storage_align
:mod:`.rfactor`    rfactor
:mod:`.cross_thread` factorize_reduction (a private partial per lane), shared_combine
=================  =========================================================================

Loops are named by their loop variable or any version of their ``For`` (both survive
rewrites), blocks by name.  An illegal use raises a :class:`~pirc.diagnostics.PircError`
located at the loop or block it is about (``file:line:col`` of a parsed ``.ast``).
:class:`Schedule` holds the current tree and records the trace of primitives applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pirc.cinn.schedule.annotate import annotate, bind, parallel, unroll, vectorize
from pirc.cinn.schedule.cache import cache_read, cache_write, storage_align
from pirc.cinn.schedule.compute_at import compute_at, reverse_compute_at
from pirc.cinn.schedule.cross_thread import factorize_reduction, shared_combine
from pirc.cinn.schedule.inline import compute_inline, reverse_compute_inline
from pirc.cinn.schedule.loops import fission, fuse, remove_unit_loop, reorder, split
from pirc.cinn.schedule.rfactor import rfactor
from pirc.cinn.schedule.tree import LoopRef, Tree, find_loop, get_block, get_loops


class Schedule:
    """A tree being scheduled: ``sch.split(loop, [None, 8])`` ... then ``sch.tree``.
    ``trace`` lists ``(primitive, args)`` in order."""

    __slots__ = ("trace", "tree")

    def __init__(self, tree: Tree) -> None:
        self.tree = tree
        self.trace: list[tuple[str, tuple]] = []

    def _log(self, name: str, *args: Any) -> None:
        self.trace.append((name, tuple(getattr(a, "loop_var", a) for a in args)))

    # lookups -----------------------------------------------------------------------------
    def get_block(self, name: str) -> Any:
        return get_block(self.tree, name)

    def get_loops(self, name: str) -> list:
        return get_loops(self.tree, name)

    def loop(self, ref: LoopRef) -> Any:
        return find_loop(self.tree, ref)

    # loops ---------------------------------------------------------------------------------
    def split(self, loop: LoopRef, factors: list[int | None], guard: str = "body") -> list:
        self._log("split", loop, tuple(factors), guard)
        self.tree, loops = split(self.tree, loop, factors, guard=guard)
        return loops

    def remove_unit_loop(self, loop: LoopRef) -> None:
        self._log("remove_unit_loop", loop)
        self.tree = remove_unit_loop(self.tree, loop)

    def fuse(self, *loops: LoopRef, name: str | None = None) -> Any:
        if name is None:
            self._log("fuse", *loops)
        else:
            self._log("fuse", *loops, name)
        self.tree, f = fuse(self.tree, loops, name=name)
        return f

    def fission(self, loop: LoopRef, cuts: Sequence[int] | None = None) -> list:
        if cuts is None:
            self._log("fission", loop)
        else:
            self._log("fission", loop, tuple(cuts))
        self.tree, loops = fission(self.tree, loop, cuts)
        return loops

    def reorder(self, *loops: LoopRef) -> None:
        self._log("reorder", *loops)
        self.tree = reorder(self.tree, loops)

    # annotations ------------------------------------------------------------------------
    def bind(self, loop: LoopRef, thread: str) -> None:
        self._log("bind", loop, thread)
        self.tree = bind(self.tree, loop, thread)

    def parallel(self, loop: LoopRef, num_threads: int | None = None) -> None:
        if num_threads is None:
            self._log("parallel", loop)
        else:
            self._log("parallel", loop, num_threads)
        self.tree = parallel(self.tree, loop, num_threads)

    def vectorize(self, loop: LoopRef, factor: int | None = None) -> None:
        self._log("vectorize", loop, factor)
        self.tree = vectorize(self.tree, loop, factor)

    def unroll(self, loop: LoopRef) -> None:
        self._log("unroll", loop)
        self.tree = unroll(self.tree, loop)

    def annotate(self, block: str, key: str, value: Any) -> None:
        self._log("annotate", block, key, value)
        self.tree = annotate(self.tree, block, key, value)

    # blocks -------------------------------------------------------------------------------
    def compute_inline(self, block: str) -> None:
        self._log("compute_inline", block)
        self.tree = compute_inline(self.tree, block)

    def reverse_compute_inline(self, block: str) -> None:
        self._log("reverse_compute_inline", block)
        self.tree = reverse_compute_inline(self.tree, block)

    def compute_at(self, block: str, loop: LoopRef) -> None:
        self._log("compute_at", block, loop)
        self.tree = compute_at(self.tree, block, loop)

    def reverse_compute_at(self, block: str, loop: LoopRef) -> None:
        self._log("reverse_compute_at", block, loop)
        self.tree = reverse_compute_at(self.tree, block, loop)

    def cache_read(self, block: str, tensor: str, scope: str) -> None:
        self._log("cache_read", block, tensor, scope)
        self.tree = cache_read(self.tree, block, tensor, scope)

    def cache_write(self, block: str, scope: str) -> None:
        self._log("cache_write", block, scope)
        self.tree = cache_write(self.tree, block, scope)

    def storage_align(self, block: str, axis: int, factor: int, offset: int = 0) -> None:
        self._log("storage_align", block, axis, factor, offset)
        self.tree = storage_align(self.tree, block, axis, factor, offset)

    def rfactor(self, loop: LoopRef) -> None:
        self._log("rfactor", loop)
        self.tree = rfactor(self.tree, loop)

    def factorize_reduction(self, loop: LoopRef) -> None:
        self._log("factorize_reduction", loop)
        self.tree = factorize_reduction(self.tree, loop)

    def shared_combine(self, block: str, lane: Any, lanes: int) -> None:
        self._log("shared_combine", block, lane, lanes)
        self.tree = shared_combine(self.tree, block, lane, lanes)


__all__ = [
    "Schedule", "annotate", "bind", "cache_read", "cache_write", "compute_at", "compute_inline", "factorize_reduction",
    "find_loop", "fission",
    "fuse", "get_block", "get_loops", "parallel", "remove_unit_loop", "reorder", "reverse_compute_at",
    "reverse_compute_inline",
    "rfactor", "shared_combine", "split", "storage_align", "unroll", "vectorize",
]
