"""Op strategies (CINN's ``StrategyFunction`` table): for every op a group may hold,

* ``infer(sc, op, in_dims) -> [dims per result]``: the symbolic shape rule, which
  also *unifies* symbols (an elementwise op's operands have the result's dims);
* ``compute(ctx, op, inputs, out_dims, names) -> [LTensor per result]``: the
  op's computes, built from :mod:`.pe` (index semantics) and :mod:`.lang`
  (element math).

:data:`STRATEGIES` maps op names to :class:`OpStrategy`; :func:`supported_ops`
lists them.  Every op that :mod:`pirc.passes.fusion_policy` lets into a group
has a strategy (``tests/lower/test_strategies.py`` checks it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pirc.cinn.ast.dtypes import DType, to_dtype
from pirc.cinn.ast.nodes import Expr
from pirc.cinn.lower import lang, pe
from pirc.cinn.lower.compute import LowerContext, LTensor
from pirc.cinn.lower.symbolic import Dim, SymbolTable, product
from pirc.diagnostics import Diagnostic, PircError
from pirc.ir.core import Operation
from pirc.ir.verifier import constant_of

Dims = tuple[Dim, ...]


class LoweringError(PircError):
    """An op or a shape the lowering cannot handle (reported at the op)."""

    def __init__(self, op: Operation | None, message: str) -> None:
        loc = op.loc if op is not None else None
        where = f"'{op.name}' op " if op is not None else ""
        super().__init__(Diagnostic("error", f"{where}cannot be lowered: {message}", loc))


@dataclass
class ShapeCtx:
    """What a shape rule sees: the symbol table."""

    table: SymbolTable

    def unify(self, a: Dim, b: Dim) -> None:
        self.table.unify(a, b)

    def is_one(self, d: Dim) -> bool:
        return self.table.is_one(d)

    def const(self, d: Dim) -> int | None:
        return self.table.canon(d).value


InferFn = Callable[[ShapeCtx, Operation, list[Any]], list[Dims]]
ComputeFn = Callable[[LowerContext, Operation, list[Any], list[Dims], list[str]], list[LTensor]]


@dataclass(frozen=True)
class OpStrategy:
    infer: InferFn
    compute: ComputeFn


STRATEGIES: dict[str, OpStrategy] = {}


def _reg(names: Sequence[str], infer: InferFn, compute: ComputeFn) -> None:
    for n in names:
        STRATEGIES[n] = OpStrategy(infer, compute)


def supported_ops() -> list[str]:
    return sorted(STRATEGIES)


def short_name(op: Operation) -> str:
    return op.name.split(".", 1)[1]


def out_dtype(op: Operation, k: int = 0) -> DType:
    return to_dtype(op.results[k].type.dtype)  # type: ignore[attr-defined]


def _ints(v: Any) -> list[int]:
    if v is None:
        return []
    if isinstance(v, (list, tuple)):
        return [int(a) for a in v]
    return [int(v)]


# ---------------------------------------------------------------------------------------
# shape rules
# ---------------------------------------------------------------------------------------


def bcast_dims(sc: ShapeCtx, dims_list: Sequence[Dims]) -> Dims:
    """numpy broadcasting of several operands' dims, unifying the non-1 dims of each axis."""
    rank = max((len(d) for d in dims_list), default=0)
    out: list[Dim] = []
    for k in range(rank):
        cands = []
        for d in dims_list:
            j = k - (rank - len(d))
            if j >= 0:
                cands.append(d[j])
        nonones = [c for c in cands if not sc.is_one(c)]
        if not nonones:
            out.append(Dim.const(1))
            continue
        base = nonones[0]
        for c in nonones[1:]:
            sc.unify(base, c)
        out.append(base)
    return tuple(out)


