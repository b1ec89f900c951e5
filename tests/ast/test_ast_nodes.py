"""AST nodes: kinds, immutability, sharing, field tables, and type checks at construction."""

from __future__ import annotations

import dataclasses

import pytest

from pirc.cinn.ast import (
    Add,
    Block,
    Buffer,
    Call,
    Cast,
    DType,
    Expr,
    FloatImm,
    For,
    ForKind,
    IntImm,
    Kind,
    Load,
    LoweredFunc,
    Max,
    MemoryScope,
    Role,
    ScheduleBlock,
    ScheduleBlockRealize,
    Select,
    Shape,
    Store,
    Tensor,
    Var,
    as_,
    is_a,
    parse,
    to_dtype,
)
from pirc.cinn.ast import builder as b
from pirc.cinn.ast.nodes import NODE_CLASSES, round_float
from pirc.diagnostics import PircError


def test_every_concrete_kind_has_a_class() -> None:
    concrete = [k for k in Kind if k >= Kind.INT_IMM]
    assert sorted(NODE_CLASSES) == sorted(concrete)
    for k, cls in NODE_CLASSES.items():
        assert cls.KIND is k


def test_is_a_and_as_are_kind_tests() -> None:
    i = b.var("i")
    e = i + 1
    assert is_a(e, Kind.ADD) and is_a(e, Kind.ARITH) and is_a(e, Kind.BINARY) and is_a(e, Kind.EXPR)
    assert not is_a(e, Kind.STMT) and not is_a(e, Kind.CMP)
    assert is_a(i < 3, Kind.CMP) and is_a(~(i < 3), Kind.LOGICAL) and is_a(-i, Kind.UNARY)
    assert is_a(IntImm(1), Kind.IMM) and is_a(FloatImm(1.0), Kind.IMM)
    s = For.serial(i, 0, 4, Block(()))
    assert is_a(s, Kind.FOR) and is_a(s, Kind.STMT) and is_a(s, Kind.NODE)
    assert as_(e, Kind.ADD) is e and as_(e, Kind.MUL) is None
    assert is_a(e, Add) and is_a(e, Expr) and not is_a(e, Var)
    assert not is_a(3, Kind.EXPR) and as_(None, Kind.EXPR) is None


def test_nodes_are_immutable_shared_and_compared_by_identity() -> None:
    i = b.var("i")
    x = i + 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        x.a = i  # type: ignore[misc]
    y = i + 1
    assert x is not y and x != y and len({x, y}) == 2
    shared = x * x  # a DAG: the same node twice
    assert shared.a is shared.b
    assert not hasattr(x, "__dict__")  # slotted
    with pytest.raises(TypeError, match="truth value"):
        bool(i < 3)


def test_field_tables() -> None:
    fields = {f.name: (f.role, f.shape) for f in For.FIELDS}
    assert fields["loop_var"] == (Role.DEF, Shape.NODE)
    assert fields["body"] == (Role.USUAL, Shape.NODE)
    assert fields["kind"] == (Role.USUAL, Shape.ATTR)
    assert fields["span"][0] is Role.IGNORE
    assert {f.name: f.role for f in Var.FIELDS}["name"] is Role.IGNORE
    assert {f.name: f.role for f in Add.FIELDS}["dtype"] is Role.DERIVED
    assert {f.name: f.role for f in ScheduleBlock.FIELDS}["iter_vars"] is Role.DEF


