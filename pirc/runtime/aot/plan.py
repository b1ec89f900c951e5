"""Which programs run ahead of time, and the static plan of one: steps, buffers, arena.

A program (after :func:`pirc.cinn.compiler.compile_program`) is *AOT-eligible* when its top-level
block holds only ops the AOT host program can call (:data:`COVERED`): compiled kernels
(``cinn_runtime.jit_kernel``), the NN ops pirc's nn library covers (:mod:`.nnops`), and the ops
that only bind values (feeds, parameters, constant int arrays, fetches); no control flow.

:func:`build_plan` specialises an eligible program on concrete feed shapes: every value gets a
concrete shape (compiled kernels: their buffer shapes at the kernel's symbol values; other ops:
their shape rules) and a :class:`Buf`: a feed (the caller's array, read in place), a parameter or
constant (the executor's array), an output (a fresh array per run, so results never alias the
arena) or an arena slice (a first-fit plan over the values' lifetimes, :mod:`.arena`).  Anything a
plan cannot do makes it return the reason instead (the interpreter then runs the program).
"""

from __future__ import annotations

import ctypes
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pirc.dialects.opdef import DTYPE_TO_NUMPY, Meta, OP_DEFS, ShapeError
from pirc.ir.core import Block, Operation, Value
from pirc.ir.types import DenseTensorType
from pirc.runtime.aot import nnops
from pirc.runtime.aot.arena import Interval, plan_arena

KERNEL_OP = "cinn_runtime.jit_kernel"
#: ops without operands whose value is a constant of the program: computed once, when the plan is made
CONST_OPS = frozenset({"pd_op.full_int_array", "pd_op.full"})
FEED_OPS = frozenset({"pd_op.data", "pd_op.feed"})  # pd_op.feed: what a translated ProgramDesc feeds with
BINDING_OPS = FEED_OPS | {"builtin.parameter", "pd_op.fetch"} | CONST_OPS
#: ops the host program does itself: a concatenation of a combined list (copies of contiguous runs)
COPY_OPS = frozenset({"pd_op.stack", "pd_op.concat"})
#: ops whose results are elements of their first operand, picked by the other operands and attributes (their
#: index maps are computed when a plan is made, see _move_step)
MOVE_OPS = frozenset({"pd_op.roll", "pd_op.strided_slice", "pd_op.slice", "pd_op.flip", "pd_op.tile", "pd_op.expand",
                      "pd_op.index_select", "pd_op.gather", "pd_op.repeat_interleave", "pd_op.transpose",
                      "pd_op.pixel_shuffle", "pd_op.take_along_axis",
                      "pd_op.gather_nd", "pd_op.unfold"})
COVERED = BINDING_OPS | {KERNEL_OP, "builtin.combine", "builtin.shadow_output"} | COPY_OPS | MOVE_OPS | nnops.NN_OPS
#: ops whose results depend on their operands' shapes (and dtypes) only, never on the data
SHAPE_OPS = frozenset({"pd_op.shape", "pd_op.shape64", "pd_op.full_like", "pd_op.zeros_like", "pd_op.ones_like"})
#: in-place ops that overwrite their operand with values of their own (foldable when that operand has no
#: other reader: then the write is seen by nobody but the result)
OVERWRITE_OPS = frozenset({"pd_op.assign_value_"})


class NotEligible(Exception):
    """Why a program (or a feed-shape specialisation of it) cannot run ahead of time."""


@dataclass(frozen=True)
class Buf:
    """Where one value lives during a run: ``kind`` is feed / param / const / out / arena;
    ``index``: its position in the feed, parameter, constant or output table, or its arena offset."""

    kind: str
    index: int
    shape: tuple[int, ...]
    dtype: np.dtype

    @property
    def nbytes(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64)) * self.dtype.itemsize


