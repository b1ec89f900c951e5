"""pe: the per-op tensor semantics (CINN's "Paddle Expressions" layer).

Each function takes :class:`~pirc.cinn.lower.compute.LTensor` inputs and
returns the output LTensor(s), made with :func:`~pirc.cinn.lower.compute.Compute`
or :func:`~pirc.cinn.lower.compute.Reduce`.  What lives here is the index
arithmetic of the ops: broadcasting (numpy's right-aligned rule and
``cinn_op.broadcast``'s explicit axes), reshape (row-major linearisation,
done per group of dims whose products match so that unchanged dims keep plain
indices), transpose permutations, slicing (Paddle's clamped ``starts`` /
``ends``, ``decrease_axis``), ``gather`` (negative indices wrap), ``concat``
offsets, ``reverse``, reductions (axes, keepdim), matrix products and the
transposed convolution.  The element math comes from :mod:`.lang`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.nodes import Cast, Expr, Min, Select
from pirc.cinn.lower import lang
from pirc.cinn.lower.compute import Compute, LowerContext, LTensor, Reduce
from pirc.cinn.lower.symbolic import Dim

# ---------------------------------------------------------------------------------------
# index helpers
# ---------------------------------------------------------------------------------------


def broadcast_index(ctx: LowerContext, in_dims: Sequence[Dim], out_dims: Sequence[Dim], idx: Sequence[Expr],
                    axes: Sequence[int] | None = None) -> list[Expr]:
    """Indices into an operand of dims ``in_dims`` for output point ``idx``.

    ``axes`` maps input axis k to output axis ``axes[k]`` (cinn_op.broadcast);
    ``None`` aligns right (numpy).  An input dim equal to the output dim is read
    at the same index, a static 1 at 0, and a symbolic dim that may be 1 at run
    time at ``min(i, d - 1)``.
    """
    n_in, n_out = len(in_dims), len(out_dims)
    if axes is None:
        axes = list(range(n_out - n_in, n_out))
    out: list[Expr] = []
    for k, a in enumerate(axes):
        din, dout = in_dims[k], out_dims[a]
        if ctx.equal(din, dout):
            out.append(idx[a])
        elif ctx.is_one(din):
            out.append(ctx.idx(0))
        elif ctx.const_dim(din) is not None:
            out.append(idx[a])
        else:
            out.append(Min(idx[a], ctx.expr(din - 1)))
    return out


def linearize(ctx: LowerContext, idx: Sequence[Expr], dims: Sequence[Dim]) -> Expr:
    """Row-major offset of ``idx`` in ``dims`` (size-1 dims skipped)."""
    lin: Expr | None = None
    for i, d in zip(idx, dims):
        if ctx.is_one(d):
            continue
        lin = i if lin is None else lin * ctx.expr(d) + i
    return lin if lin is not None else ctx.idx(0)


def delinearize(ctx: LowerContext, lin: Expr, dims: Sequence[Dim]) -> list[Expr]:
    """Row-major indices of offset ``lin`` in ``dims`` (``lin / stride % dim``, without the
    ``/ 1`` and without the ``%`` on the outermost dim)."""
    n = len(dims)
    out: list[Expr] = [ctx.idx(0)] * n
    live = [k for k in range(n) if not ctx.is_one(dims[k])]
    stride = Dim.const(1)
    for pos, k in enumerate(reversed(live)):
        e = lin
        if stride.value != 1:
            e = e / ctx.expr(stride)
        if pos != len(live) - 1:
            e = e % ctx.expr(dims[k])
        out[k] = e
        stride = stride * dims[k]
    return out


def match_groups(ctx: LowerContext, a: Sequence[Dim], b: Sequence[Dim]) -> list[tuple[list[int], list[int]]] | None:
    """Split two dim lists into consecutive groups with equal products (static size-1 dims
    are left out); None when they cannot be matched symbolically."""
    ia = [k for k in range(len(a)) if not ctx.is_one(a[k])]
    ib = [k for k in range(len(b)) if not ctx.is_one(b[k])]
    groups: list[tuple[list[int], list[int]]] = []
    i = j = 0
    while i < len(ia) or j < len(ib):
        if i >= len(ia) or j >= len(ib):
            return None
        ga, gb = [ia[i]], [ib[j]]
        pa, pb = a[ia[i]], b[ib[j]]
        i += 1
        j += 1
        while not ctx.equal(pa, pb):
            ca, cb = ctx.symbols.canon(pa), ctx.symbols.canon(pb)
            qa, qb = ca.exact_div(cb), cb.exact_div(ca)
            if qa is not None and j < len(ib):  # pa is a multiple of pb: take more of b
                gb.append(ib[j])
                pb = pb * b[ib[j]]
                j += 1
            elif qb is not None and i < len(ia):
                ga.append(ia[i])
                pa = pa * a[ia[i]]
                i += 1
            else:
                return None
        groups.append((ga, gb))
    return groups


def reshape_index(ctx: LowerContext, in_dims: Sequence[Dim], out_dims: Sequence[Dim], idx: Sequence[Expr]) -> list[Expr]:
    """Indices into the input of a reshape for output point ``idx``."""
    groups = match_groups(ctx, in_dims, out_dims)
    out: list[Expr] = [ctx.idx(0)] * len(in_dims)
    if groups is None:
        lin = linearize(ctx, idx, out_dims)
        return delinearize(ctx, lin, in_dims)
    for gi, go in groups:
        if len(gi) == 1 and len(go) == 1:
            out[gi[0]] = idx[go[0]]
            continue
        lin = linearize(ctx, [idx[k] for k in go], [out_dims[k] for k in go])
        sub = delinearize(ctx, lin, [in_dims[k] for k in gi])
        for k, e in zip(gi, sub):
            out[k] = e
    return out


# ---------------------------------------------------------------------------------------
# elementwise, broadcast, reshape, transpose
# ---------------------------------------------------------------------------------------


def elementwise(ctx: LowerContext, name: str, out_dims: Sequence[Dim], dtype: DType, inputs: Sequence[LTensor],
                fn: Callable[..., Expr], op_name: str = "") -> LTensor:
    """``out[i] = fn(x0[bcast(i)], x1[bcast(i)], ...)`` with numpy broadcasting of the operands."""

    def body(*i: Expr) -> Expr:
        vals = [x(broadcast_index(ctx, x.dims, out_dims, i)) for x in inputs]
        return fn(*vals)

    return Compute(ctx, out_dims, body, name, dtype, op_name)


def broadcast(ctx: LowerContext, x: LTensor, axes: Sequence[int], out_dims: Sequence[Dim], name: str) -> LTensor:
    """cinn_op.broadcast: input axis k is output axis ``axes[k]``."""
    return Compute(ctx, out_dims, lambda *i: x(broadcast_index(ctx, x.dims, out_dims, i, axes)), name, x.dtype,
                   "broadcast")


def reshape(ctx: LowerContext, x: LTensor, out_dims: Sequence[Dim], name: str) -> LTensor:
    return Compute(ctx, out_dims, lambda *i: x(reshape_index(ctx, x.dims, out_dims, i)), name, x.dtype, "reshape")


def transpose(ctx: LowerContext, x: LTensor, perm: Sequence[int], out_dims: Sequence[Dim], name: str) -> LTensor:
    """out[i] = x[j] with j[perm[k]] = i[k]."""

    def body(*i: Expr) -> Expr:
        j: list[Expr] = [ctx.idx(0)] * len(perm)
        for k, p in enumerate(perm):
            j[p] = i[k]
        return x(j)

    return Compute(ctx, out_dims, body, name, x.dtype, "transpose")


def reverse(ctx: LowerContext, x: LTensor, axes: Sequence[int], name: str) -> LTensor:
    def body(*i: Expr) -> Expr:
        j = list(i)
        for a in axes:
            j[a] = ctx.expr(x.dims[a] - 1) - i[a]
        return x(j)

    return Compute(ctx, x.dims, body, name, x.dtype, "reverse")


# ---------------------------------------------------------------------------------------
# slice, concat, gather
# ---------------------------------------------------------------------------------------


def slice_start(ctx: LowerContext, start: int, end: int, d: Dim) -> tuple[Dim, Dim]:
    """Paddle's clamped ``[start, end)`` on a dim of size ``d``: (start, extent) as Dims."""
    v = ctx.const_dim(d)
    if v is not None:
        s, e = start + v if start < 0 else start, end + v if end < 0 else end
        s, e = min(max(s, 0), v), min(max(e, 0), v)
        return Dim.const(s), Dim.const(max(e, s) - s)
    dd = ctx.symbols.canon(d)
    if start == 0:
        s = Dim.const(0)
    elif start > 0:
        s = Dim.min(Dim.const(start), dd)
    else:
        s = Dim.max(dd + start, 0)
    if end >= (1 << 31) - 1:
        e = dd
    elif end >= 0:
        e = Dim.min(Dim.const(end), dd)
    else:
        e = Dim.max(dd + end, 0)
    ext = e - s
    if not (ext.is_poly and start >= 0 and end >= (1 << 31) - 1):
        ext = Dim.max(ext, 0)
    return s, ext


