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
        lines: list[_Line] = []
        for d in (self, *self.notes):
            _lines_of(d, lines)
        if not colour:
            return "".join("".join(text for text, _ in line) + "\n" for line in lines)
        return _coloured(lines)


#: one line of a rendered diagnostic: (text, rich style or None) spans
_Line = list[tuple[str, "str | None"]]

#: clang's colours: bold locations and messages, red errors, magenta warnings, cyan notes, green carets
_SEVERITY_STYLE = {"error": "bold red", "warning": "bold magenta", "note": "bold cyan", "remark": "bold blue"}


def colour_enabled(stream: TextIO) -> bool:
    """Colour only on a terminal, and never with NO_COLOR set (https://no-color.org) or TERM=dumb."""
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        return False
    return tty and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def _coloured(lines: list[_Line]) -> str:
    """The lines with their styles as terminal escapes, through rich (the text itself never markup)."""
    import io

    from rich.console import Console
    from rich.text import Text

    text = Text(end="")
    for line in lines:
        for chunk, style in line:
            text.append(chunk, style=style)
        text.append("\n")
    buf = io.StringIO()
    Console(file=buf, force_terminal=True, color_system="standard", width=1 << 20, soft_wrap=True, highlight=False,
            markup=False, emoji=False, no_color=False).print(text, end="")
    return buf.getvalue()


def _lines_of(d: Diagnostic, out: list[_Line]) -> None:
    loc = d.loc
    head: _Line = [] if loc is None else [(f"{loc}: ", "bold")]
    head += [(f"{d.severity}: ", _SEVERITY_STYLE.get(d.severity, "bold")), (d.message, "bold")]
    out.append(head)
    if loc is None or loc.source is None:
        return
    line = loc.source.line_text(loc.line)
    if line or loc.line > 0:
        shown = line.replace("\t", " ")
        if len(shown) > 400:  # keep giant lines readable: show a window around the column
            start = max(0, loc.col - 200)
            shown = ("..." if start else "") + shown[start : start + 400] + "..."
            col = loc.col - start + (3 if start else 0)
        else:
            col = loc.col
        out.append([(shown, None)])
        out.append([(" " * max(col - 1, 0), None), ("^", "bold green")])


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
