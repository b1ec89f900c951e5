"""The loop-level AST IR that CINN lowering produces (see README.md here).

* nodes: :mod:`.nodes` (immutable, shared, typed, with spans) and :mod:`.kinds`
  (``Kind``, ``is_a``, ``as_``);
* building: :mod:`.builder` (``var``, ``tensor``, ``compute``, ``reduce``,
  ``lowered_func``...) and Python operators on expressions;
* traversal: :mod:`.visitor` (``Visitor``, ``Mutator``, ``walk``, ``substitute``...);
* comparison: :mod:`.equality` (``structural_equal``, ``structural_hash``);
* text: :mod:`.printer` (``print_ast``) and :mod:`.parser` (``parse``...), the
  ``.ast`` format of grammar/ast.lark;
* execution: :mod:`.evaluator` (``evaluate`` on numpy arrays).
"""

from pirc.cinn.ast.dtypes import DType, to_dtype
from pirc.cinn.ast.equality import assert_structural_equal, structural_equal, structural_hash
from pirc.cinn.ast.fields import FieldInfo, Role, Shape
from pirc.cinn.ast.kinds import Kind, as_, is_a
from pirc.cinn.ast.nodes import (
    EQ,
    GE,
    GPU_VARS,
    GT,
    LE,
    LT,
    NE,
    NO_SPAN,
    Add,
    And,
    ArgIO,
    Argument,
    BinaryOp,
    Block,
    Buffer,
    Call,
    Cast,
    CmpOp,
    Div,
    Evaluate,
    Expr,
    FloatImm,
    For,
    ForKind,
    IfThenElse,
    IntImm,
    IterType,
    Let,
    Load,
    LogicalOp,
    LoweredFunc,
    Max,
    MemoryScope,
    Min,
    Minus,
    Mod,
    Module,
    Mul,
    Node,
    Not,
    Or,
    Range,
    ScheduleBlock,
    ScheduleBlockRealize,
    Select,
    Span,
    Stmt,
    Store,
    StringImm,
    Sub,
    Tensor,
    TensorRegion,
    Var,
    gpu_var,
    infer_call_dtype,
    to_expr,
)
from pirc.cinn.ast.parser import parse, parse_expr, parse_file, parse_function, parse_module, parse_stmt
from pirc.cinn.ast.printer import print_ast, to_text
from pirc.cinn.ast.visitor import Mutator, Visitor, collect, count_nodes, free_vars, substitute, walk


def evaluate(*args, **kwargs):  # noqa: ANN002, ANN003, ANN201 - numpy is imported on first use
    """See :func:`pirc.cinn.ast.evaluator.evaluate`."""
    from pirc.cinn.ast.evaluator import evaluate as _evaluate

    return _evaluate(*args, **kwargs)


__all__ = [
    "Add", "And", "ArgIO", "Argument", "BinaryOp", "Block", "Buffer", "Call", "Cast", "CmpOp", "DType", "Div", "EQ",
    "Evaluate", "Expr", "FieldInfo", "FloatImm", "For", "ForKind", "GE", "GPU_VARS", "GT", "IfThenElse", "IntImm",
    "IterType", "Kind", "LE", "LT", "Let", "Load", "LogicalOp", "LoweredFunc", "Max", "MemoryScope", "Min",
    "Minus", "Mod", "Module", "Mul", "Mutator", "NE", "NO_SPAN", "Node", "Not", "Or", "Range", "Role",
    "ScheduleBlock", "ScheduleBlockRealize", "Select", "Shape", "Span", "Stmt", "Store", "StringImm", "Sub",
    "Tensor", "TensorRegion", "Var", "Visitor", "as_", "assert_structural_equal", "collect", "count_nodes",
    "evaluate", "free_vars", "gpu_var", "infer_call_dtype", "is_a", "parse", "parse_expr", "parse_file",
    "parse_function", "parse_module", "parse_stmt", "print_ast", "structural_equal", "structural_hash",
    "substitute", "to_dtype", "to_expr", "to_text", "walk",
]
