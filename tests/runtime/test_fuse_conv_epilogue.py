"""fuse_conv_epilogue + pd_op.fused_conv2d_add_act against the interpreter on generated programs.

Each generated program is a conv2d / depthwise_conv2d followed by a bias add (the bias in one of the
shapes the pass accepts, or not one value per channel), an optional residual add, an optional
activation, with optional extra readers of the intermediate values (which must stop the fusion).
It runs in the interpreter as written and after the pass; the results agree to float32 rounding
(the fused kernel computes the same operations in the same order), and the pass fused exactly when
the chain allows it.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import pirc.dialects.all
import pirc.passes.all  # noqa: F401
from pirc.api import optimize, parse, run
from pirc.api import print as pirc_print
from pirc.dialects.opdef import lookup
from pirc.runtime.nn import lib as nnlib

ACT_OPS = {"relu": "pd_op.relu", "relu6": "pd_op.relu6", "hardswish": "pd_op.hardswish"}


def _t(shape: tuple[int, ...]) -> str:
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


def _data(name: str, shape: tuple[int, ...]) -> str:
    return (f'(%{name}) = "pd_op.data" () {{dtype:float32,name:"{name}",place:Place(undefined:0),'
            f'shape:[{",".join(map(str, shape))}],stop_gradient:[true]}} : () -> {_t(shape)}')


def _program(n: int, c: int, h: int, w: int, o: int, k: int, s: int, p: int, depthwise: bool, bias_shape: str,
             residual: bool, act: str | None, leak: str | None) -> tuple[str, dict[str, np.ndarray], bool]:
    """(PIR text, feeds, whether the pass must fuse)."""
    groups = c if depthwise else 1
    oh, ow = (h + 2 * p - k) // s + 1, (w + 2 * p - k) // s + 1
    ys = (n, o, oh, ow)
    bshape = {"c": (o,), "c11": (o, 1, 1), "1c11": (1, o, 1, 1), "full": ys}[bias_shape]
    rng = np.random.default_rng(n * 1000 + c * 100 + h + w + o)
    feeds = {"x": rng.standard_normal((n, c, h, w)).astype(np.float32) * 2,
             "w": rng.standard_normal((o, c // groups, k, k)).astype(np.float32),
             "b": rng.standard_normal(bshape).astype(np.float32) * 3}
    lines = [_data("x", (n, c, h, w)), _data("w", (o, c // groups, k, k)), _data("b", bshape)]
    op = "pd_op.depthwise_conv2d" if depthwise else "pd_op.conv2d"
    lines.append(f'(%y) = "{op}" (%x, %w) {{data_format:"NCHW",dilations:[1,1],groups:{groups},'
                 f'padding_algorithm:"EXPLICIT",paddings:[{p},{p}],stop_gradient:[false],strides:[{s},{s}]}} : '
                 f'({_t((n, c, h, w))}, {_t((o, c // groups, k, k))}) -> {_t(ys)}')
    # bias of the full shape broadcasts differently (an ordinary add): no fusion
    if bias_shape == "c":  # [C] would broadcast along W: reshape it to [1, C, 1, 1] as Paddle does
        lines.append('(%bs) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],'
                     f'value:[1,{o},1,1]}} : () -> tensor<4xi64>')
        lines.append(f'(%b4) = "pd_op.reshape" (%b, %bs) {{stop_gradient:[false]}} : ({_t(bshape)}, tensor<4xi64>) '
                     f'-> {_t((1, o, 1, 1))}')
        bv, bt = "%b4", _t((1, o, 1, 1))
    else:
        bv, bt = "%b", _t(bshape)
    lines.append(f'(%z) = "pd_op.add" (%y, {bv}) {{stop_gradient:[false]}} : ({_t(ys)}, {bt}) -> {_t(ys)}')
    cur = "%z"
    fetch = []
    if leak == "conv":
        fetch.append("%y")
    if leak == "bias":
        fetch.append("%z")
    if residual:
        feeds["r"] = rng.standard_normal(ys).astype(np.float32)
        lines.insert(3, _data("r", ys))
        lines.append(f'(%q) = "pd_op.add" (%r, {cur}) {{stop_gradient:[false]}} : ({_t(ys)}, {_t(ys)}) -> {_t(ys)}')
        cur = "%q"
    if act is not None:
        lines.append(f'(%a) = "{ACT_OPS[act]}" ({cur}) {{stop_gradient:[false]}} : ({_t(ys)}) -> {_t(ys)}')
        cur = "%a"
    fetch.append(cur)
    for i, v in enumerate(fetch):
        lines.append(f'(%f{i}) = "pd_op.fetch" ({v}) {{col:{i},name:"out{i}",persistable:[true],'
                     f'stop_gradient:[false]}} : ({_t(ys)}) -> {_t(ys)}')
    fuses = (bias_shape != "full" or ys == (1, o, 1, 1)) and leak != "conv"  # "full" may be [1, C, 1, 1]
    return "{\n" + "\n".join("    " + ln for ln in lines) + "\n}\n", feeds, fuses


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 2), c=st.integers(1, 6), h=st.integers(3, 20), w=st.integers(3, 70), mult=st.integers(1, 2),
       k=st.sampled_from([1, 3, 5]), s=st.integers(1, 2), depthwise=st.booleans(),
       bias_shape=st.sampled_from(["c", "c11", "1c11", "full"]), residual=st.booleans(),
       act=st.sampled_from([None, "relu", "relu6", "hardswish"]), leak=st.sampled_from([None, None, "conv", "bias"]))
def test_fused_matches_interpreter(n: int, c: int, h: int, w: int, mult: int, k: int, s: int, depthwise: bool,
                                   bias_shape: str, residual: bool, act: str | None, leak: str | None) -> None:
    if k > h or k > w:
        return
    o = c * mult if depthwise else c + mult
    text, feeds, fuses = _program(n, c, h, w, o, k, s, k // 2, depthwise, bias_shape, residual, act, leak)
    want = run(parse(text), feeds)
    fused = optimize(parse(text), "fuse_conv_epilogue,dce")
    ops = [op.name for op in fused.walk()]
    assert ("pd_op.fused_conv2d_add_act" in ops) == fuses, pirc_print(fused)
    if fuses and leak is None:  # the whole chain went into the op
        assert not any(x in ops for x in ("pd_op.add", *ACT_OPS.values())), pirc_print(fused)
    got = run(parse(pirc_print(fused)), feeds)  # printed and parsed back: the op round-trips
    for name, v in want.items():
        np.testing.assert_allclose(got[name], v, rtol=2e-6, atol=2e-5, err_msg=name)


def test_activations_keep_nan_as_the_op_kernels() -> None:
    """nnlib's epilogue relu/relu6/hardswish (in registers on full 32-column tiles, in a loop on the last
    partial one) agree bit for bit with the registered kernels, NaN and infinities included (relu(NaN) is 0,
    relu6(NaN) and hardswish(NaN) are NaN): a 1x1 conv with weight 1 passes the values to the epilogue."""
    vals = np.array([np.nan, -np.inf, np.inf, 0.0, -3.0, -2.9, 2.9, 3.0, 5.99, 6.0, 6.01, 1e30, -1e30, -1e-30],
                    np.float32)
    x = np.tile(vals, 5).reshape(1, 1, 1, -1)  # 70 columns: two full tiles and a partial one
    w = np.ones((1, 1, 1, 1), np.float32)
    for act, op in ACT_OPS.items():
        code = ["relu", "relu6", "hardswish"].index(act) + 1
        d = (1, 1, 1, x.shape[3], 1, 1, 1, 1, x.shape[3], 1, 1, 0, 0, 1, 1, 1, code)
        got = nnlib.conv2d(d, x, w)
        want = lookup(op).kernel([x], {})[0]
        assert got is not None
        np.testing.assert_array_equal(got, want, err_msg=act)
        assert np.array_equal(np.signbit(got), np.signbit(want)), act


def test_wide_depthwise_with_epilogue() -> None:
    """Rows long enough for the direct loop (and short ones for the blocked one) with every epilogue."""
    rng = np.random.default_rng(3)
    conv = lookup("pd_op.depthwise_conv2d").kernel
    for wd, s in ((9, 1), (60, 1), (30, 2), (100, 2)):
        x = rng.standard_normal((2, 3, 11, wd)).astype(np.float32)
        f = rng.standard_normal((6, 1, 3, 3)).astype(np.float32)
        attrs = {"strides": [s, s], "paddings": [1, 1], "padding_algorithm": "EXPLICIT", "dilations": [1, 1],
                 "groups": 3, "data_format": "NCHW"}
        plain = conv([x, f], attrs)[0]
        b = rng.standard_normal(6).astype(np.float32)
        r = rng.standard_normal(plain.shape).astype(np.float32)
        fused = lookup("pd_op.fused_conv2d_add_act").kernel
        for act, op in ACT_OPS.items():
            got = fused([x, f, b, r], {**attrs, "activation": act})[0]
            want = lookup(op).kernel([(plain + b.reshape(1, -1, 1, 1)) + r], {})[0]
            np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-5, err_msg=f"{act} width {wd} stride {s}")
