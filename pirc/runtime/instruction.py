"""Instructions: what the scheduler runs, one per op that does work.

As in PirInterpreter::BuildInstruction, ops are sorted by what they need:

* **host** instructions call an op's numpy kernel (``OpDef.kernel``);
* **compiled** / **device** instructions call a kernel made by a compiled-kernel
  factory (the CinnJitInstruction hook, :mod:`pirc.runtime.compiled`);
* **control-flow** instructions (``pd_op.if`` / ``pd_op.while``) run
  sub-interpreters (:mod:`pirc.runtime.control_flow`);
* **trivial** instructions move values between slots where aliasing cannot be
  resolved in the Build phase (a ``builtin.slice`` of a vector that only
  exists at run time, a ``builtin.combine`` that must exist as a value,
  ``builtin.set_parameter``).

``builtin.parameter``, ``pd_op.data``/``feed``/``fetch``/``shadow_feed``,
``builtin.shadow_output``, and ``builtin.combine``/``slice``/``split`` whose
operands are known become variable aliasing in the Build phase: they get no
instruction at all.

Everything an instruction needs at run time is decided in the Build phase:
operand and result *slot indices* (the interpreter's variables are a flat
list), the decoded attribute dict, the kernel, and which results must be
written back into their operand's storage.  ``run(slots)`` is a closure
specialised for the common shapes (one or two operands, one result) so the
hot loop does no name lookups or attribute decoding.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from pirc.ir.core import Operation

#: an argument spec: a slot index, None (absent optional operand), or a list of specs (a vec operand)
ArgSpec = Any
RunFn = Callable[[list[Any]], None]

HOST = "host"
COMPILED = "compiled"
DEVICE = "device"


class Instruction:
    """One schedulable unit.  ``run(slots)`` reads and writes the interpreter's slot list."""

    __slots__ = (
        "id", "op", "name", "label", "kind", "run", "is_cf", "cf",
        # DAG (filled by the interpreter after dependency analysis)
        "next_same", "next_diff", "dep_count",
        # GC and memory accounting
        "dec", "dead", "alloc",
        # for tools and tests: operand and result slots (variable ids), the kernel
        "in_slots", "out_slots", "kernel",
    )

    def __init__(self, id: int, op: Operation | None, name: str, kind: str, run: RunFn) -> None:
        self.id = id
        self.op = op
        self.name = name
        self.label = name  # what profiles show (a compiled kernel adds its function's name)
        self.kind = kind
        self.run = run
        self.is_cf = False
        self.cf: Any = None  # the ControlFlowInstruction object for if/while
        self.next_same: tuple[int, ...] = ()
        self.next_diff: tuple[int, ...] = ()
        self.dep_count = 0
        self.dec: tuple[int, ...] = ()
        self.dead: tuple[int, ...] = ()
        self.alloc: tuple[tuple[int, int], ...] = ()
        self.in_slots: tuple[int, ...] = ()
        self.out_slots: tuple[int, ...] = ()
        self.kernel: Any = None

    def __repr__(self) -> str:
        return f"<Instruction #{self.id} {self.name} ({self.kind})>"


class VecOut:
    """A vec[...] result: the kernel returns a flat list; it goes to the vector slot
    (when something uses the vector itself) and to element slots (for builtin.slice/split)."""

    __slots__ = ("elems", "vec_slot")

    def __init__(self, vec_slot: int, elems: Sequence[tuple[int, int]]) -> None:
        self.vec_slot = vec_slot  # -1: nobody needs the list
        self.elems = tuple(elems)  # (element index, slot)


class KernelOutputMismatch(RuntimeError):
    pass


# ------------------------------------------------------------------------------------------
# closures
# ------------------------------------------------------------------------------------------


def _getter(spec: ArgSpec) -> Callable[[list[Any]], Any]:
    if type(spec) is int:
        return lambda s: s[spec]
    if spec is None:
        return lambda s: None
    subs = [_getter(x) for x in spec]
    return lambda s: [g(s) for g in subs]


def writeback(x: Any, y: Any) -> Any:
    """Inplace semantics: put result ``y`` into operand ``x``'s storage; return the value to bind.

    Kernels of inplace ops may compute out of place; when the operand's storage
    is read again later through another alias, the result must really land in
    that storage.  Falls back to ``y`` when that is impossible (dtype or size
    differ, read-only or non-reshapeable storage)."""
    if y is x or type(x) is not np.ndarray or type(y) is not np.ndarray:
        return y
    if np.may_share_memory(x, y):
        return y
    if x.size != y.size or x.dtype != y.dtype or not x.flags.writeable:
        return y
    if x.shape == y.shape:
        np.copyto(x, y)
        return x
    xv = x.view()
    try:
        xv.shape = y.shape
    except AttributeError:
        return y
    np.copyto(xv, y)
    return xv


def materialise(v: Any) -> Any:
    """A copy of a runtime value that shares no memory with anything (arrays, vectors of arrays)."""
    if type(v) is np.ndarray:
        return v.copy()
    if isinstance(v, list):
        return [materialise(x) for x in v]
    copy = getattr(v, "copy", None)
    return copy() if callable(copy) else v


