"""Memory-bound workloads Paddle printed (1024x4096 float32): compiled kernels vs the interpreter vs Paddle,
XLA and TorchInductor.

    .venv/bin/python bench/kernels.py             # all four workloads, Paddle if $PADDLE_PYTHON names a Python with paddlepaddle
    .venv/bin/python bench/kernels.py --no-paddle --xla-python PY --inductor-python PY2

For each of bench_softmax, bench_softmax_manual, bench_layernorm and
bench_elementwise (tests/corpus): the median warm latency of `--backend cinn`
(fused groups compiled to C with OpenMP, the kernel cache warm), of `--backend
interp` (numpy kernels) and of Paddle's CPU executor on the same program and
feeds, and (bench/peers.py; --xla-python / $PIRC_XLA_PYTHON, --inductor-python /
$PIRC_INDUCTOR_PYTHON) of XLA and TorchInductor on the same computation and feeds, their
outputs checked against the interpreter's, all measured in this run; the effective bandwidth of each compiled run
(bytes of the program's inputs and outputs / time) against the machine's STREAM
triad measured in the same run.  cinn and the peers are timed in alternating rounds (--rounds) with
the peers' processes kept running, so every column sees the same machine.  Targets: cinn at least 4x faster than interp
and 10x faster than Paddle; the elementwise chain at 50% or more of triad.
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


from bench import run, stream  # noqa: E402
from bench.peers import (PEERS, OtherLoad, Workload, add_arguments, cell, close_sessions, interleave,  # noqa: E402
                         notes, open_sessions, peer_figures, peer_sides, pythons, session_pids)
from bench.timing import median_ms, times  # noqa: E402
from pirc.cinn.backend.jit_kernel import uninstall  # noqa: E402
from pirc.cinn.compiler import compile_program  # noqa: E402
from pirc.runtime import StandaloneExecutor  # noqa: E402
from pirc.text.parser import parse_program  # noqa: E402

WORKLOADS = ["bench_softmax", "bench_softmax_manual", "bench_layernorm", "bench_elementwise"]
# the same computations in bench/peers.py's vocabulary, over the programs' feeds
EXPRS = {
    "bench_softmax": "SOFTMAX(x, -1)",
    "bench_softmax_manual": "(e := EXP(x - MAX(x, -1, True))) / SUM(e, -1, True)",
    "bench_layernorm": "NORM(x, -1) * gamma + beta",
    "bench_elementwise": "SIGMOID(TANH(RELU(x * 2 + 1)) * y - x)",
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--no-paddle", action="store_true")
    ap.add_argument("--stat", choices=("median", "min"), default="median",
                    help="cinn's and the peers' figure: the median or the fastest of the warm runs")
    add_arguments(ap)
    ap.add_argument("--threads", type=int, default=0, help="interpreter threads (0: automatic)")
    ap.add_argument("--rounds", type=int, default=5,
                    help="cinn and the peers timed in this many alternating rounds (the runs split among them)")
    args = ap.parse_args()
    console = Console(width=200)

    triad = stream.triad_gbps()
    models = run.corpus_models(WORKLOADS, big=True)
    rows: dict[str, dict[str, Any]] = {}
    workloads: list[Workload] = []
    for m in models:  # the interpreter's outputs (the reference) and times
        prog = parse_program((m.dir / "program.pir").read_text(), m.name)
        with StandaloneExecutor(prog, threads=args.threads, params=m.params) as ex:
            ref = ex.run(m.feeds)
            workloads.append(Workload(m.name, EXPRS[m.name], m.feeds, np.asarray(next(iter(ref.values())))))
            rows[m.name] = {"ref": ref, "interp": median_ms(partial(ex.run, m.feeds), args.repeat)}
    # cinn and the peers (their processes kept running) timed in alternating rounds: the same machine
    sessions = open_sessions(pythons(args), workloads)
    load = OtherLoad(session_pids(sessions))
    peer_ts: dict[str, dict[str, list[float]]] = {}
    try:
        for m in models:
            text = (m.dir / "program.pir").read_text()
            feeds, params, row = m.feeds, m.params, rows[m.name]
            ref = row.pop("ref")
            compile_program(parse_program(text, m.name), "c", progress=False)  # cold or warm: at most once per cache
            compiled = compile_program(parse_program(text, m.name), "c", progress=False)
            row["compiled_on_warm"] = compiled.compiled
            with run.cinn_executor(compiled.host, params) as ex:
                out = ex.run(feeds)
                ts = interleave({"cinn": partial(times, partial(ex.run, feeds)), **peer_sides(sessions, m.name)},
                                args.repeat, args.rounds, load)
                cinn = ts.pop("cinn")
                peer_ts[m.name] = ts
                row["cinn"] = float(np.median(cinn) if args.stat == "median" else np.min(cinn)) * 1e3
            uninstall()
            row["same"] = all(np.allclose(out[k], ref[k], rtol=1e-4, atol=1e-5) for k in ref)
            row["check"] = m.check(out)
            moved = sum(np.asarray(a).nbytes for a in feeds.values()) + sum(np.asarray(a).nbytes for a in out.values())
            row["gbps"] = moved / (row["cinn"] / 1e3) / 1e9
        peers = peer_figures(sessions, peer_ts)
    finally:
        close_sessions(sessions)

    paddle: dict[str, Any] | str = "skipped (--no-paddle)"
    if not args.no_paddle:
        paddle = run.bench_paddle(models, args.repeat)
    # the machine's bandwidth drifts on a shared VM: measure triad again and judge against the
    # higher of the two (the stricter figure)
    triad_before, triad_after = triad, stream.triad_gbps()
    triad = max(triad_before, triad_after)

    table = Table(title=f"memory-bound workloads, 1024x4096 float32, warm, {args.stat} of {args.repeat} "
                        "(interp, Paddle: median) "
                        f"(STREAM triad here: {triad_before:.1f} GB/s before, {triad_after:.1f} after; "
                        f"% of the higher)", title_justify="left")
    for col in ("workload", "cinn ms", "interp ms", "paddle ms", "interp/cinn", "paddle/cinn", "XLA ms", "XLA/cinn",
                "Inductor ms", "Inductor/cinn", "cinn GB/s",
                "% of triad", "matches Paddle"):
        table.add_column(col, justify="right" if col != "workload" else "left")
    for name, r in rows.items():
        p_ms = paddle.get(name, {}).get("median_ms") if isinstance(paddle, dict) else None
        peer_cells = []
        for peer in PEERS:
            pm = cell(peers, peer, name, "ms" if args.stat == "median" else "min_ms")
            peer_cells += [f"{pm:.2f}", f"{pm / r['cinn']:.2f}"] if pm else ["-", "-"]
        table.add_row(
            name, f"{r['cinn']:.2f}", f"{r['interp']:.2f}", f"{p_ms:.2f}" if p_ms else "-",
            f"{r['interp'] / r['cinn']:.1f}x", f"{p_ms / r['cinn']:.1f}x" if p_ms else "-", *peer_cells,
            f"{r['gbps']:.1f}", f"{100 * r['gbps'] / triad:.0f}%", r["check"] if r["same"] else "DIFFERS from interp",
        )
    console.print(table)
    if isinstance(paddle, str):
        console.print(f"Paddle: {paddle}")
    for line in notes(peers):
        console.print(line)
    console.print(load.note())
    console.print("warm-cache compilations per workload: "
                  + ", ".join(f"{k} {v['compiled_on_warm']}" for k, v in rows.items()))


if __name__ == "__main__":
    main()
