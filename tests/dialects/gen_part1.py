"""Generate expected values for the part-1 pd_op definitions
(pirc/dialects/pd_op/elementwise.py, reduce.py, creation.py).

Run with PaddlePaddle 3.3.1's venv (pirc and its tests never import Paddle):

    python tests/dialects/gen_part1.py   # python: a venv with paddlepaddle==3.3.1

Every case builds a tiny static PIR program (with Paddle's Python API, ``paddle._pir_ops``
or, for ops the PIR API would wrap in casts, a legacy ProgramDesc translated to PIR), finds
the target op and records what Paddle built and computed:

* the op's attributes as Paddle holds them (DataType -> "float32"/"Undefined", Place ->
  "cpu"/"undefined:0"),
* each operand: its printed type, its value (the fed array, or the computed value of a
  ``pd_op.full`` / ``full_int_array`` / other producer) and, for constant producers, the
  producer op and its attributes (the test derives ``Meta.const`` through the registered
  shape rule of that producer),
* each result's printed type and its value from Paddle's executor.

Meta-only cases (data declared with -1 dims, not run) check the shape rules on dynamic
shapes; ``error`` cases check that a kernel rejects what Paddle's kernel rejects; the
``rejects`` list holds operand metas Paddle's infer-meta rejects; ``signatures`` holds
every op's input / attribute / output names and inplace map as Paddle reports them.

Output: ``tests/dialects/data/part1/cases.json`` and ``arrays.npz``.
"""

from __future__ import annotations

import json
import os
import re
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import paddle
import paddle.nn.functional as F
from paddle.base import libpaddle

warnings.filterwarnings("ignore")
paddle.enable_static()
P = paddle._pir_ops
DT = paddle.base.core.DataType

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "data", "part1")

rng = np.random.default_rng(20240501)
nan, inf = float("nan"), float("inf")


def rnd(*shape: int, dtype: str = "float32", lo: float = -3.0, hi: float = 3.0) -> np.ndarray:
    if dtype.startswith("float"):
        return rng.uniform(lo, hi, size=shape).astype(dtype)
    if dtype == "bool":
        return rng.integers(0, 2, size=shape).astype(bool)
    return rng.integers(int(lo), int(hi) + 1, size=shape).astype(dtype)


def nonzero(*shape: int, dtype: str = "int64", lo: int = -9, hi: int = 9) -> np.ndarray:
    a = rnd(*shape, dtype=dtype, lo=lo, hi=hi)
    a[a == 0] = 3
    return a


SPECIAL = np.array([nan, inf, -inf, 0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 1e-3, 7.0, -4.0, 3.0, -3.0, 6.0,
                    100.0, -100.0], "float32")
# every pair of special values
SX = np.repeat(SPECIAL, SPECIAL.size)
SY = np.tile(SPECIAL, SPECIAL.size)
UNARY_IN = np.concatenate([SPECIAL, np.array([0.3, -0.7, 1.5, -5.5, 0.999, 20.0, -20.0, 1e-6, -1e-6, 50.0],
                                             "float32")])


@dataclass
class Case:
    op: str
    build: Callable[..., Any]
    feeds: dict[str, Any]
    tag: str
    legacy: bool = False  # build() appends legacy ops; the ProgramDesc is translated to PIR
    meta_only: bool = False  # do not run (feeds are (shape, dtype) specs)
    error: bool = False  # Paddle's kernel must reject it
    index: int = -1
    rtol: float = 1e-5
    atol: float = 1e-6
    expect_types: list[str] | None = None  # override of Paddle's printed result types (quirks)
    note: str = ""


CASES: list[Case] = []


def case(op: str, build: Callable[..., Any], tag: str, **kw: Any) -> None:
    opts = {k: kw.pop(k) for k in list(kw) if k in ("legacy", "meta_only", "error", "index", "rtol", "atol",
                                                     "expect_types", "note")}
    CASES.append(Case(op, build, kw, tag, **opts))


def dyn(arr: np.ndarray, shape: list[int]) -> tuple[np.ndarray, list[int]]:
    """Feed ``arr`` through a data op declared with the (partly dynamic) ``shape``."""
    return (arr, shape)


def spec(shape: list[int], dtype: str = "float32") -> tuple[None, list[int], str]:
    """A data op for a meta-only case."""
    return (None, shape, dtype)


# ---------------------------------------------------------------------------
# binary arithmetic
# ---------------------------------------------------------------------------

ARITH = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "maximum", "minimum",
         "elementwise_pow"]
DIVLIKE = {"divide", "floor_divide", "remainder"}
LEGACY_BINARY = {"add": "elementwise_add", "subtract": "elementwise_sub", "multiply": "elementwise_mul",
                 "divide": "elementwise_div", "floor_divide": "elementwise_floordiv",
                 "remainder": "elementwise_mod", "maximum": "elementwise_max", "minimum": "elementwise_min",
                 "elementwise_pow": "elementwise_pow"}


def _pir(name: str) -> Callable[..., Any]:
    return getattr(P, name)


def legacy_binary(kind: str, dtype: str) -> Callable[..., Any]:
    def build(x: Any, y: Any) -> Any:
        blk = paddle.static.default_main_program().global_block()
        o = blk.create_var(name=f"out_{kind}", dtype=dtype, shape=x.shape)
        blk.append_op(type=kind, inputs={"X": x, "Y": y}, outputs={"Out": o}, attrs={"axis": -1})
        return o

    return build


for name in ARITH:
    op = f"pd_op.{name}"
    f = _pir(name)
    y_f = rnd(3, 4)
    if name in DIVLIKE:
        y_f[np.abs(y_f) < 0.2] = 0.5
    case(op, lambda x, y, f=f: f(x, y), "f32", x=rnd(3, 4), y=y_f)
    case(op, lambda x, y, f=f: f(x, y), "bcast_y_vec", x=rnd(2, 3, 4), y=rnd(4, lo=0.5, hi=2.0))
    case(op, lambda x, y, f=f: f(x, y), "bcast_both", x=rnd(3, 1, lo=0.5, hi=2.5), y=rnd(2, 1, 4, lo=0.5, hi=2.5))
    case(op, lambda x, y, f=f: f(x, y), "0d_x", x=np.array(1.75, "float32"), y=rnd(3, lo=0.5, hi=2.0))
    case(op, lambda x, y, f=f: f(x, y), "0d_both", x=np.array(-2.5, "float32"), y=np.array(1.5, "float32"))
    case(op, lambda x, y, f=f: f(x, y), "specials", x=SX, y=SY, rtol=2e-5)
    case(op, lambda x, y, f=f: f(x, y), "f64", x=rnd(2, 3, dtype="float64"), y=rnd(3, dtype="float64", lo=0.5),
         rtol=1e-12, atol=1e-12)
    case(op, lambda x, y, f=f: f(x, y), "dynamic", x=dyn(rnd(3, 4), [-1, 4]), y=rnd(4, lo=0.5, hi=2.0))
    if name == "elementwise_pow":
        ix, iy = rnd(3, 4, dtype="int64", lo=-6, hi=6), rnd(3, 4, dtype="int64", lo=0, hi=5)
        case(op, lambda x, y, f=f: f(x, y), "int64", x=ix, y=iy)
        case(op, lambda x, y, f=f: f(x, y), "int32", x=rnd(8, dtype="int32", lo=-4, hi=4),
             y=rnd(8, dtype="int32", lo=0, hi=6))
        case(op, legacy_binary("elementwise_pow", "int64"), "int64_negexp_overflow", legacy=True,
             x=np.array([2, 2, 1, -1, -1, 2, 10, -3, 0], "int64"), y=np.array([3, -1, -1, -1, -2, -2, 20, 3, 0], "int64"))
        case(op, legacy_binary("elementwise_pow", "int32"), "int32_overflow", legacy=True,
             x=np.array([3, 2, -2], "int32"), y=np.array([2, 31, 31], "int32"))
        continue
    iy64 = nonzero(3, 4) if name in DIVLIKE else rnd(3, 4, dtype="int64", lo=-9, hi=9)
    if name == "divide":  # the PIR API casts integer inputs of divide to float32
        case(op, legacy_binary("elementwise_div", "int64"), "int64_trunc", legacy=True,
             x=np.array([7, -7, 7, -7, 0, 9, -9, 1], "int64"), y=np.array([2, 2, -2, -2, 3, 3, 4, -5], "int64"))
        case(op, legacy_binary("elementwise_div", "int32"), "int32_trunc", legacy=True,
             x=rnd(3, 4, dtype="int32", lo=-20, hi=20), y=nonzero(3, 4, dtype="int32"))
        case(op, legacy_binary("elementwise_div", "int64"), "int64_div0", legacy=True, error=True,
             x=np.array([1, 2], "int64"), y=np.array([1, 0], "int64"))
    else:
        case(op, lambda x, y, f=f: f(x, y), "int64", x=rnd(3, 4, dtype="int64", lo=-20, hi=20), y=iy64)
        case(op, lambda x, y, f=f: f(x, y), "int32_bcast", x=rnd(2, 3, dtype="int32", lo=-20, hi=20),
             y=nonzero(3, dtype="int32"))
        case(op, lambda x, y, f=f: f(x, y), "int64_signs", x=np.array([7, -7, 7, -7, 0, 6, -6], "int64"),
             y=np.array([2, 2, -2, -2, 3, -3, 3], "int64"))
    if name in ("floor_divide", "remainder"):
        case(op, lambda x, y, f=f: f(x, y), "int64_div0", error=True, x=np.array([1, 2], "int64"),
             y=np.array([1, 0], "int64"))
    if name in ("add", "subtract", "multiply", "divide", "floor_divide", "remainder"):
        fi = _pir(name + "_")
        case(op + "_", lambda x, y, fi=fi: fi(x, y), "inplace", x=rnd(2, 3), y=rnd(3, lo=0.5, hi=2.0))
    if name in ("maximum", "minimum"):
        case(op, lambda x, y, f=f: f(x, y), "signed_zero_nan", x=np.array([-0.0, 0.0, nan, 1.0, nan], "float32"),
             y=np.array([0.0, -0.0, 1.0, nan, nan], "float32"))

