"""float16 rows converted ahead of an innermost loop, for the C target: the schedule's mark.

GCC (12) does not vectorise a half -> float conversion with the hardware's ``vcvtph2ps``: the
software conversion the prelude has instead (``pirc_h2f``, branch-free) vectorises, but costs
about ten vector instructions per 16 halves, so a reduction over a float16 input ran at half the
speed of the same reduction over float32.  Where an innermost serial or vectorized loop reads a
float16 buffer contiguously (the flat offset ``base + k`` in the loop variable ``k``, ``base`` the
same for every iteration), :func:`mark_half_rows` sets the attribute ``half_rows`` on the loop's
schedule blocks (``pirc-lower`` shows it), and CodeGenC converts each such run of halves first,
into a stack row of floats (``pirc_h2f_row``: ``vcvtph2ps`` where the target has F16C, 8 or 16
halves an instruction, else the same software conversion), the loop reading the floats.  Half ->
float is exact, so the values, and the loop's arithmetic and order, are unchanged: results are
bit-identical.

Only loops whose every iteration reads the element (no ``if``, no ``select`` in the body: a
guarded read may lie outside the buffer), of constant extent from :data:`ROW_MIN` up to
:data:`ROW_LIMIT`, from a buffer the loop does not write.

A marked loop that only adds a converted row into a contiguous float32 row, ``a[k] = a[k] +
float(h[k])`` (a first-axis sum's rows), is printed as one call instead (:func:`half_accumulation`,
``pirc_add_h2f_row``): the conversion and the add in the same vector step, no row in memory; the
same adds, bit-identical.  So is a float32 sum of one marked row (``pirc_sum_h2f_row``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pirc.cinn.ast.analysis import bound_inside, const_int, linear_coeff, outer_bindings, storage_key, uses_vars
from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.equality import structural_equal
from pirc.cinn.ast.nodes import (
    Add,
    Block,
    Cast,
    Expr,
    For,
    ForKind,
    IfThenElse,
    IntImm,
    Load,
    LoweredFunc,
    ScheduleBlockRealize,
    Select,
    Store,
    Tensor,
    Var,
)
from pirc.cinn.ast.visitor import Mutator, replace_nodes, substitute, walk

ROW_LIMIT = 4096  # floats: a 16 KiB stack row at most
ROW_MIN = 16  # shorter runs are not worth a second loop


@dataclass
class HalfAccumulation:
    """``target[k] = target[k] + float(row[k])`` over the loop: ``indices`` is the target's first
    element (variables bound outside the loop only)."""

    target: Tensor
    indices: tuple[Expr, ...]
    row: HalfRow


@dataclass
class HalfRow:
    """One contiguous run of halves: ``tensor`` at ``indices`` (the loop variable at its first
    value, only variables bound outside the loop) and the loads that read it."""

    tensor: Tensor
    indices: tuple[Expr, ...]
    loads: list[Load] = field(default_factory=list)


def _flat_coeff(t: Tensor, idx: tuple[Expr, ...], v: Var) -> int | None:
    total, stride = 0, 1
    for d in reversed(range(len(t.shape))):
        size, c = const_int(t.shape[d]), linear_coeff(idx[d], v)
        if size is None or c is None:
            return None
        total += c * stride
        stride *= size
    return total


def half_rows(loop: For) -> list[HalfRow]:
    """The contiguous float16 runs the innermost ``loop`` reads (see the module docstring)."""
    n, mn = const_int(loop.extent), const_int(loop.min)
    if n is None or mn is None or not ROW_MIN <= n <= ROW_LIMIT:
        return []
    nodes = list(walk(loop.body))
    if any(isinstance(x, (For, IfThenElse, Select)) for x in nodes):
        return []
    written = {storage_key(x.tensor) for x in nodes if isinstance(x, Store)}
    inner = bound_inside(nodes)
    binding = outer_bindings(nodes)
    rows: list[HalfRow] = []
    start = {loop.loop_var: IntImm(mn, loop.loop_var.dtype)}
    for x in nodes:
        if not isinstance(x, Load) or x.tensor.dtype is not DType.FLOAT16 or storage_key(x.tensor) in written:
            continue
        idx = tuple(substitute(i, binding) for i in x.indices)
        if any(uses_vars(i, inner) for i in idx) or _flat_coeff(x.tensor, idx, loop.loop_var) != 1:
            continue
        first = tuple(substitute(i, start) for i in idx)
        for r in rows:
            if storage_key(r.tensor) == storage_key(x.tensor) and structural_equal(r.indices, first) \
                    and structural_equal(tuple(r.tensor.shape), tuple(x.tensor.shape)):
                r.loads.append(x)
                break
        else:
            rows.append(HalfRow(x.tensor, first, [x]))
    return rows


def half_accumulation(loop: For, rows: list[HalfRow]) -> HalfAccumulation | None:
    """The loop as a :class:`HalfAccumulation` of its one row, if that is all it does."""
    if len(rows) != 1 or len(rows[0].loads) != 1:
        return None
    stores = [x for x in walk(loop.body) if isinstance(x, Store)]
    if len(stores) != 1 or stores[0].tensor.dtype is not DType.FLOAT32:
        return None
    st = stores[0]
    v = st.value
    if not isinstance(v, Add) or not isinstance(v.a, Load) or storage_key(v.a.tensor) != storage_key(st.tensor) \
            or not structural_equal(tuple(v.a.indices), tuple(st.indices)):
        return None
    b = v.b.value if isinstance(v.b, Cast) and v.b.dtype is DType.FLOAT32 else v.b
    if b is not rows[0].loads[0]:
        return None
    binding = outer_bindings(walk(loop.body))
    idx = tuple(substitute(i, binding) for i in st.indices)
    if any(uses_vars(i, bound_inside(walk(loop.body))) for i in idx) or _flat_coeff(st.tensor, idx, loop.loop_var) != 1:
        return None
    start = {loop.loop_var: IntImm(const_int(loop.min) or 0, loop.loop_var.dtype)}
    return HalfAccumulation(st.tensor, tuple(substitute(i, start) for i in idx), rows[0])


#: the schedule-block attribute that marks a loop's float16 rows for conversion
ATTR = "half_rows"


def _own_blocks(loop: For) -> list[ScheduleBlockRealize]:
    """The schedule blocks realised directly in ``loop``'s body (through nested Blocks only)."""
    out: list[ScheduleBlockRealize] = []
    stack: list[Any] = [loop.body]
    while stack:
        n = stack.pop()
        if isinstance(n, Block):
            stack.extend(reversed(n.stmts))
        elif isinstance(n, ScheduleBlockRealize):
            out.append(n)
    return out


