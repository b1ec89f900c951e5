"""Tuned vs default schedules vs XLA and TorchInductor, in one run: the memory-bound reduction chains and a
transformer layer, each group tuned with pirc-tune's search, then the whole program timed
with the default schedules and with the tuning log; plus evolutionary vs random search at
equal trials on the same groups.

    .venv/bin/python bench/tune.py      # XLA: $PIRC_XLA_PYTHON or --xla-python; Inductor: $PIRC_INDUCTOR_PYTHON
    .venv/bin/python bench/tune.py --xla-python PY --inductor-python PY2 --trials 6 --repeat 9 -j 2

Every measured candidate is checked against the interpreter (in its worker), and every
tuned program's outputs against the interpreter here, and the peers' (bench/peers.py)
in their process.  Ratios: default / tuned and peer / tuned (above 1: the tuned pirc
kernels are faster).

The default and tuned programs and the peers are timed in alternating rounds (``--rounds``;
bench/peers.py keeps each peer's process running with its functions compiled), so that every
column sees the same machine: timed one after the other, a busy neighbour process during
pirc's runs only made pirc 2.5x slower than the same kernels timed alone.  Each timed call is a
whole call on every side: pirc's executor run (feeds in, a freshly allocated output out) and
the peer's jitted function.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.peers import (PEERS, OtherLoad, PeerSession, Workload, add_arguments, cell, close_sessions, interleave,
                         notes, open_sessions, peer_figures, peer_sides, pythons, session_pids)
from bench.run import cinn_executor
from bench.timing import times
from tests.schedule.pir_layouts import Layout

CHAINS = [
    Layout("last_sum", (2048, 1024), "float32", "SUM(x, -1)"),
    Layout("middle_sum", (32, 512, 128), "float32", "SUM(x, 1)"),
    Layout("first_sum", (2048, 1024), "float32", "SUM(x, 0)"),
    Layout("keepdim_sub", (2048, 1024), "float32", "x - MAX(x, -1, True)"),
    Layout("rownorm", (2048, 1024), "float32", "NORM(x, -1)"),
    Layout("colnorm", (2048, 1024), "float32", "NORM(x, 0)"),
    Layout("rownorm_gelu", (2048, 1024), "float32", "GELU(NORM(x, -1))"),
]


def _program(name: str) -> tuple[str, dict[str, np.ndarray], dict[str, np.ndarray]]:
    lo = next((c for c in CHAINS if c.name == name), None)
    if lo is not None:
        return lo.program(), lo.feeds(0), {}
    from bench.run import corpus_models

    m = corpus_models([name], big=False)[0]
    return (m.dir / "program.pir").read_text(), m.feeds, m.params


def _time_programs(text: str, feeds: dict, params: dict, log: Any, repeat: int,
                   sessions: dict[str, PeerSession | str] | None = None, name: str = "",
                   rounds: int = 1,
                   load: OtherLoad | None = None) -> tuple[float, float, dict, dict[str, list[float]]]:
    """The program with the default schedules and with ``log``'s, compiled once each, then
    timed in ``rounds`` alternating rounds with the peers' ``sessions`` of workload ``name``
    (about ``repeat`` runs per side; so all see the same machine): the fastest run of the
    default and tuned programs (other processes on a shared machine only add time), the tuned
    outputs and the peers' times (seconds)."""
    from pirc.cinn.backend.jit_kernel import uninstall
    from pirc.cinn.compiler import compile_program
    from pirc.cinn.tune.log import use_tuning
    from pirc.text.parser import parse_program

    default = compile_program(parse_program(text, "p"), "c", progress=False)
    with use_tuning(log):
        tuned = compile_program(parse_program(text, "p"), "c", progress=False)
    with cinn_executor(default.host, params) as ed, cinn_executor(tuned.host, params) as et:
        ed.run(feeds)
        out = et.run(feeds)
        sides = {"d": lambda n: times(lambda: ed.run(feeds), n), "t": lambda n: times(lambda: et.run(feeds), n),
                 **peer_sides(sessions or {}, name)}
        ts = interleave(sides, repeat, rounds, load)
    uninstall()
    d, t = ts.pop("d"), ts.pop("t")
    return float(np.min(d)) * 1e3, float(np.min(t)) * 1e3, out, ts


def _reference(text: str, feeds: dict, params: dict) -> dict:
    from pirc.runtime import StandaloneExecutor
    from pirc.text.parser import parse_program

    with StandaloneExecutor(parse_program(text, "p"), threads=1, params=params) as ex:
        return ex.run(feeds)


