"""Models exported with ``paddle.jit.save`` (tests/translate/generate_jit.py): translated and run
with Paddle's outputs, on both backends.

``lstm_bidirect`` holds a parameter the export marks non-persistable (an rnn's dropout state):
``model.pdiparams`` does not hold it, and Paddle's executor creates it; pirc read the file as if it
did (``stream ended before tensor``) and then refused to run without it (issue 29)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).resolve().parent / "jit"
BIN = Path(sys.executable).parent


def _run(args: list[str], tmp: Path, backend: str) -> dict[str, np.ndarray]:
    out = tmp / f"{backend}.npz"
    r = subprocess.run([str(BIN / "pirc-run"), *args, "--backend", backend, "-o", str(out)], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    with np.load(out) as z:
        return {k: z[k] for k in z.files}


@pytest.mark.parametrize("backend", ["interp", "cinn"])
def test_non_persistable_parameter_is_created_not_read(tmp_path: Path, backend: str) -> None:
    d = HERE / "lstm_bidirect"
    want = np.load(d / "outputs.npz")["y"]
    # the exported files as they are, and through pirc-translate's .pir and .npz
    got = _run([str(d / "model.json"), "--params", str(d / "model.pdiparams"), "--feed", str(d / "feeds.npz")],
               tmp_path, backend)
    np.testing.assert_allclose(next(iter(got.values())), want, rtol=1e-5, atol=1e-6)
    pir, npz = tmp_path / "m.pir", tmp_path / "p.npz"
    r = subprocess.run([str(BIN / "pirc-translate"), str(d / "model.json"), "--params", str(d / "model.pdiparams"),
                        "--params-out", str(npz), "-o", str(pir)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "persistable:[false]" in pir.read_text()
    with np.load(npz) as z:
        assert not [k for k in z.files if "non_persistable" in k]  # not in the file: created at run time
    got = _run([str(pir), "--params", str(npz), "--feed", str(d / "feeds.npz")], tmp_path, backend)
    np.testing.assert_allclose(next(iter(got.values())), want, rtol=1e-5, atol=1e-6)


def test_a_persistable_parameter_is_still_required(tmp_path: Path) -> None:
    d = HERE / "lstm_bidirect"
    pir, npz = tmp_path / "m.pir", tmp_path / "p.npz"
    subprocess.run([str(BIN / "pirc-translate"), str(d / "model.json"), "--params", str(d / "model.pdiparams"),
                    "--params-out", str(npz), "-o", str(pir)], check=True, capture_output=True, timeout=120)
    with np.load(npz) as z:
        kept = {k: z[k] for k in z.files if k != "linear_0.w_0"}
    np.savez(tmp_path / "less.npz", **kept)
    r = subprocess.run([str(BIN / "pirc-run"), str(pir), "--params", str(tmp_path / "less.npz"), "--feed",
                        str(d / "feeds.npz")], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "no value for parameter 'linear_0.w_0'" in r.stderr, r.stderr
