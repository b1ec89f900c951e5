"""Accuracy and speed of the C target's vectorised float32 math (pirc_expf, pirc_tanhf, pirc_logf, pirc_erff).

    .venv/bin/python bench/vec_math.py            # every 7th float of each range
    .venv/bin/python bench/vec_math.py --step 1   # every float (slow: ~2e9 values)

Compiles ``exp(x)``, ``tanh(x)``, ``log(x)`` and ``erf(x)`` kernels through pirc
(AST -> CodeGenC -> cc, the flags the compiler driver uses) and compares them
against float64 references on every ``--step``-th float32 bit pattern of the
ranges where the results are normal numbers: the largest and mean error in
units in the last place.  erf's reference is Python's ``math.erf`` element by
element (numpy has no erf), so erf tests every ``8 * step``-th float.  Then the
throughput of each compiled kernel against numpy's float32 function on 16M
elements (all cores; erf against ``math.erf`` through ``np.frompyfunc``).
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import best  # noqa: E402
from pirc.cinn.ast import builder as b
from pirc.cinn.backend.build import build
from pirc.cinn.backend.cache import KernelCache

_erf = np.frompyfunc(math.erf, 1, 1)


def erf64(x: np.ndarray) -> np.ndarray:
    """float64 erf (math.erf, element by element)."""
    return _erf(x).astype(np.float64)


def erf32(x: np.ndarray) -> np.ndarray:
    """The float32 erf to time against (numpy has none)."""
    return erf64(x).astype(np.float32)


class Func(NamedTuple):
    name: str
    builder: Callable[..., Any]
    ref: Callable[[np.ndarray], np.ndarray]  # float64 reference
    ranges: list[tuple[float, float]]  # of x whose results are normal floats
    npfn: Callable[[np.ndarray], np.ndarray]  # the float32 function timed against
    step: int = 1  # test every (step * --step)-th float
    timing_input: Callable[[np.ndarray], np.ndarray] = lambda x: x  # of standard normal samples
    ref_repeat: int | None = None  # timing repeats of npfn (default --repeat)


FUNCS = [
    Func("exp", b.exp, np.exp, [(-87.3, -1e-30), (1e-30, 88.72)], np.exp),
    Func("tanh", b.tanh, np.tanh, [(-12.0, -1e-30), (1e-30, 12.0)], np.tanh),
    # every positive normal float (subnormal inputs have normal logs too: the unit test covers them)
    Func("log", b.log, np.log, [(1.1754944e-38, 3.4028235e38)], np.log, timing_input=np.abs),
    Func("erf", b.erf, erf64, [(-4.0, -1e-30), (1e-30, 4.0)], erf32, step=8, ref_repeat=1),
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


def speed(kernel, f: Func, n: int, repeat: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    x = f.timing_input(np.random.default_rng(0).standard_normal(n).astype(np.float32))

    return best(lambda: kernel(x), repeat), best(lambda: f.npfn(x), f.ref_repeat or repeat)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--step", type=int, default=7, help="test every STEP-th float (default 7)")
    ap.add_argument("--n", type=int, default=1 << 24)
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args()
    console = Console()
    table = Table(title=f"C target float32 math vs float64 references; {args.n} elements")
    for col in ("function", "every nth float", "floats tested", "max ulp", "at x", "mean ulp", "compiled ms",
                "numpy ms", "speed-up"):
        table.add_column(col, justify="left" if col == "function" else "right")
    with tempfile.TemporaryDirectory() as d:
        cache = KernelCache(Path(d))
        for f in FUNCS:
            k = _kernel(f.name, f.builder, cache)
            worst, at, mean, count = accuracy(k, f.ref, f.ranges, args.step * f.step)
            tc, tn = speed(k, f, args.n, args.repeat)
            table.add_row(f.name, f"{args.step * f.step}", f"{count:,}", f"{worst:.3f}", f"{at:.7g}", f"{mean:.3f}",
                          f"{tc * 1e3:.2f}", f"{tn * 1e3:.2f}", f"{tn / tc:.1f}x")
    console.print(table)


if __name__ == "__main__":
    main()
