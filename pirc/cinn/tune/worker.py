"""One candidate of one group, built and measured in a child process.

``python -m pirc.cinn.tune.worker`` reads a JSON request on stdin::

    {"program": PIR text, "key": ..., "target": "c", "params": {...}, "warmup": 2, "repeat": 7, "seed": 0}

lowers the standalone group with ``params`` (every other group gets the default
schedule), compiles it, runs it on random inputs (warm-up, then ``repeat`` timed runs),
checks the results against the interpreter, and prints one JSON line ``{"ms", "ok",
"min_ms", "error", "source"}`` (median and fastest of the timed runs).  :func:`measure` runs it with a timeout: a candidate that crashes or
hangs is recorded as failed, never takes the tuner down.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from typing import Any

import numpy as np


def random_feeds(program: Any, seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    feeds = {}
    for op in program.walk():
        if op.name == "pd_op.data":
            t = op.results[0].type
            from pirc.translate.builder import dims_of, dtype_of

            dt = np.dtype(dtype_of(t)) if dtype_of(t) != "bool" else np.dtype(bool)
            shape = dims_of(t)
            if dt.kind == "f":
                a = rng.standard_normal(shape).astype(dt)
            elif dt.kind == "b":
                a = rng.random(shape) < 0.5
            else:
                a = rng.integers(0, 4, shape).astype(dt)
            feeds[op.attrs.values()["name"]] = a
    return feeds


def source_hash(program_text: str, key: str, target: str, params: dict[str, Any]) -> str:
    """A hash of the code the candidate generates (equal hashes: the same kernels)."""
    from pirc.cinn.ast.printer import print_ast
    from pirc.cinn.compiler import fuse
    from pirc.cinn.lower.host import lower_program
    from pirc.cinn.tune.log import ANY, use_params
    from pirc.text.parser import parse_program

    prog = parse_program(program_text, "group.pir")
    fuse(prog)
    with use_params(ANY, target, params):
        lowered = lower_program(prog, target)
    funcs = [f.replace(attrs=tuple((k, v) for k, v in f.attrs if k != "tuned")) for f in lowered.module.functions]
    return hashlib.sha256("\n".join(print_ast(f) for f in funcs).encode()).hexdigest()  # the code, not the label


def run_request(req: dict[str, Any]) -> dict[str, Any]:
    from pirc.cinn.backend.jit_kernel import uninstall
    from pirc.cinn.compiler import compile_program
    from pirc.cinn.tune.log import ANY, use_params
    from pirc.runtime import StandaloneExecutor
    from pirc.text.parser import parse_program

    text, target, params = req["program"], req["target"], req["params"]
    ref_prog = parse_program(text, "group.pir")
    feeds = random_feeds(ref_prog, int(req.get("seed", 0)))
    with StandaloneExecutor(ref_prog, threads=1) as ex:
        want = ex.run(feeds)
    with use_params(ANY, target, params):
        compiled = compile_program(parse_program(text, "group.pir"), target, progress=False)
    if compiled.kernels == 0:
        return {"ok": False, "ms": None, "error": "no kernel was compiled"}
    try:
        with StandaloneExecutor(compiled.host, threads=1) as ex:
            for _ in range(int(req.get("warmup", 2))):
                got = ex.run(feeds)
            ts = []
            for _ in range(int(req.get("repeat", 7))):
                t0 = time.perf_counter()
                got = ex.run(feeds)
                ts.append(time.perf_counter() - t0)
    finally:
        uninstall()
    for k, w in want.items():
        g = np.asarray(got[k])
        w = np.asarray(w)
        if g.shape != w.shape or not np.allclose(g, w, rtol=1e-3, atol=1e-4, equal_nan=True):
            return {"ok": False, "ms": None, "error": f"output {k} differs from the interpreter"}
    return {"ok": True, "ms": float(np.median(ts)) * 1e3, "min_ms": float(np.min(ts)) * 1e3, "error": None}


def measure(req: dict[str, Any], timeout: float, env: dict[str, str] | None = None) -> dict[str, Any]:
    """``req`` measured in a child process; a crash, a hang past ``timeout`` seconds or a wrong
    result comes back as ``{"ok": False, "error": ...}``."""
    t0 = time.perf_counter()
    try:
        r = subprocess.run([sys.executable, "-m", "pirc.cinn.tune.worker"], check=False,
                           input=json.dumps(req),
                           capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})})
    except subprocess.TimeoutExpired:
        return {"ok": False, "ms": None, "error": f"timed out after {timeout:g} s", "wall_s": timeout}
    wall = time.perf_counter() - t0
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
    if r.returncode != 0 or not lines:
        tail = (r.stderr.strip().splitlines() or ["no output"])[-1]
        return {"ok": False, "ms": None, "error": f"worker exited with {r.returncode}: {tail}", "wall_s": wall}
    out = json.loads(lines[-1])
    out["wall_s"] = wall
    return out


def main() -> int:
    req = json.loads(sys.stdin.read())
    if req.get("crash"):  # a deliberately failing candidate (tests)
        os.abort()
    if req.get("hang"):
        time.sleep(3600)
    try:
        res = run_request(req)
    except Exception as e:  # noqa: BLE001 - any failure of a candidate is a result, not a tuner crash
        res = {"ok": False, "ms": None, "error": f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"}
    sys.stdout.write(json.dumps(res) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
