"""What every schedule primitive shares: finding blocks and loops in a tree, replacing and
removing statements, located errors.

A *tree* is a :class:`~pirc.cinn.ast.LoweredFunc` or any statement (usually the
``ScheduleBlock(root)`` realize).  Trees are immutable: a primitive returns a new tree.
Loops are named by their loop variable (a :class:`~pirc.cinn.ast.Var`, which survives
rewrites) or by a :class:`~pirc.cinn.ast.For` of any earlier version of the tree; blocks by
their name, as in CINN's IRSchedule.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from pirc.cinn.ast.nodes import (
    ArgIO,
    Block,
    Buffer,
    Expr,
    For,
    IfThenElse,
    IntImm,
    IterType,
    Load,
    LoweredFunc,
    Node,
    ScheduleBlock,
    ScheduleBlockRealize,
    Stmt,
    Store,
    Tensor,
    Var,
    ast_error,
)
from pirc.cinn.ast.visitor import Mutator, replace_nodes, walk
from pirc.diagnostics import PircError

Tree = LoweredFunc | Stmt
LoopRef = For | Var


def fail(message: str, node: Any = None) -> PircError:
    """A located error at ``node``'s span (the ``.ast`` line a parsed node came from)."""
    return ast_error(f"schedule: {message}", getattr(node, "span", None))


# ---------------------------------------------------------------------------------------
# statement structure
# ---------------------------------------------------------------------------------------


def stmt_children(n: Node) -> list[Node]:
    """The statement-level children of ``n`` (no expressions)."""
    if isinstance(n, Block):
        return list(n.stmts)
    if isinstance(n, For):
        return [n.body]
    if isinstance(n, IfThenElse):
        return [n.then_case] + ([n.else_case] if n.else_case is not None else [])
    if isinstance(n, ScheduleBlockRealize):
        return [n.block]
    if isinstance(n, ScheduleBlock):
        return [n.body]
    if isinstance(n, LoweredFunc):
        return [n.body]
    return []


def descendants(n: Node) -> list[Node]:
    """Every statement-level node below ``n`` (not ``n`` itself; no expressions)."""
    out: list[Node] = []
    stack = stmt_children(n)
    while stack:
        c = stack.pop()
        out.append(c)
        stack.extend(stmt_children(c))
    return out


def paths(tree: Tree) -> Iterator[list[Node]]:
    """Every statement-level node with its ancestors (``path[-1]`` is the node), pre-order."""
    stack: list[list[Node]] = [[tree]]
    while stack:
        p = stack.pop()
        yield p
        for k in reversed(stmt_children(p[-1])):
            stack.append(p + [k])


def path_to(tree: Tree, target: Node) -> list[Node] | None:
    for p in paths(tree):
        if p[-1] is target:
            return p
    return None


def realizes(tree: Tree) -> list[ScheduleBlockRealize]:
    return [p[-1] for p in paths(tree) if isinstance(p[-1], ScheduleBlockRealize)]


def get_block(tree: Tree, name: str) -> ScheduleBlockRealize:
    """The realize of the schedule block called ``name``."""
    hits = [r for r in realizes(tree) if r.block.name == name]
    if not hits:
        raise fail(f"no schedule block named '{name}'", tree)
    if len(hits) > 1:
        raise fail(f"{len(hits)} schedule blocks are named '{name}'", hits[1])
    return hits[0]


def block_path(tree: Tree, name: str) -> list[Node]:
    r = get_block(tree, name)
    p = path_to(tree, r)
    assert p is not None
    return p


def get_loops(tree: Tree, name: str) -> list[For]:
    """The loops around block ``name``, outermost first."""
    return [n for n in block_path(tree, name)[:-1] if isinstance(n, For)]


