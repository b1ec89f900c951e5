"""Loaded kernels: the C shared library (ctypes), the CUDA module (driver API), and
CINNKernelInfo, the per-kernel record the runtime launches from.

* :class:`CModule` -- a shared library built from a CodeGenC source; each kernel's
  exported ``int SYMBOL(void** args, int nargs)`` as a ctypes function (ctypes
  releases the GIL during the call).
* :class:`CUDAModule` -- a cubin or PTX image; loaded with ``cuModuleLoadData`` the
  first time a kernel is asked for (``cuModuleGetFunction``).  Needs a GPU only then.
* :class:`CINNKernelInfo` -- ``fn_name`` (the exported symbol), ``fn_ptr`` (the
  ctypes function or CUfunction), the codegen metadata (arguments, shapes, launch
  dims) and ``symbol_args_map``: kernel argument position -> (argument position of a
  buffer, dim) where a symbolic dim is read (CINN's ``ArgDimIdx``).
* :class:`HostKernel` / :class:`DeviceKernel` -- call a kernel on numpy arrays:
  inputs in, freshly allocated outputs back.
"""

from __future__ import annotations

import ctypes
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.nodes import ArgIO, Var
from pirc.cinn.codegen.common import ArgInfo, KernelMeta, NotConstant, eval_int
from pirc.cinn.backend.launch import CudaDriver, pack_args
from pirc.diagnostics import Diagnostic, PircError


class KernelArgumentError(PircError):
    """The arrays or symbols given to a kernel do not fit its arguments."""

    def __init__(self, kernel: str, message: str) -> None:
        super().__init__(Diagnostic("error", f"kernel {kernel}: {message}"))


@dataclass
class CINNKernelInfo:
    fn_name: str
    meta: KernelMeta
    fn_ptr: Any = None
    symbol_args_map: dict[int, tuple[int, int]] = field(default_factory=dict)

    @classmethod
    def of(cls, meta: KernelMeta, fn_ptr: Any = None) -> CINNKernelInfo:
        return cls(meta.symbol, meta, fn_ptr, dict(meta.symbol_args))

    # -- binding arrays to arguments -------------------------------------------------------------
    def bind(self, inputs: Sequence[Any], symbols: Mapping[str, Any] | None = None,
             shape_of: Any = np.shape) -> tuple[dict[int, Any], dict[Var, Any]]:
        """Input arrays (one per ``in`` / ``inout`` buffer argument, in order) -> ({arg index:
        array}, {symbol Var: value}) with every scalar argument resolved."""
        meta = self.meta
        ins = meta.inputs
        if len(inputs) != len(ins):
            raise KernelArgumentError(meta.name, f"expects {len(ins)} input array{'s' if len(ins) != 1 else ''} "
                                                 f"({', '.join(a.name for a in ins)}), got {len(inputs)}")
        arrays = {a.index: x for a, x in zip(ins, inputs)}
        env: dict[Var, Any] = {}
        symbols = dict(symbols or {})
        for a in meta.scalars:
            if a.name in symbols:
                env[a.var] = symbols[a.name]  # type: ignore[index]
                continue
            src = self.symbol_args_map.get(a.index)
            if src is not None and src[0] in arrays:
                shape = shape_of(arrays[src[0]])
                if src[1] < len(shape):
                    env[a.var] = int(shape[src[1]])  # type: ignore[index]
                    continue
            raise KernelArgumentError(meta.name, f"no value for scalar argument {a.name} (pass it by name, or an "
                                                 "input array whose shape has it)")
        return arrays, env

    def shape(self, a: ArgInfo, env: Mapping[Var, Any]) -> tuple[int, ...]:
        try:
            return tuple(eval_int(d, dict(env)) for d in a.shape)  # type: ignore[arg-type]
        except NotConstant as e:
            raise KernelArgumentError(self.meta.name, f"the shape of {a.name} depends on '{e}', which has no "
                                                      "value") from None

    def output_shapes(self, env: Mapping[Var, Any]) -> list[tuple[int, ...]]:
        """CINN's infer-shape function: the shapes of the ``out`` / ``inout`` buffers."""
        return [self.shape(a, env) for a in self.meta.outputs]


