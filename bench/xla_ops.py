"""pd_op -> JAX: the op table of bench/xla_models.py (one function per op, tinygrad-renderer style).

Each entry takes the op's operands (JAX arrays or tracers; numpy arrays for values known while
tracing, e.g. ``pd_op.full_int_array``; lists for ``builtin.combine`` values), its attributes as
plain Python values, and an :class:`OpCtx` (the shapes pirc's own shape rule gives for these
operands), and returns the op's results.  The semantics are those of pirc's numpy reference
kernels (``pirc/dialects/pd_op/*.py``); the geometry helpers (paddings, pooling windows, reduce
axes) are pirc's own functions, so that SAME/VALID paddings, ceil_mode, exclusive and adaptive
pooling mean exactly what the interpreter computes.

An op missing from :data:`OPS`, or one that needs a value only known at run time where XLA needs
a static one (a data-dependent shape), raises :class:`NotExpressible`; the model is then reported
as "not expressible: op X", never run half-translated.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from pirc.dialects.pd_op.common import Meta, normalize_axis
from pirc.dialects.pd_op.conv import four_pads, int_pairs, pool_geometry, update_pads, pool_windows
from pirc.dialects.pd_op.manipulation import kernel_int, kernel_ints
from pirc.dialects.pd_op.reduce import _axes_from


class NotExpressible(Exception):
    """The op (or this use of it) has no JAX form here."""


class OpCtx:
    """What an op function may ask besides its operands: pirc's shape rule on the actual shapes."""

    def __init__(self, name: str, infer: Callable[[], list[Any]]) -> None:
        self.name = name
        self._infer = infer

    def out_shape(self, i: int = 0) -> tuple[int, ...]:
        metas = self._infer()
        m = metas[0] if len(metas) == 1 and isinstance(metas[0], list) else metas
        meta = m[i]
        if not isinstance(meta, Meta) or meta.shape is None or any(d < 0 for d in meta.shape):
            raise NotExpressible("the result shape depends on values computed at run time")
        return tuple(meta.shape)

    def out_shapes(self) -> list[tuple[int, ...]]:
        metas = self._infer()
        flat = metas[0] if len(metas) == 1 and isinstance(metas[0], list) else metas
        return [self.out_shape(i) for i in range(len(flat))]


OpFn = Callable[[list[Any], Mapping[str, Any], OpCtx], list[Any]]
OPS: dict[str, OpFn] = {}


def is_concrete(a: Any) -> bool:
    if isinstance(a, list):
        return all(is_concrete(e) for e in a)
    return a is None or isinstance(a, (np.ndarray, np.generic, int, float, bool))


def ints(a: Any, what: str = "operand") -> list[int]:
    """An IntArray operand's value; it must be known while tracing."""
    if not is_concrete(a):
        raise NotExpressible(f"{what} is computed at run time (a data-dependent shape or axis)")
    return kernel_ints(a)


def one_int(a: Any, what: str = "operand") -> int:
    if not is_concrete(a):
        raise NotExpressible(f"{what} is computed at run time (a data-dependent shape or axis)")
    return kernel_int(a)


def op(*names: str) -> Callable[[OpFn], OpFn]:
    def deco(fn: OpFn) -> OpFn:
        for n in names:
            OPS[n] = fn
            if not n.endswith("_"):
                OPS.setdefault(n + "_", fn)  # the inplace twin computes the same value
        return fn
    return deco


def unary(name: str, fn: Callable[[Any], Any]) -> None:
    op(f"pd_op.{name}")(lambda a, at, c: [fn(a[0])])


def binary(name: str, fn: Callable[[Any, Any], Any]) -> None:
    op(f"pd_op.{name}")(lambda a, at, c: [fn(a[0], a[1])])


# -- elementwise ------------------------------------------------------------------------------------

# relu(nan) is 0 (x > 0 is false), relu6(nan) NaN, as pirc's kernels
def _hardswish(x: Any) -> Any:
    return x * jnp.clip(x + 3, 0, 6) / 6


