"""The cinn_runtime.jit_kernel op: parse / verify / print, and running it through the interpreter."""

from __future__ import annotations

import cg_trees as C
import numpy as np
import pytest

import pirc.dialects.all  # noqa: F401
from pirc.cinn.ast import builder as b
from pirc.cinn.ast import evaluate, print_ast
from pirc.cinn.backend import jit_kernel as jk
from pirc.cinn.backend.cache import KernelCache
from pirc.diagnostics import PircError
from pirc.ir.verifier import verify
from pirc.runtime.executor import run_program
from pirc.text.parser import parse_program
from pirc.text.printer import print_program


def q(s: str) -> str:
    return '"' + s.replace('"', '\\"') + '"'


def program(attrs: str, operand_t: str = "tensor<-1x256xf32>", result_t: str = "tensor<-1x256xf32>",
            n_operands: int = 1) -> str:
    ops = ", ".join(f"%{i}" for i in range(n_operands))
    feeds = "\n".join(
        f'    (%{i}) = "pd_op.data" () {{dtype:float32,name:"x{i}",place:Place(undefined:0),shape:[-1,256],'
        f'stop_gradient:[true]}} : () -> {operand_t}' for i in range(n_operands))
    n = n_operands
    return f"""{{
{feeds}
    (%{n}) = "cinn_runtime.jit_kernel" ({ops}) {{{attrs}}} : ({", ".join([operand_t] * n)}) -> {result_t}
    (%{n + 1}) = "pd_op.fetch" (%{n}) {{col:0,name:"out",persistable:[true],stop_gradient:[false]}} : ({result_t}) -> {result_t}
}}
"""


SOFTMAX = C.T.softmax()
GOOD = program(f'fn_name:"fn_softmax",group:"group_3",kernel_ast:{q(print_ast(SOFTMAX))}')


@pytest.fixture
def installed(tmp_path):  # type: ignore[no-untyped-def]
    factory = jk.install("c", cache=KernelCache(tmp_path))
    yield factory
    jk.uninstall()


def test_parse_verify_print_round_trip() -> None:
    p = parse_program(GOOD, "t.pir")
    assert verify(p) == []
    text = print_program(p)
    assert print_program(parse_program(text, "t2.pir")) == text
    op = next(o for o in p.block.ops if o.name == jk.OP_NAME)
    module, fn = jk.kernel_node(op)
    assert fn.name == "fn_softmax" and module is fn


@pytest.mark.parametrize("attrs,message", [
    ('group:"g"', "needs a string attribute 'fn_name'"),
    ('fn_name:"fn_softmax"', "needs exactly one of the attributes 'kernel_ast'"),
    (f'fn_name:"nope",kernel_ast:{q(print_ast(SOFTMAX))}', "the kernel is 'fn_softmax', not 'nope'"),
    ('fn_name:"f",kernel_ast:"function f ("', "'kernel_ast' does not parse"),
    ('fn_name:"f",kernel_id:"unknown-id"', "no kernels are registered under kernel_id 'unknown-id'"),
    (f'fn_name:"fn_softmax",kernel_ast:{q(print_ast(SOFTMAX))},symbol_args:[0,0,0]',
     "argument 0 of fn_softmax is not a scalar argument"),
])
def test_verify_errors(attrs: str, message: str) -> None:
    diags = verify(parse_program(program(attrs), "bad.pir"))
    assert diags and message in diags[0].message, [d.message for d in diags]
    assert diags[0].loc is not None and diags[0].loc.line == 3


def test_verify_checks_operands_and_types() -> None:
    ast = q(print_ast(SOFTMAX))
    d = verify(parse_program(program(f'fn_name:"fn_softmax",kernel_ast:{ast}', n_operands=2), "b.pir"))
    assert "has 2 operands but kernel fn_softmax takes 1 input buffers" in d[0].message
    d = verify(parse_program(program(f'fn_name:"fn_softmax",kernel_ast:{ast}', operand_t="tensor<-1x256xf64>"),
                             "b.pir"))
    assert any("operand 0 is float64 but kernel argument _X is float32" in x.message for x in d)


def test_runs_through_the_interpreter(installed) -> None:  # type: ignore[no-untyped-def]
    x = np.random.default_rng(0).standard_normal((11, 256)).astype(np.float32)
    out = run_program(parse_program(GOOD, "t.pir"), {"x0": x})["out"]
    np.testing.assert_allclose(out, evaluate(SOFTMAX, X=x)["_Y"], rtol=1e-5, atol=1e-7)
    assert installed.cache.stats.compiles == 1
    assert installed.cache is not None
    out2 = run_program(parse_program(GOOD, "t.pir"), {"x0": x[:3]})["out"]  # same kernel, other M
    assert out2.shape == (3, 256) and installed.cache.stats.compiles == 1


def test_kernel_id_and_symbol_args(installed) -> None:  # type: ignore[no-untyped-def]
    # Y[i, j] = X[i, j] * 2 over [M, 256], M read from operand 0 dim 0 by symbol_args
    M = b.var("M", "int64")
    X = b.tensor("X", [M, 256], "float32", buffer="_X")
    Y = b.tensor("Y", [M, 256], "float32", buffer="_Y")
    fn = b.lowered_func("fn_twice", [b.arg_in(M), b.arg_in(X), b.arg_out(Y)],
                        b.root(b.compute(Y, lambda i, j: X[i, j] * 2.0)))
    jk.register_kernels("k-42", b.module("m", [fn]))
    try:
        text = program('fn_name:"fn_twice",kernel_id:"k-42",symbol_args:[0,0,0]')
        p = parse_program(text, "t.pir")
        assert verify(p) == []
        x = np.ones((4, 256), np.float32)
        np.testing.assert_array_equal(run_program(p, {"x0": x})["out"], 2 * x)
    finally:
        jk.unregister_kernels("k-42")


def test_compile_failures_point_at_the_op(installed, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("PIRC_CFLAGS", "-Dfor=@")
    with pytest.raises(PircError) as e:
        run_program(parse_program(GOOD, "t.pir"), {"x0": np.ones((2, 256), np.float32)})
    notes = [n.message for d in e.value.diagnostics for n in d.notes]
    assert any("while compiling kernel fn_softmax for this op" in n for n in notes)
