"""One thread policy for a whole pirc run: the interpreter's pool, OpenMP teams, BLAS threads.

Three thread pools can be busy in one pirc process: the interpreter's worker pool (independent
branches of the dependency DAG), the OpenMP team of each compiled C kernel (``#pragma omp
parallel for``) and numpy's BLAS (OpenBLAS: matmul, conv2d through im2col).  Left alone, each
sizes itself to the whole machine and the OpenMP and OpenBLAS workers *spin* between calls, so
on a 2-core machine three pools of two threads fight for two cores and a model runs several
times slower than with one thread (measured: bench/models.py; issue 12's table).

:func:`decide` makes the decision once per run, and :func:`apply` enforces it:

* **one level of parallelism**: either inter-op (the interpreter runs independent instructions on
  ``workers`` threads, each kernel and BLAS call single-threaded) or intra-op (one interpreter
  thread, OpenMP teams and BLAS of ``intra`` threads); never more busy threads than the cores
  this process may use (its CPU affinity);
* **the budget is the cores this process may use** (its CPU affinity) less those other processes
  keep busy when the run starts (:func:`free_cores`: a team spinning on a core another process
  holds waits for it at every barrier); ``PIRC_NUM_THREADS=N`` fixes it at N (on a shared
  machine, give pirc its share);
* **OpenMP workers spin briefly, then sleep** (``PIRC_OMP_WAIT``: ``spin``, the default, is
  ``GOMP_SPINCOUNT=30000``, about 0.75 ms here (~25 ns an iteration); ``passive`` sleeps at once,
  ``OMP_WAIT_POLICY=PASSIVE``; ``active`` spins without end).  The short spin bridges the gap
  between one kernel call and the next, of the same run or of the next run, where a sleeping
  worker costs a wake-up per parallel region (a futex, and on a virtual machine the wake of an
  idle virtual CPU: tens to hundreds of microseconds), but not the longer gaps where numpy or the
  interpreter's pool need the cores (libgomp's own default, 300000, spins ~7 ms).  Measured (AOT
  runs, 150 each, three processes per setting, the same session): MobileNetV2 7.8-8.0 ms median
  against 11.3-13.3 passive, ShuffleNetV2 4.0 against 7.6, the small encoder 0.35 against
  0.63-0.73; one-kernel chains run back to back (bench/kernels_layouts.py, alternating settings):
  keepdim_sub 0.38-0.51 ms against 0.87-1.29 with a 3000-iteration spin, rownorm 0.47-0.56
  against 0.67-1.19.  Set in the environment before the first kernel library loads
  libgomp, which reads it once; the team size goes the same way (``OMP_NUM_THREADS``), and through
  ``omp_set_num_threads`` when libgomp is already loaded;
* **BLAS threads** through threadpoolctl when it is installed, else by calling OpenBLAS's own
  ``*openblas_set_num_threads*`` in the libraries numpy loaded;
* **OpenBLAS workers sleep when idle** too (:func:`pirc._env.prepare_environment`, run by ``import pirc``:
  ``OPENBLAS_THREAD_TIMEOUT=4``, the shortest spin OpenBLAS allows, unless the user set it or
  ``PIRC_OMP_WAIT=active``).  OpenBLAS reads it once, when numpy loads it; by default its idle
  workers spin for about 2^28 cycles after every call, so with two BLAS threads they took the
  cores from the OpenMP team and the interpreter between GEMMs: on the shared 2-core machine
  MobileNetV2 through the interpreter (intra-op policy) took ~500 ms per run and ~450 ms of CPU,
  with the short spin ~60 ms; MobileNetV3-small ``--backend cinn --threads 1`` 52-60 ms, with it
  15-33 ms (pirc-run, same run, alternating).

Compiled kernels parallelise only spatial loops, so their results never depend on the thread
count; OpenBLAS's single-threaded GEMM sums in another order than its threaded one, so a matmul's
result can differ in the last bits between the inter-op and the intra-op policy. The same policy
(the same --threads and PIRC_NUM_THREADS) always gives the same bits.
"""

from __future__ import annotations

import ctypes
import os
import re
import threading
import time
from dataclasses import dataclass

from pirc._env import ENV_WAIT

