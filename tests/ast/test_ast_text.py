"""The .ast text format: golden CINN-style text, print -> parse round trips, parse errors."""

from __future__ import annotations

import math

import ast_trees as T
import pytest

from pirc.cinn.ast import (
    Block,
    DType,
    FloatImm,
    For,
    IfThenElse,
    IntImm,
    Let,
    LoweredFunc,
    Module,
    ScheduleBlock,
    ScheduleBlockRealize,
    Store,
    Tensor,
    assert_structural_equal,
    parse,
    parse_expr,
    parse_function,
    parse_module,
    parse_stmt,
    print_ast,
    structural_hash,
    to_text,
)
from pirc.cinn.ast import builder as b
from pirc.cinn.ast.evaluator import evaluate
from pirc.diagnostics import PircError

# the test expectation from CINN's lowering test (cinn-pipeline.md, section 11.2)
CINN_ADD_CONST = """\
function add_const (_A, _B)
{
  ScheduleBlock(root)
  {
    serial for (i, 0, 32)
    {
      serial for (j, 0, 32)
      {
        ScheduleBlock(B)
        {
          i0, i1 = axis.bind(i, j)
          B[i0, i1] = (A[i0, i1] + 2.00000000f)
        }
      }
    }
  }
}"""


def roundtrip(node, map_free_vars: bool = False):  # type: ignore[no-untyped-def]
    """print -> parse -> structurally equal, and printing again gives the same text."""
    text = print_ast(node)
    back = parse(text, "roundtrip.ast") if isinstance(node, (LoweredFunc, Module)) else None
    assert back is not None
    assert_structural_equal(node, back, map_free_vars=map_free_vars)
    assert structural_hash(node, map_free_vars) == structural_hash(back, map_free_vars)
    assert print_ast(back) == text
    return back


# -- golden text -----------------------------------------------------------------------------


def test_golden_add_const_is_cinns_text() -> None:
    f = T.add_const()
    assert print_ast(f, decls=False) == CINN_ADD_CONST
    assert print_ast(f) == CINN_ADD_CONST.replace(
        "function add_const (_A, _B)\n",
        "function add_const (_A, _B)\n"
        "  in _A: float32[32, 32]\n"
        "  out _B: float32[32, 32]\n"
        "  tensor B -> _B\n"
        "  tensor A -> _A\n",
    )
    roundtrip(f)


def test_golden_reduction_with_init() -> None:
    f = T.row_reduce("max", 128)
    assert print_ast(f) == """\
function fn_reduce_max (_X, _Y, M)
  in _X: float32[M, 128ll]
  out _Y: float32[M]
  in M: int64
  tensor Y__reduce_init -> _Y
  tensor Y -> _Y
  tensor X -> _X
{
  ScheduleBlock(root)
  {
    serial for (i, 0ll, M)
    {
      ScheduleBlock(Y__reduce_init)
      {
        i0 = axis.bind(i)
        Y__reduce_init[i0] = -3.40282347e+38f
      }
      serial for (reduce_j, 0ll, 128ll)
      {
        ScheduleBlock(Y)
        {
          i0, i1 = axis.bind(i, reduce_j)
          reduce_axes(i1)
          Y[i0] = cinn_max(Y[i0], X[i0, i1])
        }
      }
    }
  }
}"""
    roundtrip(f)


