"""pd_op atan2, bitwise_and / or / xor / not (+ the inplace ``_`` forms), dist.

Checked against PaddlePaddle 3.3.1 by tests/dialects/gen_part4.py.

* ``atan2`` broadcasts; integer inputs give float64 (Paddle's atan2 kernel computes integer
  types in double), float inputs keep their type.
* ``bitwise_*`` broadcast; on bool they are the logical ops.
* ``dist(x, y, p)`` = the p-norm of ``x - y`` (broadcast) as a 0-D tensor: p = 0 counts the
  nonzero differences, p = inf / -inf take the max / min of ``|x - y|``.

pirc has no CINN lowering for these: NON_FUSIBLE (they run as numpy kernels between groups).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, Meta, MetaArg, OpDef, PatternKind, meta_of, register
from pirc.dialects.pd_op.elementwise import binary_meta, broadcast_meta_shapes, register_with_inplace, unary_meta

_INT_KINDS = "iub"


def _atan2_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, y = meta_of(args[0]), meta_of(args[1])
    dt = x.dtype if x.dtype in ("float16", "bfloat16", "float32", "float64") else "float64"
    return [Meta(broadcast_meta_shapes(x.shape, y.shape), dt)]


def _atan2_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, y = np.asarray(args[0]), np.asarray(args[1])
    if x.dtype.kind in _INT_KINDS:
        return [np.arctan2(x.astype(np.float64), y.astype(np.float64))]
    cd = np.float32 if x.dtype == np.float16 else x.dtype
    return [np.arctan2(x.astype(cd), y.astype(cd)).astype(x.dtype)]


register(OpDef(name="pd_op.atan2", operands=("x", "y"), infer_meta=_atan2_meta, kernel=_atan2_kernel,
               pattern=PatternKind.NON_FUSIBLE))


def _bitwise(fn: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> Callable[[Sequence[KernelArg], Mapping[str, Any]], list[np.ndarray]]:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x, y = np.asarray(args[0]), np.asarray(args[1])
        return [np.asarray(fn(x, y.astype(x.dtype, copy=False))).astype(x.dtype, copy=False)]

    return kernel


for _name, _fn in (("bitwise_and", np.bitwise_and), ("bitwise_or", np.bitwise_or), ("bitwise_xor", np.bitwise_xor)):
    register_with_inplace(_name, operands=("x", "y"), infer_meta=binary_meta(), kernel=_bitwise(_fn),
                          pattern=PatternKind.NON_FUSIBLE, inplace_variant=True)


def _bitwise_not_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    return [np.logical_not(x) if x.dtype == np.bool_ else np.invert(x)]


register_with_inplace("bitwise_not", operands=("x",), infer_meta=unary_meta(), kernel=_bitwise_not_kernel,
                      pattern=PatternKind.NON_FUSIBLE, inplace_variant=True)


def _dist_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, y = meta_of(args[0]), meta_of(args[1])
    broadcast_meta_shapes(x.shape, y.shape)  # raises when they do not broadcast
    return [Meta((), x.dtype)]


def _dist_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, y = np.asarray(args[0]), np.asarray(args[1])
    p = float(attrs.get("p", 2.0))
    d = np.abs(x.astype(np.float64) - y.astype(np.float64))
    if p == 0:
        r = float(np.count_nonzero(d))
    elif p == np.inf:
        r = d.max()
    elif p == -np.inf:
        r = d.min()
    else:
        r = np.sum(d ** p) ** (1.0 / p)
    return [np.asarray(r, dtype=x.dtype)]


register(OpDef(name="pd_op.dist", operands=("x", "y"), attrs=("p",), infer_meta=_dist_meta, kernel=_dist_kernel,
               pattern=PatternKind.NON_FUSIBLE))