def slice_(ctx: LowerContext, x: LTensor, axes: Sequence[int], starts: Sequence[int], ends: Sequence[int],
           decrease: Sequence[int], out_dims: Sequence[Dim], name: str) -> LTensor:
    rank = x.ndim
    offs: dict[int, Dim] = {}
    for a, s, e in zip(axes, starts, ends):
        ax = a + rank if a < 0 else a
        offs[ax] = slice_start(ctx, int(s), int(e), x.dims[ax])[0]
    dec = sorted({a + rank if a < 0 else a for a in decrease})

    def body(*i: Expr) -> Expr:
        it = iter(i)
        j: list[Expr] = []
        for ax in range(rank):
            if ax in dec:
                j.append(ctx.expr(offs.get(ax, Dim.const(0))))
                continue
            e = next(it)
            off = offs.get(ax)
            if off is not None and ctx.const_dim(off) != 0:
                e = e + ctx.expr(off)
            j.append(e)
        return x(j)

    return Compute(ctx, out_dims, body, name, x.dtype, "slice")


def concat(ctx: LowerContext, xs: Sequence[LTensor], axis: int, out_dims: Sequence[Dim], name: str) -> LTensor:
    """``select(i < o1, x0[i], select(i < o2, x1[i - o1], ...))`` on the concat axis."""
    rank = len(out_dims)
    axis = axis + rank if axis < 0 else axis

    def body(*i: Expr) -> Expr:
        offs = [Dim.const(0)]
        for x in xs:
            offs.append(offs[-1] + x.dims[axis])
        value: Expr | None = None
        for k in range(len(xs) - 1, -1, -1):
            j = list(i)
            if ctx.const_dim(offs[k]) != 0:
                j[axis] = i[axis] - ctx.expr(offs[k])
            load = xs[k](j)
            value = load if value is None else Select(i[axis] < ctx.expr(offs[k + 1]), load, value)
        assert value is not None
        return value

    return Compute(ctx, out_dims, body, name, xs[0].dtype, "concat")


