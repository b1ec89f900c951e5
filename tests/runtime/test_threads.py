"""The run-wide thread policy (pirc/runtime/threads.py): never more busy threads than free cores."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pirc.runtime import threads as T


@given(workers=st.integers(0, 16), parallel=st.booleans(), cores=st.integers(1, 64), free=st.integers(1, 64))
def test_never_more_busy_threads_than_free_cores(workers: int, parallel: bool, cores: int, free: int) -> None:
    free = min(free, cores)
    p = T.decide(workers, parallel=parallel, cores=cores, budget=(free, "test"))
    if workers <= free:  # an explicit --threads above the budget is the user's choice
        assert p.busy <= free
    assert p.workers == (workers or (free if parallel and free > 1 else 1))
    assert p.omp >= 1 and p.blas >= 1
    if p.workers > 1:
        assert p.omp == p.blas == 1  # inter-op: kernels single-threaded


def test_budget_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(T.ENV_THREADS, "1")
    assert T.free_cores(8) == (1, f"{T.ENV_THREADS}=1")
    monkeypatch.setenv(T.ENV_THREADS, "99")
    assert T.free_cores(8)[0] == 8


def test_apply_limits_openmp_and_blas_in_a_fresh_process() -> None:
    code = (
        "import os, ctypes, re\n"
        "from pirc.runtime import threads as T\n"
        "T.apply(T.decide(1, cores=4, budget=(1, 'test')))\n"
        "libs = sorted(set(re.findall(r'(/\\S*openblas\\S*\\.so\\S*)', open('/proc/self/maps').read())))\n"
        "n = -1\n"
        "for path in libs:\n"
        "    lib = ctypes.CDLL(path)\n"
        "    for s in ('scipy_openblas_get_num_threads64_', 'openblas_get_num_threads64_', 'openblas_get_num_threads'):\n"
        "        if hasattr(lib, s): n = getattr(lib, s)()\n"
        "print(os.environ['OMP_NUM_THREADS'], os.environ.get('OMP_WAIT_POLICY', '-'),\n"
        "      os.environ.get('GOMP_SPINCOUNT', '-'), n, T.current().describe())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PATH": "/usr/bin:/bin", "PIRC_OMP_WAIT": ""}).stdout.split()
    assert out[:3] == ["1", "-", str(T.SPIN_COUNT)]  # the default: a short spin, then sleep
    assert out[3] in ("1", "-1")  # -1: numpy's BLAS is not OpenBLAS here
    assert "1 OpenMP (spin wait)" in " ".join(out)


@pytest.mark.parametrize(("asked", "policy", "spin"), [("passive", "PASSIVE", "-"), ("active", "ACTIVE", "-"),
                                                       ("spin", "-", str(T.SPIN_COUNT)),
                                                       ("bogus", "-", str(T.SPIN_COUNT))])
def test_openmp_wait_policy_reaches_libgomps_environment(asked: str, policy: str, spin: str) -> None:
    """PIRC_OMP_WAIT picks libgomp's settings; a user's GOMP_SPINCOUNT never overrides the policy."""
    code = ("import os\nfrom pirc.runtime import threads as T\nT.apply(T.decide(1, cores=2, budget=(2, 't')))\n"
            "print(os.environ.get('OMP_WAIT_POLICY', '-'), os.environ.get('GOMP_SPINCOUNT', '-'))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PATH": "/usr/bin:/bin", "PIRC_OMP_WAIT": asked, "GOMP_SPINCOUNT": "99"}).stdout.split()
    assert out == [policy, spin]


_IDLE_CPU = (
    "import pirc, os, time, resource\n"
    "import numpy as np\n"
    "from pirc.runtime import threads as T\n"
    "T.apply(T.decide(1, cores=2, budget=(2, 'test')))\n"
    "a = np.ones((512, 512), np.float32)\n"
    "for _ in range(5): a @ a\n"
    "r0 = resource.getrusage(resource.RUSAGE_SELF)\n"
    "time.sleep(0.5)\n"
    "r1 = resource.getrusage(resource.RUSAGE_SELF)\n"
    "print(os.environ.get('OPENBLAS_THREAD_TIMEOUT'), r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)\n"
)


def test_idle_blas_threads_sleep_after_import_pirc() -> None:
    """``import pirc`` before numpy: OpenBLAS's workers sleep between calls (they spun ~0.1 s after
    each call, taking the cores from the OpenMP team and the interpreter)."""
    out = subprocess.run([sys.executable, "-c", _IDLE_CPU], capture_output=True, text=True, check=True,
                         env={"PATH": "/usr/bin:/bin"}).stdout.split()
    assert out[0] == "4"
    assert float(out[1]) < 0.01  # CPU s while the main thread slept 0.5 s (spinning workers: 0.04 s and up)


@pytest.mark.parametrize("env", [{"OPENBLAS_THREAD_TIMEOUT": "20"}, {"GOTO_THREAD_TIMEOUT": "20"},
                                 {"PIRC_OMP_WAIT": "active"}])
def test_a_users_blas_wait_setting_is_kept(env: dict[str, str]) -> None:
    code = "import pirc, os; print(os.environ.get('OPENBLAS_THREAD_TIMEOUT', '-'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PATH": "/usr/bin:/bin", **env}).stdout.strip()
    assert out == env.get("OPENBLAS_THREAD_TIMEOUT", "-")


_IDLE_OMP = (
    "import pirc, os, time, resource\n"
    "import numpy as np\n"
    "from pirc.runtime import threads as T\n"
    "from pirc.runtime.nn import lib\n"
    "T.apply(T.decide(1, cores=2, budget=(2, 'test')))\n"
    "x, w, b = np.ones((67, 1280), np.float32), np.ones((1280, 1000), np.float32), np.zeros(1000, np.float32)\n"
    "for _ in range(3): assert lib.fc((67, 1280, 1000, 0), x, w, b, nt=2) is not None\n"
    "r0 = resource.getrusage(resource.RUSAGE_SELF)\n"
    "time.sleep(0.5)\n"
    "r1 = resource.getrusage(resource.RUSAGE_SELF)\n"
    "print(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)\n"
)


@pytest.mark.parametrize(("wait", "sleeps"), [("spin", True), ("passive", True), ("active", False)])
def test_idle_openmp_workers_sleep_unless_asked_to_spin(wait: str, sleeps: bool) -> None:
    """After a threaded nnlib call the team's workers spin at most briefly (the default) and then
    sleep: an idle pirc process does not hold a second core."""
    out = subprocess.run([sys.executable, "-c", _IDLE_OMP], capture_output=True, text=True, check=True,
                         env={"PATH": "/usr/bin:/bin", "PIRC_OMP_WAIT": wait}).stdout.split()
    cpu = float(out[-1])  # CPU s while the main thread slept 0.5 s
    assert (cpu < 0.05) == sleeps, cpu


def test_cores_other_processes_keep_busy_are_not_used(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A team spinning on a core another process holds waits for it at every barrier (issue 27,
    robust under load): the budget leaves out the cores busy elsewhere, as /proc/stat counts them."""
    stat = tmp_path / "stat"
    stat.write_text("cpu  1 2 3\nprocs_running 3\nprocs_blocked 0\n")
    assert T.busy_elsewhere(samples=2, gap=0, stat=str(stat)) == 2  # this process is one of the 3
    stat.write_text("procs_running 1\n")
    assert T.busy_elsewhere(samples=2, gap=0, stat=str(stat)) == 0
    assert T.busy_elsewhere(stat=str(tmp_path / "missing")) == 0
    monkeypatch.delenv(T.ENV_THREADS, raising=False)
    monkeypatch.setattr(T, "busy_elsewhere", lambda: 1)
    assert T.free_cores(2) == (1, "usable cores, 1 busy elsewhere")
    assert T.free_cores(1) == (1, "usable cores")
    monkeypatch.setattr(T, "busy_elsewhere", lambda: 5)
    assert T.free_cores(4)[0] == 1  # never fewer than one
    monkeypatch.setenv(T.ENV_THREADS, "2")
    assert T.free_cores(4) == (2, f"{T.ENV_THREADS}=2")  # the user's word wins
