"""The host program (PdOpLowerToKernelPass): each group becomes cinn_runtime.jit_kernel ops
(the convention of pirc/cinn/backend/jit_kernel.py); the program verifies, prints, parses
back to the same text, and -- through the C backend -- computes Paddle's outputs."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import numpy as np
import pytest
from lower_helpers import CORPUS, fused, groups_of, load_npz

import pirc.cinn.backend.jit_kernel as jk
from pirc.cinn.ast import parse, print_ast, structural_equal
from pirc.cinn.lower.host import lower_program, lower_to_kernels, replace_groups
from pirc.ir.verifier import verify
from pirc.passes.manager import PassManager, parse_pipeline
from pirc.runtime import run_program
from pirc.text.parser import parse_program
from pirc.text.printer import print_program

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fusion"))
from fusion_helpers import compare as compare_outputs


def _host(model: str, target: str = "c"):  # type: ignore[no-untyped-def]
    prog = fused((CORPUS / model / "program.pir").read_text())
    n_groups = len(groups_of(prog))
    lowered = lower_program(prog, target)
    replace_groups(lowered)
    return prog, lowered, n_groups


@pytest.mark.parametrize("model", ["mlp", "embedding_model", "if_else", "attention_mask"])
def test_host_program_verifies_and_round_trips(model: str) -> None:
    prog, lowered, n_groups = _host(model)
    assert not verify(prog)
    assert not [op for op in prog.walk() if op.name == "cinn_op.group"]
    jits = [op for op in prog.walk() if op.name == jk.OP_NAME]
    assert len(jits) == sum(len(g.kernels) for g in lowered.groups) >= n_groups
    for op in jits:
        _, fn = jk.kernel_node(op)  # kernel_ast parses and defines fn_name
        assert fn.name == op.attr(jk.FN_NAME)
        assert op.attr(jk.GROUP).startswith("group_")
        ins = [a for a in fn.args if a.is_buffer and a.io.value == "in"]
        assert len(ins) == op.num_operands
        for name, (operand, axis) in jk.symbol_sources(op, fn).items():
            t = op.operands[operand].value.type
            assert 0 <= axis < t.rank and t.dims[axis] == -1, name
    text = print_program(prog)
    again = parse_program(text, "host.pir")
    assert not verify(again)
    assert print_program(again) == text


def test_kernel_ast_is_the_lowered_function() -> None:
    prog, lowered, _ = _host("mlp", "cuda")
    jits = [op for op in prog.walk() if op.name == jk.OP_NAME]
    for op, f in zip(jits, lowered.module.functions):
        assert structural_equal(parse(op.attr(jk.KERNEL_AST)), f)
        assert op.attr(jk.KERNEL_AST) == print_ast(f)


def test_multi_kernel_group_passes_intermediates_between_kernels() -> None:
    prog, lowered, _ = _host("embedding_model")
    (g0, _g1) = lowered.groups
    assert len(g0.kernels) == 4
    jits = [op for op in prog.walk() if op.name == jk.OP_NAME][:4]
    last = jits[-1]
    producers = {o.value.owner for o in last.operands if hasattr(o.value, "owner")}
    assert set(jits[:3]) <= producers  # the concat kernel reads the three reductions' results
    assert all(r.type.dims[0] == -1 for op in jits[:3] for r in op.results)


def test_pass_in_a_pipeline() -> None:
    import pirc.passes.lower_to_kernel  # noqa: F401 - registers lower_to_kernel

    prog = fused((CORPUS / "mlp" / "program.pir").read_text())
    PassManager(parse_pipeline("lower_to_kernel{target=c embed=false}")).run(prog)
    jits = [op for op in prog.walk() if op.name == jk.OP_NAME]
    assert jits and all(op.attr(jk.KERNEL_ID) and op.attr(jk.KERNEL_AST) is None for op in jits)
    assert not verify(prog)


@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler")
@pytest.mark.parametrize("model", ["mlp", "bench_softmax_small", "norms", "embedding_model", "if_else", "shape_ops"])
def test_host_program_runs_with_compiled_kernels(model: str) -> None:
    prog = fused((CORPUS / model / "program.pir").read_text())
    lower_to_kernels(prog, "c")
    host = parse_program(print_program(prog), "host.pir")
    feeds, params = load_npz(CORPUS / model / "feeds.npz"), load_npz(CORPUS / model / "params.npz")
    jk.install("c")
    try:
        got = run_program(host, feeds, params)
    finally:
        jk.uninstall()
    want = load_npz(CORPUS / model / "outputs.npz")
    assert not compare_outputs({k: np.asarray(v) for k, v in got.items()}, want)


#: a group that yields a reduction (read by another group) and, from a later kernel of the same group,
#: a result that reads it: the later kernel's operand is the group's own result, not a temporary
_YIELDED_AND_READ = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,4],stop_gradient:[true]} : () -> tensor<2x4xf32>
    (%1) = "pd_op.amax" (%0) {axis:[1],keepdim:true,stop_gradient:[true]} : (tensor<2x4xf32>) -> tensor<2x1xf32>
    (%2) = "pd_op.add" (%0, %1) {stop_gradient:[true]} : (tensor<2x4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
    (%3) = "pd_op.transpose" (%1) {perm:[1,0],stop_gradient:[true]} : (tensor<2x1xf32>) -> tensor<1x2xf32>
    (%4) = "pd_op.transpose" (%2) {perm:[1,0],stop_gradient:[true]} : (tensor<2x4xf32>) -> tensor<4x2xf32>
    (%5) = "pd_op.fetch" (%3) {col:0,name:"out0",persistable:[true],stop_gradient:[true]} : (tensor<1x2xf32>) -> tensor<1x2xf32>
    (%6) = "pd_op.fetch" (%4) {col:1,name:"out1",persistable:[true],stop_gradient:[true]} : (tensor<4x2xf32>) -> tensor<4x2xf32>
}
"""


@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler")
def test_a_group_result_read_by_a_later_kernel_of_its_group() -> None:
    """Found by the AOT tests' random chains (tests/aot): replace_groups raised KeyError ('tmp', 'var_3')."""
    prog = fused(_YIELDED_AND_READ)
    lowered = lower_program(prog, "c")
    (g0, _g1) = lowered.groups
    assert len(g0.kernels) == 2 and ("out", 0) in g0.kernels[1].inputs
    replace_groups(lowered)
    host = parse_program(print_program(prog), "host.pir")
    x = np.arange(8, dtype=np.float32).reshape(2, 4) / 10
    jk.install("c")
    try:
        got = run_program(host, {"x": x}, {})
    finally:
        jk.uninstall()
    np.testing.assert_array_equal(got["out0"], x.max(axis=1, keepdims=True).T)
    np.testing.assert_array_equal(got["out1"], (x + x.max(axis=1, keepdims=True)).T)
