"""samples/Makefile has true dependencies: after a build `make -q` says up to date, touching one
input rebuilds only its chain, and a deleted side output is rebuilt (grouped targets)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _make(samples: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MAKEFLAGS": ""}
    return subprocess.run(["make", "-C", str(samples), f"PIRC_BIN={Path(sys.executable).parent}",
                           f"OUT={samples.parent / 'out'}", f"CORPUS={ROOT / 'tests' / 'corpus'}", "SAMPLES=mlp",
                           *args], capture_output=True, text=True, env=env, timeout=600)


def test_incremental_rebuild(tmp_path: Path) -> None:
    samples = tmp_path / "samples"
    shutil.copytree(ROOT / "samples", samples)
    built = _make(samples, "-s", "pipeline", "chain")
    assert built.returncode == 0, built.stderr
    assert _make(samples, "-q", "pipeline", "chain").returncode == 0  # up to date
    # touching mlp.pir rebuilds mlp's chain only
    os.utime(samples / "mlp.pir")
    plan = _make(samples, "-n", "pipeline", "chain").stdout
    assert "pirc-opt mlp.pir" in plan and "pirc-lower" in plan and "mlp.cuda.ast" in plan
    assert "prog" not in plan.replace("pipeline.txt", "").replace("prog.c ", "").split("for m in")[0]
    # a deleted side output (the host program pirc-lower writes next to the .ast) is rebuilt by its rule
    assert _make(samples, "-s", "pipeline", "chain").returncode == 0
    (tmp_path / "out" / "prog.host.pir").unlink()
    plan = _make(samples, "-n", "pipeline", "chain").stdout
    assert "--host-out" in plan and "prog.host.pir" in plan
    assert "pirc-translate" not in plan and "pirc-fuse" not in plan
    # the feeds are no input of the pipeline: touching them rebuilds nothing there
    assert _make(samples, "-s", "pipeline", "chain").returncode == 0
    os.utime(samples / "prog.feeds.npz")
    assert _make(samples, "-q", "pipeline", "chain").returncode == 0
