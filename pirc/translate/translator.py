"""The ProgramTranslator: legacy ``ProgramDesc`` -> pirc PIR (Paddle's
``paddle/fluid/ir_adaptor/translator``), reproducing Paddle 3.x's output op
for op and attribute for attribute.

Steps (``ProgramTranslator.translate``), as in Paddle:

1. ``builtin.parameter`` for every persistable var of block 0 that an op of
   block 0 reads before any op writes it (in op order, input slots in name
   order; control-flow ops list what their sub-blocks read).
2. ``pd_op.data`` (inserted at the very front) for other external inputs of
   block 0 that have a VarDesc.
3. Each op of block 0 in order: ``conditional_block`` -> ``pd_op.if`` with a
   fake false branch, ``while`` -> ``pd_op.while`` with block arguments,
   anything else through its transcriber: a special handler when one is
   registered (:data:`SPECIAL_HANDLERS`), else the general
   :class:`OpTranscriber` driven by the signature table (optable.py).
4. ``builtin.set_parameter`` after ops that write a parameter.
5. ``stop_gradient`` / ``persistable`` result attributes from the VarDescs,
   for every value bound to a name in block 0's scope.

Names map to values through a :class:`TranslationContext` per block scope:
a stack of values per name (SSA renaming pushes), with a parent chain for
sub-blocks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pirc.dialects.all  # noqa: F401  (register the ops: an Operation binds its OpInfo when made)
from pirc.ir.attributes import (
    ArrayAttr,
    Attribute,
    AttrDict,
    BoolAttr,
    DataTypeAttr,
    FloatAttr,
    IntArrayAttr,
    IntAttr,
    OpaqueAttr,
    PlaceAttr,
    StrAttr,
)
from pirc.ir.core import Block, Operation, OpResult, Value
from pirc.ir.program import Program
from pirc.ir.types import DenseTensorType, NullType, OpaqueType, Type, VectorType

from . import desc as D
from .builder import (
    PLACE_CPU,
    PLACE_UNDEFINED,
    Builder,
    dims_of,
    dtype_of,
    f32,
    f64,
    i32,
    i64,
    stop_gradients,
)
from .desc import BlockDesc, OpDesc, ProgramDesc, VarDesc
from .optable import OP_SIGS, AttrSig, InputSig, OpSig, OutputSig

NO_CAST_VAR_NAMES = frozenset({"feed", "fetch"})
UNSUPPORTED_OPS = frozenset({"while_grad", "conditional_block_grad"})
EMPTY_VAR = "@EMPTY@"
NULL_ATTR = OpaqueAttr.get("<#AttrNull>")


class TranslateError(Exception):
    """An input error found while translating; ``op`` locates it."""

    def __init__(self, message: str, op: OpDesc | None = None, notes: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.op = op
        self.notes = list(notes)


# ---------------------------------------------------------------------------
# translation context
# ---------------------------------------------------------------------------


class ValueInfo:
    """Paddle's ``VariableDefiningInfo``."""

    __slots__ = ("value", "by_vector", "idx")

    def __init__(self, value: Value, by_vector: bool = False, idx: int = -1) -> None:
        self.value = value
        self.by_vector = by_vector
        self.idx = idx


class TranslationContext:
    __slots__ = ("map", "parent")

    def __init__(self, parent: TranslationContext | None = None) -> None:
        self.map: dict[str, list[ValueInfo]] = {}
        self.parent = parent

    def has(self, name: str) -> bool:
        c: TranslationContext | None = self
        while c is not None:
            if name in c.map:
                return True
            c = c.parent
        return False

    def count(self, name: str) -> int:
        c: TranslationContext | None = self
        while c is not None:
            vals = c.map.get(name)
            if vals is not None:
                return len(vals)
            c = c.parent
        return 0

    def get(self, name: str) -> ValueInfo | None:
        c: TranslationContext | None = self
        while c is not None:
            vals = c.map.get(name)
            if vals:
                return vals[-1]
            c = c.parent
        return None

    def push(self, name: str, info: ValueInfo | Value) -> None:
        if not isinstance(info, ValueInfo):
            info = ValueInfo(info)
        self.map.setdefault(name, []).append(info)

    def pop(self, name: str) -> None:
        self.map[name].pop()

    def child(self) -> TranslationContext:
        return TranslationContext(self)


# ---------------------------------------------------------------------------
# types and attributes
# ---------------------------------------------------------------------------

_VAR_TYPE_NAMES = {
    7: "DENSE_TENSOR", 8: "SELECTED_ROWS", 9: "FEED_MINIBATCH", 10: "FETCH_LIST", 11: "STEP_SCOPES",
    12: "LOD_RANK_TABLE", 13: "DENSE_TENSOR_ARRAY", 14: "PLACE_LIST", 15: "READER", 17: "RAW", 18: "TUPLE",
    25: "STRING", 26: "STRINGS", 27: "VOCAB", 28: "FEED_LIST", 29: "PSTRING", 30: "SPARSE_COO",
    31: "SPARSE_CSR",
}


def var_type_name(t: int) -> str:
    return _VAR_TYPE_NAMES.get(t, str(t))


def dtype_name(vartype: int | None) -> str:
    if vartype is None:
        return "Undefined"
    return D.VARTYPE_TO_DTYPE.get(vartype, "Undefined")


