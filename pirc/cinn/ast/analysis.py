"""Analyses of the loop AST that lowering, scheduling and code generation share: integer
constant evaluation with C semantics, the storage a tensor names, reduction loop nests,
affine coefficients and SIMD safety of innermost loops."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.equality import structural_equal
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import Buffer, Expr, For, Let, Node, ScheduleBlock, ScheduleBlockRealize, Stmt, Store, Tensor, Var
from pirc.cinn.ast.visitor import substitute, walk

#: the cross-thread reduce / shuffle calls of the CUDA target (never speculated, never SIMD)
CROSS_THREAD_RE = re.compile(
    r"cinn_(block|warp)_(?:reduce|shuffle)_(sum|prod|max|min|and|or|all|any)"
    r"(?:_(fp16|bf16|fp32|fp64|int8|int16|int32|int64|uint8|bool))?(?:_internal)?(?:_shm)?\Z"
)



class NotConstant(Exception):
    pass


def _c_div(a: int, b: int) -> int:
    if b == 0:
        return 0
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _c_mod(a: int, b: int) -> int:
    if b == 0:
        return 0
    r = abs(a) % abs(b)
    return r if a >= 0 else -r


def eval_int(e: Expr, env: dict[Var, int] | None = None) -> int:
    """The value of an integer / bool expression over ``env``; raises NotConstant."""
    k = e.KIND
    if k is Kind.INT_IMM:
        return e.value  # type: ignore[attr-defined]
    if k is Kind.VAR:
        if env is not None and e in env:
            return int(env[e])  # type: ignore[index]
        raise NotConstant(getattr(e, "name", "?"))
    if k is Kind.CAST:
        if not (e.dtype.is_int or e.dtype.is_bool) or not (e.value.dtype.is_int or e.value.dtype.is_bool):  # type: ignore[attr-defined]
            raise NotConstant("cast")
        v = eval_int(e.value, env)  # type: ignore[attr-defined]
        return int(bool(v)) if e.dtype.is_bool else _wrap(v, e.dtype)
    if k is Kind.SELECT:
        c = eval_int(e.condition, env)  # type: ignore[attr-defined]
        return eval_int(e.true_value if c else e.false_value, env)  # type: ignore[attr-defined]
    if k is Kind.MINUS:
        return _wrap(-eval_int(e.a, env), e.dtype)  # type: ignore[attr-defined]
    if k is Kind.NOT:
        return int(not eval_int(e.a, env))  # type: ignore[attr-defined]
    if k in _INT_BIN:
        if not (e.a.dtype.is_int or e.a.dtype.is_bool):  # type: ignore[attr-defined]
            raise NotConstant("float")
        a, b = eval_int(e.a, env), eval_int(e.b, env)  # type: ignore[attr-defined]
        r = _INT_BIN[k](a, b)
        return _wrap(r, e.dtype) if e.dtype.is_int else int(r)
    raise NotConstant(type(e).__name__)


def _wrap(v: int, dt: DType) -> int:
    if not dt.is_int:
        return v
    bits = dt.bits
    v &= (1 << bits) - 1
    if dt.is_signed_int and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


_INT_BIN = {
    Kind.ADD: lambda a, b: a + b, Kind.SUB: lambda a, b: a - b, Kind.MUL: lambda a, b: a * b,
    Kind.DIV: _c_div, Kind.MOD: _c_mod, Kind.MIN: min, Kind.MAX: max,
    Kind.EQ: lambda a, b: a == b, Kind.NE: lambda a, b: a != b, Kind.LT: lambda a, b: a < b,
    Kind.LE: lambda a, b: a <= b, Kind.GT: lambda a, b: a > b, Kind.GE: lambda a, b: a >= b,
    Kind.AND: lambda a, b: bool(a) and bool(b), Kind.OR: lambda a, b: bool(a) or bool(b),
}


def const_int(e: Expr) -> int | None:
    try:
        return eval_int(e)
    except NotConstant:
        return None


def storage_key(t: Tensor | Buffer) -> str:
    if isinstance(t, Buffer):
        return t.name
    return t.buffer.name if t.buffer is not None else "tensor:" + t.name


_REDUCE_KINDS = frozenset({Kind.ADD, Kind.MUL, Kind.MAX, Kind.MIN, Kind.AND, Kind.OR})


@dataclass
class ReductionPlan:
    loops: list[For]
    store: Store
    kind: Kind
    rhs: Expr
    indices: tuple  # the store's indices with schedule-block bindings substituted


def uses_vars(e: Node, ids: set[int]) -> bool:
    for n in walk(e):
        if n.KIND is Kind.VAR and id(n) in ids:
            return True
    return False


def match_reduction(loop: For, allow_gpu: bool) -> ReductionPlan | None:
    """``for k.. { [blocks] T[idx] = op(T[idx], rhs) }`` with ``idx`` independent of the loops."""
    loops: list[For] = []
    subst: dict[Var, Expr] = {}
    node: Stmt = loop
    while True:
        k = node.KIND
        if k is Kind.FOR:
            if node.kind.is_gpu and not allow_gpu:  # type: ignore[attr-defined]
                return None
            loops.append(node)  # type: ignore[arg-type]
            node = node.body  # type: ignore[attr-defined]
        elif k is Kind.BLOCK:
            if len(node.stmts) != 1:  # type: ignore[attr-defined]
                return None
            node = node.stmts[0]  # type: ignore[attr-defined]
        elif k is Kind.SCHEDULE_BLOCK_REALIZE:
            for iv, val in zip(node.block.iter_vars, node.iter_values):  # type: ignore[attr-defined]
                subst[iv] = substitute(val, subst) if subst else val
            node = node.block.body  # type: ignore[attr-defined]
        elif k is Kind.STORE:
            break
        else:
            return None
    st: Store = node  # type: ignore[assignment]
    v = st.value
    if v.KIND not in _REDUCE_KINDS:
        return None
    key = storage_key(st.tensor)
    for mine, other in ((v.a, v.b), (v.b, v.a)):  # type: ignore[attr-defined]
        if (mine.KIND is Kind.LOAD and storage_key(mine.tensor) == key
                and structural_equal(tuple(mine.tensor.shape), tuple(st.tensor.shape))
                and structural_equal(tuple(mine.indices), tuple(st.indices))
                and not any(n.KIND is Kind.LOAD and storage_key(n.tensor) == key for n in walk(other))
                and not any(n.KIND is Kind.CALL and any(not isinstance(a, Expr) for a in n.args) for n in walk(other))):
            idx = tuple(substitute(i, subst) if subst else i for i in st.indices)
            ids = {id(lp.loop_var) for lp in loops}
            if any(uses_vars(i, ids) for i in idx):
                return None
            return ReductionPlan(loops, st, v.KIND, other, idx)
    return None


def linear_coeff(e: Expr, v: Var) -> int | None:
    """The constant coefficient of ``v`` in ``e`` if ``e`` is affine in ``v``, else None."""
    k = e.KIND
    if k is Kind.VAR:
        return 1 if e is v else 0
    if k is Kind.INT_IMM or k is Kind.FLOAT_IMM:
        return 0
    if k is Kind.ADD or k is Kind.SUB:
        a, b = linear_coeff(e.a, v), linear_coeff(e.b, v)  # type: ignore[attr-defined]
        if a is None or b is None:
            return None
        return a + b if k is Kind.ADD else a - b
    if k is Kind.MINUS:
        a = linear_coeff(e.a, v)  # type: ignore[attr-defined]
        return None if a is None else -a
    if k is Kind.MUL:
        ca, cb = const_int(e.a), const_int(e.b)  # type: ignore[attr-defined]
        if ca is not None:
            c = linear_coeff(e.b, v)  # type: ignore[attr-defined]
            return None if c is None else ca * c
        if cb is not None:
            c = linear_coeff(e.a, v)  # type: ignore[attr-defined]
            return None if c is None else cb * c
    if k is Kind.CAST and e.dtype.is_int and e.value.dtype.is_int and e.dtype.bits >= e.value.dtype.bits:  # type: ignore[attr-defined]
        return linear_coeff(e.value, v)  # type: ignore[attr-defined]
    return None if uses_vars(e, {id(v)}) else 0


def simd_safe(loop: For) -> bool:
    """Whether the iterations of the innermost loop ``loop`` touch disjoint elements of every
    buffer the loop writes (so ``omp simd`` cannot change the result)."""
    acc: dict[str, list[tuple[Tensor, tuple, bool]]] = {}
    if not _collect(loop.body, {}, acc):
        return False
    for n in walk(loop.body):  # no loads that only run under a condition (simd could speculate them)
        if n.KIND is Kind.SELECT and any(m.KIND is Kind.LOAD for b in (n.true_value, n.false_value)  # type: ignore[attr-defined]
                                         for m in walk(b)):
            return False
        if n.KIND is Kind.IF_THEN_ELSE and any(m.KIND is Kind.LOAD for m in walk(n)):
            return False
    v = loop.loop_var
    for items in acc.values():
        if not any(w for _, _, w in items):
            continue
        t0, idx0, _ = items[0]
        for t, idx, _ in items[1:]:
            if not structural_equal(tuple(t.shape), tuple(t0.shape)) or not structural_equal(idx, idx0):
                return False
        if not any((c := linear_coeff(i, v)) is not None and c != 0 for i in idx0):
            return False
    return True


def _reads(e: Node, subst: dict, acc: dict) -> bool:
    for n in walk(e):
        k = n.KIND
        if k is Kind.LOAD:
            idx = tuple(substitute(i, subst) for i in n.indices) if subst else tuple(n.indices)  # type: ignore[attr-defined]
            acc.setdefault(storage_key(n.tensor), []).append((n.tensor, idx, False))  # type: ignore[attr-defined]
        elif k is Kind.CALL and any(not isinstance(a, Expr) for a in n.args):  # type: ignore[attr-defined]
            return False
    return True


def _collect(s: Stmt, subst: dict, acc: dict) -> bool:
    k = s.KIND
    if k is Kind.STORE:
        if not (_reads(s.value, subst, acc) and all(_reads(i, subst, acc) for i in s.indices)):  # type: ignore[attr-defined]
            return False
        idx = tuple(substitute(i, subst) for i in s.indices) if subst else tuple(s.indices)  # type: ignore[attr-defined]
        acc.setdefault(storage_key(s.tensor), []).append((s.tensor, idx, True))  # type: ignore[attr-defined]
        return True
    if k is Kind.BLOCK:
        sub = subst
        for c in s.stmts:  # type: ignore[attr-defined]
            if c.KIND is Kind.LET:
                if c.value is None or not _reads(c.value, sub, acc):
                    return False
                sub = {**sub, c.var: substitute(c.value, sub) if sub else c.value}
            elif not _collect(c, sub, acc):
                return False
        return True
    if k is Kind.IF_THEN_ELSE:
        return (_reads(s.condition, subst, acc) and _collect(s.then_case, subst, acc)  # type: ignore[attr-defined]
                and (s.else_case is None or _collect(s.else_case, subst, acc)))  # type: ignore[attr-defined]
    if k is Kind.SCHEDULE_BLOCK_REALIZE:
        sub = dict(subst)
        for iv, val in zip(s.block.iter_vars, s.iter_values):  # type: ignore[attr-defined]
            if not _reads(val, subst, acc):
                return False
            sub[iv] = substitute(val, subst) if subst else val
        return _collect(s.block.body, sub, acc)  # type: ignore[attr-defined]
    return False  # loops, lets outside blocks, calls for effect


def speculation_safe(e: Any) -> bool:
    """Both sides of a Select may be evaluated: their loads are loads the condition makes anyway,
    and they call nothing but math."""
    cond_loads = [n for n in walk(e.condition) if n.KIND is Kind.LOAD]
    for side in (e.true_value, e.false_value):
        for n in walk(side):
            if n.KIND is Kind.LOAD:
                if not any(m.tensor is n.tensor and structural_equal(tuple(m.indices), tuple(n.indices))
                           for m in cond_loads):
                    return False
            elif n.KIND is Kind.CALL and CROSS_THREAD_RE.match(n.name) or n.KIND in (Kind.DIV, Kind.MOD) and not n.dtype.is_float:
                return False
    return True


def has_loop(s: Node) -> bool:
    return any(n.KIND is Kind.FOR for n in walk(s))


def outer_bindings(nodes: Iterable[Any]) -> dict[Var, Expr]:
    """The values of the iter vars and Lets bound in ``nodes`` (in walk order), in outer terms."""
    binding: dict[Var, Expr] = {}
    for x in nodes:
        if isinstance(x, ScheduleBlockRealize):
            for iv, val in zip(x.block.iter_vars, x.iter_values):
                binding[iv] = substitute(val, binding)
        elif isinstance(x, Let) and x.value is not None:
            binding[x.var] = substitute(x.value, binding)
    return binding


def bound_inside(nodes: Iterable[Any]) -> set[int]:
    """The ids of the variables ``nodes`` bind: schedule-block iter vars, Lets and loop
    variables."""
    out: set[int] = set()
    for x in nodes:
        if isinstance(x, ScheduleBlock):
            out.update(id(v) for v in x.iter_vars)
        elif isinstance(x, Let):
            out.add(id(x.var))
        elif isinstance(x, For):
            out.add(id(x.loop_var))
    return out
