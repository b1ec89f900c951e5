"""Memory effects and aliasing: the one model that passes and the interpreter ask.

Paddle's semantics (measured on Paddle 3.3.1's static PIR executor):

* An **in-place op** (``InplaceTrait``, ``pd_op.tanh_`` ...) writes its input's
  storage: every later reader of the input value, and of the op's result, sees
  the write (``tanh_(y); exp_(y); sin(y)`` gives ``sin(exp(tanh(y)))``).  The
  result *is* the input's variable after the write.
* A **view op** (``reshape``, ``transpose``, ``flatten``, ``squeeze``,
  ``unsqueeze``, ``slice``) behaves as a **copy in both directions**: a later
  in-place write to either side is not seen by the other.  Sharing storage is
  an optimisation, valid only while neither side is written.
* A **region result** (``pd_op.if`` / ``pd_op.while`` / ``cinn_op.group``) is the
  variable its region yields (Paddle's IfInstruction / WhileInstruction share the
  yielded tensor's data): a region result that is a captured value, a block
  argument (a loop input) or another result *aliases* it, and a later in-place
  write to one is seen through the other.  A write *inside* a region to a value
  captured from outside writes that outer value.  Paddle's executor does not order
  such aliases (its output is torn under threads, and depends on the schedule);
  pirc defines the answer as program order.

So a *variable* (what a write changes) is a value together with the results of
the in-place ops applied to it (:func:`variable_of` follows that chain; with region
results, :func:`alias_roots` gives every variable a value may be), and *may-share*
links (views) only matter to whoever wants to share memory: the interpreter.

The model is an OpInfo interface (:data:`EFFECTS`, seed 000's interface map),
installed on every OpInfo when it is made: :class:`OpEffects` is derived from
the op definition's ``inplace`` / ``view`` maps and traits (the single source of
those facts); region ops get :class:`RegionEffects`, which summarises their
regions on demand.  Consumers call :func:`get_effects` (per op, in terms of
values) or the small predicates below, in the manner of xDSL's
``get_effects`` / ``is_side_effect_free``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pirc.dialects.opdef import OpDef
    from pirc.ir.core import Operation, OpResult, Value

#: the OpInfo interface key
EFFECTS = "effects"

#: traits that make an op effectful beyond reading its operands (kept in program order, never erased)
SIDE_EFFECT_TRAITS = frozenset({"side_effect", "io", "terminator"})
#: substrings of random ops' names: each call gives a new value (not pure, though they write nothing)
RANDOM_NAMES = ("random", "uniform", "gaussian", "randint", "randperm", "dropout", "bernoulli", "multinomial", "seed")


@dataclass(frozen=True, slots=True)
class OpEffects:
    """The effects of one op kind, by operand and result index.

    ``writes``: operands whose storage the op writes in place; ``inplace``:
    (result, operand) pairs where the result is that operand's variable after the
    write; ``views``: (result, operand) pairs where the result may share the
    operand's storage (copy semantics); every other result is freshly allocated.
    ``side_effect``: the op does more than compute its results (io, parameters,
    terminators, unknown ops); ``random``: each execution gives a new value."""

    writes: tuple[int, ...] = ()
    inplace: tuple[tuple[int, int], ...] = ()
    views: tuple[tuple[int, int], ...] = ()
    side_effect: bool = False
    random: bool = False

    def effects(self, op: Operation) -> Effects:
        ops = op.operands
        n = len(ops)
        res = op.results
        nr = len(res)
        shared = set()
        inplace: list[tuple[OpResult, Value]] = []
        for ri, oi in self.inplace:
            if ri < nr and oi < n and (x := ops[oi].value) is not None:
                inplace.append((res[ri], x))
                shared.add(ri)
        views: list[tuple[OpResult, Value]] = []
        for ri, oi in self.views:
            if ri < nr and oi < n and (x := ops[oi].value) is not None:
                views.append((res[ri], x))
                shared.add(ri)
        return Effects(
            op,
            reads=[o.value for o in ops if o.value is not None],
            writes=[x for k in self.writes if k < n and (x := ops[k].value) is not None],
            inplace=inplace,
            views=views,
            allocates=[r for i, r in enumerate(res) if i not in shared],
            side_effect=self.side_effect,
            random=self.random,
        )


@dataclass(slots=True)
class Effects:
    """What one operation does to memory, in terms of values."""

    op: Operation
    reads: list[Value] = field(default_factory=list)  # operands, and captured values for region ops
    writes: list[Value] = field(default_factory=list)  # variables written in place
    inplace: list[tuple[OpResult, Value]] = field(default_factory=list)  # result is that variable, written
    views: list[tuple[OpResult, Value]] = field(default_factory=list)  # result may share that value's storage
    aliases: list[tuple[OpResult, Value]] = field(default_factory=list)  # region result may BE that variable
    result_aliases: list[tuple[OpResult, OpResult]] = field(default_factory=list)  # results that may be one variable
    allocates: list[OpResult] = field(default_factory=list)
    side_effect: bool = False
    random: bool = False

    @property
    def pure(self) -> bool:
        """Computes its results from its operands and nothing else."""
        return not self.writes and not self.side_effect and not self.random


class RegionEffects:
    """The effects interface of region ops (``pd_op.if`` / ``pd_op.while`` / groups): a summary of
    what their regions do, computed from the ops inside."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        self.kind = kind  # "if" / "while" / "group"

    def effects(self, op: Operation) -> Effects:
        inner = list(_nested_ops(op))
        inside: set[Any] = set()
        for o in inner:
            inside.update(o.results)
            for r in o.regions:
                for b in r.blocks:
                    inside.update(b.args)
        for r in op.regions:
            for b in r.blocks:
                inside.update(b.args)
        eff = Effects(op)
        eff.reads = [o.value for o in op.operands if o.value is not None]
        seen_reads = set(eff.reads)
        side = False
        rnd = False
        written: dict[Any, None] = {}
        is_while = self.kind == "while"
        body_args = list(op.regions[0].blocks[0].args) if is_while and op.regions and op.regions[0].blocks else []
        for o in inner:
            for u in o.operands:
                v = u.value
                if v is not None and v not in inside and v not in seen_reads:
                    seen_reads.add(v)
                    eff.reads.append(v)
            st = op_effects(o)
            if st is not None:
                side |= st.side_effect and o.name != "cf.yield"
                rnd |= st.random
            for w in _writes_static(o, st):
                for root in sorted(alias_roots(w), key=id):
                    if root not in inside:
                        written.setdefault(root, None)
                    elif is_while and root in body_args:
                        iv = op.operand(1 + body_args.index(root))
                        if iv is not None:
                            written.setdefault(iv, None)
        eff.writes = list(written)
        eff.side_effect = side
        eff.random = rnd
        # what each result may be (the same variable) and may share storage with (views too)
        same: list[set[Any]] = [set() for _ in op.results]
        share: list[set[Any]] = [set() for _ in op.results]
        for region in op.regions:
            for b in region.blocks:
                y = b.last_op
                if y is None or y.name != "cf.yield":
                    continue
                vals = [u.value for u in y.operands]
                if is_while:
                    vals = vals[1:]  # yield 0 is the condition
                for k, v in enumerate(vals):
                    if v is not None and k < len(same):
                        same[k] |= alias_origins(v)
                        share[k] |= may_share_origins(v)
        if is_while:
            for k in range(len(same)):  # zero iterations: the result is the input
                iv = op.operand(1 + k)
                if iv is not None:
                    same[k].add(iv)
                    share[k].add(iv)

        def outer(v: Any) -> Any:
            if v not in inside:
                return v
            if is_while and v in body_args:
                return op.operand(1 + body_args.index(v))
            return None

        for k, r in enumerate(op.results):
            for v in sorted(same[k], key=id):
                o = outer(v)
                if o is not None:
                    eff.aliases.append((r, o))
            for v in sorted(share[k] - same[k], key=id):
                o = outer(v)
                if o is not None:
                    eff.views.append((r, o))
        for i in range(len(same)):
            for j in range(i + 1, len(same)):
                if same[i] & same[j]:
                    eff.result_aliases.append((op.results[i], op.results[j]))
                elif share[i] & share[j]:
                    eff.views.append((op.results[j], op.results[i]))
        shared = {r for r, _ in eff.views} | {r for r, _ in eff.aliases} | {
            x for pair in eff.result_aliases for x in pair}
        eff.allocates = [r for r in op.results if r not in shared]
        return eff


