"""Print a Program exactly as PaddlePaddle 3.x's IrPrinter does.

Values are numbered ``%N`` in first-print order with one counter for the whole
print; block arguments are ``%arg_K`` and carry their attributes where the loop
body declares them (``^%arg_0 {stop_gradient:true}``).  Attribute dictionaries and type lists are interned, so their
text is built once and reused.  ``legacy=True`` writes the older typed style
(``(pd_op.DataType)float32``, ``builtin.tensor<...>``).
"""

from __future__ import annotations


from pirc.ir.core import Block, BlockArgument, Operation, Value
from pirc.ir.program import Program
from pirc.ir.types import DenseTensorType, Type, VectorType

INDENT = "    "


def _legacy_type(t: Type) -> str:
    if isinstance(t, DenseTensorType):
        return "builtin." + t.text
    if isinstance(t, VectorType):
        return "vec[" + ",".join(_legacy_type(e) for e in t.elements) + "]"
    return t.text


class Printer:
    def __init__(self, legacy: bool = False) -> None:
        self.legacy = legacy
        self.names: dict[Value, str] = {}
        self.counter = 0
        self.arg_counter = 0
        self._types_text: dict[tuple[Type, ...], str] = {}
        self.out: list[str] = []

    # -- names ------------------------------------------------------------------
    def name(self, v: Value | None) -> str:
        if v is None:
            return "<<NULL VALUE>>"
        n = self.names.get(v)
        if n is not None:
            return n
        if isinstance(v, BlockArgument):
            n = f"%arg_{self.arg_counter}"
            self.arg_counter += 1
            self.names[v] = n
            return n
        n = f"%{self.counter}"
        self.counter += 1
        self.names[v] = n
        return n

    def types(self, ts: tuple[Type, ...]) -> str:
        s = self._types_text.get(ts)
        if s is None:
            if self.legacy:
                s = ", ".join(_legacy_type(t) for t in ts)
            else:
                s = ", ".join(t.text for t in ts)
            self._types_text[ts] = s
        return s

    # -- ops ----------------------------------------------------------------------
    def block(self, block: Block, indent: str) -> None:
        op = block.first_op
        while op is not None:
            self.op(op, indent)
            op = op.next_op

    def op(self, op: Operation, indent: str) -> None:
        name = self.name
        op_name = op.name if '"' not in op.name and "\\" not in op.name else _escape(op.name)
        results = ", ".join([name(r) for r in op.results])
        kind = op.info.printer
        attrs = op.attrs.legacy_text if self.legacy else op.attrs.text
        out = self.out
        if kind is None:
            operands = ", ".join([name(o.value) for o in op.operands])
            otypes = self.types(tuple([o.value.type if o.value is not None else _NULL for o in op.operands]))
            rtypes = self.types(tuple([r.type for r in op.results]))
            out.append(f'{indent}({results}) = "{op_name}" ({operands}) {attrs} : ({otypes}) -> {rtypes}\n')
            for region in op.regions:
                for b in region.blocks:
                    out.append(indent + "{\n")
                    self.block(b, indent + INDENT)
                    out.append(indent + "}\n")
            return
        rtypes = self.types(tuple([r.type for r in op.results]))
        inner = indent + INDENT
        if kind == "if":
            operands = ", ".join([name(o.value) for o in op.operands])
            out.append(f'{indent}({results}) = "{op_name}" ({operands}) {attrs} -> {rtypes} {{\n')
            for i, region in enumerate(op.regions):
                if i:
                    out.append(indent + "} else {\n")
                for b in region.blocks:
                    self.block(b, inner)
            out.append(indent + "}\n")
        elif kind == "while":
            cond = name(op.operands[0].value) if op.operands else ""
            inputs = ", ".join([name(o.value) for o in op.operands[1:]])
            out.append(f'{indent}({results}) = "{op_name}" (cond={cond}, inputs={inputs}) {{ \n')
            for region in op.regions:
                for b in region.blocks:
                    # a loop argument carries its attributes where it is declared (even when an
                    # unverified program used it earlier and so numbered it first)
                    args = [name(a) + " " + (a.attrs.legacy_text if self.legacy else a.attrs.text) for a in b.args]
                    out.append(indent + "^" + ", ".join(args) + "\n")
                    self.block(b, inner)
            out.append(indent + "}\n")
        else:  # group
            operands = ", ".join([name(o.value) for o in op.operands])
            out.append(f'{indent}({results}) = "{op_name}" ({operands}) -> {rtypes} {{\n')
            for region in op.regions:
                for b in region.blocks:
                    self.block(b, inner)
            out.append(indent + "}\n")

    def program(self, program: Program) -> str:
        self.out.append("{\n")
        self.block(program.block, INDENT)
        self.out.append("}\n")
        return "".join(self.out)


