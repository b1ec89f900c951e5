"""The ``.ast`` text format: CINN's IR printer (``paddle/cinn/ir/ir_printer.cc``),
plus declaration lines so that what is printed parses back to an equal tree.

The body of a function prints exactly as CINN prints it::

    function fn_add_const (_A, _B)
      in _A: float32[32, 32]
      out _B: float32[32, 32]
      tensor A -> _A
      tensor B -> _B
    {
      ScheduleBlock(root)
      {
        serial for (i, 0, 32)
        {
          serial for (j, 0, 32)
          {
            ScheduleBlock(B)
            {
              i0, i1 = axis.bind(i, j)
              B[i0, i1] = (A[i0, i1] + 2.00000000f)
            }
          }
        }
      }
    }

The indented lines between the header and the body are pirc's addition (CINN
keeps that information in C++ objects): one line per argument (``in`` / ``out``
/ ``inout``, a buffer type ``[scope ]dtype[dims]`` or a scalar dtype), ``var``
for a free variable, ``temp`` / ``buffer`` for other buffers, ``tensor`` for each
tensor the body uses (``-> buf`` names its buffer; the type is left out when it
is the buffer's), and ``attrs(...)``.  ``print_ast(node, decls=False)`` leaves
them out and gives CINN's text exactly.

Other additions, each printed only when needed: ``reduce_axes(i1)`` after an
``axis.bind`` line marks reduce iter vars; a call whose type differs from the
one its name implies prints as ``name<dtype>(args)``; uint32 immediates print as
``(uint32_t)3``; float64 infinities / NaNs as ``__longlong_as_double(0x...)``
and float32 NaN as ``__int_as_float(0x7fc00000)`` (CINN prints ``nan``); read
and write regions print as ``A[i0, 0:128]`` (begin:end).

Variable names are made unique within their scope (``i``, ``i_1``...) and names
that are not identifiers or are keywords are adjusted, so a tree whose
variables share names still prints unambiguously.
"""

from __future__ import annotations

import math
import re
import struct
from typing import Any

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import (
    EQ,
    GE,
    GPU_VARS,
    GT,
    LE,
    LT,
    NE,
    RESERVED_WORDS,
    Add,
    And,
    Argument,
    BinaryOp,
    Block,
    Buffer,
    Call,
    Cast,
    Div,
    Evaluate,
    Expr,
    FloatImm,
    For,
    ForKind,
    IfThenElse,
    IntImm,
    IterType,
    Let,
    Load,
    LoweredFunc,
    Max,
    MemoryScope,
    Min,
    Minus,
    Mod,
    Module,
    Mul,
    Node,
    Not,
    Or,
    Range,
    ScheduleBlock,
    ScheduleBlockRealize,
    Select,
    Store,
    StringImm,
    Sub,
    Tensor,
    TensorRegion,
    Var,
    ast_error,
    infer_call_dtype,
)
from pirc.cinn.ast.visitor import free_vars, walk

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_GPU_IDS = {id(v) for v in GPU_VARS.values()}


# ---------------------------------------------------------------------------------------
# immediates
# ---------------------------------------------------------------------------------------


def format_int(value: int, dtype: DType) -> str:
    if dtype is DType.BOOL:
        return "true" if value else "false"
    if dtype is DType.INT64:
        return f"{value}ll"
    if dtype is DType.INT32:
        return f"(int32_t){value}" if value == -(2**31) else str(value)
    if dtype is DType.UINT64:
        return f"{value}ull"
    prefix = {
        DType.INT16: "int16_t", DType.INT8: "int8_t", DType.UINT32: "uint32_t",
        DType.UINT16: "uint16_t", DType.UINT8: "uint8_t",
    }[dtype]
    return f"({prefix}){value}"


def _bits32(v: float) -> int:
    return struct.unpack("<I", struct.pack("<f", v))[0]


