"""Part-5 ops against Paddle 3.3.1: gaussian / uniform / multinomial / quantize_linear /
dequantize_linear, argsort's order of equal keys, layer_norm / group_norm on an empty batch,
multiclass_nms3's rois_num form.

tests/dialects/gen_part5.py recorded Paddle's printed programs and results
(tests/dialects/data/part5/); pirc parses each program, verifies it, seeds its default
generator as the generator seeded Paddle's (``paddle.seed`` right before the run) and must give
the same values, bit for bit.  Beyond the recorded cases: seeded ops repeat per run, default-
generator ops do not, the engine is ``std::mt19937_64``, and the std::sort replay sorts.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pirc.dialects.all  # noqa: F401
from pirc.dialects.opdef import Meta, ShapeError, lookup
from pirc.dialects.pd_op import _rng
from pirc.dialects.pd_op import random as random_ops
from pirc.dialects.pd_op._stdsort import StdAlgo
from pirc.ir.effects import op_effects
from pirc.ir.verifier import verify
from pirc.runtime import StandaloneExecutor
from pirc.text.parser import parse_program
from tests.conftest import load_npz

DATA = Path(__file__).resolve().parent / "data" / "part5"
CASES = json.loads((DATA / "cases.json").read_text())["cases"]
ARRAYS = load_npz(DATA / "arrays.npz")


def _run(c: dict, threads: int = 1) -> list[np.ndarray]:
    prog = parse_program(c["program"], c["name"])
    diags = verify(prog)
    assert not diags, "\n".join(d.render() for d in diags)
    if c["seed"] is not None:
        random_ops.manual_seed(c["seed"])
    feeds = {k: ARRAYS[f"{c['name']}/feed/{k}"] for k in c["feeds"]}
    with StandaloneExecutor(prog, threads=threads) as ex:
        got = ex.run(feeds)
    return [np.asarray(v) for v in got.values()]


def test_the_cases_are_there() -> None:
    names = {c["name"] for c in CASES}
    assert {"gaussian_f32", "uniform", "default_generator", "q_axis1", "dq_axis1"} <= names
    assert {"argsort_ties_long", "argsort_ties_nan", "norms_empty_batch", "nms_rois_num_keep"} <= names
    ops = {o for c in CASES for o in ("gaussian", "uniform", "multinomial", "quantize_linear", "dequantize_linear",
                                      "argsort", "layer_norm", "group_norm") if f'"pd_op.{o}"' in c["program"]}
    assert len(ops) == 8
    empty = [ARRAYS[k] for k in ARRAYS if k.startswith("norms_empty_batch/out/")]
    assert len(empty) == 4 and all(a.shape[0] == 0 for a in empty)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_matches_paddle_exactly(case: dict) -> None:
    got = _run(case)
    assert len(got) == case["outputs"]
    for i, g in enumerate(got):
        want = ARRAYS[f"{case['name']}/out/{i}"]
        assert g.dtype == want.dtype and g.shape == want.shape, (i, g.dtype, g.shape, want.dtype, want.shape)
        if case["name"].startswith("norms"):  # float arithmetic: Paddle's summation order is not replayed
            np.testing.assert_allclose(g, want, rtol=1e-5, atol=1e-6, err_msg=f"{case['name']} output {i}")
        else:  # random streams, quantization, sort orders: bit for bit
            np.testing.assert_array_equal(g, want, err_msg=f"{case['name']} output {i}")


def test_threads_do_not_change_the_default_generator_order() -> None:
    """The ops that read the default generator are chained by data: two threads give the same."""
    c = next(c for c in CASES if c["name"] == "default_generator")
    one, two = _run(c, 1), _run(c, 2)
    for a, b in zip(one, two, strict=True):
        np.testing.assert_array_equal(a, b)


def test_mt19937_64_is_the_standard_engine() -> None:
    # the C++ standard: the 10000th output of a default-constructed std::mt19937_64
    assert _rng.MT19937_64().draw(10000)[-1] == np.uint64(9981545732273789042)
    a, b = _rng.MT19937_64(42), _rng.MT19937_64(42)
    np.testing.assert_array_equal(np.concatenate([a.draw(5), a.draw(700)]), b.draw(705))  # chunking is seamless


def _kernel(name: str, args: list, **attrs: object) -> list[np.ndarray]:
    op = lookup(name)
    assert op is not None and op.kernel is not None
    return op.kernel(args, attrs)


def test_seeded_ops_repeat_and_default_generator_ops_advance() -> None:
    shape = np.array([4, 3], np.int64)
    a = _kernel("pd_op.gaussian", [shape], mean=0.0, std=1.0, seed=5, dtype="float32")[0]
    b = _kernel("pd_op.gaussian", [shape], mean=0.0, std=1.0, seed=5, dtype="float32")[0]
    np.testing.assert_array_equal(a, b)
    random_ops.manual_seed(3)
    c = _kernel("pd_op.gaussian", [shape], mean=0.0, std=1.0, seed=0, dtype="float32")[0]
    d = _kernel("pd_op.gaussian", [shape], mean=0.0, std=1.0, seed=0, dtype="float32")[0]
    assert not np.array_equal(c, d)
    random_ops.manual_seed(3)
    np.testing.assert_array_equal(c, _kernel("pd_op.gaussian", [shape], mean=0.0, std=1.0, seed=0,
                                             dtype="float32")[0])


def test_distributions_have_the_right_statistics() -> None:
    g = _kernel("pd_op.gaussian", [np.array([200000])], mean=1.5, std=0.5, seed=11, dtype="float64")[0]
    assert abs(g.mean() - 1.5) < 0.01 and abs(g.std() - 0.5) < 0.01
    u = _kernel("pd_op.uniform", [np.array([200000]), np.array([-2.0], np.float32), np.array([6.0], np.float32)],
                seed=11, dtype="float32")[0]
    assert u.min() >= -2 and u.max() < 6 and abs(u.mean() - 2.0) < 0.05
    random_ops.manual_seed(1)
    p = np.array([[0.1, 0.0, 0.6, 0.3]], np.float32)
    m = _kernel("pd_op.multinomial", [p, np.array([20000], np.int32)], replacement=True)[0]
    assert not (m == 1).any()
    np.testing.assert_allclose(np.bincount(m[0], minlength=4) / 20000, p[0], atol=0.02)
    w = _kernel("pd_op.multinomial", [np.array([0.2, 0.3, 0.5, 0.0]), np.array([3])], replacement=False)[0]
    assert sorted(w.tolist()) == [0, 1, 2]  # without replacement: each non-zero category once


def test_the_random_ops_are_random_and_not_fused() -> None:
    from pirc.passes.fusion_policy import RANDOM_NAMES

    for name in ("pd_op.gaussian", "pd_op.uniform", "pd_op.multinomial"):
        assert any(k in name for k in RANDOM_NAMES)
    prog = parse_program(next(c for c in CASES if c["name"] == "gaussian_f32")["program"], "g")
    g = next(op for op in prog.block.ops if op.name == "pd_op.gaussian")
    eff = op_effects(g)
    assert eff is not None and eff.random


def test_shape_rules() -> None:
    g = lookup("pd_op.gaussian")
    assert g is not None and g.infer_meta is not None
    assert g.infer_meta([Meta((2,), "int64", [3, 4])], {"dtype": "float16"}) == [Meta((3, 4), "float16")]
    assert g.infer_meta([Meta((3,), "int64")], {"dtype": "float32"}) == [Meta((-1, -1, -1), "float32")]
    with pytest.raises(ShapeError):
        g.infer_meta([Meta((1,), "int64", [2])], {"dtype": "int32"})
    m = lookup("pd_op.multinomial")
    assert m is not None and m.infer_meta is not None
    assert m.infer_meta([Meta((5, 7), "float32"), Meta((1,), "int32", 3)], {}) == [Meta((5, 3), "int64")]
    with pytest.raises(ShapeError):
        m.infer_meta([Meta((2, 5, 7), "float32"), Meta((1,), "int32", 3)], {})
    q = lookup("pd_op.quantize_linear")
    assert q is not None and q.infer_meta is not None
    x, s = Meta((2, 3, 4), "float32"), Meta((3,), "float32")
    res = q.infer_meta([x, s, s, Meta((1,), "float32"), Meta((1,), "float32")], {"quant_axis": 1})
    assert [r.shape for r in res] == [(2, 3, 4), (1,), (1,), (3,)]
    with pytest.raises(ShapeError):
        q.infer_meta([x, s, s, None, None], {"quant_axis": 2})


def test_quantize_errors() -> None:
    x = np.ones((2, 3), np.float32)
    with pytest.raises(ValueError, match="scales for 3 channels"):
        _kernel("pd_op.quantize_linear", [x, np.ones(2, np.float32), np.zeros(2, np.float32), None, None],
                quant_axis=1, qmax=127, round_type=0, is_test=True)
    with pytest.raises(ValueError, match="float32"):
        _kernel("pd_op.quantize_linear", [x.astype(np.float64), np.ones(1, np.float32), np.zeros(1, np.float32),
                                          None, None], quant_axis=-1, is_test=True)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=0, max_size=120), st.booleans())
def test_std_sort_replay_sorts(vals: list[int], descending: bool) -> None:
    """The replay is a sort: keys come out ordered, each index once, whatever the ties."""
    def less(i: int, j: int) -> bool:
        return vals[i] > vals[j] if descending else vals[i] < vals[j]

    perm = list(range(len(vals)))
    StdAlgo(less).sort(perm, 0, len(perm))
    assert sorted(perm) == list(range(len(vals)))
    keys = [vals[i] for i in perm]
    assert keys == sorted(vals, reverse=descending)


def test_std_sort_heapsort_fallback_sorts() -> None:
    """Past the depth limit introsort switches to heapsort; force it with a depth of 0."""
    vals = [3, 1, 2, 1, 3, 3, 0, 1, 2, 2, 1, 3, 0, 0, 2, 1, 3, 1, 2, 0, 2, 1, 3, 3, 1]
    perm = list(range(len(vals)))
    algo = StdAlgo(lambda i, j: vals[i] < vals[j])
    algo._introsort_loop(perm, 0, len(perm), 0)
    assert [vals[i] for i in perm] == sorted(vals)  # heapsort alone already sorts
    algo._insertion_sort(perm, 0, len(perm))
    assert [vals[i] for i in perm] == sorted(vals)


def test_unstable_argsort_differs_from_stable_only_in_ties() -> None:
    c = next(c for c in CASES if c["name"] == "argsort_ties_long")
    outs = [ARRAYS[f"argsort_ties_long/out/{i}"] for i in range(8)]
    unstable, stable = outs[1], outs[3]  # ascending: (out, indices) unstable, then stable
    assert not np.array_equal(unstable, stable)  # Paddle's std::sort does reorder equal keys
    np.testing.assert_array_equal(outs[0], outs[2])  # the sorted values agree
    x = ARRAYS["argsort_ties_long/feed/x"]
    np.testing.assert_array_equal(np.take_along_axis(x, unstable, -1), outs[0])
    assert c["outputs"] == 8


def test_norms_of_an_empty_batch_through_the_kernels() -> None:
    ln = lookup("pd_op.layer_norm")
    gn = lookup("pd_op.group_norm")
    assert ln is not None and ln.kernel is not None and gn is not None and gn.kernel is not None
    out = ln.kernel([np.zeros((0, 3, 4), np.float32), None, None], {"begin_norm_axis": 1, "epsilon": 1e-5})
    assert [o.shape for o in out] == [(0, 3, 4), (0,), (0,)]
    out = gn.kernel([np.zeros((0, 4, 2, 2), np.float32), None, None],
                    {"groups": 2, "epsilon": 1e-5, "data_format": "NCHW"})
    assert [o.shape for o in out] == [(0, 4, 2, 2), (0, 2), (0, 2)]
    out = gn.kernel([np.zeros((0, 2, 2, 4), np.float32), None, None],
                    {"groups": 2, "epsilon": 1e-5, "data_format": "NHWC"})
    assert [o.shape for o in out] == [(0, 2, 2, 4), (0, 2), (0, 2)]


def test_legacy_program_translates_and_runs_as_paddle() -> None:
    """A legacy ProgramDesc with quantize_linear, dequantize_linear, gaussian_random, uniform_random
    and multinomial: pirc's translation prints as Paddle's, and runs to Paddle's values."""
    from pirc.text.printer import print_program
    from pirc.translate.frontend import load_model

    model = load_model((DATA / "legacy.pdmodel").read_bytes(), "legacy.pdmodel")
    assert print_program(model.program) == (DATA / "legacy.pir").read_text()
    ins = {k.split("/")[-1]: v for k, v in ARRAYS.items() if k.startswith("legacy/in/")}
    params = {k: ins.pop(k) for k in ("sc", "zp")}
    with StandaloneExecutor(model.program, threads=1, params=params) as ex:
        got = [np.asarray(v) for v in ex.run(ins).values()]
    want = [ARRAYS[f"legacy/out/{i}"] for i in range(3)]
    assert len(got) == 3
    for g, w in zip(got, want, strict=True):
        assert g.dtype == w.dtype
        np.testing.assert_array_equal(g, w)


def test_constant_folding_leaves_random_ops_alone() -> None:
    """multinomial of parameter probabilities has all-constant operands, but a new value each run."""
    import pirc.passes.all  # noqa: F401
    from pirc.passes.manager import PassManager, parse_pipeline

    text = """{
    (%0) = "builtin.parameter" () {parameter_name:"p",persistable:[true],stop_gradient:[false]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:4} : () -> tensor<1xi32>
    (%2) = "pd_op.multinomial" (%0, %1) {replacement:true,stop_gradient:[false]} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x4xi64>
    (%3) = "pd_op.exp" (%0) {stop_gradient:[false]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.fetch" (%2) {col:0,name:"m"} : (tensor<2x4xi64>) -> tensor<2x4xi64>
    (%5) = "pd_op.fetch" (%3) {col:1,name:"e"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
"""
    prog = parse_program(text, "fold")
    prog.set_parameter("p", value=np.full((2, 3), 1 / 3, np.float32))
    PassManager(parse_pipeline("constant_folding")).run(prog)
    names = [op.name for op in prog.block.ops]
    assert "pd_op.multinomial" in names
    assert "pd_op.exp" not in names  # the pass does fold what is pure
