"""Symbolic dims: polynomial arithmetic, unification, AST expressions, and the shape
analysis of groups with -1 dims (symbols become int64 kernel arguments, each with the
group input and axis it is read from)."""

from __future__ import annotations

import numpy as np
from lower_helpers import compare, group_program, run_lowered

from pirc.cinn.ast import DType, print_ast
from pirc.cinn.ast import builder as b
from pirc.cinn.lower import OpLower
from pirc.cinn.lower.symbolic import Dim, SymbolTable, eval_dim, product


def test_polynomials() -> None:
    t = SymbolTable()
    s0, s1 = t.new(), t.new()
    d = s0 * 24
    assert d.floordiv(24) == s0 and d.floordiv(6) == s0 * 4
    assert (s0 * s1).exact_div(s1) == s0
    assert (s0 + 3).exact_div(s0) is None
    assert (s0 * 4 - s0 * 4 + 2).value == 2
    assert product([s0, 2, s1]) == s0 * s1 * 2
    assert Dim.min(3, 5).value == 3 and Dim.max(s0, s0) == s0
    assert (s0 * 4 + 2).text({0: "S0"}) == "4*S0 + 2"


def test_unify_and_canon() -> None:
    t = SymbolTable()
    a, c, d = t.new(), t.new(), t.new()
    assert t.unify(a, c)  # two symbols: the older one represents both
    assert t.canon(c) == a and t.equal(a * 2, c * 2)
    assert t.unify(d, Dim.const(7))  # a symbol that is a constant
    assert t.canon(d).value == 7
    e = t.new()
    assert t.unify(e, a * 4)  # a symbol defined by an expression of others
    assert t.canon(e * 2) == a * 8
    assert not t.unify(a * 3, a * 4 + 1)  # no bare symbol: nothing to learn
    assert eval_dim(t, e + 1, {0: 5}) == 21


def test_dim_expressions() -> None:
    t = SymbolTable()
    s0 = t.new()
    v = b.var("S0", "int64")
    e = t.to_expr(s0 * 4 + 2, {0: v}, DType.INT64)
    assert print_ast(e) == "((4ll * S0) + 2ll)"
    assert print_ast(t.to_expr(Dim.min(s0, 3), {0: v}, DType.INT64)) == "cinn_min(S0, 3ll)"


def test_group_with_dynamic_batch() -> None:
    """x: [-1, 4, 6] -> reshape [0, 24] -> + y[-1, 24]: the reshape's -1 is the batch symbol,
    unified with y's; the kernel takes S0 read from operand 0, axis 0."""
    t24 = "tensor<-1x24xf32>"
    _, g = group_program([("x", [-1, 4, 6], "f32"), ("y", [-1, 24], "f32")], [
        f'(%100) = "cinn_op.reshape" (%0) {{shape:[-1,24]}} : (tensor<-1x4x6xf32>) -> {t24}',
        f'(%101) = "pd_op.add" (%100, %1) {{}} : ({t24}, {t24}) -> {t24}',
    ], [("%101", t24)])
    lg = OpLower("c").lower(g, 0)
    assert [(s.var.name, s.operand, s.axis) for s in lg.symbols] == [("S0", 0, 0)]
    (k,) = lg.kernels
    f = k.func
    assert [a.name for a in f.args] == ["_var_0", "_var_1", "_var_3", "S0"]
    assert f.args[-1].target.dtype is DType.INT64
    assert k.symbol_args == [(3, 0, 0)]
    assert k.out_dims == [["S0", "24"]]
    x = np.random.default_rng(0).standard_normal((5, 4, 6)).astype(np.float32)
    y = np.random.default_rng(1).standard_normal((5, 24)).astype(np.float32)
    assert not compare(run_lowered(lg, [x, y]), [x.reshape(5, 24) + y])


def test_symbol_read_from_a_shape_only_operand() -> None:
    """A broadcast's ``ref`` operand only lends its shape: the kernel gets it as an extra,
    unread input buffer so that the host can read the symbol from it."""
    t = "tensor<-1x8xf32>"
    _, g = group_program([("b", [8], "f32"), ("r", [-1, 8], "f32")], [
        f'(%100) = "cinn_op.broadcast" (%0, %1) {{broadcast_axes:[1],out_shape:[-1,8]}} : (tensor<8xf32>, {t}) -> {t}',
        f'(%101) = "pd_op.exp" (%100) {{}} : ({t}) -> {t}',
    ], [("%101", t)])
    lg = OpLower("c").lower(g, 0)
    (k,) = lg.kernels
    assert k.inputs == [("in", 0), ("in", 1)]
    assert k.symbol_args == [(3, 1, 0)]
    bvec = np.arange(8, dtype=np.float32) / 8
    r = np.zeros((3, 8), np.float32)
    assert not compare(run_lowered(lg, [bvec, r]), [np.exp(np.broadcast_to(bvec, (3, 8)))])


def test_static_groups_use_int32_indices() -> None:
    t = "tensor<4x8xf32>"
    _, g = group_program([("x", [4, 8], "f32")], [f'(%100) = "pd_op.exp" (%0) {{}} : ({t}) -> {t}'], [("%100", t)])
    f = OpLower("c").lower(g, 0).functions[0]
    assert "0ll" not in print_ast(f) and not [a for a in f.args if a.is_var]
