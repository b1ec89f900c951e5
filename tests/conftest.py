from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"


def corpus_models() -> list[Path]:
    """Every model directory of the Paddle-generated corpus that has a program."""
    return sorted(p.parent for p in CORPUS.glob("*/program.pir"))


def corpus_meta(model: Path) -> dict:
    f = model / "meta.json"
    return json.loads(f.read_text()) if f.exists() else {}
