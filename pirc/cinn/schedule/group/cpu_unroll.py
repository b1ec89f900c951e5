"""C target, tuned (``params["unroll"]``): the innermost serial loops unrolled by a factor,
composed of the primitives split and unroll (``#pragma GCC unroll``)."""

from __future__ import annotations

from pirc.cinn.ast.nodes import For, ForKind, LoweredFunc
from pirc.cinn.ast.visitor import walk
from pirc.cinn.schedule import Schedule
from pirc.cinn.schedule.annotate import contains_loop, reduction_carried
from pirc.cinn.schedule.tree import const


def unroll_targets(func: LoweredFunc) -> list[For]:
    """Innermost serial loops of constant extent above 1 that carry no reduction (unrolling
    them keeps every value's arithmetic, so results stay bit-identical)."""
    out = []
    for n in walk(func):
        if isinstance(n, For) and n.kind is ForKind.SERIAL and (const(n.extent) or 0) > 1 and \
                not contains_loop(n) and reduction_carried(n) is None:
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
