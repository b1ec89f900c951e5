"""Element types of the loop-level AST (CINN's ``common::Type`` names).

A :class:`DType` is a ``str`` enum whose value is the name CINN's printer uses
(``float32``, ``int64``, ``bool``, ...); ``to_dtype`` also accepts PIR spellings
(``f32``, ``i64``, ``b``), numpy dtypes and a few aliases.
"""

from __future__ import annotations

from enum import Enum
from typing import Any


class DType(str, Enum):
    BOOL = "bool"
    INT8 = "int8"
    INT16 = "int16"
    INT32 = "int32"
    INT64 = "int64"
    UINT8 = "uint8"
    UINT16 = "uint16"
    UINT32 = "uint32"
    UINT64 = "uint64"
    FLOAT16 = "float16"
    BFLOAT16 = "bfloat16"
    FLOAT32 = "float32"
    FLOAT64 = "float64"
    HANDLE = "handle"  # an opaque pointer (host-side kernel arguments)
    STRING = "string"  # the type of a StringImm
    VOID = "void"  # the type of a call made for its effect (__syncthreads())

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"DType.{self.name}"

    # -- classification -------------------------------------------------------------
    @property
    def is_bool(self) -> bool:
        return self is DType.BOOL

    @property
    def is_int(self) -> bool:
        """Signed or unsigned integer (not bool)."""
        return self in _INTS

    @property
    def is_signed_int(self) -> bool:
        return self in _SIGNED

    @property
    def is_uint(self) -> bool:
        return self in _UNSIGNED

    @property
    def is_float(self) -> bool:
        return self in _FLOATS

    @property
    def is_numeric(self) -> bool:
        return self in _INTS or self in _FLOATS

    @property
    def bits(self) -> int:
        return _BITS[self]

    @property
    def numpy(self) -> Any:
        """The numpy dtype used to hold values of this type (bfloat16 is held in float32)."""
        import numpy as np

        name = _NUMPY.get(self)
        if name is None:
            raise TypeError(f"{self.value} has no numpy representation")
        return np.dtype(name)


_SIGNED = frozenset({DType.INT8, DType.INT16, DType.INT32, DType.INT64})
_UNSIGNED = frozenset({DType.UINT8, DType.UINT16, DType.UINT32, DType.UINT64})
_INTS = _SIGNED | _UNSIGNED
_FLOATS = frozenset({DType.FLOAT16, DType.BFLOAT16, DType.FLOAT32, DType.FLOAT64})
_BITS = {
    DType.BOOL: 1, DType.INT8: 8, DType.INT16: 16, DType.INT32: 32, DType.INT64: 64,
    DType.UINT8: 8, DType.UINT16: 16, DType.UINT32: 32, DType.UINT64: 64,
    DType.FLOAT16: 16, DType.BFLOAT16: 16, DType.FLOAT32: 32, DType.FLOAT64: 64,
    DType.HANDLE: 64, DType.STRING: 0, DType.VOID: 0,
}
_NUMPY = {
    DType.BOOL: "bool", DType.INT8: "int8", DType.INT16: "int16", DType.INT32: "int32", DType.INT64: "int64",
    DType.UINT8: "uint8", DType.UINT16: "uint16", DType.UINT32: "uint32", DType.UINT64: "uint64",
    DType.FLOAT16: "float16", DType.BFLOAT16: "float32", DType.FLOAT32: "float32", DType.FLOAT64: "float64",
}

_ALIASES = {
    # PIR (pirc.ir.types) spellings
    "b": DType.BOOL, "i8": DType.INT8, "i16": DType.INT16, "i32": DType.INT32, "i64": DType.INT64,
    "u8": DType.UINT8, "u16": DType.UINT16, "u32": DType.UINT32, "u64": DType.UINT64,
    "f16": DType.FLOAT16, "bf16": DType.BFLOAT16, "f32": DType.FLOAT32, "f64": DType.FLOAT64,
    "index": DType.INT64,
    # common aliases
    "fp16": DType.FLOAT16, "fp32": DType.FLOAT32, "fp64": DType.FLOAT64,
    "float": DType.FLOAT32, "double": DType.FLOAT64, "int": DType.INT32, "half": DType.FLOAT16,
}

DTYPE_NAMES = tuple(d.value for d in DType)


def to_dtype(x: Any) -> DType:
    """DType, CINN name, PIR name (``f32``), alias or numpy dtype -> :class:`DType`.

    Raises ``ValueError`` for anything else.
    """
    if isinstance(x, DType):
        return x
    if isinstance(x, str):
        try:
            return DType(x)
        except ValueError:
            d = _ALIASES.get(x)
            if d is not None:
                return d
            raise ValueError(f"unknown element type '{x}'") from None
    try:
        import numpy as np

        name = np.dtype(x).name
    except Exception:  # noqa: BLE001
        raise ValueError(f"cannot interpret {x!r} as an element type") from None
    try:
        return DType(name)
    except ValueError:
        raise ValueError(f"numpy type {name} has no AST element type") from None
