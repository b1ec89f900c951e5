"""Loop kinds and block attributes: bind, parallel, vectorize, unroll, annotate."""

from __future__ import annotations

import re
from typing import Any

from pirc.cinn.ast.nodes import For, ForKind, IterType, ScheduleBlockRealize, freeze_attrs
from pirc.cinn.ast.visitor import walk
from pirc.cinn.schedule.tree import (
    LoopRef,
    Tree,
    const,
    descendants,
    fail,
    find_loop,
    get_block,
    is_zero,
    loop_path,
    replace,
)

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def reduction_carried(f: For) -> str | None:
    """The name of a block below ``f`` for which ``f``'s variable feeds a reduce axis -- unless
    it is also one of the block's spatial axes as it is (an rfactor lane, ``B_rf[p, ..] +=
    x[p * n + r, ..]``: each iteration of ``f`` accumulates into elements of its own)."""
    for n in walk(f.body):
        if isinstance(n, ScheduleBlockRealize):
            types = n.block.iter_types or ()
            if any(t is IterType.SPATIAL and val is f.loop_var for val, t in zip(n.iter_values, types)):
                continue
            for val, t in zip(n.iter_values, types):
                if t is IterType.REDUCE and any(x is f.loop_var for x in walk(val)):
                    return n.block.name
    return None


def contains_loop(f: For) -> bool:
    return any(isinstance(n, For) for n in descendants(f))


def _with_kind(tree: Tree, loop: LoopRef, what: str, **kind: Any) -> tuple[Tree, For, For]:
    f = find_loop(tree, loop)
    if f.kind is not ForKind.SERIAL:
        raise fail(f"cannot {what} loop '{f.loop_var.name}': it is already {f.kind.value}", f)
    if not is_zero(f.min):
        raise fail(f"cannot {what} loop '{f.loop_var.name}': its minimum is not 0", f)
    new = f.replace(**kind)
    return replace(tree, f, new), f, new


def bind(tree: Tree, loop: LoopRef, thread: str) -> Tree:
    """Bind a loop to ``blockIdx.x`` ... ``threadIdx.z`` (CUDA) or to ``parallel`` (CPU
    threads).  A reduction may be bound to threads (combined across them later), never to
    blocks or CPU threads."""
    if thread == "parallel":
        return parallel(tree, loop)
    f = find_loop(tree, loop)
    m = re.fullmatch(r"(blockIdx|threadIdx)\.([xyz])", thread)
    if m is None:
        raise fail(f"cannot bind loop '{f.loop_var.name}' to '{thread}' "
                   "(expected blockIdx.x ... threadIdx.z or parallel)", f)
    kind = ForKind.GPU_BLOCK if m.group(1) == "blockIdx" else ForKind.GPU_THREAD
    if kind is ForKind.GPU_BLOCK:
        red = reduction_carried(f)
        if red is not None:
            raise fail(f"cannot bind loop '{f.loop_var.name}' to {thread}: it reduces block '{red}' "
                       "and blocks cannot combine partial results", f)
    p = loop_path(tree, f)
    others = [n for n in p[:-1] if isinstance(n, For)] + [n for n in walk(f.body) if isinstance(n, For)]
    for o in others:
        if o.bind_name == thread:
            raise fail(f"cannot bind loop '{f.loop_var.name}' to {thread}: loop '{o.loop_var.name}' "
                       "in the same nest is bound to it", f)
    out, _, _ = _with_kind(tree, f, f"bind to {thread}", kind=kind, axis="xyz".index(m.group(2)))
    return out


def parallel(tree: Tree, loop: LoopRef, num_threads: int | None = None) -> Tree:
    """Run the loop's iterations on CPU threads (``#pragma omp parallel for``); ``num_threads``:
    the team size (``parallel[N]``, ``num_threads(N)``), else the OpenMP runtime's."""
    f = find_loop(tree, loop)
    if num_threads is not None and (not isinstance(num_threads, int) or isinstance(num_threads, bool)
                                    or num_threads <= 0):
        raise fail(f"cannot parallelize loop '{f.loop_var.name}' on {num_threads!r} threads "
                   "(a team size is a positive integer)", f)
    red = reduction_carried(f)
    if red is not None:
        raise fail(f"cannot parallelize loop '{f.loop_var.name}': it reduces block '{red}'", f)
    p = loop_path(tree, f)
    for o in [n for n in p[:-1] if isinstance(n, For)] + [n for n in walk(f.body) if isinstance(n, For)]:
        if o.kind is ForKind.PARALLEL:
            raise fail(f"cannot parallelize loop '{f.loop_var.name}': loop '{o.loop_var.name}' of the same "
                       "nest is parallel already", f)
    out, _, _ = _with_kind(tree, f, "parallelize", kind=ForKind.PARALLEL, factor=num_threads or 0)
    return out


def vectorize(tree: Tree, loop: LoopRef, factor: int | None = None) -> Tree:
    """Mark an innermost loop for SIMD (``#pragma omp simd simdlen(factor)``); ``factor``
    defaults to the extent (which must then be a constant).  Loops inside it that are unrolled
    whole (constant extent) count as straight-line code."""
    f = find_loop(tree, loop)
    if any(isinstance(n, For) and (n.kind is not ForKind.UNROLLED or const(n.extent) is None)
           for n in descendants(f)):
        raise fail(f"cannot vectorize loop '{f.loop_var.name}': it is not innermost", f)
    red = reduction_carried(f)
    if red is not None:
        raise fail(f"cannot vectorize loop '{f.loop_var.name}': it reduces block '{red}' "
                   "(rfactor it first)", f)
    n = const(f.extent)
    if factor is None:
        if n is None:
            raise fail(f"cannot vectorize loop '{f.loop_var.name}' of symbolic extent without a factor", f)
        factor = n
    if not isinstance(factor, int) or factor <= 0:
        raise fail(f"vectorize factor {factor} is not a positive integer", f)
    out, _, _ = _with_kind(tree, f, "vectorize", kind=ForKind.VECTORIZED, factor=factor)
    return out


def unroll(tree: Tree, loop: LoopRef) -> Tree:
    """Unroll a loop of constant extent (``#pragma GCC unroll``)."""
    f = find_loop(tree, loop)
    if const(f.extent) is None:
        raise fail(f"cannot unroll loop '{f.loop_var.name}': its extent is not a constant", f)
    out, _, _ = _with_kind(tree, f, "unroll", kind=ForKind.UNROLLED)
    return out


def annotate(tree: Tree, block: str, key: str, value: Any) -> Tree:
    """Set attribute ``key`` of schedule block ``block`` (replacing an earlier value)."""
    r = get_block(tree, block)
    if not isinstance(key, str) or not _IDENT.match(key):
        raise fail(f"annotation key {key!r} is not an identifier", r)
    attrs = dict(r.block.attrs)
    attrs[key] = value
    try:
        frozen = freeze_attrs(sorted(attrs.items()), r.span)
    except Exception as e:  # noqa: BLE001 - freeze_attrs raises a located PircError already
        raise fail(f"annotation {key}: {e}", r) from None
    return replace(tree, r, r.replace(block=r.block.replace(attrs=frozen)))


__all__ = ["annotate", "bind", "contains_loop", "parallel", "reduction_carried", "unroll", "vectorize"]