def _tasks(text: str, dynamic_dim: int) -> list:
    from pirc.cinn.compiler import fuse
    from pirc.cinn.tune.extract import group_tasks
    from pirc.text.parser import parse_program

    prog = parse_program(text, "p")
    fuse(prog)
    return group_tasks(prog, "c", dynamic_dim)


def _search_replay(names: list[str], args: argparse.Namespace) -> dict[str, Any]:
    """Evolutionary vs random search without measurement noise in the comparison: each
    distinct candidate (distinct generated code) of a few groups is measured once, when a
    search first proposes it, and both searches are replayed over many seeds against those
    measurements; the best-so-far after k trials is divided by the best any replay found."""
    from pirc.cinn.tune import space
    from pirc.cinn.tune.log import TuningLog
    from pirc.cinn.tune.tuner import tune_group
    from pirc.cinn.tune.worker import measure, source_hash

    def space_size(t: Any) -> int:
        return space.size(space.relevant(lambda p: source_hash(t.program, t.key, t.target, p)))

    # the groups with the most candidates (a space of a few candidates is searched exhaustively by both)
    tasks = [t for n in names if n != "transformer_layer" for t in _tasks(_program(n)[0], 2)]
    tasks = sorted(tasks, key=lambda t: -space_size(t))[: args.compare_search]
    raw: dict[str, list[list[float]]] = {"evolutionary": [], "random": []}
    curves: dict[str, list[list[float]]] = {"evolutionary": [], "random": []}
    distinct = 0
    for t in tasks:
        src_memo: dict[str, str] = {}
        ms_by_src: dict[str, float | None] = {}

        def src_of(p: dict[str, Any], t: Any = t, memo: dict = src_memo) -> str:
            k = json.dumps(p, sort_keys=True)
            if k not in memo:
                memo[k] = source_hash(t.program, t.key, t.target, p)
            return memo[k]

        def table(req: dict[str, Any], timeout: float, t: Any = t, ms: dict = ms_by_src) -> dict[str, Any]:
            src = src_of(req["params"])
            if src not in ms:
                r = measure({**req, "warmup": 1, "repeat": 5}, 120)
                ms[src] = r.get("min_ms") if r.get("ok") else None
            return {"ok": ms[src] is not None, "ms": ms[src], "min_ms": ms[src], "error": None}

        group_raw: dict[str, list[list[float]]] = {"evolutionary": [], "random": []}
        for seed in range(args.seeds):
            for strat, hs in group_raw.items():
                r = tune_group(t, TuningLog(), trials=args.trials, strategy=strat, seed=seed, measure_fn=table,
                               source_fn=src_of)
                h = [x for x in r.history if x is not None]
                hs.append((h + [h[-1]] * args.trials)[: args.trials] if h else [])
        distinct += len(ms_by_src)
        best = min(v for v in ms_by_src.values() if v is not None)
        for strat, hs in group_raw.items():
            curves[strat] += [[x / best for x in h] for h in hs if h]
            raw[strat] += hs
    out: dict[str, Any] = {"groups": len(tasks), "distinct": distinct}
    for strat, cs in curves.items():
        out[strat] = [float(np.mean([c[k] for c in cs])) for k in range(args.trials)]
    return out


