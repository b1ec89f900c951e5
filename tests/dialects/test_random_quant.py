"""gaussian / uniform / multinomial / quantize_linear / dequantize_linear against Paddle 3.3.1.

tests/dialects/gen_random.py recorded Paddle's printed programs and results
(tests/dialects/data/random/); pirc parses each program, verifies it, seeds its default
generator as the generator seeded Paddle's (``paddle.seed`` right before the run) and must give
the same values, bit for bit.  Beyond the recorded cases: seeded ops repeat per run, default-
generator ops do not, and the engine is ``std::mt19937_64``.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import pirc.dialects.all  # noqa: F401
from pirc.dialects.opdef import Meta, ShapeError, lookup
from pirc.dialects.pd_op import _rng
from pirc.ir.effects import op_effects
from pirc.ir.verifier import verify
from pirc.runtime import StandaloneExecutor
from pirc.text.parser import parse_program
from tests.conftest import load_npz

DATA = Path(__file__).resolve().parent / "data" / "random"
CASES = json.loads((DATA / "cases.json").read_text())["cases"]
ARRAYS = load_npz(DATA / "arrays.npz")


def _run(c: dict, threads: int = 1) -> list[np.ndarray]:
    prog = parse_program(c["program"], c["name"])
    diags = verify(prog)
    assert not diags, "\n".join(d.render() for d in diags)
    if c["seed"] is not None:
        _rng.manual_seed(c["seed"])
    feeds = {k: ARRAYS[f"{c['name']}/feed/{k}"] for k in c["feeds"]}
    with StandaloneExecutor(prog, threads=threads) as ex:
        got = ex.run(feeds)
    return [np.asarray(v) for v in got.values()]


def test_the_cases_are_there() -> None:
    names = {c["name"] for c in CASES}
    assert {"gaussian_f32", "uniform", "default_generator", "q_axis1", "dq_axis1"} <= names
    ops = {o for c in CASES for o in ("gaussian", "uniform", "multinomial", "quantize_linear", "dequantize_linear")
           if f'"pd_op.{o}"' in c["program"]}
    assert len(ops) == 5


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_matches_paddle_exactly(case: dict) -> None:
    got = _run(case)
    assert len(got) == case["outputs"]
    for i, g in enumerate(got):
        want = ARRAYS[f"{case['name']}/out/{i}"]
        assert g.dtype == want.dtype and g.shape == want.shape, (i, g.dtype, g.shape, want.dtype, want.shape)
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
    _rng.manual_seed(3)
    c = _kernel("pd_op.gaussian", [shape], mean=0.0, std=1.0, seed=0, dtype="float32")[0]
    d = _kernel("pd_op.gaussian", [shape], mean=0.0, std=1.0, seed=0, dtype="float32")[0]
    assert not np.array_equal(c, d)
    _rng.manual_seed(3)
    np.testing.assert_array_equal(c, _kernel("pd_op.gaussian", [shape], mean=0.0, std=1.0, seed=0,
                                             dtype="float32")[0])


def test_distributions_have_the_right_statistics() -> None:
    g = _kernel("pd_op.gaussian", [np.array([200000])], mean=1.5, std=0.5, seed=11, dtype="float64")[0]
    assert abs(g.mean() - 1.5) < 0.01 and abs(g.std() - 0.5) < 0.01
    u = _kernel("pd_op.uniform", [np.array([200000]), np.array([-2.0], np.float32), np.array([6.0], np.float32)],
                seed=11, dtype="float32")[0]
    assert u.min() >= -2 and u.max() < 6 and abs(u.mean() - 2.0) < 0.05
    _rng.manual_seed(1)
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
