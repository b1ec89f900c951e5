"""Work accounting: how much a loop nest computes, counted over the AST.

A fused kernel should do at most the work of the ops it replaces.  :func:`ast_work`
counts, for any statement (one op's nest, a whole kernel), the element operations
it performs: every load, store and arithmetic node of a stored value, a call to a
transcendental function as :data:`CALL_WEIGHTS` says, each multiplied by the
trip counts of the loops around it.  Index arithmetic (inside a load's or store's
indices) is not counted: it is the same for every schedule and the C compiler
strength-reduces it.

An expression is counted once per iteration of the loops it depends on: code that does not
depend on a loop is hoisted out of it (by the code generator's hoist and the C compiler), so a
per-row value read inside the loop over the row costs once per row, as it runs.

The same function measures both sides of the ratio the compiler keeps per group:
the op-by-op work (``LowerToAstVec``'s nests, one per compute, nothing inlined)
and the work of the kernels the group schedule made.  A symbolic trip count
counts as :data:`NOMINAL_EXTENT`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pirc.cinn.ast.analysis import NotConstant, eval_int
from pirc.cinn.ast.fields import Shape
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import Buffer, Expr, Tensor
from pirc.cinn.ast.visitor import free_vars, walk

#: transcendental calls, in element operations (a vectorised exp is ~8 multiply-adds);
#: every other call (abs, floor, cinn_max, isnan...) counts 1
CALL_WEIGHTS: dict[str, int] = {
    **dict.fromkeys(("exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "pow", "tanh", "erf", "sin",
                     "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "asinh", "acosh", "atanh",
                     "cbrt", "erfinv", "lgamma", "digamma"), 8),
    **dict.fromkeys(("sqrt", "rsqrt"), 4),
}
#: what a division costs against an add
DIV_WEIGHT = 2
#: the trip count a symbolic loop extent is counted as
NOMINAL_EXTENT = 64

_FREE = frozenset({Kind.INT_IMM, Kind.FLOAT_IMM, Kind.STRING_IMM, Kind.VAR, Kind.CAST})


@dataclass(frozen=True, slots=True)
class Work:
    """Element operations: ``ops`` arithmetic (calls weighted), ``loads`` and ``stores``."""

    ops: float = 0.0
    loads: float = 0.0
    stores: float = 0.0

    @property
    def total(self) -> float:
        return self.ops + self.loads + self.stores

    def __add__(self, other: Work) -> Work:
        return Work(self.ops + other.ops, self.loads + other.loads, self.stores + other.stores)

    def scaled(self, n: float) -> Work:
        return Work(self.ops * n, self.loads * n, self.stores * n)


def node_ops(n: Any) -> int:
    """The operations of one expression node itself (a load, a variable, a constant, a cast: 0)."""
    k = n.KIND
    if k is Kind.CALL:
        return CALL_WEIGHTS.get(n.name, 1)
    if k is Kind.DIV:
        return DIV_WEIGHT
    return 0 if k in _FREE or k is Kind.LOAD else 1


def value_cost(e: Any) -> tuple[int, int]:
    """(arithmetic operations, loads) of one evaluation of the expression ``e``, as a tree."""
    ops = loads = 0
    stack = [e]
    while stack:
        n = stack.pop()
        if n.KIND is Kind.LOAD:
            loads += 1
            continue  # the index is address arithmetic
        ops += node_ops(n)
        stack.extend(_expr_children(n))
    return ops, loads


def trip_count(extent: Expr) -> int:
    """The loop's trip count: a variable in it counts as :data:`NOMINAL_EXTENT` (a symbolic
    dim), or as 0 when it is a loop variable (a tail loop ``min(T, n - j_o * T)`` counts its
    first trip)."""
    try:
        return max(eval_int(extent), 0)
    except NotConstant:
        pass
    env = {v: (0 if v.name.startswith(_LOOP_PREFIXES) else NOMINAL_EXTENT) for v in free_vars(extent)}
    try:
        return max(eval_int(extent, env), 0)
    except NotConstant:
        return NOMINAL_EXTENT


#: names of symbolic dims (``S0``...) against loop variables (``i``, ``j_o``, ``reduce_k``...)
_LOOP_PREFIXES = tuple("abcdefghijklmnopqrtuvwxyz") + ("reduce_",)


class _Counter:
    """Counts a statement's work the way the generated code runs it: an expression is
    evaluated once per iteration of the loops it depends on (loop-invariant code is hoisted,
    by the code generator and the C compiler), a load depends on its index and on the loops
    that write its tensor."""

    def __init__(self) -> None:
        self.cum: list[float] = [1.0]  # cum[d]: iterations of the d outermost loops
        self.level: dict[int, int] = {}  # id(var) -> depth of the loop (or block) binding it
        self.writes: list[set[str]] = [set()]  # writes[d]: tensors stored inside loop d

    def stmt(self, node: Any) -> Work:
        k = node.KIND
        if k is Kind.FOR:
            d = len(self.cum)
            self.cum.append(self.cum[-1] * trip_count(node.extent))
            self.level[id(node.loop_var)] = d
            self.writes.append({n.tensor.name for n in walk(node.body) if n.KIND is Kind.STORE})
            try:
                return self.stmt(node.body)
            finally:
                self.cum.pop()
                self.writes.pop()
        if k is Kind.BLOCK:
            w = Work()
            for s in node.stmts:
                w = w + self.stmt(s)
            return w
        if k is Kind.SCHEDULE_BLOCK_REALIZE:
            for iv, v in zip(node.block.iter_vars, node.iter_values):
                self.level[id(iv)] = self._level(v, {})
            return self.stmt(node.block.body)
        if k is Kind.STORE:
            ops, loads = self._value(node.value)
            return Work(ops, loads, self.cum[-1])
        if k is Kind.IF_THEN_ELSE:
            w = self.stmt(node.then_case)
            return w + self.stmt(node.else_case) if node.else_case is not None else w
        if k is Kind.LET:
            if node.value is not None:
                self.level[id(node.var)] = self._level(node.value, {})
                ops, loads = self._value(node.value)
                return Work(ops, loads, 0)
            return Work()
        if k is Kind.EVALUATE:
            ops, loads = self._value(node.value)
            return Work(ops, loads, 0)
        if k is Kind.LOWERED_FUNC:
            return self.stmt(node.body)
        return Work()

    def _level(self, e: Any, memo: dict[int, int]) -> int:
        """The depth of the innermost loop ``e`` depends on."""
        hit = memo.get(id(e))
        if hit is not None:
            return hit
        k = e.KIND
        if k is Kind.VAR:
            lv = self.level.get(id(e), 0)
        else:
            lv = 0
            for c in _expr_children(e):
                lv = max(lv, self._level(c, memo))
            if k is Kind.LOAD:
                name = e.tensor.name
                for d in range(len(self.writes) - 1, lv, -1):
                    if name in self.writes[d]:
                        lv = d
                        break
            elif k is Kind.CALL and e.name.startswith(("cinn_", "__")):
                lv = len(self.cum) - 1  # a runtime call is never moved
        memo[id(e)] = lv
        return lv

    def _value(self, e: Any) -> tuple[float, float]:
        """(operations, loads) of one store's value; a subexpression that occurs twice is
        counted once (the C compiler computes a repeated pure expression once)."""
        memo: dict[int, int] = {}
        keys = _Keys()
        seen: set[int] = set()
        ops = loads = 0.0
        stack = [e]
        while stack:
            n = stack.pop()
            key = keys.of(n)
            if key in seen:
                continue
            seen.add(key)
            times = self.cum[self._level(n, memo)]
            if n.KIND is Kind.LOAD:
                loads += times
                continue  # the index is address arithmetic
            ops += node_ops(n) * times
            stack.extend(_expr_children(n))
        return ops, loads


class _Keys:
    """Structural identity of expressions as small integers (hash-consing): equal subtrees
    get the same key, in time linear in the tree."""

    def __init__(self) -> None:
        self.table: dict[tuple, int] = {}
        self.memo: dict[int, int] = {}

    def of(self, n: Any) -> int:
        hit = self.memo.get(id(n))
        if hit is not None:
            return hit
        k = n.KIND
        if k is Kind.VAR:
            sig: tuple = (k, id(n))
        elif k in (Kind.INT_IMM, Kind.FLOAT_IMM, Kind.STRING_IMM):
            sig = (k, n.dtype, repr(n.value))
        else:
            extra = n.tensor.name if k is Kind.LOAD else n.name if k is Kind.CALL else None
            sig = (k, getattr(n, "dtype", None), extra, tuple(self.of(c) for c in _expr_children(n)))
        key = self.table.setdefault(sig, len(self.table))
        self.memo[id(n)] = key
        return key


def _expr_children(n: Any) -> list[Any]:
    out: list[Any] = []
    for f in n._CHILD_FIELDS:
        v = getattr(n, f.name)
        if v is None or isinstance(v, (Tensor, Buffer)):
            continue
        if f.shape is Shape.NODES:
            out.extend(x for x in v if isinstance(x, Expr))
        elif isinstance(v, Expr):
            out.append(v)
    return out


def ast_work(node: Any) -> Work:
    """The element operations ``node`` (a statement, a LoweredFunc) performs when run."""
    return _Counter().stmt(node)


__all__ = ["CALL_WEIGHTS", "NOMINAL_EXTENT", "Work", "ast_work", "node_ops", "trip_count", "value_cost"]
