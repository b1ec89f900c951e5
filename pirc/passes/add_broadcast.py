"""add_broadcast_to_elementwise: make implicit broadcasting explicit.

Paddle's binary elementwise ops broadcast their operands implicitly (numpy
rules, right-aligned); CINN's backend wants every operand of an elementwise op
to have the result's shape.  For each such op (:data:`BROADCASTING_OPS`, CINN's
list plus the logical ops and ``where``) and each operand whose dims differ from
the result's:

* a ``pd_op.full`` operand is replaced by a new ``pd_op.full`` of the result's
  shape (CINN does the same) when that shape is static;
* otherwise a ``cinn_op.broadcast`` is inserted before the op, with
  ``broadcast_axes`` right-aligned (``GetBroadcastAxis``) and ``out_shape`` = the
  result's dims.

Dynamic (-1) dims -- CINN's rule and pirc's
-------------------------------------------
CINN's own add_broadcast_to_elementwise_pass does nothing when an operand has a
dynamic shape; with dynamic shapes CINN runs insert_broadcast_pass instead,
which compares *symbolic* shapes (shape_optimization names every dim, so two
``-1`` that come from the same data dim are known equal) and broadcasts both
operands with ``pd_op.expand(x, shape_broadcast(shape(x), shape(y)))``.  pirc has
no symbolic shapes, so it decides per dim, right-aligned, operand dim ``d``
against result dim ``o``:

* ``d == o`` (equal static sizes, or both ``-1``): no broadcast on that axis.  Two
  ``-1`` are taken to be the same symbol -- what shape analysis concludes for the
  batch dims Paddle programs carry (the dims come from the same ``pd_op.data``).
* ``d == 1``, or the operand lacks the axis: broadcast.  If ``o`` is ``-1`` its run-time
  size is not in the operand, so the broadcast gets the elementwise op's other
  operand (one that has ``-1`` on every such axis) as its second, shape-only
  operand ``ref``: ``cinn_op.broadcast(x, ref)`` -- the one-op form of CINN's
  ``expand(x, shape_broadcast(shape(x), shape(ref)))``.
* ``d == -1`` and ``o`` static: a broadcast to ``o`` (the operand may be 1 at run
  time); a no-op when it is not.

An operand that needs a ``ref`` no other operand can lend is left alone; build_cinn
then keeps the op out of groups (it still broadcasts implicitly at run time).
"""

from __future__ import annotations

from dataclasses import dataclass

from pirc.ir.attributes import ArrayAttr, AttrDict, IntArrayAttr
from pirc.ir.core import Block, Operation, OpResult, Value
from pirc.ir.program import Program
from pirc.ir.types import DenseTensorType
from pirc.passes.decompose import gc_paused, i64s, stop_gradient_of
from pirc.passes.manager import Pass, register_pass

#: CINN's add_broadcast_to_elementwise list, plus logical ops, atan2 and where
BROADCASTING_OPS = frozenset(
    "pd_op." + n for n in ["add", "subtract", "multiply", "divide", "elementwise_pow", "remainder", "floor_divide", "maximum", "minimum", "fmax", "fmin", "atan2", "less_than", "less_equal", "equal", "not_equal", "greater_than", "greater_equal", "bitwise_and", "bitwise_or", "bitwise_xor", "logical_and", "logical_or", "logical_xor", "where", "heaviside", "add_", "subtract_", "multiply_", "divide_"]
)


def _aligned(d: tuple[int, ...], rank: int) -> list[int | None]:
    """Operand dims right-aligned to ``rank`` (None where the operand has no axis)."""
    return [None] * (rank - len(d)) + list(d)


def needs_ref(d: tuple[int, ...], out: tuple[int, ...]) -> list[int]:
    """Result axes whose run-time size the operand cannot supply."""
    al = _aligned(d, len(out))
    return [i for i, (a, o) in enumerate(zip(al, out, strict=True)) if o < 0 and a != -1]


@register_pass
@dataclass
class AddBroadcastToElementwise(Pass):
    name = "add_broadcast_to_elementwise"
    summary = "insert explicit cinn_op.broadcast where elementwise ops broadcast implicitly"

    def run(self, program: Program) -> None:
        self.inserted = 0
        with gc_paused():
            self.block(program.block)

    def block(self, block: Block) -> None:
        op = block.first_op
        while op is not None:
            nxt = op.next_op
            if op.regions:
                for region in op.regions:
                    for b in region.blocks:
                        self.block(b)
            elif op.name in BROADCASTING_OPS and len(op.results) == 1:
                self.rewrite(op)
            op = nxt

    def rewrite(self, op: Operation) -> None:
        out_t = op.results[0].type
        if not isinstance(out_t, DenseTensorType):
            return
        out = out_t.dims
        operands = [o.value for o in op.operands]
        if any(v is None or not isinstance(v.type, DenseTensorType) for v in operands):
            return
        if len(operands) < 2 or all(v.type.dims == out for v in operands):  # type: ignore[union-attr]
            return
        block = op.parent
        assert block is not None
        sg = ArrayAttr.get([stop_gradient_of(op)])
        for i, v in enumerate(operands):
            assert v is not None
            t = v.type
            assert isinstance(t, DenseTensorType)
            if t.dims == out:
                continue
            if len(t.dims) > len(out):
                continue  # not a broadcast (the shape rule would reject it)
            full = v.owner if isinstance(v, OpResult) and v.owner.name == "pd_op.full" else None
            if full is not None and all(d >= 0 for d in out) and _scalar_full(full):
                new = Operation("pd_op.full", (), (DenseTensorType.get(t.element, out),),
                                full.attrs.with_attr("shape", IntArrayAttr.get(out)), loc=full.loc)
                block.insert_before(new, op)
                op.operands[i].set(new.results[0])
                _erase_if_dead(full)
                self.inserted += 1
                continue
            ref: Value | None = None
            missing = needs_ref(t.dims, out)
            if missing:
                for j, w in enumerate(operands):
                    if j == i or w is None:
                        continue
                    al = _aligned(w.type.dims, len(out))
                    if all(al[k] == -1 for k in missing):
                        ref = w
                        break
                if ref is None:
                    continue
            off = len(out) - len(t.dims)
            attrs = {"broadcast_axes": i64s(range(off, len(out))), "out_shape": i64s(out), "stop_gradient": sg}
            bc = Operation("cinn_op.broadcast", [v] if ref is None else [v, ref],
                           (DenseTensorType.get(t.element, out),), AttrDict.get(attrs), loc=op.loc)
            block.insert_before(bc, op)
            op.operands[i].set(bc.results[0])
            self.inserted += 1


def _scalar_full(full: Operation) -> bool:
    shape = full.attr("shape")
    return shape in ([], [1]) or (isinstance(shape, list) and all(d == 1 for d in shape))


def _erase_if_dead(op: Operation) -> None:
    if all(r.first_use is None for r in op.results) and op.parent is not None:
        op.erase()


__all__ = ["BROADCASTING_OPS", "AddBroadcastToElementwise", "needs_ref"]
