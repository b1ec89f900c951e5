"""The verifier: structural rules and per-op checks, each error at the op's location.

Structure (seed 000):
* every operand is defined before its use, in block order (block arguments
  first); a value is visible in its own block after its definition and in
  every region nested below it (capture), never outside the region that
  defines it;
* region ops end in ``cf.yield`` matching their results (the ops' own hooks).

Per op:
* the op's verify hook (builtin, cf, control flow);
* for ops with an OpDef: operand and result counts, and the result types
  against the op's shape rule (dims must agree where both are known; -1 is
  dynamic).  Shape-rule results are memoised on the interned
  (op, attributes, operand types, constant operands) key.
"""

from __future__ import annotations

from typing import Any

from pirc.diagnostics import Diagnostic, Location, PircError
from pirc.dialects.opdef import Meta, OpDef, ShapeError
from pirc.ir.core import Block, BlockArgument, Operation, OpResult, Value
from pirc.ir.opinfo import INFER_META
from pirc.ir.program import Program
from pirc.ir.types import DenseTensorType, NullType, Type, VectorType

KNOWN_DIALECTS = frozenset({"builtin", "cf", "pd_op", "cinn_op", "cinn_runtime"})
MAX_ERRORS = 100

_META_CACHE: dict[tuple[Any, ...], list[Any] | str] = {}


def constant_of(v: Value | None) -> Any:
    """The compile-time value of a ``pd_op.full_int_array`` / ``pd_op.full`` result, else None."""
    if isinstance(v, OpResult):
        op = v.owner
        if op.name == "pd_op.full_int_array":
            return op.attr("value")
        if op.name == "pd_op.full":
            shape = op.attr("shape")
            if shape in ([], [1]) or shape is None:
                return op.attr("value")
        if op.name == "builtin.combine":
            vals = [constant_of(o.value) for o in op.operands]
            if all(x is not None for x in vals):
                return vals
    return None


def _const_key(v: Value | None) -> Any:
    if isinstance(v, OpResult) and v.owner.name in ("pd_op.full_int_array", "pd_op.full", "builtin.combine"):
        if v.owner.name == "builtin.combine":
            return tuple(_const_key(o.value) for o in v.owner.operands)
        return v.owner.attrs
    return None


def meta_of_type(t: Type, const: Any = None) -> Meta | list[Meta] | None:
    if isinstance(t, DenseTensorType):
        return Meta(t.dims, t.dtype, const)
    if isinstance(t, VectorType):
        return [m for m in (meta_of_type(e) for e in t.elements) if isinstance(m, Meta)]
    return None


def operand_metas(op: Operation) -> list[Any]:
    return [
        None if o.value is None or isinstance(o.value.type, NullType) else meta_of_type(o.value.type, constant_of(o.value))
        for o in op.operands
    ]


def infer_result_metas(op: Operation) -> list[Any] | str | None:
    """The op's shape rule applied to its operands: metas, an error string, or None (no rule)."""
    infer_meta = op.info.interfaces.get(INFER_META)
    if infer_meta is None:
        return None
    key = (op.name, op.attrs, tuple((o.value.type if o.value is not None else None, _const_key(o.value)) for o in op.operands))
    hit = _META_CACHE.get(key)
    if hit is not None:
        return hit
    try:
        res: list[Any] | str = list(infer_meta(operand_metas(op), op.attrs.values()))
    except ShapeError as e:
        res = str(e)
    except Exception as e:  # noqa: BLE001 - a rule that cannot handle these operands is a verify error
        res = f"the shape rule cannot handle these operands ({type(e).__name__}: {e})"
    _META_CACHE[key] = res
    return res


def _compatible(m: Any, t: Type) -> bool:
    if not isinstance(m, Meta) or not isinstance(t, DenseTensorType):
        return True
    if m.dtype != t.dtype and m.dtype not in ("Undefined", ""):
        return False
    if m.shape is None:
        return True
    if len(m.shape) != len(t.dims):
        return False
    # any negative dim is dynamic: Paddle prints -6 for a flattened -1x6
    return all(a == b or a < 0 or b < 0 for a, b in zip(m.shape, t.dims, strict=True))


def _meta_text(m: Meta) -> str:
    from pirc.dialects.opdef import DTYPE_TO_PIR

    if m.shape is None:
        return f"tensor<*x{DTYPE_TO_PIR.get(m.dtype, m.dtype)}>"
    return "tensor<" + "".join(f"{d}x" for d in m.shape) + DTYPE_TO_PIR.get(m.dtype, m.dtype) + ">"


