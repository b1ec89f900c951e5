"""A package is the in-process compiled run, frozen: ``pirc-run DIR`` gives the bits of ``pirc-run --backend
cinn`` on the same model, takes the same path (the ahead-of-time host program where it applies) and
compiles nothing.  Both sides run under the same thread policy (``PIRC_NUM_THREADS=2``): the policy
otherwise follows the cores busy elsewhere, and numpy's BLAS sums in another order with another
thread count (pirc/runtime/threads.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from package_helpers import CORPUS, make_package, model_args, run_package, sh

#: the AOT path (a transformer layer, CNNs through the nn library, an embedding, an encoder), the interpreter's
#: (crnn), and int64 / bool / 0-d / 0-size parameters (export_edges)
MODELS = ["transformer_layer", "lenet", "mobilenet_block", "embedding_model", "ernie_encoder", "export_edges", "crnn"]


def _bits(path: Path) -> dict[str, tuple[str, tuple[int, ...], bytes]]:
    with np.load(path) as z:
        return {k: (str(z[k].dtype), z[k].shape, z[k].tobytes()) for k in z.files}


def _aot(stderr: str) -> str:
    line = next((ln for ln in stderr.splitlines() if ln.startswith("AOT: ")), "")
    return line.split(":")[1].strip().split(" ")[0] if line else "?"  # "used" / "not"


@pytest.mark.parametrize("model", MODELS)
def test_package_gives_the_bits_of_the_in_process_run(model: str, tmp_path: Path) -> None:
    pkg = make_package(model, tmp_path / "m.pkg")
    cache = tmp_path / "empty-cache"
    a = run_package(pkg, model, "--profile", "-o", str(tmp_path / "a.npz"), PIRC_CACHE_DIR=str(cache),
                    PIRC_NUM_THREADS="2")
    assert a.returncode == 0, a.stderr
    params, feeds = model_args(model)
    b = sh("pirc-run", str(CORPUS / model / "program.pir"), *params, *feeds, "--backend", "cinn", "--profile",
           "-o", str(tmp_path / "b.npz"), PIRC_NUM_THREADS="2")
    assert b.returncode == 0, b.stderr
    assert _bits(tmp_path / "a.npz") == _bits(tmp_path / "b.npz")
    assert _aot(a.stderr) == _aot(b.stderr) != "?"
    if _aot(a.stderr) == "used":
        assert "host program frozen in the package" in a.stderr
    assert "nothing compiled" in a.stderr
    assert not list(cache.rglob("*.so"))  # the package run compiled nothing
