"""``pirc A args... B args... C args...``: subcommands chained in one process.

Each stage's output becomes the next stage's standard input, in memory; a stage
given ``-o FILE`` also writes that file, and the next stage reads it.  Only the
last stage writes to the real standard output.  The chain stops at the first
stage that fails, with that stage's exit status.

    pirc translate prog.json opt -p cse fuse -o fused.pir
"""

from __future__ import annotations

import io
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import click


@dataclass
class _Carried:
    """What one stage of a chain leaves for the next ones beside its output text."""

    params: str | None = None  # the parameter file of the model the chain started from


_CARRIED: _Carried | None = None  # set while a chain runs


def carry_params(path: str | None) -> None:
    """A stage that read a model (and found its parameters) hands them down the chain: the
    next stages read the program from the previous one's output, with no file beside it."""
    if _CARRIED is not None and path is not None:
        _CARRIED.params = path


def carried_params() -> str | None:
    """The parameters an earlier stage of this chain found (None outside a chain)."""
    return _CARRIED.params if _CARRIED is not None else None


def _value_options(cmd: click.Command) -> set[str]:
    """Option spellings of ``cmd`` that take a value (so the next token is not a command)."""
    out: set[str] = set()
    for p in cmd.params:
        if isinstance(p, click.Option) and not p.is_flag and not p.count:
            out.update(p.opts)
            out.update(p.secondary_opts)
    return out


def _misspelt_command(tok: str, commands: Mapping[str, click.Command]) -> str | None:
    """The command ``tok`` probably meant, when it is a near miss of one and not a file."""
    import difflib
    import os

    if tok.startswith("-") or os.path.exists(tok) or "." in tok or "/" in tok:
        return None
    close = difflib.get_close_matches(tok, list(commands), n=1, cutoff=0.7)
    return close[0] if close else None


def split_chain(args: Sequence[str], commands: Mapping[str, click.Command]) -> list[tuple[str, list[str]]]:
    """``[name, args...]`` segments, splitting at command names that are not option values.

    A token that is neither an option, an option's value nor a file, and is a near miss of a
    command name, is reported as a misspelt command (with a did-you-mean)."""
    segments: list[tuple[str, list[str]]] = []
    expects_value = False
    takes: set[str] = set()
    for tok in args:
        if not expects_value and tok not in commands and segments:
            guess = _misspelt_command(tok, commands)
            if guess is not None:
                raise click.UsageError(f"no such command '{tok}' in the chain; did you mean '{guess}'?")
        if not expects_value and tok in commands and (segments or True):
            segments.append((tok, []))
            takes = _value_options(commands[tok])
            expects_value = False
            continue
        if not segments:
            raise click.UsageError(f"expected a command, got '{tok}'")
        segments[-1][1].append(tok)
        expects_value = tok in takes and "=" not in tok
    return segments


def _output_file(cmd: click.Command, args: list[str]) -> str | None:
    opts = {o for p in cmd.params if isinstance(p, click.Option) and p.name == "output" for o in p.opts}
    for i, tok in enumerate(args):
        if tok in opts and i + 1 < len(args):
            return args[i + 1]
        for o in opts:
            if o.startswith("--") and tok.startswith(o + "="):
                return tok.split("=", 1)[1]
    return None


class _Buffer(io.BytesIO):
    """Survives the TextIOWrapper around it being closed."""

    def close(self) -> None:
        pass


def run_chain(segments: list[tuple[str, list[str]]], commands: Mapping[str, click.Command]) -> int:
    global _CARRIED
    _CARRIED = _Carried()
    try:
        return _run_stages(segments, commands)
    finally:
        _CARRIED = None


def _run_stages(segments: list[tuple[str, list[str]]], commands: Mapping[str, click.Command]) -> int:
    data: bytes | None = None
    real_in, real_out = sys.stdin, sys.stdout
    for i, (name, args) in enumerate(segments):
        cmd = commands[name]
        last = i == len(segments) - 1
        captured = _Buffer()
        try:
            if data is not None:
                sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
            if not last:
                sys.stdout = io.TextIOWrapper(captured, encoding="utf-8", write_through=True)
            try:
                cmd.main(args, prog_name=f"pirc {name}", standalone_mode=True)
                code = 0
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            if not last:
                sys.stdout.flush()
        finally:
            sys.stdin, sys.stdout = real_in, real_out
        if code != 0:
            return code
        if not last:
            out_file = _output_file(cmd, args)
            if out_file and out_file != "-":
                with open(out_file, "rb") as f:
                    data = f.read()
            else:
                data = captured.getvalue()
    return 0
