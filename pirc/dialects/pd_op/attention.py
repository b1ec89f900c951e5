"""pd_op.fused_dot_product_attention: a multi-head attention core in one op, on ``[B, S, H, D]`` tensors.

Paddle Inference fuses a transformer's attention (``multihead_matmul_fuse_pass``,
``self_attention_fuse_pass``); pirc's pass ``fuse_attention`` (pirc/passes/fuse_attention.py) makes
this op from the chain ``nn.MultiHeadAttention`` prints::

    q' = transpose(q, [0, 2, 1, 3])   k' = ...(k)   v' = ...(v)      [B, S, H, D] -> [B, H, S, D]
    s = matmul(scale(q', alpha), k', transpose_y=true) [+ bias]
    out = transpose(matmul(softmax(s, -1), v'), [0, 2, 1, 3])       -> [B, Sq, H, Dv]

Operands: ``q`` ``[B, Sq, H, D]``, ``k`` ``[B, Sk, H, D]``, ``v`` ``[B, Sk, H, Dv]`` (the layout the
projections give after a free reshape, so no transpose is ever copied), ``bias`` (optional, an
additive mask that broadcasts to ``[B, H, Sq, Sk]``).  ``scaling_factor`` multiplies ``q`` before
the product, as the unfused program does (1.0: no multiplication).  One result,
``[B, Sq, H, Dv]``.  With ``head_number`` H > 0, q, k, v and the result are ``[B, S, H*D]`` instead
(the projections before their split into heads, the result after the merge: free reshapes).  Paddle's GPU op of this name also returns the softmax and an RNG state and
scales the product instead of ``q``; pirc's keeps the unfused program's order of operations, so
that it matches it to float32 rounding.

The kernel runs the same operations as the unfused ops: the scale kernel's multiply, BLAS GEMMs per
(batch, head) on strided views (``lda`` = ``H * D``: no transposed copies), the add kernel, the
softmax kernel, and a last GEMM written straight into the ``[B, Sq, H, Dv]`` result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, Meta, MetaArg, OpDef, ShapeError, broadcast_dims, meta_of, register


def _eq(a: int, b: int) -> bool:
    return a < 0 or b < 0 or a == b


def _meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    q, k, v = meta_of(args[0]), meta_of(args[1]), meta_of(args[2])
    if not q.dtype == k.dtype == v.dtype:
        raise ShapeError(f"fused_dot_product_attention: q, k, v dtypes differ ({q.dtype}, {k.dtype}, {v.dtype})")
    if attrs.get("dropout_probability", 0.0) not in (0, 0.0) or attrs.get("is_training", False):
        raise ShapeError("fused_dot_product_attention: only inference (no dropout, is_training false)")
    if q.shape is None or k.shape is None or v.shape is None:
        return [Meta(None, q.dtype)]
    heads = int(attrs.get("head_number", 0) or 0)
    if heads:  # [B, S, H*D] operands and result
        if not len(q.shape) == len(k.shape) == len(v.shape) == 3 or heads < 0 or \
                any(s[2] >= 0 and s[2] % heads for s in (q.shape, k.shape, v.shape)):
            raise ShapeError(f"fused_dot_product_attention: with head_number {heads}, q, k, v must be [B, S, H*D] "
                             f"with H = {heads}, got {q.shape}, {k.shape}, {v.shape}")
        split = [Meta(s[:2] + (heads, s[2] // heads if s[2] >= 0 else -1), q.dtype) for s in (q.shape, k.shape, v.shape)]
        (out,) = _meta([*split, *args[3:]], {**attrs, "head_number": 0})
        assert out.shape is not None
        return [Meta(out.shape[:2] + (split[2].shape[2] * split[2].shape[3] if split[2].shape[3] >= 0 else -1,),
                     q.dtype)]
    if not len(q.shape) == len(k.shape) == len(v.shape) == 4:
        raise ShapeError(f"fused_dot_product_attention: q, k, v must be [B, S, H, D], got {q.shape}, {k.shape}, "
                         f"{v.shape}")
    (b, sq, h, d), (bk, sk, hk, dk), (bv, sv, hv, dv) = q.shape, k.shape, v.shape
    if not (_eq(b, bk) and _eq(b, bv) and _eq(h, hk) and _eq(h, hv) and _eq(d, dk) and _eq(sk, sv)):
        raise ShapeError(f"fused_dot_product_attention: q {q.shape}, k {k.shape}, v {v.shape} do not agree")
    bias = meta_of(args[3]) if len(args) > 3 and args[3] is not None else None
    if bias is not None:
        if bias.dtype != q.dtype:
            raise ShapeError(f"fused_dot_product_attention: bias dtype {bias.dtype} differs from {q.dtype}")
        scores = (b, h, sq, sk)
        if bias.shape is not None and broadcast_dims(scores, bias.shape) != scores and -1 not in scores:
            raise ShapeError(f"fused_dot_product_attention: bias {bias.shape} does not broadcast to {scores}")
    return [Meta((b, sq, h, dv), q.dtype)]


def _softmax_inplace(s: np.ndarray) -> np.ndarray:
    """The softmax kernel's operations over the last axis (pirc/dialects/pd_op/reduce.py: shift by the
    row max, clip at -64 as phi's ValueClip, exp, divide by the row sum), in place on the fresh scores:
    no temporaries of the scores' size."""
    with np.errstate(all="ignore"):
        np.subtract(s, np.max(s, axis=-1, keepdims=True), out=s)
        np.maximum(s, np.asarray(-64, s.dtype), out=s)  # where(s < -64, -64, s): NaN stays NaN either way
        np.exp(s, out=s)
        np.divide(s, np.sum(s, axis=-1, keepdims=True), out=s)
    return s


