"""What build_cinn made, for people: a table of the groups and a Graphviz picture.

Both are computed from the fused program alone (any program with
``cinn_op.group`` ops), so they work on a file fused earlier as well.

Per group the table lists where it is (``top`` or the region path, e.g.
``if#2.else``), its OpPatternKind (the largest of its ops' kinds, as CINN's group
pattern), its ops, its inputs and outputs (types), and the **bytes saved**: the
memory traffic of the group's intermediate tensors -- values no op outside the
group reads, which an unfused run would write once and read back once per
consumer, and a fused kernel keeps in registers.  Dynamic (-1) dims count as 1,
so such figures are lower bounds, marked ``>=``.

The DOT picture (``--dot FILE``; render with ``dot -Tsvg FILE -o out.svg``) has
one node per op and one edge per use (dashed: an operand that only lends its shape,
``cinn_op.broadcast``'s ``ref``); each group is a filled cluster coloured by its
kind, and each ``pd_op.if`` / ``pd_op.while`` a dashed cluster of its regions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import IO

from pirc.dialects.opdef import PatternKind
from pirc.ir.core import Block, Operation, Value
from pirc.ir.program import Program
from pirc.ir.types import DenseTensorType, Type
from pirc.passes import fusion_policy as policy

GROUP_OPS = ("cinn_op.group", "cinn_op.fusion")

_ELEM_BYTES = {
    "f32": 4, "f64": 8, "f16": 2, "bf16": 2, "i64": 8, "i32": 4, "i16": 2, "i8": 1, "u8": 1, "b": 1,
    "c64": 8, "c128": 16, "f8e4m3fn": 1, "f8e5m2": 1, "index": 8,
}

KIND_COLORS = {
    PatternKind.ELEMENTWISE: "#cfe2ff",
    PatternKind.BROADCAST: "#fff3bf",
    PatternKind.INJECTIVE: "#d3f9d8",
    PatternKind.REDUCTION: "#ffd8cc",
    PatternKind.OUT_FUSIBLE: "#e5dbff",
    PatternKind.NON_FUSIBLE: "#e9ecef",
}


def type_bytes(t: Type) -> tuple[int, bool]:
    """(bytes, has a dynamic dim counted as 1)."""
    if not isinstance(t, DenseTensorType):
        return 0, False
    n = 1
    dyn = False
    for d in t.dims:
        if d < 0:
            dyn = True
        else:
            n *= d
    return n * _ELEM_BYTES.get(t.element.name, 4), dyn


@dataclass
class GroupInfo:
    index: int
    op: Operation
    where: str
    members: list[Operation]
    kind: PatternKind
    inputs: list[Value] = field(default_factory=list)
    outputs: list[Value] = field(default_factory=list)
    intermediates: list[Value] = field(default_factory=list)
    bytes_saved: int = 0
    dynamic: bool = False

    def op_summary(self) -> str:
        counts = Counter(m.name.split(".", 1)[-1] for m in self.members)
        seen: list[str] = []
        for m in self.members:
            n = m.name.split(".", 1)[-1]
            if n not in seen:
                seen.append(n)
        return ", ".join(n if counts[n] == 1 else f"{n}x{counts[n]}" for n in seen)


def _group_info(index: int, op: Operation, where: str) -> GroupInfo:
    body = op.regions[0].block
    members = [m for m in body.ops if m.name != "cf.yield"]
    kinds = [policy.kind(m) for m in members]
    info = GroupInfo(index, op, where, members, max(kinds) if kinds else PatternKind.NON_FUSIBLE)
    mset = set(members)
    seen: set[Value] = set()
    for m in members:
        for o in m.operands:
            v = o.value
            if v is None or v in seen:
                continue
            d = getattr(v, "owner", None)
            if d is not None and d in mset:
                continue
            seen.add(v)
            info.inputs.append(v)
    y = body.last_op
    info.outputs = [o.value for o in y.operands if o.value is not None] if y is not None and y.name == "cf.yield" else []
    outs = set(info.outputs)
    for m in members:
        for r in m.results:
            if r in outs:
                continue
            info.intermediates.append(r)
            nbytes, dyn = type_bytes(r.type)
            reads = r.use_count()
            info.bytes_saved += nbytes * (1 + reads)
            info.dynamic |= dyn
    return info


def collect_groups(program: Program) -> list[GroupInfo]:
    """Every group of the program, in program order (nested regions included)."""
    out: list[GroupInfo] = []

    def walk(block: Block, where: str) -> None:
        for op in block.ops:
            if op.name in GROUP_OPS:
                out.append(_group_info(len(out), op, where))
            elif op.regions:
                tag = f"{op.name.split('.', 1)[-1]}#{_op_id(op)}"
                names = ("then", "else") if op.name == "pd_op.if" else ("body",) * len(op.regions)
                for r, nm in zip(op.regions, names, strict=False):
                    for b in r.blocks:
                        walk(b, f"{tag}.{nm}" if where == "top" else f"{where}/{tag}.{nm}")

    ids: dict[Operation, int] = {}

    def _op_id(op: Operation) -> int:
        if op not in ids:
            ids[op] = len(ids)
        return ids[op]

    walk(program.block, "top")
    return out


def _fmt_bytes(n: int, dyn: bool) -> str:
    s = f"{n:,}"
    return (">=" + s) if dyn else s


def _types(vals: list[Value], limit: int = 4) -> str:
    ts = [v.type.text for v in vals]
    if len(ts) > limit:
        return ", ".join(ts[:limit]) + f", ... ({len(ts)})"
    return ", ".join(ts) or "-"


def count_ops(program: Program) -> tuple[int, int]:
    """(ops outside groups, ops inside groups), cf.yield of groups excluded."""
    inside = outside = 0
    for op in program.walk():
        p = op.parent_op
        if p is not None and p.name in GROUP_OPS:
            if op.name != "cf.yield":
                inside += 1
        elif op.name not in GROUP_OPS:
            outside += 1
    return outside, inside


def print_report(program: Program, file: IO[str] | None = None, title: str = "build_cinn fusion report") -> None:
    """The rich table (to ``file``, default stderr)."""
    import sys

    from pirc.tables import print_table

    infos = collect_groups(program)
    rows: list[list[str]] = []
    total = 0
    dyn_any = False
    for g in infos:
        rows.append([str(g.index), g.where, g.kind.name, str(len(g.members)), g.op_summary(), _types(g.inputs),
                     _types(g.outputs), _fmt_bytes(g.bytes_saved, g.dynamic)])
        total += g.bytes_saved
        dyn_any |= g.dynamic
    outside, inside = count_ops(program)
    rows.append(["", "", "", str(inside), f"{len(infos)} groups; {outside} ops outside groups", "", "",
                 _fmt_bytes(total, dyn_any)])
    out = file or sys.stderr
    print_table(title, ["group", "where", "kind", "#ops", "ops", "inputs", "outputs", "bytes saved"], rows,
                right=(0, 3, 7), total_row=True, stream=out)
    if dyn_any:
        out.write(">=: the tensor has dynamic (-1) dims, counted as 1; the figure is a lower bound\n")


# --- DOT ----------------------------------------------------------------------------------

def _esc(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


def to_dot(program: Program, name: str = "pirc") -> str:
    """The op graph; groups are filled clusters coloured by kind, regions dashed clusters."""
    infos = {g.op: g for g in collect_groups(program)}
    node: dict[Operation, str] = {}
    node_style = '  node [shape=box, style="rounded,filled", fillcolor=white, fontname="Helvetica", fontsize=10];'
    lines = [f'digraph "{_esc(name)}" {{', "  rankdir=TB;", node_style, '  edge [fontsize=8, color="#555555"];']
    counter = [0]

    def label(op: Operation) -> str:
        res = ", ".join(r.type.text for r in op.results[:2]) + (", ..." if len(op.results) > 2 else "")
        nm = op.name
        extra = ""
        if nm == "pd_op.data":
            extra = f" {op.attr('name')}"
        elif nm == "builtin.parameter":
            extra = f" {op.attr('parameter_name')}"
        elif nm == "pd_op.fetch":
            extra = f" {op.attr('name')}"
        return _esc(f"{nm}{extra}") + ("\\n" + _esc(res) if res else "")

    def block(b: Block, indent: str) -> None:
        for op in b.ops:
            if op.name == "cf.yield":
                continue
            if op.regions:
                counter[0] += 1
                cid = counter[0]
                g = infos.get(op)
                if g is not None:
                    color = KIND_COLORS.get(g.kind, "#ffffff")
                    title = f"group {g.index}: {g.kind.name} ({len(g.members)} ops)"
                    lines.append(f'{indent}subgraph cluster_{cid} {{')
                    lines.append(f'{indent}  label="{_esc(title)}"; style="filled,rounded"; fillcolor="{color}"; '
                                 f'color="#666666"; fontsize=10;')
                    for r in op.regions:
                        for rb in r.blocks:
                            block(rb, indent + "  ")
                    lines.append(f"{indent}}}")
                else:
                    lines.append(f'{indent}subgraph cluster_{cid} {{')
                    lines.append(f'{indent}  label="{_esc(op.name)}"; style=dashed; color="#999999"; fontsize=10;')
                    nid = f"n{len(node)}"
                    node[op] = nid
                    lines.append(f'{indent}  {nid} [label="{label(op)}", shape=diamond, fillcolor="#f1f3f5"];')
                    for i, r in enumerate(op.regions):
                        counter[0] += 1
                        lines.append(f'{indent}  subgraph cluster_{counter[0]} {{ label="region {i}"; '
                                     f'style=dotted; color="#bbbbbb";')
                        for rb in r.blocks:
                            block(rb, indent + "    ")
                        lines.append(f"{indent}  }}")
                    lines.append(f"{indent}}}")
                continue
            nid = f"n{len(node)}"
            node[op] = nid
            fill = "#ffffff"
            if op.name in ("pd_op.data", "builtin.parameter") or op.name == "pd_op.fetch":
                fill = "#f8f9fa"
            lines.append(f'{indent}{nid} [label="{label(op)}", fillcolor="{fill}"];')

    block(program.block, "  ")
    # edges: defining op -> user (group results are drawn from the member that yields them)
    for op in program.walk():
        if op.name == "cf.yield" or (op.regions and op in infos):
            continue
        tgt = node.get(op)
        if tgt is None:
            continue
        for i, o in enumerate(op.operands):
            v = o.value
            src_op = _source(v, infos)
            if src_op is None or src_op not in node:
                continue
            style = "" if policy.data_operand(op, i) else " [style=dashed, label=\"shape\"]"
            lines.append(f'  {node[src_op]} -> {tgt}{style};')
    lines.append("}")
    return "\n".join(lines) + "\n"


def _source(v: Value | None, groups: dict[Operation, GroupInfo]) -> Operation | None:
    while v is not None:
        d = getattr(v, "owner", None)
        if d is None:
            return None
        if d in groups:
            y = d.regions[0].block.last_op
            if y is None:
                return None
            v = y.operands[v.index].value  # type: ignore[attr-defined]
            continue
        return d
    return None


__all__ = ["GroupInfo", "collect_groups", "count_ops", "print_report", "to_dot", "type_bytes"]
