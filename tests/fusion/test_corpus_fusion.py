"""Every corpus program, fused by the CINN front end, verifies, satisfies the fusion
invariants, prints and parses back to the same text, and still computes Paddle's
outputs (rtol 1e-4, atol 1e-5 for floats; exact otherwise).

The numbers come from the interpreter (pirc.runtime) when it can run cinn_op.group,
else from tests/fusion/reference_eval.py; the reference evaluator also runs on its
own so both agree with Paddle."""

from __future__ import annotations

from pathlib import Path

import pytest
from fusion_helpers import CORPUS, check_invariants, compare, execute, fuse, load_npz, round_trip

from pirc.ir.verifier import verify
from pirc.text.parser import parse_program

MODELS = sorted(p.parent for p in CORPUS.glob("*/program.pir"))


def _load(model: Path):  # type: ignore[no-untyped-def]
    prog = parse_program((model / "program.pir").read_text(), str(model / "program.pir"))
    diags = verify(prog)
    assert not diags, "\n".join(d.render() for d in diags)
    return prog


@pytest.mark.parametrize("model", MODELS, ids=[m.name for m in MODELS])
def test_corpus_fuses_and_round_trips(model: Path) -> None:
    prog = fuse(_load(model))
    text = round_trip(prog)
    assert text.startswith("{")


@pytest.mark.parametrize("model", [m for m in MODELS if (m / "outputs.npz").exists()],
                         ids=[m.name for m in MODELS if (m / "outputs.npz").exists()])
@pytest.mark.parametrize("engine", ["auto", "ref"])
def test_fused_corpus_matches_paddle(model: Path, engine: str) -> None:
    prog = fuse(_load(model))
    text = round_trip(prog)
    again = parse_program(text, "fused.pir")  # run what was printed (constants as Paddle prints them)
    check_invariants(again)
    feeds, params = load_npz(model / "feeds.npz"), load_npz(model / "params.npz")
    want = load_npz(model / "outputs.npz")
    # the unfused program on the same engine: a failure it shares is not fusion's
    try:
        plain = execute(_load(model), feeds, params, engine=engine)
        plain_problems = compare(plain, want)
    except Exception as e:  # noqa: BLE001
        plain, plain_problems = None, [f"{type(e).__name__}: {e}"]
    assert plain is not None, f"the unfused program fails: {plain_problems[0][:200]}"
    got = execute(again, feeds, params, engine=engine)
    assert not plain_problems, f"{model.name} (unfused): " + "; ".join(plain_problems)
    problems = compare(got, want)
    assert not problems, f"{model.name}: " + "; ".join(problems)


def test_the_corpus_is_there() -> None:
    """The corpus is committed: an empty one is a broken checkout, not a case to skip."""
    assert len(MODELS) >= 40
