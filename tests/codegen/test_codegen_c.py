"""CodeGenC: hand-built LoweredFuncs compiled with cc and run against the AST evaluator."""

from __future__ import annotations

import math
import os
import re
import subprocess

import cg_trees as C
import numpy as np
import pytest
from cg_util import assert_same, random_inputs

from pirc.cinn.ast import builder as b
from pirc.cinn.ast import evaluate, parse, print_ast
from pirc.cinn.ast.nodes import Evaluate, For, IntImm
from pirc.cinn.backend.build import build, generate
from pirc.cinn.backend.cache import KernelCache
from pirc.cinn.backend.compile_c import c_flags, find_cc
from pirc.cinn.codegen.c import codegen_c
from pirc.diagnostics import PircError

FUNCS = C.c_compatible()
RANDOM = [C.T.random_func(s) for s in range(80)]


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> KernelCache:
    return KernelCache(tmp_path_factory.mktemp("cache"))


@pytest.fixture(scope="module")
def module(cache: KernelCache):  # type: ignore[no-untyped-def]
    """Every C-compatible function in one module: one compiler run."""
    return build(FUNCS, "c", cache=cache)


SYMS = {"fn_ew": {"M": 37}, "fn_reduce2": {"M": 5}, "fn_softmax_g": {"M": 9}, "fn_i64": {"N": 300},
        "fn_bool": {"M": 33}, "fn_par": {"M": 13}, "fn_reduce_max": {"M": 6}}


@pytest.mark.parametrize("fn", FUNCS, ids=[f.name for f in FUNCS])
def test_against_evaluator(module, fn) -> None:  # type: ignore[no-untyped-def]
    ins = random_inputs(fn, SYMS.get(fn.name, {}), seed=1, nan=fn.name == "fn_math")
    ref = evaluate(fn, ins)
    got = module[fn.name].run(ins)
    assert_same(got, ref, fn.name)


def test_symbolic_dims_from_shapes_and_by_name(module) -> None:  # type: ignore[no-untyped-def]
    k = module["fn_ew"]
    for m in (0, 1, 64, 1000):
        a = np.random.default_rng(m).standard_normal((m, 64)).astype(np.float32)
        c = np.linspace(-1, 1, 64, dtype=np.float32)
        (out,) = k(a, c)
        np.testing.assert_allclose(out, np.exp(a) * 2 + a * c, rtol=1e-5, atol=1e-6)
    (out,) = k(np.ones((3, 64), np.float32), np.ones(64, np.float32), symbols={"M": 3})
    assert out.shape == (3, 64)


def test_inputs_are_converted_not_mutated(module) -> None:  # type: ignore[no-untyped-def]
    a = np.asfortranarray(np.linspace(-2, 2, 128, dtype=np.float64).reshape(2, 64))  # wrong dtype, not C-contiguous
    keep = a.copy()
    (out,) = module["fn_ew"](a, np.zeros(64))
    np.testing.assert_allclose(out, np.exp(keep.astype(np.float32)) * 2, rtol=1e-5)
    np.testing.assert_array_equal(a, keep)


def test_wrong_shapes_are_reported(module) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(PircError, match="should have shape"):
        module["fn_ew"](np.ones((3, 63), np.float32), np.ones(64, np.float32))
    with pytest.raises(PircError, match="expects 2 input arrays"):
        module["fn_ew"](np.ones((3, 64), np.float32))


def test_random_expressions_in_one_module(cache: KernelCache) -> None:
    mod = build(RANDOM, "c", cache=cache)
    rng = np.random.default_rng(3)
    for fn in RANDOM:
        a = rng.standard_normal((6, 5)).astype(np.float32)
        bb = rng.standard_normal(5).astype(np.float32)
        assert_same(mod[fn.name].run(A=a, B=bb), evaluate(fn, A=a, B=bb), fn.name)


