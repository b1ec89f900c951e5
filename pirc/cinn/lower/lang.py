"""lang: the math of each op on scalar AST expressions (CINN's ``lang`` layer).

Every function takes and returns :class:`~pirc.cinn.ast.Expr` values and
reproduces what the op's numpy kernel (``pirc/dialects/pd_op/*.py``) computes
for one element:

* **compute types** -- float16 / bfloat16 math runs in float32 and is cast back
  (Paddle's MPType); binary ops convert ``y`` to ``x``'s type (the result has
  ``x``'s type); bool arithmetic runs in int8.
* **integers** -- ``divide`` truncates (C), ``floor_divide`` floors,
  ``remainder`` takes the divisor's sign (``fmod`` then ``+ y`` when the signs
  differ, the same formula for floats); ``elementwise_pow`` on integers is
  ``llrint(pow(double, double))``.
* **NaN** -- ``maximum`` / ``minimum`` propagate NaN and return ``y`` on ties:
  ``select(x > y || isnan(x), x, y)``; ``relu(nan) == 0``; ``equal`` on
  float32/float64 is ``|x - y| < 1e-15`` except for infinities.
* **casts** -- to bool is ``x != 0``; float to int8/int16/uint8 goes through
  int32 (x86's ``cvttss2si`` then a wrap).
* ``round`` is round-half-to-even (``rint``), written with floor / fmod since the
  AST has no ``rint`` intrinsic.

* float32 ``sqrt`` / ``rsqrt`` reproduce Eigen's fast path (``sqrt(+inf)`` is NaN,
  denormal inputs act as zeros), as Paddle's CPU kernels do.

Known differences from the numpy kernels (edge cases only): integer division by
zero is undefined (the evaluator and the generated C give 0) instead of an error;
``exp`` / ``log`` / ``log2`` / ``log10`` / ``log1p`` / ``expm1`` of an *integer*
tensor store the result in the result's IR type (an integer type), where the
numpy kernel hands back float32 data.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from pirc.cinn.ast import builder as b
from pirc.cinn.ast.dtypes import DType, to_dtype
from pirc.cinn.ast.nodes import (
    EQ,
    NE,
    Call,
    Cast,
    Expr,
    FloatImm,
    IntImm,
    Max,
    Min,
    Mod,
    Not,
    Select,
    to_expr,
)

# ---------------------------------------------------------------------------------------
# types and constants
# ---------------------------------------------------------------------------------------

_FLT_HALF = (DType.FLOAT16, DType.BFLOAT16)


def compute_dtype(dt: DType) -> DType:
    """The type an op computes in: float32 for float16 / bfloat16, else ``dt``."""
    return DType.FLOAT32 if dt in _FLT_HALF else dt


def const(value: Any, dt: DType) -> Expr:
    """``static_cast<dt>(value)`` as an immediate (NaN / inf allowed for floats)."""
    dt = to_dtype(dt)
    if dt.is_bool:
        return IntImm(1 if value != 0 else 0, DType.BOOL)  # NaN != 0: true
    if dt.is_float:
        return FloatImm(float(value), dt)
    v = float(value) if isinstance(value, float) else int(value)
    if isinstance(v, float):
        if not math.isfinite(v):
            v = -(1 << 31) if dt.bits >= 32 else 0
        v = int(v)  # truncation toward zero, as static_cast
    if dt.is_signed_int:
        v = ((v + (1 << (dt.bits - 1))) % (1 << dt.bits)) - (1 << (dt.bits - 1))
    else:
        v %= 1 << dt.bits
    return IntImm(v, dt)


def cast(x: Expr, dt: DType | str) -> Expr:
    """Paddle's ``cast`` of one element (see the module docstring)."""
    dt = to_dtype(dt)
    if x.dtype is dt:
        return x
    if dt.is_bool:
        return NE(x, to_expr(0, x.dtype)) if not x.dtype.is_bool else x
    if x.dtype.is_float and dt.is_int and (dt.bits < 32 or dt.is_uint):
        return Cast(dt, Cast(DType.INT32, x))
    return Cast(dt, x)


