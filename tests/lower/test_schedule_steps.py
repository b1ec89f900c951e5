"""The group-schedule steps one at a time, each a function ``root -> root``: the tree a
step gets and the tree it gives back (structure, golden text, structural equality
with hand-built trees), on small groups built from PIR text."""

from __future__ import annotations

import numpy as np
import pytest
from lower_helpers import (
    data_line,
    first_group,
    group_program,
    program_text,
    run_lowered,
    run_steps,
    schedule_setup,
    softmax_program,
)

from pirc.cinn.ast import (
    Block,
    Call,
    Evaluate,
    For,
    ForKind,
    IfThenElse,
    Load,
    MemoryScope,
    ScheduleBlockRealize,
    Store,
    assert_structural_equal,
    print_ast,
    walk,
)
from pirc.cinn.ast import builder as b
from pirc.cinn.lower import OpLower
from pirc.cinn.lower import reduce_strategy as rs
from pirc.cinn.lower import schedule as sch


def _blocks(root) -> list[str]:  # type: ignore[no-untyped-def]
    return [r.block.name for r in walk(root) if isinstance(r, ScheduleBlockRealize) and r.block.name != "root"]


def _loads(root, name: str) -> int:  # type: ignore[no-untyped-def]
    return sum(1 for n in walk(root) if isinstance(n, Load) and n.tensor.name == name)


def _nest_loops(stmt) -> list[For]:  # type: ignore[no-untyped-def]
    out = []
    while isinstance(stmt, For):
        out.append(stmt)
        stmt = stmt.body.stmts[0] if len(stmt.body.stmts) == 1 else None
    return out


# ---------------------------------------------------------------------------------------
# LowerToAstVec (DoOpSchedule)
# ---------------------------------------------------------------------------------------


def test_lower_to_ast_vec_gives_cinn_reduction_shape() -> None:
    _, g = first_group(softmax_program((4, 8)))
    _, st, _info, root = schedule_setup(g)
    nests = sch.root_stmts(root)
    assert len(nests) == len(st.ctx.computes) == 7  # max, bcast, sub, exp, sum, bcast, div
    text = print_ast(nests[0])
    assert text == """serial for (i, 0, 4)
{
  serial for (j, 0, 1)
  {
    ScheduleBlock(var_1__reduce_init)
    {
      i0, i1 = axis.bind(i, j)
      var_1__reduce_init[i0, i1] = __int_as_float(0xff800000)
    }
    serial for (reduce_k, 0, 8)
    {
      ScheduleBlock(var_1)
      {
        i0, i1, i2 = axis.bind(i, j, reduce_k)
        reduce_axes(i2)
        var_1[i0, i1] = cinn_max(var_1[i0, i1], var_0[i0, i2])
      }
    }
  }
}"""


# ---------------------------------------------------------------------------------------
# 1. loop alignment
# ---------------------------------------------------------------------------------------


def test_loop_alignment_uses_the_reduction_as_master() -> None:
    _, g = first_group(softmax_program((4, 8)))
    _, st, info, root = schedule_setup(g, "c")
    out = sch.loop_alignment(root, info)
    m = info.master
    assert m is not None and m.name == "var_1"
    assert [st.ctx.const_dim(d) for d in m.S] == [4] and [st.ctx.const_dim(d) for d in m.R] == [8]
    assert m.last_axis_reduce
    # every nest now starts with the master's spatial loop; the [4, 1] keepdim loop is gone
    for nest in sch.root_stmts(out):
        loops = _nest_loops(nest)
        assert loops and loops[0].extent.value == 4
        assert all(lp.extent.value != 1 for lp in loops)
    levels = {n: bi.level for n, bi in info.blocks.items()}
    assert levels == {"var_1": "SR", "var_2": "SR", "var_3": "SR", "var_4": "SR", "var_5": "SR", "var_6": "SR",
                      "var_7": "SR"}
    # the input tree is not modified
    assert len(sch.root_stmts(root)) == 7


