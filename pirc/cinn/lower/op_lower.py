"""OpLower: one ``cinn_op.group`` -> LoweredFuncs, in CINN's four steps.

``OpLower.lower(group)`` runs

1. **LowerOps** -- symbolic shapes for every value of the group
   (:mod:`.symbolic`, the strategies' shape rules), placeholders for the group's
   inputs (the values its ops use but do not define, in first-use order), then
   each op's strategy builds its computes (:mod:`.strategy`, :mod:`.pe`, :mod:`.lang`,
   :mod:`.compute`);
2. **DoOpSchedule** -- LowerToAstVec of each compute (:mod:`.to_ast`): a loop nest per
   op, reductions with their init blocks; the op-level schedule puts the reduce loops
   innermost (the order the nests are built in);
3. **DoGroupSchedule** -- the group schedule steps of :mod:`.schedule`, in order; a
   group whose computes cannot all share the master's loops becomes several kernels
   (each nest that would need a grid-wide barrier starts a new kernel; the values
   that cross a kernel boundary go through global memory);
4. **PostProcess** -- per kernel: the argument list (input buffers in group-input
   order, then intermediates from earlier kernels; output buffers in yield order,
   then intermediates for later kernels; then the int64 symbolic dims the kernel
   uses), temp buffers, a unique name ``fn_<op names>_<group index>[_<part>]`` and
   attributes (``target``; CUDA launch dims ``block_dim`` and, when static,
   ``grid_dim``; ``reduce_method``).

The result, :class:`LoweredGroup`, also records how every kernel argument binds to
the group's values (``("in", k)`` = group input k, ``("out", k)`` = group result
k, ``("tmp", name)`` = an intermediate between two kernels of the group) and where
each symbolic dim is read (a group input and an axis): what the host program's
``cinn_runtime.jit_kernel`` ops carry (:mod:`.host`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pirc.cinn.ast.dtypes import DType, to_dtype
from pirc.cinn.ast.nodes import (
    Buffer,
    For,
    ForKind,
    IntImm,
    Load,
    LoweredFunc,
    MemoryScope,
    Module,
    ScheduleBlockRealize,
    Tensor,
    Var,
)
from pirc.cinn.ast.visitor import walk
from pirc.cinn.lower import reduce_strategy as rs
from pirc.cinn.lower import schedule as sch
from pirc.cinn.schedule.group.info import realizes
from pirc.cinn.schedule.group.work import Work, ast_work
from pirc.cinn.lower.compute import ComputeOp, LowerContext, LTensor
from pirc.cinn.lower.strategy import STRATEGIES, LoweringError, ShapeCtx, short_name
from pirc.cinn.lower.symbolic import Dim, SymbolTable
from pirc.cinn.lower.to_ast import lower_to_ast_vec, make_function, read_tensors, used_symbols, written_tensors
from pirc.cinn.schedule.group.cpu import cpu_function_schedule
from pirc.ir.core import Block, Operation, Value

TARGETS = ("cuda", "c")

ValueRef = tuple  # ("in", k) | ("out", k) | ("tmp", name)


@dataclass
class SymbolArg:
    """A symbolic dim passed to a kernel: read from group input ``operand`` at ``axis``."""

    var: Var
    operand: int
    axis: int


@dataclass
class KernelInfo:
    """One kernel of a group: the function and how its arguments bind to values.

    ``symbol_args`` holds, per scalar argument, ``(argument index, input number, axis)``:
    the symbolic dim is dim ``axis`` of the kernel's ``input number``-th input buffer
    (the ``cinn_runtime.jit_kernel`` convention, CINN's ArgDimIdx)."""

    func: LoweredFunc
    inputs: list[ValueRef]  # per input buffer argument
    outputs: list[ValueRef]  # per output buffer argument
    symbols: list[SymbolArg]  # per scalar argument (where the group reads it)
    symbol_args: list[tuple[int, int, int]]
    out_dims: list[list[str]]  # per output: its dims as text over the symbols ("S0", "4*S0", "12")
    strategy: str = ""


@dataclass
class LoweredGroup:
    group: Operation | None
    index: int
    inputs: list[Value]  # the group's inputs (captured values, first-use order)
    outputs: list[Value]  # the yielded values (one per group result)
    kernels: list[KernelInfo]
    symbols: list[SymbolArg]  # every symbol of the group
    temps: dict[str, tuple[list[str], DType]] = field(default_factory=dict)  # intermediates between kernels
    #: element operations of the group's ops run one by one, and of its kernels (work.py)
    op_work: Work = field(default_factory=Work)
    kernel_work: Work = field(default_factory=Work)
    #: the values the schedule computed once instead of inlining them (recompute.py)
    computed_once: list[str] = field(default_factory=list)

    @property
    def functions(self) -> list[LoweredFunc]:
        return [k.func for k in self.kernels]

    @property
    def work_ratio(self) -> float:
        """The kernels' work over the op-by-op work: above 1, fusion repeats work."""
        return self.kernel_work.total / self.op_work.total if self.op_work.total else 1.0


def captured_values(block: Block) -> list[Value]:
    """Values the block's ops use but do not define (first-use order)."""
    defined: set[Value] = set(block.args)
    used: dict[Value, None] = {}

    def walk_block(b: Block) -> None:
        for op in b.ops:
            for o in op.operands:
                v = o.value
                if v is not None and v not in defined:
                    used.setdefault(v, None)
            for r in op.regions:
                for bb in r.blocks:
                    defined.update(bb.args)
                    walk_block(bb)
            defined.update(op.results)

    walk_block(block)
    return list(used)


def _dtype_of(v: Value) -> DType:
    return to_dtype(v.type.dtype)  # type: ignore[attr-defined]


def _dims_of(v: Value) -> tuple[int, ...]:
    return tuple(v.type.dims)  # type: ignore[attr-defined]


class OpLower:
    """Lowers groups for one target (``cuda`` or ``c``)."""

    def __init__(self, target: str = "cuda", *, value_names: Mapping[Value, str] | None = None,
                 inline_limit: int = 2000, cross_thread_calls: bool | None = None) -> None:
        """``cross_thread_calls`` (CUDA; default on): write warp / block reductions as the
        ``cinn_*_reduce_*`` calls the CUDA codegen implements.  Off, they stay in the
        thread-loop form the AST evaluator can run (for testing)."""
        if target not in TARGETS:
            raise ValueError(f"unknown target '{target}' (expected cuda or c)")
        self.target = target
        self.value_names = value_names or {}
        self.inline_limit = inline_limit
        self._params: dict[str, Any] = {}  # the tuned parameters of the group being lowered
        self._once: set[str] = set()  # the values the group's schedule computed once (recompute.py)
        self.cross_thread_calls = target == "cuda" if cross_thread_calls is None else cross_thread_calls

    # -----------------------------------------------------------------------------------
    def lower(self, group: Operation, index: int = 0) -> LoweredGroup:
        body = group.regions[0].block
        ops = [op for op in body.ops if op.name != "cf.yield"]
        y = body.last_op
        outputs = [o.value for o in y.operands] if y is not None and y.name == "cf.yield" else []
        return self.lower_ops_list(ops, outputs, captured_values(body), index, group)

    def lower_ops_list(self, ops: Sequence[Operation], outputs: Sequence[Value], inputs: Sequence[Value],
                       index: int = 0, group: Operation | None = None) -> LoweredGroup:
        from pirc.cinn.tune.log import current_params, group_key

        self._params = current_params(group_key(ops, inputs, outputs, self.target), self.target)
        self._once = set()
        st = self.lower_ops(ops, outputs, inputs)
        stmts = self.do_op_schedule(st)
        kernels = self.do_group_schedule(st, stmts)
        lg = self.post_process(st, kernels, index, group)
        lg.op_work = sum((ast_work(s) for s in stmts), Work())
        lg.kernel_work = sum((ast_work(f.body) for f in lg.functions), Work())
        order = {c.name: i for i, c in enumerate(st.ctx.computes)}
        lg.computed_once = sorted(self._once, key=lambda n: order.get(n, -1))
        return lg

    # -- 1. LowerOps ----------------------------------------------------------------------
    def lower_ops(self, ops: Sequence[Operation], outputs: Sequence[Value], inputs: Sequence[Value]) -> _GroupState:
        table = SymbolTable()
        sc = ShapeCtx(table)
        dims: dict[Value, tuple[Dim, ...]] = {}
        for k, v in enumerate(inputs):
            if not hasattr(v.type, "dims"):
                raise LoweringError(None, f"group input {k} is not a dense tensor ({v.type})")
            dims[v] = tuple(Dim.const(d) if d >= 0 else table.new((k, a)) for a, d in enumerate(_dims_of(v)))
        for op in ops:
            strat = STRATEGIES.get(op.name)
            if strat is None:
                raise LoweringError(op, "no lowering is defined for this op")
            in_dims = [dims.get(o.value) if o.value is not None else None for o in op.operands]
            try:
                outs = strat.infer(sc, op, in_dims)
            except LoweringError:
                raise
            except Exception as e:  # noqa: BLE001 - a malformed op: report it at the op
                raise LoweringError(op, f"shape rule failed: {e}") from None
            for r, d in zip(op.results, outs):
                t = _dims_of(r)
                if len(t) != len(d):
                    raise LoweringError(op, f"result rank {len(t)} but the shape rule gives {len(d)}")
                merged = []
                for axis, (td, cd) in enumerate(zip(t, d)):
                    if td >= 0:
                        got = table.canon(cd).value
                        if got is not None and got != td:  # the two shape rules (here, infer_meta) disagree
                            raise LoweringError(op, f"the lowering's shape rule gives dim {axis} of result "
                                                    f"{r.index} as {got}, but its type says {td}")
                        if got != td:
                            table.unify(cd, Dim.const(td))
                        merged.append(Dim.const(td))
                    else:
                        merged.append(cd)
                dims[r] = tuple(merged)
        # symbols: free ones, named S0, S1 ... in order of their first bare occurrence in the inputs
        sources: dict[int, tuple[int, int]] = {}
        for k, v in enumerate(inputs):
            for a, d in enumerate(dims[v]):
                s = table.canon(d).single_symbol
                if s is not None and s not in sources:
                    sources[s] = (k, a)
        free: set[int] = set()
        for d in (x for ds in dims.values() for x in ds):
            free |= table.canon(d).symbols()
        missing = free - set(sources)
        if missing:
            raise LoweringError(ops[0] if ops else None, "a symbolic dimension has no source among the group's inputs")
        order = [s for s in sources if s in free]
        sym_vars = {s: Var(f"S{i}", DType.INT64) for i, s in enumerate(order)}
        symbols = [SymbolArg(sym_vars[s], *sources[s]) for s in order]
        # int64 indices with symbolic dims (CINN's convention) or when a static tensor is too big for int32
        big = False
        for ds in dims.values():
            n = 1
            for d in ds:
                v = table.canon(d).value
                n *= v if v is not None else 1
            big |= n > (1 << 31) - 1
        ctx = LowerContext(table, sym_vars, DType.INT64 if order or big else DType.INT32)
        names = _Namer(self.value_names, ctx)
        tensors: dict[Value, LTensor] = {}
        for k, v in enumerate(inputs):
            tensors[v] = ctx.placeholder(names.of(v), dims[v], _dtype_of(v))
        for op in ops:
            ins = [tensors.get(o.value) if o.value is not None else None for o in op.operands]
            rnames = [names.of(r) for r in op.results]
            try:
                res = STRATEGIES[op.name].compute(ctx, op, ins, [dims[r] for r in op.results], rnames)
            except LoweringError:
                raise
            except Exception as e:  # noqa: BLE001
                raise LoweringError(op, f"{type(e).__name__}: {e}") from None
            for r, t in zip(op.results, res):
                tensors[r] = t
        out_tensors = []
        for v in outputs:
            t = tensors.get(v)
            if t is None or t.compute is None:
                raise LoweringError(None, "a group result is not computed inside the group")
            out_tensors.append(t)
        return _GroupState(ops=list(ops), inputs=list(inputs), outputs=list(outputs), dims=dims, ctx=ctx,
                           symbols=symbols, tensors=tensors, out_tensors=out_tensors,
                           input_names={tensors[v].name: k for k, v in enumerate(inputs)})

    # -- 2. DoOpSchedule -----------------------------------------------------------------
    def do_op_schedule(self, st: _GroupState) -> list[Any]:
        """LowerToAstVec per compute; the op-level schedule keeps reduce loops innermost."""
        return lower_to_ast_vec(st.ctx, st.ctx.computes)

    # -- 3. DoGroupSchedule --------------------------------------------------------------
    def do_group_schedule(self, st: _GroupState, stmts: Sequence[Any]) -> list[_Kernel]:
        ctx = st.ctx
        out_names = {t.name for t in st.out_tensors}
        pending: list[ComputeOp] = list(ctx.computes)
        kernels: list[_Kernel] = []
        reads: dict[int, set[str]] = {}  # id(compute) -> the tensors its body reads

        def reads_of(c: ComputeOp) -> set[str]:
            hit = reads.get(id(c))
            if hit is None:
                hit = reads[id(c)] = set(read_tensors(c.body))
            return hit

        while pending:
            parts, rest = self._partition(st, pending, out_names)
            pending = []
            for k, (part, master) in enumerate(parts):
                later = [c for p_, _ in parts[k + 1:] for c in p_] + rest
                later_reads: set[str] = set()
                for c in later:
                    later_reads |= reads_of(c)
                keep = set(out_names) | ({c.name for c in part} & later_reads)
                res = self._schedule_kernel(st, part, keep, master)
                if isinstance(res, _Kernel):
                    kernels.append(res)
                    continue
                # the part did not fuse into one nest: its first nest is the kernel, the rest waits
                waiting = later
                while not isinstance(res, _Kernel):
                    first = res
                    if all(c.name in first for c in part):
                        # the first nest holds every compute of the part: retrying would not progress
                        raise LoweringError(None, f"the group schedule left computes {sorted(first)} in several "
                                                  "nests of one kernel")
                    waiting = [c for c in part if c.name not in first] + waiting
                    part = [c for c in part if c.name in first]
                    waiting_reads: set[str] = set()
                    for c in waiting:
                        waiting_reads |= reads_of(c)
                    keep = set(out_names) | ({c.name for c in part} & waiting_reads)
                    res = self._schedule_kernel(st, part, keep, None)
                kernels.append(res)
                pending = waiting
                break
            else:
                pending = rest
        return self._merge_independent(kernels)

    def _merge_independent(self, kernels: list[_Kernel]) -> list[_Kernel]:
        """Horizontal fusion across kernels: consecutive elementwise kernels of a group that do
        not read each other's results run as one kernel (its nests side by side; on CUDA the
        launch covers the largest one and each nest guards its own extent)."""
        out: list[_Kernel] = []
        for k in kernels:
            prev = out[-1] if out else None
            if (prev is not None and _is_elementwise(prev) and _is_elementwise(k)
                    and _block_dims(prev) == _block_dims(k)
                    and not (set(read_tensors(k.root)) & set(written_tensors(prev.root)))):
                root = sch.with_stmts(prev.root, sch.root_stmts(prev.root) + sch.root_stmts(k.root))
                out[-1] = _Kernel(root, prev.info, prev.computes + k.computes, prev.keep | k.keep)
            else:
                out.append(k)
        return out

    def _info(self, st: _GroupState, computes: Sequence[ComputeOp], keep: set[str]) -> sch.ScheduleInfo:
        params = self._params
        return sch.ScheduleInfo(st.ctx, self.target, {c.name: sch.BlockInfo(c) for c in computes},
                                keep_global=set(keep), inline_limit=params.get("inline_limit", self.inline_limit),
                                params=dict(params))

    def _partition(self, st: _GroupState, pending: list[ComputeOp],
                   out_names: set[str]) -> tuple[list[tuple[list[ComputeOp], sch.Master | None]], list[ComputeOp]]:
        """The computes of the first nest the schedule would fuse (alignment, inlining and loop
        fusion over all pending computes) and the master they are aligned to; then those of the
        nests after it that begin where compute-once stored a value (recompute.py: a recurrence
        cut into kernels of ROWS_PER_KERNEL steps) and that the schedule of the rest would give
        again (aligned to the master the rest would choose: the same one), so such a group is
        not scheduled once per kernel; and the computes left (with the bodies inlining gave them)."""
        info = self._info(st, pending, out_names)
        root = sch.make_root(lower_to_ast_vec(st.ctx, pending))
        root = sch.loop_alignment(root, info)
        root = sch.compute_inline(root, info)
        self._once |= info.materialised
        root = sch.horizontal_fusion(root, info)
        root = sch.vertical_fusion(root, info)
        nests = sch.root_stmts(root)
        current: dict[str, ComputeOp] = {}
        members: list[list[str]] = []
        for nest in nests:
            by_name: dict[str, ScheduleBlockRealize] = {}
            for r in realizes(nest):
                by_name.setdefault(r.block.name, r)
            names = sch.nest_computes(nest, info)
            members.append(names)
            for name in names:
                current[name] = sch.current_compute(nest, info.blocks[name], by_name)
        order = [c.name for c in pending if c.name in current]
        parts: list[tuple[list[ComputeOp], sch.Master | None]] = []
        taken: set[str] = set()
        for j, (nest, names) in enumerate(zip(nests, members)):
            aligned = sch.is_aligned(nest, info)
            if j > 0:
                # only where compute-once cut a long recurrence (a row it stored to end the
                # kernel): other boundaries keep the schedule of the rest as it was
                if not aligned or not (set(read_tensors(nest)) & info.cuts & taken):
                    break
                left = [n for n in order if n not in taken]
                again = sch.choose_master(self._info(st, [current[n] for n in left], out_names), left)
                if not _same_space(again, info.master):
                    break
            part_names = set(names)
            parts.append(([current[n] for n in order if n in part_names], info.master if aligned else None))
            taken |= part_names
        rest = [current[n] for n in order if n not in taken]
        return parts, rest

    def _schedule_kernel(self, st: _GroupState, part: list[ComputeOp], keep: set[str],
                         master: sch.Master | None) -> _Kernel | set[str]:
        """The kernel of ``part``, or (when it does not fuse into one nest) the names of the
        computes of its first nest."""
        ctx = st.ctx
        computes: list[ComputeOp] = []
        origin: dict[str, str] = {}
        for c in part:
            if c.is_reduce and c.name in keep:
                acc, copy = _split_reduce_output(ctx, c)
                computes += [acc, copy]
                origin[acc.name] = c.name
            else:
                computes.append(c)
        info = self._info(st, computes, keep)
        if master is not None:
            # a reduction whose result leaves the kernel now accumulates into <name>_acc
            acc_name = next((a for a, o in origin.items() if o == master.name), None)
            if acc_name is not None:
                master = sch.Master(acc_name, master.S, master.R, master.in_dims, master.axes,
                                    master.last_axis_reduce)
            elif master.name not in info.blocks:
                master = None
        info.master = master
        root = sch.make_root(lower_to_ast_vec(ctx, computes))
        for name, step in sch.GROUP_SCHEDULE_STEPS:
            root = step(root, info)
            if name == "vertical_fusion":
                nests = sch.root_stmts(root)
                if len(nests) > 1:
                    return {origin.get(n, n) for n in sch.nest_computes(nests[0], info)}
        if self.cross_thread_calls:
            root = sch.replace_cross_thread_reduction(root, info)
        self._once |= info.materialised
        return _Kernel(root, info, computes, keep)

    # -- 4. PostProcess ------------------------------------------------------------------
    def post_process(self, st: _GroupState, kernels: Sequence[_Kernel], index: int,
                     group: Operation | None) -> LoweredGroup:
        ctx = st.ctx
        out_index = {t.name: k for k, t in enumerate(st.out_tensors)}
        base = _fn_name(st.ops, index)
        sym_by_var = {id(s.var): s for s in st.symbols}
        names_sym = {s: v.name for s, v in ctx.sym_vars.items()}
        temps: dict[str, tuple[list[str], DType]] = {}
        written_before: dict[str, Tensor] = {}
        infos: list[KernelInfo] = []
        for ki, k in enumerate(kernels):
            root = k.root
            writes = written_tensors(root)
            reads = read_tensors(root)
            ins: list[tuple[int, str, Tensor]] = []
            for name, t in reads.items():
                if name in writes or t.buffer is None or t.buffer.scope is not MemoryScope.GLOBAL:
                    continue
                if name in st.input_names:
                    ins.append((0, f"{st.input_names[name]:08d}", t))
                elif name in written_before:
                    ins.append((1, name, t))
                else:
                    raise LoweringError(None, f"kernel {ki} of group {index} reads {name}, which nothing writes")
            outs: list[tuple[int, str, Tensor]] = []
            for name, t in writes.items():
                if t.buffer is None or t.buffer.scope is not MemoryScope.GLOBAL:
                    continue
                if name.endswith("__reduce_init"):
                    continue
                if name in out_index:
                    outs.append((0, f"{out_index[name]:08d}", t))
                else:
                    outs.append((1, name, t))
            ins.sort(key=lambda x: (x[0], x[1] if x[0] == 0 else _order_key(ctx, x[1])))
            outs.sort(key=lambda x: (x[0], x[1] if x[0] == 0 else _order_key(ctx, x[1])))
            # a value an earlier kernel wrote is a group result ("out") when the group yields it, else a "tmp"
            in_refs: list[ValueRef] = [("in", st.input_names[t.name]) if g == 0 else
                                       ("out", out_index[t.name]) if t.name in out_index else ("tmp", t.name)
                                       for g, _, t in ins]
            out_refs: list[ValueRef] = [("out", out_index[t.name]) if g == 0 else ("tmp", t.name) for g, _, t in outs]
            in_bufs = [_arg_buffer(t) for _, _, t in ins]
            out_bufs = [_arg_buffer(t) for _, _, t in outs]
            all_syms = [s_.var for s_ in st.symbols]
            syms = used_symbols(root, all_syms)
            for bf in in_bufs + out_bufs:
                for v in used_symbols(bf, all_syms):
                    if all(v is not x for x in syms):
                        syms.append(v)
            sym_pos = {id(x.var): i for i, x in enumerate(st.symbols)}
            syms.sort(key=lambda v: sym_pos[id(v)])
            # where each symbol is read: a bare dim of an input buffer (else pass the group input
            # that holds it as one more, unread, input buffer)
            sources: list[tuple[int, int]] = []
            for v in syms:
                src = _bare_dim(in_bufs, v)
                if src is None:
                    sa = sym_by_var[id(v)]
                    t = st.tensors[st.inputs[sa.operand]].tensor
                    in_bufs.append(_arg_buffer(t))
                    in_refs.append(("in", sa.operand))
                    src = (len(in_bufs) - 1, sa.axis)
                sources.append(src)
            n_buf = len(in_bufs) + len(out_bufs)
            symbol_args = [(n_buf + i, src[0], src[1]) for i, src in enumerate(sources)]
            name = base if len(kernels) == 1 else f"{base}_{ki}"
            strat = k.info.strategy
            attrs: dict[str, Any] = {"group": f"group_{index}", "target": self.target}
            if strat is not None:
                attrs["reduce_method"] = strat.method
            if k.info.params:  # a tuned schedule says so in the kernel
                attrs["tuned"] = ",".join(f"{a}={b}" for a, b in sorted(k.info.params.items()))
            if self.target == "cuda":
                grid, blockd = launch_dims(root)
                attrs["block_dim"] = blockd
                if grid is not None:
                    attrs["grid_dim"] = grid
            func = make_function(name, sch.root_stmts(root), in_bufs, out_bufs, syms, attrs=attrs)
            if self.target == "c":
                func = cpu_function_schedule(func, k.info.params)
            out_dims = []
            for _, _, t in outs:
                c = next((c for c in k.computes if c.name == t.name), None)
                dims = c.dims if c is not None else ()
                out_dims.append([ctx.symbols.canon(d).text(names_sym) for d in dims])
                if t.name not in out_index:
                    temps[t.name] = (out_dims[-1], t.dtype)
            for name2, t in writes.items():
                written_before[name2] = t
            infos.append(KernelInfo(func, in_refs, out_refs, [sym_by_var[id(v)] for v in syms], symbol_args,
                                    out_dims, strat.method if strat is not None else ""))
        return LoweredGroup(group, index, st.inputs, st.outputs, infos, st.symbols, temps)


@dataclass
class _GroupState:
    ops: list[Operation]
    inputs: list[Value]
    outputs: list[Value]
    dims: dict[Value, tuple[Dim, ...]]
    ctx: LowerContext
    symbols: list[SymbolArg]
    tensors: dict[Value, LTensor]
    out_tensors: list[LTensor]
    input_names: dict[str, int]


@dataclass
class _Kernel:
    root: Any
    info: sch.ScheduleInfo
    computes: list[ComputeOp]
    keep: set[str]


class _Namer:
    """``var_<N>`` from the printed ``%N`` of a value when known, else a fresh number."""

    def __init__(self, value_names: Mapping[Value, str], ctx: LowerContext) -> None:
        self.value_names = value_names
        self.ctx = ctx
        self.n = 0

    def of(self, v: Value) -> str:
        pn = self.value_names.get(v)
        if pn is not None and pn.startswith("%") and pn[1:].isdigit():
            return self.ctx.unique(f"var_{pn[1:]}")
        while True:
            name = f"var_{self.n}"
            self.n += 1
            if name not in self.ctx._names:
                return self.ctx.unique(name)


def _same_space(a: sch.Master | None, b: sch.Master | None) -> bool:
    """Two masters with the same iteration space (their names aside)."""
    if a is None or b is None:
        return a is b
    return (a.S, a.R, a.in_dims, a.axes, a.last_axis_reduce) == (b.S, b.R, b.in_dims, b.axes, b.last_axis_reduce)


def _order_key(ctx: LowerContext, name: str) -> int:
    for i, c in enumerate(ctx.computes):
        if c.name == name:
            return i
    return len(ctx.computes)


def _is_elementwise(k: _Kernel) -> bool:
    s = k.info.strategy
    return s is not None and s.method in (rs.ELEMENTWISE, rs.SERIAL) and not any(c.is_reduce for c in k.computes)


def _block_dims(k: _Kernel) -> tuple:
    return launch_dims(k.root)[1]


def _bare_dim(bufs: Sequence[Buffer], v: Var) -> tuple[int, int] | None:
    for i, b_ in enumerate(bufs):
        for a, d in enumerate(b_.shape):
            if d is v:
                return i, a
    return None


def _arg_buffer(t: Tensor) -> Buffer:
    assert t.buffer is not None
    return t.buffer


def _split_reduce_output(ctx: LowerContext, c: ComputeOp) -> tuple[ComputeOp, ComputeOp]:
    """A reduction whose result leaves the kernel accumulates in ``<name>_acc`` (a per-thread
    register) and a copy block writes the global tensor (CINN's ``yield_store``)."""
    name = ctx.unique(f"{c.name}_acc")
    t = ctx.make_tensor(name, c.dims, c.dtype)
    acc = ComputeOp(**{**c.__dict__, "name": name, "tensor": t})
    axis = ctx.axis_vars(len(c.dims))
    copy = ComputeOp(c.name, c.dims, c.dtype, axis, Load(t, axis), op_name=c.op_name, tensor=c.tensor)
    return acc, copy


def _fn_name(ops: Sequence[Operation], index: int) -> str:
    names: list[str] = []
    for op in ops:
        n = short_name(op)
        if not names or names[-1] != n:
            names.append(n)
    if len(names) > 8:
        names = names[:8]
    return "fn_" + "_".join(names) + f"_{index}"


def launch_dims(node: Any) -> tuple[tuple[int, int, int] | None, tuple[int, int, int]]:
    """(grid_dim or None when symbolic, block_dim) from the GPU-bound loops' extents."""
    grid = [1, 1, 1]
    block = [1, 1, 1]
    static = True
    for n in walk(node):
        if isinstance(n, For) and n.kind.is_gpu:
            ext = n.extent
            if n.kind is ForKind.GPU_BLOCK:
                if isinstance(ext, IntImm):
                    grid[n.axis] = max(grid[n.axis], ext.value)
                else:
                    static = False
            else:
                if isinstance(ext, IntImm):
                    block[n.axis] = max(block[n.axis], ext.value)
    return (tuple(grid) if static else None), tuple(block)  # type: ignore[return-value]


def lower_module(groups: Sequence[LoweredGroup], name: str = "module") -> Module:
    return Module(name, tuple(f for g in groups for f in g.functions))


__all__ = [
    "TARGETS",
    "KernelInfo",
    "LoweredGroup",
    "OpLower",
    "SymbolArg",
    "captured_values",
    "launch_dims",
    "lower_module",
]
