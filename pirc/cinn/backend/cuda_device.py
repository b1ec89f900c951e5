"""The CUDA device for stream-ordered execution (:class:`pirc.runtime.device.Device`).

Streams are created non-blocking (they never synchronise with the legacy
default stream), memory comes from the device's stream-ordered pool
(``cuMemAllocAsync`` / ``cuMemFreeAsync``: a warm run allocates from the pool,
not the driver), events are created without timing.  Kernel workspaces (global
temp buffers) are allocated, zeroed and freed on the kernel's stream around the
launch.  Only a machine with a GPU runs this; everything above it is exercised
on the CPU by the tests' simulated device.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from pirc.cinn.backend.launch import CudaDriver, _check
from pirc.cinn.codegen.common import eval_int
from pirc.runtime.device import Device


class CudaDevice(Device):
    name = "cuda"

    def __init__(self) -> None:
        self.cu = CudaDriver.get()
        self.drv = self.cu.drv
        self._streams: dict[int, Any] = {}
        self._pending: list[int] = []
        self._lock = threading.Lock()
        self._keep_pool()

    def _keep_pool(self) -> None:
        """Let the device's default pool keep freed memory across synchronisations (its release
        threshold is 0 by default: every run would get its memory from the driver again)."""
        d = self.drv
        try:
            pool = _check(d.cuDeviceGetDefaultMemPool(self.cu.device), "cuDeviceGetDefaultMemPool")
            _check(d.cuMemPoolSetAttribute(pool, d.CUmemPool_attribute.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                                           d.cuuint64_t(2**64 - 1)), "cuMemPoolSetAttribute")
        except Exception:  # noqa: BLE001 - an optimisation only
            pass

    def _current(self) -> Any:
        self.cu.make_current()  # instructions may run on pool threads
        return self.drv

    def stream(self, index: int) -> Any:
        with self._lock:
            s = self._streams.get(index)
            if s is None:
                d = self._current()
                s = self._streams[index] = _check(
                    d.cuStreamCreate(int(d.CUstream_flags.CU_STREAM_NON_BLOCKING)), "cuStreamCreate")
            return s

    def new_event(self) -> Any:
        d = self._current()
        return _check(d.cuEventCreate(int(d.CUevent_flags.CU_EVENT_DISABLE_TIMING)), "cuEventCreate")

    def alloc(self, nbytes: int, stream: Any) -> int:
        return int(_check(self._current().cuMemAllocAsync(max(int(nbytes), 1), stream), "cuMemAllocAsync"))

    def release(self, ptr: int) -> None:
        with self._lock:
            self._pending.append(ptr)

    def free(self, ptr: int, stream: Any) -> None:
        _check(self._current().cuMemFreeAsync(self.drv.CUdeviceptr(ptr), stream), "cuMemFreeAsync")

    def memset0(self, ptr: int, nbytes: int, stream: Any) -> None:
        if nbytes:
            d = self._current()
            _check(d.cuMemsetD8Async(d.CUdeviceptr(ptr), 0, int(nbytes), stream), "cuMemsetD8Async")

    def upload(self, ptr: int, host: np.ndarray, stream: Any) -> None:
        if host.nbytes:
            d = self._current()
            _check(d.cuMemcpyHtoDAsync(d.CUdeviceptr(ptr), host.ctypes.data, host.nbytes, stream), "cuMemcpyHtoDAsync")

    def download(self, host: np.ndarray, ptr: int) -> None:
        if host.nbytes:
            d = self._current()
            _check(d.cuMemcpyDtoH(host.ctypes.data, d.CUdeviceptr(ptr), host.nbytes), "cuMemcpyDtoH")

    def record(self, event: Any, stream: Any) -> None:
        _check(self._current().cuEventRecord(event, stream), "cuEventRecord")

    def wait(self, stream: Any, event: Any) -> None:
        _check(self._current().cuStreamWaitEvent(stream, event, 0), "cuStreamWaitEvent")

    def host_wait(self, event: Any) -> None:
        _check(self._current().cuEventSynchronize(event), "cuEventSynchronize")

    def synchronize(self) -> None:
        d = self._current()
        _check(d.cuCtxSynchronize(), "cuCtxSynchronize")
        with self._lock:
            pending, self._pending = self._pending, []
        s0 = self.stream(0)
        for p in pending:
            self.free(p, s0)

    def launch(self, kernel: Any, pointers: dict[int, int], env: dict, stream: Any) -> None:
        self._current()
        ws = []
        for w in kernel.meta.workspaces:
            n = eval_int(w.nbytes, dict(env))
            p = self.alloc(n, stream)
            self.memset0(p, n, stream)
            ws.append(p)
        kernel.launch(pointers, env, ws, stream)
        for p in ws:  # stream order: freed after the kernel ran
            self.free(p, stream)


__all__ = ["CudaDevice"]
