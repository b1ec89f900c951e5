"""pd_op elementwise ops: binary arithmetic, comparisons, logical ops, activations,
unary math, cast / scale / clip / where / assign, and their inplace ``*_`` forms.

Semantics follow Paddle 3.3.1's CPU (phi) kernels, checked against values Paddle
computed (tests/dialects/test_part1_*.py):

* binary ops broadcast numpy-style; the result dtype is ``x``'s dtype
  (ElementwiseInferMeta).
* ``divide`` on integers truncates toward zero; ``floor_divide`` floors;
  ``remainder`` takes the divisor's sign (``fmod`` then ``+ y`` when the signs
  differ, so a zero remainder keeps the dividend's sign); integer division by
  zero is an error.
* ``maximum``/``minimum`` propagate NaN and return ``y`` on ties
  (``a > b ? a : b``).
* ``equal``/``not_equal`` on float32/float64 treat ``|x - y| < 1e-15`` as equal
  (infinities compare exactly, NaN is never equal); other dtypes compare exactly.
* ``relu(nan) == 0`` but ``relu6(nan)`` is NaN.
* float32 ``sqrt``/``rsqrt`` follow Eigen's vectorised fast path: ``sqrt(+inf)`` is
  NaN, ``sqrt(-0.0)`` and ``sqrt(denormal)`` are +0, ``rsqrt(denormal)`` is +-inf
  (float64 is IEEE).
* ``pow`` (scalar exponent, Eigen's generic_pow) gives unsigned results in its
  special cases: ``pow(-inf, 3) == +inf``, ``pow(-0.0, -1) == +inf``,
  ``pow(nan, 0) == 1``; ``elementwise_pow`` is C's ``pow`` per element, and on
  integers ``llrint(pow(double(x), double(y)))``.
* ``cast`` float -> int truncates; NaN/out-of-range values give the x86 "integer
  indefinite" value (INT_MIN) for int32/int64 and wrap through int32 for the
  narrower integer types.
* ``scale``, ``clip`` and ``pow`` convert their scalar parameters to ``x``'s
  dtype first (truncating for integer tensors).
* exp, log, log1p, expm1, log2 and log10 take integer tensors and hand back float32
  data although Paddle prints the integer dtype as the result type (the shape rule keeps
  the printed dtype); for sigmoid, tanh, sqrt, sin, ... Paddle's op builder casts integer
  inputs to float32 first (their kernels here compute integers in float32 too).

Part 3 (tests/dialects/test_part3_*.py): log2, log10, round, trunc, softsign, tanh_shrink,
logsigmoid, tan, sinh, cosh, asin, acos, atan, asinh, acosh, atanh, isnan, isinf,
isfinite, elu, celu, selu, softplus, mish, hardtanh, logit, softshrink, hardshrink,
thresholded_relu, logical_xor (+ the ``*_`` forms Paddle has):

* ``round`` rounds half to even (0.5 -> 0, 2.5 -> 2); with ``decimals`` d it is
  rint(x * 10^d) / 10^d (d < 0: rint(x / 10^-d) * 10^-d) in x's type; integers pass.
* ``trunc``'s operand is named ``input``; ``mish``'s threshold attribute ``lambda``.
* float attributes are C++ floats (converted to x's type through float32), except
  softplus' beta/threshold and logit's eps, which are doubles.
* ``softplus`` is x*beta > threshold ? x : log(1 + exp(x*beta)) / beta; ``mish`` uses
  log1p(exp(x)); ``elu``/``celu``/``selu`` use exp(x) - 1 (not expm1).
* ``softshrink`` and ``thresholded_relu`` multiply by their masks (so +-inf give NaN where
  the other branch is multiplied by 0); ``hardshrink`` keeps |x| == threshold.
* ``logit`` with eps == 0 gives NaN outside [0, 1], else clips to [eps, 1 - eps].
* ``isnan``/``isinf``/``isfinite`` of integer tensors are False/False/True.
* erf (gelu's exact mode) is a degree-7 Taylor table (|error| < 3e-16), see ``erf``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import (
    KernelArg,
    Meta,
    MetaArg,
    OpDef,
    PatternKind,
    ShapeError,
    broadcast_dims,
    meta_of,
    numpy_dtype,
    register,
)

E = PatternKind.ELEMENTWISE

# ---------------------------------------------------------------------------
# helpers shared with reduce.py / creation.py
# ---------------------------------------------------------------------------

_NUMPY_TO_DTYPE: dict[Any, str] = {
    np.dtype(np.float32): "float32", np.dtype(np.float64): "float64", np.dtype(np.float16): "float16",
    np.dtype(np.int8): "int8", np.dtype(np.uint8): "uint8", np.dtype(np.int16): "int16",
    np.dtype(np.uint16): "uint16", np.dtype(np.int32): "int32", np.dtype(np.int64): "int64",
    np.dtype(np.bool_): "bool", np.dtype(np.complex64): "complex64", np.dtype(np.complex128): "complex128",
}


def dtype_name(dt: Any) -> str:
    """Paddle dtype name of a numpy dtype."""
    return _NUMPY_TO_DTYPE[np.dtype(dt)]


def as_array(value: Any, dtype: Any = None) -> np.ndarray:
    """An ndarray (0-D stays an array, never a numpy scalar)."""
    arr = np.asarray(value)
    if dtype is not None and arr.dtype != np.dtype(dtype):
        arr = arr.astype(dtype)
    return arr


def round_to_bfloat16(x: np.ndarray) -> np.ndarray:
    """Round float values to bfloat16 precision (round-to-nearest-even), kept as float32."""
    f = np.asarray(x, dtype=np.float32)
    bits = f.view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000).astype(np.uint32)
    out = rounded.view(np.float32).reshape(f.shape)
    return np.where(np.isnan(f), f, out)


def cast_array(x: np.ndarray, dtype: str) -> np.ndarray:
    """Paddle's cast (static_cast per element on x86) of ``x`` to the Paddle dtype ``dtype``."""
    x = np.asarray(x)
    src = x.dtype
    if dtype == "bool":
        return as_array(x != 0)
    if dtype == "bfloat16":
        return round_to_bfloat16(x.astype(np.float32))
    target = np.dtype(numpy_dtype(dtype))
    if src.kind == "f" and target.kind in "iu":
        with np.errstate(invalid="ignore", over="ignore"):
            if target.itemsize >= 4 and target.kind == "i":
                return as_array(x.astype(target))
            # narrower (or unsigned) integer types: cvttss2si to int32, then wrap
            wide = x.astype(np.float64)
            big = ~np.isfinite(wide) | (wide >= 2.0**31) | (wide < -(2.0**31))
            i32 = np.where(big, 0, wide).astype(np.int64)
            i32 = np.where(big, -(2**31), i32)
            return as_array(i32.astype(target))
    with np.errstate(invalid="ignore", over="ignore"):
        return as_array(x.astype(target))


