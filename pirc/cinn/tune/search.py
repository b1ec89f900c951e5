"""Search strategies over the knobs of :data:`~pirc.cinn.tune.space.SPACE`: each proposes
the next candidate from what has been measured so far.

Both take ``knobs``, the knobs that change the group's code (:func:`space.relevant`; the
others would only propose candidates the tuner recognises as already measured), and both
are deterministic: the same seed and the same measurements give the same proposals.

* :class:`RandomSearch` -- uniform samples (the default schedule first);
* :class:`EvolutionarySearch` -- offspring of the best candidates so far (elitism: the
  parents are the best few; mutations of one or two knobs, crossovers), ranked by a cost
  model fitted to the measurements (:class:`AdditiveModel`: per knob value, its effect on
  the log of the time), the best-predicted offspring measured next; now and then a random
  sample, so that the model's blind spots get measured too.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from pirc.cinn.tune import space

Results = Sequence[tuple[dict[str, Any], float | None]]


def key_of(p: dict[str, Any]) -> str:
    return json.dumps(space.normalize(p), sort_keys=True)


class RandomSearch:
    """Uniform samples of the space (the default schedule first)."""

    name = "random"

    def __init__(self, seed: int = 0, knobs: Sequence[str] | None = None) -> None:
        self.rng = random.Random(seed)
        self.knobs = list(knobs) if knobs is not None else sorted(space.SPACE)

    def propose(self, results: Results, avoid: set[str] | frozenset[str] = frozenset()) -> dict[str, Any]:
        if not results and key_of(space.default()) not in avoid:
            return space.default()
        return space.sample(self.rng, self.knobs)


class AdditiveModel:
    """log(ms) ~ bias + sum of one effect per (knob, value) (value None = the default),
    fitted by ridge regression to the measured candidates; a failed candidate counts as
    four times the slowest one."""

    def __init__(self, knobs: Sequence[str], results: Results, ridge: float = 0.3) -> None:
        self.knobs = list(knobs)
        self.cols = [(k, v) for k in knobs for v in space.SPACE[k]]
        self.index = {c: i for i, c in enumerate(self.cols)}
        ok = [ms for _, ms in results if ms is not None and ms > 0]
        worst = max(ok) * 4 if ok else 1.0
        xs = np.array([self.features(p) for p, _ in results], dtype=float).reshape(len(results), len(self.cols))
        ys = np.array([math.log(ms if ms is not None and ms > 0 else worst) for _, ms in results])
        self.bias = float(ys.mean()) if len(ys) else 0.0
        a = xs.T @ xs + ridge * np.eye(len(self.cols))
        self.w = np.linalg.solve(a, xs.T @ (ys - self.bias)) if len(ys) else np.zeros(len(self.cols))

    def features(self, p: dict[str, Any]) -> list[float]:
        f = [0.0] * len(self.cols)
        for k in self.knobs:
            f[self.index[(k, p.get(k))]] = 1.0
        return f

    def predict(self, p: dict[str, Any]) -> float:
        return self.bias + float(np.dot(self.features(p), self.w))


class EvolutionarySearch:
    """See the module docstring."""

    name = "evolutionary"

    def __init__(self, seed: int = 0, knobs: Sequence[str] | None = None, elite: int = 3, offspring: int = 48,
                 explore: float = 0.05, optimism: float = 0.25) -> None:
        self.rng = random.Random(seed)
        self.knobs = list(knobs) if knobs is not None else sorted(space.SPACE)
        self.elite = elite
        self.offspring = offspring
        self.explore = explore
        self.optimism = optimism

    def propose(self, results: Results, avoid: set[str] | frozenset[str] = frozenset()) -> dict[str, Any]:
        if not results and key_of(space.default()) not in avoid:
            return space.default()
        seen = set(avoid) | {key_of(p) for p, _ in results}
        ok = sorted((ms, key_of(p), p) for p, ms in results if ms is not None)
        if not ok or not self.knobs or self.rng.random() < self.explore:
            return space.sample(self.rng, self.knobs)
        parents = [p for _, _, p in ok[: self.elite]]
        weights = [2.0 ** -i for i in range(len(parents))]
        pool: dict[str, dict[str, Any]] = {}
        for _ in range(self.offspring):
            r = self.rng.random()
            if len(parents) >= 2 and r < 0.25:
                a, b = self.rng.sample(parents, 2)
                child = space.crossover(a, b, self.rng, self.knobs)
            else:
                child = self.rng.choices(parents, weights=weights)[0]
                for _ in range(1 if r < 0.75 else 2):
                    child = space.mutate(child, self.rng, self.knobs)
            k = key_of(child)
            if k not in seen:
                pool.setdefault(k, child)
        if not pool:
            return space.sample(self.rng, self.knobs)
        model = AdditiveModel(self.knobs, results)
        tried = {(k, p.get(k)) for p, ms in results for k in self.knobs}
        order = {k: self.rng.random() for k in sorted(pool)}  # ties: no preference for a spelling

        def rank(c: dict[str, Any]) -> tuple[float, float]:
            # optimism: a knob value never measured may be better than the model can know
            unseen = sum(1 for k in self.knobs if (k, c.get(k)) not in tried)
            return model.predict(c) - self.optimism * unseen, order[key_of(c)]

        return min(pool.values(), key=rank)


STRATEGIES = {"evolutionary": EvolutionarySearch, "random": RandomSearch}

__all__ = ["STRATEGIES", "AdditiveModel", "EvolutionarySearch", "RandomSearch", "key_of"]
