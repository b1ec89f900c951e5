"""Output that reads right the first time (issue 31, item 7): pirc-tune's results piped in full, the
thread and memory lines said once, the compile line without '0 modules compiled now (the others...)',
the AOT line saying why, numpy's warnings as one line without a source path."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pirc.cli.run import aot_line, modules_compiled
from pirc.runtime.threads import ThreadPolicy

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
SAMPLES = ROOT / "samples"

ONE_GROUP = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[64,256],stop_gradient:[true]} : () -> tensor<64x256xf32>
    (%1) = "pd_op.relu" (%0) {stop_gradient:[true]} : (tensor<64x256xf32>) -> tensor<64x256xf32>
    (%2) = "pd_op.exp" (%1) {stop_gradient:[true]} : (tensor<64x256xf32>) -> tensor<64x256xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"y",persistable:[true],stop_gradient:[true]} : (tensor<64x256xf32>) -> tensor<64x256xf32>
}
"""


def sh(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k not in ("PIRC_DEBUG", "PIRC_PROGRESS")}
    full.update(env or {})
    return subprocess.run([str(BIN / args[0]), *args[1:]], capture_output=True, text=True, env=full, cwd=cwd,
                          timeout=600)


def test_tune_piped_prints_every_groups_result_in_full(tmp_path: Path) -> None:
    prog = tmp_path / "p.pir"
    prog.write_text(ONE_GROUP)
    p = sh("pirc-tune", str(prog), "-o", str(tmp_path / "t.jsonl"), "--trials", "3", "--repeat", "1", "--warmup", "0",
           "--confirm", "0", "-j", "1", env={"PIRC_CACHE_DIR": str(tmp_path / "cache"), "COLUMNS": "40"})
    assert p.returncode == 0, p.stderr
    lines = p.stderr.splitlines()
    group = [line for line in lines if line.startswith("group 0 (")]
    assert len(group) == 1, p.stderr
    assert re.search(r": 3 candidates measured; best [\d.]+ ms \(default [\d.]+ ms, [\d.]+x\)$", group[0]), group
    assert "…" not in p.stderr and "\x1b[" not in p.stderr
    assert lines[-1].startswith("1 groups, 3 candidates measured (0 failed), log: ")


def test_thread_line_says_each_thing_once() -> None:
    auto = ThreadPolicy(cores=2, budget=2, workers=1, omp=2, blas=2, wait="spin", why="usable cores; intra-op")
    assert auto.describe() == ("threads: 1 interpreter, 2 OpenMP (spin wait), 2 BLAS on 2 usable cores; "
                               "intra-op parallelism")
    env = ThreadPolicy(cores=8, budget=2, workers=2, omp=1, blas=1, wait="passive",
                       why="PIRC_NUM_THREADS=2; inter-op")
    assert env.describe() == ("threads: 2 interpreter, 1 OpenMP (passive wait), 1 BLAS on 2 of 8 usable cores "
                              "(PIRC_NUM_THREADS=2); inter-op parallelism")
    one = ThreadPolicy(cores=1, budget=1, workers=1, omp=1, blas=1, wait="spin", why="usable cores")
    assert one.describe() == "threads: 1 interpreter, 1 OpenMP (spin wait), 1 BLAS on 1 usable core"


def test_compile_line_counts() -> None:
    assert modules_compiled(0) == "nothing compiled now: every kernel came from the kernel cache"
    assert modules_compiled(1) == "1 module compiled now (any others came from the kernel cache)"
    assert modules_compiled(3).startswith("3 modules compiled now")


def test_aot_line_says_why_it_is_off() -> None:
    assert aot_line("AOT: off", "interp", "cpu", None).startswith("AOT: off (--backend interp;")
    assert aot_line("AOT: off", "cinn", "cpu", False) == "AOT: off (--no-aot)"
    assert aot_line("AOT: used: 3 calls", "cinn", "cpu", None) == "AOT: used: 3 calls"


