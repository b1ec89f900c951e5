"""pd_op convolution and pooling: conv2d, depthwise_conv2d, conv2d_transpose,
depthwise_conv2d_transpose, pool2d, max_pool2d_with_index.

Operand/attribute/result lists were checked against PaddlePaddle 3.3.1's PIR (see
``tests/dialects/gen_part2.py``).  Things worth knowing:

* ``F.conv2d`` emits ``pd_op.depthwise_conv2d`` when groups == in_channels (and out
  channels are a multiple of it); ``F.conv2d_transpose`` likewise emits
  ``pd_op.depthwise_conv2d_transpose``.  Filters are always OIHW (conv) / IOHW
  (transpose), whatever ``data_format`` is.  ``conv2d_transpose`` takes ``output_size``
  as a third operand (a ``full_int_array``, empty when not given).
* ``pool2d`` takes ``kernel_size`` as operand 1; ``F.max_pool2d(return_mask=True)`` and
  ``F.adaptive_max_pool2d`` emit ``pd_op.max_pool2d_with_index`` (kernel_size attribute,
  int32 mask = ``h * W + w`` of the first maximum in row-major window order).

Pattern kinds: conv2d is kOutFusible in CINN builds without cuDNN (TVM's
kOutEWiseFusable), so the convolutions are OUT_FUSIBLE; pool2d is registered kOpaque ->
NON_FUSIBLE.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op._nnutil import _compute_dtype, _shape
from pirc.dialects.pd_op.common import (
    KernelArg,
    Meta,
    MetaArg,
    OpDef,
    PatternKind,
    ShapeError,
    meta_of,
    register,
)
from pirc.dialects.pd_op.manipulation import const_ints, kernel_ints

# ---------------------------------------------------------------------------
# convolution helpers
# ---------------------------------------------------------------------------

def int_pairs(v: Sequence[int], what: str) -> list[int]:
    v = [int(a) for a in v]
    if len(v) == 1:
        v = v * 2
    if len(v) != 2:
        raise ShapeError(f"{what} must have 2 elements, got {v}")
    return v


def four_pads(paddings: Sequence[int]) -> list[int]:
    """[pad_top, pad_bottom, pad_left, pad_right] from 2 or 4 Paddle paddings."""
    p = [int(a) for a in paddings]
    if len(p) == 2:
        return [p[0], p[0], p[1], p[1]]
    if len(p) == 4:
        return p
    if len(p) == 1:
        return p * 4
    raise ShapeError(f"paddings must have 2 or 4 elements, got {p}")


def update_pads(pads: list[int], dil: list[int], algo: str, in_hw: Sequence[int], strides: Sequence[int],
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


def conv_out_size(n: int, k: int, p0: int, p1: int, s: int, d: int) -> int:
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


def conv_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
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
    strides = int_pairs(attrs["strides"], "strides")
    pads, dil = update_pads(four_pads(attrs["paddings"]), int_pairs(attrs["dilations"], "dilations"),
                             attrs.get("padding_algorithm", "EXPLICIT"), (h, wd), strides, ws[2:])
    oh = conv_out_size(h, ws[2], pads[0], pads[1], strides[0], dil[0])
    ow = conv_out_size(wd, ws[3], pads[2], pads[3], strides[1], dil[1])
    out = (n, oh, ow, ws[0]) if nhwc else (n, ws[0], oh, ow)
    return [Meta(out, x.dtype)]


def _window_slices(start: int, step: int, count: int) -> slice:
    return slice(start, start + step * (count - 1) + 1, step)


def conv2d_np(x: np.ndarray, w: np.ndarray, attrs: Mapping[str, Any]) -> np.ndarray:
    nhwc = _layout(attrs)
    xin = np.transpose(x, (0, 3, 1, 2)) if nhwc else x
    n, c, h, wd = xin.shape
    o, cg, kh, kw = w.shape
    groups = int(attrs.get("groups", 1))
    if c != cg * groups or o % groups:
        raise ValueError(f"conv2d: input {x.shape} does not fit filter {w.shape} with groups {groups}")
    strides = int_pairs(attrs["strides"], "strides")
    pads, dil = update_pads(four_pads(attrs["paddings"]), int_pairs(attrs["dilations"], "dilations"),
                             attrs.get("padding_algorithm", "EXPLICIT"), (h, wd), strides, (kh, kw))
    oh = conv_out_size(h, kh, pads[0], pads[1], strides[0], dil[0])
    ow = conv_out_size(wd, kw, pads[2], pads[3], strides[1], dil[1])
    from pirc.runtime.nn import fast as nn_fast

    if not nhwc:  # nnlib (pirc/runtime/nn): float32 convs in C; None: not covered (the numpy windows below)
        y = nn_fast.conv2d(x, w, attrs)
        if y is not None:
            return y
    cd = _compute_dtype(x)
    # extra zeros when the last window runs past the padded input (see conv_out_size)
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
    return [conv2d_np(args[0], args[1], attrs)]


_CONV_ATTRS = ("strides", "paddings", "padding_algorithm", "dilations", "groups", "data_format")
register(OpDef(name="pd_op.conv2d", operands=("input", "filter"), attrs=_CONV_ATTRS, infer_meta=conv_meta,
               kernel=_conv_kernel, pattern=PatternKind.OUT_FUSIBLE))
register(OpDef(name="pd_op.depthwise_conv2d", operands=("input", "filter"),
               attrs=("strides", "paddings", "padding_algorithm", "groups", "dilations", "data_format"),
               infer_meta=conv_meta, kernel=_conv_kernel, pattern=PatternKind.OUT_FUSIBLE))


def _convt_geometry(xs: tuple[int, ...], ws: tuple[int, ...], output_size: list[int] | None,
                    attrs: Mapping[str, Any]) -> tuple[list[int], list[int], list[int], tuple[int, int]]:
    nhwc = _layout(attrs)
    h, wd = (xs[1], xs[2]) if nhwc else (xs[2], xs[3])
    strides = int_pairs(attrs["strides"], "strides")
    pads, dil = update_pads(four_pads(attrs["paddings"]), int_pairs(attrs["dilations"], "dilations"),
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
    if not _layout(attrs):  # nnlib (pirc/runtime/nn): float32 NCHW in C; None: not covered
        from pirc.runtime.nn import fast as nn_fast

        y = nn_fast.conv2d_transpose(x, w, osize, attrs)
        if y is not None:
            return [y]
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


def pool_geometry(hw: Sequence[int], ksize: Sequence[int], attrs: Mapping[str, Any],
                   algo: str) -> tuple[list[int], list[int], list[int], list[int]]:
    """Returns (kernel, strides, pads[4], out[2]) after Paddle's UpdatePadding/UpdateKernelSize."""
    ksize = int_pairs(ksize, "kernel_size")
    strides = int_pairs(attrs["strides"], "strides")
    if any(s <= 0 for s in strides):
        raise ShapeError(f"pool2d: strides must be positive, got {strides}")
    global_pooling = bool(attrs.get("global_pooling", False))
    adaptive = bool(attrs.get("adaptive", False))
    pads, _ = update_pads(four_pads(attrs["paddings"]), [1, 1], algo, hw, strides, ksize)
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
    _, _, _, out = pool_geometry((h, w), ksize, attrs, algo)
    return (n, out[0], out[1], c) if nhwc else (n, c, out[0], out[1])


