"""LowerToAstVec: ComputeOps -> loop nests of ScheduleBlocks, and LoweredFunc assembly.

``lower_compute`` gives, for one compute, what CINN's ``GenerateFunctionBody``
gives: ``serial for`` loops over the tensor's shape around a
``ScheduleBlockRealize`` whose iter vars are bound to the loop vars
(``i0, i1 = axis.bind(i, j)``).  A reduction becomes an init block writing
``<name>__reduce_init`` (a second tensor on the same buffer) followed by the
reduce loops around the update block ``T[i0] = T[i0] op value`` whose reduce
iter vars are marked ``reduce_axes``.

``make_function`` is the tail of LowerToAstVec / PostProcess: the argument list
(input buffers, output buffers, then the int64 symbolic dims), the temp
buffers (``AllocateBuffers``: every non-global buffer the body uses) and the
``ScheduleBlock(root)`` wrapper.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pirc.cinn.ast import builder as b
from pirc.cinn.ast.nodes import (
    Add,
    And,
    ArgIO,
    Argument,
    Block,
    Buffer,
    Expr,
    For,
    IterType,
    Load,
    LoweredFunc,
    Max,
    MemoryScope,
    Min,
    Mul,
    Or,
    ScheduleBlock,
    ScheduleBlockRealize,
    Stmt,
    Store,
    Tensor,
    Var,
)
from pirc.cinn.ast.visitor import free_vars, walk
from pirc.cinn.lower.compute import ComputeOp, LowerContext

SPATIAL_LOOP_NAMES = ("i", "j", "k", "a", "b", "c", "d", "e")
REDUCE_LOOP_NAMES = ("reduce_k", "reduce_l", "reduce_m", "reduce_n", "reduce_o", "reduce_p")

COMBINE_NODES = {"sum": Add, "prod": Mul, "max": Max, "min": Min, "and": And, "or": Or}


def loop_names(n: int, names: Sequence[str] = SPATIAL_LOOP_NAMES) -> list[str]:
    return [names[k] if k < len(names) else f"{names[0]}{k}" for k in range(n)]


def combine_expr(kind: str, acc: Expr, value: Expr) -> Expr:
    return COMBINE_NODES[kind](acc, value)


def init_tensor(t: Tensor) -> Tensor:
    """``<name>__reduce_init``: a tensor on ``t``'s buffer (CINN's reduce-init block target)."""
    return Tensor(t.name + "__reduce_init", t.shape, t.dtype, t.buffer)


def realize(name: str, ivs: Sequence[Var], values: Sequence[Expr], body: Stmt, *, reduce_ivs: Sequence[Var] = (),
            attrs: Any = None) -> ScheduleBlockRealize:
    red = {id(v) for v in reduce_ivs}
    types = tuple(IterType.REDUCE if id(v) in red else IterType.SPATIAL for v in ivs)
    return ScheduleBlockRealize(tuple(values), ScheduleBlock(name, tuple(ivs), body, iter_types=types,
                                                             attrs=attrs or ()))


def compute_blocks(ctx: LowerContext, c: ComputeOp) -> tuple[ScheduleBlock | None, ScheduleBlock]:
    """The compute's ScheduleBlocks: (init block or None, main block)."""
    t = c.tensor
    assert t is not None
    if not c.is_reduce:
        return None, ScheduleBlock(c.name, c.axis, Store(t, c.axis, c.body),
                                   iter_types=(IterType.SPATIAL,) * len(c.axis))
    ivs0 = tuple(Var(v.name, v.dtype) for v in c.axis)
    assert c.init is not None
    init = ScheduleBlock(t.name + "__reduce_init", ivs0, Store(init_tensor(t), ivs0, c.init),
                         iter_types=(IterType.SPATIAL,) * len(ivs0))
    assert c.combine is not None
    update = combine_expr(c.combine, Load(t, c.axis), c.body)
    main = ScheduleBlock(c.name, c.axis + c.reduce_axis, Store(t, c.axis, update),
                         iter_types=(IterType.SPATIAL,) * len(c.axis) + (IterType.REDUCE,) * len(c.reduce_axis))
    return init, main


