"""A small lit: every ``*.pir`` file under tests/lit is a test made of its ``// RUN:`` lines.

Substitutions as in LLVM's lit: ``%s`` (this file), ``%t`` (a temporary path),
``%S`` (this file's folder).  Each RUN line runs in bash with the venv's
``bin`` first on PATH (so ``pirc-opt`` and ``filecheck`` are the installed
ones) and ``set -o pipefail``; ``not CMD`` inverts CMD's status as lit's
``not`` does.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
BIN = Path(sys.executable).parent
RUN = re.compile(r"^//\s*RUN:\s?(.*)$")

NOT_SCRIPT = """not() { if "$@"; then return 1; else local rc=$?; [ $rc -lt 128 ] && [ $rc -ne 3 ]; fi; }"""


def _runs(path: Path) -> list[str]:
    lines: list[str] = []
    cont = ""
    for line in path.read_text().splitlines():
        m = RUN.match(line.strip())
        if not m:
            continue
        cmd = cont + m.group(1)
        if cmd.endswith("\\"):
            cont = cmd[:-1] + " "
            continue
        cont = ""
        lines.append(cmd)
    return lines


CASES = sorted(p for p in HERE.rglob("*.pir") if _runs(p))


@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(HERE)) for p in CASES])
def test_lit(path: Path, tmp_path: Path) -> None:
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    env.pop("PIRC_DEBUG", None)
    for cmd in _runs(path):
        cmd = cmd.replace("%s", str(path)).replace("%S", str(path.parent)).replace("%t", str(tmp_path / "t"))
        proc = subprocess.run(
            ["bash", "-c", f"set -o pipefail; {NOT_SCRIPT}\n{cmd}"],
            env=env, capture_output=True, text=True, cwd=path.parent, timeout=120,
        )
        assert proc.returncode == 0, f"RUN: {cmd}\nexit {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"


def test_lit_found_tests() -> None:
    assert len(CASES) >= 5
