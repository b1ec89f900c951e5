"""CodeGenCUDA_Dev: compiled with NVRTC everywhere (no GPU needed); launched only where a GPU exists."""

from __future__ import annotations

import re

import cg_trees as C
import numpy as np
import pytest
from cg_util import assert_same, random_inputs

from pirc.cinn.ast import builder as b
from pirc.cinn.ast import evaluate
from pirc.cinn.ast.nodes import Evaluate, For, IntImm
from pirc.cinn.backend.build import build
from pirc.cinn.backend.cache import KernelCache
from pirc.cinn.backend.errors import CompileError
from pirc.cinn.backend.launch import cuda_device_available, cuda_unavailable_reason
from pirc.cinn.backend.nvrtc import compile_cuda, nvrtc_available
from pirc.cinn.codegen.cuda import codegen_cuda
from pirc.diagnostics import PircError

needs_nvrtc = pytest.mark.skipif(not nvrtc_available(), reason="NVRTC (nvidia-cuda-nvrtc) is not installed")
needs_gpu = pytest.mark.skipif(not cuda_device_available(), reason=f"no CUDA GPU: {cuda_unavailable_reason()}")

FUNCS = C.c_compatible() + C.gpu_only()


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> KernelCache:
    return KernelCache(tmp_path_factory.mktemp("cuda-cache"))


@pytest.fixture(scope="module")
def source():  # type: ignore[no-untyped-def]
    return codegen_cuda(FUNCS)


@needs_nvrtc
@pytest.mark.parametrize("kind,arch", [("cubin", "sm_90"), ("ptx", "compute_90"), ("cubin", "sm_80")])
def test_nvrtc_compiles_every_kernel(source, kind: str, arch: str) -> None:  # type: ignore[no-untyped-def]
    image, seconds = compile_cuda(source.text, arch=arch, kind=kind)
    assert seconds < 30
    if kind == "ptx":
        text = image.decode()
        entries = set(re.findall(r"\.entry (\w+)", text))
        assert entries == {k.symbol for k in source.kernels}
        assert ".target sm_90" in text
    else:
        assert image[:4] == b"\x7fELF"
        for k in source.kernels:
            assert k.symbol.encode() in image


def test_source_is_self_contained(source) -> None:  # type: ignore[no-untyped-def]
    text = source.text
    # NVRTC has no headers: the types are defined under __CUDACC_RTC__; nvcc and the CPU emulation
    # have <stdint.h> (a second typedef of int64_t there is an error for nvcc)
    assert re.findall(r"#include.*", text) == ["#include <stdint.h>"]
    rtc = text.split("#ifdef __CUDACC_RTC__\n", 1)[1].split("#else\n", 1)[0]
    assert "typedef long long int64_t;" in rtc
    assert len(re.findall(r'^extern "C" __global__ void __launch_bounds__\(\d+\) (\w+)\(', text, re.MULTILINE)) == len(FUNCS)


def _kernel_text(source, name: str) -> str:  # type: ignore[no-untyped-def]
    sym = source.kernel(name).symbol
    start = source.text.index(f") {sym}(")
    return source.text[start:source.text.index("\n}\n", start)]


def test_thread_mapping(source) -> None:  # type: ignore[no-untyped-def]
    ew = _kernel_text(source, "fn_gpu_ew")
    assert "v0_bo += (int64_t)gridDim.x" in ew  # symbolic grid: a grid-stride loop
    assert "const int64_t v1_ti = ((int64_t)threadIdx.x);" in ew  # exact block: direct
    k = source.kernel("fn_gpu_ew")
    env = {k.args[2].var: 1000}
    assert k.launch_dims(env) == ((4, 1, 1), (256, 1, 1))
    g = _kernel_text(source, "fn_guarded")
    assert "if (((int32_t)threadIdx.x) < 100) {" in g
    assert source.kernel("fn_guarded").launch_dims({}) == ((1, 1, 1), (128, 1, 1))
    tr = _kernel_text(source, "fn_transpose")
    assert "__shared__ float t0_tile[1056];" in tr and "__syncthreads();" in tr
    assert source.kernel("fn_transpose").launch_dims({}) == ((2, 2, 1), (32, 32, 1))
    assert "__launch_bounds__(1024)" in source.text


def test_reductions_across_threads(source) -> None:  # type: ignore[no-untyped-def]
    red = _kernel_text(source, "fn_block_reduce_sum")
    assert "pirc_block_allreduce<float>(" in red and "pirc_op_sum()" in red
    assert source.kernel("fn_block_reduce_sum").cross_thread
    w = _kernel_text(source, "fn_warp_reduce")
    assert "pirc_warp_allreduce<float>(" in w and "pirc_op_max()" in w
    assert source.kernel("fn_warp_reduce").launch_dims({}) == ((4, 1, 1), (32, 8, 1))
    assert "__shfl_xor_sync" in source.text


