"""Code generation from the loop-level AST (seed 004, stage 3): CodeGenC and CodeGenCUDA_Dev.

    from pirc.cinn.codegen import codegen_c, codegen_cuda
    src = codegen_c(module_or_func)       # GeneratedSource: .text, .kernels (KernelMeta)

See README.md here for the ABIs and the conventions the lowering must follow.
"""

from __future__ import annotations

from typing import Any


def codegen_c(node: Any) -> Any:
    """See :func:`pirc.cinn.codegen.c.codegen_c`."""
    from pirc.cinn.codegen.c import codegen_c as f

    return f(node)


def codegen_cuda(node: Any) -> Any:
    """See :func:`pirc.cinn.codegen.cuda.codegen_cuda`."""
    from pirc.cinn.codegen.cuda import codegen_cuda as f

    return f(node)


__all__ = ["codegen_c", "codegen_cuda"]
