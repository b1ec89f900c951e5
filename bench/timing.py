"""Timing helpers the benchmarks share: warm up once, then time ``repeat`` calls."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np


def times(fn: Callable[[], Any], repeat: int) -> list[float]:
    """Seconds of each of ``repeat`` calls of ``fn`` after one warm-up call."""
    fn()
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def best(fn: Callable[[], Any], repeat: int) -> float:
    """The fastest of ``repeat`` calls, in seconds."""
    return min(times(fn, repeat))


def median_ms(fn: Callable[[], Any], repeat: int) -> float:
    """The median of ``repeat`` calls, in milliseconds."""
    return float(np.median(times(fn, repeat))) * 1e3
