"""``pirc-run --backend cinn --dump-dir DIR`` (or ``PIRC_DUMP_DIR``): every stage of a compiled run as
files, as XLA's ``--xla_dump_to`` and torch.compile's ``TORCH_COMPILE_DEBUG`` write theirs.

::

    0-program.pir          the program as read (a model translated)
    1-inference.pir        after the inference passes (folding with the parameter values)
    1-params.npz           the parameters it reads (folded ones included: they exist nowhere else)
    2-fused.pir            after build_cinn                   pirc-fuse 1-inference.pir
    2-fusion-report.txt    each group: ops, pattern kind, inputs, outputs, bytes kept out of memory
    3-kernels.ast          the groups lowered                 pirc-lower 2-fused.pir
    3-host.pir             groups replaced by their kernels   pirc-lower 2-fused.pir --host-out
    4-kernels.c / .cu      the generated source               pirc-codegen 3-kernels.ast
    commands.sh            the commands above, to run in DIR

Each file is what its command makes of the one before, byte for byte (``commands.sh`` says which),
so a stage that surprises can be rerun, changed and compared on its own.  The files are written as
the stages run: when one fails, those before it are there.  With ``--tuning-log`` the tuned
schedules are lowered, as the run compiles them (pass the log to pirc-lower too).
"""

from __future__ import annotations

import io
import os
import shlex
from collections.abc import Mapping
from typing import Any

from pirc.cli.common import write_output

#: what commands.sh says; {target} and {ext} filled in
_COMMANDS = """\
#!/bin/sh
# How each file in this folder was made: run it here to make them again (pirc-run --dump-dir wrote them).
set -e
# 1-inference.pir: pirc-run applies the inference passes with the parameter values; without them
# pirc-opt folds no parameters (the same text when the program has nothing to fold)
pirc-opt 0-program.pir -p inference -o 1-inference.pir
pirc-fuse 1-inference.pir -o 2-fused.pir --fusion-report 2> 2-fusion-report.txt
pirc-lower 2-fused.pir --target {target} -o 3-kernels.ast --host-out 3-host.pir{tuning}
pirc-codegen 3-kernels.ast -o 4-kernels.{ext}
# to run a stage's program (1-inference.pir, 2-fused.pir, 3-host.pir): pirc-run FILE --params 1-params.npz --feed ...
"""


def dump_env() -> str | None:
    """``PIRC_DUMP_DIR`` when set (the default of ``--dump-dir``)."""
    return os.environ.get("PIRC_DUMP_DIR") or None


def dump_stages(directory: str, text: str, name: str, target: str, params: Mapping[str, Any],
                tuning_log: str | None = None) -> list[str]:
    """Write the stages of compiling ``text`` for ``target`` into ``directory``; the files written.
    Raises PircError (after writing the stages before the failing one)."""
    import pirc.passes.all  # noqa: F401
    from pirc.cinn.ast.parser import parse as parse_ast
    from pirc.cinn.backend.build import generate
    from pirc.cinn.backend.jit_kernel import OP_NAME
    from pirc.cinn.lower.host import find_groups
    from pirc.cli.lower import lower_text
    from pirc.ir.verifier import verify
    from pirc.passes.fusion_report import print_report
    from pirc.passes.manager import Instrumentation, PassManager, parse_pipeline
    from pirc.text.parser import parse_program
    from pirc.text.printer import print_program

    os.makedirs(directory, exist_ok=True)
    written: list[str] = []

    def put(file: str, data: str) -> None:
        write_output(os.path.join(directory, file), data)
        written.append(file)

    def run(pipeline: str) -> None:
        PassManager(parse_pipeline(pipeline), Instrumentation(verify=lambda p: verify(p))).run(program)

    ext = "cu" if target == "cuda" else "c"
    tuning = f" --tuning-log {shlex.quote(os.path.abspath(tuning_log))}" if tuning_log else ""
    put("commands.sh", _COMMANDS.format(target=target, ext=ext, tuning=tuning))
    program = parse_program(text, name)
    put("0-program.pir", print_program(program))
    if any(op.name == OP_NAME for op in program.walk()):
        return written  # a host program: lowered already
    if not find_groups(program):
        for pname, value in params.items():  # what the folding passes read, as compile_program gives them
            p = program.parameters.get(pname)
            if p is not None and p.value is None:
                p.value = value
        run("inference")
        put("1-inference.pir", print_program(program))
        values = {n: p.value if p.value is not None else params.get(n) for n, p in sorted(program.parameters.items())}
        if values and all(v is not None for v in values.values()):  # folded ones exist only here: keep them
            from pirc.cli.translate import _npz_bytes

            write_output(os.path.join(directory, "1-params.npz"), _npz_bytes(values))
            written.append("1-params.npz")
        run("build_cinn")
    fused = print_program(program)
    put("2-fused.pir", fused)
    report = io.StringIO()
    print_report(program, file=report, title="build_cinn fusion report: 1-inference.pir")
    put("2-fusion-report.txt", report.getvalue())
    ast_text, host_text = lower_text(fused, "2-fused.pir", target, True)
    assert host_text is not None
    put("3-kernels.ast", ast_text)
    put("3-host.pir", host_text)
    put(f"4-kernels.{ext}", generate(parse_ast(ast_text, "3-kernels.ast"), target).text)
    return written


__all__ = ["dump_env", "dump_stages"]
