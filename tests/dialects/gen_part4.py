"""Generate expected values for the part-4 pd_op definitions: the common inference ops the
coverage audit (bench/coverage.py) found missing -- atan2, bitwise_*, argsort, eye, linspace,
index_sample, take_along_axis, put_along_axis, scatter, scatter_nd_add, masked_select,
pixel_shuffle, temporal_shift, dist, unique, linear / trilinear / bicubic interp, share_data_, set_value /
set_value_with_tensor (+ ``_``), index_put, grid_sample, unfold -- and the recurrent /
detection ops of the coverage models (yolo_box, multiclass_nms3, repeat_interleave).

Run with PaddlePaddle's venv (never imported by pirc or its tests):

    python tests/dialects/gen_part4.py   # python: a venv with paddlepaddle==3.3.1 [op names...]

It reuses gen_part3.py's machinery (a case = a tiny static program built with Paddle's Python
API; Paddle's printed types, attributes, operand names, inplace map and computed values are
recorded), with its own case list.  Output: ``tests/dialects/data/part4/cases.json`` and
``arrays.npz``; tests/dialects/test_part3_cases.py checks both parts.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_part3 as G
import paddle
import paddle.nn.functional as F

G.CASES.clear()
G.REJECTS.clear()
G.OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "part4")
G.ID_BASE = 40000
P = paddle._pir_ops
rng = np.random.default_rng(4044)
case, dyn = G.case, G.dyn


def rnd(*shape: int, dtype: str = "float32", lo: float = -2.0, hi: float = 2.0) -> np.ndarray:
    if dtype.startswith("float"):
        return rng.uniform(lo, hi, size=shape).astype(dtype)
    if dtype == "bool":
        return rng.integers(0, 2, size=shape).astype(bool)
    return rng.integers(int(lo), int(hi) + 1, size=shape).astype(dtype)


def distinct(*shape: int, dtype: str = "float32") -> np.ndarray:
    n = int(np.prod(shape))
    return (rng.permutation(n).astype("float64") * 0.37 - n * 0.1).reshape(shape).astype(dtype)


# --- elementwise ---------------------------------------------------------------
case("pd_op.atan2", lambda x, y: paddle.atan2(x, y), "f32",
     x=np.array([1, -1, 0, 0, 2, -3, 0.5, -0.0], "float32"), y=np.array([1, 1, 1, -1, -2, 0, 0, -1], "float32"))
case("pd_op.atan2", lambda x, y: paddle.atan2(x, y), "f64", x=rnd(3, 4, dtype="float64"), y=rnd(3, 4, dtype="float64"),
     rtol=1e-12, atol=1e-12)
case("pd_op.atan2", lambda x, y: paddle.atan2(x, y), "int32", x=rnd(6, dtype="int32", lo=-3, hi=3),
     y=rnd(6, dtype="int32", lo=-3, hi=3))
for nm in ("and", "or", "xor"):
    fn = getattr(paddle, f"bitwise_{nm}")
    case(f"pd_op.bitwise_{nm}", lambda x, y, fn=fn: fn(x, y), "int32", x=rnd(3, 4, dtype="int32", lo=-100, hi=100),
         y=rnd(3, 4, dtype="int32", lo=-100, hi=100))
    case(f"pd_op.bitwise_{nm}", lambda x, y, fn=fn: fn(x, y), "bool_bcast", x=rnd(3, 4, dtype="bool"), y=rnd(4, dtype="bool"))
case("pd_op.bitwise_not", lambda x: paddle.bitwise_not(x), "int64", x=rnd(5, dtype="int64", lo=-9, hi=9))
case("pd_op.bitwise_not", lambda x: paddle.bitwise_not(x), "bool", x=rnd(5, dtype="bool"))
case("pd_op.bitwise_not", lambda x: paddle.bitwise_not(x), "uint8", x=rnd(5, dtype="uint8", lo=0, hi=255))

# --- sorting / searching -------------------------------------------------------
case("pd_op.argsort", lambda x: paddle.argsort(x, axis=-1), "last", x=distinct(3, 7))
case("pd_op.argsort", lambda x: paddle.argsort(x, axis=0, descending=True), "desc0", x=distinct(5, 3))
case("pd_op.argsort", lambda x: paddle.argsort(x, axis=1, stable=True), "stable_ties",
     x=np.array([[3, 1, 3, 1, 2, 2], [0, 0, 0, 1, 1, 0]], "float32"))
case("pd_op.argsort", lambda x: paddle.argsort(x, axis=1, descending=True, stable=True), "stable_desc_ties",
     x=np.array([[3, 1, 3, 1, 2, 2], [0, 0, 0, 1, 1, 0]], "int64"))
case("pd_op.argsort", lambda x: paddle.argsort(x, axis=1), "dynamic", x=dyn(distinct(2, 5), [-1, 5]))
case("pd_op.unique", lambda x: paddle.unique(x, return_index=True, return_inverse=True, return_counts=True),
     "flat", x=np.array([[2, 3, 3, 1], [5, 3, 1, 2]], "int64"))
case("pd_op.unique", lambda x: paddle.unique(x, return_index=True, return_inverse=True, return_counts=True, axis=0),
     "axis0", x=np.array([[1, 2], [3, 4], [1, 2], [0, 9]], "float32"))
case("pd_op.masked_select", lambda x, m: paddle.masked_select(x, m), "basic", x=rnd(3, 4), m=rnd(3, 4, dtype="bool"))
case("pd_op.masked_select", lambda x, m: paddle.masked_select(x, m), "bcast", x=rnd(3, 4), m=rnd(4, dtype="bool"))

# --- creation -----------------------------------------------------------------
case("pd_op.eye", lambda x: paddle.eye(3, 5, dtype="float32") + x, "rect", x=np.zeros([1], "float32"))
case("pd_op.eye", lambda x: paddle.eye(4, dtype="int64") + x, "square_int", x=np.zeros([1], "int64"))
case("pd_op.linspace", lambda x: paddle.linspace(0, 1, 5) + x, "basic", x=np.zeros([1], "float32"))
case("pd_op.linspace", lambda x: paddle.linspace(-2.5, 7, 9, dtype="float64") + x, "f64", x=np.zeros([1], "float64"))
case("pd_op.linspace", lambda x: paddle.linspace(0, 10, 4, dtype="int32") + x, "int32", x=np.zeros([1], "int32"))
case("pd_op.linspace", lambda x: paddle.linspace(3, 3, 1) + x, "one", x=np.zeros([1], "float32"))

# --- gather / scatter ----------------------------------------------------------
case("pd_op.index_sample", lambda x, i: paddle.index_sample(x, i), "basic", x=rnd(3, 5),
     i=rnd(3, 4, dtype="int64", lo=0, hi=4))
case("pd_op.index_sample", lambda x, i: paddle.index_sample(x, i), "int32_idx", x=rnd(2, 6, dtype="int64", lo=-9, hi=9),
     i=rnd(2, 2, dtype="int32", lo=0, hi=5))
case("pd_op.take_along_axis", lambda x, i: paddle.take_along_axis(x, i, axis=1), "axis1", x=rnd(3, 5, 2),
     i=rnd(3, 4, 2, dtype="int64", lo=0, hi=4))
case("pd_op.take_along_axis", lambda x, i: paddle.take_along_axis(x, i, axis=0), "bcast", x=rnd(4, 3),
     i=rnd(2, 1, dtype="int64", lo=0, hi=3))
for red in ("assign", "add", "multiply", "mean", "amax", "amin"):
    case("pd_op.put_along_axis", lambda x, i, v, r=red: paddle.put_along_axis(x, i, v, axis=1, reduce=r), red,
         x=rnd(3, 5), i=np.array([[0, 2, 2], [4, 4, 1], [3, 0, 3]], "int64"), v=rnd(3, 3))
case("pd_op.put_along_axis", lambda x, i, v: paddle.put_along_axis(x, i, v, axis=1, reduce="add", include_self=False),
     "add_exclude_self", x=rnd(3, 5), i=np.array([[0, 2, 2], [4, 4, 1], [3, 0, 3]], "int64"), v=rnd(3, 3))
case("pd_op.scatter", lambda x, i, u: paddle.scatter(x, i, u, overwrite=True), "overwrite", x=rnd(5, 3),
     i=np.array([1, 3, 0], "int64"), u=rnd(3, 3))
case("pd_op.scatter", lambda x, i, u: paddle.scatter(x, i, u, overwrite=False), "accumulate", x=rnd(5, 3),
     i=np.array([1, 3, 1, 1], "int64"), u=rnd(4, 3))
case("pd_op.scatter", lambda x, i, u: paddle.scatter(x, i, u, overwrite=True), "dup_overwrite", x=rnd(4, 2),
     i=np.array([2, 2, 0], "int32"), u=rnd(3, 2))
case("pd_op.scatter_nd_add", lambda x, i, u: paddle.scatter_nd_add(x, i, u), "rows", x=rnd(4, 3),
     i=np.array([[1], [3], [1]], "int64"), u=rnd(3, 3))
case("pd_op.scatter_nd_add", lambda x, i, u: paddle.scatter_nd_add(x, i, u), "elements", x=rnd(3, 4),
     i=np.array([[0, 1], [2, 3], [0, 1]], "int64"), u=rnd(3))

# --- layout -------------------------------------------------------------------
case("pd_op.pixel_shuffle", lambda x: F.pixel_shuffle(x, 2), "nchw", x=rnd(2, 8, 3, 2))
case("pd_op.pixel_shuffle", lambda x: F.pixel_shuffle(x, 2, data_format="NHWC"), "nhwc", x=rnd(1, 3, 2, 12))
case("pd_op.temporal_shift", lambda x: F.temporal_shift(x, seg_num=2, shift_ratio=0.25), "nchw", x=rnd(4, 8, 2, 2))
case("pd_op.temporal_shift", lambda x: F.temporal_shift(x, seg_num=3, shift_ratio=0.2, data_format="NHWC"), "nhwc",
     x=rnd(3, 2, 2, 10))
case("pd_op.unfold", lambda x: F.unfold(x, [2, 3]), "basic", x=rnd(2, 3, 4, 5))
case("pd_op.unfold", lambda x: F.unfold(x, [3, 3], strides=2, paddings=1, dilations=1), "strided", x=rnd(1, 2, 5, 6))
case("pd_op.unfold", lambda x: F.unfold(x, [2, 2], strides=1, paddings=[1, 0, 2, 1], dilations=2), "dilated_pads",
     x=rnd(1, 2, 5, 5))

# --- reductions / math ---------------------------------------------------------
for p in (2.0, 1.0, 0.0, float("inf"), float("-inf"), 3.0):
    case("pd_op.dist", lambda x, y, p=p: paddle.dist(x, y, p), f"p{p}", x=rnd(3, 4), y=rnd(4))

# --- inplace-ish / assignment --------------------------------------------------


def _setv(x: Any, v: Any) -> Any:
    y = x * 1.0
    y[1:3, ::2] = v
    return y


def _setv_scalar(x: Any) -> Any:
    y = x * 1.0
    y[:, 1] = 2.5
    return y


def _setv_neg(x: Any) -> Any:
    y = x * 1.0
    y[::-2, 0] = -7.0
    return y


case("pd_op.set_value_with_tensor_", _setv, "slice_step", x=rnd(4, 5), v=rnd(2, 3))
case("pd_op.set_value_with_tensor_", _setv, "bcast_value", x=rnd(4, 5), v=rnd(3))
case("pd_op.set_value_", _setv_scalar, "scalar_decrease", x=rnd(3, 4))
case("pd_op.set_value_", _setv_neg, "neg_step", x=rnd(5, 3))
case("pd_op.share_data_", lambda x: P.share_data_(x), "basic", x=rnd(2, 3))
case("pd_op.index_put", lambda x, i, v: paddle.index_put(x, (i,), v), "rows", x=rnd(4, 3), i=np.array([2, 0], "int64"),
     v=rnd(2, 3))
case("pd_op.index_put", lambda x, i, j, v: paddle.index_put(x, (i, j), v, accumulate=True), "accumulate",
     x=rnd(3, 4), i=np.array([0, 2, 0], "int64"), j=np.array([1, 3, 1], "int64"), v=rnd(3))
case("pd_op.index_put", lambda x, m, v: paddle.index_put(x, (m,), v), "bool_mask", x=rnd(4, 3),
     m=np.array([True, False, True, False]), v=rnd(3))

# --- sampling ------------------------------------------------------------------
_grid = rng.uniform(-1.2, 1.2, size=(2, 3, 4, 2)).astype("float32")
for mode in ("bilinear", "nearest"):
    for pad in ("zeros", "border", "reflection"):
        for ac in (True, False):
            case("pd_op.grid_sample",
                 lambda x, g, mode=mode, pad=pad, ac=ac: F.grid_sample(x, g, mode=mode, padding_mode=pad, align_corners=ac),
                 f"{mode}_{pad}_{'ac' if ac else 'noac'}", x=rnd(2, 2, 5, 6), g=_grid)

# --- interpolation beyond nearest / bilinear ------------------------------------
for ac in (False, True):
    tag = "ac" if ac else "noac"
    case("pd_op.linear_interp", lambda x, ac=ac: F.interpolate(x, size=[7], mode="linear", align_corners=ac,
                                                               data_format="NCW"), f"up_{tag}", x=rnd(2, 3, 5))
    case("pd_op.linear_interp", lambda x, ac=ac: F.interpolate(x, scale_factor=0.5, mode="linear", align_corners=ac,
                                                               data_format="NCW"), f"down_{tag}", x=rnd(1, 2, 8))
    case("pd_op.trilinear_interp", lambda x, ac=ac: F.interpolate(x, size=[3, 5, 4], mode="trilinear",
                                                                  align_corners=ac), f"mixed_{tag}", x=rnd(1, 2, 2, 3, 6))
    case("pd_op.bicubic_interp", lambda x, ac=ac: F.interpolate(x, size=[7, 5], mode="bicubic", align_corners=ac),
         f"up_{tag}", x=rnd(2, 2, 4, 3))
    case("pd_op.bicubic_interp", lambda x, ac=ac: F.interpolate(x, scale_factor=[0.5, 2.0], mode="bicubic",
                                                                align_corners=ac), f"scale_{tag}", x=rnd(1, 1, 6, 3))
case("pd_op.linear_interp", lambda x: F.interpolate(x, size=[9], mode="linear", align_mode=1, data_format="NCW"),
     "align_mode1", x=rnd(1, 2, 4))
case("pd_op.trilinear_interp", lambda x: F.interpolate(x, scale_factor=2, mode="trilinear", data_format="NDHWC"),
     "ndhwc", x=rnd(1, 2, 2, 3, 2))
case("pd_op.bicubic_interp", lambda x: F.interpolate(x, size=[5, 5], mode="bicubic", data_format="NHWC"), "nhwc",
     x=rnd(1, 3, 3, 2))

# --- roi_align, 3-D conv / pool, fft, cross_entropy_with_softmax -------------
_feat = rnd(2, 3, 8, 9)
_rois = np.array([[0.5, 1.0, 5.5, 6.0], [2.0, 2.0, 3.0, 9.5], [-1.0, 0.2, 4.0, 4.0], [1.0, 1.5, 8.0, 7.0],
                  [3.3, 0.0, 3.4, 0.1]], "float32")
for aligned in (True, False):
    for sr in (-1, 2):
        case("pd_op.roi_align",
             lambda x, b, n, aligned=aligned, sr=sr: paddle.vision.ops.roi_align(x, b, n, (3, 2), 0.5, sr, aligned),
             f"{'aligned' if aligned else 'legacy'}_sr{sr}", x=_feat, b=_rois, n=np.array([2, 3], "int32"))


# (quantize_linear / dequantize_linear are not recorded: Paddle 3.3.1 leaves their out_state /
# out_accum / out_scale results uninitialised in inference mode, so no value can be checked)
case("pd_op.conv3d", lambda x, w: F.conv3d(x, w, stride=(1, 2, 1), padding=1), "basic", x=rnd(2, 4, 3, 5, 4),
     w=rnd(6, 4, 3, 3, 2))
case("pd_op.conv3d", lambda x, w: F.conv3d(x, w, padding="SAME", groups=2, dilation=(1, 1, 2)), "groups_same",
     x=rnd(1, 4, 4, 4, 5), w=rnd(4, 2, 1, 3, 3))
case("pd_op.conv3d", lambda x, w: F.conv3d(x, w, data_format="NDHWC"), "ndhwc", x=rnd(1, 3, 4, 4, 2), w=rnd(3, 2, 2, 2, 2))
case("pd_op.conv3d_transpose", lambda x, w: F.conv3d_transpose(x, w, stride=2, padding=1, output_padding=1),
     "stride2", x=rnd(1, 2, 2, 3, 2), w=rnd(2, 3, 3, 3, 3))
case("pd_op.pool3d", lambda x: F.max_pool3d(x, 2, stride=2), "max", x=rnd(2, 2, 4, 5, 4))
case("pd_op.pool3d", lambda x: F.avg_pool3d(x, 3, stride=2, padding=1, ceil_mode=True), "avg_ceil", x=rnd(1, 2, 5, 4, 6))
case("pd_op.pool3d", lambda x: F.avg_pool3d(x, 2, stride=1, padding=1, exclusive=False), "avg_inclusive",
     x=rnd(1, 1, 3, 3, 3))
case("pd_op.pool3d", lambda x: F.adaptive_avg_pool3d(x, (2, 1, 3)), "adaptive_avg", x=rnd(1, 2, 5, 4, 7))
case("pd_op.max_pool3d_with_index", lambda x: F.max_pool3d(x, 2, stride=2, return_mask=True), "mask",
     x=distinct(1, 2, 4, 4, 4))
case("pd_op.fft_r2c", lambda x: paddle.fft.rfft(x), "rfft", x=rnd(3, 8))
case("pd_op.fft_r2c", lambda x: paddle.fft.rfft2(x, norm="ortho"), "rfft2_ortho", x=rnd(2, 4, 6))
case("pd_op.fft_r2c", lambda x: paddle.fft.fft(x), "full_fft", x=rnd(5))
case("pd_op.cross_entropy_with_softmax",
     lambda x, y: F.softmax_with_cross_entropy(x, y, return_softmax=True), "hard", x=rnd(4, 5),
     y=rnd(4, 1, dtype="int64", lo=0, hi=4))
case("pd_op.cross_entropy_with_softmax",
     lambda x, y: F.softmax_with_cross_entropy(x, y, soft_label=True, return_softmax=True), "soft", x=rnd(3, 4),
     y=np.full((3, 4), 0.25, "float32"))
case("pd_op.cross_entropy_with_softmax",
     lambda x, y: F.softmax_with_cross_entropy(x, y, ignore_index=2, axis=1, return_softmax=True), "ignore_axis1",
     x=rnd(2, 3, 4), y=np.array([[[0, 2, 1, 2]], [[1, 1, 0, 2]]], "int64"))

# --- deformable convolution (v1 without mask, v2 with) ---------------------------
_dx = rnd(2, 4, 5, 6)
_dw = rnd(6, 2, 3, 3)
_doff = rnd(2, 2 * 2 * 9, 3, 3, lo=-2.5, hi=2.5)   # 2 deformable groups, stride 2, padding 1 -> 3x3
_dmask = rnd(2, 2 * 9, 3, 3, lo=0, hi=1)
case("pd_op.deformable_conv",
     lambda x, o, w, m: paddle.vision.ops.deform_conv2d(x, o, w, stride=2, padding=1, deformable_groups=2, groups=2,
                                                       mask=m), "v2_groups", x=_dx, o=_doff, w=_dw, m=_dmask)
case("pd_op.deformable_conv",
     lambda x, o, w: paddle.vision.ops.deform_conv2d(x, o, w, stride=1, padding=0, dilation=2),
     "v1_dilated", x=rnd(1, 2, 6, 6), o=rnd(1, 18, 2, 2, lo=-3, hi=3), w=rnd(3, 2, 3, 3))

# --- the ops of the coverage models (rnn and unstack have vec results, which this machinery
# cannot record: the corpus programs check them) ----------------------------------------


case("pd_op.repeat_interleave", lambda x: paddle.repeat_interleave(x, 3, axis=0), "axis0", x=rnd(2, 3))
case("pd_op.repeat_interleave", lambda x: paddle.repeat_interleave(x, 2, axis=-1), "neg_axis", x=dyn(rnd(2, 3), [-1, 3]))
case("pd_op.repeat_interleave_with_tensor_index", lambda x, r: paddle.repeat_interleave(x, r, axis=1), "tensor",
     x=rnd(2, 3), r=np.array([1, 0, 3], "int64"))
case("pd_op.yolo_box", lambda x, s: paddle.vision.ops.yolo_box(x, s, [10, 13, 16, 30, 33, 23], 2, 0.3, 16,
                                                               clip_bbox=False, scale_x_y=1.0),
     "noclip", x=rnd(2, 21, 3, 4, lo=-3, hi=3), s=np.array([[48, 64], [30, 50]], "int32"))
case("pd_op.yolo_box", lambda x, s: paddle.vision.ops.yolo_box(x, s, [10, 13, 16, 30], 2, 0.2, 8, clip_bbox=True,
                                                               scale_x_y=1.2, iou_aware=True, iou_aware_factor=0.4),
     "iou_aware", x=rnd(1, 16, 3, 3, lo=-3, hi=3), s=np.array([[24, 20]], "int32"))
_bx = np.concatenate([rng.uniform(0, 20, (2, 12, 2)), rng.uniform(20, 40, (2, 12, 2))], axis=-1).astype("float32")
_bx[0, 3] = [1, 1, 0.5, 0.5]    # degenerate (x2 < x1)
_sc = rng.uniform(0, 1, (2, 3, 12)).astype("float32")
_sc[1, 2, 5] = _sc[1, 2, 7]      # a tie
for tag, args in (("basic", (0.2, 6, 5, 0.5, False, 1.0, -1)), ("normalized_bg0", (0.1, -1, -1, 0.4, True, 1.0, 0)),
                  ("eta", (0.05, 10, 8, 0.7, False, 0.9, -1)), ("none_kept", (2.0, -1, -1, 0.5, False, 1.0, -1))):
    case("pd_op.multiclass_nms3", lambda b, s, a=args: paddle._C_ops.multiclass_nms3(b, s, None, *a), tag, b=_bx, s=_sc)


if __name__ == "__main__":
    G.main()
