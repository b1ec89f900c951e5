"""The cinn_op dialect: the ops pd_to_cinn produces, with shape rules, pattern kinds
and numpy kernels (so the interpreter, or any evaluator, can run fused programs).

What the ops are (``paddle/cinn/hlir/dialect/operator/ir/ops.yaml`` and
``manual_op.h``, current attribute names):

=====================  ==========================================  ===============
op                     attributes                                  OpPatternKind
=====================  ==========================================  ===============
reduce_sum (x)         axis:int64[], keepdim:bool, dtype:DataType  kReduction
reduce_max / min (x)   axis:int64[], keepdim:bool                  kReduction
reduce_prod (x)        axis:int64[], keepdim:bool, reduce_all:bool kReduction
broadcast (x[, ref])   broadcast_axes:int64[], out_shape:int64[]   kBroadcast
reshape (x)            shape:int32[]                               kElementWise
scale (x)              scale:f32, bias:f32, bias_after_scale:bool  kElementWise
concat (x0, x1, ...)   axis:int32                                  kInjective
slice (x)              axes, starts, ends, infer_flags,            kInjective
                       decrease_axis: int64[]
gather (x, index)      axis:int32                                  kInjective
reverse (x)            axis:int32[]                                kInjective
=====================  ==========================================  ===============

Conventions and the places where pirc differs from CINN:

* **Reductions.** ``axis`` lists the reduced axes; pd_to_cinn writes them
  explicitly, sorted and non-negative (an empty ``axis`` still means "all axes",
  Paddle's convention, so a hand-written ``axis:[]`` keeps its meaning).
  ``reduce_sum``'s ``dtype`` is the result's data type.
* **broadcast.** Input axis ``i`` becomes output axis ``broadcast_axes[i]``
  (right-aligned when it comes from implicit broadcasting); ``out_shape`` is
  the result shape and may hold ``-1`` for a dynamic dimension.  A ``-1`` is
  resolved at run time from the input's own dimension on that axis, or, when
  the optional second operand ``ref`` is present, from numpy broadcasting of
  the input's and ``ref``'s run-time shapes (both right-aligned to the output
  rank).  ``ref`` only lends its *shape*: CINN needs no such operand because its
  symbolic shape analysis names every dynamic dimension; pirc has no symbolic
  shapes, so add_broadcast_to_elementwise passes the elementwise op's other
  operand (see :mod:`pirc.passes.add_broadcast`).
* **reshape.** ``shape`` is what Paddle's ``full_int_array`` held: ``0`` copies the
  input dimension at the same index, one ``-1`` is inferred.
* **concat** takes its tensors as separate operands, as CINN's ConcatOp does (not a
  ``builtin.combine`` vector).  The OpDef convention has no variadic operand, so the
  operands are declared as ``x`` followed by 255 optional ``xN?`` names: the
  verifier accepts 1 to 256 operands and the kernel receives one array per operand.
* Kernels return freshly allocated arrays (never a view of an input).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.opdef import (
    KernelArg,
    Meta,
    MetaArg,
    OpDef,
    PatternKind,
    ShapeError,
    numpy_dtype,
    register,
)

__all__ = ["CINN_OPS", "MAX_CONCAT_OPERANDS", "broadcast_run_shape", "reshape_dims", "slice_dims"]

MAX_CONCAT_OPERANDS = 256


def _meta(arg: MetaArg) -> Meta:
    if not isinstance(arg, Meta):
        raise ShapeError("expected a single tensor operand")
    if arg.shape is None:
        raise ShapeError("operand rank is unknown")
    return arg


def _ints(v: Any, what: str) -> list[int]:
    if v is None:
        return []
    if isinstance(v, (list, tuple)):
        return [int(x) for x in v]
    if isinstance(v, (int, np.integer)):
        return [int(v)]
    raise ShapeError(f"'{what}' must be an int array, got {v!r}")


def _axes(attrs: Mapping[str, Any], key: str, rank: int) -> list[int]:
    """Normalised, sorted, unique axes; empty means every axis."""
    raw = _ints(attrs.get(key), key)
    if not raw:
        return list(range(rank))
    out = set()
    for a in raw:
        if not -max(rank, 1) <= a < max(rank, 1):
            raise ShapeError(f"axis {a} out of range for rank {rank}")
        out.add(a + rank if a < 0 else a)
    return sorted(out) if rank else []


def _result(x: np.ndarray, dtype: str | None = None) -> np.ndarray:
    """A fresh array (never a view of an operand), in ``dtype`` when given."""
    want = numpy_dtype(dtype) if dtype else x.dtype
    return np.array(x, dtype=want, copy=True)


# --- reductions --------------------------------------------------------------------------

def _reduce_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any], dtype: str | None = None) -> list[Meta]:
    x = _meta(args[0])
    axes = _axes(attrs, "axis", len(x.shape))
    keep = bool(attrs.get("keepdim", False))
    dims = [1 if i in axes else d for i, d in enumerate(x.shape)] if keep else [
        d for i, d in enumerate(x.shape) if i not in axes]
    return [Meta(tuple(dims), dtype or x.dtype)]


def _sum_dtype(x_dtype: str, attrs: Mapping[str, Any]) -> str:
    d = attrs.get("dtype")
    return d if isinstance(d, str) and d not in ("Undefined", "UNDEFINED", "") else x_dtype


def _reduce_sum_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    return _reduce_meta(args, attrs, _sum_dtype(_meta(args[0]).dtype, attrs))


def _reduce_kernel(fn: Any, with_dtype: bool = False) -> Any:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x = np.asarray(args[0])
        axes = tuple(_axes(attrs, "axis", x.ndim))
        keep = bool(attrs.get("keepdim", False))
        if with_dtype:
            dt = numpy_dtype(_sum_dtype(_dtype_name(x.dtype), attrs))
            out = fn(x, axis=axes, keepdims=keep, dtype=dt)
            return [np.asarray(out, dtype=dt).copy()]
        return [np.array(fn(x, axis=axes, keepdims=keep), dtype=x.dtype, copy=True)]

    return kernel


_NP_TO_DTYPE = {
    np.dtype(np.float32): "float32", np.dtype(np.float64): "float64", np.dtype(np.float16): "float16",
    np.dtype(np.int8): "int8", np.dtype(np.uint8): "uint8", np.dtype(np.int16): "int16",
    np.dtype(np.int32): "int32", np.dtype(np.int64): "int64", np.dtype(np.bool_): "bool",
    np.dtype(np.complex64): "complex64", np.dtype(np.complex128): "complex128",
}


def _dtype_name(dt: Any) -> str:
    return _NP_TO_DTYPE.get(np.dtype(dt), "float32")


# --- broadcast ----------------------------------------------------------------------------

def _broadcast_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = _meta(args[0])
    axes = _ints(attrs.get("broadcast_axes"), "broadcast_axes")
    out = _ints(attrs.get("out_shape"), "out_shape")
    if len(axes) != len(x.shape):
        raise ShapeError(f"broadcast_axes {axes} must name one output axis per input axis (rank {len(x.shape)})")
    for i, a in enumerate(axes):
        if not 0 <= a < len(out):
            raise ShapeError(f"broadcast axis {a} out of range for out_shape {out}")
        d = x.shape[i]
        if d not in (1, -1) and out[a] not in (-1, d):
            raise ShapeError(f"input dim {d} (axis {i}) cannot broadcast to {out[a]}")
    if any(b <= a for a, b in itertools.pairwise(axes)):
        raise ShapeError(f"broadcast_axes {axes} must be increasing")
    if len(args) > 1 and args[1] is not None:
        _meta(args[1])
    return [Meta(tuple(out), x.dtype)]


def broadcast_run_shape(x_shape: Sequence[int], axes: Sequence[int], out_shape: Sequence[int],
                        ref_shape: Sequence[int] | None) -> tuple[list[int], list[int]]:
    """(x reshaped to the output rank, the run-time output shape)."""
    rank = len(out_shape)
    placed = [1] * rank
    for i, a in enumerate(axes):
        placed[a] = int(x_shape[i])
    run = []
    for i, d in enumerate(out_shape):
        if d >= 0:
            run.append(int(d))
            continue
        cand = placed[i]
        if ref_shape is not None:
            j = i - (rank - len(ref_shape))
            if 0 <= j < len(ref_shape):
                r = int(ref_shape[j])
                if cand == 1:
                    cand = r
                elif r != 1 and r != cand:
                    raise ValueError(f"broadcast: dims {cand} and {r} do not broadcast on axis {i}")
        run.append(cand)
    return placed, run


def _broadcast_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    ref = args[1] if len(args) > 1 else None
    placed, run = broadcast_run_shape(
        x.shape, _ints(attrs.get("broadcast_axes"), "broadcast_axes"), _ints(attrs.get("out_shape"), "out_shape"),
        None if ref is None else np.shape(ref),
    )
    return [np.array(np.broadcast_to(x.reshape(placed), run), copy=True)]


# --- reshape ------------------------------------------------------------------------------

def reshape_dims(in_shape: Sequence[int], shape: Sequence[int]) -> list[int]:
    """Paddle's reshape rule: 0 copies the input dim at that index, one -1 is inferred.
    ``in_shape`` may hold -1 (unknown); the result then holds -1 where it cannot be known."""
    out = []
    for i, s in enumerate(shape):
        if s == 0:
            if i >= len(in_shape):
                raise ShapeError(f"shape {list(shape)}: 0 at index {i} but the input has rank {len(in_shape)}")
            out.append(int(in_shape[i]))
        else:
            out.append(int(s))
    neg = [i for i, (s, d) in enumerate(zip(shape, out, strict=True)) if s == -1]
    if len(neg) > 1:
        raise ShapeError(f"shape {list(shape)} has more than one -1")
    if neg:
        known = 1
        for i, d in enumerate(out):
            if i != neg[0]:
                if d < 0:
                    return out  # an unknown copied dim: the inferred one is unknown too
                known *= d
        total = 1
        for d in in_shape:
            if d < 0:
                return out
            total *= d
        if known == 0 or total % known:
            raise ShapeError(f"cannot reshape {list(in_shape)} to {list(shape)}")
        out[neg[0]] = total // known
    else:
        total_in = 1
        for d in in_shape:
            total_in = -1 if d < 0 or total_in < 0 else total_in * d
        total_out = 1
        for d in out:
            total_out = -1 if d < 0 or total_out < 0 else total_out * d
        if total_in >= 0 and total_out >= 0 and total_in != total_out:
            raise ShapeError(f"cannot reshape {list(in_shape)} ({total_in} elements) to {out}")
    return out


def _reshape_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = _meta(args[0])
    return [Meta(tuple(reshape_dims(x.shape, _ints(attrs.get("shape"), "shape"))), x.dtype)]


def _reshape_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    shape = [x.shape[i] if s == 0 else s for i, s in enumerate(_ints(attrs.get("shape"), "shape"))]
    return [np.array(x.reshape(shape), copy=True)]


# --- scale --------------------------------------------------------------------------------

def _scale_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = _meta(args[0])
    return [Meta(x.shape, x.dtype)]


def _scale_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    """Paddle's scale kernel: ``scale*x + bias`` (or ``scale*(x + bias)``), with
    ``scale`` and ``bias`` first cast to the tensor's element type."""
    x = np.asarray(args[0])
    s = np.asarray(float(attrs.get("scale", 1.0))).astype(x.dtype)
    b = np.asarray(float(attrs.get("bias", 0.0))).astype(x.dtype)
    if attrs.get("bias_after_scale", True):
        out = x * s + b
    else:
        out = (x + b) * s
    return [np.asarray(out, dtype=x.dtype).copy()]


