"""CodeGenC: LoweredFuncs -> one self-contained C99 source for the system compiler.

The ABI (also written at the top of every generated file):

* one exported function per LoweredFunc, ``int <symbol>(void** args, int nargs)``.
  ``args[i]`` is the *address of* the i-th argument's value, in the LoweredFunc's
  argument order -- the same convention as CUDA's ``kernelParams`` (and CINN's
  ``cinn_call_cuda_kernel``): a buffer passes the address of its data pointer, a
  scalar the address of its value (int64 for symbolic dims; bool as int32,
  float16 / bfloat16 as float);
* it returns 0 on success, -1 when ``nargs`` is wrong and 1 when a temp buffer
  cannot be allocated;
* buffers are dense row-major arrays: bool as ``uint8_t``, float16 as IEEE half
  bits (``uint16_t``, numpy's float16), bfloat16 as ``float`` holding values
  rounded to bfloat16 (how the interpreter holds it);
* ``in`` buffers are ``const`` (a function that writes one is refused); ``out``
  buffers need not be initialised unless the kernel reads them.

The typed body is a ``static`` function; the exported name is generated
(``pirc_k0_fn_exp_add_1a2b3c4d``) and never copied from the input.

Loops: ``parallel`` loops become ``#pragma omp parallel for`` (the outermost
only; serial below :data:`PARALLEL_MIN_WORK` innermost iterations, an ``if``
clause when that count is symbolic; ``num_threads(pirc_team(N))`` for a loop scheduled with a team size,
``parallel[N]``: N, at most the threads OpenMP has where the kernel runs), ``vectorize`` loops and innermost loops whose iterations provably touch
distinct elements become ``#pragma omp simd``, reduction loop nests accumulate
in a scalar with ``#pragma omp simd reduction(...)``, ``unroll`` loops get
``#pragma GCC unroll``.  GPU-bound loops run serially; a kernel that uses
``blockIdx.x``... directly runs over its ``grid_dim`` / ``block_dim`` attributes,
as in the AST evaluator.  Temps up to 16 KiB live on the stack, larger or
symbolic ones are ``calloc``'d (all temps start zeroed, as in the evaluator).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import (GPU_VARS, Block, Cast, Expr, For, ForKind, IfThenElse, Let, Load, LoweredFunc,
                                 MemoryScope, Module, Node, ScheduleBlock, ScheduleBlockRealize, Tensor, Var)
from pirc.cinn.ast.visitor import walk
from pirc.cinn.codegen.common import (
    _GPU_VAR_IDS,
    STACK_LIMIT_BYTES,
    FuncEmitter,
    GeneratedSource,
    KernelMeta,
    ReductionPlan,
    assemble,
    const_int,
    ctype,
    elem_bytes,
    group_of,
    has_loop,
    simd_safe,
    storage_key,
    storage_type,
    symbol_args_of,
)
from pirc.cinn.codegen.names import comment_text
from pirc.cinn.codegen.workarounds import GCC_IF_CONVERT_WORKAROUND, conditional_loads
from pirc.cinn.codegen.prelude import Prelude
from pirc.cinn.schedule.half_rows import HalfRow, half_accumulation, half_rows, marked

C_ABI = [
    "ABI: each kernel is  int SYMBOL(void** args, int nargs);  args[i] is the address of argument i's value",
    "(buffers: the address of the data pointer; symbolic dims: the address of an int64_t).",
    "Returns 0 on success, -1 for a wrong nargs, 1 when a temp buffer cannot be allocated.",
    "Buffers are dense row-major; bool is uint8_t, float16 is IEEE half bits, bfloat16 is float.",
]

#: innermost iterations below which a parallel loop nest runs on one thread (an OpenMP fork/join
#: costs several microseconds; 32K simple elements take about that long on one core)
PARALLEL_MIN_WORK = 1 << 15


def _bound_ids(loop: For) -> set[int]:
    ids = {id(loop.loop_var)}
    for n in walk(loop.body):
        if type(n) is For:
            ids.add(id(n.loop_var))
        elif type(n) is Let:
            ids.add(id(n.var))
        elif type(n) is ScheduleBlock:
            ids.update(id(v) for v in n.iter_vars)
    return ids


def _work(s: Any, inside: set[int]) -> tuple[int, list] | None:
    """Innermost iterations of ``s`` as (constant factor, symbolic extent factors), an upper
    bound (branches and sibling nests add up); None when an extent depends on a variable bound
    inside the nest.  Sibling nests with symbolic extents are not summed: None."""
    if type(s) is For:
        inner = _work(s.body, inside)
        if inner is None:
            return None
        c = const_int(s.extent)
        if c is not None:
            return max(c, 0) * inner[0], inner[1]
        if any(type(n) is Var and id(n) in inside for n in walk(s.extent)):
            return None
        return inner[0], inner[1] + [s.extent]
    if type(s) is Block or type(s) is IfThenElse:
        kids = list(s.stmts) if isinstance(s, Block) else [s.then_case] + ([s.else_case] if s.else_case else [])
        total, symbolic = 0, None
        for kid in kids:
            w = _work(kid, inside)
            if w is None:
                return None
            if w[1]:
                if symbolic is not None:
                    return None
                symbolic = w
            else:
                total += w[0]
        if symbolic is None:
            return max(total, 1), []
        return symbolic[0] + total, symbolic[1]  # c * prod(terms) + total <= (c + total) * prod(terms)
    if type(s) is ScheduleBlockRealize:
        return _work(s.block.body, inside)
    return 1, []


_OMP_OPS = {Kind.ADD: "+", Kind.MUL: "*", Kind.AND: "&&", Kind.OR: "||"}
_GPU_ORDER = ("blockIdx.z", "blockIdx.y", "blockIdx.x", "threadIdx.z", "threadIdx.y", "threadIdx.x")


class CEmitter(FuncEmitter):
    target = "c"

    def __init__(self, func: LoweredFunc, index: int, prelude: Prelude) -> None:
        from pirc.cinn.codegen.hoist import hoist_invariants

        super().__init__(func, index, prelude)
        # loop-invariant code motion (GCC does none here); the compute-once and chain-fission
        # decisions are the schedule's (pirc/cinn/schedule/compute_once.py, chain_fission.py)
        self.body = hoist_invariants(func).body
        self.in_parallel = False
        self.half_loads: dict[int, tuple[str, For]] = {}  # id(Load) -> (its float row, the loop)

    # -- hooks ------------------------------------------------------------------------------------
    def index_ctype(self, dtype: Any) -> str:
        # Loop and iteration variables are 64-bit on the CPU: with -fwrapv (C's int overflow made
        # defined, as the AST's integer semantics need) GCC cannot prove 32-bit index arithmetic
        # affine and refuses to vectorize any loop that indexes a buffer; 64-bit indices vectorize.
        ct = ctype(dtype)
        return "int64_t" if ct in ("int32_t", "int16_t", "int8_t", "int") else ct

    def for_loop(self, s: For) -> None:
        pragmas: list[str] = []
        parallel = False
        kind = s.kind
        if kind is ForKind.PARALLEL and not self.in_parallel:
            pragmas.append(self._parallel_pragma(s))
            parallel = True
        elif kind is ForKind.VECTORIZED:
            pragmas.append(f"#pragma omp simd simdlen({s.factor})" if s.factor in (2, 4, 8, 16, 32, 64)
                           else "#pragma omp simd")
        elif kind is ForKind.UNROLLED:
            c = const_int(s.extent)
            if c is not None and 1 < c <= 64:
                pragmas.append(f"#pragma GCC unroll {c}")
        elif not has_loop(s.body) and simd_safe(s):
            pragmas.append("#pragma omp simd")
        if parallel:
            private = self._privatizable(s)
            self.in_parallel = True

            def body() -> None:
                for t in private:  # a per-iteration copy of local scratch buffers (CINN's "local" scope)
                    n, _ = self.temp_size(t)
                    self.emit(f"{storage_type(t.dtype, 'c')} {t.cname}[{max(n or 1, 1)}] = {{0}};")
                self.stmt(s.body)

            try:
                self.emit_for(s, pragmas, body=body)
            finally:
                self.in_parallel = False
        else:
            self.emit_for(s, pragmas)

    def emit_for(self, s: For, pragmas: Iterable[str] = (), body: Any = None) -> None:
        """Also: the contiguous float16 runs of an innermost loop the schedule marked are converted
        to float rows before it (pirc/cinn/schedule/half_rows.py), in a block of their own."""
        pragmas = list(pragmas)
        rows = half_rows(s) if marked(s) and not has_loop(s.body) else []
        if not rows:
            super().emit_for(s, pragmas, body)
            return
        n = const_int(s.extent)
        add = half_accumulation(s, rows)
        if add is not None:
            row = add.row
            self.emit(f"/* {comment_text(add.target.name)} += float16 row */")
            self.emit(f"{self.prelude.use('pirc_add_h2f_row')}("
                      f"{self.pointer(add.target, s).cname} + {self.offset(add.target, add.indices)}, "
                      f"{self.pointer(row.tensor, row.loads[0]).cname} + {self.offset(row.tensor, row.indices)}, {n});")
            return
        self.emit("{")
        self.depth += 1
        for r in rows:
            name = self.names.fresh("h", r.tensor.name)
            info = self.pointer(r.tensor, r.loads[0])
            view = self.names.fresh("hp", r.tensor.name)
            self.emit(f"float {name}[{n}];")
            self.emit(f"{self.prelude.use('pirc_h2f_row')}({info.cname} + {self.offset(r.tensor, r.indices)}, "
                      f"{name}, {n});")
            # read through a restrict pointer: else GCC keeps an omp simd reduction's partial sums
            # in memory (a store per iteration), not knowing they cannot alias the row
            self.emit(f"const float* restrict {view} = {name};")
            for ld in r.loads:
                self.half_loads[id(ld)] = (view, s)
        try:
            super().emit_for(s, pragmas, body)
        finally:
            for r in rows:
                for ld in r.loads:
                    self.half_loads.pop(id(ld), None)
        self.close()

    def reduction(self, plan: ReductionPlan) -> None:
        """A float32 sum over one contiguous float16 row (``acc + float(h[k])``, nothing else in the
        loop) is one call of pirc_sum_h2f_row, which keeps its partial sums in registers and
        converts with F16C; anything else is the common reduction loop."""
        row = self._half_sum_row(plan)
        if row is None:
            super().reduction(plan)
            return
        st = plan.store
        loop = plan.loops[0]
        acc = self.names.fresh("acc", st.tensor.name)
        info = self.pointer(row.tensor, row.loads[0])
        self.emit(f"/* {comment_text(st.tensor.name)}: reduction (add) of float16 */")
        self.emit(f"float {acc} = {self.load(st.tensor, plan.indices, st)};")
        self.emit(f"{acc} = {self.prelude.use('pirc_sum_h2f_row')}({info.cname} + "
                  f"{self.offset(row.tensor, row.indices)}, {const_int(loop.extent)}, {acc});")
        self.emit(self.store_stmt(st.tensor, plan.indices, acc, st))

    @staticmethod
    def _half_sum_row(plan: ReductionPlan) -> HalfRow | None:
        if plan.kind is not Kind.ADD or len(plan.loops) != 1 or plan.store.tensor.dtype is not DType.FLOAT32:
            return None
        rhs = plan.rhs
        if isinstance(rhs, Cast) and rhs.dtype is DType.FLOAT32:
            rhs = rhs.value
        if not isinstance(rhs, Load):
            return None
        rows = half_rows(plan.loops[0]) if marked(plan.loops[0]) else []
        return rows[0] if len(rows) == 1 and len(rows[0].loads) == 1 and rows[0].loads[0] is rhs else None

    def load(self, t: Tensor, indices: Sequence[Expr], node: Node) -> str:
        hit = self.half_loads.get(id(node))
        if hit is None:
            return super().load(t, indices, node)
        name, loop = hit
        k = self.expr(loop.loop_var)
        mn = const_int(loop.min)
        return f"{name}[{k}]" if not mn else f"{name}[{k} - {mn}]"

    def _parallel_pragma(self, loop: For) -> str:
        """``omp parallel for``, unless the nest is too small to pay for waking the threads: a
        constant count of innermost iterations under :data:`PARALLEL_MIN_WORK` runs serially, a
        symbolic one gets an ``if`` clause that decides at run time."""
        work = _work(loop, _bound_ids(loop))
        team = f" num_threads({self.prelude.use('pirc_team')}({loop.factor}))" if loop.factor else ""
        pragma = "#pragma omp parallel for schedule(static)" + team
        if work is None:
            return pragma
        const, terms = work
        if not terms:
            return pragma if const >= PARALLEL_MIN_WORK else "/* serial: too little work for threads */"
        parts = [f"(int64_t)({self.expr(t)})" for t in terms]
        return f"{pragma} if({' * '.join([str(const)] + parts)} >= {PARALLEL_MIN_WORK})"

    def _privatizable(self, loop: For) -> list:
        """Local / shared temps of constant (stack) size used only inside ``loop``."""
        inside: dict[str, int] = {}
        for n in walk(loop):
            if type(n) is Tensor:
                key = storage_key(n)
                inside[key] = inside.get(key, 0) + 1
        everywhere: dict[str, int] = {}
        for n in walk(self.body):  # the body as emitted (after the AST rewrites above)
            if type(n) is Tensor:
                key = storage_key(n)
                everywhere[key] = everywhere.get(key, 0) + 1
        out = []
        for t in self.temps:
            if t.scope is MemoryScope.GLOBAL or t.key not in inside or everywhere.get(t.key) != inside[t.key]:
                continue
            size, _ = self.temp_size(t)
            if size is not None and size * elem_bytes(t.dtype, "c") <= STACK_LIMIT_BYTES:
                out.append(t)
        return out

    def split_nan(self, plan: ReductionPlan) -> bool:
        """float32 / float64 min / max reductions: an ordered min / max and a NaN flag (see the base
        class), OpenMP's own ``max`` and ``|`` simd reductions: the vector loop's chain through the
        accumulator is one ``vmaxps`` instead of two compares, a mask or and a blend, and the lanes
        combine in vector instructions, not a scalar loop over a user-declared reduction (a 4096 x
        1024 row max: twice as fast on one core, 8192 x 256 2.6 times)."""
        dt = plan.store.tensor.dtype
        return plan.kind in (Kind.MIN, Kind.MAX) and dt in (DType.FLOAT32, DType.FLOAT64)

    def reduction_pragmas(self, plan: ReductionPlan, innermost: bool, acc: str, nan: str | None = None) -> list[str]:
        dt = plan.store.tensor.dtype
        if not innermost or dt in (DType.FLOAT16, DType.BFLOAT16):
            return []
        if nan is not None:  # no NaN enters acc: OpenMP's max / min combine the lanes
            return [f"#pragma omp simd reduction({'min' if plan.kind is Kind.MIN else 'max'}:{acc}) reduction(|:{nan})"]
        op = _OMP_OPS.get(plan.kind) or ("min" if plan.kind is Kind.MIN else "max")  # integer min / max
        return [f"#pragma omp simd reduction({op}:{acc})"]

    def gpu_var(self, name: str, v: Var) -> str:
        raise self.error(f"'{name}' is used but the function has no "
                         f"{'grid_dim' if name.startswith('block') else 'block_dim'} attribute for it", v)

    def sync(self, name: str) -> None:
        self.emit(f"/* {name}: threads run one after another on the CPU */")

    # -- the function -------------------------------------------------------------------------------
    def generate(self) -> tuple[list[str], KernelMeta]:
        f = self.func
        self.collect_storage()
        meta = KernelMeta(self.index, self.symbol, f.name, group_of(f), "c", f, self.args, symbol_args_of(f))
        out = self.header_lines(meta)
        impl = f"pirc_k{self.index}_impl"
        out.append(f"static const char pirc_k{self.index}_name[] = {self.name_literal()};")
        params = [f"{self.param_type(a)} {a.cname}" for a in self.args]
        if conditional_loads(self.body):
            out.append(GCC_IF_CONVERT_WORKAROUND)
        out.append(f"static int {impl}({', '.join(params) if params else 'void'})")
        out.append("{")
        self.lines = []
        self.depth = 1
        heap = self._temps()
        opened = self._gpu_wrap()
        self.stmt(self.body)
        for _ in range(opened):
            self.close()
        if heap:
            self.depth = 0
            self.emit("pirc_exit:")
            self.depth = 1
            for t in heap:
                self.emit(f"free({t});")
            self.emit("return pirc_rc;")
        else:
            self.emit("return 0;")
        out.extend(self.lines)
        out.append("}")
        out.append("")
        out.append(f"int {self.symbol}(void** args, int nargs)")
        out.append("{")
        out.append(f"  if (nargs != {len(self.args)}) return -1;")
        call_args = []
        for i, a in enumerate(self.args):
            if a.is_buffer:
                pt = self.param_type(a).replace(" restrict", "")
                call_args.append(f"*({pt} const*)args[{i}]")
            else:
                call_args.append(f"*(const {ctype(a.dtype)}*)args[{i}]")
        out.append(f"  return {impl}({', '.join(call_args)});")
        out.append("}")
        return out, meta

    def _temps(self) -> list[str]:
        """Declare the temps; returns the heap-allocated ones (freed at the end)."""
        heap: list[str] = []
        allocs: list[tuple[str, str, str]] = []
        for t in self.temps:
            st = storage_type(t.dtype, "c")
            n, count = self.temp_size(t)
            if n is not None and n * elem_bytes(t.dtype, "c") <= STACK_LIMIT_BYTES:
                self.emit(f"{st} {t.cname}[{max(n, 1)}] = {{0}};")
            else:
                heap.append(t.cname)
                allocs.append((t.cname, st, count))
        if heap:
            self.emit("int pirc_rc = 0;")
            for name, st, _ in allocs:
                self.emit(f"{st}* {name} = NULL;")
            for name, st, count in allocs:
                self.emit(f"{name} = ({st}*)calloc((size_t)({count} > 0 ? {count} : 1), sizeof({st}));")
                self.emit(f"if ({name} == NULL) {{ pirc_rc = 1; goto pirc_exit; }}")
        return heap

    def _gpu_wrap(self) -> int:
        """Loops over grid_dim / block_dim for a kernel that uses blockIdx.x ... directly."""
        used = {_GPU_VAR_IDS[id(n)] for n in walk(self.func.body) if type(n) is Var and id(n) in _GPU_VAR_IDS}
        opened = 0
        for name in _GPU_ORDER:
            if name not in used:
                continue
            dims = self.func.attr("grid_dim" if name.startswith("block") else "block_dim", ())
            axis = "xyz".index(name[-1])
            if not isinstance(dims, tuple) or axis >= len(dims) or not isinstance(dims[axis], int):
                self.gpu_var(name, GPU_VARS[name])
            cname = self.names.fresh("g", name.replace(".", "_"))
            self.open(f"for (int {cname} = 0; {cname} < {int(dims[axis])}; {cname} += 1)")
            self.gpu_names[id(GPU_VARS[name])] = cname
            opened += 1
        return opened


def codegen_c(node: Module | LoweredFunc | Sequence[LoweredFunc]) -> GeneratedSource:
    """C99 source for a Module (or LoweredFuncs); see the module docstring for the ABI."""
    return assemble("c", node, CEmitter, C_ABI)


__all__ = ["C_ABI", "CEmitter", "codegen_c"]
