"""Elementwise ops of the spec table: unary math, activations, binary arithmetic,
comparisons, logical and bitwise ops."""

from __future__ import annotations

from specs import F, P, arr, binary, case, inf, kdtypes, nan, np, paddle, unary

SPECIALS = np.array([nan, inf, -inf, 0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0], "float32")

UNARY = {
    # name: (fn, lo, hi)
    "abs": (paddle.abs, -2, 2), "acos": (paddle.acos, -0.95, 0.95), "acosh": (paddle.acosh, 1.05, 4),
    "asin": (paddle.asin, -0.95, 0.95), "asinh": (paddle.asinh, -2, 2), "atan": (paddle.atan, -2, 2),
    "atanh": (paddle.atanh, -0.95, 0.95), "ceil": (paddle.ceil, -3, 3), "cos": (paddle.cos, -3, 3),
    "cosh": (paddle.cosh, -2, 2), "erf": (paddle.erf, -2, 2), "exp": (paddle.exp, -2, 2),
    "expm1": (paddle.expm1, -2, 2), "floor": (paddle.floor, -3, 3), "log": (paddle.log, 0.05, 4),
    "log10": (paddle.log10, 0.05, 4), "log1p": (paddle.log1p, -0.9, 3), "log2": (paddle.log2, 0.05, 4),
    "reciprocal": (paddle.reciprocal, 0.2, 3), "round": (paddle.round, -3, 3), "rsqrt": (paddle.rsqrt, 0.1, 4),
    "sigmoid": (F.sigmoid, -4, 4), "sign": (paddle.sign, -2, 2), "silu": (F.silu, -3, 3),
    "sin": (paddle.sin, -3, 3), "sinh": (paddle.sinh, -2, 2), "sqrt": (paddle.sqrt, 0.0, 4),
    "square": (paddle.square, -3, 3), "tan": (paddle.tan, -1.2, 1.2), "tanh": (paddle.tanh, -3, 3),
    "trunc": (paddle.trunc, -3, 3), "relu": (F.relu, -2, 2), "relu6": (F.relu6, -3, 8),
    "isnan": (paddle.isnan, -2, 2), "isinf": (paddle.isinf, -2, 2), "isfinite": (paddle.isfinite, -2, 2),
    "softsign": (F.softsign, -3, 3), "tanh_shrink": (F.tanhshrink, -3, 3), "logsigmoid": (F.log_sigmoid, -4, 4),
    "mish": (F.mish, -3, 3), "selu": (F.selu, -2, 2), "hardswish": (F.hardswish, -4, 4),
    "hardsigmoid": (F.hardsigmoid, -4, 4), "logical_not": (paddle.logical_not, -1, 1),
    "bitwise_not": (paddle.bitwise_not, -4, 4),
    # missing in pirc at the time of writing (added by the same change)
    "digamma": (paddle.digamma, 0.1, 4), "lgamma": (paddle.lgamma, 0.1, 4), "erfinv": (paddle.erfinv, -0.9, 0.9),
    "i0": (paddle.i0, -3, 3), "i0e": (paddle.i0e, -3, 3), "i1": (paddle.i1, -3, 3), "i1e": (paddle.i1e, -3, 3),
    "gammaln": (paddle.gammaln, 0.1, 4), "rint": (lambda x: P.rint(x), -3, 3),
}

