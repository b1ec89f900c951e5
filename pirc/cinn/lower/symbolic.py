"""Symbolic dimensions: the shapes of a group's values when some dims are ``-1``.

pirc has no shape_optimization pass, so lowering does CINN's symbolic shape
reasoning itself, per group (:mod:`pirc.cinn.lower.shapes`):

* every ``-1`` dim of a group *input* starts as its own symbol;
* op semantics *unify* symbols (the operands of an elementwise op have the
  result's dims, a transpose permutes them, ...) -- the assumption CINN's
  backend makes too ("shapes match strictly", see add_broadcast_to_elementwise);
* dims of intermediate values are expressions of the symbols (``S0 * 24 / 6``
  simplifies to ``4 * S0``; a slice of a symbolic dim is a ``min``/``max``
  expression).

A :class:`Dim` is an immutable polynomial with integer coefficients over
symbols (``3``, ``S0``, ``4*S0*S1 + 2``), or an *opaque* expression node
(``min``, ``max``, ``div``, ``mod``) over Dims when no polynomial form exists.
Symbols are small integers owned by a :class:`SymbolTable` (a union-find with
optional definitions ``S3 := 4*S0`` or ``S2 := 12``); a Dim is canonicalised
through the table (:meth:`SymbolTable.canon`) before it is compared or turned
into an AST expression (:meth:`SymbolTable.to_expr`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.nodes import Expr, IntImm, Max, Min, Var

Mono = tuple  # sorted tuple of symbol ids (with repeats): S0*S0*S3 -> (0, 0, 3)


@dataclass(frozen=True, slots=True)
class Dim:
    """A dimension: ``terms`` (monomial -> coefficient, sorted) or an opaque ``op`` over ``args``."""

    terms: tuple = ()  # ((mono, coef), ...) sorted by mono; () is the constant 0
    op: str | None = None  # "min", "max", "div", "mod" for an opaque dim
    args: tuple = ()

    # -- construction ------------------------------------------------------------------
    @staticmethod
    def const(v: int) -> Dim:
        return Dim(((((), int(v)),)) if v else ())

    @staticmethod
    def sym(s: int) -> Dim:
        return Dim((((s,), 1),))

    @staticmethod
    def of(x: Any) -> Dim:
        if isinstance(x, Dim):
            return x
        return Dim.const(int(x))

    @staticmethod
    def _poly(d: dict) -> Dim:
        return Dim(tuple(sorted((m, c) for m, c in d.items() if c)))

    # -- queries -----------------------------------------------------------------------
    @property
    def is_poly(self) -> bool:
        return self.op is None

    @property
    def is_const(self) -> bool:
        return self.op is None and all(m == () for m, _ in self.terms)

    @property
    def value(self) -> int | None:
        """The integer value of a constant dim, else None."""
        if not self.is_const:
            return None
        return self.terms[0][1] if self.terms else 0

    @property
    def single_symbol(self) -> int | None:
        """``s`` when the dim is exactly the symbol ``s`` (coefficient 1)."""
        if self.op is None and len(self.terms) == 1:
            m, c = self.terms[0]
            if c == 1 and len(m) == 1:
                return m[0]
        return None

    def symbols(self) -> set[int]:
        if self.op is None:
            return {s for m, _ in self.terms for s in m}
        out: set[int] = set()
        for a in self.args:
            out |= a.symbols()
        return out

    # -- arithmetic ----------------------------------------------------------------------
    def __add__(self, o: Any) -> Dim:
        o = Dim.of(o)
        if self.is_poly and o.is_poly:
            d = dict(self.terms)
            for m, c in o.terms:
                d[m] = d.get(m, 0) + c
            return Dim._poly(d)
        return Dim(op="add", args=(self, o))

    __radd__ = __add__

    def __neg__(self) -> Dim:
        if self.is_poly:
            return Dim(tuple((m, -c) for m, c in self.terms))
        return Dim.const(-1) * self

    def __sub__(self, o: Any) -> Dim:
        return self + (-Dim.of(o))

    def __rsub__(self, o: Any) -> Dim:
        return Dim.of(o) - self

    def __mul__(self, o: Any) -> Dim:
        o = Dim.of(o)
        if self.is_poly and o.is_poly:
            d: dict = {}
            for m1, c1 in self.terms:
                for m2, c2 in o.terms:
                    m = tuple(sorted(m1 + m2))
                    d[m] = d.get(m, 0) + c1 * c2
            return Dim._poly(d)
        if o.value == 1:
            return self
        if self.value == 1:
            return o
        return Dim(op="mul", args=(self, o))

    __rmul__ = __mul__

    def exact_div(self, o: Any) -> Dim | None:
        """``self / o`` when it divides exactly as polynomials (by a monomial), else None."""
        o = Dim.of(o)
        if not (self.is_poly and o.is_poly) or len(o.terms) != 1:
            return None
        om, oc = o.terms[0]
        if oc == 0:
            return None
        d: dict = {}
        for m, c in self.terms:
            if c % oc:
                return None
            rest = list(m)
            for s in om:
                if s not in rest:
                    return None
                rest.remove(s)
            d[tuple(rest)] = c // oc
        return Dim._poly(d)

    def floordiv(self, o: Any) -> Dim:
        o = Dim.of(o)
        q = self.exact_div(o)
        if q is not None:
            return q
        if self.is_const and o.is_const and o.value:
            return Dim.const(self.value // o.value)
        return Dim(op="div", args=(self, o))

    @staticmethod
    def min(a: Any, b: Any) -> Dim:
        a, b = Dim.of(a), Dim.of(b)
        if a.is_const and b.is_const:
            return Dim.const(min(a.value, b.value))
        if a == b:
            return a
        return Dim(op="min", args=(a, b))

    @staticmethod
    def max(a: Any, b: Any) -> Dim:
        a, b = Dim.of(a), Dim.of(b)
        if a.is_const and b.is_const:
            return Dim.const(max(a.value, b.value))
        if a == b:
            return a
        return Dim(op="max", args=(a, b))

    def __str__(self) -> str:
        return self.text({})

    def text(self, names: Mapping[int, str]) -> str:
        """``4*S0 + 2``-style text (symbols named by ``names``, default ``s<id>``)."""
        if self.op is not None:
            a = [x.text(names) for x in self.args]
            sym = {"add": "+", "mul": "*", "div": "/", "mod": "%"}.get(self.op)
            return f"({a[0]} {sym} {a[1]})" if sym else f"{self.op}({a[0]}, {a[1]})"
        if not self.terms:
            return "0"
        parts = []
        for m, c in sorted(self.terms, key=lambda t: (t[0] == (), t[0])):
            syms = [names.get(s, f"s{s}") for s in m]
            if not syms:
                parts.append(str(c))
            elif c == 1:
                parts.append("*".join(syms))
            else:
                parts.append("*".join([str(c)] + syms))
        return " + ".join(parts).replace("+ -", "- ")


def product(dims: Iterable[Any]) -> Dim:
    out = Dim.const(1)
    for d in dims:
        out = out * Dim.of(d)
    return out


class SymbolTable:
    """Symbols of one group: a union-find with definitions (``s := Dim``)."""

    def __init__(self) -> None:
        self.parent: list[int] = []
        self.defn: dict[int, Dim] = {}  # root -> its value (a constant or an expression of other symbols)
        self.origin: list[Any] = []  # per symbol: where it was created (e.g. (input index, axis))

    def new(self, origin: Any = None) -> Dim:
        s = len(self.parent)
        self.parent.append(s)
        self.origin.append(origin)
        return Dim.sym(s)

    def find(self, s: int) -> int:
        p = self.parent
        r = s
        while p[r] != r:
            r = p[r]
        while p[s] != r:
            p[s], s = r, p[s]
        return r

    # -- canonical forms -----------------------------------------------------------------
    def canon(self, d: Dim, _depth: int = 0) -> Dim:
        """``d`` with every symbol replaced by its representative or its definition."""
        if _depth > 64:
            return d
        if d.op is not None:
            args = tuple(self.canon(a, _depth + 1) for a in d.args)
            if d.op == "add":
                return args[0] + args[1]
            if d.op == "mul":
                return args[0] * args[1]
            if d.op == "div":
                return args[0].floordiv(args[1])
            if d.op == "min":
                return Dim.min(*args)
            if d.op == "max":
                return Dim.max(*args)
            return Dim(op=d.op, args=args)
        out = Dim.const(0)
        changed = False
        for m, c in d.terms:
            t = Dim.const(c)
            for s in m:
                r = self.find(s)
                v = self.defn.get(r)
                if v is not None:
                    t = t * self.canon(v, _depth + 1)
                    changed = True
                else:
                    if r != s:
                        changed = True
                    t = t * Dim.sym(r)
            out = out + t
        return out if changed else d

    def equal(self, a: Any, b: Any) -> bool:
        return self.canon(Dim.of(a)) == self.canon(Dim.of(b))

    def is_one(self, d: Any) -> bool:
        return self.canon(Dim.of(d)).value == 1

    # -- unification ---------------------------------------------------------------------
    def unify(self, a: Any, b: Any) -> bool:
        """Record ``a == b`` when one side is a bare symbol (merged or defined); returns
        whether the two are now known equal."""
        a, b = self.canon(Dim.of(a)), self.canon(Dim.of(b))
        if a == b:
            return True
        sa, sb = a.single_symbol, b.single_symbol
        if sa is not None and sb is not None:
            ra, rb = self.find(sa), self.find(sb)
            if ra != rb:
                lo, hi = min(ra, rb), max(ra, rb)  # the older symbol stays the representative
                self.parent[hi] = lo
            return True
        if sa is not None and sa not in b.symbols():
            self.defn[self.find(sa)] = b
            return True
        if sb is not None and sb not in a.symbols():
            self.defn[self.find(sb)] = a
            return True
        return False

    # -- AST -----------------------------------------------------------------------------
    def free_symbols(self, dims: Iterable[Dim]) -> list[int]:
        out: dict[int, None] = {}
        for d in dims:
            for s in sorted(self.canon(d).symbols()):
                out.setdefault(s, None)
        return list(out)

    def to_expr(self, d: Any, vars: Mapping[int, Var], dtype: DType) -> Expr:
        """The AST expression of ``d`` (symbols -> ``vars``, integers of ``dtype``)."""
        d = self.canon(Dim.of(d))
        return dim_expr(d, vars, dtype)


def eval_dim(table: SymbolTable, d: Dim, values: Mapping[int, int]) -> int:
    """The integer value of ``d`` given values of its (canonical) symbols."""
    d = table.canon(Dim.of(d))
    if d.op is not None:
        a = [eval_dim(table, x, values) for x in d.args]
        ops = {"add": lambda x, y: x + y, "mul": lambda x, y: x * y, "div": lambda x, y: x // y,
               "mod": lambda x, y: x % y, "min": min, "max": max}
        return int(ops[d.op](a[0], a[1]))
    total = 0
    for m, c in d.terms:
        t = c
        for s in m:
            t *= values[s]
        total += t
    return total


def dim_expr(d: Dim, vars: Mapping[int, Var], dtype: DType) -> Expr:
    """AST expression of an already canonical Dim: sums of ``coef * S0 * S1`` terms,
    ``cinn_min`` / ``cinn_max``, integer ``/``."""
    if d.op is not None:
        a = [dim_expr(x, vars, dtype) for x in d.args]
        if d.op == "min":
            return Min(a[0], a[1])
        if d.op == "max":
            return Max(a[0], a[1])
        if d.op == "div":
            return a[0] / a[1]
        if d.op == "mod":
            return a[0] % a[1]
        if d.op == "add":
            return a[0] + a[1]
        if d.op == "mul":
            return a[0] * a[1]
        raise ValueError(f"unknown dim op {d.op}")
    if not d.terms:
        return IntImm(0, dtype)
    out: Expr | None = None
    # constant term last: S0*4 + 2 reads like CINN's printed shapes
    for m, c in sorted(d.terms, key=lambda t: (t[0] == (), t[0])):
        if not m:
            term: Expr = IntImm(abs(c), dtype)
        else:
            term = vars[m[0]]
            for s in m[1:]:
                term = term * vars[s]
            if abs(c) != 1:
                term = IntImm(abs(c), dtype) * term
        if out is None:
            out = term if c > 0 else (IntImm(0, dtype) - term if m else IntImm(c, dtype))
        else:
            out = out + term if c > 0 else out - term
    assert out is not None
    return out


def dims_text(dims: Sequence[Dim], table: SymbolTable, names: Mapping[int, str]) -> list[str]:
    return [table.canon(d).text(names) for d in dims]


__all__ = ["Dim", "SymbolTable", "dim_expr", "dims_text", "eval_dim", "product"]
