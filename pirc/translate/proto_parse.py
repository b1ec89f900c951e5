"""A parser for the proto2 subset used by ``framework.proto`` (no protoc needed).

Only used to (re)build the committed descriptor ``framework_descriptor.binpb`` and
by the test that checks it is fresh; importing pirc never runs it.

    python -m pirc.translate.proto_parse      # rewrite framework_descriptor.binpb
"""

from __future__ import annotations

import os
import re
import sys

from google.protobuf import descriptor_pb2

PROTO_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "framework.proto")
DESCRIPTOR_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "framework_descriptor.binpb")
_POOL_FILE_NAME = "pirc/translate/framework.proto"

# --------------------------------------------------------------------------
# A parser for the proto2 subset used by framework.proto
# --------------------------------------------------------------------------

_FDP = descriptor_pb2.FieldDescriptorProto
_SCALAR_TYPES = {
    "double": _FDP.TYPE_DOUBLE,
    "float": _FDP.TYPE_FLOAT,
    "int64": _FDP.TYPE_INT64,
    "uint64": _FDP.TYPE_UINT64,
    "int32": _FDP.TYPE_INT32,
    "fixed64": _FDP.TYPE_FIXED64,
    "fixed32": _FDP.TYPE_FIXED32,
    "bool": _FDP.TYPE_BOOL,
    "string": _FDP.TYPE_STRING,
    "bytes": _FDP.TYPE_BYTES,
    "uint32": _FDP.TYPE_UINT32,
    "sfixed32": _FDP.TYPE_SFIXED32,
    "sfixed64": _FDP.TYPE_SFIXED64,
    "sint32": _FDP.TYPE_SINT32,
    "sint64": _FDP.TYPE_SINT64,
}
_LABELS = {
    "optional": _FDP.LABEL_OPTIONAL,
    "required": _FDP.LABEL_REQUIRED,
    "repeated": _FDP.LABEL_REPEATED,
}

