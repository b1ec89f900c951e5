"""Source locations for diagnostics about JSON and binary protobuf inputs.

JSON inputs are parsed with :mod:`json` (fast, but without positions); when
a diagnostic needs the position of, say, ``blocks[1].ops[4]``, the path is
walked again over the text, skipping the uninteresting values with the C
decoder.  Binary ``.pdmodel`` files have no lines: their locations are
``FILE:1:<byte offset + 1>`` of the op's record, found by walking the
protobuf wire format.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from pirc.diagnostics import Location, SourceFile

_DECODER = json.JSONDecoder()
_WS = " \t\n\r"


def _skip_ws(text: str, i: int) -> int:
    n = len(text)
    while i < n and text[i] in _WS:
        i += 1
    return i


def json_offset(text: str, path: Sequence[str | int]) -> int | None:
    """Character offset of the value at ``path`` (keys and indices), or None."""
    i = _skip_ws(text, 0)
    try:
        for step in path:
            i = _skip_ws(text, i)
            if isinstance(step, int):
                if text[i] != "[":
                    return None
                i = _skip_ws(text, i + 1)
                k = 0
                while True:
                    if text[i] == "]":
                        return None
                    if k == step:
                        break
                    _, i = _DECODER.raw_decode(text, i)
                    i = _skip_ws(text, i)
                    if text[i] == ",":
                        i = _skip_ws(text, i + 1)
                    k += 1
            else:
                if text[i] != "{":
                    return None
                i = _skip_ws(text, i + 1)
                while True:
                    if text[i] == "}":
                        return None
                    key, i = _DECODER.raw_decode(text, i)
                    i = _skip_ws(text, i)
                    if text[i] != ":":
                        return None
                    i = _skip_ws(text, i + 1)
                    if key == step:
                        break
                    _, i = _DECODER.raw_decode(text, i)
                    i = _skip_ws(text, i)
                    if text[i] == ",":
                        i = _skip_ws(text, i + 1)
        return _skip_ws(text, i)
    except (IndexError, ValueError):
        return None


class BinaryLocation(Location):
    """``FILE:1:COL`` into a binary file (no source line is shown)."""

    __slots__ = ("name",)

    def __init__(self, name: str, offset: int) -> None:
        super().__init__(None, 1, offset + 1)
        self.name = name

    def __str__(self) -> str:
        return f"{self.name}:{self.line}:{self.col}"


def _varint(buf: bytes, i: int) -> tuple[int, int]:
    shift = 0
    v = 0
    while True:
        b = buf[i]
        i += 1
        v |= (b & 0x7F) << shift
        if b < 0x80:
            return v, i
        shift += 7


def _fields(buf: bytes, start: int, end: int):
    """(field number, wire type, value start, value end) of each field."""
    i = start
    while i < end:
        key, i = _varint(buf, i)
        field, wt = key >> 3, key & 7
        if wt == 0:
            _, j = _varint(buf, i)
            yield field, wt, i, j
            i = j
        elif wt == 1:
            yield field, wt, i, i + 8
            i += 8
        elif wt == 2:
            n, j = _varint(buf, i)
            yield field, wt, j, j + n
            i = j + n
        elif wt == 5:
            yield field, wt, i, i + 4
            i += 4
        else:
            return


def protobuf_op_offset(buf: bytes, block: int, op: int) -> int | None:
    """Byte offset of ``blocks[block].ops[op]`` in a serialized ProgramDesc."""
    try:
        bi = 0
        for field, wt, s, e in _fields(buf, 0, len(buf)):
            if field != 1 or wt != 2:
                continue
            if bi == block:
                oi = 0
                for f2, wt2, s2, _e2 in _fields(buf, s, e):
                    if f2 == 4 and wt2 == 2:
                        if oi == op:
                            return s2
                        oi += 1
                return s
            bi += 1
    except IndexError:
        return None
    return None


class Locator:
    """Turns (block, op) of the input into a :class:`Location`."""

    def __init__(self, name: str, text: str | None = None, data: bytes | None = None,
                 path_prefix: Sequence[str | int] = ()) -> None:
        self.name = name
        self.text = text
        self.data = data
        self.source = SourceFile(name, text) if text is not None else None
        self.prefix = list(path_prefix)

    def at_offset(self, offset: int) -> Location:
        if self.source is not None:
            line, col = self.source.position(offset)
            return Location(self.source, line, col)
        return BinaryLocation(self.name, offset)

    def start(self) -> Location:
        if self.source is not None:
            return Location(self.source, 1, 1)
        return BinaryLocation(self.name, 0)

    def json_path(self, path: Sequence[str | int]) -> Location:
        if self.text is None:
            return self.start()
        off = json_offset(self.text, list(path))
        return self.at_offset(off) if off is not None else self.start()

    def op(self, block: int, op: int) -> tuple[Location, str]:
        """The op's location and a suffix for the message (the byte offset for binary input)."""
        if self.text is not None:
            return self.json_path(self.prefix + ["blocks", block, "ops", op]), ""
        if self.data is not None:
            off = protobuf_op_offset(self.data, block, op)
            if off is not None:
                return BinaryLocation(self.name, off), f", at byte offset {off}"
        return self.start(), ""
