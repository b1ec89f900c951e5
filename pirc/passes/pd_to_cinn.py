"""pd_to_cinn: PdOp2CinnOpConverter, the first pass of the CINN front end.

It rewrites the pd_op ops CINN wants in its own dialect (the conversion table of
``paddle/cinn/hlir/dialect/operator/transforms/pd_to_cinn_pass.cc``), after
applying Paddle's prim decompositions (:mod:`pirc.passes.decompose`) so that
softmax, layer_norm, gelu ... arrive as fusible primitives.  Every other op stays
a pd_op (inside groups too: CINN's groups hold ``pd_op.exp``, ``pd_op.add`` ...).

==========================  ==================================================================
pd_op                       rewrite
==========================  ==================================================================
scale(x, full s)            cinn_op.scale{scale=s, bias, bias_after_scale}
scale(x, tensor s)          x*s (+ full(bias)), or (x + full(bias))*s, with pd_op ops
sum(x, full_int_array)      [pd_op.cast] + cinn_op.reduce_sum{axis, keepdim, dtype}
max / min / amax / amin     cinn_op.reduce_max / reduce_min{axis, keepdim}
prod(x, full_int_array)     cinn_op.reduce_prod{axis, keepdim, reduce_all}
reshape(x, full_int_array)  cinn_op.reshape{shape}          (at most one -1)
squeeze / unsqueeze /       cinn_op.reshape with the result's shape (0 copies an aligned
flatten                     dynamic dim, at most one other -1)
expand(x, full_int_array)   cinn_op.broadcast{broadcast_axes (right-aligned), out_shape}
concat(combine(xs), full)   cinn_op.concat(xs...){axis}
slice(x, fia, fia)          cinn_op.slice{axes, starts, ends, infer_flags, decrease_axis}
gather(x, i, full) /        cinn_op.gather(x, i){axis}
index_select(x, i)
flip(x)                     cinn_op.reverse{axis}
pow(x){y}                   elementwise_pow(x, full([1], y))
elementwise_pow(x, full y)  y=2: multiply(x, x); y=0.5: sqrt(x); y=-0.5: rsqrt(x)
add_n(combine(xs))          a chain of pd_op.add
split / split_with_num      one cinn_op.slice per piece (static split dim; the vector is only
                            unpacked by builtin.split / builtin.slice)
sigmoid(x)                  divide(full(1), add(exp(scale(x, -1)), full(1)))
==========================  ==================================================================

Axes are written sorted and non-negative.  A new op takes the location and the
stop_gradient flag of the op it replaces; a 1:1 replacement keeps the replaced
result's (possibly more precise) type, as CINN's SliceOpPattern does.  Constants
(``full``, ``full_int_array``, ``combine``) left without users are erased, as the
DCE after CINN's pass does.  An op a rule cannot handle (non-constant operand,
missing op definition, dynamic shape where a static one is needed) stays as it is.

Views and in-place ops (:mod:`pirc.ir.effects`): in Paddle's semantics a view
(``reshape``, ``squeeze``, ``unsqueeze``, ``flatten``, ``slice``, ``transpose``) is a copy
in both directions, so rewriting it to ``cinn_op.reshape`` / ``cinn_op.slice``, which
materialise their result (no view effect: they allocate), keeps what the program
computes; an in-place write to the view's result or to its operand lands in that
value's variable either way.  In-place ops (``*_``) are never converted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pirc.ir.attributes import AttrDict
from pirc.ir.core import Block, Operation, Value
from pirc.ir.program import Program
from pirc.ir.types import DenseTensorType, Type
from pirc.passes.decompose import (
    DECOMPOSITIONS,
    FLOATS,
    Builder,
    Rule,
    Skip,
    boolean,
    const_ints,
    const_scalar,
    defining,
    dims,
    dtype,
    dtype_attr,
    f32,
    gc_paused,
    have,
    i32,
    i32s,
    i64s,
    infer_types,
    norm_axes,
    replace,
)
from pirc.passes.manager import Pass, register_pass


def _compatible(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return len(a) == len(b) and all(x == y or x < 0 or y < 0 for x, y in zip(a, b, strict=True))


def _like(b: Builder, name: str, operands: list[Value | None], attrs: dict[str, Any], old: Operation) -> Value:
    """A 1:1 replacement of ``old``'s single result, keeping its type (checked against the shape rule)."""
    want = old.results[0].type
    got = infer_types(name, operands, AttrDict.get(attrs))
    if len(got) != 1 or not isinstance(want, DenseTensorType) or not isinstance(got[0], DenseTensorType):
        raise Skip("result types")
    if got[0].dtype != want.dtype or not _compatible(got[0].dims, want.dims):
        raise Skip(f"{name} would give {got[0]} instead of {want}")
    t: Type = want
    return b.op(name, operands, attrs, [t]).results[0]


