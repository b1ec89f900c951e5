"""The loop-level AST IR that CINN lowering produces (seed 004, Stage 2).

Design (seed 001, PyPTO's tree IR):

* Every node is an immutable slotted dataclass.  Nodes are freely shared, so a
  program is a DAG; ``==`` and ``hash`` are *reference* equality.  Structural
  comparison lives in :mod:`pirc.cinn.ast.equality`.
* Every node has a ``span`` (a :class:`pirc.diagnostics.Location`), ignored by
  structural equality.  Nodes parsed from ``.ast`` text carry their position.
* Field descriptors (:mod:`pirc.cinn.ast.fields`) tell generic code which
  fields are children, which bind variables and which are plain attributes.
* ``node.KIND`` and :func:`~pirc.cinn.ast.kinds.is_a` give O(1) type tests.
* Constructors check types: mixing ``float32`` and ``int32`` in an ``Add``,
  storing a float into an int tensor, a non-bool condition... raise a
  :class:`~pirc.diagnostics.PircError` located at the node's span (or, for
  nodes built in Python without a span, at the Python line that built it).
  Python scalars are accepted where an expression is expected and become
  immediates of the type the context asks for.

Expressions (``Expr``) have a ``dtype``.  Statements (``Stmt``) don't.
``Tensor``, ``Buffer``, ``Argument``, ``Range``, ``TensorRegion`` and
``ScheduleBlock`` are neither; ``LoweredFunc`` and ``Module`` are containers.
"""

from __future__ import annotations

import dataclasses
import linecache
import math
import os
import re
import struct
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Union

from pirc.cinn.ast.dtypes import DType, to_dtype
from pirc.cinn.ast.fields import (
    FieldInfo,
    Role,
    Shape,
    attr,
    child,
    children,
    def_child,
    def_children,
    derived,
    ignored_attr,
    opt_child,
)
from pirc.cinn.ast.kinds import Kind, kind_mask
from pirc.diagnostics import UNKNOWN, Diagnostic, Location, PircError, SourceFile

Span = Location
NO_SPAN = UNKNOWN

_set = object.__setattr__

# ---------------------------------------------------------------------------------------
# names
# ---------------------------------------------------------------------------------------

#: Words of the ``.ast`` grammar that could be mistaken for a name where a name may
#: appear (statement starts, expressions, schedule-block headers).  Tensor, buffer,
#: function and call names may not be one of them; a variable with such a name is
#: renamed by the printer.  The declaration words (``in``, ``out``, ``tensor``,
#: ``var``, ``temp``...) are keywords only in declaration lines: CINN's own tensor
#: names such as ``var`` stay usable.
RESERVED_WORDS = frozenset(
    """function Module for if else attrs true false and or ScheduleBlock read_buffers write_buffers
    reduce_axes Tensor serial parallel unroll default vectorize thread_bind select cinn_min cinn_max""".split()
) | frozenset(d.value for d in DType)

IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

#: Calls that the printer spells like calls but that are their own nodes.
_NODE_CALL_NAMES = frozenset({"select", "cinn_min", "cinn_max"})


def is_plain_name(name: str) -> bool:
    """A C identifier that is not an ``.ast`` keyword."""
    return bool(IDENT_RE.match(name)) and name not in RESERVED_WORDS


# ---------------------------------------------------------------------------------------
# errors
# ---------------------------------------------------------------------------------------

_AST_DIR = os.path.dirname(os.path.abspath(__file__))
_DATACLASSES_FILE = os.path.abspath(dataclasses.__file__)


def _python_location() -> Location:
    """The first Python frame outside this package: where user code built a node."""
    f = sys._getframe(1)
    while f is not None:
        fn = f.f_code.co_filename
        if not fn.startswith("<"):
            afn = os.path.abspath(fn)
            if not afn.startswith(_AST_DIR) and afn != _DATACLASSES_FILE:
                lines = linecache.getlines(fn)
                line = f.f_lineno or 0
                if lines and 0 < line <= len(lines):
                    text = lines[line - 1]
                    col = len(text) - len(text.lstrip()) + 1
                    return Location(SourceFile(fn, "".join(lines)), line, col)
                return Location(SourceFile(fn, ""), line, 1)
        f = f.f_back
    return UNKNOWN


def ast_error(message: str, span: Location | None = None) -> PircError:
    """A located error.  Without a known span, the Python line that built the node."""
    loc = span if span is not None and span.source is not None else _python_location()
    if loc is UNKNOWN:
        loc = None
    return PircError(Diagnostic("error", message, loc))


def _dtype(x: Any, span: Location, what: str = "type") -> DType:
    try:
        return to_dtype(x)
    except (ValueError, TypeError) as e:
        raise ast_error(f"{what}: {e}", span) from None


class MemoryScope(str, Enum):
    """Where a buffer lives: device global memory, CUDA shared memory, registers."""

    GLOBAL = "global"
    SHARED = "shared"
    LOCAL = "local"

    def __str__(self) -> str:
        return self.value


