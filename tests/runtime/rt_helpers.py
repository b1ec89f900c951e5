"""Helpers for the interpreter tests (imported by the test modules; the fixture is in conftest.py).

Some tests need ops with exactly known behaviour (an inplace op whose kernel
computes out of place, a view op, a chain of cheap fresh-allocating ops).  They
are registered here, for the duration of a test module only, under the
``rt_test`` prefix (not a pirc dialect), straight into the OpInfo table so
that the global OpDef table other tests walk never sees them.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

import pirc.dialects.all  # noqa: F401
from pirc.dialects.opdef import OpDef
from pirc.text.parser import parse_program

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"


def _inc(a, at):  # type: ignore[no-untyped-def]
    return [a[0] + np.asarray(1, a[0].dtype)]


def _view(a, at):  # type: ignore[no-untyped-def]
    return [a[0].view()]


def _sum(a, at):  # type: ignore[no-untyped-def]
    return [np.asarray(a[0].sum(), dtype=a[0].dtype)]


def _less(a, at):  # type: ignore[no-untyped-def]
    return [np.asarray(a[0] < a[1])]


def _sleep(a, at):  # type: ignore[no-untyped-def]
    time.sleep(float(at.get("ms", 20)) / 1000.0)  # releases the GIL, like a big numpy kernel
    return [a[0] + np.asarray(1, a[0].dtype)]


def _add(a, at):  # type: ignore[no-untyped-def]
    return [a[0] + a[1]]


TEST_OPS = {
    "rt_test.inc": OpDef("rt_test.inc", ("x",), (), ("out",), None, _inc),
    "rt_test.inc_": OpDef("rt_test.inc_", ("x",), (), ("out",), None, _inc,
                          traits=frozenset({"inplace"}), inplace={0: 0}),
    "rt_test.view": OpDef("rt_test.view", ("x",), (), ("out",), None, _view,
                          traits=frozenset({"view"}), view={0: 0}),
    "rt_test.sum": OpDef("rt_test.sum", ("x",), (), ("out",), None, _sum),
    "rt_test.less": OpDef("rt_test.less", ("x", "y"), (), ("out",), None, _less),
    "rt_test.sleep": OpDef("rt_test.sleep", ("x",), ("ms",), ("out",), None, _sleep),
    "rt_test.add": OpDef("rt_test.add", ("x", "y"), (), ("out",), None, _add),
    "rt_test.nokernel": OpDef("rt_test.nokernel", ("x",), (), ("out",), None, None),
}


def parse(text: str, name: str = "test.pir"):  # type: ignore[no-untyped-def]
    return parse_program(text, name)


def data_op(name: str, shape: list[int], dtype: str = "float32", pir: str = "f32") -> str:
    dims = "".join(f"{d}x" for d in shape)
    return (f'"pd_op.data" () {{dtype:{dtype},name:"{name}",place:Place(undefined:0),'
            f'shape:[{",".join(str(d) for d in shape)}],stop_gradient:[true]}} : () -> tensor<{dims}{pir}>')


def chain_program(n: int, numel: int, op: str = "rt_test.inc", fetch: bool = True) -> str:
    """x -> op -> op -> ... (n times) -> fetch."""
    t = f"tensor<{numel}xf32>"
    lines = ["{", f"    (%0) = {data_op('x', [numel])}"]
    for i in range(1, n + 1):
        lines.append(f'    (%{i}) = "{op}" (%{i - 1}) {{}} : ({t}) -> {t}')
    if fetch:
        lines.append(f'    (%{n + 1}) = "pd_op.fetch" (%{n}) {{col:0,name:"out"}} : ({t}) -> {t}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def corpus_models() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(d for d in CORPUS.iterdir()
                  if d.is_dir() and (d / "program.pir").exists() and (d / "outputs.npz").exists())
