"""Generate expected values for the part-3 pd_op definitions: the ops the corpora use
that parts 1/2 did not define (all, any, amax, amin, numel, p_norm, elu, softplus, mish,
log2, log10, round, trunc, flip, roll, masked_fill, nearest_interp, bilinear_interp,
increment_, select_input) and a few more inference ops (hardtanh, softsign, tanh_shrink,
logit, selu, celu, logsigmoid, softshrink, hardshrink, thresholded_relu, tan, sinh, cosh,
asin, acos, atan, asinh, acosh, atanh, isnan, isinf, isfinite, logical_xor, tril, triu,
nonzero, prelu, pad, pad3d), plus integer inputs of exp/log (float32 data under an integer type).

Run with PaddlePaddle's venv (never imported by pirc or its tests):

    python tests/dialects/gen_part3.py   # python: a venv with paddlepaddle==3.3.1 [op names...]

Every case builds a tiny static PIR program with Paddle's Python API (or, for ops that
only Paddle's ProgramDesc translation emits, a legacy program translated with
``translate_to_pir``), finds the target op and records what Paddle built and computed:

* the op's attributes (float32 attributes rounded the way Paddle prints them),
* each operand: a constant (``pd_op.full`` / ``pd_op.full_int_array``), a tensor (its
  declared type + the value fed or computed), a ``builtin.combine`` list, or absent,
* each result's printed type and the value the executor returned (whose dtype can differ
  from the printed one: Paddle 3.3.1's all/any on non-bool inputs and exp/log/log2/log10
  on integer inputs print the input dtype but hand back bool / float32 data),
* the op's input/attribute/output names and inplace map.

``REJECTS`` lists programs Paddle refuses to build (infer-meta errors); the shape rules
must refuse the same operands.

Output: ``tests/dialects/data/part3/cases.json`` and ``arrays.npz``.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import paddle
from paddle_cases import SKIP_ATTRS, attr_value, describe_operands, dtype_name
import paddle.nn.functional as F
from paddle.base import libpaddle

paddle.enable_static()
P = paddle._pir_ops

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "data", "part3")

rng = np.random.default_rng(3033)
ID_BASE = 0  # first case id (gen_part4.py reuses this machinery with its own ids)
nan, inf = float("nan"), float("inf")


def rnd(*shape: int, dtype: str = "float32", lo: float = -2.0, hi: float = 2.0) -> np.ndarray:
    if dtype.startswith("float"):
        return rng.uniform(lo, hi, size=shape).astype(dtype)
    if dtype == "bool":
        return rng.integers(0, 2, size=shape).astype(bool)
    return rng.integers(int(lo), int(hi) + 1, size=shape).astype(dtype)


@dataclass
class Case:
    op: str
    build: Callable[..., Any]
    feeds: dict[str, Any]
    tag: str = ""
    index: int = -1  # which op of that name in the program
    rtol: float = 1e-5
    atol: float = 1e-6
    legacy: bool = False  # build() appends legacy ops; the ProgramDesc is translated to PIR
    extra: dict[str, Any] = field(default_factory=dict)


CASES: list[Case] = []
_OPTS = ("index", "rtol", "atol", "legacy")


def case(op: str, build: Callable[..., Any], tag: str, **kw: Any) -> None:
    feeds = {k: v for k, v in kw.items() if k not in _OPTS}
    opts = {k: v for k, v in kw.items() if k in _OPTS}
    CASES.append(Case(op, build, feeds, tag, **opts))


def dyn(arr: np.ndarray, shape: list[int]) -> tuple[np.ndarray, list[int]]:
    """Feed `arr` through a data op declared with (partly dynamic) `shape`."""
    return (arr, shape)


SPECIAL = np.array([nan, inf, -inf, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 1e-3, -1e-3, 7.0,
                    -4.0, 20.0, -20.0, 30.0, -30.0, 100.0, -100.0, 0.999, 1e-7, -1e-7, 0.3, -0.7], "float32")
UNIT = np.array([0.0, 1.0, 0.5, 1e-4, 0.9999, 0.25, 0.75, -0.5, 1.5, nan, 1e-3, 0.999], "float32")

# ---------------------------------------------------------------------------
# reductions
# ---------------------------------------------------------------------------

b3 = rnd(2, 3, 4, dtype="bool")
f3 = rnd(2, 3, 4)
f3n = f3.copy()
f3n[0, 1, :] = nan       # a whole row
f3n[1, 0, 3] = nan       # last position
f3n[1, 2, 0] = nan       # first position
f3n[0, 0, 2] = inf
f3n[1, 1, 1] = -inf
for name, fn in (("all", paddle.all), ("any", paddle.any)):
    op = f"pd_op.{name}"
    case(op, lambda x, fn=fn: fn(x, axis=1), "axis1", x=b3)
    case(op, lambda x, fn=fn: fn(x), "all_axes", x=b3)
    case(op, lambda x, fn=fn: fn(x, axis=[-1, 0], keepdim=True), "neg_keepdim", x=b3)
    case(op, lambda x, fn=fn: fn(x, axis=1), "dynamic", x=dyn(rnd(3, 4, 2, dtype="bool"), [-1, 4, 2]))
    case(op, lambda x, fn=fn: fn(x, axis=0), "0d", x=np.array(True))
    case(op, lambda x, fn=fn: fn(x, axis=1), "empty_axis", x=np.zeros((2, 0), bool))
    p = getattr(P, name)
    # non-bool input: the printed type keeps the input dtype, the data are bool
    case(op, lambda x, p=p: p(x, [1], False), "f32_nan", x=np.array([[1, nan, 0], [2, 3, -1], [0, 0, 0]], "float32"))
    case(op, lambda x, p=p: p(x, [], True), "int32", x=rnd(3, 4, dtype="int32", lo=-1, hi=1))

for name, fn in (("amax", paddle.amax), ("amin", paddle.amin)):
    op = f"pd_op.{name}"
    case(op, lambda x, fn=fn: fn(x, axis=2), "nan_inf", x=f3n)
    case(op, lambda x, fn=fn: fn(x, axis=[0, 2], keepdim=True), "two_axes", x=f3n)
    case(op, lambda x, fn=fn: fn(x), "all", x=f3)
    case(op, lambda x, fn=fn: fn(x, axis=-1), "int64", x=rnd(3, 5, dtype="int64", lo=-50, hi=50))
    case(op, lambda x, fn=fn: fn(x, axis=0), "f64", x=rnd(4, 3, dtype="float64"), rtol=1e-12, atol=1e-12)
    case(op, lambda x, fn=fn: fn(x), "0d", x=np.array(2.5, "float32"))
    case(op, lambda x, fn=fn: fn(x, axis=[1]), "dynamic", x=dyn(rnd(2, 3, 4), [-1, 3, -1]))

case("pd_op.numel", lambda x: paddle.numel(x), "basic", x=f3)
case("pd_op.numel", lambda x: paddle.numel(x), "0d", x=np.array(1.0, "float32"))
case("pd_op.numel", lambda x: paddle.numel(x), "empty", x=np.zeros((2, 0, 3), "int64"))
case("pd_op.numel", lambda x: paddle.numel(x), "dynamic", x=dyn(rnd(3, 4, dtype="bool"), [-1, 4]))

pn = rnd(3, 4, 5)
pnz = pn.copy()
pnz[0, :, 1] = 0.0
pnz[2, 3, :] = 0.0
for porder in (2.0, 1.0, 3.0, 0.5, 0.0, inf, -inf, -1.0, -2.5):
    case("pd_op.p_norm", lambda x, p=porder: P.p_norm(x, p, 1, 1e-12, False, False), f"p{porder}", x=pnz)
case("pd_op.p_norm", lambda x: paddle.linalg.norm(x, p=2, axis=-1, keepdim=True), "linalg_norm", x=pn)
case("pd_op.p_norm", lambda x: P.p_norm(x, 2.0, 0, 1e-12, False, True), "asvector", x=pn)
case("pd_op.p_norm", lambda x: P.p_norm(x, 3.0, -1, 1e-12, True, True), "asvector_keepdim", x=pn)
case("pd_op.p_norm", lambda x: P.p_norm(x, 2.0, 0, 1e-12, True, False), "0d", x=np.array(-3.0, "float32"))
case("pd_op.p_norm", lambda x: P.p_norm(x, 2.0, 1, 1e-12, False, False), "f64", x=rnd(3, 4, dtype="float64"),
     rtol=1e-12, atol=1e-12)
case("pd_op.p_norm", lambda x: P.p_norm(x, 1.7, 1, 1e-12, False, False), "f64_float_porder",
     x=rnd(3, 4, dtype="float64"), rtol=1e-14, atol=1e-14)
case("pd_op.p_norm", lambda x: P.p_norm(x, 2.0, 1, 1e-12, False, False), "nan_inf",
     x=np.array([[1, nan, 2], [inf, 1, 0], [0, 0, 0]], "float32"))
case("pd_op.p_norm", lambda x: P.p_norm(x, inf, 1, 1e-12, False, False), "inf_nan",
     x=np.array([[1, nan, 2], [nan, 1, 0], [-5, 0, 0]], "float32"))
case("pd_op.p_norm", lambda x: F.normalize(x, axis=1), "normalize", x=dyn(rnd(2, 6, 5), [-1, 6, 5]))
_pl = rnd(4, 20)
_pl[0, 3] = nan
_pl[1, 19] = nan
_pl[2, [0, 5, 11]] = nan
for p in (inf, -inf):
    case("pd_op.p_norm", lambda x, p=p: P.p_norm(x, p, 1, 1e-12, False, False), f"fold{p}", x=_pl)
case("pd_op.p_norm", lambda x: P.p_norm(x, inf, 0, 1e-12, False, False), "empty", x=np.zeros((0, 3), "float32"))

# ---------------------------------------------------------------------------
# unary math / activations
# ---------------------------------------------------------------------------

UNARY = {
    "log2": paddle.log2, "log10": paddle.log10, "trunc": paddle.trunc, "round": paddle.round,
    "softsign": F.softsign, "tanh_shrink": F.tanhshrink, "logsigmoid": F.log_sigmoid, "tan": paddle.tan,
    "sinh": paddle.sinh, "cosh": paddle.cosh, "asin": paddle.asin, "acos": paddle.acos, "atan": paddle.atan,
    "asinh": paddle.asinh, "acosh": paddle.acosh, "atanh": paddle.atanh, "isnan": paddle.isnan,
    "isinf": paddle.isinf, "isfinite": paddle.isfinite, "elu": F.elu, "celu": F.celu, "selu": F.selu,
    "softplus": F.softplus, "mish": F.mish, "hardtanh": F.hardtanh, "logit": paddle.logit,
    "softshrink": F.softshrink, "hardshrink": F.hardshrink, "thresholded_relu": F.thresholded_relu,
}
INPLACE = ["log2", "log10", "trunc", "round", "tan", "sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh",
           "atanh", "elu", "hardtanh", "logit", "thresholded_relu"]
INPLACE_ARGS = {"round": (0,), "elu": (1.0,), "hardtanh": (-1.0, 1.0), "logit": (0.0,), "thresholded_relu": (1.0, 0.0)}
for name, fn in UNARY.items():
    op = f"pd_op.{name}"
    inp = UNIT if name in ("logit", "asin", "acos", "atanh") else SPECIAL
    case(op, lambda x, fn=fn: fn(x), "specials", x=inp)
    case(op, lambda x, fn=fn: fn(x), "f32", x=rnd(2, 3, 4, lo=-3, hi=3) if name not in ("logit",) else rnd(2, 3, 4, lo=0, hi=1))
    case(op, lambda x, fn=fn: fn(x), "0d", x=np.array(0.625, "float32"))
    case(op, lambda x, fn=fn: fn(x), "f64", x=rnd(3, 4, dtype="float64", lo=-0.99, hi=0.99) if name != "acosh"
         else rnd(3, 4, dtype="float64", lo=1, hi=5), rtol=1e-12, atol=1e-12)
    case(op, lambda x, fn=fn: fn(x), "dynamic", x=dyn(rnd(2, 3, lo=0.01, hi=0.99), [-1, -1]))
    if name in INPLACE:
        fi = getattr(P, name + "_")
        a = INPLACE_ARGS.get(name, ())
        case(op + "_", lambda x, fi=fi, a=a: fi(x, *a), "inplace", x=rnd(2, 3, lo=0.1, hi=0.9))
for name in ("log2", "log10", "exp", "log"):
    f = getattr(P, name)
    case(f"pd_op.{name}", lambda x, f=f: f(x), "int64", x=np.array([1, 2, 8, 0, -3, 100], "int64"))
    case(f"pd_op.{name}", lambda x, f=f: f(x), "int32", x=np.array([[1, 4], [10, 1000]], "int32"))
for name in ("log2", "log10"):
    case(f"pd_op.{name}", lambda x, n=name: getattr(paddle, n)(x), "f16", x=rnd(7, dtype="float16", lo=0.1, hi=9),
         rtol=1e-3, atol=1e-3)
for name in ("trunc", "round"):
    f = getattr(P, name)
    a = (0,) if name == "round" else ()
    case(f"pd_op.{name}", lambda x, f=f, a=a: f(x, *a), "int64", x=rnd(6, dtype="int64", lo=-9, hi=9))
    case(f"pd_op.{name}", lambda x, f=f, a=a: f(x, *a), "int32", x=rnd(6, dtype="int32", lo=-9, hi=9))
for name in ("isnan", "isinf", "isfinite"):
    f = getattr(P, name)
    case(f"pd_op.{name}", lambda x, f=f: f(x), "int64", x=rnd(6, dtype="int64", lo=-9, hi=9))
    case(f"pd_op.{name}", lambda x, f=f: f(x), "f16", x=np.array([nan, inf, -inf, 1.0, 6e4], "float16"))

rounds = np.concatenate([SPECIAL, rnd(200, lo=-1000, hi=1000), rnd(200, lo=-2, hi=2),
                         np.array([0.125, 1.005, 2.675, 0.045, 12.5, -12.5, 125.0, 150.0, 250.0, 1e30, -1e30, 3.4e38],
                                  "float32")])
for d in (1, 2, 3, -1, -2, 5):
    case("pd_op.round", lambda x, d=d: paddle.round(x, decimals=d), f"decimals{d}", x=rounds)
case("pd_op.round", lambda x: paddle.round(x, decimals=2), "decimals2_f64",
     x=rnd(50, dtype="float64", lo=-100, hi=100), rtol=1e-12, atol=1e-12)
case("pd_op.round", lambda x: P.round(x, -1), "int_decimals", x=np.array([15, -25, 7, 5], "int64"))

case("pd_op.elu", lambda x: F.elu(x, alpha=0.5), "alpha0.5", x=SPECIAL)
case("pd_op.elu", lambda x: P.elu(x, -0.5), "alpha_neg", x=SPECIAL)
case("pd_op.celu", lambda x: F.celu(x, alpha=2.0), "alpha2", x=SPECIAL)
case("pd_op.selu", lambda x: F.selu(x, scale=1.5, alpha=2.0), "custom", x=SPECIAL)
case("pd_op.softplus", lambda x: F.softplus(x, beta=2.0, threshold=5.0), "beta2_t5", x=SPECIAL)
case("pd_op.softplus", lambda x: F.softplus(x, beta=-1.0, threshold=3.0), "beta_neg", x=SPECIAL)
case("pd_op.mish", lambda x: F.mish(x), "range", x=np.linspace(-40, 40, 321).astype("float32"))
case("pd_op.mish", lambda x: P.mish(x, 2.0), "lambda2", x=SPECIAL)
case("pd_op.hardtanh", lambda x: F.hardtanh(x, min=-0.25, max=3.0), "custom", x=SPECIAL)
case("pd_op.logit", lambda x: paddle.logit(x, eps=1e-3), "eps", x=UNIT)
case("pd_op.logit", lambda x: paddle.logit(x, eps=0.2), "eps_big", x=np.linspace(-0.5, 1.5, 41).astype("float32"))
case("pd_op.softshrink", lambda x: F.softshrink(x, threshold=1.0), "t1", x=SPECIAL)
case("pd_op.hardshrink", lambda x: F.hardshrink(x, threshold=1.5), "t1.5", x=SPECIAL)
case("pd_op.thresholded_relu", lambda x: F.thresholded_relu(x, threshold=0.5, value=-2.0), "value", x=SPECIAL)

LX = rnd(3, 4, dtype="bool")
case("pd_op.logical_xor", lambda x, y: paddle.logical_xor(x, y), "bool", x=LX, y=rnd(3, 4, dtype="bool"))
case("pd_op.logical_xor", lambda x, y: paddle.logical_xor(x, y), "bcast", x=LX, y=rnd(4, dtype="bool"))
case("pd_op.logical_xor", lambda x, y: P.logical_xor(x, y), "int32", x=rnd(3, 4, dtype="int32", lo=-1, hi=1),
     y=np.array([0, 5, -2, 0], "int32"))
case("pd_op.logical_xor", lambda x, y: P.logical_xor(x, y), "f32_nan", x=np.array([0.0, nan, 2.0, -0.0], "float32"),
     y=np.array([nan, 0.0, 0.0, 0.0], "float32"))
case("pd_op.logical_xor", lambda x, y: paddle.logical_xor(x, y), "dynamic", x=dyn(LX, [-1, 4]), y=rnd(1, 4, dtype="bool"))
case("pd_op.logical_xor_", lambda x, y: P.logical_xor_(x, y), "inplace", x=LX, y=rnd(4, dtype="bool"))

# ---------------------------------------------------------------------------
# manipulation
# ---------------------------------------------------------------------------

m3 = rnd(2, 3, 4)
case("pd_op.flip", lambda x: paddle.flip(x, [0, -1]), "two", x=m3)
case("pd_op.flip", lambda x: paddle.flip(x, [1]), "int64", x=rnd(3, 4, dtype="int64", lo=-9, hi=9))
case("pd_op.flip", lambda x: P.flip(x, []), "none", x=m3)
case("pd_op.flip", lambda x: paddle.flip(x, [1]), "dynamic", x=dyn(rnd(3, 4, 6), [-1, 4, 6]))
case("pd_op.flip", lambda x: paddle.flip(x, 0), "bool", x=rnd(5, dtype="bool"))
# duplicates are checked on the values as given: [1, -1] passes and flips axis 1 once
case("pd_op.flip", lambda x: P.flip(x, [1, -1]), "same_axis_twice", x=m3)

case("pd_op.roll", lambda x: paddle.roll(x, 2), "flat", x=m3)
case("pd_op.roll", lambda x: paddle.roll(x, [1, -2], [0, 2]), "two_axes", x=m3)
case("pd_op.roll", lambda x: paddle.roll(x, -7, -1), "neg_big", x=m3)
case("pd_op.roll", lambda x: paddle.roll(x, [2, 1], [1, 1]), "same_axis", x=m3)
case("pd_op.roll", lambda x, s: paddle.roll(x, s, [1]), "shift_tensor", x=m3, s=np.array([5], "int64"))
case("pd_op.roll", lambda x: paddle.roll(x, 1), "0d", x=np.array(3.0, "float32"))
case("pd_op.roll", lambda x: paddle.roll(x, 3, 2), "dynamic", x=dyn(rnd(3, 4, 6), [-1, 4, 6]))

case("pd_op.masked_fill", lambda x, m: paddle.masked_fill(x, m, 2.0), "bcast_mask", x=m3, m=rnd(3, 1, dtype="bool"))
case("pd_op.masked_fill", lambda x, m: paddle.masked_fill(x, m, -inf), "mask_bigger", x=rnd(3, 4),
     m=rnd(2, 3, 4, dtype="bool"))
case("pd_op.masked_fill", lambda x, m, v: paddle.masked_fill(x, m, v), "value_tensor", x=m3,
     m=rnd(4, dtype="bool"), v=np.array(-1.5, "float32"))
case("pd_op.masked_fill", lambda x, m, v: paddle.masked_fill(x, m, v), "value_1elem", x=m3,
     m=rnd(3, 4, dtype="bool"), v=np.array([7.0], "float32"))
case("pd_op.masked_fill", lambda x, m, v: P.masked_fill(x, m, v), "value_row", x=rnd(3, 4),
     m=rnd(3, 4, dtype="bool"), v=np.array([1.0, 2.0, 3.0, 4.0], "float32"))
case("pd_op.masked_fill", lambda x, m: paddle.masked_fill(x, m, 5), "int64", x=rnd(3, 4, dtype="int64", lo=-9, hi=9),
     m=rnd(3, 4, dtype="bool"))
case("pd_op.masked_fill", lambda x, m: paddle.masked_fill(x, m, 0.5), "dynamic", x=dyn(rnd(2, 3, 4), [-1, 3, 4]),
     m=dyn(rnd(2, 1, 4, dtype="bool"), [-1, 1, 4]))
case("pd_op.masked_fill", lambda x, m: paddle.masked_fill(x, m, 1.0), "dyn_vs_static", x=dyn(rnd(3, 4), [-1, 4]),
     m=rnd(3, 1, dtype="bool"))
case("pd_op.masked_fill_", lambda x, m, v: P.masked_fill_(x, m, v), "inplace", x=rnd(3, 4), m=rnd(4, dtype="bool"),
     v=np.array(9.0, "float32"))

for name in ("tril", "triu"):
    fn = getattr(paddle, name)
    case(f"pd_op.{name}", lambda x, fn=fn: fn(x), "square", x=rnd(4, 4))
    case(f"pd_op.{name}", lambda x, fn=fn: fn(x, 1), "diag1", x=rnd(3, 5))
    case(f"pd_op.{name}", lambda x, fn=fn: fn(x, -2), "batched_neg", x=rnd(2, 4, 3, dtype="int64", lo=1, hi=9))
    case(f"pd_op.{name}", lambda x, fn=fn: fn(x, 10), "far", x=rnd(3, 4, dtype="bool"))
    case(f"pd_op.{name}", lambda x, fn=fn: fn(x), "dynamic", x=dyn(rnd(2, 3, 3), [-1, 3, 3]))
    fi = getattr(P, name + "_")
    case(f"pd_op.{name}_", lambda x, fi=fi: fi(x, 0), "inplace", x=rnd(3, 3))

nz = rnd(3, 4)
nz[rng.random((3, 4)) < 0.5] = 0.0
case("pd_op.nonzero", lambda x: paddle.nonzero(x), "f32", x=nz)
case("pd_op.nonzero", lambda x: paddle.nonzero(x), "bool_1d", x=rnd(7, dtype="bool"))
case("pd_op.nonzero", lambda x: paddle.nonzero(x), "int_3d", x=rnd(2, 3, 2, dtype="int32", lo=-1, hi=1))
case("pd_op.nonzero", lambda x: paddle.nonzero(x), "nan_none", x=np.array([nan, 0.0, -0.0], "float32"))
case("pd_op.nonzero", lambda x: paddle.nonzero(x), "dynamic", x=dyn(rnd(3, 2, dtype="bool"), [-1, 2]))

pimg5 = rnd(2, 3, 3, 4, 5)
case("pd_op.pad3d", lambda x: F.pad(x, [1, 2, 0, 1], value=1.5), "constant_4d", x=rnd(2, 3, 4, 5))
case("pd_op.pad3d", lambda x: F.pad(x, [1, 2, 3, 0, 1, 1], mode="reflect"), "reflect", x=pimg5)
case("pd_op.pad3d", lambda x: F.pad(x, [2, 2, 1, 3, 0, 2], mode="replicate"), "replicate", x=pimg5)
case("pd_op.pad3d", lambda x: F.pad(x, [2, 1, 3, 1, 1, 0], mode="circular"), "circular", x=pimg5)
case("pd_op.pad3d", lambda x: F.pad(x, [1, 2, 3, 4], value=-2.0, data_format="NHWC"), "nhwc", x=rnd(2, 4, 5, 3))
case("pd_op.pad3d", lambda x: F.pad(x, [1, 0, 0, 1], value=1.7), "f64_double_value", x=rnd(1, 1, 2, 2, dtype="float64"),
     rtol=0, atol=0)
case("pd_op.pad3d", lambda x: F.pad(x, [1, 2], mode="reflect", data_format="NCL"), "ncl", x=rnd(2, 3, 5))
case("pd_op.pad3d", lambda x: P.pad3d(x, [-1, 2, 0, -2, 1, 0], "constant", 0.0, "NCDHW"), "negative", x=pimg5)
case("pd_op.pad3d", lambda x, p: P.pad3d(x, p, "constant", 0.25, "NCDHW"), "paddings_tensor", x=pimg5,
     p=np.array([1, 0, 0, 2, 1, 1], "int32"))
case("pd_op.pad3d", lambda x: F.pad(x, [1, 1, 1, 1]), "int64", x=rnd(1, 2, 3, 3, dtype="int64", lo=-9, hi=9))
case("pd_op.pad3d", lambda x: F.pad(x, [0, 1, 1, 0]), "dynamic", x=dyn(rnd(2, 3, 4, 5), [-1, 3, -1, 5]))
case("pd_op.pad", lambda x: F.pad(x, [1, 2, 0, 0, 0, 1], value=0.5), "f32", x=rnd(2, 3, 4))
case("pd_op.pad", lambda x: P.pad(x, [1, 2, 0, 3], 2.7), "int64_trunc", x=rnd(4, 3, dtype="int64", lo=-9, hi=9))
case("pd_op.pad", lambda x: P.pad(x, [1, 2, 0, 0], -1.0), "dynamic", x=dyn(rnd(3, 3), [-1, 3]))
case("pd_op.prelu", lambda x, w: F.prelu(x, w), "channel", x=rnd(2, 3, 4, 5), w=rnd(3))
case("pd_op.prelu", lambda x, w: F.prelu(x, w), "all", x=SPECIAL.reshape(4, 7), w=np.array([0.25], "float32"))
case("pd_op.prelu", lambda x, w: F.prelu(x, w, data_format="NHWC"), "channel_nhwc", x=rnd(2, 4, 5, 3), w=rnd(3))
case("pd_op.prelu", lambda x, w: P.prelu(x, w, "NCHW", "element"), "element", x=rnd(2, 3, 4), w=rnd(1, 3, 4))
case("pd_op.prelu", lambda x, w: F.prelu(x, w), "dynamic_f64", x=dyn(rnd(2, 3, 4, dtype="float64"), [-1, 3, 4]),
     w=rnd(3, dtype="float64"), rtol=1e-12, atol=1e-12)

# ---------------------------------------------------------------------------
# interpolation
# ---------------------------------------------------------------------------

img = rnd(2, 3, 4, 5)
img6 = rnd(1, 2, 6, 6)
B, N_ = P.bilinear_interp, P.nearest_interp
for ac in (False, True):
    for am in (0, 1):
        t = f"ac{int(ac)}_am{am}"
        case("pd_op.bilinear_interp", lambda x, ac=ac, am=am: F.interpolate(x, size=[7, 9], mode="bilinear",
             align_corners=ac, align_mode=am), f"size_{t}", x=img)
        case("pd_op.bilinear_interp", lambda x, ac=ac, am=am: F.interpolate(x, scale_factor=[1.7, 2.3], mode="bilinear",
             align_corners=ac, align_mode=am), f"scale_{t}", x=img)
        case("pd_op.bilinear_interp", lambda x, ac=ac, am=am: F.interpolate(x, size=[3, 2], mode="bilinear",
             align_corners=ac, align_mode=am), f"down_{t}", x=img6)
    case("pd_op.nearest_interp", lambda x, ac=ac: F.interpolate(x, size=[7, 9], mode="nearest", align_corners=ac)
         if not ac else N_(x, None, None, None, "NCHW", -1, 7, 9, [], "nearest", True, 0), f"size_ac{int(ac)}", x=img)
    case("pd_op.nearest_interp", lambda x, ac=ac: N_(x, None, None, None, "NCHW", -1, -1, -1, [1.5, 2.5], "nearest",
                                                     ac, 1), f"scale_ac{int(ac)}", x=img)
    case("pd_op.nearest_interp", lambda x, ac=ac: N_(x, None, None, None, "NCHW", -1, 3, 2, [], "nearest", ac, 1),
         f"down_ac{int(ac)}", x=img6)
case("pd_op.nearest_interp", lambda x: F.interpolate(x, scale_factor=2, mode="nearest"), "corpus_scale2",
     x=dyn(rnd(2, 4, 6, 6), [-1, 4, 6, 6]))
case("pd_op.bilinear_interp", lambda x: F.interpolate(x, size=[9, 9], mode="bilinear", align_corners=False),
     "corpus_9x9", x=dyn(rnd(2, 4, 6, 6), [-1, 4, 6, 6]))
case("pd_op.bilinear_interp", lambda x: F.interpolate(x, scale_factor=[1.5, 2.5], mode="bilinear", data_format="NHWC"),
     "nhwc_scale", x=rnd(2, 4, 5, 3))
case("pd_op.nearest_interp", lambda x: F.interpolate(x, size=[5, 8], mode="nearest", data_format="NHWC"),
     "nhwc_size", x=rnd(2, 4, 5, 3))
case("pd_op.bilinear_interp", lambda x, s: F.interpolate(x, size=s, mode="bilinear"), "out_size_tensor", x=img,
     s=np.array([6, 3], "int32"))
case("pd_op.bilinear_interp", lambda x, s: F.interpolate(x, size=[s, 8], mode="bilinear"), "size_tensor_list", x=img,
     s=np.array([6], "int32"))
case("pd_op.nearest_interp", lambda x, s: F.interpolate(x, scale_factor=s, mode="nearest"), "scale_tensor", x=img,
     s=np.array([2.0, 1.5], "float32"))
case("pd_op.bilinear_interp", lambda x, s: F.interpolate(x, scale_factor=s, mode="bilinear"), "scale_tensor_1", x=img,
     s=np.array([1.5], "float32"))
# out_size overrides the size, but the ratio still comes from the scale attribute
case("pd_op.bilinear_interp", lambda x, s: B(x, s, None, None, "NCHW", -1, -1, -1, [2.0, 2.0], "bilinear", False, 0),
     "out_size_with_scale", x=img, s=np.array([6, 7], "int32"))
case("pd_op.nearest_interp", lambda x, s: N_(x, s, None, None, "NCHW", -1, -1, -1, [1.5, 1.5], "nearest", False, 0),
     "out_size_with_scale", x=img, s=np.array([5, 7], "int32"))
case("pd_op.bilinear_interp", lambda x: F.interpolate(x, size=[4, 5], mode="bilinear", align_corners=True),
     "same_size", x=img)
case("pd_op.bilinear_interp", lambda x: F.interpolate(x, size=[1, 1], mode="bilinear"), "to_1x1", x=img)
case("pd_op.bilinear_interp", lambda x: F.interpolate(x, size=[6, 11], mode="bilinear"), "f64",
     x=rnd(1, 2, 4, 5, dtype="float64"), rtol=1e-13, atol=1e-13)
# the scale attribute is double (10 * 0.7 -> 7); a scale tensor is float32 (10 * 0.7f -> 6)
case("pd_op.bilinear_interp", lambda x: F.interpolate(x, scale_factor=[0.7, 0.7], mode="bilinear"), "scale_double",
     x=dyn(rnd(1, 1, 10, 10), [1, 1, -1, 10]))
case("pd_op.nearest_interp", lambda x, s: F.interpolate(x, scale_factor=s, mode="nearest"), "scale_tensor_float",
     x=rnd(1, 1, 10, 10), s=np.array([0.7, 0.7], "float32"))
case("pd_op.bilinear_interp", lambda x: B(x, None, None, None, "NCHW", -1, 7, 9, [], "bilinear", False, 0), "uint8",
     x=rnd(1, 2, 4, 5, dtype="uint8", lo=0, hi=255))
case("pd_op.nearest_interp", lambda x: N_(x, None, None, None, "NCHW", -1, 7, 9, [], "nearest", False, 0), "int64",
     x=rnd(1, 2, 4, 5, dtype="int64", lo=-99, hi=99))
case("pd_op.bilinear_interp", lambda x: B(x, None, None, None, "NCHW", -1, 7, 9, [], "nearest", False, 0),
     "method_attr_wins", x=img)
case("pd_op.nearest_interp", lambda x: F.interpolate(x, size=[3, 7, 9], mode="nearest"), "5d", x=rnd(1, 2, 2, 4, 5))
case("pd_op.nearest_interp", lambda x: F.interpolate(x, scale_factor=[1.5, 2.0, 0.5], mode="nearest",
                                                      data_format="NDHWC"), "5d_ndhwc", x=rnd(1, 2, 4, 6, 3))
# "NCDHW" in the attribute is treated as channel-last (only "NCHW" is channel-first)
case("pd_op.nearest_interp", lambda x: N_(x, None, None, None, "NCDHW", 3, 5, 4, [], "nearest", False, 0),
     "ncdhw_attr", x=rnd(1, 2, 2, 4, 5))

# ---------------------------------------------------------------------------
# control flow ops from the ProgramDesc translation
# ---------------------------------------------------------------------------

case("pd_op.increment_", lambda x: paddle.increment(x, 3.0), "int64", x=np.array([5], "int64"))
case("pd_op.increment_", lambda x: P.increment_(x, 2.7), "int32_trunc", x=np.array(7, "int32"))
case("pd_op.increment_", lambda x: P.increment_(x, 1.5), "f32_0d", x=np.array(0.25, "float32"))
case("pd_op.increment", lambda x: P.increment(x, -1.0), "f64", x=np.array([[2.5]], "float64"), rtol=1e-12, atol=1e-12)
case("pd_op.increment", lambda x: P.increment(x, 1.7), "f64_float_value", x=np.array([0.0], "float64"), rtol=0, atol=0)
case("pd_op.increment", lambda x: P.increment(x, 1.0), "dynamic", x=dyn(np.array([[4]], "int64"), [-1, -1]))


def _select_input(*xs: Any) -> Any:
    from paddle.static.nn.control_flow import select_input

    *inputs, mask = xs
    return select_input(list(inputs), mask)


SA = rnd(2, 3)
for mv in (0, 1):
    case("pd_op.select_input", _select_input, f"mask{mv}", legacy=True, a=dyn(SA, [-1, 3]), b=rnd(2, 3),
         m=np.array([mv], "int32"))
case("pd_op.select_input", _select_input, "mask_0d_int64", legacy=True, a=rnd(4, dtype="int64", lo=-9, hi=9),
     b=rnd(4, dtype="int64", lo=-9, hi=9), m=np.array(1, "int32"))
case("pd_op.select_input", _select_input, "shapes_differ", legacy=True, a=dyn(rnd(2, 3), [2, -1]),
     b=dyn(rnd(2, 3), [-1, 3]), m=np.array([0], "int32"))


# ---------------------------------------------------------------------------
# programs Paddle refuses to build: (op, operand metas, attrs, build, legacy)
# a meta is [shape, dtype] or [shape, dtype, const]; a vec operand is a list of metas
# ---------------------------------------------------------------------------

def _data(*specs: tuple[list[int], str]) -> list[Any]:
    return [paddle.static.data(f"r{i}", s, d) for i, (s, d) in enumerate(specs)]


REJECTS: list[tuple[str, list[Any], dict[str, Any], Callable[[], Any], bool]] = [
    ("pd_op.all", [[[2, 3], "bool"]], {"axis": [0, 0], "keepdim": False},
     lambda: P.all(*_data(([2, 3], "bool")), [0, 0], False), False),
    ("pd_op.any", [[[2, 3], "bool"]], {"axis": [2], "keepdim": False},
     lambda: P.any(*_data(([2, 3], "bool")), [2], False), False),
    ("pd_op.amax", [[[2, 3], "float32"]], {"axis": [-3], "keepdim": True},
     lambda: P.amax(*_data(([2, 3], "float32")), [-3], True), False),
    ("pd_op.p_norm", [[[2, 3], "float32"]], {"porder": 2.0, "axis": 2, "epsilon": 1e-12, "keepdim": False,
                                             "asvector": False},
     lambda: P.p_norm(*_data(([2, 3], "float32")), 2.0, 2, 1e-12, False, False), False),
    ("pd_op.p_norm", [[[2, 3], "int64"]], {"porder": 2.0, "axis": 1, "epsilon": 1e-12, "keepdim": False,
                                           "asvector": False},
     lambda: P.p_norm(*_data(([2, 3], "int64")), 2.0, 1, 1e-12, False, False), False),
    ("pd_op.flip", [[[3, 4], "float32"]], {"axis": [-3]}, lambda: P.flip(*_data(([3, 4], "float32")), [-3]), False),
    ("pd_op.flip", [[[3, 4], "float32"]], {"axis": [1, 1]}, lambda: P.flip(*_data(([3, 4], "float32")), [1, 1]),
     False),
    ("pd_op.flip", [[[], "float32"]], {"axis": [0]}, lambda: P.flip(*_data(([], "float32")), [0]), False),
    ("pd_op.roll", [[[3, 4], "float32"], [[2], "int64", [1, 2]]], {"axis": []},
     lambda: P.roll(*_data(([3, 4], "float32")), [1, 2], []), False),
    ("pd_op.roll", [[[3, 4], "float32"], [[1], "int64", [1]]], {"axis": [2]},
     lambda: P.roll(*_data(([3, 4], "float32")), [1], [2]), False),
    ("pd_op.roll", [[[3, 4], "float32"], [[2], "int64", [1, 2]]], {"axis": [0]},
     lambda: P.roll(*_data(([3, 4], "float32")), [1, 2], [0]), False),
    ("pd_op.roll", [[[3, 4], "float32"], [[3], "int64"]], {"axis": [0, 1]},
     lambda: P.roll(*_data(([3, 4], "float32"), ([3], "int64")), [0, 1]), False),
    ("pd_op.masked_fill", [[[3, 4], "float32"], [[5, 4], "bool"], [[], "float32"]], {},
     lambda: P.masked_fill(*_data(([3, 4], "float32"), ([5, 4], "bool"), ([], "float32"))), False),
    ("pd_op.tril", [[[3], "float32"]], {"diagonal": 0}, lambda: P.tril(*_data(([3], "float32")), 0), False),
    ("pd_op.triu", [[[], "float32"]], {"diagonal": 0}, lambda: P.triu(*_data(([], "float32")), 0), False),
    ("pd_op.nonzero", [[[], "float32"]], {}, lambda: P.nonzero(*_data(([], "float32"))), False),
    ("pd_op.increment_", [[[2], "int64"]], {"value": 1.0}, lambda: P.increment_(*_data(([2], "int64")), 1.0), False),
    ("pd_op.increment", [[[-1], "float32"]], {"value": 1.0}, lambda: P.increment(*_data(([-1], "float32")), 1.0), False),
]
REJECTS += [
    ("pd_op.pad3d", [[[2, 3, 4, 5], "float32"], [[6], "int64", [1, 1, 1, 1, 1, 1]]],
     {"mode": "constant", "pad_value": 0.0, "data_format": "NCDHW"},
     lambda: P.pad3d(*_data(([2, 3, 4, 5], "float32")), [1, 1, 1, 1, 1, 1], "constant", 0.0, "NCDHW"), False),
    ("pd_op.pad3d", [[[2, 3, 4, 5, 6], "float32"], [[4], "int64", [1, 1, 1, 1]]],
     {"mode": "constant", "pad_value": 0.0, "data_format": "NCDHW"},
     lambda: P.pad3d(*_data(([2, 3, 4, 5, 6], "float32")), [1, 1, 1, 1], "constant", 0.0, "NCDHW"), False),
    ("pd_op.pad", [[[-1, 3], "float32"], [[1], "float32"]], {"paddings": [1, 2]},
     lambda: P.pad(*_data(([-1, 3], "float32")), [1, 2], 0.5), False),
    ("pd_op.pad", [[[4, 3], "float32"], [[1], "float32"]], {"paddings": [1, -1, 0, 0]},
     lambda: P.pad(*_data(([4, 3], "float32")), [1, -1, 0, 0], 0.5), False),
    ("pd_op.prelu", [[[2, 3, 4], "float32"], [[4], "float32"]], {"data_format": "NCHW", "mode": "channel"},
     lambda: P.prelu(*_data(([2, 3, 4], "float32"), ([4], "float32")), "NCHW", "channel"), False),
    ("pd_op.prelu", [[[2, -1, 4], "float32"], [[4], "float32"]], {"data_format": "NCHW", "mode": "channel"},
     lambda: P.prelu(*_data(([2, -1, 4], "float32"), ([4], "float32")), "NCHW", "channel"), False),
    ("pd_op.prelu", [[[2, 3, 4], "float32"], [[2], "float32"]], {"data_format": "NCHW", "mode": "all"},
     lambda: P.prelu(*_data(([2, 3, 4], "float32"), ([2], "float32")), "NCHW", "all"), False),
    ("pd_op.prelu", [[[2, 3, 4], "float32"], [[12], "float32"]], {"data_format": "NCHW", "mode": "element"},
     lambda: P.prelu(*_data(([2, 3, 4], "float32"), ([12], "float32")), "NCHW", "element"), False),
    ("pd_op.prelu", [[[2], "float32"], [[1], "float32"]], {"data_format": "NCHW", "mode": "channel"},
     lambda: P.prelu(*_data(([2], "float32"), ([1], "float32")), "NCHW", "channel"), False),
    ("pd_op.prelu", [[[2, 3], "float32"], [[1], "float32"]], {"data_format": "NCHW", "mode": "bogus"},
     lambda: P.prelu(*_data(([2, 3], "float32"), ([1], "float32")), "NCHW", "bogus"), False),
]
_I = {"data_format": "NCHW", "out_d": -1, "out_h": 7, "out_w": 9, "scale": [], "interp_method": "bilinear",
      "align_corners": False, "align_mode": 0}


def _interp_reject(fn: Any, shape: list[int], attrs: dict[str, Any], extra: list[Any] | None = None) -> Any:
    a = dict(_I, **attrs)
    spec = [[shape, "float32"], None, None, None]
    for i, e in enumerate(extra or []):
        spec[1 + i] = e

    def build() -> Any:
        x = paddle.static.data("r0", shape, "float32")
        ops = [None, None, None]
        for i, e in enumerate(extra or []):
            if e is None:
                continue
            if isinstance(e[0], list) and e and isinstance(e[0][0], list):
                ops[i] = [paddle.static.data(f"s{j}", m[0], m[1]) for j, m in enumerate(e)]
            else:
                ops[i] = paddle.static.data(f"o{i}", e[0], e[1])
        return fn(x, *ops, a["data_format"], a["out_d"], a["out_h"], a["out_w"], a["scale"], a["interp_method"],
                  a["align_corners"], a["align_mode"])

    return spec, a, build


for _fn, _nm, _shape, _attrs, _extra in [
    (P.bilinear_interp, "pd_op.bilinear_interp", [2, 3, 4, 5], {"scale": [2.0]}, None),
    (P.bilinear_interp, "pd_op.bilinear_interp", [2, 3, 4, 5], {"scale": [-1.0, 2.0]}, None),
    (P.bilinear_interp, "pd_op.bilinear_interp", [2, 3, 4, 5], {"interp_method": "linear"}, None),
    (P.bilinear_interp, "pd_op.bilinear_interp", [2, 3, 4], {}, None),
    (P.bilinear_interp, "pd_op.bilinear_interp", [2, 3, 4, 5, 6], {}, None),
    (P.nearest_interp, "pd_op.nearest_interp", [2, 3, 4], {"interp_method": "nearest"}, None),
    (P.nearest_interp, "pd_op.nearest_interp", [2, 3, 4, 5], {"interp_method": "nearest"}, [None, [[[1], "int32"]]]),
    (P.nearest_interp, "pd_op.nearest_interp", [2, 3, 4, 5], {"interp_method": "nearest"}, [None, None, [[3], "float32"]]),
]:
    _spec, _a, _build = _interp_reject(_fn, _shape, _attrs, _extra)
    REJECTS.append((_nm, _spec, _a, _build, False))


def _select3() -> Any:
    xs = _data(([2, 3], "float32"), ([2, 3], "float32"), ([2, 3], "float32"), ([1], "int32"))
    return _select_input(*xs)


REJECTS.append(("pd_op.select_input", [[[1], "int32"], [[2, 3], "float32"], [[2, 3], "float32"],
                                       [[2, 3], "float32"]], {}, _select3, True))


# ---------------------------------------------------------------------------
# machinery
# ---------------------------------------------------------------------------



def build_program(c: Case) -> tuple[Any, dict[str, np.ndarray]]:
    feed: dict[str, np.ndarray] = {}

    def make_vars() -> list[Any]:
        vs = []
        for name, spec in c.feeds.items():
            arr, decl = spec if isinstance(spec, tuple) else (spec, list(spec.shape))
            vs.append(paddle.static.data(name, decl, str(arr.dtype)))
            feed[name] = arr
        return vs

    if c.legacy:
        with paddle.pir_utils.OldIrGuard():
            main = paddle.static.Program()
            with paddle.static.program_guard(main):
                c.build(*make_vars())
            return libpaddle.pir.translate_to_pir(main.desc), feed
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        c.build(*make_vars())
    return main, feed


def names_of(op: Any) -> dict[str, Any]:
    try:
        return {"input_names": op.get_input_names(), "attr_names": op.get_attr_names(),
                "output_names": op.get_output_names(),
                "inplace": {str(k): v for k, v in libpaddle.pir.get_op_inplace_info(op).items()}}
    except ValueError:  # ops without OpYamlInfoInterface (select_input)
        return {"input_names": None, "attr_names": sorted(k for k in op.attrs() if k not in SKIP_ATTRS),
                "output_names": None, "inplace": {}}


def run_case(ci: int, c: Case, arrays: dict[str, np.ndarray]) -> dict[str, Any]:
    main, feed = build_program(c)
    ops = [op for op in main.global_block().ops if op.name() == c.op]
    if not ops:
        raise RuntimeError(f"case {c.op}/{c.tag}: op not emitted; program:\n{main}")
    op = ops[c.index]
    prefix = f"c{ci}"
    fetch: list[Any] = []
    fetch_keys: list[str] = []
    operands = describe_operands(op, prefix, feed, arrays, fetch, fetch_keys)

    results = []
    for ri in range(op.num_results()):
        r = op.result(ri)
        key = f"{prefix}_out{ri}"
        results.append({"shape": [int(s) for s in r.shape], "dtype": dtype_name(r.dtype), "key": key})
        fetch.append(r)
        fetch_keys.append(key)

    attrs = {k: attr_value(v) for k, v in sorted(op.attrs().items()) if k not in SKIP_ATTRS}
    exe = paddle.static.Executor(paddle.CPUPlace())
    outs = exe.run(main, feed={k: v.copy() for k, v in feed.items()}, fetch_list=fetch)
    for key, val in zip(fetch_keys, outs, strict=True):
        arrays[key] = np.asarray(val)
    return {"id": prefix, "op": c.op, "tag": c.tag, "attrs": attrs, "operands": operands, "results": results,
            "rtol": c.rtol, "atol": c.atol, "legacy": c.legacy, **names_of(op)}


def error_line(e: Exception) -> str:
    lines = [ln.strip() for ln in str(e).strip().splitlines() if ln.strip()]
    for ln in lines:
        if ln.startswith("(") and ")" in ln[:25]:
            return ln[:200]
    return (lines or [type(e).__name__])[0][:200]


def run_reject(op: str, metas: list[Any], attrs: dict[str, Any], build: Callable[[], Any], legacy: bool) -> dict[str, Any]:
    try:
        if legacy:
            with paddle.pir_utils.OldIrGuard():
                main = paddle.static.Program()
                with paddle.static.program_guard(main):
                    build()
                libpaddle.pir.translate_to_pir(main.desc)
        else:
            main, startup = paddle.static.Program(), paddle.static.Program()
            with paddle.static.program_guard(main, startup):
                build()
    except Exception as e:  # noqa: BLE001
        return {"op": op, "operands": metas, "attrs": {k: attr_value(v) for k, v in attrs.items()},
                "paddle_error": error_line(e)}
    raise RuntimeError(f"expected Paddle to reject {op} {metas} {attrs}")


def main() -> None:
    only = set(sys.argv[1:])
    arrays: dict[str, np.ndarray] = {}
    out = []
    failed = []
    for ci, c in enumerate(CASES, start=ID_BASE):
        if only and c.op not in only:
            continue
        try:
            out.append(run_case(ci, c, arrays))
        except Exception as e:  # noqa: BLE001
            failed.append(f"{c.op}/{c.tag}: {type(e).__name__}: {error_line(e)}")
    rejects = []
    for r in REJECTS:
        if only and r[0] not in only:
            continue
        try:
            rejects.append(run_reject(*r))
        except Exception as e:  # noqa: BLE001
            failed.append(f"reject {r[0]} {r[2]}: {type(e).__name__}: {error_line(e)}")
    if failed:
        print("FAILED:\n  " + "\n  ".join(failed), file=sys.stderr)
        sys.exit(1)
    os.makedirs(OUT_DIR, exist_ok=True)
    with open(os.path.join(OUT_DIR, "cases.json"), "w") as f:
        json.dump({"paddle_version": paddle.__version__, "cases": out, "rejects": rejects}, f, indent=1,
                  sort_keys=True)
        f.write("\n")
    np.savez_compressed(os.path.join(OUT_DIR, "arrays.npz"), **arrays)
    print(f"{len(out)} cases, {len(rejects)} rejects, {len(arrays)} arrays")


if __name__ == "__main__":
    main()
