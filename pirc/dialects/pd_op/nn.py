"""pd_op dropout, dropout_, embedding and prelu.

The other neural-network ops live next door: linalg.py (matmul family), conv.py
(convolution, pooling), norm.py (batch/layer/group/instance norm), topk.py, interp.py
(nearest/bilinear interpolation), rnn.py (the fused recurrent op).

Operand/attribute/result lists were checked against PaddlePaddle 3.3.1's PIR (see
``tests/dialects/gen_part2.py``).

* ``dropout`` takes ``p`` as operand 2 (a ``pd_op.full``); mode is printed
  ``"upscale_in_train"`` or ``"downgrade_in_infer"``.  With ``is_test`` it is the identity
  (upscale_in_train) or ``x * (1 - p)`` (downgrade_in_infer); the mask is then not
  written by Paddle, we return zeros.  Training mode draws the mask from numpy's RNG
  (seeded by ``seed`` when ``fix_seed``), so it cannot reproduce Paddle's random stream.
* ``prelu`` (modes all / channel / element; out = x > 0 ? x : alpha * x) is ELEMENTWISE;
  dropout and embedding are NON_FUSIBLE (CINN denies them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op._nnutil import _compute_dtype, _shape
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

# ---------------------------------------------------------------------------
# dropout
# ---------------------------------------------------------------------------

def _dropout_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    mode = attrs.get("mode", "upscale_in_train")
    if mode not in ("upscale_in_train", "downgrade_in_infer"):
        raise ShapeError(f"dropout: unknown mode {mode!r}")
    return [Meta(x.shape, x.dtype), Meta(x.shape, "uint8")]


def _dropout_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    p_arg = args[2] if len(args) > 2 else None
    p = float(np.asarray(p_arg).reshape(-1)[0]) if p_arg is not None else float(attrs.get("p", 0.5))
    mode = attrs.get("mode", "upscale_in_train")
    upscale = mode == "upscale_in_train"
    cd = _compute_dtype(x)
    if bool(attrs.get("is_test", False)):
        out = x.copy() if upscale else (x.astype(cd) * np.asarray(1.0 - p, cd)).astype(x.dtype)
        return [out, np.zeros(x.shape, np.uint8)]
    seed_t = args[1] if len(args) > 1 else None
    if seed_t is not None:
        rng = np.random.default_rng(int(np.asarray(seed_t).reshape(-1)[0]))
    elif bool(attrs.get("fix_seed", False)):
        rng = np.random.default_rng(int(attrs.get("seed", 0)))
    else:
        rng = np.random.default_rng()
    if p >= 1.0:
        mask = np.zeros(x.shape, np.uint8)
    else:
        mask = (rng.random(x.shape) >= p).astype(np.uint8)
    xm = x.astype(cd) * mask
    if upscale and p < 1.0:
        xm = xm / np.asarray(1.0 - p, cd)
    return [xm.astype(x.dtype), mask]


_DROPOUT_ATTRS = ("is_test", "mode", "seed", "fix_seed")
register(OpDef(name="pd_op.dropout", operands=("x", "seed_tensor?", "p"), attrs=_DROPOUT_ATTRS,
               results=("out", "mask"), infer_meta=_dropout_meta, kernel=_dropout_kernel,
               pattern=PatternKind.NON_FUSIBLE))
register(OpDef(name="pd_op.dropout_", operands=("x", "seed_tensor?", "p"), attrs=_DROPOUT_ATTRS,
               results=("out", "mask"), infer_meta=_dropout_meta, kernel=_dropout_kernel,
               pattern=PatternKind.NON_FUSIBLE, traits=frozenset({"inplace"}), inplace={0: 0}))


# ---------------------------------------------------------------------------
# embedding
# ---------------------------------------------------------------------------

def _embedding_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    ids, w = meta_of(args[0]), meta_of(args[1])
    if ids.dtype not in ("int32", "int64"):
        raise ShapeError(f"embedding: ids must be int32 or int64, got {ids.dtype}")
    ws = _shape(w)
    if len(ws) != 2:
        raise ShapeError(f"embedding: weight must be 2-D, got {ws}")
    if ids.shape is None:
        return [Meta(None, w.dtype)]
    return [Meta(ids.shape + (ws[1],), w.dtype)]


def _embedding_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    from pirc.runtime.nn import fast

    ids, w = np.asarray(args[0]), args[1]
    y = fast.embedding(ids, np.asarray(w), attrs)  # nnlib's C lookup; None: not covered (or an id out of range)
    if y is not None:
        return [y]
    v = w.shape[0]
    if ids.size and (ids.min() < 0 or ids.max() >= v):
        raise IndexError(f"embedding: ids must be in [0, {v})")
    out = w[ids]
    pad = int(attrs.get("padding_idx", -1))
    if pad != -1:
        if pad < 0:
            pad += v
        out[ids == pad] = 0
    return [out]


register(OpDef(name="pd_op.embedding", operands=("x", "weight"), attrs=("padding_idx", "sparse"),
               infer_meta=_embedding_meta, kernel=_embedding_kernel, pattern=PatternKind.NON_FUSIBLE))

# ---------------------------------------------------------------------------
# prelu
# ---------------------------------------------------------------------------

def _prelu_channel_axis(rank: int, attrs: Mapping[str, Any]) -> int:
    return rank - 1 if attrs.get("data_format", "NCHW") in ("NHWC", "NDHWC", "NLC") else 1


def _prelu_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    # phi PReluInferMeta: alpha has 1 element ("all"), C elements ("channel"; compared with
    # the channel dim as printed, so a -1 channel dim fails) or x's rank with prod(x.dims[1:])
    # elements ("element")
    x, alpha = meta_of(args[0]), meta_of(args[1])
    mode = attrs.get("mode", "all")
    if mode not in ("all", "channel", "element"):
        raise ShapeError(f"prelu: mode must be 'all', 'channel' or 'element', got {mode!r}")
    if x.shape is None or alpha.shape is None:
        return [Meta(x.shape, x.dtype)]
    n_alpha = -1 if any(d < 0 for d in alpha.shape) else int(np.prod(alpha.shape, dtype=np.int64))
    if mode == "all":
        if n_alpha not in (1, -1):
            raise ShapeError(f"prelu: mode 'all' needs one alpha, got {n_alpha}")
    elif mode == "channel":
        if len(x.shape) < 2:
            raise ShapeError(f"prelu: mode 'channel' needs x of rank >= 2, got {len(x.shape)}")
        c = x.shape[_prelu_channel_axis(len(x.shape), attrs)]
        if n_alpha != -1 and n_alpha != c:
            raise ShapeError(f"prelu: mode 'channel' needs {c} alphas, got {n_alpha}")
    else:
        if len(alpha.shape) != len(x.shape):
            raise ShapeError(f"prelu: mode 'element' needs alpha of x's rank {len(x.shape)}, got {len(alpha.shape)}")
        rest = x.shape[1:]
        if n_alpha != -1 and all(d >= 0 for d in rest) and n_alpha != int(np.prod(rest, dtype=np.int64)):
            raise ShapeError(f"prelu: mode 'element' needs {int(np.prod(rest))} alphas, got {n_alpha}")
    return [Meta(x.shape, x.dtype)]


def _prelu_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    # out = x > 0 ? x : alpha * x  (NaN: alpha * NaN)
    x, alpha = np.asarray(args[0]), np.asarray(args[1])
    mode = attrs.get("mode", "all")
    if mode == "all":
        a = alpha.reshape(())
    elif mode == "channel":
        ax = _prelu_channel_axis(x.ndim, attrs)
        shape = [1] * x.ndim
        shape[ax] = x.shape[ax]
        a = alpha.reshape(shape)
    else:
        a = alpha.reshape((1,) + x.shape[1:])
    a = a.astype(x.dtype, copy=False)
    with np.errstate(all="ignore"):
        return [np.where(x > 0, x, a * x).astype(x.dtype, copy=False)]


register(OpDef(name="pd_op.prelu", operands=("x", "alpha"), attrs=("data_format", "mode"), infer_meta=_prelu_meta,
               kernel=_prelu_kernel, pattern=PatternKind.ELEMENTWISE))
