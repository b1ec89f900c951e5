"""The generated CUDA executed on the CPU (pirc/cinn/emu): every corpus program through
``--backend cinn --device cuda-emu`` matches Paddle's outputs, for several block / thread orders,
with the race and bounds checker on; and seeded faults in the generated text -- a dropped
``__syncthreads()``, a shrunk ``__shared__`` buffer, an off-by-one guard -- make it fail."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from cuda_corpus import RUNNABLE, lowered

from pirc.cinn.backend.cache import default_cache
from pirc.cinn.backend.jit_kernel import uninstall
from pirc.cinn.emu.build import STATS, EmuError
from pirc.cinn.emu.program import compile_program_emu
from pirc.runtime import StandaloneExecutor
from pirc.text.parser import parse_program
from tests.conftest import load_npz

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
SEEDS = (0, 1, 2)


def run_emu(model: str, seeds: tuple[int, ...], check: bool = True,
            rewrite: Callable[[str], str] | None = None) -> list[dict]:
    if rewrite is None:  # the lowered program the toolchain tests use too (lowered once)
        prog = lowered(model)[0]
    else:
        prog = parse_program((CORPUS / model / "program.pir").read_text(), model)
    compiled = compile_program_emu(prog, cache=default_cache(), check=check, rewrite=rewrite)
    device = compiled.factory.device
    out = []
    try:
        with StandaloneExecutor(prog, params=load_npz(CORPUS / model / "params.npz"), threads=1) as ex:
            feeds = load_npz(CORPUS / model / "feeds.npz")
            for s in seeds:
                device.seed = s
                out.append({k: np.asarray(v) for k, v in ex.run(feeds).items()})
    finally:
        uninstall()
    return out


def matches(got: dict, model: str) -> bool:
    want = load_npz(CORPUS / model / "outputs.npz")
    for k, w in want.items():
        g = got[k]
        if g.shape != w.shape:
            return False
        ok = np.allclose(g, w, rtol=1e-4, atol=1e-5) if w.dtype.kind in "fc" else np.array_equal(g, w)
        if not ok:
            return False
    return sorted(got) == sorted(want)


@pytest.mark.parametrize("model", RUNNABLE)
def test_corpus_matches_paddle_on_the_emulated_gpu(model: str) -> None:
    launches = STATS.launches
    for got in run_emu(model, SEEDS):  # checking mode: any race or bad access raises EmuError
        assert matches(got, model)
    assert STATS.launches > launches


# -- seeded faults: the emulation must catch them ---------------------------------------------------

def drop_second_sync(text: str) -> str:
    """pirc_block_allreduce without the barrier between the warps' partial results and their reads."""
    new = text.replace("  __syncthreads();\n  T r = shm", "  T r = shm", 1)
    assert new != text
    return new


def shrink_shared(text: str) -> str:
    new, n = re.subn(r"__shared__ float (red_shm\d+)\[32\];", r"__shared__ float \1[16];", text)
    assert n
    return new


def off_by_one_guard(text: str) -> str:
    new, n = re.subn(r"(if \(\(\(\(v\d+_\w+ \* 256LL\) \+ v\d+_\w+\)) < ", r"\1 <= ", text, count=1)
    assert n
    return new


def early_exit(text: str) -> str:
    """Thread 0 leaves before the warp shuffles its lanes wait for."""
    new, n = re.subn(r"(__shared__ float red_shm\d+\[32\];\n)", r"\1  if (threadIdx.x == 0) return;\n", text, count=1)
    assert n
    return new


@pytest.mark.parametrize("model,fault,expect", [
    ("bench_softmax_small", drop_second_sync, "race"),
    ("bench_softmax_small", early_exit, "deadlock"),
    ("bench_softmax_small", shrink_shared, "out-of-bounds write"),
    ("mlp", off_by_one_guard, "out-of-bounds write"),
])
def test_checker_reports_seeded_faults(model: str, fault: Callable[[str], str], expect: str) -> None:
    with pytest.raises(EmuError) as e:
        run_emu(model, (0,), rewrite=fault)
    assert expect in str(e.value)


def test_a_dropped_barrier_changes_results_without_the_checker() -> None:
    """Real barrier semantics: without __syncthreads() some thread order reads stale shared memory."""
    results = run_emu("bench_softmax_small", (0, 1, 2, 3), check=False, rewrite=drop_second_sync)
    assert not all(matches(r, "bench_softmax_small") for r in results)


def test_pirc_run_device_cuda_emu() -> None:
    """The command line: --device cuda-emu with --expect, and --emu-check naming a fault's kind."""
    from click.testing import CliRunner

    from pirc.cli.run import run_command

    d = CORPUS / "mlp"
    args = [str(d / "program.pir"), "--params", str(d / "params.npz"), "--feed", str(d / "feeds.npz"),
            "--backend", "cinn", "--device", "cuda-emu", "--expect", str(d / "outputs.npz")]
    try:
        r = CliRunner().invoke(run_command, args + ["--emu-seed", "7", "--emu-check"])
        assert r.exit_code == 0, r.output
        r = CliRunner().invoke(run_command, args + ["--kernels", str(d / "program.pir")])
        assert r.exit_code == 2 and "cuda-emu" in r.output
    finally:
        uninstall()


