"""The reference evaluator against numpy."""

from __future__ import annotations


import ast_trees as T
import numpy as np
import pytest

from pirc.cinn.ast import For, IfThenElse, IntImm, Let, parse, print_ast
from pirc.cinn.ast import builder as b
from pirc.cinn.ast.evaluator import Evaluator, evaluate
from pirc.diagnostics import PircError

RNG = np.random.default_rng(7)


def rand(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape).astype(np.float32)


def softmax_ref(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def test_elementwise_with_symbolic_dim() -> None:
    f = T.exp_add()
    for m in (1, 5, 64):
        a = rand(m, 256)
        out = evaluate(f, A=a)
        assert set(out) == {"_B"} and out["_B"].dtype == np.float32
        np.testing.assert_allclose(out["_B"], np.exp(a) + 1, rtol=1e-6)
    a = rand(3, 256)
    np.testing.assert_allclose(evaluate(f, {"_A": a, "M": 3})["_B"], np.exp(a) + 1, rtol=1e-6)


def test_add_const_matches_cinn_semantics() -> None:
    a = rand(32, 32)
    np.testing.assert_array_equal(evaluate(T.add_const(), A=a)["_B"], a + np.float32(2))


@pytest.mark.parametrize(("combine", "ref"), [
    ("sum", lambda x: x.sum(axis=1)), ("max", lambda x: x.max(axis=1)),
    ("min", lambda x: x.min(axis=1)), ("prod", lambda x: np.prod(x, axis=1)),
])
def test_row_reductions_with_init(combine, ref) -> None:  # type: ignore[no-untyped-def]
    x = rand(33, 17) if combine != "prod" else (1 + 0.05 * rand(33, 17))
    out = evaluate(T.row_reduce(combine, 17), X=x)["_Y"]
    np.testing.assert_allclose(out, ref(x), rtol=1e-5, atol=1e-5)


def test_reduction_over_the_first_axis() -> None:
    x = rand(64, 32)
    np.testing.assert_allclose(evaluate(T.col_reduce(64), X=x)["_Y"], x.sum(axis=0), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("symbolic", [True, False])
def test_softmax(symbolic: bool) -> None:
    x = rand(64, 256) * 4
    out = evaluate(T.softmax(symbolic), X=x)["_Y"]
    np.testing.assert_allclose(out, softmax_ref(x), rtol=1e-5, atol=1e-7)


def test_vectorized_and_python_loops_agree() -> None:
    x = rand(6, 32)
    for f in (T.softmax(n=32), T.row_reduce("max", 32)):
        fast = evaluate(f, X=x)
        slow = evaluate(f, X=x, vectorize=False)
        for k in fast:
            np.testing.assert_allclose(fast[k], slow[k], rtol=1e-5, atol=1e-7)


def test_64x256_softmax_and_exp_add() -> None:
    # speed of this evaluation: bench/op_kernels.py
    x = rand(64, 256)
    out = Evaluator(T.softmax()).run(X=x)
    np.testing.assert_allclose(out["_Y"], softmax_ref(x), rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(evaluate(T.exp_add(), A=x)["_B"], np.exp(x) + 1, rtol=1e-6)


@pytest.mark.parametrize("seed", range(25))
def test_random_expressions_against_python_loops(seed: int) -> None:
    """Vectorized evaluation = scalar evaluation, and parsing the printed text changes nothing."""
    f = T.random_func(seed)
    a, bb = rand(6, 5), rand(5)
    fast = evaluate(f, A=a, B=bb)["_C"]
    slow = evaluate(parse(print_ast(f)), A=a, B=bb, vectorize=False)["_C"]
    np.testing.assert_allclose(fast, slow, rtol=1e-5, atol=1e-6, equal_nan=True)


def test_gpu_bound_loops_and_builtin_index_vars() -> None:
    x = rand(64, 128)
    np.testing.assert_allclose(evaluate(T.gpu_row_sum(), X=x)["_Y"], x.sum(axis=1), rtol=1e-5, atol=1e-5)
    a = rand(16, 64)
    np.testing.assert_array_equal(evaluate(T.gpu_builtin_kernel(), A=a)["_B"], a * np.float32(2))


def test_masks_selects_and_bound_guards() -> None:
    """B[i] = A[i + 1] guarded by if (i + 1 < n), else 0; select clamps its untaken loads."""
    n = 10
    A = b.tensor("A", [n], "float32", buffer="_A")
    B = b.tensor("B", [n], "float32", buffer="_B")
    C = b.tensor("C", [n], "float32", buffer="_C")
    i, j = b.var("i"), b.var("j")
    body = b.block(
        For.serial(i, 0, n, IfThenElse(i + 1 < n, B.store([i], A[i + 1]), B.store([i], 0.0))),
        For.serial(j, 0, n, C.store([j], b.select(j > 0, A[j - 1], -1.0))),
    )
    f = b.lowered_func("shift", [b.arg_in(A), b.arg_out(B), b.arg_out(C)], body)
    a = rand(n)
    for vec in (True, False):
        out = evaluate(f, A=a, vectorize=vec)
        np.testing.assert_array_equal(out["_B"], np.append(a[1:], 0))
        np.testing.assert_array_equal(out["_C"], np.insert(a[:-1], 0, -1))


def test_integer_semantics_are_cs() -> None:
    Q = b.tensor("Q", [4, 2], "int32", buffer="_Q")
    i = b.var("i")
    num = [7, -7, 7, -7]
    den = [2, 2, -2, -2]
    tn = b.tensor("N", [4], "int32", buffer="_N")
    td = b.tensor("D", [4], "int32", buffer="_D")
    body = For.serial(i, 0, 4, [Q.store([i, 0], tn[i] / td[i]), Q.store([i, 1], tn[i] % td[i])])
    f = b.lowered_func("divmod", [b.arg_in(tn), b.arg_in(td), b.arg_out(Q)], body)
    for vec in (True, False):
        q = evaluate(f, N=np.array(num, np.int32), D=np.array(den, np.int32), vectorize=vec)["_Q"]
        assert q[:, 0].tolist() == [3, -3, -3, 3]  # truncating division
        assert q[:, 1].tolist() == [1, -1, 1, -1]  # remainder takes the dividend's sign
    F = b.tensor("F", [3], "int32", buffer="_F")
    X = b.tensor("X", [3], "float32", buffer="_X")
    k = b.var("k")
    g = b.lowered_func("trunc", [b.arg_in(X), b.arg_out(F)], For.serial(k, 0, 3, F.store([k], X[k].astype("int32"))))
    assert evaluate(g, X=np.array([2.7, -2.7, 0.5], np.float32))["_F"].tolist() == [2, -2, 0]


def test_loop_carried_dependence_falls_back_to_python_loops() -> None:
    """A prefix sum reads what the previous iteration wrote: it must not be vectorized."""
    n = 50
    A = b.tensor("A", [n], "float32", buffer="_A")
    S = b.tensor("S", [n], "float32", buffer="_S")
    i = b.var("i")
    body = b.block(S.store([0], A[0]), For.serial(i, 1, n - 1, S.store([i], S[i - 1] + A[i])))
    f = b.lowered_func("cumsum", [b.arg_in(A), b.arg_out(S)], body)
    ev = Evaluator(f)
    assert ev.loop_info(body.stmts[1]) is None
    a = rand(n)
    np.testing.assert_allclose(ev.run(A=a)["_S"], np.cumsum(a), rtol=1e-5, atol=1e-5)


def test_colliding_stores_fall_back_at_run_time() -> None:
    """B[i / 2] = A[i]: the last write wins, as in a serial loop (indices collide)."""
    A = b.tensor("A", [8], "float32", buffer="_A")
    B = b.tensor("B", [4], "float32", buffer="_B")
    i = b.var("i")
    loop = For.serial(i, 0, 8, B.store([i / 2], A[i]))
    f = b.lowered_func("gather", [b.arg_in(A), b.arg_out(B)], loop)
    ev = Evaluator(f)
    assert ev.loop_info(loop) is not None  # statically fine...
    a = rand(8)
    np.testing.assert_array_equal(ev.run(A=a)["_B"], a[1::2])  # ...but collisions are caught
    assert id(loop) in ev._failed


def test_let_and_shared_buffers() -> None:
    """Two tensors viewing one buffer with different shapes, and a Let inside a loop."""
    buf = b.buffer("_T", [4, 4], "float32")
    T2 = b.tensor("T", [4, 4], "float32", buffer=buf)
    Tflat = b.tensor("T_flat", [16], "float32", buffer=buf)
    O = b.tensor("O", [16], "float32", buffer="_O")
    i, j, k = b.var("i"), b.var("j"), b.var("k")
    t = b.var("t")
    body = b.block(
        For.serial(i, 0, 4, For.serial(j, 0, 4, [Let(t, i * 4 + j), T2.store([i, j], t.astype("float32"))])),
        For.serial(k, 0, 16, O.store([k], Tflat[k] * 2.0)),
    )
    f = b.lowered_func("views", [b.arg_out(O)], body, temp_bufs=[buf])
    np.testing.assert_array_equal(evaluate(f)["_O"], np.arange(16, dtype=np.float32) * 2)


def test_out_arrays_are_written_in_place_and_inputs_are_not_touched() -> None:
    a = rand(4, 256)
    a_copy = a.copy()
    out = np.zeros((4, 256), np.float32)
    res = evaluate(T.exp_add(), A=a, B=out)
    assert res["_B"] is out
    np.testing.assert_allclose(out, np.exp(a) + 1, rtol=1e-6)
    np.testing.assert_array_equal(a, a_copy)


def test_argument_errors() -> None:
    f = T.exp_add()
    with pytest.raises(PircError, match="no value for scalar argument M"):
        evaluate(f)
    with pytest.raises(PircError, match=r"should have shape \(3, 256\), got \(3, 255\)"):
        evaluate(f, A=rand(3, 255), M=3)
    with pytest.raises(PircError, match="has no argument named 'Z'"):
        evaluate(f, A=rand(3, 256), Z=1)
    with pytest.raises(PircError, match="must be a writeable C-contiguous float32 array"):
        evaluate(f, A=rand(3, 256), B=np.zeros((3, 256)))


def test_out_of_bounds_is_a_located_error() -> None:
    text = print_ast(T.add_const()).replace("serial for (j, 0, 32)", "serial for (j, 0, 33)")
    f = parse(text, "oob.ast")
    with pytest.raises(PircError) as err:
        evaluate(f, A=rand(32, 32))
    assert "out of bounds for" in err.value.render() and "oob.ast:" in err.value.render()


def test_unknown_calls_are_reported() -> None:
    x = b.tensor("X", [2], "float32", buffer="_X")
    i = b.var("i")
    f = b.lowered_func("f", [b.arg_out(x)], For.serial(i, 0, 2, x.store([i], b.call("mystery", IntImm(1), dtype="float32"))))
    with pytest.raises(PircError, match="does not implement the call 'mystery'"):
        evaluate(f)


def test_masked_reduction_and_triangular_loops() -> None:
    """sum_{k<i} X[i, k] (an if inside a vectorized reduction) and max_{k<=i} X[i, k]
    (an extent that depends on the outer variable: the outer loop falls back)."""
    X = b.tensor("X", [16, 16], "float32", buffer="_X")
    Y = b.tensor("Y", [16], "float32", buffer="_Y")
    Z = b.tensor("Z", [16], "float32", buffer="_Z")
    i, k, i2, k2 = b.var("i"), b.var("k"), b.var("i2"), b.var("k2")
    masked = For.serial(i, 0, 16, [Y.store([i], 0.0),
                                   For.serial(k, 0, 16, IfThenElse(k < i, Y.store([i], Y[i] + X[i, k])))])
    tri = For.serial(i2, 0, 16, [Z.store([i2], -1e30),
                                 For.serial(k2, 0, i2 + 1, Z.store([i2], b.maximum(Z[i2], X[i2, k2])))])
    f = b.lowered_func("tri", [b.arg_in(X), b.arg_out(Y), b.arg_out(Z)], [masked, tri])
    x = rand(16, 16)
    ev = Evaluator(f)
    out = ev.run(X=x)
    np.testing.assert_allclose(out["_Y"], [x[r, :r].sum() for r in range(16)], rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(out["_Z"], [x[r, : r + 1].max() for r in range(16)])
    assert id(masked) not in ev._failed and id(tri) in ev._failed
