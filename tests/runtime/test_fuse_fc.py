"""fuse_fc + pd_op.fc against the interpreter on generated programs.

matmul (x of rank 2-4, a 2-D weight, sometimes transposed) + bias add (``[N]``, ``[1, N]`` or a
shape that is not one value per column) [+ relu], with optional extra readers of the
intermediate values: the pass fuses exactly when the chain allows it, and the fused program
gives the interpreter's numbers.
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


@settings(max_examples=50, deadline=None)
@given(lead=st.lists(st.integers(1, 5), min_size=1, max_size=3), k=st.integers(1, 40), n=st.integers(1, 40),
       ty=st.booleans(), bias=st.sampled_from(["n", "1n", "other"]), relu=st.booleans(),
       leak=st.sampled_from([None, None, "mm", "add"]), seed=st.integers(0, 99))
def test_fc_matches_interpreter(lead: list[int], k: int, n: int, ty: bool, bias: str, relu: bool, leak: str | None,
                                seed: int) -> None:
    xs = (*lead, k)
    ws = (n, k) if ty else (k, n)
    ys = (*lead, n)
    bs = {"n": (n,), "1n": (1, n), "other": ys}[bias]
    rng = np.random.default_rng(seed)
    feeds = {"x": rng.standard_normal(xs).astype(np.float32), "w": rng.standard_normal(ws).astype(np.float32),
             "b": rng.standard_normal(bs).astype(np.float32)}
    lines = [_data("x", xs), _data("w", ws), _data("b", bs),
             f'(%y) = "pd_op.matmul" (%x, %w) {{stop_gradient:[false],transpose_x:false,'
             f'transpose_y:{str(ty).lower()}}} : ({_t(xs)}, {_t(ws)}) -> {_t(ys)}',
             f'(%z) = "pd_op.add" (%y, %b) {{stop_gradient:[false]}} : ({_t(ys)}, {_t(bs)}) -> {_t(ys)}']
    cur = "%z"
    fetch = {"mm": ["%y"], "add": ["%z"]}.get(leak or "", [])
    if relu:
        lines.append(f'(%r) = "pd_op.relu" (%z) {{stop_gradient:[false]}} : ({_t(ys)}) -> {_t(ys)}')
        cur = "%r"
    fetch.append(cur)
    lines += [f'(%f{i}) = "pd_op.fetch" ({v}) {{col:{i},name:"out{i}",persistable:[true],stop_gradient:[false]}} : '
              f'({_t(ys)}) -> {_t(ys)}' for i, v in enumerate(fetch)]
    text = "{\n" + "\n".join("    " + ln for ln in lines) + "\n}\n"
    fuses = not ty and bs in ((n,), (1, n)) and leak != "mm"  # "other" may happen to be [1, N]
    want = run(parse(text), feeds)
    fused = optimize(parse(text), "fuse_fc,dce")
    ops = [op.name for op in fused.walk()]
    assert ("pd_op.fc" in ops) == fuses, pirc_print(fused)
    if fuses and leak is None:
        assert "pd_op.add" not in ops and "pd_op.relu" not in ops and "pd_op.matmul" not in ops
    got = run(parse(pirc_print(fused)), feeds)
    for name, v in want.items():
        np.testing.assert_allclose(got[name], v, rtol=1e-5, atol=1e-5, err_msg=name)
