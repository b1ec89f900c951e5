"""Garbage collection keeps peak live memory flat: a deep elementwise chain holds about
two activations, not one per op; early GC inside while keeps a loop's memory flat
across iterations; turning GC off shows the difference."""

from __future__ import annotations

import numpy as np
import pytest

from pirc.dialects.opdef import lookup
from pirc.runtime import StandaloneExecutor
from rt_helpers import chain_program, data_op, parse

pytestmark = pytest.mark.usefixtures("test_ops")

MB_F32 = 262144  # float32 elements in 1 MiB
ACT = MB_F32 * 4


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("op", ["rt_test.inc", "pd_op.relu", "pd_op.tanh"])
def test_deep_chain_peak_is_about_two_activations(threads: int, op: str) -> None:
    d = lookup(op) if op.startswith("pd_op.") else None
    if op.startswith("pd_op.") and (d is None or d.kernel is None):
        pytest.skip(f"no kernel for {op}")
    prog = parse(chain_program(200, MB_F32, op))
    x = np.zeros(MB_F32, np.float32)
    with StandaloneExecutor(prog, threads=threads) as ex:
        r = ex.run({"x": x})
        assert float(r["out"][0]) == (200.0 if op == "rt_test.inc" else 0.0)
        assert ACT <= ex.peak_bytes < 4 * ACT
        assert ex.tracker.live == 0  # everything accounted for is released by the end of the run


def test_chain_without_gc_grows_with_depth() -> None:
    prog = parse(chain_program(40, MB_F32))
    x = np.zeros(MB_F32, np.float32)
    with StandaloneExecutor(prog, gc=False) as ex:
        ex.run({"x": x})
        assert ex.peak_bytes >= 40 * ACT
    with StandaloneExecutor(prog, gc=True) as ex:
        ex.run({"x": x})
        assert ex.peak_bytes < 4 * ACT


def while_chain(iterations: int, ops_per_iter: int, numel: int) -> str:
    """A loop whose body runs a chain of ops on the loop variable; the counter is an int64 tensor."""
    t = f"tensor<{numel}xf32>"
    c = "tensor<1xi64>"
    lines = [
        "{",
        f"    (%0) = {data_op('x', [numel])}",
        f'    (%1) = "pd_op.full_int_array" () {{dtype:int64,place:Place(cpu),stop_gradient:[true],'
        f"value:[0]}} : () -> {c}",
        f'    (%2) = "pd_op.full_int_array" () {{dtype:int64,place:Place(cpu),stop_gradient:[true],'
        f"value:[{iterations}]}} : () -> {c}",
        f'    (%3) = "rt_test.less" (%1, %2) {{}} : ({c}, {c}) -> tensor<1xb>',
        '    (%4, %5) = "pd_op.while" (cond=%3, inputs=%1, %0) { ',
        "    ^%arg_0 {}, %arg_1 {}",
        f'        (%6) = "rt_test.inc" (%arg_0) {{}} : ({c}) -> {c}',
        f'        (%7) = "rt_test.less" (%6, %2) {{}} : ({c}, {c}) -> tensor<1xb>',
    ]
    src = "%arg_1"
    k = 8
    for _ in range(ops_per_iter):
        lines.append(f'        (%{k}) = "rt_test.inc" ({src}) {{}} : ({t}) -> {t}')
        src = f"%{k}"
        k += 1
    lines.append(f'        () = "cf.yield" (%7, %6, {src}) {{}} : (tensor<1xb>, {c}, {t}) -> ')
    lines.append("    }")
    lines.append(f'    (%{k}) = "pd_op.fetch" (%5) {{col:0,name:"out"}} : ({t}) -> {t}')
    lines.append(f'    (%{k + 1}) = "pd_op.fetch" (%4) {{col:1,name:"n"}} : ({c}) -> {c}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def test_while_early_gc_keeps_memory_flat() -> None:
    x = np.zeros(MB_F32, np.float32)
    peaks = []
    for iterations in (2, 20):
        prog = parse(while_chain(iterations, 10, MB_F32))
        with StandaloneExecutor(prog) as ex:
            r = ex.run({"x": x})
            assert int(r["n"][0]) == iterations
            assert float(r["out"][0]) == 10.0 * iterations
            peaks.append(ex.peak_bytes)
            assert ex.tracker.live == 0
            loop = [ins for ins in ex.interpreter.instructions if ins.name == "pd_op.while"][0]
            assert loop.cf.iterations == iterations
    # 10 ops per iteration, 2 or 20 iterations: the peak stays at a few activations
    assert peaks[0] == peaks[1]
    assert peaks[1] < 4 * ACT
    np.testing.assert_array_equal(x, 0)


def test_while_zero_iterations_returns_the_inputs() -> None:
    prog = parse(while_chain(0, 3, 4))
    x = np.arange(4, dtype=np.float32)
    r = StandaloneExecutor(prog).run({"x": x})
    np.testing.assert_array_equal(r["out"], x)
    assert int(r["n"][0]) == 0


def test_unused_loop_variable_is_released() -> None:
    t = f"tensor<{MB_F32}xf32>"
    c = "tensor<1xi64>"
    text = f"""{{
    (%0) = {data_op("x", [MB_F32])}
    (%1) = "pd_op.full_int_array" () {{dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]}} : () -> {c}
    (%2) = "pd_op.full_int_array" () {{dtype:int64,place:Place(cpu),stop_gradient:[true],value:[4]}} : () -> {c}
    (%3) = "rt_test.less" (%1, %2) {{}} : ({c}, {c}) -> tensor<1xb>
    (%4, %5) = "pd_op.while" (cond=%3, inputs=%1, %0) {{
    ^%arg_0 {{}}, %arg_1 {{}}
        (%6) = "rt_test.inc" (%arg_0) {{}} : ({c}) -> {c}
        (%7) = "rt_test.less" (%6, %2) {{}} : ({c}, {c}) -> tensor<1xb>
        (%8) = "rt_test.inc" (%0) {{}} : ({t}) -> {t}
        () = "cf.yield" (%7, %6, %8) {{}} : (tensor<1xb>, {c}, {t}) -> 
    }}
    (%9) = "pd_op.fetch" (%5) {{col:0,name:"out"}} : ({t}) -> {t}
}}
"""
    with StandaloneExecutor(parse(text)) as ex:
        r = ex.run({"x": np.zeros(MB_F32, np.float32)})
        assert float(r["out"][0]) == 1.0
        assert ex.tracker.live == 0
        assert ex.peak_bytes < 3 * ACT
