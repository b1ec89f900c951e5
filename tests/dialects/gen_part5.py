"""Generate Paddle's values for the part-5 cases: the random and quantization ops (gaussian,
uniform, multinomial, quantize_linear, dequantize_linear),
argsort's order of equal keys, layer_norm / group_norm on an empty batch and multiclass_nms3's
rois_num form (tests/dialects/test_part5_cases.py).

Run with PaddlePaddle 3.3.1's venv (never imported by pirc or its tests):

    python tests/dialects/gen_part5.py   # python: a venv with paddlepaddle==3.3.1

Each case is a small PIR static program; the file records ``str(program)`` (the printed program,
with its fetch ops, that pirc parses), the feeds, the seed given to ``paddle.seed`` right before ``exe.run`` (the default
CPU generator the ``seed == 0`` ops and ``multinomial`` draw from) and Paddle's results.  The ops
that read the default generator are chained by data dependences so the order of their draws is
fixed.  Output: ``tests/dialects/data/part5/cases.json`` and ``arrays.npz``; ``legacy.pdmodel``
(a legacy ProgramDesc with the quantization and random ops), ``legacy.pir`` (Paddle's
translation of it) and, in ``arrays.npz`` under ``legacy/``, its inputs and Paddle's results.
"""

from __future__ import annotations

import json
import os
import tempfile

import numpy as np
import paddle

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "part5")
CASES: list[dict] = []
ARRAYS: dict[str, np.ndarray] = {}


def case(name, build, feeds=None, seed=None):
    """``build(data)`` returns the values to fetch; ``data(name, shape=None)`` declares a feed (its
    array's shape unless given)."""
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    feeds = dict(feeds or {})
    with paddle.static.program_guard(main, startup):
        def data(n, shape=None):
            a = feeds[n]
            return paddle.static.data(n, list(a.shape) if shape is None else shape, str(a.dtype))
        outs = build(data)
        for i, v in enumerate(outs):  # fetch ops in the program itself: pirc returns what they fetch
            paddle._pir_ops.fetch(v, f"out{i}", i)
    exe = paddle.static.Executor(paddle.CPUPlace())
    text = str(main)
    if seed is not None:
        paddle.seed(seed)
    got = exe.run(main, feed=feeds, fetch_list=outs)
    assert str(main) == text
    for k, a in feeds.items():
        ARRAYS[f"{name}/feed/{k}"] = a
    for i, a in enumerate(got):
        ARRAYS[f"{name}/out/{i}"] = np.asarray(a)
    CASES.append({"name": name, "program": text, "seed": seed, "feeds": sorted(feeds), "outputs": len(got)})


rng = np.random.default_rng(20261202)
G = paddle.tensor.random.gaussian

# --- seeded streams: a fresh mt19937_64 per op ------------------------------------------------
case("gaussian_f32", lambda d: [G([3, 5], mean=0.5, std=2.0, seed=7), G([1001], seed=12345)])
case("gaussian_f64_f16", lambda d: [G([7], mean=-1.0, std=0.25, seed=-3, dtype="float64"),
                                    G([2, 9], mean=3.0, std=1.5, seed=99, dtype="float16")])
case("gaussian_complex", lambda d: [paddle._C_ops.gaussian([5], 0.5, 2.0, 7, paddle.complex64, paddle.CPUPlace()),
                                    paddle._C_ops.gaussian([2, 3], -1.0, 0.3, 9, paddle.complex128, paddle.CPUPlace())])
case("uniform", lambda d: [paddle.uniform([4, 6], min=-1.0, max=2.0, seed=7),
                           paddle.uniform([300], dtype="float64", min=-5.5, max=0.25, seed=123456789),
                           paddle.uniform([3, 3], dtype="float16", min=0.0, max=10.0, seed=5)])