ACTS = {
    # name: [(case name, fn)]
    "leaky_relu": [("default", F.leaky_relu), ("slope0.3", lambda x: F.leaky_relu(x, 0.3))],
    "gelu": [("exact", F.gelu), ("tanh", lambda x: F.gelu(x, approximate=True))],
    "elu": [("default", F.elu), ("alpha0.5", lambda x: F.elu(x, 0.5))],
    "celu": [("default", F.celu), ("alpha2", lambda x: F.celu(x, 2.0))],
    "softplus": [("default", F.softplus), ("beta2_thr1", lambda x: F.softplus(x, 2.0, 1.0))],
    "hardtanh": [("default", F.hardtanh), ("m0.5_1.5", lambda x: F.hardtanh(x, -0.5, 1.5))],
    "softshrink": [("default", F.softshrink), ("thr1", lambda x: F.softshrink(x, 1.0))],
    "hardshrink": [("default", F.hardshrink), ("thr1", lambda x: F.hardshrink(x, 1.0))],
    "thresholded_relu": [("default", F.thresholded_relu), ("thr0.5", lambda x: F.thresholded_relu(x, 0.5))],
    "swish": [("default", lambda x: P.swish(x))],
    "pow": [("y2", lambda x: paddle.pow(x, 2.0)), ("y3", lambda x: paddle.pow(x, 3)),
            ("y0.5", lambda x: paddle.pow(paddle.abs(x), 0.5))],
    "scale": [("s2_b1", lambda x: paddle.scale(x, 2.0, 1.0)),
              ("bias_before", lambda x: paddle.scale(x, 2.0, 1.0, bias_after_scale=False))],
    "clip": [("m1_1", lambda x: paddle.clip(x, -1.0, 1.0)), ("min_only", lambda x: paddle.clip(x, min=0.0))],
    "logit": [("eps0", lambda x: paddle.logit(x)), ("eps0.1", lambda x: paddle.logit(x, 0.1))],
    "stanh": [("default", lambda x: paddle.stanh(x)), ("ab", lambda x: paddle.stanh(x, 0.5, 2.0))],
    "polygamma": [("n1", lambda x: paddle.polygamma(x, 1)), ("n2", lambda x: paddle.polygamma(x, 2))],
    "softmax": [("axis-1", lambda x: F.softmax(x)), ("axis0", lambda x: F.softmax(x, axis=0))],
    "log_softmax": [("axis-1", lambda x: F.log_softmax(x)), ("axis0", lambda x: F.log_softmax(x, axis=0))],
}

BINARY = {
    "add": (paddle.add, {}), "subtract": (paddle.subtract, {}), "multiply": (paddle.multiply, {}),
    "divide": (paddle.divide, dict(ylo=0.5, yhi=3)), "maximum": (paddle.maximum, {}),
    "minimum": (paddle.minimum, {}), "floor_divide": (paddle.floor_divide, dict(ylo=1, yhi=3)),
    "remainder": (paddle.remainder, dict(ylo=1, yhi=3)), "elementwise_pow": (paddle.pow, dict(lo=0.5, hi=2, ylo=-2, yhi=2)),
    "atan2": (paddle.atan2, {}),
    "fmax": (paddle.fmax, {}), "fmin": (paddle.fmin, {}), "heaviside": (paddle.heaviside, {}),
    "copysign": (paddle.copysign, {}), "nextafter": (paddle.nextafter, {}),
}
COMPARE = {
    "equal": paddle.equal, "not_equal": paddle.not_equal, "less_than": paddle.less_than,
    "less_equal": paddle.less_equal, "greater_than": paddle.greater_than, "greater_equal": paddle.greater_equal,
}
LOGICAL = {"logical_and": paddle.logical_and, "logical_or": paddle.logical_or, "logical_xor": paddle.logical_xor}
BITWISE = {"bitwise_and": paddle.bitwise_and, "bitwise_or": paddle.bitwise_or, "bitwise_xor": paddle.bitwise_xor}


