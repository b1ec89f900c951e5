"""Statement nodes: stores, loops, branches, blocks, lets, call statements and schedule blocks."""

from __future__ import annotations

import re
from typing import Any

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.fields import attr, child, children, def_child, def_children, opt_child
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes.base import (
    ForKind,
    IterType,
    Node,
    _check_storage_name,
    _enum,
    _node,
    _set,
    _short,
    _tuple_of,
    ast_error,
    freeze_attrs,
)
from pirc.cinn.ast.nodes.calls import Call
from pirc.cinn.ast.nodes.expr import Expr, Var, _int_exprs, to_expr
from pirc.cinn.ast.nodes.storage import Tensor, TensorRegion
from pirc.diagnostics import Location


# ---------------------------------------------------------------------------------------
# statements
# ---------------------------------------------------------------------------------------


@_node(None)
class Stmt(Node):
    """A node that does not produce a value."""


def _as_block(body: Any, span: Location, what: str) -> Block:
    if isinstance(body, Block):
        return body
    if isinstance(body, Stmt):
        return Block((body,), span=body.span)
    if isinstance(body, (list, tuple)):
        return Block(tuple(body), span=span)
    raise ast_error(f"{what} must be a statement or a list of statements, got {type(body).__name__}", span)


@_node(Kind.STORE)
class Store(Stmt):
    """``B[i0, i1] = value``."""

    tensor: Tensor = child()
    indices: tuple = children()
    value: Expr = child()

    def __post_init__(self) -> None:
        t = self.tensor
        if not isinstance(t, Tensor):
            raise ast_error(f"Store needs a Tensor, got {type(t).__name__}", self.span)
        idx = _int_exprs(self.indices, self.span, f"the indices of {t.name}")
        if len(idx) != len(t.shape):
            raise ast_error(f"tensor {t.name} has {len(t.shape)} dimensions but is indexed with {len(idx)}", self.span)
        v = to_expr(self.value, t.dtype, self.span, f"value stored to {t.name}")
        if v.dtype is not t.dtype:
            raise ast_error(
                f"cannot store a {v.dtype} value to {t.dtype} tensor {t.name} ({_short(v)}); insert a cast", self.span
            )
        _set(self, "indices", idx)
        _set(self, "value", v)


