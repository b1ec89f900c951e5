"""The C schedule's tuned loop knobs (pirc/cinn/tune/space.py): ``unroll`` (split + unroll of
the innermost serial loops), ``num_threads`` (the parallel loop's OpenMP team, at most the
usable cores) and ``parallel_granularity`` (outer loops fused before the parallel bind).
Each changes the lowered AST and the generated C of a group it applies to, is found by
``space.relevant``, and leaves the results bit-identical (and equal to the interpreter's)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pirc.cinn.ast.parser import parse
from pirc.cinn.backend.build import generate
from pirc.cinn.compiler import fuse
from pirc.cinn.tune import space
from pirc.cinn.tune.extract import group_tasks
from pirc.cinn.tune.log import ANY, use_params
from pirc.cinn.tune.worker import source_hash
from pirc.cli.lower import lower_text
from pirc.runtime.threads import usable_cores
from pirc.text.parser import parse_program

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lower"))
from knob_runs import runs_with_params
from lower_helpers import data_line, program_text

T = "tensor<256x200xf32>"
EW = program_text([
    data_line(0, "x", [256, 200]),
    f'(%1) = "pd_op.exp" (%0) {{stop_gradient:[true]}} : ({T}) -> {T}',
    f'(%2) = "pd_op.add" (%1, %0) {{stop_gradient:[true]}} : ({T}, {T}) -> {T}',
    f'() = "builtin.shadow_output" (%2) {{output_name:"a"}} : ({T}) -> ',
])

# knob value -> (text in the lowered .ast, text in the generated C), absent from the default's
CHANGES: dict[str, tuple[Any, str, str]] = {
    "unroll": (4, "unroll for (j_1, 0, 4)", "#pragma GCC unroll 4"),
    "num_threads": (1, "parallel[1] for (i, 0, 256)", "num_threads(pirc_team(1))"),
    "parallel_granularity": (2, "parallel for (i_j_fused, 0, 51200)", "v0_i_j_fused < 51200"),
}


def _lower(params: dict[str, Any]) -> tuple[str, str]:
    with use_params(ANY, "c", params):
        ast_text, _ = lower_text(EW, "m", "c", False)
    return ast_text, generate(parse(ast_text, "k.ast"), "c").text


def test_knobs_are_in_the_space() -> None:
    assert space.SPACE["unroll"] == (None, 2, 4, 8)
    assert space.SPACE["parallel_granularity"] == (None, 2)
    teams = [v for v in space.SPACE["num_threads"] if v is not None]
    assert teams[0] == 1 and max(teams) == usable_cores() and len(set(teams)) == len(teams)


@pytest.mark.parametrize("knob", sorted(CHANGES))
def test_knob_changes_the_code(knob: str) -> None:
    value, in_ast, in_c = CHANGES[knob]
    base_ast, base_c = _lower({})
    ast_text, c_text = _lower({knob: value})
    assert in_ast not in base_ast and in_c not in base_c
    assert in_ast in ast_text and in_c in c_text


def test_relevant_finds_the_knobs() -> None:
    prog = parse_program(EW, "m.pir")
    fuse(prog)
    (task,) = group_tasks(prog, "c")
    knobs = space.relevant(lambda p: source_hash(task.program, task.key, "c", p))
    assert {"unroll", "parallel_granularity", "num_threads"} <= set(knobs)


def test_team_never_exceeds_the_cores_where_it_runs() -> None:
    """A tuned team size stays in the schedule as asked; the C code bounds it by the threads OpenMP
    has at run time, so the kernel never depends on the build machine's core count."""
    ast_text, c_text = _lower({"num_threads": usable_cores() + 64})
    assert f"parallel[{usable_cores() + 64}] for (i, 0, 256)" in ast_text
    assert f"num_threads(pirc_team({usable_cores() + 64}))" in c_text and "omp_get_max_threads()" in c_text


def test_knobs_keep_the_results_bit_identical() -> None:
    x = np.random.default_rng(3).standard_normal((256, 200)).astype("float32")
    want, got = runs_with_params(EW, {"x": x}, ({}, *({k: v[0]} for k, v in CHANGES.items()),
                                                 {"unroll": 8, "num_threads": usable_cores(), "parallel_granularity": 2}))
    for k in want:
        for g in got[1:]:
            assert np.array_equal(g[k], got[0][k])
        assert np.allclose(got[0][k], want[k], rtol=1e-5, atol=1e-6)
