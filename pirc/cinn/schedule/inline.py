"""compute_inline (a producer's value substituted into its readers) and
reverse_compute_inline (a consumer's computation moved into its producer's store)."""

from __future__ import annotations

from typing import Any

from pirc.cinn.ast.equality import structural_equal
from pirc.cinn.ast.nodes import Expr, For, IntImm, Load, ScheduleBlockRealize, Store, Var
from pirc.cinn.ast.visitor import Mutator, substitute, walk
from pirc.cinn.schedule.tree import (
    Tree,
    block_path,
    block_store,
    fail,
    get_block,
    is_output,
    is_reduce_block,
    loads_of,
    own_stores,
    realizes,
    remove_stmt,
    replace,
    storage,
    stores_of,
)


def _index_map(r: ScheduleBlockRealize, st: Store, what: str) -> list[Var | int]:
    """Per stored dim: the iter var it is (each once) or a constant."""
    out: list[Var | int] = []
    ivs = {id(v) for v in r.block.iter_vars}
    seen: set[int] = set()
    for e in st.indices:
        if isinstance(e, Var) and id(e) in ivs and id(e) not in seen:
            seen.add(id(e))
            out.append(e)
        elif isinstance(e, IntImm):
            out.append(e.value)
        else:
            raise fail(f"cannot {what} block '{r.block.name}': it stores {st.tensor.name} at a computed index "
                       "(each index must be one of its iter vars or a constant)", r)
    if len(seen) != len(ivs):
        raise fail(f"cannot {what} block '{r.block.name}': not every iter var indexes the stored tensor", r)
    return out


def _outer_loop_vars(tree: Tree, r: ScheduleBlockRealize) -> set[int]:
    return {id(n.loop_var) for n in block_path(tree, r.block.name) if isinstance(n, For)}


class _InlineLoads(Mutator):
    def __init__(self, buffer_name: str, imap: list[Var | int], value: Expr, where: ScheduleBlockRealize) -> None:
        super().__init__()
        self.buffer_name, self.imap, self.value, self.where = buffer_name, imap, value, where

    def visit_Load(self, node: Load) -> Any:
        idx = tuple(self.visit(i) for i in node.indices)
        if storage(node.tensor) != self.buffer_name:
            return node if all(a is b for a, b in zip(idx, node.indices)) else node.replace(indices=idx)
        m: dict[Var, Expr] = {}
        for want, got in zip(self.imap, idx):
            if isinstance(want, int):
                if not (isinstance(got, IntImm) and got.value == want):
                    raise fail(f"cannot inline block '{self.where.block.name}': {node.tensor.name} is read at "
                               f"an index it does not store", self.where)
            else:
                m[want] = got
        return substitute(self.value, m)


def compute_inline(tree: Tree, block: str) -> Tree:
    """Replace every read of ``block``'s tensor by the block's value and remove the block.
    The block must be a single non-reduction store indexed by its iter vars, and its tensor
    must not leave the function."""
    r = get_block(tree, block)
    if is_reduce_block(r):
        raise fail(f"cannot inline reduction block '{block}'", r)
    st = block_store(r)
    buf = storage(st.tensor)
    if is_output(tree, st.tensor):
        raise fail(f"cannot inline block '{block}': {st.tensor.name} is an output of the function", r)
    if len(stores_of(tree, buf)) != 1:
        raise fail(f"cannot inline block '{block}': another block also writes {st.tensor.name}", r)
    if loads_of(st.value, buf):
        raise fail(f"cannot inline block '{block}': it reads its own tensor", r)
    outer = _outer_loop_vars(tree, r)
    if any(isinstance(n, Var) and id(n) in outer for n in walk(st.value)):
        raise fail(f"cannot inline block '{block}': its value uses loop variables that are not its iter vars", r)
    imap = _index_map(r, st, "inline")
    out = remove_stmt(tree, r)
    return _InlineLoads(buf, imap, st.value, r).visit(out)


def reverse_compute_inline(tree: Tree, block: str) -> Tree:
    """Move consumer ``block`` (``C[..] = f(P[iter vars])``, reading one producer ``P`` that
    nothing else reads) into ``P``'s block: the producer then stores ``C`` directly."""
    c = get_block(tree, block)
    if is_reduce_block(c):
        raise fail(f"cannot reverse-inline reduction block '{block}'", c)
    cst = block_store(c)
    written = {storage(s.tensor) for r in realizes(tree) if r is not c for s in own_stores(r)}
    producers = {storage(n.tensor) for n in walk(cst.value) if isinstance(n, Load) and storage(n.tensor) in written}
    if len(producers) != 1:
        raise fail(f"cannot reverse-inline block '{block}': it reads {len(producers)} tensors other blocks "
                   "write (needs exactly one)", c)
    pbuf = producers.pop()
    loads = loads_of(cst.value, pbuf)
    idx0 = loads[0].indices
    for ld in loads[1:]:
        if not structural_equal(tuple(ld.indices), tuple(idx0)):
            raise fail(f"cannot reverse-inline block '{block}': it reads {ld.tensor.name} at two indices", c)
    civs = {id(v) for v in c.block.iter_vars}
    if len({id(e) for e in idx0 if isinstance(e, Var)}) != len(civs) or not all(
            isinstance(e, Var) and id(e) in civs or isinstance(e, IntImm) for e in idx0):
        raise fail(f"cannot reverse-inline block '{block}': it must read {loads[0].tensor.name} at its own "
                   "iter vars, each once", c)
    if len(loads_of(tree, pbuf)) != len(loads):
        raise fail(f"cannot reverse-inline block '{block}': {loads[0].tensor.name} has other readers", c)
    pblocks = [r for r in realizes(tree) if any(storage(s.tensor) == pbuf for s in own_stores(r))]
    if len(pblocks) != 1:
        raise fail(f"cannot reverse-inline block '{block}': {len(pblocks)} blocks write "
                   f"{loads[0].tensor.name}", c)
    p = pblocks[0]
    if is_reduce_block(p):
        raise fail(f"cannot reverse-inline block '{block}' into reduction block '{p.block.name}'", c)
    pst = block_store(p)
    if is_output(tree, pst.tensor):
        raise fail(f"cannot reverse-inline block '{block}': {pst.tensor.name} is an output of the function", c)
    outer = _outer_loop_vars(tree, c)
    if any(isinstance(n, Var) and id(n) in outer for n in walk(cst)):
        raise fail(f"cannot reverse-inline block '{block}': it uses loop variables that are not its iter vars", c)
    m: dict[Var, Expr] = {}
    for e, pe_ in zip(idx0, pst.indices):
        if isinstance(e, Var):
            m[e] = pe_
        elif not (isinstance(pe_, IntImm) and pe_.value == e.value):
            raise fail(f"cannot reverse-inline block '{block}': it reads an element its producer does not store", c)
    new_value = _ReplaceLoads(pbuf, pst.value).visit(substitute(cst.value, m))
    new_store = Store(cst.tensor, tuple(substitute(i, m) for i in cst.indices), new_value, span=cst.span)
    out = replace(tree, pst, new_store)
    return remove_stmt(out, get_block(out, block))


class _ReplaceLoads(Mutator):
    def __init__(self, buffer_name: str, value: Expr) -> None:
        super().__init__()
        self.buffer_name, self.value = buffer_name, value

    def visit_Load(self, node: Load) -> Any:
        if storage(node.tensor) == self.buffer_name:
            return self.value
        return self.generic_mutate(node)


__all__ = ["compute_inline", "reverse_compute_inline"]