def test_cinn_cross_thread_reduction_example_verbatim() -> None:
    """The ReplaceCrossThreadReduction test output of cinn-pipeline.md 11.2, rebuilt and printed."""
    A = b.tensor("A", [64, 128], "float32", buffer="_A")
    B = b.tensor("B", [64], "float32", buffer="_B")
    Binit = Tensor("B__reduce_init", (64,), "float32", B.buffer)
    shm = b.buffer("shm32__fp32_reduce", [32], "float32", "shared")
    i, rj, i0, i0_0, i1 = b.var("i"), b.var("reduce_j"), b.var("i0"), b.var("i0_0"), b.var("i1")
    init = b.schedule_block("B__reduce_init", [(i0, i)], [Binit.store([i0], 0.0)])
    red = b.schedule_block("B", [(i0_0, i), (i1, rj)], [B.store(
        [i0_0], b.call("cinn_block_reduce_sum_fp32", A[i0_0, i1], shm, False, dtype="float32"))])
    loop = For.bind(i, 0, 64, "blockIdx.x", [init, For.bind(rj, 0, 128, "threadIdx.x", red)])
    body = Block((b.root(Block((loop,))),))  # the root's body is itself a block here
    assert print_ast(body) == """\
{
  ScheduleBlock(root)
  {
    {
      thread_bind[blockIdx.x] for (i, 0, 64)
      {
        ScheduleBlock(B__reduce_init)
        {
          i0 = axis.bind(i)
          {
            B__reduce_init[i0] = 0.00000000f
          }
        }
        thread_bind[threadIdx.x] for (reduce_j, 0, 128)
        {
          ScheduleBlock(B)
          {
            i0_0, i1 = axis.bind(i, reduce_j)
            {
              B[i0_0] = cinn_block_reduce_sum_fp32(A[i0_0, i1], _Buffer_<cinn_buffer_t*: 32>(shm32__fp32_reduce), false)
            }
          }
        }
      }
    }
  }
}"""
    f = b.lowered_func("fn_reduce", [b.arg_in(A), b.arg_out(B)], body, temp_bufs=[shm])
    roundtrip(f)


def test_cinn_infer_shape_function_verbatim() -> None:
    kargs, nargs, shape_args = b.var("kernel_args", "handle"), b.var("kernel_args_num"), b.var("tensor_shape_args", "handle")
    S0 = b.var("S0", "int64")
    body = b.block(
        Let(S0, b.call("cinn_get_value_in_cuda_kernel_args", kargs, 2, dtype="int64")),
        b.block(b.evaluate(b.call("infer_shape_set_value", 0, 0, S0, shape_args)),
                b.evaluate(b.call("infer_shape_set_value", 0, 1, IntImm(256, "int64"), shape_args))),
    )
    f = b.lowered_func("fn_exp_0_subtract_0_infer_shape", [kargs, nargs, shape_args], body)
    assert print_ast(f, decls=False) == """\
function fn_exp_0_subtract_0_infer_shape (kernel_args, kernel_args_num, tensor_shape_args)
{
  int64 S0 = cinn_get_value_in_cuda_kernel_args(kernel_args, 2)
  {
    infer_shape_set_value(0, 0, S0, tensor_shape_args)
    infer_shape_set_value(0, 1, 256ll, tensor_shape_args)
  }
}"""
    assert "  in kernel_args: handle\n" in print_ast(f)
    roundtrip(f)


def test_cinn_optimized_kernel_fragment_verbatim() -> None:
    var_, var_0 = b.tensor("var", [1, 1], "float32"), b.tensor("var_0", [64, 128], "float32")
    var_6 = b.tensor("var_6", [64, 128], "float32")
    var_4 = b.tensor("var_4", [1, 1], "float32")
    bx, tx, f = b.gpu("blockIdx.x"), b.gpu("threadIdx.x"), b.var("i_j_fused_0")
    stmt = IfThenElse(bx < 64, [
        var_.store([0, 0], FloatImm(-3.4028234663852886e38)),
        IfThenElse(tx < 128, [var_.store([0, 0], b.maximum(var_[0, 0], var_0[bx, tx]))]),
        For.serial(f, 0, 128, var_6.store(
            [bx, f], b.call("cinn_nvgpu_exp_fp32", var_0[bx, f] - var_[0, 0]) / var_4[0, 0])),
    ])
    assert print_ast(stmt) == """\
if ((blockIdx.x < 64)) {
  var[0, 0] = -3.40282347e+38f
  if ((threadIdx.x < 128)) {
    var[0, 0] = cinn_max(var[0, 0], var_0[blockIdx.x, threadIdx.x])
  }
  serial for (i_j_fused_0, 0, 128)
  {
    var_6[blockIdx.x, i_j_fused_0] = (cinn_nvgpu_exp_fp32((var_0[blockIdx.x, i_j_fused_0] - var[0, 0])) / var_4[0, 0])
  }
}"""
    back = parse_stmt(print_ast(stmt), [var_, var_0, var_6, var_4])
    assert_structural_equal(stmt, back)  # blockIdx.x parses back to the shared builtin Var