class ArgIO(str, Enum):
    """Direction of a LoweredFunc argument (CINN's ``Argument::IO``)."""

    IN = "in"
    OUT = "out"
    INOUT = "inout"

    def __str__(self) -> str:
        return self.value


class ForKind(str, Enum):
    """CINN's ``ForType`` with the GPU bind folded in (``GPU_BLOCK`` = blockIdx, ``GPU_THREAD`` = threadIdx)."""

    SERIAL = "serial"
    PARALLEL = "parallel"
    VECTORIZED = "vectorize"
    UNROLLED = "unroll"
    GPU_BLOCK = "gpu_block"
    GPU_THREAD = "gpu_thread"
    DEFAULT = "default"

    def __str__(self) -> str:
        return self.value

    @property
    def is_gpu(self) -> bool:
        return self is ForKind.GPU_BLOCK or self is ForKind.GPU_THREAD


class IterType(str, Enum):
    """Kind of a ScheduleBlock iter var (CINN's ``Var::is_reduce_axis``)."""

    SPATIAL = "spatial"
    REDUCE = "reduce"

    def __str__(self) -> str:
        return self.value


def _enum(cls: type[Enum], value: Any, span: Location, what: str) -> Any:
    if isinstance(value, cls):
        return value
    try:
        return cls(value)
    except ValueError:
        choices = ", ".join(m.value for m in cls)  # type: ignore[attr-defined]
        raise ast_error(f"invalid {what} '{value}' (expected one of: {choices})", span) from None


AttrValue = Union[int, float, str, bool, tuple]


def _freeze_attr_value(v: Any, span: Location, key: str) -> AttrValue:
    if isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ast_error(f"attribute '{key}': non-finite float {v}", span)
        return v
    if isinstance(v, (list, tuple)):
        return tuple(_freeze_attr_value(x, span, key) for x in v)
    if isinstance(v, Enum):
        return _freeze_attr_value(v.value, span, key)
    raise ast_error(f"attribute '{key}': unsupported value {v!r} (int, float, str, bool or a list of them)", span)


def freeze_attrs(attrs: Mapping[str, Any] | Iterable[tuple[str, Any]] | None, span: Location) -> tuple:
    """Dict or pairs -> a sorted tuple of ``(key, value)`` with hashable values."""
    if not attrs:
        return ()
    items = attrs.items() if isinstance(attrs, Mapping) else attrs
    out: dict[str, AttrValue] = {}
    for k, v in items:
        if not isinstance(k, str) or not IDENT_RE.match(k):
            raise ast_error(f"invalid attribute name {k!r}", span)
        out[k] = _freeze_attr_value(v, span, k)
    return tuple(sorted(out.items()))


# ---------------------------------------------------------------------------------------
# node machinery
# ---------------------------------------------------------------------------------------

NODE_CLASSES: dict[Kind, type] = {}


def _node(kind: Kind | None, *, scope: bool = False) -> Any:
    """Make ``cls`` a frozen slotted dataclass and fill in its field tables.

    ``scope=True`` marks nodes whose variable bindings end with the node
    (For, ScheduleBlock, Block, LoweredFunc); a Let binds until the end of the
    enclosing Block.
    """

    def wrap(cls: type) -> type:
        cls = dataclass(frozen=True, slots=True, eq=False, repr=False)(cls)
        infos = []
        for f in dataclasses.fields(cls):
            md = f.metadata
            role = md.get("role", Role.IGNORE if f.name == "span" else Role.USUAL)
            infos.append(FieldInfo(f.name, role, md.get("shape", Shape.ATTR)))
        cls.FIELDS = tuple(infos)  # type: ignore[attr-defined]
        cls._CMP_FIELDS = tuple(i for i in infos if i.role in (Role.USUAL, Role.DEF))  # type: ignore[attr-defined]
        cls._CHILD_FIELDS = tuple(  # type: ignore[attr-defined]
            i for i in infos if i.shape is not Shape.ATTR and i.role in (Role.USUAL, Role.DEF)
        )
        cls._SCOPE = scope  # type: ignore[attr-defined]
        if kind is not None:
            cls.KIND = kind  # type: ignore[attr-defined]
            cls._MASK = kind_mask(kind)  # type: ignore[attr-defined]
            NODE_CLASSES[kind] = cls
        return cls

    return wrap


@_node(None)
class Node:
    """Base of every AST node."""

    span: Location = dataclasses.field(default=NO_SPAN, kw_only=True, metadata={"role": Role.IGNORE})

    # filled in by _node(): the kind, its category mask and the field tables
    KIND = Kind.NODE
    _MASK = kind_mask(Kind.NODE)
    FIELDS = ()  # every FieldInfo, in declaration order
    _CMP_FIELDS = ()  # USUAL and DEF fields (what equality and hashing look at)
    _CHILD_FIELDS = ()  # USUAL and DEF fields that hold nodes (what visitors walk)
    _SCOPE = False

    def prebound_vars(self) -> tuple:
        """Variables this node binds before any of its fields is looked at (the
        scalar arguments of a LoweredFunc, which buffer shapes of earlier
        arguments may use).  Generic traversals bind these first."""
        return ()

    def replace(self, **changes: Any) -> Any:
        """A copy with some fields changed (re-checked by the constructor)."""
        return dataclasses.replace(self, **changes)

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: Any) -> Any:
        return self

    def __str__(self) -> str:
        from pirc.cinn.ast.printer import print_ast

        return print_ast(self)

    def __repr__(self) -> str:
        try:
            text = str(self)
        except Exception:  # noqa: BLE001 - repr must not fail
            text = "..."
        if "\n" in text:
            return f"<{type(self).__name__}\n{text}\n>"
        return f"<{type(self).__name__} {text}>"


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


