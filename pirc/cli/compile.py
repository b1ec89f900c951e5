"""pirc-compile: a model -> one deployable package folder that ``pirc-run DIR`` runs.

    pirc-compile samples/prog.json -o prog.pkg          # target c: kernels.so
    pirc-compile model.pir --params p.npz --target cuda -o model.pkg   # kernels.cubin (NVRTC)
    pirc-run prog.pkg --feed x=x.npy

The package (the analogue of tvmc's module package) holds:

* ``host.pir``: the program with every fused group replaced by ``cinn_runtime.jit_kernel`` ops;
* ``kernels.ast`` and ``kernels.c`` / ``kernels.cu``: the kernels, as lowered and as generated;
* ``kernels.so`` (target c) or ``kernels.cubin`` (target cuda): the compiled kernels;
* ``params.npz``: the parameters by name (when the model has any);
* ``manifest.json``: the format, pirc's version, the target (and CUDA arch), the program's inputs
  and kernels, and the SHA-256 and size of every file.  ``pirc-run DIR`` checks the hashes
  before it runs anything and refuses a package whose files changed.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from typing import Any

import click

from pirc.cli.common import (DEFAULT_TARGET, default_params, handle_errors, read_program_text, read_tuning_log,
                             timing_option, verify_option, version_option, write_output)
from pirc.diagnostics import Diagnostic, PircError

FORMAT = "pirc-package/1"
MANIFEST = "manifest.json"


def _sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def is_package(path: str) -> bool:
    return os.path.isdir(path) and os.path.isfile(os.path.join(path, MANIFEST))


def read_package(path: str) -> dict[str, Any]:
    """The manifest of a package folder, after checking every file's hash.  Raises PircError."""
    try:
        with open(os.path.join(path, MANIFEST), encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        raise PircError(Diagnostic("error", f"{path}: cannot read {MANIFEST}: {e}")) from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise PircError(Diagnostic("error", f"{path}: not a pirc package ({MANIFEST} format is not {FORMAT})"))
    for name, meta in manifest.get("files", {}).items():
        if os.path.basename(name) != name:
            raise PircError(Diagnostic("error", f"{path}: {MANIFEST} names a file outside the package: {name!r}"))
        f = os.path.join(path, name)
        if not os.path.isfile(f):
            raise PircError(Diagnostic("error", f"{path}: {name} is missing"))
        if _sha256(f) != meta.get("sha256"):
            raise PircError(Diagnostic("error", f"{path}: {name} does not match its hash in {MANIFEST}").note(
                "the package was changed after pirc-compile wrote it; compile it again"))
    return manifest


@click.command(name="compile", context_settings={"help_option_names": ["-h", "--help"]})
@version_option
@click.argument("input", default="-", metavar="[INPUT]")
@click.option("-o", "--output", required=True, metavar="DIR", help="The package folder to write (created).")
@click.option("--params", "params_path", default=None, metavar="P.npz|P.pdiparams",
              help="The parameters (default: the .pdiparams beside a Paddle model).")
@click.option("--target", type=click.Choice(["c", "cuda"]), default=DEFAULT_TARGET, show_default=True,
              help="c: a shared library for the CPU (cc); cuda: a cubin for the GPU (NVRTC, pirc[cuda]).")
@click.option("--arch", default=None, metavar="ARCH", help="CUDA architecture for --target cuda, e.g. sm_90.")
@click.option("--force", is_flag=True, help="Replace DIR if it exists.")
@click.option("--tuning-log", default=None, metavar="TUNING.jsonl",
              help="Apply the best schedule of each group recorded by pirc-tune (else the default schedules).")
@verify_option(True, "the input program")
@timing_option
@handle_errors
def compile_command(input: str, output: str, params_path: str | None, target: str, arch: str | None, force: bool,
                    do_verify: bool, timing: bool, tuning_log: str | None = None) -> None:
    """Compile a model into one deployable package folder that pirc-run DIR runs.

    \b
    INPUT (default -, stdin) is PIR text or a Paddle model (translated first).
    \b
    Examples:
      pirc-compile samples/prog.json -o prog.pkg
      pirc-run prog.pkg --feed samples/prog.feeds.npz
    """
    import time

    from pirc.cinn.ast.nodes import Module
    from pirc.cinn.backend.build import compile_generated, generate
    from pirc.cinn.backend.jit_kernel import OP_NAME, kernel_node
    from pirc.cli.common import print_timing
    from pirc.cli.lower import lower_text
    from pirc.cli.run import _load_params, input_names
    from pirc.text.parser import parse_program

    if arch is not None and target != "cuda":
        raise click.UsageError("--arch applies to --target cuda")
    if os.path.exists(output) and not force:
        raise click.BadParameter(f"{output} exists (use --force to replace it)", param_hint="-o")
    timings: list[tuple[str, float]] = []
    tuning = read_tuning_log(tuning_log)
    t0 = time.perf_counter()
    text, name, translated = read_program_text(input)
    timings.append(("read" + (" + translate" if translated else ""), time.perf_counter() - t0))
    if params_path is None:
        params_path = default_params(input, translated)
    from pirc.cinn.tune.log import use_tuning

    with use_tuning(tuning):
        ast_text, host_text = lower_text(text, name, target, True, do_verify, timings)
    assert host_text is not None
    host = parse_program(host_text, "host.pir")
    fns: dict[str, Any] = {}
    for op in host.walk():
        if op.name == OP_NAME:
            _, fn = kernel_node(op)
            fns.setdefault(fn.name, fn)
    t1 = time.perf_counter()
    src = generate(Module("module", tuple(fns.values())), target)
    ext = "c" if target == "c" else "cu"
    compiled = compile_generated(src, arch=arch, source_name=f"kernels.{ext}")
    timings.append(("codegen + compile", time.perf_counter() - t1))
    params = _load_params(params_path, host) if params_path is not None else {}

    t2 = time.perf_counter()
    tmp = output.rstrip("/") + ".tmp-pirc"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    binary = f"kernels.{compiled.kind or ('so' if target == 'c' else 'cubin')}"
    write_output(os.path.join(tmp, "host.pir"), host_text)
    write_output(os.path.join(tmp, "kernels.ast"), ast_text)
    write_output(os.path.join(tmp, f"kernels.{ext}"), src.text)
    shutil.copyfile(compiled.artifact, os.path.join(tmp, binary))
    files = ["host.pir", "kernels.ast", f"kernels.{ext}", binary]
    if params:
        from pirc.cli.translate import _npz_bytes

        write_output(os.path.join(tmp, "params.npz"), _npz_bytes(dict(sorted(params.items()))))
        files.append("params.npz")
    from pirc import __version__

    manifest = {
        "format": FORMAT, "pirc_version": __version__, "target": target, "arch": compiled.arch or None,
        "source": os.path.basename(name), "host": "host.pir", "kernels": binary,
        "params": "params.npz" if params else None, "inputs": input_names(host),
        "kernel_names": [k.name for k in src.kernels],
        "files": {f: {"sha256": _sha256(os.path.join(tmp, f)), "bytes": os.path.getsize(os.path.join(tmp, f))}
                  for f in files},
    }
    write_output(os.path.join(tmp, MANIFEST), json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    if os.path.exists(output):
        shutil.rmtree(output)
    os.replace(tmp, output)  # the package appears whole or not at all
    timings.append(("parameters + package", time.perf_counter() - t2))
    click.echo(f"wrote {output}: {len(src.kernels)} {target} kernels in {binary}"
               + (f", {len(params)} parameters" if params else ""), err=True)
    if timing:
        print_timing("pirc-compile", timings)


def main() -> None:
    compile_command.main(prog_name="pirc-compile")


__all__ = ["compile_command", "is_package", "read_package", "main"]