# --- the default generator (paddle.seed), read in a fixed order ---------------------------------
def chained(d):
    p = d("probs")
    g0 = G([7], mean=0.0, std=1.0)                                  # seed 0: the default generator
    p1 = p * (1.0 + 0.0 * paddle.sum(g0))                           # after g0
    m1 = paddle.multinomial(p1, num_samples=6, replacement=True)
    p2 = p * (1.0 + 0.0 * paddle.sum(m1.astype("float32")))         # after m1
    m2 = paddle.multinomial(p2, num_samples=3, replacement=False)
    lo = paddle.full([1], -2.0) + 0.0 * paddle.sum(m2.astype("float32"))
    u0 = paddle.uniform([5], min=lo, max=3.0)                       # after m2
    q = d("q64")
    q1 = q * (1.0 + 0.0 * paddle.sum(u0.astype("float64")))
    m3 = paddle.multinomial(q1, num_samples=4, replacement=False)   # 1-D, float64
    return [g0, m1, m2, u0, m3]


probs = rng.uniform(0.0, 1.0, (4, 6)).astype("float32")
probs[1, 2] = 0.0
probs[3, :3] = 0.0
case("default_generator", chained, feeds={"probs": probs, "q64": rng.uniform(0.1, 2.0, 9).astype("float64")}, seed=2024)
case("default_generator_again", chained,
     feeds={"probs": rng.uniform(0.0, 1.0, (4, 6)).astype("float32"), "q64": rng.uniform(0.1, 2.0, 9).astype("float64")},
     seed=7)


# --- quantize_linear / dequantize_linear ----------------------------------------------------------
def quant(axis, bits, qmin, qmax, round_type, dequant=False):
    def build(d):
        x, s, z = d("x"), d("scale"), d("zero_point")
        acc, state = paddle.full([1], 0.0), paddle.full([1], 0.0)
        op = paddle._C_ops.dequantize_linear if dequant else paddle._C_ops.quantize_linear
        y = op(x, s, z, acc, state, axis, bits, qmin, qmax, round_type, True, False)
        return [y[0]]
    return build


ties = (np.arange(-12, 13, dtype="float32") * 0.5).reshape(5, 5)      # x * 127 / 127: halves
x4 = rng.uniform(-3, 3, (2, 3, 4, 2)).astype("float32")
x4[0, 0, 0, 0] = 100.0
x4[1, 2, 3, 1] = -100.0
for nm, x, s, axis, bits, qmin, qmax, rt in [
    ("q_tensor_ties", ties, np.array([127.0], "float32"), -1, 8, -128, 127, 0),
    ("q_tensor_round1", ties, np.array([127.0], "float32"), -1, 8, -128, 127, 1),
    ("q_axis0", x4, np.array([0.5, 2.5e-31], "float32"), 0, 8, -128, 127, 0),
    ("q_axis1", x4, np.array([0.5, 1.0, 3.0], "float32"), 1, 8, -128, 127, 0),
    ("q_axis1_round1", x4, np.array([0.5, 1.0, 3.0], "float32"), 1, 8, -128, 127, 1),
    ("q_bits4", x4, np.array([2.0], "float32"), -1, 4, -8, 7, 0),
    ("q_tiny_scale", x4, np.array([1e-31], "float32"), -1, 8, -128, 127, 0),
]:
    feeds = {"x": x, "scale": s, "zero_point": np.zeros(s.shape, "float32")}
    case(nm, quant(axis, bits, qmin, qmax, rt), feeds=feeds)
    case("dq" + nm[1:], quant(axis, bits, qmin, qmax, rt, dequant=True), feeds=feeds)


# --- argsort: the order of equal keys (std::sort vs std::stable_sort) -----------------------------
def ties(shape, levels, dtype="float32", nan=False):
    a = rng.integers(0, levels, shape).astype(dtype)
    if nan:
        a[rng.random(shape) < 0.1] = np.nan
    return a


