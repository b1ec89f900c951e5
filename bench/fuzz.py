"""Long mutation-fuzzing runs over pirc's readers, printers and code generators.

    python bench/fuzz.py --seconds 600
    python bench/fuzz.py --seconds 3600 --targets pir,model --save findings/

Inputs are mutated from the seeds in the tree (tests/fuzz/fuzz_targets.py: the corpus
programs, .ast files, ProgramDesc JSON / .pdmodel / PIR JSON models, .npy/.npz feeds), with
inputs that were accepted added to the pool.  Each target runs in a worker process; an input
that uses more than ``--timeout`` seconds of CPU time (or blocks for ten times that) is a **hang** (the worker is killed and restarted),
a worker that dies is a **crash**.  The other classes come from the targets: **ok**,
**diagnostic** (a clean located error), **internal error** (any other exception) and
**round-trip diff** (readers disagree, or printed text does not read back to the same IR).

Prints a progress line every ``--report`` seconds and a table at the end; exits 1 when there
was any finding.  ``--save DIR`` keeps each finding's input as ``DIR/<class>-<target>-<n>.bin``.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import select
import signal
import struct
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "fuzz"))

CLASSES = ("ok", "diagnostic", "internal error", "hang", "crash", "round-trip diff")
FINDINGS = ("internal error", "hang", "crash", "round-trip diff")


# -- the worker ---------------------------------------------------------------------------

def _read_exact(f, n: int) -> bytes:  # type: ignore[no-untyped-def]
    buf = b""
    while len(buf) < n:
        chunk = f.read(n - len(buf))
        if not chunk:
            raise EOFError
        buf += chunk
    return buf


CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
WALL_FACTOR = 10  # a hang that blocks (no CPU time) is called after this many times --timeout

SELFTEST = (b"ok", b"crash", b"ok", b"hang", b"ok", b"block")


def _selftest(data: bytes) -> tuple[str, str]:
    """The harness's own check target: ``hang`` sleeps, ``crash`` kills the worker, anything else is ok."""
    if data == b"hang":  # computes forever, like a parser caught in a loop
        while True:
            pass
    if data == b"block":  # waits forever without computing, like a read from a FIFO
        time.sleep(3600)
    if data == b"crash":
        os._exit(3)
    return "ok", ""


def _targets_run_one() -> Callable[[str, bytes], tuple[str, str]]:
    from fuzz_targets import run_one

    return run_one


def worker(target: str, mem_mb: int) -> None:
    """Read length-prefixed inputs on stdin; answer one ``class\tdetail`` line per input on stdout."""
    if mem_mb:
        lim = mem_mb << 20
        resource.setrlimit(resource.RLIMIT_AS, (lim, lim))
    sys.setrecursionlimit(20000)
    import warnings

    warnings.simplefilter("ignore")
    run_one = (lambda _t, data: _selftest(data)) if target == "selftest" else _targets_run_one()

    inp, out = sys.stdin.buffer, sys.stdout.buffer
    out.write(b"ready\n")
    out.flush()
    while True:
        try:
            (n,) = struct.unpack("<I", _read_exact(inp, 4))
            data = _read_exact(inp, n)
        except EOFError:
            return
        cls, detail = run_one(target, data)
        line = f"{cls}\t{detail[:400]}".replace("\n", " ")  # short: a batch of answers never fills the pipe
        out.write(line.encode("utf-8", "replace") + b"\n")
        out.flush()