def to_compute(x: Expr) -> Expr:
    """``x`` in its compute type (float16 -> float32; bool -> int8 for arithmetic)."""
    if x.dtype in _FLT_HALF:
        return Cast(DType.FLOAT32, x)
    return x


def call(name: str, *args: Expr) -> Expr:
    return Call(name, tuple(args), args[0].dtype)


def isnan(x: Expr) -> Expr:
    return Call("isnan", (x,), DType.BOOL)


def isinf(x: Expr) -> Expr:
    return Call("isinf", (x,), DType.BOOL)


def select(c: Expr, t: Any, f: Any) -> Expr:
    return Select(c, t, f)


def rint(x: Expr) -> Expr:
    """Round half to even: ``floor(x)``, ``+1`` above the midpoint, to the even one at it.  Rounding
    up from -1 gives -0.0, as ``rint`` does (``x * 0`` for x in [-1, 0): ``1 / round(-0.3)`` is -inf)."""
    f = call("floor", x)
    d = x - f
    one = to_expr(1.0, x.dtype)
    half = to_expr(0.5, x.dtype)
    up = select(EQ(f, to_expr(-1.0, x.dtype)), x * to_expr(0.0, x.dtype), f + one)
    even_f = EQ(Mod(f, to_expr(2.0, x.dtype)), to_expr(0.0, x.dtype))
    at_half = select(even_f, f, up)
    return select(d > half, up, select(d < half, f, at_half))


# ---------------------------------------------------------------------------------------
# binary ops
# ---------------------------------------------------------------------------------------


def _arith_operands(x: Expr, y: Expr) -> tuple[Expr, Expr, DType]:
    out = x.dtype
    cd = compute_dtype(out)
    if cd.is_bool:
        cd = DType.INT8
    return cast(x, cd) if x.dtype is not cd else x, cast(y, cd) if y.dtype is not cd else y, out


def _finish(v: Expr, out: DType) -> Expr:
    return cast(v, out) if v.dtype is not out else v


def _divide(x: Expr, y: Expr) -> Expr:
    return x / y  # Div truncates integers (C), divides floats


def _floor_divide(x: Expr, y: Expr) -> Expr:
    if x.dtype.is_int:
        q = x / y
        r = x - q * y
        return select(r.ne(to_expr(0, x.dtype)) & NE(x < 0, y < 0), q - 1, q)
    # numpy's npy_floor_divide: mod = fmod(a, b); div = (a - mod) / b; div -= 1 when the
    # signs of mod and b differ; floordiv = floor(div), + 1 when div - floordiv > 0.5
    zero = to_expr(0.0, x.dtype)
    one = to_expr(1.0, x.dtype)
    mod = Mod(x, y)
    div = (x - mod) / y
    div = select(mod.ne(zero) & NE(y < zero, mod < zero), div - one, div)
    fl = call("floor", div)
    fl = select(div - fl > to_expr(0.5, x.dtype), fl + one, fl)
    return select(y.eq(zero), x / y, fl)


def _remainder(x: Expr, y: Expr) -> Expr:
    zero = to_expr(0, x.dtype)
    r = Mod(x, y)  # C % / fmod: the dividend's sign
    return select(r.ne(zero) & NE(y < zero, r < zero), r + y, r)


def _maximum(x: Expr, y: Expr) -> Expr:
    if x.dtype.is_float:
        return select((x > y) | isnan(x), x, y)
    return select(x > y, x, y)


def _minimum(x: Expr, y: Expr) -> Expr:
    if x.dtype.is_float:
        return select((x < y) | isnan(x), x, y)
    return select(x < y, x, y)


def _pow(x: Expr, y: Expr) -> Expr:
    if x.dtype.is_float:
        return call("pow", x, y)
    p = call("pow", Cast(DType.FLOAT64, x), Cast(DType.FLOAT64, y))
    return Cast(x.dtype, Cast(DType.INT64, rint(p)))


