"""The C schedule's hoist of per-column values out of a first- / middle-axis nest
(pirc/cinn/schedule/group/cpu.py): a column normalisation computes its mean and
``rsqrt(var + eps)`` once per tile, not once per element; results are bit-identical to the
unhoisted kernel; an accumulator the loops write is never hoisted."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from pirc.cinn.ast import Call, For, ForKind, Load, ScheduleBlockRealize, parse, walk
from pirc.cinn.tune.log import ANY, use_params
from pirc.cli.lower import lower_text

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "schedule"))
from knob_runs import runs_with_params
from pir_layouts import Layout

COLNORM = Layout("colnorm", (48, 64), "float32", "").program()
MIDDLE = Layout("middle_max", (3, 40, 64), "float32", "").program()


def _blocks(text: str) -> dict[str, ScheduleBlockRealize]:
    return {n.block.name: n for n in walk(parse(text, "k.ast")) if isinstance(n, ScheduleBlockRealize)}


def test_column_values_are_computed_once_per_tile() -> None:
    text, _ = lower_text(COLNORM, "m", "c", False)
    blocks = _blocks(text)
    hoisted = [b for name, b in blocks.items() if "_hoist" in name]
    assert len(hoisted) == 3  # the mean (shared by both uses in the variance), the mean and the rsqrt factor
    assert any(isinstance(n, Call) and n.name == "sqrt" for b in hoisted for n in walk(b))
    out = next(b for name, b in blocks.items() if name == "var_14")
    assert not any(isinstance(n, Call) for n in walk(out))  # no sqrt left per element
    # every hoisted value is a vectorised loop of its own, outside any loop over the reduced rows
    tree = parse(text, "k.ast")
    for f in (n for n in walk(tree) if isinstance(n, For) and "_h" in n.loop_var.name):
        assert f.kind is ForKind.VECTORIZED
    for f in (n for n in walk(tree) if isinstance(n, For) and n.loop_var.name in ("k", "reduce_k")):
        assert not any(isinstance(n, ScheduleBlockRealize) and "_hoist" in n.block.name for n in walk(f))
    # an accumulator is read under its reduce loop (var_2[i] + x[k, i]), never from a hoisted temp
    upd = blocks["var_2"]
    assert any(isinstance(n, Load) and n.tensor.name == "var_2" for n in walk(upd.block.body))
    with use_params(ANY, "c", {"hoist": False}):
        plain, _ = lower_text(COLNORM, "m", "c", False)
    assert "_hoist" not in plain


def test_nothing_to_hoist_leaves_the_nest_alone() -> None:
    text, _ = lower_text(MIDDLE, "m", "c", False)
    with use_params(ANY, "c", {"hoist": False}):
        plain, _ = lower_text(MIDDLE, "m", "c", False)
    assert "_hoist" not in text and text == plain.replace(', tuned:"hoist=False"', "")


def test_hoisted_kernel_is_bit_identical() -> None:
    x = np.random.default_rng(2).standard_normal((48, 64)).astype("float32")
    want, got = runs_with_params(COLNORM, {"x": x}, ({}, {"hoist": False}))
    for k in want:
        assert np.array_equal(got[0][k], got[1][k])
        assert np.allclose(got[0][k], want[k], rtol=1e-4, atol=1e-5)