def lower_compute(ctx: LowerContext, c: ComputeOp) -> Stmt:
    """The loop nest of one compute (CINN's LowerToAstVec of one op)."""
    init, main = compute_blocks(ctx, c)
    exts = [ctx.expr(d) for d in c.dims]
    lvs = [Var(n, ctx.index_dtype) for n in loop_names(len(exts))]
    if init is None:
        body: Stmt = ScheduleBlockRealize(tuple(lvs), main)
    else:
        rexts = [ctx.expr(d) for d in c.reduce_dims]
        rlvs = [Var(n, ctx.index_dtype) for n in loop_names(len(rexts), REDUCE_LOOP_NAMES)]
        inner: Stmt = ScheduleBlockRealize(tuple(lvs) + tuple(rlvs), main)
        for v, e in reversed(list(zip(rlvs, rexts))):
            inner = For(v, ctx.idx(0), e, inner)
        body = Block((ScheduleBlockRealize(tuple(lvs), init), inner))
    for v, e in reversed(list(zip(lvs, exts))):
        body = For(v, ctx.idx(0), e, body)
    return body


def lower_to_ast_vec(ctx: LowerContext, computes: Sequence[ComputeOp]) -> list[Stmt]:
    return [lower_compute(ctx, c) for c in computes]


# ---------------------------------------------------------------------------------------
# functions
# ---------------------------------------------------------------------------------------


def tensors_of(node: Any) -> list[Tensor]:
    """Tensors loaded or stored in ``node`` (first-use order, by name)."""
    seen: dict[str, Tensor] = {}
    for n in walk(node):
        if isinstance(n, (Load, Store)):
            seen.setdefault(n.tensor.name, n.tensor)
    return list(seen.values())


def written_tensors(node: Any) -> dict[str, Tensor]:
    out: dict[str, Tensor] = {}
    for n in walk(node):
        if isinstance(n, Store):
            out.setdefault(n.tensor.name, n.tensor)
    return out


def read_tensors(node: Any) -> dict[str, Tensor]:
    out: dict[str, Tensor] = {}
    for n in walk(node):
        if isinstance(n, Load):
            out.setdefault(n.tensor.name, n.tensor)
    return out


def make_function(name: str, body: Sequence[Stmt] | Stmt, inputs: Sequence[Buffer], outputs: Sequence[Buffer],
                  symbols: Sequence[Var], *, attrs: Any = None) -> LoweredFunc:
    """``function name (inputs, outputs, symbols) { ScheduleBlock(root) { body } }`` with the
    non-global buffers the body touches as temp buffers."""
    root = b.root(*(body if isinstance(body, (list, tuple)) else [body]))
    temps: dict[str, Buffer] = {}
    for n in walk(root):
        if isinstance(n, (Load, Store)) and n.tensor.buffer is not None:
            buf = n.tensor.buffer
            if buf.scope is not MemoryScope.GLOBAL:
                temps.setdefault(buf.name, buf)
        elif isinstance(n, Buffer) and n.scope is not MemoryScope.GLOBAL:
            temps.setdefault(n.name, n)
    args = [Argument(x, ArgIO.IN) for x in inputs] + [Argument(x, ArgIO.OUT) for x in outputs]
    args += [Argument(v, ArgIO.IN) for v in symbols]
    return LoweredFunc(name, tuple(args), Block((root,)), temp_bufs=tuple(temps.values()), attrs=attrs or ())


def used_symbols(node: Any, candidates: Sequence[Var]) -> list[Var]:
    """The candidates (symbolic dims) that occur free in ``node``, in candidate order."""
    fv = {id(v) for v in free_vars(node)}
    for n in walk(node):
        if isinstance(n, (Tensor, Buffer)):
            for d in n.shape:
                for v in free_vars(d):
                    fv.add(id(v))
    return [v for v in candidates if id(v) in fv]


__all__ = [
    "COMBINE_NODES", "REDUCE_LOOP_NAMES", "SPATIAL_LOOP_NAMES", "combine_expr", "compute_blocks", "init_tensor",
    "loop_names", "lower_compute", "lower_to_ast_vec", "make_function", "read_tensors", "realize", "tensors_of",
    "used_symbols", "written_tensors",
]
