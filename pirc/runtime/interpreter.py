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
   operand's *storage* only where :meth:`_Builder.decide_links` proves that no
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
"""

from __future__ import annotations

import gc as _pygc
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, NamedTuple

import numpy as np

from pirc.diagnostics import Diagnostic, PircError
from pirc.ir.core import Block, Operation, Region, Value
from pirc.ir.effects import PURE, op_effects
from pirc.ir.types import VectorType
from pirc.runtime.aliasing import decide_links
from pirc.runtime.compiled import COMPILED_OPS, compiled_factory
from pirc.runtime.control_flow import GroupInstruction, IfInstruction, WhileInstruction
from pirc.runtime.dependency import Access, Dag, build_dag
from pirc.runtime.errors import MissingKernelError
from pirc.runtime.feeds import InputSpec, check_array, check_feed_names, feed_spec, missing_parameter, param_spec
from pirc.runtime.gc import plan_gc
from pirc.runtime.instruction import (
    COMPILED,
    DEVICE,
    HOST,
    Instruction,
    VecOut,
    copying_kernel,
    make_combine_run,
    make_contiguous_run,
    make_kernel_run,
    make_set_parameter_run,
    make_unpack_run,
)
from pirc.runtime.memory import nbytes
from pirc.runtime.scheduler import RunContext, Schedule, run_parallel, run_serial

#: ops with no operands whose result is the same every run: evaluated once in Build
CONSTANT_OPS = frozenset({"pd_op.full", "pd_op.full_int_array", "pd_op.assign_value"})
#: fused groups: with --backend interp their regions run op by op
GROUP_OPS = frozenset({"cinn_op.group", "cinn_op.fusion"})
#: ops whose results are never "unused outputs" of a program without fetch ops
_NOT_OUTPUTS = frozenset({
    "pd_op.data", "pd_op.feed", "builtin.parameter", "pd_op.fetch", "builtin.shadow_output", "cf.yield",
    "builtin.set_parameter", "builtin.combine", "builtin.slice", "builtin.split", "pd_op.shadow_feed",
})
#: users of a builtin.combine result that need the list to exist as a value
_NEEDS_VEC_VALUE = frozenset({
    "pd_op.fetch", "builtin.shadow_output", "cf.yield", "pd_op.if", "pd_op.while", "builtin.set_parameter",
})


def _reshapes(op: Operation | None, ri: int, oi: int) -> bool:
    """Does the in-place result ``ri`` of ``op`` have another shape than operand ``oi`` (reshape_ ...)?"""
    if op is None or ri >= len(op.results) or oi >= len(op.operands) or op.operands[oi].value is None:
        return False
    a, b = op.results[ri].type, op.operands[oi].value.type  # type: ignore[union-attr]
    da, db = getattr(a, "dims", None), getattr(b, "dims", None)
    return da != db or (da is not None and -1 in da)


class YieldAlias(NamedTuple):
    """What a region's k-th yielded value is, in terms of the region's captured values (by
    position) and block arguments: the same variable (``ext`` / ``args``: a write to one is a
    write to the other), or only sharing storage (``ext_share`` / ``args_share``: a view, a copy
    in Paddle's semantics)."""

    ext: frozenset[int]
    args: frozenset[int]
    ext_share: frozenset[int]
    args_share: frozenset[int]


class _Node:
    """An instruction in the making (Build phase)."""

    __slots__ = (
        "cf",
        "const",
        "copy_results",
        "factory",
        "index",
        "inplace",
        "kind",
        "label",
        "name",
        "op",
        "reads",
        "reshapes",
        "results",
        "side_effect",
        "vec_out",
        "writes",
    )

    def __init__(self, op: Operation | None, name: str, kind: str = HOST) -> None:
        self.op = op
        self.name = name
        self.label = name  # what profiles show
        self.kind = kind
        self.reads: list[int] = []  # slots read
        self.results: list[int] = []  # slots defined
        self.writes: list[int] = []  # slots whose storage is written in place
        self.reshapes: list[int] = []  # of those, slots an in-place shape op (reshape_ ...) needs C-contiguous
        self.side_effect = False
        self.factory: Any = None  # (writebacks) -> run closure
        self.cf: Any = None
        self.const = False
        self.inplace: list[tuple[int, int, int]] = []  # (result index, operand index, operand slot)
        self.index = -1  # instruction index once numbered
        self.vec_out: VecOut | None = None  # the vec[...] result of a kernel returning a flat list
        self.copy_results: list[int] = []  # result indices materialised (a view that may not share)


def _flat(spec: Any, out: list[int]) -> list[int]:
    if type(spec) is int:
        out.append(spec)
    elif spec is not None:
        for x in spec:
            _flat(x, out)
    return out


def _device_of(instrs: Sequence[Instruction]) -> Any:
    """The Device the device instructions run on (their factory's), or None."""
    for ins in instrs:
        if ins.kind == DEVICE and ins.op is not None:
            fk = compiled_factory(ins.op.name)
            dev = getattr(fk[0], "device", None) if fk is not None else None
            if dev is not None:
                return dev
    return None


def captured_values(region: Region) -> list[Value]:
    """Values used inside ``region`` (at any depth) but defined outside it, in first-use order."""
    defined: set[Value] = set()
    ops: list[Operation] = []

    def walk(block: Block) -> None:
        defined.update(block.args)
        for op in block.ops:
            ops.append(op)
            defined.update(op.results)
            for r in op.regions:
                for b in r.blocks:
                    walk(b)

    for b in region.blocks:
        walk(b)
    used: dict[Value, None] = {}
    for op in ops:
        for o in op.operands:
            v = o.value
            if v is not None and v not in defined:
                used.setdefault(v, None)
    return list(used)


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
            _Builder(self).build()
        finally:
            if collect:
                _pygc.enable()
        self.built = True
        self.build_count += 1

    # attributes set by _Builder (declared here for readers and type checkers)
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


class _Builder:
    """The Build phase of one PirInterpreter."""

    def __init__(self, interp: PirInterpreter) -> None:
        self.it = interp
        self.slot_of: dict[Value, int] = {}
        self.slot_value: list[Value | None] = []
        self.def_node: list[int] = []  # slot -> node position; -1 bound before the run
        self.uf: list[int] = []  # physical storages (what shares memory)
        self.vf: list[int] = []  # variables (what an in-place write changes: Paddle's semantics)
        #: may-share links decided in finish(): (node position, slot, slots it may share with, on_copy)
        self.links: list[tuple[int, int, list[int], Any]] = []
        self.canon: dict[Value, Value] = {}
        self.combines: dict[Value, list[Value | None]] = {}
        self.nodes: list[_Node] = []
        self.params: list[tuple[InputSpec, int]] = []
        self.feeds: list[tuple[InputSpec, int]] = []
        self.bound: list[int] = []
        self.fetches: list[tuple[int, int, str, Value]] = []
        self.out_order: list[tuple[str | None, Value]] = []
        self.yields: list[Value | None] | None = None
        self.const_slots: list[int] = []
        self.is_region = bool(interp.externals) or (interp.block.parent_op is not None
                                                    and interp.block.parent_op.name != "builtin.module")

    # -- slots and storages -------------------------------------------------------------------
    def new_slot(self, v: Value | None, node: int) -> int:
        k = len(self.slot_value)
        if v is not None:
            self.slot_of[v] = k
        self.slot_value.append(v)
        self.def_node.append(node)
        self.uf.append(k)
        self.vf.append(k)
        return k

    def find(self, k: int) -> int:
        uf = self.uf
        while uf[k] != k:
            uf[k] = uf[uf[k]]
            k = uf[k]
        return k

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            if ra < rb:
                self.uf[rb] = ra
            else:
                self.uf[ra] = rb

    def vfind(self, k: int) -> int:
        vf = self.vf
        while vf[k] != k:
            vf[k] = vf[vf[k]]
            k = vf[k]
        return k

    def same_var(self, a: int, b: int) -> None:
        """``a`` and ``b`` are one variable (an in-place result, a vector's element): they also share storage."""
        ra, rb = self.vfind(a), self.vfind(b)
        if ra != rb:
            if ra < rb:
                self.vf[rb] = ra
            else:
                self.vf[ra] = rb
        self.union(a, b)

    def C(self, v: Value) -> Value:
        canon = self.canon
        w = canon.get(v)
        while w is not None:
            v = w
            w = canon.get(v)
        return v

    def spec(self, v: Value | None, op: Operation) -> Any:
        if v is None:
            return None
        v = self.C(v)
        elems = self.combines.get(v)
        if elems is not None:
            return [self.spec(e, op) for e in elems]
        k = self.slot_of.get(v)
        if k is None:
            raise PircError(Diagnostic(
                "error", f"'{op.name}' op uses a value the interpreter cannot see (is the program verified?)", op.loc))
        return k

    def slot(self, v: Value, op: Operation) -> int:
        s = self.spec(v, op)
        if type(s) is not int:
            raise PircError(Diagnostic("error", f"'{op.name}' op expects a tensor operand, got a vector", op.loc))
        return s

    def add_node(self, node: _Node) -> int:
        self.nodes.append(node)
        return len(self.nodes) - 1

    # -- the walk ---------------------------------------------------------------------------------
    def build(self) -> None:
        it = self.it
        for v in it.externals:
            self.bound.append(self.new_slot(v, -1))
        self.arg_slots = [self.new_slot(a, -1) for a in it.block.args]
        self.bound.extend(self.arg_slots)
        for op in it.block.ops:
            self.visit(op)
        self.finish()

    def visit(self, op: Operation) -> None:
        n = op.name
        if n == "builtin.parameter":
            k = self.new_slot(op.results[0], -1)
            self.params.append((param_spec(op), k))
            self.bound.append(k)
        elif n in ("pd_op.data", "pd_op.feed"):
            k = self.new_slot(op.results[0], -1)
            self.feeds.append((feed_spec(op), k))
            self.bound.append(k)
        elif n == "pd_op.fetch":
            src = op.operand(0)
            if op.results:
                self.canon[op.results[0]] = src  # type: ignore[assignment]
            n_before = len(self.fetches)
            col = op.attr("col")
            name = op.attr("name")
            self.fetches.append((col if isinstance(col, int) else n_before, n_before,
                                 name if isinstance(name, str) else f"fetch_{n_before}", src))  # type: ignore[arg-type]
        elif n == "pd_op.shadow_feed":
            self.canon[op.results[0]] = op.operand(0)  # type: ignore[assignment]
        elif n == "builtin.shadow_output":
            self.spec(op.operand(0), op)
            self.out_order.append((str(op.attr("output_name")), op.operand(0)))  # type: ignore[arg-type]
        elif n == "builtin.combine":
            self.visit_combine(op)
        elif n in ("builtin.slice", "builtin.split"):
            self.visit_unpack(op)
        elif n == "cf.yield":
            self.yields = [o.value for o in op.operands]
            for v in self.yields:
                self.spec(v, op)
        elif n == "pd_op.if":
            self.visit_if(op)
        elif n == "pd_op.while":
            self.visit_while(op)
        elif n in GROUP_OPS:
            self.visit_group(op)
        elif n == "builtin.set_parameter":
            self.visit_set_parameter(op)
        elif n in COMPILED_OPS or compiled_factory(n) is not None:
            self.visit_compiled(op)
        else:
            self.visit_kernel(op)
        if n not in _NOT_OUTPUTS and op.parent is self.it.block:
            for r in op.results:
                if r.first_use is None and not isinstance(r.type, VectorType):
                    self.out_order.append((None, r))

    def visit_combine(self, op: Operation) -> None:
        res = op.results[0]
        elems = [o.value for o in op.operands]
        self.combines[res] = elems
        need = False
        for u in res.uses():
            owner = u.owner
            if owner.parent is not self.it.block or owner.name in _NEEDS_VEC_VALUE:
                need = True
                break
        if not need:
            return
        node = _Node(op, "builtin.combine")
        args = [self.spec(e, op) for e in elems]
        node.reads = _flat(args, [])
        idx = self.add_node(node)
        # the materialised list is a value of its own (slot), sharing the elements' storage
        del self.combines[res]
        k = self.new_slot(res, idx)
        node.results = [k]
        for r in node.reads:
            self.same_var(k, r)
        node.factory = lambda wb, rb, args=args, k=k: make_combine_run(args, k)

    def visit_unpack(self, op: Operation) -> None:
        src = self.C(op.operand(0))  # type: ignore[arg-type]
        if op.name == "builtin.slice":
            pairs = [(int(op.attr("index")), op.results[0])]
        else:
            pairs = list(enumerate(op.results))
        elems = self.combines.get(src)
        if elems is not None:
            for j, r in pairs:
                e = elems[j]
                if e is not None:
                    self.canon[r] = e
            return
        ksrc = self.slot(src, op)
        d = self.def_node[ksrc]
        prod = self.nodes[d] if d >= 0 else None
        vec_out = prod.vec_out if prod is not None else None
        if vec_out is not None and vec_out.vec_slot == ksrc:
            # the producing kernel writes the elements straight into their slots
            elems_list = list(vec_out.elems)
            for j, r in pairs:
                k = self.new_slot(r, d)
                prod.results.append(k)  # type: ignore[union-attr]
                self.same_var(k, ksrc)
                elems_list.append((j, k))
            vec_out.elems = tuple(elems_list)
            return
        node = _Node(op, op.name)
        node.reads = [ksrc]
        idx = self.add_node(node)
        out: list[tuple[int, int]] = []
        for j, r in pairs:
            k = self.new_slot(r, idx)
            self.same_var(k, ksrc)
            out.append((j, k))
        node.results = [k for _, k in out]
        node.factory = lambda wb, rb, ksrc=ksrc, out=out: make_unpack_run(ksrc, out)

    def visit_set_parameter(self, op: Operation) -> None:
        node = _Node(op, op.name)
        k = self.slot(op.operand(0), op)  # type: ignore[arg-type]
        node.reads = [k]
        node.side_effect = True
        name = str(op.attr("parameter_name"))
        it = self.it
        self.add_node(node)

        def scope() -> dict[str, Any]:
            return it.scope_ref

        node.factory = lambda wb, rb: make_set_parameter_run(k, name, scope)

    def _missing(self, op: Operation, what: str) -> MissingKernelError:
        return MissingKernelError(op.name, f"'{op.name}' op {what}", op.loc)

    def visit_kernel(self, op: Operation) -> None:
        opdef = op.info.opdef
        if opdef is None or opdef.kernel is None:
            if not op.info.registered:
                raise self._missing(op, "is not an op pirc knows: it cannot be run")
            raise self._missing(op, "has no kernel: pirc cannot run it yet")
        node = _Node(op, op.name, HOST)
        args = [self.spec(o.value, op) for o in op.operands]
        node.reads = _flat(args, [])
        node.side_effect = "side_effect" in opdef.traits
        node.const = op.name in CONSTANT_OPS and not op.operands
        idx = self.add_node(node)
        flat_vec = len(opdef.results) == 1 and opdef.results[0].endswith("[]")
        outs: list[Any] = []
        for r in op.results:
            k = self.new_slot(r, idx)
            node.results.append(k)
            outs.append(k)
        if flat_vec and outs:
            vo = VecOut(outs[0], ())
            node.vec_out = vo
            outs = [vo]
        eff = op_effects(op)
        if eff is not None and eff is not PURE:
            for ri, oi in eff.views:  # copy semantics; the storage is shared where finish() proves it safe
                if ri < len(node.results) and oi < len(args) and type(args[oi]) is int:
                    self.links.append((idx, node.results[ri], [args[oi]], (node, ri)))
            for ri, oi in eff.inplace:
                if ri < len(node.results) and oi < len(args) and type(args[oi]) is int:
                    self.same_var(node.results[ri], args[oi])
                    node.inplace.append((ri, oi, args[oi]))
                    if _reshapes(op, ri, oi):
                        node.reshapes.append(args[oi])
            for oi in eff.writes:
                if oi < len(args) and type(args[oi]) is int:
                    node.writes.append(args[oi])
        kernel = opdef.kernel
        attrs = op.attrs.values()

        def factory(wb: Any, rb: Any, node: _Node = node) -> Any:
            k = kernel if not node.copy_results else copying_kernel(kernel, node.copy_results)
            return make_kernel_run(k, attrs, args, outs, flat_vec, wb, rb)

        node.factory = factory

    def visit_compiled(self, op: Operation) -> None:
        fk = compiled_factory(op.name)
        if fk is None:
            raise self._missing(op, "is a compiled kernel: running compiled kernels (--backend cinn) is not "
                                    "implemented yet")
        factory, kind = fk
        node = _Node(op, op.name, COMPILED if kind == "compiled" else kind)
        args = [self.spec(o.value, op) for o in op.operands]
        node.reads = _flat(args, [])
        idx = self.add_node(node)
        outs = [self.new_slot(r, idx) for r in op.results]
        node.results = list(outs)
        fn = factory(op)
        node.label = getattr(fn, "label", op.name)  # a compiled kernel's own name, if its factory gives one

        def kernel(a: Sequence[Any], attrs: Mapping[str, Any]) -> Sequence[Any]:
            return fn(a)

        node.factory = lambda wb, rb: make_kernel_run(kernel, {}, args, outs, False, ())

    def _sub(self, region: Region) -> tuple[PirInterpreter, list[int]]:
        cap = captured_values(region)
        sub = PirInterpreter(region.block, externals=cap, gc=self.it.gc, depth=self.it.depth + 1,
                             name=f"{self.it.name}/{region.parent.name if region.parent else '?'}",
                             streams=self.it.max_streams)
        sub.build()
        ext_slots = [self.slot(v, region.parent) for v in cap]  # type: ignore[arg-type]
        return sub, ext_slots

    def visit_if(self, op: Operation) -> None:
        node = _Node(op, op.name, HOST)
        cond = self.slot(op.operand(0), op)  # type: ignore[arg-type]
        branches = [self._sub(r) for r in op.regions]
        node.reads = [cond] + [k for _, ext in branches for k in ext]
        for sub, ext in branches:
            node.writes.extend(ext[e] for e in sorted(sub.ext_written))
            node.reshapes.extend(ext[e] for e in sorted(sub.ext_reshaped))
        idx = self.add_node(node)
        outs = [self.new_slot(r, idx) for r in op.results]
        node.results = list(outs)
        cf = IfInstruction(op, cond, branches, outs)
        self._alias_yields(idx, cf, outs, [(sub.yield_alias, sub.out_alias, ext, ()) for sub, ext in branches])
        node.cf = cf
        node.factory = lambda wb, rb: cf.run

    def _alias_yields(self, idx: int, cf: Any, outs: list[int], regions: Sequence[tuple[
            Sequence[YieldAlias], Sequence[tuple[int, int, bool]], Sequence[int], Sequence[int]]]) -> None:
        """A region result is the variable its region yields: where that is a captured value, a
        block argument (a loop input) or what another result is, they become one variable (a
        write to one is seen through the other; the DAG orders them).  Where the yielded value
        only shares storage with one (a view: a copy in Paddle's semantics), the result may share
        it too: finish() decides, or the instruction copies the result.

        A result that, in a branch, is an outer variable (a captured value or a block argument,
        *pinned*) is never copied there: it is that variable's own storage, whatever else shares
        it, and its sharing is the business of whoever owns that variable (this block: its
        links; the region: :func:`~pirc.runtime.aliasing.decide_links` never lets a view share
        with a value that may be an outer variable).  So a may-share link is made for the results
        that are not pinned: between two results of which one is pinned it goes on the other, and
        between two pinned ones there is none (each is its outer variable, they share storage only
        where this block made them).  Results that are one variable of the region (a value yielded
        twice) get one link and are copied together."""
        n = len(outs)
        for b, (yield_alias, out_alias, ext, args) in enumerate(regions):
            pinned = [False] * n
            for k, ya in enumerate(yield_alias[:n]):
                for e in sorted(ya.ext):
                    self.same_var(outs[k], ext[e])
                    pinned[k] = True
                for a in sorted(ya.args):
                    if a < len(args):
                        self.same_var(outs[k], args[a])
                        pinned[k] = True
            # results that are one variable of the region: one group, one link, copied together
            group = list(range(n))
            for k1, k2, same in out_alias:
                if same and k1 < n and k2 < n:
                    self.same_var(outs[k1], outs[k2])
                    g1, g2 = group[k1], group[k2]
                    if g1 != g2:
                        lo, hi = min(g1, g2), max(g1, g2)
                        group = [lo if g == hi else g for g in group]
            share: dict[int, list[int]] = {}
            for k, ya in enumerate(yield_alias[:n]):
                if pinned[k]:
                    continue
                t = share.setdefault(group[k], [])
                t.extend(ext[e] for e in sorted(ya.ext_share))
                t.extend(args[a] for a in sorted(ya.args_share) if a < len(args))
            for k1, k2, same in out_alias:
                if same or k1 >= n or k2 >= n or (pinned[k1] and pinned[k2]):
                    continue
                lo, hi = min(k1, k2), max(k1, k2)
                if pinned[hi]:
                    lo, hi = hi, lo
                share.setdefault(group[hi], []).append(outs[lo])
            # a copy, where needed, is made only when this region ran (the other may yield the variable)
            for g, t in sorted(share.items()):
                if t:
                    members = tuple(k for k in range(n) if group[k] == g)
                    self.links.append((idx, outs[g], list(dict.fromkeys(t)), (cf, b, members)))

    def visit_group(self, op: Operation) -> None:
        node = _Node(op, op.name, HOST)
        sub, ext = self._sub(op.regions[0])
        node.reads = list(ext)
        node.writes.extend(ext[e] for e in sorted(sub.ext_written))
        node.reshapes.extend(ext[e] for e in sorted(sub.ext_reshaped))
        idx = self.add_node(node)
        outs = [self.new_slot(r, idx) for r in op.results]
        node.results = list(outs)
        cf = GroupInstruction(op, sub, ext, outs)
        self._alias_yields(idx, cf, outs, [(sub.yield_alias, sub.out_alias, ext, ())])
        node.cf = cf
        node.factory = lambda wb, rb: cf.run

    def visit_while(self, op: Operation) -> None:
        node = _Node(op, op.name, HOST)
        cond = self.slot(op.operand(0), op)  # type: ignore[arg-type]
        ins = [self.slot(o.value, op) for o in op.operands[1:]]  # type: ignore[arg-type]
        sub, ext = self._sub(op.regions[0])
        node.reads = [cond] + ins + ext
        node.writes.extend(ext[e] for e in sorted(sub.ext_written))
        node.writes.extend(ins[a] for a in sorted(sub.args_written) if a < len(ins))
        node.reshapes.extend(ext[e] for e in sorted(sub.ext_reshaped))
        node.reshapes.extend(ins[a] for a in sorted(sub.args_reshaped) if a < len(ins))
        idx = self.add_node(node)
        outs = [self.new_slot(r, idx) for r in op.results]
        node.results = list(outs)
        cf = WhileInstruction(op, cond, ins, sub, ext, outs)
        for k, o in enumerate(outs):
            if k < len(ins):
                self.same_var(o, ins[k])  # zero iterations: the result is the input
        # yield 0 is the condition
        out_alias = [(a - 1, b - 1, same) for a, b, same in sub.out_alias if a > 0 and b > 0]
        self._alias_yields(idx, cf, outs, [(sub.yield_alias[1:], out_alias, ext, ins)])
        node.cf = cf
        node.factory = lambda wb, rb: cf.run

    # -- after the walk -----------------------------------------------------------------------------
    def finish(self) -> None:
        it = self.it
        nslots = len(self.slot_value)
        # outputs (slots) ------------------------------------------------------------------------
        outputs: list[tuple[str, int]] = []
        if self.is_region:
            if self.yields is None:
                raise PircError(Diagnostic("error", "a region must end with 'cf.yield'",
                                           it.block.parent_op.loc if it.block.parent_op else None))
            output_slots = [self.slot(v, it.block.last_op) for v in self.yields]  # type: ignore[arg-type]
        elif self.fetches:
            for _, _, name, v in sorted(self.fetches, key=lambda f: (f[0], f[1])):
                outputs.append((name, self.slot(v, it.block.last_op)))  # type: ignore[arg-type]
            output_slots = [k for _, k in outputs]
        else:
            names = self._printed_names() if any(n is None for n, _ in self.out_order) else {}
            for name, v in self.out_order:
                outputs.append((name if name is not None else names.get(v, f"%{len(outputs)}"),
                                self.slot(v, it.block.last_op)))  # type: ignore[arg-type]
            output_slots = [k for _, k in outputs]

        # storages: may-share links become shared storage where that is safe, copies elsewhere --------
        decide_links(self, output_slots)
        roots: dict[int, int] = {}
        storage_of_slot = [0] * nslots
        for k in range(nslots):
            r = self.find(k)
            s = roots.get(r)
            if s is None:
                s = roots[r] = len(roots)
            storage_of_slot[k] = s
        nst = len(roots)
        sslots: list[list[int]] = [[] for _ in range(nst)]
        for k in range(nslots):
            sslots[storage_of_slot[k]].append(k)
        S = storage_of_slot

        written: set[int] = set()
        for node in self.nodes:
            for k in node.writes:
                written.add(S[k])

        # constants ------------------------------------------------------------------------------------
        const_binds: list[tuple[int, np.ndarray]] = []
        keep: list[_Node] = []
        for node in self.nodes:
            if node.const and node.results and S[node.results[0]] not in written:
                try:
                    opdef = node.op.info.opdef  # type: ignore[union-attr]
                    val = opdef.kernel([], node.op.attrs.values())[0]  # type: ignore[union-attr, misc]
                except Exception:  # noqa: BLE001 - left to fail, located, at run time
                    keep.append(node)
                    continue
                k = node.results[0]
                if isinstance(val, np.ndarray):
                    # shared by every run: nothing may write it (writeback() then binds a new array)
                    val.flags.writeable = False
                const_binds.append((k, val))
                self.def_node[k] = -1
                for kk in node.results[1:]:
                    self.def_node[kk] = -1
                continue
            keep.append(node)
        pos_of = {id(n): i for i, n in enumerate(self.nodes)}
        # node position (walk order) -> instruction index; positions of removed nodes -> -1
        new_index = [-1] * len(self.nodes)
        for i, node in enumerate(keep):
            node.index = i
            new_index[pos_of[id(node)]] = i
        def_instr = [new_index[d] if d >= 0 else -1 for d in self.def_node]

        # pinned storages --------------------------------------------------------------------------
        pinned: set[int] = set()
        for k in output_slots:
            pinned.add(S[k])
        for _, k in self.params:
            pinned.add(S[k])
        for k, _ in const_binds:
            pinned.add(S[k])
        for e in range(len(it.externals)):
            pinned.add(S[e])
        # variables that come from outside this block: whoever owns them may read them later
        V = [self.vfind(k) for k in range(nslots)]
        outside = {V[k] for _, k in self.params} | {V[k] for k in range(len(it.externals))} | {
            V[k] for k in self.arg_slots}

        # write-back decisions for inplace results ---------------------------------------------------
        # (a write must land where a later reader of the same variable looks; other values that share
        # the storage are, by decide_links, not read after the write)
        readers: dict[int, list[tuple[int, int]]] = {}
        for node in keep:
            for k in node.reads:
                readers.setdefault(V[k], []).append((node.index, k))
        var_slots: dict[int, list[int]] = {}
        for k in range(nslots):
            var_slots.setdefault(V[k], []).append(k)
        out_slots_by_var: dict[int, list[int]] = {}
        for k in output_slots:
            out_slots_by_var.setdefault(V[k], []).append(k)

        def needs_writeback(i: int, k_operand: int) -> bool:
            v = V[k_operand]
            if v in outside:
                return True
            for j, k in readers.get(v, ()):
                if j > i and def_instr[k] < i:
                    return True
            return any(def_instr[k] < i for k in out_slots_by_var.get(v, ()))

        # copy feeds that something writes in place (the caller's arrays stay untouched)
        feed_binds = [(spec, k, S[k] in written) for spec, k in self.feeds]

        # DAG ----------------------------------------------------------------------------------------
        accesses: list[Access] = []
        for node in keep:
            i = node.index
            producers = {def_instr[k] for k in node.reads if def_instr[k] >= 0 and def_instr[k] != i}
            accesses.append(Access(producers, [S[k] for k in node.reads], [S[k] for k in node.writes],
                                   node.side_effect))
        dag = build_dag(accesses, [n.kind for n in keep])

        # GC ---------------------------------------------------------------------------------------------
        first_def = [len(keep) + 1] * nst
        for k in range(nslots):
            s = S[k]
            first_def[s] = min(first_def[s], def_instr[k])
        produced: list[list[int]] = []
        allocs: list[tuple[tuple[int, int], ...]] = []
        for node in keep:
            fresh: dict[int, int] = {}
            for k in node.results:
                s = S[k]
                if first_def[s] == node.index and s not in fresh:
                    fresh[s] = k
            produced.append(list(fresh))
            allocs.append(tuple(fresh.items()))
        bound = [S[k] for k in self.bound]
        plan = plan_gc(nst, sslots, [[S[k] for k in n.reads] for n in keep], produced, bound, pinned, it.gc)

        # instructions -----------------------------------------------------------------------------------
        instrs: list[Instruction] = []
        cf_objs: list[Any] = []
        for node in keep:
            i = node.index
            wb: list[tuple[int, int]] = []
            rb: list[tuple[int, int]] = []  # the operand is dead after the write: it becomes the result
            for ri, oi, ko in node.inplace:
                if needs_writeback(i, ko):
                    wb.append((ri, oi))
                else:
                    rb.append((ri, ko))
            run = node.factory(wb, rb)
            reshaping = [ko for ri, oi, ko in node.inplace if _reshapes(node.op, ri, oi)]
            if reshaping:
                # an in-place shape op (reshape_ ...) must give a view of its operand's storage: make
                # that storage C-contiguous first, in every slot of the variable that holds it
                run = make_contiguous_run(run, [(ko, tuple(k for k in var_slots.get(V[ko], ()) if def_instr[k] <= i))
                                                for ko in reshaping])
            ins = Instruction(i, node.op, node.name, node.kind, run)
            ins.next_same = tuple(dag.next_same[i])
            ins.next_diff = tuple(dag.next_diff[i])
            ins.dep_count = dag.dep_count[i]
            ins.dec = plan.dec[i]
            ins.dead = plan.dead[i]
            ins.alloc = allocs[i]
            ins.in_slots = tuple(node.reads)
            ins.out_slots = tuple(node.results)
            ins.kernel = node.op.info.opdef.kernel if node.op is not None and node.op.info.opdef else None
            ins.label = node.label
            if node.cf is not None:
                ins.is_cf = True
                ins.cf = node.cf
                cf_objs.append(node.cf)
            instrs.append(ins)

        # device streams and events ------------------------------------------------------------------
        it.streams = None
        dev = _device_of(instrs)
        if dev is not None:
            from pirc.runtime.device import attach_streams

            sslots = plan.storage_slots
            const_params = frozenset(k for _, k in self.params if S[k] not in written)
            it.streams = attach_streams(instrs, dag.preds, dev, lambda k: sslots[storage_of_slot[k]], it.max_streams,
                                        const_params)

        # hand over ------------------------------------------------------------------------------------
        it.nslots = nslots
        it.slot_of = dict(self.slot_of)
        for v in list(self.canon):
            cv = self.C(v)
            if cv in self.slot_of:
                it.slot_of[v] = self.slot_of[cv]
        it.storage_of_slot = storage_of_slot
        it.dag = dag
        it.instructions = instrs
        it.sched = Schedule(instrs, dag.roots, list(dag.dep_count), plan.refs_init, plan.storage_slots, it.depth)
        it.param_binds = self.params
        it._param_cache = [None] * len(self.params)
        it.feed_binds = feed_binds
        it.const_binds = const_binds
        const_storages = {S[k] for k, _ in const_binds}
        it.outputs = [(name, k, S[k] in const_storages) for name, k in outputs]
        it.output_slots = output_slots
        it.dead_at_start = plan.dead_at_start
        it.arg_storage_slots = [(S[k], k) for k in self.arg_slots]
        it.cf_objs = cf_objs
        it.is_region = self.is_region
        E = len(it.externals)
        vwritten = {V[k] for node in self.nodes for k in node.writes}
        it.ext_written = frozenset(e for e in range(E) if V[e] in vwritten)
        it.args_written = frozenset(a for a, k in enumerate(self.arg_slots) if V[k] in vwritten)
        vreshaped = {V[k] for node in self.nodes for k in node.reshapes}
        it.ext_reshaped = frozenset(e for e in range(E) if V[e] in vreshaped)
        it.args_reshaped = frozenset(a for a, k in enumerate(self.arg_slots) if V[k] in vreshaped)
        # what each yielded value is (the same variable) or shares storage with, for the parent
        it.yield_alias = [
            YieldAlias(frozenset(e for e in range(E) if V[e] == V[k]),
                       frozenset(a for a, ka in enumerate(self.arg_slots) if V[ka] == V[k]),
                       frozenset(e for e in range(E) if S[e] == S[k] and V[e] != V[k]),
                       frozenset(a for a, ka in enumerate(self.arg_slots) if S[ka] == S[k] and V[ka] != V[k]))
            for k in output_slots
        ] if self.is_region else []
        it.out_alias = [(a, b, V[output_slots[a]] == V[output_slots[b]])
                        for a in range(len(output_slots)) for b in range(a + 1, len(output_slots))
                        if S[output_slots[a]] == S[output_slots[b]]] if self.is_region else []
        if not self.is_region:
            specs: list[InputSpec] = []
            for op in it.block.walk():
                if op.name in ("pd_op.data", "pd_op.feed"):
                    specs.append(feed_spec(op))
            it.all_feed_specs = specs
        else:
            it.all_feed_specs = [spec for spec, _ in self.feeds]
        it.scope_ref = {}

    def _printed_names(self) -> dict[Value, str]:
        from pirc.text.printer import Printer

        p = Printer()
        p.block(self.it.block, "")  # numbers values exactly as printing the program does
        return dict(p.names)