def test_loop_alignment_cuda_fuses_spatial_loops() -> None:
    text = program_text([
        data_line(0, "x", [2, 3, 16]),
        ('(%1) = "cinn_op.reduce_sum" (%0) {axis:[2],dtype:float32,keepdim:false,stop_gradient:[true]} '
        ': (tensor<2x3x16xf32>) -> tensor<2x3xf32>'),
        '() = "builtin.shadow_output" (%1) {output_name:"out"} : (tensor<2x3xf32>) -> ',
    ])
    _, g = first_group(text)
    _, _st, info, root = schedule_setup(g, "cuda")
    out = sch.loop_alignment(root, info)
    nest = sch.root_stmts(out)[0]
    assert isinstance(nest, For) and nest.loop_var.name == "i_j_fused" and nest.extent.value == 6
    # the block's spatial iter vars are recovered with / and %
    assert "axis.bind((i_j_fused / 3), (i_j_fused % 3), reduce_k)" in print_ast(nest)


def test_loop_alignment_leaves_unrelated_shapes_alone() -> None:
    _, g = group_program([("x", [4, 8], "f32"), ("y", [5], "f32")], [
        '(%100) = "pd_op.exp" (%0) {} : (tensor<4x8xf32>) -> tensor<4x8xf32>',
        '(%101) = "pd_op.exp" (%1) {} : (tensor<5xf32>) -> tensor<5xf32>',
    ], [("%100", "tensor<4x8xf32>"), ("%101", "tensor<5xf32>")])
    _, _st, info, root = schedule_setup(g, "c")
    out = sch.loop_alignment(root, info)
    assert info.master is not None and info.master.name == "var_2"
    assert info.blocks["var_2"].level == "S" and info.blocks["var_3"].level is None
    # the unaligned nest is kept as it was
    assert sch.root_stmts(out)[1] is sch.root_stmts(root)[1]
    # it gets a nest of its own, in the same kernel (independent elementwise nests share a launch)
    (k,) = OpLower("c").lower(g, 0).kernels
    assert len(sch.root_stmts(k.func.body.stmts[0])) == 2


# ---------------------------------------------------------------------------------------
# 2. compute inline
# ---------------------------------------------------------------------------------------


def test_compute_inline_leaves_only_reductions_and_outputs() -> None:
    _, g = first_group(softmax_program((4, 8)))
    _, _st, info, root = schedule_setup(g, "c")
    root = sch.loop_alignment(root, info)
    out = sch.compute_inline(root, info)
    assert _blocks(out) == ["var_1__reduce_init", "var_1", "var_5__reduce_init", "var_5", "var_7"]
    for gone in ("var_2", "var_3", "var_4", "var_6"):
        assert _loads(out, gone) == 0
        assert info.blocks[gone].inlined
    # exp(x - max) is recomputed in the sum and in the division
    assert print_ast(out).count("exp((var_0[") == 2


def test_compute_inline_keeps_large_values_materialised() -> None:
    _, g = first_group(softmax_program((4, 8)))
    _, _st, info, root = schedule_setup(g, "c")
    info.inline_limit = 0  # nothing is small: S-level blocks stay, SR-level ones are inlined anyway
    root = sch.compute_inline(sch.loop_alignment(root, info), info)
    assert "var_7" in _blocks(root) and "var_4" not in _blocks(root)


# ---------------------------------------------------------------------------------------
# 3. reduction optimisation
# ---------------------------------------------------------------------------------------


def _reduce_root(shape, axes, target):  # type: ignore[no-untyped-def]
    t_in = "tensor<" + "".join(f"{d}x" for d in shape) + "f32>"
    keep = [d for i, d in enumerate(shape) if i not in axes]
    t_out = "tensor<" + "".join(f"{d}x" for d in keep) + "f32>"
    text = program_text([
        data_line(0, "x", shape),
        (f'(%1) = "cinn_op.reduce_sum" (%0) {{axis:[{",".join(map(str, axes))}],dtype:float32,keepdim:false,'
        f'stop_gradient:[true]}} : ({t_in}) -> {t_out}'),
        f'(%2) = "pd_op.exp" (%1) {{stop_gradient:[true]}} : ({t_out}) -> {t_out}',
        f'() = "builtin.shadow_output" (%2) {{output_name:"out"}} : ({t_out}) -> ',
    ])
    _, g = first_group(text)
    return schedule_setup(g, target)


