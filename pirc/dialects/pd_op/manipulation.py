"""pd_op tensor-manipulation ops: reshape, transpose, flatten, squeeze, unsqueeze,
concat, stack, split, split_with_num, unbind, meshgrid, and the inplace variants Paddle emits
(``reshape_``, ``transpose_``, ``flatten_``, ``squeeze_``, ``unsqueeze_``).

Operand/attribute/result lists were checked against PaddlePaddle 3.3.1's PIR (see
``tests/dialects/gen_part2.py``).  In 3.3.1 none of these ops has an ``xshape`` result.

Conventions used in this file
-----------------------------
* **Mutable attributes.**  IntArray / Scalar arguments that Paddle passes as operands
  (reshape's ``shape``, slice's ``starts``/``ends``, split's ``sections``/``axis``,
  concat's ``axis``, expand's ``shape``, tile's ``repeat_times``, squeeze/unsqueeze's
  ``axis``, gather's ``axis``) are ordinary operands here.  Shape rules read their value
  from ``Meta.const`` (a ``list``, an ``np.ndarray`` or a scalar are all accepted); when
  it is ``None`` the affected dims become ``-1`` (and the rank is taken from the operand's
  own shape where that is what decides it, e.g. ``reshape`` with a ``tensor<3xi64>``
  shape gives a rank-3 result).  Kernels receive these operands as numpy arrays (or a
  list of 0-D/1-D arrays when a ``builtin.combine`` made them); both are accepted.
* **Tensor-list operands** (``concat``'s and ``stack``'s ``x``, ``meshgrid``'s
  ``inputs``) are named with ``[]``: the shape rule receives a ``list[Meta]`` and the
  kernel a ``list[np.ndarray]``.
* **Tensor-list results.**  ``split``, ``split_with_num``, ``unbind`` and ``meshgrid`` have
  ONE result of type ``vec[tensor<...>, ...]`` in PIR (a ``builtin.split`` unpacks it).
  They are declared with ``results=("out[]",)``; their shape rule returns a *flat* list
  with one ``Meta`` per vector element, and their kernel returns a *flat* list with one
  array per element.  Whoever binds results must therefore treat a single ``"...[]"``
  result as "all returned entries form the one vector value".
* **Views.**  ``reshape``, ``transpose``, ``flatten``, ``squeeze``, ``unsqueeze`` and
  ``slice`` carry the ``"view"`` trait with ``view={0: 0}``; their kernels return numpy
  views of the input wherever numpy can (``np.reshape``, ``np.transpose``, basic
  slicing), so storage really is shared.  Every other op here returns freshly allocated
  arrays (never a view of an input), as the interpreter expects for non-view ops.
* **Inplace variants** (``reshape_`` ...) carry the ``"inplace"`` trait with
  ``inplace={0: 0}`` (Paddle's inplace map for them is ``{0: 0}``).  Their kernels are the
  same as the out-of-place op's and never modify the input.

Pattern kinds follow the reference's CINN registrations: ``reshape``/``squeeze``/
``expand_dims`` (unsqueeze) are kElementWise in CINN's elementwise.cc (flatten is a
reshape there too), ``transpose``/``slice``/``concat``/``gather`` are kInjective,
``expand`` maps to ``broadcast_to`` = kBroadcast, ``split`` is kNonFusible.  By analogy:
``strided_slice``, ``index_select``, ``gather_nd`` (CINN: kInjective), ``stack``, ``tile``
are INJECTIVE; ``expand_as`` is BROADCAST; the other vec-result ops (``split_with_num``
-> CINN ``split``, ``unbind``, ``meshgrid``) are NON_FUSIBLE.

Shape-rule quirks reproduced from Paddle's infer-meta (what Paddle prints, even where
the runtime shape differs): ``gather`` with a non-constant axis is typed as if axis were
0; ``split``/``split_with_num`` give -1 for every piece when the split dim is -1;
``squeeze`` at compile time also drops a -1 dim that is named in ``axis``.  With
unknown constants Paddle prints: all dims -1 for ``strided_slice`` (unknown starts/ends/
strides) and ``split`` (unknown sections); rank - len(axis) unknown dims for ``squeeze``;
the leading dims no repeat count reaches, then -1s, for ``tile``; only the sliced axes -1
for ``slice``.  These are reproduced too.

slice / strided_slice / gather / gather_nd / index_select live in indexing.py;
expand / expand_as / tile / flip / roll / pad / pad3d in expand.py; masked_fill / tril / triu /
nonzero in masking.py.  The conventions above hold for all of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op._nnutil import _shape
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

__all__ = ["const_int", "const_ints", "kernel_int", "kernel_ints"]

_VIEW = frozenset({"view"})
_INPLACE = frozenset({"inplace"})


# ---------------------------------------------------------------------------
# helpers for constant operands (shared with the other pd_op files)
# ---------------------------------------------------------------------------

def const_ints(arg: MetaArg) -> list[int] | None:
    """Value of an IntArray operand if it is a compile-time constant, else None."""
    if arg is None:
        return None
    if isinstance(arg, list):  # builtin.combine of scalars
        out: list[int] = []
        for m in arg:
            if m is None or m.const is None:
                return None
            out.extend(as_int_list(m.const))
        return out
    if arg.const is None:
        return None
    return as_int_list(arg.const)


def const_int(arg: MetaArg) -> int | None:
    vals = const_ints(arg)
    if vals is None:
        return None
    if len(vals) != 1:
        raise ShapeError(f"expected a single integer, got {vals}")
    return vals[0]


def kernel_ints(arg: KernelArg) -> list[int]:
    if arg is None:
        raise ValueError("missing integer-array operand")
    if isinstance(arg, list):
        out: list[int] = []
        for a in arg:
            out.extend(as_int_list(np.asarray(a)))
        return out
    return as_int_list(np.asarray(arg))


def kernel_int(arg: KernelArg) -> int:
    vals = kernel_ints(arg)
    if len(vals) != 1:
        raise ValueError(f"expected a single integer, got {vals}")
    return vals[0]


def _operand_len(arg: MetaArg) -> int | None:
    """Number of entries of a 1-D IntArray operand, from its type, if known."""
    if arg is None:
        return None
    if isinstance(arg, list):
        return len(arg)
    if arg.shape is None:
        return None
    if len(arg.shape) == 0:
        return 1
    if len(arg.shape) == 1 and arg.shape[0] >= 0:
        return arg.shape[0]
    return None



def _prod(dims: Sequence[int]) -> int:
    p = 1
    for d in dims:
        p *= d
    return p


def _merge_dim(a: int, b: int, what: str) -> int:
    if a == b:
        return a
    if a == -1:
        return b
    if b == -1:
        return a
    raise ShapeError(f"{what}: dims {a} and {b} differ")


def _reg(name: str, *, view: bool = False, inplace_of: str | None = None, **kw: Any) -> None:
    register(OpDef(name=name, traits=_VIEW if view else frozenset(), view={0: 0} if view else {}, **kw))
    if inplace_of:
        register(OpDef(name=inplace_of, traits=_INPLACE, inplace={0: 0}, **kw))


# ---------------------------------------------------------------------------
# reshape
# ---------------------------------------------------------------------------

def _reshape_target(in_shape: tuple[int, ...] | None, shape: list[int]) -> tuple[int, ...]:
    out: list[int] = []
    neg = -1
    for i, d in enumerate(shape):
        if d == -1:
            if neg >= 0:
                raise ShapeError(f"reshape: only one dimension can be -1, got {shape}")
            neg = i
            out.append(-1)
        elif d == 0:
            if in_shape is None:
                out.append(-1)
            elif i >= len(in_shape):
                raise ShapeError(f"reshape: 0 at index {i} but input {in_shape} has rank {len(in_shape)}")
            else:
                out.append(in_shape[i])
        elif d < 0:
            raise ShapeError(f"reshape: invalid dimension {d} in {shape}")
        else:
            out.append(d)
    if in_shape is None or any(d < 0 for d in in_shape):
        return tuple(out)
    numel = _prod(in_shape)
    known = _prod(d for d in out if d >= 0)
    if any(d < 0 for i, d in enumerate(out) if i != neg):
        return tuple(out)  # a copied -1 dim: cannot infer
    if neg >= 0:
        if known == 0 or numel % known:
            raise ShapeError(f"reshape: cannot reshape {in_shape} to {shape}")
        out[neg] = numel // known
    elif known != numel:
        raise ShapeError(f"reshape: cannot reshape {in_shape} ({numel} elements) to {shape}")
    return tuple(out)


def _reshape_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    shape = const_ints(args[1])
    if shape is None:
        n = _operand_len(args[1])
        return [Meta(None if n is None else (-1,) * n, x.dtype)]
    return [Meta(_reshape_target(x.shape, shape), x.dtype)]


def _reshape_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    target = _reshape_target(x.shape, kernel_ints(args[1]))
    return [np.reshape(x, target)]


_reg("pd_op.reshape", view=True, inplace_of="pd_op.reshape_", operands=("x", "shape"),
     infer_meta=_reshape_meta, kernel=_reshape_kernel, pattern=PatternKind.ELEMENTWISE)


# ---------------------------------------------------------------------------
# transpose
# ---------------------------------------------------------------------------

def _norm_perm(perm: Sequence[int], rank: int) -> list[int]:
    if len(perm) != rank:
        raise ShapeError(f"transpose: perm {list(perm)} does not match rank {rank}")
    p = [normalize_axis(int(a), rank) for a in perm]
    if sorted(p) != list(range(rank)):
        raise ShapeError(f"transpose: perm {list(perm)} is not a permutation")
    return p


def _transpose_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    p = _norm_perm(attrs["perm"], len(x.shape))
    return [Meta(tuple(x.shape[a] for a in p), x.dtype)]


def _transpose_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    return [np.transpose(x, _norm_perm(attrs["perm"], x.ndim))]


_reg("pd_op.transpose", view=True, inplace_of="pd_op.transpose_", operands=("x",), attrs=("perm",),
     infer_meta=_transpose_meta, kernel=_transpose_kernel, pattern=PatternKind.INJECTIVE)


# ---------------------------------------------------------------------------
# flatten
# ---------------------------------------------------------------------------

def _flatten_shape(shape: tuple[int, ...], start: int, stop: int) -> tuple[int, ...]:
    rank = len(shape)
    if rank == 0:
        if start not in (0, -1) or stop not in (0, -1):
            raise ShapeError(f"flatten: axes ({start}, {stop}) out of range for a 0-D tensor")
        return (1,)
    s = normalize_axis(start, rank)
    e = normalize_axis(stop, rank)
    if s > e:
        raise ShapeError(f"flatten: start_axis {start} is after stop_axis {stop}")
    mid = shape[s:e + 1]
    d = -1 if any(v < 0 for v in mid) else _prod(mid)
    return shape[:s] + (d,) + shape[e + 1:]


def _flatten_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    return [Meta(_flatten_shape(x.shape, int(attrs["start_axis"]), int(attrs["stop_axis"])), x.dtype)]


def _flatten_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    return [np.reshape(x, _flatten_shape(x.shape, int(attrs["start_axis"]), int(attrs["stop_axis"])))]


_reg("pd_op.flatten", view=True, inplace_of="pd_op.flatten_", operands=("x",), attrs=("start_axis", "stop_axis"),
     infer_meta=_flatten_meta, kernel=_flatten_kernel, pattern=PatternKind.ELEMENTWISE)


# ---------------------------------------------------------------------------
# squeeze / unsqueeze
# ---------------------------------------------------------------------------

def _squeeze_shape(shape: tuple[int, ...], axes: list[int], runtime: bool) -> tuple[int, ...]:
    rank = len(shape)
    drop = [False] * rank
    if not axes:
        for i, d in enumerate(shape):
            drop[i] = d == 1
    else:
        for a in axes:
            if rank == 0:
                if a not in (0, -1):
                    raise ShapeError(f"squeeze: axis {a} out of range for a 0-D tensor")
                continue
            i = normalize_axis(a, rank)
            # Paddle: at compile time a -1 dim named in axis is squeezed too.
            if shape[i] == 1 or (not runtime and shape[i] == -1):
                drop[i] = True
    return tuple(d for i, d in enumerate(shape) if not drop[i])


def _squeeze_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    axes = const_ints(args[1]) if len(args) > 1 else []
    if x.shape is None:
        return [Meta(None, x.dtype)]
    if axes is None:
        # Paddle: rank - len(axis) dims, all unknown
        n = _operand_len(args[1])
        if n is None or n > len(x.shape):
            return [Meta(None, x.dtype)]
        return [Meta((-1,) * (len(x.shape) - n), x.dtype)]
    return [Meta(_squeeze_shape(x.shape, axes, runtime=False), x.dtype)]


def _squeeze_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    axes = kernel_ints(args[1]) if len(args) > 1 and args[1] is not None else []
    return [np.reshape(x, _squeeze_shape(x.shape, axes, runtime=True))]


_reg("pd_op.squeeze", view=True, inplace_of="pd_op.squeeze_", operands=("x", "axis"),
     infer_meta=_squeeze_meta, kernel=_squeeze_kernel, pattern=PatternKind.ELEMENTWISE)


def _unsqueeze_shape(shape: tuple[int, ...], axes: list[int]) -> tuple[int, ...]:
    # A port of phi's GetUnsqueezeShape: axes are applied one after another.
    out_rank = len(shape) + len(axes)
    cur_rank = len(shape)
    marks = [0] * (out_rank + 1)
    for a in axes:
        if not -(cur_rank + 1) <= a <= cur_rank:
            raise ShapeError(f"unsqueeze: axis {a} out of range for rank {cur_rank}")
        cur = a + cur_rank + 1 if a < 0 else a
        for i in range(cur_rank, cur - 1, -1):
            if marks[i] == 1:
                marks[i + 1] = 1
                marks[i] = 0
        marks[cur] = 1
        cur_rank += 1
    out: list[int] = []
    it = iter(shape)
    for i in range(out_rank):
        out.append(1 if marks[i] == 1 else next(it))
    return tuple(out)


def _unsqueeze_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    axes = const_ints(args[1])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    if axes is None:
        n = _operand_len(args[1])
        return [Meta(None if n is None else (-1,) * (len(x.shape) + n), x.dtype)]
    return [Meta(_unsqueeze_shape(x.shape, axes), x.dtype)]


def _unsqueeze_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    return [np.reshape(x, _unsqueeze_shape(x.shape, kernel_ints(args[1])))]


_reg("pd_op.unsqueeze", view=True, inplace_of="pd_op.unsqueeze_", operands=("x", "axis"),
     infer_meta=_unsqueeze_meta, kernel=_unsqueeze_kernel, pattern=PatternKind.ELEMENTWISE)


# ---------------------------------------------------------------------------
# concat / stack
# ---------------------------------------------------------------------------

def _metas_list(arg: MetaArg, what: str) -> list[Meta]:
    if not isinstance(arg, list) or not arg:
        raise ShapeError(f"{what}: expected a non-empty tensor list")
    for m in arg:
        if not isinstance(m, Meta):
            raise ShapeError(f"{what}: expected tensors in the list")
    return arg


def _check_same_dtype(ms: list[Meta], what: str) -> str:
    dt = ms[0].dtype
    for i, m in enumerate(ms[1:], 1):
        if m.dtype != dt:
            raise ShapeError(f"{what}: input {i} has dtype {m.dtype}, input 0 has {dt}")
    return dt


def _concat_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    xs = _metas_list(args[0], "concat")
    dt = _check_same_dtype(xs, "concat")
    ranks = {len(m.shape) for m in xs if m.shape is not None}
    if not ranks:
        return [Meta(None, dt)]
    if len(ranks) > 1:
        raise ShapeError(f"concat: inputs have different ranks {sorted(ranks)}")
    rank = ranks.pop()
    if rank == 0:
        raise ShapeError("concat: 0-D tensors cannot be concatenated")
    axis = const_int(args[1])
    if axis is None:
        return [Meta((-1,) * rank, dt)]
    axis = normalize_axis(axis, rank)
    shapes = [m.shape for m in xs if m.shape is not None]
    out = list(shapes[0])
    for s in shapes[1:]:
        for i in range(rank):
            if i != axis:
                out[i] = _merge_dim(out[i], s[i], f"concat: input dim {i}")
    if len(shapes) != len(xs) or any(s[axis] < 0 for s in shapes):
        out[axis] = -1
    else:
        out[axis] = sum(s[axis] for s in shapes)
    return [Meta(tuple(out), dt)]


def _concat_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    xs = list(args[0])
    axis = normalize_axis(kernel_int(args[1]), xs[0].ndim)
    return [np.concatenate(xs, axis=axis)]


register(OpDef(name="pd_op.concat", operands=("x[]", "axis"), infer_meta=_concat_meta, kernel=_concat_kernel,
               pattern=PatternKind.INJECTIVE))


def _stack_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    xs = _metas_list(args[0], "stack")
    dt = _check_same_dtype(xs, "stack")
    shapes = [m.shape for m in xs if m.shape is not None]
    if not shapes:
        return [Meta(None, dt)]
    if len({len(s) for s in shapes}) > 1:
        raise ShapeError("stack: inputs have different ranks")
    out = list(shapes[0])
    for s in shapes[1:]:
        out = [_merge_dim(a, b, "stack: input shapes") for a, b in zip(out, s, strict=True)]
    rank = len(out)
    axis = int(attrs["axis"])
    if not -(rank + 1) <= axis <= rank:
        raise ShapeError(f"stack: axis {axis} out of range for rank {rank}")
    if axis < 0:
        axis += rank + 1
    out.insert(axis, len(xs))
    return [Meta(tuple(out), dt)]


def _stack_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    xs = list(args[0])
    rank = xs[0].ndim
    axis = int(attrs["axis"])
    if axis < 0:
        axis += rank + 1
    return [np.stack(xs, axis=axis)]


register(OpDef(name="pd_op.stack", operands=("x[]",), attrs=("axis",), infer_meta=_stack_meta,
               kernel=_stack_kernel, pattern=PatternKind.INJECTIVE))


# ---------------------------------------------------------------------------
# split / split_with_num / unbind / meshgrid  (vec results: see module docstring)
# ---------------------------------------------------------------------------

def _split_sizes(dim: int, sections: list[int]) -> list[int]:
    sizes = list(sections)
    neg = [i for i, s in enumerate(sizes) if s == -1]
    if len(neg) > 1:
        raise ShapeError(f"split: only one section can be -1, got {sections}")
    if any(s < -1 for s in sizes):
        raise ShapeError(f"split: invalid sections {sections}")
    if dim < 0:  # Paddle's SplitInferMeta: an unknown axis dim gives -1 everywhere
        return [-1] * len(sizes)
    known = sum(s for s in sizes if s >= 0)
    if neg:
        if known > dim:
            raise ShapeError(f"split: sections {sections} exceed dim {dim}")
        sizes[neg[0]] = dim - known
    elif known != dim:
        raise ShapeError(f"split: sections {sections} do not sum to dim {dim}")
    return sizes


def _split_metas(x: Meta, axis: int | None, sizes: list[int] | None, n: int) -> list[Meta]:
    if x.shape is None:
        return [Meta(None, x.dtype) for _ in range(n)]
    rank = len(x.shape)
    if rank == 0:
        raise ShapeError("split: cannot split a 0-D tensor")
    if axis is None:
        return [Meta((-1,) * rank, x.dtype) for _ in range(n)]
    axis = normalize_axis(axis, rank)
    out = []
    for i in range(n):
        s = list(x.shape)
        s[axis] = -1 if sizes is None else sizes[i]
        out.append(Meta(tuple(s), x.dtype))
    return out


def _split_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    sections = const_ints(args[1])
    axis = const_int(args[2])
    if sections is None:
        n = _operand_len(args[1])
        if n is None:
            raise ShapeError("split: the number of sections is unknown")
        return _split_metas(x, None, None, n)  # Paddle: every dim unknown
    sizes = None
    if axis is not None and x.shape is not None and len(x.shape) > 0:
        sizes = _split_sizes(x.shape[normalize_axis(axis, len(x.shape))], sections)
    return _split_metas(x, axis, sizes, len(sections))


def _split_arrays(x: np.ndarray, axis: int, sizes: list[int]) -> list[np.ndarray]:
    bounds = np.cumsum([0] + sizes)
    idx = [slice(None)] * x.ndim
    out = []
    for i in range(len(sizes)):
        idx[axis] = slice(int(bounds[i]), int(bounds[i + 1]))
        out.append(x[tuple(idx)].copy())
    return out


def _split_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    if x.ndim == 0:
        raise ValueError("split: cannot split a 0-D tensor")
    axis = normalize_axis(kernel_int(args[2]), x.ndim)
    sizes = _split_sizes(x.shape[axis], kernel_ints(args[1]))
    return _split_arrays(x, axis, sizes)


register(OpDef(name="pd_op.split", operands=("x", "sections", "axis"), results=("out[]",),
               infer_meta=_split_meta, kernel=_split_kernel, pattern=PatternKind.NON_FUSIBLE))


def _split_num_sizes(dim: int, num: int) -> list[int] | None:
    if num <= 0:
        raise ShapeError(f"split_with_num: num must be positive, got {num}")
    if dim < 0:
        return None
    if dim % num:
        raise ShapeError(f"split_with_num: dim {dim} is not divisible by num {num}")
    return [dim // num] * num


def _split_with_num_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    num = int(attrs["num"])
    axis = const_int(args[1])
    sizes = None
    if num <= 0:
        raise ShapeError(f"split_with_num: num must be positive, got {num}")
    if axis is not None and x.shape is not None and len(x.shape) > 0:
        sizes = _split_num_sizes(x.shape[normalize_axis(axis, len(x.shape))], num)
    return _split_metas(x, axis, sizes, num)


def _split_with_num_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    axis = normalize_axis(kernel_int(args[1]), x.ndim)
    sizes = _split_num_sizes(x.shape[axis], int(attrs["num"]))
    assert sizes is not None
    return _split_arrays(x, axis, sizes)


register(OpDef(name="pd_op.split_with_num", operands=("x", "axis"), attrs=("num",), results=("out[]",),
               infer_meta=_split_with_num_meta, kernel=_split_with_num_kernel, pattern=PatternKind.NON_FUSIBLE))


def _unbind_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    shape = _shape(x)
    if len(shape) == 0:
        raise ShapeError("unbind: cannot unbind a 0-D tensor")
    axis = normalize_axis(int(attrs["axis"]), len(shape))
    n = shape[axis]
    if n < 0:
        raise ShapeError("unbind: the size of the unbound axis is unknown")
    rest = shape[:axis] + shape[axis + 1:]
    return [Meta(rest, x.dtype) for _ in range(n)]


def _unbind_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    axis = normalize_axis(int(attrs["axis"]), x.ndim)
    return [np.take(x, i, axis=axis) for i in range(x.shape[axis])]


register(OpDef(name="pd_op.unbind", operands=("input",), attrs=("axis",), results=("out[]",),
               infer_meta=_unbind_meta, kernel=_unbind_kernel, pattern=PatternKind.NON_FUSIBLE))


def _meshgrid_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    xs = _metas_list(args[0], "meshgrid")
    dims = []
    for i, m in enumerate(xs):
        s = _shape(m)
        if len(s) > 1:
            raise ShapeError(f"meshgrid: input {i} must be 0-D or 1-D, got shape {s}")
        dims.append(s[0] if s else 1)
    return [Meta(tuple(dims), m.dtype) for m in xs]


def _meshgrid_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    xs = [np.reshape(a, -1) for a in args[0]]
    return [np.array(g) for g in np.meshgrid(*xs, indexing="ij")]


register(OpDef(name="pd_op.meshgrid", operands=("inputs[]",), results=("out[]",), infer_meta=_meshgrid_meta,
               kernel=_meshgrid_kernel, pattern=PatternKind.NON_FUSIBLE))
