"""The Lark LALR parser for grammar/pir.lark and the transformer that turns its
parse into attributes, types and op records.

The parser is built lazily (and its tables cached on disk by Lark), so a run
whose input takes only the fast path never pays for it.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from lark import Lark, Token, Transformer, v_args

from pirc.grammars import grammar_dir, load_lark

from pirc.diagnostics import error
from pirc.ir.attributes import (
    DATATYPE_NAMES,
    LAYOUT_NAMES,
    ArrayAttr,
    Attribute,
    AttrDict,
    BoolAttr,
    DataTypeAttr,
    FloatAttr,
    IntArrayAttr,
    IntAttr,
    LayoutAttr,
    OpaqueAttr,
    PlaceAttr,
    StrAttr,
    TypeAttr,
)
from pirc.ir.types import (
    INT64_MAX,
    INT64_MIN,
    SCALAR_NAMES,
    DenseTensorType,
    NullType,
    OpaqueType,
    ScalarType,
    Type,
    VectorType,
)


class GrammarError(Exception):
    """A semantic problem found while transforming a token (bad dim, unknown type)."""

    def __init__(self, message: str, token: Token | None) -> None:
        super().__init__(message)
        self.message = message
        self.token = token


# --- token-level decoders shared with the fast path -------------------------------

TENSOR_RE = re.compile(r"^(?:builtin\.|pd_op\.)?tensor<((?:-?\d+x)*)([A-Za-z][A-Za-z0-9_]*)>$")


_ESCAPE = re.compile(r'\\(.)', re.S)


def unescape_string(tok: str) -> str:
    """``\\"`` is a quote and ``\\\\`` a backslash; any other backslash stays as written."""
    body = tok[1:-1]
    if "\\" not in body:
        return body
    return _ESCAPE.sub(lambda m: m.group(1) if m.group(1) in '"\\' else m.group(0), body)


def decode_tensor(text: str, token: Token | None = None) -> DenseTensorType:
    m = TENSOR_RE.match(text)
    if m is None:
        raise GrammarError(f"malformed tensor type '{text}'", token)
    dims_text, elem = m.groups()
    if elem not in SCALAR_NAMES:
        raise GrammarError(f"unknown element type '{elem}' in '{text}'", token)
    dims = []
    for d in dims_text.split("x")[:-1]:
        v = int(d) if len(d) <= 21 else None  # never convert a huge literal (Python's digit limit)
        if v is None or not INT64_MIN <= v <= INT64_MAX:  # Paddle prints any int64, even -6 from a failed infer
            raise GrammarError(f"dimension {_clip(d)} in '{_clip(text, 60)}' does not fit in int64", token)
        dims.append(v)
    return DenseTensorType.get(ScalarType.get(elem), tuple(dims))


def decode_scalar_type(name: str, token: Token | None = None) -> ScalarType:
    if name not in SCALAR_NAMES:
        raise GrammarError(f"unknown type '{name}'", token)
    return ScalarType.get(name)


INT_RE = re.compile(r"^-?\d+$")


def _clip(s: str, n: int = 24) -> str:
    return s if len(s) <= n else s[: n - 3] + "..."


def decode_number(text: str, token: Token | None = None) -> Attribute:
    """An integer (int64) or float literal.  ``-0`` is the float -0.0: Paddle prints a float
    -0.0 that way and never an integer."""
    if INT_RE.match(text):
        if text == "-0":
            return FloatAttr.get(-0.0)
        v = int(text) if len(text) <= 21 else None
        if v is None or not INT64_MIN <= v <= INT64_MAX:
            raise GrammarError(f"integer {_clip(text)} does not fit in int64", token)
        return IntAttr.get(v)
    return FloatAttr.get(float(text))


def decode_word(word: str) -> Attribute:
    if word == "true":
        return BoolAttr.TRUE
    if word == "false":
        return BoolAttr.FALSE
    if word in DATATYPE_NAMES:
        return DataTypeAttr.get(word)
    if word in LAYOUT_NAMES:
        return LayoutAttr.get(word)
    if word in ("inf", "nan"):
        return FloatAttr.get(float(word))
    if word in SCALAR_NAMES:
        return TypeAttr.get(ScalarType.get(word))
    return OpaqueAttr.get(word)


