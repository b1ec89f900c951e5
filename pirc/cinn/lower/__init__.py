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

from __future__ import annotations

import importlib
from typing import Any

#: the package's entry points, loaded on first use: the group schedule (pirc.cinn.schedule.group)
#: imports this package's compute layers, and OpLower imports the group schedule, so importing
#: OpLower here eagerly would make ``import pirc.cinn.schedule.group`` alone a cycle
_EXPORTS = {"KernelInfo": "op_lower", "LoweredGroup": "op_lower", "OpLower": "op_lower", "SymbolArg": "op_lower",
            "lower_module": "op_lower", "LoweringError": "strategy", "supported_ops": "strategy"}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = ["KernelInfo", "LoweredGroup", "LoweringError", "OpLower", "SymbolArg", "lower_module", "supported_ops"]
