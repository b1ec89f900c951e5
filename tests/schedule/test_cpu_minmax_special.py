"""Float max / min reductions on the C target against the interpreter, bit for bit, on inputs
full of special values: NaN (one payload per input, of either sign), +-inf and +-0 at random
positions, over rows of 1, 17, 1000 and 4097 elements (not multiples of a vector) and every
layout (last, middle and first axis, all axes), for ``max`` / ``min`` (axis operand) and
``amax`` / ``amin`` (axis attribute).

Every other result has the interpreter's bits.  Two things numpy leaves to its vector code, so
the interpreter has no order to follow there, are compared by value: a NaN anywhere in a
reduced slice gives a NaN, of any payload (numpy returns the input's payload from its scalar
loop, ``np.max`` of ``[1, nan(0xffd00f00), 2]``, but its canonical 0x7fc00000 from its vector
loop, a 40-long row); where the extreme is a zero and the slice holds both +0 and -0, either
zero (``np.max`` of ``[0.0] * 16 + [-0.0]`` is +0, of ``[-0.0] * 16 + [0.0]`` -0: the zero its vector
loop saw first, or the one its scalar tail kept)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pir_layouts import Pir

from pirc.cinn.backend.cache import KernelCache
from pirc.cinn.backend.jit_kernel import uninstall
from pirc.cinn.compiler import compile_program
from pirc.runtime import StandaloneExecutor
from pirc.text.parser import parse_program

OPS = ("max", "min", "amax", "amin")
NAN_BITS = (0x7FC00000, 0xFFC00000, 0x7FC12345, 0xFFD00F00, 0x7FFFFFFF)


def _program(shape: tuple[int, ...]) -> tuple[str, list[tuple[str, tuple[int, ...]]]]:
    """Every op over every single axis and over all axes: the program and (op, axes) per output."""
    p = Pir()
    x = p.data("x", shape)
    outs: list[tuple[str, tuple[int, ...]]] = []
    for axes in [(a,) for a in range(len(shape))] + [tuple(range(len(shape)))]:
        for op in OPS:
            if op.startswith("a"):  # amax / amin: the axis is an attribute
                kept = tuple(d for k, d in enumerate(shape) if k not in axes)
                v = p._op(f"pd_op.{op}", [x], f"axis:[{','.join(map(str, axes))}],keepdim:false,stop_gradient:[true]",
                          kept, "float32")
            else:
                v = p.reduce(op, x, list(axes), False)
            p._op("pd_op.fetch", [v], f'col:{len(outs)},name:"out{len(outs)}",persistable:[true],'
                  'stop_gradient:[true]', p.shapes[v][0], "float32")
            outs.append((op, axes))
    return "{\n" + "\n".join(p.lines) + "\n}\n", outs


def _specials(shape: tuple[int, ...], seed: int) -> np.ndarray:
    """Normal values (all negative in some inputs, so that a zero is the max) with NaN (one
    payload), +-inf and +-0 planted at random positions, each at its own random density."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape).astype(np.float32)
    if seed % 3 == 0:
        x = -np.abs(x) - 1
    bits = x.view(np.uint32)
    nan = NAN_BITS[seed % len(NAN_BITS)]
    for value, density in ((nan, [0.0, 1e-4, 1e-2, 0.2][seed % 4]),
                           (0x00000000, rng.choice([0.0, 0.05, 0.5])), (0x80000000, rng.choice([0.0, 0.05, 0.5])),
                           (0x7F800000, rng.choice([0.0, 1e-3, 0.1])), (0xFF800000, rng.choice([0.0, 1e-3, 0.1]))):
        bits[rng.random(shape) < density] = value
    return x


def _check(got: np.ndarray, want: np.ndarray, x: np.ndarray, op: str, axes: tuple[int, ...], what: str) -> None:
    got, want = np.asarray(got, np.float32), np.asarray(want, np.float32)
    assert got.shape == want.shape, what
    zero = x == 0
    pos0 = np.any(zero & ~np.signbit(x), axis=axes)
    neg0 = np.any(zero & np.signbit(x), axis=axes)
    same = got.view(np.uint32) == want.view(np.uint32)
    tie = (want == 0) & (got == 0) & pos0 & neg0  # either zero is numpy's answer somewhere
    nan = np.isnan(want) & np.isnan(got)
    bad = ~(same | tie | nan)
    assert not bad.any(), (f"{what}: {op} over {axes}: {int(bad.sum())} of {bad.size} differ, e.g. "
                           f"got {got[bad][:4].view(np.uint32)} want {want[bad][:4].view(np.uint32)}")


