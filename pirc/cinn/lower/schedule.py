"""Op- and group-level schedules: each step rewrites the ``ScheduleBlock(root)`` tree.

Every step is a function ``step(root, info) -> root`` (tree in, tree out) over the
root realize of one kernel; :class:`ScheduleInfo` carries what the steps share
(the computes behind the blocks, which tensors must stay in global memory, the
target, the master iteration space and the reduce strategy).  The group
schedule runs them in CINN's order (``StaticShapeGroupScheduler::Schedule``):

1. :func:`loop_alignment` -- pick the *master* (the first reduction, else the
   largest output) and rebuild every block's loops over the master's
   iteration space ``S x R`` (spatial dims, then reduced dims).  A block whose
   dims equal the master's (or whose element count matches: row-major
   re-linearisation) gets loops ``for s.. [for r..]``; others stay as they are
   (*unaligned*).  On CUDA the spatial loops are fused into one (``s``) and so
   are the reduce loops (CINN's MergeFlattenAxis / MergeReduceAxis).
2. :func:`compute_inline` -- substitute the value of every non-reduction,
   non-output block into its consumers (elementwise, broadcast and injective
   producers disappear, as ``exp(x - max) / sum`` in CINN's softmax); an output
   keeps its block but is also recomputed in its consumers when small; only
   blocks whose value tree is larger than ``inline_limit`` stay materialised.
3. :func:`optimize_reduction` -- choose the reduce strategy
   (:mod:`.reduce_strategy`); on CUDA split each reduce loop into a
   thread-bound loop over a per-thread partial (``<B>_rf``, *rfactor*) and the
   cross-thread combine block (attrs ``reduce_method``; warp / block reduce) or,
   for a discrete reduce, a shared ``<B>_shm[ry, sx]`` buffer, ``__syncthreads()``
   and a serial combine.
4. :func:`horizontal_fusion` -- merge independent nests with the same spatial loops.
5. :func:`vertical_fusion` -- merge a consumer nest into its producer's when every
   value it reads from it was produced in the same spatial iteration (CINN's
   ``IsKeepGraphDependency``).
6. :func:`bind_axes` -- CUDA: split the fused spatial loop over ``blockIdx.x`` (and
   ``threadIdx.x`` / ``threadIdx.y`` per strategy), bind element loops over R to
   the reduce threads, guard the remainders (guards wrap single blocks, never a
   ``__syncthreads()``); C: the outer spatial loop becomes ``parallel``.
7. :func:`allocate_storage` -- tensors that must be seen outside the kernel stay
   global; every other intermediate becomes a per-thread (per parallel iteration)
   ``local`` buffer of one element; the discrete-reduce exchange buffer is ``shared``.

A nest that cannot be fused into the master's (its spatial loops differ, or it
reads a producer's value from another spatial iteration) would need a grid-wide
barrier; :func:`schedule_group` then ends the kernel there and lowers the rest
of the group as further kernels (CINN's ``cinn_group_cluster_pass``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.equality import structural_equal
from pirc.cinn.ast.fields import Shape
from pirc.cinn.ast.nodes import (
    Block,
    Buffer,
    Call,
    Div,
    Evaluate,
    Expr,
    For,
    ForKind,
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
from pirc.cinn.ast.visitor import Mutator, substitute, walk
from pirc.cinn.lower import pe
from pirc.cinn.lower import reduce_strategy as rs
from pirc.cinn.lower.compute import ComputeOp, LowerContext
from pirc.cinn.lower.symbolic import Dim, product
from pirc.cinn.lower.to_ast import (
    REDUCE_LOOP_NAMES,
    SPATIAL_LOOP_NAMES,
    combine_expr,
    compute_blocks,
    init_tensor,
    loop_names,
    read_tensors,
    written_tensors,
)

# ---------------------------------------------------------------------------------------
# shared state
# ---------------------------------------------------------------------------------------


@dataclass
class Master:
    """The iteration space blocks are aligned to: spatial dims ``S`` then reduced dims ``R``
    (both without size-1 dims), and, for a reduction of an operand, its dims and axes."""

    name: str
    S: list[Dim]
    R: list[Dim]
    in_dims: tuple[Dim, ...] | None = None
    axes: tuple[int, ...] | None = None
    last_axis_reduce: bool = True


@dataclass
class BlockInfo:
    compute: ComputeOp
    level: str | None = None  # "S" / "SR" once aligned, None when unaligned
    inlined: bool = False

    @property
    def name(self) -> str:
        return self.compute.name


@dataclass
class ScheduleInfo:
    ctx: LowerContext
    target: str  # "cuda" or "c"
    blocks: dict[str, BlockInfo]  # compute name -> info
    keep_global: set[str] = field(default_factory=set)  # tensors other kernels / the host read
    master: Master | None = None
    strategy: rs.ReduceStrategy | None = None
    inline_limit: int = 2000
    s_var: Var | None = None  # CUDA: the fused spatial loop variable of aligned nests

    def compute(self, block_name: str) -> ComputeOp | None:
        bi = self.blocks.get(block_name)
        return bi.compute if bi is not None else None

    @property
    def cuda(self) -> bool:
        return self.target == "cuda"


# ---------------------------------------------------------------------------------------
# tree helpers
# ---------------------------------------------------------------------------------------


def _root_body(stmts: Sequence[Stmt]) -> Stmt:
    """One nest is the root's body itself (CINN prints it so), several are a Block of nests;
    a lone nest that is a Block gets wrapped so that root_stmts() finds it again."""
    if len(stmts) == 1 and not isinstance(stmts[0], Block):
        return stmts[0]
    return Block(tuple(stmts))


def make_root(stmts: Sequence[Stmt]) -> ScheduleBlockRealize:
    return ScheduleBlockRealize((), ScheduleBlock("root", (), _root_body(stmts)))


def root_stmts(root: ScheduleBlockRealize) -> list[Stmt]:
    body = root.block.body
    if isinstance(body, Block):
        return list(body.stmts)
    return [body]


def with_stmts(root: ScheduleBlockRealize, stmts: Sequence[Stmt]) -> ScheduleBlockRealize:
    return root.replace(block=root.block.replace(body=_root_body(stmts)))


def realizes(node: Any) -> list[ScheduleBlockRealize]:
    return [n for n in walk(node) if isinstance(n, ScheduleBlockRealize)]


def block_names(node: Any) -> list[str]:
    return [r.block.name for r in realizes(node)]


def main_block_name(stmt: Stmt, info: ScheduleInfo) -> str | None:
    """The compute a top-level nest belongs to (its first block that is a compute)."""
    for name in block_names(stmt):
        if name in info.blocks:
            return name
    return None


def nest_computes(stmt: Stmt, info: ScheduleInfo) -> list[str]:
    seen: dict[str, None] = {}
    for name in block_names(stmt):
        if name in info.blocks:
            seen.setdefault(name, None)
    return list(seen)


def perfect_loops(stmt: Stmt, n: int) -> tuple[list[For], list[Stmt]] | None:
    """The ``n`` outer loops of a perfect nest and the innermost body's statements."""
    loops: list[For] = []
    cur: Stmt = stmt
    for _ in range(n):
        if isinstance(cur, Block) and len(cur.stmts) == 1:
            cur = cur.stmts[0]
        if not isinstance(cur, For):
            return None
        loops.append(cur)
        cur = cur.body
    stmts = list(cur.stmts) if isinstance(cur, Block) else [cur]
    return loops, stmts