def register() -> None:
    for name, (fn, lo, hi) in UNARY.items():
        unary(name, fn, lo, hi, base="int32" if name == "bitwise_not" else "bool" if name == "logical_not" else "float32")
    for name in ("exp", "log", "sqrt", "tanh", "sigmoid", "relu", "abs", "sin", "floor", "round", "sign", "isnan",
                 "isinf", "isfinite", "square", "erf", "log1p", "expm1"):
        case(name, "specials", lambda x, f=UNARY[name][0]: f(x), x=SPECIALS)
    for name, variants in ACTS.items():
        lo, hi = (0.02, 0.98) if name == "logit" else (0.1, 4) if name == "polygamma" else (-3, 3)
        for i, (cname, fn) in enumerate(variants):
            if i == 0:
                unary(name, fn, lo, hi)
                if name not in ("polygamma", "logit"):
                    case(name, "specials", lambda x, f=fn: f(x), x=SPECIALS)
            else:
                case(name, cname, lambda x, f=fn: f(x), x=arr(name, (3, 4), "float32", lo, hi))
    for name, (fn, kw) in BINARY.items():
        binary(name, fn, **kw)
    case("divide", "int_trunc", paddle.divide, x=np.array([7, -7, 7, -7, 0], "int32"),
         y=np.array([2, 2, -2, -2, 3], "int32"))
    case("remainder", "signs", paddle.remainder, x=np.array([7, -7, 7, -7, 6], "int64"),
         y=np.array([3, 3, -3, -3, 3], "int64"))
    case("floor_divide", "signs", paddle.floor_divide, x=np.array([7, -7, 7, -7, 6], "int64"),
         y=np.array([3, 3, -3, -3, 3], "int64"))
    for a, b in (("maximum", paddle.maximum), ("minimum", paddle.minimum), ("fmax", paddle.fmax), ("fmin", paddle.fmin)):
        case(a, "nan", b, x=np.array([nan, 1, nan, -inf, 2], "float32"), y=np.array([1, nan, nan, 0, inf], "float32"))
    for name, fn in COMPARE.items():
        binary(name, fn)
        case(name, "specials", fn, x=SPECIALS, y=np.array([nan, inf, 1, -0.0, 0.0, 1, 2, 0.5, -2.5, inf], "float32"))
    for name, fn in LOGICAL.items():
        binary(name, fn, lo=-1, hi=1, base="bool")
    for name, fn in BITWISE.items():
        binary(name, fn, lo=-8, hi=8, dtypes=("bool", "uint8", "int8", "int16", "int32", "int64"), base="int32")
    for name, fn in (("bitwise_left_shift", paddle.bitwise_left_shift),
                     ("bitwise_right_shift", paddle.bitwise_right_shift)):
        for dt in kdtypes(name):
            case(name, dt, fn, x=arr(name, (3, 4), dt, -20, 20), y=arr(name, (3, 4), dt, 0, 4))
        case(name, "logical", lambda x, y, f=fn: f(x, y, is_arithmetic=False), x=arr(name, (3, 4), "int32", -20, 20),
             y=arr(name, (3, 4), "int32", 0, 4))
        case(name, "broadcast", fn, x=arr(name, (2, 3), "int64", -20, 20), y=arr(name, (3,), "int64", 0, 3))
    # casts
    for src in ("float32", "float64", "int32", "int64", "bool", "float16", "uint8", "int8", "int16"):
        for dst in ("float32", "int64", "bool", "float64", "int32", "float16", "uint8"):
            if src != dst and (src in ("float32", "int32") or dst in ("float32",)):
                case("cast", f"{src}_to_{dst}", lambda x, d=dst: paddle.cast(x, d), x=arr("cast", (3, 4), src, -5, 5))
    case("cast", "zero_size", lambda x: paddle.cast(x, "int32"), x=arr("cast", (0, 2), "float32"))
    case("cast", "specials_to_int32", lambda x: paddle.cast(x, "int32"),
         x=np.array([0.5, -0.5, 1.9, -1.9, 100.7, -3.2], "float32"))
    # where, lerp, addmm-likes
    for dt in kdtypes("where"):
        case("where", dt, lambda c, x, y: paddle.where(c, x, y), c=arr("where", (3, 4), "bool"), x=arr("where", (3, 4), dt),
             y=arr("where", (3, 4), dt))
    case("where", "broadcast", lambda c, x, y: paddle.where(c, x, y), c=arr("where", (3, 1), "bool"), x=arr("where", (3, 4)),
         y=arr("where", (4,)))
    case("where", "zero_size", lambda c, x, y: paddle.where(c, x, y), c=arr("where", (0, 4), "bool"), x=arr("where", (0, 4)),
         y=arr("where", (0, 4)))
    for dt in kdtypes("lerp"):
        case("lerp", dt, lambda x, y, w: paddle.lerp(x, y, w), x=arr("lerp", (3, 4), dt), y=arr("lerp", (3, 4), dt), w=arr("lerp", (3, 4), dt, 0, 1))
    case("lerp", "broadcast", lambda x, y, w: paddle.lerp(x, y, w), x=arr("lerp", (2, 3, 4)), y=arr("lerp", (4,)), w=arr("lerp", (3, 1), "float32", 0, 1))
    case("lerp", "scalar_w", lambda x, y: paddle.lerp(x, y, 0.3), x=arr("lerp", (3, 4)), y=arr("lerp", (3, 4)))
    for dt in kdtypes("isclose"):
        if dt.startswith(("float", "complex")):
            case("isclose", dt, paddle.isclose, x=arr("isclose", (3, 4), dt), y=arr("isclose", (3, 4), dt))
    case("isclose", "near", lambda x, y: paddle.isclose(x, y, rtol=1e-2, atol=1e-3, equal_nan=True),
         x=np.array([1.0, nan, 2.0, inf, 0.0], "float32"), y=np.array([1.005, nan, 2.1, inf, 1e-4], "float32"))
    case("allclose", "near", lambda x, y: paddle.allclose(x, y, rtol=1e-2, atol=1e-3),
         x=np.array([1.0, 2.0, 3.0], "float32"), y=np.array([1.005, 2.01, 3.0], "float32"))
    case("allclose", "far", lambda x, y: paddle.allclose(x, y), x=arr("allclose", (3, 4)), y=arr("allclose", (3, 4)))
    case("allclose", "nan_equal", lambda x, y: paddle.allclose(x, y, equal_nan=True),
         x=np.array([nan, 1.0], "float64"), y=np.array([nan, 1.0], "float64"))
    case("equal_all", "equal", paddle.equal_all, x=np.array([1, 2, 3], "int32"), y=np.array([1, 2, 3], "int32"))
    case("equal_all", "differ", paddle.equal_all, x=arr("equal_all", (3, 4)), y=arr("equal_all", (3, 4)))
    case("equal_all", "shape_differs", paddle.equal_all, x=arr("equal_all", (3, 4)), y=arr("equal_all", (4, 3)))
    # complex helpers
    for name, fn in (("real", paddle.real), ("imag", paddle.imag), ("conj", paddle.conj), ("angle", paddle.angle)):
        for dt in ("complex64", "complex128"):
            case(name, dt, fn, x=arr(name, (3, 4), dt))
        if name in ("conj", "angle"):
            case(name, "float32", fn, x=arr(name, (3, 4)))
    case("complex", "float32", lambda x, y: paddle.complex(x, y), x=arr("complex", (3, 4)), y=arr("complex", (3, 4)))
    case("complex", "broadcast", lambda x, y: paddle.complex(x, y), x=arr("complex", (3, 4), "float64"), y=arr("complex", (4,), "float64"))
    case("as_complex", "float32", paddle.as_complex, x=arr("as_complex", (3, 2)))
    case("as_real", "complex64", paddle.as_real, x=arr("as_real", (3, 4), "complex64"))
    # increment, add_n
    case("increment_", "default", lambda x: paddle.increment(x), x=np.array([3.0], "float32"))
    case("add_n", "three", lambda a, b, c: paddle.add_n([a, b, c]), a=arr("add_n", (3, 4)), b=arr("add_n", (3, 4)),
         c=arr("add_n", (3, 4)))
    case("add_n", "int64", lambda a, b: paddle.add_n([a, b]), a=arr("add_n", (3,), "int64"), b=arr("add_n", (3,), "int64"))
