"""Step 5c (CUDA, per-thread serial reductions): sibling loops over R share one loop, and a value
they all compute is computed once, into a register.

With the ``none`` reduce strategy (a short reduction whose last axis is kept, see
:mod:`pirc.cinn.lower.reduce_strategy`) every thread reduces its own output element serially.
A group that writes an elementwise output *and* reduces it (a batch norm + ReLU whose result is
also averaged and max-pooled over channels) then lowers, inside the thread's spatial point, to
one loop per compute over the same R, each recomputing the inlined value::

    for k  { out[s, k] = v(s, k) }
    acc0 = 0
    for rk { acc0 = acc0 + v(s, rk) }      # v inlined again
    mean[s] = acc0 / R
    acc1 = -inf
    for rk { acc1 = max(acc1, v(s, rk)) }  # ... and again

ptxas unrolls each constant loop and, with ``v`` holding IEEE ``sqrt`` / division (each with a
slow-path subroutine), three copies of the unrolled body spill.  This step makes it::

    acc0 = 0; acc1 = -inf
    for k { out_local = v(s, k); out[s, k] = out_local;
            acc0 = acc0 + out_local; acc1 = max(acc1, out_local) }
    mean[s] = acc0 / R

Reduction inits move up past statements they do not conflict with; a later loop moves up to
an earlier one of the same range past statements it does not conflict with (buffer-level
dependences) and joins it through the ``reverse_compute_at`` primitive (which checks that
every value it reads from the loop is produced at the same point).  Then a block's stored value
that later blocks in the loop recompute goes through a one-element local (a register): same
arithmetic, bit-identical results.  ``info.params["fuse_serial"] = False`` turns the step off.
"""

from __future__ import annotations

from typing import Any

from pirc.cinn.ast.equality import structural_equal
from pirc.cinn.ast.nodes import (
    Block,
    Buffer,
    Expr,
    For,
    ForKind,
    IntImm,
    Load,
    MemoryScope,
    ScheduleBlock,
    ScheduleBlockRealize,
    Stmt,
    Store,
    Tensor,
)
from pirc.cinn.ast.visitor import Mutator, substitute, walk
from pirc.cinn.lower import reduce_strategy as rs
from pirc.cinn.schedule.compute_at import accesses, reverse_compute_at
from pirc.cinn.schedule.group.fusion import as_nest
from pirc.cinn.schedule.group.info import ScheduleInfo, block_store, root_stmts, with_stmts
from pirc.cinn.schedule.tree import is_zero, storage
from pirc.diagnostics import PircError


def _rw(st: Stmt) -> tuple[set[str], set[str]]:
    reads: set[str] = set()
    writes: set[str] = set()
    for kind, buf, _idx, _node in accesses(st):
        (writes if kind == "store" else reads).add(buf)
    return reads, writes


def _conflict(a: Stmt, b: Stmt) -> bool:
    """Whether swapping ``a`` and ``b`` could change what either computes (buffer level)."""
    ra, wa = _rw(a)
    rb, wb = _rw(b)
    return bool(wa & (rb | wb) or ra & wb)


def _is_init(st: Stmt) -> bool:
    return isinstance(st, ScheduleBlockRealize) and st.block.name.endswith("__reduce_init")


def _serial_loop(st: Stmt) -> For | None:
    """A serial loop from 0 whose body holds only schedule blocks (an element or reduce loop)."""
    if not isinstance(st, For) or st.kind is not ForKind.SERIAL or not is_zero(st.min):
        return None
    if not st.body.stmts or not all(isinstance(s, ScheduleBlockRealize) for s in st.body.stmts):
        return None
    return st


def _move_up(stmts: list[Stmt], j: int, to: int) -> bool:
    """Move ``stmts[j]`` to position ``to`` (< j) when it conflicts with nothing it passes."""
    if any(_conflict(stmts[m], stmts[j]) for m in range(to, j)):
        return False
    stmts.insert(to, stmts.pop(j))
    return True


def _hoist_inits(stmts: list[Stmt]) -> list[Stmt]:
    stmts = list(stmts)
    for j in range(len(stmts)):
        if not _is_init(stmts[j]):
            continue
        to = j
        while to > 0 and not _is_init(stmts[to - 1]) and not _conflict(stmts[to - 1], stmts[j]):
            to -= 1
        if to < j:
            stmts.insert(to, stmts.pop(j))
    return stmts