def _x(op: Operation, i: int = 0) -> Value:
    v = op.operands[i].value if i < op.num_operands else None
    if v is None or not isinstance(v.type, DenseTensorType):
        raise Skip("operand")
    return v


# --- reductions ---------------------------------------------------------------------------

def _axes_operand(op: Operation) -> list[int]:
    if op.num_operands > 1:
        axes = const_ints(op.operands[1].value)
    else:
        axes = op.attr("axis")
        axes = [axes] if isinstance(axes, int) else axes
    if axes is None:
        raise Skip("non-constant axis")
    return [int(a) for a in axes]


def _reduce_attrs(x: Value, axes: list[int], keep: bool) -> dict[str, Any]:
    return {"axis": i64s(norm_axes(axes, len(dims(x)))), "keepdim": boolean(keep)}


def _sum(op: Operation, b: Builder) -> list[Value | None]:
    x = _x(op)
    axes = _axes_operand(op)
    out_dt = dtype(op.results[0])
    if dtype(x) != out_dt:
        if not have("pd_op.cast"):
            raise Skip("pd_op.cast is not defined")
        x = b.v("pd_op.cast", x, dtype=dtype_attr(out_dt))
    attrs = _reduce_attrs(x, axes, bool(op.attr("keepdim", False)))
    attrs["dtype"] = dtype_attr(out_dt)
    return [_like(b, "cinn_op.reduce_sum", [x], attrs, op)]


def _minmax(kind: str) -> Rule:
    def rule(op: Operation, b: Builder) -> list[Value | None]:
        x = _x(op)
        return [_like(b, f"cinn_op.reduce_{kind}", [x], _reduce_attrs(x, _axes_operand(op),
                                                                       bool(op.attr("keepdim", False))), op)]

    return rule


def _prod(op: Operation, b: Builder) -> list[Value | None]:
    x = _x(op)
    reduce_all = bool(op.attr("reduce_all", False))
    axes = [] if reduce_all else _axes_operand(op)
    attrs = _reduce_attrs(x, axes, bool(op.attr("keepdim", op.attr("keep_dim", False))))
    attrs["reduce_all"] = boolean(reduce_all)
    return [_like(b, "cinn_op.reduce_prod", [x], attrs, op)]


# --- shape ops ----------------------------------------------------------------------------

def _reshape(op: Operation, b: Builder) -> list[Value | None]:
    x = _x(op)
    shape = const_ints(op.operands[1].value)
    if shape is None or shape.count(-1) > 1:
        raise Skip("non-constant shape")
    return [_like(b, "cinn_op.reshape", [x], {"shape": i32s(shape)}, op)] + [None] * (len(op.results) - 1)


def reshape_shape(out: tuple[int, ...], src: list[int | None]) -> list[int]:
    """A reshape ``shape`` for the result dims ``out``; ``src[i]`` is the input axis that result
    axis ``i`` copies (None: a new or merged axis).  Raises Skip when two dims are unknown."""
    shape: list[int] = []
    unknown = 0
    for i, d in enumerate(out):
        if d >= 0:
            shape.append(d)
        elif src[i] == i:
            shape.append(0)
        else:
            shape.append(-1)
            unknown += 1
    if unknown > 1:
        raise Skip("more than one unknown dim")
    return shape


def _unsqueeze(op: Operation, b: Builder) -> list[Value | None]:
    x = _x(op)
    axes = const_ints(op.operands[1].value)
    if axes is None:
        raise Skip("non-constant axes")
    out = dims(op.results[0])
    xd = dims(x)
    if len(out) != len(xd) + len(axes):
        raise Skip("rank")
    inserted: set[int] = set()
    cur = len(xd)
    for a in axes:  # Paddle inserts one axis at a time
        a = a + cur + 1 if a < 0 else a
        inserted = {i + 1 if i >= a else i for i in inserted} | {a}
        cur += 1
    src: list[int | None] = []
    k = 0
    for i in range(len(out)):
        if i in inserted:
            src.append(None)
        else:
            src.append(k)
            k += 1
    return [_like(b, "cinn_op.reshape", [x], {"shape": i32s(reshape_shape(out, src))}, op)]


