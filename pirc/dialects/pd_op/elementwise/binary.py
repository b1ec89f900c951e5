"""Binary elementwise ops: arithmetic, comparisons and logical and/or/not (with their inplace forms)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg
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
