"""Step 1, loop alignment: every compute's nest rebuilt over the master's iteration space."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pirc.cinn.ast.nodes import (
    Block,
    LoweredFunc,
    ScheduleBlock,
    Expr,
    ForKind,
    IntImm,
    ScheduleBlockRealize,
    Stmt,
    Var,
)
from pirc.cinn.ast.visitor import substitute
from pirc.cinn.lower import pe
from pirc.cinn.lower.compute import ComputeOp, LowerContext
from pirc.cinn.lower.symbolic import Dim, product
from pirc.cinn.schedule import Schedule
from pirc.cinn.lower.to_ast import (
    REDUCE_LOOP_NAMES,
    SPATIAL_LOOP_NAMES,
    compute_blocks,
    loop_names,
)
from pirc.cinn.schedule.group.info import (
    BlockInfo,
    Master,
    ScheduleInfo,
    block_store,
    main_block_name,
    realizes,
    root_stmts,
    with_stmts,
    wrap_loops,
)


def _numel_key(ctx: LowerContext, dims: Sequence[Dim]) -> tuple:
    n = ctx.symbols.canon(product(dims))
    if n.is_const:
        return (0, n.value or 0)
    if n.is_poly:
        deg = max(len(m) for m, _ in n.terms)
        lead = max(c for m, c in n.terms if len(m) == deg)
        return (deg, lead)
    return (1, 0)


def choose_master(info: ScheduleInfo, order: Sequence[str]) -> Master | None:
    """The first reduction (by program order), else the output with the most elements."""
    ctx = info.ctx
    cands = [n for n in order if n in info.blocks and not info.blocks[n].inlined]
    for n in cands:
        c = info.blocks[n].compute
        if c.is_reduce:
            if c.input_dims is not None and c.input_axes is not None:
                ind, axes = c.input_dims, c.input_axes
                S = [ind[k] for k in range(len(ind)) if k not in axes and not ctx.is_one(ind[k])]
                R = [ind[k] for k in axes if not ctx.is_one(ind[k])]
                live = [k for k in range(len(ind)) if not ctx.is_one(ind[k])]
                last = (live[-1] in axes) if live else True
                return Master(n, S, R, tuple(ind), tuple(axes), last)
            S = [d for d in c.dims if not ctx.is_one(d)]
            R = [d for d in c.reduce_dims if not ctx.is_one(d)]
            return Master(n, S, R)
    if not cands:
        return None
    outs = [n for n in cands if n in info.keep_global] or cands
    best = max(outs, key=lambda n: (_numel_key(ctx, info.blocks[n].compute.dims), -outs.index(n)))
    c = info.blocks[best].compute
    return Master(best, [d for d in c.dims if not ctx.is_one(d)], [])


def map_dims(ctx: LowerContext, E: Sequence[Dim], M: Sequence[Dim], mexprs: Sequence[Expr]) -> list[Expr] | None:
    """Index expressions for a block of dims ``E`` iterated by master dims ``M`` (whose
    indices are ``mexprs``): matching dims map one to one, groups with equal products are
    re-linearised; None when the element counts differ."""
    groups = pe.match_groups(ctx, E, M)
    out: list[Expr] = [ctx.idx(0)] * len(E)
    if groups is None:
        if not ctx.equal(product(E), product(M)):
            return None
        lin = pe.linearize(ctx, mexprs, M)
        return pe.delinearize(ctx, lin, E)
    for ge, gm in groups:
        if len(ge) == 1 and len(gm) == 1:
            out[ge[0]] = mexprs[gm[0]]
            continue
        lin = pe.linearize(ctx, [mexprs[k] for k in gm], [M[k] for k in gm])
        for k, e in zip(ge, pe.delinearize(ctx, lin, [E[k] for k in ge])):
            out[k] = e
    return out


def _map_sr(ctx: LowerContext, master: Master, E: Sequence[Dim], sx: Sequence[Expr],
            rx: Sequence[Expr]) -> list[Expr] | None:
    """An elementwise block over the master's whole ``S x R`` space."""
    ind = master.in_dims
    if ind is not None and master.axes is not None and len(E) == len(ind) and all(
            ctx.equal(a, b_) for a, b_ in zip(E, ind)):
        si, ri = iter(sx), iter(rx)
        out = []
        for k in range(len(E)):
            if ctx.is_one(E[k]):
                out.append(ctx.idx(0))
            elif k in master.axes:
                out.append(next(ri))
            else:
                out.append(next(si))
        return out
    if not ctx.equal(product(E), product(list(master.S) + list(master.R))):
        return None
    lin = pe.linearize(ctx, list(sx) + list(rx), list(master.S) + list(master.R))
    return pe.delinearize(ctx, lin, E)


def _loop_space(info: ScheduleInfo, dims: Sequence[Dim], names: Sequence[str]) -> tuple[list[tuple[Var, Expr, ForKind]], list[Expr]]:
    """One loop per dim of ``dims`` and the index expression of each dim (its variable)."""
    ctx = info.ctx
    vs = [Var(n, ctx.index_dtype) for n in loop_names(len(dims), names)]
    return [(v, ctx.expr(d), ForKind.SERIAL) for v, d in zip(vs, dims)], list(vs)


