"""``pirc A ... B ...`` chains commands in one process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import pytest

from pirc.cli.chain import split_chain
from pirc.cli.main import cli

PIRC = str(Path(sys.executable).parent / "pirc")
MLP = Path(__file__).resolve().parents[1] / "corpus" / "mlp" / "program.pir"


def test_split_respects_option_values() -> None:
    segs = split_chain(["opt", "a.pir", "-o", "opt", "opt", "-p", "cse"], cli.commands)
    assert segs == [("opt", ["a.pir", "-o", "opt"]), ("opt", ["-p", "cse"])]
    with pytest.raises(click.UsageError):
        split_chain(["a.pir", "opt"], cli.commands)


def test_chain_pipes_in_memory(tmp_path: Path) -> None:
    out = tmp_path / "o.pir"
    p = subprocess.run([PIRC, "opt", str(MLP), "opt", "-p", "cse", "opt", "-p", "dce", "-o", str(out)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert out.read_text() == MLP.read_text()


def test_intermediate_output_file_is_written_and_used(tmp_path: Path) -> None:
    mid = tmp_path / "mid.pir"
    p = subprocess.run([PIRC, "opt", str(MLP), "-o", str(mid), "opt", "-p", "cse"], capture_output=True, text=True)
    assert p.returncode == 0 and mid.read_text() == MLP.read_text() == p.stdout


def test_chain_stops_at_the_failing_stage(tmp_path: Path) -> None:
    out = tmp_path / "o.pir"
    p = subprocess.run([PIRC, "opt", str(MLP), "opt", "-p", "nosuch", "opt", "-o", str(out)], capture_output=True, text=True)
    assert p.returncode == 2 and "unknown pass" in p.stderr and not out.exists()
