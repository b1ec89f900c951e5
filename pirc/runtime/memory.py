"""Live-memory accounting for the interpreter: bytes of live activations and the peak.

Only activations are counted (the outputs that instructions allocate while a
program runs); parameters, constants and feeds belong to the caller and are
not.  The interpreter calls :meth:`MemoryTracker.alloc` when an instruction
produces a fresh storage and :meth:`MemoryTracker.free` when the garbage
collector releases it (or when a run ends and hands its results back).
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

_ndarray = np.ndarray


def nbytes(value: Any) -> int:
    """Bytes held by a runtime value: an array, a list of arrays (vec), or None."""
    if type(value) is _ndarray:
        return value.nbytes
    if isinstance(value, (list, tuple)):
        return sum(nbytes(v) for v in value)
    n = getattr(value, "nbytes", None)
    return int(n) if isinstance(n, (int, np.integer)) else 0


class MemoryTracker:
    """Live and peak bytes of activations.  Updates take ``lock`` when one is set
    (the parallel scheduler sets it for the duration of a run)."""

    __slots__ = ("live", "peak", "lock")

    def __init__(self) -> None:
        self.live = 0
        self.peak = 0
        self.lock: threading.Lock | None = None

    def reset(self) -> None:
        self.live = 0
        self.peak = 0

    def alloc(self, n: int) -> None:
        lock = self.lock
        if lock is None:
            self.live += n
            if self.live > self.peak:
                self.peak = self.live
            return
        with lock:
            self.live += n
            if self.live > self.peak:
                self.peak = self.live

    def free(self, n: int) -> None:
        lock = self.lock
        if lock is None:
            self.live -= n
            return
        with lock:
            self.live -= n


def format_bytes(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(n) < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.2f} {unit}"
        n /= 1024  # type: ignore[assignment]
    return f"{n} B"  # pragma: no cover