@dataclass
class Step:
    """One call of the host program: a compiled kernel (``kind == "kernel"``: ``args`` in the
    kernel's argument order, a Buf per buffer, an int per symbolic dim) or an nn op (``kind`` is
    the nn function's name: ``args`` the buffers it takes, None where optional and absent;
    ``desc`` its descriptor)."""

    op: Operation
    kind: str
    label: str
    args: list[Buf | int | None]
    fn: int  # index into the plan's function table
    desc: list[int] = field(default_factory=list)


@dataclass
class Plan:
    steps: list[Step]
    feeds: list[tuple[str, tuple[int, ...], np.dtype]]  # name, shape, dtype
    params: list[str]  # parameter names, in the params table order
    consts: list[np.ndarray]
    outputs: list[tuple[str, tuple[int, ...], np.dtype]]  # fetch name, shape, dtype
    fns: list[tuple[str, Any]]  # (kind, the callable: a HostKernel for "kernel", else an nn symbol name)
    arena_bytes: int
    interp_peak: int  # the most bytes live at once, outputs included (what the interpreter's GC reaches at best)
    out_bytes: int
    nthreads: int

    def describe(self) -> str:
        return (f"AOT: {len(self.steps)} calls, arena {self.arena_bytes} bytes + outputs {self.out_bytes} bytes "
                f"(the interpreter's live values peak at {self.interp_peak} bytes at best)")


# ------------------------------------------------------------------------------------------------
# eligibility (no shapes needed)
# ------------------------------------------------------------------------------------------------

def folded_ops(block: Block) -> frozenset[Operation]:
    """The ops a plan computes once, when it is made, with their reference kernels: pure ops (and
    compiled groups) whose operands are all such values or constants (:data:`CONST_OPS`), and the ops of :data:`SHAPE_OPS`
    (whose results a plan knows from its shapes).  A shape-specialised plan makes them constants of the
    run, as Paddle's constant folding and shape inference do for a static shape."""
    from pirc.ir.effects import is_side_effect_free

    known: set[Value] = set()
    folded: set[Operation] = set()
    for op in block.ops:
        vals = op.operand_values()
        if op.regions or op.name in BINDING_OPS or op.name == "builtin.shadow_output":
            if op.name in CONST_OPS:
                known.update(op.results)
            continue
        inputs_known = all(v is not None and v in known for v in vals)
        if op.name in ("builtin.combine", "builtin.split"):
            ok = inputs_known and bool(vals)
        elif op.name == KERNEL_OP:  # a fused group of pure ops (shape arithmetic, mostly)
            ok = inputs_known
        elif op.name in OVERWRITE_OPS:
            ok = inputs_known and len(vals) == 1 and vals[0] is not None and len(list(vals[0].uses())) == 1
        else:
            d = OP_DEFS.get(op.name)
            ok = (d is not None and d.kernel is not None and is_side_effect_free(op)
                  and (op.name in SHAPE_OPS or inputs_known))
        if ok:
            folded.add(op)
            known.update(op.results)
    return frozenset(folded)


def ineligible_reason(block: Block) -> str | None:
    """Why the block cannot run ahead of time (None: it can, shape permitting)."""
    folded = folded_ops(block)
    for op in block.ops:
        if op in folded:
            continue
        if op.regions:
            return f"{op.name} has regions (control flow)"
        if op.name not in COVERED:
            return f"{op.name} is not covered"
        if op.name in nnops.NN_OPS and not nnops.available():
            return f"{op.name} needs pirc's nn library, which is not available"
        if op.name in _result_ops(block):
            v = op.operand(0)
            owner = getattr(v, "owner", None)
            if not isinstance(owner, Operation) or owner.name in BINDING_OPS or owner in folded:
                return "a fetch reads a feed, parameter or constant"
        if op.name == "builtin.combine" and any(u.owner.name not in COPY_OPS or u.index != 0
                                                for u in op.results[0].uses()):
            return "a builtin.combine list is read by an op other than stack / concat"
    if not any(op.name in ("pd_op.fetch", "builtin.shadow_output") for op in block.ops):
        return "the program has no pd_op.fetch"
    return None


