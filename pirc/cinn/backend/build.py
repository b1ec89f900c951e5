"""Generate, compile (through the cache) and load: the one-call API.

    from pirc.cinn.backend import build
    mod = build(fn_or_module, target="c")          # CodeGenC -> cc -> .so -> ctypes
    (y,) = mod["fn_exp_add"](x)                    # by LoweredFunc name or symbol

    mod = build(module, target="cuda", arch="sm_90")   # CodeGenCUDA_Dev -> NVRTC -> cubin
    mod.image                                           # no GPU needed so far
    (y,) = mod["fn_exp_add"](x)                         # launching needs a GPU

:func:`build_many` compiles several modules at once (one task per module, as
PirCompiler makes one compilation task per group) on a thread pool; the C
compiler runs as a subprocess, so the threads really run in parallel, under the
transient progress bar of :mod:`pirc.progress` (on a terminal only).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pirc.cinn.ast.nodes import LoweredFunc, Module
from pirc.cinn.backend.cache import KernelCache, cache_key, default_cache
from pirc.cinn.backend.compile_c import c_flags, cc_identity, compile_c, find_cc
from pirc.cinn.backend.module import CINNKernelInfo, CModule, CUDAModule, DeviceKernel, HostKernel
from pirc.cinn.backend.nvrtc import compile_cuda, default_arch, nvrtc_identity, nvrtc_options, parse_arch
from pirc.cinn.codegen.common import CODEGEN_VERSION, GeneratedSource, KernelMeta


Node = Module | LoweredFunc | Sequence[LoweredFunc]


def generate(node: Node, target: str = "c") -> GeneratedSource:
    """CodeGenC (``target="c"``) or CodeGenCUDA_Dev (``"cuda"``)."""
    if target == "c":
        from pirc.cinn.codegen.c import codegen_c

        return codegen_c(node)
    if target == "cuda":
        from pirc.cinn.codegen.cuda import codegen_cuda

        return codegen_cuda(node)
    raise ValueError(f"unknown target '{target}' (c or cuda)")


@dataclass
class CompiledModule:
    """A generated source, its compiled artifact and (lazily) the loaded module."""

    source: GeneratedSource
    target: str
    artifact: Path  # the cached .so / .cubin / .ptx
    compiled: bool  # compiled by this call (False: from the cache)
    arch: str = ""
    kind: str = ""  # "so", "cubin" or "ptx"
    _loaded: Any = field(default=None, repr=False)

    @property
    def kernels(self) -> list[KernelMeta]:
        return self.source.kernels

    @property
    def image(self) -> bytes:
        return self.artifact.read_bytes()

    def module(self) -> CModule | CUDAModule:
        if self._loaded is None:
            if self.target == "c":
                self._loaded = CModule(str(self.artifact), self.kernels)
            else:
                self._loaded = CUDAModule(self.image, self.kind, self.kernels, self.arch)
        return self._loaded

    def info(self, name: str) -> CINNKernelInfo:
        meta = self.source.kernel(name)
        mod = self.module()
        if isinstance(mod, CModule):
            return mod.infos[meta.symbol]
        return mod.info(meta.symbol)

    def kernel(self, name: str) -> HostKernel | DeviceKernel:
        """By LoweredFunc name or exported symbol."""
        meta = self.source.kernel(name)
        return self.module().kernel(meta.symbol)

    __getitem__ = kernel


def _compile_source(src: GeneratedSource, cache: KernelCache, arch: str | None, cuda_kind: str,
                    source_name: str | None = None) -> CompiledModule:
    if src.target == "c":
        cc = find_cc()
        flags = c_flags(cc)
        key = cache_key(CODEGEN_VERSION, "so", cc_identity(cc), " ".join(flags), src.text)
        path, compiled = cache.get_or_build(
            key, ".so", lambda: compile_c(src.text, cc=cc, flags=flags, source_name=source_name or "kernels.c"),
            kind="so", info={"toolchain": cc_identity(cc), "flags": list(flags)},
            require=[m.symbol.encode() for m in src.kernels])
        return CompiledModule(src, "c", path, compiled, kind="so")
    arch = arch or default_arch()
    cc_num, sfx = parse_arch(arch)
    arch = f"sm_{cc_num}{sfx}"
    opts = nvrtc_options(arch, cuda_kind)
    key = cache_key(CODEGEN_VERSION, cuda_kind, nvrtc_identity(), " ".join(opts), src.text)
    path, compiled = cache.get_or_build(
        key, "." + cuda_kind,
        lambda: compile_cuda(src.text, arch=arch, kind=cuda_kind, options=opts,
                             source_name=source_name or "kernels.cu"),
        kind=cuda_kind, info={"toolchain": nvrtc_identity(), "flags": list(opts)},
        require=[m.symbol.encode() for m in src.kernels])
    return CompiledModule(src, "cuda", path, compiled, arch=arch, kind=cuda_kind)


def compile_generated(src: GeneratedSource, *, cache: KernelCache | None = None, arch: str | None = None,
                      cuda_kind: str = "cubin", source_name: str | None = None) -> CompiledModule:
    """Compile an already generated source (through the cache)."""
    return _compile_source(src, cache or default_cache(), arch, cuda_kind, source_name)


def build(node: Node | GeneratedSource, target: str = "c", *, cache: KernelCache | None = None,
          arch: str | None = None, cuda_kind: str = "cubin") -> CompiledModule:
    """Generate and compile one module; see the module docstring."""
    src = node if isinstance(node, GeneratedSource) else generate(node, target)
    return _compile_source(src, cache or default_cache(), arch, cuda_kind)


def build_many(nodes: Sequence[Node | GeneratedSource], target: str = "c", *, cache: KernelCache | None = None,
               arch: str | None = None, cuda_kind: str = "cubin", workers: int | None = None,
               progress: bool | None = None) -> list[CompiledModule]:
    """Build several modules in parallel (results in input order).  The first failure is raised
    after the other tasks finish."""
    cache = cache or default_cache()
    n = len(nodes)
    if n == 0:
        return []
    workers = workers or min(n, max(1, os.cpu_count() or 1))
    from pirc.progress import progress as progress_bar

    def task(x: Node | GeneratedSource) -> CompiledModule:
        src = x if isinstance(x, GeneratedSource) else generate(x, target)
        return _compile_source(src, cache, arch, cuda_kind)

    results: list[Any] = [None] * n
    errors: list[tuple[int, BaseException]] = []
    with progress_bar(f"compiling {'CUDA' if target == 'cuda' else 'C'} kernels", n, min_total=1,
                      show=progress) as advance, ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(task, x): i for i, x in enumerate(nodes)}
        from concurrent.futures import as_completed

        for fut in as_completed(futures):
            i = futures[fut]
            try:
                results[i] = fut.result()
            except BaseException as e:  # noqa: BLE001
                errors.append((i, e))
            advance(1)
    if errors:
        errors.sort(key=lambda x: x[0])
        raise errors[0][1]
    return results


__all__ = ["CompiledModule", "build", "build_many", "compile_generated", "generate"]