#: the environment variables a user sets to override the policy (ENV_WAIT: PIRC_OMP_WAIT)
ENV_THREADS = "PIRC_NUM_THREADS"


@dataclass(frozen=True)
class ThreadPolicy:
    """What :func:`decide` chose.  ``workers``: interpreter threads (1: inline); ``omp``: the team
    of a compiled kernel; ``blas``: BLAS threads; ``wait``: one of :data:`WAITS`."""

    cores: int
    budget: int
    workers: int
    omp: int
    blas: int
    wait: str
    why: str

    @property
    def busy(self) -> int:
        """The most threads that can be busy at once."""
        return self.workers * max(self.omp, self.blas)

    def describe(self) -> str:
        """``threads: 1 interpreter, 4 OpenMP (spin wait), 4 BLAS on 4 usable cores; intra-op parallelism``
        (``on 2 of 8 usable cores (PIRC_NUM_THREADS=2)`` when the user gave pirc fewer)."""
        source, _, policy = self.why.partition("; ")
        plural = "s" * (self.cores != 1)
        if self.budget == self.cores and source == "usable cores":
            cores = f"{self.cores} usable core{plural}"
        else:
            cores = f"{self.budget} of {self.cores} usable core{plural} ({source})"
        text = f"threads: {self.workers} interpreter, {self.omp} OpenMP ({self.wait} wait), {self.blas} BLAS on {cores}"
        return text + (f"; {policy} parallelism" if policy else "")