for _n, _f in {
    "relu": lambda x: jnp.where(x > 0, x, 0), "relu6": lambda x: jnp.minimum(jnp.maximum(x, 0), 6), "sigmoid": jax.nn.sigmoid,
    "tanh": jnp.tanh, "silu": lambda x: x / (1 + jnp.exp(-x)), "swish": lambda x: x * jax.nn.sigmoid(x),
    "hardswish": _hardswish, "exp": jnp.exp, "log": jnp.log, "log1p": jnp.log1p, "expm1": jnp.expm1,
    "sqrt": jnp.sqrt, "rsqrt": lax.rsqrt, "square": lambda x: x * x, "abs": jnp.abs, "sin": jnp.sin,
    "cos": jnp.cos, "erf": jax.scipy.special.erf, "sign": jnp.sign, "floor": jnp.floor, "ceil": jnp.ceil,
    "reciprocal": lambda x: 1 / x, "logical_not": jnp.logical_not, "assign": lambda x: x,
}.items():
    unary(_n, _f)

for _n, _g in {
    "add": jnp.add, "subtract": jnp.subtract, "multiply": jnp.multiply, "maximum": jnp.maximum,
    "minimum": jnp.minimum, "elementwise_pow": jnp.power, "equal": jnp.equal, "not_equal": jnp.not_equal,
    "less_than": jnp.less, "less_equal": jnp.less_equal, "greater_than": jnp.greater,
    "greater_equal": jnp.greater_equal, "logical_and": jnp.logical_and, "logical_or": jnp.logical_or,
}.items():
    binary(_n, _g)


