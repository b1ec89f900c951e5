"""Generated identifiers and the escaping of input strings in generated source.

The rule (docs/architecture.md): *a string from the input never reaches generated
source except as an escaped literal; kernel and variable names in generated code
are generated, not copied.*

* :func:`kernel_symbol` makes a kernel's exported name: ``pirc_k<index>`` plus, when
  the function's name is a short plain identifier, that name as a readable hint,
  plus 8 hex digits of a hash of the full name.  Two functions whose names differ
  only in characters that the hint drops still get different symbols.
* :class:`NameTable` hands out local names (``v3_i``, ``b0_X``...): a fixed prefix,
  a counter, and the input name as a hint only when it is a short plain ASCII
  identifier.  Names can never be C/C++/CUDA keywords or collide.
* :func:`comment_text` makes any string safe inside a ``/* ... */`` comment: only
  a small set of printable ASCII characters passes through; everything else
  (``*``, ``/``, ``\\``, ``?``, quotes, newlines, non-ASCII) becomes an escape such
  as ``\\x2a`` or ``\\u00e9``.  So no ``*/``, no line break, no trigraph.
* :func:`c_string_literal` makes a C string literal with 3-digit octal escapes for
  every byte outside a safe set (octal escapes never swallow the next character,
  unlike ``\\x``), of the string's UTF-8 bytes.
"""

from __future__ import annotations

import hashlib
import re

_HINT_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,23}\Z")

# characters that may appear verbatim inside a generated comment
_COMMENT_SAFE = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.,:;=+()[]<>{}#@!%&|~^$"
)
# bytes that may appear verbatim inside a generated string literal
_LITERAL_SAFE = frozenset(
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.,:;=+()[]<>{}#@!%&|~^$*/"
)


def name_hash(name: str, n: int = 8) -> str:
    """``n`` hex digits of the SHA-256 of ``name`` (UTF-8, surrogates escaped)."""
    return hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:n]


def hint(name: str) -> str:
    """``name`` (without leading underscores) when that is a short plain ASCII identifier
    (kept as a readable suffix), else ``""``."""
    if isinstance(name, str):
        stripped = name.lstrip("_")
        if _HINT_RE.match(stripped):
            return stripped
    return ""


def kernel_symbol(index: int, name: str) -> str:
    """The exported symbol of the ``index``-th kernel of a module whose function is ``name``."""
    h = hint(name)
    return f"pirc_k{index}_{h}_{name_hash(name)}" if h else f"pirc_k{index}_{name_hash(name)}"


class NameTable:
    """Unique generated identifiers: ``<prefix><n>[_<hint>]``.  Every call gives a new name."""

    def __init__(self) -> None:
        self.counters: dict[str, int] = {}
        self.used: set[str] = set()

    def fresh(self, prefix: str, name: str = "") -> str:
        n = self.counters.get(prefix, 0)
        while True:
            self.counters[prefix] = n + 1
            h = hint(name)
            ident = f"{prefix}{n}_{h}" if h else f"{prefix}{n}"
            if ident not in self.used:
                self.used.add(ident)
                return ident
            n += 1


def comment_text(s: object) -> str:
    """``s`` as text that is safe anywhere inside a C block comment (see the module docstring)."""
    out = []
    for ch in str(s):
        if ch in _COMMENT_SAFE:
            out.append(ch)
        else:
            cp = ord(ch)
            out.append(f"\\x{cp:02x}" if cp < 0x100 else f"\\u{cp:04x}" if cp < 0x10000 else f"\\U{cp:08x}")
    return "".join(out)


def c_string_literal(s: str) -> str:
    """A C / C++ string literal holding the UTF-8 bytes of ``s``."""
    out = ['"']
    for byte in s.encode("utf-8", "surrogatepass"):
        if byte in _LITERAL_SAFE:
            out.append(chr(byte))
        else:
            out.append(f"\\{byte:03o}")
    out.append('"')
    return "".join(out)


__all__ = ["NameTable", "c_string_literal", "comment_text", "hint", "kernel_symbol", "name_hash"]
