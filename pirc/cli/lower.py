"""pirc-lower: fused groups -> the loop-level AST (``.ast``) and the host program.

``pirc-lower [INPUT] [-o OUT.ast] [--host-out HOST.pir] [--target cuda|c]``

* INPUT (default ``-``, stdin) is a ``.pir`` program.  A program that has no
  ``cinn_op.group`` yet is fused first (the CINN front end: the same as piping it
  through ``pirc-fuse``), so ``pirc-lower model.pir`` works on an unfused model too.
* ``-o`` (default ``-``, stdout) gets the ``.ast`` Module holding every group's
  LoweredFuncs (module ``module``; functions ``fn_<ops>_<group>``), in program order.
* ``--host-out`` gets the host program: each group replaced by one
  ``cinn_runtime.jit_kernel`` op per kernel (``fn_name``, ``kernel_ast``,
  ``symbol_args``, ``group``; see :mod:`pirc.cinn.lower.host`).
* ``--target`` (default ``c``, as pirc-codegen and pirc-run): ``cuda`` binds loops to ``blockIdx`` / ``threadIdx``
  and writes warp / block reductions as ``cinn_*_reduce_*`` calls; ``c`` marks the
  outer spatial loop ``parallel``.

Outputs are written atomically and deterministically.  Exit status: 0 success, 1 the
input is wrong or a group cannot be lowered (a diagnostic at the op), 2 a bad command
line, 3 an internal error.
"""

from __future__ import annotations

import sys

import click

import pirc.passes.all  # noqa: F401  - registers the passes and the build_cinn pipeline
from pirc.cli.common import (DEFAULT_TARGET, EXIT_INPUT, check_outputs, handle_errors, parse_with_status, print_timing,
                             read_program_text, read_tuning_log, timing_option, verify_option, version_option,
                             write_output)
from pirc.diagnostics import PircError
from pirc.ir.program import Program
from pirc.ir.verifier import verify
from pirc.text.printer import print_program


def _fuse_if_needed(program: Program) -> bool:
    from pirc.cinn.lower.host import find_groups
    from pirc.passes.manager import Instrumentation, PassManager, parse_pipeline

    if find_groups(program):
        return False
    pm = PassManager(parse_pipeline("build_cinn"), Instrumentation(verify=lambda p: verify(p)))
    pm.run(program)
    return True


#: the first line of every .ast pirc-lower writes; pirc-codegen and pirc-run read the target from it
AST_TARGET_HEADER = "// pirc-lower: target {target}\n"


def lower_text(text: str, name: str, target: str, want_host: bool, verify_input: bool = True,
               timings: list[tuple[str, float]] | None = None,
               groups: list | None = None) -> tuple[str, str | None]:
    """(.ast text, host program text or None); ``groups`` (if given) gets the LoweredGroups.
    Raises PircError."""
    import time

    timings = timings if timings is not None else []
    import pirc.cinn.backend.jit_kernel  # noqa: F401  - the cinn_runtime.jit_kernel op
    from pirc.cinn.ast.printer import print_ast
    from pirc.cinn.lower.host import lower_program, replace_groups

    t0 = time.perf_counter()
    program = parse_with_status(text, name)
    t1 = time.perf_counter()
    timings.append(("parse", t1 - t0))
    if verify_input:
        diags = verify(program)
        if diags:
            raise PircError(diags)
        timings.append(("verify", time.perf_counter() - t1))
    t1 = time.perf_counter()
    if _fuse_if_needed(program):
        timings.append(("fuse", time.perf_counter() - t1))
    t1 = time.perf_counter()
    lowered = lower_program(program, target)
    if groups is not None:
        groups.extend(lowered.groups)
    ast_text = AST_TARGET_HEADER.format(target=target) + print_ast(lowered.module) + "\n"
    timings.append(("lower", time.perf_counter() - t1))
    host_text = None
    if want_host:
        replace_groups(lowered, embed=True)
        diags = verify(program)
        if diags:  # the host program must verify: anything else is a lowering bug
            raise AssertionError("the host program does not verify: " + "; ".join(d.message for d in diags))
        host_text = print_program(program)
    return ast_text, host_text


@click.command(name="lower", context_settings={"help_option_names": ["-h", "--help"]})
@version_option
@click.argument("input", default="-", metavar="[INPUT]")
@click.option("-o", "--output", default="-", show_default=True,
              help="The .ast Module (written atomically); - is stdout.")
@click.option("--host-out", default=None, metavar="HOST.pir",
              help="Also write the host program (groups replaced by cinn_runtime.jit_kernel ops).")
@click.option("--target", type=click.Choice(["c", "cuda"]), default=DEFAULT_TARGET, show_default=True,
              help="c: parallel loops (for the CPU); cuda: blockIdx/threadIdx binding and warp/block reduce "
                   "calls.  The .ast records it, and pirc-codegen follows it.")
@verify_option(True, "the input program")
@timing_option
@click.option("--tuning-log", default=None, metavar="TUNING.jsonl",
              help="Apply the best schedule of each group recorded by pirc-tune (else the default schedules).")
@click.option("--work", is_flag=True,
              help="Print per group the work of its ops one by one and of its kernels, their ratio and the "
                   "values computed once (stderr).")
@handle_errors
def lower_command(input: str, output: str, host_out: str | None, target: str, do_verify: bool, timing: bool,
                  tuning_log: str | None = None, work: bool = False) -> None:
    """Lower the cinn_op.group ops of a fused program to the loop-level AST.

    \b
    An input without groups is fused first (as pirc-fuse would).
    \b
    Examples:
      pirc-lower fused.pir -o kernels.ast --host-out host.pir
      pirc-lower model.pir | pirc-codegen -o kernels.c
      pirc-lower model.pir --work -o /dev/null
      pirc translate prog.json fuse lower --target cuda codegen -o kernels.cu
    """
    check_outputs(("-o", output), ("--host-out", host_out))
    tuning = read_tuning_log(tuning_log)
    text, name, _ = read_program_text(input)
    timings: list[tuple[str, float]] = []
    lowered: list = []
    from pirc.cinn.tune.log import use_tuning

    try:
        with use_tuning(tuning):
            ast_text, host_text = lower_text(text, name, target, host_out is not None, do_verify, timings, lowered)
    except PircError as e:
        sys.stdout.flush()
        e.print(sys.stderr)
        sys.exit(EXIT_INPUT)
    if host_out is not None:
        assert host_text is not None
        write_output(host_out, host_text)
    write_output(output, ast_text)
    if work:
        from pirc.cli.work_report import print_work

        print_work(lowered)
    if timing:
        print_timing("pirc-lower", timings)


def main() -> None:
    lower_command.main(prog_name="pirc-lower")


if __name__ == "__main__":
    main()

__all__ = ["lower_command", "lower_text", "main"]
