"""The NN ops an AOT program calls in pirc's nn library (pirc.runtime.nn), and how.

The nn library's ``desc`` module is the one source of truth for whether an op is covered: it
turns an op's attributes and input shapes into the int64 descriptor its C function takes (or None).
This module only maps an op's operands to the function's pointer arguments and finds the functions.
"""

from __future__ import annotations

import ctypes
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

NN_OPS = frozenset({"pd_op.conv2d", "pd_op.fused_conv2d_add_act", "pd_op.pool2d", "pd_op.fc"})

#: nn function -> its C parameter list after the descriptor (buffers), for the emitted prototypes
SIGNATURES = {
    "pirc_nn_conv2d_f32": ("const float*", "const float*", "const float*", "const float*", "float*"),
    "pirc_nn_pool2d_f32": ("const float*", "float*"),
    "pirc_nn_fc_f32": ("const float*", "const float*", "const float*", "float*"),
}


@dataclass(frozen=True)
class NnCall:
    """One nn function call: its symbol, its descriptor, and for each input pointer argument the
    op's operand index (None: NULL)."""

    symbol: str
    desc: tuple[int, ...]
    operands: tuple[int | None, ...]


@functools.cache
def _desc_module() -> Any:
    try:
        from pirc.runtime.nn import desc
    except ImportError:
        return None
    return desc


def available() -> bool:
    return _desc_module() is not None


def describe(op: Any, in_shapes: Sequence[tuple[int, ...] | None], out_shapes: Sequence[tuple[int, ...]],
             nthreads: int) -> NnCall | None:
    """The call running ``op`` on these shapes, or None when the nn library does not cover it."""
    desc = _desc_module()
    if desc is None:
        return None
    raise NotImplementedError  # filled in once the nn library's desc module lands


def function_address(symbol: str) -> int:
    """The address of an nn library function (loading the library)."""
    from pirc.runtime.nn import lib as nnlib  # noqa: F401

    raise NotImplementedError


__all__ = ["NN_OPS", "SIGNATURES", "NnCall", "available", "describe", "function_address"]
_ = ctypes