_ARITH = {
    "add": lambda x, y: x + y,
    "subtract": lambda x, y: x - y,
    "multiply": lambda x, y: x * y,
    "divide": _divide,
    "floor_divide": _floor_divide,
    "remainder": _remainder,
    "maximum": _maximum,
    "minimum": _minimum,
    "elementwise_pow": _pow,
}


def _equal(x: Expr, y: Expr) -> Expr:
    if x.dtype in (DType.FLOAT32, DType.FLOAT64) and y.dtype is x.dtype:
        close = call("abs", cast(x - y, DType.FLOAT64)) < FloatImm(1e-15, DType.FLOAT64)
        return select(isinf(x) | isinf(y), EQ(x, y), close)
    if y.dtype is not x.dtype:
        y = cast(y, x.dtype)
    return EQ(x, y)


def _cmp(fn: Any) -> Any:
    def f(x: Expr, y: Expr) -> Expr:
        if y.dtype is not x.dtype:
            y = cast(y, x.dtype)
        return fn(x, y)

    return f


def _logical(fn: Any) -> Any:
    def f(x: Expr, y: Expr) -> Expr:
        return fn(cast(x, DType.BOOL), cast(y, DType.BOOL))

    return f


_COMPARE = {
    "equal": _equal,
    "not_equal": lambda x, y: Not(_equal(x, y)),
    "less_than": _cmp(lambda x, y: x < y),
    "less_equal": _cmp(lambda x, y: x <= y),
    "greater_than": _cmp(lambda x, y: x > y),
    "greater_equal": _cmp(lambda x, y: x >= y),
    "logical_and": _logical(lambda x, y: x & y),
    "logical_or": _logical(lambda x, y: x | y),
    "logical_xor": _logical(lambda x, y: NE(x, y)),
}

BINARY_OPS = frozenset(_ARITH) | frozenset(_COMPARE)


def binary(name: str, x: Expr, y: Expr) -> Expr:
    """``pd_op.<name>`` on one element of each operand (same shapes)."""
    if name in _COMPARE:
        return _COMPARE[name](x, y)
    xc, yc, out = _arith_operands(x, y)
    return _finish(_ARITH[name](xc, yc), out)


# ---------------------------------------------------------------------------------------
# unary ops and activations
# ---------------------------------------------------------------------------------------


def _c(v: float, like: Expr) -> Expr:
    return to_expr(v, like.dtype)


def _f32attr(v: Any, like: Expr) -> Expr:
    """A float attribute (a C++ float) converted to ``like``'s type: static_cast<T>(attr)."""
    return const(float(np.float32(v)), like.dtype)


def _sigmoid(x: Expr) -> Expr:
    one = _c(1, x)
    return one / (one + call("exp", -x))


_FLT_MIN = 1.1754943508222875e-38


def _eigen_sqrt(x: Expr) -> Expr:
    """float32: Eigen's vectorised ``x * rsqrt(x)`` with a Newton step (what Paddle's CPU kernel
    computes): ``sqrt(+inf)`` is NaN, ``0 <= x < FLT_MIN`` gives +0, a negative denormal +inf."""
    out = call("sqrt", x)
    if x.dtype is not DType.FLOAT32:
        return out
    inf, tiny = FloatImm(math.inf, x.dtype), FloatImm(_FLT_MIN, x.dtype)
    zero = _c(0, x)
    out = select(EQ(x, inf), FloatImm(math.nan, x.dtype), out)
    out = select((x >= zero) & (x < tiny), zero, out)
    return select((x < zero) & (x > -tiny), inf, out)


def _eigen_rsqrt(x: Expr) -> Expr:
    """float32: Eigen's fast rsqrt treats a denormal input as a signed zero (+-inf)."""
    out = _c(1, x) / call("sqrt", x)
    if x.dtype is not DType.FLOAT32:
        return out
    inf, tiny = FloatImm(math.inf, x.dtype), FloatImm(_FLT_MIN, x.dtype)
    zero = _c(0, x)
    out = select((x > zero) & (x < tiny), inf, out)
    return select((x < zero) & (x > -tiny), FloatImm(-math.inf, x.dtype), out)


