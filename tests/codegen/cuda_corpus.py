"""The CUDA sources of the corpus programs: every kernel of a program in one generated module
(as ``pirc fuse | pirc lower --target cuda | pirc codegen --target cuda`` writes it)."""

from __future__ import annotations

import functools
from pathlib import Path

from pirc.cinn.ast.nodes import Module
from pirc.cinn.backend.build import generate
from pirc.cinn.backend.jit_kernel import OP_NAME, kernel_node
from pirc.cinn.codegen.common import GeneratedSource
from pirc.cinn.compiler import fuse
from pirc.cinn.lower.host import lower_to_kernels
from pirc.ir.program import Program
from pirc.text.parser import parse_program
from tests.conftest import corpus_models

MODELS = [p.name for p in corpus_models()]
RUNNABLE = [p.name for p in corpus_models() if (p / "feeds.npz").exists() and (p / "outputs.npz").exists()]


@functools.cache
def lowered(model: str) -> tuple[Program, GeneratedSource]:
    """The host program (groups replaced by jit_kernel ops, CUDA schedule) and its CUDA source;
    lowered once per session (the toolchain and the emulation tests share it)."""
    path = Path(__file__).resolve().parents[1] / "corpus" / model / "program.pir"
    prog = parse_program(path.read_text(), model)
    fuse(prog)
    lower_to_kernels(prog, "cuda")
    fns: dict[str, object] = {}
    for op in prog.walk():
        if op.name == OP_NAME:
            _, fn = kernel_node(op)
            fns.setdefault(fn.name, fn)
    return prog, generate(Module(model, tuple(fns.values())), "cuda")  # type: ignore[arg-type]


def corpus_source(model: str) -> GeneratedSource:
    return lowered(model)[1]
