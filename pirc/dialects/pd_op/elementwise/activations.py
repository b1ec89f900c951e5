"""More unary math and activations with attributes (log2, round, elu, softplus, logit, ...) and logical_xor."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, PatternKind
from pirc.dialects.pd_op.elementwise.base import (
    E,
    _compute_dtype,
    as_array,
    binary_meta,
    cast_array,
    dtype_name,
    register_with_inplace,
    unary_meta,
)
from pirc.dialects.pd_op.elementwise.binary import _compare
from pirc.dialects.pd_op.elementwise.unary import _float_fn, _unary

# ---------------------------------------------------------------------------
# more unary math and activations (log2, log10, round, trunc, elu, softplus, mish, ...)
# ---------------------------------------------------------------------------


def _is_int(x: np.ndarray) -> bool:
    return x.dtype.kind in "iub"


def _logsigmoid(x: np.ndarray) -> np.ndarray:
    # phi LogSigmoidFunctor: t = max(-x, 0); out = -t - log(exp(-t) + exp(-x - t))
    t = np.maximum(-x, np.zeros((), x.dtype))
    return -t - np.log(np.exp(-t) + np.exp(-x - t))


_MORE_UNARY: list[tuple[str, Callable[[np.ndarray], np.ndarray], bool, PatternKind]] = [
    ("log2", _float_fn(np.log2), True, E),
    ("log10", _float_fn(np.log10), True, E),
    ("softsign", lambda x: x / (np.asarray(1, x.dtype) + np.abs(x)), False, E),
    ("tanh_shrink", lambda x: x - np.tanh(x), False, E),
    ("logsigmoid", _logsigmoid, False, E),
    ("tan", _float_fn(np.tan), True, E),
    ("sinh", _float_fn(np.sinh), True, E),
    ("cosh", _float_fn(np.cosh), True, E),
    ("asin", _float_fn(np.arcsin), True, E),
    ("acos", _float_fn(np.arccos), True, E),
    ("atan", _float_fn(np.arctan), True, E),
    ("asinh", _float_fn(np.arcsinh), True, E),
    ("acosh", _float_fn(np.arccosh), True, E),
    ("atanh", _float_fn(np.arctanh), True, E),
]

for _name, _fn, _inp, _pat in _MORE_UNARY:
    register_with_inplace(_name, operands=("x",), infer_meta=unary_meta(), kernel=_unary(_fn),
                          pattern=_pat, inplace_variant=_inp)


def _trunc_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    if _is_int(x):
        return [np.array(x, copy=True)]
    return [as_array(np.trunc(x), x.dtype)]


register_with_inplace("trunc", operands=("input",), infer_meta=unary_meta(), kernel=_trunc_kernel,
                      pattern=E, inplace_variant=True)


def _round_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    # phi RoundFunctor: rint (ties to even); decimals d > 0: rint(x * 10^d) / 10^d,
    # d < 0: rint(x / 10^-d) * 10^-d, with 10^|d| converted to x's type; integers unchanged.
    x = np.asarray(args[0])
    if _is_int(x):
        return [np.array(x, copy=True)]
    d = int(attrs.get("decimals", 0))
    cd = _compute_dtype(x.dtype)
    xc = x.astype(cd, copy=False)
    with np.errstate(all="ignore"):
        if d == 0:
            out = np.rint(xc)
        else:
            p = np.asarray(10.0 ** abs(d), dtype=cd)
            out = np.rint(xc * p) / p if d > 0 else np.rint(xc / p) * p
    return [cast_array(out, dtype_name(x.dtype))]


register_with_inplace("round", operands=("x",), attrs=("decimals",), infer_meta=unary_meta(),
                      kernel=_round_kernel, pattern=E, inplace_variant=True)


def _isx(fn: Callable[[np.ndarray], np.ndarray], int_value: bool) -> Callable[..., list[np.ndarray]]:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x = np.asarray(args[0])
        if _is_int(x):
            return [np.full(x.shape, int_value, dtype=np.bool_)]
        return [as_array(fn(x), np.bool_)]

    return kernel


for _name, _fn, _iv in (("isnan", np.isnan, False), ("isinf", np.isinf, False), ("isfinite", np.isfinite, True)):
    register_with_inplace(_name, operands=("x",), infer_meta=unary_meta("bool"), kernel=_isx(_fn, _iv), pattern=E)


def _attr_unary(fn: Callable[[np.ndarray, Mapping[str, Any]], np.ndarray]) -> Callable[..., list[np.ndarray]]:
    """Kernel for an activation with float attributes: ``fn(x_in_compute_dtype, attrs)``;
    the attributes are converted to x's (compute) type first, as the phi functors do."""

    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x = np.asarray(args[0])
        cd = _compute_dtype(x.dtype) if x.dtype.kind == "f" else np.dtype(np.float32)
        xc = x.astype(cd, copy=False)
        with np.errstate(all="ignore"):
            out = np.asarray(fn(xc, attrs))
        return [cast_array(out, dtype_name(x.dtype) if x.dtype.kind == "f" else "float32")]

    return kernel


def _t(x: np.ndarray, v: Any) -> np.ndarray:
    """A float attribute (a C++ float) as a 0-D array of x's dtype: static_cast<T>(attr)."""
    return np.asarray(np.float32(v), dtype=x.dtype)