_TYPED_INT = {"Int32": "i32", "Int64": "i64", "Index": "index"}
_TYPED_FLOAT = {"Float": "f32", "Double": "f64"}


def decode_typed(prefix: str, inner: Attribute, tail: str | None, token: Token | None) -> Attribute:
    kind = prefix[1:-1]
    if kind in _TYPED_INT and isinstance(inner, IntAttr):
        return IntAttr.get(inner.value, _TYPED_INT[kind])
    if kind in _TYPED_FLOAT and isinstance(inner, (IntAttr, FloatAttr)):
        return FloatAttr.get(float(inner.value), _TYPED_FLOAT[kind])
    if kind == "pd_op.IntArray" and isinstance(inner, ArrayAttr):
        vals = inner.value
        if all(isinstance(v, int) and not isinstance(v, bool) for v in vals):
            return IntArrayAttr.get(vals)
    if kind == "pd_op.DataType":
        return DataTypeAttr.get(inner.text)
    if kind == "pd_op.DataLayout":
        return LayoutAttr.get(inner.text)
    if kind == "pd_op.Place" and isinstance(inner, PlaceAttr):
        return inner
    if kind in ("Array", "Bool", "Str"):
        return inner
    return OpaqueAttr.get(prefix + inner.text + (tail or ""))


# --- records the Lark path produces -------------------------------------------------


class BlockRec:
    __slots__ = ("args", "ops", "line", "col")

    def __init__(self, args: list[tuple[Token, AttrDict | None]], ops: list[OpRec], line: int, col: int) -> None:
        self.args = args
        self.ops = ops
        self.line = line
        self.col = col


class OpRec:
    __slots__ = ("results", "name", "operands", "pieces", "line", "col")

    def __init__(self, results: list[Token], name: Token, operands: list[Any], pieces: list[Any], line: int, col: int) -> None:
        self.results = results
        self.name = name
        self.operands = operands  # Token (value) | None (null) ; keyword labels dropped
        self.pieces = pieces
        self.line = line
        self.col = col


