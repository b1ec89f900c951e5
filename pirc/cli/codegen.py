"""pirc-codegen: loop-level AST (.ast) -> self-contained C or CUDA source."""

from __future__ import annotations

import os

import click

from pirc.cli.common import handle_errors, read_input, write_output

_EXT_TARGET = {".c": "c", ".cu": "cuda", ".cuh": "cuda"}


@click.command(name="codegen", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("input", default="-", metavar="[INPUT.ast]")
@click.option("-o", "--output", default="-", show_default=True, help="Output file (written atomically); - is stdout.")
@click.option("--target", type=click.Choice(["cuda", "c"]), default=None,
              help="cuda (CodeGenCUDA_Dev, for NVRTC) or c (CodeGenC, for the system compiler).  "
                   "Default: from the output's extension (.cu / .c), else cuda.")
@click.option("--compile", "do_compile", is_flag=True,
              help="Also compile the source (cc for c, NVRTC for cuda) and report compiler errors; "
                   "the result goes to the kernel cache ($PIRC_CACHE_DIR).")
@click.option("--arch", default=None, metavar="ARCH",
              help="CUDA architecture for --compile, e.g. sm_90 (default: $PIRC_CUDA_ARCH, the GPU's, else sm_90).")
@click.option("--ptx", is_flag=True, help="With --compile --target cuda: build PTX instead of a cubin.")
@click.option("--resource-usage", is_flag=True,
              help="With --target cuda: ptxas -v for sm_80 and sm_90 (or --arch): registers, spills, static shared "
                   "memory and theoretical occupancy per kernel, as a table on stderr.")
@handle_errors
def codegen_command(input: str, output: str, target: str | None, do_compile: bool, arch: str | None,
                    ptx: bool, resource_usage: bool = False) -> None:
    """Generate C or CUDA code for the kernels of an .ast file.

    \b
    One exported entry per LoweredFunc (extern "C"), a header comment per kernel
    with its function, group, arguments, temps, loops and launch dimensions.
    Names in the output are generated; input strings appear only escaped.
    \b
    Examples:
      pirc-codegen kernels.ast -o kernels.cu            # CUDA (from the extension)
      pirc-codegen kernels.ast --target c --compile     # C on stdout, checked with cc
      pirc lower fused.pir codegen --target cuda --compile --arch sm_90 -o k.cu
    """
    if target is None:
        target = _EXT_TARGET.get(os.path.splitext(output)[1].lower(), "cuda") if output != "-" else "cuda"
    if (arch is not None or ptx) and target != "cuda":
        raise click.UsageError("--arch and --ptx apply to --target cuda")
    if resource_usage and target != "cuda":
        raise click.UsageError("--resource-usage applies to --target cuda")
    if arch is not None:
        from pirc.cinn.backend.errors import ToolchainError
        from pirc.cinn.backend.nvrtc import parse_arch

        try:
            parse_arch(arch)
        except ToolchainError as e:
            raise click.BadParameter(e.diagnostics[0].message, param_hint="--arch") from None
    data, name = read_input(input)
    from pirc.cinn.ast.parser import parse
    from pirc.cinn.backend.build import compile_generated, generate
    from pirc.text.parser import decode_source

    node = parse(decode_source(data, name), name)
    src = generate(node, target)
    if do_compile:
        shown = output if output != "-" else f"<generated>.{'cu' if target == 'cuda' else 'c'}"
        compile_generated(src, arch=arch, cuda_kind="ptx" if ptx else "cubin", source_name=shown)
    write_output(output, src.text)
    if resource_usage:
        from pirc.cinn.backend import ptxas

        archs = (arch,) if arch is not None else ptxas.DEFAULT_ARCHS
        ptxas.print_resource_report(ptxas.resource_rows(src, ptxas.resource_usage(src, archs)))


def main() -> None:
    codegen_command.main(prog_name="pirc-codegen")


if __name__ == "__main__":
    main()

__all__ = ["codegen_command", "main"]
