"""Steps 4 and 5, horizontal and vertical loop fusion of aligned nests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pirc.cinn.ast.equality import structural_equal
from pirc.cinn.ast.fields import Shape
from pirc.cinn.ast.nodes import (
    Block,
    Buffer,
    Expr,
    For,
    Load,
    ScheduleBlockRealize,
    Stmt,
    Store,
    Tensor,
    Var,
)
from pirc.cinn.ast.visitor import substitute, walk
from pirc.cinn.lower.to_ast import (
    read_tensors,
    written_tensors,
)
from pirc.cinn.schedule.group.info import ScheduleInfo, nest_computes, perfect_loops, root_stmts, with_stmts


def _n_spatial_loops(info: ScheduleInfo) -> int:
    m = info.master
    if m is None or not m.S:
        return 0
    return 1 if info.cuda else len(m.S)


def is_aligned(stmt: Stmt, info: ScheduleInfo) -> bool:
    names = nest_computes(stmt, info)
    return bool(names) and all(info.blocks[n].level is not None for n in names)


@dataclass
class Nest:
    loops: list[For]
    body: list[Stmt]
    aligned: bool
    stmt: Stmt | None = None  # an unaligned nest as it is
    # what fusion asks of a nest again and again, kept up to date as statements join it
    _writes: set[str] | None = None
    _stores: dict[str, list[Access]] | None = None
    _inner: set[int] | None = None

    def writes(self) -> set[str]:
        if self._writes is None:
            self._writes = set(written_tensors(Block(tuple(self.body)) if self.stmt is None else self.stmt))
        return self._writes

    def reads(self) -> set[str]:
        return set(read_tensors(Block(tuple(self.body)) if self.stmt is None else self.stmt))

    def stores(self) -> dict[str, list[Access]]:
        """The stores below the spatial loops, by tensor (index in loop variables)."""
        if self._stores is None:
            self._stores = {}
            self._add_stores(self.body)
        return self._stores

    def inner_vars(self) -> set[int]:
        """The variables of the loops inside the spatial ones (ids)."""
        if self._inner is None:
            self._inner = {id(x.loop_var) for s in self.body for x in walk(s) if isinstance(x, For)}
        return self._inner

    def _add_stores(self, stmts: Sequence[Stmt]) -> None:
        assert self._stores is not None
        spatial = {id(lp.loop_var) for lp in self.loops}
        for a in _accesses(stmts, spatial):
            if a.kind == "store":
                self._stores.setdefault(a.tensor, []).append(a)

    def extend(self, stmts: Sequence[Stmt]) -> None:
        self.body.extend(stmts)
        if self._writes is not None:
            for s in stmts:
                self._writes |= set(written_tensors(s))
        if self._stores is not None:
            self._add_stores(stmts)
        if self._inner is not None:
            self._inner |= {id(x.loop_var) for s in stmts for x in walk(s) if isinstance(x, For)}

    def build(self) -> Stmt:
        if self.stmt is not None:
            return self.stmt
        inner: Stmt = self.body[0] if len(self.body) == 1 else Block(tuple(self.body))
        for lp in reversed(self.loops):
            inner = lp.replace(body=inner if isinstance(inner, Block) else Block((inner,)))
        return inner


def as_nest(st: Stmt, info: ScheduleInfo) -> Nest:
    if not is_aligned(st, info):
        return Nest([], [], False, st)
    n = _n_spatial_loops(info)
    if n == 0:
        return Nest([], list(st.stmts) if isinstance(st, Block) else [st], True)
    pl = perfect_loops(st, n)
    if pl is None:
        return Nest([], [], False, st)
    return Nest(pl[0], pl[1], True)


@dataclass
class Access:
    kind: str  # "load" / "store"
    tensor: str
    index: tuple  # with the block bindings inlined
    inner: tuple[For, ...]  # the non-spatial loops around it, outermost first


def _accesses(stmts: Sequence[Stmt], spatial: set[int]) -> list[Access]:
    """Every Load / Store below ``stmts``, with its index in loop variables and the
    non-spatial (reduce / element) loops around it."""
    out: list[Access] = []

    def go(node: Any, subst: dict, inner: tuple[For, ...]) -> None:
        if isinstance(node, ScheduleBlockRealize):
            m = dict(subst)
            for iv, v in zip(node.block.iter_vars, node.iter_values):
                m[iv] = substitute(v, subst) if subst else v
            go(node.block.body, m, inner)
            return
        if isinstance(node, For):
            go(node.body, subst, inner if id(node.loop_var) in spatial else inner + (node,))
            return
        if isinstance(node, (Load, Store)):
            idx = tuple(substitute(i, subst) if subst else i for i in node.indices)
            out.append(Access("load" if isinstance(node, Load) else "store", node.tensor.name, idx, inner))
        for f in node._CHILD_FIELDS:
            v = getattr(node, f.name)
            if isinstance(v, (Tensor, Buffer)):
                continue
            if f.shape is Shape.NODES:
                for x in v:
                    if not isinstance(x, (Tensor, Buffer)):
                        go(x, subst, inner)
            elif v is not None:
                go(v, subst, inner)

    for s in stmts:
        go(s, {}, ())
    return out


def _same_row(store: Access, load: Access) -> bool:
    """The load reads, in its own loops over the row, the element the store wrote in its
    loops over the same row (the same extents, the same index with the loops matched)."""
    if len(store.inner) != len(load.inner) or not store.inner:
        return False
    if not all(structural_equal(a.extent, b_.extent) for a, b_ in zip(store.inner, load.inner)):
        return False
    moved = tuple(substitute(i, {a.loop_var: b_.loop_var for a, b_ in zip(store.inner, load.inner)})
                  for i in store.index)
    return structural_equal(moved, tuple(load.index), map_free_vars=False)


def _same_iteration(g: Nest, body_n: Sequence[Stmt], row_reads: set[str] | None = None) -> bool:
    """Every value the statements ``body_n`` (renamed into g's spatial loops) read from ``g``
    was stored by ``g`` at the same spatial point, outside g's inner (reduce / element)
    loops' dependence on their own variables; for a tensor in ``row_reads`` (computed once
    and read over the row, :mod:`.recompute`), at the same spatial point and the same
    position of the row."""
    spatial = {id(lp.loop_var) for lp in g.loops}
    stores = g.stores()
    # an index of the spatial loops and the kernel's symbols (S1 in ``f / S1``), not of g's inner loops
    inner = g.inner_vars()
    for a in _accesses(body_n, spatial):
        if a.kind != "load" or a.tensor not in stores:
            continue
        ok = False
        for st in stores[a.tensor]:
            if structural_equal(tuple(st.index), tuple(a.index), map_free_vars=False) and not _uses_vars(st.index,
                                                                                                       inner):
                ok = True
                break
            if row_reads and a.tensor in row_reads and _same_row(st, a):
                ok = True
                break
        if not ok:
            return False
    return True


def _uses_vars(idx: Sequence[Expr], vars_: set[int]) -> bool:
    return any(isinstance(x, Var) and id(x) in vars_ for e in idx for x in walk(e))


def _fuse(root: ScheduleBlockRealize, info: ScheduleInfo, allow_dep: bool) -> ScheduleBlockRealize:
    groups: list[Nest] = []
    for st in root_stmts(root):
        n = as_nest(st, info)
        placed = False
        if n.aligned:
            nreads = n.reads()
            for gi in range(len(groups) - 1, -1, -1):
                g = groups[gi]
                if g.aligned and len(g.loops) == len(n.loops) and all(
                        structural_equal(a.extent, b_.extent) for a, b_ in zip(g.loops, n.loops)):
                    rename = {b_.loop_var: a.loop_var for a, b_ in zip(g.loops, n.loops)}
                    dep = nreads & g.writes()
                    if not dep:
                        g.extend([substitute(s, rename) for s in n.body])
                        placed = True
                        break
                    if allow_dep:
                        body_n = [substitute(s, rename) for s in n.body]
                        if _same_iteration(g, body_n, info.row_reads):
                            g.extend(body_n)
                            placed = True
                            break
                if nreads & g.writes():
                    break
        if not placed:
            groups.append(n)
    return with_stmts(root, [g.build() for g in groups])


def horizontal_fusion(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 4: merge nests with the same spatial loops that do not depend on each other."""
    return _fuse(root, info, allow_dep=False)


def vertical_fusion(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 5: merge a consumer nest into its producer's when it reads the producer's values
    only at the spatial point they were computed at."""
    return _fuse(root, info, allow_dep=True)
