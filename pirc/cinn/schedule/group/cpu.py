"""C target, between fusion and binding: reductions whose innermost memory axis is kept
(first- and middle-axis reductions, column normalisations) get a vectorisable layout.

Aligned, such a nest walks the input column by column: ``for j { init; for k { acc[j] +=
x[k, j] }; out[j] = acc[j] }`` reads ``x`` with a stride of a whole row.  Composed of
schedule primitives, the nest becomes

    parallel for j_0 (J / T)            # split of the inner spatial loop (when J > T)
      vectorize for j_1 (T) init        # fission of j_1 over the nest's statements
      for k { vectorize for j_1 (T) acc[j] += x[k, j] }     # reorder(k, j_1)
      vectorize for j_1 (T) out[j] = acc[j]

so every inner loop runs over contiguous memory.  The nest's intermediates (the per-column
accumulators) then stay in a temp buffer indexed by ``j`` instead of one-element locals.
``info.params["inner_tile"]`` overrides the tile ``T`` (the tuner's knob).

With no spatial loop outside the kept inner axes (a first-axis reduction, a column
normalisation), tiles would give each thread a strip of every row; instead the reduce loop
is split into runs of whole rows (:func:`split_parts`: 8, 4 or 2 of them, whatever the
cores) and rfactored over the runs:

    for k_0 (P)  parallel           # acc_rf[k_0, j] = init, then each run of rows
      for k_1 (K / P) { vectorize for j (J) acc_rf[k_0, j] += x[k_0 * K / P + k_1, j] }
    for k_0 (P) { vectorize for j (J) acc[j] += acc_rf[k_0, j] }           # combine
    for k (K)  parallel { vectorize for j (J) out[k, j] = f(x[k, j], h[j]) }  # elementwise

so every row is read whole and in order; ``params["split_k"]`` False keeps the tiles, an
integer sets the runs.
"""

from __future__ import annotations

from pirc.cinn.ast.equality import structural_equal
from pirc.cinn.ast.nodes import (
    Block,
    Buffer,
    Call,
    Div,
    Expr,
    For,
    IntImm,
    IterType,
    Load,
    LoweredFunc,
    MemoryScope,
    Node,
    ScheduleBlock,
    ScheduleBlockRealize,
    Store,
    Tensor,
    Var,
)
from pirc.cinn.ast.visitor import children, replace_nodes, substitute, uses_any, uses_var, walk
from pirc.cinn.lower.symbolic import product
from pirc.cinn.schedule import Schedule
from pirc.cinn.schedule.annotate import contains_loop, reduction_carried
from pirc.cinn.schedule.group.fusion import as_nest
from pirc.cinn.schedule.group.info import ScheduleInfo, block_store, root_stmts, with_stmts
from pirc.cinn.schedule.tree import RetargetTensors, const, descendants, insert_stmt, replace, single, storage
from pirc.diagnostics import PircError

#: the default tile of the inner spatial loop: 256 float32 = 1 KiB contiguous per row
DEFAULT_TILE = 256
#: the inner loops' vector width in bytes: 16 float32 (one AVX-512 register, two AVX2 ones).  8
#: (one AVX2 register, the default before) left a first-axis sum at 2048x1024 30% slower on an
#: AVX-512 machine (0.16 -> 0.12 ms), colnorm 11%, the same bits (the tuner's vector_width knob)
VECTOR_BYTES = 64
#: below this many inner spatial (or reduced) iterations the layout is not worth a temp buffer
MIN_EXTENT = 32
#: a first-axis reduction is split into this many runs of rows (the first count that divides
#: it into runs of at least MIN_SPLIT_ROWS rows), whose partial rows stay in cache up to
#: MAX_SPLIT_ROW elements
SPLIT_PARTS = (8, 4, 2)
MIN_SPLIT_ROWS = 32
MAX_SPLIT_ROW = 16384


def inner_spatial_dims(info: ScheduleInfo) -> int:
    """How many of the master's spatial dims lie inside its innermost reduced axis (0 for a
    last-axis reduction or no reduction)."""
    m = info.master
    if info.cuda or m is None or not m.R or m.last_axis_reduce or m.in_dims is None or not m.axes:
        return 0
    live = [k for k, d in enumerate(m.in_dims) if not info.ctx.is_one(d)]
    return sum(1 for k in live if k not in m.axes and k > max(m.axes))


def choose_tile(extent: int, requested: int | None = None) -> int | None:
    """The tile of an inner spatial loop of ``extent`` iterations: ``requested`` if it divides
    the extent, else the largest power of two up to :data:`DEFAULT_TILE` that does (None
    when only tiny ones do: the loop is then left whole)."""
    if requested is not None:
        return requested if 0 < requested <= extent and extent % requested == 0 else None
    t = DEFAULT_TILE
    while t >= 8:
        if extent % t == 0:
            return t
        t //= 2
    return None


