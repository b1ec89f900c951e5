"""Analyses of the loop AST that lowering, scheduling and code generation share: integer
constant evaluation with C semantics, the storage a tensor names, reduction loop nests,
affine coefficients and SIMD safety of innermost loops."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.equality import structural_equal
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import (
    EQ,
    GE,
    GT,
    LE,
    LT,
    NE,
    Add,
    And,
    BinaryOp,
    Block,
    Buffer,
    Call,
    Cast,
    Div,
    Expr,
    FloatImm,
    For,
    IfThenElse,
    IntImm,
    Let,
    Load,
    Max,
    Min,
    Minus,
    Mod,
    Mul,
    Node,
    Not,
    Or,
    ScheduleBlock,
    ScheduleBlockRealize,
    Select,
    Stmt,
    Store,
    Sub,
    Tensor,
    Var,
)
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
    if type(e) is IntImm:
        return e.value
    if type(e) is Var:
        if env is not None and e in env:
            return int(env[e])
        raise NotConstant(getattr(e, "name", "?"))
    if type(e) is Cast:
        if not (e.dtype.is_int or e.dtype.is_bool) or not (e.value.dtype.is_int or e.value.dtype.is_bool):
            raise NotConstant("cast")
        v = eval_int(e.value, env)
        return int(bool(v)) if e.dtype.is_bool else _wrap(v, e.dtype)
    if type(e) is Select:
        c = eval_int(e.condition, env)
        return eval_int(e.true_value if c else e.false_value, env)
    if type(e) is Minus:
        return _wrap(-eval_int(e.a, env), e.dtype)
    if type(e) is Not:
        return int(not eval_int(e.a, env))
    if isinstance(e, BinaryOp):
        fn = _INT_BIN.get(type(e))
        if fn is not None:
            if not (e.a.dtype.is_int or e.a.dtype.is_bool):
                raise NotConstant("float")
            a, b = eval_int(e.a, env), eval_int(e.b, env)
            r = fn(a, b)
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


_INT_BIN: dict[type, Callable[[int, int], int]] = {
    Add: lambda a, b: a + b, Sub: lambda a, b: a - b, Mul: lambda a, b: a * b,
    Div: _c_div, Mod: _c_mod, Min: min, Max: max,
    EQ: lambda a, b: a == b, NE: lambda a, b: a != b, LT: lambda a, b: a < b,
    LE: lambda a, b: a <= b, GT: lambda a, b: a > b, GE: lambda a, b: a >= b,
    And: lambda a, b: bool(a) and bool(b), Or: lambda a, b: bool(a) or bool(b),
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
        if type(n) is Var and id(n) in ids:
            return True
    return False


def match_reduction(loop: For, allow_gpu: bool) -> ReductionPlan | None:
    """``for k.. { [blocks] T[idx] = op(T[idx], rhs) }`` with ``idx`` independent of the loops."""
    loops: list[For] = []
    subst: dict[Var, Expr] = {}
    node: Stmt = loop
    while True:
        if type(node) is For:
            if node.kind.is_gpu and not allow_gpu:
                return None
            loops.append(node)
            node = node.body
        elif type(node) is Block:
            if len(node.stmts) != 1:
                return None
            node = node.stmts[0]
        elif type(node) is ScheduleBlockRealize:
            for iv, val in zip(node.block.iter_vars, node.iter_values):
                subst[iv] = substitute(val, subst) if subst else val
            node = node.block.body
        elif type(node) is Store:
            break
        else:
            return None
    st: Store = node
    v = st.value
    if not isinstance(v, BinaryOp) or v.KIND not in _REDUCE_KINDS:
        return None
    key = storage_key(st.tensor)
    for mine, other in ((v.a, v.b), (v.b, v.a)):
        if (type(mine) is Load and storage_key(mine.tensor) == key
                and structural_equal(tuple(mine.tensor.shape), tuple(st.tensor.shape))
                and structural_equal(tuple(mine.indices), tuple(st.indices))
                and not any(type(n) is Load and storage_key(n.tensor) == key for n in walk(other))
                and not any(type(n) is Call and any(not isinstance(a, Expr) for a in n.args) for n in walk(other))):
            idx = tuple(substitute(i, subst) if subst else i for i in st.indices)
            ids = {id(lp.loop_var) for lp in loops}
            if any(uses_vars(i, ids) for i in idx):
                return None
            return ReductionPlan(loops, st, v.KIND, other, idx)
    return None


def linear_coeff(e: Expr, v: Var) -> int | None:
    """The constant coefficient of ``v`` in ``e`` if ``e`` is affine in ``v``, else None."""
    if type(e) is Var:
        return 1 if e is v else 0
    if type(e) is IntImm or type(e) is FloatImm:
        return 0
    if type(e) is Add or type(e) is Sub:
        a, b = linear_coeff(e.a, v), linear_coeff(e.b, v)
        if a is None or b is None:
            return None
        return a + b if type(e) is Add else a - b
    if type(e) is Minus:
        a = linear_coeff(e.a, v)
        return None if a is None else -a
    if type(e) is Mul:
        ca, cb = const_int(e.a), const_int(e.b)
        if ca is not None:
            c = linear_coeff(e.b, v)
            return None if c is None else ca * c
        if cb is not None:
            c = linear_coeff(e.a, v)
            return None if c is None else cb * c
    if type(e) is Cast and e.dtype.is_int and e.value.dtype.is_int and e.dtype.bits >= e.value.dtype.bits:
        return linear_coeff(e.value, v)
    return None if uses_vars(e, {id(v)}) else 0


def simd_safe(loop: For) -> bool:
    """Whether the iterations of the innermost loop ``loop`` touch disjoint elements of every
    buffer the loop writes (so ``omp simd`` cannot change the result)."""
    acc: dict[str, list[tuple[Tensor, tuple, bool]]] = {}
    if not _collect(loop.body, {}, acc):
        return False
    for n in walk(loop.body):  # no loads that only run under a condition (simd could speculate them)
        if type(n) is Select and any(type(m) is Load for b in (n.true_value, n.false_value)
                                         for m in walk(b)):
            return False
        if type(n) is IfThenElse and any(type(m) is Load for m in walk(n)):
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
        if type(n) is Load:
            idx = tuple(substitute(i, subst) for i in n.indices) if subst else tuple(n.indices)
            acc.setdefault(storage_key(n.tensor), []).append((n.tensor, idx, False))
        elif type(n) is Call and any(not isinstance(a, Expr) for a in n.args):
            return False
    return True


def _collect(s: Stmt, subst: dict, acc: dict) -> bool:
    if type(s) is Store:
        if not (_reads(s.value, subst, acc) and all(_reads(i, subst, acc) for i in s.indices)):
            return False
        idx = tuple(substitute(i, subst) for i in s.indices) if subst else tuple(s.indices)
        acc.setdefault(storage_key(s.tensor), []).append((s.tensor, idx, True))
        return True
    if type(s) is Block:
        sub = subst
        for c in s.stmts:
            if type(c) is Let:
                if c.value is None or not _reads(c.value, sub, acc):
                    return False
                sub = {**sub, c.var: substitute(c.value, sub) if sub else c.value}
            elif not _collect(c, sub, acc):
                return False
        return True
    if type(s) is IfThenElse:
        return (_reads(s.condition, subst, acc) and _collect(s.then_case, subst, acc)
                and (s.else_case is None or _collect(s.else_case, subst, acc)))
    if type(s) is ScheduleBlockRealize:
        sub = dict(subst)
        for iv, val in zip(s.block.iter_vars, s.iter_values):
            if not _reads(val, subst, acc):
                return False
            sub[iv] = substitute(val, subst) if subst else val
        return _collect(s.block.body, sub, acc)
    return False  # loops, lets outside blocks, calls for effect


def speculation_safe(e: Any) -> bool:
    """Both sides of a Select may be evaluated: their loads are loads the condition makes anyway,
    and they call nothing but math."""
    cond_loads = [n for n in walk(e.condition) if type(n) is Load]
    for side in (e.true_value, e.false_value):
        for n in walk(side):
            if type(n) is Load:
                if not any(m.tensor is n.tensor and structural_equal(tuple(m.indices), tuple(n.indices))
                           for m in cond_loads):
                    return False
            elif type(n) is Call and CROSS_THREAD_RE.match(n.name) or (type(n) is Div or type(n) is Mod) and not n.dtype.is_float:
                return False
    return True


def has_loop(s: Node) -> bool:
    return any(type(n) is For for n in walk(s))


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
