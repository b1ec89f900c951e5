"""add_broadcast_to_elementwise: explicit broadcasts, static and dynamic, and the numbers."""

from __future__ import annotations

import numpy as np
import pytest
from fusion_helpers import P, execute, fuse, parse, round_trip

from pirc.ir.program import Program
from pirc.passes.fusion_policy import exclusion_reason


def rnd(*shape: int, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def run(p: P, feeds: dict[str, np.ndarray]) -> Program:
    text = p.text()
    want = execute(parse(text), feeds, engine="ref")
    prog = fuse(text, "add_broadcast_to_elementwise")
    round_trip(prog)
    got = execute(prog, feeds, engine="ref")
    for k, w in want.items():
        assert got[k].shape == w.shape and got[k].dtype == w.dtype
        np.testing.assert_allclose(got[k], w, rtol=1e-6)
    # every elementwise op now sees operands of its result's shape
    for op in prog.walk():
        if op.name.startswith("pd_op.") and op.name not in ("pd_op.data", "pd_op.fetch", "pd_op.full"):
            assert exclusion_reason(op) != "implicit broadcasting", op
    return prog


def broadcasts(prog: Program) -> list[str]:
    return [f"{op.attr('broadcast_axes')}->{op.attr('out_shape')} ref={op.num_operands == 2}"
            for op in prog.walk() if op.name == "cinn_op.broadcast"]


def test_static_bias() -> None:
    p = P()
    x, b = p.data("x", [4, 6]), p.data("b", [6])
    p.fetch(p.op("add", x, b))
    prog = run(p, {"x": rnd(4, 6), "b": rnd(6, seed=1)})
    assert broadcasts(prog) == ["[1]->[4, 6] ref=False"]


def test_full_operand_is_reshaped_like_cinn() -> None:
    p = P()
    x = p.data("x", [4, 6])
    p.fetch(p.op("multiply", x, p.full(3.0, [])))
    prog = run(p, {"x": rnd(4, 6)})
    assert broadcasts(prog) == []
    fulls = [op for op in prog.walk() if op.name == "pd_op.full"]
    assert [f.attr("shape") for f in fulls] == [[4, 6]]


def test_dynamic_batch_bias_borrows_the_shape_of_the_other_operand() -> None:
    p = P()
    x, b = p.data("x", [-1, 6]), p.data("b", [6])
    p.fetch(p.op("add", b, x, shape=[-1, 6]))
    prog = run(p, {"x": rnd(3, 6), "b": rnd(6, seed=1)})
    assert broadcasts(prog) == ["[1]->[-1, 6] ref=True"]


def test_dynamic_full_becomes_a_broadcast() -> None:
    p = P()
    x = p.data("x", [-1, 6])
    p.fetch(p.op("maximum", x, p.full(0.0, [1])))
    prog = run(p, {"x": rnd(3, 6)})
    assert broadcasts(prog) == ["[1]->[-1, 6] ref=True"]


def test_both_operands_broadcast() -> None:
    p = P()
    x, y = p.data("x", [-1, 1]), p.data("y", [1, -1])
    p.fetch(p.op("subtract", x, y, shape=[-1, -1]))
    prog = run(p, {"x": rnd(3, 1), "y": rnd(1, 5, seed=1)})
    assert broadcasts(prog) == ["[0, 1]->[-1, -1] ref=True", "[0, 1]->[-1, -1] ref=True"]


def test_keepdim_reduction_result() -> None:
    p = P()
    x, m = p.data("x", [-1, 4, 5]), p.data("m", [-1, 1, 5])
    p.fetch(p.op("divide", x, m))
    prog = run(p, {"x": rnd(2, 4, 5), "m": rnd(2, 1, 5, seed=1)})
    assert broadcasts(prog) == ["[0, 1, 2]->[-1, 4, 5] ref=False"]


def test_dynamic_operand_against_a_static_result_dim() -> None:
    p = P()
    x, y = p.data("x", [-1]), p.data("y", [4])
    p.fetch(p.op("add", x, y, shape=[4]))
    for n in (1, 4):
        run(p, {"x": rnd(n), "y": rnd(4, seed=1)})


def test_scalar_into_one_element_tensor() -> None:
    p = P()
    x, s = p.data("x", [1]), p.data("s", [])
    p.fetch(p.op("add", x, s))
    prog = run(p, {"x": rnd(1), "s": rnd(seed=1)})
    assert broadcasts(prog) == ["[]->[1] ref=False"]


def test_compare_and_where() -> None:
    p = P()
    x, y = p.data("x", [-1, 6]), p.data("y", [1, 6])
    c = p.op("greater_than", x, y, dtype="bool")
    p.fetch(p.op("where", c, x, y, shape=[-1, 6], dtype="float32"))
    prog = run(p, {"x": rnd(3, 6), "y": rnd(1, 6, seed=1)})
    assert len(broadcasts(prog)) == 2


@pytest.mark.parametrize("shape", [[2, 3], [3]])
def test_equal_shapes_untouched(shape: list[int]) -> None:
    p = P()
    x, y = p.data("x", shape), p.data("y", shape)
    p.fetch(p.op("add", x, y))
    assert broadcasts(run(p, {"x": rnd(*shape), "y": rnd(*shape, seed=1)})) == []
