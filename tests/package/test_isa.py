"""Portable packages: a build per ISA level, chosen at load by the CPU's flags; a package the CPU cannot
run is refused with the fix named, never loaded (it would die of SIGILL).  A lesser CPU is played
with ``PIRC_CPU_FLAGS``, the loader's test hook (pirc/package/isa.py)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from package_helpers import CORPUS, LEVEL_FLAGS, make_package, run_package

from pirc.cinn.backend.compile_c import _accepts, find_cc, is_x86_64

pytestmark = pytest.mark.skipif(not is_x86_64(), reason="the ISA levels are x86-64's")

MODEL = "lenet"  # conv / pool / fc: the nn library, compiled kernels and the AOT host program
EXPECT = ["--expect", str(CORPUS / MODEL / "outputs.npz")]
#: what only AVX-512 code holds: zmm registers, opmask registers, the upper 16 xmm / ymm registers
AVX512 = re.compile(r"%zmm|%k[0-7]\b|\{%?k[0-7]\}|%[xy]mm(1[6-9]|2[0-9]|3[01])\b")


def _avx512_lines(so: Path) -> list[str]:
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(so)], capture_output=True, text=True,
                         check=True).stdout
    return [ln for ln in out.splitlines() if AVX512.search(ln)]


def _needs(level: str) -> None:
    if shutil.which("objdump") is None:
        pytest.skip("objdump is not installed")
    if not _accepts(find_cc(), f"-march={level}"):
        pytest.skip(f"the C compiler does not accept -march={level}")


def test_a_v3_package_holds_no_avx512_instruction_and_runs(tmp_path: Path) -> None:
    _needs("x86-64-v4")
    pkg = make_package(MODEL, tmp_path / "v3.pkg", "--march", "x86-64-v3")
    m = json.loads((pkg / "manifest.json").read_text())
    assert [b["isa"] for b in m["builds"]] == ["x86-64-v3"]
    assert {"avx2", "fma"} <= set(m["builds"][0]["requires"]) and "-march=x86-64-v3" in m["builds"][0]["flags"]
    libs = sorted(pkg.glob("x86-64-v3/*.so"))
    assert {p.name for p in libs} == {"kernels.so", "nnlib.so", "aot-0.so"}
    for so in libs:
        assert _avx512_lines(so) == [], so
    # the check finds AVX-512 where there is some: the same nn library built for v4
    v4 = make_package(MODEL, tmp_path / "v4.pkg", "--march", "x86-64-v4")
    assert _avx512_lines(v4 / "x86-64-v4" / "nnlib.so")
    # runs on a v3 CPU, with the reference results
    r = run_package(pkg, MODEL, *EXPECT, "--profile", "-o", str(tmp_path / "o.npz"),
                    PIRC_CPU_FLAGS=LEVEL_FLAGS["x86-64-v3"])
    assert r.returncode == 0, r.stderr
    assert "build x86-64-v3" in r.stderr and "AOT: used" in r.stderr


def test_a_v4_package_is_refused_where_v4_is_missing(tmp_path: Path) -> None:
    _needs("x86-64-v4")
    pkg = make_package(MODEL, tmp_path / "v4.pkg", "--march", "x86-64-v4")
    r = run_package(pkg, MODEL, PIRC_CPU_FLAGS=LEVEL_FLAGS["x86-64-v3"])
    assert r.returncode == 1, r.stderr
    first = r.stderr.splitlines()[0]
    assert first.startswith(f"{pkg}/manifest.json: error: this CPU cannot run the package: it was built for "
                            "x86-64-v4 only, and this CPU lacks avx512"), r.stderr
    assert "pirc-compile --march x86-64-v3" in r.stderr and "Traceback" not in r.stderr


def test_the_default_package_falls_back_to_its_portable_build(tmp_path: Path) -> None:
    pkg = make_package(MODEL, tmp_path / "d.pkg")
    m = json.loads((pkg / "manifest.json").read_text())
    isas = [b["isa"] for b in m["builds"]]
    assert isas[-1] == "x86-64-v2" and len(set(isas)) == len(isas)
    here = run_package(pkg, MODEL, *EXPECT, "--profile", "-o", str(tmp_path / "a.npz"))
    assert here.returncode == 0 and f"build {isas[0]}" in here.stderr, here.stderr
    old = run_package(pkg, MODEL, *EXPECT, "--profile", "-o", str(tmp_path / "b.npz"),
                      PIRC_CPU_FLAGS=LEVEL_FLAGS["x86-64-v2"])
    assert old.returncode == 0, old.stderr
    assert "build x86-64-v2" in old.stderr and "AOT: used" in old.stderr
    # a CPU below every level: refused, told to compile on that machine
    none = run_package(pkg, MODEL, PIRC_CPU_FLAGS="fpu sse sse2")
    assert none.returncode == 1 and "this CPU cannot run the package" in none.stderr
    assert "--march native" in none.stderr


def test_no_core_count_is_baked_into_the_c(tmp_path: Path) -> None:
    """The frozen host program takes its thread count when called: the same text for any count, and runs
    with 1 and 2 threads give the same bits."""
    import numpy as np

    from pirc.package.build import package_factory
    from pirc.package.load import check_package
    from pirc.runtime.aot.emit import emit_c
    from pirc.runtime.aot.plan import build_plan

    pkg = make_package(MODEL, tmp_path / "p.pkg")
    c = check_package(str(pkg))
    factory = package_factory(c.source, str(pkg / c.build["kernels"]), "c")
    shapes = {f["name"]: tuple(f["shape"]) for f in c.pkg.manifest["aot"]["programs"][0]["feeds"]}
    texts = {emit_c(build_plan(c.program.block, shapes, factory, n)) for n in (1, 2, 7)}
    assert texts == {(pkg / "aot-0.c").read_text()}
    kernels = (pkg / "kernels.c").read_text()  # an OpenMP team is the run's, or a tuned size bounded by it
    assert kernels.count("num_threads(") == kernels.count("num_threads(pirc_team(")
    outs = []
    for n in ("1", "2"):
        r = run_package(pkg, MODEL, "--profile", "-o", str(tmp_path / f"{n}.npz"), PIRC_NUM_THREADS=n)
        assert r.returncode == 0 and "AOT: used" in r.stderr, r.stderr
        with np.load(tmp_path / f"{n}.npz") as z:
            outs.append({k: z[k].tobytes() for k in z.files})
    assert outs[0] == outs[1]


def test_the_march_choices_are_the_compilers_levels() -> None:
    from pirc.cinn.backend.compile_c import ISA_LEVELS
    from pirc.package.isa import MARCH_CHOICES

    assert MARCH_CHOICES == ("native", *ISA_LEVELS)
