"""PIR types: immutable and interned, so that equal types are the same object.

Construct them through the ``get`` class methods (or the helpers at the end of
the module), never directly: interning is what makes type comparison an
identity test and lets the printer cache each type's text on the object.
"""

from __future__ import annotations

from typing import ClassVar

from pirc.dialects.opdef import DTYPE_TO_PIR, PIR_TO_DTYPE

#: builtin scalar types, as Paddle prints them
SCALAR_NAMES = frozenset(
    "bf16 f16 f32 f64 b i8 u8 i16 i32 i64 index c64 c128 f8e4m3fn f8e5m2 undefined".split()
)

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1


class Type:
    """Base of all types. ``text`` is the printed form (current Paddle style)."""

    __slots__ = ("text",)
    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text}>"

    def __copy__(self) -> Type:
        return self

    def __deepcopy__(self, memo: object) -> Type:
        return self

    def __reduce__(self) -> tuple[object, ...]:
        raise TypeError("types are interned; rebuild them through their get() methods")


class ScalarType(Type):
    """``f32``, ``i64``, ``b``, ``index`` ..."""

    __slots__ = ("name",)
    _cache: ClassVar[dict[str, ScalarType]] = {}

    def __init__(self, name: str) -> None:
        self.name = name
        self.text = name

    @classmethod
    def get(cls, name: str) -> ScalarType:
        t = cls._cache.get(name)
        if t is None:
            t = cls._cache[name] = cls(name)
        return t

    @property
    def dtype(self) -> str:
        """Paddle DataType name (``float32``)."""
        return PIR_TO_DTYPE.get(self.name, self.name)


class DenseTensorType(Type):
    """``tensor<2x-1x3xf32>``: element type and dims (-1 = dynamic, () = 0-D)."""

    __slots__ = ("element", "dims")
    _cache: ClassVar[dict[tuple[ScalarType, tuple[int, ...]], DenseTensorType]] = {}

    def __init__(self, element: ScalarType, dims: tuple[int, ...]) -> None:
        self.element = element
        self.dims = dims
        self.text = "tensor<" + "".join(f"{d}x" for d in dims) + element.text + ">"

    @classmethod
    def get(cls, element: ScalarType | str, dims: tuple[int, ...]) -> DenseTensorType:
        if isinstance(element, str):
            element = ScalarType.get(element)
        key = (element, dims)
        t = cls._cache.get(key)
        if t is None:
            t = cls._cache[key] = cls(element, dims)
        return t

    @property
    def dtype(self) -> str:
        return self.element.dtype

    @property
    def rank(self) -> int:
        return len(self.dims)

    @property
    def is_dynamic(self) -> bool:
        return -1 in self.dims

    def numel(self) -> int:
        n = 1
        for d in self.dims:
            n *= d
        return n


class VectorType(Type):
    """``vec[tensor<2xf32>,tensor<2xf32>]``: what builtin.combine makes."""

    __slots__ = ("elements",)
    _cache: ClassVar[dict[tuple[Type, ...], VectorType]] = {}

    def __init__(self, elements: tuple[Type, ...]) -> None:
        self.elements = elements
        self.text = "vec[" + ",".join(e.text for e in elements) + "]"

    @classmethod
    def get(cls, elements: tuple[Type, ...]) -> VectorType:
        t = cls._cache.get(elements)
        if t is None:
            t = cls._cache[elements] = cls(elements)
        return t


class OpaqueType(Type):
    """A type of another dialect kept as its text (``pd_op.tensor_array<f32>``, ``gpu_tensor<..>``)."""

    __slots__ = ()
    _cache: ClassVar[dict[str, OpaqueType]] = {}

    def __init__(self, text: str) -> None:
        self.text = text

    @classmethod
    def get(cls, text: str) -> OpaqueType:
        t = cls._cache.get(text)
        if t is None:
            t = cls._cache[text] = cls(text)
        return t

    @property
    def dialect(self) -> str:
        head = self.text.split("<", 1)[0]
        return head.split(".", 1)[0] if "." in head else ""


class NullType(Type):
    """``<<NULL TYPE>>``: the type slot of an absent optional value."""

    __slots__ = ()
    _instance: ClassVar[NullType | None] = None

    def __init__(self) -> None:
        self.text = "<<NULL TYPE>>"

    @classmethod
    def get(cls) -> NullType:
        if cls._instance is None:
            cls._instance = cls()
        return cls._instance


def tensor(dtype: str, dims: tuple[int, ...] | list[int]) -> DenseTensorType:
    """``tensor("float32", [2, 3])`` or ``tensor("f32", (2, 3))``."""
    return DenseTensorType.get(DTYPE_TO_PIR.get(dtype, dtype), tuple(dims))


def vec(*elements: Type) -> VectorType:
    return VectorType.get(tuple(elements))