def translate_var_type(var: VarDesc, op: OpDesc | None = None) -> Type:
    """Paddle's TypeTranslator for a VarDesc."""
    dt = D.VARTYPE_TO_DTYPE.get(var.dtype) if var.dtype is not None else None
    if var.type == D.DENSE_TENSOR:
        if dt is None:
            raise TranslateError(f"variable '{var.name}' has no data type", op)
        return DenseTensorType.get(D.DTYPE_TO_PIR[dt], tuple(var.dims))
    if var.type == D.DENSE_TENSOR_ARRAY:
        return OpaqueType.get(f"pd_op.tensor_array<{D.DTYPE_TO_PIR.get(dt or 'float32', 'f32')}>")
    if var.type == D.SELECTED_ROWS:
        dims = "".join(f"{d}x" for d in var.dims)
        return OpaqueType.get(f"pd_op.selectedrows<{dims}{D.DTYPE_TO_PIR.get(dt or 'float32', 'f32')}>")
    raise TranslateError(
        f"variable '{var.name}' has type {var_type_name(var.type)}, which has no PIR type", op)


def _scalar_attr(s: D.Scalar) -> Attribute:
    if s.kind == "bool":
        return BoolAttr.get(s.value)
    if s.kind == "int64":
        return i64(s.value)
    if s.kind == "float64":
        return f64(s.value)
    return OpaqueAttr.get(f"({s.value.real},{s.value.imag})")


def general_attr(a: D.Attr | None) -> Attribute | None:
    """Paddle's general ``AttributeVisitor``: keep the legacy kind."""
    if a is None:
        return None
    k, v = a.kind, a.value
    if k == D.INT:
        return i32(v)
    if k == D.LONG:
        return i64(v)
    if k == D.FLOAT:
        return f32(v)
    if k == D.FLOAT64:
        return f64(v)
    if k == D.BOOLEAN:
        return BoolAttr.get(bool(v))
    if k == D.STRING:
        return StrAttr.get(v)
    if k == D.INTS:
        return ArrayAttr.get(i32(x) for x in v)
    if k == D.LONGS:
        return ArrayAttr.get(i64(x) for x in v)
    if k == D.FLOATS:
        return ArrayAttr.get(f32(x) for x in v)
    if k == D.FLOAT64S:
        return ArrayAttr.get(f64(x) for x in v)
    if k == D.STRINGS:
        return ArrayAttr.get(StrAttr.get(x) for x in v)
    if k == D.BOOLEANS:
        return ArrayAttr.get(BoolAttr.get(bool(x)) for x in v)
    if k == D.SCALARS:
        return ArrayAttr.get(_scalar_attr(x) for x in v)
    if k == D.SCALAR:
        raise TranslateError("translating a legacy SCALAR attribute is not supported (as in Paddle)")
    return None


def vartype_dtype_attr(v: int) -> DataTypeAttr:
    return DataTypeAttr.get(D.VARTYPE_TO_DTYPE.get(int(v), "Undefined"))


def translate_attr(kind: str, a: D.Attr | None) -> Attribute | None:
    """Paddle's ``AttributeTranslator(target_type, legacy_attr)``."""
    if kind == "IntArray":
        if a is not None and a.kind in (D.INTS, D.LONGS):
            return IntArrayAttr.get(a.value)
        return general_attr(a)
    if kind == "dtype":
        if a is None:
            return DataTypeAttr.get("Undefined")
        if a.kind == D.INT:
            return vartype_dtype_attr(a.value)
        return general_attr(a)
    if kind == "place":
        if a is None:
            return PLACE_UNDEFINED
        return general_attr(a)
    if kind == "i64[]":
        if a is None:
            return ArrayAttr.get(())
        if a.kind == D.INTS:
            return ArrayAttr.get(i64(x) for x in a.value)
        return general_attr(a)
    if kind == "i32[]":
        if a is not None and a.kind == D.LONGS:
            return ArrayAttr.get(i32(x) for x in a.value)
        return general_attr(a)
    if kind == "i64":
        if a is not None and a.kind == D.INT:
            return i64(a.value)
        return general_attr(a)
    if kind == "bool":
        if a is None:
            return BoolAttr.FALSE
        if a.kind in (D.INT, D.LONG):
            return BoolAttr.get(bool(a.value))
        return general_attr(a)
    return general_attr(a)


_KIND_TO_ATTRTYPE = {
    "bool": D.BOOLEAN, "i32": D.INT, "i64": D.LONG, "f32": D.FLOAT, "f64": D.FLOAT64, "str": D.STRING,
    "dtype": D.INT, "place": D.INT, "layout": D.STRING, "i32[]": D.INTS, "i64[]": D.LONGS, "f32[]": D.FLOATS,
    "str[]": D.STRINGS, "IntArray": D.INTS, "Scalar": D.FLOAT,
}


def default_legacy_attr(sig: AttrSig) -> D.Attr | None:
    """The legacy attribute Paddle's OpDesc would hold by default."""
    if not sig.has_default:
        return None
    v = sig.default
    kind = _KIND_TO_ATTRTYPE.get(sig.kind, D.FLOAT)
    if sig.kind == "Scalar":
        kind = D.INT if isinstance(v, int) and not isinstance(v, bool) else D.FLOAT
        if isinstance(v, bool):
            kind = D.BOOLEAN
    elif sig.kind == "i32[]" and v and isinstance(v[0], float):
        kind = D.FLOATS
    return D.Attr(kind, v)


