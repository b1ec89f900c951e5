"""Helpers of the lowering tests: fuse a corpus model, capture every group's inputs and
outputs from the interpreter, run a lowered group on the AST evaluator."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import pirc.dialects.all
import pirc.passes.all  # noqa: F401
from pirc.cinn.ast import evaluate
from pirc.cinn.lower import LoweredGroup, OpLower
from pirc.ir.core import Operation
from pirc.ir.program import Program
from pirc.ir.verifier import verify
from pirc.passes.manager import PassManager, parse_pipeline
from pirc.runtime import control_flow, run_program
from pirc.text.parser import parse_program
from pirc.text.printer import Printer
from tests.conftest import load_npz  # noqa: F401  (re-exported for the tests of this folder)

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"

#: the bench_* programs are too big for the evaluator: their _small twins stand in
SKIP_MODELS = {"bench_elementwise", "bench_layernorm", "bench_softmax", "bench_softmax_manual"}


def corpus_models() -> list[Path]:
    return sorted(p.parent for p in CORPUS.glob("*/program.pir") if p.parent.name not in SKIP_MODELS)


def fused(text: str, name: str = "test.pir") -> Program:
    prog = parse_program(text, name)
    diags = verify(prog)
    assert not diags, [d.render() for d in diags]
    PassManager(parse_pipeline("build_cinn")).run(prog)
    return prog


def groups_of(prog: Program) -> list[Operation]:
    return [op for op in prog.walk() if op.name == "cinn_op.group"]


def value_names(prog: Program) -> dict:
    p = Printer()
    p.block(prog.block, "")
    return dict(p.names)


@contextlib.contextmanager
def capture_groups() -> Iterator[dict[int, list[tuple[list[Any], list[Any]]]]]:
    """Record (inputs, outputs) of every cinn_op.group run, keyed by id(group op)."""
    seen: dict[int, list[tuple[list[Any], list[Any]]]] = {}
    orig = control_flow.GroupInstruction.run

    def run(self: Any, slots: list[Any]) -> None:
        ins = [np.array(slots[k], copy=True) for k in self.ext_slots]
        orig(self, slots)
        outs = [np.array(slots[k], copy=True) for k in self.out_slots]
        seen.setdefault(id(self.op), []).append((ins, outs))

    control_flow.GroupInstruction.run = run  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        control_flow.GroupInstruction.run = orig  # type: ignore[method-assign]


def run_model(model: Path, prog: Program) -> dict[int, list[tuple[list[Any], list[Any]]]]:
    feeds, params = load_npz(model / "feeds.npz"), load_npz(model / "params.npz")
    with capture_groups() as seen:
        run_program(prog, feeds, params)
    return seen


def run_lowered(lg: LoweredGroup, inputs: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Run a lowered group's kernels on the AST evaluator (what the host program does)."""
    env: dict[tuple, np.ndarray] = {("in", k): np.asarray(a) for k, a in enumerate(inputs)}
    for ki, k in enumerate(lg.kernels):
        f = k.func
        args: dict[str, Any] = {}
        bufs = [a for a in f.args if a.is_buffer]
        n_in = len(k.inputs)
        for a, ref in zip(bufs[:n_in], k.inputs):
            args[a.name] = env[ref]
        for s in k.symbols:
            args[s.var.name] = int(np.shape(inputs[s.operand])[s.axis])
        res = evaluate(f, args)
        for a, ref in zip(bufs[n_in:], k.outputs):
            env[ref] = res[a.name]
    return [env[("out", i)] for i in range(len(lg.outputs))]


def compare(got: Sequence[np.ndarray], want: Sequence[np.ndarray], rtol: float = 1e-5, atol: float = 1e-6) -> list[str]:
    problems = []
    for i, (g, w) in enumerate(zip(got, want)):
        g, w = np.asarray(g), np.asarray(w)
        if g.shape != w.shape:
            problems.append(f"output {i}: shape {g.shape}, want {w.shape}")
            continue
        if g.dtype != w.dtype:
            problems.append(f"output {i}: dtype {g.dtype}, want {w.dtype}")
            continue
        if w.dtype.kind in "fc":
            if not np.allclose(g, w, rtol=rtol, atol=atol, equal_nan=True):
                d = np.abs(g.astype(np.float64) - w.astype(np.float64))
                problems.append(f"output {i}: max abs diff {np.nanmax(d):.3g}")
        elif not np.array_equal(g, w):
            problems.append(f"output {i}: {int((g != w).sum())} of {w.size} values differ")
    return problems


# ---------------------------------------------------------------------------------------
# groups the model run does not reach (untaken branches): synthesised inputs
# ---------------------------------------------------------------------------------------