def test_golden_thread_bound_and_loop_kinds() -> None:
    text = print_ast(T.gpu_row_sum())
    assert "    thread_bind[blockIdx.x] for (i, 0, 64)\n" in text
    assert "      thread_bind[threadIdx.x] for (t, 0, 32)\n" in text
    assert "        if ((t < 32)) {\n" in text
    assert "  temp _Y_rf: shared float32[64, 32]\n" in text
    assert "  attrs(block_dim:[32, 1, 1], grid_dim:[64, 1, 1])\n" in text
    sink = print_ast(T.kitchen_sink())
    for line in ("parallel for (k, 0, 4)", "unroll for (u, 0, 2)", "vectorize[8] for (v, 0, 8)",
                 "default for (j, 0ll, 16ll)", "thread_bind[threadIdx.y] for (w, 0, 32)",
                 "thread_bind[blockIdx.z] for (k, 0, 2)"):
        assert line in sink


@pytest.mark.parametrize(("value", "dtype", "text"), [
    (2.0, "float32", "2.00000000f"),
    (-3.4028234663852886e38, "float32", "-3.40282347e+38f"),
    (0.1, "float32", "0.100000001f"),
    (1e-5, "float32", "9.99999975e-06f"),
    (0.1, "float64", "0.10000000000000001"),
    (2.0, "float16", "(float16)2f"),
    (-0.5, "bfloat16", "(bfloat16)-0.5f"),
    (math.inf, "float32", "__int_as_float(0x7f800000)"),
    (-math.inf, "float32", "__int_as_float(0xff800000)"),
    (math.inf, "float16", "cinn::common::raw_uint16_to_float16(0x7c00)"),
    (math.nan, "bfloat16", "cinn::common::raw_uint16_to_bfloat16(0x7FC0)"),
])
def test_float_literals(value: float, dtype: str, text: str) -> None:
    c = FloatImm(value, dtype)
    assert print_ast(c) == text
    back = parse_expr(text)
    assert back.dtype is DType(dtype)
    assert back.value == c.value or (math.isnan(back.value) and math.isnan(c.value))


@pytest.mark.parametrize(("value", "dtype", "text"), [
    (3, "int32", "3"), (-3, "int32", "-3"), (3, "int64", "3ll"), (-(2**31), "int32", "(int32_t)-2147483648"),
    (-5, "int16", "(int16_t)-5"), (7, "int8", "(int8_t)7"), (200, "uint8", "(uint8_t)200"),
    (9, "uint64", "9ull"), (1, "bool", "true"), (0, "bool", "false"),
])
def test_int_literals(value: int, dtype: str, text: str) -> None:
    assert print_ast(IntImm(value, dtype)) == text
    back = parse_expr(text)
    assert (back.value, back.dtype) == (value, DType(dtype))


# -- round trips -------------------------------------------------------------------------------


@pytest.mark.parametrize("make", [
    T.add_const, T.exp_add, lambda: T.exp_add(False), lambda: T.row_reduce("sum"), lambda: T.row_reduce("min"),
    T.col_reduce, T.softmax, lambda: T.softmax(False), T.gpu_row_sum, T.gpu_builtin_kernel,
])
def test_roundtrip_functions(make) -> None:  # type: ignore[no-untyped-def]
    roundtrip(make())


def test_roundtrip_every_node_kind() -> None:
    m = T.kitchen_sink()
    kinds = {type(n).__name__ for n in __import__("pirc.cinn.ast", fromlist=["walk"]).walk(m)}
    from pirc.cinn.ast.nodes import NODE_CLASSES

    assert kinds == {c.__name__ for c in NODE_CLASSES.values()}  # the module really has every kind
    back = roundtrip(m, map_free_vars=True)  # S is a free variable: a new object after parsing
    assert back.functions[1].body.stmts[0].body.stmts[0].loop_var.name == "i_1"  # shadowing renamed


@pytest.mark.parametrize("seed", range(60))
def test_roundtrip_random_expressions(seed: int) -> None:
    roundtrip(T.random_func(seed))


