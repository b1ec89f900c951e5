"""Containers: ``LoweredFunc`` (a kernel) and ``Module`` (a list of kernels)."""

from __future__ import annotations

from typing import Any

from pirc.cinn.ast.fields import attr, child, children
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes.base import ArgIO, Node, _check_storage_name, _node, _set, _tuple_of, ast_error, freeze_attrs
from pirc.cinn.ast.nodes.expr import Var
from pirc.cinn.ast.nodes.stmt import Block, _as_block
from pirc.cinn.ast.nodes.storage import Argument, Buffer


# ---------------------------------------------------------------------------------------
# containers
# ---------------------------------------------------------------------------------------


@_node(Kind.LOWERED_FUNC, scope=True)
class LoweredFunc(Node):
    """A kernel (CINN's ``_LoweredFunc_``): arguments (buffers with a direction,
    scalar vars such as symbolic dims), a body Block, temporary buffers to
    allocate, and free-form attributes (e.g. launch dims ``grid_dim`` / ``block_dim``)."""

    name: str = attr()
    args: tuple = children()
    body: Block = child()
    temp_bufs: tuple = children((), kw_only=True)
    attrs: tuple = attr((), kw_only=True)

    def __post_init__(self) -> None:
        _check_storage_name(self.name, self.span, "function")
        args = []
        for a in self.args if isinstance(self.args, (tuple, list)) else (self.args,):
            if isinstance(a, Argument):
                args.append(a)
            elif isinstance(a, tuple) and len(a) == 2:
                args.append(Argument(a[0], a[1], span=self.span))
            elif isinstance(a, (Buffer, Var)):
                args.append(Argument(a, ArgIO.IN, span=self.span))
            else:
                raise ast_error(f"function {self.name}: invalid argument {a!r}", self.span)
        seen: set[str] = set()
        for a in args:
            if a.name in seen:
                raise ast_error(f"function {self.name} has two arguments named {a.name}", self.span)
            seen.add(a.name)
        _set(self, "args", tuple(args))
        _set(self, "body", _as_block(self.body, self.span, f"the body of {self.name}"))
        temps = _tuple_of(self.temp_bufs, Buffer, self.span, "temp buffers")
        for t in temps:
            if t.name in seen:
                raise ast_error(f"function {self.name}: temp buffer {t.name} clashes with another buffer", self.span)
            seen.add(t.name)
        _set(self, "temp_bufs", temps)
        _set(self, "attrs", freeze_attrs(self.attrs, self.span))

    def prebound_vars(self) -> tuple:
        return tuple(a.target for a in self.args if isinstance(a.target, Var))

    def arg(self, name: str) -> Argument:
        for a in self.args:
            if a.name == name:
                return a
        raise KeyError(name)

    @property
    def inputs(self) -> tuple[Argument, ...]:
        return tuple(a for a in self.args if a.io is not ArgIO.OUT)

    @property
    def outputs(self) -> tuple[Argument, ...]:
        return tuple(a for a in self.args if a.io is not ArgIO.IN)

    def symbol_bindings(self) -> dict[Var, tuple[int, int]]:
        """For each scalar Var argument used as a bare dimension of a buffer
        argument: (argument index, dimension index) of its first such use --
        where a runtime can read the symbol from (CINN's ``ArgDimIdx``)."""
        out: dict[Var, tuple[int, int]] = {}
        scalars = {id(a.target) for a in self.args if a.is_var}
        for ai, a in enumerate(self.args):
            if a.is_buffer:
                for di, d in enumerate(a.target.shape):
                    if isinstance(d, Var) and id(d) in scalars and d not in out:
                        out[d] = (ai, di)
        return out

    def attr(self, key: str, default: Any = None) -> Any:
        for k, v in self.attrs:
            if k == key:
                return v
        return default


@_node(Kind.MODULE)
class Module(Node):
    """A list of LoweredFuncs (CINN's ``_Module_``)."""

    name: str = attr()
    functions: tuple = children(())

    def __post_init__(self) -> None:
        _check_storage_name(self.name, self.span, "module")
        fns = _tuple_of(self.functions, LoweredFunc, self.span, "module functions")
        seen: set[str] = set()
        for f in fns:
            if f.name in seen:
                raise ast_error(f"module {self.name} has two functions named {f.name}", f.span)
            seen.add(f.name)
        _set(self, "functions", fns)

    def function(self, name: str) -> LoweredFunc:
        for f in self.functions:
            if f.name == name:
                return f
        raise KeyError(name)