def synth_inputs(group: Operation, seed: int = 0) -> list[np.ndarray]:
    """Random inputs of consistent run-time shapes: the lowering's symbols get values
    3, 4, 5 ... and every input dim is evaluated from them."""
    from pirc.cinn.lower.op_lower import captured_values
    from pirc.cinn.lower.symbolic import eval_dim

    body = group.regions[0].block
    ops = [op for op in body.ops if op.name != "cf.yield"]
    outs = [o.value for o in body.last_op.operands]
    inputs = captured_values(body)
    st = OpLower("c").lower_ops(ops, outs, inputs)
    table = st.ctx.symbols
    values = {s: 3 + i for i, s in enumerate(st.ctx.sym_vars)}
    rng = np.random.default_rng(seed)
    arrays = []
    for v in inputs:
        shape = tuple(eval_dim(table, d, values) for d in st.dims[v])
        dt = np.dtype(v.type.dtype if v.type.dtype != "bfloat16" else "float32")  # type: ignore[attr-defined]
        if dt.kind == "f":
            a = rng.standard_normal(shape).astype(dt)
        elif dt.kind == "b":
            a = rng.random(shape) < 0.5
        else:
            a = rng.integers(0, 3, size=shape).astype(dt)
        arrays.append(a)
    return arrays


def reference_run(group: Operation, inputs: Sequence[np.ndarray]) -> list[np.ndarray]:
    """The group's body on its ops' numpy kernels (what the interpreter runs)."""
    from pirc.cinn.lower.op_lower import captured_values

    body = group.regions[0].block
    env = dict(zip(captured_values(body), inputs))
    for op in body.ops:
        if op.name == "cf.yield":
            return [np.asarray(env[o.value]) for o in op.operands]
        opdef = op.info.opdef
        args = [env[o.value] if o.value is not None else None for o in op.operands]
        for r, a in zip(op.results, opdef.kernel(args, op.attrs.values())):
            env[r] = a
    raise AssertionError("group without cf.yield")


# ---------------------------------------------------------------------------------------
# building small groups and running the schedule steps one by one
# ---------------------------------------------------------------------------------------


def program_text(lines: Sequence[str]) -> str:
    return "{\n" + "".join("    " + ln + "\n" for ln in lines) + "}\n"


def data_line(v: int, name: str, shape: Sequence[int], dtype: str = "f32") -> str:
    dt = {"f32": "float32", "i64": "int64", "b": "bool", "i32": "int32"}[dtype]
    t = "tensor<" + "".join(f"{d}x" for d in shape) + dtype + ">"
    return (f'(%{v}) = "pd_op.data" () {{dtype:{dt},name:"{name}",place:Place(undefined:0),'
            f'shape:[{",".join(map(str, shape))}],stop_gradient:[true]}} : () -> {t}')


def softmax_program(shape: Sequence[int] = (4, 8), axis: int = -1) -> str:
    t = "tensor<" + "".join(f"{d}x" for d in shape) + "f32>"
    return program_text([
        data_line(0, "x", shape),
        f'(%1) = "pd_op.softmax" (%0) {{axis:{axis},stop_gradient:[true]}} : ({t}) -> {t}',
        f'() = "builtin.shadow_output" (%1) {{output_name:"out"}} : ({t}) -> ',
    ])


def first_group(text: str) -> tuple[Program, Operation]:
    prog = fused(text)
    gs = groups_of(prog)
    assert gs, "no group"
    return prog, gs[0]


def schedule_setup(group: Operation, target: str = "c"):  # type: ignore[no-untyped-def]
    """(OpLower, group state, ScheduleInfo, root) before the group schedule: the root
    holds LowerToAstVec's nests (one per compute)."""
    from pirc.cinn.lower import schedule as sch
    from pirc.cinn.lower.op_lower import captured_values

    body = group.regions[0].block
    ops = [op for op in body.ops if op.name != "cf.yield"]
    outs = [o.value for o in body.last_op.operands]
    ol = OpLower(target, cross_thread_calls=False)
    st = ol.lower_ops(ops, outs, captured_values(body))
    keep = {t.name for t in st.out_tensors}
    info = ol._info(st, st.ctx.computes, keep)
    root = sch.make_root(ol.do_op_schedule(st))
    return ol, st, info, root


def run_steps(root, info, upto: str):  # type: ignore[no-untyped-def]
    """Apply the group schedule steps in order, up to and including ``upto``."""
    from pirc.cinn.lower import schedule as sch

    for name, step in sch.GROUP_SCHEDULE_STEPS:
        root = step(root, info)
        if name == upto:
            return root
    raise KeyError(upto)


def group_program(inputs: Sequence[tuple[str, Sequence[int], str]], body: Sequence[str],
                  results: Sequence[tuple[str, str]]) -> tuple[Program, Operation]:
    """A program holding one hand-written ``cinn_op.group`` (no fusion pass runs):
    ``inputs`` are (name, shape, pir dtype) data ops %0.. ; ``body`` the group's op lines
    (values from %100 on); ``results`` (value, type) pairs the group yields."""
    lines = [data_line(k, n, s, dt) for k, (n, s, dt) in enumerate(inputs)]
    types = ", ".join(t for _, t in results)
    outs = ", ".join(f"%{50 + k}" for k in range(len(results)))
    lines.append(f'({outs}) = "cinn_op.group" () -> {types} {{')
    lines += ["    " + b_ for b_ in body]
    lines.append(f'    () = "cf.yield" ({", ".join(v for v, _ in results)}) {{}} : ({types}) -> ')
    lines.append("}")
    for k, (_, t) in enumerate(results):
        lines.append(f'() = "builtin.shadow_output" (%{50 + k}) {{output_name:"out{k}"}} : ({t}) -> ')
    prog = parse_program(program_text(lines), "group.pir")
    diags = verify(prog)
    assert not diags, [d.render() for d in diags]
    return prog, groups_of(prog)[0]
