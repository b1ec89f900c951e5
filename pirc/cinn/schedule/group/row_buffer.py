"""Step 5a (C), row buffers: a value computed once over a row lives in a per-row local buffer.

:mod:`.recompute` keeps some values over the reduced dims (level ``SR``) in their own loop
instead of inlining them, and vertical fusion puts that loop before its consumers' loops
over the same row.  The value's tensor is then needed only from the moment its row is
written until the consumers of that row have read it: this step gives it a ``local``
buffer of one row (the reduced extents), indexed by the row position alone.  The C code
generator declares such a temp inside the parallel loop, so each thread has its own row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pirc.cinn.ast.nodes import Add, Buffer, Expr, IntImm, Load, MemoryScope, Mul, ScheduleBlockRealize, Store, Tensor
from pirc.cinn.ast.visitor import Mutator
from pirc.cinn.schedule.group.info import ScheduleInfo
from pirc.cinn.schedule.group.recompute import RowSpec


def row_index(indices: Sequence[Expr], spec: RowSpec, it: Any) -> Expr:
    """The position in the row of the element at ``indices`` (row-major over ``spec.axes``)."""
    out: Expr | None = None
    stride = 1
    for axis, extent in reversed(list(zip(spec.axes, spec.extents))):
        term = indices[axis] if stride == 1 else Mul(indices[axis], IntImm(stride, it))
        out = term if out is None else Add(term, out)
        stride *= extent
    return out if out is not None else IntImm(0, it)


class _ToRows(Mutator):
    def __init__(self, rows: dict[str, RowSpec], info: ScheduleInfo) -> None:
        super().__init__()
        self.specs = rows
        self.it = info.ctx.index_dtype
        self.tensors: dict[str, Tensor] = {}

    def _tensor(self, t: Tensor) -> Tensor:
        hit = self.tensors.get(t.name)
        if hit is None:
            size = IntImm(self.specs[t.name].size, self.it)
            name = t.buffer.name if t.buffer is not None else "_" + t.name
            buf = Buffer(name, (size,), t.dtype, MemoryScope.LOCAL)
            hit = self.tensors[t.name] = Tensor(t.name, (size,), t.dtype, buf)
        return hit

    def visit_Load(self, node: Load) -> Any:
        spec = self.specs.get(node.tensor.name)
        if spec is None:
            return self.generic_mutate(node)
        idx = tuple(self.visit(i) for i in node.indices)
        return Load(self._tensor(node.tensor), (row_index(idx, spec, self.it),))

    def visit_Store(self, node: Store) -> Any:
        spec = self.specs.get(node.tensor.name)
        if spec is None:
            return self.generic_mutate(node)
        idx = tuple(self.visit(i) for i in node.indices)
        return Store(self._tensor(node.tensor), (row_index(idx, spec, self.it),), self.visit(node.value))


def hold_rows(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 5a: the materialised row values of a one-nest kernel become per-row local temps."""
    rows = {n: s for n, s in info.rows.items() if n not in info.keep_global and isinstance(s, RowSpec)}
    if not rows:
        return root
    mut = _ToRows(rows, info)
    out = mut.visit(root)
    for t in mut.tensors.values():
        assert t.buffer is not None
        info.keep_temp.add(t.buffer.name)
    return out


__all__ = ["hold_rows", "row_index"]
