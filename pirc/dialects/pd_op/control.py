"""pd_op ops that Paddle's ProgramDesc -> PIR translation emits for legacy control flow:
``increment`` / ``increment_`` (a while loop's counter) and ``select_input`` (the merge
of the two ``conditional_block`` branches that ``paddle.static.nn.cond`` builds).

Checked against PaddlePaddle 3.3.1 (tests/dialects/gen_part3.py):

* ``increment(x) {value}`` adds ``static_cast<T>(value)`` to a one-element tensor (a
  float value is truncated for integer tensors).  IncrementInferMeta requires the
  product of x's dims to be 1 -- computed with -1 dims as they are, so ``tensor<-1xi64>``
  is rejected at build time.  The static ``paddle.increment`` emits ``increment_``.
* ``select_input(mask, x0, x1)`` returns input ``mask``: exactly three operands (Paddle's
  VerifySig: "Size N of inputs must be 3"), no attributes, no yaml info (so Paddle cannot
  name its operands: we call them mask, x0, x1).  The mask is an int32 tensor with one
  element; a mask outside [0, 2) is a runtime error.  The result type is the one the
  translator computes: the inputs' dtype, and each dim where the inputs agree, else -1.
  Paddle's executor hands the chosen tensor through; this kernel returns a copy (it is
  not a view op).

Pattern kinds: neither is a CINN op.  increment is a scalar add (ELEMENTWISE, like
scale); select_input is control flow (NON_FUSIBLE).
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
from pirc.dialects.pd_op.elementwise import as_array, cast_array, dtype_name, first_value

# ---------------------------------------------------------------------------
# increment / increment_
# ---------------------------------------------------------------------------


def _increment_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is not None:
        n = 1
        for d in x.shape:
            n *= d
        if n != 1:
            raise ShapeError(f"increment: the input must have exactly one element, got shape {list(x.shape)}")
    return [Meta(x.shape, x.dtype)]


def _increment_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    if x.size != 1:
        raise ValueError(f"increment: the input must have exactly one element, got shape {list(x.shape)}")
    step = cast_array(np.asarray(np.float32(attrs.get("value", 1.0))), dtype_name(x.dtype))  # a C++ float
    with np.errstate(all="ignore"):
        return [as_array(x + step, x.dtype)]


register(OpDef(name="pd_op.increment", operands=("x",), attrs=("value",), results=("out",),
               infer_meta=_increment_meta, kernel=_increment_kernel, pattern=PatternKind.ELEMENTWISE))
register(OpDef(name="pd_op.increment_", operands=("x",), attrs=("value",), results=("out",),
               infer_meta=_increment_meta, kernel=_increment_kernel, pattern=PatternKind.ELEMENTWISE,
               traits=frozenset({"inplace"}), inplace={0: 0}))


# ---------------------------------------------------------------------------
# select_input
# ---------------------------------------------------------------------------


def _select_input_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    if len(args) != 3:
        raise ShapeError(f"select_input: takes a mask and two inputs, got {len(args)} operands")
    mask, a, b = meta_of(args[0]), meta_of(args[1]), meta_of(args[2])
    if mask.dtype != "int32":
        raise ShapeError(f"select_input: the mask must be int32, got {mask.dtype}")
    if mask.shape is not None and any(d not in (1, -1) for d in mask.shape):
        raise ShapeError(f"select_input: the mask must have one element, got shape {list(mask.shape)}")
    if a.dtype != b.dtype:
        raise ShapeError(f"select_input: the inputs must have the same dtype, got {a.dtype} and {b.dtype}")
    if a.shape is None or b.shape is None or len(a.shape) != len(b.shape):
        return [Meta(None, a.dtype)]
    return [Meta(tuple(p if p == q else -1 for p, q in zip(a.shape, b.shape, strict=True)), a.dtype)]


def _select_input_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    branch = int(first_value(args[0]))
    inputs = args[1:]
    if not 0 <= branch < len(inputs):
        raise ValueError(f"select_input: mask {branch} must be in [0, {len(inputs)})")
    return [np.array(inputs[branch], copy=True)]


register(OpDef(name="pd_op.select_input", operands=("mask", "x0", "x1"), attrs=(), results=("out",),
               infer_meta=_select_input_meta, kernel=_select_input_kernel, pattern=PatternKind.NON_FUSIBLE))
