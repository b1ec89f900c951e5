"""Reader of Paddle 3's PIR JSON (``model.json``, Paddle's ProgramWriter format).

The format (``paddle/fluid/pir/serialize_deserialize``)::

    {"base_code": {"magic": "pir", "version": N, "trainable": bool},
     "program": {"regions": [{"#": "region_0", "blocks": [{"#": "block_0",
                  "args": [...], "ops": [...]}]}]}}

An op is ``{"#": "<dialect id>.<name>", "I": [{"%": id}], "O": [{"%": id,
"TT": type}], "A": [{"N": name, "AT": attr}], "OA": [...], "regions": [...]}``
with dialect ids ``0`` builtin, ``1`` pd_op, ``2`` cf, ``3`` custom_op,
``4`` pd_dist.  Value ids count from 1; 0 is the null value; block
arguments have negative ids.  ``{"#": "p", ...}`` is a compressed
``builtin.parameter``: ``A = [is_distributed, is_parameter, need_clip,
name]``, ``OA = [persistable, stop_gradient, trainable]``.

The reader rebuilds the program as Paddle's ``ProgramReader`` does, so that
printing it gives what Paddle prints for the loaded program.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from pirc.diagnostics import Diagnostic, PircError
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
    LayoutAttr,
    OpaqueAttr,
    PlaceAttr,
    StrAttr,
    TypeAttr,
)
from pirc.ir.core import Block, Operation, Value
from pirc.ir.program import Program
from pirc.ir.types import DenseTensorType, NullType, OpaqueType, ScalarType, Type, VectorType

from .locate import Locator

DIALECTS = {"0": "builtin", "1": "pd_op", "2": "cf", "3": "custom_op", "4": "pd_dist", "-1": "test1", "-2": "test2"}

_SCALAR_TYPES = {
    "t_bf16": "bf16", "t_f16": "f16", "t_f32": "f32", "t_f64": "f64", "t_i8": "i8", "t_ui8": "u8", "t_i16": "i16",
    "t_i32": "i32", "t_i64": "i64", "t_index": "index", "t_bool": "b", "t_c64": "c64", "t_c128": "c128",
    "t_f8e4m3fn": "f8e4m3fn", "t_f8e5m2": "f8e5m2",
}

_FLT_MAX = float(np.finfo(np.float32).max)
_FLT_MIN = float(np.finfo(np.float32).tiny)
_DBL_MAX = float(np.finfo(np.float64).max)
_DBL_MIN = float(np.finfo(np.float64).tiny)

#: phi::AllocationType -> the text Place::DebugString prints
_ALLOC = {0: "undefined", 1: "cpu", 2: "gpu", 3: "gpu_pinned", 4: "xpu", 5: "xpu_pinned", 7: "ipu", 9: "custom"}

_SCALAR_DTYPE_KIND = {
    "float32": "f32", "float64": "f64", "int32": "i32", "int64": "i64", "int8": "i32", "int16": "i32",
    "uint8": "i32", "uint32": "i64", "uint64": "i64", "float16": "i32", "bfloat16": "i32", "uint16": "i32",
}


def _clip(s: str, n: int = 120) -> str:
    return s if len(s) <= n else s[: n - 3] + "..."


def _int64(x: Any) -> int:
    """A JSON integer (or integral float) that fits in int64; ValueError otherwise."""
    if isinstance(x, float) and math.isfinite(x) and x == int(x):
        x = int(x)
    if not isinstance(x, int):
        raise ValueError(f"expected an integer, got {type(x).__name__}")
    if not -(1 << 63) <= x < (1 << 63):
        raise ValueError("an integer does not fit in int64")
    return int(x)


def _list(x: Any) -> list[Any]:
    if not isinstance(x, list):
        raise ValueError(f"expected a list, got {type(x).__name__}")
    return x


class PirJsonError(Exception):
    def __init__(self, message: str, path: list[str | int]) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


class ProgramReader:
    def __init__(self, doc: Any, locator: Locator | None = None) -> None:
        self.doc = doc
        self.locator = locator
        self.values: dict[int, Value | None] = {0: None}
        self.path: list[str | int] = []
        self.trainable = False
        self.version: Any = None

    # -- errors ----------------------------------------------------------------------
    def fail(self, message: str, *extra: str | int) -> PirJsonError:
        return PirJsonError(message, self.path + list(extra))

    def need(self, obj: Any, key: str, kind: type | tuple[type, ...] | None = None) -> Any:
        if not isinstance(obj, dict):
            raise self.fail(f"expected a JSON object with key '{key}', got {type(obj).__name__}")
        if key not in obj:
            raise self.fail(f"missing key '{key}'")
        v = obj[key]
        if kind is not None and not isinstance(v, kind):
            names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            raise self.fail(f"key '{key}' must be a {names}, got {type(v).__name__}", key)
        return v

    # -- program ---------------------------------------------------------------------
    def read(self) -> Program:
        doc = self.doc
        base = self.need(doc, "base_code", dict)
        self.path = ["base_code"]
        if base.get("magic") != "pir":
            raise self.fail(f"base_code.magic must be \"pir\", got {base.get('magic')!r}", "magic")
        self.version = base.get("version")
        self.trainable = bool(base.get("trainable", False))
        self.path = []
        prog = self.need(doc, "program", dict)
        self.path = ["program"]
        regions = self.need(prog, "regions", list)
        if len(regions) != 1:
            raise self.fail(f"the program must have 1 region, got {len(regions)}", "regions")
        self.path = ["program", "regions", 0]
        blocks = self.need(regions[0], "blocks", list)
        if not blocks:
            raise self.fail("the program region has no block", "blocks")
        program = Program()
        self.path = ["program", "regions", 0, "blocks", 0]
        self.read_block(blocks[0], program.block)
        program.collect_parameters()
        return program

    def read_block(self, bj: Any, block: Block) -> None:
        base = list(self.path)
        for i, arg in enumerate(bj.get("args", []) if isinstance(bj, dict) else []):
            self.path = base + ["args", i]
            aid = self.need(arg, "#", int)
            t = self.read_type(self.need(arg, "TT"), "TT")
            self.values[aid] = block.add_arg(t)
        ops = self.need(bj, "ops", list)
        for i, oj in enumerate(ops):
            self.path = base + ["ops", i]
            block.append(self.read_op(oj))
        self.path = base

    def value(self, vid: Any, where: list[str | int]) -> Value | None:
        if not isinstance(vid, int):
            raise self.fail(f"value id must be an integer, got {vid!r}", *where)
        if vid not in self.values:
            raise self.fail(f"value %{vid} is used before it is defined", *where)
        return self.values[vid]

    def read_op(self, oj: Any) -> Operation:
        name = self.need(oj, "#", str)
        if name == "p":
            return self.read_parameter(oj)
        op_name = self.op_name(name)
        operands = []
        for i, ij in enumerate(self.need(oj, "I", list)):
            operands.append(self.value(self.need(ij, "%"), ["I", i, "%"]))
        results = self.need(oj, "O", list)
        types: list[Type] = []
        ids: list[int] = []
        vid = -1
        for i, rj in enumerate(results):
            if isinstance(rj, dict) and "%" in rj:
                vid = rj["%"]
            ids.append(vid)
            types.append(self.read_type(self.need(rj, "TT"), "O", i, "TT"))
        attrs: dict[str, Attribute] = {}
        for key in ("A", "DA", "QA", "OA"):
            for i, aj in enumerate(oj.get(key, []) or []):
                n = self.need(aj, "N", str)
                if isinstance(aj, dict) and "AT" in aj:
                    attrs[n] = self.read_attr(aj["AT"], key, i, "AT")
        regions_j = oj.get("regions", [])
        op = Operation(op_name, operands, types, AttrDict.get(attrs), num_regions=len(regions_j))
        base = list(self.path)
        for ri, rj in enumerate(regions_j):
            self.path = base + ["regions", ri]
            for bi, bj in enumerate(self.need(rj, "blocks", list)):
                self.path = base + ["regions", ri, "blocks", bi]
                blk = op.regions[ri].add_block()
                self.read_block(bj, blk)
        self.path = base
        for i, v in enumerate(ids):
            if v != -1:
                self.values[v] = op.results[i]
        return op

    def read_parameter(self, oj: Any) -> Operation:
        rj = self.need(oj, "O", dict)
        vid = self.need(rj, "%", int)
        t = self.read_type(self.need(rj, "TT"), "O", "TT")
        a = self.need(oj, "A", list)
        if len(a) != 4:
            raise self.fail(f"a parameter op has 4 attributes (A), got {len(a)}", "A")

        def one(x: Any) -> ArrayAttr:
            return ArrayAttr.get((BoolAttr.get(_int64(x) != 0),))

        attrs: dict[str, Attribute] = {
            "is_distributed": one(a[0]), "is_parameter": one(a[1]), "need_clip": one(a[2]),
            "parameter_name": StrAttr.get(str(a[3])),
        }
        for key in ("DA", "QA"):
            for i, aj in enumerate(oj.get(key, []) or []):
                if isinstance(aj, dict) and "AT" in aj:
                    attrs[self.need(aj, "N", str)] = self.read_attr(aj["AT"], key, i, "AT")
        if "OA" in oj:
            oa = oj["OA"]
            if not isinstance(oa, list) or len(oa) != 3:
                raise self.fail("a parameter op has 3 result attributes (OA)", "OA")
            attrs["persistable"] = one(oa[0])
            attrs["stop_gradient"] = one(oa[1])
            attrs["trainable"] = one(oa[2])
        op = Operation("builtin.parameter", [], [t], AttrDict.get(attrs))
        self.values[vid] = op.results[0]
        return op

    def op_name(self, name: str) -> str:
        d, dot, rest = name.partition(".")
        if not dot:
            raise self.fail(f"bad op name {name!r}", "#")
        dialect = DIALECTS.get(d)
        if dialect is None:
            raise self.fail(f"unknown dialect id {d!r} in op name {name!r}", "#")
        return f"{dialect}.{rest}"

    # -- types -----------------------------------------------------------------------
    def read_type(self, tj: Any, *where: str | int) -> Type:
        if not isinstance(tj, dict) or "#" not in tj:
            raise self.fail("a type must be an object with '#'", *where)
        name = tj["#"]
        if name == "NULL":
            return NullType.get()
        d, _, tname = str(name).partition(".")
        data = tj.get("D")
        if d == "0":
            s = _SCALAR_TYPES.get(tname)
            if s is not None:
                return ScalarType.get(s)
            if tname == "t_dtensor":
                if not isinstance(data, list) or len(data) < 2:
                    raise self.fail("t_dtensor data must be [dtype, dims, layout, lod, offset]", *where)
                elem = self.read_type(data[0], *where)
                if not isinstance(elem, ScalarType):
                    raise self.fail(f"bad tensor element type {elem}", *where)
                return DenseTensorType.get(elem, tuple(_int64(x) for x in _list(data[1])))
            if tname == "t_vec":
                return VectorType.get(tuple(self.read_type(x, *where) for x in (data or [])))
        elif d == "1":
            if "array" in tname and isinstance(data, list) and data:
                elem = self.read_type(data[0], *where)
                return OpaqueType.get(f"pd_op.tensor_array<{elem.text}>")
            if "selected" in tname and isinstance(data, list) and data:
                elem = self.read_type(data[0], *where)
                dims = "".join(f"{_int64(x)}x" for x in _list(data[1]))
                return OpaqueType.get(f"pd_op.selectedrows<{dims}{elem.text}>")
        elif d == "2":
            return OpaqueType.get({"t_stack": "cf.stack", "t_inlet": "cf.inlet", "t_outlet": "cf.outlet"}.get(
                tname, f"cf.{tname}"))
        raise self.fail(f"unknown type {name!r}", *where)

    # -- attributes ------------------------------------------------------------------
    def read_attr(self, aj: Any, *where: str | int) -> Attribute:
        if not isinstance(aj, dict) or "#" not in aj:
            raise self.fail("an attribute must be an object with '#'", *where)
        name = aj["#"]
        if name == "NULL":
            return OpaqueAttr.get("<#AttrNull>")
        d, _, aname = str(name).partition(".")
        data = aj.get("D")
        try:
            if d == "0":
                if aname == "a_bool":
                    return BoolAttr.get(bool(data))
                if aname in ("a_f32", "a_f64"):
                    kind = aname[2:]
                    vd = aj.get("VD")
                    if vd is not None:
                        big, tiny = (_FLT_MAX, _FLT_MIN) if kind == "f32" else (_DBL_MAX, _DBL_MIN)
                        v = {"NAN": math.nan, "NaN": math.nan, "INF": big, "-INF": tiny}.get(vd, math.nan)
                        return FloatAttr.get(v, kind)
                    v = float(data)
                    return FloatAttr.get(float(np.float32(v)) if kind == "f32" else v, kind)
                if aname in ("a_i32", "a_i64", "a_index"):
                    return IntAttr.get(_int64(data), aname[2:])
                if aname == "a_array":
                    return ArrayAttr.get(self.read_attr(x, *where) for x in (data or []))
                if aname in ("a_str", "a_tensorname"):
                    return StrAttr.get(str(data))
                if aname == "a_type":
                    return TypeAttr.get(self.read_type(data, *where))
                if aname in ("a_c64", "a_c128"):
                    return OpaqueAttr.get(f"({data[0]},{data[1]})")
                if aname == "a_pointer":
                    return OpaqueAttr.get(f"({data})")
            elif d == "1":
                if aname == "a_intarray":
                    return IntArrayAttr.get(_int64(x) for x in _list(data))
                if aname == "a_dtype":
                    dt = str(data)
                    return DataTypeAttr.get("Undefined" if dt.startswith("Undefined") else dt)
                if aname == "a_place":
                    alloc, dev = _int64(data[0]), _int64(data[1])
                    kind = _ALLOC.get(alloc, "undefined")
                    if kind == "custom":
                        kind = str(data[2]) if len(data) > 2 and data[2] else "custom"
                    if kind in ("cpu", "gpu_pinned"):
                        return PlaceAttr.get(f"Place({kind})")
                    return PlaceAttr.get(f"Place({kind}:{dev})")
                if aname == "a_layout":
                    return LayoutAttr.get(str(data))
                if aname == "a_scalar":
                    dt = str(data[0])
                    if dt == "bool":
                        return BoolAttr.get(bool(data[1]))
                    kind = _SCALAR_DTYPE_KIND.get(dt, "f64")
                    if kind.startswith("f"):
                        v = float(data[1])
                        return FloatAttr.get(float(np.float32(v)) if kind == "f32" else v, kind)
                    return IntAttr.get(_int64(data[1]), kind)
        except (TypeError, ValueError, IndexError, OverflowError, KeyError) as e:
            raise self.fail(f"bad data for attribute {_clip(repr(name))}: {_clip(str(e))}", *where) from None
        raise self.fail(f"unknown attribute kind {name!r}", *where)


def read_pir_json(doc: Any, locator: Locator | None = None) -> Program:
    """Build a Program from a parsed PIR JSON document.  Raises PircError."""
    reader = ProgramReader(doc, locator)
    try:
        return reader.read()
    except PirJsonError as e:
        loc = locator.json_path(e.path) if locator is not None else None
        raise PircError(Diagnostic("error", f"invalid PIR JSON: {e.message}", loc)) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as e:
        loc = locator.json_path(reader.path) if locator is not None else None
        raise PircError(Diagnostic("error", f"invalid PIR JSON: malformed value ({type(e).__name__}: {_clip(str(e))})",
                                   loc)) from None


def parameter_names(program: Program) -> list[str]:
    """Names a PIR program's ``.pdiparams`` holds, in file order (sorted)."""
    names = set()
    for op in program.walk():
        if op.name == "builtin.parameter":
            n = op.attr("parameter_name")
            p = op.attr("persistable")
            if isinstance(p, list) and p and p[0] is False:
                continue  # a buffer a kernel creates (an rnn's dropout state): not in the file
            if isinstance(n, str):
                names.add(n)
        elif op.name == "pd_op.data":
            p = op.attr("persistable")
            if isinstance(p, list) and p and p[0]:
                n = op.attr("name")
                if isinstance(n, str):
                    names.add(n)
    return sorted(names)
