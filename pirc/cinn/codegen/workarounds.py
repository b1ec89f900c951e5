"""Work-arounds for C compiler bugs the generated code would otherwise meet (one fact each, with its
reproduction).

GCC 12.2 (Debian 12's compiler) at -O3 miscompiles a loop nest three deep whose innermost loop has a
small constant trip count when a select loads in one of its arms: it if-converts the load into a
masked load, completely peels the innermost loop, vectorises, and some elements take the wrong arm
(``o[x] = a[x] >= b[x] ? b[x] : c[x]`` over a 6 x 3 x 4 nest gave 11 of 72 wrong: found by
tests/differential, reproduced in tests/codegen/test_gcc_workaround.py).  -O2, or any one of
``-fno-tree-loop-if-convert`` / ``--param=max-completely-peel-times=0`` / ``-fno-tree-ch``, gives
the right answer.  A kernel whose AST has such a load gets ``-fno-tree-loop-if-convert`` through
GCC's ``optimize`` attribute; the other kernels keep every optimisation (a select between values
needs no if-conversion of loads).
"""

from __future__ import annotations

from pirc.cinn.ast.equality import structural_equal, structural_hash
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import Node
from pirc.cinn.ast.visitor import walk

#: printed before a kernel's implementation function when :func:`conditional_loads` holds
GCC_IF_CONVERT_WORKAROUND = ("#if defined(__GNUC__) && !defined(__clang__)\n"
                             "__attribute__((optimize(\"no-tree-loop-if-convert\")))  "
                             "/* GCC 12 -O3 bug: see pirc/cinn/codegen/workarounds.py */\n"
                             "#endif")


def conditional_loads(body: Node) -> bool:
    """Does a select's arm (or an if-then-else) load what nothing loads unconditionally: a load GCC would
    if-convert into a masked one?  (maximum's ``select(x > y || isnan(x), x, y)`` loads x and y in its
    condition already: not conditional.)"""
    guarded: list[Node] = []
    inside: set[int] = set()
    for n in walk(body):
        if n.KIND is Kind.SELECT:
            for a in (getattr(n, "true_value", None), getattr(n, "false_value", None)):
                if a is not None:
                    for m in walk(a):
                        inside.add(id(m))
                        if m.KIND is Kind.LOAD:
                            guarded.append(m)
        elif n.KIND is Kind.IF_THEN_ELSE:
            for m in walk(n):
                if m is not n:
                    inside.add(id(m))
                    if m.KIND is Kind.LOAD:
                        guarded.append(m)
    if not guarded:
        return False
    plain: dict[int, list[Node]] = {}
    for n in walk(body):
        if n.KIND is Kind.LOAD and id(n) not in inside:
            plain.setdefault(structural_hash(n), []).append(n)
    return any(not any(structural_equal(g, p) for p in plain.get(structural_hash(g), ())) for g in guarded)


__all__ = ["GCC_IF_CONVERT_WORKAROUND", "conditional_loads"]