def _escape(s: str) -> str:
    """A quoted name's body as the reader unescapes it (``\\"`` and ``\\\\``), like string attributes."""
    return s.replace("\\", "\\\\").replace('"', '\\"')


class _NullTypeText(Type):
    __slots__ = ()

    def __init__(self) -> None:
        self.text = "<<NULL TYPE>>"


_NULL = _NullTypeText()


def _structure_problem(op: Operation) -> str | None:
    """What the op's printed form cannot say: block arguments other than a loop body's, a region
    of several blocks, a loop whose results or body arguments differ from its inputs."""
    kind = op.info.printer
    if kind in ("while", "group") and len(op.regions) != 1:
        return f"a {kind} op prints exactly one region, this one has {len(op.regions)}"
    if kind == "if" and not op.regions:
        return "an if op prints at least one region"
    for region in op.regions:
        if len(region.blocks) != 1:
            return f"a region prints exactly one block, this one has {len(region.blocks)}"
        for b in region.blocks:
            if b.args and kind != "while":
                return "only the body of a while loop can have block arguments"
    if kind == "while":
        if not op.operands or any(o.value is None for o in op.operands):
            return "a loop needs a condition and inputs that are values"
        inputs = [v.type for o in op.operands[1:] if (v := o.value) is not None]  # none is None (checked above)
        if [r.type for r in op.results] != inputs:
            return "a loop's results must match its inputs in number and type"
        for region in op.regions:
            for b in region.blocks:
                if [a.type for a in b.args] != inputs:
                    return "a loop body's arguments must match the loop's inputs in number and type"
    return None


def unprintable(program: Program) -> tuple[Operation, str] | None:
    """The first op (and why) that PIR text cannot represent so that it reads back the same:
    an attribute dictionary or type whose text reads back as something else (a name that is not
    a name token, a data type or place with odd characters, a dimension beyond int64), a NUL
    character.  Programs built by the readers never have one; programs translated from models
    may.  Each distinct (interned) attribute dictionary and type is read back once."""
    from pirc.diagnostics import PircError
    from pirc.text.attr_reader import read_attr_dict
    from pirc.text.parser import parse_attr_dict, parse_type

    seen: set[int] = set()
    for op in program.walk():
        if "\x00" in op.name:
            return op, "the op name holds a NUL character"
        why = _structure_problem(op)
        if why is not None:
            return op, why
        holders = [op.attrs] + [a.attrs for r in op.regions for b in r.blocks for a in b.args]
        for holder in holders:
            if id(holder) in seen:
                continue
            seen.add(id(holder))
            text = holder.text
            if "\x00" in text:
                return op, "an attribute holds a NUL character"
            try:
                back = read_attr_dict(text) or parse_attr_dict(text)
            except (PircError, ValueError):
                back = None
            if back is None or back.text != text:
                return op, f"its attributes {text[:80]} do not read back as written"
        for v in (*op.results, *(a for r in op.regions for b in r.blocks for a in b.args)):
            t = v.type
            if id(t) in seen:
                continue
            seen.add(id(t))
            if "\x00" in t.text:
                return op, "a type holds a NUL character"
            try:
                back_t = parse_type(t.text)
            except (PircError, ValueError):
                back_t = None
            if back_t is None or back_t.text != t.text:
                return op, f"its type {t.text[:80]} does not read back as written"
    return None


def print_program(program: Program, legacy: bool = False) -> str:
    return Printer(legacy).program(program)


def print_op(op: Operation, legacy: bool = False) -> str:
    """One op as it would print inside a program (names numbered from 0)."""
    p = Printer(legacy)
    p.op(op, "")
    return "".join(p.out).rstrip("\n")
