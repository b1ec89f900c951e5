"""PIR attributes: immutable and interned (equal attributes are the same object).

Each attribute knows its printed text in the current Paddle style (``text``),
in the older typed style (``legacy_text``: ``(Double)5``, ``(pd_op.DataType)float32``)
and its plain Python value (``value``) that shape rules and kernels read.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, ClassVar

from pirc.ir.types import Type

DATATYPE_NAMES = frozenset(
    "bool int8 uint8 int16 uint16 int32 uint32 int64 uint64 float16 bfloat16 float32 float64 "
    "complex64 complex128 float8_e4m3fn float8_e5m2 pstring Undefined".split()
)
LAYOUT_NAMES = frozenset(
    "NCHW NHWC NCDHW NDHWC ONEDNN SPARSE_COO SPARSE_CSR STRIDED PSTRING_UNION ANY "
    "Undefined(AnyLayout) kNCHW kNHWC kAnyLayout kMKLDNN".split()
)


def format_float(v: float) -> str:
    """What C++ ``ostream << v`` prints with default settings (6 significant digits)."""
    if math.isnan(v):
        return "-nan" if math.copysign(1.0, v) < 0 else "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return "%g" % v


class Attribute:
    __slots__ = ("text",)
    text: str

    @property
    def value(self) -> Any:
        raise NotImplementedError

    @property
    def legacy_text(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text}>"

    def __copy__(self) -> Attribute:
        return self

    def __deepcopy__(self, memo: object) -> Attribute:
        return self


class BoolAttr(Attribute):
    __slots__ = ("_v",)
    TRUE: ClassVar[BoolAttr]
    FALSE: ClassVar[BoolAttr]

    def __init__(self, v: bool) -> None:
        self._v = v
        self.text = "true" if v else "false"

    @classmethod
    def get(cls, v: bool) -> BoolAttr:
        return cls.TRUE if v else cls.FALSE

    @property
    def value(self) -> bool:
        return self._v


BoolAttr.TRUE = BoolAttr(True)
BoolAttr.FALSE = BoolAttr(False)

_INT_LEGACY = {"i32": "Int32", "i64": "Int64", "index": "Index"}
_FLOAT_LEGACY = {"f32": "Float", "f64": "Double"}


class IntAttr(Attribute):
    """An integer; ``kind`` is ``i32``, ``i64``, ``index`` or ``None`` (untyped text)."""

    __slots__ = ("_v", "kind")
    _cache: ClassVar[dict[tuple[int, str | None], IntAttr]] = {}

    def __init__(self, v: int, kind: str | None) -> None:
        self._v = v
        self.kind = kind
        self.text = str(v)

    @classmethod
    def get(cls, v: int, kind: str | None = None) -> IntAttr:
        key = (v, kind)
        a = cls._cache.get(key)
        if a is None:
            a = cls._cache[key] = cls(v, kind)
        return a

    @property
    def value(self) -> int:
        return self._v

    @property
    def legacy_text(self) -> str:
        return f"({_INT_LEGACY.get(self.kind or 'i32')}){self.text}"


class FloatAttr(Attribute):
    """A float with its exact value; ``kind`` is ``f32``, ``f64`` or ``None``."""

    __slots__ = ("_v", "kind")
    _cache: ClassVar[dict[tuple[bytes, str | None], FloatAttr]] = {}

    def __init__(self, v: float, kind: str | None) -> None:
        self._v = v
        self.kind = kind
        self.text = format_float(v)

    @classmethod
    def get(cls, v: float, kind: str | None = None) -> FloatAttr:
        key = (struct.pack("<d", v), kind)
        a = cls._cache.get(key)
        if a is None:
            a = cls._cache[key] = cls(v, kind)
        return a

    @property
    def value(self) -> float:
        return self._v

    @property
    def legacy_text(self) -> str:
        return f"({_FLOAT_LEGACY.get(self.kind or 'f32')}){self.text}"


class StrAttr(Attribute):
    __slots__ = ("_v",)
    _cache: ClassVar[dict[str, StrAttr]] = {}

    def __init__(self, v: str) -> None:
        self._v = v
        # Paddle escapes only '"'; a backslash is escaped too, so that every string reads back
        # (Paddle's "a\\" is ambiguous).  Strings without a backslash print exactly as Paddle's.
        self.text = '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'

    @classmethod
    def get(cls, v: str) -> StrAttr:
        a = cls._cache.get(v)
        if a is None:
            a = cls._cache[v] = cls(v)
        return a

    @property
    def value(self) -> str:
        return self._v


class ArrayAttr(Attribute):
    __slots__ = ("elements",)
    _cache: ClassVar[dict[tuple[Attribute, ...], ArrayAttr]] = {}

    def __init__(self, elements: tuple[Attribute, ...]) -> None:
        self.elements = elements
        self.text = "[" + ",".join(e.text for e in elements) + "]"

    @classmethod
    def get(cls, elements: Iterable[Attribute]) -> ArrayAttr:
        elements = tuple(elements)
        a = cls._cache.get(elements)
        if a is None:
            a = cls._cache[elements] = cls(elements)
        return a

    @property
    def value(self) -> list[Any]:
        return [e.value for e in self.elements]

    @property
    def legacy_text(self) -> str:
        return "[" + ",".join(e.legacy_text for e in self.elements) + "]"

    def __len__(self) -> int:
        return len(self.elements)

    def __iter__(self) -> Iterator[Attribute]:
        return iter(self.elements)


class IntArrayAttr(Attribute):
    """pd_op.IntArray: ``[1,2]`` (legacy ``(pd_op.IntArray)[1,2]``)."""

    __slots__ = ("_v",)
    _cache: ClassVar[dict[tuple[int, ...], IntArrayAttr]] = {}

    def __init__(self, v: tuple[int, ...]) -> None:
        self._v = v
        self.text = "[" + ",".join(str(x) for x in v) + "]"

    @classmethod
    def get(cls, v: Iterable[int]) -> IntArrayAttr:
        v = tuple(int(x) for x in v)
        a = cls._cache.get(v)
        if a is None:
            a = cls._cache[v] = cls(v)
        return a

    @property
    def value(self) -> list[int]:
        return list(self._v)

    @property
    def legacy_text(self) -> str:
        return "(pd_op.IntArray)" + self.text


class _NamedAttr(Attribute):
    """An attribute printed as a bare word (``float32``, ``NCHW``, ``Place(cpu)``)."""

    __slots__ = ()
    _cache: ClassVar[dict[str, _NamedAttr]]
    legacy_prefix: ClassVar[str] = ""

    def __init__(self, text: str) -> None:
        self.text = text

    def __init_subclass__(cls) -> None:
        cls._cache = {}

    @classmethod
    def get(cls, text: str) -> Any:
        a = cls._cache.get(text)
        if a is None:
            a = cls._cache[text] = cls(text)
        return a

    @property
    def value(self) -> str:
        return self.text

    @property
    def legacy_text(self) -> str:
        return self.legacy_prefix + self.text


class DataTypeAttr(_NamedAttr):
    __slots__ = ()
    legacy_prefix = "(pd_op.DataType)"


class LayoutAttr(_NamedAttr):
    __slots__ = ()
    legacy_prefix = "(pd_op.DataLayout)"


class PlaceAttr(_NamedAttr):
    """``Place(cpu)``; ``value`` is what is inside the parentheses (``cpu``, ``gpu:0``)."""

    __slots__ = ()
    legacy_prefix = "(pd_op.Place)"

    @property
    def value(self) -> str:
        return self.text[6:-1]

    @classmethod
    def of(cls, inner: str) -> PlaceAttr:
        return cls.get(f"Place({inner})")


class OpaqueAttr(_NamedAttr):
    """Any attribute we only carry: ``<#AttrNotImplemented>``, ``(0x7f..)``, unknown words."""

    __slots__ = ()


