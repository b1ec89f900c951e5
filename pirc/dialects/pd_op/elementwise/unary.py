"""Unary math and activations (relu, exp, sqrt, gelu, ...) and pow with a scalar exponent."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, PatternKind
from pirc.dialects.pd_op.elementwise.base import (
    E,
    _compute_dtype,
    as_array,
    cast_array,
    dtype_name,
    erf,
    register_with_inplace,
    unary_meta,
)
from pirc.dialects.pd_op.elementwise.binary import _check_int_div, _divide

# ---------------------------------------------------------------------------
# unary math and activations
# ---------------------------------------------------------------------------


def _unary(fn: Callable[[np.ndarray], np.ndarray]) -> Callable[[Sequence[KernelArg], Mapping[str, Any]], list[np.ndarray]]:
    """Kernel computing ``fn`` in x's dtype (float16 via float32); the result has x's dtype.

    Functions tagged by :func:`_float_fn` give float32 for integer inputs instead (see there)."""

    int_to_float = getattr(fn, "int_to_float", False)

    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x = np.asarray(args[0])
        if int_to_float and x.dtype.kind in "iub":
            with np.errstate(all="ignore"):
                return [as_array(fn(x.astype(np.float32)), np.float32)]
        cd = _compute_dtype(x.dtype)
        xc = x.astype(cd, copy=False)
        with np.errstate(all="ignore"):
            out = np.asarray(fn(xc))
        return [cast_array(out, dtype_name(x.dtype)) if out.dtype != x.dtype else as_array(out)]

    return kernel


def _relu(x: np.ndarray) -> np.ndarray:
    return np.where(x > 0, x, np.zeros((), x.dtype))


def _relu6(x: np.ndarray) -> np.ndarray:
    y = np.where(x < 0, np.zeros((), x.dtype), x)
    return np.where(y > 6, np.asarray(6, x.dtype), y)


def _sigmoid(x: np.ndarray) -> np.ndarray:
    one = np.asarray(1, x.dtype)
    return one / (one + np.exp(-x))


def _silu(x: np.ndarray) -> np.ndarray:
    return x / (np.asarray(1, x.dtype) + np.exp(-x))


def _swish(x: np.ndarray) -> np.ndarray:
    return x * _sigmoid(x)


def _hardswish(x: np.ndarray) -> np.ndarray:
    # threshold 6, scale 6, offset 3 (fixed in Paddle's pd_op.hardswish)
    t = np.minimum(np.maximum(x + np.asarray(3, x.dtype), np.zeros((), x.dtype)), np.asarray(6, x.dtype))
    return x * t / np.asarray(6, x.dtype)


def _erf_kernel(x: np.ndarray) -> np.ndarray:
    return erf(x.astype(np.float64)).astype(x.dtype)


_FLT_MIN = np.float32(np.finfo(np.float32).tiny)


def _sqrt(x: np.ndarray) -> np.ndarray:
    out = np.sqrt(x)
    if x.dtype == np.float32:
        # Eigen's vectorised fast float sqrt, x * rsqrt(x) with one Newton step:
        # sqrt(+inf) is NaN, 0 <= x < FLT_MIN gives +0, a negative denormal gives +inf.
        out = np.where(x == np.inf, np.float32(np.nan), out)
        out = np.where((x >= 0) & (x < _FLT_MIN), np.float32(0), out)
        out = np.where((x < 0) & (x > -_FLT_MIN), np.float32(np.inf), out)
    return out


def _rsqrt(x: np.ndarray) -> np.ndarray:
    out = np.asarray(1, x.dtype) / np.sqrt(x)
    if x.dtype == np.float32:
        # Eigen's fast float rsqrt: denormal inputs act as a signed zero
        out = np.where((x > 0) & (x < _FLT_MIN), np.float32(np.inf), out)
        out = np.where((x < 0) & (x > -_FLT_MIN), np.float32(-np.inf), out)
    return out


def _reciprocal(x: np.ndarray) -> np.ndarray:
    if x.dtype.kind in "iu":
        _check_int_div(np.ones_like(x), x)
        return _divide(np.ones_like(x), x)
    return np.asarray(1, x.dtype) / x


def _float_fn(fn: Callable[[np.ndarray], np.ndarray]) -> Callable[[np.ndarray], np.ndarray]:
    """Tag a math function whose Paddle CPU kernel also takes integer tensors and then
    computes in float32 and hands back float32 data (Paddle 3.3.1: exp, log, log1p, expm1,
    log2, log10 keep the integer dtype in the printed result type, yet the kernel writes
    float32; for sigmoid, tanh, sqrt, sin, ... Paddle's op builder casts integer inputs to
    float32 first, so they never see one)."""

    def f(x: np.ndarray) -> np.ndarray:
        return fn(x)

    f.int_to_float = True  # type: ignore[attr-defined]
    return f


_UNARY: list[tuple[str, Callable[[np.ndarray], np.ndarray], bool, PatternKind]] = [
    ("relu", _relu, True, E),
    ("relu6", _relu6, False, E),
    ("sigmoid", _float_fn(_sigmoid), True, E),
    ("tanh", _float_fn(np.tanh), True, E),
    ("silu", _float_fn(_silu), True, E),
    ("swish", _float_fn(_swish), False, E),
    ("hardswish", _hardswish, False, E),
    ("exp", _float_fn(np.exp), True, E),
    ("log", _float_fn(np.log), True, E),
    ("log1p", _float_fn(np.log1p), True, E),
    ("expm1", _float_fn(np.expm1), True, E),
    ("sqrt", _float_fn(_sqrt), True, E),
    ("rsqrt", _float_fn(_rsqrt), True, E),
    ("reciprocal", _reciprocal, True, E),
    ("square", lambda x: x * x, True, E),
    ("abs", np.abs, True, E),
    ("sin", _float_fn(np.sin), True, E),
    ("cos", _float_fn(np.cos), True, E),
    ("erf", _float_fn(_erf_kernel), True, E),
    ("sign", np.sign, False, E),
    ("floor", np.floor, True, E),
    ("ceil", np.ceil, True, E),
]

for _name, _fn, _inp, _pat in _UNARY:
    register_with_inplace(_name, operands=("x",), infer_meta=unary_meta(), kernel=_unary(_fn),
                          pattern=_pat, inplace_variant=_inp)


def _leaky_relu_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    cd = _compute_dtype(x.dtype)
    xc = x.astype(cd, copy=False)
    alpha = np.asarray(attrs.get("negative_slope", 0.02), dtype=cd if cd.kind == "f" else np.float64)
    with np.errstate(all="ignore"):
        out = np.where(xc < 0, xc * alpha, xc)
    return [cast_array(out, dtype_name(x.dtype))]


register_with_inplace("leaky_relu", operands=("x",), attrs=("negative_slope",), infer_meta=unary_meta(),
                      kernel=_leaky_relu_kernel, pattern=E, inplace_variant=True)


def _gelu_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    xd = x.astype(np.float64)
    with np.errstate(all="ignore"):
        if attrs.get("approximate", False):
            inner = math.sqrt(2.0 / math.pi) * (xd + 0.044715 * xd * xd * xd)
            out = 0.5 * xd * (1.0 + np.tanh(inner))
        else:
            cd = _compute_dtype(x.dtype) if x.dtype.kind == "f" else np.dtype(np.float64)
            # phi computes x * 0.5 * (1 + erf(x / sqrt(2))) in the input precision
            t = erf(xd * (1.0 / math.sqrt(2.0))).astype(cd)
            xc = x.astype(cd)
            out = xc * np.asarray(0.5, cd) * (np.asarray(1, cd) + t)
    return [cast_array(out, dtype_name(x.dtype))]


register_with_inplace("gelu", operands=("x",), attrs=("approximate",), infer_meta=unary_meta(),
                      kernel=_gelu_kernel, pattern=E)


def _hardsigmoid_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    cd = _compute_dtype(x.dtype) if x.dtype.kind == "f" else np.dtype(np.float64)
    xc = x.astype(cd)
    slope = np.asarray(attrs.get("slope", 0.1666667), cd)
    offset = np.asarray(attrs.get("offset", 0.5), cd)
    with np.errstate(all="ignore"):
        out = np.maximum(np.zeros((), cd), np.minimum(np.ones((), cd), xc * slope + offset))
    return [cast_array(out, dtype_name(x.dtype))]


register_with_inplace("hardsigmoid", operands=("x",), attrs=("slope", "offset"), infer_meta=unary_meta(),
                      kernel=_hardsigmoid_kernel, pattern=E)


# ---------------------------------------------------------------------------
# pow (scalar exponent attribute)
# ---------------------------------------------------------------------------


def _eigen_pow(x: np.ndarray, y: float) -> np.ndarray:
    """Eigen's ``x.pow(y)`` (generic_pow): C99 pow, except that the special cases give
    unsigned results (pow(-inf, 3) == +inf, pow(-0.0, -1) == +inf) and pow(nan, 0) == 1."""
    yv = np.full(x.shape, y, dtype=x.dtype)  # a full array: numpy turns scalar 0.5 / -1 into sqrt / 1/x
    out = np.power(x, yv)
    ax = np.abs(x)
    if y == 0:
        return np.ones_like(x)
    if y < 0:
        out = np.where(ax == 0, np.asarray(np.inf, x.dtype), out)
        out = np.where(ax == np.inf, np.zeros((), x.dtype), out)
    elif y > 0:
        out = np.where(ax == np.inf, np.asarray(np.inf, x.dtype), out)
        out = np.where(ax == 0, np.zeros((), x.dtype), out)
    return np.where(x == 1, np.ones((), x.dtype), out)


def _pow_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    y = float(attrs.get("y", 1.0))
    if x.dtype.kind in "iu":
        e = int(y)  # the exponent is static_cast<T>(factor)
        if e >= 0:
            out = np.power(x, np.asarray(e, x.dtype))
        else:
            with np.errstate(all="ignore"):
                out = cast_array(np.trunc(np.power(x.astype(np.float64), float(e))), dtype_name(x.dtype))
        return [as_array(out, x.dtype)]
    cd = _compute_dtype(x.dtype)
    with np.errstate(all="ignore"):
        out = _eigen_pow(x.astype(cd, copy=False), float(np.asarray(y, cd)))
    return [cast_array(out, dtype_name(x.dtype))]


register_with_inplace("pow", operands=("x",), attrs=("y",), infer_meta=unary_meta(), kernel=_pow_kernel,
                      pattern=E, inplace_variant=True)