def wrap_loops(loops: Sequence[tuple[Var, Expr, ForKind]], body: Sequence[Stmt], zero: Callable[[Var], Expr]) -> Stmt:
    inner: Stmt = body[0] if len(body) == 1 else Block(tuple(body))
    for v, ext, kind in reversed(list(loops)):
        inner = For(v, zero(v), ext, inner, kind=kind)
    return inner


def tree_size(e: Any, memo: dict[int, int] | None = None) -> int:
    """Nodes of an expression counted as a tree (a shared node once per use)."""
    if memo is None:
        memo = {}
    k = id(e)
    hit = memo.get(k)
    if hit is not None:
        return hit
    n = 1
    for f in e._CHILD_FIELDS:
        v = getattr(e, f.name)
        if isinstance(v, (Tensor, Buffer)):
            continue
        if f.shape is Shape.NODES:
            for x in v:
                if not isinstance(x, (Tensor, Buffer)):
                    n += tree_size(x, memo)
        elif v is not None:
            n += tree_size(v, memo)
    memo[k] = n
    return n


def _block_store(sb: ScheduleBlock) -> Store | None:
    body = sb.body
    if isinstance(body, Store):
        return body
    if isinstance(body, Block) and len(body.stmts) == 1 and isinstance(body.stmts[0], Store):
        return body.stmts[0]
    return None


