"""pirc-opt: read PIR, verify it, run a pass pipeline, print it (as mlir-opt does)."""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import click

from pirc.cli.common import (EXIT_INPUT, LLVMStyleCommand, check_outputs, command_name, complete_passes,
                             handle_errors, parse_with_status, pass_manager_options, print_timing, read_program_text,
                             version_option, write_output)
from pirc.diagnostics import Diagnostic, Location, PircError, SourceFile
from pirc.ir.program import Program
from pirc.ir.verifier import verify
from pirc.passes.manager import (PIPELINES, PASSES, Instrumentation, Pass, PassManager, PassStatistic, PipelineError,
                                 did_you_mean, parse_pipeline, pass_options)
from pirc.text.printer import print_program

import pirc.passes.all  # noqa: F401,E402  - registers the passes

SPLIT_MARKER = re.compile(r"^// -----\s*$", re.M)


@dataclass
class OptConfig:
    passes: list[Pass] = field(default_factory=list)
    verify: bool = True
    allow_unregistered: bool = False
    legacy: bool = False
    print_before: set[str] = field(default_factory=set)
    print_after: set[str] = field(default_factory=set)
    print_before_all: bool = False
    print_after_all: bool = False
    print_after_change: bool = False
    statistics: list[PassStatistic] | None = None  # --pass-statistics: each chunk's passes appended
    timings: list[tuple[str, float]] = field(default_factory=list)
    after_passes: Callable[[Program], None] | None = None  # e.g. the fusion report, before printing


def _dump(legacy: bool):  # type: ignore[no-untyped-def]
    def dump(header: str, program: Program) -> None:
        sys.stderr.write(header + "\n" + print_program(program, legacy) + "\n")
        sys.stderr.flush()

    return dump


def process(text: str, name: str, cfg: OptConfig) -> str:
    """Parse, verify, run the passes, print.  Raises PircError."""
    t0 = time.perf_counter()
    program = parse_with_status(text, name)
    t1 = time.perf_counter()
    cfg.timings.append(("parse", t1 - t0))
    if cfg.verify:
        diags = verify(program, cfg.allow_unregistered)
        cfg.timings.append(("verify", time.perf_counter() - t1))
        if diags:
            raise PircError(diags)
    inst = Instrumentation(
        print_before=cfg.print_before, print_after=cfg.print_after,
        print_before_all=cfg.print_before_all, print_after_all=cfg.print_after_all,
        verify_each=cfg.verify, dump=_dump(cfg.legacy),
        verify=(lambda p: verify(p, cfg.allow_unregistered)),
        print_after_change=cfg.print_after_change, statistics=cfg.statistics is not None,
    )
    pm = PassManager(cfg.passes, inst)
    pm.run(program)
    if cfg.statistics is not None:
        cfg.statistics.extend(pm.statistics)
    cfg.timings.extend((t.name, t.seconds) for t in pm.timings)
    if cfg.after_passes is not None:
        cfg.after_passes(program)
    t2 = time.perf_counter()
    out = print_program(program, cfg.legacy)
    cfg.timings.append(("print", time.perf_counter() - t2))
    return out


def split_chunks(text: str) -> list[tuple[int, str]]:
    """Split at whole-line ``// -----`` markers; each chunk keeps its line numbers."""
    chunks: list[tuple[int, str]] = []
    start = 0
    line = 1
    for m in SPLIT_MARKER.finditer(text):
        chunk = text[start : m.start()]
        chunks.append((line, chunk))
        line += chunk.count("\n") + 1
        start = m.end() + 1
    chunks.append((line, text[start:]))
    return chunks


# --- --verify-diagnostics ------------------------------------------------------------

_EXPECT = re.compile(r"//\s*expected-(error|note|warning|remark)(?:@(above|below|[+-]\d+))?\s*\{\{(.*?)\}\}")


@dataclass
class _Expectation:
    severity: str
    line: int
    message: str
    where: Location
    matched: bool = False


