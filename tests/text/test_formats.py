"""Pieces of the format the corpus may not show: old printers, odd attributes, layouts."""

from __future__ import annotations

import pytest

from pirc.ir.attributes import DataTypeAttr, FloatAttr, IntArrayAttr, IntAttr, LayoutAttr, OpaqueAttr, PlaceAttr
from pirc.ir.types import DenseTensorType, OpaqueType, VectorType
from pirc.text.parser import parse_attr_dict, parse_program, parse_type
from pirc.text.printer import print_program

BETA = """{ // Operator Dialect
    (%0) = "pd_op.data" () {dtype:(pd_op.DataType)float32,name:"x",place:(pd_op.Place)Place(undefined:0),shape:(pd_op.IntArray)[-1,-1],stop_gradient:[true]} : () -> builtin.tensor<-1x-1xf32>
    (%1) = "pd_op.full" () {dtype:(pd_op.DataType)float32,place:(pd_op.Place)Place(undefined:0),shape:(pd_op.IntArray)[],stop_gradient:[true],value:(Double)5} : () -> builtin.tensor<f32>
    (%2) = "pd_op.add" (%0, %1) {stop_gradient:[true]} : (builtin.tensor<-1x-1xf32>, builtin.tensor<f32>) -> builtin.tensor<-1x-1xf32>
    () = "builtin.shadow_output" (%2) {output_name:"output_0"} : (builtin.tensor<-1x-1xf32>) ->
}
"""