def _pool2d_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if attrs.get("pooling_type") not in ("max", "avg"):
        raise ShapeError(f"pool2d: pooling_type must be 'max' or 'avg', got {attrs.get('pooling_type')!r}")
    ksize = const_ints(args[1])
    shape = _pool_meta_common(x, ksize, attrs, attrs.get("padding_algorithm", "EXPLICIT"), _layout(attrs))
    return [Meta(shape, x.dtype)]


def pool_windows(n: int, out: int, k: int, s: int, p0: int, adaptive: bool) -> tuple[np.ndarray, np.ndarray]:
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
    ks, strides, pads, out = pool_geometry((h, w), ksize, attrs, algo)
    adaptive = bool(attrs.get("adaptive", False))
    # Paddle's pool2d kernel calls its max functor with adaptive=false: with
    # pooling_type "max" and adaptive=true the output has the adaptive size (= kernel
    # size) but the windows are the ordinary kernel_size/strides windows.
    win_adaptive = adaptive and kind != "max"
    if kind == "avg" and not nhwc and out == [1, 1] and (adaptive or bool(attrs.get("global_pooling", False))):
        cd = _compute_dtype(x)  # the mean over H, W (no window loop)
        return xin.astype(cd, copy=False).mean(axis=(2, 3), keepdims=True, dtype=cd).astype(x.dtype, copy=False), None
    hs, he = pool_windows(h, out[0], ks[0], strides[0], pads[0], win_adaptive)
    ws, we = pool_windows(w, out[1], ks[1], strides[1], pads[2], win_adaptive)
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
    from pirc.runtime.nn import fast as nn_fast

    ksize = kernel_ints(args[1])
    fast = nn_fast.pool2d(x, ksize, attrs)  # nnlib (pirc/runtime/nn); None: not covered
    if fast is not None:
        return [fast]
    res, _ = _pool_np(x, ksize, attrs, attrs.get("padding_algorithm", "EXPLICIT"), kind, _layout(attrs))
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