def format_float(value: float, dtype: DType) -> str:
    """C++ ``setprecision(max_digits10) << showpoint`` as CINN prints it."""
    if dtype is DType.FLOAT32:
        if math.isinf(value):
            return "__int_as_float(0x7f800000)" if value > 0 else "__int_as_float(0xff800000)"
        if math.isnan(value):
            return "__int_as_float(0x7fc00000)"
        return "%#.9gf" % value
    if dtype is DType.FLOAT64:
        if math.isinf(value):
            return "__longlong_as_double(0x7ff0000000000000)" if value > 0 else "__longlong_as_double(0xfff0000000000000)"
        if math.isnan(value):
            return "__longlong_as_double(0x7ff8000000000000)"
        return "%#.17g" % value
    if dtype is DType.FLOAT16:
        if math.isinf(value):
            return "cinn::common::raw_uint16_to_float16(0x7c00)" if value > 0 else "cinn::common::raw_uint16_to_float16(0xfc00)"
        if math.isnan(value):
            return "cinn::common::raw_uint16_to_float16(0x7e00)"
        return "(float16)%.5gf" % value
    # bfloat16
    if math.isinf(value):
        return "cinn::common::raw_uint16_to_bfloat16(0x7F80)" if value > 0 else "cinn::common::raw_uint16_to_bfloat16(0xFF80)"
    if math.isnan(value):
        return "cinn::common::raw_uint16_to_bfloat16(0x7FC0)"
    return "(bfloat16)%.4gf" % value


def format_attr_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        r = repr(v)
        return r if ("." in r or "e" in r) else r + ".0"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(v, tuple):
        return "[" + ", ".join(format_attr_value(x) for x in v) + "]"
    raise TypeError(f"cannot print attribute value {v!r}")


def format_attrs(attrs: tuple) -> str:
    return "attrs(" + ", ".join(f"{k}:{format_attr_value(v)}" for k, v in attrs) + ")"


def _escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")


_FOR_PREFIX = {
    ForKind.SERIAL: "serial",
    ForKind.PARALLEL: "parallel",
    ForKind.UNROLLED: "unroll",
    ForKind.DEFAULT: "default",
}

_BINOP: dict[type, str] = {
    Add: "+", Sub: "-", Mul: "*", Div: "/", Mod: "%",
    EQ: "==", NE: "!=", LT: "<", LE: "<=", GT: ">", GE: ">=",
    And: "and", Or: "or",
}


