"""Device-resident values and stream-ordered execution of device instructions.

With a device backend (``pirc-run --backend cinn --device cuda``) compiled
kernels keep their results on the device: a :class:`DeviceArray` sits in the
interpreter's slot until a host instruction (a numpy kernel, control flow, a
fetch) needs it, when it is copied back once.  Device instructions are
enqueued on streams and synchronised through events as
:mod:`pirc.runtime.streams` plans (Paddle's RunInstructionBase: WaitEvent ->
kernel -> RecordEvent).

:class:`Device` is what a backend provides: memory, copies, streams, events and
kernel launch.  :mod:`pirc.cinn.backend.cuda_device` implements it with the CUDA
driver API.  A device array is freed as soon as the interpreter's GC drops it:
in stream order when all the work that touched it was enqueued on one stream
(the free runs after that work), else once the run has synchronised.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from pirc.runtime.streams import DEVICE, StreamPlan, plan_streams


class Device:
    """The operations the runtime needs from a device backend (all asynchronous on ``stream``
    unless said otherwise).  Pointers are ints; streams and events are backend objects."""

    name = "device"

    def stream(self, index: int) -> Any:
        raise NotImplementedError

    def new_event(self) -> Any:
        raise NotImplementedError

    def alloc(self, nbytes: int, stream: Any) -> int:
        raise NotImplementedError

    def release(self, ptr: int) -> None:
        """Free ``ptr`` once the device is synchronised (it may still be in use on a stream)."""
        raise NotImplementedError

    def free(self, ptr: int, stream: Any) -> None:
        """Free ``ptr`` after the work enqueued on ``stream`` so far (stream-ordered)."""
        raise NotImplementedError

    def memset0(self, ptr: int, nbytes: int, stream: Any) -> None:
        raise NotImplementedError

    def upload(self, ptr: int, host: np.ndarray, stream: Any) -> None:
        """Copy ``host`` to ``ptr``; ``host`` may be reused as soon as this returns."""
        raise NotImplementedError

    def download(self, host: np.ndarray, ptr: int) -> None:
        """Blocking copy of ``ptr`` into ``host``; the caller has synchronised with its producer."""
        raise NotImplementedError

    def record(self, event: Any, stream: Any) -> None:
        raise NotImplementedError

    def wait(self, stream: Any, event: Any) -> None:
        """Later work on ``stream`` starts after ``event`` (the host does not block)."""
        raise NotImplementedError

    def host_wait(self, event: Any) -> None:
        """Block the calling thread until ``event`` has happened."""
        raise NotImplementedError

    def synchronize(self) -> None:
        """Wait for all streams, then free what :meth:`release` deferred."""
        raise NotImplementedError

    def launch(self, kernel: Any, pointers: dict[int, int], env: dict, stream: Any) -> None:
        """Enqueue ``kernel`` on ``stream``: ``pointers`` maps buffer argument index -> pointer,
        ``env`` symbol Var -> value."""
        raise NotImplementedError


class DeviceArray:
    """A dense array in device memory.  ``dtype`` is the device representation (bfloat16 as
    uint16 bits); ``to_host`` gives the runtime's numpy value, copied once."""

    __slots__ = ("__weakref__", "_host", "decode", "device", "dtype", "ptr", "shape", "streams")

    def __init__(self, device: Device, ptr: int, shape: tuple[int, ...], dtype: np.dtype, decode: Any = None,
                 stream: Any = None) -> None:
        self.device = device
        self.ptr = ptr
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self.decode = decode  # device bytes -> host value (bfloat16), or None
        self._host: np.ndarray | None = None
        self.streams: list[Any] = [] if stream is None else [stream]  # streams that enqueued work on it

    def used_on(self, stream: Any) -> None:
        """Note that work touching this array was enqueued on ``stream``."""
        if stream not in self.streams:
            self.streams.append(stream)

    @property
    def size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))

    @property
    def nbytes(self) -> int:
        return self.size * self.dtype.itemsize

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def to_host(self) -> np.ndarray:
        if self._host is None:
            raw = np.empty(self.shape, self.dtype)
            self.device.download(raw, self.ptr)
            self._host = self.decode(raw) if self.decode is not None else raw
        return self._host

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        h = self.to_host()
        return h if dtype is None else h.astype(dtype)

    def __bool__(self) -> bool:  # a control-flow condition
        return bool(self.to_host())

    def __repr__(self) -> str:
        return f"<DeviceArray {self.shape} {self.dtype} at {self.ptr:#x} on {self.device.name}>"

    def __del__(self) -> None:
        try:
            if len(self.streams) == 1:  # host reads are synchronous: only that stream may still use it
                self.device.free(self.ptr, self.streams[0])
            else:
                self.device.release(self.ptr)
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass


def to_host(value: Any) -> Any:
    """``value`` with device arrays (also inside lists) replaced by their host copies."""
    if type(value) is DeviceArray:
        return value.to_host()
    if isinstance(value, list) and any(type(v) is DeviceArray for v in value):
        return [to_host(v) for v in value]
    return value


# -- the stream an instruction runs on (read by the device kernels it calls) ----------------------

_TLS = threading.local()