def first_value(arg: Any) -> Any:
    """The single value held by a scalar-like operand (a 0-D or 1-element tensor)."""
    arr = np.asarray(arg)
    if arr.size != 1:
        raise ValueError(f"expected a tensor with one element, got shape {arr.shape}")
    return arr.reshape(-1)[0]


# erf: a Taylor table.  For x in [0, 6], round x to the nearest grid point x_k = k/64 and
# sum the degree-7 Taylor series of erf about x_k (|h| = |x - x_k| <= 1/128, so the
# truncation error is below 1e-18); erf(x) rounds to 1.0 in float64 for x >= 5.93.
# The derivatives are erf^(m)(x) = 2/sqrt(pi) (-1)^(m-1) H_{m-1}(x) exp(-x^2) (Hermite).
# |error| < 3e-16 (max abs error 1.1e-16 against libm's erf on 440k points); about 8 table
# gathers + 14 multiply-adds per element, no branches.  Arrays of up to _ERF_SMALL
# elements go through libm's erf per element instead (numpy's per-call overhead of the
# ~30 array operations dominates there).
_ERF_STEP = 64
_ERF_XMAX = 6.0
_ERF_DEG = 7
_ERF_CHUNK = 1 << 15  # elements per block (keeps the temporaries in cache)
_ERF_SMALL = 300


