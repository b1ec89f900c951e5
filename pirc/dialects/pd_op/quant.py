"""pd_op quantize_linear and dequantize_linear, as Paddle 3.3.1's PIR executor runs them.

Checked against PaddlePaddle 3.3.1 by tests/dialects/gen_part5.py (exact equality).

Both ops: ``(x, scale?, zero_point, in_accum?, in_state?) {quant_axis, bit_length, qmin, qmax,
round_type, is_test, only_observer} -> (y, out_state, out_accum, out_scale)``.

**dequantize_linear quantizes.**  Paddle 3.3.1's static_ops.yaml gives ``dequantize_linear`` the
kernel ``quantize_linear`` (an entry copied from quantize_linear), so the PIR executor -- for
programs built in PIR and for legacy ProgramDescs it translates alike -- computes the
quantization below for both ops; only the legacy executor runs the dequantize kernel
(``y = x * scale / qmax``).  pirc reproduces the PIR executor: both ops share one kernel.

The kernel (``T`` = float32, the only type Paddle's CPU kernel has):

* ``is_test`` (inference): the scales come from ``scale``: one value when ``quant_axis`` is -1,
  else one per index of axis ``quant_axis`` (0 or 1 only, like Paddle's channel functor).
* training (``is_test`` false): per tensor, the scale is the moving average of ``max|x|``:
  ``state = 0.9 state + 1``, ``accum = 0.9 accum + max|x|``, ``scale = accum / state``
  (``out_state`` / ``out_accum`` / ``out_scale`` give them); per channel, ``out_scale`` is each
  channel's ``max|x|``.
* ``only_observer``: ``y`` is ``x``.  Otherwise, with ``b = qmax`` and ``inv = 1 / s``
  (``1 / (s + 1e-6)`` when ``s <= 1e-30``):
  ``round_type`` 0: ``y = clamp(rint((b * inv) * x), -b - 1, b)`` (ties to even);
  ``round_type`` 1: ``y = round_half_away((b * inv) * clip(x, -s, s))``.
  ``qmin`` and ``bit_length`` do not enter (Paddle's functors take only ``qmax``).

In inference Paddle leaves ``out_state`` / ``out_accum`` / ``out_scale`` unwritten (uninitialised
memory); pirc gives copies of ``in_state`` / ``in_accum`` / ``scale`` there -- what the in-place
form of the op would leave -- and empty tensors when those operands are absent.  Shapes:
``y`` is x's; ``out_scale`` is ``scale``'s per tensor and ``[x.shape[quant_axis]]`` per channel;
``out_state`` / ``out_accum`` are ``in_state`` / ``in_accum``'s.  NON_FUSIBLE.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, Meta, MetaArg, OpDef, PatternKind, ShapeError, meta_of, register

_RATE = np.float32(0.9)


def _quant_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    axis = int(attrs.get("quant_axis", 0))
    if axis not in (-1, 0, 1):
        raise ShapeError(f"quantize_linear: quant_axis must be -1, 0 or 1, got {axis}")
    if x.shape is not None and axis >= len(x.shape):
        raise ShapeError(f"quantize_linear: quant_axis {axis} out of range for rank {len(x.shape)}")

    def like(i: int) -> Meta:
        a = args[i] if len(args) > i else None
        return Meta(a.shape, a.dtype) if isinstance(a, Meta) else Meta(None, x.dtype)

    if axis < 0:
        scale = like(1)
    else:
        scale = Meta(None if x.shape is None else (x.shape[axis],), x.dtype)
    return [Meta(x.shape, x.dtype), like(4), like(3), scale]


def _inverse(s: np.ndarray) -> np.ndarray:
    one = np.float32(1)
    return np.where(s <= np.float32(1e-30), one / (s + np.float32(1e-6)), one / s).astype(np.float32)


def _round_half_away(v: np.ndarray) -> np.ndarray:
    whole = np.trunc(v)
    frac = v - whole
    return whole + np.where(np.abs(frac) >= np.float32(0.5), np.sign(v), np.float32(0))


def _fake_quant(x: np.ndarray, s: np.ndarray, qmax: int, round_type: int) -> np.ndarray:
    """Paddle's (Channel)ClipAndFakeQuantFunctor; ``s`` broadcasts against ``x``."""
    b = np.float32(qmax)
    k = (b * _inverse(s)).astype(np.float32)
    if round_type == 0:
        v = np.rint(k * x)
        v = np.where(v > b, b, v)
        return np.where(v < -b - np.float32(1), -b - np.float32(1), v).astype(np.float32)
    c = np.where(x < -s, -s, np.where(x > s, s, x))
    return _round_half_away(k * c).astype(np.float32)


def _channel_view(s: np.ndarray, x: np.ndarray, axis: int) -> np.ndarray:
    if s.size < x.shape[axis]:
        raise ValueError(f"quantize_linear: {s.size} scales for {x.shape[axis]} channels on axis {axis}")
    return s.reshape(-1)[:x.shape[axis]].reshape((-1,) + (1,) * (x.ndim - axis - 1))


def _quant_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    scale = args[1] if len(args) > 1 else None
    accum = args[3] if len(args) > 3 else None
    state = args[4] if len(args) > 4 else None
    if x.dtype != np.float32:
        raise ValueError(f"quantize_linear: Paddle's CPU kernel takes float32, got {x.dtype}")
    if scale is None:
        raise ValueError("quantize_linear: the scale operand is required")
    scale = np.asarray(scale, dtype=np.float32)
    axis = int(attrs.get("quant_axis", 0))
    qmax = int(attrs.get("qmax", 127))
    round_type = int(attrs.get("round_type", 0))
    if axis >= 0 and axis not in (0, 1):
        raise ValueError(f"quantize_linear: channel-wise quantization takes quant_axis 0 or 1, got {axis}")
    empty = np.zeros((0,), dtype=np.float32)
    out_state = empty if state is None else np.array(state, dtype=np.float32)
    out_accum = empty if accum is None else np.array(accum, dtype=np.float32)
    if attrs.get("is_test", True):
        out_scale = scale.copy()
        s = scale.reshape(-1)[:1] if axis < 0 else _channel_view(scale, x, axis)
    elif axis < 0:
        if state is None or accum is None:
            raise ValueError("quantize_linear: training needs in_accum and in_state")
        cur = np.float32(np.abs(x).max()) if x.size else np.float32(0)
        out_state = (_RATE * out_state.reshape(-1)[:1] + np.float32(1)).astype(np.float32)
        out_accum = (_RATE * out_accum.reshape(-1)[:1] + cur).astype(np.float32)
        out_scale = (out_accum / out_state).astype(np.float32)
        s = out_scale
    else:
        moved = np.moveaxis(np.abs(x), axis, 0).reshape(x.shape[axis], -1)
        out_scale = moved.max(axis=1).astype(np.float32)
        s = _channel_view(out_scale, x, axis)
    if attrs.get("only_observer", False):
        y = x.copy()
    else:
        y = _fake_quant(x, s, qmax, round_type)
    return [y, out_state, out_accum, out_scale]


for _name in ("pd_op.quantize_linear", "pd_op.dequantize_linear"):
    register(OpDef(name=_name, operands=("x", "scale?", "zero_point", "in_accum?", "in_state?"),
                   attrs=("quant_axis", "bit_length", "qmin", "qmax", "round_type", "is_test", "only_observer"),
                   results=("y", "out_state", "out_accum", "out_scale"), infer_meta=_quant_meta,
                   kernel=_quant_kernel, pattern=PatternKind.NON_FUSIBLE))
