"""Compute once: which producers the group schedule materialises instead of inlining.

Step 2 (:func:`~.inline.compute_inline`) substitutes every elementwise producer into its
consumers.  That is free when each value is read once, and a multiplication of work when
it is not: a producer read by two consumers is computed twice, a value carried through an
unrolled recurrence (``h_t = a_t * h_{t-1} + b_t``, read by step ``t + 1`` and by step
``t``'s own output) is recomputed by every later step -- O(L^2) work for L steps, and an
expression that grows with every step.

:func:`plan_materialise` counts, per block, how often its value would be evaluated:

* ``dom(B)``: the trip count of B's own nest (what computing it once costs);
* ``evals(B)``: ``dom(B)`` when B keeps its block (a reduction, a materialised value),
  else the sum over its consumers C of (loads of B in C) x ``evals(C)``: decided from the
  last block to the first, so every consumer's count is known when B is decided.

B is then materialised when inlining would repeat it (``evals > dom``) and costs more than
computing it once: ``evals x cost(B)``, with ``cost(B)`` the work of B's value with its own
producers inlined, against ``dom x (cost(B) + MATERIALISE_COST)`` (the value stored once,
:data:`MATERIALISE_COST` for the store and the buffer) plus ``evals`` loads.  Nothing changes for a group whose all-inlined work
stays within :data:`WORK_FACTOR` times its op-by-op work (a softmax's ``exp`` read by its
sum and its division stays inlined, as CINN does it).

Where a materialised value lives depends on its level (:mod:`.align`):

* ``S`` (one value per spatial point): its block stays in the nest and becomes a
  one-element local (a register) that the consumers read;
* ``SR`` (a row over the reduced dims), C target, last-axis master, a static row of at most
  :data:`ROW_BYTES`: a per-row buffer (:mod:`.row_buffer`) the consumers' loops over the
  same row read (CUDA binds the loops over the row to threads before fusion: such a value is
  still inlined there);
* otherwise the kernel ends after it and its value goes through global memory (the group
  is split there, as for any value read at another spatial point), when that saves more
  than :data:`SPLIT_COST`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pirc.cinn.ast.analysis import NotConstant, eval_int
from pirc.cinn.ast.equality import structural_hash
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import For, Load, ScheduleBlockRealize, Stmt, Var
from pirc.cinn.ast.visitor import children, walk
from pirc.cinn.schedule.group.info import ScheduleInfo, block_store, main_block_name
from pirc.cinn.schedule.group.work import trip_count, value_cost

#: a group whose all-inlined work is within this factor of its op-by-op work is left as it is
WORK_FACTOR = 2.0
#: what materialising one element costs (a store, a load and the buffer), in element operations
MATERIALISE_COST = 4.0
#: what ending a kernel at a value costs (a launch, a barrier, a round trip through memory), in
#: element operations: an unaligned value is materialised only when it saves more
SPLIT_COST = 65536.0
#: the largest per-row buffer of one value (bytes); all of a kernel's rows share ROW_BUDGET
ROW_BYTES = 4096
ROW_BUDGET = 32768
#: rows held by one kernel at most: a longer recurrence is cut into kernels of this many steps
#: (a C compiler's time grows faster than linearly with one function's length)
ROWS_PER_KERNEL = 16
#: the cost of a value with its producers inlined is capped (a chain of diamonds doubles per step)
_COST_CAP = 1e15


@dataclass(frozen=True, slots=True)
class RowSpec:
    """A materialised ``SR`` value held per row: which axes of its tensor run over the
    reduced dims (in the order of the master's reduce loops) and the loops' extents."""

    axes: tuple[int, ...]
    extents: tuple[int, ...]

    @property
    def size(self) -> int:
        n = 1
        for e in self.extents:
            n *= e
        return n


@dataclass(slots=True)
class _Node:
    name: str
    level: str | None
    dom: float
    cost: float  # one evaluation of its own value (loads of other blocks included)
    reduce: bool
    output: bool
    keeps: bool  # the block stays whatever is decided (a reduction, a large tree)
    reads: dict[str, tuple[int, float]]  # producer -> (loads of it, iterations they are evaluated in)
    realize: ScheduleBlockRealize | None
    loops: list[For]  # the loops around it, outermost first


@dataclass(slots=True)
class Plan:
    """What :func:`plan_materialise` decided for one root."""

    active: bool  # the all-inlined work exceeded WORK_FACTOR x the op-by-op work
    materialise: set[str]
    rows: dict[str, RowSpec]  # materialised values held in a per-row buffer
    row_reads: set[str]  # values (rows and outputs) whose consumers read them over the same row
    inlined_work: float
    op_work: float
    cuts: set[str]  # row values stored to memory to end a kernel (ROWS_PER_KERNEL, ROW_BUDGET)


def _nest_trip(st: Stmt, name: str) -> tuple[float, ScheduleBlockRealize | None, list[For]]:
    """Trip count of the loops around block ``name`` in ``st``, its realize and those loops."""

    def go(node: Stmt, n: float, loops: list[For]) -> tuple[float, ScheduleBlockRealize | None, list[For]] | None:
        k = node.KIND
        if k is Kind.FOR:
            assert isinstance(node, For)
            return go(node.body, n * trip_count(node.extent), loops + [node])
        if k is Kind.BLOCK:
            for s in node.stmts:  # type: ignore[attr-defined]
                r = go(s, n, loops)
                if r is not None:
                    return r
            return None
        if k is Kind.SCHEDULE_BLOCK_REALIZE:
            assert isinstance(node, ScheduleBlockRealize)
            if node.block.name == name:
                return n, node, loops
            return go(node.block.body, n, loops)
        return None

    res = go(st, 1.0, [])
    return res if res is not None else (1.0, None, [])


def _reads(st: Stmt, own: str) -> dict[str, tuple[int, float]]:
    """Producer -> (its loads in ``st`` at distinct indices, the iterations of the nest's loops
    down to the innermost one an index uses).  Loads at one index are one value once inlined
    (the C compiler computes a repeated expression once); a value whose index does not use
    the inner loops is computed once per iteration of the loops it uses (hoisted)."""
    sites: dict[str, set[int]] = {}
    reach: dict[str, float] = {}
    depth_of: dict[int, int] = {}  # id(var) -> depth of the loops it depends on
    cum = [1.0]

    def depth(e: Any) -> int:
        return max((depth_of.get(id(x), 0) for x in walk(e) if isinstance(x, Var)), default=0)

    def go(node: Any) -> None:
        k = node.KIND
        if k is Kind.FOR:
            depth_of[id(node.loop_var)] = len(cum)
            cum.append(cum[-1] * trip_count(node.extent))
            go(node.body)
            cum.pop()
            return
        if k is Kind.SCHEDULE_BLOCK_REALIZE:
            for iv, v in zip(node.block.iter_vars, node.iter_values):
                depth_of[id(iv)] = depth(v)
            go(node.block.body)
            return
        if k is Kind.LOAD and node.tensor.name != own:
            name = node.tensor.name
            sites.setdefault(name, set()).add(structural_hash(node.indices))
            d = max((depth(i) for i in node.indices), default=0)
            reach[name] = max(reach.get(name, 0.0), cum[min(d, len(cum) - 1)])
        for c in children(node):
            go(c)

    go(st)
    return {n: (len(v), reach[n]) for n, v in sites.items()}


def _nodes(stmts: Sequence[Stmt], info: ScheduleInfo, small: dict[str, bool]) -> list[_Node]:
    out: list[_Node] = []
    for st in stmts:
        name = main_block_name(st, info)
        bi = info.blocks.get(name) if name is not None else None
        if name is None or bi is None:
            continue
        dom, realize, loops = _nest_trip(st, name)
        store = block_store(realize.block) if realize is not None else None
        ops, loads = value_cost(store.value) if store is not None else (0, 0)
        reduce = bi.compute.is_reduce
        big_s = not small.get(name, True) and bi.level == "S"
        out.append(_Node(name, bi.level, dom, float(ops + loads), reduce, name in info.keep_global,
                         reduce or store is None or big_s, _reads(st, name), realize, loops))
    return out


def rows_fit(info: ScheduleInfo) -> bool:
    """Values over the reduced dims can be held per row: C, a master reducing its last axes."""
    m = info.master
    return not info.cuda and m is not None and bool(m.R) and m.last_axis_reduce


def _row_spec(node: _Node, info: ScheduleInfo) -> RowSpec | None:
    """The per-row layout of an ``SR`` value, or None where a row buffer does not fit: each
    reduce loop around the block indexes exactly one axis of its tensor, as that axis."""
    m = info.master
    if m is None or not rows_fit(info) or node.realize is None or len(node.loops) < len(m.R):
        return None
    r_loops = node.loops[len(node.loops) - len(m.R):]
    values = node.realize.iter_values
    axes: list[int] = []
    extents: list[int] = []
    for lp in r_loops:
        hits = [a for a, v in enumerate(values) if any(x is lp.loop_var for x in walk(v))]
        if len(hits) != 1 or values[hits[0]] is not lp.loop_var:
            return None  # re-linearised: the row is not a plain run of the tensor's axes
        axes.append(hits[0])
        try:
            extents.append(eval_int(lp.extent))
        except NotConstant:
            return None
    spec = RowSpec(tuple(axes), tuple(extents))
    if spec.size * _elem_bytes(info, node.name) > ROW_BYTES:
        return None
    return spec


def _elem_bytes(info: ScheduleInfo, name: str) -> int:
    return max(info.blocks[name].compute.dtype.bits // 8, 1)


def _full_costs(nodes: Sequence[_Node]) -> dict[str, float]:
    """The cost of one evaluation of each value with every producer that may be inlined
    substituted for its load (a kept block stays a load; a hoisted producer costs its share)."""
    full: dict[str, float] = {}
    for n in nodes:
        c = n.cost
        for p, (k, reach) in n.reads.items():
            pc = full.get(p)
            if pc is not None:
                c += k * (pc - 1.0) * min(reach / max(n.dom, 1.0), 1.0)
        full[n.name] = 1.0 if n.keeps else min(c, _COST_CAP)
    return full


def _consumers(nodes: Sequence[_Node]) -> dict[str, list[tuple[_Node, int, float]]]:
    out: dict[str, list[tuple[_Node, int, float]]] = {}
    for n in nodes:
        for p, (k, reach) in n.reads.items():
            out.setdefault(p, []).append((n, k, min(reach / max(n.dom, 1.0), 1.0)))
    return out


def _evals(nodes: Sequence[_Node], keep: set[str]) -> dict[str, float]:
    """How often each value is evaluated when the blocks in ``keep`` (and those that keep
    their block anyway) are materialised and every other one is inlined."""
    ev: dict[str, float] = {}
    consumers = _consumers(nodes)
    for n in reversed(nodes):
        if n.keeps or n.name in keep:
            ev[n.name] = n.dom
        else:
            ev[n.name] = _through(n, consumers, ev) + (n.dom if n.output else 0.0)
    return ev


def _through(n: _Node, consumers: dict[str, list[tuple[_Node, int, float]]], ev: dict[str, float]) -> float:
    """Evaluations of ``n`` inlined into its consumers: per consumer, its loads times the
    consumer's evaluations, in the share of its loops the loads' indices use."""
    return sum(k * ev.get(c.name, c.dom) * frac for c, k, frac in consumers.get(n.name, ()))


def plan_materialise(stmts: Sequence[Stmt], info: ScheduleInfo, small: dict[str, bool]) -> Plan:
    """Decide, for the aligned nests ``stmts`` of one root, which values to compute once.
    ``small``: per block, whether its value tree is within the inline limit."""
    nodes = _nodes(stmts, info, small)
    op_work = sum(n.dom * n.cost for n in nodes)
    all_inlined = _evals(nodes, set())
    inlined_work = sum(all_inlined[n.name] * n.cost for n in nodes)
    factor = float(info.params.get("work_factor", WORK_FACTOR))
    if inlined_work <= factor * max(op_work, 1.0):
        return Plan(False, set(), {}, set(), inlined_work, op_work, set())
    full = _full_costs(nodes)
    consumers = _consumers(nodes)
    ev: dict[str, float] = {}
    keep: set[str] = set()
    rows: dict[str, RowSpec] = {}
    row_reads: set[str] = set()
    row_bytes = n_rows = 0
    cuts: set[str] = set()
    for n in reversed(nodes):
        if n.keeps:
            ev[n.name] = n.dom
            continue
        e = _through(n, consumers, ev)
        f = full[n.name]
        if n.output:  # stored anyway: materialised, its consumers load it instead of computing it
            ev[n.name] = e + n.dom
            if info.cuda or e * (f - 1.0) <= n.dom * MATERIALISE_COST:
                continue  # CUDA: the threads that read an output are not the ones that wrote it
        else:
            ev[n.name] = e
            # inlined: each evaluation costs f; materialised: computed and stored once per element
            # (f + MATERIALISE_COST) and each evaluation becomes one load
            if e <= n.dom or e * (f - 1.0) <= n.dom * (f + MATERIALISE_COST):
                continue
        if n.level == "SR":
            if not rows_fit(info):
                continue
            if not n.output:
                spec = _row_spec(n, info)
                if spec is None:
                    continue
                size = spec.size * _elem_bytes(info, n.name)
                if row_bytes + size > ROW_BUDGET or n_rows == ROWS_PER_KERNEL:
                    # the kernel ends after this value (stored to memory): the rows before it
                    # start a kernel of their own, so no C function grows without bound
                    row_bytes, n_rows = 0, 0
                    cuts.add(n.name)
                    keep.add(n.name)
                    ev[n.name] = n.dom
                    continue
                rows[n.name] = spec
                row_bytes += size
                n_rows += 1
            row_reads.add(n.name)
        elif n.level is None and e * (f - 1.0) - n.dom * (f + MATERIALISE_COST) < SPLIT_COST:
            continue  # computed in a kernel of its own: worth it only for a lot of work
        keep.add(n.name)
        ev[n.name] = n.dom
    return Plan(True, keep, rows, row_reads, inlined_work, op_work, cuts)


__all__ = ["MATERIALISE_COST", "SPLIT_COST", "ROW_BUDGET", "ROW_BYTES", "ROWS_PER_KERNEL", "WORK_FACTOR", "Plan", "RowSpec", "plan_materialise"]
