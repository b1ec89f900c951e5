"""Tables on stdout/stderr: rich boxes that fit the terminal on a terminal, plain text when piped."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Sequence
from typing import TextIO

from pirc.diagnostics import colour_enabled


def is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def plain_table(title: str, columns: Sequence[str], rows: Sequence[Sequence[str]],
                right: Sequence[int] = ()) -> str:
    """Aligned columns separated by two spaces; a dashed rule under the header; no trailing blanks."""
    cells = [list(columns)] + [list(r) for r in rows]
    widths = [max(len(str(r[i])) for r in cells) for i in range(len(columns))]

    def line(r: Sequence[str]) -> str:
        parts = [str(c).rjust(w) if i in right else str(c).ljust(w) for i, (c, w) in enumerate(zip(r, widths))]
        return "  ".join(parts).rstrip()

    out = [title] if title else []
    out.append(line(columns))
    out.append("  ".join("-" * w for w in widths))
    out.extend(line(r) for r in rows)
    return "\n".join(out) + "\n"


def print_table(title: str, columns: Sequence[str], rows: Sequence[Sequence[str]], *, right: Sequence[int] = (),
                err: bool = False, total_row: bool = False, stream: TextIO | None = None) -> None:
    stream = stream or (sys.stderr if err else sys.stdout)
    if not is_tty(stream):
        stream.write(plain_table(title, columns, rows, right))
        stream.flush()
        return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    # every string as a Text: cells are data, never console markup ("[nan, 2.]" and "[add]" are values)
    width = shutil.get_terminal_size((100, 24)).columns
    table = Table(title=Text(title) if title else None, title_justify="left")
    for i, c in enumerate(columns):
        table.add_column(Text(c), justify="right" if i in right else "left", overflow="fold")
    for j, r in enumerate(rows):
        if total_row and j == len(rows) - 1:
            table.add_section()
        table.add_row(*[Text(str(c)) for c in r])
    Console(file=stream, width=width, no_color=not colour_enabled(stream), highlight=False).print(table)
