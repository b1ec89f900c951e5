#!/usr/bin/env python
"""Benchmarks of the executor (pirc-run's PirInterpreter).

1. **Latency vs Paddle**: for each corpus model (tests/corpus/<model>/), the
   median latency of a run with pirc's StandaloneExecutor and with Paddle's CPU
   executor on the same program and feed.  Paddle is optional: when
   $PADDLE_PYTHON (a Python with paddlepaddle==3.3.1) is set, a small script runs
   there, rebuilds each model with tests/corpus/generate.py exactly as the
   corpus was made (checking that the printed program is byte-identical, by
   sha256, to program.pir), loads params.npz into its scope and times
   ``exe.run``.  pirc never imports Paddle.
2. **Interpreter overhead**: a 10,000-instruction chain of tiny ops, built as
   text; overhead per instruction = (run time - the same kernels called in a
   plain loop) / 10,000.
3. **Peak live memory** with GC on and off.

Targets: overhead under 20 us per instruction; no model more than 1.5x slower
than Paddle's CPU executor.

    .venv/bin/python bench/run.py                     # everything
    .venv/bin/python bench/run.py --models mlp,lenet  # some models
    .venv/bin/python bench/run.py --no-paddle --no-big --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"
sys.path.insert(0, str(ROOT))

import pirc.dialects.all  # noqa: E402,F401
from pirc.dialects.opdef import lookup  # noqa: E402
from pirc.runtime import StandaloneExecutor  # noqa: E402
from pirc.runtime.errors import MissingKernelError  # noqa: E402
from pirc.runtime.executor import default_threads  # noqa: E402
from pirc.text.parser import parse_program  # noqa: E402

PADDLE_PYTHON = os.environ.get("PADDLE_PYTHON", "")
OVERHEAD_TARGET_US = 20.0
RATIO_TARGET = 1.5


def cinn_executor(host: Any, params: Any = None) -> StandaloneExecutor:
    """An executor for a compiled program (``compile_program(...).host``) that runs it the way
    ``pirc-run --backend cinn`` does: the ahead-of-time host program when the program is eligible
    (every op compiled or an nn call), one driving thread, else the interpreter.  The chain
    benchmarks timed the interpreter's path before, ~5-40 us more a run."""
    return StandaloneExecutor(host, threads=1, params=params, aot=None)


# ---------------------------------------------------------------------------------------------
# corpus models
# ---------------------------------------------------------------------------------------------


def _npz(path: Path) -> dict[str, np.ndarray]:
    with np.load(path, allow_pickle=False) as z:
        return {k: z[k] for k in z.files}


def recreate_feeds(meta: dict[str, Any]) -> dict[str, np.ndarray]:
    """The big bench models' feeds, from meta.json's feed_recipe (numpy only)."""
    rng = np.random.RandomState(meta["feed_seed"])
    feeds = {}
    for r in meta["feed_recipe"]["order"]:
        shape, kind = r["shape"], r["kind"]
        if kind == "normal":
            a = rng.standard_normal(shape) * r.get("scale", 1.0)
        elif kind == "uniform":
            a = rng.uniform(r["low"], r["high"], shape)
        elif kind == "positive":
            a = rng.uniform(0.1 if r["low"] is None else r["low"], 2.0 if r["high"] is None else r["high"], shape)
        elif kind == "randint":
            a = rng.randint(r["low"], r["high"], shape)
        elif kind == "bool":
            a = rng.uniform(0, 1, shape) > 0.5
        else:
            raise ValueError(f"unknown feed kind {kind}")
        feeds[r["name"]] = np.ascontiguousarray(a.astype(r["dtype"]))
    return feeds


