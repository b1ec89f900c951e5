"""The compilers pirc's CPU benchmarks compare with, each run in a python of its own: XLA
(``jax.jit``) and TorchInductor (``torch.compile``, default mode).  pirc needs neither.

A workload is an expression over its feeds in a small vocabulary both peers define (``SUM``,
``MAX``, ``MEAN`` with ``(x, axis, keepdim=False)``, ``NORM(x, axis)``, ``SOFTMAX(x, axis)``,
``EXP``, ``TANH``, ``SIGMOID``, ``RELU``, ``GELU`` (exact), ``RSQRT``, ``F32`` (cast), and the
arithmetic operators), the feeds themselves and the output pirc's interpreter gave for them.
The peer compiles the expression, runs it once (compile + first run) and checks that output
against the interpreter's, then times ``repeat`` warm runs after one more warm-up: the median
and the fastest, in milliseconds.  Both peers run on ``threads`` cores (default: the cores this
process may use, 1 when ``OMP_NUM_THREADS=1``), as pirc does.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

_PRELUDE = {
    "xla": """
        import jax, jax.numpy as jnp
        to, back = jnp.asarray, np.asarray
        def jit(f): return jax.jit(f)
        def sync(y): return y.block_until_ready()
        def SUM(x, a, keep=False): return jnp.sum(x, axis=a, keepdims=keep)
        def MAX(x, a, keep=False): return jnp.max(x, axis=a, keepdims=keep)
        def MEAN(x, a, keep=False): return jnp.mean(x, axis=a, keepdims=keep)
        def SOFTMAX(x, a): return jax.nn.softmax(x, axis=a)
        def GELU(x): return jax.nn.gelu(x, approximate=False)
        def F32(x): return x.astype(jnp.float32)
        EXP, TANH, SIGMOID, RELU, RSQRT = jnp.exp, jnp.tanh, jax.nn.sigmoid, jax.nn.relu, jax.lax.rsqrt
    """,
    "inductor": """
        import torch
        torch.set_num_threads(THREADS)
        torch.set_grad_enabled(False)
        to = torch.from_numpy
        def back(y): return y.numpy()
        def jit(f): return torch.compile(f)
        def sync(y): return y
        def SUM(x, a, keep=False): return torch.sum(x, dim=a, keepdim=keep)
        def MAX(x, a, keep=False): return torch.amax(x, dim=a, keepdim=keep)
        def MEAN(x, a, keep=False): return torch.mean(x, dim=a, keepdim=keep)
        def SOFTMAX(x, a): return torch.softmax(x, a)
        def GELU(x): return torch.nn.functional.gelu(x)
        def F32(x): return x.float()
        EXP, TANH, SIGMOID, RELU, RSQRT = torch.exp, torch.tanh, torch.sigmoid, torch.relu, torch.rsqrt
    """,
}

_BODY = """
    def NORM(x, a):
        mu = MEAN(x, a, True); d = x - mu
        return d * RSQRT(MEAN(d * d, a, True) + 1e-5)
    data = np.load(sys.argv[1])
    out = {}
    for i, (name, args, expr, repeat, rtol, atol) in enumerate(json.loads(sys.argv[2])):
        feeds = [to(data[f"{i}_{a}"]) for a in args]
        want = data[f"{i}__want"]
        f = jit(eval("lambda " + ", ".join(args) + ": " + expr))
        got = back(sync(f(*feeds)))
        sync(f(*feeds))
        ts = []
        for _ in range(repeat):
            t0 = time.perf_counter(); sync(f(*feeds)); ts.append(time.perf_counter() - t0)
        same = got.shape == want.shape and bool(np.allclose(got, want, rtol=rtol, atol=atol))
        diff = float(np.max(np.abs(got.astype(np.float64) - want))) if got.shape == want.shape else float("inf")
        out[name] = {"ms": float(np.median(ts)) * 1e3, "min_ms": float(np.min(ts)) * 1e3, "same": same,
                     "max_diff": diff}
    print(json.dumps(out))