# ---------------------------------------------------------------------------
# the general op transcriber
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# special handlers
# ---------------------------------------------------------------------------


class FeedTranscriber(OpTranscriber):
    def inputs(self, tr, ctx, op, sig, block):  # type: ignore[no-untyped-def]
        return []

    def attributes(self, tr, op, sig):  # type: ignore[no-untyped-def]
        outs = op.output_arg_names()
        if not outs:
            raise TranslateError("feed op has no output variable", op)
        return {"name": StrAttr.get(outs[0]), "col": i32(op.attr("col", 0))}


class DataTranscriber(FeedTranscriber):
    def attributes(self, tr, op, sig):  # type: ignore[no-untyped-def]
        shape = op.attrs.get("shape")
        attrs: dict[str, Attribute] = {
            "name": StrAttr.get(op.attr("name", "")),
            "shape": translate_attr("IntArray", shape) if shape is not None else IntArrayAttr.get(()),
            "dtype": vartype_dtype_attr(op.attr("dtype", 5)),
            "place": _PLACES.get(int(op.attr("place", 0)), PLACE_UNDEFINED),
        }
        return attrs

    def outputs(self, tr, op, sig):  # type: ignore[no-untyped-def]
        if not op.has_output("out") and op.has_output("Out"):
            sig = OpSig(sig.legacy, sig.pd, sig.inputs, sig.attrs, (OutputSig("out", "Out"),))
        return super().outputs(tr, op, sig)


_PLACES = {
    0: PLACE_UNDEFINED, 1: PLACE_CPU, 2: PlaceAttr.get("Place(gpu:0)"), 3: PlaceAttr.get("Place(gpu_pinned)"),
    4: PlaceAttr.get("Place(xpu:0)"),
}


class FetchTranscriber(OpTranscriber):
    def __call__(self, tr, ctx, op, block):  # type: ignore[no-untyped-def]
        sig = self.signature(tr, op)
        self.insert_slices(tr, ctx, op, sig, block)
        operands = self.inputs(tr, ctx, op, sig, block)
        ins = op.input_arg_names()
        attrs = {"name": StrAttr.get(ins[0]), "col": i32(op.attr("col", 0))}
        operation = Operation("pd_op.fetch", operands, [operands[0].type], AttrDict.get(attrs))  # type: ignore[union-attr]
        block.append(operation)
        return operation


class ShadowOutputTranscriber(OpTranscriber):
    def __call__(self, tr, ctx, op, block):  # type: ignore[no-untyped-def]
        name = op.input("x")[0]
        info = ctx.get(name)
        assert info is not None
        if info.by_vector:
            tr.insert_slice(ctx, block, info, name)
            info = ctx.get(name)
        attrs = {"output_name": StrAttr.get(op.attr("name", ""))}
        operation = Operation("builtin.shadow_output", [info.value], [], AttrDict.get(attrs))  # type: ignore[union-attr]
        block.append(operation)
        return operation


class AssignTranscriber(OpTranscriber):
    def __call__(self, tr, ctx, op, block):  # type: ignore[no-untyped-def]
        outs = op.output("Out")
        if outs and ctx.has(outs[0]):
            return AssignOutTranscriber()(tr, ctx, op, block)
        return OpTranscriber.__call__(self, tr, ctx, op, block)

    def op_name(self, tr, op, sig):  # type: ignore[no-untyped-def]
        xs = op.input("X")
        if len(xs) == 1:
            var = op.block.find_var_recursive(xs[0])
            if var is not None and var.type == D.DENSE_TENSOR_ARRAY:
                return "pd_op.assign_array_"
        return super().op_name(tr, op, sig)


class AssignOutTranscriber(OpTranscriber):
    def op_name(self, tr, op, sig):  # type: ignore[no-untyped-def]
        return "pd_op.assign_out_"

    def inputs(self, tr, ctx, op, sig, block):  # type: ignore[no-untyped-def]
        x = op.input("X")
        out = op.output("Out")
        return [self.input_value(tr, ctx, op, x[0]), self.input_value(tr, ctx, op, out[0])]


class CastTranscriber(OpTranscriber):
    def attributes(self, tr, op, sig):  # type: ignore[no-untyped-def]
        a = op.attrs.get("out_dtype")
        return {
            "dtype": translate_attr("dtype", a),
            "mkldnn_data_type": StrAttr.get(op.attr("mkldnn_data_type", "float32")),
            "onednn_data_type": StrAttr.get(op.attr("onednn_data_type", "")),
        }


class EmbeddingTranscriber(OpTranscriber):
    def op_name(self, tr, op, sig):  # type: ignore[no-untyped-def]
        return "pd_op.embedding"

    def record(self, tr, ctx, op, operation, arg_to_idx, block):  # type: ignore[no-untyped-def]
        super().record(tr, ctx, op, operation, arg_to_idx, block)
        if op.type == "lookup_table":
            name = op.output("Out")[0]
            v = ctx.get(name).value  # type: ignore[union-attr]
            ctx.push(name, Builder(block).squeeze(v, [-2]))