def _sign(x: Expr) -> Expr:
    one, zero = _c(1, x), _c(0, x)
    return select(x > zero, one, select(x < zero, -one if x.dtype.is_float else _c(-1, x), x))


def _hardswish(x: Expr) -> Expr:
    t = Min(Max(x + _c(3, x), _c(0, x)), _c(6, x))
    return x * t / _c(6, x)


def _relu6(x: Expr) -> Expr:
    y = select(x < _c(0, x), _c(0, x), x)
    return select(y > _c(6, x), _c(6, x), y)


def _logsigmoid(x: Expr) -> Expr:
    t = Max(-x, _c(0, x))
    return -t - call("log", call("exp", -t) + call("exp", -x - t))


# name -> (fn on the compute-typed value, integer inputs compute in float32)
_MATH: dict[str, tuple[Any, bool]] = {
    "relu": (lambda x: select(x > _c(0, x), x, _c(0, x)), False),
    "relu6": (_relu6, False),
    "sigmoid": (_sigmoid, True),
    "tanh": (lambda x: call("tanh", x), True),
    "silu": (lambda x: x / (_c(1, x) + call("exp", -x)), True),
    "swish": (lambda x: x * _sigmoid(x), True),
    "hardswish": (_hardswish, False),
    "exp": (lambda x: call("exp", x), True),
    "log": (lambda x: call("log", x), True),
    "log1p": (lambda x: call("log1p", x), True),
    "expm1": (lambda x: call("expm1", x), True),
    "log2": (lambda x: call("log2", x), True),
    "log10": (lambda x: call("log10", x), True),
    "sqrt": (lambda x: _eigen_sqrt(x), True),
    "rsqrt": (lambda x: _eigen_rsqrt(x), True),
    "square": (lambda x: x * x, False),
    "abs": (lambda x: call("abs", x), False),
    "sin": (lambda x: call("sin", x), True),
    "cos": (lambda x: call("cos", x), True),
    "tan": (lambda x: call("tan", x), True),
    "sinh": (lambda x: call("sinh", x), True),
    "cosh": (lambda x: call("cosh", x), True),
    "asin": (lambda x: call("asin", x), True),
    "acos": (lambda x: call("acos", x), True),
    "atan": (lambda x: call("atan", x), True),
    "asinh": (lambda x: call("asinh", x), True),
    "acosh": (lambda x: call("acosh", x), True),
    "atanh": (lambda x: call("atanh", x), True),
    "erf": (lambda x: call("erf", x), True),
    "sign": (_sign, False),
    "softsign": (lambda x: x / (_c(1, x) + call("abs", x)), False),
    "tanh_shrink": (lambda x: x - call("tanh", x), False),
    "logsigmoid": (_logsigmoid, False),
}

#: ops that leave integer tensors unchanged
_INT_IDENTITY = frozenset({"floor", "ceil", "trunc", "round"})


def unary(name: str, x: Expr, attrs: Mapping[str, Any] | None = None) -> Expr:
    """``pd_op.<name>(x)`` for one element; the result has ``x``'s type unless noted."""
    attrs = attrs or {}
    out = x.dtype
    if name in _INT_IDENTITY:
        if not out.is_float:
            return x
        xc = to_compute(x)
        if name == "round":
            d = int(attrs.get("decimals", 0))
            if d == 0:
                r = rint(xc)
            else:
                p = const(10.0 ** abs(d), xc.dtype)
                r = rint(xc * p) / p if d > 0 else rint(xc / p) * p
        else:
            r = call(name, xc)
        return _finish(r, out)
    if name == "reciprocal":
        if out.is_int:
            return to_expr(1, out) / x
        xc = to_compute(x)
        return _finish(_c(1, xc) / xc, out)
    if name in ("isnan", "isinf", "isfinite"):
        if not out.is_float:
            return IntImm(1 if name == "isfinite" else 0, DType.BOOL)
        return Call(name, (to_compute(x),), DType.BOOL)
    if name == "logical_not":
        return Not(cast(x, DType.BOOL))
    if name in _MATH:
        fn, int_to_float = _MATH[name]
        if int_to_float and not out.is_float:
            xc = Cast(DType.FLOAT32, x)
        else:
            xc = to_compute(x)
            if xc.dtype.is_bool:
                xc = Cast(DType.INT8, xc)
        return _finish(fn(xc), out)
    if name in _ATTR_UNARY:
        return attr_unary(name, x, attrs)
    raise KeyError(name)


