"""Node machinery: naming rules, located errors, enums, attributes and the ``_node`` decorator over ``Node``."""

from __future__ import annotations

import dataclasses
import linecache
import math
import os
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Union

from pirc.cinn.ast.dtypes import DType, to_dtype
from pirc.cinn.ast.fields import FieldInfo, Role, Shape
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
_AST_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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


class _Word(str, Enum):
    """An enum printed as its value (the word the .ast text uses)."""

    def __str__(self) -> str:
        return self.value


class MemoryScope(_Word):
    """Where a buffer lives: device global memory, CUDA shared memory, registers."""

    GLOBAL = "global"
    SHARED = "shared"
    LOCAL = "local"


class ArgIO(_Word):
    """Direction of a LoweredFunc argument (CINN's ``Argument::IO``)."""

    IN = "in"
    OUT = "out"
    INOUT = "inout"


class ForKind(_Word):
    """CINN's ``ForType`` with the GPU bind folded in (``GPU_BLOCK`` = blockIdx, ``GPU_THREAD`` = threadIdx)."""

    SERIAL = "serial"
    PARALLEL = "parallel"
    VECTORIZED = "vectorize"
    UNROLLED = "unroll"
    GPU_BLOCK = "gpu_block"
    GPU_THREAD = "gpu_thread"
    DEFAULT = "default"

    @property
    def is_gpu(self) -> bool:
        return self is ForKind.GPU_BLOCK or self is ForKind.GPU_THREAD


class IterType(_Word):
    """Kind of a ScheduleBlock iter var (CINN's ``Var::is_reduce_axis``)."""

    SPATIAL = "spatial"
    REDUCE = "reduce"


def _enum(cls: type[Enum], value: Any, span: Location, what: str) -> Any:
    if isinstance(value, cls):
        return value
    try:
        return cls(value)
    except ValueError:
        choices = ", ".join(m.value for m in cls)
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

    def wrap(cls: Any) -> Any:
        cls = dataclass(frozen=True, slots=True, eq=False, repr=False)(cls)
        infos = []
        for f in dataclasses.fields(cls):
            md = f.metadata
            role = md.get("role", Role.IGNORE if f.name == "span" else Role.USUAL)
            infos.append(FieldInfo(f.name, role, md.get("shape", Shape.ATTR)))
        cls.FIELDS = tuple(infos)
        cls._CMP_FIELDS = tuple(i for i in infos if i.role in (Role.USUAL, Role.DEF))
        cls._CHILD_FIELDS = tuple(
            i for i in infos if i.shape is not Shape.ATTR and i.role in (Role.USUAL, Role.DEF)
        )
        cls._SCOPE = scope
        if kind is not None:
            cls.KIND = kind
            cls._MASK = kind_mask(kind)
            NODE_CLASSES[kind] = cls
        return cls

    return wrap


@_node(None)
class Node:
    """Base of every AST node."""

    span: Location = dataclasses.field(default=NO_SPAN, kw_only=True, metadata={"role": Role.IGNORE})

    # filled in by _node(): the kind, its category mask and the field tables (ClassVars: not fields)
    KIND: ClassVar[Kind] = Kind.NODE
    _MASK: ClassVar[int] = kind_mask(Kind.NODE)
    FIELDS: ClassVar[tuple[FieldInfo, ...]] = ()  # every FieldInfo, in declaration order
    _CMP_FIELDS: ClassVar[tuple[FieldInfo, ...]] = ()  # USUAL and DEF fields (what equality and hashing look at)
    _CHILD_FIELDS: ClassVar[tuple[FieldInfo, ...]] = ()  # USUAL and DEF fields that hold nodes (what visitors walk)
    _SCOPE: ClassVar[bool] = False

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


def _check_storage_name(name: Any, span: Location, what: str) -> None:
    if not isinstance(name, str) or not IDENT_RE.match(name):
        raise ast_error(f"invalid {what} name {name!r}: expected an identifier", span)
    if name in RESERVED_WORDS:
        raise ast_error(f"invalid {what} name '{name}': it is a keyword of the .ast format", span)
