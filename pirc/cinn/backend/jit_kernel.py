"""The ``cinn_runtime.jit_kernel`` op: a fused group replaced by a compiled kernel.

What PdOpLowerToKernelPass produces in CINN (``cinn_op.group { ... }`` ->
``cinn_runtime.jit_kernel`` carrying a CINNKernelInfo).  pirc's op is printable
and self-describing; the kernel is compiled (through the kernel cache) when the
interpreter builds its instruction.

Attribute convention (the lowering writes these)::

    (%3) = "cinn_runtime.jit_kernel" (%0, %1) {fn_name:"fn_add_relu_0", kernel_ast:"function fn_add_relu_0 (...)..."}
           : (tensor<-1x256xf32>, tensor<256xf32>) -> tensor<-1x256xf32>

* ``fn_name`` (str, required): the LoweredFunc to run.
* exactly one of
  - ``kernel_ast`` (str): the ``.ast`` text of a Module or LoweredFunc that defines
    ``fn_name`` (self-contained: the program can be printed, parsed and run later);
  - ``kernel_id`` (str): the key of a Module registered in this process with
    :func:`register_kernels` (the in-memory pipeline, no text round trip).
* ``symbol_args`` (int array, optional): triples ``[arg, operand, axis, ...]`` saying
  that the function's scalar argument number ``arg`` is dim ``axis`` of operand
  ``operand`` (``axis = -1``: the operand's value, a one-element integer tensor).
  CINN's ``symbol_args_map`` (ArgDimIdx / ArgValueIdx).  Without it, each symbolic
  dim is read from the first input buffer argument that has it as a bare dim
  (``LoweredFunc.symbol_bindings()``).
* ``group`` (str, optional): the fused group's name, for messages.

Operands and results bind positionally: operand ``k`` is the ``k``-th ``in`` /
``inout`` buffer argument of the function, result ``k`` the ``k``-th ``out`` /
``inout`` one.  Outputs are allocated by the runtime from the buffers' shapes
(evaluated with the symbols); ``inout`` operands are copied, never written.

Running: :func:`install` registers the instruction factory with
:mod:`pirc.runtime.compiled` (``target="c"``: host code, the default;
``"cuda"``: device instructions on the GPU, whose results stay on the device and which
run on their instruction's stream, see :mod:`pirc.runtime.device`).  Importing this
module registers the op itself (so programs containing it parse, verify and
print); ``pirc.dialects.all`` should import it.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from pirc.diagnostics import PircError
from pirc.ir.opinfo import register_op

OP_NAME = "cinn_runtime.jit_kernel"
FN_NAME = "fn_name"
KERNEL_AST = "kernel_ast"
KERNEL_ID = "kernel_id"
SYMBOL_ARGS = "symbol_args"
GROUP = "group"

_REGISTRY: dict[str, Any] = {}
_PARSED: dict[str, Any] = {}
_LOCK = threading.Lock()


def register_kernels(kernel_id: str, node: Any) -> None:
    """Make a Module / LoweredFunc available to ops whose ``kernel_id`` is ``kernel_id``."""
    with _LOCK:
        _REGISTRY[kernel_id] = node


def unregister_kernels(kernel_id: str) -> None:
    with _LOCK:
        _REGISTRY.pop(kernel_id, None)


def _parsed(text: str) -> Any:
    key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    with _LOCK:
        hit = _PARSED.get(key)
    if hit is not None:
        return hit
    from pirc.cinn.ast.parser import parse

    node = parse(text, "<kernel_ast>")
    with _LOCK:
        if len(_PARSED) > 256:
            _PARSED.clear()
        _PARSED[key] = node
    return node


def kernel_node(op: Any) -> tuple[Any, Any]:
    """(the Module / LoweredFunc the op refers to, the LoweredFunc ``fn_name``).  Raises ValueError."""
    from pirc.cinn.ast.nodes import LoweredFunc, Module

    name = op.attr(FN_NAME)
    if not isinstance(name, str) or not name:
        raise ValueError(f"needs a string attribute '{FN_NAME}'")
    text, kid = op.attr(KERNEL_AST), op.attr(KERNEL_ID)
    if (text is None) == (kid is None):
        raise ValueError(f"needs exactly one of the attributes '{KERNEL_AST}' (the .ast text) and '{KERNEL_ID}'")
    if text is not None:
        if not isinstance(text, str):
            raise ValueError(f"'{KERNEL_AST}' must be a string")
        try:
            node = _parsed(text)
        except PircError as e:
            raise ValueError(f"'{KERNEL_AST}' does not parse: {e.diagnostics[0].message}") from None
    else:
        with _LOCK:
            node = _REGISTRY.get(str(kid))
        if node is None:
            raise ValueError(f"no kernels are registered under {KERNEL_ID} '{kid}'")
    if isinstance(node, LoweredFunc):
        if node.name != name:
            raise ValueError(f"the kernel is '{node.name}', not '{name}'")
        return node, node
    if isinstance(node, Module):
        try:
            return node, node.function(name)
        except KeyError:
            raise ValueError(f"the kernel module has no function '{name}'") from None
    raise ValueError("the kernel is neither a Module nor a LoweredFunc")


def unique_kernel_nodes(program: Any) -> list[Any]:
    """The kernel modules the program's jit_kernel ops refer to, each once, in program order."""
    nodes: list[Any] = []
    seen: set[int] = set()
    for op in program.walk():
        if op.name == OP_NAME:
            node, _ = kernel_node(op)
            if id(node) not in seen:
                seen.add(id(node))
                nodes.append(node)
    return nodes