# ---------------------------------------------------------------------------------------
# 1. loop alignment
# ---------------------------------------------------------------------------------------


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


def _loop_space(info: ScheduleInfo, dims: Sequence[Dim], names: Sequence[str],
                fused_name: str) -> tuple[list[tuple[Var, Expr, ForKind]], list[Expr]]:
    """Loops over ``dims`` and the index expression of each dim: one loop per dim (C), or one
    fused loop whose index is de-linearised (CUDA)."""
    ctx = info.ctx
    if not dims:
        return [], []
    if info.cuda and len(dims) > 1:
        v = Var(fused_name, ctx.index_dtype)
        return [(v, ctx.expr(product(dims)), ForKind.SERIAL)], pe.delinearize(ctx, v, dims)
    if info.cuda:
        v = Var(fused_name if len(dims) > 1 else names[0], ctx.index_dtype)
        return [(v, ctx.expr(dims[0]), ForKind.SERIAL)], [v]
    vs = [Var(n, ctx.index_dtype) for n in loop_names(len(dims), names)]
    return [(v, ctx.expr(d), ForKind.SERIAL) for v, d in zip(vs, dims)], list(vs)


def _zero(info: ScheduleInfo) -> Callable[[Var], Expr]:
    return lambda v: IntImm(0, v.dtype)


def align_compute(info: ScheduleInfo, c: ComputeOp, master: Master) -> tuple[Stmt, str] | None:
    """The aligned nest of one compute (and its level), or None when it does not fit."""
    ctx = info.ctx
    init, main = compute_blocks(ctx, c)
    sloops, sx = _loop_space(info, master.S, SPATIAL_LOOP_NAMES, "i_j_fused" if info.cuda else "i")
    rnames = REDUCE_LOOP_NAMES if c.is_reduce else ("k", "l", "m", "n", "o", "p")
    rloops, rx = _loop_space(info, master.R, rnames, "reduce_k_fused" if c.is_reduce else "k_fused")
    zero = _zero(info)
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
        res = align_compute(info, _current_compute(st, bi), master)
        if res is None:
            bi.level = None
            out.append(st)
        else:
            bi.level = res[1]
            out.append(res[0])
    return with_stmts(root, out)


def _current_compute(st: Stmt, bi: BlockInfo) -> ComputeOp:
    """The compute with the body the nest currently holds (inlining may have changed it)."""
    c = bi.compute
    for r in realizes(st):
        if r.block.name == c.name:
            s = _block_store(r.block)
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


# ---------------------------------------------------------------------------------------
# 2. compute inline
# ---------------------------------------------------------------------------------------


