"""Generate expected values for the part-2 pd_op definitions (nn.py, manipulation.py).

Run with PaddlePaddle's venv (never imported by pirc or its tests):

    python tests/dialects/gen_part2.py   # python: a venv with paddlepaddle==3.3.1

Every case builds a tiny static PIR program with Paddle's Python API, finds the target
op, and records exactly what Paddle built and computed:

* the op's attributes as Paddle holds them (float32 attributes rounded the way Paddle
  prints them),
* each operand: a constant (``pd_op.full`` / ``pd_op.full_int_array`` -> value, shape,
  dtype), a tensor (declared type + the value fed or computed), a ``builtin.combine``
  list of those, or absent,
* each result's type as Paddle's infer-meta printed it (for ``vec[...]`` results, the
  element types unpacked by ``builtin.split``) and its value from the executor.

Output: ``tests/dialects/data/part2/cases.json`` and ``arrays.npz``.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import paddle
from paddle_cases import SKIP_ATTRS, attr_value, describe_operands, dtype_name
import paddle.nn.functional as F

paddle.enable_static()
P = paddle._pir_ops

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "data", "part2")

rng = np.random.default_rng(2024)


def rnd(*shape: int, dtype: str = "float32", lo: float = -2.0, hi: float = 2.0) -> np.ndarray:
    if dtype.startswith("float"):
        return rng.uniform(lo, hi, size=shape).astype(dtype)
    if dtype == "bool":
        return rng.integers(0, 2, size=shape).astype(bool)
    return rng.integers(int(lo), int(hi) + 1, size=shape).astype(dtype)


def ties(*shape: int, levels: int = 4, dtype: str = "float32") -> np.ndarray:
    return rng.integers(0, levels, size=shape).astype(dtype)


@dataclass
class Case:
    op: str
    build: Callable[..., Any]
    feeds: dict[str, Any]
    tag: str = ""
    index: int = -1  # which op of that name in the program
    skip: tuple[int, ...] = ()  # result indices whose values are not compared
    rtol: float = 1e-5
    atol: float = 1e-6
    extra: dict[str, Any] = field(default_factory=dict)


CASES: list[Case] = []


def case(op: str, build: Callable[..., Any], tag: str = "", **kw: Any) -> None:
    feeds = {k: v for k, v in kw.items() if k not in ("index", "skip", "rtol", "atol")}
    opts = {k: v for k, v in kw.items() if k in ("index", "skip", "rtol", "atol")}
    CASES.append(Case(op, build, feeds, tag, **opts))


def dyn(arr: np.ndarray, shape: list[int]) -> tuple[np.ndarray, list[int]]:
    """Feed `arr` through a data op declared with (partly dynamic) `shape`."""
    return (arr, shape)


# ---------------------------------------------------------------------------
# manipulation cases
# ---------------------------------------------------------------------------

x4 = rnd(2, 3, 4, 5)
case("pd_op.reshape", lambda x: paddle.reshape(x, [6, -1]), "basic", x=x4)
case("pd_op.reshape", lambda x: paddle.reshape(x, [0, -1, 5]), "zero_copies_dim", x=x4)
case("pd_op.reshape", lambda x: paddle.reshape(x, [-1]), "flat_int64", x=rnd(3, 4, dtype="int64", lo=-9, hi=9))
case("pd_op.reshape", lambda x: paddle.reshape(x, []), "to_0d", x=rnd(1, 1))
case("pd_op.reshape", lambda x: paddle.reshape(x, [2, 1, 3]), "from_0d_bool", x=rnd(6, dtype="bool"))
case("pd_op.reshape", lambda x: paddle.reshape(x, [0, -1]), "dynamic_batch", x=dyn(rnd(3, 4, 2), [-1, 4, 2]))
case("pd_op.reshape", lambda x: paddle.reshape(x, [-1, 8]), "dynamic_infer", x=dyn(rnd(3, 4, 2), [-1, 4, 2]))
case("pd_op.reshape", lambda x, s: paddle.reshape(x, s), "shape_tensor", x=x4,
     s=np.array([4, 30], "int32"))
case("pd_op.reshape_", lambda x: P.reshape_(x, [5, 24]), "inplace", x=x4)

case("pd_op.transpose", lambda x: paddle.transpose(x, [0, 2, 1, 3]), "basic", x=x4)
case("pd_op.transpose", lambda x: paddle.transpose(x, [1, 0]), "bool", x=rnd(3, 4, dtype="bool"))
case("pd_op.transpose", lambda x: paddle.transpose(x, [2, 0, 1]), "dynamic", x=dyn(rnd(2, 3, 4), [-1, 3, -1]))
case("pd_op.transpose", lambda x: paddle.transpose(x, []), "0d", x=np.array(3.5, "float32"))
# Paddle's CPU transpose_ kernel overwrites its own input while reading it (the fetched
# value is garbage), so only the types are compared for it.
case("pd_op.transpose_", lambda x: P.transpose_(x, [3, 2, 1, 0]), "inplace", x=x4, skip=(0,))

case("pd_op.flatten", lambda x: paddle.flatten(x, 1, 2), "mid", x=x4)
case("pd_op.flatten", lambda x: paddle.flatten(x), "all_int32", x=rnd(2, 3, dtype="int32", lo=-5, hi=5))
case("pd_op.flatten", lambda x: paddle.flatten(x, -2, -1), "neg_axes", x=x4)
case("pd_op.flatten", lambda x: paddle.flatten(x), "0d", x=np.array(2.0, "float32"))
case("pd_op.flatten", lambda x: paddle.flatten(x, 0, 1), "dynamic", x=dyn(rnd(2, 3, 4), [-1, 3, 4]))
case("pd_op.flatten_", lambda x: P.flatten_(x, 0, 2), "inplace", x=x4)

s4 = rnd(2, 1, 4, 1)
case("pd_op.squeeze", lambda x: paddle.squeeze(x, [1]), "axis", x=s4)
case("pd_op.squeeze", lambda x: paddle.squeeze(x), "all", x=s4)
case("pd_op.squeeze", lambda x: paddle.squeeze(x, [-1, 0]), "non_one_ignored", x=s4)
case("pd_op.squeeze", lambda x: paddle.squeeze(x, [1]), "dynamic_named", x=dyn(rnd(2, 1, 3), [2, -1, 3]))
case("pd_op.squeeze", lambda x: paddle.squeeze(x), "dynamic_all", x=dyn(rnd(2, 1, 3), [-1, 1, 3]))
case("pd_op.squeeze", lambda x: paddle.squeeze(x), "to_0d_int64", x=rnd(1, 1, dtype="int64"))
case("pd_op.squeeze_", lambda x: P.squeeze_(x, [1, 3]), "inplace", x=s4)

case("pd_op.unsqueeze", lambda x: paddle.unsqueeze(x, [0, -1]), "two", x=x4)
case("pd_op.unsqueeze", lambda x: paddle.unsqueeze(x, [1, 1]), "repeat", x=rnd(2, 3))
case("pd_op.unsqueeze", lambda x: paddle.unsqueeze(x, [2, 0, -2]), "mixed", x=rnd(2, 3))
case("pd_op.unsqueeze", lambda x: paddle.unsqueeze(x, 0), "0d", x=np.array(1.5, "float32"))
case("pd_op.unsqueeze", lambda x, a: paddle.unsqueeze(x, a), "axis_tensor", x=rnd(2, 3),
     a=np.array([1], "int64"))
case("pd_op.unsqueeze_", lambda x: P.unsqueeze_(x, [1]), "inplace", x=rnd(2, 3))

case("pd_op.concat", lambda x, y: paddle.concat([x, y], axis=1), "axis1", x=x4, y=rnd(2, 2, 4, 5))
case("pd_op.concat", lambda x, y, z: paddle.concat([x, y, z], axis=-1), "neg_three_int64",
     x=rnd(2, 1, dtype="int64"), y=rnd(2, 3, dtype="int64"), z=rnd(2, 2, dtype="int64"))
case("pd_op.concat", lambda x: paddle.concat([x], axis=0), "single", x=rnd(3, 2))
case("pd_op.concat", lambda x, y: paddle.concat([x, y], axis=0), "dynamic",
     x=dyn(rnd(2, 3), [-1, 3]), y=rnd(4, 3))
case("pd_op.concat", lambda x, y: paddle.concat([x, y], axis=1), "dynamic_other",
     x=dyn(rnd(2, 3), [-1, 3]), y=rnd(2, 4))
case("pd_op.concat", lambda x, y, a: paddle.concat([x, y], axis=a), "axis_tensor",
     x=rnd(2, 3), y=rnd(2, 3), a=np.array([1], "int32"))
case("pd_op.concat", lambda x, y: paddle.concat([x, y], axis=0), "bool", x=rnd(2, dtype="bool"),
     y=rnd(3, dtype="bool"))

case("pd_op.stack", lambda x, y: paddle.stack([x, y], axis=0), "axis0", x=rnd(2, 3), y=rnd(2, 3))
case("pd_op.stack", lambda x, y, z: paddle.stack([x, y, z], axis=-1), "neg", x=rnd(2, 3), y=rnd(2, 3), z=rnd(2, 3))
case("pd_op.stack", lambda x, y: paddle.stack([x, y], axis=0), "0d_int64", x=np.array(3, "int64"),
     y=np.array(-4, "int64"))
case("pd_op.stack", lambda x, y: paddle.stack([x, y], axis=1), "dynamic", x=dyn(rnd(2, 3), [-1, 3]),
     y=rnd(2, 3))

case("pd_op.split", lambda x: paddle.split(x, [1, 2], axis=1), "sections", x=x4)
case("pd_op.split", lambda x: paddle.split(x, [2, -1, 1], axis=-1), "infer_section", x=x4)
case("pd_op.split", lambda x: paddle.split(x, [1, 1], axis=0), "dynamic_other", x=dyn(rnd(2, 3), [2, -1]))
case("pd_op.split", lambda x: paddle.split(x, [1, 2], axis=0), "dynamic_axis", x=dyn(rnd(3, 2), [-1, 2]))
case("pd_op.split", lambda x, s: paddle._C_ops.split(x, s, 1), "sections_tensor", x=rnd(2, 4),
     s=np.array([1, 3], "int64"))
case("pd_op.split_with_num", lambda x: paddle.split(x, 3, axis=1), "num", x=x4)
case("pd_op.split_with_num", lambda x: paddle.chunk(x, 2, axis=-2), "chunk_int32", x=rnd(3, 4, 2, dtype="int32"))
case("pd_op.split_with_num", lambda x, a: paddle.split(x, 2, axis=a), "axis_tensor", x=rnd(4, 2),
     a=np.array([0], "int32"))
case("pd_op.unbind", lambda x: paddle.unbind(x, axis=1), "axis1", x=x4)
case("pd_op.unbind", lambda x: paddle.unbind(x, axis=-1), "neg", x=rnd(2, 3, dtype="int64"))
case("pd_op.meshgrid", lambda x, y: paddle.meshgrid(x, y), "two", x=rnd(3), y=rnd(4))
case("pd_op.meshgrid", lambda x, y, z: paddle.meshgrid(x, y, z), "three_int", x=rnd(2, dtype="int64"),
     y=rnd(3, dtype="int64"), z=rnd(1, dtype="int64"))

case("pd_op.slice", lambda x: paddle.slice(x, [1, 2], [0, 1], [2, 3]), "basic", x=x4)
case("pd_op.slice", lambda x: x[1], "decrease", x=x4)
case("pd_op.slice", lambda x: x[1], "decrease_all_0d", x=rnd(4))
case("pd_op.slice", lambda x: x[:, -3:-1], "negative", x=x4)
case("pd_op.slice", lambda x: paddle.slice(x, [0, 1], [-100, 2], [100, 100]), "clamped", x=rnd(3, 4))
case("pd_op.slice", lambda x: paddle.slice(x, [1], [3], [1]), "empty", x=rnd(3, 4))
case("pd_op.slice", lambda x: x[..., -1], "last", x=rnd(2, 3, dtype="int64"))
case("pd_op.slice", lambda x, s: paddle.slice(x, [1], s, [3]), "start_tensor", x=rnd(3, 4),
     s=np.array([1], "int64"))
case("pd_op.slice", lambda x: paddle.slice(x, [1], [1], [3]), "dynamic", x=dyn(rnd(3, 4), [-1, -1]))
case("pd_op.strided_slice", lambda x: paddle.strided_slice(x, [1, 2], [0, 3], [3, 0], [1, -1]), "mixed", x=x4)
case("pd_op.strided_slice", lambda x: x[::-1, 2], "reverse", x=x4)
case("pd_op.strided_slice", lambda x: x[1:3, ::2], "step2", x=x4)
case("pd_op.strided_slice", lambda x: paddle.strided_slice(x, [0], [-1], [-9], [-3]), "neg_stride_far", x=rnd(7))
case("pd_op.strided_slice", lambda x: paddle.strided_slice(x, [0], [5], [2], [1]), "empty", x=rnd(7))
case("pd_op.strided_slice", lambda x: paddle.strided_slice(x, [0, 1], [-100, 1], [100, 100], [2, 2]),
     "clamp", x=rnd(5, 4, dtype="int32"))

case("pd_op.gather", lambda x, i: paddle.gather(x, i, axis=1), "axis1", x=x4, i=np.array([2, 0, 2, 1], "int64"))
case("pd_op.gather", lambda x, i: paddle.gather(x, i), "int32_neg", x=rnd(4, 3), i=np.array([-1, 0, 3], "int32"))
case("pd_op.gather", lambda x, i: paddle.gather(x, i, axis=0), "0d_index", x=x4, i=np.array(1, "int64"))
case("pd_op.gather", lambda x, i: paddle.gather(x, i, axis=-1), "nx1_index", x=rnd(3, 4),
     i=np.array([[3], [1]], "int64"))
case("pd_op.gather", lambda x, i, a: paddle.gather(x, i, axis=a), "axis_tensor", x=rnd(3, 4),
     i=np.array([1, 0], "int64"), a=np.array([1], "int64"))
case("pd_op.gather", lambda x, i: paddle.gather(x, i, axis=0), "dynamic_index", x=rnd(5, 2, dtype="int64"),
     i=dyn(np.array([4, 4, 0], "int64"), [-1]))
case("pd_op.gather_nd", lambda x, i: paddle.gather_nd(x, i), "pairs", x=x4,
     i=np.array([[0, 1], [1, 2], [0, -1]], "int64"))
case("pd_op.gather_nd", lambda x, i: paddle.gather_nd(x, i), "batched", x=rnd(3, 4),
     i=np.array([[[2], [0]], [[1], [1]]], "int32"))
case("pd_op.gather_nd", lambda x, i: paddle.gather_nd(x, i), "full", x=rnd(2, 3),
     i=np.array([[1, 2], [0, 0]], "int64"))
case("pd_op.gather_nd", lambda x, i: paddle.gather_nd(x, i), "empty_index", x=rnd(2, 3),
     i=np.zeros((2, 0), "int64"))
case("pd_op.index_select", lambda x, i: paddle.index_select(x, i, axis=2), "axis2", x=x4,
     i=np.array([3, 0, 0], "int64"))
case("pd_op.index_select", lambda x, i: paddle.index_select(x, i, axis=-1), "neg_int32", x=rnd(3, 4),
     i=np.array([-1, 1], "int32"))
case("pd_op.index_select", lambda x, i: paddle.index_select(x, i), "int64_data",
     x=rnd(4, 2, dtype="int64"), i=np.array([2], "int64"))

case("pd_op.expand", lambda x: paddle.expand(x, [3, 4, 5]), "prepend", x=rnd(1, 5))
case("pd_op.expand", lambda x: paddle.expand(x, [2, -1, 5]), "keep_dim", x=rnd(1, 5))
case("pd_op.expand", lambda x: paddle.broadcast_to(x, [3, 2]), "broadcast_to_bool", x=rnd(1, 2, dtype="bool"))
case("pd_op.expand", lambda x: paddle.expand(x, [4]), "from_0d", x=np.array(7, "int32"))
case("pd_op.expand", lambda x, s: paddle.expand(x, s), "shape_tensor", x=rnd(1, 3),
     s=np.array([2, 3], "int64"))
case("pd_op.expand", lambda x: paddle.expand(x, [2, 3]), "dynamic_in", x=dyn(rnd(1, 3), [-1, 3]))
case("pd_op.expand_as", lambda x, y: paddle.expand_as(x, y), "basic", x=rnd(1, 5), y=rnd(3, 5))
case("pd_op.expand_as", lambda x, y: paddle.expand_as(x, y), "rank_up", x=rnd(3), y=rnd(2, 2, 3, dtype="int64"))
case("pd_op.tile", lambda x: paddle.tile(x, [2, 1]), "basic", x=x4)
case("pd_op.tile", lambda x: paddle.tile(x, [2, 1, 3]), "more_reps", x=rnd(2, 3, dtype="int64"))
case("pd_op.tile", lambda x: paddle.tile(x, [3]), "fewer_reps", x=rnd(2, 2))
case("pd_op.tile", lambda x: paddle.tile(x, [2, 2]), "0d_bool", x=np.array(True))
case("pd_op.tile", lambda x, r: paddle.tile(x, r), "reps_tensor", x=rnd(2, 2), r=np.array([1, 2], "int32"))
case("pd_op.tile", lambda x: paddle.tile(x, [1, 2]), "dynamic", x=dyn(rnd(2, 2), [-1, 2]))
case("pd_op.tile", lambda x, r: paddle.tile(x, r), "reps_tensor_short", x=rnd(2, 1, 3), r=np.array([2, 1], "int32"))
case("pd_op.squeeze", lambda x, a: paddle.squeeze(x, a), "axis_tensor", x=rnd(2, 1, 3), a=np.array([1], "int64"))
case("pd_op.strided_slice", lambda x, s: paddle.strided_slice(x, [1], s, [4], [1]), "start_tensor", x=rnd(2, 5),
     s=np.array([1], "int64"))
case("pd_op.topk", lambda x: paddle.topk(x, 3), "int64_big", x=np.array([[2**60 + 1, 2**60, -2**62, 2**60 + 3]],
                                                                            "int64"))

# ---------------------------------------------------------------------------
# nn cases
# ---------------------------------------------------------------------------

MM = dict(rtol=1e-5, atol=1e-5)
case("pd_op.matmul", lambda x, y: paddle.matmul(x, y), "batch_2d", x=x4, y=rnd(5, 6), **MM)
case("pd_op.matmul", lambda x, y: paddle.matmul(x, y, transpose_y=True), "ty", x=x4, y=rnd(3, 6, 5), **MM)
case("pd_op.matmul", lambda x, y: paddle.matmul(x, y, transpose_x=True, transpose_y=True), "txty",
     x=rnd(2, 4, 3), y=rnd(5, 4), **MM)
case("pd_op.matmul", lambda x, y: paddle.matmul(x, y), "bcast_batch", x=rnd(2, 1, 3, 4), y=rnd(5, 4, 2), **MM)
case("pd_op.matmul", lambda x, y: paddle.matmul(x, y), "vec_vec", x=rnd(5), y=rnd(5), **MM)
case("pd_op.matmul", lambda x, y: paddle.matmul(x, y, transpose_x=True, transpose_y=True), "vec_vec_t",
     x=rnd(5), y=rnd(5), **MM)
case("pd_op.matmul", lambda x, y: paddle.matmul(x, y), "vec_mat", x=rnd(3), y=rnd(2, 3, 4), **MM)
case("pd_op.matmul", lambda x, y: paddle.matmul(x, y, transpose_x=True), "mat_vec_tx", x=rnd(2, 3, 4),
     y=rnd(3), **MM)
case("pd_op.matmul", lambda x, y: paddle.matmul(x, y, transpose_y=True), "vec_mat_ty", x=rnd(3), y=rnd(5, 3), **MM)
case("pd_op.matmul", lambda x, y: paddle.matmul(x, y), "int32", x=rnd(3, 4, dtype="int32", lo=-5, hi=5),
     y=rnd(4, 2, dtype="int32", lo=-5, hi=5))
case("pd_op.matmul", lambda x, y: paddle.matmul(x, y), "float64", x=rnd(3, 4, dtype="float64"),
     y=rnd(4, 2, dtype="float64"), rtol=1e-12, atol=1e-12)
case("pd_op.matmul", lambda x, y: paddle.matmul(x, y), "dynamic", x=dyn(rnd(2, 3, 4), [-1, 3, 4]),
     y=dyn(rnd(4, 5), [4, -1]), **MM)
case("pd_op.matmul", lambda x, w: F.linear(x, w), "linear", x=rnd(3, 4), w=rnd(4, 5), **MM)
case("pd_op.bmm", lambda x, y: paddle.bmm(x, y), "basic", x=rnd(2, 3, 4), y=rnd(2, 4, 5), **MM)
case("pd_op.addmm", lambda i, x, y: paddle.addmm(i, x, y, beta=0.5, alpha=2.0), "basic", i=rnd(3, 5),
     x=rnd(3, 4), y=rnd(4, 5), **MM)
case("pd_op.addmm", lambda i, x, y: paddle.addmm(i, x, y), "bcast_input", i=rnd(5), x=rnd(3, 4), y=rnd(4, 5), **MM)
case("pd_op.dot", lambda x, y: paddle.dot(x, y), "vec", x=rnd(6), y=rnd(6), **MM)
case("pd_op.dot", lambda x, y: paddle.dot(x, y), "rows_int64", x=rnd(3, 4, dtype="int64", lo=-5, hi=5),
     y=rnd(3, 4, dtype="int64", lo=-5, hi=5))
case("pd_op.mv", lambda x, v: paddle.mv(x, v), "basic", x=rnd(3, 4), v=rnd(4), **MM)

CONV = dict(rtol=1e-4, atol=1e-5)
img = rnd(2, 4, 9, 9)
case("pd_op.conv2d", lambda x, w: F.conv2d(x, w, padding=1), "pad1", x=img, w=rnd(6, 4, 3, 3), **CONV)
case("pd_op.conv2d", lambda x, w: F.conv2d(x, w, stride=2, dilation=2, padding="SAME"), "same_s2_d2",
     x=img, w=rnd(3, 4, 3, 3), **CONV)
case("pd_op.conv2d", lambda x, w: F.conv2d(x, w, stride=3, padding="SAME"), "same_s3", x=rnd(1, 2, 10, 7),
     w=rnd(3, 2, 4, 2), **CONV)
case("pd_op.conv2d", lambda x, w: F.conv2d(x, w, padding=[[0, 0], [0, 0], [1, 2], [0, 1]], stride=(2, 1)),
     "pad4", x=img, w=rnd(3, 4, 3, 2), **CONV)
case("pd_op.conv2d", lambda x, w: F.conv2d(x, w, padding="VALID", dilation=(1, 2)), "valid_dil",
     x=img, w=rnd(2, 4, 2, 3), **CONV)
case("pd_op.conv2d", lambda x, w: F.conv2d(x, w, groups=2, padding=(1, 0)), "groups2", x=img,
     w=rnd(6, 2, 3, 3), **CONV)
case("pd_op.conv2d", lambda x, w: F.conv2d(x, w, padding=1, stride=2, data_format="NHWC"), "nhwc",
     x=rnd(2, 7, 6, 3), w=rnd(5, 3, 3, 3), **CONV)
case("pd_op.conv2d", lambda x, w: F.conv2d(x, w), "1x1_f64", x=rnd(1, 3, 4, 4, dtype="float64"),
     w=rnd(2, 3, 1, 1, dtype="float64"), rtol=1e-10, atol=1e-12)
case("pd_op.conv2d", lambda x, w: F.conv2d(x, w, padding=1), "dynamic", x=dyn(rnd(2, 4, 5, 5), [-1, 4, -1, 5]),
     w=rnd(3, 4, 3, 3), **CONV)
# C++ truncating division: a dilated kernel one row larger than the input still gives 1 row
case("pd_op.conv2d", lambda x, w: paddle._C_ops.conv2d(x, w, [2, 2], [0, 0], "EXPLICIT", [2, 1], 1, "NCHW"),
     "dilated_past_input", x=rnd(1, 2, 4, 10), w=rnd(2, 2, 3, 3), **CONV)
case("pd_op.depthwise_conv2d", lambda x, w: F.conv2d(x, w, groups=4, padding=1), "dw", x=img,
     w=rnd(4, 1, 3, 3), **CONV)
case("pd_op.depthwise_conv2d", lambda x, w: F.conv2d(x, w, groups=4, stride=2, padding=[1, 2]), "dw_mult2",
     x=img, w=rnd(8, 1, 3, 3), **CONV)
case("pd_op.depthwise_conv2d", lambda x, w: F.conv2d(x, w, groups=3, padding="SAME", data_format="NHWC"),
     "dw_nhwc", x=rnd(1, 6, 5, 3), w=rnd(3, 1, 3, 3), **CONV)
timg = rnd(2, 4, 5, 5)
case("pd_op.conv2d_transpose", lambda x, w: F.conv2d_transpose(x, w, stride=2), "s2", x=timg,
     w=rnd(4, 3, 3, 3), **CONV)
case("pd_op.conv2d_transpose", lambda x, w: F.conv2d_transpose(x, w, stride=2, padding=1, output_size=[10, 10]),
     "output_size", x=timg, w=rnd(4, 3, 3, 3), **CONV)
case("pd_op.conv2d_transpose", lambda x, w: F.conv2d_transpose(x, w, stride=2, padding=1, output_padding=1),
     "output_padding", x=timg, w=rnd(4, 3, 3, 3), **CONV)
case("pd_op.conv2d_transpose", lambda x, w: F.conv2d_transpose(x, w, stride=(2, 1), dilation=2, groups=2,
                                                               padding=[1, 0, 2, 1]),
     "groups_dil_pad4", x=timg, w=rnd(4, 2, 3, 2), **CONV)
case("pd_op.conv2d_transpose", lambda x, w: F.conv2d_transpose(x, w, stride=2, padding="SAME"), "same",
     x=timg, w=rnd(4, 2, 3, 3), **CONV)
case("pd_op.conv2d_transpose", lambda x, w: F.conv2d_transpose(x, w, stride=3, padding="VALID",
                                                               data_format="NHWC"),
     "valid_nhwc", x=rnd(1, 4, 3, 4), w=rnd(4, 2, 2, 3), **CONV)
case("pd_op.depthwise_conv2d_transpose", lambda x, w: F.conv2d_transpose(x, w, groups=4, stride=2, padding=1),
     "dwt", x=timg, w=rnd(4, 1, 3, 3), **CONV)

pimg = rnd(2, 3, 8, 8)
case("pd_op.pool2d", lambda x: F.max_pool2d(x, 2), "max2", x=pimg)
case("pd_op.pool2d", lambda x: F.avg_pool2d(x, 3, stride=2, padding=1, ceil_mode=True, exclusive=False),
     "avg_ceil_inclusive", x=pimg)
case("pd_op.pool2d", lambda x: F.avg_pool2d(x, 3, stride=2, padding=1, ceil_mode=True), "avg_ceil_exclusive",
     x=pimg)
case("pd_op.pool2d", lambda x: F.avg_pool2d(x, 3, stride=2, padding=1), "avg_pad_exclusive", x=rnd(1, 2, 7, 7))
case("pd_op.pool2d", lambda x: F.avg_pool2d(x, 3, stride=2, padding=1, exclusive=False), "avg_pad_inclusive",
     x=rnd(1, 2, 7, 7))
case("pd_op.pool2d", lambda x: F.avg_pool2d(x, 3, stride=2, padding="SAME"), "avg_same", x=pimg)
case("pd_op.pool2d", lambda x: F.max_pool2d(x, 3, stride=2, padding=[1, 2, 0, 1]), "max_pad4", x=pimg)
case("pd_op.pool2d", lambda x: F.max_pool2d(x, (3, 2), stride=(2, 3), ceil_mode=True), "max_ceil", x=rnd(1, 2, 9, 8))
case("pd_op.pool2d", lambda x: F.adaptive_avg_pool2d(x, 3), "adaptive_avg", x=pimg)
case("pd_op.pool2d", lambda x: F.adaptive_avg_pool2d(x, (1, 5)), "adaptive_avg_1x5", x=rnd(1, 2, 7, 9))
case("pd_op.pool2d", lambda x: P.pool2d(x, [3, 3], [1, 1], [0, 0], False, True, "NCHW", "max", False, True,
                                        "EXPLICIT"), "adaptive_max", x=rnd(1, 2, 7, 8))
case("pd_op.pool2d", lambda x: P.pool2d(x, [2, 2], [2, 2], [0, 0], False, True, "NCHW", "avg", True, False,
                                        "EXPLICIT"), "global_avg", x=pimg)
case("pd_op.pool2d", lambda x: F.max_pool2d(x, 3, stride=2, padding=1, data_format="NHWC"), "max_nhwc",
     x=rnd(2, 7, 6, 3))
case("pd_op.pool2d", lambda x: F.avg_pool2d(x, 2, stride=1, padding="VALID"), "avg_valid_f64",
     x=rnd(1, 1, 4, 5, dtype="float64"), rtol=1e-12, atol=1e-12)
case("pd_op.pool2d", lambda x: F.max_pool2d(x, 2), "dynamic", x=dyn(rnd(1, 2, 4, 6), [-1, 2, -1, 6]))
# exclusive=False counts the window clipped to input + the *leading* padding on both sides
case("pd_op.pool2d", lambda x: F.avg_pool2d(x, (3, 4), stride=1, padding="SAME", exclusive=False),
     "avg_same_inclusive_asym", x=rnd(1, 2, 4, 5))
case("pd_op.pool2d", lambda x: P.pool2d(x, [1, 4], [1, 2], [2, 0, 0, 2], False, False, "NCHW", "avg", False, False,
                                        "EXPLICIT"), "avg_pad4_inclusive", x=rnd(1, 2, 5, 4))
case("pd_op.pool2d", lambda x: P.pool2d(x, [1, 2], [1, 1], [2, 1], False, True, "NCHW", "avg", False, False,
                                        "EXPLICIT"), "avg_windows_in_padding", x=rnd(1, 1, 3, 4))
case("pd_op.pool2d", lambda x: P.pool2d(x, [1, 4], [2, 1], [1, 0], False, False, "NCHW", "max", False, False,
                                        "EXPLICIT"), "empty_output", x=rnd(1, 2, 4, 3))
case("pd_op.max_pool2d_with_index", lambda x: F.max_pool2d(x, 3, stride=2, padding=1, return_mask=True),
     "mask_pad", x=ties(2, 3, 7, 7, levels=3))
case("pd_op.max_pool2d_with_index", lambda x: F.adaptive_max_pool2d(x, (3, 2)), "adaptive",
     x=ties(1, 2, 7, 5, levels=3))
case("pd_op.max_pool2d_with_index", lambda x: F.max_pool2d(x, 2, return_mask=True, ceil_mode=True),
     "ceil", x=rnd(1, 2, 5, 5))

bnx = rnd(2, 3, 4, 4)
# With global stats Paddle never writes saved_mean/saved_variance (uninitialised memory)
# and reserve_space is empty: only their types are compared.
BN_UNWRITTEN = (3, 4, 5)
bn_stats = dict(m=rnd(3, lo=-0.5, hi=0.5), v=rnd(3, lo=0.5, hi=2.0), s=rnd(3), b=rnd(3))
case("pd_op.batch_norm_", lambda x, m, v, s, b: F.batch_norm(x, m, v, s, b, training=False), "infer",
     x=bnx, skip=BN_UNWRITTEN, **bn_stats)
case("pd_op.batch_norm_", lambda x, m, v, s, b: F.batch_norm(x, m, v, s, b, training=False, data_format="NHWC",
                                                             epsilon=1e-3),
     "infer_nhwc", x=rnd(2, 4, 4, 3), skip=BN_UNWRITTEN, **bn_stats)
case("pd_op.batch_norm_", lambda x, m, v, s, b: F.batch_norm(x, m, v, s, b, training=False), "infer_2d",
     x=rnd(5, 3), skip=BN_UNWRITTEN, **bn_stats)
case("pd_op.batch_norm_", lambda x, m, v, s, b: F.batch_norm(x, m, v, s, b, training=True, momentum=0.8),
     "train", x=bnx, skip=(5,), **bn_stats)
case("pd_op.batch_norm", lambda x, m, v, s, b: P.batch_norm(x, m, v, s, b, True, 0.9, 1e-5, "NCHW", False, False),
     "infer_plain", x=bnx, skip=BN_UNWRITTEN, **bn_stats)
case("pd_op.batch_norm", lambda x, m, v: P.batch_norm(x, m, v, None, None, True, 0.9, 1e-5, "NCHW", False, False),
     "no_affine", x=rnd(2, 3, 5), m=bn_stats["m"], v=bn_stats["v"], skip=BN_UNWRITTEN)
case("pd_op.layer_norm", lambda x, s, b: F.layer_norm(x, [4, 5], weight=s, bias=b), "begin2", x=x4,
     s=rnd(20), b=rnd(20))
case("pd_op.layer_norm", lambda x: F.layer_norm(x, [5]), "no_affine", x=x4)
case("pd_op.layer_norm", lambda x, s: F.layer_norm(x, [3, 4, 5], weight=s), "scale_only_begin1", x=x4, s=rnd(60))
case("pd_op.layer_norm", lambda x: F.layer_norm(x, [8]), "dynamic", x=dyn(rnd(3, 8), [-1, 8]))
case("pd_op.layer_norm", lambda x: F.layer_norm(x, [6], epsilon=1e-3), "f64", x=rnd(2, 6, dtype="float64"),
     rtol=1e-10, atol=1e-12)
case("pd_op.group_norm", lambda x, s, b: F.group_norm(x, 2, weight=s, bias=b), "g2", x=rnd(2, 4, 3, 3),
     s=rnd(4), b=rnd(4))
case("pd_op.group_norm", lambda x: F.group_norm(x, 4), "g_eq_c", x=rnd(2, 4, 3, 3))
case("pd_op.group_norm", lambda x, s, b: F.group_norm(x, 3, weight=s, bias=b, data_format="NHWC"), "nhwc",
     x=rnd(2, 3, 2, 6), s=rnd(6), b=rnd(6))
case("pd_op.group_norm", lambda x: F.group_norm(x, 1), "3d", x=rnd(2, 4, 5))
case("pd_op.instance_norm", lambda x, s, b: F.instance_norm(x, weight=s, bias=b), "affine", x=bnx,
     s=rnd(3), b=rnd(3))
case("pd_op.instance_norm", lambda x: P.instance_norm(x, None, None, 1e-5), "plain_3d", x=rnd(2, 3, 6))
case("pd_op.dropout", lambda x: F.dropout(x, 0.3, training=False), "upscale_infer", x=x4, skip=(1,))
case("pd_op.dropout", lambda x: F.dropout(x, 0.3, training=False, mode="downscale_in_infer"), "downscale_infer",
     x=x4, skip=(1,))
case("pd_op.dropout", lambda x: F.dropout(x, 0.25, training=False, mode="downscale_in_infer"), "downscale_f64",
     x=rnd(3, 2, dtype="float64"), skip=(1,), rtol=1e-12, atol=1e-12)
case("pd_op.dropout_", lambda x: P.dropout_(x, None, 0.5, True, "downgrade_in_infer", 0, False), "inplace",
     x=rnd(2, 3), skip=(1,))
case("pd_op.embedding", lambda i, w: F.embedding(i, w), "int64", i=np.array([[0, 3, 1], [4, 4, 2]], "int64"),
     w=rnd(5, 4))
case("pd_op.embedding", lambda i, w: F.embedding(i, w, padding_idx=1), "pad_int32", i=np.array([1, 0, 1, 2], "int32"),
     w=rnd(3, 2))
case("pd_op.embedding", lambda i, w: F.embedding(i, w, padding_idx=-1), "pad_neg", i=np.array([2, 0, 1], "int64"),
     w=rnd(3, 2))
case("pd_op.embedding", lambda i, w: F.embedding(i, w), "0d_ids", i=np.array(2, "int64"), w=rnd(3, 2))

case("pd_op.topk", lambda x: paddle.topk(x, 2), "basic", x=x4)
case("pd_op.topk", lambda x: paddle.topk(x, 3, axis=0, largest=False), "axis0_smallest", x=rnd(5, 4))
case("pd_op.topk", lambda x: paddle.topk(x, 10), "ties_nth", x=ties(6, 40, levels=3))
case("pd_op.topk", lambda x: paddle.topk(x, 5, largest=False), "ties_nth_small", x=ties(6, 37, levels=4))
case("pd_op.topk", lambda x: paddle.topk(x, 3), "ties_partial", x=ties(5, 300, levels=5))
case("pd_op.topk", lambda x: paddle.topk(x, 4, largest=False), "ties_partial_small", x=ties(5, 500, levels=3))
case("pd_op.topk", lambda x: paddle.topk(x, 6, sorted=False), "unsorted", x=rnd(4, 9))
case("pd_op.topk", lambda x: paddle.topk(x, 20, sorted=False, largest=False), "unsorted_ties",
     x=ties(3, 50, levels=6))
case("pd_op.topk", lambda x: paddle.topk(x, 2, sorted=False), "unsorted_partial", x=rnd(3, 200))
case("pd_op.topk", lambda x: paddle.topk(x, 25), "ties_sort_big", x=ties(3, 60, levels=7))
case("pd_op.topk", lambda x: paddle.topk(x, 3), "nan", x=np.array([[1, np.nan, 3, np.nan, 2],
                                                                    [np.nan, 0, 0, 5, 1]], "float32"))
case("pd_op.topk", lambda x: paddle.topk(x, 3, largest=False), "nan_small",
     x=np.array([[1, np.nan, 3, np.nan, 2], [np.nan, 0, 0, 5, 1]], "float32"))
case("pd_op.topk", lambda x: paddle.topk(x, 2), "int64", x=rnd(3, 6, dtype="int64", lo=-3, hi=3))
case("pd_op.topk", lambda x: paddle.topk(x, 1), "0d", x=np.array(4.0, "float32"))
case("pd_op.topk", lambda x, k: paddle.topk(x, k), "k_tensor", x=rnd(2, 5), k=np.array([2], "int32"))
case("pd_op.topk", lambda x: paddle.topk(x, 2, axis=1), "dynamic", x=dyn(rnd(3, 4, 2), [-1, 4, 2]))


# ---------------------------------------------------------------------------
# machinery
# ---------------------------------------------------------------------------



def run_case(ci: int, c: Case, arrays: dict[str, np.ndarray]) -> dict[str, Any]:
    main, startup = paddle.static.Program(), paddle.static.Program()
    feed: dict[str, np.ndarray] = {}
    with paddle.static.program_guard(main, startup):
        vs = {}
        for name, spec in c.feeds.items():
            arr, decl = spec if isinstance(spec, tuple) else (spec, list(spec.shape))
            vs[name] = paddle.static.data(name, decl, str(arr.dtype))
            feed[name] = arr
        c.build(**vs)
    ops = [op for op in main.global_block().ops if op.name() == c.op]
    if not ops:
        raise RuntimeError(f"case {c.op}/{c.tag}: op not emitted; program:\n{main}")
    op = ops[c.index]
    prefix = f"c{ci}"
    fetch: list[Any] = []
    fetch_keys: list[str] = []
    operands = describe_operands(op, prefix, feed, arrays, fetch, fetch_keys)

    results = []
    for ri in range(op.num_results()):
        r = op.result(ri)
        if r.is_dense_tensor_type():
            key = f"{prefix}_out{ri}"
            results.append({"shape": [int(s) for s in r.shape], "dtype": dtype_name(r.dtype), "key": key,
                            "check": ri not in c.skip})
            if ri not in c.skip:
                fetch.append(r)
                fetch_keys.append(key)
        else:  # vec[...]: unpacked by builtin.split
            users = [u for u in r.all_used_ops() if u.name() == "builtin.split"]
            if not users:
                raise RuntimeError(f"case {c.op}/{c.tag}: vec result without builtin.split")
            sp = users[0]
            elems = []
            for ei in range(sp.num_results()):
                e = sp.result(ei)
                key = f"{prefix}_out{ri}_{ei}"
                elems.append({"shape": [int(s) for s in e.shape], "dtype": dtype_name(e.dtype), "key": key,
                              "check": ri not in c.skip})
                fetch.append(e)
                fetch_keys.append(key)
            results.append({"vec": elems})

    attrs = {k: attr_value(v) for k, v in sorted(op.attrs().items()) if k not in SKIP_ATTRS}
    exe = paddle.static.Executor(paddle.CPUPlace())
    outs = exe.run(main, feed={k: v.copy() for k, v in feed.items()}, fetch_list=fetch)
    for key, val in zip(fetch_keys, outs, strict=True):
        arrays[key] = np.asarray(val)
    return {"id": prefix, "op": c.op, "tag": c.tag, "attrs": attrs, "operands": operands, "results": results,
            "rtol": c.rtol, "atol": c.atol,
            "input_names": op.get_input_names(), "attr_names": op.get_attr_names(),
            "output_names": op.get_output_names()}


def main() -> None:
    only = set(sys.argv[1:])
    arrays: dict[str, np.ndarray] = {}
    out = []
    for ci, c in enumerate(CASES):
        if only and c.op not in only:
            continue
        out.append(run_case(ci, c, arrays))
    os.makedirs(OUT_DIR, exist_ok=True)
    with open(os.path.join(OUT_DIR, "cases.json"), "w") as f:
        json.dump({"paddle_version": paddle.__version__, "cases": out}, f, indent=1, sort_keys=True)
        f.write("\n")
    np.savez_compressed(os.path.join(OUT_DIR, "arrays.npz"), **arrays)
    print(f"{len(out)} cases, {len(arrays)} arrays")


if __name__ == "__main__":
    main()
