"""Compiling generated C with the system compiler into a shared library.

The compiler is ``$PIRC_CC``, else ``$CC``, else the first of ``cc``, ``gcc``,
``clang`` on ``PATH``.  Flags: ``-O3 -std=c99 -fPIC -shared`` plus

* ``-fwrapv`` (integer overflow wraps, as numpy's does) and
  ``-ffp-contract=off`` (no fused multiply-add: results match the interpreter);
  no ``-ffast-math`` (results must match the interpreter);
* ``-fno-math-errno`` (lets ``sqrtf`` & co. inline and vectorise; results are the same).
  Not ``-fno-trapping-math``: with it GCC folds ``(float)(int)x`` into ``truncf(x)``,
  which keeps the sign of a zero that the conversion loses.  Float selects that GCC
  could not if-convert under trapping math are emitted as bitwise blends instead
  (``pirc_sel_f32``, where both sides are safe to evaluate);
* ``-fopenmp`` when the compiler links OpenMP programs, else ``-fopenmp-simd``
  (simd pragmas only), else nothing;
* an ISA level this machine supports: ``-march=x86-64-v4`` (AVX-512), ``-v3`` (AVX2) or ``-v2`` on
  x86-64 when ``/proc/cpuinfo`` shows it and the compiler accepts it, nothing
  elsewhere.  ``$PIRC_MARCH`` overrides it (``native``, ``x86-64-v2``..., or empty
  for none).  Not ``-march=native``: the library must run on any machine with the
  same level, and the level is part of the cache key, so a cache folder shared by
  different machines never hands one a library it cannot run.  ``c_flags(cc, march=LEVEL)``
  asks for another level (a package built for other machines, :mod:`pirc.package`);
  :data:`ISA_LEVELS` says which CPU flags each level needs.

Every flag and the compiler's identity (path and ``--version``) are part of the
cache key (:mod:`.cache`).
"""

from __future__ import annotations

import functools
import json
import os
import platform
import shlex
import shutil
import subprocess
import tempfile
import time

from pirc.cinn.backend.errors import CompileError, ToolchainError

BASE_FLAGS = ("-O3", "-std=c99", "-fPIC", "-shared", "-fwrapv", "-ffp-contract=off", "-fno-math-errno")
TIMEOUT_S = 600


def find_cc() -> str:
    for env in ("PIRC_CC", "CC"):
        v = os.environ.get(env, "").strip()
        if v:
            path = shutil.which(v)
            if path is None:
                raise ToolchainError(f"the C compiler ${env}={v} was not found")
            return path
    for name in ("cc", "gcc", "clang"):
        path = shutil.which(name)
        if path is not None:
            return path
    raise ToolchainError("no C compiler found (install gcc or clang, or set $PIRC_CC)")


@functools.cache
def cc_identity(cc: str) -> str:
    """The compiler's path and first line of ``--version`` (part of cache keys)."""
    try:
        r = subprocess.run([cc, "--version"], capture_output=True, text=True, timeout=60)
        first = (r.stdout or r.stderr).strip().splitlines()[0] if (r.stdout or r.stderr).strip() else "?"
    except (OSError, subprocess.SubprocessError):
        first = "?"
    return f"{os.path.realpath(cc)} | {first}"


_OMP_PROBE = """#include <omp.h>
int pirc_probe(float* x, int n) {
  int i;
  #pragma omp parallel for
  for (i = 0; i < n; i++) x[i] += 1.0f;
  return omp_get_max_threads();
}
"""


@functools.cache
def openmp_flags(cc: str) -> tuple[str, ...]:
    """``-fopenmp`` if the compiler builds and links an OpenMP shared library, else ``-fopenmp-simd``, else ()."""
    with tempfile.TemporaryDirectory(prefix="pirc-omp-") as d:
        src = os.path.join(d, "probe.c")
        with open(src, "w") as f:
            f.write(_OMP_PROBE)
        for flags in (("-fopenmp",),):
            try:
                r = subprocess.run([cc, *BASE_FLAGS, *flags, "-o", os.path.join(d, "probe.so"), src],
                                   capture_output=True, timeout=TIMEOUT_S)
                if r.returncode == 0:
                    return flags
            except (OSError, subprocess.SubprocessError):
                pass
        with open(src, "w") as f:
            f.write("int pirc_probe(float* x, int n) { int i;\n#pragma omp simd\nfor (i = 0; i < n; i++) x[i] += 1.0f;\n"
                    "return 0; }\n")
        try:
            r = subprocess.run([cc, *BASE_FLAGS, "-fopenmp-simd", "-Werror", "-o", os.path.join(d, "probe.so"), src],
                               capture_output=True, timeout=TIMEOUT_S)
            if r.returncode == 0:
                return ("-fopenmp-simd",)
        except (OSError, subprocess.SubprocessError):
            pass
    return ()


