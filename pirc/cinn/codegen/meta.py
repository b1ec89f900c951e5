"""Kernel metadata (arguments, launch dims, workspaces) and the assembly of a generated file:
the header comment with each kernel's loop outline, the kernels, their ABI."""


from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pirc.cinn.ast.analysis import NotConstant, eval_int, match_reduction
from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import (
    ArgIO,
    Block,
    Expr,
    For,
    IfThenElse,
    LoweredFunc,
    Module,
    Node,
    ScheduleBlockRealize,
    Stmt,
    Var,
)
from pirc.cinn.ast.printer import print_ast

#: bumped whenever generated code or the ABI changes (part of every cache key)
from pirc.cinn.codegen.literals import (
    CODEGEN_VERSION,
)
from pirc.cinn.codegen.names import comment_text

# ------------------------------------------------------------------------------------------
# kernel metadata
# ------------------------------------------------------------------------------------------


@dataclass
class ArgInfo:
    """One kernel parameter, in the LoweredFunc's argument order."""

    index: int
    name: str  # the AST name (for messages; never written to source unescaped)
    cname: str  # the generated parameter name
    io: ArgIO
    dtype: DType
    is_buffer: bool
    shape: tuple = ()  # buffer: dims (Exprs over the scalar arguments)
    var: Var | None = None  # scalar: the Var
    host_dtype: str = ""  # buffer: numpy dtype of host arrays; scalar: numpy dtype of the value
    device_dtype: str = ""  # buffer: numpy dtype of the bytes the kernel reads

    @property
    def is_input(self) -> bool:
        return self.io is not ArgIO.OUT

    @property
    def scalar_var(self) -> Var:
        """The Var of a scalar argument."""
        assert self.var is not None, f"argument {self.name} is a buffer"
        return self.var

    @property
    def is_output(self) -> bool:
        return self.io is not ArgIO.IN


@dataclass
class WorkspaceInfo:
    """A global-memory temp buffer of a CUDA kernel: an extra pointer parameter the launcher allocates."""

    cname: str
    name: str
    dtype: DType
    nbytes: Expr  # int64, over the scalar arguments


@dataclass
class LaunchDim:
    """One of the six launch dimensions: a constant, or an expression over the scalar
    arguments evaluated at launch and clamped to [1, cap]."""

    const: int | None = None
    expr: Expr | None = None
    cap: int = 1

    def value(self, env: dict[Var, int]) -> int:
        if self.const is not None:
            return self.const
        if self.expr is not None:
            try:
                return max(1, min(self.cap, eval_int(self.expr, env)))
            except NotConstant:
                pass
        return self.cap

    def text(self) -> str:
        if self.const is not None:
            return str(self.const)
        if self.expr is not None:
            return f"min({print_ast(self.expr)}, {self.cap})"
        return str(self.cap)


@dataclass
class KernelMeta:
    """What a caller needs to run one generated kernel (the static half of CINN's CINNKernelInfo)."""

    index: int
    symbol: str  # the exported (extern "C") name
    name: str  # the LoweredFunc's name
    group: str | None
    target: str
    func: LoweredFunc
    args: list[ArgInfo]
    #: scalar argument index -> (buffer argument index, dim): where the runtime reads a symbolic dim
    symbol_args: dict[int, tuple[int, int]] = field(default_factory=dict)
    # CUDA
    grid: tuple[LaunchDim, LaunchDim, LaunchDim] = (LaunchDim(1), LaunchDim(1), LaunchDim(1))
    block: tuple[LaunchDim, LaunchDim, LaunchDim] = (LaunchDim(1), LaunchDim(1), LaunchDim(1))
    workspaces: list[WorkspaceInfo] = field(default_factory=list)
    shared_bytes: int = 0
    cross_thread: bool = False  # uses warp / block reductions (constrains blockDim.x)

    @property
    def inputs(self) -> list[ArgInfo]:
        return [a for a in self.args if a.is_buffer and a.is_input]

    @property
    def outputs(self) -> list[ArgInfo]:
        return [a for a in self.args if a.is_buffer and a.is_output]

    @property
    def scalars(self) -> list[ArgInfo]:
        return [a for a in self.args if not a.is_buffer]

    def env(self, scalar_values: dict[int, int]) -> dict[Var, int]:
        """Scalar argument index -> value, as an environment for shapes and launch dims."""
        return {self.args[i].var: v for i, v in scalar_values.items()}  # type: ignore[misc]

    def buffer_shape(self, arg: ArgInfo, env: dict[Var, int]) -> tuple[int, ...]:
        return tuple(eval_int(d, env) for d in arg.shape)

    def launch_dims(self, env: dict[Var, int]) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        g = tuple(d.value(env) for d in self.grid)
        b = tuple(d.value(env) for d in self.block)
        return g, b  # type: ignore[return-value]


