"""Loading the Lark grammars (``grammar/pir.lark``, ``grammar/ast.lark``; package data when installed).

Parsers are built on first use; their LALR tables are cached (as JSON with a
content hash, never as a pickle) in ``<cache root>/grammars`` (see
:mod:`pirc.cachedir`), so later runs skip building them.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import sys
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


# -- the table cache ---------------------------------------------------------------------------
#
# Lark's own cache is a pickle (loading one runs whatever it says), so pirc keeps the tables
# itself: Lark's plain-data serialization written as JSON (tuples and non-string keys tagged),
# in the private cache root, with a SHA-256 of the content on the first line.  Nothing in the
# file can run code; a file that is not a regular file, too large, or fails its hash is
# deleted and the tables are rebuilt.

_MAX_TABLE_BYTES = 32 << 20
_CACHE_FORMAT = "pirc-lark-tables-1"


def _encode(x: Any) -> Any:
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, list):
        return [_encode(v) for v in x]
    if isinstance(x, tuple):
        return {"t": [_encode(v) for v in x]}
    if isinstance(x, dict):
        return {"d": [[_encode(k), _encode(v)] for k, v in x.items()]}
    raise TypeError(f"cannot store {type(x).__name__} in the grammar cache")


def _decode(x: Any) -> Any:
    if isinstance(x, list):
        return [_decode(v) for v in x]
    if isinstance(x, dict):
        if set(x) == {"t"} and isinstance(x["t"], list):
            return tuple(_decode(v) for v in x["t"])
        if set(x) == {"d"} and isinstance(x["d"], list):
            out = {}
            for kv in x["d"]:
                if not (isinstance(kv, list) and len(kv) == 2):
                    raise ValueError("bad map entry")
                k = _decode(kv[0])
                if not isinstance(k, (str, int, tuple)):
                    raise ValueError("bad map key")
                out[k] = _decode(kv[1])
            return out
        raise ValueError("bad object")
    return x


def _cache_path(filename: str, text: str, kwargs: dict[str, Any]) -> Path | None:
    from pirc.cachedir import subdir

    d = subdir("grammars")
    if d is None:
        return None
    import lark

    plain = sorted((k, repr(v)) for k, v in kwargs.items() if k not in _LOAD_ALLOWED)
    h = hashlib.sha256(repr((_CACHE_FORMAT, lark.__version__, sys.version_info[:2], text, plain)).encode()).hexdigest()
    return d / f"{filename.replace('.lark', '')}-{h[:32]}.json"


def _read_tables(path: Path) -> dict[str, Any] | None:
    from pirc.fileio import FileError, read_regular

    try:
        raw = read_regular(path, _MAX_TABLE_BYTES)
    except FileError as e:
        if e.errno not in (errno.ENOENT,):
            _discard(path)
        return None
    digest, _, body = raw.partition(b"\n")
    try:
        if hashlib.sha256(body).hexdigest().encode() != digest:
            raise ValueError("hash mismatch")
        doc = _decode(json.loads(body))
        if not isinstance(doc, dict) or doc.get("format") != _CACHE_FORMAT:
            raise ValueError("not a table file")
        return doc
    except (ValueError, RecursionError):
        _discard(path)
        return None


def _discard(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _write_tables(path: Path, parser: Lark) -> None:
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    from pirc.fileio import atomic_write

    try:
        data, memo = parser.memo_serialize([TerminalDef, Rule])
        data["options"] = {k: v for k, v in data["options"].items() if k not in _LOAD_ALLOWED}
        body = json.dumps(_encode({"format": _CACHE_FORMAT, "data": data, "memo": memo}),
                          separators=(",", ":")).encode()
        atomic_write(path, hashlib.sha256(body).hexdigest().encode() + b"\n" + body)
    except (OSError, TypeError, ValueError):
        pass  # no cache this time


_LOAD_ALLOWED = {"postlex", "transformer", "lexer_callbacks", "use_bytes", "debug", "g_regex_flags", "regex",
                 "propagate_positions", "tree_class", "_plugins"}


def load_lark(filename: str, text: str | None = None, **kwargs: Any) -> Lark:
    """A Lark parser for ``grammar/<filename>`` (or for ``text``, a variant of it); LALR tables
    come from the cache root when a valid entry is there."""
    if text is None:
        text = (grammar_dir() / filename).read_text()
    path = _cache_path(filename, text, kwargs) if kwargs.get("parser") == "lalr" else None
    if path is not None:
        doc = _read_tables(path)
        if doc is not None:
            try:
                return Lark._load_from_dict(doc["data"], doc["memo"],
                                            **{k: v for k, v in kwargs.items() if k in _LOAD_ALLOWED})
            except Exception:  # noqa: BLE001 - a table file that does not load is rebuilt
                _discard(path)
    parser = Lark(text, **kwargs)
    if path is not None:
        _write_tables(path, parser)
    return parser


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
