"""A simulated device with CUDA's stream semantics, for testing stream-ordered execution on the CPU.

Every stream is a FIFO of deferred operations (memset, upload, kernel, event
record, event wait).  Nothing runs when it is enqueued: work runs only when the
host must wait for it (``host_wait``, ``synchronize``), and then in a seeded
random interleaving of the streams that respects only what CUDA guarantees --
order within a stream and event waits.  Device memory is filled with a 0xCD
pattern when allocated, and ``download`` copies whatever the memory holds at
that moment.  So a missing event, a host read without a wait or a buffer reused
too early gives wrong numbers (or a deadlock error) for some seed, exactly where
a GPU would race.

Kernels are the C build of the same LoweredFuncs (HostKernel), run on views of
the simulated memory.
"""

from __future__ import annotations

import random
import threading
from collections import Counter, deque
from typing import Any

import numpy as np

from pirc.runtime.device import Device


class _Event:
    __slots__ = ("done", "gen")

    def __init__(self) -> None:
        self.gen = 0  # records issued
        self.done = 0  # records reached


class SimDevice(Device):
    name = "sim"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.mem: dict[int, np.ndarray] = {}
        self.queues: dict[int, deque] = {}
        self.pending_free: list[int] = []
        self.next_ptr = 0x10000
        self.lock = threading.RLock()
        self.stats: Counter = Counter()
        self.peak = 0  # the most buffers allocated at once

    # -- streams and events ------------------------------------------------------------------
    def stream(self, index: int) -> Any:
        with self.lock:
            self.queues.setdefault(index, deque())
            return index

    def new_event(self) -> Any:
        return _Event()

    def _enqueue(self, stream: int, kind: str, fn: Any, ready: Any = None) -> None:
        with self.lock:
            self.queues[stream].append((kind, fn, ready))
            self.stats[kind] += 1

    def record(self, event: Any, stream: Any) -> None:
        with self.lock:
            event.gen += 1
            g = event.gen

            def reach() -> None:
                event.done = max(event.done, g)
            self._enqueue(stream, "record", reach)

    def wait(self, stream: Any, event: Any) -> None:
        with self.lock:
            g = event.gen
            self._enqueue(stream, "wait", lambda: None, lambda: event.done >= g)

    def host_wait(self, event: Any) -> None:
        with self.lock:
            g = event.gen
            self.stats["host_wait"] += 1
            self._drive(lambda: event.done >= g)

    def _drive(self, until: Any) -> None:
        while not until():
            runnable = [q for q in self.queues.values() if q and (q[0][2] is None or q[0][2]())]
            if not runnable:
                if any(self.queues.values()):
                    raise RuntimeError("simulated device deadlock: every stream waits on an event never recorded")
                raise RuntimeError("simulated device: waiting for an event that was never recorded")
            q = self.rng.choice(runnable)
            _, fn, _ = q.popleft()
            fn()

    def synchronize(self) -> None:
        with self.lock:
            self._drive(lambda: not any(self.queues.values()))
            for p in self.pending_free:
                del self.mem[p]
            self.pending_free.clear()

    # -- memory ----------------------------------------------------------------------------------
    def alloc(self, nbytes: int, stream: Any) -> int:
        with self.lock:
            p = self.next_ptr
            self.next_ptr += max(int(nbytes), 1) + 256
            self.mem[p] = np.full(max(int(nbytes), 1), 0xCD, np.uint8)
            self.stats["alloc"] += 1
            self.peak = max(self.peak, len(self.mem))
            return p

    def release(self, ptr: int) -> None:
        with self.lock:
            self.pending_free.append(ptr)

    def free(self, ptr: int, stream: Any) -> None:
        with self.lock:
            def drop() -> None:
                del self.mem[ptr]  # a later access to ptr fails loudly (KeyError)
            self._enqueue(stream, "free", drop)

    def memset0(self, ptr: int, nbytes: int, stream: Any) -> None:
        buf = self.mem[ptr]
        self._enqueue(stream, "memset", lambda: buf[:nbytes].fill(0))

    def upload(self, ptr: int, host: np.ndarray, stream: Any) -> None:
        staged = np.frombuffer(np.ascontiguousarray(host).tobytes(), np.uint8)  # the host may reuse its array
        buf = self.mem[ptr]
        self._enqueue(stream, "upload", lambda: buf.__setitem__(slice(0, staged.size), staged))

    def download(self, host: np.ndarray, ptr: int) -> None:
        with self.lock:
            self.stats["download"] += 1
            raw = self.mem[ptr][:host.nbytes]
            host.reshape(-1).view(np.uint8)[:] = raw

    def view(self, ptr: int, shape: tuple[int, ...], dtype: Any) -> np.ndarray:
        dt = np.dtype(dtype)
        n = int(np.prod(shape, dtype=np.int64))
        return self.mem[ptr][:n * dt.itemsize].view(dt).reshape(shape)

    # -- kernels ---------------------------------------------------------------------------------
    def launch(self, kernel: Any, pointers: dict[int, int], env: dict, stream: Any) -> None:
        info, meta = kernel.info, kernel.meta
        symbols = {a.name: env[a.var] for a in meta.scalars}
        ins = [(a, pointers[a.index]) for a in meta.inputs]
        outs = [(a, pointers[a.index]) for a in meta.outputs]

        def run() -> None:
            arrays = [self.view(p, info.shape(a, env), a.device_dtype) for a, p in ins]
            results = kernel(*arrays, symbols=symbols)
            for (a, p), r in zip(outs, results):
                self.view(p, info.shape(a, env), a.device_dtype)[...] = r
        self._enqueue(stream, "kernel", run)
