"""The Compute layer: ``Compute(domain, lambda)`` -> a :class:`ComputeOp` and its tensor.

As in CINN (``lang::Compute`` -> ``ComputeOp::Make``), a compute is a name, a
shape, optional reduce axes and a body built by calling the lambda on fresh
axis variables.  A :class:`LTensor` is the lowering-time tensor: the AST
:class:`~pirc.cinn.ast.Tensor` plus its symbolic dims and the ComputeOp that
defines it (``None`` for a placeholder: a group input).  Calling an LTensor
with indices gives a Load: ``x(i, j)``.

:class:`LowerContext` holds what every compute of one group shares: the
symbol table, the symbolic-dim Vars, the index type (int64 when the group has
a symbolic dim, else int32), tensor names and the computes in creation order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pirc.cinn.ast.dtypes import DType, to_dtype
from pirc.cinn.ast.nodes import Buffer, Expr, IntImm, Load, MemoryScope, Tensor, Var, to_expr
from pirc.cinn.lower.symbolic import Dim, SymbolTable

_AXIS_NAMES = "ijklmnop"


@dataclass(eq=False)
class ComputeOp:
    """One compute: ``tensor[axis] = body`` (or a reduction of ``body`` over ``reduce_axis``)."""

    name: str
    dims: tuple[Dim, ...]  # spatial extents (the tensor's shape)
    dtype: DType
    axis: tuple[Var, ...]  # spatial axis vars
    body: Expr  # value in terms of axis (+ reduce_axis)
    reduce_dims: tuple[Dim, ...] = ()
    reduce_axis: tuple[Var, ...] = ()
    combine: str | None = None  # "sum" / "prod" / "max" / "min" for a reduction
    init: Expr | None = None
    #: for a reduction: the dims of the reduced operand and the reduced axes (loop alignment)
    input_dims: tuple[Dim, ...] | None = None
    input_axes: tuple[int, ...] | None = None
    op_name: str = ""
    tensor: Tensor | None = None

    @property
    def is_reduce(self) -> bool:
        return self.combine is not None


@dataclass(eq=False)
class LTensor:
    tensor: Tensor
    dims: tuple[Dim, ...]
    compute: ComputeOp | None = None

    @property
    def name(self) -> str:
        return self.tensor.name

    @property
    def dtype(self) -> DType:
        return self.tensor.dtype

    @property
    def ndim(self) -> int:
        return len(self.dims)

    def __call__(self, *indices: Any) -> Load:
        if len(indices) == 1 and isinstance(indices[0], (list, tuple)):
            indices = tuple(indices[0])
        return Load(self.tensor, tuple(indices))


@dataclass(eq=False)
class LowerContext:
    """Per-group state shared by the pe / Compute layers."""

    symbols: SymbolTable
    sym_vars: dict[int, Var] = field(default_factory=dict)  # canonical symbol -> int64 Var
    index_dtype: DType = DType.INT32
    computes: list[ComputeOp] = field(default_factory=list)
    _names: set[str] = field(default_factory=set)

    # -- dims ----------------------------------------------------------------------------
    def expr(self, d: Any) -> Expr:
        """The AST expression of a dim (or an int) in the index type."""
        if isinstance(d, Expr):
            return d
        return self.symbols.to_expr(Dim.of(d), self.sym_vars, self.index_dtype)

    def idx(self, v: int) -> Expr:
        return IntImm(int(v), self.index_dtype)

    def const_dim(self, d: Dim) -> int | None:
        return self.symbols.canon(d).value

    def equal(self, a: Any, b: Any) -> bool:
        return self.symbols.equal(a, b)

    def is_one(self, d: Any) -> bool:
        return self.symbols.is_one(d)

    # -- names ---------------------------------------------------------------------------
    def unique(self, name: str) -> str:
        n, k = name, 0
        while n in self._names:
            k += 1
            n = f"{name}_{k}"
        self._names.add(n)
        return n

    def reserve(self, name: str) -> None:
        self._names.add(name)

    # -- tensors -------------------------------------------------------------------------
    def make_tensor(self, name: str, dims: Sequence[Dim], dtype: DType | str,
                    scope: MemoryScope = MemoryScope.GLOBAL) -> Tensor:
        dt = to_dtype(dtype)
        shape = tuple(self.expr(d) for d in dims)
        buf = Buffer("_" + name, shape, dt, scope)
        return Tensor(name, shape, dt, buf)

    def placeholder(self, name: str, dims: Sequence[Dim], dtype: DType | str) -> LTensor:
        """A group input (CINN's ``lang::Placeholder``)."""
        return LTensor(self.make_tensor(name, dims, dtype), tuple(dims), None)

    def axis_vars(self, n: int, prefix: str = "i", start: int = 0) -> tuple[Var, ...]:
        return tuple(Var(f"{prefix}{start + k}", self.index_dtype) for k in range(n))


def Compute(ctx: LowerContext, dims: Sequence[Any], fn: Callable[..., Any], name: str, dtype: DType | str,
            op_name: str = "") -> LTensor:
    """``name[i0, i1..] = fn(i0, i1..)`` over ``dims`` (CINN's ``lang::Compute``)."""
    dims = tuple(Dim.of(d) for d in dims)
    dt = to_dtype(dtype)
    axis = ctx.axis_vars(len(dims))
    body = to_expr(fn(*axis), dt)
    if body.dtype is not dt:
        from pirc.cinn.lower.lang import cast

        body = cast(body, dt)
    t = ctx.make_tensor(name, dims, dt)
    c = ComputeOp(name, dims, dt, axis, body, op_name=op_name, tensor=t)
    ctx.computes.append(c)
    return LTensor(t, dims, c)


def Reduce(ctx: LowerContext, dims: Sequence[Any], reduce_dims: Sequence[Any], fn: Callable[..., Any], name: str,
           dtype: DType | str, combine: str, init: Expr | None = None, *, input_dims: Sequence[Dim] | None = None,
           input_axes: Sequence[int] | None = None, op_name: str = "") -> LTensor:
    """``name[i..] = combine over k.. of fn(i.., k..)`` (a ComputeOp with reduce axes)."""
    from pirc.cinn.lower.lang import reduce_init

    dims = tuple(Dim.of(d) for d in dims)
    rdims = tuple(Dim.of(d) for d in reduce_dims)
    dt = to_dtype(dtype)
    axis = ctx.axis_vars(len(dims))
    raxis = ctx.axis_vars(len(rdims), start=len(dims))
    body = to_expr(fn(*axis, *raxis), dt)
    if body.dtype is not dt:
        from pirc.cinn.lower.lang import cast

        body = cast(body, dt)
    t = ctx.make_tensor(name, dims, dt)
    c = ComputeOp(name, dims, dt, axis, body, rdims, raxis, combine,
                  init if init is not None else reduce_init(combine, dt),
                  tuple(input_dims) if input_dims is not None else None,
                  tuple(input_axes) if input_axes is not None else None, op_name, t)
    ctx.computes.append(c)
    return LTensor(t, dims, c)


__all__ = ["Compute", "ComputeOp", "LTensor", "LowerContext", "Reduce"]
