"""The end of the Build phase: storages, constants, write-backs, DAG, GC plan, instructions for the interpreter."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pirc.diagnostics import Diagnostic, PircError
from pirc.ir.core import Value
from pirc.runtime.aliasing import decide_links
from pirc.runtime.build import BlockBuilder, BuildNode, YieldAlias, _reshapes
from pirc.runtime.compiled import compiled_factory
from pirc.runtime.dependency import Access, build_dag
from pirc.runtime.feeds import InputSpec, feed_spec
from pirc.runtime.gc import plan_gc
from pirc.runtime.instruction import DEVICE, Instruction, make_contiguous_run
from pirc.runtime.scheduler import Schedule


def _device_of(instrs: Sequence[Instruction]) -> Any:
    """The Device the device instructions run on (their factory's), or None."""
    for ins in instrs:
        if ins.kind == DEVICE and ins.op is not None:
            fk = compiled_factory(ins.op.name)
            dev = getattr(fk[0], "device", None) if fk is not None else None
            if dev is not None:
                return dev
    return None


def assemble(builder: BlockBuilder) -> None:
    """Turn what the walk found into the interpreter's instructions and run-time tables."""
    it = builder.it
    nslots = len(builder.slot_value)
    # outputs (slots) ------------------------------------------------------------------------
    outputs: list[tuple[str, int]] = []
    if builder.is_region:
        if builder.yields is None:
            raise PircError(Diagnostic("error", "a region must end with 'cf.yield'",
                                       it.block.parent_op.loc if it.block.parent_op else None))
        output_slots = [builder.slot(v, it.block.last_op) for v in builder.yields]  # type: ignore[arg-type]
    elif builder.fetches:
        for _, _, name, v in sorted(builder.fetches, key=lambda f: (f[0], f[1])):
            outputs.append((name, builder.slot(v, it.block.last_op)))  # type: ignore[arg-type]
        output_slots = [k for _, k in outputs]
    else:
        names = _printed_names(builder) if any(n is None for n, _ in builder.out_order) else {}
        for name, v in builder.out_order:
            outputs.append((name if name is not None else names.get(v, f"%{len(outputs)}"),
                            builder.slot(v, it.block.last_op)))  # type: ignore[arg-type]
        output_slots = [k for _, k in outputs]

    # storages: may-share links become shared storage where that is safe, copies elsewhere --------
    decide_links(builder, output_slots)
    roots: dict[int, int] = {}
    storage_of_slot = [0] * nslots
    for k in range(nslots):
        r = builder.find(k)
        s = roots.get(r)
        if s is None:
            s = roots[r] = len(roots)
        storage_of_slot[k] = s
    nst = len(roots)
    sslots: list[list[int]] = [[] for _ in range(nst)]
    for k in range(nslots):
        sslots[storage_of_slot[k]].append(k)
    S = storage_of_slot

    written: set[int] = set()
    for node in builder.nodes:
        for k in node.writes:
            written.add(S[k])

    # constants ------------------------------------------------------------------------------------
    const_binds: list[tuple[int, np.ndarray]] = []
    keep: list[BuildNode] = []
    for node in builder.nodes:
        if node.const and node.results and S[node.results[0]] not in written:
            try:
                opdef = node.op.info.opdef  # type: ignore[union-attr]
                val = opdef.kernel([], node.op.attrs.values())[0]  # type: ignore[union-attr, misc]
            except Exception:  # noqa: BLE001 - left to fail, located, at run time
                keep.append(node)
                continue
            k = node.results[0]
            if isinstance(val, np.ndarray):
                # shared by every run: nothing may write it (writeback() then binds a new array)
                val.flags.writeable = False
            const_binds.append((k, val))
            builder.def_node[k] = -1
            for kk in node.results[1:]:
                builder.def_node[kk] = -1
            continue
        keep.append(node)
    pos_of = {id(n): i for i, n in enumerate(builder.nodes)}
    # node position (walk order) -> instruction index; positions of removed nodes -> -1
    new_index = [-1] * len(builder.nodes)
    for i, node in enumerate(keep):
        node.index = i
        new_index[pos_of[id(node)]] = i
    def_instr = [new_index[d] if d >= 0 else -1 for d in builder.def_node]

    # pinned storages --------------------------------------------------------------------------
    pinned: set[int] = set()
    for k in output_slots:
        pinned.add(S[k])
    for _, k in builder.params:
        pinned.add(S[k])
    for k, _ in const_binds:
        pinned.add(S[k])
    for e in range(len(it.externals)):
        pinned.add(S[e])
    # variables that come from outside this block: whoever owns them may read them later
    V = [builder.vfind(k) for k in range(nslots)]
    outside = {V[k] for _, k in builder.params} | {V[k] for k in range(len(it.externals))} | {
        V[k] for k in builder.arg_slots}

    # write-back decisions for inplace results ---------------------------------------------------
    # (a write must land where a later reader of the same variable looks; other values that share
    # the storage are, by decide_links, not read after the write)
    readers: dict[int, list[tuple[int, int]]] = {}
    for node in keep:
        for k in node.reads:
            readers.setdefault(V[k], []).append((node.index, k))
    var_slots: dict[int, list[int]] = {}
    for k in range(nslots):
        var_slots.setdefault(V[k], []).append(k)
    out_slots_by_var: dict[int, list[int]] = {}
    for k in output_slots:
        out_slots_by_var.setdefault(V[k], []).append(k)

    def needs_writeback(i: int, k_operand: int) -> bool:
        v = V[k_operand]
        if v in outside:
            return True
        for j, k in readers.get(v, ()):
            if j > i and def_instr[k] < i:
                return True
        return any(def_instr[k] < i for k in out_slots_by_var.get(v, ()))

    # copy feeds that something writes in place (the caller's arrays stay untouched)
    feed_binds = [(spec, k, S[k] in written) for spec, k in builder.feeds]

    # DAG ----------------------------------------------------------------------------------------
    accesses: list[Access] = []
    for node in keep:
        i = node.index
        producers = {def_instr[k] for k in node.reads if def_instr[k] >= 0 and def_instr[k] != i}
        accesses.append(Access(producers, [S[k] for k in node.reads], [S[k] for k in node.writes],
                               node.side_effect))
    dag = build_dag(accesses, [n.kind for n in keep])

    # GC ---------------------------------------------------------------------------------------------
    first_def = [len(keep) + 1] * nst
    for k in range(nslots):
        s = S[k]
        first_def[s] = min(first_def[s], def_instr[k])
    produced: list[list[int]] = []
    allocs: list[tuple[tuple[int, int], ...]] = []
    for node in keep:
        fresh: dict[int, int] = {}
        for k in node.results:
            s = S[k]
            if first_def[s] == node.index and s not in fresh:
                fresh[s] = k
        produced.append(list(fresh))
        allocs.append(tuple(fresh.items()))
    bound = [S[k] for k in builder.bound]
    plan = plan_gc(nst, sslots, [[S[k] for k in n.reads] for n in keep], produced, bound, pinned, it.gc)

    # instructions -----------------------------------------------------------------------------------
    instrs: list[Instruction] = []
    cf_objs: list[Any] = []
    for node in keep:
        i = node.index
        wb: list[tuple[int, int]] = []
        rb: list[tuple[int, int]] = []  # the operand is dead after the write: it becomes the result
        for ri, oi, ko in node.inplace:
            if needs_writeback(i, ko):
                wb.append((ri, oi))
            else:
                rb.append((ri, ko))
        run = node.factory(wb, rb)
        reshaping = [ko for ri, oi, ko in node.inplace if _reshapes(node.op, ri, oi)]
        if reshaping:
            # an in-place shape op (reshape_ ...) must give a view of its operand's storage: make
            # that storage C-contiguous first, in every slot of the variable that holds it
            run = make_contiguous_run(run, [(ko, tuple(k for k in var_slots.get(V[ko], ()) if def_instr[k] <= i))
                                            for ko in reshaping])
        ins = Instruction(i, node.op, node.name, node.kind, run)
        ins.next_same = tuple(dag.next_same[i])
        ins.next_diff = tuple(dag.next_diff[i])
        ins.dep_count = dag.dep_count[i]
        ins.dec = plan.dec[i]
        ins.dead = plan.dead[i]
        ins.alloc = allocs[i]
        ins.in_slots = tuple(node.reads)
        ins.out_slots = tuple(node.results)
        ins.kernel = node.op.info.opdef.kernel if node.op is not None and node.op.info.opdef else None
        ins.label = node.label
        if node.cf is not None:
            ins.is_cf = True
            ins.cf = node.cf
            cf_objs.append(node.cf)
        instrs.append(ins)

    # device streams and events ------------------------------------------------------------------
    it.streams = None
    dev = _device_of(instrs)
    if dev is not None:
        from pirc.runtime.device import attach_streams

        sslots = plan.storage_slots
        const_params = frozenset(k for _, k in builder.params if S[k] not in written)
        it.streams = attach_streams(instrs, dag.preds, dev, lambda k: sslots[storage_of_slot[k]], it.max_streams,
                                    const_params)

    # hand over ------------------------------------------------------------------------------------
    it.nslots = nslots
    it.slot_of = dict(builder.slot_of)
    for v in list(builder.canon):
        cv = builder.C(v)
        if cv in builder.slot_of:
            it.slot_of[v] = builder.slot_of[cv]
    it.storage_of_slot = storage_of_slot
    it.dag = dag
    it.instructions = instrs
    it.sched = Schedule(instrs, dag.roots, list(dag.dep_count), plan.refs_init, plan.storage_slots, it.depth)
    it.param_binds = builder.params
    it._param_cache = [None] * len(builder.params)
    it.feed_binds = feed_binds
    it.const_binds = const_binds
    const_storages = {S[k] for k, _ in const_binds}
    it.outputs = [(name, k, S[k] in const_storages) for name, k in outputs]
    it.output_slots = output_slots
    it.dead_at_start = plan.dead_at_start
    it.arg_storage_slots = [(S[k], k) for k in builder.arg_slots]
    it.cf_objs = cf_objs
    it.is_region = builder.is_region
    E = len(it.externals)
    vwritten = {V[k] for node in builder.nodes for k in node.writes}
    it.ext_written = frozenset(e for e in range(E) if V[e] in vwritten)
    it.args_written = frozenset(a for a, k in enumerate(builder.arg_slots) if V[k] in vwritten)
    vreshaped = {V[k] for node in builder.nodes for k in node.reshapes}
    it.ext_reshaped = frozenset(e for e in range(E) if V[e] in vreshaped)
    it.args_reshaped = frozenset(a for a, k in enumerate(builder.arg_slots) if V[k] in vreshaped)
    # what each yielded value is (the same variable) or shares storage with, for the parent
    it.yield_alias = [
        YieldAlias(frozenset(e for e in range(E) if V[e] == V[k]),
                   frozenset(a for a, ka in enumerate(builder.arg_slots) if V[ka] == V[k]),
                   frozenset(e for e in range(E) if S[e] == S[k] and V[e] != V[k]),
                   frozenset(a for a, ka in enumerate(builder.arg_slots) if S[ka] == S[k] and V[ka] != V[k]))
        for k in output_slots
    ] if builder.is_region else []
    it.out_alias = [(a, b, V[output_slots[a]] == V[output_slots[b]])
                    for a in range(len(output_slots)) for b in range(a + 1, len(output_slots))
                    if S[output_slots[a]] == S[output_slots[b]]] if builder.is_region else []
    if not builder.is_region:
        specs: list[InputSpec] = []
        for op in it.block.walk():
            if op.name in ("pd_op.data", "pd_op.feed"):
                specs.append(feed_spec(op))
        it.all_feed_specs = specs
    else:
        it.all_feed_specs = [spec for spec, _ in builder.feeds]
    it.scope_ref = {}


def _printed_names(builder: BlockBuilder) -> dict[Value, str]:
    from pirc.text.printer import Printer

    p = Printer()
    p.block(builder.it.block, "")  # numbers values exactly as printing the program does
    return dict(p.names)