case("pd_op.remainder", lambda x, y: P.remainder(x, y), "zero_result_sign",
     x=np.array([-4.0, 4.0, -4.0, 4.0, -0.0, 0.0, -3.0], "float32"), y=np.array([2.0, 2.0, -2.0, -2.0, 2.0, -2.0, 1.5], "float32"))
case("pd_op.floor_divide", lambda x, y: P.floor_divide(x, y), "zero_result_sign",
     x=np.array([0.0, -0.0, 1.0, -1.0, 0.0, 3.0], "float32"), y=np.array([-3.0, 3.0, 3.0, -3.0, 3.0, -2.0], "float32"))


# ---------------------------------------------------------------------------
# comparisons, logical ops
# ---------------------------------------------------------------------------

CMP_X = np.concatenate([SX, np.array([1e-30, 1e-16, 5e-16, 1e-9, 1e-15, 2e-15, 0.1, 1.0], "float32")])
CMP_Y = np.concatenate([SY, np.array([-1e-30, 0.0, 0.0, 2e-9, 0.0, 0.0, 0.1, 1.0000001], "float32")])
near = np.array([1.0, 1.0, 1.0, 1e-3, 0.0, -0.0, 5e-16, 1e-16], "float64")
near_y = np.array([1.0 + 2.2e-16, 1.0 + 4.4e-16, 1.0 + 1e-15, 1e-3 + 9e-16, 1e-15, 9.9e-16, -4e-16, -1e-16], "float64")
for name in ["equal", "not_equal", "less_than", "less_equal", "greater_than", "greater_equal"]:
    op = f"pd_op.{name}"
    f = _pir(name)
    case(op, lambda x, y, f=f: f(x, y), "f32_specials", x=CMP_X, y=CMP_Y)
    case(op, lambda x, y, f=f: f(x, y), "f64_near", x=near, y=near_y)
    case(op, lambda x, y, f=f: f(x, y), "int64_bcast", x=rnd(3, 1, dtype="int64", lo=-2, hi=2),
         y=rnd(4, dtype="int64", lo=-2, hi=2))
    case(op, lambda x, y, f=f: f(x, y), "int32_0d", x=rnd(5, dtype="int32", lo=-2, hi=2), y=np.array(0, "int32"))
    case(op, lambda x, y, f=f: f(x, y), "bool", x=np.array([True, True, False, False]),
         y=np.array([True, False, True, False]))
    case(op, lambda x, y, f=f: f(x, y), "float16", x=np.array([1.0, 1.0, 0.0, 6e-8, -2.0], "float16"),
         y=np.array([1.0, 1.0009765625, -0.0, 0.0, 3.0], "float16"))
    case(op, lambda x, y, f=f: f(x, y), "dynamic", x=dyn(rnd(2, 3), [-1, 3]), y=rnd(3))
    fi = _pir(name + "_")
    case(op + "_", lambda x, y, fi=fi: fi(x, y), "inplace", x=rnd(2, 3, dtype="int64", lo=-1, hi=1),
         y=rnd(2, 3, dtype="int64", lo=-1, hi=1))

for name in ["logical_and", "logical_or"]:
    op = f"pd_op.{name}"
    f = _pir(name)
    case(op, lambda x, y, f=f: f(x, y), "bool_bcast", x=rnd(3, 1, dtype="bool"), y=rnd(4, dtype="bool"))
    case(op, lambda x, y, f=f: f(x, y), "float", x=np.array([0.0, -0.0, 1.0, nan, 2.0, 0.0], "float32"),
         y=np.array([1.0, 1.0, 0.0, 1.0, -3.0, 0.0], "float32"))
    case(op, lambda x, y, f=f: f(x, y), "int64_0d", x=np.array([0, 1, -2, 3], "int64"), y=np.array(5, "int64"))
    fi = _pir(name + "_")
    case(op + "_", lambda x, y, fi=fi: fi(x, y), "inplace", x=rnd(2, 3, dtype="bool"), y=rnd(2, 3, dtype="bool"))
case("pd_op.logical_not", lambda x: P.logical_not(x), "bool", x=rnd(2, 3, dtype="bool"))
case("pd_op.logical_not", lambda x: P.logical_not(x), "float", x=np.array([0.0, -0.0, nan, 2.0], "float32"))
case("pd_op.logical_not", lambda x: P.logical_not(x), "int32_0d", x=np.array(0, "int32"))
case("pd_op.logical_not_", lambda x: P.logical_not_(x), "inplace", x=rnd(4, dtype="bool"))


# ---------------------------------------------------------------------------
# unary math / activations
# ---------------------------------------------------------------------------

UNARY = {
    "relu": F.relu, "relu6": F.relu6, "sigmoid": F.sigmoid, "tanh": paddle.tanh, "silu": F.silu,
    "swish": F.swish, "hardswish": F.hardswish, "exp": paddle.exp, "log": paddle.log, "log1p": paddle.log1p,
    "expm1": paddle.expm1, "sqrt": paddle.sqrt, "rsqrt": paddle.rsqrt, "reciprocal": paddle.reciprocal,
    "square": paddle.square, "abs": paddle.abs, "sin": paddle.sin, "cos": paddle.cos, "erf": paddle.erf,
    "sign": paddle.sign, "floor": paddle.floor, "ceil": paddle.ceil,
    "hardsigmoid": F.hardsigmoid,
}
INPLACE_UNARY = ["relu", "sigmoid", "tanh", "silu", "exp", "log", "log1p", "expm1", "sqrt", "rsqrt", "reciprocal",
                 "square", "abs", "sin", "cos", "erf", "floor", "ceil"]
for name, fn in UNARY.items():
    op = f"pd_op.{name}"
    case(op, lambda x, fn=fn: fn(x), "specials", x=UNARY_IN)
    case(op, lambda x, fn=fn: fn(x), "f32", x=rnd(2, 3, 4))
    case(op, lambda x, fn=fn: fn(x), "0d", x=np.array(0.625, "float32"))
    case(op, lambda x, fn=fn: fn(x), "f64", x=rnd(3, 4, dtype="float64", lo=-5, hi=5), rtol=1e-12, atol=1e-12)
    case(op, lambda x, fn=fn: fn(x), "dynamic", x=dyn(rnd(2, 3), [-1, -1]))
    if name in ("exp", "floor"):  # the other unary CPU kernels have no float16 version
        case(op, lambda x, fn=fn: fn(x), "float16", x=rnd(7, dtype="float16", lo=0.1, hi=3.0), rtol=1e-3, atol=1e-3)
    if name in ("abs", "sign", "square", "floor", "ceil"):
        f = _pir(name)
        case(op, lambda x, f=f: f(x), "int64", x=rnd(6, dtype="int64", lo=-9, hi=9))
        case(op, lambda x, f=f: f(x), "int32", x=rnd(6, dtype="int32", lo=-9, hi=9))
    if name in INPLACE_UNARY:
        fi = _pir(name + "_")
        case(op + "_", lambda x, fi=fi: fi(x), "inplace", x=rnd(2, 3, lo=0.1, hi=3.0))
