"""Shared helpers for the codegen tests: random inputs for a LoweredFunc, result comparison,
and a C tokenizer that separates code from comments and string literals."""

from __future__ import annotations

import re

import numpy as np

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.nodes import ArgIO, LoweredFunc
from pirc.cinn.codegen.common import eval_int


def bf16_round(x: np.ndarray) -> np.ndarray:
    bits = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    bits = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    return (bits & 0xFFFFFFFF).astype(np.uint32).view(np.float32)


def random_inputs(fn: LoweredFunc, symbols: dict[str, int], seed: int = 0, nan: bool = False) -> dict[str, object]:
    """Arrays for every in / inout buffer argument (by argument name) plus the scalar values."""
    rng = np.random.default_rng(seed)
    env = {a.target: symbols[a.name] for a in fn.args if a.is_var}
    out: dict[str, object] = {}
    for a in fn.args:
        if a.is_var:
            out[a.name] = symbols[a.name]
            continue
        if a.io is ArgIO.OUT:
            continue
        buf = a.target
        shape = tuple(eval_int(d, env) for d in buf.shape)
        dt = buf.dtype
        if dt.is_float:
            x = rng.standard_normal(shape).astype(np.float32) * 3
            if nan and x.size > 3:
                x.reshape(-1)[1] = np.nan
                x.reshape(-1)[2] = np.inf
                x.reshape(-1)[3] = -np.inf
            if dt is DType.FLOAT16:
                x = x.astype(np.float16)
            elif dt is DType.BFLOAT16:
                x = bf16_round(x)
            elif dt is DType.FLOAT64:
                x = x.astype(np.float64)
        elif dt is DType.BOOL:
            x = rng.random(shape) < 0.5
        elif dt.is_uint:
            x = rng.integers(0, 250, shape).astype(dt.numpy)
        else:
            lo, hi = (-100, 100) if dt.bits <= 8 else (-20, 20)
            x = rng.integers(lo, hi, shape).astype(dt.numpy)
        out[a.name] = x
    return out


def assert_same(got: dict, ref: dict, what: str = "") -> None:
    assert set(got) == set(ref), (set(got), set(ref))
    for name in ref:
        g, r = np.asarray(got[name]), np.asarray(ref[name])
        assert g.shape == r.shape, (what, name, g.shape, r.shape)
        if r.dtype.kind in "biu":
            np.testing.assert_array_equal(g, r, err_msg=f"{what} {name}")
        elif r.dtype == np.float16:
            np.testing.assert_allclose(g.astype(np.float32), r.astype(np.float32), rtol=2e-3, atol=1e-3,
                                       err_msg=f"{what} {name}")
        else:  # sums reassociate (simd / pairwise): absolute slack scales with the results' magnitude
            finite = np.abs(r[np.isfinite(r)])
            scale = max(1.0, float(finite.max())) if finite.size else 1.0
            np.testing.assert_allclose(g, r, rtol=1e-5, atol=1e-6 * scale, equal_nan=True, err_msg=f"{what} {name}")


_TOKEN = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'', re.DOTALL)


def split_code(text: str) -> tuple[str, list[str], list[str]]:
    """(code with comments and literals removed, comments, string literals)."""
    comments: list[str] = []
    literals: list[str] = []

    def repl(m: re.Match) -> str:
        s = m.group(0)
        if s.startswith("/*") or s.startswith("//"):
            comments.append(s)
            return " "
        literals.append(s)
        return '""'

    return _TOKEN.sub(repl, text), comments, literals


IDENT = re.compile(r"(?<![0-9A-Za-z_.])[A-Za-z_][A-Za-z0-9_]*")  # not number suffixes (0LL, 1.5f)
