"""More pd_op reductions, scans and selections (issue 29): nansum, variance, frobenius_norm,
mean_all, l1_norm, squared_l2_norm, clip_by_norm, renorm, cumprod, cummax, cummin,
logcumsumexp, kthvalue, mode, median, nanmedian.  Checked against Paddle 3.3.1 by tests/ops.

All NON_FUSIBLE: CINN reduces only through ``cinn_op.reduce_*``, which pd_to_cinn does not
make from these (Paddle's CINN does not register them either).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import (
    KernelArg, Meta, MetaArg, OpDef, PatternKind, as_int_list, meta_of, normalize_axis, register,
)

NON = PatternKind.NON_FUSIBLE


def _reg(name: str, operands: tuple[str, ...], infer: Any, kernel: Any, attrs: tuple[str, ...] = (),
         results: tuple[str, ...] = ("out",), inplace: bool = False) -> None:
    register(OpDef(name=f"pd_op.{name}", operands=operands, attrs=attrs, results=results, infer_meta=infer,
                   kernel=kernel, pattern=NON))
    if inplace:
        register(OpDef(name=f"pd_op.{name}_", operands=operands, attrs=attrs, results=results, infer_meta=infer,
                       kernel=kernel, pattern=NON, traits=frozenset({"inplace"}), inplace={0: 0}))


def _axes(axis: Any, rank: int) -> tuple[int, ...]:
    ax = as_int_list(axis) if axis is not None else []
    if not ax:
        return tuple(range(rank))
    return tuple(sorted({normalize_axis(a, rank) for a in ax}))


def _reduced_shape(shape: tuple[int, ...] | None, axes: Any, keepdim: bool, reduce_all: bool = False) -> tuple[int, ...] | None:
    if shape is None:
        return None
    ax = tuple(range(len(shape))) if reduce_all else _axes(axes, len(shape))
    if keepdim:
        return tuple(1 if i in ax else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in ax)


def _axis_arg(args: Sequence[Any], attrs: Mapping[str, Any], k: int, name: str = "axis") -> Any:
    if len(args) > k and args[k] is not None:
        a = args[k]
        return a.const if isinstance(a, Meta) else a
    return attrs.get(name, [])


# --- nansum / variance / frobenius_norm --------------------------------------------------------


def _nansum_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    dt = str(attrs.get("dtype", "Undefined"))
    if dt in ("Undefined", "undefined", ""):
        dt = "int64" if x.dtype in ("bool", "int32", "int64") else x.dtype
    return [Meta(_reduced_shape(x.shape, attrs.get("axis", []), bool(attrs.get("keepdim", False))), dt)]


def _nansum(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    dt = _nansum_meta([Meta(x.shape, x.dtype.name if x.dtype != np.bool_ else "bool")], attrs)[0].dtype
    ax = _axes(attrs.get("axis", []), x.ndim)
    out = np.nansum(x, axis=ax, keepdims=bool(attrs.get("keepdim", False)))
    return [np.asarray(out).astype(dt)]


def _variance_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    return [Meta(_reduced_shape(x.shape, attrs.get("axis", []), bool(attrs.get("keepdim", False))), x.dtype)]


def _variance(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    ax = _axes(attrs.get("axis", []), x.ndim)
    with np.errstate(all="ignore"):
        out = np.var(x.astype(np.float64), axis=ax, keepdims=bool(attrs.get("keepdim", False)))
    return [np.asarray(out).astype(x.dtype)]


def _fro_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    return [Meta(_reduced_shape(x.shape, _axis_arg(args, attrs, 1), bool(attrs.get("keep_dim", False)),
                                bool(attrs.get("reduce_all", False))), x.dtype)]


def _fro(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    ax = tuple(range(x.ndim)) if attrs.get("reduce_all", False) else _axes(args[1], x.ndim)
    out = np.sqrt(np.sum(np.square(x.astype(np.float64)), axis=ax, keepdims=bool(attrs.get("keep_dim", False))))
    return [np.asarray(out).astype(x.dtype)]


# --- whole-tensor norms -------------------------------------------------------------------------


def _scalar_meta(shape: tuple[int, ...]) -> Any:
    return lambda args, attrs: [Meta(shape, meta_of(args[0]).dtype)]


def _mean_all(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    return [np.asarray(x.astype(np.float64).mean() if x.size else np.nan).astype(x.dtype)]


def _l1(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    return [np.asarray(np.abs(x.astype(np.float64)).sum()).astype(x.dtype)]


def _sq_l2(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    return [np.asarray([np.square(x.astype(np.float64)).sum()]).astype(x.dtype)]


def _clip_by_norm(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    mx = float(np.float32(attrs.get("max_norm", 1.0)))
    n = float(np.sqrt(np.square(x.astype(np.float64)).sum()))
    out = x.astype(np.float64) * (mx / n) if n > mx else x.astype(np.float64)
    return [out.astype(x.dtype)]


def _renorm(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    p = float(attrs.get("p", 2.0))
    ax = normalize_axis(int(attrs.get("axis", 0)), x.ndim)
    mx = float(np.float32(attrs.get("max_norm", 1.0)))
    other = tuple(i for i in range(x.ndim) if i != ax)
    x64 = x.astype(np.float64)
    n = np.sum(np.abs(x64) ** p, axis=other, keepdims=True) ** (1.0 / p)
    scale = np.where(n > mx, mx / (n + 1e-7), 1.0)
    return [(x64 * scale).astype(x.dtype)]


# --- scans --------------------------------------------------------------------------------------


def _scan_axis(x: np.ndarray, attrs: Mapping[str, Any], key: str = "axis") -> tuple[np.ndarray, int]:
    if attrs.get("flatten", False):
        return x.reshape(-1), 0
    if x.ndim == 0:
        return x.reshape(1), 0
    return x, normalize_axis(int(attrs.get(key, -1)), x.ndim)


def _cumprod(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x0 = np.asarray(args[0])
    x, ax = _scan_axis(x0, attrs, "dim")
    rev, exc = bool(attrs.get("reverse", False)), bool(attrs.get("exclusive", False))
    y = np.flip(x, ax) if rev else x
    out = np.cumprod(y, axis=ax, dtype=x.dtype)
    if exc:
        out = np.concatenate([np.ones_like(np.take(out, [0], ax)), np.delete(out, -1, ax)], ax) if out.shape[ax] else out
    out = np.flip(out, ax) if rev else out
    return [np.ascontiguousarray(out).reshape(x0.shape)]


def _logcumsumexp(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x0 = np.asarray(args[0])
    x, ax = _scan_axis(x0, attrs)
    rev, exc = bool(attrs.get("reverse", False)), bool(attrs.get("exclusive", False))
    y = np.flip(x, ax) if rev else x
    out = np.logaddexp.accumulate(y.astype(np.float64), axis=ax)
    if exc:
        out = np.concatenate([np.full_like(np.take(out, [0], ax), -np.inf), np.delete(out, -1, ax)], ax)
    out = np.flip(out, ax) if rev else out
    return [np.ascontiguousarray(out).astype(x0.dtype).reshape(x.shape if attrs.get("flatten", False) else x0.shape)]


def _logcumsumexp_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if attrs.get("flatten", False):
        n = -1 if x.shape is None or any(d < 0 for d in x.shape) else int(np.prod(x.shape))
        return [Meta((n,), x.dtype)]
    return [Meta(x.shape, x.dtype)]


def _cumext(is_max: bool) -> Any:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x0 = np.asarray(args[0])
        x, ax = _scan_axis(x0, attrs)
        idt = str(attrs.get("dtype", "int64"))
        xm = np.moveaxis(x, ax, -1)
        vals = np.empty_like(xm)
        idx = np.zeros(xm.shape, dtype=idt)
        n = xm.shape[-1]
        if n:
            best = xm[..., 0].copy()
            bi = np.zeros(best.shape, dtype=np.int64)
            for i in range(n):
                v = xm[..., i]
                if xm.dtype.kind == "f":
                    take = (v >= best) if is_max else (v <= best)
                    take = take | np.isnan(v)
                    take = take & ~(np.isnan(best) & ~np.isnan(v)) if i else take
                else:
                    take = (v >= best) if is_max else (v <= best)
                best = np.where(take, v, best)
                bi = np.where(take, i, bi)
                vals[..., i] = best
                idx[..., i] = bi
        return [np.ascontiguousarray(np.moveaxis(vals, -1, ax)).reshape(x0.shape),
                np.ascontiguousarray(np.moveaxis(idx, -1, ax)).reshape(x0.shape)]

    return kernel


def _cumext_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    return [Meta(x.shape, x.dtype), Meta(x.shape, str(attrs.get("dtype", "int64")))]


# --- selections ---------------------------------------------------------------------------------


def _sel_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype), Meta(None, "int64")]
    if not x.shape:
        return [Meta((), x.dtype), Meta((), "int64")]
    ax = normalize_axis(int(attrs.get("axis", -1)), len(x.shape))
    shp = _reduced_shape(x.shape, [ax], bool(attrs.get("keepdim", False)))
    return [Meta(shp, x.dtype), Meta(shp, "int64")]


def _kthvalue(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    k = int(attrs.get("k", 1))
    if x.ndim == 0:
        return [x.copy(), np.asarray(0, np.int64)]
    ax = normalize_axis(int(attrs.get("axis", -1)), x.ndim)
    order = np.argsort(x, axis=ax, kind="stable")
    idx = np.take(order, [k - 1], axis=ax)
    val = np.take_along_axis(x, idx, axis=ax)
    if not attrs.get("keepdim", False):
        idx, val = np.squeeze(idx, ax), np.squeeze(val, ax)
    return [np.ascontiguousarray(val), np.ascontiguousarray(idx.astype(np.int64))]


def _mode(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    if x.ndim == 0:
        return [x.copy(), np.asarray(0, np.int64)]
    ax = normalize_axis(int(attrs.get("axis", -1)), x.ndim)
    xm = np.moveaxis(x, ax, -1)
    flat = xm.reshape(-1, xm.shape[-1])
    vals = np.empty(flat.shape[0], x.dtype)
    idx = np.empty(flat.shape[0], np.int64)
    for r, row in enumerate(flat):
        # the most frequent value (the smallest one on ties) and its last occurrence in the row
        u, c = np.unique(row, return_counts=True)
        best = u[np.flatnonzero(c == c.max())[0]]
        vals[r] = best
        idx[r] = np.flatnonzero(row == best)[-1]
    shp = xm.shape[:-1]
    v, i = vals.reshape(shp), idx.reshape(shp)
    if attrs.get("keepdim", False):
        v, i = np.expand_dims(v, ax), np.expand_dims(i, ax)
    return [v, i]


def _median_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    axis = as_int_list(attrs.get("axis", []))
    keep = bool(attrs.get("keepdim", False))
    shp = _reduced_shape(x.shape, axis, keep)
    if x.shape is not None and not axis:
        shp = (1,) * len(x.shape) if keep else ()
    mode = str(attrs.get("mode", "avg"))
    ishape: Any = None
    if mode == "avg" and shp is not None:
        ishape = (*shp, 2)
    elif shp is not None:
        ishape = shp
    return [Meta(shp, x.dtype), Meta(ishape, "int64")]


def _median(ignore_nan: bool) -> Any:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x = np.asarray(args[0])
        axis = as_int_list(attrs.get("axis", []))
        keep = bool(attrs.get("keepdim", False))
        mode = str(attrs.get("mode", "avg"))
        if not axis:
            xm = x.reshape(1, -1)
            out_shape: tuple[int, ...] = (1,) * x.ndim if keep else ()
        else:
            ax = normalize_axis(axis[0], x.ndim)
            xm = np.moveaxis(x, ax, -1)
            out_shape = tuple(1 if i == ax else d for i, d in enumerate(x.shape)) if keep else xm.shape[:-1]
            xm = xm.reshape(-1, x.shape[ax])
        vals = np.empty(xm.shape[0], x.dtype)
        idxs = np.zeros((xm.shape[0], 2 if mode == "avg" else 1), np.int64)
        for r, row in enumerate(xm):
            nanm = np.isnan(row) if row.dtype.kind == "f" else np.zeros(row.shape, bool)
            if nanm.any() and not ignore_nan:
                vals[r] = np.nan
                first = int(np.flatnonzero(nanm)[0])
                idxs[r] = first
                continue
            valid = np.flatnonzero(~nanm)
            if valid.size == 0:
                vals[r] = np.nan
                idxs[r] = -1
                continue
            order = valid[np.argsort(row[valid], kind="stable")]
            n = order.size
            if mode == "avg":
                lo, hi = order[(n - 1) // 2], order[n // 2]
                vals[r] = (row[lo].astype(np.float64) + row[hi]) / 2 if n % 2 == 0 else row[hi]
                idxs[r] = (lo, hi)
            else:
                m = order[(n - 1) // 2]
                vals[r] = row[m]
                idxs[r] = m
        v = vals.reshape(out_shape)
        i = idxs.reshape((*out_shape, 2)) if mode == "avg" else idxs.reshape(out_shape)
        return [v, i]

    return kernel


def _register() -> None:
    _reg("nansum", ("x",), _nansum_meta, _nansum, attrs=("axis", "dtype", "keepdim"))
    _reg("variance", ("x",), _variance_meta, _variance, attrs=("axis", "keepdim"))
    _reg("frobenius_norm", ("x", "axis"), _fro_meta, _fro, attrs=("keep_dim", "reduce_all"))
    _reg("mean_all", ("x",), _scalar_meta(()), _mean_all)
    _reg("l1_norm", ("x",), _scalar_meta(()), _l1, inplace=True)
    _reg("squared_l2_norm", ("x",), _scalar_meta((1,)), _sq_l2)
    _reg("clip_by_norm", ("x",), lambda a, at: [Meta(meta_of(a[0]).shape, meta_of(a[0]).dtype)], _clip_by_norm,
         attrs=("max_norm",))
    _reg("renorm", ("x",), lambda a, at: [Meta(meta_of(a[0]).shape, meta_of(a[0]).dtype)], _renorm,
         attrs=("p", "axis", "max_norm"), inplace=True)
    same = lambda a, at: [Meta(meta_of(a[0]).shape, meta_of(a[0]).dtype)]  # noqa: E731
    _reg("cumprod", ("x",), same, _cumprod, attrs=("dim", "exclusive", "reverse"), inplace=True)
    _reg("logcumsumexp", ("x",), _logcumsumexp_meta, _logcumsumexp, attrs=("axis", "flatten", "exclusive", "reverse"))
    _reg("cummax", ("x",), _cumext_meta, _cumext(True), attrs=("axis", "dtype"), results=("out", "indices"))
    _reg("cummin", ("x",), _cumext_meta, _cumext(False), attrs=("axis", "dtype"), results=("out", "indices"))
    _reg("kthvalue", ("x",), _sel_meta, _kthvalue, attrs=("k", "axis", "keepdim"), results=("out", "indices"))
    _reg("mode", ("x",), _sel_meta, _mode, attrs=("axis", "keepdim"), results=("out", "indices"))
    _reg("median", ("x",), _median_meta, _median(False), attrs=("axis", "keepdim", "mode"),
         results=("out", "median_index"))
    _reg("nanmedian", ("x",), _median_meta, _median(True), attrs=("axis", "keepdim", "mode"),
         results=("out", "median_index"))


_register()