def find_loop(tree: Tree, loop: LoopRef) -> For:
    """The loop of the current tree with ``loop``'s variable."""
    v = loop.loop_var if isinstance(loop, For) else loop
    if not isinstance(v, Var):
        raise fail(f"expected a loop (For or its Var), got {type(loop).__name__}", loop)
    for p in paths(tree):
        n = p[-1]
        if isinstance(n, For) and n.loop_var is v:
            return n
    raise fail(f"loop '{v.name}' is not in this tree", loop)


def loop_path(tree: Tree, loop: For) -> list[Node]:
    p = path_to(tree, loop)
    assert p is not None
    return p


def parent_block(path: Sequence[Node]) -> tuple[Block, int]:
    """The Block holding ``path[-1]`` and its index there (a statement directly under a
    For / ScheduleBlock is inside that node's body Block)."""
    node = path[-1]
    for anc in reversed(path[:-1]):
        if isinstance(anc, Block):
            for i, s in enumerate(anc.stmts):
                if s is node:
                    return anc, i
            break
        node = anc
    raise fail("statement has no enclosing block", path[-1])


def replace(tree: Tree, old: Node, new: Node) -> Any:
    return replace_nodes(tree, [(old, new)])


def const(e: Expr) -> int | None:
    return e.value if isinstance(e, IntImm) else None


def is_zero(e: Expr) -> bool:
    return isinstance(e, IntImm) and e.value == 0


def body_stmts(s: Stmt) -> list[Stmt]:
    return list(s.stmts) if isinstance(s, Block) else [s]


def single(body: Block) -> Stmt | None:
    """The only statement of a block (looking through nested one-statement blocks)."""
    cur: Stmt = body
    while isinstance(cur, Block):
        if len(cur.stmts) != 1:
            return None
        cur = cur.stmts[0]
    return cur


def remove_stmt(tree: Tree, target: Stmt) -> Any:
    """``tree`` without ``target``; loops (and one-statement blocks) left empty go too."""
    p = path_to(tree, target)
    if p is None:
        raise fail("statement is not in this tree", target)
    drop: Node = target
    for anc in reversed(p[:-1]):
        if isinstance(anc, Block):
            rest = tuple(s for s in anc.stmts if s is not drop)
            if rest or not isinstance(_parent_of(p, anc), For):
                return replace(tree, anc, anc.replace(stmts=rest))
            drop = anc
        elif isinstance(anc, For):
            drop = anc
        else:
            break
    raise fail("cannot remove the only statement of a schedule block", target)


def _parent_of(p: Sequence[Node], node: Node) -> Node | None:
    for i, n in enumerate(p):
        if n is node:
            return p[i - 1] if i > 0 else None
    return None


def insert_stmt(tree: Tree, anchor: Stmt, new: Sequence[Stmt], after: bool) -> Any:
    """``new`` inserted before (or after) ``anchor`` in its block."""
    p = path_to(tree, anchor)
    if p is None:
        raise fail("statement is not in this tree", anchor)
    if not any(isinstance(n, Block) for n in p[:-1]) or not isinstance(_parent_of(p, anchor), Block):
        both = (anchor, *new) if after else (*new, anchor)
        return replace(tree, anchor, Block(tuple(both)))
    blk, i = parent_block(p)
    stmts = list(blk.stmts)
    k = i + 1 if after else i
    stmts[k:k] = list(new)
    return replace(tree, blk, blk.replace(stmts=tuple(stmts)))


def outermost_stmt(tree: Tree, name: str) -> Stmt:
    """The statement that holds block ``name`` directly in the root's statement list: its
    outermost loop (or the realize itself)."""
    p = block_path(tree, name)
    loops = [n for n in p if isinstance(n, For)]
    return loops[0] if loops else p[-1]


# ---------------------------------------------------------------------------------------
# blocks, tensors, buffers
# ---------------------------------------------------------------------------------------


def block_store(r: ScheduleBlockRealize) -> Store:
    s = single(r.block.body) if isinstance(r.block.body, Block) else r.block.body
    if not isinstance(s, Store):
        raise fail(f"schedule block '{r.block.name}' is not a single store", r)
    return s