def test_workspaces_for_global_temps(source) -> None:  # type: ignore[no-untyped-def]
    k = source.kernel("fn_softmax_g")
    assert [w.name for w in k.workspaces] == ["_mx", "_sm"]
    text = _kernel_text(source, "fn_softmax_g")
    assert "float* __restrict__ t0_mx, float* __restrict__ t1_sm)" in source.text
    del text


def _fails(fn, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(PircError) as e:
        codegen_cuda(fn)
    assert message in str(e.value), str(e.value)


def test_refused_kernels() -> None:
    _fails(C.T.softmax(), "the local buffer _mx needs a constant size on CUDA")
    A = b.tensor("A", [64], "float32", buffer="_A")
    B = b.tensor("B", [64], "float32", buffer="_B")
    i, j = b.var("i"), b.var("j")
    nested = For.bind(i, 0, 8, "threadIdx.x", [For.bind(j, 0, 8, "threadIdx.x", [B.store([i * 8 + j], A[i])])])
    _fails(b.lowered_func("f", [b.arg_in(A), b.arg_out(B)], nested), "nested in another loop bound to threadIdx.x")
    big = For.bind(i, 0, 64, "threadIdx.x", [For.bind(j, 0, 32, "threadIdx.y", [B.store([i], A[i])])])
    _fails(b.lowered_func("f", [b.arg_in(A), b.arg_out(B)], big), "2048 threads")
    k = b.var("k")
    sync_in_guard = b.block(
        For.bind(i, 0, 64, "threadIdx.x", [B.store([i], A[i])]),
        For.bind(k, 0, 32, "threadIdx.x", [Evaluate(b.call("__syncthreads"))]),
    )
    _fails(b.lowered_func("f", [b.arg_in(A), b.arg_out(B)], sync_in_guard), "does not cover the block exactly")
    _fails(C.T.gpu_builtin_kernel().replace(attrs=()), "uses blockIdx.x but has no grid_dim attribute")
    assert IntImm(1).value == 1


@needs_nvrtc
def test_compile_errors_are_located_diagnostics() -> None:
    bad = 'extern "C" __global__ void k(float* x) {\n  x[0] = undefined_thing;\n}\n'
    with pytest.raises(CompileError) as e:
        compile_cuda(bad, arch="sm_90", source_name="bad.cu")
    text = e.value.render()
    assert text.startswith("error: NVRTC (sm_90) rejected the generated code")
    assert "bad.cu:2:1: error:" in text and "undefined_thing" in text


@needs_nvrtc
def test_cuda_build_goes_through_the_cache(cache: KernelCache) -> None:
    fn = C.gpu_elementwise_symbolic()
    m1 = build(fn, "cuda", cache=cache, arch="sm_90")
    m2 = build(fn, "cuda", cache=KernelCache(cache.dir), arch="sm_90")
    assert m1.compiled and not m2.compiled
    assert m1.image == m2.image and m1.artifact.suffix == ".cubin"
    m3 = build(fn, "cuda", cache=cache, arch="sm_90", cuda_kind="ptx")
    assert m3.artifact.suffix == ".ptx" and b".entry" in m3.image


# ------------------------------------------------------------------------------------------------
# launches (GPU only)
# ------------------------------------------------------------------------------------------------


@needs_gpu
@pytest.mark.parametrize("fn", C.c_compatible(), ids=[f.name for f in C.c_compatible()])
def test_gpu_against_evaluator(cache: KernelCache, fn) -> None:  # type: ignore[no-untyped-def]
    if fn.name in ("fn_softmax",):
        pytest.skip("symbolic local temps are CPU-only")
    if fn.name == "fn_gpu_row_sum":
        pytest.skip("the tree races under SIMT (read-modify-write of Y outside the thread loop)")
    syms = {"fn_ew": {"M": 37}, "fn_reduce2": {"M": 5}, "fn_softmax_g": {"M": 9}, "fn_i64": {"N": 300},
            "fn_bool": {"M": 33}, "fn_par": {"M": 13}, "fn_reduce_max": {"M": 6}}.get(fn.name, {})
    ins = random_inputs(fn, syms, seed=2, nan=fn.name == "fn_math")
    ref = evaluate(fn, ins)
    got = build(fn, "cuda", cache=cache).kernel(fn.name).run(ins)
    assert_same(got, ref, fn.name)


@needs_gpu
def test_gpu_symbolic_grid(cache: KernelCache) -> None:
    k = build(C.gpu_elementwise_symbolic(), "cuda", cache=cache)["fn_gpu_ew"]
    for n in (1, 255, 256, 100_001):
        a = np.random.default_rng(n).standard_normal(n).astype(np.float32)
        (y,) = k(a)
        np.testing.assert_allclose(y, a * 2 + 1, rtol=1e-6)


@needs_gpu
@pytest.mark.parametrize("op,threads,R", [("sum", 128, 1024), ("max", 256, 2048), ("min", 32, 64),
                                          ("prod", 64, 128)])
def test_gpu_block_reduce(cache: KernelCache, op: str, threads: int, R: int) -> None:
    k = build(C.gpu_block_reduce(op, threads, R), "cuda", cache=cache)[f"fn_block_reduce_{op}"]
    rng = np.random.default_rng(0)
    x = (rng.standard_normal((37, R)) * (0.01 if op == "prod" else 1) + (1 if op == "prod" else 0)).astype(np.float32)
    (y,) = k(x)
    ref = {"sum": x.sum(1), "max": x.max(1), "min": x.min(1), "prod": x.prod(1)}[op]
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)


