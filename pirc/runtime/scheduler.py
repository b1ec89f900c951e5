"""Scheduling (PirInterpreter::RunInstructionBaseAsync): dependency counts, a
priority ready queue, a thread pool, and GC after each instruction.

Each run copies the Build phase's dependency counts and reference counts, puts
the instructions with no dependencies in the ready queue, and then repeatedly:
pops the highest-priority ready instruction (the lowest program index), runs
it, records the bytes its fresh outputs hold, decrements its successors'
dependency counts (those reaching zero become ready) and decrements the
reference counts of the storages it read (those reaching zero are freed).

* ``threads == 1`` (:func:`run_serial`): everything runs inline in the calling
  thread in a deterministic order.
* ``threads > 1`` (:func:`run_parallel`): the calling thread is one worker and
  a ``ThreadPoolExecutor`` supplies the others.  A worker keeps a local ready
  queue; a finished instruction's *same-thread* successors that become ready go
  to that queue, its *different-thread* successors are submitted to the pool
  (Paddle's RunNextInstructions).  numpy releases the GIL inside large array
  operations, so independent branches really overlap.  Bookkeeping (dependency
  counts, reference counts, memory) happens under one lock.

Both loops report the instruction that failed as a located :class:`KernelError`.
"""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import numpy as np

from pirc.diagnostics import PircError
from pirc.runtime.errors import KernelError
from pirc.runtime.memory import MemoryTracker, nbytes
from pirc.runtime.profiler import Profiler, TraceEvent

if TYPE_CHECKING:
    from pirc.runtime.instruction import Instruction

_ndarray = np.ndarray
_perf = time.perf_counter


class RunContext:
    """Per-run state shared by an interpreter and the sub-interpreters it calls."""

    __slots__ = ("tracker", "profiler", "trace", "scope", "feeds", "lock")

    def __init__(
        self,
        tracker: MemoryTracker | None = None,
        profiler: Profiler | None = None,
        trace: list[TraceEvent] | None = None,
        scope: dict[str, Any] | None = None,
        feeds: dict[str, Any] | None = None,
    ) -> None:
        self.tracker = tracker if tracker is not None else MemoryTracker()
        self.profiler = profiler
        self.trace = trace
        self.scope = scope if scope is not None else {}
        self.feeds = feeds if feeds is not None else {}
        self.lock: threading.Lock | None = None

    @property
    def instrumented(self) -> bool:
        return self.profiler is not None or self.trace is not None


class Schedule:
    """What the Build phase leaves for the scheduler (per interpreter)."""

    __slots__ = ("instrs", "roots", "dep_init", "refs_init", "storage_slots", "num_storages", "nexts", "depth",
                 "parallel")

    def __init__(self, instrs: list[Instruction], roots: Sequence[int], dep_init: list[int],
                 refs_init: list[int], storage_slots: list[tuple[int, ...]], depth: int = 0) -> None:
        self.instrs = instrs
        self.depth = depth
        self.roots = list(roots)
        self.dep_init = dep_init
        self.refs_init = refs_init
        self.storage_slots = storage_slots
        self.num_storages = len(storage_slots)
        # serial order does not care which thread a successor belongs to
        self.nexts = [ins.next_same + ins.next_diff for ins in instrs]
        # can two instructions ever be ready at once?  (otherwise threads cannot help)
        self.parallel = len(self.roots) > 1 or any(ins.next_diff for ins in instrs)


def _fail(ins: Instruction, e: BaseException) -> PircError:
    if isinstance(e, PircError):
        return e
    op = ins.op
    msg = f"'{ins.name}' op failed at run time: {type(e).__name__}: {e}"
    err = KernelError(ins.name, msg, op.loc if op is not None else None)
    return err


def _free(s: int, slots: list[Any], sslots: list[tuple[int, ...]], sb: list[int]) -> int:
    for k in sslots[s]:
        slots[k] = None
    n = sb[s]
    sb[s] = 0
    return n


def run_serial(sched: Schedule, slots: list[Any], ctx: RunContext, sb: list[int]) -> None:
    """Run every instruction inline.  ``sb`` receives the bytes of each live storage."""
    if ctx.instrumented or ctx.lock is not None:
        return _run_serial_instrumented(sched, slots, ctx, sb)
    instrs = sched.instrs
    nexts = sched.nexts
    dep = sched.dep_init[:]
    refs = sched.refs_init[:]
    sslots = sched.storage_slots
    tr = ctx.tracker
    live = tr.live
    peak = tr.peak
    ready = sched.roots[:]  # ascending: already a heap
    pop = heapq.heappop
    push = heapq.heappush
    ins = None
    try:
        while ready:
            i = pop(ready)
            ins = instrs[i]
            if ins.is_cf:
                tr.live = live
                tr.peak = peak
                ins.run(slots)
                live = tr.live
                peak = tr.peak
            else:
                ins.run(slots)
            for s, k in ins.alloc:
                v = slots[k]
                n = v.nbytes if type(v) is _ndarray else nbytes(v)
                sb[s] = n
                live += n
            if live > peak:
                peak = live
            for j in nexts[i]:
                c = dep[j] - 1
                dep[j] = c
                if c == 0:
                    push(ready, j)
            for s in ins.dec:
                c = refs[s] - 1
                refs[s] = c
                if c == 0:
                    for k in sslots[s]:
                        slots[k] = None
                    live -= sb[s]
                    sb[s] = 0
            for s in ins.dead:
                for k in sslots[s]:
                    slots[k] = None
                live -= sb[s]
                sb[s] = 0
    except PircError:
        raise  # already located (a failure inside a region, a feed or parameter error)
    except Exception as e:
        raise _fail(ins, e) from e  # type: ignore[arg-type]
    finally:
        tr.live = live
        tr.peak = peak