_X86_V2 = frozenset({"cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3"})
_X86_V3 = _X86_V2 | {"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"}
_X86_V4 = _X86_V3 | {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"}

#: the x86-64 micro-architecture levels, lowest first: the ``/proc/cpuinfo`` flags each needs
ISA_LEVELS: dict[str, frozenset[str]] = {"x86-64-v2": _X86_V2, "x86-64-v3": _X86_V3, "x86-64-v4": _X86_V4}


def cpu_flags() -> set[str]:
    """This CPU's flags as ``/proc/cpuinfo`` lists them (empty where it does not)."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def is_x86_64() -> bool:
    return platform.machine().lower() in ("x86_64", "amd64")


def level_of(flags: tuple[str, ...] | list[str]) -> str | None:
    """The ISA level a flag list compiles for: ``x86-64-v3`` for ``-march=x86-64-v3``, ``native`` for
    ``-march=native``, None without ``-march``."""
    level = None
    for f in flags:
        if f.startswith("-march="):
            level = f[len("-march="):]
    return level


@functools.cache
def _accepts(cc: str, flag: str) -> bool:
    with tempfile.TemporaryDirectory(prefix="pirc-march-") as d:
        src = os.path.join(d, "probe.c")
        with open(src, "w") as f:
            f.write("int pirc_probe(int x) { return x + 1; }\n")
        try:
            r = subprocess.run([cc, "-O1", "-fPIC", "-shared", flag, "-o", os.path.join(d, "probe.so"), src],
                               capture_output=True, timeout=TIMEOUT_S)
            return r.returncode == 0
        except (OSError, subprocess.SubprocessError):
            return False


def march_flags(cc: str) -> tuple[str, ...]:
    """The ISA flag for this machine (see the module docstring)."""
    env = os.environ.get("PIRC_MARCH")
    if env is not None:
        env = env.strip()
        return (f"-march={env}",) if env else ()
    if not is_x86_64():
        return ()
    have = cpu_flags()
    for level, need in (("x86-64-v4", _X86_V4), ("x86-64-v3", _X86_V3), ("x86-64-v2", _X86_V2)):
        if need <= have and _accepts(cc, f"-march={level}"):
            return (f"-march={level}",)
    return ()


def c_flags(cc: str | None = None, march: str | None = None) -> tuple[str, ...]:
    """The flags every C compilation uses.  ``march``: an ISA level of :data:`ISA_LEVELS` to compile
    for instead of this machine's (None or ``"native"``: this machine's, see the module docstring);
    :class:`ToolchainError` when the compiler does not accept it."""
    cc = cc or find_cc()
    extra = tuple(shlex.split(os.environ.get("PIRC_CFLAGS", "")))
    omp, here = _probed(cc)
    if march is None or march == "native":
        return BASE_FLAGS + omp + here + extra
    if march not in ISA_LEVELS:
        raise ValueError(f"unknown ISA level {march!r} (one of native, {', '.join(ISA_LEVELS)})")
    if not is_x86_64():
        raise ToolchainError(f"-march={march} is an x86-64 level; this machine is {platform.machine()}")
    if not _accepts(cc, f"-march={march}"):
        raise ToolchainError(f"the C compiler {cc} does not accept -march={march} (GCC 11 or Clang 12 and later do)")
    return BASE_FLAGS + omp + (f"-march={march}",) + extra


@functools.cache
def _probed(cc: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(openmp_flags, march_flags) of ``cc``: the probes compile test programs (a third of a second),
    so their answers are kept in the kernel cache, keyed by the compiler file (path, size, mtime),
    the CPU's flags and ``$PIRC_MARCH``; a warm process runs no compiler at all."""
    from pirc.cinn.backend.cache import cache_key, default_cache

    try:
        st = os.stat(os.path.realpath(cc))
        ident = (os.path.realpath(cc), st.st_size, st.st_mtime_ns)
    except OSError:
        return openmp_flags(cc), march_flags(cc)
    key = cache_key("cc-probe", "1", *ident, platform.machine(), " ".join(sorted(cpu_flags())),
                    os.environ.get("PIRC_MARCH"))
    cache = default_cache()
    hit = cache.lookup(key, ".probe")
    if hit is not None:
        try:
            d = json.loads(hit.read_bytes())
            return tuple(d["openmp"]), tuple(d["march"])
        except (OSError, ValueError, KeyError, TypeError):
            pass
    omp, march = openmp_flags(cc), march_flags(cc)
    cache.store(key, ".probe", json.dumps({"openmp": list(omp), "march": list(march)}).encode(), {"kind": "probe"})
    return omp, march


def compile_c(source: str, *, cc: str | None = None, flags: tuple[str, ...] | None = None,
              source_name: str = "kernels.c") -> tuple[bytes, float]:
    """Compile ``source`` into a shared library; returns (its bytes, seconds).
    Raises :class:`CompileError` with the compiler's diagnostics located in ``source``."""
    cc = cc or find_cc()
    flags = c_flags(cc) if flags is None else flags
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="pirc-cc-") as d:
        src = os.path.join(d, "kernels.c")
        out = os.path.join(d, "kernels.so")
        with open(src, "w", encoding="utf-8") as f:
            f.write(source)
        try:
            r = subprocess.run([cc, *flags, "-o", out, src], capture_output=True, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise ToolchainError(f"the C compiler took more than {TIMEOUT_S} s") from None
        except OSError as e:
            raise ToolchainError(f"cannot run the C compiler {cc}: {e}") from None
        log = (r.stderr or b"").decode("utf-8", "replace") + (r.stdout or b"").decode("utf-8", "replace")
        if r.returncode != 0 or not os.path.exists(out):
            raise CompileError(f"the C compiler ({os.path.basename(cc)})", log, source, source_name)
        with open(out, "rb") as f:
            data = f.read()
    return data, time.perf_counter() - t0


__all__ = ["BASE_FLAGS", "ISA_LEVELS", "c_flags", "cc_identity", "compile_c", "cpu_flags", "find_cc", "is_x86_64",
           "level_of", "march_flags", "openmp_flags"]
