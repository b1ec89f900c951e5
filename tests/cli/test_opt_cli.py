"""pirc-opt as a user meets it: exit statuses, located diagnostics, no tracebacks, atomic output."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
OPT = str(BIN / "pirc-opt")

GOOD = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.matmul" (%0, %1) {stop_gradient:[true],transpose_x:false,transpose_y:true} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
    (%3) = "pd_op.matmul" (%0, %1) {stop_gradient:[true],transpose_x:false,transpose_y:true} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
}
"""


def run(*args: str, stdin: bytes | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("PIRC_DEBUG", None)
    proc = subprocess.run([OPT, *args], input=stdin, capture_output=True, cwd=cwd, env=env, timeout=120)
    return subprocess.CompletedProcess(proc.args, proc.returncode, proc.stdout.decode(), proc.stderr.decode())


def assert_clean_error(p: subprocess.CompletedProcess[str], where: str, message: str) -> None:
    assert p.returncode == 1, p.stderr
    assert "Traceback" not in p.stderr
    first = p.stderr.splitlines()[0]
    assert first.startswith(where), p.stderr
    assert ": error: " in first and message in first, p.stderr
    lines = p.stderr.splitlines()
    assert len(lines) >= 3 and lines[2].strip() == "^", p.stderr  # source line, then the caret


def test_roundtrip_stdin_to_stdout() -> None:
    p = run(stdin=GOOD.encode())
    assert p.returncode == 0 and p.stdout == GOOD


def test_dash_means_stdin(tmp_path: Path) -> None:
    p = run("-", "-o", "-", stdin=GOOD.encode())
    assert p.returncode == 0 and p.stdout == GOOD


def test_garbage_bytes(tmp_path: Path) -> None:
    f = tmp_path / "g.pir"
    f.write_bytes(b"{\n    (%0) = \xff\xfe\x00garbage\n}\n")
    assert_clean_error(run(str(f)), f"{f}:2:12", "not valid UTF-8")


def test_binary_noise(tmp_path: Path) -> None:
    f = tmp_path / "n.pir"
    f.write_bytes(bytes(range(1, 128)) * 3)
    p = run(str(f))
    assert p.returncode == 1 and "Traceback" not in p.stderr and ": error: " in p.stderr


def test_empty_file(tmp_path: Path) -> None:
    f = tmp_path / "e.pir"
    f.write_text("")
    assert_clean_error(run(str(f)), f"{f}:1:1", "the input is empty")


def test_fifty_thousand_nested_braces(tmp_path: Path) -> None:
    f = tmp_path / "deep.pir"
    f.write_text("{" * 50000 + "}" * 50000 + "\n")
    assert_clean_error(run(str(f)), f"{f}:1:2", "unexpected '{'")


def test_deeply_nested_regions_are_refused_not_crashed(tmp_path: Path) -> None:
    depth = 400
    lines = ["{", '    (%0) = "pd_op.full" () {dtype:bool,place:Place(cpu),shape:[1],stop_gradient:[true],value:true} : () -> tensor<1xb>']
    for i in range(depth):
        lines.append(f'    (%{i + 1}) = "pd_op.if" (%0) {{}} -> tensor<1xb> {{')
    lines.append('    () = "cf.yield" (%0) {} : (tensor<1xb>) -> ')
    for _ in range(depth):
        lines.append("    } else {")
        lines.append('    () = "cf.yield" (%0) {} : (tensor<1xb>) -> ')
        lines.append("    }")
    lines.append("}")
    f = tmp_path / "nested.pir"
    f.write_text("\n".join(lines) + "\n")
    p = run(str(f))
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert "nested more than" in p.stderr


def test_twenty_digit_dimension(tmp_path: Path) -> None:
    f = tmp_path / "dim.pir"
    f.write_text(GOOD.replace("tensor<2x2xf32>", "tensor<2x12345678901234567890xf32>", 1))
    assert_clean_error(run(str(f)), f"{f}:4:134", "does not fit in int64")


def test_verifier_error_location(tmp_path: Path) -> None:
    f = tmp_path / "v.pir"
    f.write_text(GOOD.replace("-> tensor<2x2xf32>\n    (%3)", "-> tensor<2x7xf32>\n    (%3)"))
    assert_clean_error(run(str(f)), f"{f}:4:5", "'pd_op.matmul' op result #0 has type tensor<2x7xf32>")


def test_output_is_atomic_and_untouched_on_failure(tmp_path: Path) -> None:
    out = tmp_path / "out.pir"
    out.write_text("precious\n")
    bad = tmp_path / "bad.pir"
    bad.write_text(GOOD.replace("(%0, %1)", "(%0, %9)", 1))
    p = run(str(bad), "-o", str(out))
    assert p.returncode == 1
    assert out.read_text() == "precious\n"
    assert not [x for x in tmp_path.iterdir() if x.name.startswith(".pirc-")]
    good = tmp_path / "good.pir"
    good.write_text(GOOD)
    assert run(str(good), "-o", str(out), "-p", "cse").returncode == 0
    assert out.read_text().count("pd_op.matmul") == 1


def test_pipeline_errors_are_usage_errors(tmp_path: Path) -> None:
    f = tmp_path / "g.pir"
    f.write_text(GOOD)
    p = run(str(f), "-p", "nosuchpass")
    assert p.returncode == 2 and "unknown pass or pipeline 'nosuchpass'" in p.stderr and "Traceback" not in p.stderr
    p = run(str(f), "-p", "cse{bogus=1}")
    assert p.returncode == 2 and "has no option 'bogus'" in p.stderr
    p = run(str(f), "-p", "builtin.module(cse")
    assert p.returncode == 2


def test_missing_input_file_is_a_usage_error(tmp_path: Path) -> None:
    p = run(str(tmp_path / "nope.pir"))
    assert p.returncode == 2 and "no such file" in p.stderr


def test_print_ir_after_all_and_timing(tmp_path: Path) -> None:
    f = tmp_path / "g.pir"
    f.write_text(GOOD)
    p = run(str(f), "-p", "cse,dce", "--print-ir-after-all", "--timing", "-o", str(tmp_path / "o.pir"))
    assert p.returncode == 0
    assert "// -----// IR Dump After CommonSubexpressionElimination (cse) //----- //" in p.stderr
    assert "// -----// IR Dump After DeadCodeElimination (dce) //----- //" in p.stderr
    for stage in ("parse", "verify", "cse", "dce", "print", "total"):
        assert stage in p.stderr
    assert p.stdout == ""


def test_split_input_file_keeps_going_and_marks_output(tmp_path: Path) -> None:
    f = tmp_path / "s.pir"
    f.write_text(GOOD + "// -----\n{\n    (%0) = oops\n}\n// -----\n" + GOOD)
    p = run(str(f), "--split-input-file")
    assert p.returncode == 1
    assert p.stdout.count("// -----\n") == 1 and p.stdout.count("pd_op.fetch") == 2
    assert p.stderr.startswith(f"{f}:11:1: error:")  # line numbers count from the top of the file


def test_output_is_deterministic(tmp_path: Path) -> None:
    f = tmp_path / "g.pir"
    f.write_text(GOOD)
    outs = {run(str(f), "-p", "cse,dce").stdout for _ in range(3)}
    assert len(outs) == 1


@pytest.mark.parametrize("debug", ["", "1"])
def test_internal_errors_exit_3(tmp_path: Path, debug: str) -> None:
    """An internal failure (simulated with an unreadable grammar) is one line, exit 3."""
    f = tmp_path / "free.pir"
    f.write_text("{ (%0) = \"pd_op.full\" ()\n {} : () -> tensor<1xf32> }")  # needs the grammar path
    env = dict(os.environ, PIRC_GRAMMAR_DIR=str(tmp_path / "missing"), PIRC_DEBUG=debug, PIRC_CACHE_DIR=str(tmp_path))
    proc = subprocess.run([OPT, str(f)], capture_output=True, text=True, env=env)
    assert proc.returncode == 3
    assert ("Traceback" in proc.stderr) == bool(debug)
    if not debug:
        assert proc.stderr.startswith("internal error:") and len(proc.stderr.strip().splitlines()) == 1


def test_output_to_a_device_is_written_in_place(tmp_path: Path) -> None:
    """-o /dev/null must not rename a file over the device node (we may run as root)."""
    import stat

    f = tmp_path / "g.pir"
    f.write_text(GOOD)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    import threading

    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    p = run(str(f), "-o", str(fifo))
    reader.join(timeout=30)
    assert p.returncode == 0 and got and got[0].decode() == GOOD
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert run(str(f), "-o", os.devnull).returncode == 0
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
