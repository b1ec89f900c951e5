"""pirc-codegen: loop-level AST (.ast) -> self-contained C or CUDA source."""

from __future__ import annotations

import os
import re

import click

from pirc.cli.common import (DEFAULT_TARGET, handle_errors, input_kind, print_timing, read_input, timing_option, version_option,
                             write_output)
from pirc.diagnostics import Diagnostic, PircError

_EXT_TARGET = {".c": "c", ".cu": "cuda", ".cuh": "cuda"}
_HEADER_RE = re.compile(r"\A\s*// pirc-lower: target (\w+)")


def recorded_target(text: str) -> tuple[str | None, str]:
    """(the target an .ast was lowered for, how we know): pirc-lower's header line, else the
    loop bindings (only CUDA lowering binds blockIdx / threadIdx), else None."""
    m = _HEADER_RE.match(text)
    if m:
        return m.group(1), "its header"
    if re.search(r"\b(blockIdx|threadIdx)\.[xyz]\b", text):
        return "cuda", "its blockIdx/threadIdx loop bindings"
    return None, ""


def resolve_target(text: str, name: str, requested: str | None, output: str, why: str | None = None) -> str:
    """--target, else the output's extension, else what the .ast records, else the default (c);
    a target that contradicts the .ast's is refused with a hint."""
    recorded, how = recorded_target(text)
    ext = os.path.splitext(output)[1].lower() if output != "-" else ""
    if requested is not None:
        target, why = requested, why or f"--target {requested}"
    elif ext in _EXT_TARGET:
        target, why = _EXT_TARGET[ext], f"the output's extension {ext}"
    else:
        return recorded or DEFAULT_TARGET
    if recorded is not None and recorded != target:
        other = {"c": ".c", "cuda": ".cu"}[recorded]
        raise PircError(Diagnostic(
            "error", f"{name} was lowered for target {recorded} ({how}), but {why} asks for {target} code",
            None).note(f"lower it for {target}: pirc-lower --target {target} ..., or generate {recorded} code "
                       f"from this file: --target {recorded} (-o FILE{other})"))
    return target


def _check_cuda_options(target: str, arch: str | None, ptx: bool, resource_usage: bool) -> None:
    if (arch is not None or ptx) and target != "cuda":
        raise click.UsageError("--arch and --ptx apply to --target cuda")
    if resource_usage and target != "cuda":
        raise click.UsageError("--resource-usage applies to --target cuda")


@click.command(name="codegen", context_settings={"help_option_names": ["-h", "--help"]})
@version_option
@click.argument("input", default="-", metavar="[INPUT.ast]")
@click.option("-o", "--output", default="-", show_default=True, help="Output file (written atomically); - is stdout.")
@click.option("--target", type=click.Choice(["c", "cuda"]), default=None,
              help="c (CodeGenC, for the system compiler) or cuda (CodeGenCUDA_Dev, for NVRTC).  "
                   "Default: the output's extension (.c / .cu), else the target the .ast was lowered for "
                   "(pirc-lower --target), else c.  A target that contradicts the .ast's is refused.")
@click.option("--compile", "do_compile", is_flag=True,
              help="Also compile the source (cc for c, NVRTC for cuda) and report compiler errors; "
                   "the result goes to the kernel cache ($PIRC_CACHE_DIR).")
@click.option("--arch", default=None, metavar="ARCH",
              help="CUDA architecture for --compile, e.g. sm_90 (default: $PIRC_CUDA_ARCH, the GPU's, else sm_90).")
@click.option("--ptx", is_flag=True, help="With --compile --target cuda: build PTX instead of a cubin.")
@click.option("--resource-usage", is_flag=True,
              help="With --target cuda: ptxas -v for sm_80 and sm_90 (or --arch): registers, spills, static shared "
                   "memory and theoretical occupancy per kernel, as a table on stderr.")
@timing_option
@handle_errors
def codegen_command(input: str, output: str, target: str | None, do_compile: bool, arch: str | None,
                    ptx: bool, resource_usage: bool = False, timing: bool = False) -> None:
    """Generate C or CUDA code for the kernels of an .ast file.

    \b
    One exported entry per LoweredFunc (extern "C"), a header comment per kernel
    with its function, group, arguments, temps, loops and launch dimensions.
    Names in the output are generated; input strings appear only escaped.
    \b
    Examples:
      pirc-codegen kernels.ast -o kernels.c             # the target the .ast was lowered for
      pirc-codegen kernels.ast --compile                # source on stdout, checked with the compiler
      pirc lower fused.pir --target cuda codegen --compile --arch sm_90 -o k.cu
    """
    import time

    from pirc.text.parser import decode_source

    requested = target
    if requested is not None:  # a command-line mistake is reported before the input is read
        _check_cuda_options(requested, arch, ptx, resource_usage)
    t0 = time.perf_counter()
    data, name = read_input(input)
    kind = input_kind(data)
    if kind in ("model", "pir") and (kind == "model" or re.match(rb"\s*\{\s*[(}^]", data)):
        raise PircError(Diagnostic("error", f"{name} is a program, not the loop-level AST (.ast) pirc-codegen reads",
                                   None).note("lower it first: pirc-lower PROGRAM | pirc-codegen (or pirc lower "
                                              "PROGRAM codegen)"))
    if kind not in ("ast", "pir", "text"):  # text that is no artifact goes to the .ast parser, which locates the error
        from pirc.artifacts import wrong_kind

        raise wrong_kind(name, kind, "the loop-level AST (.ast) pirc-codegen reads")
    text = decode_source(data, name)
    target = resolve_target(text, name, requested, output)
    _check_cuda_options(target, arch, ptx, resource_usage)
    if arch is not None:
        from pirc.cinn.backend.errors import ToolchainError
        from pirc.cinn.backend.nvrtc import parse_arch

        try:
            parse_arch(arch)
        except ToolchainError as e:
            raise click.BadParameter(e.diagnostics[0].message, param_hint="--arch") from None
    from pirc.cinn.ast.parser import parse
    from pirc.cinn.backend.build import compile_generated, generate

    node = parse(text, name)
    t1 = time.perf_counter()
    src = generate(node, target)
    t2 = time.perf_counter()
    timings = [("read + parse", t1 - t0), ("generate", t2 - t1)]
    if do_compile:
        shown = output if output != "-" else f"<generated>.{'cu' if target == 'cuda' else 'c'}"
        compile_generated(src, arch=arch, cuda_kind="ptx" if ptx else "cubin", source_name=shown)
        timings.append(("compile", time.perf_counter() - t2))
    write_output(output, src.text)
    if resource_usage:
        from pirc.cinn.backend import ptxas

        archs = (arch,) if arch is not None else ptxas.DEFAULT_ARCHS
        ptxas.print_resource_report(ptxas.resource_rows(src, ptxas.resource_usage(src, archs)))
    if timing:
        print_timing("pirc-codegen", timings)


def main() -> None:
    codegen_command.main(prog_name="pirc-codegen")


if __name__ == "__main__":
    main()

__all__ = ["codegen_command", "main", "recorded_target", "resolve_target"]
