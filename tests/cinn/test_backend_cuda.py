"""The compiled path on a GPU (pirc-run --backend cinn --device cuda): every corpus program with
Paddle's outputs, its groups as CUDA kernels that keep their results on the device, on one and on
three streams synchronised through events, matches Paddle.  Skips without an NVIDIA GPU (the same
runtime is exercised on the CPU with a simulated device in tests/runtime/test_streams.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pirc.cinn.backend.cache import KernelCache
from pirc.cinn.backend.jit_kernel import uninstall
from pirc.cinn.backend.launch import cuda_device_available
from pirc.cinn.compiler import compile_program
from pirc.runtime import StandaloneExecutor
from pirc.text.parser import parse_program
from tests.conftest import corpus_models
from tests.conftest import load_npz as _load

pytestmark = pytest.mark.skipif(not cuda_device_available(), reason="needs an NVIDIA GPU and its driver")

MODELS = [m for m in corpus_models() if (m / "outputs.npz").exists()]
BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> KernelCache:
    return KernelCache(tmp_path_factory.mktemp("kernel-cache"))


@pytest.mark.parametrize("streams", [1, 3])
@pytest.mark.parametrize("model", MODELS, ids=[m.name for m in MODELS])
def test_cuda_program_matches_paddle(model: Path, streams: int, cache: KernelCache) -> None:
    prog = parse_program((model / "program.pir").read_text(), str(model / "program.pir"))
    compile_program(prog, "cuda", cache=cache, progress=False)
    try:
        with StandaloneExecutor(prog, params=_load(model / "params.npz"), streams=streams) as ex:
            feeds = _load(model / "feeds.npz")
            runs = [ex.run(feeds), ex.run(feeds)]  # the second run reuses events and pooled memory
    finally:
        uninstall()
    want = _load(model / "outputs.npz")
    for got in runs:
        assert sorted(got) == sorted(want)
        for name, w in want.items():
            g = got[name]
            assert type(g) is np.ndarray and g.shape == w.shape and g.dtype == w.dtype, name
            if w.dtype.kind in "fc":
                np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-5, err_msg=name)
            else:
                np.testing.assert_array_equal(g, w, err_msg=name)


def test_pirc_run_device_cuda_cli(tmp_path: Path) -> None:
    model = Path(__file__).resolve().parents[1] / "corpus" / "transformer_layer"
    cmd = [str(BIN / "pirc-run"), str(model / "program.pir"), "--params", str(model / "params.npz"),
           "--feed", str(model / "feeds.npz"), "--backend", "cinn", "--device", "cuda", "--streams", "2",
           "--expect", str(model / "outputs.npz")]
    p = subprocess.run(cmd, capture_output=True, text=True, env={"PIRC_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert p.returncode == 0, p.stderr
