"""Shape-rule and kernel building blocks shared by the pd_op definition files."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.opdef import (
    KernelArg,
    Meta,
    MetaArg,
    OpDef,
    PatternKind,
    ShapeError,
    numpy_dtype,
    register,
)

__all__ = [
    "Meta", "MetaArg", "KernelArg", "OpDef", "PatternKind", "ShapeError", "register",
    "numpy_dtype", "broadcast_dims", "normalize_axis", "same_as_operand", "meta_of",
    "as_int_list",
]


def meta_of(arg: MetaArg) -> Meta:
    if not isinstance(arg, Meta):
        raise ShapeError("expected a single tensor operand")
    return arg


def broadcast_dims(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """numpy/Paddle broadcasting of two shapes, -1 (dynamic) aware."""
    n = max(len(a), len(b))
    a = (1,) * (n - len(a)) + a
    b = (1,) * (n - len(b)) + b
    out = []
    for x, y in zip(a, b, strict=True):
        if x == y:
            out.append(x)
        elif x == 1:
            out.append(y)
        elif y == 1:
            out.append(x)
        elif x == -1 or y == -1:
            out.append(max(x, y))
        else:
            raise ShapeError(f"shapes {a} and {b} do not broadcast")
    return tuple(out)


def normalize_axis(axis: int, rank: int) -> int:
    if not -max(rank, 1) <= axis < max(rank, 1):
        raise ShapeError(f"axis {axis} out of range for rank {rank}")
    return axis + rank if axis < 0 else axis


def same_as_operand(index: int = 0) -> Callable[[Sequence[MetaArg], Mapping[str, Any]], list[Meta]]:
    """Shape rule: one result with the shape and dtype of operand ``index``."""

    def infer(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
        m = meta_of(args[index])
        return [Meta(m.shape, m.dtype)]

    return infer


def as_int_list(value: Any) -> list[int]:
    """An IntArray given as an attribute or as a constant operand (np array / list / int)."""
    if isinstance(value, np.ndarray):
        return [int(v) for v in value.reshape(-1)]
    if isinstance(value, (list, tuple)):
        return [int(v) for v in value]
    return [int(value)]
