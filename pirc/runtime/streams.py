"""Stream assignment and event analysis for device instructions (PirStreamAnalyzer).

Device (GPU) instructions are asynchronous: the scheduler only *enqueues* a
kernel on a stream and moves on.  Work on one stream runs in order; work on two
streams, and the host, may overlap.  So every edge of the dependency DAG whose
source is a device instruction needs a synchronisation unless stream order
already gives it:

* device -> device on the **same** stream: nothing (stream order);
* device -> device on **another** stream: the source records an event after its
  kernel, the target's stream waits on it before its own kernel
  (``cuEventRecord`` / ``cuStreamWaitEvent``): the host never blocks;
* device -> host: the source records an event and the host instruction waits on
  it (``cuEventSynchronize``) before it runs and reads the device values;
* host -> anything: nothing; the scheduler starts an instruction only after its
  host predecessors returned, and a device instruction copies host inputs when
  it is enqueued.

The DAG is transitively reduced, so a dropped edge ``a -> c`` is implied by a
path ``a -> b -> c`` whose every step is synchronised: waiting on ``b``'s event
(or running after ``b`` on its stream) implies ``a`` finished.  One event per
source instruction is recorded, shared by all its waiters, as Paddle does.

Streams: an op's ``execution_stream`` string attribute names its stream (the
same name, the same stream); otherwise, with ``max_streams == 1`` (the default)
every device instruction uses stream 0, and with more, independent chains of
device instructions are spread over the streams: an instruction continues the
stream of its first device predecessor that has not handed its stream on yet,
else it takes the next stream round-robin.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

DEVICE = "device"


@dataclass(frozen=True)
class StreamPlan:
    """Per instruction: its stream (None for host instructions), the instructions whose
    events it waits on (on its stream, or on the host for a host instruction), and whether
    it records an event after it runs."""

    stream: tuple[int | None, ...]
    waits: tuple[tuple[int, ...], ...]
    records: tuple[bool, ...]
    stream_names: tuple[str, ...]

    @property
    def num_streams(self) -> int:
        return len(self.stream_names)

    @property
    def num_events(self) -> int:
        return sum(self.records)

    def table(self, names: Sequence[str]) -> list[tuple[str, str, str, str]]:
        """Rows (instruction, stream, waits, records) for display."""
        rows = []
        for i, name in enumerate(names):
            s = self.stream[i]
            rows.append((f"#{i} {name}", "host" if s is None else self.stream_names[s],
                         ", ".join(f"#{w}" for w in self.waits[i]), "yes" if self.records[i] else ""))
        return rows


def plan_streams(kinds: Sequence[str], preds: Sequence[Sequence[int]], hints: Sequence[str | None] | None = None,
                 max_streams: int = 1) -> StreamPlan:
    """``kinds[i]`` is the instruction's kind ("device" or a host kind), ``preds[i]`` its
    predecessors in the (transitively reduced) DAG, ``hints[i]`` its ``execution_stream``."""
    if max_streams < 1:
        raise ValueError("max_streams must be at least 1")
    n = len(kinds)
    hints = list(hints) if hints is not None else [None] * n
    names: list[str] = []
    by_name: dict[str, int] = {}

    def named(name: str) -> int:
        if name not in by_name:
            by_name[name] = len(names)
            names.append(name)
        return by_name[name]

    stream: list[int | None] = [None] * n
    handed_on: set[int] = set()  # device instructions whose stream a successor already continues
    rr = 0
    auto = [f"stream {k}" for k in range(max_streams)]
    for i in range(n):  # instructions are in a topological (program) order
        if kinds[i] != DEVICE:
            continue
        h = hints[i]
        if h:
            stream[i] = named(h)
            continue
        if max_streams == 1:
            stream[i] = named(auto[0])
            continue
        src = next((p for p in preds[i] if kinds[p] == DEVICE and not hints[p] and p not in handed_on), None)
        if src is not None:
            handed_on.add(src)
            stream[i] = stream[src]
        else:
            stream[i] = named(auto[rr % max_streams])
            rr += 1
    waits: list[list[int]] = [[] for _ in range(n)]
    records = [False] * n
    for v in range(n):
        for u in preds[v]:
            if kinds[u] != DEVICE:
                continue
            if kinds[v] != DEVICE or stream[u] != stream[v]:
                records[u] = True
                waits[v].append(u)
    return StreamPlan(tuple(stream), tuple(tuple(sorted(w)) for w in waits), tuple(records), tuple(names))


__all__ = ["StreamPlan", "plan_streams"]
