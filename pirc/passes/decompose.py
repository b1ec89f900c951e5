"""Prim decompositions (what Paddle's ``decomp`` does before CINN) and the rewrite
builder that pd_to_cinn shares.

Paddle runs its composite rules (``FLAGS_prim_all``) before CINN, so that ops
such as softmax or layer_norm reach build_cinn as reductions and elementwise
primitives that fuse.  The rules below follow what PaddlePaddle 3.3.1's
``paddle.decomposition.decompose`` produces (checked by running it), with
the reductions written directly as ``cinn_op.reduce_*`` (pd_to_cinn would turn
the ``pd_op.max``/``pd_op.sum`` Paddle emits into exactly those):

==============  =====================================================================
op              decomposition
==============  =====================================================================
softmax         m = max(x, a, keep); e = exp(x - m); e / sum(e, a, keep)
log_softmax     d = max(x - max(x, a, keep), -64); d - log(sum(exp(d), a, keep))
layer_norm      mean = sum(x)/N; d = x - mean; var = sum(d*d)/N;
                y = d * rsqrt(var + eps) [* scale] [+ bias]; mean/var reshaped
gelu            0.5x * (1 + erf(x * sqrt(1/2)))  /  tanh form when approximate
silu, swish     x * sigmoid(x)            (sigmoid is then converted by pd_to_cinn)
mean            sum(x, axes, keepdim) / N (N static, else the product of shape64(x)'s reduced dims)
relu6           minimum(maximum(x, 0), 6)
hardswish       minimum(maximum(x + 3, 0), 6) * x / 6
hardsigmoid     maximum(minimum(x * slope + offset, 1), 0)
leaky_relu      maximum(x, slope * x)     (0 <= slope <= 1)
elu             where(x > 0, x, alpha * (exp(x) - 1))
square          x * x
reciprocal      1 / x
clip            minimum(maximum(x, min), max)
p_norm          sqrt(sum(x * x, axis, keepdim))   (porder 2)
batch_norm(_)   inference only (is_test or use_global_stats), statistics results unused:
                (x - mean) * rsqrt(var + eps) * scale + bias, per channel
dropout         inference, upscale_in_train, mask unused: the identity
full_like       a pd_op.full of the (static) shape
==============  =====================================================================

A rule only fires for float32/float64 tensors (Paddle casts float16/bfloat16 to
float32 around the rule; pirc leaves those ops alone), when every op it would
create has an OpDef with a shape rule, and when the shapes it needs are static;
otherwise the op is left as it is (and build_cinn keeps it out of groups).
"""

from __future__ import annotations

import contextlib
import gc
import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pirc.dialects.opdef import DTYPE_TO_PIR, OP_DEFS, Meta, ShapeError
from pirc.ir.attributes import (
    ArrayAttr,
    AttrDict,
    Attribute,
    BoolAttr,
    DataTypeAttr,
    FloatAttr,
    IntArrayAttr,
    IntAttr,
    PlaceAttr,
)
from pirc.ir.core import Block, Operation, OpResult, Value
from pirc.ir.types import DenseTensorType, Type
from pirc.ir.verifier import constant_of, meta_of_type

FLOATS = ("float32", "float64")


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Rewriting a big program allocates many linked objects; the cyclic collector would
    rescan the whole (long-lived) program again and again, making a pass superlinear.
    The ops a pass erases are collected when the collector runs next."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class Skip(Exception):
    """A rewrite cannot apply (missing op definition, dynamic shape, ...)."""


# --- attributes -------------------------------------------------------------------------

def i64s(vals: Sequence[int]) -> ArrayAttr:
    return ArrayAttr.get(IntAttr.get(int(v), "i64") for v in vals)


def i32s(vals: Sequence[int]) -> ArrayAttr:
    return ArrayAttr.get(IntAttr.get(int(v), "i32") for v in vals)


def i32(v: int) -> IntAttr:
    return IntAttr.get(int(v), "i32")


