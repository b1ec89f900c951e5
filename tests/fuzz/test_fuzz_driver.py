"""bench/fuzz.py's driver classifies a worker that computes forever, one that blocks and one that
dies, restarts it, and still runs every input of the batch (its own ``selftest`` target)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_hang_block_and_crash_are_found_and_the_batch_goes_on() -> None:
    p = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "fuzz.py"), "--targets", "selftest", "--max-inputs", "6",
         "--timeout", "0.5", "--batch", "6", "--seconds", "120"],
        capture_output=True, text=True, timeout=180)
    assert p.returncode == 1, p.stdout + p.stderr  # findings exit 1
    rows = {m[1]: int(m[2]) for m in re.finditer(r"^(ok|hang|crash|internal error)\s+(\d+)", p.stdout, re.M)}
    # the six seeds in order: ok, crash, ok, hang (CPU-bound), ok, block (sleeps: caught by the wall clock)
    assert rows == {"ok": 3, "hang": 2, "crash": 1, "internal error": 0}, p.stdout
    assert "6 inputs in" in p.stdout


def _table(jobs: int) -> str:
    p = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "fuzz.py"), "--targets", "pir,feeds", "--max-inputs", "192",
         "--batch", "32", "--seed", "3", "--seconds", "300", "--jobs", str(jobs)],
        capture_output=True, text=True, timeout=400)
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout[p.stdout.index("class "):]


def test_parallel_workers_run_the_same_inputs_as_one() -> None:
    """--jobs only changes how many workers are busy at once: the same seed gives the same outcome table."""
    one, two = _table(1), _table(2)
    assert one == two
    assert re.search(r"^ok\s+[1-9]", one, re.M), one  # the seeds run (a table of nothing would also be equal)