@_node(Kind.FOR, scope=True)
class For(Stmt):
    """``serial for (i, min, extent) { body }``; ``loop_var`` runs over [min, min + extent).

    ``kind`` is CINN's for-type; GPU kinds carry ``axis`` (0, 1, 2 = x, y, z) and
    print as ``thread_bind[blockIdx.x] for``; a vectorized loop has a ``factor`` (its width), a parallel loop may have one (its
    team size: ``num_threads``; 0 = the runtime's default).
    """

    loop_var: Var = def_child()
    min: Expr = child()
    extent: Expr = child()
    body: Block = child()
    kind: ForKind = attr(ForKind.SERIAL, kw_only=True)
    axis: int = attr(-1, kw_only=True)
    factor: int = attr(0, kw_only=True)

    def __post_init__(self) -> None:
        v = self.loop_var
        if not isinstance(v, Var):
            raise ast_error(f"a loop variable must be a Var, got {type(v).__name__}", self.span)
        if not v.dtype.is_int:
            raise ast_error(f"loop variable {v.name} must be an integer, got {v.dtype}", self.span)
        mn = to_expr(self.min, v.dtype, self.span, "loop minimum")
        ext = to_expr(self.extent, v.dtype, self.span, "loop extent")
        for what, e in (("minimum", mn), ("extent", ext)):
            if e.dtype is not v.dtype:
                raise ast_error(
                    f"the loop {what} {_short(e)} is {e.dtype} but loop variable {v.name} is {v.dtype}", self.span
                )
        _set(self, "min", mn)
        _set(self, "extent", ext)
        _set(self, "body", _as_block(self.body, self.span, "a loop body"))
        kind = _enum(ForKind, self.kind, self.span, "loop kind")
        _set(self, "kind", kind)
        if kind.is_gpu:
            if self.axis not in (0, 1, 2):
                raise ast_error(f"a GPU-bound loop needs axis 0, 1 or 2 (x, y, z), got {self.axis}", self.span)
        elif self.axis != -1:
            raise ast_error(f"only GPU-bound loops have an axis (kind is {kind})", self.span)
        if kind is ForKind.VECTORIZED:
            if not isinstance(self.factor, int) or self.factor <= 0:
                raise ast_error(f"a vectorized loop needs a positive factor, got {self.factor}", self.span)
        elif kind is ForKind.PARALLEL:
            if not isinstance(self.factor, int) or self.factor < 0:
                raise ast_error(f"a parallel loop's team size must be 0 (the default) or positive, got {self.factor}",
                                self.span)
        elif self.factor != 0:
            raise ast_error(f"only vectorized and parallel loops have a factor (kind is {kind})", self.span)

    # convenience constructors ---------------------------------------------------------
    @classmethod
    def serial(cls, var: Var, min: Any, extent: Any, body: Any, **kw: Any) -> For:
        return cls(var, min, extent, body, kind=ForKind.SERIAL, **kw)

    @classmethod
    def parallel(cls, var: Var, min: Any, extent: Any, body: Any, **kw: Any) -> For:
        return cls(var, min, extent, body, kind=ForKind.PARALLEL, **kw)

    @classmethod
    def unrolled(cls, var: Var, min: Any, extent: Any, body: Any, **kw: Any) -> For:
        return cls(var, min, extent, body, kind=ForKind.UNROLLED, **kw)

    @classmethod
    def vectorized(cls, var: Var, min: Any, extent: Any, body: Any, factor: int, **kw: Any) -> For:
        return cls(var, min, extent, body, kind=ForKind.VECTORIZED, factor=factor, **kw)

    @classmethod
    def bind(cls, var: Var, min: Any, extent: Any, thread: str, body: Any, **kw: Any) -> For:
        """A loop bound to ``blockIdx.x`` ... ``threadIdx.z``."""
        m = re.fullmatch(r"(blockIdx|threadIdx)\.([xyz])", thread)
        if m is None:
            raise ast_error(f"cannot bind a loop to '{thread}' (expected blockIdx.x ... threadIdx.z)", kw.get("span"))
        kind = ForKind.GPU_BLOCK if m.group(1) == "blockIdx" else ForKind.GPU_THREAD
        return cls(var, min, extent, body, kind=kind, axis="xyz".index(m.group(2)), **kw)

    @property
    def bind_name(self) -> str | None:
        """``blockIdx.x`` / ``threadIdx.y`` ... for a GPU-bound loop, else ``None``."""
        if not self.kind.is_gpu:
            return None
        return ("blockIdx." if self.kind is ForKind.GPU_BLOCK else "threadIdx.") + "xyz"[self.axis]


@_node(Kind.IF_THEN_ELSE)
class IfThenElse(Stmt):
    condition: Expr = child()
    then_case: Block = child()
    else_case: Block | None = opt_child(None)

    def __post_init__(self) -> None:
        c = to_expr(self.condition, DType.BOOL, self.span, "if condition")
        if not c.dtype.is_bool:
            raise ast_error(f"the condition of an if must be bool, got {c.dtype} {_short(c)}", self.span)
        _set(self, "condition", c)
        _set(self, "then_case", _as_block(self.then_case, self.span, "the then-branch"))
        if self.else_case is not None:
            _set(self, "else_case", _as_block(self.else_case, self.span, "the else-branch"))


@_node(Kind.BLOCK, scope=True)
class Block(Stmt):
    """A statement list ``{ ... }``.  A Let inside binds until the end of the block."""

    stmts: tuple = children(())

    def __post_init__(self) -> None:
        _set(self, "stmts", _tuple_of(self.stmts, Stmt, self.span, "a block's statements"))


@_node(Kind.LET)
class Let(Stmt):
    """``int64 S0 = value``: binds ``var`` for the rest of the enclosing Block."""

    var: Var = def_child()
    value: Expr | None = opt_child(None)

    def __post_init__(self) -> None:
        v = self.var
        if not isinstance(v, Var):
            raise ast_error(f"Let binds a Var, got {type(v).__name__}", self.span)
        if self.value is not None:
            e = to_expr(self.value, v.dtype, self.span, f"value of {v.name}")
            if e.dtype is not v.dtype:
                raise ast_error(f"cannot bind a {e.dtype} value to {v.dtype} variable {v.name}", self.span)
            _set(self, "value", e)


