"""Op definitions: what an op takes and gives, its shape rule, its kernel.

An :class:`OpDef` is the per-op table entry that the verifier, the passes and the
interpreter read.  It is deliberately independent of the IR classes: shape rules
see :class:`Meta` records (shape, dtype, compile-time constant) and kernels see
numpy arrays, so dialect files can be written and tested on their own.

Conventions
-----------
* dtypes are Paddle DataType names: ``float32``, ``float64``, ``float16``,
  ``bfloat16``, ``int8``, ``uint8``, ``int16``, ``int32``, ``int64``, ``bool``,
  ``complex64``, ``complex128``.
* shapes are tuples of ints; ``-1`` is a dynamic dimension; ``()`` is 0-D.
* attributes arrive as plain Python values: IntArray -> ``list[int]``,
  DataType -> ``str`` (``"float32"``), Place -> ``str`` (``"cpu"``,
  ``"gpu:0"``, ``"undefined:0"``), DataLayout -> ``str`` (``"NCHW"``), scalars
  -> ``int``/``float``/``bool``, strings -> ``str``, arrays -> ``list``.
* operand names ending in ``?`` are optional (the operand may be absent: the
  kernel receives ``None``); names ending in ``[]`` take a ``vec[...]`` value
  made by ``builtin.combine`` (the kernel receives a ``list``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

import numpy as np


class PatternKind(IntEnum):
    """CINN's OpPatternKind, with CINN's numbering."""

    ELEMENTWISE = 0
    BROADCAST = 1
    INJECTIVE = 2
    REDUCTION = 3
    OUT_FUSIBLE = 4
    NON_FUSIBLE = 8


@dataclass(frozen=True, slots=True)
class Meta:
    """What a shape rule knows about one operand or result."""

    shape: tuple[int, ...] | None  # None: rank unknown
    dtype: str
    const: Any = None  # value when a compile-time constant (full / full_int_array)


MetaArg = Meta | list[Meta] | None
InferFn = Callable[[Sequence[MetaArg], Mapping[str, Any]], list[Meta]]
KernelArg = np.ndarray | list[np.ndarray] | None
KernelFn = Callable[[Sequence[KernelArg], Mapping[str, Any]], list[np.ndarray]]


class ShapeError(ValueError):
    """Raised by a shape rule when operands or attributes do not fit the op."""


@dataclass(frozen=True, slots=True)
class OpDef:
    name: str
    operands: tuple[str, ...] = ()
    attrs: tuple[str, ...] = ()
    results: tuple[str, ...] = ("out",)
    infer_meta: InferFn | None = None
    kernel: KernelFn | None = None
    pattern: PatternKind = PatternKind.NON_FUSIBLE
    traits: frozenset[str] = frozenset()  # "inplace", "view", "side_effect", "terminator", ...
    inplace: Mapping[int, int] = field(default_factory=dict)  # result index -> operand index it overwrites
    view: Mapping[int, int] = field(default_factory=dict)  # result index -> operand index whose storage it shares
    #: results whose printed shape may legitimately differ from the rule (Paddle's ProgramTranslator
    #: types some auxiliary outputs from legacy variable declarations); the verifier checks their dtype only
    loose_results: frozenset[int] = frozenset()

    @property
    def min_operands(self) -> int:
        return sum(1 for o in self.operands if not o.endswith("?"))


OP_DEFS: dict[str, OpDef] = {}


def register(op: OpDef) -> OpDef:
    if op.name in OP_DEFS:
        raise KeyError(f"op {op.name} registered twice")
    OP_DEFS[op.name] = op
    return op


def lookup(name: str) -> OpDef | None:
    return OP_DEFS.get(name)


# dtype spellings -----------------------------------------------------------

#: Paddle DataType name -> PIR type spelling used inside tensor<...>
DTYPE_TO_PIR: dict[str, str] = {
    "float32": "f32", "float64": "f64", "float16": "f16", "bfloat16": "bf16",
    "int8": "i8", "uint8": "u8", "int16": "i16", "int32": "i32", "int64": "i64",
    "bool": "b", "complex64": "c64", "complex128": "c128",
    "float8_e4m3fn": "f8e4m3fn", "float8_e5m2": "f8e5m2",
}
PIR_TO_DTYPE: dict[str, str] = {v: k for k, v in DTYPE_TO_PIR.items()}

#: Paddle DataType name -> numpy dtype (bfloat16 computes in float32)
DTYPE_TO_NUMPY: dict[str, Any] = {
    "float32": np.float32, "float64": np.float64, "float16": np.float16, "bfloat16": np.float32,
    "int8": np.int8, "uint8": np.uint8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
    "bool": np.bool_, "complex64": np.complex64, "complex128": np.complex128,
}


def numpy_dtype(dtype: str) -> Any:
    return DTYPE_TO_NUMPY[dtype]
