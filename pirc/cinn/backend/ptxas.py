"""nvcc and ptxas over generated CUDA: warning-clean compilation and per-kernel resources.

* :func:`nvcc_compile` -- one ``nvcc -fatbin`` for several architectures at once
  (``-gencode arch=compute_XX,code=sm_XX`` each), ``-Werror all-warnings`` and ``-Xptxas -v``:
  the source must compile warning-free with the full toolkit (host headers included), not only
  with NVRTC, and ptxas reports every kernel's resources on the way.
* :func:`ptxas_resources` -- ``ptxas -v`` on PTX (NVRTC's, for instance) for one architecture.
* :func:`occupancy` -- the theoretical occupancy of a kernel for its launch dims (the CUDA occupancy
  calculator's arithmetic: warps, registers in 256-register units per warp, shared memory in 128-byte
  units plus the 1 KiB the driver reserves per block, and the blocks-per-SM limit).

The toolkit is found through ``$PIRC_NVCC`` / ``$PIRC_PTXAS``, ``PATH``, then ``$CUDA_HOME/bin`` and
``/usr/local/cuda/bin``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pirc.cinn.backend.errors import CompileError, ToolchainError
from pirc.cinn.codegen.common import KernelMeta

if TYPE_CHECKING:
    from pirc.cinn.codegen.common import GeneratedSource

TIMEOUT_S = 600
DEFAULT_ARCHS = ("sm_80", "sm_90")


@dataclass(frozen=True)
class SMLimits:
    """Per-SM limits of an architecture (CUDA C Programming Guide, compute capabilities table)."""

    max_warps: int
    max_blocks: int
    registers: int
    max_regs_per_thread: int
    shared_per_sm: int  # bytes
    shared_per_block: int  # bytes, opt-in maximum
    static_shared: int = 48 * 1024
    reg_unit: int = 256  # registers are allocated per warp in these units
    shared_unit: int = 128
    reserved_shared: int = 1024  # per block, CUDA 11+


LIMITS = {
    80: SMLimits(64, 32, 65536, 255, 164 * 1024, 163 * 1024),
    86: SMLimits(48, 16, 65536, 255, 100 * 1024, 99 * 1024),
    89: SMLimits(48, 24, 65536, 255, 100 * 1024, 99 * 1024),
    90: SMLimits(64, 32, 65536, 255, 228 * 1024, 227 * 1024),
}


@dataclass(frozen=True)
class KernelResources:
    symbol: str
    arch: str
    registers: int
    spill_stores: int
    spill_loads: int
    stack: int
    shared: int  # static shared memory, bytes
    barriers: int


def _find(tool: str, env: str) -> str | None:
    v = os.environ.get(env, "").strip()
    if v:
        return shutil.which(v)
    path = shutil.which(tool)
    if path is not None:
        return path
    for base in (os.environ.get("CUDA_HOME", ""), "/usr/local/cuda"):
        cand = os.path.join(base, "bin", tool) if base else ""
        if cand and os.access(cand, os.X_OK):
            return cand
    return None


def find_nvcc() -> str | None:
    return _find("nvcc", "PIRC_NVCC")


def find_ptxas() -> str | None:
    return _find("ptxas", "PIRC_PTXAS")


_ENTRY = re.compile(r"Compiling entry function '([^']+)' for '(sm_\w+)'")
_PROPS = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
_USED = re.compile(r"Used (\d+) registers(?:, used (\d+) barriers)?(?:, (\d+) bytes smem)?")


def parse_ptxas_log(log: str) -> list[KernelResources]:
    """The resources ``ptxas -v`` prints, per (kernel, architecture)."""
    out: list[KernelResources] = []
    cur: tuple[str, str] | None = None
    props = (0, 0, 0)
    for line in log.splitlines():
        m = _ENTRY.search(line)
        if m:
            cur, props = (m.group(1), m.group(2)), (0, 0, 0)
            continue
        m = _PROPS.search(line)
        if m and cur is not None:
            props = (int(m.group(1)), int(m.group(2)), int(m.group(3)))
            continue
        m = _USED.search(line)
        if m and cur is not None:
            smem = re.search(r"(\d+) bytes smem", line)
            bars = re.search(r"used (\d+) barriers", line)
            out.append(KernelResources(cur[0], cur[1], int(m.group(1)), props[1], props[2], props[0],
                                       int(smem.group(1)) if smem else 0, int(bars.group(1)) if bars else 0))
            cur = None
    return out


def _run(cmd: list[str], what: str) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(cmd, capture_output=True, timeout=TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        raise ToolchainError(f"{what} took more than {TIMEOUT_S} s") from None
    except OSError as e:
        raise ToolchainError(f"cannot run {what}: {e}") from None


def _cc(arch: str) -> int:
    from pirc.cinn.backend.nvrtc import parse_arch

    return parse_arch(arch)[0]


def nvcc_compile(source: str, archs: Sequence[str] = DEFAULT_ARCHS, *, source_name: str = "kernels.cu",
                 werror: bool = True) -> list[KernelResources]:
    """Compile ``source`` with nvcc for every arch in one invocation; raises :class:`CompileError`
    (with nvcc's diagnostics located in ``source``) on an error or, with ``werror``, a warning."""
    nvcc = find_nvcc()
    if nvcc is None:
        raise ToolchainError("nvcc was not found (install the CUDA toolkit, or set $PIRC_NVCC)")
    with tempfile.TemporaryDirectory(prefix="pirc-nvcc-") as d:
        src = os.path.join(d, "kernels.cu")
        with open(src, "w", encoding="utf-8") as f:
            f.write(source)
        # -fatbin: device code only (no host compilation), every -gencode in one run
        cmd = [nvcc, "-fatbin", "-o", os.path.join(d, "kernels.fatbin"), "-std=c++17", "-Xptxas", "-v"]
        if werror:
            cmd += ["-Werror", "all-warnings"]
        for a in archs:
            cc = _cc(a)
            cmd += ["-gencode", f"arch=compute_{cc},code=sm_{cc}"]
        r = _run(cmd + [src], "nvcc")
    log = (r.stderr or b"").decode("utf-8", "replace") + (r.stdout or b"").decode("utf-8", "replace")
    if r.returncode != 0:
        shown = "\n".join(ln for ln in log.splitlines() if not ln.startswith("ptxas info") and
                          not ln.startswith("    ") or "error" in ln)
        raise CompileError("nvcc", shown.replace(src, source_name), source, source_name)
    return parse_ptxas_log(log)


def ptxas_resources(ptx: bytes | str, arch: str) -> list[KernelResources]:
    """``ptxas -v`` on PTX text for one architecture."""
    ptxas = find_ptxas()
    if ptxas is None:
        raise ToolchainError("ptxas was not found (install the CUDA toolkit, or set $PIRC_PTXAS)")
    data = ptx.encode() if isinstance(ptx, str) else ptx.rstrip(b"\0")
    with tempfile.TemporaryDirectory(prefix="pirc-ptxas-") as d:
        src = os.path.join(d, "kernels.ptx")
        with open(src, "wb") as f:
            f.write(data)
        r = _run([ptxas, "-v", f"-arch=sm_{_cc(arch)}", "-o", os.path.join(d, "k.cubin"), src], "ptxas")
    log = (r.stderr or b"").decode("utf-8", "replace") + (r.stdout or b"").decode("utf-8", "replace")
    if r.returncode != 0:
        raise ToolchainError(f"ptxas failed:\n{log}")
    return parse_ptxas_log(log)


@dataclass(frozen=True)
class Occupancy:
    threads: int  # per block (symbolic dims at their caps)
    blocks_per_sm: int
    limited_by: str  # warps, registers, shared memory or blocks
    occupancy: float  # active warps / max warps per SM


def block_threads(meta: KernelMeta) -> int:
    n = 1
    for d in meta.block:
        n *= d.const if d.const is not None else d.cap
    return n


def occupancy(meta: KernelMeta, res: KernelResources) -> Occupancy:
    """Theoretical occupancy of ``meta``'s kernel with ``res``'s resources on its architecture."""
    lim = LIMITS.get(_cc(res.arch), LIMITS[90])
    threads = block_threads(meta)
    warps = -(-threads // 32)
    by_warps = lim.max_warps // warps
    regs_per_warp = -(-max(res.registers, 1) * 32 // lim.reg_unit) * lim.reg_unit
    by_regs = (lim.registers // regs_per_warp) // warps
    smem = -(-(res.shared + lim.reserved_shared) // lim.shared_unit) * lim.shared_unit
    by_smem = lim.shared_per_sm // smem
    limits = {"warps": by_warps, "registers": by_regs, "shared memory": by_smem, "blocks": lim.max_blocks}
    name = min(limits, key=lambda k: limits[k])
    blocks = max(0, limits[name])
    return Occupancy(threads, blocks, name, blocks * warps / lim.max_warps)


def check_resources(meta: KernelMeta, res: KernelResources) -> list[str]:
    """What is wrong with a kernel's resources: spills, a limit exceeded, launch bounds that do
    not match the block the schedule chose."""
    lim = LIMITS.get(_cc(res.arch), LIMITS[90])
    problems = []
    if res.spill_stores or res.spill_loads:
        problems.append(f"spills {res.spill_stores} bytes (stores) / {res.spill_loads} bytes (loads) on {res.arch}")
    if res.registers > lim.max_regs_per_thread:
        problems.append(f"uses {res.registers} registers per thread (at most {lim.max_regs_per_thread})")
    if res.shared > lim.static_shared:
        problems.append(f"uses {res.shared} bytes of static shared memory (at most {lim.static_shared})")
    if res.shared != meta.shared_bytes:
        problems.append(f"ptxas reports {res.shared} bytes of shared memory, the generator planned "
                        f"{meta.shared_bytes}")
    threads = block_threads(meta)
    if threads * max(res.registers, 1) > lim.registers:
        problems.append(f"a block of {threads} threads needs {threads * res.registers} registers "
                        f"(an SM has {lim.registers}): the launch would fail")
    occ = occupancy(meta, res)
    if occ.blocks_per_sm < 1:
        problems.append(f"not one block of {threads} threads fits on an SM ({occ.limited_by})")
    return problems




def resource_usage(src: GeneratedSource, archs: Sequence[str] = DEFAULT_ARCHS) -> list[KernelResources]:
    """ptxas's report for every kernel of ``src`` and every arch: one nvcc run (its front end and
    ptxas are one release), else NVRTC's PTX assembled by the toolkit's ``ptxas -v`` (which must be
    as new as NVRTC: a 13.0 ptxas refuses 13.5's PTX)."""
    from pirc.cinn.backend.nvrtc import compile_cuda, nvrtc_available

    if find_nvcc() is None and nvrtc_available() and find_ptxas() is not None:
        out: list[KernelResources] = []
        for a in archs:
            ptx, _ = compile_cuda(src.text, arch=f"compute_{_cc(a)}", kind="ptx")
            out.extend(ptxas_resources(ptx, a))
        return out
    return nvcc_compile(src.text, archs, werror=False)


def resource_rows(src: GeneratedSource, resources: Sequence[KernelResources]) -> list[tuple[str, ...]]:
    """One row per (kernel, arch): kernel, arch, block, registers, spills, shared, occupancy, problems."""
    metas = {m.symbol: m for m in src.kernels}
    rows = []
    for r in sorted(resources, key=lambda r: (metas[r.symbol].index if r.symbol in metas else 1 << 30, r.arch)):
        m = metas.get(r.symbol)
        if m is None:
            continue
        occ = occupancy(m, r)
        block = "x".join(str(d.const if d.const is not None else f"<={d.cap}") for d in m.block)
        rows.append((f"{m.index} {m.name}", r.arch, block, str(r.registers), f"{r.spill_stores}/{r.spill_loads}",
                     str(r.shared), f"{occ.occupancy:.0%} ({occ.blocks_per_sm} blocks/SM, by {occ.limited_by})",
                     "; ".join(check_resources(m, r)) or "ok"))
    return rows


RESOURCE_COLUMNS = ("kernel", "arch", "block", "registers", "spill st/ld B", "smem B", "occupancy", "check")


def print_resource_report(rows: Sequence[tuple[str, ...]], file: Any = None) -> None:
    """A rich table on a terminal; tab-separated lines (with a header) when piped."""
    import sys

    f = file or sys.stderr
    if f.isatty():
        from rich.console import Console
        from rich.table import Table
        from rich.text import Text

        t = Table(title="kernel resources (ptxas -v)")
        for c in RESOURCE_COLUMNS:
            t.add_column(c, justify="right" if c in ("registers", "smem B") else "left")
        for row in rows:  # cells as Text: data, never console markup
            t.add_row(*(Text(c) for c in row), style="red" if row[-1] != "ok" else None)
        Console(file=f).print(t)
        return
    f.write("\t".join(RESOURCE_COLUMNS) + "\n")
    for row in rows:
        f.write("\t".join(row) + "\n")


__all__ = [
    "DEFAULT_ARCHS",
    "LIMITS",
    "KernelResources",
    "Occupancy",
    "block_threads",
    "check_resources",
    "find_nvcc",
    "find_ptxas",
    "nvcc_compile",
    "occupancy",
    "parse_ptxas_log",
    "print_resource_report",
    "ptxas_resources",
    "resource_rows",
    "resource_usage",
]
