"""LoweredFuncs for the codegen tests, built by hand with the AST builder (as lowering would)."""

from __future__ import annotations

import sys
from pathlib import Path

from pirc.cinn.ast import builder as b
from pirc.cinn.ast.nodes import (
    Block,
    Cast,
    Evaluate,
    For,
    IfThenElse,
    IntImm,
    Let,
    LoweredFunc,
    Select,
    Tensor,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ast"))
import ast_trees as T

F32, F64, I32, I64 = "float32", "float64", "int32", "int64"


def elementwise_symbolic() -> LoweredFunc:
    """B[i, j] = exp(A[i, j]) * 2 + A[i, j] * C[j] over [M, 64], symbolic M."""
    M = b.var("M", I64)
    A = b.tensor("A", [M, 64], F32, buffer="_A")
    C = b.tensor("C", [64], F32, buffer="_C")
    B = b.tensor("B", [M, 64], F32, buffer="_B")
    body = b.root(b.compute(B, lambda i, j: b.exp(A[i, j]) * 2.0 + A[i, j] * C[j]))
    return b.lowered_func("fn_ew", [b.arg_in(A), b.arg_in(C), b.arg_out(B), b.arg_in(M)], body,
                          attrs={"group": "group_0"})


def multi_axis_reduce() -> LoweredFunc:
    """Y[i] = sum_{j, k} X[i, j, k] over [M, 8, 16]."""
    M = b.var("M", I64)
    X = b.tensor("X", [M, 8, 16], F32, buffer="_X")
    Y = b.tensor("Y", [M], F32, buffer="_Y")
    body = b.root(b.reduce(Y, lambda i, j, k: X[i, j, k], [8, 16], combine="sum"))
    return b.lowered_func("fn_reduce2", [b.arg_in(X), b.arg_out(Y), b.arg_in(M)], body)


def softmax_static() -> LoweredFunc:
    """Softmax over a constant [16, 32] with constant-size temps (on the stack in C)."""
    return T.softmax(symbolic=False, n=32)


def softmax_global_temps() -> LoweredFunc:
    """Softmax [M, 128] whose temps are global (a workspace on CUDA, heap in C)."""
    M = b.var("M", I64)
    X = b.tensor("X", [M, 128], F32, buffer="_X")
    Y = b.tensor("Y", [M, 128], F32, buffer="_Y")
    mx = b.tensor("mx", [M], F32, buffer=b.buffer("_mx", [M], F32, "global"))
    sm = b.tensor("sm", [M], F32, buffer=b.buffer("_sm", [M], F32, "global"))
    body = b.root(
        b.reduce(mx, lambda i, k: X[i, k], [128], combine="max"),
        b.reduce(sm, lambda i, k: b.exp(X[i, k] - mx[i]), [128], combine="sum"),
        b.compute(Y, lambda i, j: b.exp(X[i, j] - mx[i]) / sm[i]),
    )
    return b.lowered_func("fn_softmax_g", [b.arg_in(X), b.arg_out(Y), b.arg_in(M)], body,
                          temp_bufs=[mx.buffer, sm.buffer])


def casts_selects() -> LoweredFunc:
    """Casts both ways, selects, a leaky relu, float -> int truncation, int -> bool."""
    A = b.tensor("A", [40], F32, buffer="_A")
    K = b.tensor("K", [40], I32, buffer="_K")
    O = b.tensor("O", [40], F32, buffer="_O")
    Q = b.tensor("Q", [40], I32, buffer="_Q")
    Bo = b.tensor("Bo", [40], "bool", buffer="_Bo")
    body = b.root(
        b.compute(O, lambda i: b.select(A[i] > 0.0, A[i], A[i] * 0.1) + b.cast(K[i], F32) * 0.5
                  + b.cast(b.cast(A[i] * 10.0, I32), F32)),
        b.compute(Q, lambda i: b.cast(A[i] * 7.0, I32) + b.select(K[i] > 3, K[i], -K[i])),
        b.compute(Bo, lambda i: b.cast(K[i], "bool") & (A[i] < 0.5)),
    )
    return b.lowered_func("fn_casts", [b.arg_in(A), b.arg_in(K), b.arg_out(O), b.arg_out(Q), b.arg_out(Bo)], body)


def int64_kernel() -> LoweredFunc:
    """int64 arithmetic with C division semantics: / and % by negatives and by zero."""
    N = b.var("N", I64)
    A = b.tensor("A", [N], I64, buffer="_A")
    Bt = b.tensor("B", [N], I64, buffer="_B")
    C = b.tensor("C", [N], I64, buffer="_C")
    D = b.tensor("D", [N], I64, buffer="_D")
    body = b.root(
        b.compute(C, lambda i: (A[i] * 3 - Bt[i]) / Bt[i] + b.maximum(A[i], Bt[i])),
        b.compute(D, lambda i: A[i] % Bt[i] + A[i] / 7 - b.minimum(A[i], -Bt[i]) + A[i] % 5),
    )
    return b.lowered_func("fn_i64", [b.arg_in(A), b.arg_in(Bt), b.arg_out(C), b.arg_out(D), b.arg_in(N)], body)


def bool_kernel() -> LoweredFunc:
    """Bool logic and and/or reductions over the rows of a bool matrix."""
    M = b.var("M", I64)
    X = b.tensor("X", [M, 12], "bool", buffer="_X")
    Any = b.tensor("Any", [M], "bool", buffer="_Any")
    All = b.tensor("All", [M], "bool", buffer="_All")
    Nt = b.tensor("Nt", [M, 12], "bool", buffer="_Nt")
    i0, k0 = b.var("i0", I64), b.var("k0", I64)
    del i0, k0

    def red(out, combine_or):  # type: ignore[no-untyped-def]
        from pirc.cinn.ast.nodes import And, Or

        init = not combine_or
        i, k = b.var("i", I64), b.var("reduce_k", I64)
        ii, kk = b.var("i0", I64), b.var("i1", I64)
        iinit = b.var("i0", I64)
        init_blk = b.schedule_block(out.name + "__reduce_init", [(iinit, i)], out.store([iinit], init))
        op = Or if combine_or else And
        upd = b.schedule_block(out.name, [(ii, i), (kk, k)], out.store([ii], op(out[ii], X[ii, kk])), reduce_axes=[kk])
        return For.serial(i, IntImm(0, I64), M, [init_blk, For.serial(k, IntImm(0, I64), IntImm(12, I64), upd)])

    body = b.root(red(Any, True), red(All, False),
                  b.compute(Nt, lambda i, j: ~X[i, j] | (X[i, j] & X[i, 11 - j])))
    return b.lowered_func("fn_bool", [b.arg_in(X), b.arg_out(Any), b.arg_out(All), b.arg_out(Nt), b.arg_in(M)], body)


def float64_kernel() -> LoweredFunc:
    A = b.tensor("A", [3, 7], F64, buffer="_A")
    B = b.tensor("B", [3, 7], F64, buffer="_B")
    S = b.tensor("S", [3], F64, buffer="_S")
    body = b.root(
        b.compute(B, lambda i, j: b.sqrt(b.abs_(A[i, j])) + b.log(b.abs_(A[i, j]) + 1.0)
                  + b.pow_(b.abs_(A[i, j]), 1.5) + b.tanh(A[i, j]) * 1e-3),
        b.reduce(S, lambda i, k: A[i, k] * A[i, k], [7], combine="sum"),
    )
    return b.lowered_func("fn_f64", [b.arg_in(A), b.arg_out(B), b.arg_out(S)], body)


def small_int_kernel() -> LoweredFunc:
    """int8 / uint8 / int16 arithmetic wraps at its own width (as numpy's does)."""
    A = b.tensor("A", [16], "int8", buffer="_A")
    U = b.tensor("U", [16], "uint8", buffer="_U")
    C = b.tensor("C", [16], "int8", buffer="_C")
    V = b.tensor("V", [16], "uint8", buffer="_V")
    H = b.tensor("H", [16], "int16", buffer="_H")
    body = b.root(
        b.compute(C, lambda i: A[i] * 3 + 100 - A[i] / 3),
        b.compute(V, lambda i: U[i] * 2 + 200),
        b.compute(H, lambda i: b.cast(A[i], "int16") * 300 + b.cast(U[i], "int16")),
    )
    return b.lowered_func("fn_small", [b.arg_in(A), b.arg_in(U), b.arg_out(C), b.arg_out(V), b.arg_out(H)], body)


def half_kernel() -> LoweredFunc:
    """float16 math rounded per op; bfloat16 rounded on cast / store."""
    H = b.tensor("H", [64], "float16", buffer="_H")
    O = b.tensor("O", [64], "float16", buffer="_O")
    F = b.tensor("F", [64], F32, buffer="_F")
    G = b.tensor("G", [64], "bfloat16", buffer="_G")
    P = b.tensor("P", [64], F32, buffer="_P")
    body = b.root(
        b.compute(O, lambda i: b.exp(H[i]) * H[i] + b.cast(F[i], "float16") / 3.0),
        b.compute(G, lambda i: b.cast(F[i] * 1.1, "bfloat16") + b.cast(H[i], "bfloat16")),
        b.compute(P, lambda i: b.cast(G[i], F32) + b.cast(O[i], F32)),
    )
    return b.lowered_func("fn_half", [b.arg_in(H), b.arg_in(F), b.arg_out(O), b.arg_out(G), b.arg_out(P)], body)


def math_kernel() -> LoweredFunc:
    """Every math intrinsic the C target maps, including NaN-propagating max / min."""
    A = b.tensor("A", [50], F32, buffer="_A")
    Bt = b.tensor("B", [50], F32, buffer="_B")
    outs = []
    exprs = {
        "exp": lambda i: b.exp(A[i] * 0.1), "tanh": lambda i: b.tanh(A[i]), "erf": lambda i: b.erf(A[i]),
        "sqrt": lambda i: b.sqrt(b.abs_(A[i])), "rsqrt": lambda i: b.rsqrt(b.abs_(A[i]) + 1.0),
        "sigmoid": lambda i: b.sigmoid(A[i]), "log": lambda i: b.log(b.abs_(A[i]) + 0.5),
        "floor": lambda i: b.floor(A[i]), "ceil": lambda i: b.ceil(A[i]),
        "round": lambda i: b.call("round", A[i]), "pow": lambda i: b.pow_(b.abs_(A[i]), Bt[i]),
        "fmod": lambda i: b.call("fmod", A[i], Bt[i]), "rem": lambda i: b.call("remainder", A[i], Bt[i]),
        "sign": lambda i: b.call("sign", A[i]), "nan": lambda i: b.cast(b.call("isnan", A[i]), F32),
        "inf": lambda i: b.cast(b.call("isinf", A[i]), F32), "fin": lambda i: b.cast(b.call("isfinite", A[i]), F32),
        "mx": lambda i: b.maximum(A[i], Bt[i]), "mn": lambda i: b.minimum(A[i], Bt[i]),
        "relu": lambda i: b.call("relu", A[i]), "nvexp": lambda i: b.call("cinn_nvgpu_exp_fp32", A[i] * 0.2),
        "fma": lambda i: b.call("fma", A[i], Bt[i], 1.5),
    }
    stmts = []
    for name, fn in exprs.items():
        t = b.tensor("o_" + name, [50], F32, buffer="_o_" + name)
        outs.append(t)
        stmts.append(b.compute(t, fn))
    return b.lowered_func("fn_math", [b.arg_in(A), b.arg_in(Bt)] + [b.arg_out(t) for t in outs], b.root(*stmts))


def parallel_vectorized() -> LoweredFunc:
    """A parallel outer loop, a vectorized inner one and an unrolled one (schedule kinds)."""
    M = b.var("M", I64)
    A = b.tensor("A", [M, 32], F32, buffer="_A")
    B = b.tensor("B", [M, 32], F32, buffer="_B")
    i, j, u = b.var("i", I64), b.var("j", I64), b.var("u", I64)
    i0, j0 = b.var("i0", I64), b.var("j0", I64)
    blk = b.schedule_block("B", [(i0, i), (j0, j * 4 + u)], B.store([i0, j0], A[i0, j0] * A[i0, j0] + 1.0))
    body = b.root(For.parallel(i, IntImm(0, I64), M, [
        For.vectorized(j, IntImm(0, I64), IntImm(8, I64), [For.unrolled(u, IntImm(0, I64), IntImm(4, I64), blk)],
                       factor=8)]))
    return b.lowered_func("fn_par", [b.arg_in(A), b.arg_out(B), b.arg_in(M)], body)


def let_if_kernel() -> LoweredFunc:
    """Let bindings and if / else."""
    A = b.tensor("A", [20], F32, buffer="_A")
    B = b.tensor("B", [20], F32, buffer="_B")
    i = b.var("i")
    x = b.var("x", F32)
    body = For.serial(i, 0, 20, Block((
        Let(x, A[i] * 2.0),
        IfThenElse(x > 1.0, B.store([i], x), IfThenElse(x < -1.0, B.store([i], -x), B.store([i], 0.0))),
    )))
    return b.lowered_func("fn_let_if", [b.arg_in(A), b.arg_out(B)], body)


# --------------------------------------------------------------------------------------------
# GPU-scheduled kernels (CUDA only: cross-thread reductions, symbolic grids)
# --------------------------------------------------------------------------------------------


def gpu_elementwise_symbolic() -> LoweredFunc:
    """B[n] = A[n] * 2 + 1 over [N], N symbolic: blockIdx.x over ceil(N / 256), threadIdx.x over 256."""
    N = b.var("N", I64)
    A = b.tensor("A", [N], F32, buffer="_A")
    B = b.tensor("B", [N], F32, buffer="_B")
    bo, ti = b.var("bo", I64), b.var("ti", I64)
    n = bo * 256 + ti
    body = For.bind(bo, IntImm(0, I64), (N + 255) / 256, "blockIdx.x", [
        For.bind(ti, IntImm(0, I64), IntImm(256, I64), "threadIdx.x", [
            IfThenElse(n < N, [B.store([n], A[n] * 2.0 + 1.0)]),
        ]),
    ])
    return b.lowered_func("fn_gpu_ew", [b.arg_in(A), b.arg_out(B), b.arg_in(N)], body)


def gpu_block_reduce(op: str = "sum", threads: int = 128, R: int = 1024) -> LoweredFunc:
    """Y[i] = op_k X[i, k]: blockIdx.x over rows, threadIdx.x over `threads` lanes, per-thread
    partial in a local rf[1], then cinn_block_reduce_<op>_fp32_internal_shm (CINN's BlockReduce)."""
    S = b.var("S", I64)
    X = b.tensor("X", [S, R], F32, buffer="_X")
    Y = b.tensor("Y", [S], F32, buffer="_Y")
    rf = b.tensor("rf", [1], F32, buffer=b.buffer("_rf", [1], F32, "local"))
    shm = b.buffer("shm32__fp32_reduce", [32], F32, "shared")
    i, t, k = b.var("i", I64), b.var("t", I64), b.var("k", I64)
    init = {"sum": 0.0, "max": -3.4028234663852886e38, "min": 3.4028234663852886e38, "prod": 1.0}[op]
    comb = {"sum": lambda a, c: a + c, "max": b.maximum, "min": b.minimum, "prod": lambda a, c: a * c}[op]
    body = For.bind(i, IntImm(0, I64), S, "blockIdx.x", [
        For.bind(t, IntImm(0, I64), IntImm(threads, I64), "threadIdx.x", [
            rf.store([0], init),
            For.serial(k, IntImm(0, I64), IntImm(R // threads, I64),
                       [rf.store([0], comb(rf[0], X[i, k * threads + t]))]),
            Y.store([i], b.call(f"cinn_block_reduce_{op}_fp32_internal_shm", rf[0], shm, dtype=F32)),
        ]),
    ])
    return b.lowered_func(f"fn_block_reduce_{op}", [b.arg_in(X), b.arg_out(Y), b.arg_in(S)], body,
                          temp_bufs=[rf.buffer, shm])


def gpu_warp_reduce(rows: int = 8) -> LoweredFunc:
    """Y[r] = max_k X[r, k] over [rows * G, 32]: threadIdx.y over rows per block, one warp per row."""
    G = 4
    X = b.tensor("X", [rows * G, 32], F32, buffer="_X")
    Y = b.tensor("Y", [rows * G], F32, buffer="_Y")
    g, y, t = b.var("g"), b.var("y"), b.var("t")
    r = g * rows + y
    body = For.bind(g, 0, G, "blockIdx.x", [
        For.bind(y, 0, rows, "threadIdx.y", [
            For.bind(t, 0, 32, "threadIdx.x", [
                Y.store([r], b.call("cinn_warp_reduce_max_fp32", X[r, t], dtype=F32)),
            ]),
        ]),
    ])
    return b.lowered_func("fn_warp_reduce", [b.arg_in(X), b.arg_out(Y)], body)


def gpu_shared_transpose() -> LoweredFunc:
    """B = A^T over [64, 64] through a shared tile: load, __syncthreads, store (guarded thread loop)."""
    A = b.tensor("A", [64, 64], F32, buffer="_A")
    B = b.tensor("B", [64, 64], F32, buffer="_B")
    tile_buf = b.buffer("_tile", [32, 33], F32, "shared")
    tile = Tensor("tile", (32, 33), "float32", tile_buf)
    bx, by, tx, ty = b.var("bx"), b.var("by"), b.var("tx"), b.var("ty")
    ty2, tx2 = b.var("ty2"), b.var("tx2")
    body = For.bind(by, 0, 2, "blockIdx.y", [For.bind(bx, 0, 2, "blockIdx.x", [
        For.bind(ty, 0, 32, "threadIdx.y", [For.bind(tx, 0, 32, "threadIdx.x", [
            tile.store([ty, tx], A[by * 32 + ty, bx * 32 + tx]),
        ])]),
        Evaluate(b.call("__syncthreads")),
        For.bind(ty2, 0, 32, "threadIdx.y", [For.bind(tx2, 0, 32, "threadIdx.x", [
            B.store([bx * 32 + ty2, by * 32 + tx2], tile[tx2, ty2]),
        ])]),
    ])])
    return b.lowered_func("fn_transpose", [b.arg_in(A), b.arg_out(B)], body, temp_bufs=[tile_buf])


def gpu_guarded_threads() -> LoweredFunc:
    """Two sibling thread loops of different extents on threadIdx.x (100 and 128): the shorter is guarded."""
    A = b.tensor("A", [100], F32, buffer="_A")
    C = b.tensor("C", [128], F32, buffer="_C")
    B = b.tensor("B", [100], F32, buffer="_B")
    D = b.tensor("D", [128], F32, buffer="_D")
    t, u = b.var("t"), b.var("u")
    body = Block((
        For.bind(t, 0, 100, "threadIdx.x", [B.store([t], A[t] + 1.0)]),
        For.bind(u, 0, 128, "threadIdx.x", [D.store([u], C[u] * C[u])]),
    ))
    return b.lowered_func("fn_guarded", [b.arg_in(A), b.arg_in(C), b.arg_out(B), b.arg_out(D)], body)


def c_compatible() -> list[LoweredFunc]:
    """Functions both targets compile (no symbolic local temps, no cross-thread calls)."""
    return [elementwise_symbolic(), multi_axis_reduce(), softmax_static(), softmax_global_temps(), casts_selects(),
            int64_kernel(), bool_kernel(), float64_kernel(), small_int_kernel(), half_kernel(), math_kernel(),
            parallel_vectorized(), let_if_kernel(), T.row_reduce("max"), T.col_reduce(), T.gpu_row_sum(),
            T.gpu_builtin_kernel(), T.add_const()]


def gpu_only() -> list[LoweredFunc]:
    return [gpu_elementwise_symbolic(), gpu_block_reduce("sum"), gpu_block_reduce("max", 256, 2048),
            gpu_warp_reduce(), gpu_shared_transpose(), gpu_guarded_threads()]


__all__ = ["T", "c_compatible", "gpu_only"]
_ = (Cast, Select, Let)
