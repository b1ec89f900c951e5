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

from pirc.ir.core import Block, Operation
from pirc.ir.program import Program
import pirc.passes.all  # noqa: F401  (registers the passes)
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
