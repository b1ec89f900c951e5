"""Rules of the part-2 op definitions that the Paddle-generated data cannot show:
shape-rule rejections, unknown constants, views vs copies, inplace/view maps, pattern
kinds, self-consistency of the topk emulation, convolution cross-checks and speed."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import pirc.dialects.pd_op  # noqa: F401
from pirc.dialects.opdef import Meta, PatternKind, ShapeError, lookup
from tests.dialects.case_args import m, meta, run

F32 = "float32"


def ints(*vals: int) -> Meta:
    return Meta((len(vals),), "int64", list(vals))


def scalar(v: int, dtype: str = "int32") -> Meta:
    return Meta((1,), dtype, np.array([v], dtype=dtype))


CONV = {"strides": [1, 1], "paddings": [0, 0], "padding_algorithm": "EXPLICIT", "dilations": [1, 1],
        "groups": 1, "data_format": "NCHW"}
POOL = {"strides": [1, 1], "paddings": [0, 0], "ceil_mode": False, "exclusive": True, "data_format": "NCHW",
        "pooling_type": "max", "global_pooling": False, "adaptive": False, "padding_algorithm": "EXPLICIT"}


# ---------------------------------------------------------------------------
# shape rules reject bad input
# ---------------------------------------------------------------------------

BAD: list[tuple[str, list[Any], dict[str, Any]]] = [
    ("pd_op.reshape", [m(2, 3), ints(4, 2)], {}),
    ("pd_op.reshape", [m(2, 3), ints(-1, -1)], {}),
    ("pd_op.reshape", [m(2, 3), ints(0, 0, 0)], {}),
    ("pd_op.transpose", [m(2, 3)], {"perm": [0, 0]}),
    ("pd_op.transpose", [m(2, 3)], {"perm": [0, 1, 2]}),
    ("pd_op.flatten", [m(2, 3, 4)], {"start_axis": 2, "stop_axis": 1}),
    ("pd_op.flatten", [m(2, 3)], {"start_axis": 0, "stop_axis": 2}),
    ("pd_op.squeeze", [m(2, 1), ints(2)], {}),
    ("pd_op.unsqueeze", [m(2, 3), ints(4)], {}),
    ("pd_op.concat", [[m(2, 3), m(2, 3, 1)], scalar(0)], {}),
    ("pd_op.concat", [[m(2, 3), m(3, 3)], scalar(1)], {}),
    ("pd_op.concat", [[m(2, 3), m(2, 3, dtype="int64")], scalar(0)], {}),
    ("pd_op.concat", [[m(2, 3), m(2, 3)], scalar(2)], {}),
    ("pd_op.concat", [[m(), m()], scalar(0)], {}),
    ("pd_op.stack", [[m(2, 3), m(3, 2)]], {"axis": 0}),
    ("pd_op.stack", [[m(2, 3), m(2, 3)]], {"axis": 3}),
    ("pd_op.split", [m(4, 3), ints(1, 2), scalar(0)], {}),
    ("pd_op.split", [m(4, 3), ints(-1, -1), scalar(0)], {}),
    ("pd_op.split", [m(4, 3), ints(5, -1), scalar(0)], {}),
    ("pd_op.split_with_num", [m(4, 3), scalar(1)], {"num": 2}),
    ("pd_op.split_with_num", [m(4, 3), scalar(0)], {"num": 0}),
    ("pd_op.unbind", [m(-1, 3)], {"axis": 0}),
    ("pd_op.unbind", [m(2, 3)], {"axis": 2}),
    ("pd_op.meshgrid", [[m(2, 2), m(3)]], {}),
    ("pd_op.slice", [m(4, 5), ints(0), ints(2)], {"axes": [0], "infer_flags": [1], "decrease_axis": [0]}),
    ("pd_op.slice", [m(4, 5), ints(0), ints(2)], {"axes": [2], "infer_flags": [1], "decrease_axis": []}),
    ("pd_op.strided_slice", [m(4, 5), ints(0), ints(2), ints(0)], {"axes": [0]}),
    ("pd_op.gather", [m(4, 5), m(2, 2, dtype="int64"), scalar(0)], {}),
    ("pd_op.gather", [m(4, 5), m(2, dtype="float32"), scalar(0)], {}),
    ("pd_op.gather", [m(4, 5), m(2, dtype="int64"), scalar(2)], {}),
    ("pd_op.gather_nd", [m(4, 5), m(2, 3, dtype="int64")], {}),
    ("pd_op.index_select", [m(4, 5), m(2, 2, dtype="int64")], {"axis": 0}),
    ("pd_op.expand", [m(2, 3), ints(4, 3)], {}),
    ("pd_op.expand", [m(2, 3), ints(3)], {}),
    ("pd_op.expand", [m(3), ints(-1, 3)], {}),
    ("pd_op.tile", [m(2, 3), ints(-1, 2)], {}),
    ("pd_op.matmul", [m(2, 3), m(4, 5)], {"transpose_x": False, "transpose_y": False}),
    ("pd_op.matmul", [m(2, 3), m(2, 5)], {"transpose_x": False, "transpose_y": True}),
    ("pd_op.matmul", [m(), m(3)], {"transpose_x": False, "transpose_y": False}),
    ("pd_op.matmul", [m(2, 3), m(3, 4, dtype="float64")], {"transpose_x": False, "transpose_y": False}),
    ("pd_op.matmul", [m(2, 2, 3), m(3, 3, 4)], {"transpose_x": False, "transpose_y": False}),
    ("pd_op.bmm", [m(2, 3, 4), m(3, 4, 5)], {}),
    ("pd_op.bmm", [m(3, 4), m(4, 5)], {}),
    ("pd_op.addmm", [m(3, 5), m(3, 4), m(5, 5)], {"alpha": 1.0, "beta": 1.0}),
    ("pd_op.dot", [m(3), m(4)], {}),
    ("pd_op.mv", [m(3, 4), m(3)], {}),
    ("pd_op.conv2d", [m(1, 3, 8, 8), m(4, 2, 3, 3)], CONV),
    ("pd_op.conv2d", [m(1, 4, 8, 8), m(3, 2, 3, 3)], {**CONV, "groups": 2}),
    ("pd_op.conv2d", [m(1, 3, 2, 2), m(4, 3, 3, 3)], CONV),
    ("pd_op.conv2d", [m(3, 8, 8), m(4, 3, 3, 3)], CONV),
    ("pd_op.conv2d", [m(1, 3, 8, 8), m(4, 3, 3, 3)], {**CONV, "paddings": [1, 1, 1]}),
    ("pd_op.conv2d", [m(1, 3, 8, 8), m(4, 3, 3, 3)], {**CONV, "padding_algorithm": "FULL"}),
    ("pd_op.conv2d", [m(1, 3, 8, 8), m(4, 3, 3, 3)], {**CONV, "data_format": "NCWH"}),
    ("pd_op.conv2d_transpose", [m(1, 3, 4, 4), m(2, 3, 3, 3), ints()],
     {**CONV, "output_padding": []}),
    ("pd_op.conv2d_transpose", [m(1, 3, 4, 4), m(3, 2, 3, 3), ints(20, 20)],
     {**CONV, "output_padding": [], "strides": [2, 2]}),
    ("pd_op.conv2d_transpose", [m(1, 3, 4, 4), m(3, 2, 3, 3), ints()],
     {**CONV, "output_padding": [2, 2], "strides": [2, 2]}),
    ("pd_op.pool2d", [m(3, 8, 8), ints(2, 2)], POOL),
    ("pd_op.pool2d", [m(1, 3, 2, 2), ints(5, 5)], POOL),
    ("pd_op.pool2d", [m(1, 3, 8, 8), ints(2, 2)], {**POOL, "pooling_type": "min"}),
    ("pd_op.batch_norm", [m(2, 3, 4, 4), m(3), m(3), m(4), m(3)],
     {"is_test": True, "momentum": 0.9, "epsilon": 1e-5, "data_format": "NCHW", "use_global_stats": False,
      "trainable_statistics": False}),
    ("pd_op.batch_norm", [m(3), m(3), m(3), None, None],
     {"is_test": True, "momentum": 0.9, "epsilon": 1e-5, "data_format": "NCHW", "use_global_stats": False,
      "trainable_statistics": False}),
    ("pd_op.layer_norm", [m(2, 3), None, None], {"epsilon": 1e-5, "begin_norm_axis": 0}),
    ("pd_op.layer_norm", [m(2, 3), None, None], {"epsilon": 1e-5, "begin_norm_axis": 2}),
    ("pd_op.layer_norm", [m(2, 3), m(4), None], {"epsilon": 1e-5, "begin_norm_axis": 1}),
    ("pd_op.group_norm", [m(2, 6, 4), None, None], {"epsilon": 1e-5, "groups": 4, "data_format": "NCHW"}),
    ("pd_op.instance_norm", [m(2, 3, 4), m(2), None], {"epsilon": 1e-5}),
    ("pd_op.dropout", [m(2, 3), None, scalar(0, "float32")],
     {"is_test": True, "mode": "upscale", "seed": 0, "fix_seed": False}),
    ("pd_op.embedding", [m(3, dtype="float32"), m(5, 4)], {"padding_idx": -1, "sparse": False}),
    ("pd_op.embedding", [m(3, dtype="int64"), m(5, 4, 2)], {"padding_idx": -1, "sparse": False}),
    ("pd_op.topk", [m(2, 5), scalar(6)], {"axis": -1, "largest": True, "sorted": True}),
    ("pd_op.topk", [m(2, 5), scalar(0)], {"axis": -1, "largest": True, "sorted": True}),
    ("pd_op.topk", [m(2, 5), scalar(2)], {"axis": 2, "largest": True, "sorted": True}),
]


@pytest.mark.parametrize("name,args,attrs", BAD, ids=[f"{b[0][6:]}-{i}" for i, b in enumerate(BAD)])
def test_shape_rule_rejects(name: str, args: list[Any], attrs: dict[str, Any]) -> None:
    with pytest.raises(ShapeError):
        meta(name, args, attrs)


# ---------------------------------------------------------------------------
# unknown constants / dynamic dims
# ---------------------------------------------------------------------------

def shapes(ms: list[Meta]) -> list[tuple[int, ...] | None]:
    return [x.shape for x in ms]


def test_unknown_constant_operands_give_dynamic_dims() -> None:
    unk2 = Meta((2,), "int64")  # a 2-element IntArray whose value is unknown
    assert shapes(meta("pd_op.reshape", [m(2, 3), unk2])) == [(-1, -1)]
    assert shapes(meta("pd_op.reshape", [m(2, 3), Meta((-1,), "int64")])) == [None]
    assert shapes(meta("pd_op.expand", [m(1, 3), unk2])) == [(-1, -1)]
    assert shapes(meta("pd_op.tile", [m(2, 3, 4), unk2])) == [(2, -1, -1)]
    assert shapes(meta("pd_op.tile", [m(3), unk2])) == [(-1, -1)]
    assert shapes(meta("pd_op.squeeze", [m(2, 1, 3), Meta((1,), "int64")])) == [(-1, -1)]
    assert shapes(meta("pd_op.unsqueeze", [m(2, 3), unk2])) == [(-1, -1, -1, -1)]
    assert shapes(meta("pd_op.concat", [[m(2, 3), m(2, 3)], Meta((1,), "int32")])) == [(-1, -1)]
    assert shapes(meta("pd_op.slice", [m(4, 5), Meta((1,), "int64"), ints(3)],
                       {"axes": [1], "infer_flags": [1], "decrease_axis": []})) == [(4, -1)]
    assert shapes(meta("pd_op.strided_slice", [m(4, 5), Meta((1,), "int64"), ints(3), ints(1)],
                       {"axes": [0]})) == [(-1, -1)]
    assert shapes(meta("pd_op.topk", [m(4, 5), Meta((1,), "int32")],
                       {"axis": 0, "largest": True, "sorted": True})) == [(-1, 5), (-1, 5)]
    assert shapes(meta("pd_op.split", [m(4, 6), Meta((3,), "int64"), scalar(1)])) == [(-1, -1)] * 3
    assert shapes(meta("pd_op.split_with_num", [m(4, 6), Meta((1,), "int32")], {"num": 2})) == [(-1, -1)] * 2
    assert shapes(meta("pd_op.pool2d", [m(1, 3, 8, 8), unk2], POOL)) == [(1, 3, -1, -1)]
    # unknown rank propagates
    assert shapes(meta("pd_op.transpose", [Meta(None, F32)], {"perm": [1, 0]})) == [None]
    assert shapes(meta("pd_op.matmul", [Meta(None, F32), m(3, 4)], {})) == [None]


def test_constants_in_every_form() -> None:
    # list, ndarray, numpy scalar and Python int constants are all accepted
    for const in ([2, 3], np.array([2, 3], "int64"), np.array([2, 3], "int32")):
        assert shapes(meta("pd_op.reshape", [m(6), Meta((2,), "int64", const)])) == [(2, 3)]
    for const in (1, np.int64(1), np.array(1, "int32"), np.array([1], "int64"), [1]):
        assert shapes(meta("pd_op.concat", [[m(2, 1), m(2, 2)], Meta((1,), "int32", const)])) == [(2, 3)]
    # builtin.combine of scalar constants as an IntArray operand
    combo = [Meta((), "int64", 2), Meta((), "int64", np.array(3))]
    assert shapes(meta("pd_op.reshape", [m(6), combo])) == [(2, 3)]
    assert run("pd_op.reshape", [np.arange(6.0), [np.array(2), np.array([3])]])[0].shape == (2, 3)


def test_float16_statistics_are_float32() -> None:
    ln = meta("pd_op.layer_norm", [m(2, 8, dtype="float16"), None, None], {"epsilon": 1e-5, "begin_norm_axis": 1})
    assert [x.dtype for x in ln] == ["float16", "float32", "float32"]
    x = np.random.default_rng(0).standard_normal((2, 8)).astype(np.float16)
    out = run("pd_op.layer_norm", [x, None, None], {"epsilon": 1e-5, "begin_norm_axis": 1})
    assert [o.dtype for o in out] == [np.float16, np.float32, np.float32]
    y = run("pd_op.conv2d", [np.ones((1, 2, 4, 4), np.float16), np.ones((3, 2, 3, 3), np.float16)], CONV)[0]
    assert y.dtype == np.float16 and y.shape == (1, 3, 2, 2) and np.all(y == 18)


# ---------------------------------------------------------------------------
# views, copies, inplace
# ---------------------------------------------------------------------------

VIEW_CASES: list[tuple[str, list[Any], dict[str, Any]]] = [
    ("pd_op.reshape", [np.arange(24.0).reshape(2, 3, 4), np.array([6, -1])], {}),
    ("pd_op.transpose", [np.arange(24.0).reshape(2, 3, 4)], {"perm": [2, 0, 1]}),
    ("pd_op.flatten", [np.arange(24.0).reshape(2, 3, 4)], {"start_axis": 1, "stop_axis": 2}),
    ("pd_op.squeeze", [np.arange(6.0).reshape(2, 1, 3), np.array([1])], {}),
    ("pd_op.unsqueeze", [np.arange(6.0).reshape(2, 3), np.array([0])], {}),
    ("pd_op.slice", [np.arange(24.0).reshape(2, 3, 4), np.array([1]), np.array([3])],
     {"axes": [1], "infer_flags": [1], "decrease_axis": []}),
    ("pd_op.slice", [np.arange(4.0), np.array([2]), np.array([3])],
     {"axes": [0], "infer_flags": [1], "decrease_axis": [0]}),
]


@pytest.mark.parametrize("name,args,attrs", VIEW_CASES, ids=[f"{v[0][6:]}-{i}" for i, v in enumerate(VIEW_CASES)])
def test_view_ops_share_storage(name: str, args: list[Any], attrs: dict[str, Any]) -> None:
    op = lookup(name)
    assert op is not None
    assert "view" in op.traits and dict(op.view) == {0: 0}
    out = op.kernel(args, attrs)[0]
    assert isinstance(out, np.ndarray)
    assert np.shares_memory(out, args[0])


COPY_CASES: list[tuple[str, list[Any], dict[str, Any]]] = [
    ("pd_op.concat", [[np.arange(6.0)], np.array([0], "int32")], {}),
    ("pd_op.expand", [np.arange(3.0), np.array([3])], {}),
    ("pd_op.expand_as", [np.arange(3.0), None], {"target_shape": [3]}),
    ("pd_op.tile", [np.arange(3.0), np.array([1])], {}),
    ("pd_op.strided_slice", [np.arange(6.0), np.array([0]), np.array([6]), np.array([1])], {"axes": [0]}),
    ("pd_op.split", [np.arange(6.0), np.array([6]), np.array([0], "int32")], {}),
    ("pd_op.split_with_num", [np.arange(6.0), np.array([0], "int32")], {"num": 1}),
    ("pd_op.unbind", [np.arange(6.0).reshape(1, 6)], {"axis": 0}),
    ("pd_op.gather", [np.arange(6.0), np.arange(6), np.array([0], "int32")], {}),
    ("pd_op.gather_nd", [np.arange(6.0), np.zeros((0,), np.int64)], {}),
    ("pd_op.dropout", [np.arange(6.0), None, np.array([0.5], "float32")],
     {"is_test": True, "mode": "upscale_in_train", "seed": 0, "fix_seed": False}),
    ("pd_op.reshape_", [np.arange(6.0), np.array([2, 3])], {}),  # inplace variants never write their input
]


@pytest.mark.parametrize("name,args,attrs", COPY_CASES, ids=[f"{v[0][6:]}-{i}" for i, v in enumerate(COPY_CASES)])
def test_non_view_ops_return_fresh_arrays(name: str, args: list[Any], attrs: dict[str, Any]) -> None:
    op = lookup(name)
    assert op is not None and "view" not in op.traits
    x = args[0][0] if isinstance(args[0], list) else args[0]
    for out in op.kernel(args, attrs):
        if name.endswith("_"):
            continue
        assert not np.shares_memory(out, x)


def test_inplace_and_view_maps() -> None:
    for base in ("reshape", "transpose", "flatten", "squeeze", "unsqueeze"):
        ip = lookup(f"pd_op.{base}_")
        plain = lookup(f"pd_op.{base}")
        assert ip is not None and plain is not None
        assert ip.traits == frozenset({"inplace"}) and dict(ip.inplace) == {0: 0}
        assert ip.operands == plain.operands and ip.attrs == plain.attrs and ip.pattern == plain.pattern
    bn = lookup("pd_op.batch_norm_")
    assert bn is not None and dict(bn.inplace) == {1: 1, 2: 2} and "inplace" in bn.traits
    dr = lookup("pd_op.dropout_")
    assert dr is not None and dict(dr.inplace) == {0: 0}
    for name in ("pd_op.batch_norm", "pd_op.dropout", "pd_op.concat", "pd_op.strided_slice"):
        op = lookup(name)
        assert op is not None and not op.inplace and not op.view and not op.traits


def test_pattern_kinds() -> None:
    want = {
        PatternKind.ELEMENTWISE: ["reshape", "reshape_", "squeeze", "squeeze_", "unsqueeze", "unsqueeze_",
                                  "flatten", "flatten_"],
        PatternKind.BROADCAST: ["expand", "expand_as"],
        PatternKind.INJECTIVE: ["transpose", "transpose_", "slice", "strided_slice", "concat", "stack", "gather",
                                "gather_nd", "index_select", "tile"],
        PatternKind.OUT_FUSIBLE: ["matmul", "bmm", "addmm", "dot", "mv", "conv2d", "depthwise_conv2d",
                                  "conv2d_transpose", "depthwise_conv2d_transpose"],
        PatternKind.NON_FUSIBLE: ["split", "split_with_num", "unbind", "meshgrid", "pool2d",
                                  "max_pool2d_with_index", "batch_norm", "batch_norm_", "layer_norm", "group_norm",
                                  "instance_norm", "dropout", "dropout_", "embedding", "topk"],
    }
    for kind, names in want.items():
        for n in names:
            op = lookup(f"pd_op.{n}")
            assert op is not None, n
            assert op.pattern == kind, f"{n}: {op.pattern!r} != {kind!r}"


def test_vec_result_convention() -> None:
    # one "out[]" result; the shape rule and the kernel return one entry per element
    op = lookup("pd_op.split_with_num")
    assert op is not None and op.results == ("out[]",)
    x = np.arange(12.0).reshape(2, 6)
    outs = op.kernel([x, np.array([1], "int32")], {"num": 3})
    assert [o.shape for o in outs] == [(2, 2)] * 3
    assert shapes(op.infer_meta([m(2, 6), scalar(1)], {"num": 3})) == [(2, 2)] * 3
    np.testing.assert_array_equal(np.concatenate(outs, axis=1), x)


def test_slice_to_0d_is_an_array_view() -> None:
    x = np.arange(4.0)
    out = run("pd_op.slice", [x, np.array([1]), np.array([2])], {"axes": [0], "infer_flags": [1],
                                                                   "decrease_axis": [0]})[0]
    assert isinstance(out, np.ndarray) and out.shape == () and out == 1.0


# ---------------------------------------------------------------------------
# kernels: cross-checks and edge cases
# ---------------------------------------------------------------------------

def _naive_conv(x: np.ndarray, w: np.ndarray, stride: tuple[int, int], pads: list[int], dil: tuple[int, int],
                groups: int) -> np.ndarray:
    x = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (pads[0], pads[1]), (pads[2], pads[3])))
    n, c, h, wd = x.shape
    o, cg, kh, kw = w.shape
    oh = (h - dil[0] * (kh - 1) - 1) // stride[0] + 1
    ow = (wd - dil[1] * (kw - 1) - 1) // stride[1] + 1
    out = np.zeros((n, o, oh, ow))
    og = o // groups
    for oc in range(o):
        g = oc // og
        for i in range(oh):
            for j in range(ow):
                patch = x[:, g * cg:(g + 1) * cg, i * stride[0]:i * stride[0] + dil[0] * (kh - 1) + 1:dil[0],
                          j * stride[1]:j * stride[1] + dil[1] * (kw - 1) + 1:dil[1]]
                out[:, oc, i, j] = np.sum(patch * w[oc], axis=(1, 2, 3))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_conv2d_against_naive_loops(seed: int) -> None:
    r = np.random.default_rng(seed)
    groups = int(r.choice([1, 2]))
    c = 2 * groups
    o = 2 * groups
    kh, kw = int(r.integers(1, 4)), int(r.integers(1, 4))
    stride = (int(r.integers(1, 3)), int(r.integers(1, 3)))
    dil = (int(r.integers(1, 3)), int(r.integers(1, 3)))
    pads = [int(v) for v in r.integers(0, 3, size=4)]
    x = r.standard_normal((2, c, 9, 8)).astype(np.float32)
    w = r.standard_normal((o, c // groups, kh, kw)).astype(np.float32)
    attrs = {**CONV, "strides": list(stride), "paddings": pads, "dilations": list(dil), "groups": groups}
    want = _naive_conv(x, w, stride, pads, dil, groups)
    got = run("pd_op.conv2d", [x, w], attrs)[0]
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
    nhwc = run("pd_op.conv2d", [x.transpose(0, 2, 3, 1).copy(), w], {**attrs, "data_format": "NHWC"})[0]
    np.testing.assert_allclose(nhwc, want.transpose(0, 2, 3, 1), rtol=1e-4, atol=1e-4)
    assert shapes(meta("pd_op.conv2d", [m(*x.shape), m(*w.shape)], attrs)) == [got.shape]


@pytest.mark.parametrize("seed", range(4))
def test_conv2d_transpose_is_the_adjoint_of_conv2d(seed: int) -> None:
    # <conv(x, w), y> == <x, conv_transpose(y, w)> for matching geometry
    r = np.random.default_rng(seed)
    groups = int(r.choice([1, 2]))
    stride = [int(r.integers(1, 3)), int(r.integers(1, 3))]
    dil = [int(r.integers(1, 3)), int(r.integers(1, 3))]
    pads = [int(v) for v in r.integers(0, 2, size=4)]
    x = r.standard_normal((1, 2 * groups, 9, 8))
    w = r.standard_normal((3 * groups, 2, 3, 2))
    attrs = {**CONV, "strides": stride, "paddings": pads, "dilations": dil, "groups": groups}
    y = run("pd_op.conv2d", [x, w], attrs)[0]
    g = r.standard_normal(y.shape)
    xt = run("pd_op.conv2d_transpose", [g, w, np.array(x.shape[2:], np.int64)], {**attrs, "output_padding": []})[0]
    assert xt.shape == x.shape
    np.testing.assert_allclose(np.sum(y * g), np.sum(x * xt), rtol=1e-9)


def test_topk_emulation_agrees_with_sorting_when_values_are_distinct() -> None:
    from pirc.dialects.pd_op.topk import _topk_row_exact

    r = np.random.default_rng(7)
    for n, k in ((5, 5), (17, 16), (40, 3), (200, 2), (300, 7), (64, 33)):
        row = r.permutation(n).astype(np.float32)
        for largest in (True, False):
            got = _topk_row_exact(row, k, largest, True)
            order = np.argsort(-row if largest else row, kind="stable")[:k]
            assert got == order.tolist(), (n, k, largest)
            unsorted = _topk_row_exact(row, k, largest, False)
            assert sorted(unsorted) == sorted(order.tolist())


def test_topk_ties_follow_libstdcxx() -> None:
    # values observed from Paddle 3.3.1 on CPU (std::nth_element + std::sort)
    x = np.array([[1, 3, 3, 2, 3, 1, 1]], np.float32)
    attrs = {"axis": -1, "largest": True, "sorted": True}
    assert run("pd_op.topk", [x, np.array([3], "int32")], attrs)[1].tolist() == [[2, 4, 1]]
    assert run("pd_op.topk", [x, np.array([3], "int32")], {**attrs, "largest": False})[1].tolist() == [[5, 0, 6]]
    x2 = np.array([[5, 1, 4, 2, 3, 9, 0, 7]], np.float32)
    v, i = run("pd_op.topk", [x2, np.array([4], "int32")], {**attrs, "sorted": False})
    assert i.tolist() == [[0, 7, 5, 2]] and v.tolist() == [[5, 7, 9, 4]]


def test_max_pool_with_index_picks_first_maximum() -> None:
    x = np.zeros((1, 1, 2, 4), np.float32)
    x[0, 0, 1, 0] = x[0, 0, 0, 1] = 5.0
    out, mask = run("pd_op.max_pool2d_with_index", [x], {"kernel_size": [2, 2], "strides": [2, 2],
                                                         "paddings": [0, 0], "global_pooling": False,
                                                         "adaptive": False, "ceil_mode": False})
    assert out.tolist() == [[[[5.0, 0.0]]]] and mask.tolist() == [[[[1, 2]]]] and mask.dtype == np.int32


def test_embedding_rejects_out_of_range_ids() -> None:
    with pytest.raises(IndexError):
        run("pd_op.embedding", [np.array([0, 3]), np.zeros((3, 2), np.float32)], {"padding_idx": -1, "sparse": False})


def test_gather_rejects_out_of_range_index() -> None:
    with pytest.raises(IndexError):
        run("pd_op.gather", [np.zeros((3, 2)), np.array([3]), np.array([0], "int32")])


def test_dropout_training_mode_is_seeded_and_scaled() -> None:
    x = np.ones((1000,), np.float32)
    attrs = {"is_test": False, "mode": "upscale_in_train", "seed": 3, "fix_seed": True}
    a, ma = run("pd_op.dropout", [x, None, np.array([0.25], "float32")], attrs)
    b, _ = run("pd_op.dropout", [x, None, np.array([0.25], "float32")], attrs)
    np.testing.assert_array_equal(a, b)
    assert set(np.unique(a).tolist()) <= {0.0, np.float32(1 / 0.75)}
    assert ma.dtype == np.uint8 and 600 < int(ma.sum()) < 900
    np.testing.assert_array_equal(a == 0, ma == 0)


