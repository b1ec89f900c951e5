"""Random DAGs of elementwise, injective, reduction and non-fusible ops: the fused program
always verifies (no group on a cycle, every group before its users), obeys the policy on
every edge inside a group, respects the size limit, and computes the same numbers."""

from __future__ import annotations

import random

import numpy as np
import pytest
from fusion_helpers import P, execute, fuse, groups_ops, parse, round_trip

UNARY = ["tanh", "sin", "abs", "relu", "cos"]
BINARY = ["add", "multiply", "subtract", "maximum"]


def random_program(seed: int, n_ops: int) -> P:
    rng = random.Random(seed)
    p = P()
    vals = [p.data("x", [4, 4]), p.data("y", [4, 4])]
    ax_i32 = None
    for _ in range(n_ops):
        def pick() -> str:
            k = min(len(vals), 6)
            return vals[-1 - rng.randrange(k)] if rng.random() < 0.7 else rng.choice(vals)

        r = rng.random()
        if r < 0.35:
            v = p.op(rng.choice(UNARY), pick())
        elif r < 0.65:
            v = p.op(rng.choice(BINARY), pick(), pick())
        elif r < 0.75:
            v = p.op("transpose", pick(), attrs="perm:[1,0]")
        elif r < 0.85:
            a = pick()
            axis = rng.choice([0, 1])
            shape = [1, 4] if axis == 0 else [4, 1]
            kind = rng.choice(["sum", "max"])
            attrs = "keepdim:true" + (",dtype:Undefined" if kind == "sum" else "")
            red = p.op(kind, a, p.ints([axis]), shape=shape, attrs=attrs)
            v = p.op("add", pick(), red, shape=[4, 4])
        elif r < 0.93:
            if ax_i32 is None:
                ax_i32 = p.full(1, [1], "int32")
            v = p.op("cumsum", pick(), ax_i32, attrs="exclusive:false,flatten:false,reverse:false")
        else:
            v = p.op("scale", pick(), p.full(0.5, [1]), attrs="bias:0.25,bias_after_scale:true")
        vals.append(v)
    outs = {vals[-1]} | {rng.choice(vals[2:]) for _ in range(3)}
    for v in sorted(outs, key=lambda s: int(s[1:])):
        p.fetch(v)
    return p


@pytest.mark.parametrize("seed", range(40))
def test_random_dag(seed: int) -> None:
    p = random_program(seed, 25 + seed % 30)
    text = p.text()
    limit = [0, 0, 3, 5, 8][seed % 5]
    prog = fuse(text, f"build_cinn{{max-group-size={limit}}}")
    round_trip(prog)
    if limit:
        assert all(len(g) <= limit for g in groups_ops(prog))
    rng = np.random.default_rng(seed)
    feeds = {"x": rng.uniform(-1, 1, (4, 4)).astype(np.float32), "y": rng.uniform(-1, 1, (4, 4)).astype(np.float32)}
    want = execute(parse(text), feeds, engine="ref")
    got = execute(prog, feeds, engine="ref")
    for k, w in want.items():
        np.testing.assert_allclose(got[k], w, rtol=1e-4, atol=1e-5, err_msg=k)


def test_small_cycle_budget_is_still_safe() -> None:
    """With a tiny search budget the cycle check refuses merges it cannot prove safe."""
    for seed in range(10):
        text = random_program(100 + seed, 40).text()
        tight = fuse(text, "build_cinn{cycle-check-budget=1}")  # fuse() checks the invariants
        round_trip(tight)
