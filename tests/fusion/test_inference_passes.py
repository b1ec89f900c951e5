"""Paddle Inference's graph passes (pirc/passes/inference.py) against Paddle's numbers.

Every corpus program with Paddle's outputs runs through the ``inference`` pipeline with its
parameter values attached, then the interpreter, and matches Paddle (rtol 1e-4, atol 1e-5);
conv + batch_norm pairs disappear where the corpus has them, and nothing changes the program
where the values are absent.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import pirc.passes.all  # noqa: F401
from pirc.passes.manager import PassManager, parse_pipeline
from pirc.runtime import StandaloneExecutor
from pirc.text.parser import parse_program
from pirc.text.printer import print_program
from tests.conftest import corpus_models, load_npz

MODELS = [m for m in corpus_models() if (m / "outputs.npz").exists()]


def _optimised(model: Path, with_values: bool = True) -> tuple[object, dict, Counter, Counter]:
    prog = parse_program((model / "program.pir").read_text(), str(model / "program.pir"))
    params = load_npz(model / "params.npz")
    if with_values:
        for k, v in params.items():
            if k in prog.parameters:
                prog.parameters[k].value = v
    before = Counter(op.name for op in prog.walk())
    PassManager(parse_pipeline("inference")).run(prog)
    return prog, params, before, Counter(op.name for op in prog.walk())


@pytest.mark.parametrize("model", MODELS, ids=[m.name for m in MODELS])
def test_inference_pipeline_matches_paddle(model: Path) -> None:
    prog, params, before, after = _optimised(model)
    with StandaloneExecutor(prog, params=params) as ex:
        got = ex.run(load_npz(model / "feeds.npz"))
    for name, w in load_npz(model / "outputs.npz").items():
        g = np.asarray(got[name])
        assert g.shape == w.shape and g.dtype == w.dtype, name
        if w.dtype.kind == "f":
            np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-5, err_msg=name)
        else:
            np.testing.assert_array_equal(g, w, err_msg=name)
    assert after["pd_op.dropout"] <= before["pd_op.dropout"]


@pytest.mark.parametrize("name", ["resnet_block", "mobilenet_block"])
def test_conv_batch_norm_folds(name: str) -> None:
    model = Path(__file__).resolve().parents[1] / "corpus" / name
    prog, _, before, after = _optimised(model)
    assert before["pd_op.batch_norm_"] >= 3 and after["pd_op.batch_norm_"] == 0
    assert after["builtin.parameter"] < before["builtin.parameter"]  # filters replaced, stats dropped
    assert any(p.endswith(".bn_folded") for p in prog.parameters)
    assert after["pd_op.reshape"] == 0  # the bias reshapes of parameters were folded too


def test_without_values_only_graph_rewrites_apply() -> None:
    model = Path(__file__).resolve().parents[1] / "corpus" / "resnet_block"
    text = (model / "program.pir").read_text()
    prog, _, before, after = _optimised(model, with_values=False)
    assert after == before and print_program(prog) == text
