"""StandaloneExecutor: runs a Plan of Jobs, one InterpreterCore per job.

As in Paddle, ``StandaloneExecutor(plan, place=...)`` walks the jobs of the plan
and gives each an InterpreterCore (holding a PirInterpreter) the first time it
runs; ``run(feeds)`` runs the jobs in order, and every run after the first
reuses the cores and so skips the Build phase.  Jobs share one *scope* of
persistable variables (the parameters; ``builtin.set_parameter`` writes to it).
For now a plan has one job, "default".
"""

from __future__ import annotations

import atexit
import time
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from pirc.ir.program import Program
from pirc.ir.types import DenseTensorType
from pirc.runtime import threads as threads_policy
from pirc.runtime.interpreter import PirInterpreter
from pirc.runtime.memory import MemoryTracker
from pirc.runtime.profiler import Profiler, TraceEvent
from pirc.runtime.scheduler import RunContext
from pirc.runtime.threads import ThreadPolicy, usable_cores


@dataclass
class Job:
    program: Program
    name: str = "default"


@dataclass
class Plan:
    jobs: list[Job] = field(default_factory=list)

    @classmethod
    def single(cls, program: Program) -> Plan:
        return cls([Job(program, "default")])


class InterpreterCore:
    """One job's interpreter (Build cached inside it)."""

    def __init__(self, program: Program, gc: bool = True, streams: int = 1) -> None:
        self.program = program
        self.interpreter = PirInterpreter(program.block, gc=gc, streams=streams)

    def run(self, feeds: Mapping[str, Any], ctx: RunContext, threads: int,
            pool: ThreadPoolExecutor | None) -> dict[str, Any]:
        return self.interpreter.run(feeds, ctx, threads, pool)


def default_threads() -> int:
    """The most interpreter threads worth having: the usable cores, at most 4."""
    return max(1, min(4, usable_cores()))


#: "auto" uses the thread pool only when some tensor is at least this big (elements):
#: below it a hand-off between threads costs more than running the branches one by one
AUTO_PARALLEL_MIN_NUMEL = 1 << 16


def inter_op_pays(interp: PirInterpreter) -> bool:
    """Whether running independent instructions on several threads can pay: the DAG has
    independent branches and the program handles tensors big enough for numpy to release the GIL."""
    interp.build()
    if not interp.sched.parallel and not _alternates_host_and_compiled(interp):
        return False
    biggest = 0
    for op in interp.block.walk():
        for r in op.results:
            t = r.type
            if isinstance(t, DenseTensorType):
                n = 1
                for d in t.dims:
                    n *= max(d, 1)
                biggest = max(biggest, n)
    return biggest >= AUTO_PARALLEL_MIN_NUMEL


def _alternates_host_and_compiled(interp: PirInterpreter) -> bool:
    """Whether the program has both host instructions and compiled kernels.

    Such a program (conv -> fused activation kernel -> conv) keeps single-threaded kernels: its
    compiled kernels are small pieces between host ops, and an OpenMP team of two measured 10-20x
    slower than one thread on MobileNetV3-small on the shared 2-core machine (every parallel region
    waits for its second thread to be scheduled).  Until the dependency DAG put both kinds on one
    thread, every such step counted as a branch and made the same decision."""
    kinds = [ins.kind for ins in interp.sched.instrs]
    return "host" in kinds and "compiled" in kinds


def auto_threads(interp: PirInterpreter) -> int:
    """Interpreter threads for ``threads=0`` under the run-wide policy (:mod:`pirc.runtime.threads`)."""
    return min(default_threads(), threads_policy.decide(0, parallel=inter_op_pays(interp)).workers)


