"""docs/commands.md is every command's --help as the commands print it (issue 31, beyond the fixes:
--help pages generated into docs/)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pirc.cli.helpdoc import TOOLS, render
from pirc.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]


def test_docs_commands_md_is_current() -> None:
    assert (ROOT / "docs" / "commands.md").read_text() == render(), "run `make docs` and commit docs/commands.md"


def test_every_command_and_option_is_on_the_page() -> None:
    page = render()
    for name in TOOLS:
        assert f"## pirc-{name}\n" in page
        for p in cli.commands[name].params:
            for opt in getattr(p, "opts", []):
                if opt.startswith("--"):
                    assert opt in page, (name, opt)


def test_the_page_says_what_the_command_prints() -> None:
    printed = CliRunner().invoke(cli, ["cache", "info", "--help"], terminal_width=100).stdout
    assert printed.replace("Usage: cli ", "Usage: pirc ").rstrip() in render()
