#!/usr/bin/env python
"""Op coverage: which ops of Paddle's inference models pirc does not know, and how many of
Paddle's ops pirc defines.

    python bench/coverage.py            # table per model + the audit of Paddle's op list
    python bench/coverage.py --missing  # also list every Paddle inference op pirc lacks
    python bench/coverage.py --json     # the same figures as JSON
    python bench/coverage.py --ops      # also the per-op table (defined / run-checked / compiled)

Inputs (all committed; Paddle is not needed):
* tests/corpus/COVERAGE.json: the coverage model set written by
  tests/corpus/generate_coverage.py (OCR, detection, segmentation, NLP, speech models
  re-created in paddle.nn); each model's ops are read from its program.pir;
* tests/corpus/paddle_ops.json: Paddle's op list, extracted by the same generator
  (``pd_op_forward``: every non-gradient op of the pd_op dialect; ``inference_common``: the
  ops Paddle's deployment exporter converts).

An op is "defined" when pirc has an OpDef for it (operands, shape rule, numpy kernel) or it is
a registered region / builtin op.

The forward-op table (issue 29) is over Paddle's forward ops that have a CPU kernel, less the
communication / distributed ops: the denominator is tests/corpus/paddle_ops.json's
``pd_op_forward`` minus tests/ops/EXCLUSIONS.json (each with its category and reason; both
written by tests/ops/generate.py from Paddle's kernel registry).  Per op:

* defined: as above;
* run-checked: it has committed cases (tests/ops/cases, Paddle's programs and numbers) and the
  interpreter check of none of them is a known gap (tests/ops/KNOWN_GAPS.json; the test
  tests/ops/test_pd_op_cases.py keeps that list exact);
* compiled: a case of it ends up inside a ``cinn_op.group`` after the CINN front end (nothing but
  plumbing left outside) and the ``--backend cinn`` check of none of its cases is a known gap.  The exit status is 1 when a model of the set uses an op
pirc does not define.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pirc.dialects.all  # noqa: F401  (registers every dialect)
from pirc.dialects.opdef import OP_DEFS
from pirc.ir.opinfo import get_op_info

CORPUS = ROOT / "tests" / "corpus"
OPS = ROOT / "tests" / "ops"
sys.path.insert(0, str(OPS))
_IO_OPS = frozenset({"pd_op.data", "pd_op.feed", "pd_op.fetch", "pd_op.shadow_feed"})
_OP = re.compile(r'=\s*"([A-Za-z_]\w*\.\w+)"\s*\(')


def defined(name: str) -> bool:
    """pirc defines the op: an OpDef with a kernel, or a registered region / builtin op."""
    if name.startswith("pd_op."):
        d = OP_DEFS.get(name)
        if d is not None:  # feed / fetch / data have no kernel: the interpreter binds them itself
            return (d.kernel is not None and d.infer_meta is not None) or name in _IO_OPS
        return "control_flow" in get_op_info(name).traits
    return get_op_info(name).registered


def model_ops(name: str) -> list[str]:
    return sorted(set(_OP.findall((CORPUS / name / "program.pir").read_text())))


def report() -> dict:
    models = json.loads((CORPUS / "COVERAGE.json").read_text())["models"]
    paddle = json.loads((CORPUS / "paddle_ops.json").read_text())
    rows = []
    for m in models:
        ops = model_ops(m["name"])
        rows.append(dict(model=m["name"], ops=len(ops), unknown=[o for o in ops if not defined(o)]))
    used = sorted({o for m in models for o in model_ops(m["name"]) if o.startswith("pd_op.")})
    fwd = ["pd_op." + n for n in paddle["pd_op_forward"]]
    common = ["pd_op." + n for n in paddle["inference_common"]]
    return dict(
        paddle_version=paddle["paddle_version"],
        models=rows,
        set_ops=dict(total=len(used), defined=sum(defined(o) for o in used)),
        inference_common=dict(total=len(common), defined=sum(defined(o) for o in common),
                              missing=[o for o in common if not defined(o)]),
        pd_op_forward=dict(total=len(fwd), defined=sum(defined(o) for o in fwd),
                           missing=[o for o in fwd if not defined(o)]),
    )


def op_table() -> dict:
    """The issue-29 table: per forward CPU op, defined / run-checked / compiled."""
    import opcases

    paddle = json.loads((CORPUS / "paddle_ops.json").read_text())
    excl = json.loads((OPS / "EXCLUSIONS.json").read_text())
    ops = [n for n in paddle["pd_op_forward"] if n not in excl["ops"]]
    by_op: dict[str, list] = {}
    for c in opcases.all_cases():
        by_op.setdefault(c.op, []).append(c)
    rows = []
    for n in ops:
        name = "pd_op." + n
        cases = by_op.get(name, [])
        checked = bool(cases) and not any(opcases.known_gap(c, "interp") for c in cases)
        compiled = (bool(cases) and not any(opcases.known_gap(c, "cinn") for c in cases)
                    and any(opcases.lands_in_group(c) for c in cases[:3]))
        rows.append(dict(op=n, defined=defined(name), cases=len(cases), run_checked=checked, compiled=compiled))
    cats: dict[str, list[str]] = {}
    for n, e in excl["ops"].items():
        cats.setdefault(e["category"], []).append(n)
    total = len(rows)
    return dict(
        denominator=total,
        denominator_how=f"{len(paddle['pd_op_forward'])} forward pd_op ops - {len(excl['ops'])} excluded",
        defined=sum(r["defined"] for r in rows), run_checked=sum(r["run_checked"] for r in rows),
        compiled=sum(r["compiled"] for r in rows), cases=sum(r["cases"] for r in rows),
        exclusions={c: dict(reason=excl["categories"][c], ops=sorted(v)) for c, v in sorted(cats.items())},
        ops=rows,
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--missing", action="store_true", help="list the common inference ops pirc lacks")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--ops", action="store_true", help="print the per-op table of the forward CPU ops")
    args = ap.parse_args(argv)
    r = report()
    r["forward_cpu_ops"] = t = op_table()
    if args.json:
        print(json.dumps(r, indent=1))
    else:
        print(f"Paddle {r['paddle_version']} models (tests/corpus/COVERAGE.json)")
        w = max(len(m["model"]) for m in r["models"])
        print(f"  {'model':<{w}}  ops  unknown to pirc")
        for m in r["models"]:
            print(f"  {m['model']:<{w}}  {m['ops']:>3}  {', '.join(m['unknown']) or '-'}")
        s = r["set_ops"]
        print(f"pd_op kinds the set uses: {s['defined']}/{s['total']} defined")
        c, f = r["inference_common"], r["pd_op_forward"]
        print(f"Paddle's common inference ops (paddle2onnx's list): {c['defined']}/{c['total']} defined "
              f"({100 * c['defined'] / c['total']:.0f}%)")
        print(f"every non-gradient pd_op op: {f['defined']}/{f['total']} defined "
              f"({100 * f['defined'] / f['total']:.0f}%)")
        if args.missing:
            print("common inference ops pirc lacks: " + (" ".join(o[6:] for o in c["missing"]) or "none"))
        d = t["denominator"]
        print(f"forward ops with a CPU kernel, less communication / distributed ones: {d} "
              f"({t['denominator_how']}); exclusions (tests/ops/EXCLUSIONS.json):")
        for cat, e in t["exclusions"].items():
            print(f"  {cat} ({len(e['ops'])}): {e['reason']}")
            print("    " + " ".join(e["ops"]))
        if args.ops:
            print(f"  {'op':<40} defined  cases  run-checked  compiled")
            for row in t["ops"]:
                yn = lambda b: "yes" if b else "-"  # noqa: E731
                print(f"  {row['op']:<40} {yn(row['defined']):<8} {row['cases']:>5}  {yn(row['run_checked']):<11}  "
                      f"{yn(row['compiled'])}")
        if args.missing:
            print("forward CPU ops pirc lacks: " + " ".join(row["op"] for row in t["ops"] if not row["defined"]))
        print(f"forward CPU ops: {t['defined']}/{d} defined ({100 * t['defined'] / d:.0f}%), "
              f"{t['run_checked']}/{d} run-checked against Paddle ({100 * t['run_checked'] / d:.0f}%), "
              f"{t['compiled']}/{d} compiled ({100 * t['compiled'] / d:.0f}%); {t['cases']} cases")
    return 1 if any(m["unknown"] for m in r["models"]) else 0


if __name__ == "__main__":
    sys.exit(main())
