"""Reductions spread over threads: factorize_reduction (a private partial per lane, CINN's
``FactorizeReduction`` with the partial in registers) and shared_combine (the partials of a
thread loop exchanged through shared memory, a discrete reduce's combine).

Both keep the serial meaning of the tree (the AST evaluator runs a thread-bound loop as a
serial loop): a lane's partial is combined into the result at the end of the lane's body,
so binding the lane loop to threads afterwards (``bind``) is what makes it cross-thread.
"""

from __future__ import annotations

from collections.abc import Callable

from pirc.cinn.ast.nodes import (
    BinaryOp,
    Block,
    Buffer,
    Call,
    Evaluate,
    Expr,
    For,
    ForKind,
    IntImm,
    IterType,
    Load,
    MemoryScope,
    ScheduleBlock,
    ScheduleBlockRealize,
    Store,
    Tensor,
    Var,
)
from pirc.cinn.ast.visitor import substitute, walk
from pirc.cinn.schedule.rfactor import check_update, init_value, update_block
from pirc.cinn.schedule.tree import (
    LoopRef,
    Tree,
    add_temp,
    block_store,
    const,
    fail,
    find_loop,
    fresh_name,
    get_block,
    insert_stmt,
    path_to,
    replace,
    storage,
)


def factorize_reduction(tree: Tree, loop: LoopRef) -> Tree:
    """For a reduction ``B[s] = B[s] op v`` with a reduce loop ``loop`` (the *lanes*): every
    iteration of ``loop`` accumulates into a private partial ``B_rf[s]`` (``local`` storage,
    ``B``'s shape), initialised at the top of ``loop``'s body and combined into ``B[s]``
    (block ``B``, ``B[s] = B[s] op B_rf[s]``) at its end.  Bound to threads, the lanes then
    run concurrently and the final combine is the cross-thread one."""
    f = find_loop(tree, loop)
    u = update_block(f, "factorize")
    st, v = check_update(u, "factorize")
    t = st.tensor
    init = init_value(tree, f, storage(t))
    if init is None:
        raise fail(f"cannot factorize block '{u.block.name}': no init block for {t.name} before loop "
                   f"'{f.loop_var.name}'", u)
    inner = {id(n.loop_var) for n in walk(f.body) if isinstance(n, For)}
    sp = [(iv, val) for iv, val, tp in zip(u.block.iter_vars, u.iter_values, u.block.iter_types)
          if tp is IterType.SPATIAL]
    for _, val in sp:
        for n in walk(val):
            if isinstance(n, Var) and id(n) in inner:
                raise fail(f"cannot factorize block '{u.block.name}': its spatial index uses loop '{n.name}' "
                           f"inside loop '{f.loop_var.name}'", u)
    buf = Buffer(fresh_name(tree, storage(t) + "_rf"), t.shape, t.dtype, MemoryScope.LOCAL, span=t.span)
    rf = Tensor(fresh_name(tree, t.name + "_rf"), t.shape, t.dtype, buf, span=t.span)
    rf_init = Tensor(rf.name + "__reduce_init", t.shape, t.dtype, buf, span=t.span)
    part = Store(rf, st.indices, v.replace(a=Load(rf, st.indices)), span=st.span)
    new_u = u.replace(block=u.block.replace(name=rf.name, body=part))
    values = tuple(val for _, val in sp)

    def lane_block(name: str, make: Callable[[tuple[Expr, ...]], Store]) -> ScheduleBlockRealize:
        ivs = tuple(Var(iv.name, iv.dtype, span=iv.span) for iv, _ in sp)
        idx = tuple(substitute(e, dict(zip((iv for iv, _ in sp), ivs))) for e in st.indices)
        return ScheduleBlockRealize(values, ScheduleBlock(name, ivs, make(idx), span=u.span),
                                   span=u.span)

    first = lane_block(rf_init.name, lambda idx: Store(rf_init, idx, init, span=st.span))
    last = lane_block(t.name, lambda idx: Store(t, idx, v.replace(a=Load(t, idx), b=Load(rf, idx)),
                                                span=st.span))
    body = replace(f.body, u, new_u)
    out = replace(tree, f, f.replace(body=Block((first, *body.stmts, last))))
    return add_temp(out, buf)


def shared_combine(tree: Tree, block: str, lane: Expr, lanes: int) -> Tree:
    """Block ``block`` (``B[s] = B[s] op P[s]``, the last statement of a thread loop ``t`` of
    constant extent ``N``) is replaced by a write of the thread's partial into a ``shared``
    buffer ``B_shm[t, lane]`` (``lane < lanes``: the slot of the spatial point among those a
    CUDA block reduces at once); after ``t``: ``__syncthreads()``, a serial loop ``k_shm``
    over the ``N`` partials combining them into ``B[s]`` (the block, attributes kept), and
    ``__syncthreads()`` again (every thread reads the buffer before it is written anew)."""
    r = get_block(tree, block)
    p = path_to(tree, r)
    assert p is not None
    owner = p[-3] if len(p) >= 3 else None
    if not (isinstance(owner, For) and isinstance(p[-2], Block) and p[-2].stmts and p[-2].stmts[-1] is r):
        raise fail(f"cannot combine block '{block}' through shared memory: it is not the last statement of a "
                   "loop", r)
    t = owner
    if t.kind not in (ForKind.SERIAL, ForKind.GPU_THREAD):
        raise fail(f"cannot combine block '{block}' through shared memory: loop '{t.loop_var.name}' is "
                   f"{t.kind.value}, not a thread loop", t)
    n = const(t.extent)
    if n is None:
        raise fail(f"cannot combine block '{block}' through shared memory: loop '{t.loop_var.name}' has no "
                   "constant extent", t)
    for val in r.iter_values:
        if any(x is t.loop_var for x in walk(val)):
            raise fail(f"cannot combine block '{block}' through shared memory: it depends on loop "
                       f"'{t.loop_var.name}' (not a combine after the loop's partials)", r)
    if not isinstance(lanes, int) or lanes <= 0:
        raise fail(f"shared_combine: lanes {lanes} is not a positive integer", r)
    st = block_store(r)
    v = st.value
    if not isinstance(v, BinaryOp) or not isinstance(v.a, Load) or not isinstance(v.b, Load) or \
            storage(v.a.tensor) != storage(st.tensor) or storage(v.b.tensor) == storage(st.tensor):
        raise fail(f"cannot combine block '{block}' through shared memory: its store is not B[i] = B[i] op P[i]", r)
    it = t.loop_var.dtype
    B = st.tensor
    shape = (IntImm(n, it), IntImm(lanes, it))
    buf = Buffer(fresh_name(tree, storage(B) + "_shm"), shape, B.dtype, MemoryScope.SHARED, span=B.span)
    shm = Tensor(fresh_name(tree, B.name + "_shm"), shape, B.dtype, buf, span=B.span)
    write = r.replace(block=ScheduleBlock(shm.name, r.block.iter_vars, Store(shm, (t.loop_var, lane), v.b),
                                          span=r.span))
    k = Var("k_shm", it, span=t.span)
    comb = r.replace(block=r.block.replace(body=Store(B, st.indices, v.replace(b=Load(shm, (k, lane))))))
    out = replace(tree, r, write)
    sync = Evaluate(Call("__syncthreads", ()))
    out = insert_stmt(out, find_loop(out, t), [sync, For(k, IntImm(0, it), IntImm(n, it), comb, span=t.span),
                                               Evaluate(Call("__syncthreads", ()))], after=True)
    return add_temp(out, buf)


__all__ = ["factorize_reduction", "shared_combine"]