def _short(node: Any) -> str:
    try:
        text = str(node)
    except Exception:  # noqa: BLE001
        return type(node).__name__
    text = " ".join(text.split())
    return f"'{text}'" if len(text) <= 60 else f"'{text[:57]}...'"


def _tuple_of(items: Any, cls: type | tuple[type, ...], span: Location, what: str) -> tuple:
    if isinstance(items, Node):
        items = (items,)
    try:
        seq = tuple(items)
    except TypeError:
        raise ast_error(f"{what} must be a sequence", span) from None
    for x in seq:
        if not isinstance(x, cls):
            raise ast_error(f"{what}: expected {_cls_names(cls)}, got {type(x).__name__}", span)
    return seq


def _cls_names(cls: type | tuple[type, ...]) -> str:
    if isinstance(cls, tuple):
        return " or ".join(c.__name__ for c in cls)
    return cls.__name__


# ---------------------------------------------------------------------------------------
# expressions
# ---------------------------------------------------------------------------------------


@_node(None)
class Expr(Node):
    """A value-producing node.  Concrete classes define ``dtype``.

    Python operators build nodes: ``x + 1``, ``a * b``, ``-x``, ``x < n`` (``==``
    stays reference equality: use ``x.eq(y)``), ``c & d``, ``~c``, ``x.astype("float32")``.
    """

    # every concrete expression class declares ``dtype: DType`` (an attribute or derived)

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


# -- calls -------------------------------------------------------------------------------

#: Calls whose result type is the type of their first argument.
MATH_INTRINSICS = frozenset(
    """exp exp2 expm1 log log2 log10 log1p sqrt rsqrt cbrt tanh tan sin cos asin acos atan sinh cosh asinh
    acosh atanh erf erfinv abs fabs floor ceil round trunc sigmoid pow fmod atan2 remainder fma sign
    reciprocal relu max min""".split()
)
BOOL_INTRINSICS = frozenset({"isnan", "isinf", "isfinite"})
VOID_INTRINSICS = frozenset({"__syncthreads", "__syncwarp", "__threadfence"})

_SUFFIX_DTYPES = (
    ("_fp16", DType.FLOAT16), ("_bf16", DType.BFLOAT16), ("_fp32", DType.FLOAT32), ("_fp64", DType.FLOAT64),
    ("_int8", DType.INT8), ("_int16", DType.INT16), ("_int32", DType.INT32), ("_int64", DType.INT64),
    ("_uint8", DType.UINT8), ("_bool", DType.BOOL),
)
_CALL_PREFIXES = ("cinn_nvgpu_", "cinn_host_", "cinn_cpu_", "cinn_cuda_", "cinn_")


def intrinsic_base(name: str) -> str:
    """``cinn_nvgpu_exp_fp32`` -> ``exp``: the math function a (mapped) extern call stands for."""
    base = name
    for p in _CALL_PREFIXES:
        if base.startswith(p):
            base = base[len(p):]
            break
    for s, _ in _SUFFIX_DTYPES:
        if base.endswith(s):
            base = base[: -len(s)]
            break
    return base


def infer_call_dtype(name: str, args: Sequence[Any]) -> DType:
    """The result type the printer leaves implicit and the parser assumes for ``name(args)``.

    ``isnan``-like -> bool; math intrinsics (``exp``, ``cinn_nvgpu_exp_fp32``...) -> the
    type of their first argument; otherwise a ``_fp32`` / ``_int64``... suffix gives
    the type; any other call is ``void`` (an extern whose value is used must be typed:
    ``name<int64>(...)`` in text, ``dtype=`` in Python).  A call that is directly the
    value of a Store or a Let is printed without a type and takes the type of the
    tensor / variable.
    """
    base = intrinsic_base(name)
    if base in BOOL_INTRINSICS:
        return DType.BOOL
    if name in VOID_INTRINSICS:
        return DType.VOID
    if base in MATH_INTRINSICS:
        for a in args:
            if isinstance(a, Expr) and a.dtype is not DType.STRING:
                return a.dtype
        return DType.VOID
    for s, dt in _SUFFIX_DTYPES:
        if name.endswith(s):
            return dt
    return DType.VOID


