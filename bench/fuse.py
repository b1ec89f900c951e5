"""CINN front-end throughput: pd_to_cinn, add_broadcast_to_elementwise and build_cinn_pass
over Paddle-printed programs of 10k and 100k ops, and its linearity.

    .venv/bin/python bench/fuse.py                    # bench/data/chain10k.pir and chain100k.pir.gz
    .venv/bin/python bench/fuse.py --synthetic        # also a 10k/100k pure elementwise chain (one group)
    .venv/bin/python bench/fuse.py A.pir B.pir.gz     # any programs (the first is the small one)

For each program: the seconds of each pass (median of --repeat runs on fresh
parses, garbage collector on, as in the CLI), the verifier after the pipeline,
the printer, the groups made, and the whole ``pirc-opt --build-cinn FILE -o
/dev/null`` command (start-up included).  Linearity: the time ratio between the
big and the small program against their op ratio (target: at most 1.1x the op
ratio, i.e. 10x the ops in at most 11x the time), and build_cinn_pass under 10 s
at 100k ops.
"""

from __future__ import annotations

import argparse
import gc
import gzip
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pirc.passes.all  # noqa: F401
from pirc.ir.verifier import verify
from pirc.passes.manager import parse_pipeline
from pirc.text.parser import parse_program
from pirc.text.printer import print_program

STAGES = ("pd_to_cinn", "add_broadcast_to_elementwise", "build_cinn_pass")


def load(path: Path) -> str:
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return data.decode()


def synthetic_chain(n: int) -> str:
    """x -> n elementwise ops alternating unary and binary (one group when fused)."""
    t = "tensor<-1x64xf32>"
    data = (f'    (%0) = "pd_op.data" () {{dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,64],'
            f'stop_gradient:[true]}} : () -> {t}')
    lines = ["{", data]
    unary = ("tanh", "relu", "exp", "sin")
    for i in range(1, n + 1):
        if i % 3 == 0:
            lines.append(f'    (%{i}) = "pd_op.add" (%{i - 1}, %{max(0, i - 3)}) {{stop_gradient:[true]}} : '
                         f'({t}, {t}) -> {t}')
        else:
            lines.append(f'    (%{i}) = "pd_op.{unary[i % 4]}" (%{i - 1}) {{stop_gradient:[true]}} : ({t}) -> {t}')
    lines.append(f'    (%{n + 1}) = "pd_op.fetch" (%{n}) {{col:0,name:"out",persistable:[true],stop_gradient:[true]}} '
                 f': ({t}) -> {t}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def run_once(text: str) -> dict[str, float | int]:
    gc.collect()
    t0 = time.perf_counter()
    prog = parse_program(text, "bench.pir")
    row: dict[str, float | int] = {"parse": time.perf_counter() - t0, "ops_in": prog.num_ops()}
    for p in parse_pipeline("build_cinn"):
        t0 = time.perf_counter()
        p.run(prog)
        row[p.name] = time.perf_counter() - t0
        if p.name == "build_cinn_pass":
            row["groups"] = p.num_groups  # type: ignore[attr-defined]
    t0 = time.perf_counter()
    diags = verify(prog)
    row["verify"] = time.perf_counter() - t0
    if diags:
        raise SystemExit(f"the fused program does not verify: {diags[0].message}")
    t0 = time.perf_counter()
    out = print_program(prog)
    row["print"] = time.perf_counter() - t0
    row["ops_out"] = prog.num_ops()
    row["bytes_out"] = len(out)
    return row


def measure(text: str, repeat: int) -> dict[str, float | int]:
    rows = [run_once(text) for _ in range(repeat)]
    med: dict[str, float | int] = {}
    for k in rows[0]:
        vals = [r[k] for r in rows]
        med[k] = statistics.median(vals) if isinstance(vals[0], float) else vals[0]
    med["front_end"] = sum(float(med[s]) for s in STAGES)
    return med


def cli_time(text: str, repeat: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "p.pir")
        Path(path).write_text(text)
        exe = str(Path(sys.executable).parent / "pirc-opt")
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            proc = subprocess.run([exe, path, "--build-cinn", "-o", os.devnull], capture_output=True, text=True,
                                  check=False)
            times.append(time.perf_counter() - t0)
            if proc.returncode != 0:
                raise SystemExit("pirc-opt --build-cinn failed:\n" + proc.stderr[:2000])
        return statistics.median(times)


def report(console: Console, title: str, pairs: list[tuple[str, str]], repeat: int, cli: bool) -> None:
    results = []
    for label, text in pairs:
        m = measure(text, repeat)
        if cli:
            m["cli"] = cli_time(text, max(1, repeat // 2))
        results.append((label, m))
    table = Table(title=f"{title} (median of {repeat})", title_justify="left")
    table.add_column("stage")
    for label, _ in results:
        table.add_column(label, justify="right")
    rows = [("ops in (all levels)", "ops_in", "{:,}"), ("ops out (all levels)", "ops_out", "{:,}"),
            ("groups", "groups", "{:,}"), ("parse (s)", "parse", "{:.3f}")]
    rows += [(f"{s} (s)", s, "{:.3f}") for s in STAGES]
    rows += [("front end = the three passes (s)", "front_end", "{:.3f}"), ("verify (s)", "verify", "{:.3f}"),
             ("print (s)", "print", "{:.3f}")]
    if cli:
        rows.append(("pirc-opt --build-cinn FILE -o /dev/null (s)", "cli", "{:.3f}"))
    for name, key, fmt in rows:
        table.add_row(name, *[fmt.format(m[key]) for _, m in results])
    table.add_row("build_cinn_pass ops/s", *[f"{int(m['ops_in']) / float(m['build_cinn_pass']):,.0f}"
                                             for _, m in results])
    console.print(table)
    if len(results) >= 2:
        (_, small), (lb, big) = results[0], results[-1]
        op_ratio = int(big["ops_in"]) / int(small["ops_in"])
        for key in ("build_cinn_pass", "front_end"):
            r = float(big[key]) / float(small[key])
            ok = r <= 1.1 * op_ratio
            console.print(f"linearity {key}: {op_ratio:.2f}x the ops took {r:.2f}x the time "
                          f"({'ok' if ok else 'NOT LINEAR'}: target at most {1.1 * op_ratio:.2f}x)")
        console.print(f"build_cinn_pass on {lb}: {float(big['build_cinn_pass']):.2f} s "
                      f"({'ok' if float(big['build_cinn_pass']) < 10 else 'OVER'}: target under 10 s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("programs", nargs="*", default=[str(ROOT / "bench/data/chain10k.pir"),
                                                    str(ROOT / "bench/data/chain100k.pir.gz")])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--synthetic", action="store_true", help="also a 10k / 100k pure elementwise chain")
    ap.add_argument("--no-cli", action="store_true", help="skip timing the pirc-opt command")
    args = ap.parse_args()
    console = Console()
    pairs = []
    for p in args.programs:
        path = Path(p)
        if not path.exists():
            raise SystemExit(f"{p} does not exist (regenerate bench/data with tests/corpus/generate.py --bench-only)")
        pairs.append((path.name, load(path)))
    report(console, "CINN front end on Paddle-printed programs", pairs, args.repeat, not args.no_cli)
    if args.synthetic:
        report(console, "CINN front end on a pure elementwise chain (one group)",
               [("chain 10k", synthetic_chain(10_000)), ("chain 100k", synthetic_chain(100_000))],
               args.repeat, not args.no_cli)


if __name__ == "__main__":
    main()
