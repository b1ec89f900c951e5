"""A package against the in-process compiled run it freezes (issue 28): latency and bits, per corpus model.

    .venv/bin/python bench/package.py                          # the default models, 5 processes a side
    .venv/bin/python bench/package.py --all --procs 7          # every corpus model with feeds
    .venv/bin/python bench/package.py --models mlp,lenet --repeat 100

For each model (tests/corpus/NAME: program.pir, params.npz, feeds.npz) ``pirc-compile`` makes a
package (default ``--march``, the host program frozen for the feeds' shapes), then fresh processes
alternate, package first in one round and in-process first in the next::

    pirc-run PKG --feed feeds.npz --repeat R -o a.npz
    pirc-run program.pir --params params.npz --feed feeds.npz --backend cinn --repeat R -o b.npz

(R: about half a second of warm runs, from a warm-up process's median; ``--repeat`` fixes it).
Every process runs with ``PIRC_NUM_THREADS=1`` (``--threads``): pirc's policy otherwise sizes each
process's OpenMP team by the cores busy elsewhere when it starts, which on a shared machine differs
from one process to the next more than the two sides do.  Each process prints the median of its R warm runs (``median_ms``); the table gives the median over
the processes of each side, their ratio (package / in-process; 1.00 is parity), the ratio of each
side's fastest process (what a quiet machine gives: on a shared one a process that starts beside a busy
neighbour runs up to 1.5x slower, on either side), whether the ahead-
of-time host program ran on each side, and whether the two sides' outputs are the same bits.  One
warm-up process per side first (the kernel cache is warm for the in-process side, as it is for a
user who runs a model twice).  The last line is the headline: the geometric mean and the largest
ratio, and how many models gave the same bits.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"
BIN = Path(sys.executable).parent
DEFAULT = ["transformer_layer", "mlp", "lenet", "mobilenet_block", "resnet_block", "ernie_encoder", "llama_decoder",
           "attention_mask"]


def _models(names: list[str] | None) -> list[Path]:
    if names is None:
        return sorted(p for p in CORPUS.iterdir() if (p / "program.pir").exists() and (p / "feeds.npz").exists())
    return [CORPUS / n for n in names]


def _run(cmd: list[str], env: dict[str, str]) -> tuple[float, str]:
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stderr[-2000:]}")
    m = re.search(r"median_ms=([0-9.]+)", p.stderr)
    aot = re.search(r"^AOT: (used|not used)[^\n]*", p.stderr, re.M)
    return (float(m.group(1)) if m else math.nan), (aot.group(1) if aot else "?")


def _same_bits(a: Path, b: Path) -> bool:
    with np.load(a) as x, np.load(b) as y:
        if sorted(x.files) != sorted(y.files):
            return False
        return all(x[k].dtype == y[k].dtype and x[k].shape == y[k].shape and x[k].tobytes() == y[k].tobytes()
                   for k in x.files)


def bench_model(model: Path, work: Path, procs: int, repeat: int, env: dict[str, str], budget: float = 0.5
                ) -> list[str]:
    pkg = work / f"{model.name}.pkg"
    params = ["--params", str(model / "params.npz")] if (model / "params.npz").exists() else []
    feeds = ["--feed", str(model / "feeds.npz")]
    made = subprocess.run([str(BIN / "pirc-compile"), str(model / "program.pir"), *params, *feeds, "-o", str(pkg),
                           "--force"], capture_output=True, text=True, env=env, timeout=1800)
    if made.returncode != 0:
        return [model.name, "compile failed: " + made.stderr.strip().splitlines()[-1][:60], "", "", "", "", ""]
    a_out, b_out = work / f"{model.name}.pkg.npz", work / f"{model.name}.inproc.npz"
    side_a = [str(BIN / "pirc-run"), str(pkg), *feeds, "--profile", "--repeat", str(repeat or 20), "-o", str(a_out)]
    side_b = [str(BIN / "pirc-run"), str(model / "program.pir"), *params, *feeds, "--backend", "cinn", "--profile",
              "--repeat", str(repeat or 20), "-o", str(b_out)]
    warm, _ = _run(side_a, env)  # warm-ups: the in-process side's kernel cache, both sides' page cache
    _run(side_b, env)
    if repeat <= 0:  # about `budget` seconds of warm runs per process
        repeat = max(20, min(20000, int(budget * 1e3 / max(warm, 1e-3))))
    for side in (side_a, side_b):
        side[side.index("--repeat") + 1] = str(repeat)
    a_ms: list[float] = []
    b_ms: list[float] = []
    aots = ["?", "?"]
    for i in range(procs):
        order = [(side_a, a_ms, 0), (side_b, b_ms, 1)]
        for cmd, out, k in order if i % 2 == 0 else order[::-1]:
            ms, aots[k] = _run(cmd, env)
            out.append(ms)
    a, b = statistics.median(a_ms), statistics.median(b_ms)
    print(f"{model.name}: package {' '.join(f'{x:.4f}' for x in a_ms)}; in-process "
          f"{' '.join(f'{x:.4f}' for x in b_ms)} (ms, {repeat} runs a process)", file=sys.stderr, flush=True)
    return [model.name, f"{a:.4f}", f"{b:.4f}", f"{a / b:.3f}", f"{min(a_ms) / min(b_ms):.3f}",
            f"{aots[0]} / {aots[1]}", "yes" if _same_bits(a_out, b_out) else "NO"]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", default=None, help="comma-separated corpus models (default: " + ",".join(DEFAULT) + ")")
    ap.add_argument("--all", action="store_true", help="every corpus model with program.pir and feeds.npz")
    ap.add_argument("--procs", type=int, default=5, help="fresh processes per side (default 5)")
    ap.add_argument("--repeat", type=int, default=0,
                    help="warm runs per process (default 0: as many as take about --budget seconds)")
    ap.add_argument("--budget", type=float, default=0.5, help="seconds of warm runs per process when --repeat is 0")
    ap.add_argument("--threads", type=int, default=1,
                    help="PIRC_NUM_THREADS of every process (default 1: the same thread budget on both sides whatever "
                         "else the machine runs; 0 leaves it to pirc's policy, which counts the cores busy elsewhere "
                         "when each process starts)")
    args = ap.parse_args(argv)
    names = None if args.all else (args.models.split(",") if args.models else DEFAULT)
    sys.path.insert(0, str(ROOT))
    from pirc.tables import print_table

    env = {**os.environ, "PIRC_PROGRESS": "0"}
    if args.threads:
        env["PIRC_NUM_THREADS"] = str(args.threads)
    else:
        env.pop("PIRC_NUM_THREADS", None)
    rows: list[list[str]] = []
    with tempfile.TemporaryDirectory(prefix="pirc-bench-package-") as d:
        for model in _models(names):
            rows.append(bench_model(model, Path(d), args.procs, args.repeat, env, args.budget))
            print(" ".join(rows[-1]), file=sys.stderr, flush=True)
    print_table(f"package vs in-process (pirc-run --backend cinn): median of {args.procs} processes a side, each the "
                f"median of its warm runs ({args.repeat or f'~{args.budget:g} s'}); PIRC_NUM_THREADS={args.threads or 'unset'}", ["model", "package (ms)", "in-process (ms)", "ratio",
                                                       "ratio of fastest", "AOT (pkg / in-proc)", "same bits"], rows,
                right=(1, 2, 3, 4))
    ratios = [float(r[3]) for r in rows if r[3] and not math.isnan(float(r[3]))]
    same = sum(r[6] == "yes" for r in rows)
    if not ratios:
        print("no model measured")
        return 1
    geo = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
    print(f"package/in-process latency: geomean {geo:.3f}, max {max(ratios):.3f} over {len(ratios)} models; "
          f"same bits on {same} of {len(rows)}")
    return 0 if same == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
