"""pd_op 3-D convolution and pooling: conv3d, conv3d_transpose, pool3d, max_pool3d_with_index.

Checked against PaddlePaddle 3.3.1 by tests/dialects/gen_part4.py.

* ``conv3d(input, filter [O, C/groups, kd, kh, kw]) {strides, paddings, padding_algorithm,
  dilations, groups, data_format}``: paddings hold 3 (symmetric) or 6 values
  ``[d0, d1, h0, h1, w0, w1]``; ``SAME`` gives ``out = ceil(in / stride)`` with the padding
  split low / high (dilation 1), ``VALID`` no padding; ``NDHWC`` is channel-last.
* ``conv3d_transpose(x, filter [C, O/groups, kd, kh, kw]) {..., output_padding, output_size}``:
  ``out = (in - 1) s - p0 - p1 + d (k - 1) + 1 + output_padding`` per dim, or
  ``output_size`` when given.  Paddle prints ``data_format:"NCHW"`` for the channel-first form.
* ``pool3d(x) {kernel_size, strides, paddings, ceil_mode, exclusive, data_format,
  pooling_type, global_pooling, adaptive, padding_algorithm}`` and
  ``max_pool3d_with_index(x)`` (int32 mask = ``d H W + h W + w`` of the first maximum) follow
  pool2d's rules per dimension (conv.py), including its quirks: average pooling with
  ``exclusive:false`` divides by ``min(start + k, in + p0) - start`` per dim, and a ``max``
  pool3d with ``adaptive`` uses the ordinary kernel windows.

The convolutions are OUT_FUSIBLE like conv2d would be, but pirc's CINN lowering has no
3-D convolution, so they are NON_FUSIBLE here, as are the pools (kOpaque).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, Meta, MetaArg, OpDef, PatternKind, ShapeError, meta_of, register


def _three(v: Sequence[int], what: str) -> list[int]:
    v = [int(a) for a in v]
    if len(v) == 1:
        return v * 3
    if len(v) != 3:
        raise ShapeError(f"{what} must have 1 or 3 values, got {v}")
    return v


def _six_pads(p: Sequence[int]) -> list[int]:
    p = [int(a) for a in p]
    if len(p) == 3:
        return [p[0], p[0], p[1], p[1], p[2], p[2]]
    if len(p) == 6:
        return p
    raise ShapeError(f"paddings must have 3 or 6 values, got {p}")


def _channel_last(attrs: Mapping[str, Any]) -> bool:
    return str(attrs.get("data_format", "NCDHW")) in ("NDHWC", "NHWC")


def _pads_for(algo: str, ins: Sequence[int], ks: Sequence[int], strides: Sequence[int], pads: list[int],
              dil: list[int]) -> tuple[list[int], list[int]]:
    if algo == "VALID":
        return [0] * 6, dil
    if algo == "SAME":
        out = []
        for n, k, s in zip(ins, ks, strides, strict=True):
            o = -(-n // s)
            total = max((o - 1) * s + k - n, 0)
            out += [total // 2, total - total // 2]
        return out, [1, 1, 1]
    return pads, dil


def _spatial(shape: tuple[int, ...], cl: bool) -> tuple[int, int, tuple[int, ...]]:
    if len(shape) != 5:
        raise ShapeError(f"expected a 5-D input, got {list(shape)}")
    return (shape[0], shape[4], shape[1:4]) if cl else (shape[0], shape[1], shape[2:5])


# --- conv3d ----------------------------------------------------------------------

def _conv3d_geometry(ins: Sequence[int], ks: Sequence[int], attrs: Mapping[str, Any]
                     ) -> tuple[list[int], list[int], list[int], list[int]]:
    strides = _three(attrs.get("strides", [1, 1, 1]), "strides")
    dil = _three(attrs.get("dilations", [1, 1, 1]), "dilations")
    pads, dil = _pads_for(str(attrs.get("padding_algorithm", "EXPLICIT")), ins, ks, strides,
                          _six_pads(attrs.get("paddings", [0, 0, 0])), dil)
    out = [(n + pads[2 * i] + pads[2 * i + 1] - (dil[i] * (ks[i] - 1) + 1)) // strides[i] + 1 if n >= 0 else -1
           for i, n in enumerate(ins)]
    return strides, dil, pads, out


def _conv3d_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, w = meta_of(args[0]), meta_of(args[1])
    if x.shape is None or w.shape is None:
        return [Meta(None, x.dtype)]
    cl = _channel_last(attrs)
    n, c, ins = _spatial(x.shape, cl)
    if len(w.shape) != 5:
        raise ShapeError(f"conv3d: the filter must be 5-D, got {list(w.shape)}")
    groups = int(attrs.get("groups", 1))
    if c >= 0 and w.shape[1] >= 0 and c != w.shape[1] * groups:
        raise ShapeError(f"conv3d: {c} input channels, the filter takes {w.shape[1]} x {groups} groups")
    _, _, _, out = _conv3d_geometry(ins, w.shape[2:], attrs)
    if any(0 <= o <= 0 for o in out) or any(o < -1 for o in out):
        raise ShapeError(f"conv3d: the filter does not fit the input {list(ins)}")
    return [Meta((n, *out, w.shape[0]) if cl else (n, w.shape[0], *out), x.dtype)]


def _patches(xp: np.ndarray, offs: Sequence[int], steps: Sequence[int], outs: Sequence[int]) -> np.ndarray:
    return xp[(slice(None), slice(None)) + tuple(slice(o, o + s * (n - 1) + 1, s) for o, s, n in zip(offs, steps, outs))]


def _conv3d_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, w = np.asarray(args[0]), np.asarray(args[1])
    cl = _channel_last(attrs)
    xc = np.moveaxis(x, 4, 1) if cl else x
    ks = w.shape[2:]
    strides, dil, pads, out = _conv3d_geometry(xc.shape[2:], ks, attrs)
    groups = int(attrs.get("groups", 1))
    cd = np.float64 if x.dtype == np.float64 else np.float32
    xp = np.pad(xc.astype(cd), ((0, 0), (0, 0), (pads[0], pads[1]), (pads[2], pads[3]), (pads[4], pads[5])))
    o_ch, c_g = w.shape[0], w.shape[1]
    og = o_ch // groups
    res = np.zeros((x.shape[0], o_ch, *out), dtype=np.float64)
    wd = w.astype(np.float64)
    for i in range(ks[0]):
        for j in range(ks[1]):
            for k in range(ks[2]):
                p = _patches(xp, (i * dil[0], j * dil[1], k * dil[2]), strides, out).astype(np.float64)
                for g in range(groups):
                    res[:, g * og:(g + 1) * og] += np.einsum("ncdhw,oc->nodhw", p[:, g * c_g:(g + 1) * c_g],
                                                             wd[g * og:(g + 1) * og, :, i, j, k])
    res = res.astype(x.dtype)
    return [np.ascontiguousarray(np.moveaxis(res, 1, 4) if cl else res)]


_CONV3D_ATTRS = ("strides", "paddings", "padding_algorithm", "groups", "dilations", "data_format")
register(OpDef(name="pd_op.conv3d", operands=("input", "filter"), attrs=_CONV3D_ATTRS, infer_meta=_conv3d_meta,
               kernel=_conv3d_kernel, pattern=PatternKind.NON_FUSIBLE))


# --- conv3d_transpose ------------------------------------------------------------

def _convt_geometry(ins: Sequence[int], ks: Sequence[int], attrs: Mapping[str, Any]
                    ) -> tuple[list[int], list[int], list[int], list[int]]:
    strides = _three(attrs.get("strides", [1, 1, 1]), "strides")
    dil = _three(attrs.get("dilations", [1, 1, 1]), "dilations")
    algo = str(attrs.get("padding_algorithm", "EXPLICIT"))
    if algo == "SAME":
        raise ShapeError("conv3d_transpose: padding_algorithm SAME is not supported by pirc")
    pads = [0] * 6 if algo == "VALID" else _six_pads(attrs.get("paddings", [0, 0, 0]))
    opad = [int(v) for v in attrs.get("output_padding", [])] or [0, 0, 0]
    osize = [int(v) for v in attrs.get("output_size", [])]
    out = []
    for i, n in enumerate(ins):
        if osize:
            out.append(osize[i])
        elif n < 0:
            out.append(-1)
        else:
            out.append((n - 1) * strides[i] - pads[2 * i] - pads[2 * i + 1] + dil[i] * (ks[i] - 1) + 1 + opad[i])
    return strides, dil, pads, out


def _convt_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, w = meta_of(args[0]), meta_of(args[1])
    if x.shape is None or w.shape is None:
        return [Meta(None, x.dtype)]
    cl = _channel_last(attrs)
    n, c, ins = _spatial(x.shape, cl)
    if len(w.shape) != 5:
        raise ShapeError(f"conv3d_transpose: the filter must be 5-D, got {list(w.shape)}")
    if c >= 0 and w.shape[0] >= 0 and c != w.shape[0]:
        raise ShapeError(f"conv3d_transpose: {c} input channels, the filter takes {w.shape[0]}")
    o = w.shape[1] * int(attrs.get("groups", 1))
    _, _, _, out = _convt_geometry(ins, w.shape[2:], attrs)
    return [Meta((n, *out, o) if cl else (n, o, *out), x.dtype)]


def _convt_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, w = np.asarray(args[0]), np.asarray(args[1])
    cl = _channel_last(attrs)
    xc = np.moveaxis(x, 4, 1) if cl else x
    ins, ks = xc.shape[2:], w.shape[2:]
    strides, dil, pads, out = _convt_geometry(ins, ks, attrs)
    groups = int(attrs.get("groups", 1))
    c_g, og = w.shape[0] // groups, w.shape[1]
    full = [max((n - 1) * s + d * (k - 1) + 1, p0 + o) for n, s, d, k, p0, o
            in zip(ins, strides, dil, ks, pads[0::2], out, strict=True)]
    acc = np.zeros((x.shape[0], og * groups, *full), dtype=np.float64)
    xd, wd = xc.astype(np.float64), w.astype(np.float64)
    for i in range(ks[0]):
        for j in range(ks[1]):
            for k in range(ks[2]):
                key = (slice(None), slice(None)) + tuple(
                    slice(off, off + s * (n - 1) + 1, s) for off, s, n
                    in zip((i * dil[0], j * dil[1], k * dil[2]), strides, ins, strict=True))
                for g in range(groups):
                    contrib = np.einsum("ncdhw,co->nodhw", xd[:, g * c_g:(g + 1) * c_g], wd[g * c_g:(g + 1) * c_g, :, i, j, k])
                    acc[(slice(None), slice(g * og, (g + 1) * og)) + key[2:]] += contrib
    res = acc[(slice(None), slice(None)) + tuple(slice(p0, p0 + o) for p0, o in zip(pads[0::2], out, strict=True))]
    res = res.astype(x.dtype)
    return [np.ascontiguousarray(np.moveaxis(res, 1, 4) if cl else res)]


register(OpDef(name="pd_op.conv3d_transpose", operands=("x", "filter"),
               attrs=("strides", "paddings", "output_padding", "output_size", "padding_algorithm", "groups",
                      "dilations", "data_format"),
               infer_meta=_convt_meta, kernel=_convt_kernel, pattern=PatternKind.NON_FUSIBLE))


# --- pool3d / max_pool3d_with_index -------------------------------------------------

def _pool_geometry(ins: Sequence[int], attrs: Mapping[str, Any]) -> tuple[list[int], list[int], list[int], list[int]]:
    ks = _three(attrs.get("kernel_size", [1, 1, 1]), "kernel_size")
    strides = _three(attrs.get("strides", [1, 1, 1]), "strides")
    if any(s <= 0 for s in strides):
        raise ShapeError(f"pool3d: strides must be positive, got {strides}")
    adaptive = bool(attrs.get("adaptive", False))
    pads, _ = _pads_for(str(attrs.get("padding_algorithm", "EXPLICIT")), ins, ks, strides,
                        _six_pads(attrs.get("paddings", [0, 0, 0])), [1, 1, 1])
    if attrs.get("global_pooling", False):
        ks, pads = list(ins), [0] * 6
    if adaptive:
        return ks, strides, [0] * 6, list(ks)
    ceil = bool(attrs.get("ceil_mode", False))
    out = []
    for i, n in enumerate(ins):
        if n < 0:
            out.append(-1)
            continue
        span = n + pads[2 * i] + pads[2 * i + 1] - ks[i]
        out.append((span + strides[i] - 1) // strides[i] + 1 if ceil else span // strides[i] + 1)
    return ks, strides, pads, out


def _pool_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any], with_mask: bool) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)] + ([Meta(None, "int32")] if with_mask else [])
    cl = _channel_last(attrs) and not with_mask
    n, c, ins = _spatial(x.shape, cl)
    _, _, _, out = _pool_geometry(ins, attrs)
    shape = (n, *out, c) if cl else (n, c, *out)
    return [Meta(shape, x.dtype)] + ([Meta(shape, "int32")] if with_mask else [])


def _windows(n: int, out: int, k: int, s: int, p0: int, adaptive: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(start, end, count for exclusive=false) of each output position, clipped to the input."""
    o = np.arange(out, dtype=np.int64)
    if adaptive:
        st = (o * n) // out
        en = -((-(o + 1) * n) // out)
        return st, en, en - st
    st = o * s - p0
    en = np.minimum(st + k, n + p0)
    return np.maximum(st, 0), np.minimum(en, n), en - st


def _pool3d_np(x: np.ndarray, attrs: Mapping[str, Any], kind: str) -> tuple[np.ndarray, np.ndarray | None]:
    ins = x.shape[2:]
    ks, strides, pads, out = _pool_geometry(ins, attrs)
    adaptive = bool(attrs.get("adaptive", False))
    win_adaptive = adaptive and kind != "max"
    wins = [_windows(n, o, k, s, p0, win_adaptive) for n, o, k, s, p0 in zip(ins, out, ks, strides, pads[0::2],
                                                                               strict=True)]
    cd = np.float64
    res = np.empty(x.shape[:2] + tuple(out), dtype=cd)
    mask = np.empty(x.shape[:2] + tuple(out), dtype=np.int32) if kind == "argmax" else None
    exclusive = bool(attrs.get("exclusive", True)) or adaptive
    h, w = ins[1], ins[2]
    for a in range(out[0]):
        for b in range(out[1]):
            for c in range(out[2]):
                (d0, d1), (h0, h1), (w0, w1) = ((int(wi[0][i]), int(wi[1][i])) for wi, i in zip(wins, (a, b, c)))
                blk = x[:, :, d0:d1, h0:h1, w0:w1].astype(cd)
                if kind == "avg":
                    cnt = blk[0, 0].size if exclusive else int(wins[0][2][a] * wins[1][2][b] * wins[2][2][c])
                    res[:, :, a, b, c] = blk.sum(axis=(2, 3, 4)) / cnt
                else:
                    flat = blk.reshape(blk.shape[0], blk.shape[1], -1)
                    arg = flat.argmax(axis=2)
                    res[:, :, a, b, c] = np.take_along_axis(flat, arg[..., None], axis=2)[..., 0]
                    if mask is not None:
                        bd, rem = np.divmod(arg, (h1 - h0) * (w1 - w0))
                        bh, bw = np.divmod(rem, w1 - w0)
                        mask[:, :, a, b, c] = ((d0 + bd) * h + (h0 + bh)) * w + (w0 + bw)
    return res.astype(x.dtype), mask


def _pool3d_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    cl = _channel_last(attrs)
    xc = np.moveaxis(x, 4, 1) if cl else x
    kind = "max" if str(attrs.get("pooling_type", "max")) == "max" else "avg"
    res, _ = _pool3d_np(xc, attrs, kind)
    return [np.ascontiguousarray(np.moveaxis(res, 1, 4) if cl else res)]


def _max_pool3d_index_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    res, mask = _pool3d_np(x, attrs, "argmax")  # adaptive windows when adaptive (unlike a max pool3d)
    assert mask is not None
    return [res, mask]


register(OpDef(name="pd_op.pool3d", operands=("x",),
               attrs=("kernel_size", "strides", "paddings", "ceil_mode", "exclusive", "data_format", "pooling_type",
                      "global_pooling", "adaptive", "padding_algorithm"),
               infer_meta=lambda a, t: _pool_meta(a, t, False), kernel=_pool3d_kernel, pattern=PatternKind.NON_FUSIBLE))
register(OpDef(name="pd_op.max_pool3d_with_index", operands=("x",),
               attrs=("kernel_size", "strides", "paddings", "global_pooling", "adaptive", "ceil_mode"),
               results=("out", "mask"), infer_meta=lambda a, t: _pool_meta(a, t, True), kernel=_max_pool3d_index_kernel,
               pattern=PatternKind.NON_FUSIBLE))
