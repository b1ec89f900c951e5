"""The AOT host program against the interpreter: same results (bit for bit where both run the same
compiled kernels), fallbacks with their reasons, located errors, no compilation on a warm run."""

from __future__ import annotations

import ctypes
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from aot_programs import chain_programs, cnn_programs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pirc.api as api
from pirc.cinn.backend.cache import KernelCache
from pirc.cinn.compiler import compile_program
from pirc.diagnostics import PircError
from pirc.ir.program import Program
from pirc.runtime.aot import AotProgram, AotRunner, Plan, build_plan
from pirc.runtime.compiled import CompiledFactory, compiled_factory
from pirc.runtime.errors import KernelError
from pirc.runtime.executor import StandaloneExecutor

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"
BIN = Path(sys.executable).parent


def _npz(path: Path) -> dict[str, np.ndarray]:
    if not path.exists():
        return {}
    with np.load(path) as z:
        return {k: z[k] for k in z.files}


def _both(prog: Program, feeds: dict, params: dict | None = None) -> tuple[dict, dict, str]:
    with StandaloneExecutor(prog, params=params, aot=None) as ex:
        aot = ex.run(feeds)
        aot = ex.run(feeds)  # the second run reuses the plan and the arena
        status = ex.aot_status
    with StandaloneExecutor(prog, params=params, aot=False) as ex:
        interp = ex.run(feeds)
    return aot, interp, status


def _same(a: dict, b: dict) -> None:
    assert list(a) == list(b)
    for k in b:
        assert a[k].dtype == b[k].dtype and a[k].shape == b[k].shape, k
        assert np.array_equal(a[k], b[k], equal_nan=True), k


@pytest.mark.parametrize("name", ["elementwise_chain", "bench_elementwise_small", "bench_softmax_small",
                                  "bench_layernorm_small", "lenet", "mlp", "mobilenet_block", "resnet_block",
                                  "embedding_model", "transformer_layer", "scan_recurrence", "dlrm_interaction",
                                  "moe_ffn", "svtr_rec", "conv_transpose", "db_det", "shared_producers", "export_edges",
                                  "ernie_encoder", "llama_decoder", "pp_liteseg"])
def test_corpus_programs_run_ahead_of_time_bit_identical(name: str) -> None:
    """Compiled kernels and nn ops: the interpreter calls the same kernels and nn functions."""
    d = CORPUS / name
    prog = api.parse((d / "program.pir").read_text(), name)
    params = _npz(d / "params.npz")
    compile_program(prog, "c", params=params)
    aot, interp, status = _both(prog, _npz(d / "feeds.npz"), params)
    assert status.startswith("AOT: used"), status
    _same(aot, interp)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(chain_programs())
def test_random_kernel_chains_match_the_interpreter(case: tuple[str, int, int, bool]) -> None:
    text, b, c, _ = case
    prog = api.parse(text, "chain")
    compile_program(prog, "c")
    x = np.random.default_rng(b * 10 + c).standard_normal((b, c)).astype(np.float32)
    aot, interp, status = _both(prog, {"x": x})
    assert status.startswith("AOT: used"), status
    _same(aot, interp)


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(cnn_programs())
def test_random_cnns_match_the_interpreter(case: tuple[str, dict, tuple[int, ...], bool]) -> None:
    text, params, shape, _ = case
    prog = api.parse(text, "cnn")
    compile_program(prog, "c", params=params)
    x = np.random.default_rng(sum(shape)).standard_normal(shape).astype(np.float32)
    aot, interp, status = _both(prog, {"x": x}, params)
    assert status.startswith("AOT: used"), status
    _same(aot, interp)
    assert not any(op.name in ("pd_op.matmul", "pd_op.add") for op in prog.block.ops)  # fused into fc / convs


