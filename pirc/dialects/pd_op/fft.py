"""pd_op.fft_r2c: the FFT of a real tensor (paddle.fft.rfft / rfft2 / rfftn, and fft / fftn
of real input).

``fft_r2c(x) {axes, normalization, forward, onesided}`` -> complex64 (float32 x) or
complex128.  ``onesided`` keeps the ``n // 2 + 1`` non-negative frequencies of the last
axis; ``normalization`` is ``backward`` (no scaling of the forward transform), ``forward``
(1/n) or ``ortho`` (1/sqrt(n)), n the product of the transformed sizes; ``forward:false``
flips the exponent's sign (scaling then mirrors: ``backward`` divides by n).  Checked against
PaddlePaddle 3.3.1 by tests/dialects/gen_part4.py.  NON_FUSIBLE.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, Meta, MetaArg, OpDef, PatternKind, ShapeError, meta_of, register

_COMPLEX = {"float32": "complex64", "float64": "complex128", "float16": "complex64"}


def _axes(attrs: Mapping[str, Any], rank: int) -> list[int]:
    axes = [int(a) + rank if int(a) < 0 else int(a) for a in attrs.get("axes", [])]
    if not axes or any(not 0 <= a < rank for a in axes):
        raise ShapeError(f"fft_r2c: axes {list(attrs.get('axes', []))} do not fit a rank-{rank} tensor")
    return axes


def _fft_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.dtype not in _COMPLEX:
        raise ShapeError(f"fft_r2c: x must be a real floating tensor, got {x.dtype}")
    if x.shape is None:
        return [Meta(None, _COMPLEX[x.dtype])]
    axes = _axes(attrs, len(x.shape))
    shape = list(x.shape)
    if attrs.get("onesided", True) and shape[axes[-1]] >= 0:
        shape[axes[-1]] = shape[axes[-1]] // 2 + 1
    return [Meta(tuple(shape), _COMPLEX[x.dtype])]


def _fft_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    axes = _axes(attrs, x.ndim)
    n = int(np.prod([x.shape[a] for a in axes]))
    xd = x.astype(np.float64)
    forward = bool(attrs.get("forward", True))
    out = np.fft.fftn(xd, axes=axes) if forward else np.fft.ifftn(xd, axes=axes) * n
    norm = str(attrs.get("normalization", "backward"))
    if norm == "ortho":
        out = out / np.sqrt(n)
    elif (norm == "forward") == forward:
        out = out / n
    if attrs.get("onesided", True):
        key = [slice(None)] * x.ndim
        key[axes[-1]] = slice(0, x.shape[axes[-1]] // 2 + 1)
        out = out[tuple(key)]
    return [np.ascontiguousarray(out.astype(np.complex128 if x.dtype == np.float64 else np.complex64))]


register(OpDef(name="pd_op.fft_r2c", operands=("x",), attrs=("axes", "normalization", "forward", "onesided"),
               infer_meta=_fft_meta, kernel=_fft_kernel, pattern=PatternKind.NON_FUSIBLE))
