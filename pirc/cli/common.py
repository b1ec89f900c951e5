"""What every pirc command shares: reading input, atomic output, exit statuses.

Exit status: 0 success; 1 the input is wrong (diagnostics printed); 2 the
command line is wrong; 3 an internal error (one line; the traceback only with
``--debug`` or ``PIRC_DEBUG=1``).
"""

from __future__ import annotations

import errno
import functools
import os
import sys
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

import click

from pirc.diagnostics import PircError
from pirc.fileio import atomic_write, caused_by_memory, file_error

if TYPE_CHECKING:
    from pirc.cinn.tune.log import TuningLog

EXIT_INPUT = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
#: Ctrl-C: 128 + SIGINT, what shells report for a command the interrupt ended
EXIT_INTERRUPTED = 130

F = TypeVar("F", bound=Callable[..., Any])



def debug_enabled() -> bool:
    return os.environ.get("PIRC_DEBUG", "") not in ("", "0")


def handle_errors(fn: F) -> F:
    """Turn input errors into diagnostics + exit 1 and crashes into exit 3."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except PircError as e:
            sys.stdout.flush()
            e.print(sys.stderr)
            sys.exit(EXIT_INPUT)
        except KeyboardInterrupt:
            interrupted()
        except (click.ClickException, click.exceptions.Exit, click.Abort, SystemExit):
            raise
        except BrokenPipeError:
            sys.exit(0)
        except RecursionError:
            click.echo("error: the input is nested too deeply to process", err=True)
            sys.exit(EXIT_INPUT)
        except MemoryError:
            _plain_error("error: out of memory")
        except OSError as e:
            if e.errno not in _ENVIRONMENT_ERRNOS:  # e.g. pirc's own data file missing: an internal error
                _internal(e)
            where = f" '{e.filename}'" if e.filename else ""  # a full disk, a read-only file system, ...
            _plain_error(f"error: I/O error{where}: {e.strerror or e}")
        except Exception as e:  # noqa: BLE001
            if caused_by_memory(e):  # e.g. "I/O operation on closed file" after a MemoryError inside a write
                _plain_error("error: out of memory")
            _internal(e)

    return wrapper  # type: ignore[return-value]


#: I/O failures of the environment whatever the path (user paths' other failures are FileErrors)
_ENVIRONMENT_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EIO, errno.ENOMEM})


_shown_warnings: set[str] = set()


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: TextIO | None = None, line: str | None = None) -> None:
    """``warning: overflow encountered in exp (numpy, while computing a kernel: results may hold inf or
    nan)``, once per message: not Python's two lines naming an installed source file."""
    text = str(message)
    if text in _shown_warnings:
        return
    _shown_warnings.add(text)
    if issubclass(category, RuntimeWarning) and " encountered in " in text:
        text += " (numpy, while computing a kernel: the results may hold inf or nan)"
    try:
        (file or sys.stderr).write(f"warning: {text}\n")
    except (OSError, ValueError):
        pass


def install_warning_format() -> None:
    """Warnings from the libraries a command runs on (numpy's floating-point ones) as one line each."""
    import warnings

    warnings.showwarning = _show_warning


