"""pirc: PaddlePaddle 3.x's PIR, CINN and PirInterpreter, re-created in Python.

The Python API (:mod:`pirc.api`), loaded on first use so that ``import pirc`` stays fast::

    import pirc
    program = pirc.translate("samples/prog.json")
    print(pirc.print(program))
    results = pirc.run(program, {"x": x}, params=pirc.load_params("samples/prog.pdiparams", program))
"""

from __future__ import annotations

from typing import Any

from pirc._env import prepare_environment

prepare_environment()  # before anything loads numpy's OpenBLAS: its idle threads must not spin

__version__ = "0.1.0"

_API = ("parse", "print", "translate", "load_params", "verify", "optimize", "fuse", "lower", "codegen", "compile",
        "run")

__all__ = ["__version__", "PircError", *_API]


def __getattr__(name: str) -> Any:
    if name in _API:
        from pirc import api

        return getattr(api, name)
    if name == "PircError":
        from pirc.diagnostics import PircError

        return PircError
    raise AttributeError(f"module 'pirc' has no attribute '{name}'")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
