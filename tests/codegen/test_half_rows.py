"""float16 rows converted ahead of an innermost C loop (pirc/cinn/schedule/half_rows.py): the
generated loops read the converted floats, and the compiled kernels give the interpreter's
numbers: every one of the 65536 halves bit for bit (through the AVX-512 path, the F16C 8-wide step,
the software conversion and the scalar tail), float32 -> float16 casts of edge values bit for bit,
and float16 sums over the last and the first axis with odd lengths; a float32 sum of a float16 row
(pirc_sum_h2f_row) adds in its documented order on every instruction set."""

from __future__ import annotations

import platform
from pathlib import Path

import numpy as np
import pytest

from pirc.cinn.ast import For, parse, walk
from pirc.cinn.backend.cache import KernelCache
from pirc.cinn.backend.jit_kernel import uninstall
from pirc.cinn.codegen.c import codegen_c
from pirc.cinn.schedule.half_rows import half_rows, marked
from pirc.cinn.compiler import compile_program
from pirc.cli.lower import lower_text
from pirc.runtime import StandaloneExecutor
from pirc.text.parser import parse_program

_DT = {"float16": "f16", "float32": "f32"}
# the instruction sets the helpers have a path for: AVX-512, F16C alone, neither (x86 only)
ISAS = ["", "-mno-avx512f", "-mno-avx512f -mno-f16c"] if platform.machine() in ("x86_64", "AMD64") else [""]


def cast_program(shape: tuple[int, ...], src: str, dst: str) -> str:
    dims, ty = ",".join(map(str, shape)), "x".join(map(str, shape))
    return f"""{{
    (%0) = "pd_op.data" () {{dtype:{src},name:"x",place:Place(undefined:0),shape:[{dims}],stop_gradient:[true]}} : () -> tensor<{ty}x{_DT[src]}>
    (%1) = "pd_op.cast" (%0) {{dtype:{dst},stop_gradient:[true]}} : (tensor<{ty}x{_DT[src]}>) -> tensor<{ty}x{_DT[dst]}>
    (%2) = "pd_op.fetch" (%1) {{col:0,name:"out",persistable:[true],stop_gradient:[true]}} : (tensor<{ty}x{_DT[dst]}>) -> tensor<{ty}x{_DT[dst]}>
}}
"""


def sum_program(shape: tuple[int, int], axis: int) -> str:
    ty = "x".join(map(str, shape))
    out = "x".join(str(d) for k, d in enumerate(shape) if k != axis)
    return f"""{{
    (%0) = "pd_op.data" () {{dtype:float16,name:"x",place:Place(undefined:0),shape:[{shape[0]},{shape[1]}],stop_gradient:[true]}} : () -> tensor<{ty}xf16>
    (%1) = "pd_op.cast" (%0) {{dtype:float32,stop_gradient:[true]}} : (tensor<{ty}xf16>) -> tensor<{ty}xf32>
    (%2) = "pd_op.full_int_array" () {{dtype:int64,place:Place(cpu),stop_gradient:[true],value:[{axis}]}} : () -> tensor<1xi64>
    (%3) = "pd_op.sum" (%1, %2) {{dtype:Undefined,keepdim:false,stop_gradient:[true]}} : (tensor<{ty}xf32>, tensor<1xi64>) -> tensor<{out}xf32>
    (%4) = "pd_op.fetch" (%3) {{col:0,name:"out",persistable:[true],stop_gradient:[true]}} : (tensor<{out}xf32>) -> tensor<{out}xf32>
}}
"""


def c_source(text: str) -> str:
    ast, _ = lower_text(text, "k", "c", False)
    return codegen_c(parse(ast, "k.ast")).text


def run_both(text: str, x: np.ndarray, tmp_path: Path) -> tuple[np.ndarray, np.ndarray]:
    """(compiled C output, interpreter output) for feed ``x``."""
    with StandaloneExecutor(parse_program(text, "ref")) as ex:
        want = np.asarray(ex.run({"x": x})["out"])
    compiled = compile_program(parse_program(text, "k"), "c", cache=KernelCache(tmp_path / "kc"), progress=False)
    try:
        with StandaloneExecutor(compiled.host) as ex:
            got = np.asarray(ex.run({"x": x})["out"])
    finally:
        uninstall()
    return got, want


