"""Expression nodes: ``Expr`` with its Python operators, immediates, variables, arithmetic, logic, casts, select."""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pirc.cinn.ast.dtypes import DType, to_dtype
from pirc.cinn.ast.fields import attr, child, derived, ignored_attr
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes.base import NO_SPAN, Node, _dtype, _node, _set, _short, ast_error
from pirc.diagnostics import Location


def _is_scalar(v: Any) -> bool:
    return isinstance(v, (bool, int, float)) or type(v).__module__ == "numpy"


def to_expr(value: Any, dtype: DType | str | None = None, span: Location = NO_SPAN, what: str = "operand") -> Expr:
    """An expression for ``value``: Expr unchanged; a Python (or numpy) scalar
    becomes an immediate of ``dtype`` (int32 / float32 / bool when ``None``)."""
    if isinstance(value, Expr):
        return value
    dt = None if dtype is None else _dtype(dtype, span)
    if isinstance(value, bool) or (type(value).__module__ == "numpy" and type(value).__name__.startswith("bool")):
        if dt is None or dt.is_bool:
            return IntImm(int(bool(value)), DType.BOOL, span=span)
        if dt.is_numeric:
            return IntImm(int(bool(value)), dt, span=span) if dt.is_int else FloatImm(float(value), dt, span=span)
        raise ast_error(f"cannot use the bool {value} as a {dt} {what}", span)
    if isinstance(value, int) or (type(value).__module__ == "numpy" and "int" in type(value).__name__):
        v = int(value)
        if dt is None:
            return IntImm(v, DType.INT32, span=span)
        if dt.is_int or dt.is_bool:
            return IntImm(v, dt, span=span)
        if dt.is_float:
            return FloatImm(float(v), dt, span=span)
        raise ast_error(f"cannot use the integer {v} as a {dt} {what}", span)
    if isinstance(value, float) or (type(value).__module__ == "numpy" and "float" in type(value).__name__):
        v = float(value)
        if dt is None:
            return FloatImm(v, DType.FLOAT32, span=span)
        if dt.is_float:
            return FloatImm(v, dt, span=span)
        raise ast_error(f"cannot use the float {v!r} as a {dt} {what}", span)
    if isinstance(value, str):
        return StringImm(value, span=span)
    raise ast_error(f"expected an expression for the {what}, got {type(value).__name__}", span)


def _coerce_pair(a: Any, b: Any, span: Location, what: str) -> tuple[Expr, Expr]:
    if isinstance(a, Expr):
        return a, to_expr(b, a.dtype, span, what)
    if isinstance(b, Expr):
        return to_expr(a, b.dtype, span, what), b
    a = to_expr(a, None, span, what)
    return a, to_expr(b, a.dtype, span, what)


def _index_dtype(items: Sequence[Any]) -> DType:
    """int64 when any given expression is int64, else int32 (for Python ints in shapes and indices)."""
    for x in items:
        if isinstance(x, Expr) and x.dtype is DType.INT64:
            return DType.INT64
    return DType.INT32


def _int_exprs(items: Any, span: Location, what: str) -> tuple[Expr, ...]:
    if isinstance(items, (Expr, int)):
        items = (items,)
    try:
        seq = tuple(items)
    except TypeError:
        raise ast_error(f"{what} must be a sequence of integer expressions", span) from None
    dt = _index_dtype(seq)
    out = tuple(to_expr(x, dt, span, what) for x in seq)
    for e in out:
        if not e.dtype.is_int:
            raise ast_error(f"{what} must be integer expressions, got {e.dtype} {_short(e)}", span)
    return out


# ---------------------------------------------------------------------------------------
# expressions
# ---------------------------------------------------------------------------------------


