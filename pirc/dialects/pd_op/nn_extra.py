"""More pd_op shape, indexing, loss and random ops (issue 29): broadcast_tensors, reverse, crop,
multiplex, index_add, is_empty, shard_index, channel_shuffle, pixel_unshuffle, maxout, frame,
overlap_add, searchsorted, bincount, histogram, unique_consecutive, sequence_mask, gather_tree,
empty_like, logspace, bce_loss, log_loss, huber_loss, kldiv_loss,
sigmoid_cross_entropy_with_logits, nll_loss, label_smooth, accuracy, swiglu, bilinear,
randint, randperm, bernoulli, poisson, truncated_gaussian_random.  Checked against Paddle 3.3.1
by tests/ops; the random ones on shape, dtype, range and mean (their streams are not Paddle's).

NON_FUSIBLE (Paddle's CINN registers none of them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import (
    KernelArg, Meta, MetaArg, OpDef, PatternKind, as_int_list, broadcast_dims, meta_of, normalize_axis, numpy_dtype,
    register,
)

NON = PatternKind.NON_FUSIBLE


def _reg(name: str, operands: tuple[str, ...], infer: Any, kernel: Any, attrs: tuple[str, ...] = (),
         results: tuple[str, ...] = ("out",), inplace: bool = False, traits: frozenset[str] = frozenset()) -> None:
    register(OpDef(name=f"pd_op.{name}", operands=operands, attrs=attrs, results=results, infer_meta=infer,
                   kernel=kernel, pattern=NON, traits=traits))
    if inplace:
        register(OpDef(name=f"pd_op.{name}_", operands=operands, attrs=attrs, results=results, infer_meta=infer,
                       kernel=kernel, pattern=NON, traits=traits | {"inplace"}, inplace={0: 0}))


def _same(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    return [Meta(x.shape, x.dtype)]


def _unknown(dtype: str | None = None, n: int = 1) -> Any:
    """Shape rule that leaves the rank open (data-dependent results)."""
    return lambda args, attrs: [Meta(None, dtype or meta_of(args[0]).dtype)] * n


def _f(v: Any) -> float:
    return float(np.float32(v))


# --- shape / indexing ---------------------------------------------------------------------------


def _bt_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Any]:
    xs = [meta_of(m) for m in args[0]]  # type: ignore[union-attr]
    if any(m.shape is None for m in xs):
        return [Meta(None, m.dtype) for m in xs]
    shp: tuple[int, ...] = ()
    for m in xs:
        shp = broadcast_dims(shp, m.shape)  # type: ignore[arg-type]
    return [Meta(shp, m.dtype) for m in xs]


def _bt(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[Any]:
    xs = [np.asarray(a) for a in args[0]]  # type: ignore[union-attr]
    return [np.ascontiguousarray(a) for a in np.broadcast_arrays(*xs)]


def _reverse(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    return [np.ascontiguousarray(np.flip(x, tuple(normalize_axis(a, x.ndim) for a in as_int_list(args[1]))))]


def _crop_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    s = meta_of(args[1]).const if args[1] is not None else None
    if s is None:
        return [Meta(None if x.shape is None else (-1,) * len(x.shape), x.dtype)]
    shp = as_int_list(s)
    return [Meta(tuple(x.shape[i] if d == -1 and x.shape is not None else d for i, d in enumerate(shp)), x.dtype)]


def _crop(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    shp = as_int_list(args[1])
    off = as_int_list(args[2]) if args[2] is not None else [0] * x.ndim
    sl = tuple(slice(o, o + (x.shape[i] - o if s == -1 else s)) for i, (o, s) in enumerate(zip(off, shp, strict=True)))
    return [np.ascontiguousarray(x[sl])]


def _multiplex_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    first = meta_of(args[0][0])  # type: ignore[index]
    return [Meta(first.shape, first.dtype)]


def _multiplex(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    xs = np.stack([np.asarray(a) for a in args[0]])  # type: ignore[union-attr]
    idx = np.asarray(args[1]).reshape(-1)
    return [np.ascontiguousarray(xs[idx, np.arange(idx.size)])]


def _index_add(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, idx, v = np.array(args[0], copy=True), np.asarray(args[1]).reshape(-1), np.asarray(args[2])
    ax = normalize_axis(int(attrs.get("axis", 0)), x.ndim)
    xm, vm = np.moveaxis(x, ax, 0), np.moveaxis(v, ax, 0)
    np.add.at(xm, idx, vm.astype(x.dtype))
    return [np.ascontiguousarray(np.moveaxis(xm, 0, ax))]


def _shard_index(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    n, ns, sid = int(attrs["index_num"]), int(attrs["nshards"]), int(attrs["shard_id"])
    size = (n + ns - 1) // ns
    ign = int(attrs.get("ignore_value", -1))
    return [np.where(x // size == sid, x % size, ign).astype(x.dtype)]


def _channel_shuffle(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    g = int(attrs["groups"])
    nhwc = str(attrs.get("data_format", "NCHW")) == "NHWC"
    if nhwc:
        x = np.moveaxis(x, -1, 1)
    n, c, h, w = x.shape
    out = x.reshape(n, g, c // g, h, w).swapaxes(1, 2).reshape(n, c, h, w)
    return [np.ascontiguousarray(np.moveaxis(out, 1, -1) if nhwc else out)]


def _pixel_unshuffle_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    r = int(attrs.get("downscale_factor", 1))
    if x.shape is None:
        return [Meta(None, x.dtype)]
    n, c, h, w = x.shape if str(attrs.get("data_format", "NCHW")) == "NCHW" else (x.shape[0], x.shape[3], *x.shape[1:3])
    d = lambda v, k: -1 if v < 0 else v * k  # noqa: E731
    q = lambda v: -1 if v < 0 else v // r  # noqa: E731
    out = (n, d(c, r * r), q(h), q(w))
    if str(attrs.get("data_format", "NCHW")) != "NCHW":
        out = (out[0], out[2], out[3], out[1])
    return [Meta(out, x.dtype)]


def _pixel_unshuffle(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    r = int(attrs.get("downscale_factor", 1))
    nhwc = str(attrs.get("data_format", "NCHW")) == "NHWC"
    if nhwc:
        x = np.moveaxis(x, -1, 1)
    n, c, h, w = x.shape
    out = x.reshape(n, c, h // r, r, w // r, r).transpose(0, 1, 3, 5, 2, 4).reshape(n, c * r * r, h // r, w // r)
    return [np.ascontiguousarray(np.moveaxis(out, 1, -1) if nhwc else out)]


def _maxout_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    ax = normalize_axis(int(attrs.get("axis", 1)), len(x.shape))
    g = int(attrs["groups"])
    return [Meta(tuple(-1 if i == ax and d < 0 else d // g if i == ax else d for i, d in enumerate(x.shape)), x.dtype)]


def _maxout(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    ax = normalize_axis(int(attrs.get("axis", 1)), x.ndim)
    g = int(attrs["groups"])
    shp = x.shape[:ax] + (x.shape[ax] // g, g) + x.shape[ax + 1:]
    return [np.ascontiguousarray(x.reshape(shp).max(axis=ax + 1))]


def _frame(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    fl, hop = int(attrs["frame_length"]), int(attrs["hop_length"])
    last = int(attrs.get("axis", -1)) != 0
    n = 1 + (x.shape[-1 if last else 0] - fl) // hop
    if last:
        out = np.stack([x[..., i * hop:i * hop + fl] for i in range(n)], axis=-1)
    else:
        out = np.stack([x[i * hop:i * hop + fl] for i in range(n)], axis=0)
    return [np.ascontiguousarray(out)]


def _frame_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    fl, hop = int(attrs["frame_length"]), int(attrs["hop_length"])
    last = int(attrs.get("axis", -1)) != 0
    L = x.shape[-1] if last else x.shape[0]
    n = -1 if L < 0 else 1 + (L - fl) // hop
    out = x.shape[:-1] + (fl, n) if last else (n, fl) + x.shape[1:]
    return [Meta(out, x.dtype)]


def _overlap_add(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    hop = int(attrs["hop_length"])
    last = int(attrs.get("axis", -1)) != 0
    if not last:
        x = np.moveaxis(np.moveaxis(x, 0, -1), 0, -2)  # (frames, fl, ...) -> (..., fl, frames)
    fl, n = x.shape[-2], x.shape[-1]
    out = np.zeros(x.shape[:-2] + ((n - 1) * hop + fl,), x.dtype)
    for i in range(n):
        out[..., i * hop:i * hop + fl] += x[..., :, i]
    return [np.ascontiguousarray(out if last else np.moveaxis(out, -1, 0))]


def _overlap_add_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    hop = int(attrs["hop_length"])
    last = int(attrs.get("axis", -1)) != 0
    fl, n = (x.shape[-2], x.shape[-1]) if last else (x.shape[1], x.shape[0])
    L = -1 if fl < 0 or n < 0 else (n - 1) * hop + fl
    return [Meta(x.shape[:-2] + (L,) if last else (L,) + x.shape[2:], x.dtype)]


def _searchsorted(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    s, v = np.asarray(args[0]), np.asarray(args[1])
    side = "right" if attrs.get("right", False) else "left"
    dt = np.int32 if attrs.get("out_int32", False) else np.int64
    if s.ndim == 1:
        return [np.searchsorted(s, v, side=side).astype(dt)]
    sf, vf = s.reshape(-1, s.shape[-1]), v.reshape(-1, v.shape[-1])
    out = np.stack([np.searchsorted(a, b, side=side) for a, b in zip(sf, vf, strict=True)])
    return [out.reshape(v.shape).astype(dt)]


def _searchsorted_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    v = meta_of(args[1])
    return [Meta(v.shape, "int32" if attrs.get("out_int32", False) else "int64")]


def _bincount(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0]).reshape(-1)
    w = None if args[1] is None else np.asarray(args[1]).reshape(-1)
    ml = int(np.asarray(args[2]).reshape(-1)[0]) if len(args) > 2 and args[2] is not None else int(attrs.get("minlength", 0))
    out = np.bincount(x, weights=w, minlength=ml)
    if w is None:
        return [out.astype(np.int64)]
    return [out.astype(w.dtype if w.dtype in (np.float32, np.float64) else np.float32)]


def _bincount_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    w = args[1]
    dt = "int64" if w is None else meta_of(w).dtype if meta_of(w).dtype in ("float32", "float64") else "float32"
    return [Meta((-1,), dt)]


def _histogram(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0]).reshape(-1).astype(np.float64)
    w = None if len(args) < 2 or args[1] is None else np.asarray(args[1]).reshape(-1)
    bins = int(attrs.get("bins", 100))
    lo, hi = float(attrs.get("min", 0)), float(attrs.get("max", 0))
    if lo == 0 and hi == 0:
        lo, hi = (float(x.min()), float(x.max())) if x.size else (0.0, 0.0)
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    xs = x.astype(np.asarray(args[0]).dtype) if False else x
    keep = (xs >= lo) & (xs <= hi)
    idx = np.floor((xs[keep] - lo) * bins / (hi - lo)).astype(np.int64)
    idx = np.minimum(idx, bins - 1)
    if w is None:
        out = np.bincount(idx, minlength=bins).astype(np.int64)
    else:
        out = np.bincount(idx, weights=w[keep], minlength=bins).astype(w.dtype)
    if attrs.get("density", False):
        out = (out / out.sum() / ((hi - lo) / bins)).astype(np.float32)
    return [out]


def _histogram_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    w = args[1] if len(args) > 1 else None
    dt = "float32" if attrs.get("density", False) else ("int64" if w is None else meta_of(w).dtype)
    return [Meta((int(attrs.get("bins", 100)),), dt)]


def _unique_consecutive(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    axis = as_int_list(attrs.get("axis", []))
    idt = numpy_dtype(str(attrs.get("dtype", "int64")))
    if not axis:
        flat = x.reshape(-1)
        if flat.size == 0:
            return [flat, np.zeros(0, idt), np.zeros(0, idt)]
        change = np.concatenate([[True], flat[1:] != flat[:-1]])
        out = flat[change]
        inv = np.cumsum(change) - 1
        starts = np.flatnonzero(change)
        counts = np.diff(np.append(starts, flat.size))
        return [out, inv.astype(idt).reshape(x.shape) if False else inv.astype(idt), counts.astype(idt)]
    ax = normalize_axis(axis[0], x.ndim)
    xm = np.moveaxis(x, ax, 0)
    n = xm.shape[0]
    change = np.ones(n, bool)
    for i in range(1, n):
        change[i] = not np.array_equal(xm[i], xm[i - 1])
    out = np.moveaxis(xm[change], 0, ax)
    inv = np.cumsum(change) - 1
    starts = np.flatnonzero(change)
    counts = np.diff(np.append(starts, n))
    return [np.ascontiguousarray(out), inv.astype(idt), counts.astype(idt)]


def _unique_consecutive_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    idt = str(attrs.get("dtype", "int64"))
    axis = as_int_list(attrs.get("axis", []))
    if not axis or x.shape is None:
        out = Meta((-1,) if not axis else None, x.dtype)
    else:
        ax = normalize_axis(axis[0], len(x.shape))
        out = Meta(tuple(-1 if i == ax else d for i, d in enumerate(x.shape)), x.dtype)
    # Paddle prints index / counts as float32 (their data are ``dtype``)
    return [out, Meta(None, "float32"), Meta(None, "float32")]


def _sequence_mask(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    ml = int(np.asarray(args[1]).reshape(-1)[0]) if len(args) > 1 and args[1] is not None else int(attrs.get("maxlen", -1))
    if ml < 0:
        ml = int(x.max()) if x.size else 0
    out = np.arange(ml) < x[..., None]
    return [out.astype(numpy_dtype(str(attrs.get("out_dtype", "int64"))))]


def _sequence_mask_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    ml = meta_of(args[1]).const if len(args) > 1 and args[1] is not None else None
    n = int(np.asarray(ml).reshape(-1)[0]) if ml is not None else -1
    return [Meta(None if x.shape is None else (*x.shape, n), str(attrs.get("out_dtype", "int64")))]


def _gather_tree(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    ids, parents = np.asarray(args[0]), np.asarray(args[1])
    T, B, W = ids.shape
    out = np.empty_like(ids)
    for b in range(B):
        for w in range(W):
            p = w
            for t in range(T - 1, -1, -1):
                out[t, b, w] = ids[t, b, p]
                p = parents[t, b, p]
    return [out]


def _empty_like(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    dt = str(attrs.get("dtype", "Undefined"))
    return [np.zeros(x.shape, x.dtype if dt in ("Undefined", "undefined", "") else numpy_dtype(dt))]


def _empty_like_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    dt = str(attrs.get("dtype", "Undefined"))
    return [Meta(x.shape, x.dtype if dt in ("Undefined", "undefined", "") else dt)]


def _logspace(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    start, stop = (float(np.asarray(a).reshape(-1)[0]) for a in args[:2])
    num = int(np.asarray(args[2]).reshape(-1)[0])
    base = float(np.asarray(args[3]).reshape(-1)[0])
    dt = numpy_dtype(str(attrs.get("dtype", "float32")))
    if num == 1:
        return [np.asarray([base ** start]).astype(dt)]
    step = (stop - start) / (num - 1)
    half = num // 2
    i = np.arange(num, dtype=np.float64)
    exps = np.where(i < half, start + step * i, stop - step * (num - 1 - i))
    return [np.power(base, exps).astype(dt)]


def _logspace_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    n = meta_of(args[2]).const
    return [Meta((int(np.asarray(n).reshape(-1)[0]) if n is not None else -1,), str(attrs.get("dtype", "float32")))]


# --- losses -------------------------------------------------------------------------------------


def _elementwise(fn: Any) -> Any:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        arrs = [None if a is None else np.asarray(a) for a in args]
        dt = arrs[0].dtype  # type: ignore[union-attr]
        with np.errstate(all="ignore"):
            outs = fn(*[None if a is None else a.astype(np.float64) for a in arrs], attrs)
        outs = outs if isinstance(outs, list) else [outs]
        return [np.require(np.asarray(o).astype(dt), requirements="C") for o in outs]

    return kernel


def _bce(x: np.ndarray, y: np.ndarray, attrs: Mapping[str, Any]) -> np.ndarray:
    return -(y * np.maximum(np.log(x), -100) + (1 - y) * np.maximum(np.log(1 - x), -100))


def _log_loss(x: np.ndarray, y: np.ndarray, attrs: Mapping[str, Any]) -> np.ndarray:
    eps = _f(attrs.get("epsilon", 1e-4))
    return -y * np.log(x + eps) - (1 - y) * np.log(1 - x + eps)


def _huber(x: np.ndarray, y: np.ndarray, attrs: Mapping[str, Any]) -> list[np.ndarray]:
    d = _f(attrs.get("delta", 1.0))
    r = y - x
    a = np.abs(r)
    return [np.where(a <= d, 0.5 * r * r, d * (a - 0.5 * d)), r]


def _kldiv(x: np.ndarray, y: np.ndarray, attrs: Mapping[str, Any]) -> np.ndarray:
    if attrs.get("log_target", False):
        loss = np.exp(y) * (y - x)
    else:
        loss = np.where(y > 0, y * (np.log(np.where(y > 0, y, 1)) - x), 0.0)
    red = str(attrs.get("reduction", "mean"))
    if red == "mean":
        return np.asarray(loss.mean())
    if red == "sum":
        return np.asarray(loss.sum())
    if red == "batchmean":
        return np.asarray(loss.sum() / x.shape[0])
    return loss


def _kldiv_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    return [Meta(x.shape if str(attrs.get("reduction", "mean")) == "none" else (), x.dtype)]


def _sce(x: np.ndarray, y: np.ndarray, w: np.ndarray | None, attrs: Mapping[str, Any]) -> np.ndarray:
    ign = int(attrs.get("ignore_index", -100))
    loss = np.maximum(x, 0) - x * y + np.log1p(np.exp(-np.abs(x)))
    if w is not None:
        loss = loss * w
    loss = np.where(y == ign, 0.0, loss)
    if attrs.get("normalize", False):
        loss = loss / max(1, int(np.sum(y != ign)))
    return loss


def _nll(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, lab = np.asarray(args[0]), np.asarray(args[1]).astype(np.int64)
    w = None if len(args) < 3 or args[2] is None else np.asarray(args[2]).astype(np.float64)
    ign = int(attrs.get("ignore_index", -100))
    red = str(attrs.get("reduction", "mean"))
    xm = np.moveaxis(x, 1, -1).astype(np.float64) if x.ndim > 2 else x.astype(np.float64)
    valid = lab != ign
    safe = np.where(valid, lab, 0)
    picked = np.take_along_axis(xm, safe[..., None], -1)[..., 0]
    wt = (w[safe] if w is not None else np.ones_like(picked)) * valid
    loss = -picked * wt
    total_w = wt.sum()
    if red == "none":
        return [loss.astype(x.dtype), np.asarray(total_w, x.dtype)]
    if red == "sum":
        return [np.asarray(loss.sum(), x.dtype), np.asarray(total_w, x.dtype)]
    return [np.asarray(loss.sum() / total_w if total_w else 0.0, x.dtype), np.asarray(total_w, x.dtype)]


def _nll_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, lab = meta_of(args[0]), meta_of(args[1])
    shp = lab.shape if str(attrs.get("reduction", "mean")) == "none" else ()
    return [Meta(shp, x.dtype), Meta((), x.dtype)]


def _label_smooth(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    eps = _f(attrs.get("epsilon", 0.0))
    prior = args[1] if len(args) > 1 else None
    cd = np.float64 if x.dtype == np.float64 else np.float32
    if prior is not None:
        out = cd(1 - eps) * x.astype(cd) + cd(eps) * np.asarray(prior).astype(cd).reshape(-1)
    else:
        out = cd(1 - eps) * x.astype(cd) + cd(eps / x.shape[-1])
    return [out.astype(x.dtype)]


def _accuracy(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    ind, lab = np.asarray(args[1]), np.asarray(args[2]).reshape(-1, 1)
    correct = int(np.any(ind == lab, axis=1).sum())
    total = ind.shape[0]
    return [np.asarray(correct / total if total else 0.0, np.float32), np.asarray(correct, np.int32),
            np.asarray(total, np.int32)]


def _accuracy_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    # Paddle prints float32 for all three; correct / total come back as int32 data
    return [Meta((), "float32"), Meta((), "float32"), Meta((), "float32")]


def _swiglu(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    y = np.asarray(args[1]) if len(args) > 1 and args[1] is not None else None
    if y is None:
        x, y = np.split(x, 2, axis=-1)
    cd = np.float64 if x.dtype == np.float64 else np.float32
    xc = x.astype(cd)
    return [(xc / (cd(1) + np.exp(-xc)) * y.astype(cd)).astype(x.dtype)]


def _swiglu_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if len(args) > 1 and args[1] is not None or x.shape is None:
        return [Meta(x.shape, x.dtype)]
    return [Meta(x.shape[:-1] + (-1 if x.shape[-1] < 0 else x.shape[-1] // 2,), x.dtype)]


def _bilinear(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, y, w = (np.asarray(a) for a in args[:3])
    out = np.einsum("bi,kij,bj->bk", x.astype(np.float64), w.astype(np.float64), y.astype(np.float64))
    if len(args) > 3 and args[3] is not None:
        out = out + np.asarray(args[3]).reshape(1, -1)
    return [out.astype(x.dtype)]


def _bilinear_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, w = meta_of(args[0]), meta_of(args[2])
    return [Meta(None if x.shape is None or w.shape is None else (x.shape[0], w.shape[0]), x.dtype)]


# --- random -------------------------------------------------------------------------------------


def _gen(attrs: Mapping[str, Any]) -> np.random.Generator:
    seed = int(attrs.get("seed", 0) or 0)
    return np.random.default_rng(seed if seed else None)


def _shape_attr_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    shp = attrs.get("shape")
    if shp is None and args and args[0] is not None:
        c = meta_of(args[0]).const
        shp = as_int_list(c) if c is not None else None
    return [Meta(None if shp is None else tuple(as_int_list(shp)), str(attrs.get("dtype", "float32")))]


def _randint(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    shp = as_int_list(args[0]) if args and args[0] is not None else as_int_list(attrs.get("shape", []))
    g = _gen(attrs)
    return [g.integers(int(attrs.get("low", 0)), int(attrs.get("high", 1)), size=shp).astype(
        numpy_dtype(str(attrs.get("dtype", "int64"))))]


def _randperm(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    return [_gen(attrs).permutation(int(attrs["n"])).astype(numpy_dtype(str(attrs.get("dtype", "int64"))))]


def _bernoulli(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    return [(_gen(attrs).random(x.shape) < x).astype(x.dtype)]


def _poisson(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    return [_gen(attrs).poisson(x.astype(np.float64)).astype(x.dtype)]


def _trunc_gauss(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    shp = as_int_list(attrs.get("shape", []))
    mean, std = float(attrs.get("mean", 0.0)), float(attrs.get("std", 1.0))
    a, b = float(attrs.get("a", -2.0)), float(attrs.get("b", 2.0))
    g = _gen(attrs)
    n = int(np.prod(shp))
    out = np.empty(0)
    while out.size < n:
        v = g.normal(mean, std, size=2 * n + 8)
        out = np.concatenate([out, v[(v >= mean + a * std) & (v <= mean + b * std)]])
    return [out[:n].reshape(shp).astype(numpy_dtype(str(attrs.get("dtype", "float32"))))]


def _register() -> None:
    _reg("broadcast_tensors", ("input[]",), _bt_meta, _bt, results=("out[]",))
    _reg("reverse", ("x", "axis"), _same, _reverse)
    _reg("crop", ("x", "shape", "offsets"), _crop_meta, _crop)
    _reg("multiplex", ("inputs[]", "index"), _multiplex_meta, _multiplex)
    _reg("index_add", ("x", "index", "add_value"), _same, _index_add, attrs=("axis",), inplace=True)
    _reg("is_empty", ("x",), lambda a, at: [Meta((), "bool")], lambda a, at: [np.asarray(np.asarray(a[0]).size == 0)])
    _reg("shard_index", ("input",), _same, _shard_index, attrs=("index_num", "nshards", "shard_id", "ignore_value"))
    _reg("channel_shuffle", ("x",), _same, _channel_shuffle, attrs=("groups", "data_format"))
    _reg("pixel_unshuffle", ("x",), _pixel_unshuffle_meta, _pixel_unshuffle, attrs=("downscale_factor", "data_format"))
    _reg("maxout", ("x",), _maxout_meta, _maxout, attrs=("groups", "axis"))
    _reg("frame", ("x",), _frame_meta, _frame, attrs=("frame_length", "hop_length", "axis"))
    _reg("overlap_add", ("x",), _overlap_add_meta, _overlap_add, attrs=("hop_length", "axis"))
    _reg("searchsorted", ("sorted_sequence", "values"), _searchsorted_meta, _searchsorted, attrs=("out_int32", "right"))
    _reg("bincount", ("x", "weights?", "minlength"), _bincount_meta, _bincount)
    _reg("histogram", ("input", "weight?"), _histogram_meta, _histogram, attrs=("bins", "min", "max", "density"))
    _reg("unique_consecutive", ("x",), _unique_consecutive_meta, _unique_consecutive,
         attrs=("return_inverse", "return_counts", "axis", "dtype"), results=("out", "index", "counts"))
    _reg("sequence_mask", ("x", "max_len_tensor?"), _sequence_mask_meta, _sequence_mask, attrs=("out_dtype",))
    _reg("gather_tree", ("ids", "parents"), _same, _gather_tree)
    _reg("empty_like", ("x",), _empty_like_meta, _empty_like, attrs=("dtype", "place"))
    _reg("logspace", ("start", "stop", "num", "base"), _logspace_meta, _logspace, attrs=("dtype", "place"))
    same2 = lambda a, at: [Meta(meta_of(a[0]).shape, meta_of(a[0]).dtype)] * 2  # noqa: E731
    _reg("bce_loss", ("input", "label"), _same, _elementwise(_bce), inplace=True)
    _reg("log_loss", ("input", "label"), _same, _elementwise(_log_loss), attrs=("epsilon",))
    _reg("huber_loss", ("input", "label"), same2, _elementwise(_huber), attrs=("delta",), results=("out", "residual"))
    _reg("kldiv_loss", ("x", "label"), _kldiv_meta, _elementwise(_kldiv), attrs=("reduction", "log_target"))
    _reg("sigmoid_cross_entropy_with_logits", ("x", "label", "pos_weight?"), _same, _elementwise(_sce),
         attrs=("normalize", "ignore_index"), inplace=True)
    _reg("nll_loss", ("input", "label", "weight?"), _nll_meta, _nll, attrs=("ignore_index", "reduction"),
         results=("out", "total_weight"))
    _reg("label_smooth", ("label", "prior_dist?"), _same, _label_smooth, attrs=("epsilon",))
    _reg("accuracy", ("x", "indices", "label"), _accuracy_meta, _accuracy, results=("accuracy", "correct", "total"))
    _reg("swiglu", ("x", "y?"), _swiglu_meta, _swiglu)
    _reg("bilinear", ("x", "y", "weight", "bias?"), _bilinear_meta, _bilinear)
    _reg("randint", ("shape",), _shape_attr_meta, _randint, attrs=("low", "high", "dtype", "place"))
    _reg("randperm", (), lambda a, at: [Meta((int(at["n"]),), str(at.get("dtype", "int64")))], _randperm,
         attrs=("n", "dtype", "place"))
    _reg("bernoulli", ("x",), _same, _bernoulli)
    _reg("poisson", ("x",), _same, _poisson)
    _reg("truncated_gaussian_random", (), _shape_attr_meta, _trunc_gauss,
         attrs=("shape", "mean", "std", "seed", "a", "b", "dtype", "place"))


_register()
