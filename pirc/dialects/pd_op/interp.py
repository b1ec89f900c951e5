"""pd_op.nearest_interp, bilinear_interp, linear_interp, trilinear_interp, bicubic_interp.

Float32 NCHW nearest / bilinear run in nnlib (pirc/runtime/nn/interp.c) with the tables
:func:`plane_coords` gives, the same products in the same order.

nearest / bilinear kernels are bit-exact with Paddle 3.3.1 on random sizes, scales, layouts
and align settings (see the notes above the code); linear and trilinear apply the same 1-D
weights one axis after the other, bicubic Keys' cubic convolution (A = -0.75) one axis after
the other (both within float rounding of Paddle, tests/dialects/gen_part4.py).  Not CINN ops:
NON_FUSIBLE, like pool2d.
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
    register,
)
from pirc.dialects.pd_op.elementwise import cast_array, dtype_name
from pirc.dialects.pd_op.manipulation import kernel_ints

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


def plane_coords(args: Sequence[KernelArg], attrs: Mapping[str, Any]
                 ) -> tuple[str, tuple[int, int], list[tuple[np.ndarray, ...]]] | None:
    """For an NCHW nearest / bilinear interpolation with these operands (``args[0]`` may be any array
    of x's shape): (method, (OH, OW), per spatial axis its source tables), the tables the reference
    kernel below uses: nearest (index,), bilinear (i0, i1, w0, w1) with float32 weights for i0 and
    i1.  None for another layout, rank or method.  Raises ValueError as the kernel does."""
    if args[0] is None or isinstance(args[0], list):
        return None
    x = np.asarray(args[0])
    method = str(attrs.get("interp_method", "bilinear"))
    if x.ndim != 4 or method not in ("nearest", "bilinear") or \
            attrs.get("data_format", "NCHW") != "NCHW":
        return None
    shape = x.shape
    axes = [2, 3]
    out_sizes, scales = _interp_runtime_sizes(x, args, attrs, axes)
    ins = [shape[2], shape[3]]
    if ins == out_sizes:  # the kernel copies x: the identity
        return "nearest", (ins[0], ins[1]), [(np.arange(i),) for i in ins]
    ac = bool(attrs.get("align_corners", False))
    am = int(attrs.get("align_mode", 1))
    ratios = [_interp_ratio(i, o, s, ac) for i, o, s in zip(ins, out_sizes, scales, strict=True)]
    if method == "nearest":
        tables = [(_nearest_index(i, o, r, ac),) for i, o, r in zip(ins, out_sizes, ratios, strict=True)]
    else:
        tables = []
        for j, (i, o, r) in enumerate(zip(ins, out_sizes, ratios, strict=True)):
            i0, i1, d1, d0 = _linear_coords(i, o, r, ac, am, float_chain=(j == 1))
            tables.append((i0, i1, d0, d1))
    return method, (out_sizes[0], out_sizes[1]), tables


def _interp_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    method = str(attrs.get("interp_method", "bilinear"))
    if x.dtype == np.float32:  # nnlib (pirc/runtime/nn), the function the ahead-of-time program calls
        from pirc.runtime.nn import fast

        y = fast.interp2d(args, attrs)
        if y is not None:
            return [y]
    try:
        _interp_check(x.ndim, method)
    except ShapeError as e:
        raise ValueError(str(e)) from None
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
    # linear (1 spatial dim) / bilinear (2) / trilinear (3) / bicubic: compute in the data's
    # float type (float32 weights), integer data in float32, truncated back
    cd = x.dtype if x.dtype.kind == "f" and x.dtype != np.float16 else np.dtype(np.float32)
    xc = x.astype(cd, copy=False)
    if method == "bicubic":
        out = xc
        for a, i, o, r in zip(axes, ins, out_sizes, ratios, strict=True):
            out = _cubic_along(out, a, i, o, r, align_corners)
        return [cast_array(out, dtype_name(x.dtype)) if x.dtype.kind in "iub"
                else np.ascontiguousarray(out.astype(x.dtype, copy=False))]
    coords = [_linear_coords(i, o, r, align_corners, align_mode, float_chain=(j == len(axes) - 1))
              for j, (i, o, r) in enumerate(zip(ins, out_sizes, ratios, strict=True))]

    def w(v: np.ndarray, axis: int) -> np.ndarray:
        shape = [1] * x.ndim
        shape[axis] = v.size
        return v.astype(cd).reshape(shape)

    if len(axes) != 2:  # linear, trilinear: one axis after the other
        out = xc
        for a, (i0, i1, d1, d0) in zip(axes, coords, strict=True):
            out = np.take(out, i0, axis=a) * w(d0, a) + np.take(out, i1, axis=a) * w(d1, a)
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


_CUBIC_A = -0.75


def _cubic_along(x: np.ndarray, axis: int, n_in: int, n_out: int, ratio: np.float32, align_corners: bool
                 ) -> np.ndarray:
    """Paddle's bicubic along one axis: source ratio * k (align_corners) or ratio * (k + 0.5)
    - 0.5, the 4 taps floor(src) - 1 .. floor(src) + 2 clamped to the input, Keys' cubic
    convolution weights with A = -0.75 (align_mode is ignored)."""
    k = np.arange(n_out, dtype=np.float64)
    r = float(ratio)
    src = r * k if align_corners else r * (k + 0.5) - 0.5
    base = np.floor(src)
    t = src - base
    a = _CUBIC_A

    def conv1(v: np.ndarray) -> np.ndarray:
        return ((a + 2) * v - (a + 3)) * v * v + 1

    def conv2(v: np.ndarray) -> np.ndarray:
        return ((a * v - 5 * a) * v + 8 * a) * v - 4 * a

    weights = [conv2(t + 1), conv1(t), conv1(1 - t), conv2(2 - t)]
    shape = [1] * x.ndim
    shape[axis] = n_out
    out = np.zeros(x.shape[:axis] + (n_out,) + x.shape[axis + 1:], dtype=np.float64)
    for tap, wt in enumerate(weights):
        idx = np.clip(base.astype(np.intp) - 1 + tap, 0, n_in - 1)
        out += np.take(x, idx, axis=axis).astype(np.float64) * wt.reshape(shape)
    return out


# Not CINN ops (kOpaque -> NON_FUSIBLE), like pool2d.
for _name, _method in (("nearest_interp", "nearest"), ("bilinear_interp", "bilinear"), ("linear_interp", "linear"),
                       ("trilinear_interp", "trilinear"), ("bicubic_interp", "bicubic")):
    register(OpDef(name=f"pd_op.{_name}", operands=("x", "out_size?", "size_tensor[]?", "scale_tensor?"),
                   attrs=_INTERP_ATTRS, results=("output",), infer_meta=_interp_meta, kernel=_interp_kernel,
                   pattern=PatternKind.NON_FUSIBLE))