@_node(None)
class Expr(Node):
    """A value-producing node.  Concrete classes define ``dtype``.

    Python operators build nodes: ``x + 1``, ``a * b``, ``-x``, ``x < n`` (``==``
    stays reference equality: use ``x.eq(y)``), ``c & d``, ``~c``, ``x.astype("float32")``.
    """

    # every concrete expression class declares ``dtype: DType`` (an attribute or derived);
    # declared here for the type checker only (a field here would be a dataclass field)
    if TYPE_CHECKING:
        dtype: DType

    # arithmetic
    def __add__(self, o: Any) -> Expr:
        return Add(self, o)

    def __radd__(self, o: Any) -> Expr:
        return Add(o, self)

    def __sub__(self, o: Any) -> Expr:
        return Sub(self, o)

    def __rsub__(self, o: Any) -> Expr:
        return Sub(o, self)

    def __mul__(self, o: Any) -> Expr:
        return Mul(self, o)

    def __rmul__(self, o: Any) -> Expr:
        return Mul(o, self)

    def __truediv__(self, o: Any) -> Expr:
        return Div(self, o)

    def __rtruediv__(self, o: Any) -> Expr:
        return Div(o, self)

    def __floordiv__(self, o: Any) -> Expr:
        if not self.dtype.is_int:
            raise ast_error(f"'//' needs integer operands, got {self.dtype} (use '/')")
        return Div(self, o)

    def __rfloordiv__(self, o: Any) -> Expr:
        if not self.dtype.is_int:
            raise ast_error(f"'//' needs integer operands, got {self.dtype} (use '/')")
        return Div(o, self)

    def __mod__(self, o: Any) -> Expr:
        return Mod(self, o)

    def __rmod__(self, o: Any) -> Expr:
        return Mod(o, self)

    def __neg__(self) -> Expr:
        return Minus(self)

    # comparisons (== / != stay identity)
    def __lt__(self, o: Any) -> Expr:
        return LT(self, o)

    def __le__(self, o: Any) -> Expr:
        return LE(self, o)

    def __gt__(self, o: Any) -> Expr:
        return GT(self, o)

    def __ge__(self, o: Any) -> Expr:
        return GE(self, o)

    def eq(self, o: Any) -> Expr:
        return EQ(self, o)

    def ne(self, o: Any) -> Expr:
        return NE(self, o)

    # logic
    def __and__(self, o: Any) -> Expr:
        return And(self, o)

    def __rand__(self, o: Any) -> Expr:
        return And(o, self)

    def __or__(self, o: Any) -> Expr:
        return Or(self, o)

    def __ror__(self, o: Any) -> Expr:
        return Or(o, self)

    def __invert__(self) -> Expr:
        return Not(self)

    def astype(self, dtype: DType | str) -> Expr:
        return Cast(to_dtype(dtype), self)

    def __bool__(self) -> bool:
        raise TypeError(
            "an AST expression has no truth value (use structural_equal() to compare trees, "
            "'is' for identity, or `is not None`)"
        )


@_node(Kind.INT_IMM)
class IntImm(Expr):
    """An integer or bool immediate (CINN's IntImm / UIntImm)."""

    value: int = attr()
    dtype: DType = attr(DType.INT32)

    def __post_init__(self) -> None:
        dt = _dtype(self.dtype, self.span)
        _set(self, "dtype", dt)
        v = self.value
        if isinstance(v, bool):
            v = int(v)
            _set(self, "value", v)
        if not isinstance(v, int):
            try:
                iv = int(v)
            except (TypeError, ValueError):
                raise ast_error(f"IntImm value must be an integer, got {v!r}", self.span) from None
            if iv != v:
                raise ast_error(f"IntImm value must be an integer, got {v!r}", self.span)
            v = iv
            _set(self, "value", v)
        if dt.is_bool:
            if v not in (0, 1):
                raise ast_error(f"bool immediate must be 0 or 1, got {v}", self.span)
        elif dt.is_signed_int:
            lo, hi = -(1 << (dt.bits - 1)), (1 << (dt.bits - 1)) - 1
            if not lo <= v <= hi:
                raise ast_error(f"integer {v} does not fit in {dt}", self.span)
        elif dt.is_uint:
            if not 0 <= v < (1 << dt.bits):
                raise ast_error(f"integer {v} does not fit in {dt}", self.span)
        else:
            raise ast_error(f"IntImm needs an integer or bool type, got {dt}", self.span)


def round_float(value: float, dtype: DType) -> float:
    """``value`` rounded to the precision of ``dtype`` (what storing it would keep)."""
    if not math.isfinite(value) or dtype is DType.FLOAT64:
        return value
    if dtype is DType.FLOAT32:
        return struct.unpack("<f", struct.pack("<f", value))[0]
    if dtype is DType.FLOAT16:
        return struct.unpack("<e", struct.pack("<e", value))[0]
    # bfloat16: round-to-nearest-even on the top 16 bits of the float32
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    bits = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


