"""Rules of the part-3 op definitions that the Paddle-generated data cannot show: pattern
kinds, inplace maps, shape-rule rejections and unknown operands, compile-time vs run-time
sizes of the interpolation ops, kernels never aliasing their inputs, and the accuracy and
speed of the vectorised erf (gelu's exact mode)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import pirc.dialects.pd_op  # noqa: F401
from pirc.dialects.opdef import OP_DEFS, Meta, PatternKind, ShapeError
from pirc.dialects.pd_op.elementwise import erf
from tests.dialects.case_args import m, meta, run

F32 = "float32"
E, R, I, N = PatternKind.ELEMENTWISE, PatternKind.REDUCTION, PatternKind.INJECTIVE, PatternKind.NON_FUSIBLE


# ---------------------------------------------------------------------------
# pattern kinds, traits, inplace maps
# ---------------------------------------------------------------------------

PATTERNS = {
    # reductions (CINN reduce_all / reduce_any / reduce_max / reduce_min; p_norm is pow + sum)
    "all": R, "any": R, "amax": R, "amin": R, "p_norm": R,
    # not CINN ops (shape-only, data-dependent shape, resampling, control flow)
    "numel": N, "nonzero": N, "nearest_interp": N, "bilinear_interp": N, "select_input": N,
    # CINN "reverse" is kInjective; roll and the pads are index maps too
    "flip": I, "roll": I, "pad": I, "pad3d": I,
    # elementwise (CINN kElementWise unary ops, tril, select; activations decomposed by prim)
    **{n: E for n in ("log2", "log10", "round", "trunc", "elu", "celu", "selu", "softplus", "mish", "hardtanh",
                      "logit", "softsign", "tanh_shrink", "logsigmoid", "softshrink", "hardshrink",
                      "thresholded_relu", "tan", "sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh", "atanh",
                      "isnan", "isinf", "isfinite", "logical_xor", "masked_fill", "tril", "triu", "increment",
                      "prelu")},
}
INPLACE = ["log2_", "log10_", "round_", "trunc_", "elu_", "hardtanh_", "logit_", "thresholded_relu_", "tan_",
           "sinh_", "cosh_", "asin_", "acos_", "atan_", "asinh_", "acosh_", "atanh_", "logical_xor_",
           "masked_fill_", "tril_", "triu_", "increment_"]


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_pattern_kind(name: str) -> None:
    op = OP_DEFS[f"pd_op.{name}"]
    assert op.pattern == PATTERNS[name]
    assert "inplace" not in op.traits and not op.inplace and not op.view and "view" not in op.traits


@pytest.mark.parametrize("name", INPLACE)
def test_inplace_variant_follows_its_base(name: str) -> None:
    op, base = OP_DEFS[f"pd_op.{name}"], OP_DEFS[f"pd_op.{name[:-1]}"]
    assert "inplace" in op.traits and dict(op.inplace) == {0: 0}
    assert op.pattern == base.pattern and op.operands == base.operands and op.attrs == base.attrs


# ---------------------------------------------------------------------------
# shape rules: rejections and unknown operands
# ---------------------------------------------------------------------------

INTERP = {"data_format": "NCHW", "out_d": -1, "out_h": 7, "out_w": 9, "scale": [], "interp_method": "bilinear",
          "align_corners": False, "align_mode": 0}

BAD: list[tuple[str, list[Any], dict[str, Any]]] = [
    ("pd_op.select_input", [m(1, dtype="float32"), m(2, 3), m(2, 3)], {}),      # mask must be int32
    ("pd_op.select_input", [m(2, dtype="int32"), m(2, 3), m(2, 3)], {}),        # one element
    ("pd_op.select_input", [m(1, dtype="int32"), m(2, 3), m(2, 3, dtype="int64")], {}),
    ("pd_op.masked_fill", [m(3, 4), m(4, dtype="bool"), m(2)], {}),             # value must broadcast
    ("pd_op.nearest_interp", [m(2, 3), None, None, None], {**INTERP, "interp_method": "nearest"}),
    ("pd_op.bilinear_interp", [m(2, 3, 4, 5), None, None, None], {**INTERP, "scale": [2.0, 0.0]}),
    ("pd_op.all", [m(2, 3, dtype="bool")], {"axis": [-3], "keepdim": False}),
    ("pd_op.p_norm", [m(dtype="float32")], {"porder": 2.0, "axis": 1, "epsilon": 1e-12, "keepdim": False,
                                            "asvector": False}),
    ("pd_op.increment", [m(1, 2)], {"value": 1.0}),
    ("pd_op.roll", [m(3, 4), m(2, dtype="int64")], {"axis": []}),              # shifts length from the type
]


@pytest.mark.parametrize("name,args,attrs", BAD, ids=[f"{b[0].removeprefix('pd_op.')}-{i}" for i, b in enumerate(BAD)])
def test_shape_rules_reject(name: str, args: list[Any], attrs: dict[str, Any]) -> None:
    with pytest.raises(ShapeError):
        meta(name, args, attrs)


def test_unknown_rank_and_unknown_operands() -> None:
    unknown = Meta(None, F32)
    assert meta("pd_op.amax", [unknown], {"axis": [0], "keepdim": False}) == [Meta(None, F32)]
    assert meta("pd_op.all", [Meta(None, "bool")], {"axis": [], "keepdim": True}) == [Meta(None, "bool")]
    assert meta("pd_op.numel", [unknown]) == [Meta((), "int64")]
    assert meta("pd_op.nonzero", [unknown]) == [Meta((-1, -1), "int64")]
    assert meta("pd_op.bilinear_interp", [unknown, None, None, None], INTERP) == [Meta(None, F32)]
    # shifts from a tensor of unknown length: nothing to check
    assert meta("pd_op.roll", [m(3, 4), m(-1, dtype="int64")], {"axis": [0, 1]}) == [Meta((3, 4), F32)]
    # select_input: dims that differ become -1; differing ranks give an unknown rank
    assert meta("pd_op.select_input", [m(dtype="int32"), m(2, -1, 4), m(2, 3, 5)]) == [Meta((2, -1, -1), F32)]
    assert meta("pd_op.select_input", [m(1, dtype="int32"), m(2, 3), m(2, 3, 1)]) == [Meta(None, F32)]
    # increment: Paddle multiplies the dims as they are, so [-1, -1] passes and [-1] fails
    assert meta("pd_op.increment_", [m(-1, -1, dtype="int64")], {"value": 1.0}) == [Meta((-1, -1), "int64")]


def test_interp_compile_time_sizes() -> None:
    x = m(2, 3, 4, 5)
    # out_size is not read at compile time (Python sets the attributes to -1 with it) ...
    got = meta("pd_op.bilinear_interp", [x, m(2, dtype="int32", const=[6, 8]), None, None], INTERP)
    assert got == [Meta((2, 3, 7, 9), F32)]
    # ... but the kernel uses it
    arr = np.random.default_rng(0).standard_normal((2, 3, 4, 5)).astype(np.float32)
    (out,) = run("pd_op.bilinear_interp", [arr, np.array([6, 8], np.int32), None, None], INTERP)
    assert out.shape == (2, 3, 6, 8)
    # scale attribute: int(in * scale) in double, -1 when that is not positive
    got = meta("pd_op.nearest_interp", [m(1, 1, 10, 5), None, None, None],
               {**INTERP, "interp_method": "nearest", "scale": [0.7, 0.1]})
    assert got == [Meta((1, 1, 7, -1), F32)]
    # a scale tensor hides the size
    got = meta("pd_op.nearest_interp", [x, None, None, m(1)], {**INTERP, "interp_method": "nearest"})
    assert got == [Meta((2, 3, -1, -1), F32)]
    # only "NCHW" is channel-first: any other data_format string is channel-last
    got = meta("pd_op.nearest_interp", [m(1, 2, 2, 4, 5), None, None, None],
               {**INTERP, "interp_method": "nearest", "data_format": "NCDHW", "out_d": 3, "out_h": 5, "out_w": 4})
    assert got == [Meta((1, 3, 5, 4, 5), F32)]


def test_interp_runtime_size_rules() -> None:
    x = np.arange(2 * 10 * 10, dtype=np.float32).reshape(1, 2, 10, 10)
    near = {**INTERP, "interp_method": "nearest", "out_h": -1, "out_w": -1}
    # scale attribute (double): 10 * 0.7 -> 7; scale tensor (float32): 10 * 0.7f -> 6
    assert run("pd_op.nearest_interp", [x, None, None, None], {**near, "scale": [0.7, 0.7]})[0].shape == (1, 2, 7, 7)
    assert run("pd_op.nearest_interp", [x, None, None, np.array([0.7], np.float32)], near)[0].shape == (1, 2, 6, 6)
    # size_tensor wins over everything
    got = run("pd_op.nearest_interp", [x, np.array([3, 3], np.int32), [np.array([4], np.int32), np.array([5], np.int32)],
                                       None], {**near, "scale": [2.0, 2.0]})[0]
    assert got.shape == (1, 2, 4, 5)
    # same size: a copy, never a view
    same = run("pd_op.bilinear_interp", [x, None, None, None], {**INTERP, "out_h": 10, "out_w": 10})[0]
    np.testing.assert_array_equal(same, x)
    assert not np.shares_memory(same, x)
    with pytest.raises(ValueError):
        run("pd_op.nearest_interp", [x, None, None, None], {**near, "out_h": 0, "out_w": 3})


def test_interp_align_corners_keeps_the_corners() -> None:
    x = np.random.default_rng(1).standard_normal((1, 1, 4, 6)).astype(np.float32)
    (y,) = run("pd_op.bilinear_interp", [x, None, None, None],
               {**INTERP, "out_h": 7, "out_w": 11, "align_corners": True})
    for a, b in ((0, 0), (0, -1), (-1, 0), (-1, -1)):
        assert y[0, 0, a, b] == x[0, 0, a, b]


# ---------------------------------------------------------------------------
# kernels: copies, semantics not covered by the generated data
# ---------------------------------------------------------------------------

def test_kernels_return_fresh_arrays() -> None:
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    xi = np.arange(6, dtype=np.int64)
    for name, args, attrs in [
        ("pd_op.flip", [x], {"axis": []}),
        ("pd_op.roll", [x, np.array([0], np.int64)], {"axis": [0]}),
        ("pd_op.trunc", [xi], {}),
        ("pd_op.round", [xi], {"decimals": 0}),
        ("pd_op.select_input", [np.array([1], np.int32), x + 1, x], {}),
        ("pd_op.masked_fill", [x, np.zeros(4, bool), np.array(1.0, np.float32)], {}),
        ("pd_op.tril", [x], {"diagonal": 5}),
        ("pd_op.amax", [x[None]], {"axis": [0], "keepdim": False}),
    ]:
        (out,) = run(name, args, attrs)
        for a in args:
            if isinstance(a, np.ndarray):
                assert not np.shares_memory(out, a), name


def test_select_input_picks_the_masked_input() -> None:
    a, b = np.zeros((2, 2), np.float32), np.ones((3,), np.float32)
    assert run("pd_op.select_input", [np.array(0, np.int32), a, b])[0].shape == (2, 2)
    np.testing.assert_array_equal(run("pd_op.select_input", [np.array([1], np.int32), a, b])[0], b)
    for bad in (2, -1):
        with pytest.raises(ValueError):
            run("pd_op.select_input", [np.array([bad], np.int32), a, b])


def test_masked_fill_requires_values_of_x_dtype() -> None:
    with pytest.raises(ValueError):
        run("pd_op.masked_fill", [np.zeros(3, np.int64), np.ones(3, bool), np.array(1.5, np.float32)])


def test_p_norm_fold_semantics() -> None:
    x = np.array([[np.nan, 3.0, 1.0], [3.0, 1.0, np.nan], [1.0, np.nan, 2.0]], np.float32)
    (mx,) = run("pd_op.p_norm", [x], {"porder": math.inf, "axis": 1, "epsilon": 1e-12, "keepdim": False,
                                      "asvector": False})
    np.testing.assert_array_equal(mx, np.array([3.0, np.nan, 2.0], np.float32))
    (z,) = run("pd_op.p_norm", [np.array(-3.0, np.float32)], {"porder": 2.0, "axis": 0, "epsilon": 1e-12,
                                                                 "keepdim": True, "asvector": False})
    assert z.shape == () and z == 0.0  # a 0-D input without asvector reduces over nothing


def test_integer_math_gives_float32_data() -> None:
    x = np.array([1, 8, 0], np.int64)
    for name in ("exp", "log", "log1p", "expm1", "log2", "log10", "sqrt", "sin"):
        (out,) = run(f"pd_op.{name}", [x])
        assert out.dtype == np.float32, name
    # ... while the shape rule keeps the printed (integer) dtype where Paddle prints it
    assert meta("pd_op.log2", [m(3, dtype="int64")]) == [Meta((3,), "int64")]
    (f,) = run("pd_op.floor", [x])
    assert f.dtype == np.int64


# ---------------------------------------------------------------------------
# erf
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 7, 299, 301, 5000, 40000])  # libm path, table path, chunked table path
def test_erf_accuracy_on_every_path(n: int) -> None:
    rng = np.random.default_rng(n)
    xs = np.concatenate([rng.uniform(-7, 7, n), rng.uniform(-1e-3, 1e-3, n // 4)])
    ref = np.array([math.erf(v) for v in xs])
    assert np.max(np.abs(erf(xs) - ref)) < 1e-15
    assert erf(xs.reshape(-1, 1)).shape == (xs.size, 1)


def test_erf_special_values() -> None:
    big = np.full(1000, 0.5)
    for special in (np.nan, np.inf, -np.inf, -0.0, 0.0, 5.93, 6.0, 26.6, -1e300, 5e-324):
        for arr in (np.array([special]), np.concatenate([big, [special]])):
            out = erf(arr)[-1]
            want = math.erf(special) if not np.isnan(special) else np.nan
            assert (np.isnan(out) and np.isnan(want)) or (out == want and np.signbit(out) == np.signbit(want))
    assert erf(np.array(0.25)).shape == () and erf(np.zeros((0, 3))).shape == (0, 3)


