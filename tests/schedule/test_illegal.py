"""Every primitive refuses an illegal use with a located error: ``file:line:col`` of the loop
or schedule block in the ``.ast`` file it is about, the message, and the source line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sched_cases import L

from pirc.cinn.ast import parse_file
from pirc.cinn.schedule import Schedule, get_block
from pirc.diagnostics import PircError

HERE = Path(__file__).parent / "cases"

# (case file whose `before` is scheduled, action, message part, text that starts the located line)
ILLEGAL: dict[str, tuple[str, Callable[[Schedule], object], str, str]] = {
    "split_two_inferred": ("split", lambda s: s.split(L(s, "j"), [None, -1]), "at most one factor may be inferred",
                           "serial for (j,"),
    "split_too_small": ("split", lambda s: s.split(L(s, "j"), [3, 4]), "covers only 12", "serial for (j,"),
    "fuse_not_nested": ("fuse", lambda s: s.fuse(L(s, "j"), L(s, "i")), "not a perfect nest", "serial for (j,"),
    "fuse_bad_name": ("fuse", lambda s: s.fuse(L(s, "i"), L(s, "j"), name="i j"), "is not an identifier",
                      "serial for (i,"),
    "reorder_two_nests": ("compute_at", lambda s: s.reorder(L(s, "i"), L(s, "j_c")),
                          "not in the perfect nest under loop 'i'", "serial for (j_c,"),
    "bind_reduce_to_block": ("rfactor", lambda s: s.bind(L(s, "reduce_j"), "blockIdx.x"),
                             "blocks cannot combine partial results", "serial for (reduce_j,"),
    "bind_unknown_axis": ("bind_gpu", lambda s: s.bind(L(s, "i"), "warp.x"), "expected blockIdx.x",
                          "serial for (i,"),
    "bind_twice": ("bind_gpu", lambda s: (s.bind(L(s, "i"), "threadIdx.x"), s.bind(L(s, "j"), "threadIdx.x")),
                   "is bound to it", "serial for (j,"),
    "parallel_reduction": ("rfactor", lambda s: s.parallel(L(s, "reduce_j")), "it reduces block 'B'",
                           "serial for (reduce_j,"),
    "parallel_nested": ("parallel", lambda s: (s.parallel(L(s, "i")), s.parallel(L(s, "j"))),
                        "parallel already", "serial for (j,"),
    "parallel_bad_team": ("parallel", lambda s: s.parallel(L(s, "i"), 0), "a team size is a positive integer",
                          "serial for (i,"),
    "vectorize_outer": ("vectorize", lambda s: s.vectorize(L(s, "i")), "it is not innermost", "serial for (i,"),
    "vectorize_reduction": ("rfactor", lambda s: s.vectorize(L(s, "reduce_j")), "rfactor it first",
                            "serial for (reduce_j,"),
    "unroll_bound": ("unroll", lambda s: (s.parallel(L(s, "i")), s.unroll(L(s, "i"))), "already parallel",
                     "serial for (i,"),
    "annotate_bad_key": ("annotate", lambda s: s.annotate("B", "not a key", 1), "is not an identifier",
                         "ScheduleBlock(B)"),
    "inline_reduction": ("rfactor", lambda s: s.compute_inline("B"), "cannot inline reduction block",
                         "ScheduleBlock(B)"),
    "inline_output": ("compute_inline", lambda s: s.compute_inline("C"), "is an output of the function",
                      "ScheduleBlock(C)"),
    "reverse_inline_no_producer": ("reverse_compute_inline", lambda s: s.reverse_compute_inline("B"),
                                   "needs exactly one", "ScheduleBlock(B)"),
    "compute_at_after": ("compute_at", lambda s: s.compute_at("C", L(s, "i")), "comes after loop 'i'",
                         "serial for (i,"),
    "compute_at_mismatched_loops": ("compute_at", lambda s: (s.reorder(L(s, "j_c"), L(s, "i_c")),
                                                             s.compute_at("B", L(s, "i_c"))),
                                    "loop 'i' does not match loop 'j_c'", "serial for (i_c,"),
    "reverse_compute_at_before": ("reverse_compute_at", lambda s: s.reverse_compute_at("B", L(s, "i_c")),
                                  "comes before loop 'i_c'", "serial for (i_c,"),
    "cache_read_not_read": ("cache_read", lambda s: s.cache_read("C", "Z", "local"), "does not read tensor 'Z'",
                            "ScheduleBlock(C)"),
    "cache_write_scope": ("cache_write", lambda s: s.cache_write("B", "texture"), "unknown storage scope 'texture'",
                          "ScheduleBlock(B)"),
    "rfactor_spatial": ("rfactor", lambda s: s.rfactor(L(s, "i")), "needs exactly one", "serial for (i,"),
    "factorize_spatial": ("rfactor", lambda s: s.factorize_reduction(L(s, "i")), "reduce loop of 0 blocks",
                          "serial for (i,"),
    "factorize_twice": ("rfactor", lambda s: (s.factorize_reduction(L(s, "reduce_j")),
                                              s.factorize_reduction(L(s, "reduce_j"))),
                        "no init block for B_rf before loop 'reduce_j'", "ScheduleBlock(B)"),
    "shared_combine_reduce_update": ("rfactor", lambda s: s.shared_combine("B", L(s, "i").loop_var, 8),
                                     "it depends on loop 'reduce_j'", "ScheduleBlock(B)"),
    "shared_combine_not_last": ("rfactor", lambda s: s.shared_combine("B__reduce_init", L(s, "i").loop_var, 8),
                                "not the last statement of a loop", "ScheduleBlock(B__reduce_init)"),
    "shared_combine_bad_lanes": ("shared_combine", lambda s: s.shared_combine("B", L(s, "i").loop_var, 0),
                                 "lanes 0 is not a positive integer", "ScheduleBlock(B)"),
    "storage_align_argument": ("storage_align", lambda s: s.storage_align("C", 0, 8, 1),
                               "is a function argument", "ScheduleBlock(C)"),
    "fission_single_statement": ("split", lambda s: s.fission(L(s, "j")), "its body is a single statement",
                                 "serial for (j,"),
    "fission_across_iterations": ("scalar_temp", lambda s: s.fission(L(s, "i")), "share buffer _T across iterations",
                                  "serial for (i,"),
    "fission_cut_across_iterations": ("scalar_temp", lambda s: s.fission(L(s, "i"), cuts=[1]),
                                      "share buffer _T across iterations", "serial for (i,"),
    "fission_cut_out_of_range": ("scalar_temp", lambda s: s.fission(L(s, "i"), cuts=[2]),
                                 "at [2]: its body has 2 statements", "serial for (i,"),
    "vectorize_over_serial_inner": ("split", lambda s: (s.split(L(s, "j"), [None, 4]), s.vectorize(L(s, "j_0"))),
                                    "it is not innermost", "serial for (j,"),
    "get_block_unknown": ("split", lambda s: s.get_block("Z"), "no schedule block named 'Z'", "function before"),
}


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_use_is_located(name: str) -> None:
    case, action, message, anchor = ILLEGAL[name]
    path = HERE / f"{case}.ast"
    before = parse_file(str(path)).functions[0]
    s = Schedule(before)
    with pytest.raises(PircError) as ei:
        action(s)
    text = ei.value.render()
    lines = path.read_text().splitlines()
    line = next(i for i, t in enumerate(lines, 1) if t.strip().startswith(anchor))
    col = len(lines[line - 1]) - len(lines[line - 1].lstrip()) + 1
    first = text.splitlines()[0]
    assert first.startswith(f"{path}:{line}:{col}: error: schedule: "), text
    assert message in first, text
    assert lines[line - 1].strip() in text and "^" in text  # the source line and a caret


def test_failed_primitive_leaves_the_schedule_unchanged() -> None:
    before = parse_file(str(HERE / "split.ast")).functions[0]
    s = Schedule(before)
    with pytest.raises(PircError):
        s.vectorize(L(s, "i"))
    assert s.tree is before and get_block(s.tree, "B").block.name == "B"
