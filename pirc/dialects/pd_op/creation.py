"""pd_op creation ops: full, full_, full_int_array, full_like, full_with_tensor,
assign_value, assign_value_, arange, one_hot, shape, shape64.

Constant results: the shape rules of ``full``, ``full_`` (value as a Python
scalar converted to the dtype), ``full_int_array`` and ``assign_value`` /
``assign_value_`` (values as a flat Python list) set ``Meta.const`` so later
ops (the axis of ``sum``, the scale of ``scale``, ``arange``'s bounds, ...) can
read them at compile time.

Semantics follow Paddle 3.3.1's CPU kernels:

* ``full`` converts its double ``value`` with ``static_cast<T>`` (2.7 -> 2 for
  int64, 0.5 -> true for bool).
* ``arange`` first converts start/end/step to the output dtype, sizes the
  result as ``ceil(|end - start| / step)`` (integer arithmetic for integer
  dtypes) and fills it by repeated ``value += step`` in that dtype; a zero step
  or a step pointing away from ``end`` is an error.
* ``one_hot`` gives float32 and rejects indices outside ``[0, num_classes)``.
"""

from __future__ import annotations

import math
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
    numpy_dtype,
    register,
)
from pirc.dialects.pd_op.elementwise import (
    as_array,
    cast_array,
    dtype_name,
    first_value,
)


def _check_shape_attr(shape: Any, what: str) -> tuple[int, ...]:
    dims = tuple(int(d) for d in (shape if isinstance(shape, (list, tuple)) else as_int_list(shape)))
    if any(d < 0 for d in dims):
        raise ShapeError(f"{what}: shape {list(dims)} has a negative dimension")
    return dims


def _check_dtype(dtype: Any, what: str) -> str:
    if not isinstance(dtype, str) or dtype == "Undefined" or dtype not in _KNOWN_DTYPES:
        raise ShapeError(f"{what}: bad dtype {dtype!r}")
    return dtype


_KNOWN_DTYPES = frozenset({"float32", "float64", "float16", "bfloat16", "int8", "uint8", "int16", "int32",
                           "int64", "bool", "complex64", "complex128"})


def _python_scalar(arr: np.ndarray) -> Any:
    return arr.reshape(()).item()


# ---------------------------------------------------------------------------
# full / full_
# ---------------------------------------------------------------------------


def _full_value(value: Any, dtype: str) -> np.ndarray:
    """``static_cast<T>(value)`` as a 0-D array."""
    if isinstance(value, (bool, np.bool_)):
        v = np.asarray(value)
    elif isinstance(value, (int, np.integer)):
        v = np.asarray(int(value), dtype=np.int64) if -(2**63) <= int(value) < 2**63 else np.asarray(float(value))
    else:
        v = np.asarray(float(value), dtype=np.float64)
    return cast_array(v, dtype)


def _full_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    shape = _check_shape_attr(attrs.get("shape", []), "full")
    dtype = _check_dtype(attrs.get("dtype", "float32"), "full")
    const = _python_scalar(_full_value(attrs.get("value", 0.0), dtype))
    return [Meta(shape, dtype, const)]


def _full_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    shape = tuple(as_int_list(attrs.get("shape", [])))
    dtype = attrs.get("dtype", "float32")
    v = _full_value(attrs.get("value", 0.0), dtype)
    return [np.full(shape, v, dtype=v.dtype)]


register(OpDef(name="pd_op.full", operands=(), attrs=("shape", "value", "dtype", "place"), results=("out",),
               infer_meta=_full_meta, kernel=_full_kernel, pattern=PatternKind.ELEMENTWISE))
register(OpDef(name="pd_op.full_", operands=("output",), attrs=("shape", "value", "dtype", "place"),
               results=("out",), infer_meta=_full_meta, kernel=_full_kernel, pattern=PatternKind.ELEMENTWISE,
               traits=frozenset({"inplace"}), inplace={0: 0}))


# ---------------------------------------------------------------------------
# full_int_array
# ---------------------------------------------------------------------------


def _full_int_array_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    dtype = _check_dtype(attrs.get("dtype", "int64"), "full_int_array")
    values = [int(v) for v in attrs.get("value", [])]
    return [Meta((len(values),), dtype, values)]


def _full_int_array_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    values = [int(v) for v in attrs.get("value", [])]
    return [cast_array(np.asarray(values, dtype=np.int64).reshape(len(values)), attrs.get("dtype", "int64"))]


register(OpDef(name="pd_op.full_int_array", operands=(), attrs=("value", "dtype", "place"), results=("out",),
               infer_meta=_full_int_array_meta, kernel=_full_int_array_kernel, pattern=PatternKind.NON_FUSIBLE))


# ---------------------------------------------------------------------------
# full_like / full_with_tensor
# ---------------------------------------------------------------------------


def _full_like_dtype(x_dtype: str, attr: Any) -> str:
    return attr if isinstance(attr, str) and attr != "Undefined" else x_dtype


def _full_like_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    return [Meta(x.shape, _full_like_dtype(x.dtype, attrs.get("dtype")))]


