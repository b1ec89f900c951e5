"""Read PIR text into a :class:`~pirc.ir.program.Program`.

Two front ends feed one builder:

* the **fast path** reads the line-per-op layout that Paddle prints with one
  regular expression per line, and turns each distinct attribute dictionary
  and type list into IR objects once (they are interned, so a cache keyed by
  their text is exact);
* the **Lark path** (grammar/pir.lark, LALR) reads any layout the grammar
  allows.  It runs when the fast path meets anything unusual, and it is the
  path that reports syntax errors, so every error is located by the grammar.

The builder resolves value names (forward references allowed, as in MLIR: the
verifier, not the parser, checks that definitions come before uses), checks
printed operand types against the values' types, and records a location on
every op.
"""

from __future__ import annotations

import contextlib
import gc
import re
from collections.abc import Iterator, Sequence
from typing import Any

from lark import Token
from lark.exceptions import UnexpectedInput, VisitError

import pirc.dialects.all  # noqa: F401  - registers every dialect before op names are looked up
from pirc.diagnostics import Diagnostic, Location, PircError, SourceFile
from pirc.grammars import syntax_error
from pirc.ir.attributes import AttrDict
from pirc.ir.core import Block, Operation, Value
from pirc.ir.opinfo import OpInfo, get_op_info
from pirc.ir.program import Program
from pirc.ir.types import NullType, OpaqueType, Type
from pirc.text.attr_reader import read_attr_dict
from pirc.text.grammar import (
    BlockRec,
    GrammarError,
    OpRec,
    decode_scalar_type,
    decode_tensor,
    lark_parser,
    parse_fragment,
    unescape_string,
)

MAX_NESTING = 256


class _Placeholder(Value):
    """A value used before its definition was read."""

    __slots__ = ("name", "line", "col")

    def __init__(self, type: Type, name: str, line: int, col: int) -> None:
        super().__init__(type)
        self.name = name
        self.line = line
        self.col = col


class _Builder:
    """Builds IR from op descriptions; shared by the fast path and the Lark path."""

    def __init__(self, source: SourceFile) -> None:
        self.source = source
        self.program = Program(source)
        self.values: dict[str, Value] = {}
        self.def_pos: dict[str, tuple[int, int]] = {}
        self.forward: dict[str, _Placeholder] = {}
        self.parameter_ops: list[Operation] = []

    def loc(self, line: int, col: int) -> Location:
        return Location(self.source, line, col)

    def fail(self, message: str, line: int, col: int, notes: Sequence[tuple[str, int, int]] = ()) -> PircError:
        d = Diagnostic("error", message, self.loc(line, col))
        for msg, ln, c in notes:
            d.note(msg, self.loc(ln, c))
        return PircError(d)

    def define(self, name: str, value: Value, line: int, col: int) -> None:
        if name in self.values:
            pl, pc = self.def_pos[name]
            raise self.fail(f"redefinition of value {name}", line, col, [("previous definition here", pl, pc)])
        fwd = self.forward.pop(name, None)
        if fwd is not None:
            if fwd.type is not value.type and not isinstance(fwd.type, NullType):
                raise self.fail(
                    f"value {name} is defined with type {value.type} but was used earlier as {fwd.type}",
                    line, col, [("earlier use here", fwd.line, fwd.col)],
                )
            fwd.replace_all_uses_with(value)
        self.values[name] = value
        self.def_pos[name] = (line, col)

    def use(self, name: str, printed: Type | None, line: int, col: int) -> Value:
        v = self.values.get(name)
        if v is None:
            v = self.forward.get(name)
            if v is None:
                v = self.forward[name] = _Placeholder(printed or NullType.get(), name, line, col)
            return v
        if printed is not None and printed is not v.type:
            dl, dc = self.def_pos[name]
            raise self.fail(
                f"use of value {name} expects type {printed} but it was defined with type {v.type}",
                line, col, [("defined here", dl, dc)],
            )
        return v

    def finish(self) -> Program:
        if self.forward:
            name, ph = min(self.forward.items(), key=lambda kv: (kv[1].line, kv[1].col))
            raise self.fail(f"use of undefined value {name}", ph.line, ph.col)
        for op in self.parameter_ops:  # collected while building: no second walk over the program
            self.program.add_parameter_op(op)
        return self.program


