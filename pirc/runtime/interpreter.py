"""PirInterpreter: the Build phase (instructions, dependency DAG, reference
counts), cached across runs, and the entry points of the Scheduling phase.

Build (once per block, on the first run):

1. **BuildInstruction** -- walk the block; every value gets a *slot* (an index
   into a flat list of variables).  Ops that only rename values become
   aliasing (``builtin.parameter``, ``pd_op.data``/``feed`` bind slots before
   a run; ``pd_op.fetch``, ``pd_op.shadow_feed``, ``builtin.shadow_output``,
   and ``builtin.combine``/``slice``/``split`` with known operands share
   slots); other ops become :class:`~pirc.runtime.instruction.Instruction`\\ s
   (host kernels, compiled kernels, control flow with cached
   sub-interpreters, trivial slot moves).  Operand slots, result slots and the
   decoded attributes are fixed here.
2. **Variables and storages** (Paddle's semantics, asked of the effects model
   :mod:`pirc.ir.effects`) -- an in-place result is its operand's *variable*
   (a later reader of either sees the write); so are the elements of a vector,
   and a control-flow result with what its regions yield (a captured value, a
   loop input, another result).  A view result is a copy: it shares its
   operand's *storage* only where :func:`~pirc.runtime.aliasing.decide_links` proves that no
   in-place write to one side happens while the other is still read (else its
   kernel's result is materialised); the same holds for a region result that
   only shares storage with what it came from.  Two union-finds over slots give
   the variables and the storages; the DAG, GC and memory accounting work on
   storages, write-backs on variables.
3. **Constants** -- ``pd_op.full``/``full_int_array``/``assign_value`` with no
   operands are evaluated once here (unless something writes them in place).
4. **BuildInstructionDependences** -- :mod:`pirc.runtime.dependency`.
5. **Reference counts** -- :mod:`pirc.runtime.gc`.
6. **Run closures** -- one specialised closure per instruction; inplace
   results that other aliases read later are written back into the operand's
   storage.

Scheduling: :mod:`pirc.runtime.scheduler`.  The top-level interpreter binds
parameters and feeds (checked against the program), runs, and returns the
results; a sub-interpreter (a region of ``pd_op.if``/``pd_op.while``) gets its
captured values and block arguments from the control-flow instruction and
returns what its ``cf.yield`` yields.

Where: :mod:`pirc.runtime.build` walks the block (step 1, with the slots of
:mod:`pirc.runtime.slots`), :mod:`pirc.runtime.assemble` does steps 2-6; this
module checks that every op can run, drives the Build and runs.
"""

from __future__ import annotations

import gc as _pygc
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from pirc.ir.core import Block, Operation, Value
from pirc.runtime.assemble import assemble
from pirc.runtime.build import CONSTANT_OPS, GROUP_OPS, BlockBuilder, YieldAlias, captured_values
from pirc.runtime.compiled import COMPILED_OPS, compiled_factory
from pirc.runtime.dependency import Dag
from pirc.runtime.errors import MissingKernelError
from pirc.runtime.feeds import InputSpec, check_array, check_feed_names, missing_parameter, non_persistable_default
from pirc.runtime.instruction import Instruction
from pirc.runtime.memory import nbytes
from pirc.runtime.scheduler import RunContext, Schedule, run_parallel, run_serial


_ALIAS_OR_BOUND = frozenset({
    "builtin.parameter", "pd_op.data", "pd_op.feed", "pd_op.fetch", "pd_op.shadow_feed", "builtin.shadow_output",
    "builtin.combine", "builtin.slice", "builtin.split", "cf.yield", "pd_op.if", "pd_op.while",
    "builtin.set_parameter", "cinn_op.group", "cinn_op.fusion",
})


