"""More entries of bench/xla_ops.py's table: data movement through pirc's own kernels, more math.

* Data movement (flip, roll, tile, gather with a known index, ...): pirc's numpy kernel is run, while
  tracing, on an array of element positions (``arange(x.size).reshape(x.shape)``); the JAX form is
  one gather of the traced operand at the positions it returns, so the op means exactly what the
  interpreter computes.  Every operand but the first must be known while tracing.
* Reductions, arg-reductions, cumsum, masked_fill, one_hot, group/instance norm and a few more
  activations, following pirc's reference kernels.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from bench.xla_ops import OPS, NotExpressible, OpCtx, ints, is_concrete, op, one_int, unary
from pirc.dialects.pd_op.common import normalize_axis
from pirc.dialects.pd_op.reduce import _axes_from

DATA_MOVEMENT = ("flip", "roll", "tile", "strided_slice", "unbind", "unstack", "index_select", "gather", "gather_nd",
                 "repeat_interleave", "pixel_shuffle", "take_along_axis")


def _by_index(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    from pirc.dialects.opdef import lookup

    x, rest = a[0], a[1:]
    if not is_concrete(rest):
        if c.name in TRACED_INDEX:
            return TRACED_INDEX[c.name](a, at)
        raise NotExpressible("an index computed at run time")
    opdef = lookup(c.name)
    assert opdef is not None and opdef.kernel is not None
    pos = np.arange(math.prod(x.shape), dtype=np.int64).reshape(x.shape)
    outs = list(opdef.kernel([pos, *rest], at))
    flat = jnp.reshape(x, (-1,))
    taken = [jnp.take(flat, np.asarray(o)) for o in outs]
    return [taken] if any(r.endswith("[]") for r in opdef.results) else taken


def _gather(a: list[Any], at: Mapping[str, Any]) -> list[Any]:
    axis = one_int(a[2], "gather axis") if len(a) > 2 and a[2] is not None else 0
    return [jnp.take(a[0], a[1], axis=normalize_axis(axis, jnp.ndim(a[0])))]


def _index_select(a: list[Any], at: Mapping[str, Any]) -> list[Any]:
    return [jnp.take(a[0], a[1], axis=normalize_axis(int(at.get("axis", 0)), jnp.ndim(a[0])))]


def _take_along_axis(a: list[Any], at: Mapping[str, Any]) -> list[Any]:
    return [jnp.take_along_axis(a[0], a[1], axis=int(at["axis"]))]


def _gather_nd(a: list[Any], at: Mapping[str, Any]) -> list[Any]:
    return [a[0][tuple(jnp.moveaxis(a[1], -1, 0))]]


#: the same ops with an index computed at run time (Paddle rejects out-of-range indices)
TRACED_INDEX = {"pd_op.gather": _gather, "pd_op.index_select": _index_select,
                "pd_op.take_along_axis": _take_along_axis, "pd_op.gather_nd": _gather_nd}


for _n in DATA_MOVEMENT:
    op(f"pd_op.{_n}")(_by_index)


def _round(x: Any) -> Any:  # half away from zero (std::round)
    return jnp.sign(x) * jnp.floor(jnp.abs(x) + 0.5)


for _n, _f in {"log2": jnp.log2, "log10": jnp.log10, "trunc": jnp.trunc, "round": _round}.items():
    unary(_n, _f)


@op("pd_op.pow")
def _pow(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    y = float(at.get("y", 1.0))
    if jnp.asarray(a[0]).dtype.kind != "f":
        raise NotExpressible("integer tensors")
    return [jnp.power(a[0], jnp.asarray(y, a[0].dtype))]


@op("pd_op.elu")
def _elu(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x = a[0]
    return [jnp.where(x > 0, x, at.get("alpha", 1.0) * (jnp.exp(x) - 1))]


@op("pd_op.softplus")
def _softplus(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x = a[0]
    beta, thr = float(at.get("beta", 1.0)), float(at.get("threshold", 20.0))
    return [jnp.where(x * beta > thr, x, jnp.log(1 + jnp.exp(x * beta)) / beta)]


@op("pd_op.mish")
def _mish(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x = a[0]
    thr = float(at.get("lambda", 20.0))
    sp = jnp.where(x > thr, x, jnp.log1p(jnp.exp(x)))
    return [x * jnp.tanh(sp)]


@op("pd_op.masked_fill")
def _masked_fill(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [jnp.where(jnp.asarray(a[1]).astype(bool), a[2], a[0])]


@op("pd_op.numel")
def _numel(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [np.asarray(math.prod(jnp.shape(a[0])), np.int64)]


@op("pd_op.full_with_tensor")
def _full_with_tensor(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [jnp.broadcast_to(jnp.reshape(a[0], ()), tuple(ints(a[1], "full_with_tensor shape")))]


@op("pd_op.one_hot")
def _one_hot(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [jax.nn.one_hot(a[0], one_int(a[1], "one_hot num_classes"), dtype=jnp.float32)]


def _attr_reduce(fn: Any) -> Any:
    def f(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
        x = a[0]
        axes = _axes_from(at.get("axis", []), jnp.ndim(x), bool(at.get("reduce_all", False)))
        return [fn(x, axis=axes, keepdims=bool(at.get("keepdim", False)))]
    return f


OPS["pd_op.amax"] = _attr_reduce(jnp.max)
OPS["pd_op.amin"] = _attr_reduce(jnp.min)
OPS["pd_op.any"] = _attr_reduce(jnp.any)
OPS["pd_op.all"] = _attr_reduce(jnp.all)
OPS["pd_op.logsumexp"] = _attr_reduce(jax.scipy.special.logsumexp)


@op("pd_op.prod")
def _prod(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x = a[0]
    axis = ints(a[1], "prod axis") if len(a) > 1 and a[1] is not None else []
    axes = _axes_from(axis, jnp.ndim(x), bool(at.get("reduce_all", False)))
    return [jnp.prod(x, axis=axes, keepdims=bool(at.get("keepdim", False)))]


def _arg(fn: Any) -> Any:
    def f(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
        x = a[0]
        if at.get("flatten", False):
            x, axis = jnp.reshape(x, (-1,)), 0
        else:
            axis = normalize_axis(one_int(a[1], "arg-reduce axis"), jnp.ndim(x))
        out = fn(x, axis=axis, keepdims=bool(at.get("keepdims", False)))  # the first extremum, as Paddle
        return [out]
    return f


OPS["pd_op.argmax"] = _arg(jnp.argmax)
OPS["pd_op.argmin"] = _arg(jnp.argmin)


@op("pd_op.cumsum")
def _cumsum(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x = a[0]
    if at.get("flatten", False):
        x, axis = jnp.reshape(x, (-1,)), 0
    else:
        axis = normalize_axis(one_int(a[1], "cumsum axis"), jnp.ndim(x))
    if x.dtype == jnp.bool_:
        x = x.astype(jnp.int64)
    out = lax.cumsum(x, axis=axis, reverse=bool(at.get("reverse", False)))
    if at.get("exclusive", False):
        out = out - x
    return [out]


@op("pd_op.topk")
def _topk(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x = a[0]
    k = one_int(a[1], "topk k")
    axis = normalize_axis(int(at.get("axis", -1)), jnp.ndim(x))
    xt = jnp.moveaxis(x, axis, -1)
    if jnp.isdtype(xt.dtype, "real floating") and not at.get("largest", True):
        vals, idx = lax.top_k(-xt, k)
        vals = -vals
    elif at.get("largest", True):
        vals, idx = lax.top_k(xt, k)
    else:
        raise NotExpressible("smallest of integer tensors")
    return [jnp.moveaxis(vals, -1, axis), jnp.moveaxis(idx.astype(jnp.int64), -1, axis)]


@op("pd_op.group_norm")
def _group_norm(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x = a[0]
    if at.get("data_format", "NCHW") not in ("NCHW", "NCL", "NCDHW", "AnyLayout"):
        raise NotExpressible("channels-last")
    g = int(at["groups"])
    n, ch = x.shape[0], x.shape[1]
    xg = jnp.reshape(x, (n, g, -1))
    m = jnp.mean(xg, axis=-1, keepdims=True)
    v = jnp.mean(jnp.square(xg - m), axis=-1, keepdims=True)
    y = jnp.reshape((xg - m) / jnp.sqrt(v + float(at.get("epsilon", 1e-5))), x.shape)
    bs = (1, ch) + (1,) * (x.ndim - 2)
    if len(a) > 1 and a[1] is not None:
        y = y * jnp.reshape(a[1], bs)
    if len(a) > 2 and a[2] is not None:
        y = y + jnp.reshape(a[2], bs)
    return [y, jnp.reshape(m, (n, g)), jnp.reshape(v, (n, g))]


@op("pd_op.instance_norm")
def _instance_norm(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x = a[0]
    n, ch = x.shape[0], x.shape[1]
    red = tuple(range(2, x.ndim))
    m = jnp.mean(x, axis=red, keepdims=True)
    v = jnp.mean(jnp.square(x - m), axis=red, keepdims=True)
    inv = 1 / jnp.sqrt(v + float(at.get("epsilon", 1e-5)))
    y = (x - m) * inv
    bs = (1, ch) + (1,) * (x.ndim - 2)
    if len(a) > 1 and a[1] is not None:
        y = y * jnp.reshape(a[1], bs)
    if len(a) > 2 and a[2] is not None:
        y = y + jnp.reshape(a[2], bs)
    return [y, jnp.reshape(m, (n * ch,)), jnp.reshape(inv, (n * ch,))]


@op("pd_op.floor_divide")
def _floor_divide(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [jnp.floor_divide(a[0], a[1])]


@op("pd_op.remainder")
def _remainder(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x, y = a[0], a[1]
    if jnp.result_type(x, y).kind in "iu":
        return [jnp.remainder(x, y)]
    r = jnp.fmod(x, y)
    return [jnp.where((r != 0) & ((y < 0) != (r < 0)), r + y, r)]


@op("pd_op.p_norm")
def _p_norm(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x = a[0]
    keep = bool(at.get("keepdim", False))
    p = float(np.float32(at.get("porder", 2.0)))
    if at.get("asvector", False):
        axes: tuple[int, ...] = tuple(range(jnp.ndim(x)))
    elif jnp.ndim(x) == 0:
        raise NotExpressible("a 0-D tensor")
    else:
        axes = (normalize_axis(int(at.get("axis", -1)), jnp.ndim(x)),)
    ax = jnp.abs(x)
    if p == 0:
        return [jnp.sum(ax != 0, axis=axes, keepdims=keep).astype(x.dtype)]
    if math.isinf(p):
        return [(jnp.max if p > 0 else jnp.min)(ax, axis=axes, keepdims=keep)]
    if p == 2.0:
        return [jnp.sqrt(jnp.sum(ax * ax, axis=axes, keepdims=keep))]
    return [jnp.power(jnp.sum(jnp.power(ax, p), axis=axes, keepdims=keep), np.float32(1) / np.float32(p))]


def _interp(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    """nearest / linear / bilinear / trilinear with pirc's source indices and weights (bicubic: not here)."""
    from pirc.dialects.pd_op.interp import (_interp_ratio, _interp_runtime_sizes, _interp_spatial_axes,
                                            _linear_coords, _nearest_index)

    x = a[0]
    if not is_concrete(a[1:]):
        raise NotExpressible("an output size computed at run time")
    method = str(at.get("interp_method", "bilinear"))
    if method == "bicubic":
        raise NotExpressible("bicubic")
    axes = _interp_spatial_axes(jnp.ndim(x), at)
    shape_only = np.broadcast_to(np.zeros((), np.float32), x.shape)  # pirc's helper reads the shape
    outs, scales = _interp_runtime_sizes(shape_only, a, at, axes)
    ins = [x.shape[ax] for ax in axes]
    if ins == outs:
        return [x]
    corners = bool(at.get("align_corners", False))
    ratios = [_interp_ratio(i, o, s, corners) for i, o, s in zip(ins, outs, scales, strict=True)]
    if method == "nearest":
        for ax, i, o, r in zip(axes, ins, outs, ratios, strict=True):
            x = jnp.take(x, _nearest_index(i, o, r, corners), axis=ax)
        return [x]
    if x.dtype.kind != "f":
        raise NotExpressible(f"{method} of integer tensors")
    coords = [_linear_coords(i, o, r, corners, int(at.get("align_mode", 1)), float_chain=(j == len(axes) - 1))
              for j, (i, o, r) in enumerate(zip(ins, outs, ratios, strict=True))]

    def w(v: np.ndarray, axis: int) -> np.ndarray:
        shape = [1] * jnp.ndim(x)
        shape[axis] = v.size
        return v.astype(x.dtype).reshape(shape)

    if len(axes) != 2:
        out = x
        for ax, (i0, i1, d1, d0) in zip(axes, coords, strict=True):
            out = jnp.take(out, i0, axis=ax) * w(d0, ax) + jnp.take(out, i1, axis=ax) * w(d1, ax)
        return [out]
    (ah, aw), ((y0, y1, dn, ds), (x0, x1, dw, de)) = axes, coords
    rows0, rows1 = jnp.take(x, y0, axis=ah), jnp.take(x, y1, axis=ah)
    wds, wdn, wde, wdw = w(ds, ah), w(dn, ah), w(de, aw), w(dw, aw)
    out = jnp.take(rows0, x0, axis=aw) * wds * wde
    out = out + jnp.take(rows1, x0, axis=aw) * wdn * wde
    out = out + jnp.take(rows0, x1, axis=aw) * wds * wdw
    return [out + jnp.take(rows1, x1, axis=aw) * wdn * wdw]