# --------------------------------------------------------------------------------
# fast path
# --------------------------------------------------------------------------------

_STR = r'"(?:[^"\\]|\\.)*"'
_ATTRS = r"\{(?:[^\"{}]|" + _STR + r")*\}"


def _split_generic(line: str) -> tuple[int, str, str, str, str, str, str] | None:
    """``(res) = "name" (operands) {attrs} : (types) -> types`` by string search.

    The boundaries are found from the outside in (types and value lists hold
    no parentheses or braces), so strings inside the attributes cannot confuse
    it.  The pieces are validated later (attribute text by the grammar).
    """
    i = line.rfind(") -> ")
    if i < 0 or line.endswith("{") or line.endswith("{ "):
        return None
    j = line.rfind(" : (", 0, i)
    if j < 0:
        return None
    indent = len(line) - len(line.lstrip(" "))
    if line[indent : indent + 1] != "(":
        return None
    k = line.find(') = "', indent)
    if k < 0:
        return None
    n = line.find('" (', k + 5)
    if n < 0:
        return None
    p = line.find(") {", n + 3)
    if p < 0 or p > j or line[j - 1] != "}":
        return None
    rtys = line[i + 5 :]
    if rtys.endswith(" "):
        rtys = rtys.rstrip(" ")
    res, name, opnds = line[indent + 1 : k], line[k + 5 : n], line[n + 3 : p]
    # the pieces must be exactly the grammar's tokens (else the grammar reads the line)
    if (res and _RESULTS.fullmatch(res) is None) or (opnds and _OPERANDS.fullmatch(opnds) is None):
        return None
    name = _op_name(name)
    if name is None:
        return None
    return indent, res, name, opnds, line[p + 2 : j], line[j + 4 : i], rtys


_STRING_BODY = re.compile(r'(?:[^"\\]|\\.)*', re.S)
_VALUE_NAME = r"%[A-Za-z0-9_]+"
_RESULTS = re.compile(_VALUE_NAME + r"(?:, " + _VALUE_NAME + r")*")
_OPERANDS = re.compile(r"(?:%[A-Za-z0-9_]+|<<NULL VALUE>>)(?:, (?:%[A-Za-z0-9_]+|<<NULL VALUE>>))*")


def _op_name(body: str) -> str | None:
    """The op name of a quoted STRING token's body (unescaped as the grammar does), or None
    when the body is not one string token."""
    if "\\" not in body:
        return body if '"' not in body else None
    if _STRING_BODY.fullmatch(body) is None:
        return None
    return unescape_string('"' + body + '"')

_VALUES = r"(?:%[A-Za-z0-9_]+(?:, %[A-Za-z0-9_]+)*)?"
_IF_LIKE = re.compile(r'( *)\((' + _VALUES + r')\) = "((?:[^"\\]|\\.)+)" \((' + _VALUES + r')\) (?:(' + _ATTRS
                      + r") )?-> ([^(){}]*) \{")
_WHILE = re.compile(r'( *)\((' + _VALUES + r')\) = "((?:[^"\\]|\\.)+)" \(cond=(%[A-Za-z0-9_]+), inputs=('
                    + _VALUES + r')\) \{ ?')
_ARGS = re.compile(r"( *)\^(.*)")
_ARG = re.compile(r"(%[A-Za-z0-9_]+)(?: (" + _ATTRS + r"))?(?:, |$)")


_WS = " \t\f\r"  # the grammar's white space (Lark's common.WS, less the newline the lines are split on)