@_node(Kind.EVALUATE)
class Evaluate(Stmt):
    """A call made for its effect, e.g. ``__syncthreads()``."""

    value: Call = child()

    def __post_init__(self) -> None:
        if not isinstance(self.value, Call):
            raise ast_error(f"an expression statement must be a call, got {type(self.value).__name__}", self.span)


@_node(Kind.SCHEDULE_BLOCK, scope=True)
class ScheduleBlock(Node):
    """A named compute block: iter vars (bound by the enclosing realize), a body,
    optional read/write regions and attributes.  ``iter_types`` marks reduce axes."""

    name: str = attr()
    iter_vars: tuple = def_children()
    body: Stmt = child()
    iter_types: tuple | None = attr(None, kw_only=True)
    reads: tuple = children((), kw_only=True)
    writes: tuple = children((), kw_only=True)
    attrs: tuple = attr((), kw_only=True)

    def __post_init__(self) -> None:
        _check_storage_name(self.name, self.span, "schedule block")
        ivs = _tuple_of(self.iter_vars, Var, self.span, f"the iter vars of {self.name}")
        if len({id(v) for v in ivs}) != len(ivs):
            raise ast_error(f"schedule block {self.name} binds the same iter var twice", self.span)
        _set(self, "iter_vars", ivs)
        if isinstance(self.body, (list, tuple)):
            _set(self, "body", Block(tuple(self.body), span=self.span))
        elif not isinstance(self.body, Stmt):
            raise ast_error(f"the body of schedule block {self.name} must be a statement", self.span)
        types = self.iter_types
        if types is None:
            types = (IterType.SPATIAL,) * len(ivs)
        else:
            types = tuple(_enum(IterType, t, self.span, "iter type") for t in types)
            if len(types) != len(ivs):
                raise ast_error(f"schedule block {self.name}: {len(ivs)} iter vars but {len(types)} iter types", self.span)
        _set(self, "iter_types", types)
        _set(self, "reads", _tuple_of(self.reads, TensorRegion, self.span, "read regions"))
        _set(self, "writes", _tuple_of(self.writes, TensorRegion, self.span, "write regions"))
        _set(self, "attrs", freeze_attrs(self.attrs, self.span))

    @property
    def reduce_iter_vars(self) -> tuple[Var, ...]:
        return tuple(v for v, t in zip(self.iter_vars, self.iter_types) if t is IterType.REDUCE)

    def is_reduce(self, var: Var) -> bool:
        return any(v is var and t is IterType.REDUCE for v, t in zip(self.iter_vars, self.iter_types))

    def attr(self, key: str, default: Any = None) -> Any:
        for k, v in self.attrs:
            if k == key:
                return v
        return default


@_node(Kind.SCHEDULE_BLOCK_REALIZE)
class ScheduleBlockRealize(Stmt):
    """Instantiates a ScheduleBlock: ``i0, i1 = axis.bind(i, j)`` binds its iter vars to ``iter_values``."""

    iter_values: tuple = children()
    block: ScheduleBlock = child()

    def __post_init__(self) -> None:
        b = self.block
        if not isinstance(b, ScheduleBlock):
            raise ast_error(f"a realize needs a ScheduleBlock, got {type(b).__name__}", self.span)
        vals = self.iter_values if isinstance(self.iter_values, (tuple, list)) else (self.iter_values,)
        if len(vals) != len(b.iter_vars):
            raise ast_error(
                f"schedule block {b.name} has {len(b.iter_vars)} iter vars but {len(vals)} bound values", self.span
            )
        out = []
        for iv, val in zip(b.iter_vars, vals):
            e = to_expr(val, iv.dtype, self.span, f"value bound to {iv.name}")
            if e.dtype is not iv.dtype:
                raise ast_error(f"iter var {iv.name} is {iv.dtype} but is bound to a {e.dtype} value {_short(e)}", self.span)
            out.append(e)
        _set(self, "iter_values", tuple(out))

    @property
    def name(self) -> str:
        return self.block.name