def _result_ops(block: Block) -> frozenset[str]:
    """The ops whose operands a run returns: the fetches, or in a program without fetch ops its
    shadow outputs (as the interpreter does)."""
    if any(op.name == "pd_op.fetch" for op in block.ops):
        return frozenset({"pd_op.fetch"})
    return frozenset({"builtin.shadow_output"})


def _result_name(op: Operation) -> Any:
    return op.attr("name") if op.name == "pd_op.fetch" else op.attr("output_name")


# ------------------------------------------------------------------------------------------------
# specialising on feed shapes
# ------------------------------------------------------------------------------------------------

def _dtype(t: Any) -> np.dtype:
    if not isinstance(t, DenseTensorType) or t.dtype not in DTYPE_TO_NUMPY:
        raise NotEligible(f"a value of type {getattr(t, 'text', t)} is not a dense tensor")
    return np.dtype(DTYPE_TO_NUMPY[t.dtype])


def _static(t: Any) -> tuple[int, ...] | None:
    if isinstance(t, DenseTensorType) and all(d >= 0 for d in t.dims):
        return tuple(t.dims)
    return None


class _Shapes:
    """Concrete shapes and constants of values, filled in program order."""

    def __init__(self) -> None:
        self.shape: dict[Value, tuple[int, ...]] = {}
        self.const: dict[Value, Any] = {}

    def meta(self, v: Value | None) -> Meta | None:
        if v is None:
            return None
        t = v.type
        return Meta(self.shape[v], t.dtype if isinstance(t, DenseTensorType) else "", self.const.get(v))

    def set(self, v: Value, shape: Sequence[int]) -> None:
        shape = tuple(int(d) for d in shape)
        want = v.type.dims if isinstance(v.type, DenseTensorType) else None
        if want is not None and (len(want) != len(shape) or any(w >= 0 and w != s for w, s in zip(want, shape))):
            raise NotEligible(f"a value's shape {list(shape)} does not fit its type {v.type.text}")
        self.shape[v] = shape


def _kernel_of(factory: Any, op: Operation) -> tuple[Any, dict[str, tuple[int, int]]]:
    """(the loaded HostKernel of a jit_kernel op, its symbol sources), through the installed factory."""
    from pirc.cinn.backend.jit_kernel import kernel_node, symbol_sources

    ready = getattr(factory, "_ready", {}).get(id(op))
    if ready is not None and ready[0] is op:
        return ready[1], ready[2]
    try:
        node, fn = kernel_node(op)
        sources = symbol_sources(op, fn)
    except ValueError as e:
        raise NotEligible(f"{KERNEL_OP}: {e}") from None
    return factory._module(node)[fn.name], sources


