"""pd_op.deformable_conv (paddle.vision.ops.deform_conv2d: DCN v1 without mask, v2 with).

``deformable_conv(x [N, C, H, W], offset [N, 2 dg kh kw, OH, OW], filter [O, C/groups, kh, kw],
mask? [N, dg kh kw, OH, OW]) {strides, paddings, dilations, deformable_groups dg, groups,
im2col_step}``: output geometry as conv2d.  Tap (i, j) of output (oh, ow) for the channels of
deformable group g samples x at ``(oh s - p + i d + dy, ow s - p + j d + dx)`` where
``(dy, dx)`` are offset channels ``g 2 kh kw + 2 (i kw + j)`` and ``+ 1``; the sample is
bilinear (Paddle's DmcnIm2colBilinear: 0 unless -1 < y < H and -1 < x < W, each corner read
only inside the image), times ``mask[g kh kw + i kw + j]`` when given.  The taps then meet the
filter as a grouped convolution.  Computed in float64, cast back; checked against
PaddlePaddle 3.3.1 by tests/dialects/gen_part4.py.  NON_FUSIBLE.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, Meta, MetaArg, OpDef, PatternKind, ShapeError, meta_of, register


def _pair(v: Sequence[int]) -> list[int]:
    v = [int(a) for a in v]
    return v * 2 if len(v) == 1 else v


def _out(n: int, k: int, p: int, s: int, d: int) -> int:
    return (n + 2 * p - (d * (k - 1) + 1)) // s + 1 if n >= 0 else -1


def _deform_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, off, w = meta_of(args[0]), meta_of(args[1]), meta_of(args[2])
    if x.shape is None or w.shape is None:
        return [Meta(None, x.dtype)]
    if len(x.shape) != 4 or len(w.shape) != 4:
        raise ShapeError(f"deformable_conv: x and filter must be 4-D, got {list(x.shape)} and {list(w.shape)}")
    s, p, d = _pair(attrs.get("strides", [1, 1])), _pair(attrs.get("paddings", [0, 0])), _pair(attrs.get("dilations", [1, 1]))
    oh = _out(x.shape[2], w.shape[2], p[0], s[0], d[0])
    ow = _out(x.shape[3], w.shape[3], p[1], s[1], d[1])
    dg = int(attrs.get("deformable_groups", 1))
    if off.shape is not None and len(off.shape) == 4 and off.shape[1] >= 0 and off.shape[1] != 2 * dg * w.shape[2] * w.shape[3]:
        raise ShapeError(f"deformable_conv: offset needs {2 * dg * w.shape[2] * w.shape[3]} channels, got {off.shape[1]}")
    return [Meta((x.shape[0], w.shape[0], oh, ow), x.dtype)]


def _bilinear(img: np.ndarray, y: np.ndarray, x: np.ndarray) -> np.ndarray:
    """img [N, C, H, W]; y, x [N, OH, OW] -> [N, C, OH, OW]."""
    n, _, h, w = img.shape
    inside = (y > -1) & (x > -1) & (y < h) & (x < w)
    y0, x0 = np.floor(y).astype(np.int64), np.floor(x).astype(np.int64)
    ly, lx = y - y0, x - x0
    bi = np.arange(n).reshape(n, 1, 1)

    def corner(yy: np.ndarray, xx: np.ndarray) -> np.ndarray:
        ok = inside & (yy >= 0) & (yy <= h - 1) & (xx >= 0) & (xx <= w - 1)
        v = img[bi, :, np.clip(yy, 0, h - 1), np.clip(xx, 0, w - 1)]  # N, OH, OW, C
        return np.where(ok[..., None], v, 0.0)

    out = (corner(y0, x0) * ((1 - ly) * (1 - lx))[..., None] + corner(y0, x0 + 1) * ((1 - ly) * lx)[..., None]
           + corner(y0 + 1, x0) * (ly * (1 - lx))[..., None] + corner(y0 + 1, x0 + 1) * (ly * lx)[..., None])
    return out.transpose(0, 3, 1, 2)


def _deform_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, off, w = (np.asarray(a, dtype=np.float64) for a in args[:3])
    mask = np.asarray(args[3], dtype=np.float64) if len(args) > 3 and args[3] is not None else None
    s, p, d = _pair(attrs.get("strides", [1, 1])), _pair(attrs.get("paddings", [0, 0])), _pair(attrs.get("dilations", [1, 1]))
    dg, groups = int(attrs.get("deformable_groups", 1)), int(attrs.get("groups", 1))
    n, c, h, wd = x.shape
    o, cg, kh, kw = w.shape
    oh, ow = _out(h, kh, p[0], s[0], d[0]), _out(wd, kw, p[1], s[1], d[1])
    base_y = (np.arange(oh) * s[0] - p[0]).reshape(1, oh, 1)
    base_x = (np.arange(ow) * s[1] - p[1]).reshape(1, 1, ow)
    cpd = c // dg
    cols = np.zeros((n, c, kh, kw, oh, ow))
    for g in range(dg):
        img = x[:, g * cpd:(g + 1) * cpd]
        for i in range(kh):
            for j in range(kw):
                t = i * kw + j
                dy = off[:, g * 2 * kh * kw + 2 * t]
                dx = off[:, g * 2 * kh * kw + 2 * t + 1]
                v = _bilinear(img, base_y + i * d[0] + dy, base_x + j * d[1] + dx)
                if mask is not None:
                    v = v * mask[:, g * kh * kw + t][:, None]
                cols[:, g * cpd:(g + 1) * cpd, i, j] = v
    og = o // groups
    out = np.empty((n, o, oh, ow))
    for g in range(groups):
        out[:, g * og:(g + 1) * og] = np.einsum("ncijhw,ocij->nohw", cols[:, g * cg:(g + 1) * cg],
                                               w[g * og:(g + 1) * og])
    return [out.astype(np.asarray(args[0]).dtype)]


register(OpDef(name="pd_op.deformable_conv", operands=("x", "offset", "filter", "mask?"),
               attrs=("strides", "paddings", "dilations", "deformable_groups", "groups", "im2col_step"),
               infer_meta=_deform_meta, kernel=_deform_kernel, pattern=PatternKind.NON_FUSIBLE))
