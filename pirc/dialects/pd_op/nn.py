"""pd_op neural-network ops: matmul (+ bmm, addmm, dot, mv), conv2d, depthwise_conv2d,
conv2d_transpose, depthwise_conv2d_transpose, pool2d, max_pool2d_with_index, batch_norm,
batch_norm_, layer_norm, group_norm, instance_norm, dropout, dropout_, embedding, topk.

Operand/attribute/result lists were checked against PaddlePaddle 3.3.1's PIR (see
``tests/dialects/gen_part2.py``).  Things worth knowing:

* ``F.linear`` emits ``pd_op.matmul`` + ``pd_op.add``; ``paddle.mm`` emits ``matmul``.
* ``F.conv2d`` emits ``pd_op.depthwise_conv2d`` when groups == in_channels (and out
  channels are a multiple of it); ``F.conv2d_transpose`` likewise emits
  ``pd_op.depthwise_conv2d_transpose``.  Filters are always OIHW (conv) / IOHW
  (transpose), whatever ``data_format`` is.  ``conv2d_transpose`` takes ``output_size``
  as a third operand (a ``full_int_array``, empty when not given).
* ``pool2d`` takes ``kernel_size`` as operand 1; ``F.max_pool2d(return_mask=True)`` and
  ``F.adaptive_max_pool2d`` emit ``pd_op.max_pool2d_with_index`` (kernel_size attribute,
  int32 mask = ``h * W + w`` of the first maximum in row-major window order).
* ``F.batch_norm(training=False)`` and ``nn.BatchNorm2D`` emit the inplace
  ``pd_op.batch_norm_`` (mean -> mean_out, variance -> variance_out).  With global stats
  (``is_test and not trainable_statistics`` or ``use_global_stats``) Paddle leaves
  mean_out/variance_out equal to the running stats and saved_mean/saved_variance zero;
  reserve_space is an empty uint8 tensor (typed ``tensor<-1xu8>``).  In training mode
  saved_variance holds 1/sqrt(var+eps) and the running stats are updated with momentum.
* ``dropout`` takes ``p`` as operand 2 (a ``pd_op.full``); mode is printed
  ``"upscale_in_train"`` or ``"downgrade_in_infer"``.  With ``is_test`` it is the identity
  (upscale_in_train) or ``x * (1 - p)`` (downgrade_in_infer); the mask is then not
  written by Paddle, we return zeros.  Training mode draws the mask from numpy's RNG
  (seeded by ``seed`` when ``fix_seed``), so it cannot reproduce Paddle's random stream.
* ``layer_norm``'s mean/variance have shape ``x.shape[:begin_norm_axis]``; group_norm's
  are ``[N, groups]``; instance_norm's saved_mean/saved_variance are ``[N*C]`` and
  saved_variance is 1/sqrt(var+eps).  All statistics are float32 for float16 inputs.
* ``topk`` takes ``k`` as operand 1.  Paddle's CPU kernel uses ``std::partial_sort``
  when ``k * 64 < n`` and otherwise ``std::nth_element`` (+ ``std::sort`` of the first
  k-1 when sorted); equal values therefore come out in libstdc++'s order, and with
  ``sorted=False`` the order is whatever nth_element leaves.  We reproduce that exactly
  by emulating libstdc++'s algorithms for rows where the order is not determined by the
  values alone (rows with duplicates/NaN, or unsorted output); other rows use a
  vectorised argsort.  NaN counts as the largest value for both ``largest`` settings.

Pattern kinds (CINN denies matmul/conv2d/depthwise_conv2d/pool2d/dropout/embedding
anyway): the reference notes that CINN registered matmul and conv as kOutFusible (conv2d
is still kOutFusible in CINN builds without cuDNN; TVM's kOutEWiseFusable), so the matmul
family (matmul, bmm, addmm, dot, mv) and the convolutions are OUT_FUSIBLE.  pool2d is
registered kOpaque -> NON_FUSIBLE.  The norms are decomposed before CINN and topk is a
sort -> NON_FUSIBLE; dropout and embedding -> NON_FUSIBLE.

Shape-rule quirks reproduced from Paddle's infer-meta (the printed type, not the runtime
shape): matmul does not broadcast batch dims (the higher-rank operand's batch dims, or
the per-dim max for equal ranks, are printed); see also manipulation.py for gather and
split.

Part 3: ``nearest_interp`` / ``bilinear_interp`` (see the notes above their code; kernels
bit-exact with Paddle 3.3.1 on random sizes, scales, layouts and align settings) and
``prelu`` (modes all / channel / element; out = x > 0 ? x : alpha * x), NON_FUSIBLE and
ELEMENTWISE respectively.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import (
    KernelArg,
    Meta,
    MetaArg,
    OpDef,
    PatternKind,
    ShapeError,
    broadcast_dims,
    meta_of,
    normalize_axis,
    register,
)
from pirc.dialects.pd_op.elementwise import cast_array, dtype_name
from pirc.dialects.pd_op.manipulation import const_int, const_ints, kernel_int, kernel_ints


def _shape(m: Meta) -> tuple[int, ...]:
    if m.shape is None:
        raise ShapeError("operand rank is unknown")
    return m.shape


def _stat_dtype(dtype: str) -> str:
    return "float32" if dtype in ("float16", "bfloat16") else dtype


def _compute_dtype(a: np.ndarray) -> np.dtype:
    return np.dtype(np.float32) if a.dtype == np.float16 else a.dtype


def _eq_dim(a: int, b: int) -> bool:
    return a == b or a == -1 or b == -1


# ---------------------------------------------------------------------------
# matmul / bmm / addmm / dot / mv
# ---------------------------------------------------------------------------

def _matmul_shape(xs: tuple[int, ...], ys: tuple[int, ...], tx: bool, ty: bool) -> tuple[int, ...]:
    if len(xs) == 0 or len(ys) == 0:
        raise ShapeError(f"matmul: operands must have rank >= 1, got {xs} and {ys}")
    x1, y1 = len(xs) == 1, len(ys) == 1
    xm = (1,) + xs if x1 else xs
    ym = ys + (1,) if y1 else ys
    m, k = (xm[-1], xm[-2]) if tx and not x1 else (xm[-2], xm[-1])
    k2, n = (ym[-1], ym[-2]) if ty and not y1 else (ym[-2], ym[-1])
    if not _eq_dim(k, k2):
        raise ShapeError(f"matmul: contracted dims differ: {xs} x {ys} (transpose_x={tx}, transpose_y={ty})")
    xb, yb = xm[:-2], ym[:-2]
    broadcast_dims(xb, yb)  # raises when the batch dims cannot broadcast
    # Paddle's MatmulInferMeta does not broadcast: it takes the batch dims of the
    # higher-rank operand, or the elementwise max for equal ranks (the kernel itself
    # broadcasts, so e.g. [2,1,3,4] x [5,4,2] prints 2x1x3x2 but computes 2x5x3x2).
    if len(xb) > len(yb):
        batch = xb
    elif len(xb) < len(yb):
        batch = yb
    else:
        batch = tuple(max(a, b) for a, b in zip(xb, yb, strict=True))
    return batch + (() if x1 else (m,)) + (() if y1 else (n,))


def _matmul_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, y = meta_of(args[0]), meta_of(args[1])
    if x.dtype != y.dtype:
        raise ShapeError(f"matmul: operand dtypes differ ({x.dtype} vs {y.dtype})")
    if x.shape is None or y.shape is None:
        return [Meta(None, x.dtype)]
    return [Meta(_matmul_shape(x.shape, y.shape, bool(attrs.get("transpose_x")), bool(attrs.get("transpose_y"))),
                 x.dtype)]


def _matmul_np(x: np.ndarray, y: np.ndarray, tx: bool, ty: bool) -> np.ndarray:
    cd = _compute_dtype(x)
    a = x.astype(cd, copy=False)
    b = y.astype(cd, copy=False)
    if tx and a.ndim >= 2:
        a = np.swapaxes(a, -1, -2)
    if ty and b.ndim >= 2:
        b = np.swapaxes(b, -1, -2)
    return np.asarray(np.matmul(a, b)).astype(x.dtype, copy=False)


def _matmul_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    return [_matmul_np(args[0], args[1], bool(attrs.get("transpose_x")), bool(attrs.get("transpose_y")))]


register(OpDef(name="pd_op.matmul", operands=("x", "y"), attrs=("transpose_x", "transpose_y"),
               infer_meta=_matmul_meta, kernel=_matmul_kernel, pattern=PatternKind.OUT_FUSIBLE))


def _bmm_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, y = meta_of(args[0]), meta_of(args[1])
    xs, ys = _shape(x), _shape(y)
    if len(xs) != 3 or len(ys) != 3:
        raise ShapeError(f"bmm: operands must be 3-D, got {xs} and {ys}")
    if x.dtype != y.dtype:
        raise ShapeError(f"bmm: operand dtypes differ ({x.dtype} vs {y.dtype})")
    if not _eq_dim(xs[0], ys[0]) or not _eq_dim(xs[2], ys[1]):
        raise ShapeError(f"bmm: shapes {xs} and {ys} do not fit")
    return [Meta((xs[0] if xs[0] != -1 else ys[0], xs[1], ys[2]), x.dtype)]


def _bmm_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, y = args[0], args[1]
    if x.ndim != 3 or y.ndim != 3 or x.shape[0] != y.shape[0] or x.shape[2] != y.shape[1]:
        raise ValueError(f"bmm: shapes {x.shape} and {y.shape} do not fit")
    return [_matmul_np(x, y, False, False)]


register(OpDef(name="pd_op.bmm", operands=("x", "y"), infer_meta=_bmm_meta, kernel=_bmm_kernel,
               pattern=PatternKind.OUT_FUSIBLE))


def _addmm_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    inp, x, y = meta_of(args[0]), meta_of(args[1]), meta_of(args[2])
    xs, ys, ins = _shape(x), _shape(y), _shape(inp)
    if len(xs) != 2 or len(ys) != 2:
        raise ShapeError(f"addmm: x and y must be 2-D, got {xs} and {ys}")
    if not _eq_dim(xs[1], ys[0]):
        raise ShapeError(f"addmm: shapes {xs} and {ys} do not fit")
    if len(ins) > 2:
        raise ShapeError(f"addmm: input must have rank <= 2, got {ins}")
    out = broadcast_dims(ins, (xs[0], ys[1]))
    return [Meta(out, x.dtype)]


def _addmm_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    inp, x, y = args
    cd = _compute_dtype(x)
    prod = _matmul_np(x, y, False, False).astype(cd)
    alpha = np.asarray(attrs.get("alpha", 1.0), dtype=cd)
    beta = np.asarray(attrs.get("beta", 1.0), dtype=cd)
    out = beta * inp.astype(cd) + alpha * prod
    return [np.asarray(out).astype(x.dtype, copy=False)]


register(OpDef(name="pd_op.addmm", operands=("input", "x", "y"), attrs=("beta", "alpha"),
               infer_meta=_addmm_meta, kernel=_addmm_kernel, pattern=PatternKind.OUT_FUSIBLE))


def _dot_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, y = meta_of(args[0]), meta_of(args[1])
    xs, ys = _shape(x), _shape(y)
    if len(xs) != len(ys) or len(xs) not in (1, 2):
        raise ShapeError(f"dot: operands must both be 1-D or 2-D, got {xs} and {ys}")
    if not all(_eq_dim(a, b) for a, b in zip(xs, ys, strict=True)):
        raise ShapeError(f"dot: shapes {xs} and {ys} differ")
    return [Meta(xs[:-1] if xs[:-1] == () or xs[0] != -1 else ys[:-1], x.dtype)]


def _dot_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, y = args
    if x.shape != y.shape or x.ndim not in (1, 2):
        raise ValueError(f"dot: shapes {x.shape} and {y.shape} do not fit")
    if x.dtype == np.bool_:
        return [np.asarray(np.any(x & y, axis=-1))]
    cd = _compute_dtype(x)
    return [np.asarray(np.sum(x.astype(cd) * y.astype(cd), axis=-1)).astype(x.dtype)]


register(OpDef(name="pd_op.dot", operands=("x", "y"), infer_meta=_dot_meta, kernel=_dot_kernel,
               pattern=PatternKind.OUT_FUSIBLE))


def _mv_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, v = meta_of(args[0]), meta_of(args[1])
    xs, vs = _shape(x), _shape(v)
    if len(xs) != 2 or len(vs) != 1 or not _eq_dim(xs[1], vs[0]):
        raise ShapeError(f"mv: shapes {xs} and {vs} do not fit")
    return [Meta((xs[0],), x.dtype)]


def _mv_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, v = args
    if x.ndim != 2 or v.ndim != 1 or x.shape[1] != v.shape[0]:
        raise ValueError(f"mv: shapes {x.shape} and {v.shape} do not fit")
    return [_matmul_np(x, v, False, False)]


register(OpDef(name="pd_op.mv", operands=("x", "vec"), infer_meta=_mv_meta, kernel=_mv_kernel,
               pattern=PatternKind.OUT_FUSIBLE))


# ---------------------------------------------------------------------------
# convolution helpers
# ---------------------------------------------------------------------------

def _pairs(v: Sequence[int], what: str) -> list[int]:
    v = [int(a) for a in v]
    if len(v) == 1:
        v = v * 2
    if len(v) != 2:
        raise ShapeError(f"{what} must have 2 elements, got {v}")
    return v


def _four_pads(paddings: Sequence[int]) -> list[int]:
    """[pad_top, pad_bottom, pad_left, pad_right] from 2 or 4 Paddle paddings."""
    p = [int(a) for a in paddings]
    if len(p) == 2:
        return [p[0], p[0], p[1], p[1]]
    if len(p) == 4:
        return p
    if len(p) == 1:
        return p * 4
    raise ShapeError(f"paddings must have 2 or 4 elements, got {p}")


def _update_pads(pads: list[int], dil: list[int], algo: str, in_hw: Sequence[int], strides: Sequence[int],
                 ksize: Sequence[int]) -> tuple[list[int], list[int]]:
    """phi::UpdatePaddingAndDilation: SAME recomputes paddings (and resets dilation to 1)."""
    pads = list(pads)
    dil = list(dil)
    if algo == "SAME":
        for i in range(2):
            if in_hw[i] < 0:
                pads[2 * i] = pads[2 * i + 1] = -1
                dil[i] = 1
                continue
            out = (in_hw[i] + strides[i] - 1) // strides[i]
            total = max((out - 1) * strides[i] + ksize[i] - in_hw[i], 0)
            pads[2 * i] = total // 2
            pads[2 * i + 1] = total - total // 2
            dil[i] = 1
    elif algo == "VALID":
        pads = [0, 0, 0, 0]
    elif algo not in ("EXPLICIT", ""):
        raise ShapeError(f"unknown padding_algorithm {algo!r}")
    return pads, dil


def _conv_out(n: int, k: int, p0: int, p1: int, s: int, d: int) -> int:
    if n < 0 or k < 0 or p0 < 0:
        return -1
    ext = d * (k - 1) + 1
    # phi::ConvOutSize uses C++ (truncating) division: a dilated kernel slightly larger
    # than the padded input still gives one output (im2col reads zeros beyond it).
    out = int((n + p0 + p1 - ext) / s) + 1
    if out <= 0:
        raise ShapeError(f"conv: output size {out} is not positive (input {n}, kernel {k}, paddings {p0},{p1})")
    return out


def _layout(attrs: Mapping[str, Any]) -> bool:
    fmt = attrs.get("data_format", "NCHW")
    if fmt in ("NCHW", "AnyLayout", "NCL", "NCDHW"):
        return False
    if fmt in ("NHWC", "NLC", "NDHWC"):
        return True
    raise ShapeError(f"unknown data_format {fmt!r}")


def _conv_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, w = meta_of(args[0]), meta_of(args[1])
    xs, ws = _shape(x), _shape(w)
    if len(xs) != 4 or len(ws) != 4:
        raise ShapeError(f"conv2d: input and filter must be 4-D, got {xs} and {ws}")
    if x.dtype != w.dtype:
        raise ShapeError(f"conv2d: input dtype {x.dtype} and filter dtype {w.dtype} differ")
    nhwc = _layout(attrs)
    n, c, h, wd = (xs[0], xs[3], xs[1], xs[2]) if nhwc else xs
    groups = int(attrs.get("groups", 1))
    if groups <= 0:
        raise ShapeError(f"conv2d: groups must be positive, got {groups}")
    if c >= 0 and ws[1] >= 0 and c != ws[1] * groups:
        raise ShapeError(f"conv2d: input channels {c} != filter channels {ws[1]} * groups {groups}")
    if ws[0] >= 0 and ws[0] % groups:
        raise ShapeError(f"conv2d: output channels {ws[0]} not divisible by groups {groups}")
    strides = _pairs(attrs["strides"], "strides")
    pads, dil = _update_pads(_four_pads(attrs["paddings"]), _pairs(attrs["dilations"], "dilations"),
                             attrs.get("padding_algorithm", "EXPLICIT"), (h, wd), strides, ws[2:])
    oh = _conv_out(h, ws[2], pads[0], pads[1], strides[0], dil[0])
    ow = _conv_out(wd, ws[3], pads[2], pads[3], strides[1], dil[1])
    out = (n, oh, ow, ws[0]) if nhwc else (n, ws[0], oh, ow)
    return [Meta(out, x.dtype)]


def _window_slices(start: int, step: int, count: int) -> slice:
    return slice(start, start + step * (count - 1) + 1, step)


def _conv2d_np(x: np.ndarray, w: np.ndarray, attrs: Mapping[str, Any]) -> np.ndarray:
    nhwc = _layout(attrs)
    xin = np.transpose(x, (0, 3, 1, 2)) if nhwc else x
    n, c, h, wd = xin.shape
    o, cg, kh, kw = w.shape
    groups = int(attrs.get("groups", 1))
    if c != cg * groups or o % groups:
        raise ValueError(f"conv2d: input {x.shape} does not fit filter {w.shape} with groups {groups}")
    strides = _pairs(attrs["strides"], "strides")
    pads, dil = _update_pads(_four_pads(attrs["paddings"]), _pairs(attrs["dilations"], "dilations"),
                             attrs.get("padding_algorithm", "EXPLICIT"), (h, wd), strides, (kh, kw))
    oh = _conv_out(h, kh, pads[0], pads[1], strides[0], dil[0])
    ow = _conv_out(wd, kw, pads[2], pads[3], strides[1], dil[1])
    if not nhwc:  # depthwise and 1x1 fast paths (pirc/runtime/heavy_ops.py); None: not applicable
        from pirc.runtime import heavy_ops

        fast = (heavy_ops.depthwise_conv2d(x, w, strides, pads, dil, (oh, ow), groups) if groups > 1
                else heavy_ops.pointwise_conv2d(x, w, strides, pads, groups))
        if fast is not None:
            return fast
    cd = _compute_dtype(x)
    # extra zeros when the last window runs past the padded input (see _conv_out)
    eh = max(0, (oh - 1) * strides[0] + dil[0] * (kh - 1) + 1 - (h + pads[0] + pads[1]))
    ew = max(0, (ow - 1) * strides[1] + dil[1] * (kw - 1) + 1 - (wd + pads[2] + pads[3]))
    xp = np.pad(xin.astype(cd, copy=False), ((0, 0), (0, 0), (pads[0], pads[1] + eh), (pads[2], pads[3] + ew)))
    cols = np.empty((n, c, kh, kw, oh, ow), dtype=cd)
    for i in range(kh):
        rs = _window_slices(i * dil[0], strides[0], oh)
        for j in range(kw):
            cols[:, :, i, j] = xp[:, :, rs, _window_slices(j * dil[1], strides[1], ow)]
    og = o // groups
    cols = cols.reshape(n, groups, cg * kh * kw, oh * ow)
    wm = w.astype(cd, copy=False).reshape(groups, og, cg * kh * kw)
    out = np.matmul(wm[None], cols).reshape(n, o, oh, ow)
    if nhwc:
        out = np.transpose(out, (0, 2, 3, 1))
    return np.ascontiguousarray(out).astype(x.dtype, copy=False)


def _conv_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    return [_conv2d_np(args[0], args[1], attrs)]


_CONV_ATTRS = ("strides", "paddings", "padding_algorithm", "dilations", "groups", "data_format")
register(OpDef(name="pd_op.conv2d", operands=("input", "filter"), attrs=_CONV_ATTRS, infer_meta=_conv_meta,
               kernel=_conv_kernel, pattern=PatternKind.OUT_FUSIBLE))
register(OpDef(name="pd_op.depthwise_conv2d", operands=("input", "filter"),
               attrs=("strides", "paddings", "padding_algorithm", "groups", "dilations", "data_format"),
               infer_meta=_conv_meta, kernel=_conv_kernel, pattern=PatternKind.OUT_FUSIBLE))


def _convt_geometry(xs: tuple[int, ...], ws: tuple[int, ...], output_size: list[int] | None,
                    attrs: Mapping[str, Any]) -> tuple[list[int], list[int], list[int], tuple[int, int]]:
    nhwc = _layout(attrs)
    h, wd = (xs[1], xs[2]) if nhwc else (xs[2], xs[3])
    strides = _pairs(attrs["strides"], "strides")
    pads, dil = _update_pads(_four_pads(attrs["paddings"]), _pairs(attrs["dilations"], "dilations"),
                             attrs.get("padding_algorithm", "EXPLICIT"), (h, wd), strides, ws[2:])
    opad = [int(a) for a in (attrs.get("output_padding") or [])]
    if opad and len(opad) != 2:
        raise ShapeError(f"conv2d_transpose: output_padding must have 2 elements, got {opad}")
    out = []
    for i, n in enumerate((h, wd)):
        if n < 0 or pads[2 * i] < 0:
            infer = -1
        else:
            infer = (n - 1) * strides[i] - pads[2 * i] - pads[2 * i + 1] + dil[i] * (ws[2 + i] - 1) + 1
        if output_size:
            o = int(output_size[i])
            if infer >= 0 and not infer <= o < infer + strides[i]:
                raise ShapeError(f"conv2d_transpose: output_size {o} must be in [{infer}, {infer + strides[i]})")
            out.append(o)
        elif opad:
            if opad[i] >= max(strides[i], dil[i]) or opad[i] < 0:
                raise ShapeError(f"conv2d_transpose: output_padding {opad[i]} must be < max(stride, dilation)")
            out.append(-1 if infer < 0 else infer + opad[i])
        else:
            out.append(infer)
        if out[-1] == 0 or out[-1] < -1:
            raise ShapeError(f"conv2d_transpose: output size {out[-1]} is not positive")
    return strides, pads, dil, (out[0], out[1])


def _convt_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, w = meta_of(args[0]), meta_of(args[1])
    xs, ws = _shape(x), _shape(w)
    if len(xs) != 4 or len(ws) != 4:
        raise ShapeError(f"conv2d_transpose: input and filter must be 4-D, got {xs} and {ws}")
    nhwc = _layout(attrs)
    c = xs[3] if nhwc else xs[1]
    groups = int(attrs.get("groups", 1))
    if c >= 0 and ws[0] >= 0 and c != ws[0]:
        raise ShapeError(f"conv2d_transpose: input channels {c} != filter dim 0 {ws[0]}")
    osize: list[int] | None = None
    if len(args) > 2 and args[2] is not None:
        osize = const_ints(args[2])
        if osize is None:
            oc = -1 if ws[1] < 0 else ws[1] * groups
            return [Meta((xs[0], -1, -1, oc) if nhwc else (xs[0], oc, -1, -1), x.dtype)]
    _, _, _, (oh, ow) = _convt_geometry(xs, ws, osize, attrs)
    oc = -1 if ws[1] < 0 else ws[1] * groups
    return [Meta((xs[0], oh, ow, oc) if nhwc else (xs[0], oc, oh, ow), x.dtype)]


def _convt_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, w = args[0], args[1]
    osize = kernel_ints(args[2]) if len(args) > 2 and args[2] is not None else []
    nhwc = _layout(attrs)
    xin = np.transpose(x, (0, 3, 1, 2)) if nhwc else x
    n, c, h, wd = xin.shape
    ci, og, kh, kw = w.shape
    groups = int(attrs.get("groups", 1))
    if c != ci or c % groups:
        raise ValueError(f"conv2d_transpose: input {x.shape} does not fit filter {w.shape} with groups {groups}")
    strides, pads, dil, (oh, ow) = _convt_geometry(x.shape, w.shape, osize, attrs)
    cd = _compute_dtype(x)
    cg = c // groups
    xm = xin.astype(cd, copy=False).reshape(n, groups, cg, h * wd)
    wm = np.swapaxes(w.astype(cd, copy=False).reshape(groups, cg, og * kh * kw), 1, 2)
    cols = np.matmul(wm[None], xm).reshape(n, groups * og, kh, kw, h, wd)
    full_h = max((h - 1) * strides[0] + dil[0] * (kh - 1) + 1, pads[0] + oh)
    full_w = max((wd - 1) * strides[1] + dil[1] * (kw - 1) + 1, pads[2] + ow)
    buf = np.zeros((n, groups * og, full_h, full_w), dtype=cd)
    for i in range(kh):
        rs = _window_slices(i * dil[0], strides[0], h)
        for j in range(kw):
            buf[:, :, rs, _window_slices(j * dil[1], strides[1], wd)] += cols[:, :, i, j]
    out = buf[:, :, pads[0]:pads[0] + oh, pads[2]:pads[2] + ow]
    if nhwc:
        out = np.transpose(out, (0, 2, 3, 1))
    return [np.ascontiguousarray(out).astype(x.dtype, copy=False)]


_CONVT_ATTRS = ("strides", "paddings", "output_padding", "padding_algorithm", "groups", "dilations", "data_format")
register(OpDef(name="pd_op.conv2d_transpose", operands=("x", "filter", "output_size"), attrs=_CONVT_ATTRS,
               infer_meta=_convt_meta, kernel=_convt_kernel, pattern=PatternKind.OUT_FUSIBLE))
register(OpDef(name="pd_op.depthwise_conv2d_transpose", operands=("x", "filter", "output_size"), attrs=_CONVT_ATTRS,
               infer_meta=_convt_meta, kernel=_convt_kernel, pattern=PatternKind.OUT_FUSIBLE))


# ---------------------------------------------------------------------------
# pooling
# ---------------------------------------------------------------------------

def _pool_out(n: int, k: int, p0: int, p1: int, s: int, ceil_mode: bool) -> int:
    if n < 0:
        return -1
    num = n - k + p0 + p1 + (s - 1 if ceil_mode else 0)
    out = int(num / s) + 1  # C++ truncating division
    if out < 0:  # Paddle accepts an empty (0) output
        raise ShapeError(f"pool2d: output size {out} is negative (input {n}, kernel {k})")
    return out


def _pool_geometry(hw: Sequence[int], ksize: Sequence[int], attrs: Mapping[str, Any],
                   algo: str) -> tuple[list[int], list[int], list[int], list[int]]:
    """Returns (kernel, strides, pads[4], out[2]) after Paddle's UpdatePadding/UpdateKernelSize."""
    ksize = _pairs(ksize, "kernel_size")
    strides = _pairs(attrs["strides"], "strides")
    if any(s <= 0 for s in strides):
        raise ShapeError(f"pool2d: strides must be positive, got {strides}")
    global_pooling = bool(attrs.get("global_pooling", False))
    adaptive = bool(attrs.get("adaptive", False))
    pads, _ = _update_pads(_four_pads(attrs["paddings"]), [1, 1], algo, hw, strides, ksize)
    if global_pooling or adaptive:
        pads = [0, 0, 0, 0]
    if global_pooling:
        ksize = [int(d) for d in hw]
    if adaptive:
        out = list(ksize)
    else:
        ceil_mode = bool(attrs.get("ceil_mode", False))
        out = [_pool_out(hw[i], ksize[i], pads[2 * i], pads[2 * i + 1], strides[i], ceil_mode) for i in range(2)]
    return ksize, strides, pads, out


