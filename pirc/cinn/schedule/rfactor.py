"""rfactor: a reduction split into per-lane partials along one of its reduce loops and a
final combine over them (TVM / CINN ``rfactor``)."""

from __future__ import annotations

import itertools

from pirc.cinn.ast.equality import structural_equal
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import (
    BinaryOp,
    Buffer,
    Expr,
    For,
    IntImm,
    IterType,
    Load,
    ScheduleBlock,
    ScheduleBlockRealize,
    Store,
    Tensor,
    Var,
)
from pirc.cinn.ast.visitor import walk
from pirc.cinn.schedule.tree import (
    LoopRef,
    Tree,
    add_temp,
    block_store,
    fail,
    find_loop,
    fresh_name,
    insert_stmt,
    is_zero,
    loop_path,
    replace,
    single,
    storage,
)

_COMBINE = (Kind.ADD, Kind.MUL, Kind.MAX, Kind.MIN, Kind.AND, Kind.OR)


def update_block(f: For, what: str = "rfactor") -> ScheduleBlockRealize:
    """The one reduction block ``f`` is a reduce loop of."""
    hits = [n for n in walk(f.body) if isinstance(n, ScheduleBlockRealize)
            and any(t is IterType.REDUCE and any(x is f.loop_var for x in walk(v))
                    for v, t in zip(n.iter_values, n.block.iter_types))]
    if len(hits) != 1:
        raise fail(f"cannot {what} loop '{f.loop_var.name}': it is the reduce loop of {len(hits)} blocks "
                   "(needs exactly one)", f)
    return hits[0]


