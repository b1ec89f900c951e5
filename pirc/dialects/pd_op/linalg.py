"""pd_op matrix products: matmul, bmm, addmm, dot, mv.

Operand/attribute/result lists were checked against PaddlePaddle 3.3.1's PIR (see
``tests/dialects/gen_part2.py``).  ``F.linear`` emits ``pd_op.matmul`` + ``pd_op.add``; ``paddle.mm``
emits ``matmul``.

Shape-rule quirk reproduced from Paddle's infer-meta (the printed type, not the runtime
shape): matmul does not broadcast batch dims (the higher-rank operand's batch dims, or the
per-dim max for equal ranks, are printed).

Pattern kinds: CINN registered matmul as kOutFusible (TVM's kOutEWiseFusable), so the matmul
family is OUT_FUSIBLE (CINN denies matmul anyway).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op._nnutil import _compute_dtype, _eq_dim, _shape
from pirc.dialects.pd_op.common import (
    KernelArg,
    Meta,
    MetaArg,
    OpDef,
    PatternKind,
    ShapeError,
    broadcast_dims,
    meta_of,
    register,
)

# ---------------------------------------------------------------------------
# matmul / bmm / addmm / dot / mv
# ---------------------------------------------------------------------------

def _matmul_shape(xs: tuple[int, ...], ys: tuple[int, ...], tx: bool, ty: bool) -> tuple[int, ...]:
    if len(xs) == 0 or len(ys) == 0:
        raise ShapeError(f"matmul: operands must have rank >= 1, got {xs} and {ys}")
    x1, y1 = len(xs) == 1, len(ys) == 1
    xm = (1,) + xs if x1 else xs
    ym = ys + (1,) if y1 else ys
    m, k = (xm[-1], xm[-2]) if tx and not x1 else (xm[-2], xm[-1])
    k2, n = (ym[-1], ym[-2]) if ty and not y1 else (ym[-2], ym[-1])
    if not _eq_dim(k, k2):
        raise ShapeError(f"matmul: contracted dims differ: {xs} x {ys} (transpose_x={tx}, transpose_y={ty})")
    xb, yb = xm[:-2], ym[:-2]
    broadcast_dims(xb, yb)  # raises when the batch dims cannot broadcast
    # Paddle's MatmulInferMeta does not broadcast: it takes the batch dims of the
    # higher-rank operand, or the elementwise max for equal ranks (the kernel itself
    # broadcasts, so e.g. [2,1,3,4] x [5,4,2] prints 2x1x3x2 but computes 2x5x3x2).
    if len(xb) > len(yb):
        batch = xb
    elif len(xb) < len(yb):
        batch = yb
    else:
        batch = tuple(max(a, b) for a, b in zip(xb, yb, strict=True))
    return batch + (() if x1 else (m,)) + (() if y1 else (n,))


def _matmul_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, y = meta_of(args[0]), meta_of(args[1])
    if x.dtype != y.dtype:
        raise ShapeError(f"matmul: operand dtypes differ ({x.dtype} vs {y.dtype})")
    if x.shape is None or y.shape is None:
        return [Meta(None, x.dtype)]
    return [Meta(_matmul_shape(x.shape, y.shape, bool(attrs.get("transpose_x")), bool(attrs.get("transpose_y"))),
                 x.dtype)]


def _matmul_np(x: np.ndarray, y: np.ndarray, tx: bool, ty: bool) -> np.ndarray:
    cd = _compute_dtype(x)
    a = x.astype(cd, copy=False)
    b = y.astype(cd, copy=False)
    if tx and a.ndim >= 2:
        a = np.swapaxes(a, -1, -2)
    if ty and b.ndim >= 2:
        b = np.swapaxes(b, -1, -2)
    return np.asarray(np.matmul(a, b)).astype(x.dtype, copy=False)


def _matmul_fast(x: np.ndarray, y: np.ndarray, tx: bool, ty: bool) -> np.ndarray:
    """nnlib's batched GEMM (pirc/runtime/nn) for float32, the one the ahead-of-time program calls (same
    bits on both paths); numpy's otherwise."""
    from pirc.runtime.nn import fast

    out = fast.matmul(x, y, tx, ty)
    return out if out is not None else _matmul_np(x, y, tx, ty)


def _matmul_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    return [_matmul_fast(args[0], args[1], bool(attrs.get("transpose_x")), bool(attrs.get("transpose_y")))]


register(OpDef(name="pd_op.matmul", operands=("x", "y"), attrs=("transpose_x", "transpose_y"),
               infer_meta=_matmul_meta, kernel=_matmul_kernel, pattern=PatternKind.OUT_FUSIBLE))