@op("pd_op.divide")
def _divide(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x, y = a[0], a[1]
    if jnp.result_type(x, y).kind in "iu":  # C++ division truncates toward zero
        x, y = jnp.broadcast_arrays(x, y)
        return [lax.div(x, y)]
    return [x / y]


@op("pd_op.leaky_relu")
def _leaky_relu(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [jnp.where(a[0] < 0, a[0] * at.get("negative_slope", 0.02), a[0])]


@op("pd_op.hardsigmoid")
def _hardsigmoid(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [jnp.clip(a[0] * at.get("slope", 0.1666667) + at.get("offset", 0.5), 0, 1)]


@op("pd_op.hardtanh")
def _hardtanh(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [jnp.clip(a[0], at["t_min"], at["t_max"])]


@op("pd_op.gelu")
def _gelu(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x = a[0]
    if at.get("approximate", False):
        return [0.5 * x * (1 + jnp.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x * x * x)))]
    return [x * 0.5 * (1 + jax.scipy.special.erf(x * (1 / math.sqrt(2))))]


@op("pd_op.scale")
def _scale(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x = a[0]
    s = a[1] if len(a) > 1 and a[1] is not None else at.get("scale", 1.0)
    if is_concrete(s):
        s = float(np.asarray(s).reshape(-1)[0])
    else:
        s = jnp.reshape(s, ()).astype(x.dtype)
    b = at.get("bias", 0.0)
    if jnp.asarray(x).dtype.kind in "iu":  # static_cast<T>(scale), static_cast<T>(bias): truncated
        s = math.trunc(s) if isinstance(s, float) else s
        b = math.trunc(float(b))
    return [x * s + b if at.get("bias_after_scale", True) else (x + b) * s]


@op("pd_op.cast")
def _cast(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    from pirc.dialects.opdef import numpy_dtype

    return [jnp.asarray(a[0]).astype(numpy_dtype(at["dtype"]))]


@op("pd_op.clip")
def _clip(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    lo = a[1] if len(a) > 1 and a[1] is not None else at.get("min", 0.0)
    hi = a[2] if len(a) > 2 and a[2] is not None else at.get("max", 0.0)
    return [jnp.clip(a[0], jnp.reshape(jnp.asarray(lo, a[0].dtype), ()), jnp.reshape(jnp.asarray(hi, a[0].dtype), ()))]


@op("pd_op.where")
def _where(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [jnp.where(a[0], a[1], a[2])]


@op("pd_op.dropout")
def _dropout(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    if not at.get("is_test", False):
        raise NotExpressible("training mode (random)")
    x = a[0]
    if at.get("mode", "upscale_in_train") != "upscale_in_train":
        x = x * (1.0 - jnp.reshape(jnp.asarray(a[2], x.dtype), (-1,))[0])
    return [x, jnp.zeros(x.shape, jnp.uint8)]


# -- shapes and data movement ---------------------------------------------------------------------

@op("pd_op.reshape", "pd_op.flatten", "pd_op.squeeze", "pd_op.unsqueeze")
def _to_inferred_shape(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    """pirc's shape rule gives the target; the data is the operand's, in the same order."""
    return [jnp.reshape(a[0], c.out_shape())]


@op("pd_op.expand", "pd_op.expand_as")
def _expand(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [jnp.broadcast_to(a[0], c.out_shape())]


@op("pd_op.shape", "pd_op.shape64")
def _shape(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [np.asarray(jnp.shape(a[0]), np.int32 if c.name == "pd_op.shape" else np.int64)]


@op("pd_op.transpose")
def _transpose(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [jnp.transpose(a[0], [normalize_axis(int(p), jnp.ndim(a[0])) for p in at["perm"]])]


@op("pd_op.concat")
def _concat(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    xs = a[0]
    return [jnp.concatenate(xs, axis=normalize_axis(one_int(a[1], "concat axis"), jnp.ndim(xs[0])))]


@op("pd_op.stack")
def _stack(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [jnp.stack(a[0], axis=int(at.get("axis", 0)))]


def _split_by(x: Any, axis: int, shapes: list[tuple[int, ...]]) -> list[Any]:
    outs, start = [], 0
    for s in shapes:
        outs.append(lax.slice_in_dim(x, start, start + s[axis], axis=axis))
        start += s[axis]
    return outs


@op("pd_op.split", "pd_op.split_with_num")
def _split(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    axis = normalize_axis(one_int(a[-1], "split axis"), jnp.ndim(a[0]))
    return [_split_by(a[0], axis, c.out_shapes())]


@op("pd_op.slice")
def _slice(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x = a[0]
    idx: list[slice] = [slice(None)] * jnp.ndim(x)
    for ax, s, e in zip(at["axes"], ints(a[1], "slice starts"), ints(a[2], "slice ends"), strict=True):
        idx[normalize_axis(int(ax), jnp.ndim(x))] = slice(s, e)  # Paddle clamps as Python slicing does
    return [jnp.reshape(x[tuple(idx)], c.out_shape())]


@op("pd_op.full_like")
def _full_like(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    from pirc.dialects.opdef import numpy_dtype

    dt = at.get("dtype")
    dtype = jnp.asarray(a[0]).dtype if dt in (None, "Undefined", "") else numpy_dtype(dt)
    return [jnp.full(jnp.shape(a[0]), jnp.reshape(jnp.asarray(a[1]), ()), dtype)]


@op("pd_op.embedding")
def _embedding(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    ids, w = a[0], a[1]
    out = jnp.take(w, ids, axis=0)
    pad = int(at.get("padding_idx", -1))
    if pad != -1:
        pad = pad + w.shape[0] if pad < 0 else pad
        out = jnp.where((ids == pad)[..., None], 0, out)
    return [out]


# -- reductions and normalisation -----------------------------------------------------------------

def _reduce(fn: Callable[..., Any]) -> OpFn:
    def f(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
        x = a[0]
        axis = ints(a[1], "reduce axis") if len(a) > 1 and a[1] is not None else []
        return [fn(x, axis=_axes_from(axis, jnp.ndim(x)), keepdims=bool(at.get("keepdim", False)))]
    return f


OPS["pd_op.mean"] = _reduce(jnp.mean)
OPS["pd_op.max"] = _reduce(jnp.max)
OPS["pd_op.min"] = _reduce(jnp.min)
OPS["pd_op.sum"] = _reduce(jnp.sum)  # the result dtype is cast to the op's declared one


@op("pd_op.softmax")
def _softmax(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [jax.nn.softmax(a[0], axis=int(at.get("axis", -1)))]


@op("pd_op.log_softmax")
def _log_softmax(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    return [jax.nn.log_softmax(a[0], axis=int(at.get("axis", -1)))]


@op("pd_op.batch_norm", "pd_op.batch_norm_")
def _batch_norm(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x, mean, var = a[0], a[1], a[2]
    scale = a[3] if len(a) > 3 else None
    bias = a[4] if len(a) > 4 else None
    nhwc = at.get("data_format", "NCHW") in ("NHWC", "NLC", "NDHWC")
    axis = jnp.ndim(x) - 1 if nhwc else 1
    bs = [1] * jnp.ndim(x)
    bs[axis] = x.shape[axis]
    eps = float(at.get("epsilon", 1e-5))
    if not ((at.get("is_test", False) and not at.get("trainable_statistics", False)) or at.get("use_global_stats")):
        raise NotExpressible("training mode")
    inv = 1.0 / jnp.sqrt(var + eps)
    y = (x - jnp.reshape(mean, bs)) * jnp.reshape(inv, bs)
    if scale is not None:
        y = y * jnp.reshape(scale, bs)
    if bias is not None:
        y = y + jnp.reshape(bias, bs)
    zeros = jnp.zeros(mean.shape, mean.dtype)
    return [y, mean, var, zeros, zeros, jnp.zeros((0,), jnp.uint8)]


@op("pd_op.layer_norm")
def _layer_norm(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x = a[0]
    scale = a[1] if len(a) > 1 else None
    bias = a[2] if len(a) > 2 else None
    b = int(at.get("begin_norm_axis", 1))
    lead, tail = x.shape[:b], x.shape[b:]
    x2 = jnp.reshape(x, (-1, math.prod(tail)))
    m = jnp.mean(x2, axis=-1, keepdims=True)
    d = x2 - m
    v = jnp.mean(d * d, axis=-1, keepdims=True)
    y = d * (1.0 / jnp.sqrt(v + float(at.get("epsilon", 1e-5))))
    if scale is not None:
        y = y * jnp.reshape(scale, (1, -1))
    if bias is not None:
        y = y + jnp.reshape(bias, (1, -1))
    return [jnp.reshape(y, x.shape), jnp.reshape(m, lead), jnp.reshape(v, lead)]


@op("pd_op.matmul")
def _matmul(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x, y = a[0], a[1]
    if at.get("transpose_x") and jnp.ndim(x) >= 2:
        x = jnp.swapaxes(x, -1, -2)
    if at.get("transpose_y") and jnp.ndim(y) >= 2:
        y = jnp.swapaxes(y, -1, -2)
    return [jnp.matmul(x, y, precision=lax.Precision.HIGHEST)]


# -- convolution and pooling ----------------------------------------------------------------------

def _nhwc(at: Mapping[str, Any]) -> bool:
    return at.get("data_format", "NCHW") in ("NHWC", "NLC", "NDHWC")


@op("pd_op.conv2d", "pd_op.depthwise_conv2d")
def _conv2d(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x, w = a[0], a[1]
    nhwc = _nhwc(at)
    hw = x.shape[1:3] if nhwc else x.shape[2:4]
    strides = int_pairs(at["strides"], "strides")
    pads, dil = update_pads(four_pads(at["paddings"]), int_pairs(at["dilations"], "dilations"),
                             at.get("padding_algorithm", "EXPLICIT"), hw, strides, w.shape[2:])
    fmt = "NHWC" if nhwc else "NCHW"
    out = lax.conv_general_dilated(x, w, strides, [(pads[0], pads[1]), (pads[2], pads[3])], rhs_dilation=dil,
                                   dimension_numbers=(fmt, "OIHW", fmt), feature_group_count=int(at.get("groups", 1)),
                                   precision=lax.Precision.HIGHEST)
    return [out]


@op("pd_op.conv2d_transpose", "pd_op.depthwise_conv2d_transpose")
def _conv2d_transpose(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x, w = a[0], a[1]
    nhwc = _nhwc(at)
    hw = x.shape[1:3] if nhwc else x.shape[2:4]
    ci, og, kh, kw = w.shape
    g = int(at.get("groups", 1))
    strides = int_pairs(at["strides"], "strides")
    pads, dil = update_pads(four_pads(at["paddings"]), int_pairs(at["dilations"], "dilations"),
                             at.get("padding_algorithm", "EXPLICIT"), hw, strides, (kh, kw))
    out_hw = c.out_shape()[1:3] if nhwc else c.out_shape()[2:4]
    # the transposed convolution as a convolution of the stride-dilated input with the flipped,
    # group-transposed filter (IOHW -> OIHW)
    wt = jnp.reshape(jnp.transpose(jnp.reshape(w, (g, ci // g, og, kh, kw)), (0, 2, 1, 3, 4)), (g * og, ci // g, kh, kw))
    wt = wt[:, :, ::-1, ::-1]
    padding = []
    for i, k in enumerate((kh, kw)):
        lo = dil[i] * (k - 1) - pads[2 * i]
        hi = out_hw[i] + pads[2 * i] - (hw[i] - 1) * strides[i] - 1
        padding.append((lo, hi))
    fmt = "NHWC" if nhwc else "NCHW"
    out = lax.conv_general_dilated(x, wt, (1, 1), padding, lhs_dilation=strides, rhs_dilation=dil,
                                   dimension_numbers=(fmt, "OIHW", fmt), feature_group_count=g,
                                   precision=lax.Precision.HIGHEST)
    return [out]


def _adaptive_matrix(n: int, out: int, k: int, s: int, p0: int) -> np.ndarray:
    """(out, n) averaging weights of Paddle's adaptive windows."""
    start, end = pool_windows(n, out, k, s, p0, True)
    m = np.zeros((out, n), np.float32)
    for o in range(out):
        m[o, start[o]:end[o]] = 1.0 / max(int(end[o] - start[o]), 1)
    return m


@op("pd_op.pool2d")
def _pool2d(a: list[Any], at: Mapping[str, Any], c: OpCtx) -> list[Any]:
    x = a[0]
    nhwc = _nhwc(at)
    if nhwc:
        x = jnp.transpose(x, (0, 3, 1, 2))
    h, w = x.shape[2], x.shape[3]
    kind = at.get("pooling_type")
    adaptive = bool(at.get("adaptive", False))
    ks, strides, pads, out = pool_geometry((h, w), ints(a[1], "pool2d kernel_size"), at,
                                            at.get("padding_algorithm", "EXPLICIT"))
    if kind == "avg" and adaptive:
        mh = _adaptive_matrix(h, out[0], ks[0], strides[0], pads[0])
        mw = _adaptive_matrix(w, out[1], ks[1], strides[1], pads[2])
        if out == [1, 1]:
            res = jnp.mean(x, axis=(2, 3), keepdims=True)
        else:
            res = jnp.einsum("oh,nchw,pw->ncop", mh.astype(x.dtype), x, mw.astype(x.dtype),
                             precision=lax.Precision.HIGHEST)
    elif kind in ("avg", "max"):
        # ordinary windows (Paddle's max pooling ignores `adaptive` for the windows, see pirc's kernel)
        pad_hw = [(pads[2 * i], max(0, (out[i] - 1) * strides[i] + ks[i] - (h, w)[i] - pads[2 * i])) for i in range(2)]
        window, wstrides = (1, 1, ks[0], ks[1]), (1, 1, strides[0], strides[1])
        padding = ((0, 0), (0, 0), pad_hw[0], pad_hw[1])
        if kind == "max":
            res = lax.reduce_window(x, -jnp.inf, lax.max, window, wstrides, padding)
        else:
            s = lax.reduce_window(x, 0.0, lax.add, window, wstrides, padding)
            hs, he = pool_windows(h, out[0], ks[0], strides[0], pads[0], False)
            ws, we = pool_windows(w, out[1], ks[1], strides[1], pads[2], False)
            if at.get("exclusive", True):
                cnt = np.outer(he - hs, we - ws)
            else:
                def incl(n: int, o: int, k: int, st: int, p0: int) -> np.ndarray:
                    b = np.arange(o, dtype=np.int64) * st - p0
                    return np.minimum(b + k, n + p0) - b
                cnt = np.outer(incl(h, out[0], ks[0], strides[0], pads[0]), incl(w, out[1], ks[1], strides[1], pads[2]))
            res = s / cnt.astype(np.float32)
        res = res[:, :, :out[0], :out[1]]
    else:
        raise NotExpressible(f"pooling_type {kind!r}")
    if nhwc:
        res = jnp.transpose(res, (0, 2, 3, 1))
    return [res]


def supported(name: str) -> bool:
    return name in OPS


__all__: Sequence[str] = ("OPS", "NotExpressible", "OpCtx", "is_concrete", "supported")


from bench import xla_ops_extra  # noqa: E402,F401 - registers the rest of the table
