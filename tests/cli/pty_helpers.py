"""Running a pirc command on a pseudo-terminal, as a user's terminal would show it."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

BIN = Path(sys.executable).parent


def pty_run(args: list[str], env: dict[str, str] | None = None, stdin_file: Path | None = None,
            drop: Iterable[str] = ("NO_COLOR",), timeout: float = 60) -> tuple[int, bytes]:
    """(exit status, everything it wrote) of ``args`` with stdout and stderr on a pseudo-terminal;
    ``drop``: environment variables removed first."""
    master, slave = pty.openpty()
    stdin = open(stdin_file, "rb") if stdin_file else subprocess.DEVNULL
    gone = set(drop)
    full = {k: v for k, v in os.environ.items() if k not in gone}
    full.update({"TERM": "xterm-256color", **(env or {})})
    p = subprocess.Popen([str(BIN / args[0]), *args[1:]], stdin=stdin, stdout=slave, stderr=slave, env=full)
    os.close(slave)
    out = b""
    while True:
        r, _, _ = select.select([master], [], [], 0.1)
        if r:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        elif p.poll() is not None:
            break
    rc = p.wait(timeout=timeout)
    os.close(master)
    if stdin_file:
        stdin.close()  # type: ignore[union-attr]
    return rc, out
