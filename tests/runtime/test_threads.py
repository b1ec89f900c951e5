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
        "print(os.environ['OMP_NUM_THREADS'], os.environ['OMP_WAIT_POLICY'], n, T.current().describe())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PATH": "/usr/bin:/bin", "PIRC_OMP_WAIT": ""}).stdout.split()
    assert out[:2] == ["1", "PASSIVE"]
    assert out[2] in ("1", "-1")  # -1: numpy's BLAS is not OpenBLAS here
    assert "1 OpenMP (passive wait)" in " ".join(out)
