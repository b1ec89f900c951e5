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
import struct
import sys
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.nodes import ArgIO, Var
from pirc.cinn.backend.launch import CudaDriver, pack_args
from pirc.cinn.codegen.common import ArgInfo, KernelMeta, NotConstant, const_int, eval_int
from pirc.diagnostics import Diagnostic, PircError

_from_buffer = ctypes.c_char.from_buffer
_addressof = ctypes.addressof


def data_address(arr: np.ndarray) -> int:
    """The address of a C-contiguous array's first element.  Through the buffer protocol for a
    writeable array (a quarter of a microsecond; ``arr.ctypes.data`` builds a helper object and
    takes three times that), else ``arr.ctypes.data``."""
    try:
        return _addressof(_from_buffer(arr))
    except (TypeError, ValueError):  # read-only or empty
        return arr.ctypes.data


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
                env[a.scalar_var] = symbols[a.name]
                continue
            src = self.symbol_args_map.get(a.index)
            if src is not None and src[0] in arrays:
                shape = shape_of(arrays[src[0]])
                if src[1] < len(shape):
                    env[a.scalar_var] = int(shape[src[1]])
                    continue
            raise KernelArgumentError(meta.name, f"no value for scalar argument {a.name} (pass it by name, or an "
                                                 "input array whose shape has it)")
        return arrays, env

    def shape(self, a: ArgInfo, env: Mapping[Var, Any]) -> tuple[int, ...]:
        try:
            return tuple(eval_int(d, dict(env)) for d in a.shape)
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


class _NamedCall:
    meta: KernelMeta

    def __call__(self, *inputs: Any, symbols: Mapping[str, Any] | None = None) -> list[np.ndarray]:
        raise NotImplementedError

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



class HostKernel(_NamedCall):
    """A compiled C kernel callable on numpy arrays: ``outs = k(*inputs, symbols=None)``.

    ``inputs``: one array per ``in`` / ``inout`` buffer argument, in argument order
    (converted to the argument's dtype and made contiguous when needed; ``inout``
    arrays are copied, so callers' arrays are never written).  Returns one array per
    ``out`` / ``inout`` buffer argument, in argument order.  Symbolic dims come from
    the input shapes (``symbol_args_map``) or ``symbols`` by name.
    """

    def __init__(self, info: CINNKernelInfo) -> None:
        self.info = info
        meta = self.meta = info.meta
        self.fn = info.fn_ptr
        self._n = len(meta.args)
        self._tls = threading.local()
        pos = {a.index: k for k, a in enumerate(meta.inputs)}
        # scalar arguments: (slot, Var, name, input position or None, dim, slot encoder)
        self._scalars = []
        for a in meta.scalars:
            src = info.symbol_args_map.get(a.index)
            p = pos.get(src[0]) if src is not None else None
            self._scalars.append((a.index, a.var, a.name, p, src[1] if src is not None else 0, _encoder(a.dtype)))
        self._ins = [(a.index, a, np.dtype(a.host_dtype), _shape_fn(a.shape), a.io is ArgIO.INOUT)
                     for a in meta.inputs]
        self._outs = [(a.index, np.dtype(a.host_dtype), _shape_fn(a.shape)) for a in meta.outputs
                      if a.io is ArgIO.OUT]
        self._ret = [a.index for a in meta.outputs]

    def __repr__(self) -> str:
        return f"<HostKernel {self.meta.symbol} ({self.meta.name})>"

    def _slots(self) -> tuple[Any, int]:
        t = self._tls
        slots = getattr(t, "slots", None)
        if slots is None:
            n = max(self._n, 1)
            slots = t.slots = (ctypes.c_uint64 * n)()
            base = ctypes.addressof(slots)
            t.params = (ctypes.c_void_p * n)(*[base + 8 * i for i in range(n)])
            t.params_addr = ctypes.addressof(t.params)
        return slots, t.params_addr

    def __call__(self, *inputs: Any, symbols: Mapping[str, Any] | None = None) -> list[np.ndarray]:
        meta = self.meta
        if len(inputs) != len(self._ins):
            self.info.bind(inputs, symbols)  # raises the located message
        slots, params = self._slots()
        env: dict[Var, int] = {}
        for slot, var, name, p, dim, enc in self._scalars:
            if symbols is not None and name in symbols:
                v = symbols[name]
            elif p is not None:
                shape = np.shape(inputs[p])
                if dim >= len(shape):
                    self.info.bind(inputs, symbols)
                v = shape[dim]
            else:
                self.info.bind(inputs, symbols)  # raises: no value
                v = 0
            env[var] = v  # type: ignore[index]
            slots[slot] = enc(v)
        bound: dict[int, np.ndarray] = {}
        for (slot, a, dt, shape_fn, inout), x in zip(self._ins, inputs):
            want = shape_fn(env)
            if (type(x) is np.ndarray and x.dtype == dt and x.flags.c_contiguous and not inout
                    and x.shape == want):
                arr = x
            else:
                arr = _prepare_input(self.info, a, x, env)
            bound[slot] = arr
            slots[slot] = data_address(arr)
        for slot, dt, shape_fn in self._outs:
            arr = np.empty(shape_fn(env), dtype=dt)  # a Compute writes every element of its outputs
            bound[slot] = arr
            slots[slot] = data_address(arr)
        rc = self.fn(params, self._n)
        if rc != 0:
            if rc == 1:
                raise MemoryError(f"kernel {meta.name}: out of memory for its temp buffers")
            raise RuntimeError(f"kernel {meta.name} failed with status {rc}")
        return [bound[i] for i in self._ret]