def attention(q: np.ndarray, k: np.ndarray, v: np.ndarray, bias: np.ndarray | None, alpha: float) -> np.ndarray:
    """softmax((q * alpha) @ k^T + bias) @ v per (batch, head), on ``[B, S, H, D]`` arrays."""
    from pirc.dialects.opdef import lookup

    qt = q.transpose(0, 2, 1, 3)
    if alpha != 1.0:
        qt = qt * np.asarray(alpha, dtype=q.dtype)  # the scale kernel's multiply (its + 0 changes nothing)
    scores = np.matmul(qt, k.transpose(0, 2, 3, 1))
    if bias is not None:
        scores = lookup("pd_op.add").kernel([scores, bias], {})[0]
    p = _softmax_inplace(scores)
    b, sq, h = q.shape[0], q.shape[1], q.shape[2]
    out = np.empty((b, sq, h, v.shape[3]), dtype=q.dtype)
    np.matmul(p, v.transpose(0, 2, 1, 3), out=out.transpose(0, 2, 1, 3))
    return out


def _kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    q, k, v = (np.asarray(a) for a in args[:3])
    bias = None if len(args) < 4 or args[3] is None else np.asarray(args[3])
    from pirc.runtime.nn import fast

    y = fast.attention(q, k, v, bias, attrs)  # nnlib's C kernel (pirc/runtime/nn); None: not covered
    if y is not None:
        return [y]
    if not (q.dtype == k.dtype == v.dtype) or q.dtype not in (np.float32, np.float64):
        raise ValueError(f"fused_dot_product_attention: float32 or float64 operands, got {q.dtype}")
    heads = int(attrs.get("head_number", 0) or 0)
    if heads:
        q, k, v = (a.reshape(a.shape[0], a.shape[1], heads, a.shape[2] // heads) for a in (q, k, v))
    out = attention(q, k, v, bias, float(attrs.get("scaling_factor", 1.0)))
    return [out.reshape(out.shape[0], out.shape[1], -1) if heads else out]


register(OpDef(name="pd_op.fused_dot_product_attention", operands=("q", "k", "v", "bias?"),
               attrs=("scaling_factor", "dropout_probability", "is_training", "mask_type_str", "bias_type_str",
                      "head_number"),
               infer_meta=_meta, kernel=_kernel))