def f32(v: float) -> FloatAttr:
    return FloatAttr.get(float(v), "f32")


def boolean(v: bool) -> BoolAttr:
    return BoolAttr.get(bool(v))


def dtype_attr(d: str) -> DataTypeAttr:
    return DataTypeAttr.get(d)


def stop_gradient_of(op: Operation, index: int = 0) -> Attribute:
    """The original op's stop_gradient flag for result ``index`` (true when absent)."""
    a = op.attrs.get_attr("stop_gradient")
    if isinstance(a, ArrayAttr) and len(a) > index:
        return a.elements[index]
    return BoolAttr.TRUE


# --- types --------------------------------------------------------------------------------

def tensor_type(v: Value | None) -> DenseTensorType:
    if v is None or not isinstance(v.type, DenseTensorType):
        raise Skip("not a dense tensor")
    return v.type


def dims(v: Value) -> tuple[int, ...]:
    return tensor_type(v).dims


def dtype(v: Value) -> str:
    return tensor_type(v).dtype


def static(ds: Sequence[int]) -> bool:
    return all(d >= 0 for d in ds)


def prod(ds: Sequence[int]) -> int:
    p = 1
    for d in ds:
        p *= d
    return p


def norm_axes(axes: Sequence[int], rank: int) -> list[int]:
    """Sorted non-negative axes; [] means every axis."""
    if not axes:
        return list(range(rank))
    out = set()
    for a in axes:
        a = int(a)
        if not -max(rank, 1) <= a < max(rank, 1):
            raise Skip(f"axis {a} out of range")
        out.add(a + rank if a < 0 else a)
    return sorted(out) if rank else []


def const_ints(v: Value | None) -> list[int] | None:
    """An IntArray operand's value if it is a compile-time constant."""
    c = constant_of(v)
    if c is None:
        return None
    if isinstance(c, (list, tuple)):
        out: list[int] = []
        for x in c:
            if isinstance(x, (list, tuple)):
                out.extend(int(y) for y in x)
            elif x is None:
                return None
            else:
                out.append(int(x))
        return out
    return [int(c)]


def const_scalar(v: Value | None) -> float | None:
    c = constant_of(v)
    if isinstance(c, (list, tuple)):
        return float(c[0]) if len(c) == 1 and not isinstance(c[0], (list, tuple)) else None
    return None if c is None else float(c)


def defining(v: Value | None, name: str) -> Operation | None:
    if isinstance(v, OpResult) and v.owner.name == name:
        return v.owner
    return None


def have(*names: str) -> bool:
    for n in names:
        d = OP_DEFS.get(n)
        if d is None or d.infer_meta is None:
            return False
    return True


def _type_of(m: Any) -> Type:
    if not isinstance(m, Meta) or m.shape is None or m.dtype not in DTYPE_TO_PIR:
        raise Skip("the shape rule gave no tensor type")
    return DenseTensorType.get(DTYPE_TO_PIR[m.dtype], tuple(m.shape))


def infer_types(name: str, operands: Sequence[Value | None], attrs: AttrDict) -> list[Type]:
    d = OP_DEFS.get(name)
    if d is None or d.infer_meta is None:
        raise Skip(f"{name} has no shape rule")
    metas = [None if v is None else meta_of_type(v.type, constant_of(v)) for v in operands]
    try:
        res = d.infer_meta(metas, attrs.values())
    except (ShapeError, ValueError, TypeError, KeyError, IndexError) as e:
        raise Skip(f"{name}: {e}") from None
    return [_type_of(m) for m in res]


# --- the builder --------------------------------------------------------------------------

