"""Every corpus kernel's CUDA source compiles with NVRTC and with nvcc (sm_80 and sm_90,
``-Werror all-warnings``), and ptxas's resource report passes: no spills, no limit exceeded,
shared memory and launch bounds as the schedule planned.  One nvcc run per program (both
architectures at once), two at a time, cached by content in the kernel cache."""

from __future__ import annotations

import dataclasses
import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from cuda_corpus import MODELS, corpus_source

from pirc.cinn.backend.build import compile_generated
from pirc.cinn.backend.cache import cache_key, default_cache
from pirc.cinn.backend.errors import CompileError
from pirc.cinn.backend.nvrtc import nvrtc_available
from pirc.cinn.backend.ptxas import (
    DEFAULT_ARCHS,
    KernelResources,
    block_threads,
    check_resources,
    find_nvcc,
    nvcc_compile,
    occupancy,
    parse_ptxas_log,
)

needs_nvcc = pytest.mark.skipif(find_nvcc() is None, reason="the CUDA toolkit (nvcc) is not installed")
needs_nvrtc = pytest.mark.skipif(not nvrtc_available(), reason="NVRTC (nvidia-cuda-nvrtc) is not installed")


def _nvcc(model: str) -> list[KernelResources] | str:
    """ptxas's report for a program's source, or nvcc's error text; cached by content."""
    src = corpus_source(model)
    cache = default_cache()
    key = cache_key("nvcc-check", find_nvcc(), " ".join(DEFAULT_ARCHS), src.text)

    def build() -> tuple[bytes, float]:
        try:
            res = [r.__dict__ for r in nvcc_compile(src.text, DEFAULT_ARCHS, source_name=f"{model}.cu")]
            return json.dumps({"ok": res}).encode(), 0.0
        except CompileError as e:
            return json.dumps({"error": str(e)}).encode(), 0.0

    path, _ = cache.get_or_build(key, ".nvcc", build, kind="nvcc-check")  # .json is the record's suffix
    data = json.loads(path.read_text())
    if "error" in data:
        return data["error"]
    return [KernelResources(**r) for r in data["ok"]]


@pytest.fixture(scope="module")
def reports() -> dict[str, list[KernelResources] | str]:
    for m in MODELS:  # lowering is Python: done once, before the compilers run in parallel
        corpus_source(m)
    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(MODELS, pool.map(_nvcc, MODELS)))


@needs_nvcc
@pytest.mark.parametrize("model", MODELS)
def test_nvcc_compiles_warning_free_and_resources_fit(model: str, reports: dict) -> None:
    rep = reports[model]
    assert not isinstance(rep, str), rep
    src = corpus_source(model)
    bounds = {s: int(n) for n, s in re.findall(r"__launch_bounds__\((\d+)\) (\w+)\(", src.text)}
    by_kernel = {(r.symbol, r.arch): r for r in rep}
    for meta in src.kernels:
        # the launch bounds are the block the schedule chose
        assert bounds[meta.symbol] == block_threads(meta)
        for arch in DEFAULT_ARCHS:
            res = by_kernel[(meta.symbol, arch)]
            assert (res.spill_stores, res.spill_loads) == (0, 0), (meta.name, arch)
            assert check_resources(meta, res) == [], (meta.name, arch)
            assert occupancy(meta, res).blocks_per_sm >= 1


@needs_nvrtc
@pytest.mark.parametrize("model", MODELS)
def test_nvrtc_compiles_the_same_source(model: str) -> None:
    src = corpus_source(model)
    image = compile_generated(src, cache=default_cache(), arch="sm_90").image  # NVRTC, cached by content
    assert image[:4] == b"\x7fELF"
    for meta in src.kernels:
        assert meta.symbol.encode() in image