def _prepare_input(info: CINNKernelInfo, a: ArgInfo, x: Any, env: Mapping[Var, Any]) -> np.ndarray:
    want = info.shape(a, env)
    arr = np.asarray(x)
    if arr.shape != want:
        raise KernelArgumentError(info.meta.name, f"argument {a.name} should have shape {want}, got {arr.shape}")
    dt = np.dtype(a.host_dtype)
    if a.io is ArgIO.INOUT:
        return np.array(arr, dtype=dt, order="C", copy=True)
    if arr.dtype != dt or not arr.flags.c_contiguous:
        arr = np.ascontiguousarray(arr, dtype=dt)
    return arr


class HostKernel:
    """A compiled C kernel callable on numpy arrays: ``outs = k(*inputs, symbols=None)``.

    ``inputs``: one array per ``in`` / ``inout`` buffer argument, in argument order
    (converted to the argument's dtype and made contiguous when needed; ``inout``
    arrays are copied, so callers' arrays are never written).  Returns one array per
    ``out`` / ``inout`` buffer argument, in argument order.  Symbolic dims come from
    the input shapes (``symbol_args_map``) or ``symbols`` by name.
    """

    def __init__(self, info: CINNKernelInfo) -> None:
        self.info = info
        self.meta = info.meta
        self.fn = info.fn_ptr
        self._kinds = [None if a.is_buffer else a.dtype for a in self.meta.args]

    def __repr__(self) -> str:
        return f"<HostKernel {self.meta.symbol} ({self.meta.name})>"

    def __call__(self, *inputs: Any, symbols: Mapping[str, Any] | None = None) -> list[np.ndarray]:
        info, meta = self.info, self.meta
        arrays, env = info.bind(inputs, symbols)
        bound: dict[int, np.ndarray] = {}
        for a in meta.inputs:
            bound[a.index] = _prepare_input(info, a, arrays[a.index], env)
        for a in meta.outputs:
            if a.index not in bound:
                bound[a.index] = np.zeros(info.shape(a, env), dtype=np.dtype(a.host_dtype))
        values = [bound[a.index].ctypes.data if a.is_buffer else env[a.var] for a in meta.args]  # type: ignore[index]
        params, slots = pack_args(self._kinds, values)
        rc = self.fn(params.ctypes.data, len(values))
        del slots
        if rc != 0:
            if rc == 1:
                raise MemoryError(f"kernel {meta.name}: out of memory for its temp buffers")
            raise RuntimeError(f"kernel {meta.name} failed with status {rc}")
        return [bound[a.index] for a in meta.outputs]

    def run(self, args: Mapping[str, Any] | None = None, /, **kwargs: Any) -> dict[str, np.ndarray]:
        """Evaluator-style call: arrays and scalars by argument name (``_X`` or ``X``);
        returns ``{out argument name: array}``."""
        given = {**(args or {}), **kwargs}
        ins, syms = [], {}
        for a in self.meta.args:
            key = a.name if a.name in given else a.name.lstrip("_") if a.name.lstrip("_") in given else None
            if a.is_buffer and a.is_input:
                if key is None:
                    raise KernelArgumentError(self.meta.name, f"no array for argument {a.name}")
                ins.append(given[key])
            elif not a.is_buffer and key is not None:
                syms[a.name] = given[key]
        outs = self(*ins, symbols=syms)
        return {a.name: o for a, o in zip(self.meta.outputs, outs)}


class CModule:
    """A shared library built from a CodeGenC source."""

    def __init__(self, path: str, kernels: Sequence[KernelMeta]) -> None:
        self.path = str(path)
        self.lib = ctypes.CDLL(self.path)
        self.infos: dict[str, CINNKernelInfo] = {}
        for m in kernels:
            fn = getattr(self.lib, m.symbol)
            fn.argtypes = (ctypes.c_void_p, ctypes.c_int)
            fn.restype = ctypes.c_int
            self.infos[m.symbol] = CINNKernelInfo.of(m, fn)

    def kernel(self, symbol: str) -> HostKernel:
        return HostKernel(self.infos[symbol])


class CUDAModule:
    """A cubin / PTX image; loaded into the current GPU's primary context on first use."""

    def __init__(self, image: bytes, kind: str, kernels: Sequence[KernelMeta], arch: str = "") -> None:
        self.image = image
        self.kind = kind
        self.arch = arch
        self.metas = {m.symbol: m for m in kernels}
        self._module: Any = None
        self._fns: dict[str, Any] = {}
        self._lock = threading.Lock()

    def get_function(self, symbol: str) -> Any:
        with self._lock:
            fn = self._fns.get(symbol)
            if fn is not None:
                return fn
            drv = CudaDriver.get()
            if self._module is None:
                img = self.image if self.kind == "cubin" else self.image.rstrip(b"\0") + b"\0"
                self._module = drv.load_module(img)
            fn = self._fns[symbol] = drv.get_function(self._module, symbol)
            return fn

    def info(self, symbol: str) -> CINNKernelInfo:
        return CINNKernelInfo.of(self.metas[symbol], None)

    def kernel(self, symbol: str) -> DeviceKernel:
        return DeviceKernel(self, self.info(symbol))