class Builder:
    """Creates ops before ``anchor`` (with its location and stop_gradient); undoable."""

    def __init__(self, anchor: Operation, stop_gradient: Attribute | None = None) -> None:
        self.anchor = anchor
        block = anchor.parent
        assert block is not None
        self.block: Block = block
        self.sg = stop_gradient if stop_gradient is not None else stop_gradient_of(anchor)
        self.created: list[Operation] = []

    def op(self, name: str, operands: Sequence[Value | None], attrs: dict[str, Attribute] | None = None,
           types: Sequence[Type] | None = None) -> Operation:
        a = dict(attrs or {})
        ad0 = AttrDict.get(a)
        rtypes = list(types) if types is not None else infer_types(name, operands, ad0)
        a.setdefault("stop_gradient", ArrayAttr.get([self.sg] * len(rtypes)))
        op = Operation(name, list(operands), rtypes, AttrDict.get(a), loc=self.anchor.loc)
        self.block.insert_before(op, self.anchor)
        self.created.append(op)
        return op

    def v(self, name: str, *operands: Value | None, **attrs: Attribute) -> Value:
        return self.op(name, operands, attrs).results[0]

    # frequently used ops
    def full(self, value: float, dt: str, shape: Sequence[int] = ()) -> Value:
        if not have("pd_op.full"):
            raise Skip("pd_op.full is not defined")
        val = FloatAttr.get(float(value), "f64")
        t = DenseTensorType.get(DTYPE_TO_PIR[dt], tuple(shape))
        return self.op("pd_op.full", (), {
            "dtype": dtype_attr(dt), "place": PlaceAttr.get("Place(undefined:0)"),
            "shape": IntArrayAttr.get(shape), "value": val,
            "stop_gradient": ArrayAttr.get([BoolAttr.TRUE]),
        }, [t]).results[0]

    def int_array(self, values: Sequence[int]) -> Value:
        t = DenseTensorType.get(DTYPE_TO_PIR["int64"], (len(values),))
        return self.op("pd_op.full_int_array", (), {
            "dtype": dtype_attr("int64"), "place": PlaceAttr.get("Place(cpu)"), "value": i64s(values),
            "stop_gradient": ArrayAttr.get([BoolAttr.TRUE]),
        }, [t]).results[0]

    def reduce(self, kind: str, x: Value, axes: Sequence[int], keepdim: bool, out_dtype: str | None = None) -> Value:
        ax = norm_axes(axes, len(dims(x)))
        attrs: dict[str, Attribute] = {"axis": i64s(ax), "keepdim": boolean(keepdim)}
        if kind == "sum":
            attrs["dtype"] = dtype_attr(out_dtype or dtype(x))
        if kind == "prod":
            attrs["reduce_all"] = boolean(False)
        return self.op(f"cinn_op.reduce_{kind}", (x,), attrs).results[0]

    def scale(self, x: Value, s: float, b: float = 0.0, after: bool = True) -> Value:
        return self.op("cinn_op.scale", (x,), {"scale": f32(s), "bias": f32(b), "bias_after_scale": boolean(after)}
                       ).results[0]

    def reshape(self, x: Value, shape: Sequence[int]) -> Value:
        return self.op("cinn_op.reshape", (x,), {"shape": i32s(shape)}).results[0]

    def rollback(self) -> None:
        for op in reversed(self.created):
            op.detach()
            op.drop_all_uses_of_operands()
        self.created.clear()


def replace(op: Operation, new_values: Sequence[Value | None]) -> None:
    """Replace ``op``'s results by ``new_values`` (None: the result must be unused) and erase it,
    then erase the constant ops (full, full_int_array, combine) that fed only it."""
    for r, nv in zip(op.results, new_values, strict=True):
        if nv is not None:
            r.replace_all_uses_with(nv)
        elif r.first_use is not None:
            raise AssertionError(f"result #{r.index} of {op.name} is still used")
    feeders = [o.value for o in op.operands]
    op.erase()
    erase_dead_constants(feeders)


_CONSTANT_OPS = frozenset({"pd_op.full", "pd_op.full_int_array", "builtin.combine", "pd_op.assign_value_",
                           "pd_op.assign_value"})


