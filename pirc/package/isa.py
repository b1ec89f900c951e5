"""Which ISA level a package build needs, and which of its builds this CPU runs.

A C package holds one build of its kernels, nn library and host programs per ISA level (an
x86-64 micro-architecture level, :data:`pirc.cinn.backend.compile_c.ISA_LEVELS`), best first;
:func:`choose` takes the first whose CPU flags this CPU has, so a library with instructions the CPU
lacks is never loaded (it would die of SIGILL at its first call).

The CPU's flags are ``/proc/cpuinfo``'s, or ``$PIRC_CPU_FLAGS`` (space-separated) when it is set:
the tests' hook to play a lesser CPU (``PIRC_CPU_FLAGS="sse4_2 avx2 ..."``), and a way to state the
flags where ``/proc/cpuinfo`` says nothing.  It only changes which build the loader picks.
"""

from __future__ import annotations

import os
import platform
from collections.abc import Sequence

#: the environment variable that replaces /proc/cpuinfo's flags for the loader (tests)
ENV_CPU_FLAGS = "PIRC_CPU_FLAGS"
#: the levels ``--march`` takes: this machine's, or one of the x86-64 levels (compile_c.ISA_LEVELS, named
#: here so that a command's help needs no compiler module; tests/package/test_isa.py checks they agree)
MARCH_CHOICES = ("native", "x86-64-v2", "x86-64-v3", "x86-64-v4")
#: what ``pirc-compile`` builds without ``--march``: a portable level, and this machine's when it is another
DEFAULT_MARCH = ("native", "x86-64-v2")


def machine() -> str:
    """This machine's architecture as packages record it (``x86_64``, ``aarch64``, ...)."""
    m = platform.machine().lower()
    return "x86_64" if m in ("x86_64", "amd64") else m


def cpu_flags() -> frozenset[str]:
    """The CPU flags the loader goes by (see the module docstring)."""
    from pirc.cinn.backend.compile_c import cpu_flags as proc_cpu_flags

    env = os.environ.get(ENV_CPU_FLAGS)
    if env is not None:
        return frozenset(env.split())
    return frozenset(proc_cpu_flags())


def requirements(level: str | None) -> list[str]:
    """The CPU flags a build for ``level`` needs: an x86-64 level's, every flag of this CPU for
    ``native`` (``-march=native`` may use any of them), none without a level."""
    from pirc.cinn.backend.compile_c import ISA_LEVELS, cpu_flags as proc_cpu_flags

    if level is None or level == "":
        return []
    if level in ISA_LEVELS:
        return sorted(ISA_LEVELS[level])
    return sorted(proc_cpu_flags())


def supported_level(flags: frozenset[str] | None = None) -> str | None:
    """The highest x86-64 level whose flags ``flags`` (default: this CPU's) has, or None."""
    from pirc.cinn.backend.compile_c import ISA_LEVELS

    flags = cpu_flags() if flags is None else flags
    best = None
    for level, need in ISA_LEVELS.items():
        if need <= flags:
            best = level
    return best


def missing(requires: Sequence[str], flags: frozenset[str] | None = None) -> list[str]:
    """The flags of ``requires`` that this CPU (or ``flags``) lacks."""
    flags = cpu_flags() if flags is None else flags
    return sorted(set(requires) - flags)


def parse_march(text: str) -> list[str]:
    """``--march``'s value: levels of :data:`MARCH_CHOICES`, comma-separated, each once.  Raises ValueError."""
    out: list[str] = []
    for part in text.split(","):
        level = part.strip()
        if level not in MARCH_CHOICES:
            raise ValueError(f"unknown ISA level {level!r} (one of {', '.join(MARCH_CHOICES)}, or several "
                             f"separated by commas)")
        if level not in out:
            out.append(level)
    return out


__all__ = ["DEFAULT_MARCH", "ENV_CPU_FLAGS", "MARCH_CHOICES", "cpu_flags", "machine", "missing", "parse_march",
           "requirements", "supported_level"]
