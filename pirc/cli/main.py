"""Console entry points: ``pirc`` (a group of subcommands) and the ``pirc-*`` tools."""

from __future__ import annotations

import os
import sys

import click

from pirc.cli.cache import cache_command
from pirc.cli.chain import run_chain, split_chain
from pirc.cli.opt import opt_command
from pirc.cli.codegen import codegen_command
from pirc.cli.compile import compile_command
from pirc.cli.common import EXIT_INTERRUPTED, install_warning_format, version_option
from pirc.cli.fuse import fuse_command
from pirc.cli.lower import lower_command
from pirc.cli.tune import tune_command
from pirc.cli.run import run_command
from pirc.cli.translate import translate_command



@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@version_option
def cli() -> None:
    """pirc: PaddlePaddle's PIR and CINN compiler stack, as a command-line driver.

    \b
    pirc opt model.pir -p dce,cse      parse, verify, transform, print
    pirc translate prog.json           ProgramDesc / PIR JSON -> .pir
    pirc fuse model.pir                the CINN front end (fusion groups)
    pirc lower / codegen / run         the rest of the pipeline
    pirc compile model.json -o DIR     a deployable package (pirc run DIR)

    Several commands in one line run as a chain in one process, each reading
    the previous one's output:

    \b
    pirc translate prog.json opt -p cse fuse -o fused.pir
    """


cli.add_command(opt_command, "opt")
cli.add_command(translate_command, "translate")
cli.add_command(fuse_command, "fuse")
cli.add_command(lower_command, "lower")
cli.add_command(tune_command, "tune")
cli.add_command(codegen_command, "codegen")
cli.add_command(run_command, "run")
cli.add_command(compile_command, "compile")
cli.add_command(cache_command, "cache")


def _fast_exit(code: int) -> None:
    """Exit without tearing down the heap: a big program is millions of linked
    objects, and the interpreter's final collection would walk them all (more
    than a second on 100k ops) only to free memory the OS reclaims anyway."""
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError):
        pass
    try:
        sys.stderr.flush()
    except ValueError:
        pass
    os._exit(code)


def _standalone(cmd: click.Command, prog: str) -> None:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    install_warning_format()
    try:
        cmd.main(prog_name=prog)
    except KeyboardInterrupt:  # before the command's own handler took over (while importing, parsing options)
        _fast_exit(EXIT_INTERRUPTED)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        _fast_exit(code)
    _fast_exit(0)


def main() -> None:
    """``pirc CMD ...``; several commands in one line run as an in-memory chain."""
    args = sys.argv[1:]
    commands = cli.commands
    if args and args[0] in commands and len(args) > 1:
        try:
            segments = split_chain(args, commands)
        except click.UsageError as e:
            e.show()
            _fast_exit(2)
        if len(segments) > 1:
            sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
            install_warning_format()
            try:
                code = run_chain(segments, commands)
            except KeyboardInterrupt:
                code = EXIT_INTERRUPTED
            _fast_exit(code)
    _standalone(cli, "pirc")


def opt_main() -> None:
    _standalone(opt_command, "pirc-opt")


def translate_main() -> None:
    _standalone(translate_command, "pirc-translate")


def fuse_main() -> None:
    _standalone(fuse_command, "pirc-fuse")


def lower_main() -> None:
    _standalone(lower_command, "pirc-lower")


def codegen_main() -> None:
    _standalone(codegen_command, "pirc-codegen")


def run_main() -> None:
    _standalone(run_command, "pirc-run")


def tune_main() -> None:
    _standalone(tune_command, "pirc-tune")


def compile_main() -> None:
    _standalone(compile_command, "pirc-compile")
