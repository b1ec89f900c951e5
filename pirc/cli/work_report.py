"""The work table of ``pirc-lower --work``: per fused group, the element operations of its ops
run one by one and of the kernels the schedule made, their ratio, and the values it computed
once instead of inlining them (:mod:`pirc.cinn.schedule.group.recompute`)."""

from __future__ import annotations

from collections.abc import Sequence

from pirc.cinn.lower.op_lower import LoweredGroup
from pirc.tables import print_table


def _count(x: float) -> str:
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= scale:
            return f"{x / scale:.2f}{unit}"
    return f"{x:.0f}"


def work_rows(groups: Sequence[LoweredGroup]) -> list[list[str]]:
    rows = []
    for lg in groups:
        once = ", ".join(lg.computed_once[:4]) + (f" (+{len(lg.computed_once) - 4})" if len(lg.computed_once) > 4 else "")
        rows.append([f"group_{lg.index}", str(len(lg.kernels)), _count(lg.op_work.total), _count(lg.kernel_work.total),
                     f"{lg.work_ratio:.2f}", once or "-"])
    return rows


def print_work(groups: Sequence[LoweredGroup]) -> None:
    """The table on stderr (the .ast may be on stdout)."""
    print_table("pirc-lower work (element operations; symbolic dims counted as 64)",
                ["group", "kernels", "op by op", "kernels' work", "ratio", "computed once"], work_rows(groups),
                right=[1, 2, 3, 4], err=True)


__all__ = ["print_work", "work_rows"]
