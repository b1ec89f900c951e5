"""pd_op pixel_shuffle, temporal_shift, unfold, grid_sample, unstack.

Checked against PaddlePaddle 3.3.1 by tests/dialects/gen_part4.py (unstack, whose result is a
``vec``, by the corpus: tests/corpus/coverage_misc).

* ``pixel_shuffle(x) {upscale_factor r, data_format}``: NCHW ``[N, C r^2, H, W]`` ->
  ``[N, C, H r, W r]`` (channel ``c r^2 + i r + j`` lands at ``(h r + i, w r + j)``); NHWC alike.
* ``temporal_shift(x) {seg_num T, shift_ratio, data_format}``: x is ``[N T, C, H, W]``;
  channels below ``C * ratio`` take frame t - 1, the next ``C * ratio`` frame t + 1, the rest
  stay; frames past either end give 0.
* ``unfold(x) {kernel_sizes, strides, paddings [top, left, bottom, right], dilations}``
  (im2col): ``[N, C kh kw, L]``, row ``(c kh + i) kw + j``, column ``oh * OW + ow``.
* ``grid_sample(x [N, C, H, W], grid [N, Ho, Wo, 2]) {mode, padding_mode, align_corners}``:
  grid holds (x, y) in [-1, 1]; unnormalised as ``(g + 1) / 2 (size - 1)`` with
  align_corners, else ``((g + 1) size - 1) / 2``; ``border`` clamps to [0, size - 1],
  ``reflection`` reflects at the borders (at 0 / size - 1 with align_corners, at -0.5 /
  size - 0.5 without) and then clamps; ``zeros`` reads 0 outside.  ``bilinear`` weighs the
  four neighbours, ``nearest`` rounds half to even.
* ``unstack(x) {axis, num}`` -> ``vec`` of the slices along axis.

NON_FUSIBLE: pirc has no CINN lowering for them.
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
    meta_of,
    normalize_axis,
    register,
)


def _nhwc(attrs: Mapping[str, Any]) -> bool:
    return str(attrs.get("data_format", "NCHW")) == "NHWC"


# --- pixel_shuffle -------------------------------------------------------------

def _pixel_shuffle_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    r = int(attrs.get("upscale_factor", 1))
    if x.shape is None:
        return [Meta(None, x.dtype)]
    if len(x.shape) != 4:
        raise ShapeError(f"pixel_shuffle: x must be 4-D, got {list(x.shape)}")
    n, a, b, c = x.shape
    if _nhwc(attrs):
        h, w, ch = a, b, c
    else:
        ch, h, w = a, b, c
    if ch >= 0 and ch % (r * r):
        raise ShapeError(f"pixel_shuffle: {ch} channels are not divisible by upscale_factor^2 = {r * r}")
    oc = ch // (r * r) if ch >= 0 else -1
    oh, ow = (h * r if h >= 0 else -1), (w * r if w >= 0 else -1)
    return [Meta((n, oh, ow, oc) if _nhwc(attrs) else (n, oc, oh, ow), x.dtype)]


def _pixel_shuffle_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    r = int(attrs.get("upscale_factor", 1))
    if _nhwc(attrs):
        n, h, w, c = x.shape
        y = x.reshape(n, h, w, c // (r * r), r, r).transpose(0, 1, 4, 2, 5, 3)
        return [np.ascontiguousarray(y.reshape(n, h * r, w * r, c // (r * r)))]
    n, c, h, w = x.shape
    y = x.reshape(n, c // (r * r), r, r, h, w).transpose(0, 1, 4, 2, 5, 3)
    return [np.ascontiguousarray(y.reshape(n, c // (r * r), h * r, w * r))]


register(OpDef(name="pd_op.pixel_shuffle", operands=("x",), attrs=("upscale_factor", "data_format"),
               infer_meta=_pixel_shuffle_meta, kernel=_pixel_shuffle_kernel, pattern=PatternKind.NON_FUSIBLE))


# --- temporal_shift ------------------------------------------------------------

def _temporal_shift_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    t = int(attrs.get("seg_num", 1))
    if x.shape is not None:
        if len(x.shape) != 4:
            raise ShapeError(f"temporal_shift: x must be 4-D, got {list(x.shape)}")
        if t <= 0 or (x.shape[0] >= 0 and x.shape[0] % t):
            raise ShapeError(f"temporal_shift: batch {x.shape[0]} is not a multiple of seg_num {t}")
    return [Meta(x.shape, x.dtype)]


def _temporal_shift_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    t = int(attrs.get("seg_num", 1))
    ratio = float(attrs.get("shift_ratio", 0.25))
    nhwc = _nhwc(attrs)
    xc = np.moveaxis(x, 3, 1) if nhwc else x       # N T, C, H, W
    nt, c = xc.shape[0], xc.shape[1]
    v = xc.reshape(nt // t, t, c, *xc.shape[2:])
    c1, c2 = int(c * ratio), int(c * 2 * ratio)
    out = np.zeros_like(v)
    out[:, 1:, :c1] = v[:, :-1, :c1]
    out[:, :-1, c1:c2] = v[:, 1:, c1:c2]
    out[:, :, c2:] = v[:, :, c2:]
    out = out.reshape(xc.shape)
    return [np.ascontiguousarray(np.moveaxis(out, 1, 3) if nhwc else out)]


register(OpDef(name="pd_op.temporal_shift", operands=("x",), attrs=("seg_num", "shift_ratio", "data_format"),
               infer_meta=_temporal_shift_meta, kernel=_temporal_shift_kernel, pattern=PatternKind.NON_FUSIBLE))


# --- unfold --------------------------------------------------------------------

def _unfold_geometry(h: int, w: int, attrs: Mapping[str, Any]) -> tuple[int, int]:
    kh, kw = (int(v) for v in attrs["kernel_sizes"])
    sh, sw = (int(v) for v in attrs.get("strides", [1, 1]))
    pt, pl, pb, pr = (int(v) for v in attrs.get("paddings", [0, 0, 0, 0]))
    dh, dw = (int(v) for v in attrs.get("dilations", [1, 1]))
    oh = (h + pt + pb - (dh * (kh - 1) + 1)) // sh + 1 if h >= 0 else -1
    ow = (w + pl + pr - (dw * (kw - 1) + 1)) // sw + 1 if w >= 0 else -1
    return oh, ow


def _unfold_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    ks = list(attrs.get("kernel_sizes", []))
    if len(ks) != 2 or len(attrs.get("paddings", [0] * 4)) != 4:
        raise ShapeError("unfold: kernel_sizes must have 2 values and paddings 4")
    if x.shape is None:
        return [Meta((-1, -1, -1), x.dtype)]
    if len(x.shape) != 4:
        raise ShapeError(f"unfold: x must be 4-D, got {list(x.shape)}")
    n, c, h, w = x.shape
    oh, ow = _unfold_geometry(h, w, attrs)
    if (oh != -1 and oh <= 0) or (ow != -1 and ow <= 0):
        raise ShapeError(f"unfold: the kernel does not fit the {h}x{w} input")
    rows = c * int(ks[0]) * int(ks[1]) if c >= 0 else -1
    return [Meta((n, rows, oh * ow if oh >= 0 and ow >= 0 else -1), x.dtype)]


def _unfold_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    n, c, h, w = x.shape
    kh, kw = (int(v) for v in attrs["kernel_sizes"])
    sh, sw = (int(v) for v in attrs.get("strides", [1, 1]))
    pt, pl, pb, pr = (int(v) for v in attrs.get("paddings", [0, 0, 0, 0]))
    dh, dw = (int(v) for v in attrs.get("dilations", [1, 1]))
    oh, ow = _unfold_geometry(h, w, attrs)
    xp = np.pad(x, ((0, 0), (0, 0), (pt, pb), (pl, pr)))
    out = np.empty((n, c, kh, kw, oh, ow), dtype=x.dtype)
    for i in range(kh):
        for j in range(kw):
            out[:, :, i, j] = xp[:, :, i * dh: i * dh + sh * (oh - 1) + 1: sh, j * dw: j * dw + sw * (ow - 1) + 1: sw]
    return [out.reshape(n, c * kh * kw, oh * ow)]


register(OpDef(name="pd_op.unfold", operands=("x",), attrs=("kernel_sizes", "strides", "paddings", "dilations"),
               infer_meta=_unfold_meta, kernel=_unfold_kernel, pattern=PatternKind.NON_FUSIBLE))


# --- grid_sample ---------------------------------------------------------------

def _grid_sample_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, g = meta_of(args[0]), meta_of(args[1])
    if str(attrs.get("mode", "bilinear")) not in ("bilinear", "nearest"):
        raise ShapeError(f"grid_sample: mode must be bilinear or nearest, got {attrs.get('mode')!r}")
    if str(attrs.get("padding_mode", "zeros")) not in ("zeros", "border", "reflection"):
        raise ShapeError(f"grid_sample: unknown padding_mode {attrs.get('padding_mode')!r}")
    if x.shape is None or g.shape is None:
        return [Meta(None, x.dtype)]
    if len(x.shape) != 4 or len(g.shape) != 4 or g.shape[3] not in (2, -1):
        raise ShapeError(f"grid_sample: needs x [N, C, H, W] and grid [N, Ho, Wo, 2], got {list(x.shape)} "
                         f"and {list(g.shape)}")
    return [Meta((x.shape[0], x.shape[1], g.shape[1], g.shape[2]), x.dtype)]


def _reflect(v: np.ndarray, lo: float, hi: float) -> np.ndarray:
    span = hi - lo
    if span <= 0:
        return np.zeros_like(v)
    d = np.abs(v - lo)
    flips = np.floor(d / span)
    extra = d - flips * span
    return np.where(flips % 2 == 0, lo + extra, hi - extra)


def _source(g: np.ndarray, size: int, align: bool, pad: str) -> np.ndarray:
    v = (g + 1) / 2 * (size - 1) if align else ((g + 1) * size - 1) / 2
    if pad == "border":
        v = np.clip(v, 0, size - 1)
    elif pad == "reflection":
        v = _reflect(v, 0.0, size - 1.0) if align else _reflect(v, -0.5, size - 0.5)
        v = np.clip(v, 0, size - 1)
    return v


def _grid_sample_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, grid = np.asarray(args[0]), np.asarray(args[1])
    mode = str(attrs.get("mode", "bilinear"))
    pad = str(attrs.get("padding_mode", "zeros"))
    align = bool(attrs.get("align_corners", True))
    n, _, h, w = x.shape
    g = grid.astype(np.float64)
    ix = _source(g[..., 0], w, align, pad)  # N, Ho, Wo
    iy = _source(g[..., 1], h, align, pad)
    xd = x.astype(np.float64)
    bidx = np.arange(n).reshape(n, 1, 1)

    def read(yy: np.ndarray, xx: np.ndarray) -> np.ndarray:
        inside = (yy >= 0) & (yy <= h - 1) & (xx >= 0) & (xx <= w - 1)
        yc = np.clip(yy, 0, h - 1).astype(np.int64)
        xc = np.clip(xx, 0, w - 1).astype(np.int64)
        vals = xd[bidx, :, yc, xc]  # N, Ho, Wo, C
        return np.where(inside[..., None], vals, 0.0)

    if mode == "nearest":
        out = read(np.rint(iy), np.rint(ix))
    else:
        x0, y0 = np.floor(ix), np.floor(iy)
        dx, dy = ix - x0, iy - y0
        out = (read(y0, x0) * ((1 - dx) * (1 - dy))[..., None] + read(y0, x0 + 1) * (dx * (1 - dy))[..., None]
               + read(y0 + 1, x0) * ((1 - dx) * dy)[..., None] + read(y0 + 1, x0 + 1) * (dx * dy)[..., None])
    return [np.ascontiguousarray(out.transpose(0, 3, 1, 2)).astype(x.dtype)]


register(OpDef(name="pd_op.grid_sample", operands=("x", "grid"), attrs=("mode", "padding_mode", "align_corners"),
               infer_meta=_grid_sample_meta, kernel=_grid_sample_kernel, pattern=PatternKind.NON_FUSIBLE))


# --- unstack -------------------------------------------------------------------

def _unstack_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        raise ShapeError("unstack: the rank of x must be known")
    ax = normalize_axis(int(attrs.get("axis", 0)), len(x.shape))
    num = x.shape[ax] if x.shape[ax] >= 0 else int(attrs.get("num", -1))
    if num < 0:
        raise ShapeError("unstack: the number of pieces is unknown")
    rest = x.shape[:ax] + x.shape[ax + 1:]
    return [Meta(rest, x.dtype) for _ in range(num)]


def _unstack_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    ax = normalize_axis(int(attrs.get("axis", 0)), x.ndim)
    return [np.ascontiguousarray(np.take(x, k, axis=ax)) for k in range(x.shape[ax])]


register(OpDef(name="pd_op.unstack", operands=("x",), attrs=("axis", "num"), results=("out[]",),
               infer_meta=_unstack_meta, kernel=_unstack_kernel, pattern=PatternKind.NON_FUSIBLE))
