"""Shared by the pd_op shape-manipulation files: constant operands (const_ints...), _reg with view/inplace twins."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, MetaArg, OpDef, ShapeError, as_int_list, register

_VIEW = frozenset({"view"})
_INPLACE = frozenset({"inplace"})


# ---------------------------------------------------------------------------
# helpers for constant operands (shared with the other pd_op files)
# ---------------------------------------------------------------------------

def const_ints(arg: MetaArg) -> list[int] | None:
    """Value of an IntArray operand if it is a compile-time constant, else None."""
    if arg is None:
        return None
    if isinstance(arg, list):  # builtin.combine of scalars
        out: list[int] = []
        for m in arg:
            if m is None or m.const is None:
                return None
            out.extend(as_int_list(m.const))
        return out
    if arg.const is None:
        return None
    return as_int_list(arg.const)


def const_int(arg: MetaArg) -> int | None:
    vals = const_ints(arg)
    if vals is None:
        return None
    if len(vals) != 1:
        raise ShapeError(f"expected a single integer, got {vals}")
    return vals[0]


def kernel_ints(arg: KernelArg) -> list[int]:
    if arg is None:
        raise ValueError("missing integer-array operand")
    if isinstance(arg, list):
        out: list[int] = []
        for a in arg:
            out.extend(as_int_list(np.asarray(a)))
        return out
    return as_int_list(np.asarray(arg))


def kernel_int(arg: KernelArg) -> int:
    vals = kernel_ints(arg)
    if len(vals) != 1:
        raise ValueError(f"expected a single integer, got {vals}")
    return vals[0]


def _operand_len(arg: MetaArg) -> int | None:
    """Number of entries of a 1-D IntArray operand, from its type, if known."""
    if arg is None:
        return None
    if isinstance(arg, list):
        return len(arg)
    if arg.shape is None:
        return None
    if len(arg.shape) == 0:
        return 1
    if len(arg.shape) == 1 and arg.shape[0] >= 0:
        return arg.shape[0]
    return None


def _prod(dims: Sequence[int]) -> int:
    p = 1
    for d in dims:
        p *= d
    return p


def _merge_dim(a: int, b: int, what: str) -> int:
    if a == b:
        return a
    if a == -1:
        return b
    if b == -1:
        return a
    raise ShapeError(f"{what}: dims {a} and {b} differ")


def _reg(name: str, *, view: bool = False, inplace_of: str | None = None, **kw: Any) -> None:
    register(OpDef(name=name, traits=_VIEW if view else frozenset(), view={0: 0} if view else {}, **kw))
    if inplace_of:
        register(OpDef(name=inplace_of, traits=_INPLACE, inplace={0: 0}, **kw))
