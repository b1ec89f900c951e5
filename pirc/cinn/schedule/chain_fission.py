"""Splitting a long transcendental chain into two loops over a small tile, for the CPU target.

Fusion gives one innermost loop whose store evaluates a whole elementwise
chain, e.g. ``sigmoid(tanh(relu(2x + 1)) * y - x)``: two transcendental
functions, each a few dozen vector instructions, one feeding the other.  In
one loop body that is a long dependency chain with more live constants than
the vector registers hold, and GCC's code spills and stalls.  Split at the
inner function, the same work runs a third faster::

    for j in 0..N:                       for jo in 0..N/256:
      out[j] = f(g(x[j]), y[j])    ->        for k in 0..256: tile[k] = g(x[jo*256 + k])
                                             for k in 0..256: out[jo*256 + k] = f(tile[k], y[jo*256 + k])

``tile`` is a 1 KiB local (stack) buffer, in cache between the two loops.  The
split applies to an innermost loop with one store whose value has an expensive
call (:data:`pirc.cinn.schedule.compute_once.EXPENSIVE`) inside the argument of
another; the inner call must not read the buffer the loop writes.  The values
computed are the same expressions, so results are bit-identical.
"""

from __future__ import annotations

from typing import Any

from pirc.cinn.ast.analysis import const_int, has_loop, storage_key
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import (
    Block,
    Buffer,
    Call,
    Expr,
    For,
    IntImm,
    Load,
    LoweredFunc,
    MemoryScope,
    Min,
    ScheduleBlockRealize,
    Store,
    Tensor,
    Var,
)
from pirc.cinn.ast.visitor import Mutator, children, replace_nodes, substitute, walk
from pirc.cinn.schedule.compute_once import EXPENSIVE, single_store

#: elements per tile: 1 KiB of float32, measured best on a 2-core AVX-512 machine (256 .. 4096 tried)
TILE = 256


def _expensive_call(e: Any) -> bool:
    return e.KIND is Kind.CALL and e.name in EXPENSIVE and e.dtype is not None


def split_point(value: Expr) -> Call | None:
    """The first (pre-order) expensive call whose result feeds another expensive call."""
    def search(e: Any, under: bool) -> Call | None:
        if not isinstance(e, Expr):
            return None
        if under and _expensive_call(e):
            inner = next((c for k in children(e) if (c := search(k, True)) is not None), None)
            return inner if inner is not None else e  # the deepest: its own argument may hold another
        # a select's values are read only where their branch is taken (concat's inputs are
        # indexed i - offset): hoisted into the tile loop they would be read everywhere
        kids = (e.condition,) if e.KIND is Kind.SELECT else children(e)
        for k in kids:
            hit = search(k, under or _expensive_call(e))
            if hit is not None:
                return hit
        return None
    return search(value, False)


class _Split(Mutator):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def visit_For(self, loop: For) -> Any:
        loop = self.generic_mutate(loop)
        if has_loop(loop.body) or const_int(loop.min) != 0:
            return loop
        body = single_store(loop)
        if body is None:
            return loop
        store = body.store
        e = split_point(store.value)
        if e is None:
            return loop
        target = storage_key(store.tensor)  # not a reduction, and the tile never reads what the loop writes
        if any(n.KIND is Kind.LOAD and storage_key(n.tensor) == target for n in walk(store.value)):  # type: ignore[attr-defined]
            return loop
        self.count += 1
        return _tiled(loop, body.realize, store, e, self.count)


def _tiled(loop: For, realize: ScheduleBlockRealize, store: Store, e: Call, n: int) -> For:
    v = loop.loop_var
    it = v.dtype
    tile_n = IntImm(TILE, it)
    name = f"{store.tensor.name}__tile{n}"
    tile = Tensor(name, (tile_n,), e.dtype, Buffer(name, (tile_n,), e.dtype, MemoryScope.LOCAL))
    outer = Var(f"{v.name}_o", it)
    ext = const_int(loop.extent)
    if ext is not None:
        n_outer: Expr = IntImm((ext + TILE - 1) // TILE, it)
        whole = ext % TILE == 0
    else:
        n_outer = (loop.extent + (TILE - 1)) / tile_n
        whole = False

    def stage(value_of: Any, index_name: str) -> For:
        k = Var(index_name, it)
        start = outer * tile_n
        count: Expr = tile_n if whole else Min(tile_n, loop.extent - start)
        block = realize.block
        fresh = {iv: Var(iv.name, iv.dtype) for iv in block.iter_vars}  # each stage binds its own
        values = tuple(substitute(x, {v: start + k}) for x in realize.iter_values)
        new_store = value_of(k)
        new_block = substitute(block.replace(body=replace_nodes(block.body, [(store, new_store)])), fresh)
        return For(k, IntImm(0, it), count, Block((ScheduleBlockRealize(values, new_block),)), kind=loop.kind,
                   factor=loop.factor)

    first = stage(lambda k: Store(tile, (k,), e), f"{v.name}_a")
    second = stage(lambda k: store.replace(value=replace_nodes(store.value, [(e, Load(tile, (k,)))])), f"{v.name}_b")
    return For(outer, IntImm(0, it), n_outer, Block((first, second)))


def split_chains(func: LoweredFunc) -> LoweredFunc:
    """``func`` with each innermost loop that chains two transcendental calls split over a tile."""
    new = _Split().visit(func)
    return new if isinstance(new, LoweredFunc) else func