case("pd_op.square", lambda x: P.square(x), "int32_wrap", x=np.array([3, 70000, -50000], "int32"))
case("pd_op.hardsigmoid", lambda x: F.hardsigmoid(x, slope=0.25, offset=0.3), "slope_offset", x=UNARY_IN)
for approx in (False, True):
    t = "tanh" if approx else "erf"
    case("pd_op.gelu", lambda x, a=approx: F.gelu(x, approximate=a), f"{t}_specials", x=UNARY_IN)
    case("pd_op.gelu", lambda x, a=approx: F.gelu(x, approximate=a), f"{t}_f32", x=rnd(3, 5, lo=-6, hi=6))
    case("pd_op.gelu", lambda x, a=approx: F.gelu(x, approximate=a), f"{t}_f64", x=rnd(9, dtype="float64", lo=-6, hi=6),
         rtol=1e-12, atol=1e-12)
    case("pd_op.gelu", lambda x, a=approx: F.gelu(x, approximate=a), f"{t}_0d", x=np.array(-0.5, "float32"))
for slope in (0.1, -2.0):
    case("pd_op.leaky_relu", lambda x, s=slope: F.leaky_relu(x, s), f"slope{slope}", x=UNARY_IN)
case("pd_op.leaky_relu", lambda x: F.leaky_relu(x), "default_f64", x=rnd(6, dtype="float64"), rtol=1e-12, atol=1e-12)
case("pd_op.leaky_relu_", lambda x: P.leaky_relu_(x, 0.3), "inplace", x=rnd(5))
case("pd_op.erf", lambda x: paddle.erf(x), "dense", x=np.linspace(-4.5, 4.5, 181).astype("float32"))

case("pd_op.pow", lambda x: paddle.pow(x, 2.0), "y2", x=UNARY_IN)
case("pd_op.pow", lambda x: paddle.pow(x, 0.5), "y0.5", x=UNARY_IN)
case("pd_op.pow", lambda x: paddle.pow(x, -1.0), "y-1", x=UNARY_IN)
case("pd_op.pow", lambda x: paddle.pow(x, 3.0), "y3_f64", x=rnd(5, dtype="float64"), rtol=1e-12, atol=1e-12)
case("pd_op.pow", lambda x: paddle.pow(x, 2.5), "y2.5_int64", x=rnd(6, dtype="int64", lo=-5, hi=5))
case("pd_op.pow", lambda x: paddle.pow(x, 3), "y3_int32", x=rnd(6, dtype="int32", lo=-5, hi=5))
case("pd_op.pow", lambda x: paddle.pow(x, 0.0), "y0_0d", x=np.array(0.0, "float32"))
case("pd_op.pow_", lambda x: P.pow_(x, 2.0), "inplace", x=rnd(2, 3))


# ---------------------------------------------------------------------------
# cast, scale, clip, where, assign
# ---------------------------------------------------------------------------

CAST_F = np.array([nan, inf, -inf, 0.0, -0.0, 1.7, -1.7, 2.5, -2.5, 255.5, 256.0, 300.0, -1.0, -129.0, 1e10,
                   -1e10, 3e9, 65504.0, 70000.0, 1e-8, 0.5], "float32")
for dt in ["int32", "int64", "int16", "int8", "uint8", "bool", "float16", "float64", "bfloat16", "float32"]:
    case("pd_op.cast", lambda x, d=dt: P.cast(x, getattr(paddle, d)), f"f32_to_{dt}", x=CAST_F)
for dt in ["float32", "int32", "bool", "float64", "int8"]:
    case("pd_op.cast", lambda x, d=dt: P.cast(x, getattr(paddle, d)), f"int64_to_{dt}",
         x=np.array([0, 1, -1, 127, 128, 255, 256, -129, 2**31, -(2**31) - 1, 2**40 + 5, 2**53 + 1], "int64"))
for dt in ["float32", "int64", "int32"]:
    case("pd_op.cast", lambda x, d=dt: P.cast(x, getattr(paddle, d)), f"bool_to_{dt}", x=rnd(2, 3, dtype="bool"))
case("pd_op.cast", lambda x: P.cast(x, paddle.float32), "f64_to_f32", x=np.array([1e-46, 1e40, 0.1, -0.0], "float64"))
case("pd_op.cast", lambda x: P.cast(x, paddle.int32), "f16_to_int32", x=np.array([1.5, -2.5, 65504.0], "float16"))
case("pd_op.cast", lambda x: P.cast(x, paddle.float32), "0d_dynamic", x=np.array(3, "int64"))
case("pd_op.cast", lambda x: P.cast(x, paddle.int64), "dynamic", x=dyn(rnd(2, 3), [-1, 3]))
case("pd_op.cast_", lambda x: P.cast_(x, paddle.int32), "inplace", x=rnd(2, 3))

case("pd_op.scale", lambda x: paddle.scale(x, 2.0, 1.0), "after", x=UNARY_IN)
case("pd_op.scale", lambda x: paddle.scale(x, 2.0, 1.0, bias_after_scale=False), "before", x=UNARY_IN)
case("pd_op.scale", lambda x: paddle.scale(x, 0.0, 1.0), "zero_scale", x=UNARY_IN)
case("pd_op.scale", lambda x: paddle.scale(x, -1.0), "neg", x=UNARY_IN)
case("pd_op.scale", lambda x: paddle.scale(x, 2.5, 1.7), "int64_trunc", x=rnd(6, dtype="int64", lo=-9, hi=9))
case("pd_op.scale", lambda x: paddle.scale(x, -2.5, 1.7, bias_after_scale=False), "int32_trunc_before",
     x=rnd(6, dtype="int32", lo=-9, hi=9))
case("pd_op.scale", lambda x, s: P.scale(x, s, 0.5, True), "scale_tensor", x=rnd(2, 3), s=np.array([1.5], "float32"))
case("pd_op.scale", lambda x: paddle.scale(x, 3.0, -1.0), "0d_f64", x=np.array(2.0, "float64"), rtol=1e-12, atol=1e-12)
case("pd_op.scale", lambda x: paddle.scale(x, 3.0), "dynamic", x=dyn(rnd(2, 3), [-1, 3]))
case("pd_op.scale_", lambda x: P.scale_(x, 2.0, 1.0, True), "inplace", x=rnd(2, 3))

case("pd_op.clip", lambda x: paddle.clip(x, -0.5, 0.5), "f32", x=UNARY_IN)
case("pd_op.clip", lambda x: paddle.clip(x, min=1.0), "min_only", x=rnd(2, 3))
case("pd_op.clip", lambda x: P.clip(x, 2.5, 7.9), "int64_trunc", x=np.arange(-1, 11).astype("int64"))
case("pd_op.clip", lambda x: P.clip(x, -1.5, 1.5), "int32", x=rnd(6, dtype="int32", lo=-3, hi=3))
case("pd_op.clip", lambda x, lo: paddle.clip(x, lo, 1.0), "min_tensor_0d", x=rnd(2, 3), lo=np.array(-0.25, "float32"))
case("pd_op.clip", lambda x: paddle.clip(x, 1.0, 1.0), "min_eq_max_0d", x=np.array(3.0, "float32"))
case("pd_op.clip", lambda x: P.clip(x, 1.0, -1.0), "min_gt_max", x=rnd(3), error=True)
case("pd_op.clip_", lambda x: P.clip_(x, -1.0, 1.0), "inplace", x=rnd(2, 3))

case("pd_op.where", lambda c, x, y: P.where(c, x, y), "f32", c=rnd(3, 4, dtype="bool"), x=rnd(3, 4), y=rnd(3, 4))
case("pd_op.where", lambda c, x, y: P.where(c, x, y), "int64", c=rnd(5, dtype="bool"), x=rnd(5, dtype="int64"),
     y=rnd(5, dtype="int64"))
case("pd_op.where", lambda c, x, y: P.where(c, x, y), "0d", c=np.array(False), x=np.array(1.0, "float32"),
     y=np.array(2.0, "float32"))
case("pd_op.where", lambda c, x, y: paddle.where(c, x, y), "api_bcast", c=rnd(2, 1, dtype="bool"), x=rnd(1, 3),
     y=rnd(3))
case("pd_op.where", lambda c, x, y: P.where(c, x, y), "dynamic", c=dyn(rnd(2, 3, dtype="bool"), [-1, 3]),
     x=dyn(rnd(2, 3), [2, -1]), y=rnd(2, 3))
case("pd_op.where_", lambda c, x, y: P.where_(c, x, y), "inplace", c=rnd(2, 3, dtype="bool"), x=rnd(2, 3),
     y=rnd(2, 3))

case("pd_op.assign", lambda x: paddle.assign(x), "f32", x=rnd(2, 3))
case("pd_op.assign", lambda x: paddle.assign(x), "int64_0d", x=np.array(-4, "int64"))
case("pd_op.assign", lambda x: paddle.assign(x), "dynamic", x=dyn(rnd(2, 3), [-1, -1]))
case("pd_op.assign_", lambda x: P.assign_(x), "inplace", x=rnd(2, 3, dtype="int32"))
case("pd_op.assign_out_", lambda x, o: P.assign_out_(x, o), "inplace", x=rnd(2, 3), o=rnd(2, 3))


