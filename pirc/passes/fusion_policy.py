"""The fusion policy of build_cinn, in one place: which ops may join a ``cinn_op.group``,
the OpPatternKind each op has, which producer/consumer kinds fuse, and the limits.

Pattern kinds (CINN's ``OpPatternKind``, TVM's numbering; :class:`PatternKind`)
--------------------------------------------------------------------------------
Each op's kind is its OpDef's ``pattern``.  As in CINN's ``CompatibleInfo::OpKind``,
**kBroadcast counts as kElementWise except for the broadcast-to ops**
(``cinn_op.broadcast``, ``pd_op.expand``, ``pd_op.expand_as``): binary elementwise ops
are registered kBroadcast only because they broadcast implicitly, and
add_broadcast_to_elementwise has made that explicit before build_cinn runs.

Which producer may fuse with which consumer (:data:`FUSE_WITH`)
----------------------------------------------------------------
The seed's rules -- an elementwise op fuses with anything fusible; a reduction, as
the consumer, takes only elementwise or broadcast producers; a non-fusible op stands
alone -- completed by CINN's producer/consumer relation table
(``op_with_group_merge_pass``)::

    producer \\ consumer   EW   BC   INJ  RED  OUT
    kElementWise           y    y    y    y    y     (seed: EW fuses with anything fusible)
    kBroadcast             y    .    y    y    .
    kInjective             y    .    y    .    .
    kReduction             y    y    .    .    .     (reduction -> broadcast -> elementwise: softmax)
    kOutFusible            y    y    .    .    .     (an elementwise epilogue only)
    kNonFusible            .    .    .    .    .

The relation holds for **every** producer->consumer edge between two parts of a
group (not only the edge that caused a merge), so e.g. an injective op never feeds
a reduction inside one group.  A chain such as reduce -> broadcast -> subtract ->
exp -> reduce is one group (each edge is allowed), as CINN fuses softmax.

Which ops may be in a group at all (:func:`exclusion_reason`)
--------------------------------------------------------------
Never: ops with regions (``pd_op.if``/``while``, groups), ``builtin.*`` ops
(parameters, combine/slice/split), ``cf.yield``, ops with the ``io``,
``side_effect``, ``inplace``, ``terminator`` or ``control_flow`` traits (data, fetch,
feed, inplace ops), unregistered ops, random ops, ops whose kind is kNonFusible,
CINN's default deny list (``matmul``, ``conv2d``, ``softmax``, ``dropout``, ``pool2d``,
``embedding``, ``arange``, ``argmax``/``argmin``/``argsort``, ``one_hot``, ...), the other
contractions of at least :data:`HEAVY_MACS` multiply-adds (``bmm``, ``addmm``, transposed and 3-D
convolutions: :data:`HEAVY_OPS`), pd ops
that pd_to_cinn must convert but could not (``pd_op.sum`` with a non-constant axis,
``pd_op.reshape`` with a computed shape, ...: CINN's ``TOCINN_OPS`` rule and its
"new symbolic shape" rule), pd_op reductions and injective ops other than
``pd_op.transpose`` (CINN has them only as ``cinn_op.reduce_*`` / ``slice`` / ``concat`` /
``gather`` / ``reverse``: ``pd_op.logsumexp``, ``all``, ``gather_nd``, ``roll`` ... are not in
its registry), ops with a non-tensor or complex operand or result, and
elementwise ops whose data operands do not all have the result's shape (implicit
broadcasting that add_broadcast_to_elementwise could not make explicit).

Limits
------
``max_group_size`` (pass option ``build_cinn_pass{max-group-size=N}``): the most ops
one group may hold; 0 means no limit (CINN's build_cinn_pass has none; TVM's
default is 256).  A group of a single ``pd_op.full`` / ``pd_op.full_int_array`` is
not made (CINN skips it too).  The cycle check (see build_cinn) examines at most
:data:`CYCLE_CHECK_BUDGET` group edges (option ``cycle-check-budget``) before refusing
a merge it cannot prove safe.
"""

from __future__ import annotations

from pirc.dialects.opdef import PatternKind
from pirc.ir.core import Operation
from pirc.ir.opinfo import PATTERN_KIND
from pirc.ir.types import DenseTensorType

EW, BC, INJ, RED, OUT, NON = (
    PatternKind.ELEMENTWISE, PatternKind.BROADCAST, PatternKind.INJECTIVE,
    PatternKind.REDUCTION, PatternKind.OUT_FUSIBLE, PatternKind.NON_FUSIBLE,
)

#: producer kind -> the consumer kinds it may share a group with
FUSE_WITH: dict[PatternKind, frozenset[PatternKind]] = {
    EW: frozenset({EW, BC, INJ, RED, OUT}),
    BC: frozenset({EW, INJ, RED}),
    INJ: frozenset({EW, INJ}),
    RED: frozenset({EW, BC}),
    OUT: frozenset({EW, BC}),
    NON: frozenset(),
}

