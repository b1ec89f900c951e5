"""Python message classes for Paddle's framework.proto, without protoc.

How this module is provided (and why)
-------------------------------------
The schema lives in ``framework.proto`` next to this file (Paddle's message
names and field numbers; see the comment at its top).  Instead of committing
protoc output, :mod:`pirc.translate.proto_parse` (a small pure-Python parser
for the proto2 subset it uses) compiles it into a serialized
``FileDescriptorProto``, committed as package data
(``framework_descriptor.binpb``).  Import loads that descriptor into a
*private* ``DescriptorPool`` and creates the message classes from it; nothing
is parsed at import.  ``python -m pirc.translate.proto_parse`` rebuilds it, and
tests/translate/test_proto_schema.py checks it matches the .proto.

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

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.internal import enum_type_wrapper

__all__ = [
    "DESCRIPTOR",
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

_POOL_FILE_NAME = "pirc/translate/framework.proto"


def __getattr__(name: str):  # the parser is only loaded when asked for
    if name in ("PROTO_PATH", "ProtoSyntaxError", "parse_proto", "file_descriptor_proto"):
        from pirc.translate import proto_parse

        return getattr(proto_parse, name)
    raise AttributeError(name)


def _committed_descriptor() -> descriptor_pb2.FileDescriptorProto:
    """framework.proto compiled (by pirc.translate.proto_parse) into package data."""
    from importlib.resources import files

    data = (files("pirc.translate") / "framework_descriptor.binpb").read_bytes()
    return descriptor_pb2.FileDescriptorProto.FromString(data)

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
_FILE_PROTO = _committed_descriptor()
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
