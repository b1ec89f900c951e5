"""Translation errors and the per-block scopes that map legacy variable names to PIR values."""

from __future__ import annotations

from collections.abc import Sequence

from pirc.ir.core import Value

from .desc import OpDesc


class TranslateError(Exception):
    """An input error found while translating; ``op`` locates it."""

    def __init__(self, message: str, op: OpDesc | None = None, notes: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.op = op
        self.notes = list(notes)


# ---------------------------------------------------------------------------
# translation context
# ---------------------------------------------------------------------------


class ValueInfo:
    """Paddle's ``VariableDefiningInfo``."""

    __slots__ = ("value", "by_vector", "idx")

    def __init__(self, value: Value, by_vector: bool = False, idx: int = -1) -> None:
        self.value = value
        self.by_vector = by_vector
        self.idx = idx


class TranslationContext:
    __slots__ = ("map", "parent")

    def __init__(self, parent: TranslationContext | None = None) -> None:
        self.map: dict[str, list[ValueInfo]] = {}
        self.parent = parent

    def has(self, name: str) -> bool:
        c: TranslationContext | None = self
        while c is not None:
            if name in c.map:
                return True
            c = c.parent
        return False

    def count(self, name: str) -> int:
        c: TranslationContext | None = self
        while c is not None:
            vals = c.map.get(name)
            if vals is not None:
                return len(vals)
            c = c.parent
        return 0

    def get(self, name: str) -> ValueInfo | None:
        c: TranslationContext | None = self
        while c is not None:
            vals = c.map.get(name)
            if vals:
                return vals[-1]
            c = c.parent
        return None

    def push(self, name: str, info: ValueInfo | Value) -> None:
        if not isinstance(info, ValueInfo):
            info = ValueInfo(info)
        self.map.setdefault(name, []).append(info)

    def pop(self, name: str) -> None:
        self.map[name].pop()

    def child(self) -> TranslationContext:
        return TranslationContext(self)


class MultiTranslateError(Exception):
    def __init__(self, errors: list[TranslateError]) -> None:
        super().__init__(errors[0].message)
        self.errors = errors
