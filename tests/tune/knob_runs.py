"""A program run by the interpreter and compiled for C once per set of tuning parameters: what the
knob tests compare (each knob must keep the results)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from pirc.cinn.backend.jit_kernel import uninstall
from pirc.cinn.compiler import compile_program
from pirc.cinn.tune.log import ANY, use_params
from pirc.runtime import StandaloneExecutor
from pirc.text.parser import parse_program


def runs_with_params(text: str, feeds: dict[str, np.ndarray], params: Iterable[dict[str, Any]]
                     ) -> tuple[dict[str, np.ndarray], list[dict[str, np.ndarray]]]:
    """The interpreter's outputs, and the compiled program's for each of ``params`` (every group)."""
    with StandaloneExecutor(parse_program(text, "r")) as ex:
        want = ex.run(feeds)
    got = []
    try:
        for p in params:
            with use_params(ANY, "c", p):
                compiled = compile_program(parse_program(text, "p"), "c", progress=False)
            with StandaloneExecutor(compiled.host) as ex:
                got.append(ex.run(feeds))
    finally:
        uninstall()
    return want, got
