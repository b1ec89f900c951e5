"""Garbage collection by reference counts (PirInterpreter's Step 4 and its GC).

The unit of collection is a *storage*: the values that share memory (a tensor,
its views, the results of inplace ops on it, the elements of a vector).  Its
reference count is the number of instructions that read it through any of
those values.  When an instruction finishes it decrements the counts of the
storages it read; at zero every slot holding one of the storage's values is
cleared, which drops the interpreter's references so numpy frees the memory.
Storages nobody reads are released as soon as they are produced (e.g. the
unused mean/variance outputs of layer_norm).

*Pinned* storages are never collected by the interpreter: values that are
fetched or otherwise returned, parameters, constants, values captured from an
enclosing block (owned by the outer interpreter) and the values a region
yields (handed to the control-flow instruction).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(slots=True)
class GcPlan:
    refs_init: list[int]  # storage -> number of reading instructions
    dec: list[tuple[int, ...]]  # instruction -> storages whose count it decrements
    dead: list[tuple[int, ...]]  # instruction -> storages it produces that nobody reads
    dead_at_start: tuple[int, ...]  # bound storages (feeds, block args) nobody reads
    storage_slots: list[tuple[int, ...]]  # storage -> slots of its values


def plan_gc(
    num_storages: int,
    storage_slots: Sequence[Sequence[int]],
    reads: Sequence[Sequence[int]],
    produced: Sequence[Sequence[int]],
    bound_at_start: Sequence[int],
    pinned: set[int],
    enabled: bool = True,
) -> GcPlan:
    refs = [0] * num_storages
    dec: list[tuple[int, ...]] = []
    for rs in reads:
        uniq = tuple(dict.fromkeys(s for s in rs if s not in pinned))
        for s in uniq:
            refs[s] += 1
        dec.append(uniq if enabled else ())
    dead: list[tuple[int, ...]] = []
    for ps in produced:
        d = tuple(dict.fromkeys(s for s in ps if refs[s] == 0 and s not in pinned))
        dead.append(d if enabled else ())
    at_start = tuple(dict.fromkeys(s for s in bound_at_start if refs[s] == 0 and s not in pinned))
    return GcPlan(refs, dec, dead, at_start if enabled else (), [tuple(x) for x in storage_slots])
