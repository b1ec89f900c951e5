"""pd_op.cross_entropy_with_softmax (F.softmax_with_cross_entropy, F.cross_entropy).

``(softmax, loss) = cross_entropy_with_softmax(input, label) {soft_label, use_softmax,
numeric_stable_mode, ignore_index, axis}``: softmax of input along axis (input itself when
``use_softmax`` is false); hard labels (int, the axis dim 1) give ``-log p[label]`` and 0 where
label == ignore_index; soft labels (input's shape) give ``-sum(label * log p)``.  loss has
input's shape with the axis dim 1.  Computed in float64 (log-softmax), cast back.  Checked
against PaddlePaddle 3.3.1 by tests/dialects/gen_part4.py.  NON_FUSIBLE.
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


def _ce_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, y = meta_of(args[0]), meta_of(args[1])
    if x.shape is None:
        return [Meta(None, x.dtype), Meta(None, x.dtype)]
    ax = normalize_axis(int(attrs.get("axis", -1)), len(x.shape))
    if y.shape is not None and len(y.shape) != len(x.shape):
        raise ShapeError(f"cross_entropy_with_softmax: label must have input's rank, got {list(y.shape)} for "
                         f"{list(x.shape)}")
    soft = bool(attrs.get("soft_label", False))
    if y.shape is not None and not soft and y.shape[ax] not in (1, -1):
        raise ShapeError(f"cross_entropy_with_softmax: hard labels need size 1 on axis {ax}, got {list(y.shape)}")
    loss = list(x.shape)
    loss[ax] = 1
    return [Meta(x.shape, x.dtype), Meta(tuple(loss), x.dtype)]


def _ce_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, y = np.asarray(args[0]), np.asarray(args[1])
    ax = normalize_axis(int(attrs.get("axis", -1)), x.ndim)
    xd = x.astype(np.float64)
    if attrs.get("use_softmax", True):
        shifted = xd - xd.max(axis=ax, keepdims=True)
        logp = shifted - np.log(np.exp(shifted).sum(axis=ax, keepdims=True))
        prob = np.exp(logp)
    else:
        prob = xd
        with np.errstate(divide="ignore"):
            logp = np.log(xd)
    if attrs.get("soft_label", False):
        loss = -(y.astype(np.float64) * logp).sum(axis=ax, keepdims=True)
    else:
        lab = y.astype(np.int64)
        ignore = lab == int(attrs.get("ignore_index", -100))
        picked = np.take_along_axis(logp, np.where(ignore, 0, lab), axis=ax)
        loss = np.where(ignore, 0.0, -picked)
    return [prob.astype(x.dtype), loss.astype(x.dtype)]


register(OpDef(name="pd_op.cross_entropy_with_softmax", operands=("input", "label"),
               attrs=("soft_label", "use_softmax", "numeric_stable_mode", "ignore_index", "axis"),
               results=("softmax", "loss"), infer_meta=_ce_meta, kernel=_ce_kernel, pattern=PatternKind.NON_FUSIBLE))