# -- activations with attributes ---------------------------------------------------------------


def _elu(x: Expr, a: Mapping[str, Any]) -> Expr:
    alpha = _f32attr(a.get("alpha", 1.0), x)
    return select(x < _c(0, x), alpha * (call("exp", x) - _c(1, x)), x)


def _celu(x: Expr, a: Mapping[str, Any]) -> Expr:
    alpha = _f32attr(a.get("alpha", 1.0), x)
    return select(x < _c(0, x), alpha * (call("exp", x / alpha) - _c(1, x)), x)


def _selu(x: Expr, a: Mapping[str, Any]) -> Expr:
    alpha = _f32attr(a.get("alpha", 1.6732632423543772), x)
    scale = _f32attr(a.get("scale", 1.0507009873554805), x)
    return select(x <= _c(0, x), alpha * call("exp", x) - alpha, x) * scale


def _softplus(x: Expr, a: Mapping[str, Any]) -> Expr:
    beta = const(float(a.get("beta", 1.0)), x.dtype)
    threshold = const(float(a.get("threshold", 20.0)), x.dtype)
    xb = x * beta
    return select(xb > threshold, x, call("log", _c(1, x) + call("exp", xb)) / beta)


def _mish(x: Expr, a: Mapping[str, Any]) -> Expr:
    th = _f32attr(a.get("lambda", 20.0), x)
    sp = select(x > th, x, call("log1p", call("exp", x)))
    return x * call("tanh", sp)


def _hardtanh(x: Expr, a: Mapping[str, Any]) -> Expr:
    lo, hi = _f32attr(a.get("t_min", -1.0), x), _f32attr(a.get("t_max", 1.0), x)
    return select(x > hi, hi, select(x < lo, lo, x))


def _logit(x: Expr, a: Mapping[str, Any]) -> Expr:
    eps = float(a.get("eps", 0.0))
    one = _c(1, x)
    if eps == 0.0:
        return select((x < _c(0, x)) | (x > one), _c(math.nan, x), call("log", x / (one - x)))
    lo, hi = const(eps, x.dtype), const(1.0 - eps, x.dtype)
    xc = select(x < lo, lo, select(x > hi, hi, x))
    return call("log", xc / (one - xc))


def _softshrink(x: Expr, a: Mapping[str, Any]) -> Expr:
    lam = _f32attr(a.get("threshold", 0.5), x)
    return Cast(x.dtype, x > lam) * (x - lam) + Cast(x.dtype, x < -lam) * (x + lam)


def _hardshrink(x: Expr, a: Mapping[str, Any]) -> Expr:
    t = _f32attr(a.get("threshold", 0.5), x)
    return x * Cast(x.dtype, (x <= -t) | (x >= t))


def _thresholded_relu(x: Expr, a: Mapping[str, Any]) -> Expr:
    t, v = _f32attr(a.get("threshold", 1.0), x), _f32attr(a.get("value", 0.0), x)
    return x * Cast(x.dtype, x > t) + v * Cast(x.dtype, x <= t)


def _leaky_relu(x: Expr, a: Mapping[str, Any]) -> Expr:
    slope = a.get("negative_slope", 0.02)
    alpha = const(float(slope), x.dtype) if x.dtype.is_float else const(float(slope), DType.FLOAT64)
    if x.dtype.is_float:
        return select(x < _c(0, x), x * alpha, x)
    return select(x < _c(0, x), Cast(x.dtype, Cast(DType.FLOAT64, x) * alpha), x)


def _hardsigmoid(x: Expr, a: Mapping[str, Any]) -> Expr:
    slope = const(float(a.get("slope", 0.1666667)), x.dtype)
    offset = const(float(a.get("offset", 0.5)), x.dtype)
    return Max(_c(0, x), Min(_c(1, x), x * slope + offset))


