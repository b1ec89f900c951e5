"""pirc-run's interpreter at the default thread count is bit-identical over 100 runs (issue 11).

For every program of the fixed fuzzer sample whose dependency DAG has independent branches
(``sched.parallel``), and every such program of tests/corpus/alias, one executor runs it 100 times with ``default_threads()`` workers (the
pool ``pirc-run``'s default ``--threads 0`` uses for a parallel program; with these tiny tensors
``--threads 0`` alone would choose one thread) and once with ``--threads 0``: every run must
give the same bytes as the first.  In process, one executor per program.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

import alias_paths
import alias_progs
from pirc.runtime.executor import StandaloneExecutor, default_threads

CORPUS = Path(__file__).resolve().parents[2] / "tests" / "corpus" / "alias"

RUNS = 100
PROGRAMS = 40


def parallel_programs() -> list[int]:
    seeds = []
    seed = 0
    while len(seeds) < PROGRAMS and seed < 2000:
        prog = alias_paths.parse(alias_progs.random_text(seed, max_ops=8))
        with StandaloneExecutor(prog, threads=2) as ex:
            ex.build()
            if ex.interpreter.sched.parallel:
                seeds.append(seed)
        seed += 1
    return seeds


def same_bits(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(
        a[k].dtype == b[k].dtype and a[k].shape == b[k].shape and a[k].tobytes() == b[k].tobytes() for k in a)


def programs() -> list[tuple[str, str, dict[str, np.ndarray]]]:
    out = [(f"fuzz:{s}", alias_progs.random_text(s, max_ops=8), alias_progs.feeds_for(s)) for s in parallel_programs()]
    for case in sorted(CORPUS.glob("*/program.pir")):
        with np.load(case.parent / "feeds.npz") as f:
            out.append((case.parent.name, case.read_text(), {k: f[k] for k in f.files}))
    return out


def test_threaded_runs_are_bit_identical() -> None:
    progs = programs()
    assert len(progs) >= PROGRAMS + 50
    threads = max(2, default_threads())
    n_parallel = 0
    for seed, text, feeds in progs:
        prog = alias_paths.parse(text)
        with StandaloneExecutor(prog, threads=threads) as ex:
            ex.build()
            if not ex.interpreter.sched.parallel:
                continue
        n_parallel += 1
        first = alias_paths.run(prog, feeds, threads=0)
        with StandaloneExecutor(prog, threads=threads) as ex:
            for i in range(RUNS):
                got = ex.run(alias_paths.inputs(prog, feeds))
                got = {k: np.array(v, copy=True) for k, v in got.items()}
                assert same_bits(first, got), f"program {seed}: run {i} with {threads} threads differs"
    assert n_parallel >= PROGRAMS
