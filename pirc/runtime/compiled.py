"""The hook for compiled kernels (Paddle's CinnJitInstruction).

A later stage of the project compiles fused groups into host or device code
and registers a *factory* here under the op name the lowered program uses
(``cinn_runtime.jit_kernel``).  During the Build phase the interpreter asks
the factory for a callable for each such op, once, and wraps it in an
instruction of kind ``"compiled"``; at run time the instruction calls it with
the input arrays and stores the arrays it returns, exactly as a numpy kernel.

Nothing is registered yet: an op whose name is in :data:`COMPILED_OPS` but has
no factory makes the Build phase fail with a message saying how to load the kernels.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from pirc.ir.core import Operation

#: a compiled kernel: input arrays -> output arrays (one per op result); a ``label`` attribute on
#: it, if any, names it in profiles
CompiledFn = Callable[[Sequence[Any]], Sequence[np.ndarray]]
#: makes the compiled kernel of one op (reads its attributes: fn name, symbol args ...)
CompiledFactory = Callable[["Operation"], CompiledFn]

#: op names that denote compiled kernels, registered or not
COMPILED_OPS: frozenset[str] = frozenset({"cinn_runtime.jit_kernel"})

#: kind -> op name -> factory; kind is "compiled" (host code) or "device" (GPU code)
_FACTORIES: dict[str, CompiledFactory] = {}
_KINDS: dict[str, str] = {}


def register_compiled_kernel(op_name: str, factory: CompiledFactory, kind: str = "compiled") -> None:
    """Make ops named ``op_name`` run through ``factory(op)`` (kind "compiled" or "device")."""
    if kind not in ("compiled", "device"):
        raise ValueError(f"kind must be 'compiled' or 'device', got {kind!r}")
    _FACTORIES[op_name] = factory
    _KINDS[op_name] = kind


def unregister_compiled_kernel(op_name: str) -> None:
    _FACTORIES.pop(op_name, None)
    _KINDS.pop(op_name, None)


def compiled_factory(op_name: str) -> tuple[CompiledFactory, str] | None:
    f = _FACTORIES.get(op_name)
    return None if f is None else (f, _KINDS[op_name])


def is_compiled_op(op_name: str) -> bool:
    return op_name in _FACTORIES or op_name in COMPILED_OPS
