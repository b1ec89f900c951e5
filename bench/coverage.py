#!/usr/bin/env python
"""Op coverage: which ops of Paddle's inference models pirc does not know, and how many of
Paddle's ops pirc defines.

    python bench/coverage.py            # table per model + the audit of Paddle's op list
    python bench/coverage.py --missing  # also list every Paddle inference op pirc lacks
    python bench/coverage.py --json     # the same figures as JSON

Inputs (all committed; Paddle is not needed):
* tests/corpus/COVERAGE.json: the coverage model set written by
  tests/corpus/generate_coverage.py (OCR, detection, segmentation, NLP, speech models
  re-created in paddle.nn); each model's ops are read from its program.pir;
* tests/corpus/paddle_ops.json: Paddle's op list, extracted by the same generator
  (``pd_op_forward``: every non-gradient op of the pd_op dialect; ``inference_common``: the
  ops Paddle's deployment exporter converts).

An op is "defined" when pirc has an OpDef for it (operands, shape rule, numpy kernel) or it is
a registered region / builtin op.  The exit status is 1 when a model of the set uses an op
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--missing", action="store_true", help="list the common inference ops pirc lacks")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    r = report()
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
    return 1 if any(m["unknown"] for m in r["models"]) else 0


if __name__ == "__main__":
    sys.exit(main())
