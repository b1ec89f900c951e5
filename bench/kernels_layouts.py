"""Reduction layouts on the C target: every layout compiled, checked against the interpreter,
timed, and compared in the same run with XLA (``--xla-python PY``, a python with jax;
default $PIRC_XLA_PYTHON) and TorchInductor (``--inductor-python PY``, a python with torch;
default $PIRC_INDUCTOR_PYTHON), both run by bench/peers.py on as many cores as pirc.

    .venv/bin/python bench/kernels_layouts.py
    .venv/bin/python bench/kernels_layouts.py --xla-python PY --inductor-python PY2
    .venv/bin/python bench/kernels_layouts.py --only last_sum,first_sum --repeat 9
    .venv/bin/python bench/kernels_layouts.py --rows 2048     # half the data (middle layouts: 32x512x128)
    .venv/bin/python bench/kernels_layouts.py --layout last_max:2048x1024 --layout middle_max:32x256x512
    .venv/bin/python bench/kernels_layouts.py --only colnorm --compare-params '{"hoist": false}'
    .venv/bin/python bench/kernels_layouts.py --layout layernorm:1024x4096 --compare-params '{"row_block": false}'
    OMP_NUM_THREADS=1 .venv/bin/python bench/kernels_layouts.py ...   # both sides on one thread

The programs are written here as PIR text (no Paddle needed): last-, middle- and
first-axis sums and maxes, keepdim reductions broadcast back (row normalisation), a layer
norm (the row normalisation scaled and shifted by ``gamma`` and ``beta`` rows), the
row-normalisation + gelu chain, a first-axis (column) normalisation, and float16 inputs cast
to float32 before reducing.  Ratios are a peer's time over pirc's (above 1: pirc is faster);
a peer's output that differs from the interpreter's is listed under the table, not shown.

pirc and the peers are timed in alternating rounds (``--rounds``; bench/peers.py keeps each
peer's process running with its functions compiled), so that every column sees the same
machine; each timed call is a whole call on every side: pirc's executor run (a freshly
allocated output) and the peer's jitted function (its output allocated by the peer).
"""

from __future__ import annotations

import argparse
import json
import sys
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

LAYOUTS = [
    Layout("last_sum", (4096, 1024), "float32", "SUM(x, -1)"),
    Layout("middle_sum", (64, 512, 128), "float32", "SUM(x, 1)"),
    Layout("first_sum", (4096, 1024), "float32", "SUM(x, 0)"),
    Layout("last_max", (4096, 1024), "float32", "MAX(x, -1)"),
    Layout("middle_max", (64, 512, 128), "float32", "MAX(x, 1)"),
    Layout("first_max", (4096, 1024), "float32", "MAX(x, 0)"),
    Layout("keepdim_sub", (4096, 1024), "float32", "x - MAX(x, -1, True)"),
    Layout("rownorm", (4096, 1024), "float32", "NORM(x, -1)"),
    Layout("layernorm", (4096, 1024), "float32", "NORM(x, -1) * gamma + beta"),
    Layout("colnorm", (4096, 1024), "float32", "NORM(x, 0)"),
    Layout("rownorm_gelu", (4096, 1024), "float32", "GELU(NORM(x, -1))"),
    Layout("f16_last_sum", (4096, 1024), "float16", "SUM(F32(x), -1)"),
    Layout("f16_first_sum", (4096, 1024), "float16", "SUM(F32(x), 0)"),
]


