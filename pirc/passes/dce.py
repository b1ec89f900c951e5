"""dce: erase operations whose results are unused and that have no effects.

What counts as an effect is the effects model's answer (:mod:`pirc.ir.effects`):
an in-place write to a variable that outlives the op (an operand, or for a
region op a value captured from outside or a loop input), a side effect (io,
parameters, terminators, unknown ops).  A region op whose regions only write
their own values is erasable like any other op.
"""

from __future__ import annotations

from dataclasses import dataclass

from pirc.ir.core import Operation
from pirc.ir.effects import get_effects, op_effects
from pirc.ir.program import Program
from pirc.passes.manager import Pass, register_pass


def has_effects(op: Operation) -> bool:
    """Writes something that outlives it, or has a side effect (unregistered ops: always)."""
    if not op.info.registered:
        return True
    st = op_effects(op)
    if st is not None:
        return bool(st.writes) or st.side_effect
    eff = get_effects(op)
    return bool(eff.writes) or eff.side_effect


def is_dead(op: Operation) -> bool:
    return all(r.first_use is None for r in op.results) and not has_effects(op)


@register_pass
@dataclass
class DeadCodeElimination(Pass):
    name = "dce"
    summary = "erase ops whose results are unused and that have no side effects"

    def run(self, program: Program) -> None:
        # visit users before producers: reversed pre-order of every block
        worklist: list[Operation] = list(program.walk())
        pending = set(worklist)
        while worklist:
            op = worklist.pop()  # the last op first
            pending.discard(op)
            if op.parent is None or not is_dead(op):
                continue
            producers = [o.value.owner for o in op.operands if o.value is not None and hasattr(o.value, "owner")]
            op.erase()
            for p in producers:
                if p not in pending and p.parent is not None:
                    pending.add(p)
                    worklist.append(p)
