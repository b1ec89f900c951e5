"""Every long stage of a compiled run shows progress on a terminal (issue 31, item 8): with an empty
cache, compiling the kernels and building the ahead-of-time program showed nothing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from pty_helpers import pty_run

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
CORPUS = ROOT / "tests" / "corpus"


def on_pty(args: list[str], env: dict[str, str]) -> str:
    """Run with stdout and stderr on a pseudo-terminal; the text it wrote there, escapes removed."""
    rc, out = pty_run(args, env, drop=("NO_COLOR", "PIRC_PROGRESS"), timeout=300)
    assert rc == 0, out[-2000:]
    return re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", out.decode(errors="replace"))


def run_args(model: str) -> list[str]:
    return ["pirc-run", str(CORPUS / model / "program.pir"), "--params", str(CORPUS / model / "params.npz"),
            "--feed", str(CORPUS / model / "feeds.npz"), "--backend", "cinn", "-o", os.devnull]


def test_cold_compile_shows_kernels_and_the_ahead_of_time_program(tmp_path: Path) -> None:
    text = on_pty(run_args("transformer_layer"), {"PIRC_CACHE_DIR": str(tmp_path / "cache"), "PIRC_NUM_THREADS": "2"})
    assert re.search(r"lowering and compiling groups \(2 processes\).*\d+/\d+", text), text[-2000:]
    assert "compiling the ahead-of-time host program (cc)" in text, text[-2000:]


def test_cold_compile_in_one_process_shows_the_c_compiler(tmp_path: Path) -> None:
    text = on_pty(run_args("mlp"), {"PIRC_CACHE_DIR": str(tmp_path / "cache"), "PIRC_NUM_THREADS": "1"})
    assert re.search(r"compiling C kernels.*\d+/\d+", text), text[-2000:]


def test_nothing_of_it_when_piped(tmp_path: Path) -> None:
    env = {**os.environ, "PIRC_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("PIRC_PROGRESS", None)
    p = subprocess.run([str(BIN / a) if i == 0 else a for i, a in enumerate(run_args("transformer_layer"))],
                       capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
