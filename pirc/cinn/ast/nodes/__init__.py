"""The loop-level AST IR that CINN lowering produces (seed 004, Stage 2).

Design (seed 001, PyPTO's tree IR):

* Every node is an immutable slotted dataclass.  Nodes are freely shared, so a
  program is a DAG; ``==`` and ``hash`` are *reference* equality.  Structural
  comparison lives in :mod:`pirc.cinn.ast.equality`.
* Every node has a ``span`` (a :class:`pirc.diagnostics.Location`), ignored by
  structural equality.  Nodes parsed from ``.ast`` text carry their position.
* Field descriptors (:mod:`pirc.cinn.ast.fields`) tell generic code which
  fields are children, which bind variables and which are plain attributes.
* ``node.KIND`` and :func:`~pirc.cinn.ast.kinds.is_a` give O(1) type tests.
* Constructors check types: mixing ``float32`` and ``int32`` in an ``Add``,
  storing a float into an int tensor, a non-bool condition... raise a
  :class:`~pirc.diagnostics.PircError` located at the node's span (or, for
  nodes built in Python without a span, at the Python line that built it).
  Python scalars are accepted where an expression is expected and become
  immediates of the type the context asks for.

Expressions (``Expr``) have a ``dtype``.  Statements (``Stmt``) don't.
``Tensor``, ``Buffer``, ``Argument``, ``Range``, ``TensorRegion`` and
``ScheduleBlock`` are neither; ``LoweredFunc`` and ``Module`` are containers.

Layout: :mod:`.base` (names, errors, enums, the ``_node`` decorator, ``Node``),
:mod:`.expr` (expressions), :mod:`.storage` (buffers, tensors, loads, regions,
arguments), :mod:`.calls` (``Call`` and the intrinsic tables), :mod:`.stmt`
(statements, schedule blocks), :mod:`.func` (``LoweredFunc``, ``Module``).
"""

from pirc.cinn.ast.nodes.base import (
    IDENT_RE,
    NODE_CLASSES,
    NO_SPAN,
    RESERVED_WORDS,
    ArgIO,
    AttrValue,
    ForKind,
    IterType,
    MemoryScope,
    Node,
    Span,
    ast_error,
    freeze_attrs,
    is_plain_name,
)
from pirc.cinn.ast.nodes.expr import (
    EQ,
    GE,
    GPU_VARS,
    GT,
    LE,
    LT,
    NE,
    Add,
    And,
    BinaryOp,
    Cast,
    CmpOp,
    Div,
    Expr,
    FloatImm,
    IntImm,
    LogicalOp,
    Max,
    Min,
    Minus,
    Mod,
    Mul,
    Not,
    Or,
    Select,
    StringImm,
    Sub,
    Var,
    gpu_var,
    round_float,
    to_expr,
)
from pirc.cinn.ast.nodes.storage import (
    Argument,
    Buffer,
    Load,
    Range,
    Tensor,
    TensorRegion,
)
from pirc.cinn.ast.nodes.calls import (
    BOOL_INTRINSICS,
    MATH_INTRINSICS,
    VOID_INTRINSICS,
    Call,
    infer_call_dtype,
    intrinsic_base,
)
from pirc.cinn.ast.nodes.stmt import (
    Block,
    Evaluate,
    For,
    IfThenElse,
    Let,
    ScheduleBlock,
    ScheduleBlockRealize,
    Stmt,
    Store,
)
from pirc.cinn.ast.nodes.func import (
    LoweredFunc,
    Module,
)

__all__ = [
    "Add", "And", "ArgIO", "Argument", "AttrValue", "BOOL_INTRINSICS", "BinaryOp", "Block", "Buffer", "Call", "Cast",
    "CmpOp", "Div", "EQ", "Evaluate", "Expr", "FloatImm", "For", "ForKind", "GE", "GPU_VARS", "GT", "IDENT_RE",
    "IfThenElse", "IntImm", "IterType", "LE", "LT", "Let", "Load", "LogicalOp", "LoweredFunc", "MATH_INTRINSICS", "Max",
    "MemoryScope", "Min", "Minus", "Mod", "Module", "Mul", "NE", "NODE_CLASSES", "NO_SPAN", "Node", "Not", "Or",
    "RESERVED_WORDS", "Range", "ScheduleBlock", "ScheduleBlockRealize", "Select", "Span", "Stmt", "Store", "StringImm",
    "Sub", "Tensor", "TensorRegion", "VOID_INTRINSICS", "Var", "ast_error", "freeze_attrs", "gpu_var",
    "infer_call_dtype", "intrinsic_base", "is_plain_name", "round_float", "to_expr",
]
