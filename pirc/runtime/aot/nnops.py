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
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from pirc.ir.core import Operation

NN_OPS = frozenset({"pd_op.conv2d", "pd_op.depthwise_conv2d", "pd_op.fused_conv2d_add_act", "pd_op.pool2d", "pd_op.fc",
                    "pd_op.fused_dot_product_attention", "pd_op.embedding", "pd_op.matmul", "pd_op.bmm",
                    "pd_op.conv2d_transpose", "pd_op.depthwise_conv2d_transpose", "pd_op.nearest_interp",
                    "pd_op.bilinear_interp", "pd_op.argmax", "pd_op.argmin", "pd_op.cumsum"})

#: the nn library ABI (nnlib.h's PIRC_NN_ABI_VERSION) the prototypes below are written for
ABI_VERSION = 2

#: nn function -> its C parameter list after the descriptor (buffers), for the emitted prototypes
SIGNATURES = {
    "pirc_nn_conv2d_f32": ("const float*", "const float*", "const float*", "const float*", "float*"),
    "pirc_nn_pool2d_f32": ("const float*", "float*"),
    "pirc_nn_fc_f32": ("const float*", "const float*", "const float*", "float*"),
    "pirc_nn_matmul_f32": ("const float*", "const float*", "float*"),
    "pirc_nn_conv2d_transpose_f32": ("const float*", "const float*", "float*"),
    "pirc_nn_interp2d_f32": ("const float*", "float*"),
    "pirc_nn_argext_f32": ("const float*", "void*"),
    "pirc_nn_cumsum_f32": ("const float*", "float*"),
    "pirc_nn_cumsum_i64": ("const int64_t*", "int64_t*"),
    "pirc_nn_attention_f32": ("const float*", "const float*", "const float*", "const float*", "float*"),
    "pirc_nn_embedding_f32": ("const int64_t*", "const float*", "float*"),
}

#: the element type each C pointer type of :data:`SIGNATURES` points at (what an operand must hold)
POINTEE_DTYPES: dict[str, str | None] = {"const float*": "float32", "float*": "float32", "const int64_t*": "int64",
                                         "int64_t*": "int64", "void*": None}  # None: the descriptor says (argmax's int64 or int32)


@dataclass(frozen=True)
class NnCall:
    """One nn function call: its symbol, its descriptor, and for each input pointer argument the
    op's operand index (None: NULL)."""

    symbol: str
    desc: tuple[int, ...]
    operands: tuple[int | None, ...]


@functools.cache
def _library() -> Any:
    """pirc.runtime.nn's loaded library, or None (not installed, no C compiler, or another ABI)."""
    try:
        from pirc.runtime.nn import lib
    except ImportError:
        return None
    so = lib.lib()
    if so is None or so.pirc_nn_abi_version() != ABI_VERSION:
        return None
    return so


def available() -> bool:
    return _library() is not None


def _operand(shapes: Sequence[tuple[int, ...] | None], k: int) -> tuple[int, ...] | None:
    return shapes[k] if k < len(shapes) else None


