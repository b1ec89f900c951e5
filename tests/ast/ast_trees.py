"""Trees for the AST tests: CINN's examples, reductions, GPU kernels, one
function with every node kind, and a seeded random expression generator."""

from __future__ import annotations

import math
import random

from pirc.cinn.ast import builder as b
from pirc.cinn.ast.nodes import (
    Add,
    And,
    Block,
    Call,
    Cast,
    Div,
    EQ,
    Evaluate,
    Expr,
    FloatImm,
    For,
    ForKind,
    GE,
    GT,
    IfThenElse,
    IntImm,
    LE,
    LT,
    Let,
    LoweredFunc,
    Max,
    Min,
    Minus,
    Mod,
    Module,
    Mul,
    NE,
    Not,
    Or,
    Select,
    StringImm,
    Sub,
    Tensor,
    Var,
)

F32, I32, I64 = "float32", "int32", "int64"


def add_const() -> LoweredFunc:
    """CINN's lowering test: B = A + 2 over 32x32."""
    A = b.tensor("A", [32, 32], F32, buffer="_A")
    B = b.tensor("B", [32, 32], F32, buffer="_B")
    return b.lowered_func("add_const", [b.arg_in(A), b.arg_out(B)], b.root(b.compute(B, lambda i, j: A[i, j] + 2.0)))


def exp_add(symbolic: bool = True) -> LoweredFunc:
    """B = exp(A) + 1 over [M, N] with symbolic M."""
    M = b.var("M", I64) if symbolic else 64
    A = b.tensor("A", [M, 256], F32, buffer="_A")
    B = b.tensor("B", [M, 256], F32, buffer="_B")
    args = [b.arg_in(A), b.arg_out(B)] + ([b.arg_in(M)] if symbolic else [])
    return b.lowered_func("fn_exp_add", args, b.root(b.compute(B, lambda i, j: b.exp(A[i, j]) + 1.0)))


def row_reduce(combine: str = "sum", n: int = 128) -> LoweredFunc:
    """Y[i] = combine_k X[i, k], lowered CINN-style with an init block."""
    M = b.var("M", I64)
    X = b.tensor("X", [M, n], F32, buffer="_X")
    Y = b.tensor("Y", [M], F32, buffer="_Y")
    body = b.root(b.reduce(Y, lambda i, k: X[i, k], [n], combine=combine))
    return b.lowered_func(f"fn_reduce_{combine}", [b.arg_in(X), b.arg_out(Y), b.arg_in(M)], body)


def col_reduce(n: int = 64) -> LoweredFunc:
    """Y[j] = sum_i X[i, j] (reduce over the first axis)."""
    X = b.tensor("X", [n, 32], F32, buffer="_X")
    Y = b.tensor("Y", [32], F32, buffer="_Y")
    body = b.root(b.reduce(Y, lambda j, i: X[i, j], [n], combine="sum"))
    return b.lowered_func("fn_col_sum", [b.arg_in(X), b.arg_out(Y)], body)


def softmax(symbolic: bool = True, n: int = 256) -> LoweredFunc:
    M = b.var("M", I64) if symbolic else 64
    X = b.tensor("X", [M, n], F32, buffer="_X")
    Y = b.tensor("Y", [M, n], F32, buffer="_Y")
    mx = b.tensor("mx", [M], F32, buffer=b.buffer("_mx", [M], F32, "local"))
    sm = b.tensor("sm", [M], F32, buffer=b.buffer("_sm", [M], F32, "local"))
    body = b.root(
        b.reduce(mx, lambda i, k: X[i, k], [n], combine="max"),
        b.reduce(sm, lambda i, k: b.exp(X[i, k] - mx[i]), [n], combine="sum"),
        b.compute(Y, lambda i, j: b.exp(X[i, j] - mx[i]) / sm[i]),
    )
    args = [b.arg_in(X), b.arg_out(Y)] + ([b.arg_in(M)] if symbolic else [])
    return b.lowered_func("fn_softmax", args, body, temp_bufs=[mx.buffer, sm.buffer])