def _bmm_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, y = meta_of(args[0]), meta_of(args[1])
    xs, ys = _shape(x), _shape(y)
    if len(xs) != 3 or len(ys) != 3:
        raise ShapeError(f"bmm: operands must be 3-D, got {xs} and {ys}")
    if x.dtype != y.dtype:
        raise ShapeError(f"bmm: operand dtypes differ ({x.dtype} vs {y.dtype})")
    if not _eq_dim(xs[0], ys[0]) or not _eq_dim(xs[2], ys[1]):
        raise ShapeError(f"bmm: shapes {xs} and {ys} do not fit")
    return [Meta((xs[0] if xs[0] != -1 else ys[0], xs[1], ys[2]), x.dtype)]


def _bmm_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, y = args[0], args[1]
    if x.ndim != 3 or y.ndim != 3 or x.shape[0] != y.shape[0] or x.shape[2] != y.shape[1]:
        raise ValueError(f"bmm: shapes {x.shape} and {y.shape} do not fit")
    return [_matmul_fast(x, y, False, False)]


register(OpDef(name="pd_op.bmm", operands=("x", "y"), infer_meta=_bmm_meta, kernel=_bmm_kernel,
               pattern=PatternKind.OUT_FUSIBLE))


def _addmm_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    inp, x, y = meta_of(args[0]), meta_of(args[1]), meta_of(args[2])
    xs, ys, ins = _shape(x), _shape(y), _shape(inp)
    if len(xs) != 2 or len(ys) != 2:
        raise ShapeError(f"addmm: x and y must be 2-D, got {xs} and {ys}")
    if not _eq_dim(xs[1], ys[0]):
        raise ShapeError(f"addmm: shapes {xs} and {ys} do not fit")
    if len(ins) > 2:
        raise ShapeError(f"addmm: input must have rank <= 2, got {ins}")
    out = broadcast_dims(ins, (xs[0], ys[1]))
    return [Meta(out, x.dtype)]


def _addmm_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    inp, x, y = args
    cd = _compute_dtype(x)
    prod = _matmul_np(x, y, False, False).astype(cd)
    alpha = np.asarray(attrs.get("alpha", 1.0), dtype=cd)
    beta = np.asarray(attrs.get("beta", 1.0), dtype=cd)
    out = beta * inp.astype(cd) + alpha * prod
    return [np.asarray(out).astype(x.dtype, copy=False)]


register(OpDef(name="pd_op.addmm", operands=("input", "x", "y"), attrs=("beta", "alpha"),
               infer_meta=_addmm_meta, kernel=_addmm_kernel, pattern=PatternKind.OUT_FUSIBLE))


def _dot_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, y = meta_of(args[0]), meta_of(args[1])
    xs, ys = _shape(x), _shape(y)
    if len(xs) != len(ys) or len(xs) not in (1, 2):
        raise ShapeError(f"dot: operands must both be 1-D or 2-D, got {xs} and {ys}")
    if not all(_eq_dim(a, b) for a, b in zip(xs, ys, strict=True)):
        raise ShapeError(f"dot: shapes {xs} and {ys} differ")
    return [Meta(xs[:-1] if xs[:-1] == () or xs[0] != -1 else ys[:-1], x.dtype)]


def _dot_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, y = args
    if x.shape != y.shape or x.ndim not in (1, 2):
        raise ValueError(f"dot: shapes {x.shape} and {y.shape} do not fit")
    if x.dtype == np.bool_:
        return [np.asarray(np.any(x & y, axis=-1))]
    cd = _compute_dtype(x)
    return [np.asarray(np.sum(x.astype(cd) * y.astype(cd), axis=-1)).astype(x.dtype)]


register(OpDef(name="pd_op.dot", operands=("x", "y"), infer_meta=_dot_meta, kernel=_dot_kernel,
               pattern=PatternKind.OUT_FUSIBLE))


def _mv_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, v = meta_of(args[0]), meta_of(args[1])
    xs, vs = _shape(x), _shape(v)
    if len(xs) != 2 or len(vs) != 1 or not _eq_dim(xs[1], vs[0]):
        raise ShapeError(f"mv: shapes {xs} and {vs} do not fit")
    return [Meta((xs[0],), x.dtype)]


def _mv_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, v = args
    if x.ndim != 2 or v.ndim != 1 or x.shape[1] != v.shape[0]:
        raise ValueError(f"mv: shapes {x.shape} and {v.shape} do not fit")
    return [_matmul_np(x, v, False, False)]


register(OpDef(name="pd_op.mv", operands=("x", "vec"), infer_meta=_mv_meta, kernel=_mv_kernel,
               pattern=PatternKind.OUT_FUSIBLE))
