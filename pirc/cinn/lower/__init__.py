"""Lowering of fused groups to the loop-level AST (CINN's OpLower) and the host program.

* :mod:`.symbolic` -- symbolic dims (``-1``) and their unification;
* :mod:`.lang`, :mod:`.pe`, :mod:`.compute` -- the three compute layers (element math,
  per-op index semantics, ``Compute(domain, lambda)``); :mod:`.strategy` -- the
  per-op table (shape rule + computes);
* :mod:`.to_ast` -- LowerToAstVec and LoweredFunc assembly;
* :mod:`.schedule` -- the group-schedule steps (tree in, tree out) and
  :mod:`.reduce_strategy` -- warp / block / discrete reduce selection;
* :mod:`.op_lower` -- OpLower (LowerOps, DoOpSchedule, DoGroupSchedule, PostProcess);
* :mod:`.host` -- PdOpLowerToKernelPass: groups -> ``cinn_runtime.jit_kernel`` ops.

Entry points: :func:`lower_program` (a fused program -> ``Module`` + lowered groups)
and :class:`~pirc.cinn.lower.op_lower.OpLower` (one group).
"""

from pirc.cinn.lower.op_lower import KernelInfo, LoweredGroup, OpLower, SymbolArg, lower_module
from pirc.cinn.lower.strategy import LoweringError, supported_ops

__all__ = ["KernelInfo", "LoweredGroup", "LoweringError", "OpLower", "SymbolArg", "lower_module", "supported_ops"]