def cpu_reduction_layout(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    n_inner = inner_spatial_dims(info)
    if n_inner == 0:
        return root
    out = []
    for st in root_stmts(root):
        nest = as_nest(st, info)
        assert info.master is not None
        if not nest.aligned or len(nest.loops) != len(info.master.S):
            out.append(st)
            continue
        tiled = _tile_nest(nest.build(), nest.loops, n_inner, info)
        out += tiled.stmts if isinstance(tiled, Block) else [tiled]  # whole rows: the nest's loops side by side
    return with_stmts(root, out)


def _tile_nest(tree: For, loops: list[For], n_inner: int, info: ScheduleInfo) -> For | Block:
    s = Schedule(tree)
    inner = loops[-n_inner:]
    j = s.fuse(*inner) if len(inner) > 1 else inner[0]
    J = const(s.loop(j).extent)
    R = info.ctx.const_dim(product(info.master.R)) if info.master is not None else None
    if J is None or J < MIN_EXTENT or (R is not None and R < MIN_EXTENT):
        return tree  # a short row or a short reduction: the aligned nest is as good
    parts = split_parts(info, len(loops) - n_inner, J)
    if parts:
        T: int | None = J  # whole rows: each thread streams through its own contiguous rows
        _split_reductions(s, j, parts)
    else:
        T = choose_tile(J, info.params.get("inner_tile"))
    if T is not None and T < J:
        _, ji = s.split(j, [None, T])
    else:
        ji = j
    lanes = s.fission(ji) if len(s.loop(ji).body.stmts) > 1 else [ji]
    for lane in lanes:
        chain: list[For] = []
        cur = single(s.loop(lane).body)
        while isinstance(cur, For):
            chain.append(cur)
            cur = single(cur.body)
        if chain:
            s.reorder(*chain, lane)
        if not contains_loop(s.loop(lane)):
            width = info.params.get("vector_width") or max(VECTOR_BYTES // max(_elem_bytes(s.loop(lane)), 1), 1)
            if chain and info.params.get("hoist", True):
                saved = s.tree
                try:
                    hoist_lane_invariants(s, lane, chain, width)
                except PircError:  # a primitive refused: the nest as it was
                    s.tree = saved
            cut = const(inner[-1].extent) if len(inner) > 1 else None
            span = const(s.loop(lane).extent)
            if cut is not None and span is not None and width <= cut < span and span % cut == 0:
                # fused kept dims: the vector loop runs over the innermost one, whose index is
                # then the loop's variable (no `/` and `%` of the fused index inside it)
                _, lane = s.split(lane, [None, cut])
            s.vectorize(lane, width)
    for n in descendants(s.tree):
        if isinstance(n, Store):
            info.keep_temp.add(storage(n.tensor))
    return s.tree  # type: ignore[return-value]


def split_parts(info: ScheduleInfo, n_outer: int, J: int) -> int | None:
    """Into how many parts (each a contiguous run of rows, on the threads in parallel) the
    reduce loops of a nest with no spatial loop outside the kept inner axes are split
    (rfactor), so that every row is read whole and in order instead of a tile of each row per
    thread; None when the nest keeps its tiles: an outer spatial loop to run in parallel, a
    reduction too short or of a size no part count divides, rows too long for the partial
    sums to stay in cache, or ``params["split_k"]`` False (``params["inner_tile"]`` alone also
    keeps the tiles).  The count does not depend on the machine's cores, so neither do the
    results."""
    want = info.params.get("split_k")
    if want is False or n_outer or (want is None and info.params.get("inner_tile") is not None):
        return None
    m = info.master
    K = info.ctx.const_dim(product(m.R)) if m is not None else None
    if K is None or J > MAX_SPLIT_ROW:
        return None
    for P in ((int(want),) if want else SPLIT_PARTS):
        if P > 1 and K % P == 0 and K // P >= MIN_SPLIT_ROWS:
            return P
    return None


def _split_reductions(s: Schedule, j: For, parts: int) -> None:
    """Each reduction in loop ``j``'s body: its reduce loops fused into one, split into
    ``parts`` x the rest, and rfactored over the parts (``B_rf[p, j]`` partials, their init
    and the combine into ``B[j]`` are new statements of ``j``'s body)."""
    for st in list(s.loop(j).body.stmts):
        if not isinstance(st, For) or reduction_carried(st) is None:
            continue
        chain = [st]
        while isinstance(nxt := single(chain[-1].body), For):
            chain.append(nxt)
        k = s.fuse(*chain) if len(chain) > 1 else st
        kp, _ = s.split(k, [parts, None])
        before = _buffers(s.tree)
        s.rfactor(kp)
        for buf in _buffers(s.tree).values():  # the partials: a temp of the kernel (stack, or heap when large)
            if buf.name not in before:
                local = Buffer(buf.name, buf.shape, buf.dtype, MemoryScope.LOCAL)
                s.tree = RetargetTensors(buf.name, local, lambda n: n).visit(s.tree)


def _buffers(tree: Node) -> dict[str, Buffer]:
    return {n.buffer.name: n.buffer for n in walk(tree) if isinstance(n, Tensor) and n.buffer is not None}


def hoist_lane_invariants(s: Schedule, lane: For, chain: list[For], width: int) -> None:
    """The values of a lane's block that do not change along the loops moved outside it (a
    column's mean or ``rsqrt(var + eps)`` under ``for k``) computed once per tile, into a
    temp indexed by the lane, before those loops: ``for j (T) { h[j] = v(j) }; for k { for
    j (T) { out[k, j] = f(x[k, j], h[j]) } }`` (TVM's cache_write + compute_at of an inlined
    value).  The same operations on the same values: results are bit-identical.  Only
    values worth a buffer move (a call or a float division); none that reads what the
    loops write."""
    loop = s.loop(lane)
    real = single(loop.body)
    T = const(loop.extent)
    if not isinstance(real, ScheduleBlockRealize) or T is None:
        return
    blk = real.block
    st = block_store(blk)
    if st is None:
        return
    outer = s.loop(chain[0])
    written = {storage(n.tensor) for n in descendants(outer) if isinstance(n, Store)}
    chain_ids = {id(c.loop_var) for c in chain}
    varying = {id(iv) for iv, val in zip(blk.iter_vars, real.iter_values) if uses_any(val, chain_ids)}
    fixed = {id(iv) for iv in blk.iter_vars} - varying
    groups: list[list[Expr]] = []  # structurally equal occurrences share one temp

    def visit(e: Node) -> None:
        if isinstance(e, Expr) and _worth_hoisting(e) and not uses_any(e, varying) and uses_any(e, fixed) \
                and not any(isinstance(n, Load) and storage(n.tensor) in written for n in walk(e)):
            for g in groups:
                if structural_equal(g[0], e):
                    g.append(e)
                    return
            groups.append([e])
            return
        for c in children(e):
            visit(c)

    visit(st.value)
    if not groups:
        return
    it = loop.loop_var.dtype
    lane_iv = Var("i_lane", it)
    pairs: list[tuple[Node, Expr]] = []
    hoisted: list[For] = []
    for n, g in enumerate(groups):
        e = g[0]
        name = f"{blk.name}_hoist{n}"
        tmp = Tensor(name, (IntImm(T, it),), e.dtype, Buffer("_" + name, (IntImm(T, it),), e.dtype, MemoryScope.LOCAL))
        jv = Var(f"{loop.loop_var.name}_h{n}", it)
        used = [(iv, val) for iv, val in zip(blk.iter_vars, real.iter_values) if id(iv) in fixed and uses_var(e, iv)]
        new_ivs = [Var(iv.name, iv.dtype) for iv, _ in used]
        li = Var("i_lane", it)
        value = substitute(e, {iv: nv for (iv, _), nv in zip(used, new_ivs)})
        block = ScheduleBlock(name, (*new_ivs, li), Store(tmp, (li,), value))
        vals = tuple(substitute(val, {loop.loop_var: jv}) for _, val in used) + (jv,)
        hoisted.append(For(jv, IntImm(0, it), IntImm(T, it), Block((ScheduleBlockRealize(vals, block),))))
        pairs += [(occ, Load(tmp, (lane_iv,))) for occ in g]
    types = (*blk.iter_types, IterType.SPATIAL) if blk.iter_types is not None else None
    new_blk = blk.replace(iter_vars=(*blk.iter_vars, lane_iv), body=replace_nodes(blk.body, pairs), iter_types=types)
    s.tree = replace(s.tree, real, ScheduleBlockRealize((*real.iter_values, loop.loop_var), new_blk))
    s.tree = insert_stmt(s.tree, s.loop(chain[0]), hoisted, after=False)
    for h in hoisted:
        s.vectorize(h.loop_var, width)


def _worth_hoisting(e: Expr) -> bool:
    return any(isinstance(n, Call) or (isinstance(n, Div) and n.dtype.is_float) for n in walk(e))


def _elem_bytes(loop: For) -> int:
    sizes = [n.tensor.dtype.bits // 8 for n in descendants(loop) if isinstance(n, Store)]
    return max(sizes) if sizes else 4


def cpu_function_schedule(func: LoweredFunc, params: dict | None = None) -> LoweredFunc:
    """The C target's last schedule decisions, on the whole kernel: transcendental values
    that sibling loops share are computed once (:mod:`pirc.cinn.schedule.compute_once`), then
    long transcendental chains are split over a tile (:mod:`pirc.cinn.schedule.chain_fission`);
    last, the float16 rows innermost loops read are marked for conversion to float rows
    (:mod:`pirc.cinn.schedule.half_rows`).  All keep the arithmetic, so results are bit-identical;
    ``pirc-lower`` shows them.
    ``params["compute_once"]`` / ``params["chain_fission"]`` set to False turn one off;
    ``params["unroll"]`` unrolls the innermost serial loops by that factor (:mod:`.cpu_unroll`)."""
    from pirc.cinn.schedule.chain_fission import split_chains
    from pirc.cinn.schedule.compute_once import reuse_expensive
    from pirc.cinn.schedule.half_rows import mark_half_rows

    params = params or {}
    if params.get("compute_once", True):
        func = reuse_expensive(func)
    if params.get("chain_fission", True):
        func = split_chains(func)
    if params.get("unroll"):
        from pirc.cinn.schedule.group.cpu_unroll import unroll_innermost

        func = unroll_innermost(func, int(params["unroll"]))
    return mark_half_rows(func)
