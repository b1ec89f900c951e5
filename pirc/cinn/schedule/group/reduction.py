"""Step 3, reduction strategy: on CUDA, per-thread partials and the cross-thread combine, composed
of schedule primitives (split, reorder, factorize_reduction, annotate, bind, shared_combine)."""

from __future__ import annotations

from collections.abc import Sequence

from pirc.cinn.ast.nodes import Expr, For, IntImm, Mod, ScheduleBlockRealize, Stmt, Var
from pirc.cinn.ast.visitor import walk
from pirc.cinn.lower import reduce_strategy as rs
from pirc.cinn.lower.compute import LowerContext
from pirc.cinn.lower.symbolic import Dim, product
from pirc.cinn.schedule import Schedule
from pirc.cinn.schedule.group.fusion import as_nest
from pirc.cinn.schedule.group.info import ScheduleInfo, root_stmts
from pirc.cinn.schedule.tree import const


def _static(ctx: LowerContext, dims: Sequence[Dim]) -> int | None:
    return ctx.const_dim(product(dims))


def choose_strategy(info: ScheduleInfo) -> rs.ReduceStrategy:
    ctx = info.ctx
    m = info.master
    if m is None:
        return rs.choose_elementwise(1) if info.cuda else rs.ReduceStrategy(rs.SERIAL)
    S = _static(ctx, m.S)
    if m.name not in info.blocks or not info.blocks[m.name].compute.is_reduce:
        return rs.choose_elementwise(S) if info.cuda else rs.ReduceStrategy(rs.SERIAL)
    return rs.choose_reduce_strategy(S, _static(ctx, m.R), m.last_axis_reduce, info.target)


def _reduce_loops(st: Stmt, info: ScheduleInfo) -> list[For]:
    """The loops ``for r { <reduce update block> }`` of aligned reductions in ``st`` (CUDA:
    one fused loop per reduction), in order."""
    out = []
    for n in walk(st):
        if isinstance(n, For) and len(n.body.stmts) == 1 and isinstance(n.body.stmts[0], ScheduleBlockRealize):
            c = info.compute(n.body.stmts[0].block.name)
            if c is not None and c.is_reduce:
                out.append(n)
    return out


def cross_thread_reduce(sch: Schedule, loop: For, strat: rs.ReduceStrategy, op: str, s_var: Var | None) -> None:
    """``for r (R) { B[s] = B[s] op v }`` over ``T`` reduce threads, composed of primitives:
    ``split(r, [None, T])`` (guarded when ``T`` does not divide ``R``), the serial loop moved
    inside the lane loop (``reorder``; ``remove_unit_loop`` when ``R <= T``),
    ``factorize_reduction`` on the lanes (a per-thread partial ``B_rf``), the combine annotated
    with the strategy, the lanes bound to the reduce thread axis; a discrete reduce combines
    through shared memory (``shared_combine``, slot ``s % tx``)."""
    upd = loop.body.stmts[0]
    assert isinstance(upd, ScheduleBlockRealize)
    name = upd.block.name
    T = strat.reduce_threads
    r0, r1 = sch.split(loop, [None, T])
    if const(r0.extent) == 1:
        sch.remove_unit_loop(r0)
    else:
        sch.reorder(r1, r0)
    sch.factorize_reduction(r1)
    for key, value in (("reduce_method", strat.method), ("reduce_op", op), ("reduce_thread", strat.reduce_axis),
                       ("reduce_threads", T)):
        sch.annotate(name, key, value)
    sch.bind(r1, strat.reduce_axis)
    if strat.method == rs.DISCRETE:
        it = r1.loop_var.dtype
        lane: Expr = Mod(s_var, IntImm(strat.tx, it)) if s_var is not None else IntImm(0, it)
        sch.shared_combine(name, lane, strat.tx)


def optimize_reduction(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 3: pick the reduce strategy; on CUDA spread the reductions over threads
    (:func:`cross_thread_reduce`)."""
    strat = choose_strategy(info)
    info.strategy = strat
    if not info.cuda or not strat.cross_thread:
        return root
    sch = Schedule(root)
    for st in root_stmts(root):
        n = as_nest(st, info)
        s_var = n.loops[0].loop_var if n.aligned and n.loops else None
        for loop in _reduce_loops(st, info):
            c = info.compute(loop.body.stmts[0].block.name)
            assert c is not None and c.combine is not None
            cross_thread_reduce(sch, loop, strat, c.combine, s_var)
    assert isinstance(sch.tree, ScheduleBlockRealize)
    return sch.tree