def gather(ctx: LowerContext, x: LTensor, index: LTensor, axis: int, out_dims: Sequence[Dim], name: str) -> LTensor:
    """out[.., j, ..] = x[.., index[j], ..] (a 0-D index drops the axis); negative indices wrap."""
    rank = x.ndim
    axis = axis + rank if axis < 0 else axis
    nidx = index.ndim

    def body(*i: Expr) -> Expr:
        ii = index([i[axis + k] for k in range(nidx)])
        v = Cast(ctx.index_dtype, ii) if ii.dtype is not ctx.index_dtype else ii
        v = Select(v < 0, v + ctx.expr(x.dims[axis]), v)
        j = list(i[:axis]) + [v] + list(i[axis + nidx:])
        return x(j)

    return Compute(ctx, out_dims, body, name, x.dtype, "gather")


# ---------------------------------------------------------------------------------------
# reductions and contractions
# ---------------------------------------------------------------------------------------


def reduce(ctx: LowerContext, x: LTensor, axes: Sequence[int], keepdim: bool, combine: str, out_dtype: DType,
           name: str, op_name: str = "") -> LTensor:
    """``combine`` of ``x`` over ``axes`` (elements cast to ``out_dtype`` first, as numpy's
    ``sum(dtype=)`` accumulates in the result type)."""
    rank = x.ndim
    if out_dtype is DType.BOOL:  # bool max / min / prod / sum: any / all / all / any
        combine = {"max": "or", "min": "and", "prod": "and", "sum": "or"}.get(combine, combine)
    axes = sorted({a + rank if a < 0 else a for a in axes}) if axes else list(range(rank))
    kept = [k for k in range(rank) if k not in axes]
    out_dims = [Dim.const(1) if k in axes else x.dims[k] for k in range(rank)] if keepdim else [x.dims[k] for k in kept]
    rdims = [x.dims[k] for k in axes]

    def body(*iv: Expr) -> Expr:
        sp, rv = iv[:len(out_dims)], iv[len(out_dims):]
        j: list[Expr] = [ctx.idx(0)] * rank
        if keepdim:
            for k in kept:
                j[k] = sp[k]
        else:
            for n, k in enumerate(kept):
                j[k] = sp[n]
        for n, k in enumerate(axes):
            j[k] = rv[n]
        v = x(j)
        return lang.cast(v, out_dtype) if v.dtype is not out_dtype else v

    return Reduce(ctx, out_dims, rdims, body, name, out_dtype, combine, input_dims=x.dims, input_axes=axes,
                  op_name=op_name or f"reduce_{combine}")