class TypeAttr(Attribute):
    __slots__ = ("type",)
    _cache: ClassVar[dict[Type, TypeAttr]] = {}

    def __init__(self, t: Type) -> None:
        self.type = t
        self.text = t.text

    @classmethod
    def get(cls, t: Type) -> TypeAttr:
        a = cls._cache.get(t)
        if a is None:
            a = cls._cache[t] = cls(t)
        return a

    @property
    def value(self) -> Type:
        return self.type


class AttrDict:
    """An op's attributes: immutable, sorted by key, interned.

    Interning means the parser turns each distinct ``{...}`` text into one
    object, and the printer reuses the cached text.
    """

    __slots__ = ("items", "_map", "_text", "_legacy", "_values")
    _cache: ClassVar[dict[tuple[tuple[str, Attribute], ...], AttrDict]] = {}
    EMPTY: ClassVar[AttrDict]

    def __init__(self, items: tuple[tuple[str, Attribute], ...]) -> None:
        self.items = items
        self._map = dict(items)
        self._text: str | None = None
        self._legacy: str | None = None
        self._values: dict[str, Any] | None = None

    @classmethod
    def get(cls, items: Mapping[str, Attribute] | Iterable[tuple[str, Attribute]]) -> AttrDict:
        pairs = items.items() if isinstance(items, Mapping) else items
        key = tuple(sorted(pairs, key=lambda kv: kv[0]))
        d = cls._cache.get(key)
        if d is None:
            d = cls._cache[key] = cls(key)
        return d

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = "{" + ",".join(f"{k}:{a.text}" for k, a in self.items) + "}"
        return self._text

    @property
    def legacy_text(self) -> str:
        if self._legacy is None:
            self._legacy = "{" + ",".join(f"{k}:{a.legacy_text}" for k, a in self.items) + "}"
        return self._legacy

    def values(self) -> dict[str, Any]:
        """Plain Python values by key (cached; do not mutate)."""
        if self._values is None:
            self._values = {k: a.value for k, a in self.items}
        return self._values

    def get_attr(self, key: str) -> Attribute | None:
        return self._map.get(key)

    def __getitem__(self, key: str) -> Attribute:
        return self._map[key]

    def __contains__(self, key: str) -> bool:
        return key in self._map

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self.items)

    def with_attr(self, key: str, attr: Attribute) -> AttrDict:
        m = dict(self._map)
        m[key] = attr
        return AttrDict.get(m)

    def without(self, *keys: str) -> AttrDict:
        return AttrDict.get((k, a) for k, a in self.items if k not in keys)

    def __repr__(self) -> str:
        return f"<AttrDict {self.text}>"


AttrDict.EMPTY = AttrDict.get(())


def to_attr(v: Any) -> Attribute:
    """Python value -> attribute (bool, int, float, str, list, Attribute, Type)."""
    if isinstance(v, Attribute):
        return v
    if isinstance(v, bool):
        return BoolAttr.get(v)
    if isinstance(v, int):
        return IntAttr.get(v)
    if isinstance(v, float):
        return FloatAttr.get(v)
    if isinstance(v, str):
        return StrAttr.get(v)
    if isinstance(v, Type):
        return TypeAttr.get(v)
    if isinstance(v, (list, tuple)):
        return ArrayAttr.get(to_attr(x) for x in v)
    raise TypeError(f"cannot make an attribute from {v!r}")