def _store_at_start(value: str) -> Callable[[str], str]:
    """Every thread stores ``value`` to one __shared__ element before the kernel's first barrier (the
    index is not a constant: GCC does not instrument provably in-bounds accesses to statics)."""
    def rewrite(text: str) -> str:
        new, n = re.subn(r"(__shared__ float (red_shm\d+)\[32\];\n)", rf"\1  \2[(threadIdx.x >> 30) + 31] = {value};\n",
                         text, count=1)
        assert n
        return new
    return rewrite


def test_checker_allows_one_value_from_every_thread_but_not_different_values() -> None:
    """CINN's epilogues store one value from all threads: not a race; different values are."""
    (got,) = run_emu("bench_softmax_small", (0,), rewrite=_store_at_start("1.0f"))
    assert matches(got, "bench_softmax_small")
    with pytest.raises(EmuError) as e:
        run_emu("bench_softmax_small", (0,), rewrite=_store_at_start("(float)threadIdx.x"))
    assert "race: write (of a different value)" in str(e.value) and "__shared__ red_shm0" in str(e.value)


# -- the GPU-gated kernel tests of test_codegen_cuda.py, on the emulation ---------------------------

@pytest.fixture(scope="module")
def tree_kernels():  # type: ignore[no-untyped-def]
    import cg_trees as C

    from pirc.cinn.codegen.cuda import codegen_cuda
    from pirc.cinn.emu.build import compile_emu

    funcs = C.c_compatible() + [C.gpu_elementwise_symbolic(), C.gpu_warp_reduce(), C.gpu_shared_transpose(),
                                C.gpu_guarded_threads()] + [
        C.gpu_block_reduce(op, t, r) for op, t, r in (("sum", 128, 1024), ("max", 256, 2048), ("min", 32, 64),
                                                      ("prod", 64, 128))]
    src = codegen_cuda(funcs)
    mod = compile_emu(src, cache=default_cache(), check=True)
    return {f.name: f for f in funcs}, {k.name: mod.kernel(k.symbol) for k in src.kernels}


SYMS = {"fn_ew": {"M": 37}, "fn_reduce2": {"M": 5}, "fn_softmax_g": {"M": 9}, "fn_i64": {"N": 300},
        "fn_bool": {"M": 33}, "fn_par": {"M": 13}, "fn_reduce_max": {"M": 6}}


def test_tree_kernels_match_the_evaluator(tree_kernels) -> None:  # type: ignore[no-untyped-def]
    """Every C-compatible tree (float16, bfloat16, int8..int64, bool, float64, math, selects, lets) as
    CUDA on the emulation, against the AST evaluator; the one that races under SIMT is reported."""
    from cg_util import assert_same, random_inputs

    from pirc.cinn.ast import evaluate

    funcs, kernels = tree_kernels
    checked = 0
    for name, fn in funcs.items():
        if name == "fn_softmax" or name.startswith(("fn_gpu_ew", "fn_block_reduce", "fn_warp", "fn_transpose",
                                                    "fn_guarded")):
            continue
        ins = random_inputs(fn, SYMS.get(name, {}), seed=2, nan=name == "fn_math")
        if name == "fn_gpu_row_sum":  # read-modify-write of Y outside the thread loop, from every thread
            with pytest.raises(EmuError, match="race"):
                kernels[name].run(ins)
            continue
        assert_same(kernels[name].run(ins), evaluate(fn, ins), name)
        checked += 1
    assert checked >= 15


def test_tree_block_and_warp_reductions(tree_kernels) -> None:  # type: ignore[no-untyped-def]
    _, k = tree_kernels
    rng = np.random.default_rng(0)
    for op, R in (("sum", 1024), ("max", 2048), ("min", 64), ("prod", 128)):
        scale, shift = (0.01, 1.0) if op == "prod" else (1.0, 0.0)
        x = (rng.standard_normal((37, R)) * scale + shift).astype(np.float32)
        (y,) = k[f"fn_block_reduce_{op}"](x, seed=R)
        ref = {"sum": x.sum(1), "max": x.max(1), "min": x.min(1), "prod": x.prod(1)}[op]
        np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)
    x = rng.standard_normal((32, 32)).astype(np.float32)
    np.testing.assert_array_equal(k["fn_warp_reduce"](x)[0], x.max(1))
    a = rng.standard_normal((64, 64)).astype(np.float32)
    np.testing.assert_array_equal(k["fn_transpose"](a)[0], a.T)
    a1, c1 = np.arange(100, dtype=np.float32), np.arange(128, dtype=np.float32)
    bo, do = k["fn_guarded"](a1, c1)
    np.testing.assert_array_equal(bo, a1 + 1)
    np.testing.assert_array_equal(do, c1 * c1)
    for n in (1, 255, 256, 3001):  # symbolic grid: a grid-stride loop
        v = np.random.default_rng(n).standard_normal(n).astype(np.float32)
        np.testing.assert_allclose(k["fn_gpu_ew"](v)[0], v * 2 + 1, rtol=1e-6)
