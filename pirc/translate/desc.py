"""A light, read-only view of a legacy ``ProgramDesc`` for the translator.

The protobuf message (:mod:`pirc.translate.framework_pb2`) is converted once
into plain Python objects that mirror Paddle's C++ ``framework::ProgramDesc``
/ ``BlockDesc`` / ``OpDesc`` / ``VarDesc`` API, as the ProgramTranslator uses
it:

* ``OpDesc.inputs`` / ``outputs`` are ordered by slot name, as Paddle's
  ``std::map`` orders them (``Inputs()`` iterates in that order);
* attributes keep their legacy kind (``AttrType``), which decides the kind
  of the translated attribute (INT -> i32, LONG -> i64, FLOAT -> f32 ...);
* ``BlockDesc.find_var_recursive`` looks a name up through the parent chain.

Every op remembers its ``(block index, op index)`` so that diagnostics can
point at it (see :mod:`pirc.translate.locate`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from . import framework_pb2 as pb

A = pb.AttrType  # enum wrapper: A.INT, A.FLOAT ...
T = pb.VarType  # T.FP32, T.DENSE_TENSOR ...

# AttrType numbers (kept as plain ints for speed)
INT, FLOAT, STRING, INTS, FLOATS, STRINGS, BOOLEAN, BOOLEANS, BLOCK, LONG = range(10)
BLOCKS, LONGS, FLOAT64S, VAR, VARS, FLOAT64, SCALAR, SCALARS = 10, 11, 12, 13, 14, 15, 16, 17

ATTR_KIND_NAMES = {
    INT: "INT", FLOAT: "FLOAT", STRING: "STRING", INTS: "INTS", FLOATS: "FLOATS", STRINGS: "STRINGS",
    BOOLEAN: "BOOLEAN", BOOLEANS: "BOOLEANS", BLOCK: "BLOCK", LONG: "LONG", BLOCKS: "BLOCKS",
    LONGS: "LONGS", FLOAT64S: "FLOAT64S", VAR: "VAR", VARS: "VARS", FLOAT64: "FLOAT64",
    SCALAR: "SCALAR", SCALARS: "SCALARS",
}

# VarType.Type numbers used by the translator
DENSE_TENSOR = 7
SELECTED_ROWS = 8
FEED_MINIBATCH = 9
FETCH_LIST = 10
STEP_SCOPES = 11
DENSE_TENSOR_ARRAY = 13

#: VarType data type -> Paddle DataType name (phi::TransToPhiDataType)
VARTYPE_TO_DTYPE = {
    0: "bool", 1: "int16", 2: "int32", 3: "int64", 4: "float16", 5: "float32", 6: "float64",
    20: "uint8", 21: "int8", 22: "bfloat16", 23: "complex64", 24: "complex128",
    32: "float8_e4m3fn", 33: "float8_e5m2", 36: "uint16", 37: "uint32", 38: "uint64",
}
#: Paddle DataType name -> PIR scalar type spelling
DTYPE_TO_PIR = {
    "bool": "b", "int16": "i16", "int32": "i32", "int64": "i64", "float16": "f16", "float32": "f32",
    "float64": "f64", "uint8": "u8", "int8": "i8", "bfloat16": "bf16", "complex64": "c64",
    "complex128": "c128", "float8_e4m3fn": "f8e4m3fn", "float8_e5m2": "f8e5m2",
    "uint16": "u16", "uint32": "u32", "uint64": "u64",
}


class Scalar:
    """A legacy ``Scalar`` attribute value: ``kind`` is bool / int64 / float64 / complex128."""

    __slots__ = ("kind", "value")

    def __init__(self, kind: str, value: Any) -> None:
        self.kind = kind
        self.value = value

    def __repr__(self) -> str:
        return f"Scalar({self.kind}, {self.value!r})"


class Attr:
    """One legacy attribute: its ``AttrType`` number and its Python value."""

    __slots__ = ("kind", "value")

    def __init__(self, kind: int, value: Any) -> None:
        self.kind = kind
        self.value = value

    def __repr__(self) -> str:
        return f"Attr({ATTR_KIND_NAMES.get(self.kind, self.kind)}, {self.value!r})"


class VarDesc:
    __slots__ = ("name", "type", "dtype", "dims", "persistable", "stop_gradient", "need_check_feed",
                 "is_parameter", "lod_level", "block")

    def __init__(self, name: str, type: int, dtype: int | None, dims: tuple[int, ...], persistable: bool,
                 stop_gradient: bool, need_check_feed: bool, is_parameter: bool, lod_level: int,
                 block: BlockDesc) -> None:
        self.name = name
        self.type = type
        self.dtype = dtype
        self.dims = dims
        self.persistable = persistable
        self.stop_gradient = stop_gradient
        self.need_check_feed = need_check_feed
        self.is_parameter = is_parameter
        self.lod_level = lod_level
        self.block = block

    @property
    def dtype_name(self) -> str | None:
        return None if self.dtype is None else VARTYPE_TO_DTYPE.get(self.dtype)

    def __repr__(self) -> str:
        return f"<VarDesc {self.name} {self.type} {self.dtype} {self.dims}>"


class OpDesc:
    __slots__ = ("type", "inputs", "outputs", "attrs", "block", "idx")

    def __init__(self, type: str, inputs: dict[str, list[str]], outputs: dict[str, list[str]],
                 attrs: dict[str, Attr], block: BlockDesc, idx: int) -> None:
        self.type = type
        self.inputs = inputs
        self.outputs = outputs
        self.attrs = attrs
        self.block = block
        self.idx = idx

    # -- Paddle's OpDesc API ------------------------------------------------
    def has_input(self, slot: str) -> bool:
        return slot in self.inputs

    def has_output(self, slot: str) -> bool:
        return slot in self.outputs

    def input(self, slot: str) -> list[str]:
        return self.inputs.get(slot, [])

    def output(self, slot: str) -> list[str]:
        return self.outputs.get(slot, [])

    def has_attr(self, name: str) -> bool:
        return name in self.attrs

    def attr(self, name: str, default: Any = None) -> Any:
        a = self.attrs.get(name)
        return default if a is None else a.value

    def input_arg_names(self) -> list[str]:
        return [n for args in self.inputs.values() for n in args]

    def output_arg_names(self) -> list[str]:
        return [n for args in self.outputs.values() for n in args]

    @property
    def block_idx(self) -> int:
        return self.block.idx

    def where(self) -> str:
        return f"block {self.block.idx}, op {self.idx}"

    def __repr__(self) -> str:
        return f"<OpDesc {self.type} ({self.where()})>"


class BlockDesc:
    __slots__ = ("idx", "parent_idx", "vars", "ops", "program", "forward_block_idx")

    def __init__(self, idx: int, parent_idx: int, program: ProgramDesc, forward_block_idx: int = -1) -> None:
        self.idx = idx
        self.parent_idx = parent_idx
        self.vars: dict[str, VarDesc] = {}
        self.ops: list[OpDesc] = []
        self.program = program
        self.forward_block_idx = forward_block_idx

    @property
    def parent(self) -> BlockDesc | None:
        p = self.parent_idx
        blocks = self.program.blocks
        if p is None or p < 0 or p >= len(blocks) or p == self.idx:
            return None
        return blocks[p]

    def find_var(self, name: str) -> VarDesc | None:
        return self.vars.get(name)

    def find_var_recursive(self, name: str) -> VarDesc | None:
        b: BlockDesc | None = self
        seen = 0
        while b is not None and seen <= len(self.program.blocks):
            v = b.vars.get(name)
            if v is not None:
                return v
            b = b.parent
            seen += 1
        return None

    def __repr__(self) -> str:
        return f"<BlockDesc {self.idx} ({len(self.ops)} ops)>"


class ProgramDesc:
    __slots__ = ("blocks", "proto", "version")

    def __init__(self, proto: Any = None) -> None:
        self.blocks: list[BlockDesc] = []
        self.proto = proto
        self.version: int | None = None

    def block(self, i: int) -> BlockDesc:
        return self.blocks[i]

    def all_ops(self) -> Iterator[OpDesc]:
        for b in self.blocks:
            yield from b.ops

    def num_ops(self) -> int:
        return sum(len(b.ops) for b in self.blocks)


# -- conversion from the protobuf message ------------------------------------


def _scalar(s: Any) -> Scalar:
    t = s.type
    if t == 1:
        return Scalar("bool", bool(s.b))
    if t == 2:
        return Scalar("int64", int(s.i))
    if t == 3:
        return Scalar("float64", float(s.r))
    return Scalar("complex128", complex(s.c.r, s.c.i))


def _attr_value(a: Any) -> Attr:
    k = a.type
    if k == INT:
        v: Any = a.i
    elif k == FLOAT:
        v = a.f
    elif k == STRING:
        v = a.s
    elif k == BOOLEAN:
        v = a.b
    elif k == LONG:
        v = a.l
    elif k == INTS:
        v = list(a.ints)
    elif k == LONGS:
        v = list(a.longs)
    elif k == FLOATS:
        v = list(a.floats)
    elif k == STRINGS:
        v = list(a.strings)
    elif k == BOOLEANS:
        v = list(a.bools)
    elif k == FLOAT64S:
        v = list(a.float64s)
    elif k == FLOAT64:
        v = a.float64
    elif k == BLOCK:
        v = a.block_idx
    elif k == BLOCKS:
        v = list(a.blocks_idx)
    elif k == VAR:
        v = a.var_name
    elif k == VARS:
        v = list(a.vars_name)
    elif k == SCALAR:
        v = _scalar(a.scalar)
    elif k == SCALARS:
        v = [_scalar(s) for s in a.scalars]
    else:
        v = None
    return Attr(k, v)


def _var(v: Any, block: BlockDesc) -> VarDesc:
    vt = v.type
    t = vt.type
    dtype: int | None = None
    dims: tuple[int, ...] = ()
    lod = 0
    if t == DENSE_TENSOR and vt.HasField("dense_tensor"):
        dtype = vt.dense_tensor.tensor.data_type
        dims = tuple(vt.dense_tensor.tensor.dims)
        lod = vt.dense_tensor.legacy_lod_level
    elif t == DENSE_TENSOR_ARRAY and vt.HasField("tensor_array"):
        dtype = vt.tensor_array.tensor.data_type
        dims = tuple(vt.tensor_array.tensor.dims)
        lod = vt.tensor_array.legacy_lod_level
    elif t == SELECTED_ROWS and vt.HasField("selected_rows"):
        dtype = vt.selected_rows.data_type
        dims = tuple(vt.selected_rows.dims)
    elif t < 7 or 19 <= t <= 24 or t in (32, 33, 36, 37, 38):
        dtype = t  # a plain data type used as a var type (rare)
    return VarDesc(v.name, t, dtype, dims, v.persistable, v.stop_gradient, v.need_check_feed,
                   v.is_parameter, lod, block)


def from_proto(msg: Any) -> ProgramDesc:
    """Convert a ``framework_pb2.ProgramDesc`` message."""
    prog = ProgramDesc(msg)
    if msg.HasField("version"):
        prog.version = msg.version.version
    for bi, b in enumerate(msg.blocks):
        blk = BlockDesc(bi, b.parent_idx, prog, b.forward_block_idx)
        for v in b.vars:
            blk.vars[v.name] = _var(v, blk)
        for oi, o in enumerate(b.ops):
            ins = {x.parameter: list(x.arguments) for x in sorted(o.inputs, key=lambda x: x.parameter)}
            outs = {x.parameter: list(x.arguments) for x in sorted(o.outputs, key=lambda x: x.parameter)}
            attrs = {a.name: _attr_value(a) for a in o.attrs}
            blk.ops.append(OpDesc(o.type, ins, outs, attrs, blk, oi))
        prog.blocks.append(blk)
    return prog
