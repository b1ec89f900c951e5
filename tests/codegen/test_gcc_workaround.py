"""GCC 12's -O3 if-conversion bug (pirc/cinn/codegen/workarounds.py): a where over a 6 x 3 x 4 nest, found by
the differential test, gives the interpreter's values through the compiled kernel; the work-around is
printed only on kernels that load under a condition."""

from __future__ import annotations

import numpy as np

import pirc.api as api
from pirc.cinn.compiler import compile_program
from pirc.runtime.executor import StandaloneExecutor

WHERE = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x0",place:Place(undefined:0),shape:[6,3,4],stop_gradient:[true]} : () -> tensor<6x3x4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"x1",place:Place(undefined:0),shape:[6,3,4],stop_gradient:[true]} : () -> tensor<6x3x4xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"x2",place:Place(undefined:0),shape:[6,3,4],stop_gradient:[true]} : () -> tensor<6x3x4xf32>
    (%3) = "pd_op.greater_equal" (%2, %1) {stop_gradient:[true]} : (tensor<6x3x4xf32>, tensor<6x3x4xf32>) -> tensor<6x3x4xb>
    (%4) = "pd_op.where" (%3, %1, %0) {stop_gradient:[true]} : (tensor<6x3x4xb>, tensor<6x3x4xf32>, tensor<6x3x4xf32>) -> tensor<6x3x4xf32>
    (%5) = "pd_op.fetch" (%4) {col:0,name:"y",persistable:[true],stop_gradient:[true]} : (tensor<6x3x4xf32>) -> tensor<6x3x4xf32>
}
"""


def test_a_where_in_a_three_deep_nest_takes_the_right_arm() -> None:
    rng = np.random.default_rng(0)
    feeds = {f"x{k}": rng.integers(-3, 4, (6, 3, 4)).astype(np.float32) for k in range(3)}
    prog = api.parse(WHERE, "where")
    compile_program(prog, "c")
    for aot in (None, False):
        with StandaloneExecutor(prog, aot=aot) as ex:
            y = ex.run(dict(feeds))["y"]
        np.testing.assert_array_equal(y, np.where(feeds["x2"] >= feeds["x1"], feeds["x1"], feeds["x0"]))


def test_only_kernels_that_load_under_a_condition_get_the_work_around() -> None:
    from pirc.cinn.codegen.workarounds import GCC_IF_CONVERT_WORKAROUND

    plain_text = WHERE.replace('"pd_op.where" (%3, %1, %0)', '"pd_op.maximum" (%1, %0)').replace(
        "(tensor<6x3x4xb>, tensor<6x3x4xf32>, tensor<6x3x4xf32>)", "(tensor<6x3x4xf32>, tensor<6x3x4xf32>)")
    with_load = api.codegen(api.lower(api.parse(WHERE, "w"))[0], "c")
    plain = api.codegen(api.lower(api.parse(plain_text, "p"))[0], "c")
    assert GCC_IF_CONVERT_WORKAROUND in with_load
    assert GCC_IF_CONVERT_WORKAROUND not in plain
