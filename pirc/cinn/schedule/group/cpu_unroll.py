"""C target, tuned (``params["unroll"]``): the innermost serial loops unrolled by a factor,
composed of the primitives split and unroll (``#pragma GCC unroll``)."""

from __future__ import annotations

from pirc.cinn.ast.nodes import For, ForKind, IterType, LoweredFunc, ScheduleBlockRealize
from pirc.cinn.ast.visitor import walk
from pirc.cinn.schedule import Schedule
from pirc.cinn.schedule.tree import const


def _carries_reduction(f: For) -> bool:
    return any(isinstance(n, ScheduleBlockRealize) and any(
        t is IterType.REDUCE and any(x is f.loop_var for x in walk(v))
        for v, t in zip(n.iter_values, n.block.iter_types)) for n in walk(f.body))


def unroll_targets(func: LoweredFunc) -> list[For]:
    """Innermost serial loops of constant extent above 1 that carry no reduction (unrolling
    them keeps every value's arithmetic, so results stay bit-identical)."""
    out = []
    for n in walk(func):
        if isinstance(n, For) and n.kind is ForKind.SERIAL and (const(n.extent) or 0) > 1 and \
                not any(isinstance(x, For) for x in walk(n.body)) and not _carries_reduction(n):
            out.append(n)
    return out


def unroll_innermost(func: LoweredFunc, factor: int) -> LoweredFunc:
    """Each of :func:`unroll_targets`: unrolled whole when its extent is at most ``factor``,
    else split by ``factor`` (``split(loop, [None, factor])``) and the inner loop unrolled when
    ``factor`` divides the extent (no guard in the unrolled body); other loops stay."""
    sch = Schedule(func)
    for loop in unroll_targets(func):
        n = const(loop.extent)
        assert n is not None
        if n <= factor:
            sch.unroll(loop)
        elif n % factor == 0:
            _, inner = sch.split(loop, [None, factor])
            sch.unroll(inner)
    assert isinstance(sch.tree, LoweredFunc)
    return sch.tree


__all__ = ["unroll_innermost", "unroll_targets"]
