"""pirc-translate: a Paddle model (ProgramDesc JSON, binary .pdmodel or PIR JSON) -> PIR text.

The input kind is detected from the content.  The output is the text
PaddlePaddle 3.x prints for the translated program (``str(program)``),
written atomically.  ``--params-out`` writes the model's parameters, read
from the ``.pdiparams`` file in Paddle's record order, as an ``.npz`` keyed
by parameter name.
"""

from __future__ import annotations

import io
import sys
import time

import click

from pirc.cli.common import check_outputs, handle_errors, print_timing, read_input, timing_option, verify_option, version_option, write_output
from pirc.diagnostics import Diagnostic, PircError


def _read_params_file(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise click.BadParameter(f"no such file: {path}", param_hint="--params") from None
    except IsADirectoryError:
        raise click.BadParameter(f"{path} is a directory", param_hint="--params") from None
    except PermissionError:
        raise click.BadParameter(f"cannot read {path}: permission denied", param_hint="--params") from None


def _npz_bytes(arrays: dict) -> bytes:
    """A deterministic .npz (fixed zip timestamps), keys in the given order."""
    import zipfile

    import numpy as np

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_STORED) as zf:
        for key, arr in arrays.items():
            b = io.BytesIO()
            np.lib.format.write_array(b, np.ascontiguousarray(arr), allow_pickle=False)
            info = zipfile.ZipInfo(key + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            zf.writestr(info, b.getvalue())
    return buf.getvalue()


@click.command(name="translate", context_settings={"help_option_names": ["-h", "--help"]})
@version_option
@click.argument("input", default="-", metavar="[INPUT]")
@click.option("-o", "--output", default="-", show_default=True, help="Output .pir file (written atomically); - is stdout.")
@click.option("--params", "params", default=None, metavar="PATH.pdiparams",
              help="The model's parameter file, read in Paddle's order and checked against the model "
                   "(default: the .pdiparams beside INPUT, if there is one).")
@click.option("--params-out", "params_out", default=None, metavar="P.npz",
              help="Write the parameters as .npz keyed by parameter name.")
@verify_option(False, "the translated program (unknown pd_op ops allowed)")
@timing_option
@handle_errors
def translate_command(input: str, output: str, params: str | None, params_out: str | None, do_verify: bool,
                      timing: bool) -> None:
    """Translate a Paddle model to PIR text, as Paddle's ProgramTranslator does.

    \b
    INPUT (default -, stdin) is any of:
      ProgramDesc protobuf JSON   {"blocks": [...]}
      binary ProgramDesc          model.pdmodel
      Paddle 3 PIR JSON           {"base_code": {"magic": "pir", ...}, "program": {...}}

    \b
    Examples:
      pirc-translate model.pdmodel -o model.pir
      pirc-translate prog.json --params prog.pdiparams --params-out params.npz
      pirc-translate samples/prog.json | pirc-opt -p dce
    """
    from pirc.text.printer import print_program
    from pirc.cli.chain import carry_params
    from pirc.translate.frontend import default_params_path, load_model

    t0 = time.perf_counter()
    from pirc.artifacts import expect_kind

    check_outputs(("-o", output), ("--params-out", params_out))
    data, name = read_input(input)
    expect_kind(data, name, ("model", "pir"), "a Paddle model")  # PIR text: load_model says so
    t1 = time.perf_counter()
    model = load_model(data, name)
    t2 = time.perf_counter()
    if do_verify:
        import pirc.dialects.all  # noqa: F401
        from pirc.ir.verifier import verify

        diags = verify(model.program, allow_unregistered=True)
        if diags:
            raise PircError(diags)
    t3 = time.perf_counter()
    params_path = params if params is not None else default_params_path(input)
    carry_params(params_path)  # the next stages of a chain read the program without a file beside it
    if params_path is None and params_out is not None:
        raise PircError(Diagnostic(
            "error", "--params-out needs the model's parameters: there is no .pdiparams file beside the input; "
            "pass --params PATH.pdiparams", None))
    arrays = None
    if params_path is not None:
        arrays = model.load_params(_read_params_file(params_path), params_path)
    t4 = time.perf_counter()
    text = print_program(model.program)
    t5 = time.perf_counter()
    if params_out is not None and arrays is not None:
        write_output(params_out, _npz_bytes(arrays))
    write_output(output, text)
    t6 = time.perf_counter()
    if timing:
        rows = [("read", t1 - t0), ("parse + translate", t2 - t1), ("verify", t3 - t2), ("parameters", t4 - t3),
                ("print", t5 - t4), ("write", t6 - t5)]
        print_timing("pirc-translate", rows)


def main() -> None:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    translate_command.main(prog_name="pirc-translate")


if __name__ == "__main__":
    main()

__all__ = ["translate_command", "main"]

