#!/usr/bin/env python
"""Benchmark of pirc-translate: time to translate the largest corpus model.

Picks the model of tests/translate/corpus with the most legacy ops (all blocks
counted) and times, for each of its three forms (ProgramDesc JSON, binary
.pdmodel, PIR JSON), the median over ``--repeat`` runs of

* load + translate: content detection, parsing, ProgramTranslator (or the
  PIR JSON reader), from the bytes already in memory;
* print: the PIR text;
* end to end: both, plus reading the file.

A synthetic model (``--scale N``: the largest model's block-0 ops repeated N
times with renamed variables) shows how the time grows with the op count.
Target: under a second for every corpus form.

    .venv/bin/python bench/translate.py
    .venv/bin/python bench/translate.py --repeat 50 --scale 40
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pirc.text.printer import print_program  # noqa: E402
from pirc.translate import framework_pb2 as pb  # noqa: E402
from pirc.translate.frontend import load_model  # noqa: E402

CORPUS = ROOT / "tests" / "translate" / "corpus"
FORMS = [("ProgramDesc JSON", "prog.json"), ("binary .pdmodel", "model.pdmodel"), ("PIR JSON", "pir/model.json")]
TARGET_S = 1.0


def legacy_op_count(model: Path) -> int:
    msg = pb.ProgramDesc.FromString((model / "model.pdmodel").read_bytes())
    return sum(len(b.ops) for b in msg.blocks)


def time_it(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def scaled_model(model: Path, n: int) -> bytes:
    """The model's block-0 body repeated n times (variables renamed per copy) as a .pdmodel."""
    msg = pb.ProgramDesc.FromString((model / "model.pdmodel").read_bytes())
    if len(msg.blocks) != 1:
        raise SystemExit("--scale needs a single-block model")
    block = msg.blocks[0]
    body = [op for op in block.ops if op.type not in ("feed", "fetch")]
    persist = {v.name for v in block.vars if v.persistable}
    feeds = {a for op in block.ops if op.type == "feed" for v in op.outputs for a in v.arguments}
    keep = persist | feeds
    new_vars = [v for v in block.vars if v.name in keep]
    inner = [v for v in block.vars if v.name not in keep]
    ops = [op for op in block.ops if op.type == "feed"]
    for i in range(n):
        def rn(name: str) -> str:
            return name if name in keep else f"{name}@{i}"

        for v in inner:
            nv = type(v)()
            nv.CopyFrom(v)
            nv.name = rn(v.name)
            new_vars.append(nv)
        for op in body:
            no = type(op)()
            no.CopyFrom(op)
            for slot in list(no.inputs) + list(no.outputs):
                args = [rn(a) for a in slot.arguments]
                del slot.arguments[:]
                slot.arguments.extend(args)
            ops.append(no)
    del block.vars[:]
    block.vars.extend(new_vars)
    del block.ops[:]
    block.ops.extend(ops)
    return msg.SerializeToString()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--scale", type=int, default=20, help="copies of the largest single-block model (0: skip)")
    ap.add_argument("--json", default=None, help="also write the figures as JSON")
    args = ap.parse_args()

    models = sorted(p.parent for p in CORPUS.glob("*/model.pdmodel"))
    largest = max(models, key=legacy_op_count)
    n_legacy = legacy_op_count(largest)

    rows = []
    for label, rel in FORMS:
        path = largest / rel
        data = path.read_bytes()
        m = load_model(data, str(path))  # warm-up (imports, caches)
        n_pir = sum(1 for _ in m.program.walk())
        t_load = time_it(lambda: load_model(data, str(path)), args.repeat)
        t_print = time_it(lambda: print_program(m.program), args.repeat)
        t_e2e = time_it(lambda: print_program(load_model(path.read_bytes(), str(path)).program), args.repeat)
        rows.append({"form": label, "file": str(path.relative_to(ROOT)), "bytes": len(data), "legacy_ops": n_legacy,
                     "pir_ops": n_pir, "load_translate_ms": t_load * 1e3, "print_ms": t_print * 1e3,
                     "end_to_end_ms": t_e2e * 1e3})

    scale_rows = []
    if args.scale:
        single = [m for m in models if len(pb.ProgramDesc.FromString((m / "model.pdmodel").read_bytes()).blocks) == 1]
        base = max(single, key=legacy_op_count)
        data = scaled_model(base, args.scale)
        m = load_model(data, "scaled.pdmodel")
        n_pir = sum(1 for _ in m.program.walk())
        n_leg = sum(len(b.ops) for b in pb.ProgramDesc.FromString(data).blocks)
        t_load = time_it(lambda: load_model(data, "scaled.pdmodel"), max(3, args.repeat // 4))
        t_print = time_it(lambda: print_program(m.program), max(3, args.repeat // 4))
        scale_rows.append({"form": f"binary .pdmodel, {base.name} x{args.scale}", "bytes": len(data), "legacy_ops": n_leg,
                           "pir_ops": n_pir, "load_translate_ms": t_load * 1e3, "print_ms": t_print * 1e3,
                           "end_to_end_ms": (t_load + t_print) * 1e3})

    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:  # pragma: no cover
        for r in rows + scale_rows:
            print(r)
    else:
        table = Table(title=f"pirc-translate: {largest.name} ({n_legacy} legacy ops, largest corpus model), "
                            f"median of {args.repeat} runs", title_justify="left")
        for col in ("form", "bytes", "legacy ops", "PIR ops", "load+translate (ms)", "print (ms)", "end to end (ms)",
                    f"< {TARGET_S:g} s"):
            table.add_column(col, justify="left" if col == "form" else "right")
        for r in rows + scale_rows:
            ok = r["end_to_end_ms"] < TARGET_S * 1e3
            table.add_row(r["form"], str(r["bytes"]), str(r["legacy_ops"]), str(r["pir_ops"]),
                          f"{r['load_translate_ms']:.2f}", f"{r['print_ms']:.2f}", f"{r['end_to_end_ms']:.2f}",
                          "[green]yes[/]" if ok else "[red]no[/]")
        Console(width=160).print(table)
    if args.json:
        Path(args.json).write_text(json.dumps({"model": largest.name, "rows": rows, "scaled": scale_rows}, indent=2))


if __name__ == "__main__":
    main()
