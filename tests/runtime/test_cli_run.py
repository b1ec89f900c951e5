"""pirc-run: feeds and parameters (right and wrong), results, -o (atomic), --repeat,
--profile, options not implemented yet, and the exit statuses of architecture.md."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from pirc.cli.main import cli
from pirc.cli.run import run_command
from pirc.runtime import StandaloneExecutor
from rt_helpers import parse

pytestmark = pytest.mark.usefixtures("test_ops")

PROGRAM = """{
    (%0) = "builtin.parameter" () {parameter_name:"w",persistable:[true],stop_gradient:[false]} : () -> tensor<4x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,4],stop_gradient:[true]} : () -> tensor<-1x4xf32>
    (%2) = "pd_op.data" () {dtype:int64,name:"n",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xi64>
    (%3) = "pd_op.matmul" (%1, %0) {transpose_x:false,transpose_y:false} : (tensor<-1x4xf32>, tensor<4x3xf32>) -> tensor<-1x3xf32>
    (%4) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[3,-1]} : () -> tensor<2xi64>
    (%5) = "pd_op.reshape" (%3, %4) {} : (tensor<-1x3xf32>, tensor<2xi64>) -> tensor<3x-1xf32>
    (%6) = "pd_op.fetch" (%5) {col:0,name:"y"} : (tensor<3x-1xf32>) -> tensor<3x-1xf32>
    (%7) = "pd_op.fetch" (%2) {col:1,name:"n_out"} : (tensor<1xi64>) -> tensor<1xi64>
}
"""
X_LINE, N_LINE, W_LINE = 3, 4, 2


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    prog = tmp_path / "prog.pir"
    prog.write_text(PROGRAM)
    rng = np.random.RandomState(0)
    w = rng.standard_normal((4, 3)).astype(np.float32)
    x = rng.standard_normal((2, 4)).astype(np.float32)
    np.savez(tmp_path / "params.npz", w=w)
    np.save(tmp_path / "x.npy", x)
    np.save(tmp_path / "n.npy", np.array([7], np.int64))
    np.savez(tmp_path / "feeds.npz", x=x, n=np.array([7], np.int64))
    return {"dir": tmp_path, "prog": prog, "params": tmp_path / "params.npz", "x": tmp_path / "x.npy",
            "n": tmp_path / "n.npy", "feeds": tmp_path / "feeds.npz", "w_arr": w, "x_arr": x}  # type: ignore[dict-item]


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(run_command, [str(a) for a in args], catch_exceptions=False)


def expected(files: dict) -> np.ndarray:  # type: ignore[type-arg]
    return (files["x_arr"] @ files["w_arr"]).reshape(3, -1)


def test_run_writes_npz(files: dict) -> None:  # type: ignore[type-arg]
    out = files["dir"] / "out.npz"
    r = invoke(files["prog"], "--params", files["params"], "--feed", f"x={files['x']}", "--feed",
               f"n={files['n']}", "-o", out)
    assert r.exit_code == 0, r.output
    with np.load(out) as z:
        assert list(z.files) == ["y", "n_out"]
        np.testing.assert_allclose(z["y"], expected(files), rtol=1e-6)
        assert z["n_out"].tolist() == [7]


def test_feed_forms(files: dict) -> None:  # type: ignore[type-arg]
    out = files["dir"] / "o.npz"
    for feed_args in (["--feed", str(files["feeds"])], ["--feed", str(files["x"]), "--feed", str(files["n"])]):
        r = invoke(files["prog"], "--params", files["params"], *feed_args, "-o", out)
        assert r.exit_code == 0, r.output
        with np.load(out) as z:
            np.testing.assert_allclose(z["y"], expected(files), rtol=1e-6)


def test_summary_on_stdout(files: dict) -> None:  # type: ignore[type-arg]
    r = invoke(files["prog"], "--params", files["params"], "--feed", files["feeds"])
    assert r.exit_code == 0, r.output
    assert "y" in r.stdout and "[3, 2]" in r.stdout and "float32" in r.stdout
    assert "n_out" in r.stdout and "int64" in r.stdout and "7" in r.stdout


def test_repeat_prints_median(files: dict) -> None:  # type: ignore[type-arg]
    r = invoke(files["prog"], "--params", files["params"], "--feed", files["feeds"], "--repeat", "5",
               "-o", files["dir"] / "o.npz")
    assert r.exit_code == 0, r.output
    m = re.search(r"^median_ms=(\d+(\.\d+)?)$", r.stderr, re.M)
    assert m is not None, r.stderr
    assert float(m.group(1)) >= 0


def test_profile_table(files: dict) -> None:  # type: ignore[type-arg]
    r = invoke(files["prog"], "--params", files["params"], "--feed", files["feeds"], "--profile", "--repeat", "2",
               "-o", files["dir"] / "o.npz")
    assert r.exit_code == 0, r.output
    assert "pd_op.matmul" in r.stderr and "pd_op.reshape" in r.stderr
    assert "peak live memory" in r.stderr
    assert "2 runs, warm-up excluded" in r.stderr  # the --repeat runs; the warm-up is not profiled


def _diag(r, line: int) -> None:  # type: ignore[no-untyped-def]
    assert r.exit_code == 1, r.output
    assert "Traceback" not in r.output
    assert re.search(rf"prog\.pir:{line}:5: error: ", r.stderr), r.stderr
    assert "^" in r.stderr  # the source line and a caret


def test_missing_feed(files: dict) -> None:  # type: ignore[type-arg]
    r = invoke(files["prog"], "--params", files["params"], "--feed", f"x={files['x']}")
    _diag(r, N_LINE)
    assert "no feed for input 'n'" in r.stderr
    assert "int64" in r.stderr and "[1]" in r.stderr


def test_extra_feed(files: dict) -> None:  # type: ignore[type-arg]
    r = invoke(files["prog"], "--params", files["params"], "--feed", files["feeds"], "--feed", f"z={files['x']}")
    assert r.exit_code == 1
    assert "error: feed 'z' is not an input of the program" in r.stderr
    assert "'x' (tensor<-1x4xf32>)" in r.stderr
    assert re.search(rf"prog\.pir:{X_LINE}:5: note: input 'x' is declared here", r.stderr)


def test_wrong_rank(files: dict) -> None:  # type: ignore[type-arg]
    np.save(files["dir"] / "bad.npy", np.zeros((2, 4, 1), np.float32))
    r = invoke(files["prog"], "--params", files["params"], "--feed", f"x={files['dir'] / 'bad.npy'}",
               "--feed", f"n={files['n']}")
    _diag(r, X_LINE)
    assert "feed 'x' has shape [2, 4, 1] (rank 3)" in r.stderr and "expects rank 2" in r.stderr
    assert "'pd_op.data' 'x'" in r.stderr


def test_wrong_dim(files: dict) -> None:  # type: ignore[type-arg]
    np.save(files["dir"] / "bad.npy", np.zeros((2, 5), np.float32))
    r = invoke(files["prog"], "--params", files["params"], "--feed", f"x={files['dir'] / 'bad.npy'}",
               "--feed", f"n={files['n']}")
    _diag(r, X_LINE)
    assert "dimension 1 must be 4, got 5" in r.stderr and "tensor<-1x4xf32>" in r.stderr


def test_wrong_dtype(files: dict) -> None:  # type: ignore[type-arg]
    np.save(files["dir"] / "bad.npy", np.zeros((2, 4), np.float64))
    r = invoke(files["prog"], "--params", files["params"], "--feed", f"x={files['dir'] / 'bad.npy'}",
               "--feed", f"n={files['n']}")
    _diag(r, X_LINE)
    assert "feed 'x' has dtype float64 but 'pd_op.data' 'x' expects float32" in r.stderr


def test_missing_and_wrong_parameters(files: dict) -> None:  # type: ignore[type-arg]
    r = invoke(files["prog"], "--feed", files["feeds"])
    _diag(r, W_LINE)
    assert "no value for parameter 'w'" in r.stderr and "--params" in r.stderr
    np.savez(files["dir"] / "p2.npz", w=np.zeros((3, 4), np.float32))
    r = invoke(files["prog"], "--params", files["dir"] / "p2.npz", "--feed", files["feeds"])
    _diag(r, W_LINE)
    assert "parameter 'w' has shape [3, 4]" in r.stderr


def test_output_is_atomic(files: dict) -> None:  # type: ignore[type-arg]
    out = files["dir"] / "out.npz"
    out.write_bytes(b"previous contents")
    r = invoke(files["prog"], "--params", files["params"], "--feed", f"x={files['x']}", "-o", out)
    assert r.exit_code == 1
    assert out.read_bytes() == b"previous contents"  # a failed run leaves it untouched
    r = invoke(files["prog"], "--params", files["params"], "--feed", files["feeds"], "-o", out)
    assert r.exit_code == 0
    with np.load(out) as z:
        assert set(z.files) == {"y", "n_out"}
    leftovers = [p.name for p in files["dir"].iterdir() if p.name.startswith(".pirc-")]
    assert leftovers == []


def test_bad_pdiparams_is_an_input_error(files: dict) -> None:  # type: ignore[type-arg]
    p = files["dir"] / "m.pdiparams"
    p.write_bytes(b"")
    r = invoke(files["prog"], "--params", p, "--feed", files["feeds"])
    assert r.exit_code == 1 and "cannot read parameters" in r.output


def test_usage_errors(files: dict) -> None:  # type: ignore[type-arg]
    r = invoke(files["prog"], "--params", files["dir"] / "nope.npz", "--feed", files["feeds"])
    assert r.exit_code == 2 and "no such file" in r.output
    r = invoke(files["dir"] / "nope.pir")
    assert r.exit_code == 2
    r = invoke(files["prog"], "--threads", "-1")
    assert r.exit_code == 2


def test_bad_program_text(files: dict) -> None:  # type: ignore[type-arg]
    bad = files["dir"] / "bad.pir"
    bad.write_text('{\n    (%0) = "pd_op.relu" (%9) {} : (tensor<2xf32>) -> tensor<2xf32>\n}\n')
    r = invoke(bad)
    assert r.exit_code == 1
    assert re.search(r"bad\.pir:2:\d+: error: ", r.stderr)
    assert "Traceback" not in r.output


def test_missing_kernel_is_a_located_error(files: dict) -> None:  # type: ignore[type-arg]
    prog = files["dir"] / "nk.pir"
    prog.write_text(
        '{\n'
        '    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2],'
        'stop_gradient:[true]} : () -> tensor<2xf32>\n'
        '    (%1) = "rt_test.nokernel" (%0) {} : (tensor<2xf32>) -> tensor<2xf32>\n'
        '}\n')
    np.save(files["dir"] / "x2.npy", np.zeros(2, np.float32))
    r = invoke(prog, "--feed", f"x={files['dir'] / 'x2.npy'}")
    assert r.exit_code == 1
    assert "nk.pir:3:5: error: 'rt_test.nokernel' op has no kernel" in r.stderr


def test_kernel_failure_is_a_located_error(files: dict) -> None:  # type: ignore[type-arg]
    prog = files["dir"] / "kf.pir"
    t = "tensor<-1xf32>"
    prog.write_text(
        '{\n'
        f'    (%0) = "pd_op.data" () {{dtype:float32,name:"x",place:Place(undefined:0),shape:[-1],'
        f'stop_gradient:[true]}} : () -> {t}\n'
        f'    (%1) = "pd_op.data" () {{dtype:float32,name:"y",place:Place(undefined:0),shape:[-1],'
        f'stop_gradient:[true]}} : () -> {t}\n'
        f'    (%2) = "rt_test.add" (%0, %1) {{}} : ({t}, {t}) -> {t}\n'
        '}\n')
    np.save(files["dir"] / "a.npy", np.zeros(2, np.float32))
    np.save(files["dir"] / "b.npy", np.zeros(3, np.float32))
    r = invoke(prog, "--feed", f"x={files['dir'] / 'a.npy'}", "--feed", f"y={files['dir'] / 'b.npy'}")
    assert r.exit_code == 1
    assert "kf.pir:4:5: error: 'rt_test.add' op failed at run time" in r.stderr


def test_group_subcommand(files: dict) -> None:  # type: ignore[type-arg]
    out = files["dir"] / "g.npz"
    r = CliRunner().invoke(cli, ["run", str(files["prog"]), "--params", str(files["params"]), "--feed",
                                 str(files["feeds"]), "-o", str(out), "--threads", "2"])
    assert r.exit_code == 0, r.output
    assert out.exists()


def test_real_process_exit_statuses(files: dict) -> None:  # type: ignore[type-arg]
    """The installed entry point, in a process of its own: no traceback, statuses 0 / 1 / 2."""
    exe = [sys.executable, "-c", "from pirc.cli.main import run_main; run_main()"]
    env = {**os.environ, "PIRC_DEBUG": ""}
    ok = subprocess.run([*exe, str(files["prog"]), "--params", str(files["params"]), "--feed", str(files["feeds"]),
                         "--repeat", "3", "-o", str(files["dir"] / "p.npz")], capture_output=True, text=True, env=env)
    assert ok.returncode == 0, ok.stderr
    assert re.search(r"^median_ms=\d+\.\d+$", ok.stderr, re.M)
    bad = subprocess.run([*exe, str(files["prog"]), "--params", str(files["params"]), "--feed",
                          f"x={files['x']}"], capture_output=True, text=True, env=env)
    assert bad.returncode == 1
    assert "Traceback" not in bad.stderr
    assert f"prog.pir:{N_LINE}:5: error: no feed for input 'n'" in bad.stderr
    usage = subprocess.run([*exe, str(files["prog"]), "--backend", "bogus"], capture_output=True, text=True, env=env)
    assert usage.returncode == 2 and "Invalid value for '--backend'" in usage.stderr


# -- results of programs without fetch ops ------------------------------------------------------

def test_results_without_fetch_ops() -> None:
    t = "tensor<2xf32>"
    text = f"""{{
    (%0) = "pd_op.data" () {{dtype:float32,name:"x",place:Place(undefined:0),shape:[2],stop_gradient:[true]}} : () -> {t}
    (%1) = "rt_test.inc" (%0) {{}} : ({t}) -> {t}
    (%2) = "rt_test.inc" (%1) {{}} : ({t}) -> {t}
    () = "builtin.shadow_output" (%1) {{output_name:"first"}} : ({t}) -> 
    (%3) = "rt_test.inc" (%2) {{}} : ({t}) -> {t}
}}
"""
    r = StandaloneExecutor(parse(text)).run({"x": np.zeros(2, np.float32)})
    assert list(r) == ["first", "%3"]
    np.testing.assert_array_equal(r["first"], [1, 1])
    np.testing.assert_array_equal(r["%3"], [3, 3])
