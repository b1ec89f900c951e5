"""Search strategies over :data:`~pirc.cinn.tune.space.SPACE`: each proposes the next
candidate from what has been measured so far."""

from __future__ import annotations

import json
import random
from typing import Any

from pirc.cinn.tune import space


def _k(p: dict[str, Any]) -> str:
    return json.dumps(space.normalize(p), sort_keys=True)


class RandomSearch:
    """Uniform samples of the space (the default schedule first)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def propose(self, results: list[tuple[dict[str, Any], float | None]]) -> dict[str, Any]:
        if not results:
            return space.default()
        return space.sample(self.rng)


class EvolutionarySearch:
    """The default first; then, mostly, a mutation (one knob changed) or a crossover of the
    best candidates so far; now and then a random sample to leave a local optimum."""

    name = "evolutionary"

    def __init__(self, seed: int = 0, elite: int = 3, explore: float = 0.2) -> None:
        self.rng = random.Random(seed)
        self.elite = elite
        self.explore = explore

    def propose(self, results: list[tuple[dict[str, Any], float | None]]) -> dict[str, Any]:
        if not results:
            return space.default()
        ok = sorted((ms, _k(p), p) for p, ms in results if ms is not None)
        if not ok or self.rng.random() < self.explore:
            return space.sample(self.rng)
        top = [p for _, _, p in ok[: self.elite]]
        if len(top) >= 2 and self.rng.random() < 0.3:
            return space.crossover(top[0], self.rng.choice(top[1:]), self.rng)
        # mutate the best most often
        w = [2.0 ** -i for i in range(len(top))]
        return space.mutate(self.rng.choices(top, weights=w)[0], self.rng)


STRATEGIES = {"evolutionary": EvolutionarySearch, "random": RandomSearch}

__all__ = ["STRATEGIES", "EvolutionarySearch", "RandomSearch"]
