"""pd_op.repeat_interleave and pd_op.repeat_interleave_with_tensor_index.

``paddle.repeat_interleave(x, repeats, axis)`` emits ``repeat_interleave`` (``repeats`` an
int attribute) or, with a tensor of per-element repeats, ``repeat_interleave_with_tensor_index``
(operand ``repeats``, int32/int64 ``[x.shape[axis]]``).  Both repeat each slice along ``axis``
(``np.repeat``); with ``axis=None`` the Python API flattens x first.  ``output_size`` (-1 when
not given) only helps Paddle's GPU kernel.  Shape rule: the axis grows ``repeats`` times; the
tensor form prints -1 there.  Grouped-query attention (Llama's repeat_kv) uses the int form.
Not CINN ops (NON_FUSIBLE).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import (
    KernelArg,
    Meta,
    MetaArg,
    OpDef,
    PatternKind,
    ShapeError,
    meta_of,
    normalize_axis,
    register,
)


def _repeat_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    reps = int(attrs.get("repeats", 1))
    if reps < 0:
        raise ShapeError(f"repeat_interleave: repeats must be >= 0, got {reps}")
    if x.shape is None:
        return [Meta(None, x.dtype)]
    shape = list(x.shape) if x.shape else [1]
    ax = normalize_axis(int(attrs.get("axis", 0)), len(shape))
    shape[ax] = shape[ax] * reps if shape[ax] >= 0 else -1
    return [Meta(tuple(shape), x.dtype)]


def _repeat_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    assert isinstance(x, np.ndarray)
    xx = x.reshape(1) if x.ndim == 0 else x
    return [np.repeat(xx, int(attrs.get("repeats", 1)), axis=int(attrs.get("axis", 0)))]


register(OpDef(name="pd_op.repeat_interleave", operands=("x",), attrs=("repeats", "axis", "output_size"),
               infer_meta=_repeat_meta, kernel=_repeat_kernel, pattern=PatternKind.NON_FUSIBLE))


def _repeat_t_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, r = meta_of(args[0]), meta_of(args[1])
    if r.dtype not in ("int32", "int64"):
        raise ShapeError(f"repeat_interleave: repeats must be int32 or int64, got {r.dtype}")
    if r.shape is not None and len(r.shape) > 1:
        raise ShapeError(f"repeat_interleave: repeats must be 1-D, got {list(r.shape)}")
    if x.shape is None:
        return [Meta(None, x.dtype)]
    shape = list(x.shape) if x.shape else [1]
    ax = normalize_axis(int(attrs.get("axis", 0)), len(shape))
    if r.shape is not None and r.shape and r.shape[0] >= 0 and shape[ax] >= 0 and r.shape[0] != shape[ax]:
        raise ShapeError(f"repeat_interleave: {r.shape[0]} repeats for a dim of size {shape[ax]}")
    shape[ax] = -1
    return [Meta(tuple(shape), x.dtype)]


def _repeat_t_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, r = args[0], args[1]
    assert isinstance(x, np.ndarray) and isinstance(r, np.ndarray)
    xx = x.reshape(1) if x.ndim == 0 else x
    return [np.repeat(xx, r.reshape(-1).astype(np.int64), axis=int(attrs.get("axis", 0)))]


register(OpDef(name="pd_op.repeat_interleave_with_tensor_index", operands=("x", "repeats"),
               attrs=("axis", "output_size"), infer_meta=_repeat_t_meta, kernel=_repeat_t_kernel,
               pattern=PatternKind.NON_FUSIBLE))
