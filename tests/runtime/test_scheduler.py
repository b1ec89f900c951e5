"""Scheduling: independent branches run concurrently with threads > 1 (measured with
the timestamps the scheduler records), threads == 1 runs inline in program order,
and both give the same results."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from pirc.runtime import StandaloneExecutor
from pirc.runtime.profiler import TraceEvent
from rt_helpers import data_op, parse

pytestmark = pytest.mark.usefixtures("test_ops")


def two_chains(n: int, size: int, op: str) -> str:
    """x -> a1 -> ... -> an, x -> b1 -> ... -> bn, out = an + bn."""
    t = f"tensor<{size}x{size}xf32>"
    lines = ["{", f"    (%0) = {data_op('x', [size, size])}"]
    if op == "pd_op.matmul":
        def line(res: int, src: int) -> str:
            return (f'    (%{res}) = "pd_op.matmul" (%{src}, %0) {{transpose_x:false,transpose_y:false}} '
                    f": ({t}, {t}) -> {t}")
    else:
        def line(res: int, src: int) -> str:
            return f'    (%{res}) = "{op}" (%{src}) {{ms:30}} : ({t}) -> {t}'
    k = 1
    last = {}
    for branch in ("a", "b"):
        src = 0
        for _ in range(n):
            lines.append(line(k, src))
            src = k
            k += 1
        last[branch] = src
    lines.append(f'    (%{k}) = "rt_test.add" (%{last["a"]}, %{last["b"]}) {{}} : ({t}, {t}) -> {t}')
    lines.append(f'    (%{k + 1}) = "pd_op.fetch" (%{k}) {{col:0,name:"out"}} : ({t}) -> {t}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def _branches(trace: list[TraceEvent], n: int) -> tuple[list[TraceEvent], list[TraceEvent]]:
    a = [e for e in trace if e.instr < n]
    b = [e for e in trace if n <= e.instr < 2 * n]
    assert len(a) == n and len(b) == n
    return a, b


def _overlap(a: list[TraceEvent], b: list[TraceEvent]) -> float:
    """Total time both branches were executing an instruction at the same moment."""
    total = 0.0
    for x in a:
        for y in b:
            total += max(0.0, min(x.end, y.end) - max(x.start, y.start))
    return total


@pytest.mark.parametrize("op,n,size", [("rt_test.sleep", 3, 8), ("pd_op.matmul", 8, 1024)])  # nnlib: ~10 ms a matmul
def test_independent_branches_run_concurrently(op: str, n: int, size: int) -> None:
    prog = parse(two_chains(n, size, op))
    x = (np.random.RandomState(0).standard_normal((size, size)) / size).astype(np.float32)
    with StandaloneExecutor(prog, threads=2) as ex:
        ex.build()
        it = ex.interpreter
        # the two chain heads are both roots; each chain continues in its own thread
        assert sorted(it.dag.roots) == [0, n]
        trace: list[TraceEvent] = []
        r = ex.run({"x": x}, trace=trace)
    a, b = _branches(trace, n)
    assert len({e.thread for e in a}) == 1 and len({e.thread for e in b}) == 1
    assert a[0].thread != b[0].thread
    # the branches' execution intervals overlap
    span = min(a[-1].end, b[-1].end) - max(a[0].start, b[0].start)
    assert span > 0
    assert _overlap(a, b) > 0
    # and the join waited for both
    join = [e for e in trace if e.instr == 2 * n][0]
    assert join.start >= max(a[-1].end, b[-1].end)
    with StandaloneExecutor(prog, threads=1) as ex1:
        r1 = ex1.run({"x": x})
    # two interpreter threads run each matmul on a single-threaded BLAS, one interpreter thread
    # on a BLAS as wide as the machine (pirc/runtime/threads.py); OpenBLAS's single-threaded GEMM
    # sums in another order, so the same answer is equal to rounding, not to the bit
    np.testing.assert_allclose(r["out"], r1["out"], rtol=1e-5, atol=1e-6 * float(np.abs(r1["out"]).max()))
    with StandaloneExecutor(prog, threads=2) as ex2:
        r2 = ex2.run({"x": x})
    np.testing.assert_array_equal(r["out"], r2["out"])  # the same thread count: the same bits


def test_single_thread_runs_inline_in_program_order() -> None:
    n = 3
    prog = parse(two_chains(n, 8, "rt_test.inc"))
    trace: list[TraceEvent] = []
    with StandaloneExecutor(prog, threads=1) as ex:
        ex.run({"x": np.zeros((8, 8), np.float32)}, trace=trace)
    assert [e.instr for e in trace] == list(range(2 * n + 1))
    assert {e.thread for e in trace} == {threading.get_ident()}
    for e1, e2 in zip(trace, trace[1:]):
        assert e1.end <= e2.start


def test_parallel_error_is_reported_and_pool_survives() -> None:
    t = "tensor<-1xf32>"
    text = f"""{{
    (%0) = {data_op("x", [-1])}
    (%1) = {data_op("y", [-1])}
    (%2) = "rt_test.sleep" (%0) {{ms:5}} : ({t}) -> {t}
    (%3) = "rt_test.add" (%0, %1) {{}} : ({t}, {t}) -> {t}
    (%4) = "rt_test.add" (%2, %3) {{}} : ({t}, {t}) -> {t}
    (%5) = "pd_op.fetch" (%4) {{col:0,name:"out"}} : ({t}) -> {t}
}}
"""
    from pirc.runtime.errors import KernelError

    with StandaloneExecutor(parse(text), threads=2) as ex:
        with pytest.raises(KernelError) as e:
            ex.run({"x": np.ones(3, np.float32), "y": np.ones(4, np.float32)})
        assert "'rt_test.add' op failed at run time" in str(e.value)
        assert e.value.diagnostics[0].loc.line == 5
        r = ex.run({"x": np.ones(4, np.float32), "y": np.ones(4, np.float32)})
        np.testing.assert_array_equal(r["out"], np.full(4, 4, np.float32))
