"""The CI sample of the mutation fuzzer: a fixed set of mutated corpus inputs per target, run
in this process; every outcome must be ``ok`` or ``diagnostic`` (no internal error, no
round-trip difference).  ``bench/fuzz.py`` runs the same targets for long, in worker
processes that also catch hangs and crashes."""

from __future__ import annotations

import warnings
from collections import Counter

import pytest
from fuzz_targets import inputs, run_one, seeds

SAMPLE = {"pir": 1500, "ast": 600, "model": 600, "feeds": 1500}


@pytest.mark.parametrize("target", sorted(SAMPLE))
def test_seeds_are_accepted(target: str) -> None:
    """The unmutated corpus inputs are all read (and round-trip) without a finding."""
    pool = seeds(target)
    assert len(pool) >= 4
    outcomes = Counter(run_one(target, d)[0] for d in pool)
    assert set(outcomes) <= {"ok", "diagnostic"}, outcomes
    assert outcomes["ok"] >= len(pool) // 2, outcomes


@pytest.mark.parametrize("target", sorted(SAMPLE))
def test_mutated_inputs_give_ok_or_a_diagnostic(target: str) -> None:
    findings: list[tuple[str, str, bytes]] = []
    outcomes: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for data in inputs(target, seed=15, count=SAMPLE[target]):
            cls, detail = run_one(target, data)
            outcomes[cls] += 1
            if cls not in ("ok", "diagnostic"):
                findings.append((cls, detail, data[:300]))
    assert not findings, findings[:3]
    assert outcomes["diagnostic"] > 0 and outcomes["ok"] > 0, outcomes  # the sample exercises both


def test_json_mutation_of_huge_integers_never_raises() -> None:
    # bench/fuzz.py's driver died after 130,000 inputs: a JSON integer grown by repeated ``v * 2**40``
    # mutations was then turned into a float; the mutator must keep going on what it produced itself
    import json
    import random

    from fuzz_targets import _mutate_json

    rnd = random.Random(0)
    data = json.dumps({"a": [10**400, -(10**400), 3], "b": {"c": 2**1100}}).encode()
    for _ in range(3000):
        out = _mutate_json(data, rnd)
        data = out if out is not None and len(out) < 4096 and rnd.random() < 0.9 else data
