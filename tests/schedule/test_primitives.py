"""Every schedule primitive on a small kernel: ``cases/<case>.ast`` holds the function
``before`` and the ``after`` the primitives of :data:`sched_cases.CASES` must produce
(structural equality), and both must compute the same numbers (the AST evaluator)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from sched_cases import CASES, L

from pirc.cinn.ast import For, ForKind, Module, assert_structural_equal, evaluate, parse_file
from pirc.cinn.schedule import Schedule, get_block, get_loops

HERE = Path(__file__).parent / "cases"


def _load(case: str) -> tuple:
    mod = parse_file(str(HERE / f"{case}.ast"))
    assert isinstance(mod, Module)
    before, after = mod.functions
    return before, after


def _inputs(fn) -> dict[str, np.ndarray]:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(0)
    out = {}
    for a in fn.inputs:
        shape = tuple(int(d.value) for d in a.target.shape)
        out[a.name] = rng.standard_normal(shape).astype(np.float32)
    return out


def test_every_case_file_has_a_case() -> None:
    assert {p.stem for p in HERE.glob("*.ast")} == set(CASES) | {"scalar_temp"}  # scalar_temp: illegal uses only


@pytest.mark.parametrize("case", sorted(CASES))
def test_primitive_before_after(case: str) -> None:
    before, after = _load(case)
    s = Schedule(before)
    CASES[case](s)
    assert_structural_equal(s.tree.replace(name="after"), after)
    feeds = _inputs(before)
    want, got = evaluate(before, **feeds), evaluate(after, **feeds)
    for k in want:
        np.testing.assert_allclose(got[k], want[k], rtol=1e-5, atol=1e-5)
    assert s.trace, "the schedule records what was applied"


def test_cases_cover_every_primitive() -> None:
    used = {name for case in CASES for name in _trace_names(case)}
    assert used >= {"split", "fuse", "reorder", "bind", "parallel", "vectorize", "unroll", "annotate",
                    "compute_inline", "reverse_compute_inline", "compute_at", "reverse_compute_at", "cache_read",
                    "cache_write", "rfactor", "storage_align", "fission", "factorize_reduction",
                    "shared_combine"}


def _trace_names(case: str) -> list[str]:
    s = Schedule(_load(case)[0])
    CASES[case](s)
    return [t[0] for t in s.trace]


def test_get_block_and_get_loops() -> None:
    before, _ = _load("compute_at")
    assert get_block(before, "C").block.name == "C"
    assert [lp.loop_var.name for lp in get_loops(before, "C")] == ["i_c", "j_c"]
    assert [lp.loop_var.name for lp in get_loops(before, "B")] == ["i", "j"]


def test_loop_handles_survive_rewrites() -> None:
    before, _ = _load("tile")
    s = Schedule(before)
    old_j = L(s, "j")
    s.split(L(s, "i"), [None, 8])  # rebuilds every loop around j
    _, j1 = s.split(old_j, [None, 32])  # the old For still names the loop by its variable
    s.parallel(L(s, "i_0"))
    loops = s.get_loops("B")
    assert [lp.loop_var.name for lp in loops] == ["i_0", "i_1", "j_0", "j_1"]
    assert loops[0].kind is ForKind.PARALLEL and isinstance(j1, For)


def test_fission_cuts_group_statements() -> None:
    """``fission(loop, cuts)``: the statements from each cut on form the next loop; ``[1]`` on a
    two-statement body is the default fission."""
    before, after = _load("fission")
    s = Schedule(before)
    s.reverse_compute_at("C", L(s, "i"))
    s.fission(L(s, "i"), cuts=[1])
    assert_structural_equal(s.tree.replace(name="after"), after)
    assert s.trace[-1] == ("fission", (L(s, "i").loop_var, (1,)))


def test_vectorize_a_loop_over_an_unrolled_one() -> None:
    """A loop whose inner loops are all unrolled whole is straight-line code inside: it may be
    vectorised (row_block.py's epilogue, ``for k { unroll for rows }``); same numbers."""
    before, _ = _load("split")
    s = Schedule(before)
    s.split(L(s, "j"), [None, 4])
    s.unroll(L(s, "j_1"))
    s.vectorize(L(s, "j_0"))
    assert L(s, "j_0").kind is ForKind.VECTORIZED and L(s, "j_1").kind is ForKind.UNROLLED
    feeds = _inputs(before)
    want, got = evaluate(before, **feeds), evaluate(s.tree, **feeds)
    for k in want:
        np.testing.assert_array_equal(got[k], want[k])
