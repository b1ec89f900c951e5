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

import functools
import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import numpy as np

    from pirc.ir.program import Program

__all__ = ["parse", "print", "translate", "load_params", "verify", "optimize", "fuse", "lower", "codegen",
           "compile", "run"]

_print = print

F = TypeVar("F", bound=Callable[..., Any])


def _api(fn: F) -> F:
    """Bad input raises :class:`PircError` whatever layer found it: the command-line helpers some
    functions share raise click's parameter errors, the pass pipeline parser its PipelineError."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        import click

        from pirc.diagnostics import PircError, error
        from pirc.passes.manager import PipelineError

        try:
            return fn(*args, **kwargs)
        except PircError:
            raise
        except click.BadParameter as e:
            raise error(e.message) from None
        except click.ClickException as e:
            raise error(e.format_message()) from None
        except PipelineError as e:
            raise error(f"bad pass pipeline: {e}") from None

    return wrapper  # type: ignore[return-value]


def _looks_like_path(src: str) -> bool:
    """A one-line string that no program text starts like (PIR text opens with ``{`` or a
    ``//`` comment, JSON with ``{``)."""
    head = src.lstrip()
    return bool(head) and "\n" not in src and not head.startswith(("{", "//"))


def _source(src: str | bytes | os.PathLike[str], name: str | None) -> tuple[bytes, str]:
    """Text or bytes as they are; a path (a PathLike, or a one-line string that is no program text)
    is read, and a missing or unreadable one is a PircError that says so."""
    from pirc.diagnostics import error

    if isinstance(src, os.PathLike) or (isinstance(src, str) and _looks_like_path(src)):
        path = os.fspath(src)
        try:
            with open(path, "rb") as f:
                return f.read(), name or path
        except FileNotFoundError:
            raise error(f"no such file: {path}") from None
        except IsADirectoryError:
            raise error(f"{path} is a directory, not a file") from None
        except OSError as e:
            raise error(f"cannot read {path}: {e.strerror or e}") from None
    if not isinstance(src, (str, bytes, bytearray, memoryview)):
        raise error(f"expected PIR text, a model's bytes or a path, got {type(src).__name__}")
    data = src.encode("utf-8") if isinstance(src, str) else bytes(src)
    return data, name or "<string>"


def _program(program: object, what: str) -> Program:
    """``program`` itself when it is a Program; a PircError that says how to get one otherwise."""
    from pirc.diagnostics import error
    from pirc.ir.program import Program

    if not isinstance(program, Program):
        raise error(f"{what} takes a Program, got {type(program).__name__}: read one with pirc.parse (PIR text) "
                    f"or pirc.translate (a Paddle model)")
    return program


def _choice(value: str, name: str, choices: tuple[str, ...]) -> str:
    from pirc.diagnostics import error

    if value not in choices:
        raise error(f"{name} must be {' or '.join(repr(c) for c in choices)}, got {value!r}")
    return value


@_api
def parse(src: str | bytes | os.PathLike[str], name: str | None = None, *, verify: bool = True) -> Program:
    """Parse PIR text (or a file of it) into a Program; a Paddle model is translated first."""
    from pirc.artifacts import expect_kind

    data, shown = _source(src, name)
    if expect_kind(data, shown, ("pir", "model"), "a program (PIR text or a Paddle model)") == "model":
        return translate(data, shown)
    import pirc.dialects.all  # noqa: F401
    from pirc.text.parser import decode_source, parse_program

    program = parse_program(decode_source(data, shown), shown)
    if verify:
        globals()["verify"](program)
    return program


@_api
def print(program: Program, *, legacy: bool = False) -> str:  # noqa: A001 - pirc.print, like the CLI's output
    """The PIR text of ``program``, byte for byte what Paddle prints."""
    from pirc.text.printer import print_program

    return print_program(_program(program, "pirc.print"), legacy=legacy)


@_api
def translate(model: str | bytes | os.PathLike[str], name: str | None = None) -> Program:
    """Translate a Paddle model (ProgramDesc JSON, binary .pdmodel, Paddle 3 PIR JSON; a path or its bytes)."""
    from pirc.artifacts import expect_kind
    from pirc.translate.frontend import load_model

    data, shown = _source(model, name)
    expect_kind(data, shown, ("model", "pir"), "a Paddle model")  # PIR text: load_model says so
    return load_model(data, shown).program


@_api
def load_params(path: str | os.PathLike[str], program: Program) -> dict[str, np.ndarray]:
    """Parameters by name: an ``.npz`` keyed by parameter name, or Paddle's ``.pdiparams``."""
    from pirc.cli.run import _load_params

    return _load_params(os.fspath(path), _program(program, "pirc.load_params"))


@_api
def verify(program: Program, *, allow_unregistered: bool = False) -> Program:
    """Run the verifier; raise PircError with every problem found."""
    from pirc.diagnostics import PircError
    from pirc.ir.verifier import verify as _verify

    diags = _verify(_program(program, "pirc.verify"), allow_unregistered=allow_unregistered)
    if diags:
        raise PircError(diags)
    return program


@_api
def optimize(program: Program, pipeline: str) -> Program:
    """Run a pass pipeline (``"dce,cse"``, ``"build_cinn"``, ...) on ``program`` in place."""
    import pirc.passes.all  # noqa: F401
    from pirc.ir.verifier import verify as _verify
    from pirc.passes.manager import Instrumentation, PassManager, parse_pipeline

    _program(program, "pirc.optimize")
    PassManager(parse_pipeline(pipeline), Instrumentation(verify=lambda p: _verify(p))).run(program)
    return program


@_api
def fuse(program: Program) -> Program:
    """The CINN front end (pd_to_cinn, add_broadcast_to_elementwise, build_cinn) in place."""
    return optimize(program, "build_cinn")


@_api
def lower(program: Program, target: str = "c") -> tuple[str, Program]:
    """(the .ast text of the kernels, the host program): what ``pirc-lower --host-out`` writes.
    An unfused program is fused first; ``program`` itself is not changed."""
    from pirc.cli.lower import lower_text

    _choice(target, "target", ("c", "cuda"))
    ast_text, host_text = lower_text(print(program), "<program>", target, True)
    assert host_text is not None
    return ast_text, parse(host_text, "<host>")


@_api
def codegen(ast: str, target: str | None = None) -> str:
    """C or CUDA source for the kernels of an .ast text (the target it was lowered for by default)."""
    from pirc.cinn.ast.parser import parse as parse_ast
    from pirc.cinn.backend.build import generate
    from pirc.cli.codegen import resolve_target

    if target is not None:
        _choice(target, "target", ("c", "cuda"))
    if not isinstance(ast, str):
        from pirc.diagnostics import error

        raise error(f"pirc.codegen takes the .ast text (what pirc.lower returns), got {type(ast).__name__}")
    chosen = resolve_target(ast, "<ast>", target, "-")
    return generate(parse_ast(ast, "<ast>"), chosen).text


@_api
def compile(program: Program, target: str = "c") -> Program:  # noqa: A001
    """Fuse, lower, generate and compile the kernels of ``program`` in place (through the kernel
    cache), so that :func:`run` launches them."""
    from pirc.cinn.compiler import compile_program

    _choice(target, "target", ("c", "cuda"))
    compile_program(_program(program, "pirc.compile"), target)
    return program


@_api
def run(program: Program, feeds: Mapping[str, Any] | None = None, *, params: Mapping[str, Any] | None = None,
        backend: str = "interp", device: str = "cpu", threads: int = 1) -> dict[str, Any]:
    """Run ``program`` and return its results by fetch name (as ``pirc-run`` does).

    ``backend="cinn"`` compiles the fused groups first (a copy of the program is compiled;
    ``program`` is not changed) and, on the CPU, runs it as one ahead-of-time host program when every
    op is covered (:mod:`pirc.runtime.aot`); ``device="cuda"`` runs compiled kernels on the GPU."""
    import pirc.dialects.all  # noqa: F401
    from pirc.runtime.executor import StandaloneExecutor

    _program(program, "pirc.run")
    _choice(backend, "backend", ("interp", "cinn"))
    _choice(device, "device", ("cpu", "cuda"))
    target = "cuda" if device == "cuda" else "c"
    if backend == "cinn":
        program = compile(parse(print(program), "<program>"), target)
    aot = None if backend == "cinn" and device == "cpu" else False  # the AOT program when every op is covered
    with StandaloneExecutor(program, threads=threads, params=dict(params or {}), aot=aot) as ex:
        return dict(ex.run(dict(feeds or {})))