def _after(ins: Instruction, slots: list[Any], refs: list[int], sslots: list[tuple[int, ...]], sb: list[int],
           tr: MemoryTracker) -> None:
    """Memory and GC bookkeeping after one instruction (caller holds the lock if any)."""
    live = tr.live
    for s, k in ins.alloc:
        n = nbytes(slots[k])
        sb[s] = n
        live += n
    if live > tr.peak:
        tr.peak = live
    for s in ins.dec:
        c = refs[s] - 1
        refs[s] = c
        if c == 0:
            live -= _free(s, slots, sslots, sb)
    for s in ins.dead:
        live -= _free(s, slots, sslots, sb)
    tr.live = live


def _timed(ins: Instruction, slots: list[Any], ctx: RunContext, depth: int) -> None:
    prof = ctx.profiler
    if prof is not None and ins.is_cf:
        prof.push()
    t0 = _perf()
    try:
        ins.run(slots)
    finally:
        t1 = _perf()
        if prof is not None:
            child = prof.pop() if ins.is_cf else 0.0
            prof.add(ins.label, t1 - t0, t1 - t0 - child)
    if ctx.trace is not None:
        ctx.trace.append(TraceEvent(ins.id, ins.name, threading.get_ident(), t0, t1, depth))


def _run_serial_instrumented(sched: Schedule, slots: list[Any], ctx: RunContext, sb: list[int]) -> None:
    instrs = sched.instrs
    nexts = sched.nexts
    dep = sched.dep_init[:]
    refs = sched.refs_init[:]
    sslots = sched.storage_slots
    tr = ctx.tracker
    lock = ctx.lock
    ready = sched.roots[:]
    ins = None
    try:
        while ready:
            i = heapq.heappop(ready)
            ins = instrs[i]
            _timed(ins, slots, ctx, sched.depth)
            for j in nexts[i]:
                dep[j] -= 1
                if dep[j] == 0:
                    heapq.heappush(ready, j)
            if lock is None:
                _after(ins, slots, refs, sslots, sb, tr)
            else:
                with lock:
                    _after(ins, slots, refs, sslots, sb, tr)
    except PircError:
        raise  # already located (a failure inside a region, a feed or parameter error)
    except Exception as e:
        raise _fail(ins, e) from e  # type: ignore[arg-type]


class _ParallelRun:
    """State of one parallel run."""

    def __init__(self, sched: Schedule, slots: list[Any], ctx: RunContext, sb: list[int],
                 pool: ThreadPoolExecutor) -> None:
        self.sched = sched
        self.slots = slots
        self.ctx = ctx
        self.sb = sb
        self.pool = pool
        self.dep = sched.dep_init[:]
        self.refs = sched.refs_init[:]
        self.remaining = len(sched.instrs)
        self.active = 0  # workers started and not finished
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.error: BaseException | None = None

    def submit(self, i: int) -> None:
        with self.lock:
            self.active += 1
        try:
            self.pool.submit(self.work, i)
        except BaseException:
            with self.lock:
                self.active -= 1
            raise

    def work(self, first: int) -> None:
        try:
            self._work(first)
        finally:
            with self.lock:
                self.active -= 1
                if self.active == 0:
                    if self.error is None and self.remaining:
                        self.error = RuntimeError(f"scheduler stalled with {self.remaining} instructions not run")
                    self.done.set()

    def _work(self, first: int) -> None:
        sched = self.sched
        instrs = sched.instrs
        slots = self.slots
        ctx = self.ctx
        dep = self.dep
        refs = self.refs
        sslots = sched.storage_slots
        sb = self.sb
        tr = ctx.tracker
        lock = self.lock
        instrumented = ctx.instrumented
        local = [first]
        while local:
            if self.error is not None:
                return
            i = heapq.heappop(local)
            ins = instrs[i]
            try:
                if instrumented:
                    _timed(ins, slots, ctx, sched.depth)
                else:
                    ins.run(slots)
            except BaseException as e:  # noqa: BLE001 - reported by the calling thread
                with lock:
                    if self.error is None:
                        err = _fail(ins, e) if isinstance(e, Exception) else e
                        if err is not e:
                            err.__cause__ = e
                        self.error = err
                return
            submit: list[int] = []
            with lock:
                for j in ins.next_diff:
                    dep[j] -= 1
                    if dep[j] == 0:
                        submit.append(j)
                for j in ins.next_same:
                    dep[j] -= 1
                    if dep[j] == 0:
                        heapq.heappush(local, j)
                _after(ins, slots, refs, sslots, sb, tr)
                self.remaining -= 1
            for j in submit:
                self.submit(j)


def run_parallel(sched: Schedule, slots: list[Any], ctx: RunContext, sb: list[int],
                 pool: ThreadPoolExecutor) -> None:
    """Run with the calling thread as one worker and ``pool`` supplying the others.
    Returns when every instruction has run, or raises the first failure once the
    workers in flight have stopped."""
    if not sched.instrs:
        return
    st = _ParallelRun(sched, slots, ctx, sb, pool)
    ctx.lock = st.lock
    ctx.tracker.lock = st.lock
    try:
        roots = sched.roots
        st.active = 1  # the calling thread
        for r in roots[1:]:
            st.submit(r)
        st.work(roots[0])
        st.done.wait()
    finally:
        ctx.lock = None
        ctx.tracker.lock = None
    if st.error is not None:
        raise st.error
