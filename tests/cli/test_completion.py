"""Shell completion, as README.md documents it, completes options and pass names (issue 31, beyond the
fixes)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def complete(tool: str, words: str) -> list[str]:
    """What bash completion offers for the last word of ``words``."""
    var = "_" + tool.upper().replace("-", "_") + "_COMPLETE"
    env = {**os.environ, var: "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
    p = subprocess.run([str(BIN / tool)], env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return [line.split(",", 1)[1] for line in p.stdout.splitlines()]


def test_pass_names_complete_after_the_last_comma() -> None:
    assert complete("pirc-opt", "pirc-opt -p cse,d") == ["cse,dce"]
    assert complete("pirc-opt", "pirc-opt --pass-pipeline buil") == ["build_cinn", "build_cinn_pass"]
    assert complete("pirc", "pirc fuse --print-ir-after add") == ["add_broadcast_to_elementwise"]


def test_options_complete() -> None:
    assert "--print-ir-after-change" in complete("pirc-opt", "pirc-opt --print-ir-a")
    assert complete("pirc-run", "pirc-run --fill") == ["--fill-mode"]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_readme_recipe_names_real_scripts(shell: str) -> None:
    readme = (ROOT / "README.md").read_text()
    assert f"{shell}_source" in readme
    assert "_PIRC_OPT_COMPLETE=bash_source pirc-opt" in readme
    p = subprocess.run([str(BIN / "pirc-opt")], env={**os.environ, "_PIRC_OPT_COMPLETE": f"{shell}_source"},
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and "pirc-opt" in p.stdout, p.stderr
