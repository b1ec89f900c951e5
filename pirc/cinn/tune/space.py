"""The group schedule's tunable parameters on the C target.

A candidate is a dict ``{knob: value}``; a knob left out takes the default schedule's
choice.  Knobs that do not apply to a group (an ``inner_tile`` for a last-axis reduction)
give the same code as the default: the tuner notices (same generated source) and measures
such candidates once.
"""

from __future__ import annotations

import random
from typing import Any

#: knob -> the values tried (``None`` = the default schedule's choice)
SPACE: dict[str, tuple[Any, ...]] = {
    # the outermost loop of each nest on CPU threads (omp parallel for) or on one thread
    "parallel": (None, False),
    # first- / middle-axis reductions: the tile of the kept inner axis (cpu_reduction_layout)
    "inner_tile": (None, 32, 64, 128, 256, 512, 1024),
    # ... and the vector width of its inner loops (elements)
    "vector_width": (None, 4, 16),
    # compute_inline: values larger than this many nodes stay materialised
    "inline_limit": (None, 200, 20000),
    # transcendental values shared by sibling loops computed once (compute_once.py)
    "compute_once": (None, False),
    # long transcendental chains split over a tile (chain_fission.py)
    "chain_fission": (None, False),
}


def default() -> dict[str, Any]:
    return {}


def normalize(params: dict[str, Any]) -> dict[str, Any]:
    """Without the knobs at their default (``None``), keys sorted: one spelling per candidate."""
    return {k: params[k] for k in sorted(params) if params[k] is not None}


def sample(rng: random.Random) -> dict[str, Any]:
    return normalize({k: rng.choice(v) for k, v in SPACE.items()})


def mutate(params: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``params`` with one knob changed to another of its values."""
    k = rng.choice(sorted(SPACE))
    vals = [v for v in SPACE[k] if v != params.get(k)]
    out = dict(params)
    out[k] = rng.choice(vals)
    return normalize(out)


def crossover(a: dict[str, Any], b: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    return normalize({k: (a if rng.random() < 0.5 else b).get(k) for k in SPACE})


def size() -> int:
    n = 1
    for v in SPACE.values():
        n *= len(v)
    return n


__all__ = ["SPACE", "crossover", "default", "mutate", "normalize", "sample", "size"]
