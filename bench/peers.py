"""The compilers pirc's CPU benchmarks compare with, each run in a python of its own: XLA
(``jax.jit``) and TorchInductor (``torch.compile``, default mode).  pirc needs neither.

A workload is an expression over its feeds in a small vocabulary both peers define (``SUM``,
``MAX``, ``MEAN`` with ``(x, axis, keepdim=False)``, ``NORM(x, axis)``, ``SOFTMAX(x, axis)``,
``EXP``, ``TANH``, ``SIGMOID``, ``RELU``, ``GELU`` (exact), ``RSQRT``, ``F32`` (cast), and the
arithmetic operators), the feeds themselves and the output pirc's interpreter gave for them.
The peer compiles the expression, runs it once (compile + first run) and checks that output
against the interpreter's; then it times warm runs when asked.  Both peers run on ``threads`` cores (default: the cores this
process may use, 1 when ``OMP_NUM_THREADS=1``), as pirc does.

:class:`PeerSession` keeps a peer's process running with its workloads compiled, so that
:func:`interleave` times pirc and the peers in alternating short rounds and every column sees the
same machine (timed one after the other, pirc at 2048x1024 measured 2.5x slower while another
process kept one of the two cores busy).  Each timed call is the whole call on both sides: pirc's
executor run (feeds in, a freshly allocated output out) and the peer's jitted function (its output
allocated by the peer).
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import textwrap
import time
from collections.abc import Callable
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

_SERVER = """
    def NORM(x, a):
        mu = MEAN(x, a, True); d = x - mu
        return d * RSQRT(MEAN(d * d, a, True) + 1e-5)

    data = np.load(sys.argv[1])
    fns, status = [], {}
    for i, (name, args, expr, rtol, atol) in enumerate(json.loads(sys.argv[2])):
        feeds = [to(data[f"{i}_{a}"]) for a in args]
        want = data[f"{i}__want"]
        f = jit(eval("lambda " + ", ".join(args) + ": " + expr))
        got = back(sync(f(*feeds)))
        sync(f(*feeds))
        same = got.shape == want.shape and bool(np.allclose(got, want, rtol=rtol, atol=atol))
        diff = float(np.max(np.abs(got.astype(np.float64) - want))) if got.shape == want.shape else float("inf")
        status[name] = {"same": same, "max_diff": diff}
        fns.append((f, feeds))
    print("@@" + json.dumps(status), flush=True)
    for line in sys.stdin:
        i, n = map(int, line.split())
        f, feeds = fns[i]
        sync(f(*feeds))
        ts = []
        for _ in range(n):
            t0 = time.perf_counter(); sync(f(*feeds)); ts.append(time.perf_counter() - t0)
        print("@@" + json.dumps(ts), flush=True)
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


class PeerSession:
    """``peer``'s python kept running with ``workloads`` compiled and checked against their
    ``want``: :meth:`times` runs one warm-up and ``n`` timed calls of a workload now (seconds).
    ``status``: per name, ``same`` and ``max_diff``; ``error``: why there is no session ('' when
    there is one)."""

    def __init__(self, peer: str, python: str, workloads: list[Workload], threads: int | None = None,
                 rtol: float = 1e-3, atol: float = 1e-4) -> None:
        threads = threads or default_threads()
        script = textwrap.dedent("""
            import json, sys, time
            import numpy as np
        """) + textwrap.dedent(_PRELUDE[peer]).replace("THREADS", str(threads)) + textwrap.dedent(_SERVER)
        self.index = {w.name: i for i, w in enumerate(workloads)}
        self.status: dict[str, dict[str, Any]] = {}
        self.error = ""
        self.proc: subprocess.Popen[str] | None = None
        self._err = tempfile.TemporaryFile("w+")  # a pipe nobody reads could fill up and block the peer
        spec = [[w.name, list(w.feeds), w.expr, rtol, atol] for w in workloads]
        with tempfile.TemporaryDirectory(prefix="pirc-peer-") as tmp:
            arrays = {f"{i}_{k}": np.ascontiguousarray(v) for i, w in enumerate(workloads) for k, v in w.feeds.items()}
            arrays.update({f"{i}__want": np.asarray(w.want) for i, w in enumerate(workloads)})
            np.savez(Path(tmp) / "data.npz", **arrays)
            try:
                self.proc = subprocess.Popen([python, "-c", script, str(Path(tmp) / "data.npz"), json.dumps(spec)],
                                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._err,
                                             text=True, env=_env(peer, threads), cwd=tmp)
            except OSError as e:
                self.error = f"failed: {e}"
                return
            status = self._reply()
            if not isinstance(status, dict):
                self.error = status
                return
            self.status = status

    def _reply(self) -> Any:
        assert self.proc is not None and self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("@@"):
                return json.loads(line[2:])
        self.close()
        self._err.seek(0)
        err = self._err.read().strip().splitlines()
        return "failed: " + err[-1] if err else "failed"

    def times(self, name: str, n: int) -> list[float]:
        if self.proc is None or self.error or self.proc.stdin is None:
            return []
        self.proc.stdin.write(f"{self.index[name]} {n}\n")
        self.proc.stdin.flush()
        r = self._reply()
        if isinstance(r, str):
            self.error = r
            return []
        return [float(t) for t in r]

    def close(self) -> None:
        if self.proc is not None:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None


