"""Diagnostics are coloured through rich, not hand-written escapes (issue 31, beyond the fixes): the same
clang colours, and a message or source line is never read as console markup."""

from __future__ import annotations

import re

from pirc.diagnostics import Diagnostic, Location, SourceFile

SRC = SourceFile("m.pir", '{\n    (%0) = "pd_op.relu" (%1) [bold]x[/bold] : y\n}\n')


def test_clang_colours_and_the_plain_text_beneath() -> None:
    d = Diagnostic("error", "unexpected '[red]' here", Location(SRC, 2, 26)).note("from here", Location(SRC, 1, 1))
    coloured = d.render(colour=True)
    assert coloured.startswith("\x1b[1mm.pir:2:26: \x1b[0m\x1b[1;31merror: \x1b[0m\x1b[1munexpected '[red]' here\x1b[0m\n")
    assert "\n                         \x1b[1;32m^\x1b[0m\n" in coloured
    assert "\x1b[1;36mnote: \x1b[0m" in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == d.render(colour=False)
    assert '(%1) [bold]x[/bold] : y' in coloured  # the source line as it is


def test_every_severity_has_its_colour() -> None:
    for severity, code in (("warning", "1;35"), ("remark", "1;34"), ("note", "1;36")):
        assert Diagnostic(severity, "m").render(colour=True) == f"\x1b[{code}m{severity}: \x1b[0m\x1b[1mm\x1b[0m\n"