SPLIT = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,8],stop_gradient:[true]} : () -> tensor<-1x8xf32>
    (%1) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
    (%2) = "pd_op.transpose" (%1) {perm:[1,0],stop_gradient:[true]} : (tensor<-1x8xf32>) -> tensor<8x-1xf32>
    (%3) = "pd_op.amax" (%2) {axis:[1],keepdim:true,stop_gradient:[true]} : (tensor<8x-1xf32>) -> tensor<8x1xf32>
    (%4) = "pd_op.transpose" (%3) {perm:[1,0],stop_gradient:[true]} : (tensor<8x1xf32>) -> tensor<1x8xf32>
    (%5) = "pd_op.tanh" (%4) {stop_gradient:[true]} : (tensor<1x8xf32>) -> tensor<1x8xf32>
    (%6) = "pd_op.fetch" (%5) {col:0,name:"y",persistable:[true],stop_gradient:[true]} : (tensor<1x8xf32>) -> tensor<1x8xf32>
}
"""


def _split_program() -> Program:
    prog = api.parse(SPLIT, "split")
    compile_program(prog, "c")
    assert sum(op.name == "cinn_runtime.jit_kernel" for op in prog.block.ops) >= 2
    return prog


def _jit_factory() -> CompiledFactory:
    """The factory compile_program installed for jit_kernel ops."""
    found = compiled_factory("cinn_runtime.jit_kernel")
    assert found is not None
    return found[0]


def test_dynamic_batch_gets_one_plan_per_feed_shape() -> None:
    prog = _split_program()
    rng = np.random.default_rng(0)
    with StandaloneExecutor(prog, aot=None) as ex:
        runner = ex.aot
        assert runner is not None
        outs = {b: ex.run({"x": rng.standard_normal((b, 8)).astype(np.float32)}) for b in (1, 3, 1)}
        assert len(runner._programs) == 2  # batch 1 and batch 3; the third run reused the first plan
        x = rng.standard_normal((5, 8)).astype(np.float32)
        got = ex.run({"x": x})["y"]
    assert all(o["y"].shape == (1, 8) for o in outs.values())
    np.testing.assert_allclose(got, np.tanh(np.exp(x).max(axis=0, keepdims=True)), rtol=1e-6)


def test_intermediates_live_in_the_arena_and_results_do_not_alias_it() -> None:
    prog = _split_program()
    x = np.ones((4, 8), np.float32)
    with StandaloneExecutor(prog, aot=None) as ex:
        first = ex.run({"x": x})["y"]
        keep = first.copy()
        ex.run({"x": 2 * x})
        plan = ex.aot.last.plan
    assert plan.arena_bytes > 0 and any(b.kind == "arena" for st in plan.steps for b in st.args if hasattr(b, "kind"))
    np.testing.assert_array_equal(first, keep)  # a later run did not write into an earlier result


MATMUL = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%2) = "pd_op.transpose" (%1) {perm:[1,0],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
    (%3) = "pd_op.matmul" (%1, %2) {stop_gradient:[true],transpose_x:false,transpose_y:false} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"y",persistable:[true],stop_gradient:[true]} : (tensor<2x2xf32>) -> tensor<2x2xf32>
}
"""


CUMPROD = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%3) = "pd_op.cumprod" (%1) {dim:1,exclusive:false,reverse:false,stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"y",persistable:[true],stop_gradient:[true]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}
"""


def test_uncovered_op_falls_back_to_the_interpreter_and_says_why() -> None:
    prog = api.parse(CUMPROD, "cp")
    compile_program(prog, "c")
    x = np.arange(6, dtype=np.float32).reshape(2, 3) / 6
    with StandaloneExecutor(prog, aot=None) as ex:
        y = ex.run({"x": x})["y"]
        assert ex.aot_status == "AOT: not used: pd_op.cumprod is not covered"
    np.testing.assert_allclose(y, np.cumprod(np.exp(x), axis=1), rtol=1e-6)
    with pytest.raises(PircError, match="cannot run this program ahead of time: pd_op.cumprod is not covered"):
        with StandaloneExecutor(prog, aot=True) as ex:
            ex.run({"x": x})


def test_matmul_runs_ahead_of_time_through_nnlib() -> None:
    """pd_op.matmul is an nn call of the host program, the same function the interpreter's kernel calls."""
    prog = api.parse(MATMUL, "mm")
    compile_program(prog, "c")
    x = np.arange(6, dtype=np.float32).reshape(2, 3) / 6
    aot, interp, status = _both(prog, {"x": x})
    assert status.startswith("AOT: used"), status
    _same(aot, interp)
    e = np.exp(x)
    np.testing.assert_allclose(aot["y"], e @ e.T, rtol=1e-6)


