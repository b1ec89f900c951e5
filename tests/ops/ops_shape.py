"""Reductions, scans, shape and indexing ops of the spec table."""

from __future__ import annotations

from specs import F, P, arr, case, inf, kdtypes, nan, np, paddle, reduce


def _perm(op: str, shape: tuple[int, ...], dtype: str = "float32") -> np.ndarray:
    """Distinct values (no ties for sorts / arg-reductions)."""
    n = int(np.prod(shape))
    g = np.random.default_rng(len(op) * 7 + n)
    return (g.permutation(n).astype("float64") * 0.5 - n * 0.2).reshape(shape).astype(dtype)


def register() -> None:
    reduce("sum", lambda x, a, k: paddle.sum(x, a, keepdim=k))
    case("sum", "dtype_int64", lambda x: paddle.sum(x, 1, dtype="int64"), x=arr("sum", (3, 4), "int32"))
    case("sum", "bool_default_dtype", lambda x: paddle.sum(x, 1), x=arr("sum", (3, 4), "bool"))
    reduce("mean", lambda x, a, k: paddle.mean(x, a, keepdim=k))
    reduce("max", lambda x, a, k: paddle.max(x, a, keepdim=k))
    reduce("min", lambda x, a, k: paddle.min(x, a, keepdim=k))
    reduce("prod", lambda x, a, k: paddle.prod(x, a, keepdim=k), lo=0.5, hi=1.5)
    reduce("amax", lambda x, a, k: paddle.amax(x, a, keepdim=k))
    reduce("amin", lambda x, a, k: paddle.amin(x, a, keepdim=k))
    reduce("all", lambda x, a, k: paddle.all(x, a, keepdim=k), dtypes=("bool",), lo=-1, hi=1)
    reduce("any", lambda x, a, k: paddle.any(x, a, keepdim=k), dtypes=("bool",), lo=-1, hi=1)
    reduce("logsumexp", lambda x, a, k: paddle.logsumexp(x, a, keepdim=k))
    reduce("nansum", lambda x, a, k: P.nansum(x, [] if a is None else [a] if isinstance(a, int) else a, paddle.float32
                                               if False else x.dtype, k), dtypes=("float32", "float64", "int32", "int64"))
    case("nansum", "nan", lambda x: P.nansum(x, [1], x.dtype, False), x=np.array([[1, nan, 2], [nan, nan, 3]], "float32"))
    reduce("variance", lambda x, a, k: P.variance(x, [] if a is None else [a] if isinstance(a, int) else a, k),
           dtypes=("float32", "float64"))
    case("frobenius_norm", "all", lambda x: P.frobenius_norm(x, [0, 1], False, True), x=arr("fro", (3, 4)))
    case("frobenius_norm", "axes_keepdim", lambda x: paddle.linalg.norm(x, "fro", [1, 2], keepdim=True),
         x=arr("fro", (2, 3, 4)))
    for p in (2.0, 1.0, 3.0, inf, -inf, 0.0):
        case("p_norm", f"p{p}", lambda x, p=p: paddle.linalg.norm(x, p, axis=1), x=arr("p_norm", (3, 4)))
    case("p_norm", "keepdim", lambda x: paddle.linalg.norm(x, 2.0, axis=-1, keepdim=True), x=arr("p_norm", (2, 3, 4)))
    case("mean_all", "f32", lambda x: P.mean_all(x), x=arr("mean_all", (3, 4)))
    case("mean_all", "f64", lambda x: P.mean_all(x), x=arr("mean_all", (2, 3, 4), "float64"))
    for name, fn in (("argmax", paddle.argmax), ("argmin", paddle.argmin)):
        for dt in kdtypes(name, ("float32", "float64", "int32", "int64", "int16", "uint8")):
            case(name, dt, lambda x, f=fn: f(x, 1), x=_perm(name, (3, 4), dt) if dt.startswith("f") else arr(name, (3, 4), dt, 0, 50))
        case(name, "flat", lambda x, f=fn: f(x), x=_perm(name, (3, 4)))
        case(name, "keepdim_int32", lambda x, f=fn: f(x, 0, keepdim=True, dtype="int32"), x=_perm(name, (3, 4)))
    for name, fn in (("cumsum", paddle.cumsum), ("cumprod", paddle.cumprod), ("logcumsumexp", paddle.logcumsumexp)):
        for dt in kdtypes(name, ("float32", "float64", "int32", "int64")):
            lo, hi = (0.5, 1.5) if name == "cumprod" else (-2, 2)
            case(name, dt, lambda x, f=fn: f(x, 1), x=arr(name, (3, 4), dt, lo, hi))
        case(name, "axis0", lambda x, f=fn: f(x, 0), x=arr(name, (3, 4), "float32", 0.5, 1.5))
        if name != "cumprod":
            case(name, "flat", lambda x, f=fn: f(x), x=arr(name, (3, 4), "float32", 0.5, 1.5))
    case("cumsum", "reverse_exclusive", lambda x: P.cumsum(x, 1, False, True, True), x=arr("cumsum", (3, 4)))
    for name, fn in (("cummax", paddle.cummax), ("cummin", paddle.cummin)):
        for dt in kdtypes(name, ("float32", "float64", "int32", "int64")):
            case(name, dt, lambda x, f=fn: f(x, 1), x=arr(name, (3, 5), dt, -5, 5))
        case(name, "axis0", lambda x, f=fn: f(x, 0), x=arr(name, (4, 3)))
    # sorting / selection
    for dt in kdtypes("topk", ("float32", "float64", "int32", "int64")):
        case("topk", dt, lambda x: paddle.topk(x, 2), x=_perm("topk", (3, 5), dt))
    case("topk", "smallest_axis0", lambda x: paddle.topk(x, 2, axis=0, largest=False), x=_perm("topk", (4, 3)))
    for dt in kdtypes("argsort", ("float32", "float64", "int32", "int64")):
        case("argsort", dt, lambda x: paddle.argsort(x), x=_perm("argsort", (3, 5), dt))
    case("argsort", "descending_axis0", lambda x: paddle.argsort(x, 0, descending=True), x=_perm("argsort", (4, 3)))
    case("kthvalue", "k2", lambda x: paddle.kthvalue(x, 2), x=_perm("kthvalue", (3, 5)))
    case("kthvalue", "axis0_keepdim", lambda x: paddle.kthvalue(x, 3, axis=0, keepdim=True), x=_perm("kthvalue", (4, 3)))
    case("kthvalue", "f64", lambda x: paddle.kthvalue(x, 1), x=_perm("kthvalue", (3, 5), "float64"))
    case("mode", "ties", lambda x: paddle.mode(x), x=np.array([[1, 2, 2, 3, 3], [5, 5, 4, 4, 4]], "float32"))
    case("mode", "int64", lambda x: paddle.mode(x, axis=0), x=arr("mode", (5, 3), "int64", 0, 3))
    case("median", "odd", lambda x: paddle.median(x, 1), x=_perm("median", (3, 5)))
    case("median", "even_all", lambda x: paddle.median(x), x=_perm("median", (3, 4)))
    case("median", "min_mode", lambda x: paddle.median(x, 1, mode="min"), x=_perm("median", (3, 4)))
    case("nanmedian", "nan", lambda x: paddle.nanmedian(x, 1), x=np.array([[1, nan, 3, 2], [nan, nan, 5, 4]], "float32"))
    case("nanmedian", "all", lambda x: paddle.nanmedian(x), x=_perm("nanmedian", (3, 4)))
    # shape ops
    x234 = arr("reshape", (2, 3, 4))
    case("reshape", "basic", lambda x: paddle.reshape(x, [6, 4]), x=x234)
    case("reshape", "infer_zero", lambda x: paddle.reshape(x, [0, -1]), x=x234)
    case("reshape", "zero_size", lambda x: paddle.reshape(x, [3, 0]), x=arr("reshape", (0, 3)))
    case("reshape", "int64", lambda x: paddle.reshape(x, [-1]), x=arr("reshape", (2, 3), "int64"))
    case("transpose", "perm", lambda x: paddle.transpose(x, [2, 0, 1]), x=x234)
    case("transpose", "bool", lambda x: paddle.transpose(x, [1, 0]), x=arr("transpose", (3, 4), "bool"))
    case("transpose", "zero_size", lambda x: paddle.transpose(x, [1, 0]), x=arr("transpose", (0, 4)))
    case("squeeze", "axis", lambda x: paddle.squeeze(x, 1), x=arr("squeeze", (3, 1, 4)))
    case("squeeze", "all", lambda x: paddle.squeeze(x), x=arr("squeeze", (1, 3, 1)))
    case("unsqueeze", "axes", lambda x: paddle.unsqueeze(x, [0, 2]), x=arr("unsqueeze", (3, 4)))
    case("unsqueeze", "0d", lambda x: paddle.unsqueeze(x, 0), x=arr("unsqueeze", ()))
    case("flatten", "mid", lambda x: paddle.flatten(x, 1, 2), x=arr("flatten", (2, 3, 4, 2)))
    case("flatten", "all", lambda x: paddle.flatten(x), x=x234)
    for dt in kdtypes("concat", ("float32", "float64", "int32", "int64", "bool", "float16", "uint8", "int8")):
        case("concat", dt, lambda a, b: paddle.concat([a, b], 1), a=arr("concat", (2, 3), dt), b=arr("concat", (2, 2), dt))
    case("concat", "zero_size", lambda a, b: paddle.concat([a, b], 0), a=arr("concat", (0, 3)), b=arr("concat", (2, 3)))
    case("stack", "axis1", lambda a, b: paddle.stack([a, b], 1), a=arr("stack", (2, 3)), b=arr("stack", (2, 3)))
    case("stack", "int64", lambda a, b: paddle.stack([a, b]), a=arr("stack", (3,), "int64"), b=arr("stack", (3,), "int64"))
    case("split", "sections", lambda x: paddle.split(x, [1, 3], 1), x=arr("split", (2, 4)))
    case("split_with_num", "three", lambda x: paddle.split(x, 3, 0), x=arr("split_with_num", (6, 2)))
    case("unbind", "axis1", lambda x: paddle.unbind(x, 1), x=arr("unbind", (2, 3)))
    case("unstack", "axis0", lambda x: paddle.unstack(x, 0), x=arr("unstack", (3, 2)))
    case("slice", "basic", lambda x: x[1:, ::1, 1:3], x=x234)
    case("slice", "neg", lambda x: x[-1], x=x234)
    case("strided_slice", "step2", lambda x: x[:, ::2, 1::2], x=x234)
    case("strided_slice", "neg_step", lambda x: paddle.strided_slice(x, [1], [3], [0], [-1]), x=arr("strided_slice", (2, 4)))
    case("tile", "repeat", lambda x: paddle.tile(x, [2, 1, 3]), x=arr("tile", (3, 2)))
    case("expand", "basic", lambda x: paddle.expand(x, [2, 3, 4]), x=arr("expand", (3, 1)))
    case("expand_as", "basic", lambda x, y: paddle.expand_as(x, y), x=arr("expand_as", (1, 4)), y=arr("expand_as", (3, 4)))
    case("broadcast_tensors", "two", lambda x, y: paddle.broadcast_tensors([x, y]), x=arr("bt", (3, 1)), y=arr("bt", (1, 4)))
    case("flip", "axes", lambda x: paddle.flip(x, [0, 2]), x=x234)
    case("roll", "shift", lambda x: paddle.roll(x, 2, 1), x=x234)
    case("roll", "flat", lambda x: paddle.roll(x, -3), x=x234)
    case("reverse", "axis", lambda x: P.reverse(x, [1]), x=x234)
    # gather / scatter family
    case("gather", "axis0", lambda x, i: paddle.gather(x, i), x=arr("gather", (5, 3)), i=np.array([0, 4, 2, 2], "int64"))
    case("gather", "axis1_int32", lambda x, i: paddle.gather(x, i, axis=1), x=arr("gather", (3, 5)), i=np.array([1, 0], "int32"))
    case("gather_nd", "basic", lambda x, i: paddle.gather_nd(x, i), x=x234, i=np.array([[0, 1], [1, 2]], "int64"))
    case("index_select", "axis1", lambda x, i: paddle.index_select(x, i, 1), x=arr("index_select", (3, 5)),
         i=np.array([4, 0, 0], "int64"))
    case("index_sample", "basic", lambda x, i: paddle.index_sample(x, i), x=arr("index_sample", (3, 5)), i=np.array([[0, 4], [1, 1], [3, 2]], "int64"))
    case("take_along_axis", "basic", lambda x, i: paddle.take_along_axis(x, i, 1), x=arr("taa", (3, 5)),
         i=np.array([[0, 4], [1, 1], [3, 2]], "int64"))
    case("put_along_axis", "assign", lambda x, i, v: paddle.put_along_axis(x, i, v, 1), x=arr("paa", (3, 5)),
         i=np.array([[0], [1], [3]], "int64"), v=arr("paa", (3, 1)))
    case("put_along_axis", "add", lambda x, i, v: paddle.put_along_axis(x, i, v, 1, reduce="add"), x=arr("paa", (3, 5)),
         i=np.array([[0, 2], [1, 1], [3, 4]], "int64"), v=arr("paa", (3, 2)))
    case("scatter", "overwrite", lambda x, i, u: paddle.scatter(x, i, u), x=arr("scatter", (4, 3)),
         i=np.array([2, 0], "int64"), u=arr("scatter", (2, 3)))
    case("scatter", "accumulate", lambda x, i, u: paddle.scatter(x, i, u, overwrite=False), x=arr("scatter", (4, 3)),
         i=np.array([2, 2, 0], "int64"), u=arr("scatter", (3, 3)))
    case("scatter_nd_add", "basic", lambda x, i, u: paddle.scatter_nd_add(x, i, u), x=arr("sna", (3, 4)), i=np.array([[1], [1], [0]], "int64"),
         u=arr("sna", (3, 4)))
    case("index_add", "axis0", lambda x, i, v: paddle.index_add(x, i, 0, v), x=arr("index_add", (4, 3)),
         i=np.array([0, 2, 0], "int64"), v=arr("index_add", (3, 3)))
    case("index_add", "axis1", lambda x, i, v: paddle.index_add(x, i, 1, v), x=arr("index_add", (3, 4)),
         i=np.array([3, 1], "int32"), v=arr("index_add", (3, 2)))
    case("masked_select", "basic", lambda x, m: paddle.masked_select(x, m), x=arr("ms", (3, 4)), m=arr("ms", (3, 4), "bool"))
    case("masked_fill", "scalar", lambda x, m: paddle.masked_fill(x, m, 2.0), x=arr("mf", (3, 4)), m=arr("mf", (3, 4), "bool"))
    case("tril", "k0", lambda x: paddle.tril(x), x=arr("tril", (4, 5)))
    case("tril", "k-1_batch", lambda x: paddle.tril(x, -1), x=arr("tril", (2, 3, 4)))
    case("triu", "k1", lambda x: paddle.triu(x, 1), x=arr("triu", (4, 5)))
    case("triu", "int64", lambda x: paddle.triu(x), x=arr("triu", (3, 3), "int64"))
    case("nonzero", "f32", lambda x: paddle.nonzero(x), x=np.array([[0, 1, 0], [2, 0, 3]], "float32"))
    case("nonzero", "bool_1d", lambda x: paddle.nonzero(x), x=np.array([True, False, True], bool))
    case("diag", "vector", lambda x: paddle.diag(x), x=arr("diag", (3,)))
    case("diag", "vector_offset", lambda x: paddle.diag(x, 1, 7.0), x=arr("diag", (3,)))
    case("diag", "matrix", lambda x: paddle.diag(x, -1), x=arr("diag", (3, 4)))
    case("diag_embed", "basic", lambda x: paddle.diag_embed(x), x=arr("diag_embed", (2, 3)))
    case("diag_embed", "offset", lambda x: paddle.diag_embed(x, 1, 0, 2), x=arr("diag_embed", (2, 3)))
    case("diagonal", "basic", lambda x: paddle.diagonal(x), x=arr("diagonal", (3, 4)))
    case("diagonal", "offset_axes", lambda x: paddle.diagonal(x, -1, 1, 2), x=arr("diagonal", (2, 3, 4)))
    case("trace", "basic", lambda x: paddle.trace(x), x=arr("trace", (3, 4)))
    case("trace", "offset_axes", lambda x: paddle.trace(x, 1, 1, 2), x=arr("trace", (2, 3, 4)))
    case("kron", "basic", paddle.kron, x=arr("kron", (2, 3)), y=arr("kron", (2, 2)))
    case("kron", "int64_ranks", paddle.kron, x=arr("kron", (2,), "int64"), y=arr("kron", (2, 3), "int64"))
    case("cross", "axis1", lambda x, y: paddle.cross(x, y, 1), x=arr("cross", (2, 3)), y=arr("cross", (2, 3)))
    case("cross", "default", lambda x, y: paddle.cross(x, y), x=arr("cross", (3, 4)), y=arr("cross", (3, 4)))
    case("meshgrid", "two", lambda x, y: paddle.meshgrid(x, y), x=arr("meshgrid", (3,)), y=arr("meshgrid", (4,)))
    case("repeat_interleave", "scalar", lambda x: paddle.repeat_interleave(x, 2, 1), x=arr("ri", (2, 3)))
    case("unique", "sorted", lambda x: paddle.unique(x, return_index=True, return_inverse=True, return_counts=True),
         x=np.array([3, 1, 2, 3, 1, 5], "int64"))
    case("unique_consecutive", "basic", lambda x: paddle.unique_consecutive(x, return_inverse=True, return_counts=True),
         x=np.array([1, 1, 2, 2, 3, 1, 1, 2], "int64"))
    case("unique_consecutive", "axis0", lambda x: paddle.unique_consecutive(x, axis=0),
         x=np.array([[1, 2], [1, 2], [3, 4]], "float32"))
    case("searchsorted", "left", lambda s, v: paddle.searchsorted(s, v), s=np.array([1, 3, 5, 7, 9], "float32"),
         v=np.array([[3, 6, 9], [0, 10, 5]], "float32"))
    case("searchsorted", "right_int32", lambda s, v: paddle.searchsorted(s, v, out_int32=True, right=True),
         s=np.array([[1, 3, 5], [2, 4, 6]], "int64"), v=np.array([[3, 5], [1, 6]], "int64"))
    case("bincount", "basic", lambda x: paddle.bincount(x), x=np.array([1, 1, 4, 0, 2], "int64"))
    case("bincount", "weights_minlength", lambda x, w: paddle.bincount(x, w, 7), x=np.array([1, 1, 4, 0], "int32"),
         w=np.array([0.5, 1.0, 2.0, 3.0], "float32"))
    case("histogram", "range", lambda x: paddle.histogram(x, 4, 0, 4), x=np.array([0.5, 1.5, 1.5, 3.9, 4.0, 5.0], "float32"))
    case("histogram", "auto", lambda x: paddle.histogram(x, 3), x=arr("histogram", (10,)))
    case("crop", "basic", lambda x: paddle.crop(x, [2, 2], [1, 1]), x=arr("crop", (3, 4)))
    case("multiplex", "basic", lambda a, b, i: paddle.multiplex([a, b], i), a=arr("mx", (3, 2)), b=arr("mx", (3, 2)),
         i=np.array([[1], [0], [1]], "int32"))
    case("shard_index", "basic", lambda x: paddle.shard_index(x, 20, 2, 0), x=np.array([[1], [6], [12], [19]], "int64"))
    case("shape", "basic", lambda x: P.shape(x), x=x234)
    case("shape64", "basic", lambda x: paddle.shape(x), x=x234)
    case("numel", "basic", lambda x: paddle.numel(x), x=x234)
    case("is_empty", "nonempty", lambda x: paddle.is_empty(x), x=x234)
    case("is_empty", "empty", lambda x: paddle.is_empty(x), x=arr("is_empty", (0, 2)))
    case("one_hot", "basic", lambda x: F.one_hot(x, 5), x=np.array([0, 4, 2], "int64"))
    case("one_hot", "int32_2d", lambda x: F.one_hot(x, 3), x=np.array([[0, 1], [2, 0]], "int32"))
    case("channel_shuffle", "g2", lambda x: F.channel_shuffle(x, 2), x=arr("cs", (1, 4, 2, 3)))
    case("pixel_shuffle", "r2", lambda x: F.pixel_shuffle(x, 2), x=arr("ps", (1, 8, 2, 3)))
    case("pixel_unshuffle", "r2", lambda x: F.pixel_unshuffle(x, 2), x=arr("pu", (1, 2, 4, 6)))
    case("fill_diagonal", "basic", lambda x: P.fill_diagonal(x, 5.0, 0, False),
         x=arr("fd", (3, 4)))
    case("fill_diagonal", "offset_wrap", lambda x: P.fill_diagonal(x, -1.0, 1, True), x=arr("fd", (7, 3)))
    case("fill_diagonal_tensor", "basic", lambda x, y: P.fill_diagonal_tensor(x, y, 0, 0, 1), x=arr("fdt", (3, 4)),
         y=arr("fdt", (3,)))
    case("label_smooth", "eps0.1", lambda x: F.label_smooth(x, epsilon=0.1), x=arr("ls", (3, 4), "float32", 0, 1))
    case("maxout", "g2", lambda x: F.maxout(x, 2), x=arr("maxout", (1, 4, 2, 3)))
    case("fold", "basic", lambda x: F.fold(x, [3, 3], [2, 2]), x=arr("fold", (1, 8, 4)))
    case("unfold", "basic", lambda x: F.unfold(x, [2, 2]), x=arr("unfold", (1, 2, 3, 3)))