@needs_gpu
def test_gpu_warp_reduce_and_transpose(cache: KernelCache) -> None:
    mod = build([C.gpu_warp_reduce(), C.gpu_shared_transpose(), C.gpu_guarded_threads()], "cuda", cache=cache)
    x = np.random.default_rng(1).standard_normal((32, 32)).astype(np.float32)
    (y,) = mod["fn_warp_reduce"](x)
    np.testing.assert_array_equal(y, x.max(1))
    a = np.random.default_rng(2).standard_normal((64, 64)).astype(np.float32)
    (t,) = mod["fn_transpose"](a)
    np.testing.assert_array_equal(t, a.T)
    a1, c1 = np.arange(100, dtype=np.float32), np.arange(128, dtype=np.float32)
    bo, do = mod["fn_guarded"](a1, c1)
    np.testing.assert_array_equal(bo, a1 + 1)
    np.testing.assert_array_equal(do, c1 * c1)


# ------------------------------------------------------------------------------------------------
# the launcher's host side, without a GPU: a fake driver whose "device" is host memory and whose
# launches run the same function compiled by CodeGenC
# ------------------------------------------------------------------------------------------------


class FakeDriver:
    def __init__(self, host) -> None:  # type: ignore[no-untyped-def]
        self.host = host
        self.mem: dict[int, np.ndarray] = {}
        self.launches: list = []

    def alloc(self, n: int) -> int:
        buf = np.zeros(max(int(n), 1), np.uint8)
        self.mem[buf.ctypes.data] = buf
        return buf.ctypes.data

    def free(self, p: int) -> None:
        del self.mem[p]

    def htod(self, p: int, arr: np.ndarray) -> None:
        ctypes.memmove(p, arr.ctypes.data, arr.nbytes)

    def dtoh(self, arr: np.ndarray, p: int) -> None:
        ctypes.memmove(arr.ctypes.data, p, arr.nbytes)

    def memset0(self, p: int, n: int) -> None:
        ctypes.memset(p, 0, n)

    def synchronize(self) -> None:
        pass

    def launch(self, fn, grid, block, params, stream=0, shared_bytes=0) -> None:  # type: ignore[no-untyped-def]
        self.launches.append((fn, tuple(grid), tuple(block)))
        info = next(i for i in self.host.module().infos.values() if i.fn_name == fn)
        assert info.fn_ptr(params.ctypes.data, len(info.meta.args)) == 0


def test_device_kernel_host_side_with_a_fake_driver(monkeypatch, cache: KernelCache) -> None:  # type: ignore[no-untyped-def]
    import ctypes as _ct  # noqa: F401

    from pirc.cinn.backend import module as modmod

    fns = [C.elementwise_symbolic(), C.softmax_global_temps(), C.int64_kernel(), C.bool_kernel()]
    host = build(fns, "c", cache=cache)
    fake = FakeDriver(host)
    monkeypatch.setattr(modmod.CudaDriver, "get", classmethod(lambda cls: fake))
    monkeypatch.setattr(modmod.CUDAModule, "get_function", lambda self, sym: sym)
    dev = build(fns, "cuda", cache=cache, arch="sm_90")
    for fn, syms in zip(fns, ({"M": 7}, {"M": 5}, {"N": 40}, {"M": 9})):
        ins = random_inputs(fn, syms, seed=4)
        assert_same(dev[fn.name].run(ins), evaluate(fn, ins), fn.name)
    assert len(fake.launches) == 4 and not fake.mem  # every device buffer was freed
    assert fake.launches[0][1:] == ((1, 1, 1), (1, 1, 1))


import ctypes
