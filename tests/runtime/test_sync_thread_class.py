"""Host ops and compiled CPU kernels are one thread class in the interpreter's DAG, and a program
mixing them keeps single-threaded kernels (pirc/runtime/dependency.py, pirc/runtime/executor.py)."""

from __future__ import annotations

import numpy as np

import pirc.dialects.all  # noqa: F401
from pirc.api import parse
from pirc.cinn.compiler import compile_program
from pirc.runtime.executor import StandaloneExecutor, inter_op_pays

# x @ w (host) -> exp * 2 (one compiled group) -> @ w (host) -> fetch: a chain of 512x512 tensors
CHAIN = """{
    (%x) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[512,512],stop_gradient:[true]} : () -> tensor<512x512xf32>
    (%w) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[512,512],stop_gradient:[true]} : () -> tensor<512x512xf32>
    (%a) = "pd_op.matmul" (%x, %w) {stop_gradient:[false],transpose_x:false,transpose_y:false} : (tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32>
    (%e) = "pd_op.exp" (%a) {stop_gradient:[false]} : (tensor<512x512xf32>) -> tensor<512x512xf32>
    (%t) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:2} : () -> tensor<1xf32>
    (%m) = "pd_op.multiply" (%e, %t) {stop_gradient:[false]} : (tensor<512x512xf32>, tensor<1xf32>) -> tensor<512x512xf32>
    (%b) = "pd_op.matmul" (%m, %w) {stop_gradient:[false],transpose_x:false,transpose_y:false} : (tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32>
    (%f) = "pd_op.fetch" (%b) {col:0,name:"out",persistable:[true],stop_gradient:[false]} : (tensor<512x512xf32>) -> tensor<512x512xf32>
}
"""


def _feeds() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    return {"x": rng.standard_normal((512, 512)).astype(np.float32) * 0.05,
            "w": rng.standard_normal((512, 512)).astype(np.float32) * 0.05}


def test_compiled_kernel_between_host_ops_stays_on_one_thread() -> None:
    prog = parse(CHAIN)
    compile_program(prog, "c")
    with StandaloneExecutor(prog, threads=2) as ex:
        interp = ex.interpreter
        interp.build()
        kinds = [ins.kind for ins in interp.sched.instrs]
        assert "compiled" in kinds and "host" in kinds, kinds
        assert not any(ins.next_diff for ins in interp.sched.instrs)  # no hand-off to the pool
        assert not interp.sched.parallel
        assert inter_op_pays(interp)  # host + compiled: kernels stay single-threaded
        got = ex.run(_feeds())["out"]
    with StandaloneExecutor(parse(CHAIN), threads=1) as ex:
        want = ex.run(_feeds())["out"]
        assert not inter_op_pays(ex.interpreter)  # a host-only chain: threads inside the kernels
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)  # compiled expf vs numpy exp, 512-term sums
