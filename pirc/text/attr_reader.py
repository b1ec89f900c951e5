"""A fast reader for attribute dictionaries as Paddle prints them.

``{key:value,...}`` with values that are strings, numbers, words, ``Place(..)``,
``Undefined(AnyLayout)``, ``<#...>`` or arrays of those.  Anything else (the
older typed spellings, types as values) returns ``None`` and the caller uses
the grammar.  Because attributes are interned, the result is the very object
the grammar would build; a test checks that on the whole corpus.
"""

from __future__ import annotations

import re

from pirc.ir.attributes import ArrayAttr, Attribute, AttrDict, LayoutAttr, OpaqueAttr, PlaceAttr, StrAttr
from pirc.text.grammar import GrammarError, decode_number, decode_word, unescape_string

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_NUMBER = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|-inf|-nan")
_PLACE = re.compile(r"Place\([^)\n]*\)")
_OPAQUE = re.compile(r"<#[^>\n]*>")

_VALUES: dict[str, Attribute] = {}


class _Miss(Exception):
    pass


def _value(text: str, i: int) -> tuple[Attribute, int]:
    """Read one value starting at ``text[i]``; return it and the index after it."""
    c = text[i : i + 1]
    if c == '"':
        m = _STRING.match(text, i)
        if m is None:
            raise _Miss
        return StrAttr.get(unescape_string(m.group())), m.end()
    if c == "[":
        i += 1
        items: list[Attribute] = []
        if text[i : i + 1] == "]":
            return ArrayAttr.get(()), i + 1
        while True:
            a, i = _value(text, i)
            items.append(a)
            c = text[i : i + 1]
            if c == ",":
                i += 1
            elif c == "]":
                return ArrayAttr.get(items), i + 1
            else:
                raise _Miss
    # a bare token: read up to the next delimiter
    j = i
    n = len(text)
    while j < n and text[j] not in ",]}":
        j += 1
    tok = text[i:j]
    a = _VALUES.get(tok)
    if a is None:
        if _NUMBER.fullmatch(tok):
            a = decode_number(tok)
        elif _KEY.fullmatch(tok):
            a = decode_word(tok)
        elif _PLACE.fullmatch(tok):
            a = PlaceAttr.get(tok)
        elif tok == "Undefined(AnyLayout)":
            a = LayoutAttr.get(tok)
        elif _OPAQUE.fullmatch(tok):
            a = OpaqueAttr.get(tok)
        else:
            raise _Miss
        _VALUES[tok] = a
    return a, j


def read_attr_dict(text: str) -> AttrDict | None:
    """The AttrDict for ``text``, or None when it needs the full grammar."""
    if len(text) < 2 or text[0] != "{" or text[-1] != "}":
        return None
    if text == "{}":
        return AttrDict.EMPTY
    items: list[tuple[str, Attribute]] = []
    i = 1
    end = len(text) - 1
    try:
        while True:
            m = _KEY.match(text, i)
            if m is None or text[m.end() : m.end() + 1] != ":":
                return None
            a, i = _value(text, m.end() + 1)
            items.append((m.group(), a))
            if i == end:
                break
            if text[i] != ",":
                return None
            i += 1
    except (_Miss, IndexError, GrammarError):  # the grammar reads it (and reports what is wrong)
        return None
    return AttrDict.get(items)
