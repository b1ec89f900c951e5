"""Reduction layouts on the C target: every layout compiled, checked against the interpreter,
timed, and (with ``--xla-python``) compared with XLA in the same run.

    .venv/bin/python bench/kernels_layouts.py
    .venv/bin/python bench/kernels_layouts.py --xla-python PY   # PY: a python with jax installed
    .venv/bin/python bench/kernels_layouts.py --only last_sum,first_sum --repeat 9

The programs are written here as PIR text (no Paddle needed): last-, middle- and
first-axis sums and maxes, keepdim reductions broadcast back (row normalisation), the
row-normalisation + gelu chain, a first-axis (column) normalisation, and float16 inputs cast
to float32 before reducing.  Ratios are XLA's time over pirc's (above 1: pirc is faster).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.timing import median_ms  # noqa: E402

_DT = {"float32": "f32", "float16": "f16", "int64": "i64"}


class Pir:
    """A tiny builder of PIR text for the layouts below."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.shapes: dict[str, tuple[tuple[int, ...], str]] = {}
        self.n = 0

    def _t(self, shape: tuple[int, ...], dt: str) -> str:
        return "tensor<" + "x".join(str(d) for d in shape) + ("x" if shape else "") + _DT[dt] + ">"

    def _op(self, name: str, ins: list[str], attrs: str, shape: tuple[int, ...], dt: str) -> str:
        v = f"%{self.n}"
        self.n += 1
        ts = ", ".join(self._t(*self.shapes[i]) for i in ins)
        self.lines.append(f'    ({v}) = "{name}" ({", ".join(ins)}) {{{attrs}}} : ({ts}) -> {self._t(shape, dt)}')
        self.shapes[v] = (shape, dt)
        return v

    def data(self, name: str, shape: tuple[int, ...], dt: str = "float32") -> str:
        return self._op("pd_op.data", [], f'dtype:{dt},name:"{name}",place:Place(undefined:0),'
                        f'shape:[{",".join(map(str, shape))}],stop_gradient:[true]', shape, dt)

    def reduce(self, kind: str, x: str, axes: list[int], keepdim: bool) -> str:
        shape, dt = self.shapes[x]
        nd = len(shape)
        ax = [a % nd for a in axes]
        out = tuple(1 if k in ax else d for k, d in enumerate(shape) if keepdim or k not in ax)
        a = self._op("pd_op.full_int_array", [], f'dtype:int64,place:Place(cpu),stop_gradient:[true],'
                     f'value:[{",".join(map(str, axes))}]', (len(axes),), "int64")
        extra = "dtype:Undefined," if kind == "sum" else ""
        return self._op(f"pd_op.{kind}", [x, a], f"{extra}keepdim:{str(keepdim).lower()},stop_gradient:[true]",
                        out, dt)

    def unary(self, kind: str, x: str, attrs: str = "") -> str:
        shape, dt = self.shapes[x]
        return self._op(f"pd_op.{kind}", [x], (attrs + "," if attrs else "") + "stop_gradient:[true]", shape, dt)

    def cast(self, x: str, dt: str) -> str:
        shape, _ = self.shapes[x]
        return self._op("pd_op.cast", [x], f"dtype:{dt},stop_gradient:[true]", shape, dt)

    def binary(self, kind: str, x: str, y: str) -> str:
        (sx, dt), (sy, _) = self.shapes[x], self.shapes[y]
        n = max(len(sx), len(sy))
        px, py = (1,) * (n - len(sx)) + sx, (1,) * (n - len(sy)) + sy
        return self._op(f"pd_op.{kind}", [x, y], "stop_gradient:[true]", tuple(max(a, b) for a, b in zip(px, py)),
                        dt)

    def scale(self, x: str, s: float, b: float) -> str:
        f = self._op("pd_op.full", [], f"dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:{s}",
                     (1,), "float32")
        shape, dt = self.shapes[x]
        return self._op("pd_op.scale", [x, f], f"bias:{b},bias_after_scale:true,stop_gradient:[true]", shape, dt)

    def fetch(self, x: str) -> str:
        shape, dt = self.shapes[x]
        self._op("pd_op.fetch", [x], 'col:0,name:"out",persistable:[true],stop_gradient:[true]', shape, dt)
        return "{\n" + "\n".join(self.lines) + "\n}\n"


