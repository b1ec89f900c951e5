"""Node kinds: O(1) type identification without ``isinstance`` chains.

Every concrete node class has a :class:`Kind` (``node.KIND``) and a bit mask
of that kind plus the abstract categories it belongs to (``EXPR``, ``BINARY``,
``CMP``...).  :func:`is_a` and :func:`as_` test one bit.
"""

from __future__ import annotations

from enum import IntEnum


class Kind(IntEnum):
    # abstract categories ------------------------------------------------------------
    NODE = 0
    EXPR = 1
    STMT = 2
    IMM = 3  # IntImm, FloatImm, StringImm
    BINARY = 4  # every two-operand expression
    ARITH = 5  # Add Sub Mul Div Mod Min Max
    CMP = 6  # EQ NE LT LE GT GE
    LOGICAL = 7  # And Or Not
    UNARY = 8  # Not Minus
    # expressions ---------------------------------------------------------------------
    INT_IMM = 16
    FLOAT_IMM = 17
    STRING_IMM = 18
    VAR = 19
    ADD = 20
    SUB = 21
    MUL = 22
    DIV = 23
    MOD = 24
    MIN = 25
    MAX = 26
    EQ = 27
    NE = 28
    LT = 29
    LE = 30
    GT = 31
    GE = 32
    AND = 33
    OR = 34
    NOT = 35
    MINUS = 36
    CAST = 37
    SELECT = 38
    CALL = 39
    LOAD = 40
    # storage and auxiliary nodes (neither Expr nor Stmt) -------------------------------
    BUFFER = 48
    TENSOR = 49
    RANGE = 50
    TENSOR_REGION = 51
    ARGUMENT = 52
    SCHEDULE_BLOCK = 53
    # statements ------------------------------------------------------------------------
    STORE = 64
    FOR = 65
    IF_THEN_ELSE = 66
    BLOCK = 67
    LET = 68
    EVALUATE = 69
    SCHEDULE_BLOCK_REALIZE = 70
    # containers ------------------------------------------------------------------------
    LOWERED_FUNC = 80
    MODULE = 81


_E, _S = Kind.EXPR, Kind.STMT
_CATEGORIES: dict[Kind, tuple[Kind, ...]] = {
    Kind.INT_IMM: (_E, Kind.IMM),
    Kind.FLOAT_IMM: (_E, Kind.IMM),
    Kind.STRING_IMM: (_E, Kind.IMM),
    Kind.VAR: (_E,),
    **{k: (_E, Kind.BINARY, Kind.ARITH) for k in (Kind.ADD, Kind.SUB, Kind.MUL, Kind.DIV, Kind.MOD, Kind.MIN, Kind.MAX)},
    **{k: (_E, Kind.BINARY, Kind.CMP) for k in (Kind.EQ, Kind.NE, Kind.LT, Kind.LE, Kind.GT, Kind.GE)},
    Kind.AND: (_E, Kind.BINARY, Kind.LOGICAL),
    Kind.OR: (_E, Kind.BINARY, Kind.LOGICAL),
    Kind.NOT: (_E, Kind.UNARY, Kind.LOGICAL),
    Kind.MINUS: (_E, Kind.UNARY),
    Kind.CAST: (_E,),
    Kind.SELECT: (_E,),
    Kind.CALL: (_E,),
    Kind.LOAD: (_E,),
    **{k: (_S,) for k in (Kind.STORE, Kind.FOR, Kind.IF_THEN_ELSE, Kind.BLOCK, Kind.LET, Kind.EVALUATE,
                          Kind.SCHEDULE_BLOCK_REALIZE)},
}


def kind_mask(kind: Kind) -> int:
    """Bit mask of ``kind`` and every category it belongs to (always including NODE)."""
    m = (1 << Kind.NODE) | (1 << kind)
    for c in _CATEGORIES.get(kind, ()):
        m |= 1 << c
    return m


def is_a(node: object, kind: Kind | type) -> bool:
    """``True`` if ``node`` has ``kind`` (a concrete kind or a category such as
    ``Kind.EXPR``), or is an instance of the node class ``kind``.  O(1)."""
    if isinstance(kind, int):
        return (getattr(node, "_MASK", 0) >> kind) & 1 == 1
    return isinstance(node, kind)


def as_(node: object, kind: Kind | type) -> object | None:
    """``node`` if :func:`is_a` holds, else ``None`` (PyPTO's ``As<T>``)."""
    return node if is_a(node, kind) else None