for nm, x, axis in [
    ("argsort_ties_17", ties((3, 17), 3), -1),
    ("argsort_ties_rows", ties((6, 40), 5), 1),
    ("argsort_ties_axis0", ties((70, 3), 4, "int64"), 0),
    ("argsort_ties_long", ties((2, 1000), 7), -1),
    ("argsort_ties_nan", ties((4, 33), 3, nan=True), -1),
    ("argsort_all_equal", np.zeros((2, 50), "float32"), -1),
    ("argsort_int32_3d", ties((2, 24, 3), 3, "int32"), 1),
]:
    def build(d, axis=axis):
        v = d("x")
        outs = []
        for desc in (False, True):
            for stable in (False, True):
                outs += list(paddle._C_ops.argsort(v, axis, desc, stable))
        return outs
    case(nm, build, feeds={"x": x})


# --- layer_norm / group_norm on an empty batch --------------------------------------------------
def norms(d):
    x, g = d("x", [-1, 4, 5]), d("g", [-1, 4, 3, 3])
    ln = paddle.nn.functional.layer_norm(x, [4, 5], weight=paddle.ones([20]), bias=paddle.zeros([20]))
    ln2 = paddle.nn.functional.layer_norm(x, [5])
    gn = paddle.nn.functional.group_norm(g, 2, weight=paddle.ones([4]), bias=paddle.zeros([4]))
    gn4 = paddle.nn.functional.group_norm(g, 4)
    return [ln, ln2, gn, gn4]


case("norms_empty_batch", norms, feeds={"x": np.zeros((0, 4, 5), "float32"), "g": np.zeros((0, 4, 3, 3), "float32")})
case("norms_batch", norms, feeds={"x": rng.normal(size=(2, 4, 5)).astype("float32"),
                                  "g": rng.normal(size=(2, 4, 3, 3)).astype("float32")})


# --- multiclass_nms3 with rois_num: boxes [M, C, 4] and scores [M, C], M split by rois_num -------
def nms_rois(keep_top_k, normalized, background):
    def build(d):
        out, index, num = paddle._C_ops.multiclass_nms3(d("boxes"), d("scores"), d("rois_num"), 0.2, 8, keep_top_k,
                                                       0.5, normalized, 1.0, background)
        return [out, index, num]
    return build


def rois_boxes(m, c):
    xy = rng.uniform(0, 20, (m, c, 2))
    wh = rng.uniform(2, 12, (m, c, 2))
    return np.concatenate([xy, xy + wh], axis=-1).astype("float32")


nms_feeds = {"boxes": rois_boxes(9, 3), "scores": rng.uniform(0, 1, (9, 3)).astype("float32"),
             "rois_num": np.array([4, 0, 5], "int32")}
case("nms_rois_num", nms_rois(-1, False, 0), feeds=nms_feeds)
case("nms_rois_num_keep", nms_rois(3, True, -1), feeds=nms_feeds)
case("nms_rois_num_none", nms_rois(-1, True, 0),
     feeds={**nms_feeds, "scores": np.full((9, 3), 0.1, "float32")})


# --- legacy ProgramDesc: quantize_linear / dequantize_linear / gaussian_random / uniform_random /
# multinomial as PaddleSlim-era models store them, translated by paddle.pir.translate_to_pir -------
LEGACY: dict = {}


def _without_callstacks(raw):
    """The ProgramDesc without its ``op_callstack`` attributes (paths of the generating machine)."""
    from paddle.base.proto import framework_pb2

    msg = framework_pb2.ProgramDesc.FromString(raw)
    for block in msg.blocks:
        for op in block.ops:
            keep = [a for a in op.attrs if a.name != "op_callstack"]
            del op.attrs[:]
            op.attrs.extend(keep)
    return msg.SerializeToString()