def every_half(shape: tuple[int, ...]) -> np.ndarray:
    n = int(np.prod(shape))
    return np.resize(np.arange(65536, dtype=np.uint16), n).reshape(shape).view(np.float16)


@pytest.mark.parametrize("isa", ISAS)
@pytest.mark.parametrize("shape", [(256, 256), (23, 2851), (4099, 17)])
def test_every_half_converts_exactly_through_rows(shape: tuple[int, int], isa: str, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Rows of 256 (16-wide steps only), 2851 (16-wide, one 8-wide step, 3 scalars), 17 (one
    16-wide step and a scalar): all 65536 halves, NaN payloads and subnormals included."""
    monkeypatch.setenv("PIRC_CFLAGS", isa)
    text = cast_program(shape, "float16", "float32")
    assert c_source(text).count("pirc_h2f_row(") == 2  # the helper and its call before the loop
    x = every_half(shape)
    got, want = run_both(text, x, tmp_path)
    assert np.array_equal(want.view(np.uint32), x.astype(np.float32).view(np.uint32))
    bad = np.nonzero(got.view(np.uint32).ravel() != want.view(np.uint32).ravel())[0]
    assert bad.size == 0, [(hex(int(x.view(np.uint16).ravel()[i])), hex(int(got.view(np.uint32).ravel()[i])))
                           for i in bad[:5]]


def _edge_floats() -> np.ndarray:
    h = np.arange(65536, dtype=np.uint16).view(np.float16)
    h = h[np.isfinite(h)].astype(np.float32)
    hs = np.sort(np.unique(h))
    mids = (hs[:-1].astype(np.float64) + hs[1:]) / 2  # halfway between neighbouring halves: ties to even
    mids = mids.astype(np.float32)
    near = np.concatenate([np.nextafter(mids, np.float32(np.inf)), np.nextafter(mids, np.float32(-np.inf))])
    big = np.array([65504, 65519.996, 65520, 65536, 1e5, 3.4e38, np.inf, -np.inf, np.nan, -np.nan,
                    2.0 ** -24, 2.0 ** -25, 2.0 ** -25 * 1.0000001, 2.0 ** -26, 1e-30, 0.0, -0.0], dtype=np.float32)
    out = np.concatenate([hs, mids, near, big, -big])
    return out[: out.size - out.size % 64]


def test_float_to_half_casts_round_to_nearest_even(tmp_path: Path) -> None:
    x = _edge_floats()
    shape = (x.size // 64, 64)
    got, want = run_both(cast_program(shape, "float32", "float16"), x.reshape(shape), tmp_path)
    g, w = got.view(np.uint16).ravel(), want.view(np.uint16).ravel()
    assert np.array_equal(g, w), [(float(x[i]), hex(int(g[i])), hex(int(w[i]))) for i in np.nonzero(g != w)[0][:5]]
    finite = ~np.isnan(x)
    with np.errstate(over="ignore"):
        assert np.array_equal(g[finite], x[finite].astype(np.float16).view(np.uint16))
    assert np.all((g[~finite] & 0x7fff) > 0x7c00)  # NaN stays NaN


@pytest.mark.parametrize(("shape", "axis"), [((37, 1001), 1), ((5, 3001), 1), ((513, 67), 0), ((2001, 33), 0)])
def test_half_sums_read_converted_rows_and_match_the_interpreter(shape: tuple[int, int], axis: int,
                                                                  tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Last axis: pirc_sum_h2f_row per row; first axis: the rows added into the partial sums by
    pirc_add_h2f_row, bit for bit what the software conversion gives (the same adds)."""
    text = sum_program(shape, axis)
    assert c_source(text).count("pirc_add_h2f_row(" if axis == 0 else "pirc_sum_h2f_row(") == 2
    x = np.random.default_rng(3).standard_normal(shape).astype(np.float16)
    x[1, 2] = np.float16(np.nan)
    got, want = run_both(text, x, tmp_path / "native")
    assert np.isnan(got[2 if axis == 0 else 1])
    ok = ~np.isnan(want)
    np.testing.assert_allclose(got[ok], want[ok], rtol=2e-5, atol=2e-5)
    np.testing.assert_allclose(got[ok], x.astype(np.float64).sum(axis)[ok], rtol=1e-4, atol=1e-4)
    if axis == 0 and len(ISAS) > 1:
        monkeypatch.setenv("PIRC_CFLAGS", ISAS[-1])
        soft, _ = run_both(text, x, tmp_path / "soft")
        assert np.array_equal(got.view(np.uint32), soft.view(np.uint32))


def test_rows_only_for_contiguous_runs() -> None:
    """A loop down a float16 column (stride 19), or over too few halves, reads them one by one."""
    def rows_of(text: str) -> list[int]:
        ast, _ = lower_text(text, "k", "c", False)
        return [len(half_rows(f)) for f in walk(parse(ast, "k.ast")) if isinstance(f, For)
                and not any(isinstance(g, For) for g in walk(f.body))]

    assert max(rows_of(sum_program((64, 1024), 1))) == 1
    for text in (sum_program((1001, 19), 0), sum_program((64, 8), 1)):
        assert max(rows_of(text)) == 0
        src = c_source(text)
        assert "pirc_h2f_row" not in src and "pirc_h2f(" in src


def test_the_schedule_marks_the_rows_and_the_printer_follows() -> None:
    """The decision is the schedule's (a block attribute pirc-lower prints); CodeGenC converts the rows
    of marked loops only: the same AST without the mark reads its halves one by one."""
    ast, _ = lower_text(sum_program((64, 1024), 1), "k", "c", False)
    assert ast.count("attrs(half_rows:true)") == 1
    marked_loops = [f for f in walk(parse(ast, "k.ast")) if isinstance(f, For) and marked(f)]
    assert len(marked_loops) == 1 and marked_loops[0].loop_var.name == "reduce_k"
    assert "pirc_sum_h2f_row(" in codegen_c(parse(ast, "k.ast")).text
    plain = codegen_c(parse(ast.replace("attrs(half_rows:true)", ""), "k.ast")).text
    assert "h2f_row" not in plain and "pirc_h2f(" in plain


def sum_order(row: np.ndarray) -> np.float32:
    """pirc_sum_h2f_row's order (see its comment in pirc/cinn/codegen/prelude.py), in float32."""
    with np.errstate(invalid="ignore", over="ignore"):
        return _sum_order(row.astype(np.float32))


def _sum_order(f: np.ndarray) -> np.float32:
    m = f.size - f.size % 64
    q = np.zeros(64, np.float32)
    for b in range(0, m, 64):
        q = q + f[b:b + 64]
    p = (q[:16] + q[16:32]) + (q[32:48] + q[48:])
    p = p[:8] + p[8:]
    p = p[:4] + p[4:]
    p = p[:2] + p[2:]
    acc = np.float32(0) + (p[0] + p[1])
    for v in f[m:]:
        acc = np.float32(acc + v)
    return acc


@pytest.mark.parametrize("isa", ISAS)
@pytest.mark.parametrize("n", [17, 64, 1001, 4096])
def test_half_row_sums_add_in_the_documented_order(n: int, isa: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIRC_CFLAGS", isa)
    x = (np.random.default_rng(n).standard_normal((7, n)) * np.array([[1], [100], [1e-3], [1e4], [1], [1], [1]])
         ).astype(np.float16)
    x[5, n // 2] = np.inf
    x[6, n // 3] = np.float16(np.nan)
    text = sum_program((7, n), 1)
    assert c_source(text).count("pirc_sum_h2f_row(") == 2
    got, want = run_both(text, x, tmp_path)
    model = np.array([sum_order(r) for r in x], np.float32)
    assert np.array_equal(got[:5].view(np.uint32), model[:5].view(np.uint32)), (got[:5], model[:5])
    assert got[5] == np.inf and np.isnan(got[6])
    np.testing.assert_allclose(got[:5], want[:5], rtol=2e-5, atol=2e-5)