def _nested_ops(op: Operation) -> Iterator[Operation]:
    for r in op.regions:
        for b in r.blocks:
            for o in b.ops:
                yield from o.walk()


def _writes_static(op: Operation, st: OpEffects | None) -> list[Value]:
    if st is None:
        return []
    ops = op.operands
    return [x for k in st.writes if k < len(ops) and (x := ops[k].value) is not None]


# ------------------------------------------------------------------------------------------------
# building the interface from the dialect definitions (one source of truth: OpDef.inplace / .view)
# ------------------------------------------------------------------------------------------------

_PURE = OpEffects()
#: the effects of every op that only computes its results (compare with ``is``)
PURE = _PURE
_UNKNOWN = OpEffects(side_effect=True)


def from_opdef(name: str, opdef: OpDef | None, traits: frozenset[str], registered: bool) -> OpEffects:
    """The static effects of an op kind, from its definition."""
    if not registered:
        return _UNKNOWN
    inplace: tuple[tuple[int, int], ...] = ()
    views: tuple[tuple[int, int], ...] = ()
    if opdef is not None:
        inplace = tuple(sorted(opdef.inplace.items()))
        views = tuple(sorted(opdef.view.items()))
    side = bool(traits & SIDE_EFFECT_TRAITS)
    rnd = any(r in name for r in RANDOM_NAMES)
    if not inplace and not views and not side and not rnd:
        return _PURE
    writes = tuple(sorted({oi for _, oi in inplace}))
    return OpEffects(writes, inplace, views, side, rnd)


