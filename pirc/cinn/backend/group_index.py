"""Compile once: fused groups looked up by their structure before they are lowered.

The kernel cache (:mod:`.cache`) is keyed by generated source, so a warm run still lowered,
scheduled and generated every group just to find its key.  This layer sits in front of it:

* :func:`group_key` -- SHA-256 of a group's structure: its ops (names, attributes, result
  types) with values numbered inside the group and its inputs by position and type, plus the
  target, the C toolchain and flags, and a fingerprint of pirc's own sources (any change to
  the compiler invalidates every entry);
* :class:`GroupRecord` -- what replacing the group needs without lowering it: per kernel, the
  ``cinn_runtime.jit_kernel`` attributes (the ``.ast`` text the program keeps printing), how
  its operands and results bind to the group's inputs, outputs and temporaries, the cache key of
  its compiled library and its calling convention (argument kinds, dtypes and shapes over the
  symbolic dims) -- everything the runtime needs to call it;
* stored as a small JSON entry of the same :class:`~.cache.KernelCache` (kind ``group``), so it
  shares the cache's atomic writes, integrity checks and root.

A warm ``pirc-run --backend cinn`` therefore parses the program, fuses it, hashes each group
and loads the libraries: no lowering, no code generation, no ``.ast`` parsing.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.nodes import Add, ArgIO, Div, Expr, IntImm, Mod, Mul, Sub, Var
from pirc.cinn.backend.cache import KernelCache, cache_key
from pirc.cinn.codegen.common import CODEGEN_VERSION, ArgInfo, KernelMeta, host_dtype
from pirc.ir.core import Operation

INDEX_VERSION = "1"
EXT = ".group"


@functools.cache
def compiler_fingerprint() -> str:
    """SHA-256 over pirc's Python sources (the compiler that produced an entry)."""
    root = Path(__file__).resolve().parents[2]
    h = hashlib.sha256()
    for p in sorted(root.rglob("*.py")):
        h.update(str(p.relative_to(root)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def group_text(group: Operation, inputs: list[Any]) -> str:
    """The group's ops printed with its inputs named by position (``%in<k>`` and type) and its
    own values numbered from 0: equal for structurally equal groups anywhere in any program."""
    from pirc.text.printer import Printer

    p = Printer()
    for k, v in enumerate(inputs):
        p.names[v] = f"%in{k}:{v.type.text}"
    p.block(group.regions[0].block, "")
    text = _NAMING_ATTRS.sub("", "".join(p.out))
    return text + " -> " + ", ".join(r.type.text for r in group.results)


#: attributes that name where an op came from and never change what it computes (so the twelve
#: layers of an encoder are one group, compiled once)
_NAMING_ATTRS = re.compile(r'(?<=[{,])(?:struct_name|op_callstack|name_scope):"(?:[^"\\]|\\.)*",?')


def group_key(group: Operation, inputs: list[Any], target: str, toolchain: str) -> str:
    return cache_key("group", INDEX_VERSION, CODEGEN_VERSION, compiler_fingerprint(), target, toolchain,
                     group_text(group, inputs))


# ------------------------------------------------------------------------------------------------
# calling conventions as data
# ------------------------------------------------------------------------------------------------


class Unrecordable(Exception):
    """A kernel whose calling convention this index cannot write down (it is lowered every run)."""


_BINARY = {c.__name__: c for c in (Add, Sub, Mul, Div, Mod)}


def _dim_out(e: Any) -> Any:
    """A shape expression as JSON: an int, ``"$NAME"`` for a symbol, ``[op, a, b]`` for arithmetic."""
    if isinstance(e, IntImm):
        return int(e.value)
    if isinstance(e, Var):
        return "$" + e.name
    if isinstance(e, int):
        return e
    if type(e).__name__ in _BINARY:
        return [type(e).__name__, _dim_out(e.a), _dim_out(e.b)]
    raise Unrecordable(f"shape expression {type(e).__name__}")


def meta_to_json(meta: KernelMeta) -> dict[str, Any]:
    args = []
    for a in meta.args:
        d: dict[str, Any] = {"i": a.index, "name": a.name, "c": a.cname, "io": a.io.value, "dt": a.dtype.value,
                             "buf": a.is_buffer, "host": a.host_dtype, "dev": a.device_dtype}
        if a.is_buffer:
            d["shape"] = [_dim_out(x) for x in a.shape]
        else:
            if a.var is None:
                raise Unrecordable("scalar argument without a Var")
            d["var"] = a.var.name
            d["var_dt"] = a.var.dtype.value
        args.append(d)
    return {"index": meta.index, "symbol": meta.symbol, "name": meta.name, "group": meta.group,
            "target": meta.target, "args": args,
            "symbol_args": [[k, v[0], v[1]] for k, v in sorted(meta.symbol_args.items())]}


def meta_from_json(d: dict[str, Any]) -> KernelMeta:
    vars_: dict[str, Var] = {}
    for a in d["args"]:
        if not a["buf"]:
            vars_[a["var"]] = Var(a["var"], DType(a["var_dt"]))

    def dim(x: Any) -> Expr:
        if isinstance(x, list):
            return _BINARY[x[0]](dim(x[1]), dim(x[2]))
        if isinstance(x, str) and x.startswith("$"):
            v = vars_.get(x[1:])
            if v is None:
                v = vars_[x[1:]] = Var(x[1:], DType.INT64)
            return v
        return IntImm(int(x), DType.INT64)

    args = []
    for a in d["args"]:
        dt = DType(a["dt"])
        if a["buf"]:
            args.append(ArgInfo(a["i"], a["name"], a["c"], ArgIO(a["io"]), dt, True,
                                tuple(dim(x) for x in a["shape"]), None, a["host"], a["dev"]))
        else:
            args.append(ArgInfo(a["i"], a["name"], a["c"], ArgIO(a["io"]), dt, False, (), vars_[a["var"]],
                                a["host"] or host_dtype(dt, d["target"]), a["dev"]))
    return KernelMeta(d["index"], d["symbol"], d["name"], d["group"], d["target"], None,  # type: ignore[arg-type]
                      args, {k: (b, x) for k, b, x in d["symbol_args"]})


@dataclass
class KernelRecord:
    fn_name: str
    kernel_ast: str
    inputs: list[tuple]  # ("in", k) | ("tmp", name) per operand
    outputs: list[tuple]  # ("out", i) | ("tmp", name) per result
    symbol_args: list[int]
    sources: dict[str, tuple[int, int]]  # scalar argument -> (operand, axis)
    library: str  # the kernel cache key of its shared library
    meta: dict[str, Any]


@dataclass
class GroupRecord:
    kernels: list[KernelRecord]
    temps: dict[str, tuple[list[str], str]]

    def to_bytes(self) -> bytes:
        return json.dumps({"version": INDEX_VERSION, "temps": self.temps, "kernels": [
            {"fn_name": k.fn_name, "kernel_ast": k.kernel_ast, "inputs": k.inputs, "outputs": k.outputs,
             "symbol_args": k.symbol_args, "sources": k.sources, "library": k.library, "meta": k.meta}
            for k in self.kernels]}, sort_keys=True).encode()

    @classmethod
    def from_bytes(cls, data: bytes) -> GroupRecord:
        d = json.loads(data)
        if d.get("version") != INDEX_VERSION:
            raise ValueError("index version")
        ks = [KernelRecord(k["fn_name"], k["kernel_ast"], [tuple(x) for x in k["inputs"]],
                           [tuple(x) for x in k["outputs"]], list(k["symbol_args"]),
                           {n: (int(s[0]), int(s[1])) for n, s in k["sources"].items()}, k["library"], k["meta"])
              for k in d["kernels"]]
        return cls(ks, {n: (list(t[0]), str(t[1])) for n, t in d["temps"].items()})


def load(cache: KernelCache, key: str) -> GroupRecord | None:
    path = cache.lookup(key, EXT)
    if path is None:
        return None
    try:
        rec = GroupRecord.from_bytes(path.read_bytes())
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None
    for k in rec.kernels:  # every library still there?
        if cache.lookup(k.library, ".so") is None:
            return None
    return rec


def save(cache: KernelCache, key: str, rec: GroupRecord) -> None:
    cache.store(key, EXT, rec.to_bytes(), {"kind": "group"})


__all__ = ["EXT", "GroupRecord", "KernelRecord", "Unrecordable", "compiler_fingerprint", "group_key", "group_text",
           "load", "meta_from_json", "meta_to_json", "save"]