"""

PEERS = {"xla": "XLA", "inductor": "Inductor"}
ENV_VARS = {"xla": "PIRC_XLA_PYTHON", "inductor": "PIRC_INDUCTOR_PYTHON"}


@dataclass
class Workload:
    name: str
    expr: str  # in the vocabulary above, over the feeds' names
    feeds: dict[str, np.ndarray]
    want: np.ndarray  # pirc's interpreter's output for these feeds


def default_threads() -> int:
    """The cores the peers use: 1 under ``OMP_NUM_THREADS=1`` (pirc on one thread), else all
    this process may use."""
    if os.environ.get("OMP_NUM_THREADS") == "1":
        return 1
    return len(os.sched_getaffinity(0))


def _env(peer: str, threads: int) -> dict[str, str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/tmp"), "OMP_NUM_THREADS": str(threads)}
    if peer == "xla":
        env["XLA_FLAGS"] = ("--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1" if threads == 1
                            else "--xla_cpu_multi_thread_eigen=true")
    else:  # compile in this process: no pool of compile workers starting up while the kernels are timed
        env["TORCHINDUCTOR_COMPILE_THREADS"] = "1"
    return env


def bench_peer(peer: str, python: str, workloads: list[Workload], repeat: int, threads: int | None = None,
               rtol: float = 1e-3, atol: float = 1e-4) -> dict[str, dict[str, Any]] | str:
    """Each workload compiled by ``peer`` ("xla" or "inductor") under ``python``: per name,
    ``ms`` (warm median), ``min_ms``, ``same`` (output matches ``want``) and ``max_diff``; or
    a line saying why there are no figures."""
    threads = threads or default_threads()
    script = textwrap.dedent("""
        import json, sys, time
        import numpy as np
    """) + textwrap.dedent(_PRELUDE[peer]).replace("THREADS", str(threads)) + textwrap.dedent(_BODY)
    spec = [[w.name, list(w.feeds), w.expr, repeat, rtol, atol] for w in workloads]
    with tempfile.TemporaryDirectory(prefix="pirc-peer-") as tmp:
        arrays = {f"{i}_{k}": np.ascontiguousarray(v) for i, w in enumerate(workloads) for k, v in w.feeds.items()}
        arrays.update({f"{i}__want": np.asarray(w.want) for i, w in enumerate(workloads)})
        np.savez(Path(tmp) / "data.npz", **arrays)
        try:
            r = subprocess.run([python, "-c", script, str(Path(tmp) / "data.npz"), json.dumps(spec)], check=False,
                               capture_output=True, text=True, timeout=1800, env=_env(peer, threads), cwd=tmp)
        except (OSError, subprocess.TimeoutExpired) as e:
            return f"failed: {e}"
    if r.returncode != 0:
        lines = r.stderr.strip().splitlines()
        return "failed: " + lines[-1] if lines else "failed"
    return json.loads(r.stdout.strip().splitlines()[-1])


def bench_peers(pythons: dict[str, str], workloads: list[Workload], repeat: int,
                **kw: Any) -> dict[str, dict[str, dict[str, Any]] | str]:
    """``bench_peer`` for each peer that has a python in ``pythons`` (peer -> python, '' when
    none was given: then the peer's entry says how to get its column)."""
    out: dict[str, dict[str, dict[str, Any]] | str] = {}
    for peer, python in pythons.items():
        if python:
            out[peer] = bench_peer(peer, python, workloads, repeat, **kw)
        else:
            out[peer] = (f"column skipped: no python with {'jax' if peer == 'xla' else 'torch'} "
                         f"(--{peer}-python PY or ${ENV_VARS[peer]})")
    return out



def add_arguments(ap: Any) -> None:
    """``--xla-python`` and ``--inductor-python`` (defaults: $PIRC_XLA_PYTHON, $PIRC_INDUCTOR_PYTHON)."""
    ap.add_argument("--xla-python", default=os.environ.get(ENV_VARS["xla"], ""),
                    help=f"a python with jax, for the XLA column (default: ${ENV_VARS['xla']})")
    ap.add_argument("--inductor-python", default=os.environ.get(ENV_VARS["inductor"], ""),
                    help=f"a python with torch, for the TorchInductor column (default: ${ENV_VARS['inductor']})")


def pythons(args: Any) -> dict[str, str]:
    return {"xla": args.xla_python, "inductor": args.inductor_python}


def cell(peers: dict[str, dict[str, dict[str, Any]] | str], peer: str, name: str, key: str = "ms") -> float | None:
    """A peer's figure for a workload; None when the peer has none or its output differs."""
    res = peers.get(peer)
    if not isinstance(res, dict) or name not in res or not res[name]["same"]:
        return None
    return float(res[name][key])


def notes(peers: dict[str, dict[str, dict[str, Any]] | str]) -> list[str]:
    """Lines for what a table cannot show: a skipped or failed peer, an output that differs."""
    out = []
    for peer, res in peers.items():
        if isinstance(res, str):
            out.append(f"{PEERS[peer]}: {res}")
            continue
        out += [f"{PEERS[peer]}: {n} output DIFFERS from the interpreter's (max |diff| {r['max_diff']:.3g}); "
                "not shown" for n, r in res.items() if not r["same"]]
    return out
