"""pd_op reductions (sum, mean, max, min, prod, logsumexp), argmax/argmin, cumsum,
softmax and log_softmax.

Semantics follow Paddle 3.3.1's CPU kernels:

* the axis of sum/mean/max/min/prod is operand 1 (a ``pd_op.full_int_array``);
  an empty list (or ``reduce_all``) reduces every axis; negative axes count
  from the end; duplicate axes are an error; a 0-D input accepts axis 0 / -1.
* ``sum`` with ``dtype`` Undefined turns bool/int32 inputs into int64; with an
  explicit dtype the input is cast first and then summed.
* ``mean`` of an integer tensor truncates toward zero.
* ``max``/``min`` propagate NaN.
* ``argmax``/``argmin`` follow Eigen's tuple reducer: the running best starts at
  (index 0, lowest()/highest()), NaN never wins, ties keep the first index.
* ``softmax``/``log_softmax`` clip ``x - max`` at -64 before ``exp`` (phi's
  ValueClip), so ``softmax([0, -100]) == [1, exp(-64)]``.
* ``logsumexp`` is ``max + log(sum(exp(x - max)))`` with no special case for
  infinite maxima (``logsumexp([-inf, -inf])`` is NaN, as in Paddle).
* ``cumsum`` accumulates sequentially in the input dtype.

Part 3: ``all``/``any``/``amax``/``amin`` take ``axis`` as an attribute.  all/any of a
non-bool tensor are printed with the input's dtype (ReduceInferMeta) but the kernel writes
bool data (NaN counts as true); amax/amin propagate NaN.  ``numel`` gives a 0-D int64
(result named ``size``).  ``p_norm`` (attributes porder, axis, epsilon, keepdim, asvector;
float inputs only) counts non-zeros for p = 0, folds max/min |x| for p = +-inf (a NaN is
forgotten by the next element: see _fold_extreme), else (sum |x|^p)^(1/p); an empty x gives
zeros, a 0-D x without asvector reduces over nothing (0; -inf for p = inf).
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
    as_int_list,
    meta_of,
    normalize_axis,
    register,
)
from pirc.dialects.pd_op.elementwise import (
    as_array,
    cast_array,
    dtype_name,
    first_value,
    register_with_inplace,
)

# ---------------------------------------------------------------------------
# axis helpers
# ---------------------------------------------------------------------------


def reduce_axes(axis: Sequence[int], rank: int, reduce_all: bool = False) -> tuple[int, ...]:
    """Normalised, sorted reduce axes (all axes for an empty list or ``reduce_all``)."""
    axis = list(axis)
    seen: set[int] = set()
    if rank == 0:
        for a in axis:  # a 0-D tensor accepts axis 0 / -1 (and reduces nothing)
            normalize_axis(int(a), 0)
        return ()
    for a in axis:
        n = normalize_axis(int(a), rank)
        if n in seen:
            raise ShapeError(f"axis contains duplicate dimensions: {axis}")
        seen.add(n)
    if reduce_all or not axis:
        return tuple(range(rank))
    return tuple(sorted(a for a in seen if a < rank))


def reduced_shape(shape: tuple[int, ...], axes: tuple[int, ...], keepdim: bool) -> tuple[int, ...]:
    if keepdim:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def _axis_count(m: MetaArg) -> int | None:
    """How many axes a non-constant IntArray operand holds, if its shape says so."""
    if isinstance(m, Meta) and m.shape is not None:
        if len(m.shape) == 0:
            return 1
        if len(m.shape) == 1 and m.shape[0] >= 0:
            return m.shape[0]
    return None


def _reduce_meta_shape(x: Meta, axis_arg: MetaArg, keepdim: bool, reduce_all: bool = False,
                       axis_attr: Sequence[int] | None = None) -> tuple[int, ...] | None:
    if axis_attr is not None:
        axis: list[int] | None = list(axis_attr)
    else:
        const = axis_arg.const if isinstance(axis_arg, Meta) else None
        axis = as_int_list(const) if const is not None else None
    if x.shape is None:
        if axis is not None and len(set(axis)) != len(axis):
            raise ShapeError(f"axis contains duplicate dimensions: {axis}")
        return None
    rank = len(x.shape)
    if axis is None:
        # axes unknown at compile time: Paddle keeps only the rank
        if reduce_all:
            return (1,) * rank if keepdim else ()
        if keepdim:
            return (-1,) * rank
        n = _axis_count(axis_arg)
        if n is None:
            return None
        return (-1,) * max(rank - n, 0)
    axes = reduce_axes(axis, rank, reduce_all)
    return reduced_shape(x.shape, axes, keepdim)


def _axes_from(arg: KernelArg | Sequence[int] | None, rank: int, reduce_all: bool = False) -> tuple[int, ...]:
    axis = [] if arg is None else as_int_list(arg)
    try:
        return reduce_axes(axis, rank, reduce_all)
    except ShapeError as e:
        raise ValueError(str(e)) from None


# ---------------------------------------------------------------------------
# sum / mean / max / min / prod
# ---------------------------------------------------------------------------


def _sum_dtype(x_dtype: str, attr: Any) -> str:
    if isinstance(attr, str) and attr != "Undefined":
        return attr
    if x_dtype in ("bool", "int32"):
        return "int64"
    return x_dtype


def _sum_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    shape = _reduce_meta_shape(x, args[1] if len(args) > 1 else None, bool(attrs.get("keepdim", False)))
    return [Meta(shape, _sum_dtype(x.dtype, attrs.get("dtype")))]


def _sum_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    out_dt = _sum_dtype(dtype_name(x.dtype), attrs.get("dtype"))
    xc = cast_array(x, out_dt)
    axes = _axes_from(args[1] if len(args) > 1 else None, x.ndim)
    acc = np.float32 if xc.dtype == np.float16 else xc.dtype
    with np.errstate(all="ignore"):
        out = np.sum(xc, axis=axes, keepdims=bool(attrs.get("keepdim", False)), dtype=acc)
    return [as_array(out, xc.dtype)]


register(OpDef(name="pd_op.sum", operands=("x", "axis"), attrs=("dtype", "keepdim"), results=("out",),
               infer_meta=_sum_meta, kernel=_sum_kernel, pattern=PatternKind.REDUCTION))


def _same_dtype_reduce_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    shape = _reduce_meta_shape(x, args[1] if len(args) > 1 else None, bool(attrs.get("keepdim", False)),
                               bool(attrs.get("reduce_all", False)))
    return [Meta(shape, x.dtype)]


def _mean_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    axes = _axes_from(args[1] if len(args) > 1 else None, x.ndim)
    keep = bool(attrs.get("keepdim", False))
    count = int(np.prod([x.shape[a] for a in axes], dtype=np.int64))
    if x.dtype.kind in "iub":
        xi = x.astype(np.int64) if x.dtype == np.bool_ else x
        s = np.sum(xi, axis=axes, keepdims=keep, dtype=xi.dtype)
        if count == 0:  # 0 / 0 computed in floating point, then cast back (INT_MIN on x86)
            return [cast_array(np.full(np.shape(s), np.nan), dtype_name(x.dtype))]
        q = np.abs(s) // count
        out = np.where(s < 0, -q, q)  # C++ integer division truncates toward zero
        return [as_array(out, x.dtype)]
    acc = np.float32 if x.dtype == np.float16 else x.dtype
    with np.errstate(all="ignore"):
        out = np.sum(x, axis=axes, keepdims=keep, dtype=acc) / np.asarray(count, acc)  # empty: 0/0 = nan
    return [as_array(out, x.dtype)]


register(OpDef(name="pd_op.mean", operands=("x", "axis"), attrs=("keepdim",), results=("out",),
               infer_meta=_same_dtype_reduce_meta, kernel=_mean_kernel, pattern=PatternKind.REDUCTION))


def _minmax_kernel(fn: Any) -> Any:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x = np.asarray(args[0])
        axes = _axes_from(args[1] if len(args) > 1 else None, x.ndim)
        if any(x.shape[a] == 0 for a in axes):
            raise ValueError("cannot perform reduction along an axis that has a size of 0")
        out = fn(x, axis=axes, keepdims=bool(attrs.get("keepdim", False)))
        return [as_array(out, x.dtype)]

    return kernel


def _minmax_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    out = _same_dtype_reduce_meta(args, attrs)
    x = meta_of(args[0])
    const = args[1].const if len(args) > 1 and isinstance(args[1], Meta) else None
    if x.shape is not None and const is not None:
        for a in reduce_axes(as_int_list(const), len(x.shape)):
            if x.shape[a] == 0:
                raise ShapeError(f"cannot perform reduction along an axis ({a}) that has a size of 0")
    return out


register(OpDef(name="pd_op.max", operands=("x", "axis"), attrs=("keepdim",), results=("out",),
               infer_meta=_minmax_meta, kernel=_minmax_kernel(np.max), pattern=PatternKind.REDUCTION))
register(OpDef(name="pd_op.min", operands=("x", "axis"), attrs=("keepdim",), results=("out",),
               infer_meta=_minmax_meta, kernel=_minmax_kernel(np.min), pattern=PatternKind.REDUCTION))


def _prod_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    axes = _axes_from(args[1] if len(args) > 1 else None, x.ndim, bool(attrs.get("reduce_all", False)))
    acc = np.float32 if x.dtype == np.float16 else x.dtype
    with np.errstate(all="ignore"):
        out = np.prod(x, axis=axes, keepdims=bool(attrs.get("keepdim", False)), dtype=acc)
    return [as_array(out, x.dtype)]


register(OpDef(name="pd_op.prod", operands=("x", "axis"), attrs=("keepdim", "reduce_all"), results=("out",),
               infer_meta=_same_dtype_reduce_meta, kernel=_prod_kernel, pattern=PatternKind.REDUCTION))


# ---------------------------------------------------------------------------
# logsumexp (axis is an attribute)
# ---------------------------------------------------------------------------


def _logsumexp_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    shape = _reduce_meta_shape(x, None, bool(attrs.get("keepdim", False)), bool(attrs.get("reduce_all", False)),
                               axis_attr=list(attrs.get("axis", [])))
    return [Meta(shape, x.dtype)]


def _logsumexp_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    axes = _axes_from(list(attrs.get("axis", [])), x.ndim, bool(attrs.get("reduce_all", False)))
    keep = bool(attrs.get("keepdim", False))
    cd = np.float32 if x.dtype == np.float16 else x.dtype
    xc = x.astype(cd, copy=False)
    if any(x.shape[a] == 0 for a in axes):  # log(0): an empty reduction gives -inf
        out = np.full(reduced_shape(x.shape, axes, keep), -np.inf, dtype=cd)
        return [cast_array(out, dtype_name(x.dtype))]
    with np.errstate(all="ignore"):
        m = np.max(xc, axis=axes, keepdims=True)
        s = np.sum(np.exp(xc - m), axis=axes, keepdims=True)
        out = np.log(s) + m
    if not keep:
        out = out.reshape(reduced_shape(x.shape, axes, False))
    return [cast_array(out, dtype_name(x.dtype))]


register(OpDef(name="pd_op.logsumexp", operands=("x",), attrs=("axis", "keepdim", "reduce_all"), results=("out",),
               infer_meta=_logsumexp_meta, kernel=_logsumexp_kernel, pattern=PatternKind.REDUCTION))


# ---------------------------------------------------------------------------
# argmax / argmin
# ---------------------------------------------------------------------------


def _arg_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    dtype = attrs.get("dtype", "int64")
    if dtype not in ("int32", "int64"):
        raise ShapeError(f"argmax/argmin: dtype must be int32 or int64, got {dtype!r}")
    keep = bool(attrs.get("keepdims", False))
    if x.shape is None:
        return [Meta(None, dtype)]
    rank = len(x.shape)
    if attrs.get("flatten", False):
        return [Meta((1,) * rank if keep else (), dtype)]
    const = args[1].const if len(args) > 1 and isinstance(args[1], Meta) else None
    if const is None:
        return [Meta((-1,) * rank if keep else (-1,) * max(rank - 1, 0), dtype)]
    axis = as_int_list(const)
    if len(axis) != 1:
        raise ShapeError(f"argmax/argmin: axis must be a single integer, got {axis}")
    a = normalize_axis(axis[0], rank)
    if rank == 0:
        return [Meta((), dtype)]
    return [Meta(reduced_shape(x.shape, (a,), keep), dtype)]


def _arg_kernel(is_max: bool) -> Any:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x = np.asarray(args[0])
        keep = bool(attrs.get("keepdims", False))
        out_dt = np.int32 if attrs.get("dtype", "int64") == "int32" else np.int64
        rank = x.ndim
        if attrs.get("flatten", False) or rank == 0:
            xs, axis = x.reshape(-1), 0
        else:
            try:
                axis = normalize_axis(int(first_value(args[1])), rank)
            except ShapeError as e:
                raise ValueError(str(e)) from None
            xs = x
        if x.dtype == np.float32:  # nnlib (pirc/runtime/nn/scan.c), the function the ahead-of-time program calls
            from pirc.runtime.nn import fast

            flat = bool(attrs.get("flatten", False)) or rank == 0
            shape = ((1,) * rank if keep else ()) if flat else reduced_shape(x.shape, (axis,), keep)
            y = fast.argext(x, None if flat else axis, attrs, is_max, tuple(shape))
            if y is not None:
                return [y]
        if xs.shape[axis] == 0:  # Eigen's reducer keeps its initial index 0
            shape = reduced_shape(xs.shape, (axis,), False)
            idx = np.zeros(shape, dtype=np.int64)
            if attrs.get("flatten", False) or rank == 0:
                return [as_array(np.asarray(0).reshape((1,) * rank if keep else ()), out_dt)]
            return [as_array(np.expand_dims(idx, axis) if keep else idx, out_dt)]
        if xs.dtype.kind == "f":
            info = np.finfo(xs.dtype)
            if is_max:
                bad = np.isnan(xs) | (xs <= info.min)
                xs = np.where(bad, info.min, xs)
            else:
                bad = np.isnan(xs) | (xs >= info.max)
                xs = np.where(bad, info.max, xs)
        elif xs.dtype == np.bool_:
            xs = xs.astype(np.int8)
        idx = np.argmax(xs, axis=axis) if is_max else np.argmin(xs, axis=axis)
        if attrs.get("flatten", False) or rank == 0:
            out = np.asarray(idx).reshape((1,) * rank if keep else ())
        else:
            out = np.expand_dims(idx, axis) if keep else idx
        return [as_array(out, out_dt)]

    return kernel


for _name, _is_max in (("argmax", True), ("argmin", False)):
    register(OpDef(name=f"pd_op.{_name}", operands=("x", "axis"), attrs=("keepdims", "flatten", "dtype"),
                   results=("out",), infer_meta=_arg_meta, kernel=_arg_kernel(_is_max),
                   pattern=PatternKind.NON_FUSIBLE))


# ---------------------------------------------------------------------------
# cumsum
# ---------------------------------------------------------------------------


def _numel(shape: tuple[int, ...]) -> int:
    return int(np.prod(shape, dtype=np.int64)) if shape else 1


def _cumsum_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    if attrs.get("flatten", False):
        # Paddle multiplies the dims even when some are -1 (it prints e.g. -8); we say -1.
        n = -1 if any(d < 0 for d in x.shape) else _numel(x.shape)
        return [Meta((n,), x.dtype)]
    const = args[1].const if len(args) > 1 and isinstance(args[1], Meta) else None
    if const is not None:
        axis = as_int_list(const)
        if len(axis) != 1:
            raise ShapeError(f"cumsum: axis must be a single integer, got {axis}")
        normalize_axis(axis[0], len(x.shape))
    return [Meta(x.shape, x.dtype)]


def _cumsum_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    if attrs.get("flatten", False):
        if len(args) > 1 and args[1] is not None and int(first_value(args[1])) not in (0, -1):
            raise ValueError(f"cumsum: with flatten the axis must be 0 or -1, got {int(first_value(args[1]))}")
        xs, axis = x.reshape(-1), 0
    elif x.ndim == 0:
        return [np.array(x, copy=True)]
    else:
        try:
            axis = normalize_axis(int(first_value(args[1])), x.ndim)
        except ShapeError as e:
            raise ValueError(str(e)) from None
        xs = x
    if x.dtype in (np.float32, np.int64):  # nnlib (pirc/runtime/nn/scan.c), numpy's accumulation in C
        from pirc.runtime.nn import fast

        y = fast.cumsum(x, None if attrs.get("flatten", False) else axis, attrs)
        if y is not None:
            return [y]
    acc_dt = np.float32 if xs.dtype == np.float16 else (np.int64 if xs.dtype == np.bool_ else xs.dtype)
    if attrs.get("reverse", False):
        xs = np.flip(xs, axis)
    with np.errstate(all="ignore"):
        out = np.cumsum(xs, axis=axis, dtype=acc_dt)
    if attrs.get("exclusive", False) and out.shape[axis] > 0:
        zero = np.zeros_like(np.take(out, [0], axis=axis))
        out = np.concatenate([zero, np.take(out, np.arange(out.shape[axis] - 1), axis=axis)], axis=axis)
    if attrs.get("reverse", False):
        out = np.flip(out, axis)
    return [cast_array(np.ascontiguousarray(out), dtype_name(x.dtype))]


register_with_inplace("cumsum", operands=("x", "axis"), attrs=("flatten", "exclusive", "reverse"),
                      infer_meta=_cumsum_meta, kernel=_cumsum_kernel, pattern=PatternKind.NON_FUSIBLE,
                      inplace_variant=True)


# ---------------------------------------------------------------------------
# softmax / log_softmax
# ---------------------------------------------------------------------------


def _softmax_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is not None:
        normalize_axis(int(attrs.get("axis", -1)), len(x.shape))
    return [Meta(x.shape, x.dtype)]


def _softmax_common(args: Sequence[KernelArg], attrs: Mapping[str, Any], log: bool) -> list[np.ndarray]:
    x = np.asarray(args[0])
    if x.ndim == 0:
        return [np.zeros((), x.dtype) if log else np.ones((), x.dtype)]
    try:
        axis = normalize_axis(int(attrs.get("axis", -1)), x.ndim)
    except ShapeError as e:
        raise ValueError(str(e)) from None
    if x.size == 0:
        return [np.array(x, copy=True)]
    cd = np.float32 if x.dtype == np.float16 else x.dtype
    xc = x.astype(cd, copy=False)
    with np.errstate(all="ignore"):
        shifted = xc - np.max(xc, axis=axis, keepdims=True)
        shifted = np.where(shifted < -64, np.asarray(-64, cd), shifted)  # phi ValueClip
        e = np.exp(shifted)
        s = np.sum(e, axis=axis, keepdims=True)
        out = shifted - np.log(s) if log else e / s
    return [cast_array(out, dtype_name(x.dtype))]


register_with_inplace("softmax", operands=("x",), attrs=("axis",), infer_meta=_softmax_meta,
                      kernel=lambda a, t: _softmax_common(a, t, False), pattern=PatternKind.NON_FUSIBLE,
                      inplace_variant=True)
register_with_inplace("log_softmax", operands=("x",), attrs=("axis",), infer_meta=_softmax_meta,
                      kernel=lambda a, t: _softmax_common(a, t, True), pattern=PatternKind.NON_FUSIBLE)


# ---------------------------------------------------------------------------
# all / any / amax / amin (axis is an attribute)
# ---------------------------------------------------------------------------


def _attr_axis_meta(out_dtype: str | None) -> Any:
    def infer(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
        x = meta_of(args[0])
        shape = _reduce_meta_shape(x, None, bool(attrs.get("keepdim", False)),
                                   axis_attr=as_int_list(attrs.get("axis", [])))
        return [Meta(shape, out_dtype or x.dtype)]

    return infer


def _bool_reduce_kernel(fn: Any) -> Any:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x = np.asarray(args[0])
        axes = _axes_from(as_int_list(attrs.get("axis", [])), x.ndim)
        out = fn(x != 0, axis=axes, keepdims=bool(attrs.get("keepdim", False)))  # NaN counts as true
        return [as_array(out, np.bool_)]

    return kernel


# Paddle's ReduceInferMeta prints x's dtype (all/any of a float tensor are typed f32), but the
# kernel writes bool data; the Python API casts to bool first, so corpus programs see bool.
register(OpDef(name="pd_op.all", operands=("x",), attrs=("axis", "keepdim"), results=("out",),
               infer_meta=_attr_axis_meta(None), kernel=_bool_reduce_kernel(np.all),
               pattern=PatternKind.REDUCTION))
register(OpDef(name="pd_op.any", operands=("x",), attrs=("axis", "keepdim"), results=("out",),
               infer_meta=_attr_axis_meta(None), kernel=_bool_reduce_kernel(np.any),
               pattern=PatternKind.REDUCTION))


def _amax_kernel(fn: Any) -> Any:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x = np.asarray(args[0])
        axes = _axes_from(as_int_list(attrs.get("axis", [])), x.ndim)
        if any(x.shape[a] == 0 for a in axes):
            raise ValueError("amax/amin: cannot reduce along an axis of size 0")
        return [as_array(fn(x, axis=axes, keepdims=bool(attrs.get("keepdim", False))), x.dtype)]

    return kernel


register(OpDef(name="pd_op.amax", operands=("x",), attrs=("axis", "keepdim"), results=("out",),
               infer_meta=_attr_axis_meta(None), kernel=_amax_kernel(np.max), pattern=PatternKind.REDUCTION))
register(OpDef(name="pd_op.amin", operands=("x",), attrs=("axis", "keepdim"), results=("out",),
               infer_meta=_attr_axis_meta(None), kernel=_amax_kernel(np.min), pattern=PatternKind.REDUCTION))


# ---------------------------------------------------------------------------
# numel
# ---------------------------------------------------------------------------


def _numel_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    meta_of(args[0])
    return [Meta((), "int64")]


def _numel_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    return [np.asarray(np.asarray(args[0]).size, dtype=np.int64)]


# numel only reads the shape: it is not a CINN op (kOpaque -> NON_FUSIBLE)
register(OpDef(name="pd_op.numel", operands=("x",), attrs=(), results=("size",),
               infer_meta=_numel_meta, kernel=_numel_kernel, pattern=PatternKind.NON_FUSIBLE))


# ---------------------------------------------------------------------------
# p_norm
# ---------------------------------------------------------------------------


def _p_norm_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.dtype not in ("float32", "float64", "float16", "bfloat16"):
        raise ShapeError(f"p_norm: x must be a floating-point tensor, got {x.dtype}")
    keep = bool(attrs.get("keepdim", False))
    if x.shape is None:
        return [Meta(None, x.dtype)]
    rank = len(x.shape)
    if attrs.get("asvector", False):
        return [Meta((1,) * rank if keep else (), x.dtype)]
    axis = int(attrs.get("axis", -1))
    if rank == 0:
        if axis not in (0, -1):
            raise ShapeError(f"p_norm: axis {axis} out of range for a 0-D tensor")
        return [Meta((), x.dtype)]
    a = normalize_axis(axis, rank)
    return [Meta(reduced_shape(x.shape, (a,), keep), x.dtype)]


def _fold_extreme(ax: np.ndarray, axes: tuple[int, ...], keep: bool, largest: bool) -> np.ndarray:
    """phi's p = +-inf reduction: a left-to-right fold ``acc = acc > t ? acc : t`` (``<`` for
    -inf) from acc = -inf (+inf).  A NaN element is taken (every comparison with it is
    false) and then forgotten at the next element: the result is NaN when the last element
    is NaN, else the extreme of the elements after the last NaN."""
    init = -np.inf if largest else np.inf
    red = np.max if largest else np.min
    if not axes:
        return ax.copy()
    n = int(np.prod([ax.shape[a] for a in axes], dtype=np.int64))
    keep_shape = tuple(1 if i in axes else d for i, d in enumerate(ax.shape))
    rest = [i for i in range(ax.ndim) if i not in axes]
    rows = np.transpose(ax, rest + list(axes)).reshape(-1, n)
    isn = np.isnan(rows)
    if n == 0:
        out = np.full(rows.shape[0], init, dtype=ax.dtype)
    elif not isn.any():
        out = red(rows, axis=1)
    else:
        last = np.where(isn.any(axis=1), n - 1 - np.argmax(isn[:, ::-1], axis=1), -1)
        masked = np.where(np.arange(n)[None, :] <= last[:, None], np.asarray(init, ax.dtype), rows)
        out = red(masked, axis=1, initial=init)
        out = np.where(last == n - 1, np.asarray(np.nan, ax.dtype), out)
    out = out.reshape(tuple(d for i, d in enumerate(ax.shape) if i not in axes))
    return out.reshape(keep_shape) if keep else out


def _p_norm_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    # phi PNormKernel: p = 0 counts non-zeros, +-inf folds max/min |x| (see _fold_extreme),
    # otherwise (sum |x|^p)^(1/p); epsilon is not used by the forward kernel.  An empty x
    # gives zeros; a 0-D x without asvector reduces over nothing (0, or inf for p < 0,
    # -inf for p = inf, inf for p = -inf).
    x = np.asarray(args[0])
    keep = bool(attrs.get("keepdim", False))
    p = float(np.float32(attrs.get("porder", 2.0)))  # a C++ float
    cd = np.float32 if x.dtype == np.float16 else x.dtype
    ax = np.abs(x.astype(cd, copy=False))
    if attrs.get("asvector", False):
        axes: tuple[int, ...] = tuple(range(x.ndim))
    elif x.ndim == 0:
        ax, axes, keep = ax.reshape(-1)[:0], (0,), False
    else:
        try:
            axes = (normalize_axis(int(attrs.get("axis", -1)), x.ndim),)
        except ShapeError as e:
            raise ValueError(str(e)) from None
    if x.size == 0:
        return [np.zeros(reduced_shape(x.shape, axes, keep), dtype=x.dtype)]
    with np.errstate(all="ignore"):
        if p == 0:
            out = np.sum(ax != 0, axis=axes, keepdims=keep, dtype=cd)
        elif p in (np.inf, -np.inf):
            out = _fold_extreme(ax, axes, keep, p > 0)
        elif p == 2.0:
            out = np.sqrt(np.sum(ax * ax, axis=axes, keepdims=keep))
        else:
            pc = np.asarray(p, cd)
            inv = np.asarray(np.float32(1) / np.float32(p), cd)  # 1.0f / porder, even for float64 data
            out = np.power(np.sum(np.power(ax, pc), axis=axes, keepdims=keep), inv)
    return [cast_array(np.asarray(out), dtype_name(x.dtype))]


register(OpDef(name="pd_op.p_norm", operands=("x",), attrs=("porder", "axis", "epsilon", "keepdim", "asvector"),
               results=("out",), infer_meta=_p_norm_meta, kernel=_p_norm_kernel, pattern=PatternKind.REDUCTION))
