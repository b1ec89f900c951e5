"""Run one program on every backend and compare: the interpreter, ``--backend cinn`` through the
ahead-of-time host program, and the compiled program through the interpreter's instructions."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import pirc.api as api
from pirc.cinn.compiler import compile_program
from pirc.runtime.executor import StandaloneExecutor

#: float32 results: compiled kernels use their own exp / tanh (within ~1 ulp) and sum in other orders
RTOL = 2e-3
ATOL = 1e-4


@dataclass
class Disagreement:
    backend: str
    output: str
    detail: str


def run_all(text: str, feeds: dict[str, np.ndarray], name: str = "diff") -> tuple[dict[str, dict[str, np.ndarray]], str]:
    """{backend: {output: array}} for interp, cinn (AOT) and cinn (no AOT); and the AOT status."""
    out: dict[str, dict[str, np.ndarray]] = {}
    prog = api.parse(text, name)
    with StandaloneExecutor(prog, aot=False) as ex:
        out["interp"] = {k: np.array(v) for k, v in ex.run(dict(feeds)).items()}
    prog = api.parse(text, name)
    compile_program(prog, "c")
    with StandaloneExecutor(prog, aot=None) as ex:
        out["cinn"] = {k: np.array(v) for k, v in ex.run(dict(feeds)).items()}
        status = ex.aot_status
    with StandaloneExecutor(prog, aot=False) as ex:
        out["cinn-no-aot"] = {k: np.array(v) for k, v in ex.run(dict(feeds)).items()}
    return out, status


def compare(results: dict[str, dict[str, np.ndarray]]) -> list[Disagreement]:
    """Every backend against the interpreter: the same names, shapes and dtypes, equal integers and
    booleans, floats within RTOL / ATOL (scaled by the output's magnitude) with NaN and inf where the
    interpreter has them."""
    ref = results["interp"]
    bad: list[Disagreement] = []
    for backend, got in results.items():
        if backend == "interp":
            continue
        if list(got) != list(ref):
            bad.append(Disagreement(backend, "*", f"outputs {list(got)} != {list(ref)}"))
            continue
        for k, want in ref.items():
            g = got[k]
            if g.shape != want.shape or g.dtype != want.dtype:
                bad.append(Disagreement(backend, k, f"{g.dtype}{list(g.shape)} != {want.dtype}{list(want.shape)}"))
                continue
            if want.dtype.kind != "f":
                if not np.array_equal(g, want):
                    bad.append(Disagreement(backend, k, f"{int((g != want).sum())} elements differ"))
                continue
            finite = np.isfinite(want)
            if not np.array_equal(np.isnan(g), np.isnan(want)) or not np.array_equal(g[np.isinf(want)],
                                                                                     want[np.isinf(want)]):
                bad.append(Disagreement(backend, k, "NaN / inf at other places"))
                continue
            scale = float(np.abs(want[finite]).max()) if finite.any() else 1.0
            if not np.allclose(g[finite], want[finite], rtol=RTOL, atol=ATOL * max(1.0, scale)):
                err = float(np.abs(g[finite].astype(np.float64) - want[finite]).max())
                bad.append(Disagreement(backend, k, f"max |diff| {err:.3g} (scale {scale:.3g})"))
    return bad


__all__ = ["ATOL", "RTOL", "Disagreement", "compare", "run_all"]