def test_a_failing_call_raises_an_error_located_at_its_op(tmp_path: Path) -> None:
    from pirc.cinn.backend.compile_c import compile_c

    prog = _split_program()
    factory = compiled_factory("cinn_runtime.jit_kernel")
    assert factory is not None
    plan = build_plan(prog.block, {"x": (2, 8)}, factory[0], 1)
    aot = AotProgram(plan)
    data, _ = compile_c("int pirc_fails(void** args, int nargs) { (void)args; (void)nargs; return 1; }\n")
    so = tmp_path / "fails.so"
    so.write_bytes(data)
    lib = ctypes.CDLL(str(so))
    k = len(plan.steps) - 1
    aot._fns[plan.steps[k].fn] = ctypes.cast(lib.pirc_fails, ctypes.c_void_p).value
    with pytest.raises(KernelError) as err:
        aot.run({"x": np.ones((2, 8), np.float32)})
    d = err.value.diagnostics[0]
    assert f"kernel {plan.steps[k].label} returned a nonzero status" in d.message
    assert d.message.startswith("'cinn_runtime.jit_kernel' op failed at run time")
    assert d.loc is not None and d.loc == plan.steps[k].op.loc


def test_a_warm_run_compiles_nothing(tmp_path: Path) -> None:
    cache = KernelCache(tmp_path / "kernels")
    prog = _split_program()
    factory = _jit_factory()
    cold = AotProgram(build_plan(prog.block, {"x": (3, 8)}, factory, 1), cache)
    before = cache.stats.compiles
    warm = AotProgram(build_plan(prog.block, {"x": (3, 8)}, factory, 1), cache)
    assert cold.compiled_now and not warm.compiled_now
    assert cache.stats.compiles == before == 1
    other = AotProgram(build_plan(prog.block, {"x": (4, 8)}, factory, 1), cache)  # another plan: other text
    assert other.compiled_now


def test_feed_errors_are_the_interpreters() -> None:
    prog = _split_program()
    with StandaloneExecutor(prog, aot=None) as ex:
        with pytest.raises(PircError, match="feed 'x' has dtype float64"):
            ex.run({"x": np.ones((2, 8))})
        with pytest.raises(PircError, match="x"):
            ex.run({})


