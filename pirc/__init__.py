"""pirc: PaddlePaddle 3.x's PIR, CINN and PirInterpreter, re-created in Python.

The Python API (:mod:`pirc.api`), loaded on first use so that ``import pirc`` stays fast::

    import pirc
    program = pirc.translate("samples/prog.json")
    print(pirc.print(program))
    results = pirc.run(program, {"x": x}, params=pirc.load_params("samples/prog.pdiparams", program))
"""

from __future__ import annotations

import functools
import sys
import types
from typing import Any

from pirc._env import prepare_environment

prepare_environment()  # before anything loads numpy's OpenBLAS: its idle threads must not spin

__version__ = "0.1.0"

_API = ("parse", "print", "translate", "load_params", "verify", "optimize", "fuse", "lower", "codegen", "compile",
        "run")

__all__ = ["__version__", "PircError", *_API]


class _Package(types.ModuleType):
    """``pirc`` itself: importing the subpackage ``pirc.translate`` must not replace the function
    ``pirc.translate`` (the import system sets each submodule as an attribute of its parent)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _API and isinstance(value, types.ModuleType):
            return  # the submodule stays reachable as sys.modules["pirc.<name>"]
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


class _FunctionAndPackage:
    """``pirc.translate``: called, the API function; its other attributes are the subpackage
    ``pirc.translate``'s, so ``import pirc.translate.frontend as frontend`` works as well."""

    def __init__(self, name: str, fn: Any) -> None:
        self._package = f"{__name__}.{name}"
        functools.update_wrapper(self, fn)
        self._fn = fn

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._fn(*args, **kwargs)

    def __getattr__(self, attr: str) -> Any:
        import importlib

        return getattr(importlib.import_module(self._package), attr)

    def __repr__(self) -> str:
        return repr(self._fn)


#: API functions that share their name with a subpackage
_ALSO_PACKAGES = ("translate",)


def __getattr__(name: str) -> Any:
    if name in _API:
        from pirc import api

        fn = getattr(api, name)
        value = _FunctionAndPackage(name, fn) if name in _ALSO_PACKAGES else fn
        globals()[name] = value  # loaded once; a submodule imported later does not replace it (_Package)
        return value
    if name == "PircError":
        from pirc.diagnostics import PircError

        return PircError
    raise AttributeError(f"module 'pirc' has no attribute '{name}'")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
