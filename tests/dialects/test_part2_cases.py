"""Data-driven checks of the part-2 op definitions against values Paddle 3.3.1 computed.

The data comes from ``tests/dialects/gen_part2.py`` (run with Paddle's venv).  For every
recorded case: the registered kernel must reproduce Paddle's results (values, dtype,
shape), the shape rule must predict exactly the result types Paddle printed, and the
OpDef's operand/attribute/result names must be the ones Paddle's op reports.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pirc.dialects.pd_op  # noqa: F401  (registers every pd_op family)
from pirc.dialects.opdef import Meta, lookup

DATA = Path(__file__).parent / "data" / "part2"
_DOC = json.loads((DATA / "cases.json").read_text())
CASES: list[dict[str, Any]] = _DOC["cases"]
ARRAYS = np.load(DATA / "arrays.npz")

_NP = {"float32": np.float32, "float64": np.float64, "float16": np.float16, "int32": np.int32,
       "int64": np.int64, "int16": np.int16, "int8": np.int8, "uint8": np.uint8, "bool": np.bool_}


def _ids(c: dict[str, Any]) -> str:
    return f"{c['op'].removeprefix('pd_op.')}-{c['tag']}"


def _const_array(d: dict[str, Any]) -> np.ndarray:
    dt = _NP[d["dtype"]]
    if d["op"] == "pd_op.full_int_array":
        return np.array(d["value"], dtype=dt).reshape(d["shape"])
    return np.full(d["shape"], d["value"], dtype=dt)


def kernel_arg(d: dict[str, Any]) -> Any:
    kind = d["kind"]
    if kind == "none":
        return None
    if kind == "list":
        return [kernel_arg(e) for e in d["items"]]
    if kind == "const":
        return _const_array(d)
    return ARRAYS[d["key"]].copy()


def meta_arg(d: dict[str, Any]) -> Any:
    kind = d["kind"]
    if kind == "none":
        return None
    if kind == "list":
        return [meta_arg(e) for e in d["items"]]
    if kind == "const":
        # full_int_array constants as a list, full constants as an ndarray: both forms occur.
        const = list(d["value"]) if d["op"] == "pd_op.full_int_array" else _const_array(d)
        return Meta(tuple(d["shape"]), d["dtype"], const)
    return Meta(tuple(d["shape"]), d["dtype"])


def flat_results(c: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for r in c["results"]:
        out.extend(r["vec"] if "vec" in r else [r])
    return out


@pytest.mark.parametrize("c", CASES, ids=_ids)
def test_kernel_matches_paddle(c: dict[str, Any]) -> None:
    op = lookup(c["op"])
    assert op is not None and op.kernel is not None, f"{c['op']} not registered"
    args = [kernel_arg(d) for d in c["operands"]]
    before = [None if a is None else (list(a) if isinstance(a, list) else a.copy()) for a in args]
    got = op.kernel(args, c["attrs"])
    want = flat_results(c)
    assert len(got) == len(want), f"{len(got)} results, Paddle has {len(want)}"
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        assert isinstance(g, np.ndarray), f"result {i} is {type(g).__name__}, not ndarray"
        assert str(g.dtype) == w["dtype"], f"result {i}: dtype {g.dtype}, Paddle {w['dtype']}"
        if not w["check"]:
            continue
        exp = ARRAYS[w["key"]]
        assert g.shape == exp.shape, f"result {i}: shape {g.shape}, Paddle {exp.shape}"
        if g.dtype.kind == "f":
            np.testing.assert_allclose(g, exp, rtol=c["rtol"], atol=c["atol"], equal_nan=True,
                                       err_msg=f"result {i}")
        else:
            np.testing.assert_array_equal(g, exp, err_msg=f"result {i}")
    # kernels must not modify their inputs
    for a, b in zip(args, before, strict=True):
        if isinstance(a, np.ndarray):
            np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("c", CASES, ids=_ids)
def test_infer_meta_matches_paddle(c: dict[str, Any]) -> None:
    op = lookup(c["op"])
    assert op is not None and op.infer_meta is not None
    metas = op.infer_meta([meta_arg(d) for d in c["operands"]], c["attrs"])
    want = flat_results(c)
    got = [(m.shape, m.dtype) for m in metas]
    exp = [(tuple(w["shape"]), w["dtype"]) for w in want]
    assert got == exp


_SIGS = {c["op"]: c for c in CASES}


@pytest.mark.parametrize("name", sorted(_SIGS))
def test_signature_matches_paddle(name: str) -> None:
    c = _SIGS[name]
    op = lookup(name)
    assert op is not None
    assert [o.rstrip("?").removesuffix("[]") for o in op.operands] == c["input_names"]
    assert sorted(op.attrs) == sorted(c["attr_names"])
    assert [r.removesuffix("[]") for r in op.results] == c["output_names"]
    assert len(op.operands) == len(c["operands"])
    for spec, d in zip(op.operands, c["operands"], strict=True):
        if d["kind"] == "none":
            assert spec.endswith("?"), f"operand {spec} is absent in Paddle's program but not optional"
        if d["kind"] == "list":
            assert spec.endswith("[]"), f"operand {spec} is a builtin.combine list in Paddle"