def test_python_operators_and_literal_coercion() -> None:
    i = b.var("i")
    n = b.var("n", "int64")
    x = b.var("x", "float32")
    assert (i + 1).b.dtype is DType.INT32
    assert (n * 2).b.dtype is DType.INT64
    assert (x + 1).b.dtype is DType.FLOAT32 and (x + 1).b.value == 1.0
    assert (2 - x).a.value == 2.0
    assert (i < 3).dtype is DType.BOOL
    assert i.eq(3).KIND is Kind.EQ and i.ne(3).KIND is Kind.NE
    assert (i // 2).KIND is Kind.DIV and (i % 2).KIND is Kind.MOD
    assert x.astype("int32").dtype is DType.INT32
    c = (i < 3) & ~(i > 5) | (i.eq(0))
    assert c.dtype is DType.BOOL
    A = b.tensor("A", [4, n], "float32")
    assert A.shape[0].dtype is DType.INT64  # Python ints in a shape follow its symbolic dims
    ld = A[i, 0]
    assert isinstance(ld, Load) and ld.dtype is DType.FLOAT32
    assert isinstance(A.store([i, 0], 1), Store)


def test_float_immediates_are_rounded_to_their_type() -> None:
    assert FloatImm(0.1).value == round_float(0.1, DType.FLOAT32) != 0.1
    assert FloatImm(0.1, "float64").value == 0.1
    assert FloatImm(1 / 3, "float16").value == round_float(1 / 3, DType.FLOAT16)
    assert FloatImm(1.00390625, "bfloat16").value == 1.0  # round to nearest even on 8 bits
    with pytest.raises(PircError, match="out of range"):
        FloatImm(1e39)


def test_int_immediates_check_their_range() -> None:
    assert IntImm(-(2**31)).value == -(2**31)
    for v, dt in ((2**31, "int32"), (-129, "int8"), (256, "uint8"), (-1, "uint32"), (2, "bool")):
        with pytest.raises(PircError, match="fit|bool"):
            IntImm(v, dt)
    with pytest.raises(PircError):
        IntImm(3, "float32")


def test_dtype_names() -> None:
    assert to_dtype("f32") is DType.FLOAT32 and to_dtype("i64") is DType.INT64 and to_dtype("b") is DType.BOOL
    assert str(DType.BFLOAT16) == "bfloat16" and DType.UINT8.is_uint and DType.FLOAT16.is_float
    import numpy as np

    assert to_dtype(np.float32) is DType.FLOAT32 and DType.BFLOAT16.numpy == np.dtype("float32")
    with pytest.raises(ValueError):
        to_dtype("float128")


# -- type errors are located --------------------------------------------------------------


def test_float_plus_int_is_an_error_at_the_python_line() -> None:
    x, i = b.var("x", "float32"), b.var("i")
    with pytest.raises(PircError) as err:
        x + i  # noqa: B018 - the line the diagnostic points at
    text = err.value.render()
    assert "cannot add float32 and int32" in text
    assert text.startswith(f"{__file__}:")  # the location is this file...
    assert "x + i  # noqa" in text and "^" in text  # ...with the line and a caret


def test_type_errors_at_parsed_spans() -> None:
    src = """function f (_A)
  inout _A: float32[4]
  tensor A -> _A
{
  serial for (i, 0, 4)
  {
    A[i] = (A[i] + i)
  }
}
"""
    with pytest.raises(PircError) as err:
        parse(src, "k.ast")
    assert err.value.render() == (
        "k.ast:7:18: error: cannot add float32 and int32: the operands of '+' must have the same type "
        "('A[i]' is float32, 'i' is int32); insert a cast\n"
        "    A[i] = (A[i] + i)\n"
        "                 ^\n"
    )


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda i, x, A: Store(A, (i,), i), "cannot store a int32 value to float32 tensor A"),
        (lambda i, x, A: Load(A, (x,)), "indices of A must be integer"),
        (lambda i, x, A: Load(A, (i, i)), "has 1 dimensions but is indexed with 2"),
        (lambda i, x, A: For(x, 0, 4, Block(())), "loop variable x must be an integer"),
        (lambda i, x, A: For(b.var("n", "int64"), 0, i, Block(())), "loop extent 'i' is int32"),
        (lambda i, x, A: Select(i, x, x), "condition of select must be bool"),
        (lambda i, x, A: Select(i < 1, x, i), "values of select have different types"),
        (lambda i, x, A: (i < 1) & i, "cannot combine bool and int32"),
        (lambda i, x, A: i & i, "'and' needs bool operands"),
        (lambda i, x, A: Max(x, i), "cannot take the max of float32 and int32"),
        (lambda i, x, A: b.exp(i), "exp needs a floating-point argument"),
        (lambda i, x, A: x + 1.5 * i, "cannot use the float 1.5 as a int32"),
        (lambda i, x, A: Cast("void", x), "cannot cast to void"),
        (lambda i, x, A: Call("select", (x,)), "node of its own"),
        (lambda i, x, A: Tensor("for", (4,)), "keyword"),
        (lambda i, x, A: Tensor("T", (4,), "float32", Buffer("_T", (4,), "int32")), "its buffer _T holds int32"),
        (lambda i, x, A: Tensor("T", (4,), "float32", Buffer("_T", (4,)), MemoryScope.SHARED), "is shared"),
        (lambda i, x, A: ScheduleBlockRealize((i,), ScheduleBlock("s", (), Block(()))), "0 iter vars but 1"),
        (lambda i, x, A: ScheduleBlockRealize((x,), ScheduleBlock("s", (i,), Block(()))), "bound to a float32"),
        (lambda i, x, A: For(i, 0, 4, Block(()), kind=ForKind.GPU_BLOCK), "needs axis 0, 1 or 2"),
        (lambda i, x, A: For(i, 0, 4, Block(()), kind=ForKind.VECTORIZED), "positive factor"),
        (lambda i, x, A: LoweredFunc("f", (A.buffer, A.buffer), Block(())), "two arguments named _A"),
        (lambda i, x, A: b.arg_out(i), "must be 'in'"),
    ],
)
def test_builder_type_errors(build, message) -> None:  # type: ignore[no-untyped-def]
    i, x = b.var("i"), b.var("x", "float32")
    A = b.tensor("A", [4], "float32", buffer="_A")
    with pytest.raises(PircError, match=message.replace("(", r"\(").replace(")", r"\)")):
        build(i, x, A)


