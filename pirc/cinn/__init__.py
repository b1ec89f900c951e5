"""The CINN compiler: the loop-level AST IR (:mod:`pirc.cinn.ast`), lowering of
fused groups to it, schedules, and C / CUDA code generation."""
