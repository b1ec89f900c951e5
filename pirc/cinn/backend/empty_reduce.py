"""Compiled kernels must fail where the interpreter (and Paddle) fail: a max or min
reduction over an axis of size 0 has no identity, so numpy (and Paddle's kernels)
raise, while a compiled loop would return its initial value (-inf / +inf).

:func:`empty_reduction_axes` finds, in a LoweredFunc, the size expressions of the
axes its max / min reductions run over (the shape of the reduced tensor at every
index that is a reduce iter var); :func:`check` evaluates them for one call (with
the kernel's symbol values) and raises ``ValueError`` like numpy when one is 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pirc.cinn.ast.nodes import Load, Max, Min, ScheduleBlock, Store, Var
from pirc.cinn.ast.visitor import walk


def empty_reduction_axes(func: Any) -> list[tuple[Any, str]]:
    """(size expression, 'max' | 'min') for every axis a max/min reduction of ``func`` reduces."""
    out: list[tuple[Any, str]] = []
    seen: set[tuple[int, str]] = set()
    for node in walk(func):
        if not isinstance(node, ScheduleBlock) or not node.iter_types:
            continue
        reduce_vars = node.reduce_iter_vars
        if not reduce_vars:
            continue
        for st in walk(node.body):
            if not isinstance(st, Store) or not isinstance(st.value, (Max, Min)):
                continue
            what = "max" if isinstance(st.value, Max) else "min"
            for ld in walk(st.value):
                if not isinstance(ld, Load) or ld.tensor is st.tensor:
                    continue
                for pos, idx in enumerate(ld.indices):
                    if any(idx is v for v in reduce_vars) and pos < len(ld.tensor.shape):
                        e = ld.tensor.shape[pos]
                        if (id(e), what) not in seen:
                            seen.add((id(e), what))
                            out.append((e, what))
    return out


def check(axes: list[tuple[Any, str]], symbols: Mapping[str, int] | None) -> None:
    """Raise ValueError when one of ``axes`` has size 0 for these symbol values."""
    from pirc.cinn.codegen.common import NotConstant, eval_int

    for e, what in axes:
        env = {v: symbols[v.name] for v in walk(e) if isinstance(v, Var) and symbols and v.name in symbols}
        try:
            size = eval_int(e, env)
        except NotConstant:
            continue
        if size == 0:
            raise ValueError(f"zero-size array to reduction operation {'maximum' if what == 'max' else 'minimum'} "
                             "which has no identity")


__all__ = ["check", "empty_reduction_axes"]
