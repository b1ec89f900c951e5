"""IfInstruction, WhileInstruction (and GroupInstruction): region ops run sub-interpreters.

Each region gets its own :class:`~pirc.runtime.interpreter.PirInterpreter`,
built once in the parent's Build phase and cached with it.  A region reads
values of enclosing blocks (captures): the sub-interpreter gives each of them
an *external* slot, which the control-flow instruction fills from the
parent's slots before every run; the parent's DAG sees the control-flow
instruction as a reader of all of them.  The ``cf.yield`` operands are the
sub-interpreter's outputs.

``pd_op.while`` binds the loop variables to the body's block arguments for
each iteration, and the body yields ``(condition, new loop variables...)``.
Early GC inside the loop: the body is an interpreter of its own, so a value of
one iteration (the previous loop variables included: the instruction hands
them over and keeps no reference) is freed as soon as the body instructions
that read it are done, not at the end of the loop.

A region result is the variable its region yields (a captured value, a loop
input, another result).  Where the yielded value only shares storage with one
(a view: a copy in Paddle's semantics) the parent's Build phase decides whether
the result may share it too; ``copy_outs`` lists the results (per branch of an
``if``; after at least one iteration of a ``while``) it could not, which are
materialised after the region ran.

Sub-interpreters always run inline in the thread of the control-flow
instruction (nested thread-pool waits could deadlock a bounded pool).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pirc.runtime.instruction import materialise

if TYPE_CHECKING:
    from pirc.ir.core import Operation
    from pirc.runtime.interpreter import PirInterpreter
    from pirc.runtime.scheduler import RunContext


def truth(cond: Any) -> bool:
    """The value of a one-element bool tensor."""
    try:
        return bool(cond)
    except (TypeError, ValueError):
        size = getattr(cond, "size", "?")
        raise ValueError(f"the condition must have exactly one element, got {size}") from None


def copy_results(outs: list[Any], idxs: Sequence[int]) -> None:
    """Materialise ``outs[i]`` for ``i`` in ``idxs``; results that are one object (one variable
    yielded twice) stay one object."""
    done: dict[int, Any] = {}
    for i in idxs:
        v = outs[i]
        c = done.get(id(v))
        if c is None:
            c = done[id(v)] = materialise(v)
        outs[i] = c


class IfInstruction:
    """``pd_op.if``: run the then- or else-region, move its yields to the results."""

    __slots__ = ("branches", "cond_slot", "copy_outs", "ctx", "op", "out_slots")

    def __init__(self, op: Operation, cond_slot: int,
                 branches: Sequence[tuple[PirInterpreter, Sequence[int]]], out_slots: Sequence[int]) -> None:
        self.op = op
        self.cond_slot = cond_slot
        self.branches = [(sub, tuple(ext)) for sub, ext in branches]
        self.out_slots = tuple(out_slots)
        self.ctx: RunContext | None = None
        self.copy_outs: tuple[tuple[int, ...], ...] = ((), ())  # per branch

    def add_copy(self, region: int, ks: Sequence[int]) -> None:
        c = list(self.copy_outs)
        c[region] = tuple(sorted({*c[region], *ks}))
        self.copy_outs = tuple(c)

    def run(self, slots: list[Any]) -> None:
        b = 0 if truth(slots[self.cond_slot]) else 1
        sub, ext = self.branches[b]
        outs = sub.run_region([slots[k] for k in ext], None, self.ctx)  # type: ignore[arg-type]
        if self.copy_outs[b]:
            copy_results(outs, self.copy_outs[b])
        for k, v in zip(self.out_slots, outs):
            slots[k] = v


class GroupInstruction:
    """``cinn_op.group`` / ``cinn_op.fusion`` run by the interpreter (``--backend interp``):
    the fused region's ops, each with its numpy kernel, in a sub-interpreter."""

    __slots__ = ("copy_outs", "ctx", "ext_slots", "op", "out_slots", "sub")

    def __init__(self, op: Operation, sub: PirInterpreter, ext_slots: Sequence[int],
                 out_slots: Sequence[int]) -> None:
        self.op = op
        self.sub = sub
        self.ext_slots = tuple(ext_slots)
        self.out_slots = tuple(out_slots)
        self.ctx: RunContext | None = None
        self.copy_outs: tuple[int, ...] = ()

    def add_copy(self, region: int, ks: Sequence[int]) -> None:
        self.copy_outs = tuple(sorted({*self.copy_outs, *ks}))

    def run(self, slots: list[Any]) -> None:
        outs = self.sub.run_region([slots[k] for k in self.ext_slots], None, self.ctx)  # type: ignore[arg-type]
        if self.copy_outs:
            copy_results(outs, self.copy_outs)
        for k, v in zip(self.out_slots, outs):
            slots[k] = v


class WhileInstruction:
    """``pd_op.while``: ``while cond: (cond, vars) = body(vars)``."""

    __slots__ = ("body", "cond_slot", "copy_outs", "ctx", "ext_slots", "in_slots", "iterations", "op", "out_slots")

    def __init__(self, op: Operation, cond_slot: int, in_slots: Sequence[int], body: PirInterpreter,
                 ext_slots: Sequence[int], out_slots: Sequence[int]) -> None:
        self.op = op
        self.cond_slot = cond_slot
        self.in_slots = tuple(in_slots)
        self.body = body
        self.ext_slots = tuple(ext_slots)
        self.out_slots = tuple(out_slots)
        self.ctx: RunContext | None = None
        self.iterations = 0  # of the last run (for tests and profiling)
        self.copy_outs: tuple[int, ...] = ()  # after at least one iteration (else a result is its input)

    def add_copy(self, region: int, ks: Sequence[int]) -> None:
        self.copy_outs = tuple(sorted({*self.copy_outs, *ks}))

    def run(self, slots: list[Any]) -> None:
        ctx = self.ctx
        body = self.body
        cond = slots[self.cond_slot]
        loop_vars: list[Any] = [slots[k] for k in self.in_slots]
        ext = [slots[k] for k in self.ext_slots]
        owned = False  # iteration 0 reads the parent's values; later ones own theirs
        n = 0
        while truth(cond):
            # run_region empties loop_vars, and the list it returns is the only
            # reference to the new values: nothing here keeps an iteration alive
            loop_vars = body.run_region(ext, loop_vars, ctx, owned)  # type: ignore[arg-type]
            cond = loop_vars.pop(0)
            owned = True
            n += 1
        self.iterations = n
        if n and self.copy_outs:
            copy_results(loop_vars, self.copy_outs)
        for k, v in zip(self.out_slots, loop_vars):
            slots[k] = v