def matmul(ctx: LowerContext, x: LTensor, y: LTensor, name: str, *, batch: bool = False, vec: bool = False,
           op_name: str = "matmul") -> LTensor:
    """``x @ y`` summed in the compute type (float16 -> float32), cast to x's type.
    2-D x 2-D, batched 3-D x 3-D (``batch``), or matrix x vector (``vec``)."""
    dt = x.dtype
    cd = lang.compute_dtype(dt)
    if vec:
        m, k = x.dims
        out_dims, rd = [m], [k]

        def body(i: Expr, r: Expr) -> Expr:
            return lang.cast(x(i, r), cd) * lang.cast(y(r), cd)
    elif batch:
        bb, m, k = x.dims
        out_dims, rd = [bb, m, y.dims[2]], [k]

        def body(b_: Expr, i: Expr, j: Expr, r: Expr) -> Expr:  # type: ignore[misc]
            return lang.cast(x(b_, i, r), cd) * lang.cast(y(b_, r, j), cd)
    else:
        m, k = x.dims
        out_dims, rd = [m, y.dims[1]], [k]

        def body(i: Expr, j: Expr, r: Expr) -> Expr:  # type: ignore[misc]
            return lang.cast(x(i, r), cd) * lang.cast(y(r, j), cd)

    acc = Reduce(ctx, out_dims, rd, body, name + ("_acc" if cd is not dt else ""), cd, "sum", op_name=op_name)
    if cd is dt:
        return acc
    return Compute(ctx, out_dims, lambda *i: lang.cast(acc(i), dt), name, dt, op_name)


def dot(ctx: LowerContext, x: LTensor, y: LTensor, name: str) -> LTensor:
    """pd_op.dot: sum over the last axis of x * y (bool: any(x & y))."""
    dt = x.dtype
    lead = list(x.dims[:-1])
    if dt.is_bool:
        def body(*iv: Expr) -> Expr:
            sp, r = list(iv[:-1]), iv[-1]
            return lang.select(x(sp + [r]) & y(sp + [r]), lang.const(1, DType.INT32), lang.const(0, DType.INT32))

        acc = Reduce(ctx, lead, [x.dims[-1]], body, name + "_acc", DType.INT32, "max", op_name="dot")
        return Compute(ctx, lead, lambda *i: lang.cast(acc(i), DType.BOOL), name, dt, "dot")
    cd = lang.compute_dtype(dt)

    def body2(*iv: Expr) -> Expr:
        sp, r = list(iv[:-1]), iv[-1]
        return lang.cast(x(sp + [r]), cd) * lang.cast(y(sp + [r]), cd)

    acc = Reduce(ctx, lead, [x.dims[-1]], body2, name + ("_acc" if cd is not dt else ""), cd, "sum", op_name="dot")
    if cd is dt:
        return acc
    return Compute(ctx, lead, lambda *i: lang.cast(acc(i), dt), name, dt, "dot")