def _expectations(text: str, source: SourceFile) -> list[_Expectation]:
    out = []
    for ln, line in enumerate(text.split("\n"), 1):
        for m in _EXPECT.finditer(line):
            sev, rel, msg = m.groups()
            target = ln
            if rel == "above":
                target = ln - 1
            elif rel == "below":
                target = ln + 1
            elif rel:
                target = ln + int(rel)
            out.append(_Expectation(sev, target, msg, Location(source, ln, m.start() + 1)))
    return out


def check_diagnostics(text: str, name: str, produced: list[Diagnostic]) -> list[Diagnostic]:
    """Compare produced diagnostics with the ``expected-*`` comments; return the mismatches."""
    source = SourceFile(name, text)
    expects = _expectations(text, source)
    check_notes = any(e.severity == "note" for e in expects)
    problems: list[Diagnostic] = []
    flat: list[Diagnostic] = []
    for d in produced:
        flat.append(d)
        if check_notes:
            flat.extend(d.notes)
    for d in flat:
        line = d.loc.line if d.loc is not None else 0
        hit = next(
            (e for e in expects if not e.matched and e.severity == d.severity and e.line == line and e.message in d.message),
            None,
        )
        if hit is None:
            problems.append(Diagnostic("error", f"unexpected {d.severity}: {d.message}", d.loc))
        else:
            hit.matched = True
    for e in expects:
        if not e.matched:
            problems.append(Diagnostic("error", f'expected {e.severity} "{e.message}" was not produced', e.where))
    return problems


# --- the command ---------------------------------------------------------------------------


def _list_passes() -> None:
    from pirc.tables import print_table

    rows = [[name, "pass", " ".join(pass_options(PASSES[name])), PASSES[name].summary] for name in sorted(PASSES)]
    for name in sorted(PIPELINES):
        opts = dict.fromkeys(o for p in parse_pipeline(PIPELINES[name][0]) for o in pass_options(type(p)))
        rows.append([name, "pipeline", " ".join(opts), f"{PIPELINES[name][1]} = {PIPELINES[name][0]}"])
    print_table("passes and pipelines (options: name=default)", ["name", "kind", "options", "summary"], rows)


def _print_statistics(stats: list[PassStatistic], title: str) -> None:
    from pirc.tables import print_table

    rows = [[s.spec, str(sum(s.before.values())), str(sum(s.after.values())), s.changes() or "(no change)"]
            for s in stats]
    print_table(title, ["pass", "ops before", "ops after", "ops erased (-) and created (+)"], rows, right=(1, 2),
                err=True)


@click.command(name="opt", cls=LLVMStyleCommand, context_settings={"help_option_names": ["-h", "--help"]})
@version_option
@click.argument("input", default="-", metavar="[INPUT]")
@click.option("-o", "--output", default="-", show_default=True, help="Output file (written atomically); - is stdout.")
@click.option("-p", "--pass-pipeline", "pipeline", default="", shell_complete=complete_passes,
              help="Passes to run, e.g. 'dce,cse' or 'builtin.module(cse,dce)'.")
@click.option("--build-cinn", is_flag=True, help="Run the CINN front-end pipeline (same as pirc-fuse).")
@pass_manager_options
@click.option("--verify-diagnostics", is_flag=True, help="Check diagnostics against 'expected-error {{...}}' comments.")
@click.option("--allow-unregistered", is_flag=True, help="Accept unknown ops of pirc's own dialects.")
@click.option("--list-passes", is_flag=True, help="List the passes and pipelines, then exit.")
@click.option("--fusion-report", is_flag=True, help="Print a table of the cinn_op.group ops to stderr (after the passes).")
@click.option("--dot", "dot_file", default=None, metavar="FILE",
              help="Write the op graph with the groups as coloured clusters (Graphviz DOT) to FILE.")