class AstPrinter:
    """Prints one node.  Use :func:`print_ast`."""

    def __init__(self, decls: bool = True) -> None:
        self.decls = decls
        self.out: list[str] = []
        self.indent = 0
        self.names: dict[Var, str] = {}
        self.owner: dict[str, Var] = {}
        self.trail: list[tuple[Var, Any, str, Any]] = []

    # -- names ----------------------------------------------------------------------------
    def _candidate(self, v: Var) -> str:
        if id(v) in _GPU_IDS:
            return v.name
        name = v.name
        if not _IDENT.match(name):
            name = re.sub(r"[^A-Za-z0-9_]", "_", name)
            if not name or name[0].isdigit():
                name = "_" + name
        if name in RESERVED_WORDS:
            name += "_"
        return name

    def _free_name(self, base: str, v: Var) -> str:
        owner = self.owner.get(base)
        if owner is None or owner is v:
            if base not in GPU_VARS or id(v) in _GPU_IDS:
                return base
        k = 1
        while True:
            cand = f"{base}_{k}"
            o = self.owner.get(cand)
            if o is None or o is v:
                return cand
            k += 1

    def define(self, v: Var) -> str:
        name = self._free_name(self._candidate(v), v)
        self.trail.append((v, self.names.get(v), name, self.owner.get(name)))
        self.names[v] = name
        self.owner[name] = v
        return name

    def define_global(self, v: Var) -> str:
        name = self._free_name(self._candidate(v), v)
        self.names[v] = name
        self.owner[name] = v
        return name

    def unwind(self, mark: int) -> None:
        while len(self.trail) > mark:
            v, old_name, name, old_owner = self.trail.pop()
            if old_name is None:
                self.names.pop(v, None)
            else:
                self.names[v] = old_name
            if old_owner is None:
                self.owner.pop(name, None)
            else:
                self.owner[name] = old_owner

    def name(self, v: Var) -> str:
        n = self.names.get(v)
        if n is None:
            n = self.define_global(v)
        return n

    # -- expressions ----------------------------------------------------------------------
    def expr(self, e: Node) -> str:
        # ``type(e) is C`` narrows for mypy and is the fastest test (node classes are leaves)
        t = type(e)
        if type(e) is Var:
            return self.name(e)
        if type(e) is Load:
            return f"{e.tensor.name}[{', '.join(self.expr(i) for i in e.indices)}]"
        if type(e) is IntImm:
            return format_int(e.value, e.dtype)
        if type(e) is FloatImm:
            return format_float(e.value, e.dtype)
        if isinstance(e, BinaryOp):
            op = _BINOP.get(t)
            if op is not None:
                return f"({self.expr(e.a)} {op} {self.expr(e.b)})"
            if t is Min:
                return f"cinn_min({self.expr(e.a)}, {self.expr(e.b)})"
            if t is Max:
                return f"cinn_max({self.expr(e.a)}, {self.expr(e.b)})"
        if type(e) is Call:
            return self.call(e)
        if type(e) is Cast:
            return f"{e.dtype}({self.expr(e.value)})"
        if type(e) is Select:
            return (f"select({self.expr(e.condition)}, {self.expr(e.true_value)}, "
                    f"{self.expr(e.false_value)})")
        if type(e) is Not:
            return f"!{self.expr(e.a)}"
        if type(e) is Minus:
            return f"-({self.expr(e.a)})"
        if type(e) is StringImm:
            return f'"{_escape(e.value)}"'
        if type(e) is Tensor:
            return f"Tensor({e.name}, [{','.join(self.expr(d) for d in e.shape)}])"
        if type(e) is Buffer:
            dims = ",".join(self.expr(d) for d in e.shape)
            return f"_Buffer_<cinn_buffer_t*: {dims}>({e.name})"
        raise TypeError(f"not an expression: {type(e).__name__}")

    def call(self, c: Call, context: DType | None = None) -> str:
        args = ", ".join(self.expr(a) for a in c.args)
        if c.dtype is context or c.dtype is infer_call_dtype(c.name, c.args):
            return f"{c.name}({args})"
        return f"{c.name}<{c.dtype}>({args})"

    def value(self, e: Expr, context: DType) -> str:
        """An expression whose type the context gives (a Store's or a Let's value)."""
        if type(e) is Call:
            return self.call(e, context)
        return self.expr(e)

    def region(self, r: TensorRegion) -> str:
        dims = []
        for rg in r.ranges:
            if rg.end is None:
                dims.append(self.expr(rg.begin))
            else:
                dims.append(f"{self.expr(rg.begin)}:{self.expr(rg.end)}")
        return f"{r.tensor.name}[{', '.join(dims)}]"

    # -- statements (the structure of CINN's IrPrinter) ----------------------------------------
    def w(self, s: str) -> None:
        self.out.append(s)

    def do_indent(self) -> None:
        self.out.append("  " * self.indent)

    def stmt(self, s: Node) -> None:
        if type(s) is Store:
            idx = ", ".join(self.expr(i) for i in s.indices)
            self.w(f"{s.tensor.name}[{idx}] = {self.value(s.value, s.tensor.dtype)}")
        elif type(s) is For:
            self.for_(s)
        elif type(s) is Block:
            self.block(s)
        elif type(s) is ScheduleBlockRealize:
            self.realize(s)
        elif type(s) is IfThenElse:
            self.w(f"if ({self.expr(s.condition)}) ")
            self.block(s.then_case)
            if s.else_case is not None:
                self.w(" else ")
                self.block(s.else_case)
        elif type(s) is Let:
            value = None if s.value is None else self.value(s.value, s.var.dtype)
            name = self.define(s.var)
            self.w(f"{s.var.dtype} {name}" + ("" if value is None else f" = {value}"))
        elif type(s) is Evaluate:
            self.w(self.expr(s.value))
        else:
            raise TypeError(f"not a statement: {type(s).__name__}")

    def block(self, b: Block) -> None:
        mark = len(self.trail)
        self.w("{\n")
        self.indent += 1
        n = len(b.stmts)
        for i, s in enumerate(b.stmts):
            self.do_indent()
            self.stmt(s)
            if i + 1 < n:
                self.w("\n")
        self.indent -= 1
        self.w("\n")
        self.do_indent()
        self.w("}")
        self.unwind(mark)

    def for_(self, f: For) -> None:
        if f.kind is ForKind.VECTORIZED:
            prefix = f"vectorize[{f.factor}]"
        elif f.kind is ForKind.PARALLEL and f.factor:
            prefix = f"parallel[{f.factor}]"
        elif f.kind.is_gpu:
            prefix = f"thread_bind[{f.bind_name}]"
        else:
            prefix = _FOR_PREFIX[f.kind]
        mn, ext = self.expr(f.min), self.expr(f.extent)
        mark = len(self.trail)
        name = self.define(f.loop_var)
        self.w(f"{prefix} for ({name}, {mn}, {ext})\n")
        self.do_indent()
        self.block(f.body)
        self.unwind(mark)

    def realize(self, r: ScheduleBlockRealize) -> None:
        sb = r.block
        values = [self.expr(v) for v in r.iter_values]
        mark = len(self.trail)
        names = [self.define(v) for v in sb.iter_vars]
        self.w(f"ScheduleBlock({sb.name})\n")
        self.do_indent()
        self.w("{\n")
        self.indent += 1
        if names:
            self.do_indent()
            self.w(f"{', '.join(names)} = axis.bind({', '.join(values)})\n")
        assert sb.iter_types is not None  # ScheduleBlock.__post_init__ sets it
        reduce = [n for n, t in zip(names, sb.iter_types) if t is IterType.REDUCE]
        if reduce:
            self.do_indent()
            self.w(f"reduce_axes({', '.join(reduce)})\n")
        if sb.reads:
            self.do_indent()
            self.w(f"read_buffers({', '.join(self.region(x) for x in sb.reads)})\n")
        if sb.writes:
            self.do_indent()
            self.w(f"write_buffers({', '.join(self.region(x) for x in sb.writes)})\n")
        if sb.attrs:
            self.do_indent()
            self.w(format_attrs(sb.attrs) + "\n")
        self.do_indent()
        self.stmt(sb.body)
        self.w("\n")
        self.indent -= 1
        self.do_indent()
        self.w("}")
        self.unwind(mark)

    # -- functions --------------------------------------------------------------------------
    def type_spec(self, scope: MemoryScope, dtype: DType, shape: tuple) -> str:
        prefix = "" if scope is MemoryScope.GLOBAL else f"{scope} "
        return f"{prefix}{dtype}[{', '.join(self.expr(d) for d in shape)}]"

    def function(self, f: LoweredFunc) -> None:
        mark = len(self.trail)
        arg_names = []
        for a in f.args:
            arg_names.append(self.define(a.target) if isinstance(a.target, Var) else a.name)
        free = [v for v in free_vars(f) if id(v) not in _GPU_IDS]
        for v in free:
            self.define(v)
        self.w(f"function {f.name} ({', '.join(arg_names)})\n")
        if self.decls:
            self.declarations(f, free)
        self.block(f.body)
        self.unwind(mark)

    def declarations(self, f: LoweredFunc, free: list[Var]) -> None:
        from pirc.cinn.ast.equality import structural_equal

        lines = []
        for a in f.args:
            target = a.target
            if isinstance(target, Var):
                lines.append(f"{a.io} {self.names[target]}: {target.dtype}")
            else:
                lines.append(f"{a.io} {target.name}: {self.type_spec(target.scope, target.dtype, target.shape)}")
        for v in free:
            lines.append(f"var {self.names[v]}: {v.dtype}")
        # every buffer and tensor the function refers to, first use first
        buffers: dict[str, Buffer] = {}
        tensors: dict[str, Tensor] = {}
        for a in f.args:
            if isinstance(a.target, Buffer):
                buffers[a.name] = a.target
        for t in f.temp_bufs:
            buffers[t.name] = t
        declared = set(buffers)
        for n in walk(f.body):
            if type(n) is Tensor:
                seen = tensors.get(n.name)
                if seen is None:
                    tensors[n.name] = n
                elif seen is not n and not structural_equal(seen, n):
                    raise ast_error(f"function {f.name} uses two different tensors named {n.name}", n.span)
            elif type(n) is Buffer:
                seen_b = buffers.get(n.name)
                if seen_b is None:
                    buffers[n.name] = n
                elif seen_b is not n and not structural_equal(seen_b, n):
                    raise ast_error(f"function {f.name} uses two different buffers named {n.name}", n.span)
        for t in f.temp_bufs:
            lines.append(f"temp {t.name}: {self.type_spec(t.scope, t.dtype, t.shape)}")
        for name, b in buffers.items():
            if name not in declared:
                lines.append(f"buffer {name}: {self.type_spec(b.scope, b.dtype, b.shape)}")
        for name, t in tensors.items():
            tb = t.buffer
            assert t.scope is not None  # Tensor.__post_init__ sets it
            if tb is None:
                lines.append(f"tensor {name}: {self.type_spec(t.scope, t.dtype, t.shape)}")
            elif structural_equal(tuple(t.shape), tuple(tb.shape)):
                lines.append(f"tensor {name} -> {tb.name}")
            else:
                lines.append(f"tensor {name}: {self.type_spec(t.scope, t.dtype, t.shape)} -> {tb.name}")
        if f.attrs:
            lines.append(format_attrs(f.attrs))
        for line in lines:
            self.w(f"  {line}\n")

    def module(self, m: Module) -> None:
        self.w(f"Module {m.name} {{\n\n")
        for f in m.functions:
            self.function(f)
            self.w("\n")
        self.w("\n\n}")

    # -- entry --------------------------------------------------------------------------------
    def print(self, node: Node) -> str:
        if isinstance(node, Module):
            self.module(node)
        elif isinstance(node, LoweredFunc):
            self.function(node)
        elif isinstance(node, Expr) or node.KIND in (Kind.TENSOR, Kind.BUFFER):
            for v in free_vars(node):
                self.define_global(v)
            self.w(self.expr(node))
        elif type(node) is ScheduleBlock:
            self.w(f"<ScheduleBlock {node.name}>")
        elif type(node) is TensorRegion:
            self.w(self.region(node))
        elif type(node) is Range:
            end = node.end
            self.w(self.expr(node.begin) + ("" if end is None else f":{self.expr(end)}"))
        elif type(node) is Argument:
            t = node.target
            if isinstance(t, Var):
                self.w(f"{node.io} {self.name(t)}: {t.dtype}")
            else:
                self.w(f"{node.io} {t.name}: {self.type_spec(t.scope, t.dtype, t.shape)}")
        else:
            for v in free_vars(node):
                self.define_global(v)
            self.stmt(node)
        return "".join(self.out)


def print_ast(node: Node, decls: bool = True) -> str:
    """The ``.ast`` text of any node (no trailing newline).

    ``decls=False`` omits the declaration lines of functions: CINN's exact text,
    which does not parse back on its own.
    """
    return AstPrinter(decls).print(node)


def to_text(node: Node) -> str:
    """The contents of an ``.ast`` file for a Module or LoweredFunc (ends with a newline)."""
    return print_ast(node) + "\n"


__all__ = ["AstPrinter", "format_float", "format_int", "print_ast", "to_text"]
