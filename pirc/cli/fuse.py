"""pirc-fuse: the CINN front end (pd_to_cinn, add_broadcast_to_elementwise, build_cinn_pass).

The same as ``pirc-opt --build-cinn``, with the fusion options spelled out.
"""

from __future__ import annotations

import click

from pirc.cli.common import LLVMStyleCommand, complete_passes, pass_manager_options, version_option
from pirc.cli.opt import opt_command


@click.command(name="fuse", cls=LLVMStyleCommand, context_settings={"help_option_names": ["-h", "--help"]})
@version_option
@click.argument("input", default="-", metavar="[INPUT]")
@click.option("-o", "--output", default="-", show_default=True, help="Output file (written atomically); - is stdout.")
@click.option("--fusion-report", is_flag=True, help="Print a table of the groups (ops, kinds, inputs, outputs, bytes saved) to stderr.")
@click.option("--dot", "dot_file", default=None, metavar="FILE",
              help="Write the op graph with the groups as coloured clusters (Graphviz DOT) to FILE.")
@click.option("--max-group-size", type=click.IntRange(min=0), default=None, metavar="N",
              help="At most N ops per group (0: no limit, the default).")
@click.option("--no-decompose", is_flag=True, help="Skip Paddle's prim decompositions (softmax, layer_norm, gelu, ...).")
@click.option("-p", "--pass-pipeline", "pipeline", default="", shell_complete=complete_passes,
              help="More passes to run after the front end, e.g. 'cse,dce'.")
@pass_manager_options
@click.pass_context
def fuse_command(
    ctx: click.Context, input: str, output: str, fusion_report: bool, dot_file: str | None,
    max_group_size: int | None, no_decompose: bool, pipeline: str, print_before: tuple[str, ...],
    print_after: tuple[str, ...], print_ir_before_all: bool, print_ir_after_all: bool, timing: bool,
    split_input_file: bool, do_verify: bool, legacy_attr_types: bool, print_ir_after_change: bool = False,
    dump_pass_pipeline: bool = False, pass_statistics: bool = False,
) -> None:
    """Fuse a PIR program into cinn_op.group regions (the CINN front end).

    \b
    Runs pd_to_cinn (PdOp2CinnOpConverter and Paddle's prim decompositions),
    add_broadcast_to_elementwise and build_cinn_pass; same as pirc-opt --build-cinn.
    \b
    Examples:
      pirc-fuse model.pir -o fused.pir
      pirc-fuse model.pir --fusion-report --dot groups.dot > fused.pir
      dot -Tsvg groups.dot -o groups.svg
      pirc-fuse model.pir --max-group-size 16 --print-ir-after-all
    """
    opts = []
    if max_group_size is not None:
        opts.append(f"max-group-size={max_group_size}")
    if no_decompose:
        opts.append("decompose=false")
    spec = "build_cinn" + ("{" + " ".join(opts) + "}" if opts else "")
    if pipeline:
        spec += "," + pipeline
    ctx.invoke(
        opt_command, input=input, output=output, pipeline=spec, build_cinn=False, print_before=print_before,
        print_after=print_after, print_ir_before_all=print_ir_before_all, print_ir_after_all=print_ir_after_all,
        timing=timing, split_input_file=split_input_file, verify_diagnostics=False, do_verify=do_verify,
        allow_unregistered=False, legacy_attr_types=legacy_attr_types, list_passes=False,
        fusion_report=fusion_report, dot_file=dot_file, print_ir_after_change=print_ir_after_change,
        dump_pass_pipeline=dump_pass_pipeline, pass_statistics=pass_statistics,
    )


def main() -> None:
    fuse_command.main(prog_name="pirc-fuse")


if __name__ == "__main__":
    main()

__all__ = ["fuse_command", "main"]
