"""inplace: Paddle's InplacePass (seed 003, run per job before the interpreter is built).

An op that has an in-place variant (``pd_op.relu`` -> ``pd_op.relu_``: same operands and
attributes, the ``inplace`` map of its definition) is rewritten to it when the effects model
(:mod:`pirc.ir.effects`) proves that the input's storage is dead afterwards, so the result can
take the input's memory instead of a fresh allocation.  The input ``x`` qualifies when:

* ``x`` is the result of an op of the same block that allocates it: not a feed (``pd_op.data`` /
  ``feed``), not a parameter, not a constant that is folded once (``full`` ...), not a view
  (``reshape`` ...: Paddle excludes views), not an in-place result, not a region result and not
  a block argument (control-flow boundaries);
* every other use of ``x`` is by an earlier op of the same block that only reads it and is not
  a view of it (a use nested in a region, a ``cf.yield``, a fetch / ``shadow_output``, a
  ``builtin.combine`` or any op with effects disqualifies it: fetched values and values that
  cross a control-flow boundary are never overwritten);
* the rewritten op's result has exactly ``x``'s type (no broadcasting, no dtype change).

The pass changes where values live, never what a program computes.
"""

from __future__ import annotations

from dataclasses import dataclass

from pirc.dialects.opdef import OP_DEFS
from pirc.ir.core import Block, Operation, OpResult, Value
from pirc.ir.effects import PURE, op_effects
from pirc.ir.program import Program
from pirc.passes.manager import Pass, register_pass

#: results that live outside the interpreter's allocations, or are evaluated once
_NOT_OWNED = frozenset({"pd_op.data", "pd_op.feed", "builtin.parameter", "pd_op.full", "pd_op.full_int_array",
                        "pd_op.assign_value", "pd_op.shadow_feed"})


def inplace_variant(op: Operation) -> tuple[str, int] | None:
    """(name of the in-place variant, index of the operand it overwrites), or None."""
    opdef = op.info.opdef
    if opdef is None or op.regions or len(op.results) != 1:
        return None
    var = OP_DEFS.get(op.name + "_")
    if var is None or not var.inplace or var.operands != opdef.operands or var.attrs != opdef.attrs:
        return None
    if len(var.inplace) != 1 or 0 not in var.inplace:
        return None
    return op.name + "_", var.inplace[0]


@register_pass
@dataclass
class InplacePass(Pass):
    name = "inplace"
    summary = "rewrite ops to their in-place variants where the input's storage is dead (Paddle's InplacePass)"

    def run(self, program: Program) -> None:
        self.rewritten = 0
        self.block(program.block)

    def block(self, block: Block) -> None:
        # positions make "is this use earlier?" O(1)
        pos = {op: i for i, op in enumerate(block.ops)}
        op = block.first_op
        while op is not None:
            nxt = op.next_op
            for r in op.regions:
                for b in r.blocks:
                    self.block(b)
            v = inplace_variant(op)
            if v is not None:
                name, k = v
                x = op.operand(k) if k < op.num_operands else None
                if x is not None and op.results[0].type == x.type and self._dead(x, op, pos):
                    self.rewrite(op, name)
            op = nxt

    def _dead(self, x: Value, op: Operation, pos: dict[Operation, int]) -> bool:
        if type(x) is not OpResult or x.owner.parent is not op.parent:
            return False
        d = x.owner
        if d.name in _NOT_OWNED or d.regions or op_effects(d) is not PURE:
            return False
        here = pos[op]
        for u in x.uses():
            user = u.owner
            if user is op:
                continue
            if user.parent is not op.parent or user.regions or op_effects(user) is not PURE:
                return False
            if user.name.startswith("builtin.") or pos.get(user, here) >= here:
                return False
        return True

    def rewrite(self, op: Operation, name: str) -> None:
        new = Operation(name, op.operand_values(), [r.type for r in op.results], op.attrs, 0, op.loc)
        assert op.parent is not None
        op.parent.insert_before(new, op)
        for old, r in zip(op.results, new.results, strict=True):
            old.replace_all_uses_with(r)
        op.erase()
        self.rewritten += 1


__all__ = ["InplacePass", "inplace_variant"]
