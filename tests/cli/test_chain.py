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


# --- issue 31, item 5: the parameters beside the model go down the chain --------------------------

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
PROG = SAMPLES / "prog.json"


@pytest.mark.parametrize("stages", [
    ["translate", str(PROG), "fuse", "run"],
    ["translate", str(PROG), "opt", "-p", "cse", "fuse", "run", "--backend", "cinn"],
    ["opt", str(PROG), "-p", "dce", "run"],
    ["translate", str(PROG), "--params", str(SAMPLES / "prog.pdiparams"), "run"],
])
def test_a_chain_carries_the_models_parameters_to_run(stages: list[str]) -> None:
    p = subprocess.run([PIRC, *stages, "--feed", str(SAMPLES / "prog.feeds.npz"), "--expect",
                        str(SAMPLES / "prog.outputs.npz"), "-o", "/dev/null"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "no value for parameter" not in p.stderr


def test_a_chain_carries_the_models_parameters_to_compile(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    p = subprocess.run([PIRC, "translate", str(PROG), "fuse", "compile", "-o", str(pkg)], capture_output=True,
                       text=True)
    assert p.returncode == 0, p.stderr
    assert (pkg / "params.npz").is_file() and "4 parameters" in p.stderr


def test_run_reading_a_pipe_outside_a_chain_still_asks_for_parameters() -> None:
    text = subprocess.run([str(Path(PIRC).parent / "pirc-translate"), str(PROG)], capture_output=True,
                          check=True).stdout
    p = subprocess.run([str(Path(PIRC).parent / "pirc-run"), "--feed", str(SAMPLES / "prog.feeds.npz")], input=text,
                       capture_output=True)
    assert p.returncode == 1 and b"give the parameters with --params" in p.stderr