for _n in ("nearest_interp", "bilinear_interp", "linear_interp", "trilinear_interp"):
    op(f"pd_op.{_n}")(_interp)


def _rnn_cell(mode: str, g: Any, r: Any, h: Any, c: Any) -> tuple[Any, Any]:
    sig = jax.nn.sigmoid
    if mode == "LSTM":
        i, f, cc, o = jnp.split(g + r, 4, axis=1)
        c_new = sig(f) * c + sig(i) * jnp.tanh(cc)
        return sig(o) * jnp.tanh(c_new), c_new
    if mode == "GRU":
        gr, gz, gc = jnp.split(g, 3, axis=1)
        rr, rz, rc = jnp.split(r, 3, axis=1)
        z = sig(gz + rz)
        return z * h + (1.0 - z) * jnp.tanh(gc + sig(gr + rr) * rc), c
    s = g + r
    return (jnp.tanh(s) if mode == "RNN_TANH" else jnp.maximum(s, 0.0)), c


def _rnn_direction(mode: str, x: Any, mask: Any, w: list[Any], h: Any, c: Any, reverse: bool) -> tuple[Any, Any, Any]:
    """One layer, one direction over time (lax.scan), as pirc's rnn kernel's _direction."""
    w_ih, w_hh, b_ih, b_hh = w
    gx = jnp.einsum("tni,gi->tng", x, w_ih, precision=lax.Precision.HIGHEST) + b_ih

    def step(carry: tuple[Any, Any], xs: tuple[Any, Any]) -> tuple[tuple[Any, Any], Any]:
        h, c = carry
        g, m = xs
        h_new, c_new = _rnn_cell(mode, g, jnp.matmul(h, w_hh.T, precision=lax.Precision.HIGHEST) + b_hh, h, c)
        if mask is None:
            return (h_new, c_new), h_new
        m = m[:, None]
        h_new = h_new * m + h * (1.0 - m)
        c_new = c_new * m + c * (1.0 - m)
        return (h_new, c_new), h_new * m

    ms = mask if mask is not None else jnp.zeros((x.shape[0],), x.dtype)
    (h, c), out = lax.scan(step, (h, c), (gx, ms), reverse=reverse)
    return out, h, c