def gpu_row_sum() -> LoweredFunc:
    """A row sum scheduled for CUDA: blockIdx.x over rows, threadIdx.x over a split of the
    reduce axis into a local rf buffer, then a serial combine; with bound guards."""
    X = b.tensor("X", [64, 128], F32, buffer="_X")
    Y = b.tensor("Y", [64], F32, buffer="_Y")
    rf_buf = b.buffer("_Y_rf", [64, 32], F32, "shared")
    rf = Tensor("Y_rf", (64, 32), "float32", rf_buf)
    i, t, k, r = b.var("i"), b.var("t"), b.var("k"), b.var("r")
    i0, t0, k0, r0 = b.var("i0"), b.var("t0"), b.var("k0"), b.var("r0")
    init_rf = b.schedule_block("Y_rf__reduce_init", [(i0, i), (t0, t)], rf.store([i0, t0], 0.0))
    i0b, t0b, k0b = b.var("i0"), b.var("t0"), b.var("k0")
    acc = b.schedule_block(
        "Y_rf", [(i0b, i), (t0b, t), (k0b, k)],
        rf.store([i0b, t0b], rf[i0b, t0b] + X[i0b, t0b * 4 + k0b]), reduce_axes=[k0b])
    i0c = b.var("i0")
    init_y = b.schedule_block("Y__reduce_init", [(i0c, i)], Y.store([i0c], 0.0))
    i0d = b.var("i0")
    comb = b.schedule_block("Y", [(i0d, i), (r0, r)], Y.store([i0d], Y[i0d] + rf[i0d, r0]), reduce_axes=[r0])
    body = b.root(For.bind(i, 0, 64, "blockIdx.x", [
        For.bind(t, 0, 32, "threadIdx.x", [
            IfThenElse(t < 32, [init_rf, For.serial(k, 0, 4, acc)]),
        ]),
        Evaluate(b.call("__syncthreads")),
        init_y,
        For.serial(r, 0, 32, comb),
    ]))
    del k0, t0  # unused names kept for symmetry
    return b.lowered_func("fn_gpu_row_sum", [b.arg_in(X), b.arg_out(Y)], body, temp_bufs=[rf_buf],
                          attrs={"grid_dim": [64, 1, 1], "block_dim": [32, 1, 1]})


def gpu_builtin_kernel() -> LoweredFunc:
    """After RemoveGpuForloopsAxis: indices use blockIdx.x / threadIdx.x directly."""
    A = b.tensor("A", [16, 64], F32, buffer="_A")
    B = b.tensor("B", [16, 64], F32, buffer="_B")
    bx, tx = b.gpu("blockIdx.x"), b.gpu("threadIdx.x")
    body = IfThenElse(bx < 16, [IfThenElse(tx < 64, [B.store([bx, tx], A[bx, tx] * 2.0)])])
    return b.lowered_func("fn_gpu_scale", [b.arg_in(A), b.arg_out(B)], body,
                          attrs={"grid_dim": [16, 1, 1], "block_dim": [64, 1, 1]})


