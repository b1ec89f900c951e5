"""A Python API for building AST trees (every helper type-checks as it builds).

>>> M = var("M", "int64")
>>> A = tensor("A", [M, 256], "float32", buffer="_A")
>>> B = tensor("B", [M, 256], "float32", buffer="_B")
>>> body = compute(B, lambda i, j: exp(A[i, j]) + 1.0)
>>> fn = lowered_func("fn_exp_add", [arg_in(A), arg_out(B), arg_in(M)], root(body))

``compute`` and ``reduce`` produce the loop nests CINN's ``LowerToAstVec``
produces (``serial for`` nests around a ``ScheduleBlock`` whose iter vars are
bound to the loop vars); ``root`` wraps a body in ``ScheduleBlock(root)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from pirc.cinn.ast.dtypes import DType, to_dtype
from pirc.cinn.ast.nodes import (
    NO_SPAN,
    Add,
    And,
    ArgIO,
    Argument,
    Block,
    Buffer,
    Call,
    Cast,
    Evaluate,
    Expr,
    For,
    ForKind,
    IfThenElse,
    IterType,
    Let,
    Load,
    LoweredFunc,
    Max,
    MemoryScope,
    Min,
    Module,
    Mul,
    Or,
    Range,
    ScheduleBlock,
    ScheduleBlockRealize,
    Select,
    Span,
    Stmt,
    Store,
    Tensor,
    TensorRegion,
    Var,
    ast_error,
    gpu_var,
    to_expr,
)

# ---------------------------------------------------------------------------------------
# leaves
# ---------------------------------------------------------------------------------------


def var(name: str, dtype: DType | str = DType.INT32, *, span: Span = NO_SPAN) -> Var:
    """A new variable (``var("i")`` is int32, ``var("M", "int64")`` a symbolic dim)."""
    return Var(name, to_dtype(dtype), span=span)


def const(value: Any, dtype: DType | str | None = None, *, span: Span = NO_SPAN) -> Expr:
    """An immediate: ``const(2.0)`` is float32, ``const(3, "int64")`` prints ``3ll``."""
    return to_expr(value, dtype, span, "constant")


def buffer(name: str, shape: Sequence[Any], dtype: DType | str = DType.FLOAT32,
           scope: MemoryScope | str = MemoryScope.GLOBAL, *, span: Span = NO_SPAN) -> Buffer:
    return Buffer(name, tuple(shape), to_dtype(dtype), MemoryScope(scope), span=span)


def tensor(name: str, shape: Sequence[Any], dtype: DType | str = DType.FLOAT32, *,
           buffer: Buffer | str | None = None, scope: MemoryScope | str | None = None,
           span: Span = NO_SPAN) -> Tensor:
    """A tensor; ``buffer="_A"`` creates a buffer of the same shape, type and scope for it
    (CINN names a tensor's buffer ``_<name>``), a Buffer binds to that one."""
    dt = to_dtype(dtype)
    if isinstance(buffer, str):
        t = Tensor(name, tuple(shape), dt, scope=scope, span=span)
        buffer = Buffer(buffer, t.shape, dt, t.scope, span=span)
    return Tensor(name, tuple(shape), dt, buffer, scope, span=span)


def gpu(name: str) -> Var:
    """The builtin ``blockIdx.x`` ... ``threadIdx.z`` Var."""
    return gpu_var(name)


# ---------------------------------------------------------------------------------------
# expressions
# ---------------------------------------------------------------------------------------


def cast(value: Any, dtype: DType | str, *, span: Span = NO_SPAN) -> Cast:
    return Cast(to_dtype(dtype), value, span=span)


def select(cond: Any, true_value: Any, false_value: Any, *, span: Span = NO_SPAN) -> Select:
    return Select(cond, true_value, false_value, span=span)


def maximum(a: Any, b: Any, *, span: Span = NO_SPAN) -> Max:
    return Max(a, b, span=span)


def minimum(a: Any, b: Any, *, span: Span = NO_SPAN) -> Min:
    return Min(a, b, span=span)


def logical_and(a: Any, b: Any, *, span: Span = NO_SPAN) -> And:
    return And(a, b, span=span)


def logical_or(a: Any, b: Any, *, span: Span = NO_SPAN) -> Or:
    return Or(a, b, span=span)


def call(name: str, *args: Any, dtype: DType | str | None = None, span: Span = NO_SPAN) -> Call:
    """``name(args)``; the result type defaults to what the name implies (see ``infer_call_dtype``)."""
    return Call(name, tuple(args), None if dtype is None else to_dtype(dtype), span=span)


def _float_unary(name: str) -> Callable[..., Call]:
    def fn(x: Any, *, span: Span = NO_SPAN) -> Call:
        e = to_expr(x, None, span, f"argument of {name}")
        if not e.dtype.is_float:
            raise ast_error(f"{name} needs a floating-point argument, got {e.dtype}", span)
        return Call(name, (e,), e.dtype, span=span)

    fn.__name__ = name
    fn.__doc__ = f"``{name}(x)`` for a floating-point ``x``."
    return fn


exp = _float_unary("exp")
log = _float_unary("log")
sqrt = _float_unary("sqrt")
rsqrt = _float_unary("rsqrt")
tanh = _float_unary("tanh")
erf = _float_unary("erf")
sigmoid = _float_unary("sigmoid")
floor = _float_unary("floor")
ceil = _float_unary("ceil")
sin = _float_unary("sin")
cos = _float_unary("cos")


def abs_(x: Any, *, span: Span = NO_SPAN) -> Call:
    e = to_expr(x, None, span, "argument of abs")
    return Call("abs", (e,), e.dtype, span=span)


def pow_(x: Any, y: Any, *, span: Span = NO_SPAN) -> Call:
    a = to_expr(x, None, span, "base of pow")
    b = to_expr(y, a.dtype, span, "exponent of pow")
    if not a.dtype.is_float or b.dtype is not a.dtype:
        raise ast_error(f"pow needs two floats of one type, got {a.dtype} and {b.dtype}", span)
    return Call("pow", (a, b), a.dtype, span=span)


def load(t: Tensor, indices: Sequence[Any], *, span: Span = NO_SPAN) -> Load:
    return Load(t, tuple(indices), span=span)


# ---------------------------------------------------------------------------------------
# statements
# ---------------------------------------------------------------------------------------


def store(t: Tensor, indices: Sequence[Any], value: Any, *, span: Span = NO_SPAN) -> Store:
    return Store(t, tuple(indices), value, span=span)


def block(*stmts: Stmt | Sequence[Stmt], span: Span = NO_SPAN) -> Block:
    """``block(s1, s2)`` or ``block([s1, s2])``; nested lists are flattened."""
    flat: list[Stmt] = []

    def add(x: Any) -> None:
        if isinstance(x, (list, tuple)):
            for y in x:
                add(y)
        else:
            flat.append(x)

    add(stmts)
    return Block(tuple(flat), span=span)


def if_then_else(cond: Any, then: Any, else_: Any = None, *, span: Span = NO_SPAN) -> IfThenElse:
    return IfThenElse(cond, then, else_, span=span)


def let(v: Var, value: Any = None, *, span: Span = NO_SPAN) -> Let:
    return Let(v, value, span=span)


def evaluate(c: Call, *, span: Span = NO_SPAN) -> Evaluate:
    return Evaluate(c, span=span)


def for_(v: Var, min: Any, extent: Any, body: Any, kind: ForKind | str = ForKind.SERIAL, *,
         bind: str | None = None, factor: int = 0, span: Span = NO_SPAN) -> For:
    """A loop; ``bind="threadIdx.x"`` makes it GPU-bound, ``kind="vectorize", factor=4`` vectorized."""
    if bind is not None:
        return For.bind(v, min, extent, bind, body, span=span)
    return For(v, min, extent, body, kind=ForKind(kind), factor=factor, span=span)


def schedule_block(name: str, bindings: Sequence[tuple[Var, Any]] | Mapping[Var, Any], body: Any, *,
                   reduce_axes: Iterable[Var] = (), reads: Sequence[TensorRegion] = (),
                   writes: Sequence[TensorRegion] = (), attrs: Mapping[str, Any] | None = None,
                   span: Span = NO_SPAN) -> ScheduleBlockRealize:
    """``ScheduleBlock(name) { iv0, iv1 = axis.bind(v0, v1); body }`` (a realize).

    ``bindings`` pairs each iter var with the value bound to it; iter vars in
    ``reduce_axes`` are reduce axes.
    """
    pairs = list(bindings.items()) if isinstance(bindings, Mapping) else list(bindings)
    ivs = tuple(p[0] for p in pairs)
    red = {id(v) for v in reduce_axes}
    types = tuple(IterType.REDUCE if id(v) in red else IterType.SPATIAL for v in ivs)
    if isinstance(body, (list, tuple)):
        body = Block(tuple(body), span=span)
    sb = ScheduleBlock(name, ivs, body, iter_types=types, reads=tuple(reads), writes=tuple(writes),
                       attrs=attrs or (), span=span)
    return ScheduleBlockRealize(tuple(p[1] for p in pairs), sb, span=span)


def root(*body: Any, span: Span = NO_SPAN) -> ScheduleBlockRealize:
    """``ScheduleBlock(root) { body }``: the outermost block of a lowered function.
    Several statements are wrapped in a Block."""
    stmts = block(*body, span=span)
    inner: Stmt = stmts.stmts[0] if len(stmts.stmts) == 1 else stmts
    return ScheduleBlockRealize((), ScheduleBlock("root", (), inner, span=span), span=span)


def region(t: Tensor, *dims: Any, span: Span = NO_SPAN) -> TensorRegion:
    """``region(A, i0, (0, 128))``: a point per expression, ``begin:end`` per pair."""
    rs = [Range(d[0], d[1], span=span) if isinstance(d, tuple) else Range(d, span=span) for d in dims]
    return TensorRegion(t, tuple(rs), span=span)


# ---------------------------------------------------------------------------------------
# compute helpers (the loop nests LowerToAstVec produces)
# ---------------------------------------------------------------------------------------

_LOOP_NAMES = ("i", "j", "k", "a", "b", "c", "d", "e")


def _int_type(items: Sequence[Any]) -> DType:
    """int64 if any given expression is int64 (symbolic dims), else int32."""
    return DType.INT64 if any(isinstance(e, Expr) and e.dtype is DType.INT64 for e in items) else DType.INT32


def _loop_vars(extents: Sequence[Expr], names: Sequence[str] | None, prefix: str = "") -> list[Var]:
    if names is None:
        names = [prefix + (_LOOP_NAMES[d] if d < len(_LOOP_NAMES) else f"i{d}") for d in range(len(extents))]
    if len(names) != len(extents):
        raise ValueError(f"{len(extents)} loops but {len(names)} names")
    return [Var(n, e.dtype) for n, e in zip(names, extents)]


def loop_nest(extents: Sequence[Any], body_fn: Callable[..., Any], *, names: Sequence[str] | None = None,
              kind: ForKind | str = ForKind.SERIAL) -> Stmt:
    """Perfectly nested loops over ``extents`` (from 0); ``body_fn(*loop_vars)`` gives the body."""
    dt = _int_type(extents)
    exts = [to_expr(e, dt, NO_SPAN, "loop extent") for e in extents]
    lvs = _loop_vars(exts, names)
    body = body_fn(*lvs)
    if isinstance(body, (list, tuple)):
        body = block(*body)
    for v, e in reversed(list(zip(lvs, exts))):
        body = For(v, to_expr(0, v.dtype), e, body, kind=ForKind(kind))
    return body


def compute(out: Tensor, fn: Callable[..., Any], *, name: str | None = None,
            loop_names: Sequence[str] | None = None, kind: ForKind | str = ForKind.SERIAL) -> Stmt:
    """``out[i0, i1] = fn(i0, i1)`` over ``out``'s shape, as CINN lowers a compute::

        serial for (i, 0, M)
        {
          serial for (j, 0, N)
          {
            ScheduleBlock(out)
            {
              i0, i1 = axis.bind(i, j)
              out[i0, i1] = fn(i0, i1)
            }
          }
        }
    """
    shape = out.shape

    def body(*lvs: Var) -> Stmt:
        ivs = [Var(f"i{d}", lv.dtype) for d, lv in enumerate(lvs)]
        value = fn(*ivs)
        return schedule_block(name or out.name, list(zip(ivs, lvs)), Store(out, tuple(ivs), value))

    return loop_nest(shape, body, names=loop_names, kind=kind)


_COMBINE = {
    "sum": (Add, 0.0),
    "prod": (Mul, 1.0),
    "max": (Max, None),
    "min": (Min, None),
}


def reduce_identity(kind: str, dtype: DType) -> Any:
    """The init value CINN uses: 0 / 1 / lowest / max of the type."""
    if kind == "sum":
        return 0
    if kind == "prod":
        return 1
    if dtype.is_float:
        big = {DType.FLOAT16: 65504.0, DType.BFLOAT16: 3.3895313892515355e38, DType.FLOAT32: 3.4028234663852886e38,
               DType.FLOAT64: 1.7976931348623157e308}[dtype]
        return -big if kind == "max" else big
    if dtype.is_bool:
        return kind == "min"
    lo = -(1 << (dtype.bits - 1)) if dtype.is_signed_int else 0
    hi = (1 << (dtype.bits - 1)) - 1 if dtype.is_signed_int else (1 << dtype.bits) - 1
    return lo if kind == "max" else hi


def reduce(out: Tensor, fn: Callable[..., Any], reduce_extents: Sequence[Any], *, combine: str = "sum",
           init: Any = None, loop_names: Sequence[str] | None = None,
           reduce_names: Sequence[str] | None = None) -> Stmt:
    """A reduction into ``out`` as CINN lowers it: for each output point an init
    block ``out__reduce_init[i0..] = init`` then a reduce loop nest whose block does
    ``out[i0..] = combine(out[i0..], fn(i0.., r0..))``.

    ``fn`` receives the spatial iter vars then the reduce iter vars.  ``combine``
    is ``sum``, ``prod``, ``max`` or ``min``; ``init`` defaults to its identity.
    When ``out`` has a buffer the init block writes a tensor ``<out>__reduce_init``
    sharing it (as CINN does), otherwise ``out`` itself.
    """
    if combine not in _COMBINE:
        raise ValueError(f"unknown reduction '{combine}' (sum, prod, max, min)")
    op, _ = _COMBINE[combine]
    init_value = reduce_identity(combine, out.dtype) if init is None else init
    init_name = f"{out.name}__reduce_init"
    init_t = out if out.buffer is None else Tensor(init_name, out.shape, out.dtype, out.buffer)
    dt = _int_type(list(out.shape) + list(reduce_extents))
    rexts = [to_expr(e, dt, NO_SPAN, "reduce extent") for e in reduce_extents]
    nsp = len(out.shape)

    def spatial(*lvs: Var) -> list[Stmt]:
        ivs = [Var(f"i{d}", lv.dtype) for d, lv in enumerate(lvs)]
        init_block = schedule_block(init_name, list(zip(ivs, lvs)), Store(init_t, tuple(ivs), init_value))
        rnames = reduce_names or [f"reduce_{_LOOP_NAMES[(nsp + d) % len(_LOOP_NAMES)]}" for d in range(len(rexts))]
        rlvs = [Var(n, e.dtype) for n, e in zip(rnames, rexts)]
        sivs = [Var(f"i{d}", lv.dtype) for d, lv in enumerate(lvs)]
        rivs = [Var(f"i{nsp + d}", lv.dtype) for d, lv in enumerate(rlvs)]
        value = op(Load(out, tuple(sivs)), fn(*sivs, *rivs))
        body: Stmt = schedule_block(out.name, list(zip(sivs + rivs, list(lvs) + rlvs)),
                                    Store(out, tuple(sivs), value), reduce_axes=rivs)
        for v, e in reversed(list(zip(rlvs, rexts))):
            body = For(v, to_expr(0, v.dtype), e, body)
        return [init_block, body]

    return loop_nest(out.shape, spatial, names=loop_names)


# ---------------------------------------------------------------------------------------
# functions
# ---------------------------------------------------------------------------------------


def _target(x: Tensor | Buffer | Var) -> Buffer | Var:
    if isinstance(x, Tensor):
        if x.buffer is None:
            raise ast_error(f"tensor {x.name} has no buffer to pass as an argument")
        return x.buffer
    return x


def arg_in(x: Tensor | Buffer | Var) -> Argument:
    """An input argument (a tensor passes its buffer)."""
    return Argument(_target(x), ArgIO.IN)


def arg_out(x: Tensor | Buffer) -> Argument:
    return Argument(_target(x), ArgIO.OUT)


def arg_inout(x: Tensor | Buffer) -> Argument:
    return Argument(_target(x), ArgIO.INOUT)


def lowered_func(name: str, args: Sequence[Argument | tuple], body: Any, *, temp_bufs: Sequence[Buffer] = (),
                 attrs: Mapping[str, Any] | None = None, span: Span = NO_SPAN) -> LoweredFunc:
    if isinstance(body, (list, tuple)):
        body = block(*body)
    return LoweredFunc(name, tuple(args), body, temp_bufs=tuple(temp_bufs), attrs=attrs or (), span=span)


def module(name: str, functions: Sequence[LoweredFunc], *, span: Span = NO_SPAN) -> Module:
    return Module(name, tuple(functions), span=span)


__all__ = [
    "abs_", "arg_in", "arg_inout", "arg_out", "block", "buffer", "call", "cast", "ceil", "compute", "const", "cos",
    "erf", "evaluate", "exp", "floor", "for_", "gpu", "if_then_else", "let", "load", "log", "logical_and",
    "logical_or", "loop_nest", "lowered_func", "maximum", "minimum", "module", "pow_", "reduce",
    "reduce_identity", "region", "root", "rsqrt", "schedule_block", "select", "sigmoid", "sin", "sqrt", "store",
    "tanh", "tensor", "var",
]
