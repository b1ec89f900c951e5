"""compute_at (a producer's nest moved into a consumer's loop) and reverse_compute_at (a
consumer's nest moved into a producer's loop).

Both need the moved nest's outer loops to match the target loop and the loops around it
(same extents); those loops are then shared and the rest of the nest goes inside the
target loop.  Legality is checked on the element accesses: compute_at needs every read of
the producer's tensor to lie in what one iteration of the shared loops computes (the
shared dims at the same index, the others over the whole dim); reverse_compute_at needs
every value the consumer reads from the target loop to be stored at the same point.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pirc.cinn.ast.equality import structural_equal
from pirc.cinn.ast.nodes import Block, Expr, For, ForKind, Load, Node, ScheduleBlockRealize, Stmt, Store, Var
from pirc.cinn.ast.visitor import substitute, walk
from pirc.cinn.schedule.tree import (
    LoopRef,
    Tree,
    block_path,
    fail,
    find_loop,
    get_block,
    is_zero,
    loop_path,
    realizes,
    remove_stmt,
    replace,
    single,
    stmt_children,
    storage,
)


def accesses(node: Node, subst: dict | None = None) -> Iterator[tuple[str, str, tuple[Expr, ...], Node]]:
    """(``"load"``/``"store"``, buffer, indices in loop variables, the access) for every access
    below ``node`` (schedule-block iter vars replaced by the values bound to them)."""
    subst = subst or {}
    if isinstance(node, ScheduleBlockRealize):
        vals = tuple(substitute(v, subst) for v in node.iter_values)
        inner = dict(subst)
        inner.update(zip(node.block.iter_vars, vals))
        yield from accesses(node.block.body, inner)
        return
    if isinstance(node, Store):
        yield "store", storage(node.tensor), tuple(substitute(i, subst) for i in node.indices), node
        for n in walk(node.value):
            if isinstance(n, Load):
                yield "load", storage(n.tensor), tuple(substitute(i, subst) for i in n.indices), n
        return
    kids = stmt_children(node)
    if not kids:
        for n in walk(node):
            if isinstance(n, Load):
                yield "load", storage(n.tensor), tuple(substitute(i, subst) for i in n.indices), n
        return
    if isinstance(node, For):
        for e in (node.min, node.extent):
            for n in walk(e):
                if isinstance(n, Load):
                    yield "load", storage(n.tensor), tuple(n.indices), n
    for k in kids:
        yield from accesses(k, subst)


def _split_paths(tree: Tree, moved: list[Node], target: For, what: str, name: str) -> tuple[int, list[For], list[For]]:
    tp = loop_path(tree, target)
    if any(n is target for n in moved):
        raise fail(f"cannot {what} block '{name}': it is already inside loop '{target.loop_var.name}'", target)
    k = 0
    while k < min(len(moved), len(tp)) and moved[k] is tp[k]:
        k += 1
    if not isinstance(moved[k - 1], Block):
        raise fail(f"cannot {what} block '{name}' at loop '{target.loop_var.name}': they are not in one "
                   "statement list", target)
    own = [n for n in moved[k:] if isinstance(n, For)]
    tgt = [n for n in tp[k:] if isinstance(n, For)]
    if len(own) < len(tgt):
        raise fail(f"cannot {what} block '{name}' at loop '{target.loop_var.name}': the block has "
                   f"{len(own)} loops of its own, the target is {len(tgt)} deep", target)
    for j in range(len(tgt)):
        a, b = own[j], tgt[j]
        if not is_zero(a.min) or not is_zero(b.min) or not structural_equal(a.extent, b.extent):
            raise fail(f"cannot {what} block '{name}' at loop '{target.loop_var.name}': loop "
                       f"'{a.loop_var.name}' does not match loop '{b.loop_var.name}' (extent or minimum)", target)
        if a.kind is not ForKind.SERIAL:
            raise fail(f"cannot {what} block '{name}': its loop '{a.loop_var.name}' is {a.kind.value}", target)
        if j + 1 < len(tgt) and single(a.body) is not own[j + 1]:
            raise fail(f"cannot {what} block '{name}': loop '{a.loop_var.name}' holds more than the next loop",
                       target)
    return k, own, tgt


def _covers(sidx: tuple[Expr, ...], idx: tuple[Expr, ...], inner: dict[int, For], tensor: Any) -> str | None:
    """Why one iteration of the shared loops, which stores ``sidx`` (over its ``inner`` loops),
    does not produce element ``idx``; None when it does."""
    for j, (want, got) in enumerate(zip(sidx, idx)):
        vs = [n for n in walk(want) if isinstance(n, Var) and id(n) in inner]
        if not vs:
            if not structural_equal(want, got):
                return f"a read of {tensor.name} needs elements another iteration computes"
            continue
        lp = inner[id(vs[0])]
        if not (want is lp.loop_var and is_zero(lp.min) and structural_equal(lp.extent, tensor.shape[j])):
            return f"dim {j} of {tensor.name} is not computed whole by one loop"
        if sum(1 for e in sidx for n in walk(e) if n is want) != 1:
            return f"loop '{lp.loop_var.name}' indexes two dims of {tensor.name}"
    return None


def _between(blk: Block, a: Node, b: Node) -> list[Stmt]:
    ia = next(i for i, s in enumerate(blk.stmts) if s is a)
    ib = next(i for i, s in enumerate(blk.stmts) if s is b)
    lo, hi = sorted((ia, ib))
    return list(blk.stmts[lo + 1:hi])


def compute_at(tree: Tree, block: str, loop: LoopRef) -> Tree:
    """Move producer ``block`` (a single store) into consumer loop ``loop``: each iteration of
    the loop first computes the part of the producer's tensor it reads."""
    r = get_block(tree, block)
    target = find_loop(tree, loop)
    pp = block_path(tree, block)
    k, own, tgt = _split_paths(tree, pp, target, "compute_at", block)
    root = pp[k]
    blk = pp[k - 1]
    assert isinstance(blk, Block)
    tp = loop_path(tree, target)
    troot = tp[k]
    if [s is root for s in blk.stmts].index(True) > [s is troot for s in blk.stmts].index(True):
        raise fail(f"cannot compute_at block '{block}': it comes after loop '{target.loop_var.name}'", target)
    if [x for x in realizes(root) if x is not r]:
        raise fail(f"cannot compute_at block '{block}': its nest holds other blocks too", r)
    stores = [a for a in accesses(r) if a[0] == "store"]
    if len(stores) != 1:
        raise fail(f"cannot compute_at block '{block}': it is not a single store", r)
    d = len(tgt)
    rename = {own[j].loop_var: tgt[j].loop_var for j in range(d)}
    inner = {id(lp.loop_var): lp for lp in own[d:]}
    buf = stores[0][1]
    sidx = tuple(substitute(substitute(i, {}), rename) for i in stores[0][2])
    tensor = stores[0][3].tensor  # type: ignore[attr-defined]
    reads_in = [a for a in accesses(target.body) if a[0] == "load" and a[1] == buf]
    reads_all = [a for a in accesses(tree) if a[0] == "load" and a[1] == buf]
    if len(reads_all) != len(reads_in):
        raise fail(f"cannot compute_at block '{block}': {tensor.name} is also read outside loop "
                   f"'{target.loop_var.name}'", target)
    for _, _, idx, node in reads_in:
        why = _covers(sidx, idx, inner, tensor)
        if why:
            raise fail(f"cannot compute_at block '{block}' at loop '{target.loop_var.name}': {why}", target)
    written = {a[1] for s in _between(blk, root, troot) for a in accesses(s) if a[0] == "store"}
    read_by_p = {a[1] for a in accesses(r) if a[0] == "load"}
    if written & read_by_p:
        raise fail(f"cannot compute_at block '{block}': a statement before loop '{target.loop_var.name}' writes "
                   f"{min(written & read_by_p)}, which the block reads", target)
    moved = substitute(own[d - 1].body, rename)
    new_target = target.replace(body=Block(tuple(moved.stmts) + tuple(target.body.stmts)))
    out = replace(tree, target, new_target)
    return remove_stmt(out, root)