_TOKEN_RE = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<number>[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)
  | (?P<ident>[-+]?[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)
  | (?P<symbol>[{}\[\]=;,<>()])
    """,
    re.VERBOSE | re.DOTALL,
)


class ProtoSyntaxError(ValueError):
    pass


def _tokenize(text):
    pos, line = 0, 1
    out = []
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if not m:
            raise ProtoSyntaxError(f"line {line}: unexpected character {text[pos]!r}")
        kind = m.lastgroup
        tok = m.group()
        if kind not in ("ws", "comment"):
            out.append((kind, tok, line))
        line += tok.count("\n")
        pos = m.end()
    return out


def _unquote(tok):
    body = tok[1:-1]
    return body.encode("latin-1", "backslashreplace").decode("unicode_escape")


class _Parser:
    def __init__(self, text):
        self.toks = _tokenize(text)
        self.i = 0

    # token helpers
    def peek(self):
        return self.toks[self.i][1] if self.i < len(self.toks) else None

    def next(self, kind=None):
        if self.i >= len(self.toks):
            raise ProtoSyntaxError("unexpected end of file")
        k, t, line = self.toks[self.i]
        if kind is not None and k != kind:
            raise ProtoSyntaxError(f"line {line}: expected {kind}, got {t!r}")
        self.i += 1
        return t

    def expect(self, value):
        k, t, line = self.toks[self.i] if self.i < len(self.toks) else (None, None, "EOF")
        if t != value:
            raise ProtoSyntaxError(f"line {line}: expected {value!r}, got {t!r}")
        self.i += 1

    def line(self):
        return self.toks[min(self.i, len(self.toks) - 1)][2]

    # grammar
    def parse_file(self, name):
        fdp = descriptor_pb2.FileDescriptorProto(name=name)
        while self.peek() is not None:
            t = self.peek()
            if t == "syntax":
                self.next()
                self.expect("=")
                syntax = _unquote(self.next("string"))
                self.expect(";")
                if syntax != "proto2":
                    raise ProtoSyntaxError(f"only proto2 is supported, got {syntax!r}")
                # protoc leaves FileDescriptorProto.syntax unset for proto2
            elif t == "package":
                self.next()
                fdp.package = self.next("ident")
                self.expect(";")
            elif t == "message":
                self.parse_message(fdp.message_type.add())
            elif t == "enum":
                self.parse_enum(fdp.enum_type.add())
            elif t == "option":
                self.skip_statement()
            elif t == ";":
                self.next()
            else:
                raise ProtoSyntaxError(f"line {self.line()}: unsupported top-level statement {t!r}")
        return fdp

    def skip_statement(self):
        while self.next() != ";":
            pass

    def parse_message(self, msg):
        self.expect("message")
        msg.name = self.next("ident")
        self.expect("{")
        while True:
            t = self.peek()
            if t == "}":
                self.next()
                return
            if t == "message":
                self.parse_message(msg.nested_type.add())
            elif t == "enum":
                self.parse_enum(msg.enum_type.add())
            elif t == "reserved":
                self.parse_reserved(msg)
            elif t == "option":
                self.skip_statement()
            elif t == ";":
                self.next()
            elif t in _LABELS:
                self.parse_field(msg.field.add())
            else:
                raise ProtoSyntaxError(f"line {self.line()}: unsupported statement {t!r} in message {msg.name}")

    def parse_reserved(self, msg):
        self.expect("reserved")
        while True:
            k, t, _ = self.toks[self.i]
            if k == "string":
                msg.reserved_name.append(_unquote(self.next()))
            else:
                start = int(self.next("number"))
                end = start
                if self.peek() == "to":
                    self.next()
                    e = self.next()
                    end = 536870911 if e == "max" else int(e)
                msg.reserved_range.add(start=start, end=end + 1)
            if self.peek() == ",":
                self.next()
                continue
            self.expect(";")
            return

    def parse_field(self, f):
        f.label = _LABELS[self.next("ident")]
        type_name = self.next("ident")
        if type_name in _SCALAR_TYPES:
            f.type = _SCALAR_TYPES[type_name]
        else:
            f.type_name = type_name  # resolved later
        f.name = self.next("ident")
        self.expect("=")
        f.number = int(self.next("number"))
        if self.peek() == "[":
            self.next()
            while True:
                opt = self.next("ident")
                self.expect("=")
                kind, val, line = self.toks[self.i]
                self.i += 1
                if opt == "default":
                    f.default_value = _unquote(val) if kind == "string" else val
                elif opt == "packed":
                    f.options.packed = val == "true"
                elif opt == "deprecated":
                    f.options.deprecated = val == "true"
                else:
                    raise ProtoSyntaxError(f"line {line}: unsupported field option {opt!r}")
                if self.peek() == ",":
                    self.next()
                    continue
                self.expect("]")
                break
        self.expect(";")

    def parse_enum(self, enum):
        self.expect("enum")
        enum.name = self.next("ident")
        self.expect("{")
        while True:
            t = self.peek()
            if t == "}":
                self.next()
                return
            if t == "option":
                self.skip_statement()
            elif t == ";":
                self.next()
            else:
                name = self.next("ident")
                self.expect("=")
                enum.value.add(name=name, number=int(self.next("number")))
                if self.peek() == "[":
                    while self.next() != "]":
                        pass
                self.expect(";")


def _resolve_types(fdp):
    """Resolve message/enum type names with protobuf's scoping rules."""
    kinds = {}

    def collect(prefix, msgs, enums):
        for e in enums:
            kinds[f"{prefix}.{e.name}"] = _FDP.TYPE_ENUM
        for m in msgs:
            full = f"{prefix}.{m.name}"
            kinds[full] = _FDP.TYPE_MESSAGE
            collect(full, m.nested_type, m.enum_type)

    root = "." + fdp.package if fdp.package else ""
    collect(root, fdp.message_type, fdp.enum_type)

    def resolve(scope, name):
        if name.startswith("."):
            if name in kinds:
                return name
            raise ProtoSyntaxError(f"unknown type {name!r}")
        # innermost scope first (protoc additionally stops at the first scope
        # where the leading component exists; not needed for this subset)
        parts = scope.split(".")
        while True:
            cand = ".".join(parts + [name])
            if cand in kinds:
                return cand
            if len(parts) <= 1:
                break
            parts.pop()
        raise ProtoSyntaxError(f"unknown type {name!r} (in scope {scope})")

    def walk(scope, msgs):
        for m in msgs:
            full = f"{scope}.{m.name}"
            for f in m.field:
                if f.type_name:
                    tn = resolve(full, f.type_name)
                    f.type_name = tn
                    f.type = kinds[tn]
            walk(full, m.nested_type)

    walk(root, fdp.message_type)
    return fdp


def parse_proto(text: str, name: str = _POOL_FILE_NAME) -> descriptor_pb2.FileDescriptorProto:
    """Parse proto2 source text (the subset used by framework.proto) into a
    FileDescriptorProto equivalent to what protoc would produce."""
    return _resolve_types(_Parser(text).parse_file(name))


def file_descriptor_proto() -> descriptor_pb2.FileDescriptorProto:
    """The FileDescriptorProto built from framework.proto (a fresh copy)."""
    with open(PROTO_PATH, encoding="utf-8") as f:
        return parse_proto(f.read())



def main() -> int:
    data = file_descriptor_proto().SerializeToString(deterministic=True)
    with open(DESCRIPTOR_PATH, "wb") as f:
        f.write(data)
    print(f"wrote {DESCRIPTOR_PATH} ({len(data)} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
