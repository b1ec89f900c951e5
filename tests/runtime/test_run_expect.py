"""pirc-run reads Paddle's .pdiparams and checks results against reference outputs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

BIN = Path(sys.executable).parent
SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _translate(tmp: Path) -> Path:
    out = tmp / "prog.pir"
    subprocess.run([str(BIN / "pirc-translate"), str(SAMPLES / "prog.json"), "-o", str(out)], check=True)
    return out


def test_pdiparams_and_expect_pass(tmp_path: Path) -> None:
    prog = _translate(tmp_path)
    p = subprocess.run([str(BIN / "pirc-run"), str(prog), "--params", str(SAMPLES / "prog.pdiparams"),
                        "--feed", str(SAMPLES / "prog.feeds.npz"), "--expect", str(SAMPLES / "prog.outputs.npz")],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "yes" in p.stderr


def test_expect_catches_a_mismatch(tmp_path: Path) -> None:
    prog = _translate(tmp_path)
    ref = dict(np.load(SAMPLES / "prog.outputs.npz"))
    ref = {k: v + 0.01 for k, v in ref.items()}
    bad = tmp_path / "bad.npz"
    np.savez(bad, **ref)
    p = subprocess.run([str(BIN / "pirc-run"), str(prog), "--params", str(SAMPLES / "prog.pdiparams"),
                        "--feed", str(SAMPLES / "prog.feeds.npz"), "--expect", str(bad)], capture_output=True, text=True)
    assert p.returncode == 1
    assert "do not match the expected outputs" in p.stderr and "Traceback" not in p.stderr