def interrupted() -> None:
    """Ctrl-C: one line and exit status 130 (click's own handling says 'Aborted!' and exits 1,
    the status of bad input).  Outputs are written atomically, so none is left half-written."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    try:
        click.echo("interrupted", err=True)
    except (OSError, ValueError):
        pass
    sys.exit(EXIT_INTERRUPTED)


def check_outputs(*outputs: tuple[str, str | None]) -> None:
    """A usage error when two outputs (option, path) name the same file, or both standard output:
    ``pirc-lower --host-out -`` wrote the host program and the .ast into one stream."""
    seen: dict[str, str] = {}
    for option, path in outputs:
        if path is None:
            continue
        if path == "-":
            key = "-"
        elif os.path.exists(path) and not os.path.isfile(path):
            continue  # /dev/null, a FIFO: written in place, several outputs may share it
        else:
            key = os.path.realpath(path)
        if key in seen:
            where = "standard output" if key == "-" else path
            raise click.UsageError(f"{seen[key]} and {option} both write to {where}; give one of them another file")
        seen[key] = option


def _internal(e: BaseException) -> None:
    if debug_enabled():
        traceback.print_exc()
    else:
        click.echo(f"internal error: {type(e).__name__}: {e} (run with PIRC_DEBUG=1 for the traceback)", err=True)
    sys.exit(EXIT_INTERNAL)


def _plain_error(message: str) -> None:
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    click.echo(message, err=True)
    sys.exit(EXIT_INPUT)


def read_input(path: str, param_hint: str = "INPUT") -> tuple[bytes, str]:
    """(bytes, display name); ``-`` is stdin.  ``param_hint`` names the argument in errors."""
    if path == "-":
        return sys.stdin.buffer.read(), "<stdin>"
    try:
        with open(path, "rb") as f:
            return f.read(), path
    except FileNotFoundError:
        raise click.BadParameter(f"no such file: {path}", param_hint=param_hint) from None
    except IsADirectoryError:
        raise click.BadParameter(f"{path} is a directory", param_hint=param_hint) from None
    except PermissionError:
        raise click.BadParameter(f"cannot read {path}: permission denied", param_hint=param_hint) from None


def default_params(path: str, translated: bool) -> str | None:
    """The parameters of INPUT when none are given: the ``.pdiparams`` beside a model file, or, for
    standard input inside a chain, those of the model an earlier stage read."""
    if path == "-":
        from pirc.cli.chain import carried_params

        return carried_params()
    if translated:
        from pirc.translate.frontend import default_params_path

        return default_params_path(path)
    return None


def read_tuning_log(path: str | None, option: str = "--tuning-log") -> TuningLog | None:
    """The pirc-tune log a command applies (None without one): a missing file is a command-line
    error, a malformed one bad input (a located diagnostic); it was accepted in silence."""
    if path is None:
        return None
    from pirc.cinn.tune.log import read_log

    try:
        return read_log(path)
    except FileNotFoundError:
        raise click.BadParameter(f"no such file: {path}", param_hint=option) from None
    except IsADirectoryError:
        raise click.BadParameter(f"{path} is a directory", param_hint=option) from None
    except PermissionError:
        raise click.BadParameter(f"cannot read {path}: permission denied", param_hint=option) from None


def complete_passes(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of a pipeline's last pass name (``cse,d<TAB>`` -> ``cse,dce``)."""
    from click.shell_completion import CompletionItem

    import pirc.passes.all  # noqa: F401
    from pirc.passes.manager import PASSES, PIPELINES

    head, comma, last = incomplete.rpartition(",")
    prefix = head + comma
    return [CompletionItem(prefix + name) for name in sorted(set(PASSES) | set(PIPELINES)) if name.startswith(last)]


#: the pass-manager options pirc-opt and pirc-fuse share (MLIR's names)
_PASS_MANAGER_OPTIONS = (
    click.option("--print-ir-before", "print_before", multiple=True, metavar="PASS", shell_complete=complete_passes,
                 help="Print the IR to stderr before PASS."),
    click.option("--print-ir-after", "print_after", multiple=True, metavar="PASS", shell_complete=complete_passes,
                 help="Print the IR to stderr after PASS."),
    click.option("--print-ir-before-all", is_flag=True, help="Print the IR to stderr before every pass."),
    click.option("--print-ir-after-all", is_flag=True, help="Print the IR to stderr after every pass."),
    click.option("--print-ir-after-change", is_flag=True,
                 help="Print the IR to stderr after each pass that changed it "
                      "(mlir-opt's -mlir-print-ir-after-change)."),
    click.option("--dump-pass-pipeline", is_flag=True,
                 help="Print the pass pipeline that runs, every option spelt out, to stderr."),
    click.option("--pass-statistics", "--mlir-pass-statistics", "pass_statistics", is_flag=True,
                 help="Print a table of the ops each pass erased and created to stderr."),
    click.option("--timing", is_flag=True,
                 help="Print the time spent in each stage to stderr (one table, the same on every command)."),
    click.option("--split-input-file", is_flag=True, help="Process each '// -----' chunk on its own."),
    click.option("--verify/--no-verify", "do_verify", default=True, show_default=True,
                 help="Run the verifier after parsing and after each pass."),
    click.option("--legacy-attr-types", is_flag=True,
                 help="Print the older typed style ((pd_op.DataType)float32, builtin.tensor<..>)."),
)