def merge_axes(nest: Stmt, loops: Sequence[tuple[Var, Expr, ForKind]], name: str) -> Stmt:
    """CINN's MergeFlattenAxis / MergeReduceAxis: the loops (perfectly nested in ``nest``)
    fused into one loop called ``name`` (the ``fuse`` primitive); fewer than two stay."""
    if len(loops) < 2:
        return nest
    sch = Schedule(nest)
    sch.fuse(*(v for v, _, _ in loops), name=name)
    assert not isinstance(sch.tree, LoweredFunc)
    return sch.tree


def _zero(info: ScheduleInfo) -> Callable[[Var], Expr]:
    return lambda v: IntImm(0, v.dtype)


def align_compute(info: ScheduleInfo, c: ComputeOp, master: Master) -> tuple[Stmt, str] | None:
    """The aligned nest of one compute (and its level), or None when it does not fit."""
    ctx = info.ctx
    init, main = compute_blocks(ctx, c)
    sloops, sx = _loop_space(info, master.S, SPATIAL_LOOP_NAMES)
    rnames = REDUCE_LOOP_NAMES if c.is_reduce else ("k", "l", "m", "n", "o", "p")
    rloops, rx = _loop_space(info, master.R, rnames)
    zero = _zero(info)
    res = _align_nest(info, c, master, init, main, sloops, sx, rloops, rx, zero)
    if res is None or not info.cuda:
        return res
    nest, level = res
    if level == "SR":
        nest = merge_axes(nest, rloops, "reduce_k_fused" if c.is_reduce else "k_fused")
    return merge_axes(nest, sloops, "i_j_fused"), level


def _align_nest(info: ScheduleInfo, c: ComputeOp, master: Master, init: ScheduleBlock | None, main: ScheduleBlock,
                sloops: list[tuple[Var, Expr, ForKind]], sx: list[Expr], rloops: list[tuple[Var, Expr, ForKind]],
                rx: list[Expr], zero: Callable[[Var], Expr]) -> tuple[Stmt, str] | None:
    ctx = info.ctx
    if c.is_reduce:
        sp = map_dims(ctx, c.dims, master.S, sx)
        rd = map_dims(ctx, c.reduce_dims, master.R, rx)
        if sp is None or rd is None:
            return None
        assert init is not None
        upd = ScheduleBlockRealize(tuple(sp) + tuple(rd), main)
        body: list[Stmt] = [ScheduleBlockRealize(tuple(sp), init)]
        body.append(wrap_loops(rloops, [upd], zero) if rloops else upd)
        return wrap_loops(sloops, body, zero) if sloops else Block(tuple(body)), "SR"
    sp = map_dims(ctx, c.dims, master.S, sx)
    if sp is not None:
        r = ScheduleBlockRealize(tuple(sp), main)
        return (wrap_loops(sloops, [r], zero) if sloops else r), "S"
    if not master.R:
        return None
    sr = _map_sr(ctx, master, c.dims, sx, rx)
    if sr is None:
        return None
    r = ScheduleBlockRealize(tuple(sr), main)
    inner = wrap_loops(rloops, [r], zero)
    return (wrap_loops(sloops, [inner], zero) if sloops else inner), "SR"


def loop_alignment(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 1: rebuild every compute's nest over the master's iteration space."""
    stmts = root_stmts(root)
    order = [main_block_name(s, info) for s in stmts]
    master = info.master or choose_master(info, [n for n in order if n is not None])
    info.master = master
    if master is None:
        return root
    out: list[Stmt] = []
    for st, name in zip(stmts, order):
        bi = info.blocks.get(name) if name is not None else None
        if bi is None:
            out.append(st)
            continue
        res = align_compute(info, current_compute(st, bi), master)
        if res is None:
            bi.level = None
            out.append(st)
        else:
            bi.level = res[1]
            out.append(res[0])
    return with_stmts(root, out)


def current_compute(st: Stmt, bi: BlockInfo,
                    by_name: dict[str, ScheduleBlockRealize] | None = None) -> ComputeOp:
    """The compute with the body the nest currently holds (inlining may have changed it);
    ``by_name``: the nest's realizes by block name, when the caller asks for many blocks."""
    c = bi.compute
    found = by_name.get(c.name) if by_name is not None else None
    for r in ([found] if found is not None else realizes(st) if by_name is None else []):
        if r.block.name == c.name:
            s = block_store(r.block)
            if s is None:
                return c
            value = s.value
            if c.is_reduce:
                value = value.b  # combine(T[axis], body)
            if value is c.body and tuple(r.block.iter_vars) == c.axis + c.reduce_axis:
                return c
            ivs = r.block.iter_vars
            m = dict(zip(ivs, c.axis + c.reduce_axis))
            new = ComputeOp(**{**c.__dict__, "body": substitute(value, m)})
            return new
    return c
