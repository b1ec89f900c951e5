"""Exit statuses and output streams (issue 31, item 4): a bad pass option is a command-line error (2),
Ctrl-C exits 130 without click's 'Aborted!', and two outputs never share standard output or a file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pirc.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
MLP = ROOT / "samples" / "mlp.pir"


def invoke(*args: str, stdin: bytes | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


@pytest.mark.parametrize("pipeline", ["lower_to_kernel{target=foo}", "build_cinn,lower_to_kernel{target=x86}"])
def test_a_bad_pass_option_value_is_a_usage_error(pipeline: str) -> None:
    r = invoke("opt", str(MLP), "-p", pipeline)
    assert r.exit_code == 2, r.output
    assert "option 'target' of pass 'lower_to_kernel' must be cuda or c" in r.stderr
    assert "internal error" not in r.stderr


def test_a_good_pass_option_value_still_runs() -> None:
    r = invoke("opt", str(MLP), "-p", "build_cinn,lower_to_kernel{target=c}")
    assert r.exit_code == 0, r.output
    assert "cinn_runtime.jit_kernel" in r.stdout


def _wait_reading_stdin(pid: int, timeout: float = 120) -> None:
    """Until the process sits in read(0, ...) (started, imports done), as /proc/PID/syscall shows;
    a few seconds where that file cannot be read."""
    import platform

    read = {"x86_64": "0", "aarch64": "63"}.get(platform.machine())
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            fields = Path(f"/proc/{pid}/syscall").read_text().split()
        except OSError:
            time.sleep(5)
            return
        if read is None:
            time.sleep(5)
            return
        if fields[:2] == [read, "0x0"]:
            time.sleep(0.2)
            return
        time.sleep(0.1)
    raise AssertionError("the command never started reading its input")


@pytest.mark.parametrize("tool", ["pirc-run", "pirc-opt"])
def test_ctrl_c_exits_130_without_aborted(tool: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PIRC_DEBUG"}
    p = subprocess.Popen([str(BIN / tool)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=env)
    _wait_reading_stdin(p.pid)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130, err
    text = err.decode()
    assert "Aborted!" not in text and "Traceback" not in text, text
    assert text.strip() == "interrupted"


def test_host_program_and_ast_never_share_standard_output() -> None:
    r = invoke("lower", "--host-out", "-", stdin=MLP.read_bytes())
    assert r.exit_code == 2, r.output
    assert "-o and --host-out both write to standard output" in r.stderr
    assert r.stdout == ""


def test_host_program_on_standard_output_with_the_ast_in_a_file(tmp_path: Path) -> None:
    r = invoke("lower", str(MLP), "--host-out", "-", "-o", str(tmp_path / "k.ast"))
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("{") and "cinn_runtime.jit_kernel" in r.stdout
    assert (tmp_path / "k.ast").read_text().startswith("// pirc-lower: target c")
    codegen = invoke("codegen", str(tmp_path / "k.ast"))
    assert codegen.exit_code == 0, codegen.output


@pytest.mark.parametrize("args", [
    ["fuse", str(MLP), "--dot", "-"],
    ["translate", str(ROOT / "samples" / "prog.json"), "-o", "{tmp}/a", "--params-out", "{tmp}/a"],
    ["lower", str(MLP), "-o", "{tmp}/k", "--host-out", "{tmp}/k"],
])
def test_two_outputs_in_one_place_are_refused(args: list[str], tmp_path: Path) -> None:
    r = invoke(*[a.replace("{tmp}", str(tmp_path)) for a in args])
    assert r.exit_code == 2, r.output
    assert "both write to" in r.stderr
    assert not (tmp_path / "a").exists() and not (tmp_path / "k").exists()


def test_dev_null_takes_several_outputs() -> None:
    r = invoke("lower", str(MLP), "-o", os.devnull, "--host-out", os.devnull)
    assert r.exit_code == 0, r.output
