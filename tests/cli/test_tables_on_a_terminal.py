"""Tables on a terminal show every cell as it is (issue 31, item 2): cells went through rich markup,
so a result starting with nan showed an empty values cell and --list-passes dropped '[add]'."""

from __future__ import annotations

import io
import re

import numpy as np
import pytest

from pirc.tables import print_table

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Terminal(io.StringIO):
    """A stream that says it is a terminal, as stdout on a console does."""

    def isatty(self) -> bool:
        return True


def on_terminal(monkeypatch: pytest.MonkeyPatch) -> Terminal:
    """stdout and stderr on a terminal (set in the test itself: pytest's capture resets them after fixtures)."""
    out = Terminal()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", out)
    monkeypatch.setenv("COLUMNS", "200")
    return out


def shown(t: Terminal) -> str:
    return _ANSI.sub("", t.getvalue())


def test_cells_that_look_like_markup_are_shown_as_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = on_terminal(monkeypatch)
    print_table("[bold]title[/bold]", ["[name]", "values"], [["a", "[nan, 2., 3., 4.]"], ["b", "[red]x[/red]"]])
    text = shown(terminal)
    for cell in ("[bold]title[/bold]", "[name]", "[nan, 2., 3., 4.]", "[red]x[/red]"):
        assert cell in text, text


def test_results_starting_with_nan_or_inf_keep_their_values(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = on_terminal(monkeypatch)
    from pirc.cli.run import _summary

    _summary({"out": np.array([np.nan, 2, 3, 4], np.float32), "big": np.array([np.inf, -np.inf], np.float32)})
    text = shown(terminal)
    assert re.search(r"\[nan, +2\., +3\., +4\.\]", text), text
    assert re.search(r"\[ ?inf, -inf\]", text), text


def test_list_passes_keeps_brackets(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = on_terminal(monkeypatch)
    from pirc.cli.opt import _list_passes

    _list_passes()
    text = shown(terminal)
    assert "matmul/[add]/softmax" in text, text
    assert "matmul//softmax" not in text
