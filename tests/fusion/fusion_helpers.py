"""Helpers of the fusion tests: a tiny program builder, the front-end pipeline, group
membership, and the invariants every fused program must satisfy."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

import pirc.passes.all  # noqa: F401  (registers the passes and the build_cinn pipeline)
from pirc.diagnostics import PircError
from pirc.dialects.opdef import DTYPE_TO_PIR
from pirc.ir.core import Block, Operation
from pirc.ir.program import Program
from pirc.ir.verifier import verify
from pirc.passes import fusion_policy as policy
from pirc.passes.manager import Instrumentation, PassManager, parse_pipeline
from pirc.text.parser import parse_program
from pirc.text.printer import print_program
from tests.conftest import load_npz  # noqa: F401  (re-exported for the tests of this folder)

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"


class P:
    """Builds Paddle-printed program text line by line; every op can carry a tag
    (``struct_name``) that the tests use to name it in group memberships."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.n = 0
        self.types: dict[str, str] = {}
        self.fetches = 0

    @staticmethod
    def ttext(shape: Sequence[int], dtype: str = "float32") -> str:
        return "tensor<" + "".join(f"{d}x" for d in shape) + DTYPE_TO_PIR[dtype] + ">"

    def _new(self, t: str) -> str:
        v = f"%{self.n}"
        self.n += 1
        self.types[v] = t
        return v

    def data(self, name: str, shape: Sequence[int], dtype: str = "float32") -> str:
        t = self.ttext(shape, dtype)
        v = self._new(t)
        self.lines.append(f'({v}) = "pd_op.data" () {{dtype:{dtype},name:"{name}",place:Place(undefined:0),'
                          f'shape:[{",".join(map(str, shape))}],stop_gradient:[true]}} : () -> {t}')
        return v

    def full(self, value: float, shape: Sequence[int] = (), dtype: str = "float32", tag: str | None = None) -> str:
        t = self.ttext(shape, dtype)
        v = self._new(t)
        s = f',struct_name:"{tag}"' if tag else ""
        self.lines.append(f'({v}) = "pd_op.full" () {{dtype:{dtype},place:Place(cpu),shape:[{",".join(map(str, shape))}],'
                          f'stop_gradient:[true]{s},value:{value}}} : () -> {t}')
        return v

    def ints(self, values: Sequence[int]) -> str:
        t = self.ttext([len(values)], "int64")
        v = self._new(t)
        self.lines.append(f'({v}) = "pd_op.full_int_array" () {{dtype:int64,place:Place(cpu),stop_gradient:[true],'
                          f'value:[{",".join(map(str, values))}]}} : () -> {t}')
        return v

    def op(self, name: str, *operands: str, shape: Sequence[int] | None = None, dtype: str | None = None,
           attrs: str = "", tag: str | None = None) -> str:
        if shape is None or dtype is None:
            ref = self.types[operands[0]]
            if shape is None:
                shape = [int(d) for d in ref[len("tensor<"):-1].split("x")[:-1]]
            if dtype is None:
                pir = ref[:-1].split("x")[-1].split("<")[-1]
                dtype = {v: k for k, v in DTYPE_TO_PIR.items()}[pir]
        t = self.ttext(shape, dtype)
        v = self._new(t)
        parts = [a for a in (attrs, "stop_gradient:[true]", f'struct_name:"{tag}"' if tag else "") if a]
        attr_text = ",".join(sorted(parts, key=lambda s: s.split(":", 1)[0]))
        otypes = ", ".join(self.types[o] for o in operands)
        full = name if "." in name else f"pd_op.{name}"
        self.lines.append(f'({v}) = "{full}" ({", ".join(operands)}) {{{attr_text}}} : ({otypes}) -> {t}')
        return v

    def fetch(self, v: str, name: str | None = None) -> None:
        t = self.types[v]
        f = self._new(t)
        nm = name or f"out{self.fetches}"
        self.lines.append(f'({f}) = "pd_op.fetch" ({v}) {{col:{self.fetches},name:"{nm}",persistable:[true],'
                          f'stop_gradient:[true]}} : ({t}) -> {t}')
        self.fetches += 1

    def text(self) -> str:
        return "{\n" + "".join("    " + ln + "\n" for ln in self.lines) + "}\n"


def parse(text: str, name: str = "test.pir") -> Program:
    prog = parse_program(text, name)
    diags = verify(prog)
    if diags:
        raise PircError(diags)
    return prog


def fuse(program: Program | str, pipeline: str = "build_cinn") -> Program:
    """Run the front end (verifying after every pass), check the invariants, return the program."""
    prog = parse(program) if isinstance(program, str) else program
    pm = PassManager(parse_pipeline(pipeline), Instrumentation(verify=lambda p: verify(p)))
    pm.run(prog)
    check_invariants(prog)
    return prog