@_node(Kind.CALL)
class Call(Expr):
    """``name(args)``: math intrinsics (exp, tanh, erf...), extern and runtime calls.

    Arguments are expressions, or a Tensor / Buffer (CINN passes buffers to
    ``cinn_block_reduce_*`` helpers).  ``dtype`` defaults to :func:`infer_call_dtype`.
    Min / max / select have their own nodes.
    """

    name: str = attr()
    args: tuple = children(())
    dtype: DType | None = attr(None)

    def __post_init__(self) -> None:
        if self.name in _NODE_CALL_NAMES:
            raise ast_error(f"'{self.name}' is a node of its own (use Select / Min / Max), not a Call", self.span)
        if not isinstance(self.name, str) or not IDENT_RE.match(self.name) or self.name in RESERVED_WORDS:
            raise ast_error(f"invalid call name {self.name!r}", self.span)
        args = self.args if isinstance(self.args, (tuple, list)) else (self.args,)
        out = []
        for a in args:
            if isinstance(a, (Expr, Tensor, Buffer)):
                out.append(a)
            else:
                out.append(to_expr(a, None, self.span, f"argument of {self.name}"))
        _set(self, "args", tuple(out))
        dt = infer_call_dtype(self.name, out) if self.dtype is None else _dtype(self.dtype, self.span)
        _set(self, "dtype", dt)


# -- storage -----------------------------------------------------------------------------


def _check_storage_name(name: Any, span: Location, what: str) -> None:
    if not isinstance(name, str) or not IDENT_RE.match(name):
        raise ast_error(f"invalid {what} name {name!r}: expected an identifier", span)
    if name in RESERVED_WORDS:
        raise ast_error(f"invalid {what} name '{name}': it is a keyword of the .ast format", span)


@_node(Kind.BUFFER)
class Buffer(Node):
    """Storage (CINN's ``_Buffer_``): name, shape (expressions, may be symbolic), dtype, scope.

    Buffers are compared by value, name included: the name is the interface a
    kernel argument is bound by.
    """

    name: str = attr()
    shape: tuple = children()
    dtype: DType = attr(DType.FLOAT32)
    scope: MemoryScope = attr(MemoryScope.GLOBAL)

    def __post_init__(self) -> None:
        _check_storage_name(self.name, self.span, "buffer")
        _set(self, "shape", _int_exprs(self.shape, self.span, f"the shape of buffer {self.name}"))
        dt = _dtype(self.dtype, self.span)
        if not (dt.is_numeric or dt.is_bool):
            raise ast_error(f"buffer {self.name} cannot hold {dt} elements", self.span)
        _set(self, "dtype", dt)
        _set(self, "scope", _enum(MemoryScope, self.scope, self.span, "memory scope"))

    @property
    def ndim(self) -> int:
        return len(self.shape)


@_node(Kind.TENSOR)
class Tensor(Node):
    """A named multi-dimensional view that Load / Store address (CINN's ``_Tensor_``).

    A tensor may be bound to a ``buffer`` (several tensors can share one, e.g. ``B``
    and ``B__reduce_init``); its ``scope`` is then the buffer's.  Indexing builds a
    Load: ``A[i, j]``; ``B.store([i, j], value)`` builds a Store.
    """

    name: str = attr()
    shape: tuple = children()
    dtype: DType = attr(DType.FLOAT32)
    buffer: Buffer | None = opt_child(None)
    scope: MemoryScope | None = attr(None)

    def __post_init__(self) -> None:
        _check_storage_name(self.name, self.span, "tensor")
        _set(self, "shape", _int_exprs(self.shape, self.span, f"the shape of tensor {self.name}"))
        dt = _dtype(self.dtype, self.span)
        if not (dt.is_numeric or dt.is_bool):
            raise ast_error(f"tensor {self.name} cannot hold {dt} elements", self.span)
        _set(self, "dtype", dt)
        buf = self.buffer
        if buf is not None:
            if not isinstance(buf, Buffer):
                raise ast_error(f"the buffer of tensor {self.name} must be a Buffer, got {type(buf).__name__}", self.span)
            if buf.dtype is not dt:
                raise ast_error(f"tensor {self.name} is {dt} but its buffer {buf.name} holds {buf.dtype}", self.span)
            scope = buf.scope if self.scope is None else _enum(MemoryScope, self.scope, self.span, "memory scope")
            if scope is not buf.scope:
                raise ast_error(f"tensor {self.name} is {scope} but its buffer {buf.name} is {buf.scope}", self.span)
        else:
            scope = MemoryScope.GLOBAL if self.scope is None else _enum(MemoryScope, self.scope, self.span, "memory scope")
        _set(self, "scope", scope)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def __getitem__(self, indices: Any) -> Load:
        if not isinstance(indices, tuple):
            indices = (indices,)
        return Load(self, indices)

    def store(self, indices: Any, value: Any) -> Store:
        if not isinstance(indices, (tuple, list)):
            indices = (indices,)
        return Store(self, indices, value)