def _squeeze(op: Operation, b: Builder) -> list[Value | None]:
    x = _x(op)
    axes = const_ints(op.operands[1].value)
    if axes is None:
        raise Skip("non-constant axes")
    xd = dims(x)
    rank = len(xd)
    ax = {a + rank if a < 0 else a for a in axes} if axes else {i for i, d in enumerate(xd) if d == 1}
    if any(xd[a] < 0 for a in ax if 0 <= a < rank):
        raise Skip("squeezing a dynamic dim")
    removed = {a for a in ax if 0 <= a < rank and xd[a] == 1}
    src: list[int | None] = [i for i in range(rank) if i not in removed]
    out = dims(op.results[0])
    if len(out) != len(src):
        raise Skip("rank")
    return [_like(b, "cinn_op.reshape", [x], {"shape": i32s(reshape_shape(out, src))}, op)]


def _flatten(op: Operation, b: Builder) -> list[Value | None]:
    x = _x(op)
    xd = dims(x)
    rank = len(xd)
    if rank == 0:
        raise Skip("0-D")
    start = int(op.attr("start_axis", 0))
    stop = int(op.attr("stop_axis", -1))
    start = start + rank if start < 0 else start
    stop = stop + rank if stop < 0 else stop
    out = dims(op.results[0])
    src: list[int | None] = list(range(start)) + [None] + list(range(stop + 1, rank))
    if len(out) != len(src):
        raise Skip("rank")
    if stop == start:
        src[start] = start
    return [_like(b, "cinn_op.reshape", [x], {"shape": i32s(reshape_shape(out, src))}, op)] + [None] * (
        len(op.results) - 1)


def _expand(op: Operation, b: Builder) -> list[Value | None]:
    x = _x(op)
    if const_ints(op.operands[1].value) is None:
        raise Skip("non-constant shape")
    xd = dims(x)
    out = dims(op.results[0])
    off = len(out) - len(xd)
    if off < 0:
        raise Skip("rank")
    for i, d in enumerate(out):
        if d < 0 and (i < off or xd[i - off] != -1):
            raise Skip("a dynamic dim the input does not carry")
    attrs = {"broadcast_axes": i64s(range(off, len(out))), "out_shape": i64s(out)}
    return [_like(b, "cinn_op.broadcast", [x], attrs, op)]


def _concat(op: Operation, b: Builder) -> list[Value | None]:
    comb = defining(op.operands[0].value, "builtin.combine")
    axis = const_scalar(op.operands[1].value) if op.num_operands > 1 else op.attr("axis")
    if comb is None or axis is None:
        raise Skip("inputs or axis")
    xs = [o.value for o in comb.operands]
    if not xs or len(xs) > 256 or any(v is None for v in xs):
        raise Skip("operand count")
    return [_like(b, "cinn_op.concat", xs, {"axis": i32(int(axis))}, op)]


def _slice(op: Operation, b: Builder) -> list[Value | None]:
    x = _x(op)
    starts = const_ints(op.operands[1].value)
    ends = const_ints(op.operands[2].value)
    if starts is None or ends is None:
        raise Skip("non-constant starts/ends")
    attrs = {
        "axes": i64s(op.attr("axes") or []), "starts": i64s(starts), "ends": i64s(ends),
        "infer_flags": i64s(op.attr("infer_flags") or []), "decrease_axis": i64s(op.attr("decrease_axis") or []),
    }
    return [_like(b, "cinn_op.slice", [x], attrs, op)]


def _gather(op: Operation, b: Builder) -> list[Value | None]:
    x, index = _x(op), _x(op, 1)
    if op.name == "pd_op.index_select":
        axis = op.attr("axis", 0)
    else:
        axis = const_scalar(op.operands[2].value) if op.num_operands > 2 else 0
    if axis is None:
        raise Skip("non-constant axis")
    return [_like(b, "cinn_op.gather", [x, index], {"axis": i32(int(axis))}, op)]


def _flip(op: Operation, b: Builder) -> list[Value | None]:
    x = _x(op)
    axis = op.attr("axis")
    axis = [axis] if isinstance(axis, int) else axis
    if not axis:
        raise Skip("axis")
    return [_like(b, "cinn_op.reverse", [x], {"axis": i32s(norm_axes(axis, len(dims(x))))}, op)]


# --- elementwise --------------------------------------------------------------------------

