"""``lower_to_kernel``: CINN's PdOpLowerToKernelPass (``lower_cinn_fusion_op``) as a pass.

Every ``cinn_op.group`` is lowered to the loop AST (:mod:`pirc.cinn.lower`) and replaced
by ``cinn_runtime.jit_kernel`` ops carrying the kernels (see
:mod:`pirc.cinn.lower.host` for the convention).  Options: ``target=cuda|c`` (which
binding the kernels get), ``embed=true|false`` (``kernel_ast`` text in the op, or a
``kernel_id`` registered in this process).

    pirc-opt fused.pir -p 'lower_to_kernel{target=c}'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pirc.ir.program import Program
from pirc.passes.manager import Pass, register_pass


@register_pass
@dataclass
class LowerToKernel(Pass):
    name = "lower_to_kernel"
    summary = "replace cinn_op.group ops by cinn_runtime.jit_kernel ops (PdOpLowerToKernelPass); target=cuda|c"

    choices: ClassVar[dict[str, tuple[str, ...]]] = {"target": ("cuda", "c")}

    target: str = "cuda"
    embed: bool = True

    def run(self, program: Program) -> None:
        from pirc.cinn.lower.host import lower_to_kernels

        if self.target not in ("cuda", "c"):
            raise ValueError(f"lower_to_kernel: target must be cuda or c, got '{self.target}'")
        self.lowered = lower_to_kernels(program, self.target, embed=self.embed)


__all__ = ["LowerToKernel"]