def check_kernels(block: Block) -> None:
    """Fail before building anything when some op (at any depth) cannot be executed;
    the error names every such op kind, located at the first one."""
    missing: dict[str, Operation] = {}
    compiled: Operation | None = None
    for op in block.walk():
        n = op.name
        if n in _ALIAS_OR_BOUND:
            continue
        if n in COMPILED_OPS or compiled_factory(n) is not None:
            if compiled_factory(n) is None and compiled is None:
                compiled = op
            continue
        opdef = op.info.opdef
        if (opdef is None or opdef.kernel is None) and n not in missing:
            missing[n] = op
    if missing:
        first = next(iter(missing.values()))
        names = ", ".join(f"'{n}'" for n in missing)
        what = "is not an op pirc knows" if not first.info.registered else "has no kernel"
        msg = f"'{first.name}' op {what}: pirc cannot run it yet"
        err = MissingKernelError(first.name, msg, first.loc)
        for n, op in list(missing.items())[1:]:
            err.diagnostics[0].note(f"'{n}' cannot run either", op.loc)
        err.op_names = list(missing)
        if len(missing) > 1:
            err.diagnostics[0].message += f" (ops without kernels: {names})"
        raise err
    if compiled is not None:
        raise MissingKernelError(
            compiled.name, f"'{compiled.name}' op is a compiled kernel and no kernels are loaded for it: "
                           "pass the file pirc-lower wrote with --kernels FILE (.ast, .c, .so), or run the "
                           "program before lowering with --backend cinn", compiled.loc)


