"""What the inference fusion passes (fuse_conv_epilogue, fuse_fc, fuse_attention) ask of a chain of
ops: who alone reads a value, a value's dense type, the other operand of an add, a constant's
scalar, and how a fused op takes the chain's place."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pirc.ir.core import Operation, Value
from pirc.ir.types import DenseTensorType


def sole_user(v: Value, block: object) -> Operation | None:
    """The one op that reads ``v``, when there is exactly one, in ``block``."""
    if not v.has_one_use():
        return None
    user = next(v.users())
    return user if user.parent is block else None


def dense(v: Value | None) -> DenseTensorType | None:
    t = getattr(v, "type", None)
    return t if isinstance(t, DenseTensorType) else None


def other_operand(op: Operation, v: Value) -> Value | None:
    """The add's operand that is not ``v`` (None when both are ``v`` or it is not a binary add)."""
    if op.name != "pd_op.add" or len(op.operands) != 2:
        return None
    a, b = op.operands[0].value, op.operands[1].value
    if a is v and b is not v:
        return b
    if b is v and a is not v:
        return a
    return None


def full_value(v: Value | None) -> float | None:
    """The scalar of a one-element ``pd_op.full``, else None."""
    op = getattr(v, "owner", None) if v is not None else None
    if not isinstance(op, Operation) or op.name != "pd_op.full":
        return None
    val = op.attr("value")
    shape = op.attr("shape")
    if not isinstance(val, (int, float)) or (shape is not None and int(np.prod(shape or [1])) != 1):
        return None
    return float(val)


def replace_ops(fused: Operation, last: Operation, gone: Sequence[Operation]) -> Operation:
    """Put ``fused`` where ``last`` was, give it ``last``'s uses, erase ``gone`` (every reader
    before what it reads; ``last`` among them)."""
    assert last.parent is not None
    last.parent.insert_before(fused, last)
    last.results[0].replace_all_uses_with(fused.results[0])
    for op in gone:
        op.erase()
    return fused


def replace_chain(head: Operation, chain: list[Operation], fused: Operation) -> Operation:
    """Put ``fused`` where the last op of ``head`` + ``chain`` was, give it that op's uses, erase the rest."""
    return replace_ops(fused, chain[-1], [*reversed(chain), head])


__all__ = ["dense", "full_value", "other_operand", "replace_chain", "replace_ops", "sole_user"]
