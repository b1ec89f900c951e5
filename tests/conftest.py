from __future__ import annotations

import json
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"


def corpus_models() -> list[Path]:
    """Every model directory of the Paddle-generated corpus that has a program."""
    return sorted(p.parent for p in CORPUS.glob("*/program.pir"))


def corpus_meta(model: Path) -> dict:
    f = model / "meta.json"
    return json.loads(f.read_text()) if f.exists() else {}


def load_npz(path: Path | str) -> dict[str, np.ndarray]:
    """The arrays of an .npz by name ({} when the file does not exist: a model without parameters)."""
    path = Path(path)
    if not path.exists():
        return {}
    with np.load(path, allow_pickle=False) as z:
        return {k: z[k] for k in z.files}