class IncrementTranscriber(OpTranscriber):
    def attributes(self, tr, op, sig):  # type: ignore[no-untyped-def]
        a = op.attrs.get("step")
        if a is not None:
            attr = general_attr(a)
            return {"value": attr if attr is not None else NULL_ATTR}
        return {"value": f32(1.0)}


class AssignValueTranscriber(OpTranscriber):
    def __call__(self, tr, ctx, op, block):  # type: ignore[no-untyped-def]
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


class SplitTranscriber(OpTranscriber):
    def op_name(self, tr, op, sig):  # type: ignore[no-untyped-def]
        return "pd_op.split_with_num" if op.attr("num", 0) > 0 else "pd_op.split"

    def inputs(self, tr, ctx, op, sig, block):  # type: ignore[no-untyped-def]
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

    def attributes(self, tr, op, sig):  # type: ignore[no-untyped-def]
        num = op.attr("num", 0)
        if num > 0:
            return {"num": i32(num)}
        return {
            "mkldnn_data_type": StrAttr.get(op.attr("mkldnn_data_type", "float32")),
            "onednn_data_type": StrAttr.get(op.attr("onednn_data_type", "")),
        }


class FillConstantTranscriber(OpTranscriber):
    def __call__(self, tr, ctx, op, block):  # type: ignore[no-untyped-def]
        if op.input("ShapeTensor") or op.input("ShapeTensorList") or op.input("ValueTensor"):
            return FullWithTensorTranscriber()(tr, ctx, op, block)
        return OpTranscriber.__call__(self, tr, ctx, op, block)

    def op_name(self, tr, op, sig):  # type: ignore[no-untyped-def]
        return "pd_op.full"

    def inputs(self, tr, ctx, op, sig, block):  # type: ignore[no-untyped-def]
        return []

    def attributes(self, tr, op, sig):  # type: ignore[no-untyped-def]
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
    def op_name(self, tr, op, sig):  # type: ignore[no-untyped-def]
        return "pd_op.full_with_tensor"

    def inputs(self, tr, ctx, op, sig, block):  # type: ignore[no-untyped-def]
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

    def attributes(self, tr, op, sig):  # type: ignore[no-untyped-def]
        return {"dtype": vartype_dtype_attr(op.attr("dtype", 5))}


class SelectInputTranscriber(OpTranscriber):
    def __call__(self, tr, ctx, op, block):  # type: ignore[no-untyped-def]
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
    def __call__(self, tr, ctx, op, block):  # type: ignore[no-untyped-def]
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
    def special_attr(self, name):  # type: ignore[no-untyped-def]
        if name != "axis":
            return None

        def handler(tr, op, asig):  # type: ignore[no-untyped-def]
            if op.attr("reduce_all", False):
                return ArrayAttr.get(())
            return translate_attr(asig.kind, op.attrs.get(asig.legacy)) or NULL_ATTR

        return handler


class ElementwiseTranscriber(OpTranscriber):
    def inputs(self, tr, ctx, op, sig, block):  # type: ignore[no-untyped-def]
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

    def _operand(self, tr, ctx, op, slot, block):  # type: ignore[no-untyped-def]
        names = op.input(slot)
        if len(names) != 1:
            raise TranslateError(f"op '{op.type}' input {slot} must hold one variable, got {len(names)}", op)
        info = ctx.get(names[0])
        if info is None:
            raise tr.undefined(names[0], op)
        if info.by_vector:
            tr.insert_slice(ctx, block, info, names[0])
            info = ctx.get(names[0])
        v = info.value
        if not isinstance(v.type, DenseTensorType):
            raise TranslateError(f"input '{names[0]}' of op '{op.type}' must be a dense tensor, got {v.type}", op)
        return v


class MulTranscriber(OpTranscriber):
    def op_name(self, tr, op, sig):  # type: ignore[no-untyped-def]
        return "pd_op.matmul"

    def attributes(self, tr, op, sig):  # type: ignore[no-untyped-def]
        return {"transpose_x": BoolAttr.FALSE, "transpose_y": BoolAttr.FALSE}

    @staticmethod
    def _info(tr, ctx, op, slot):  # type: ignore[no-untyped-def]
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

    def inputs(self, tr, ctx, op, sig, block):  # type: ignore[no-untyped-def]
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

    def record(self, tr, ctx, op, operation, arg_to_idx, block):  # type: ignore[no-untyped-def]
        super().record(tr, ctx, op, operation, arg_to_idx, block)
        if op.has_output("Out"):
            name = op.output("Out")[0]
            out = ctx.get(name).value  # type: ignore[union-attr]
            xk = int(op.attr("x_num_col_dims", 1))
            yk = int(op.attr("y_num_col_dims", 1))
            x_shape, _ = self._info(tr, ctx, op, "X")
            y_shape, _ = self._info(tr, ctx, op, "Y")
            new_shape = x_shape[:xk] + y_shape[yk:]
            ctx.push(name, Builder(block).reshape(out, new_shape))


class LegacyMatmulTranscriber(OpTranscriber):
    def op_name(self, tr, op, sig):  # type: ignore[no-untyped-def]
        for key in ("Scale_x", "Scale_y", "Scale_out"):
            if key in op.attrs and abs(float(op.attr(key)) - 1.0) > 1e-6:
                raise TranslateError(f"attribute {key} of legacy matmul must be 1, got {op.attr(key)}", op)
        return "pd_op.matmul"

    def record(self, tr, ctx, op, operation, arg_to_idx, block):  # type: ignore[no-untyped-def]
        super().record(tr, ctx, op, operation, arg_to_idx, block)
        alpha = float(op.attr("alpha", 1.0))
        if abs(alpha - 1.0) < 1e-6:
            return
        name = op.output("Out")[0]
        v = ctx.get(name).value  # type: ignore[union-attr]
        ctx.push(name, Builder(block).scale(v, alpha))


