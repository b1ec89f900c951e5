#!/usr/bin/env python
"""The zoo models of bench/models.py expressed in JAX and compiled by XLA (CPU): cold compile and warm run.

A pirc program (``program.pir``, read with pirc's own parser) is walked op by op in program order
(bench/xla_translate.py) and each ``pd_op`` is mapped to jax.numpy / jax.lax by the table in
bench/xla_ops.py (+ xla_ops_extra.py), with the semantics of pirc's numpy reference kernels;
``pd_op.if`` / ``pd_op.while`` become ``lax.cond`` / ``lax.while_loop``.  Values known while
tracing (``full``, ``full_int_array``, ``shape`` and what is computed from them only) are folded
with pirc's own kernels, as XLA would fold them; everything that depends on a feed or a parameter
is traced.  The whole program is one ``jax.jit`` function of (parameters, feeds); the parameters
are arguments, not constants baked into the executable.  A model with an op that has no JAX form
here (an op missing from the table, a data-dependent shape, a loop variable that changes shape)
is reported as ``not expressible: op X``, never run half-translated.

Each model is measured in a fresh process (so no in-memory cache helps) with JAX's persistent
compilation cache disabled: ``cold compile`` is the first call (trace + XLA compile + the first
run), ``warm`` the median of ``--repeat`` further calls; the outputs are checked against Paddle's
``outputs.npz`` with bench/models.py's tolerance (rtol 1e-4, atol 1e-5 times the largest output
magnitude).  ``--threads N`` pins the process to N of the cores it may use (XLA sizes its thread
pool from them), default all of them, so XLA never runs more busy threads than there are cores.

    .venv/bin/python bench/xla_models.py --models mobilenet_v2,resnet50 --repeat 10 --json out.json
    .venv/bin/python bench/xla_models.py --dir tests/corpus/mobilenet_block        # any model folder

The models are generated into ``bench/.models/`` by bench/zoo_paddle.py (see bench/models.py).
Needs ``pip install "jax[cpu]"`` (the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
MODELS_DIR = Path(__file__).resolve().parent / ".models"
DEFAULT_MODELS = ("resnet50,mobilenet_v2,mobilenet_v3_small,shufflenet_v2_x1_0,squeezenet1_1,densenet121,googlenet,"
                  "vgg11,bert_base_encoder,mobilenet_v2_dynbatch")  # bench/models.py's ZOO
def _configure_jax() -> None:
    """64-bit integers as Paddle has them; no persistent compilation cache (cold means cold)."""
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax

    jax.config.update("jax_enable_x64", True)
    jax.config.update("jax_enable_compilation_cache", False)


def _load_npz(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as z:
        return {k: z[k] for k in z.files}


def compare(results: Mapping[str, Any], expected: Mapping[str, np.ndarray]) -> tuple[float, bool]:
    """(max |diff| over the outputs, ok) with bench/models.py's tolerance."""
    scale = max(float(np.abs(v).max()) for v in expected.values()) if expected else 0.0
    atol = max(1e-5, 1e-5 * scale)
    names = list(results)
    refs = list(expected)
    pairs = [(n, n) for n in names] if set(names) <= set(refs) else list(zip(names, refs, strict=False))
    ok = len(names) == len(refs)
    worst = 0.0
    for n, r in pairs:
        got, want = np.asarray(results[n]), expected[r]
        if got.shape != want.shape:
            return float("inf"), False
        d = np.abs(got.astype(np.float64) - want.astype(np.float64))
        worst = max(worst, float(np.nanmax(d)) if d.size else 0.0)
        if got.dtype.kind in "fc":
            ok &= bool(np.allclose(got, want, rtol=1e-4, atol=atol, equal_nan=True))
        else:
            ok &= bool(np.array_equal(got, want))
    return worst, ok


def jax_function(program: Any) -> Callable[[Any, Any], dict[str, Any]]:
    import jax

    from bench.xla_translate import trace_program

    return jax.jit(lambda params, feeds: trace_program(program, params, feeds))