@v_args(inline=True)
class _ToRecords(Transformer[Token, Any]):
    # braces -------------------------------------------------------------
    def empty_brace(self) -> tuple[str, None]:
        return ("empty", None)

    def attr_brace(self, *entries: tuple[str, Attribute]) -> tuple[str, AttrDict]:
        return ("attrs", AttrDict.get(entries))

    def region_brace(self, block: BlockRec) -> tuple[str, BlockRec]:
        return ("region", block)

    def program(self, brace: tuple[str, Any]) -> tuple[str, Any]:
        return brace

    def block_items(self, *items: Any) -> BlockRec:
        args: list[tuple[Token, AttrDict | None]] = []
        ops = list(items)
        if ops and isinstance(ops[0], list):
            args = ops.pop(0)
        first = ops[0] if ops else None
        return BlockRec(args, ops, first.line if first else 0, first.col if first else 0)

    def block_args(self, *args: tuple[Token, AttrDict | None] | None) -> list[tuple[Token, AttrDict | None]]:
        return [a for a in args if a is not None]

    def block_arg(self, tok: Token, brace: tuple[str, Any] | None = None) -> tuple[Token, AttrDict | None]:
        if brace is None:
            return (tok, None)
        if brace[0] == "region":
            raise GrammarError("expected attributes after a block argument", tok)
        return (tok, brace[1] or AttrDict.EMPTY)

    # ops ------------------------------------------------------------------
    def op(self, results: tuple[Token, list[Token]], name: Token, operands: list[Any], *pieces: Any) -> OpRec:
        lpar, vals = results
        return OpRec(vals, name, operands, list(pieces), lpar.line or 0, lpar.column or 0)

    def result_list(self, lpar: Token, *vals: Token | None) -> tuple[Token, list[Token]]:
        return (lpar, [v for v in vals if v is not None])

    def op_name(self, tok: Token) -> Token:
        if tok.type == "STRING":
            return tok.update(value=unescape_string(tok.value))
        return tok

    def operand_list(self, *items: Any) -> list[Any]:
        out: list[Any] = []
        for it in items:
            if it is None or it == ():
                continue
            out.append(it[0])
        return out

    def operand_value(self, tok: Token) -> tuple[Token]:
        return (tok,)

    def operand_null(self, tok: Token) -> tuple[None]:
        return (None,)

    def operand_keyword(self, name: Token, value: Token | None = None) -> tuple[Token] | tuple[()]:
        return (value,) if value is not None else ()

    def full_signature(self, operand_types: tuple[Type, ...], arrow: Token, result_types: tuple[Type, ...]) -> tuple[str, Any]:
        return ("sig", (operand_types, result_types))

    def result_signature(self, arrow: Token, result_types: tuple[Type, ...]) -> tuple[str, Any]:
        return ("sig", (None, result_types))

    def ELSE(self, tok: Token) -> tuple[str, Token]:
        return ("else", tok)

    # attributes -------------------------------------------------------------
    def attr_dict(self, *entries: tuple[str, Attribute] | None) -> AttrDict:
        return AttrDict.get(e for e in entries if e is not None)

    def attr_entry(self, key: Token, attr: Attribute) -> tuple[str, Attribute]:
        return (str(key), attr)

    def attr_string(self, tok: Token) -> Attribute:
        return StrAttr.get(unescape_string(tok.value))

    def attr_number(self, tok: Token) -> Attribute:
        return decode_number(tok.value, tok)

    def attr_word(self, tok: Token) -> Attribute:
        return decode_word(tok.value)

    def attr_place(self, tok: Token) -> Attribute:
        return PlaceAttr.get(tok.value)

    def attr_layout(self, tok: Token) -> Attribute:
        return LayoutAttr.get(tok.value)

    def attr_opaque(self, tok: Token) -> Attribute:
        return OpaqueAttr.get(tok.value)

    def attr_array(self, *items: Attribute | None) -> Attribute:
        return ArrayAttr.get(i for i in items if i is not None)

    def attr_typed(self, prefix: Token, inner: Attribute, tail: Token | None = None) -> Attribute:
        return decode_typed(prefix.value, inner, tail.value if tail else None, prefix)

    def attr_type(self, t: Any) -> Attribute:
        if isinstance(t, Token):
            t = self.tensor_type(t) if t.type == "TENSOR" else OpaqueType.get(t.value)
        return TypeAttr.get(t)

    # types ----------------------------------------------------------------------
    def type_list(self, *types: Type | None) -> tuple[Type, ...]:
        return tuple(t for t in types if t is not None)

    def tensor_type(self, tok: Token) -> Type:
        return decode_tensor(tok.value, tok)

    def scalar_type(self, tok: Token) -> Type:
        return decode_scalar_type(tok.value, tok)

    def opaque_type(self, tok: Token) -> Type:
        return OpaqueType.get(tok.value)

    def null_type(self, tok: Token) -> Type:
        return NullType.get()

    def vec_type(self, vec: Token, *types: Type | None) -> Type:
        return VectorType.get(tuple(t for t in types if t is not None))


@cache
def lark_parser() -> Lark:
    text = (grammar_dir() / "pir.lark").read_text()
    # the result list keeps its "(" so an op's location is its first character
    text = text.replace('result_list: "("', "result_list: LPAR_RESULTS", 1)
    text += '\nLPAR_RESULTS: "("\n'
    kwargs: dict[str, Any] = dict(
        parser="lalr",
        lexer="contextual",
        start=["program", "attr_dict", "type", "type_list"],
        transformer=_ToRecords(),
        maybe_placeholders=True,
    )
    return load_lark("pir.lark", text, **kwargs)


def parse_fragment(text: str, start: str) -> Any:
    """Parse an attribute dict / type / type list on its own (fast-path cache misses)."""
    try:
        return lark_parser().parse(text, start=start)
    except Exception as e:  # noqa: BLE001 - any failure sends the caller to the full parse
        raise error(f"cannot parse '{text}': {e}") from e
