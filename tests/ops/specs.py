"""The op table of tests/ops/generate.py: for each pd_op op, the cases built the way Paddle's
OpTest builds them.  Needs Paddle (imported by the generator only).

A case is (op, name, build, inputs): ``build(**vars)`` calls Paddle's Python API on the
``pd_op.data`` values named like ``inputs``' keys; an input is an array (declared with its
shape) or ``(array, declared_shape)`` with ``-1`` for dynamic dims.  The helpers below make
the usual families: ``unary``/``binary``/``compare``/``reduce`` give, per op, a case per dtype
the CPU kernel registers (numpy-representable ones: no bfloat16 / float8), a 0-size one, a
0-D one, a broadcasting one (binary), a dynamic-shape one and attribute edges.

Random ops give ``random=dict(lo=.., hi=.., mean=.., tol=..)``: the test checks shapes, dtypes,
the range and the mean, not the values.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import paddle
import paddle.nn.functional as F

P = paddle._pir_ops
nan, inf = float("nan"), float("inf")

#: pd_op name (no prefix) -> CPU kernel dtypes (filled in by generate.py from Paddle's registry)
KERNEL_DTYPES: dict[str, list[str]] = {}
#: the dtypes numpy holds (bfloat16 / float8 feeds cannot be written to .npz)
NUMPY_DTYPES = ("float32", "float64", "float16", "int32", "int64", "int16", "int8", "uint8", "bool",
                "complex64", "complex128")


@dataclass
class Case:
    op: str
    name: str
    build: Callable[..., Any]
    inputs: dict[str, Any]
    rtol: float | None = None
    atol: float | None = None
    random: dict[str, Any] | None = None


CASES: list[Case] = []
_rngs: dict[str, np.random.Generator] = {}


def rng(op: str) -> np.random.Generator:
    if op not in _rngs:
        _rngs[op] = np.random.default_rng(zlib.crc32(op.encode()))
    return _rngs[op]


def case(op: str, name: str, build: Callable[..., Any], rtol: float | None = None, atol: float | None = None,
         random: dict[str, Any] | None = None, **inputs: Any) -> None:
    op = op if op.startswith("pd_op.") else "pd_op." + op
    CASES.append(Case(op, name, build, inputs, rtol, atol, random))


def arr(op: str, shape: Any, dtype: str = "float32", lo: float = -2.0, hi: float = 2.0) -> np.ndarray:
    g = rng(op)
    shape = tuple(shape)
    if dtype == "bool":
        return g.integers(0, 2, size=shape).astype(bool)
    if dtype.startswith("complex"):
        return (g.uniform(lo, hi, size=shape) + 1j * g.uniform(lo, hi, size=shape)).astype(dtype)
    if dtype.startswith("float"):
        return g.uniform(lo, hi, size=shape).astype(dtype)
    ilo, ihi = int(np.floor(lo)), int(np.ceil(hi))
    if dtype == "uint8":
        ilo, ihi = max(ilo, 0), max(ihi, 1)
    return g.integers(ilo, ihi + 1, size=shape).astype(dtype)


def kdtypes(op: str, allowed: tuple[str, ...] | None = None) -> list[str]:
    """The numpy-representable dtypes of ``op``'s CPU kernel (float32 first)."""
    base = op.removeprefix("pd_op.")
    ks = KERNEL_DTYPES.get(base) or KERNEL_DTYPES.get(base.rstrip("_")) or ["float32"]
    out = [d for d in NUMPY_DTYPES if d in ks and (allowed is None or d in allowed)]
    return out or ["float32"]


# --- families ---------------------------------------------------------------------------


