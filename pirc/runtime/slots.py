"""The Build phase's slots: one per value, with two union-finds over them (variables and storages)."""

from __future__ import annotations

from typing import Any

from pirc.diagnostics import Diagnostic, PircError
from pirc.ir.core import Operation, Value


def _root(parent: list[int], k: int) -> int:
    """The representative of ``k`` in the union-find ``parent`` (halving the path on the way)."""
    while parent[k] != k:
        parent[k] = parent[parent[k]]
        k = parent[k]
    return k


def _join(parent: list[int], a: int, b: int) -> None:
    """Merge the sets of ``a`` and ``b``; the smaller slot stays the representative."""
    ra, rb = _root(parent, a), _root(parent, b)
    if ra != rb:
        if ra < rb:
            parent[rb] = ra
        else:
            parent[ra] = rb


class SlotSets:
    """Slots (indices into a run's flat list of values), the variables and storages they
    form, and the values that stand for others (``canon``: fetch, shadow_feed, unpacked
    vectors; ``combines``: vectors that are only their elements)."""

    def __init__(self) -> None:
        self.slot_of: dict[Value, int] = {}
        self.slot_value: list[Value | None] = []
        self.def_node: list[int] = []  # slot -> node position; -1 bound before the run
        self.uf: list[int] = []  # physical storages (what shares memory)
        self.vf: list[int] = []  # variables (what an in-place write changes: Paddle's semantics)
        self.canon: dict[Value, Value] = {}
        self.combines: dict[Value, list[Value | None]] = {}

    def new_slot(self, v: Value | None, node: int) -> int:
        k = len(self.slot_value)
        if v is not None:
            self.slot_of[v] = k
        self.slot_value.append(v)
        self.def_node.append(node)
        self.uf.append(k)
        self.vf.append(k)
        return k

    def find(self, k: int) -> int:
        return _root(self.uf, k)

    def union(self, a: int, b: int) -> None:
        _join(self.uf, a, b)

    def vfind(self, k: int) -> int:
        return _root(self.vf, k)

    def same_var(self, a: int, b: int) -> None:
        """``a`` and ``b`` are one variable (an in-place result, a vector's element): they also share storage."""
        _join(self.vf, a, b)
        _join(self.uf, a, b)

    def C(self, v: Value) -> Value:
        canon = self.canon
        w = canon.get(v)
        while w is not None:
            v = w
            w = canon.get(v)
        return v

    def spec(self, v: Value | None, op: Operation) -> Any:
        if v is None:
            return None
        v = self.C(v)
        elems = self.combines.get(v)
        if elems is not None:
            return [self.spec(e, op) for e in elems]
        k = self.slot_of.get(v)
        if k is None:
            raise PircError(Diagnostic(
                "error", f"'{op.name}' op uses a value the interpreter cannot see (is the program verified?)", op.loc))
        return k

    def slot(self, v: Value | None, op: Operation) -> int:
        """The slot of a tensor value (a missing operand or a vector is a located error)."""
        s = self.spec(v, op)
        if type(s) is not int:
            raise PircError(Diagnostic("error", f"'{op.name}' op expects a tensor operand, got a vector", op.loc))
        return s