class _FastMiss(Exception):
    pass


class _FastParser:
    def __init__(self, builder: _Builder) -> None:
        self.b = builder
        self.attr_cache: dict[str, AttrDict] = {}
        self.types_cache: dict[str, tuple[Type, ...]] = {"": ()}

    def attrs(self, text: str) -> AttrDict:
        a = self.attr_cache.get(text)
        if a is None:
            a = read_attr_dict(text) or parse_fragment(text, "attr_dict")
            self.attr_cache[text] = a
        return a

    def types(self, text: str) -> tuple[Type, ...]:
        t = self.types_cache.get(text)
        if t is None:
            out: list[Type] = []
            for piece in text.split(", "):
                if piece.startswith("tensor<"):
                    out.append(decode_tensor(piece))
                elif piece.isalnum():
                    out.append(decode_scalar_type(piece))
                else:
                    out.extend(parse_fragment(piece, "type_list"))
            t = self.types_cache[text] = tuple(out)
        return t

    def parse(self, text: str) -> Program:
        b = self.b
        lines = text.split("\n")
        # region stack: (block, op owning the region or None, region index)
        stack: list[tuple[Block, Operation | None, int]] = []
        done = False
        values = b.values
        fwd = b.forward
        source = b.source
        infos: dict[str, OpInfo] = {}
        def_pos = b.def_pos
        types = self.types
        attrs = self.attrs
        for ln, line in enumerate(lines, 1):
            if done:
                if line.strip(_WS):
                    raise _FastMiss
                continue
            if not stack:
                s = line.strip(_WS)
                if not s:
                    continue
                if s != "{":
                    raise _FastMiss
                stack.append((b.program.block, None, 0))
                continue
            g = _split_generic(line)
            if g is not None:
                indent, res, name, opnds, attr_text, otys, rtys = g
                col = indent + 1
                otypes = types(otys)
                rtypes = types(rtys)
                operands: list[Value | None] = []
                if opnds:
                    names = opnds.split(", ")
                    if len(names) != len(otypes):
                        raise _FastMiss
                    for n, t in zip(names, otypes):
                        v = values.get(n)
                        if v is None or v.type is not t:
                            if n == "<<NULL VALUE>>":
                                operands.append(None)
                                continue
                            if n in fwd or v is None:
                                v = b.use(n, t, ln, col)
                            else:
                                raise _FastMiss
                        operands.append(v)
                elif otypes:
                    raise _FastMiss
                results = res.split(", ") if res else ()
                if len(results) != len(rtypes):
                    raise _FastMiss
                info = infos.get(name)
                if info is None:
                    info = infos[name] = get_op_info(name)
                if info.printer == "while":  # a loop's results come from its inputs: the grammar path decides
                    raise _FastMiss
                op = Operation(name, operands, rtypes, attrs(attr_text), 0, Location(source, ln, col), info)
                stack[-1][0].append(op)
                if name == "builtin.parameter":
                    b.parameter_ops.append(op)
                for r, v in zip(results, op.results):
                    if r in values or r in fwd:
                        b.define(r, v, ln, col)
                    else:
                        values[r] = v
                        def_pos[r] = (ln, col)
                continue
            s = line.strip(_WS)
            if s == "}":
                block, owner, idx = stack.pop()
                if owner is not None and (idx + 1 != len(owner.regions) or (
                        owner.info.printer == "while" and len(owner.operands) > 1 and not block.args)):
                    raise _FastMiss  # fewer regions than made, or a loop body without '^': the grammar decides
                if not stack:
                    done = True
                continue
            if s == "} else {":
                _, owner, idx = stack.pop()
                if owner is None or idx + 1 >= len(owner.regions):
                    raise _FastMiss
                stack.append((owner.regions[idx + 1].block, owner, idx + 1))
                continue
            if not s or s.startswith("//"):
                continue
            if len(stack) > MAX_NESTING:
                raise _FastMiss
            m = _IF_LIKE.fullmatch(line)
            if m is not None:
                indent, res, name, opnds, attr_text, rtys = m.groups()
                name = unescape_string('"' + name + '"')
                col = len(indent) + 1
                info = get_op_info(name)
                if info.printer not in ("if", "group"):
                    raise _FastMiss
                nreg = 2 if info.printer == "if" else 1
                operands = [b.use(n, None, ln, col) for n in opnds.split(", ")] if opnds else []
                rtypes = types(rtys)
                results = res.split(", ") if res else ()
                if len(results) != len(rtypes):
                    raise _FastMiss
                op = Operation(
                    name, operands, rtypes, attrs(attr_text) if attr_text else AttrDict.EMPTY, nreg,
                    Location(source, ln, col), info,
                )
                stack[-1][0].append(op)
                for r, v in zip(results, op.results, strict=True):
                    b.define(r, v, ln, col)
                stack.append((op.regions[0].block, op, 0))
                continue
            m = _WHILE.fullmatch(line)
            if m is not None:
                indent, res, name, cond, inputs = m.groups()
                name = unescape_string('"' + name + '"')
                if get_op_info(name).printer != "while":
                    raise _FastMiss
                col = len(indent) + 1
                operands = [b.use(cond, None, ln, col)]
                operands += [b.use(n, None, ln, col) for n in inputs.split(", ")] if inputs else []
                rtypes = tuple(v.type for v in operands[1:])  # type: ignore[union-attr]
                results = res.split(", ") if res else ()
                if len(results) != len(rtypes):
                    raise _FastMiss
                op = Operation(name, operands, rtypes, AttrDict.EMPTY, 1, Location(source, ln, col), get_op_info(name))
                stack[-1][0].append(op)
                for r, v in zip(results, op.results, strict=True):
                    b.define(r, v, ln, col)
                stack.append((op.regions[0].block, op, 0))
                continue
            m = _ARGS.fullmatch(line)
            if m is not None:
                block, owner, _ = stack[-1]
                if owner is None or owner.info.printer != "while" or block.args or not block.is_empty \
                        or any(o.value is None for o in owner.operands):
                    raise _FastMiss
                col = len(m.group(1)) + 2
                input_types = [v.type for o in owner.operands[1:] if (v := o.value) is not None]  # none is None
                pos = 0
                text = m.group(2)
                i = 0
                while pos < len(text):
                    am = _ARG.match(text, pos)
                    if am is None or i >= len(input_types):
                        raise _FastMiss
                    a = block.add_arg(input_types[i], attrs(am.group(2)) if am.group(2) else AttrDict.EMPTY)
                    b.define(am.group(1), a, ln, col + am.start())
                    pos = am.end()
                    i += 1
                if i != len(input_types):
                    raise _FastMiss
                continue
            raise _FastMiss
        if not done:
            raise _FastMiss
        return b.finish()