def check_opdef(op: Operation, opdef: OpDef) -> list[str]:
    errs: list[str] = []
    n_ops = op.num_operands
    lo, hi = opdef.min_operands, len(opdef.operands)
    if not lo <= n_ops <= hi:
        want = str(hi) if lo == hi else f"{lo} to {hi}"
        names = ", ".join(opdef.operands) or "none"
        errs.append(f"expects {want} operands ({names}), got {n_ops}")
    for i, (o, oname) in enumerate(zip(op.operands, opdef.operands, strict=False)):
        if o.value is None and not oname.endswith("?"):
            errs.append(f"operand #{i} ({oname}) is required but absent")
    vec_results = any(r.endswith("[]") for r in opdef.results)
    if not vec_results and op.num_results != len(opdef.results):
        errs.append(f"expects {len(opdef.results)} results ({', '.join(opdef.results)}), got {op.num_results}")
    if errs:
        return errs
    metas = infer_result_metas(op)
    if metas is None:
        return errs
    if isinstance(metas, str):
        return [metas]
    results = op.results
    if vec_results and len(results) == 1 and isinstance(results[0].type, VectorType):
        flat = metas[0] if len(metas) == 1 and isinstance(metas[0], list) else metas
        elems = results[0].type.elements
        if len(flat) != len(elems):
            return [f"result has {len(elems)} tensors but the shape rule gives {len(flat)}"]
        pairs = list(zip(flat, elems, strict=True))
    else:
        pairs = list(zip(metas, (r.type for r in results), strict=False))
    loose = opdef.loose_results
    for i, (m, t) in enumerate(pairs):
        if i in loose and isinstance(m, Meta):
            m = Meta(None, m.dtype)
        if not _compatible(m, t):
            errs.append(f"result #{i} has type {t} but the op's shape rule gives {_meta_text(m)}")
    return errs


_INT64_MAX = (1 << 63) - 1


def size_error(t: Type) -> str | None:
    """Why a tensor type's element count or byte size does not fit in int64, or None."""
    if isinstance(t, VectorType):
        for e in t.elements:
            m = size_error(e)
            if m is not None:
                return m
        return None
    if not isinstance(t, DenseTensorType):
        return None
    count = 1
    for d in t.dims:
        if d > 0:
            count *= d
    if count > _INT64_MAX:
        return f"result type {t.text} has more elements than int64 can count"
    from pirc.dialects.opdef import DTYPE_TO_NUMPY

    np_dtype = DTYPE_TO_NUMPY.get(t.dtype)
    if np_dtype is not None:
        import numpy as np

        if count * np.dtype(np_dtype).itemsize > _INT64_MAX:
            return f"result type {t.text} is larger than int64 bytes"
    return None


class Verifier:
    def __init__(self, allow_unregistered: bool = False) -> None:
        self.allow_unregistered = allow_unregistered
        self.diags: list[Diagnostic] = []

    def error(self, op: Operation, message: str, note: tuple[str, Location | None] | None = None) -> None:
        if len(self.diags) >= MAX_ERRORS:
            return
        msg = message if op.loc is not None else f"'{op.name}': {message}"
        d = Diagnostic("error", f"'{op.name}' op {message}" if op.loc is not None else msg, op.loc)
        if note is not None:
            d.note(*note)
        self.diags.append(d)

    def check_size(self, op: Operation, t: Type) -> None:
        """Element counts and byte sizes must fit in int64 (checked once per interned type)."""
        self.sized.add(t)
        msg = size_error(t)
        if msg is not None:
            self.error(op, msg)

    def run(self, program: Program) -> list[Diagnostic]:
        self.sized: set[Type] = set()
        self.visible: set[Value] = set()
        self.block(program.block)
        return self.diags

    def block(self, block: Block) -> None:
        visible = self.visible
        added: list[Value] = list(block.args)
        visible.update(block.args)
        op = block.first_op
        while op is not None:
            self.operands(op)
            self.op(op)
            if op.regions:
                for region in op.regions:
                    for b in region.blocks:
                        self.block(b)
            for r in op.results:
                visible.add(r)
                added.append(r)
                if r.type not in self.sized:
                    self.check_size(op, r.type)
            op = op.next_op
        visible.difference_update(added)

    def operands(self, op: Operation) -> None:
        visible = self.visible
        for o in op.operands:
            v = o.value
            if v is None or v in visible:
                continue
            self._bad_use(op, o.index, v)

    def _bad_use(self, op: Operation, index: int, v: Value) -> None:
        def_op = v.owner if isinstance(v, OpResult) else None
        def_block = v.owner.parent if isinstance(v, OpResult) else (v.block if isinstance(v, BlockArgument) else None)
        where = def_op.loc if def_op is not None else None
        # is the definition in a block enclosing this op (so it merely comes later)?
        b = op.parent
        while b is not None:
            if b is def_block:
                self.error(op, f"operand #{index} is used before its definition", ("defined here", where))
                return
            parent_op = b.parent_op
            b = parent_op.parent if parent_op is not None else None
        if def_block is None or (def_op is not None and def_op.parent is None):
            self.error(op, f"operand #{index} refers to a value that is not part of the program")
            return
        owner = def_block.parent_op
        self.error(
            op,
            f"operand #{index} is defined inside a region of '{owner.name if owner else '?'}' and cannot be used outside it",
            ("defined here", where),
        )

    def op(self, op: Operation) -> None:
        info = op.info
        if not info.registered:
            if op.dialect in KNOWN_DIALECTS and not self.allow_unregistered:
                self.error(op, f"is not a known op of the '{op.dialect}' dialect")
            return
        if info.verify is not None:
            for msg in info.verify(op):
                self.error(op, msg)
        if info.opdef is not None:
            for msg in check_opdef(op, info.opdef):
                self.error(op, msg)


def verify(program: Program, allow_unregistered: bool = False) -> list[Diagnostic]:
    return Verifier(allow_unregistered).run(program)


def verify_or_raise(program: Program, allow_unregistered: bool = False) -> None:
    diags = verify(program, allow_unregistered)
    if diags:
        raise PircError(diags)