NEW = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,-1],stop_gradient:[true]} : () -> tensor<-1x-1xf32>
    (%1) = "pd_op.full" () {dtype:float32,place:Place(undefined:0),shape:[],stop_gradient:[true],value:5} : () -> tensor<f32>
    (%2) = "pd_op.add" (%0, %1) {stop_gradient:[true]} : (tensor<-1x-1xf32>, tensor<f32>) -> tensor<-1x-1xf32>
    () = "builtin.shadow_output" (%2) {output_name:"output_0"} : (tensor<-1x-1xf32>) -> 
}
"""


def test_beta_typed_style_reads_and_prints_in_current_style() -> None:
    assert print_program(parse_program(BETA, "beta.pir")) == NEW


def test_typed_attributes_keep_their_kind() -> None:
    d = parse_attr_dict("{a:(Float)1,b:(Double)2.5,c:(Int32)0,d:(Int64)-1,e:(pd_op.IntArray)[1,2],"
                        "f:(pd_op.DataType)int64,g:(pd_op.DataLayout)NCHW,h:(pd_op.Place)Place(gpu:0)}")
    assert d["a"] is FloatAttr.get(1.0, "f32") and d["b"] is FloatAttr.get(2.5, "f64")
    assert d["c"] is IntAttr.get(0, "i32") and d["d"] is IntAttr.get(-1, "i64")
    assert d["e"] is IntArrayAttr.get([1, 2]) and d["f"] is DataTypeAttr.get("int64")
    assert d["g"] is LayoutAttr.get("NCHW") and d["h"] is PlaceAttr.get("Place(gpu:0)")
    assert d["h"].value == "gpu:0"
    assert d.legacy_text == ("{a:(Float)1,b:(Double)2.5,c:(Int32)0,d:(Int64)-1,e:(pd_op.IntArray)[1,2],"
                             "f:(pd_op.DataType)int64,g:(pd_op.DataLayout)NCHW,h:(pd_op.Place)Place(gpu:0)}")


def test_untyped_attribute_spellings() -> None:
    d = parse_attr_dict('{a:1e-05,b:-inf,c:nan,d:Undefined(AnyLayout),e:<#AttrNotImplemented>,f:"q\\"uote",'
                        "g:[true,false],h:[],i:inf,j:Undefined}")
    assert d.text == ('{a:1e-05,b:-inf,c:nan,d:Undefined(AnyLayout),e:<#AttrNotImplemented>,f:"q\\"uote",'
                      "g:[true,false],h:[],i:inf,j:Undefined}")
    assert d["f"].value == 'q"uote'
    assert isinstance(d["e"], OpaqueAttr) and d["b"].value == float("-inf")


@pytest.mark.parametrize("text", [
    "tensor<2x3xf32>", "tensor<f32>", "tensor<-1x224x224xbf16>", "tensor<2xindex>", "vec[tensor<2xf32>,tensor<2xf32>]",
    "vec[]", "pd_op.tensor_array<f32>", "pd_op.selectedrows<10x4xf32>", "gpu_tensor<-1x-1xf32>", "f32", "c128",
])
def test_types_round_trip(text: str) -> None:
    assert parse_type(text).text == text


def test_type_kinds() -> None:
    assert isinstance(parse_type("pd_op.tensor<64x128xf32>"), DenseTensorType)
    assert parse_type("builtin.tensor<3xi64>") is parse_type("tensor<3xi64>")
    assert isinstance(parse_type("vec[tensor<2xf32>]"), VectorType)
    assert isinstance(parse_type("pd_op.tensor_array<f32>"), OpaqueType)


def test_while_and_group_printers() -> None:
    text = """{
    (%0) = "pd_op.full" () {dtype:int64,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%1) = "pd_op.full" () {dtype:int64,place:Place(cpu),shape:[1],stop_gradient:[true],value:10} : () -> tensor<1xi64>
    (%2) = "pd_op.less_than" (%0, %1) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
    (%3) = "pd_op.while" (cond=%2, inputs=%0) { 
    ^%arg_0 {stop_gradient:true}
        (%4) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
        (%5) = "pd_op.scale" (%arg_0, %4) {bias:1,bias_after_scale:true,stop_gradient:[true]} : (tensor<1xi64>, tensor<1xf32>) -> tensor<1xi64>
        (%6) = "pd_op.less_than" (%5, %1) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        () = "cf.yield" (%6, %5) {} : (tensor<1xb>, tensor<1xi64>) -> 
    }
    (%7) = "cinn_op.group" () -> tensor<1xi64> {
        (%8) = "pd_op.relu" (%3) {stop_gradient:[true]} : (tensor<1xi64>) -> tensor<1xi64>
        () = "cf.yield" (%8) {} : (tensor<1xi64>) -> 
    }
}
"""
    p = parse_program(text, "w.pir")
    assert print_program(p) == text
    assert print_program(parse_program(text, "w.pir", fast=False)) == text
    w = next(op for op in p.walk() if op.name == "pd_op.while")
    assert [a.type.text for a in w.regions[0].blocks[0].args] == ["tensor<1xi64>"]
    assert w.results[0].type is w.operand(1).type


def test_free_layout_reads_through_the_grammar() -> None:
    """Line breaks and spacing Paddle never prints still parse (through the Lark path)."""
    text = '{ (%0) = "pd_op.full" ()\n {dtype:float32,place:Place(cpu),shape:[1],value:2}\n : () -> tensor<1xf32>\n (%1) = "pd_op.relu" (%0) {} : (tensor<1xf32>) -> tensor<1xf32> }'
    p = parse_program(text, "free.pir")
    assert [op.name for op in p.walk()] == ["pd_op.full", "pd_op.relu"]
    assert next(p.walk()).loc.line == 1 and list(p.walk())[1].loc.line == 4


def test_fast_attribute_reader_agrees_with_the_grammar() -> None:
    """Every attribute dictionary of the corpus: the fast reader builds the grammar's (interned) object."""
    import re

    from pirc.text.attr_reader import read_attr_dict
    from pirc.text.grammar import parse_fragment
    from tests.conftest import corpus_models

    seen = set()
    for model in corpus_models():
        for line in (model / "program.pir").read_text().splitlines():
            for m in re.finditer(r'\) (\{(?:[^"{}]|"(?:[^"\\]|\\"|\\(?!"))*")*\})(?: :| ->)', line):
                seen.add(m.group(1))
    extra = ['{a:"x,y]}",b:["p","q,r"],c:[[1,2],[]],d:-1e-05,e:<#AttrNull>,f:Place(gpu:0)}', "{}", '{k:"\\"q"}']
    assert len(seen) > 200
    for text in sorted(seen) + extra:
        fast = read_attr_dict(text)
        assert fast is not None, text
        assert fast is parse_fragment(text, "attr_dict"), text
    assert read_attr_dict("{a:(Double)1}") is None  # typed spellings go to the grammar
    assert read_attr_dict("{a:1,}") is None and read_attr_dict("{a}") is None