#: ops that keep kBroadcast (CINN's ``broadcast_to``); every other kBroadcast op is kElementWise
BROADCAST_TO_OPS = frozenset({"cinn_op.broadcast", "pd_op.expand", "pd_op.expand_as"})

#: CINN's default deny list (``paddle/cinn/hlir/framework/pir/utils.cc``), as pd_op names
DENY_LIST = frozenset(
    "pd_op." + n for n in ["feed", "fetch", "conv2d", "conv2d_grad", "depthwise_conv2d", "depthwise_conv2d_grad", "dropout", "dropout_", "pool2d", "pool2d_grad", "pool3d", "matmul", "matmul_grad", "embedding", "embedding_grad", "arange", "argmax", "argmin", "argsort", "assign_value", "assign_value_", "one_hot", "randint", "softmax", "softmax_"]
)

#: contractions the generated loops run as a naive loop nest around a dot product: -> which
#: operand's elements times which weight dims give its multiply-adds.  Past HEAVY_MACS (20x slower
#: than a library kernel on a mixture-of-experts' batched matmul, 5x on a U-Net's transposed
#: convolutions) the op is a fusion boundary and a library kernel runs it; a small one (a DLRM's
#: 4x4 interaction, a text detector's upsampling) stays fusible, where fusion wins
HEAVY_OPS: dict[str, tuple[str, int]] = {
    "pd_op.bmm": ("result", 2),  # x [B, M, K]: result elements times K (x's dim 2)
    "pd_op.addmm": ("result", 1),  # x [M, K] of (input, x, y): operand 1's dim 1
    "pd_op.conv2d_transpose": ("x", -1),  # x elements times the weight's [Cout/g, KH, KW]
    "pd_op.depthwise_conv2d_transpose": ("x", -1),
    "pd_op.conv3d": ("result", -1),  # result elements times the weight's [Cin/g, KD, KH, KW]
    "pd_op.conv3d_transpose": ("x", -1),
}
#: multiply-adds from which a contraction is a fusion boundary (a symbolic dim counts 64)
HEAVY_MACS = 1 << 17

#: pd ops that must have been rewritten by pd_to_cinn to be fusible (CINN's TOCINN_OPS, plus the
#: shape ops whose IntArray operand must be a constant: CINN's "new symbolic shape" rule)
NEEDS_CONVERSION = frozenset(
    "pd_op." + n for n in ["sum", "max", "min", "prod", "pow", "scale", "pool2d", "isclose", "concat", "split", "split_with_num", "add_n", "uniform", "gather", "reshape", "reshape_", "squeeze", "squeeze_", "unsqueeze", "unsqueeze_", "expand", "slice", "strided_slice", "flatten", "flatten_", "mean", "index_select", "flip", "full_with_tensor", "tile", "expand_as"]
)

#: a pd_op op of one of these kinds is fusible only if CINN registers it under its own name
#: (CINN reduces only with ``cinn_op.reduce_*``; its injective ops are ``cinn_op.slice``,
#: ``concat``, ``gather``, ``reverse`` and ``pd_op.transpose``): ``pd_op.logsumexp``,
#: ``all``/``any``, ``gather_nd``, ``roll``, ``stack``, ``strided_slice`` ... stay outside groups
PD_KIND_ALLOWLIST: dict[PatternKind, frozenset[str]] = {
    RED: frozenset(),
    INJ: frozenset({"pd_op.transpose"}),
}

#: traits that keep an op out of every group
BARRIER_TRAITS = frozenset({"io", "side_effect", "inplace", "terminator", "control_flow", "group"})

#: substrings of random ops' names (never fused: they are not pure)
RANDOM_NAMES = ("random", "uniform", "gaussian", "randint", "randperm", "dropout", "bernoulli", "multinomial")

#: operands that only lend their shape (no data flows through them)
SHAPE_ONLY_OPERANDS: dict[str, frozenset[int]] = {"cinn_op.broadcast": frozenset({1})}

#: ops that a group is never made of alone
NO_SINGLETON = frozenset({"pd_op.full", "pd_op.full_int_array"})

#: kinds whose ops must see operands of the result's shape
SAME_SHAPE_KINDS = frozenset({EW})
#: single-result shape changers that are kElementWise in CINN (exempt from the same-shape rule)
SHAPE_CHANGING_EW = frozenset({"cinn_op.reshape", "pd_op.full", "pd_op.full_like", "pd_op.full_int_array"})

#: the cycle check gives up (and refuses the merge) after visiting this many groups
CYCLE_CHECK_BUDGET = 2000

DEFAULT_MAX_GROUP_SIZE = 0  # 0: no limit

_COMPLEX = frozenset({"c64", "c128"})


