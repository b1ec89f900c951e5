#!/usr/bin/env python
"""Peak live memory of every corpus model before and after the ``inplace`` pass, as
``pirc-run --profile`` reports it (run from the repository root with the project venv):

    .venv/bin/python bench/inplace_memory.py [--models mlp,lenet]

For each model: the ops the pass rewrote, peak bytes without and with it, and whether the
results are the same (``--expect`` against the corpus outputs).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
CORPUS = ROOT / "tests" / "corpus"


def peak(program: Path, model: Path) -> tuple[int, bool]:
    cmd = [str(BIN / "pirc-run"), str(program), "--profile", "--threads", "1", "-o", str(program.with_suffix(".npz"))]
    if (model / "params.npz").exists():
        cmd += ["--params", str(model / "params.npz")]
    if (model / "feeds.npz").exists():
        cmd += ["--feed", str(model / "feeds.npz")]
    if (model / "outputs.npz").exists():
        cmd += ["--expect", str(model / "outputs.npz")]
    p = subprocess.run(cmd, capture_output=True, text=True, check=False)
    m = re.search(r"peak live memory: .*\((\d+) bytes\)", p.stderr)
    return (int(m.group(1)) if m else -1), p.returncode == 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--models", help="comma-separated corpus model names (default: every model with a program.pir)")
    args = ap.parse_args()
    names = args.models.split(",") if args.models else sorted(
        d.name for d in CORPUS.iterdir() if (d / "program.pir").exists() and not d.name.startswith("bench_"))
    print(f"{'model':28} {'rewritten':>9} {'peak before':>12} {'peak after':>12} {'ratio':>6}  same results")
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            model = CORPUS / name
            src = model / "program.pir"
            after = Path(tmp) / f"{name}.inplace.pir"
            subprocess.run([str(BIN / "pirc-opt"), str(src), "-p", "inplace", "-o", str(after)], check=True)
            n = len(re.findall(r'"pd_op\.\w+_"', after.read_text())) - len(re.findall(r'"pd_op\.\w+_"', src.read_text()))
            b, ok_b = peak(src, model)
            a, ok_a = peak(after, model)
            ratio = f"{a / b:.2f}" if b > 0 else "-"
            print(f"{name:28} {n:9d} {b:12d} {a:12d} {ratio:>6}  {'yes' if ok_a and ok_b else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
