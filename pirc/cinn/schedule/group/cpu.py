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
"""

from __future__ import annotations

from pirc.cinn.ast.nodes import For, LoweredFunc, ScheduleBlockRealize, Store
from pirc.cinn.lower.symbolic import product
from pirc.cinn.schedule import Schedule
from pirc.cinn.schedule.group.fusion import as_nest
from pirc.cinn.schedule.group.info import ScheduleInfo, root_stmts, with_stmts
from pirc.cinn.schedule.tree import const, single, stmt_children, storage

#: the default tile of the inner spatial loop: 256 float32 = 1 KiB contiguous per row
DEFAULT_TILE = 256
VECTOR_BYTES = 32  # AVX2
#: below this many inner spatial (or reduced) iterations the layout is not worth a temp buffer
MIN_EXTENT = 32


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
        out.append(_tile_nest(nest.build(), nest.loops, n_inner, info))
    return with_stmts(root, out)


def _tile_nest(tree: For, loops: list[For], n_inner: int, info: ScheduleInfo) -> For:
    s = Schedule(tree)
    inner = loops[-n_inner:]
    j = s.fuse(*inner) if len(inner) > 1 else inner[0]
    J = const(s.loop(j).extent)
    R = info.ctx.const_dim(product(info.master.R)) if info.master is not None else None
    if J is None or J < MIN_EXTENT or (R is not None and R < MIN_EXTENT):
        return tree  # a short row or a short reduction: the aligned nest is as good
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
        if not any(isinstance(k, For) for k in _descendants(s.loop(lane))):
            width = info.params.get("vector_width") or max(VECTOR_BYTES // max(_elem_bytes(s.loop(lane)), 1), 1)
            s.vectorize(lane, width)
    for n in _descendants(s.tree):
        if isinstance(n, Store):
            info.keep_temp.add(storage(n.tensor))
    return s.tree  # type: ignore[return-value]


def _descendants(node: object) -> list:
    out = []
    stack = list(stmt_children(node))  # type: ignore[arg-type]
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(stmt_children(n))
    return out


def _elem_bytes(loop: For) -> int:
    sizes = [n.tensor.dtype.bits // 8 for n in _descendants(loop) if isinstance(n, Store)]
    return max(sizes) if sizes else 4


def cpu_function_schedule(func: LoweredFunc, params: dict | None = None) -> LoweredFunc:
    """The C target's last schedule decisions, on the whole kernel: transcendental values
    that sibling loops share are computed once (:mod:`pirc.cinn.schedule.compute_once`), then
    long transcendental chains are split over a tile (:mod:`pirc.cinn.schedule.chain_fission`).
    Both keep the arithmetic, so results are bit-identical; ``pirc-lower`` shows them.
    ``params["compute_once"]`` / ``params["chain_fission"]`` set to False turn one off."""
    from pirc.cinn.schedule.chain_fission import split_chains
    from pirc.cinn.schedule.compute_once import reuse_expensive

    params = params or {}
    if params.get("compute_once", True):
        func = reuse_expensive(func)
    if params.get("chain_fission", True):
        func = split_chains(func)
    return func
