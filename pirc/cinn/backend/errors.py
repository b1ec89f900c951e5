"""Errors of the backend: compiler diagnostics located in the generated source."""

from __future__ import annotations

import re

from pirc.diagnostics import Diagnostic, Location, PircError, SourceFile

# gcc / clang:  kernel.c:12:5: error: message
_CC_LINE = re.compile(r"^[^:\n]*?:(\d+):(?:(\d+):)?\s*(error|warning|note|fatal error):\s*(.*)$")
# NVRTC:  kernel.cu(12): error: message
_NVRTC_LINE = re.compile(r"^[^(\n]*\((\d+)\):\s*(error|warning|note|catastrophic error):\s*(.*)$")

MAX_NOTES = 20


class CompileError(PircError):
    """The C compiler or NVRTC rejected a generated source.  ``log`` is the compiler's output."""

    def __init__(self, what: str, log: str, source: str, source_name: str) -> None:
        self.log = log
        self.what = what
        src = SourceFile(source_name, source)
        diags = _parse_log(log, src)
        head = Diagnostic("error", f"{what} rejected the generated code"
                                   + (f" ({len(diags)} error{'s' if len(diags) != 1 else ''})" if diags else ""))
        out = [head]
        for d in diags[:MAX_NOTES]:
            out.append(d)
        if not diags:
            for line in log.strip().splitlines()[:MAX_NOTES]:
                head.note(line)
        elif len(diags) > MAX_NOTES:
            head.note(f"{len(diags) - MAX_NOTES} more errors not shown")
        super().__init__(out)


class ToolchainError(PircError):
    """A compiler or driver pirc needs is missing or broken."""

    def __init__(self, message: str) -> None:
        super().__init__(Diagnostic("error", message))


def _parse_log(log: str, src: SourceFile) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for line in log.splitlines():
        m = _CC_LINE.match(line)
        if m:
            sev = "error" if "error" in m.group(3) else m.group(3)
            if sev != "error":
                continue
            out.append(Diagnostic("error", m.group(4).strip(), Location(src, int(m.group(1)), int(m.group(2) or 1))))
            continue
        m = _NVRTC_LINE.match(line)
        if m:
            if "error" not in m.group(2):
                continue
            out.append(Diagnostic("error", m.group(3).strip(), Location(src, int(m.group(1)), 1)))
    return out


__all__ = ["CompileError", "ToolchainError"]