def _kernel_step(op: Operation, kernel: Any, sources: dict[str, tuple[int, int]], shapes: _Shapes, fn: int) -> Step:
    from pirc.cinn.ast.dtypes import DType
    from pirc.cinn.ast.nodes import ArgIO
    from pirc.cinn.backend.empty_reduce import check, empty_reduction_axes

    meta = kernel.meta
    ins = meta.inputs
    if any(a.io is ArgIO.INOUT for a in meta.args):
        raise NotEligible(f"kernel {meta.name} has an inout argument")
    if len(ins) != len(op.operands) or len(meta.outputs) != len(op.results):
        raise NotEligible(f"kernel {meta.name} does not match its op's operands and results")
    pos = {a.index: k for k, a in enumerate(ins)}
    operands = op.operand_values()
    values: dict[int, int] = {}
    for a in meta.scalars:
        if a.dtype is not DType.INT64:
            raise NotEligible(f"kernel {meta.name}: scalar argument of type {a.dtype} is not a dim")
        src = sources.get(a.name)
        if src is None:
            m = kernel.info.symbol_args_map.get(a.index)
            src = (pos[m[0]], m[1]) if m is not None and m[0] in pos else None
        if src is None or src[1] < 0:
            raise NotEligible(f"kernel {meta.name}: scalar argument {a.name} is not a dim of an input")
        v = operands[src[0]]
        if v is None:
            raise NotEligible(f"kernel {meta.name}: scalar argument {a.name} is a dim of an absent input")
        shape = shapes.shape[v]
        if src[1] >= len(shape):
            raise NotEligible(f"kernel {meta.name}: scalar argument {a.name} reads a missing dim")
        values[a.index] = shape[src[1]]
    env = meta.env(values)
    func = meta.func
    if func is None:  # a kernel loaded from the group index: its function comes from the op
        from pirc.cinn.backend.jit_kernel import kernel_node

        try:
            func = kernel_node(op)[1]
        except ValueError:
            func = None
    axes = empty_reduction_axes(func) if func is not None else []
    if axes:
        try:
            check(axes, {meta.args[i].name: v for i, v in values.items()})
        except ValueError as e:
            raise NotEligible(f"kernel {meta.name}: {e}") from None
    for a, v in zip(ins, operands, strict=True):
        if v is None or shapes.shape.get(v) != kernel.info.shape(a, env):
            raise NotEligible(f"kernel {meta.name}: an input's shape differs from the kernel's argument {a.name}")
        if np.dtype(a.host_dtype) != _dtype(v.type):
            raise NotEligible(f"kernel {meta.name}: an input's dtype differs from argument {a.name}")
    for a, r in zip(meta.outputs, op.results, strict=True):
        shapes.set(r, kernel.info.shape(a, env))
        if np.dtype(a.host_dtype) != _dtype(r.type):
            raise NotEligible(f"kernel {meta.name}: a result's dtype differs from argument {a.name}")
    args: list[Any] = []
    k_in = k_out = 0
    for a in meta.args:
        if not a.is_buffer:
            args.append(values[a.index])
        elif a.io is ArgIO.IN:
            args.append(operands[k_in])
            k_in += 1
        else:
            args.append(op.results[k_out])
            k_out += 1
    return Step(op, "kernel", meta.name, args, fn)


def _infer(op: Operation, shapes: _Shapes) -> None:
    d = OP_DEFS.get(op.name)
    static = [_static(r.type) for r in op.results]
    known = [s for s in static if s is not None]
    if len(known) == len(static):
        for r, s in zip(op.results, known, strict=True):
            shapes.set(r, s)
        return
    if d is None or d.infer_meta is None:
        raise NotEligible(f"{op.name} has no shape rule")
    try:
        res = d.infer_meta([shapes.meta(v) for v in op.operand_values()], op.attrs.values())
    except (ShapeError, ValueError, TypeError, KeyError, IndexError) as e:
        raise NotEligible(f"{op.name}: {e}") from None
    for r, m in zip(op.results, res, strict=True):
        if m.shape is None or any(s < 0 for s in m.shape):
            raise NotEligible(f"{op.name}: the result shape is not known")
        shapes.set(r, m.shape)


