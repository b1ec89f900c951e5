"""The pirc paths the alias fuzzer checks against the reference, in process.

Each path takes PIR text and feeds and returns the fetched arrays by name:

* ``interp``          -- the interpreter, one thread (instructions in a fixed order);
* ``threads``         -- the interpreter with a 4-thread pool (several runs, each checked);
* ``cse`` / ``dce`` / ``cse,dce`` / ``inplace`` / ``cse,dce,inplace`` (the last two once ``inplace`` is
  registered) -- the pass pipeline, then ``interp``;
* ``build_cinn``      -- pirc-fuse (``build_cinn`` pipeline), then the interpreter runs the groups;
* ``cinn``            -- ``pirc-run --backend cinn``: fused, lowered, C-compiled kernels (cached).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

import pirc.dialects.all
import pirc.passes.all  # noqa: F401  - registers the passes
from pirc.ir.program import Program
from pirc.passes.manager import PASSES, PIPELINES, PassManager, parse_pipeline
from pirc.runtime.executor import StandaloneExecutor
from pirc.text.parser import parse_program

THREADED_RUNS = 3


def parse(text: str) -> Program:
    return parse_program(text, "fuzz.pir")


def inputs(prog: Program, feeds: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Fresh copies of the feeds the program has a ``pd_op.data`` for (a shrunk program may have fewer)."""
    names = {op.attr("name") for op in prog.block.ops if op.name == "pd_op.data"}
    return {k: np.array(v, copy=True) for k, v in feeds.items() if k in names}


def run(prog: Program, feeds: Mapping[str, np.ndarray], threads: int = 1) -> dict[str, np.ndarray]:
    with StandaloneExecutor(prog, threads=threads) as ex:
        res = ex.run(inputs(prog, feeds))
    return {k: np.array(v, copy=True) for k, v in res.items()}


def run_many(prog: Program, feeds: Mapping[str, np.ndarray], threads: int, runs: int) -> list[dict[str, np.ndarray]]:
    out = []
    with StandaloneExecutor(prog, threads=threads) as ex:
        for _ in range(runs):
            res = ex.run(inputs(prog, feeds))
            out.append({k: np.array(v, copy=True) for k, v in res.items()})
    return out


def after_pipeline(pipeline: str) -> Callable[[str, Mapping[str, np.ndarray]], list[dict[str, np.ndarray]]]:
    def path(text: str, feeds: Mapping[str, np.ndarray]) -> list[dict[str, np.ndarray]]:
        prog = parse(text)
        PassManager(parse_pipeline(pipeline)).run(prog)
        return [run(prog, feeds)]
    return path


def interp(text: str, feeds: Mapping[str, np.ndarray]) -> list[dict[str, np.ndarray]]:
    return [run(parse(text), feeds)]


def threaded(text: str, feeds: Mapping[str, np.ndarray]) -> list[dict[str, np.ndarray]]:
    return run_many(parse(text), feeds, 4, THREADED_RUNS)


def cinn(text: str, feeds: Mapping[str, np.ndarray]) -> list[dict[str, np.ndarray]]:
    from pirc.cinn.backend.jit_kernel import uninstall
    from pirc.cinn.compiler import compile_program

    prog = parse(text)
    compile_program(prog, "c", progress=False)
    try:
        return [run(prog, feeds)]
    finally:
        uninstall()  # compile_program installs the jit_kernel hook process-wide


def has_pass(name: str) -> bool:
    return name in PASSES or name in PIPELINES


def paths(with_cinn: bool = True) -> dict[str, Callable[[str, Mapping[str, np.ndarray]], list[dict[str, np.ndarray]]]]:
    """Every path by name (``inplace`` only once the pass exists)."""
    p: dict[str, Callable[[str, Mapping[str, np.ndarray]], list[dict[str, np.ndarray]]]] = {
        "interp": interp,
        "threads": threaded,
        "cse": after_pipeline("cse"),
        "dce": after_pipeline("dce"),
        "cse,dce": after_pipeline("cse,dce"),
    }
    if has_pass("inplace"):
        p["inplace"] = after_pipeline("inplace")
        p["cse,dce,inplace"] = after_pipeline("cse,dce,inplace")
    p["build_cinn"] = after_pipeline("build_cinn")
    if with_cinn:
        p["cinn"] = cinn
    return p


def same(a: Mapping[str, np.ndarray], b: Mapping[str, np.ndarray], rtol: float = 1e-4, atol: float = 1e-5) -> bool:
    """``b`` (got) agrees with ``a`` (expected): same names, shapes; integers and bools equal,
    floats close wherever the expected value is finite."""
    if set(a) != set(b):
        return False
    for k in a:
        x, y = np.asarray(a[k]), np.asarray(b[k])
        if x.shape != y.shape:
            return False
        if x.dtype == np.bool_ or y.dtype == np.bool_ or np.issubdtype(x.dtype, np.integer):
            if not np.array_equal(x, y):
                return False
        else:
            # where the expected value overflowed (inf, nan: exp chains) the kernels' IEEE corner cases
            # decide (relu(nan) is 0 in one, nan in another); that is no aliasing question: not compared
            xe, ye = x.astype(np.float64), y.astype(np.float64)
            fin = np.isfinite(xe)
            if not np.allclose(xe[fin], ye[fin], rtol=rtol, atol=atol):
                return False
    return True


def kind(reason: str) -> str:
    """The class of a mismatch reason: "wrong result" or the error's type and message."""
    return "wrong result" if reason.startswith("wrong") else reason.split(" (")[0]


def check(text: str, feeds: Mapping[str, np.ndarray], expected: Mapping[str, np.ndarray],
          path: Callable[[str, Mapping[str, np.ndarray]], list[dict[str, np.ndarray]]]) -> str | None:
    """None when every run of ``path`` agrees with ``expected``; else a one-line reason."""
    try:
        runs = path(text, feeds)
    except Exception as e:  # noqa: BLE001 - a crash is a mismatch too (reported, never hidden)
        tb = traceback.extract_tb(e.__traceback__)
        where = f"{tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno}" if tb else "?"
        return f"error: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''} ({where})"
    for i, got in enumerate(runs):
        if not same(expected, got):
            bad = [k for k in expected if k not in got or not same({k: expected[k]}, {k: got[k]})]
            return f"wrong result (run {i}): {', '.join(sorted(bad)) or 'fetch names differ'}"
    return None


def describe_mismatch(expected: Mapping[str, np.ndarray], got: Mapping[str, np.ndarray]) -> str:
    lines = []
    for k in sorted(expected):
        g = got.get(k)
        if g is None or not same({k: expected[k]}, {k: g}):
            lines.append(f"{k}: expected {np.array2string(np.asarray(expected[k]), precision=4)}"
                         f" got {np.array2string(np.asarray(g), precision=4) if g is not None else 'nothing'}")
    return "\n".join(lines)


__all__ = ["Any", "check", "describe_mismatch", "has_pass", "parse", "paths", "run", "same"]