class GatherTranscriber(OpTranscriber):
    def missing_mutable_attr(self, tr, op, isig):  # type: ignore[no-untyped-def]
        if isig.name == "axis":
            return D.Attr(D.LONG, 0)
        return None


class RnnTranscriber(OpTranscriber):
    """RnnOpTranscriber: the legacy op lists DropoutState only as an output; Paddle feeds
    ``dropout_state_in`` a 0-D uint8 ``pd_op.full`` of 0 created right before the op."""

    def special_input(self, name):  # type: ignore[no-untyped-def]
        if name != "dropout_state_in":
            return None
        return lambda tr, ctx, op, isig, block: Builder(block).full([], 0.0, "uint8")


class OneHotTranscriber(OpTranscriber):
    pass


class SliceTranscriber(OpTranscriber):
    def op_name(self, tr, op, sig):  # type: ignore[no-untyped-def]
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


def _array_or_create(slot: str, output: bool):  # type: ignore[no-untyped-def]
    """The array named by ``slot`` if already defined, else a new ``pd_op.create_array``."""

    def handler(tr, ctx, op, isig, block):  # type: ignore[no-untyped-def]
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
    def op_name(self, tr, op, sig):  # type: ignore[no-untyped-def]
        return "pd_op.array_write_"

    def special_input(self, name):  # type: ignore[no-untyped-def]
        return _array_or_create("Out", True) if name == "array" else None


class ReadArrayTranscriber(OpTranscriber):
    def op_name(self, tr, op, sig):  # type: ignore[no-untyped-def]
        return "pd_op.array_read"


class ArrayLengthTranscriber(OpTranscriber):
    def op_name(self, tr, op, sig):  # type: ignore[no-untyped-def]
        return "pd_op.array_length"

    def special_input(self, name):  # type: ignore[no-untyped-def]
        return _array_or_create("X", False) if name == "x" else None


class ArangeTranscriber(OpTranscriber):
    def special_attr(self, name):  # type: ignore[no-untyped-def]
        if name != "dtype":
            return None

        def handler(tr, op, asig):  # type: ignore[no-untyped-def]
            starts = op.input("Start")
            if len(starts) != 1:
                raise TranslateError("range needs exactly one Start variable", op)
            var = op.block.find_var_recursive(starts[0])
            if var is None:
                raise TranslateError(f"input variable '{starts[0]}' of op 'range' has no VarDesc", op)
            return DataTypeAttr.get(dtype_name(var.dtype))

        return handler


class TrilTriuTranscriber(OpTranscriber):
    def signature(self, tr, op):  # type: ignore[no-untyped-def]
        from .optable import parse_sig

        return parse_sig(op.type, "tril(x:X; diagonal:i32=0) -> out:Out")

    def op_name(self, tr, op, sig):  # type: ignore[no-untyped-def]
        return "pd_op.tril" if op.attr("lower", True) else "pd_op.triu"

_POOL_DEFAULTS = {"exclusive": BoolAttr.TRUE, "adaptive": BoolAttr.FALSE, "padding_algorithm": StrAttr.get("EXPLICIT")}
_EMBEDDING_DEFAULTS = {"padding_idx": i64(-1), "sparse": BoolAttr.FALSE}


SPECIAL_HANDLERS: dict[str, OpTranscriber] = {
    "feed": FeedTranscriber(),
    "data": DataTranscriber(),
    "fetch": FetchTranscriber(),
    "fetch_v2": FetchTranscriber(),
    "shadow_output": ShadowOutputTranscriber(),
    "assign": AssignTranscriber(),
    "assign_value": AssignValueTranscriber(),
    "batch_norm": OpTranscriber({"use_global_stats": BoolAttr.FALSE, "trainable_statistics": BoolAttr.FALSE}),
    "cast": CastTranscriber(),
    "conv2d": OpTranscriber({"padding_algorithm": StrAttr.get("EXPLICIT")}),
    "conv3d": OpTranscriber({"padding_algorithm": StrAttr.get("EXPLICIT")}),
    "depthwise_conv2d": OpTranscriber({"padding_algorithm": StrAttr.get("EXPLICIT")}),
    "pool2d": OpTranscriber(_POOL_DEFAULTS),
    "pool3d": OpTranscriber(_POOL_DEFAULTS),
    "scale": OpTranscriber({"bias": f64(0.0), "bias_after_scale": BoolAttr.TRUE}),
    "rnn": RnnTranscriber(),
    "dropout": OpTranscriber({"mode": StrAttr.get("downscale_in_infer")}),
    "softmax": OpTranscriber({"axis": i32(-1)}),
    "argsort": OpTranscriber({"stable": BoolAttr.FALSE}),
    "lookup_table_v2": EmbeddingTranscriber(_EMBEDDING_DEFAULTS),
    "lookup_table": EmbeddingTranscriber(_EMBEDDING_DEFAULTS),
    "increment": IncrementTranscriber(),
    "split": SplitTranscriber(),
    "fill_constant": FillConstantTranscriber(),
    "select_input": SelectInputTranscriber(),
    "select_output": SelectOutputTranscriber(),
    "reduce_all": ReduceAllTranscriber(),
    "reduce_any": ReduceAllTranscriber(),
    "mul": MulTranscriber(),
    "matmul": LegacyMatmulTranscriber({"transpose_x": BoolAttr.FALSE, "transpose_y": BoolAttr.FALSE}),
    "gather": GatherTranscriber(),
    "one_hot_v2": OneHotTranscriber(),
    "slice": SliceTranscriber(),
    "sum": AddNTranscriber(),
    "range": ArangeTranscriber(),
    "write_to_array": WriteArrayTranscriber(),
    "read_from_array": ReadArrayTranscriber(),
    "lod_array_length": ArrayLengthTranscriber(),
    "tril_triu": TrilTriuTranscriber(),
    **{k: ElementwiseTranscriber() for k in (
        "elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div", "elementwise_max",
        "elementwise_min", "elementwise_mod", "elementwise_floordiv")},
}

