"""Creation, random, linear-algebra, normalization, loss and other nn ops of the spec table."""

from __future__ import annotations

from specs import F, P, arr, case, kdtypes, np, paddle


def _spd(n: int, dtype: str = "float64", batch: tuple[int, ...] = ()) -> np.ndarray:
    g = np.random.default_rng(n * 31 + len(batch))
    a = g.uniform(-1, 1, size=batch + (n, n))
    return (a @ np.swapaxes(a, -1, -2) + n * np.eye(n)).astype(dtype)


def register() -> None:
    # --- creation ---------------------------------------------------------------------
    for dt in ("float32", "int64", "bool", "float64", "int32", "float16"):
        case("full", dt, lambda x, d=dt: paddle.full([2, 3], 1, d), x=arr("full", (2, 3)))
    case("full_like", "f32", lambda x: paddle.full_like(x, 3.5), x=arr("full_like", (2, 3)))
    case("full_like", "int64", lambda x: paddle.full_like(x, 7, "int64"), x=arr("full_like", (2, 3)))
    case("full_like", "zero_size", lambda x: paddle.full_like(x, 1.0), x=arr("full_like", (0, 3)))
    case("arange", "int64", lambda x: paddle.add(paddle.arange(0, 6, 2), x), x=np.array(1, "int64"))
    case("arange", "float", lambda x: paddle.add(paddle.arange(0.5, 3.0, 0.5), x), x=np.array(1.0, "float32"))
    case("linspace", "basic", lambda x: paddle.add(paddle.linspace(0, 1, 5), x), x=np.array(1.0, "float32"))
    case("linspace", "int32", lambda x: paddle.add(paddle.linspace(0, 10, 4, "int32"), x), x=np.array(1, "int32"))
    case("logspace", "basic", lambda x: paddle.add(paddle.logspace(0, 2, 5), x), x=np.array(0.0, "float32"))
    case("logspace", "base2", lambda x: paddle.add(paddle.logspace(1, 3, 3, base=2.0), x), x=np.array(0.0, "float32"))
    case("eye", "rect", lambda x: paddle.add(paddle.eye(3, 4), x), x=np.array(0.0, "float32"))
    case("tril_indices", "basic", lambda x: paddle.add(paddle.tril_indices(4, 3, 0), x), x=np.array(0, "int64"))
    case("triu_indices", "basic", lambda x: paddle.add(paddle.triu_indices(3, 4, 1), x), x=np.array(0, "int64"))
    case("assign", "f32", paddle.assign, x=arr("assign", (3, 4)))
    case("assign", "zero_size", paddle.assign, x=arr("assign", (0, 4)))
    case("assign_value_", "basic", lambda x: paddle.add(paddle.to_tensor(np.array([1.5, 2.5], "float32")), x),
         x=np.array(0.0, "float32"))
    case("empty", "shape", lambda x: paddle.shape(paddle.empty([2, 3])), x=np.array(0.0, "float32"),
         random=dict(shape_only=True))
    case("empty_like", "shape", lambda x: P.empty_like(x, paddle.float32, paddle.CPUPlace()), x=arr("empty_like", (2, 3)), random=dict(shape_only=True))
    # --- random -----------------------------------------------------------------------
    case("uniform", "u", lambda x: paddle.add(paddle.uniform([200], min=-1.0, max=2.0), x), x=np.array(0.0, "float32"),
         random=dict(lo=-1.0, hi=2.0, mean=0.5, tol=0.25))
    case("gaussian", "g", lambda x: paddle.add(paddle.normal(1.0, 2.0, [400]), x), x=np.array(0.0, "float32"),
         random=dict(mean=1.0, tol=0.4))
    case("randint", "r", lambda x: paddle.add(paddle.randint(0, 5, [200]), x), x=np.array(0, "int64"),
         random=dict(lo=0, hi=4, mean=2.0, tol=0.5))
    case("randperm", "r", lambda x: paddle.add(paddle.randperm(6), x), x=np.array(0, "int64"),
         random=dict(lo=0, hi=5, mean=2.5, tol=1e-6))
    case("bernoulli", "p", lambda x: paddle.bernoulli(x), x=np.full((200,), 0.3, "float32"),
         random=dict(lo=0, hi=1, mean=0.3, tol=0.12))
    case("poisson", "lam", lambda x: paddle.poisson(x), x=np.full((300,), 2.0, "float32"),
         random=dict(lo=0, hi=30, mean=2.0, tol=0.4))
    case("multinomial", "draw", lambda x: paddle.multinomial(x, 3), x=np.array([[0.2, 0.3, 0.5, 0.0]], "float32"),
         random=dict(lo=0, hi=2))
    case("dropout", "infer", lambda x: F.dropout(x, 0.3, training=False), x=arr("dropout", (3, 4)))
    case("dropout", "train_upscale", lambda x: F.dropout(x, 0.5, training=True), x=np.ones((400,), "float32"),
         random=dict(lo=0, hi=2.0, mean=1.0, tol=0.25))
    case("truncated_gaussian_random", "t",
         lambda x: paddle.add(P.truncated_gaussian_random([300], 0.0, 1.0, 7, -2.0, 2.0, "float32", paddle.CPUPlace()), x),
         x=np.array(0.0, "float32"), random=dict(lo=-2.0, hi=2.0, mean=0.0, tol=0.3))
    # --- linear algebra ---------------------------------------------------------------
    case("matmul", "basic", paddle.matmul, x=arr("matmul", (3, 4)), y=arr("matmul", (4, 2)))
    case("matmul", "batch_broadcast_T", lambda x, y: paddle.matmul(x, y, transpose_y=True), x=arr("matmul", (2, 3, 4)),
         y=arr("matmul", (5, 4)))
    case("matmul", "vec", paddle.matmul, x=arr("matmul", (4,)), y=arr("matmul", (4, 3)))
    case("matmul", "f64", paddle.matmul, x=arr("matmul", (3, 4), "float64"), y=arr("matmul", (4, 2), "float64"))
    case("bmm", "basic", paddle.bmm, x=arr("bmm", (2, 3, 4)), y=arr("bmm", (2, 4, 2)))
    case("dot", "vec", paddle.dot, x=arr("dot", (5,)), y=arr("dot", (5,)))
    case("dot", "batch_int64", paddle.dot, x=arr("dot", (2, 5), "int64"), y=arr("dot", (2, 5), "int64"))
    case("mv", "basic", lambda x, v: paddle.mv(x, v), x=arr("mv", (3, 4)), v=arr("mv", (4,)))
    case("addmm", "basic", lambda i, x, y: paddle.addmm(i, x, y, 0.5, 2.0), i=arr("addmm", (3, 2)), x=arr("addmm", (3, 4)),
         y=arr("addmm", (4, 2)))
    case("baddbmm", "basic", lambda i, x, y: paddle.baddbmm(i, x, y, 0.5, 2.0), i=arr("baddbmm", (2, 3, 2)),
         x=arr("baddbmm", (2, 3, 4)), y=arr("baddbmm", (2, 4, 2)))
    case("einsum", "ij_jk", lambda x, y: paddle.einsum("ij,jk->ik", x, y), x=arr("einsum", (3, 4)), y=arr("einsum", (4, 2)))
    case("multi_dot", "three", lambda a, b, c: paddle.linalg.multi_dot([a, b, c]), a=arr("md", (3, 4)), b=arr("md", (4, 5)),
         c=arr("md", (5, 2)))
    case("cholesky", "lower", lambda x: paddle.linalg.cholesky(x), x=_spd(3))
    case("cholesky", "upper_batch", lambda x: paddle.linalg.cholesky(x, upper=True), x=_spd(3, "float32", (2,)), rtol=1e-4,
         atol=1e-5)
    case("inverse", "f64", lambda x: paddle.linalg.inv(x), x=_spd(3))
    case("inverse", "batch_f32", lambda x: paddle.linalg.inv(x), x=_spd(3, "float32", (2,)), rtol=1e-4, atol=1e-5)
    case("det", "f64", lambda x: paddle.linalg.det(x), x=arr("det", (3, 3), "float64"))
    case("det", "batch_f32", lambda x: paddle.linalg.det(x), x=arr("det", (2, 3, 3)), rtol=1e-4, atol=1e-5)
    case("slogdet", "f64", lambda x: paddle.linalg.slogdet(x), x=arr("slogdet", (3, 3), "float64"))
    case("solve", "f64", paddle.linalg.solve, x=_spd(3), y=arr("solve", (3, 2), "float64"))
    case("triangular_solve", "upper", lambda x, y: paddle.linalg.triangular_solve(x, y), x=np.triu(_spd(3)),
         y=arr("ts", (3, 2), "float64"))
    case("triangular_solve", "lower_unit", lambda x, y: paddle.linalg.triangular_solve(x, y, upper=False, unitriangular=True),
         x=np.tril(_spd(3)), y=arr("ts", (3, 2), "float64"))
    case("cholesky_solve", "lower", lambda x, y: paddle.linalg.cholesky_solve(x, y, upper=False),
         x=arr("cs", (3, 2), "float64"), y=np.linalg.cholesky(_spd(3)))
    case("matrix_power", "n3", lambda x: paddle.linalg.matrix_power(x, 3), x=arr("mp", (3, 3)), rtol=1e-4, atol=1e-5)
    case("matrix_power", "n-2", lambda x: paddle.linalg.matrix_power(x, -2), x=_spd(3))
    case("matrix_power", "n0", lambda x: paddle.linalg.matrix_power(x, 0), x=arr("mp", (2, 3, 3)))
    case("eigh", "f64", lambda x: paddle.linalg.eigh(x)[0], x=_spd(3))
    case("eigvalsh", "f64", lambda x: paddle.linalg.eigvalsh(x), x=_spd(4))
    case("svdvals", "f64", lambda x: paddle.linalg.svdvals(x), x=arr("svdvals", (4, 3), "float64"))
    case("matrix_rank", "f64", lambda x: paddle.linalg.matrix_rank(x), x=np.array([[1, 2], [2, 4.0], [0, 1]], "float64"))
    case("matrix_rank_tol", "tol", lambda x: P.matrix_rank_tol(x, paddle.full([], 0.5, "float64"), False, False), x=arr("mrt", (3, 3), "float64"))
    case("dist", "p2", lambda x, y: paddle.dist(x, y), x=arr("dist", (3, 4)), y=arr("dist", (4,)))
    # --- nn ----------------------------------------------------------------------------
    case("embedding", "basic", lambda i, w: F.embedding(i, w), i=np.array([[0, 3], [2, 2]], "int64"), w=arr("emb", (4, 3)))
    case("embedding", "padding_idx", lambda i, w: F.embedding(i, w, padding_idx=2), i=np.array([0, 2, 3], "int32"),
         w=arr("emb", (4, 3)))
    case("bce_loss", "basic", lambda x, y: F.binary_cross_entropy(x, y, reduction="none"),
         x=arr("bce", (3, 4), "float32", 0.05, 0.95), y=arr("bce", (3, 4), "float32", 0, 1))
    case("log_loss", "basic", lambda x, y: F.log_loss(x, y), x=arr("ll", (4, 1), "float32", 0.05, 0.95),
         y=arr("ll", (4, 1), "float32", 0, 1))
    case("huber_loss", "basic", lambda x, y: F.smooth_l1_loss(x, y, reduction="none", delta=1.0) if False else P.huber_loss(x, y, 1.0),
         x=arr("hl", (4, 1)), y=arr("hl", (4, 1)))
    case("kldiv_loss", "mean", lambda x, y: F.kl_div(x, y, reduction="mean"), x=arr("kl", (3, 4), "float32", -2, 0),
         y=arr("kl", (3, 4), "float32", 0.05, 1))
    case("kldiv_loss", "none", lambda x, y: F.kl_div(x, y, reduction="none"), x=arr("kl", (3, 4), "float32", -2, 0),
         y=arr("kl", (3, 4), "float32", 0.05, 1))
    case("sigmoid_cross_entropy_with_logits", "basic",
         lambda x, y: F.binary_cross_entropy_with_logits(x, y, reduction="none"), x=arr("scel", (3, 4)),
         y=arr("scel", (3, 4), "float32", 0, 1))
    case("nll_loss", "mean", lambda x, y: F.nll_loss(x, y), x=arr("nll", (4, 3), "float32", -3, 0),
         y=np.array([0, 2, 1, 2], "int64"))
    case("nll_loss", "none_ignore", lambda x, y: F.nll_loss(x, y, ignore_index=1, reduction="none"),
         x=arr("nll", (4, 3), "float32", -3, 0), y=np.array([0, 2, 1, 2], "int64"))
    case("cross_entropy_with_softmax", "hard", lambda x, y: F.softmax_with_cross_entropy(x, y), x=arr("ce", (4, 5)),
         y=np.array([[0], [4], [2], [2]], "int64"))
    case("accuracy", "top2", lambda x, i, y: paddle.metric.accuracy(x, y, k=2) if False else P.accuracy(x, i, y),
         x=np.array([[0.9, 0.1], [0.3, 0.7], [0.6, 0.4]], "float32"), i=np.array([[0, 1], [1, 0], [0, 1]], "int64"),
         y=np.array([[0], [0], [1]], "int64"))
    case("layer_norm", "basic", lambda x: F.layer_norm(x, [4]), x=arr("ln", (2, 3, 4)))
    case("group_norm", "basic", lambda x, w, b: F.group_norm(x, 2, 1e-5, w, b), x=arr("gn", (2, 4, 3, 2)),
         w=arr("gn", (4,)), b=arr("gn", (4,)))
    case("instance_norm", "basic", lambda x: F.instance_norm(x), x=arr("in", (2, 3, 2, 4)))
    case("batch_norm_", "infer", lambda x, m, v: F.batch_norm(x, m, v, training=False), x=arr("bn", (2, 3, 2, 2)),
         m=arr("bn", (3,)), v=arr("bn", (3,), "float32", 0.5, 2))
    case("pool2d", "max", lambda x: F.max_pool2d(x, 2), x=arr("pool", (1, 2, 4, 4)))
    case("pool2d", "avg_pad", lambda x: F.avg_pool2d(x, 3, 1, 1), x=arr("pool", (1, 2, 4, 4)))
    case("pool2d", "adaptive", lambda x: F.adaptive_avg_pool2d(x, [2, 3]), x=arr("pool", (1, 2, 4, 5)))
    case("lp_pool2d", "p2", lambda x: F.lp_pool2d(x, 2.0, 2), x=arr("lp", (1, 2, 4, 4)))
    case("unpool", "basic", lambda x, i: F.max_unpool2d(x, i, 2), x=arr("unpool", (1, 1, 2, 2)),
         i=np.array([[[[1, 3], [8, 15]]]], "int32"))
    case("conv2d", "basic", lambda x, w: F.conv2d(x, w, padding=1), x=arr("conv", (1, 2, 4, 4)), w=arr("conv", (3, 2, 3, 3)))
    case("prelu", "channel", lambda x, w: F.prelu(x, w), x=arr("prelu", (1, 3, 2, 2)), w=arr("prelu", (3,), "float32", 0, 1))
    case("affine_grid", "basic", lambda t: F.affine_grid(t, [1, 1, 2, 3], align_corners=False),
         t=arr("ag", (1, 2, 3)))
    case("swiglu", "two", lambda x, y: F.swiglu(x, y) if hasattr(F, "swiglu") else P.swiglu(x, y), x=arr("swiglu", (3, 4)),
         y=arr("swiglu", (3, 4)))
    case("bilinear", "basic", lambda x, y, w: F.bilinear(x, y, w), x=arr("bil", (2, 3)), y=arr("bil", (2, 4)),
         w=arr("bil", (5, 3, 4)))
    case("clip_by_norm", "basic", lambda x: P.clip_by_norm(x, 1.0), x=arr("cbn", (3, 4)))
    case("squared_l2_norm", "basic", lambda x: P.squared_l2_norm(x), x=arr("sl2", (3, 4)))
    case("l1_norm", "basic", lambda x: P.l1_norm(x), x=arr("l1", (3, 4)))
    case("renorm", "basic", lambda x: paddle.renorm(x, 2.0, 0, 1.0), x=arr("renorm", (3, 4)))
    case("sequence_mask", "basic", lambda x: F.sequence_mask(x, 5), x=np.array([1, 3, 0], "int64"))
    case("gather_tree", "basic", lambda i, p: F.gather_tree(i, p),
         i=np.array([[[2, 2], [6, 1]], [[3, 9], [6, 1]], [[0, 1], [9, 0]]], "int64"),
         p=np.array([[[0, 0], [1, 1]], [[1, 0], [1, 0]], [[0, 0], [0, 1]]], "int64"))
    case("temporal_shift", "basic", lambda x: F.temporal_shift(x, 2, 0.25), x=arr("tshift", (4, 4, 2, 2)))
    case("overlap_add", "basic", lambda x: paddle.signal.overlap_add(x, 2) if hasattr(paddle, "signal") else None,
         x=arr("ola", (4, 3)))
    case("frame", "basic", lambda x: paddle.signal.frame(x, 4, 2), x=arr("frame", (10,)))