class Model:
    def __init__(self, d: Path) -> None:
        self.dir = d
        self.name = d.name
        self.meta = json.loads((d / "meta.json").read_text()) if (d / "meta.json").exists() else {}
        self.big = not (d / "feeds.npz").exists() and "feed_recipe" in self.meta
        self._feeds: dict[str, np.ndarray] | None = None

    @property
    def feeds(self) -> dict[str, np.ndarray]:
        if self._feeds is None:
            self._feeds = recreate_feeds(self.meta) if self.big else _npz(self.dir / "feeds.npz")
        return self._feeds

    @property
    def params(self) -> dict[str, np.ndarray]:
        p = self.dir / "params.npz"
        return _npz(p) if p.exists() else {}

    def check(self, results: dict[str, Any]) -> str:
        """'ok' or what differs from Paddle's outputs (outputs.npz, or output_checks for big models)."""
        if (self.dir / "outputs.npz").exists():
            want = _npz(self.dir / "outputs.npz")
            for k, w in want.items():
                g = np.asarray(results.get(k))
                if g.shape != w.shape or g.dtype != w.dtype:
                    return f"{k}: {g.shape} {g.dtype} vs {w.shape} {w.dtype}"
                ok = np.allclose(g, w, rtol=1e-4, atol=1e-5) if w.dtype.kind == "f" else np.array_equal(g, w)
                if not ok:
                    return f"{k}: values differ"
            return "ok"
        for k, c in self.meta.get("output_checks", {}).items():
            g = np.asarray(results.get(k))
            if list(g.shape) != c["shape"] or str(g.dtype) != c["dtype"]:
                return f"{k}: {g.shape} {g.dtype}"
            flat = g.reshape(-1).astype(np.float64)
            if not (np.allclose(flat[:8], c["first8"], rtol=1e-4, atol=1e-5)
                    and np.allclose(flat[-8:], c["last8"], rtol=1e-4, atol=1e-5)
                    and np.isclose(flat.min(), c["min"], rtol=1e-4, atol=1e-5)
                    and np.isclose(flat.max(), c["max"], rtol=1e-4, atol=1e-5)
                    and np.isclose(flat.sum(), c["sum"], rtol=1e-3, atol=1e-2)):
                return f"{k}: output checks differ"
        return "ok"


def corpus_models(names: list[str] | None, big: bool) -> list[Model]:
    out = []
    for d in sorted(CORPUS.iterdir()) if CORPUS.is_dir() else []:
        if not d.is_dir() or not (d / "program.pir").exists():
            continue
        m = Model(d)
        if not (d / "feeds.npz").exists() and not m.big:
            continue
        if names and m.name not in names:
            continue
        if m.big and not big and not names:
            continue
        out.append(m)
    return out


def time_runs(fn: Any, repeat: int, budget: float) -> float:
    """Median seconds of ``fn()`` over ``repeat`` runs (fewer if ``budget`` seconds run out)."""
    ts = []
    start = time.perf_counter()
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
        if time.perf_counter() - start > budget and len(ts) >= 3:
            break
    return statistics.median(ts)


