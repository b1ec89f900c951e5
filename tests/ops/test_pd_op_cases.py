"""Every committed op case (tests/ops/cases, Paddle 3.3.1's programs and numbers, written by
tests/ops/generate.py) runs through pirc's interpreter, ``--backend cinn`` and the text
round-trip (tests/ops/opcases.py says what each check compares).

tests/ops/KNOWN_GAPS.json lists the checks known to fail, with a reason.  A listed check must
still fail: when it starts passing this test fails too, so the list stays honest (remove the
entry, or rerun tests/ops/update_gaps.py).  Nothing is skipped at run time."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import opcases  # noqa: E402

CASES = opcases.all_cases()


def _check(c: opcases.OpCase, check: str) -> None:
    err = opcases.run_check(c, check)
    gap = opcases.known_gap(c, check)
    if gap is not None:
        assert err is not None, (f"{c.id} now passes the {check} check: remove its entry from "
                                 f"tests/ops/KNOWN_GAPS.json (was: {gap})")
    else:
        assert err is None, f"{c.id} ({check}): {err}"


@pytest.mark.parametrize("c", CASES, ids=[c.id for c in CASES])
def test_interp(c: opcases.OpCase) -> None:
    _check(c, "interp")


@pytest.mark.parametrize("c", CASES, ids=[c.id for c in CASES])
def test_cinn(c: opcases.OpCase) -> None:
    _check(c, "cinn")


@pytest.mark.parametrize("c", CASES, ids=[c.id for c in CASES])
def test_text_round_trip(c: opcases.OpCase) -> None:
    _check(c, "text")


def test_case_set() -> None:
    """The index, the files and the gap list agree; the set is small and nothing is stale."""
    ids = {c.id for c in CASES}
    assert len(ids) == len(CASES)
    assert len(CASES) >= 1000
    for c in CASES:
        assert (c.dir / f"{c.name}.pir").is_file(), c.id
        assert c.arrays("out"), f"{c.id}: no outputs"
    ops = {c.op for c in CASES}
    for key, checks in opcases.gaps().items():
        assert key in ids or key in ops, f"KNOWN_GAPS.json: {key} names no case"
        assert checks and set(checks) <= set(opcases.CHECKS), key
        assert all(isinstance(r, str) and r for r in checks.values()), key
    size = sum(f.stat().st_size for f in opcases.CASES.rglob("*") if f.is_file())
    assert size < 3_500_000, f"tests/ops/cases is {size} bytes"


def test_exclusions_are_data() -> None:
    """What the op table leaves out is listed with a reason (bench/coverage.py reads it)."""
    ex = json.loads((opcases.HERE / "EXCLUSIONS.json").read_text())
    kernels = json.loads((opcases.HERE / "paddle_kernels.json").read_text())["ops"]
    for op, why in ex["ops"].items():
        assert op in kernels, f"EXCLUSIONS.json: {op} is not one of Paddle's forward ops"
        assert why.get("category") in ex["categories"], op
        assert why.get("reason"), op
    # every forward op without a CPU kernel is excluded, with a category saying so
    for op, k in kernels.items():
        if k is None:
            assert op in ex["ops"], f"{op} has no CPU kernel in Paddle but is not in EXCLUSIONS.json"
