"""build_cinn_pass: fuse ops into ``cinn_op.group`` regions by OpPatternKind.

Per block (the module's block and, separately, every block of a ``pd_op.if`` /
``pd_op.while`` region; never across blocks):

1. **The dependency graph** over the block's ops: data edges (a use, or a use by
   an op nested in a region op -- a capture -- counts for that region op), plus
   ordering edges that keep effects in place, from the effects model
   (:mod:`pirc.ir.effects`): consecutive ops with effects (side effects, in-place
   writes, unregistered ops, region ops whose regions write outer values) stay in
   order, and over every *variable* an in-place write changes (a value and the
   results of the in-place ops applied to it) the hazards are edges in both
   directions: a read before a write stays before it (WAR), a read after a write
   stays after it (RAW: ``e = exp(x); tanh_(e); sin(e)`` never moves ``sin`` ahead
   of ``tanh_``), and writes keep their order (WAW).  A read or write by an op
   nested in a region op counts for the region op.  Views are copies in Paddle's
   semantics, so a view's readers are not ordered against writes to its operand.
   The block's order is a topological order of this graph; an op's position is
   its index in it.
2. **Greedy fusion in topological order** (union-find): each fusible op
   (:func:`~pirc.passes.fusion_policy.exclusion_reason`) tries to merge its group
   with the group of each fusible producer, nearest producer first (CINN's
   SubgraphDetector sorts producers by descending position), retrying the refused
   ones once after the others merged.  A merge of a
   producer group P into the consumer's group C happens when

   * the size limit allows it (``max-group-size``, 0 = none);
   * every data edge between P and C (either direction) is an allowed
     producer/consumer pair of kinds (:data:`~pirc.passes.fusion_policy.FUSE_WITH`),
     checked on the smaller side's edges;
   * it creates no cycle: no path leaves P and re-enters C through another group.
     Every external successor of a group sits in a min-heap of positions; if
     P's first external successor (lazily cleaned of merged ones) comes after the
     consumer, no such path can exist (edges only go forward).  Otherwise a
     depth-first search over the group graph decides, pruned by position (a
     group whose first op comes after the consumer cannot reach it) and bounded
     by :data:`~pirc.passes.fusion_policy.CYCLE_CHECK_BUDGET` groups, beyond which
     the merge is refused (never unsafe).

   Constants without operands (``pd_op.full``) are not merged greedily: they join
   a group afterwards when all their users are in that one group (CINN's
   SubgraphDetector pulls a producer in only when every consumer is in the
   subgraph), so a constant shared by unrelated computations does not tie them
   together.
3. **ReplaceWithGroupOp** for every group of two or more ops, or of one op that is
   not a ``pd_op.full``/``full_int_array``: a ``cinn_op.group`` whose results are
   exactly the members' values used outside it (if none, the last op's results,
   as CINN does), holding the members in their original order and ending in
   ``cf.yield``.  The group op is placed after its last member; when that would
   put a group after one of its users, the block is re-sorted topologically
   (Kahn's algorithm, ties broken by original position), so every group comes
   after all its inputs and before all its users.

Cost: O(E log E) for the graph, the merges (union by size, heaps merged small
into large) and the placement; each cycle check is O(1) on the fast path and at
most the budget otherwise.  Output is deterministic (no hash order anywhere).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

from pirc.ir.attributes import AttrDict
from pirc.ir.core import Block, Operation, OpResult
from pirc.ir.effects import EffectsCache, op_effects, writes_of
from pirc.ir.program import Program
from pirc.passes import fusion_policy as policy
from pirc.passes.dce import has_effects
from pirc.passes.decompose import gc_paused
from pirc.passes.manager import Pass, register_pass

GROUP_OPS = ("cinn_op.group", "cinn_op.fusion")


def ancestor_in(op: Operation, block: Block) -> Operation | None:
    """``op`` itself if it is in ``block``, else the op of ``block`` whose regions hold it."""
    o: Operation | None = op
    while o is not None and o.parent is not block:
        b = o.parent
        if b is None or b.parent is None:
            return None
        o = b.parent.parent
    return o


class _Refused(Exception):
    pass


class BlockFusion:
    """Fusion of one block.  ``groups`` (lists of ops) is filled by :meth:`run`."""

    def __init__(self, block: Block, max_group_size: int = 0, budget: int = policy.CYCLE_CHECK_BUDGET) -> None:
        self.block = block
        self.max_size = max_group_size
        self.budget = budget
        self.groups: list[list[Operation]] = []
        self.group_positions: list[list[int]] = []

    # -- 1. the graph -----------------------------------------------------------------------
    def build_graph(self) -> None:
        block = self.block
        ops = list(block.ops)
        self.ops = ops
        n = len(ops)
        pos: dict[Operation, int] = {op: i for i, op in enumerate(ops)}
        self.pos = pos
        succ: list[list[int]] = [[] for _ in range(n)]
        data_pred: list[list[int]] = [[] for _ in range(n)]
        cand = [False] * n
        kinds: list[Any] = [None] * n
        last_effect = -1
        hazards = self._hazard_edges(ops)
        for i, j in hazards:
            succ[i].append(j)
        for i, op in enumerate(ops):
            # data predecessors of fusion candidates (operand order, data operands only)
            if policy.exclusion_reason(op) is None:
                cand[i] = True
                kinds[i] = policy.kind(op)
                seen: list[int] = []
                for k, o in enumerate(op.operands):
                    v = o.value
                    if v is None or not policy.data_operand(op, k):
                        continue
                    if v.__class__ is OpResult:
                        d = v.owner
                        if d.parent is block:
                            j = pos[d]
                            if j not in seen:
                                seen.append(j)
                data_pred[i] = seen
            # successors through uses (captures count for the region op that holds the user)
            s = succ[i]
            for r in op.results:
                u = r.first_use
                while u is not None:
                    owner = u.owner
                    a = owner if owner.parent is block else ancestor_in(owner, block)
                    if a is not None:
                        j = pos.get(a)
                        if j is not None and j != i:
                            s.append(j)
                    u = u.next_use
            # ordering edges for effects
            if has_effects(op):
                if last_effect >= 0:
                    succ[last_effect].append(i)
                last_effect = i
        for i in range(n):
            s = succ[i]
            if len(s) > 1:
                succ[i] = sorted(set(s))
        self.succ = succ
        self.data_pred = data_pred
        self.cand = cand
        self.kinds = kinds

    def _hazard_edges(self, ops: list[Operation]) -> list[tuple[int, int]]:
        """RAW, WAR and WAW edges (i, j), i < j, over the variables some op of the block writes."""
        cache = EffectsCache()
        writes: list[list[Any]] = []
        written: set[Any] = set()
        for op in ops:
            ws: list[Any] = []
            if op.regions or _writes(op):
                for w in writes_of(op):
                    ws.extend(r for r in cache.alias_roots(w) if r not in ws)
            writes.append(ws)
            written.update(ws)
        if not written:
            return []
        edges: list[tuple[int, int]] = []
        last_write: dict[Any, int] = {}
        readers: dict[Any, list[int]] = {}
        for i, op in enumerate(ops):
            values = cache.get(op).reads if op.regions else [o.value for o in op.operands if o.value is not None]
            for v in values:
                for var in cache.alias_roots(v):
                    if var not in written:
                        continue
                    w = last_write.get(var)
                    if w is not None and w != i:
                        edges.append((w, i))  # RAW
                    readers.setdefault(var, []).append(i)
            for var in writes[i]:
                w = last_write.get(var)
                if w is not None and w != i:
                    edges.append((w, i))  # WAW
                for j in readers.get(var, ()):
                    if j != i:
                        edges.append((j, i))  # WAR
                readers[var] = []
                last_write[var] = i
        return edges

    # -- union-find --------------------------------------------------------------------------
    def find(self, x: int) -> int:
        parent = self.parent
        r = x
        while parent[r] != r:
            r = parent[r]
        while parent[x] != r:
            parent[x], x = r, parent[x]
        return r

    # -- 2. fusion ---------------------------------------------------------------------------
    def run(self) -> list[list[Operation]]:
        self.build_graph()
        n = len(self.ops)
        self.parent = list(range(n))
        self.size = [1] * n
        self.lo = list(range(n))
        self.members: list[list[int] | None] = [[i] for i in range(n)]
        self.heap: list[list[int] | None] = [list(s) for s in self.succ]  # sorted lists are heaps
        cand, ops = self.cand, self.ops
        deferred: list[int] = []
        for c in range(n):
            if not cand[c]:
                continue
            if ops[c].num_operands == 0:
                deferred.append(c)
                continue
            # producers nearest first (CINN sorts them by descending position): a producer reached
            # through another one merges once that one is in; refused ones get a second chance
            todo = sorted((p for p in self.data_pred[c] if cand[p] and ops[p].num_operands), reverse=True)
            for _ in range(2):
                refused = []
                for p in todo:
                    P, C = self.find(p), self.find(c)
                    if P != C and not self.try_merge(P, C, c):
                        refused.append(p)
                if not refused or len(refused) == len(todo):
                    break
                todo = refused
        for k in deferred:
            self.attach_constant(k)
        self.collect()
        return self.groups

    def try_merge(self, P: int, C: int, c: int) -> bool:
        if self.max_size and self.size[P] + self.size[C] > self.max_size:
            return False
        if not self.kinds_ok(P, C):
            return False
        if self.creates_cycle(P, C, c):
            return False
        self.union(P, C)
        return True

    def kinds_ok(self, A: int, B: int) -> bool:
        """Every data edge between groups A and B is an allowed (producer, consumer) pair."""
        small, large = (A, B) if self.size[A] <= self.size[B] else (B, A)
        kinds, find, succ, data_pred, cand = self.kinds, self.find, self.succ, self.data_pred, self.cand
        for m in self.members[small]:  # type: ignore[union-attr]
            km = kinds[m]
            for p in data_pred[m]:
                if find(p) == large and not policy.can_fuse(kinds[p], km):
                    return False
            for s in succ[m]:
                if cand[s] and find(s) == large and m in data_pred[s] and not policy.can_fuse(km, kinds[s]):
                    return False
        return True

    def creates_cycle(self, P: int, C: int, c: int) -> bool:
        """Would merging producer group P with consumer group C (last op at position c) make a cycle?"""
        find = self.find
        h = self.heap[P]
        assert h is not None
        while h and find(h[0]) == P:
            heapq.heappop(h)
        if not h or h[0] >= c:
            return False  # P has no successor before c: no path P -> X -> C
        budget = self.budget
        visited = {P, C}
        stack: list[int] = []
        for s in h:
            if s >= c:
                continue
            g = find(s)
            if g not in visited:
                visited.add(g)
                stack.append(g)
        lo, heap = self.lo, self.heap
        while stack:
            X = stack.pop()
            for s in heap[X]:  # type: ignore[union-attr]
                budget -= 1
                if budget < 0:
                    return True  # cannot prove it safe: refuse
                if s > c:
                    continue
                g = find(s)
                if g == C:
                    return True
                if g in visited or lo[g] >= c:
                    continue
                visited.add(g)
                stack.append(g)
        return False

    def union(self, A: int, B: int) -> int:
        if self.size[A] < self.size[B]:
            A, B = B, A
        self.parent[B] = A
        self.size[A] += self.size[B]
        self.lo[A] = min(self.lo[A], self.lo[B])
        mA, mB = self.members[A], self.members[B]
        assert mA is not None and mB is not None
        mA.extend(mB)
        self.members[B] = None
        hA, hB = self.heap[A], self.heap[B]
        assert hA is not None and hB is not None
        for s in hB:
            heapq.heappush(hA, s)
        self.heap[B] = None
        return A

    def attach_constant(self, k: int) -> None:
        """A constant joins the one group all its users are in (no cycle is possible: it has no inputs)."""
        users = self.succ[k]
        if not users:
            return
        g = self.find(users[0])
        if any(self.find(u) != g for u in users):
            return
        if not self.cand[g] or (self.max_size and self.size[g] + 1 > self.max_size):
            return
        if any(self.cand[u] and k in self.data_pred[u] and not policy.can_fuse(self.kinds[k], self.kinds[u])
               for u in users):
            return
        if any(not self.cand[u] for u in users):
            return
        self.union(g, k)

    def collect(self) -> None:
        ops, cand = self.ops, self.cand
        found: list[list[int]] = []
        for r in range(len(ops)):
            if self.parent[r] != r or not cand[r]:
                continue
            m = sorted(self.members[r])  # type: ignore[arg-type]
            if len(m) == 1 and ops[m[0]].name in policy.NO_SINGLETON:
                continue
            found.append(m)
        found.sort(key=lambda g: g[-1])
        self.group_positions = found
        self.groups = [[ops[i] for i in g] for g in found]


def _writes(op: Operation) -> bool:
    st = op_effects(op)
    return st is not None and bool(st.writes)


def replace_with_group_op(block: Block, members: list[Operation]) -> Operation:
    """CINN's ReplaceWithGroupOp: a cinn_op.group after the last member, holding the members."""
    mset = set(members)
    outputs = []
    for m in members:
        for r in m.results:
            for u in r.uses():
                if ancestor_in(u.owner, block) not in mset:
                    outputs.append(r)
                    break
    if not outputs:
        outputs = list(members[-1].results)
    group = Operation("cinn_op.group", (), [r.type for r in outputs], AttrDict.EMPTY, num_regions=1,
                      loc=members[0].loc)
    block.insert_after(group, members[-1])
    for r, g in zip(outputs, group.results, strict=True):
        r.replace_uses_if(g, lambda u: ancestor_in(u.owner, block) not in mset)
    body = group.regions[0].block
    for m in members:
        body.append(m)
    body.append(Operation("cf.yield", outputs, (), AttrDict.EMPTY, loc=members[-1].loc))
    return group


