"""STREAM triad (a[i] = b[i] + s*c[i]) on this machine: the memory bandwidth kernels are judged against.

    .venv/bin/python bench/stream.py

Compiled with the system C compiler and OpenMP, on float32 arrays far larger
than the caches; bytes counted as STREAM does (two reads and one write per
element; write-allocate traffic not counted).  Prints GB/s (best of N).
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import tempfile
import time

import numpy as np

TRIAD_C = r"""
#include <stddef.h>
void triad(float *restrict a, const float *restrict b, const float *restrict c, float s, long n) {
    #pragma omp parallel for simd schedule(static)
    for (long i = 0; i < n; ++i) a[i] = b[i] + s * c[i];
}
"""


def _compile() -> ctypes.CDLL:
    folder = tempfile.mkdtemp(prefix="pirc-stream-")
    src = os.path.join(folder, "triad.c")
    lib = os.path.join(folder, "triad.so")
    with open(src, "w") as f:
        f.write(TRIAD_C)
    subprocess.run(["cc", "-O3", "-march=native", "-fopenmp", "-shared", "-fPIC", src, "-o", lib], check=True)
    dll = ctypes.CDLL(lib)
    dll.triad.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_float, ctypes.c_long]
    return dll


def triad_gbps(n: int = 1 << 26, repeat: int = 10) -> float:
    """Best triad bandwidth in GB/s (float32, n elements per array)."""
    dll = _compile()
    a = np.zeros(n, np.float32)
    b = np.ones(n, np.float32)
    c = np.full(n, 2.0, np.float32)
    args = (a.ctypes.data, b.ctypes.data, c.ctypes.data, ctypes.c_float(3.0), n)
    dll.triad(*args)  # first touch
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        dll.triad(*args)
        best = min(best, time.perf_counter() - t0)
    assert a[0] == 7.0
    return 3 * 4 * n / best / 1e9


if __name__ == "__main__":
    print(f"STREAM triad (float32, {1 << 26} elements, {os.cpu_count()} cores): {triad_gbps():.1f} GB/s")