def legacy_case():
    from paddle.base import core

    feeds = {"x": rng.uniform(-2, 2, (2, 3)).astype("float32"), "hot": np.eye(3, dtype="float32")[[2, 0]]}
    params = {"sc": np.array([1.0, 2.0, 0.5], "float32"), "zp": np.zeros(3, "float32")}
    with paddle.pir_utils.OldIrGuard():
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [2, 3], "float32")
            helper = paddle.base.layer_helper.LayerHelper("q")
            s = helper.create_parameter(attr=paddle.ParamAttr(name="sc"), shape=[3], dtype="float32")
            z = helper.create_parameter(attr=paddle.ParamAttr(name="zp"), shape=[3], dtype="float32")
            attrs = {"quant_axis": 1, "bit_length": 8, "qmin": -128, "qmax": 127}
            y = helper.create_variable_for_type_inference("float32")
            helper.append_op(type="quantize_linear", inputs={"X": x, "Scale": s, "ZeroPoint": z}, outputs={"Y": y},
                             attrs=attrs)
            dq = helper.create_variable_for_type_inference("float32")
            helper.append_op(type="dequantize_linear", inputs={"X": y, "Scale": s, "ZeroPoint": z},
                             outputs={"Y": dq}, attrs=attrs)
            g = helper.create_variable_for_type_inference("float32")
            helper.append_op(type="gaussian_random", outputs={"Out": g},
                             attrs={"shape": [2, 3], "mean": 1.0, "std": 0.5, "seed": 31, "dtype": 5})
            u = helper.create_variable_for_type_inference("float32")
            helper.append_op(type="uniform_random", outputs={"Out": u},
                             attrs={"shape": [2, 3], "min": -1.0, "max": 1.0, "seed": 37, "dtype": 5})
            hot = paddle.static.data("hot", [2, 3], "float32")  # one-hot rows: the samples do not depend
            m = helper.create_variable_for_type_inference("int64")  # on the default generator's state
            helper.append_op(type="multinomial", inputs={"X": hot}, outputs={"Out": m},
                             attrs={"num_samples": 2, "replacement": True})
            out = helper.create_variable_for_type_inference("float32")
            helper.append_op(type="sum", inputs={"X": [dq, g, u]}, outputs={"Out": out})
        exe = paddle.static.Executor(paddle.CPUPlace())
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            exe.run(startup)
            with tempfile.TemporaryDirectory() as td:
                paddle.static.save_inference_model(os.path.join(td, "m"), [x, hot], [y, out, m], exe,
                                                   program=main)
                with open(os.path.join(td, "m.pdmodel"), "rb") as f:
                    raw = _without_callstacks(f.read())
    prog = paddle.pir.translate_to_pir(core.ProgramDesc(raw))
    text = str(prog)
    fetch = [op.operand_source(0) for op in prog.global_block().ops if op.name() == "pd_op.fetch"]
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        for k, v in params.items():
            scope.var(k).get_tensor().set(v, paddle.CPUPlace())
        got = paddle.static.Executor(paddle.CPUPlace()).run(prog, feed=feeds, fetch_list=fetch)
    LEGACY.update(pdmodel=raw, text=text)
    for k, v in {**feeds, **params}.items():
        ARRAYS[f"legacy/in/{k}"] = v
    for i, a in enumerate(got):
        ARRAYS[f"legacy/out/{i}"] = np.asarray(a)


legacy_case()


def main():
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "cases.json"), "w") as f:
        json.dump({"paddle_version": paddle.__version__, "generator": "tests/dialects/gen_part5.py", "cases": CASES},
                  f, indent=1, sort_keys=True)
        f.write("\n")
    np.savez_compressed(os.path.join(OUT, "arrays.npz"), **ARRAYS)
    with open(os.path.join(OUT, "legacy.pdmodel"), "wb") as f:
        f.write(LEGACY["pdmodel"])
    with open(os.path.join(OUT, "legacy.pir"), "w") as f:
        f.write(LEGACY["text"])
    print(f"{len(CASES)} cases, {len(ARRAYS)} arrays")


if __name__ == "__main__":
    main()
