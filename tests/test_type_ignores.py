"""The number of ``# type: ignore`` comments under pirc/ may only go down (issue #30).

Lower CEILING when you remove some; do not raise it: fix the typing instead (narrow
with ``isinstance`` / ``type(x) is C``, assert what holds, annotate).
"""

from __future__ import annotations

from pathlib import Path

CEILING = 98

PIRC = Path(__file__).resolve().parent.parent / "pirc"


def count_type_ignores() -> dict[str, int]:
    counts: dict[str, int] = {}
    for path in sorted(PIRC.rglob("*.py")):
        n = path.read_text(encoding="utf-8").count("type: ignore")
        if n:
            counts[str(path.relative_to(PIRC.parent))] = n
    return counts


def test_type_ignores_do_not_grow() -> None:
    counts = count_type_ignores()
    total = sum(counts.values())
    worst = ", ".join(f"{p} ({n})" for p, n in sorted(counts.items(), key=lambda x: -x[1])[:5])
    assert total <= CEILING, (
        f"{total} '# type: ignore' under pirc/, the ceiling is {CEILING}: fix the typing instead "
        f"of silencing it (most: {worst})"
    )
