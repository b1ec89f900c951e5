"""The group schedule's tunable parameters on the C target.

A candidate is a dict ``{knob: value}``; a knob left out takes the default schedule's
choice.  Knobs that do not apply to a group (an ``inner_tile`` for a last-axis reduction)
give the same code as the default: the tuner notices (same generated source) and measures
such candidates once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from pirc.runtime.threads import usable_cores

#: knob -> the values tried (``None`` = the default schedule's choice)
SPACE: dict[str, tuple[Any, ...]] = {
    # the outermost loop of each nest on CPU threads (omp parallel for) or on one thread
    "parallel": (None, False),
    # first- / middle-axis reductions: the tile of the kept inner axis (cpu_reduction_layout)
    "inner_tile": (None, 32, 64, 128, 256, 512, 1024),
    # ... or, with no spatial loop outside those axes, runs of whole rows in parallel (None: 8/4/2 runs)
    "split_k": (None, False, 2),
    # ... and the vector width of its inner loops (elements)
    "vector_width": (None, 4, 8),
    # compute_inline: values larger than this many nodes stay materialised
    "inline_limit": (None, 200, 20000),
    # transcendental values shared by sibling loops computed once (compute_once.py)
    "compute_once": (None, False),
    # long transcendental chains split over a tile (chain_fission.py)
    "chain_fission": (None, False),
    # first- / middle-axis layouts: per-column values (a mean, an rsqrt) computed once per tile (cpu.py)
    "hoist": (None, False),
    # the innermost serial loops that carry no reduction unrolled by this factor (split + unroll)
    "unroll": (None, 2, 4, 8),
    # OpenMP team size of each parallel loop (num_threads); never more than the usable cores
    "num_threads": tuple(dict.fromkeys((None, 1, usable_cores()))),
    # last-axis reductions with a shared row in the epilogue: rows per block (row_block.py; None: 4)
    "row_block": (None, False, 2, 8),
    # how many outer loops are fused into the parallel loop (None: 1)
    "parallel_granularity": (None, 2),
}


def default() -> dict[str, Any]:
    return {}


def normalize(params: dict[str, Any]) -> dict[str, Any]:
    """Without the knobs at their default (``None``), keys sorted: one spelling per candidate."""
    return {k: params[k] for k in sorted(params) if params[k] is not None}


def sample(rng: random.Random, knobs: Sequence[str] | None = None) -> dict[str, Any]:
    """A uniform sample over ``knobs`` (every knob when None; the others at their default)."""
    return normalize({k: rng.choice(SPACE[k]) for k in (sorted(SPACE) if knobs is None else knobs)})


def mutate(params: dict[str, Any], rng: random.Random, knobs: Sequence[str] | None = None) -> dict[str, Any]:
    """``params`` with one of ``knobs`` changed to another of its values."""
    k = rng.choice(sorted(SPACE) if knobs is None else list(knobs))
    vals = [v for v in SPACE[k] if v != params.get(k)]
    out = dict(params)
    out[k] = rng.choice(vals)
    return normalize(out)


def crossover(a: dict[str, Any], b: dict[str, Any], rng: random.Random,
              knobs: Sequence[str] | None = None) -> dict[str, Any]:
    return normalize({k: (a if rng.random() < 0.5 else b).get(k) for k in (sorted(SPACE) if knobs is None else knobs)})


def relevant(source: Callable[[dict[str, Any]], str | None]) -> list[str]:
    """The knobs of which some value changes a group's code: ``source(params)`` (the hash
    of the generated code, None when the candidate cannot be lowered) for each one-knob
    change of the default.  The searches vary only these (a knob that changes nothing
    alone is taken as changing nothing)."""
    base = source(default())
    return [k for k in sorted(SPACE) if any(source({k: v}) != base for v in SPACE[k] if v is not None)]


def size(knobs: Sequence[str] | None = None) -> int:
    n = 1
    for k in sorted(SPACE) if knobs is None else knobs:
        n *= len(SPACE[k])
    return n


__all__ = ["SPACE", "crossover", "default", "mutate", "normalize", "relevant", "sample", "size"]