def with_rows(lo: Layout, rows: int) -> Layout:
    """``lo`` with ``rows`` rows instead of 4096 (a middle-axis layout: ``rows / 64`` outer rows)."""
    if len(lo.shape) == 3:
        return Layout(lo.name, (max(1, rows // 64), *lo.shape[1:]), lo.dtype, lo.expr)
    return Layout(lo.name, (rows, *lo.shape[1:]), lo.dtype, lo.expr)


def resized(spec: str) -> Layout:
    """A layout of :data:`LAYOUTS` at another shape (``--layout last_max:2048x1024``), named
    ``last_max@2048x1024``."""
    name, _, shape = spec.partition(":")
    lo = next((x for x in LAYOUTS if x.name == name), None)
    if lo is None or not shape:
        raise SystemExit(f"--layout {spec!r}: expected NAME:SHAPE, NAME one of {', '.join(x.name for x in LAYOUTS)}")
    dims = tuple(int(d) for d in shape.split("x"))
    return Layout(f"{name}@{shape}", dims, lo.dtype, lo.expr, base=name)


def reference(lo: Layout) -> np.ndarray:
    """The interpreter's output for the layout's feeds."""
    from pirc.runtime import StandaloneExecutor
    from pirc.text.parser import parse_program

    with StandaloneExecutor(parse_program(lo.program(), lo.name), threads=1) as ex:
        return np.asarray(next(iter(ex.run(lo.feeds(0)).values())))


def peer_workloads(layouts: list[Layout]) -> list[Workload]:
    return [Workload(lo.name, lo.expr, lo.feeds(0), reference(lo)) for lo in layouts]


class without_step:
    """The group schedule without one of its steps (to measure what the step buys)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __enter__(self) -> None:
        from pirc.cinn.lower import schedule as group  # what the lowering reads

        self.saved = group.GROUP_SCHEDULE_STEPS
        group.GROUP_SCHEDULE_STEPS = tuple(s for s in self.saved if s[0] != self.name)

    def __exit__(self, *exc: object) -> None:
        from pirc.cinn.lower import schedule as group  # what the lowering reads

        group.GROUP_SCHEDULE_STEPS = self.saved


def bench_pirc(lo: Layout, repeat: int, sessions: dict[str, PeerSession | str] | None = None,
               rounds: int = 1, load: OtherLoad | None = None) -> dict[str, Any]:
    """The layout compiled for the C target and timed, in ``rounds`` alternating with the peers'
    ``sessions`` (about ``repeat`` timed runs per side in all); ``peers``: their times (seconds)."""
    from pirc.cinn.backend.jit_kernel import uninstall
    from pirc.cinn.compiler import compile_program
    from pirc.runtime import StandaloneExecutor
    from pirc.text.parser import parse_program

    text = lo.program()
    feeds = lo.feeds(0)
    x = feeds["x"]
    with StandaloneExecutor(parse_program(text, lo.name), threads=1) as ex:
        ref = ex.run(feeds)
    compiled = compile_program(parse_program(text, lo.name), "c", progress=False)
    with cinn_executor(compiled.host) as ex:
        out = ex.run(feeds)
        all_ts = interleave({"pirc": lambda n: times(lambda: ex.run(feeds), n), **peer_sides(sessions or {}, lo.name)},
                            repeat, rounds, load)
        ts = all_ts.pop("pirc")
        ms, min_ms = float(np.median(ts)) * 1e3, float(np.min(ts)) * 1e3
    uninstall()
    same = all(np.allclose(out[k], ref[k], rtol=1e-3, atol=1e-3) for k in ref)
    return {"ms": ms, "min_ms": min_ms, "same": same, "gbps": x.nbytes / (ms / 1e3) / 1e9, "peers": all_ts}


def bench_params(lo: Layout, params: dict[str, Any], repeat: int) -> dict[str, Any]:
    """The layout with the default schedule and with schedule ``params`` (pirc-tune's knobs,
    e.g. ``{"hoist": false}``), compiled once each and run alternately (both see the same
    machine): the median of each, and whether their outputs are bit-identical."""
    from pirc.cinn.backend.jit_kernel import uninstall
    from pirc.cinn.compiler import compile_program
    from pirc.cinn.tune.log import ANY, use_params
    from pirc.text.parser import parse_program

    text = lo.program()
    feeds = lo.feeds(0)
    default = compile_program(parse_program(text, lo.name), "c", progress=False)
    with use_params(ANY, "c", params):
        other = compile_program(parse_program(text, lo.name), "c", progress=False)
    ts: list[list[float]] = [[], []]
    with cinn_executor(default.host) as ed, cinn_executor(other.host) as eo:
        outs = [ed.run(feeds), eo.run(feeds)]
        for _ in range(repeat):
            for i, ex in enumerate((ed, eo)):
                t0 = time.perf_counter()
                ex.run(feeds)
                ts[i].append(time.perf_counter() - t0)
    uninstall()
    same = all(np.array_equal(np.asarray(outs[0][k]), np.asarray(outs[1][k]), equal_nan=True) for k in outs[0])
    return {"default": float(np.median(ts[0])) * 1e3, "params": float(np.median(ts[1])) * 1e3, "identical": same}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=11)
    ap.add_argument("--only", default="", help="comma-separated layout names")
    ap.add_argument("--layout", action="append", default=[], metavar="NAME:SHAPE",
                    help="a layout at another shape, e.g. last_max:2048x1024 (repeatable; replaces the default list "
                         "unless --only also names layouts)")
    add_arguments(ap)
    ap.add_argument("--stat", choices=("median", "min"), default="median",
                    help="the figure of each side: the median or the fastest of the warm runs (on a shared machine "
                         "other processes only add time)")
    ap.add_argument("--rows", type=int, default=4096, help="rows of the 2-D layouts (the 3-D ones: rows / 64)")
    ap.add_argument("--rounds", type=int, default=5,
                    help="pirc and the peers timed in this many alternating rounds (the runs split among them)")
    ap.add_argument("--json", default="", help="also write the figures to this file")
    ap.add_argument("--compare-step", default="cpu_reduction_layout",
                    help="also time each layout without this group-schedule step ('' : don't)")
    ap.add_argument("--compare-params", default="", metavar="JSON",
                    help='also time each layout with these schedule parameters, alternating with the default '
                         'in the same run, e.g. \'{"hoist": false}\'')
    args = ap.parse_args(argv)
    params = json.loads(args.compare_params) if args.compare_params else None
    layouts = [with_rows(lo, args.rows) for lo in LAYOUTS
               if (not args.only and not args.layout) or lo.name in args.only.split(",")]
    layouts += [resized(spec) for spec in args.layout]
    rows = {}
    sessions = open_sessions(pythons(args), peer_workloads(layouts))
    load = OtherLoad(session_pids(sessions))
    for lo in layouts:
        rows[lo.name] = bench_pirc(lo, args.repeat, sessions, args.rounds, load)
        if args.compare_step:
            with without_step(args.compare_step):
                rows[lo.name]["without"] = bench_pirc(lo, args.repeat)["ms"]
        if params is not None:
            rows[lo.name]["pair"] = bench_params(lo, params, args.repeat)
    close_sessions(sessions)
    peers = peer_figures(sessions, {name: r.pop("peers") for name, r in rows.items()})
    key = "ms" if args.stat == "median" else "min_ms"
    runs = args.rounds * max(1, -(-args.repeat // args.rounds))
    table = Table(title=f"reduction layouts, C target, warm {args.stat} of {runs} "
                        f"runs in {args.rounds} alternating rounds (input GB/s)",
                  title_justify="left")
    for col in ("layout", "shape", "pirc ms", "GB/s", "without step ms", "XLA ms", "XLA/pirc", "Inductor ms",
                "Inductor/pirc", "matches interp"):
        table.add_column(col, justify="left" if col in ("layout", "shape") else "right")
    for lo in layouts:
        r = rows[lo.name]
        peer_cells = []
        for peer in PEERS:
            pm = cell(peers, peer, lo.name, key)
            peer_cells += [f"{pm:.2f}", f"{pm / r[key]:.2f}"] if pm else ["-", "-"]
        gbps = np.prod(lo.shape) * np.dtype(lo.dtype).itemsize / r[key] / 1e6
        table.add_row(lo.name, "x".join(map(str, lo.shape)) + " " + lo.dtype, f"{r[key]:.2f}", f"{gbps:.1f}",
                      f"{r['without']:.2f}" if "without" in r else "-", *peer_cells, "yes" if r["same"] else "NO")
    Console(width=140).print(table)
    if params is not None:
        pt = Table(title=f"default schedule vs {json.dumps(params)}, alternating runs, median ms", title_justify="left")
        for col in ("layout", "default", "with params", "params/default", "bit-identical"):
            pt.add_column(col, justify="left" if col == "layout" else "right")
        for lo in layouts:
            q = rows[lo.name]["pair"]
            pt.add_row(lo.name, f"{q['default']:.2f}", f"{q['params']:.2f}", f"{q['params'] / q['default']:.2f}",
                       "yes" if q["identical"] else "NO")
        Console(width=140).print(pt)
    for line in notes(peers):
        print(line)
    print(load.note())
    if args.json:
        Path(args.json).write_text(json.dumps({"pirc": rows, **peers}, indent=1))
    return 0 if all(r["same"] for r in rows.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