class PirInterpreter:
    """Executes one block.  The top-level interpreter (``externals == ()`` and no
    ``cf.yield``) returns the program's results; a region's interpreter returns
    its yields."""

    def __init__(self, block: Block, *, externals: Sequence[Value] = (), gc: bool = True, depth: int = 0,
                 name: str = "default", streams: int = 1) -> None:
        self.block = block
        self.max_streams = streams
        self.streams: Any = None  # the StreamRuntime when device instructions exist
        self.externals = list(externals)
        self.gc = gc
        self.depth = depth
        self.name = name
        self.built = False
        self.build_count = 0

    # ------------------------------------------------------------------------------------------
    # Build
    # ------------------------------------------------------------------------------------------

    def build(self) -> None:
        if self.built:
            return
        # the Build phase makes many small objects and no garbage cycles: Python's
        # cyclic collector would only rescan the whole IR again and again
        collect = _pygc.isenabled() and self.depth == 0
        if collect:
            _pygc.disable()
        try:
            if self.depth == 0:
                check_kernels(self.block)
            builder = BlockBuilder(self)
            builder.build()
            assemble(builder)
        finally:
            if collect:
                _pygc.enable()
        self.built = True
        self.build_count += 1

    # attributes set by assemble() (declared here for readers and type checkers)
    nslots: int
    slot_of: dict[Value, int]
    storage_of_slot: list[int]
    sched: Schedule
    dag: Dag
    instructions: list[Instruction]
    param_binds: list[tuple[InputSpec, int]]
    feed_binds: list[tuple[InputSpec, int, bool]]
    all_feed_specs: list[InputSpec]
    const_binds: list[tuple[int, np.ndarray]]
    outputs: list[tuple[str, int, bool]]
    output_slots: list[int]
    dead_at_start: tuple[int, ...]
    arg_storage_slots: list[tuple[int, int]]
    cf_objs: list[Any]
    ext_written: frozenset[int]
    args_written: frozenset[int]
    ext_reshaped: frozenset[int]
    args_reshaped: frozenset[int]
    yield_alias: list[YieldAlias]
    out_alias: list[tuple[int, int, bool]]
    is_region: bool
    scope_ref: dict[str, Any]
    _param_cache: list[Any]

    # ------------------------------------------------------------------------------------------
    # Run
    # ------------------------------------------------------------------------------------------

    def _bind_params(self, slots: list[Any], scope: Mapping[str, Any]) -> None:
        cache = self._param_cache
        for idx, (spec, k) in enumerate(self.param_binds):
            v = scope.get(spec.name)
            if v is None:
                v = non_persistable_default(spec)
                if v is None:
                    raise missing_parameter(spec)
            if cache[idx] is not v:
                v = check_array(spec, v, "parameter")
                cache[idx] = v
            slots[k] = v

    def _bind_feeds(self, slots: list[Any], feeds: Mapping[str, Any]) -> None:
        for spec, k, copy in self.feed_binds:
            if spec.name not in feeds:
                check_feed_names([spec], {})
            v = check_array(spec, feeds[spec.name], "feed")
            slots[k] = v.copy() if copy else v

    def _start(self, slots: list[Any], ctx: RunContext, sb: list[int]) -> None:
        for k, v in self.const_binds:
            slots[k] = v
        if self.param_binds:
            self._bind_params(slots, ctx.scope)
        if self.feed_binds:
            self._bind_feeds(slots, ctx.feeds)
        sslots = self.sched.storage_slots
        freed = 0
        for s in self.dead_at_start:  # bound values nobody reads (unused feeds, block arguments)
            for k in sslots[s]:
                slots[k] = None
            freed += sb[s]
            sb[s] = 0
        if freed:
            ctx.tracker.free(freed)
        for cf in self.cf_objs:
            cf.ctx = ctx
        self.scope_ref = ctx.scope

    def run_region(self, ext: Sequence[Any], args: list[Any] | None, ctx: RunContext,
                   owned_args: bool = False) -> list[Any]:
        """Run as a region: ``ext`` fills the captured values, ``args`` the block
        arguments (the list is emptied: the interpreter takes the references over).
        Returns the yielded values."""
        slots: list[Any] = [None] * self.nslots
        e = len(ext)
        slots[:e] = ext
        if args:
            slots[e:e + len(args)] = args
            args.clear()
        sb = [0] * self.sched.num_storages
        tr = ctx.tracker
        if owned_args and self.arg_storage_slots:
            n_total = 0
            for s, k in self.arg_storage_slots:
                n = nbytes(slots[k])
                sb[s] += n
                n_total += n
            tr.alloc(n_total)
        self._start(slots, ctx, sb)
        run_serial(self.sched, slots, ctx, sb)
        if self.streams is not None:
            self.streams.fence()
        outs = [slots[k] for k in self.output_slots]
        rest = sum(sb)
        if rest:
            tr.free(rest)
        return outs

    def run(self, feeds: Mapping[str, Any], ctx: RunContext, threads: int = 1,
            pool: ThreadPoolExecutor | None = None) -> dict[str, Any]:
        """Run as the top-level block: bind and check feeds and parameters, schedule,
        return the results by name."""
        self.build()
        check_feed_names(self.all_feed_specs, feeds)
        slots: list[Any] = [None] * self.nslots
        sb = [0] * self.sched.num_storages
        ctx.feeds = dict(feeds)
        self._start(slots, ctx, sb)
        if threads > 1 and pool is not None and self.sched.parallel:
            run_parallel(self.sched, slots, ctx, sb, pool)
        else:
            run_serial(self.sched, slots, ctx, sb)
        if self.streams is not None:  # results leave the device once every stream has finished
            from pirc.runtime.device import to_host

            self.streams.device.synchronize()
            for k in self.output_slots:
                slots[k] = to_host(slots[k])
        results: dict[str, Any] = {}
        for name, k, copy in self.outputs:
            v = slots[k]
            if type(v) is np.ndarray and (copy or not v.flags.writeable):
                v = v.copy()  # never hand out a cached constant
            results[name] = v
        rest = sum(sb)
        if rest:
            ctx.tracker.free(rest)
        if self.streams is not None:  # device arrays still held (gc off, unused results) go now
            slots.clear()
            self.streams.device.synchronize()
        return results

    # ------------------------------------------------------------------------------------------
    # introspection (tests, tools)
    # ------------------------------------------------------------------------------------------

    def instruction_of(self, op: Operation) -> Instruction | None:
        for ins in self.instructions:
            if ins.op is op:
                return ins
        return None

    def storage_of(self, v: Value) -> int:
        return self.storage_of_slot[self.slot_of[v]]

    def describe(self) -> str:
        lines = []
        for ins in self.instructions:
            lines.append(f"#{ins.id} {ins.name} [{ins.kind}] deps={ins.dep_count} "
                         f"same={list(ins.next_same)} diff={list(ins.next_diff)} free={list(ins.dec)}")
        return "\n".join(lines)


__all__ = ["CONSTANT_OPS", "GROUP_OPS", "PirInterpreter", "YieldAlias", "captured_values", "check_kernels"]