def test_optimize_reduction_c_is_identity() -> None:
    _, _st, info, root = _reduce_root((4, 64), [1], "c")
    root = sch.compute_inline(sch.loop_alignment(root, info), info)
    out = sch.optimize_reduction(root, info)
    assert out is root and info.strategy.method == rs.SERIAL


@pytest.mark.parametrize("shape, axes, method, threads", [
    ((64, 128), [1], rs.WARP, 32),
    ((2, 4096), [1], rs.BLOCK, 1024),
    ((128, 64), [0], rs.DISCRETE, 16),
    ((4, 8), [0], rs.NONE, 1),
])
def test_optimize_reduction_cuda(shape, axes, method, threads) -> None:  # type: ignore[no-untyped-def]
    _, _st, info, root = _reduce_root(shape, axes, "cuda")
    root = sch.compute_inline(sch.loop_alignment(root, info), info)
    out = sch.optimize_reduction(root, info)
    assert info.strategy.method == method
    text = print_ast(out)
    if method == rs.NONE:
        assert out is root
        return
    axis = "threadIdx.y" if method == rs.DISCRETE else "threadIdx.x"
    assert f"thread_bind[{axis}] for (reduce_k_1, 0, {threads})" in text
    assert "ScheduleBlock(var_1_rf__reduce_init)" in text and "ScheduleBlock(var_1_rf)" in text
    assert f'reduce_method:"{method}"' in text
    if method == rs.DISCRETE:
        assert "__syncthreads()" in text and "var_1_shm[" in text
        assert any(isinstance(n, Evaluate) and n.value.name == "__syncthreads" for n in walk(out))


def test_replace_cross_thread_reduction() -> None:
    _, _st, info, root = _reduce_root((64, 128), [1], "cuda")
    root = run_steps(root, info, "allocate_storage")
    out = sch.replace_cross_thread_reduction(root, info)
    calls = [n.name for n in walk(out) if isinstance(n, Call)]
    assert calls.count("cinn_warp_reduce_sum_fp32") == 1
    _, _st2, info2, root2 = _reduce_root((2, 4096), [1], "cuda")
    out2 = sch.replace_cross_thread_reduction(run_steps(root2, info2, "allocate_storage"), info2)
    assert "cinn_block_reduce_sum_fp32_internal(var_1_rf[0])" in print_ast(out2)
    info2.target = "c"
    assert sch.replace_cross_thread_reduction(root2, info2) is root2


# ---------------------------------------------------------------------------------------
# 4. / 5. loop fusion
# ---------------------------------------------------------------------------------------


def _two_outputs(dependent: bool):  # type: ignore[no-untyped-def]
    src = "%100" if dependent else "%1"
    return group_program([("x", [4, 8], "f32"), ("y", [4, 8], "f32")], [
        '(%100) = "pd_op.exp" (%0) {} : (tensor<4x8xf32>) -> tensor<4x8xf32>',
        f'(%101) = "pd_op.tanh" ({src}) {{}} : (tensor<4x8xf32>) -> tensor<4x8xf32>',
        '(%102) = "pd_op.relu" (%101) {} : (tensor<4x8xf32>) -> tensor<4x8xf32>',
    ], [("%102", "tensor<4x8xf32>"), ("%100", "tensor<4x8xf32>")])


def test_horizontal_fusion_merges_independent_nests() -> None:
    _, g = _two_outputs(dependent=False)
    _, _st, info, root = schedule_setup(g, "c")
    root = sch.compute_inline(sch.loop_alignment(root, info), info)
    assert len(sch.root_stmts(root)) == 2
    out = sch.horizontal_fusion(root, info)
    (nest,) = sch.root_stmts(out)
    loops = _nest_loops(nest)
    assert [lp.extent.value for lp in loops] == [4, 8]
    assert _blocks(out) == ["var_2", "var_4"]


