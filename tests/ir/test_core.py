"""The IR core: use lists, mutation, interning, walking, cloning."""

from __future__ import annotations

import pytest

from pirc.ir.attributes import ArrayAttr, AttrDict, BoolAttr, FloatAttr, IntAttr, StrAttr, format_float, to_attr
from pirc.ir.core import Block, Operation
from pirc.ir.program import Program
from pirc.ir.types import DenseTensorType, ScalarType, VectorType, tensor, vec
from pirc.text.printer import print_program

F32x4 = tensor("float32", [4])


def op(name: str, *operands, results=(F32x4,), regions: int = 0) -> Operation:  # type: ignore[no-untyped-def]
    return Operation.create(name, list(operands), list(results), {"stop_gradient": [True]}, regions)


def uses_of(v):  # type: ignore[no-untyped-def]
    return [(u.owner.name, u.index) for u in v.uses()]


def test_types_are_interned() -> None:
    assert tensor("float32", [2, 3]) is DenseTensorType.get("f32", (2, 3))
    assert tensor("float32", [2, 3]) is not tensor("float32", [3, 2])
    assert vec(F32x4, F32x4) is VectorType.get((F32x4, F32x4))
    assert tensor("f32", []).text == "tensor<f32>"
    assert tensor("int64", [-1, 3]).text == "tensor<-1x3xi64>"
    assert vec(F32x4, tensor("bool", [1])).text == "vec[tensor<4xf32>,tensor<1xb>]"
    assert ScalarType.get("index") is ScalarType.get("index")


def test_attributes_are_interned_and_print_like_paddle() -> None:
    assert to_attr([True]) is ArrayAttr.get([BoolAttr.TRUE])
    assert FloatAttr.get(1e-5).text == "1e-05"
    assert FloatAttr.get(0.9).text == "0.9"
    assert FloatAttr.get(2.0).text == "2"
    assert FloatAttr.get(float("-inf")).text == "-inf"
    assert format_float(123456789.0) == "1.23457e+08"
    assert StrAttr.get('a"b').text == '"a\\"b"'
    assert IntAttr.get(3, "i64").legacy_text == "(Int64)3"
    d1 = AttrDict.get({"b": IntAttr.get(1), "a": BoolAttr.TRUE})
    d2 = AttrDict.get([("a", BoolAttr.TRUE), ("b", IntAttr.get(1))])
    assert d1 is d2
    assert d1.text == "{a:true,b:1}"
    assert d1.with_attr("c", StrAttr.get("x")).text == '{a:true,b:1,c:"x"}'


def test_use_lists_add_remove_and_rauw() -> None:
    a = op("pd_op.data", results=(F32x4,))
    b = op("pd_op.relu", a.results[0])
    c = op("pd_op.add", a.results[0], b.results[0])
    x = a.results[0]
    assert uses_of(x) == [("pd_op.add", 0), ("pd_op.relu", 0)]  # newest first, like Paddle
    assert x.use_count() == 2 and not x.has_one_use()
    # unlink the middle / head use in O(1)
    c.operands[0].set(None)
    assert uses_of(x) == [("pd_op.relu", 0)] and x.has_one_use()
    c.operands[0].set(x)
    d = op("pd_op.data")
    x.replace_all_uses_with(d.results[0])
    assert not x.has_uses()
    assert sorted(uses_of(d.results[0])) == [("pd_op.add", 0), ("pd_op.relu", 0)]
    assert b.operand(0) is d.results[0] and c.operand(0) is d.results[0]


def test_result_knows_its_op_and_index() -> None:
    o = op("builtin.split", results=(F32x4, F32x4, F32x4))
    assert [r.index for r in o.results] == [0, 1, 2]
    assert all(r.owner is o and r.defining_op is o for r in o.results)


def test_block_insert_erase_move_are_linked() -> None:
    blk = Block()
    ops = [op(f"pd_op.o{i}", results=()) for i in range(4)]
    for o in ops:
        blk.append(o)
    assert [o.name for o in blk.ops] == ["pd_op.o0", "pd_op.o1", "pd_op.o2", "pd_op.o3"]
    blk.insert_before(ops[3], ops[0])  # move
    assert [o.name for o in blk.ops] == ["pd_op.o3", "pd_op.o0", "pd_op.o1", "pd_op.o2"]
    ops[1].erase()
    assert [o.name for o in blk.ops] == ["pd_op.o3", "pd_op.o0", "pd_op.o2"]
    assert [o.name for o in blk.ops_reversed()] == ["pd_op.o2", "pd_op.o0", "pd_op.o3"]
    blk.insert_after(ops[1], ops[2])
    assert blk.last_op is ops[1] and len(blk) == 4


def test_erase_refuses_used_results() -> None:
    a = op("pd_op.data")
    b = op("pd_op.relu", a.results[0])
    with pytest.raises(ValueError, match="still has uses"):
        a.erase()
    b.erase()
    assert not a.results[0].has_uses()
    a.erase()


def test_nesting_walk_and_parent_links() -> None:
    p = Program()
    cond = op("pd_op.full", results=(tensor("bool", [1]),))
    p.block.append(cond)
    outer = p.block.append(op("pd_op.if", cond.results[0], regions=2))
    inner = outer.regions[0].block.append(op("pd_op.if", cond.results[0], regions=2))
    leaf = inner.regions[1].block.append(op("pd_op.relu", cond.results[0]))
    assert leaf.parent_op is inner and inner.parent_op is outer and outer.parent_op is p.module
    assert outer.is_ancestor_of(leaf) and not inner.is_ancestor_of(outer)
    assert [o.name for o in p.walk()] == ["pd_op.full", "pd_op.if", "pd_op.if", "pd_op.relu"]


def test_clone_remaps_operands_and_regions() -> None:
    p = Program()
    x = p.block.append(op("pd_op.data"))
    w = p.block.append(op("pd_op.while", x.results[0], x.results[0], regions=1))
    body = w.regions[0].block
    arg = body.add_arg(F32x4)
    r = body.append(op("pd_op.relu", arg))
    body.append(op("cf.yield", x.results[0], r.results[0], results=()))
    c = w.clone()
    assert c is not w and c.operand(0) is x.results[0]
    cbody = c.regions[0].block
    assert cbody.args[0] is not arg
    assert next(cbody.ops).operand(0) is cbody.args[0]


def test_printer_numbers_values_in_print_order() -> None:
    p = Program()
    a = p.block.append(op("pd_op.data"))
    b = p.block.append(op("pd_op.relu", a.results[0]))
    p.block.append(Operation.create("pd_op.fetch", [b.results[0]], [F32x4], {"col": 0, "name": "out"}))
    text = print_program(p)
    assert text.splitlines()[2] == '    (%1) = "pd_op.relu" (%0) {stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>'
    assert text.endswith("}\n") and text.startswith("{\n")