def _scale(op: Operation, b: Builder) -> list[Value | None]:
    x = _x(op)
    s_val = op.operands[1].value if op.num_operands > 1 else None
    bias = float(op.attr("bias", 0.0))
    after = bool(op.attr("bias_after_scale", True))
    s = const_scalar(s_val) if s_val is not None else float(op.attr("scale", 1.0))
    if s is not None:
        attrs = {"scale": f32(s), "bias": f32(bias), "bias_after_scale": boolean(after)}
        return [_like(b, "cinn_op.scale", [x], attrs, op)]
    if s_val is None or dtype(x) not in FLOATS or dtype(s_val) != dtype(x):
        raise Skip("tensor scale of another dtype")
    if after:
        out = b.v("pd_op.multiply", x, s_val)
        if bias:
            out = b.v("pd_op.add", out, b.full(bias, dtype(x)))
    else:
        t = b.v("pd_op.add", x, b.full(bias, dtype(x))) if bias else x
        out = b.v("pd_op.multiply", t, s_val)
    return [out]


def _pow(op: Operation, b: Builder) -> list[Value | None]:
    x = _x(op)
    if dtype(x) not in FLOATS:
        raise Skip("dtype")
    y = float(op.attr("y", 1.0))
    return [b.v("pd_op.elementwise_pow", x, b.full(y, dtype(x), (1,)))]


def _elementwise_pow(op: Operation, b: Builder) -> list[Value | None]:
    x = _x(op)
    y = const_scalar(op.operands[1].value)
    if y is None or dims(op.results[0]) != dims(x) or dtype(x) not in FLOATS:
        raise Skip("exponent")
    if y == 2.0:
        return [b.v("pd_op.multiply", x, x)]
    if y == 0.5:
        return [b.v("pd_op.sqrt", x)]
    if y == -0.5:
        return [b.v("pd_op.rsqrt", x)]
    raise Skip("other exponent")


def _add_n(op: Operation, b: Builder) -> list[Value | None]:
    comb = defining(op.operands[0].value, "builtin.combine")
    if comb is None or not comb.operands:
        raise Skip("inputs")
    xs = [o.value for o in comb.operands]
    acc = xs[0]
    for v in xs[1:]:
        acc = b.v("pd_op.add", acc, v)
    if acc is None or len(xs) < 2:
        raise Skip("fewer than two inputs")
    return [acc]


def _sigmoid(op: Operation, b: Builder) -> list[Value | None]:
    x = _x(op)
    if dtype(x) not in FLOATS:
        raise Skip("dtype")
    one = b.full(1.0, dtype(x))
    den = b.v("pd_op.add", b.v("pd_op.exp", b.scale(x, -1.0)), one)
    return [b.v("pd_op.divide", one, den)]


# --- split -------------------------------------------------------------------------------