def _full_like_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    dtype = _full_like_dtype(dtype_name(x.dtype), attrs.get("dtype"))
    value = np.asarray(first_value(args[1]))
    _check_fill_range(value, dtype)
    v = cast_array(value, dtype)
    return [np.full(x.shape, v, dtype=v.dtype)]


def _check_fill_range(value: np.ndarray, dtype: str) -> None:
    """phi's full_like: "The filled value is out of range for target type"."""
    if dtype == "bool":
        lo, hi = 0.0, 1.0
    elif dtype in ("float16", "float32", "float64"):
        info = np.finfo(numpy_dtype(dtype))
        lo, hi = float(info.min), float(info.max)
    elif dtype == "bfloat16":
        lo, hi = -3.3895313892515355e38, 3.3895313892515355e38
    elif dtype in ("int8", "uint8", "int16", "int32", "int64"):
        info = np.iinfo(numpy_dtype(dtype))
        lo, hi = float(info.min), float(info.max)
    else:
        return
    if not np.isfinite(value).all():
        return  # phi skips the check for inf / nan (then casts: INT_MIN for int32/int64, True for bool)
    v = float(np.asarray(value, dtype=np.float64).real)
    if v < lo or v > hi:
        raise ValueError(f"full_like: the fill value {v} is out of range for {dtype} [{lo}, {hi}]")


register(OpDef(name="pd_op.full_like", operands=("x", "value"), attrs=("dtype", "place"), results=("out",),
               infer_meta=_full_like_meta, kernel=_full_like_kernel, pattern=PatternKind.ELEMENTWISE))


def _full_with_tensor_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    dtype = _check_dtype(attrs.get("dtype", "float32"), "full_with_tensor")
    shape_arg = meta_of(args[1])
    if shape_arg.const is not None:
        return [Meta(_check_shape_attr(as_int_list(shape_arg.const), "full_with_tensor"), dtype)]
    if shape_arg.shape is not None and len(shape_arg.shape) == 1 and shape_arg.shape[0] >= 0:
        return [Meta((-1,) * shape_arg.shape[0], dtype)]
    if shape_arg.shape is not None and len(shape_arg.shape) == 0:
        return [Meta((-1,), dtype)]
    return [Meta(None, dtype)]


def _full_with_tensor_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    dtype = attrs.get("dtype", "float32")
    shape = tuple(as_int_list(args[1]))
    if any(d < 0 for d in shape):
        raise ValueError(f"full_with_tensor: negative dimension in shape {list(shape)}")
    v = cast_array(np.asarray(first_value(args[0])), dtype)
    return [np.full(shape, v, dtype=v.dtype)]


register(OpDef(name="pd_op.full_with_tensor", operands=("value", "shape"), attrs=("dtype",), results=("out",),
               infer_meta=_full_with_tensor_meta, kernel=_full_with_tensor_kernel, pattern=PatternKind.NON_FUSIBLE))


# ---------------------------------------------------------------------------
# assign_value / assign_value_
# ---------------------------------------------------------------------------


def _assign_values(attrs: Mapping[str, Any]) -> np.ndarray:
    dtype = attrs.get("dtype", "float32")
    shape = tuple(int(d) for d in attrs.get("shape", []))
    values = list(attrs.get("values", []))
    if all(isinstance(v, (bool, np.bool_)) for v in values) and values:
        raw = np.asarray(values, dtype=np.bool_)
    elif all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in values) and values:
        raw = np.asarray(values, dtype=np.int64)
    else:
        raw = np.asarray([complex(v) if isinstance(v, complex) else float(v) for v in values])
    n = int(np.prod(shape, dtype=np.int64)) if shape else 1
    if raw.size != n:
        raise ShapeError(f"assign_value: {raw.size} values do not fill shape {list(shape)}")
    return cast_array(raw.reshape(shape), dtype)


def _assign_value_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    dtype = _check_dtype(attrs.get("dtype", "float32"), "assign_value")
    shape = _check_shape_attr(attrs.get("shape", []), "assign_value")
    arr = _assign_values(attrs)
    return [Meta(shape, dtype, arr.reshape(-1).tolist())]


#: id(attrs) -> (attrs, its array): an op's values are parsed once, not at every run (a shifted-window
#: attention's masks are thousands of values: 3.4 ms a run of Swin's 8 ms interpreter overhead)
_ASSIGNED: dict[int, tuple[Mapping[str, Any], np.ndarray]] = {}


def _assign_value_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    hit = _ASSIGNED.get(id(attrs))
    if hit is None or hit[0] is not attrs:
        if len(_ASSIGNED) >= 4096:
            _ASSIGNED.clear()
        hit = _ASSIGNED[id(attrs)] = (attrs, _assign_values(attrs))
    return [np.array(hit[1], copy=True)]


register(OpDef(name="pd_op.assign_value", operands=(), attrs=("shape", "dtype", "values", "place"),
               results=("out",), infer_meta=_assign_value_meta, kernel=_assign_value_kernel,
               pattern=PatternKind.ELEMENTWISE))