def _pool_meta_common(x: Meta, ksize: list[int] | None, attrs: Mapping[str, Any], algo: str,
                      nhwc: bool) -> tuple[int, ...]:
    xs = _shape(x)
    if len(xs) != 4:
        raise ShapeError(f"pool2d: input must be 4-D, got {xs}")
    n, c, h, w = (xs[0], xs[3], xs[1], xs[2]) if nhwc else xs
    if ksize is None:
        if bool(attrs.get("global_pooling", False)):
            ksize = [h, w]
        else:
            return (n, -1, -1, c) if nhwc else (n, c, -1, -1)
    _, _, _, out = _pool_geometry((h, w), ksize, attrs, algo)
    return (n, out[0], out[1], c) if nhwc else (n, c, out[0], out[1])


def _pool2d_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if attrs.get("pooling_type") not in ("max", "avg"):
        raise ShapeError(f"pool2d: pooling_type must be 'max' or 'avg', got {attrs.get('pooling_type')!r}")
    ksize = const_ints(args[1])
    shape = _pool_meta_common(x, ksize, attrs, attrs.get("padding_algorithm", "EXPLICIT"), _layout(attrs))
    return [Meta(shape, x.dtype)]


def _windows(n: int, out: int, k: int, s: int, p0: int, adaptive: bool) -> tuple[np.ndarray, np.ndarray]:
    o = np.arange(out, dtype=np.int64)
    if adaptive:
        start = (o * n) // out
        end = -((-(o + 1) * n) // out)  # ceil
    else:
        start = o * s - p0
        end = np.minimum(start + k, n)
        start = np.maximum(start, 0)
    return start, end


def _reduce_axis(x: np.ndarray, axis: int, start: np.ndarray, end: np.ndarray, mode: str,
                 arg_in: np.ndarray | None = None, row_len: int = 0) -> tuple[np.ndarray, np.ndarray | None]:
    """Reduce x along `axis` over windows [start[o], end[o]) -> axis length len(start).

    mode: "sum", "max" (Paddle's initial value -FLT_MAX), or "argmax" (strict-greater
    update; the result index is the position along `axis`, or, with `arg_in` (the column
    already chosen along the next axis), ``position * row_len + arg_in``).
    """
    n = x.shape[axis]
    length = int(np.max(end - start)) if start.size else 0
    shape = list(x.shape)
    shape[axis] = start.size
    bshape = [1] * x.ndim
    bshape[axis] = start.size
    if mode == "sum":
        acc = np.zeros(shape, dtype=x.dtype)
    else:
        low = np.finfo(x.dtype).min if np.issubdtype(x.dtype, np.floating) else np.iinfo(x.dtype).min
        acc = np.full(shape, low, dtype=x.dtype)
    arg = np.full(shape, -1, dtype=np.int64) if mode == "argmax" else None
    for t in range(length):
        idx = start + t
        valid = (idx < end).reshape(bshape)
        take = np.minimum(idx, max(n - 1, 0))
        vals = np.take(x, take, axis=axis)
        if mode == "sum":
            acc += np.where(valid, vals, 0)
        elif mode == "max":
            acc = np.where(valid, np.maximum(acc, vals), acc)
        else:
            upd = valid & (vals > acc)
            acc = np.where(upd, vals, acc)
            if arg_in is None:
                pos = np.broadcast_to(idx.reshape(bshape), shape)
            else:
                pos = np.take(arg_in, take, axis=axis) + (idx * row_len).reshape(bshape)
            arg = np.where(upd, pos, arg)
    return acc, arg


def _pool_np(x: np.ndarray, ksize: list[int], attrs: Mapping[str, Any], algo: str, kind: str,
             nhwc: bool) -> tuple[np.ndarray, np.ndarray | None]:
    xin = np.transpose(x, (0, 3, 1, 2)) if nhwc else x
    h, w = xin.shape[2], xin.shape[3]
    ks, strides, pads, out = _pool_geometry((h, w), ksize, attrs, algo)
    adaptive = bool(attrs.get("adaptive", False))
    # Paddle's pool2d kernel calls its max functor with adaptive=false: with
    # pooling_type "max" and adaptive=true the output has the adaptive size (= kernel
    # size) but the windows are the ordinary kernel_size/strides windows.
    win_adaptive = adaptive and kind != "max"
    if kind == "avg" and not nhwc and out == [1, 1] and (adaptive or bool(attrs.get("global_pooling", False))):
        from pirc.runtime.heavy_ops import global_avg_pool  # the mean over H, W (no window loop)

        return global_avg_pool(xin.astype(_compute_dtype(x), copy=False)).astype(x.dtype, copy=False), None
    hs, he = _windows(h, out[0], ks[0], strides[0], pads[0], win_adaptive)
    ws, we = _windows(w, out[1], ks[1], strides[1], pads[2], win_adaptive)
    cd = _compute_dtype(x)
    xc = xin.astype(cd, copy=False)
    mask = None
    if kind == "avg":
        s1, _ = _reduce_axis(xc, 3, ws, we, "sum")
        s2, _ = _reduce_axis(s1, 2, hs, he, "sum")
        if bool(attrs.get("exclusive", True)) or adaptive:
            cnt = np.outer(he - hs, we - ws).astype(cd)
        else:
            # Paddle's count for exclusive=false: the window end clipped to
            # input + *leading* padding (Paddle uses paddings[0]/[2] on both sides),
            # the start not clipped at 0.
            def incl(n: int, o: int, k: int, s: int, p0: int) -> np.ndarray:
                st = np.arange(o, dtype=np.int64) * s - p0
                return np.minimum(st + k, n + p0) - st
            cnt = np.outer(incl(h, out[0], ks[0], strides[0], pads[0]),
                           incl(w, out[1], ks[1], strides[1], pads[2])).astype(cd)
        with np.errstate(divide="ignore", invalid="ignore"):
            res = s2 / cnt
    elif kind == "max":
        from pirc.runtime.heavy_ops import max_pool2d  # one pass in C (None: not applicable)

        fast = None if nhwc else max_pool2d(xc, ks, strides, pads, out)
        if fast is not None:
            res = fast
        else:
            m1, _ = _reduce_axis(xc, 3, ws, we, "max")
            res, _ = _reduce_axis(m1, 2, hs, he, "max")
    else:  # max with index
        m1, a1 = _reduce_axis(xc, 3, ws, we, "argmax")
        res, mask = _reduce_axis(m1, 2, hs, he, "argmax", arg_in=a1, row_len=w)
        mask = mask.astype(np.int32)
    if nhwc:
        res = np.transpose(res, (0, 2, 3, 1))
        if mask is not None:
            mask = np.transpose(mask, (0, 2, 3, 1))
    return np.ascontiguousarray(res).astype(x.dtype, copy=False), (
        None if mask is None else np.ascontiguousarray(mask))


def _pool2d_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    if x.ndim != 4:
        raise ValueError(f"pool2d: input must be 4-D, got {x.shape}")
    kind = attrs.get("pooling_type")
    if kind not in ("max", "avg"):
        raise ValueError(f"pool2d: unknown pooling_type {kind!r}")
    res, _ = _pool_np(x, kernel_ints(args[1]), attrs, attrs.get("padding_algorithm", "EXPLICIT"), kind,
                      _layout(attrs))
    return [res]


register(OpDef(name="pd_op.pool2d", operands=("x", "kernel_size"),
               attrs=("strides", "paddings", "ceil_mode", "exclusive", "data_format", "pooling_type",
                      "global_pooling", "adaptive", "padding_algorithm"),
               infer_meta=_pool2d_meta, kernel=_pool2d_kernel, pattern=PatternKind.NON_FUSIBLE))


def _max_pool_idx_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    shape = _pool_meta_common(x, list(attrs["kernel_size"]), attrs, "EXPLICIT", False)
    return [Meta(shape, x.dtype), Meta(shape, "int32")]


def _max_pool_idx_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    if x.ndim != 4:
        raise ValueError(f"max_pool2d_with_index: input must be 4-D, got {x.shape}")
    res, mask = _pool_np(x, list(attrs["kernel_size"]), attrs, "EXPLICIT", "argmax", False)
    assert mask is not None
    return [res, mask]


register(OpDef(name="pd_op.max_pool2d_with_index", operands=("x",),
               attrs=("kernel_size", "strides", "paddings", "global_pooling", "adaptive", "ceil_mode"),
               results=("out", "mask"), infer_meta=_max_pool_idx_meta, kernel=_max_pool_idx_kernel,
               pattern=PatternKind.NON_FUSIBLE))


# ---------------------------------------------------------------------------
# normalisation
# ---------------------------------------------------------------------------

def _channel_axis(rank: int, attrs: Mapping[str, Any]) -> int:
    if rank < 2:
        raise ShapeError(f"normalisation input must have rank >= 2, got {rank}")
    return rank - 1 if _layout(attrs) else 1


def _check_vec(m: MetaArg, c: int, name: str, what: str) -> None:
    if m is None:
        return
    s = _shape(meta_of(m))
    if len(s) != 1:
        raise ShapeError(f"{what}: {name} must be 1-D, got {s}")
    if c >= 0 and s[0] >= 0 and s[0] != c:
        raise ShapeError(f"{what}: {name} has {s[0]} elements, expected {c}")


def _batch_norm_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    xs = _shape(x)
    if not 2 <= len(xs) <= 5:
        raise ShapeError(f"batch_norm: input rank must be 2..5, got {xs}")
    c = xs[_channel_axis(len(xs), attrs)]
    for i, name in enumerate(("mean", "variance", "scale", "bias"), 1):
        if i < 3 and (len(args) <= i or args[i] is None):
            raise ShapeError(f"batch_norm: {name} is required")
        _check_vec(args[i] if len(args) > i else None, c, name, "batch_norm")
    mean, var = meta_of(args[1]), meta_of(args[2])
    sd = _stat_dtype(x.dtype)
    return [Meta(xs, x.dtype), Meta(_shape(mean), mean.dtype), Meta(_shape(var), var.dtype),
            Meta((c,), sd), Meta((c,), sd), Meta((-1,), "uint8")]


def _bshape(rank: int, axis: int) -> list[int]:
    s = [1] * rank
    s[axis] = -1
    return s


def _batch_norm_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, mean, var = args[0], args[1], args[2]
    scale = args[3] if len(args) > 3 else None
    bias = args[4] if len(args) > 4 else None
    axis = _channel_axis(x.ndim, attrs)
    c = x.shape[axis]
    cd = _compute_dtype(x)
    eps = float(attrs.get("epsilon", 1e-5))
    momentum = float(attrs.get("momentum", 0.9))
    test_mode = bool(attrs.get("is_test", False)) and not bool(attrs.get("trainable_statistics", False))
    global_stats = test_mode or bool(attrs.get("use_global_stats", False))
    sd = np.dtype(cd)
    xc = x.astype(cd, copy=False)
    bs = _bshape(x.ndim, axis)
    red = tuple(i for i in range(x.ndim) if i != axis)
    if global_stats:
        m = mean.astype(cd)
        inv_std = (1.0 / np.sqrt(var.astype(cd) + np.asarray(eps, cd))).astype(cd)
        mean_out, var_out = mean.copy(), var.copy()
        saved_mean = np.zeros((c,), sd)
        saved_var = np.zeros((c,), sd)
    else:
        if x.size // c == 1:
            return [x.copy(), mean.copy(), var.copy(), np.zeros((c,), sd), np.zeros((c,), sd),
                    np.zeros((0,), np.uint8)]
        m = xc.mean(axis=red, dtype=np.float64).astype(cd)
        v = ((xc - m.reshape(bs)) ** 2).mean(axis=red, dtype=np.float64).astype(cd)
        mom, rest = np.asarray(momentum, mean.dtype), np.asarray(1 - momentum, mean.dtype)
        mean_out = mean * mom + m.astype(mean.dtype) * rest
        var_out = var * mom.astype(var.dtype) + v.astype(var.dtype) * rest.astype(var.dtype)
        inv_std = (1.0 / np.sqrt(v + np.asarray(eps, cd))).astype(cd)
        saved_mean, saved_var = m.astype(sd), inv_std.astype(sd)
    y = (xc - m.reshape(bs)) * inv_std.reshape(bs)
    if scale is not None:
        y = y * scale.astype(cd).reshape(bs)
    if bias is not None:
        y = y + bias.astype(cd).reshape(bs)
    return [y.astype(x.dtype, copy=False), np.asarray(mean_out), np.asarray(var_out), saved_mean, saved_var,
            np.zeros((0,), np.uint8)]


_BN_ATTRS = ("is_test", "momentum", "epsilon", "data_format", "use_global_stats", "trainable_statistics")
_BN_RESULTS = ("out", "mean_out", "variance_out", "saved_mean", "saved_variance", "reserve_space")
register(OpDef(name="pd_op.batch_norm", operands=("x", "mean", "variance", "scale?", "bias?"), attrs=_BN_ATTRS,
               results=_BN_RESULTS, infer_meta=_batch_norm_meta, kernel=_batch_norm_kernel,
               pattern=PatternKind.NON_FUSIBLE, loose_results=frozenset({3, 4})))
register(OpDef(name="pd_op.batch_norm_", operands=("x", "mean", "variance", "scale?", "bias?"), attrs=_BN_ATTRS,
               results=_BN_RESULTS, infer_meta=_batch_norm_meta, kernel=_batch_norm_kernel,
               pattern=PatternKind.NON_FUSIBLE, traits=frozenset({"inplace"}), inplace={1: 1, 2: 2},
               loose_results=frozenset({3, 4})))  # saved_mean/variance: the translator types them as declared


def _normalize_rows(x2: np.ndarray, eps: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(x - mean) / sqrt(var + eps) over the last axis, in x2's dtype; statistics are
    accumulated in float64 and returned as float64 (biased variance)."""
    m = x2.mean(axis=-1, dtype=np.float64)
    d = x2 - m.astype(x2.dtype)[..., None]
    v = np.mean(np.square(d), axis=-1, dtype=np.float64)
    inv = (1.0 / np.sqrt(v + eps)).astype(x2.dtype)
    return d * inv[..., None], m, v


def _layer_norm_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    xs = _shape(x)
    b = int(attrs.get("begin_norm_axis", 1))
    if not 0 < b < len(xs):  # Paddle: begin_norm_axis > 0 and < rank
        raise ShapeError(f"layer_norm: begin_norm_axis {attrs.get('begin_norm_axis')} out of range for {xs}")
    right = xs[b:]
    n = -1 if any(d < 0 for d in right) else int(np.prod(right, dtype=np.int64))
    for i, name in ((1, "scale"), (2, "bias")):
        _check_vec(args[i] if len(args) > i else None, n, name, "layer_norm")
    sd = _stat_dtype(x.dtype)
    return [Meta(xs, x.dtype), Meta(xs[:b], sd), Meta(xs[:b], sd)]


def _layer_norm_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    scale = args[1] if len(args) > 1 else None
    bias = args[2] if len(args) > 2 else None
    b = int(attrs.get("begin_norm_axis", 1))
    if not 0 < b < x.ndim:
        raise ValueError(f"layer_norm: begin_norm_axis {b} out of range for rank {x.ndim}")
    eps = float(attrs.get("epsilon", 1e-5))
    cd = _compute_dtype(x)
    lead = x.shape[:b]
    x2 = x.astype(cd, copy=False).reshape(int(np.prod(lead, dtype=np.int64)), -1)
    y, m, v = _normalize_rows(x2, eps)
    if scale is not None:
        y = y * scale.astype(cd, copy=False).reshape(1, -1)
    if bias is not None:
        y = y + bias.astype(cd, copy=False).reshape(1, -1)
    sd = np.dtype(cd)
    return [y.astype(x.dtype, copy=False).reshape(x.shape), m.astype(sd).reshape(lead), v.astype(sd).reshape(lead)]


register(OpDef(name="pd_op.layer_norm", operands=("x", "scale?", "bias?"), attrs=("epsilon", "begin_norm_axis"),
               results=("out", "mean", "variance"), infer_meta=_layer_norm_meta, kernel=_layer_norm_kernel,
               pattern=PatternKind.NON_FUSIBLE))


def _group_norm_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    xs = _shape(x)
    if len(xs) < 2:
        raise ShapeError(f"group_norm: input rank must be >= 2, got {xs}")
    c = xs[_channel_axis(len(xs), attrs)]
    g = int(attrs["groups"])
    if g <= 0 or (c >= 0 and c % g):
        raise ShapeError(f"group_norm: channels {c} not divisible by groups {g}")
    for i, name in ((1, "scale"), (2, "bias")):
        _check_vec(args[i] if len(args) > i else None, c, name, "group_norm")
    sd = _stat_dtype(x.dtype)
    return [Meta(xs, x.dtype), Meta((xs[0], g), sd), Meta((xs[0], g), sd)]


def _group_norm_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    scale = args[1] if len(args) > 1 else None
    bias = args[2] if len(args) > 2 else None
    g = int(attrs["groups"])
    eps = float(attrs.get("epsilon", 1e-5))
    axis = _channel_axis(x.ndim, attrs)
    xin = np.moveaxis(x, axis, 1) if axis != 1 else x
    n, c = xin.shape[:2]
    if c % g:
        raise ValueError(f"group_norm: channels {c} not divisible by groups {g}")
    cd = _compute_dtype(x)
    y, m, v = _normalize_rows(xin.astype(cd, copy=False).reshape(n, g, -1), eps)
    y = y.reshape(xin.shape)
    bs = [1, c] + [1] * (x.ndim - 2)
    if scale is not None:
        y = y * scale.astype(cd, copy=False).reshape(bs)
    if bias is not None:
        y = y + bias.astype(cd, copy=False).reshape(bs)
    if axis != 1:
        y = np.moveaxis(y, 1, axis)
    sd = np.dtype(cd)
    return [np.ascontiguousarray(y).astype(x.dtype, copy=False), m.astype(sd), v.astype(sd)]


register(OpDef(name="pd_op.group_norm", operands=("x", "scale?", "bias?"), attrs=("epsilon", "groups", "data_format"),
               results=("y", "mean", "variance"), infer_meta=_group_norm_meta, kernel=_group_norm_kernel,
               pattern=PatternKind.NON_FUSIBLE))


def _instance_norm_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    xs = _shape(x)
    if not 2 <= len(xs) <= 5:
        raise ShapeError(f"instance_norm: input rank must be 2..5, got {xs}")
    c = xs[1]
    for i, name in ((1, "scale"), (2, "bias")):
        _check_vec(args[i] if len(args) > i else None, c, name, "instance_norm")
    nc = -1 if xs[0] < 0 or c < 0 else xs[0] * c
    sd = _stat_dtype(x.dtype)
    return [Meta(xs, x.dtype), Meta((nc,), sd), Meta((nc,), sd)]


def _instance_norm_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    scale = args[1] if len(args) > 1 else None
    bias = args[2] if len(args) > 2 else None
    eps = float(attrs.get("epsilon", 1e-5))
    n, c = x.shape[:2]
    cd = _compute_dtype(x)
    y, m, v = _normalize_rows(x.astype(cd, copy=False).reshape(n, c, -1), eps)
    if scale is not None:
        y = y * scale.astype(cd, copy=False).reshape(1, c, 1)
    if bias is not None:
        y = y + bias.astype(cd, copy=False).reshape(1, c, 1)
    sd = np.dtype(cd)
    inv = 1.0 / np.sqrt(v + eps)
    return [y.reshape(x.shape).astype(x.dtype, copy=False), m.reshape(-1).astype(sd), inv.reshape(-1).astype(sd)]


register(OpDef(name="pd_op.instance_norm", operands=("x", "scale?", "bias?"), attrs=("epsilon",),
               results=("y", "saved_mean", "saved_variance"), infer_meta=_instance_norm_meta,
               kernel=_instance_norm_kernel, pattern=PatternKind.NON_FUSIBLE))


# ---------------------------------------------------------------------------
# dropout
# ---------------------------------------------------------------------------

def _dropout_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    mode = attrs.get("mode", "upscale_in_train")
    if mode not in ("upscale_in_train", "downgrade_in_infer"):
        raise ShapeError(f"dropout: unknown mode {mode!r}")
    return [Meta(x.shape, x.dtype), Meta(x.shape, "uint8")]


def _dropout_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    p_arg = args[2] if len(args) > 2 else None
    p = float(np.asarray(p_arg).reshape(-1)[0]) if p_arg is not None else float(attrs.get("p", 0.5))
    mode = attrs.get("mode", "upscale_in_train")
    upscale = mode == "upscale_in_train"
    cd = _compute_dtype(x)
    if bool(attrs.get("is_test", False)):
        out = x.copy() if upscale else (x.astype(cd) * np.asarray(1.0 - p, cd)).astype(x.dtype)
        return [out, np.zeros(x.shape, np.uint8)]
    seed_t = args[1] if len(args) > 1 else None
    if seed_t is not None:
        rng = np.random.default_rng(int(np.asarray(seed_t).reshape(-1)[0]))
    elif bool(attrs.get("fix_seed", False)):
        rng = np.random.default_rng(int(attrs.get("seed", 0)))
    else:
        rng = np.random.default_rng()
    if p >= 1.0:
        mask = np.zeros(x.shape, np.uint8)
    else:
        mask = (rng.random(x.shape) >= p).astype(np.uint8)
    xm = x.astype(cd) * mask
    if upscale and p < 1.0:
        xm = xm / np.asarray(1.0 - p, cd)
    return [xm.astype(x.dtype), mask]


_DROPOUT_ATTRS = ("is_test", "mode", "seed", "fix_seed")
register(OpDef(name="pd_op.dropout", operands=("x", "seed_tensor?", "p"), attrs=_DROPOUT_ATTRS,
               results=("out", "mask"), infer_meta=_dropout_meta, kernel=_dropout_kernel,
               pattern=PatternKind.NON_FUSIBLE))
register(OpDef(name="pd_op.dropout_", operands=("x", "seed_tensor?", "p"), attrs=_DROPOUT_ATTRS,
               results=("out", "mask"), infer_meta=_dropout_meta, kernel=_dropout_kernel,
               pattern=PatternKind.NON_FUSIBLE, traits=frozenset({"inplace"}), inplace={0: 0}))


# ---------------------------------------------------------------------------
# embedding
# ---------------------------------------------------------------------------

def _embedding_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    ids, w = meta_of(args[0]), meta_of(args[1])
    if ids.dtype not in ("int32", "int64"):
        raise ShapeError(f"embedding: ids must be int32 or int64, got {ids.dtype}")
    ws = _shape(w)
    if len(ws) != 2:
        raise ShapeError(f"embedding: weight must be 2-D, got {ws}")
    if ids.shape is None:
        return [Meta(None, w.dtype)]
    return [Meta(ids.shape + (ws[1],), w.dtype)]


def _embedding_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    ids, w = np.asarray(args[0]), args[1]
    v = w.shape[0]
    if ids.size and (ids.min() < 0 or ids.max() >= v):
        raise IndexError(f"embedding: ids must be in [0, {v})")
    out = w[ids]
    pad = int(attrs.get("padding_idx", -1))
    if pad != -1:
        if pad < 0:
            pad += v
        out[ids == pad] = 0
    return [out]


register(OpDef(name="pd_op.embedding", operands=("x", "weight"), attrs=("padding_idx", "sparse"),
               infer_meta=_embedding_meta, kernel=_embedding_kernel, pattern=PatternKind.NON_FUSIBLE))


# ---------------------------------------------------------------------------
# topk (with a faithful emulation of libstdc++'s partial_sort / nth_element / sort)
# ---------------------------------------------------------------------------

def _topk_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    xs = _shape(x)
    k = const_int(args[1])
    if len(xs) == 0:
        if k is not None and k not in (0, 1):
            raise ShapeError(f"topk: k must be 1 for a 0-D input, got {k}")
        return [Meta((), x.dtype), Meta((), "int64")]
    axis = normalize_axis(int(attrs.get("axis", -1)), len(xs))
    if k is not None:
        if k < 1:
            raise ShapeError(f"topk: k must be >= 1, got {k}")
        if xs[axis] >= 0 and k > xs[axis]:
            raise ShapeError(f"topk: k {k} exceeds dim {xs[axis]}")
    out = list(xs)
    out[axis] = -1 if k is None else k
    return [Meta(tuple(out), x.dtype), Meta(tuple(out), "int64")]


class _StdAlgo:
    """libstdc++'s sort/partial_sort/nth_element on a Python list with a strict-less `comp`."""

    def __init__(self, comp: Any) -> None:
        self.comp = comp

    # -- heap (stl_heap.h) --
    def _push_heap(self, a: list, first: int, hole: int, top: int, value: Any) -> None:
        parent = (hole - 1) // 2
        while hole > top and self.comp(a[first + parent], value):
            a[first + hole] = a[first + parent]
            hole = parent
            parent = (hole - 1) // 2
        a[first + hole] = value

    def _adjust_heap(self, a: list, first: int, hole: int, length: int, value: Any) -> None:
        top = hole
        child = hole
        while child < (length - 1) // 2:
            child = 2 * (child + 1)
            if self.comp(a[first + child], a[first + child - 1]):
                child -= 1
            a[first + hole] = a[first + child]
            hole = child
        if (length & 1) == 0 and child == (length - 2) // 2:
            child = 2 * (child + 1)
            a[first + hole] = a[first + child - 1]
            hole = child - 1
        self._push_heap(a, first, hole, top, value)

    def _make_heap(self, a: list, first: int, last: int) -> None:
        length = last - first
        if length < 2:
            return
        parent = (length - 2) // 2
        while True:
            self._adjust_heap(a, first, parent, length, a[first + parent])
            if parent == 0:
                return
            parent -= 1

    def _pop_heap(self, a: list, first: int, last: int, result: int) -> None:
        value = a[result]
        a[result] = a[first]
        self._adjust_heap(a, first, 0, last - first, value)

    def _heap_select(self, a: list, first: int, middle: int, last: int) -> None:
        self._make_heap(a, first, middle)
        for i in range(middle, last):
            if self.comp(a[i], a[first]):
                self._pop_heap(a, first, middle, i)

    def _sort_heap(self, a: list, first: int, last: int) -> None:
        while last - first > 1:
            last -= 1
            self._pop_heap(a, first, last, last)

    def partial_sort(self, a: list, first: int, middle: int, last: int) -> None:
        self._heap_select(a, first, middle, last)
        self._sort_heap(a, first, middle)

    # -- sort (stl_algo.h) --
    def _move_median_to_first(self, a: list, result: int, x: int, y: int, z: int) -> None:
        c = self.comp
        if c(a[x], a[y]):
            if c(a[y], a[z]):
                m = y
            elif c(a[x], a[z]):
                m = z
            else:
                m = x
        elif c(a[x], a[z]):
            m = x
        elif c(a[y], a[z]):
            m = z
        else:
            m = y
        a[result], a[m] = a[m], a[result]

    def _unguarded_partition(self, a: list, first: int, last: int, pivot: int) -> int:
        c = self.comp
        while True:
            while c(a[first], a[pivot]):
                first += 1
            last -= 1
            while c(a[pivot], a[last]):
                last -= 1
            if not first < last:
                return first
            a[first], a[last] = a[last], a[first]
            first += 1

    def _partition_pivot(self, a: list, first: int, last: int) -> int:
        mid = first + (last - first) // 2
        self._move_median_to_first(a, first, first + 1, mid, last - 1)
        return self._unguarded_partition(a, first + 1, last, first)

    def _unguarded_linear_insert(self, a: list, last: int) -> None:
        val = a[last]
        nxt = last - 1
        while self.comp(val, a[nxt]):
            a[last] = a[nxt]
            last = nxt
            nxt -= 1
        a[last] = val

    def _insertion_sort(self, a: list, first: int, last: int) -> None:
        if first == last:
            return
        for i in range(first + 1, last):
            if self.comp(a[i], a[first]):
                val = a[i]
                a[first + 1:i + 1] = a[first:i]
                a[first] = val
            else:
                self._unguarded_linear_insert(a, i)

    def _introsort_loop(self, a: list, first: int, last: int, depth: int) -> None:
        while last - first > 16:
            if depth == 0:
                self.partial_sort(a, first, last, last)
                return
            depth -= 1
            cut = self._partition_pivot(a, first, last)
            self._introsort_loop(a, cut, last, depth)
            last = cut

    def sort(self, a: list, first: int, last: int) -> None:
        if last - first < 2:
            return
        self._introsort_loop(a, first, last, 2 * ((last - first).bit_length() - 1))
        if last - first > 16:
            self._insertion_sort(a, first, first + 16)
            for i in range(first + 16, last):
                self._unguarded_linear_insert(a, i)
        else:
            self._insertion_sort(a, first, last)

    def nth_element(self, a: list, first: int, nth: int, last: int) -> None:
        if first == last or nth == last:
            return
        depth = 2 * ((last - first).bit_length() - 1)
        while last - first > 3:
            if depth == 0:
                self._heap_select(a, first, nth + 1, last)
                a[first], a[nth] = a[nth], a[first]
                return
            depth -= 1
            cut = self._partition_pivot(a, first, last)
            if cut <= nth:
                first = cut
            else:
                last = cut
        self._insertion_sort(a, first, last)


def _topk_row_exact(row: np.ndarray, k: int, largest: bool, sorted_: bool) -> list[int]:
    vals = row.tolist()
    isnan = [v != v for v in vals]
    if largest:
        def comp(l: int, r: int) -> bool:
            return (isnan[l] and not isnan[r]) or vals[l] > vals[r]
    else:
        def comp(l: int, r: int) -> bool:
            return (not isnan[l] and isnan[r]) or vals[l] < vals[r]
    algo = _StdAlgo(comp)
    n = len(vals)
    a = list(range(n))
    if k * 64 < n:
        algo.partial_sort(a, 0, k, n)
    else:
        algo.nth_element(a, 0, k - 1, n)
        if sorted_:
            algo.sort(a, 0, k - 1)
    return a[:k]


def _topk_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    k = kernel_int(args[1])
    largest = bool(attrs.get("largest", True))
    sorted_ = bool(attrs.get("sorted", True))
    if x.ndim == 0:
        if k != 1:
            raise ValueError(f"topk: k must be 1 for a 0-D input, got {k}")
        return [x.copy(), np.zeros((), np.int64)]
    axis = normalize_axis(int(attrs.get("axis", -1)), x.ndim)
    n = x.shape[axis]
    if not 1 <= k <= n:
        raise ValueError(f"topk: k {k} out of range [1, {n}]")
    xt = np.moveaxis(x, axis, -1)
    rows = xt.reshape(-1, n)
    # Vectorised order: NaN first for largest, NaN last for smallest; ties by index.
    if np.issubdtype(rows.dtype, np.floating):
        nan = np.isnan(rows)
        keyv = np.where(nan, 0, rows)
        neg = -keyv
    else:
        nan = np.zeros(rows.shape, bool)
        keyv = rows.astype(np.int8) if rows.dtype == np.bool_ else rows
        neg = ~keyv  # order-reversing without overflow (also for unsigned)
    if largest:
        keyv = neg
        order = np.lexsort((np.broadcast_to(np.arange(n), rows.shape), keyv, ~nan), axis=-1)
    else:
        order = np.lexsort((np.broadcast_to(np.arange(n), rows.shape), keyv, nan), axis=-1)
    idx = np.ascontiguousarray(order[:, :k])
    # Rows whose output order is not fixed by the values alone: emulate libstdc++.
    # Only ties among the first k+1 sorted values can change the output.
    srt = np.take_along_axis(rows, order[:, :min(k + 1, n)], axis=-1)
    same = srt[:, 1:] == srt[:, :-1]
    if np.issubdtype(rows.dtype, np.floating):
        same |= np.isnan(srt[:, 1:]) & np.isnan(srt[:, :-1])
    dup = np.any(same, axis=-1)
    need = dup | (not sorted_ and k * 64 >= n)
    for r in np.nonzero(need)[0]:
        idx[r] = _topk_row_exact(rows[r], k, largest, sorted_)
    vals = np.take_along_axis(rows, idx, axis=-1)
    out_shape = xt.shape[:-1] + (k,)
    vals = np.moveaxis(vals.reshape(out_shape), -1, axis)
    ids = np.moveaxis(idx.astype(np.int64).reshape(out_shape), -1, axis)
    return [np.ascontiguousarray(vals), np.ascontiguousarray(ids)]


register(OpDef(name="pd_op.topk", operands=("x", "k"), attrs=("axis", "largest", "sorted"),
               results=("out", "indices"), infer_meta=_topk_meta, kernel=_topk_kernel,
               pattern=PatternKind.NON_FUSIBLE))


# ---------------------------------------------------------------------------
# nearest_interp / bilinear_interp
# ---------------------------------------------------------------------------
#
# Paddle 3.3.1 (phi InterpolateInferMeta + the CPU interpolate kernel), reproduced here:
#
# * operands x, out_size? (1-D int32 tensor), size_tensor[]? (one 1-element int32 tensor per
#   spatial dim), scale_tensor? (float32, 1 value for all dims or one per dim); attributes
#   data_format, out_d/out_h/out_w, scale (list[float]), interp_method, align_corners,
#   align_mode.  The op's kernel dispatches on ``interp_method`` (and the rank), not on the
#   op's name: rank 3 allows "linear", rank 4 "bilinear"/"nearest"/"bicubic", rank 5
#   "trilinear"/"nearest".
# * Layout: channel-first only when data_format is exactly "NCHW" (Python passes "NCHW"
#   for NCW/NCHW/NCDHW inputs); any other string -- including "NCDHW" -- is treated as
#   channel-last by both the shape rule and the kernel, as Paddle does.
# * Result size (runtime): size_tensor if given; else from scale_tensor or the scale
#   attribute (which needs one value per spatial dim, all > 0): out = int(in * scale);
#   else the out_d/h/w attributes; out_size (when given) then overrides.  Every
#   size must be > 0.  When nothing changes (in == out on every spatial dim) x is copied.
# * Compile time (the printed type): size_tensor -> the out_* attributes; scale_tensor ->
#   -1; scale attribute -> int(in * scale), -1 if that is <= 0; otherwise the out_*
#   attributes (out_size is not looked at: Python sets the attributes to -1 with it).
# * Source coordinates, per spatial dim with in -> out (float32 arithmetic as in C++):
#   ratio (float32) = 0 if out == 1; else (in-1)/(out-1) with align_corners; else 1/scale
#   when a scale was given (even if out_size overrode the size), else in/out.  The scale
#   attribute is a list of doubles: out = int(in * scale) in double (10 * 0.7 -> 7), while
#   scale_tensor values are float32 (10 * float32(0.7) -> 6).
#   nearest: src = int(ratio*k + 0.5) with align_corners, else int(ratio*k).
#   linear/bilinear: with align_mode == 0 and not align_corners ("half pixel"):
#   i0 = int(ratio*(k+0.5)-0.5) (truncated toward zero, then >= 0), weight
#   d = max(ratio*(k+0.5)-0.5, 0) - i0; otherwise i0 = int(ratio*k), d = ratio*k - i0;
#   i1 = min(i0+1, in-1).  Fitted bit-exactly to the weights Paddle 3.3.1 applies: the
#   height source is computed in double (as written in C++), the width source in float32
#   with a rounding after each operation.  The weights are float32 even for float64 data;
#   bilinear is x[n,w]*ds*de + x[s,w]*dn*de + x[n,e]*ds*dw + x[s,e]*dn*dw in that order.
#   Integer (uint8) data are interpolated in float and truncated back.
#   A nearest source index past the input (possible when out_size overrides a scale) is
#   clamped to the last row here; Paddle reads out of bounds.

_INTERP_METHODS = {3: ("linear",), 4: ("bilinear", "nearest", "bicubic"), 5: ("trilinear", "nearest")}
_INTERP_ATTRS = ("data_format", "out_d", "out_h", "out_w", "scale", "interp_method", "align_corners", "align_mode")


def _interp_spatial_axes(rank: int, attrs: Mapping[str, Any]) -> list[int]:
    if attrs.get("data_format", "NCHW") == "NCHW":
        return list(range(2, rank))
    return list(range(1, rank - 1))


def _interp_check(rank: int, method: str) -> None:
    allowed = _INTERP_METHODS.get(rank)
    if allowed is None:
        raise ShapeError(f"interpolate: input must be 3-D, 4-D or 5-D, got rank {rank}")
    if method not in allowed:
        raise ShapeError(f"interpolate: method {method!r} is not allowed for a {rank}-D input "
                         f"(allowed: {', '.join(allowed)})")


def _interp_attr_sizes(attrs: Mapping[str, Any], n: int) -> list[int]:
    return [int(attrs.get(k, -1)) for k in ("out_d", "out_h", "out_w")][3 - n:]


def _interp_scales(scale: Sequence[float], n: int, what: str) -> list[float]:
    # the scale attribute is a list of doubles; scale_tensor holds float32 values
    vals = [float(v) for v in scale]
    if len(vals) == 1 and what == "tensor":
        vals = vals * n
    if len(vals) < n:
        raise ShapeError(f"interpolate: the scale {what} needs {n} values, got {len(vals)}")
    vals = vals[:n]
    if any(not v > 0 for v in vals):
        raise ShapeError(f"interpolate: every scale must be > 0, got {vals}")
    return vals


def _scaled(dim: int, s: float) -> int:
    return int(dim * s)  # double arithmetic: in = 10, scale = 0.7 gives 7


def _interp_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    method = str(attrs.get("interp_method", "bilinear"))
    if x.shape is None:
        return [Meta(None, x.dtype)]
    rank = len(x.shape)
    _interp_check(rank, method)
    n = rank - 2
    axes = _interp_spatial_axes(rank, attrs)
    size_tensor = args[2] if len(args) > 2 else None
    scale_tensor = args[3] if len(args) > 3 else None
    if isinstance(size_tensor, list) and size_tensor:
        if len(size_tensor) != n:
            raise ShapeError(f"interpolate: size_tensor must hold {n} tensors for a {rank}-D input, "
                             f"got {len(size_tensor)}")
        out = _interp_attr_sizes(attrs, n)
    elif isinstance(scale_tensor, Meta):
        st = scale_tensor.shape
        if st is not None and (len(st) > 1 or (len(st) == 1 and st[0] not in (1, n, -1))):
            raise ShapeError(f"interpolate: scale_tensor must have 1 or {n} values, got shape {list(st)}")
        out = [-1] * n
    elif list(attrs.get("scale", [])):
        scales = _interp_scales(attrs.get("scale", []), n, "attribute")
        out = [_scaled(x.shape[a], s) for a, s in zip(axes, scales, strict=True)]
        out = [o if o > 0 else -1 for o in out]
    else:
        out = _interp_attr_sizes(attrs, n)
    shape = list(x.shape)
    for a, o in zip(axes, out, strict=True):
        shape[a] = o
    return [Meta(tuple(shape), x.dtype)]


def _interp_runtime_sizes(x: np.ndarray, args: Sequence[KernelArg], attrs: Mapping[str, Any],
                          axes: list[int]) -> tuple[list[int], list[float]]:
    n = len(axes)
    ins = [x.shape[a] for a in axes]
    size_tensor = args[2] if len(args) > 2 else None
    scale_tensor = args[3] if len(args) > 3 else None
    scales = [-1.0] * n
    if isinstance(size_tensor, list) and size_tensor:
        out = kernel_ints(size_tensor)
        if len(out) != n:
            raise ValueError(f"interpolate: size_tensor gives {len(out)} sizes for {n} spatial dims")
    else:
        out = _interp_attr_sizes(attrs, n)
        try:
            if scale_tensor is not None:
                scales = _interp_scales(np.asarray(scale_tensor, np.float32).reshape(-1).astype(np.float64).tolist(),
                                        n, "tensor")
            elif len(attrs.get("scale", [])) >= (1 if n == 1 else 2):
                scales = _interp_scales(attrs.get("scale", []), n, "attribute")
        except ShapeError as e:
            raise ValueError(str(e)) from None
        if all(s > 0 for s in scales):
            out = [_scaled(i, s) for i, s in zip(ins, scales, strict=True)]
        if len(args) > 1 and args[1] is not None:
            out = kernel_ints(args[1])[:n]
            if len(out) != n:
                raise ValueError(f"interpolate: out_size gives {len(out)} sizes for {n} spatial dims")
    if any(o <= 0 for o in out):
        raise ValueError(f"interpolate: output sizes must be > 0, got {out}")
    return out, scales


def _interp_ratio(n_in: int, n_out: int, scale: float, align_corners: bool) -> np.float32:
    if n_out <= 1:
        return np.float32(0.0)
    if align_corners:
        return np.float32(n_in - 1) / np.float32(n_out - 1)
    if scale > 0:
        return np.float32(1.0 / scale)
    return np.float32(n_in) / np.float32(n_out)


def _nearest_index(n_in: int, n_out: int, ratio: np.float32, align_corners: bool) -> np.ndarray:
    prod = ratio * np.arange(n_out, dtype=np.float32)
    if align_corners:
        idx = np.trunc(prod.astype(np.float64) + 0.5).astype(np.intp)
    else:
        idx = prod.astype(np.intp)
    return np.minimum(idx, n_in - 1)


def _linear_coords(n_in: int, n_out: int, ratio: np.float32, align_corners: bool, align_mode: int,
                   float_chain: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(i0, i1, d1, d0): source rows and their weights (d1 for i1, d0 = 1 - d1 for i0).

    The half-pixel source ratio * (k + 0.5) - 0.5 is evaluated as Paddle 3.3.1's CPU kernel
    does (fitted bit-exactly to the weights it applies): for the height loop in double
    (``float_chain=False``: i0 truncates the double, the weight uses its float32 value), for
    the width loop in float32 with a rounding after each operation."""
    k = np.arange(n_out)
    half = align_mode == 0 and not align_corners
    f = np.float32
    rk = (ratio * k.astype(f)).astype(f)
    if float_chain:
        src_exact = ((ratio * (k + 0.5).astype(f)).astype(f) - f(0.5)).astype(f)
        src = src_exact
    else:
        src_exact = float(ratio) * (k + 0.5) - 0.5
        src = src_exact.astype(f)
    i0 = np.trunc(src_exact).astype(np.intp) if half else rk.astype(np.intp)
    i0 = np.maximum(i0, 0)
    i1 = np.minimum(i0 + 1, n_in - 1)
    if half:
        d1 = (np.maximum(src, f(0)) - i0.astype(f)).astype(f)
    else:
        d1 = (rk - i0.astype(f)).astype(f)
    d0 = (f(1) - d1).astype(f)
    return i0, i1, d1, d0


def _interp_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    method = str(attrs.get("interp_method", "bilinear"))
    try:
        _interp_check(x.ndim, method)
    except ShapeError as e:
        raise ValueError(str(e)) from None
    if method not in ("nearest", "bilinear", "linear"):
        raise NotImplementedError(f"interpolate: method {method!r} is not implemented")
    axes = _interp_spatial_axes(x.ndim, attrs)
    out_sizes, scales = _interp_runtime_sizes(x, args, attrs, axes)
    ins = [x.shape[a] for a in axes]
    if ins == out_sizes:
        return [x.copy()]
    align_corners = bool(attrs.get("align_corners", False))
    align_mode = int(attrs.get("align_mode", 1))
    ratios = [_interp_ratio(i, o, s, align_corners) for i, o, s in zip(ins, out_sizes, scales, strict=True)]
    if method == "nearest":
        out = x
        for a, i, o, r in zip(axes, ins, out_sizes, ratios, strict=True):
            out = np.take(out, _nearest_index(i, o, r, align_corners), axis=a)
        return [np.ascontiguousarray(out)]
    # linear (1 spatial dim) / bilinear (2): compute in the data's float type (float32
    # weights), integer data in float32, truncated back
    cd = x.dtype if x.dtype.kind == "f" and x.dtype != np.float16 else np.dtype(np.float32)
    xc = x.astype(cd, copy=False)
    coords = [_linear_coords(i, o, r, align_corners, align_mode, float_chain=(j == len(axes) - 1))
              for j, (i, o, r) in enumerate(zip(ins, out_sizes, ratios, strict=True))]

    def w(v: np.ndarray, axis: int) -> np.ndarray:
        shape = [1] * x.ndim
        shape[axis] = v.size
        return v.astype(cd).reshape(shape)

    if len(axes) == 1:
        (a,), ((i0, i1, d1, d0),) = axes, coords
        out = np.take(xc, i0, axis=a) * w(d0, a) + np.take(xc, i1, axis=a) * w(d1, a)
    else:
        (ah, aw) = axes
        (y0, y1, dn, ds), (x0, x1, dw, de) = coords
        rows0, rows1 = np.take(xc, y0, axis=ah), np.take(xc, y1, axis=ah)
        wds, wdn, wde, wdw = w(ds, ah), w(dn, ah), w(de, aw), w(dw, aw)
        out = np.take(rows0, x0, axis=aw) * wds * wde
        out = out + np.take(rows1, x0, axis=aw) * wdn * wde
        out = out + np.take(rows0, x1, axis=aw) * wds * wdw
        out = out + np.take(rows1, x1, axis=aw) * wdn * wdw
    if x.dtype.kind in "iub":
        return [cast_array(out, dtype_name(x.dtype))]
    return [np.ascontiguousarray(out.astype(x.dtype, copy=False))]


# Not CINN ops (kOpaque -> NON_FUSIBLE), like pool2d.
for _name, _method in (("nearest_interp", "nearest"), ("bilinear_interp", "bilinear")):
    register(OpDef(name=f"pd_op.{_name}", operands=("x", "out_size?", "size_tensor[]?", "scale_tensor?"),
                   attrs=_INTERP_ATTRS, results=("output",), infer_meta=_interp_meta, kernel=_interp_kernel,
                   pattern=PatternKind.NON_FUSIBLE))


# ---------------------------------------------------------------------------
# prelu
# ---------------------------------------------------------------------------

def _prelu_channel_axis(rank: int, attrs: Mapping[str, Any]) -> int:
    return rank - 1 if attrs.get("data_format", "NCHW") in ("NHWC", "NDHWC", "NLC") else 1


def _prelu_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    # phi PReluInferMeta: alpha has 1 element ("all"), C elements ("channel"; compared with
    # the channel dim as printed, so a -1 channel dim fails) or x's rank with prod(x.dims[1:])
    # elements ("element")
    x, alpha = meta_of(args[0]), meta_of(args[1])
    mode = attrs.get("mode", "all")
    if mode not in ("all", "channel", "element"):
        raise ShapeError(f"prelu: mode must be 'all', 'channel' or 'element', got {mode!r}")
    if x.shape is None or alpha.shape is None:
        return [Meta(x.shape, x.dtype)]
    n_alpha = -1 if any(d < 0 for d in alpha.shape) else int(np.prod(alpha.shape, dtype=np.int64))
    if mode == "all":
        if n_alpha not in (1, -1):
            raise ShapeError(f"prelu: mode 'all' needs one alpha, got {n_alpha}")
    elif mode == "channel":
        if len(x.shape) < 2:
            raise ShapeError(f"prelu: mode 'channel' needs x of rank >= 2, got {len(x.shape)}")
        c = x.shape[_prelu_channel_axis(len(x.shape), attrs)]
        if n_alpha != -1 and n_alpha != c:
            raise ShapeError(f"prelu: mode 'channel' needs {c} alphas, got {n_alpha}")
    else:
        if len(alpha.shape) != len(x.shape):
            raise ShapeError(f"prelu: mode 'element' needs alpha of x's rank {len(x.shape)}, got {len(alpha.shape)}")
        rest = x.shape[1:]
        if n_alpha != -1 and all(d >= 0 for d in rest) and n_alpha != int(np.prod(rest, dtype=np.int64)):
            raise ShapeError(f"prelu: mode 'element' needs {int(np.prod(rest))} alphas, got {n_alpha}")
    return [Meta(x.shape, x.dtype)]


def _prelu_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    # out = x > 0 ? x : alpha * x  (NaN: alpha * NaN)
    x, alpha = np.asarray(args[0]), np.asarray(args[1])
    mode = attrs.get("mode", "all")
    if mode == "all":
        a = alpha.reshape(())
    elif mode == "channel":
        ax = _prelu_channel_axis(x.ndim, attrs)
        shape = [1] * x.ndim
        shape[ax] = x.shape[ax]
        a = alpha.reshape(shape)
    else:
        a = alpha.reshape((1,) + x.shape[1:])
    a = a.astype(x.dtype, copy=False)
    with np.errstate(all="ignore"):
        return [np.where(x > 0, x, a * x).astype(x.dtype, copy=False)]


register(OpDef(name="pd_op.prelu", operands=("x", "alpha"), attrs=("data_format", "mode"), infer_meta=_prelu_meta,
               kernel=_prelu_kernel, pattern=PatternKind.ELEMENTWISE))
