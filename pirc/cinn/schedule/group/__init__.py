"""Op- and group-level schedules: each step rewrites the ``ScheduleBlock(root)`` tree.

Every step is a function ``step(root, info) -> root`` (tree in, tree out) over the
root realize of one kernel; :class:`ScheduleInfo` carries what the steps share
(the computes behind the blocks, which tensors must stay in global memory, the
target, the master iteration space and the reduce strategy).  The group
schedule runs them in CINN's order (``StaticShapeGroupScheduler::Schedule``):

1. :func:`loop_alignment` -- pick the *master* (the first reduction, else the
   largest output) and rebuild every block's loops over the master's
   iteration space ``S x R`` (spatial dims, then reduced dims).  A block whose
   dims equal the master's (or whose element count matches: row-major
   re-linearisation) gets loops ``for s.. [for r..]``; others stay as they are
   (*unaligned*).  On CUDA the spatial loops are fused into one (``s``) and so
   are the reduce loops (CINN's MergeFlattenAxis / MergeReduceAxis: the ``fuse``
   primitive, :func:`~.align.merge_axes`).
2. :func:`compute_inline` -- substitute the value of every non-reduction,
   non-output block into its consumers (elementwise, broadcast and injective
   producers disappear, as ``exp(x - max) / sum`` in CINN's softmax); an output
   keeps its block but is also recomputed in its consumers when small; only
   blocks whose value tree is larger than ``inline_limit`` stay materialised -- unless
   inlining would multiply the group's work (:mod:`.recompute`): then the values whose
   repetition costs more than a store are computed once (counted by :mod:`.work`).
3. :func:`optimize_reduction` -- choose the reduce strategy
   (:mod:`.reduce_strategy`); on CUDA, composed of primitives
   (:func:`~.reduction.cross_thread_reduce`): ``split`` each reduce loop by the reduce
   threads, the serial part moved inside (``reorder``), ``factorize_reduction`` (a
   per-thread partial ``<B>_rf`` and the combine block), ``annotate`` the combine
   (``reduce_method`` ...; warp / block reduce), ``bind`` the lanes to threadIdx; a
   discrete reduce combines through a shared ``<B>_shm[ry, sx]`` buffer,
   ``__syncthreads()`` and a serial loop (``shared_combine``).
4. :func:`horizontal_fusion` -- merge independent nests with the same spatial loops.
5. :func:`vertical_fusion` -- merge a consumer nest into its producer's when every
   value it reads from it was produced in the same spatial iteration (CINN's
   ``IsKeepGraphDependency``).
5a. :func:`hold_rows` (C) -- a value computed once over a row (:mod:`.recompute`) gets a local
   buffer of one row, read by the consumers' loops over the same row (:mod:`.row_buffer`).
5b. :func:`fuse_serial_loops` (CUDA, ``none`` strategy) -- a thread's sibling loops over R
   (an elementwise output and the serial reductions of it) join into one loop and the value
   they share is computed once, into a register (:mod:`.cuda_serial`).
5c. :func:`cpu_reduction_layout` (C only) -- a first- or middle-axis reduction gets
   its kept inner axis tiled, distributed over the nest's statements and moved inside
   the reduce loop, vectorised (primitives split / fission / reorder / vectorize; see
   :mod:`.cpu`); with no spatial loop outside that axis, runs of whole rows in parallel
   instead (split + rfactor of the reduce loop).
5d. :func:`cpu_row_blocks` (C only) -- a last-axis reduction whose elementwise epilogue reads
   a row-sized operand shared by every row (a layer norm's gamma and beta) writes the epilogue
   for a block of rows at a time (split / fission / reorder / unroll / vectorize; see
   :mod:`.row_block`), so the shared rows are loaded once per block.
6. :func:`bind_axes` -- CUDA, composed of primitives: split the fused spatial loop over
   ``blockIdx.x`` (and ``threadIdx.x`` / ``threadIdx.y`` per strategy; ``split(...,
   guard="blocks")``: guards wrap single blocks, never a ``__syncthreads()``), bind element
   loops over R to the reduce threads (split / reorder / bind / remove_unit_loop); C: the
   outer loop becomes ``parallel`` (the primitive, which refuses a reduction loop;
   ``params["parallel"] = False`` keeps it serial, ``params["num_threads"]`` sets its team,
   ``params["parallel_granularity"] = 2`` fuses the two outer loops first).
7. :func:`allocate_storage` -- tensors that must be seen outside the kernel stay
   global; every other intermediate becomes a per-thread (per parallel iteration)
   ``local`` buffer of one element; the discrete-reduce exchange buffer is ``shared``.

After the steps, each C kernel gets :func:`cpu_function_schedule` (compute-once reuse of
transcendental values across sibling loops, and splitting of long transcendental chains
over a tile; ``params["unroll"]``: the innermost serial loops unrolled, :mod:`.cpu_unroll`),
so ``pirc-lower --target c`` shows every decision and the C code generator
only prints.  ``info.params`` holds tuned parameters (``pirc-tune``; :mod:`pirc.cinn.tune`).

A nest that cannot be fused into the master's (its spatial loops differ, or it
reads a producer's value from another spatial iteration) would need a grid-wide
barrier; :func:`schedule_group` then ends the kernel there and lowers the rest
of the group as further kernels (CINN's ``cinn_group_cluster_pass``).
"""

