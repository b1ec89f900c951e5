"""Splitting a transcendental chain over a tile (pirc/cinn/schedule/chain_fission.py, applied by the C group schedule)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from cg_util import random_inputs

from pirc.cinn.ast import builder as b
from pirc.cinn.ast.evaluator import evaluate
from pirc.cinn.ast.nodes import Call, For, LoweredFunc
from pirc.cinn.ast.printer import print_ast
from pirc.cinn.ast.visitor import walk
from pirc.cinn.backend.build import build, generate
from pirc.cinn.backend.cache import KernelCache
from pirc.cinn.compiler import fuse
from pirc.cinn.lower.host import lower_program
from pirc.cinn.schedule.chain_fission import TILE, split_chains, split_point
from pirc.cinn.tune.log import ANY, use_params
from pirc.text.parser import parse_program


def _unscheduled(prog):  # type: ignore[no-untyped-def]
    """The C kernels without the schedule's compute-once and chain-fission decisions."""
    with use_params(ANY, "c", {"compute_once": False, "chain_fission": False}):
        return lower_program(prog, "c").module.functions


CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def _chain(n: int | str) -> LoweredFunc:
    """y[i, j] = sigmoid(tanh(relu(2 x + 1)) * w - x) over rows of ``n`` (a symbol for "N")."""
    N = b.var("N", "int64") if isinstance(n, str) else n
    X = b.tensor("X", [4, N], "float32", buffer="_X")
    W = b.tensor("W", [4, N], "float32", buffer="_W")
    Y = b.tensor("Y", [4, N], "float32", buffer="_Y")
    def value(i, j):  # type: ignore[no-untyped-def]
        t = b.tanh(b.maximum(X[i, j] * 2.0 + 1.0, 0.0)) * W[i, j] - X[i, j]
        return 1.0 / (b.exp(t * -1.0) + 1.0)  # sigmoid as pd_to_cinn decomposes it
    body = b.root(b.compute(Y, value))
    args = [b.arg_in(X), b.arg_in(W), b.arg_out(Y)] + ([b.arg_in(N)] if isinstance(n, str) else [])
    return b.lowered_func("f_chain", args, body)


def _exp_calls_by_loop(fn: LoweredFunc) -> list[list[str]]:
    inner = [n for n in walk(fn.body) if isinstance(n, For) and not any(isinstance(m, For) for m in walk(n.body))]
    return [sorted(c.name for c in walk(loop) if isinstance(c, Call) and c.name in ("exp", "tanh")) for loop in inner]


def test_split_point_is_the_inner_call() -> None:
    x = b.var("x", "float32")
    e = b.exp(b.tanh(x) * 2.0)
    assert split_point(e).name == "tanh"  # type: ignore[union-attr]
    assert split_point(b.exp(x) + b.tanh(x)) is None  # side by side: nothing feeds anything
    assert split_point(b.exp(b.exp(b.tanh(x)))).name == "tanh"  # type: ignore[union-attr]


@pytest.mark.parametrize("n", [1024, 1000, "N"], ids=["whole-tiles", "ragged-tail", "symbolic"])
def test_the_chain_splits_into_two_loops_with_the_same_bits(n: int | str) -> None:
    fn = _chain(n)
    new = split_chains(fn)
    assert _exp_calls_by_loop(fn) == [["exp", "tanh"]]
    assert _exp_calls_by_loop(new) == [["tanh"], ["exp"]], print_ast(new)
    symbols = {"N": 1000} if n == "N" else {}
    inputs = random_inputs(fn, symbols, seed=3)
    before, after = evaluate(fn, **inputs), evaluate(new, **inputs)
    for k in before:
        assert np.array_equal(before[k], after[k], equal_nan=True), k


def test_compiled_split_chain_matches_the_evaluator(tmp_path: Path) -> None:
    fn = _chain(1000)  # a ragged last tile
    src = generate(split_chains(fn), "c")  # the schedule decides, the code generator prints
    assert f"__tile1[{TILE}]" in src.text
    mod = build(src, cache=KernelCache(tmp_path))
    inputs = random_inputs(fn, {}, seed=4)
    got, want = mod.kernel(fn.name).run(**inputs), evaluate(fn, **inputs)
    for k in want:
        np.testing.assert_allclose(got[k], want[k], rtol=1e-6, atol=1e-7)


def test_reductions_and_single_calls_are_left_alone() -> None:
    X = b.tensor("X", [4, 64], "float32", buffer="_X")
    S = b.tensor("S", [4], "float32", buffer="_S")
    Y = b.tensor("Y", [4, 64], "float32", buffer="_Y")
    red = b.lowered_func("f_red", [b.arg_in(X), b.arg_out(S)],
                         b.root(b.reduce(S, lambda i, k: b.exp(b.tanh(X[i, k])), [64], combine="sum")))
    one = b.lowered_func("f_one", [b.arg_in(X), b.arg_out(Y)], b.root(b.compute(Y, lambda i, j: b.exp(X[i, j]) + 1.0)))
    assert split_chains(red) is red or _exp_calls_by_loop(split_chains(red)) == _exp_calls_by_loop(red)
    assert _exp_calls_by_loop(split_chains(one)) == [["exp"]]


def test_corpus_kernels_split_keep_their_bits() -> None:
    changed = 0
    for model in sorted(p.parent for p in CORPUS.glob("*/program.pir")):
        if model.name.startswith("bench_") and not model.name.endswith("_small"):
            continue
        prog = parse_program((model / "program.pir").read_text(), model.name)
        fuse(prog)
        for fn in _unscheduled(prog):
            new = split_chains(fn)
            if new is fn:
                continue
            changed += 1
            inputs = random_inputs(fn, {a.name: 3 for a in fn.args if a.is_var}, seed=5)
            before, after = evaluate(fn, **inputs), evaluate(new, **inputs)
            for k in before:
                assert np.array_equal(before[k], after[k], equal_nan=True), (model.name, fn.name, k)
    assert changed >= 1  # bench_elementwise_small's sigmoid(tanh(...)) chain at least