def place_groups(fusion: BlockFusion, group_ops: list[tuple[Operation, list[int]]]) -> bool:
    """Make the block a topological order again if a group landed after one of its users.
    ``group_ops``: (group op, its members' positions).  Returns True when the block had to
    be re-sorted."""
    n = len(fusion.ops)
    unit = list(range(n))  # position -> its unit's key (a group's key: its last member's position)
    for _, idxs in group_ops:
        key = idxs[-1]
        for i in idxs:
            unit[i] = key
    succ = fusion.succ
    valid = True
    for _, idxs in group_ops:
        key = idxs[-1]
        for i in idxs:
            for s in succ[i]:
                ks = unit[s]
                if ks < key and ks != key:
                    valid = False
                    break
            if not valid:
                break
        if not valid:
            break
    if valid:
        return False
    # Kahn's algorithm over units, the smallest key first
    key_op: dict[int, Operation] = {idxs[-1]: g for g, idxs in group_ops}
    indeg = [0] * n
    out: list[list[int] | None] = [None] * n
    for i in range(n):
        ki = unit[i]
        for s in succ[i]:
            ks = unit[s]
            if ks != ki:
                lst = out[ki]
                if lst is None:
                    out[ki] = [ks]
                else:
                    lst.append(ks)
    for k in range(n):
        lst = out[k]
        if lst is not None:
            uniq = sorted(set(lst))
            out[k] = uniq
            for t in uniq:
                indeg[t] += 1
    keys = [i for i in range(n) if unit[i] == i]
    ready = [k for k in keys if indeg[k] == 0]
    heapq.heapify(ready)
    order: list[int] = []
    while ready:
        k = heapq.heappop(ready)
        order.append(k)
        for t in out[k] or ():
            indeg[t] -= 1
            if indeg[t] == 0:
                heapq.heappush(ready, t)
    if len(order) != len(keys):
        raise AssertionError("build_cinn: the group graph has a cycle")
    block = fusion.block
    seq = [key_op.get(k) or fusion.ops[k] for k in order]
    for op in seq:
        op.detach()
    for op in seq:
        block.append(op)
    return True


@register_pass
@dataclass
class BuildCinn(Pass):
    name = "build_cinn_pass"
    summary = "fuse ops into cinn_op.group regions by OpPatternKind (build_cinn_pass)"

    max_group_size: int = policy.DEFAULT_MAX_GROUP_SIZE
    cycle_check_budget: int = policy.CYCLE_CHECK_BUDGET

    def run(self, program: Program) -> None:
        self.num_groups = 0
        self.resorted_blocks = 0
        with gc_paused():
            self.block(program.block)

    def block(self, block: Block) -> None:
        op = block.first_op
        while op is not None:
            if op.regions and op.name not in GROUP_OPS:
                for region in op.regions:
                    for b in region.blocks:
                        self.block(b)
            op = op.next_op
        fusion = BlockFusion(block, max(0, self.max_group_size), max(0, self.cycle_check_budget))
        groups = fusion.run()
        made = [(replace_with_group_op(block, members), idxs)
                for members, idxs in zip(groups, fusion.group_positions, strict=True)]
        self.num_groups += len(made)
        if made and place_groups(fusion, made):
            self.resorted_blocks += 1


__all__ = ["GROUP_OPS", "BlockFusion", "BuildCinn", "ancestor_in", "replace_with_group_op"]