def raw_kind(op: Operation) -> PatternKind:
    """The op's OpPatternKind, asked of its OpInfo (kNonFusible when it has none)."""
    return op.info.interfaces.get(PATTERN_KIND, NON)


def kind(op: Operation) -> PatternKind:
    """The op's kind for fusion (kBroadcast -> kElementWise except broadcast-to ops)."""
    k = raw_kind(op)
    if k == BC and op.name not in BROADCAST_TO_OPS:
        return EW
    return k


def can_fuse(producer_kind: PatternKind, consumer_kind: PatternKind) -> bool:
    return consumer_kind in FUSE_WITH.get(producer_kind, frozenset())


def data_operand(op: Operation, index: int) -> bool:
    """Does data flow through operand ``index`` (not merely its shape)?"""
    skip = SHAPE_ONLY_OPERANDS.get(op.name)
    return skip is None or index not in skip


_STATIC_REASON: dict[object, str | None] = {}


def _static_reason(op: Operation) -> str | None:
    """The part of :func:`exclusion_reason` that depends on the op's name and OpInfo only (cached)."""
    info = op.info
    hit = _STATIC_REASON.get(info, _MISS)
    if hit is not _MISS:
        return hit  # type: ignore[return-value]
    reason: str | None = None
    if not info.registered or info.opdef is None:
        reason = "no op definition"
    elif info.dialect not in ("pd_op", "cinn_op"):
        reason = f"{info.dialect} op"
    elif info.traits & BARRIER_TRAITS:
        reason = "effects or I/O (" + ", ".join(sorted(info.traits & BARRIER_TRAITS)) + ")"
    elif op.name in DENY_LIST:
        reason = "in CINN's deny list"
    elif op.name in NEEDS_CONVERSION:
        reason = "not converted by pd_to_cinn (non-constant operand)"
    elif any(r in op.name for r in RANDOM_NAMES):
        reason = "random"
    elif kind(op) == NON:
        reason = "kNonFusible"
    elif info.dialect == "pd_op" and kind(op) in PD_KIND_ALLOWLIST and op.name not in PD_KIND_ALLOWLIST[kind(op)]:
        reason = f"a pd_op {kind(op).name.lower()} op CINN does not register (only its cinn_op form fuses)"
    _STATIC_REASON[info] = reason
    return reason


_MISS = object()


def contraction_macs(op: Operation) -> int | None:
    """The multiply-adds of a :data:`HEAVY_OPS` op from its static types (None for other ops)."""
    how = HEAVY_OPS.get(op.name)
    if how is None or not op.results or len(op.operands) < 2:
        return None

    def dims(v: object) -> list[int] | None:
        t = getattr(v, "type", None)
        return [d if d >= 0 else 64 for d in t.dims] if isinstance(t, DenseTensorType) else None

    base, k = how
    w = dims(op.operands[1].value)
    src = dims(op.results[0]) if base == "result" else dims(op.operands[0].value)
    if w is None or src is None or not w:
        return None
    n = 1
    for d in src:
        n *= d
    if k >= 0:  # bmm / addmm: the reduction length is a dim of the first (second) matrix operand
        a = dims(op.operands[0 if op.name == "pd_op.bmm" else 1].value)
        return n * a[k] if a is not None and len(a) > k else None
    for d in w[1:]:
        n *= d
    return n


def exclusion_reason(op: Operation) -> str | None:
    """Why ``op`` may not be in a group (None: it may)."""
    if op.regions:
        return "has regions"
    reason = _static_reason(op)
    if reason is not None:
        return reason
    macs = contraction_macs(op)
    if macs is not None and macs >= HEAVY_MACS:
        return f"a contraction of {macs} multiply-adds (a library kernel runs it, not a loop nest around a dot product)"
    if not op.results:
        return "no results"
    for r in op.results:
        t = r.type
        if t.__class__ is not DenseTensorType or t.element.name in _COMPLEX:
            return f"result of type {t}"
    multi = 0
    for o in op.operands:
        v = o.value
        if v is None:
            continue
        t = v.type
        if t.__class__ is not DenseTensorType or t.element.name in _COMPLEX:
            return f"operand of type {t}"
        multi += 1
    if multi >= 2 and len(op.results) == 1 and op.name not in SHAPE_CHANGING_EW and kind(op) in SAME_SHAPE_KINDS:
        dims = op.results[0].type.dims  # type: ignore[attr-defined]
        data = [o.value for i, o in enumerate(op.operands) if o.value is not None and data_operand(op, i)]
        if len(data) >= 2 and any(v.type.dims != dims for v in data):
            return "implicit broadcasting"
    return None


def policy_table() -> list[tuple[str, str]]:
    """(producer kind, consumer kinds) rows, for documentation and reports."""
    return [(p.name, ", ".join(c.name for c in sorted(cs)) or "-") for p, cs in FUSE_WITH.items()]