def build_plan(block: Block, feed_shapes: Mapping[str, tuple[int, ...]], factory: Any, nthreads: int) -> Plan:
    """The plan of ``block`` for these feed shapes.  Raises :class:`NotEligible`."""
    reason = ineligible_reason(block)
    if reason is not None:
        raise NotEligible(reason)
    shapes = _Shapes()
    ops = list(block.ops)
    feeds: list[tuple[str, tuple[int, ...], np.dtype]] = []
    params: list[str] = []
    consts: list[np.ndarray] = []
    bound: dict[Value, Buf] = {}
    raw_steps: list[Step] = []
    fns: list[tuple[str, Any]] = []
    fn_index: dict[Any, int] = {}
    fetched: dict[Value, str] = {}  # the first fetch of each value (a value fetched again is copied)
    returned = _result_ops(block)
    folded = folded_ops(block)
    known: dict[Value, Any] = {}  # values computed when the plan is made (constants, folded ops)
    for op in ops:
        if op.name in returned:
            v = op.operand(0)
            name = _result_name(op)
            if v is None or not isinstance(name, str):
                raise NotEligible("a fetch has no value or no name")
            fetched.setdefault(v, name)
    for op in ops:
        n = op.name
        if n in FEED_OPS:
            name = str(op.attr("name"))
            if name not in feed_shapes:
                raise NotEligible(f"no feed named {name!r}")
            r = op.results[0]
            shapes.set(r, feed_shapes[name])
            bound[r] = Buf("feed", len(feeds), shapes.shape[r], _dtype(r.type))
            feeds.append((name, shapes.shape[r], _dtype(r.type)))
        elif n == "builtin.parameter":
            r = op.results[0]
            s = _static(r.type)
            if s is None:
                raise NotEligible("a parameter's shape is not static")
            shapes.set(r, s)
            bound[r] = Buf("param", len(params), s, _dtype(r.type))
            params.append(str(op.attr("parameter_name")))
        elif n in CONST_OPS:
            r = op.results[0]
            const_kernel = OP_DEFS[n].kernel
            if const_kernel is None:
                raise NotEligible(f"{n} has no kernel to compute it ahead of time")
            try:
                arr = np.ascontiguousarray(const_kernel([], op.attrs.values())[0], dtype=_dtype(r.type))
            except (ShapeError, ValueError, TypeError) as e:
                raise NotEligible(f"{n} cannot be computed ahead of time: {e}") from e
            _bind_const(r, arr, shapes, bound, consts, known, ints=n == "pd_op.full_int_array")
        elif op in folded:
            _fold(op, shapes, bound, consts, known, factory)
        elif n in ("pd_op.fetch", "builtin.combine", "builtin.shadow_output"):
            continue  # a combined list is read by the stack / concat step that copies it
        elif n in COPY_OPS:
            raw_steps.append(_concat_step(op, shapes))
        elif n in MOVE_OPS:
            raw_steps.append(_move_step(op, shapes, known))
        elif n == KERNEL_OP:
            kernel, sources = _kernel_of(factory, op)
            key = ctypes.cast(kernel.fn, ctypes.c_void_p).value  # one table entry per loaded function
            if key not in fn_index:
                fn_index[key] = len(fns)
                fns.append(("kernel", kernel))
            raw_steps.append(_kernel_step(op, kernel, sources, shapes, fn_index[key]))
        else:  # an nn op
            call = _nn_call(op, shapes)
            if call.symbol not in fn_index:
                fn_index[call.symbol] = len(fns)
                fns.append(("nn", call.symbol))
            args: list[Any] = [op.operand_values()[k] if k is not None else None for k in call.operands]
            args += list(op.results)
            raw_steps.append(Step(op, call.symbol, op.name, args, fn_index[call.symbol], list(call.desc)))
    steps, outputs, arena = _place([op for op in ops if op.name in returned], raw_steps, bound, fetched, shapes)
    out_bytes = sum(_nbytes(s, d) for _, s, d in outputs)
    return Plan(steps, feeds, params, consts, outputs, fns, arena.size, arena.peak + out_bytes, out_bytes, nthreads)


def _bind_const(r: Value, arr: np.ndarray, shapes: _Shapes, bound: dict[Value, Buf], consts: list[np.ndarray],
                known: dict[Value, Any], ints: bool = False) -> None:
    """``r`` is the constant ``arr`` of every run: a constant buffer of the plan."""
    want = _static(r.type)
    if want is not None and arr.shape != want and arr.size == int(np.prod(want, dtype=np.int64)):
        arr = arr.reshape(want)  # a 0-d value computed as one element (a compiled kernel's, pd_op.full's)
    shapes.set(r, arr.shape)
    if ints or (arr.dtype.kind in "iu" and arr.size <= 8):
        # its ints are other ops' attributes (pool2d's kernel size, concat's axis)
        shapes.const[r] = [int(x) for x in arr.reshape(-1).tolist()]
    bound[r] = Buf("const", len(consts), arr.shape, arr.dtype)
    consts.append(arr)
    known[r] = arr