@pytest.mark.parametrize("shape", [(5, 1), (9, 17), (6, 1000), (3, 4097), (1000, 40), (4, 17, 33)],
                         ids=lambda s: "x".join(map(str, s)))
def test_max_min_match_the_interpreter_on_special_values(shape: tuple[int, ...], tmp_path: Path) -> None:
    text, outs = _program(shape)
    compiled = compile_program(parse_program(text, "minmax"), "c", cache=KernelCache(tmp_path / "kc"), progress=False)
    try:
        assert compiled.kernels >= 1
        with StandaloneExecutor(parse_program(text, "minmax")) as interp, StandaloneExecutor(compiled.host) as ex:
            for seed in range(12):
                x = _specials(shape, seed)
                want, got = interp.run({"x": x}), ex.run({"x": x})
                names = sorted(want, key=lambda k: int(k[3:]))
                assert len(names) == len(outs)
                for name, (op, axes) in zip(names, outs):
                    _check(got[name], want[name], x, op, axes, f"seed {seed}, {name}")
    finally:
        uninstall()


def test_nan_anywhere_in_a_row_wins_and_infinite_rows_keep_their_value() -> None:
    """One NaN per row at every position of a 37-long row (the vector loop's lanes and its
    remainder): each row's max and min are NaN; a NaN-free row's are its extremes; a row of
    -inf (+inf) has max and min -inf (+inf), not a vector lane's starting value."""
    n = 37
    text, outs = _program((n + 3, n))
    x = np.tile(np.linspace(-3, 3, n, dtype=np.float32), (n + 3, 1))
    x.view(np.uint32)[np.arange(n), np.arange(n)] = 0xFFC0BEEF
    x[n + 1], x[n + 2] = -np.inf, np.inf
    compiled = compile_program(parse_program(text, "nan_rows"), "c", progress=False)
    try:
        with StandaloneExecutor(compiled.host) as ex:
            got = ex.run({"x": x})
    finally:
        uninstall()
    rows = [(op, np.asarray(got[f"out{k}"])) for k, (op, axes) in enumerate(outs) if axes == (1,)]
    assert len(rows) == len(OPS)
    for op, row in rows:
        assert np.isnan(row[:n]).all(), op
        assert row[n] == (3.0 if "max" in op else -3.0), op
        assert row[n + 1] == -np.inf and row[n + 2] == np.inf, op


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_reduction_nests_of_both_float_types_match_the_ast_evaluator(dtype: str, tmp_path: Path) -> None:
    """The C kernel of a bare ``max`` / ``min`` reduction nest (float32 and float64) against the
    AST evaluator on rows of 1, 17 and 1000 with NaN, +-inf and +-0 planted: NaN for NaN, the
    same bits elsewhere (zeros by value where a row holds both)."""
    from pirc.cinn.ast import builder as b
    from pirc.cinn.ast import evaluate
    from pirc.cinn.backend.build import build

    for n in (1, 17, 1000):
        fns = []
        for combine in ("max", "min"):
            X = b.tensor("X", [6, n], dtype, buffer="_X")
            Y = b.tensor("Y", [6], dtype, buffer="_Y")
            body = b.root(b.reduce(Y, lambda i, k, X=X: X[i, k], [n], combine=combine))
            fns.append(b.lowered_func(f"fn_{combine}_{n}", [b.arg_in(X), b.arg_out(Y)], body))
        mod = build(fns, "c", cache=KernelCache(tmp_path / "kc"))
        for seed in range(6):
            x = _specials((6, n), seed).astype(dtype)
            for fn, op in zip(fns, ("max", "min")):
                got = np.asarray(mod[fn.name](x)[0])
                (want,) = (np.asarray(v) for v in evaluate(fn, X=x).values())
                assert got.dtype == want.dtype == np.dtype(dtype) and got.shape == want.shape == (6,)
                nan = np.isnan(want) & np.isnan(got)
                tie = (want == 0) & (got == 0) & np.any((x == 0) & np.signbit(x), axis=1) \
                    & np.any((x == 0) & ~np.signbit(x), axis=1)
                bits = got.view(np.uint8).reshape(6, -1) == want.view(np.uint8).reshape(6, -1)
                bad = ~(bits.all(axis=1) | nan | tie)
                assert not bad.any(), f"{dtype} {op} n={n} seed {seed}: got {got[bad]} want {want[bad]}"
                assert (np.isnan(got) == np.isnan(x).any(axis=1)).all()
