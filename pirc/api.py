"""pirc's Python API: the command-line pipeline as functions.

    import pirc

    program = pirc.translate("samples/prog.json")          # a Paddle model -> Program
    params = pirc.load_params("samples/prog.pdiparams", program)
    pirc.optimize(program, "dce,cse")                        # passes, in place
    print(pirc.print(program))                               # PIR text, as Paddle prints it
    results = pirc.run(program, {"x": x}, params=params)     # interpreter
    results = pirc.run(program, {"x": x}, params=params, backend="cinn")   # compiled kernels

Every function raises :class:`pirc.PircError` (with located diagnostics) for bad input.
``import pirc`` loads none of this until first use.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from pirc.ir.program import Program

__all__ = ["parse", "print", "translate", "load_params", "verify", "optimize", "fuse", "lower", "codegen",
           "compile", "run"]

_print = print


def _source(src: str | bytes | os.PathLike[str], name: str | None) -> tuple[bytes, str]:
    """Text or bytes as they are; a path (an existing file, or a PathLike) is read."""
    if isinstance(src, os.PathLike) or (isinstance(src, str) and "\n" not in src and "{" not in src
                                         and os.path.exists(src)):
        path = os.fspath(src)
        with open(path, "rb") as f:
            return f.read(), name or path
    data = src.encode("utf-8") if isinstance(src, str) else bytes(src)
    return data, name or "<string>"


def parse(src: str | bytes | os.PathLike[str], name: str | None = None, *, verify: bool = True) -> Program:
    """Parse PIR text (or a file of it) into a Program; a Paddle model is translated first."""
    from pirc.cli.common import input_kind

    data, shown = _source(src, name)
    if input_kind(data) == "model":
        return translate(data, shown)
    import pirc.dialects.all  # noqa: F401
    from pirc.text.parser import decode_source, parse_program

    program = parse_program(decode_source(data, shown), shown)
    if verify:
        globals()["verify"](program)
    return program


def print(program: Program, *, legacy: bool = False) -> str:  # noqa: A001 - pirc.print, like the CLI's output
    """The PIR text of ``program``, byte for byte what Paddle prints."""
    from pirc.text.printer import print_program

    return print_program(program, legacy=legacy)


def translate(model: str | bytes | os.PathLike[str], name: str | None = None) -> Program:
    """Translate a Paddle model (ProgramDesc JSON, binary .pdmodel, Paddle 3 PIR JSON; a path or its bytes)."""
    from pirc.translate.frontend import load_model

    data, shown = _source(model, name)
    return load_model(data, shown).program


def load_params(path: str | os.PathLike[str], program: Program) -> dict[str, np.ndarray]:
    """Parameters by name: an ``.npz`` keyed by parameter name, or Paddle's ``.pdiparams``."""
    from pirc.cli.run import _load_params

    return _load_params(os.fspath(path), program)


def verify(program: Program, *, allow_unregistered: bool = False) -> Program:
    """Run the verifier; raise PircError with every problem found."""
    from pirc.diagnostics import PircError
    from pirc.ir.verifier import verify as _verify

    diags = _verify(program, allow_unregistered=allow_unregistered)
    if diags:
        raise PircError(diags)
    return program


def optimize(program: Program, pipeline: str) -> Program:
    """Run a pass pipeline (``"dce,cse"``, ``"build_cinn"``, ...) on ``program`` in place."""
    import pirc.passes.all  # noqa: F401
    from pirc.ir.verifier import verify as _verify
    from pirc.passes.manager import Instrumentation, PassManager, parse_pipeline

    PassManager(parse_pipeline(pipeline), Instrumentation(verify=lambda p: _verify(p))).run(program)
    return program


def fuse(program: Program) -> Program:
    """The CINN front end (pd_to_cinn, add_broadcast_to_elementwise, build_cinn) in place."""
    return optimize(program, "build_cinn")


def lower(program: Program, target: str = "c") -> tuple[str, Program]:
    """(the .ast text of the kernels, the host program): what ``pirc-lower --host-out`` writes.
    An unfused program is fused first; ``program`` itself is not changed."""
    from pirc.cli.lower import lower_text

    ast_text, host_text = lower_text(print(program), "<program>", target, True)
    assert host_text is not None
    return ast_text, parse(host_text, "<host>")


def codegen(ast: str, target: str | None = None) -> str:
    """C or CUDA source for the kernels of an .ast text (the target it was lowered for by default)."""
    from pirc.cinn.ast.parser import parse as parse_ast
    from pirc.cinn.backend.build import generate
    from pirc.cli.codegen import resolve_target

    chosen = resolve_target(ast, "<ast>", target, "-")
    return generate(parse_ast(ast, "<ast>"), chosen).text


def compile(program: Program, target: str = "c") -> Program:  # noqa: A001
    """Fuse, lower, generate and compile the kernels of ``program`` in place (through the kernel
    cache), so that :func:`run` launches them."""
    from pirc.cinn.compiler import compile_program

    compile_program(program, target)
    return program


def run(program: Program, feeds: Mapping[str, Any] | None = None, *, params: Mapping[str, Any] | None = None,
        backend: str = "interp", device: str = "cpu", threads: int = 1) -> dict[str, Any]:
    """Run ``program`` and return its results by fetch name (as ``pirc-run`` does).

    ``backend="cinn"`` compiles the fused groups first (a copy of the program is compiled;
    ``program`` is not changed) and, on the CPU, runs it as one ahead-of-time host program when every
    op is covered (:mod:`pirc.runtime.aot`); ``device="cuda"`` runs compiled kernels on the GPU."""
    import pirc.dialects.all  # noqa: F401
    from pirc.runtime.executor import StandaloneExecutor

    target = "cuda" if device == "cuda" else "c"
    if backend == "cinn":
        program = compile(parse(print(program), "<program>"), target)
    aot = None if backend == "cinn" and device == "cpu" else False  # the AOT program when every op is covered
    with StandaloneExecutor(program, threads=threads, params=dict(params or {}), aot=aot) as ex:
        return dict(ex.run(dict(feeds or {})))
