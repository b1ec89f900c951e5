"""Golden tests of build_cinn's decisions: TVM's partitioner scenarios
(tests/python/relay/test_pass_fuse_ops.py, re-expressed with pd_op ops), the seed's
example, and the rules of the fusion policy.  Each asserts the exact groups (the
``struct_name`` tags of their members) and checks the numbers with the evaluator."""

from __future__ import annotations

import numpy as np
import pytest
from fusion_helpers import P, execute, fuse, groups, parse, round_trip, tagged_groups, ungrouped

from pirc.passes.fusion_policy import BC, EW, INJ, NON, OUT, RED, can_fuse

S = [4, 6]


def run_both(text: str, feeds: dict[str, np.ndarray], fused_pipeline: str = "build_cinn") -> None:
    """The fused program computes what the original computes."""
    want = execute(parse(text), feeds, engine="ref")
    got = execute(fuse(text, fused_pipeline), feeds, engine="ref")
    for k in want:
        np.testing.assert_allclose(got[k], want[k], rtol=1e-5, atol=1e-6, err_msg=k)


def rnd(*shape: int, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


# --- the seed's example ---------------------------------------------------------------------

def test_seed_relu_add_sigmoid_one_group() -> None:
    p = P()
    x, y = p.data("x", S), p.data("y", S)
    r = p.op("relu", x, tag="relu")
    a = p.op("add", r, y, tag="add")
    s = p.op("sigmoid", a, tag="sigmoid")
    p.fetch(s)
    prog = fuse(p.text())
    g = groups(prog)
    assert len(g) == 1
    # sigmoid became 1 / (1 + exp(-x)) (CINN's SigmoidOpPattern), all in the one group
    assert g[0] == ["relu", "add", "scale", "exp", "full", "add", "full", "divide"], g
    run_both(p.text(), {"x": rnd(*S), "y": rnd(*S, seed=1)})


# --- TVM scenarios --------------------------------------------------------------------------

def test_tvm_fuse_simple_chain_with_injective_tail() -> None:
    """#1 add(x, 1) -> exp -> squeeze: one group (here: -> transpose, kInjective)."""
    p = P()
    x = p.data("x", [10, 20])
    one = p.full(1.0, [], tag="one")
    a = p.op("add", x, one, tag="add")
    e = p.op("exp", a, tag="exp")
    t = p.op("transpose", e, shape=[20, 10], attrs="perm:[1,0]", tag="transpose")
    p.fetch(t)
    prog = fuse(p.text())
    assert tagged_groups(prog) == [["one", "add", "exp", "transpose"]]
    run_both(p.text(), {"x": rnd(10, 20)})


def test_tvm_conv2d_fuse_out_fusible_ops_stand_alone() -> None:
    """#2 add -> conv2d -> (add, add): conv2d is in CINN's deny list, so it stands alone
    and the adds around it form their own groups; two convolutions never share a group."""
    p = P()
    x = p.data("x", [1, 2, 5, 5])
    w1 = p.data("w1", [2, 2, 3, 3])
    w2 = p.data("w2", [2, 2, 1, 1])
    one = p.full(1.0, [1, 2, 5, 5], tag="one")
    a = p.op("add", x, one, tag="add0")
    conv = ('data_format:"NCHW",dilations:[1,1],groups:1,padding_algorithm:"EXPLICIT",paddings:[1,1],'
            'strides:[1,1]')
    c1 = p.op("conv2d", a, w1, attrs=conv, tag="conv1")
    y1 = p.op("add", c1, one, tag="add1")
    y = p.op("add", c1, y1, tag="add2")
    c2 = p.op("conv2d", y, w1, attrs=conv, tag="conv2")
    c3 = p.op("conv2d", y, w2, attrs=conv.replace("paddings:[1,1]", "paddings:[0,0]"), tag="conv3")
    z = p.op("add", c2, c3, tag="add3")
    p.fetch(z)
    prog = fuse(p.text())
    assert tagged_groups(prog) == [["add0"], ["add1", "add2"], ["add3"]]
    assert sorted(t for t in ungrouped(prog) if t.startswith("conv")) == ["conv1", "conv2", "conv3"]
    feeds = {"x": rnd(1, 2, 5, 5), "w1": rnd(2, 2, 3, 3, seed=1), "w2": rnd(2, 2, 1, 1, seed=2)}
    run_both(p.text(), feeds)


def test_tvm_concatenate_injective_into_elementwise() -> None:
    """#3 pool -> upsample(injective) ; concat(up, x) -> add: {upsample, concat, add}."""
    p = P()
    x = p.data("x", [2, 4, 4])
    up = p.op("transpose", x, attrs="perm:[0,2,1]", tag="upsample")
    ax = p.full(1, [1], "int32")
    v = p._new("vec[tensor<2x4x4xf32>,tensor<2x4x4xf32>]")
    p.lines.append(f'({v}) = "builtin.combine" ({up}, {x}) {{stop_gradient:[true]}} : '
                   f'(tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> vec[tensor<2x4x4xf32>,tensor<2x4x4xf32>]')
    c = p._new("tensor<2x8x4xf32>")
    p.lines.append(f'({c}) = "pd_op.concat" ({v}, {ax}) {{stop_gradient:[true],struct_name:"concat"}} : '
                   f'(vec[tensor<2x4x4xf32>,tensor<2x4x4xf32>], tensor<1xi32>) -> tensor<2x8x4xf32>')
    a = p.op("add", c, c, tag="add")
    p.fetch(a)
    prog = fuse(p.text())
    assert groups(prog) == [["upsample", "concat", "add"]]  # pd_op.concat became cinn_op.concat
    run_both(p.text(), {"x": rnd(2, 4, 4)})


def test_tvm_stop_fusion_non_fusible_op_in_the_middle() -> None:
    """#5 add -> (barrier) -> exp: two groups; the non-fusible op (cumsum) stands alone."""
    p = P()
    x = p.data("x", S)
    a = p.op("add", x, x, tag="add")
    ax = p.full(1, [1], "int32")
    c = p.op("cumsum", a, ax, attrs="exclusive:false,flatten:false,reverse:false", tag="cumsum")
    e = p.op("exp", c, tag="exp")
    p.fetch(e)
    prog = fuse(p.text())
    assert tagged_groups(prog) == [["add"], ["exp"]]
    assert ungrouped(prog) == ["cumsum"]
    run_both(p.text(), {"x": rnd(*S)})


def _split_program(tail: str) -> P:
    p = P()
    x = p.data("x", [4, 6])
    w = p.data("w", [6, 9])
    d = p.op("matmul", x, w, shape=[4, 9], attrs="transpose_x:false,transpose_y:false", tag="dense")
    secs = p.ints([3, 3, 3])
    ax = p.full(1, [1], "int32")
    vt = "vec[tensor<4x3xf32>,tensor<4x3xf32>,tensor<4x3xf32>]"
    v = p._new(vt)
    p.lines.append(f'({v}) = "pd_op.split" ({d}, {secs}, {ax}) {{stop_gradient:[true]}} : '
                   f'(tensor<4x9xf32>, tensor<3xi64>, tensor<1xi32>) -> {vt}')
    s0, s1, s2 = p._new("tensor<4x3xf32>"), p._new("tensor<4x3xf32>"), p._new("tensor<4x3xf32>")
    for s in (s0, s1, s2):
        p.types[s] = "tensor<4x3xf32>"
    p.lines.append(f'({s0}, {s1}, {s2}) = "builtin.split" ({v}) {{stop_gradient:[true,true,true]}} : '
                   f'({vt}) -> tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>')
    if tail == "elemwise":
        a = p.op("sigmoid", s0, tag="sigmoid")
        b = p.op("tanh", s1, tag="tanh")
        c = p.op("exp", s2, tag="exp")
        m = p.op("multiply", b, c, tag="mul")
        out = p.op("add", a, m, tag="add")
        p.fetch(out)
    else:
        w2 = p.data("w2", [3, 5])
        out = p.op("matmul", s0, w2, shape=[4, 5], attrs="transpose_x:false,transpose_y:false", tag="dense2")
        p.fetch(out)
    return p


def test_tvm_fuse_tuple_get_elemwise() -> None:
    """#6 dense -> split -> sigmoid(s0) + tanh(s1) * exp(s2): {dense} alone (denied), and
    the split pieces (cinn_op.slice, injective) fuse with all the elementwise ops."""
    p = _split_program("elemwise")
    prog = fuse(p.text())
    g = groups(prog)
    assert len(g) == 1
    assert g[0].count("slice") == 3 and {"tanh", "exp", "mul"} <= set(g[0]) and "dense" not in g[0]
    assert tagged_groups(prog) == [["tanh", "exp", "mul", "add"]]  # sigmoid was rewritten (untagged ops)
    assert ungrouped(prog) == ["dense"]
    run_both(p.text(), {"x": rnd(4, 6), "w": rnd(6, 9, seed=1)})


def test_tvm_tuple_get_root() -> None:
    """#7 split(x)[0] -> dense: {slice}, {dense alone}; an out-fusible op takes no injective producer."""
    p = _split_program("dense")
    prog = fuse(p.text())
    assert groups(prog) == [["slice"]]
    assert ungrouped(prog) == ["dense", "dense2"]


def test_tvm_fuse_parallel_injective() -> None:
    """#8 y = add(x, 1); z = reshape(y); u = transpose(y); w = add(z, u): one group."""
    p = P()
    x = p.data("x", [4, 4])
    y = p.op("add", x, x, tag="add")
    sh = p.ints([4, 4])
    z = p.op("reshape", y, sh, tag="reshape")
    u = p.op("transpose", y, attrs="perm:[1,0]", tag="transpose")
    w = p.op("add", z, u, tag="add2")
    p.fetch(w)
    prog = fuse(p.text())
    assert groups(prog) == [["add", "reshape", "transpose", "add2"]]  # reshape: cinn_op.reshape
    run_both(p.text(), {"x": rnd(4, 4)})


def test_tvm_fuse_max_group_size_limit() -> None:
    """#10 a chain of 300 exp with at most 256 ops per group: groups of 256 and 44."""
    p = P()
    v = p.data("x", [8])
    for i in range(300):
        v = p.op("exp", v, tag=f"e{i}")
    p.fetch(v)
    prog = fuse(p.text(), "build_cinn{max-group-size=256}")
    assert [len(g) for g in groups(prog)] == [256, 44]
    assert groups(prog)[1][0] == "e256"
    unlimited = fuse(p.text())
    assert [len(g) for g in groups(unlimited)] == [300]


def test_tvm_fuse_max_diamond() -> None:
    """#11 three chained diamonds (two branches of 5 exp joined by add), max 11 ops: 3 groups."""
    p = P()
    v = p.data("x", [8])
    for d in range(3):
        b1 = b2 = v
        for i in range(5):
            b1 = p.op("exp", b1, tag=f"d{d}a{i}")
        for i in range(5):
            b2 = p.op("exp", b2, tag=f"d{d}b{i}")
        v = p.op("add", b1, b2, tag=f"d{d}add")
    p.fetch(v)
    prog = fuse(p.text(), "build_cinn_pass{max-group-size=11}")
    g = groups(prog)
    assert [len(x) for x in g] == [11, 11, 11]
    for d in range(3):
        assert all(t.startswith(f"d{d}") for t in g[d])


def test_tvm_fuse_broadcast_into_reduction() -> None:
    """#12 elementwise/broadcast producers fuse into a reduction."""
    p = P()
    x = p.data("x", S)
    c = p.full(10.0, [], tag="c")
    less = p.op("less_than", x, c, dtype="bool", tag="less")
    f = p.op("cast", less, dtype="float32", attrs="dtype:float32", tag="cast")
    ax = p.ints([1])
    r = p.op("min", f, ax, shape=[4], attrs="keepdim:false", tag="min")
    p.fetch(r)
    prog = fuse(p.text())
    assert groups(prog) == [["c", "less", "cast", "reduce_min"]]  # c: now a [4,6] full (CINN re-shapes it)
    run_both(p.text(), {"x": rnd(*S) * 20})


def test_tvm_fuse_softmax_then_elementwise() -> None:
    """#13 softmax -> cast: CINN decomposes softmax and fuses reduction -> broadcast ->
    elementwise, so everything is one group (TVM needs softmax to be kOutEWiseFusable)."""
    p = P()
    x = p.data("x", [64, 128])
    s = p.op("softmax", x, attrs="axis:-1", tag="softmax")
    c = p.op("cast", s, dtype="float64", attrs="dtype:float64", tag="cast")
    p.fetch(c)
    prog = fuse(p.text())
    g = groups(prog)
    assert g == [["reduce_max", "broadcast", "subtract", "exp", "reduce_sum", "broadcast", "divide", "cast"]]
    run_both(p.text(), {"x": rnd(64, 128)})


# --- CINN rules and the extra scenarios of the brief ------------------------------------------

def test_diamond_is_one_group() -> None:
    p = P()
    x = p.data("x", S)
    a = p.op("exp", x, tag="a")
    b = p.op("relu", a, tag="b")
    c = p.op("tanh", a, tag="c")
    d = p.op("add", b, c, tag="d")
    p.fetch(d)
    assert tagged_groups(fuse(p.text())) == [["a", "b", "c", "d"]]


def test_elementwise_into_reduction() -> None:
    p = P()
    x = p.data("x", S)
    e = p.op("exp", x, tag="exp")
    ax = p.ints([1])
    r = p.op("sum", e, ax, shape=[4], attrs="dtype:Undefined,keepdim:false", tag="sum")
    p.fetch(r)
    prog = fuse(p.text())
    assert groups(prog) == [["exp", "reduce_sum"]]
    run_both(p.text(), {"x": rnd(*S)})


def test_reduction_followed_by_elementwise() -> None:
    p = P()
    x = p.data("x", S)
    ax = p.ints([1])
    r = p.op("max", x, ax, shape=[4], attrs="keepdim:false", tag="max")
    e = p.op("exp", r, tag="exp")
    t = p.op("tanh", e, tag="tanh")
    p.fetch(t)
    prog = fuse(p.text())
    assert groups(prog) == [["reduce_max", "exp", "tanh"]]
    run_both(p.text(), {"x": rnd(*S)})


def test_reduction_broadcast_elementwise() -> None:
    """x - mean(x): reduce -> (explicit) broadcast -> subtract, one group."""
    p = P()
    x = p.data("x", S)
    ax = p.ints([1])
    r = p.op("sum", x, ax, shape=[4, 1], attrs="dtype:Undefined,keepdim:true", tag="sum")
    d = p.op("subtract", x, r, tag="sub")
    p.fetch(d)
    prog = fuse(p.text())
    assert groups(prog) == [["reduce_sum", "broadcast", "sub"]]
    run_both(p.text(), {"x": rnd(*S)})


def test_injective_chain() -> None:
    p = P()
    x = p.data("x", [2, 3, 4])
    t1 = p.op("transpose", x, shape=[4, 3, 2], attrs="perm:[2,1,0]", tag="t1")
    t2 = p.op("transpose", t1, shape=[3, 4, 2], attrs="perm:[1,0,2]", tag="t2")
    st, en = p.ints([1]), p.ints([3])
    s = p.op("slice", t2, st, en, shape=[3, 2, 2], attrs="axes:[1],decrease_axis:[],infer_flags:[1]", tag="slice")
    p.fetch(s)
    prog = fuse(p.text())
    assert groups(prog) == [["t1", "t2", "slice"]]
    run_both(p.text(), {"x": rnd(2, 3, 4)})


def test_injective_never_feeds_a_reduction() -> None:
    p = P()
    x = p.data("x", [4, 6])
    t = p.op("transpose", x, shape=[6, 4], attrs="perm:[1,0]", tag="t")
    ax = p.ints([1])
    r = p.op("sum", t, ax, shape=[6], attrs="dtype:Undefined,keepdim:false", tag="sum")
    p.fetch(r)
    prog = fuse(p.text())
    assert groups(prog) == [["t"], ["reduce_sum"]]


def test_injective_to_reduction_edge_not_smuggled_in_through_another_path() -> None:
    """t (injective) -> exp -> add and t -> reduce -> add: merging through exp/add would put the
    edge t -> reduce inside one group; the policy checks every edge between two groups."""
    p = P()
    x = p.data("x", [4, 6])
    t = p.op("transpose", x, shape=[6, 4], attrs="perm:[1,0]", tag="t")
    e = p.op("exp", t, tag="exp")
    ax = p.ints([1])
    r = p.op("sum", t, ax, shape=[6, 1], attrs="dtype:Undefined,keepdim:true", tag="sum")
    a = p.op("add", e, r, tag="add")
    p.fetch(a)
    prog = fuse(p.text())
    for g in groups(prog):
        assert not ("t" in g and "reduce_sum" in g), g
    run_both(p.text(), {"x": rnd(4, 6)})


def test_reduction_does_not_feed_reduction_directly() -> None:
    p = P()
    x = p.data("x", S)
    a1, a0 = p.ints([1]), p.ints([0])
    r1 = p.op("max", x, a1, shape=[4], attrs="keepdim:false", tag="r1")
    r2 = p.op("sum", r1, a0, shape=[], attrs="dtype:Undefined,keepdim:false", tag="r2")
    p.fetch(r2)
    assert groups(fuse(p.text())) == [["reduce_max"], ["reduce_sum"]]


def test_parallel_independent_branches_stay_apart() -> None:
    p = P()
    x = p.data("x", S)
    a = p.op("exp", x, tag="a1")
    a = p.op("relu", a, tag="a2")
    b = p.op("tanh", x, tag="b1")
    b = p.op("abs", b, tag="b2")
    p.fetch(a)
    p.fetch(b)
    assert tagged_groups(fuse(p.text())) == [["a1", "a2"], ["b1", "b2"]]


def test_branches_of_a_fused_producer_share_its_group() -> None:
    """Horizontal fusion through a shared producer: e feeds two fetched branches."""
    p = P()
    x = p.data("x", S)
    e = p.op("exp", x, tag="e")
    a = p.op("relu", e, tag="a")
    b = p.op("tanh", e, tag="b")
    p.fetch(a)
    p.fetch(b)
    prog = fuse(p.text())
    assert tagged_groups(prog) == [["e", "a", "b"]]
    assert len(prog.block.ops.__next__().results) == 1  # data
    grp = next(op for op in prog.walk() if op.name == "cinn_op.group")
    assert len(grp.results) == 2


def test_path_through_a_non_fusible_op_prevents_a_cycle() -> None:
    """a -> cumsum -> b and a -> b: a and b in one group would need cumsum both before and
    after the group, so they stay apart."""
    p = P()
    x = p.data("x", S)
    a = p.op("exp", x, tag="a")
    ax = p.full(1, [1], "int32")
    n = p.op("cumsum", a, ax, attrs="exclusive:false,flatten:false,reverse:false", tag="n")
    b = p.op("add", a, n, tag="b")
    p.fetch(b)
    prog = fuse(p.text())
    assert tagged_groups(prog) == [["a"], ["b"]]
    run_both(p.text(), {"x": rnd(*S)})


def test_cycle_through_a_longer_path_and_later_ops() -> None:
    """a -> c1 -> m -> c2 -> b with non-fusible c1/c2 between two fusible ops; plus an
    op after b that the group must still precede."""
    p = P()
    x = p.data("x", S)
    a = p.op("exp", x, tag="a")
    ax = p.full(1, [1], "int32")
    c1 = p.op("cumsum", a, ax, attrs="exclusive:false,flatten:false,reverse:false", tag="c1")
    m = p.op("tanh", c1, tag="m")
    c2 = p.op("cumsum", m, ax, attrs="exclusive:false,flatten:false,reverse:false", tag="c2")
    b = p.op("multiply", a, c2, tag="b")
    z = p.op("relu", b, tag="z")
    p.fetch(z)
    prog = fuse(p.text())
    assert tagged_groups(prog) == [["a"], ["m"], ["b", "z"]]
    run_both(p.text(), {"x": rnd(*S)})


def test_group_is_moved_before_a_user_that_sat_between_its_members() -> None:
    """b uses a's group output but sits between a and c in the program; after fusion the
    block is re-sorted so the group comes first."""
    p = P()
    x = p.data("x", S)
    a = p.op("exp", x, tag="a")
    ax = p.full(1, [1], "int32")
    n = p.op("cumsum", a, ax, attrs="exclusive:false,flatten:false,reverse:false", tag="n")
    c = p.op("tanh", a, tag="c")
    p.fetch(n)
    p.fetch(c)
    prog = fuse(p.text())
    assert tagged_groups(prog) == [["a", "c"]]
    names = [op.name for op in prog.block.ops]
    assert names.index("cinn_op.group") < names.index("pd_op.cumsum")
    run_both(p.text(), {"x": rnd(*S)})


def test_io_parameters_and_fetch_never_in_groups() -> None:
    p = P()
    x = p.data("x", S)
    e = p.op("exp", x, tag="e")
    p.fetch(e)
    prog = fuse(p.text())
    for g in groups(prog):
        assert "data" not in g and "fetch" not in g


def test_single_full_is_not_a_group() -> None:
    p = P()
    x = p.data("x", [4])
    f = p.full(2.0, [4], tag="f")
    w = p.data("w", [4, 4])
    m = p.op("matmul", f, w, shape=[4], attrs="transpose_x:false,transpose_y:false", tag="mm")
    p.fetch(m)
    p.fetch(x)
    assert groups(fuse(p.text())) == []


def test_control_flow_bodies_are_fused_per_block() -> None:
    text = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,6],stop_gradient:[true]} : () -> tensor<4x6xf32>
    (%1) = "pd_op.data" () {dtype:bool,name:"c",place:Place(undefined:0),shape:[1],stop_gradient:[true]} : () -> tensor<1xb>
    (%2) = "pd_op.exp" (%0) {stop_gradient:[true],struct_name:"pre"} : (tensor<4x6xf32>) -> tensor<4x6xf32>
    (%3) = "pd_op.if" (%1) {stop_gradient:[true]} -> tensor<4x6xf32> {
        (%4) = "pd_op.relu" (%2) {stop_gradient:[true],struct_name:"t1"} : (tensor<4x6xf32>) -> tensor<4x6xf32>
        (%5) = "pd_op.tanh" (%4) {stop_gradient:[true],struct_name:"t2"} : (tensor<4x6xf32>) -> tensor<4x6xf32>
        () = "cf.yield" (%5) {} : (tensor<4x6xf32>) -> 
    } else {
        (%6) = "pd_op.abs" (%0) {stop_gradient:[true],struct_name:"e1"} : (tensor<4x6xf32>) -> tensor<4x6xf32>
        () = "cf.yield" (%6) {} : (tensor<4x6xf32>) -> 
    }
    (%7) = "pd_op.add" (%3, %2) {stop_gradient:[true],struct_name:"post"} : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    (%8) = "pd_op.fetch" (%7) {col:0,name:"out",persistable:[true],stop_gradient:[true]} : (tensor<4x6xf32>) -> tensor<4x6xf32>
}
"""
    prog = fuse(text)
    # the if's captured use of %2 keeps pre and post apart (post uses the if's result)
    assert tagged_groups(prog) == [["pre"], ["t1", "t2"], ["e1"], ["post"]]
    round_trip(prog)
    for flag in (True, False):
        feeds = {"x": rnd(4, 6), "c": np.array([flag])}
        want = execute(parse(text), feeds, engine="ref")
        got = execute(prog, feeds, engine="ref")
        np.testing.assert_allclose(got["out"], want["out"], rtol=1e-6)


def test_while_body_is_fused() -> None:
    text = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4],stop_gradient:[true]} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:int64,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi64>
    (%2) = "pd_op.full" () {dtype:int64,place:Place(cpu),shape:[1],stop_gradient:[true],value:3} : () -> tensor<1xi64>
    (%3) = "pd_op.less_than" (%1, %2) {stop_gradient:[true]} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
    (%4, %5) = "pd_op.while" (cond=%3, inputs=%1, %0) { 
    ^%arg_0 {}, %arg_1 {}
        (%6) = "pd_op.tanh" (%arg_1) {stop_gradient:[true],struct_name:"tanh"} : (tensor<4xf32>) -> tensor<4xf32>
        (%7) = "pd_op.exp" (%6) {stop_gradient:[true],struct_name:"exp"} : (tensor<4xf32>) -> tensor<4xf32>
        (%8) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1} : () -> tensor<1xf32>
        (%9) = "pd_op.scale" (%arg_0, %8) {bias:1,bias_after_scale:true,stop_gradient:[true],struct_name:"inc"} : (tensor<1xi64>, tensor<1xf32>) -> tensor<1xi64>
        (%10) = "pd_op.less_than" (%9, %2) {stop_gradient:[true],struct_name:"cond"} : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xb>
        () = "cf.yield" (%10, %9, %7) {} : (tensor<1xb>, tensor<1xi64>, tensor<4xf32>) -> 
    }
    (%11) = "pd_op.fetch" (%5) {col:0,name:"out",persistable:[true],stop_gradient:[true]} : (tensor<4xf32>) -> tensor<4xf32>
}
"""
    prog = fuse(text)
    assert tagged_groups(prog) == [["tanh", "exp"], ["cond"]]
    g = groups(prog)
    assert ["scale", "cond"] in g
    round_trip(prog)
    feeds = {"x": rnd(4)}
    np.testing.assert_allclose(execute(prog, feeds, engine="ref")["out"],
                               execute(parse(text), feeds, engine="ref")["out"], rtol=1e-6)