def test_horizontal_fusion_keeps_dependent_nests_apart_vertical_merges_them() -> None:
    _, g = _two_outputs(dependent=True)
    _, _st, info, root = schedule_setup(g, "c")
    info.inline_limit = 0  # nothing is recomputed: exp -> tanh -> relu read each other's blocks
    root = sch.compute_inline(sch.loop_alignment(root, info), info)
    assert _blocks(root) == ["var_1", "var_2", "var_3"] and _loads(root, "var_1") == 1
    h = sch.horizontal_fusion(root, info)
    assert len(sch.root_stmts(h)) == 3
    v = sch.vertical_fusion(h, info)
    assert len(sch.root_stmts(v)) == 1


def test_vertical_fusion_refuses_a_read_from_another_iteration() -> None:
    # max over rows, then read in reverse row order: row i needs row 3 - i's maximum
    _, g = group_program([("x", [4, 8], "f32")], [
        '(%100) = "cinn_op.reduce_max" (%0) {axis:[1],keepdim:true} : (tensor<4x8xf32>) -> tensor<4x1xf32>',
        '(%101) = "cinn_op.reverse" (%100) {axis:[0]} : (tensor<4x1xf32>) -> tensor<4x1xf32>',
        '(%102) = "pd_op.exp" (%101) {} : (tensor<4x1xf32>) -> tensor<4x1xf32>',
    ], [("%102", "tensor<4x1xf32>")])
    _ol, _st, info, root = schedule_setup(g, "c")
    root = sch.compute_inline(sch.loop_alignment(root, info), info)
    v = sch.vertical_fusion(sch.horizontal_fusion(root, info), info)
    assert len(sch.root_stmts(v)) == 2
    # the group then becomes two kernels: the maximum crosses them in global memory
    lg = OpLower("cuda", cross_thread_calls=False).lower(g, 0)
    assert len(lg.kernels) == 2
    assert lg.kernels[0].outputs == [("tmp", "var_1")] and lg.kernels[1].inputs == [("tmp", "var_1")]
    x = np.random.default_rng(1).standard_normal((4, 8)).astype(np.float32)
    (got,) = run_lowered(lg, [x])
    np.testing.assert_allclose(got, np.exp(x.max(1, keepdims=True)[::-1]), rtol=1e-6)


# ---------------------------------------------------------------------------------------
# 6. binding
# ---------------------------------------------------------------------------------------


def _elementwise(n: int) -> str:
    t = f"tensor<{n}xf32>"
    return program_text([
        data_line(0, "x", [n]),
        f'(%1) = "pd_op.exp" (%0) {{stop_gradient:[true]}} : ({t}) -> {t}',
        f'() = "builtin.shadow_output" (%1) {{output_name:"a"}} : ({t}) -> ',
    ])


def test_bind_axes_cuda_elementwise_guard_only_when_needed() -> None:
    for n, guarded, grid, threads in ((1024, False, 4, 256), (1000, True, 4, 256), (40, True, 1, 64)):
        _, g = first_group(_elementwise(n))
        _, _st, info, root = schedule_setup(g, "cuda")
        out = run_steps(root, info, "bind_axes")
        (nest,) = sch.root_stmts(out)
        assert isinstance(nest, For) and nest.kind is ForKind.GPU_BLOCK and nest.extent.value == grid
        inner = nest.body.stmts[0]
        assert inner.kind is ForKind.GPU_THREAD and inner.bind_name == "threadIdx.x" and inner.extent.value == threads
        assert any(isinstance(x, IfThenElse) for x in walk(out)) == guarded


def test_bind_axes_c_marks_the_outer_loop_parallel() -> None:
    _, g = first_group(softmax_program((4, 8)))
    _, _st, info, root = schedule_setup(g, "c")
    out = run_steps(root, info, "bind_axes")
    (nest,) = sch.root_stmts(out)
    assert nest.kind is ForKind.PARALLEL
    assert all(n.kind is ForKind.SERIAL for n in walk(nest) if isinstance(n, For) and n is not nest)


