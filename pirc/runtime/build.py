"""The Build phase's walk: every op of a block becomes an instruction in the making, with its slots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from pirc.ir.core import Block, Operation, Region, Value
from pirc.ir.effects import PURE, op_effects
from pirc.ir.types import VectorType
from pirc.runtime.compiled import COMPILED_OPS, compiled_factory
from pirc.runtime.control_flow import GroupInstruction, IfInstruction, WhileInstruction
from pirc.runtime.errors import MissingKernelError
from pirc.runtime.feeds import InputSpec, feed_spec, param_spec
from pirc.runtime.instruction import (
    COMPILED,
    HOST,
    VecOut,
    copying_kernel,
    make_combine_run,
    make_kernel_run,
    make_set_parameter_run,
    make_unpack_run,
)
from pirc.runtime.slots import SlotSets

if TYPE_CHECKING:
    from pirc.runtime.interpreter import PirInterpreter

#: ops with no operands whose result is the same every run: evaluated once in Build
CONSTANT_OPS = frozenset({"pd_op.full", "pd_op.full_int_array", "pd_op.assign_value"})
#: fused groups: with --backend interp their regions run op by op
GROUP_OPS = frozenset({"cinn_op.group", "cinn_op.fusion"})
#: ops whose results are never "unused outputs" of a program without fetch ops (a compiled kernel's unused
#: results are its scratch buffers: compile_program pinned the program's own unused values first)
_NOT_OUTPUTS = frozenset({
    "pd_op.data", "pd_op.feed", "builtin.parameter", "pd_op.fetch", "builtin.shadow_output", "cf.yield",
    "builtin.set_parameter", "builtin.combine", "builtin.slice", "builtin.split", "pd_op.shadow_feed",
    "cinn_runtime.jit_kernel",
})
#: users of a builtin.combine result that need the list to exist as a value
_NEEDS_VEC_VALUE = frozenset({
    "pd_op.fetch", "builtin.shadow_output", "cf.yield", "pd_op.if", "pd_op.while", "builtin.set_parameter",
})


def unused_results(op: Operation) -> list[Value]:
    """The results of a top-level op that a program without fetch ops returns: those nothing
    uses (by their printed name, after the builtin.shadow_output values, in program order)."""
    if op.name in _NOT_OUTPUTS:
        return []
    return [r for r in op.results if r.first_use is None and not isinstance(r.type, VectorType)]


def _reshapes(op: Operation | None, ri: int, oi: int) -> bool:
    """Does the in-place result ``ri`` of ``op`` have another shape than operand ``oi`` (reshape_ ...)?"""
    if op is None or ri >= len(op.results) or oi >= len(op.operands) or op.operands[oi].value is None:
        return False
    a, b = op.results[ri].type, op.operands[oi].value.type  # type: ignore[union-attr]
    da, db = getattr(a, "dims", None), getattr(b, "dims", None)
    return da != db or (da is not None and -1 in da)


class YieldAlias(NamedTuple):
    """What a region's k-th yielded value is, in terms of the region's captured values (by
    position) and block arguments: the same variable (``ext`` / ``args``: a write to one is a
    write to the other), or only sharing storage (``ext_share`` / ``args_share``: a view, a copy
    in Paddle's semantics)."""

    ext: frozenset[int]
    args: frozenset[int]
    ext_share: frozenset[int]
    args_share: frozenset[int]


class BuildNode:
    """An instruction in the making (Build phase)."""

    __slots__ = (
        "cf",
        "const",
        "copy_results",
        "factory",
        "index",
        "inplace",
        "kind",
        "label",
        "name",
        "op",
        "reads",
        "reshapes",
        "results",
        "side_effect",
        "vec_out",
        "writes",
    )

    def __init__(self, op: Operation | None, name: str, kind: str = HOST) -> None:
        self.op = op
        self.name = name
        self.label = name  # what profiles show
        self.kind = kind
        self.reads: list[int] = []  # slots read
        self.results: list[int] = []  # slots defined
        self.writes: list[int] = []  # slots whose storage is written in place
        self.reshapes: list[int] = []  # of those, slots an in-place shape op (reshape_ ...) needs C-contiguous
        self.side_effect = False
        self.factory: Any = None  # (writebacks) -> run closure
        self.cf: Any = None
        self.const = False
        self.inplace: list[tuple[int, int, int]] = []  # (result index, operand index, operand slot)
        self.index = -1  # instruction index once numbered
        self.vec_out: VecOut | None = None  # the vec[...] result of a kernel returning a flat list
        self.copy_results: list[int] = []  # result indices materialised (a view that may not share)


def _flat(spec: Any, out: list[int]) -> list[int]:
    if type(spec) is int:
        out.append(spec)
    elif spec is not None:
        for x in spec:
            _flat(x, out)
    return out


def captured_values(region: Region) -> list[Value]:
    """Values used inside ``region`` (at any depth) but defined outside it, in first-use order."""
    defined: set[Value] = set()
    ops: list[Operation] = []

    def walk(block: Block) -> None:
        defined.update(block.args)
        for op in block.ops:
            ops.append(op)
            defined.update(op.results)
            for r in op.regions:
                for b in r.blocks:
                    walk(b)

    for b in region.blocks:
        walk(b)
    used: dict[Value, None] = {}
    for op in ops:
        for o in op.operands:
            v = o.value
            if v is not None and v not in defined:
                used.setdefault(v, None)
    return list(used)


class BlockBuilder(SlotSets):
    """The walk of the Build phase of one PirInterpreter (:func:`~pirc.runtime.assemble.assemble` ends it)."""

    def __init__(self, interp: PirInterpreter) -> None:
        super().__init__()
        self.it = interp
        #: may-share links decided in assemble(): (node position, slot, slots it may share with, on_copy)
        self.links: list[tuple[int, int, list[int], Any]] = []
        self.nodes: list[BuildNode] = []
        self.params: list[tuple[InputSpec, int]] = []
        self.feeds: list[tuple[InputSpec, int]] = []
        self.bound: list[int] = []
        self.fetches: list[tuple[int, int, str, Value]] = []
        self.out_order: list[tuple[str | None, Value]] = []
        self.yields: list[Value | None] | None = None
        self.const_slots: list[int] = []
        self.is_region = bool(interp.externals) or (interp.block.parent_op is not None
                                                    and interp.block.parent_op.name != "builtin.module")

    def add_node(self, node: BuildNode) -> int:
        self.nodes.append(node)
        return len(self.nodes) - 1

    # -- the walk ---------------------------------------------------------------------------------
    def build(self) -> None:
        it = self.it
        for v in it.externals:
            self.bound.append(self.new_slot(v, -1))
        self.arg_slots = [self.new_slot(a, -1) for a in it.block.args]
        self.bound.extend(self.arg_slots)
        for op in it.block.ops:
            self.visit(op)

    def visit(self, op: Operation) -> None:
        n = op.name
        if n == "builtin.parameter":
            k = self.new_slot(op.results[0], -1)
            self.params.append((param_spec(op), k))
            self.bound.append(k)
        elif n in ("pd_op.data", "pd_op.feed"):
            k = self.new_slot(op.results[0], -1)
            self.feeds.append((feed_spec(op), k))
            self.bound.append(k)
        elif n == "pd_op.fetch":
            src = op.operand(0)
            if op.results:
                self.canon[op.results[0]] = src  # type: ignore[assignment]
            n_before = len(self.fetches)
            col = op.attr("col")
            name = op.attr("name")
            self.fetches.append((col if isinstance(col, int) else n_before, n_before,
                                 name if isinstance(name, str) else f"fetch_{n_before}", src))  # type: ignore[arg-type]
        elif n == "pd_op.shadow_feed":
            self.canon[op.results[0]] = op.operand(0)  # type: ignore[assignment]
        elif n == "builtin.shadow_output":
            self.spec(op.operand(0), op)
            self.out_order.append((str(op.attr("output_name")), op.operand(0)))  # type: ignore[arg-type]
        elif n == "builtin.combine":
            self.visit_combine(op)
        elif n in ("builtin.slice", "builtin.split"):
            self.visit_unpack(op)
        elif n == "cf.yield":
            self.yields = [o.value for o in op.operands]
            for v in self.yields:
                self.spec(v, op)
        elif n == "pd_op.if":
            self.visit_if(op)
        elif n == "pd_op.while":
            self.visit_while(op)
        elif n in GROUP_OPS:
            self.visit_group(op)
        elif n == "builtin.set_parameter":
            self.visit_set_parameter(op)
        elif n in COMPILED_OPS or compiled_factory(n) is not None:
            self.visit_compiled(op)
        else:
            self.visit_kernel(op)
        if op.parent is self.it.block:
            self.out_order += [(None, r) for r in unused_results(op)]

    def visit_combine(self, op: Operation) -> None:
        res = op.results[0]
        elems = [o.value for o in op.operands]
        self.combines[res] = elems
        need = False
        for u in res.uses():
            owner = u.owner
            if owner.parent is not self.it.block or owner.name in _NEEDS_VEC_VALUE:
                need = True
                break
        if not need:
            return
        node = BuildNode(op, "builtin.combine")
        args = [self.spec(e, op) for e in elems]
        node.reads = _flat(args, [])
        idx = self.add_node(node)
        # the materialised list is a value of its own (slot), sharing the elements' storage
        del self.combines[res]
        k = self.new_slot(res, idx)
        node.results = [k]
        for r in node.reads:
            self.same_var(k, r)
        node.factory = lambda wb, rb, args=args, k=k: make_combine_run(args, k)

    def visit_unpack(self, op: Operation) -> None:
        src = self.C(op.operand(0))  # type: ignore[arg-type]
        if op.name == "builtin.slice":
            pairs = [(int(op.attr("index")), op.results[0])]
        else:
            pairs = list(enumerate(op.results))
        elems = self.combines.get(src)
        if elems is not None:
            for j, r in pairs:
                e = elems[j]
                if e is not None:
                    self.canon[r] = e
            return
        ksrc = self.slot(src, op)
        d = self.def_node[ksrc]
        prod = self.nodes[d] if d >= 0 else None
        vec_out = prod.vec_out if prod is not None else None
        if vec_out is not None and vec_out.vec_slot == ksrc:
            # the producing kernel writes the elements straight into their slots
            elems_list = list(vec_out.elems)
            for j, r in pairs:
                k = self.new_slot(r, d)
                prod.results.append(k)  # type: ignore[union-attr]
                self.same_var(k, ksrc)
                elems_list.append((j, k))
            vec_out.elems = tuple(elems_list)
            return
        node = BuildNode(op, op.name)
        node.reads = [ksrc]
        idx = self.add_node(node)
        out: list[tuple[int, int]] = []
        for j, r in pairs:
            k = self.new_slot(r, idx)
            self.same_var(k, ksrc)
            out.append((j, k))
        node.results = [k for _, k in out]
        node.factory = lambda wb, rb, ksrc=ksrc, out=out: make_unpack_run(ksrc, out)

    def visit_set_parameter(self, op: Operation) -> None:
        node = BuildNode(op, op.name)
        k = self.slot(op.operand(0), op)
        node.reads = [k]
        node.side_effect = True
        name = str(op.attr("parameter_name"))
        it = self.it
        self.add_node(node)

        def scope() -> dict[str, Any]:
            return it.scope_ref

        node.factory = lambda wb, rb: make_set_parameter_run(k, name, scope)

    def _missing(self, op: Operation, what: str) -> MissingKernelError:
        return MissingKernelError(op.name, f"'{op.name}' op {what}", op.loc)

    def visit_kernel(self, op: Operation) -> None:
        opdef = op.info.opdef
        if opdef is None or opdef.kernel is None:
            if not op.info.registered:
                raise self._missing(op, "is not an op pirc knows: it cannot be run")
            raise self._missing(op, "has no kernel: pirc cannot run it yet")
        node = BuildNode(op, op.name, HOST)
        args = [self.spec(o.value, op) for o in op.operands]
        node.reads = _flat(args, [])
        node.side_effect = "side_effect" in opdef.traits
        node.const = op.name in CONSTANT_OPS and not op.operands
        idx = self.add_node(node)
        flat_vec = len(opdef.results) == 1 and opdef.results[0].endswith("[]")
        outs: list[Any] = []
        for r in op.results:
            k = self.new_slot(r, idx)
            node.results.append(k)
            outs.append(k)
        if flat_vec and outs:
            vo = VecOut(outs[0], ())
            node.vec_out = vo
            outs = [vo]
        eff = op_effects(op)
        if eff is not None and eff is not PURE:
            for ri, oi in eff.views:  # copy semantics; the storage is shared where assemble() proves it safe
                if ri < len(node.results) and oi < len(args) and type(args[oi]) is int:
                    self.links.append((idx, node.results[ri], [args[oi]], (node, ri)))
            for ri, oi in eff.inplace:
                if ri < len(node.results) and oi < len(args) and type(args[oi]) is int:
                    self.same_var(node.results[ri], args[oi])
                    node.inplace.append((ri, oi, args[oi]))
                    if _reshapes(op, ri, oi):
                        node.reshapes.append(args[oi])
            for oi in eff.writes:
                if oi < len(args) and type(args[oi]) is int:
                    node.writes.append(args[oi])
        kernel = opdef.kernel
        attrs = op.attrs.values()

        def factory(wb: Any, rb: Any, node: BuildNode = node) -> Any:
            k = kernel if not node.copy_results else copying_kernel(kernel, node.copy_results)
            return make_kernel_run(k, attrs, args, outs, flat_vec, wb, rb)

        node.factory = factory

    def visit_compiled(self, op: Operation) -> None:
        fk = compiled_factory(op.name)
        if fk is None:
            raise self._missing(op, "is a compiled kernel: running compiled kernels (--backend cinn) is not "
                                    "implemented yet")
        factory, kind = fk
        node = BuildNode(op, op.name, COMPILED if kind == "compiled" else kind)
        args = [self.spec(o.value, op) for o in op.operands]
        node.reads = _flat(args, [])
        idx = self.add_node(node)
        outs = [self.new_slot(r, idx) for r in op.results]
        node.results = list(outs)
        fn = factory(op)
        node.label = getattr(fn, "label", op.name)  # a compiled kernel's own name, if its factory gives one

        def kernel(a: Sequence[Any], attrs: Mapping[str, Any]) -> Sequence[Any]:
            return fn(a)

        node.factory = lambda wb, rb: make_kernel_run(kernel, {}, args, outs, False, ())

    def _sub(self, region: Region) -> tuple[PirInterpreter, list[int]]:
        from pirc.runtime.interpreter import PirInterpreter  # a region gets an interpreter of its own

        cap = captured_values(region)
        sub = PirInterpreter(region.block, externals=cap, gc=self.it.gc, depth=self.it.depth + 1,
                             name=f"{self.it.name}/{region.parent.name if region.parent else '?'}",
                             streams=self.it.max_streams)
        sub.build()
        ext_slots = [self.slot(v, region.parent) for v in cap]  # type: ignore[arg-type]
        return sub, ext_slots

    def visit_if(self, op: Operation) -> None:
        node = BuildNode(op, op.name, HOST)
        cond = self.slot(op.operand(0), op)
        branches = [self._sub(r) for r in op.regions]
        node.reads = [cond] + [k for _, ext in branches for k in ext]
        for sub, ext in branches:
            node.writes.extend(ext[e] for e in sorted(sub.ext_written))
            node.reshapes.extend(ext[e] for e in sorted(sub.ext_reshaped))
        idx = self.add_node(node)
        outs = [self.new_slot(r, idx) for r in op.results]
        node.results = list(outs)
        cf = IfInstruction(op, cond, branches, outs)
        self._alias_yields(idx, cf, outs, [(sub.yield_alias, sub.out_alias, ext, ()) for sub, ext in branches])
        node.cf = cf
        node.factory = lambda wb, rb: cf.run

    def _alias_yields(self, idx: int, cf: Any, outs: list[int], regions: Sequence[tuple[
            Sequence[YieldAlias], Sequence[tuple[int, int, bool]], Sequence[int], Sequence[int]]]) -> None:
        """A region result is the variable its region yields: where that is a captured value, a
        block argument (a loop input) or what another result is, they become one variable (a
        write to one is seen through the other; the DAG orders them).  Where the yielded value
        only shares storage with one (a view: a copy in Paddle's semantics), the result may share
        it too: assemble() decides, or the instruction copies the result.

        A result that, in a branch, is an outer variable (a captured value or a block argument,
        *pinned*) is never copied there: it is that variable's own storage, whatever else shares
        it, and its sharing is the business of whoever owns that variable (this block: its
        links; the region: :func:`~pirc.runtime.aliasing.decide_links` never lets a view share
        with a value that may be an outer variable).  So a may-share link is made for the results
        that are not pinned: between two results of which one is pinned it goes on the other, and
        between two pinned ones there is none (each is its outer variable, they share storage only
        where this block made them).  Results that are one variable of the region (a value yielded
        twice) get one link and are copied together."""
        n = len(outs)
        for b, (yield_alias, out_alias, ext, args) in enumerate(regions):
            pinned = [False] * n
            for k, ya in enumerate(yield_alias[:n]):
                for e in sorted(ya.ext):
                    self.same_var(outs[k], ext[e])
                    pinned[k] = True
                for a in sorted(ya.args):
                    if a < len(args):
                        self.same_var(outs[k], args[a])
                        pinned[k] = True
            # results that are one variable of the region: one group, one link, copied together
            group = list(range(n))
            for k1, k2, same in out_alias:
                if same and k1 < n and k2 < n:
                    self.same_var(outs[k1], outs[k2])
                    g1, g2 = group[k1], group[k2]
                    if g1 != g2:
                        lo, hi = min(g1, g2), max(g1, g2)
                        group = [lo if g == hi else g for g in group]
            share: dict[int, list[int]] = {}
            for k, ya in enumerate(yield_alias[:n]):
                if pinned[k]:
                    continue
                t = share.setdefault(group[k], [])
                t.extend(ext[e] for e in sorted(ya.ext_share))
                t.extend(args[a] for a in sorted(ya.args_share) if a < len(args))
            for k1, k2, same in out_alias:
                if same or k1 >= n or k2 >= n or (pinned[k1] and pinned[k2]):
                    continue
                lo, hi = min(k1, k2), max(k1, k2)
                if pinned[hi]:
                    lo, hi = hi, lo
                share.setdefault(group[hi], []).append(outs[lo])
            # a copy, where needed, is made only when this region ran (the other may yield the variable)
            for g, t in sorted(share.items()):
                if t:
                    members = tuple(k for k in range(n) if group[k] == g)
                    self.links.append((idx, outs[g], list(dict.fromkeys(t)), (cf, b, members)))

    def visit_group(self, op: Operation) -> None:
        node = BuildNode(op, op.name, HOST)
        sub, ext = self._sub(op.regions[0])
        node.reads = list(ext)
        node.writes.extend(ext[e] for e in sorted(sub.ext_written))
        node.reshapes.extend(ext[e] for e in sorted(sub.ext_reshaped))
        idx = self.add_node(node)
        outs = [self.new_slot(r, idx) for r in op.results]
        node.results = list(outs)
        cf = GroupInstruction(op, sub, ext, outs)
        self._alias_yields(idx, cf, outs, [(sub.yield_alias, sub.out_alias, ext, ())])
        node.cf = cf
        node.factory = lambda wb, rb: cf.run

    def visit_while(self, op: Operation) -> None:
        node = BuildNode(op, op.name, HOST)
        cond = self.slot(op.operand(0), op)
        ins = [self.slot(o.value, op) for o in op.operands[1:]]
        sub, ext = self._sub(op.regions[0])
        node.reads = [cond] + ins + ext
        node.writes.extend(ext[e] for e in sorted(sub.ext_written))
        node.writes.extend(ins[a] for a in sorted(sub.args_written) if a < len(ins))
        node.reshapes.extend(ext[e] for e in sorted(sub.ext_reshaped))
        node.reshapes.extend(ins[a] for a in sorted(sub.args_reshaped) if a < len(ins))
        idx = self.add_node(node)
        outs = [self.new_slot(r, idx) for r in op.results]
        node.results = list(outs)
        cf = WhileInstruction(op, cond, ins, sub, ext, outs)
        for k, o in enumerate(outs):
            if k < len(ins):
                self.same_var(o, ins[k])  # zero iterations: the result is the input
        # yield 0 is the condition
        out_alias = [(a - 1, b - 1, same) for a, b, same in sub.out_alias if a > 0 and b > 0]
        self._alias_yields(idx, cf, outs, [(sub.yield_alias[1:], out_alias, ext, ins)])
        node.cf = cf
        node.factory = lambda wb, rb: cf.run
