"""Source locations and MLIR-style diagnostics.

``FILE:LINE:COL: error: MESSAGE``, the source line, a caret under the column,
then any ``note:`` lines.  Input errors travel as :class:`PircError`, which the
command-line layer turns into exit status 1 without a traceback.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TextIO


class SourceFile:
    """The text a location points into (kept so a diagnostic can quote its line)."""

    __slots__ = ("name", "text", "_line_starts")

    def __init__(self, name: str, text: str) -> None:
        self.name = name
        self.text = text
        self._line_starts: list[int] | None = None

    def line_text(self, line: int) -> str:
        lines = self.text.split("\n", line)  # only as far as needed
        return lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, col) of a character offset."""
        if self._line_starts is None:
            starts = [0]
            find = self.text.find
            i = find("\n")
            while i >= 0:
                starts.append(i + 1)
                i = find("\n", i + 1)
            self._line_starts = starts
        import bisect

        ln = bisect.bisect_right(self._line_starts, offset)
        return ln, offset - self._line_starts[ln - 1] + 1


class Location:
    """``file:line:col`` of an IR object that came from text."""

    __slots__ = ("source", "line", "col")

    def __init__(self, source: SourceFile | None, line: int, col: int) -> None:
        self.source = source
        self.line = line
        self.col = col

    def __str__(self) -> str:
        name = self.source.name if self.source else "<unknown>"
        return f"{name}:{self.line}:{self.col}"

    def __repr__(self) -> str:
        return f"loc({self})"


UNKNOWN = Location(None, 0, 0)


@dataclass(slots=True)
class Diagnostic:
    severity: str  # error | warning | note | remark
    message: str
    loc: Location | None = None
    notes: list[Diagnostic] = field(default_factory=list)

    def note(self, message: str, loc: Location | None = None) -> Diagnostic:
        self.notes.append(Diagnostic("note", message, loc))
        return self

    def render(self, colour: bool = False) -> str:
        """The text: ``file:line:col: severity: message``, the source line and a caret; with
        ``colour``, clang's and MLIR's terminal colours (the same characters otherwise)."""
        out: list[str] = []
        _render_one(self, out, colour)
        for n in self.notes:
            _render_one(n, out, colour)
        return "\n".join(out) + "\n"


#: clang's colours: bold locations and messages, red errors, magenta warnings, cyan notes, green carets
_BOLD, _RESET = "\x1b[1m", "\x1b[0m"
_SEVERITY_COLOUR = {"error": "\x1b[1;31m", "warning": "\x1b[1;35m", "note": "\x1b[1;36m", "remark": "\x1b[1;34m"}
_CARET = "\x1b[1;32m"


def colour_enabled(stream: TextIO) -> bool:
    """Colour only on a terminal, and never with NO_COLOR set (https://no-color.org) or TERM=dumb."""
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        return False
    return tty and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def _head(d: Diagnostic, loc: object | None, colour: bool) -> str:
    if not colour:
        return f"{d.severity}: {d.message}" if loc is None else f"{loc}: {d.severity}: {d.message}"
    where = "" if loc is None else f"{_BOLD}{loc}: {_RESET}"
    sev = f"{_SEVERITY_COLOUR.get(d.severity, _BOLD)}{d.severity}: {_RESET}"
    return f"{where}{sev}{_BOLD}{d.message}{_RESET}"


def _render_one(d: Diagnostic, out: list[str], colour: bool = False) -> None:
    loc = d.loc
    if loc is None or loc.source is None:
        out.append(_head(d, loc, colour))
        return
    out.append(_head(d, loc, colour))
    line = loc.source.line_text(loc.line)
    if line or loc.line > 0:
        shown = line.replace("\t", " ")
        if len(shown) > 400:  # keep giant lines readable: show a window around the column
            start = max(0, loc.col - 200)
            shown = ("..." if start else "") + shown[start : start + 400] + "..."
            col = loc.col - start + (3 if start else 0)
        else:
            col = loc.col
        out.append(shown)
        out.append(" " * max(col - 1, 0) + (f"{_CARET}^{_RESET}" if colour else "^"))


class PircError(Exception):
    """One or more diagnostics about bad input."""

    def __init__(self, diagnostics: Diagnostic | Iterable[Diagnostic]) -> None:
        self.diagnostics = [diagnostics] if isinstance(diagnostics, Diagnostic) else list(diagnostics)
        super().__init__(self.diagnostics[0].message if self.diagnostics else "error")

    def render(self, colour: bool = False) -> str:
        return "".join(d.render(colour) for d in self.diagnostics)

    def print(self, stream: TextIO) -> None:
        """Coloured on a terminal (NO_COLOR respected); the plain text when piped."""
        stream.write(self.render(colour_enabled(stream)))


def error(message: str, loc: Location | None = None) -> PircError:
    return PircError(Diagnostic("error", message, loc))
