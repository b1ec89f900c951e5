"""fuse_attention + pd_op.fused_dot_product_attention against the interpreter on generated programs.

The attention core ``nn.MultiHeadAttention`` prints (head transposes, optional scale of q, q @ k^T,
optional additive mask, softmax, @ v, transpose back), with random sizes, mask shapes, a transpose
that is not the head one, or an extra reader of an intermediate value: the pass fuses exactly when
the chain allows it, and the fused program gives the interpreter's numbers.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import pirc.dialects.all
import pirc.passes.all  # noqa: F401
from pirc.api import optimize, parse, run
from pirc.api import print as pirc_print


def _t(shape: tuple[int, ...], dt: str = "f32") -> str:
    return "tensor<" + "x".join(map(str, shape)) + f"x{dt}>"


def _data(name: str, shape: tuple[int, ...]) -> str:
    return (f'(%{name}) = "pd_op.data" () {{dtype:float32,name:"{name}",place:Place(undefined:0),'
            f'shape:[{",".join(map(str, shape))}],stop_gradient:[true]}} : () -> {_t(shape)}')


def _op(res: str, name: str, args: list[tuple[str, tuple[int, ...]]], out: tuple[int, ...], attrs: str = "") -> str:
    a = ", ".join(v for v, _ in args)
    ts = ", ".join(_t(s) for _, s in args)
    attrs = "stop_gradient:[false]" + (f",{attrs}" if attrs else "")
    return f'(%{res}) = "{name}" ({a}) {{{attrs}}} : ({ts}) -> {_t(out)}'


def _shape(name: str, dims: tuple[int, ...]) -> str:
    return (f'(%{name}) = "pd_op.full_int_array" () {{dtype:int64,place:Place(cpu),stop_gradient:[true],'
            f'value:[{",".join(map(str, dims))}]}} : () -> {_t((len(dims),), "i64")}')


def program(b: int, sq: int, sk: int, h: int, d: int, dv: int, scale: float | None, mask: tuple[int, ...] | None,
            leak: str | None, perm: list[int], split: bool = False) -> str:
    """The attention core; ``split``: q, k, v are fed as ``[B, S, H*D]`` and split into heads by
    reshapes, and the result is reshaped back to ``[B, Sq, H*Dv]``."""
    q, k, v = (b, sq, h, d), (b, sk, h, d), (b, sk, h, dv)
    qt, kt, vt = (b, h, sq, d), (b, h, sk, d), (b, h, sk, dv)
    sc, o, ot = (b, h, sq, sk), (b, h, sq, dv), (b, sq, h, dv)
    head = "perm:[0,2,1,3]"
    if split:
        lines = []
        for n, s4 in (("q", q), ("k", k), ("v", v)):
            s3 = (s4[0], s4[1], s4[2] * s4[3])
            lines += [_data(n + "3", s3), _shape(n + "shape", (0, 0, s4[2], s4[3])),
                      _op(n, "pd_op.reshape", [(f"%{n}3", s3), (f"%{n}shape", (4,))], s4).replace(
                          "tensor<4xf32>", "tensor<4xi64>")]
    else:
        lines = [_data("q", q), _data("k", k), _data("v", v)]
    lines += [_op("qt", "pd_op.transpose", [("%q", q)], qt, head), _op("kt", "pd_op.transpose", [("%k", k)], kt, head),
              _op("vt", "pd_op.transpose", [("%v", v)], vt, head)]
    a = "%qt"
    if scale is not None:
        lines += [f'(%s) = "pd_op.full" () {{dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],'
                  f'value:{scale}}} : () -> {_t((1,))}',
                  _op("qs", "pd_op.scale", [("%qt", qt), ("%s", (1,))], qt, "bias:0,bias_after_scale:true")]
        a = "%qs"
    lines.append(_op("sc", "pd_op.matmul", [(a, qt), ("%kt", kt)], sc, "transpose_x:false,transpose_y:true"))
    cur = "%sc"
    if mask is not None:
        lines += [_data("m", mask), _op("scm", "pd_op.add", [("%sc", sc), ("%m", mask)], sc)]
        cur = "%scm"
    lines += [_op("p", "pd_op.softmax", [(cur, sc)], sc, "axis:-1"),
              _op("o", "pd_op.matmul", [("%p", sc), ("%vt", vt)], o, "transpose_x:false,transpose_y:false"),
              _op("ot", "pd_op.transpose", [("%o", o)], ot if perm == [0, 2, 1, 3] else
                  tuple(o[i] for i in perm), f"perm:[{','.join(map(str, perm))}]")]
    fetch = [("%ot", ot if perm == [0, 2, 1, 3] else tuple(o[i] for i in perm))]
    if split and perm == [0, 2, 1, 3]:
        o3 = (b, sq, h * dv)
        lines += [_shape("oshape", (0, 0, h * dv)),
                  _op("o3", "pd_op.reshape", [("%ot", ot), ("%oshape", (3,))], o3).replace("tensor<3xf32>", "tensor<3xi64>")]
        fetch = [("%o3", o3)]
    if leak is not None:
        fetch.append({"qt": ("%qt", qt), "sc": ("%sc", sc), "p": ("%p", sc), "o": ("%o", o), "q": ("%q", q)}[leak])
    lines += [f'(%f{i}) = "pd_op.fetch" ({n}) {{col:{i},name:"out{i}",persistable:[true],stop_gradient:[false]}} : '
              f'({_t(s)}) -> {_t(s)}' for i, (n, s) in enumerate(fetch)]
    return "{\n" + "\n".join("    " + ln for ln in lines) + "\n}\n"


@settings(max_examples=40, deadline=None)
@given(b=st.integers(1, 2), sq=st.integers(1, 9), sk=st.integers(1, 9), h=st.integers(1, 3), d=st.integers(1, 8),
       dv=st.integers(1, 8), scale=st.sampled_from([None, 0.125, 0.5]),
       mask=st.sampled_from([None, "b11k", "full", "k"]),
       leak=st.sampled_from([None, None, "qt", "sc", "p", "o", "q"]),
       perm=st.sampled_from([[0, 2, 1, 3], [0, 2, 1, 3], [0, 1, 2, 3]]), split=st.booleans(), seed=st.integers(0, 99))
def test_attention_matches_interpreter(b: int, sq: int, sk: int, h: int, d: int, dv: int, scale: float | None,
                                       mask: str | None, leak: str | None, perm: list[int], split: bool,
                                       seed: int) -> None:
    ms = {None: None, "b11k": (b, 1, 1, sk), "full": (b, h, sq, sk), "k": (sk,)}[mask]
    text = program(b, sq, sk, h, d, dv, scale, ms, leak, perm, split)
    rng = np.random.default_rng(seed)
    feeds = {"q": rng.standard_normal((b, sq, h, d)).astype(np.float32) * 3,
             "k": rng.standard_normal((b, sk, h, d)).astype(np.float32),
             "v": rng.standard_normal((b, sk, h, dv)).astype(np.float32)}
    if split:
        feeds = {n + "3": a.reshape(a.shape[0], a.shape[1], -1) for n, a in feeds.items()}
    if ms is not None:
        feeds["m"] = np.where(rng.random(ms) < 0.3, -1e4, rng.standard_normal(ms)).astype(np.float32)
    want = run(parse(text), feeds)
    fused = optimize(parse(text), "fuse_attention,dce")
    ops = [op.name for op in fused.walk()]
    fuses = leak in (None, "q") and perm == [0, 2, 1, 3]
    assert ("pd_op.fused_dot_product_attention" in ops) == fuses, pirc_print(fused)
    if fuses:
        assert not {"pd_op.softmax", "pd_op.matmul", "pd_op.transpose", "pd_op.scale"} & set(ops), ops
        # the head split and merge join when every one of them is there and read by the chain alone
        assert ("pd_op.reshape" in ops) == (split and leak == "q") or not split, ops
    got = run(parse(pirc_print(fused)), feeds)
    for name, v in want.items():
        np.testing.assert_allclose(got[name], v, rtol=1e-5, atol=1e-6, err_msg=name)


def test_bert_sized_attention_is_one_op_and_matches() -> None:
    """A BERT-base head layout (12 heads of 64, sequence 128, Paddle's scale 1/8): one op, same numbers."""
    text = program(1, 128, 128, 12, 64, 64, 0.125, None, None, [0, 2, 1, 3], split=True)
    rng = np.random.default_rng(0)
    feeds = {n + "3": rng.standard_normal((1, 128, 768)).astype(np.float32) for n in "qkv"}
    fused = optimize(parse(text), "inference")
    ops = [op.name for op in fused.walk()]
    assert ops.count("pd_op.fused_dot_product_attention") == 1 and "pd_op.reshape" not in ops, ops
    np.testing.assert_allclose(run(fused, feeds)["out0"], run(parse(text), feeds)["out0"], rtol=1e-5, atol=1e-6)
