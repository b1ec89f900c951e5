"""The reduce strategy of a kernel: how its reduction is spread over threads.

CINN's static-shape heuristic (``group_tile_config.cc``, ``BuildPureStaticShapeConfig``;
reference ``cinn-pipeline.md`` section 10) and its dynamic-shape buckets, for the
iteration space ``S x R`` of the kernel's master reduction (``S`` = product of the
kept dims, ``R`` = product of the reduced dims; either may be symbolic):

**CUDA**

* ``R == 1`` (nothing to combine): ``none`` -- one thread per output element.
* The reduced operand's *last* (innermost non-1) axis is reduced (contiguous R):

  - ``R`` static, ``remain = ceil(R / 32)``:
    ``warp_reduce`` when ``(remain <= 8 and S > 1) or S > remain * 128``
    (``S`` symbolic counts as large, i.e. ``R <= 256``), with 32 threads on
    ``threadIdx.x`` over R and up to 8 rows of S per block on ``threadIdx.y``;
    otherwise ``block_reduce`` with ``32 * min(remain, 32)`` threads (<= 1024)
    on ``threadIdx.x`` and one row per block.
  - ``R`` symbolic: ``block_reduce`` with 256 threads (CINN's dynamic-R bucket
    ``R <= 2048``: 8 warps).
* The last axis is kept (R is strided in memory):

  - ``R <= 16`` (static): ``none`` -- each thread reduces its own output element
    serially, 256 threads over S (no cross-thread combine).
  - otherwise ``discrete_reduce``: 32 threads on ``threadIdx.x`` over S (the
    contiguous axis: coalesced loads), ``min(R, 16)`` threads (16 when R is
    symbolic) on ``threadIdx.y`` over R; the partial results meet in a shared
    buffer ``[ry, sx]`` after ``__syncthreads()``.

**C**: ``serial`` -- the reduce loop runs inside one iteration of the parallel
spatial loop (codegen emits a scalar accumulator / ``omp simd reduction``).

Elementwise kernels (no reduction) use :func:`choose_elementwise`: 256 threads per
block over the fused spatial loop (fewer, rounded up to a warp, when S is a
smaller static number), blocks on ``blockIdx.x``.
"""

from __future__ import annotations

from dataclasses import dataclass

NONE = "none"
WARP = "warp_reduce"
BLOCK = "block_reduce"
DISCRETE = "discrete_reduce"
SERIAL = "serial"
ELEMENTWISE = "elementwise"

ELEMENTWISE_THREADS = 256
DYNAMIC_BLOCK_THREADS = 256


@dataclass(frozen=True)
class ReduceStrategy:
    """``method`` and the thread layout: ``tx`` threads on threadIdx.x, ``ty`` on threadIdx.y.

    ``reduce_threads`` is how many threads share one reduction (on ``reduce_axis``),
    ``rows`` how many spatial points one block handles (warp reduce: one per
    ``threadIdx.y``; discrete: one per ``threadIdx.x``; none/elementwise: one per thread).
    """

    method: str
    tx: int = 1
    ty: int = 1
    reduce_threads: int = 1
    reduce_axis: str = ""  # "threadIdx.x" / "threadIdx.y" / ""
    rows: int = 1

    @property
    def block_dim(self) -> tuple[int, int, int]:
        return (self.tx, self.ty, 1)

    @property
    def cross_thread(self) -> bool:
        return self.method in (WARP, BLOCK, DISCRETE)


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def choose_elementwise(S: int | None) -> ReduceStrategy:
    """256 threads per block (or S rounded up to a multiple of 32 when S is smaller)."""
    t = ELEMENTWISE_THREADS
    if S is not None and S < t:
        t = max(32, _ceil_div(S, 32) * 32)
    return ReduceStrategy(ELEMENTWISE, tx=t, rows=t)


def choose_reduce_strategy(S: int | None, R: int | None, last_axis_reduce: bool, target: str = "cuda") -> ReduceStrategy:
    """The strategy for a reduction of ``R`` elements into each of ``S`` outputs
    (``None`` = symbolic).  See the module docstring for the rule."""
    if target != "cuda":
        return ReduceStrategy(SERIAL)
    if R == 1:
        s = choose_elementwise(S)
        return ReduceStrategy(NONE, tx=s.tx, rows=s.tx)
    if last_axis_reduce:
        if R is None:
            return ReduceStrategy(BLOCK, tx=DYNAMIC_BLOCK_THREADS, reduce_threads=DYNAMIC_BLOCK_THREADS,
                                  reduce_axis="threadIdx.x", rows=1)
        remain = _ceil_div(R, 32)
        s_big = S is None
        if (remain <= 8 and (s_big or S > 1)) or (not s_big and S > remain * 128):  # type: ignore[operator]
            rows = 8 if S is None else max(1, min(8, S))
            return ReduceStrategy(WARP, tx=32, ty=rows, reduce_threads=32, reduce_axis="threadIdx.x", rows=rows)
        t = 32 * min(remain, 32)
        return ReduceStrategy(BLOCK, tx=t, reduce_threads=t, reduce_axis="threadIdx.x", rows=1)
    if R is not None and R <= 16:
        s = choose_elementwise(S)
        return ReduceStrategy(NONE, tx=s.tx, rows=s.tx)
    rt = 16 if R is None else min(R, 16)
    return ReduceStrategy(DISCRETE, tx=32, ty=rt, reduce_threads=rt, reduce_axis="threadIdx.y", rows=32)


__all__ = [
    "BLOCK", "DISCRETE", "ELEMENTWISE", "NONE", "SERIAL", "WARP", "ReduceStrategy", "choose_elementwise",
    "choose_reduce_strategy",
]
