"""Hand-written checks of the part-1 shape rules and kernels (elementwise.py, reduce.py,
creation.py) for what the Paddle-recorded cases cannot express: unknown ranks, constants
given in every form the verifier may hand over, Meta.const of the creation ops, and
operands that must be rejected."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import pirc.dialects.pd_op  # noqa: F401
from pirc.dialects.opdef import OP_DEFS, Meta, PatternKind, ShapeError, lookup
from pirc.dialects.pd_op.elementwise import cast_array, erf, round_to_bfloat16


def infer(name: str, args: list[Any], **attrs: Any) -> list[Meta]:
    op = lookup(name)
    assert op is not None and op.infer_meta is not None
    return op.infer_meta(args, attrs)


def run(name: str, args: list[Any], **attrs: Any) -> list[np.ndarray]:
    op = lookup(name)
    assert op is not None and op.kernel is not None
    return op.kernel(args, attrs)


def T(shape: tuple[int, ...] | None, dtype: str = "float32", const: Any = None) -> Meta:
    return Meta(shape, dtype, const)


# --- Meta.const of the creation ops ---------------------------------------------------


def test_full_sets_typed_scalar_const() -> None:
    (m,) = infer("pd_op.full", [], shape=[2, 3], value=2.7, dtype="int64", place="cpu")
    assert m == Meta((2, 3), "int64", 2) and type(m.const) is int
    (m,) = infer("pd_op.full", [], shape=[1], value=0.5, dtype="bool", place="cpu")
    assert m.const is True
    (m,) = infer("pd_op.full", [], shape=[], value=0.1, dtype="float32", place="undefined:0")
    assert m.shape == () and m.const == float(np.float32(0.1))
    (m,) = infer("pd_op.full", [], shape=[4], value=float("-inf"), dtype="float64", place="cpu")
    assert m.const == float("-inf")


def test_full_int_array_and_assign_value_set_list_const() -> None:
    (m,) = infer("pd_op.full_int_array", [], value=[1, -2, 3], dtype="int64", place="cpu")
    assert m == Meta((3,), "int64", [1, -2, 3])
    (m,) = infer("pd_op.full_int_array", [], value=[], dtype="int64", place="cpu")
    assert m == Meta((0,), "int64", [])
    (m,) = infer("pd_op.assign_value", [], shape=[2, 2], dtype="int32", values=[1.0, 2.0, 3.0, -4.0], place="cpu")
    assert m == Meta((2, 2), "int32", [1, 2, 3, -4])


def test_creation_rules_reject_bad_attributes() -> None:
    with pytest.raises(ShapeError):
        infer("pd_op.full", [], shape=[-1, 2], value=1.0, dtype="float32", place="cpu")
    with pytest.raises(ShapeError):
        infer("pd_op.full", [], shape=[2], value=1.0, dtype="Undefined", place="cpu")
    with pytest.raises(ShapeError):
        infer("pd_op.assign_value", [], shape=[3], dtype="float32", values=[1.0, 2.0], place="cpu")
    with pytest.raises(ShapeError):
        infer("pd_op.cast", [T((2,))], dtype="Undefined")
    with pytest.raises(ShapeError):  # a known zero step
        infer("pd_op.arange", [T((1,), "float64", 0.0), T((1,), "float64", 5.0), T((1,), "float64", 0.0)],
              dtype="int64", place="cpu")
    with pytest.raises(ShapeError):
        infer("pd_op.full_with_tensor", [T((1,)), T((2,), "int64", [2, -3])], dtype="float32")


# --- constants in every form (scalar, list, ndarray) ---------------------------------


@pytest.mark.parametrize("axis", [[1], np.array([1], np.int64), 1, np.array(1)])
def test_reduce_axis_const_forms(axis: Any) -> None:
    (m,) = infer("pd_op.sum", [T((2, 3, 4)), T((1,), "int64", axis)], dtype="Undefined", keepdim=False)
    assert m.shape == (2, 4)
    (m,) = infer("pd_op.argmax", [T((2, 3, 4)), T((1,), "int64", axis)], keepdims=True, flatten=False, dtype="int64")
    assert m.shape == (2, 1, 4)


@pytest.mark.parametrize("const", [(0.0, 10.0, 2.5), ([0.0], [10.0], [2.5]), (np.array([0.0]), np.array([10.0]),
                                                                             np.array([2.5]))])
def test_arange_const_forms(const: tuple[Any, Any, Any]) -> None:
    args = [T((1,), "float64", c) for c in const]
    assert infer("pd_op.arange", args, dtype="int64", place="cpu")[0].shape == (5,)
    assert infer("pd_op.arange", args, dtype="float32", place="cpu")[0].shape == (4,)


def test_one_hot_depth_forms() -> None:
    for depth in (5, [5], np.array([5], np.int32)):
        assert infer("pd_op.one_hot", [T((2, 3), "int64"), T((1,), "int32", depth)])[0] == Meta((2, 3, 5), "float32")
    assert infer("pd_op.one_hot", [T((2, -1), "int32"), T((1,), "int32")])[0] == Meta((2, -1, -1), "float32")
    with pytest.raises(ShapeError):
        infer("pd_op.one_hot", [T((2,), "float32"), T((1,), "int32", 3)])


def test_full_with_tensor_shape_forms() -> None:
    assert infer("pd_op.full_with_tensor", [T((1,)), T((2,), "int64", [2, 3])], dtype="int32")[0] == Meta((2, 3), "int32")
    assert infer("pd_op.full_with_tensor", [T((1,)), T((3,), "int64")], dtype="int32")[0].shape == (-1, -1, -1)
    assert infer("pd_op.full_with_tensor", [T((1,)), T((-1,), "int64")], dtype="int32")[0].shape is None


# --- unknown ranks and dynamic dims ---------------------------------------------------


def test_unknown_rank_propagates() -> None:
    assert infer("pd_op.add", [T(None), T((3,))])[0] == Meta(None, "float32")
    assert infer("pd_op.equal", [T((3,)), T(None)])[0] == Meta(None, "bool")
    assert infer("pd_op.relu", [T(None)])[0] == Meta(None, "float32")
    assert infer("pd_op.sum", [T(None, "int32"), T((1,), "int64", [0])], dtype="Undefined",
                 keepdim=False)[0] == Meta(None, "int64")
    assert infer("pd_op.softmax", [T(None)], axis=5)[0] == Meta(None, "float32")
    assert infer("pd_op.cumsum", [T(None), T((1,), "int32", 0)], flatten=True, exclusive=False,
                 reverse=False)[0].shape is None
    assert infer("pd_op.argmax", [T(None), T((1,), "int64", 0)], keepdims=False, flatten=False,
                 dtype="int32")[0] == Meta(None, "int32")
    assert infer("pd_op.shape64", [T(None)])[0] == Meta((-1,), "int64")
    assert infer("pd_op.shape", [T((2, -1, 3))])[0] == Meta((3,), "int32")


def test_reduce_with_unknown_axes() -> None:
    # the axis tensor's length is unknown too: nothing is known about the rank
    assert infer("pd_op.sum", [T((2, 3)), T((-1,), "int64")], dtype="Undefined", keepdim=False)[0].shape is None
    assert infer("pd_op.sum", [T((2, 3)), T((-1,), "int64")], dtype="Undefined", keepdim=True)[0].shape == (-1, -1)
    assert infer("pd_op.prod", [T((2, 3)), T((1,), "int64")], keepdim=False, reduce_all=True)[0].shape == ()
    assert infer("pd_op.max", [T((-1, 3, -1)), T((1,), "int64", [1])], keepdim=True)[0].shape == (-1, 1, -1)


def test_binary_broadcast_rules() -> None:
    assert infer("pd_op.add", [T((2, 1, 4)), T((3, 1))])[0].shape == (2, 3, 4)
    assert infer("pd_op.add", [T(()), T((3,))])[0].shape == (3,)
    assert infer("pd_op.divide", [T((-1, 1)), T((5,))])[0].shape == (-1, 5)
    assert infer("pd_op.add", [T((2, 3), "int32"), T((3,), "int64")])[0].dtype == "int32"  # x's dtype
    with pytest.raises(ShapeError):
        infer("pd_op.subtract", [T((2, 3)), T((2,))])
    with pytest.raises(ShapeError):
        infer("pd_op.logical_and", [T((4,), "bool"), T((3,), "bool")])


def test_reductions_reject_bad_axes() -> None:
    with pytest.raises(ShapeError):
        infer("pd_op.mean", [T((2, 3)), T((2,), "int64", [0, -2])], keepdim=False)
    with pytest.raises(ShapeError):
        infer("pd_op.logsumexp", [T((2, 3))], axis=[3], keepdim=False, reduce_all=False)
    with pytest.raises(ShapeError):
        infer("pd_op.argmin", [T((2, 3)), T((1,), "int64", [0, 1])], keepdims=False, flatten=False, dtype="int64")
    with pytest.raises(ShapeError):
        infer("pd_op.cumsum", [T((2, 3)), T((1,), "int32", -3)], flatten=False, exclusive=False, reverse=False)
    with pytest.raises(ShapeError):
        infer("pd_op.clip", [T((2,)), T((1,), "float32", 2.0), T((1,), "float32", 1.0)])


# --- kernels: runtime errors and result types -----------------------------------------


def test_kernels_raise_like_paddle() -> None:
    with pytest.raises(ZeroDivisionError):
        run("pd_op.floor_divide", [np.array([4], np.int32), np.array([0], np.int32)])
    with pytest.raises(ValueError):
        run("pd_op.arange", [np.array([0.0]), np.array([3.0]), np.array([0.0])], dtype="float32", place="cpu")
    with pytest.raises(ValueError):
        run("pd_op.full_like", [np.zeros(2, np.float32), np.array([1e40], np.float64)], dtype="float32", place="cpu")
    with pytest.raises(ValueError):
        run("pd_op.sum", [np.zeros((2, 3), np.float32), np.array([1, 1], np.int64)], dtype="Undefined", keepdim=False)


def test_zero_d_results_are_arrays() -> None:
    x = np.array(2.0, np.float32)
    for name, args, attrs in [
        ("pd_op.exp", [x], {}),
        ("pd_op.add", [x, x], {}),
        ("pd_op.equal", [x, x], {}),
        ("pd_op.sum", [x, np.array([], np.int64)], {"dtype": "Undefined", "keepdim": False}),
        ("pd_op.argmax", [x, np.array([0], np.int64)], {"keepdims": False, "flatten": False, "dtype": "int64"}),
        ("pd_op.full", [], {"shape": [], "value": 1.0, "dtype": "int32", "place": "cpu"}),
        ("pd_op.cast", [x], {"dtype": "int64"}),
        ("pd_op.scale", [x, np.array([2.0], np.float32)], {"bias": 1.0, "bias_after_scale": True}),
    ]:
        (out,) = run(name, args, **attrs)
        assert type(out) is np.ndarray and out.shape == (), name


def test_inplace_variants_share_the_kernel() -> None:
    mine = {f"pirc.dialects.pd_op.{m}" for m in ("elementwise", "reduce", "creation")}

    def family(module: str) -> str:  # elementwise is a package: pirc.dialects.pd_op.elementwise.unary ...
        return ".".join(module.split(".")[:4])

    inplace = [n for n, d in OP_DEFS.items() if n.endswith("_") and n.removesuffix("_") in OP_DEFS
               and d.kernel is OP_DEFS[n.removesuffix("_")].kernel and family(d.kernel.__module__) in mine]
    assert len(inplace) >= 40
    for n in inplace:
        d = OP_DEFS[n]
        assert "inplace" in d.traits and dict(d.inplace) in ({0: 0}, {0: 1}), n
    assert OP_DEFS["pd_op.where_"].inplace == {0: 1} and OP_DEFS["pd_op.assign_out_"].inplace == {0: 1}


def test_kernel_results_do_not_alias_inputs() -> None:
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    for name, args, attrs in [("pd_op.assign", [x], {}), ("pd_op.cast", [x], {"dtype": "float32"}),
                              ("pd_op.relu_", [x], {}), ("pd_op.assign_out_", [x, np.zeros_like(x)], {})]:
        (out,) = run(name, args, **attrs)
        assert not np.shares_memory(out, x), name
        np.testing.assert_array_equal(x, np.arange(6, dtype=np.float32).reshape(2, 3))


def test_pattern_kinds_of_inplace_ops_follow_their_base() -> None:
    assert OP_DEFS["pd_op.relu_"].pattern == PatternKind.ELEMENTWISE
    assert OP_DEFS["pd_op.cumsum_"].pattern == PatternKind.NON_FUSIBLE
    assert OP_DEFS["pd_op.full_"].pattern == OP_DEFS["pd_op.full"].pattern


# --- numeric helpers ------------------------------------------------------------------


def test_erf_accuracy() -> None:
    import math

    xs = np.concatenate([np.linspace(-7, 7, 2801), [0.0, -0.0, 2.999999, 3.0, 1e-300]])
    ref = np.array([math.erf(v) for v in xs])
    assert np.max(np.abs(erf(xs) - ref)) < 5e-15
    out = erf(np.array([np.nan, np.inf, -np.inf, -0.0]))
    assert np.isnan(out[0]) and out[1] == 1.0 and out[2] == -1.0 and np.signbit(out[3])


def test_bfloat16_rounding_and_cast_semantics() -> None:
    x = np.array([1.0, 1.00390625, 1.01171875, -3.0e38, np.nan], np.float32)
    r = round_to_bfloat16(x)
    assert r[0] == 1.0 and r[1] == 1.0 and r[2] == 1.015625 and np.isnan(r[4])
    # float -> narrow integers wrap through int32 like x86's cvttss2si
    np.testing.assert_array_equal(cast_array(np.array([-1.0, 300.0, 2.7], np.float32), "uint8"), [255, 44, 2])
    np.testing.assert_array_equal(cast_array(np.array([np.nan, 1e10], np.float32), "int32"), [-(2**31), -(2**31)])
    np.testing.assert_array_equal(cast_array(np.array([0.0, -0.0, np.nan]), "bool"), [False, False, True])
