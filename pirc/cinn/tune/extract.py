"""One fused group as a standalone program: a ``pd_op.data`` per group input, the group's
ops, a ``pd_op.fetch`` per group output.  Fusing it again gives the same group (the same
structural key), so a candidate can be built and measured on its own."""

from __future__ import annotations

from dataclasses import dataclass

from pirc.cinn.lower.host import find_groups
from pirc.cinn.lower.op_lower import captured_values
from pirc.cinn.tune.log import group_key, shapes_of
from pirc.ir.attributes import AttrDict, IntAttr, StrAttr
from pirc.ir.core import Operation
from pirc.ir.program import Program
from pirc.text.printer import print_program
from pirc.translate.builder import Builder, dims_of, dtype_of


@dataclass
class GroupTask:
    """What a worker needs to build and measure candidates of one group."""

    index: int
    key: str
    target: str
    program: str  # PIR text of the standalone group
    ops: list[str]  # the op names (for display)
    shapes: list[list[int]]
    dtypes: list[str]


def group_tasks(program: Program, target: str, dynamic_dim: int = 1) -> list[GroupTask]:
    """The groups of a fused ``program`` as standalone programs; a dynamic dim (-1) is measured
    at ``dynamic_dim`` (the key keeps the -1: the result applies to every size)."""
    out: list[GroupTask] = []
    for i, g in enumerate(find_groups(program)):
        body = g.regions[0].block
        ops = [op for op in body.ops if op.name != "cf.yield"]
        y = body.last_op
        outputs = [o.value for o in y.operands] if y is not None and y.name == "cf.yield" else []
        inputs = captured_values(body)
        key = group_key(ops, inputs, outputs, target)
        prog = Program()
        b = Builder(prog.block)
        m = {}
        for k, v in enumerate(inputs):
            m[v] = b.data(f"in{k}", [d if d >= 0 else dynamic_dim for d in dims_of(v.type)], dtype_of(v.type))
        for op in ops:
            prog.block.append(op.clone(m))
        for k, v in enumerate(outputs):
            nv = m[v]
            prog.block.append(Operation("pd_op.fetch", [nv], [nv.type],
                                        AttrDict.get({"name": StrAttr.get(f"out{k}"), "col": IntAttr.get(k, "i32")})))
        shapes = [[d if d >= 0 else dynamic_dim for d in s] for s in shapes_of(inputs)]
        out.append(GroupTask(i, key, target, print_program(prog), [op.name for op in ops], shapes,
                             [dtype_of(v.type) for v in inputs]))
    return out


__all__ = ["GroupTask", "group_tasks"]