def test_roundtrip_fragments() -> None:
    i, j = b.var("i"), b.var("j")
    A = b.tensor("A", [4, 4], "float32", buffer="_A")
    s = For.serial(i, 0, 4, A.store([i, j], b.select(i < j, A[j, i], -1.0)))
    text = print_ast(s)
    assert text == "serial for (i, 0, 4)\n{\n  A[i, j] = select((i < j), A[j, i], -1.00000000f)\n}"
    assert_structural_equal(parse_stmt(text, {"j": j, "A": A}), s)
    assert_structural_equal(parse_stmt(text, [b.var("j"), A]), s, map_free_vars=True)


def test_names_that_are_keywords_or_clash_are_renamed() -> None:
    A = b.tensor("A", [4], "int32", buffer="_A")
    weird = [b.var("for"), b.var("x.y"), b.var("3d"), b.var("blockIdx.x")]  # the last is not the builtin
    body = A.store([0], weird[0] + weird[1] + weird[2] + weird[3])
    f = b.lowered_func("f", [b.arg_out(A)] + [b.arg_in(v) for v in weird], body)
    text = print_ast(f)
    assert "function f (_A, for_, x_y, _3d, blockIdx_x)" in text
    roundtrip(f)


def test_declaration_words_are_usable_names() -> None:
    """CINN names values var, var_0...; declaration words are keywords only in declarations."""
    var = b.tensor("var", [4], "float32", buffer="tensor")
    ins = [b.var("in"), b.var("out"), b.var("temp")]
    f = b.lowered_func("var", [b.arg_out(var)] + [b.arg_in(v) for v in ins],
                       var.store([ins[0]], Cast_f32(ins[1] + ins[2])))
    text = print_ast(f)
    assert "function var (tensor, in, out, temp)" in text and "  tensor var -> tensor\n" in text
    roundtrip(f)


def Cast_f32(e):  # type: ignore[no-untyped-def]
    return e.astype("float32")


def test_module_text_and_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    m = b.module("kernels", [T.add_const(), T.softmax()])
    text = to_text(m)
    assert text.startswith("Module kernels {\n\nfunction add_const (_A, _B)\n") and text.endswith("\n\n\n}\n")
    p = tmp_path / "k.ast"
    p.write_text(text)
    from pirc.cinn.ast import parse_file

    assert_structural_equal(parse_file(str(p)), m)
    assert parse_module(print_ast(T.add_const())).functions[0].name == "add_const"
    assert parse_function(text.replace("function fn_softmax", "function fn_softmax_x")[: 0] + print_ast(
        b.module("one", [T.add_const()]))).name == "add_const"


def test_parsed_text_is_usable() -> None:
    """A hand-written kernel parses, type-checks and runs."""
    import numpy as np

    f = parse_function("""
function fn_exp_add (_A, _B, M)
  in _A: float32[M, 256ll]
  out _B: float32[M, 256ll]
  in M: int64
  tensor A -> _A
  tensor B -> _B
{
  ScheduleBlock(root)
  {
    serial for (i, 0ll, M)
    {
      serial for (j, 0ll, 256ll)
      {
        ScheduleBlock(B)
        {
          i0, i1 = axis.bind(i, j)
          B[i0, i1] = (exp(A[i0, i1]) + 1.00000000f)  // a comment
        }
      }
    }
  }
}
""", "fn.ast")
    a = np.random.default_rng(0).standard_normal((3, 256)).astype(np.float32)
    np.testing.assert_allclose(evaluate(f, A=a)["_B"], np.exp(a) + 1, rtol=1e-6)
    assert isinstance(f.body.stmts[0], ScheduleBlockRealize) and isinstance(f.body.stmts[0].block, ScheduleBlock)
    assert f.body.stmts[0].span.line == 9 and str(f.span) == "fn.ast:2:1"


# -- parse errors --------------------------------------------------------------------------------

GOOD = print_ast(T.add_const())