def test_call_result_types() -> None:
    x = b.var("x", "float16")
    assert Call("exp", (x,)).dtype is DType.FLOAT16
    assert Call("cinn_nvgpu_exp_fp32", (b.var("y", "float32"),)).dtype is DType.FLOAT32
    assert Call("isnan", (x,)).dtype is DType.BOOL
    assert Call("__syncthreads", ()).dtype is DType.VOID
    assert Call("cinn_block_reduce_sum_fp32", (b.var("y", "float32"), True)).dtype is DType.FLOAT32
    assert Call("get", (), DType.INT64).dtype is DType.INT64
    assert Call("my_extern", (x,)).dtype is DType.VOID  # an unknown call is void unless typed


def test_for_helpers_and_bind_names() -> None:
    i = b.var("i")
    body = b.block()
    assert For.bind(i, 0, 64, "blockIdx.x", body).bind_name == "blockIdx.x"
    assert For.bind(i, 0, 64, "threadIdx.z", body).axis == 2
    assert For.vectorized(i, 0, 64, body, factor=4).factor == 4
    assert For.serial(i, 0, 64, body).bind_name is None
    f = For.serial(i, 0, 8, b.store(b.tensor("T", [8]), [i], 0.0))  # a bare statement body becomes a Block
    assert isinstance(f.body, Block) and len(f.body.stmts) == 1
    with pytest.raises(PircError):
        For.bind(i, 0, 64, "warpIdx.x", body)


def test_lowered_func_helpers() -> None:
    M = b.var("M", "int64")
    A = b.tensor("A", [M, 4], buffer="_A")
    B = b.tensor("B", [4, M], buffer="_B")
    f = b.lowered_func("f", [b.arg_in(A), b.arg_out(B), b.arg_in(M)], [])
    assert f.symbol_bindings() == {M: (0, 0)}
    assert [a.name for a in f.inputs] == ["_A", "M"] and [a.name for a in f.outputs] == ["_B"]
    assert f.arg("M").is_var and f.prebound_vars() == (M,)
