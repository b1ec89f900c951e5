"""Every module under pirc/ imports alone in a fresh interpreter: an import cycle would hide
behind whichever module a program happened to import first (``import
pirc.cinn.schedule.group.info`` once failed unless ``pirc.cinn.lower`` came first).

Each module is imported in a child forked from a process that holds the third-party libraries
pirc uses but no pirc module, so every child starts from a clean ``sys.modules`` for pirc."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CHILD = r"""
import importlib, os, sys, traceback
for lib in ("numpy", "lark", "rich.console", "click", "google.protobuf.message"):
    try:
        importlib.import_module(lib)
    except ImportError:
        pass
assert not [m for m in sys.modules if m == "pirc" or m.startswith("pirc.")]
failed = []
for name in sys.stdin.read().split():
    pid = os.fork()
    if pid == 0:
        try:
            importlib.import_module(name)
        except BaseException:
            traceback.print_exc(limit=-3)
            os._exit(1)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    if status != 0:
        failed.append(name)
print("FAILED", " ".join(failed))
"""


def _modules() -> list[str]:
    out = []
    for p in sorted((ROOT / "pirc").rglob("*.py")):
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if parts[-1] == "__main__":
            continue
        out.append(".".join(parts))
    return out


def test_every_module_imports_alone() -> None:
    mods = _modules()
    assert len(mods) > 200
    r = subprocess.run([sys.executable, "-c", _CHILD], input=" ".join(mods), capture_output=True, text=True,
                       cwd=ROOT, timeout=600, env=dict(os.environ, PYTHONWARNINGS="ignore"))
    last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    assert r.returncode == 0 and last.startswith("FAILED"), r.stderr[-3000:]
    failed = last.split()[1:]
    assert not failed, f"modules that do not import alone: {failed}\n{r.stderr[-3000:]}"
