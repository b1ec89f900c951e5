"""Ops the translator builds itself (Paddle's ``pir::Builder::Build<Op>``).

Helper ops are built the way Paddle's generated ``Build`` methods build
them: with the attributes those methods set, the result type their
InferMeta gives, and ``stop_gradient`` filled by
``PassStopGradientsDefaultTrue`` (``[true]`` per result, because during
translation no value carries ``stop_gradient:[false]`` yet).  Ops made
with ``Operation::Create`` by the translator (the general transcriber,
``builtin.combine`` for ``Tensor[]`` inputs, ``builtin.slice``) get no
such attribute; see transcriber.py.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pirc.ir.attributes import (
    ArrayAttr,
    Attribute,
    AttrDict,
    BoolAttr,
    DataTypeAttr,
    FloatAttr,
    IntArrayAttr,
    IntAttr,
    PlaceAttr,
    StrAttr,
)
from pirc.ir.core import Block, Operation, OpResult, Value
from pirc.ir.types import DenseTensorType, NullType, Type, VectorType

from .desc import DTYPE_TO_PIR

PIR_TO_DTYPE = {v: k for k, v in DTYPE_TO_PIR.items()}

TRUE_1 = ArrayAttr.get((BoolAttr.TRUE,))


def stop_gradients(n: int, value: bool = True) -> ArrayAttr:
    return ArrayAttr.get((BoolAttr.get(value),) * n)


def i32(v: int) -> IntAttr:
    return IntAttr.get(int(v), "i32")


def i64(v: int) -> IntAttr:
    return IntAttr.get(int(v), "i64")


def f32(v: float) -> FloatAttr:
    return FloatAttr.get(float(np.float32(v)), "f32")


def f64(v: float) -> FloatAttr:
    return FloatAttr.get(float(v), "f64")


def place(kind: str) -> PlaceAttr:
    return PlaceAttr.get(f"Place({kind})")


PLACE_CPU = PlaceAttr.get("Place(cpu)")
PLACE_UNDEFINED = PlaceAttr.get("Place(undefined:0)")


def tensor_type(dtype: str, dims: Sequence[int]) -> DenseTensorType:
    return DenseTensorType.get(DTYPE_TO_PIR.get(dtype, dtype), tuple(int(d) for d in dims))


def dtype_of(t: Type) -> str:
    if isinstance(t, DenseTensorType):
        return PIR_TO_DTYPE.get(t.element.name, t.element.name)
    raise TypeError(f"{t} is not a dense tensor type")


def dims_of(t: Type) -> tuple[int, ...]:
    if isinstance(t, DenseTensorType):
        return t.dims
    raise TypeError(f"{t} is not a dense tensor type")


def product(dims: Sequence[int]) -> int:
    p = 1
    for d in dims:
        p *= d
    return p


class Builder:
    """Builds helper ops at the end of ``block`` (or at its front)."""

    __slots__ = ("block", "at_front")

    def __init__(self, block: Block, at_front: bool = False) -> None:
        self.block = block
        self.at_front = at_front

    def insert(self, op: Operation) -> Operation:
        b = self.block
        if self.at_front and b.first_op is not None:
            b.insert_before(op, b.first_op)
        else:
            b.append(op)
        return op

    def create(self, name: str, operands: Sequence[Value | None], types: Sequence[Type],
               attrs: dict[str, Attribute]) -> Operation:
        attrs = dict(attrs)
        attrs["stop_gradient"] = stop_gradients(len(types))
        return self.insert(Operation(name, operands, types, AttrDict.get(attrs)))

    # -- constants ------------------------------------------------------------
    def full(self, shape: Sequence[int], value: float, dtype: str, place_attr: PlaceAttr = PLACE_CPU) -> OpResult:
        shape = [int(s) for s in shape]
        op = self.create("pd_op.full", (), (tensor_type(dtype, shape),), {
            "shape": IntArrayAttr.get(shape),
            "value": f64(float(np.float32(value))),
            "dtype": DataTypeAttr.get(dtype),
            "place": place_attr,
        })
        return op.results[0]

    def full_int_array(self, values: Sequence[int], dtype: str = "int64", place_attr: PlaceAttr = PLACE_CPU) -> OpResult:
        vals = [int(v) for v in values]
        op = self.create("pd_op.full_int_array", (), (tensor_type(dtype, [len(vals)]),), {
            "value": ArrayAttr.get(i64(v) for v in vals),
            "dtype": DataTypeAttr.get(dtype),
            "place": place_attr,
        })
        return op.results[0]

    def data(self, name: str, shape: Sequence[int], dtype: str) -> OpResult:
        op = self.create("pd_op.data", (), (tensor_type(dtype, shape),), {
            "name": StrAttr.get(name),
            "shape": IntArrayAttr.get(shape),
            "dtype": DataTypeAttr.get(dtype),
            "place": PLACE_UNDEFINED,
        })
        return op.results[0]

    def create_array(self, dtype: str) -> OpResult:
        from pirc.ir.types import OpaqueType

        t = OpaqueType.get(f"pd_op.tensor_array<{DTYPE_TO_PIR.get(dtype, dtype)}>")
        op = self.create("pd_op.create_array", (), (t,), {"dtype": DataTypeAttr.get(dtype)})
        return op.results[0]

    # -- shape ops ----------------------------------------------------------------
    def shape64(self, x: Value) -> OpResult:
        rank = len(dims_of(x.type))
        op = self.create("pd_op.shape64", (x,), (tensor_type("int64", [rank]),), {})
        return op.results[0]

    def combine(self, values: Sequence[Value]) -> OpResult:
        t = VectorType.get(tuple(v.type for v in values))
        op = self.create("builtin.combine", values, (t,), {})
        return op.results[0]

    def concat(self, x: Value, axis: int) -> OpResult:
        axis_v = self.full([1], axis, "int32")
        vt = x.type
        assert isinstance(vt, VectorType)
        elems = [e for e in vt.elements if isinstance(e, DenseTensorType)]
        first = elems[0]
        rank = len(first.dims)
        ax = axis + rank if axis < 0 else axis
        dims = list(first.dims)
        total = 0
        for e in elems:
            d = e.dims[ax]
            if d < 0 or total < 0:
                total = -1
            else:
                total += d
        dims[ax] = total
        op = self.create("pd_op.concat", (x, axis_v), (tensor_type(dtype_of(first), dims),), {})
        return op.results[0]

    def reshape(self, x: Value, shape: Sequence[int] | Value) -> OpResult:
        in_dims = dims_of(x.type)
        if isinstance(shape, Value):
            vec, from_tensor = parse_value_shape(shape)
            shape_v = shape
        else:
            vec, from_tensor = [int(s) for s in shape], False
            shape_v = self.full_int_array(vec)
        out = reshape_infer(in_dims, vec, from_tensor)
        op = self.create("pd_op.reshape", (x, shape_v), (tensor_type(dtype_of(x.type), out),), {})
        return op.results[0]

    def squeeze(self, x: Value, axis: Sequence[int]) -> OpResult:
        axis_v = self.full_int_array(list(axis))
        dims = list(dims_of(x.type))
        rank = len(dims)
        drop = {a + rank if a < 0 else a for a in axis}
        out = [d for i, d in enumerate(dims) if not (i in drop and d == 1)]
        op = self.create("pd_op.squeeze", (x, axis_v), (tensor_type(dtype_of(x.type), out),), {})
        return op.results[0]

    def scale(self, x: Value, scale: float, bias: float = 0.0, bias_after_scale: bool = True) -> OpResult:
        s = self.full([1], scale, "float32")
        op = self.create("pd_op.scale", (x, s), (x.type,), {
            "bias": f32(bias),
            "bias_after_scale": BoolAttr.get(bias_after_scale),
        })
        return op.results[0]


def parse_value_shape(v: Value) -> tuple[list[int], bool]:
    """Paddle's ``ParseValueShape``: what a shape operand says at compile time."""
    op = v.owner if isinstance(v, OpResult) else None
    if op is not None:
        if op.name == "pd_op.full_int_array":
            return [int(x) for x in op.attr("value")], False
        if op.name == "pd_op.full":
            t = v.type
            n = dims_of(t)[0] if isinstance(t, DenseTensorType) and dims_of(t) else 1
            if n > _MAX_SHAPE_LEN:  # not a shape (a hostile type would make a list of n entries)
                return [], True
            return [int(op.attr("value"))] * max(n, 1), False
        if op.name in ("pd_op.shape64", "pd_op.shape") and op.operand(0) is not None:
            return list(dims_of(op.operand(0).type)), True  # type: ignore[union-attr]
        if op.name == "pd_op.concat":
            src = op.operand(0)
            cop = src.owner if isinstance(src, OpResult) else None
            if cop is not None and cop.name == "builtin.combine":
                out: list[int] = []
                any_tensor = False
                for o in cop.operands:
                    part, ft = parse_value_shape(o.value)  # type: ignore[arg-type]
                    out.extend(part)
                    any_tensor |= ft
                return out, any_tensor
    t = v.type
    if isinstance(t, VectorType):
        return [-1] * len(t.elements), True
    if isinstance(t, DenseTensorType):
        n = t.dims[0] if t.dims else 1
        return [-1] * max(n, 0) if n <= _MAX_SHAPE_LEN else [], True
    return [], True


#: longer than any shape (Paddle's tensors have at most 9 dims)
_MAX_SHAPE_LEN = 64


def reshape_infer(in_dims: Sequence[int], shape: Sequence[int], from_tensor: bool) -> list[int]:
    """phi ``ReshapeInferMeta`` at compile time (``ValidateShape``)."""
    if from_tensor:
        return [in_dims[i] if s == 0 and i < len(in_dims) else s for i, s in enumerate(shape)]
    all_positive = all(d > 0 for d in in_dims)
    in_size = product(in_dims)
    out = [0] * len(shape)
    capacity = 1
    unk = -1
    for i, s in enumerate(shape):
        if s == -1:
            unk = i
            out[i] = -1
            capacity *= -1
        elif s == 0:
            d = in_dims[i] if i < len(in_dims) else 0
            out[i] = d
            capacity *= d
        else:
            out[i] = s
            capacity *= s
    if unk != -1:
        if all_positive and capacity != 0:
            out[unk] = -in_size // capacity if (-in_size) % capacity == 0 else -1
        else:
            out[unk] = -1
    return out


def null_type() -> Type:
    return NullType.get()