class LLVMStyleCommand(click.Command):
    """A command that also takes its long options with one dash, as LLVM's tools spell them and
    mlir-opt users type them: ``-split-input-file``, ``-pass-pipeline='builtin.module(cse)'``."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        longs = {o for p in self.params for o in (*p.opts, *p.secondary_opts) if o.startswith("--")}
        out: list[str] = []
        for i, a in enumerate(args):
            if a == "--":
                out.extend(args[i:])
                break
            if len(a) > 2 and a[0] == "-" and a[1] != "-" and "-" + a.split("=", 1)[0] in longs:
                a = "-" + a
            out.append(a)
        return super().parse_args(ctx, out)


def pass_manager_options(f: F) -> F:
    """Decorate a command with the shared pass-manager options (in this order in --help)."""
    for option in reversed(_PASS_MANAGER_OPTIONS):
        f = option(f)
    return f


def write_output(path: str, data: str | bytes) -> None:
    """Write atomically (temporary file in the same folder, then rename); ``-`` is stdout.

    Paths that exist and are not regular files (``/dev/null``, FIFOs) are written in place.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if path == "-":
        try:
            sys.stdout.buffer.write(raw)
            sys.stdout.flush()
        except BrokenPipeError:
            raise
        except OSError as e:  # e.g. stdout on a full disk or /dev/full
            raise file_error("write", "<stdout>", e) from None
        return
    if os.path.exists(path) and not os.path.isfile(path):
        # a device, FIFO or /dev/stdout: renaming over it would replace the node itself
        if os.path.isdir(path):
            raise click.BadParameter(f"{path} is a directory", param_hint="-o")
        try:
            with open(path, "wb") as f:
                f.write(raw)
        except OSError as e:
            raise file_error("write", path, e) from None
        return
    atomic_write(path, raw)


# --- what every command shares: --version, --verify, --timing, program inputs ------------------------

#: the default target of pirc-lower, pirc-codegen and pirc-run (a CPU and a C compiler are everywhere)
DEFAULT_TARGET = "c"


def version_option(f: F) -> F:
    """``--version``: the same line on every command."""
    from pirc import __version__

    return click.version_option(__version__, "--version", prog_name="pirc",
                                message="%(prog)s %(version)s", help="Print pirc's version and exit.")(f)


def verify_option(default: bool, what: str = "the program") -> Callable[[F], F]:
    """``--verify/--no-verify`` with a per-command default."""
    return click.option("--verify/--no-verify", "do_verify", default=default, show_default=True,
                        help=f"Run the verifier on {what}.")


def timing_option(f: F) -> F:
    return click.option("--timing", is_flag=True,
                        help="Print the time spent in each stage to stderr (one table, the same on every command).")(f)


def command_name(default: str) -> str:
    """The name the user typed (``pirc-fuse`` when pirc-fuse invokes pirc-opt's command), for titles."""
    ctx = click.get_current_context(silent=True)
    outer = None
    while ctx is not None:  # the outermost command that is not a group: pirc-fuse, or `pirc opt`
        if not isinstance(ctx.command, click.Group):
            outer = ctx
        ctx = ctx.parent
    return outer.command_path if outer is not None and outer.command_path else default


def print_timing(command: str, rows: list[tuple[str, float]]) -> None:
    """The one ``--timing`` format: a table of stage, wall time (ms) and share, then the total."""
    from pirc.tables import print_table

    total = sum(s for _, s in rows) or 1e-12
    body = [[name, f"{s * 1e3:.2f}", f"{100 * s / total:.1f}"] for name, s in rows]
    body.append(["total", f"{total * 1e3:.2f}", "100.0"])
    print_table(f"{command} timing", ["stage", "wall (ms)", "%"], body, right=(1, 2), err=True, total_row=True)


def input_kind(data: bytes) -> str:
    """``"model"`` for a Paddle model (ProgramDesc JSON, binary .pdmodel, Paddle 3 PIR JSON),
    ``"pir"`` for PIR text, else the kind of pirc artifact it is (:func:`pirc.artifacts.artifact_kind`);
    decided from the content, whatever the file is called."""
    from pirc.artifacts import artifact_kind

    return artifact_kind(data)


def read_program_text(path: str) -> tuple[str, str, bool]:
    """(PIR text, display name, translated?) for INPUT: PIR text as it is, a Paddle model
    translated first (as pirc-translate would; in a chain, its parameters go down the chain)."""
    from pirc.text.parser import decode_source

    from pirc.artifacts import expect_kind

    data, name = read_input(path)
    if expect_kind(data, name, ("pir", "model"), "a program (PIR text or a Paddle model)") == "model":
        from pirc.cli.chain import carry_params
        from pirc.text.printer import print_program
        from pirc.translate.frontend import default_params_path, load_model

        text = print_program(load_model(data, name).program)
        carry_params(default_params_path(path))  # for a later `run` or `compile` of this chain
        return text, name, True
    return decode_source(data, name), name, False


#: inputs at least this big get a spinner while they parse (on a terminal only)
BIG_INPUT = 1 << 20


def parse_with_status(text: str, name: str) -> Any:
    """parse_program, with a transient 'parsing NAME (N MB)' spinner for a big input on a terminal."""
    from pirc.progress import status
    from pirc.text.parser import parse_program

    with status(f"parsing {name} ({len(text) / 1e6:.1f} MB)", show=len(text) >= BIG_INPUT):
        return parse_program(text, name)