@op("pd_op.rnn")
def _rnn(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x, pre_state, weights = a[0], a[1], a[2]
    seq_len = a[3] if len(a) > 3 else None
    mode = str(at.get("mode", "LSTM"))
    if mode not in ("LSTM", "GRU", "RNN_TANH", "RNN_RELU"):
        raise NotExpressible(f"mode {mode!r}")
    layers = int(at.get("num_layers", 1))
    d = 2 if at.get("is_bidirec", False) else 1
    n_w = 2 * layers * d
    mask = None
    if seq_len is not None:
        lens = jnp.reshape(jnp.asarray(seq_len), (-1,))
        mask = (jnp.arange(x.shape[0])[:, None] < lens[None, :]).astype(x.dtype)
    h0 = pre_state[0]
    c0 = pre_state[1] if mode == "LSTM" else jnp.zeros_like(h0)
    hs, cs, inp = [], [], x
    for layer in range(layers):
        outs = []
        for di in range(d):
            k = layer * d + di
            w = [weights[2 * k], weights[2 * k + 1], weights[n_w + 2 * k], weights[n_w + 2 * k + 1]]
            o, h, cc = _rnn_direction(mode, inp, mask, w, h0[k], c0[k], reverse=di == 1)
            outs.append(o)
            hs.append(h)
            cs.append(cc)
        inp = outs[0] if d == 1 else jnp.concatenate(outs, axis=2)
    states = [jnp.stack(hs)] + ([jnp.stack(cs)] if mode == "LSTM" else [])
    drop = a[4] if len(a) > 4 and a[4] is not None else jnp.zeros((0,), x.dtype)
    return [inp, drop, states, jnp.zeros((0,), x.dtype)]
