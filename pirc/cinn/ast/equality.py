"""Structural equality and hashing (alpha-equivalence), driven by the field descriptors.

``structural_equal(a, b)`` compares two trees field by field, ignoring spans and
variable names.  Variables in binding positions (``Role.DEF``: loop vars, iter
vars, Let vars, function arguments) are mapped onto each other as they are met,
for the extent of the binding node's scope, so two loops that differ only in the
name (or identity) of their loop variable are equal; mapping is one-to-one.

A *free* variable (used without a binding inside the compared trees) must be the
same object on both sides, unless ``map_free_vars=True``: then free variables
are matched by first occurrence, like bound ones (still one-to-one and with the
same dtype).

Tensors and Buffers are compared by value (name, shape, dtype, scope, buffer):
their names are the function's interface.

``structural_hash(a)`` is consistent with it (equal trees hash alike under the
same ``map_free_vars``) and deterministic across runs (no Python ``hash`` of str).
``assert_structural_equal`` raises an ``AssertionError`` naming the path to the
first difference.
"""

from __future__ import annotations

import math
import struct
import zlib
from enum import Enum
from typing import Any

from pirc.cinn.ast.fields import Role, Shape
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import (
    LoweredFunc,
    Node,
    Var,
)

_MISSING = object()
_IMM_MASK = 1 << Kind.IMM


