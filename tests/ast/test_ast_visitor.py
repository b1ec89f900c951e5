"""The generic visitor and copy-on-write mutator."""

from __future__ import annotations

import ast_trees as T

from pirc.cinn.ast import (
    Add,
    For,
    FloatImm,
    Kind,
    Load,
    Mutator,
    Tensor,
    Var,
    Visitor,
    collect,
    count_nodes,
    free_vars,
    print_ast,
    structural_equal,
    substitute,
    walk,
)
from pirc.cinn.ast import builder as b


def test_count_nodes() -> None:
    i = b.var("i")
    e = (i + 1) * (i + 1)
    assert count_nodes(e) == 7  # Mul, Add, i, 1, Add, i, 1
    shared = i + 1
    assert count_nodes(shared * shared) == 7  # a shared node counts once per use
    f = T.add_const()
    assert count_nodes(f, Kind.FOR) == 2
    assert count_nodes(f, Kind.SCHEDULE_BLOCK_REALIZE) == 2
    assert count_nodes(f, Kind.LOAD) == 1 and count_nodes(f, Kind.STORE) == 1
    assert [n.name for n in collect(f, Kind.SCHEDULE_BLOCK)] == ["root", "B"]


class KindCounter(Visitor):
    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.defs: list[str] = []

    def visit_Expr(self, e):  # type: ignore[no-untyped-def] - catches every expression class
        self.counts[type(e).__name__] = self.counts.get(type(e).__name__, 0) + 1
        self.generic_visit(e)

    def visit_def(self, var, owner):  # type: ignore[no-untyped-def]
        self.defs.append(f"{type(owner).__name__}:{var.name}")


def test_visitor_dispatch_by_class_and_base_class() -> None:
    v = KindCounter()
    v.visit(T.add_const())
    # 4 loop bounds + the dims of tensors A, B and their buffers: traversal enters tensor shapes
    assert v.counts == {"Var": 6, "IntImm": 12, "Load": 1, "Add": 1, "FloatImm": 1}
    # the arguments, the loops and the block binders went through visit_def
    assert v.defs == ["Argument:_A", "Argument:_B", "For:i", "For:j", "ScheduleBlock:i0", "ScheduleBlock:i1"]


class Renamer(Mutator):
    def __init__(self) -> None:
        super().__init__()
        self.new: dict[Var, Var] = {}

    def visit_Var(self, v: Var) -> Var:
        if v not in self.new:
            self.new[v] = Var(v.name + "_r", v.dtype)
        return self.new[v]


def test_renaming_mutator_gives_an_equal_tree() -> None:
    f = T.softmax()
    g = Renamer().visit(f)
    assert g is not f
    assert structural_equal(f, g)
    text = print_ast(g)
    assert "serial for (i_r, 0ll, M_r)" in text and "i0_r, i1_r = axis.bind(i_r, reduce_j_r)" in text
    # tensors were rebuilt once each: every load of X shares one Tensor node
    xs = {id(n.tensor) for n in walk(g) if isinstance(n, Load) and n.tensor.name == "X"}
    assert len(xs) == 1


def test_mutator_is_copy_on_write() -> None:
    f = T.softmax()
    assert Mutator().visit(f) is f  # nothing changed: the same object

    class Twice(Mutator):
        def visit_FloatImm(self, c: FloatImm) -> FloatImm:
            return FloatImm(c.value * 2, c.dtype) if c.value == 1.0 else c

    g = T.add_const()
    assert Twice().visit(g) is g  # 2.0 is left alone: unchanged
    i = b.var("i")
    x = b.var("x", "float32")
    left = x * 3.0
    tree = For.serial(i, 0, 4, b.tensor("A", [4]).store([i], left + 1.0))
    new = Twice().visit(tree)
    assert new is not tree
    assert new.body.stmts[0].value.a is left  # the unchanged operand is shared, not copied
    assert new.body.stmts[0].value.b.value == 2.0
    assert new.loop_var is i and new.min is tree.min


def test_mutator_rebuilding_rechecks_types() -> None:
    import pytest

    from pirc.diagnostics import PircError

    class ToInt(Mutator):
        def visit_FloatImm(self, c: FloatImm):  # type: ignore[no-untyped-def]
            return b.const(1)

    with pytest.raises(PircError, match="cannot add float32 and int32"):
        ToInt().visit(b.var("x", "float32") + 1.0)


def test_substitute_and_free_vars() -> None:
    i, j, n = b.var("i"), b.var("j"), b.var("n")
    A = b.tensor("A", [8], "int32")
    loop = For.serial(j, 0, n, A.store([j], i + j))
    assert free_vars(loop) == [n, i]  # j is bound
    new = substitute(loop, {i: b.const(5), n: b.const(8)})
    assert free_vars(new) == []
    assert print_ast(new) == "serial for (j, 0, 8)\n{\n  A[j] = (5 + j)\n}"
    assert substitute(loop, {}) is loop
    f = T.exp_add()
    assert free_vars(f) == []  # M is an argument, used before its declaration in _A's shape


def test_walk_is_preorder_in_field_order() -> None:
    i = b.var("i")
    e = Add(i * 2, 3)
    kinds = [type(n).__name__ for n in walk(e)]
    assert kinds == ["Add", "Mul", "Var", "IntImm", "IntImm"]
    assert isinstance(next(iter(walk(b.tensor("Z", [2])))), Tensor)
