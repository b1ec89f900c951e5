"""Step 2, compute inline: elementwise / broadcast / injective producers substituted into their consumers."""

from __future__ import annotations

from typing import Any

from pirc.cinn.ast.nodes import (
    Block,
    Expr,
    Load,
    ScheduleBlockRealize,
    Stmt,
    Var,
)
from pirc.cinn.ast.visitor import Mutator, substitute, walk
from pirc.cinn.schedule.group.info import (
    ScheduleInfo,
    block_store,
    main_block_name,
    realizes,
    root_stmts,
    tree_size,
    with_stmts,
)
from pirc.cinn.schedule.group.recompute import plan_materialise


class _InlineLoads(Mutator):
    def __init__(self, values: dict[str, tuple[tuple[Var, ...], Expr]]) -> None:
        super().__init__()
        self.values = values

    def visit_Load(self, node: Load) -> Any:
        idx = tuple(self.visit(i) for i in node.indices)
        hit = self.values.get(node.tensor.name)
        if hit is not None:
            ivs, value = hit
            return substitute(value, dict(zip(ivs, idx)))
        if any(a is not b_ for a, b_ in zip(idx, node.indices)):
            return node.replace(indices=idx)
        return node


def inline_values(node: Any, values: dict[str, tuple[tuple[Var, ...], Expr]]) -> Any:
    """``node`` with every load of a tensor in ``values`` replaced by its value."""
    if not values:
        return node
    return _InlineLoads(values).visit(node)


def _small(stmts: list[Stmt], info: ScheduleInfo) -> dict[str, bool]:
    """Per block, whether its value tree (with the producers before it inlined) is within
    ``inline_limit``: the rule of the all-inlined schedule, without building the trees."""
    sizes: dict[str, int] = {}
    out: dict[str, bool] = {}
    for st in stmts:
        name = main_block_name(st, info)
        if name is None or name not in info.blocks:
            continue
        main = next((r for r in realizes(st) if r.block.name == name), None)
        store = block_store(main.block) if main is not None else None
        if store is None:
            continue
        n = 0
        for x in walk(store.value):
            if isinstance(x, Load) and x.tensor.name in sizes:
                n += sizes[x.tensor.name] - 1
            n += 1
        sizes[name] = n
        out[name] = n <= info.inline_limit
    return out


def compute_inline(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 2: inline elementwise / broadcast / injective producers into their consumers,
    except the values :func:`~.recompute.plan_materialise` computes once."""
    stmts = root_stmts(root)
    plan = plan_materialise(stmts, info, _small(stmts, info))
    info.materialised |= plan.materialise
    info.row_reads |= plan.row_reads
    info.rows.update(plan.rows)
    info.cuts |= plan.cuts
    values: dict[str, tuple[tuple[Var, ...], Expr]] = {}
    out: list[Stmt] = []
    for st in stmts:
        st = inline_values(st, values)
        name = main_block_name(st, info)
        bi = info.blocks.get(name) if name is not None else None
        if bi is None or bi.compute.is_reduce:
            out.append(st)
            continue
        main = next(r for r in realizes(st) if r.block.name == name)
        store = block_store(main.block)
        if store is None:
            out.append(st)
            continue
        if name in plan.materialise:
            out.append(st)
            continue
        ivs = tuple(main.block.iter_vars)
        value = store.value
        small = tree_size(value) <= info.inline_limit
        if name not in info.keep_global:
            if small or bi.level != "S":
                values[name] = (ivs, value)
                bi.inlined = True
                continue
        elif small:
            values[name] = (ivs, value)  # an output: keep the block, recompute it in consumers
        out.append(st)
    return with_stmts(root, out or [Block(())])