def main(argv: list[str] | None = None) -> int:
    from pirc.cinn.tune.log import TuningLog
    from pirc.cinn.tune.runner import LocalRunner
    from pirc.cinn.tune.tuner import tune_group

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--trials", type=int, default=6, help="candidates measured per group")
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--rounds", type=int, default=5,
                    help="pirc and the peers timed in this many alternating rounds (the runs split among them)")
    add_arguments(ap)
    ap.add_argument("-j", "--workers", type=int, default=None, help="tuning worker processes (default: the cores)")
    ap.add_argument("--batch", type=int, default=2, help="candidates proposed per round")
    ap.add_argument("--only", default="", help="comma-separated workloads")
    ap.add_argument("--confirm", type=int, default=2,
                    help="the default and the two best candidates of each group measured again this many times")
    ap.add_argument("--compare-search", type=int, default=3,
                    help="groups on which evolutionary and random search are compared (0: skip)")
    ap.add_argument("--seeds", type=int, default=10, help="replays per search and group")
    args = ap.parse_args(argv)
    console = Console(width=200)
    names = [c.name for c in CHAINS] + ["transformer_layer"]
    if args.only:
        names = [n for n in names if n in args.only.split(",")]
    work = Path(tempfile.mkdtemp(prefix="pirc-tune-bench-"))
    rows: dict[str, dict[str, Any]] = {}
    workloads: list[Workload] = []
    runner = LocalRunner(args.workers)
    refs: dict[str, dict] = {}
    for name in names:  # the peers' processes start first, with every chain compiled
        if name != "transformer_layer":
            text, feeds, params = _program(name)
            refs[name] = _reference(text, feeds, params)
            workloads.append(Workload(name, next(c.expr for c in CHAINS if c.name == name), feeds,
                                      np.asarray(next(iter(refs[name].values())))))
    sessions = open_sessions(pythons(args), workloads)
    load = OtherLoad(session_pids(sessions))
    peer_ts: dict[str, dict[str, list[float]]] = {}
    for name in names:
        text, feeds, params = _program(name)
        tasks = _tasks(text, dynamic_dim=2)
        log = TuningLog(work / f"{name}.jsonl")
        t0 = time.perf_counter()
        trials = 0
        for t in tasks:
            g = tune_group(t, log, trials=args.trials, strategy="evolutionary", seed=0, repeat=5, warmup=1,
                           runner=runner, batch=args.batch, confirm=args.confirm)
            trials += g.trials
        wall = time.perf_counter() - t0
        ref = refs[name] if name in refs else _reference(text, feeds, params)
        d_ms, t_ms, t_out, peer_ts[name] = _time_programs(text, feeds, params, log, args.repeat, sessions, name,
                                                          args.rounds, load)
        same = all(np.allclose(np.asarray(t_out[k]), np.asarray(ref[k]), rtol=1e-3, atol=1e-4) for k in ref)
        rows[name] = {"groups": len(tasks), "trials": trials, "wall": wall, "default": d_ms,
                      "tuned": t_ms, "same": same,
                      "chosen": sorted({str(log.best_params(t.key, "c")) for t in tasks})[:3]}
        console.print(f"{name}: {len(tasks)} groups, {trials} candidates in {wall:.0f} s; default "
                      f"{rows[name]['default']:.3f} ms, tuned {t_ms:.3f} ms")
    runner.close()
    replay = _search_replay(names, args) if args.compare_search else None
    close_sessions(sessions)
    peers = peer_figures(sessions, peer_ts)
    runs = args.rounds * max(1, -(-args.repeat // args.rounds))
    table = Table(title=f"tuned vs default vs XLA and Inductor (warm, fastest of {runs} runs in {args.rounds} "
                        "alternating rounds, ms; 1 interpreter "
                        f"thread; tuning: {runner.workers} workers, batch {args.batch}; peers: the chains only)",
                  title_justify="left")
    for col in ("workload", "groups", "trials", "tune s", "default", "tuned", "default/tuned", "XLA", "XLA/tuned",
                "Inductor", "Inductor/tuned", "matches interp", "chosen (first groups)"):
        table.add_column(col, justify="left" if col in ("workload", "chosen (first groups)") else "right")
    for name, r in rows.items():
        peer_cells = []
        for peer in PEERS:
            pm = cell(peers, peer, name, "min_ms")
            peer_cells += [f"{pm:.3f}", f"{pm / r['tuned']:.2f}"] if pm else ["-", "-"]
        table.add_row(name, str(r["groups"]), str(r["trials"]), f"{r['wall']:.0f}", f"{r['default']:.3f}",
                      f"{r['tuned']:.3f}", f"{r['default'] / r['tuned']:.2f}", *peer_cells,
                      "yes" if r["same"] else "NO", "; ".join(r["chosen"]))
    console.print(table)
    geo = float(np.exp(np.mean([np.log(r["default"] / r["tuned"]) for r in rows.values()])))
    line = f"geo-mean default/tuned {geo:.3f}"
    for peer, label in PEERS.items():
        for which in ("default", "tuned"):
            xr = [pm / r[which] for n, r in rows.items() if (pm := cell(peers, peer, n, "min_ms"))]
            if xr:
                line += f", {label}/{which} {np.exp(np.mean(np.log(xr))):.3f}"
    console.print(line + " (peers: the chains)")
    console.print(load.note())
    for note in notes(peers):
        console.print(note)
    if replay is not None:
        st = Table(title=f"search at equal trials, replayed over {args.seeds} seeds on {replay['groups']} groups "
                         f"({replay['distinct']} distinct candidates, each measured once): mean of best-so-far / "
                         "the best found", title_justify="left")
        st.add_column("trials", justify="right")
        st.add_column("evolutionary", justify="right")
        st.add_column("random", justify="right")
        for k in range(1, args.trials + 1):
            st.add_row(str(k), f"{replay['evolutionary'][k - 1]:.3f}", f"{replay['random'][k - 1]:.3f}")
        console.print(st)
    return 0 if all(r["same"] for r in rows.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