def infer_same(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    return [ins[0]]


def infer_elementwise(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    return [bcast_dims(sc, [d for d in ins if d is not None])]


def infer_first_bcast(n: int) -> InferFn:
    """numpy broadcasting over the first ``n`` operands only."""

    def f(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
        return [bcast_dims(sc, [d for d in ins[:n] if d is not None])]

    return f


def infer_full(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    return [tuple(Dim.const(d) for d in _ints(op.attr("shape")))]


def infer_broadcast(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    x = ins[0]
    ref = ins[1] if len(ins) > 1 else None
    axes = _ints(op.attr("broadcast_axes"))
    shape = _ints(op.attr("out_shape"))
    rank = len(shape)
    placed: list[Dim] = [Dim.const(1)] * rank
    for i, a in enumerate(axes):
        placed[a] = x[i]
    out: list[Dim] = []
    for k, d in enumerate(shape):
        if d >= 0:
            out.append(Dim.const(d))
            continue
        cand = placed[k]
        if ref is not None:
            j = k - (rank - len(ref))
            if 0 <= j < len(ref):
                r = ref[j]
                if sc.is_one(cand):
                    cand = r
                elif not sc.is_one(r):
                    sc.unify(cand, r)
        out.append(cand)
    return [tuple(out)]


def infer_reshape(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    x = ins[0]
    shape = _ints(op.attr("shape"))
    out: list[Dim | None] = []
    for i, s in enumerate(shape):
        if s == 0:
            out.append(x[i])
        elif s == -1:
            out.append(None)
        else:
            out.append(Dim.const(s))
    if None in out:
        k = out.index(None)
        known = product(d for d in out if d is not None)
        total = sc.table.canon(product(x))
        out[k] = total.floordiv(sc.table.canon(known))
    return [tuple(out)]  # type: ignore[arg-type]


def infer_transpose(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    x = ins[0]
    perm = [p + len(x) if p < 0 else p for p in _ints(op.attr("perm"))]
    return [tuple(x[p] for p in perm)]


def infer_reduce(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    x = ins[0]
    rank = len(x)
    axes = sorted({a + rank if a < 0 else a for a in _ints(op.attr("axis"))}) or list(range(rank))
    if op.attr("keepdim"):
        return [tuple(Dim.const(1) if k in axes else x[k] for k in range(rank))]
    return [tuple(x[k] for k in range(rank) if k not in axes)]


def infer_slice(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    x = list(ins[0])
    rank = len(x)
    for a, s, e in zip(_ints(op.attr("axes")), _ints(op.attr("starts")), _ints(op.attr("ends"))):
        ax = a + rank if a < 0 else a
        x[ax] = _slice_extent(sc, s, e, x[ax])
    dec = {a + rank if a < 0 else a for a in _ints(op.attr("decrease_axis"))}
    return [tuple(d for k, d in enumerate(x) if k not in dec)]


def _slice_extent(sc: ShapeCtx, start: int, end: int, d: Dim) -> Dim:
    v = sc.const(d)
    if v is not None:
        s, e = start + v if start < 0 else start, end + v if end < 0 else end
        s, e = min(max(s, 0), v), min(max(e, 0), v)
        return Dim.const(max(e, s) - s)

    class _C:  # the pe helper needs a context with symbols / const_dim
        symbols = sc.table

        @staticmethod
        def const_dim(x: Dim) -> int | None:
            return sc.const(x)

    return pe.slice_start(_C, start, end, d)[1]  # type: ignore[arg-type]


def infer_concat(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    xs = [d for d in ins if d is not None]
    rank = len(xs[0])
    axis = int(op.attr("axis") or 0)
    axis = axis + rank if axis < 0 else axis
    out = list(xs[0])
    for x in xs[1:]:
        for k in range(rank):
            if k != axis:
                sc.unify(out[k], x[k])
    out[axis] = sum((x[axis] for x in xs), Dim.const(0))
    return [tuple(out)]


def infer_gather(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    x, index = ins[0], ins[1]
    rank = len(x)
    axis = int(op.attr("axis") or 0)
    axis = axis + rank if axis < 0 else axis
    return [tuple(x[:axis]) + tuple(index) + tuple(x[axis + 1:])]


def infer_addmm(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    inp, x, y = ins
    sc.unify(x[1], y[0])
    return [bcast_dims(sc, [inp, (x[0], y[1])])]


def infer_bmm(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    x, y = ins
    sc.unify(x[0], y[0])
    sc.unify(x[2], y[1])
    return [(x[0], x[1], y[2])]


def infer_dot(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    x, y = ins
    for a, b in zip(x, y):
        sc.unify(a, b)
    return [tuple(x[:-1])]


def infer_mv(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    x, v = ins
    sc.unify(x[1], v[0])
    return [(x[0],)]


def infer_from_type(sc: ShapeCtx, op: Operation, ins: list[Any]) -> list[Dims]:
    """The result type's dims, with the batch dim taken from operand 0 (conv2d_transpose)."""
    t = op.results[0].type.dims  # type: ignore[attr-defined]
    out = [Dim.const(d) if d >= 0 else None for d in t]
    if out and out[0] is None:
        out[0] = ins[0][0]
    if any(d is None for d in out):
        raise LoweringError(op, "a dynamic spatial size or channel count is not supported")
    return [tuple(out)]  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------
# computes
# ---------------------------------------------------------------------------------------


def _scalar(ctx: LowerContext, op: Operation, k: int, t: LTensor | None, default: Any, dt: DType) -> Expr:
    """Operand ``k`` holding one value: an immediate when it is a constant, else its first element."""
    v = op.operands[k].value if k < op.num_operands else None
    if v is None or t is None:
        return lang.const(default, dt)
    c = constant_of(v)
    if c is not None and not isinstance(c, list):
        return lang.const(c, dt)
    if isinstance(c, list) and len(c) == 1:
        return lang.const(c[0], dt)
    return lang.cast(pe.scalar_of(ctx, t), dt)


def compute_unary(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    name = short_name(op)
    attrs = op.attrs.values()
    return [pe.elementwise(ctx, names[0], outs[0], out_dtype(op), [ins[0]], lambda v: lang.unary(name, v, attrs),
                           name)]


def compute_binary(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    name = short_name(op)
    return [pe.elementwise(ctx, names[0], outs[0], out_dtype(op), ins[:2], lambda a, b_: lang.binary(name, a, b_),
                           name)]


def compute_cast(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    dt = out_dtype(op)
    return [pe.elementwise(ctx, names[0], outs[0], dt, [ins[0]], lambda v: lang.cast(v, dt), "cast")]


def compute_assign(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    return [pe.elementwise(ctx, names[0], outs[0], out_dtype(op), [ins[0]], lambda v: v, "assign")]


def compute_where(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    return [pe.elementwise(ctx, names[0], outs[0], out_dtype(op), ins[:3], lang.where, "where")]


def compute_masked_fill(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims],
                        names: list[str]) -> list[LTensor]:
    dt = out_dtype(op)
    return [pe.elementwise(ctx, names[0], outs[0], dt, ins[:3],
                           lambda x, m, v: lang.select(lang.cast(m, DType.BOOL), lang.cast(v, dt), x), "masked_fill")]


def compute_clip(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    dt = out_dtype(op)
    attrs = op.attrs.values()
    lo = _scalar(ctx, op, 1, ins[1] if len(ins) > 1 else None, attrs.get("min", 0.0), dt)
    hi = _scalar(ctx, op, 2, ins[2] if len(ins) > 2 else None, attrs.get("max", 0.0), dt)
    return [pe.elementwise(ctx, names[0], outs[0], dt, [ins[0]], lambda x: lang.clip(x, lo, hi), "clip")]


def compute_full(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    dt = out_dtype(op)
    return [pe.full(ctx, outs[0], lang.const(_full_value(op.attr("value")), dt), dt, names[0])]


def _full_value(v: Any) -> Any:
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return v
    return float(v)


def compute_full_like(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims],
                      names: list[str]) -> list[LTensor]:
    dt = out_dtype(op)
    value = _scalar(ctx, op, 1, ins[1] if len(ins) > 1 else None, 0, dt)
    return [pe.full(ctx, outs[0], value, dt, names[0])]


def compute_increment(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims],
                      names: list[str]) -> list[LTensor]:
    import numpy as np

    dt = out_dtype(op)
    step = lang.const(float(np.float32(op.attr("value") if op.attr("value") is not None else 1.0)), dt)
    return [pe.elementwise(ctx, names[0], outs[0], dt, [ins[0]], lambda x: x + step, "increment")]


def compute_scale(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    a = op.attrs.values()
    s, bias = float(a.get("scale", 1.0)), float(a.get("bias", 0.0))
    after = bool(a.get("bias_after_scale", True))
    return [pe.elementwise(ctx, names[0], outs[0], out_dtype(op), [ins[0]], lambda x: lang.scale(x, s, bias, after),
                           "scale")]


def compute_broadcast(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims],
                      names: list[str]) -> list[LTensor]:
    return [pe.broadcast(ctx, ins[0], _ints(op.attr("broadcast_axes")), outs[0], names[0])]


def compute_reshape(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    return [pe.reshape(ctx, ins[0], outs[0], names[0])]


def compute_transpose(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims],
                      names: list[str]) -> list[LTensor]:
    rank = ins[0].ndim
    perm = [p + rank if p < 0 else p for p in _ints(op.attr("perm"))]
    return [pe.transpose(ctx, ins[0], perm, outs[0], names[0])]


def compute_slice(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    return [pe.slice_(ctx, ins[0], _ints(op.attr("axes")), _ints(op.attr("starts")), _ints(op.attr("ends")),
                      _ints(op.attr("decrease_axis")), outs[0], names[0])]


def compute_concat(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    return [pe.concat(ctx, [x for x in ins if x is not None], int(op.attr("axis") or 0), outs[0], names[0])]


def compute_gather(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    return [pe.gather(ctx, ins[0], ins[1], int(op.attr("axis") or 0), outs[0], names[0])]


def compute_reverse(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    rank = ins[0].ndim
    axes = sorted({a + rank if a < 0 else a for a in _ints(op.attr("axis"))})
    return [pe.reverse(ctx, ins[0], axes, names[0])]


def compute_reduce(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    kind = lang.REDUCE_COMBINE[short_name(op)]
    r = pe.reduce(ctx, ins[0], _ints(op.attr("axis")), bool(op.attr("keepdim")), kind, out_dtype(op), names[0],
                  short_name(op))
    return [r]


def compute_addmm(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    inp, x, y = ins
    dt = out_dtype(op)
    cd = lang.compute_dtype(dt)
    mm = pe.matmul(ctx, x, y, names[0] + "_mm", op_name="addmm")
    a = op.attrs.values()
    alpha, beta = lang.const(float(a.get("alpha", 1.0)), cd), lang.const(float(a.get("beta", 1.0)), cd)
    return [pe.elementwise(ctx, names[0], outs[0], dt, [inp, mm],
                           lambda i, m: beta * lang.cast(i, cd) + alpha * lang.cast(m, cd), "addmm")]


def compute_bmm(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    return [pe.matmul(ctx, ins[0], ins[1], names[0], batch=True, op_name="bmm")]


def compute_mv(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    return [pe.matmul(ctx, ins[0], ins[1], names[0], vec=True, op_name="mv")]


def compute_dot(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
    return [pe.dot(ctx, ins[0], ins[1], names[0])]


def compute_conv2d_transpose(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims],
                             names: list[str]) -> list[LTensor]:
    from pirc.dialects.pd_op import conv as nn

    x, w = ins[0], ins[1]
    attrs = op.attrs.values()
    xs = [ctx.const_dim(d) for d in x.dims]
    ws = [ctx.const_dim(d) for d in w.dims]
    nhwc = nn._layout(attrs)
    if any(v is None for v in (xs[1:] if True else xs)) or any(v is None for v in ws):
        raise LoweringError(op, "conv2d_transpose needs static channel, height, width and filter sizes")
    osize: list[int] | None = None
    if op.num_operands > 2 and op.operands[2].value is not None:
        c = constant_of(op.operands[2].value)
        if c is None:
            raise LoweringError(op, "conv2d_transpose's output_size must be a constant")
        osize = [int(a) for a in c] or None
    shape_x = tuple([-1] + xs[1:])
    strides, pads, dil, _ = nn._convt_geometry(shape_x, tuple(ws), osize, attrs)  # type: ignore[arg-type]
    return [pe.conv2d_transpose(ctx, x, w, outs[0], names[0], strides=strides, pads=pads, dil=dil,
                                groups=int(attrs.get("groups", 1)), nhwc=nhwc)]


def compute_prelu(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims],
                  names: list[str]) -> list[LTensor]:
    """``x > 0 ? x : alpha * x`` with alpha one value (``all``), one per channel (``channel``,
    axis 1 or the last axis for NHWC) or one per element of ``x[0]`` (``element``)."""
    x, alpha = ins[0], ins[1]
    mode = op.attr("mode") or "all"
    rank = x.ndim
    nhwc = (op.attr("data_format") or "NCHW") in ("NHWC", "NDHWC", "NLC")
    dt = out_dtype(op)

    def body(*i: Expr) -> Expr:
        if mode == "all":
            a = pe.scalar_of(ctx, alpha)
        elif mode == "channel":
            ax = rank - 1 if nhwc else 1
            a = alpha(pe.delinearize(ctx, i[ax], alpha.dims))
        else:
            lin = pe.linearize(ctx, list(i[1:]), list(x.dims[1:]))
            a = alpha(pe.delinearize(ctx, lin, alpha.dims))
        v = x(i)
        return lang.select(v > lang.const(0, v.dtype), v, lang.cast(a, v.dtype) * v)

    from pirc.cinn.lower.compute import Compute

    return [Compute(ctx, outs[0], body, names[0], dt, "prelu")]


def compute_tri(lower: bool) -> ComputeFn:
    def f(ctx: LowerContext, op: Operation, ins: list[Any], outs: list[Dims], names: list[str]) -> list[LTensor]:
        return [pe.tri(ctx, ins[0], int(op.attr("diagonal") or 0), lower, names[0])]

    return f


# ---------------------------------------------------------------------------------------
# the table
# ---------------------------------------------------------------------------------------

_reg(["pd_op." + n for n in sorted(lang.UNARY_OPS)], infer_same, compute_unary)
_reg(["pd_op." + n for n in sorted(lang.BINARY_OPS)], infer_elementwise, compute_binary)
_reg(["pd_op.cast"], infer_same, compute_cast)
_reg(["pd_op.assign"], infer_same, compute_assign)
_reg(["pd_op.where"], infer_elementwise, compute_where)
_reg(["pd_op.masked_fill"], infer_elementwise, compute_masked_fill)
_reg(["pd_op.clip"], infer_same, compute_clip)
_reg(["pd_op.full"], infer_full, compute_full)
_reg(["pd_op.full_like"], infer_same, compute_full_like)
_reg(["pd_op.increment"], infer_same, compute_increment)
_reg(["pd_op.transpose"], infer_transpose, compute_transpose)
_reg(["pd_op.prelu"], infer_same, compute_prelu)
_reg(["pd_op.tril"], infer_same, compute_tri(True))
_reg(["pd_op.triu"], infer_same, compute_tri(False))
_reg(["pd_op.addmm"], infer_addmm, compute_addmm)
_reg(["pd_op.bmm"], infer_bmm, compute_bmm)
_reg(["pd_op.mv"], infer_mv, compute_mv)
_reg(["pd_op.dot"], infer_dot, compute_dot)
_reg(["pd_op.conv2d_transpose", "pd_op.depthwise_conv2d_transpose"], infer_from_type, compute_conv2d_transpose)
_reg(["cinn_op.scale"], infer_same, compute_scale)
_reg(["cinn_op.broadcast"], infer_broadcast, compute_broadcast)
_reg(["cinn_op.reshape"], infer_reshape, compute_reshape)
_reg(["cinn_op.slice"], infer_slice, compute_slice)
_reg(["cinn_op.concat"], infer_concat, compute_concat)
_reg(["cinn_op.gather"], infer_gather, compute_gather)
_reg(["cinn_op.reverse"], infer_same, compute_reverse)
_reg(["cinn_op.reduce_sum", "cinn_op.reduce_max", "cinn_op.reduce_min", "cinn_op.reduce_prod"], infer_reduce,
     compute_reduce)




__all__ = ["STRATEGIES", "LoweringError", "OpStrategy", "ShapeCtx", "bcast_dims", "out_dtype", "short_name",
           "supported_ops"]