def test_pirc_run_profile_says_which_path_ran(tmp_path: Path) -> None:
    src = tmp_path / "p.pir"
    src.write_text(SPLIT)
    np.save(tmp_path / "x.npy", np.ones((2, 8), np.float32))
    base = [str(BIN / "pirc-run"), str(src), "--feed", f"x={tmp_path / 'x.npy'}", "--backend", "cinn", "--profile",
            "--repeat", "3"]
    r = subprocess.run(base, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "AOT: used: " in r.stderr and "fn_" in r.stderr  # the kernels' rows are still in the profile
    assert "AOT call + profiling" in r.stderr
    r = subprocess.run(base + ["--no-aot"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "AOT: off" in r.stderr
    mm = tmp_path / "cp.pir"
    mm.write_text(CUMPROD)
    np.save(tmp_path / "x23.npy", np.ones((2, 3), np.float32))
    r = subprocess.run([str(BIN / "pirc-run"), str(mm), "--feed", f"x={tmp_path / 'x23.npy'}", "--backend", "cinn",
                        "--profile"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "AOT: not used: pd_op.cumprod is not covered" in r.stderr
    r = subprocess.run([str(BIN / "pirc-run"), str(mm), "--feed", f"x={tmp_path / 'x23.npy'}", "--backend", "cinn",
                        "--aot"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 1 and "pd_op.cumprod is not covered" in r.stderr


def test_runner_reports_no_kernels_loaded() -> None:
    prog = api.parse(SPLIT, "split")  # not compiled: pd_op ops the AOT program cannot call
    runner = AotRunner(prog.block, None, None)
    assert runner.status() == "AOT: not used: pd_op.exp is not covered"


def test_api_run_with_the_cinn_backend_uses_the_aot_program(monkeypatch: pytest.MonkeyPatch) -> None:
    import pirc.runtime.aot.runner as runner

    calls: list[int] = []
    real = runner.AotProgram.run

    def counted(self: AotProgram, feeds: dict, times: np.ndarray | None = None) -> dict:
        calls.append(1)
        return real(self, feeds, times)

    monkeypatch.setattr(runner.AotProgram, "run", counted)
    x = np.full((2, 8), 0.5, np.float32)
    y = api.run(api.parse(SPLIT, "split"), {"x": x}, backend="cinn")["y"]
    assert calls == [1]
    np.testing.assert_allclose(y, np.tanh(np.exp(x).max(axis=0, keepdims=True)), rtol=1e-6)
    api.run(api.parse(SPLIT, "split"), {"x": x}, backend="interp")
    assert calls == [1]


def test_non_contiguous_and_read_only_feeds() -> None:
    prog = _split_program()
    base = np.random.default_rng(3).standard_normal((8, 3)).astype(np.float32)
    view = base.T  # (3, 8), not C-contiguous
    ro = np.ascontiguousarray(view)
    ro.flags.writeable = False
    with StandaloneExecutor(prog, aot=None) as ex:
        a = ex.run({"x": view})["y"]
        b = ex.run({"x": ro})["y"]
        assert ex.aot_status.startswith("AOT: used")
    with StandaloneExecutor(prog, aot=False) as ex:
        c = ex.run({"x": view})["y"]
    np.testing.assert_array_equal(a, c)
    np.testing.assert_array_equal(b, c)


def test_plans_per_program_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    import pirc.runtime.aot.runner as runner

    monkeypatch.setattr(runner, "MAX_PLANS", 2)
    prog = _split_program()
    with StandaloneExecutor(prog, aot=None) as ex:
        for b in (1, 2, 3, 1):
            x = np.full((b, 8), 0.25, np.float32)
            np.testing.assert_allclose(ex.run({"x": x})["y"], np.tanh(np.exp(x).max(axis=0, keepdims=True)),
                                       rtol=1e-6)
        assert [k[0][1] for k in ex.aot._programs] == [(3, 8), (1, 8)]


def test_a_host_program_that_does_not_compile_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    import pirc.runtime.aot.runner as runner
    from pirc.cinn.backend.errors import ToolchainError

    def no_compiler(plan: Plan, cache: KernelCache | None = None) -> tuple[str, bool, str]:
        raise ToolchainError("no C compiler found (install gcc or clang, or set $PIRC_CC)")

    prog = _split_program()
    monkeypatch.setattr(runner, "compile_plan", no_compiler)
    x = np.ones((2, 8), np.float32)
    with StandaloneExecutor(prog, aot=None) as ex:
        y = ex.run({"x": x})["y"]
        assert ex.aot_status.startswith("AOT: not used: the host program did not compile: no C compiler")
    np.testing.assert_allclose(y, np.tanh(np.exp(x).max(axis=0, keepdims=True)), rtol=1e-6)
    with pytest.raises(ToolchainError):
        with StandaloneExecutor(prog, aot=True) as ex:
            ex.run({"x": x})


def _concat_program() -> str:
    t = "tensor<4x6xf32>"
    v2, v3 = f"vec[{t},{t}]", f"vec[{t},{t},{t}]"
    i32 = "tensor<1xi32>"
    lines = [
        f'(%0) = "pd_op.data" () {{dtype:float32,name:"x",place:Place(undefined:0),shape:[4,6],stop_gradient:[true]}} : () -> {t}',
        f'(%1) = "pd_op.tanh" (%0) {{stop_gradient:[true]}} : ({t}) -> {t}',
        f'(%2) = "pd_op.exp" (%0) {{stop_gradient:[true]}} : ({t}) -> {t}',
        f'(%3) = "pd_op.sin" (%0) {{stop_gradient:[true]}} : ({t}) -> {t}',
        f'(%4) = "builtin.combine" (%1, %2) {{stop_gradient:[true]}} : ({t}, {t}) -> {v2}',
        f'(%5) = "builtin.combine" (%1, %2, %3) {{stop_gradient:[true]}} : ({t}, {t}, {t}) -> {v3}',
        f'(%6) = "pd_op.full" () {{dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:1}} : () -> {i32}',
        f'(%7) = "pd_op.full" () {{dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:-2}} : () -> {i32}',
        f'(%8) = "pd_op.concat" (%4, %6) {{stop_gradient:[true]}} : ({v2}, {i32}) -> tensor<4x12xf32>',
        f'(%9) = "pd_op.concat" (%5, %7) {{stop_gradient:[true]}} : ({v3}, {i32}) -> tensor<12x6xf32>',
        f'(%10) = "pd_op.stack" (%5) {{axis:1,stop_gradient:[true]}} : ({v3}) -> tensor<4x3x6xf32>',
        f'(%11) = "pd_op.stack" (%4) {{axis:-1,stop_gradient:[true]}} : ({v2}) -> tensor<4x6x2xf32>',
    ]
    for k, (v, shape) in enumerate([(8, "4x12"), (9, "12x6"), (10, "4x3x6"), (11, "4x6x2")]):
        tt = f"tensor<{shape}xf32>"
        lines.append(f'(%{12 + k}) = "pd_op.fetch" (%{v}) {{col:{k},name:"out{k}",persistable:[true],'
                     f'stop_gradient:[true]}} : ({tt}) -> {tt}')
    return "{\n" + "".join("    " + ln + "\n" for ln in lines) + "}\n"


def test_stack_and_concat_of_kernel_results_run_ahead_of_time() -> None:
    """The host program copies a combined list into a stack / concat result itself (a recurrence's
    per-step outputs stacked, a U-Net's skip concatenation): no interpreter fallback."""
    prog = api.parse(_concat_program(), "concat")
    compile_program(prog, "c")
    x = np.random.default_rng(3).standard_normal((4, 6)).astype(np.float32)
    aot, interp, status = _both(prog, {"x": x})
    assert status.startswith("AOT: used"), status
    _same(aot, interp)


SHAPE_CHAIN = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,4],stop_gradient:[true]} : () -> tensor<-1x4xf32>
    (%1) = "pd_op.shape64" (%0) {stop_gradient:[true]} : (tensor<-1x4xf32>) -> tensor<2xi64>
    (%2) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0]} : () -> tensor<1xi64>
    (%3) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[1]} : () -> tensor<1xi64>
    (%4) = "pd_op.slice" (%1, %2, %3) {axes:[0],decrease_axis:[0],infer_flags:[1],stop_gradient:[true]} : (tensor<2xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<i64>
    (%5) = "pd_op.full" () {dtype:int64,place:Place(cpu),shape:[],stop_gradient:[true],value:4} : () -> tensor<i64>
    (%6) = "builtin.combine" (%4, %5) {stop_gradient:[true]} : (tensor<i64>, tensor<i64>) -> vec[tensor<i64>,tensor<i64>]
    (%7) = "pd_op.stack" (%6) {axis:0,stop_gradient:[true]} : (vec[tensor<i64>,tensor<i64>]) -> tensor<2xi64>
    (%8) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0.5} : () -> tensor<1xf32>
    (%9) = "pd_op.full_with_tensor" (%8, %7) {dtype:float32,stop_gradient:[true]} : (tensor<1xf32>, tensor<2xi64>) -> tensor<-1x4xf32>
    (%10) = "pd_op.add" (%0, %9) {stop_gradient:[true]} : (tensor<-1x4xf32>, tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%11) = "pd_op.exp" (%10) {stop_gradient:[true]} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%12) = "pd_op.fetch" (%11) {col:0,name:"y",persistable:[true],stop_gradient:[true]} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
}
"""


def test_shape_arithmetic_is_folded_when_the_plan_is_made() -> None:
    """shape64 -> slice -> stack -> full_with_tensor (a dynamic batch's zero state, as Paddle's LSTM
    exports it) is computed once per feed shape, so the program still runs ahead of time."""
    from pirc.runtime.aot.plan import folded_ops

    prog = api.parse(SHAPE_CHAIN, "shape_chain")
    compile_program(prog, "c")
    assert any(op.name == "pd_op.shape64" for op in folded_ops(prog.block))
    for batch in (3, 5):
        x = np.linspace(-1, 1, batch * 4, dtype=np.float32).reshape(batch, 4)
        aot, interp, status = _both(prog, {"x": x})
        assert status.startswith("AOT: used"), status
        _same(aot, interp)
        np.testing.assert_allclose(aot["y"], np.exp(x + 0.5), rtol=1e-6)


def _roll_program(shape: tuple[int, ...], shifts: list[int], axis: list[int]) -> str:
    dims = "x".join(str(d) for d in shape)
    return f"""{{
    (%0) = "pd_op.data" () {{dtype:float32,name:"x",place:Place(undefined:0),shape:[{",".join(map(str, shape))}],stop_gradient:[true]}} : () -> tensor<{dims}xf32>
    (%1) = "pd_op.exp" (%0) {{stop_gradient:[true]}} : (tensor<{dims}xf32>) -> tensor<{dims}xf32>
    (%2) = "pd_op.full_int_array" () {{dtype:int64,place:Place(cpu),stop_gradient:[true],value:[{",".join(map(str, shifts))}]}} : () -> tensor<{len(shifts)}xi64>
    (%3) = "pd_op.roll" (%1, %2) {{axis:[{",".join(map(str, axis))}],stop_gradient:[true]}} : (tensor<{dims}xf32>, tensor<{len(shifts)}xi64>) -> tensor<{dims}xf32>
    (%4) = "pd_op.fetch" (%3) {{col:0,name:"y",persistable:[true],stop_gradient:[true]}} : (tensor<{dims}xf32>) -> tensor<{dims}xf32>
}}
"""


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.integers(1, 5), min_size=1, max_size=4).flatmap(
    lambda shape: st.tuples(st.just(tuple(shape)),
                            st.lists(st.tuples(st.integers(-len(shape), len(shape) - 1), st.integers(-7, 7)),
                                     min_size=0, max_size=3))))
def test_roll_is_a_host_copy_of_the_interpreters_values(case: tuple[tuple[int, ...], list[tuple[int, int]]]) -> None:
    """pd_op.roll (a shifted window's cyclic shift) runs in the host program: repeated and negative axes,
    shifts past the dim, and the flattened roll (no axes)."""
    shape, pairs = case
    axis = [a for a, _ in pairs]
    shifts = [s for _, s in pairs] or [3]
    prog = api.parse(_roll_program(shape, shifts, axis), "roll")
    compile_program(prog, "c")
    x = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape) / 10
    aot, interp, status = _both(prog, {"x": x})
    assert status.startswith("AOT: used"), status
    _same(aot, interp)
    want = np.roll(np.exp(x), shifts, axis) if axis else np.roll(np.exp(x).reshape(-1), shifts[0]).reshape(shape)
    np.testing.assert_allclose(aot["y"], want, rtol=1e-6)
