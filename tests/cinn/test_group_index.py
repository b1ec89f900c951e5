"""Compile once: the group index answers before lowering (pirc/cinn/backend/group_index.py).

A second compile of a program lowers and generates nothing, yet runs to Paddle's numbers;
structurally equal groups of different programs share one entry; a damaged entry is rebuilt.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pirc.cinn.backend import group_index as gi
from pirc.cinn.backend.cache import KernelCache
from pirc.cinn.backend.jit_kernel import uninstall
from pirc.cinn.compiler import compile_program, fuse
from pirc.cinn.lower import op_lower
from pirc.cinn.lower.host import find_groups
from pirc.cinn.lower.op_lower import captured_values
from pirc.runtime import StandaloneExecutor
from pirc.text.parser import parse_program
from tests.conftest import load_npz

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def _run(model: str, cache: KernelCache) -> tuple[dict, object]:
    d = CORPUS / model
    prog = parse_program((d / "program.pir").read_text(), model)
    compiled = compile_program(prog, "c", cache=cache, progress=False)
    try:
        with StandaloneExecutor(compiled.host, params=load_npz(d / "params.npz")) as ex:
            got = ex.run(load_npz(d / "feeds.npz"))
    finally:
        uninstall()
    for name, w in load_npz(d / "outputs.npz").items():
        np.testing.assert_allclose(np.asarray(got[name]), w, rtol=1e-4, atol=1e-5, err_msg=name)
    return got, compiled


@pytest.mark.parametrize("model", ["shape_ops"])
def test_warm_compile_lowers_nothing(model: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIRC_NUM_THREADS", "1")  # lowered in this process
    cache = KernelCache(tmp_path)
    _, cold = _run(model, cache)
    assert cold.compiled > 0 and "lower" in cold.timings
    calls: list[int] = []
    real = op_lower.OpLower.lower
    monkeypatch.setattr(op_lower.OpLower, "lower", lambda self, *a, **k: calls.append(1) or real(self, *a, **k))
    _, warm = _run(model, cache)
    assert calls == [] and warm.compiled == 0 and "lower" not in warm.timings
    assert warm.kernels == cold.kernels and warm.groups == cold.groups


def _keys(model: str, rename: bool = False) -> list[str]:
    text = (CORPUS / model / "program.pir").read_text()
    if rename:  # where an op came from does not change what it computes
        text = text.replace('struct_name:"/', 'struct_name:"/Renamed_1/')
    prog = parse_program(text, model)
    fuse(prog)
    return [gi.group_key(g, captured_values(g.regions[0].block), "c", "cc") for g in find_groups(prog)]


def test_key_is_structural() -> None:
    a, b = _keys("bench_softmax_small"), _keys("bench_softmax_small")
    assert a == b and len(a) >= 1
    assert set(a).isdisjoint(_keys("bench_layernorm_small"))  # other ops, other keys
    assert set(a).isdisjoint(_keys("bench_softmax"))  # same ops, other shapes
    assert _keys("transformer_layer", rename=True) == _keys("transformer_layer")


def test_damaged_entry_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIRC_NUM_THREADS", "1")
    cache = KernelCache(tmp_path)
    _run("mlp", cache)
    entries = list(tmp_path.rglob("*" + gi.EXT))
    assert entries
    for e in entries:
        e.write_bytes(b'{"version": "1", "kernels": [')  # truncated: fails its checksum
    _, again = _run("mlp", cache)
    assert "lower" in again.timings and again.compiled == 0  # relowered; the libraries were still cached


def test_cold_groups_compile_in_worker_processes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIRC_NUM_THREADS", "2")  # two free cores whatever the machine's load
    cache = KernelCache(tmp_path)
    _, cold = _run("transformer_layer", cache)  # outputs checked against Paddle's
    assert any("processes" in k for k in cold.timings) and "lower" not in cold.timings
    assert cold.compiled > 0
    _, warm = _run("transformer_layer", cache)
    assert warm.compiled == 0 and not any("lower" in k for k in warm.timings)
