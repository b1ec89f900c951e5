#!/usr/bin/env python
"""One answer for every backend (issue 29): random programs of mixed ops through the interpreter and
``--backend cinn`` (with and without the ahead-of-time host program), compared output by output.

The programs come from tests/differential/programs.py (see its docstring), 16 to a batch so that a batch
compiles once; Hypothesis draws them from ``--seed``.  A batch whose backends disagree (or that raises) is
split into its programs, each run again alone, and every program that still disagrees is written to
``--save DIR`` (program.pir, feeds.npz, what differed).  Prints a table at the end; exits 1 on any finding.

    .venv/bin/python bench/differential.py --programs 10000
    .venv/bin/python bench/differential.py --programs 320 --seed 7 --save out/differential
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "differential"))

import numpy as np  # noqa: E402
from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.progress import Progress  # noqa: E402
from rich.table import Table  # noqa: E402

from backends import compare, run_all  # noqa: E402
from programs import Drawn, merge, program  # noqa: E402

BATCH = 16


def _check(d: Drawn) -> list[str]:
    """What differs on ``d`` (empty: every backend agrees)."""
    try:
        results, _ = run_all(d.text(), d.feeds)
    except Exception as e:  # noqa: BLE001 - a program the pipeline cannot take is a finding
        return [f"{type(e).__name__}: {str(e)[:300]}"]
    return [f"{b.backend} {b.output}: {b.detail}" for b in compare(results)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--programs", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", type=Path, help="write each disagreeing program here")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    a = ap.parse_args(argv)
    batches = max(1, (a.programs + BATCH - 1) // BATCH)
    console = Console(stderr=True)
    stats = {"programs": 0, "batches": 0, "outputs": 0, "aot used": 0, "fetch-less": 0, "findings": 0}
    findings: list[tuple[str, list[str]]] = []
    t0 = time.perf_counter()

    with Progress(console=console, transient=True) as bar:
        task = bar.add_task("random programs", total=batches * BATCH)

        @seed(a.seed)
        @settings(max_examples=batches, deadline=None, database=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(st.data())
        def run(data: st.DataObject) -> None:
            fetch = data.draw(st.booleans())
            progs = [data.draw(program(prefix=f"p{k}_", fetch=fetch)) for k in range(BATCH)]
            whole = merge(progs)
            stats["batches"] += 1
            stats["programs"] += len(progs)
            stats["fetch-less"] += 0 if fetch else len(progs)
            try:
                results, status = run_all(whole.text(), whole.feeds)
                problems = [f"{b.backend} {b.output}: {b.detail}" for b in compare(results)]
                stats["outputs"] += len(results["interp"])
                stats["aot used"] += status.startswith("AOT: used")
            except Exception as e:  # noqa: BLE001
                problems = [f"{type(e).__name__}: {str(e)[:300]}"]
            if problems:
                before = len(findings)
                for p in progs:  # which program of the batch
                    alone = _check(p)
                    if alone:
                        findings.append((p.text(), alone))
                        if a.save:
                            d = a.save / f"finding-{len(findings)}"
                            d.mkdir(parents=True, exist_ok=True)
                            (d / "program.pir").write_text(p.text())
                            np.savez(d / "feeds.npz", **p.feeds)
                            (d / "differs.txt").write_text("\n".join(alone) + "\n")
                if len(findings) == before:  # the batch disagreed but no program alone does: keep the batch
                    findings.append((whole.text(), problems))
            bar.advance(task, len(progs))

        run()
    stats["findings"] = len(findings)
    seconds = time.perf_counter() - t0
    table = Table(title=f"backends against the interpreter ({seconds:.0f} s)")
    for k in stats:
        table.add_column(k, justify="right")
    table.add_row(*(str(v) for v in stats.values()))
    console.print(table)
    for text, problems in findings[:10]:
        console.print(f"[bold red]finding[/]: {'; '.join(problems)}", markup=True)
        console.print(text, markup=False, highlight=False)
    if a.json:
        a.json.write_text(json.dumps({**stats, "seconds": seconds, "findings": [p for _, p in findings]}, indent=1))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
