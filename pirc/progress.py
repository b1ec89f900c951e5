"""Progress bars for long stages (parsing big inputs, passes, lowering, compiling).

Shown on stderr only when stderr is a terminal (``PIRC_PROGRESS=0`` turns them off,
``=1`` forces them, e.g. under a pty in tests), transient (gone when the stage ends), with
the count done, the total and the time left.  Off a terminal nothing is written, so piped
output and logs are byte-identical with or without them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


def enabled() -> bool:
    env = os.environ.get("PIRC_PROGRESS", "")
    if env in ("0", "1"):
        return env == "1"
    try:
        return sys.stderr.isatty() and os.environ.get("TERM") != "dumb"
    except (AttributeError, ValueError):
        return False


@contextmanager
def progress(description: str, total: int, *, min_total: int = 2,
             show: bool | None = None) -> Iterator[Callable[[int], None]]:
    """``with progress("lowering groups", n) as advance: ... advance(1)``.  ``show``: None decides
    (:func:`enabled`, at least ``min_total`` steps), False never, True always (tests)."""
    if show is False or (show is None and (total < min_total or not enabled())):
        yield lambda k=1: None
        return
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                               TimeRemainingColumn)

    # the description is data: a column of its own, never a format string or console markup
    bar: Any = Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(), console=Console(stderr=True),
                        transient=True, redirect_stdout=False)
    with bar:
        task = bar.add_task(description, total=total)
        yield lambda k=1: bar.advance(task, k)


@contextmanager
def status(description: str, *, show: bool = True) -> Iterator[None]:
    """A transient spinner for a step that cannot count (parsing a big input)."""
    if not show or not enabled():
        yield
        return
    from rich.console import Console

    from rich.text import Text

    with Console(stderr=True).status(Text(description)):
        yield