class _InlineLoads(Mutator):
    def __init__(self, values: dict[str, tuple[tuple[Var, ...], Expr]]) -> None:
        super().__init__()
        self.values = values

    def visit_Load(self, node: Load) -> Any:
        idx = tuple(self.visit(i) for i in node.indices)
        hit = self.values.get(node.tensor.name)
        if hit is not None:
            ivs, value = hit
            return substitute(value, dict(zip(ivs, idx)))
        if any(a is not b_ for a, b_ in zip(idx, node.indices)):
            return node.replace(indices=idx)
        return node


def inline_values(node: Any, values: dict[str, tuple[tuple[Var, ...], Expr]]) -> Any:
    """``node`` with every load of a tensor in ``values`` replaced by its value."""
    if not values:
        return node
    return _InlineLoads(values).visit(node)


def compute_inline(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 2: inline elementwise / broadcast / injective producers into their consumers."""
    values: dict[str, tuple[tuple[Var, ...], Expr]] = {}
    out: list[Stmt] = []
    for st in root_stmts(root):
        st = inline_values(st, values)
        name = main_block_name(st, info)
        bi = info.blocks.get(name) if name is not None else None
        if bi is None or bi.compute.is_reduce:
            out.append(st)
            continue
        main = next(r for r in realizes(st) if r.block.name == name)
        store = _block_store(main.block)
        if store is None:
            out.append(st)
            continue
        ivs = tuple(main.block.iter_vars)
        value = store.value
        small = tree_size(value) <= info.inline_limit
        if name not in info.keep_global:
            if small or bi.level != "S":
                values[name] = (ivs, value)
                bi.inlined = True
                continue
        elif small:
            values[name] = (ivs, value)  # an output: keep the block, recompute it in consumers
        out.append(st)
    return with_stmts(root, out or [Block(())])


# ---------------------------------------------------------------------------------------
# 3. reduction optimisation
# ---------------------------------------------------------------------------------------


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


def _ceil_div_expr(ctx: LowerContext, n: Expr, t: int) -> Expr:
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
    st = _block_store(sb)
    assert st is not None
    value = st.value.b
    ivs = tuple(sb.iter_vars)
    new_store = Store(rf, ivs[:nsp], combine_expr(c.combine, Load(rf, ivs[:nsp]), value))
    part = ScheduleBlockRealize(tuple(substitute(v, {loop.loop_var: r_expr}) for v in upd.iter_values),
                                sb.replace(name=rf.name, body=new_store))
    exact = isinstance(R, IntImm) and R.value % T == 0
    inner: Stmt = part if exact else IfThenElse(r_expr < R, part)
    ro_loop = inner if single else For(ro, IntImm(0, ctx.index_dtype), _ceil_div_expr(ctx, R, T), inner)
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
        n = _as_nest(st, info)
        info.s_var = n.loops[0].loop_var if n.aligned and n.loops else None
        if _is_reduce_loop(st, info) is not None:
            st = Block((st,))
        stmts.append(_RewriteReduceLoops(info, strat).visit(st))
    info.s_var = None
    return with_stmts(root, stmts)


# ---------------------------------------------------------------------------------------
# 4. / 5. loop fusion
# ---------------------------------------------------------------------------------------


def _n_spatial_loops(info: ScheduleInfo) -> int:
    m = info.master
    if m is None or not m.S:
        return 0
    return 1 if info.cuda else len(m.S)


def _aligned(stmt: Stmt, info: ScheduleInfo) -> bool:
    names = nest_computes(stmt, info)
    return bool(names) and all(info.blocks[n].level is not None for n in names)


@dataclass
class _Nest:
    loops: list[For]
    body: list[Stmt]
    aligned: bool
    stmt: Stmt | None = None  # an unaligned nest as it is

    def writes(self) -> set[str]:
        return set(written_tensors(Block(tuple(self.body)) if self.stmt is None else self.stmt))

    def reads(self) -> set[str]:
        return set(read_tensors(Block(tuple(self.body)) if self.stmt is None else self.stmt))

    def build(self) -> Stmt:
        if self.stmt is not None:
            return self.stmt
        inner: Stmt = self.body[0] if len(self.body) == 1 else Block(tuple(self.body))
        for lp in reversed(self.loops):
            inner = lp.replace(body=inner if isinstance(inner, Block) else Block((inner,)))
        return inner


def _as_nest(st: Stmt, info: ScheduleInfo) -> _Nest:
    if not _aligned(st, info):
        return _Nest([], [], False, st)
    n = _n_spatial_loops(info)
    if n == 0:
        return _Nest([], list(st.stmts) if isinstance(st, Block) else [st], True)
    pl = perfect_loops(st, n)
    if pl is None:
        return _Nest([], [], False, st)
    return _Nest(pl[0], pl[1], True)


def _accesses(stmts: Sequence[Stmt], spatial: set[int]) -> list[tuple[str, str, tuple, bool]]:
    """(kind, tensor, index with block bindings inlined, inside a non-spatial loop) of every
    Load / Store below ``stmts``."""
    out: list[tuple[str, str, tuple, bool]] = []

    def go(node: Any, subst: dict, inner: bool) -> None:
        if isinstance(node, ScheduleBlockRealize):
            m = dict(subst)
            for iv, v in zip(node.block.iter_vars, node.iter_values):
                m[iv] = substitute(v, subst) if subst else v
            go(node.block.body, m, inner)
            return
        if isinstance(node, For):
            go(node.body, subst, inner or id(node.loop_var) not in spatial)
            return
        if isinstance(node, (Load, Store)):
            idx = tuple(substitute(i, subst) if subst else i for i in node.indices)
            out.append(("load" if isinstance(node, Load) else "store", node.tensor.name, idx, inner))
        for f in node._CHILD_FIELDS:
            v = getattr(node, f.name)
            if isinstance(v, (Tensor, Buffer)):
                continue
            if f.shape is Shape.NODES:
                for x in v:
                    if not isinstance(x, (Tensor, Buffer)):
                        go(x, subst, inner)
            elif v is not None:
                go(v, subst, inner)

    for s in stmts:
        go(s, {}, False)
    return out


def _same_iteration(g: _Nest, n: _Nest, rename: dict) -> bool:
    """Every value ``n`` reads from ``g`` was stored by ``g`` at the same spatial point,
    outside g's inner (reduce / element) loops' dependence on their own variables."""
    spatial = {id(lp.loop_var) for lp in g.loops}
    stores: dict[str, list[tuple]] = {}
    for kind, t, idx, _inner in _accesses(g.body, spatial):
        if kind == "store":
            stores.setdefault(t, []).append(idx)
    body_n = [substitute(s, rename) for s in n.body]
    gvars = spatial
    for kind, t, idx, inner in _accesses(body_n, gvars):
        if kind != "load" or t not in stores:
            continue
        ok = False
        for sidx in stores[t]:
            if structural_equal(tuple(sidx), tuple(idx), map_free_vars=False) and _only_vars(sidx, gvars):
                ok = True
                break
        if not ok:
            return False
    return True


def _only_vars(idx: Sequence[Expr], allowed: set[int]) -> bool:
    for e in idx:
        for x in walk(e):
            if isinstance(x, Var) and id(x) not in allowed:
                return False
    return True


def _fuse(root: ScheduleBlockRealize, info: ScheduleInfo, allow_dep: bool) -> ScheduleBlockRealize:
    groups: list[_Nest] = []
    for st in root_stmts(root):
        n = _as_nest(st, info)
        placed = False
        if n.aligned:
            nreads = n.reads()
            for gi in range(len(groups) - 1, -1, -1):
                g = groups[gi]
                if g.aligned and len(g.loops) == len(n.loops) and all(
                        structural_equal(a.extent, b_.extent) for a, b_ in zip(g.loops, n.loops)):
                    rename = {b_.loop_var: a.loop_var for a, b_ in zip(g.loops, n.loops)}
                    dep = nreads & g.writes()
                    if not dep or (allow_dep and _same_iteration(g, n, rename)):
                        g.body.extend(substitute(s, rename) for s in n.body)
                        placed = True
                        break
                if nreads & g.writes():
                    break
        if not placed:
            groups.append(n)
    return with_stmts(root, [g.build() for g in groups])


def horizontal_fusion(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 4: merge nests with the same spatial loops that do not depend on each other."""
    return _fuse(root, info, allow_dep=False)


def vertical_fusion(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 5: merge a consumer nest into its producer's when it reads the producer's values
    only at the spatial point they were computed at."""
    return _fuse(root, info, allow_dep=True)


# ---------------------------------------------------------------------------------------
# 6. binding
# ---------------------------------------------------------------------------------------


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
            inner = For(ro, IntImm(0, it), _ceil_div_expr(ctx, R, T), inner)
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
    nblocks = _ceil_div_expr(ctx, S, rows)
    return For.bind(sb, IntImm(0, it), nblocks, "blockIdx.x",
                    For.bind(sr, IntImm(0, it), IntImm(rows, it), axis, blk))


def bind_axes(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 6: map loops to the target (CUDA: blockIdx / threadIdx; C: ``parallel``)."""
    strat = info.strategy or choose_strategy(info)
    info.strategy = strat
    out: list[Stmt] = []
    for st in root_stmts(root):
        n = _as_nest(st, info)
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


def _bind_c(info: ScheduleInfo, n: _Nest) -> Stmt:
    if n.aligned and n.loops:
        first = n.loops[0]
        loops = [first.replace(kind=ForKind.PARALLEL)] + n.loops[1:]
        return _Nest(loops, n.body, True).build()
    st = n.build()
    if isinstance(st, For):
        return st.replace(kind=ForKind.PARALLEL)
    return st


def _bind_unaligned(info: ScheduleInfo, st: Stmt) -> Stmt:
    """A nest not aligned to the kernel's master: one thread runs it all (it is only reached
    for a kernel whose master is that nest's own compute, which is aligned; kept as a safe
    fallback)."""
    it = info.ctx.index_dtype
    return For.bind(Var("i_blk", it), IntImm(0, it), IntImm(1, it), "blockIdx.x",
                    For.bind(Var("i_thr", it), IntImm(0, it), IntImm(1, it), "threadIdx.x", st))


# ---------------------------------------------------------------------------------------
# 7. storage
# ---------------------------------------------------------------------------------------


class _Relocate(Mutator):
    """Move tensors to per-thread one-element local buffers (index ``[0]``)."""

    def __init__(self, local: set[str], it: DType) -> None:
        super().__init__()
        self.local = local  # buffer names
        self.it = it
        self.bufs: dict[str, Buffer] = {}
        self.tensors: dict[int, Tensor] = {}

    def _tensor(self, t: Tensor) -> Tensor:
        hit = self.tensors.get(id(t))
        if hit is not None:
            return hit
        assert t.buffer is not None
        buf = self.bufs.get(t.buffer.name)
        if buf is None:
            buf = self.bufs[t.buffer.name] = Buffer(t.buffer.name, (IntImm(1, self.it),), t.dtype, MemoryScope.LOCAL)
        nt = Tensor(t.name, (IntImm(1, self.it),), t.dtype, buf)
        self.tensors[id(t)] = nt
        return nt

    def _hit(self, t: Tensor) -> bool:
        return t.buffer is not None and t.buffer.name in self.local

    def visit_Load(self, node: Load) -> Any:
        if self._hit(node.tensor):
            return Load(self._tensor(node.tensor), (IntImm(0, self.it),))
        return self.generic_mutate(node)

    def visit_Store(self, node: Store) -> Any:
        if self._hit(node.tensor):
            return Store(self._tensor(node.tensor), (IntImm(0, self.it),), self.visit(node.value))
        return self.generic_mutate(node)


def allocate_storage(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 7: global for what leaves the kernel, shared for the discrete-reduce exchange,
    one-element local buffers for every other intermediate."""
    local: set[str] = set()
    for t in written_tensors(root).values():
        if t.buffer is None or t.buffer.scope is MemoryScope.SHARED:
            continue
        base = t.name.removesuffix("__reduce_init")
        if base in info.keep_global:
            continue
        local.add(t.buffer.name)
    if not local:
        return root
    return _Relocate(local, info.ctx.index_dtype).visit(root)


# ---------------------------------------------------------------------------------------
# PostProcess (CUDA): ReplaceCrossThreadReduction
# ---------------------------------------------------------------------------------------

_TYPE_SUFFIX = {
    DType.FLOAT16: "fp16", DType.BFLOAT16: "bf16", DType.FLOAT32: "fp32", DType.FLOAT64: "fp64",
    DType.INT8: "int8", DType.INT16: "int16", DType.INT32: "int32", DType.INT64: "int64", DType.UINT8: "uint8",
    DType.BOOL: "bool",
}


def cross_thread_call(method: str, op: str, value: Expr) -> Call:
    """``cinn_warp_reduce_<op>_<type>(v)`` / ``cinn_block_reduce_<op>_<type>_internal(v)``."""
    sfx = _TYPE_SUFFIX[value.dtype]
    if method == rs.WARP:
        name = f"cinn_warp_reduce_{op}_{sfx}"
    else:
        name = f"cinn_block_reduce_{op}_{sfx}_internal"
    return Call(name, (value,), value.dtype)


class _ReplaceCrossThread(Mutator):
    def visit_ScheduleBlock(self, node: ScheduleBlock) -> Any:
        method = node.attr("reduce_method")
        if method not in (rs.WARP, rs.BLOCK):
            return self.generic_mutate(node)
        st = _block_store(node)
        assert st is not None
        partial = st.value.b  # combine(B[i], rf[i])
        return node.replace(body=Store(st.tensor, st.indices, cross_thread_call(method, node.attr("reduce_op"),
                                                                                 partial)))


def replace_cross_thread_reduction(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """CINN's ``ReplaceCrossThreadReduction``: the combine block of a warp / block reduce,
    ``B[i] = B[i] op B_rf[i]`` inside the thread-bound loop, becomes
    ``B[i] = cinn_block_reduce_<op>_<type>_internal(B_rf[i])`` (warp: ``cinn_warp_reduce_..``),
    which the CUDA codegen implements with shuffles and shared memory.  The AST evaluator
    does not model these calls: evaluate the tree before this step."""
    if not info.cuda:
        return root
    return _ReplaceCrossThread().visit(root)


# ---------------------------------------------------------------------------------------
# the pipeline
# ---------------------------------------------------------------------------------------

GROUP_SCHEDULE_STEPS: tuple[tuple[str, Callable[[ScheduleBlockRealize, ScheduleInfo], ScheduleBlockRealize]], ...] = (
    ("loop_alignment", loop_alignment),
    ("compute_inline", compute_inline),
    ("optimize_reduction", optimize_reduction),
    ("horizontal_fusion", horizontal_fusion),
    ("vertical_fusion", vertical_fusion),
    ("bind_axes", bind_axes),
    ("allocate_storage", allocate_storage),
)


__all__ = [
    "GROUP_SCHEDULE_STEPS",
    "BlockInfo",
    "Master",
    "ScheduleInfo",
    "align_compute",
    "allocate_storage",
    "bind_axes",
    "choose_master",
    "choose_strategy",
    "compute_inline",
    "cross_thread_call",
    "horizontal_fusion",
    "inline_values",
    "loop_alignment",
    "make_root",
    "map_dims",
    "optimize_reduction",
    "replace_cross_thread_reduction",
    "root_stmts",
    "tree_size",
    "vertical_fusion",
    "with_stmts",
]
