"""Every program Paddle printed parses, verifies and prints back byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from pirc.ir.verifier import verify
from pirc.text.parser import parse_program
from pirc.text.printer import print_program
from tests.conftest import corpus_models

MODELS = corpus_models()


def test_corpus_is_there() -> None:
    assert len(MODELS) >= 12


@pytest.mark.parametrize("model", MODELS, ids=[m.name for m in MODELS])
def test_roundtrip_fast_path(model: Path) -> None:
    text = (model / "program.pir").read_text()
    program = parse_program(text, str(model / "program.pir"))
    assert print_program(program) == text


@pytest.mark.parametrize("model", MODELS, ids=[m.name for m in MODELS])
def test_roundtrip_grammar_path(model: Path) -> None:
    """The Lark grammar alone reads it to the same program."""
    text = (model / "program.pir").read_text()
    program = parse_program(text, str(model / "program.pir"), fast=False)
    assert print_program(program) == text


@pytest.mark.parametrize("model", MODELS, ids=[m.name for m in MODELS])
def test_verifies(model: Path) -> None:
    program = parse_program((model / "program.pir").read_text(), str(model / "program.pir"))
    diags = verify(program)
    assert not diags, "".join(d.render() for d in diags[:5])


@pytest.mark.parametrize("model", MODELS, ids=[m.name for m in MODELS])
def test_legacy_style_reads_back(model: Path) -> None:
    """The 2024 typed style (builtin.tensor, (pd_op.DataType)...) reads back to the same program."""
    text = (model / "program.pir").read_text()
    legacy = print_program(parse_program(text, "a"), legacy=True)
    assert "builtin.tensor<" in legacy or "tensor<" not in text
    assert print_program(parse_program(legacy, "b")) == text


def test_parameters_are_collected() -> None:
    model = next(m for m in MODELS if m.name == "mlp")
    program = parse_program((model / "program.pir").read_text(), "mlp")
    params = program.parameters
    assert params and all(p.type is not None for p in params.values())
    n_param_ops = sum(1 for op in program.walk() if op.name == "builtin.parameter")
    assert len(params) == n_param_ops