@_node(Kind.LOAD)
class Load(Expr):
    """``A[i0, i1]``."""

    tensor: Tensor = child()
    indices: tuple = children()
    dtype: DType = derived()

    def __post_init__(self) -> None:
        t = self.tensor
        if not isinstance(t, Tensor):
            raise ast_error(f"Load needs a Tensor, got {type(t).__name__}", self.span)
        idx = _int_exprs(self.indices, self.span, f"the indices of {t.name}")
        if len(idx) != len(t.shape):
            raise ast_error(f"tensor {t.name} has {len(t.shape)} dimensions but is indexed with {len(idx)}", self.span)
        _set(self, "indices", idx)
        _set(self, "dtype", t.dtype)


# ---------------------------------------------------------------------------------------
# auxiliary nodes
# ---------------------------------------------------------------------------------------


@_node(Kind.RANGE)
class Range(Node):
    """One dimension of a region: ``begin`` alone (a point) or ``begin:end`` (end exclusive)."""

    begin: Expr = child()
    end: Expr | None = opt_child(None)

    def __post_init__(self) -> None:
        b = to_expr(self.begin, None, self.span, "range begin")
        _set(self, "begin", b)
        if self.end is not None:
            e = to_expr(self.end, b.dtype, self.span, "range end")
            _set(self, "end", e)
            if not (b.dtype.is_int and e.dtype is b.dtype):
                raise ast_error(f"a range needs integer bounds of one type, got {b.dtype} and {e.dtype}", self.span)
        elif not b.dtype.is_int:
            raise ast_error(f"a range needs integer bounds, got {b.dtype}", self.span)


@_node(Kind.TENSOR_REGION)
class TensorRegion(Node):
    """The part of a tensor a ScheduleBlock reads or writes: ``A[i0, 0:128]``."""

    tensor: Tensor = child()
    ranges: tuple = children()

    def __post_init__(self) -> None:
        if not isinstance(self.tensor, Tensor):
            raise ast_error("a region needs a Tensor", self.span)
        rs = []
        for r in self.ranges if isinstance(self.ranges, (tuple, list)) else (self.ranges,):
            if isinstance(r, Range):
                rs.append(r)
            elif isinstance(r, tuple) and len(r) == 2:
                rs.append(Range(r[0], r[1], span=self.span))
            else:
                rs.append(Range(r, span=self.span))
        if len(rs) != len(self.tensor.shape):
            raise ast_error(
                f"region of {self.tensor.name} has {len(rs)} dimensions, the tensor has {len(self.tensor.shape)}",
                self.span,
            )
        _set(self, "ranges", tuple(rs))


@_node(Kind.ARGUMENT)
class Argument(Node):
    """A LoweredFunc parameter: a Buffer (tensor data) or a scalar Var (e.g. a symbolic dim)."""

    target: Buffer | Var = def_child()
    io: ArgIO = attr(ArgIO.IN)

    def __post_init__(self) -> None:
        if not isinstance(self.target, (Buffer, Var)):
            raise ast_error(f"an argument is a Buffer or a Var, got {type(self.target).__name__}", self.span)
        io = _enum(ArgIO, self.io, self.span, "argument direction")
        if isinstance(self.target, Var) and io is not ArgIO.IN:
            raise ast_error(f"scalar argument {self.target.name} must be 'in'", self.span)
        _set(self, "io", io)

    @property
    def name(self) -> str:
        return self.target.name

    @property
    def is_buffer(self) -> bool:
        return isinstance(self.target, Buffer)

    @property
    def is_var(self) -> bool:
        return isinstance(self.target, Var)


# ---------------------------------------------------------------------------------------
# statements
# ---------------------------------------------------------------------------------------


@_node(None)
class Stmt(Node):
    """A node that does not produce a value."""


def _as_block(body: Any, span: Location, what: str) -> Block:
    if isinstance(body, Block):
        return body
    if isinstance(body, Stmt):
        return Block((body,), span=body.span)
    if isinstance(body, (list, tuple)):
        return Block(tuple(body), span=span)
    raise ast_error(f"{what} must be a statement or a list of statements, got {type(body).__name__}", span)


@_node(Kind.STORE)
class Store(Stmt):
    """``B[i0, i1] = value``."""

    tensor: Tensor = child()
    indices: tuple = children()
    value: Expr = child()

    def __post_init__(self) -> None:
        t = self.tensor
        if not isinstance(t, Tensor):
            raise ast_error(f"Store needs a Tensor, got {type(t).__name__}", self.span)
        idx = _int_exprs(self.indices, self.span, f"the indices of {t.name}")
        if len(idx) != len(t.shape):
            raise ast_error(f"tensor {t.name} has {len(t.shape)} dimensions but is indexed with {len(idx)}", self.span)
        v = to_expr(self.value, t.dtype, self.span, f"value stored to {t.name}")
        if v.dtype is not t.dtype:
            raise ast_error(
                f"cannot store a {v.dtype} value to {t.dtype} tensor {t.name} ({_short(v)}); insert a cast", self.span
            )
        _set(self, "indices", idx)
        _set(self, "value", v)


