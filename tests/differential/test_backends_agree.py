"""One answer for every backend (issue 29): random programs of mixed ops, with and without fetch ops,
give the interpreter's results through ``--backend cinn`` (the ahead-of-time host program, and the
compiled program run by the interpreter's instructions).  A CI sample of 20 batches of 16 programs, the same
every run (derandomized: CI must not turn red on a draw; the long runs draw new programs);
``bench/differential.py`` runs the long version (10,000 programs)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backends import compare, run_all
from programs import merge, program

BATCH = 16


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(st.data())
def test_backends_agree_on_random_programs(data: st.DataObject) -> None:
    fetch = data.draw(st.booleans(), label="fetch")
    batch = merge([data.draw(program(prefix=f"p{k}_", fetch=fetch), label=f"program {k}") for k in range(BATCH)])
    results, status = run_all(batch.text(), batch.feeds)
    assert not compare(results), (status, compare(results))
    assert len(results["interp"]) == len(batch.results)


def test_the_comparison_sees_a_wrong_answer() -> None:
    """The check itself: a result off by more than the tolerance, a NaN moved, a dtype changed."""
    import numpy as np

    ref = {"y": np.array([1.0, np.nan, 3.0], np.float32), "i": np.array([1, 2], np.int64)}
    assert not compare({"interp": ref, "cinn": dict(ref)})
    assert compare({"interp": ref, "cinn": {"y": np.array([1.0, np.nan, 3.1], np.float32), "i": ref["i"]}})
    assert compare({"interp": ref, "cinn": {"y": np.array([1.0, 2.0, 3.0], np.float32), "i": ref["i"]}})
    assert compare({"interp": ref, "cinn": {"y": ref["y"], "i": ref["i"].astype(np.int32)}})
    assert compare({"interp": ref, "cinn": {"y": ref["y"]}})


def test_log_softmax_clips_as_paddles_executor() -> None:
    """The generator's first finding: Paddle's log_softmax clips x - max at -64 (phi's ValueClip), so
    log_softmax([20, 216]) is [-64, 0]; the compiled path's decomposition clips too."""
    import numpy as np

    text = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,3],stop_gradient:[true]} : () -> tensor<-1x3xf32>
    (%1) = "pd_op.log_softmax" (%0) {axis:0,stop_gradient:[true]} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"y",persistable:[true],stop_gradient:[true]} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
}
"""
    x = np.array([[20.4, 0.0, 1.0], [216.5, -200.0, 2.0]], np.float32)
    results, _ = run_all(text, {"x": x})
    assert not compare(results)
    assert results["cinn"]["y"][0, 0] == -64.0 and results["cinn"]["y"][1, 1] == -64.0


def test_round_keeps_the_sign_of_zero() -> None:
    """The generator's second finding: round(-0.3) is -0.0 (1 / it is -inf) on the compiled path too."""
    import numpy as np

    text = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[6],stop_gradient:[true]} : () -> tensor<6xf32>
    (%1) = "pd_op.round" (%0) {decimals:0,stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
    (%2) = "pd_op.reciprocal" (%1) {stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"y",persistable:[true],stop_gradient:[true]} : (tensor<6xf32>) -> tensor<6xf32>
}
"""
    results, _ = run_all(text, {"x": np.array([-0.3, 0.3, -0.5, 0.5, 1.5, -2.5], np.float32)})
    assert not compare(results)
    assert list(results["cinn"]["y"]) == [-np.inf, np.inf, -np.inf, np.inf, 0.5, -0.5]


def test_a_fetchless_compiled_program_returns_what_the_interpreter_does() -> None:
    """The third: a constant every reader of which a kernel took in, and a kernel's scratch buffers, are no
    results of a program without fetch ops."""
    import numpy as np

    text = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[1,2],stop_gradient:[true]} : () -> tensor<1x2xf32>
    (%1) = "pd_op.full_int_array" () {dtype:int64,place:Place(cpu),stop_gradient:[true],value:[0,0,0]} : () -> tensor<3xi64>
    (%2) = "pd_op.full" () {dtype:int32,place:Place(cpu),shape:[1],stop_gradient:[true],value:0} : () -> tensor<1xi32>
    (%3) = "pd_op.gather" (%0, %1, %2) {stop_gradient:[true]} : (tensor<1x2xf32>, tensor<3xi64>, tensor<1xi32>) -> tensor<3x2xf32>
    (%4) = "pd_op.data" () {dtype:float32,name:"z",place:Place(undefined:0),shape:[-1,6,3,2],stop_gradient:[true]} : () -> tensor<-1x6x3x2xf32>
    (%5) = "pd_op.softmax" (%4) {axis:0,stop_gradient:[true]} : (tensor<-1x6x3x2xf32>) -> tensor<-1x6x3x2xf32>
    () = "builtin.shadow_output" (%3) {output_name:"g"} : (tensor<3x2xf32>) -> 
    () = "builtin.shadow_output" (%5) {output_name:"s"} : (tensor<-1x6x3x2xf32>) -> 
}
"""
    feeds = {"x": np.array([[1.0, 2.0]], np.float32), "z": np.ones((2, 6, 3, 2), np.float32)}
    results, _ = run_all(text, feeds)
    assert not compare(results)
    assert list(results["cinn-no-aot"]) == ["g", "s"]