# ---------------------------------------------------------------------------
# creation
# ---------------------------------------------------------------------------


def _noinput(fn: Callable[[], Any]) -> Callable[..., Any]:
    return lambda: fn()


case("pd_op.full", _noinput(lambda: paddle.full([2, 3], 1.5, "float32")), "f32")
case("pd_op.full", _noinput(lambda: paddle.full([3], 2.7, "int64")), "int64_trunc")
case("pd_op.full", _noinput(lambda: paddle.full([2], -2.7, "int32")), "int32_trunc_neg")
case("pd_op.full", _noinput(lambda: paddle.full([2, 1], 0.5, "bool")), "bool")
case("pd_op.full", _noinput(lambda: paddle.full([], 3.25, "float64")), "0d_f64")
case("pd_op.full", _noinput(lambda: paddle.full([2], -inf, "float32")), "neg_inf")
case("pd_op.full", _noinput(lambda: paddle.full([0, 3], 1.0, "float32")), "empty")
case("pd_op.full", _noinput(lambda: paddle.full([2], 1.1, "float16")), "f16", rtol=1e-3, atol=1e-3)
case("pd_op.full", _noinput(lambda: paddle.full([4], 123456789.0, "int64")), "int64_big")
case("pd_op.full_", lambda o: P.full_(o, [2, 3], 4.5, paddle.float32, paddle.CPUPlace()), "inplace", o=rnd(2, 3))

case("pd_op.full_int_array", _noinput(lambda: P.full_int_array([1, 2, -3], paddle.int64, paddle.CPUPlace())), "int64")
case("pd_op.full_int_array", _noinput(lambda: P.full_int_array([7, 0], paddle.int32, paddle.CPUPlace())), "int32")
case("pd_op.full_int_array", _noinput(lambda: P.full_int_array([], paddle.int64, paddle.CPUPlace())), "empty")

case("pd_op.full_like", lambda x: paddle.full_like(x, 2.0), "f32", x=rnd(2, 3))
case("pd_op.full_like", lambda x: paddle.full_like(x, 2.5, dtype="int32"), "int32_trunc", x=rnd(2, 3))
case("pd_op.full_like", lambda x: paddle.full_like(x, 1, dtype="bool"), "bool", x=rnd(3, dtype="int64"))
case("pd_op.full_like", lambda x: paddle.full_like(x, 3, dtype="bool"), "bool_out_of_range", x=rnd(3, dtype="int64"),
     error=True)
case("pd_op.full_like", lambda x: paddle.full_like(x, 300, dtype="uint8"), "uint8_out_of_range", x=rnd(3),
     error=True)
case("pd_op.full_like", lambda x: paddle.full_like(x, -1e5, dtype="float16"), "f16_out_of_range", x=rnd(3),
     error=True)
case("pd_op.full_like", lambda x: P.full_like(x, 2.5, DT.UNDEFINED, paddle.CPUPlace()), "undefined_dtype",
     x=rnd(2, 2, dtype="int64"))
case("pd_op.full_like", lambda x: paddle.full_like(x, -1.5), "0d", x=np.array(1.0, "float64"))
case("pd_op.full_like", lambda x, v: P.full_like(x, v, paddle.float32, paddle.CPUPlace()), "value_tensor",
     x=rnd(2, 3), v=np.array([0.75], "float32"))
case("pd_op.full_like", lambda x: paddle.full_like(x, 7.0), "dynamic", x=dyn(rnd(2, 3), [-1, 3]))

case("pd_op.full_with_tensor", lambda s: paddle.full(s, 3.0), "shape_tensor", s=np.array([2, 3], "int64"))
case("pd_op.full_with_tensor", lambda v: paddle.full([2, 3], v), "value_tensor", v=np.array([1.25], "float32"))
case("pd_op.full_with_tensor", lambda s: paddle.full(s, 2, "int32"), "int32_shape_tensor", s=np.array([4], "int32"))

case("pd_op.assign_value", _noinput(lambda: P.assign_value([2, 2], paddle.float32, [1.0, 2.5, -3.0, 0.1],
                                                           paddle.CPUPlace())), "f32")
case("pd_op.assign_value", _noinput(lambda: P.assign_value([3], paddle.int64, [1, -2, 3], paddle.CPUPlace())), "int64")
case("pd_op.assign_value", _noinput(lambda: P.assign_value([2], paddle.bool, [True, False], paddle.CPUPlace())), "bool")
case("pd_op.assign_value", _noinput(lambda: P.assign_value([], paddle.int32, [7], paddle.CPUPlace())), "0d_int32")
case("pd_op.assign_value_", _noinput(lambda: paddle.assign(np.array([[1, 2, 3]], "int32"))), "api_int32")
case("pd_op.assign_value_", _noinput(lambda: paddle.to_tensor([1.5, -2.0])), "api_f32")

case("pd_op.arange", _noinput(lambda: paddle.arange(0, 10, 2.5, dtype="int64")), "int64_frac_step")
case("pd_op.arange", _noinput(lambda: paddle.arange(0.5, 3.0, 0.7, dtype="float32")), "f32")
case("pd_op.arange", _noinput(lambda: paddle.arange(5, -1, -2, dtype="int32")), "int32_neg_step")
case("pd_op.arange", _noinput(lambda: paddle.arange(0.0, 10.0, 0.1, dtype="float32")), "f32_accumulate",
     rtol=0, atol=0)
case("pd_op.arange", _noinput(lambda: paddle.arange(-1.0, 1.0, 0.3, dtype="float64")), "f64", rtol=1e-12, atol=1e-12)
case("pd_op.arange", _noinput(lambda: paddle.arange(3, 3, 1, dtype="int64")), "empty")
case("pd_op.arange", _noinput(lambda: paddle.arange(10)), "api_default")
case("pd_op.arange", lambda s: paddle.arange(s, 10.0, 2.0, dtype="float32"), "start_tensor", s=np.array([1.0], "float32"))

case("pd_op.one_hot", lambda x: F.one_hot(x, 5), "int64", x=rnd(2, 3, dtype="int64", lo=0, hi=4))
case("pd_op.one_hot", lambda x: F.one_hot(x, 3), "int32", x=np.array([2, 0, 1, 1], "int32"))
case("pd_op.one_hot", lambda x: F.one_hot(x, 4), "0d", x=np.array(3, "int64"))
case("pd_op.one_hot", lambda x, n: F.one_hot(x, n), "num_classes_tensor", x=np.array([1, 0], "int64"),
     n=np.array([3], "int32"))
case("pd_op.one_hot", lambda x: F.one_hot(x, 4), "out_of_range", x=np.array([0, 4], "int64"), error=True)
case("pd_op.one_hot", lambda x: F.one_hot(x, 4), "negative", x=np.array([0, -1], "int64"), error=True)

case("pd_op.shape64", lambda x: paddle.shape(x), "f32", x=rnd(2, 3, 4))
case("pd_op.shape64", lambda x: paddle.shape(x), "0d", x=np.array(1.0, "float32"))
case("pd_op.shape64", lambda x: paddle.shape(x), "dynamic", x=dyn(rnd(5, 3), [-1, 3]))
case("pd_op.shape", lambda x: P.shape(x), "f32", x=rnd(2, 3, dtype="int64"))
case("pd_op.shape", lambda x: P.shape(x), "dynamic", x=dyn(rnd(4, 1, 2), [-1, 1, -1]))


# ---------------------------------------------------------------------------
# reductions
# ---------------------------------------------------------------------------

x3 = rnd(2, 3, 4)
NANROWS = np.array([[1.0, nan, 3.0], [1.0, 2.0, 3.0], [-inf, -inf, -inf], [nan, nan, nan], [inf, 1.0, -inf],
                    [-0.0, 0.0, -0.0]], "float32")