def open_sessions(pythons: dict[str, str], workloads: list[Workload], **kw: Any) -> dict[str, PeerSession | str]:
    """A :class:`PeerSession` per peer that has a python in ``pythons``; else a line saying why not."""
    out: dict[str, PeerSession | str] = {}
    for peer, python in pythons.items():
        if not python:
            out[peer] = (f"column skipped: no python with {'jax' if peer == 'xla' else 'torch'} "
                         f"(--{peer}-python PY or ${ENV_VARS[peer]})")
            continue
        s = PeerSession(peer, python, workloads, **kw)
        out[peer] = s.error or s
    return out


def close_sessions(sessions: dict[str, PeerSession | str]) -> None:
    for s in sessions.values():
        if isinstance(s, PeerSession):
            s.close()


def interleave(sides: dict[str, Callable[[int], list[float]]], repeat: int, rounds: int,
               load: OtherLoad | None = None, settle: float = 0.05) -> dict[str, list[float]]:
    """About ``repeat`` timed calls per side, in ``rounds`` alternating rounds of ``fn(n)`` (seconds
    of ``n`` timed calls after its own warm-up), so that every side sees the same machine; all
    times per side.  ``load`` measures what other processes did meanwhile.  ``settle`` seconds of
    sleep before each side's turn: the worker threads the last side left spinning (OpenMP's,
    Eigen's) go to sleep rather than take a core from the next side."""
    per_round = max(1, -(-repeat // rounds))
    out: dict[str, list[float]] = {k: [] for k in sides}
    if load is not None:
        load.start()
    for _ in range(rounds):
        for k, fn in sides.items():
            time.sleep(settle)
            out[k] += fn(per_round)
    if load is not None:
        load.stop()
    return out


def peer_figures(sessions: dict[str, PeerSession | str],
                 ts: dict[str, dict[str, list[float]]]) -> dict[str, dict[str, dict[str, Any]] | str]:
    """Per peer, per workload: ``ms`` (median), ``min_ms``, ``same`` and ``max_diff``, from the
    sessions and the times :func:`interleave` took of them (``ts``: workload -> peer -> seconds); or
    a line saying why the peer has no figures."""
    out: dict[str, dict[str, dict[str, Any]] | str] = {}
    for peer, s in sessions.items():
        if isinstance(s, str) or s.error:
            out[peer] = s if isinstance(s, str) else s.error
            continue
        res: dict[str, dict[str, Any]] = {}
        for name, st in s.status.items():
            t = ts.get(name, {}).get(peer, [])
            if t:
                res[name] = {"ms": float(np.median(t)) * 1e3, "min_ms": float(np.min(t)) * 1e3, **st}
        out[peer] = res
    return out


def peer_sides(sessions: dict[str, PeerSession | str], name: str) -> dict[str, Callable[[int], list[float]]]:
    """The ``interleave`` sides of the peers that run workload ``name``."""
    def side(s: PeerSession) -> Callable[[int], list[float]]:
        return lambda n: s.times(name, n)

    return {peer: side(s) for peer, s in sessions.items()
            if isinstance(s, PeerSession) and not s.error and name in s.status}


class OtherLoad:
    """How busy the machine was with other processes over a stretch of time: the CPU time of the
    whole machine (/proc/stat) less this process's and ``pids``' (the peers' sessions), as a
    fraction of all CPUs.  A timing is only as good as that figure is low: on the 2-core
    benchmark machine a neighbour using half the CPUs made 2-thread kernels 2-3x slower.
    ``start()`` ... ``stop()`` may be called several times; :attr:`fraction` sums the stretches.
    A low figure is necessary, not sufficient: a virtual machine does not see its host's other
    guests (the same kernels measured 2-3x apart an hour apart with 0% here)."""

    def __init__(self, pids: list[int] | None = None) -> None:
        self.pids = [os.getpid(), *(pids or [])]
        self.other = 0
        self.total = 0
        self._at: tuple[int, int, int] | None = None

    @staticmethod
    def _machine() -> tuple[int, int]:
        try:
            with open("/proc/stat") as f:
                v = [int(x) for x in f.readline().split()[1:]]
        except OSError:
            return 0, 0
        return sum(v) - v[3] - (v[4] if len(v) > 4 else 0), sum(v)  # busy (not idle, not iowait), all

    def _own(self) -> int:
        n = 0
        for pid in self.pids:
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                n += int(fields[11]) + int(fields[12])  # utime, stime (all threads)
            except (OSError, IndexError, ValueError):
                pass
        return n

    def start(self) -> None:
        busy, total = self._machine()
        self._at = (busy, total, self._own())

    def stop(self) -> None:
        if self._at is None:
            return
        busy, total = self._machine()
        own = self._own()
        self.other += max(0, (busy - self._at[0]) - (own - self._at[2]))
        self.total += total - self._at[1]
        self._at = None

    @property
    def fraction(self) -> float:
        return self.other / self.total if self.total else 0.0

    def note(self) -> str:
        return (f"other processes used {100 * self.fraction:.0f}% of the CPUs while pirc and the peers were timed"
                + (" (figures unreliable: rerun on a quieter machine)" if self.fraction > 0.1 else ""))


def session_pids(sessions: dict[str, PeerSession | str]) -> list[int]:
    return [s.proc.pid for s in sessions.values() if isinstance(s, PeerSession) and s.proc is not None]


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
