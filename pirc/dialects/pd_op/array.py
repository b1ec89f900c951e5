"""Tensor arrays (``pd_op.tensor_array<f32>``): create_array, create_array_like, array_write_,
array_read, array_length, array_to_tensor.

At run time a tensor array is a Python ``list`` of numpy arrays.  Paddle's programs rely on
``array_write_`` being in place: in a ``while_loop`` body it writes into the array defined
outside the loop, and the ops after the loop read that outer value (tests/corpus/array_decode),
so its kernel updates the list it is given and returns that same list.

* ``create_array() {dtype}`` -> an empty array; ``create_array_like(input, val)`` -> an array
  of ``input``'s length whose tensors are ``val``-filled copies of input's.
* ``array_write_(array, x, i)``: ``array[i] = copy of x`` (the array grows to ``i + 1`` when
  needed; a gap is an error when read).
* ``array_read(array, i)`` -> ``array[i]``; ``array_length(x)`` -> int64 ``[1]``.
* ``array_to_tensor(x) {axis, use_stack}`` -> (stack or concat along axis, int32 sizes of each
  element along axis (1 each when stacking)).

The printed types do not carry the elements' dims (Paddle keeps them in the type, the text
does not show them), so the shape rules give an unknown shape where Paddle prints -1s.
NON_FUSIBLE.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, Meta, MetaArg, OpDef, PatternKind, ShapeError, register
from pirc.dialects.pd_op.elementwise import first_value

_INPLACE = frozenset({"inplace"})


def _dtype_of(arg: MetaArg, default: str = "float32") -> str:
    return arg.dtype if isinstance(arg, Meta) else default


def _index(i: KernelArg) -> int:
    k = int(first_value(i))
    if k < 0:
        raise ValueError(f"tensor array index {k} is negative")
    return k


def _create_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    return [Meta(None, str(attrs.get("dtype", "float32")))]


def _create_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[Any]:
    return [[]]


register(OpDef(name="pd_op.create_array", attrs=("dtype",), infer_meta=_create_meta, kernel=_create_kernel,
               pattern=PatternKind.NON_FUSIBLE))


def _create_like_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[Any]:
    arr = args[0]
    if not isinstance(arr, list):
        raise TypeError("create_array_like: input must be a tensor array")
    val = float(attrs.get("val", 0.0))
    return [[np.full_like(np.asarray(t), val) for t in arr]]


register(OpDef(name="pd_op.create_array_like", operands=("input",), attrs=("val",),
               infer_meta=lambda a, t: [Meta(None, _dtype_of(a[0]))], kernel=_create_like_kernel,
               pattern=PatternKind.NON_FUSIBLE))


def _write_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    i = args[2]
    if isinstance(i, Meta) and i.dtype not in ("int32", "int64"):
        raise ShapeError(f"array_write_: the index must be int32 or int64, got {i.dtype}")
    return [Meta(None, _dtype_of(args[1]))]


def _write_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[Any]:
    arr, x = args[0], np.asarray(args[1])
    if not isinstance(arr, list):
        raise TypeError("array_write_: the first operand must be a tensor array")
    k = _index(args[2])
    if k >= len(arr):
        arr.extend([None] * (k + 1 - len(arr)))
    arr[k] = x.copy()
    return [arr]


register(OpDef(name="pd_op.array_write_", operands=("array", "x", "i"), infer_meta=_write_meta,
               kernel=_write_kernel, pattern=PatternKind.NON_FUSIBLE, traits=_INPLACE, inplace={0: 0}))


def _element(arr: Any, k: int) -> np.ndarray:
    if not isinstance(arr, list):
        raise TypeError("the operand must be a tensor array")
    if k >= len(arr) or arr[k] is None:
        raise ValueError(f"tensor array index {k} was never written (length {len(arr)})")
    return arr[k]


def _read_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    return [_element(args[0], _index(args[1])).copy()]


register(OpDef(name="pd_op.array_read", operands=("array", "i"),
               infer_meta=lambda a, t: [Meta(None, _dtype_of(a[0]))], kernel=_read_kernel,
               pattern=PatternKind.NON_FUSIBLE))


def _length_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    arr = args[0]
    if not isinstance(arr, list):
        raise TypeError("array_length: the operand must be a tensor array")
    return [np.asarray([len(arr)], dtype=np.int64)]


register(OpDef(name="pd_op.array_length", operands=("x",), infer_meta=lambda a, t: [Meta((1,), "int64")],
               kernel=_length_kernel, pattern=PatternKind.NON_FUSIBLE))


def _to_tensor_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    arr = args[0]
    if not isinstance(arr, list) or not arr:
        raise ValueError("array_to_tensor: the array is empty")
    items = [_element(arr, k) for k in range(len(arr))]
    axis = int(attrs.get("axis", 0))
    if attrs.get("use_stack", False):
        return [np.stack(items, axis=axis), np.ones(len(items), dtype=np.int32)]
    ax = axis + items[0].ndim if axis < 0 else axis
    return [np.concatenate(items, axis=ax), np.asarray([t.shape[ax] for t in items], dtype=np.int32)]


register(OpDef(name="pd_op.array_to_tensor", operands=("x",), attrs=("axis", "use_stack"),
               results=("out", "out_index"),
               infer_meta=lambda a, t: [Meta(None, _dtype_of(a[0])), Meta((-1,), "int32")],
               kernel=_to_tensor_kernel, pattern=PatternKind.NON_FUSIBLE))
