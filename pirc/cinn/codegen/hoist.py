"""Loop-invariant code motion for the CPU target.

Lowering inlines per-row values into per-element stores (a layer norm's
``1/sqrt(var + eps)``, a softmax's ``1/sum``), and GCC does not move them out
of the innermost loop once they go through the branch-free select and bit
helpers the C prelude uses.  This pass does it on the AST before CodeGenC: in
every innermost loop that is not a reduction, each maximal subexpression that
reads no variable bound inside the loop and no buffer written inside it is
bound once by a ``Let`` just before the loop.  A schedule block's iter var bound
inside the loop to a value of outer variables (``i1 = i`` of an outer loop)
counts as that value: a batch norm's per-channel ``1/sqrt(var + eps)`` in a
block under the innermost loop was computed per element (DenseNet's
normalisations after each concatenation).  The expression and its
arithmetic are unchanged (evaluated once instead of per element), so results
are bit-identical; only pure expressions move (math intrinsics, not
cross-thread calls).
"""

from __future__ import annotations

from typing import Any

from pirc.cinn.ast.nodes import (
    Block,
    Call,
    Expr,
    FloatImm,
    For,
    ForKind,
    IntImm,
    Let,
    Load,
    LoweredFunc,
    Store,
    Var,
)
from pirc.cinn.ast.analysis import bound_inside, outer_bindings, uses_vars
from pirc.cinn.ast.visitor import Mutator, substitute, walk


def _written_inside(loop: For) -> set[str]:
    return {n.tensor.name for n in walk(loop.body) if isinstance(n, Store)}


def _is_reduction(loop: For) -> bool:
    for n in walk(loop.body):
        if isinstance(n, Store) and any(isinstance(m, Load) and m.tensor.name == n.tensor.name for m in walk(n.value)):
            return True
    return False


def _invariant_bindings(loop: For, inner: set[int]) -> dict[Var, Expr]:
    """The schedule-block iter vars (and Lets) bound inside ``loop`` to values that do not change
    with it (a block's ``i1 = i`` of an outer loop), as those values in outer terms."""
    return {v: e for v, e in outer_bindings(walk(loop.body)).items() if not uses_vars(e, inner)}


class _Replace(Mutator):
    """Replaces invariant subexpressions by fresh variables, collecting their Lets (their values
    in outer terms: ``fixed`` maps the invariant block variables bound inside the loop)."""

    def __init__(self, inner: set[int], written: set[str], namer: Any, fixed: dict[Var, Expr]) -> None:
        super().__init__()
        self.inner = inner
        self.written = written
        self.namer = namer
        self.fixed = fixed
        self.lets: list[Let] = []
        self.cache: dict[int, Var] = {}

    def _invariant(self, e: Expr) -> bool:
        for n in walk(e):
            if isinstance(n, Var) and id(n) in self.inner and n not in self.fixed:
                return False
            if isinstance(n, Load) and n.tensor.name in self.written:
                return False
            if isinstance(n, Call) and (n.name.startswith(("cinn_", "__")) or n.dtype is None):
                return False
        return True

    def visit(self, node: Any) -> Any:
        if isinstance(node, Expr) and not isinstance(node, (Var, IntImm, FloatImm)) and self._invariant(node):
            hit = self.cache.get(id(node))
            if hit is None:
                hit = self.cache[id(node)] = Var(self.namer(), node.dtype)
                self.lets.append(Let(hit, substitute(node, self.fixed) if self.fixed else node))
            return hit
        return super().visit(node)


class _Hoist(Mutator):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def name(self) -> str:
        self.count += 1
        return f"inv{self.count}"

    def visit_For(self, loop: For) -> Any:
        loop = self.generic_mutate(loop)
        if loop.kind is ForKind.PARALLEL or any(isinstance(n, For) for n in walk(loop.body)) or _is_reduction(loop):
            return loop
        inner = {id(loop.loop_var)} | bound_inside(walk(loop.body))
        rep = _Replace(inner, _written_inside(loop), self.name, _invariant_bindings(loop, inner))
        body = rep.visit(loop.body)
        if not rep.lets:
            return loop
        return Block((*rep.lets, loop.replace(body=body)))


def hoist_invariants(func: LoweredFunc) -> LoweredFunc:
    """``func`` with loop-invariant subexpressions of innermost loops bound before the loop."""
    new = _Hoist().visit(func)
    return new if isinstance(new, LoweredFunc) else func