def tag(op: Operation) -> str:
    t = op.attr("struct_name")
    return t if isinstance(t, str) else op.name.split(".", 1)[1]


def groups(program: Program) -> list[list[str]]:
    """Every group's members (tags, or op names without dialect), in program order."""
    out = []
    for op in program.walk():
        if op.name == "cinn_op.group":
            out.append([tag(m) for m in op.regions[0].block.ops if m.name != "cf.yield"])
    return out


def tagged_groups(program: Program) -> list[list[str]]:
    """Groups as lists of the tagged members only (ops the test named)."""
    out = []
    for g in groups_ops(program):
        tags = [m.attr("struct_name") for m in g if isinstance(m.attr("struct_name"), str)]
        if tags:
            out.append(tags)
    return out


def groups_ops(program: Program) -> list[list[Operation]]:
    return [[m for m in op.regions[0].block.ops if m.name != "cf.yield"]
            for op in program.walk() if op.name == "cinn_op.group"]


def ungrouped(program: Program) -> list[str]:
    """Tags of the tagged ops that are not in any group."""
    out = []
    for op in program.walk():
        p = op.parent_op
        if isinstance(op.attr("struct_name"), str) and (p is None or p.name != "cinn_op.group"):
            out.append(op.attr("struct_name"))
    return out


def _blocks(block: Block) -> list[Block]:
    out = [block]
    for op in block.ops:
        for r in op.regions:
            for b in r.blocks:
                out.extend(_blocks(b))
    return out


def check_invariants(program: Program) -> None:
    """What every fused program satisfies (beyond the verifier's dominance rules, which
    already rule out a group on a cycle)."""
    assert not verify(program), [d.render() for d in verify(program)]
    for block in _blocks(program.block):
        for op in block.ops:
            if op.name != "cinn_op.group":
                continue
            body = op.regions[0].block
            members = [m for m in body.ops if m.name != "cf.yield"]
            assert members, "empty group"
            y = body.last_op
            assert y is not None and y.name == "cf.yield"
            mset = set(members)
            yielded = [o.value for o in y.operands]
            assert len(set(yielded)) == len(yielded), "a value is yielded twice"
            for v in yielded:
                assert getattr(v, "owner", None) in mset, "a group yields a value it does not define"
            for m in members:
                assert policy.exclusion_reason(m) is None, f"{m.name} must not be in a group: {policy.exclusion_reason(m)}"
                for r in m.results:
                    for u in r.uses():
                        assert u.owner.parent is body, f"a use of {m.name} outside its group bypasses the group"
                for i, o in enumerate(m.operands):
                    d = getattr(o.value, "owner", None)
                    if d in mset and policy.data_operand(m, i):
                        kp, kc = policy.kind(d), policy.kind(m)
                        assert policy.can_fuse(kp, kc), f"{d.name} ({kp.name}) -> {m.name} ({kc.name}) in one group"
            used = [r for r in op.results if r.first_use is not None]
            assert used or len(op.results) == len(members[-1].results), "group results nobody uses"
            if used:
                assert len(used) == len(op.results), "a group result nobody uses"


def round_trip(program: Program) -> str:
    text = print_program(program)
    again = parse_program(text, "roundtrip.pir")
    assert print_program(again) == text
    assert not verify(again)
    return text


def compare(got: dict[str, Any], want: dict[str, np.ndarray]) -> list[str]:
    problems = []
    for name, w in want.items():
        if name not in got:
            problems.append(f"{name}: missing")
            continue
        g = np.asarray(got[name])
        if g.shape != w.shape or g.dtype != w.dtype:
            problems.append(f"{name}: {g.dtype}{list(g.shape)}, want {w.dtype}{list(w.shape)}")
            continue
        if w.dtype.kind in "fc":
            if not np.allclose(g, w, rtol=1e-4, atol=1e-5, equal_nan=True):
                problems.append(f"{name}: max abs diff {np.nanmax(np.abs(g.astype(np.float64) - w)):.3g}")
        elif not np.array_equal(g, w):
            problems.append(f"{name}: {int((g != w).sum())} of {w.size} values differ")
    return problems


def interpreter_runs_groups() -> bool:
    """Can pirc.runtime run cinn_op.group (its region, op by op)?"""
    try:
        from pirc.runtime import interpreter
    except Exception:  # noqa: BLE001
        return False
    return "cinn_op.group" in getattr(interpreter, "GROUP_OPS", ())


def execute(program: Program, feeds: dict[str, np.ndarray], params: dict[str, np.ndarray] | None = None,
            engine: str = "auto") -> dict[str, np.ndarray]:
    """Run with the interpreter when it can run groups, else with the reference evaluator."""
    if engine == "interp" or (engine == "auto" and interpreter_runs_groups()):
        from pirc.runtime import run_program

        return {k: np.asarray(v) for k, v in run_program(program, feeds, params or {}).items()}
    from reference_eval import evaluate

    return evaluate(program, feeds, params or {})
