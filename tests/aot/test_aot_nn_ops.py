"""The AOT program's calls of nnlib's attention and embedding kernels, and constants made by
pd_op.full: bit-identical to the interpreter (which calls the same C functions), and an operand of
the wrong element type keeps the program on the interpreter with the reason."""

from __future__ import annotations

import numpy as np

import pirc.api as api
from pirc.cinn.compiler import compile_program
from pirc.runtime.executor import StandaloneExecutor

_ATTENTION = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"q",place:Place(undefined:0),shape:[2,5,12],stop_gradient:[true]} : () -> tensor<2x5x12xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"k",place:Place(undefined:0),shape:[2,7,12],stop_gradient:[true]} : () -> tensor<2x7x12xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"v",place:Place(undefined:0),shape:[2,7,12],stop_gradient:[true]} : () -> tensor<2x7x12xf32>
    (%3) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[2,1,1,7],stop_gradient:[true],value:-0.5} : () -> tensor<2x1x1x7xf32>
    (%4) = "pd_op.fused_dot_product_attention" (%0, %1, %2, %3) {dropout_probability:0,head_number:3,is_training:false,scaling_factor:0.25,stop_gradient:[true]} : (tensor<2x5x12xf32>, tensor<2x7x12xf32>, tensor<2x7x12xf32>, tensor<2x1x1x7xf32>) -> tensor<2x5x12xf32>
    (%5) = "pd_op.relu" (%4) {stop_gradient:[true]} : (tensor<2x5x12xf32>) -> tensor<2x5x12xf32>
    (%6) = "pd_op.fetch" (%5) {col:0,name:"out",persistable:[true],stop_gradient:[true]} : (tensor<2x5x12xf32>) -> tensor<2x5x12xf32>
}
"""

_EMBEDDING = """{
    (%0) = "pd_op.data" () {dtype:IDS,name:"ids",place:Place(undefined:0),shape:[3,4],stop_gradient:[true]} : () -> tensor<3x4xIDT>
    (%1) = "builtin.parameter" () {parameter_name:"table",stop_gradient:[true]} : () -> tensor<10x6xf32>
    (%2) = "pd_op.embedding" (%0, %1) {padding_idx:2,sparse:false,stop_gradient:[true]} : (tensor<3x4xIDT>, tensor<10x6xf32>) -> tensor<3x4x6xf32>
    (%3) = "pd_op.tanh" (%2) {stop_gradient:[true]} : (tensor<3x4x6xf32>) -> tensor<3x4x6xf32>
    (%4) = "pd_op.fetch" (%3) {col:0,name:"out",persistable:[true],stop_gradient:[true]} : (tensor<3x4x6xf32>) -> tensor<3x4x6xf32>
}
"""


def _both(text: str, feeds: dict, params: dict) -> tuple[dict, dict, str]:
    prog = api.parse(text, "t")
    compile_program(prog, "c", params=params)
    with StandaloneExecutor(prog, params=params, aot=None) as ex:
        ex.run(feeds)
        aot = ex.run(feeds)
        status = ex.aot_status
    with StandaloneExecutor(prog, params=params, aot=False) as ex:
        interp = ex.run(feeds)
    return aot, interp, status


def test_attention_with_a_constant_mask_runs_ahead_of_time() -> None:
    rng = np.random.default_rng(3)
    feeds = {"q": rng.standard_normal((2, 5, 12), dtype=np.float32), "k": rng.standard_normal((2, 7, 12), dtype=np.float32),
             "v": rng.standard_normal((2, 7, 12), dtype=np.float32)}
    aot, interp, status = _both(_ATTENTION, feeds, {})
    assert status.startswith("AOT: used"), status
    assert np.array_equal(aot["out"], interp["out"])
    assert np.abs(aot["out"]).max() > 0


def test_embedding_runs_ahead_of_time_and_zeroes_the_padding_rows() -> None:
    rng = np.random.default_rng(4)
    ids = rng.integers(0, 10, (3, 4)).astype(np.int64)
    ids[0, 0] = 2
    table = rng.standard_normal((10, 6), dtype=np.float32)
    aot, interp, status = _both(_EMBEDDING.replace("IDS", "int64").replace("IDT", "i64"), {"ids": ids}, {"table": table})
    assert status.startswith("AOT: used"), status
    assert np.array_equal(aot["out"], interp["out"])
    assert not aot["out"][0, 0].any()


def test_embedding_with_int32_ids_stays_on_the_interpreter_with_the_reason() -> None:
    ids = np.zeros((3, 4), np.int32)
    table = np.ones((10, 6), np.float32)
    aot, interp, status = _both(_EMBEDDING.replace("IDS", "int32").replace("IDT", "i32"), {"ids": ids}, {"table": table})
    assert status.startswith("AOT: not used") and "int32" in status and "int64" in status, status
    assert np.array_equal(aot["out"], interp["out"])
