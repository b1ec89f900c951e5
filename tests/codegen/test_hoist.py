"""Loop-invariant code motion for the CPU (pirc/cinn/codegen/hoist.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from pirc.cinn.ast.nodes import For, Let, LoweredFunc
from pirc.cinn.ast.printer import print_ast
from pirc.cinn.ast.visitor import walk
from pirc.cinn.codegen.hoist import hoist_invariants
from pirc.cinn.compiler import fuse
from pirc.cinn.lower.host import lower_program
from pirc.text.parser import parse_program

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def _layernorm_func() -> LoweredFunc:
    prog = parse_program((CORPUS / "bench_layernorm_small" / "program.pir").read_text(), "ln")
    fuse(prog)
    (fn,) = lower_program(prog, "c").module.functions
    return fn


def test_row_invariants_move_out_of_the_innermost_loop() -> None:
    fn = _layernorm_func()
    hoisted = hoist_invariants(fn)
    lets = [n for n in walk(hoisted.body) if isinstance(n, Let)]
    assert lets, print_ast(hoisted)
    # the normalisation loop no longer computes 1/sqrt(var + eps) per element
    inner = [n for n in walk(hoisted.body) if isinstance(n, For) and not any(
        isinstance(m, For) for m in walk(n.body))]
    assert not any("sqrt" in print_ast(loop) for loop in inner), print_ast(hoisted)
    # nothing changes where nothing is invariant, and the function itself is untouched
    assert hoist_invariants(hoisted) is not None and fn.body is not hoisted.body


def test_hoisted_code_computes_the_same_bits() -> None:
    """The evaluator gives bit-identical results before and after the motion."""
    from pirc.cinn.ast.evaluator import evaluate

    fn = _layernorm_func()
    rng = np.random.default_rng(0)
    x = rng.standard_normal((8, 4096)).astype(np.float32)
    scale = rng.uniform(0.5, 1.5, 4096).astype(np.float32)
    bias = rng.standard_normal(4096).astype(np.float32)
    inputs = dict(zip([a.name for a in fn.args if a.io.value == "in"], (x, scale, bias)))
    before = evaluate(fn, **inputs)
    after = evaluate(hoist_invariants(fn), **inputs)
    assert before.keys() == after.keys()
    for k in before:
        assert np.array_equal(before[k], after[k], equal_nan=True), k


def _channel_norm_func() -> LoweredFunc:
    """y[n, c, h, w] = (x - mean[c]) * (1 / sqrt(var[c] + eps)): a batch norm the lowering puts in a
    block under the innermost loop, whose iter var for c is bound there to the outer loop's c."""
    from pirc.cinn.ast import builder as b

    X = b.tensor("X", [2, 5, 3, 7], "float32", buffer="_X")
    M = b.tensor("M", [5], "float32", buffer="_M")
    V = b.tensor("V", [5], "float32", buffer="_V")
    Y = b.tensor("Y", [2, 5, 3, 7], "float32", buffer="_Y")
    body = b.root(b.compute(Y, lambda n, c, h, w: (X[n, c, h, w] - M[c]) * (1.0 / b.sqrt(V[c] + 1e-5))))
    return b.lowered_func("f_bn", [b.arg_in(X), b.arg_in(M), b.arg_in(V), b.arg_out(Y)], body)


def test_values_of_block_vars_bound_to_outer_loops_move_out() -> None:
    """The block's own iter vars count as the outer values they are bound to: 1/sqrt(var[c] + eps)
    leaves the innermost loop (it was computed per element), with the same bits."""
    from pirc.cinn.ast.evaluator import evaluate

    fn = _channel_norm_func()
    hoisted = hoist_invariants(fn)
    inner = [n for n in walk(hoisted.body) if isinstance(n, For) and not any(isinstance(m, For) for m in walk(n.body))]
    assert inner and not any("sqrt" in print_ast(loop) for loop in inner), print_ast(hoisted)
    assert "sqrt" in print_ast(fn.body) and "sqrt" in print_ast(hoisted.body)
    rng = np.random.default_rng(1)
    inputs = {"X": rng.standard_normal((2, 5, 3, 7)).astype(np.float32),
              "M": rng.standard_normal(5).astype(np.float32),
              "V": np.array([0.5, 0.0, -1e-5, 2.0, np.nan], np.float32)}
    before, after = evaluate(fn, **inputs), evaluate(hoisted, **inputs)
    for k in before:
        assert np.array_equal(before[k], after[k], equal_nan=True), k


_INT_AST = """Module m
{
function f (_x, _y, _out)
  in _x: int32[64, 256]
  in _y: int32[64]
  out _out: int32[64, 256]
  tensor x -> _x
  tensor y -> _y
  tensor out -> _out
{
  ScheduleBlock(root)
  {
    serial for (i, 0, 64)
    {
      serial for (k, 0, 256)
      {
        ScheduleBlock(out)
        {
          i0, i1 = axis.bind(i, k)
          out[i0, i1] = ((x[i0, i1] + (y[i0] * 3)) + (i0 * 100000))
        }
      }
    }
  }
}
}
"""


def test_hoisted_values_keep_the_c_type_they_had_in_place() -> None:
    """The C target's index variables are 64-bit: a hoisted value computed from them (a row's
    offset) is declared 64-bit too, not truncated to its 32-bit dtype (an offset past 2**31
    elements would wrap); a value of loaded 32-bit elements stays 32-bit (its int32 arithmetic
    wraps as it did in place)."""
    import re

    from pirc.cinn.ast import parse
    from pirc.cinn.backend.build import generate

    c = generate(parse(_INT_AST, "k.ast"), "c").text
    assert re.search(r"int32_t v\d+_inv\d+ = \(a\d+_y\[v\d+_i\] \* 3\);", c), c
    assert re.search(r"int64_t v\d+_inv\d+ = \(v\d+_i \* 100000\);", c), c
    prog = parse_program((CORPUS / "bench_layernorm" / "program.pir").read_text(), "ln")
    fuse(prog)
    c = generate(lower_program(prog, "c").module, "c").text  # rows in blocks: offsets of the block's rows
    assert re.search(r"int64_t v\d+_inv\d+ = \(v\d+_i_0 \* 4\);", c), c
    assert not re.search(r"int32_t v\d+_inv\d+ = \(v\d+_", c), c
