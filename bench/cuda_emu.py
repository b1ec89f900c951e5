"""How long the corpus takes on the CUDA emulation (pirc/cinn/emu), and how much it checks.

    .venv/bin/python bench/cuda_emu.py                   # checker on, 3 seeds, a fresh kernel cache
    .venv/bin/python bench/cuda_emu.py --no-check --seeds 1
    .venv/bin/python bench/cuda_emu.py --warm            # the default kernel cache (a CI re-run)
    .venv/bin/python bench/cuda_emu.py --json out.json

For every corpus program with feeds and Paddle outputs: fuse, lower (CUDA schedule), generate
one .cu, compile it with g++ against the emulation runtime (timed: "compile"), then run the
program on ``--device cuda-emu`` once per seed (timed: "run"), each run compared with Paddle's
outputs.  Reported per program and in total: kernels, launches, CUDA threads run, memory
accesses checked.  Exit status 1 when a result differs or the checker reports a problem.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pirc.cinn.backend.cache import KernelCache, default_cache
from pirc.cinn.backend.jit_kernel import uninstall
from pirc.cinn.emu.build import STATS, EmuError
from pirc.cinn.emu.program import compile_program_emu
from pirc.runtime import StandaloneExecutor
from pirc.text.parser import parse_program

CORPUS = ROOT / "tests" / "corpus"


def load(path: Path) -> dict[str, np.ndarray]:
    if not path.exists():
        return {}
    with np.load(path, allow_pickle=False) as z:
        return {k: z[k] for k in z.files}


def matches(got: dict, want: dict) -> bool:
    for k, w in want.items():
        g = np.asarray(got.get(k))
        if g.shape != w.shape:
            return False
        if not (np.allclose(g, w, rtol=1e-4, atol=1e-5) if w.dtype.kind in "fc" else np.array_equal(g, w)):
            return False
    return True


def bench_model(model: str, cache: KernelCache, seeds: int, check: bool) -> dict:
    d = CORPUS / model
    before = (STATS.launches, STATS.threads, STATS.accesses)
    t0 = time.perf_counter()
    prog = parse_program((d / "program.pir").read_text(), model)
    compiled = compile_program_emu(prog, cache=cache, check=check)
    t1 = time.perf_counter()
    ok, problem = True, ""
    try:
        with StandaloneExecutor(prog, params=load(d / "params.npz"), threads=1) as ex:
            feeds, want = load(d / "feeds.npz"), load(d / "outputs.npz")
            for s in range(seeds):
                compiled.factory.device.seed = s
                ok &= matches(ex.run(feeds), want)
    except EmuError as e:
        ok, problem = False, e.problems.splitlines()[0]
    finally:
        uninstall()
    t2 = time.perf_counter()
    return {"model": model, "kernels": compiled.kernels, "compiled": compiled.compiled,
            "prepare_s": t1 - t0, "run_s": t2 - t1, "launches": STATS.launches - before[0],
            "threads": STATS.threads - before[1], "accesses": STATS.accesses - before[2], "ok": ok,
            "problem": problem}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=3, help="runs per program, each with its own block/thread order")
    ap.add_argument("--no-check", action="store_true", help="without the race and bounds checker")
    ap.add_argument("--warm", action="store_true", help="use the default kernel cache instead of a fresh one")
    ap.add_argument("--models", default="", help="comma-separated corpus models (default: all with outputs)")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    models = [m for m in args.models.split(",") if m] or sorted(
        p.parent.name for p in CORPUS.glob("*/outputs.npz") if (p.parent / "feeds.npz").exists())
    tmp = None if args.warm else tempfile.TemporaryDirectory(prefix="pirc-emu-bench-")
    cache = default_cache() if tmp is None else KernelCache(tmp.name)
    console = Console()
    rows = []
    t0 = time.perf_counter()
    for m in models:
        rows.append(bench_model(m, cache, args.seeds, not args.no_check))
    total = time.perf_counter() - t0
    t = Table(title=f"corpus on the CUDA emulation ({'checker on' if not args.no_check else 'no checker'}, "
                    f"{args.seeds} seeds, {'warm' if args.warm else 'cold'} cache)")
    for c in ("program", "kernels", "launches", "threads", "accesses checked", "compile+prepare s", "run s", "ok"):
        t.add_column(c, justify="left" if c == "program" else "right")
    for r in rows:
        t.add_row(r["model"], str(r["kernels"]), str(r["launches"]), str(r["threads"]), str(r["accesses"]),
                  f"{r['prepare_s']:.2f}", f"{r['run_s']:.2f}", "yes" if r["ok"] else f"NO {r['problem']}")
    t.add_row("total", str(sum(r["kernels"] for r in rows)), str(sum(r["launches"] for r in rows)),
              str(sum(r["threads"] for r in rows)), str(sum(r["accesses"] for r in rows)),
              f"{sum(r['prepare_s'] for r in rows):.2f}", f"{sum(r['run_s'] for r in rows):.2f}",
              "yes" if all(r["ok"] for r in rows) else "NO", style="bold")
    console.print(t)
    console.print(f"wall {total:.2f} s for {len(rows)} programs")
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "wall_s": total}, indent=1))
    if tmp is not None:
        tmp.cleanup()
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
