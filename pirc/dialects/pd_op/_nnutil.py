"""Small shape-rule helpers shared by the pd_op definition files (not an op family)."""

from __future__ import annotations

import numpy as np

from pirc.dialects.pd_op.common import Meta, ShapeError


def _shape(m: Meta) -> tuple[int, ...]:
    if m.shape is None:
        raise ShapeError("operand rank is unknown")
    return m.shape


def _stat_dtype(dtype: str) -> str:
    return "float32" if dtype in ("float16", "bfloat16") else dtype


def _compute_dtype(a: np.ndarray) -> np.dtype:
    return np.dtype(np.float32) if a.dtype == np.float16 else a.dtype


def _eq_dim(a: int, b: int) -> bool:
    return a == b or a == -1 or b == -1