@_node(Kind.FLOAT_IMM)
class FloatImm(Expr):
    """A floating-point immediate; the value is rounded to ``dtype`` on construction."""

    value: float = attr()
    dtype: DType = attr(DType.FLOAT32)

    def __post_init__(self) -> None:
        dt = _dtype(self.dtype, self.span)
        _set(self, "dtype", dt)
        if not dt.is_float:
            raise ast_error(f"FloatImm needs a floating-point type, got {dt}", self.span)
        try:
            v = float(self.value)
        except (TypeError, ValueError):
            raise ast_error(f"FloatImm value must be a number, got {self.value!r}", self.span) from None
        try:
            v = round_float(v, dt)
        except OverflowError:
            raise ast_error(f"float {v!r} is out of range for {dt}", self.span) from None
        _set(self, "value", v)


@_node(Kind.STRING_IMM)
class StringImm(Expr):
    value: str = attr()
    dtype: DType = derived()

    def __post_init__(self) -> None:
        if not isinstance(self.value, str):
            raise ast_error(f"StringImm value must be a str, got {self.value!r}", self.span)
        _set(self, "dtype", DType.STRING)


@_node(Kind.VAR)
class Var(Expr):
    """A scalar variable: loop variables, iter vars, Let symbols, symbolic dims.

    Identity is the object; ``name`` is only a hint (alpha-equivalent trees with
    different names are structurally equal).
    """

    name: str = ignored_attr()
    dtype: DType = attr(DType.INT32)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ast_error(f"a Var needs a non-empty name, got {self.name!r}", self.span)
        dt = _dtype(self.dtype, self.span)
        if dt in (DType.VOID, DType.STRING):
            raise ast_error(f"a Var cannot have type {dt}", self.span)
        _set(self, "dtype", dt)


#: The CUDA builtin index variables.  Kernels that no longer have thread-bound
#: loops refer to these singletons; the parser maps the names back to them.
GPU_VARS: dict[str, Var] = {
    n: Var(n, DType.INT32) for n in ("blockIdx.x", "blockIdx.y", "blockIdx.z", "threadIdx.x", "threadIdx.y", "threadIdx.z")
}


def gpu_var(name: str) -> Var:
    """``blockIdx.x`` ... ``threadIdx.z`` as the shared builtin Var."""
    try:
        return GPU_VARS[name]
    except KeyError:
        raise ValueError(f"unknown GPU index variable '{name}'") from None


# -- binary ------------------------------------------------------------------------------


@_node(None)
class BinaryOp(Expr):
    a: Expr = child()
    b: Expr = child()
    dtype: DType = derived()

    SYMBOL = "?"
    WORD = "?"

    def __post_init__(self) -> None:
        a, b = _coerce_pair(self.a, self.b, self.span, f"operand of '{self.SYMBOL}'")
        _set(self, "a", a)
        _set(self, "b", b)
        if a.dtype is not b.dtype:
            raise ast_error(
                f"cannot {self.WORD} {a.dtype} and {b.dtype}: the operands of '{self.SYMBOL}' must have the same "
                f"type ({_short(a)} is {a.dtype}, {_short(b)} is {b.dtype}); insert a cast",
                self.span,
            )
        _set(self, "dtype", self._result(a.dtype))

    def _result(self, dt: DType) -> DType:
        if not dt.is_numeric:
            raise ast_error(f"'{self.SYMBOL}' needs numeric operands, got {dt}", self.span)
        return dt


@_node(Kind.ADD)
class Add(BinaryOp):
    SYMBOL, WORD = "+", "add"


@_node(Kind.SUB)
class Sub(BinaryOp):
    SYMBOL, WORD = "-", "subtract"


@_node(Kind.MUL)
class Mul(BinaryOp):
    SYMBOL, WORD = "*", "multiply"


@_node(Kind.DIV)
class Div(BinaryOp):
    """Division: truncating for integers (C semantics)."""

    SYMBOL, WORD = "/", "divide"


@_node(Kind.MOD)
class Mod(BinaryOp):
    """Remainder with the sign of the dividend (C ``%`` / ``fmod``)."""

    SYMBOL, WORD = "%", "take the remainder of"