class Worker:
    """One target's worker process, fed a batch of inputs at a time.

    The inputs of a batch are written by a thread while the answers are read here, so the worker never
    waits for the driver between inputs (on a busy machine each wait costs a time slice).  The first
    unanswered input of a batch is the one that hung or crashed the worker; the ones after it are
    handed back unrun, to be sent again to the restarted worker.
    """

    def __init__(self, target: str, mem_mb: int) -> None:
        self.target = target
        self.mem_mb = mem_mb
        self.proc: subprocess.Popen[bytes] | None = None
        self._buf = b""
        self.start()

    def start(self) -> None:
        self._buf = b""
        self.proc = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--worker", self.target, "--mem-mb", str(self.mem_mb)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        line = self._readline(120.0)
        if line != b"ready\n":
            raise RuntimeError(f"the {self.target} worker did not start")

    def _readline(self, timeout: float) -> bytes | None:
        """The worker's next line; None after ``timeout`` seconds without one, b"" when it exited.
        Lines are split here from raw reads, so answers that arrived together are all seen."""
        assert self.proc is not None and self.proc.stdout is not None
        while b"\n" not in self._buf:
            fd = self.proc.stdout.fileno()
            r, _, _ = select.select([fd], [], [], timeout)
            if not r:
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return b""
            self._buf += chunk
        line, _, self._buf = self._buf.partition(b"\n")
        return line + b"\n"

    def _cpu_seconds(self) -> float | None:
        """The worker's CPU time so far (user + system), or None where /proc cannot tell."""
        assert self.proc is not None
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return None
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def _answer(self, timeout: float) -> bytes | None:
        """The next answer line; None when the input is a hang: ``timeout`` seconds of the worker's CPU
        time (so a busy machine does not make slow inputs look hung), or ``WALL_FACTOR`` times that on
        the wall clock (an input that blocks without computing)."""
        cpu0, wall0 = self._cpu_seconds(), time.monotonic()
        while True:
            line = self._readline(min(1.0, timeout))
            if line is not None:
                return line
            cpu = self._cpu_seconds()
            wall = time.monotonic() - wall0
            if cpu is None or cpu0 is None:
                if wall >= timeout:
                    return None
            elif cpu - cpu0 >= timeout or wall >= WALL_FACTOR * timeout:
                return None

    def _feed(self, batch: list[bytes]) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        stdin = self.proc.stdin
        try:
            for data in batch:
                stdin.write(struct.pack("<I", len(data)) + data)
            stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass  # the worker died or was killed: the reader reports it

    def run(self, batch: list[bytes], timeout: float) -> tuple[list[tuple[str, str]], list[bytes]]:
        """Answers for a prefix of ``batch`` (each input gets ``timeout`` seconds), and the inputs not run."""
        writer = threading.Thread(target=self._feed, args=(batch,), daemon=True)
        writer.start()
        answers: list[tuple[str, str]] = []
        for _ in batch:
            line = self._answer(timeout)
            if line is None:
                answers.append(("hang", f"no answer within {timeout:g} s of CPU time"))
                break
            if not line:
                assert self.proc is not None
                answers.append(("crash", f"the worker died (exit status {self.proc.wait()})"))
                break
            cls, _, detail = line.decode("utf-8", "replace").rstrip("\n").partition("\t")
            answers.append((cls, detail))
        if len(answers) < len(batch) or answers[-1][0] in ("hang", "crash"):
            self.stop()
            writer.join()
            self.start()
        else:
            writer.join()
        return answers, batch[len(answers):]

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


# -- the driver ---------------------------------------------------------------------------

