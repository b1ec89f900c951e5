"""pd_op matrix ops (issue 29): diag, diag_embed, diagonal, trace, kron, cross, fill_diagonal,
fill_diagonal_tensor, baddbmm, multi_dot and the numpy.linalg ones -- cholesky, cholesky_solve,
inverse, det, slogdet, solve, triangular_solve, matrix_power, matrix_rank, matrix_rank_tol,
eigh, eigvalsh, svdvals.  Checked against Paddle 3.3.1 by tests/ops.

NON_FUSIBLE: Paddle's CINN registers none of them (baddbmm and multi_dot are contractions
that a library kernel runs).  Shapes Paddle leaves dynamic in its printed types (``-1``) are
dynamic here too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import (
    KernelArg, Meta, MetaArg, OpDef, PatternKind, ShapeError, broadcast_dims, meta_of, normalize_axis, register,
)

NON = PatternKind.NON_FUSIBLE


def _reg(name: str, operands: tuple[str, ...], infer: Any, kernel: Any, attrs: tuple[str, ...] = (),
         results: tuple[str, ...] = ("out",), inplace: bool = False, loose: frozenset[int] = frozenset()) -> None:
    register(OpDef(name=f"pd_op.{name}", operands=operands, attrs=attrs, results=results, infer_meta=infer,
                   kernel=kernel, pattern=NON, loose_results=loose))
    if inplace:
        register(OpDef(name=f"pd_op.{name}_", operands=operands, attrs=attrs, results=results, infer_meta=infer,
                       kernel=kernel, pattern=NON, traits=frozenset({"inplace"}), inplace={0: 0}, loose_results=loose))


def _same(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    return [Meta(x.shape, x.dtype)]


# --- diagonals ----------------------------------------------------------------------------------


def _diag_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    off = int(attrs.get("offset", 0))
    if x.shape is None:
        return [Meta(None, x.dtype)]
    if len(x.shape) <= 1:
        n = x.shape[0] if x.shape else 1
        m = -1 if n < 0 else n + abs(off)
        return [Meta((m, m), x.dtype)]
    if len(x.shape) != 2:
        raise ShapeError(f"diag: x must be 1-D or 2-D, got {x.shape}")
    r, c = x.shape
    if r < 0 or c < 0:
        return [Meta((-1,), x.dtype)]
    n = min(r, c - off) if off >= 0 else min(r + off, c)
    return [Meta((max(n, 0),), x.dtype)]


def _diag(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    off = int(attrs.get("offset", 0))
    if x.ndim <= 1:
        v = x.reshape(-1)
        n = v.size + abs(off)
        out = np.full((n, n), attrs.get("padding_value", 0), dtype=x.dtype)
        i = np.arange(v.size)
        out[i + max(-off, 0), i + max(off, 0)] = v
        return [out]
    return [np.ascontiguousarray(np.diagonal(x, off))]


def _diag_embed_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    off = int(attrs.get("offset", 0))
    rank = len(x.shape) + 1
    d1, d2 = normalize_axis(int(attrs.get("dim1", -2)), rank), normalize_axis(int(attrs.get("dim2", -1)), rank)
    n = -1 if x.shape[-1] < 0 else x.shape[-1] + abs(off)
    rest = list(x.shape[:-1])
    out = []
    for i in range(rank):
        out.append(n if i in (d1, d2) else rest.pop(0))
    return [Meta(tuple(out), x.dtype)]


def _diag_embed(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    off = int(attrs.get("offset", 0))
    rank = x.ndim + 1
    d1, d2 = normalize_axis(int(attrs.get("dim1", -2)), rank), normalize_axis(int(attrs.get("dim2", -1)), rank)
    n = x.shape[-1] + abs(off)
    tmp = np.zeros(x.shape[:-1] + (n, n), x.dtype)
    i = np.arange(x.shape[-1])
    tmp[..., i + max(-off, 0), i + max(off, 0)] = x
    # tmp has the diagonal dims last; move them to (d1, d2)
    src = [rank - 2, rank - 1]
    if d1 > d2:
        d1, d2 = d2, d1
        tmp = np.swapaxes(tmp, -1, -2)
    return [np.ascontiguousarray(np.moveaxis(tmp, src, [d1, d2]))]


def _diagonal_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    r = len(x.shape)
    a1, a2 = normalize_axis(int(attrs.get("axis1", 0)), r), normalize_axis(int(attrs.get("axis2", 1)), r)
    off = int(attrs.get("offset", 0))
    n1, n2 = x.shape[a1], x.shape[a2]
    n = -1 if n1 < 0 or n2 < 0 else max(0, min(n1, n2 - off) if off >= 0 else min(n1 + off, n2))
    return [Meta(tuple(d for i, d in enumerate(x.shape) if i not in (a1, a2)) + (n,), x.dtype)]


def _diagonal(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    return [np.ascontiguousarray(np.diagonal(x, int(attrs.get("offset", 0)), int(attrs.get("axis1", 0)),
                                             int(attrs.get("axis2", 1))))]


def _trace_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    r = len(x.shape)
    a1, a2 = normalize_axis(int(attrs.get("axis1", 0)), r), normalize_axis(int(attrs.get("axis2", 1)), r)
    return [Meta(tuple(d for i, d in enumerate(x.shape) if i not in (a1, a2)), x.dtype)]


def _trace(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    out = np.trace(x, int(attrs.get("offset", 0)), int(attrs.get("axis1", 0)), int(attrs.get("axis2", 1)), dtype=x.dtype)
    return [np.asarray(out, dtype=x.dtype)]


def _fill_diagonal(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.array(args[0], copy=True)
    off, wrap = int(attrs.get("offset", 0)), bool(attrs.get("wrap", False))
    val = attrs.get("value", 0.0)
    if x.ndim == 2:
        r, c = x.shape
        flat = x.reshape(-1)
        stride = c + 1
        size = flat.size if wrap else min(r, c) * c
        for k in range(0, size, stride):
            j = k % c + off
            row = k // c
            if 0 <= j < c and (wrap or row < r):
                flat[row * c + j] = val
        return [flat.reshape(x.shape)]
    n = min(x.shape)
    for i in range(n):
        x[(i,) * x.ndim] = val
    return [x]


def _fill_diagonal_tensor(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, y = np.array(args[0], copy=True), np.asarray(args[1])
    off = int(attrs.get("offset", 0))
    d1, d2 = normalize_axis(int(attrs.get("dim1", 0)), x.ndim), normalize_axis(int(attrs.get("dim2", 1)), x.ndim)
    xm = np.moveaxis(x, [d1, d2], [-2, -1])
    n = np.diagonal(xm, off, -2, -1).shape[-1]
    i = np.arange(n)
    xm[..., i + max(-off, 0), i + max(off, 0)] = y.astype(x.dtype)
    return [np.ascontiguousarray(np.moveaxis(xm, [-2, -1], [d1, d2]))]


# --- products -----------------------------------------------------------------------------------


def _kron_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, y = meta_of(args[0]), meta_of(args[1])
    if x.shape is None or y.shape is None:
        return [Meta(None, x.dtype)]
    n = max(len(x.shape), len(y.shape))
    a = (1,) * (n - len(x.shape)) + x.shape
    b = (1,) * (n - len(y.shape)) + y.shape
    return [Meta(tuple(-1 if p < 0 or q < 0 else p * q for p, q in zip(a, b, strict=True)), x.dtype)]


def _cross_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, y = meta_of(args[0]), meta_of(args[1])
    return [Meta(x.shape, x.dtype)]


def _cross(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, y = np.asarray(args[0]), np.asarray(args[1])
    ax = int(attrs.get("axis", 9))
    if ax == 9 or ax == 1000:  # Paddle's default: the first axis of size 3
        ax = next(i for i, d in enumerate(x.shape) if d == 3)
    return [np.cross(x, y, axis=normalize_axis(ax, x.ndim)).astype(x.dtype)]


def _baddbmm_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    i, x, y = (meta_of(a) for a in args[:3])
    if x.shape is None or y.shape is None:
        return [Meta(None, i.dtype)]
    return [Meta((x.shape[0], x.shape[1], y.shape[2]), i.dtype)]


def _baddbmm(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    i, x, y = (np.asarray(a) for a in args[:3])
    a, b = float(np.float32(attrs.get("alpha", 1.0))), float(np.float32(attrs.get("beta", 1.0)))
    cd = np.float64 if x.dtype == np.float64 else np.float32
    out = cd(b) * i.astype(cd) + cd(a) * np.matmul(x.astype(cd), y.astype(cd))
    return [out.astype(i.dtype)]


def _multi_dot_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    xs = args[0]
    if not isinstance(xs, list) or not xs:
        raise ShapeError("multi_dot: expects a list of tensors")
    first, last = meta_of(xs[0]), meta_of(xs[-1])
    if first.shape is None or last.shape is None:
        return [Meta(None, first.dtype)]
    rows = first.shape[:-1] if len(first.shape) == 2 else ()
    cols = last.shape[1:] if len(last.shape) == 2 else ()
    return [Meta(tuple(rows) + tuple(cols), first.dtype)]


def _multi_dot(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    xs = [np.asarray(a) for a in args[0]]  # type: ignore[union-attr]
    return [np.asarray(np.linalg.multi_dot(xs)).astype(xs[0].dtype)]


# --- numpy.linalg -------------------------------------------------------------------------------


def _lin(fn: Any) -> Any:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        arrs = [None if a is None else np.asarray(a) for a in args]
        dt = arrs[0].dtype  # type: ignore[union-attr]
        outs = fn(*[None if a is None else a.astype(np.float64) for a in arrs], attrs)
        outs = outs if isinstance(outs, list) else [outs]
        return [np.require(np.asarray(o).astype(dt if np.asarray(o).dtype.kind == "f" else np.asarray(o).dtype),
                           requirements="C") for o in outs]

    return kernel


def _det_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    return [Meta(None if x.shape is None else x.shape[:-2], x.dtype)]


def _slogdet(x: np.ndarray, attrs: Mapping[str, Any]) -> np.ndarray:
    s, ld = np.linalg.slogdet(x)
    return np.stack([s, ld])


def _solve_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, y = meta_of(args[0]), meta_of(args[1])
    if x.shape is None or y.shape is None:
        return [Meta(None, x.dtype)]
    if len(y.shape) == 1:
        return [Meta(x.shape[:-2] + y.shape, x.dtype)]
    return [Meta(broadcast_dims(x.shape[:-2], y.shape[:-2]) + y.shape[-2:], x.dtype)]


def _solve(x: np.ndarray, y: np.ndarray, attrs: Mapping[str, Any]) -> np.ndarray:
    if y.ndim == 1:
        return np.linalg.solve(x, y[:, None])[..., 0]
    return np.linalg.solve(x, y)


def _tri_solve(x: np.ndarray, y: np.ndarray, attrs: Mapping[str, Any]) -> np.ndarray:
    a = np.triu(x) if attrs.get("upper", True) else np.tril(x)
    if attrs.get("unitriangular", False):
        a = a.copy()
        idx = np.arange(a.shape[-1])
        a[..., idx, idx] = 1.0
    if attrs.get("transpose", False):
        a = np.swapaxes(a, -1, -2)
    return np.linalg.solve(a, y)


def _chol_solve_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, y = meta_of(args[0]), meta_of(args[1])
    if x.shape is None or y.shape is None:
        return [Meta(None, x.dtype)]
    return [Meta(broadcast_dims(x.shape[:-2], y.shape[:-2]) + x.shape[-2:], x.dtype)]


def _chol_solve(b: np.ndarray, u: np.ndarray, attrs: Mapping[str, Any]) -> np.ndarray:
    a = np.swapaxes(u, -1, -2) @ u if attrs.get("upper", False) else u @ np.swapaxes(u, -1, -2)
    return np.linalg.solve(a, b)


def _cholesky(x: np.ndarray, attrs: Mapping[str, Any]) -> np.ndarray:
    low = np.linalg.cholesky(x)
    return np.swapaxes(low, -1, -2) if attrs.get("upper", False) else low


def _matrix_power(x: np.ndarray, attrs: Mapping[str, Any]) -> np.ndarray:
    n = int(attrs.get("n", 1))
    if n < 0:
        x, n = np.linalg.inv(x), -n
    return np.linalg.matrix_power(x, n)


def _rank_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    # Paddle prints float32 as the result type; its kernel hands back int64 data
    x = meta_of(args[0])
    return [Meta(None if x.shape is None else x.shape[:-2], "float32")]


def _rank_kernel(with_tol: bool) -> Any:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x = np.asarray(args[0]).astype(np.float64)
        hermitian = bool(attrs.get("hermitian", False))
        s = np.abs(np.linalg.eigvalsh(x)) if hermitian else np.linalg.svd(x, compute_uv=False)
        if with_tol:
            tol = np.asarray(args[1], dtype=np.float64)
            tol = tol[..., None] if tol.ndim else tol
        elif attrs.get("use_default_tol", True):
            eps = np.finfo(np.asarray(args[0]).dtype).eps
            tol = (s.max(axis=-1, keepdims=True) if s.size else 0.0) * max(x.shape[-2:]) * eps
        else:
            tol = float(attrs.get("tol", 0.0))
        return [np.asarray((s > tol).sum(axis=-1), dtype=np.int64)]

    return kernel


def _eigh_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype), Meta(None, x.dtype)]
    return [Meta(x.shape[:-1], x.dtype), Meta(x.shape, x.dtype)]


def _eigh(x: np.ndarray, attrs: Mapping[str, Any]) -> list[np.ndarray]:
    uplo = str(attrs.get("UPLO", attrs.get("uplo", "L")))
    w, v = np.linalg.eigh(x, UPLO=uplo)
    # eigenvectors are defined up to sign: Paddle's (LAPACK's) normalisation is not reproduced
    return [w, v]


def _svdvals_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    m, n = x.shape[-2:]
    return [Meta(x.shape[:-2] + (-1 if m < 0 or n < 0 else min(m, n),), x.dtype)]


def _register() -> None:
    _reg("diag", ("x",), _diag_meta, _diag, attrs=("offset", "padding_value"))
    _reg("diag_embed", ("input",), _diag_embed_meta, _diag_embed, attrs=("offset", "dim1", "dim2"))
    _reg("diagonal", ("x",), _diagonal_meta, _diagonal, attrs=("offset", "axis1", "axis2"))
    _reg("trace", ("x",), _trace_meta, _trace, attrs=("offset", "axis1", "axis2"))
    _reg("fill_diagonal", ("x",), _same, _fill_diagonal, attrs=("value", "offset", "wrap"), inplace=True)
    _reg("fill_diagonal_tensor", ("x", "y"), _same, _fill_diagonal_tensor, attrs=("offset", "dim1", "dim2"),
         inplace=True)
    _reg("kron", ("x", "y"), _kron_meta, lambda a, at: [np.kron(np.asarray(a[0]), np.asarray(a[1])).astype(np.asarray(a[0]).dtype)])
    _reg("cross", ("x", "y"), _cross_meta, _cross, attrs=("axis",))
    _reg("baddbmm", ("input", "x", "y"), _baddbmm_meta, _baddbmm, attrs=("beta", "alpha"), inplace=True)
    _reg("multi_dot", ("x[]",), _multi_dot_meta, _multi_dot)
    _reg("cholesky", ("x",), _same, _lin(_cholesky), attrs=("upper",))
    _reg("cholesky_solve", ("x", "y"), _chol_solve_meta, _lin(_chol_solve), attrs=("upper",))
    _reg("inverse", ("x",), _same, _lin(lambda x, at: np.linalg.inv(x)))
    _reg("det", ("x",), _det_meta, _lin(lambda x, at: np.linalg.det(x)))
    # Paddle prints slogdet's result with x's type; the data are [sign, log|det|] stacked first
    _reg("slogdet", ("x",), _same, _lin(_slogdet), loose=frozenset({0}))
    _reg("solve", ("x", "y"), _solve_meta, _lin(_solve))
    _reg("triangular_solve", ("x", "y"), _solve_meta, _lin(_tri_solve), attrs=("upper", "transpose", "unitriangular"))
    _reg("matrix_power", ("x",), _same, _lin(_matrix_power), attrs=("n",))
    _reg("matrix_rank", ("x",), _rank_meta, _rank_kernel(False), attrs=("tol", "use_default_tol", "hermitian"))
    _reg("matrix_rank_tol", ("x", "atol_tensor"), _rank_meta, _rank_kernel(True), attrs=("use_default_tol", "hermitian"))
    _reg("eigh", ("x",), _eigh_meta, _lin(_eigh), attrs=("UPLO",), results=("out_w", "out_v"))
    _reg("eigvalsh", ("x",), _eigh_meta, _lin(lambda x, at: [np.linalg.eigvalsh(x, UPLO=str(at.get("uplo", "L"))),
                                                            np.zeros_like(x)]),
         attrs=("uplo", "is_test"), results=("eigenvalues", "eigenvectors"))
    _reg("svdvals", ("x",), _svdvals_meta, _lin(lambda x, at: np.linalg.svd(x, compute_uv=False)))


_register()
