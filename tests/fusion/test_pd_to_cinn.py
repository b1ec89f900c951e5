"""pd_to_cinn: each conversion and decomposition rewrites the op it should, the result
verifies, and computes the same numbers as the original op (its own pd_op kernel)."""

from __future__ import annotations

import numpy as np
import pytest
from fusion_helpers import P, execute, fuse, parse, round_trip

from pirc.dialects.opdef import OP_DEFS
from pirc.ir.program import Program

B = 3  # the run-time size of -1 dims


def rnd(*shape: int, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def needs(*names: str) -> None:
    missing = [n for n in names if n not in OP_DEFS]
    assert not missing, f"pd_op dialect lacks {', '.join(missing)}"  # a regression, not a gap to skip


def names(prog: Program) -> list[str]:
    return [op.name for op in prog.walk()]


def check(p: P, feeds: dict[str, np.ndarray], gone: str, present: tuple[str, ...] = (),
          pipeline: str = "pd_to_cinn", rtol: float = 1e-5, atol: float = 1e-6) -> Program:
    text = p.text()
    want = execute(parse(text), feeds, engine="ref")
    prog = fuse(text, pipeline)
    round_trip(prog)
    ops = names(prog)
    assert gone not in ops, f"{gone} was not rewritten:\n" + "\n".join(ops)
    for n in present:
        assert n in ops, f"{n} missing:\n" + "\n".join(ops)
    for full in (pipeline, "build_cinn"):
        got = execute(fuse(text, full), feeds, engine="ref")
        for k, w in want.items():
            assert got[k].dtype == w.dtype and got[k].shape == w.shape, (k, got[k].dtype, got[k].shape, w.dtype, w.shape)
            np.testing.assert_allclose(got[k], w, rtol=rtol, atol=atol, err_msg=f"{k} after {full}")
    return prog


# --- conversions ------------------------------------------------------------------------

def test_scale_with_full_becomes_cinn_scale() -> None:
    p = P()
    x = p.data("x", [-1, 4])
    s = p.full(2.5, [1])
    p.fetch(p.op("scale", x, s, attrs="bias:1,bias_after_scale:false"))
    prog = check(p, {"x": rnd(B, 4)}, "pd_op.scale", ("cinn_op.scale",))
    assert "pd_op.full" not in names(prog)  # the dead scale constant is gone


def test_scale_of_int_tensor() -> None:
    p = P()
    x = p.data("x", [1], "int64")
    s = p.full(1.0, [1])
    p.fetch(p.op("scale", x, s, attrs="bias:1,bias_after_scale:true"))
    check(p, {"x": np.array([4], np.int64)}, "pd_op.scale", ("cinn_op.scale",))


def test_scale_with_tensor_factor_becomes_multiply() -> None:
    p = P()
    x = p.data("x", [2, 4])
    s = p.data("s", [1])
    p.fetch(p.op("scale", x, s, attrs="bias:0.5,bias_after_scale:true"))
    check(p, {"x": rnd(2, 4), "s": np.array([3.0], np.float32)}, "pd_op.scale", ("pd_op.multiply", "pd_op.add"))


@pytest.mark.parametrize("op,axes,keep,shape", [
    ("sum", [1], False, [-1, 5]), ("sum", [], False, []), ("sum", [-1, 1], True, [-1, 1, 1]),
    ("max", [2], False, [-1, 4]), ("min", [0, 2], True, [1, 4, 1]), ("prod", [1], False, [-1, 5]),
    ("mean", [1, 2], False, [-1]), ("mean", [-1], True, [-1, 4, 1]),
])
def test_reductions(op: str, axes: list[int], keep: bool, shape: list[int]) -> None:
    p = P()
    x = p.data("x", [-1, 4, 5])
    ax = p.ints(axes)
    attrs = f"keepdim:{str(keep).lower()}" + (",dtype:Undefined" if op == "sum" else "")
    if op == "prod":
        attrs += ",reduce_all:false"
    p.fetch(p.op(op, x, ax, shape=shape, attrs=attrs))
    want = "cinn_op.reduce_" + {"mean": "sum"}.get(op, op)
    check(p, {"x": rnd(B, 4, 5)}, f"pd_op.{op}", (want,))


def test_sum_of_bools_casts_to_int64() -> None:
    needs("pd_op.cast")
    p = P()
    x = p.data("x", [-1, 4], "bool")
    ax = p.ints([1])
    p.fetch(p.op("sum", x, ax, shape=[-1], dtype="int64", attrs="dtype:Undefined,keepdim:false"))
    check(p, {"x": rnd(B, 4) > 0}, "pd_op.sum", ("cinn_op.reduce_sum", "pd_op.cast"))


def test_amax_amin() -> None:
    needs("pd_op.amax", "pd_op.amin")
    p = P()
    x = p.data("x", [-1, 4])
    p.fetch(p.op("amax", x, shape=[-1], attrs="axis:[1],keepdim:false"))
    p.fetch(p.op("amin", x, shape=[-1], attrs="axis:[1],keepdim:false"))
    check(p, {"x": rnd(B, 4)}, "pd_op.amax", ("cinn_op.reduce_max", "cinn_op.reduce_min"))


def test_reshape_squeeze_unsqueeze_flatten() -> None:
    p = P()
    x = p.data("x", [-1, 4, 6])
    r = p.op("reshape", x, p.ints([0, 24]), shape=[-1, 24])
    u = p.op("unsqueeze", r, p.ints([1]), shape=[-1, 1, 24])
    u0 = p.op("unsqueeze", x, p.ints([0, 2]), shape=[1, -1, 1, 4, 6])
    s = p.op("squeeze", u, p.ints([1]), shape=[-1, 24])
    f = p.op("flatten", x, shape=[-1, 24], attrs="start_axis:1,stop_axis:2")
    f0 = p.op("flatten", x, shape=[-1], attrs="start_axis:0,stop_axis:2")
    for v in (s, f, u0, f0):
        p.fetch(v)
    prog = check(p, {"x": rnd(B, 4, 6)}, "pd_op.reshape", ("cinn_op.reshape",))
    for n in ("pd_op.squeeze", "pd_op.unsqueeze", "pd_op.flatten"):
        assert n not in names(prog)


def test_expand_becomes_broadcast() -> None:
    p = P()
    x = p.data("x", [-1, 1, 6])
    p.fetch(p.op("expand", x, p.ints([-1, 3, 6]), shape=[-1, 3, 6]))
    y = p.data("y", [6])
    p.fetch(p.op("expand", y, p.ints([2, 6]), shape=[2, 6]))
    check(p, {"x": rnd(B, 1, 6), "y": rnd(6, seed=1)}, "pd_op.expand", ("cinn_op.broadcast",))


def _combine(p: P, vals: list[str]) -> str:
    ts = [p.types[v] for v in vals]
    vt = "vec[" + ",".join(ts) + "]"
    v = p._new(vt)
    p.lines.append(f'({v}) = "builtin.combine" ({", ".join(vals)}) {{stop_gradient:[true]}} : ({", ".join(ts)}) -> {vt}')
    return v


def test_concat() -> None:
    p = P()
    x, y = p.data("x", [-1, 4]), p.data("y", [-1, 2])
    c = _combine(p, [x, y])
    p.fetch(p.op("concat", c, p.full(1, [1], "int32"), shape=[-1, 6], dtype="float32"))
    check(p, {"x": rnd(B, 4), "y": rnd(B, 2, seed=1)}, "pd_op.concat", ("cinn_op.concat",))


def test_slice_gather_index_select_flip() -> None:
    p = P()
    x = p.data("x", [-1, 4, 6])
    idx = p.data("idx", [3], "int64")
    s = p.op("slice", x, p.ints([1, -4]), p.ints([3, 100]), shape=[-1, 2, 4],
             attrs="axes:[1,2],decrease_axis:[],infer_flags:[1,1]")
    d = p.op("slice", x, p.ints([2]), p.ints([3]), shape=[-1, 6], attrs="axes:[1],decrease_axis:[1],infer_flags:[1]")
    g = p.op("gather", x, idx, p.full(2, [1], "int32"), shape=[-1, 4, 3])
    i = p.op("index_select", x, idx, shape=[-1, 3, 6], attrs="axis:1")
    for v in (s, d, g, i):
        p.fetch(v)
    if "pd_op.flip" in OP_DEFS:
        p.fetch(p.op("flip", x, attrs="axis:[1,-1]"))
    prog = check(p, {"x": rnd(B, 4, 6), "idx": np.array([0, 2, 1], np.int64)}, "pd_op.slice",
                 ("cinn_op.slice", "cinn_op.gather"))
    assert "pd_op.gather" not in names(prog) and "pd_op.index_select" not in names(prog)


@pytest.mark.parametrize("y,becomes", [(2.0, "pd_op.multiply"), (0.5, "pd_op.sqrt"), (-0.5, "pd_op.rsqrt"),
                                       (3.0, "pd_op.elementwise_pow")])
def test_pow(y: float, becomes: str) -> None:
    p = P()
    x = p.data("x", [-1, 4])
    p.fetch(p.op("pow", x, attrs=f"y:{y:g}"))
    check(p, {"x": np.abs(rnd(B, 4)) + 0.5}, "pd_op.pow", (becomes,))


def test_square_reciprocal() -> None:
    p = P()
    x = p.data("x", [-1, 4])
    p.fetch(p.op("square", x))
    p.fetch(p.op("reciprocal", x))
    check(p, {"x": np.abs(rnd(B, 4)) + 0.5}, "pd_op.square", ("pd_op.multiply", "pd_op.divide"))


def test_add_n() -> None:
    needs("pd_op.add_n")
    p = P()
    x, y, z = p.data("x", [4]), p.data("y", [4]), p.data("z", [4])
    p.fetch(p.op("add_n", _combine(p, [x, y, z]), shape=[4], dtype="float32"))
    check(p, {"x": rnd(4), "y": rnd(4, seed=1), "z": rnd(4, seed=2)}, "pd_op.add_n", ("pd_op.add",))


def _split(p: P, x: str, kind: str) -> list[str]:
    pieces = ["tensor<-1x2x4xf32>", "tensor<-1x4x4xf32>"] if kind == "split" else ["tensor<-1x3x4xf32>"] * 2
    vt = "vec[" + ",".join(pieces) + "]"
    ax = p.full(1, [1], "int32")
    v = p._new(vt)
    if kind == "split":
        sec = p.ints([2, -1])
        p.lines.append(f'({v}) = "pd_op.split" ({x}, {sec}, {ax}) {{stop_gradient:[true]}} : '
                       f'(tensor<-1x6x4xf32>, tensor<2xi64>, tensor<1xi32>) -> {vt}')
    else:
        p.lines.append(f'({v}) = "pd_op.split_with_num" ({x}, {ax}) {{num:2,stop_gradient:[true]}} : '
                       f'(tensor<-1x6x4xf32>, tensor<1xi32>) -> {vt}')
    a, b = p._new(pieces[0]), p._new(pieces[1])
    p.lines.append(f'({a}, {b}) = "builtin.split" ({v}) {{stop_gradient:[true,true]}} : ({vt}) -> '
                   f'{pieces[0]}, {pieces[1]}')
    return [a, b]


@pytest.mark.parametrize("kind", ["split", "split_with_num"])
def test_split_becomes_slices(kind: str) -> None:
    p = P()
    x = p.data("x", [-1, 6, 4])
    a, b = _split(p, x, kind)
    p.fetch(p.op("exp", a))
    p.fetch(p.op("tanh", b))
    check(p, {"x": rnd(B, 6, 4)}, f"pd_op.{kind}", ("cinn_op.slice",))


def test_sigmoid() -> None:
    p = P()
    x = p.data("x", [-1, 4])
    p.fetch(p.op("sigmoid", x))
    check(p, {"x": rnd(B, 4) * 5}, "pd_op.sigmoid", ("pd_op.exp", "pd_op.divide"))


# --- decompositions ---------------------------------------------------------------------

@pytest.mark.parametrize("op,attrs", [("softmax", "axis:-1"), ("softmax", "axis:1"), ("log_softmax", "axis:1")])
def test_softmax_family(op: str, attrs: str) -> None:
    p = P()
    x = p.data("x", [-1, 4, 5])
    p.fetch(p.op(op, x, attrs=attrs))
    prog = check(p, {"x": rnd(B, 4, 5) * 3}, f"pd_op.{op}", ("cinn_op.reduce_max", "cinn_op.reduce_sum"),
                 pipeline="build_cinn")
    assert sum(op.name == "cinn_op.group" for op in prog.walk()) == 1


@pytest.mark.parametrize("begin,affine,stats", [(1, True, False), (2, True, True), (2, False, True), (1, False, False)])
def test_layer_norm(begin: int, affine: bool, stats: bool) -> None:
    p = P()
    x = p.data("x", [-1, 4, 5])
    n = 20 if begin == 1 else 5
    ops = [x]
    if affine:
        ops += [p.data("w", [n]), p.data("b", [n])]
    else:
        ops += ["<<NULL VALUE>>", "<<NULL VALUE>>"]
        p.types["<<NULL VALUE>>"] = "<<NULL TYPE>>"
    st = [-1] if begin == 1 else [-1, 4]
    t = P.ttext
    out, mean, var = p._new(t([-1, 4, 5])), p._new(t(st)), p._new(t(st))
    p.lines.append(f'({out}, {mean}, {var}) = "pd_op.layer_norm" ({", ".join(ops)}) '
                   f'{{begin_norm_axis:{begin},epsilon:1e-05,stop_gradient:[true,true,true]}} : '
                   f'({", ".join(p.types[o] for o in ops)}) -> {t([-1, 4, 5])}, {t(st)}, {t(st)}')
    p.fetch(out)
    if stats:
        p.fetch(mean)
        p.fetch(var)
    feeds = {"x": rnd(B, 4, 5) * 2 + 1}
    if affine:
        feeds |= {"w": rnd(n, seed=1), "b": rnd(n, seed=2)}
    check(p, feeds, "pd_op.layer_norm", ("cinn_op.reduce_sum", "pd_op.rsqrt"), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("op,attrs,needed", [
    ("gelu", "approximate:false", ("pd_op.erf",)), ("gelu", "approximate:true", ("pd_op.tanh",)),
    ("silu", "", ()), ("swish", "", ()), ("relu6", "", ()), ("hardswish", "", ()),
    ("hardsigmoid", "offset:0.5,slope:0.166667", ()), ("leaky_relu", "negative_slope:0.1", ()),
    ("elu", "alpha:1.5", ("pd_op.where",)),
])
def test_activations(op: str, attrs: str, needed: tuple[str, ...]) -> None:
    needs(f"pd_op.{op}", *needed)
    p = P()
    x = p.data("x", [-1, 8])
    p.fetch(p.op(op, x, attrs=attrs))
    check(p, {"x": rnd(B, 8) * 4}, f"pd_op.{op}", rtol=1e-5, atol=1e-6)


def test_clip() -> None:
    p = P()
    x = p.data("x", [-1, 8])
    p.fetch(p.op("clip", x, p.full(-0.5, [1]), p.full(0.7, [1])))
    check(p, {"x": rnd(B, 8)}, "pd_op.clip", ("pd_op.maximum", "pd_op.minimum"))


def test_p_norm() -> None:
    needs("pd_op.p_norm")
    p = P()
    x = p.data("x", [-1, 6, 5])
    p.fetch(p.op("p_norm", x, shape=[-1, 1, 5], attrs="asvector:false,axis:1,epsilon:1e-12,keepdim:true,porder:2"))
    check(p, {"x": rnd(B, 6, 5)}, "pd_op.p_norm", ("pd_op.sqrt",))


def test_batch_norm_inference() -> None:
    p = P()
    x = p.data("x", [-1, 3, 2, 2])
    mean, var, w, b = (p.data(n, [3]) for n in ("mean", "var", "w", "bias"))
    t = P.ttext
    outs = [p._new(t([-1, 3, 2, 2]))] + [p._new(t([3])) for _ in range(4)] + [p._new("tensor<-1xu8>")]
    p.lines.append(
        f'({", ".join(outs)}) = "pd_op.batch_norm_" ({x}, {mean}, {var}, {w}, {b}) {{data_format:"NCHW",'
        f'epsilon:1e-05,is_test:true,momentum:0.9,stop_gradient:[true,true,true,true,true,true],'
        f'trainable_statistics:false,use_global_stats:false}} : ({t([-1, 3, 2, 2])}, {t([3])}, {t([3])}, {t([3])}, '
        f'{t([3])}) -> {t([-1, 3, 2, 2])}, {t([3])}, {t([3])}, {t([3])}, {t([3])}, tensor<-1xu8>')
    p.types[outs[0]] = t([-1, 3, 2, 2])
    p.fetch(p.op("relu", outs[0]))
    feeds = {"x": rnd(B, 3, 2, 2), "mean": rnd(3, seed=1), "var": np.abs(rnd(3, seed=2)) + 0.5,
             "w": rnd(3, seed=3), "bias": rnd(3, seed=4)}
    check(p, feeds, "pd_op.batch_norm_", ("pd_op.rsqrt",), rtol=1e-4, atol=1e-5)


def test_dropout_inference_is_identity() -> None:
    p = P()
    x = p.data("x", [-1, 4])
    prob = p.full(0.5, [1])
    o, m = p._new("tensor<-1x4xf32>"), p._new("tensor<-1x4xu8>")
    p.lines.append(f'({o}, {m}) = "pd_op.dropout" ({x}, <<NULL VALUE>>, {prob}) {{fix_seed:true,is_test:true,'
                   f'mode:"upscale_in_train",seed:1,stop_gradient:[true,true]}} : (tensor<-1x4xf32>, <<NULL TYPE>>, '
                   f'tensor<1xf32>) -> tensor<-1x4xf32>, tensor<-1x4xu8>')
    p.types[o] = "tensor<-1x4xf32>"
    p.fetch(p.op("exp", o))
    check(p, {"x": rnd(B, 4)}, "pd_op.dropout")


def test_rule_that_cannot_apply_leaves_the_op() -> None:
    """mean over axes only known when it runs (a fed tensor) cannot be decomposed: it stays a pd_op and
    is not fused."""
    p = P()
    x = p.data("x", [-1, 4])
    axis = p.data("axis", [1], "int64")
    p.fetch(p.op("mean", x, axis, shape=[-1], attrs="keepdim:false"))
    prog = fuse(p.text())
    assert "pd_op.mean" in names(prog) and "cinn_op.group" not in names(prog)


def test_mean_over_a_dynamic_dim_divides_by_the_count_when_it_runs() -> None:
    """Paddle's decomposition: sum / (the product of shape64(x)'s reduced dims), so it fuses."""
    p = P()
    x = p.data("x", [-1, 4])
    p.fetch(p.op("mean", x, p.ints([0]), shape=[4], attrs="keepdim:false"))
    prog = fuse(p.text())
    assert "pd_op.mean" not in names(prog) and "pd_op.shape64" in names(prog) and "cinn_op.group" in names(prog)


def test_no_decompose_option() -> None:
    p = P()
    x = p.data("x", [-1, 4])
    p.fetch(p.op("softmax", x, attrs="axis:-1"))
    prog = fuse(p.text(), "build_cinn{decompose=false}")
    assert "pd_op.softmax" in names(prog)
