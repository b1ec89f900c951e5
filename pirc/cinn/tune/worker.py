"""One candidate of one group, built and measured in a child process.

``python -m pirc.cinn.tune.worker`` reads a JSON request line on stdin::

    {"program": PIR text, "key": ..., "target": "c", "params": {...}, "warmup": 2, "repeat": 7, "seed": 0}

builds the candidate (the interpreter's results on random inputs; the standalone group
lowered with ``params`` and compiled), prints ``{"phase": "built"}``, waits for a ``go``
line, runs it (warm-up: ``warmup`` runs and at least :data:`WARMUP_S` seconds; then ``repeat``
timed runs, through the ahead-of-time host program as ``pirc-run --backend cinn``), checks the results against the
interpreter, and prints one JSON line ``{"ms", "ok", "min_ms", "error"}`` (median and
fastest of the timed runs).  :func:`measure` drives it: builds run side by side, the timed
runs one at a time per machine (a file lock), each phase under a timeout; a candidate that
crashes or hangs is recorded as failed, never takes the tuner down.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import json
import os
import queue
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from typing import Any

import numpy as np


#: a fresh worker process warms a candidate up for at least this long before timing it: its first
#: runs fault in the output's pages, start the OpenMP team and fill the caches (keepdim_sub,
#: 2048x1024, 0.15 ms warm in a long-running process: the fastest of 5 runs after one warm-up
#: run was 0.27 ms, after 50 ms of warm-up 0.17; the one-thread schedule, 0.30 alone, had won)
WARMUP_S = 0.05


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
    return _source_hash(program_text, target, json.dumps(params, sort_keys=True))


@functools.lru_cache(maxsize=4096)
def _source_hash(program_text: str, target: str, params_json: str) -> str:
    params = json.loads(params_json)
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


class Candidate:
    """One candidate in a worker: :meth:`build` (the interpreter's reference results, the
    compiled kernels: work that may run beside other builds), then :meth:`time` (the timed
    runs, which the caller runs one at a time per machine) and the check."""

    def __init__(self, req: dict[str, Any]) -> None:
        self.req = req
        self.feeds: dict[str, np.ndarray] = {}
        self.want: dict[str, Any] = {}
        self.compiled: Any = None

    def build(self) -> dict[str, Any] | None:
        """None when built, else the failed result."""
        from pirc.cinn.compiler import compile_program
        from pirc.cinn.tune.log import ANY, use_params
        from pirc.runtime import StandaloneExecutor
        from pirc.text.parser import parse_program

        text, target, params = self.req["program"], self.req["target"], self.req["params"]
        ref_prog = parse_program(text, "group.pir")
        self.feeds = random_feeds(ref_prog, int(self.req.get("seed", 0)))
        with StandaloneExecutor(ref_prog, threads=1) as ex:
            self.want = ex.run(self.feeds)
        with use_params(ANY, target, params):
            self.compiled = compile_program(parse_program(text, "group.pir"), target, progress=False)
        if self.compiled.kernels == 0:
            return {"ok": False, "ms": None, "error": "no kernel was compiled"}
        return None

    def time(self) -> dict[str, Any]:
        """The timed runs and the check against the interpreter.  A request with
        ``recorded`` ([ms, min_ms] of an earlier measurement of the same code) runs the
        candidate once, checks it and reports those times (replays: the same measurements
        on another runner give the same choices)."""
        from pirc.cinn.backend.jit_kernel import uninstall
        from pirc.runtime import StandaloneExecutor

        recorded = self.req.get("recorded")
        try:
            # the path pirc-run --backend cinn runs (the ahead-of-time host program where the
            # group is eligible, one driving thread)
            with StandaloneExecutor(self.compiled.host, threads=1, aot=None) as ex:
                got = ex.run(self.feeds)  # checked below
                ts = []
                if recorded is None:
                    # each run's outputs are dropped before the next run, as a caller's would be
                    # (held, two sets of outputs alternate in memory: keepdim_sub at 2048x1024
                    # timed 0.37 ms instead of 0.15)
                    runs, t_end = 1, time.perf_counter() + WARMUP_S
                    while runs < int(self.req.get("warmup", 2)) or time.perf_counter() < t_end:
                        ex.run(self.feeds)
                        runs += 1
                    for _ in range(int(self.req.get("repeat", 7))):
                        t0 = time.perf_counter()
                        ex.run(self.feeds)
                        ts.append(time.perf_counter() - t0)
        finally:
            uninstall()
        for k, w in self.want.items():
            g = np.asarray(got[k])
            w = np.asarray(w)
            if g.shape != w.shape or not np.allclose(g, w, rtol=1e-3, atol=1e-4, equal_nan=True):
                return {"ok": False, "ms": None, "error": f"output {k} differs from the interpreter"}
        if recorded is not None:
            return {"ok": True, "ms": recorded[0], "min_ms": recorded[1], "error": None, "recorded": True}
        return {"ok": True, "ms": float(np.median(ts)) * 1e3, "min_ms": float(np.min(ts)) * 1e3, "error": None}


def run_request(req: dict[str, Any]) -> dict[str, Any]:
    """Build and time ``req`` in this process (no lock: see :func:`measure`)."""
    c = Candidate(req)
    return c.build() or c.time()


def measure_lock_path() -> str:
    """The file whose lock a measurement holds: one timed candidate at a time per machine
    (every tuner and worker on it, every user's, local pool or Ray tasks alike); builds do not
    take it."""
    return os.environ.get("PIRC_TUNE_LOCK") or os.path.join(tempfile.gettempdir(), "pirc-tune-measure.lock")


def _user_lock_path(path: str) -> str:
    stem, ext = os.path.splitext(path)
    return f"{stem}-{os.getuid() if hasattr(os, 'getuid') else 'user'}{ext}"


def _open_lock(path: str) -> int:
    """A descriptor of the lock file, opened read-only: flock needs no write access, so the file the
    first user created (0644) serves every user (it was opened for appending: a second user got
    'Permission denied').  Created readable by all when missing; never through a symbolic link."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(3):
        try:
            return os.open(path, flags)
        except FileNotFoundError:
            pass
        try:
            fd = os.open(path, flags | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:  # another process made it in between: open that one
            continue
        try:
            os.fchmod(fd, 0o644)  # whatever the umask: other users open it too
        except OSError:
            pass
        return fd
    return os.open(path, flags)


_warned_lock: list[str] = []


def _lock_fd() -> int:
    path = measure_lock_path()
    try:
        return _open_lock(path)
    except OSError as e:  # unreadable (another user's 0600 file) or a planted symbolic link
        fallback = _user_lock_path(path)
        if path not in _warned_lock:
            _warned_lock.append(path)
            sys.stderr.write(f"pirc-tune: warning: cannot open the machine's measurement lock {path} "
                             f"({e.strerror or e}); using {fallback}: this user's timed runs take turns, other "
                             f"users' may overlap them (its owner can share it: chmod a+r {path})\n")
        return _open_lock(fallback)


@contextlib.contextmanager
def machine_lock() -> Iterator[float]:
    """Hold the machine's measurement lock (yields the seconds waited for it)."""
    t0 = time.perf_counter()
    fd = _lock_fd()
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            yield time.perf_counter() - t0
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def worker_id() -> str:
    """host:pid of the process that measured (a Ray worker, or the tuner), /thread in a local pool."""
    t = threading.current_thread()
    return f"{socket.gethostname()}:{os.getpid()}" + ("" if t is threading.main_thread() else f"/{t.name}")


def measure(req: dict[str, Any], timeout: float, env: dict[str, str] | None = None) -> dict[str, Any]:
    """``req`` built and measured in a child process: the build runs unlocked, the timed runs
    under :func:`machine_lock`; each phase has ``timeout`` seconds (the wait for the lock
    does not count).  A crash, a hang or a wrong result comes back as ``{"ok": False,
    "error": ...}``; ``worker`` says which process measured it."""
    t0 = time.perf_counter()
    out = _measure(req, timeout, env)
    out["wall_s"] = round(time.perf_counter() - t0, 3)
    out["worker"] = worker_id()
    return out


def _measure(req: dict[str, Any], timeout: float, env: dict[str, str] | None) -> dict[str, Any]:
    p = subprocess.Popen([sys.executable, "-m", "pirc.cinn.tune.worker"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env={**os.environ, **(env or {})})
    lines: queue.Queue[str | None] = queue.Queue()
    err: list[str] = []

    def pump_out() -> None:
        assert p.stdout is not None
        for ln in p.stdout:
            lines.put(ln)
        lines.put(None)

    def pump_err() -> None:
        assert p.stderr is not None
        err.extend(p.stderr.read().splitlines()[-5:])

    threads = [threading.Thread(target=pump_out, daemon=True), threading.Thread(target=pump_err, daemon=True)]
    for t in threads:
        t.start()
    try:
        assert p.stdin is not None
        p.stdin.write(json.dumps(req) + "\n")
        p.stdin.flush()
        msg = _next_message(lines, timeout)
        if msg is None or msg.get("phase") != "built":
            return _failed(p, msg, err, timeout, threads)
        with machine_lock():
            p.stdin.write("go\n")
            p.stdin.flush()
            msg = _next_message(lines, timeout)
            if msg is None or "ok" not in msg:
                return _failed(p, msg, err, timeout, threads)
        return msg
    finally:
        if p.poll() is None:
            p.kill()
        p.wait()


def _next_message(lines: queue.Queue[str | None], timeout: float) -> dict[str, Any] | None:
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return {"timeout": True}
        try:
            ln = lines.get(timeout=left)
        except queue.Empty:
            return {"timeout": True}
        if ln is None:
            return None
        if ln.startswith("{"):
            return json.loads(ln)


def _failed(p: subprocess.Popen, msg: dict[str, Any] | None, err: list[str], timeout: float,
            threads: list[threading.Thread]) -> dict[str, Any]:
    if msg is not None and msg.get("timeout"):
        p.kill()
        return {"ok": False, "ms": None, "error": f"timed out after {timeout:g} s"}
    if msg is not None and "ok" in msg:  # failed while building
        return msg
    rc = p.wait()
    for t in threads:
        t.join(timeout=5)
    tail = (err or ["no output"])[-1]
    return {"ok": False, "ms": None, "error": f"worker exited with {rc}: {tail}"}


def main() -> int:
    req = json.loads(sys.stdin.readline())
    if req.get("crash"):  # a deliberately failing candidate (tests)
        os.abort()
    if req.get("hang"):
        time.sleep(3600)
    c = Candidate(req)
    try:
        res = c.build()
    except Exception as e:  # noqa: BLE001 - any failure of a candidate is a result, not a tuner crash
        res = _error(e)
    if res is not None:
        _say(res)
        return 0
    _say({"phase": "built"})
    if sys.stdin.readline().strip() != "go":  # the tuner went away
        return 0
    try:
        res = c.time()
    except Exception as e:  # noqa: BLE001
        res = _error(e)
    _say(res)
    return 0


def _error(e: BaseException) -> dict[str, Any]:
    return {"ok": False, "ms": None, "error": f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"}


def _say(msg: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    raise SystemExit(main())
