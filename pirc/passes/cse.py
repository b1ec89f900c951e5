"""cse: common subexpression elimination with a scoped table (MLIR's CSE).

Two ops are equivalent when they have the same name, the same (interned)
attributes, the same operand values and the same result types.  An op inside
a region may be replaced by an equivalent op of an enclosing block, never the
reverse.  Ops with effects, regions or randomness are left alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pirc.ir.core import Block, Operation
from pirc.ir.program import Program
from pirc.passes.dce import has_effects
from pirc.passes.manager import Pass, register_pass

_RANDOM = ("random", "uniform", "gaussian", "randint", "randperm", "dropout", "bernoulli", "multinomial", "seed")


def is_cse_candidate(op: Operation) -> bool:
    if op.regions or not op.results or has_effects(op):
        return False
    return not any(r in op.name for r in _RANDOM)


@register_pass
@dataclass
class CommonSubexpressionElimination(Pass):
    name = "cse"
    summary = "replace an op by an earlier equivalent op that dominates it"

    def run(self, program: Program) -> None:
        self.table: dict[Any, Operation] = {}
        self.erased = 0
        self.block(program.block)

    def block(self, block: Block) -> None:
        table = self.table
        added: list[Any] = []
        op = block.first_op
        while op is not None:
            nxt = op.next_op
            if op.regions:
                for region in op.regions:
                    for b in region.blocks:
                        self.block(b)
            elif is_cse_candidate(op):
                key = (op.name, op.attrs, tuple(o.value for o in op.operands), tuple(r.type for r in op.results))
                prev = table.get(key)
                if prev is not None:
                    for old, new in zip(op.results, prev.results, strict=True):
                        old.replace_all_uses_with(new)
                    op.erase()
                    self.erased += 1
                else:
                    table[key] = op
                    added.append(key)
            op = nxt
        for k in added:
            del table[k]
