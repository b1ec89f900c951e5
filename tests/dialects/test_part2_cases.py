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
from tests.dialects.case_args import NP_DTYPES as _NP, arg_decoders, case_ids as _ids, decode  # noqa: F401
from pirc.dialects.opdef import lookup

DATA = Path(__file__).parent / "data" / "part2"
_DOC = json.loads((DATA / "cases.json").read_text())
CASES: list[dict[str, Any]] = _DOC["cases"]
ARRAYS = np.load(DATA / "arrays.npz")







kernel_arg, meta_arg = arg_decoders(ARRAYS)


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