def test_bind_axes_warp_rows_on_threadidx_y() -> None:
    _, _st, info, root = _reduce_root((64, 128), [1], "cuda")
    out = run_steps(root, info, "bind_axes")
    binds = [n.bind_name for n in walk(out) if isinstance(n, For) and n.kind.is_gpu]
    assert binds[:2] == ["blockIdx.x", "threadIdx.y"]
    assert set(binds[2:]) == {"threadIdx.x"}


# ---------------------------------------------------------------------------------------
# 7. storage
# ---------------------------------------------------------------------------------------


def test_allocate_storage_locals_are_one_element_registers() -> None:
    _, g = first_group(softmax_program((4, 8)))
    _, _st, info, root = schedule_setup(g, "cuda")
    out = run_steps(root, info, "allocate_storage")
    scopes = {}
    for n in walk(out):
        if isinstance(n, (Load, Store)):
            scopes[n.tensor.name] = (n.tensor.buffer.scope, tuple(d.value for d in n.tensor.shape))
    assert scopes["var_0"] == (MemoryScope.GLOBAL, (4, 8))
    assert scopes["var_7"] == (MemoryScope.GLOBAL, (4, 8))
    for name in ("var_1", "var_1_rf", "var_5", "var_5_rf"):
        assert scopes[name] == (MemoryScope.LOCAL, (1,)), name


# ---------------------------------------------------------------------------------------
# the whole pipeline against a hand-built tree
# ---------------------------------------------------------------------------------------


def test_c_elementwise_kernel_equals_hand_built_tree() -> None:
    text = program_text([
        data_line(0, "x", [4, 8]),
        '(%1) = "pd_op.exp" (%0) {stop_gradient:[true]} : (tensor<4x8xf32>) -> tensor<4x8xf32>',
        '() = "builtin.shadow_output" (%1) {output_name:"a"} : (tensor<4x8xf32>) -> ',
    ])
    _, g = first_group(text)
    _, st, info, root = schedule_setup(g, "c")
    out = run_steps(root, info, "allocate_storage")
    X = st.ctx.computes[0].tensor  # the exp compute's output
    A = st.tensors[g.regions[0].block.first_op.operands[0].value].tensor
    i, j = b.var("i"), b.var("j")
    i0, i1 = b.var("i0"), b.var("i1")
    blk = b.schedule_block("var_1", [(i0, i), (i1, j)], Store(X, (i0, i1), b.exp(A[i0, i1])))
    want = b.root(For(i, 0, 4, For(j, 0, 8, blk), kind=ForKind.PARALLEL))
    assert_structural_equal(out, want)


def test_every_step_is_tree_in_tree_out() -> None:
    _, g = first_group(softmax_program((4, 8)))
    _, _st, info, root = schedule_setup(g, "cuda")
    before = print_ast(root)
    for _name, step in sch.GROUP_SCHEDULE_STEPS:
        new = step(root, info)
        assert isinstance(new, ScheduleBlockRealize) and new.block.name == "root"
        root = new
    assert print_ast(schedule_setup(g, "cuda")[3]) == before  # rebuilding gives the same start


def test_discrete_reduce_kernel_evaluates() -> None:
    text = program_text([
        data_line(0, "x", [100, 40]),
        ('(%1) = "cinn_op.reduce_sum" (%0) {axis:[0],dtype:float32,keepdim:false,stop_gradient:[true]} '
        ': (tensor<100x40xf32>) -> tensor<40xf32>'),
        '() = "builtin.shadow_output" (%1) {output_name:"a"} : (tensor<40xf32>) -> ',
    ])
    _, g = first_group(text)
    lg = OpLower("cuda").lower(g, 0)
    assert lg.kernels[0].strategy == rs.DISCRETE
    x = np.random.default_rng(0).standard_normal((100, 40)).astype(np.float32)
    (got,) = run_lowered(lg, [x])
    np.testing.assert_allclose(got, x.sum(0), rtol=1e-5, atol=1e-5)
    sync = [n for n in walk(lg.functions[0]) if isinstance(n, Evaluate)]
    assert len(sync) == 2
    # no guard encloses a __syncthreads()
    for n in walk(lg.functions[0]):
        if isinstance(n, IfThenElse):
            assert not any(isinstance(x, Evaluate) for x in walk(n))
    _ = Block