def unary(op: str, fn: Callable[..., Any], lo: float = -2.0, hi: float = 2.0, dtypes: tuple[str, ...] | None = None,
          zero_size: bool = True, zero_d: bool = True, base: str = "float32", **kw: Any) -> None:
    """A case per kernel dtype ([3, 4]), plus 0-size, 0-D, a dynamic shape and a 3-D one."""
    for dt in kdtypes(op, dtypes):
        case(op, dt, lambda x: fn(x), x=arr(op, (3, 4), dt, lo, hi), **kw)
    case(op, "rank3", lambda x: fn(x), x=arr(op, (2, 3, 5), base, lo, hi), **kw)
    if zero_size:
        case(op, "zero_size", lambda x: fn(x), x=arr(op, (0, 3), base, lo, hi), **kw)
    if zero_d:
        case(op, "0d", lambda x: fn(x), x=arr(op, (), base, lo, hi), **kw)
    case(op, "dynamic", lambda x: fn(x), x=(arr(op, (3, 4), base, lo, hi), [-1, 4]), **kw)


def binary(op: str, fn: Callable[..., Any], lo: float = -3.0, hi: float = 3.0, dtypes: tuple[str, ...] | None = None,
           ylo: float | None = None, yhi: float | None = None, zero_size: bool = True, base: str = "float32",
           **kw: Any) -> None:
    """A case per kernel dtype, broadcasting both ways, 0-size, 0-D and dynamic shapes."""
    ylo = lo if ylo is None else ylo
    yhi = hi if yhi is None else yhi

    def b(x, y):
        return fn(x, y)

    for dt in kdtypes(op, dtypes):
        case(op, dt, b, x=arr(op, (3, 4), dt, lo, hi), y=arr(op, (3, 4), dt, ylo, yhi), **kw)
    case(op, "broadcast", b, x=arr(op, (2, 3, 4), base, lo, hi), y=arr(op, (4,), base, ylo, yhi), **kw)
    case(op, "broadcast_both", b, x=arr(op, (3, 1), base, lo, hi), y=arr(op, (1, 4), base, ylo, yhi), **kw)
    if zero_size:
        case(op, "zero_size", b, x=arr(op, (0, 4), base, lo, hi), y=arr(op, (4,), base, ylo, yhi), **kw)
    case(op, "0d", b, x=arr(op, (), base, lo, hi), y=arr(op, (), base, ylo, yhi), **kw)
    case(op, "dynamic", b, x=(arr(op, (3, 4), base, lo, hi), [-1, 4]),
         y=(arr(op, (3, 4), base, ylo, yhi), [-1, 4]), **kw)


def reduce(op: str, fn: Callable[..., Any], dtypes: tuple[str, ...] | None = None, lo: float = -2.0, hi: float = 2.0,
           **kw: Any) -> None:
    """fn(x, axis, keepdim): a case per kernel dtype and the axis edges."""
    for dt in kdtypes(op, dtypes):
        case(op, dt, lambda x: fn(x, 1, False), x=arr(op, (3, 4), dt, lo, hi), **kw)
    x3 = arr(op, (2, 3, 4), "float32", lo, hi)
    case(op, "all_axes", lambda x: fn(x, None, False), x=x3, **kw)
    case(op, "two_axes_keepdim", lambda x: fn(x, [0, 2], True), x=x3, **kw)
    case(op, "neg_axis", lambda x: fn(x, -1, False), x=x3, **kw)
    case(op, "0d", lambda x: fn(x, None, False), x=arr(op, (), "float32", lo, hi), **kw)
    case(op, "zero_size", lambda x: fn(x, 1, False), x=arr(op, (0, 3), "float32", lo, hi), **kw)
    case(op, "dynamic", lambda x: fn(x, 1, True), x=(x3, [-1, 3, 4]), **kw)


# --- the table ----------------------------------------------------------------------------

_BUILT = False


def build_table() -> None:
    global _BUILT
    if _BUILT:
        return
    _BUILT = True
    from ops_elementwise import register as r1
    from ops_shape import register as r2
    from ops_misc import register as r3

    r1()
    r2()
    r3()


__all__ = ["Case", "CASES", "case", "arr", "kdtypes", "unary", "binary", "reduce", "P", "F", "paddle", "np",
           "nan", "inf", "field"]