# --------------------------------------------------------------------------------
# Lark path
# --------------------------------------------------------------------------------

_TOKEN_WORDS = {
    "VALUE": "a value name (%N)", "STRING": "a string", "NAME": "a name", "NUMBER": "a number",
    "LPAR": "'('", "RPAR": "')'", "LPAR_RESULTS": "'(' starting an op's result list", "LBRACE": "'{'",
    "RBRACE": "'}'", "LSQB": "'['", "RSQB": "']'", "COMMA": "','", "COLON": "':'", "EQUAL": "'='",
    "ARROW": "'->'", "TENSOR": "a tensor type", "CIRCUMFLEX": "'^'", "ELSE": "'else'", "$END": "end of input",
}


def _expected(names: set[str]) -> str:
    words = sorted({_TOKEN_WORDS.get(n, n) for n in names})
    if len(words) > 6:
        words = words[:6] + ["..."]
    return ", ".join(words)


class _TreeBuilder:
    """Turns the Lark path's records into IR through the shared builder."""

    def __init__(self, builder: _Builder) -> None:
        self.b = builder

    def block(self, rec: BlockRec, block: Block, owner: Operation | None, depth: int) -> None:
        b = self.b
        if rec.args:
            if owner is None or owner.info.printer != "while":
                tok = rec.args[0][0]  # only a loop body's arguments have a printed form
                raise b.fail("block arguments are only allowed in the body of a while loop", tok.line, tok.column)
            input_types = [o.value.type if o.value is not None else NullType.get() for o in owner.operands]
            if owner.info.printer == "while":
                input_types = input_types[1:]
            for i, (tok, ad) in enumerate(rec.args):
                t = input_types[i] if i < len(input_types) else NullType.get()
                if owner.info.printer == "while" and i >= len(input_types):
                    raise b.fail(
                        f"'{owner.name}' has {len(input_types)} loop inputs but its body declares more arguments",
                        tok.line, tok.column,
                    )
                arg = block.add_arg(t, ad or AttrDict.EMPTY)
                b.define(tok.value, arg, tok.line, tok.column)
            if owner.info.printer == "while" and len(rec.args) != len(input_types):
                tok = rec.args[-1][0]
                raise b.fail(
                    f"'{owner.name}' has {len(input_types)} loop inputs but its body declares {len(rec.args)} arguments",
                    tok.line, tok.column,
                )
        elif owner is not None and owner.info.printer == "while" and len(owner.operands) > 1:
            raise b.fail(f"the body of '{owner.name}' must declare its loop arguments with '^'", owner.loc.line, owner.loc.col)  # type: ignore[union-attr]
        for op_rec in rec.ops:
            self.op(op_rec, block, depth)

    def op(self, rec: OpRec, block: Block, depth: int) -> None:
        b = self.b
        line, col = rec.line, rec.col
        name = rec.name.value
        info = get_op_info(name)
        attrs: AttrDict | None = None
        operand_types: tuple[Type, ...] | None = None
        result_types: tuple[Type, ...] | None = None
        regions: list[tuple[BlockRec | None, Token | None]] = []
        pending_else = False
        for kind, payload in rec.pieces:
            if kind in ("attrs", "empty") and attrs is None and result_types is None and not regions:
                attrs = payload or AttrDict.EMPTY
            elif kind == "attrs":
                raise b.fail(f"unexpected attribute dictionary in '{name}'", line, col)
            elif kind == "sig":
                if result_types is not None or regions:
                    raise b.fail(f"unexpected second type signature in '{name}'", line, col)
                operand_types, result_types = payload
            elif kind in ("region", "empty"):
                regions.append((payload, None))
                pending_else = False
            elif kind == "else":
                if not regions or pending_else:
                    raise b.fail("'else' must follow a region", payload.line, payload.column)
                pending_else = True
        if pending_else:
            raise b.fail("expected a region after 'else'", line, col)
        if info.printer in ("while", "group") and len(regions) > 1:  # their printed form holds one region
            raise b.fail(f"'{name}' has one region ('else' separates the branches of an if)", line, col)
        if depth > MAX_NESTING:
            raise b.fail(f"regions are nested more than {MAX_NESTING} levels deep", line, col)
        attrs = attrs or AttrDict.EMPTY
        if result_types is None and info.printer != "while":
            raise b.fail(f"expected a type signature ('->' and result types) for '{name}'", line, col)
        operands: list[Value | None] = []
        if operand_types is not None and len(operand_types) != len(rec.operands):
            raise b.fail(
                f"'{name}' has {len(rec.operands)} operands but its signature lists {len(operand_types)} operand types",
                line, col,
            )
        for i, tok in enumerate(rec.operands):
            if tok is None:
                operands.append(None)
                continue
            printed = operand_types[i] if operand_types is not None else None
            operands.append(b.use(tok.value, printed, tok.line, tok.column))
        if info.printer is None and operand_types is None:
            raise b.fail(f"expected ': (operand types) -> result types' after the attributes of '{name}'", line, col)
        if info.printer == "while":
            if not operands or operands[0] is None:
                raise b.fail(f"'{name}' needs a condition operand", line, col)
            result_types = tuple(v.type if v is not None else NullType.get() for v in operands[1:])
        assert result_types is not None
        if len(rec.results) != len(result_types):
            raise b.fail(
                f"'{name}' defines {len(rec.results)} results but its signature lists {len(result_types)} result types",
                line, col,
            )
        op = Operation(name, operands, result_types, attrs, len(regions), b.loc(line, col), info)
        block.append(op)
        if name == "builtin.parameter":
            b.parameter_ops.append(op)
        for tok, v in zip(rec.results, op.results, strict=True):
            b.define(tok.value, v, tok.line, tok.column)
        for region, (brec, _) in zip(op.regions, regions, strict=True):
            blk = region.add_block()
            if brec is not None:
                self.block(brec, blk, op, depth + 1)


