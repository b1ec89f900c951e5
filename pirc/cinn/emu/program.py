"""The CINN path with the CPU emulation as its device (``pirc-run --backend cinn --device cuda-emu``).

Like :func:`pirc.cinn.compiler.compile_program` for ``cuda``: fuse, lower with the CUDA schedule,
generate CUDA; then every kernel of the program goes into one source, compiled once (one g++
per program, cached by content), and the ``cinn_runtime.jit_kernel`` ops become device
instructions on an :class:`~pirc.cinn.emu.device.EmuDevice`, with the driver path's argument
packing and device-memory handling (``jit_kernel``'s device runner).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

from pirc.cinn.ast.nodes import Module
from pirc.cinn.backend.build import generate
from pirc.cinn.backend.cache import KernelCache, default_cache
from pirc.cinn.backend.jit_kernel import OP_NAME, JitKernelFactory, unique_kernel_nodes
from pirc.cinn.emu.build import EmuModule, compile_emu
from pirc.cinn.emu.device import EmuDevice
from pirc.ir.program import Program


class EmuCompiled:
    """What JitKernelFactory expects of a compiled module: kernels and infos by function name."""

    def __init__(self, module: EmuModule, symbols: dict[str, str]) -> None:
        self.module = module
        self.symbols = symbols  # LoweredFunc name -> symbol

    def __getitem__(self, name: str) -> Any:
        return self.module.kernel(self.symbols[name])

    def info(self, name: str) -> Any:
        return self.module.info(self.symbols[name])


class EmuFactory(JitKernelFactory):
    """jit_kernel ops -> device instructions running on the emulation."""

    def __init__(self, cache: KernelCache, device: EmuDevice) -> None:
        super().__init__("cuda", cache, None, device)
        self.check = device.check

    def _module(self, node: Any) -> Any:
        hit = self._compiled.get(id(node))
        if hit is not None and hit[0] is node:
            return hit[1]
        compiled = emu_compile_nodes([node], self.cache, self.check)
        self._compiled[id(node)] = (node, compiled)
        return compiled


def emu_compile_nodes(nodes: list[Any], cache: KernelCache | None, check: bool,
                      rewrite: Callable[[str], str] | None = None) -> EmuCompiled:
    """One emulation library for the LoweredFuncs of ``nodes`` (deduplicated by name).  ``rewrite``
    edits the generated text before it is compiled (fault injection in tests)."""
    from pirc.cinn.codegen.common import functions_of

    fns: dict[str, Any] = {}
    for n in nodes:
        for f in functions_of(n)[1]:
            fns.setdefault(f.name, f)
    src = generate(Module("module", tuple(fns.values())), "cuda")
    if rewrite is not None:
        src = dataclasses.replace(src, text=rewrite(src.text))
    mod = compile_emu(src, cache=cache, check=check)
    return EmuCompiled(mod, {k.name: k.symbol for k in src.kernels})


def compile_program_emu(program: Program, *, cache: KernelCache | None = None, seed: int = 0,
                        check: bool = False, rewrite: Callable[[str], str] | None = None) -> Any:
    """Fuse, lower (CUDA schedule), generate one CUDA source, compile it for the emulation and
    install the jit_kernel hook; returns a :class:`pirc.cinn.compiler.CompiledProgram`."""
    from pirc.cinn.compiler import CompiledProgram, fuse
    from pirc.cinn.lower.host import GROUP_OPS, lower_to_kernels
    from pirc.runtime.compiled import register_compiled_kernel

    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    fuse(program)
    t1 = time.perf_counter()
    timings["fuse"] = t1 - t0
    lowered = lower_to_kernels(program, "cuda") if any(op.name in GROUP_OPS for op in program.walk()) else None
    t2 = time.perf_counter()
    timings["lower"] = t2 - t1
    cache = cache or default_cache()
    before = cache.stats.compiles
    n_kernels = sum(op.name == OP_NAME for op in program.walk())
    nodes = unique_kernel_nodes(program)
    factory = EmuFactory(cache, EmuDevice(seed=seed, check=check))
    if nodes:
        compiled = emu_compile_nodes(nodes, cache, check, rewrite)
        for node in nodes:
            factory._compiled[id(node)] = (node, compiled)
    timings["codegen+compile"] = time.perf_counter() - t2
    register_compiled_kernel(OP_NAME, factory, factory.kind)
    return CompiledProgram(program, factory, n_kernels, len(lowered.groups) if lowered else 0, timings,
                           cache.stats.compiles - before)


__all__ = ["EmuCompiled", "EmuFactory", "compile_program_emu", "emu_compile_nodes"]