def _norm(p: Pir, x: str, axis: int) -> str:
    mu = p.reduce("mean", x, [axis], True)
    d = p.binary("subtract", x, mu)
    var = p.reduce("mean", p.binary("multiply", d, d), [axis], True)
    return p.binary("multiply", d, p.unary("rsqrt", p.scale(var, 1.0, 1e-5)))


@dataclass
class Layout:
    name: str
    shape: tuple[int, ...]
    dtype: str
    jax: str  # the same computation for jax.numpy, a lambda of x

    def program(self) -> str:
        p = Pir()
        x = p.data("x", self.shape, self.dtype)
        n = self.name
        if n.startswith("f16_"):
            x = p.cast(x, "float32")
            n = n[4:]
        kind, _, where = n.partition("_")[2], None, n.partition("_")[0]
        if n == "rownorm_gelu":
            y = p.unary("gelu", _norm(p, x, -1), "approximate:false")
        elif n == "rownorm":
            y = _norm(p, x, -1)
        elif n == "colnorm":
            y = _norm(p, x, 0)
        elif n == "keepdim_sub":
            y = p.binary("subtract", x, p.reduce("max", x, [-1], True))
        else:
            axis = {"last": -1, "middle": 1, "first": 0}[where]
            y = p.reduce(kind, x, [axis], False)
        return p.fetch(y)


LAYOUTS = [
    Layout("last_sum", (4096, 1024), "float32", "jnp.sum(x, axis=-1)"),
    Layout("middle_sum", (64, 512, 128), "float32", "jnp.sum(x, axis=1)"),
    Layout("first_sum", (4096, 1024), "float32", "jnp.sum(x, axis=0)"),
    Layout("last_max", (4096, 1024), "float32", "jnp.max(x, axis=-1)"),
    Layout("middle_max", (64, 512, 128), "float32", "jnp.max(x, axis=1)"),
    Layout("first_max", (4096, 1024), "float32", "jnp.max(x, axis=0)"),
    Layout("keepdim_sub", (4096, 1024), "float32", "x - jnp.max(x, axis=-1, keepdims=True)"),
    Layout("rownorm", (4096, 1024), "float32", "NORM(x, -1)"),
    Layout("colnorm", (4096, 1024), "float32", "NORM(x, 0)"),
    Layout("rownorm_gelu", (4096, 1024), "float32", "jax.nn.gelu(NORM(x, -1), approximate=False)"),
    Layout("f16_last_sum", (4096, 1024), "float16", "jnp.sum(x.astype(jnp.float32), axis=-1)"),
    Layout("f16_first_sum", (4096, 1024), "float16", "jnp.sum(x.astype(jnp.float32), axis=0)"),
]

_XLA = textwrap.dedent("""
    import json, sys, time
    import numpy as np, jax, jax.numpy as jnp
    def NORM(x, a):
        mu = jnp.mean(x, axis=a, keepdims=True); d = x - mu
        return d * jax.lax.rsqrt(jnp.mean(d * d, axis=a, keepdims=True) + 1e-5)
    out = {}
    for name, shape, dtype, expr, repeat in json.loads(sys.argv[1]):
        x = jnp.asarray(np.random.default_rng(0).standard_normal(shape).astype(dtype))
        f = jax.jit(eval("lambda x: " + expr))
        f(x).block_until_ready()
        ts = []
        for _ in range(repeat):
            t0 = time.perf_counter(); f(x).block_until_ready(); ts.append(time.perf_counter() - t0)
        out[name] = float(np.median(ts)) * 1e3
    print(json.dumps(out))
""")