@_node(Kind.FOR, scope=True)
class For(Stmt):
    """``serial for (i, min, extent) { body }``; ``loop_var`` runs over [min, min + extent).

    ``kind`` is CINN's for-type; GPU kinds carry ``axis`` (0, 1, 2 = x, y, z) and
    print as ``thread_bind[blockIdx.x] for``; a vectorized loop has a ``factor`` (its width), a parallel loop may have one (its
    team size: ``num_threads``; 0 = the runtime's default).
    """

    loop_var: Var = def_child()
    min: Expr = child()
    extent: Expr = child()
    body: Block = child()
    kind: ForKind = attr(ForKind.SERIAL, kw_only=True)
    axis: int = attr(-1, kw_only=True)
    factor: int = attr(0, kw_only=True)

    def __post_init__(self) -> None:
        v = self.loop_var
        if not isinstance(v, Var):
            raise ast_error(f"a loop variable must be a Var, got {type(v).__name__}", self.span)
        if not v.dtype.is_int:
            raise ast_error(f"loop variable {v.name} must be an integer, got {v.dtype}", self.span)
        mn = to_expr(self.min, v.dtype, self.span, "loop minimum")
        ext = to_expr(self.extent, v.dtype, self.span, "loop extent")
        for what, e in (("minimum", mn), ("extent", ext)):
            if e.dtype is not v.dtype:
                raise ast_error(
                    f"the loop {what} {_short(e)} is {e.dtype} but loop variable {v.name} is {v.dtype}", self.span
                )
        _set(self, "min", mn)
        _set(self, "extent", ext)
        _set(self, "body", _as_block(self.body, self.span, "a loop body"))
        kind = _enum(ForKind, self.kind, self.span, "loop kind")
        _set(self, "kind", kind)
        if kind.is_gpu:
            if self.axis not in (0, 1, 2):
                raise ast_error(f"a GPU-bound loop needs axis 0, 1 or 2 (x, y, z), got {self.axis}", self.span)
        elif self.axis != -1:
            raise ast_error(f"only GPU-bound loops have an axis (kind is {kind})", self.span)
        if kind is ForKind.VECTORIZED:
            if not isinstance(self.factor, int) or self.factor <= 0:
                raise ast_error(f"a vectorized loop needs a positive factor, got {self.factor}", self.span)
        elif kind is ForKind.PARALLEL:
            if not isinstance(self.factor, int) or self.factor < 0:
                raise ast_error(f"a parallel loop's team size must be 0 (the default) or positive, got {self.factor}",
                                self.span)
        elif self.factor != 0:
            raise ast_error(f"only vectorized and parallel loops have a factor (kind is {kind})", self.span)

    # convenience constructors ---------------------------------------------------------
    @classmethod
    def serial(cls, var: Var, min: Any, extent: Any, body: Any, **kw: Any) -> For:
        return cls(var, min, extent, body, kind=ForKind.SERIAL, **kw)

    @classmethod
    def parallel(cls, var: Var, min: Any, extent: Any, body: Any, **kw: Any) -> For:
        return cls(var, min, extent, body, kind=ForKind.PARALLEL, **kw)

    @classmethod
    def unrolled(cls, var: Var, min: Any, extent: Any, body: Any, **kw: Any) -> For:
        return cls(var, min, extent, body, kind=ForKind.UNROLLED, **kw)

    @classmethod
    def vectorized(cls, var: Var, min: Any, extent: Any, body: Any, factor: int, **kw: Any) -> For:
        return cls(var, min, extent, body, kind=ForKind.VECTORIZED, factor=factor, **kw)

    @classmethod
    def bind(cls, var: Var, min: Any, extent: Any, thread: str, body: Any, **kw: Any) -> For:
        """A loop bound to ``blockIdx.x`` ... ``threadIdx.z``."""
        m = re.fullmatch(r"(blockIdx|threadIdx)\.([xyz])", thread)
        if m is None:
            raise ast_error(f"cannot bind a loop to '{thread}' (expected blockIdx.x ... threadIdx.z)", kw.get("span"))
        kind = ForKind.GPU_BLOCK if m.group(1) == "blockIdx" else ForKind.GPU_THREAD
        return cls(var, min, extent, body, kind=kind, axis="xyz".index(m.group(2)), **kw)

    @property
    def bind_name(self) -> str | None:
        """``blockIdx.x`` / ``threadIdx.y`` ... for a GPU-bound loop, else ``None``."""
        if not self.kind.is_gpu:
            return None
        return ("blockIdx." if self.kind is ForKind.GPU_BLOCK else "threadIdx.") + "xyz"[self.axis]


@_node(Kind.IF_THEN_ELSE)
class IfThenElse(Stmt):
    condition: Expr = child()
    then_case: Block = child()
    else_case: Block | None = opt_child(None)

    def __post_init__(self) -> None:
        c = to_expr(self.condition, DType.BOOL, self.span, "if condition")
        if not c.dtype.is_bool:
            raise ast_error(f"the condition of an if must be bool, got {c.dtype} {_short(c)}", self.span)
        _set(self, "condition", c)
        _set(self, "then_case", _as_block(self.then_case, self.span, "the then-branch"))
        if self.else_case is not None:
            _set(self, "else_case", _as_block(self.else_case, self.span, "the else-branch"))