def _fuse_loops(stmts: list[Stmt]) -> list[Stmt]:
    stmts = list(stmts)
    j = 1
    while j < len(stmts):
        b = _serial_loop(stmts[j])
        fused = False
        if b is not None:
            for i in range(j - 1, -1, -1):
                a = _serial_loop(stmts[i])
                if a is None or not structural_equal(a.extent, b.extent):
                    continue
                trial = list(stmts)
                if _conflict(a, b) or not _move_up(trial, j, i + 1):
                    continue
                name = b.body.stmts[0].block.name
                try:  # the primitive checks what reads what once more
                    pair = reverse_compute_at(Block((trial[i], trial[i + 1])), name, a)
                except PircError:
                    continue
                assert isinstance(pair, Block) and len(pair.stmts) == 1
                stmts = trial[:i] + [pair.stmts[0]] + trial[i + 2:]
                fused = True
                break
        if not fused:
            j += 1
    return stmts


class _ReplaceValue(Mutator):
    """Each subexpression whose flattened form (block bindings substituted) is ``target``
    becomes ``repl``."""

    def __init__(self, bindings: dict, target: Expr, repl: Expr) -> None:
        super().__init__()
        self.bindings, self.target, self.repl = bindings, target, repl
        self.hits = 0

    def visit(self, node: Any) -> Any:
        if isinstance(node, Expr) and node.KIND is self.target.KIND and structural_equal(
                substitute(node, self.bindings), self.target):
            self.hits += 1
            return self.repl
        return super().visit(node)


def _bindings(r: ScheduleBlockRealize) -> dict:
    return dict(zip(r.block.iter_vars, r.iter_values))


def _compute_once(loop: For, it: Any) -> For:
    """In a loop of schedule blocks: a stored value later blocks recompute goes through a register."""
    stmts: list[Stmt] = list(loop.body.stmts)
    _, written = _rw(loop)
    for i in range(len(stmts)):
        a = stmts[i]
        assert isinstance(a, ScheduleBlockRealize)
        st = block_store(a.block)
        if st is None or isinstance(st.value, Load) or a.block.attr("reduce_method") is not None:
            continue
        value = st.value
        if any(isinstance(n, Load) and storage(n.tensor) in written for n in walk(value)):
            continue  # it reads what the loop writes: a later block may see another value
        flat = substitute(value, _bindings(a))
        t = st.tensor
        buf = Buffer(f"_{t.name}_local", (IntImm(1, it),), t.dtype, MemoryScope.LOCAL)
        reg = Tensor(f"{t.name}_local", buf.shape, t.dtype, buf)
        zero = (IntImm(0, it),)
        new: list[Stmt] = []
        for b in stmts[i + 1:]:
            assert isinstance(b, ScheduleBlockRealize)
            m = _ReplaceValue(_bindings(b), flat, Load(reg, zero))
            blk = m.visit(b.block)
            new.append(b.replace(block=blk) if m.hits else b)
        if all(x is y for x, y in zip(new, stmts[i + 1:])):
            continue
        compute = ScheduleBlockRealize(a.iter_values, ScheduleBlock(reg.name, a.block.iter_vars,
                                                                    Store(reg, zero, value)))
        copy = a.replace(block=a.block.replace(body=Store(t, st.indices, Load(reg, zero))))
        return _compute_once(loop.replace(body=Block(tuple(stmts[:i]) + (compute, copy) + tuple(new))), it)
    return loop


def _schedule_body(stmts: list[Stmt], info: ScheduleInfo) -> list[Stmt]:
    hoisted = _hoist_inits(stmts)
    fused = _fuse_loops(hoisted)
    if len(fused) == len(hoisted):
        return stmts  # no loops joined: the inits stay where they were
    stmts = fused
    it = info.ctx.index_dtype
    return [_compute_once(s, it) if _serial_loop(s) is not None and len(s.body.stmts) > 1 else s
            for s in stmts]


def fuse_serial_loops(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 5c: on CUDA with per-thread serial reductions, join the sibling loops over R of each
    thread's spatial point and compute their shared value once (see the module doc)."""
    strat = info.strategy
    if not info.cuda or strat is None or strat.method != rs.NONE or info.params.get("fuse_serial") is False:
        return root
    out: list[Stmt] = []
    changed = False
    for st in root_stmts(root):
        n = as_nest(st, info)
        if not n.aligned or not n.loops:
            out.append(st)
            continue
        body = _schedule_body(n.body, info)
        if len(body) == len(n.body) and all(x is y for x, y in zip(body, n.body)):
            out.append(st)
            continue
        n.body = body
        out.append(n.build())
        changed = True
    return with_stmts(root, out) if changed else root
