"""Per-op-kind timing for ``pirc-run --profile`` and execution traces for tests.

Times are *exclusive*: a control-flow instruction is charged its own time
minus the time of the instructions its regions ran (those are charged to
their own op kinds).  Frames are thread-local because sub-interpreters run in
the thread of the control-flow instruction that calls them.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass


@dataclass(slots=True)
class OpStat:
    count: int = 0
    seconds: float = 0.0


class Profiler:
    def __init__(self) -> None:
        self.stats: dict[str, OpStat] = {}
        self._lock = threading.Lock()
        self._tls = threading.local()
        self.runs = 0
        self.wall = 0.0  # seconds spent in runs (whole program)

    def _frames(self) -> list[float]:
        f = getattr(self._tls, "frames", None)
        if f is None:
            f = self._tls.frames = []
        return f

    def push(self) -> None:
        self._frames().append(0.0)

    def pop(self) -> float:
        return self._frames().pop()

    def add(self, key: str, inclusive: float, exclusive: float) -> None:
        frames = self._frames()
        if frames:
            frames[-1] += inclusive
        with self._lock:
            st = self.stats.get(key)
            if st is None:
                st = self.stats[key] = OpStat()
            st.count += 1
            st.seconds += exclusive

    @property
    def total(self) -> float:
        return sum(s.seconds for s in self.stats.values())


@dataclass(slots=True)
class TraceEvent:
    """One instruction execution: which, on which thread, when (perf_counter seconds)."""

    instr: int
    name: str
    thread: int
    start: float
    end: float
    depth: int = 0  # 0 = top-level interpreter, 1 = inside a region, ...
