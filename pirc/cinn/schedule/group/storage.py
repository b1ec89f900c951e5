"""Step 7, storage scopes, and CUDA's ReplaceCrossThreadReduction post-pass."""

from __future__ import annotations

from typing import Any

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.nodes import (
    Buffer,
    Call,
    Expr,
    IntImm,
    Load,
    MemoryScope,
    ScheduleBlock,
    ScheduleBlockRealize,
    Store,
    Tensor,
)
from pirc.cinn.ast.visitor import Mutator
from pirc.cinn.lower import reduce_strategy as rs
from pirc.cinn.lower.to_ast import (
    written_tensors,
)
from pirc.cinn.schedule.group.info import ScheduleInfo, block_store


class _Relocate(Mutator):
    """Move tensors to per-thread one-element local buffers (index ``[0]``)."""

    def __init__(self, local: set[str], it: DType) -> None:
        super().__init__()
        self.local = local  # buffer names
        self.it = it
        self.bufs: dict[str, Buffer] = {}
        self.tensors: dict[int, Tensor] = {}

    def _tensor(self, t: Tensor) -> Tensor:
        hit = self.tensors.get(id(t))
        if hit is not None:
            return hit
        assert t.buffer is not None
        buf = self.bufs.get(t.buffer.name)
        if buf is None:
            buf = self.bufs[t.buffer.name] = Buffer(t.buffer.name, (IntImm(1, self.it),), t.dtype, MemoryScope.LOCAL)
        nt = Tensor(t.name, (IntImm(1, self.it),), t.dtype, buf)
        self.tensors[id(t)] = nt
        return nt

    def _hit(self, t: Tensor) -> bool:
        return t.buffer is not None and t.buffer.name in self.local

    def visit_Load(self, node: Load) -> Any:
        if self._hit(node.tensor):
            return Load(self._tensor(node.tensor), (IntImm(0, self.it),))
        return self.generic_mutate(node)

    def visit_Store(self, node: Store) -> Any:
        if self._hit(node.tensor):
            return Store(self._tensor(node.tensor), (IntImm(0, self.it),), self.visit(node.value))
        return self.generic_mutate(node)


def allocate_storage(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """Step 7: global for what leaves the kernel, shared for the discrete-reduce exchange,
    one-element local buffers for every other intermediate."""
    local: set[str] = set()
    for t in written_tensors(root).values():
        if t.buffer is None or t.buffer.scope is MemoryScope.SHARED:
            continue
        base = t.name.removesuffix("__reduce_init")
        if base in info.keep_global or t.buffer.name in info.keep_temp:
            continue
        local.add(t.buffer.name)
    if not local:
        return root
    return _Relocate(local, info.ctx.index_dtype).visit(root)



_TYPE_SUFFIX = {
    DType.FLOAT16: "fp16", DType.BFLOAT16: "bf16", DType.FLOAT32: "fp32", DType.FLOAT64: "fp64",
    DType.INT8: "int8", DType.INT16: "int16", DType.INT32: "int32", DType.INT64: "int64", DType.UINT8: "uint8",
    DType.BOOL: "bool",
}


def cross_thread_call(method: str, op: str, value: Expr) -> Call:
    """``cinn_warp_reduce_<op>_<type>(v)`` / ``cinn_block_reduce_<op>_<type>_internal(v)``."""
    sfx = _TYPE_SUFFIX[value.dtype]
    if method == rs.WARP:
        name = f"cinn_warp_reduce_{op}_{sfx}"
    else:
        name = f"cinn_block_reduce_{op}_{sfx}_internal"
    return Call(name, (value,), value.dtype)


class _ReplaceCrossThread(Mutator):
    def visit_ScheduleBlock(self, node: ScheduleBlock) -> Any:
        method = node.attr("reduce_method")
        if method not in (rs.WARP, rs.BLOCK):
            return self.generic_mutate(node)
        st = block_store(node)
        assert st is not None
        partial = st.value.b  # combine(B[i], rf[i])
        return node.replace(body=Store(st.tensor, st.indices, cross_thread_call(method, node.attr("reduce_op"),
                                                                                 partial)))


def replace_cross_thread_reduction(root: ScheduleBlockRealize, info: ScheduleInfo) -> ScheduleBlockRealize:
    """CINN's ``ReplaceCrossThreadReduction``: the combine block of a warp / block reduce,
    ``B[i] = B[i] op B_rf[i]`` inside the thread-bound loop, becomes
    ``B[i] = cinn_block_reduce_<op>_<type>_internal(B_rf[i])`` (warp: ``cinn_warp_reduce_..``),
    which the CUDA codegen implements with shuffles and shared memory.  The AST evaluator
    does not model these calls: evaluate the tree before this step."""
    if not info.cuda:
        return root
    return _ReplaceCrossThread().visit(root)
