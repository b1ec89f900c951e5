"""Step 3, reduction strategy: on CUDA, per-thread partials (rfactor) and the cross-thread combine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pirc.cinn.ast.nodes import (
    Block,
    Buffer,
    Call,
    Evaluate,
    Expr,
    For,
    IfThenElse,
    IntImm,
    Load,
    MemoryScope,
    Mod,
    ScheduleBlock,
    ScheduleBlockRealize,
    Stmt,
    Store,
    Tensor,
    Var,
)
from pirc.cinn.ast.visitor import Mutator, substitute
from pirc.cinn.lower import reduce_strategy as rs
from pirc.cinn.lower.compute import ComputeOp, LowerContext
from pirc.cinn.lower.symbolic import Dim, product
from pirc.cinn.lower.to_ast import (
    combine_expr,
    init_tensor,
)
from pirc.cinn.schedule.group.fusion import as_nest
from pirc.cinn.schedule.group.info import ScheduleInfo, block_store, root_stmts, with_stmts


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


def _split_var(ctx: LowerContext, name: str) -> Var:
    return Var(name, ctx.index_dtype)


def ceil_div_expr(ctx: LowerContext, n: Expr, t: int) -> Expr:
    if isinstance(n, IntImm):
        return IntImm(-(-n.value // t), n.dtype)
    return (n + IntImm(t - 1, n.dtype)) / IntImm(t, n.dtype)


def _is_reduce_loop(st: Stmt, info: ScheduleInfo) -> ScheduleBlockRealize | None:
    """``for r { <reduce update block> }`` of an aligned reduction (CUDA: one fused loop)."""
    if not isinstance(st, For) or len(st.body.stmts) != 1:
        return None
    r = st.body.stmts[0]
    if isinstance(r, ScheduleBlockRealize):
        c = info.compute(r.block.name)
        if c is not None and c.is_reduce:
            return r
    return None


def _rfactor(info: ScheduleInfo, loop: For, upd: ScheduleBlockRealize, strat: rs.ReduceStrategy) -> list[Stmt]:
    """Split ``for r { B[s] = B[s] op v }`` into per-thread partials and a cross-thread combine."""
    ctx = info.ctx
    c = info.compute(upd.block.name)
    assert c is not None and c.combine is not None and c.tensor is not None
    T = strat.reduce_threads
    B = c.tensor
    nsp = len(c.axis)
    sp_vals = upd.iter_values[:nsp]
    rf_buf = Buffer(f"_{B.name}_rf", B.shape, B.dtype, MemoryScope.LOCAL)
    rf = Tensor(f"{B.name}_rf", B.shape, B.dtype, rf_buf)
    rt, ro = _split_var(ctx, f"{loop.loop_var.name}_1"), _split_var(ctx, f"{loop.loop_var.name}_0")
    R = loop.extent
    single = isinstance(R, IntImm) and R.value <= T  # one element per thread at most: no serial loop
    r_expr = rt if single else ro * IntImm(T, ctx.index_dtype) + rt
    # the partial: rf[s] = rf[s] op v(s, r)
    sb = upd.block
    st = block_store(sb)
    assert st is not None
    value = st.value.b
    ivs = tuple(sb.iter_vars)
    new_store = Store(rf, ivs[:nsp], combine_expr(c.combine, Load(rf, ivs[:nsp]), value))
    part = ScheduleBlockRealize(tuple(substitute(v, {loop.loop_var: r_expr}) for v in upd.iter_values),
                                sb.replace(name=rf.name, body=new_store))
    exact = isinstance(R, IntImm) and R.value % T == 0
    inner: Stmt = part if exact else IfThenElse(r_expr < R, part)
    ro_loop = inner if single else For(ro, IntImm(0, ctx.index_dtype), ceil_div_expr(ctx, R, T), inner)
    ivs0 = tuple(Var(v.name, v.dtype) for v in ivs[:nsp])
    rf_init = ScheduleBlockRealize(tuple(sp_vals), ScheduleBlock(
        rf.name + "__reduce_init", ivs0, Store(init_tensor(rf), ivs0, c.init)))
    attrs = {"reduce_method": strat.method, "reduce_op": c.combine, "reduce_thread": strat.reduce_axis,
             "reduce_threads": T}
    if strat.method == rs.DISCRETE:
        return _discrete_tail(info, c, loop, rt, rf, rf_init, ro_loop, sp_vals, strat, attrs)
    ivs1 = tuple(Var(v.name, v.dtype) for v in ivs[:nsp])
    comb = ScheduleBlockRealize(tuple(sp_vals), ScheduleBlock(
        B.name, ivs1, Store(B, ivs1, combine_expr(c.combine, Load(B, ivs1), Load(rf, ivs1))), attrs=attrs))
    return [For.bind(rt, IntImm(0, ctx.index_dtype), IntImm(T, ctx.index_dtype), strat.reduce_axis,
                     Block((rf_init, ro_loop, comb)))]


def _discrete_tail(info: ScheduleInfo, c: ComputeOp, loop: For, ry: Var, rf: Tensor, rf_init: Stmt, ro_loop: Stmt,
                   sp_vals: Sequence[Expr], strat: rs.ReduceStrategy, attrs: dict) -> list[Stmt]:
    """Discrete reduce: partials over threadIdx.y meet in shared memory ``<B>_shm[ry, sx]``."""
    ctx = info.ctx
    B = c.tensor
    assert B is not None and c.combine is not None
    it = ctx.index_dtype
    RT, SX = strat.reduce_threads, strat.tx
    shm_buf = Buffer(f"_{B.name}_shm", (IntImm(RT, it), IntImm(SX, it)), B.dtype, MemoryScope.SHARED)
    shm = Tensor(f"{B.name}_shm", shm_buf.shape, B.dtype, shm_buf)
    s = info.s_var
    lane: Expr = Mod(s, IntImm(SX, it)) if s is not None else IntImm(0, it)
    nsp = len(c.axis)
    ivs = tuple(Var(f"i{k}", it) for k in range(nsp))
    write = ScheduleBlockRealize(tuple(sp_vals), ScheduleBlock(
        shm.name, ivs, Store(shm, (ry, lane), Load(rf, ivs))))
    k = Var("k_shm", it)
    ivs1 = tuple(Var(f"i{j}", it) for j in range(nsp))
    comb = ScheduleBlockRealize(tuple(sp_vals), ScheduleBlock(
        B.name, ivs1, Store(B, ivs1, combine_expr(c.combine, Load(B, ivs1), Load(shm, (k, lane)))), attrs=attrs))
    sync = Evaluate(Call("__syncthreads", ()))
    return [For.bind(ry, IntImm(0, it), IntImm(RT, it), "threadIdx.y", Block((rf_init, ro_loop, write))),
            sync, For(k, IntImm(0, it), IntImm(RT, it), comb), Evaluate(Call("__syncthreads", ()))]


class _RewriteReduceLoops(Mutator):
    def __init__(self, info: ScheduleInfo, strat: rs.ReduceStrategy) -> None:
        super().__init__()
        self.info = info
        self.strat = strat

    def visit_Block(self, node: Block) -> Any:
        new: list[Stmt] = []
        changed = False
        for st in node.stmts:
            upd = _is_reduce_loop(st, self.info)
            if upd is not None:
                new.extend(_rfactor(self.info, st, upd, self.strat))  # type: ignore[arg-type]
                changed = True
            else:
                ns = self.visit(st)
                changed |= ns is not st
                new.append(ns)
        return Block(tuple(new)) if changed else node


def optimize_reduction(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 3: pick the reduce strategy; on CUDA rfactor the reductions it spreads over threads."""
    strat = choose_strategy(info)
    info.strategy = strat
    if not info.cuda or not strat.cross_thread:
        return root
    stmts = []
    for st in root_stmts(root):
        n = as_nest(st, info)
        info.s_var = n.loops[0].loop_var if n.aligned and n.loops else None
        if _is_reduce_loop(st, info) is not None:
            st = Block((st,))
        stmts.append(_RewriteReduceLoops(info, strat).visit(st))
    info.s_var = None
    return with_stmts(root, stmts)
