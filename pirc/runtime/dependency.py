"""The dependency DAG between instructions (PirInterpreter::BuildInstructionDependences).

Edges come from three sources, scanned in program order:

* **def-use (RAW on values)**: an instruction depends on the producers of the
  values it reads;
* **storage hazards**: values that share storage (views, inplace results,
  elements of a vector) form one *storage*; an instruction that writes a
  storage in place (an inplace op, or a control-flow op whose region does)
  must come after every earlier read of that storage, whichever alias the read
  went through (WAR), and after its previous writer (WAW); a later read of the
  storage comes after that write (RAW);
* **side effects**: ops with side effects keep their program order.

Transitive edges are then removed (a->c goes when a->b->...->c exists), and
each remaining edge is marked *same thread* or *different thread* from the
kinds of its two instructions (Paddle's SameThread / DifferentThread lists):

* host and compiled (synchronous CPU) instructions are one class: each keeps
  its first synchronous successor in the same thread (a model alternating host
  ops and compiled kernels, conv -> hardswish kernel -> conv, stays on one
  thread instead of handing every step to the pool); further successors go to
  the thread pool, which is how independent branches fan out;
* device (asynchronous) instructions keep all successors of the same kind in
  their thread; a change between the synchronous class and a device kind
  always crosses threads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

#: kinds whose instructions run synchronously on a CPU thread
SYNC_KINDS = frozenset({"host", "compiled"})


@dataclass(slots=True)
class Access:
    """What one instruction touches, as the DAG builder sees it."""

    producers: set[int] = field(default_factory=set)  # instructions defining the values it reads
    reads: list[int] = field(default_factory=list)  # storages read (through any alias)
    writes: list[int] = field(default_factory=list)  # storages written in place
    side_effect: bool = False


@dataclass(slots=True)
class Dag:
    preds: list[list[int]]  # after transitive reduction, ascending
    succs: list[list[int]]  # after transitive reduction, ascending
    next_same: list[list[int]]
    next_diff: list[list[int]]
    dep_count: list[int]
    roots: list[int]
    edges_before_reduction: int = 0

    def edges(self) -> set[tuple[int, int]]:
        return {(i, j) for i, ss in enumerate(self.succs) for j in ss}

    def has_path(self, a: int, b: int) -> bool:
        """Is ``b`` reachable from ``a``? (for tests and debugging)"""
        if a == b:
            return True
        seen = {a}
        stack = [a]
        while stack:
            i = stack.pop()
            for j in self.succs[i]:
                if j == b:
                    return True
                if j not in seen and j < b:
                    seen.add(j)
                    stack.append(j)
        return False


def raw_edges(accesses: Sequence[Access]) -> list[set[int]]:
    """Predecessor sets before reduction: def-use, RAW/WAR/WAW over storages, side-effect order."""
    last_write: dict[int, int] = {}
    readers: dict[int, list[int]] = {}
    last_side_effect = -1
    out: list[set[int]] = []
    for i, acc in enumerate(accesses):
        preds = set(acc.producers)
        for s in acc.reads:
            w = last_write.get(s)
            if w is not None:
                preds.add(w)  # RAW: read after an in-place write
            rs = readers.get(s)
            if rs is None:
                readers[s] = [i]
            elif not rs or rs[-1] != i:
                rs.append(i)
        for s in acc.writes:
            w = last_write.get(s)
            if w is not None:
                preds.add(w)  # WAW
            preds.update(readers.get(s, ()))  # WAR: after every earlier read of the storage
            last_write[s] = i
            readers[s] = []
        if acc.side_effect:
            if last_side_effect >= 0:
                preds.add(last_side_effect)
            last_side_effect = i
        preds.discard(i)
        out.append(preds)
    return out


def transitive_reduction(n: int, preds: Sequence[set[int]]) -> list[list[int]]:
    """Successor lists with the transitive edges removed.

    Program order is a topological order (every edge goes from a lower to a
    higher index), so going backwards each node's reachable set is known when
    it is needed.  A successor ``s`` of ``i`` is redundant iff a smaller
    successor reaches it; scanning successors in ascending order and keeping
    the union of what the kept ones reach decides that in one pass.  Reachable
    sets are Python ints used as bitsets, dropped once their last (smallest)
    predecessor is done, so a chain needs O(n) memory.
    """
    succs: list[list[int]] = [[] for _ in range(n)]
    min_pred = [n] * n
    for j, ps in enumerate(preds):
        for i in ps:
            succs[i].append(j)
            if i < min_pred[j]:
                min_pred[j] = i
    reach: dict[int, int] = {}
    reduced: list[list[int]] = [[] for _ in range(n)]
    for i in range(n - 1, -1, -1):
        ss = succs[i]
        if not ss:
            reach[i] = 1 << i
            continue
        ss.sort()
        covered = 0
        kept = reduced[i]
        for s in ss:
            if (covered >> s) & 1:
                continue
            kept.append(s)
            covered |= reach[s]
        reach[i] = covered | (1 << i)
        for s in ss:
            if min_pred[s] == i:
                del reach[s]
    return reduced


def build_dag(accesses: Sequence[Access], kinds: Sequence[str]) -> Dag:
    n = len(accesses)
    raw = raw_edges(accesses)
    before = sum(len(p) for p in raw)
    succs = transitive_reduction(n, raw)
    preds: list[list[int]] = [[] for _ in range(n)]
    for i, ss in enumerate(succs):
        for j in ss:
            preds[j].append(i)
    next_same: list[list[int]] = []
    next_diff: list[list[int]] = []
    for i, ss in enumerate(succs):
        same: list[int] = []
        diff: list[int] = []
        k = kinds[i]
        if k in SYNC_KINDS:  # host and compiled CPU code both run on the calling thread: one class
            for j in ss:
                if not same and kinds[j] in SYNC_KINDS:
                    same.append(j)
                else:
                    diff.append(j)
        else:
            for j in ss:
                (same if kinds[j] == k else diff).append(j)
        next_same.append(same)
        next_diff.append(diff)
    dep_count = [len(p) for p in preds]
    roots = [i for i in range(n) if dep_count[i] == 0]
    return Dag(preds, succs, next_same, next_diff, dep_count, roots, before)
