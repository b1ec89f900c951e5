"""pd_op tensor-manipulation ops: reshape, transpose, flatten, squeeze, unsqueeze,
concat, split, split_with_num, slice, strided_slice, gather, gather_nd, index_select,
expand, expand_as, tile, unbind, stack, meshgrid, and the inplace variants Paddle emits
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

Part 3 (tests/dialects/test_part3_*.py): ``flip`` (axis attribute; duplicates are checked
on the values as given, so [1, -1] passes and flips once; a 0-D tensor takes no axis),
``roll`` (shifts operand, axis attribute; no axes: roll the flattened tensor, one shift),
``masked_fill``/``masked_fill_`` (result = broadcast(x, mask), even for the inplace form;
value must broadcast to it and have x's dtype), ``tril``/``triu`` (+ ``_``), ``nonzero``
(operand ``condition``, result [-1, rank] int64), ``pad`` (paddings attribute, 2 * rank
non-negative values; pad_value is a float32 operand cast to x's type) and ``pad3d`` (5-D;
paddings [left, right, top, bottom, front, back] may be negative = crop; pad_value is a
double; modes constant,
reflect, replicate, circular; unknown paddings give -1 dims).  Pattern kinds: flip (CINN
reverse), roll, pad, pad3d INJECTIVE; masked_fill, tril, triu ELEMENTWISE (CINN select /
tril); nonzero NON_FUSIBLE.
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
    broadcast_dims,
    meta_of,
    normalize_axis,
    register,
)
from pirc.dialects.pd_op.elementwise import cast_array, dtype_name, first_value

__all__ = ["const_ints", "const_int", "kernel_ints", "kernel_int"]

_VIEW = frozenset({"view"})
_INPLACE = frozenset({"inplace"})


# ---------------------------------------------------------------------------
# helpers for constant operands (shared with nn.py)
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


def _shape(m: Meta) -> tuple[int, ...]:
    if m.shape is None:
        raise ShapeError("operand rank is unknown")
    return m.shape


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


# ---------------------------------------------------------------------------
# slice / strided_slice
# ---------------------------------------------------------------------------

def _slice_len(dim: int, start: int, end: int, step: int) -> int:
    if dim < 0:
        return -1
    return len(range(*slice(start, end, step).indices(dim)))


def _check_axes(axes: Sequence[int], rank: int, what: str) -> list[int]:
    out = []
    for a in axes:
        a = int(a)
        if not 0 <= a < rank and not -rank <= a < 0:
            raise ShapeError(f"{what}: axis {a} out of range for rank {rank}")
        out.append(a + rank if a < 0 else a)
    return out


def _slice_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    rank = len(x.shape)
    axes = _check_axes(attrs["axes"], rank, "slice")
    starts = const_ints(args[1])
    ends = const_ints(args[2])
    infer_flags = list(attrs.get("infer_flags") or [])
    out = list(x.shape)
    for k, ax in enumerate(axes):
        if starts is None or ends is None or (k < len(infer_flags) and infer_flags[k] == -1):
            out[ax] = -1
            continue
        if len(starts) != len(axes) or len(ends) != len(axes):
            raise ShapeError(f"slice: {len(axes)} axes but {len(starts)} starts and {len(ends)} ends")
        out[ax] = _slice_len(x.shape[ax], starts[k], ends[k], 1)
    dec = _check_axes(attrs.get("decrease_axis") or [], rank, "slice")
    for ax in dec:
        if out[ax] not in (1, -1):
            raise ShapeError(f"slice: decreased axis {ax} has size {out[ax]}, expected 1")
    return [Meta(tuple(d for i, d in enumerate(out) if i not in dec), x.dtype)]


def _slice_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    axes = _check_axes(attrs["axes"], x.ndim, "slice")
    starts, ends = kernel_ints(args[1]), kernel_ints(args[2])
    if len(starts) != len(axes) or len(ends) != len(axes):
        raise ValueError("slice: starts/ends do not match axes")
    idx: list[Any] = [slice(None)] * x.ndim
    for ax, s, e in zip(axes, starts, ends, strict=True):
        idx[ax] = slice(s, e)
    out = x[tuple(idx)]
    dec = _check_axes(attrs.get("decrease_axis") or [], x.ndim, "slice")
    if dec:
        for ax in dec:
            if out.shape[ax] != 1:
                raise ValueError(f"slice: decreased axis {ax} has size {out.shape[ax]}, expected 1")
        # the trailing Ellipsis keeps a 0-D result an ndarray view (not a numpy scalar)
        out = out[tuple(0 if i in dec else slice(None) for i in range(x.ndim)) + (Ellipsis,)]
    return [out]


register(OpDef(name="pd_op.slice", operands=("input", "starts", "ends"), attrs=("axes", "infer_flags", "decrease_axis"),
               infer_meta=_slice_meta, kernel=_slice_kernel, pattern=PatternKind.INJECTIVE,
               traits=_VIEW, view={0: 0}))


def _strided_slice_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    axes = _check_axes(attrs["axes"], len(x.shape), "strided_slice")
    starts, ends, strides = const_ints(args[1]), const_ints(args[2]), const_ints(args[3])
    out = list(x.shape)
    if starts is None or ends is None or strides is None:
        return [Meta((-1,) * len(out), x.dtype)]  # Paddle: every dim unknown
    if not len(starts) == len(ends) == len(strides) == len(axes):
        raise ShapeError("strided_slice: axes, starts, ends and strides differ in length")
    for ax, s, e, st in zip(axes, starts, ends, strides, strict=True):
        if st == 0:
            raise ShapeError("strided_slice: stride 0")
        out[ax] = _slice_len(x.shape[ax], s, e, st)
    return [Meta(tuple(out), x.dtype)]


def _strided_slice_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    axes = _check_axes(attrs["axes"], x.ndim, "strided_slice")
    starts, ends, strides = kernel_ints(args[1]), kernel_ints(args[2]), kernel_ints(args[3])
    idx: list[Any] = [slice(None)] * x.ndim
    for ax, s, e, st in zip(axes, starts, ends, strides, strict=True):
        if st == 0:
            raise ValueError("strided_slice: stride 0")
        idx[ax] = slice(s, e, st)
    return [x[tuple(idx)].copy()]


register(OpDef(name="pd_op.strided_slice", operands=("x", "starts", "ends", "strides"), attrs=("axes",),
               infer_meta=_strided_slice_meta, kernel=_strided_slice_kernel, pattern=PatternKind.INJECTIVE))


# ---------------------------------------------------------------------------
# gather / gather_nd / index_select
# ---------------------------------------------------------------------------

_INDEX_DTYPES = ("int32", "int64")


def _check_index_dtype(m: Meta, what: str) -> None:
    if m.dtype not in _INDEX_DTYPES:
        raise ShapeError(f"{what}: index dtype must be int32 or int64, got {m.dtype}")


def _gather_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, index = meta_of(args[0]), meta_of(args[1])
    _check_index_dtype(index, "gather")
    if x.shape is None:
        return [Meta(None, x.dtype)]
    rank = len(x.shape)
    if rank == 0:
        raise ShapeError("gather: input must have rank >= 1")
    axis = const_int(args[2]) if len(args) > 2 and args[2] is not None else int(attrs.get("axis", 0))
    if index.shape is None:
        return [Meta(None, x.dtype)]
    if len(index.shape) == 2 and index.shape[1] not in (1, -1):
        raise ShapeError(f"gather: index must be 1-D or [N, 1], got {index.shape}")
    if len(index.shape) > 2:
        raise ShapeError(f"gather: index must be 0-D, 1-D or [N, 1], got {index.shape}")
    if axis is None:
        # Paddle's GatherInferMeta: when axis comes from a tensor it computes the
        # shape as if axis were 0 ("we can not obtain correct shape of output").
        axis = 0
    axis = normalize_axis(axis, rank)
    if len(index.shape) == 0:
        mid: tuple[int, ...] = ()
    else:
        mid = (index.shape[0],)
    return [Meta(x.shape[:axis] + mid + x.shape[axis + 1:], x.dtype)]


def _take(x: np.ndarray, index: np.ndarray, axis: int) -> np.ndarray:
    n = x.shape[axis]
    if index.size and (index.min() < -n or index.max() >= n):
        raise IndexError(f"index out of range [{-n}, {n}) on axis {axis}")
    return np.take(x, index, axis=axis)


def _gather_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, index = args[0], np.asarray(args[1])
    axis = normalize_axis(kernel_int(args[2]), x.ndim)
    if index.ndim == 2:
        index = index.reshape(-1)
    return [_take(x, index, axis)]


register(OpDef(name="pd_op.gather", operands=("x", "index", "axis"), infer_meta=_gather_meta,
               kernel=_gather_kernel, pattern=PatternKind.INJECTIVE))


def _index_select_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, index = meta_of(args[0]), meta_of(args[1])
    _check_index_dtype(index, "index_select")
    if x.shape is None:
        return [Meta(None, x.dtype)]
    rank = len(x.shape)
    axis = normalize_axis(int(attrs["axis"]), rank)
    if index.shape is None:
        n = -1
    elif len(index.shape) == 1:
        n = index.shape[0]
    elif len(index.shape) == 2 and index.shape[1] in (1, -1):
        n = index.shape[0]
    else:
        raise ShapeError(f"index_select: index must be 1-D, got shape {index.shape}")
    if rank == 0:
        return [Meta((n,), x.dtype)]
    return [Meta(x.shape[:axis] + (n,) + x.shape[axis + 1:], x.dtype)]


def _index_select_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, index = args[0], np.asarray(args[1]).reshape(-1)
    if x.ndim == 0:
        return [_take(x.reshape(1), index, 0)]
    return [_take(x, index, normalize_axis(int(attrs["axis"]), x.ndim))]


register(OpDef(name="pd_op.index_select", operands=("x", "index"), attrs=("axis",),
               infer_meta=_index_select_meta, kernel=_index_select_kernel, pattern=PatternKind.INJECTIVE))


def _gather_nd_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x, index = meta_of(args[0]), meta_of(args[1])
    _check_index_dtype(index, "gather_nd")
    if x.shape is None or index.shape is None:
        return [Meta(None, x.dtype)]
    if len(index.shape) == 0:
        raise ShapeError("gather_nd: index must have rank >= 1")
    k = index.shape[-1]
    if k < 0:
        return [Meta(None, x.dtype)]
    if k > len(x.shape):
        raise ShapeError(f"gather_nd: index last dim {k} exceeds input rank {len(x.shape)}")
    return [Meta(index.shape[:-1] + x.shape[k:], x.dtype)]


def _gather_nd_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, index = args[0], np.asarray(args[1])
    k = index.shape[-1]
    if k > x.ndim:
        raise ValueError(f"gather_nd: index last dim {k} exceeds input rank {x.ndim}")
    lead = index.shape[:-1]
    if k == 0:
        return [np.broadcast_to(x, lead + x.shape).copy()]
    idx = []
    for i in range(k):
        col = index[..., i]
        n = x.shape[i]
        if col.size and (col.min() < -n or col.max() >= n):
            raise IndexError(f"gather_nd: index out of range on axis {i}")
        idx.append(col)
    return [np.array(x[tuple(idx)])]


register(OpDef(name="pd_op.gather_nd", operands=("x", "index"), infer_meta=_gather_nd_meta,
               kernel=_gather_nd_kernel, pattern=PatternKind.INJECTIVE))


# ---------------------------------------------------------------------------
# expand / expand_as / tile
# ---------------------------------------------------------------------------

def _expand_shape(in_shape: tuple[int, ...], target: list[int]) -> tuple[int, ...]:
    if len(target) < len(in_shape):
        raise ShapeError(f"expand: target shape {target} has fewer dims than input {in_shape}")
    off = len(target) - len(in_shape)
    out = []
    for i, t in enumerate(target):
        if i < off:
            if t < 0:
                raise ShapeError(f"expand: target dim {i} is {t} for a new leading dim")
            out.append(t)
            continue
        d = in_shape[i - off]
        if t == -1:
            out.append(d)
        elif t < -1:
            raise ShapeError(f"expand: invalid target dim {t}")
        elif d == 1 or d == t or d == -1:
            out.append(t)
        else:
            raise ShapeError(f"expand: cannot expand dim {d} to {t} (input {in_shape}, target {target})")
    return tuple(out)


def _expand_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    target = const_ints(args[1])
    if target is None:
        n = _operand_len(args[1])
        return [Meta(None if n is None else (-1,) * n, x.dtype)]
    if x.shape is None:
        return [Meta(tuple(t if t >= 0 else -1 for t in target), x.dtype)]
    return [Meta(_expand_shape(x.shape, target), x.dtype)]


def _expand_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    shape = _expand_shape(x.shape, kernel_ints(args[1]))
    return [np.broadcast_to(x, shape).copy()]


register(OpDef(name="pd_op.expand", operands=("x", "shape"), infer_meta=_expand_meta, kernel=_expand_kernel,
               pattern=PatternKind.BROADCAST))


def _expand_as_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    target = list(attrs.get("target_shape") or [])
    y = args[1] if len(args) > 1 else None
    if not target and isinstance(y, Meta):
        if y.shape is None:
            return [Meta(None, x.dtype)]
        target = list(y.shape)
    if x.shape is None:
        return [Meta(tuple(target), x.dtype)]
    return [Meta(_expand_shape(x.shape, target), x.dtype)]


def _expand_as_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    y = args[1] if len(args) > 1 else None
    target = list(attrs.get("target_shape") or [])
    if y is not None:
        target = list(np.shape(y)) if not target or any(t < 0 for t in target) else target
    return [np.broadcast_to(x, _expand_shape(x.shape, target)).copy()]


register(OpDef(name="pd_op.expand_as", operands=("x", "y?"), attrs=("target_shape",), infer_meta=_expand_as_meta,
               kernel=_expand_as_kernel, pattern=PatternKind.BROADCAST))


def _tile_shape(in_shape: tuple[int, ...], reps: list[int]) -> tuple[int, ...]:
    if any(r < 0 for r in reps):
        raise ShapeError(f"tile: repeat_times must be non-negative, got {reps}")
    n = max(len(in_shape), len(reps))
    s = (1,) * (n - len(in_shape)) + tuple(in_shape)
    r = [1] * (n - len(reps)) + list(reps)
    return tuple(-1 if d < 0 else d * k for d, k in zip(s, r, strict=True))


def _tile_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    reps = const_ints(args[1])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    if reps is None:
        # Paddle keeps the leading dims that no repeat count can reach
        n = _operand_len(args[1])
        if n is None:
            return [Meta(None, x.dtype)]
        keep = max(len(x.shape) - n, 0)
        return [Meta(x.shape[:keep] + (-1,) * n, x.dtype)]
    return [Meta(_tile_shape(x.shape, reps), x.dtype)]


def _tile_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = args[0]
    reps = kernel_ints(args[1])
    shape = _tile_shape(x.shape, reps)
    return [np.array(np.tile(x, reps) if reps else x.copy()).reshape(shape)]


register(OpDef(name="pd_op.tile", operands=("x", "repeat_times"), infer_meta=_tile_meta, kernel=_tile_kernel,
               pattern=PatternKind.INJECTIVE))


# ---------------------------------------------------------------------------
# flip / roll
# ---------------------------------------------------------------------------

def _flip_axes(axis: Sequence[int], rank: int) -> list[int]:
    # phi FlipInferMeta: every axis in [-rank, rank) (so a 0-D tensor takes none), no duplicates
    out = []
    for a in axis:
        if not -rank <= a < rank:
            raise ShapeError(f"flip: axis {a} out of range for rank {rank}")
        out.append(a + rank if a < 0 else a)
    if len(set(out)) != len(out):
        raise ShapeError(f"flip: axes have duplicates: {list(axis)}")
    return out


def _flip_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is not None:
        _flip_axes(as_int_list(attrs.get("axis", [])), len(x.shape))
    return [Meta(x.shape, x.dtype)]


def _flip_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    try:
        axes = _flip_axes(as_int_list(attrs.get("axis", [])), x.ndim)
    except ShapeError as e:
        raise ValueError(str(e)) from None
    return [np.flip(x, axes).copy() if axes else x.copy()]


# CINN registers flip's counterpart ``reverse`` as kInjective
register(OpDef(name="pd_op.flip", operands=("x",), attrs=("axis",), infer_meta=_flip_meta, kernel=_flip_kernel,
               pattern=PatternKind.INJECTIVE))


def _roll_check(nshifts: int | None, axis: list[int], rank: int) -> None:
    # phi RollInferMeta
    if axis:
        for a in axis:
            if not -rank <= a < rank:
                raise ShapeError(f"roll: axis {a} out of range [{-rank}, {rank})")
        if nshifts is not None and nshifts != len(axis):
            raise ShapeError(f"roll: {len(axis)} axes but {nshifts} shifts")
    elif nshifts is not None and nshifts != 1:
        raise ShapeError(f"roll: without axes shifts must have one entry, got {nshifts}")


def _roll_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is not None:
        shifts = const_ints(args[1])
        _roll_check(len(shifts) if shifts is not None else _operand_len(args[1]),
                    as_int_list(attrs.get("axis", [])), len(x.shape))
    return [Meta(x.shape, x.dtype)]


def _roll_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    shifts = kernel_ints(args[1])
    axis = as_int_list(attrs.get("axis", []))
    try:
        _roll_check(len(shifts), axis, x.ndim)
    except ShapeError as e:
        raise ValueError(str(e)) from None
    if not axis:  # roll the flattened tensor
        return [np.roll(x.reshape(-1), shifts[0]).reshape(x.shape)]
    return [np.roll(x, shifts, axis)]


register(OpDef(name="pd_op.roll", operands=("x", "shifts"), attrs=("axis",), infer_meta=_roll_meta,
               kernel=_roll_kernel, pattern=PatternKind.INJECTIVE))


# ---------------------------------------------------------------------------
# masked_fill / masked_fill_
# ---------------------------------------------------------------------------

def _bcast(a: tuple[int, ...] | None, b: tuple[int, ...] | None) -> tuple[int, ...] | None:
    if a is None or b is None:
        return None
    return broadcast_dims(a, b)


def _masked_fill_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    # Paddle prints broadcast(x, mask) (even for the inplace masked_fill_); value is only
    # checked by the kernel (it must broadcast to the result and have x's dtype)
    x, mask, value = meta_of(args[0]), meta_of(args[1]), meta_of(args[2])
    out = _bcast(x.shape, mask.shape)
    if out is not None and value.shape is not None:
        try:
            _bcast(value.shape, out)
        except ShapeError:
            raise ShapeError(f"masked_fill: value of shape {list(value.shape)} does not broadcast to "
                             f"{list(out)}") from None
    return [Meta(out, x.dtype)]


def _masked_fill_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x, mask, value = np.asarray(args[0]), np.asarray(args[1]), np.asarray(args[2])
    if value.dtype != x.dtype:
        raise ValueError(f"masked_fill: value has dtype {value.dtype}, x has {x.dtype}")
    shape = np.broadcast_shapes(x.shape, mask.shape)
    return [np.where(mask.astype(bool, copy=False), np.broadcast_to(value, shape), x).astype(x.dtype, copy=False)]


_reg("pd_op.masked_fill", inplace_of="pd_op.masked_fill_", operands=("x", "mask", "value"),
     infer_meta=_masked_fill_meta, kernel=_masked_fill_kernel, pattern=PatternKind.ELEMENTWISE)


# ---------------------------------------------------------------------------
# tril / triu
# ---------------------------------------------------------------------------

def _tril_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is not None and len(x.shape) < 2:
        raise ShapeError(f"tril/triu: input rank must be at least 2, got {len(x.shape)}")
    return [Meta(x.shape, x.dtype)]


def _tri_kernel(fn: Any) -> Any:
    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        x = np.asarray(args[0])
        if x.ndim < 2:
            raise ValueError(f"tril/triu: input rank must be at least 2, got {x.ndim}")
        return [fn(x, int(attrs.get("diagonal", 0)))]

    return kernel


# CINN registers tril as kElementWise
_reg("pd_op.tril", inplace_of="pd_op.tril_", operands=("x",), attrs=("diagonal",), infer_meta=_tril_meta,
     kernel=_tri_kernel(np.tril), pattern=PatternKind.ELEMENTWISE)
_reg("pd_op.triu", inplace_of="pd_op.triu_", operands=("x",), attrs=("diagonal",), infer_meta=_tril_meta,
     kernel=_tri_kernel(np.triu), pattern=PatternKind.ELEMENTWISE)


# ---------------------------------------------------------------------------
# nonzero
# ---------------------------------------------------------------------------

def _nonzero_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta((-1, -1), "int64")]
    if len(x.shape) == 0:
        raise ShapeError("nonzero: input must have rank >= 1")
    return [Meta((-1, len(x.shape)), "int64")]


def _nonzero_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    if x.ndim == 0:
        raise ValueError("nonzero: input must have rank >= 1")
    return [np.ascontiguousarray(np.argwhere(x != 0).astype(np.int64))]


# data-dependent result shape: not fusible
register(OpDef(name="pd_op.nonzero", operands=("condition",), infer_meta=_nonzero_meta, kernel=_nonzero_kernel,
               pattern=PatternKind.NON_FUSIBLE))


# ---------------------------------------------------------------------------
# pad / pad3d
# ---------------------------------------------------------------------------

def _pad_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    # phi PadInferMeta: 2 * rank non-negative paddings [before0, after0, before1, ...]
    x = meta_of(args[0])
    pads = as_int_list(attrs.get("paddings", []))
    if x.shape is None:
        return [Meta(None, x.dtype)]
    if len(pads) != 2 * len(x.shape):
        raise ShapeError(f"pad: paddings must have 2 * rank = {2 * len(x.shape)} entries, got {len(pads)}")
    if any(p < 0 for p in pads):
        raise ShapeError(f"pad: paddings must be >= 0, got {pads}")
    return [Meta(tuple(-1 if d < 0 else d + pads[2 * i] + pads[2 * i + 1] for i, d in enumerate(x.shape)), x.dtype)]


def _pad_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    pads = as_int_list(attrs.get("paddings", []))
    if len(pads) != 2 * x.ndim or any(p < 0 for p in pads):
        raise ValueError(f"pad: bad paddings {pads} for a rank-{x.ndim} tensor")
    value = cast_array(np.asarray(first_value(args[1])), dtype_name(x.dtype))  # static_cast<T>(pad_value)
    return [np.pad(x, [(pads[2 * i], pads[2 * i + 1]) for i in range(x.ndim)], constant_values=value)]


register(OpDef(name="pd_op.pad", operands=("x", "pad_value"), attrs=("paddings",), infer_meta=_pad_meta,
               kernel=_pad_kernel, pattern=PatternKind.INJECTIVE))


_PAD3D_MODES = {"constant": "constant", "reflect": "reflect", "replicate": "edge", "circular": "wrap"}


def _pad3d_axes(attrs: Mapping[str, Any]) -> list[int]:
    """Axes padded by paddings [left, right, top, bottom, front, back]: W, H, D."""
    return [3, 2, 1] if attrs.get("data_format", "NCDHW") == "NDHWC" else [4, 3, 2]


def _pad3d_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    # phi Pad3dInferMeta: a 5-D x, 6 paddings (may be negative); unknown paddings -> -1
    x = meta_of(args[0])
    if x.shape is None:
        return [Meta(None, x.dtype)]
    if len(x.shape) != 5:
        raise ShapeError(f"pad3d: x must be 5-D, got rank {len(x.shape)}")
    pads = const_ints(args[1])
    n = len(pads) if pads is not None else _operand_len(args[1])
    if n is not None and n != 6:
        raise ShapeError(f"pad3d: paddings must have 6 entries, got {n}")
    shape = list(x.shape)
    for j, a in enumerate(_pad3d_axes(attrs)):
        if pads is None:
            shape[a] = -1
        elif shape[a] >= 0:
            shape[a] = shape[a] + pads[2 * j] + pads[2 * j + 1]
    return [Meta(tuple(shape), x.dtype)]


def _pad3d_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    pads = kernel_ints(args[1])
    mode = str(attrs.get("mode", "constant"))
    if x.ndim != 5 or len(pads) != 6:
        raise ValueError(f"pad3d: needs a 5-D x and 6 paddings, got rank {x.ndim} and {len(pads)}")
    if mode not in _PAD3D_MODES:
        raise ValueError(f"pad3d: unknown mode {mode!r}")
    widths = [(0, 0)] * 5
    crop = [slice(None)] * 5
    for j, a in enumerate(_pad3d_axes(attrs)):
        lo, hi = pads[2 * j], pads[2 * j + 1]
        if mode == "reflect" and (lo >= x.shape[a] or hi >= x.shape[a]):
            raise ValueError(f"pad3d: reflect paddings must be smaller than the padded dim ({x.shape[a]})")
        if mode == "circular" and (lo > x.shape[a] or hi > x.shape[a]):
            raise ValueError(f"pad3d: circular paddings must not exceed the padded dim ({x.shape[a]})")
        widths[a] = (max(lo, 0), max(hi, 0))
        padded = x.shape[a] + max(lo, 0) + max(hi, 0)
        crop[a] = slice(-min(lo, 0), padded + min(hi, 0))  # negative paddings crop
    kw: dict[str, Any] = {}
    if mode == "constant":
        kw["constant_values"] = cast_array(np.asarray(float(attrs.get("pad_value", 0.0))), dtype_name(x.dtype))
    out = np.pad(x, widths, mode=_PAD3D_MODES[mode], **kw)
    return [np.ascontiguousarray(out[tuple(crop)])]


register(OpDef(name="pd_op.pad3d", operands=("x", "paddings"), attrs=("mode", "pad_value", "data_format"),
               infer_meta=_pad3d_meta, kernel=_pad3d_kernel, pattern=PatternKind.INJECTIVE))