def erase_dead_constants(values: Sequence[Value | None]) -> None:
    stack = [v for v in values if isinstance(v, OpResult)]
    while stack:
        v = stack.pop()
        d = v.owner
        if d.parent is None or d.name not in _CONSTANT_OPS:
            continue
        if any(r.first_use is not None for r in d.results):
            continue
        if d.name == "pd_op.assign_value_":
            continue  # inplace: keep
        more = [o.value for o in d.operands if isinstance(o.value, OpResult)]
        d.erase()
        stack.extend(more)


def unused(op: Operation, *indices: int) -> bool:
    return all(op.results[i].first_use is None for i in indices if i < len(op.results))


# --- the rules ----------------------------------------------------------------------------

Rule = Callable[[Operation, Builder], "list[Value | None] | None"]


def _float_x(op: Operation, index: int = 0) -> Value:
    x = op.operands[index].value
    if x is None or dtype(x) not in FLOATS:
        raise Skip("not a float32/float64 tensor")
    for r in op.results:
        if isinstance(r.type, DenseTensorType) and r.type.dtype not in FLOATS + ("bool", "int64", "uint8"):
            raise Skip("result type")
    return x


def _axis_attr(op: Operation, key: str = "axis") -> int:
    a = op.attr(key)
    if isinstance(a, list):
        if len(a) != 1:
            raise Skip("one axis expected")
        a = a[0]
    return int(a if a is not None else -1)


