"""add_n: the elementwise sum of a tensor list."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import Meta, MetaArg, OpDef, PatternKind, ShapeError, register

# --- add_n: the sum of a tensor list (builtin.combine) -----------------------------------------


def _add_n_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    xs = args[0]
    if not isinstance(xs, list) or not xs:
        raise ShapeError("add_n takes a non-empty tensor list")
    shape = xs[0].shape
    for m in xs[1:]:
        if m.dtype != xs[0].dtype:
            raise ShapeError(f"add_n inputs must share a dtype, got {xs[0].dtype} and {m.dtype}")
        if shape is not None and m.shape is not None:
            if len(m.shape) != len(shape) or any(a != b and a >= 0 and b >= 0 for a, b in zip(shape, m.shape)):
                raise ShapeError(f"add_n inputs must have equal shapes, got {list(shape)} and {list(m.shape)}")
            shape = tuple(a if a >= 0 else b for a, b in zip(shape, m.shape))
    return [Meta(shape, xs[0].dtype)]


def _add_n_kernel(args: Sequence[Any], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    xs = args[0]
    out = np.array(xs[0], copy=True)
    for x in xs[1:]:
        out = out + x
    return [np.asarray(out, dtype=xs[0].dtype)]


register(OpDef("pd_op.add_n", ("inputs[]",), (), ("out",), _add_n_meta, _add_n_kernel, PatternKind.ELEMENTWISE))
