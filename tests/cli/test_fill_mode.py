"""``pirc-run --fill-mode zeros|ones|random [--shape NAME=DIMS]``: run and benchmark without feed files,
as tvmc does (issue 31, beyond the fixes)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from pirc.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
PROG = str(SAMPLES / "prog.json")  # x: tensor<-1x8xf32>

STATIC = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:int64,name:"i",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xi64>
    (%2) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"y",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.fetch" (%1) {col:1,name:"j",persistable:[true],stop_gradient:[true]} : (tensor<4xi64>) -> tensor<4xi64>
}
"""


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, ["run", *args], catch_exceptions=False)


def results(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as z:
        return {k: z[k] for k in z.files}


@pytest.mark.parametrize("mode,x,i", [("zeros", 0.0, 0), ("ones", 1.0, 1)])
def test_static_inputs_filled_from_the_declared_shapes(mode: str, x: float, i: int, tmp_path: Path) -> None:
    (tmp_path / "p.pir").write_text(STATIC)
    r = invoke(str(tmp_path / "p.pir"), "--fill-mode", mode, "-o", str(tmp_path / "out.npz"))
    assert r.exit_code == 0, r.output
    out = results(tmp_path / "out.npz")
    np.testing.assert_allclose(out["y"], np.exp(np.full((2, 3), x, np.float32)))
    assert out["j"].dtype == np.int64 and out["j"].tolist() == [i] * 4


def test_random_is_seeded_and_typed(tmp_path: Path) -> None:
    (tmp_path / "p.pir").write_text(STATIC)
    for name in ("a", "b"):
        r = invoke(str(tmp_path / "p.pir"), "--fill-mode", "random", "-o", str(tmp_path / f"{name}.npz"))
        assert r.exit_code == 0, r.output
    a, b = results(tmp_path / "a.npz"), results(tmp_path / "b.npz")
    assert all(np.array_equal(a[k], b[k]) for k in a)
    x = np.log(a["y"])
    assert ((x >= 0) & (x < 1)).all() and len(np.unique(x)) > 1
    assert ((a["j"] >= 0) & (a["j"] < 8)).all()


def test_dynamic_dims_need_a_shape(tmp_path: Path) -> None:
    r = invoke(PROG, "--fill-mode", "ones")
    assert r.exit_code == 2
    assert "input 'x' has a dynamic shape (tensor<-1x8xf32>): give it with --shape x=Nx8" in r.stderr
    r = invoke(PROG, "--fill-mode", "random", "--shape", "x=3x8", "--repeat", "2", "-o", str(tmp_path / "o.npz"))
    assert r.exit_code == 0, r.output
    assert "median_ms=" in r.stderr
    assert results(tmp_path / "o.npz")["softmax_0.tmp_0"].shape == (3, 4)


def test_a_feed_given_wins_over_the_fill(tmp_path: Path) -> None:
    (tmp_path / "p.pir").write_text(STATIC)
    np.save(tmp_path / "x.npy", np.full((2, 3), 2.0, np.float32))
    r = invoke(str(tmp_path / "p.pir"), "--feed", f"x={tmp_path / 'x.npy'}", "--fill-mode", "zeros", "-o",
               str(tmp_path / "out.npz"))
    assert r.exit_code == 0, r.output
    out = results(tmp_path / "out.npz")
    np.testing.assert_allclose(out["y"], np.exp(np.full((2, 3), 2.0, np.float32)))
    assert out["j"].tolist() == [0] * 4


@pytest.mark.parametrize("args,message", [
    (["--shape", "x=3x8"], "--shape gives the shape of an input --fill-mode makes"),
    (["--fill-mode", "ones", "--shape", "x=3by8"], "'x=3by8': expected NAME=DIMS"),
    (["--fill-mode", "ones", "--shape", "y=3"], "the program has no input y (its inputs: x)"),
    (["--fill-mode", "ones", "--shape", "x=3x9"], "'x' is tensor<-1x8xf32>, not 3x9"),
    (["--fill-mode", "twos"], "'twos' is not one of 'zeros', 'ones', 'random'"),
])
def test_mistakes_are_usage_errors(args: list[str], message: str) -> None:
    r = invoke(PROG, *args)
    assert r.exit_code == 2, r.output
    assert message in r.stderr