def _split(op: Operation, b: Builder) -> list[Value | None]:
    x = _x(op)
    xd = dims(x)
    rank = len(xd)
    if op.name == "pd_op.split":
        sections = const_ints(op.operands[1].value)
        axis = const_scalar(op.operands[2].value)
    else:
        num = int(op.attr("num", 1))
        axis = const_scalar(op.operands[1].value)
        sections = None
        if axis is not None:
            a = int(axis) + rank if axis < 0 else int(axis)
            d = xd[a] if 0 <= a < rank else -1
            if d < 0 or num <= 0 or d % num:
                raise Skip("split dim")
            sections = [d // num] * num
    if sections is None or axis is None:
        raise Skip("non-constant sections or axis")
    a = int(axis) + rank if axis < 0 else int(axis)
    if not 0 <= a < rank or xd[a] < 0:
        raise Skip("dynamic split dim")
    if sections.count(-1) == 1:
        sections[sections.index(-1)] = xd[a] - sum(s for s in sections if s >= 0)
    if any(s < 0 for s in sections) or sum(sections) != xd[a]:
        raise Skip("sections")
    users = [u.owner for u in op.results[0].uses()]
    if not users or any(u.name not in ("builtin.split", "builtin.slice") or u.parent is not op.parent for u in users):
        raise Skip("the vector is used as a vector")
    bounds = [0]
    for s in sections:
        bounds.append(bounds[-1] + s)
    pieces: dict[int, Value] = {}

    def piece(i: int) -> Value:
        if i not in pieces:
            attrs = {"axes": i64s([a]), "starts": i64s([bounds[i]]), "ends": i64s([bounds[i + 1]]),
                     "infer_flags": i64s([1]), "decrease_axis": i64s([])}
            pieces[i] = b.op("cinn_op.slice", [x], attrs).results[0]
        return pieces[i]

    plan: list[tuple[Operation, list[Value | None]]] = []
    for u in users:
        idx = list(range(len(u.results))) if u.name == "builtin.split" else [int(u.attr("index", 0))]
        # only the pieces something uses (CINN's pass is followed by DCE)
        vals = [piece(i) if r.first_use is not None else None for i, r in zip(idx, u.results, strict=True)]
        for r, v in zip(u.results, vals, strict=True):
            if v is not None and r.type is not v.type and not (
                    isinstance(r.type, DenseTensorType) and isinstance(v.type, DenseTensorType)
                    and _compatible(r.type.dims, v.type.dims)):
                raise Skip("piece type")
        plan.append((u, vals))
    for u, vals in plan:
        for r, v in zip(u.results, vals, strict=True):
            if v is not None:
                r.replace_all_uses_with(v)
        u.erase()
    return [None]


#: op name -> (rule, ops the rule may create)
CONVERSIONS: dict[str, tuple[Rule, tuple[str, ...]]] = {
    "pd_op.scale": (_scale, ("cinn_op.scale",)),
    "pd_op.sum": (_sum, ("cinn_op.reduce_sum",)),
    "pd_op.max": (_minmax("max"), ("cinn_op.reduce_max",)),
    "pd_op.min": (_minmax("min"), ("cinn_op.reduce_min",)),
    "pd_op.amax": (_minmax("max"), ("cinn_op.reduce_max",)),
    "pd_op.amin": (_minmax("min"), ("cinn_op.reduce_min",)),
    "pd_op.prod": (_prod, ("cinn_op.reduce_prod",)),
    "pd_op.reshape": (_reshape, ("cinn_op.reshape",)),
    "pd_op.squeeze": (_squeeze, ("cinn_op.reshape",)),
    "pd_op.unsqueeze": (_unsqueeze, ("cinn_op.reshape",)),
    "pd_op.flatten": (_flatten, ("cinn_op.reshape",)),
    "pd_op.expand": (_expand, ("cinn_op.broadcast",)),
    "pd_op.concat": (_concat, ("cinn_op.concat",)),
    "pd_op.slice": (_slice, ("cinn_op.slice",)),
    "pd_op.gather": (_gather, ("cinn_op.gather",)),
    "pd_op.index_select": (_gather, ("cinn_op.gather",)),
    "pd_op.flip": (_flip, ("cinn_op.reverse",)),
    "pd_op.pow": (_pow, ("pd_op.elementwise_pow", "pd_op.full")),
    "pd_op.elementwise_pow": (_elementwise_pow, ()),
    "pd_op.add_n": (_add_n, ("pd_op.add",)),
    "pd_op.split": (_split, ("cinn_op.slice",)),
    "pd_op.split_with_num": (_split, ("cinn_op.slice",)),
    "pd_op.sigmoid": (_sigmoid, ("pd_op.full", "pd_op.exp", "pd_op.add", "pd_op.divide", "cinn_op.scale")),
}

#: ops whose rule needs a specific op to exist only on some paths
_EPOW_NEEDS = {2.0: "pd_op.multiply", 0.5: "pd_op.sqrt", -0.5: "pd_op.rsqrt"}


@register_pass
@dataclass
class PdToCinn(Pass):
    name = "pd_to_cinn"
    summary = "convert pd_op ops to cinn_op ops (PdOp2CinnOpConverter) after Paddle's prim decompositions"

    decompose: bool = True

    def run(self, program: Program) -> None:
        self.rewritten = 0
        with gc_paused():
            self.block(program.block)

    def rule_for(self, op: Operation) -> Rule | None:
        entry = CONVERSIONS.get(op.name)
        if entry is None and self.decompose:
            entry = DECOMPOSITIONS.get(op.name)
        if entry is None:
            return None
        rule, needs = entry
        if not have(*needs):
            return None
        if op.name == "pd_op.elementwise_pow":
            y = const_scalar(op.operands[1].value) if op.num_operands > 1 else None
            if y not in _EPOW_NEEDS or not have(_EPOW_NEEDS[y]):
                return None
        return rule

    def block(self, block: Block) -> None:
        op = block.first_op
        while op is not None:
            if op.regions:
                for region in op.regions:
                    for b in region.blocks:
                        self.block(b)
                op = op.next_op
                continue
            rule = self.rule_for(op)
            if rule is None:
                op = op.next_op
                continue
            builder = Builder(op)
            try:
                new_values = rule(op, builder)
            except Skip:
                builder.rollback()
                op = op.next_op
                continue
            first = builder.created[0] if builder.created else None
            nxt = op.next_op
            replace(op, new_values)
            self.rewritten += 1
            op = first if first is not None else nxt


__all__ = ["CONVERSIONS", "PdToCinn", "reshape_shape"]
