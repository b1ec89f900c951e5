"""Control flow: cf.yield, pd_op.if, pd_op.while, and cinn_op.group regions.

Each region-holding op checks that its regions end in a ``cf.yield`` whose
operands match what the op promises (the if's results, the while's condition
and loop variables, the group's results).
"""

from __future__ import annotations

from pirc.ir.core import Block, Operation
from pirc.ir.opinfo import register_op
from pirc.ir.types import DenseTensorType, Type


def _yield_types(block: Block) -> tuple[Type, ...] | None:
    last = block.last_op
    if last is None or last.name != "cf.yield":
        return None
    return tuple(o.value.type for o in last.operands if o.value is not None)


def _fmt(types: tuple[Type, ...]) -> str:
    return "(" + ", ".join(t.text for t in types) + ")"


def _check_yield(op: Operation, block: Block, want: tuple[Type, ...], what: str) -> list[str]:
    got = _yield_types(block)
    if got is None:
        return [f"{what} must end with 'cf.yield'"]
    if got != want:
        return [f"{what} yields {_fmt(got)} but the op expects {_fmt(want)}"]
    return []


def _is_bool_scalarish(t: Type) -> bool:
    """A bool tensor with one element (0-D, [1], [1,1] ...; -1 dims allowed)."""
    return isinstance(t, DenseTensorType) and t.element.name == "b" and all(d in (1, -1) for d in t.dims)


def _shape_compatible(got: Type, want: Type) -> bool:
    """A branch may yield a more static shape than the if's result (Paddle allows
    branches whose shapes differ; the translator's fake false branch yields
    ``tensor<1x4xf32>`` for a ``tensor<-1x4xf32>`` result): same element type
    and rank, each dim equal or dynamic (-1) in the result."""
    if got is want:
        return True
    if not isinstance(got, DenseTensorType) or not isinstance(want, DenseTensorType):
        return False
    return got.element is want.element and len(got.dims) == len(want.dims) and all(
        w == g or w == -1 for g, w in zip(got.dims, want.dims, strict=True))


def _verify_if(op: Operation) -> list[str]:
    errs: list[str] = []
    if op.num_operands != 1 or (cond := op.operand(0)) is None:
        errs.append(f"expects 1 condition operand, got {op.num_operands}")
    elif not _is_bool_scalarish(cond.type):
        errs.append(f"condition must be a one-element bool tensor, got {cond.type}")
    if len(op.regions) != 2:
        return errs + [f"expects 2 regions (then, else), got {len(op.regions)}"]
    want = tuple(r.type for r in op.results)
    for region, what in zip(op.regions, ("the then-region", "the else-region"), strict=True):
        got = _yield_types(region.block)
        if got is not None and len(got) == len(want) and all(map(_shape_compatible, got, want)):
            continue
        errs += _check_yield(op, region.block, want, what)
    return errs


def _verify_while(op: Operation) -> list[str]:
    errs: list[str] = []
    if op.num_operands < 1 or (cond := op.operand(0)) is None:
        return ["expects a condition operand"]
    if not _is_bool_scalarish(cond.type):
        errs.append(f"condition must be a one-element bool tensor, got {cond.type}")
    inputs = tuple(o.value.type for o in op.operands[1:] if o.value is not None)
    if tuple(r.type for r in op.results) != inputs:
        errs.append(f"result types must equal the loop inputs' types {_fmt(inputs)}")
    if len(op.regions) != 1:
        return errs + [f"expects 1 body region, got {len(op.regions)}"]
    body = op.regions[0].block
    args = tuple(a.type for a in body.args)
    if args != inputs:
        errs.append(f"body arguments {_fmt(args)} must match the loop inputs {_fmt(inputs)}")
    got = _yield_types(body)
    if got is None:
        errs.append("the body must end with 'cf.yield'")
    elif len(got) != len(inputs) + 1 or got[1:] != inputs or not _is_bool_scalarish(got[0]):
        errs.append(f"the body yields {_fmt(got)} but the loop expects (condition, {_fmt(inputs)[1:-1]})")
    return errs


def _verify_group(op: Operation) -> list[str]:
    if len(op.regions) != 1:
        return [f"expects 1 region, got {len(op.regions)}"]
    return _check_yield(op, op.regions[0].block, tuple(r.type for r in op.results), "the group body")


def _verify_yield(op: Operation) -> list[str]:
    parent = op.parent
    if op.num_results:
        return ["'cf.yield' has no results"]
    if parent is None or parent.parent_op is None or parent.parent_op.name == "builtin.module":
        return ["'cf.yield' must be inside the region of an op"]
    if op.next_op is not None:
        return ["'cf.yield' must be the last op of its block"]
    return []


register_op("cf.yield", traits={"terminator"}, verify=_verify_yield)
register_op("pd_op.if", traits={"control_flow"}, verify=_verify_if, printer="if")
register_op("pd_op.while", traits={"control_flow"}, verify=_verify_while, printer="while")
register_op("cinn_op.group", traits={"group"}, verify=_verify_group, printer="group")
register_op("cinn_op.fusion", traits={"group"}, verify=_verify_group, printer="group")