def _erf_table() -> list[np.ndarray]:
    xs = np.arange(int(_ERF_XMAX * _ERF_STEP) + 1, dtype=np.float64) / _ERF_STEP
    g = (2.0 / math.sqrt(math.pi)) * np.exp(-xs * xs)
    herm = [np.ones_like(xs), 2.0 * xs]
    for k in range(1, _ERF_DEG):
        herm.append(2.0 * xs * herm[k] - 2.0 * k * herm[k - 1])
    coefs = [np.array([math.erf(v) for v in xs])]
    for m in range(1, _ERF_DEG + 1):
        coefs.append((-1) ** (m - 1) * herm[m - 1] * g / math.factorial(m))
    return [np.ascontiguousarray(c) for c in coefs]


_ERF_COEFS = _erf_table()
_pyerf = np.frompyfunc(math.erf, 1, 1)


def _erf_abs(t: np.ndarray) -> np.ndarray:
    """erf(t) for t in [0, 6] (NaN gives NaN: its index is clipped, its offset is NaN)."""
    k = np.rint(t * _ERF_STEP)
    idx = k.astype(np.intp)
    h = t - k * (1.0 / _ERF_STEP)
    acc = np.take(_ERF_COEFS[_ERF_DEG], idx, mode="clip")
    for c in _ERF_COEFS[_ERF_DEG - 1::-1]:
        acc *= h
        acc += np.take(c, idx, mode="clip")
    return acc


def erf(x: np.ndarray) -> np.ndarray:
    """The error function in float64 (|error| < 3e-16), vectorised."""
    x = np.asarray(x, dtype=np.float64)
    if x.size <= _ERF_SMALL:
        return np.asarray(_pyerf(x), dtype=np.float64).reshape(x.shape)
    with np.errstate(invalid="ignore"):
        t = np.minimum(np.abs(x), _ERF_XMAX)
        if t.size <= _ERF_CHUNK:
            out = _erf_abs(t)
        else:
            flat = t.reshape(-1)
            out = np.empty_like(flat)
            for s in range(0, flat.size, _ERF_CHUNK):
                out[s:s + _ERF_CHUNK] = _erf_abs(flat[s:s + _ERF_CHUNK])
            out = out.reshape(t.shape)
        return np.copysign(out, x, out=out)


def _compute_dtype(dt: np.dtype) -> np.dtype:
    """float16 math is done in float32 (Paddle's MPType), like the phi kernels."""
    return np.dtype(np.float32) if dt == np.float16 else dt


# ---------------------------------------------------------------------------
# shape rules
# ---------------------------------------------------------------------------


