#!/usr/bin/env python
"""Run every committed op case through the three checks and rewrite tests/ops/KNOWN_GAPS.json
from what fails (pirc's venv; no Paddle).

    python tests/ops/update_gaps.py [-j N] [--only OP]...

An op whose every case fails a check gets one ``"<op>"`` entry, otherwise each failing case
gets a ``"<op>/<case>"`` entry; the reason is the first failure's message (``pirc has no
definition of ...`` for an op pirc does not know).  Hand-written reasons of entries that still
fail are kept.  tests/ops/test_pd_op_cases.py fails when a listed check passes, so rerun this after
adding an op and review the diff.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

import opcases  # noqa: E402


def _one(args: tuple[str, str, str]) -> tuple[str, str, str, str | None]:
    op, name, check = args
    c = next(x for x in opcases.all_cases() if x.op == op and x.name == name)
    return op, name, check, opcases.run_check(c, check)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--checks", default=",".join(opcases.CHECKS))
    a = ap.parse_args(argv)
    import pirc.dialects.all  # noqa: F401
    from pirc.dialects.opdef import OP_DEFS

    only = {o if o.startswith("pd_op.") else "pd_op." + o for o in a.only}
    checks = a.checks.split(",")
    cases = [c for c in opcases.all_cases() if not only or c.op in only]
    work = [(c.op, c.name, k) for c in cases for k in checks]
    with ProcessPoolExecutor(a.j) as ex:
        results = list(ex.map(_one, work, chunksize=8))
    old = opcases.gaps()
    new = {k: v for k, v in old.items() if (k.split("/")[0] not in {c.op for c in cases})
           or not set(v) <= set(checks)}
    for k in list(new):
        if k.split("/")[0] in {c.op for c in cases}:
            new[k] = {ck: r for ck, r in new[k].items() if ck not in checks}
            if not new[k]:
                del new[k]
    by_op: dict[str, dict[str, list]] = {}
    for op, name, check, err in results:
        by_op.setdefault(op, {}).setdefault(check, []).append((name, err))
    for op, per in sorted(by_op.items()):
        for check, rows in per.items():
            fails = [(n, e) for n, e in rows if e is not None]
            if not fails:
                continue
            undefined = op not in OP_DEFS

            def reason(key: str, err: str) -> str:
                kept = old.get(key, {}).get(check)
                if kept and not kept.startswith("auto: ") and not kept.startswith("pirc has no definition"):
                    return kept
                return f"pirc has no definition of {op}" if undefined and check != "text" else "auto: " + err

            if len(fails) == len(rows):
                new.setdefault(op, {})[check] = reason(op, fails[0][1])
            else:
                for n, e in fails:
                    new.setdefault(f"{op}/{n}", {})[check] = reason(f"{op}/{n}", e)
    doc = dict(
        how="written by tests/ops/update_gaps.py from the checks that fail; tests/ops/test_pd_op_cases.py "
            "fails when a listed check passes (remove the entry) or an unlisted one fails. "
            "Key: '<op>' (every case of the op) or '<op>/<case>'; value: check -> reason. "
            "'auto: ' reasons are pirc's first error message; edit them into a reason when known.",
        gaps=dict(sorted(new.items())),
    )
    opcases.GAPS_FILE.write_text(json.dumps(doc, indent=1) + "\n")
    n = sum(len(v) for v in new.values())
    print(f"{len(results)} checks of {len(cases)} cases; {sum(e is not None for *_, e in results)} fail; "
          f"{len(new)} gap entries ({n} checks)")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PIRC_THREADS", "1")
    sys.exit(main())
