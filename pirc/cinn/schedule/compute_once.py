"""Compute-once reuse of expensive values across sibling loops, for the CPU target.

Lowering inlines every elementwise producer into each of its consumers.  On a
GPU that recomputation is cheaper than a round trip through memory; on a CPU
it is not when the producer is a transcendental function.  A softmax row
lowers to three loops over the same row::

    for k: max = cinn_max(max, x[i, k])
    for k: sum = sum + exp(x[i, k] - max)          # exp ...
    for k: out[i, k] = exp(x[i, k] - max) / sum    # ... computed again

This pass rewrites such a pair so the value is computed once, into the later
loop's own output row (which that loop overwrites anyway, and which is still
in cache when it does)::

    for k: out[i, k] = exp(x[i, k] - max)
    for k: sum = sum + out[i, k]
    for k: out[i, k] = out[i, k] / sum

Conditions (all checked): both loops are innermost siblings in one block with
the same range, the later one is a plain store of the shared value's dtype
into a global buffer at an index affine in its loop variable; the shared
value calls a transcendental math function, reads no buffer written by the
two loops or anything between them, and uses no variable bound there.  The
arithmetic of the value is unchanged, so results are bit-identical.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pirc.cinn.ast.analysis import linear_coeff, storage_key
from pirc.cinn.ast.equality import structural_equal
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import (
    Block,
    Call,
    Expr,
    For,
    ForKind,
    Let,
    Load,
    LoweredFunc,
    MemoryScope,
    ScheduleBlock,
    ScheduleBlockRealize,
    Stmt,
    Store,
    Var,
)
from pirc.cinn.ast.visitor import Mutator, children, free_vars, replace_nodes, substitute, walk

#: math functions worth a store and a load (cheap ones -- abs, floor, sqrt -- are recomputed)
EXPENSIVE = frozenset({"exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "pow", "tanh", "erf", "sin", "cos",
                       "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "asinh", "acosh", "atanh", "cbrt"})


@dataclass
class _Body:
    """An innermost loop whose body is one schedule block holding one store."""

    loop: For
    realize: ScheduleBlockRealize
    store: Store
    subst: dict  # the block's iter vars -> their bound values

    def flat(self, e: Any) -> Any:
        return substitute(e, self.subst)


def single_store(loop: Stmt) -> _Body | None:
    """An innermost serial / vectorized loop whose body is one schedule block holding one store."""
    if type(loop) is not For or loop.kind not in (ForKind.SERIAL, ForKind.VECTORIZED):
        return None
    node: Stmt = loop.body
    while type(node) is Block and len(node.stmts) == 1:
        node = node.stmts[0]
    if type(node) is not ScheduleBlockRealize:
        return None
    r: ScheduleBlockRealize = node
    st: Stmt = r.block.body
    while type(st) is Block and len(st.stmts) == 1:
        st = st.stmts[0]
    if type(st) is not Store:
        return None
    return _Body(loop, r, st, dict(zip(r.block.iter_vars, r.iter_values)))


def _expensive(e: Expr) -> bool:
    return any(type(n) is Call and n.name in EXPENSIVE and n.dtype is not None for n in walk(e))


def _pure(e: Expr) -> bool:
    return all(type(n) is not Call or (n.dtype is not None and not n.name.startswith(("cinn_", "__")))
               for n in walk(e))


def _bound_in(stmts: list[Stmt]) -> set[int]:
    ids: set[int] = set()
    for s in stmts:
        for n in walk(s):
            if type(n) is For:
                ids.add(id(n.loop_var))
            elif type(n) is Let:
                ids.add(id(n.var))
            elif isinstance(n, ScheduleBlock):
                ids.update(id(v) for v in n.iter_vars)
    return ids


def _written_in(stmts: list[Stmt]) -> set[str]:
    return {storage_key(n.tensor) for s in stmts for n in walk(s) if type(n) is Store}


def _block_form(body: _Body, flat: Expr) -> dict:
    """How to write the (flattened) loop variable inside ``body``'s schedule block: its iter var
    bound to exactly that variable if it has one, else the loop variable itself."""
    lv = body.loop.loop_var
    for iv, val in body.subst.items():
        if val is lv:
            return {lv: iv}
    return {}


class _ReplaceFlat(Mutator):
    """Replaces, in a schedule block's store value, each subexpression whose flattened form is
    ``target`` by ``repl``."""

    def __init__(self, body: _Body, target: Expr, repl: Expr) -> None:
        super().__init__()
        self.body, self.target, self.repl = body, target, repl
        self.hits = 0

    def visit(self, node: Any) -> Any:
        if isinstance(node, Expr) and node.KIND is self.target.KIND and structural_equal(self.body.flat(node), self.target):
            self.hits += 1
            return self.repl
        return super().visit(node)


def _rewrite(body: _Body, target: Expr, scratch: Load) -> Stmt | None:
    """``body``'s loop with ``target`` (flattened, in that loop's variable) read from ``scratch``."""
    repl = substitute(scratch, _block_form(body, target))
    m = _ReplaceFlat(body, target, repl)
    value = m.visit(body.store.value)
    if not m.hits:
        return None
    return replace_nodes(body.loop, [(body.store, body.store.replace(value=value))])


def _shared(a: _Body, b: _Body) -> Expr | None:
    """The first maximal expensive subexpression of ``b``'s value (flattened) that ``a``'s value
    also computes, with ``a``'s loop variable renamed to ``b``'s."""
    flat_a = substitute(a.flat(a.store.value), {a.loop.loop_var: b.loop.loop_var})
    cands = [n for n in walk(flat_a) if isinstance(n, Expr) and type(n) is not Load and _expensive(n)]
    stack: list[Any] = [b.flat(b.store.value)]
    while stack:
        e = stack.pop()
        if not isinstance(e, Expr) or not _expensive(e):
            continue
        if _pure(e) and any(c.KIND is e.KIND and structural_equal(c, e) for c in cands):
            return e
        stack.extend(reversed(children(e)))
    return None


def _scope(t: Any) -> MemoryScope | None:
    return t.buffer.scope if t.buffer is not None else t.scope


def _try_pair(stmts: list[Stmt], i: int, j: int, count: list[int]) -> list[Stmt] | None:
    a, b = single_store(stmts[i]), single_store(stmts[j])
    if a is None or b is None or a is b:
        return None
    la, lb = a.loop, b.loop
    if not (structural_equal(la.min, lb.min) and structural_equal(la.extent, lb.extent)):
        return None
    out_t = b.store.tensor
    if _scope(out_t) not in (MemoryScope.GLOBAL, None):
        return None
    idx = tuple(b.flat(x) for x in b.store.indices)
    lv = lb.loop_var
    if not any((c := linear_coeff(x, lv)) is not None and c != 0 for x in idx):
        return None
    e = _shared(a, b)
    if e is None or e.dtype is not out_t.dtype:
        return None
    span = stmts[i:j + 1]
    written = _written_in(span)
    key = storage_key(out_t)
    reads = {storage_key(n.tensor) for n in walk(e) if type(n) is Load}
    if reads & written:
        return None
    # the scratch row is out_t's: nothing else in the span may touch it, and b may not read it
    for s in stmts[i:j]:
        if any(isinstance(n, (Load, Store)) and storage_key(n.tensor) == key for n in walk(s)):
            return None
    if any(type(n) is Load and storage_key(n.tensor) == key for n in walk(b.store.value)):
        return None
    inner = _bound_in(span) - {id(lv)}
    if any(id(v) in inner for v in free_vars(e)) or any(id(v) in inner for x in idx for v in free_vars(x)):
        return None
    # a's copy of the value is written in a's loop variable
    e_a = substitute(e, {lv: la.loop_var})
    new_a = _rewrite(a, e_a, Load(out_t, tuple(substitute(x, {lv: la.loop_var}) for x in idx)))
    new_b = _rewrite(b, e, Load(out_t, idx))
    if new_a is None or new_b is None:
        return None
    count[0] += 1
    k = Var(f"{lv.name}_once", lv.dtype)
    iv = Var(f"{lv.name}_i", lv.dtype)
    name = f"{b.realize.block.name}__once{count[0]}"
    blk = ScheduleBlock(name, (iv,), Store(out_t, tuple(substitute(x, {lv: iv}) for x in idx), substitute(e, {lv: iv})))
    first = For(k, la.min, la.extent, Block((ScheduleBlockRealize((k,), blk),)), kind=ForKind.SERIAL)
    return stmts[:i] + [first, new_a] + stmts[i + 1:j] + [new_b] + stmts[j + 1:]


class _Reuse(Mutator):
    def __init__(self) -> None:
        super().__init__()
        self.count = [0]

    def visit_Block(self, node: Block) -> Any:
        node = self.generic_mutate(node)
        stmts = list(node.stmts)
        changed = True
        any_change = False
        while changed:
            changed = False
            # only a loop with an expensive value can give one, only a store to memory take one
            # (the checks _try_pair starts with; a block of many loops is not tried pairwise)
            bodies = [single_store(s) for s in stmts]
            givers = [i for i, b_ in enumerate(bodies) if b_ is not None and _expensive(b_.store.value)]
            if not givers:
                break
            for j in range(len(stmts)):
                bj = bodies[j]
                if bj is None or _scope(bj.store.tensor) not in (MemoryScope.GLOBAL, None):
                    continue
                for i in reversed([g for g in givers if g < j]):
                    new = _try_pair(stmts, i, j, self.count)
                    if new is not None:
                        stmts, changed, any_change = new, True, True
                        break
                if changed:
                    break
        return node.replace(stmts=tuple(stmts)) if any_change else node


def reuse_expensive(func: LoweredFunc) -> LoweredFunc:
    """``func`` with transcendental values shared by sibling loops computed once (see the module doc)."""
    new = _Reuse().visit(func)
    return new if isinstance(new, LoweredFunc) else func