@_node(Kind.BLOCK, scope=True)
class Block(Stmt):
    """A statement list ``{ ... }``.  A Let inside binds until the end of the block."""

    stmts: tuple = children(())

    def __post_init__(self) -> None:
        _set(self, "stmts", _tuple_of(self.stmts, Stmt, self.span, "a block's statements"))


@_node(Kind.LET)
class Let(Stmt):
    """``int64 S0 = value``: binds ``var`` for the rest of the enclosing Block."""

    var: Var = def_child()
    value: Expr | None = opt_child(None)

    def __post_init__(self) -> None:
        v = self.var
        if not isinstance(v, Var):
            raise ast_error(f"Let binds a Var, got {type(v).__name__}", self.span)
        if self.value is not None:
            e = to_expr(self.value, v.dtype, self.span, f"value of {v.name}")
            if e.dtype is not v.dtype:
                raise ast_error(f"cannot bind a {e.dtype} value to {v.dtype} variable {v.name}", self.span)
            _set(self, "value", e)


@_node(Kind.EVALUATE)
class Evaluate(Stmt):
    """A call made for its effect, e.g. ``__syncthreads()``."""

    value: Call = child()

    def __post_init__(self) -> None:
        if not isinstance(self.value, Call):
            raise ast_error(f"an expression statement must be a call, got {type(self.value).__name__}", self.span)


@_node(Kind.SCHEDULE_BLOCK, scope=True)
class ScheduleBlock(Node):
    """A named compute block: iter vars (bound by the enclosing realize), a body,
    optional read/write regions and attributes.  ``iter_types`` marks reduce axes."""

    name: str = attr()
    iter_vars: tuple = def_children()
    body: Stmt = child()
    iter_types: tuple | None = attr(None, kw_only=True)
    reads: tuple = children((), kw_only=True)
    writes: tuple = children((), kw_only=True)
    attrs: tuple = attr((), kw_only=True)

    def __post_init__(self) -> None:
        _check_storage_name(self.name, self.span, "schedule block")
        ivs = _tuple_of(self.iter_vars, Var, self.span, f"the iter vars of {self.name}")
        if len({id(v) for v in ivs}) != len(ivs):
            raise ast_error(f"schedule block {self.name} binds the same iter var twice", self.span)
        _set(self, "iter_vars", ivs)
        if isinstance(self.body, (list, tuple)):
            _set(self, "body", Block(tuple(self.body), span=self.span))
        elif not isinstance(self.body, Stmt):
            raise ast_error(f"the body of schedule block {self.name} must be a statement", self.span)
        types = self.iter_types
        if types is None:
            types = (IterType.SPATIAL,) * len(ivs)
        else:
            types = tuple(_enum(IterType, t, self.span, "iter type") for t in types)
            if len(types) != len(ivs):
                raise ast_error(f"schedule block {self.name}: {len(ivs)} iter vars but {len(types)} iter types", self.span)
        _set(self, "iter_types", types)
        _set(self, "reads", _tuple_of(self.reads, TensorRegion, self.span, "read regions"))
        _set(self, "writes", _tuple_of(self.writes, TensorRegion, self.span, "write regions"))
        _set(self, "attrs", freeze_attrs(self.attrs, self.span))

    @property
    def reduce_iter_vars(self) -> tuple[Var, ...]:
        return tuple(v for v, t in zip(self.iter_vars, self.iter_types) if t is IterType.REDUCE)

    def is_reduce(self, var: Var) -> bool:
        return any(v is var and t is IterType.REDUCE for v, t in zip(self.iter_vars, self.iter_types))

    def attr(self, key: str, default: Any = None) -> Any:
        for k, v in self.attrs:
            if k == key:
                return v
        return default


@_node(Kind.SCHEDULE_BLOCK_REALIZE)
class ScheduleBlockRealize(Stmt):
    """Instantiates a ScheduleBlock: ``i0, i1 = axis.bind(i, j)`` binds its iter vars to ``iter_values``."""

    iter_values: tuple = children()
    block: ScheduleBlock = child()

    def __post_init__(self) -> None:
        b = self.block
        if not isinstance(b, ScheduleBlock):
            raise ast_error(f"a realize needs a ScheduleBlock, got {type(b).__name__}", self.span)
        vals = self.iter_values if isinstance(self.iter_values, (tuple, list)) else (self.iter_values,)
        if len(vals) != len(b.iter_vars):
            raise ast_error(
                f"schedule block {b.name} has {len(b.iter_vars)} iter vars but {len(vals)} bound values", self.span
            )
        out = []
        for iv, val in zip(b.iter_vars, vals):
            e = to_expr(val, iv.dtype, self.span, f"value bound to {iv.name}")
            if e.dtype is not iv.dtype:
                raise ast_error(f"iter var {iv.name} is {iv.dtype} but is bound to a {e.dtype} value {_short(e)}", self.span)
            out.append(e)
        _set(self, "iter_values", tuple(out))

    @property
    def name(self) -> str:
        return self.block.name


