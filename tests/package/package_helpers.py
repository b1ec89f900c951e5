"""Shared by tests/package: making a package of a corpus model and running it, as a user does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pirc.cinn.backend.compile_c import ISA_LEVELS

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"
BIN = Path(sys.executable).parent

#: PIRC_CPU_FLAGS of a CPU with exactly one x86-64 level (the loader's test hook)
LEVEL_FLAGS = {level: " ".join(sorted(flags)) for level, flags in ISA_LEVELS.items()}


def env(**extra: str) -> dict[str, str]:
    e = {**os.environ, "PIRC_PROGRESS": "0", "NO_COLOR": "1"}
    e.pop("PIRC_CPU_FLAGS", None)
    e.update(extra)
    return e


def sh(*args: str, cwd: Path | None = None, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / args[0]), *args[1:]], capture_output=True, text=True, cwd=cwd, env=env(**extra),
                          timeout=600)


def model_args(model: str) -> tuple[list[str], list[str]]:
    """(the --params arguments, the --feed arguments) of a corpus model."""
    d = CORPUS / model
    params = ["--params", str(d / "params.npz")] if (d / "params.npz").exists() else []
    return params, ["--feed", str(d / "feeds.npz")]


def make_package(model: str, out: Path, *extra: str) -> Path:
    """``pirc-compile`` the corpus model into ``out`` (its host program frozen for the model's feeds)."""
    params, feeds = model_args(model)
    r = sh("pirc-compile", str(CORPUS / model / "program.pir"), *params, *feeds, "-o", str(out), "--force", *extra)
    assert r.returncode == 0, r.stderr
    return out


def run_package(pkg: Path, model: str, *extra: str, **env_extra: str) -> subprocess.CompletedProcess[str]:
    _, feeds = model_args(model)
    return sh("pirc-run", str(pkg), *feeds, *extra, **env_extra)