def kitchen_sink() -> Module:
    """One module that uses every node kind, loop kind and literal spelling."""
    M = b.var("M", I64)
    S = b.var("S", I32)  # a free variable (declared with `var`)
    A = b.tensor("A", [M, 16], F32, buffer="_A")
    C = b.tensor("C", [M, 16], F32, buffer="_C")
    H = b.tensor("H", [4], "float16", buffer="_H")
    BF = b.tensor("BF", [4], "bfloat16", buffer="_BF")
    D = b.tensor("D", [4], "float64", buffer="_D")
    I8 = b.tensor("I8", [4], "int8", buffer="_I8")
    U8 = b.tensor("U8", [4], "uint8", buffer="_U8")
    I16 = b.tensor("I16", [4], "int16", buffer="_I16")
    U32 = b.tensor("U32", [4], "uint32", buffer="_U32")
    Q = b.tensor("Q", [4], "int64", buffer="_Q")
    Bo = b.tensor("Bo", [4], "bool", buffer="_Bo")
    shm = b.buffer("shm32__fp32_reduce", [32], F32, "shared")
    loc = b.tensor("loc", [1], F32, scope="local")  # a tensor with no buffer
    view = Tensor("C_flat", (16,), "float32", C.buffer)  # a second view of C's buffer, other shape
    other = b.buffer("_spill", [8], F32, "global")  # a buffer that is neither an argument nor a temp
    spill = Tensor("spill", (8,), "float32", other)
    i, j, k, u, v, w = b.var("i", I64), b.var("j", I64), b.var("k"), b.var("u"), b.var("v"), b.var("w")
    i0, j0 = b.var("i0", I64), b.var("j0", I64)
    t = b.var("t", I64)
    x = b.var("x", F32)
    a = A[i0, j0]
    e1 = Select(And(LT(a, 0.0), Not(EQ(i0, j0))), Minus(a), Max(a, Min(a, -1.5)))
    e2 = Div(Mul(Sub(Add(a, 1.0), 2.5e-05), 3.0), Cast("float32", Mod(i0, 3)))
    e3 = Select(Or(GE(i0, 2), NE(j0, 0)), Cast("float32", LE(i0, 1)), Cast("float32", GT(j0, 5)))
    e4 = b.call("cinn_nvgpu_exp_fp32", a) + b.erf(a) + b.call("my_extern", a, dtype=F32)
    e5 = Cast("float32", b.call("cinn_get_value", StringImm('say "hi"\n'), dtype=I64))
    blk = b.schedule_block(
        "C", [(i0, i), (j0, j)], C.store([i0, j0], e1 + e2 + e3 + e4 + e5),
        reads=[b.region(A, i0, (0, 16))], writes=[b.region(C, i0, j0)],
        attrs={"reduce_type": 1, "tag": "ew", "ratio": 0.5, "flag": True, "dims": [1, -2, 3]})
    lit_stores = [
        H.store([0], FloatImm(-0.333, "float16")), H.store([1], FloatImm(math.inf, "float16")),
        BF.store([0], FloatImm(1.0e10, "bfloat16")), BF.store([1], FloatImm(-math.inf, "bfloat16")),
        D.store([0], FloatImm(0.1, "float64")), D.store([1], FloatImm(math.nan, "float64")),
        D.store([2], FloatImm(-math.inf, "float64")),
        I8.store([0], IntImm(-128, "int8")), U8.store([0], IntImm(255, "uint8")),
        I16.store([0], IntImm(-7, "int16")), U32.store([0], IntImm(7, "uint32")),
        Q.store([0], IntImm(-(2**63), "int64")), Q.store([1], Cast("int64", IntImm(-(2**31), "int32"))),
        Bo.store([0], True), Bo.store([1], IntImm(0, "bool")),
        loc.store([0], FloatImm(math.nan)), loc.store([0], FloatImm(-math.inf)),
        loc.store([0], FloatImm(3.4028234663852886e38)), loc.store([0], FloatImm(1e-45)),
        view.store([3], loc[0]), spill.store([0], Cast("float32", S)),
    ]
    loops = Block((
        For.serial(i, IntImm(0, I64), M, [
            For(j, IntImm(0, I64), IntImm(16, I64), blk, kind=ForKind.DEFAULT),
        ]),
        For.parallel(k, 0, 4, [For.unrolled(u, 0, 2, [For.vectorized(v, 0, 8, [Block(())], factor=8)])]),
        For.bind(w, 0, 32, "threadIdx.y", [
            IfThenElse(w < 16, [Evaluate(b.call("__syncthreads"))],
                       [Evaluate(b.call("cinn_block_reduce_sum_fp32", loc[0], shm, False, dtype=F32))]),
        ]),
        Let(t, M * 2), Let(x), For.bind(k, 0, 2, "blockIdx.z", Evaluate(b.call("use", t, Tensor("A", A.shape, F32, A.buffer)))),
    ))
    f1 = b.lowered_func("fn_sink", [b.arg_in(A), b.arg_inout(C), b.arg_out(H), b.arg_out(BF), b.arg_out(D),
                                    b.arg_out(I8), b.arg_out(U8), b.arg_out(I16), b.arg_out(U32), b.arg_out(Q),
                                    b.arg_out(Bo), b.arg_in(M)],
                        b.block(b.root(loops), *lit_stores), temp_bufs=[shm],
                        attrs={"grid_dim": [1, 1, 1], "note": "kitchen sink"})
    # the second function: shadowing and name clashes the printer must rename
    n1, n2 = b.var("i"), b.var("i")
    E = b.tensor("E", [8, 8], I32, buffer="_E")
    inner = For.serial(n2, 0, 8, E.store([n1, n2], n1 * 8 + n2 // 2 - n1 % 3))
    f2 = b.lowered_func("fn_shadow", [b.arg_out(E)], For.serial(n1, 0, 8, inner))
    return b.module("kitchen", [f1, f2])


# ---------------------------------------------------------------------------------------
# random expressions
# ---------------------------------------------------------------------------------------

_ARITH = (Add, Sub, Mul, Div, Min, Max)
_CMP = (EQ, NE, LT, LE, GT, GE)


def random_expr(rng: random.Random, depth: int, ints: list[Var], floats: list[Expr], want: str = "float32") -> Expr:
    """A random well-typed expression of type ``want`` (``float32``, ``int32`` or ``bool``)."""
    if depth <= 0 or rng.random() < 0.2:
        if want == "bool":
            return IntImm(rng.randint(0, 1), "bool")
        if want == "int32":
            return rng.choice(ints) if rng.random() < 0.7 else IntImm(rng.randint(-50, 50))
        if rng.random() < 0.6 and floats:
            return rng.choice(floats)
        return FloatImm(rng.choice([0.0, 1.0, -2.5, 1e-7, 3.14159, -1e30, 0.1]))
    d = depth - 1
    r = rng.random()
    if want == "bool":
        if r < 0.5:
            ty = rng.choice(["int32", "float32"])
            return rng.choice(_CMP)(random_expr(rng, d, ints, floats, ty), random_expr(rng, d, ints, floats, ty))
        if r < 0.8:
            return rng.choice((And, Or))(random_expr(rng, d, ints, floats, "bool"), random_expr(rng, d, ints, floats, "bool"))
        return Not(random_expr(rng, d, ints, floats, "bool"))
    if r < 0.5:
        ops = _ARITH + ((Mod,) if want == "int32" else ())
        return rng.choice(ops)(random_expr(rng, d, ints, floats, want), random_expr(rng, d, ints, floats, want))
    if r < 0.6:
        return Minus(random_expr(rng, d, ints, floats, want))
    if r < 0.7:
        return Select(random_expr(rng, d, ints, floats, "bool"), random_expr(rng, d, ints, floats, want),
                      random_expr(rng, d, ints, floats, want))
    if r < 0.8:
        src = "int32" if want == "float32" else "float32"
        return Cast(want, random_expr(rng, d, ints, floats, src))
    if want == "float32" and r < 0.9:
        return Call(rng.choice(["exp", "tanh", "sqrt", "cinn_nvgpu_erf_fp32"]), (random_expr(rng, d, ints, floats, want),))
    return random_expr(rng, d, ints, floats, want)


def random_func(seed: int) -> LoweredFunc:
    """C[i, j] = <random float expression of A[i, j], B[j], i, j> over 6x5, under a random loop nest."""
    rng = random.Random(seed)
    A = b.tensor("A", [6, 5], F32, buffer="_A")
    Bt = b.tensor("B", [5], F32, buffer="_B")
    C = b.tensor("C", [6, 5], F32, buffer="_C")

    def fn(i0: Var, i1: Var) -> Expr:
        return random_expr(rng, 5, [i0, i1], [A[i0, i1], Bt[i1]], "float32")

    kind = rng.choice(["serial", "parallel", "unroll", "default"])
    body = b.root(b.compute(C, fn, kind=kind))
    return b.lowered_func(f"fn_random_{seed}", [b.arg_in(A), b.arg_in(Bt), b.arg_out(C)], body)


__all__ = [
    "add_const", "col_reduce", "exp_add", "gpu_builtin_kernel", "gpu_row_sum",
    "kitchen_sink", "random_expr", "random_func", "row_reduce", "softmax",
]
