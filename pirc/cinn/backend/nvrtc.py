"""Compiling generated CUDA with NVRTC (``cuda.bindings.nvrtc``); no nvcc, no GPU needed.

Where libnvrtc comes from: ``cuda.bindings`` finds it through ``cuda-pathfinder``,
which looks in site-packages (the PyPI wheel ``nvidia-cuda-nvrtc``, a dependency
of pirc), then the conda / system library paths and ``$CUDA_HOME``.  A CUDA
toolkit that ships only nvcc (as on pirc's development machines) is not enough.

* ``arch``: ``sm_90`` / ``90`` / ``compute_90`` / ``sm_90a``; a cubin is built for
  ``sm_XX``, PTX for ``compute_XX``.  The default is ``$PIRC_CUDA_ARCH``, else the
  first GPU's compute capability, else ``sm_90`` (H100 / H200).
* options: ``-std=c++17`` plus ``$PIRC_NVRTC_FLAGS``.  NVRTC contracts ``a*b+c``
  into FMA by default (results may differ from the interpreter in the last bit).
* Threads: NVRTC releases the GIL while it compiles (other Python threads keep
  running) but libnvrtc compiles one program at a time -- two compilations in two
  threads take as long as in sequence (measured on 2 cores: 1.86 s vs 2.05 s).
  Parallel CUDA builds would need processes; C builds parallelise on threads.
"""

from __future__ import annotations

import functools
import os
import re
import shlex
import time
from typing import Any

from pirc.cinn.backend.errors import CompileError, ToolchainError

BASE_OPTIONS = ("-std=c++17",)
_ARCH_RE = re.compile(r"(?:sm_|compute_|sm|compute)?(\d{2,3})([af]?)\Z")


def _nvrtc() -> Any:
    try:
        from cuda.bindings import nvrtc
    except Exception as e:  # noqa: BLE001
        raise ToolchainError(f"NVRTC is not available: cuda-python is not installed ({e}); "
                             "install the CUDA extra: pip install 'pirc[cuda]'") from None
    return nvrtc


def _check(res: Any, what: str) -> Any:
    err = res[0]
    if int(err) != 0:
        raise ToolchainError(f"NVRTC {what} failed: {err}")
    return res[1:] if len(res) > 2 else (res[1] if len(res) == 2 else None)


@functools.cache
def nvrtc_version() -> tuple[int, int]:
    """(major, minor) of the loaded libnvrtc; raises ToolchainError when it cannot be loaded."""
    nvrtc = _nvrtc()
    try:
        res = nvrtc.nvrtcVersion()
    except Exception as e:  # noqa: BLE001 - DynamicLibNotFoundError and friends
        raise ToolchainError(
            f"NVRTC is not available: libnvrtc could not be loaded ({str(e).splitlines()[0]}); "
            "install the CUDA extra: pip install 'pirc[cuda]' (the nvidia-cuda-nvrtc wheel)") from None
    major, minor = _check(res, "version")
    return int(major), int(minor)


def nvrtc_available() -> bool:
    try:
        nvrtc_version()
        return True
    except ToolchainError:
        return False


@functools.cache
def supported_archs() -> tuple[int, ...]:
    nvrtc_version()
    return tuple(int(a) for a in _check(_nvrtc().nvrtcGetSupportedArchs(), "supported archs"))


def parse_arch(arch: str | int) -> tuple[int, str]:
    """``sm_90`` / ``90`` / ``compute_90a`` -> (90, "" | "a" | "f")."""
    m = _ARCH_RE.match(str(arch).strip())
    if m is None:
        raise ToolchainError(f"invalid CUDA architecture '{arch}' (expected e.g. sm_90)")
    return int(m.group(1)), m.group(2)


def default_arch() -> str:
    env = os.environ.get("PIRC_CUDA_ARCH", "").strip()
    if env:
        cc, sfx = parse_arch(env)
        return f"sm_{cc}{sfx}"
    try:
        from pirc.cinn.backend.launch import device_compute_capability

        cc = device_compute_capability()
        if cc is not None:
            return f"sm_{cc[0]}{cc[1]}"
    except Exception:  # noqa: BLE001 - no driver, no GPU
        pass
    return "sm_90"


def nvrtc_options(arch: str, kind: str) -> tuple[str, ...]:
    cc, sfx = parse_arch(arch)
    prefix = "sm_" if kind == "cubin" else "compute_"
    extra = tuple(shlex.split(os.environ.get("PIRC_NVRTC_FLAGS", "")))
    return (f"--gpu-architecture={prefix}{cc}{sfx}",) + BASE_OPTIONS + extra


def nvrtc_identity() -> str:
    major, minor = nvrtc_version()
    return f"nvrtc {major}.{minor}"


def compile_cuda(source: str, *, arch: str | None = None, kind: str = "cubin", source_name: str = "kernels.cu",
                 options: tuple[str, ...] | None = None) -> tuple[bytes, float]:
    """Compile ``source`` to a cubin (``kind="cubin"``) or PTX; returns (bytes, seconds).
    Raises :class:`CompileError` with NVRTC's diagnostics located in ``source``."""
    if kind not in ("cubin", "ptx"):
        raise ValueError(f"kind must be 'cubin' or 'ptx', got {kind!r}")
    arch = arch or default_arch()
    cc, _ = parse_arch(arch)
    archs = supported_archs()
    if cc not in archs:
        raise ToolchainError(f"NVRTC {'.'.join(map(str, nvrtc_version()))} cannot compile for {arch} "
                             f"(supported: {', '.join(f'sm_{a}' for a in archs)})")
    opts = nvrtc_options(arch, kind) if options is None else options
    nvrtc = _nvrtc()
    t0 = time.perf_counter()
    prog = _check(nvrtc.nvrtcCreateProgram(source.encode("utf-8"), os.path.basename(source_name).encode(), 0, [], []),
                  "create program")
    try:
        bopts = [o.encode() for o in opts]
        err = nvrtc.nvrtcCompileProgram(prog, len(bopts), bopts)[0]
        size = _check(nvrtc.nvrtcGetProgramLogSize(prog), "log size")
        log = b" " * size
        _check(nvrtc.nvrtcGetProgramLog(prog, log), "log")
        text = log.rstrip(b"\x00 ").decode("utf-8", "replace")
        if int(err) != 0:
            raise CompileError(f"NVRTC ({arch})", text, source, source_name)
        if kind == "cubin":
            n = _check(nvrtc.nvrtcGetCUBINSize(prog), "cubin size")
            out = b" " * n
            _check(nvrtc.nvrtcGetCUBIN(prog, out), "cubin")
        else:
            n = _check(nvrtc.nvrtcGetPTXSize(prog), "ptx size")
            out = b" " * n
            _check(nvrtc.nvrtcGetPTX(prog, out), "ptx")
    finally:
        nvrtc.nvrtcDestroyProgram(prog)
    return bytes(out), time.perf_counter() - t0


__all__ = ["compile_cuda", "default_arch", "nvrtc_available", "nvrtc_identity", "nvrtc_options", "nvrtc_version",
           "parse_arch", "supported_archs"]
