"""Loop transformations: split, fuse, reorder."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from pirc.cinn.ast.analysis import const_int, linear_coeff
from pirc.cinn.ast.equality import structural_equal
from pirc.cinn.ast.nodes import (
    Block,
    Div,
    Expr,
    For,
    ForKind,
    IfThenElse,
    IntImm,
    Mod,
    Mul,
    ScheduleBlockRealize,
    Stmt,
    Var,
)
from pirc.cinn.ast.visitor import Mutator, substitute, walk
from pirc.cinn.schedule.tree import LoopRef, Tree, const, fail, find_loop, is_zero, loop_path, replace, single

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def split(tree: Tree, loop: LoopRef, factors: Sequence[int | None], *,
          guard: str = "body") -> tuple[Tree, list[For]]:
    """``for v (n)`` -> ``for v_0 (f0) for v_1 (f1) ...`` with ``v = (v_0 * f1 + v_1) * f2 + ...``.

    At most one factor may be ``None`` (or -1): it is inferred as the ceiling of the extent
    over the others' product.  When the product does not equal the extent, the body is
    guarded by ``if (v < n)``: the whole body (``guard="body"``) or, with ``guard="blocks"``,
    each schedule block in it (TVM's block predicate), merged into a guard the block has --
    except a cross-thread combine (attribute ``reduce_method``: every thread must reach it)
    and a reduction's init (it only sets the thread's own accumulator), so that no guard
    encloses a barrier.  A leading loop of one iteration adds nothing to ``v``, and
    ``v % f_last`` / ``v / f_last`` become the last loop's variable / the leading ones'.
    Returns the new tree and the new loops, outermost first."""
    f = find_loop(tree, loop)
    if guard not in ("body", "blocks"):
        raise fail(f"split of loop '{f.loop_var.name}': unknown guard '{guard}' (expected body or blocks)", f)
    if not is_zero(f.min):
        raise fail(f"cannot split loop '{f.loop_var.name}': its minimum is not 0", f)
    if f.kind is not ForKind.SERIAL:
        raise fail(f"cannot split {f.kind.value} loop '{f.loop_var.name}': split before binding", f)
    if len(factors) < 2:
        raise fail(f"split of loop '{f.loop_var.name}' needs at least two factors, got {len(factors)}", f)
    fs = [None if x is None or x == -1 else x for x in factors]
    if sum(x is None for x in fs) > 1:
        raise fail(f"split of loop '{f.loop_var.name}': at most one factor may be inferred (-1)", f)
    for x in fs:
        if x is not None and (not isinstance(x, int) or x <= 0):
            raise fail(f"split of loop '{f.loop_var.name}': factor {x} is not a positive integer", f)
    v = f.loop_var
    it = v.dtype
    known = 1
    for x in fs:
        if x is not None:
            known *= x
    n = const(f.extent)
    exts: list[Expr] = []
    for x in fs:
        if x is not None:
            exts.append(IntImm(x, it))
        elif n is not None:
            exts.append(IntImm(-(-n // known), it))
        else:
            exts.append((f.extent + IntImm(known - 1, it)) / IntImm(known, it))
    if n is not None:
        total = 1
        for e in exts:
            total *= const(e)  # type: ignore[operator]
        if total < n:
            raise fail(f"split of loop '{f.loop_var.name}' ({n} iterations) by {list(factors)} covers only {total}", f)
        exact = total == n
    else:
        exact = False
    vs = [Var(f"{v.name}_{k}", it, span=f.span) for k in range(len(exts))]
    e = _horner(vs, exts)
    lead = _horner(vs[:-1], exts[:-1])
    body: Stmt = f.body
    last = const(exts[-1])
    if last is not None and lead is not None:
        body = _DivMod(v, last, lead, vs[-1]).visit(body)
    body = substitute(body, {v: e})
    if not exact:
        body = IfThenElse(e < f.extent, body, span=f.span) if guard == "body" else \
            _GuardBlocks(e < f.extent).visit(body)
    for vk, ek in reversed(list(zip(vs, exts))):
        body = For(vk, IntImm(0, it), ek, body, span=f.span)
    out = replace(tree, f, body)
    return out, [find_loop(out, vk) for vk in vs]


def _horner(vs: Sequence[Var], exts: Sequence[Expr]) -> Expr | None:
    """``(v_0 * e_1 + v_1) * e_2 + ...``; leading loops of one iteration contribute nothing."""
    e: Expr | None = None
    for vk, ek in zip(vs, exts):
        if e is None:
            e = None if const(ek) == 1 and vk is not vs[-1] else vk
        else:
            e = e * ek + vk
    return e


class _DivMod(Mutator):
    """``v % f`` -> the last split variable, ``v / f`` -> the leading ones (f: the last factor)."""

    def __init__(self, v: Var, f: int, lead: Expr, last: Var) -> None:
        super().__init__()
        self.v, self.f, self.lead, self.last = v, f, lead, last

    def _hit(self, node: Div | Mod) -> bool:
        return node.a is self.v and const(node.b) == self.f

    def visit_Mod(self, node: Mod) -> Any:
        return self.last if self._hit(node) else self.generic_mutate(node)

    def visit_Div(self, node: Div) -> Any:
        return self.lead if self._hit(node) else self.generic_mutate(node)


class _GuardBlocks(Mutator):
    """Every schedule block in ``if (cond)`` (merged into a guard around blocks only), but for
    cross-thread combines and reduction inits."""

    def __init__(self, cond: Expr) -> None:
        super().__init__()
        self.cond = cond

    def visit_IfThenElse(self, node: IfThenElse) -> Any:
        if node.else_case is None and all(isinstance(s, ScheduleBlockRealize) for s in node.then_case.stmts):
            return node.replace(condition=self.cond & node.condition)
        return self.generic_mutate(node)

    def visit_ScheduleBlockRealize(self, node: ScheduleBlockRealize) -> Any:
        if node.block.attr("reduce_method") is not None or node.block.name.endswith("__reduce_init"):
            return node
        return IfThenElse(self.cond, node)


def remove_unit_loop(tree: Tree, loop: LoopRef) -> Tree:
    """A serial loop of one iteration disappears: its body takes its place, its variable
    becomes its minimum."""
    f = find_loop(tree, loop)
    if const(f.extent) != 1:
        raise fail(f"cannot remove loop '{f.loop_var.name}': it does not run exactly once", f)
    if f.kind is not ForKind.SERIAL:
        raise fail(f"cannot remove {f.kind.value} loop '{f.loop_var.name}': its binding is part of the launch", f)
    body = substitute(f.body, {f.loop_var: f.min})
    if len(body.stmts) == 1:
        return replace(tree, f, body.stmts[0])
    return insert_stmts_for(tree, f, list(body.stmts))


def _chain(f: For, n: int) -> list[For]:
    """``f`` and the loops perfectly nested in it, ``n`` deep."""
    out = [f]
    while len(out) < n:
        inner = single(out[-1].body)
        if not isinstance(inner, For):
            raise fail(f"loop '{out[-1].loop_var.name}' does not hold exactly one loop (not a perfect nest)",
                       out[-1])
        out.append(inner)
    return out


def fuse(tree: Tree, loops: Sequence[LoopRef], *, name: str | None = None) -> tuple[Tree, For]:
    """Perfectly nested loops ``for a (A) for b (B)`` -> ``for a_b_fused (A*B)`` with
    ``a = f / B``, ``b = f % B`` (``name``: another name for the fused loop's variable).
    Returns the new tree and the fused loop."""
    if len(loops) < 2:
        raise fail("fuse needs at least two loops", loops[0] if loops else None)
    fl = [find_loop(tree, lp) for lp in loops]
    chain = _chain(fl[0], len(fl))
    for want, got in zip(fl, chain):
        if want is not got:
            raise fail(f"loop '{want.loop_var.name}' is not directly inside loop "
                       f"'{fl[fl.index(want) - 1].loop_var.name}': fuse needs consecutive loops", want)
    for lp in fl:
        if not is_zero(lp.min):
            raise fail(f"cannot fuse loop '{lp.loop_var.name}': its minimum is not 0", lp)
        if lp.kind is not ForKind.SERIAL:
            raise fail(f"cannot fuse {lp.kind.value} loop '{lp.loop_var.name}'", lp)
    outer_vars = set()
    for lp in fl:
        if any(id(n) in outer_vars for n in walk(lp.extent)):
            raise fail(f"the extent of loop '{lp.loop_var.name}' depends on an outer fused loop", lp)
        outer_vars.add(id(lp.loop_var))
    it = fl[0].loop_var.dtype
    if name is not None and not _IDENT.match(name):
        raise fail(f"fuse: loop name {name!r} is not an identifier", fl[0])
    fv = Var(name or "_".join(lp.loop_var.name for lp in fl) + "_fused", it, span=fl[0].span)
    total: Expr = fl[0].extent
    for lp in fl[1:]:
        total = _mul(total, lp.extent)
    mapping: dict[Var, Expr] = {}
    stride: Expr | None = None
    for k in range(len(fl) - 1, -1, -1):
        lp = fl[k]
        q: Expr = fv if stride is None else fv / stride
        mapping[lp.loop_var] = q if k == 0 else q % lp.extent
        stride = lp.extent if stride is None else _mul(lp.extent, stride)
    body = substitute(fl[-1].body, mapping)
    new = For(fv, IntImm(0, it), total, body, span=fl[0].span)
    out = replace(tree, fl[0], new)
    return out, find_loop(out, fv)


def _mul(a: Expr, b: Expr) -> Expr:
    """``a * b`` with its constant factors folded and first (``12 * S0``, as symbolic dims print)."""
    ca, cb = const(a), const(b)
    if ca is not None and cb is not None:
        return IntImm(ca * cb, a.dtype)
    if ca is None and cb is None:
        return a * b
    c, x = (ca, b) if ca is not None else (cb, a)
    assert c is not None
    cx = const(x.a) if isinstance(x, Mul) else None
    if isinstance(x, Mul) and cx is not None:
        return IntImm(c * cx, x.a.dtype) * x.b
    return IntImm(c, x.dtype) * x


def reorder(tree: Tree, loops: Sequence[LoopRef]) -> Tree:
    """Permute loops of one perfect nest into the given order (outermost first); loops of the
    nest that are not named keep their places."""
    fl = [find_loop(tree, lp) for lp in loops]
    if len({id(f) for f in fl}) != len(fl):
        raise fail("reorder names a loop twice", fl[0])
    depth = {}
    for f in fl:
        p = loop_path(tree, f)
        depth[id(f)] = len(p)
    ordered = sorted(fl, key=lambda f: depth[id(f)])
    outer = ordered[0]
    chain: list[For] = [outer]
    while chain[-1] is not ordered[-1]:
        inner = single(chain[-1].body)
        if not isinstance(inner, For):
            bad = next(f for f in ordered if not any(f is c for c in chain))
            raise fail(f"loop '{bad.loop_var.name}' is not in the perfect nest under loop "
                       f"'{outer.loop_var.name}'", bad)
        chain.append(inner)
    named = {id(f) for f in fl}
    slots = [i for i, c in enumerate(chain) if id(c) in named]
    if len(slots) != len(fl):
        bad = next(f for f in fl if not any(f is c for c in chain))
        raise fail(f"loop '{bad.loop_var.name}' is not in the perfect nest under loop '{outer.loop_var.name}'", bad)
    new_chain = list(chain)
    for slot, f in zip(slots, fl):
        new_chain[slot] = f
    bound: set[int] = set()
    for c in new_chain:
        for n in list(walk(c.min)) + list(walk(c.extent)):
            if isinstance(n, Var) and any(n is d.loop_var for d in chain) and id(n) not in bound:
                raise fail(f"loop '{c.loop_var.name}' cannot move outside loop '{n.name}' its bounds depend on", c)
        bound.add(id(c.loop_var))
    body: Stmt = chain[-1].body
    for c in reversed(new_chain):
        body = c.replace(body=body if isinstance(body, Block) else Block((body,)))
    return replace(tree, chain[0], body)


__all__ = ["fission", "fuse", "remove_unit_loop", "reorder", "split"]


def fission(tree: Tree, loop: LoopRef, cuts: Sequence[int] | None = None) -> tuple[Tree, list[For]]:
    """Loop distribution: ``for v { s1; s2 }`` -> ``for v { s1 }  for v' { s2 }``.  ``cuts``: the
    indices of the statements that start a new loop (``[2]``: ``for v { s0; s1 }  for v' { s2; ..}``);
    default, every statement its own loop.  Legal when statements in different loops share
    buffers only element by element at the same iteration (every access of a buffer one of them
    writes and another touches has the same index, which uses ``v``).  Returns the new tree and
    the new loops, in order."""
    from pirc.cinn.schedule.compute_at import accesses

    f = find_loop(tree, loop)
    stmts = list(f.body.stmts)
    if len(stmts) < 2:
        raise fail(f"cannot fission loop '{f.loop_var.name}': its body is a single statement", f)
    starts = sorted(set(range(1, len(stmts)) if cuts is None else cuts))
    if not starts or starts[0] < 1 or starts[-1] >= len(stmts):
        raise fail(f"cannot fission loop '{f.loop_var.name}' at {list(starts)}: its body has {len(stmts)} statements", f)
    bounds = [0, *starts, len(stmts)]
    group = [g for g in range(len(bounds) - 1) for _ in range(bounds[g], bounds[g + 1])]
    acc = [list(accesses(s)) for s in stmts]
    inner = {id(n.loop_var) for n in walk(f.body) if isinstance(n, For)}
    for a in range(len(stmts)):
        for b in range(a + 1, len(stmts)):
            if group[a] == group[b]:
                continue
            wa = {x[1] for x in acc[a] if x[0] == "store"}
            wb = {x[1] for x in acc[b] if x[0] == "store"}
            for buf in (wa & {x[1] for x in acc[b]}) | (wb & {x[1] for x in acc[a]}):
                idx = [x[2] for x in acc[a] + acc[b] if x[1] == buf]
                if not _same_iteration(idx, f.loop_var, inner, const(f.extent)):
                    raise fail(f"cannot fission loop '{f.loop_var.name}': statements {a + 1} and {b + 1} of its "
                               f"body share buffer {buf} across iterations", f)
    new: list[For] = []
    for k in range(len(bounds) - 1):
        v = f.loop_var if k == 0 else Var(f"{f.loop_var.name}_f{k}", f.loop_var.dtype, span=f.span)
        body = tuple(s if k == 0 else substitute(s, {f.loop_var: v}) for s in stmts[bounds[k]:bounds[k + 1]])
        new.append(f.replace(loop_var=v, body=Block(body)))
    out = insert_stmts_for(tree, f, new)
    return out, [find_loop(out, n) for n in new]


def _same_iteration(indices: list[tuple[Expr, ...]], v: Var, inner: set[int], extent: int | None) -> bool:
    """Every access in ``indices`` has, at one common dim, the same index, an expression of
    ``v`` and of loops outside the fissioned one (no ``/`` or ``%``): equal indices there mean
    the same iteration of ``v``."""
    for k in range(len(indices[0])):
        e = indices[0][k]
        nodes = list(walk(e))
        if not any(n is v for n in nodes) or any(isinstance(n, (Div, Mod)) for n in nodes):
            continue
        if any(isinstance(n, Var) and id(n) in inner for n in nodes):
            continue
        if all(len(i) > k and structural_equal(i[k], e) for i in indices):
            return True
    return _same_mixed_radix(indices, v, inner, extent)


def _same_mixed_radix(indices: list[tuple[Expr, ...]], v: Var, inner: set[int], extent: int | None) -> bool:
    """Every access in ``indices`` has the same index at the dims where the first uses ``v``
    (free of inner loops; its other dims may differ, as an rfactor lane ``B_rf[p, ..]`` does:
    equal elements still need equal such dims), and those dims are the mixed-radix decomposition ``(Y / (m1*m2), (Y / m2) % m1, Y % m2)``
    (constant radices, in any order) of one ``Y`` affine in ``v`` with a non-zero coefficient:
    the indices of loops that ``fuse`` merged (and ``split`` then cut).  The tuple determines
    ``Y`` (``X == (X / m) * m + X % m``), or ``Y`` modulo the radices' product ``M`` when the
    top dim is a ``%`` too (``split`` folded the dims above it into an outer loop); ``Y = a * v
    + c`` determines ``v`` -- modulo ``M`` when the loop's ``extent <= M / gcd(a, M)``: equal
    tuples mean the same iteration of ``v``."""

    first = indices[0]
    if not first or any(len(i) != len(first) for i in indices[1:]):
        return False
    dims = [k for k, e in enumerate(first) if any(n is v for n in walk(e))]
    first = tuple(first[k] for k in dims)
    if any(not structural_equal(tuple(i[k] for k in dims), first) for i in indices[1:]):
        return False
    digits: list[tuple[int, int | None]] = []  # (divisor, modulus or None) of each dim
    base: Expr | None = None
    for e in first:
        nodes = list(walk(e))
        if any(isinstance(n, Var) and id(n) in inner for n in nodes):
            return False
        if not any(n is v for n in nodes):
            continue  # the same value at every iteration (a unit dim, an outer loop's index)
        mod: int | None = None
        if isinstance(e, Mod):
            mod = const_int(e.b)
            if mod is None or mod <= 0:
                return False
            e = e.a
        div = 1
        if isinstance(e, Div):
            d = const_int(e.b)
            if d is None or d <= 0:
                return False
            div, e = d, e.a
        if base is None:
            base = e
        elif not structural_equal(e, base):
            return False
        digits.append((div, mod))
    a = linear_coeff(base, v) if base is not None else None
    if not a:
        return False
    digits.sort(key=lambda dm: (dm[0], dm[1] is None))
    want = 1
    for k, (div, mod) in enumerate(digits):
        if div != want:
            return False
        if mod is None:
            return k == len(digits) - 1
        want = div * mod
    return extent is not None and extent <= want // math.gcd(a, want)


def insert_stmts_for(tree: Tree, old: Stmt, new: Sequence[Stmt]) -> Tree:
    """``old`` replaced by the statements ``new`` (spliced into its block)."""
    from pirc.cinn.schedule.tree import insert_stmt, remove_stmt

    out = insert_stmt(tree, old, list(new), after=True)
    return remove_stmt(out, old)