def test_large_temps_go_to_the_heap_small_ones_to_the_stack(module) -> None:  # type: ignore[no-untyped-def]
    text = module.source.text
    assert "calloc(" in text and "free(" in text
    assert "float t0_mx[64] = {0};" in text  # softmax_static: 64 floats on the stack
    x = np.random.default_rng(0).standard_normal((20000, 128)).astype(np.float32)
    (y,) = module["fn_softmax_g"](x)
    e = np.exp(x - x.max(1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(1, keepdims=True), rtol=1e-5, atol=1e-7)


def test_pragmas() -> None:
    text = codegen_c([C.T.softmax(), C.parallel_vectorized(), C.bool_kernel(), C.T.row_reduce("sum")]).text
    # a float max: an ordered max and whether a NaN was seen, OpenMP's own reductions
    assert re.search(r"#pragma omp simd reduction\(max:acc\w+\) reduction\(\|:nan\w+\)", text)
    assert "#pragma omp simd reduction(+:" in text
    assert "#pragma omp simd reduction(||:" in text and "#pragma omp simd reduction(&&:" in text
    assert "#pragma omp parallel for schedule(static)" in text
    assert "#pragma omp simd simdlen(8)" in text
    assert "#pragma GCC unroll 4" in text
    # the innermost elementwise loop of softmax is provably independent
    body = text[text.index("pirc_k0_impl"):]
    assert body.count("#pragma omp simd\n") >= 1


def test_no_simd_for_dependent_or_conditional_loops() -> None:
    A = b.tensor("A", [16], "float32", buffer="_A")
    Bt = b.tensor("B", [16], "float32", buffer="_B")
    i, j = b.var("i"), b.var("j")
    dep = For.serial(i, 1, 15, Bt.store([i], Bt[i - 1] + A[i]))  # a recurrence
    halves = For.serial(j, 0, 16, Bt.store([j / 2], A[j]))  # two iterations write one element
    cond = For.serial(i, 0, 16, Bt.store([i], b.select(i > 0, A[i - 1], 0.0)))
    for body in (dep, halves, cond):
        fn = b.lowered_func("f", [b.arg_in(A), b.arg_inout(Bt)], body)
        assert "omp simd" not in codegen_c(fn).text


def test_inout_arguments(cache: KernelCache) -> None:
    A = b.tensor("A", [8], "float32", buffer="_A")
    Cc = b.tensor("C", [8], "float32", buffer="_C")
    fn = b.lowered_func("f_inout", [b.arg_in(A), b.arg_inout(Cc)], b.root(b.compute(Cc, lambda i: Cc[i] * 2.0 + A[i])))
    a, c = np.arange(8, dtype=np.float32), np.ones(8, np.float32)
    (out,) = build(fn, "c", cache=cache)["f_inout"](a, c)
    np.testing.assert_array_equal(out, 2 + a)
    np.testing.assert_array_equal(c, np.ones(8))  # the caller's array is not written


def test_parsed_ast_compiles_too(cache: KernelCache) -> None:
    fn = parse(print_ast(C.elementwise_symbolic()), "ew.ast")
    a = np.ones((2, 64), np.float32)
    (out,) = build(fn, "c", cache=cache)["fn_ew"](a, np.ones(64, np.float32))
    np.testing.assert_allclose(out, np.exp(1) * 2 + 1, rtol=1e-6)


def test_header_comment_and_abi() -> None:
    src = codegen_c(C.elementwise_symbolic())
    text = src.text
    k = src.kernels[0]
    assert k.symbol.startswith("pirc_k0_fn_ew_") and len(k.symbol) == len("pirc_k0_fn_ew_") + 8
    assert f"int {k.symbol}(void** args, int nargs)" in text
    assert len(re.findall(r"^int \w+\(void\*\* args, int nargs\)$", text, re.MULTILINE)) == 1  # one exported entry
    assert " * function: fn_ew" in text and " * group: group_0" in text
    assert "[3] in    M: int64 = dim 0 of argument 0" in text
    assert "serial for (i, 0ll, M)" in text
    assert k.symbol_args == {3: (0, 0)}
    assert codegen_c(C.elementwise_symbolic()).text == text  # deterministic


def _fails(fn, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(PircError) as e:
        codegen_c(fn)
    assert message in str(e.value)


def test_refused_functions() -> None:
    A = b.tensor("A", [4], "float32", buffer="_A")
    Bt = b.tensor("B", [4], "float32", buffer="_B")
    i = b.var("i")
    _fails(b.lowered_func("f", [b.arg_in(A), b.arg_out(Bt)], For.serial(i, 0, 4, A.store([i], 1.0))),
           "stores to its input argument _A")
    free = b.var("S")
    _fails(b.lowered_func("f", [b.arg_out(Bt)], For.serial(i, 0, 4, Bt.store([i], b.cast(free, "float32")))),
           "variable 'S' is used but not defined")
    _fails(b.lowered_func("f", [b.arg_in(A), b.arg_out(Bt)],
                          For.serial(i, 0, 4, Bt.store([i], b.call("my_extern", A[i], dtype="float32")))),
           "unknown function 'my_extern'")
    _fails(b.lowered_func("f", [b.arg_in(A), b.arg_out(Bt)],
                          For.serial(i, 0, 4, Bt.store([i], b.call("cinn_block_reduce_sum_fp32", A[i], dtype="float32")))),
           "exists only on the CUDA target")
    _fails(C.T.gpu_builtin_kernel().replace(attrs=()), "has no grid_dim attribute")


def test_located_error_for_text_input() -> None:
    text = print_ast(C.gpu_block_reduce())
    fn = parse(text, "k.ast")
    with pytest.raises(PircError) as e:
        codegen_c(fn)
    rendered = e.value.render()
    assert rendered.startswith("k.ast:") and "cinn_block_reduce_sum_fp32_internal_shm" in rendered


def test_sync_and_thread_loops_run_serially(module) -> None:  # type: ignore[no-untyped-def]
    text = module.source.text
    assert "__syncthreads: threads run one after another on the CPU" in text
    fn = C.T.gpu_row_sum()
    assert fn.name in {k.name for k in module.kernels}
    assert isinstance(Evaluate, type) and IntImm(0).value == 0


def test_generate_rejects_unknown_target() -> None:
    with pytest.raises(ValueError):
        generate(C.elementwise_symbolic(), "opencl")


def _ulp_errors(y: np.ndarray, ref: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Errors in ulp where the float64 reference rounds to a normal float32; the rest: True where y is the
    rounded reference, both are NaN, or y is within the smallest subnormal of it."""
    r32 = ref.astype(np.float32)
    normal = np.isfinite(r32) & (np.abs(r32) >= np.finfo(np.float32).tiny)
    ulp = np.abs(y[normal].astype(np.float64) - ref[normal]) / np.spacing(np.abs(r32[normal]))
    rest = ~normal
    ok = (y[rest] == r32[rest]) | (np.isnan(y[rest]) & np.isnan(r32[rest])) | (
        np.abs(y[rest].astype(np.float64) - ref[rest]) <= 2.0 ** -149)
    return ulp, ok


def _two_math_kernel(cache: KernelCache, f: str, g: str):  # type: ignore[no-untyped-def]
    """A compiled kernel x -> (f(x), g(x)) for the AST math calls ``f`` and ``g`` (float32)."""
    N = b.var("N", "int64")
    X = b.tensor("X", [N], "float32", buffer="_X")
    A = b.tensor("A", [N], "float32", buffer="_A")
    B = b.tensor("B", [N], "float32", buffer="_B")
    fn = b.lowered_func(f"f_{f}_{g}", [b.arg_in(X), b.arg_out(A), b.arg_out(B), b.arg_in(N)],
                        b.root(b.compute(A, lambda i: getattr(b, f)(X[i])), b.compute(B, lambda i: getattr(b, g)(X[i]))))
    mod = build(fn, "c", cache=cache)
    assert f"pirc_{f}f(" in mod.source.text and f"pirc_{g}f(" in mod.source.text
    return mod[fn.name]


def test_vectorised_exp_and_tanh_accuracy(cache: KernelCache) -> None:
    """pirc_expf / pirc_tanhf (branch-free, vectorisable) against float64 references."""
    kernel = _two_math_kernel(cache, "exp", "tanh")
    special = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 88.72283, 88.72284, -103.97, -103.98, 1e-30, -1e-30],
                       np.float32)
    x = np.concatenate([np.linspace(-110, 90, 400_001, dtype=np.float32),
                        np.linspace(-2, 2, 100_001, dtype=np.float32), special])
    e, t = kernel(x)
    xd = x.astype(np.float64)
    with np.errstate(all="ignore"):
        for y, ref, bound in ((e, np.exp(xd), 1.03), (t, np.tanh(xd), 7.0)):  # tanh: <= 5 with FMA
            ulp, ok = _ulp_errors(y, ref)
            assert ulp.max() <= bound
            assert ok.all()
    assert np.signbit(t[-7]) and not np.signbit(t[-8])  # tanh(-0) = -0, tanh(0) = 0


def test_vectorised_log_and_erf_accuracy(cache: KernelCache) -> None:
    """pirc_logf / pirc_erff (branch-free, vectorisable) against float64 references."""
    kernel = _two_math_kernel(cache, "log", "erf")
    rng = np.random.default_rng(0)
    tiny = np.finfo(np.float32).tiny
    # every kind of positive float (subnormals included) by bit pattern; dense near 1 and over erf's range
    pos = rng.integers(1, 0x7F800000, 200_000, dtype=np.uint32).view(np.float32)
    near1 = (np.arange(-3000, 3000, dtype=np.int64) + 0x3F800000).astype(np.uint32).view(np.float32)
    dense = np.linspace(-5, 5, 400_001, dtype=np.float32)
    sub = np.array([2.0 ** -149, 2.0 ** -140, 1e-40, 3e-39, tiny * (1 - 2.0 ** -23), tiny], np.float32)
    x = np.concatenate([pos, -pos[:1000], near1, dense, sub, np.linspace(0.5, 2, 100_001, dtype=np.float32)])
    lg, er = kernel(x)
    xd = x.astype(np.float64)
    with np.errstate(all="ignore"):
        ulp, ok = _ulp_errors(lg, np.log(xd))
        assert ulp.max() <= 1.0 and ok.all()
        ulp, ok = _ulp_errors(er, np.frompyfunc(math.erf, 1, 1)(xd).astype(np.float64))
        assert ulp.max() <= 1.5 and ok.all()
    np.testing.assert_array_equal(er[x < 0], -kernel(-x[x < 0])[1])  # odd
    ls, rs = lg[-100_001 - 6:-100_001].astype(np.float64), np.log(sub.astype(np.float64))  # subnormal inputs
    assert (np.abs(ls - rs) <= np.spacing(np.abs(rs.astype(np.float32)))).all()

    inf, nan = np.inf, np.nan
    special = np.array([0.0, -0.0, 1.0, inf, -inf, nan, -1.0, -2.0 ** -149, -3.4e38, 3.4028235e38, 2.0 ** -149],
                       np.float32)
    lg, er = kernel(special)
    np.testing.assert_array_equal(lg[:4], [-inf, -inf, 0.0, inf])
    assert not np.signbit(lg[2])  # log(1) = +0
    assert np.isnan(lg[5:9]).all()  # NaN, negative numbers, -inf
    assert lg[9] == np.float32(np.log(3.4028235e38)) and lg[10] == np.float32(np.log(2.0 ** -149))
    np.testing.assert_array_equal(er[:5], [0.0, -0.0, np.float32(math.erf(1.0)), 1.0, -1.0])
    assert not np.signbit(er[0]) and np.signbit(er[1])  # erf(0) = 0, erf(-0) = -0
    assert np.isnan(er[5]) and er[6] == np.float32(-math.erf(1.0)) and er[7] == -2.0 ** -149
    big = np.concatenate([np.linspace(3.92, 10, 10_001, dtype=np.float32), [1e30, 3.4028235e38]]).astype(np.float32)
    _, er = kernel(np.concatenate([big, -big]))
    np.testing.assert_array_equal(er, np.concatenate([np.ones_like(big), -np.ones_like(big)]))


def _is_gcc(cc: str) -> bool:
    try:
        r = subprocess.run([cc, "-dM", "-E", "-x", "c", os.devnull], check=False, capture_output=True, text=True,
                           timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    return "__GNUC__" in r.stdout and "__clang__" not in r.stdout


@pytest.mark.parametrize("name", ["exp", "tanh", "log", "erf"])
def test_vectorised_math_loops_vectorise(cache: KernelCache, tmp_path, name: str) -> None:  # type: ignore[no-untyped-def]
    """The prelude's float32 exp / tanh / log / erf stay branch-free: GCC vectorises a loop calling them."""
    cc = find_cc()
    if not _is_gcc(cc):
        pytest.skip("needs GCC's -fopt-info-vec")
    N = b.var("N", "int64")
    X = b.tensor("X", [N], "float32", buffer="_X")
    Y = b.tensor("Y", [N], "float32", buffer="_Y")
    fn = b.lowered_func(f"f_vec_{name}", [b.arg_in(X), b.arg_out(Y), b.arg_in(N)],
                        b.root(b.compute(Y, lambda i: getattr(b, name)(X[i]))))
    text = build(fn, "c", cache=cache).source.text
    assert f"pirc_{name}f(" in text
    src = tmp_path / "k.c"
    src.write_text(text)
    r = subprocess.run([cc, *c_flags(cc), "-fopt-info-vec-optimized", "-o", str(tmp_path / "k.so"), str(src)],
                       check=False, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "loop vectorized" in r.stderr + r.stdout


def test_parallel_loops_privatise_local_scratch(cache: KernelCache) -> None:
    """CINN-style local scratch (rf[1]) inside a parallel loop gets a copy per iteration (no race)."""
    M = b.var("M", "int64")
    X = b.tensor("X", [M, 256], "float32", buffer="_X")
    Y = b.tensor("Y", [M], "float32", buffer="_Y")
    rf_buf = b.buffer("_rf", [1], "float32", "local")
    rf = b.tensor("rf", [1], "float32", buffer=rf_buf)
    i, k = b.var("i", "int64"), b.var("k", "int64")
    body = For.parallel(i, IntImm(0, "int64"), M, [
        rf.store([0], 0.0),
        For.serial(k, IntImm(0, "int64"), IntImm(256, "int64"), [rf.store([0], rf[0] + X[i, k] * X[i, k])]),
        Y.store([i], b.sqrt(rf[0])),
    ])
    fn = b.lowered_func("f_norms", [b.arg_in(X), b.arg_out(Y), b.arg_in(M)], body, temp_bufs=[rf_buf])
    mod = build(fn, "c", cache=cache)
    text = mod.source.text
    loop = text[text.index("#pragma omp parallel for"):]
    assert "float t0_rf[1] = {0};" in loop.split("\n", 3)[2]  # declared inside the parallel loop
    x = np.random.default_rng(0).standard_normal((4000, 256)).astype(np.float32)
    (y,) = mod["f_norms"](x)
    np.testing.assert_allclose(y, np.sqrt((x.astype(np.float64) ** 2).sum(1)), rtol=1e-5)


@pytest.mark.parametrize("rows, cols, expect", [
    (4, 64, "serial"),            # 256 elements: waking the threads costs more than the work
    (1024, 4096, "parallel"),     # 4M elements
    ("M", 4096, "if"),            # decided at run time: M * 4096 >= 32768
], ids=["tiny", "big", "symbolic"])
def test_parallel_loops_fork_only_for_enough_work(rows, cols, expect, cache: KernelCache) -> None:  # type: ignore[no-untyped-def]
    M = b.var("M", "int64") if rows == "M" else rows
    X = b.tensor("X", [M, cols], "float32", buffer="_X")
    Y = b.tensor("Y", [M, cols], "float32", buffer="_Y")
    i, j = b.var("i", "int64"), b.var("j", "int64")
    i0, j0 = b.var("i0", "int64"), b.var("j0", "int64")
    store = b.schedule_block("Y", [(i0, i), (j0, j)], Y.store([i0, j0], X[i0, j0] * 2.0))
    zero = IntImm(0, "int64")
    body = b.root(For.parallel(i, zero, M if rows == "M" else IntImm(rows, "int64"), [
        For.serial(j, zero, IntImm(cols, "int64"), store)]))
    args = [b.arg_in(X), b.arg_out(Y)] + ([b.arg_in(M)] if rows == "M" else [])
    fn = b.lowered_func("f_rows", args, body)
    mod = build(fn, "c", cache=cache)
    pragma = [ln for ln in mod.source.text.splitlines() if "omp parallel" in ln or "serial: too little" in ln]
    assert len(pragma) == 1, pragma
    if expect == "serial":
        assert "omp parallel" not in pragma[0]
    elif expect == "parallel":
        assert pragma[0].strip() == "#pragma omp parallel for schedule(static)"
    else:
        assert re.search(r"if\(4096 \* \(int64_t\)\(\w+\) >= 32768\)", pragma[0]), pragma[0]
    n = 8 if rows == "M" else rows
    x = np.arange(n * cols, dtype=np.float32).reshape(n, cols)
    (y,) = mod["f_rows"](x)
    np.testing.assert_array_equal(y, x * 2)
