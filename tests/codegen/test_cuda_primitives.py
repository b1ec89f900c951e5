"""The schedule primitives the CUDA binding step (``bind_axes``) is composed of, beyond the
general ones of tests/schedule: ``split(..., guard="blocks")`` (a guard on each schedule block,
none on a cross-thread combine or a reduction init, merged into a block's own guard; ``v % f``
and ``v / f`` folded into the new variables; a leading loop of one iteration adds nothing to
the index) and ``remove_unit_loop``.  ``cuda_cases/<case>.ast`` holds ``before`` and the
``after`` the primitives must produce (structural equality); both compute the same numbers.
Illegal uses fail with an error located in the ``.ast`` file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from pirc.cinn.ast import For, IfThenElse, Module, ScheduleBlockRealize, assert_structural_equal, evaluate, parse_file, walk
from pirc.cinn.schedule import Schedule
from pirc.diagnostics import PircError

HERE = Path(__file__).parent / "cuda_cases"


def L(s: Schedule, name: str) -> For:
    hits = [n for n in walk(s.tree) if isinstance(n, For) and n.loop_var.name == name]
    assert len(hits) == 1, f"{len(hits)} loops named {name}"
    return hits[0]


def _thread_remainder(s: Schedule) -> None:
    """What bind_axes does to an elementwise loop over R shorter than the thread count."""
    ko, ki = s.split(L(s, "k"), [1, 32])
    s.reorder(ki, ko)
    s.bind(ki, "threadIdx.x")
    s.remove_unit_loop(ko)


CASES: dict[str, Callable[[Schedule], object]] = {
    "split_blocks": lambda s: s.split(L(s, "i"), [None, 32], guard="blocks"),
    "split_unit": _thread_remainder,
}


def _load(case: str) -> tuple:
    mod = parse_file(str(HERE / f"{case}.ast"))
    assert isinstance(mod, Module)
    return tuple(mod.functions)


def _inputs(fn) -> dict[str, np.ndarray]:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(0)
    return {a.name: rng.standard_normal(tuple(int(d.value) for d in a.target.shape)).astype(np.float32)
            for a in fn.inputs}


def test_every_case_file_has_a_case() -> None:
    assert {p.stem for p in HERE.glob("*.ast")} == set(CASES)


@pytest.mark.parametrize("case", sorted(CASES))
def test_primitive_before_after(case: str) -> None:
    before, after = _load(case)
    s = Schedule(before)
    CASES[case](s)
    assert_structural_equal(s.tree.replace(name="after"), after)
    feeds = _inputs(before)
    want, got = evaluate(before, **feeds), evaluate(after, **feeds)
    for k in want:
        np.testing.assert_array_equal(got[k], want[k])


def test_split_blocks_never_guards_a_combine_or_an_init() -> None:
    before, _ = _load("split_blocks")
    s = Schedule(before)
    s.split(L(s, "i"), [None, 32], guard="blocks")
    guarded = {r.block.name for g in walk(s.tree) if isinstance(g, IfThenElse)
               for r in walk(g) if isinstance(r, ScheduleBlockRealize)}
    assert guarded == {"B", "C"}
    s2 = Schedule(before)
    s2.split(L(s2, "i"), [None, 32])  # the default guards the whole body, once
    g = next(n for n in walk(s2.tree) if isinstance(n, IfThenElse))  # the outermost guard
    assert {r.block.name for r in walk(g) if isinstance(r, ScheduleBlockRealize)} == {"S__reduce_init", "S", "B", "C"}


# (case, action, message part, text that starts the located line)
ILLEGAL: dict[str, tuple[str, Callable[[Schedule], object], str, str]] = {
    "split_unknown_guard": ("split_blocks", lambda s: s.split(L(s, "i"), [None, 32], guard="rows"),
                            "unknown guard 'rows'", "serial for (i,"),
    "remove_loop_of_many": ("split_unit", lambda s: s.remove_unit_loop(L(s, "k")), "does not run exactly once",
                            "serial for (k,"),
    "remove_bound_loop": ("split_unit", lambda s: (s.split(L(s, "k"), [1, 32]), s.bind(L(s, "k_0"), "blockIdx.x"),
                                                   s.remove_unit_loop(L(s, "k_0"))),
                          "its binding is part of the launch", "serial for (k,"),
}


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_use_is_located(name: str) -> None:
    case, action, message, anchor = ILLEGAL[name]
    path = HERE / f"{case}.ast"
    s = Schedule(_load(case)[0])
    with pytest.raises(PircError) as ei:
        action(s)
    text = ei.value.render()
    lines = path.read_text().splitlines()
    line = next(i for i, t in enumerate(lines, 1) if t.strip().startswith(anchor))
    col = len(lines[line - 1]) - len(lines[line - 1].lstrip()) + 1
    first = text.splitlines()[0]
    assert first.startswith(f"{path}:{line}:{col}: error: schedule: "), text
    assert message in first, text