def _fold(op: Operation, shapes: _Shapes, bound: dict[Value, Buf], consts: list[np.ndarray],
          known: dict[Value, Any], factory: Any) -> None:
    """Compute a folded op (:func:`folded_ops`) now, with its reference kernel (a compiled group: its
    kernel), as the interpreter would."""
    vals = op.operand_values()
    if op.name == "builtin.combine":
        known[op.results[0]] = [known[v] for v in vals if v is not None]
        return
    if op.name == "builtin.split":
        parts = known[vals[0]] if vals and vals[0] is not None else None
        if not isinstance(parts, list) or len(parts) != len(op.results):
            raise NotEligible("builtin.split: its list is not known ahead of time")
        for r, a in zip(op.results, parts, strict=True):
            _bind_const(r, np.ascontiguousarray(a, dtype=_dtype(r.type)), shapes, bound, consts, known)
        return
    args: list[Any] = []
    for v in vals:
        if v is None:
            args.append(None)
        elif v in known:
            args.append(known[v])
        else:  # a shape op: the data is never read
            args.append(np.broadcast_to(np.zeros((), _dtype(v.type)), shapes.shape[v]))
    try:
        if op.name == KERNEL_OP:
            out = list(factory(op)(args))
        else:
            kernel = OP_DEFS[op.name].kernel
            assert kernel is not None  # folded_ops checked it
            out = kernel(args, op.attrs.values())
    except (ShapeError, ValueError, TypeError, IndexError, KeyError) as e:
        raise NotEligible(f"{op.name} cannot be computed ahead of time: {e}") from None
    if len(out) != len(op.results):
        raise NotEligible(f"{op.name}: its kernel gives {len(out)} results for {len(op.results)}")
    for r, a in zip(op.results, out, strict=True):
        if isinstance(a, list):  # a vector result (meshgrid): split later
            known[r] = a
        else:
            _bind_const(r, np.ascontiguousarray(a, dtype=_dtype(r.type)), shapes, bound, consts, known)