def bench_xla(python: str, layouts: list[Layout], repeat: int) -> dict[str, float] | str:
    spec = [[lo.name, list(lo.shape), lo.dtype, lo.jax, repeat] for lo in layouts]
    env = {"XLA_FLAGS": "--xla_cpu_multi_thread_eigen=true", "PATH": "/usr/bin:/bin"}
    try:
        r = subprocess.run([python, "-c", _XLA, json.dumps(spec)], capture_output=True, text=True, timeout=900,
                           env=env)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"failed: {e}"
    if r.returncode != 0:
        return "failed: " + r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "failed"
    return json.loads(r.stdout.strip().splitlines()[-1])


class without_step:
    """The group schedule without one of its steps (to measure what the step buys)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __enter__(self) -> None:
        from pirc.cinn.lower import schedule as group  # what the lowering reads

        self.saved = group.GROUP_SCHEDULE_STEPS
        group.GROUP_SCHEDULE_STEPS = tuple(s for s in self.saved if s[0] != self.name)

    def __exit__(self, *exc: object) -> None:
        from pirc.cinn.lower import schedule as group  # what the lowering reads

        group.GROUP_SCHEDULE_STEPS = self.saved


def bench_pirc(lo: Layout, repeat: int) -> dict[str, Any]:
    from pirc.cinn.backend.jit_kernel import uninstall
    from pirc.cinn.compiler import compile_program
    from pirc.runtime import StandaloneExecutor
    from pirc.text.parser import parse_program

    text = lo.program()
    x = np.random.default_rng(0).standard_normal(lo.shape).astype(lo.dtype)
    feeds = {"x": x}
    with StandaloneExecutor(parse_program(text, lo.name), threads=1) as ex:
        ref = ex.run(feeds)
    compiled = compile_program(parse_program(text, lo.name), "c", progress=False)
    with StandaloneExecutor(compiled.host, threads=1) as ex:
        out = ex.run(feeds)
        ms = median_ms(lambda: ex.run(feeds), repeat)
    uninstall()
    same = all(np.allclose(out[k], ref[k], rtol=1e-3, atol=1e-3) for k in ref)
    return {"ms": ms, "same": same, "gbps": x.nbytes / (ms / 1e3) / 1e9}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=11)
    ap.add_argument("--only", default="", help="comma-separated layout names")
    ap.add_argument("--xla-python", default="", help="a python interpreter with jax, for the XLA column")
    ap.add_argument("--json", default="", help="also write the figures to this file")
    ap.add_argument("--compare-step", default="cpu_reduction_layout",
                    help="also time each layout without this group-schedule step ('' : don't)")
    args = ap.parse_args(argv)
    layouts = [lo for lo in LAYOUTS if not args.only or lo.name in args.only.split(",")]
    rows = {}
    for lo in layouts:
        rows[lo.name] = bench_pirc(lo, args.repeat)
        if args.compare_step:
            with without_step(args.compare_step):
                rows[lo.name]["without"] = bench_pirc(lo, args.repeat)["ms"]
    xla: dict[str, float] | str = bench_xla(args.xla_python, layouts, args.repeat) if args.xla_python else "skipped"
    table = Table(title=f"reduction layouts, C target, warm median of {args.repeat} (input GB/s)", title_justify="left")
    for col in ("layout", "shape", "pirc ms", "GB/s", "without step ms", "XLA ms", "XLA/pirc", "matches interp"):
        table.add_column(col, justify="left" if col in ("layout", "shape") else "right")
    for lo in layouts:
        r = rows[lo.name]
        xm = xla.get(lo.name) if isinstance(xla, dict) else None
        table.add_row(lo.name, "x".join(map(str, lo.shape)) + " " + lo.dtype, f"{r['ms']:.2f}", f"{r['gbps']:.1f}",
                      f"{r['without']:.2f}" if "without" in r else "-",
                      f"{xm:.2f}" if xm else "-", f"{xm / r['ms']:.2f}" if xm else "-", "yes" if r["same"] else "NO")
    Console(width=140).print(table)
    if isinstance(xla, str):
        print(f"XLA: {xla}")
    if args.json:
        Path(args.json).write_text(json.dumps({"pirc": rows, "xla": xla}, indent=1))
    return 0 if all(r["same"] for r in rows.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
