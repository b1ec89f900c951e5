"""pd_op.fused_conv2d_add_act: a convolution with its epilogue (bias, residual, activation) in one op.

Paddle's fused op (``fused_ops.yaml``): ``output = act((conv2d(input, filter) + bias) + residual_data)``,
made by Paddle's ``conv2d_add_fuse_pass`` / ``conv2d_add_act_fuse_pass``; pirc's pass
``fuse_conv_epilogue`` (pirc/passes/fuse_conv_epilogue.py) makes it from ``conv2d`` /
``depthwise_conv2d`` + ``add`` [+ ``add``] [+ activation].  Where pirc's op differs from Paddle's:

* one result (``output``): Paddle's second result ``outputs`` (``split_channels``) is not made;
* ``bias`` is the add's operand as it was, ``[C]``, ``[C, 1, 1]`` or ``[1, C, 1, 1]`` (one per
  output channel, NCHW only); ``residual_data`` is optional, the output's shape;
* ``activation``: ``identity``, ``relu``, ``relu6``, ``hardswish`` (Paddle's cuDNN kernel knows
  identity and relu; pirc's CPU kernel applies the epilogue in C, one pass on the conv's output).

The kernel computes the same float32 operations in the same order as the unfused ops (the conv,
then ``+ bias``, then ``+ residual``, then the activation kernel's formula), so it matches them
to the conv's rounding; float32 NCHW runs the conv and its epilogue in one C call (pirc/runtime/nn, the
epilogue on each output tile while it is in cache), other cases through the registered kernels of add and
the activation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, Meta, MetaArg, OpDef, ShapeError, meta_of, register
from pirc.dialects.pd_op.conv import conv2d_np, conv_meta

#: activation attribute -> the op whose kernel defines it (None: identity)
ACTIVATIONS: dict[str, str | None] = {"identity": None, "": None, "relu": "pd_op.relu", "relu6": "pd_op.relu6",
                                      "hardswish": "pd_op.hardswish"}


def _channels_of(bias: tuple[int, ...] | None) -> int | None:
    """The channel count a bias shape gives (``[C]``, ``[C, 1, 1]``, ``[1, C, 1, 1]``), else None."""
    if bias is None:
        return None
    if len(bias) == 1 or (len(bias) == 3 and bias[1:] == (1, 1)) or (len(bias) == 4 and bias[0] == 1
                                                                     and bias[2:] == (1, 1)):
        return bias[0] if len(bias) < 4 else bias[1]
    return None


def _meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    if attrs.get("data_format", "NCHW") not in ("NCHW", "AnyLayout"):
        raise ShapeError("fused_conv2d_add_act: only NCHW")
    act = attrs.get("activation", "identity")
    if act not in ACTIVATIONS:
        raise ShapeError(f"fused_conv2d_add_act: unknown activation {act!r} (known: {', '.join(ACTIVATIONS)})")
    (out,) = conv_meta(args[:2], attrs)
    b = meta_of(args[2]) if len(args) > 2 and args[2] is not None else None
    if b is not None:
        c = _channels_of(b.shape)
        if b.shape is not None and c is None:
            raise ShapeError(f"fused_conv2d_add_act: bias {b.shape} is not one value per output channel")
        if c is not None and out.shape is not None and c >= 0 and out.shape[1] >= 0 and c != out.shape[1]:
            raise ShapeError(f"fused_conv2d_add_act: bias has {c} channels, the output {out.shape[1]}")
        if b.dtype != out.dtype:
            raise ShapeError(f"fused_conv2d_add_act: bias dtype {b.dtype} differs from {out.dtype}")
    r = meta_of(args[3]) if len(args) > 3 and args[3] is not None else None
    if r is not None and r.shape is not None and out.shape is not None and (
            len(r.shape) != len(out.shape) or any(a >= 0 and o >= 0 and a != o for a, o in zip(r.shape, out.shape))):
        raise ShapeError(f"fused_conv2d_add_act: residual_data {r.shape} differs from the output {out.shape}")
    return [out]


def _kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    from pirc.dialects.opdef import lookup
    from pirc.runtime.nn import fast

    x, w = np.asarray(args[0]), np.asarray(args[1])
    b = None if len(args) < 3 or args[2] is None else np.asarray(args[2])
    r = None if len(args) < 4 or args[3] is None else np.asarray(args[3])
    act = str(attrs.get("activation", "identity"))
    y = fast.conv2d(x, w, attrs, act, b, r)  # the conv and its epilogue in nnlib (None: not covered)
    if y is not None:
        return [y]
    y = conv2d_np(x, w, attrs)
    add = lookup("pd_op.add").kernel
    if b is not None:
        y = add([y, b.reshape(1, -1, 1, 1)], {})[0]
    if r is not None:
        y = add([y, r], {})[0]
    op = ACTIVATIONS[act]
    return [y if op is None else lookup(op).kernel([y], {})[0]]


register(OpDef(name="pd_op.fused_conv2d_add_act", operands=("input", "filter", "bias?", "residual_data?"),
               attrs=("strides", "paddings", "padding_algorithm", "dilations", "groups", "data_format",
                      "activation", "split_channels", "exhaustive_search", "workspace_size_MB", "fuse_alpha"),
               results=("output",), infer_meta=_meta, kernel=_kernel))