def _softmax(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    a = norm_axes([_axis_attr(op)], len(dims(x)))
    m = b.reduce("max", x, a, True)
    e = b.v("pd_op.exp", b.v("pd_op.subtract", x, m))  # unclipped: exp(-64) = 1.6e-28 is below any tolerance
    s = b.reduce("sum", e, a, True)
    return [b.v("pd_op.divide", e, s)]


def _clip_shifted(b: Builder, d: Value) -> Value:
    """x - max clipped below at -64, as the kernel Paddle's executor runs (phi's ValueClip; NaN stays NaN):
    log_softmax([0, -200]) is [0, -64] there, not [0, -200]."""
    return b.v("pd_op.maximum", d, b.full(-64.0, dtype(d)))


def _log_softmax(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    a = norm_axes([_axis_attr(op)], len(dims(x)))
    m = b.reduce("max", x, a, True)
    d = _clip_shifted(b, b.v("pd_op.subtract", x, m))
    s = b.reduce("sum", b.v("pd_op.exp", d), a, True)
    return [b.v("pd_op.subtract", d, b.v("pd_op.log", s))]


def _layer_norm(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    xd = dims(x)
    rank = len(xd)
    begin = int(op.attr("begin_norm_axis", 1))
    begin = begin + rank if begin < 0 else begin
    if not 0 <= begin < rank:
        raise Skip("begin_norm_axis")
    axes = list(range(begin, rank))
    norm = xd[begin:]
    if not static(norm):
        raise Skip("dynamic normalised dims")
    n = prod(norm)
    dt = dtype(x)
    for r in op.results:
        if r.first_use is not None and r.type.dtype != dt:  # type: ignore[attr-defined]
            raise Skip("mixed precision statistics")
    eps = float(op.attr("epsilon", 1e-5))
    scale = op.operands[1].value if op.num_operands > 1 else None
    bias = op.operands[2].value if op.num_operands > 2 else None
    for p in (scale, bias):
        if p is not None and (dtype(p) != dt or prod(dims(p)) != n or not static(dims(p))):
            raise Skip("scale/bias shape or dtype")
    mean = b.v("pd_op.divide", b.reduce("sum", x, axes, True), b.full(n, dt))
    diff = b.v("pd_op.subtract", x, mean)
    var = b.v("pd_op.divide", b.reduce("sum", b.v("pd_op.multiply", diff, diff), axes, True), b.full(n, dt))
    rstd = b.v("pd_op.rsqrt", b.v("pd_op.add", var, b.full(eps, dt)))
    out = b.v("pd_op.multiply", diff, rstd)
    if scale is not None:
        s = scale if list(dims(scale)) == list(norm) else b.reshape(scale, norm)
        out = b.v("pd_op.multiply", out, s)
    if bias is not None:
        bb = bias if list(dims(bias)) == list(norm) else b.reshape(bias, norm)
        out = b.v("pd_op.add", out, bb)
    stats: list[Value | None] = []
    for i, v in ((1, mean), (2, var)):
        if i >= len(op.results) or op.results[i].first_use is None:
            stats.append(None)
            continue
        want = dims(op.results[i])
        stats.append(b.reshape(v, [0] * len(want) if len(want) == begin else list(want)))
    return [out, *stats][: len(op.results)]


_SQRT1_2 = 1.0 / math.sqrt(2.0)
_SQRT_2_PI = math.sqrt(2.0 / math.pi)


def _gelu(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    dt = dtype(x)
    half, one = b.full(0.5, dt), b.full(1.0, dt)
    if op.attr("approximate", False):
        x3 = b.v("pd_op.multiply", b.v("pd_op.multiply", x, x), x)
        inner = b.v("pd_op.add", x, b.v("pd_op.multiply", x3, b.full(0.044715, dt)))
        t = b.v("pd_op.tanh", b.v("pd_op.multiply", b.full(_SQRT_2_PI, dt), inner))
        a = b.v("pd_op.add", one, t)
    else:
        e = b.v("pd_op.erf", b.v("pd_op.multiply", x, b.full(_SQRT1_2, dt)))
        a = b.v("pd_op.add", one, e)
    return [b.v("pd_op.multiply", b.v("pd_op.multiply", x, half), a)]


def _silu(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    if op.attr("beta", 1.0) not in (1, 1.0):
        raise Skip("swish beta")
    return [b.v("pd_op.multiply", x, b.v("pd_op.sigmoid", x))]


def _mean(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    axes = const_ints(op.operands[1].value) if op.num_operands > 1 else op.attr("axis")
    if axes is None:
        raise Skip("non-constant axis")
    xd = dims(x)
    ax = norm_axes(axes, len(xd))
    red = [xd[i] for i in ax]
    s = b.reduce("sum", x, ax, bool(op.attr("keepdim", False)))
    if static(red):
        return [b.v("pd_op.divide", s, b.full(prod(red), dtype(x)))]
    # dynamic reduced dims: the count from x's shape when it runs (shape64, its dims, their product), as
    # Paddle's mean decomposition does; a plan for concrete shapes folds it to a constant
    if not have("pd_op.shape64", "pd_op.slice", "pd_op.cast", "pd_op.full_int_array", "pd_op.multiply"):
        raise Skip("the shape ops are not defined")
    shape = b.v("pd_op.shape64", x)
    count: Value | None = None
    for i in ax:
        if xd[i] >= 0:
            continue
        d = b.v("pd_op.slice", shape, b.int_array([i]), b.int_array([i + 1]), axes=i64s([0]), infer_flags=i64s([1]),
                decrease_axis=i64s([0]))  # a 0-d count: the quotient keeps the sum's shape
        count = d if count is None else b.v("pd_op.multiply", count, d)
    assert count is not None  # some reduced dim is dynamic
    n = b.v("pd_op.cast", count, dtype=dtype_attr(dtype(x)))
    known = prod([d for d in red if d >= 0])
    if known != 1:
        n = b.v("pd_op.multiply", n, b.full(known, dtype(x)))
    return [b.v("pd_op.divide", s, n)]


def _relu6(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    dt = dtype(x)
    return [b.v("pd_op.minimum", b.v("pd_op.maximum", x, b.full(0.0, dt)), b.full(6.0, dt))]


def _hardswish(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    dt = dtype(x)
    t = b.v("pd_op.minimum", b.v("pd_op.maximum", b.v("pd_op.add", x, b.full(3.0, dt)), b.full(0.0, dt)),
            b.full(6.0, dt))
    return [b.v("pd_op.divide", b.v("pd_op.multiply", t, x), b.full(6.0, dt))]


def _hardsigmoid(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    dt = dtype(x)
    slope = float(op.attr("slope", 1.0 / 6))
    offset = float(op.attr("offset", 0.5))
    t = b.v("pd_op.add", b.v("pd_op.multiply", x, b.full(slope, dt)), b.full(offset, dt))
    return [b.v("pd_op.maximum", b.v("pd_op.minimum", t, b.full(1.0, dt)), b.full(0.0, dt))]


def _leaky_relu(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    slope = float(op.attr("negative_slope", 0.02))
    if not 0.0 <= slope <= 1.0:
        raise Skip("slope outside [0, 1]")
    return [b.v("pd_op.maximum", x, b.v("pd_op.multiply", b.full(slope, dtype(x)), x))]


def _elu(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    dt = dtype(x)
    alpha = float(op.attr("alpha", 1.0))
    neg = b.v("pd_op.multiply", b.full(alpha, dt), b.v("pd_op.subtract", b.v("pd_op.exp", x), b.full(1.0, dt)))
    return [b.v("pd_op.where", b.v("pd_op.greater_than", x, b.full(0.0, dt)), x, neg)]


def _square(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    return [b.v("pd_op.multiply", x, x)]


def _reciprocal(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    return [b.v("pd_op.divide", b.full(1.0, dtype(x)), x)]


def _clip(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    lo = op.operands[1].value if op.num_operands > 1 else None
    hi = op.operands[2].value if op.num_operands > 2 else None
    if lo is None or hi is None or dtype(lo) != dtype(x) or dtype(hi) != dtype(x):
        raise Skip("clip bounds")
    return [b.v("pd_op.minimum", b.v("pd_op.maximum", x, lo), hi)]


def _p_norm(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    if float(op.attr("porder", 2.0)) != 2.0 or op.attr("asvector", False):
        raise Skip("only the 2-norm over one axis")
    a = norm_axes([_axis_attr(op)], len(dims(x)))
    s = b.reduce("sum", b.v("pd_op.multiply", x, x), a, bool(op.attr("keepdim", False)))
    return [b.v("pd_op.sqrt", s)]


def _batch_norm(op: Operation, b: Builder) -> list[Value | None]:
    x = _float_x(op)
    if not (op.attr("is_test", False) and not op.attr("trainable_statistics", False)) and not op.attr(
            "use_global_stats", False):
        raise Skip("training mode")
    if not unused(op, 1, 2, 3, 4, 5):
        raise Skip("statistics are used")
    xd = dims(x)
    rank = len(xd)
    fmt = str(op.attr("data_format", "NCHW"))
    cax = rank - 1 if fmt in ("NHWC", "NDHWC") else 1
    if rank < 2:
        raise Skip("rank")
    c = xd[cax]
    mean, var = op.operands[1].value, op.operands[2].value
    scale = op.operands[3].value if op.num_operands > 3 else None
    bias = op.operands[4].value if op.num_operands > 4 else None
    dt = dtype(x)
    params = [p for p in (mean, var, scale, bias) if p is not None]
    for p in params:
        if dtype(p) != dt or dims(p) != (c,):
            raise Skip("parameter shape or dtype")
    if mean is None or var is None:
        raise Skip("no statistics")
    shape = [c] + [1] * (rank - 1 - cax)

    def per_channel(v: Value) -> Value:
        return v if len(shape) == 1 else b.reshape(v, shape)

    eps = float(op.attr("epsilon", 1e-5))
    rstd = b.v("pd_op.rsqrt", b.v("pd_op.add", per_channel(var), b.full(eps, dt)))
    out = b.v("pd_op.multiply", b.v("pd_op.subtract", x, per_channel(mean)), rstd)
    if scale is not None:
        out = b.v("pd_op.multiply", out, per_channel(scale))
    if bias is not None:
        out = b.v("pd_op.add", out, per_channel(bias))
    return [out] + [None] * (len(op.results) - 1)


def _dropout(op: Operation, b: Builder) -> list[Value | None]:
    x = op.operands[0].value
    if x is None or not op.attr("is_test", False) or not unused(op, 1):
        raise Skip("training, or the mask is used")
    mode = op.attr("mode", "upscale_in_train")
    if mode == "upscale_in_train":
        return [x] + [None] * (len(op.results) - 1)
    p = const_scalar(op.operands[2].value) if op.num_operands > 2 else op.attr("p")
    if p is None or dtype(x) not in FLOATS:
        raise Skip("dropout probability")
    return [b.scale(x, 1.0 - float(p))] + [None] * (len(op.results) - 1)


def _full_like(op: Operation, b: Builder) -> list[Value | None]:
    out = tensor_type(op.results[0])
    if not static(out.dims):
        raise Skip("dynamic shape")
    value = const_scalar(op.operands[1].value) if op.num_operands > 1 else op.attr("value")
    if value is None:
        raise Skip("non-constant value")
    return [b.full(value, out.dtype, out.dims)]


#: op name -> (rule, ops the rule may create)
DECOMPOSITIONS: dict[str, tuple[Rule, tuple[str, ...]]] = {
    "pd_op.softmax": (_softmax, ("pd_op.exp", "pd_op.subtract", "pd_op.divide")),
    "pd_op.log_softmax": (_log_softmax, ("pd_op.exp", "pd_op.subtract", "pd_op.log", "pd_op.maximum", "pd_op.full")),
    "pd_op.layer_norm": (_layer_norm, ("pd_op.full", "pd_op.divide", "pd_op.subtract", "pd_op.multiply",
                                       "pd_op.add", "pd_op.rsqrt")),
    "pd_op.gelu": (_gelu, ("pd_op.full", "pd_op.multiply", "pd_op.add", "pd_op.erf", "pd_op.tanh")),
    "pd_op.silu": (_silu, ("pd_op.multiply", "pd_op.sigmoid")),
    "pd_op.swish": (_silu, ("pd_op.multiply", "pd_op.sigmoid")),
    "pd_op.mean": (_mean, ("pd_op.full", "pd_op.divide", "pd_op.shape64", "pd_op.slice", "pd_op.cast",
                           "pd_op.full_int_array", "pd_op.multiply")),
    "pd_op.relu6": (_relu6, ("pd_op.full", "pd_op.maximum", "pd_op.minimum")),
    "pd_op.hardswish": (_hardswish, ("pd_op.full", "pd_op.add", "pd_op.maximum", "pd_op.minimum",
                                     "pd_op.multiply", "pd_op.divide")),
    "pd_op.hardsigmoid": (_hardsigmoid, ("pd_op.full", "pd_op.add", "pd_op.multiply", "pd_op.maximum",
                                         "pd_op.minimum")),
    "pd_op.leaky_relu": (_leaky_relu, ("pd_op.full", "pd_op.maximum", "pd_op.multiply")),
    "pd_op.elu": (_elu, ("pd_op.full", "pd_op.multiply", "pd_op.subtract", "pd_op.exp", "pd_op.where",
                         "pd_op.greater_than")),
    "pd_op.square": (_square, ("pd_op.multiply",)),
    "pd_op.reciprocal": (_reciprocal, ("pd_op.full", "pd_op.divide")),
    "pd_op.clip": (_clip, ("pd_op.maximum", "pd_op.minimum")),
    "pd_op.p_norm": (_p_norm, ("pd_op.multiply", "pd_op.sqrt")),
    "pd_op.batch_norm": (_batch_norm, ("pd_op.full", "pd_op.rsqrt", "pd_op.add", "pd_op.multiply",
                                       "pd_op.subtract")),
    "pd_op.batch_norm_": (_batch_norm, ("pd_op.full", "pd_op.rsqrt", "pd_op.add", "pd_op.multiply",
                                        "pd_op.subtract")),
    "pd_op.dropout": (_dropout, ()),
    "pd_op.full_like": (_full_like, ("pd_op.full",)),
}
