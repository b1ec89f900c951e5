"""The builtin dialect: module, parameters, outputs, and tensor lists."""

from __future__ import annotations

from pirc.ir.core import Operation
from pirc.ir.opinfo import register_op
from pirc.ir.types import VectorType


def _counts(op: Operation, operands: int | None, results: int | None) -> list[str]:
    errs = []
    if operands is not None and op.num_operands != operands:
        errs.append(f"expects {operands} operand{'s' * (operands != 1)}, got {op.num_operands}")
    if results is not None and op.num_results != results:
        errs.append(f"expects {results} result{'s' * (results != 1)}, got {op.num_results}")
    return errs


def _str_attr(op: Operation, key: str) -> list[str]:
    return [] if isinstance(op.attr(key), str) else [f"needs a string attribute '{key}'"]


def _verify_parameter(op: Operation) -> list[str]:
    return _counts(op, 0, 1) + _str_attr(op, "parameter_name")


def _verify_set_parameter(op: Operation) -> list[str]:
    return _counts(op, 1, 0) + _str_attr(op, "parameter_name")


def _verify_shadow_output(op: Operation) -> list[str]:
    return _counts(op, 1, 0) + _str_attr(op, "output_name")


def _verify_combine(op: Operation) -> list[str]:
    errs = _counts(op, None, 1)
    if errs:
        return errs
    t = op.results[0].type
    want = tuple(o.value.type for o in op.operands if o.value is not None)
    if not isinstance(t, VectorType) or t.elements != want:
        return [f"result type {t} must be vec[...] of the operand types ({','.join(x.text for x in want)})"]
    return []


def _vector_operand(op: Operation) -> VectorType | None:
    v = op.operand(0) if op.num_operands == 1 else None
    return v.type if v is not None and isinstance(v.type, VectorType) else None


def _verify_slice(op: Operation) -> list[str]:
    errs = _counts(op, 1, 1)
    vt = _vector_operand(op)
    if errs or vt is None:
        return errs or ["operand must be a vec[...] value"]
    idx = op.attr("index")
    if not isinstance(idx, int) or not 0 <= idx < len(vt.elements):
        return [f"index {idx} is out of range for {vt}"]
    if op.results[0].type is not vt.elements[idx]:
        return [f"result type {op.results[0].type} must be element {idx} of {vt}, {vt.elements[idx]}"]
    return []


def _verify_split(op: Operation) -> list[str]:
    errs = _counts(op, 1, None)
    vt = _vector_operand(op)
    if errs or vt is None:
        return errs or ["operand must be a vec[...] value"]
    got = tuple(r.type for r in op.results)
    if got != vt.elements:
        return [f"result types ({', '.join(t.text for t in got)}) must be the elements of {vt}"]
    return []


register_op("builtin.module", traits={"isolated"})
register_op("builtin.parameter", verify=_verify_parameter)
register_op("builtin.set_parameter", traits={"side_effect"}, verify=_verify_set_parameter)
register_op("builtin.shadow_output", traits={"side_effect"}, verify=_verify_shadow_output)
register_op("builtin.combine", verify=_verify_combine)
register_op("builtin.slice", verify=_verify_slice)
register_op("builtin.split", verify=_verify_split)
register_op("builtin.constant", verify=lambda op: _counts(op, 0, 1))
