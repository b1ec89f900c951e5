"""pirc-compile: a model -> one deployable package folder that ``pirc-run DIR`` runs.

    pirc-compile samples/prog.json -o prog.pkg          # target c: a build per ISA level
    pirc-compile model.pir --params p.npz --march x86-64-v3 -o model.pkg
    pirc-compile model.pir --params p.npz --target cuda -o model.pkg   # kernels.cubin (NVRTC)
    pirc-run prog.pkg --feed x=x.npy

The package is the compiled run of ``pirc-run --backend cinn``, frozen: the same passes, kernels,
nn library and ahead-of-time host program (:mod:`pirc.package`, which this command is a thin layer
over; the layout and the manifest are described there).
"""

from __future__ import annotations

import click

from pirc.cli.common import (DEFAULT_TARGET, default_params, handle_errors, parse_with_status, read_program_text,
                             read_tuning_log, timing_option, verify_option, version_option)
from pirc.diagnostics import PircError
from pirc.package.isa import DEFAULT_MARCH, MARCH_CHOICES, parse_march


def _march(ctx: click.Context, param: click.Parameter, value: str | None) -> list[str] | None:
    if value is None:
        return None
    try:
        return parse_march(value)
    except ValueError as e:
        raise click.BadParameter(str(e)) from None


@click.command(name="compile", context_settings={"help_option_names": ["-h", "--help"]})
@version_option
@click.argument("input", default="-", metavar="[INPUT]")
@click.option("-o", "--output", required=True, metavar="DIR", help="The package folder to write (created).")
@click.option("--params", "params_path", default=None, metavar="P.npz|P.pdiparams",
              help="The parameters (default: the .pdiparams beside a Paddle model).")
@click.option("--target", type=click.Choice(["c", "cuda"]), default=DEFAULT_TARGET, show_default=True,
              help="c: shared libraries for the CPU (cc); cuda: a cubin for the GPU (NVRTC, pirc[cuda]).")
@click.option("--march", default=None, metavar="LEVEL[,LEVEL...]", callback=_march,
              help=f"--target c: the ISA levels to build for, of {', '.join(MARCH_CHOICES)} (native: this "
                   "machine's, the level pirc-run --backend cinn compiles for here); pirc-run DIR runs the best one "
                   f"the CPU has and refuses a package it has none of. Default: {','.join(DEFAULT_MARCH)} (this "
                   "machine's level and a portable one, one build when they are the same).")
@click.option("--feed", "feed_specs", multiple=True, metavar="NAME=FILE.npy|FILE.npy|FEEDS.npz",
              help="--target c: an example feed (repeatable, as pirc-run --feed takes it): the ahead-of-time host "
                   "program is frozen for its shape (its values are not kept). Needed for inputs with dynamic (-1) "
                   "dims; other shapes run on the interpreter (or compile their host program where a C compiler is).")
@click.option("--shape", "shape_specs", multiple=True, metavar="NAME=1x3x224x224",
              help="--target c: like --feed, the shape of one input without a file (repeatable).")
@click.option("--arch", default=None, metavar="ARCH", help="CUDA architecture for --target cuda, e.g. sm_90.")
@click.option("--force", is_flag=True, help="Replace DIR if it exists.")
@click.option("--tuning-log", default=None, metavar="TUNING.jsonl",
              help="Apply the best schedule of each group recorded by pirc-tune (else the default schedules).")
@verify_option(True, "the input program")
@timing_option
@handle_errors
def compile_command(input: str, output: str, params_path: str | None, target: str, arch: str | None, force: bool,
                    do_verify: bool, timing: bool, tuning_log: str | None = None, march: list[str] | None = None,
                    shape_specs: tuple[str, ...] = (), feed_specs: tuple[str, ...] = ()) -> None:
    """Compile a model into one deployable package folder that pirc-run DIR runs.

    \b
    INPUT (default -, stdin) is PIR text or a Paddle model (translated first).
    The package is the run of pirc-run --backend cinn, frozen: pirc-run DIR
    runs it as fast, with the same results, and compiles nothing.
    \b
    Examples:
      pirc-compile samples/prog.json -o prog.pkg
      pirc-run prog.pkg --feed samples/prog.feeds.npz
      pirc-compile model.pir --params p.npz --feed feeds.npz --march x86-64-v3 -o model.pkg
    """
    import os
    import time

    from pirc.cli.common import print_timing
    from pirc.cli.fill import parse_shapes
    from pirc.cli.run import _load_params, parse_feeds
    from pirc.cinn.tune.log import use_tuning
    from pirc.ir.verifier import verify
    from pirc.package.build import build_package

    if arch is not None and target != "cuda":
        raise click.UsageError("--arch applies to --target cuda")
    if target == "cuda" and (march is not None or shape_specs or feed_specs):
        raise click.UsageError("--march, --feed and --shape apply to --target c")
    if os.path.lexists(output) and not force:
        raise click.BadParameter(f"{output} exists (use --force to replace it)", param_hint="-o")
    parent = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(parent):
        raise click.BadParameter(f"the folder {parent} does not exist", param_hint="-o")
    shapes = parse_shapes(shape_specs)
    tuning = read_tuning_log(tuning_log)
    timings: list[tuple[str, float]] = []
    t0 = time.perf_counter()
    text, name, translated = read_program_text(input)
    if params_path is None:
        params_path = default_params(input, translated)
    program = parse_with_status(text, name)
    if do_verify:
        diags = verify(program)
        if diags:
            raise PircError(diags)
    params = _load_params(params_path, program) if params_path is not None else {}
    shapes = {**{k: tuple(v.shape) for k, v in parse_feeds(feed_specs, program).items()}, **shapes}
    unknown = sorted(set(shapes) - set(_inputs(program)))
    if unknown:
        raise click.BadParameter(f"the program has no input {', '.join(unknown)} (its inputs: "
                                 f"{', '.join(_inputs(program)) or 'none'})", param_hint="--shape")
    timings.append(("read" + (" + translate" if translated else "") + " + parameters", time.perf_counter() - t0))
    with use_tuning(tuning):
        built = build_package(program, output, params=params, source=name, target=target, march=march, arch=arch,
                              shapes=shapes, force=force)
    timings += built.timings
    click.echo(f"wrote {output}: {built.kernels} {target} kernels for {' and '.join(built.isas)}"
               + (f", {built.params} parameters" if built.params else "") + f"; {built.aot}", err=True)
    if timing:
        print_timing("pirc-compile", timings)


def _inputs(program: object) -> list[str]:
    from pirc.ir.program import Program
    from pirc.package.build import input_names

    assert isinstance(program, Program)
    return input_names(program)


def main() -> None:
    compile_command.main(prog_name="pirc-compile")


__all__ = ["compile_command", "main"]