def _to_device_bytes(a: ArgInfo, arr: np.ndarray) -> np.ndarray:
    if a.dtype is DType.BFLOAT16:  # float32 values -> bfloat16 bits (round to nearest even)
        bits = np.ascontiguousarray(arr, dtype=np.float32).view(np.uint32).astype(np.uint64)
        nan = np.isnan(arr)
        rounded = (((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF).astype(np.uint16)
        return np.where(nan, np.uint16(0x7FC0), rounded).astype(np.uint16)
    return arr


def _from_device_bytes(a: ArgInfo, raw: np.ndarray) -> np.ndarray:
    if a.dtype is DType.BFLOAT16:
        return (raw.astype(np.uint32) << 16).view(np.float32)
    return raw


class DeviceKernel:
    """A CUDA kernel callable on host numpy arrays (copies in, launches, synchronises, copies out),
    or on device pointers with :meth:`launch`."""

    def __init__(self, module: CUDAModule, info: CINNKernelInfo) -> None:
        self.module = module
        self.info = info
        self.meta = info.meta
        self._kinds = [None if a.is_buffer else a.dtype for a in self.meta.args] + [None] * len(self.meta.workspaces)

    def __repr__(self) -> str:
        return f"<DeviceKernel {self.meta.symbol} ({self.meta.name})>"

    def launch_dims(self, env: Mapping[Var, Any]) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        grid, block = self.meta.launch_dims(dict(env))
        bx = block[0]
        if self.meta.cross_thread and not (bx in (1, 2, 4, 8, 16, 32) or bx % 32 == 0):
            raise KernelArgumentError(self.meta.name, f"warp / block reductions need blockDim.x a power of two "
                                                      f"<= 32 or a multiple of 32, got {bx}")
        return grid, block

    def launch(self, pointers: Mapping[int, int], env: Mapping[Var, Any], workspaces: Sequence[int] = (),
               stream: Any = 0) -> None:
        """Launch on device buffers: ``pointers`` maps buffer argument index -> device pointer."""
        meta = self.meta
        values = [pointers[a.index] if a.is_buffer else env[a.var] for a in meta.args]  # type: ignore[index]
        values += list(workspaces)
        grid, block = self.launch_dims(env)
        fn = self.module.get_function(meta.symbol)
        params, slots = pack_args(self._kinds, values)
        CudaDriver.get().launch(fn, grid, block, params, stream)
        del slots

    def __call__(self, *inputs: Any, symbols: Mapping[str, Any] | None = None) -> list[np.ndarray]:
        info, meta = self.info, self.meta
        arrays, env = info.bind(inputs, symbols)
        drv = CudaDriver.get()
        ptrs: dict[int, int] = {}
        ws: list[int] = []
        try:
            for a in meta.args:
                if not a.is_buffer:
                    continue
                shape = info.shape(a, env)
                nbytes = int(np.prod(shape, dtype=np.int64)) * np.dtype(a.device_dtype).itemsize
                ptrs[a.index] = drv.alloc(nbytes)
                if a.is_input:
                    host = _to_device_bytes(a, _prepare_input(info, a, arrays[a.index], env))
                    drv.htod(ptrs[a.index], np.ascontiguousarray(host))
                else:
                    drv.memset0(ptrs[a.index], nbytes)
            for w in meta.workspaces:
                n = eval_int(w.nbytes, dict(env))  # type: ignore[arg-type]
                p = drv.alloc(n)
                drv.memset0(p, n)
                ws.append(p)
            self.launch(ptrs, env, ws)
            drv.synchronize()
            outs = []
            for a in meta.outputs:
                raw = np.empty(info.shape(a, env), dtype=np.dtype(a.device_dtype))
                drv.dtoh(raw, ptrs[a.index])
                outs.append(_from_device_bytes(a, raw))
            return outs
        finally:
            for p in list(ptrs.values()) + ws:
                try:
                    drv.free(p)
                except Exception:  # noqa: BLE001
                    pass


__all__ = ["CINNKernelInfo", "CModule", "CUDAModule", "DeviceKernel", "HostKernel", "KernelArgumentError"]
