"""Loading the Lark grammars (``grammar/pir.lark``, ``grammar/ast.lark``; package data when installed).

Parsers are built on first use; Lark caches the LALR tables on disk under
``$PIRC_CACHE_DIR`` (default: the system temporary folder), so later runs skip
building them.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Iterable
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken


def grammar_dir() -> Traversable:
    """Where the grammars are: ``pirc/grammar/`` package data in an installed wheel, else
    ``grammar/`` at the top of the source tree (a checkout, or an editable install)."""
    env = os.environ.get("PIRC_GRAMMAR_DIR")
    if env:
        return Path(env)
    packaged = files("pirc") / "grammar"
    if packaged.is_dir():
        return packaged
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


_WORD_RE = re.compile(r"[^\s,()\[\]{}]+")


def _clip(s: str) -> str:
    return s if len(s) <= 40 else s[:37] + "..."


def syntax_error(e: UnexpectedInput, text: str, expected: Callable[[Iterable[str]], str],
                 whole_words: bool = False) -> tuple[str, int, int]:
    """(message, line, column) for a Lark syntax error in ``text``; ``expected`` names the
    tokens the grammar wanted.  With ``whole_words`` an unknown run of several characters is
    reported as one invalid token rather than by its first character."""
    line = getattr(e, "line", 1) or 1
    col = getattr(e, "column", 1) or 1
    at_end = isinstance(e, UnexpectedEOF) or (isinstance(e, UnexpectedToken) and e.token.type == "$END")
    if at_end:
        lines = text.rstrip("\n").split("\n")
        line, col = len(lines), len(lines[-1]) + 1
    if isinstance(e, UnexpectedToken):
        what = "end of input" if at_end else f"'{_clip(e.token.value)}'"
        return f"unexpected {what}, expected {expected(e.expected)}", line, col
    if isinstance(e, UnexpectedCharacters):
        word = _WORD_RE.match(text, e.pos_in_stream) if whole_words else None
        if word is not None and len(word.group()) > 1:
            return f"invalid token '{_clip(word.group())}'", line, col
        ch = text[e.pos_in_stream] if e.pos_in_stream < len(text) else ""
        return f"unexpected character '{repr(ch)[1:-1] if not ch.isprintable() else ch}'", line, col
    if at_end:
        return "unexpected end of input", line, col
    return str(e).split("\n")[0], line, col