for name, fn in [("sum", paddle.sum), ("mean", paddle.mean), ("max", paddle.max), ("min", paddle.min),
                 ("prod", paddle.prod)]:
    op = f"pd_op.{name}"
    case(op, lambda x, fn=fn: fn(x), "all", x=x3)
    case(op, lambda x, fn=fn: fn(x, axis=[0, -1], keepdim=True), "axes_keepdim", x=x3)
    case(op, lambda x, fn=fn: fn(x, axis=1), "axis1", x=x3)
    case(op, lambda x, fn=fn: fn(x, axis=-1), "neg_axis", x=x3)
    case(op, lambda x, fn=fn: fn(x, keepdim=True), "all_keepdim", x=x3)
    case(op, lambda x, fn=fn: fn(x, axis=0), "0d", x=np.array(2.5, "float32"))
    case(op, lambda x, fn=fn: fn(x, axis=[-1], keepdim=True), "0d_keepdim", x=np.array(-1.5, "float32"))
    case(op, lambda x, fn=fn: fn(x, axis=1), "nan_rows", x=NANROWS)
    case(op, lambda x, fn=fn: fn(x, axis=[1, 2]), "f64", x=rnd(2, 3, 4, dtype="float64"), rtol=1e-12, atol=1e-12)
    case(op, lambda x, fn=fn: fn(x, axis=1), "dynamic", x=dyn(x3, [-1, 3, -1]))
    if name != "mean":
        case(op, lambda x, fn=fn: fn(x, axis=0), "int64", x=rnd(3, 4, dtype="int64", lo=-5, hi=5))
        case(op, lambda x, fn=fn: fn(x, axis=[0, 1]), "int32", x=rnd(2, 3, dtype="int32", lo=-5, hi=5))
    case(op, lambda x, fn=fn: fn(x, axis=0), "empty_axis_len", x=rnd(3, 2), index=-1)
case("pd_op.sum", lambda x: paddle.sum(x), "bool", x=rnd(2, 3, dtype="bool"))
case("pd_op.sum", lambda x: paddle.sum(x, dtype="int32"), "dtype_int32_from_f32", x=np.full((2, 3), 1.7, "float32"))
case("pd_op.sum", lambda x: paddle.sum(x, axis=1, dtype="float64"), "dtype_f64_from_int32",
     x=rnd(2, 3, dtype="int32"))
case("pd_op.sum", lambda x: paddle.sum(x, axis=1), "float16", x=rnd(3, 8, dtype="float16"), rtol=1e-3, atol=1e-2)
case("pd_op.sum", lambda x: paddle.sum(x), "long_f32", x=rnd(4096), rtol=1e-5, atol=1e-4)
case("pd_op.sum", lambda x, a: paddle.sum(x, axis=a), "axis_tensor", x=x3, a=np.array([0, 2], "int64"))
case("pd_op.sum", lambda x, a: paddle.sum(x, axis=a, keepdim=True), "axis_tensor_keepdim", x=x3,
     a=np.array([1], "int64"))
case("pd_op.max", lambda x, a: paddle.max(x, axis=a), "axis_tensor", x=x3, a=np.array([2], "int64"))
case("pd_op.mean", lambda x: P.mean(x, [0], False), "int64_trunc", x=np.array([[-1, 2], [-2, 2], [-2, 3]], "int64"))
case("pd_op.mean", lambda x: P.mean(x, [], False), "int32_trunc", x=np.array([1, 2, 2], "int32"))
case("pd_op.prod", lambda x: paddle.prod(x, [0, 1, 2]), "reduce_all_attr", x=rnd(2, 2, 3, lo=0.5, hi=1.5))
case("pd_op.prod", lambda x: P.prod(x, [1], True, True), "reduce_all_keepdim", x=rnd(2, 3))

for name, fn in [("argmax", paddle.argmax), ("argmin", paddle.argmin)]:
    op = f"pd_op.{name}"
    case(op, lambda x, fn=fn: fn(x, axis=1), "f32", x=x3)
    case(op, lambda x, fn=fn: fn(x, axis=-1, keepdim=True), "keepdim", x=x3)
    case(op, lambda x, fn=fn: fn(x), "flatten", x=x3)
    case(op, lambda x, fn=fn: fn(x, keepdim=True), "flatten_keepdim", x=x3)
    case(op, lambda x, fn=fn: fn(x, axis=0, dtype="int32"), "int32_out", x=x3)
    case(op, lambda x, fn=fn: fn(x, axis=1), "ties_int64", x=rnd(4, 5, dtype="int64", lo=0, hi=2))
    case(op, lambda x, fn=fn: fn(x, axis=0), "0d", x=np.array(3.0, "float32"))
    case(op, lambda x, fn=fn: fn(x, axis=1), "nan_inf_rows", x=np.array(
        [[1.0, nan, 3.0], [nan, 5.0, nan], [nan, nan, nan], [-inf, -inf, 1.0], [-inf, -inf, -inf],
         [nan, -inf, nan], [2.0, 5.0, 5.0], [inf, nan, inf], [-inf, -3.4028235e38, 0.0], [-3.4028235e38, -inf, 1.0],
         [inf, 3.4028235e38, 0.0], [3.4028235e38, inf, -1.0], [nan, -3.4028235e38, 2.0], [inf, inf, -inf]], "float32"))
    case(op, lambda x, fn=fn: fn(x, axis=0), "nan_cols", x=np.array(
        [[nan, 1.0, -inf], [2.0, nan, -inf], [-inf, 1.0, nan]], "float32"))
    case(op, lambda x, fn=fn: fn(x, axis=1), "dynamic", x=dyn(x3, [-1, -1, 4]))
    case(op, lambda x, a, fn=fn: fn(x, axis=a), "axis_tensor", x=x3, a=np.array(2, "int64"))
    case(op, lambda x, fn=fn: fn(x, axis=-2), "f64", x=rnd(3, 4, dtype="float64"))

for keep in (False, True):
    k = "keep" if keep else "nokeep"
    case("pd_op.logsumexp", lambda x, k=keep: paddle.logsumexp(x, axis=1, keepdim=k), f"axis1_{k}", x=x3)
    case("pd_op.logsumexp", lambda x, k=keep: paddle.logsumexp(x, keepdim=k), f"all_{k}", x=x3)
case("pd_op.logsumexp", lambda x: paddle.logsumexp(x, axis=[0, -1]), "two_axes", x=x3)
case("pd_op.logsumexp", lambda x: paddle.logsumexp(x, axis=1), "specials", x=np.array(
    [[-inf, -inf], [inf, 1.0], [nan, 1.0], [0.0, -100.0], [88.0, 89.0], [-inf, 0.0]], "float32"))
case("pd_op.logsumexp", lambda x: paddle.logsumexp(x), "0d", x=np.array(2.0, "float32"))
case("pd_op.logsumexp", lambda x: paddle.logsumexp(x, axis=-1), "f64", x=rnd(3, 4, dtype="float64"), rtol=1e-12,
     atol=1e-12)
case("pd_op.logsumexp", lambda x: paddle.logsumexp(x, axis=0), "dynamic", x=dyn(x3, [-1, 3, -1]))
case("pd_op.logsumexp", lambda x: P.logsumexp(x, [1], False, True), "reduce_all_attr", x=x3)

for flatten, exclusive, reverse in [(False, False, False), (False, True, False), (False, False, True),
                                    (False, True, True), (True, False, False), (True, True, True)]:
    tag = "".join(t for t, on in (("flat", flatten), ("excl", exclusive), ("rev", reverse)) if on) or "plain"
    ax = -1 if flatten else 1  # with flatten the axis must be 0 or -1
    case("pd_op.cumsum", lambda x, fl=flatten, ex=exclusive, rv=reverse, ax=ax: P.cumsum(x, ax, fl, ex, rv), tag, x=x3)
case("pd_op.cumsum", lambda x: P.cumsum(x, 1, True, False, False), "flat_axis1", x=x3, error=True)
case("pd_op.cumsum", lambda x: paddle.cumsum(x, axis=-1), "neg_axis", x=x3)
case("pd_op.cumsum", lambda x: paddle.cumsum(x, axis=0), "int32", x=rnd(3, 4, dtype="int32", lo=-9, hi=9))
case("pd_op.cumsum", lambda x: paddle.cumsum(x, axis=1), "int64_f64", x=rnd(2, 5, dtype="int64", lo=-9, hi=9))
case("pd_op.cumsum", lambda x: paddle.cumsum(x, axis=0), "0d", x=np.array(3.0, "float32"))
case("pd_op.cumsum", lambda x: paddle.cumsum(x), "0d_flatten", x=np.array(3.0, "float32"))
case("pd_op.cumsum", lambda x: paddle.cumsum(x), "long_sequential", x=np.full(3000, 0.1, "float32"), rtol=0, atol=0)
case("pd_op.cumsum", lambda x: paddle.cumsum(x, axis=0), "nan_inf", x=np.array([1.0, inf, -inf, nan, 2.0], "float32"))
case("pd_op.cumsum", lambda x: paddle.cumsum(x, axis=1), "dynamic", x=dyn(x3, [2, -1, 4]))
case("pd_op.cumsum", lambda x, a: paddle.cumsum(x, axis=a), "axis_tensor", x=x3, a=np.array([2], "int32"))
case("pd_op.cumsum_", lambda x: P.cumsum_(x, 0, False, False, False), "inplace", x=rnd(3, 2))

