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


def program(b: int, sq: int, sk: int, h: int, d: int, dv: int, scale: float | None, mask: tuple[int, ...] | None,
            leak: str | None, perm: list[int]) -> str:
    q, k, v = (b, sq, h, d), (b, sk, h, d), (b, sk, h, dv)
    qt, kt, vt = (b, h, sq, d), (b, h, sk, d), (b, h, sk, dv)
    sc, o, ot = (b, h, sq, sk), (b, h, sq, dv), (b, sq, h, dv)
    head = "perm:[0,2,1,3]"
    lines = [_data("q", q), _data("k", k), _data("v", v),
             _op("qt", "pd_op.transpose", [("%q", q)], qt, head), _op("kt", "pd_op.transpose", [("%k", k)], kt, head),
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
    if leak is not None:
        fetch.append({"qt": ("%qt", qt), "sc": ("%sc", sc), "p": ("%p", sc), "o": ("%o", o)}[leak])
    lines += [f'(%f{i}) = "pd_op.fetch" ({n}) {{col:{i},name:"out{i}",persistable:[true],stop_gradient:[false]}} : '
              f'({_t(s)}) -> {_t(s)}' for i, (n, s) in enumerate(fetch)]
    return "{\n" + "\n".join("    " + ln for ln in lines) + "\n}\n"


@settings(max_examples=40, deadline=None)
@given(b=st.integers(1, 2), sq=st.integers(1, 9), sk=st.integers(1, 9), h=st.integers(1, 3), d=st.integers(1, 8),
       dv=st.integers(1, 8), scale=st.sampled_from([None, 0.125, 0.5]),
       mask=st.sampled_from([None, "b11k", "full", "k"]), leak=st.sampled_from([None, None, "qt", "sc", "p", "o"]),
       perm=st.sampled_from([[0, 2, 1, 3], [0, 2, 1, 3], [0, 1, 2, 3]]), seed=st.integers(0, 99))
def test_attention_matches_interpreter(b: int, sq: int, sk: int, h: int, d: int, dv: int, scale: float | None,
                                       mask: str | None, leak: str | None, perm: list[int], seed: int) -> None:
    ms = {None: None, "b11k": (b, 1, 1, sk), "full": (b, h, sq, sk), "k": (sk,)}[mask]
    text = program(b, sq, sk, h, d, dv, scale, ms, leak, perm)
    rng = np.random.default_rng(seed)
    feeds = {"q": rng.standard_normal((b, sq, h, d)).astype(np.float32) * 3,
             "k": rng.standard_normal((b, sk, h, d)).astype(np.float32),
             "v": rng.standard_normal((b, sk, h, dv)).astype(np.float32)}
    if ms is not None:
        feeds["m"] = np.where(rng.random(ms) < 0.3, -1e4, rng.standard_normal(ms)).astype(np.float32)
    want = run(parse(text), feeds)
    fused = optimize(parse(text), "fuse_attention,dce")
    ops = [op.name for op in fused.walk()]
    fuses = leak is None and perm == [0, 2, 1, 3]
    assert ("pd_op.fused_dot_product_attention" in ops) == fuses, pirc_print(fused)
    if fuses:
        assert not {"pd_op.softmax", "pd_op.matmul", "pd_op.transpose", "pd_op.scale"} & set(ops), ops
    got = run(parse(pirc_print(fused)), feeds)
    for name, v in want.items():
        np.testing.assert_allclose(got[name], v, rtol=1e-5, atol=1e-6, err_msg=name)


def test_bert_sized_attention_is_one_op_and_matches() -> None:
    """A BERT-base head layout (12 heads of 64, sequence 128, Paddle's scale 1/8): one op, same numbers."""
    text = program(1, 128, 128, 12, 64, 64, 0.125, None, None, [0, 2, 1, 3])
    rng = np.random.default_rng(0)
    feeds = {n: rng.standard_normal((1, 128, 12, 64)).astype(np.float32) for n in "qkv"}
    fused = optimize(parse(text), "inference")
    assert [op.name for op in fused.walk()].count("pd_op.fused_dot_product_attention") == 1
    np.testing.assert_allclose(run(fused, feeds)["out0"], run(parse(text), feeds)["out0"], rtol=1e-5, atol=1e-6)