class _Mismatch(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.path: list[str] = []


def _attr_eq(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        if a != a or b != b:
            return a != a and b != b
        return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_attr_eq(x, y) for x, y in zip(a, b))
    return a == b


class _Equal:
    __slots__ = ("map_free", "lr", "rl", "trail")

    def __init__(self, map_free_vars: bool) -> None:
        self.map_free = map_free_vars
        self.lr: dict[Var, Var] = {}
        self.rl: dict[Var, Var] = {}
        self.trail: list[tuple[Var, Any, Var, Any]] = []

    def node(self, a: Node, b: Node) -> None:
        ta = type(a)
        if ta is not type(b):
            raise _Mismatch(f"{ta.__name__} vs {type(b).__name__}")
        if ta is Var:
            self.use(a, b)  # type: ignore[arg-type]  # both are Vars: type(b) is type(a)
            return
        if a is b and ta._MASK & _IMM_MASK:
            return
        mark = len(self.trail) if ta._SCOPE else -1
        if ta is LoweredFunc:
            pa, pb = a.prebound_vars(), b.prebound_vars()
            if len(pa) != len(pb):
                raise _Mismatch(f"{len(pa)} vs {len(pb)} scalar arguments")
            for x, y in zip(pa, pb):
                self.define(x, y)
        for f in ta._CMP_FIELDS:
            va = getattr(a, f.name)
            vb = getattr(b, f.name)
            shape = f.shape
            if shape is Shape.ATTR:
                if not _attr_eq(va, vb):
                    m = _Mismatch(f"{va!r} vs {vb!r}")
                    m.path.append(f.name)
                    raise m
            elif shape is Shape.NODES:
                if len(va) != len(vb):
                    m = _Mismatch(f"{len(va)} vs {len(vb)} elements")
                    m.path.append(f.name)
                    raise m
                is_def = f.role is Role.DEF
                for k in range(len(va)):
                    try:
                        if is_def:
                            self.define(va[k], vb[k])
                        else:
                            self.node(va[k], vb[k])
                    except _Mismatch as err:
                        err.path.append(f"{f.name}[{k}]")
                        raise
            else:
                if va is None or vb is None:
                    if va is not vb:
                        m = _Mismatch(f"{'None' if va is None else type(va).__name__} vs "
                                      f"{'None' if vb is None else type(vb).__name__}")
                        m.path.append(f.name)
                        raise m
                    continue
                try:
                    if f.role is Role.DEF:
                        self.define(va, vb)
                    else:
                        self.node(va, vb)
                except _Mismatch as err:
                    err.path.append(f.name)
                    raise
        if mark >= 0:
            self.unwind(mark)

    def define(self, a: Node, b: Node) -> None:
        if type(a) is not Var or type(b) is not Var:
            self.node(a, b)
            return
        if a.dtype is not b.dtype:
            raise _Mismatch(f"bound variables {a.name}: {a.dtype} vs {b.name}: {b.dtype}")
        self.trail.append((a, self.lr.get(a, _MISSING), b, self.rl.get(b, _MISSING)))
        self.lr[a] = b
        self.rl[b] = a

    def use(self, a: Var, b: Var) -> None:
        if a.dtype is not b.dtype:
            raise _Mismatch(f"variables {a.name}: {a.dtype} vs {b.name}: {b.dtype}")
        m = self.lr.get(a)  # the values are Vars, never None
        if m is not None:
            if m is b and self.rl.get(b) is a:
                return
            raise _Mismatch(f"variable {a.name} corresponds to {m.name}, not {b.name}")
        if b in self.rl:
            raise _Mismatch(f"variable {b.name} already corresponds to {self.rl[b].name}, not {a.name}")
        if a is b or self.map_free:
            self.lr[a] = b
            self.rl[b] = a
            return
        raise _Mismatch(
            f"free variables {a.name} and {b.name} are different objects (map_free_vars=True matches them)"
        )

    def unwind(self, mark: int) -> None:
        trail, lr, rl = self.trail, self.lr, self.rl
        while len(trail) > mark:
            a, pa, b, pb = trail.pop()
            if pa is _MISSING:
                lr.pop(a, None)
            else:
                lr[a] = pa
            if pb is _MISSING:
                rl.pop(b, None)
            else:
                rl[b] = pb


def _compare(a: Any, b: Any, map_free_vars: bool) -> _Mismatch | None:
    eq = _Equal(map_free_vars)
    try:
        if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
            if not isinstance(a, (list, tuple)) or not isinstance(b, (list, tuple)) or len(a) != len(b):
                return _Mismatch("sequences of different lengths")
            for k, (x, y) in enumerate(zip(a, b)):
                try:
                    eq.node(x, y)
                except _Mismatch as m:
                    m.path.append(f"[{k}]")
                    raise
        else:
            eq.node(a, b)
    except _Mismatch as m:
        return m
    return None


def structural_equal(a: Any, b: Any, map_free_vars: bool = False) -> bool:
    """Whether two nodes (or two sequences of nodes) are alpha-equivalent."""
    return _compare(a, b, map_free_vars) is None


def assert_structural_equal(a: Any, b: Any, map_free_vars: bool = False) -> None:
    """Like :func:`structural_equal`, raising ``AssertionError`` with the path to the first difference."""
    m = _compare(a, b, map_free_vars)
    if m is not None:
        path = ".".join(reversed(m.path)) or "<root>"
        raise AssertionError(f"trees differ at {path}: {m.reason}")


# ---------------------------------------------------------------------------------------
# hashing
# ---------------------------------------------------------------------------------------

_M64 = (1 << 64) - 1
_PRIME = 0x100000001B3


def _mix(h: int, x: int) -> int:
    h = ((h ^ (x & _M64)) * _PRIME) & _M64
    return h ^ (h >> 31)


def _str_hash(s: str) -> int:
    data = s.encode("utf-8")
    return (zlib.crc32(data) << 32) ^ zlib.adler32(data) ^ len(data)


def _attr_hash(v: Any) -> int:
    if v is None:
        return 0x5A17
    if isinstance(v, Enum):
        return _mix(_str_hash(type(v).__name__), _str_hash(str(v.value)))
    if isinstance(v, bool):
        return 0xB0 + int(v)
    if isinstance(v, int):
        return _mix(0x1A7, v & _M64) ^ (v >> 64 & _M64)
    if isinstance(v, float):
        if v != v:
            return 0x7FF8
        return _mix(0xF10A7, struct.unpack("<Q", struct.pack("<d", v))[0])
    if isinstance(v, str):
        return _mix(0x57, _str_hash(v))
    if isinstance(v, tuple):
        h = _mix(0x7E, len(v))
        for x in v:
            h = _mix(h, _attr_hash(x))
        return h
    return _str_hash(repr(v))


_DEF = 0xDEF0DEF
_BOUND = 0xB0B0B0
_FREE = 0xF4EE


class _Hasher:
    __slots__ = ("map_free", "bound", "trail", "ndef", "free")

    def __init__(self, map_free_vars: bool) -> None:
        self.map_free = map_free_vars
        self.bound: dict[Var, int] = {}
        self.trail: list[tuple[Var, Any]] = []
        self.ndef = 0
        self.free: dict[Var, int] = {}

    def node(self, n: Node) -> int:
        if type(n) is Var:
            return self.use(n)
        cls = type(n)
        h = _mix(0xC1AA, int(cls.KIND))
        mark = len(self.trail) if cls._SCOPE else -1
        if cls is LoweredFunc:
            for v in n.prebound_vars():
                h = _mix(h, self.define(v))
        for f in cls._CMP_FIELDS:
            v = getattr(n, f.name)
            shape = f.shape
            if shape is Shape.ATTR:
                h = _mix(h, _attr_hash(v))
            elif shape is Shape.NODES:
                h = _mix(h, len(v))
                if f.role is Role.DEF:
                    for x in v:
                        h = _mix(h, self.define(x))
                else:
                    for x in v:
                        h = _mix(h, self.node(x))
            elif v is None:
                h = _mix(h, 0x404E)
            else:
                h = _mix(h, self.define(v) if f.role is Role.DEF else self.node(v))
        if mark >= 0:
            trail, bound = self.trail, self.bound
            while len(trail) > mark:
                var, prev = trail.pop()
                if prev is _MISSING:
                    bound.pop(var, None)
                else:
                    bound[var] = prev
        return h

    def define(self, v: Node) -> int:
        if type(v) is not Var:
            return self.node(v)
        idx = self.ndef
        self.ndef += 1
        self.trail.append((v, self.bound.get(v, _MISSING)))
        self.bound[v] = idx
        return _mix(_mix(_DEF, idx), _attr_hash(v.dtype))

    def use(self, v: Var) -> int:
        idx = self.bound.get(v)
        if idx is not None:
            return _mix(_mix(_BOUND, idx), _attr_hash(v.dtype))
        if self.map_free:
            k = self.free.get(v)
            if k is None:
                k = self.free[v] = len(self.free)
            return _mix(_mix(_FREE, k), _attr_hash(v.dtype))
        return _mix(_mix(_FREE, _str_hash(v.name)), _attr_hash(v.dtype))


def structural_hash(node: Any, map_free_vars: bool = False) -> int:
    """A 64-bit hash consistent with :func:`structural_equal` (same ``map_free_vars``)."""
    hs = _Hasher(map_free_vars)
    if isinstance(node, (list, tuple)):
        h = _mix(0x5E0, len(node))
        for x in node:
            h = _mix(h, hs.node(x))
        return h
    return hs.node(node)


__all__ = ["assert_structural_equal", "structural_equal", "structural_hash"]
