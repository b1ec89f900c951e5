"""pd_op expand, expand_as, tile, flip, roll, pad, pad3d.

Conventions: see manipulation.py's docstring.  ``flip`` (axis attribute; duplicates are
checked on the values as given, so [1, -1] passes and flips once; a 0-D tensor takes no
axis), ``roll`` (shifts operand, axis attribute; no axes: roll the flattened tensor, one
shift), ``pad`` (paddings attribute, 2 * rank non-negative values; pad_value is a float32
operand cast to x's type) and ``pad3d`` (5-D; paddings [left, right, top, bottom, front,
back] may be negative = crop; pad_value is a double; modes constant, reflect, replicate,
circular; unknown paddings give -1 dims).  Pattern kinds: expand BROADCAST (CINN
broadcast_to), expand_as BROADCAST, tile INJECTIVE, flip (CINN reverse), roll, pad, pad3d
INJECTIVE.
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
    as_int_list,
    meta_of,
    register,
)
from pirc.dialects.pd_op.elementwise import cast_array, dtype_name, first_value
from pirc.dialects.pd_op.manipulation import _operand_len, const_ints, kernel_ints

# ---------------------------------------------------------------------------
# expand / expand_as / tile
# ---------------------------------------------------------------------------

def _expand_shape(in_shape: tuple[int, ...], target: list[int]) -> tuple[int, ...]:
    if len(target) < len(in_shape):
        raise ShapeError(f"expand: target shape {target} has fewer dims than input {in_shape}")
    off = len(target) - len(in_shape)
    out = []
    for i, t in enumerate(target):
        if i < off:
            if t < 0:
                raise ShapeError(f"expand: target dim {i} is {t} for a new leading dim")
            out.append(t)
            continue
        d = in_shape[i - off]
        if t == -1:
            out.append(d)
        elif t < -1:
            raise ShapeError(f"expand: invalid target dim {t}")
        elif d == 1 or d == t or d == -1:
            out.append(t)
        else:
            raise ShapeError(f"expand: cannot expand dim {d} to {t} (input {in_shape}, target {target})")
    return tuple(out)


def _expand_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    target = const_ints(args[1])
    if target is None:
        n = _operand_len(args[1])
        return [Meta(None if n is None else (-1,) * n, x.dtype)]
    if x.shape is None:
        return [Meta(tuple(t if t >= 0 else -1 for t in target), x.dtype)]
    return [Meta(_expand_shape(x.shape, target), x.dtype)]


def _expand_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    shape = _expand_shape(x.shape, kernel_ints(args[1]))
    return [np.broadcast_to(x, shape).copy()]


register(OpDef(name="pd_op.expand", operands=("x", "shape"), infer_meta=_expand_meta, kernel=_expand_kernel,
               pattern=PatternKind.BROADCAST))


def _expand_as_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    target = list(attrs.get("target_shape") or [])
    y = args[1] if len(args) > 1 else None
    if not target and isinstance(y, Meta):
        if y.shape is None:
            return [Meta(None, x.dtype)]
        target = list(y.shape)
    if x.shape is None:
        return [Meta(tuple(target), x.dtype)]
    return [Meta(_expand_shape(x.shape, target), x.dtype)]


def _expand_as_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    y = args[1] if len(args) > 1 else None
    target = list(attrs.get("target_shape") or [])
    if y is not None:
        target = list(np.shape(y)) if not target or any(t < 0 for t in target) else target
    return [np.broadcast_to(x, _expand_shape(x.shape, target)).copy()]


register(OpDef(name="pd_op.expand_as", operands=("x", "y?"), attrs=("target_shape",), infer_meta=_expand_as_meta,
               kernel=_expand_as_kernel, pattern=PatternKind.BROADCAST))


def _tile_shape(in_shape: tuple[int, ...], reps: list[int]) -> tuple[int, ...]:
    if any(r < 0 for r in reps):
        raise ShapeError(f"tile: repeat_times must be non-negative, got {reps}")
    n = max(len(in_shape), len(reps))
    s = (1,) * (n - len(in_shape)) + tuple(in_shape)
    r = [1] * (n - len(reps)) + list(reps)
    return tuple(-1 if d < 0 else d * k for d, k in zip(s, r, strict=True))


def _tile_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    reps = const_ints(args[1])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    if reps is None:
        # Paddle keeps the leading dims that no repeat count can reach
        n = _operand_len(args[1])
        if n is None:
            return [Meta(None, x.dtype)]
        keep = max(len(x.shape) - n, 0)
        return [Meta(x.shape[:keep] + (-1,) * n, x.dtype)]
    return [Meta(_tile_shape(x.shape, reps), x.dtype)]


def _tile_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    reps = kernel_ints(args[1])
    shape = _tile_shape(x.shape, reps)
    return [np.array(np.tile(x, reps) if reps else x.copy()).reshape(shape)]


register(OpDef(name="pd_op.tile", operands=("x", "repeat_times"), infer_meta=_tile_meta, kernel=_tile_kernel,
               pattern=PatternKind.INJECTIVE))


# ---------------------------------------------------------------------------
# flip / roll
# ---------------------------------------------------------------------------

def _flip_axes(axis: Sequence[int], rank: int) -> list[int]:
    # phi FlipInferMeta: every axis in [-rank, rank) (so a 0-D tensor takes none), no duplicates
    out = []
    for a in axis:
        if not -rank <= a < rank:
            raise ShapeError(f"flip: axis {a} out of range for rank {rank}")
        out.append(a + rank if a < 0 else a)
    if len(set(out)) != len(out):
        raise ShapeError(f"flip: axes have duplicates: {list(axis)}")
    return out


def _flip_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is not None:
        _flip_axes(as_int_list(attrs.get("axis", [])), len(x.shape))
    return [Meta(x.shape, x.dtype)]


def _flip_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    try:
        axes = _flip_axes(as_int_list(attrs.get("axis", [])), x.ndim)
    except ShapeError as e:
        raise ValueError(str(e)) from None
    return [np.flip(x, axes).copy() if axes else x.copy()]


# CINN registers flip's counterpart ``reverse`` as kInjective
register(OpDef(name="pd_op.flip", operands=("x",), attrs=("axis",), infer_meta=_flip_meta, kernel=_flip_kernel,
               pattern=PatternKind.INJECTIVE))


def _roll_check(nshifts: int | None, axis: list[int], rank: int) -> None:
    # phi RollInferMeta
    if axis:
        for a in axis:
            if not -rank <= a < rank:
                raise ShapeError(f"roll: axis {a} out of range [{-rank}, {rank})")
        if nshifts is not None and nshifts != len(axis):
            raise ShapeError(f"roll: {len(axis)} axes but {nshifts} shifts")
    elif nshifts is not None and nshifts != 1:
        raise ShapeError(f"roll: without axes shifts must have one entry, got {nshifts}")


def _roll_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is not None:
        shifts = const_ints(args[1])
        _roll_check(len(shifts) if shifts is not None else _operand_len(args[1]),
                    as_int_list(attrs.get("axis", [])), len(x.shape))
    return [Meta(x.shape, x.dtype)]


def _roll_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    shifts = kernel_ints(args[1])
    axis = as_int_list(attrs.get("axis", []))
    try:
        _roll_check(len(shifts), axis, x.ndim)
    except ShapeError as e:
        raise ValueError(str(e)) from None
    if not axis:  # roll the flattened tensor
        return [np.roll(x.reshape(-1), shifts[0]).reshape(x.shape)]
    return [np.roll(x, shifts, axis)]


register(OpDef(name="pd_op.roll", operands=("x", "shifts"), attrs=("axis",), infer_meta=_roll_meta,
               kernel=_roll_kernel, pattern=PatternKind.INJECTIVE))

# ---------------------------------------------------------------------------
# pad / pad3d
# ---------------------------------------------------------------------------

def _pad_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    # phi PadInferMeta: 2 * rank non-negative paddings [before0, after0, before1, ...]
    x = meta_of(args[0])
    pads = as_int_list(attrs.get("paddings", []))
    if x.shape is None:
        return [Meta(None, x.dtype)]
    if len(pads) != 2 * len(x.shape):
        raise ShapeError(f"pad: paddings must have 2 * rank = {2 * len(x.shape)} entries, got {len(pads)}")
    if any(p < 0 for p in pads):
        raise ShapeError(f"pad: paddings must be >= 0, got {pads}")
    return [Meta(tuple(-1 if d < 0 else d + pads[2 * i] + pads[2 * i + 1] for i, d in enumerate(x.shape)), x.dtype)]


def _pad_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    pads = as_int_list(attrs.get("paddings", []))
    if len(pads) != 2 * x.ndim or any(p < 0 for p in pads):
        raise ValueError(f"pad: bad paddings {pads} for a rank-{x.ndim} tensor")
    value = cast_array(np.asarray(first_value(args[1])), dtype_name(x.dtype))  # static_cast<T>(pad_value)
    return [np.pad(x, [(pads[2 * i], pads[2 * i + 1]) for i in range(x.ndim)], constant_values=value)]


register(OpDef(name="pd_op.pad", operands=("x", "pad_value"), attrs=("paddings",), infer_meta=_pad_meta,
               kernel=_pad_kernel, pattern=PatternKind.INJECTIVE))


_PAD3D_MODES = {"constant": "constant", "reflect": "reflect", "replicate": "edge", "circular": "wrap"}


def _pad3d_axes(attrs: Mapping[str, Any]) -> list[int]:
    """Axes padded by paddings [left, right, top, bottom, front, back]: W, H, D."""
    return [3, 2, 1] if attrs.get("data_format", "NCDHW") == "NDHWC" else [4, 3, 2]


def _pad3d_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    # phi Pad3dInferMeta: a 5-D x, 6 paddings (may be negative); unknown paddings -> -1
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    if len(x.shape) != 5:
        raise ShapeError(f"pad3d: x must be 5-D, got rank {len(x.shape)}")
    pads = const_ints(args[1])
    n = len(pads) if pads is not None else _operand_len(args[1])
    if n is not None and n != 6:
        raise ShapeError(f"pad3d: paddings must have 6 entries, got {n}")
    shape = list(x.shape)
    for j, a in enumerate(_pad3d_axes(attrs)):
        if pads is None:
            shape[a] = -1
        elif shape[a] >= 0:
            shape[a] = shape[a] + pads[2 * j] + pads[2 * j + 1]
    return [Meta(tuple(shape), x.dtype)]


def _pad3d_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    pads = kernel_ints(args[1])
    mode = str(attrs.get("mode", "constant"))
    if x.ndim != 5 or len(pads) != 6:
        raise ValueError(f"pad3d: needs a 5-D x and 6 paddings, got rank {x.ndim} and {len(pads)}")
    if mode not in _PAD3D_MODES:
        raise ValueError(f"pad3d: unknown mode {mode!r}")
    widths = [(0, 0)] * 5
    crop = [slice(None)] * 5
    for j, a in enumerate(_pad3d_axes(attrs)):
        lo, hi = pads[2 * j], pads[2 * j + 1]
        if mode == "reflect" and (lo >= x.shape[a] or hi >= x.shape[a]):
            raise ValueError(f"pad3d: reflect paddings must be smaller than the padded dim ({x.shape[a]})")
        if mode == "circular" and (lo > x.shape[a] or hi > x.shape[a]):
            raise ValueError(f"pad3d: circular paddings must not exceed the padded dim ({x.shape[a]})")
        widths[a] = (max(lo, 0), max(hi, 0))
        padded = x.shape[a] + max(lo, 0) + max(hi, 0)
        crop[a] = slice(-min(lo, 0), padded + min(hi, 0))  # negative paddings crop
    kw: dict[str, Any] = {}
    if mode == "constant":
        kw["constant_values"] = cast_array(np.asarray(float(attrs.get("pad_value", 0.0))), dtype_name(x.dtype))
    out = np.pad(x, widths, mode=_PAD3D_MODES[mode], **kw)
    return [np.ascontiguousarray(out[tuple(crop)])]


register(OpDef(name="pd_op.pad3d", operands=("x", "paddings"), attrs=("mode", "pad_value", "data_format"),
               infer_meta=_pad3d_meta, kernel=_pad3d_kernel, pattern=PatternKind.INJECTIVE))
