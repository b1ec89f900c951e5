"""``pirc-run --fill-mode zeros|ones|random [--shape NAME=1x3x224x224]``: run or benchmark a program
without feed files, as ``tvmc run --fill-mode`` does.  Every input no ``--feed`` gives is made from
what the program declares (its data or feed op's dtype and shape); a dynamic (-1) dimension needs
``--shape``.  ``random`` is seeded, so two runs see the same inputs: floats uniform in [0, 1),
integers in [0, 8) (small enough to index an embedding table), booleans fair coins.
"""

from __future__ import annotations

from collections.abc import Mapping

import click
import numpy as np

from pirc.ir.program import Program

FILL_MODES = ("zeros", "ones", "random")
SEED = 0


def parse_shapes(specs: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    """``NAME=1x3x224x224`` (``NAME=`` for a 0-D input) by name; a malformed one is a usage error."""
    shapes: dict[str, tuple[int, ...]] = {}
    for spec in specs:
        name, sep, dims = spec.partition("=")
        try:
            if not sep or not name:
                raise ValueError
            shape = tuple(int(d) for d in dims.lower().split("x")) if dims else ()
            if any(d < 0 for d in shape):
                raise ValueError
        except ValueError:
            raise click.BadParameter(f"'{spec}': expected NAME=DIMS, e.g. x=1x3x224x224", param_hint="--shape") from None
        shapes[name] = shape
    return shapes


def fill_inputs(program: Program, given: Mapping[str, np.ndarray], mode: str,
                shapes: Mapping[str, tuple[int, ...]]) -> dict[str, np.ndarray]:
    """An array for every input of ``program`` that ``given`` lacks."""
    from pirc.dialects.opdef import DTYPE_TO_NUMPY
    from pirc.runtime.feeds import feed_spec

    specs = {s.name: s for s in (feed_spec(op) for op in program.walk() if op.name in ("pd_op.data", "pd_op.feed"))}
    unknown = sorted(set(shapes) - set(specs))
    if unknown:
        raise click.BadParameter(f"the program has no input {', '.join(unknown)} (its inputs: "
                                 f"{', '.join(specs) or 'none'})", param_hint="--shape")
    rng = np.random.default_rng(SEED)
    out: dict[str, np.ndarray] = {}
    for name, spec in specs.items():
        if name in given:
            continue
        declared = spec.shape
        shape = shapes.get(name)
        if shape is None:
            if declared is None or any(d < 0 for d in declared):
                raise click.UsageError(f"input '{name}' has a dynamic shape ({spec.describe()}): give it with "
                                       f"--shape {name}=" + "x".join("N" if d < 0 else str(d) for d in declared or ()))
            shape = declared
        elif declared is not None and (len(shape) != len(declared)
                                       or any(d >= 0 and d != s for d, s in zip(declared, shape))):
            raise click.BadParameter(f"'{name}' is {spec.describe()}, not {'x'.join(map(str, shape)) or '0-D'}",
                                     param_hint="--shape")
        dtype = np.dtype(DTYPE_TO_NUMPY.get(spec.dtype or "float32", np.float32))
        if mode == "zeros":
            arr = np.zeros(shape, dtype)
        elif mode == "ones":
            arr = np.ones(shape, dtype)
        elif dtype.kind == "b":
            arr = rng.random(shape) < 0.5
        elif dtype.kind in "iu":
            arr = rng.integers(0, 8, shape).astype(dtype)
        else:
            arr = rng.random(shape).astype(dtype)
        out[name] = arr
    return out


__all__ = ["FILL_MODES", "fill_inputs", "parse_shapes"]
