"""Deployable packages: a compiled run frozen into a folder (``pirc-compile -o DIR``, ``pirc-run DIR``).

* :mod:`.build` -- :func:`build_package`: the in-process compiled run's host program, kernels, nn
  library and ahead-of-time host program, compiled per ISA level, with a manifest;
* :mod:`.manifest` -- the manifest's fields and the checks a folder passes before anything in it is used;
* :mod:`.isa` -- ISA levels and the CPU's flags (``$PIRC_CPU_FLAGS``: the tests' lesser CPU);
* :mod:`.load` -- :func:`load_package`: the build for this CPU, installed for a run.
"""

from __future__ import annotations

from pirc.package.build import Built, build_package
from pirc.package.load import LoadedPackage, load_package, read_package
from pirc.package.manifest import FORMAT, MANIFEST, is_package

__all__ = ["FORMAT", "MANIFEST", "Built", "LoadedPackage", "build_package", "is_package", "load_package",
           "read_package"]
