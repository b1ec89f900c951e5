"""Storage nodes and what addresses them: ``Buffer``, ``Tensor``, ``Load``, regions and function arguments."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.fields import attr, child, children, def_child, derived, opt_child
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes.base import (
    ArgIO,
    MemoryScope,
    Node,
    _check_storage_name,
    _dtype,
    _enum,
    _node,
    _set,
    ast_error,
)
from pirc.cinn.ast.nodes.expr import Expr, Var, _int_exprs, to_expr

if TYPE_CHECKING:
    from pirc.cinn.ast.nodes.stmt import Store


@_node(Kind.BUFFER)
class Buffer(Node):
    """Storage (CINN's ``_Buffer_``): name, shape (expressions, may be symbolic), dtype, scope.

    Buffers are compared by value, name included: the name is the interface a
    kernel argument is bound by.
    """

    name: str = attr()
    shape: tuple = children()
    dtype: DType = attr(DType.FLOAT32)
    scope: MemoryScope = attr(MemoryScope.GLOBAL)

    def __post_init__(self) -> None:
        _check_storage_name(self.name, self.span, "buffer")
        _set(self, "shape", _int_exprs(self.shape, self.span, f"the shape of buffer {self.name}"))
        dt = _dtype(self.dtype, self.span)
        if not (dt.is_numeric or dt.is_bool):
            raise ast_error(f"buffer {self.name} cannot hold {dt} elements", self.span)
        _set(self, "dtype", dt)
        _set(self, "scope", _enum(MemoryScope, self.scope, self.span, "memory scope"))

    @property
    def ndim(self) -> int:
        return len(self.shape)


@_node(Kind.TENSOR)
class Tensor(Node):
    """A named multi-dimensional view that Load / Store address (CINN's ``_Tensor_``).

    A tensor may be bound to a ``buffer`` (several tensors can share one, e.g. ``B``
    and ``B__reduce_init``); its ``scope`` is then the buffer's.  Indexing builds a
    Load: ``A[i, j]``; ``B.store([i, j], value)`` builds a Store.
    """

    name: str = attr()
    shape: tuple = children()
    dtype: DType = attr(DType.FLOAT32)
    buffer: Buffer | None = opt_child(None)
    scope: MemoryScope | None = attr(None)

    def __post_init__(self) -> None:
        _check_storage_name(self.name, self.span, "tensor")
        _set(self, "shape", _int_exprs(self.shape, self.span, f"the shape of tensor {self.name}"))
        dt = _dtype(self.dtype, self.span)
        if not (dt.is_numeric or dt.is_bool):
            raise ast_error(f"tensor {self.name} cannot hold {dt} elements", self.span)
        _set(self, "dtype", dt)
        buf = self.buffer
        if buf is not None:
            if not isinstance(buf, Buffer):
                raise ast_error(f"the buffer of tensor {self.name} must be a Buffer, got {type(buf).__name__}", self.span)
            if buf.dtype is not dt:
                raise ast_error(f"tensor {self.name} is {dt} but its buffer {buf.name} holds {buf.dtype}", self.span)
            scope = buf.scope if self.scope is None else _enum(MemoryScope, self.scope, self.span, "memory scope")
            if scope is not buf.scope:
                raise ast_error(f"tensor {self.name} is {scope} but its buffer {buf.name} is {buf.scope}", self.span)
        else:
            scope = MemoryScope.GLOBAL if self.scope is None else _enum(MemoryScope, self.scope, self.span, "memory scope")
        _set(self, "scope", scope)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def __getitem__(self, indices: Any) -> Load:
        if not isinstance(indices, tuple):
            indices = (indices,)
        return Load(self, indices)

    def store(self, indices: Any, value: Any) -> Store:
        from pirc.cinn.ast.nodes.stmt import Store  # statements are built on tensors

        if not isinstance(indices, (tuple, list)):
            indices = (indices,)
        return Store(self, indices, value)


@_node(Kind.LOAD)
class Load(Expr):
    """``A[i0, i1]``."""

    tensor: Tensor = child()
    indices: tuple = children()
    dtype: DType = derived()

    def __post_init__(self) -> None:
        t = self.tensor
        if not isinstance(t, Tensor):
            raise ast_error(f"Load needs a Tensor, got {type(t).__name__}", self.span)
        idx = _int_exprs(self.indices, self.span, f"the indices of {t.name}")
        if len(idx) != len(t.shape):
            raise ast_error(f"tensor {t.name} has {len(t.shape)} dimensions but is indexed with {len(idx)}", self.span)
        _set(self, "indices", idx)
        _set(self, "dtype", t.dtype)


# ---------------------------------------------------------------------------------------
# auxiliary nodes
# ---------------------------------------------------------------------------------------


@_node(Kind.RANGE)
class Range(Node):
    """One dimension of a region: ``begin`` alone (a point) or ``begin:end`` (end exclusive)."""

    begin: Expr = child()
    end: Expr | None = opt_child(None)

    def __post_init__(self) -> None:
        b = to_expr(self.begin, None, self.span, "range begin")
        _set(self, "begin", b)
        if self.end is not None:
            e = to_expr(self.end, b.dtype, self.span, "range end")
            _set(self, "end", e)
            if not (b.dtype.is_int and e.dtype is b.dtype):
                raise ast_error(f"a range needs integer bounds of one type, got {b.dtype} and {e.dtype}", self.span)
        elif not b.dtype.is_int:
            raise ast_error(f"a range needs integer bounds, got {b.dtype}", self.span)


@_node(Kind.TENSOR_REGION)
class TensorRegion(Node):
    """The part of a tensor a ScheduleBlock reads or writes: ``A[i0, 0:128]``."""

    tensor: Tensor = child()
    ranges: tuple = children()

    def __post_init__(self) -> None:
        if not isinstance(self.tensor, Tensor):
            raise ast_error("a region needs a Tensor", self.span)
        rs = []
        for r in self.ranges if isinstance(self.ranges, (tuple, list)) else (self.ranges,):
            if isinstance(r, Range):
                rs.append(r)
            elif isinstance(r, tuple) and len(r) == 2:
                rs.append(Range(r[0], r[1], span=self.span))
            else:
                rs.append(Range(r, span=self.span))
        if len(rs) != len(self.tensor.shape):
            raise ast_error(
                f"region of {self.tensor.name} has {len(rs)} dimensions, the tensor has {len(self.tensor.shape)}",
                self.span,
            )
        _set(self, "ranges", tuple(rs))


@_node(Kind.ARGUMENT)
class Argument(Node):
    """A LoweredFunc parameter: a Buffer (tensor data) or a scalar Var (e.g. a symbolic dim)."""

    target: Buffer | Var = def_child()
    io: ArgIO = attr(ArgIO.IN)

    def __post_init__(self) -> None:
        if not isinstance(self.target, (Buffer, Var)):
            raise ast_error(f"an argument is a Buffer or a Var, got {type(self.target).__name__}", self.span)
        io = _enum(ArgIO, self.io, self.span, "argument direction")
        if isinstance(self.target, Var) and io is not ArgIO.IN:
            raise ast_error(f"scalar argument {self.target.name} must be 'in'", self.span)
        _set(self, "io", io)

    @property
    def name(self) -> str:
        return self.target.name

    @property
    def is_buffer(self) -> bool:
        return isinstance(self.target, Buffer)

    @property
    def is_var(self) -> bool:
        return isinstance(self.target, Var)