class StandaloneExecutor:
    """Runs a :class:`Plan` on the CPU.

    ``threads``: 1 runs every instruction inline in a fixed order; more uses a
    thread pool of ``threads - 1`` workers beside the calling thread; 0 decides
    per program (:func:`auto_threads`).  The first run fixes the process's thread
    policy (:mod:`pirc.runtime.threads`): OpenMP teams and BLAS threads are sized so
    that no more threads are busy than there are free cores.
    ``gc``: free intermediate values as soon as their last reader is done.
    ``aot``: run the program as one ahead-of-time host program (:mod:`pirc.runtime.aot`) when it is
    eligible (None), always (True: an error when it is not) or never (False, the default).
    """

    def __init__(self, plan: Plan | Program, place: str = "cpu", *, threads: int = 1, gc: bool = True,
                 params: Mapping[str, Any] | None = None, streams: int = 1, aot: bool | None = False) -> None:
        if place != "cpu":
            raise NotImplementedError(f"place {place!r}: only 'cpu' is implemented yet")
        self.plan = plan if isinstance(plan, Plan) else Plan.single(plan)
        self.place = place
        self.threads = max(0, int(threads))  # 0: auto
        self._effective: int | None = self.threads or None
        self.gc = gc
        self.streams = max(1, int(streams))  # device streams for compiled device kernels
        self.scope: dict[str, Any] = {}
        for job in self.plan.jobs:
            for p in job.program.parameters.values():
                if p.value is not None:
                    self.scope.setdefault(p.name, p.value)
        if params:
            self.scope.update(params)
        self.tracker = MemoryTracker()
        self.cores: dict[str, InterpreterCore] = {}
        self._pool: ThreadPoolExecutor | None = None
        self._policy: ThreadPolicy | None = None
        self.last_run_seconds = 0.0
        self.aot_mode = aot
        self._aot: Any = None

    # -- resources ------------------------------------------------------------------------------
    @property
    def policy(self) -> ThreadPolicy:
        """The thread policy of this executor's runs (decided once, applied process-wide)."""
        self.aot  # noqa: B018 - an eligible AOT runner decides the policy (one driving thread)
        if self._policy is None:
            parallel = self.threads == 0 and inter_op_pays(self.interpreter)
            p = threads_policy.decide(self.threads, parallel=parallel)
            if self.threads == 0 and p.workers > default_threads():
                p = threads_policy.decide(default_threads(), parallel=True)
            self._policy = p
        return self._policy

    @property
    def aot(self) -> Any:
        """The AOT runner (:class:`pirc.runtime.aot.AotRunner`) when AOT is on and the program is
        eligible, else None (:attr:`aot_status` says why)."""
        if self.aot_mode is False or len(self.plan.jobs) != 1:
            return None
        if self._aot is None:
            from pirc.runtime.aot import AotRunner
            from pirc.runtime.compiled import compiled_factory

            f = compiled_factory("cinn_runtime.jit_kernel")
            factory = f[0] if f is not None and f[1] == "compiled" else None
            # no Python between calls: one thread drives, the NN calls and kernels share its OpenMP team
            p = self._policy or threads_policy.decide(1)
            self._aot = AotRunner(self.plan.jobs[0].program.block, factory, self.aot_mode, nthreads=p.omp)
            if self._aot.eligible:
                self._policy = p
        return self._aot if self._aot.eligible else None

    @property
    def aot_status(self) -> str:
        """Which path the last run took, and why AOT was not used."""
        if self.aot_mode is False:
            return "AOT: off"
        self.aot  # noqa: B018 - makes the runner
        return self._aot.status() if self._aot is not None else "AOT: not used: the plan has several jobs"

    @property
    def effective_threads(self) -> int:
        if self._effective is None:
            self._effective = self.policy.workers
        return self._effective

    def _get_pool(self) -> ThreadPoolExecutor | None:
        n = self.effective_threads
        if n <= 1:
            return None
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=n - 1, thread_name_prefix="pirc-worker",
                                            initializer=threads_policy.init_worker_thread)
            atexit.register(self._pool.shutdown, wait=False)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
        for core in self.cores.values():  # parameters kept on a device
            rt = getattr(core.interpreter, "streams", None)
            if rt is not None:
                rt.drop_resident()

    def __enter__(self) -> StandaloneExecutor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- running ----------------------------------------------------------------------------------
    def set_parameters(self, params: Mapping[str, Any]) -> None:
        self.scope.update(params)

    def core(self, job: Job) -> InterpreterCore:
        c = self.cores.get(job.name)
        if c is None:
            c = self.cores[job.name] = InterpreterCore(job.program, self.gc, self.streams)
        return c

    def build(self) -> None:
        """Run the Build phase of every job now (it otherwise happens on the first run).  A program
        that runs ahead of time needs no interpreter (one is built if a feed shape falls back)."""
        if self.aot is not None:
            return
        for job in self.plan.jobs:
            self.core(job).interpreter.build()

    def run(self, feeds: Mapping[str, Any] | None = None, *, profiler: Profiler | None = None,
            trace: list[TraceEvent] | None = None) -> dict[str, Any]:
        """Run every job in order; return the results (fetches) by name."""
        feeds = feeds or {}
        self.tracker.reset()
        threads_policy.apply(self.policy)
        aot = self.aot
        if aot is not None:  # one call of the compiled host program (None: this feed shape falls back)
            t0 = time.perf_counter()
            out = aot.run(feeds, self.scope, profiler)
            if out is not None:
                self.last_run_seconds = time.perf_counter() - t0
                self.tracker.peak = aot.last.plan.arena_bytes + aot.last.plan.out_bytes
                if profiler is not None:
                    profiler.runs += 1
                    profiler.wall += self.last_run_seconds
                return out
        ctx = RunContext(self.tracker, profiler, trace, self.scope, dict(feeds))
        pool = self._get_pool()
        results: dict[str, Any] = {}
        t0 = time.perf_counter()
        for job in self.plan.jobs:
            results.update(self.core(job).run(feeds, ctx, self.effective_threads, pool))
        self.last_run_seconds = time.perf_counter() - t0
        if profiler is not None:
            profiler.runs += 1
            profiler.wall += self.last_run_seconds
        return results

    @property
    def peak_bytes(self) -> int:
        """Peak bytes of live activations during the last run."""
        return self.tracker.peak

    @property
    def interpreter(self) -> PirInterpreter:
        """The default job's interpreter."""
        return self.core(self.plan.jobs[0]).interpreter


def run_program(program: Program, feeds: Mapping[str, Any] | None = None, params: Mapping[str, Any] | None = None,
                *, threads: int = 1, gc: bool = True) -> dict[str, Any]:
    """Build and run ``program`` once."""
    with StandaloneExecutor(program, threads=threads, gc=gc, params=params) as ex:
        return ex.run(feeds or {})


__all__ = [
    "InterpreterCore",
    "Job",
    "Plan",
    "StandaloneExecutor",
    "auto_threads",
    "default_threads",
    "inter_op_pays",
    "run_program",
]