def measure(model_dir: Path, repeat: int) -> dict[str, Any]:
    """One model in this process: cold compile, warm median, the check against outputs.npz."""
    _configure_jax()
    import jax

    from bench.xla_ops import NotExpressible
    from bench.xla_translate import load_program, unsupported_ops

    row: dict[str, Any] = {"model": model_dir.name}
    program = load_program(model_dir / "program.pir")
    missing = unsupported_ops(program)
    if missing:
        row["status"] = "not expressible: op " + ", ".join(missing)
        return row
    pfile = model_dir / "params.npz"
    params = {k: jax.device_put(v) for k, v in (_load_npz(pfile) if pfile.exists() else {}).items()}
    feeds = {k: jax.device_put(v) for k, v in _load_npz(model_dir / "feeds.npz").items()}
    fn = jax_function(program)
    t0 = time.perf_counter()
    try:
        lowered = fn.lower(params, feeds)
    except NotExpressible as e:
        row["status"] = f"not expressible: op {e}"
        return row
    t1 = time.perf_counter()
    compiled = lowered.compile()
    t2 = time.perf_counter()
    out = jax.block_until_ready(compiled(params, feeds))
    t3 = time.perf_counter()
    times = []
    c0, w0 = os.times(), time.perf_counter()
    for _ in range(repeat):
        s = time.perf_counter()
        jax.block_until_ready(compiled(params, feeds))
        times.append(time.perf_counter() - s)
    c1, w1 = os.times(), time.perf_counter()
    # os.times() ticks are 10 ms: the share of cores is only meaningful over a longer loop
    busy = (c1.user - c0.user + c1.system - c0.system) / (w1 - w0) if w1 - w0 >= 0.5 else None
    diff, ok = compare({k: np.asarray(v) for k, v in out.items()}, _load_npz(model_dir / "outputs.npz"))
    row.update(status="ok" if ok else "WRONG", cold_s=t3 - t0, trace_s=t1 - t0, compile_s=t2 - t1,
               first_run_s=t3 - t2, warm_ms=statistics.median(times) * 1e3 if times else None,
               max_abs_diff=diff, ok=ok, threads=len(os.sched_getaffinity(0)), cores_busy=busy, jax=jax.__version__)
    return row


def measure_in_fresh_process(model_dir: Path, repeat: int, threads: int = 0) -> dict[str, Any]:
    """One model measured by a new interpreter process (what the table shows; bench/models.py may
    call it for an XLA column): the row of :func:`measure`, or ``status`` saying why there is none."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               JAX_ENABLE_COMPILATION_CACHE="false", JAX_PLATFORMS="cpu")
    cmd = [sys.executable, str(Path(__file__).resolve()), "--one", str(model_dir), "--repeat", str(repeat),
           "--threads", str(threads)]
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("{")]
    if p.returncode != 0 or not lines:
        last = (p.stderr.strip().splitlines() or ["?"])[-1]
        return {"model": model_dir.name, "status": f"failed: {last[:120]}"}
    return json.loads(lines[-1])


def _pin(threads: int) -> None:
    """Restrict this process (before jax is imported) to `threads` of its allowed cores."""
    allowed = sorted(os.sched_getaffinity(0))
    if 0 < threads < len(allowed):
        os.sched_setaffinity(0, allowed[:threads])


def _note(status: str) -> str:
    """A status for the table: at most three op names of a long 'not expressible' list."""
    head, sep, ops = status.partition(": op ")
    names = ops.split(", ") if sep else []
    if len(names) > 3:
        return f"{head}: op {', '.join(names[:3])} (+{len(names) - 3} more)"
    return status


def _table(rows: list[dict[str, Any]]) -> None:
    from rich.console import Console
    from rich.table import Table

    t = Table(title="XLA (JAX, CPU): cold compile (trace + compile + first run, fresh process), warm median")
    for col in ("model", "XLA cold compile (s)", "XLA warm (ms)", "max |diff|", "ok", "note"):
        t.add_column(col, justify="left" if col in ("model", "note") else "right", overflow="fold")
    for r in rows:
        if "cold_s" not in r:
            t.add_row(r["model"], "", "", "", "-", _note(r["status"]))
            continue
        warm = f"{r['warm_ms']:.2f}" if r.get("warm_ms") is not None else ""
        note = f"trace {r['trace_s']:.2f} + compile {r['compile_s']:.2f} s"
        if r.get("cores_busy") is not None:
            note += f"; warm runs kept {r['cores_busy']:.2f} of {r['threads']} cores busy"
        t.add_row(r["model"], f"{r['cold_s']:.2f}", warm, f"{r['max_abs_diff']:.3g}", "yes" if r["ok"] else "NO", note)
    Console(width=max(Console().width, 150)).print(t)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", default=DEFAULT_MODELS, help="zoo model names under bench/.models")
    ap.add_argument("--dir", action="append", default=[], help="a model folder (repeatable; instead of --models)")
    ap.add_argument("--repeat", type=int, default=10, help="warm runs after the first call (median)")
    ap.add_argument("--threads", type=int, default=0, help="cores XLA may use (0: all this process may use)")
    ap.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    ap.add_argument("--one", metavar="DIR", help=argparse.SUPPRESS)  # the per-model child process
    args = ap.parse_args(argv)
    if args.one:
        _pin(args.threads)
        print(json.dumps(measure(Path(args.one), args.repeat)))
        return 0
    dirs = [Path(d) for d in args.dir] or [MODELS_DIR / m for m in args.models.split(",") if m]
    rows = []
    for d in dirs:
        absent = [f for f in ("program.pir", "feeds.npz", "outputs.npz") if not (d / f).exists()]
        if absent:
            why = ("not generated (bench/zoo_paddle.py --out bench/.models --only " + d.name + ")"
                   if "program.pir" in absent else f"missing {', '.join(absent)}")
            rows.append({"model": d.name, "status": why})
            continue
        rows.append(measure_in_fresh_process(d, args.repeat, args.threads))
    _table(rows)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0 if all(r.get("ok", True) and not r["status"].startswith("failed") for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