def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=60.0, help="How long to run (default 60).")
    ap.add_argument("--max-inputs", type=int, default=0, help="Stop after this many inputs (0: no limit).")
    ap.add_argument("--targets", default="pir,ast,model,feeds", help="Comma-separated: pir, ast, model, feeds "
                    "(selftest: the harness's own check, inputs 'hang', 'block' and 'crash').")
    ap.add_argument("--seed", type=int, default=0, help="Random seed (default 0).")
    ap.add_argument("--timeout", type=float, default=10.0, help="Seconds of a worker's CPU time before an input counts as a hang "
                    "(or 10x that on the wall clock for an input that blocks).")
    ap.add_argument("--mem-mb", type=int, default=4096, help="Address-space limit of a worker (MiB; 0: none).")
    ap.add_argument("--report", type=float, default=60.0, help="Seconds between progress lines.")
    ap.add_argument("--batch", type=int, default=32, help="Inputs handed to a worker at a time (default 32).")
    ap.add_argument("--save", default=None, metavar="DIR", help="Keep the input of every finding in DIR.")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                    help="Workers busy at once (default: 2, or 1 on one core); each target has its own worker.")
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.worker, args.mem_mb)
        return 0

    import warnings

    warnings.simplefilter("ignore")  # zipfile's "Duplicate name" while mutating .npz feeds
    from fuzz_targets import mutate, seeds

    targets = [t.strip() for t in args.targets.split(",") if t.strip()]
    rnd = random.Random(args.seed)
    pools = {t: list(SELFTEST) if t == "selftest" else seeds(t) for t in targets}
    n_seeds = {t: len(p) for t, p in pools.items()}
    workers = {t: Worker(t, args.mem_mb) for t in targets}
    pool_exec = ThreadPoolExecutor(max_workers=max(1, args.jobs))
    counts: dict[str, Counter[str]] = {t: Counter() for t in targets}
    examples: dict[tuple[str, str], str] = {}
    save = Path(args.save) if args.save else None
    if save:
        save.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the workers and print the table
    start = time.monotonic()
    deadline = start + args.seconds
    next_report = start + args.report
    total = 0
    seed_index = {t: 0 for t in targets}
    pending: dict[str, list[bytes]] = {t: [] for t in targets}  # unrun after a worker restart
    try:
        while time.monotonic() < deadline and (not args.max_inputs or total < args.max_inputs):
            batches: dict[str, list[bytes]] = {}
            for t in targets:
                want = args.batch if not args.max_inputs else max(1, min(args.batch, args.max_inputs - total))
                batch, pending[t] = pending[t][:want], pending[t][want:]
                pool = pools[t]
                while len(batch) < want:
                    if seed_index[t] < n_seeds[t]:  # every seed once, unmutated
                        batch.append(pool[seed_index[t]])
                        seed_index[t] += 1
                    else:
                        data = rnd.choice(pool)
                        batch.append(data if t == "selftest" else mutate(data, rnd, pool, t))
                batches[t] = batch
            # the targets' batches run on up to --jobs workers at once; answers are taken in target order,
            # so a run is the same for a given seed whatever --jobs is
            results = dict(zip(targets, pool_exec.map(lambda t: workers[t].run(batches[t], args.timeout), targets)))
            for t in targets:
                answers, unrun = results[t]
                pending[t] = unrun + pending[t]
                pool = pools[t]
                for data, (cls, detail) in zip(batches[t], answers):
                    counts[t][cls] += 1
                    total += 1
                    if cls == "ok" and len(pool) < 4000 and rnd.random() < 0.02:
                        pool.append(data)
                    if cls in FINDINGS:
                        key = (t, cls)
                        if key not in examples:
                            examples[key] = detail
                            print(f"[{t}] {cls}: {detail[:200]}", flush=True)
                        if save:
                            n = sum(counts[t][c] for c in FINDINGS)
                            (save / f"{cls.replace(' ', '-')}-{t}-{n}.bin").write_bytes(data)
            now = time.monotonic()
            if now >= next_report:
                next_report = now + args.report
                found = sum(c[k] for c in counts.values() for k in FINDINGS)
                print(f"{now - start:8.0f} s  {total:10d} inputs  {total / (now - start):7.0f}/s  findings {found}",
                      flush=True)
    except (KeyboardInterrupt, SystemExit):
        print("\ninterrupted", flush=True)
    finally:
        pool_exec.shutdown(wait=True)
        for w in workers.values():
            w.stop()
    elapsed = time.monotonic() - start
    print(f"\n{total} inputs in {elapsed:.0f} s ({total / max(elapsed, 1e-9):.0f}/s), seed {args.seed}")
    width = max(len(c) for c in CLASSES)
    print(f"{'class':<{width}}  " + "  ".join(f"{t:>9}" for t in targets) + f"  {'total':>10}")
    for c in CLASSES:
        row = [counts[t][c] for t in targets]
        print(f"{c:<{width}}  " + "  ".join(f"{v:>9}" for v in row) + f"  {sum(row):>10}")
    found = sum(c[k] for c in counts.values() for k in FINDINGS)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