# --- concat -------------------------------------------------------------------------------

def _concat_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    xs = [_meta(a) for a in args if a is not None]
    if not xs:
        raise ShapeError("concat needs at least one tensor")
    rank = len(xs[0].shape)
    axis = int(attrs.get("axis", 0))
    if not -max(rank, 1) <= axis < max(rank, 1):
        raise ShapeError(f"axis {axis} out of range for rank {rank}")
    axis = axis + rank if axis < 0 else axis
    dims = list(xs[0].shape)
    total = 0
    for m in xs:
        if len(m.shape) != rank:
            raise ShapeError("concat operands must have the same rank")
        if m.dtype != xs[0].dtype:
            raise ShapeError("concat operands must have the same data type")
        for i, (a, b) in enumerate(zip(dims, m.shape, strict=True)):
            if i != axis:
                if a >= 0 and b >= 0 and a != b:
                    raise ShapeError(f"concat operands differ on axis {i}: {a} vs {b}")
                if a < 0:
                    dims[i] = b
        d = m.shape[axis]
        total = -1 if d < 0 or total < 0 else total + d
    dims[axis] = total
    return [Meta(tuple(dims), xs[0].dtype)]


def _concat_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    xs = [np.asarray(a) for a in args if a is not None]
    return [np.concatenate(xs, axis=int(attrs.get("axis", 0)))]