def symbol_sources(op: Any, func: Any) -> dict[str, tuple[int, int]]:
    """Scalar argument name -> (operand index, axis) from ``symbol_args`` (axis -1: the value)."""
    raw = op.attr(SYMBOL_ARGS)
    if raw is None:
        return {}
    if not isinstance(raw, list) or len(raw) % 3 or not all(isinstance(x, int) for x in raw):
        raise ValueError(f"'{SYMBOL_ARGS}' must be an int array of [arg, operand, axis] triples")
    out: dict[str, tuple[int, int]] = {}
    n_ops = len(op.operands)
    for i in range(0, len(raw), 3):
        arg, operand, axis = raw[i:i + 3]
        if not 0 <= arg < len(func.args) or not func.args[arg].is_var:
            raise ValueError(f"'{SYMBOL_ARGS}': argument {arg} of {func.name} is not a scalar argument")
        if not 0 <= operand < n_ops:
            raise ValueError(f"'{SYMBOL_ARGS}': the op has no operand {operand}")
        if axis < -1:
            raise ValueError(f"'{SYMBOL_ARGS}': invalid axis {axis}")
        out[func.args[arg].name] = (operand, axis)
    return out


def _verify(op: Any) -> list[str]:
    from pirc.cinn.ast.dtypes import to_dtype
    from pirc.ir.types import DenseTensorType

    try:
        _, fn = kernel_node(op)
        symbol_sources(op, fn)
    except ValueError as e:
        return [f"'{OP_NAME}' {e}"]
    ins = [a for a in fn.args if a.is_buffer and a.io.value != "out"]
    outs = [a for a in fn.args if a.is_buffer and a.io.value != "in"]
    errs = []
    if len(op.operands) != len(ins):
        errs.append(f"'{OP_NAME}' has {len(op.operands)} operands but kernel {fn.name} takes {len(ins)} input "
                    "buffers")
    if len(op.results) != len(outs):
        errs.append(f"'{OP_NAME}' has {len(op.results)} results but kernel {fn.name} writes {len(outs)} output "
                    "buffers")
    pairs = [(f"operand {i}", o.value.type if o.value is not None else None, a) for i, (o, a) in
             enumerate(zip(op.operands, ins))] + [(f"result {i}", r.type, a) for i, (r, a) in
                                                  enumerate(zip(op.results, outs))]
    for what, t, a in pairs:
        if not isinstance(t, DenseTensorType):
            continue
        try:
            dt = to_dtype(t.dtype)
        except ValueError:
            dt = None
        if dt is not None and dt is not a.target.dtype:
            errs.append(f"'{OP_NAME}' {what} is {t.dtype} but kernel argument {a.name} is {a.target.dtype}")
        if t.rank != len(a.target.shape):
            errs.append(f"'{OP_NAME}' {what} has rank {t.rank} but kernel argument {a.name} has rank "
                        f"{len(a.target.shape)}")
    return errs


register_op(OP_NAME, verify=_verify)

