"""Reductions of every layout on the C target: the group schedule's layout (what
``pirc-lower --target c`` shows) and the compiled kernels' numbers against the interpreter."""

from __future__ import annotations

import numpy as np
import pytest
from pir_layouts import Layout

from pirc.cinn.ast import For, ForKind, parse, walk
from pirc.cinn.backend.cache import KernelCache
from pirc.cinn.backend.jit_kernel import uninstall
from pirc.cinn.compiler import compile_program
from pirc.cinn.schedule.tree import const
from pirc.cli.lower import lower_text
from pirc.runtime import StandaloneExecutor
from pirc.text.parser import parse_program

LAYOUTS = [
    Layout("first_sum", (96, 64), "float32", ""),
    Layout("middle_max", (3, 40, 64), "float32", ""),
    Layout("colnorm", (48, 64), "float32", ""),
    Layout("f16_first_sum", (40, 64), "float16", ""),
    Layout("first_max", (128, 40), "float32", ""),  # whole rows: split into runs of rows
    Layout("colnorm", (256, 96), "float32", ""),
    Layout("f16_first_sum", (512, 64), "float16", ""),
    Layout("last_sum", (8, 64), "float32", ""),
    Layout("keepdim_sub", (8, 64), "float32", ""),
]


def _loops(text: str) -> list[For]:
    return [n for n in walk(parse(text, "k.ast")) if isinstance(n, For)]


@pytest.mark.parametrize("name", ["first_sum", "middle_max", "colnorm", "f16_first_sum"])
def test_kept_inner_axis_is_vectorised_inside_the_reduction(name: str) -> None:
    lo = next(x for x in LAYOUTS if x.name == name)
    text, _ = lower_text(lo.program(), name, "c", False)
    loops = _loops(text)
    vec = [f for f in loops if f.kind is ForKind.VECTORIZED]
    assert vec and all(not any(isinstance(n, For) for n in walk(f.body)) for f in vec)  # innermost
    reduce_loops = [f for f in loops if f.loop_var.name.startswith("reduce_k")]
    assert reduce_loops and all(any(g.kind is ForKind.VECTORIZED for g in walk(f.body) if isinstance(g, For))
                                for f in reduce_loops)  # the kept axis runs inside the reduce loop


@pytest.mark.parametrize("shape", [(128, 40), (4096, 1024), (64, 3, 50)])
def test_first_axis_reduction_reads_whole_rows_in_parallel_runs(shape: tuple[int, ...]) -> None:
    """A reduction over the leading axis with nothing kept outside it: runs of whole rows on
    the threads (rfactor), each row read in order by loops over all its columns, the innermost
    vectorised over the last dim (its index the loop's variable, no `/` or `%`)."""
    text, _ = lower_text(Layout("first_max", shape, "float32", "").program(), "f", "c", False)
    par = [f for f in _loops(text) if f.kind is ForKind.PARALLEL and f.loop_var.name.startswith("reduce_k")]
    assert par, text
    rows = [g for f in par for g in walk(f.body) if isinstance(g, For) and g.loop_var.name.startswith("reduce_k")]
    assert rows
    cols = [g for g in walk(rows[0].body) if isinstance(g, For)]
    assert [const(g.extent) for g in cols] == list(shape[1:])
    assert cols[-1].kind is ForKind.VECTORIZED and all(g.kind is ForKind.SERIAL for g in cols[:-1])


def test_middle_axis_reduction_keeps_its_tiles() -> None:
    text, _ = lower_text(next(x for x in LAYOUTS if x.name == "middle_max").program(), "m", "c", False)
    assert not any(f.kind is ForKind.PARALLEL and f.loop_var.name.startswith("reduce_k") for f in _loops(text))


def test_last_axis_reduction_keeps_its_layout() -> None:
    text, _ = lower_text(next(x for x in LAYOUTS if x.name == "last_sum").program(), "l", "c", False)
    assert not any(f.kind is ForKind.VECTORIZED for f in _loops(text))


def test_every_layout_matches_the_interpreter(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cache = KernelCache(tmp_path / "kc")
    for lo in LAYOUTS:
        text = lo.program()
        x = np.random.default_rng(1).standard_normal(lo.shape).astype(lo.dtype)
        with StandaloneExecutor(parse_program(text, lo.name)) as ex:
            want = ex.run({"x": x})
        compiled = compile_program(parse_program(text, lo.name), "c", cache=cache, progress=False)
        try:
            assert compiled.kernels >= 1
            with StandaloneExecutor(compiled.host) as ex:
                got = ex.run({"x": x})
        finally:
            uninstall()
        for k in want:
            np.testing.assert_allclose(got[k], want[k], rtol=2e-5, atol=2e-5, err_msg=lo.name)
