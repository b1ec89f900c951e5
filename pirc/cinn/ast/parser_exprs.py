"""The .ast parser's expression half: literal decoding, located errors, name scopes, tree -> expressions."""

from __future__ import annotations

import re
import struct
from collections.abc import Iterable
from typing import Any

from lark import Token, Tree

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.nodes import (
    EQ,
    GE,
    GPU_VARS,
    GT,
    LE,
    LT,
    NE,
    Add,
    And,
    Buffer,
    Call,
    Cast,
    Div,
    Expr,
    FloatImm,
    IntImm,
    Let,
    Load,
    Max,
    Min,
    Minus,
    Mod,
    Mul,
    Not,
    Or,
    Select,
    Store,
    StringImm,
    Sub,
    Tensor,
    Var,
)
from pirc.diagnostics import Diagnostic, Location, PircError, SourceFile

# ---------------------------------------------------------------------------------------
# literal decoding
# ---------------------------------------------------------------------------------------

_INT_PREFIX = {
    "int8_t": DType.INT8, "int16_t": DType.INT16, "int32_t": DType.INT32,
    "uint8_t": DType.UINT8, "uint16_t": DType.UINT16, "uint32_t": DType.UINT32,
}
_FLOAT_PREFIX = {"float16": DType.FLOAT16, "bfloat16": DType.BFLOAT16}
_PREFIXED_RE = re.compile(r"\((\w+)\)(.*)")
_SPECIAL_RE = re.compile(r"(__int_as_float|__longlong_as_double|cinn::common::raw_uint16_to_(b?float16))\(0x([0-9a-fA-F]+)\)")
_BUFREF_RE = re.compile(r"_Buffer_<[^>]*>\((\w+)\)")
_TYPED_CALL_RE = re.compile(r"(\w+)<(\w+)>\(")

_BINOPS = {
    "+": Add, "-": Sub, "*": Mul, "/": Div, "%": Mod, "==": EQ, "!=": NE,
    "<": LT, "<=": LE, ">": GT, ">=": GE, "and": And, "or": Or,
}


def _unescape(s: str) -> str:
    body = s[1:-1]
    out = []
    i = 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            n = body[i + 1]
            out.append({"n": "\n", "t": "\t", "\\": "\\", '"': '"'}.get(n, n))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


# ---------------------------------------------------------------------------------------
# tree -> nodes
# ---------------------------------------------------------------------------------------