for name, fn in [("softmax", F.softmax), ("log_softmax", F.log_softmax)]:
    op = f"pd_op.{name}"
    case(op, lambda x, fn=fn: fn(x), "last", x=x3)
    case(op, lambda x, fn=fn: fn(x, axis=0), "axis0", x=x3)
    case(op, lambda x, fn=fn: fn(x, axis=1), "axis1", x=x3)
    case(op, lambda x, fn=fn: fn(x), "specials", x=np.array(
        [[0.0, -100.0, 1.0], [inf, 1.0, -inf], [-inf, -inf, -inf], [nan, 1.0, 2.0], [88.0, 89.0, 90.0],
         [-inf, 0.0, 1.0], [0.0, -63.0, -65.0]], "float32"), atol=0, rtol=2e-6)
    case(op, lambda x, fn=fn: fn(x), "0d", x=np.array(3.0, "float32"))
    case(op, lambda x, fn=fn: fn(x, axis=-1), "f64", x=rnd(3, 4, dtype="float64"), rtol=1e-12, atol=1e-12)
    case(op, lambda x, fn=fn: fn(x, axis=1), "dynamic", x=dyn(x3, [-1, -1, 4]))
case("pd_op.softmax_", lambda x: P.softmax_(x, -1), "inplace", x=rnd(2, 3))


# ---------------------------------------------------------------------------
# more edge cases: float64 specials, Eigen fast-math paths, empty tensors, run-time errors
# ---------------------------------------------------------------------------

for name, fn in UNARY.items():
    case(f"pd_op.{name}", lambda x, fn=fn: fn(x), "specials_f64", x=UNARY_IN.astype("float64"), rtol=1e-12, atol=1e-12)
DENORM = np.array([1e-40, 0.0, -0.0, 1e-39, 2e-38, np.inf, 4.0, 9.0, 1e-45, -1e-40, 1.0, 16.0, 0.25, 2.0, 3.0, 5.0],
                  "float32")
case("pd_op.sqrt", lambda x: paddle.sqrt(x), "denormal_inf", x=DENORM)
case("pd_op.rsqrt", lambda x: paddle.rsqrt(x), "denormal_inf", x=DENORM)
case("pd_op.sqrt", lambda x: paddle.sqrt(x), "denormal_inf_f64", x=np.array([1e-310, 0.0, -0.0, np.inf, 4.0],
                                                                             "float64"), rtol=1e-12, atol=0)
POW_X = np.array([-inf, -0.0, nan, 1.0, -1.0, -2.0, 0.0, inf, 2.0, -3.0, 0.5, -0.5, 3.0, 1e-3, 7.0, -7.0], "float32")
for yv in (3.0, -1.0, 0.5, 0.0, -2.0, 1.5):
    case("pd_op.pow", lambda x, yv=yv: paddle.pow(x, yv), f"specials_y{yv}", x=POW_X, rtol=2e-6)
    case("pd_op.pow", lambda x, yv=yv: paddle.pow(x, yv), f"specials_f64_y{yv}", x=POW_X.astype("float64"),
         rtol=1e-12, atol=0)
case("pd_op.arange", _noinput(lambda: paddle.arange(0, 10, -1, dtype="int64")), "wrong_direction_int")
case("pd_op.arange", _noinput(lambda: paddle.arange(1.0, 0.0, 0.5, dtype="float32")), "wrong_direction_f32")
case("pd_op.arange", lambda s: paddle.arange(0.0, 10.0, s, dtype="float32"), "step0_tensor",
     s=np.array([0.0], "float32"), error=True)
for name, fn in [("argmax", paddle.argmax), ("argmin", paddle.argmin)]:
    # Paddle's kernel leaves the result uninitialised here: only the types are checked
    case(f"pd_op.{name}", lambda x, fn=fn: fn(x, axis=1), "empty_axis", x=spec([3, 0]), meta_only=True)
    case(f"pd_op.{name}", lambda x, fn=fn: fn(x, axis=1, keepdim=True), "empty_axis_keep", x=spec([3, 0]),
         meta_only=True)
    case(f"pd_op.{name}", lambda x, fn=fn: fn(x), "empty_flatten", x=spec([3, 0]), meta_only=True)
case("pd_op.max", lambda x: paddle.max(x, axis=0), "zero_size_other_axis", x=np.zeros((2, 0), "float32"))
case("pd_op.max", lambda x: paddle.max(x, axis=0), "dyn_empty_axis", x=dyn(np.zeros((0, 3), "float32"), [-1, 3]),
     error=True)
for name, fn in [("sum", paddle.sum), ("mean", paddle.mean), ("prod", paddle.prod), ("logsumexp", paddle.logsumexp)]:
    case(f"pd_op.{name}", lambda x, fn=fn: fn(x, axis=0), "empty_axis", x=np.zeros((0, 3), "float32"))
case("pd_op.mean", lambda x: P.mean(x, [0], False), "int64_empty", x=np.zeros((0,), "int64"))
case("pd_op.softmax", lambda x: F.softmax(x, axis=0), "empty", x=np.zeros((0, 3), "float32"))
case("pd_op.log_softmax", lambda x: F.log_softmax(x, axis=1), "empty", x=np.zeros((0, 3), "float32"))
case("pd_op.cumsum", lambda x: P.cumsum(x, 0, False, True, True), "empty", x=np.zeros((0, 3), "float32"))
case("pd_op.scale", lambda x, s: P.scale(x, s, 0.0, True), "scale_two_elements", x=rnd(3), s=np.array([2.0, 3.0], "float32"),
     error=True)
case("pd_op.clip", lambda x, lo: P.clip(x, lo, 1.5), "min_two_elements", x=rnd(3), lo=np.array([1.0, 0.0], "float32"),
     error=True)
case("pd_op.full_like", lambda x, v: P.full_like(x, v, paddle.float32, paddle.CPUPlace()), "value_two_elements",
     x=rnd(3), v=np.array([2.0, 3.0], "float32"), error=True)
case("pd_op.where", lambda c, x, y: P.where(c, x, y), "int_condition", c=np.array([1, 0, 2], "int32"), x=rnd(3),
     y=rnd(3), error=True)
case("pd_op.one_hot", lambda x: P.one_hot(x, 0), "depth0", x=spec([3], "int64"), meta_only=True)
case("pd_op.one_hot", lambda x: P.one_hot(x, 0), "depth0_run", x=np.zeros(3, "int64"), error=True)


# ---------------------------------------------------------------------------
# meta-only cases: dynamic shapes and non-constant IntArray operands
# ---------------------------------------------------------------------------

MO = dict(meta_only=True)
case("pd_op.add", lambda x, y: P.add(x, y), "dyn_bcast_1", x=spec([-1, 3]), y=spec([1, -1]), **MO)
case("pd_op.add", lambda x, y: P.add(x, y), "dyn_bcast_2", x=spec([1, -1]), y=spec([5, 1]), **MO)
case("pd_op.add", lambda x, y: P.add(x, y), "dyn_bcast_3", x=spec([-1, 1]), y=spec([1]), **MO)
case("pd_op.add", lambda x, y: P.add(x, y), "dyn_both", x=spec([-1]), y=spec([-1]), **MO)
case("pd_op.multiply", lambda x, y: P.multiply(x, y), "dyn_rank_up", x=spec([2, -1, 1]), y=spec([-1, 4]), **MO)
case("pd_op.less_than", lambda x, y: P.less_than(x, y), "dyn", x=spec([-1, 3]), y=spec([3]), **MO)
case("pd_op.where", lambda c, x, y: P.where(c, x, y), "dyn", c=spec([-1, 3], "bool"), x=spec([2, -1]),
     y=spec([-1, -1]), **MO)
case("pd_op.sum", lambda x, a: paddle.sum(x, axis=a), "axis_unknown", x=spec([2, -1, 4]), a=spec([2], "int64"), **MO)
case("pd_op.sum", lambda x, a: paddle.sum(x, axis=a, keepdim=True), "axis_unknown_keepdim", x=spec([2, -1, 4]),
     a=spec([2], "int64"), **MO)
case("pd_op.max", lambda x, a: paddle.max(x, axis=a), "axis_unknown", x=spec([2, -1, 4]), a=spec([1], "int64"), **MO)
case("pd_op.mean", lambda x: paddle.mean(x, axis=[1, 2]), "dyn", x=spec([-1, -1, 4]), **MO)
case("pd_op.prod", lambda x: paddle.prod(x, [0, 2], keepdim=True), "dyn", x=spec([2, -1, 4]), **MO)
case("pd_op.argmax", lambda x, a: paddle.argmax(x, axis=a), "axis_unknown", x=spec([2, -1, 4]), a=spec([1], "int64"),
     **MO)
