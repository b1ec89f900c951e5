"""PdOpLowerToKernelPass: every ``cinn_op.group`` becomes ``cinn_runtime.jit_kernel`` ops.

:func:`lower_program` lowers every group of a program (at any depth: groups inside
``pd_op.if`` / ``pd_op.while`` regions too) with :class:`~.op_lower.OpLower`, numbering
them in program order (``walk``), and gives the :class:`~pirc.cinn.ast.Module` of all
their LoweredFuncs.  :func:`replace_groups` then rewrites the program: a group becomes
one ``cinn_runtime.jit_kernel`` op per kernel, in place of the group, using the
convention of :mod:`pirc.cinn.backend.jit_kernel`::

    (%3) = "cinn_runtime.jit_kernel" (%0, %1) {fn_name:"fn_add_relu_0",group:"group_0",
            kernel_ast:"function fn_add_relu_0 (_var_0, _var_1, _var_3, S0) ...",symbol_args:[3,0,0]}
           : (tensor<-1x256xf32>, tensor<256xf32>) -> tensor<-1x256xf32>

* operands: the kernel's ``in`` buffer arguments in order -- group inputs (values
  defined outside the group), or the results of an earlier kernel of the same group;
  a group input read only for a symbolic dim is passed as an (unread) ``in`` buffer too;
* results: its ``out`` buffer arguments in order -- the group's results, or
  intermediates that a later kernel of the group reads (their types have ``-1`` where
  the dim is symbolic);
* ``fn_name``: the LoweredFunc; ``kernel_ast``: its ``.ast`` text (self-contained:
  the host program prints, parses and runs later) or, with ``embed=False``,
  ``kernel_id``: a Module registered in this process
  (:func:`pirc.cinn.backend.jit_kernel.register_kernels`);
* ``symbol_args``: ``[arg, operand, axis, ...]`` triples: scalar argument ``arg`` of the
  function is dim ``axis`` of operand ``operand`` (omitted when the kernel has no
  symbolic dims);
* ``group``: ``group_<n>``, the group's number in the module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pirc.cinn.ast.nodes import Module
from pirc.cinn.ast.printer import print_ast
from pirc.cinn.lower.op_lower import LoweredGroup, OpLower, captured_values
from pirc.ir.core import Operation, Value
from pirc.ir.program import Program
from pirc.ir.types import DenseTensorType

GROUP_OPS = ("cinn_op.group", "cinn_op.fusion")
JIT_KERNEL = "cinn_runtime.jit_kernel"


@dataclass
class LoweredProgram:
    module: Module
    groups: list[LoweredGroup]


def program_value_names(program: Program) -> dict[Value, str]:
    """``%N`` of every value, as printing the program numbers them."""
    from pirc.text.printer import Printer

    p = Printer()
    p.block(program.block, "")
    return dict(p.names)


def find_groups(program: Program) -> list[Operation]:
    return [op for op in program.walk() if op.name in GROUP_OPS]


def lower_program(program: Program, target: str = "cuda", *, module_name: str = "module",
                  cross_thread_calls: bool | None = None, inline_limit: int = 2000) -> LoweredProgram:
    """Lower every group of ``program`` (not modified)."""
    ol = OpLower(target, value_names=program_value_names(program), cross_thread_calls=cross_thread_calls,
                 inline_limit=inline_limit)
    from pirc.progress import progress

    found = find_groups(program)
    groups = []
    with progress(f"lowering {target} groups", len(found), min_total=8) as advance:
        for i, g in enumerate(found):
            groups.append(ol.lower(g, i))
            advance(1)
    module = Module(module_name, tuple(f for g in groups for f in g.functions))
    return LoweredProgram(module, groups)


def _temp_type(dims: Sequence[str], dtype: Any) -> DenseTensorType:
    from pirc.dialects.opdef import DTYPE_TO_PIR

    shape = tuple(int(d) if d.lstrip("-").isdigit() else -1 for d in dims)
    return DenseTensorType.get(DTYPE_TO_PIR[str(dtype)], shape)


def replace_groups(lowered: LoweredProgram, *, embed: bool = True, kernel_id: str | None = None) -> list[Operation]:
    """Replace each lowered group by its ``cinn_runtime.jit_kernel`` ops (see the module
    docstring); returns the new ops.  With ``embed=False`` the module is registered
    under ``kernel_id`` (default: a hash of its text) and the ops refer to it."""
    import pirc.cinn.backend.jit_kernel as jk  # registers the op

    if not embed:
        import hashlib

        kid = kernel_id or "pirc-" + hashlib.sha256(print_ast(lowered.module).encode()).hexdigest()[:16]
        jk.register_kernels(kid, lowered.module)
    new_ops: list[Operation] = []
    for lg in lowered.groups:
        g = lg.group
        assert g is not None and g.parent is not None
        # the group's inputs as they are now (an earlier group's results were just replaced)
        current = captured_values(g.regions[0].block)
        assert len(current) == len(lg.inputs)
        env: dict[tuple, Value] = {("in", k): v for k, v in enumerate(current)}
        for k in lg.kernels:
            operands = [env[r] for r in k.inputs]
            rtypes = []
            for r in k.outputs:
                if r[0] == "out":
                    rtypes.append(g.results[r[1]].type)
                else:
                    dims, dt = lg.temps[r[1]]
                    rtypes.append(_temp_type(dims, dt))
            attrs: dict[str, Any] = {jk.FN_NAME: k.func.name, jk.GROUP: f"group_{lg.index}"}
            if embed:
                attrs[jk.KERNEL_AST] = print_ast(k.func)
            else:
                attrs[jk.KERNEL_ID] = kid
            if k.symbol_args:
                attrs[jk.SYMBOL_ARGS] = [x for t in k.symbol_args for x in t]
            op = Operation.create(jk.OP_NAME, operands, rtypes, attrs, loc=g.loc)
            g.parent.insert_before(op, g)
            for r, res in zip(k.outputs, op.results):
                env[r] = res
            new_ops.append(op)
        for i, r in enumerate(g.results):
            r.replace_all_uses_with(env[("out", i)])
        g.erase()
    return new_ops


def lower_to_kernels(program: Program, target: str = "cuda", *, embed: bool = True,
                     kernel_id: str | None = None, module_name: str = "module") -> LoweredProgram:
    """PdOpLowerToKernelPass on ``program`` (modified in place); returns what was lowered."""
    lowered = lower_program(program, target, module_name=module_name)
    replace_groups(lowered, embed=embed, kernel_id=kernel_id)
    return lowered


def group_io(lg: LoweredGroup) -> Mapping[str, Any]:
    """A summary of a lowered group (for reports)."""
    return {
        "kernels": [k.func.name for k in lg.kernels],
        "inputs": len(lg.inputs),
        "outputs": len(lg.outputs),
        "symbols": [(s.var.name, s.operand, s.axis) for s in lg.symbols],
    }


__all__ = [
    "GROUP_OPS", "JIT_KERNEL", "LoweredProgram", "find_groups", "group_io", "lower_program", "lower_to_kernels",
    "program_value_names", "replace_groups",
]
