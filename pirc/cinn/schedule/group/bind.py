"""Step 6, binding: CUDA blockIdx / threadIdx, C parallel loops, composed of the schedule
primitives (:mod:`pirc.cinn.schedule`: split, reorder, bind, remove_unit_loop, parallel)."""

from __future__ import annotations

from pirc.cinn.ast.nodes import (
    Block,
    For,
    ForKind,
    IntImm,
    ScheduleBlockRealize,
    Stmt,
    Var,
)
from pirc.cinn.ast.visitor import walk
from pirc.cinn.lower import reduce_strategy as rs
from pirc.cinn.schedule import Schedule
from pirc.cinn.schedule.annotate import parallel
from pirc.cinn.schedule.group.fusion import Nest, as_nest
from pirc.cinn.schedule.group.info import ScheduleInfo, root_stmts, with_stmts
from pirc.cinn.schedule.group.reduction import choose_strategy
from pirc.cinn.schedule.tree import const, single
from pirc.diagnostics import PircError


def _element_loops(tree: Stmt, info: ScheduleInfo) -> list[Var]:
    """The elementwise loops over R in a nest (``for k { block }``, the block not a reduction)."""
    out: list[Var] = []
    for n in walk(tree):
        if isinstance(n, For) and n.kind is ForKind.SERIAL and len(n.body.stmts) == 1 and isinstance(
                n.body.stmts[0], ScheduleBlockRealize):
            c = info.compute(n.body.stmts[0].block.name)
            if c is not None and not c.is_reduce:
                out.append(n.loop_var)
    return out


def bind_element_loops(tree: Stmt, info: ScheduleInfo, threads: int, axis: str) -> Stmt:
    """Each elementwise loop over R runs on ``threads`` threads of ``axis``:
    ``split(k, [None, T])``, ``reorder(k_1, k_0)``, ``bind(k_1, axis)`` -- the thread loop
    outside, each thread's serial remainder inside (guarded when T does not divide R).  A loop
    of at most T iterations is split ``[1, T]`` and its one-iteration serial loop removed."""
    s = Schedule(tree)
    for v in _element_loops(tree, info):
        R = const(s.loop(v).extent)
        single = R is not None and R <= threads
        ko, ki = s.split(v, [1 if single else None, threads])
        s.reorder(ki, ko)
        s.bind(ki, axis)
        if single:
            s.remove_unit_loop(ko)
    return s.tree  # type: ignore[return-value]


def bind_spatial(info: ScheduleInfo, tree: Stmt, s: Var | None, rows: int, axis: str | None) -> Stmt:
    """The fused spatial loop ``s`` of a nest: ``rows`` points per block on ``axis``
    (``split(s, [None, rows], guard="blocks")``, ``bind(s_0, blockIdx.x)``, ``bind(s_1, axis)``;
    a guard on each block, none around a barrier) or, with one row, ``bind(s, blockIdx.x)``.
    A nest without a spatial loop runs in one block."""
    it = info.ctx.index_dtype
    if s is None:  # no spatial loop: one block
        return For.bind(Var("i_blk", it), IntImm(0, it), IntImm(1, it), "blockIdx.x", tree)
    sch = Schedule(tree)
    if rows == 1 or axis is None:
        sch.bind(s, "blockIdx.x")
        return sch.tree  # type: ignore[return-value]
    sb, sr = sch.split(s, [None, rows], guard="blocks")
    sch.bind(sb, "blockIdx.x")
    sch.bind(sr, axis)
    return sch.tree  # type: ignore[return-value]


def bind_axes(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 6: map loops to the target (CUDA: blockIdx / threadIdx; C: ``parallel``)."""
    strat = info.strategy or choose_strategy(info)
    info.strategy = strat
    out: list[Stmt] = []
    for st in root_stmts(root):
        n = as_nest(st, info)
        if not info.cuda:
            out.append(_bind_c(info, n))
            continue
        if not n.aligned:
            out.append(_bind_unaligned(info, st))
            continue
        s = n.loops[0].loop_var if n.loops else None
        tree: Stmt = n.build() if n.loops else Block(tuple(n.body))
        m = strat.method
        if m in (rs.WARP, rs.BLOCK):
            tree = bind_element_loops(tree, info, strat.reduce_threads, "threadIdx.x")
            out.append(bind_spatial(info, tree, s, strat.rows, "threadIdx.y" if m == rs.WARP else None))
        elif m == rs.DISCRETE:
            tree = bind_element_loops(tree, info, strat.reduce_threads, "threadIdx.y")
            out.append(bind_spatial(info, tree, s, strat.rows, "threadIdx.x"))
        else:  # elementwise / none: one output point per thread
            out.append(bind_spatial(info, tree, s, strat.tx, "threadIdx.x"))
    return with_stmts(root, out)


def _bind_c(info: ScheduleInfo, n: Nest) -> Stmt:
    """The outermost loop of the nest runs on CPU threads (the ``parallel`` primitive, which
    refuses a loop that carries a reduction: that one stays serial).  Tuned:
    ``params["parallel_granularity"] == 2`` fuses the two outer loops first (``fuse``; kept
    apart when they do not fuse or the fused loop cannot run in parallel);
    ``params["num_threads"]`` sets the team size (the C code bounds it at run time by the threads
    OpenMP has there: the build machine's core count is never baked in)."""
    st = n.build()
    if not isinstance(st, For) or st.kind is not ForKind.SERIAL or info.params.get("parallel") is False:
        return st
    team = info.params.get("num_threads")
    team = int(team) if team else None  # the generated code bounds it by the threads it runs with
    if info.params.get("parallel_granularity") == 2 and isinstance(inner := single(st.body), For):
        try:
            sch = Schedule(st)
            sch.parallel(sch.fuse(st, inner), team)
            assert isinstance(sch.tree, For)
            return sch.tree
        except PircError:
            pass
    try:
        return parallel(st, st, team)
    except PircError:
        return st


def _bind_unaligned(info: ScheduleInfo, st: Stmt) -> Stmt:
    """A nest not aligned to the kernel's master: one thread runs it all (it is only reached
    for a kernel whose master is that nest's own compute, which is aligned; kept as a safe
    fallback)."""
    it = info.ctx.index_dtype
    return For.bind(Var("i_blk", it), IntImm(0, it), IntImm(1, it), "blockIdx.x",
                    For.bind(Var("i_thr", it), IntImm(0, it), IntImm(1, it), "threadIdx.x", st))