@pytest.fixture(scope="module")
def translated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("prog")
    p = sh("pirc-translate", str(SAMPLES / "prog.json"), "-o", str(d / "prog.pir"), "--params-out",
           str(d / "prog.params.npz"))
    assert p.returncode == 0, p.stderr
    return d


def test_readme_profile_example_reads_right(translated: Path) -> None:
    d = translated
    p = sh("pirc-run", str(d / "prog.pir"), "--params", str(d / "prog.params.npz"), "--feed",
           str(SAMPLES / "prog.feeds.npz"), "--repeat", "3", "--profile", "-o", os.devnull)
    assert p.returncode == 0, p.stderr
    peak = [line for line in p.stderr.splitlines() if line.startswith("peak live memory: ")]
    assert len(peak) == 1 and not re.search(r"(\d+) B \(\1 bytes\)", peak[0]), peak
    assert "(2 usable; usable cores" not in p.stderr
    assert "AOT: off (--backend interp;" in p.stderr
    assert "pd_op.feed is not covered" not in p.stderr


def test_a_translated_programs_feed_ops_run_ahead_of_time(tmp_path: Path) -> None:
    prog = tmp_path / "feed.pir"
    prog.write_text(ONE_GROUP.replace(
        '"pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[64,256],stop_gradient:[true]}',
        '"pd_op.feed" () {col:0,name:"x",persistable:[false],stop_gradient:[false]}'))
    np.save(tmp_path / "x.npy", np.ones((64, 256), np.float32))
    p = sh("pirc-run", str(prog), "--feed", f"x={tmp_path / 'x.npy'}", "--backend", "cinn", "--profile", "-o",
           str(tmp_path / "out.npz"), env={"PIRC_CACHE_DIR": str(tmp_path / "cache")})
    assert p.returncode == 0, p.stderr
    assert "AOT: used" in p.stderr, p.stderr
    assert "nothing compiled now" not in p.stderr and "module compiled now" in p.stderr
    np.testing.assert_allclose(np.load(tmp_path / "out.npz")["y"], np.exp(np.ones((64, 256), np.float32)), rtol=1e-6)
    again = sh("pirc-run", str(prog), "--feed", f"x={tmp_path / 'x.npy'}", "--backend", "cinn", "--profile", "-o",
               os.devnull, env={"PIRC_CACHE_DIR": str(tmp_path / "cache")})
    assert "nothing compiled now: every kernel came from the kernel cache" in again.stderr, again.stderr
    assert "0 modules compiled now" not in again.stderr


def test_numpy_warnings_are_one_line_without_a_source_path(tmp_path: Path) -> None:
    """A cumulative product through inf and 0 (numpy's kernel warns: inf * 0; matmul and the
    elementwise ops no longer do, in nnlib or under numpy's errstate)."""
    prog = tmp_path / "cumprod.pir"
    prog.write_text("""{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,8],stop_gradient:[true]} : () -> tensor<2x8xf32>
    (%1) = "pd_op.cumprod" (%0) {dim:1,exclusive:false,reverse:false,stop_gradient:[true]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"y",persistable:[true],stop_gradient:[true]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
}
""")
    x = np.ones((2, 8), np.float32)
    x[:, 2], x[:, 5] = np.inf, 0.0
    np.save(tmp_path / "x.npy", x)
    p = sh("pirc-run", str(prog), "--feed", f"x={tmp_path / 'x.npy'}", "-o", os.devnull)
    assert p.returncode == 0, p.stderr
    assert "RuntimeWarning" not in p.stderr and ".py:" not in p.stderr, p.stderr
    warnings = [line for line in p.stderr.splitlines() if line.startswith("warning: ")]
    assert warnings and all("encountered in" in w and "(numpy, while computing a kernel" in w for w in warnings)
    assert len(warnings) == len(set(warnings))
