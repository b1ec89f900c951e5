"""What the group-schedule steps share: the schedule state (:class:`ScheduleInfo`) and tree helpers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pirc.cinn.ast.fields import Shape
from pirc.cinn.ast.nodes import (
    Block,
    Buffer,
    Expr,
    For,
    ForKind,
    ScheduleBlock,
    ScheduleBlockRealize,
    Stmt,
    Store,
    Tensor,
    Var,
)
from pirc.cinn.ast.visitor import walk
from pirc.cinn.lower import reduce_strategy as rs
from pirc.cinn.lower.compute import ComputeOp, LowerContext
from pirc.cinn.lower.symbolic import Dim


@dataclass
class Master:
    """The iteration space blocks are aligned to: spatial dims ``S`` then reduced dims ``R``
    (both without size-1 dims), and, for a reduction of an operand, its dims and axes."""

    name: str
    S: list[Dim]
    R: list[Dim]
    in_dims: tuple[Dim, ...] | None = None
    axes: tuple[int, ...] | None = None
    last_axis_reduce: bool = True


@dataclass
class BlockInfo:
    compute: ComputeOp
    level: str | None = None  # "S" / "SR" once aligned, None when unaligned
    inlined: bool = False

    @property
    def name(self) -> str:
        return self.compute.name


@dataclass
class ScheduleInfo:
    ctx: LowerContext
    target: str  # "cuda" or "c"
    blocks: dict[str, BlockInfo]  # compute name -> info
    keep_global: set[str] = field(default_factory=set)  # tensors other kernels / the host read
    master: Master | None = None
    strategy: rs.ReduceStrategy | None = None
    inline_limit: int = 2000
    s_var: Var | None = None  # CUDA: the fused spatial loop variable of aligned nests
    keep_temp: set[str] = field(default_factory=set)  # buffers that stay temps (not one-element locals)
    params: dict[str, Any] = field(default_factory=dict)  # tuned schedule parameters (pirc-tune)
    #: values computed once instead of inlined (recompute.plan_materialise), and of those, the
    #: ones consumers read over the same row (name -> RowSpec for those held in a row buffer)
    materialised: set[str] = field(default_factory=set)
    row_reads: set[str] = field(default_factory=set)
    rows: dict[str, Any] = field(default_factory=dict)
    cuts: set[str] = field(default_factory=set)  # of those, the ones stored to end a kernel

    def compute(self, block_name: str) -> ComputeOp | None:
        bi = self.blocks.get(block_name)
        return bi.compute if bi is not None else None

    @property
    def cuda(self) -> bool:
        return self.target == "cuda"




def _root_body(stmts: Sequence[Stmt]) -> Stmt:
    """One nest is the root's body itself (CINN prints it so), several are a Block of nests;
    a lone nest that is a Block gets wrapped so that root_stmts() finds it again."""
    if len(stmts) == 1 and not isinstance(stmts[0], Block):
        return stmts[0]
    return Block(tuple(stmts))


def make_root(stmts: Sequence[Stmt]) -> ScheduleBlockRealize:
    return ScheduleBlockRealize((), ScheduleBlock("root", (), _root_body(stmts)))


def root_stmts(root: ScheduleBlockRealize) -> list[Stmt]:
    body = root.block.body
    if isinstance(body, Block):
        return list(body.stmts)
    return [body]


def with_stmts(root: ScheduleBlockRealize, stmts: Sequence[Stmt]) -> ScheduleBlockRealize:
    return root.replace(block=root.block.replace(body=_root_body(stmts)))


def realizes(node: Any) -> list[ScheduleBlockRealize]:
    return [n for n in walk(node) if isinstance(n, ScheduleBlockRealize)]


def block_names(node: Any) -> list[str]:
    return [r.block.name for r in realizes(node)]


def main_block_name(stmt: Stmt, info: ScheduleInfo) -> str | None:
    """The compute a top-level nest belongs to (its first block that is a compute)."""
    for n in walk(stmt):
        if isinstance(n, ScheduleBlockRealize) and n.block.name in info.blocks:
            return n.block.name
    return None


def nest_computes(stmt: Stmt, info: ScheduleInfo) -> list[str]:
    seen: dict[str, None] = {}
    for name in block_names(stmt):
        if name in info.blocks:
            seen.setdefault(name, None)
    return list(seen)


def perfect_loops(stmt: Stmt, n: int) -> tuple[list[For], list[Stmt]] | None:
    """The ``n`` outer loops of a perfect nest and the innermost body's statements."""
    loops: list[For] = []
    cur: Stmt = stmt
    for _ in range(n):
        if isinstance(cur, Block) and len(cur.stmts) == 1:
            cur = cur.stmts[0]
        if not isinstance(cur, For):
            return None
        loops.append(cur)
        cur = cur.body
    stmts = list(cur.stmts) if isinstance(cur, Block) else [cur]
    return loops, stmts


def wrap_loops(loops: Sequence[tuple[Var, Expr, ForKind]], body: Sequence[Stmt], zero: Callable[[Var], Expr]) -> Stmt:
    inner: Stmt = body[0] if len(body) == 1 else Block(tuple(body))
    for v, ext, kind in reversed(list(loops)):
        inner = For(v, zero(v), ext, inner, kind=kind)
    return inner


def tree_size(e: Any, memo: dict[int, int] | None = None) -> int:
    """Nodes of an expression counted as a tree (a shared node once per use)."""
    if memo is None:
        memo = {}
    k = id(e)
    hit = memo.get(k)
    if hit is not None:
        return hit
    n = 1
    for f in e._CHILD_FIELDS:
        v = getattr(e, f.name)
        if isinstance(v, (Tensor, Buffer)):
            continue
        if f.shape is Shape.NODES:
            for x in v:
                if not isinstance(x, (Tensor, Buffer)):
                    n += tree_size(x, memo)
        elif v is not None:
            n += tree_size(v, memo)
    memo[k] = n
    return n


def block_store(sb: ScheduleBlock) -> Store | None:
    body = sb.body
    if isinstance(body, Store):
        return body
    if isinstance(body, Block) and len(body.stmts) == 1 and isinstance(body.stmts[0], Store):
        return body.stmts[0]
    return None
