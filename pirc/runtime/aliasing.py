"""Storage sharing along may-share links: the interpreter's Build phase asks here whether a view
result (or a region result that only shares storage with what it came from) may share its
operand's storage, or must be materialised.

Paddle's semantics (:mod:`pirc.ir.effects`): a view is a copy in both directions.  Sharing is
an optimisation, valid while no in-place write to one side can be seen through the other:
no write to a variable of one side, after the link is made, while a variable of the other side
is still read (the variables are may-aliases: one variable on both sides is checked against
itself).  The decision is made once, in the Build phase, from the instructions' reads
and writes over *variables* (the builder's first union-find); accepted links join the
*storages* (its second union-find), rejected ones set a copy flag on the instruction.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Any


def decide_links(builder: Any, output_slots: Sequence[int]) -> None:
    """Share storage along a may-share link (a view result and its operand, a region result and
    what its region yields) only where no in-place write to one side can be seen through the
    other: no write to a variable of one side, after the link is made, while a variable of the
    other side is still read.  Otherwise the result is materialised (a copy), as Paddle's
    semantics demand.  Positions are node positions; a control-flow node's reads count as after
    its writes (its region may read after writing); outputs, captured values, block arguments and
    parameters are read "forever" (their owner may read them later)."""
    if not builder.links:
        return
    inf = 1 << 60
    nslots = len(builder.slot_value)
    V = [builder.vfind(k) for k in range(nslots)]
    last_read: dict[int, int] = {}
    writes: dict[int, list[int]] = {}
    for p, node in enumerate(builder.nodes):
        r = 2 * p + (1 if node.cf is not None else 0)
        for k in node.reads:
            v = V[k]
            if last_read.get(v, -1) < r:
                last_read[v] = r
        for k in node.writes:
            writes.setdefault(V[k], []).append(2 * p)
    # captured values and block arguments may be one variable in the enclosing block (the parent
    # knows, this block does not): a write to one counts as a write to each of them
    outside = {V[k] for k in (*range(len(builder.it.externals)), *builder.arg_slots)}
    # a view whose variable an in-place shape op (reshape_ ...) reshapes is a copy (C-contiguous):
    # the shape op needs its operand's storage contiguous, and where that operand is a captured
    # value or block argument a region cannot move the enclosing block's variable to a contiguous copy
    reshaped = {V[k] for node in builder.nodes for k in node.reshapes}
    out_writes = sorted(w for v in outside for w in writes.get(v, ()))
    if out_writes:
        for v in outside:
            writes[v] = out_writes
    parent = builder.it.block.parent_op
    if parent is not None and parent.name == "pd_op.while":
        # a loop body's yield k+1 is its argument k on the next iteration: a write to that argument
        # then writes whatever storage the yielded value shares (count it after every read here)
        for a, ka in enumerate(builder.arg_slots):
            if V[ka] in writes and a + 1 < len(output_slots):
                writes.setdefault(V[output_slots[a + 1]], []).append(inf - 2)
    forever = [*output_slots, *(k for _, k in builder.params), *range(len(builder.it.externals)), *builder.arg_slots]
    for k in forever:
        last_read[V[k]] = inf
    groups: dict[int, set[int]] = {}
    for j in range(nslots):
        groups.setdefault(builder.find(j), set()).add(V[j])
    members: dict[int, list[int]] = {r: sorted(m) for r, m in groups.items()}  # physical root -> variables

    def vars_of(k: int) -> list[int]:
        return members[builder.find(k)]

    def clash(side_a: list[int], side_b: list[int], p2: int) -> bool:
        for m in side_a:
            ws = writes.get(m)
            if not ws:
                continue
            i = bisect_right(ws, p2)
            if i == len(ws):
                continue
            w = ws[i]
            for n in side_b:
                if last_read.get(n, -1) > w:
                    return True
        return False

    for p, k, targets, on_copy in builder.links:
        mine = vars_of(k)
        # a view that may also be an outer variable (a region result that is a captured value or
        # a block argument in one branch, a view in another): the enclosing block knows that
        # variable only as itself, not that it may be a view here, so it cannot decide for this
        # path -- the view is a copy (the outer variable is never copied: _alias_yields)
        safe = V[k] not in outside and V[k] not in reshaped
        for t in targets if safe else ():
            # (both sides may already be one variable, or one storage: a region result that is
            # either of them in different branches merges them; that is a may-alias, so the check
            # still applies, a variable against itself included)
            theirs = vars_of(t)
            if clash(mine, theirs, 2 * p) or clash(theirs, mine, 2 * p):
                safe = False
                break
        if safe:
            for t in targets:
                ra, rb = builder.find(k), builder.find(t)
                if ra != rb:
                    merged = sorted(set(members.pop(ra)) | set(members.pop(rb)))
                    builder.union(k, t)
                    members[builder.find(k)] = merged
            continue
        if hasattr(on_copy[0], "copy_results"):  # a kernel node: its view results
            on_copy[0].copy_results.append(on_copy[1])
        else:
            on_copy[0].add_copy(on_copy[1], on_copy[2])
