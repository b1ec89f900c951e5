"""Legacy variable types and attributes -> PIR types and attributes (Paddle's type and attribute translators)."""

from __future__ import annotations

from pirc.ir.attributes import (
    ArrayAttr,
    Attribute,
    BoolAttr,
    DataTypeAttr,
    IntArrayAttr,
    OpaqueAttr,
    StrAttr,
)
from pirc.ir.types import DenseTensorType, OpaqueType, Type

from . import desc as D
from .builder import PLACE_UNDEFINED, f32, f64, i32, i64
from .context import TranslateError
from .desc import OpDesc, VarDesc
from .optable import AttrSig

NULL_ATTR = OpaqueAttr.get("<#AttrNull>")

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