def bench_pirc(models: list[Model], repeat: int, threads: int) -> dict[str, dict[str, Any]]:
    res: dict[str, dict[str, Any]] = {}
    for m in models:
        row: dict[str, Any] = {}
        try:
            prog = parse_program((m.dir / "program.pir").read_text(), str(m.dir / "program.pir"))
            feeds, params = m.feeds, m.params
            with StandaloneExecutor(prog, threads=threads, params=params) as ex:
                t0 = time.perf_counter()
                ex.build()
                row["build_ms"] = (time.perf_counter() - t0) * 1e3
                out = ex.run(feeds)  # warm-up
                row["check"] = m.check(out)
                row["median_ms"] = time_runs(lambda ex=ex, feeds=feeds: ex.run(feeds), repeat, 3.0) * 1e3
                row["instructions"] = len(ex.interpreter.instructions)
                row["threads"] = ex.effective_threads
                row["peak_gc"] = ex.peak_bytes
            with StandaloneExecutor(prog, threads=1, gc=False, params=params) as ex:
                ex.run(feeds)
                row["peak_nogc"] = ex.peak_bytes
        except MissingKernelError as e:
            row["error"] = f"no kernel: {', '.join(n.removeprefix('pd_op.') for n in e.op_names)}"
        except Exception as e:  # noqa: BLE001
            row["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:100]}"
        res[m.name] = row
    return res


# ---------------------------------------------------------------------------------------------
# Paddle (in its own interpreter; optional)
# ---------------------------------------------------------------------------------------------

PADDLE_SCRIPT = r'''
import hashlib, importlib.util, json, os, statistics, sys, tempfile, time, warnings
os.environ.setdefault("GLOG_minloglevel", "2")
warnings.filterwarnings("ignore")
import numpy as np
req = json.loads(open(sys.argv[1]).read())
spec = importlib.util.spec_from_file_location("pirc_corpus_generate", req["generate"])
g = importlib.util.module_from_spec(spec)
spec.loader.exec_module(g)
import paddle
res = {}
for name, m in req["models"].items():
    try:
        ms = g.MODELS[name]
        seed = ms["seed"]
        paddle.seed(seed)
        np.random.seed(seed)
        rng = np.random.RandomState(seed)
        scope = paddle.static.Scope()
        g.reset_struct_names()
        with paddle.utils.unique_name.guard(), paddle.static.scope_guard(scope):
            main, startup = paddle.static.Program(), paddle.static.Program()
            main.random_seed = seed
            startup.random_seed = seed
            with paddle.static.program_guard(main, startup):
                c = g.Ctx(rng)
                fetch_vars = ms["build"](c)
            exe = paddle.static.Executor(paddle.CPUPlace())
            exe.run(startup)
            g.perturb_constant_params(main, scope, np.random.RandomState(seed + 1))
            with tempfile.TemporaryDirectory() as td:
                prefix = os.path.join(td, "model")
                paddle.static.save_inference_model(prefix, c.feed_vars, fetch_vars, exe, program=main)
                prog, feed_names, fetch_targets = paddle.static.load_inference_model(prefix, exe)
            same = hashlib.sha256(str(prog).encode("utf-8")).hexdigest() == m["sha"]
            with np.load(m["feeds"]) as z:
                feeds = {k: z[k] for k in z.files}
            if m.get("params"):
                with np.load(m["params"]) as z:
                    for k in z.files:
                        scope.find_var(k).get_tensor().set(z[k], paddle.CPUPlace())
            for _ in range(2):
                exe.run(prog, feed=feeds, fetch_list=fetch_targets)
            ts = []
            start = time.perf_counter()
            for _ in range(m["repeat"]):
                t0 = time.perf_counter()
                exe.run(prog, feed=feeds, fetch_list=fetch_targets)
                ts.append(time.perf_counter() - t0)
                if time.perf_counter() - start > 3.0 and len(ts) >= 3:
                    break
            res[name] = {"median_ms": statistics.median(ts) * 1e3, "same_program": same}
    except Exception as e:
        res[name] = {"error": f"{type(e).__name__}: {str(e).splitlines()[0][:100] if str(e) else ''}"}
print("@@RESULT@@" + json.dumps(res))
'''


def bench_paddle(models: list[Model], repeat: int) -> dict[str, dict[str, Any]] | str:
    if not os.path.exists(PADDLE_PYTHON):
        return f"Paddle not available (set PADDLE_PYTHON to a Python with paddlepaddle; {PADDLE_PYTHON!r} not found)"
    gen = CORPUS / "generate.py"
    if not gen.exists():
        return "tests/corpus/generate.py not found"
    with tempfile.TemporaryDirectory() as td:
        req: dict[str, Any] = {"generate": str(gen), "models": {}}
        for m in models:
            if not m.meta.get("program_sha256"):
                continue
            feeds_path = m.dir / "feeds.npz"
            if m.big:
                feeds_path = Path(td) / f"{m.name}_feeds.npz"
                np.savez(feeds_path, **m.feeds)
            params = m.dir / "params.npz"
            req["models"][m.name] = {"feeds": str(feeds_path), "params": str(params) if params.exists() else "",
                                     "sha": m.meta["program_sha256"], "repeat": repeat}
        script = Path(td) / "paddle_bench.py"
        script.write_text(PADDLE_SCRIPT)
        reqf = Path(td) / "req.json"
        reqf.write_text(json.dumps(req))
        env = {**os.environ, "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "")}
        if not env["OMP_NUM_THREADS"]:
            env.pop("OMP_NUM_THREADS")
        p = subprocess.run([PADDLE_PYTHON, str(script), str(reqf)], capture_output=True, text=True, cwd=str(ROOT),
                           env=env, timeout=1800)
    for line in p.stdout.splitlines():
        if line.startswith("@@RESULT@@"):
            return json.loads(line[len("@@RESULT@@"):])  # type: ignore[no-any-return]
    return f"the Paddle script failed (status {p.returncode}): {(p.stderr or p.stdout).strip().splitlines()[-1:]}"


# ---------------------------------------------------------------------------------------------
# interpreter overhead
# ---------------------------------------------------------------------------------------------


def chain_text(n: int, op: str, numel: int = 4) -> str:
    t = f"tensor<{numel}xf32>"
    lines = ["{", f'    (%0) = "pd_op.data" () {{dtype:float32,name:"x",place:Place(undefined:0),shape:[{numel}],'
                  f"stop_gradient:[true]}} : () -> {t}"]
    for i in range(1, n + 1):
        lines.append(f'    (%{i}) = "{op}" (%{i - 1}) {{stop_gradient:[true]}} : ({t}) -> {t}')
    lines.append(f'    (%{n + 1}) = "pd_op.fetch" (%{n}) {{col:0,name:"out"}} : ({t}) -> {t}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def bench_overhead(n: int, op: str, repeat: int) -> dict[str, Any]:
    prog = parse_program(chain_text(n, op), f"chain{n}")
    x = np.full(4, 0.5, np.float32)
    res: dict[str, Any] = {"ops": n, "op": op}
    t0 = time.perf_counter()
    ex = StandaloneExecutor(prog, threads=1)
    ex.build()
    res["build_ms"] = (time.perf_counter() - t0) * 1e3
    ex.run({"x": x})
    run = time_runs(lambda: ex.run({"x": x}), repeat, 5.0)
    kernel = lookup(op).kernel  # type: ignore[union-attr]
    attrs = prog.block.first_op.next_op.attrs.values()  # type: ignore[union-attr]

    def kernels_only() -> None:
        v = x
        for _ in range(n):
            v = kernel([v], attrs)[0]  # type: ignore[misc]

    kern = time_runs(kernels_only, repeat, 5.0)
    res["run_us_per_instr"] = run * 1e6 / n
    res["kernel_us_per_instr"] = kern * 1e6 / n
    res["overhead_us_per_instr"] = (run - kern) * 1e6 / n
    with StandaloneExecutor(prog, threads=2) as ex2:
        ex2.run({"x": x})
        res["threads2_run_us_per_instr"] = time_runs(lambda: ex2.run({"x": x}), repeat, 5.0) * 1e6 / n
    ex.close()
    return res


# ---------------------------------------------------------------------------------------------
# report
# ---------------------------------------------------------------------------------------------


def _mem(n: int | None) -> str:
    from pirc.runtime.memory import format_bytes

    return "" if n is None else format_bytes(n)


def report(pirc: dict[str, dict[str, Any]], paddle: dict[str, dict[str, Any]] | str,
           overhead: dict[str, Any] | None) -> bool:
    from rich.console import Console
    from rich.table import Table

    con = Console(width=140)
    ok = True
    t = Table(title="pirc-run (PirInterpreter) vs Paddle CPU executor: median latency per run", title_justify="left")
    for col in ("model", "instrs", "threads", "pirc ms", "paddle ms", "pirc/paddle", "same program", "outputs",
                "peak (gc)", "peak (no gc)"):
        t.add_column(col, justify="left" if col in ("model", "outputs") else "right", no_wrap=col == "model")
    for name, r in pirc.items():
        pd = paddle.get(name, {}) if isinstance(paddle, dict) else {}
        if "error" in r:
            t.add_row(name, "", "", "", f"{pd['median_ms']:.3f}" if "median_ms" in pd else "", "", "",
                      f"[yellow]{r['error']}[/]", "", "")
            continue
        ratio = ""
        if "median_ms" in pd:
            x = r["median_ms"] / pd["median_ms"]
            good = x <= RATIO_TARGET
            ok &= good
            ratio = f"[{'green' if good else 'red'}]{x:.2f}x[/]"
        t.add_row(name, str(r["instructions"]), str(r["threads"]), f"{r['median_ms']:.3f}",
                  f"{pd['median_ms']:.3f}" if "median_ms" in pd else pd.get("error", "-"), ratio,
                  ("yes" if pd["same_program"] else "[red]no[/]") if "same_program" in pd else "",
                  r["check"] if r["check"] == "ok" else f"[red]{r['check']}[/]",
                  _mem(r.get("peak_gc")), _mem(r.get("peak_nogc")))
    con.print(t)
    if isinstance(paddle, str):
        con.print(f"[yellow]{paddle}[/]")
    if overhead is not None:
        o = Table(title=f"interpreter overhead: a {overhead['ops']}-instruction chain of {overhead['op']} on "
                        "tensor<4xf32>", title_justify="left")
        for col in ("build ms", "run us/instr", "kernel us/instr", "overhead us/instr", "threads=2 run us/instr",
                    "target"):
            o.add_column(col, justify="right")
        good = overhead["overhead_us_per_instr"] < OVERHEAD_TARGET_US
        ok &= good
        o.add_row(f"{overhead['build_ms']:.1f}", f"{overhead['run_us_per_instr']:.2f}",
                  f"{overhead['kernel_us_per_instr']:.2f}", f"{overhead['overhead_us_per_instr']:.2f}",
                  f"{overhead['threads2_run_us_per_instr']:.2f}",
                  f"[{'green' if good else 'red'}]< {OVERHEAD_TARGET_US:.0f} us[/]")
        con.print(o)
    return ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", help="comma-separated corpus model names (default: all)")
    ap.add_argument("--repeat", type=int, default=50, help="timed runs per model (3 s budget each)")
    ap.add_argument("--threads", type=int, default=0, help="pirc worker threads (0: auto)")
    ap.add_argument("--no-paddle", action="store_true", help="skip the Paddle comparison")
    ap.add_argument("--no-big", action="store_true", help="skip the big bench_* models (1024x4096)")
    ap.add_argument("--no-overhead", action="store_true", help="skip the 10,000-op overhead measurement")
    ap.add_argument("--chain-ops", type=int, default=10000)
    ap.add_argument("--chain-op", default="pd_op.relu")
    ap.add_argument("--json", help="also write the figures to this JSON file")
    args = ap.parse_args(argv)
    names = args.models.split(",") if args.models else None
    models = corpus_models(names, big=not args.no_big)
    pirc = bench_pirc(models, args.repeat, args.threads)
    paddle: dict[str, dict[str, Any]] | str = "Paddle comparison skipped (--no-paddle)"
    if not args.no_paddle:
        paddle = bench_paddle([m for m in models if "error" not in pirc.get(m.name, {})], args.repeat)
    overhead = None if args.no_overhead else bench_overhead(args.chain_ops, args.chain_op, 7)
    ok = report(pirc, paddle, overhead)
    if args.json:
        Path(args.json).write_text(json.dumps({"pirc": pirc, "paddle": paddle, "overhead": overhead,
                                               "threads_default": default_threads()}, indent=1, default=str))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