def test_check_resources_flags_spills_and_oversized_blocks() -> None:
    """The check can fail: a report with spills, or more registers than a block can have."""
    src = corpus_source("mlp")
    meta = src.kernels[0]
    ok = KernelResources(meta.symbol, "sm_90", 32, 0, 0, 0, meta.shared_bytes, 0)
    assert check_resources(meta, ok) == []
    spilled = KernelResources(meta.symbol, "sm_90", 255, 16, 16, 16, meta.shared_bytes, 0)
    problems = check_resources(meta, spilled)
    assert any("spills" in p for p in problems)
    if block_threads(meta) * 255 > 65536:
        assert any("registers" in p for p in problems)


@needs_nvcc
def test_codegen_resource_usage_table(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """pirc-codegen --target cuda --resource-usage: one row per kernel and arch (plain when piped)."""
    from click.testing import CliRunner

    from pirc.cli.codegen import codegen_command
    from pirc.cli.lower import lower_command

    fused = Path(__file__).resolve().parents[1] / "corpus" / "mlp" / "program.pir"
    ast = tmp_path / "k.ast"
    runner = CliRunner()
    from pirc.cli.fuse import fuse_command

    r = runner.invoke(fuse_command, [str(fused), "-o", str(tmp_path / "f.pir")])
    assert r.exit_code == 0, r.output
    r = runner.invoke(lower_command, [str(tmp_path / "f.pir"), "--target", "cuda", "-o", str(ast)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(codegen_command, [str(ast), "--target", "cuda", "--resource-usage", "-o",
                                        str(tmp_path / "k.cu")])
    assert r.exit_code == 0, r.output
    lines = [ln.split("\t") for ln in r.output.strip().splitlines()]
    assert lines[0][:4] == ["kernel", "arch", "block", "registers"]
    rows = lines[1:]
    n = len(re.findall(r'^extern "C" __global__', (tmp_path / "k.cu").read_text(), re.MULTILINE))
    assert len(rows) == 2 * n and {r[1] for r in rows} == {"sm_80", "sm_90"}
    assert all(r[-1] == "ok" and int(r[3]) > 0 for r in rows)
    r = runner.invoke(codegen_command, [str(ast), "--target", "c", "--resource-usage"])
    assert r.exit_code == 2


PTXAS_LOG = """ptxas info    : 744 bytes gmem
ptxas info    : Compiling entry function 'k_a' for 'sm_90'
ptxas info    : Function properties for k_a
    8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads
ptxas info    : Used 64 registers, used 1 barriers, 128 bytes smem, 400 bytes cmem[0]
ptxas info    : Compiling entry function 'k_b' for 'sm_80'
ptxas info    : Function properties for k_b
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 32 registers, used 0 barriers, 380 bytes cmem[0]
"""


def test_ptxas_log_and_occupancy_arithmetic() -> None:
    """Runs everywhere: the parser on ptxas's format, and the occupancy calculator's numbers."""
    from pirc.cinn.codegen.common import LaunchDim

    a, b = parse_ptxas_log(PTXAS_LOG)
    assert (a.symbol, a.arch, a.registers, a.spill_stores, a.spill_loads, a.stack, a.shared, a.barriers) == \
        ("k_a", "sm_90", 64, 4, 4, 8, 128, 1)
    assert (b.symbol, b.arch, b.registers, b.shared, b.barriers) == ("k_b", "sm_80", 32, 0, 0)
    meta = corpus_source("mlp").kernels[0]
    m1024 = dataclasses.replace(meta, block=(LaunchDim(const=1024), LaunchDim(const=1), LaunchDim(const=1)))
    m256 = dataclasses.replace(meta, block=(LaunchDim(const=256), LaunchDim(const=1), LaunchDim(const=1)))
    occ = occupancy(m256, dataclasses.replace(b, arch="sm_90"))  # 8 warps, 32 registers: 8 blocks by warps
    assert (occ.blocks_per_sm, occ.limited_by, occ.occupancy) == (8, "warps", 1.0)
    occ = occupancy(m1024, dataclasses.replace(a, shared=0))  # 32 warps of 64 registers: one block
    assert (occ.blocks_per_sm, occ.limited_by, occ.occupancy) == (1, "registers", 0.5)
