"""cse: common subexpression elimination with a scoped table (MLIR's CSE), guarded by the
effects model (:mod:`pirc.ir.effects`, as xDSL's CSE asks its effects interface).

Two ops are equivalent when they have the same name, the same (interned)
attributes, the same operand values, the same result types, and no in-place
write to an operand's variable happened between them: every write bumps the
*generation* of the variable it writes, and the generations of the operands'
variables are part of the key (so ``exp(x); exp_(x); exp(x)`` keeps both exps).
An op inside a region may be replaced by an equivalent op of an enclosing block,
never the reverse; before the body of a ``pd_op.while`` is visited, every variable
the loop writes is bumped (a later iteration sees those writes).

Never merged: ops that write, have side effects or are random, ops with regions,
and ops with a result whose variable is written anywhere in the program (merging
two values one of which is later written would leak the write into the other:
two equal ``full`` constants, one incremented in place).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pirc.ir.core import Block, Operation, Value
from pirc.ir.effects import EffectsCache, is_side_effect_free, writes_of, written_variables
from pirc.ir.program import Program
from pirc.passes.manager import Pass, register_pass


def is_cse_candidate(op: Operation, written: set[Value] | frozenset[Value] = frozenset()) -> bool:
    if op.regions or not op.results or not is_side_effect_free(op):
        return False
    return not any(r in written for r in op.results)


@register_pass
@dataclass
class CommonSubexpressionElimination(Pass):
    name = "cse"
    summary = "replace an op by an earlier equivalent op that dominates it"

    def run(self, program: Program) -> None:
        self.table: dict[Any, Operation] = {}
        self.erased = 0
        self.written = written_variables(program.block.ops)
        self.gen: dict[Value, int] = {}
        self.cache = EffectsCache()
        self.block(program.block)

    def bump(self, op: Operation) -> None:
        gen = self.gen
        for w in writes_of(op):
            for v in self.cache.alias_roots(w):
                gen[v] = gen.get(v, 0) + 1

    def key(self, op: Operation) -> Any:
        gen = self.gen
        vals = tuple(o.value for o in op.operands)
        if gen:
            roots = self.cache.alias_roots
            gens = tuple(sum(gen.get(r, 0) for r in roots(v)) if v is not None else 0 for v in vals)
        else:
            gens = ()
        return (op.name, op.attrs, vals, gens, tuple(r.type for r in op.results))

    def block(self, block: Block) -> None:
        table = self.table
        added: list[Any] = []
        op = block.first_op
        while op is not None:
            nxt = op.next_op
            if op.regions:
                if op.name == "pd_op.while":
                    self.bump(op)  # iterations after the first see the body's writes
                for region in op.regions:
                    for b in region.blocks:
                        self.block(b)
            elif is_cse_candidate(op, self.written):
                key = self.key(op)
                prev = table.get(key)
                if prev is not None:
                    for old, new in zip(op.results, prev.results, strict=True):
                        old.replace_all_uses_with(new)
                    op.erase()
                    self.erased += 1
                else:
                    table[key] = op
                    added.append(key)
            elif self.written:
                self.bump(op)
            op = nxt
        for k in added:
            del table[k]
