"""The effects interface (pirc/ir/effects.py): installed on every OpInfo, derived from the op
definitions' inplace / view maps, region ops summarised from their regions."""

from __future__ import annotations

from pathlib import Path

import pirc.dialects.all  # noqa: F401  (registers the ops)
from pirc.ir.effects import (
    EFFECTS,
    PURE,
    OpEffects,
    RegionEffects,
    alias_roots,
    get_effects,
    is_side_effect_free,
    may_share_origins,
    variable_of,
    written_variables,
)
from pirc.ir.opinfo import get_op_info
from pirc.text.parser import parse_program

CLASS4 = Path(__file__).parents[1] / "runtime" / "alias_cases" / "class4_region_alias.pir"


def test_interface_is_in_the_opinfo_map_and_derived_from_the_definitions() -> None:
    tanh_ = get_op_info("pd_op.tanh_").interface(EFFECTS)
    assert isinstance(tanh_, OpEffects) and tanh_.writes == (0,) and tanh_.inplace == ((0, 0),)
    assert get_op_info("pd_op.tanh").interface(EFFECTS) is PURE
    reshape = get_op_info("pd_op.reshape").interface(EFFECTS)
    assert reshape.views == ((0, 0),) and not reshape.writes
    assert get_op_info("cinn_op.reshape").interface(EFFECTS) is PURE  # materialises: no view
    assert get_op_info("pd_op.fetch").interface(EFFECTS).side_effect
    assert get_op_info("some.unknown_op").interface(EFFECTS).side_effect
    assert isinstance(get_op_info("pd_op.if").interface(EFFECTS), RegionEffects)
    assert get_op_info("pd_op.dropout").interface(EFFECTS).random


def test_region_summary_aliases_and_writes() -> None:
    prog = parse_program(CLASS4.read_text(), CLASS4.name)
    ops = list(prog.block.ops)
    e = next(o for o in ops if o.name == "pd_op.exp").results[0]
    first_if = next(o for o in ops if o.name == "pd_op.if")
    eff = get_effects(first_if)
    a, b = first_if.results
    assert (a, e) in eff.aliases  # the then-branch yields e itself
    assert (b, e) in eff.views  # the transpose of e: may share storage, but a copy
    assert not eff.writes and eff.pure
    tanh_ = next(o for o in ops if o.name == "pd_op.tanh_")
    assert variable_of(tanh_.results[0]) is a
    assert e in alias_roots(tanh_.results[0])  # writing the if result writes e
    assert e not in alias_roots(b)
    assert e in may_share_origins(b)
    assert e in written_variables(prog.block.ops)
    assert not is_side_effect_free(tanh_)


def test_region_writing_a_captured_value_writes_it() -> None:
    text = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    (%1) = "pd_op.data" () {dtype:bool,name:"c",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%2) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
    (%3) = "pd_op.if" (%1) {stop_gradient:[true]} -> tensor<4xf32> {
        (%4) = "pd_op.tanh_" (%2) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
        (%5) = "pd_op.abs" (%4) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
        () = "cf.yield" (%5) {} : (tensor<4xf32>) -> 
    } else {
        (%6) = "pd_op.relu" (%2) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
        (%7) = "pd_op.relu_" (%6) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
        () = "cf.yield" (%7) {} : (tensor<4xf32>) -> 
    }
}
"""
    prog = parse_program(text, "t.pir")
    ops = list(prog.block.ops)
    e = ops[2].results[0]
    eff = get_effects(ops[3])
    assert eff.writes == [e]  # tanh_ of the captured e; relu_ writes only a value of its own branch
    assert eff.reads == [ops[1].results[0], e]
    assert eff.allocates == [ops[3].results[0]]