def reverse_compute_at(tree: Tree, block: str, loop: LoopRef) -> Tree:
    """Move consumer ``block``'s nest into producer loop ``loop``: each iteration of the loop
    then consumes what it has just produced."""
    get_block(tree, block)
    target = find_loop(tree, loop)
    cp = block_path(tree, block)
    k, own, tgt = _split_paths(tree, cp, target, "reverse_compute_at", block)
    root = cp[k]
    blk = cp[k - 1]
    assert isinstance(blk, Block)
    tp = loop_path(tree, target)
    troot = tp[k]
    if [s is root for s in blk.stmts].index(True) < [s is troot for s in blk.stmts].index(True):
        raise fail(f"cannot reverse_compute_at block '{block}': it comes before loop '{target.loop_var.name}'",
                   target)
    d = len(tgt)
    rename = {own[j].loop_var: tgt[j].loop_var for j in range(d)}
    inner = {id(n.loop_var): n for n in walk(target.body) if isinstance(n, For)}
    stores: dict[str, list[tuple[tuple[Expr, ...], Any]]] = {}
    for kind, buf, idx, node in accesses(target.body):
        if kind == "store":
            stores.setdefault(buf, []).append((idx, node.tensor))  # type: ignore[attr-defined]
    moved = substitute(own[d - 1].body, rename)
    for kind, buf, idx, node in accesses(moved):
        if kind != "load" or buf not in stores:
            continue
        whys = [_covers(sidx, idx, inner, t) for sidx, t in stores[buf]]
        if all(whys):
            raise fail(f"cannot reverse_compute_at block '{block}' at loop '{target.loop_var.name}': {whys[0]}",
                       target)
    between = _between(blk, troot, root)
    w_between = {a[1] for s in between for a in accesses(s) if a[0] == "store"}
    r_between = {a[1] for s in between for a in accesses(s) if a[0] == "load"}
    mine = list(accesses(moved))
    if w_between & {a[1] for a in mine if a[0] == "load"} or r_between & {a[1] for a in mine if a[0] == "store"}:
        raise fail(f"cannot reverse_compute_at block '{block}': a statement between it and loop "
                   f"'{target.loop_var.name}' depends on it", target)
    new_target = target.replace(body=Block(tuple(target.body.stmts) + tuple(moved.stmts)))
    out = replace(tree, target, new_target)
    return remove_stmt(out, root)


__all__ = ["accesses", "compute_at", "reverse_compute_at"]
