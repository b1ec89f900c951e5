"""Descriptors of nnlib's calls (nnlib.h) from an op's attributes and input shapes.

The one place that decides whether pirc's NN library covers an op instance, used both by the
interpreter's fast paths (:mod:`.fast`, called by the op kernels in pirc/dialects/pd_op) and by the
ahead-of-time host program (pirc/runtime/aot/nnops.py), which calls the library from C.  Each builder returns the int64 descriptor as a tuple, or None when the
case is not covered (the caller keeps its general kernel): a dtype other than float32, NHWC, an
unknown shape (-1), an activation the library does not know, adaptive average pooling to a size that does not
divide the input's, average pooling with a ceil_mode window that starts past the input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

#: activation names (pd_op.fused_conv2d_add_act's ``activation``, pd_op.fc's ``activation_type``,
#: and the activation ops' names) -> nnlib's act code (nnlib.h)
#: (hardsigmoid: with its default slope 0.1666667 and offset 0.5 only)
ACT_CODES: dict[str, int] = {"": 0, "identity": 0, "relu": 1, "relu6": 2, "hardswish": 3, "silu": 4, "hardsigmoid": 5}

CONV_LEN = 17
POOL_LEN = 14
FC_LEN = 4
MATMUL_MAXB = 4
MATMUL_LEN = 6 + 3 * MATMUL_MAXB


def _known(shape: Sequence[int] | None, rank: int) -> tuple[int, ...] | None:
    if shape is None or len(shape) != rank or any(int(d) < 0 for d in shape):
        return None
    return tuple(int(d) for d in shape)


def _nchw(attrs: Mapping[str, Any]) -> bool:
    return attrs.get("data_format", "NCHW") in ("NCHW", "AnyLayout")


def _channels(shape: Sequence[int] | None) -> int | None:
    """Elements of a per-channel bias ([C], [C, 1, 1], [1, C, 1, 1]), else None."""
    if shape is None:
        return None
    s = tuple(int(d) for d in shape)
    if len(s) == 1 or (len(s) == 3 and s[1:] == (1, 1)) or (len(s) == 4 and s[0] == 1 and s[2:] == (1, 1)):
        return s[0] if len(s) < 4 else s[1]
    return None


def conv2d(attrs: Mapping[str, Any], x_shape: Sequence[int] | None, w_shape: Sequence[int] | None,
           dtype: str = "float32", act: str = "identity", bias_shape: Sequence[int] | None = None,
           residual_shape: Sequence[int] | None = None, has_bias: bool = False,
           has_residual: bool = False) -> tuple[int, ...] | None:
    """pd_op.conv2d / depthwise_conv2d / fused_conv2d_add_act -> nnlib's conv descriptor, or None.

    ``has_bias`` / ``has_residual``: the op has that operand (its shape then in ``bias_shape`` /
    ``residual_shape``; a bias must hold one value per output channel, a residual the output's shape).
    """
    from pirc.dialects.pd_op.common import ShapeError
    from pirc.dialects.pd_op.conv import conv_out_size, four_pads, int_pairs, update_pads

    xs, ws = _known(x_shape, 4), _known(w_shape, 4)
    if xs is None or ws is None or dtype != "float32" or not _nchw(attrs) or act not in ACT_CODES:
        return None
    n, c, h, wd = xs
    o, cg, kh, kw = ws
    groups = int(attrs.get("groups", 1))
    if groups < 1 or c != cg * groups or o % groups or min(c, h, wd, o, kh, kw) < 1:
        return None
    try:
        strides = int_pairs(attrs["strides"], "strides")
        pads, dil = update_pads(four_pads(attrs["paddings"]), int_pairs(attrs["dilations"], "dilations"),
                                 attrs.get("padding_algorithm", "EXPLICIT"), (h, wd), strides, (kh, kw))
        oh = conv_out_size(h, kh, pads[0], pads[1], strides[0], dil[0])
        ow = conv_out_size(wd, kw, pads[2], pads[3], strides[1], dil[1])
    except (ShapeError, KeyError, ValueError, TypeError):
        return None
    if min(strides) < 1 or min(dil) < 1 or min(pads) < 0:
        return None
    if has_bias and _channels(bias_shape) != o:
        return None
    if has_residual and _known(residual_shape, 4) != (n, o, oh, ow):
        return None
    return (n, c, h, wd, o, kh, kw, oh, ow, strides[0], strides[1], pads[0], pads[2], dil[0], dil[1], groups,
            ACT_CODES[act])


def pool2d(attrs: Mapping[str, Any], x_shape: Sequence[int] | None, ksize: Sequence[int] | None,
           dtype: str = "float32") -> tuple[int, ...] | None:
    """pd_op.pool2d (kernel_size known) -> nnlib's pool descriptor, or None."""
    from pirc.dialects.pd_op.common import ShapeError
    from pirc.dialects.pd_op.conv import pool_geometry

    xs = _known(x_shape, 4)
    kind = attrs.get("pooling_type")
    if xs is None or ksize is None or dtype != "float32" or not _nchw(attrs) or kind not in ("max", "avg"):
        return None
    n, c, h, w = xs
    if min(h, w) < 1:
        return None
    adaptive = bool(attrs.get("adaptive", False))
    try:
        ks, strides, pads, out = pool_geometry((h, w), list(ksize), attrs,
                                                attrs.get("padding_algorithm", "EXPLICIT"))
    except (ShapeError, KeyError, ValueError, TypeError):
        return None
    if adaptive and kind == "avg":
        # Paddle's adaptive window i spans [floor(i*H/OH), ceil((i+1)*H/OH)): when OH divides H that is
        # the ordinary window of size and stride H/OH (VGG's 7x7 pool of a 7x7 map); other sizes are not covered
        if min(out) < 1 or h % out[0] or w % out[1]:
            return None
        kh, kw = h // out[0], w // out[1]
        return (n, c, h, w, out[0], out[1], kh, kw, kh, kw, 0, 0, 1, 1)
    # adaptive max: Paddle's kernel takes ordinary windows (kernel_size = the output size, strides, no padding)
    if min(ks) < 1 or min(strides) < 1 or min(pads) < 0:
        return None
    # an average over a window that starts past the input (ceil_mode can add one) is left to the general kernel
    if kind == "avg" and (out[0] > 0 and (out[0] - 1) * strides[0] - pads[0] >= h
                          or out[1] > 0 and (out[1] - 1) * strides[1] - pads[2] >= w):
        return None
    exclusive = bool(attrs.get("exclusive", True))
    return (n, c, h, w, out[0], out[1], ks[0], ks[1], strides[0], strides[1], pads[0], pads[2],
            0 if kind == "max" else 1, 1 if exclusive else 0)


def fc(attrs: Mapping[str, Any], x_shape: Sequence[int] | None, w_shape: Sequence[int] | None,
       dtype: str = "float32", bias_shape: Sequence[int] | None = None,
       has_bias: bool = False) -> tuple[int, ...] | None:
    """pd_op.fc -> nnlib's fc descriptor (M, K, N, act), or None."""
    if x_shape is None or dtype != "float32" or attrs.get("padding_weights"):
        return None
    act = str(attrs.get("activation_type", ""))
    ws = _known(w_shape, 2)
    if ws is None or act not in ("", "relu") or any(int(d) < 0 for d in x_shape):
        return None
    k = int(attrs.get("in_num_col_dims", 1))
    if not 1 <= k < len(x_shape):
        return None
    m = 1
    for d in x_shape[:k]:
        m *= int(d)
    kk = 1
    for d in x_shape[k:]:
        kk *= int(d)
    if kk != ws[0] or kk < 1:
        return None
    if has_bias and (bias_shape is None or tuple(int(d) for d in bias_shape) not in ((ws[1],), (1, ws[1]))):
        return None
    return (m, kk, ws[1], ACT_CODES[act])


def matmul(x_shape: Sequence[int] | None, y_shape: Sequence[int] | None, tx: bool, ty: bool,
           dtype: str = "float32") -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """pd_op.matmul / pd_op.bmm -> (nnlib's matmul descriptor, the result's shape), or None.

    The batch dims broadcast as numpy's matmul does (the result's batch is their broadcast); a 1-D
    operand is a row (x) or a column (y) whose dim the result drops.  Covered: float32, known dims,
    at most 4 batch dims after merging none (a higher rank is not covered)."""
    if x_shape is None or y_shape is None or dtype != "float32":
        return None
    xs, ys = tuple(int(d) for d in x_shape), tuple(int(d) for d in y_shape)
    if not xs or not ys or any(d < 0 for d in xs + ys):
        return None
    x1, y1 = len(xs) == 1, len(ys) == 1
    xm = (1,) + xs if x1 else xs
    ym = ys + (1,) if y1 else ys
    tx, ty = tx and not x1, ty and not y1
    m, k = (xm[-1], xm[-2]) if tx else (xm[-2], xm[-1])
    k2, n = (ym[-1], ym[-2]) if ty else (ym[-2], ym[-1])
    if k != k2:
        return None
    xb, yb = xm[:-2], ym[:-2]
    rank = max(len(xb), len(yb))
    if rank > MATMUL_MAXB:
        return None
    xb, yb = (1,) * (rank - len(xb)) + xb, (1,) * (rank - len(yb)) + yb
    ob: list[int] = []
    for a, b in zip(xb, yb, strict=True):
        if a != b and 1 not in (a, b):
            return None
        ob.append(max(a, b) if min(a, b) != 0 else 0)

    def strides(bs: tuple[int, ...]) -> list[int]:
        out, acc = [0] * rank, 1
        for i in range(rank - 1, -1, -1):
            out[i] = 0 if bs[i] == 1 else acc
            acc *= bs[i]
        return out

    pad = MATMUL_MAXB - rank
    xbatch = 1
    for a in xb:
        xbatch *= a
    d = (m, k, n, int(tx), int(ty), max(xbatch, 1), *([1] * pad + ob), *([0] * pad + strides(xb)),
         *([0] * pad + strides(yb)))
    out = tuple(ob) + (() if x1 else (m,)) + (() if y1 else (n,))
    return d, out


CONVT_LEN = 16


def conv2d_transpose(attrs: Mapping[str, Any], x_shape: Sequence[int] | None, w_shape: Sequence[int] | None,
                     output_size: Sequence[int] | None = None, dtype: str = "float32") -> tuple[int, ...] | None:
    """pd_op.conv2d_transpose / depthwise_conv2d_transpose -> nnlib's descriptor, or None (NHWC, unknown dims,
    another dtype, geometry the op refuses)."""
    from pirc.dialects.pd_op.common import ShapeError
    from pirc.dialects.pd_op.conv import _convt_geometry

    xs, ws = _known(x_shape, 4), _known(w_shape, 4)
    if xs is None or ws is None or dtype != "float32" or not _nchw(attrs):
        return None
    groups = int(attrs.get("groups", 1))
    if groups < 1 or xs[1] != ws[0] or xs[1] % groups:
        return None
    try:
        strides, pads, dil, (oh, ow) = _convt_geometry(xs, ws, list(output_size) if output_size else None, attrs)
    except (ShapeError, ValueError, KeyError, TypeError):
        return None
    if oh < 0 or ow < 0 or min(strides) < 1 or min(dil) < 1 or pads[0] < 0 or pads[2] < 0:
        return None
    return (xs[0], xs[1], xs[2], xs[3], ws[1] * groups, ws[2], ws[3], oh, ow, strides[0], strides[1], pads[0],
            pads[2], dil[0], dil[1], groups)


def interp2d(args: Sequence[Any], attrs: Mapping[str, Any], dtype: str = "float32"
             ) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """pd_op.nearest_interp / bilinear_interp (NCHW) -> (nnlib's descriptor, the result's shape), or None.
    ``args``: the op's operands as its kernel takes them (x may be any array of x's shape)."""
    import struct

    from pirc.dialects.pd_op.interp import plane_coords

    if dtype != "float32" or not args or _known(args[0].shape if args[0] is not None else None, 4) is None:
        return None
    try:
        got = plane_coords(args, attrs)
    except (ValueError, TypeError, IndexError):
        return None
    if got is None:
        return None
    method, (oh, ow), tables = got
    n, c, h, w = (int(d) for d in args[0].shape)

    def flat(t: tuple[Any, ...]) -> list[int]:
        out = [int(i) for i in t[0]]
        if len(t) > 1:
            out += [int(i) for i in t[1]]
            out += [struct.unpack("<I", struct.pack("<f", float(v)))[0] for a in t[2:] for v in a]
        return out

    d = (n * c, h, w, oh, ow, 0 if method == "nearest" else 1, *flat(tables[0]), *flat(tables[1]))
    return d, (n, c, oh, ow)


def axis_scan(x_shape: Sequence[int] | None, axis: int | None, flatten: bool = False
              ) -> tuple[int, int, int] | None:
    """(outer, n, inner) of a float32 array of ``x_shape`` seen along ``axis`` (flatten: the whole array as one
    axis; a 0-d array: one element), or None (an unknown dim, an axis out of range)."""
    if x_shape is None or any(int(d) < 0 for d in x_shape):
        return None
    s = [int(d) for d in x_shape]
    if flatten or not s:
        n = 1
        for d in s:
            n *= d
        return 1, n, 1
    if axis is None or not -len(s) <= axis < len(s):
        return None
    a = axis % len(s)
    outer = inner = 1
    for d in s[:a]:
        outer *= d
    for d in s[a + 1:]:
        inner *= d
    return outer, s[a], inner


def argext(x_shape: Sequence[int] | None, axis: int | None, attrs: Mapping[str, Any], is_max: bool,
           dtype: str = "float32") -> tuple[int, ...] | None:
    """pd_op.argmax / argmin -> nnlib's descriptor, or None."""
    if dtype != "float32" or str(attrs.get("dtype", "int64")) not in ("int64", "int32"):
        return None
    got = axis_scan(x_shape, axis, bool(attrs.get("flatten", False)))
    if got is None:
        return None
    return (*got, int(is_max), int(str(attrs.get("dtype", "int64")) == "int32"))


def cumsum(x_shape: Sequence[int] | None, axis: int | None, attrs: Mapping[str, Any],
           dtype: str = "float32") -> tuple[int, ...] | None:
    """pd_op.cumsum -> nnlib's descriptor (float32 or int64), or None."""
    if dtype not in ("float32", "int64"):
        return None
    got = axis_scan(x_shape, axis, bool(attrs.get("flatten", False)))
    if got is None or (bool(attrs.get("flatten", False)) and axis not in (None, 0, -1)):
        return None
    return (*got, int(bool(attrs.get("exclusive", False))), int(bool(attrs.get("reverse", False))))


def _bias_strides(shape: Sequence[int], full: tuple[int, int, int, int]) -> tuple[int, ...] | None:
    """Element strides over ``full`` ([B, H, Sq, Sk]) of a contiguous array of ``shape`` that broadcasts to
    it (0 on broadcast axes), or None when it does not broadcast."""
    s = _known(shape, len(shape)) if len(shape) <= 4 else None
    if s is None:
        return None
    s = (1,) * (4 - len(s)) + s
    strides, step = [0, 0, 0, 0], 1
    for ax in range(3, -1, -1):
        if s[ax] == full[ax]:
            strides[ax] = 0 if s[ax] == 1 else step
        elif s[ax] != 1:
            return None
        step *= s[ax]
    return tuple(strides)


def attention(attrs: Mapping[str, Any], q_shape: Sequence[int] | None, k_shape: Sequence[int] | None,
              v_shape: Sequence[int] | None, dtype: str = "float32", bias_shape: Sequence[int] | None = None,
              has_bias: bool = False) -> tuple[int, ...] | None:
    """pd_op.fused_dot_product_attention -> nnlib's attention descriptor, or None."""
    import struct

    if dtype != "float32" or attrs.get("is_training", False) or attrs.get("dropout_probability", 0.0) not in (0, 0.0):
        return None
    heads = int(attrs.get("head_number", 0) or 0)
    rank = 3 if heads else 4
    qs, ks, vs = _known(q_shape, rank), _known(k_shape, rank), _known(v_shape, rank)
    if qs is None or ks is None or vs is None or heads < 0:
        return None
    if heads:
        if any(s[2] % heads for s in (qs, ks, vs)):
            return None
        qs, ks, vs = ((s[0], s[1], heads, s[2] // heads) for s in (qs, ks, vs))
    (b, sq, h, d), (bk, sk, hk, dk), (bv, sv, hv, dv) = qs, ks, vs
    if not (b == bk == bv and h == hk == hv and d == dk and sk == sv) or min(sk, h, d, dv) < 1:
        return None
    strides: tuple[int, ...] = (0, 0, 0, 0)
    if has_bias:
        if bias_shape is None or (bs := _bias_strides(bias_shape, (b, h, sq, sk))) is None:
            return None
        strides = bs
    try:
        bits = struct.unpack("<I", struct.pack("<f", float(attrs.get("scaling_factor", 1.0))))[0]
    except (OverflowError, TypeError, ValueError):
        return None
    return (b, sq, sk, h, d, dv, *strides, bits)


def embedding(attrs: Mapping[str, Any], ids_shape: Sequence[int] | None, w_shape: Sequence[int] | None,
              ids_dtype: str = "int64", dtype: str = "float32") -> tuple[int, ...] | None:
    """pd_op.embedding -> nnlib's embedding descriptor (n, V, Dm, padding_idx), or None."""
    ws = _known(w_shape, 2)
    if ids_shape is None or ws is None or ids_dtype != "int64" or dtype != "float32" or min(ws) < 1:
        return None
    if any(int(d) < 0 for d in ids_shape):
        return None
    n = 1
    for d in ids_shape:
        n *= int(d)
    pad = int(attrs.get("padding_idx", -1))
    if pad != -1:  # -1: no padding row; else a row index, negative ones counting from the end
        if not -ws[0] <= pad < ws[0]:
            return None
        pad %= ws[0]
    return (n, ws[0], ws[1], pad)


def threads() -> int:
    """The ``nt`` the interpreter passes: the run's OpenMP team (pirc/runtime/threads.py), so one thread
    under the inter-op policy that programs mixing host ops and compiled kernels get (a CNN's), the
    cores under the intra-op one.  Passing the cores under the inter-op policy too (nnlib opening a team
    only above ``PIRC_PAR_FLOPS``) was measured on the shared 2-core machine: ResNet-50 292 ms vs 205
    (CPU 155 vs 137 ms a run, bench/models.py --cpu, 3 rounds) and 294/326 vs 257/288 ms with
    ``PIRC_NUM_THREADS=2`` vs 1: a team waits for a second core that the neighbours hold."""
    from pirc.runtime.threads import current

    p = current()
    return 1 if p is None else max(1, p.omp)


__all__ = ["ACT_CODES", "CONV_LEN", "CONVT_LEN", "FC_LEN", "MATMUL_LEN", "POOL_LEN", "argext", "attention", "axis_scan", "conv2d", "conv2d_transpose", "cumsum", "embedding", "fc", "interp2d", "matmul", "pool2d",
           "threads"]
