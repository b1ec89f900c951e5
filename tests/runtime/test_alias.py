"""Issue 11's classes, run against the expected values (Paddle's executor, or for class 4 a
program-order numpy evaluation: see tests/runtime/alias_cases/generate.py): in-place ops write
their input's storage, views behave as copies, region results are what their region yields.

Every path must agree: the interpreter serial and threaded (class 4: 100 runs bit-identical), after
``cse,dce``, after ``build_cinn`` (run by the interpreter), after ``inplace``, and compiled
(``--backend cinn``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import pirc.passes.all  # noqa: F401  (registers the passes)
from pirc.ir.core import Block, Operation
from pirc.ir.program import Program
from pirc.passes.manager import PassManager, parse_pipeline
from pirc.runtime import StandaloneExecutor
from pirc.text.parser import parse_program

CASES = Path(__file__).parent / "alias_cases"
NAMES = ["class1_views", "class2_cse", "class3_fusion", "class4_region_alias"]


def _load(name: str) -> tuple[Program, dict[str, np.ndarray], dict[str, np.ndarray]]:
    prog = parse_program((CASES / f"{name}.pir").read_text(), f"{name}.pir")
    with np.load(CASES / f"{name}.feeds.npz") as f:
        feeds = {k: f[k] for k in f.files}
    with np.load(CASES / f"{name}.expected.npz") as f:
        want = {k: f[k] for k in f.files}
    return prog, feeds, want


def _check(got: dict[str, np.ndarray], want: dict[str, np.ndarray]) -> None:
    assert list(got) == list(want)
    for k, w in want.items():
        np.testing.assert_allclose(np.asarray(got[k]), w, rtol=2e-5, atol=1e-6, err_msg=k)


def _run(prog: Program, feeds: dict[str, np.ndarray], threads: int = 1, runs: int = 1) -> list[dict[str, np.ndarray]]:
    keep = {k: v.copy() for k, v in feeds.items()}
    with StandaloneExecutor(prog, threads=threads) as ex:
        out = [ex.run(feeds) for _ in range(runs)]
    for k, v in keep.items():
        np.testing.assert_array_equal(feeds[k], v)  # the caller's feeds are never written
    return out


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("pipeline", ["", "cse,dce", "build_cinn_pass", "inplace"])
def test_interpreter_after_passes(name: str, pipeline: str) -> None:
    prog, feeds, want = _load(name)
    if pipeline:
        PassManager(parse_pipeline(pipeline)).run(prog)
    for threads in (1, 3):
        _check(_run(prog, feeds, threads)[0], want)


@pytest.mark.parametrize("name", NAMES)
def test_backend_cinn(name: str) -> None:
    from pirc.cinn.backend.jit_kernel import uninstall
    from pirc.cinn.compiler import compile_program

    prog, feeds, want = _load(name)
    compile_program(prog, "c", progress=False)
    try:
        _check(_run(prog, feeds)[0], want)
    finally:
        uninstall()  # compile_program installs the jit_kernel hook process-wide


def test_region_results_that_alias_are_deterministic_under_threads() -> None:
    """Class 4: abs(second) and tanh_(first) of an if whose results alias (torn before)."""
    prog, feeds, want = _load("class4_region_alias")
    outs = _run(prog, feeds, threads=4, runs=100)
    for o in outs:
        for k in want:
            np.testing.assert_array_equal(o[k], outs[0][k])
    _check(outs[0], want)


def test_region_alias_else_branch() -> None:
    """The else branch yields fresh values: nothing outside is written."""
    from alias_cases.generate import class4_numpy

    prog, feeds, _ = _load("class4_region_alias")
    feeds["c"] = np.array([False])
    _check(_run(prog, feeds, threads=2)[0], class4_numpy(feeds))


def test_insert_before_itself_is_a_no_op() -> None:
    """Class 5: inserting an op next to itself used to link it to itself (endless iteration)."""
    b = Block()
    ops = [Operation.create("test.op", attrs={"i": i}) for i in range(3)]
    for op in ops:
        b.append(op)
    b.insert_before(ops[1], ops[1])
    b.insert_after(ops[1], ops[1])
    b.insert_after(ops[2], ops[1])  # already right after it
    assert [op.attr("i") for op in b.ops] == [0, 1, 2]
    assert [op.attr("i") for op in b.ops_reversed()] == [2, 1, 0]
    b.insert_before(ops[2], ops[0])
    assert [op.attr("i") for op in b.ops] == [2, 0, 1]


PER_BRANCH = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%3) = "pd_op.if" (%2) {stop_gradient:[true]} -> tensor<2x3xf32> {
        () = "cf.yield" (%1) {} : (tensor<2x3xf32>) -> 
    } else {
        (%4) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[2,3]} : () -> tensor<2xi64>
        (%5) = "pd_op.reshape" (%0, %4) {stop_gradient:[true]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
        () = "cf.yield" (%5) {} : (tensor<2x3xf32>) -> 
    }
    (%6) = "pd_op.exp_" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%7) = "pd_op.exp_" (%1) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%8) = "pd_op.abs" (%3) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%9) = "pd_op.fetch" (%8) {col:0,name:"r"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
"""


@pytest.mark.parametrize("p", [True, False])
def test_region_result_copied_only_in_the_branch_that_yields_a_view(p: bool) -> None:
    """Then: the result IS y (sees exp_(y)); else: a reshape of x, a copy (does not see exp_(x))."""
    x = np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3)
    y = np.linspace(-2, 0.5, 6, dtype=np.float32).reshape(2, 3)
    want = np.abs(np.exp(y)) if p else np.abs(x)
    for threads in (1, 3):
        got = _run(parse_program(PER_BRANCH, "t.pir"), {"x": x, "y": y, "p": np.array([p])}, threads)[0]
        np.testing.assert_allclose(got["r"], want, rtol=1e-6)


