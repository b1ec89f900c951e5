"""Every corpus kernel's CUDA source compiles with NVRTC and with nvcc (sm_80 and sm_90,
``-Werror all-warnings``), and ptxas's resource report passes: no spills, no limit exceeded,
shared memory and launch bounds as the schedule planned.  One nvcc run per program (both
architectures at once), two at a time, cached by content in the kernel cache."""

from __future__ import annotations

import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from cuda_corpus import MODELS, corpus_source

from pirc.cinn.backend.cache import cache_key, default_cache
from pirc.cinn.backend.errors import CompileError
from pirc.cinn.backend.nvrtc import compile_cuda, nvrtc_available
from pirc.cinn.backend.ptxas import (DEFAULT_ARCHS, KernelResources, block_threads, check_resources, find_nvcc,
                                     nvcc_compile, occupancy)

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
    bounds = dict((s, int(n)) for n, s in re.findall(r"__launch_bounds__\((\d+)\) (\w+)\(", src.text))
    by_kernel = {(r.symbol, r.arch): r for r in rep}
    for meta in src.kernels:
        # the launch bounds are the block the schedule chose
        assert bounds[meta.symbol] == block_threads(meta)
        for arch in DEFAULT_ARCHS:
            res = by_kernel[(meta.symbol, arch)]
            assert check_resources(meta, res) == [], (meta.name, arch)
            assert occupancy(meta, res).blocks_per_sm >= 1


@needs_nvrtc
@pytest.mark.parametrize("model", MODELS)
def test_nvrtc_compiles_the_same_source(model: str) -> None:
    src = corpus_source(model)
    image, _ = compile_cuda(src.text, arch="sm_90", kind="cubin")
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
