"""Storage primitives: cache_read, cache_write (a copy in another memory scope) and
storage_align (pad a temp buffer's rows)."""

from __future__ import annotations

from typing import Any

from pirc.cinn.ast.nodes import (
    Buffer,
    For,
    IntImm,
    Load,
    MemoryScope,
    ScheduleBlock,
    ScheduleBlockRealize,
    Store,
    Tensor,
    Var,
)
from pirc.cinn.ast.visitor import Mutator, walk
from pirc.cinn.schedule.tree import (
    RetargetTensors,
    Tree,
    add_temp,
    block_store,
    const,
    fail,
    fresh_name,
    get_block,
    insert_stmt,
    is_function_arg,
    outermost_stmt,
    replace,
    storage,
)


def _scope(scope: str | MemoryScope, where: Any) -> MemoryScope:
    try:
        return MemoryScope(scope)
    except ValueError:
        raise fail(f"unknown storage scope '{scope}' (expected global, shared or local)", where) from None


def _copy_nest(dst: Tensor, src: Tensor, name: str, span: Any) -> For | ScheduleBlockRealize:
    """``for i.. { ScheduleBlock(name) { dst[i..] = src[i..] } }`` over ``dst``'s shape."""
    it = dst.shape[0].dtype if dst.shape else IntImm(0).dtype
    loops = [Var("ax" + str(k), it, span=span) for k in range(len(dst.shape))]
    ivs = [Var(f"v{k}", it, span=span) for k in range(len(dst.shape))]
    st = Store(dst, tuple(ivs), Load(src, tuple(ivs), span=span), span=span)
    body: Any = ScheduleBlockRealize(tuple(loops), ScheduleBlock(name, tuple(ivs), st, span=span), span=span)
    for v, ext in reversed(list(zip(loops, dst.shape))):
        body = For(v, IntImm(0, v.dtype), ext, body, span=span)
    return body


def _cache_of(tree: Tree, t: Tensor, scope: MemoryScope) -> tuple[Buffer, Tensor]:
    bname = fresh_name(tree, f"{storage(t)}_{scope.value}")
    buf = Buffer(bname, t.shape, t.dtype, scope, span=t.span)
    return buf, Tensor(fresh_name(tree, f"{t.name}_{scope.value}"), t.shape, t.dtype, buf, span=t.span)


class _Reads(Mutator):
    def __init__(self, buffer_name: str, cache: Tensor) -> None:
        super().__init__()
        self.buffer_name, self.cache = buffer_name, cache

    def visit_Load(self, node: Load) -> Any:
        idx = tuple(self.visit(i) for i in node.indices)
        if storage(node.tensor) == self.buffer_name:
            return Load(self.cache, idx, span=node.span)
        return node.replace(indices=idx) if any(a is not b for a, b in zip(idx, node.indices)) else node


def cache_read(tree: Tree, block: str, tensor: str, scope: str | MemoryScope) -> Tree:
    """Copy ``tensor`` into a new buffer of ``scope`` before ``block``'s nest; the block reads
    the copy.  Returns the new tree (the copy block is ``<tensor>_<scope>``)."""
    r = get_block(tree, block)
    sc = _scope(scope, r)
    reads = [n for n in walk(r.block.body) if isinstance(n, Load) and n.tensor.name == tensor]
    if not reads:
        raise fail(f"cannot cache_read: block '{block}' does not read tensor '{tensor}'", r)
    t = reads[0].tensor
    buf, cache = _cache_of(tree, t, sc)
    nest = _copy_nest(cache, t, cache.name, r.span)
    new_r = r.replace(block=_Reads(storage(t), cache).visit(r.block))
    anchor = outermost_stmt(tree, block)
    out = replace(tree, r, new_r)
    anchor = outermost_stmt(out, block)
    out = insert_stmt(out, anchor, [nest], after=False)
    return add_temp(out, buf)


def cache_write(tree: Tree, block: str, scope: str | MemoryScope) -> Tree:
    """``block``'s nest computes into a new buffer of ``scope`` (every tensor of the written
    buffer inside the nest is redirected, a reduction's init included); a copy nest after it
    writes the original tensor."""
    r = get_block(tree, block)
    sc = _scope(scope, r)
    st = block_store(r)
    t = st.tensor
    buf, cache = _cache_of(tree, t, sc)
    nest_root = outermost_stmt(tree, block)
    suffix = "_" + sc.value
    new_root = RetargetTensors(storage(t), buf, lambda n: n.replace(t.name, cache.name, 1) if n.startswith(t.name)
                               else n + suffix).visit(nest_root)
    copy = _copy_nest(Tensor(t.name, t.shape, t.dtype, t.buffer, span=t.span), cache, t.name + "_write" + suffix,
                      r.span)
    out = replace(tree, nest_root, new_root)
    out = insert_stmt(out, new_root, [copy], after=True)
    return add_temp(out, buf)


def storage_align(tree: Tree, block: str, axis: int, factor: int, offset: int = 0) -> Tree:
    """Pad the temp buffer ``block`` writes so that the stride of ``axis`` (the second-to-last)
    is ``factor * k + offset`` elements (to spread rows over cache sets / shared-memory banks)."""
    r = get_block(tree, block)
    st = block_store(r)
    t = st.tensor
    if is_function_arg(tree, t):
        raise fail(f"cannot storage_align {t.name}: it is a function argument (its layout is fixed)", r)
    nd = len(t.shape)
    if nd < 2 or axis not in (nd - 2, -2):
        raise fail(f"storage_align of {t.name}: only the second-to-last axis can be aligned "
                   f"(got axis {axis} of {nd})", r)
    if not isinstance(factor, int) or factor <= 0 or not isinstance(offset, int) or not 0 <= offset < factor:
        raise fail(f"storage_align needs factor > 0 and 0 <= offset < factor, got {factor}, {offset}", r)
    n = const(t.shape[-1])
    if n is None:
        raise fail(f"storage_align of {t.name}: the last dim is not a constant", r)
    m = n
    while m % factor != offset:
        m += 1
    if t.buffer is None:
        raise fail(f"storage_align of {t.name}: the tensor has no buffer", r)
    shape = tuple(t.buffer.shape[:-1]) + (IntImm(m, t.shape[-1].dtype),)
    buf = t.buffer.replace(shape=shape)
    out = RetargetTensors(storage(t), buf, lambda name: name).visit(tree)
    if hasattr(out, "temp_bufs"):
        out = out.replace(temp_bufs=tuple(buf if b.name == buf.name else b for b in out.temp_bufs))
    return out


__all__ = ["cache_read", "cache_write", "storage_align"]