@_node(Kind.MIN)
class Min(BinaryOp):
    SYMBOL, WORD = "cinn_min", "take the min of"


@_node(Kind.MAX)
class Max(BinaryOp):
    SYMBOL, WORD = "cinn_max", "take the max of"


@_node(None)
class CmpOp(BinaryOp):
    def _result(self, dt: DType) -> DType:
        if not (dt.is_numeric or dt.is_bool):
            raise ast_error(f"'{self.SYMBOL}' needs numeric or bool operands, got {dt}", self.span)
        return DType.BOOL


@_node(Kind.EQ)
class EQ(CmpOp):
    SYMBOL, WORD = "==", "compare"


@_node(Kind.NE)
class NE(CmpOp):
    SYMBOL, WORD = "!=", "compare"


@_node(Kind.LT)
class LT(CmpOp):
    SYMBOL, WORD = "<", "compare"


@_node(Kind.LE)
class LE(CmpOp):
    SYMBOL, WORD = "<=", "compare"


@_node(Kind.GT)
class GT(CmpOp):
    SYMBOL, WORD = ">", "compare"


@_node(Kind.GE)
class GE(CmpOp):
    SYMBOL, WORD = ">=", "compare"


@_node(None)
class LogicalOp(BinaryOp):
    def _result(self, dt: DType) -> DType:
        if not dt.is_bool:
            raise ast_error(f"'{self.SYMBOL}' needs bool operands, got {dt}", self.span)
        return DType.BOOL


@_node(Kind.AND)
class And(LogicalOp):
    SYMBOL, WORD = "and", "combine"


@_node(Kind.OR)
class Or(LogicalOp):
    SYMBOL, WORD = "or", "combine"


# -- unary -------------------------------------------------------------------------------


@_node(Kind.NOT)
class Not(Expr):
    a: Expr = child()
    dtype: DType = derived()

    def __post_init__(self) -> None:
        a = to_expr(self.a, DType.BOOL, self.span, "operand of '!'")
        _set(self, "a", a)
        if not a.dtype.is_bool:
            raise ast_error(f"'!' needs a bool operand, got {a.dtype} {_short(a)}", self.span)
        _set(self, "dtype", DType.BOOL)


@_node(Kind.MINUS)
class Minus(Expr):
    """Negation ``-(a)``."""

    a: Expr = child()
    dtype: DType = derived()

    def __post_init__(self) -> None:
        a = to_expr(self.a, None, self.span, "operand of '-'")
        _set(self, "a", a)
        if not a.dtype.is_numeric:
            raise ast_error(f"'-' needs a numeric operand, got {a.dtype}", self.span)
        _set(self, "dtype", a.dtype)


@_node(Kind.CAST)
class Cast(Expr):
    """``dtype(value)``: numeric / bool conversion (C semantics: floats truncate toward zero)."""

    dtype: DType = attr()
    value: Expr = child()

    def __post_init__(self) -> None:
        dt = _dtype(self.dtype, self.span)
        _set(self, "dtype", dt)
        v = to_expr(self.value, None, self.span, "cast operand")
        _set(self, "value", v)
        if not (dt.is_numeric or dt.is_bool):
            raise ast_error(f"cannot cast to {dt}", self.span)
        if not (v.dtype.is_numeric or v.dtype.is_bool):
            raise ast_error(f"cannot cast a {v.dtype} value to {dt}", self.span)


@_node(Kind.SELECT)
class Select(Expr):
    """``select(condition, true_value, false_value)``."""

    condition: Expr = child()
    true_value: Expr = child()
    false_value: Expr = child()
    dtype: DType = derived()

    def __post_init__(self) -> None:
        c = to_expr(self.condition, DType.BOOL, self.span, "select condition")
        if not c.dtype.is_bool:
            raise ast_error(f"the condition of select must be bool, got {c.dtype} {_short(c)}", self.span)
        t, f = _coerce_pair(self.true_value, self.false_value, self.span, "select value")
        if t.dtype is not f.dtype:
            raise ast_error(f"the values of select have different types: {t.dtype} and {f.dtype}", self.span)
        _set(self, "condition", c)
        _set(self, "true_value", t)
        _set(self, "false_value", f)
        _set(self, "dtype", t.dtype)
