"""Deployable packages: a compiled run frozen into a folder (``pirc-compile -o DIR``, ``pirc-run DIR``).

* :mod:`.build` -- :func:`build_package`: the in-process compiled run's host program, kernels, nn
  library and ahead-of-time host program, compiled per ISA level, with a manifest;
* :mod:`.manifest` -- the manifest's fields and the checks a folder passes before anything in it is used;
* :mod:`.isa` -- ISA levels and the CPU's flags (``$PIRC_CPU_FLAGS``: the tests' lesser CPU);
* :mod:`.load` -- :func:`load_package`: the build for this CPU, installed for a run.

The names below load their module on first use (a command that runs no package imports none of it).
"""

from __future__ import annotations

import importlib
from typing import Any

_HOMES = {"Built": "build", "build_package": "build", "LoadedPackage": "load", "check_package": "load",
          "load_package": "load", "read_package": "load", "FORMAT": "manifest", "MANIFEST": "manifest",
          "is_package": "manifest"}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pirc.package' has no attribute {name!r}")
    return getattr(importlib.import_module(f"pirc.package.{home}"), name)
