"""The CINN path in one process (PirCompiler): fuse, lower, generate, compile, ready to run.

:func:`compile_program` takes a pd_op program (or one already fused) and returns the host
program, in which every ``cinn_op.group`` has become ``cinn_runtime.jit_kernel`` ops, with every
kernel already compiled and loaded.  For host code (``target="c"``):

1. **inference passes, then fusion**: Paddle Inference's graph passes
   (:mod:`pirc.passes.inference`: identities, conv + batch_norm folding, constant folding, given
   the parameter values) and the build_cinn pipeline;
2. **compile once**: each group is looked up by its structural hash in the group index
   (:mod:`pirc.cinn.backend.group_index`) *before* it is lowered; a warm run lowers and
   generates nothing.  Structurally equal groups (an encoder's twelve layers) are compiled once;
3. **cold groups in parallel**: the missing groups are lowered, generated, compiled and recorded
   in forked worker processes, as many as the thread policy's free cores (lowering is pure
   Python; threads would serialise on the GIL), or in this process when one core is free;
4. every kernel is handed to the jit_kernel instruction factory ready to call, so the
   interpreter's Build phase parses no ``.ast`` text.

``timings`` names each stage (``pirc-run --profile`` prints them, apart from the run).  Device
code (``target="cuda"``) lowers every group and goes through the source-keyed kernel cache.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pirc.cinn.backend.build import build_many
from pirc.cinn.backend.cache import KernelCache, default_cache
from pirc.cinn.backend.jit_kernel import (
    FN_NAME,
    GROUP,
    KERNEL_AST,
    OP_NAME,
    SYMBOL_ARGS,
    JitKernelFactory,
    install,
    symbol_sources,
    unique_kernel_nodes,
)
from pirc.cinn.lower.host import GROUP_OPS, lower_to_kernels
from pirc.ir.program import Program
from pirc.runtime.threads import free_cores


@dataclass
class CompiledProgram:
    host: Program
    factory: JitKernelFactory
    kernels: int
    groups: int
    timings: dict[str, float] = field(default_factory=dict)
    compiled: int = 0  # modules actually compiled (0 on a warm cache)


def fuse(program: Program, params: Mapping[str, Any] | None = None) -> None:
    """Run the inference graph passes and the build_cinn pipeline unless the program already has
    groups.  ``params``: parameter values by name, for the passes that fold parameters."""
    if any(op.name in GROUP_OPS or op.name == OP_NAME for op in program.walk()):
        return
    import pirc.passes.all  # noqa: F401
    from pirc.passes.manager import PassManager, parse_pipeline

    for name, value in (params or {}).items():
        p = program.parameters.get(name)
        if p is not None and p.value is None:
            p.value = value
    pin_results(program)
    PassManager(parse_pipeline("inference,build_cinn")).run(program)


def pin_results(program: Program) -> None:
    """A program without fetch ops returns its unused top-level values (by printed name, see
    pirc.runtime.build.unused_results); the passes would erase them as dead code.  Each gets a
    ``builtin.shadow_output`` named as the interpreter names it, so both backends return the
    same values."""
    from pirc.cinn.lower.host import program_value_names
    from pirc.ir.core import Operation
    from pirc.runtime.build import unused_results

    block = program.block
    if any(op.name == "pd_op.fetch" for op in block.ops):
        return
    unused = [(op, r) for op in list(block.ops) for r in unused_results(op)]
    if not unused:
        return
    names = program_value_names(program)
    for op, r in reversed(unused):
        block.insert_after(Operation.create("builtin.shadow_output", [r], [], {"output_name": names[r]}), op)


def compile_program(program: Program, target: str = "c", *, cache: KernelCache | None = None,
                    arch: str | None = None, progress: bool | None = None,
                    params: Mapping[str, Any] | None = None) -> CompiledProgram:
    """Fuse, lower and compile ``program`` in place; install the jit_kernel runtime hook.

    Host code (``target="c"``) compiles once: each group is looked up by its structural hash
    (:mod:`pirc.cinn.backend.group_index`) before lowering; only the groups not found are
    lowered, generated and compiled (the C compiler in parallel), and recorded."""
    if target != "c":
        return _compile_device(program, target, cache=cache, arch=arch, progress=progress, params=params)
    from pirc.cinn.ast.nodes import Module
    from pirc.cinn.backend import group_index as gi
    from pirc.cinn.backend.compile_c import c_flags, cc_identity, find_cc
    from pirc.cinn.lower.host import LoweredProgram, find_groups, program_value_names, replace_groups
    from pirc.cinn.lower.op_lower import OpLower, captured_values
    from pirc.cinn.tune.log import tuning_suffix

    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    fuse(program, params)
    t1 = time.perf_counter()
    timings["fuse"] = t1 - t0
    cache = cache or default_cache()
    before = cache.stats.compiles
    cc = find_cc()
    toolchain = cc_identity(cc) + " " + " ".join(c_flags(cc))
    groups = find_groups(program)
    keys: list[str] = []
    records: list[gi.GroupRecord | None] = []
    for g in groups:
        ins = captured_values(g.regions[0].block)
        key = gi.group_key(g, ins, target, toolchain + tuning_suffix(g, ins, target))  # tuned: another kernel
        keys.append(key)
        records.append(gi.load(cache, key))
    t2 = time.perf_counter()
    timings["lookup"] = t2 - t1
    factory = install(target, cache, arch)
    misses = [i for i, r in enumerate(records) if r is None]
    first: dict[str, int] = {}
    for i in misses:  # structurally equal groups (a model's repeated blocks) compile once
        first.setdefault(keys[i], i)
    repeats = [i for i in misses if first[keys[i]] != i]
    misses = sorted(first.values())
    kernels = 0
    elsewhere = 0  # compilations done by worker processes
    workers = min(free_cores()[0], len(misses) // 2)
    if workers > 1:
        names = program_value_names(program)
        done, elsewhere = _precompile_in_processes(groups, misses, keys, names, cache, workers)
        for i in done:
            records[i] = gi.load(cache, keys[i])
        misses = [i for i in misses if records[i] is None]
        timings[f"lower+codegen+compile ({workers} processes)"] = time.perf_counter() - t2
        t2 = time.perf_counter()
    if misses:
        from pirc.progress import progress as progress_bar

        ol = OpLower(target, value_names=program_value_names(program))
        lowered = []
        with progress_bar("lowering groups", len(misses), show=False if progress is False else None) as advance:
            for i in misses:
                lowered.append(ol.lower(groups[i], i))
                advance(1)
        t3 = time.perf_counter()
        timings["lower"] = t3 - t2
        funcs = [k.func for lg in lowered for k in lg.kernels]
        modules = build_many(funcs, target, cache=cache, arch=arch, progress=progress)
        timings["codegen+compile"] = time.perf_counter() - t3
        new_ops = replace_groups(LoweredProgram(Module("module", tuple(funcs)), lowered))
        pos = 0
        for i, lg in zip(misses, lowered, strict=True):
            mods = modules[pos:pos + len(lg.kernels)]
            for k, op, mod in zip(lg.kernels, new_ops[pos:pos + len(lg.kernels)], mods, strict=True):
                factory.preload(op, mod.kernel(k.func.name), symbol_sources(op, k.func))
            pos += len(lg.kernels)
            rec = _make_record(lg, mods)
            if rec is not None:
                gi.save(cache, keys[i], rec)
        kernels += len(new_ops)
    t4 = time.perf_counter()
    for i in repeats:
        records[i] = gi.load(cache, keys[i])
        if records[i] is None:  # its twin was not recordable
            n_alone = _lower_alone(program, groups[i], i, target, cache, arch, factory)
            kernels += n_alone
    libraries: dict[str, Any] = {}
    for i, rec in enumerate(records):
        if rec is None:
            continue
        for op, k in zip(_replace_from_record(groups[i], rec, i), rec.kernels, strict=True):
            lib = libraries.get(k.library)
            if lib is None:
                path = cache.lookup(k.library, ".so")
                assert path is not None  # gi.load checked it
                lib = libraries[k.library] = (str(path), [])
            meta = gi.meta_from_json(k.meta)
            factory.preload(op, _host_kernel(lib, meta), k.sources)
            kernels += 1
    timings["load"] = time.perf_counter() - t4
    _erase_dead_constants(program)
    return CompiledProgram(program, factory, kernels, len(groups), timings,
                           cache.stats.compiles - before + elsewhere)


#: constant ops a fused group may have taken the place of every reader of (its kernel holds the values)
_CONSTANTS = frozenset({"pd_op.full", "pd_op.full_int_array", "pd_op.assign_value"})


def _erase_dead_constants(program: Program) -> None:
    """Erase the top-level constants nothing reads any more, so that the compiled program has no
    unused value the original did not (a program without fetch ops returns its unused values)."""
    for op in reversed(list(program.block.ops)):
        if op.name in _CONSTANTS and all(r.first_use is None for r in op.results):
            op.erase()


def _lower_alone(program: Program, group: Any, index: int, target: str, cache: Any, arch: str | None,
                 factory: Any) -> int:
    """Lower, compile and install one group without the index; returns its kernel count."""
    from pirc.cinn.ast.nodes import Module
    from pirc.cinn.lower.host import LoweredProgram, program_value_names, replace_groups
    from pirc.cinn.lower.op_lower import OpLower

    lg = OpLower(target, value_names=program_value_names(program)).lower(group, index)
    funcs = [k.func for k in lg.kernels]
    mods = build_many(funcs, target, cache=cache, arch=arch, progress=False)
    ops = replace_groups(LoweredProgram(Module("module", tuple(funcs)), [lg]))
    for k, op, mod in zip(lg.kernels, ops, mods, strict=True):
        factory.preload(op, mod.kernel(k.func.name), symbol_sources(op, k.func))
    return len(ops)


def _make_record(lg: Any, modules: Sequence[Any]) -> Any:
    """The group-index record of a lowered group and its compiled modules (None: not recordable)."""
    from pirc.cinn.ast.printer import print_ast
    from pirc.cinn.backend import group_index as gi

    recs = []
    for k, mod in zip(lg.kernels, modules, strict=True):
        try:
            meta = gi.meta_to_json(mod.source.kernel(k.func.name))
        except gi.Unrecordable:
            return None
        sources = {k.func.args[a].name: (o, ax) for a, o, ax in k.symbol_args}
        recs.append(gi.KernelRecord(k.func.name, print_ast(k.func), list(k.inputs), list(k.outputs),
                                    [x for t in k.symbol_args for x in t], sources, mod.artifact.stem, meta))
    return gi.GroupRecord(recs, {n: (list(dims), str(dt)) for n, (dims, dt) in lg.temps.items()})


#: what forked compile workers read (set just before the fork; a fork copies it)
_FORK: dict[str, Any] = {}


def _precompile_in_processes(groups: list[Any], misses: list[int], keys: list[str], names: Any, cache: Any,
                             workers: int) -> tuple[list[int], int]:
    """Lower, generate, compile and record the missing groups in ``workers`` forked processes
    (lowering is pure Python: threads would serialise on the GIL).  Returns (the groups recorded,
    compilations).  A group a worker could not record is compiled again in this process, which
    reports its errors."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    _FORK.update(groups=groups, keys=keys, names=names, cache=cache)
    from pirc.progress import progress

    chunks = [c for c in (misses[j::workers * 2] for j in range(workers * 2)) if c]
    done: list[int] = []
    compiled = 0
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool, \
                progress(f"lowering and compiling groups ({workers} processes)", len(misses), min_total=1) as advance:
            for chunk, (d, n) in zip(chunks, pool.map(_precompile_worker, chunks)):
                done += d
                compiled += n
                advance(len(chunk))
    except Exception:  # noqa: BLE001  - no processes here: everything compiles in this one
        return [], 0
    finally:
        _FORK.clear()
    return done, compiled