def describe(op: Operation, in_shapes: Sequence[tuple[int, ...] | None], out_shapes: Sequence[tuple[int, ...]],
             consts: Sequence[Any]) -> NnCall | None:
    """The call running ``op`` (float32) on these shapes, or None when the nn library does not cover it.
    ``consts``: the operands' constant values where known (pool2d's kernel size)."""
    from pirc.runtime.nn import desc

    attrs = op.attrs.values()
    n = op.name
    x, w = _operand(in_shapes, 0), _operand(in_shapes, 1)
    if n in ("pd_op.conv2d", "pd_op.depthwise_conv2d", "pd_op.fused_conv2d_add_act"):
        fused = n == "pd_op.fused_conv2d_add_act"
        b, r = (_operand(in_shapes, 2), _operand(in_shapes, 3)) if fused else (None, None)
        act = str(attrs.get("activation", "identity")) if fused else "identity"
        d = desc.conv2d(attrs, x, w, "float32", act, b, r, b is not None, r is not None)
        if d is None or tuple(out_shapes[0]) != (d[0], d[4], d[7], d[8]):
            return None
        return NnCall("pirc_nn_conv2d_f32", d, (0, 1, 2 if b is not None else None, 3 if r is not None else None))
    if n == "pd_op.pool2d":
        ksize = consts[1] if len(consts) > 1 else None
        if not isinstance(ksize, list):
            return None
        d = desc.pool2d(attrs, x, ksize, "float32")
        if d is None or tuple(out_shapes[0]) != (d[0], d[1], d[4], d[5]):
            return None
        return NnCall("pirc_nn_pool2d_f32", d, (0,))
    if n == "pd_op.fc":
        b = _operand(in_shapes, 2)
        d = desc.fc(attrs, x, w, "float32", b, b is not None)
        k = int(attrs.get("in_num_col_dims", 1))
        if d is None or x is None or tuple(out_shapes[0]) != (*x[:k], d[2]):
            return None
        return NnCall("pirc_nn_fc_f32", d, (0, 1, 2 if b is not None else None))
    if n in ("pd_op.matmul", "pd_op.bmm"):
        got = desc.matmul(x, w, bool(attrs.get("transpose_x")), bool(attrs.get("transpose_y")))
        if got is None or tuple(out_shapes[0]) != got[1]:
            return None
        return NnCall("pirc_nn_matmul_f32", got[0], (0, 1))
    if n in ("pd_op.conv2d_transpose", "pd_op.depthwise_conv2d_transpose"):
        osize = consts[2] if len(consts) > 2 else None
        if len(in_shapes) > 2 and in_shapes[2] is not None and not isinstance(osize, list):
            return None  # an output_size only known when it runs
        d = desc.conv2d_transpose(attrs, x, w, osize)
        if d is None or tuple(out_shapes[0]) != (d[0], d[4], d[7], d[8]):
            return None
        return NnCall("pirc_nn_conv2d_transpose_f32", d, (0, 1))
    if n in ("pd_op.nearest_interp", "pd_op.bilinear_interp"):
        if x is None or any(s is not None and c is None for s, c in zip(in_shapes[1:], consts[1:])):
            return None  # a size or scale only known when it runs
        args: list[Any] = [np.broadcast_to(np.zeros((), np.float32), x)]
        args += [None if c is None else np.asarray(c) for c in consts[1:len(in_shapes)]]
        got = desc.interp2d(args, attrs)
        if got is None or tuple(out_shapes[0]) != got[1]:
            return None
        return NnCall("pirc_nn_interp2d_f32", got[0], (0,))
    if n in ("pd_op.argmax", "pd_op.argmin", "pd_op.cumsum"):
        ax = consts[1] if len(consts) > 1 else None
        flat = bool(attrs.get("flatten", False))
        if not flat and not (isinstance(ax, list) and len(ax) == 1):
            return None  # an axis only known when it runs
        axis = int(ax[0]) if isinstance(ax, list) and len(ax) == 1 else None
        if n == "pd_op.cumsum":
            xv = op.operand(0)
            dt = str(getattr(xv.type, "dtype", "")) if xv is not None else ""
            d = desc.cumsum(x, None if flat else axis, attrs, dt)
            if d is None or x is None or not x or int(np.prod(out_shapes[0], dtype=np.int64)) != d[0] * d[1] * d[2]:
                return None
            return NnCall("pirc_nn_cumsum_i64" if dt == "int64" else "pirc_nn_cumsum_f32", d, (0,))
        d = desc.argext(x, None if flat or not x else axis, attrs, n == "pd_op.argmax")
        if d is None or int(np.prod(out_shapes[0], dtype=np.int64)) != d[0] * d[2]:
            return None
        return NnCall("pirc_nn_argext_f32", d, (0,))
    if n == "pd_op.fused_dot_product_attention":
        v, bias = _operand(in_shapes, 2), _operand(in_shapes, 3)
        d = desc.attention(attrs, x, w, v, "float32", bias, bias is not None)
        if d is None or x is None or tuple(out_shapes[0]) != (*x[:-1], (d[3] * d[5]) if len(x) == 3 else d[5]):
            return None
        return NnCall("pirc_nn_attention_f32", d, (0, 1, 2, 3 if bias is not None else None))
    if n == "pd_op.embedding":
        d = desc.embedding(attrs, x, w)
        if d is None or x is None or tuple(out_shapes[0]) != (*x, d[2]):
            return None
        return NnCall("pirc_nn_embedding_f32", d, (0, 1))
    return None


def function_address(symbol: str) -> int:
    """The address of an nn library function."""
    so = _library()
    if so is None:
        raise RuntimeError("pirc's nn library is not available")
    return int(ctypes.cast(getattr(so, symbol), ctypes.c_void_p).value or 0)


__all__ = ["ABI_VERSION", "NN_OPS", "POINTEE_DTYPES", "SIGNATURES", "NnCall", "available", "describe", "function_address"]