from __future__ import annotations

from collections.abc import Callable

from pirc.cinn.ast.nodes import ScheduleBlockRealize
from pirc.cinn.schedule.group.align import align_compute, choose_master, loop_alignment, map_dims
from pirc.cinn.schedule.group.bind import bind_axes
from pirc.cinn.schedule.group.cuda_serial import fuse_serial_loops
from pirc.cinn.schedule.group.cpu import cpu_function_schedule, cpu_reduction_layout
from pirc.cinn.schedule.group.fusion import horizontal_fusion, vertical_fusion
from pirc.cinn.schedule.group.info import BlockInfo, Master, ScheduleInfo, make_root, root_stmts, tree_size, with_stmts
from pirc.cinn.schedule.group.inline import compute_inline, inline_values
from pirc.cinn.schedule.group.reduction import choose_strategy, optimize_reduction
from pirc.cinn.schedule.group.row_block import cpu_row_blocks
from pirc.cinn.schedule.group.row_buffer import hold_rows
from pirc.cinn.schedule.group.storage import allocate_storage, cross_thread_call, replace_cross_thread_reduction

GROUP_SCHEDULE_STEPS: tuple[tuple[str, Callable[[ScheduleBlockRealize, ScheduleInfo], ScheduleBlockRealize]], ...] = (
    ("loop_alignment", loop_alignment),
    ("compute_inline", compute_inline),
    ("optimize_reduction", optimize_reduction),
    ("horizontal_fusion", horizontal_fusion),
    ("vertical_fusion", vertical_fusion),
    ("hold_rows", hold_rows),
    ("fuse_serial_loops", fuse_serial_loops),
    ("cpu_reduction_layout", cpu_reduction_layout),
    ("cpu_row_blocks", cpu_row_blocks),
    ("bind_axes", bind_axes),
    ("allocate_storage", allocate_storage),
)


__all__ = [
    "GROUP_SCHEDULE_STEPS",
    "BlockInfo",
    "Master",
    "ScheduleInfo",
    "align_compute",
    "allocate_storage",
    "bind_axes",
    "choose_master",
    "choose_strategy",
    "compute_inline",
    "cpu_function_schedule",
    "cpu_reduction_layout",
    "cpu_row_blocks",
    "cross_thread_call",
    "fuse_serial_loops",
    "hold_rows",
    "horizontal_fusion",
    "inline_values",
    "loop_alignment",
    "make_root",
    "map_dims",
    "optimize_reduction",
    "replace_cross_thread_reduction",
    "root_stmts",
    "tree_size",
    "vertical_fusion",
    "with_stmts",
]