# --- slice --------------------------------------------------------------------------------

def _clamp_range(start: int, end: int, dim: int) -> tuple[int, int]:
    if start < 0:
        start += dim
    if end < 0:
        end += dim
    start = min(max(start, 0), dim)
    end = min(max(end, 0), dim)
    return start, max(end, start)


def slice_dims(in_shape: Sequence[int], axes: Sequence[int], starts: Sequence[int], ends: Sequence[int],
               decrease_axis: Sequence[int]) -> list[int]:
    """Paddle's slice shape rule (-1 dims stay -1)."""
    rank = len(in_shape)
    out = list(in_shape)
    if not len(axes) == len(starts) == len(ends):
        raise ShapeError(f"slice: axes {list(axes)}, starts {list(starts)} and ends {list(ends)} differ in length")
    for a, s, e in zip(axes, starts, ends, strict=True):
        ax = a + rank if a < 0 else a
        if not 0 <= ax < rank:
            raise ShapeError(f"slice axis {a} out of range for rank {rank}")
        d = in_shape[ax]
        if d < 0:
            out[ax] = -1  # as Paddle's SliceRawInferMeta: a dynamic dim stays dynamic
            continue
        lo, hi = _clamp_range(s, e, d)
        out[ax] = hi - lo
    dec = sorted({a + rank if a < 0 else a for a in decrease_axis})
    for a in dec:
        if out[a] not in (1, -1):
            raise ShapeError(f"slice: decrease_axis {a} has size {out[a]}, not 1")
    return [d for i, d in enumerate(out) if i not in dec]


