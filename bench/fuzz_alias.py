#!/usr/bin/env python
"""Differential fuzzing of in-place ops, views and if/while regions (issue 11).

Generates random pd_op programs (tests/alias/alias_progs.py), evaluates each with the
plain numpy reference (tests/alias/alias_ref.py) and runs it on every pirc path
(tests/alias/alias_paths.py); prints the mismatches per path (target: 0) and, for each
path and kind of mismatch, the smallest program that shows it.

    python bench/fuzz_alias.py --count 20000 --seed 1
    python bench/fuzz_alias.py --count 500 --seed 1 --paths interp,cse --show 2
    python bench/fuzz_alias.py --count 2000 --cinn-every 50   # --backend cinn on every 50th program
    python bench/fuzz_alias.py --count 20000 --seed 1 --jobs 2   # two worker processes
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "alias"))

import alias_paths
import alias_progs
import alias_ref
from alias_shrink import shrink


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-ops", type=int, default=10)
    ap.add_argument("--paths", default="", help="comma-separated subset of: " +
                    ", ".join(alias_paths.paths()))
    ap.add_argument("--cinn-every", type=int, default=25,
                    help="run the --backend cinn path (a C compile per new kernel) on every N-th program")
    ap.add_argument("--show", type=int, default=1, help="reproducers to print per (path, kind)")
    ap.add_argument("--no-shrink", action="store_true")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (programs are split in chunks of 500)")
    ap.add_argument("--first-generator", action="store_true",
                    help="the programs of the first generator (alias_progs.Gen.mixed off): seeds found before "
                         "class I's generator change")
    ap.add_argument("--known", action="store_true",
                    help="print the KNOWN literal of tests/alias/alias_known_gaps.py for the CI test's programs "
                         "(its corpus and fixed sample) and exit")
    args = ap.parse_args()
    if args.known:
        return print_known()

    all_paths = alias_paths.paths()
    names = [p for p in args.paths.split(",") if p] if args.paths else list(all_paths)
    counts: dict[str, int] = defaultdict(int)
    ran: dict[str, int] = defaultdict(int)
    repro: dict[tuple[str, str], list[tuple[int, int, str]]] = defaultdict(list)
    t0 = time.perf_counter()
    chunks = [(a, min(a + CHUNK, args.count)) for a in range(0, args.count, CHUNK)]
    if args.jobs > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=args.jobs, mp_context=ctx) as pool:
            results = pool.map(run_range, [(args, names, a, b) for a, b in chunks])
            merge_results(results, counts, ran, repro, t0)
    else:
        merge_results((run_range((args, names, a, b)) for a, b in chunks), counts, ran, repro, t0)
    dt = time.perf_counter() - t0
    print(f"{args.count} programs (seed {args.seed}) in {dt:.1f} s")
    print(f"{'path':<16} {'programs':>9} {'mismatches':>11}")
    for name in names:
        print(f"{name:<16} {ran[name]:>9} {counts[name]:>11}")
    bad = sorted({seed for lst in repro.values() for _, seed, _ in lst})
    if bad:
        print("programs (seeds) that mismatch somewhere: " + " ".join(map(str, bad)))
    for (name, kind), lst in sorted(repro.items()):
        for _, seed, text in sorted(lst)[: args.show]:
            feeds = alias_progs.feeds_for(seed)
            small = text if args.no_shrink else shrink(text, all_paths[name], feeds)
            print(f"\n=== path {name}: {kind} (program seed {seed}, feed p={bool(feeds['p'][0])}) ===")
            print(small, end="")
            exp = alias_ref.evaluate(alias_paths.parse(small), feeds)
            try:
                got = all_paths[name](small, feeds)[-1]
                print(alias_paths.describe_mismatch(exp, got))
            except Exception as e:  # noqa: BLE001
                print(f"error: {type(e).__name__}: {e}")
    return 1 if any(counts.values()) else 0


CHUNK = 500


def run_range(job: tuple[argparse.Namespace, list[str], int, int]) -> tuple[dict, dict, dict, int]:
    """Programs ``a .. b-1`` of the run on every path in ``names``: (mismatches, programs run, repro
    candidates per (path, kind), b)."""
    args, names, a, b = job
    all_paths = alias_paths.paths()
    counts: dict[str, int] = defaultdict(int)
    ran: dict[str, int] = defaultdict(int)
    repro: dict[tuple[str, str], list[tuple[int, int, str]]] = defaultdict(list)
    for i in range(a, b):
        seed = args.seed * 1_000_003 + i
        text = alias_progs.random_text(seed, max_ops=args.max_ops, mixed=not args.first_generator)
        feeds = alias_progs.feeds_for(seed)
        expected = alias_ref.evaluate(alias_paths.parse(text), feeds)
        for name in names:
            if name == "cinn" and (args.cinn_every <= 0 or i % args.cinn_every):
                continue
            ran[name] += 1
            why = alias_paths.check(text, feeds, expected, all_paths[name])
            if why is None:
                continue
            counts[name] += 1
            lst = repro[(name, alias_paths.kind(why))]
            if len(lst) < 8:
                lst.append((len(text), seed, text))
    return dict(counts), dict(ran), dict(repro), b


def merge_results(results: Iterable[tuple[dict, dict, dict, int]], counts: dict, ran: dict, repro: dict,
                  t0: float) -> None:
    for c, r, rp, done in results:
        for k, v in c.items():
            counts[k] += v
        for k, v in r.items():
            ran[k] += v
        for k, v in rp.items():
            repro[k] = sorted(repro[k] + v)[:8]
        if done % 1000 == 0:
            print(f"... {done} programs, {time.perf_counter() - t0:.0f} s, mismatches "
                  + (", ".join(f"{k} {v}" for k, v in counts.items()) or "none"), file=sys.stderr, flush=True)


def print_known() -> int:
    """The failing (path, program) pairs of tests/alias/test_alias_fuzz.py, as a Python literal."""
    import test_alias_fuzz as t

    failing: dict[tuple[str, str], str] = {}
    for case in t.corpus_cases():
        text, feeds, outs, _ = t.load(case)
        for name, path in t.PATHS.items():
            if name == "cinn" and case.name.startswith(("rand_", "full_")):
                continue
            why = alias_paths.check(text, feeds, outs, path)
            if why is not None:
                failing[(name, case.name)] = alias_paths.kind(why)
    for seed, max_ops, mixed in t.sample():
        text = alias_progs.random_text(seed, max_ops=max_ops, mixed=mixed)
        feeds = alias_progs.feeds_for(seed)
        expected = alias_ref.evaluate(alias_paths.parse(text), feeds)
        for name, path in t.PATHS.items():
            if name == "cinn" and seed % t.CINN_EVERY:
                continue
            why = alias_paths.check(text, feeds, expected, path)
            if why is not None:
                failing[(name, t.sample_name(seed, mixed))] = alias_paths.kind(why)
    print("KNOWN: dict[tuple[str, str], str] = {")
    for k in sorted(failing, key=lambda k: (k[0], k[1])):
        print(f"    {k!r}: {failing[k]!r},")
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