def copying_kernel(kernel: Callable[[Sequence[Any], Mapping[str, Any]], Sequence[Any]],
                   results: Sequence[int]) -> Callable[[Sequence[Any], Mapping[str, Any]], Sequence[Any]]:
    """``kernel`` whose results ``results`` (a view op's outputs that may not share their operand's
    storage) are materialised."""
    idx = tuple(sorted(set(results)))

    def run(args: Sequence[Any], attrs: Mapping[str, Any]) -> Sequence[Any]:
        r = list(kernel(args, attrs))
        for i in idx:
            if i < len(r):
                r[i] = materialise(r[i])
        return r
    return run


def make_kernel_run(
    kernel: Callable[[Sequence[Any], Mapping[str, Any]], Sequence[Any]],
    attrs: Mapping[str, Any],
    args: Sequence[ArgSpec],
    outs: Sequence[int | VecOut],
    flat_vec: bool,
    writebacks: Sequence[tuple[int, int]] = (),
    rebinds: Sequence[tuple[int, int]] = (),
) -> RunFn:
    """The run closure of a kernel instruction.

    ``args``: one spec per operand; ``outs``: one slot (or VecOut) per result;
    ``flat_vec``: the op has a single ``[]`` result and the kernel returns its
    elements as a flat list; ``writebacks``: (result index, operand index) pairs
    of inplace results that must land in the operand's storage; ``rebinds``: (result index, operand
    slot) pairs of inplace results whose operand nobody reads afterwards: the operand's slot takes
    the result (the old array is released at once, as if the kernel had written it in place)."""
    simple_args = all(type(a) is int for a in args)
    simple_outs = all(type(o) is int for o in outs) and not flat_vec
    n_out = len(outs)
    if simple_args and simple_outs and not writebacks and rebinds and n_out == 1 and len(rebinds) == 1:
        o = outs[0]
        k = rebinds[0][1]
        A = tuple(args)

        def run(s: list[Any]) -> None:
            s[o] = s[k] = kernel([s[a] for a in A], attrs)[0]
        return run
    if simple_args and simple_outs and not writebacks and not rebinds:
        if n_out == 1:
            o = outs[0]
            if len(args) == 0:
                def run(s: list[Any]) -> None:
                    s[o] = kernel([], attrs)[0]
            elif len(args) == 1:
                a0 = args[0]

                def run(s: list[Any]) -> None:
                    s[o] = kernel([s[a0]], attrs)[0]
            elif len(args) == 2:
                a0, a1 = args

                def run(s: list[Any]) -> None:
                    s[o] = kernel([s[a0], s[a1]], attrs)[0]
            elif len(args) == 3:
                a0, a1, a2 = args

                def run(s: list[Any]) -> None:
                    s[o] = kernel([s[a0], s[a1], s[a2]], attrs)[0]
            else:
                A = tuple(args)

                def run(s: list[Any]) -> None:
                    s[o] = kernel([s[a] for a in A], attrs)[0]
            return run
        A = tuple(args)
        OUT = tuple(outs)

        def run(s: list[Any]) -> None:
            r = kernel([s[a] for a in A], attrs)
            if len(r) < n_out:
                raise KernelOutputMismatch(f"the kernel returned {len(r)} results, expected {n_out}")
            for k, v in zip(OUT, r):
                s[k] = v
        return run

    getters = [_getter(a) for a in args]
    wb = tuple(writebacks)
    rb = tuple(rebinds)
    outs_t = tuple(outs)

    def run(s: list[Any]) -> None:
        av = [g(s) for g in getters]
        r = kernel(av, attrs)
        if flat_vec:
            r = [list(r)]
        elif len(r) < n_out:
            raise KernelOutputMismatch(f"the kernel returned {len(r)} results, expected {n_out}")
        if wb:
            r = list(r)
            for ri, oi in wb:
                r[ri] = writeback(av[oi], r[ri])
        for ri, k in rb:
            s[k] = r[ri]
        for spec, v in zip(outs_t, r):
            if type(spec) is int:
                s[spec] = v
            else:
                if spec.vec_slot >= 0:
                    s[spec.vec_slot] = v
                for j, k in spec.elems:
                    s[k] = v[j]
    return run


def make_combine_run(args: Sequence[ArgSpec], out: int) -> RunFn:
    getters = [_getter(a) for a in args]

    def run(s: list[Any]) -> None:
        s[out] = [g(s) for g in getters]
    return run


def make_unpack_run(vec: int, elems: Sequence[tuple[int, int]]) -> RunFn:
    """builtin.slice / builtin.split of a vector that only exists at run time."""
    E = tuple(elems)

    def run(s: list[Any]) -> None:
        v = s[vec]
        for j, k in E:
            s[k] = v[j]
    return run


def make_contiguous_run(run: RunFn, operands: Sequence[tuple[int, Sequence[int]]]) -> RunFn:
    """``run`` preceded by: for each (operand slot, slots of its variable), when the operand's array
    is not C-contiguous, a C-contiguous copy takes its place in every one of those slots holding
    it (the variable moves; nothing changes value), so that a shape op's result can be a view."""
    ops = tuple((k, tuple(ks)) for k, ks in operands)

    def wrapped(s: list[Any]) -> None:
        for k, ks in ops:
            x = s[k]
            if type(x) is np.ndarray and not x.flags.c_contiguous:
                c = np.ascontiguousarray(x)
                for j in ks:
                    if s[j] is x:
                        s[j] = c
                s[k] = c
        run(s)
    return wrapped


def make_set_parameter_run(slot: int, name: str, scope: Callable[[], dict[str, Any]]) -> RunFn:
    def run(s: list[Any]) -> None:
        scope()[name] = s[slot]
    return run