def is_reduce_block(r: ScheduleBlockRealize) -> bool:
    return any(t is IterType.REDUCE for t in r.block.iter_types)


def own_stores(r: ScheduleBlockRealize) -> list[Store]:
    """The stores of block ``r`` itself (not of blocks nested in it)."""
    out: list[Store] = []
    stack: list[Node] = [r.block.body]
    while stack:
        n = stack.pop()
        if isinstance(n, Store):
            out.append(n)
        elif not isinstance(n, ScheduleBlockRealize):
            stack.extend(stmt_children(n))
    return out


def loads_of(node: Node, buffer_name: str) -> list[Load]:
    return [n for n in walk(node) if isinstance(n, Load) and storage(n.tensor) == buffer_name]


def stores_of(node: Node, buffer_name: str) -> list[Store]:
    return [n for n in walk(node) if isinstance(n, Store) and storage(n.tensor) == buffer_name]


def storage(t: Tensor) -> str:
    return t.buffer.name if t.buffer is not None else t.name


def is_function_arg(tree: Tree, t: Tensor) -> bool:
    if not isinstance(tree, LoweredFunc):
        return False
    return any(a.is_buffer and a.target.name == storage(t) for a in tree.args)


def is_output(tree: Tree, t: Tensor) -> bool:
    if not isinstance(tree, LoweredFunc):
        return False
    return any(a.is_buffer and a.io is not ArgIO.IN and a.target.name == storage(t) for a in tree.args)


def add_temp(tree: Tree, buf: Buffer) -> Any:
    if isinstance(tree, LoweredFunc):
        return tree.replace(temp_bufs=tree.temp_bufs + (buf,))
    return tree


def fresh_name(tree: Tree, base: str) -> str:
    used = {r.block.name for r in realizes(tree)}
    for n in walk(tree):
        if isinstance(n, (Tensor, Buffer)):
            used.add(n.name)
    if base not in used:
        return base
    k = 1
    while f"{base}_{k}" in used:
        k += 1
    return f"{base}_{k}"


class RetargetTensors(Mutator):
    """Every tensor of one buffer re-pointed at ``new_buf`` (renamed by ``rename``)."""

    def __init__(self, buffer_name: str, new_buf: Buffer, rename: Any) -> None:
        super().__init__()
        self.buffer_name = buffer_name
        self.new_buf = new_buf
        self.rename = rename
        self.made: dict[int, Tensor] = {}

    def visit_Tensor(self, t: Tensor) -> Any:
        if storage(t) != self.buffer_name:
            return t
        hit = self.made.get(id(t))
        if hit is None:
            hit = self.made[id(t)] = Tensor(self.rename(t.name), self.new_buf.shape, t.dtype, self.new_buf,
                                            span=t.span)
        return hit


def loop_vars_in(node: Node) -> set[int]:
    return {id(n) for n in walk(node) if isinstance(n, Var)}


def uses(node: Node, v: Var) -> bool:
    return any(n is v for n in walk(node))


def wrap(loops: Sequence[For], body: Stmt) -> Stmt:
    """``loops`` (outermost first) rebuilt around ``body``."""
    inner: Stmt = body
    for lp in reversed(list(loops)):
        inner = lp.replace(body=Block((inner,)) if not isinstance(inner, Block) else inner)
    return inner


__all__ = [
    "LoopRef",
    "RetargetTensors",
    "Tree",
    "add_temp",
    "block_path",
    "block_store",
    "body_stmts",
    "const",
    "descendants",
    "fail",
    "find_loop",
    "fresh_name",
    "get_block",
    "get_loops",
    "insert_stmt",
    "is_function_arg",
    "is_output",
    "is_reduce_block",
    "is_zero",
    "loads_of",
    "loop_path",
    "outermost_stmt",
    "own_stores",
    "parent_block",
    "path_to",
    "paths",
    "realizes",
    "remove_stmt",
    "replace",
    "single",
    "stmt_children",
    "storage",
    "stores_of",
    "uses",
    "wrap",
]