def marked(loop: For) -> bool:
    """Whether the schedule marked ``loop``'s float16 rows for conversion."""
    blocks = _own_blocks(loop)
    return bool(blocks) and all(r.block.attr(ATTR) for r in blocks)


class _Mark(Mutator):
    def visit_For(self, loop: For) -> Any:
        loop = self.generic_mutate(loop)
        if loop.kind not in (ForKind.SERIAL, ForKind.VECTORIZED) or any(isinstance(n, For) for n in walk(loop.body)):
            return loop
        blocks = _own_blocks(loop)
        if not blocks or not half_rows(loop):
            return loop
        pairs = [(r, r.replace(block=r.block.replace(attrs=tuple(sorted({**dict(r.block.attrs), ATTR: True}.items())))))
                 for r in blocks]
        return replace_nodes(loop, pairs)


def mark_half_rows(func: LoweredFunc) -> LoweredFunc:
    """``func`` with the blocks of each innermost loop that reads float16 rows marked (module doc)."""
    new = _Mark().visit(func)
    return new if isinstance(new, LoweredFunc) else func


__all__ = ["ATTR", "ROW_LIMIT", "ROW_MIN", "HalfAccumulation", "HalfRow", "half_accumulation", "half_rows", "mark_half_rows",
           "marked"]
