"""Every corpus program (tests/corpus/<model>/ with program.pir and outputs.npz) runs
and matches PaddlePaddle's outputs: rtol 1e-4 / atol 1e-5 for floats, exact for
integers and bools.  Each model runs with one thread and with two; both must
agree exactly.  A model that needs a kernel pirc does not have yet is an xfail
naming the op."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pirc.ir.verifier import verify
from pirc.runtime import StandaloneExecutor
from rt_helpers import corpus_models, parse
from tests.conftest import load_npz as _load

MODELS = corpus_models()

def compare(got: dict[str, Any], want: dict[str, np.ndarray]) -> list[str]:
    problems = []
    for name, w in want.items():
        if name not in got:
            problems.append(f"{name}: missing from the results {sorted(got)}")
            continue
        g = np.asarray(got[name])
        if g.shape != w.shape:
            problems.append(f"{name}: shape {list(g.shape)}, Paddle gives {list(w.shape)}")
            continue
        if g.dtype != w.dtype:
            problems.append(f"{name}: dtype {g.dtype}, Paddle gives {w.dtype}")
            continue
        if w.dtype.kind in "fc":
            if not np.allclose(g, w, rtol=1e-4, atol=1e-5, equal_nan=True):
                err = np.abs(g.astype(np.float64) - w.astype(np.float64))
                problems.append(f"{name}: max abs diff {np.nanmax(err):.3g}")
        elif not np.array_equal(g, w):
            problems.append(f"{name}: {int((g != w).sum())} of {w.size} values differ")
    return problems


def _params(model: Path) -> dict[str, np.ndarray]:
    p = model / "params.npz"
    return _load(p) if p.exists() else {}


def _feeds(model: Path) -> dict[str, np.ndarray]:
    p = model / "feeds.npz"
    return _load(p) if p.exists() else {}


@pytest.mark.skipif(not MODELS, reason="no corpus in tests/corpus")
@pytest.mark.parametrize("model", MODELS, ids=[m.name for m in MODELS])
def test_corpus_model_matches_paddle(model: Path) -> None:
    prog = parse((model / "program.pir").read_text(), str(model / "program.pir"))
    want = _load(model / "outputs.npz")
    feeds = _feeds(model)
    results = {}
    for threads in (1, 2):
        with StandaloneExecutor(prog, threads=threads, params=_params(model)) as ex:
            results[threads] = ex.run(feeds)
            # a second run reuses the Build phase and gives the same answers
            again = ex.run(feeds)
            assert ex.interpreter.build_count == 1
            assert not compare(again, {k: np.asarray(v) for k, v in results[threads].items()})
    problems = compare(results[1], want)
    assert not problems, f"{model.name}: " + "; ".join(problems)
    for k, v in results[1].items():
        np.testing.assert_array_equal(np.asarray(results[2][k]), np.asarray(v), err_msg=f"threads=2 differs: {k}")
    meta = json.loads((model / "meta.json").read_text())
    if meta.get("fetches"):
        assert list(results[1]) == meta["fetches"]  # in col order


@pytest.mark.skipif(not MODELS, reason="no corpus in tests/corpus")
@pytest.mark.parametrize("model", MODELS, ids=[m.name for m in MODELS])
def test_corpus_model_verifies(model: Path) -> None:
    """pirc-run verifies before it runs: the corpus programs must pass the verifier."""
    prog = parse((model / "program.pir").read_text(), str(model / "program.pir"))
    diags = verify(prog)
    assert not diags, "\n".join(d.render() for d in diags)


@pytest.mark.skipif(not MODELS, reason="no corpus in tests/corpus")
@pytest.mark.parametrize("model", MODELS, ids=[m.name for m in MODELS])
def test_fused_corpus_model_matches_paddle(model: Path) -> None:
    """After the CINN front end (pirc-opt --build-cinn), the interpreter runs the
    cinn_op.group regions op by op (GroupInstruction) and still matches Paddle."""
    import pirc.passes.all  # noqa: F401
    from pirc.passes.manager import PIPELINES, PassManager, parse_pipeline

    if "build_cinn" not in PIPELINES:
        pytest.skip("the build_cinn pipeline is not available")
    prog = parse((model / "program.pir").read_text(), str(model / "program.pir"))
    PassManager(parse_pipeline("build_cinn")).run(prog)
    with StandaloneExecutor(prog, threads=1, params=_params(model)) as ex:
        got = ex.run(_feeds(model))
    problems = compare(got, _load(model / "outputs.npz"))
    assert not problems, f"{model.name} (fused): " + "; ".join(problems)
