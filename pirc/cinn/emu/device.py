"""``EmuDevice``: the device of ``pirc-run --device cuda-emu`` (:class:`pirc.runtime.device.Device`).

Device memory is host memory (numpy buffers with 64-byte red zones on both sides, filled with
0xCD when allocated, as a GPU's memory holds garbage); work runs synchronously in issue order,
which is one valid ordering of CUDA streams (pirc/runtime's stream tests check the others).
Kernels run through the CPU emulation (:mod:`pirc.cinn.emu.build`), each launch with its own
seed derived from the device's seed and a launch counter; in checking mode the live allocations
are the bounds the checker knows.
"""

from __future__ import annotations

import ctypes
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.cinn.codegen.common import eval_int
from pirc.runtime.device import Device

RED_ZONE = 64


class EmuDevice(Device):
    name = "cuda-emu"

    def __init__(self, seed: int = 0, check: bool = False) -> None:
        self.seed = int(seed)
        self.check = bool(check)
        self.mem: dict[int, np.ndarray] = {}  # pointer -> backing buffer (with red zones)
        self.sizes: dict[int, int] = {}
        self.launches = 0
        self._lock = threading.RLock()

    # -- streams and events: synchronous ---------------------------------------------------------
    def stream(self, index: int) -> Any:
        return index

    def new_event(self) -> Any:
        return object()

    def record(self, event: Any, stream: Any) -> None:
        pass

    def wait(self, stream: Any, event: Any) -> None:
        pass

    def host_wait(self, event: Any) -> None:
        pass

    def synchronize(self) -> None:
        pass

    # -- memory ----------------------------------------------------------------------------------
    def alloc(self, nbytes: int, stream: Any = None) -> int:
        n = max(int(nbytes), 1)
        buf = np.full(n + 2 * RED_ZONE, 0xCD, np.uint8)
        ptr = buf.ctypes.data + RED_ZONE
        with self._lock:
            self.mem[ptr] = buf
            self.sizes[ptr] = int(nbytes)
        return ptr

    def release(self, ptr: int) -> None:
        self.free(ptr, None)

    def free(self, ptr: int, stream: Any) -> None:
        with self._lock:
            self.mem.pop(ptr, None)
            self.sizes.pop(ptr, None)

    def memset0(self, ptr: int, nbytes: int, stream: Any) -> None:
        if nbytes:
            ctypes.memset(ptr, 0, int(nbytes))

    def upload(self, ptr: int, host: np.ndarray, stream: Any) -> None:
        src = np.ascontiguousarray(host)
        if src.nbytes:
            ctypes.memmove(ptr, src.ctypes.data, src.nbytes)

    def download(self, host: np.ndarray, ptr: int) -> None:
        if host.nbytes:
            ctypes.memmove(host.ctypes.data, ptr, host.nbytes)

    # -- kernels ---------------------------------------------------------------------------------
    def launch(self, kernel: Any, pointers: dict[int, int], env: dict, stream: Any) -> None:
        ws = []
        for w in kernel.meta.workspaces:
            n = eval_int(w.nbytes, dict(env))
            p = self.alloc(n)
            self.memset0(p, n, stream)
            ws.append(p)
        with self._lock:
            self.launches += 1
            seed = (self.seed * 0x9E3779B97F4A7C15 + self.launches) & (2**64 - 1)
            allocs = [(p, p + n) for p, n in self.sizes.items()] if self.check else []
        try:
            kernel.launch(pointers, env, ws, stream, seed=seed, allocs=allocs)
        finally:
            for p in ws:
                self.free(p, stream)

    def call(self, kernel: Any, inputs: Sequence[Any], symbols: Mapping[str, Any] | None) -> list[np.ndarray]:
        """Run ``kernel`` on host arrays (copies in, launches, copies out), as DeviceKernel does on a GPU."""
        from pirc.cinn.backend.module import _from_device_bytes, _prepare_input, _to_device_bytes

        info, meta = kernel.info, kernel.meta
        arrays, env = info.bind(inputs, symbols)
        ptrs: dict[int, int] = {}
        try:
            for a in meta.args:
                if not a.is_buffer:
                    continue
                shape = info.shape(a, env)
                nbytes = int(np.prod(shape, dtype=np.int64)) * np.dtype(a.device_dtype).itemsize
                ptrs[a.index] = self.alloc(nbytes)
                if a.is_input:
                    host = _to_device_bytes(a, _prepare_input(info, a, arrays[a.index], env))
                    self.upload(ptrs[a.index], np.ascontiguousarray(host), 0)
                else:
                    self.memset0(ptrs[a.index], nbytes, 0)
            self.launch(kernel, ptrs, env, 0)
            outs = []
            for a in meta.outputs:
                raw = np.empty(info.shape(a, env), dtype=np.dtype(a.device_dtype))
                self.download(raw, ptrs[a.index])
                outs.append(_from_device_bytes(a, raw))
            return outs
        finally:
            for p in ptrs.values():
                self.free(p, 0)


__all__ = ["EmuDevice"]
