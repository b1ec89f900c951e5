"""Step 6, binding: CUDA blockIdx / threadIdx, C parallel loops."""

from __future__ import annotations

from typing import Any

from pirc.cinn.ast.nodes import (
    Block,
    Div,
    Expr,
    For,
    ForKind,
    IfThenElse,
    IntImm,
    Mod,
    ScheduleBlockRealize,
    Stmt,
    Var,
)
from pirc.cinn.ast.visitor import Mutator, substitute
from pirc.cinn.lower import reduce_strategy as rs
from pirc.cinn.schedule.annotate import parallel
from pirc.cinn.schedule.group.fusion import Nest, as_nest
from pirc.cinn.schedule.group.info import ScheduleInfo, root_stmts, with_stmts
from pirc.cinn.schedule.group.reduction import ceil_div_expr, choose_strategy
from pirc.diagnostics import PircError


class _Guard(Mutator):
    """Wrap every ScheduleBlockRealize in ``if (cond)`` (merged into an existing guard)."""

    def __init__(self, cond: Expr) -> None:
        super().__init__()
        self.cond = cond

    def visit_IfThenElse(self, node: IfThenElse) -> Any:
        if node.else_case is None and all(isinstance(s, ScheduleBlockRealize) for s in node.then_case.stmts):
            return node.replace(condition=self.cond & node.condition)
        return self.generic_mutate(node)

    def visit_ScheduleBlockRealize(self, node: ScheduleBlockRealize) -> Any:
        if node.block.attr("reduce_method") is not None:
            return node  # a cross-thread combine: every thread must reach it (it only touches registers)
        if node.block.name.endswith("__reduce_init"):
            return node  # sets a per-thread accumulator: harmless in every thread
        return IfThenElse(self.cond, node)


class _ReplaceMod(Mutator):
    """``s % n`` -> ``lane`` and ``s / n`` -> ``blk`` (the split of ``s`` by ``n``)."""

    def __init__(self, s: Var, n: int, blk: Expr, lane: Expr) -> None:
        super().__init__()
        self.s, self.n, self.blk, self.lane = s, n, blk, lane

    def _hit(self, node: Any) -> bool:
        return node.a is self.s and isinstance(node.b, IntImm) and node.b.value == self.n

    def visit_Mod(self, node: Mod) -> Any:
        if self._hit(node):
            return self.lane
        return self.generic_mutate(node)

    def visit_Div(self, node: Div) -> Any:
        if self._hit(node):
            return self.blk
        return self.generic_mutate(node)


class _BindElementLoops(Mutator):
    """Elementwise loops over R (``for k { block }``) -> thread-bound loop + serial remainder."""

    def __init__(self, info: ScheduleInfo, threads: int, axis: str) -> None:
        super().__init__()
        self.info = info
        self.threads = threads
        self.axis = axis

    def visit_For(self, node: For) -> Any:
        if node.kind is ForKind.SERIAL and len(node.body.stmts) == 1 and isinstance(
                node.body.stmts[0], ScheduleBlockRealize):
            r = node.body.stmts[0]
            c = self.info.compute(r.block.name)
            if c is not None and not c.is_reduce:
                return self._bind(node, r)
        return self.generic_mutate(node)

    def _bind(self, loop: For, r: ScheduleBlockRealize) -> Stmt:
        ctx = self.info.ctx
        it = ctx.index_dtype
        T = self.threads
        rt, ro = Var(loop.loop_var.name + "_1", it), Var(loop.loop_var.name + "_0", it)
        R = loop.extent
        single = isinstance(R, IntImm) and R.value <= T
        e = rt if single else ro * IntImm(T, it) + rt
        nr = substitute(r, {loop.loop_var: e})
        exact = isinstance(R, IntImm) and R.value % T == 0
        inner: Stmt = nr if exact else IfThenElse(e < R, nr)
        if not single:
            inner = For(ro, IntImm(0, it), ceil_div_expr(ctx, R, T), inner)
        return For.bind(rt, IntImm(0, it), IntImm(T, it), self.axis, inner)


def _split_spatial(info: ScheduleInfo, body: list[Stmt], s: Var | None, S: Expr, rows: int,
                   axis: str | None) -> Stmt:
    """``for s (S) body`` -> ``blockIdx.x for (sb) [axis for (sr, rows)] body[s := sb*rows + sr]``."""
    ctx = info.ctx
    it = ctx.index_dtype
    if s is None:  # no spatial loop: one block
        inner: Stmt = Block(tuple(body))
        sb = Var("i_blk", it)
        return For.bind(sb, IntImm(0, it), IntImm(1, it), "blockIdx.x", inner)
    if rows == 1 or axis is None:
        return For.bind(s, IntImm(0, it), S, "blockIdx.x", Block(tuple(body)))
    sb, sr = Var(s.name + "_0", it), Var(s.name + "_1", it)
    one_block = isinstance(S, IntImm) and S.value <= rows
    e = sr if one_block else sb * IntImm(rows, it) + sr
    blk = Block(tuple(body))
    blk = _ReplaceMod(s, rows, sb, sr).visit(blk)
    blk = substitute(blk, {s: e})
    exact = isinstance(S, IntImm) and S.value % rows == 0
    if not exact:
        blk = _Guard(e < S).visit(blk)
    nblocks = ceil_div_expr(ctx, S, rows)
    return For.bind(sb, IntImm(0, it), nblocks, "blockIdx.x",
                    For.bind(sr, IntImm(0, it), IntImm(rows, it), axis, blk))


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
        S = n.loops[0].extent if n.loops else IntImm(1, info.ctx.index_dtype)
        body = n.body
        m = strat.method
        if m in (rs.WARP, rs.BLOCK):
            body = [_BindElementLoops(info, strat.reduce_threads, "threadIdx.x").visit(x) for x in body]
            out.append(_split_spatial(info, body, s, S, strat.rows, "threadIdx.y" if m == rs.WARP else None))
        elif m == rs.DISCRETE:
            body = [_BindElementLoops(info, strat.reduce_threads, "threadIdx.y").visit(x) for x in body]
            out.append(_split_spatial(info, body, s, S, strat.rows, "threadIdx.x"))
        else:  # elementwise / none: one output point per thread
            out.append(_split_spatial(info, body, s, S, strat.tx, "threadIdx.x"))
    return with_stmts(root, out)


def _bind_c(info: ScheduleInfo, n: Nest) -> Stmt:
    """The outermost loop of the nest runs on CPU threads (the ``parallel`` primitive, which
    refuses a loop that carries a reduction: that one stays serial)."""
    st = n.build()
    if not isinstance(st, For) or st.kind is not ForKind.SERIAL or info.params.get("parallel") is False:
        return st
    try:
        return parallel(st, st)
    except PircError:
        return st


def _bind_unaligned(info: ScheduleInfo, st: Stmt) -> Stmt:
    """A nest not aligned to the kernel's master: one thread runs it all (it is only reached
    for a kernel whose master is that nest's own compute, which is aligned; kept as a safe
    fallback)."""
    it = info.ctx.index_dtype
    return For.bind(Var("i_blk", it), IntImm(0, it), IntImm(1, it), "blockIdx.x",
                    For.bind(Var("i_thr", it), IntImm(0, it), IntImm(1, it), "threadIdx.x", st))
