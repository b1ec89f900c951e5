"""pd_op.fc: a matmul with its bias add (and relu) in one op, as Paddle Inference's ``fc_fuse_pass`` makes it.

Paddle's op (``ops.yaml``, FCInferMeta): ``input`` is flattened to a matrix at ``in_num_col_dims``
(``[prod(dims[:k]), prod(dims[k:])]``), multiplied by ``w`` (``[K, N]``), ``bias`` (``[N]`` or
``[1, N]``, optional) added to every row, then ``activation_type`` (``""`` or ``"relu"``); the result
has shape ``dims[:k] + [N]``.  ``padding_weights`` (oneDNN's padded weight layout) is not
supported: pirc refuses it.  pirc's pass ``fuse_fc`` (pirc/passes/fuse_fc.py) makes it.

The kernel computes the unfused ops' float32 operations in their order (the GEMM, then ``+ bias``
in place on the fresh product, then relu's kernel).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, Meta, MetaArg, OpDef, ShapeError, meta_of, register


def _meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, w = meta_of(args[0]), meta_of(args[1])
    if attrs.get("padding_weights"):
        raise ShapeError("fc: padding_weights is not supported")
    act = attrs.get("activation_type", "")
    if act not in ("", "relu"):
        raise ShapeError(f"fc: activation_type must be '' or 'relu', got {act!r}")
    if x.dtype != w.dtype:
        raise ShapeError(f"fc: input dtype {x.dtype} and w dtype {w.dtype} differ")
    k = int(attrs.get("in_num_col_dims", 1))
    if w.shape is None or len(w.shape) != 2:
        raise ShapeError(f"fc: w must be 2-D, got {w.shape}")
    if x.shape is None:
        return [Meta(None, x.dtype)]
    if not 1 <= k < len(x.shape):
        raise ShapeError(f"fc: in_num_col_dims {k} must be in [1, {len(x.shape)})")
    inner = x.shape[k:]
    kk = -1 if any(d < 0 for d in inner) else int(np.prod(inner))
    if kk >= 0 and w.shape[0] >= 0 and kk != w.shape[0]:
        raise ShapeError(f"fc: input {x.shape} flattened at {k} has {kk} columns, w {w.shape} has {w.shape[0]} rows")
    b = meta_of(args[2]) if len(args) > 2 and args[2] is not None else None
    if b is not None and b.shape is not None:
        if b.shape not in ((w.shape[1],), (1, w.shape[1])) and w.shape[1] >= 0:
            raise ShapeError(f"fc: bias {b.shape} must be [N] or [1, N] with N = {w.shape[1]}")
        if b.dtype != x.dtype:
            raise ShapeError(f"fc: bias dtype {b.dtype} differs from {x.dtype}")
    return [Meta(tuple(x.shape[:k]) + (w.shape[1],), x.dtype)]


def _kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    from pirc.dialects.opdef import lookup
    from pirc.runtime.nn import fast

    x, w = np.asarray(args[0]), np.asarray(args[1])
    b = None if len(args) < 3 or args[2] is None else np.asarray(args[2])
    y = fast.fc(x, w, b, attrs)  # nnlib (pirc/runtime/nn); None: not covered
    if y is not None:
        return [y]
    k = int(attrs.get("in_num_col_dims", 1))
    lead = x.shape[:k]
    out = np.matmul(x.reshape(int(np.prod(lead)), -1), w)
    if out.dtype != x.dtype:
        out = out.astype(x.dtype)
    if b is not None:
        out += b.reshape(1, -1)  # in place on the fresh product: the add's operation, no copy
    if attrs.get("activation_type", "") == "relu":
        out = lookup("pd_op.relu").kernel([out], {})[0]
    return [out.reshape(*lead, w.shape[1])]


register(OpDef(name="pd_op.fc", operands=("input", "w", "bias?"),
               attrs=("in_num_col_dims", "activation_type", "padding_weights"), infer_meta=_meta, kernel=_kernel))