def make_interface(name: str, opdef: OpDef | None, traits: frozenset[str], registered: bool,
                   printer: str | None) -> OpEffects | RegionEffects:
    """The effects interface an OpInfo gets when it is made."""
    if printer in ("if", "while", "group") or traits & {"control_flow", "group"}:
        kind = printer or ("group" if "group" in traits else name.rsplit(".", 1)[-1])
        return RegionEffects(kind)
    return from_opdef(name, opdef, traits, registered)


# ------------------------------------------------------------------------------------------------
# queries
# ------------------------------------------------------------------------------------------------

def interface_of(op: Operation) -> OpEffects | RegionEffects:
    it = op.info.interfaces.get(EFFECTS)
    if it is None:  # an OpInfo made before this module was importable: derive it now
        info = op.info
        it = make_interface(info.name, info.opdef, info.traits, info.registered, info.printer)
        info.interfaces[EFFECTS] = it
    return it


def op_effects(op: Operation) -> OpEffects | None:
    """The static (per op kind) effects, or None for region ops (use :func:`get_effects`)."""
    it = interface_of(op)
    return it if type(it) is OpEffects else None


def get_effects(op: Operation) -> Effects:
    """Everything ``op`` does to memory, as values."""
    return interface_of(op).effects(op)


def writes_of(op: Operation) -> list[Value]:
    """The variables ``op`` writes in place (for a region op: the outer ones its regions write)."""
    it = interface_of(op)
    if type(it) is OpEffects:
        return _writes_static(op, it)
    return it.effects(op).writes


def has_write_effect(op: Operation) -> bool:
    it = interface_of(op)
    if type(it) is OpEffects:
        return bool(it.writes)
    return bool(it.effects(op).writes)


def is_side_effect_free(op: Operation) -> bool:
    """No writes, no side effects, not random: erasable when unused, mergeable with an equal op."""
    it = interface_of(op)
    if type(it) is OpEffects:
        return it is _PURE or not (it.writes or it.side_effect or it.random)
    return it.effects(op).pure


def variable_of(v: Value) -> Value:
    """The variable ``v`` belongs to: follow in-place results back to the value first written."""
    seen = 0
    while True:
        owner = getattr(v, "owner", None)
        if owner is None:
            return v
        st = op_effects(owner)
        if st is None or not st.inplace:
            return v
        idx = v.index  # type: ignore[attr-defined]
        nxt = None
        for ri, oi in st.inplace:
            if ri == idx and oi < len(owner.operands):
                nxt = owner.operands[oi].value
                break
        if nxt is None:
            return v
        v = nxt
        seen += 1
        if seen > 1_000_000:  # a malformed cyclic program
            return v


class EffectsCache:
    """Memoised region summaries and alias roots, for one pass over an IR that does not change
    in ways that matter meanwhile (a pass that only erases pure ops)."""

    __slots__ = ("effects", "roots")

    def __init__(self) -> None:
        self.effects: dict[Any, Effects] = {}
        self.roots: dict[Any, frozenset[Any]] = {}

    def get(self, op: Operation) -> Effects:
        e = self.effects.get(op)
        if e is None:
            e = self.effects[op] = get_effects(op)
        return e

    def alias_roots(self, v: Value) -> frozenset[Value]:
        r = self.roots.get(v)
        if r is None:
            owner = getattr(v, "owner", None)
            if owner is None or (type(interface_of(owner)) is OpEffects and not op_effects(owner).inplace):  # type: ignore[union-attr]
                r = frozenset((v,))
            else:
                r = frozenset(alias_roots(v, self))
            self.roots[v] = r
        return r


