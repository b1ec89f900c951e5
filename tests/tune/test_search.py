"""The searches on a synthetic landscape (a deterministic cost per candidate, no worker):
proposals are deterministic, stay in the knobs given, never repeat a measured candidate,
do not depend on the batch for random search, and the model-guided evolutionary search
reaches better candidates than random search at equal trials."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np

from pirc.cinn.tune import space
from pirc.cinn.tune.extract import GroupTask
from pirc.cinn.tune.log import TuningLog
from pirc.cinn.tune.search import AdditiveModel, EvolutionarySearch, key_of
from pirc.cinn.tune.tuner import tune_group

KNOBS = ["inner_tile", "parallel", "vector_width"]
TASK = GroupTask(0, "k" * 64, "c", "", ["pd_op.sum"], [[64, 64]], ["float32"])


def cost(p: dict) -> float:
    """A landscape with per-knob effects and one interaction (as tile x width have)."""
    tile = p.get("inner_tile") or 256
    w = p.get("vector_width") or 8
    ms = 1.0 + abs(math.log2(tile) - 9.0) * 0.4 + (0.5 if p.get("parallel") is False else 0.0)
    ms += 0.3 if (w == 16 and tile < 128) else 0.0
    return ms + (0.0 if w != 4 else 0.2)


def _measure(req: dict, timeout: float) -> dict:
    ms = cost(req["params"])
    return {"ok": True, "ms": ms, "min_ms": ms, "error": None}


def _source(p: dict) -> str:
    return key_of({k: v for k, v in p.items() if k in KNOBS})  # the other knobs change no code


def _curve(strategy: str, seed: int, trials: int, batch: int = 1) -> tuple[list[float], TuningLog]:
    log = TuningLog()
    r = tune_group(TASK, log, trials=trials, strategy=strategy, seed=seed, measure_fn=_measure, source_fn=_source,
                   batch=batch)
    assert r.knobs == KNOBS
    return [x for x in r.history if x is not None], log


def test_proposals_are_deterministic_and_new() -> None:
    a, la = _curve("evolutionary", 5, 10, batch=3)
    b, lb = _curve("evolutionary", 5, 10, batch=3)
    assert a == b and [r["params"] for r in la.records] == [r["params"] for r in lb.records]
    assert la.records[0]["params"] == {}
    fresh = [r for r in la.records if "same_as" not in r]
    assert len(fresh) == 10 and len({json.dumps(r["params"], sort_keys=True) for r in fresh}) == 10
    assert all(set(r["params"]) <= set(KNOBS) for r in la.records)
    r1, _ = _curve("random", 5, 8, batch=1)
    r4, _ = _curve("random", 5, 8, batch=4)
    assert r1 == r4  # random search ignores the measurements: the batch changes nothing


def test_evolutionary_beats_random_at_equal_trials() -> None:
    best = min(cost(space.normalize(dict(zip(KNOBS, v)))) for v in itertools.product(*(space.SPACE[k] for k in KNOBS)))
    trials = 8
    mean = {}
    for strategy in ("evolutionary", "random"):
        finals = [_curve(strategy, seed, trials)[0][-1] / best for seed in range(24)]
        mean[strategy] = float(np.mean(finals))
    assert mean["evolutionary"] < mean["random"] - 0.02, mean


def test_additive_model_learns_knob_effects() -> None:
    results = [(p, cost(p)) for p in ({}, {"parallel": False}, {"inner_tile": 32}, {"vector_width": 4})]
    m = AdditiveModel(KNOBS, results)
    assert m.predict({"parallel": False}) > m.predict({})  # measured slower, predicted slower
    assert m.predict({"inner_tile": 32, "parallel": False}) > m.predict({"inner_tile": 32})
    # a proposal never repeats a measured candidate
    s = EvolutionarySearch(0, KNOBS)
    seen = {key_of(p) for p, _ in results}
    for _ in range(10):
        assert key_of(s.propose(results)) not in seen