def unary_meta(out_dtype: str | None = None) -> Callable[[Sequence[MetaArg], Mapping[str, Any]], list[Meta]]:
    def infer(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
        x = meta_of(args[0])
        return [Meta(x.shape, out_dtype or x.dtype)]

    return infer


def broadcast_meta_shapes(*shapes: tuple[int, ...] | None) -> tuple[int, ...] | None:
    if any(s is None for s in shapes):
        return None
    out: tuple[int, ...] = ()
    for s in shapes:
        out = broadcast_dims(out, tuple(s))  # type: ignore[arg-type]
    return out


def binary_meta(out_dtype: str | None = None) -> Callable[[Sequence[MetaArg], Mapping[str, Any]], list[Meta]]:
    def infer(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
        x, y = meta_of(args[0]), meta_of(args[1])
        return [Meta(broadcast_meta_shapes(x.shape, y.shape), out_dtype or x.dtype)]

    return infer


def same_dims(a: tuple[int, ...] | None, b: tuple[int, ...] | None, what: str) -> tuple[int, ...] | None:
    """Shapes that must be equal (a -1 matches anything); the merged shape."""
    if a is None:
        return b
    if b is None:
        return a
    if len(a) != len(b):
        raise ShapeError(f"{what}: ranks differ ({list(a)} vs {list(b)})")
    out = []
    for p, q in zip(a, b, strict=True):
        if p != q and p != -1 and q != -1:
            raise ShapeError(f"{what}: shapes differ ({list(a)} vs {list(b)})")
        out.append(p if p != -1 else q)
    return tuple(out)


# ---------------------------------------------------------------------------
# registration helper
# ---------------------------------------------------------------------------


def register_with_inplace(
    name: str,
    *,
    operands: tuple[str, ...],
    attrs: tuple[str, ...] = (),
    infer_meta: Any,
    kernel: Any,
    pattern: PatternKind,
    inplace_variant: bool = False,
    inplace_operand: int = 0,
) -> None:
    """Register ``pd_op.<name>`` and, if Paddle has it, ``pd_op.<name>_`` (same kernel, InplaceTrait)."""
    register(OpDef(name=f"pd_op.{name}", operands=operands, attrs=attrs, results=("out",),
                   infer_meta=infer_meta, kernel=kernel, pattern=pattern))
    if inplace_variant:
        register(OpDef(name=f"pd_op.{name}_", operands=operands, attrs=attrs, results=("out",),
                       infer_meta=infer_meta, kernel=kernel, pattern=pattern,
                       traits=frozenset({"inplace"}), inplace={0: inplace_operand}))


# ---------------------------------------------------------------------------
# binary arithmetic
# ---------------------------------------------------------------------------


def _check_int_div(x: np.ndarray, y: np.ndarray) -> None:
    if np.asarray(y).dtype.kind in "iub" and np.asarray(x).dtype.kind in "iub" and np.any(np.asarray(y) == 0):
        raise ZeroDivisionError("Integer division by zero encountered in (floor/trunc) divide")


def _arith(fn: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> Callable[[Sequence[KernelArg], Mapping[str, Any]], list[np.ndarray]]:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x, y = np.asarray(args[0]), np.asarray(args[1])
        out_dt = x.dtype
        cd = _compute_dtype(out_dt)
        xc, yc = x.astype(cd, copy=False), y.astype(cd, copy=False)
        if cd == np.bool_:
            xc, yc = xc.astype(np.int8), yc.astype(np.int8)
        with np.errstate(all="ignore"):
            out = fn(xc, yc)
        return [cast_array(out, dtype_name(out_dt)) if np.asarray(out).dtype != out_dt else as_array(out)]

    return kernel


def _divide(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    if x.dtype.kind in "iu":
        _check_int_div(x, y)
        q = np.floor_divide(x, y)
        r = x - q * y
        return q + ((r != 0) & ((x < 0) != (y < 0)))
    return x / y


def _floor_divide(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    if x.dtype.kind in "iu":
        _check_int_div(x, y)
    return np.floor_divide(x, y)


def _remainder(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    if x.dtype.kind in "iu":
        _check_int_div(x, y)
        return np.remainder(x, y)
    res = np.fmod(x, y)
    return np.where((res != 0) & ((y < 0) != (res < 0)), res + y, res)


def _maximum(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    out = np.where(x > y, x, y)
    if out.dtype.kind == "f":
        out = np.where(np.isnan(x) | np.isnan(y), np.nan, out)
    return out


def _minimum(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    out = np.where(x < y, x, y)
    if out.dtype.kind == "f":
        out = np.where(np.isnan(x) | np.isnan(y), np.nan, out)
    return out


def _elementwise_pow(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    if x.dtype.kind in "iub":
        # phi: llrint(std::pow((double)a, (double)b))
        with np.errstate(all="ignore"):
            p = np.rint(np.power(x.astype(np.float64), y.astype(np.float64)))
        return cast_array(p, "int64").astype(x.dtype)
    return np.power(x, y.astype(x.dtype, copy=False))


for _name, _fn, _inp in [
    ("add", np.add, True),
    ("subtract", np.subtract, True),
    ("multiply", np.multiply, True),
    ("divide", _divide, True),
    ("floor_divide", _floor_divide, True),
    ("remainder", _remainder, True),
    ("maximum", _maximum, False),
    ("minimum", _minimum, False),
    ("elementwise_pow", _elementwise_pow, False),
]:
    register_with_inplace(_name, operands=("x", "y"), infer_meta=binary_meta(), kernel=_arith(_fn),
                          pattern=E, inplace_variant=_inp)


# ---------------------------------------------------------------------------
# comparisons and logical ops
# ---------------------------------------------------------------------------


def _equal(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    if x.dtype in (np.float32, np.float64) and y.dtype == x.dtype:
        with np.errstate(all="ignore"):
            close = np.abs((x - y).astype(np.float64)) < 1e-15
        return np.where(np.isinf(x) | np.isinf(y), x == y, close)
    return np.equal(x, y)


def _compare(fn: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> Callable[[Sequence[KernelArg], Mapping[str, Any]], list[np.ndarray]]:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x, y = np.asarray(args[0]), np.asarray(args[1])
        with np.errstate(all="ignore"):
            return [as_array(fn(x, y), np.bool_)]

    return kernel


for _name, _fn in [
    ("equal", _equal),
    ("not_equal", lambda a, b: ~_equal(a, b)),
    ("less_than", np.less),
    ("less_equal", np.less_equal),
    ("greater_than", np.greater),
    ("greater_equal", np.greater_equal),
    ("logical_and", np.logical_and),
    ("logical_or", np.logical_or),
]:
    register_with_inplace(_name, operands=("x", "y"), infer_meta=binary_meta("bool"), kernel=_compare(_fn),
                          pattern=E, inplace_variant=True)

register_with_inplace(
    "logical_not", operands=("x",), infer_meta=unary_meta("bool"),
    kernel=lambda args, attrs: [as_array(np.logical_not(np.asarray(args[0])))],
    pattern=E, inplace_variant=True,
)


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


# ---------------------------------------------------------------------------
# cast, scale, clip, where, assign
# ---------------------------------------------------------------------------


def _cast_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    dtype = attrs.get("dtype")
    if not isinstance(dtype, str) or dtype == "Undefined":
        raise ShapeError(f"cast needs a target dtype, got {dtype!r}")
    return [Meta(x.shape, dtype)]


def _cast_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    out = cast_array(x, attrs["dtype"])
    if out is x or np.shares_memory(out, x):
        out = out.copy()
    return [out]


register_with_inplace("cast", operands=("x",), attrs=("dtype",), infer_meta=_cast_meta, kernel=_cast_kernel,
                      pattern=E, inplace_variant=True)


def _scale_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    return [Meta(x.shape, x.dtype)]


def _scale_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    s = first_value(args[1]) if len(args) > 1 and args[1] is not None else attrs.get("scale", 1.0)
    b = attrs.get("bias", 0.0)
    cd = _compute_dtype(x.dtype)
    if cd == np.bool_:
        cd = np.dtype(np.float32)
    # phi: static_cast<T>(scale), static_cast<T>(bias) (truncating for integer tensors)
    s_t = as_array(cast_array(np.asarray(float(s)), dtype_name(cd)))
    b_t = as_array(cast_array(np.asarray(float(b)), dtype_name(cd)))
    xc = x.astype(cd, copy=False)
    with np.errstate(all="ignore"):
        out = xc * s_t + b_t if attrs.get("bias_after_scale", True) else (xc + b_t) * s_t
    return [cast_array(out, dtype_name(x.dtype))]


register_with_inplace("scale", operands=("x", "scale"), attrs=("bias", "bias_after_scale"),
                      infer_meta=_scale_meta, kernel=_scale_kernel, pattern=E, inplace_variant=True)


def _clip_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    lo = args[1].const if len(args) > 1 and isinstance(args[1], Meta) else None
    hi = args[2].const if len(args) > 2 and isinstance(args[2], Meta) else None
    if lo is not None and hi is not None and float(np.asarray(lo).reshape(-1)[0]) > float(np.asarray(hi).reshape(-1)[0]):
        raise ShapeError(f"clip: min ({lo}) must not exceed max ({hi})")
    return [Meta(x.shape, x.dtype)]


def _clip_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    lo = first_value(args[1]) if len(args) > 1 and args[1] is not None else attrs.get("min", 0.0)
    hi = first_value(args[2]) if len(args) > 2 and args[2] is not None else attrs.get("max", 0.0)
    dt = dtype_name(x.dtype)
    lo_t = cast_array(np.asarray(lo), dt)
    hi_t = cast_array(np.asarray(hi), dt)
    if lo_t > hi_t:
        raise ValueError(f"clip: min ({lo_t}) must not exceed max ({hi_t})")
    out = np.where(x < lo_t, lo_t, np.where(x > hi_t, hi_t, x))
    return [as_array(out, x.dtype)]


register_with_inplace("clip", operands=("x", "min", "max"), infer_meta=_clip_meta, kernel=_clip_kernel,
                      pattern=E, inplace_variant=True)


def _where_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    cond, x, y = meta_of(args[0]), meta_of(args[1]), meta_of(args[2])
    same_dims(cond.shape, x.shape, "where: condition and x")
    same_dims(x.shape, y.shape, "where: x and y")
    return [Meta(x.shape, x.dtype)]  # Paddle's WhereInferMeta: out takes x's dims


def _where_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    cond, x, y = (np.asarray(a) for a in args[:3])
    if cond.dtype != np.bool_:
        raise ValueError(f"where: the condition must be a bool tensor, got {cond.dtype}")
    return [as_array(np.where(cond.astype(bool, copy=False), x, y), x.dtype)]


register_with_inplace("where", operands=("condition", "x", "y"), infer_meta=_where_meta, kernel=_where_kernel,
                      pattern=E, inplace_variant=True, inplace_operand=1)


def _assign_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    return [np.array(args[0], copy=True)]


register_with_inplace("assign", operands=("x",), infer_meta=unary_meta(), kernel=_assign_kernel,
                      pattern=E, inplace_variant=True)

# assign_out_(x, output): copies x into `output`'s buffer; the result aliases `output`.
register(OpDef(
    name="pd_op.assign_out_", operands=("x", "output"), attrs=(), results=("out",),
    infer_meta=unary_meta(), kernel=_assign_kernel, pattern=E,
    traits=frozenset({"inplace"}), inplace={0: 1},
))


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


# --- add_n: the sum of a tensor list (builtin.combine) -----------------------------------------


def _add_n_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    xs = args[0]
    if not isinstance(xs, list) or not xs:
        raise ShapeError("add_n takes a non-empty tensor list")
    shape = xs[0].shape
    for m in xs[1:]:
        if m.dtype != xs[0].dtype:
            raise ShapeError(f"add_n inputs must share a dtype, got {xs[0].dtype} and {m.dtype}")
        if shape is not None and m.shape is not None:
            if len(m.shape) != len(shape) or any(a != b and a >= 0 and b >= 0 for a, b in zip(shape, m.shape)):
                raise ShapeError(f"add_n inputs must have equal shapes, got {list(shape)} and {list(m.shape)}")
            shape = tuple(a if a >= 0 else b for a, b in zip(shape, m.shape))
    return [Meta(shape, xs[0].dtype)]


def _add_n_kernel(args: Sequence[Any], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    xs = args[0]
    out = np.array(xs[0], copy=True)
    for x in xs[1:]:
        out = out + x
    return [np.asarray(out, dtype=xs[0].dtype)]


register(OpDef("pd_op.add_n", ("inputs[]",), (), ("out",), _add_n_meta, _add_n_kernel, PatternKind.ELEMENTWISE))