case("pd_op.argmin", lambda x: paddle.argmin(x, axis=-2), "dyn", x=spec([2, -1, 4]), **MO)
case("pd_op.argmax", lambda x: paddle.argmax(x, keepdim=True), "dyn_flatten_keep", x=spec([2, -1, 4]), **MO)
case("pd_op.cumsum", lambda x, a: paddle.cumsum(x, axis=a), "axis_unknown", x=spec([2, -1, 4]), a=spec([1], "int32"),
     **MO)
# Paddle multiplies the dims including -1 and prints tensor<-8xf32>; pirc says -1.
case("pd_op.cumsum", lambda x: paddle.cumsum(x), "dyn_flatten", x=spec([2, -1, 4]),
     expect_types=["tensor<-1xf32>"], note="Paddle prints -8 (product of dims with -1)", **MO)
case("pd_op.softmax", lambda x: F.softmax(x, axis=0), "dyn", x=spec([-1, 3]), **MO)
case("pd_op.logsumexp", lambda x: paddle.logsumexp(x, axis=[-1], keepdim=True), "dyn", x=spec([2, -1, 4]), **MO)
case("pd_op.arange", lambda s: paddle.arange(s, 10.0, 1.0, dtype="float32"), "start_unknown", s=spec([1], "float32"),
     **MO)
case("pd_op.full_with_tensor", lambda s: paddle.full(s, 1.0), "shape_unknown", s=spec([3], "int64"), **MO)
case("pd_op.one_hot", lambda x, n: F.one_hot(x, n), "depth_unknown", x=spec([-1, 3], "int64"), n=spec([1], "int32"),
     **MO)
case("pd_op.shape64", lambda x: paddle.shape(x), "dyn", x=spec([-1, 3, -1]), **MO)
case("pd_op.full_like", lambda x: paddle.full_like(x, 1.0, dtype="bool"), "dyn", x=spec([2, -1, 4]), **MO)
case("pd_op.cast", lambda x: P.cast(x, paddle.float16), "dyn", x=spec([-1, -1]), **MO)
case("pd_op.scale", lambda x, s: P.scale(x, s, 1.0, True), "scale_unknown", x=spec([-1, 2]), s=spec([1]), **MO)


# ---------------------------------------------------------------------------
# rejected by Paddle's infer-meta (the shape rule must raise ShapeError)
# ---------------------------------------------------------------------------

# (op, operand metas [shape, dtype, const], attrs, paddle builder that must raise)
REJECTS: list[tuple[str, list[Any], dict[str, Any], Callable[[], Any]]] = []


def D(name: str, shape: list[int], dtype: str = "float32") -> Any:
    return paddle.static.data(name, shape, dtype)


def reject(op: str, metas: list[Any], attrs: dict[str, Any], build: Callable[[], Any]) -> None:
    REJECTS.append((op, metas, attrs, build))


M = lambda shape, dtype="float32", const=None: {"shape": shape, "dtype": dtype, "const": const}  # noqa: E731
reject("pd_op.add", [M([2, 3]), M([4])], {}, lambda: P.add(D("x", [2, 3]), D("y", [4])))
reject("pd_op.multiply", [M([2, 3]), M([3, 2])], {}, lambda: P.multiply(D("x", [2, 3]), D("y", [3, 2])))
reject("pd_op.less_than", [M([5]), M([2, 4])], {}, lambda: P.less_than(D("x", [5]), D("y", [2, 4])))
reject("pd_op.where", [M([3], "bool"), M([2, 3]), M([2, 3])], {},
       lambda: P.where(D("c", [3], "bool"), D("x", [2, 3]), D("y", [2, 3])))
reject("pd_op.where", [M([2, 3], "bool"), M([2, 3]), M([3])], {},
       lambda: P.where(D("c", [2, 3], "bool"), D("x", [2, 3]), D("y", [3])))
reject("pd_op.where", [M([2, 1], "bool"), M([2, 3]), M([2, 3])], {},
       lambda: P.where(D("c", [2, 1], "bool"), D("x", [2, 3]), D("y", [2, 3])))
reject("pd_op.sum", [M([2, 3]), M([1], "int64", [2])], {"dtype": "Undefined", "keepdim": False},
       lambda: paddle.sum(D("x", [2, 3]), axis=2))
reject("pd_op.sum", [M([2, 3]), M([2], "int64", [1, -1])], {"dtype": "Undefined", "keepdim": False},
       lambda: paddle.sum(D("x", [2, 3]), axis=[1, -1]))
reject("pd_op.max", [M([2, 3]), M([1], "int64", [-3])], {"keepdim": False},
       lambda: paddle.max(D("x", [2, 3]), axis=-3))
reject("pd_op.mean", [M([2, 3]), M([2], "int64", [0, 0])], {"keepdim": False},
       lambda: paddle.mean(D("x", [2, 3]), axis=[0, 0]))
reject("pd_op.prod", [M([2, 3]), M([1], "int64", [5])], {"keepdim": False, "reduce_all": False},
       lambda: paddle.prod(D("x", [2, 3]), axis=5))
reject("pd_op.argmax", [M([2, 3]), M([1], "int64", 2)], {"keepdims": False, "flatten": False, "dtype": "int64"},
       lambda: paddle.argmax(D("x", [2, 3]), axis=2))
reject("pd_op.argmin", [M([2, 3]), M([1], "int64", -3)], {"keepdims": False, "flatten": False, "dtype": "int64"},
       lambda: paddle.argmin(D("x", [2, 3]), axis=-3))
reject("pd_op.argmax", [M([2, 3]), M([1], "int64", 0)], {"keepdims": False, "flatten": False, "dtype": "float32"},
       lambda: P.argmax(D("x", [2, 3]), 0, False, paddle.float32))
reject("pd_op.cumsum", [M([2, 3]), M([1], "int32", 2)], {"flatten": False, "exclusive": False, "reverse": False},
       lambda: paddle.cumsum(D("x", [2, 3]), axis=2))
reject("pd_op.softmax", [M([2, 3])], {"axis": 2}, lambda: F.softmax(D("x", [2, 3]), axis=2))
reject("pd_op.log_softmax", [M([2, 3])], {"axis": -3}, lambda: F.log_softmax(D("x", [2, 3]), axis=-3))
reject("pd_op.logsumexp", [M([2, 3])], {"axis": [2], "keepdim": False, "reduce_all": False},
       lambda: P.logsumexp(D("x", [2, 3]), [2], False, False))
reject("pd_op.one_hot", [M([2], "float32"), M([1], "int32", 3)], {}, lambda: P.one_hot(D("x", [2]), 3))
reject("pd_op.max", [M([0, 3]), M([1], "int64", [0])], {"keepdim": False},
       lambda: paddle.max(D("x", [0, 3]), axis=0))
reject("pd_op.min", [M([2, 0]), M([0], "int64", [])], {"keepdim": False}, lambda: paddle.min(D("x", [2, 0])))
reject("pd_op.sum", [M([]), M([1], "int64", [1])], {"dtype": "Undefined", "keepdim": False},
       lambda: paddle.sum(D("x", []), axis=1))
reject("pd_op.argmax", [M([]), M([1], "int64", 1)], {"keepdims": False, "flatten": False, "dtype": "int64"},
       lambda: paddle.argmax(D("x", []), axis=1))
reject("pd_op.softmax", [M([])], {"axis": 1}, lambda: F.softmax(D("x", []), axis=1))
reject("pd_op.cumsum", [M([]), M([1], "int32", 1)], {"flatten": False, "exclusive": False, "reverse": False},
       lambda: paddle.cumsum(D("x", []), axis=1))
reject("pd_op.logsumexp", [M([2, 3])], {"axis": [1, -1], "keepdim": False, "reduce_all": False},
       lambda: P.logsumexp(D("x", [2, 3]), [1, -1], False, False))


# ---------------------------------------------------------------------------
# machinery
# ---------------------------------------------------------------------------

_DTYPE_NAMES = {DT.FLOAT32: "float32", DT.FLOAT64: "float64", DT.FLOAT16: "float16", DT.BFLOAT16: "bfloat16",
                DT.INT8: "int8", DT.UINT8: "uint8", DT.INT16: "int16", DT.INT32: "int32", DT.INT64: "int64",
                DT.BOOL: "bool", DT.COMPLEX64: "complex64", DT.COMPLEX128: "complex128", DT.UNDEFINED: "Undefined"}
_SKIP_ATTRS = {"op_callstack", "stop_gradient", "persistable", "struct_name", "op_role", "op_namescope",
               "with_quant_attr", "op_device"}


