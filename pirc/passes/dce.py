"""dce: erase operations whose results are unused and that have no effects."""

from __future__ import annotations

from dataclasses import dataclass

from pirc.ir.core import Operation
from pirc.ir.program import Program
from pirc.passes.manager import Pass, register_pass

#: traits that keep an op alive whatever its uses
KEEP_TRAITS = frozenset({"side_effect", "terminator", "inplace", "io"})


def has_effects(op: Operation) -> bool:
    """Conservative: unregistered ops and ops holding an effectful op are effectful."""
    if not op.info.registered or op.info.traits & KEEP_TRAITS:
        return True
    for region in op.regions:
        for inner in region.walk():
            if inner.name != "cf.yield" and (not inner.info.registered or inner.info.traits & KEEP_TRAITS):
                return True
    return False


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