# ------------------------------------------------------------------------------------------
# the instruction factory
# ------------------------------------------------------------------------------------------

class JitKernelFactory:
    """``factory(op) -> fn(inputs) -> outputs`` for :mod:`pirc.runtime.compiled`.

    With a ``device`` (a :class:`pirc.runtime.device.Device`, or a function making one when
    the first kernel is built) the kernels are device instructions: they take device or host
    arrays, run on the stream of the instruction calling them and return
    :class:`~pirc.runtime.device.DeviceArray` results.  ``target="cuda"`` always has one
    (the CUDA device)."""

    def __init__(self, target: str = "c", cache: Any = None, arch: str | None = None, device: Any = None) -> None:
        if target not in ("c", "cuda"):
            raise ValueError(f"target must be 'c' or 'cuda', got {target!r}")
        self.target = target
        self.cache = cache
        self.arch = arch
        self._compiled: dict[int, tuple[Any, Any]] = {}  # id(node) -> (node, CompiledModule)
        self._ready: dict[int, tuple[Any, Any, dict]] = {}  # id(op) -> (op, HostKernel, symbol sources)
        if device is None and target == "cuda":
            from pirc.cinn.backend.cuda_device import CudaDevice

            device = CudaDevice
        self._device = device

    @property
    def kind(self) -> str:
        return "compiled" if self._device is None else "device"

    @property
    def device(self) -> Any:
        """The Device (made on first use), or None for host kernels."""
        from pirc.runtime.device import Device

        if self._device is not None and not isinstance(self._device, Device):
            with _LOCK:
                if not isinstance(self._device, Device):
                    self._device = self._device()
        return self._device

    def _module(self, node: Any) -> Any:
        from pirc.cinn.backend.build import build

        with _LOCK:
            hit = self._compiled.get(id(node))
        if hit is not None and hit[0] is node:
            return hit[1]
        mod = build(node, self.target, cache=self.cache, arch=self.arch)
        with _LOCK:
            self._compiled[id(node)] = (node, mod)
        return mod

    def preload(self, op: Any, kernel: Any, sources: dict[str, tuple[int, int]]) -> None:
        """Make ``op`` run ``kernel`` (already compiled and loaded) without reading its attributes
        again: what :func:`pirc.cinn.compiler.compile_program` does for every kernel it compiled or
        found in the group index."""
        with _LOCK:
            self._ready[id(op)] = (op, kernel, dict(sources))

    def __call__(self, op: Any) -> Any:
        with _LOCK:
            ready = self._ready.get(id(op))
        if ready is not None and ready[0] is op and self._device is None:
            return _guard_empty_reductions(op, None, ready[2], _host_runner(ready[1], ready[2]))
        try:
            node, fn = kernel_node(op)
            sources = symbol_sources(op, fn)
        except ValueError as e:
            raise _op_error(op, str(e)) from None
        try:
            compiled = self._module(node)
        except PircError as e:
            e.diagnostics[0].note(f"while compiling kernel {fn.name} for this op", getattr(op, "loc", None))
            raise
        kernel = compiled[fn.name]
        if self._device is not None:
            run: Any = _device_runner(kernel, compiled.info(fn.name), sources)
            run.label = fn.name  # profiles show the kernel's function name
            return _guard_empty_reductions(op, fn, sources, run)
        return _guard_empty_reductions(op, fn, sources, _host_runner(kernel, sources))


def _guard_empty_reductions(op: Any, fn: Any, sources: dict[str, tuple[int, int]], run: Any) -> Any:
    """Fail like the interpreter on a max/min over an empty axis (see :mod:`.empty_reduce`)."""
    from pirc.cinn.backend.empty_reduce import check, empty_reduction_axes

    if fn is None:
        try:
            fn = kernel_node(op)[1]
        except ValueError:
            return run
    axes = empty_reduction_axes(fn)
    if not axes:
        return run

    def guarded(inputs: Sequence[Any]) -> list[Any]:
        check(axes, _symbols(sources, inputs) if sources else None)
        return run(inputs)
    guarded.label = run.label  # type: ignore[attr-defined]
    return guarded