def current_stream() -> tuple[Device, Any]:
    """(device, stream) of the device instruction running in this thread."""
    cur = getattr(_TLS, "cur", None)
    if cur is None:
        raise RuntimeError("a device kernel ran outside a device instruction")
    return cur


class StreamRuntime:
    """The stream plan of one interpreter's instructions and the events it records."""

    def __init__(self, device: Device, plan: StreamPlan, const_slots: frozenset[int] = frozenset()) -> None:
        self.device = device
        self.plan = plan
        self.streams = [device.stream(k) for k in range(plan.num_streams)]
        self.events: dict[int, Any] = {i: device.new_event() for i, r in enumerate(plan.records) if r}
        self._fences = [device.new_event() for _ in self.streams]
        self.const_slots = const_slots  # parameter slots no instruction writes
        self._resident: dict[int, tuple[np.ndarray, DeviceArray]] = {}  # slot -> (host array, its device copy)
        self._lock = threading.Lock()
        self._upload_done = device.new_event()

    def resident(self, k: int, host: np.ndarray, stream: Any) -> DeviceArray:
        """The device copy of the parameter array bound to slot ``k``, uploaded once (and again
        only when the slot is bound to another array).  The first upload completes before any
        stream uses it, so later kernels on every stream may read it without events."""
        with self._lock:
            hit = self._resident.get(k)
            if hit is not None and hit[0] is host:
                return hit[1]
            src = np.ascontiguousarray(host)
            d = DeviceArray(self.device, self.device.alloc(src.nbytes, stream), src.shape, src.dtype)
            d._host = host
            self.device.upload(d.ptr, src, stream)
            self.device.record(self._upload_done, stream)
            self.device.host_wait(self._upload_done)
            self._resident[k] = (host, d)
            return d

    def fence(self) -> None:
        """Block the host until the work enqueued on this plan's streams so far has run (a
        region's results are complete when its control-flow instruction returns)."""
        for stream, event in zip(self.streams, self._fences):
            self.device.record(event, stream)
        for event in self._fences:
            self.device.host_wait(event)

    def drop_resident(self) -> None:
        """Free the parameters kept on the device (the executor is closing)."""
        with self._lock:
            self._resident.clear()
        self.device.synchronize()

    def wrap_device(self, i: int, run: Any, in_slots: Sequence[int] = ()) -> Any:
        dev, stream = self.device, self.streams[self.plan.stream[i]]  # type: ignore[index]
        waits = [self.events[u] for u in self.plan.waits[i]]
        event = self.events.get(i)
        cur = (dev, stream)
        params = [k for k in in_slots if k in self.const_slots]
        resident = self.resident

        def run_on_stream(slots: list[Any]) -> None:
            for k in params:  # weights stay on the device from run to run
                x = slots[k]
                if type(x) is np.ndarray:
                    slots[k] = resident(k, x, stream)
            for e in waits:
                dev.wait(stream, e)
            prev = getattr(_TLS, "cur", None)
            _TLS.cur = cur
            try:
                run(slots)
            finally:
                _TLS.cur = prev
            if event is not None:
                dev.record(event, stream)
        return run_on_stream

    def wrap_host(self, i: int, run: Any, in_slots: Sequence[int], aliases: Any) -> Any:
        dev = self.device
        waits = [self.events[u] for u in self.plan.waits[i]]

        def run_on_host(slots: list[Any]) -> None:
            for e in waits:
                dev.host_wait(e)
            download(slots, in_slots, aliases)
            run(slots)
        return run_on_host


def download(slots: list[Any], in_slots: Sequence[int], aliases: Any) -> None:
    """Replace the device arrays a host instruction reads (in every slot of their storage, so
    aliases agree) by host copies."""
    for k in in_slots:
        v = slots[k]
        if type(v) is DeviceArray:
            h = v.to_host()
            for k2 in aliases(k):
                if slots[k2] is v:
                    slots[k2] = h
        elif isinstance(v, list) and any(type(x) is DeviceArray for x in v):
            slots[k] = to_host(v)


def attach_streams(instructions: Sequence[Any], preds: Sequence[Sequence[int]], device: Device,
                   aliases: Any, max_streams: int = 1, const_slots: frozenset[int] = frozenset()) -> StreamRuntime:
    """Plan streams and events for ``instructions`` and wrap their ``run`` closures: device
    instructions wait / run on their stream / record; host instructions that follow device
    ones wait on the host and read host copies.  ``const_slots`` (parameters nothing writes)
    keep a device copy across runs."""
    kinds = [DEVICE if ins.kind == DEVICE else "host" for ins in instructions]
    hints = []
    for ins in instructions:
        h = ins.op.attr("execution_stream") if ins.op is not None and ins.kind == DEVICE else None
        hints.append(h if isinstance(h, str) and h else None)
    plan = plan_streams(kinds, preds, hints, max_streams)
    rt = StreamRuntime(device, plan, const_slots)
    for ins in instructions:
        if ins.kind == DEVICE:
            ins.run = rt.wrap_device(ins.id, ins.run, ins.in_slots)
        else:
            ins.run = rt.wrap_host(ins.id, ins.run, ins.in_slots, aliases)
    return rt


__all__ = ["Device", "DeviceArray", "StreamRuntime", "attach_streams", "current_stream", "download", "to_host"]