def _concat_step(op: Operation, shapes: _Shapes) -> Step:
    """``pd_op.stack`` / ``pd_op.concat`` of a ``builtin.combine`` list: per outer index, each
    input's contiguous run copied after the previous one's (desc: outer count, then each input's
    run in bytes)."""
    combine = getattr(op.operand(0), "owner", None)
    if not isinstance(combine, Operation) or combine.name != "builtin.combine":
        raise NotEligible(f"{op.name} does not read a builtin.combine list")
    ins = combine.operand_values()
    if not ins or any(v is None or v not in shapes.shape for v in ins):
        raise NotEligible(f"{op.name}: an input's shape is not known")
    in_shapes = [shapes.shape[v] for v in ins if v is not None]
    dt = _dtype(op.results[0].type)
    if any(_dtype(v.type) != dt for v in ins if v is not None):
        raise NotEligible(f"{op.name}: its inputs' dtypes differ from the result's")
    rank = len(in_shapes[0])
    if op.name == "pd_op.stack":
        axis = op.attr("axis")
        axis = int(axis) + rank + 1 if isinstance(axis, int) and axis < 0 else axis
        if not isinstance(axis, int) or not 0 <= axis <= rank or len(set(in_shapes)) != 1:
            raise NotEligible("pd_op.stack: the inputs' shapes differ or the axis is out of range")
        out = in_shapes[0][:axis] + (len(in_shapes),) + in_shapes[0][axis:]
    else:
        ax = shapes.const.get(op.operand(1)) if op.num_operands > 1 else None
        axis = ax[0] if isinstance(ax, list) and len(ax) == 1 else None
        axis = axis + rank if isinstance(axis, int) and axis < 0 else axis
        if not isinstance(axis, int) or not 0 <= axis < rank or any(
                len(s_) != rank or s_[:axis] + s_[axis + 1:] != in_shapes[0][:axis] + in_shapes[0][axis + 1:]
                for s_ in in_shapes):
            raise NotEligible("pd_op.concat: the axis is not a constant, or the inputs' other dims differ")
        out = in_shapes[0][:axis] + (sum(s_[axis] for s_ in in_shapes),) + in_shapes[0][axis + 1:]
    shapes.set(op.results[0], out)
    outer = int(np.prod(out[:axis], dtype=np.int64))
    runs = [int(np.prod(s_, dtype=np.int64)) // max(outer, 1) * dt.itemsize for s_ in in_shapes]
    return Step(op, "concat", op.name, [*ins, op.results[0]], -1, [outer, *runs])


#: a move step's most runs: beyond it the op is left to the interpreter (element by element copies belong in a
#: compiled kernel)
MOVE_MAX_RUNS = 1 << 16


def _move_step(op: Operation, shapes: _Shapes, known: dict[Value, Any]) -> Step:
    """A data-movement op (:data:`MOVE_OPS`) whose other operands are constants of the plan: every
    result element is an element of x, so the op is its index map, computed now by running its
    reference kernel on x's flat indices, and copied as contiguous runs (desc: element bytes, then
    (source, destination, length) per run, in elements)."""
    x = op.operand(0)
    if x is None or x not in shapes.shape or len(op.results) != 1:
        raise NotEligible(f"{op.name}: not a single-result op of a known input")
    rest = op.operand_values()[1:]
    if any(v is not None and v not in known for v in rest):
        raise NotEligible(f"{op.name}: an operand other than x is only known when it runs")
    shape = shapes.shape[x]
    n = int(np.prod(shape, dtype=np.int64))
    kernel = OP_DEFS[op.name].kernel
    assert kernel is not None
    probe = np.arange(n, dtype=np.int64).reshape(shape)
    try:
        idx = np.asarray(kernel([probe, *(known.get(v) if v is not None else None for v in rest)],
                                op.attrs.values())[0])
        moved = np.asarray(kernel([probe + n, *(known.get(v) if v is not None else None for v in rest)],
                                  op.attrs.values())[0])
    except (ShapeError, ValueError, TypeError, IndexError, KeyError) as e:
        raise NotEligible(f"{op.name} cannot be planned: {e}") from None
    flat = idx.reshape(-1)
    # every result element is an element of x, and the map does not depend on the values (no arithmetic)
    if idx.dtype != np.int64 or (flat.size and (flat.min() < 0 or flat.max() >= max(n, 1))) or \
            moved.shape != idx.shape or not np.array_equal(moved, idx + n):
        raise NotEligible(f"{op.name} does not only move elements")
    shapes.set(op.results[0], idx.shape)
    dt = _dtype(op.results[0].type)
    if _dtype(x.type) != dt:
        raise NotEligible(f"{op.name}: its input's dtype differs from the result's")
    if flat.size == 0:
        return Step(op, "move", op.name, [x, op.results[0]], -1, [dt.itemsize])
    breaks = np.flatnonzero(np.diff(flat) != 1) + 1
    starts = np.concatenate([[0], breaks])
    lengths = np.diff(np.concatenate([starts, [flat.size]]))
    if starts.size > MOVE_MAX_RUNS:
        raise NotEligible(f"{op.name}: {starts.size} separate runs to copy")
    runs = np.stack([flat[starts], starts, lengths], axis=1).reshape(-1)
    return Step(op, "move", op.name, [x, op.results[0]], -1, [dt.itemsize, *(int(v) for v in runs)])


def _nn_call(op: Operation, shapes: _Shapes) -> nnops.NnCall:
    _infer(op, shapes)
    operands = op.operand_values()
    call = nnops.describe(op, [shapes.shape.get(v) if v is not None else None for v in operands],
                          [shapes.shape[r] for r in op.results],
                          [shapes.const.get(v) if v is not None else None for v in operands])
    if call is None:
        raise NotEligible(f"{op.name} is not covered with these attributes and shapes")
    # each pointer argument must hold what the C function reads or writes there (nnops.SIGNATURES)
    ctypes_ = nnops.SIGNATURES[call.symbol]
    values = [operands[k] if k is not None else None for k in call.operands] + list(op.results)
    for ct, v in zip(ctypes_, values, strict=True):
        want = nnops.POINTEE_DTYPES[ct]
        if v is not None and want is not None and _dtype(v.type) != np.dtype(want):
            raise NotEligible(f"{op.name} holds {_dtype(v.type)} where the nn library takes {want}")
    return call


def _place(result_ops: Sequence[Operation], raw_steps: list[Step], bound: dict[Value, Buf],
           fetched: dict[Value, str],
           shapes: _Shapes) -> tuple[list[Step], list[tuple[str, tuple[int, ...], np.dtype]], Any]:
    """Outputs (fresh arrays, in fetch ``col`` order, or shadow outputs in program order) and one
    arena for every other computed value; the steps with their values replaced by buffers."""
    first: dict[Value, int] = {}
    last: dict[Value, int] = {}
    for i, st in enumerate(raw_steps):
        for a in st.args:
            if isinstance(a, Value):
                if a in bound:
                    continue
                first.setdefault(a, i)
                last[a] = i
    for v in fetched:
        if v not in first:
            raise NotEligible("a fetched value is not computed by the program")
    arena_vals = [v for v in first if v not in fetched]
    plan = plan_arena([Interval(_nbytes(shapes.shape[v], _dtype(v.type)), first[v], last[v]) for v in arena_vals])
    for v, off in zip(arena_vals, plan.offsets, strict=True):
        bound[v] = Buf("arena", off, shapes.shape[v], _dtype(v.type))
    fetch_ops = list(result_ops)
    cols = [op.attr("col") if op.name == "pd_op.fetch" else i for i, op in enumerate(fetch_ops)]
    order = sorted(range(len(fetch_ops)), key=lambda i: (cols[i] if isinstance(cols[i], int) else i, i))
    outputs: list[tuple[str, tuple[int, ...], np.dtype]] = []
    copies: list[Step] = []  # a value fetched again: its first output copied (each output is its own array)
    for i in order:  # outputs in the interpreter's order (col)
        op = fetch_ops[i]
        fv = op.operand(0)
        assert fv is not None  # build_plan checked every fetch reads a value
        out = Buf("out", len(outputs), shapes.shape[fv], _dtype(fv.type))
        if fv in bound and bound[fv].kind == "out":
            n = int(np.prod(out.shape, dtype=np.int64))
            copies.append(Step(op, "move", op.name, [bound[fv], out], -1, [out.dtype.itemsize] + ([0, 0, n] if n else [])))
        else:
            bound[fv] = out
        outputs.append((str(_result_name(op)), shapes.shape[fv], _dtype(fv.type)))
    steps = [Step(st.op, st.kind, st.label, [bound[a] if isinstance(a, Value) else a for a in st.args], st.fn,
                  st.desc) for st in raw_steps]
    return steps + copies, outputs, plan


def _nbytes(shape: Sequence[int], dt: np.dtype) -> int:
    return int(np.prod(shape, dtype=np.int64)) * dt.itemsize


__all__ = ["BINDING_OPS", "COPY_OPS", "COVERED", "MOVE_OPS", "SHAPE_OPS", "Buf", "NotEligible", "Plan", "Step", "build_plan",
           "folded_ops", "ineligible_reason"]