def _lark_parse(text: str, source: SourceFile) -> Program:
    builder = _Builder(source)
    try:
        kind, payload = lark_parser().parse(text, start="program")
    except VisitError as e:
        orig = e.orig_exc
        if isinstance(orig, GrammarError):
            tok = orig.token
            raise builder.fail(orig.message, tok.line if tok else 1, tok.column if tok else 1) from None
        raise
    except GrammarError as e:
        tok = e.token
        raise builder.fail(e.message, tok.line if tok else 1, tok.column if tok else 1) from None
    except UnexpectedInput as e:
        raise _syntax_error(e, builder, text) from None
    if kind == "attrs":
        raise builder.fail("expected a program block '{ ... }', found an attribute dictionary", 1, 1)
    block = builder.program.block
    if kind == "region":
        _TreeBuilder(builder).block(payload, block, None, 0)
    return builder.finish()


def _syntax_error(e: UnexpectedInput, builder: _Builder, text: str) -> PircError:
    msg, line, col = syntax_error(e, text, _expected)
    return builder.fail(msg, line, col)


# --------------------------------------------------------------------------------
# entry points
# --------------------------------------------------------------------------------


def decode_source(data: bytes, name: str) -> str:
    """Bytes -> text, with a located error for bytes that are not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        src = SourceFile(name, data[: e.start].decode("utf-8", "replace"))
        before = data[: e.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        d = Diagnostic("error", f"input is not valid UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})",
                       Location(src, line, col))
        raise PircError(d) from None


def parse_program(text: str, name: str = "<stdin>", fast: bool = True) -> Program:
    """Parse PIR text.  Raises :class:`PircError` with located diagnostics."""
    source = SourceFile(name, text)
    if not text.strip():
        raise PircError(Diagnostic("error", "the input is empty: expected a program '{ ... }'", Location(source, 1, 1)))
    if "\x00" in text:
        off = text.index("\x00")
        ln, col = source.position(off)
        raise PircError(Diagnostic("error", "unexpected NUL byte in the input", Location(source, ln, col)))
    with _gc_paused():
        if fast:
            try:
                return _FastParser(_Builder(source)).parse(text)
            except (_FastMiss, PircError, GrammarError, RecursionError):
                pass
        return _lark_parse(text, source)


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Building IR allocates many linked objects and no garbage: the cyclic
    collector would only rescan them (about 40% of parse time)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def parse_type(text: str) -> Type:
    t = parse_fragment(text, "type")
    if isinstance(t, Token):
        return decode_tensor(t.value) if t.type == "TENSOR" else OpaqueType.get(t.value)
    return t


def parse_attr_dict(text: str) -> AttrDict:
    return parse_fragment(text, "attr_dict")


__all__ = ["parse_program", "parse_type", "parse_attr_dict", "decode_source", "Any"]
