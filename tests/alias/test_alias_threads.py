"""pirc-run's interpreter at the default thread count is bit-identical over 100 runs (issue 11).

Two tests: tiny programs (2x3) forced onto the pool, and 256x256 programs run with
``threads=0`` exactly as ``pirc-run`` runs them (the executor chooses the pool itself).

For every program of the fixed fuzzer sample whose dependency DAG has independent branches
(``sched.parallel``), and every such named case of tests/corpus/alias, one executor runs it
100 times with ``default_threads()`` workers (the pool ``pirc-run``'s default ``--threads 0``
uses for a parallel program; with these tiny tensors ``--threads 0`` alone would choose one
thread) and once with ``--threads 0``: every run must give the same bytes as the first.  In
process, one executor per program.
"""

from __future__ import annotations

from pathlib import Path

import alias_paths
import alias_progs
import alias_ref
import numpy as np
import pytest

from pirc.runtime.executor import StandaloneExecutor, default_threads

CORPUS = Path(__file__).resolve().parents[2] / "tests" / "corpus" / "alias"

RUNS = 100
PROGRAMS = 25


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
        if case.parent.name.startswith(("rand_", "full_")):
            continue  # the named cases (the classes); the random ones are like the fuzz sample
        with np.load(case.parent / "feeds.npz") as f:
            out.append((case.parent.name, case.read_text(), {k: f[k] for k in f.files}))
    return out


def test_threaded_runs_are_bit_identical() -> None:
    progs = programs()
    assert len(progs) >= PROGRAMS + 20
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


BIG = (256, 256)  # 65536 elements: pirc-run's default (--threads 0) then chooses the thread pool
BIG_PROGRAMS = 10


def test_default_thread_count_big_tensors_bit_identical(monkeypatch: pytest.MonkeyPatch) -> None:
    """Programs on 256x256 feeds, run as pirc-run runs them (``threads=0``): the executor picks
    the pool by itself; 100 runs give the bytes of the first, which matches the reference.  The budget
    is fixed at two cores: on a machine other processes keep busy the default would be one (no pool)."""
    monkeypatch.setenv("PIRC_NUM_THREADS", "2")
    n = 0
    seed = 0
    while n < BIG_PROGRAMS and seed < 200:
        text = alias_progs.random_text(seed, max_ops=8, base=BIG)
        feeds = alias_progs.feeds_for(seed, BIG)
        seed += 1
        prog = alias_paths.parse(text)
        with StandaloneExecutor(prog, threads=0) as ex:
            ex.build()
            if ex.effective_threads < 2:
                continue
            n += 1
            first = {k: np.array(v, copy=True) for k, v in ex.run(alias_paths.inputs(prog, feeds)).items()}
            expected = alias_ref.evaluate(alias_paths.parse(text), feeds)
            assert alias_paths.same(expected, first), f"program seed {seed - 1} ({BIG}): not the reference"
            for i in range(RUNS - 1):
                got = {k: np.array(v, copy=True) for k, v in ex.run(alias_paths.inputs(prog, feeds)).items()}
                assert same_bits(first, got), f"program seed {seed - 1} ({BIG}): run {i + 1} differs"
    assert n == BIG_PROGRAMS