def _host_runner(kernel: Any, sources: dict[str, tuple[int, int]]) -> Any:
    if not sources:
        def run(inputs: Sequence[Any]) -> list[np.ndarray]:
            return kernel(*inputs)
    else:
        def run(inputs: Sequence[Any]) -> list[np.ndarray]:
            return kernel(*inputs, symbols=_symbols(sources, inputs))
    run.label = kernel.meta.name  # profiles show the kernel's function name
    return run


def _symbols(sources: dict[str, tuple[int, int]], inputs: Sequence[Any]) -> dict[str, int]:
    from pirc.runtime.device import to_host

    out = {}
    for name, (operand, axis) in sources.items():
        x = inputs[operand]
        out[name] = int(np.asarray(to_host(x)).reshape(-1)[0]) if axis == -1 else int(np.shape(x)[axis])
    return out


def _device_runner(kernel: Any, info: Any, sources: dict[str, tuple[int, int]]) -> Any:
    """A device instruction's kernel: inputs (device or host arrays) -> DeviceArray results,
    enqueued on the stream of the instruction that calls it."""
    from pirc.cinn.ast.nodes import ArgIO
    from pirc.cinn.backend.module import _from_device_bytes, _prepare_input, _to_device_bytes
    from pirc.runtime.device import DeviceArray, current_stream, to_host

    meta = info.meta
    bufs = [a for a in meta.args if a.is_buffer]

    def shape_of(x: Any) -> tuple[int, ...]:
        return x.shape if type(x) is DeviceArray else np.shape(x)

    def run(inputs: Sequence[Any]) -> list[Any]:
        dev, stream = current_stream()
        arrays, env = info.bind(inputs, _symbols(sources, inputs) if sources else None, shape_of)
        ptrs: dict[int, int] = {}
        keep: list[Any] = []  # inputs stay alive until the kernel is enqueued
        outs: dict[int, DeviceArray] = {}
        for a in bufs:
            shape = info.shape(a, env)
            ddt = np.dtype(a.device_dtype)
            decode = (lambda raw, a=a: _from_device_bytes(a, raw)) if ddt != np.dtype(a.host_dtype) else None
            if a.is_input:
                x = arrays[a.index]
                if type(x) is DeviceArray and a.io is ArgIO.IN and x.device is dev and x.dtype == ddt \
                        and x.shape == shape:
                    x.used_on(stream)
                    ptrs[a.index] = x.ptr
                    keep.append(x)
                    continue
                host = np.ascontiguousarray(_to_device_bytes(a, _prepare_input(info, a, to_host(x), env)))
                d = DeviceArray(dev, dev.alloc(host.nbytes, stream), shape, ddt, decode, stream)
                dev.upload(d.ptr, host, stream)
            else:
                d = DeviceArray(dev, 0, shape, ddt, decode)
                d.ptr = dev.alloc(d.nbytes, stream)
                d.streams.append(stream)
                dev.memset0(d.ptr, d.nbytes, stream)
            ptrs[a.index] = d.ptr
            keep.append(d)
            if a.is_output:
                outs[a.index] = d
        dev.launch(kernel, ptrs, env, stream)
        return [outs[a.index] for a in meta.outputs]
    return run


def _op_error(op: Any, message: str) -> PircError:
    from pirc.diagnostics import Diagnostic

    return PircError(Diagnostic("error", f"'{OP_NAME}' {message}", getattr(op, "loc", None)))


def install(target: str = "c", cache: Any = None, arch: str | None = None, device: Any = None) -> JitKernelFactory:
    """Run ``cinn_runtime.jit_kernel`` ops through compiled kernels (host C, or device kernels
    on CUDA or ``device``)."""
    from pirc.runtime.compiled import register_compiled_kernel

    factory = JitKernelFactory(target, cache, arch, device)
    register_compiled_kernel(OP_NAME, factory, factory.kind)
    return factory


def uninstall() -> None:
    from pirc.runtime.compiled import unregister_compiled_kernel

    unregister_compiled_kernel(OP_NAME)


__all__ = [
    "FN_NAME",
    "GROUP",
    "KERNEL_AST",
    "KERNEL_ID",
    "OP_NAME",
    "SYMBOL_ARGS",
    "JitKernelFactory",
    "install",
    "kernel_node",
    "unique_kernel_nodes",
    "register_kernels",
    "symbol_sources",
    "uninstall",
    "unregister_kernels",
]
