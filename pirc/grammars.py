"""Loading the Lark grammars in ``grammar/`` (pir.lark, ast.lark).

Parsers are built on first use; Lark caches the LALR tables on disk under
``$PIRC_CACHE_DIR`` (default: the system temporary folder), so later runs skip
building them.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from lark import Lark


def grammar_dir() -> Path:
    """``grammar/`` at the top of the source tree (pirc is installed editable)."""
    env = os.environ.get("PIRC_GRAMMAR_DIR")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[1] / "grammar"


def _cache_file(name: str) -> str:
    base = os.environ.get("PIRC_CACHE_DIR") or os.path.join(tempfile.gettempdir(), "pirc-cache")
    try:
        os.makedirs(base, exist_ok=True)
    except OSError:
        base = tempfile.gettempdir()
    return os.path.join(base, f"lark-{name}.cache")


def load_lark(filename: str, text: str | None = None, **kwargs: Any) -> Lark:
    """A Lark parser for ``grammar/<filename>`` (or for ``text``, a variant of it)."""
    if text is None:
        text = (grammar_dir() / filename).read_text()
    try:
        return Lark(text, cache=_cache_file(filename.replace(".lark", "")), **kwargs)
    except OSError:
        return Lark(text, **kwargs)