def conv_attr(v: Any) -> Any:
    if isinstance(v, DT):
        return _DTYPE_NAMES[v]
    if type(v).__name__ == "Place":
        s = str(v)
        return s[len("Place("):-1] if s.startswith("Place(") else s
    if isinstance(v, (list, tuple)):
        return [conv_attr(e) for e in v]
    if isinstance(v, (np.integer,)):
        return int(v)
    if isinstance(v, (np.floating,)):
        return float(v)
    if isinstance(v, float) and not np.isfinite(v):
        return repr(v)  # "nan" / "inf" / "-inf": json-safe, decoded by the tests
    return v


def op_attrs(op: Any) -> dict[str, Any]:
    return {k: conv_attr(v) for k, v in op.attrs().items() if k not in _SKIP_ATTRS}


def to_storable(arr: np.ndarray, type_str: str) -> np.ndarray:
    if "xbf16>" in type_str or type_str.endswith("<bf16>"):
        # Paddle hands bfloat16 back as uint16 bit patterns; store the float32 value.
        return (np.asarray(arr).astype(np.uint32) << 16).view(np.float32)
    return np.asarray(arr)


SIGNATURES: dict[str, dict[str, Any]] = {}
ARRAYS: dict[str, np.ndarray] = {}


def record_signature(op: Any) -> None:
    name = op.name()
    sig = {"inputs": list(op.get_input_names()), "attrs": list(op.get_attr_names()),
           "outputs": list(op.get_output_names()),
           "inplace": {str(k): v for k, v in libpaddle.pir.get_op_inplace_info(op).items()}}
    old = SIGNATURES.setdefault(name, sig)
    assert old == sig, (name, old, sig)


def _make_feed_vars(feeds: dict[str, Any]) -> tuple[list[Any], dict[str, np.ndarray]]:
    vars_, feed = [], {}
    for name, v in feeds.items():
        if isinstance(v, tuple) and len(v) == 3 and v[0] is None:
            vars_.append(paddle.static.data(name, v[1], v[2]))
            continue
        arr, shape = (v if isinstance(v, tuple) else (v, list(np.shape(v))))
        vars_.append(paddle.static.data(name, shape, str(arr.dtype)))
        feed[name] = arr
    return vars_, feed


def build_program(c: Case) -> tuple[Any, dict[str, np.ndarray]]:
    if c.legacy:
        with paddle.pir_utils.OldIrGuard():
            main = paddle.static.Program()
            with paddle.static.program_guard(main):
                vars_, feed = _make_feed_vars(c.feeds)
                c.build(*vars_)
            return libpaddle.pir.translate_to_pir(main.desc), feed
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        vars_, feed = _make_feed_vars(c.feeds)
        c.build(*vars_)
    return main, feed


def value_type(v: Any) -> str:
    return str(v.type())


CONST_PRODUCERS = ("pd_op.full", "pd_op.full_int_array", "pd_op.assign_value")


def process(idx: int, c: Case) -> dict[str, Any]:
    prog, feed = build_program(c)
    ops = [op for op in prog.global_block().ops if op.name() == c.op]
    if not ops:
        names = [op.name() for op in prog.global_block().ops]
        raise RuntimeError(f"{c.op}/{c.tag}: op not in program: {names}")
    op = ops[c.index]
    record_signature(op)
    rec: dict[str, Any] = {"op": c.op, "tag": c.tag, "attrs": op_attrs(op), "rtol": c.rtol, "atol": c.atol,
                           "meta_only": c.meta_only, "error": c.error, "note": c.note, "operands": [],
                           "results": []}
    fetch: list[Any] = []
    pending: list[tuple[str, str]] = []  # (npz key, type) per fetched value
    for j in range(op.num_operands()):
        src = op.operand_source(j)
        prod = src.get_defining_op()
        d: dict[str, Any] = {"type": value_type(src), "producer": prod.name()}
        key = f"c{idx}_in{j}"
        if prod.name() == "pd_op.data":
            d["feed"] = prod.attrs()["name"]
            if not c.meta_only:
                ARRAYS[key] = np.asarray(feed[prod.attrs()["name"]])
                d["key"] = key
        elif not c.meta_only:
            d["key"] = key
            fetch.append(src)
            pending.append((key, d["type"]))
        if prod.name() in CONST_PRODUCERS:
            d["producer_attrs"] = op_attrs(prod)
        rec["operands"].append(d)
    for k in range(op.num_results()):
        r = op.result(k)
        t = value_type(r)
        d = {"type": t, "paddle_type": t}
        if c.expect_types is not None:
            d["type"] = c.expect_types[k]
        if not c.meta_only:
            key = f"c{idx}_out{k}"
            d["key"] = key
            fetch.append(r)
            pending.append((key, t))
        rec["results"].append(d)
    if c.meta_only:
        return rec
    exe = paddle.static.Executor(paddle.CPUPlace())
    outs = exe.run(prog, feed=feed, fetch_list=fetch)
    for (key, t), arr in zip(pending, outs, strict=True):
        ARRAYS[key] = to_storable(arr, t)
    return rec


def main() -> None:
    os.makedirs(OUT_DIR, exist_ok=True)
    records = []
    failed = []
    for i, c in enumerate(CASES):
        try:
            records.append(process_error_case(i, c) if c.error else process(i, c))
        except Exception as e:  # noqa: BLE001
            failed.append(f"{c.op}/{c.tag}: {type(e).__name__}: {str(e).strip().splitlines()[0][:160]}")
    if failed:
        print("FAILED CASES:\n  " + "\n  ".join(failed), file=sys.stderr)
        sys.exit(1)
    rejects = []
    for op, metas, attrs, build in REJECTS:
        main_prog = paddle.static.Program()
        try:
            with paddle.static.program_guard(main_prog):
                build()
        except Exception as e:  # noqa: BLE001
            msg = error_line(e)
        else:
            raise RuntimeError(f"expected Paddle to reject {op} {metas} {attrs}")
        rejects.append({"op": op, "operands": metas, "attrs": attrs, "paddle_error": msg})
    doc = {"paddle_version": paddle.__version__, "cases": records, "rejects": rejects,
           "signatures": dict(sorted(SIGNATURES.items()))}
    with open(os.path.join(OUT_DIR, "cases.json"), "w") as fh:
        json.dump(doc, fh, indent=1, sort_keys=False)
        fh.write("\n")
    np.savez_compressed(os.path.join(OUT_DIR, "arrays.npz"), **ARRAYS)
    n_meta = sum(c.meta_only for c in CASES)
    n_err = sum(c.error for c in CASES)
    print(f"{len(records)} cases ({n_meta} meta-only, {n_err} error), {len(rejects)} rejects, "
          f"{len(SIGNATURES)} op signatures -> {OUT_DIR}", file=sys.stderr)


def error_line(e: Exception) -> str:
    lines = [ln.strip() for ln in str(e).strip().splitlines()]
    for ln in lines:
        if re.search(r"Error:|^\(\w+\) ", ln):
            return ln[:200]
    return (lines or [type(e).__name__])[-1][:200]


def process_error_case(idx: int, c: Case) -> dict[str, Any]:
    """Like process(), but Paddle's kernel must fail; non-fed operands are computed by
    running the program up to (not including) the target op."""
    prog, feed = build_program(c)
    op = [o for o in prog.global_block().ops if o.name() == c.op][c.index]
    record_signature(op)
    rec: dict[str, Any] = {"op": c.op, "tag": c.tag, "attrs": op_attrs(op), "rtol": c.rtol, "atol": c.atol,
                           "meta_only": False, "error": True, "note": c.note, "operands": [],
                           "results": [{"type": value_type(op.result(k)), "paddle_type": value_type(op.result(k))}
                                       for k in range(op.num_results())]}
    fetch, keys = [], []
    for j in range(op.num_operands()):
        src = op.operand_source(j)
        prod = src.get_defining_op()
        key = f"c{idx}_in{j}"
        d: dict[str, Any] = {"type": value_type(src), "producer": prod.name(), "key": key}
        if prod.name() == "pd_op.data":
            d["feed"] = prod.attrs()["name"]
            ARRAYS[key] = np.asarray(feed[prod.attrs()["name"]])
        else:
            fetch.append(src)
            keys.append(key)
        if prod.name() in CONST_PRODUCERS:
            d["producer_attrs"] = op_attrs(prod)
        rec["operands"].append(d)
    exe = paddle.static.Executor(paddle.CPUPlace())
    try:
        exe.run(prog, feed=feed, fetch_list=[op.result(0)])
    except Exception as e:  # noqa: BLE001
        rec["paddle_error"] = error_line(e)
    else:
        raise RuntimeError(f"{c.op}/{c.tag}: expected Paddle to reject it")
    if fetch:
        # drop the failing op, then fetch its operands
        op.erase()
        outs = exe.run(prog, feed=feed, fetch_list=fetch)
        for key, arr in zip(keys, outs, strict=True):
            ARRAYS[key] = np.asarray(arr)
    return rec


if __name__ == "__main__":
    main()