def _encoder(dt: DType) -> Any:
    """Python value -> the uint64 slot holding it in the scalar's C compute type (little-endian)."""
    if dt is DType.FLOAT64:
        return lambda v: struct.unpack("<Q", struct.pack("<d", float(v)))[0]
    if dt.is_float:
        return lambda v: struct.unpack("<I", struct.pack("<f", float(v)))[0]
    if dt.is_bool:
        return lambda v: int(bool(v))
    bits = 64 if dt.bits == 64 else 32
    mask = (1 << bits) - 1
    return lambda v: int(v) & mask


def _shape_fn(dims: Sequence[Any]) -> Any:
    """A fast evaluator of a buffer shape over the symbol environment."""
    parts: list[Any] = []
    for d in dims:
        c = const_int(d)
        parts.append(c if c is not None else d)
    if all(isinstance(p, int) for p in parts):
        fixed = tuple(parts)
        return lambda env: fixed
    if all(isinstance(p, int) or isinstance(p, Var) for p in parts):
        return lambda env: tuple(p if isinstance(p, int) else int(env[p]) for p in parts)

    def general(env: Mapping[Var, Any]) -> tuple[int, ...]:
        try:
            return tuple(p if isinstance(p, int) else eval_int(p, dict(env)) for p in parts)
        except NotConstant as e:
            raise RuntimeError(f"a buffer shape depends on '{e}', which has no value") from None
    return general


class CModule:
    """A shared library built from a CodeGenC source."""

    def __init__(self, path: str, kernels: Sequence[KernelMeta]) -> None:
        if sys.byteorder != "little":  # pragma: no cover - the slot encoders assume it
            raise RuntimeError("pirc's host kernels need a little-endian machine")
        self.path = str(path)
        from pirc.runtime.threads import ensure_applied

        ensure_applied()  # libgomp reads its team size and wait policy when the first library loads it
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


class DeviceKernel(_NamedCall):
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
        grid, block, params, slots = self.packed(pointers, env, workspaces)
        fn = self.module.get_function(self.meta.symbol)
        CudaDriver.get().launch(fn, grid, block, params, stream)
        del slots

    def packed(self, pointers: Mapping[int, int], env: Mapping[Var, Any], workspaces: Sequence[int] = ()
               ) -> tuple[tuple[int, int, int], tuple[int, int, int], np.ndarray, np.ndarray]:
        """(grid, block, kernelParams, slots) of a launch (keep ``slots`` alive until it returns); the
        driver path and the CPU emulation (pirc.cinn.emu) launch with the same packing."""
        values = [pointers[a.index] if a.is_buffer else env[a.scalar_var] for a in self.meta.args]
        values += list(workspaces)
        grid, block = self.launch_dims(env)
        params, slots = pack_args(self._kinds, values)
        return grid, block, params, slots

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
                n = eval_int(w.nbytes, dict(env))
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