def _origins(v: Value, views: bool) -> set[Value]:
    """``v`` and every value it may be (``views``: or share storage with), by a walk over the IR
    itself: in-place results to their operand, region results into what their regions yield (and a
    loop's result to its input), a loop body's arguments to the loop input and the body's yield
    (loop-carried values), and with ``views`` view results to their operand."""
    out: set[Value] = set()
    stack = [v]
    while stack:
        x = stack.pop()
        if x in out:
            continue
        out.add(x)
        owner = getattr(x, "owner", None)
        if owner is None:
            stack.extend(loop_carried(x))
            continue
        idx = x.index  # type: ignore[attr-defined]
        if owner.regions:
            stack.extend(yielded_values(owner, idx))
            if owner.name == "pd_op.while" and 1 + idx < len(owner.operands):
                iv = owner.operands[1 + idx].value
                if iv is not None:
                    stack.append(iv)
            continue
        st = op_effects(owner)
        if st is None or st is _PURE:
            continue
        ops = owner.operands
        for ri, oi in st.inplace:
            if ri == idx and oi < len(ops) and ops[oi].value is not None:
                stack.append(ops[oi].value)
        if views:
            for ri, oi in st.views:
                if ri == idx and oi < len(ops) and ops[oi].value is not None:
                    stack.append(ops[oi].value)
    return out


def alias_origins(v: Value, cache: EffectsCache | None = None) -> set[Value]:
    """``v`` and every value it may be the same variable as (not views: they are copies): in-place
    operands, what a region result's regions yield, loop inputs and loop-carried values."""
    return _origins(v, False)


def alias_roots(v: Value, cache: EffectsCache | None = None) -> set[Value]:
    """The variables ``v`` may be: the values of :func:`alias_origins` that are not the result of an
    in-place op (a region result counts as a variable of its own too)."""
    out = set()
    for x in alias_origins(v, cache):
        owner = getattr(x, "owner", None)
        if owner is None:
            out.add(x)
            continue
        st = op_effects(owner)
        if st is None or not any(ri == x.index for ri, _ in st.inplace):  # type: ignore[attr-defined]
            out.add(x)
    return out or {v}


def loop_carried(arg: Value) -> list[Value]:
    """For a block argument of a ``pd_op.while`` body: the loop input it is on the first iteration
    and the value the body yields for it (what it is on the next ones).  Otherwise nothing."""
    block = getattr(arg, "block", None)
    op = block.parent_op if block is not None else None
    if op is None or op.name != "pd_op.while":
        return []
    k = arg.index  # type: ignore[attr-defined]
    out: list[Value] = []
    if 1 + k < len(op.operands) and op.operands[1 + k].value is not None:
        out.append(op.operands[1 + k].value)
    y = block.last_op
    if y is not None and y.name == "cf.yield" and 1 + k < len(y.operands) and y.operands[1 + k].value is not None:
        out.append(y.operands[1 + k].value)
    return out


def yielded_values(op: Operation, k: int) -> list[Value]:
    """What the regions of ``op`` yield as its ``k``-th result (and, for a loop, carry as argument ``k``)."""
    out: list[Value] = []
    is_while = op.name == "pd_op.while"
    for region in op.regions:
        for b in region.blocks:
            y = b.last_op
            if y is not None and y.name == "cf.yield":
                j = k + 1 if is_while else k
                if j < len(y.operands) and (x := y.operands[j].value) is not None:
                    out.append(x)
            if is_while and k < len(b.args):
                out.append(b.args[k])
    return out


def may_share_origins(v: Value) -> set[Value]:
    """``v`` and every value it may share storage with (views included)."""
    return _origins(v, True)


def written_variables(ops: Iterable[Operation]) -> set[Value]:
    """The variables (see :func:`alias_roots`) that any of ``ops`` (and the ops nested in them) writes."""
    out: set[Value] = set()
    for top in ops:
        for op in top.walk():
            # a region op's summary maps writes to its block arguments onto its loop inputs
            for w in writes_of(op):
                out |= alias_roots(w)
    return out


__all__ = [
    "EFFECTS",
    "PURE",
    "Effects",
    "EffectsCache",
    "OpEffects",
    "RegionEffects",
    "alias_origins",
    "alias_roots",
    "from_opdef",
    "get_effects",
    "has_write_effect",
    "interface_of",
    "is_side_effect_free",
    "make_interface",
    "may_share_origins",
    "op_effects",
    "variable_of",
    "writes_of",
    "written_variables",
]
