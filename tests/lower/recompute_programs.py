"""Random programs that tempt fusion into repeating work: shared producers, values read at
several offsets, and values carried from step to step of an unrolled recurrence.

:func:`build` draws every choice through ``pick(n)`` (an int in ``[0, n)``), so the same
builder serves Hypothesis (``pick = lambda n: draw(st.integers(0, n - 1))``: failures
shrink) and the benchmark's plain random stream (``bench/recompute.py``).

The programs are Paddle-printed PIR text: an input ``x`` of ``[ROWS, WIDE]`` (read through
column windows, so a producer over it is read at several offsets), ``y`` and ``c`` of
``[ROWS, COLS]``; values of ``[ROWS, COLS]`` and per-row values ``[ROWS, 1]`` (keepdim
reductions, broadcast back by the arithmetic that reads them).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fusion"))
from fusion_helpers import P  # noqa: E402

ROWS, COLS, WIDE = 8, 16, 24
UNARY = ["tanh", "sigmoid", "sin", "exp", "abs", "cos"]
BINARY = ["add", "multiply", "subtract", "maximum"]
KINDS = ["unary", "binary", "row_binary", "reduce", "window", "recurrence"]


class _Builder:
    def __init__(self, pick: Callable[[int], int]) -> None:
        self.pick = pick
        self.p = P()
        self.x = self.p.data("x", [ROWS, WIDE])
        self.full: list[str] = [self.p.data("y", [ROWS, COLS]), self.p.data("c", [ROWS, COLS])]
        self.rows: list[str] = []
        self.wide: list[str] = [self.x]
        self.axis = self.p.ints([1])

    def choose(self, vals: list[str]) -> str:
        """Mostly one of the last few values (chains and shared producers), sometimes any."""
        if self.pick(4):
            return vals[-1 - self.pick(min(len(vals), 4))]
        return vals[self.pick(len(vals))]

    def unary(self, v: str) -> str:
        name = UNARY[self.pick(len(UNARY))]
        if name == "exp":  # keep values small: exp of a tanh
            v = self.p.op("tanh", v)
        return self.p.op(name, v)

    def window(self) -> str:
        """A column window of an expensive producer over ``x`` (read at several offsets)."""
        if len(self.wide) == 1 or not self.pick(3):
            self.wide.append(self.unary(self.choose(self.wide)))
        src = self.choose(self.wide)
        start = self.pick(WIDE - COLS + 1)
        s, e = self.p.ints([start]), self.p.ints([start + COLS])
        return self.p.op("slice", src, s, e, shape=[ROWS, COLS],
                         attrs="axes:[1],decrease_axis:[],infer_flags:[1]")

    def reduce(self, v: str) -> str:
        kind = ["sum", "max"][self.pick(2)]
        attrs = "keepdim:true" + (",dtype:Undefined" if kind == "sum" else "")
        return self.p.op(kind, v, self.axis, shape=[ROWS, 1], attrs=attrs)

    def recurrence(self) -> None:
        """``h = a_t * h + b_t`` over a few steps, each step's ``h`` read by the next and by
        the step's own output (a reduction of ``h * c``)."""
        h = self.choose(self.full)
        for _ in range(2 + self.pick(4)):
            a = self.p.op("sigmoid", self.choose(self.full))
            b = self.window() if self.pick(2) else self.choose(self.full)
            h = self.p.op("add", self.p.op("multiply", a, h), b)
            self.rows.append(self.reduce(self.p.op("multiply", h, self.full[1])))
            self.full.append(h)

    def step(self) -> None:
        kind = KINDS[self.pick(len(KINDS))]
        if kind == "unary":
            self.full.append(self.unary(self.choose(self.full)))
        elif kind == "binary":
            name = BINARY[self.pick(len(BINARY))]
            self.full.append(self.p.op(name, self.choose(self.full), self.choose(self.full)))
        elif kind == "row_binary" and self.rows:
            name = BINARY[self.pick(len(BINARY))]
            self.full.append(self.p.op(name, self.choose(self.full), self.choose(self.rows), shape=[ROWS, COLS]))
        elif kind == "reduce":
            self.rows.append(self.reduce(self.choose(self.full)))
        elif kind == "window":
            self.full.append(self.window())
        else:
            self.recurrence()


def build(pick: Callable[[int], int], n_steps: int) -> P:
    """A random program of ``n_steps`` steps (each one op, or a short recurrence)."""
    b = _Builder(pick)
    for _ in range(n_steps):
        b.step()
    outs = [b.full[-1]] + ([b.rows[-1]] if b.rows else [])
    for _ in range(b.pick(3)):
        outs.append(b.choose(b.full + b.rows))
    for v in dict.fromkeys(outs):
        b.p.fetch(v)
    return b.p


__all__ = ["COLS", "ROWS", "WIDE", "WORK_LIMIT", "build", "check"]


#: the most a group's kernels may compute, against its ops run one by one (work.py's count)
WORK_LIMIT = 2.0


def check(text: str, seed: int = 0) -> tuple[float, list[str]]:
    """Fuse ``text``, lower every group for C, and return the worst kernels / op-by-op work
    ratio and the problems found: a group whose kernels (run on the AST evaluator) disagree
    with its ops' numpy kernels on random inputs."""
    from lower_helpers import compare, fused, groups_of, reference_run, run_lowered, synth_inputs

    from pirc.cinn.lower import OpLower

    prog = fused(text)
    ol = OpLower("c", cross_thread_calls=False)
    worst = 0.0
    problems: list[str] = []
    for i, g in enumerate(groups_of(prog)):
        lg = ol.lower(g, i)
        worst = max(worst, lg.work_ratio)
        ins = synth_inputs(g, seed)
        for msg in compare(run_lowered(lg, ins), reference_run(g, ins), rtol=1e-4, atol=1e-5):
            problems.append(f"group {i}: {msg}")
    return worst, problems
