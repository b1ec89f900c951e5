"""C-family types and literals the code generators share: element types per target, integer
and float literals (exactly rounded, NaN / inf spelled through the prelude)."""


from __future__ import annotations

import math
import struct

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.nodes import (
    GPU_VARS,
)
from pirc.cinn.codegen.prelude import Prelude

#: bumped whenever generated code or the ABI changes (part of every cache key)


CODEGEN_VERSION = "2"

SMALL_INTS = frozenset({DType.INT8, DType.INT16, DType.UINT8, DType.UINT16})
_GPU_VAR_IDS = {id(v): n for n, v in GPU_VARS.items()}

_CTYPE = {
    DType.BOOL: "int", DType.INT8: "int8_t", DType.INT16: "int16_t", DType.INT32: "int32_t", DType.INT64: "int64_t",
    DType.UINT8: "uint8_t", DType.UINT16: "uint16_t", DType.UINT32: "uint32_t", DType.UINT64: "uint64_t",
    DType.FLOAT16: "float", DType.BFLOAT16: "float", DType.FLOAT32: "float", DType.FLOAT64: "double",
}
_SFX = {
    DType.BOOL: "i32", DType.INT8: "i8", DType.INT16: "i16", DType.INT32: "i32", DType.INT64: "i64",
    DType.UINT8: "u8", DType.UINT16: "u16", DType.UINT32: "u32", DType.UINT64: "u64",
    DType.FLOAT16: "f32", DType.BFLOAT16: "f32", DType.FLOAT32: "f32", DType.FLOAT64: "f64",
}


def ctype(dt: DType) -> str:
    """The C type values of ``dt`` are computed in (bool -> int, half types -> float)."""
    return _CTYPE[dt]


def storage_type(dt: DType, target: str) -> str:
    """The element type of a buffer of ``dt`` in memory."""
    if dt is DType.BOOL:
        return "uint8_t"
    if dt is DType.FLOAT16:
        return "uint16_t"
    if dt is DType.BFLOAT16:
        return "float" if target == "c" else "uint16_t"
    return _CTYPE[dt]


def host_dtype(dt: DType, target: str) -> str:
    """The numpy dtype of the host arrays a buffer of ``dt`` is passed as (bfloat16: float32
    on the host, as the interpreter holds it; on CUDA the launcher converts to 16-bit)."""
    if dt is DType.BFLOAT16:
        return "float32"
    return dt.numpy.name


def device_dtype(dt: DType, target: str) -> str:
    """The numpy dtype of the bytes the kernel reads (bfloat16 on CUDA: uint16 bits)."""
    if dt is DType.BFLOAT16 and target == "cuda":
        return "uint16"
    return host_dtype(dt, target)


def elem_bytes(dt: DType, target: str) -> int:
    return {"uint8_t": 1, "int8_t": 1, "uint16_t": 2, "int16_t": 2, "int32_t": 4, "uint32_t": 4, "float": 4,
            "int64_t": 8, "uint64_t": 8, "double": 8, "int": 4}[storage_type(dt, target)]


# ------------------------------------------------------------------------------------------
# literals
# ------------------------------------------------------------------------------------------


def int_literal(value: int, dt: DType) -> str:
    if dt is DType.BOOL:
        return "1" if value else "0"
    if dt is DType.INT64:
        if value == -(1 << 63):
            return "(-9223372036854775807LL - 1LL)"
        return f"{value}LL" if value >= 0 else f"({value}LL)"
    if dt is DType.UINT64:
        return f"{value}ULL"
    if dt is DType.UINT32:
        return f"{value}U"
    if dt is DType.INT32:
        if value == -(1 << 31):
            return "(-2147483647 - 1)"
        return str(value) if value >= 0 else f"({value})"
    return f"(({_CTYPE[dt]}){value})"


def _f32_repr(v: float) -> str:
    for p in range(6, 10):
        s = f"{v:.{p}g}"
        if struct.unpack("<f", struct.pack("<f", float(s)))[0] == v:
            return s
    return f"{v:.9g}"


def _float_text(s: str) -> str:
    return s if any(c in s for c in ".en") else s + ".0"


class LiteralMaker:
    """Float literals need helpers for non-finite values."""

    def __init__(self, prelude: Prelude) -> None:
        self.prelude = prelude

    def float_literal(self, value: float, dt: DType) -> str:
        if dt is DType.FLOAT64:
            if not math.isfinite(value):
                bits = struct.unpack("<Q", struct.pack("<d", value))[0]
                self.prelude.use("pirc_f64_from_bits")
                return f"pirc_f64_from_bits({bits:#x}ULL)"
            s = _float_text(repr(value))
            return f"({s})" if s.startswith("-") else s
        if not math.isfinite(value):
            bits = struct.unpack("<I", struct.pack("<f", value))[0]
            self.prelude.use("pirc_f32_from_bits")
            return f"pirc_f32_from_bits({bits:#x}U)"
        s = _float_text(_f32_repr(value)) + "f"
        return f"({s})" if s.startswith("-") else s
