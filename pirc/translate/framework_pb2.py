"""Python message classes for Paddle's framework.proto, without protoc.

How this module is provided (and why)
-------------------------------------
The schema lives in ``framework.proto`` next to this file (Paddle's message
names and field numbers; see the comment at its top).  Instead of committing
protoc output, this module **parses that .proto at import time** with a small
pure-Python parser for the proto2 subset it uses, builds a
``descriptor_pb2.FileDescriptorProto``, adds it to a *private*
``DescriptorPool`` and creates the message classes from it.

* No protoc / grpcio-tools at build or run time, and no generated-code
  version stamp: protoc output since protobuf 5.26 calls
  ``runtime_version.ValidateProtobufRuntimeVersion`` and refuses to load
  under an older runtime, and old gencode (``_descriptor.FieldDescriptor(...)``
  constructors) does not load under new runtimes.  Building from a
  FileDescriptorProto only uses public APIs that exist in every protobuf
  >= 4.21 (``DescriptorPool.Add``, ``message_factory.GetMessageClass`` with
  a ``MessageFactory.GetPrototype`` fallback, ``EnumTypeWrapper``), with
  both the upb and the pure-python backends.
* Verified with protobuf 4.21.12, 5.29.5 and 7.36.2 (the project venv's
  runtime), upb and pure-python backends: tests/translate passes on each.
* A private pool (file name ``pirc/translate/framework.proto``) means this
  module can be imported in the same process as Paddle's own
  ``paddle.base.proto.framework_pb2``, which registers the same full names
  (``paddle.framework.proto.*``) in the default pool.
* The .proto stays the single source of truth.  tests/translate/
  test_proto_schema.py checks that the descriptor built here equals the one
  exported from PaddlePaddle 3.3.1 and that every corpus ``.pdmodel`` decodes,
  re-encodes byte-for-byte and prints (``MessageToJson``) exactly like
  Paddle's framework_pb2 does.

The module namespace mimics protoc output: message classes
(``ProgramDesc``, ``BlockDesc``, ``VarDesc``, ``VarType``, ``OpDesc``, ...,
with nested classes such as ``VarType.TensorDesc`` and ``OpDesc.Attr``), the
top-level enum wrapper ``AttrType`` and its values (``INT``, ``FLOATS``, ...),
and ``DESCRIPTOR`` (the FileDescriptor).
"""

from __future__ import annotations

import os
import re

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.internal import enum_type_wrapper

__all__ = [
    "DESCRIPTOR",
    "PROTO_PATH",
    "ProtoSyntaxError",
    "parse_proto",
    "file_descriptor_proto",
    "AttrType",
    "Version",
    "Complex",
    "Scalar",
    "OpDesc",
    "OpProto",
    "VarType",
    "VarDesc",
    "BlockDesc",
    "OpVersion",
    "OpVersionMap",
    "ProgramDesc",
]

PROTO_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "framework.proto")
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


# --------------------------------------------------------------------------
# Build the descriptor and the message classes
# --------------------------------------------------------------------------


def _message_class(desc):
    if hasattr(message_factory, "GetMessageClass"):  # protobuf >= 4.22
        return message_factory.GetMessageClass(desc)
    return message_factory.MessageFactory(desc.file.pool).GetPrototype(desc)  # pragma: no cover


def _build_class(desc):
    cls = _message_class(desc)
    for nested in desc.nested_types:
        if not isinstance(getattr(cls, nested.name, None), type):
            setattr(cls, nested.name, _build_class(nested))
    for enum in desc.enum_types:
        if not hasattr(cls, enum.name):  # both backends normally add these
            setattr(cls, enum.name, enum_type_wrapper.EnumTypeWrapper(enum))
            for v in enum.values:
                setattr(cls, v.name, v.number)
    return cls


_POOL = descriptor_pool.DescriptorPool()
_FILE_PROTO = file_descriptor_proto()
_POOL.Add(_FILE_PROTO)
DESCRIPTOR = _POOL.FindFileByName(_POOL_FILE_NAME)

for _enum in DESCRIPTOR.enum_types_by_name.values():
    globals()[_enum.name] = enum_type_wrapper.EnumTypeWrapper(_enum)
    for _v in _enum.values:
        globals()[_v.name] = _v.number
for _msg in DESCRIPTOR.message_types_by_name.values():
    globals()[_msg.name] = _build_class(_msg)
del _enum, _v, _msg

# explicit bindings (also for static analysis)
AttrType = globals()["AttrType"]
Version = globals()["Version"]
Complex = globals()["Complex"]
Scalar = globals()["Scalar"]
OpDesc = globals()["OpDesc"]
OpProto = globals()["OpProto"]
VarType = globals()["VarType"]
VarDesc = globals()["VarDesc"]
BlockDesc = globals()["BlockDesc"]
OpVersion = globals()["OpVersion"]
OpVersionMap = globals()["OpVersionMap"]
ProgramDesc = globals()["ProgramDesc"]