def _gelu(x: Expr, a: Mapping[str, Any]) -> Expr:
    xd = Cast(DType.FLOAT64, x) if x.dtype is not DType.FLOAT64 else x
    if a.get("approximate", False):
        c = FloatImm(math.sqrt(2.0 / math.pi), DType.FLOAT64)
        inner = c * (xd + FloatImm(0.044715, DType.FLOAT64) * xd * xd * xd)
        return FloatImm(0.5, DType.FLOAT64) * xd * (FloatImm(1.0, DType.FLOAT64) + call("tanh", inner))
    t = call("erf", xd * FloatImm(1.0 / math.sqrt(2.0), DType.FLOAT64))
    t = cast(t, x.dtype)
    return x * _c(0.5, x) * (_c(1, x) + t)


_ATTR_UNARY = {
    "elu": _elu, "celu": _celu, "selu": _selu, "softplus": _softplus, "mish": _mish, "hardtanh": _hardtanh,
    "logit": _logit, "softshrink": _softshrink, "hardshrink": _hardshrink, "thresholded_relu": _thresholded_relu,
    "leaky_relu": _leaky_relu, "hardsigmoid": _hardsigmoid, "gelu": _gelu,
}


def attr_unary(name: str, x: Expr, attrs: Mapping[str, Any]) -> Expr:
    out = x.dtype
    if name in ("gelu", "hardsigmoid") and not out.is_float:
        xc = Cast(DType.FLOAT64, x)
    elif out.is_float:
        xc = to_compute(x)
    else:
        xc = Cast(DType.FLOAT32, x)
    return _finish(_ATTR_UNARY[name](xc, attrs), out)


UNARY_OPS = frozenset(_MATH) | frozenset(_ATTR_UNARY) | _INT_IDENTITY | {
    "reciprocal", "isnan", "isinf", "isfinite", "logical_not"}


# ---------------------------------------------------------------------------------------
# scale, clip, where, reductions
# ---------------------------------------------------------------------------------------


def scale(x: Expr, scale_v: float, bias_v: float, bias_after_scale: bool) -> Expr:
    """cinn_op.scale: ``x * s + b`` (or ``(x + b) * s``) with s and b cast to the compute type."""
    out = x.dtype
    cd = compute_dtype(out)
    if cd.is_bool:
        cd = DType.FLOAT32
    s = const(float(scale_v), cd)
    bb = const(float(bias_v), cd)
    xc = cast(x, cd) if x.dtype is not cd else x
    v = xc * s + bb if bias_after_scale else (xc + bb) * s
    return _finish(v, out)


def clip(x: Expr, lo: Expr, hi: Expr) -> Expr:
    lo, hi = cast(lo, x.dtype), cast(hi, x.dtype)
    return select(x < lo, lo, select(x > hi, hi, x))


def where(c: Expr, x: Expr, y: Expr) -> Expr:
    return select(cast(c, DType.BOOL), x, cast(y, x.dtype))


REDUCE_COMBINE = {"reduce_sum": "sum", "reduce_max": "max", "reduce_min": "min", "reduce_prod": "prod"}


def reduce_init(kind: str, dt: DType) -> Expr:
    """The identity a reduction starts from: numpy's (``-inf`` for a float max, not -FLT_MAX)."""
    if kind == "sum":
        return to_expr(0, dt)
    if kind == "prod":
        return to_expr(1, dt)
    if kind in ("and", "or"):
        return IntImm(1 if kind == "and" else 0, DType.BOOL)
    if dt.is_float:
        return FloatImm(-math.inf if kind == "max" else math.inf, dt)
    return to_expr(b.reduce_identity(kind, dt), dt)


__all__ = [
    "BINARY_OPS", "REDUCE_COMBINE", "UNARY_OPS", "attr_unary", "binary", "cast", "clip", "compute_dtype", "const",
    "reduce_init", "rint", "scale", "select", "to_compute", "unary", "where",
]