@pytest.mark.parametrize(("text", "expected"), [
    (GOOD.replace("ScheduleBlock(B)", "ScheduleBlock(B"),
     "f.ast:14:9: error: unexpected '{', expected ')'\n        {\n        ^\n"),
    (GOOD.replace("(A[i0, i1] + 2.00000000f)", "(A[i0, k] + 2.00000000f)"),
     "f.ast:16:30: error: use of undeclared variable 'k'\n"
     "          B[i0, i1] = (A[i0, k] + 2.00000000f)\n                             ^\n"),
    (GOOD.replace("B[i0, i1] =", "Q[i0, i1] ="),
     "f.ast:16:11: error: use of undeclared tensor 'Q' (declare it: 'tensor Q: ...')\n"
     "          Q[i0, i1] = (A[i0, i1] + 2.00000000f)\n          ^\n"),
    (GOOD.replace("serial for (j, 0, 32)", "serial for (j, 0ll, 32)"),
     "f.ast:11:7: error: the loop minimum '0ll' is int64 but loop variable j is int32\n"
     "      serial for (j, 0ll, 32)\n      ^\n"),
    (GOOD.replace("  tensor A -> _A\n", ""), "f.ast:15:24: error: use of undeclared tensor 'A'"),
    (GOOD.replace("  in _A: float32[32, 32]\n", ""), "f.ast:4:15: error: use of undeclared buffer '_A'"),
    (GOOD.replace("  in _A: float32[32, 32]\n", "  buffer _A: float32[32, 32]\n"),
     "f.ast:1:21: error: argument '_A' is not declared (add a line such as 'in _A: float32[...]')"),
    (GOOD.replace("i0, i1 = axis.bind(i, j)", "i0, i1 = axis.bind(i)"),
     "f.ast:15:11: error: 2 iter vars but 1 values in axis.bind"),
    (GOOD.replace("2.00000000f", "2.0.0f"), "f.ast:16:36: error: invalid token '2.0.0f'"),
    (GOOD[:-2], "error: unexpected end of input, expected"),
    ("", "f.ast:1:1: error: the input is empty"),
    (GOOD.replace("(A[i0, i1] + 2.00000000f)", "(A[i0, i1] + true)"),
     "f.ast:16:34: error: cannot add float32 and bool"),
    (GOOD.replace("  tensor B -> _B\n", "  tensor B -> _B\n  tensor B -> _A\n"),
     "f.ast:5:10: error: tensor 'B' is declared twice"),
    (GOOD.replace("  out _B", "  out _A"),
     "f.ast:3:7: error: argument '_A' is declared twice\n  out _A: float32[32, 32]\n      ^\n"
     "f.ast:2:6: note: previous declaration here\n"),
])
def test_parse_errors_are_located(text: str, expected: str) -> None:
    with pytest.raises(PircError) as err:
        parse(text, "f.ast")
    rendered = err.value.render()
    assert expected in rendered, rendered
    assert "Traceback" not in rendered


def test_store_value_type_error_points_at_the_store() -> None:
    src = GOOD.replace("(A[i0, i1] + 2.00000000f)", "int32(A[i0, i1])")
    with pytest.raises(PircError, match="cannot store a int32 value to float32 tensor B") as err:
        parse(src, "f.ast")
    assert err.value.render().startswith("f.ast:16:11: error:")


def test_unknown_call_must_be_typed_to_be_used() -> None:
    x = b.var("x", "float32")
    with pytest.raises(PircError, match="cannot add void and float32"):
        parse_expr("(foo(x) + 1.00000000f)", [x])
    e = parse_expr("(foo<float32>(x) + 1.00000000f)", [x])
    assert e.a.dtype is DType.FLOAT32 and print_ast(e) == "(foo<float32>(x) + 1.00000000f)"


def test_store_and_let_give_a_bare_call_its_type() -> None:
    A = b.tensor("A", [4], "int64")
    s = parse_stmt("A[0] = cinn_get_value(1)", [A])
    assert isinstance(s, Store) and s.value.dtype is DType.INT64
    blk = parse_stmt("{\n  int64 S0 = cinn_get_value(2)\n  A[1] = S0\n}", [A])
    assert isinstance(blk.stmts[0], Let) and blk.stmts[0].value.dtype is DType.INT64
    assert print_ast(blk) == "{\n  int64 S0 = cinn_get_value(2)\n  A[1] = S0\n}"
