"""Compile generated CUDA for the CPU emulation and launch its kernels.

The shared library is the exact ``.cu`` text, compiled as C++17 by ``$PIRC_CXX`` (else ``g++``)
with ``-include cuda_emu.h`` (the runtime), followed by one stub per kernel that unpacks a
``kernelParams`` array (``launch.pack_args``, CUDA's convention) into the kernel's parameters.
Checking mode adds ``-fsanitize=kernel-address`` with calls for every access (GCC's KASAN mode:
the runtime header implements the callbacks); it is a separate cache entry.

``pirc_emu_launch`` runs a launch synchronously: blocks in a seeded random order, each block's
threads as fibers in a seeded random interleaving.  One launch at a time per library (the
runtime's state is global), guarded by a lock.
"""

from __future__ import annotations

import ctypes
import functools
import os
import shutil
import subprocess
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from pirc.cinn.ast.nodes import Var
from pirc.cinn.backend.cache import KernelCache, cache_key, default_cache
from pirc.cinn.backend.compile_c import compile_c
from pirc.cinn.backend.errors import ToolchainError
from pirc.cinn.backend.module import CINNKernelInfo, DeviceKernel
from pirc.cinn.codegen.common import CODEGEN_VERSION, GeneratedSource, KernelMeta
from pirc.diagnostics import Diagnostic, PircError

HEADER = Path(__file__).with_name("cuda_emu.h")
BASE_FLAGS = ("-std=c++17", "-O0", "-fPIC", "-shared", "-fwrapv", "-ffp-contract=off", "-fno-math-errno",
              "-w", "-x", "c++")
CHECK_FLAGS = ("-fsanitize=kernel-address", "--param", "asan-instrumentation-with-call-threshold=0",
               "--param", "asan-stack=0", "--param", "asan-globals=1")
MSG_CAP = 8192

_STUB_HEAD = """
/* ---- pirc CUDA emulation: launch stubs (kernelParams -> the kernel's parameters) ---- */
#include <utility>
template <typename... A, std::size_t... I>
PIRC_EMU_RT static void pirc_emu_call(void (*k)(A...), void** p, std::index_sequence<I...>) {
  k(*(typename std::remove_reference<A>::type*)p[I]...);
}
"""


def find_cxx() -> str:
    for env in ("PIRC_CXX", "CXX"):
        v = os.environ.get(env, "").strip()
        if v:
            path = shutil.which(v)
            if path is None:
                raise ToolchainError(f"the C++ compiler ${env}={v} was not found")
            return path
    path = shutil.which("g++")
    if path is None:
        raise ToolchainError("the CUDA emulation needs g++ (GCC's C++ compiler), which was not found")
    return path


@functools.cache
def cxx_identity(cxx: str) -> str:
    try:
        r = subprocess.run([cxx, "--version"], capture_output=True, timeout=30, check=False)
        first = (r.stdout or b"").decode("utf-8", "replace").splitlines()
        return f"{cxx} {first[0] if first else ''}"
    except (OSError, subprocess.TimeoutExpired) as e:
        raise ToolchainError(f"cannot run the C++ compiler {cxx}: {e}") from None


def emu_text(src: GeneratedSource) -> str:
    """The text g++ compiles: the generated source, byte for byte, then the launch stubs."""
    stubs = [_STUB_HEAD]
    for m in src.kernels:
        stubs.append(f'extern "C" PIRC_EMU_RT void pirc_emu_stub_{m.symbol}(void** p) {{ '
                     f"pirc_emu_call({m.symbol}, p, std::make_index_sequence<{len(m.args) + len(m.workspaces)}>()); }}")
    return src.text + "\n".join(stubs) + "\n"


def emu_flags(check: bool) -> tuple[str, ...]:
    return ("-include", str(HEADER)) + BASE_FLAGS + (CHECK_FLAGS if check else ())


def compile_emu(src: GeneratedSource, *, cache: KernelCache | None = None, check: bool = False,
                source_name: str = "kernels.cu") -> EmuModule:
    """The emulation library for a CUDA source (through the cache: key = compiler, flags, runtime
    header, text)."""
    if src.target != "cuda":
        raise ValueError("the CUDA emulation runs CUDA sources")
    cache = cache or default_cache()
    cxx = find_cxx()
    flags = emu_flags(check)
    text = emu_text(src)
    header = HEADER.read_text()
    key = cache_key(CODEGEN_VERSION, "emu-so", cxx_identity(cxx), " ".join(flags[2:]), header, text)
    path, compiled = cache.get_or_build(
        key, ".so", lambda: compile_c(text, cc=cxx, flags=flags, source_name=source_name),
        kind="emu", info={"toolchain": cxx_identity(cxx), "flags": list(flags[2:]), "check": check})
    return EmuModule(path, src.kernels, check, compiled)


