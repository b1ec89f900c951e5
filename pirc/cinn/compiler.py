"""The CINN path in one process (PirCompiler): fuse, lower, generate, compile, ready to run.

:func:`compile_program` takes a pd_op program (or one already fused) and
returns the host program, in which every ``cinn_op.group`` has become
``cinn_runtime.jit_kernel`` ops, with every kernel already compiled: one
compilation task per group, in parallel, through the content-addressed kernel
cache (a warm run compiles nothing).  The interpreter then runs the host
program, launching compiled kernels for the groups and its own kernels for
everything else.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from pirc.cinn.backend.build import build_many
from pirc.cinn.backend.cache import KernelCache, default_cache
from pirc.cinn.backend.jit_kernel import OP_NAME, JitKernelFactory, install, kernel_node
from pirc.cinn.lower.host import GROUP_OPS, lower_to_kernels
from pirc.ir.program import Program


@dataclass
class CompiledProgram:
    host: Program
    factory: JitKernelFactory
    kernels: int
    groups: int
    timings: dict[str, float] = field(default_factory=dict)
    compiled: int = 0  # modules actually compiled (0 on a warm cache)


def fuse(program: Program) -> None:
    """Run the build_cinn pipeline unless the program already has groups."""
    if any(op.name in GROUP_OPS or op.name == OP_NAME for op in program.walk()):
        return
    import pirc.passes.all  # noqa: F401
    from pirc.passes.manager import PassManager, parse_pipeline

    PassManager(parse_pipeline("build_cinn")).run(program)


def compile_program(program: Program, target: str = "c", *, cache: KernelCache | None = None,
                    arch: str | None = None, progress: bool | None = None) -> CompiledProgram:
    """Fuse, lower and compile ``program`` in place; install the jit_kernel runtime hook."""
    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    fuse(program)
    t1 = time.perf_counter()
    timings["fuse"] = t1 - t0
    lowered = lower_to_kernels(program, target) if any(op.name in GROUP_OPS for op in program.walk()) else None
    t2 = time.perf_counter()
    timings["lower"] = t2 - t1
    cache = cache or default_cache()
    before = cache.stats.compiles
    ops = [op for op in program.walk() if op.name == OP_NAME]
    nodes: list[Any] = []
    seen: set[int] = set()
    for op in ops:
        node, _ = kernel_node(op)
        if id(node) not in seen:
            seen.add(id(node))
            nodes.append(node)
    modules = build_many(nodes, target, cache=cache, arch=arch, progress=progress)
    timings["codegen+compile"] = time.perf_counter() - t2
    factory = install(target, cache, arch)
    for node, mod in zip(nodes, modules, strict=True):
        factory._compiled[id(node)] = (node, mod)  # the Build phase finds every kernel ready
    after = cache.stats.compiles
    return CompiledProgram(program, factory, len(ops), len(lowered.groups) if lowered else 0, timings, after - before)
