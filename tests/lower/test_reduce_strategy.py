"""The reduce strategy rule (pirc/cinn/lower/reduce_strategy.py; CINN's static-shape
tile config and dynamic buckets), and that kernels get the strategy their shapes call for."""

from __future__ import annotations

import pytest
from lower_helpers import group_program

from pirc.cinn.lower import OpLower
from pirc.cinn.lower import reduce_strategy as rs

# (S, R, last axis reduced) -> (method, threadIdx.x, threadIdx.y)
RULES = [
    (64, 128, True, rs.WARP, 32, 8),      # remain = 4 <= 8
    (4, 8, True, rs.WARP, 32, 4),         # rows = S when S < 8
    (1, 128, True, rs.BLOCK, 128, 1),     # S == 1: one block, 4 warps
    (8, 4096, True, rs.BLOCK, 1024, 1),   # remain = 128 > 8 and S small: 1024 threads
    (100000, 4096, True, rs.WARP, 32, 8),  # S > remain * 128: warp
    (8, 300, True, rs.BLOCK, 320, 1),     # remain = 10
    (None, 128, True, rs.WARP, 32, 8),    # symbolic S counts as large
    (None, 1024, True, rs.BLOCK, 1024, 1),
    (64, None, True, rs.BLOCK, 256, 1),   # symbolic R: dynamic-R bucket
    (None, None, True, rs.BLOCK, 256, 1),
    (128, 64, False, rs.DISCRETE, 32, 16),
    (128, 12, False, rs.NONE, 128, 1),    # R <= 16 with a strided axis: thread-local
    (1000, 16, False, rs.NONE, 256, 1),
    (128, None, False, rs.DISCRETE, 32, 16),
    (128, 1, True, rs.NONE, 128, 1),
]


@pytest.mark.parametrize("S, R, last, method, tx, ty", RULES)
def test_rule(S, R, last, method, tx, ty) -> None:  # type: ignore[no-untyped-def]
    s = rs.choose_reduce_strategy(S, R, last, "cuda")
    assert (s.method, s.tx, s.ty) == (method, tx, ty)
    assert s.tx * s.ty <= 1024
    if s.method in (rs.WARP, rs.BLOCK):
        assert s.reduce_axis == "threadIdx.x" and s.reduce_threads == s.tx
    if s.method == rs.DISCRETE:
        assert s.reduce_axis == "threadIdx.y" and s.reduce_threads == s.ty


def test_c_target_is_serial() -> None:
    assert rs.choose_reduce_strategy(64, 128, True, "c").method == rs.SERIAL


@pytest.mark.parametrize("S, threads", [(1, 32), (40, 64), (256, 256), (100000, 256), (None, 256)])
def test_elementwise(S, threads) -> None:  # type: ignore[no-untyped-def]
    assert rs.choose_elementwise(S).tx == threads


@pytest.mark.parametrize("shape, axis, method", [
    ("64x128", 1, rs.WARP),
    ("2x4096", 1, rs.BLOCK),
    ("-1x128", 1, rs.WARP),
    ("4x-1", 1, rs.BLOCK),
    ("300x64", 0, rs.DISCRETE),
    ("20x64", 0, rs.DISCRETE),
    ("12x64", 0, rs.NONE),
])
def test_kernels_get_the_strategy(shape: str, axis: int, method: str) -> None:
    dims = [int(d) for d in shape.split("x")]
    out = [d for i, d in enumerate(dims) if i != axis]
    tin = f"tensor<{shape}xf32>"
    tout = "tensor<" + "".join(f"{d}x" for d in out) + "f32>"
    _, g = group_program([("x", dims, "f32")], [
        f'(%100) = "cinn_op.reduce_sum" (%0) {{axis:[{axis}],dtype:float32,keepdim:false}} : ({tin}) -> {tout}',
    ], [("%100", tout)])
    lg = OpLower("cuda").lower(g, 0)
    assert [k.strategy for k in lg.kernels] == [method]
    assert dict(lg.functions[0].attrs)["reduce_method"] == method