def _feeds_xyp(p: bool) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(5)
    return {"x": rng.standard_normal((2, 3)).astype(np.float32), "y": rng.standard_normal((2, 3)).astype(np.float32),
            "p": np.array([p])}


def test_loop_carried_view_is_copied_when_the_next_iteration_writes_it() -> None:
    """Fuzzer reproducer: an inner loop yields transpose(s) (s = slice(x)); the outer loop carries
    it into an argument that the next iteration writes in place.  The slice must stay x[:, :2]."""
    text = (CASES / "regress_loop_carried_view.pir").read_text()
    feeds = _feeds_xyp(False)
    del feeds["p"]
    for threads in (1, 3):
        got = _run(parse_program(text, "t.pir"), dict(feeds), threads)[0]
        np.testing.assert_array_equal(got["fetch_name_2"], feeds["x"][:, :2])


def test_one_variable_yielded_twice_stays_one_variable_when_copied() -> None:
    """Fuzzer reproducer: an if yields (v, v, w) with v = reshape(subtract_(x, x)); both results are
    one variable, so exp_ of the first is seen by the second (ones), even though v must be copied."""
    text = (CASES / "regress_same_var_copies.pir").read_text()
    for threads in (1, 3):
        got = _run(parse_program(text, "t.pir"), _feeds_xyp(True), threads)[0]
        np.testing.assert_array_equal(got["fetch_name_2"], np.ones(6, np.float32))


def test_a_view_is_copied_even_when_a_region_result_may_be_either_side() -> None:
    """Fuzzer reproducer: an if yields x in one branch and reshape_(unsqueeze(x)) in the other, so the
    two are one variable only maybe; a later add_ on the unsqueeze must not reach x."""
    text = (CASES / "regress_may_alias_view.pir").read_text()
    feeds = _feeds_xyp(True)
    for threads in (1, 3):
        got = _run(parse_program(text, "t.pir"), dict(feeds), threads)[0]
        np.testing.assert_array_equal(got["fetch_name_1"], feeds["x"])


def test_a_view_of_a_captured_value_is_copied_when_another_capture_of_it_is_written() -> None:
    """Fuzzer reproducer: a loop body slices y, then an inner loop writes y through another captured
    value of the same variable (exp_'s result); the slice must keep the values it was taken from."""
    text = (CASES / "regress_captured_may_alias.pir").read_text()
    feeds = _feeds_xyp(True)
    del feeds["p"]
    want = 1 / (1 + np.exp(-np.exp(feeds["y"])[:, :2]))
    for threads in (1, 3):
        got = _run(parse_program(text, "t.pir"), dict(feeds), threads)[0]
        np.testing.assert_allclose(got["fetch_name_1"], want, rtol=1e-6)


LIT = Path(__file__).resolve().parents[1] / "lit" / "alias"


@pytest.mark.parametrize("c", [True, False])
@pytest.mark.parametrize("pipeline", ["", "cse,dce", "inplace", "build_cinn_pass"])
def test_if_result_that_is_an_outer_variable_sees_later_writes(c: bool, pipeline: str) -> None:
    """Class I: an if yields (transpose(e), e).  Its second result is e's variable, never a copy
    (a later scale_(e) is seen through it); the first is a view of e read before the write."""
    x = np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3)
    prog = parse_program((LIT / "class_i_pinned_result.pir").read_text(), "t.pir")
    if pipeline:
        PassManager(parse_pipeline(pipeline)).run(prog)
    for threads in (1, 3):
        got = _run(prog, {"x": x, "c": np.array([c])}, threads)[0]
        np.testing.assert_allclose(got["abs_first"], np.abs(x).T, rtol=1e-6)
        np.testing.assert_allclose(got["second"], 2 * np.abs(x) + 1, rtol=1e-6)


@pytest.mark.parametrize("c", [True, False])
@pytest.mark.parametrize("pipeline", ["", "cse,dce", "inplace", "build_cinn_pass"])
def test_nested_if_result_that_may_be_an_outer_variable(c: bool, pipeline: str) -> None:
    """Class I: an inner if yields e or reshape(e), the outer if yields that result (or e).  Where it
    is the reshape (c true) it is a copy and does not see scale_(e); where it is e, it does."""
    x = np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3)
    prog = parse_program((LIT / "class_i_nested_may_be_outer.pir").read_text(), "t.pir")
    if pipeline:
        PassManager(parse_pipeline(pipeline)).run(prog)
    want = np.abs(x) if c else 2 * np.abs(x) + 1
    for threads in (1, 3):
        got = _run(prog, {"x": x, "c": np.array([c])}, threads)[0]
        np.testing.assert_allclose(got["r"], want, rtol=1e-6)


def test_a_view_that_a_region_reshapes_in_place_is_a_copy() -> None:
    """Fuzzer reproducer (bench seed 71014074): s = slice(exp(y)) (not contiguous); a loop body
    runs flatten_(s) then scale_(s, 0.5).  The in-place shape op needs s contiguous, which the loop
    cannot arrange for its enclosing block's variable: s is a copy, and the scale_ is seen after."""
    text = (CASES / "regress_reshape_captured_view.pir").read_text()
    feeds = _feeds_xyp(True)
    del feeds["p"]
    for threads in (1, 3):
        got = _run(parse_program(text, "t.pir"), dict(feeds), threads)[0]
        np.testing.assert_allclose(got["fetch_name_2"], 0.5 * np.exp(feeds["y"])[:, :2], rtol=1e-6)