@handle_errors
def opt_command(
    input: str, output: str, pipeline: str, build_cinn: bool, print_before: tuple[str, ...],
    print_after: tuple[str, ...], print_ir_before_all: bool, print_ir_after_all: bool, timing: bool,
    split_input_file: bool, verify_diagnostics: bool, do_verify: bool, allow_unregistered: bool,
    legacy_attr_types: bool, list_passes: bool, fusion_report: bool = False, dot_file: str | None = None,
    print_ir_after_change: bool = False, dump_pass_pipeline: bool = False, pass_statistics: bool = False,
) -> None:
    """Parse, verify, transform and print a PIR program.

    \b
    Examples:
      pirc-opt model.pir                       # parse, verify, print back
      pirc-opt model.pir -p 'dce,cse' -o out.pir
      cat model.pir | pirc-opt --timing -p cse > out.pir
      pirc-opt tests.pir --split-input-file --verify-diagnostics
      pirc-opt model.pir --build-cinn --fusion-report --dot groups.dot
    """
    if list_passes:
        _list_passes()
        return
    spec = pipeline
    if build_cinn:
        spec = "build_cinn" + ("," + spec if spec else "")
    try:
        passes = parse_pipeline(spec) if spec else []
    except PipelineError as e:
        raise click.UsageError(str(e)) from None
    known = {p.name for p in passes}
    for name in (*print_before, *print_after):
        if name not in PASSES:
            raise click.UsageError(f"--print-ir-before/after: unknown pass '{name}'{did_you_mean(name)}")
        if name not in known:
            click.echo(f"warning: pass '{name}' is not in the pipeline", err=True)
    check_outputs(("-o", output), ("--dot", dot_file))
    text, name, _ = read_program_text(input)
    cfg = OptConfig(
        passes=passes, verify=do_verify, allow_unregistered=allow_unregistered, legacy=legacy_attr_types,
        print_before=set(print_before), print_after=set(print_after),
        print_before_all=print_ir_before_all, print_after_all=print_ir_after_all,
        print_after_change=print_ir_after_change, statistics=[] if pass_statistics else None,
    )
    if dump_pass_pipeline:  # MLIR's form, every option spelt out, before anything runs
        sys.stderr.write("Pass Manager with " + str(len(passes)) + " passes:\nbuiltin.module("
                         + ",".join(p.spec() for p in passes) + ")\n")
    cfg.after_passes = fusion_outputs(fusion_report, dot_file, name)
    chunks = split_chunks(text) if split_input_file else [(1, text)]
    outputs: list[str] = []
    failed = False
    for first_line, chunk in chunks:
        padded = "\n" * (first_line - 1) + chunk
        try:
            outputs.append(process(padded, name, cfg))
            produced: list[Diagnostic] = []
        except PircError as e:
            produced = e.diagnostics
            if not verify_diagnostics:
                failed = True
                e.print(sys.stderr)
                if not split_input_file:
                    sys.exit(EXIT_INPUT)
        if verify_diagnostics:
            problems = check_diagnostics(padded, name, produced)
            if problems:
                failed = True
                PircError(problems).print(sys.stderr)
    if cfg.statistics is not None:
        _print_statistics(cfg.statistics, f"{command_name('pirc-opt')} pass statistics")
    if timing:
        print_timing(command_name("pirc-opt"), cfg.timings)
    if failed:
        if output == "-" and outputs:  # like mlir-opt: the chunks that worked still print
            write_output(output, "// -----\n".join(outputs))
        sys.exit(EXIT_INPUT)
    write_output(output, "// -----\n".join(outputs))


def fusion_outputs(report: bool, dot_file: str | None, name: str) -> Callable[[Program], None] | None:
    """The --fusion-report / --dot hook (the DOT file holds the last chunk's program)."""
    if not report and not dot_file:
        return None

    def hook(program: Program) -> None:
        from pirc.passes.fusion_report import print_report, to_dot

        if report:
            print_report(program, title=f"build_cinn fusion report: {name}")
        if dot_file:
            write_output(dot_file, to_dot(program, name))

    return hook


def main() -> None:
    opt_command.main(prog_name="pirc-opt")


if __name__ == "__main__":
    main()

__all__ = ["opt_command", "main", "process", "fusion_outputs"]