def _td(x: np.ndarray, v: Any) -> np.ndarray:
    """A double attribute (softplus' beta/threshold, logit's eps) as a 0-D array of x's dtype."""
    return np.asarray(float(v), dtype=x.dtype)


def _elu(x: np.ndarray, a: Mapping[str, Any]) -> np.ndarray:
    # phi ELUFunctor: x < 0 ? alpha * (exp(x) - 1) : x
    alpha = _t(x, a.get("alpha", 1.0))
    return np.where(x < 0, alpha * (np.exp(x) - np.asarray(1, x.dtype)), x)


def _celu(x: np.ndarray, a: Mapping[str, Any]) -> np.ndarray:
    # phi CELUFunctor: x < 0 ? alpha * (exp(x / alpha) - 1) : x
    alpha = _t(x, a.get("alpha", 1.0))
    return np.where(x < 0, alpha * (np.exp(x / alpha) - np.asarray(1, x.dtype)), x)


def _selu(x: np.ndarray, a: Mapping[str, Any]) -> np.ndarray:
    # phi SeluFunctor: (x <= 0 ? alpha * exp(x) - alpha : x) * scale
    alpha, scale = _t(x, a.get("alpha", 1.6732632423543772)), _t(x, a.get("scale", 1.0507009873554805))
    return np.where(x <= 0, alpha * np.exp(x) - alpha, x) * scale


def _softplus(x: np.ndarray, a: Mapping[str, Any]) -> np.ndarray:
    # phi SoftplusFunctor: x * beta > threshold ? x : log(1 + exp(x * beta)) / beta
    beta, threshold = _td(x, a.get("beta", 1.0)), _td(x, a.get("threshold", 20.0))
    xb = x * beta
    return np.where(xb > threshold, x, np.log(np.asarray(1, x.dtype) + np.exp(xb)) / beta)


def _mish(x: np.ndarray, a: Mapping[str, Any]) -> np.ndarray:
    # phi MishFunctor: sp = x > threshold ? x : log1p(exp(x)); out = x * tanh(sp)
    threshold = _t(x, a.get("lambda", 20.0))
    sp = np.where(x > threshold, x, np.log1p(np.exp(x)))
    return x * np.tanh(sp)


def _hardtanh(x: np.ndarray, a: Mapping[str, Any]) -> np.ndarray:
    lo, hi = _t(x, a.get("t_min", -1.0)), _t(x, a.get("t_max", 1.0))
    return np.where(x > hi, hi, np.where(x < lo, lo, x))


def _logit(x: np.ndarray, a: Mapping[str, Any]) -> np.ndarray:
    # phi LogitFunctor: with eps == 0, x outside [0, 1] is NaN; otherwise x is clipped to
    # [eps, 1 - eps] first; out = log(x / (1 - x)).
    eps = float(a.get("eps", 0.0))
    one = np.asarray(1, x.dtype)
    if eps == 0.0:
        return np.where((x < 0) | (x > 1), np.asarray(np.nan, x.dtype), np.log(x / (one - x)))
    lo, hi = _td(x, eps), np.asarray(1.0 - eps, x.dtype)
    xc = np.where(x < lo, lo, np.where(x > hi, hi, x))
    return np.log(xc / (one - xc))


def _softshrink(x: np.ndarray, a: Mapping[str, Any]) -> np.ndarray:
    # phi: (x > l) * (x - l) + (x < -l) * (x + l), masks cast to T (so +-inf and NaN give NaN)
    lam = _t(x, a.get("threshold", 0.5))
    return (x > lam).astype(x.dtype) * (x - lam) + (x < -lam).astype(x.dtype) * (x + lam)


def _hardshrink(x: np.ndarray, a: Mapping[str, Any]) -> np.ndarray:
    # Paddle 3.3.1 keeps |x| == threshold too (hardshrink(0.5, 0.5) == 0.5); x * mask, so NaN stays NaN
    t = _t(x, a.get("threshold", 0.5))
    return x * ((x <= -t) | (x >= t)).astype(x.dtype)


def _thresholded_relu(x: np.ndarray, a: Mapping[str, Any]) -> np.ndarray:
    # phi: x * (x > t) + value * (x <= t), masks cast to T (so -inf gives NaN, NaN stays NaN)
    t, v = _t(x, a.get("threshold", 1.0)), _t(x, a.get("value", 0.0))
    return x * (x > t).astype(x.dtype) + v * (x <= t).astype(x.dtype)


for _name, _fn, _attrs, _inp in [
    ("elu", _elu, ("alpha",), True),
    ("celu", _celu, ("alpha",), False),
    ("selu", _selu, ("scale", "alpha"), False),
    ("softplus", _softplus, ("beta", "threshold"), False),
    ("mish", _mish, ("lambda",), False),
    ("hardtanh", _hardtanh, ("t_min", "t_max"), True),
    ("logit", _logit, ("eps",), True),
    ("softshrink", _softshrink, ("threshold",), False),
    ("hardshrink", _hardshrink, ("threshold",), False),
    ("thresholded_relu", _thresholded_relu, ("threshold", "value"), True),
]:
    register_with_inplace(_name, operands=("x",), attrs=_attrs, infer_meta=unary_meta(),
                          kernel=_attr_unary(_fn), pattern=E, inplace_variant=_inp)


register_with_inplace("logical_xor", operands=("x", "y"), infer_meta=binary_meta("bool"),
                      kernel=_compare(np.logical_xor), pattern=E, inplace_variant=True)