def conv2d_transpose(ctx: LowerContext, x: LTensor, w: LTensor, out_dims: Sequence[Dim], name: str, *,
                     strides: Sequence[int], pads: Sequence[int], dil: Sequence[int], groups: int,
                     nhwc: bool) -> LTensor:
    """The transposed convolution as a gather-style reduction over (input channel in the
    group, kh, kw): ``out[n, o, oh, ow] = sum x[n, g*cg + c, ih, iw] * w[g*cg + c, o % og, kh, kw]``
    where ``oh + pad_top = ih * stride + kh * dilation`` (only where that has an integer
    solution inside the input)."""
    dt = x.dtype
    cd = lang.compute_dtype(dt)
    c_in = x.dims[3] if nhwc else x.dims[1]
    h_in = x.dims[1] if nhwc else x.dims[2]
    w_in = x.dims[2] if nhwc else x.dims[3]
    og, kh_d, kw_d = w.dims[1], w.dims[2], w.dims[3]
    cg = c_in.floordiv(groups)
    ogv = ctx.expr(og)

    def body(n: Expr, a: Expr, bb: Expr, c: Expr, cc: Expr, kh: Expr, kw: Expr) -> Expr:
        if nhwc:
            oh, ow, o = a, bb, c
        else:
            o, oh, ow = a, bb, c
        g = o / ogv if groups > 1 else None
        ci = g * ctx.expr(cg) + cc if g is not None else cc
        th = oh + ctx.idx(pads[0]) - kh * ctx.idx(dil[0])
        tw = ow + ctx.idx(pads[2]) - kw * ctx.idx(dil[1])
        ih = th / ctx.idx(strides[0]) if strides[0] != 1 else th
        iw = tw / ctx.idx(strides[1]) if strides[1] != 1 else tw
        ok = (th >= 0) & (tw >= 0) & (ih < ctx.expr(h_in)) & (iw < ctx.expr(w_in))
        if strides[0] != 1:
            ok = ok & (th % ctx.idx(strides[0])).eq(ctx.idx(0))
        if strides[1] != 1:
            ok = ok & (tw % ctx.idx(strides[1])).eq(ctx.idx(0))
        xv = x(n, ih, iw, ci) if nhwc else x(n, ci, ih, iw)
        wv = w(ci, o % ogv if groups > 1 else o, kh, kw)
        return Select(ok, lang.cast(xv, cd) * lang.cast(wv, cd), lang.const(0, cd))

    acc = Reduce(ctx, out_dims, [cg, kh_d, kw_d], body, name + ("_acc" if cd is not dt else ""), cd, "sum",
                 op_name="conv2d_transpose")
    if cd is dt:
        return acc
    return Compute(ctx, out_dims, lambda *i: lang.cast(acc(i), dt), name, dt, "conv2d_transpose")


def tri(ctx: LowerContext, x: LTensor, diagonal: int, lower: bool, name: str) -> LTensor:
    """tril / triu on the last two axes: keep ``j - i <= k`` (tril) or ``j - i >= k`` (triu)."""

    def body(*i: Expr) -> Expr:
        r, c = i[-2], i[-1]
        d = c - r
        keep = d <= ctx.idx(diagonal) if lower else d >= ctx.idx(diagonal)
        return Select(keep, x(i), lang.const(0, x.dtype))

    return Compute(ctx, x.dims, body, name, x.dtype, "tril" if lower else "triu")


def scalar_of(ctx: LowerContext, t: LTensor) -> Expr:
    """The first element of a tensor holding one value (clip's min/max, full_like's value)."""
    return t([ctx.idx(0)] * t.ndim)


def full(ctx: LowerContext, dims: Sequence[Dim], value: Any, dtype: DType, name: str) -> LTensor:
    return Compute(ctx, dims, lambda *i: value if isinstance(value, Expr) else lang.const(value, dtype), name,
                   dtype, "full")


__all__ = [
    "broadcast", "broadcast_index", "concat", "conv2d_transpose", "delinearize", "dot", "elementwise", "full",
    "gather", "linearize", "match_groups", "matmul", "reduce", "reshape", "reshape_index", "reverse", "scalar_of",
    "slice_", "slice_start", "transpose", "tri",
]
