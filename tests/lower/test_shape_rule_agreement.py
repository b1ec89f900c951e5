"""Lowering keeps its own symbolic shape rules (strategy.py) next to each op's infer_meta, which
the verifier applies to result types.  Where the two disagree on a static dim, lowering stops with
a located error instead of silently trusting one of them; on the whole corpus they agree (every
group lowers: tests/lower/test_corpus_lower.py)."""

from __future__ import annotations

import pytest
from lower_helpers import data_line, groups_of, program_text

from pirc.cinn.lower.op_lower import OpLower
from pirc.cinn.lower.strategy import LoweringError
from pirc.ir.verifier import verify
from pirc.text.parser import parse_program


def test_a_result_type_the_lowering_rule_contradicts_is_a_located_error() -> None:
    lines = [data_line(0, "x", [4, 8]),
             '(%50) = "cinn_op.group" () -> tensor<4x9xf32> {',
             '    (%100) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<4x8xf32>) -> tensor<4x9xf32>',
             '    () = "cf.yield" (%100) {} : (tensor<4x9xf32>) -> ',
             "}",
             '() = "builtin.shadow_output" (%50) {output_name:"out0"} : (tensor<4x9xf32>) -> ']
    prog = parse_program(program_text(lines), "bad.pir")
    assert verify(prog)  # the verifier rejects it too; pirc-run --no-verify skips the verifier
    with pytest.raises(LoweringError) as e:
        OpLower("c").lower(groups_of(prog)[0], 0)
    d = e.value.diagnostics[0]
    assert "gives dim 1 of result 0 as 8, but its type says 9" in d.message
    assert d.loc is not None and d.loc.line == 4  # at the pd_op.exp line
