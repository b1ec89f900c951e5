"""C target, between fusion and binding: a last-axis reduction whose elementwise epilogue reads
a row-sized operand that every row shares (a layer norm's ``gamma`` and ``beta``) writes that
epilogue for a few rows at a time, so each shared row is loaded once per block of rows instead
of once per row.

After fusion such a kernel is one nest per row::

    for i (N) { mean[i] = sum(x[i, :]); var[i] = ...; for k (K) { y[i, k] = f(x[i, k], mean[i], var[i], g[k], b[k]) } }

Streaming ``x[i]`` and ``y[i]`` (a row each) pushes ``g`` and ``b`` out of the first-level
cache, so every row reloads them (1024x4096: plain stores 0.83-1.29 ms, the same kernel with
blocks of four rows 0.68-0.95 ms, same machine, same run).  Composed of primitives:

    for i_0 (N / B)                                     # split(i, [None, B])
      for i_1 (B) { mean[..] = ...; var[..] = ... }     # fission(i_1, cuts=[last])
      for h (B) { h0[h] = mean[..] / K; h1[h] = rsqrt(..) }   # the per-row values, hoisted
      vectorize for k (K)                               # reorder(k, i_1_f1)
        unroll for i_1_f1 (B) { y[i_0 * B + i_1_f1, k] = f(x[..], h0[i_1_f1], h1[i_1_f1], g[k], b[k]) }

The reductions run row by row as before (each row's passes stay in cache); the per-row
results live in temps indexed by the row (:attr:`ScheduleInfo.keep_temp`); bind_axes then
runs ``i_0`` in parallel.  Each value's operations are unchanged: results are bit-identical.
``params["row_block"]`` sets ``B`` (False keeps one row at a time: the tuner's knob).  Not
applied when a row of everything the epilogue touches fits in the first-level cache (the shared
rows then stay there anyway: 4096x1024 is slower in blocks), when the epilogue calls a
transcendental function (bound by its arithmetic, not by loads) or when fewer than
:data:`MIN_BLOCKS` blocks of rows would share the threads.
"""

from __future__ import annotations

from pirc.cinn.ast.nodes import Call, For, Load, ScheduleBlockRealize, Stmt, Store
from pirc.cinn.ast.visitor import substitute, uses_var, walk
from pirc.cinn.schedule import Schedule
from pirc.cinn.schedule.annotate import contains_loop, reduction_carried
from pirc.cinn.schedule.compute_once import EXPENSIVE
from pirc.cinn.schedule.group.cpu import hoist_lane_invariants
from pirc.cinn.schedule.group.info import ScheduleInfo, root_stmts, with_stmts
from pirc.cinn.schedule.tree import const, single, storage
from pirc.diagnostics import PircError

#: rows per block by default, while a block's rows of the epilogue's output stay within
#: :data:`BLOCK_BYTES` (1024x4096 float32 layer norm: 2 rows 0.78, 4 rows 0.74, 8 rows 0.93 ms;
#: one row at a time 0.87)
DEFAULT_ROWS = 4
BLOCK_BYTES = 64 << 10
#: at least this many blocks of rows (the parallel loop's iterations), or rows stay one at a time
MIN_BLOCKS = 16
#: the first-level data cache the epilogue's rows compete for (x86's 32-48 KiB; a constant, so
#: that the schedule does not depend on the machine)
L1_BYTES = 32 << 10


def cpu_row_blocks(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Each nest :func:`_candidate` accepts in blocks of ``params["row_block"]`` rows (default:
    :data:`DEFAULT_ROWS`, fewer when their output rows pass :data:`BLOCK_BYTES`); a nest a
    primitive refuses stays as it was."""
    want = info.params.get("row_block")
    m = info.master
    if info.cuda or want is False or m is None or not m.R or not m.last_axis_reduce:
        return root
    out: list[Stmt] = []
    changed = False
    for st in root_stmts(root):
        row_bytes = _candidate(st) if isinstance(st, For) else None
        new = None
        if isinstance(st, For) and row_bytes is not None:
            rows = int(want) if want else min(DEFAULT_ROWS, BLOCK_BYTES // row_bytes)
            new = _block_rows(st, rows, info)
        changed |= new is not None
        out.append(new if new is not None else st)
    return with_stmts(root, out) if changed else root


def _candidate(st: For) -> int | None:
    """The bytes of one output row when ``st`` is ``for i { reductions..; for k { one block } }``
    whose last loop reads, besides the row, operands that do not depend on ``i`` (shared rows),
    with no transcendental call, and whose rows and shared rows (a row of each tensor it reads or
    writes) pass :data:`L1_BYTES`: else the shared rows stay in cache from one row to the next and
    blocks only add streams (4096x1024 layer norm: 0.53-0.67 ms a row at a time, 0.82-0.92 in
    blocks of four).  None otherwise."""
    if len(st.body.stmts) < 2:
        return None
    *head, last = st.body.stmts
    if not any(isinstance(h, For) and reduction_carried(h) is not None for h in head):
        return None
    if not isinstance(last, For) or contains_loop(last) or reduction_carried(last) is not None:
        return None
    real = single(last.body)
    width = const(last.extent)
    if not isinstance(real, ScheduleBlockRealize) or width is None:
        return None
    if any(isinstance(n, Call) and n.name in EXPENSIVE for n in walk(real.block.body)):
        return None
    binding = dict(zip(real.block.iter_vars, real.iter_values))
    rows: dict[str, int] = {}  # buffer -> the bytes of its row
    shared, out_bytes = False, 0
    for n in walk(real.block.body):
        if isinstance(n, (Load, Store)):
            idx = [substitute(e, binding) for e in n.indices]
            if not any(uses_var(e, last.loop_var) for e in idx):
                continue  # a per-row value (a mean), not a row
            row = width * max(n.tensor.dtype.bits // 8, 1)
            rows[storage(n.tensor)] = row
            shared |= not any(uses_var(e, st.loop_var) for e in idx)
            if isinstance(n, Store):
                out_bytes = row
    return out_bytes if shared and out_bytes and sum(rows.values()) > L1_BYTES else None


def _block_rows(st: For, rows: int, info: ScheduleInfo) -> For | None:
    n = const(st.extent)
    if n is None or rows < 2 or n % rows or n // rows < MIN_BLOCKS:
        return None
    s = Schedule(st)
    try:
        _, inner = s.split(st, [None, rows])
        count = len(s.loop(inner).body.stmts)
        lane = s.fission(inner, cuts=[count - 1])[-1]
        k = single(s.loop(lane).body)
        assert isinstance(k, For)
        s.reorder(k, lane)
        hoist_lane_invariants(s, lane, [k], rows)
        s.unroll(lane)
        s.vectorize(k)
    except PircError:
        return None
    # the per-row results (written by the reductions' loop, read by the epilogue's) stay in
    # temps indexed by the row, not one-element locals
    for x in walk(s.tree):
        if isinstance(x, Store):
            info.keep_temp.add(storage(x.tensor))
    assert isinstance(s.tree, For)
    return s.tree


__all__ = ["BLOCK_BYTES", "DEFAULT_ROWS", "L1_BYTES", "MIN_BLOCKS", "cpu_row_blocks"]
