"""Long mutation-fuzzing runs over pirc's readers, printers and code generators.

    python bench/fuzz.py --seconds 600
    python bench/fuzz.py --seconds 3600 --targets pir,model --save findings/

Inputs are mutated from the seeds in the tree (tests/fuzz/fuzz_targets.py: the corpus
programs, .ast files, ProgramDesc JSON / .pdmodel / PIR JSON models, .npy/.npz feeds), with
inputs that were accepted added to the pool.  Each target runs in a worker process; an input
that takes longer than ``--timeout`` seconds is a **hang** (the worker is killed and restarted),
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
import time
from collections import Counter
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


def worker(target: str, mem_mb: int) -> None:
    """Read length-prefixed inputs on stdin; answer ``class\\tdetail`` lines on stdout."""
    if mem_mb:
        lim = mem_mb << 20
        resource.setrlimit(resource.RLIMIT_AS, (lim, lim))
    sys.setrecursionlimit(20000)
    import warnings

    warnings.simplefilter("ignore")
    from fuzz_targets import run_one

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
        out.write(f"{cls}\t{detail}".replace("\n", " ").encode("utf-8", "replace") + b"\n")
        out.flush()


class Worker:
    def __init__(self, target: str, mem_mb: int) -> None:
        self.target = target
        self.mem_mb = mem_mb
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--worker", self.target, "--mem-mb", str(self.mem_mb)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        line = self._readline(120.0)
        if line != b"ready\n":
            raise RuntimeError(f"the {self.target} worker did not start")

    def _readline(self, timeout: float) -> bytes | None:
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        r, _, _ = select.select([fd], [], [], timeout)
        if not r:
            return None
        return self.proc.stdout.readline()

    def run(self, data: bytes, timeout: float) -> tuple[str, str]:
        assert self.proc is not None and self.proc.stdin is not None
        try:
            self.proc.stdin.write(struct.pack("<I", len(data)) + data)
            self.proc.stdin.flush()
        except BrokenPipeError:
            return self._restart("crash", "the worker had exited")
        line = self._readline(timeout)
        if line is None:
            return self._restart("hang", f"no answer within {timeout:g} s")
        if not line:
            code = self.proc.wait()
            return self._restart("crash", f"the worker died (exit status {code})")
        cls, _, detail = line.decode("utf-8", "replace").rstrip("\n").partition("\t")
        return cls, detail

    def _restart(self, cls: str, detail: str) -> tuple[str, str]:
        self.stop()
        self.start()
        return cls, detail

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
    ap.add_argument("--targets", default="pir,ast,model,feeds", help="Comma-separated: pir, ast, model, feeds.")
    ap.add_argument("--seed", type=int, default=0, help="Random seed (default 0).")
    ap.add_argument("--timeout", type=float, default=10.0, help="Seconds before an input counts as a hang.")
    ap.add_argument("--mem-mb", type=int, default=4096, help="Address-space limit of a worker (MiB; 0: none).")
    ap.add_argument("--report", type=float, default=60.0, help="Seconds between progress lines.")
    ap.add_argument("--save", default=None, metavar="DIR", help="Keep the input of every finding in DIR.")
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
    pools = {t: seeds(t) for t in targets}
    n_seeds = {t: len(p) for t, p in pools.items()}
    workers = {t: Worker(t, args.mem_mb) for t in targets}
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
    try:
        while time.monotonic() < deadline and (not args.max_inputs or total < args.max_inputs):
            for t in targets:
                pool = pools[t]
                if seed_index[t] < n_seeds[t]:  # every seed once, unmutated
                    data = pool[seed_index[t]]
                    seed_index[t] += 1
                else:
                    data = mutate(rnd.choice(pool), rnd, pool, t)
                cls, detail = workers[t].run(data, args.timeout)
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
