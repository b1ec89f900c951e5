"""Special handlers for ops that feed, fetch, assign or create values (feed, data, fetch, assign, fill_constant...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pirc.ir.attributes import ArrayAttr, Attribute, AttrDict, DataTypeAttr, IntArrayAttr, PlaceAttr, StrAttr
from pirc.ir.core import Block, Operation, Value
from pirc.ir.types import DenseTensorType, Type

from .. import desc as D
from ..attrs import NULL_ATTR, dtype_name, general_attr, translate_attr, vartype_dtype_attr
from ..builder import PLACE_CPU, PLACE_UNDEFINED, Builder, f32, i32, stop_gradients
from ..context import TranslateError, TranslationContext
from ..desc import OpDesc
from ..optable import AttrSig, OpSig, OutputSig
from ..transcriber import OpTranscriber, full_for_attr

if TYPE_CHECKING:
    from ..translator import ProgramTranslator


class FeedTranscriber(OpTranscriber):
    def inputs(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, sig: OpSig,
               block: Block) -> list[Value | None]:
        return []

    def attributes(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> dict[str, Attribute]:
        outs = op.output_arg_names()
        if not outs:
            raise TranslateError("feed op has no output variable", op)
        return {"name": StrAttr.get(outs[0]), "col": i32(op.attr("col", 0))}


class DataTranscriber(FeedTranscriber):
    def attributes(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> dict[str, Attribute]:
        shape = op.attrs.get("shape")
        attrs: dict[str, Attribute] = {
            "name": StrAttr.get(op.attr("name", "")),
            "shape": translate_attr("IntArray", shape) if shape is not None else IntArrayAttr.get(()),  # type: ignore[dict-item]
            "dtype": vartype_dtype_attr(op.attr("dtype", 5)),
            "place": _PLACES.get(int(op.attr("place", 0)), PLACE_UNDEFINED),
        }
        return attrs

    def outputs(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> tuple[list[Type], list[tuple[str, int, int]]]:
        if not op.has_output("out") and op.has_output("Out"):
            sig = OpSig(sig.legacy, sig.pd, sig.inputs, sig.attrs, (OutputSig("out", "Out"),))
        return super().outputs(tr, op, sig)


_PLACES = {
    0: PLACE_UNDEFINED, 1: PLACE_CPU, 2: PlaceAttr.get("Place(gpu:0)"), 3: PlaceAttr.get("Place(gpu_pinned)"),
    4: PlaceAttr.get("Place(xpu:0)"),
}


class FetchTranscriber(OpTranscriber):
    def __call__(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, block: Block) -> Operation:
        sig = self.signature(tr, op)
        self.insert_slices(tr, ctx, op, sig, block)
        operands = self.inputs(tr, ctx, op, sig, block)
        ins = op.input_arg_names()
        attrs = {"name": StrAttr.get(ins[0]), "col": i32(op.attr("col", 0))}
        x = operands[0]
        assert x is not None  # fetch's input is required
        operation = Operation("pd_op.fetch", operands, [x.type], AttrDict.get(attrs))
        block.append(operation)
        return operation


class ShadowOutputTranscriber(OpTranscriber):
    def __call__(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, block: Block) -> Operation:
        name = op.input("x")[0]
        info = ctx.get(name)
        assert info is not None
        if info.by_vector:
            tr.insert_slice(ctx, block, info, name)
            info = ctx.get(name)
            assert info is not None  # insert_slice pushed the slice under this name
        attrs = {"output_name": StrAttr.get(op.attr("name", ""))}
        operation = Operation("builtin.shadow_output", [info.value], [], AttrDict.get(attrs))
        block.append(operation)
        return operation


class AssignTranscriber(OpTranscriber):
    def __call__(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, block: Block) -> Operation:
        outs = op.output("Out")
        if outs and ctx.has(outs[0]):
            return AssignOutTranscriber()(tr, ctx, op, block)
        return OpTranscriber.__call__(self, tr, ctx, op, block)

    def op_name(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> str:
        xs = op.input("X")
        if len(xs) == 1:
            var = op.block.find_var_recursive(xs[0])
            if var is not None and var.type == D.DENSE_TENSOR_ARRAY:
                return "pd_op.assign_array_"
        return super().op_name(tr, op, sig)


class AssignOutTranscriber(OpTranscriber):
    def op_name(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> str:
        return "pd_op.assign_out_"

    def inputs(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, sig: OpSig,
               block: Block) -> list[Value | None]:
        x = op.input("X")
        out = op.output("Out")
        return [self.input_value(tr, ctx, op, x[0]), self.input_value(tr, ctx, op, out[0])]


class CastTranscriber(OpTranscriber):
    def attributes(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> dict[str, Attribute]:
        a = op.attrs.get("out_dtype")
        return {
            "dtype": translate_attr("dtype", a),  # type: ignore[dict-item]
            "mkldnn_data_type": StrAttr.get(op.attr("mkldnn_data_type", "float32")),
            "onednn_data_type": StrAttr.get(op.attr("onednn_data_type", "")),
        }


class IncrementTranscriber(OpTranscriber):
    def attributes(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> dict[str, Attribute]:
        a = op.attrs.get("step")
        if a is not None:
            attr = general_attr(a)
            return {"value": attr if attr is not None else NULL_ATTR}
        return {"value": f32(1.0)}


class AssignValueTranscriber(OpTranscriber):
    def __call__(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, block: Block) -> Operation:
        sig = self.signature(tr, op)
        if not op.has_attr("shape"):
            raise TranslateError("op assign_value should have attribute 'shape'", op)
        if not op.has_attr("dtype"):
            raise TranslateError("op assign_value should have attribute 'dtype'", op)
        attrs: dict[str, Attribute] = {
            "shape": translate_attr("i32[]", op.attrs["shape"]),  # type: ignore[dict-item]
            "dtype": translate_attr("dtype", op.attrs["dtype"]),  # type: ignore[dict-item]
            "place": PLACE_UNDEFINED,
        }
        for key in ("bool_values", "fp32_values", "int32_values", "int64_values", "values"):
            a = op.attrs.get(key)
            if a is None:
                continue
            val = general_attr(a)
            if isinstance(val, ArrayAttr) and len(val):
                attrs["values"] = val
                break
        if "values" not in attrs:
            raise TranslateError("op assign_value should have attribute '**_values' or 'values'", op)
        types, arg_to_idx = self.outputs(tr, op, sig)
        operation = Operation("pd_op.assign_value", [], types, AttrDict.get(attrs))
        block.append(operation)
        self.record(tr, ctx, op, operation, arg_to_idx, block)
        return operation


class FillConstantTranscriber(OpTranscriber):
    def __call__(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, block: Block) -> Operation:
        if op.input("ShapeTensor") or op.input("ShapeTensorList") or op.input("ValueTensor"):
            return FullWithTensorTranscriber()(tr, ctx, op, block)
        return OpTranscriber.__call__(self, tr, ctx, op, block)

    def op_name(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> str:
        return "pd_op.full"

    def inputs(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, sig: OpSig,
               block: Block) -> list[Value | None]:
        return []

    def attributes(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> dict[str, Attribute]:
        shape = op.attrs.get("shape") or D.Attr(D.LONGS, [])
        value = op.attr("value", 0.0)
        attrs: dict[str, Attribute] = {
            "shape": translate_attr("IntArray", shape),  # type: ignore[dict-item]
            "value": f32(value),
            "dtype": vartype_dtype_attr(op.attr("dtype", 5)),
        }
        place_type = int(op.attr("place_type", -1))
        if op.attr("force_cpu", False):
            place_type = 0
        p = {-1: PLACE_UNDEFINED, 0: PLACE_CPU, 1: PlaceAttr.get("Place(gpu:0)"),
             2: PlaceAttr.get("Place(gpu_pinned)"), 3: PlaceAttr.get("Place(xpu:0)")}.get(place_type)
        if p is not None:
            attrs["place"] = p
        return attrs


class FullWithTensorTranscriber(OpTranscriber):
    def op_name(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> str:
        return "pd_op.full_with_tensor"

    def inputs(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, sig: OpSig,
               block: Block) -> list[Value | None]:
        b = Builder(block)
        operands: list[Value | None] = []
        if op.input("ValueTensor"):
            operands.append(self.input_value(tr, ctx, op, op.input("ValueTensor")[0]))
        else:
            operands.append(full_for_attr(b, f32(op.attr("value", 0.0)), op))
        if op.input("ShapeTensor"):
            operands.append(self.input_value(tr, ctx, op, op.input("ShapeTensor")[0]))
        elif op.input("ShapeTensorList"):
            vec = tr.combine(ctx, block, op.input("ShapeTensorList"), op)
            n = len(op.input("ShapeTensorList"))
            first = vec.type.elements[0]  # type: ignore[attr-defined]
            st = Operation("pd_op.stack", [vec], [DenseTensorType.get(first.element, (n,) + first.dims)],
                           AttrDict.get({"axis": i32(0), "stop_gradient": stop_gradients(1)}))
            block.append(st)
            operands.append(st.results[0])
        else:
            shape = op.attrs.get("shape") or D.Attr(D.LONGS, [])
            operands.append(b.full_int_array(shape.value))
        return operands

    def attributes(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> dict[str, Attribute]:
        return {"dtype": vartype_dtype_attr(op.attr("dtype", 5))}


class ArangeTranscriber(OpTranscriber):
    def special_attr(self, name: str) -> Callable[..., Attribute] | None:
        if name != "dtype":
            return None

        def handler(tr: ProgramTranslator, op: OpDesc, asig: AttrSig) -> Attribute:
            starts = op.input("Start")
            if len(starts) != 1:
                raise TranslateError("range needs exactly one Start variable", op)
            var = op.block.find_var_recursive(starts[0])
            if var is None:
                raise TranslateError(f"input variable '{starts[0]}' of op 'range' has no VarDesc", op)
            return DataTypeAttr.get(dtype_name(var.dtype))

        return handler