def usable_cores() -> int:
    """Cores this process may run on (its affinity), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def busy_elsewhere(samples: int = 5, gap: float = 0.004, stat: str = "/proc/stat") -> int:
    """Threads of other processes running now (``procs_running`` of /proc/stat, less this one;
    the fewest of a few samples ``gap`` seconds apart, so a moment's blip does not count); 0 where
    the system does not say."""
    least: int | None = None
    for k in range(samples):
        try:
            with open(stat, "rb") as f:
                line = next((ln for ln in f if ln.startswith(b"procs_running")), None)
        except OSError:
            return 0
        if line is None:
            return 0
        n = int(line.split()[1]) - 1
        least = n if least is None else min(least, n)
        if least <= 0:
            return 0
        if k + 1 < samples:
            time.sleep(gap)
    return max(0, least or 0)


def free_cores(cores: int | None = None) -> tuple[int, str]:
    """(cores this run may keep busy, why): ``PIRC_NUM_THREADS`` when set, else the usable cores
    less those other processes keep busy now (a team that spins on a core another process holds
    waits for it at every barrier: MobileNetV3-small compiled ran 3x slower beside one busy
    process on two cores, 1.5x with one thread)."""
    cores = cores or usable_cores()
    env = os.environ.get(ENV_THREADS, "").strip()
    if env:
        try:
            n = int(env)
        except ValueError:
            n = 0
        if n > 0:
            return min(n, cores), f"{ENV_THREADS}={n}"
    others = busy_elsewhere() if cores > 1 else 0
    if others:
        return max(1, cores - others), f"usable cores, {min(others, cores)} busy elsewhere"
    return cores, "usable cores"


#: OpenMP wait policies (``PIRC_OMP_WAIT``), the first the default
WAITS = ("spin", "passive", "active")
#: GOMP_SPINCOUNT of the "spin" policy: pause-loop iterations before a worker sleeps (~0.75 ms; libgomp's
#: own default is 300000, ~7 ms: enough to take a core from numpy's BLAS between kernels)
SPIN_COUNT = 30000


def wait_policy() -> str:
    """The OpenMP wait policy asked for by ``PIRC_OMP_WAIT`` (one of :data:`WAITS`), default "spin"."""
    w = os.environ.get(ENV_WAIT, "").strip().lower()
    return w if w in WAITS else WAITS[0]


def decide(workers: int = 0, *, parallel: bool = False, cores: int | None = None,
           budget: tuple[int, str] | None = None) -> ThreadPolicy:
    """The policy for one run.

    ``workers``: the interpreter threads asked for (``--threads``; 0: decide); ``parallel``: the
    program has independent branches big enough to overlap (inter-op parallelism pays); ``budget``:
    (free cores, why), default :func:`free_cores`.
    """
    cores = cores or usable_cores()
    free, why = budget if budget is not None else free_cores(cores)
    wait = wait_policy()
    if workers == 0:
        workers = free if parallel and free > 1 else 1
    workers = max(1, workers)
    if workers > 1:  # inter-op: every kernel single-threaded
        return ThreadPolicy(cores, free, workers, 1, 1, wait, why + "; inter-op")
    return ThreadPolicy(cores, free, 1, free, free, wait, why + ("; intra-op" if free > 1 else ""))


# ------------------------------------------------------------------------------------------------
# enforcing it
# ------------------------------------------------------------------------------------------------

_LOCK = threading.Lock()
_APPLIED: ThreadPolicy | None = None


def current() -> ThreadPolicy | None:
    """The policy in force (None before the first :func:`apply`)."""
    return _APPLIED


def _loaded_libraries(pattern: str) -> list[str]:
    try:
        with open("/proc/self/maps") as f:
            maps = f.read()
    except OSError:
        return []
    return sorted(set(re.findall(r"(/\S*(?:" + pattern + r")\S*\.so[.\d]*)", maps)))


def _set_openmp(n: int, wait: str) -> None:
    os.environ["OMP_NUM_THREADS"] = str(n)
    if wait == "spin":  # libgomp's spin count applies when no wait policy is set
        os.environ.pop("OMP_WAIT_POLICY", None)
        os.environ["GOMP_SPINCOUNT"] = str(SPIN_COUNT)
    else:
        os.environ["OMP_WAIT_POLICY"] = wait.upper()
        os.environ.pop("GOMP_SPINCOUNT", None)  # would override the wait policy
    for path in _loaded_libraries(r"libgomp|libomp|libiomp5"):  # already loaded: its ICVs, not the env
        try:
            ctypes.CDLL(path).omp_set_num_threads(ctypes.c_int(n))
        except (OSError, AttributeError):
            pass


_OPENBLAS_SETTERS = ("scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads",
                     "openblas_set_num_threads64_", "openblas_set_num_threads")


def _set_blas(n: int) -> str:
    """Limit BLAS to ``n`` threads; returns how."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        pass
    else:
        threadpool_limits(limits=n, user_api="blas")
        return "threadpoolctl"
    done = ""
    for path in _loaded_libraries(r"openblas"):
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for sym in _OPENBLAS_SETTERS:
            fn = getattr(lib, sym, None)
            if fn is not None:
                fn(ctypes.c_int(n))
                done = sym
                break
    os.environ["OPENBLAS_NUM_THREADS"] = str(n)  # subprocesses
    return done or "environment"


def apply(policy: ThreadPolicy) -> ThreadPolicy:
    """Make ``policy`` the process's: OpenMP team and wait policy, BLAS threads.  Cheap when
    it is already in force."""
    global _APPLIED
    with _LOCK:
        if _APPLIED == policy:
            return policy
        import numpy  # noqa: F401  - its BLAS must be loaded to be limited

        _set_openmp(policy.omp, policy.wait)
        _set_blas(policy.blas)
        _APPLIED = policy
    return policy


def init_worker_thread() -> None:
    """A pool thread's initializer: OpenMP's team size is per thread once libgomp is loaded, so a
    worker started after it loaded takes the policy's here rather than libgomp's first default."""
    p = _APPLIED
    if p is None:
        return
    for path in _loaded_libraries(r"libgomp|libomp|libiomp5"):
        try:
            ctypes.CDLL(path).omp_set_num_threads(ctypes.c_int(p.omp))
        except (OSError, AttributeError):
            pass


def ensure_applied() -> ThreadPolicy:
    """The policy in force, deciding a default one (one interpreter thread) if none was applied:
    called before anything loads a compiled kernel, so libgomp starts with pirc's settings."""
    p = _APPLIED
    return p if p is not None else apply(decide(1))


__all__ = ["ENV_THREADS", "ENV_WAIT", "SPIN_COUNT", "WAITS", "ThreadPolicy", "apply", "current", "decide", "ensure_applied", "free_cores",
           "init_worker_thread", "usable_cores", "wait_policy"]