class ExprBuilder:
    """Tree -> expression nodes, with the name scopes and located errors the whole parser uses."""

    def __init__(self, source: SourceFile) -> None:
        self.src = source
        self.vars: dict[str, Var] = {}
        self.trail: list[tuple[str, Var | None]] = []
        self.tensors: dict[str, Tensor] = {}
        self.buffers: dict[str, Buffer] = {}

    # -- locations and errors ------------------------------------------------------------
    def loc(self, x: Any) -> Location:
        if isinstance(x, Token):
            return Location(self.src, x.line or 1, x.column or 1)
        if isinstance(x, Tree):
            meta = x.meta
            if not getattr(meta, "empty", True):
                return Location(self.src, meta.line, meta.column)
            for c in x.children:
                if c is not None:
                    return self.loc(c)
        return Location(self.src, 1, 1)

    def fail(self, message: str, at: Any, notes: Iterable[tuple[str, Any]] = ()) -> PircError:
        d = Diagnostic("error", message, self.loc(at))
        for msg, where in notes:
            d.note(msg, self.loc(where))
        return PircError(d)

    def int_text(self, digits: str, at: Any) -> int:
        """An integer literal of at most 64 bits (never a conversion of a huge literal)."""
        v = int(digits) if len(digits.lstrip("-")) <= 20 else None
        if v is None or not -(1 << 63) <= v < (1 << 64):
            shown = digits if len(digits) <= 24 else digits[:21] + "..."
            raise self.fail(f"integer literal {shown} does not fit in 64 bits", at)
        return v

    # -- scopes ------------------------------------------------------------------------------
    def define(self, name: str, v: Var) -> None:
        self.trail.append((name, self.vars.get(name)))
        self.vars[name] = v

    def unwind(self, mark: int) -> None:
        while len(self.trail) > mark:
            name, old = self.trail.pop()
            if old is None:
                self.vars.pop(name, None)
            else:
                self.vars[name] = old

    def lookup_var(self, tok: Token) -> Var:
        v = self.vars.get(tok.value)
        if v is not None:
            return v
        g = GPU_VARS.get(tok.value)
        if g is not None:
            return g
        raise self.fail(f"use of undeclared variable '{tok.value}'", tok)

    def lookup_tensor(self, tok: Token) -> Tensor:
        t = self.tensors.get(tok.value)
        if t is None:
            raise self.fail(f"use of undeclared tensor '{tok.value}' (declare it: 'tensor {tok.value}: ...')", tok)
        return t

    def lookup_buffer(self, name: str, at: Any) -> Buffer:
        b = self.buffers.get(name)
        if b is None:
            raise self.fail(f"use of undeclared buffer '{name}'", at)
        return b

    # -- expressions --------------------------------------------------------------------------
    def exprs(self, items: Iterable[Any]) -> list[Any]:
        return [self.expr(c) for c in items if c is not None]

    def expr(self, t: Tree) -> Any:
        fn = getattr(self, "e_" + str(t.data), None)
        if fn is None:
            raise self.fail(f"unexpected {t.data} in an expression", t)
        return fn(t)

    def e_int_lit(self, t: Tree, neg: bool = False) -> Expr:
        tok = t.children[-1]
        text = tok.value
        if text.endswith("ull"):
            dt, digits = DType.UINT64, text[:-3]
        elif text.endswith("ll"):
            dt, digits = DType.INT64, text[:-2]
        else:
            dt, digits = DType.INT32, text
        v = self.int_text(digits, tok)
        return IntImm(-v if neg else v, dt, span=self.loc(t))

    def e_neg_int(self, t: Tree) -> Expr:
        return self.e_int_lit(t, neg=True)

    def e_float_lit(self, t: Tree, neg: bool = False) -> Expr:
        text = t.children[-1].value
        if text.endswith("f"):
            dt, text = DType.FLOAT32, text[:-1]
        else:
            dt = DType.FLOAT64
        v = float(text)
        return FloatImm(-v if neg else v, dt, span=self.loc(t))

    def e_neg_float(self, t: Tree) -> Expr:
        return self.e_float_lit(t, neg=True)

    def e_prefixed_lit(self, t: Tree) -> Expr:
        tok = t.children[0]
        m = _PREFIXED_RE.match(tok.value)
        assert m is not None
        prefix, num = m.groups()
        span = self.loc(t)
        if prefix in _FLOAT_PREFIX:
            return FloatImm(float(num.rstrip("f")), _FLOAT_PREFIX[prefix], span=span)
        if not re.fullmatch(r"-?\d+", num):
            raise self.fail(f"'{tok.value}': an integer type needs an integer literal", tok)
        return IntImm(self.int_text(num, tok), _INT_PREFIX[prefix], span=span)

    def e_special_float(self, t: Tree) -> Expr:
        tok = t.children[0]
        m = _SPECIAL_RE.fullmatch(tok.value)
        assert m is not None
        fn, half, bits = m.group(1), m.group(2), int(m.group(3), 16)
        span = self.loc(t)
        try:
            if fn == "__int_as_float":
                return FloatImm(struct.unpack("<f", struct.pack("<I", bits))[0], DType.FLOAT32, span=span)
            if fn == "__longlong_as_double":
                return FloatImm(struct.unpack("<d", struct.pack("<Q", bits))[0], DType.FLOAT64, span=span)
            if half == "float16":
                return FloatImm(struct.unpack("<e", struct.pack("<H", bits))[0], DType.FLOAT16, span=span)
            return FloatImm(struct.unpack("<f", struct.pack("<I", bits << 16))[0], DType.BFLOAT16, span=span)
        except struct.error:
            raise self.fail(f"bit pattern 0x{bits:x} is too wide in '{tok.value}'", tok) from None

    def e_true_lit(self, t: Tree) -> Expr:
        return IntImm(1, DType.BOOL, span=self.loc(t))

    def e_false_lit(self, t: Tree) -> Expr:
        return IntImm(0, DType.BOOL, span=self.loc(t))

    def e_string_lit(self, t: Tree) -> Expr:
        return StringImm(_unescape(t.children[0].value), span=self.loc(t))

    def e_var_ref(self, t: Tree) -> Expr:
        return self.lookup_var(t.children[0])

    def e_load(self, t: Tree) -> Expr:
        tensor = self.lookup_tensor(t.children[0])
        return Load(tensor, tuple(self.exprs(t.children[1].children)), span=self.loc(t))

    def value(self, t: Tree, context: DType) -> Expr:
        """An expression whose type the context gives: a bare call takes it (Store / Let values)."""
        if str(t.data) == "call" and t.children[0].value not in ("cinn_min", "cinn_max", "select"):
            return self.e_call(t, context)
        return self.expr(t)

    def e_call(self, t: Tree, context: DType | None = None) -> Expr:
        tok = t.children[0]
        args = self.exprs(t.children[1:])
        span = self.loc(t)
        name = tok.value
        if name in ("cinn_min", "cinn_max", "select"):
            want = 3 if name == "select" else 2
            if len(args) != want:
                raise self.fail(f"{name} takes {want} arguments, got {len(args)}", tok)
            if name == "select":
                return Select(*args, span=span)
            return (Min if name == "cinn_min" else Max)(*args, span=span)
        if "." in name:
            raise self.fail(f"invalid call name '{name}'", tok)
        return Call(name, tuple(args), context, span=span)

    def e_typed_call(self, t: Tree) -> Expr:
        tok = t.children[0]
        m = _TYPED_CALL_RE.match(tok.value)
        assert m is not None
        return Call(m.group(1), tuple(self.exprs(t.children[1:])), DType(m.group(2)), span=self.loc(t))

    def e_cast(self, t: Tree) -> Expr:
        return Cast(DType(t.children[0].value), self.expr(t.children[1]), span=self.loc(t))

    def e_binary(self, t: Tree) -> Expr:
        a, op, b = t.children
        optok = op.children[0]
        return _BINOPS[optok.value](self.expr(a), self.expr(b), span=self.loc(optok))

    def e_minus(self, t: Tree) -> Expr:
        return Minus(self.expr(t.children[1]), span=self.loc(t))

    def e_not_(self, t: Tree) -> Expr:
        return Not(self.expr(t.children[1]), span=self.loc(t))

    def e_tensor_ref(self, t: Tree) -> Any:
        return self.lookup_tensor(t.children[0])

    def e_buffer_ref(self, t: Tree) -> Any:
        tok = t.children[0]
        m = _BUFREF_RE.fullmatch(tok.value)
        assert m is not None
        return self.lookup_buffer(m.group(1), tok)
