"""The general op transcriber: one legacy op -> one PIR op, driven by the signature table (optable.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from pirc.ir.attributes import Attribute, AttrDict, BoolAttr, FloatAttr, IntAttr
from pirc.ir.core import Block, Operation, OpResult, Value
from pirc.ir.types import NullType, Type, VectorType

from . import desc as D
from .attrs import NULL_ATTR, default_legacy_attr, translate_attr, translate_var_type
from .builder import Builder
from .context import TranslateError, TranslationContext, ValueInfo
from .desc import OpDesc
from .optable import OP_SIGS, AttrSig, InputSig, OpSig

if TYPE_CHECKING:
    from .translator import ProgramTranslator

EMPTY_VAR = "@EMPTY@"


def _is_inplace(op: OpDesc) -> bool:
    ins = set(op.input_arg_names())
    if not ins:
        return False
    return any(n in ins for n in op.output_arg_names())


class OpTranscriber:
    """Paddle's ``OpTranscriber``: look up the op, build its operands (with
    full / full_int_array for mutable attributes and builtin.combine for
    Tensor[]), its attributes and result types, create it, record its
    results under the output variable names.  ``defaults``: the values of the
    PIR op's attributes the legacy op does not have (Paddle's handlers for
    ``batch_norm``, ``scale``, ``pool2d`` ... that only supply such defaults)."""

    def __init__(self, defaults: Mapping[str, Attribute] | None = None) -> None:
        self.defaults: Mapping[str, Attribute] = defaults or {}

    # -- lookup -------------------------------------------------------------------
    def signature(self, tr: ProgramTranslator, op: OpDesc) -> OpSig:
        sig = OP_SIGS.get(op.type)
        if sig is None:
            raise TranslateError(f"unknown legacy op '{op.type}'", op)
        return sig

    def op_name(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> str:
        name = "pd_op." + sig.pd
        if _is_inplace(op) and not name.endswith("_"):
            name += "_"
        return name

    # -- the steps -------------------------------------------------------------------
    def __call__(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, block: Block) -> Operation:
        sig = self.signature(tr, op)
        name = self.op_name(tr, op, sig)
        self.insert_slices(tr, ctx, op, sig, block)
        operands = self.inputs(tr, ctx, op, sig, block)
        types, arg_to_idx = self.outputs(tr, op, sig)
        attrs = self.attributes(tr, op, sig)
        operation = Operation(name, operands, types, AttrDict.get(attrs))
        block.append(operation)
        self.record(tr, ctx, op, operation, arg_to_idx, block)
        return operation

    def insert_slices(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, sig: OpSig,
                      block: Block) -> None:
        legacy_slots = {i.legacy for i in sig.inputs}
        for args in op.inputs.values():
            for name in args:
                if name in legacy_slots:
                    continue
                info = ctx.get(name)
                if info is not None and info.by_vector:
                    tr.insert_slice(ctx, block, info, name)

    def input_value(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, name: str,
                    what: str = "") -> Value:
        info = ctx.get(name)
        if info is None:
            raise tr.undefined(name, op, what)
        return info.value

    def attribute_input(self, tr: ProgramTranslator, op: OpDesc, isig: InputSig, block: Block) -> Value:
        """GetAttributeAsInput: a mutable attribute from the legacy attribute."""
        a = op.attrs.get(isig.legacy_attr)
        if a is None:
            a = self.missing_mutable_attr(tr, op, isig)
        if a is None:
            raise TranslateError(
                f"op '{op.type}' needs attribute '{isig.legacy_attr}' (or a tensor in "
                f"{', '.join(isig.tensors) or 'no slot'}) for its operand '{isig.name}'", op)
        if isig.mutable == "IntArray":
            if a.kind not in (D.INTS, D.LONGS):
                raise TranslateError(
                    f"attribute '{isig.legacy_attr}' of op '{op.type}' must be a list of integers, "
                    f"got {D.ATTR_KIND_NAMES.get(a.kind, a.kind)}", op)
            return Builder(block).full_int_array(a.value)
        return full_for_attr(Builder(block), translate_attr("Scalar", a), op)

    def missing_mutable_attr(self, tr: ProgramTranslator, op: OpDesc, isig: InputSig) -> D.Attr | None:
        return None

    def inputs(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, sig: OpSig,
               block: Block) -> list[Value | None]:
        operands: list[Value | None] = []
        for isig in sig.inputs:
            special = self.special_input(isig.name)
            if special is not None:
                operands.append(special(tr, ctx, op, isig, block))
                continue
            if isig.mutable:
                names: list[str] = []
                for slot in isig.tensors:
                    if op.input(slot):
                        names = op.input(slot)
                        break
                if not names:
                    operands.append(self.attribute_input(tr, op, isig, block))
                    continue
                is_vector = isig.mutable == "IntArray"
            else:
                names = op.input(isig.legacy)
                if not names:
                    if isig.optional:
                        operands.append(None)
                        continue
                    raise TranslateError(f"op '{op.type}' has no variable in its input slot '{isig.legacy}'", op)
                is_vector = isig.vector
            if len(names) == 1:
                var = op.block.find_var_recursive(names[0])
                if var is None:
                    if ctx.get(names[0]) is None:
                        err = tr.undefined(names[0], op)
                        err.notes.append(f"no block up from block {op.block.idx} declares a variable '{names[0]}'")
                        raise err
                    raise TranslateError(f"input variable '{names[0]}' of op '{op.type}' has no VarDesc", op)
                if var.type == D.DENSE_TENSOR_ARRAY:
                    is_vector = False
            if not is_vector:
                if len(names) != 1:
                    raise TranslateError(
                        f"input slot '{isig.legacy or isig.tensors[0]}' of op '{op.type}' must hold one "
                        f"variable, got {len(names)}", op)
                operands.append(self.input_value(tr, ctx, op, names[0]))
            else:
                operands.append(tr.combine(ctx, block, names, op))
        return operands

    def special_input(self, name: str) -> Callable[..., Value | None] | None:
        return None

    def outputs(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> tuple[list[Type], list[tuple[str, int, int]]]:
        types: list[Type] = []
        arg_to_idx: dict[str, tuple[int, int]] = {}
        for osig in sig.outputs:
            idx = len(types)
            if not op.has_output(osig.legacy):
                if not osig.optional:
                    raise TranslateError(f"op '{op.type}' has no output slot '{osig.legacy}'", op)
                types.append(NullType.get())
                continue
            names = op.output(osig.legacy)
            if len(names) == 1:
                var = tr.output_var(op, names[0])
                if var.type == D.DENSE_TENSOR_ARRAY:
                    types.append(translate_var_type(var, op))
                    arg_to_idx[var.name] = (idx, 0)
                    continue
            if not osig.vector:
                if not names:
                    types.append(NullType.get())
                    continue
                var = tr.output_var(op, names[0])
                types.append(translate_var_type(var, op))
                arg_to_idx[names[0]] = (idx, 0)
            else:
                elems: list[Type] = []
                for j, n in enumerate(names):
                    if n == EMPTY_VAR:
                        elems.append(NullType.get())
                        arg_to_idx[n] = (idx, j)
                        continue
                    elems.append(translate_var_type(tr.output_var(op, n), op))
                    arg_to_idx[n] = (idx, j)
                types.append(VectorType.get(tuple(elems)))
        return types, [(n, a, b) for n, (a, b) in arg_to_idx.items()]

    def attributes(self, tr: ProgramTranslator, op: OpDesc, sig: OpSig) -> dict[str, Attribute]:
        out: dict[str, Attribute] = {}
        for asig in sig.attrs:
            special = self.special_attr(asig.name)
            if special is not None:
                out[asig.name] = special(tr, op, asig)
                continue
            a = op.attrs.get(asig.legacy)
            if a is None:
                handled = self.nonexistent_attr(asig)
                if handled is not None:
                    out[asig.name] = handled
                    continue
                # Paddle fills the "extra" attributes that save_inference_model strips with
                # their defaults; for the others it would emit a null attribute (and fail to
                # verify the op): pirc uses the legacy default there too.
                a = default_legacy_attr(asig)
            attr = translate_attr(asig.kind, a)
            out[asig.name] = attr if attr is not None else NULL_ATTR
        return out

    def special_attr(self, name: str) -> Callable[..., Attribute] | None:
        return None

    def nonexistent_attr(self, asig: AttrSig) -> Attribute | None:
        return self.defaults.get(asig.name)

    def record(self, tr: ProgramTranslator, ctx: TranslationContext, op: OpDesc, operation: Operation,
               arg_to_idx: list[tuple[str, int, int]], block: Block) -> None:
        for name, idx, j in arg_to_idx:
            v = operation.results[idx]
            by_vec = isinstance(v.type, VectorType)
            ctx.push(name, ValueInfo(v, by_vec, j if by_vec else -1))


def full_for_attr(b: Builder, attr: Attribute | None, op: OpDesc | None = None) -> OpResult:
    """InsertFullOperationForAttributeInput: a [1]-shaped pd_op.full of the attribute's value."""
    if isinstance(attr, FloatAttr):
        dtype = "float64" if attr.kind == "f64" else "float32"
        return b.full([1], attr.value, dtype)
    if isinstance(attr, BoolAttr):
        return b.full([1], float(attr.value), "bool")
    if isinstance(attr, IntAttr):
        return b.full([1], float(attr.value), "int64" if attr.kind == "i64" else "int32")
    raise TranslateError(f"cannot turn attribute {attr} into a tensor operand", op)
