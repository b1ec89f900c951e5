"""Special handlers for compute ops whose legacy form differs from pd_op's (elementwise axis, mul, arrays...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pirc.ir.attributes import ArrayAttr, Attribute, AttrDict, BoolAttr, DataTypeAttr, StrAttr
from pirc.ir.core import Block, Operation, OpResult, Value
from pirc.ir.types import DenseTensorType

from .. import desc as D
from ..attrs import NULL_ATTR, dtype_name, general_attr, translate_attr
from ..builder import Builder, dims_of, dtype_of, i32
from ..context import TranslateError, TranslationContext, ValueInfo
from ..desc import OpDesc
from ..optable import AttrSig, InputSig, OpSig
from ..transcriber import OpTranscriber, full_for_attr

if TYPE_CHECKING:
    from ..translator import ProgramTranslator


class EmbeddingTranscriber(OpTranscriber):
    def op_name(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> str:
        return "pd_op.embedding"

    def record(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, operation: Operation,
               arg_to_idx: list[tuple[str, int, int]], block: Block) -> None:
        super().record(tr, ctx, op, operation, arg_to_idx, block)
        if op.type == "lookup_table":
            name = op.output("Out")[0]
            info = ctx.get(name)
            assert info is not None  # super().record pushed the output
            ctx.push(name, Builder(block).squeeze(info.value, [-2]))


class SplitTranscriber(OpTranscriber):
    def op_name(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> str:
        return "pd_op.split_with_num" if op.attr("num", 0) > 0 else "pd_op.split"

    def inputs(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, sig: OpSig,
               block: Block) -> list[Value | None]:
        xs = op.input("X")
        if len(xs) != 1:
            raise TranslateError("x input of split MUST be a tensor", op)
        operands: list[Value | None] = [self.input_value(tr, ctx, op, xs[0])]
        if op.attr("num", 0) <= 0:
            if op.input("SectionsTensorList"):
                operands.append(tr.combine(ctx, block, op.input("SectionsTensorList"), op))
            else:
                sections = op.attrs.get("sections")
                operands.append(Builder(block).full_int_array(sections.value if sections else []))
        if op.input("AxisTensor"):
            operands.append(self.input_value(tr, ctx, op, op.input("AxisTensor")[0]))
        else:
            axis = op.attrs.get("axis") or D.Attr(D.INT, 0)
            operands.append(full_for_attr(Builder(block), general_attr(axis), op))
        return operands

    def attributes(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> dict[str, Attribute]:
        num = op.attr("num", 0)
        if num > 0:
            return {"num": i32(num)}
        return {
            "mkldnn_data_type": StrAttr.get(op.attr("mkldnn_data_type", "float32")),
            "onednn_data_type": StrAttr.get(op.attr("onednn_data_type", "")),
        }


class SelectInputTranscriber(OpTranscriber):
    def __call__(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, block: Block) -> Operation:
        mask = op.input("Mask")
        xs = op.input("X")
        if not mask or len(xs) != 2:
            raise TranslateError("select_input needs a Mask and two X inputs", op)
        operands = [self.input_value(tr, ctx, op, mask[0])] + [self.input_value(tr, ctx, op, n) for n in xs]
        out = op.output("Out")[0]
        var = tr.output_var(op, out)
        t1, t2 = operands[1].type, operands[2].type
        if t1 is t2:
            rt = t1
        elif isinstance(t1, DenseTensorType) and isinstance(t2, DenseTensorType):
            if t1.element is not t2.element:
                # a branch that returns nothing yields an ``undefined_var_*`` made by assign_value:
                # it takes the other branch's type (Paddle's SelectInputOpTranscriber)
                undef, target = 0, 1
                pre = "undefined_var_"
                if not xs[0].startswith(pre) and xs[1].startswith(pre):
                    undef, target = 1, 0
                elif not xs[0].startswith(pre):
                    raise TranslateError(
                        f"select_input only supports inputs of the same dtype, got {t1} and {t2}", op)
                uv = operands[1 + undef]
                own = (t1, t2)[undef]
                if not isinstance(uv, OpResult) or uv.owner.name != "pd_op.assign_value":
                    raise TranslateError(f"undefined_var {xs[undef]} should be made by assign_value", op)
                uv.type = (t1, t2)[target]
                uv.owner.set_attr_raw("dtype", DataTypeAttr.get(dtype_of(own)))
                uv.owner.set_attr_raw("shape", ArrayAttr.get(i32(d) for d in own.dims))
            dims = tuple(a if a == b else -1 for a, b in zip(t1.dims, t2.dims))
            rt = DenseTensorType.get(t1.element, dims)
        else:
            raise TranslateError(f"select_input only supports the same type or dense tensors, got {t1} and {t2}", op)
        operation = Operation("pd_op.select_input", operands, [rt], AttrDict.EMPTY)
        block.append(operation)
        ctx.push(var.name, ValueInfo(operation.results[0]))
        return operation


class SelectOutputTranscriber(OpTranscriber):
    def __call__(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, block: Block) -> Operation:
        mask = op.input("Mask")[0]
        x = op.input("X")[0]
        operands = [self.input_value(tr, ctx, op, mask), self.input_value(tr, ctx, op, x)]
        outs = op.output("Out")
        if len(outs) != 2:
            raise TranslateError("select_output must have two outputs", op)
        operation = Operation("pd_op.select_output", operands, [operands[1].type] * 2, AttrDict.EMPTY)
        block.append(operation)
        for i, n in enumerate(outs):
            ctx.push(n, ValueInfo(operation.results[i]))
        return operation


class ReduceAllTranscriber(OpTranscriber):
    def special_attr(self, name: str) -> Callable[..., Attribute] | None:
        if name != "axis":
            return None

        def handler(tr: ProgramTranslator, op: OpDesc, asig: AttrSig) -> Attribute:
            if op.attr("reduce_all", False):
                return ArrayAttr.get(())
            return translate_attr(asig.kind, op.attrs.get(asig.legacy)) or NULL_ATTR

        return handler


class ElementwiseTranscriber(OpTranscriber):
    def inputs(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, sig: OpSig,
               block: Block) -> list[Value | None]:
        axis = int(op.attr("axis", -1))
        if axis == -1:
            return super().inputs(tr, ctx, op, sig, block)
        x_value = self._operand(tr, ctx, op, "X", block)
        y_value = self._operand(tr, ctx, op, "Y", block)
        x_shape = dims_of(x_value.type)
        y_shape = dims_of(y_value.type)
        if axis < 0:
            axis += len(x_shape)
        if not 0 <= axis <= len(x_shape):  # a hostile axis would make a shape of that many dims
            raise TranslateError(f"op '{op.type}' has axis {op.attr('axis', -1)} outside [-{len(x_shape)}, "
                                 f"{len(x_shape)}] for an input of rank {len(x_shape)}", op)
        append = len(x_shape) - axis - len(y_shape)
        if append <= 0:
            return [x_value, y_value]
        b = Builder(block)
        if -1 not in y_shape:
            new_shape = [1] * axis + list(y_shape) + [1] * append
            y_new = b.reshape(y_value, new_shape)
        else:
            shape = b.shape64(y_value)
            app = b.full_int_array([1] * append)
            vec = b.combine([shape, app])
            cat = b.concat(vec, 0)
            y_new = b.reshape(y_value, cat)
        return [x_value, y_new]

    def _operand(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, slot: str, block: Block) -> Value:
        names = op.input(slot)
        if len(names) != 1:
            raise TranslateError(f"op '{op.type}' input {slot} must hold one variable, got {len(names)}", op)
        info = ctx.get(names[0])
        if info is None:
            raise tr.undefined(names[0], op)
        if info.by_vector:
            tr.insert_slice(ctx, block, info, names[0])
            info = ctx.get(names[0])
            assert info is not None  # insert_slice pushed the slice under this name
        v = info.value
        if not isinstance(v.type, DenseTensorType):
            raise TranslateError(f"input '{names[0]}' of op '{op.type}' must be a dense tensor, got {v.type}", op)
        return v


class MulTranscriber(OpTranscriber):
    def op_name(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> str:
        return "pd_op.matmul"

    def attributes(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> dict[str, Attribute]:
        return {"transpose_x": BoolAttr.FALSE, "transpose_y": BoolAttr.FALSE}

    @staticmethod
    def _info(tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, slot: str) -> tuple[list[int], Value]:
        names = op.input(slot)
        if len(names) != 1:
            raise TranslateError(f"op '{op.type}' input {slot} must hold one variable, got {len(names)}", op)
        info = ctx.get(names[0])
        if info is None:
            raise tr.undefined(names[0], op)
        v = info.value
        if not isinstance(v.type, DenseTensorType):
            raise TranslateError(f"input '{names[0]}' of op '{op.type}' must be a dense tensor, got {v.type}", op)
        return list(v.type.dims), v

    @staticmethod
    def _flat(shape: list[int], k: int) -> list[int]:
        def prod(ds: list[int]) -> int:
            p = 1
            for d in ds:
                p *= d
            return p

        return [max(prod(shape[:k]), -1), max(prod(shape[k:]), -1)]

    def inputs(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, sig: OpSig,
               block: Block) -> list[Value | None]:
        xk = int(op.attr("x_num_col_dims", 1))
        yk = int(op.attr("y_num_col_dims", 1))
        x_shape, x = self._info(tr, ctx, op, "X")
        if xk > len(x_shape):
            raise TranslateError(f"attribute x_num_col_dims={xk} of op mul exceeds the rank of X ({len(x_shape)})", op)
        y_shape, y = self._info(tr, ctx, op, "Y")
        if yk > len(y_shape):
            raise TranslateError(f"attribute y_num_col_dims={yk} of op mul exceeds the rank of Y ({len(y_shape)})", op)
        b = Builder(block)
        x_new = b.reshape(x, self._flat(x_shape, xk))
        y_new = b.reshape(y, self._flat(y_shape, yk))
        return [x_new, y_new]

    def record(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, operation: Operation,
               arg_to_idx: list[tuple[str, int, int]], block: Block) -> None:
        super().record(tr, ctx, op, operation, arg_to_idx, block)
        if op.has_output("Out"):
            name = op.output("Out")[0]
            info = ctx.get(name)
            assert info is not None  # super().record pushed the output
            out = info.value
            xk = int(op.attr("x_num_col_dims", 1))
            yk = int(op.attr("y_num_col_dims", 1))
            x_shape, _ = self._info(tr, ctx, op, "X")
            y_shape, _ = self._info(tr, ctx, op, "Y")
            new_shape = x_shape[:xk] + y_shape[yk:]
            ctx.push(name, Builder(block).reshape(out, new_shape))


class LegacyMatmulTranscriber(OpTranscriber):
    def op_name(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> str:
        for key in ("Scale_x", "Scale_y", "Scale_out"):
            if key in op.attrs and abs(float(op.attr(key)) - 1.0) > 1e-6:
                raise TranslateError(f"attribute {key} of legacy matmul must be 1, got {op.attr(key)}", op)
        return "pd_op.matmul"

    def record(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, operation: Operation,
               arg_to_idx: list[tuple[str, int, int]], block: Block) -> None:
        super().record(tr, ctx, op, operation, arg_to_idx, block)
        alpha = float(op.attr("alpha", 1.0))
        if abs(alpha - 1.0) < 1e-6:
            return
        name = op.output("Out")[0]
        info = ctx.get(name)
        assert info is not None  # super().record pushed the output
        ctx.push(name, Builder(block).scale(info.value, alpha))


class GatherTranscriber(OpTranscriber):
    def missing_mutable_attr(self, tr: ProgramTranslator, op: OpDesc, isig: InputSig) -> D.Attr | None:
        if isig.name == "axis":
            return D.Attr(D.LONG, 0)
        return None


class RnnTranscriber(OpTranscriber):
    """RnnOpTranscriber: the legacy op lists DropoutState only as an output; Paddle feeds
    ``dropout_state_in`` a 0-D uint8 ``pd_op.full`` of 0 created right before the op."""

    def special_input(self, name: str) -> Callable[..., Value | None] | None:
        if name != "dropout_state_in":
            return None
        return lambda tr, ctx, op, isig, block: Builder(block).full([], 0.0, "uint8")


class OneHotTranscriber(OpTranscriber):
    pass


class SliceTranscriber(OpTranscriber):
    def op_name(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> str:
        ins = op.input("Input")
        if len(ins) == 1:
            var = op.block.find_var_recursive(ins[0])
            if var is not None and var.type == D.DENSE_TENSOR_ARRAY:
                out = op.output("Out")
                ov = op.block.find_var_recursive(out[0]) if out else None
                if ov is not None and ov.type == D.DENSE_TENSOR:
                    return "pd_op.slice_array_dense"
                return "pd_op.slice_array"
        return "pd_op.slice"


class AddNTranscriber(OpTranscriber):
    pass


def _array_or_create(slot: str, output: bool) -> Callable[..., Value | None]:
    """The array named by ``slot`` if already defined, else a new ``pd_op.create_array``."""

    def handler(tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, isig: InputSig, block: Block) -> Value:
        names = op.output(slot) if output else op.input(slot)
        if len(names) != 1:
            raise TranslateError(f"op '{op.type}' slot {slot} must hold one variable, got {len(names)}", op)
        var = op.block.find_var_recursive(names[0])
        if var is None:
            raise TranslateError(f"variable '{names[0]}' of op '{op.type}' has no VarDesc", op)
        info = ctx.get(var.name)
        if info is not None:
            return info.value
        return Builder(block).create_array(dtype_name(var.dtype))

    return handler


class WriteArrayTranscriber(OpTranscriber):
    def op_name(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> str:
        return "pd_op.array_write_"

    def special_input(self, name: str) -> Callable[..., Value | None] | None:
        return _array_or_create("Out", True) if name == "array" else None


class ReadArrayTranscriber(OpTranscriber):
    def op_name(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> str:
        return "pd_op.array_read"


class ArrayLengthTranscriber(OpTranscriber):
    def op_name(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> str:
        return "pd_op.array_length"

    def special_input(self, name: str) -> Callable[..., Value | None] | None:
        return _array_or_create("X", False) if name == "x" else None


class TrilTriuTranscriber(OpTranscriber):
    def signature(self, tr: ProgramTranslator, op: OpDesc) -> OpSig:
        from ..optable import parse_sig

        return parse_sig(op.type, "tril(x:X; diagonal:i32=0) -> out:Out")

    def op_name(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> str:
        return "pd_op.tril" if op.attr("lower", True) else "pd_op.triu"