def rfactor(tree: Tree, loop: LoopRef) -> Tree:
    """For a reduction ``B[s] = B[s] op v`` under reduce loop ``loop`` (extent ``n``): partials
    ``B_rf[r, s]`` (one per iteration ``r`` of ``loop``) are initialised and accumulated, then
    combined into ``B[s]`` by a new loop over ``r``.  Every loop of the reduction then carries
    no dependence on ``loop``'s lanes, so ``loop`` can be vectorized or bound to threads."""
    f = find_loop(tree, loop)
    u = update_block(f)
    st, v = check_update(u)
    if not is_zero(f.min):
        raise fail(f"cannot rfactor loop '{f.loop_var.name}': its minimum is not 0", f)
    up = loop_path(tree, u)
    loops = [n for n in up if isinstance(n, For)]
    first = next(i for i, lp in enumerate(loops) if _reduces(u, lp))
    chain = loops[first:]
    for lp in chain:
        if not _reduces(u, lp):
            raise fail(f"cannot rfactor block '{u.block.name}': spatial loop '{lp.loop_var.name}' lies inside "
                       "its reduce loops", lp)
    for a, b in itertools.pairwise(chain):
        if single(a.body) is not b:
            raise fail(f"cannot rfactor block '{u.block.name}': reduce loop '{a.loop_var.name}' holds more than "
                       "the next loop", a)
    red_root = chain[0]
    spatial_vals = {id(iv): val for iv, val, t in zip(u.block.iter_vars, u.iter_values, u.block.iter_types)
                    if t is IterType.SPATIAL}
    for e in st.indices:
        for n in walk(e):
            if isinstance(n, Var) and any(n is iv for iv in u.block.reduce_iter_vars):
                raise fail(f"cannot rfactor block '{u.block.name}': it stores at an index of a reduce axis", u)
    t = st.tensor
    init_val = init_value(tree, red_root, storage(t))
    if init_val is None:
        raise fail(f"cannot rfactor block '{u.block.name}': no init block for {t.name} before its reduce loops", u)
    it = f.loop_var.dtype
    n = f.extent
    shape = (n,) + tuple(t.shape)
    bname = fresh_name(tree, storage(t) + "_rf")
    buf = Buffer(bname, shape, t.dtype, span=t.span)
    rf = Tensor(fresh_name(tree, t.name + "_rf"), shape, t.dtype, buf, span=t.span)
    rf_init = Tensor(rf.name + "__reduce_init", shape, t.dtype, buf, span=t.span)
    # the accumulating block: a new spatial iter var for the lane
    lane = Var("vrf", it, span=u.span)
    rf_idx = (lane,) + tuple(st.indices)
    upd = Store(rf, rf_idx, v.replace(a=Load(rf, rf_idx)), span=st.span)
    new_u = ScheduleBlockRealize(
        (f.loop_var,) + tuple(u.iter_values),
        u.block.replace(name=rf.name, iter_vars=(lane,) + tuple(u.block.iter_vars),
                        iter_types=(IterType.SPATIAL,) + tuple(u.block.iter_types), body=upd,
                        reads=(), writes=()), span=u.span)
    red_new = replace(red_root, u, new_u)
    # the init of the partials and the final combine, over the lanes
    sp_ivs = [iv for iv, tp in zip(u.block.iter_vars, u.block.iter_types) if tp is IterType.SPATIAL]
    outer_vals = [spatial_vals[id(iv)] for iv in sp_ivs]

    def lane_nest(name: str, make: object, kind: str) -> For:
        r = Var(f"{f.loop_var.name}_{kind}", it, span=f.span)
        ivs = [Var(iv.name, iv.dtype, span=iv.span) for iv in sp_ivs]
        rv = Var("vrf", it, span=u.span)
        m = {a: b for a, b in zip(sp_ivs, ivs)}
        from pirc.cinn.ast.visitor import substitute

        idx = tuple(substitute(e, m) for e in st.indices)
        body = make(rv, idx)  # type: ignore[operator]
        types = [IterType.SPATIAL] * len(ivs) + [IterType.REDUCE if kind == "combine" else IterType.SPATIAL]
        sb = ScheduleBlock(name, tuple(ivs) + (rv,), body, iter_types=tuple(types), span=u.span)
        return For(r, IntImm(0, it), n, ScheduleBlockRealize(tuple(outer_vals) + (r,), sb, span=u.span), span=f.span)

    init_nest = lane_nest(rf_init.name, lambda rv, idx: Store(rf_init, (rv,) + idx, init_val, span=st.span), "init")
    combine_nest = lane_nest(
        t.name, lambda rv, idx: Store(t, idx, v.replace(a=Load(t, idx), b=Load(rf, (rv,) + idx)),
                                      span=st.span), "combine")
    out = replace(tree, red_root, red_new)
    out = insert_stmt(out, red_new, [init_nest], after=False)
    out = insert_stmt(out, red_new, [combine_nest], after=True)
    return add_temp(out, buf)


def check_update(u: ScheduleBlockRealize, what: str = "rfactor") -> tuple[Store, BinaryOp]:
    """The store of a reduction block and its value, which must be ``B[i] = B[i] op value``."""
    st = block_store(u)
    v = st.value
    if not isinstance(v, BinaryOp) or v.KIND not in _COMBINE or not isinstance(v.a, Load) or \
            storage(v.a.tensor) != storage(st.tensor) or not structural_equal(tuple(v.a.indices), tuple(st.indices)):
        raise fail(f"cannot {what} block '{u.block.name}': its store is not B[i] = B[i] op value", u)
    return st, v


def _reduces(u: ScheduleBlockRealize, lp: For) -> bool:
    return any(t is IterType.REDUCE and any(x is lp.loop_var for x in walk(v))
               for v, t in zip(u.iter_values, u.block.iter_types))


def init_value(tree: Tree, red_root: For, buf: str) -> Expr | None:
    """The value the init block of ``buf`` stores (a statement before ``red_root`` in its list)."""
    from pirc.cinn.schedule.tree import parent_block, path_to

    p = path_to(tree, red_root)
    assert p is not None
    blk, i = parent_block(p)
    for s in reversed(blk.stmts[:i]):
        for n in walk(s):
            if isinstance(n, Store) and storage(n.tensor) == buf:
                return n.value
    return None


__all__ = ["rfactor"]