class EmuError(PircError):
    """The emulation found races, out-of-bounds accesses or a deadlock in a kernel."""

    def __init__(self, kernel: str, problems: str) -> None:
        super().__init__(Diagnostic("error", f"CUDA emulation of kernel {kernel}: {problems.strip()}"))
        self.kernel = kernel
        self.problems = problems


_LAUNCH_ARGS = (ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint),
                ctypes.c_uint64, ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t,
                ctypes.POINTER(ctypes.c_ulong))


@dataclass
class LaunchStats:
    launches: int = 0
    threads: int = 0
    accesses: int = 0  # memory accesses checked (checking mode)
    kernels: set[str] = field(default_factory=set)


STATS = LaunchStats()


class EmuModule:
    """A compiled emulation library: :meth:`kernel` gives launchable kernels."""

    def __init__(self, path: str | os.PathLike, kernels: Sequence[KernelMeta], check: bool, compiled: bool) -> None:
        self.path = str(path)
        self.check = check
        self.compiled = compiled
        self.lib = ctypes.CDLL(self.path)
        self.lock = threading.Lock()
        self._launch = self.lib.pirc_emu_launch
        self._launch.argtypes = _LAUNCH_ARGS
        self._launch.restype = ctypes.c_int
        self.metas = {m.symbol: m for m in kernels}
        self.stubs = {m.symbol: ctypes.cast(getattr(self.lib, f"pirc_emu_stub_{m.symbol}"), ctypes.c_void_p).value
                      for m in kernels}

    def info(self, symbol: str) -> CINNKernelInfo:
        return CINNKernelInfo.of(self.metas[symbol], None)

    def kernel(self, symbol: str) -> EmuKernel:
        return EmuKernel(self, self.info(symbol))

    def run(self, symbol: str, params: np.ndarray, grid: Sequence[int], block: Sequence[int], seed: int,
            allocs: Sequence[tuple[int, int]] = ()) -> tuple[int, str, int]:
        """One launch; returns (problems, their text, accesses checked)."""
        g = (ctypes.c_uint * 3)(*grid)
        b = (ctypes.c_uint * 3)(*block)
        ranges = np.array([x for r in allocs for x in r] or [0], dtype=np.uint64)
        buf = ctypes.create_string_buffer(MSG_CAP)
        acc = ctypes.c_ulong(0)
        with self.lock:
            rc = self._launch(self.stubs[symbol], params.ctypes.data, g, b, seed & (2**64 - 1), int(self.check),
                              ranges.ctypes.data, len(allocs), buf, MSG_CAP, ctypes.byref(acc))
        return rc, buf.value.decode("utf-8", "replace"), acc.value


class EmuKernel(DeviceKernel):
    """A CUDA kernel run by the emulation: :meth:`launch` on emulated device memory (what
    :class:`~pirc.cinn.emu.device.EmuDevice` does), ``kernel(*arrays)`` on host arrays."""

    module: EmuModule  # type: ignore[assignment]

    def launch(self, pointers: Mapping[int, int], env: Mapping[Var, Any], workspaces: Sequence[int] = (),
               stream: Any = 0, *, seed: int = 0, allocs: Sequence[tuple[int, int]] = ()) -> None:
        grid, block, params, slots = self.packed(pointers, env, workspaces)
        rc, text, acc = self.module.run(self.meta.symbol, params, grid, block, seed, allocs)
        del slots
        STATS.launches += 1
        STATS.threads += int(np.prod(grid)) * int(np.prod(block))
        STATS.accesses += acc
        STATS.kernels.add(self.meta.symbol)
        if rc != 0:
            raise EmuError(self.meta.name, text or f"launch failed ({rc})")

    def __call__(self, *inputs: Any, symbols: Mapping[str, Any] | None = None, seed: int = 0) -> list[np.ndarray]:
        from pirc.cinn.emu.device import EmuDevice

        dev = EmuDevice(seed=seed, check=self.module.check)
        return dev.call(self, inputs, symbols)


__all__ = ["STATS", "EmuError", "EmuKernel", "EmuModule", "compile_emu", "emu_flags", "emu_text", "find_cxx"]
