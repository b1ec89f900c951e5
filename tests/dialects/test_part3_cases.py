"""Data-driven checks of the part-3 and part-4 op definitions against values Paddle 3.3.1 computed.

The data comes from ``tests/dialects/gen_part3.py`` and ``gen_part4.py`` (run with Paddle's venv).  For every
recorded case: the registered kernel must reproduce Paddle's results (values, dtype and
shape of what Paddle's executor handed back), the shape rule must predict exactly the
result types Paddle printed, and the OpDef's operand/attribute/result names and inplace
map must be the ones Paddle's op reports.  Every program Paddle refused to build
(``rejects``) must be refused by the shape rule too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pirc.dialects.pd_op  # noqa: F401  (registers every pd_op family)
from tests.dialects.case_args import NP_DTYPES as _NP, arg_decoders, case_ids as _ids, decode  # noqa: F401
from pirc.dialects.opdef import Meta, ShapeError, lookup

#: part 4 (tests/dialects/gen_part4.py: the coverage audit's ops) uses the same machinery and checks
DATA_DIRS = [Path(__file__).parent / "data" / part for part in ("part3", "part4")]
_DOCS = [json.loads((d / "cases.json").read_text()) for d in DATA_DIRS]
CASES: list[dict[str, Any]] = [c for doc in _DOCS for c in doc["cases"]]
REJECTS: list[dict[str, Any]] = [r for doc in _DOCS for r in doc["rejects"]]
ARRAYS: dict[str, np.ndarray] = {}
for _d in DATA_DIRS:
    with np.load(_d / "arrays.npz") as _z:
        ARRAYS.update({k: _z[k] for k in _z.files})

#: ops whose zero signs Paddle's vectorised Eigen path decides by the element's position in
#: the packet (logsigmoid(100) is +0 in a full AVX packet, -0 in the scalar tail)
ZERO_SIGN_FREE = {"pd_op.logsigmoid"}







def attrs_of(c: dict[str, Any]) -> dict[str, Any]:
    return {k: decode(v) for k, v in c["attrs"].items()}




kernel_arg, meta_arg = arg_decoders(ARRAYS)


@pytest.mark.parametrize("c", CASES, ids=_ids)
def test_kernel_matches_paddle(c: dict[str, Any]) -> None:
    op = lookup(c["op"])
    assert op is not None and op.kernel is not None, f"{c['op']} not registered"
    args = [kernel_arg(d) for d in c["operands"]]
    before = [None if a is None else ([x.copy() for x in a] if isinstance(a, list) else a.copy()) for a in args]
    got = op.kernel(args, attrs_of(c))
    want = c["results"]
    assert len(got) == len(want), f"{len(got)} results, Paddle has {len(want)}"
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        exp = ARRAYS[w["key"]]
        assert isinstance(g, np.ndarray), f"result {i} is {type(g).__name__}, not ndarray"
        assert g.dtype == exp.dtype, f"result {i}: dtype {g.dtype}, Paddle's data {exp.dtype}"
        assert g.shape == exp.shape, f"result {i}: shape {g.shape}, Paddle {exp.shape}"
        if g.dtype.kind in "fc":
            np.testing.assert_allclose(g, exp, rtol=c["rtol"], atol=c["atol"], equal_nan=True, err_msg=f"result {i}")
            if c["op"] in ZERO_SIGN_FREE or g.dtype.kind == "c":
                continue
            # the sign of zeros too
            both = (g == 0) & (exp == 0)
            np.testing.assert_array_equal(np.signbit(g[both]), np.signbit(exp[both]), err_msg=f"result {i}: -0.0")
        else:
            np.testing.assert_array_equal(g, exp, err_msg=f"result {i}")
    for a, b in zip(args, before, strict=True):  # kernels must not modify their inputs
        if isinstance(a, np.ndarray):
            np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("c", CASES, ids=_ids)
def test_infer_meta_matches_paddle(c: dict[str, Any]) -> None:
    op = lookup(c["op"])
    assert op is not None and op.infer_meta is not None
    metas = op.infer_meta([meta_arg(d) for d in c["operands"]], attrs_of(c))
    got = [(m.shape, m.dtype) for m in metas]
    exp = [(tuple(w["shape"]), w["dtype"]) for w in c["results"]]
    assert got == exp


_SIGS = {c["op"]: c for c in CASES}


@pytest.mark.parametrize("name", sorted(_SIGS))
def test_signature_matches_paddle(name: str) -> None:
    c = _SIGS[name]
    op = lookup(name)
    assert op is not None
    if c["input_names"] is not None:
        assert [o.rstrip("?").removesuffix("[]") for o in op.operands] == c["input_names"]
        assert [r.removesuffix("[]") for r in op.results] == c["output_names"]
    assert sorted(op.attrs) == sorted(c["attr_names"])
    assert len(op.operands) == len(c["operands"])
    for spec, d in zip(op.operands, c["operands"], strict=True):
        if d["kind"] == "none":
            assert spec.endswith("?"), f"operand {spec} is absent in Paddle's program but not optional"
        if d["kind"] == "list":
            assert spec.rstrip("?").endswith("[]"), f"operand {spec} is a builtin.combine list in Paddle"
    assert dict(op.inplace) == {int(k): v for k, v in c["inplace"].items()}
    assert ("inplace" in op.traits) == bool(c["inplace"])


def _reject_meta(spec: Any) -> Any:
    if spec is None:
        return None
    if len(spec) >= 2 and isinstance(spec[1], str):
        return Meta(tuple(spec[0]), spec[1], spec[2] if len(spec) > 2 else None)
    return [_reject_meta(s) for s in spec]


@pytest.mark.parametrize("r", REJECTS, ids=[f"{r['op'].removeprefix('pd_op.')}-{i}" for i, r in enumerate(REJECTS)])
def test_shape_rule_rejects_what_paddle_rejects(r: dict[str, Any]) -> None:
    op = lookup(r["op"])
    assert op is not None and op.infer_meta is not None
    with pytest.raises(ShapeError):
        op.infer_meta([_reject_meta(s) for s in r["operands"]], {k: decode(v) for k, v in r["attrs"].items()})
