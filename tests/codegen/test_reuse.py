"""Compute-once reuse of transcendental values across sibling loops (pirc/cinn/schedule/compute_once.py, applied by the C group schedule)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pirc.cinn.ast import builder as b
from pirc.cinn.ast.evaluator import evaluate
from pirc.cinn.ast.nodes import Call, For, LoweredFunc
from pirc.cinn.ast.printer import print_ast
from pirc.cinn.ast.visitor import walk
from pirc.cinn.backend.build import build, generate
from pirc.cinn.backend.cache import KernelCache
from pirc.cinn.compiler import fuse
from pirc.cinn.lower.host import lower_program
from pirc.cinn.schedule.compute_once import reuse_expensive
from pirc.cinn.tune.log import ANY, use_params
from pirc.text.parser import parse_program


def _unscheduled(prog):  # type: ignore[no-untyped-def]
    """The C kernels without the schedule's compute-once and chain-fission decisions."""
    with use_params(ANY, "c", {"compute_once": False, "chain_fission": False}):
        return lower_program(prog, "c").module.functions


CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def _exp_calls(fn: LoweredFunc) -> int:
    return sum(1 for n in walk(fn.body) if isinstance(n, Call) and n.name == "exp")


def _lowered(model: str) -> LoweredFunc:
    prog = parse_program((CORPUS / model / "program.pir").read_text(), model)
    fuse(prog)
    (fn,) = _unscheduled(prog)
    return fn


def _inputs(fn: LoweredFunc, seed: int = 0) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    out = {}
    for a in fn.args:
        if a.io.value == "in":
            shape = tuple(int(d.value) for d in a.target.shape)
            out[a.name] = (rng.standard_normal(shape) * 4).astype(np.float32)
    return out


@pytest.mark.parametrize("model", ["bench_softmax_small", "bench_softmax_manual_small"])
def test_softmax_computes_exp_once_with_the_same_bits(model: str) -> None:
    fn = _lowered(model)
    assert _exp_calls(fn) == 2  # lowering inlines exp into the row sum and into the output
    new = reuse_expensive(fn)
    assert _exp_calls(new) == 1, print_ast(new)
    inputs = _inputs(fn)
    before, after = evaluate(fn, **inputs), evaluate(new, **inputs)
    assert before.keys() == after.keys()
    for k in before:
        assert np.array_equal(before[k], after[k], equal_nan=True), k


def test_compiled_softmax_calls_exp_once_and_matches(tmp_path: Path) -> None:
    fn = reuse_expensive(_lowered("bench_softmax_manual_small"))  # the schedule decides, codegen prints
    src = generate(fn, "c")
    body = src.text[src.text.index("_impl("):]
    assert body.count("pirc_expf(") == 1, body
    mod = build(src, cache=KernelCache(tmp_path))
    inputs = _inputs(fn, seed=1)
    got = mod.kernel(fn.name).run(**inputs)
    want = evaluate(fn, **inputs)
    for k in want:
        np.testing.assert_allclose(got[k], want[k], rtol=1e-5, atol=1e-7)


def _row_kernel(*, between: bool = False, extents: tuple[int, int] = (64, 64), into_local: bool = False) -> LoweredFunc:
    """``for i: sm = sum_k exp(X[i,k] - c); [W[i] = ...;] Y[i,k] = exp(X[i,k] - c[?]) / sm``."""
    n = 64
    X = b.tensor("X", [8, n], "float32", buffer="_X")
    C = b.tensor("C", [8], "float32", buffer="_C")
    Y = b.tensor("Y", [8, n], "float32", buffer="_Y")
    sm = b.tensor("sm", [1], "float32", buffer=b.buffer("_sm", [1], "float32", "local"))
    loc = b.tensor("loc", [n], "float32", buffer=b.buffer("_loc", [n], "float32", "local"))
    i, k1, k2 = b.var("i"), b.var("k"), b.var("k")
    r0, r1, o0, o1 = b.var("i0"), b.var("i1"), b.var("i0"), b.var("i1")
    init = b.schedule_block("sm__reduce_init", [], sm.store([0], 0.0))
    acc = b.schedule_block("sm", [(r0, i), (r1, k1)], sm.store([0], sm[0] + b.exp(X[r0, r1] - C[r0])),
                           reduce_axes=[r1])
    target = loc if into_local else Y
    out_idx = [o1] if into_local else [o0, o1]
    store = b.schedule_block("Y", [(o0, i), (o1, k2)], target.store(out_idx, b.exp(X[o0, o1] - C[o0]) / sm[0]))
    row = [init, For.serial(k1, 0, extents[0], acc)]
    if between:  # the shared value reads C, which this writes
        c0 = b.var("i0")
        row.append(b.schedule_block("C", [(c0, i)], C.store([c0], C[c0] + 1.0)))
    row.append(For.serial(k2, 0, extents[1], store))
    body = b.root(For.parallel(i, 0, 8, row))
    args = [b.arg_in(X), b.arg_inout(C), b.arg_out(Y)]
    return b.lowered_func("fn_rows", args, body, temp_bufs=[sm.buffer, loc.buffer])


def test_reuse_applies_to_the_hand_built_row_kernel() -> None:
    fn = _row_kernel()
    new = reuse_expensive(fn)
    assert _exp_calls(new) == 1
    loops = [n for n in walk(new.body) if isinstance(n, For)]
    assert len(loops) == 4  # the row loop, the new compute-once loop, the sum and the output


@pytest.mark.parametrize("kw", [{"between": True}, {"extents": (64, 32)}, {"into_local": True}],
                         ids=["input-written-between", "different-ranges", "later-loop-stores-a-local"])
def test_reuse_refuses_unsafe_or_unprofitable_pairs(kw: dict) -> None:
    fn = _row_kernel(**kw)
    assert reuse_expensive(fn) is fn or _exp_calls(reuse_expensive(fn)) == 2


def _corpus_functions() -> list[tuple[str, LoweredFunc]]:
    out = []
    for model in sorted(p.parent for p in CORPUS.glob("*/program.pir")):
        if model.name.startswith("bench_") and not model.name.endswith("_small"):
            continue
        prog = parse_program((model / "program.pir").read_text(), model.name)
        fuse(prog)
        out += [(model.name, fn) for fn in _unscheduled(prog)]
    return out


def test_reuse_keeps_every_corpus_kernel_bit_identical() -> None:
    """Every lowered corpus kernel the pass rewrites computes the same bits in the evaluator."""
    from cg_util import random_inputs

    changed = 0
    for model, fn in _corpus_functions():
        new = reuse_expensive(fn)
        if new is fn:
            continue
        changed += 1
        symbols = {a.name: 3 for a in fn.args if a.is_var}
        inputs = random_inputs(fn, symbols, seed=2)
        before, after = evaluate(fn, **inputs), evaluate(new, **inputs)
        for k in before:
            assert np.array_equal(before[k], after[k], equal_nan=True), (model, fn.name, k)
    assert changed >= 5  # the softmax-like kernels of attention_mask, mlp, transformer_layer, ...


def test_the_c_group_schedule_shows_compute_once() -> None:
    """The decision is the schedule's: the lowered kernel (what pirc-lower prints) has it."""
    prog = parse_program((CORPUS / "bench_softmax_small" / "program.pir").read_text(), "s")
    fuse(prog)
    (fn,) = lower_program(prog, "c").module.functions
    assert _exp_calls(fn) == 1 and "k_once" in print_ast(fn)
