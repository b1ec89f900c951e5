"""Structural equality (alpha-equivalence) and hashing."""

from __future__ import annotations

import ast_trees as T
import pytest

from pirc.cinn.ast import (
    Block,
    For,
    IntImm,
    Let,
    assert_structural_equal,
    parse,
    print_ast,
    structural_equal,
    structural_hash,
)
from pirc.cinn.ast import builder as b

A = b.tensor("A", [8, 8], "float32", buffer="_A")


def nest(i_name: str = "i", j_name: str = "j", extent: int = 8, swap: bool = False) -> For:
    i, j = b.var(i_name), b.var(j_name)
    idx = [j, i] if swap else [i, j]
    return For.serial(i, 0, extent, For.serial(j, 0, 8, A.store(idx, A[i, j] + 1.0)))


def test_alpha_equivalent_loops_are_equal_and_hash_alike() -> None:
    x, y = nest("i", "j"), nest("p", "q")
    assert x is not y
    assert structural_equal(x, y)
    assert structural_hash(x) == structural_hash(y)
    assert structural_equal(x, x)


@pytest.mark.parametrize("other", [
    lambda: nest(extent=4),  # different bound
    lambda: nest(swap=True),  # different index order
    lambda: For.parallel(b.var("i"), 0, 8, nest().body),  # different loop kind
])
def test_different_loops_are_not_equal(other) -> None:  # type: ignore[no-untyped-def]
    x, y = nest(), other()
    assert not structural_equal(x, y)
    assert structural_hash(x) != structural_hash(y)


def test_loop_variables_must_correspond_one_to_one() -> None:
    i, j = b.var("i"), b.var("j")
    both = For.serial(i, 0, 8, For.serial(j, 0, 8, A.store([i, j], 0.0)))
    same = For.serial(i, 0, 8, For.serial(j, 0, 8, A.store([i, i], 0.0)))
    assert not structural_equal(both, same)
    # the inner loop shadows: A[j, j] under `for j { for j }` is not A[i, j]
    shadow = For.serial(j, 0, 8, For.serial(j, 0, 8, A.store([j, j], 0.0)))
    assert not structural_equal(both, shadow)
    assert structural_equal(shadow, For.serial(i, 0, 8, For.serial(j, 0, 8, A.store([j, j], 0.0))))


def test_types_of_bound_variables_matter() -> None:
    i32, i64 = b.var("i"), b.var("i", "int64")
    assert not structural_equal(For.serial(i32, 0, 8, Block(())), For.serial(i64, 0, 8, Block(())))


def test_free_variable_mapping() -> None:
    x, y = b.var("x"), b.var("y")
    assert not structural_equal(x + 1, y + 1)
    assert structural_equal(x + 1, y + 1, map_free_vars=True)
    assert structural_equal(x + 1, x + 1)
    assert structural_hash(x + 1, map_free_vars=True) == structural_hash(y + 1, map_free_vars=True)
    # mapping stays one-to-one
    assert not structural_equal(x + x, x + y, map_free_vars=True)
    assert not structural_equal(x + y, x + x, map_free_vars=True)
    assert structural_equal(x + y, y + x, map_free_vars=True)
    assert not structural_equal(x + 1, b.var("z", "int64") + 1, map_free_vars=True)


def test_sibling_loops_may_share_or_not_share_a_variable() -> None:
    i, j = b.var("i"), b.var("i")
    shared = Block((For.serial(i, 0, 8, A.store([i, 0], 0.0)), For.serial(i, 0, 8, A.store([i, 1], 0.0))))
    distinct = Block((For.serial(i, 0, 8, A.store([i, 0], 0.0)), For.serial(j, 0, 8, A.store([j, 1], 0.0))))
    assert structural_equal(shared, distinct) and structural_equal(distinct, shared)
    assert structural_hash(shared) == structural_hash(distinct)


def test_let_binds_until_the_end_of_its_block() -> None:
    t, u = b.var("t"), b.var("u")
    T_ = b.tensor("T", [4], "int32")
    x = Block((Let(t, IntImm(3)), T_.store([0], t + 1)))
    y = Block((Let(u, IntImm(3)), T_.store([0], u + 1)))
    assert structural_equal(x, y)
    assert not structural_equal(x, Block((Let(u, IntImm(4)), T_.store([0], u + 1))))


def test_spans_and_names_are_ignored_but_tensor_names_are_not() -> None:
    f1 = T.add_const()
    f2 = parse(print_ast(f1))  # every node now has a span
    assert_structural_equal(f1, f2)
    renamed = parse(print_ast(f1).replace("i0", "p").replace("i1", "q"))
    assert structural_equal(f1, renamed)
    other = parse(print_ast(f1).replace("tensor B -> _B", "tensor C -> _B").replace("B[", "C["))
    assert not structural_equal(f1, other)


def test_float_attributes_are_compared_exactly() -> None:
    from pirc.cinn.ast import FloatImm

    assert structural_equal(FloatImm(float("nan")), FloatImm(float("nan")))
    assert not structural_equal(FloatImm(0.0), FloatImm(-0.0))
    assert structural_hash(FloatImm(0.0)) != structural_hash(FloatImm(-0.0))
    assert not structural_equal(IntImm(1), IntImm(1, "int64"))


def test_assert_structural_equal_names_the_difference() -> None:
    with pytest.raises(AssertionError, match=r"at body\.stmts\[0\]\.value\.b\.value: 1\.0 vs 2\.0"):
        i, j = b.var("i"), b.var("j")
        x = For.serial(i, 0, 8, A.store([i, 0], A[i, 0] + 1.0))
        y = For.serial(j, 0, 8, A.store([j, 0], A[j, 0] + 2.0))
        assert_structural_equal(x, y)


def test_hash_is_deterministic_and_discriminates() -> None:
    hashes = {structural_hash(T.random_func(s)) for s in range(40)}
    assert len(hashes) >= 38  # distinct random programs hash apart
    assert structural_hash(T.softmax()) == structural_hash(T.softmax())  # separately built trees
    assert structural_hash(T.softmax()) != structural_hash(T.softmax(symbolic=False))


def test_function_arguments_are_bound() -> None:
    f1, f2 = T.exp_add(), T.exp_add()  # different M objects
    assert f1.args[2].target is not f2.args[2].target
    assert structural_equal(f1, f2) and structural_hash(f1) == structural_hash(f2)
    assert not structural_equal(T.row_reduce("sum"), T.row_reduce("max"))
