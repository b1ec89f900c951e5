"""Accuracy and speed of the C target's vectorised float32 math (pirc_expf, pirc_tanhf).

    .venv/bin/python bench/vec_math.py            # every 7th float of each range
    .venv/bin/python bench/vec_math.py --step 1   # every float (slow: ~2e9 values)

Compiles ``exp(x)`` and ``tanh(x)`` kernels through pirc (AST -> CodeGenC -> cc,
the flags the compiler driver uses) and compares them against float64 numpy on
every ``--step``-th float32 bit pattern of the ranges where the results are
normal numbers: the largest and mean error in units in the last place.  Then
the throughput of each compiled kernel against numpy's float32 function on
16M elements (all cores).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pirc.cinn.ast import builder as b
from pirc.cinn.backend.build import build
from pirc.cinn.backend.cache import KernelCache

# (name, builder, float64 reference, ranges of x whose results are normal floats)
FUNCS = [
    ("exp", b.exp, np.exp, [(-87.3, -1e-30), (1e-30, 88.72)]),
    ("tanh", b.tanh, np.tanh, [(-12.0, -1e-30), (1e-30, 12.0)]),
]


def _kernel(name: str, fn, cache: KernelCache):  # type: ignore[no-untyped-def]
    N = b.var("N", "int64")
    X = b.tensor("X", [N], "float32", buffer="_X")
    Y = b.tensor("Y", [N], "float32", buffer="_Y")
    lf = b.lowered_func(f"f_{name}", [b.arg_in(X), b.arg_out(Y), b.arg_in(N)], b.root(b.compute(Y, lambda i: fn(X[i]))))
    mod = build(lf, "c", cache=cache)
    assert f"pirc_{name}f(" in mod.source.text
    return mod[f"f_{name}"]


def _floats(lo: float, hi: float, step: int, chunk: int = 1 << 26):  # type: ignore[no-untyped-def]
    """Every step-th float32 in [lo, hi] (same sign), in chunks."""
    a, c = (np.array([lo, hi], np.float32)).view(np.uint32).tolist()
    a, c = min(a, c), max(a, c)
    for s in range(a, c + 1, chunk * step):
        yield np.arange(s, min(s + chunk * step, c + 1), step, dtype=np.uint32).view(np.float32)


def accuracy(kernel, ref, ranges, step: int) -> tuple[float, float, float, int]:  # type: ignore[no-untyped-def]
    worst, worst_x, total, count = 0.0, 0.0, 0.0, 0
    for lo, hi in ranges:
        for x in _floats(lo, hi, step):
            (y,) = kernel(x)
            r = ref(x.astype(np.float64))
            ulp = np.abs(y.astype(np.float64) - r) / np.spacing(np.abs(r.astype(np.float32))).astype(np.float64)
            i = int(np.argmax(ulp))
            if ulp[i] > worst:
                worst, worst_x = float(ulp[i]), float(x[i])
            total += float(ulp.sum())
            count += x.size
    return worst, worst_x, total / count, count


def speed(kernel, npfn, n: int, repeat: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    x = np.random.default_rng(0).standard_normal(n).astype(np.float32)

    def best(f) -> float:  # type: ignore[no-untyped-def]
        f()
        ts = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            f()
            ts.append(time.perf_counter() - t0)
        return min(ts)

    return best(lambda: kernel(x)), best(lambda: npfn(x))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--step", type=int, default=7, help="test every STEP-th float (default 7)")
    ap.add_argument("--n", type=int, default=1 << 24)
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args()
    console = Console()
    table = Table(title=f"C target float32 math: every {args.step}th float vs float64 numpy; {args.n} elements")
    for col in ("function", "floats tested", "max ulp", "at x", "mean ulp", "compiled ms", "numpy ms", "speed-up"):
        table.add_column(col, justify="left" if col == "function" else "right")
    with tempfile.TemporaryDirectory() as d:
        cache = KernelCache(Path(d))
        for name, fn, ref, ranges in FUNCS:
            k = _kernel(name, fn, cache)
            worst, at, mean, count = accuracy(k, ref, ranges, args.step)
            tc, tn = speed(k, getattr(np, name), args.n, args.repeat)
            table.add_row(name, f"{count:,}", f"{worst:.3f}", f"{at:.7g}", f"{mean:.3f}", f"{tc * 1e3:.2f}",
                          f"{tn * 1e3:.2f}", f"{tn / tc:.1f}x")
    console.print(table)


if __name__ == "__main__":
    main()
