"""Front-end throughput: parse, verify and print a Paddle-printed program, against xDSL.

    .venv/bin/python bench/frontend.py                 # the 100k-op program in bench/data
    .venv/bin/python bench/frontend.py --xdsl-ops 20000 # xDSL on a 20k-op prefix (its rate is linear)

Reports ops/s for each stage, the whole `pirc-opt FILE -o /dev/null` command
(start-up included), the time ratio between the full program and a 1/6 prefix
(linearity), and xDSL's parse and print rates on the same ops converted to
MLIR's generic form (xDSL is an optional peer: `pip install xdsl==0.74.0`).
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

from pirc.ir.attributes import (  # noqa: E402
    ArrayAttr, Attribute, BoolAttr, DataTypeAttr, FloatAttr, IntArrayAttr, IntAttr, StrAttr,
)
from pirc.ir.core import Block, Operation, Value  # noqa: E402
from pirc.ir.program import Program  # noqa: E402
from pirc.ir.types import DenseTensorType, Type, VectorType  # noqa: E402
from pirc.ir.verifier import verify  # noqa: E402
from pirc.text.parser import parse_program  # noqa: E402
from pirc.text.printer import print_program  # noqa: E402


def load(path: Path) -> str:
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return data.decode()


def prefix(text: str, fraction: float) -> str:
    """The first ``fraction`` of the top-level ops (cut at a top-level op boundary)."""
    lines = text.split("\n")
    top = [i for i, ln in enumerate(lines) if ln.startswith("    (") or ln.startswith('    () =')]
    cut = top[max(1, int(len(top) * fraction))]
    return "\n".join(lines[:cut]) + "\n}\n"


def timed(fn, repeat: int):  # type: ignore[no-untyped-def]
    times = []
    out = None
    for _ in range(repeat):
        gc.collect()
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


# --- MLIR generic form for xDSL ---------------------------------------------------------

_ELEM = {"b": "i1", "u8": "ui8", "index": "index"}


def mlir_type(t: Type) -> str:
    if isinstance(t, DenseTensorType):
        dims = "".join(("?" if d < 0 else str(d)) + "x" for d in t.dims)
        return f"tensor<{dims}{_ELEM.get(t.element.name, t.element.name)}>"
    if isinstance(t, VectorType):
        return "tuple<" + ", ".join(mlir_type(e) for e in t.elements) + ">"
    return "none"


def mlir_attr(a: Attribute) -> str:
    if isinstance(a, BoolAttr):
        return a.text
    if isinstance(a, IntAttr):
        return f"{a.value} : i64"
    if isinstance(a, FloatAttr):
        v = a.value
        return f"{v:.9e} : f64" if v == v and abs(v) != float("inf") else "0.0 : f64"
    if isinstance(a, StrAttr):
        return '"' + a.value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(a, (ArrayAttr,)):
        return "[" + ", ".join(mlir_attr(e) for e in a.elements) + "]"
    if isinstance(a, IntArrayAttr):
        return "[" + ", ".join(f"{v} : i64" for v in a.value) + "]"
    if isinstance(a, DataTypeAttr):
        return f'"{a.text}"'
    return '"' + a.text.replace('"', "'") + '"'


def to_mlir(program: Program) -> tuple[str, int]:
    names: dict[Value, str] = {}
    out: list[str] = ['"builtin.module"() ({']
    count = 0

    def name(v: Value | None) -> str:
        if v is None:
            return "%null"
        n = names.get(v)
        if n is None:
            n = names[v] = f"%v{len(names)}"
        return n

    def block(b: Block, indent: str) -> None:
        nonlocal count
        op = b.first_op
        while op is not None:
            emit(op, indent)
            count += 1
            op = op.next_op

    def emit(op: Operation, indent: str) -> None:
        res = ", ".join(name(r) for r in op.results)
        head = f"{indent}{res} = " if res else indent
        present = [o.value for o in op.operands if o.value is not None]  # MLIR has no null operand
        operands = ", ".join(name(v) for v in present)
        attrs = ", ".join(f"{k} = {mlir_attr(a)}" for k, a in op.attrs.items)
        regions = ""
        if op.regions:
            parts = []
            for r in op.regions:
                inner: list[str] = []
                saved = out[:]
                out.clear()
                for b in r.blocks:
                    block(b, indent + "  ")
                inner = out[:]
                out.clear()
                out.extend(saved)
                parts.append("{\n" + "\n".join(inner) + "\n" + indent + "}")
            regions = " (" + ", ".join(parts) + ")"
        otys = ", ".join(mlir_type(v.type) for v in present)
        rtys = ", ".join(mlir_type(r.type) for r in op.results)
        out.append(f'{head}"{op.name}"({operands}){regions} {{{attrs}}} : ({otys}) -> ({rtys})')

    block(program.block, "  ")
    out.append("}) : () -> ()")
    return "\n".join(out) + "\n", count


def bench_xdsl(mlir: str, n_ops: int) -> tuple[float, float] | None:
    try:
        from xdsl.context import Context
        from xdsl.parser import Parser
        from xdsl.printer import Printer
    except ImportError:
        return None
    import io

    ctx = Context(allow_unregistered=True)
    t0 = time.perf_counter()
    module = Parser(ctx, mlir).parse_module()
    parse_s = time.perf_counter() - t0
    buf = io.StringIO()
    t0 = time.perf_counter()
    Printer(stream=buf, print_generic_format=True).print_op(module)
    print_s = time.perf_counter() - t0
    return n_ops / parse_s, n_ops / print_s


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("program", nargs="?", default=str(ROOT / "bench/data/chain100k.pir.gz"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--xdsl-ops", type=int, default=20000, help="ops of the program xDSL parses (0: skip xDSL)")
    args = ap.parse_args()

    console = Console()
    text = load(Path(args.program))
    n_lines = text.count("\n")
    console.print(f"[bold]program[/]: {args.program} ({len(text) / 1e6:.1f} MB, {n_lines} lines)")

    t_parse, program = timed(lambda: parse_program(text, "bench.pir"), args.repeat)
    n_ops = program.num_ops()
    t_verify, diags = timed(lambda: verify(program), args.repeat)
    t_print, printed = timed(lambda: print_program(program), args.repeat)
    assert printed == text, "the program does not print back byte for byte"

    small = prefix(text, 1 / 6)
    t_small, small_prog = timed(lambda: print_program(p) if (p := parse_program(small, "s")) and not verify(p) else "", args.repeat)
    t_full, _ = timed(lambda: print_program(p) if (p := parse_program(text, "f")) and not verify(p) else "", args.repeat)
    n_small = parse_program(small, "s").num_ops()

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "p.pir")
        Path(path).write_text(text)
        exe = str(Path(sys.executable).parent / "pirc-opt")
        cli_times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            proc = subprocess.run([exe, path, "-o", os.devnull], capture_output=True, text=True)
            cli_times.append(time.perf_counter() - t0)
            if proc.returncode != 0:
                console.print(proc.stderr[:2000])
                raise SystemExit("pirc-opt failed")
        t_cli = statistics.median(cli_times)

    table = Table(title=f"pirc front end, {n_ops} ops (median of {args.repeat})", title_justify="left")
    table.add_column("stage")
    table.add_column("seconds", justify="right")
    table.add_column("ops/s", justify="right")
    table.add_row("parse", f"{t_parse:.3f}", f"{n_ops / t_parse:,.0f}")
    table.add_row("verify", f"{t_verify:.3f}", f"{n_ops / t_verify:,.0f}")
    table.add_row("print", f"{t_print:.3f}", f"{n_ops / t_print:,.0f}")
    pvp = t_parse + t_verify + t_print
    table.add_row("parse+verify+print", f"{pvp:.3f}", f"{n_ops / pvp:,.0f}")
    table.add_row("pirc-opt FILE -o /dev/null (start-up included)", f"{t_cli:.3f}", f"{n_ops / t_cli:,.0f}")
    console.print(table)
    if diags:
        console.print(f"[yellow]note: the verifier reported {len(diags)} diagnostics, e.g. {diags[0].message}")

    ratio = t_full / t_small
    console.print(
        f"linearity: {n_small} ops -> {t_small:.3f} s, {n_ops} ops -> {t_full:.3f} s: "
        f"{n_ops / n_small:.2f}x the ops took {ratio:.2f}x the time (target: at most 1.1x the op ratio)"
    )

    if args.xdsl_ops:
        frac = min(1.0, args.xdsl_ops / n_ops)
        sub = parse_program(prefix(text, frac) if frac < 1 else text, "x")
        mlir, n_x = to_mlir(sub)
        rates = bench_xdsl(mlir, n_x)
        if rates is None:
            console.print("xDSL is not installed (pip install xdsl==0.74.0): peer comparison skipped")
        else:
            xp, xpr = rates
            t_x = n_ops / xp + n_ops / xpr
            xt = Table(title=f"xDSL 0.74 on the same ops in MLIR generic form ({n_x} ops)", title_justify="left")
            xt.add_column("stage")
            xt.add_column("ops/s", justify="right")
            xt.add_row("xDSL parse", f"{xp:,.0f}")
            xt.add_row("xDSL print", f"{xpr:,.0f}")
            xt.add_row(f"xDSL parse+print, extrapolated to {n_ops} ops", f"{t_x:.1f} s")
            xt.add_row("pirc parse+verify+print vs xDSL parse+print", f"{t_x / pvp:.1f}x faster")
            console.print(xt)


if __name__ == "__main__":
    main()