# ---------------------------------------------------------------------------------------
# containers
# ---------------------------------------------------------------------------------------


@_node(Kind.LOWERED_FUNC, scope=True)
class LoweredFunc(Node):
    """A kernel (CINN's ``_LoweredFunc_``): arguments (buffers with a direction,
    scalar vars such as symbolic dims), a body Block, temporary buffers to
    allocate, and free-form attributes (e.g. launch dims ``grid_dim`` / ``block_dim``)."""

    name: str = attr()
    args: tuple = children()
    body: Block = child()
    temp_bufs: tuple = children((), kw_only=True)
    attrs: tuple = attr((), kw_only=True)

    def __post_init__(self) -> None:
        _check_storage_name(self.name, self.span, "function")
        args = []
        for a in self.args if isinstance(self.args, (tuple, list)) else (self.args,):
            if isinstance(a, Argument):
                args.append(a)
            elif isinstance(a, tuple) and len(a) == 2:
                args.append(Argument(a[0], a[1], span=self.span))
            elif isinstance(a, (Buffer, Var)):
                args.append(Argument(a, ArgIO.IN, span=self.span))
            else:
                raise ast_error(f"function {self.name}: invalid argument {a!r}", self.span)
        seen: set[str] = set()
        for a in args:
            if a.name in seen:
                raise ast_error(f"function {self.name} has two arguments named {a.name}", self.span)
            seen.add(a.name)
        _set(self, "args", tuple(args))
        _set(self, "body", _as_block(self.body, self.span, f"the body of {self.name}"))
        temps = _tuple_of(self.temp_bufs, Buffer, self.span, "temp buffers")
        for t in temps:
            if t.name in seen:
                raise ast_error(f"function {self.name}: temp buffer {t.name} clashes with another buffer", self.span)
            seen.add(t.name)
        _set(self, "temp_bufs", temps)
        _set(self, "attrs", freeze_attrs(self.attrs, self.span))

    def prebound_vars(self) -> tuple:
        return tuple(a.target for a in self.args if isinstance(a.target, Var))

    def arg(self, name: str) -> Argument:
        for a in self.args:
            if a.name == name:
                return a
        raise KeyError(name)

    @property
    def inputs(self) -> tuple[Argument, ...]:
        return tuple(a for a in self.args if a.io is not ArgIO.OUT)

    @property
    def outputs(self) -> tuple[Argument, ...]:
        return tuple(a for a in self.args if a.io is not ArgIO.IN)

    def symbol_bindings(self) -> dict[Var, tuple[int, int]]:
        """For each scalar Var argument used as a bare dimension of a buffer
        argument: (argument index, dimension index) of its first such use --
        where a runtime can read the symbol from (CINN's ``ArgDimIdx``)."""
        out: dict[Var, tuple[int, int]] = {}
        scalars = {id(a.target) for a in self.args if a.is_var}
        for ai, a in enumerate(self.args):
            if a.is_buffer:
                for di, d in enumerate(a.target.shape):
                    if isinstance(d, Var) and id(d) in scalars and d not in out:
                        out[d] = (ai, di)
        return out

    def attr(self, key: str, default: Any = None) -> Any:
        for k, v in self.attrs:
            if k == key:
                return v
        return default


@_node(Kind.MODULE)
class Module(Node):
    """A list of LoweredFuncs (CINN's ``_Module_``)."""

    name: str = attr()
    functions: tuple = children(())

    def __post_init__(self) -> None:
        _check_storage_name(self.name, self.span, "module")
        fns = _tuple_of(self.functions, LoweredFunc, self.span, "module functions")
        seen: set[str] = set()
        for f in fns:
            if f.name in seen:
                raise ast_error(f"module {self.name} has two functions named {f.name}", f.span)
            seen.add(f.name)
        _set(self, "functions", fns)

    def function(self, name: str) -> LoweredFunc:
        for f in self.functions:
            if f.name == name:
                return f
        raise KeyError(name)


__all__ = [
    "Add", "And", "ArgIO", "Argument", "AttrValue", "BinaryOp", "Block", "Buffer", "Call", "Cast", "CmpOp", "Div",
    "EQ", "Evaluate", "Expr", "FloatImm", "For", "ForKind", "GE", "GPU_VARS", "GT", "IfThenElse", "IntImm",
    "IterType", "LE", "LT", "Let", "Load", "LogicalOp", "LoweredFunc", "Max", "MemoryScope", "Min", "Minus", "Mod",
    "Module", "Mul", "NE", "NODE_CLASSES", "NO_SPAN", "Node", "Not", "Or", "RESERVED_WORDS", "Range",
    "ScheduleBlock", "ScheduleBlockRealize", "Select", "Span", "Stmt", "Store", "StringImm", "Sub", "Tensor",
    "TensorRegion", "Var", "ast_error", "freeze_attrs", "gpu_var", "infer_call_dtype", "intrinsic_base",
    "is_plain_name", "round_float", "to_expr",
]