def test_deterministic_output() -> None:
    p = _split_program("elemwise")
    assert round_trip(fuse(p.text())) == round_trip(fuse(p.text()))


@pytest.mark.parametrize("prod,cons,ok", [
    (EW, EW, True), (EW, BC, True), (EW, INJ, True), (EW, RED, True), (EW, OUT, True),
    (BC, EW, True), (BC, RED, True), (BC, INJ, True), (BC, BC, False),
    (INJ, EW, True), (INJ, INJ, True), (INJ, RED, False), (INJ, BC, False),
    (RED, EW, True), (RED, BC, True), (RED, RED, False), (RED, INJ, False),
    (OUT, EW, True), (OUT, BC, True), (OUT, OUT, False),
    (NON, EW, False), (EW, NON, False),
])
def test_policy_table(prod, cons, ok) -> None:  # type: ignore[no-untyped-def]
    assert can_fuse(prod, cons) is ok


def test_large_contractions_are_fusion_boundaries_small_ones_fuse() -> None:
    """A mixture of experts' batched matmuls (1M multiply-adds each) stay outside groups, as matmul
    does (a generated loop nest around a dot product ran 20x slower than the interpreter's BLAS);
    a DLRM's 4x4 feature interaction (8k) still fuses with its neighbours."""
    from pathlib import Path

    from pirc.passes.fusion_policy import HEAVY_MACS, contraction_macs, exclusion_reason

    corpus = Path(__file__).resolve().parents[1] / "corpus"
    moe = fuse((corpus / "moe_ffn" / "program.pir").read_text())
    bmms = [op for op in moe.walk() if op.name == "pd_op.bmm"]
    assert len(bmms) == 2 and all(op.parent is moe.block for op in bmms)
    assert all((contraction_macs(op) or 0) >= HEAVY_MACS for op in bmms)
    assert all("contraction" in (exclusion_reason(op) or "") for op in bmms)
    dlrm = fuse((corpus / "dlrm_interaction" / "program.pir").read_text())
    (bmm,) = [op for op in dlrm.walk() if op.name == "pd_op.bmm"]
    assert bmm.parent is not dlrm.block and (contraction_macs(bmm) or 0) < HEAVY_MACS
