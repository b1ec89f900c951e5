"""What CodeGenC and CodeGenCUDA_Dev share: types, literals, the kernel metadata,
loop analyses and the statement / expression emitter.

The emitter walks a :class:`~pirc.cinn.ast.LoweredFunc` and writes C-family code:

* every name in the output is generated (:mod:`.names`); input strings reach the
  output only escaped, in comments and string literals;
* schedule blocks disappear: ``i0, i1 = axis.bind(i, j)`` becomes ``const`` locals;
* a tensor access ``T[i, j]`` becomes ``p[i * stride0 + j]`` with the strides of the
  tensor's own shape (several tensors may view one buffer);
* a reduction loop nest ``for k { T[idx] = op(T[idx], rhs) }`` whose index does
  not depend on its loops is emitted with a scalar accumulator (and, in C,
  ``#pragma omp simd reduction``);
* values follow the AST evaluator's semantics (see :mod:`.prelude`).

Target specifics (argument lists, temp storage, GPU loops, pragmas, calls that
only exist on one target) are hooks that :mod:`.c` and :mod:`.cuda` override.  The emitter's
expression half (operators, casts, calls) is :mod:`.exprs`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pirc.cinn.ast.analysis import (  # noqa: F401 - re-exported for the emitters
    CROSS_THREAD_RE,
    NotConstant,
    ReductionPlan,
    const_int,
    eval_int,
    has_loop,
    linear_coeff,
    match_reduction,
    simd_safe,
    speculation_safe,
    storage_key,
    uses_vars,
)
from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import (
    VOID_INTRINSICS,
    ArgIO,
    Block,
    Buffer,
    Call,
    Evaluate,
    Expr,
    For,
    IfThenElse,
    Let,
    LoweredFunc,
    MemoryScope,
    Node,
    ScheduleBlockRealize,
    Select,
    Stmt,
    Store,
    Tensor,
    Var,
)
from pirc.cinn.ast.printer import print_ast
from pirc.cinn.ast.visitor import children, walk

#: bumped whenever generated code or the ABI changes (part of every cache key)
from pirc.cinn.codegen.literals import (  # noqa: F401 - re-exported
    _GPU_VAR_IDS,
    _SFX,
    CODEGEN_VERSION,
    SMALL_INTS,
    LiteralMaker,
    ctype,
    device_dtype,
    elem_bytes,
    host_dtype,
    int_literal,
    storage_type,
)
from pirc.cinn.codegen.meta import (  # noqa: F401 - re-exported
    ArgInfo,
    GeneratedSource,
    KernelMeta,
    LaunchDim,
    WorkspaceInfo,
    assemble,
    file_header,
    functions_of,
    group_of,
    loop_outline,
    symbol_args_of,
)
from pirc.cinn.codegen.exprs import ExprEmitter
from pirc.cinn.codegen.names import NameTable, c_string_literal, comment_text, kernel_symbol
from pirc.cinn.codegen.prelude import Prelude
from pirc.diagnostics import Diagnostic, PircError

# ------------------------------------------------------------------------------------------
# analyses
# ------------------------------------------------------------------------------------------


STACK_LIMIT_BYTES = 16384  # C temps up to this size live on the stack


@dataclass
class StorageInfo:
    """How the generated code reaches one buffer."""

    key: str
    cname: str
    dtype: DType
    scope: MemoryScope
    kind: str  # "arg" | "temp"
    shape: tuple = ()  # temp: dims
    name: str = ""  # the AST name (escaped in comments)
    readonly: bool = False
    node: Node | None = None  # the Buffer / Tensor (for located errors)


class FuncEmitter(ExprEmitter):
    """Emits one LoweredFunc.  Subclasses implement the target hooks."""

    target = "c"
    restrict = "restrict"  # the target's no-alias qualifier

    def __init__(self, func: LoweredFunc, index: int, prelude: Prelude) -> None:
        self.func = func
        self.body: Stmt = func.body  # what is emitted: a target may rewrite it first (CodeGenC does)
        self.index = index
        self.prelude = prelude
        self.lits = LiteralMaker(prelude)
        self.names = NameTable()
        self.lines: list[str] = []
        self.depth = 1
        self.scopes: list[dict[Var, str]] = [{}]
        #: the variables declared with index_ctype: loop and iteration variables, and the Lets of
        #: values over them (wider than their dtype's C type on a target that widens indices)
        self.wide: set[Var] = set()
        self.storage: dict[str, StorageInfo] = {}
        self.symbol = kernel_symbol(index, func.name)
        self.args: list[ArgInfo] = []
        self.temps: list[StorageInfo] = []
        self.gpu_names: dict[int, str] = {}  # id(GPU var) -> C expression

    # -- errors ---------------------------------------------------------------------------------
    def error(self, message: str, node: Node | None = None) -> PircError:
        """A diagnostic at ``node`` (or the function) when it came from ``.ast`` text."""
        loc = None
        for n in (node, self.func):
            span = getattr(n, "span", None)
            if span is not None and span.source is not None:
                loc = span
                break
        return PircError(Diagnostic("error", f"{self.target} codegen: {message}", loc))

    # -- output -----------------------------------------------------------------------------------
    def emit(self, line: str) -> None:
        self.lines.append("  " * self.depth + line)

    def open(self, line: str) -> None:
        self.emit(line + " {")
        self.depth += 1

    def close(self, suffix: str = "") -> None:
        self.depth -= 1
        self.emit("}" + suffix)

    # -- names ------------------------------------------------------------------------------------
    def push(self) -> None:
        self.scopes.append({})

    def pop(self) -> None:
        self.scopes.pop()

    def bind(self, v: Var, prefix: str = "v") -> str:
        name = self.names.fresh(prefix, v.name)
        self.scopes[-1][v] = name
        return name

    def lookup(self, v: Var) -> str:
        for sc in reversed(self.scopes):
            n = sc.get(v)
            if n is not None:
                return n
        g = self.gpu_names.get(id(v))
        if g is not None:
            return g
        if id(v) in _GPU_VAR_IDS:
            return self.gpu_var(_GPU_VAR_IDS[id(v)], v)
        raise self.error(f"variable '{comment_text(v.name)}' is used but not defined here "
                         "(free variables cannot be compiled)", v)

    # -- set-up -----------------------------------------------------------------------------------
    def collect_storage(self) -> None:
        f = self.func
        written = set()
        for n in walk(self.body):
            if type(n) is Store:
                written.add(storage_key(n.tensor))
        for i, a in enumerate(f.args):
            if a.is_buffer:
                b: Buffer = a.target
                if a.io is ArgIO.IN and b.name in written:
                    raise self.error(f"the function stores to its input argument {b.name}: declare it "
                                     "'inout' (inputs are read-only in compiled kernels)", a)
                cname = self.names.fresh("a", b.name)
                self.storage[b.name] = StorageInfo(b.name, cname, b.dtype, b.scope, "arg", tuple(b.shape), b.name,
                                                   readonly=a.io is ArgIO.IN)
                self.args.append(ArgInfo(i, b.name, cname, a.io, b.dtype, True, tuple(b.shape),
                                         host_dtype=host_dtype(b.dtype, self.target),
                                         device_dtype=device_dtype(b.dtype, self.target)))
            else:
                v: Var = a.target
                if not (v.dtype.is_int or v.dtype.is_bool or v.dtype.is_float):
                    raise self.error(f"scalar argument {comment_text(v.name)} has type {v.dtype}", a)
                cname = self.bind(v, "s")
                self.args.append(ArgInfo(i, v.name, cname, ArgIO.IN, v.dtype, False, var=v,
                                         host_dtype=host_dtype(v.dtype, self.target) if v.dtype is not DType.BFLOAT16
                                         else "float32"))
        for b in f.temp_bufs:
            self._add_temp(b.name, b.dtype, b.scope, tuple(b.shape), b.name, b)
        for n in walk(self.body):
            if type(n) is Tensor:
                t: Tensor = n
                key = storage_key(t)
                if key not in self.storage:
                    if t.buffer is not None:
                        self._add_temp(key, t.buffer.dtype, t.buffer.scope, tuple(t.buffer.shape), t.buffer.name,
                                       t.buffer)
                    else:
                        assert t.scope is not None  # Tensor.__post_init__ sets it
                        self._add_temp(key, t.dtype, t.scope, tuple(t.shape), t.name, t)
            elif type(n) is Buffer and n.name not in self.storage:
                bb: Buffer = n
                self._add_temp(bb.name, bb.dtype, bb.scope, tuple(bb.shape), bb.name, bb)

    def _add_temp(self, key: str, dt: DType, scope: MemoryScope, shape: tuple, name: str, node: Node) -> None:
        cname = self.names.fresh("t", name)
        info = StorageInfo(key, cname, dt, scope, "temp", shape, name, node=node)
        self.storage[key] = info
        self.temps.append(info)

    def temp_size(self, info: StorageInfo) -> tuple[int | None, str]:
        """(constant element count or None, C expression of the element count)."""
        n = 1
        for d in info.shape:
            c = const_int(d)
            if c is None:
                parts = [f"(int64_t)({self.expr(x)})" for x in info.shape]
                return None, "(" + " * ".join(parts) + ")" if parts else "1"
            n *= c
        return n, str(n)

    # -- memory ---------------------------------------------------------------------------------------
    def offset(self, t: Tensor, indices: Sequence[Expr]) -> str:
        shape = t.shape
        if not shape:
            return "0"
        dims = [const_int(d) for d in shape]
        wide = (any(i.dtype is not DType.INT32 for i in indices) or any(d.dtype is not DType.INT32 for d in shape)
                or any(d is None for d in dims) or math.prod(d for d in dims if d is not None) >= (1 << 31))
        itype = DType.INT64 if wide else DType.INT32
        terms: list[str] = []
        const_part = 0
        stride_c = 1
        stride_s: list[str] = []
        for d in reversed(range(len(shape))):
            idx = indices[d]
            ci = const_int(idx)
            if ci is not None and not stride_s:
                const_part += ci * stride_c
            elif ci is not None:
                if ci:
                    terms.append("(" + " * ".join([int_literal(ci * stride_c, itype)] + stride_s) + ")")
            else:
                s = self.expr(idx)
                if wide and idx.dtype is not DType.INT64:
                    s = f"(int64_t){s}"
                factors = ([int_literal(stride_c, itype)] if stride_c != 1 else []) + stride_s
                terms.append("(" + " * ".join([s] + factors) + ")" if factors else s)
            cd = dims[d]
            if cd is not None:
                stride_c *= cd
            else:
                ds = self.expr(shape[d])
                stride_s.append(ds if shape[d].dtype is DType.INT64 else f"(int64_t){ds}")
        terms.reverse()
        if const_part or not terms:
            terms.append(int_literal(const_part, itype))
        return terms[0] if len(terms) == 1 else "(" + " + ".join(terms) + ")"

    def pointer(self, t: Tensor | Buffer, node: Node) -> StorageInfo:
        info = self.storage.get(storage_key(t))
        if info is None:  # pragma: no cover - collect_storage saw every tensor
            raise self.error(f"no storage for {t.name}", node)
        return info

    def load(self, t: Tensor, indices: Sequence[Expr], node: Node) -> str:
        info = self.pointer(t, node)
        s = f"{info.cname}[{self.offset(t, indices)}]"
        if t.dtype is DType.FLOAT16:
            return f"{self.prelude.use('pirc_h2f')}({s})"
        if t.dtype is DType.BFLOAT16 and self.target != "c":
            return f"{self.prelude.use('pirc_bf2f')}({s})"
        if t.dtype is DType.BOOL:
            return f"((int){s})"
        return s

    def store_stmt(self, t: Tensor, indices: Sequence[Expr], value: str, node: Node) -> str:
        info = self.pointer(t, node)
        dst = f"{info.cname}[{self.offset(t, indices)}]"
        dt = t.dtype
        if dt is DType.FLOAT16:
            value = f"{self.prelude.use('pirc_f2h')}({value})"
        elif dt is DType.BFLOAT16:
            value = (f"{self.prelude.use('pirc_round_bf16')}({value})" if self.target == "c"
                     else f"{self.prelude.use('pirc_f2bf')}({value})")
        elif dt is DType.BOOL:
            value = f"(uint8_t)({value})"
        return f"{dst} = {value};"

    # -- statements --------------------------------------------------------------------------------------
    def stmt(self, s: Stmt) -> None:
        if type(s) is Block:
            self.push()
            for c in s.stmts:
                self.stmt(c)
            self.pop()
        elif type(s) is Store:
            self.emit(self.store_stmt(s.tensor, s.indices, self.expr(s.value), s))
        elif type(s) is For:
            plan = match_reduction(s, allow_gpu=self.target == "c")
            if plan is not None:
                self.reduction(plan)
            else:
                self.for_loop(s)
        elif type(s) is IfThenElse:
            self.open(f"if ({self.expr(s.condition)})")
            self.stmt(s.then_case)
            if s.else_case is not None:
                self.depth -= 1
                self.emit("} else {")
                self.depth += 1
                self.stmt(s.else_case)
            self.close()
        elif type(s) is Let:
            v: Var = s.var
            if v.dtype in (DType.VOID, DType.STRING, DType.HANDLE):
                raise self.error(f"cannot declare a {v.dtype} variable", s)
            value = self.expr(s.value) if s.value is not None else "0"
            ct = ctype(v.dtype)
            if s.value is not None and self.index_ctype(v.dtype) != ct and self.is_wide(s.value):
                # a value of index variables (a row's offset hoisted out of a loop): as wide as
                # those variables, so that it is the value the expression had in place
                ct = self.index_ctype(v.dtype)
                self.wide.add(v)
            name = self.bind(v)
            self.emit(f"{ct} {name} = {value};")
        elif type(s) is Evaluate:
            self.evaluate(s.value, s)
        elif type(s) is ScheduleBlockRealize:
            self.realize(s)
        else:
            raise self.error(f"cannot generate code for {type(s).__name__}", s)

    def realize(self, s: ScheduleBlockRealize) -> None:
        sb = s.block
        if not sb.iter_vars:
            self.push()
            self.stmt(sb.body)
            self.pop()
            return
        values = [self.expr(v) for v in s.iter_values]
        self.push()
        self.emit(f"/* {comment_text(sb.name)} */")
        for iv, val in zip(sb.iter_vars, values):
            self.emit(f"const {self.index_ctype(iv.dtype)} {self.bind(iv)} = {val};")
            self.wide.add(iv)
        self.stmt(sb.body)
        self.pop()

    def is_wide(self, e: Expr) -> bool:
        """Whether ``e`` as printed has the wider C type of the index variables it computes with
        (C's usual arithmetic conversions: a loaded element, a cast or a call has its own type)."""
        k = e.KIND
        if type(e) is Var:
            return e in self.wide
        if k in (Kind.LOAD, Kind.CAST, Kind.CALL):
            return False
        if type(e) is Select:
            return self.is_wide(e.true_value) or self.is_wide(e.false_value)
        return any(isinstance(c, Expr) and self.is_wide(c) for c in children(e))

    def evaluate(self, c: Call, node: Node) -> None:
        if c.name in VOID_INTRINSICS:
            self.sync(c.name)
            return
        if CROSS_THREAD_RE.match(c.name):
            self.emit(f"(void){self.call(c)};")
            return
        self.emit(f"(void)({self.expr(c)});")

    def index_ctype(self, dtype: Any) -> str:
        """The C type of loop and iteration variables (a target may widen them)."""
        return ctype(dtype)

    def loop_header(self, s: For, name: str) -> str:
        ct = self.index_ctype(s.loop_var.dtype)
        mn = self.expr(s.min)
        ext = self.expr(s.extent)
        cm = const_int(s.min)
        end = ext if cm == 0 else f"({mn} + {ext})"
        return f"for ({ct} {name} = {mn}; {name} < {end}; {name} += 1)"

    def emit_for(self, s: For, pragmas: Iterable[str] = (), body: Any = None) -> None:
        """A plain C loop over ``s`` (after its pragmas), body emitted by ``body()`` or ``stmt``."""
        self.push()
        name = self.names.fresh("v", s.loop_var.name)
        header = self.loop_header(s, name)  # bounds are evaluated before the loop variable is bound
        self.scopes[-1][s.loop_var] = name
        self.wide.add(s.loop_var)
        for p in pragmas:
            self.lines.append(p)
        self.open(header)
        if body is None:
            self.stmt(s.body)
        else:
            body()
        self.close()
        self.pop()

    def reduction(self, plan: ReductionPlan) -> None:
        st = plan.store
        t = st.tensor
        dt = t.dtype
        acc = self.names.fresh("acc", t.name)
        self.emit(f"/* {comment_text(st.tensor.name)}: reduction ({plan.kind.name.lower()}) */")
        self.emit(f"{ctype(dt)} {acc} = {self.load(t, plan.indices, st)};")
        inner = plan.loops[-1]
        nan: str | None = None
        if self.split_nan(plan):  # whether a NaN was seen (the start value counts)
            nan = self.names.fresh("nan", t.name)
            self.emit(f"int {nan} = {acc} != {acc};")

        def chain(node: Stmt) -> None:
            if type(node) is For:
                self.emit_for(node, self.reduction_pragmas(plan, node is inner, acc, nan),
                              body=lambda: chain(node.body))
            elif type(node) is Block:
                self.push()
                chain(node.stmts[0])
                self.pop()
            elif type(node) is ScheduleBlockRealize:
                sb = node.block
                values = [self.expr(v) for v in node.iter_values]
                self.push()
                for iv, val in zip(sb.iter_vars, values):
                    self.emit(f"const {self.index_ctype(iv.dtype)} {self.bind(iv)} = {val};")
                    self.wide.add(iv)
                chain(sb.body)
                self.pop()
            elif nan is not None:
                v = self.names.fresh("v", t.name)
                cmp = "<" if plan.kind is Kind.MIN else ">"
                self.emit(f"const {ctype(dt)} {v} = {self.expr(plan.rhs)};")
                self.emit(f"{acc} = {v} {cmp} {acc} ? {v} : {acc};")
                self.emit(f"{nan} |= {v} != {v};")
            else:
                rhs = self.expr(plan.rhs)
                value = self.binary(plan.kind, dt, acc, rhs)
                if dt is DType.BFLOAT16:
                    value = f"{self.prelude.use('pirc_round_bf16')}({value})"
                elif dt is DType.BOOL:
                    value = f"({value} != 0)"
                self.emit(f"{acc} = {value};")

        chain(plan.loops[0])
        if nan is not None:
            self.emit(f"{acc} = {nan} ? ({ctype(dt)})NAN : {acc};")
        self.emit(self.store_stmt(t, plan.indices, acc, st))

    # -- target hooks ---------------------------------------------------------------------------------------
    def split_nan(self, plan: ReductionPlan) -> bool:
        """Whether a float min / max reduction is printed as two accumulators, the ordered min /
        max (``v > acc ? v : acc``: no NaN enters it) and whether a NaN was seen, joined after the
        loops (a NaN gives the quiet NaN ``NAN``, numpy's own from its vector loop): the value of
        folding the NaN-propagating ``pirc_max`` up to which NaN, or which of +0 and -0 in a tie,
        comes out, with no compare-and-blend chain through the accumulator."""
        return False

    def reduction_pragmas(self, plan: ReductionPlan, innermost: bool, acc: str, nan: str | None = None) -> list[str]:
        return []

    def for_loop(self, s: For) -> None:  # pragma: no cover - overridden
        self.emit_for(s)

    def gpu_var(self, name: str, v: Var) -> str:
        raise self.error(f"'{name}' is used outside a kernel that binds it", v)

    def sync(self, name: str) -> None:
        pass

    def cross_thread_call(self, e: Call, m: re.Match) -> str:
        raise self.error(f"'{e.name}' is a cross-thread primitive: it exists only on the CUDA target", e)

    # -- header comment ----------------------------------------------------------------------------------------
    def header_lines(self, meta: KernelMeta, extra: Iterable[str] = ()) -> list[str]:
        f = self.func
        out = [f"/* ---- kernel {meta.index}: {meta.symbol} ----",
               f" * function: {comment_text(f.name)}",
               f" * group: {comment_text(meta.group) if meta.group is not None else '(not given)'}",
               " * arguments:"]
        for a in meta.args:
            if a.is_buffer:
                dims = ", ".join(comment_text(print_ast(d, decls=False)) for d in a.shape)
                out.append(f" *   [{a.index}] {a.io.value:<5} {comment_text(a.name)}: {a.dtype.value}[{dims}] "
                           f"as {comment_text(self.param_type(a))}")
            else:
                src = meta.symbol_args.get(a.index)
                where = f" = dim {src[1]} of argument {src[0]}" if src is not None else ""
                out.append(f" *   [{a.index}] in    {comment_text(a.name)}: {a.dtype.value}{where}")
        if self.temps:
            out.append(" * temps:")
            for t in self.temps:
                dims = ", ".join(comment_text(print_ast(d, decls=False)) for d in t.shape)
                out.append(f" *   {comment_text(t.name)}: {t.scope.value} {t.dtype.value}[{dims}]")
        out.extend(extra)
        out.append(" * loops:")
        lines = loop_outline(f.body)
        out.extend(f" *   {ln}" for ln in lines[:40])
        if len(lines) > 40:
            out.append(f" *   ... ({len(lines) - 40} more)")
        if not lines:
            out.append(" *   (none)")
        out.append(" */")
        return out

    def param_type(self, a: ArgInfo) -> str:
        """A kernel parameter's C type: buffers as (const) restrict pointers, scalars by value."""
        if a.is_buffer:
            st = storage_type(a.dtype, self.target)
            return f"const {st}* {self.restrict}" if a.io.value == "in" else f"{st}* {self.restrict}"
        return ctype(a.dtype)

    def name_literal(self) -> str:
        return c_string_literal(self.func.name)


__all__ = [
    "CODEGEN_VERSION",
    "ArgInfo",
    "FuncEmitter",
    "GeneratedSource",
    "KernelMeta",
    "LaunchDim",
    "NotConstant",
    "ReductionPlan",
    "WorkspaceInfo",
    "const_int",
    "ctype",
    "eval_int",
    "functions_of",
    "linear_coeff",
    "match_reduction",
    "simd_safe",
    "storage_key",
    "storage_type",
]