register(OpDef(name="pd_op.assign_value_", operands=("output",), attrs=("shape", "dtype", "values", "place"),
               results=("out",), infer_meta=_assign_value_meta, kernel=_assign_value_kernel,
               pattern=PatternKind.ELEMENTWISE, traits=frozenset({"inplace"}), inplace={0: 0}))


# ---------------------------------------------------------------------------
# arange
# ---------------------------------------------------------------------------


def _arange_size(start: Any, end: Any, step: Any, dtype: str) -> int:
    if step == 0:
        raise ValueError("arange: the step must not be 0")
    if (start < end and step < 0) or (start > end and step > 0):
        return 0  # a step pointing away from `end` gives an empty range
    if dtype in ("int8", "uint8", "int16", "int32", "int64"):
        s, e, st = int(start), int(end), int(step)
        return (abs(e - s) + abs(st) - 1) // abs(st)
    ct = np.dtype(np.float32) if dtype in ("float16", "bfloat16") else np.dtype(numpy_dtype(dtype))
    with np.errstate(all="ignore"):
        q = np.abs((np.asarray(end, ct) - np.asarray(start, ct)) / np.asarray(step, ct))
    return int(math.ceil(float(q)))


def _arange_params(values: Sequence[Any], dtype: str) -> tuple[Any, Any, Any]:
    conv = [cast_array(np.asarray(v), dtype).reshape(()) for v in values]
    return conv[0], conv[1], conv[2]


def _arange_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    dtype = _check_dtype(attrs.get("dtype", "int64"), "arange")
    consts = [a.const if isinstance(a, Meta) else None for a in args[:3]]
    if len(consts) == 3 and all(c is not None for c in consts):
        vals = [np.asarray(c).reshape(-1)[0] for c in consts]
        start, end, step = _arange_params(vals, dtype)
        try:
            n = _arange_size(start.item(), end.item(), step.item(), dtype)
        except ValueError as e:
            raise ShapeError(str(e)) from None
        return [Meta((n,), dtype)]
    return [Meta((-1,), dtype)]


def _arange_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    dtype = attrs.get("dtype", "int64")
    start, end, step = _arange_params([first_value(a) for a in args[:3]], dtype)
    n = _arange_size(start.item(), end.item(), step.item(), dtype)
    if n == 0:
        return [np.zeros((0,), start.dtype)]
    if start.dtype.kind in "iu":
        return [as_array(start + np.arange(n, dtype=np.int64) * step.astype(np.int64), start.dtype)]
    # phi's CPU kernel: out[i] = value; value += step  (sequential, in T)
    seq = np.full(n, step, dtype=start.dtype)
    seq[0] = start
    return [np.add.accumulate(seq, dtype=start.dtype)]


register(OpDef(name="pd_op.arange", operands=("start", "end", "step"), attrs=("dtype", "place"), results=("out",),
               infer_meta=_arange_meta, kernel=_arange_kernel, pattern=PatternKind.ELEMENTWISE))


# ---------------------------------------------------------------------------
# one_hot
# ---------------------------------------------------------------------------


def _one_hot_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.dtype not in ("int32", "int64"):
        raise ShapeError(f"one_hot: x must be int32 or int64, got {x.dtype}")
    nc = args[1].const if len(args) > 1 and isinstance(args[1], Meta) else None
    depth = -1
    if nc is not None:
        depth = as_int_list(nc)[0]
        if depth < 0:
            raise ShapeError(f"one_hot: num_classes must not be negative, got {depth}")
    if x.shape is None:
        return [Meta(None, "float32")]
    return [Meta(tuple(x.shape) + (depth,), "float32")]


def _one_hot_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    depth = int(first_value(args[1]))
    if depth < 0:
        raise ValueError(f"one_hot: num_classes must not be negative, got {depth}")
    if x.size and (x.min() < 0 or x.max() >= depth):
        raise ValueError(f"one_hot: indices must lie in [0, {depth}), got values in [{x.min()}, {x.max()}]")
    out = (x[..., None] == np.arange(depth, dtype=x.dtype)).astype(np.float32)
    return [as_array(out)]


register(OpDef(name="pd_op.one_hot", operands=("x", "num_classes"), attrs=(), results=("out",),
               infer_meta=_one_hot_meta, kernel=_one_hot_kernel, pattern=PatternKind.INJECTIVE))


# ---------------------------------------------------------------------------
# shape / shape64
# ---------------------------------------------------------------------------


def _shape_meta(dtype: str) -> Any:
    def infer(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
        x = meta_of(args[0])
        return [Meta((-1,) if x.shape is None else (len(x.shape),), dtype)]

    return infer


def _shape_kernel(dtype: Any) -> Any:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        return [np.asarray(np.shape(args[0]), dtype=dtype).reshape(-1)]

    return kernel


register(OpDef(name="pd_op.shape", operands=("input",), attrs=(), results=("out",),
               infer_meta=_shape_meta("int32"), kernel=_shape_kernel(np.int32), pattern=PatternKind.NON_FUSIBLE))
register(OpDef(name="pd_op.shape64", operands=("input",), attrs=(), results=("out",),
               infer_meta=_shape_meta("int64"), kernel=_shape_kernel(np.int64), pattern=PatternKind.NON_FUSIBLE))