GENERAL_HANDLER = OpTranscriber()
CONTROL_FLOW_OPS = frozenset({"conditional_block", "while"})


def is_supported(op_type: str) -> bool:
    return op_type in SPECIAL_HANDLERS or op_type in OP_SIGS or op_type in CONTROL_FLOW_OPS


# ---------------------------------------------------------------------------
# the program translator
# ---------------------------------------------------------------------------


class ProgramTranslator:
    def __init__(self, legacy: ProgramDesc, program: Program | None = None) -> None:
        if not legacy.blocks:
            raise TranslateError("the ProgramDesc has no blocks")
        self.legacy = legacy
        self.program = program if program is not None else Program()
        self.param_map = TranslationContext()
        self.parameter_name_mappings: dict[str, VarDesc] = {}
        self.parameter_visited: set[str] = set()
        self.current_op: OpDesc | None = None
        self.active_blocks: set[int] = set()

    # -- helpers used by the transcribers -------------------------------------------
    def undefined(self, name: str, op: OpDesc, what: str = "") -> TranslateError:
        return TranslateError(f"variable '{name}' is used by op '{op.type}' ({op.where()}) before it is defined", op)

    def output_var(self, op: OpDesc, name: str) -> VarDesc:
        var = op.block.find_var_recursive(name)
        if var is None:
            raise TranslateError(f"output variable '{name}' of op '{op.type}' has no VarDesc", op)
        return var

    def insert_slice(self, ctx: TranslationContext, block: Block, info: ValueInfo, name: str) -> Operation:
        vt = info.value.type
        assert isinstance(vt, VectorType)
        op = Operation("builtin.slice", [info.value], [vt.elements[info.idx]],
                       AttrDict.get({"index": i32(info.idx)}))
        block.append(op)
        ctx.push(name, ValueInfo(op.results[0]))
        return op

    def combine(self, ctx: TranslationContext, block: Block, names: Sequence[str], op: OpDesc,
                builder: bool = False) -> OpResult:
        values = []
        for n in names:
            info = ctx.get(n)
            if info is None:
                raise self.undefined(n, op)
            values.append(info.value)
        t = VectorType.get(tuple(v.type for v in values))
        attrs = AttrDict.get({"stop_gradient": stop_gradients(1)}) if builder else AttrDict.EMPTY
        c = Operation("builtin.combine", values, [t], attrs)
        block.append(c)
        return c.results[0]

    # -- top level ----------------------------------------------------------------------
    def translate(self) -> Program:
        self.check_ops()
        block0 = self.legacy.blocks[0]
        self.get_parameter_for_single_block(block0)
        self.insert_data_op_for_single_block(block0)
        self.translate_block(block0, self.param_map, self.program.block)
        self.set_parameter_from_single_block(block0)
        for b in self.legacy.blocks:
            self.set_result_attribute(b, "stop_gradient")
        for b in self.legacy.blocks:
            self.set_result_attribute(b, "persistable")
        return self.program

    def check_ops(self) -> None:
        bad: list[TranslateError] = []
        for b in self.legacy.blocks:
            for op in b.ops:
                if op.type in UNSUPPORTED_OPS:
                    bad.append(TranslateError(
                        f"legacy op '{op.type}' ({op.where()}) cannot be translated (Paddle does not support it either)", op))
                elif not is_supported(op.type):
                    bad.append(TranslateError(f"unknown legacy op '{op.type}' ({op.where()})", op))
        if bad:
            raise MultiTranslateError(bad)

    def translate_block(self, src: BlockDesc, ctx: TranslationContext, dst: Block) -> None:
        self.active_blocks.add(src.idx)
        try:
            self._translate_ops(src, ctx, dst)
        finally:
            self.active_blocks.discard(src.idx)

    def _translate_ops(self, src: BlockDesc, ctx: TranslationContext, dst: Block) -> None:
        for op in src.ops:
            self.current_op = op
            t = op.type
            if t == "conditional_block":
                self.translate_if(op, ctx, dst)
            elif t == "while":
                self.translate_while(op, ctx, dst)
            else:
                if t == "shadow_output":
                    xs = op.input("x")
                    if not xs or not ctx.count(xs[0]):
                        continue
                handler = SPECIAL_HANDLERS.get(t, GENERAL_HANDLER)
                handler(self, ctx, op, dst)

    def sub_block(self, op: OpDesc) -> BlockDesc | None:
        idx = op.attr("sub_block", -1)
        if idx is None or idx == -1:
            return None
        blocks = self.legacy.blocks
        if not isinstance(idx, int) or not 0 <= idx < len(blocks):
            raise TranslateError(f"op '{op.type}' refers to sub_block {idx}, but the program has {len(blocks)} blocks", op)
        b: BlockDesc | None = op.block
        for _ in range(len(blocks)):  # the sub-block must not be the op's block or one of its ancestors
            if b is None:
                break
            if b.idx == idx:
                raise TranslateError(f"op '{op.type}' uses block {idx}, which encloses it, as its sub_block", op)
            b = b.parent
        if idx in self.active_blocks:
            raise TranslateError(f"sub_block {idx} of op '{op.type}' is already being translated (a cycle)", op)
        return blocks[idx]

    def translate_if(self, op: OpDesc, ctx: TranslationContext, dst: Block) -> Operation:
        conds = op.input("Cond")
        if len(conds) != 1:
            raise TranslateError("conditional_block needs exactly one Cond variable", op)
        for name in op.input("Input"):
            self.get_value_or_create_in_top(name, ctx, op)
        outs = [n for n in op.output("Out") if n != EMPTY_VAR]
        out_vars = [self.output_var(op, n) for n in outs]
        cond_info = ctx.get(conds[0])
        if cond_info is None:
            raise self.undefined(conds[0], op)
        types = [translate_var_type(v, op) for v in out_vars]
        if_op = Operation("pd_op.if", [cond_info.value], types, AttrDict.EMPTY, num_regions=2)
        dst.append(if_op)
        sub = self.sub_block(op)
        if sub is not None:
            true_block = if_op.regions[0].add_block()
            tctx = ctx.child()
            self.translate_block(sub, tctx, true_block)
            true_yields = []
            for n in outs:
                info = tctx.get(n)
                if info is None:
                    raise TranslateError(
                        f"output '{n}' of conditional_block ({op.where()}) is not defined by its sub-block "
                        f"{sub.idx}", op)
                true_yields.append(info.value)
            true_block.append(Operation("cf.yield", true_yields, [], AttrDict.EMPTY))
            false_block = if_op.regions[1].add_block()
            fctx = ctx.child()
            false_yields = []
            for i, n in enumerate(outs):
                if fctx.count(n) == 0:
                    t = true_yields[i].type
                    b = Builder(false_block, at_front=True)
                    if isinstance(t, DenseTensorType):
                        init = b.full([abs(d) for d in t.dims], 0.0, dtype_of(t))
                    elif isinstance(t, OpaqueType) and t.text.startswith("pd_op.tensor_array<"):
                        init = b.create_array(D_PIR_TO_DTYPE.get(t.text[19:-1], "float32"))
                    else:
                        raise TranslateError(
                            f"cannot make a default value of type {t} for the false branch of conditional_block", op)
                    fctx.push(n, init)
                false_yields.append(fctx.get(n).value)  # type: ignore[union-attr]
            false_block.append(Operation("cf.yield", false_yields, [], AttrDict.EMPTY))
            if_op.set_attr_raw("fake_false_branch", BoolAttr.TRUE)
        for i, v in enumerate(out_vars):
            ctx.push(v.name, ValueInfo(if_op.results[i]))
        return if_op

    def translate_while(self, op: OpDesc, ctx: TranslationContext, dst: Block) -> Operation:
        sub = self.sub_block(op)
        if sub is None:
            raise TranslateError("while op has no sub_block", op)
        conds = op.input("Condition")
        if len(conds) != 1:
            raise TranslateError("while needs exactly one Condition variable", op)
        cond_var = conds[0]
        loop_vars = [n for n in op.output("Out") if n != cond_var]
        operands = [self.get_value_or_create_in_top(cond_var, ctx, op).value]
        types: list[Type] = []
        body_ctx = ctx.child()
        body = Block()
        for name in loop_vars:
            info = self.get_value_or_create_in_top(name, ctx, op)
            operands.append(info.value)
            types.append(info.value.type)
            body_ctx.push(name, body.add_arg(info.value.type))
        while_op = Operation("pd_op.while", operands, types, AttrDict.EMPTY, num_regions=1)
        region = while_op.regions[0]
        region.blocks.append(body)
        body.parent = region
        dst.append(while_op)
        self.translate_block(sub, body_ctx, body)
        yields = [body_ctx.get(cond_var).value]  # type: ignore[union-attr]
        for name in loop_vars:
            yields.append(body_ctx.get(name).value)  # type: ignore[union-attr]
        body.append(Operation("cf.yield", yields, [], AttrDict.EMPTY))
        for i, name in enumerate(loop_vars):
            ctx.push(name, ValueInfo(while_op.results[i]))
        return while_op

    def get_value_or_create_in_top(self, name: str, ctx: TranslationContext, op: OpDesc) -> ValueInfo:
        info = ctx.get(name)
        if info is not None:
            return info
        return self.create_undefined_variable(name, self.legacy.blocks[0], op)

    def create_undefined_variable(self, name: str, block: BlockDesc, op: OpDesc | None = None) -> ValueInfo:
        var = block.find_var_recursive(name)
        if var is None:
            if op is not None:
                raise self.undefined(name, op)
            raise TranslateError(f"variable '{name}' has no VarDesc")
        b = Builder(self.program.block, at_front=True)
        dt = dtype_name(var.dtype)
        if var.type == D.DENSE_TENSOR_ARRAY:
            v = b.create_array(dt)
        else:
            v = b.data(name, list(var.dims), dt)
        self.param_map.push(name, ValueInfo(v))
        return self.param_map.get(name)  # type: ignore[return-value]

    # -- parameters and data ops --------------------------------------------------------
    def get_parameter_for_single_block(self, block: BlockDesc) -> None:
        for var in block.vars.values():
            if not var.persistable or var.name in NO_CAST_VAR_NAMES or self.param_map.count(var.name):
                continue
            self.parameter_name_mappings[var.name] = var
        inner: set[str] = set()
        for op in block.ops:
            for args in op.inputs.values():
                for name in args:
                    if name in NO_CAST_VAR_NAMES:
                        continue
                    if name in self.parameter_name_mappings and name not in self.parameter_visited \
                            and name not in inner:
                        var = block.find_var_recursive(name) or self.parameter_name_mappings[name]
                        t = translate_var_type(var, op)
                        p = Operation("builtin.parameter", [], [t],
                                      AttrDict.get({"parameter_name": StrAttr.get(name)}))
                        self.program.block.append(p)
                        self.param_map.push(name, ValueInfo(p.results[0]))
                        self.program.set_parameter(name, t)
                        self.parameter_visited.add(name)
                        inner.add(name)
            for args in op.outputs.values():
                inner.update(args)

    def insert_data_op_for_single_block(self, block: BlockDesc) -> None:
        inner: set[str] = set()
        external: list[tuple[str, OpDesc]] = []
        for op in block.ops:
            for args in op.inputs.values():
                for name in args:
                    if name not in inner:
                        external.append((name, op))
            for args in op.outputs.values():
                inner.update(args)
        for name, op in external:
            if name not in block.vars or self.param_map.count(name) or name in NO_CAST_VAR_NAMES:
                continue
            self.create_undefined_variable(name, block, op)

    def set_parameter_from_single_block(self, block: BlockDesc) -> None:
        for op in reversed(block.ops):
            if op.type in ("data", "feed"):
                continue
            ins = set(op.input_arg_names())
            for args in op.outputs.values():
                for name in args:
                    if name not in self.parameter_name_mappings or name in self.parameter_visited:
                        continue
                    if not self.param_map.count(name) or name in ins:
                        continue
                    info = self.param_map.get(name)
                    if not isinstance(info.value, OpResult):  # type: ignore[union-attr]
                        continue
                    if info.by_vector:  # type: ignore[union-attr]
                        self.insert_slice(self.param_map, self.program.block, info, name)  # type: ignore[arg-type]
                        info = self.param_map.get(name)
                    value = info.value  # type: ignore[union-attr]
                    owner = value.owner  # type: ignore[union-attr]
                    if owner.parent is not self.program.block:
                        raise TranslateError(f"parameter '{name}' must be defined in block 0", op)
                    sp = Operation("builtin.set_parameter", [value], [],
                                   AttrDict.get({"parameter_name": StrAttr.get(name)}))
                    self.program.block.insert_after(sp, owner)
                    self.program.set_parameter(name)
                    self.parameter_visited.add(name)

    def set_result_attribute(self, block: BlockDesc, key: str) -> None:
        for name, infos in self.param_map.map.items():
            if name in NO_CAST_VAR_NAMES:
                continue
            var = block.find_var_recursive(name)
            if var is None:
                continue
            flag = BoolAttr.get(bool(var.stop_gradient if key == "stop_gradient" else var.persistable))
            for info in infos:
                v = info.value
                if not isinstance(v, OpResult):
                    continue
                owner = v.owner
                cur = owner.attrs.get_attr(key)
                if isinstance(cur, ArrayAttr) and len(cur) == owner.num_results:
                    elems = list(cur.elements)
                else:
                    elems = [BoolAttr.FALSE] * owner.num_results
                elems[v.index] = flag
                owner.set_attr_raw(key, ArrayAttr.get(elems))


D_PIR_TO_DTYPE = {v: k for k, v in D.DTYPE_TO_PIR.items()}


class MultiTranslateError(Exception):
    def __init__(self, errors: list[TranslateError]) -> None:
        super().__init__(errors[0].message)
        self.errors = errors


def translate_program(legacy: ProgramDesc) -> Program:
    """Translate a legacy ProgramDesc (raises TranslateError / MultiTranslateError).

    A malformed op (an attribute of the wrong kind, a slot with the wrong
    number of variables ...) that trips a Python error in a transcriber is
    reported as a TranslateError located at that op."""
    tr = ProgramTranslator(legacy)
    try:
        return tr.translate()
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, AssertionError) as e:
        op = tr.current_op
        what = f"op '{op.type}'" if op is not None else "the program"
        raise TranslateError(f"cannot translate {what}: malformed input ({type(e).__name__}: {e})", op) from e


__all__ = [
    "ProgramTranslator", "TranslationContext", "TranslateError", "MultiTranslateError", "translate_program",
    "SPECIAL_HANDLERS", "OpTranscriber", "is_supported",
]
