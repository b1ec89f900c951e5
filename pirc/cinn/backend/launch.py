"""Argument packing and the CUDA driver: what calling a compiled kernel needs.

Both targets take the same argument array, CUDA's ``kernelParams`` convention:
``params[i]`` is the address of an 8-byte slot holding argument ``i``'s value --
a buffer's data pointer, or a scalar (int64 symbolic dims; int32 for bool and
int32; float for float16 / bfloat16 / float32 scalars; double for float64).
:func:`pack_args` builds the slots and the address array with numpy; keep both
alive until the call returns.

The CUDA part (:class:`CudaDriver`) is optional: every entry point fails softly
on a machine without a driver or GPU (``cuda_device_available()`` is False), so
compile-only use and CPU tests never need one.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.backend.errors import ToolchainError

_SLOT_DTYPES = {DType.BOOL: np.int32, DType.FLOAT16: np.float32, DType.BFLOAT16: np.float32}


def slot_dtype(dt: DType) -> Any:
    """The numpy type a scalar argument of ``dt`` is passed as (the C compute type)."""
    return _SLOT_DTYPES.get(dt) or dt.numpy.type


def pack_args(kinds: Sequence[DType | None], values: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
    """``kinds[i]`` is None for a pointer (``values[i]`` an int address) or the scalar's DType.
    Returns (params: uint64 addresses of the slots, slots)."""
    n = len(values)
    slots = np.zeros(max(n, 1), dtype=np.uint64)
    for i, (k, v) in enumerate(zip(kinds, values)):
        if k is None:
            slots[i] = int(v)
        else:
            st = slot_dtype(k)
            slots[i:i + 1].view(st)[0] = st(v)
    params = np.uint64(slots.ctypes.data) + np.arange(max(n, 1), dtype=np.uint64) * np.uint64(8)
    return params, slots


# ------------------------------------------------------------------------------------------
# CUDA driver
# ------------------------------------------------------------------------------------------


def _drv() -> Any:
    try:
        from cuda.bindings import driver
    except Exception as e:  # noqa: BLE001
        raise ToolchainError(f"the CUDA driver API is not available: cuda-python is not installed ({e}); "
                             "install the CUDA extra: pip install 'pirc[cuda]'") from None
    return driver


def _check(res: Any, what: str) -> Any:
    if isinstance(res, tuple):
        err, rest = res[0], res[1:]
    else:
        err, rest = res, ()
    if int(err) != 0:
        raise RuntimeError(f"CUDA {what} failed: {err}")
    if not rest:
        return None
    return rest[0] if len(rest) == 1 else rest


class CudaDriver:
    """The first GPU's primary context, made current in every thread that uses it."""

    _instance: CudaDriver | None = None
    _lock = threading.Lock()

    def __init__(self) -> None:
        drv = _drv()
        self.drv = drv
        try:
            _check(drv.cuInit(0), "cuInit")
        except Exception as e:  # noqa: BLE001 - DynamicLibNotFoundError without a driver
            raise ToolchainError(f"no usable CUDA driver: {str(e).splitlines()[0] if str(e) else type(e).__name__}") from None
        count = _check(drv.cuDeviceGetCount(), "cuDeviceGetCount")
        if not count:
            raise ToolchainError("no CUDA device")
        self.device = _check(drv.cuDeviceGet(0), "cuDeviceGet")
        self.context = _check(drv.cuDevicePrimaryCtxRetain(self.device), "cuDevicePrimaryCtxRetain")
        attr = drv.CUdevice_attribute
        self.cc = (int(_check(drv.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, self.device),
                              "attribute")),
                   int(_check(drv.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, self.device),
                              "attribute")))
        self.make_current()

    @classmethod
    def get(cls) -> CudaDriver:
        with cls._lock:
            if cls._instance is None:
                cls._instance = cls()
            inst = cls._instance
        inst.make_current()
        return inst

    def make_current(self) -> None:
        _check(self.drv.cuCtxSetCurrent(self.context), "cuCtxSetCurrent")

    def alloc(self, nbytes: int) -> int:
        return int(_check(self.drv.cuMemAlloc(max(int(nbytes), 1)), "cuMemAlloc"))

    def free(self, ptr: int) -> None:
        _check(self.drv.cuMemFree(self.drv.CUdeviceptr(ptr)), "cuMemFree")

    def htod(self, ptr: int, arr: np.ndarray) -> None:
        if arr.nbytes:
            _check(self.drv.cuMemcpyHtoD(self.drv.CUdeviceptr(ptr), arr.ctypes.data, arr.nbytes), "cuMemcpyHtoD")

    def dtoh(self, arr: np.ndarray, ptr: int) -> None:
        if arr.nbytes:
            _check(self.drv.cuMemcpyDtoH(arr.ctypes.data, self.drv.CUdeviceptr(ptr), arr.nbytes), "cuMemcpyDtoH")

    def memset0(self, ptr: int, nbytes: int) -> None:
        if nbytes:
            _check(self.drv.cuMemsetD8(self.drv.CUdeviceptr(ptr), 0, nbytes), "cuMemsetD8")

    def synchronize(self) -> None:
        _check(self.drv.cuCtxSynchronize(), "cuCtxSynchronize")

    def load_module(self, image: bytes) -> Any:
        return _check(self.drv.cuModuleLoadData(image), "cuModuleLoadData")

    def get_function(self, module: Any, name: str) -> Any:
        return _check(self.drv.cuModuleGetFunction(module, name.encode()), "cuModuleGetFunction")

    def launch(self, fn: Any, grid: Sequence[int], block: Sequence[int], params: np.ndarray, stream: Any = 0,
               shared_bytes: int = 0) -> None:
        if stream is None or (isinstance(stream, int) and stream == 0):
            stream = self.drv.CUstream(0)
        _check(self.drv.cuLaunchKernel(fn, int(grid[0]), int(grid[1]), int(grid[2]), int(block[0]), int(block[1]),
                                       int(block[2]), int(shared_bytes), stream, params.ctypes.data, 0),
               "cuLaunchKernel")


@functools.lru_cache(maxsize=1)
def _availability() -> tuple[bool, str]:
    try:
        CudaDriver.get()
        return True, ""
    except Exception as e:  # noqa: BLE001
        return False, str(e)


def cuda_device_available() -> bool:
    """Whether a CUDA driver and at least one GPU can be used (cached)."""
    return _availability()[0]


def cuda_unavailable_reason() -> str:
    return _availability()[1]


def device_compute_capability() -> tuple[int, int] | None:
    if not cuda_device_available():
        return None
    return CudaDriver.get().cc


__all__ = ["CudaDriver", "cuda_device_available", "cuda_unavailable_reason", "device_compute_capability",
           "pack_args", "slot_dtype"]
