"""Run every benchmark in bench/ and print one summary table (``make bench``).

    .venv/bin/python bench/all.py                 # every benchmark, each with its default arguments
    .venv/bin/python bench/all.py fuse translate  # only these (script names without .py)

Each script runs in its own process with the same interpreter; its full output goes to
``out/bench/<name>.log`` and the table lists the exit status, the wall time and the last line
it printed (each script ends with its headline figure).  Scripts that need a GPU
(``gpu_kernels.py``) run in their ``--dry-run`` form when no GPU is present and say so.
Exit status: 1 when any benchmark failed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: script -> arguments (every script in bench/ except helpers imported by others)
BENCHMARKS: dict[str, list[str]] = {
    "frontend": [],
    "translate": [],
    "fuse": [],
    "run": [],
    "kernels": ["--no-paddle"],
    "kernels_micro": [],
    "op_kernels": [],
    "vec_math": [],
    "stream": [],
    "gpu_kernels": [],
}
HELPERS = {"all", "timing", "peers"}


def _has_gpu() -> bool:
    try:
        from pirc.cinn.backend.launch import cuda_device_available

        return bool(cuda_device_available())
    except Exception:  # noqa: BLE001 - no cuda-python: no GPU as far as pirc can tell
        return False


def main(argv: list[str]) -> int:
    names = argv or [n for n in BENCHMARKS if (HERE / f"{n}.py").exists()]
    names += [] if argv else sorted(p.stem for p in HERE.glob("*.py")
                                    if p.stem not in BENCHMARKS and p.stem not in HELPERS)
    logs = HERE.parent / "out" / "bench"
    logs.mkdir(parents=True, exist_ok=True)
    gpu = _has_gpu()
    rows: list[list[str]] = []
    failed = False
    for name in names:
        args = list(BENCHMARKS.get(name, []))
        note = ""
        if name == "gpu_kernels" and not gpu:
            args, note = ["--dry-run"], "(no GPU: --dry-run) "
        t0 = time.perf_counter()
        p = subprocess.run([sys.executable, str(HERE / f"{name}.py"), *args], capture_output=True, text=True,
                           cwd=HERE.parent, env={**os.environ, "PIRC_PROGRESS": "0"})
        wall = time.perf_counter() - t0
        (logs / f"{name}.log").write_text(p.stdout + p.stderr)
        lines = [" ".join(ln.replace("│", " ").replace("┃", " ").split()) for ln in p.stdout.splitlines()
                 if any(c.isalnum() for c in ln)]  # not the rules and borders of a table
        last = lines[-1] if lines else (p.stderr.strip().splitlines() or [""])[-1]
        failed |= p.returncode != 0
        rows.append([name, "ok" if p.returncode == 0 else f"FAILED ({p.returncode})", f"{wall:.1f}",
                     note + last[:100]])
        print(f"{name}: {rows[-1][1]} in {rows[-1][2]} s", file=sys.stderr, flush=True)
    sys.path.insert(0, str(HERE.parent))
    from pirc.tables import print_table

    print_table("benchmarks (full output in out/bench/<name>.log)", ["benchmark", "status", "wall (s)", "headline"],
                rows, right=(2,))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