@dataclass
class GeneratedSource:
    """The output of a code generator: one self-contained source and its kernels."""

    target: str
    text: str
    kernels: list[KernelMeta]
    module_name: str = "module"

    def kernel(self, name: str) -> KernelMeta:
        """By LoweredFunc name or exported symbol."""
        for k in self.kernels:
            if k.name == name or k.symbol == name:
                return k
        raise KeyError(name)


def functions_of(node: Module | LoweredFunc | Sequence[LoweredFunc]) -> tuple[str, list[LoweredFunc]]:
    if isinstance(node, Module):
        return node.name, list(node.functions)
    if isinstance(node, LoweredFunc):
        return node.name, [node]
    fns = list(node)
    for f in fns:
        if not isinstance(f, LoweredFunc):
            raise TypeError(f"expected LoweredFuncs, got {type(f).__name__}")
    return (fns[0].name if fns else "module"), fns




def loop_outline(body: Stmt, depth: int = 0) -> list[str]:
    """One line per loop, indented by nesting: ``serial for (i, 0ll, M)``; reductions marked."""
    out: list[str] = []

    def visit(s: Node, d: int) -> None:
        if type(s) is For:
            f: For = s
            kind = f.bind_name or f.kind.value
            red = " [reduction]" if match_reduction(f, True) is not None else ""
            out.append("  " * d + comment_text(f"{kind} for ({f.loop_var.name}, {print_ast(f.min, decls=False)}, "
                                               f"{print_ast(f.extent, decls=False)})") + red)
            visit(f.body, d + 1)
        elif type(s) is Block:
            for c in s.stmts:
                visit(c, d)
        elif type(s) is IfThenElse:
            visit(s.then_case, d)
            if s.else_case is not None:
                visit(s.else_case, d)
        elif type(s) is ScheduleBlockRealize:
            visit(s.block.body, d)

    visit(body, depth)
    return out


def symbol_args_of(func: LoweredFunc) -> dict[int, tuple[int, int]]:
    idx = {id(a.target): i for i, a in enumerate(func.args)}
    return {idx[id(v)]: pos for v, pos in func.symbol_bindings().items()}


def group_of(func: LoweredFunc) -> str | None:
    g = func.attr("group")
    return None if g is None else str(g)


def file_header(target: str, module_name: str, kernels: list[KernelMeta], abi: list[str]) -> str:
    lines = [(f"/* Generated by pirc (codegen {CODEGEN_VERSION}, target {target}) from module "
              f"{comment_text(module_name)}.  Do not edit."),
             f" * kernels: {len(kernels)}"]
    for k in kernels:
        lines.append(f" *   {k.symbol}  <- {comment_text(k.name)}")
    lines.append(" *")
    lines.extend(" * " + ln if ln else " *" for ln in abi)
    lines.append(" */")
    return "\n".join(lines) + "\n"


def assemble(target: str, node: Any, emitter: Any, abi: str) -> GeneratedSource:
    """One source for a Module (or LoweredFuncs): header, prelude, one body per function."""
    from pirc.cinn.codegen.prelude import Prelude

    module_name, funcs = functions_of(node)
    prelude = Prelude(target)
    bodies: list[str] = []
    metas: list[KernelMeta] = []
    for i, f in enumerate(funcs):
        lines, meta = emitter(f, i, prelude).generate()
        bodies.append("\n".join(lines))
        metas.append(meta)
    text = file_header(target, module_name, metas, abi) + "\n" + prelude.text() + "\n" + "\n\n".join(bodies) + "\n"
    return GeneratedSource(target, text, metas, module_name)


__all__ = ["ArgInfo", "GeneratedSource", "KernelMeta", "LaunchDim", "WorkspaceInfo", "assemble", "file_header",
           "functions_of", "group_of", "loop_outline", "symbol_args_of"]
