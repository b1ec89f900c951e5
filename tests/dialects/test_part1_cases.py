"""Data-driven checks of the part-1 op definitions (elementwise.py, reduce.py,
creation.py) against what Paddle 3.3.1 built and computed.

The data comes from ``tests/dialects/gen_part1.py`` (run with Paddle's venv). For every
recorded case the registered kernel must reproduce Paddle's results (values, dtype,
shape, the sign of zeros), the shape rule must predict exactly the result types Paddle
printed (constant operands get their ``Meta.const`` from the registered shape rule of the
op that produced them), kernels must reject what Paddle's kernels reject, shape rules
must reject what Paddle's infer-meta rejects, and every OpDef must have the operand,
attribute and result names and the inplace map Paddle's op reports.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pirc.dialects.pd_op  # noqa: F401  (registers every pd_op family)
from pirc.dialects.opdef import Meta, PatternKind, ShapeError, lookup
from tests.dialects.case_args import decode

DATA = Path(__file__).parent / "data" / "part1"
_DOC = json.loads((DATA / "cases.json").read_text())
CASES: list[dict[str, Any]] = _DOC["cases"]
REJECTS: list[dict[str, Any]] = _DOC["rejects"]
SIGNATURES: dict[str, dict[str, Any]] = _DOC["signatures"]
ARRAYS = np.load(DATA / "arrays.npz")

PIR_DTYPES = {"f32": "float32", "f64": "float64", "f16": "float16", "bf16": "bfloat16", "i8": "int8",
              "u8": "uint8", "i16": "int16", "i32": "int32", "i64": "int64", "b": "bool",
              "c64": "complex64", "c128": "complex128"}
NUMPY = {"float32": np.float32, "float64": np.float64, "float16": np.float16, "bfloat16": np.float32,
         "int8": np.int8, "uint8": np.uint8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
         "bool": np.bool_}


def parse_type(t: str) -> tuple[tuple[int, ...], str]:
    """``tensor<2x-1x4xf32>`` -> ((2, -1, 4), "float32")."""
    m = re.fullmatch(r"tensor<(.*)>", t)
    assert m, t
    parts = m.group(1).split("x")
    return tuple(int(p) for p in parts[:-1]), PIR_DTYPES[parts[-1]]


def attrs_of(d: dict[str, Any]) -> dict[str, Any]:
    return {k: decode(v) for k, v in d.items()}


def operand_meta(d: dict[str, Any]) -> Meta:
    shape, dtype = parse_type(d["type"])
    const = None
    if "producer_attrs" in d:
        prod = lookup(d["producer"])
        assert prod is not None and prod.infer_meta is not None, d["producer"]
        pm = prod.infer_meta([], attrs_of(d["producer_attrs"]))[0]
        assert (pm.shape, pm.dtype) == (shape, dtype), f"{d['producer']} meta {pm} vs {d['type']}"
        assert pm.const is not None, f"{d['producer']} must set Meta.const"
        const = pm.const
    return Meta(shape, dtype, const)


def ids(c: dict[str, Any]) -> str:
    return f"{c['op'].removeprefix('pd_op.')}-{c['tag']}"


RUN = [c for c in CASES if not c["meta_only"] and not c["error"]]
ERRORS = [c for c in CASES if c["error"]]


def check_array(got: Any, want: np.ndarray, type_str: str, rtol: float, atol: float, what: str) -> None:
    shape, dtype = parse_type(type_str)
    assert isinstance(got, np.ndarray), f"{what}: kernel returned {type(got).__name__}, not an ndarray"
    assert got.shape == want.shape, f"{what}: shape {got.shape}, Paddle {want.shape}"
    assert len(shape) == got.ndim and all(t in (-1, g) for t, g in zip(shape, got.shape, strict=True)), \
        f"{what}: shape {got.shape} does not fit the result type {type_str}"
    assert got.dtype == np.dtype(NUMPY[dtype]), f"{what}: dtype {got.dtype}, Paddle {dtype}"
    if got.dtype.kind == "f":
        np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, equal_nan=True, err_msg=what)
        assert np.array_equal(np.isnan(got), np.isnan(want)), f"{what}: NaN positions differ"
        zero = (want == 0) & (got == 0)
        assert np.array_equal(np.signbit(got[zero]), np.signbit(want[zero])), f"{what}: sign of zero differs"
    else:
        np.testing.assert_array_equal(got, want, err_msg=what)


@pytest.mark.parametrize("case", RUN, ids=ids)
def test_kernel_matches_paddle(case: dict[str, Any]) -> None:
    op = lookup(case["op"])
    assert op is not None and op.kernel is not None, case["op"]
    inputs = [ARRAYS[d["key"]] for d in case["operands"]]
    saved = [a.copy() for a in inputs]
    outs = op.kernel([a for a in inputs], attrs_of(case["attrs"]))
    assert len(outs) == len(case["results"])
    for k, (got, r) in enumerate(zip(outs, case["results"], strict=True)):
        check_array(got, ARRAYS[r["key"]], r["type"], case["rtol"], case["atol"], f"{ids(case)} result {k}")
        for a in inputs:
            assert not np.shares_memory(got, a), f"{ids(case)}: result {k} aliases an input"
    for a, b in zip(inputs, saved, strict=True):
        assert np.array_equal(a, b, equal_nan=a.dtype.kind in "fc"), f"{ids(case)}: kernel modified an input"


@pytest.mark.parametrize("case", [c for c in CASES if not c["error"]], ids=ids)
def test_shape_rule_matches_paddle(case: dict[str, Any]) -> None:
    op = lookup(case["op"])
    assert op is not None and op.infer_meta is not None, case["op"]
    metas = [operand_meta(d) for d in case["operands"]]
    got = op.infer_meta(metas, attrs_of(case["attrs"]))
    want = [parse_type(r["type"]) for r in case["results"]]
    assert [(m.shape, m.dtype) for m in got] == want, f"{ids(case)}: {got} vs Paddle {want}"


@pytest.mark.parametrize("case", ERRORS, ids=ids)
def test_kernel_rejects_like_paddle(case: dict[str, Any]) -> None:
    op = lookup(case["op"])
    assert op is not None and op.kernel is not None
    inputs = [ARRAYS[d["key"]] for d in case["operands"]]
    with pytest.raises((ValueError, ArithmeticError)):
        op.kernel(inputs, attrs_of(case["attrs"]))


@pytest.mark.parametrize("rej", REJECTS, ids=lambda r: f"{r['op'].removeprefix('pd_op.')}-{r['paddle_error'][:40]}")
def test_shape_rule_rejects_like_paddle(rej: dict[str, Any]) -> None:
    op = lookup(rej["op"])
    assert op is not None and op.infer_meta is not None
    metas = [Meta(tuple(m["shape"]), m["dtype"], m["const"]) for m in rej["operands"]]
    with pytest.raises(ShapeError):
        op.infer_meta(metas, rej["attrs"])


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_signature_matches_paddle(name: str) -> None:
    sig = SIGNATURES[name]
    op = lookup(name)
    assert op is not None, f"{name} is not registered"
    assert [o.rstrip("?").removesuffix("[]") for o in op.operands] == sig["inputs"]
    assert list(op.attrs) == sig["attrs"]
    assert list(op.results) == sig["outputs"]
    assert dict(op.inplace) == {int(k): v for k, v in sig["inplace"].items()}
    assert ("inplace" in op.traits) == bool(sig["inplace"])
    assert op.min_operands == len(sig["inputs"])


# CINN OpPatternKind per op (see the module docstrings and the report for the reasoning)
PATTERNS: dict[str, PatternKind] = {
    **{n: PatternKind.ELEMENTWISE for n in [
        "add", "subtract", "multiply", "divide", "floor_divide", "remainder", "maximum", "minimum",
        "elementwise_pow", "pow", "equal", "not_equal", "less_than", "less_equal", "greater_than",
        "greater_equal", "logical_and", "logical_or", "logical_not", "relu", "relu6", "leaky_relu", "sigmoid",
        "tanh", "gelu", "silu", "swish", "hardswish", "hardsigmoid", "exp", "log", "log1p", "expm1", "sqrt",
        "rsqrt", "reciprocal", "square", "abs", "sin", "cos", "erf", "sign", "floor", "ceil", "clip", "scale",
        "cast", "where", "assign", "assign_out_", "full", "full_like", "assign_value", "arange"]},
    **{n: PatternKind.REDUCTION for n in ["sum", "mean", "max", "min", "prod", "logsumexp"]},
    **{n: PatternKind.NON_FUSIBLE for n in ["argmax", "argmin", "softmax", "log_softmax", "cumsum", "shape",
                                            "shape64", "full_int_array", "full_with_tensor"]},
    "one_hot": PatternKind.INJECTIVE,
}


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_pattern_kind(name: str) -> None:
    op = lookup(f"pd_op.{name}")
    assert op is not None
    assert op.pattern == PATTERNS[name]
    inplace = lookup(f"pd_op.{name}_")
    if inplace is not None and name != "assign_out_":
        assert inplace.pattern == op.pattern and inplace.kernel is op.kernel


def test_every_signature_has_a_case() -> None:
    covered = {c["op"] for c in CASES}
    assert set(SIGNATURES) <= covered
    # and every op of the assignment was recorded from Paddle
    assert {f"pd_op.{n}" for n in PATTERNS} <= set(SIGNATURES)
