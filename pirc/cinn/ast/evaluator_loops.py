"""The reference evaluator's loop analysis: which loops may run as one numpy computation, which stores reduce."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from pirc.cinn.ast.equality import structural_equal
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import VOID_INTRINSICS, Expr, For, Node, Stmt, Store, Tensor
from pirc.cinn.ast.visitor import substitute, uses_var, walk


@dataclass(frozen=True)
class Reduction:
    kind: Kind
    ufunc: Any
    rhs: Expr


@dataclass(frozen=True)
class LoopInfo:
    rw_tensors: dict  # storage key -> a Tensor of it, for buffers read and written in the loop


REDUCE_UFUNCS = {
    Kind.ADD: np.add, Kind.MUL: np.multiply, Kind.MAX: np.maximum, Kind.MIN: np.minimum,
    Kind.AND: np.logical_and, Kind.OR: np.logical_or,
}


def storage_key(t: Tensor) -> str:
    return t.buffer.name if t.buffer is not None else "tensor:" + t.name


class LoopAnalysis:
    """The analysis half of :class:`~pirc.cinn.ast.evaluator.Evaluator` (see its module docstring),
    cached per loop and per store."""

    def __init__(self) -> None:
        self._loop_info: dict[int, LoopInfo | None] = {}
        self._reductions: dict[int, Reduction | None] = {}

    def reduction(self, s: Store) -> Reduction | None:
        """``B[idx] = op(B[idx], rhs)`` (or ``op(rhs, B[idx])``) with rhs not reading B."""
        key = id(s)
        if key in self._reductions:
            return self._reductions[key]
        r = None
        v = s.value
        uf = REDUCE_UFUNCS.get(v.KIND)
        if uf is not None:
            skey = storage_key(s.tensor)
            for mine, other in ((v.a, v.b), (v.b, v.a)):
                if (mine.KIND is Kind.LOAD and storage_key(mine.tensor) == skey
                        and structural_equal(tuple(mine.tensor.shape), tuple(s.tensor.shape))
                        and structural_equal(tuple(mine.indices), tuple(s.indices))
                        and not any(n.KIND is Kind.LOAD and storage_key(n.tensor) == skey for n in walk(other))):
                    r = Reduction(v.KIND, uf, other)
                    break
        self._reductions[key] = r
        return r

    def loop_info(self, loop: For) -> LoopInfo | None:
        """Whether ``loop`` may run vectorized (see the module docstring); cached."""
        key = id(loop)
        if key in self._loop_info:
            return self._loop_info[key]
        info = self._analyze(loop)
        self._loop_info[key] = info
        return info

    def _analyze(self, loop: For) -> LoopInfo | None:
        accesses: dict[str, list[tuple[Tensor, tuple, Store | None]]] = {}
        if not self._collect(loop.body, {}, accesses):
            return None
        v = loop.loop_var
        rw: dict[str, Tensor] = {}
        for key, items in accesses.items():
            writes = [it for it in items if it[2] is not None]
            if not writes:
                continue
            reads = [it for it in items if it[2] is None]
            if reads:
                rw[key] = items[0][0]
            t0, idx0, _ = items[0]
            for t, idx, _ in items[1:]:
                if not structural_equal(tuple(t.shape), tuple(t0.shape)) or not structural_equal(idx, idx0):
                    return None
            if not any(uses_var(e, v) for e in idx0):
                kinds = set()
                for _, _, st in writes:
                    red = self.reduction(st)  # type: ignore[arg-type]
                    if red is None:
                        return None
                    kinds.add(red.kind)
                if len(kinds) > 1 or len(reads) != len(writes):
                    return None
        return LoopInfo(rw)

    def _reads(self, e: Node, subst: dict, acc: dict) -> bool:
        for n in walk(e):
            k = n.KIND
            if k is Kind.LOAD:
                idx = tuple(substitute(i, subst) for i in n.indices) if subst else tuple(n.indices)
                acc.setdefault(storage_key(n.tensor), []).append((n.tensor, idx, None))
            elif k is Kind.CALL and any(not isinstance(a, Expr) for a in n.args):
                return False
        return True

    def _collect(self, s: Stmt, subst: dict, acc: dict) -> bool:
        k = s.KIND
        if k is Kind.STORE:
            if not (self._reads(s.value, subst, acc) and all(self._reads(i, subst, acc) for i in s.indices)):
                return False
            idx = tuple(substitute(i, subst) for i in s.indices) if subst else tuple(s.indices)
            acc.setdefault(storage_key(s.tensor), []).append((s.tensor, idx, s))
            return True
        if k is Kind.BLOCK:
            sub = subst
            for c in s.stmts:
                if c.KIND is Kind.LET:
                    if c.value is None or not self._reads(c.value, sub, acc):
                        return False
                    sub = {**sub, c.var: substitute(c.value, sub) if sub else c.value}
                elif not self._collect(c, sub, acc):
                    return False
            return True
        if k is Kind.FOR:
            return (self._reads(s.min, subst, acc) and self._reads(s.extent, subst, acc)
                    and self._collect(s.body, subst, acc))
        if k is Kind.IF_THEN_ELSE:
            return (self._reads(s.condition, subst, acc) and self._collect(s.then_case, subst, acc)
                    and (s.else_case is None or self._collect(s.else_case, subst, acc)))
        if k is Kind.SCHEDULE_BLOCK_REALIZE:
            sub = dict(subst)
            for iv, val in zip(s.block.iter_vars, s.iter_values):
                if not self._reads(val, subst, acc):
                    return False
                sub[iv] = substitute(val, subst) if subst else val
            return self._collect(s.block.body, sub, acc)
        if k is Kind.EVALUATE:
            return s.value.name in VOID_INTRINSICS
        return False
