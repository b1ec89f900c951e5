"""inplace: Paddle's InplacePass (seed 003, run per job before the interpreter is built).

An op that has an in-place variant (``pd_op.relu`` -> ``pd_op.relu_``: same operands and
attributes, the ``inplace`` map of its definition) is rewritten to it when the effects model
(:mod:`pirc.ir.effects`) proves that the input's storage is dead afterwards, so the result can
take the input's memory instead of a fresh allocation.  The input ``x`` qualifies when:

* ``x``'s variable (``x`` and the in-place results it came through) was allocated by an op of
  the same block: not a feed (``pd_op.data`` / ``feed``), not a parameter, not a constant that is
  folded once (``full`` ...), not a view (``reshape`` ...: Paddle excludes views), not a region
  result and not a block argument (control-flow boundaries);
* every other use of that variable is by an earlier op of the same block that only reads it
  (or is one of the chain's in-place ops) and is not a view of it (a use nested in a region, a ``cf.yield``, a fetch / ``shadow_output``, a
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
                    pos[self.rewrite(op, name)] = pos[op]
            op = nxt

    def _dead(self, x: Value, op: Operation, pos: dict[Operation, int]) -> bool:
        """Is the storage of ``x``'s variable (``x`` and the in-place results it came through) a fresh
        allocation of this block that nothing uses after ``op``?"""
        chain = [x]
        w = x
        while True:  # back through in-place results to the value first allocated
            d = w.owner if type(w) is OpResult else None
            if d is None or d.parent is not op.parent:
                return False
            st = op_effects(d)
            if st is None or not st.inplace:
                break
            src = next((d.operand(oi) for ri, oi in st.inplace if ri == w.index), None)  # type: ignore[attr-defined]
            if src is None:
                return False
            w = src
            chain.append(w)
        if d.name in _NOT_OWNED or d.regions or st is not PURE:
            return False
        here = pos[op]
        links = {id(v.owner) for v in chain[:-1]}  # the in-place ops of the chain itself
        for v in chain:
            for u in v.uses():
                user = u.owner
                if user is op:
                    continue
                if user.parent is not op.parent or user.regions or user.name.startswith("builtin."):
                    return False
                if pos.get(user, here) >= here:
                    return False
                if op_effects(user) is not PURE and id(user) not in links:
                    return False
        return True

    def rewrite(self, op: Operation, name: str) -> Operation:
        new = Operation(name, op.operand_values(), [r.type for r in op.results], op.attrs, 0, op.loc)
        assert op.parent is not None
        op.parent.insert_before(new, op)
        for old, r in zip(op.results, new.results, strict=True):
            old.replace_all_uses_with(r)
        op.erase()
        self.rewritten += 1
        return new


__all__ = ["InplacePass", "inplace_variant"]
