"""Blocks of rows for a last-axis reduction whose epilogue reads a row every row shares
(pirc/cinn/schedule/group/row_block.py): a layer norm writes ``y = norm(x) * gamma + beta`` for
four rows at a time, so ``gamma`` and ``beta`` are loaded once per block; the per-row mean and
``rsqrt`` are computed once per row, outside the vector loop; results are bit-identical to one
row at a time (and match the interpreter) for any block size, width and row count; nests with
no shared row, or whose epilogue is bound by a transcendental function, are left alone."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pirc.cinn.ast import Call, For, ForKind, ScheduleBlockRealize, parse, walk
from pirc.cinn.backend.build import generate
from pirc.cinn.schedule.group.row_block import BLOCK_BYTES, L1_BYTES, MIN_BLOCKS
from pirc.cinn.tune import space
from pirc.cinn.tune.log import ANY, use_params
from pirc.cli.lower import lower_text

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "schedule"))
from knob_runs import runs_with_params
from pir_layouts import Layout

LAYERNORM = Layout("layernorm", (256, 4096), "float32", "")


def _lower(text: str, params: dict[str, Any] | None = None) -> str:
    with use_params(ANY, "c", params or {}):
        ast_text, _ = lower_text(text, "m", "c", False)
    return ast_text


def _loops(ast_text: str) -> dict[str, For]:
    return {n.loop_var.name: n for n in walk(parse(ast_text, "k.ast")) if isinstance(n, For)}


def test_layer_norm_epilogue_runs_four_rows_at_a_time() -> None:
    text = _lower(LAYERNORM.program())
    loops = _loops(text)
    assert "parallel for (i_0, 0, 64)" in text  # 256 rows in blocks of 4, the blocks on the threads
    vec = loops["k"]
    assert vec.kind is ForKind.VECTORIZED
    (rows,) = [f for f in walk(vec.body) if isinstance(f, For)]
    assert rows.kind is ForKind.UNROLLED and rows.extent.value == 4  # type: ignore[attr-defined]
    # the epilogue's per-row values (mean, rsqrt) come from temps filled once per row, no sqrt per element
    (out,) = [n for n in walk(vec) if isinstance(n, ScheduleBlockRealize)]
    assert not any(isinstance(n, Call) for n in walk(out))
    hoisted = [n for n in walk(parse(text, "k.ast")) if isinstance(n, ScheduleBlockRealize) and "_hoist" in n.block.name]
    assert any(isinstance(n, Call) and n.name == "sqrt" for h in hoisted for n in walk(h))
    # the reductions still run row by row (both passes over a row while it is in cache)
    assert any(f.loop_var.name == "i_1" and f.kind is ForKind.SERIAL for f in loops.values())
    c = generate(parse(text, "k.ast"), "c").text
    assert re.search(r"#pragma omp simd\n\s*for \(int64_t v\d+_k = 0; v\d+_k < 4096;[^\n]*\n(.*\n){0,4}"
                     r"#pragma GCC unroll 4\n", c)


def test_knob_turns_it_off_and_sets_the_rows() -> None:
    assert space.SPACE["row_block"] == (None, False, 2, 8)
    plain = _lower(LAYERNORM.program(), {"row_block": False})
    assert "i_0" not in plain and "unroll" not in plain and "parallel for (i, 0, 256)" in plain
    assert "parallel for (i_0, 0, 32)" in _lower(LAYERNORM.program(), {"row_block": 8})


def test_nests_without_a_shared_row_are_left_alone() -> None:
    for name in ("rownorm", "keepdim_sub", "rownorm_gelu", "last_sum"):
        text = Layout(name, (256, 512), "float32", "").program()
        assert _lower(text) == _lower(text, {"row_block": False}).replace(', tuned:"row_block=False"', "")


def test_too_few_rows_narrow_rows_or_too_wide_rows_keep_one_row_at_a_time() -> None:
    few = Layout("layernorm", (4 * MIN_BLOCKS - 4, 4096), "float32", "").program()
    assert "i_0" not in _lower(few)
    # x, y, gamma and beta rows of 2048 floats: 32 KiB, gamma and beta stay in cache row to row
    narrow = Layout("layernorm", (256, L1_BYTES // 16), "float32", "").program()
    wider = Layout("layernorm", (256, L1_BYTES // 16 + 16), "float32", "").program()
    assert "i_0" not in _lower(narrow) and "parallel for (i_0, 0, 64)" in _lower(wider)
    wide = Layout("layernorm", (64, BLOCK_BYTES // 4 // 2 + 16), "float32", "").program()  # 2 rows pass the budget
    assert "i_0" not in _lower(wide)
    half = Layout("layernorm", (128, BLOCK_BYTES // 4 // 2), "float32", "").program()  # exactly 2 rows fit
    assert "parallel for (i_0, 0, 64)" in _lower(half)


def test_transcendental_epilogue_is_left_alone() -> None:
    # gelu(norm(x) * gamma + beta): bound by erf's arithmetic, not by the loads
    text = LAYERNORM.program().replace('"out"', '"pre"')
    last = re.findall(r"\((%\d+)\) = \"pd_op.add\"", text)[-1]
    n = int(re.findall(r"%(\d+)", text)[-1]) + 1
    shape = "tensor<256x4096xf32>"
    gelu = (f'    (%{n}) = "pd_op.gelu" ({last}) {{approximate:false,stop_gradient:[true]}} : ({shape}) -> {shape}\n'
            f'    (%{n + 1}) = "pd_op.fetch" (%{n}) {{col:0,name:"out",persistable:[true],stop_gradient:[true]}} : '
            f'({shape}) -> {shape}\n}}\n')
    text = text[:text.rindex("    (")] + gelu
    lowered = _lower(text)
    assert "gelu" in text and "i_0" not in lowered


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(blocks=st.integers(MIN_BLOCKS, MIN_BLOCKS + 9), width=st.sampled_from([2064, 3000, 4096]),
       rows=st.sampled_from([None, 2, 3, 8]), seed=st.integers(0, 2**16))
def test_blocked_rows_give_the_same_bits(blocks: int, width: int, rows: int | None, seed: int) -> None:
    lo = Layout("layernorm", (blocks * (rows or 4), width), "float32", "")
    feeds = lo.feeds(seed)
    feeds["x"][seed % lo.shape[0], seed % width] = np.float32(1e30)  # one row far from the others
    want, (plain, blocked) = runs_with_params(lo.program(), feeds, ({"row_block": False}, {"row_block": rows}))
    for k in want:
        assert np.array_equal(blocked[k], plain[k], equal_nan=True)
        assert np.allclose(blocked[k], want[k], rtol=1e-4, atol=1e-4, equal_nan=True)