def _precompile_worker(idxs: list[int]) -> tuple[list[int], int]:
    from pirc.cinn.backend import group_index as gi
    from pirc.cinn.lower.op_lower import OpLower

    st = _FORK
    ol = OpLower("c", value_names=st["names"])
    done, compiled = [], 0
    for i in idxs:
        try:
            lg = ol.lower(st["groups"][i], i)
            mods = build_many([k.func for k in lg.kernels], "c", cache=st["cache"], workers=1, progress=False)
            compiled += sum(1 for m in mods if m.compiled)
            rec = _make_record(lg, mods)
            if rec is not None:
                gi.save(st["cache"], st["keys"][i], rec)
                done.append(i)
        except Exception:  # noqa: BLE001,S112  - redone in the parent, which reports it
            continue
    return done, compiled


def _host_kernel(lib: tuple[str, list[Any]], meta: Any) -> Any:
    from pirc.cinn.backend.module import CModule

    return CModule(lib[0], [meta]).kernel(meta.symbol)


def _replace_from_record(g: Any, rec: Any, index: int) -> list[Any]:
    """Replace group ``g`` by the jit_kernel ops its record describes (as
    :func:`pirc.cinn.lower.host.replace_groups` does for a lowered group)."""
    from pirc.cinn.lower.host import _temp_type
    from pirc.cinn.lower.op_lower import captured_values
    from pirc.ir.core import Operation

    env: dict[tuple, Any] = {("in", k): v for k, v in enumerate(captured_values(g.regions[0].block))}
    ops = []
    for k in rec.kernels:
        operands = [env[r] for r in k.inputs]
        rtypes = [g.results[r[1]].type if r[0] == "out" else _temp_type(*rec.temps[r[1]]) for r in k.outputs]
        attrs: dict[str, Any] = {FN_NAME: k.fn_name, GROUP: f"group_{index}", KERNEL_AST: k.kernel_ast}
        if k.symbol_args:
            attrs[SYMBOL_ARGS] = list(k.symbol_args)
        op = Operation.create(OP_NAME, operands, rtypes, attrs, loc=g.loc)
        g.parent.insert_before(op, g)
        env.update(zip(k.outputs, op.results))
        ops.append(op)
    for i, r in enumerate(g.results):
        r.replace_all_uses_with(env[("out", i)])
    g.erase()
    return ops


def _compile_device(program: Program, target: str, *, cache: KernelCache | None, arch: str | None,
                    progress: bool | None, params: Mapping[str, Any] | None) -> CompiledProgram:
    """Device code: lower every group, generate and compile through the source-keyed cache."""
    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    fuse(program, params)
    t1 = time.perf_counter()
    timings["fuse"] = t1 - t0
    lowered = lower_to_kernels(program, target) if any(op.name in GROUP_OPS for op in program.walk()) else None
    t2 = time.perf_counter()
    timings["lower"] = t2 - t1
    cache = cache or default_cache()
    before = cache.stats.compiles
    n_kernels = sum(op.name == OP_NAME for op in program.walk())
    nodes = unique_kernel_nodes(program)
    modules = build_many(nodes, target, cache=cache, arch=arch, progress=progress)
    timings["codegen+compile"] = time.perf_counter() - t2
    factory = install(target, cache, arch)
    for node, mod in zip(nodes, modules, strict=True):
        factory._compiled[id(node)] = (node, mod)  # the Build phase finds every kernel ready
    after = cache.stats.compiles
    return CompiledProgram(program, factory, n_kernels, len(lowered.groups) if lowered else 0, timings, after - before)