def _slice_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = _meta(args[0])
    dims = slice_dims(x.shape, _ints(attrs.get("axes"), "axes"), _ints(attrs.get("starts"), "starts"),
                      _ints(attrs.get("ends"), "ends"), _ints(attrs.get("decrease_axis"), "decrease_axis"))
    return [Meta(tuple(dims), x.dtype)]


def _slice_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    idx: list[Any] = [slice(None)] * x.ndim
    for a, s, e in zip(_ints(attrs.get("axes"), "axes"), _ints(attrs.get("starts"), "starts"),
                       _ints(attrs.get("ends"), "ends"), strict=True):
        ax = a + x.ndim if a < 0 else a
        lo, hi = _clamp_range(s, e, x.shape[ax])
        idx[ax] = slice(lo, hi)
    out = x[tuple(idx)]
    dec = sorted({a + x.ndim if a < 0 else a for a in _ints(attrs.get("decrease_axis"), "decrease_axis")})
    if dec:
        out = out.reshape([d for i, d in enumerate(out.shape) if i not in dec])
    return [np.array(out, copy=True)]


# --- gather -------------------------------------------------------------------------------

def _gather_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, index = _meta(args[0]), _meta(args[1])
    rank = len(x.shape)
    axis = int(attrs.get("axis", 0))
    if not -max(rank, 1) <= axis < max(rank, 1):
        raise ShapeError(f"axis {axis} out of range for rank {rank}")
    axis = axis + rank if axis < 0 else axis
    if len(index.shape) > 1:
        raise ShapeError(f"gather index must be 0-D or 1-D, got rank {len(index.shape)}")
    if index.dtype not in ("int32", "int64"):
        raise ShapeError(f"gather index must be int32 or int64, got {index.dtype}")
    dims = list(x.shape[:axis]) + list(index.shape) + list(x.shape[axis + 1:])
    return [Meta(tuple(dims), x.dtype)]


