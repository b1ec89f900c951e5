"""CUDA schedule step ``fuse_serial_loops``: with per-thread serial reductions (strategy
``none``), an elementwise output and the reductions of it share one loop over R and one
computation of the value (a register), and results stay bit-identical; loops that depend on
each other (a softmax) stay apart."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lower"))

from lower_helpers import data_line, first_group, group_program, program_text, run_lowered, run_steps, schedule_setup

from pirc.cinn.ast import Call, For, ForKind, Load, ScheduleBlockRealize, walk
from pirc.cinn.lower import OpLower
from pirc.cinn.lower import reduce_strategy as rs
from pirc.cinn.lower import schedule as sch

X = (6, 8, 4)  # reduce axis 1 (8, the last axis kept): each thread reduces its own point


def _group():  # type: ignore[no-untyped-def]
    t = "tensor<6x8x4xf32>"
    r = "tensor<6x1x4xf32>"
    return group_program([("x", list(X), "f32")], [
        f'(%100) = "pd_op.exp" (%0) {{stop_gradient:[true]}} : ({t}) -> {t}',
        (f'(%101) = "cinn_op.reduce_sum" (%100) {{axis:[1],dtype:float32,keepdim:true,stop_gradient:[true]}} '
         f': ({t}) -> {r}'),
        (f'(%102) = "cinn_op.reduce_max" (%100) {{axis:[1],keepdim:true,stop_gradient:[true]}} '
         f': ({t}) -> {r}'),
    ], [("%100", t), ("%101", r), ("%102", r)])[1]


def _serial_loops(root) -> list[For]:  # type: ignore[no-untyped-def]
    """The serial loops over R (extent 8; the spatial loop is serial too until bind_axes)."""
    return [n for n in walk(root) if isinstance(n, For) and n.kind is ForKind.SERIAL and n.extent.value == X[1]]


def _exps(root) -> int:  # type: ignore[no-untyped-def]
    return sum(1 for n in walk(root) if isinstance(n, Call) and n.name == "exp")


def test_sibling_loops_join_and_the_value_is_computed_once() -> None:
    _, _st, info, root = schedule_setup(_group(), "cuda")
    before = run_steps(root, info, "vertical_fusion")
    assert info.strategy is not None and info.strategy.method == rs.NONE
    assert len(_serial_loops(before)) == 3 and _exps(before) == 3  # exp inlined into both reductions
    after = sch.fuse_serial_loops(before, info)
    (loop,) = _serial_loops(after)
    names = [r.block.name for r in loop.body.stmts if isinstance(r, ScheduleBlockRealize)]
    assert len(names) == 4 and names[0].endswith("_local")  # the register, the output, two reductions
    assert _exps(after) == 1
    reg = names[0]
    assert sum(1 for n in walk(loop) if isinstance(n, Load) and n.tensor.name == reg) == 3


def test_results_keep_float32_serial_arithmetic() -> None:
    """With the step the sum is exactly the serial float32 sum of the float32 exps (what the CUDA
    text computes either way); the AST evaluator, which does not round an inlined value to
    float32 before its consumer uses it, agrees within rounding without the step."""
    x = np.random.default_rng(0).standard_normal(X).astype(np.float32)
    fused = run_lowered(OpLower("cuda").lower(_group(), 0), [x])
    apart = run_lowered(_lower_without_step(), [x])
    e = np.exp(x)
    acc = np.zeros((X[0], 1, X[2]), np.float32)
    for k in range(X[1]):
        acc = (acc + e[:, k:k + 1, :]).astype(np.float32)
    np.testing.assert_array_equal(fused[0], e)
    np.testing.assert_array_equal(fused[1], acc)
    np.testing.assert_array_equal(fused[2], e.max(1, keepdims=True))
    for a, b in zip(fused, apart):
        np.testing.assert_allclose(a, b, rtol=1e-6)


def _lower_without_step():  # type: ignore[no-untyped-def]
    ol = OpLower("cuda")
    real = ol._info

    def info(*a, **k):  # type: ignore[no-untyped-def]
        i = real(*a, **k)
        i.params["fuse_serial"] = False
        return i

    ol._info = info  # type: ignore[method-assign]
    lg = ol.lower(_group(), 0)
    assert len(_serial_loops(lg.functions[0])) == 3
    return lg


def test_dependent_loops_stay_apart() -> None:
    """A softmax over the kept-last-axis layout: each loop reads what the one before produced."""
    t = "tensor<6x8x4xf32>"
    text = program_text([
        data_line(0, "x", list(X)),
        f'(%1) = "pd_op.softmax" (%0) {{axis:1,stop_gradient:[true]}} : ({t}) -> {t}',
        f'() = "builtin.shadow_output" (%1) {{output_name:"out"}} : ({t}) -> ',
    ])
    _, g = first_group(text)
    _, _st, info, root = schedule_setup(g, "cuda")
    before = run_steps(root, info, "vertical_fusion")
    assert info.strategy is not None and info.strategy.method == rs.NONE
    assert sch.fuse_serial_loops(before, info) is before


def test_other_strategies_and_the_c_target_are_left_alone() -> None:
    _, _st, info, root = schedule_setup(_group(), "c")
    before = run_steps(root, info, "vertical_fusion")
    assert sch.fuse_serial_loops(before, info) is before
