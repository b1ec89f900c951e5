"""Call nodes: intrinsic tables, the implicit result type of a call, and ``Call``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.fields import attr, children
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes.base import _NODE_CALL_NAMES, IDENT_RE, RESERVED_WORDS, _dtype, _node, _set, ast_error
from pirc.cinn.ast.nodes.expr import Expr, to_expr
from pirc.cinn.ast.nodes.storage import Buffer, Tensor


# -- calls -------------------------------------------------------------------------------

#: Calls whose result type is the type of their first argument.
MATH_INTRINSICS = frozenset(
    """exp exp2 expm1 log log2 log10 log1p sqrt rsqrt cbrt tanh tan sin cos asin acos atan sinh cosh asinh
    acosh atanh erf erfinv abs fabs floor ceil round trunc sigmoid pow fmod atan2 remainder fma sign
    reciprocal relu max min""".split()
)
BOOL_INTRINSICS = frozenset({"isnan", "isinf", "isfinite"})
VOID_INTRINSICS = frozenset({"__syncthreads", "__syncwarp", "__threadfence"})

_SUFFIX_DTYPES = (
    ("_fp16", DType.FLOAT16), ("_bf16", DType.BFLOAT16), ("_fp32", DType.FLOAT32), ("_fp64", DType.FLOAT64),
    ("_int8", DType.INT8), ("_int16", DType.INT16), ("_int32", DType.INT32), ("_int64", DType.INT64),
    ("_uint8", DType.UINT8), ("_bool", DType.BOOL),
)
_CALL_PREFIXES = ("cinn_nvgpu_", "cinn_host_", "cinn_cpu_", "cinn_cuda_", "cinn_")


def intrinsic_base(name: str) -> str:
    """``cinn_nvgpu_exp_fp32`` -> ``exp``: the math function a (mapped) extern call stands for."""
    base = name
    for p in _CALL_PREFIXES:
        if base.startswith(p):
            base = base[len(p):]
            break
    for s, _ in _SUFFIX_DTYPES:
        if base.endswith(s):
            base = base[: -len(s)]
            break
    return base


def infer_call_dtype(name: str, args: Sequence[Any]) -> DType:
    """The result type the printer leaves implicit and the parser assumes for ``name(args)``.

    ``isnan``-like -> bool; math intrinsics (``exp``, ``cinn_nvgpu_exp_fp32``...) -> the
    type of their first argument; otherwise a ``_fp32`` / ``_int64``... suffix gives
    the type; any other call is ``void`` (an extern whose value is used must be typed:
    ``name<int64>(...)`` in text, ``dtype=`` in Python).  A call that is directly the
    value of a Store or a Let is printed without a type and takes the type of the
    tensor / variable.
    """
    base = intrinsic_base(name)
    if base in BOOL_INTRINSICS:
        return DType.BOOL
    if name in VOID_INTRINSICS:
        return DType.VOID
    if base in MATH_INTRINSICS:
        for a in args:
            if isinstance(a, Expr) and a.dtype is not DType.STRING:
                return a.dtype
        return DType.VOID
    for s, dt in _SUFFIX_DTYPES:
        if name.endswith(s):
            return dt
    return DType.VOID


@_node(Kind.CALL)
class Call(Expr):
    """``name(args)``: math intrinsics (exp, tanh, erf...), extern and runtime calls.

    Arguments are expressions, or a Tensor / Buffer (CINN passes buffers to
    ``cinn_block_reduce_*`` helpers).  ``dtype`` defaults to :func:`infer_call_dtype`.
    Min / max / select have their own nodes.
    """

    name: str = attr()
    args: tuple = children(())
    dtype: DType = attr(None)  # None in the constructor: __post_init__ infers it

    def __post_init__(self) -> None:
        if self.name in _NODE_CALL_NAMES:
            raise ast_error(f"'{self.name}' is a node of its own (use Select / Min / Max), not a Call", self.span)
        if not isinstance(self.name, str) or not IDENT_RE.match(self.name) or self.name in RESERVED_WORDS:
            raise ast_error(f"invalid call name {self.name!r}", self.span)
        args = self.args if isinstance(self.args, (tuple, list)) else (self.args,)
        out = []
        for a in args:
            if isinstance(a, (Expr, Tensor, Buffer)):
                out.append(a)
            else:
                out.append(to_expr(a, None, self.span, f"argument of {self.name}"))
        _set(self, "args", tuple(out))
        dt = infer_call_dtype(self.name, out) if self.dtype is None else _dtype(self.dtype, self.span)
        _set(self, "dtype", dt)