def _gather_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    index = np.asarray(args[1])
    return [np.take(x, index, axis=int(attrs.get("axis", 0)))]


# --- reverse ------------------------------------------------------------------------------

def _reverse_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = _meta(args[0])
    _axes(attrs, "axis", len(x.shape))
    return [Meta(x.shape, x.dtype)]


def _reverse_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    axes = tuple(_axes(attrs, "axis", x.ndim)) if _ints(attrs.get("axis"), "axis") else ()
    return [np.flip(x, axis=axes).copy() if axes else x.copy()]


# --- registration -------------------------------------------------------------------------

_E, _B, _I, _R = PatternKind.ELEMENTWISE, PatternKind.BROADCAST, PatternKind.INJECTIVE, PatternKind.REDUCTION

CINN_OPS: tuple[OpDef, ...] = (
    OpDef("cinn_op.reduce_sum", ("x",), ("axis", "keepdim", "dtype"), ("out",), _reduce_sum_meta,
          _reduce_kernel(np.sum, with_dtype=True), _R),
    OpDef("cinn_op.reduce_max", ("x",), ("axis", "keepdim"), ("out",), _reduce_meta, _reduce_kernel(np.max), _R),
    OpDef("cinn_op.reduce_min", ("x",), ("axis", "keepdim"), ("out",), _reduce_meta, _reduce_kernel(np.min), _R),
    OpDef("cinn_op.reduce_prod", ("x",), ("axis", "keepdim", "reduce_all"), ("out",), _reduce_meta,
          _reduce_kernel(np.prod), _R),
    OpDef("cinn_op.broadcast", ("x", "ref?"), ("broadcast_axes", "out_shape"), ("out",), _broadcast_meta,
          _broadcast_kernel, _B),
    OpDef("cinn_op.reshape", ("x",), ("shape",), ("out",), _reshape_meta, _reshape_kernel, _E),
    OpDef("cinn_op.scale", ("x",), ("scale", "bias", "bias_after_scale"), ("out",), _scale_meta, _scale_kernel, _E),
    OpDef("cinn_op.concat", ("x",) + tuple(f"x{i}?" for i in range(1, MAX_CONCAT_OPERANDS)), ("axis",), ("out",),
          _concat_meta, _concat_kernel, _I),
    OpDef("cinn_op.slice", ("x",), ("axes", "starts", "ends", "infer_flags", "decrease_axis"), ("out",),
          _slice_meta, _slice_kernel, _I),
    OpDef("cinn_op.gather", ("x", "index"), ("axis",), ("out",), _gather_meta, _gather_kernel, _I),
    OpDef("cinn_op.reverse", ("x",), ("axis",), ("out",), _reverse_meta, _reverse_kernel, _I),
)

for _op in CINN_OPS:
    register(_op)
