"""Vertical fusion: a softmax-like group becomes one kernel whose intermediates never reach
global memory -- the reductions' results live in one-element local (register) buffers,
everything elementwise is inlined, and the only global buffers are the group's input and
output arguments."""

from __future__ import annotations

import numpy as np
import pytest
from lower_helpers import compare, first_group, group_program, run_lowered, softmax_program

from pirc.cinn.ast import Buffer, Load, MemoryScope, Store, walk
from pirc.cinn.lower import OpLower


def _check_no_global_intermediates(func) -> None:  # type: ignore[no-untyped-def]
    args = {a.name for a in func.args if a.is_buffer}
    for n in walk(func.body):
        if isinstance(n, (Load, Store)):
            buf = n.tensor.buffer
            if buf.scope is MemoryScope.GLOBAL:
                assert buf.name in args, f"{n.tensor.name} is global but not an argument"
            else:
                assert buf.name in {t.name for t in func.temp_bufs}
                assert buf.scope in (MemoryScope.LOCAL, MemoryScope.SHARED)
                if buf.scope is MemoryScope.LOCAL:
                    assert [d.value for d in buf.shape] == [1]
        if isinstance(n, Buffer) and n.scope is MemoryScope.GLOBAL:
            assert n.name in args


@pytest.mark.parametrize("target", ["c", "cuda"])
@pytest.mark.parametrize("shape", [(64, 128), (-1, 256), (3, 5, 40)])
def test_softmax_is_one_kernel_without_global_intermediates(target: str, shape: tuple) -> None:
    _, g = first_group(softmax_program(shape))
    names = [op.name for op in g.regions[0].block.ops]
    assert names.count("cinn_op.reduce_max") == 1 and names.count("cinn_op.reduce_sum") == 1
    lg = OpLower(target, cross_thread_calls=False).lower(g, 0)
    assert len(lg.kernels) == 1
    (func,) = lg.functions
    ins = [a for a in func.args if a.is_buffer and a.io.value == "in"]
    outs = [a for a in func.args if a.is_buffer and a.io.value == "out"]
    assert len(ins) == 1 and len(outs) == 1
    _check_no_global_intermediates(func)
    # the two reductions' results are registers; exp / subtract / broadcast / divide are inlined
    temps = sorted(b.name for b in func.temp_bufs)
    assert all(t.startswith("_var_") for t in temps)
    assert len([t for t in temps if not t.endswith(("_rf", "_shm"))]) == 2
    run = tuple(d if d > 0 else 6 for d in shape)
    x = np.random.default_rng(0).standard_normal(run).astype(np.float32)
    e = np.exp(x - x.max(-1, keepdims=True))
    assert not compare(run_lowered(lg, [x]), [e / e.sum(-1, keepdims=True)])


@pytest.mark.parametrize("target", ["c", "cuda"])
def test_layernorm_like_group(target: str) -> None:
    """mean -> x - mean -> var -> normalise: two reductions and an epilogue in one loop nest."""
    t, r = "tensor<16x64xf32>", "tensor<16x1xf32>"
    _, g = group_program([("x", [16, 64], "f32")], [
        f'(%100) = "cinn_op.reduce_sum" (%0) {{axis:[1],dtype:float32,keepdim:true}} : ({t}) -> {r}',
        f'(%101) = "cinn_op.scale" (%100) {{bias:0,bias_after_scale:true,scale:0.015625}} : ({r}) -> {r}',
        f'(%102) = "cinn_op.broadcast" (%101) {{broadcast_axes:[0,1],out_shape:[16,64]}} : ({r}) -> {t}',
        f'(%103) = "pd_op.subtract" (%0, %102) {{}} : ({t}, {t}) -> {t}',
        f'(%104) = "pd_op.multiply" (%103, %103) {{}} : ({t}, {t}) -> {t}',
        f'(%105) = "cinn_op.reduce_sum" (%104) {{axis:[1],dtype:float32,keepdim:true}} : ({t}) -> {r}',
        f'(%106) = "cinn_op.scale" (%105) {{bias:1e-05,bias_after_scale:true,scale:0.015625}} : ({r}) -> {r}',
        f'(%107) = "pd_op.rsqrt" (%106) {{}} : ({r}) -> {r}',
        f'(%108) = "cinn_op.broadcast" (%107) {{broadcast_axes:[0,1],out_shape:[16,64]}} : ({r}) -> {t}',
        f'(%109) = "pd_op.multiply" (%103, %108) {{}} : ({t}, {t}) -> {t}',
    ], [("%109", t)])
    lg = OpLower(target, cross_thread_calls=False).lower(g, 0)
    assert len(lg.kernels) == 1
    _check_no_global_intermediates(lg.functions[0])
    x = np.random.default_rng(1).standard_normal((16, 64)).astype(np.float32)
    d = x - x.mean(1, keepdims=True)
    want = d / np.sqrt((d * d).mean(1, keepdims=True) + 1e-5)
    assert not compare(run_lowered(lg, [x]), [want], rtol=1e-4, atol=1e-5)
