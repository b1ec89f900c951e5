"""The primitive applications the ``cases/*.ast`` files were written for: case name ->
function applying primitives to a :class:`~pirc.cinn.schedule.Schedule` of ``before``."""

from __future__ import annotations

from collections.abc import Callable

from pirc.cinn.ast import For, IntImm, Mod, walk
from pirc.cinn.schedule import Schedule


def L(s: Schedule, name: str) -> For:
    """The loop whose variable is called ``name`` (unique in the tree)."""
    hits = [n for n in walk(s.tree) if isinstance(n, For) and n.loop_var.name == name]
    assert len(hits) == 1, f"{len(hits)} loops named {name}"
    return hits[0]


def _split_fuse_vectorize(s: Schedule) -> None:
    s.split(L(s, "j"), [None, 4])
    s.vectorize(L(s, "j_1"))
    s.parallel(L(s, "i"))


def _rfactor(s: Schedule) -> None:
    s.split(L(s, "reduce_j"), [None, 8])
    s.rfactor(L(s, "reduce_j_1"))


def _factorize(s: Schedule) -> None:
    """CUDA's cross-thread reduce: 8 lanes, each a serial partial over 8 elements."""
    s.split(L(s, "reduce_j"), [None, 8])
    s.reorder(L(s, "reduce_j_1"), L(s, "reduce_j_0"))
    s.factorize_reduction(L(s, "reduce_j_1"))
    s.bind(L(s, "reduce_j_1"), "threadIdx.x")


def _shared_combine(s: Schedule) -> None:
    i = L(s, "i").loop_var
    s.shared_combine("B", Mod(i, IntImm(4, i.dtype)), 4)


def _tile(s: Schedule) -> None:
    i0, i1 = s.split(L(s, "i"), [None, 8])
    j0, j1 = s.split(L(s, "j"), [None, 32])
    s.reorder(i0, j0, i1, j1)


CASES: dict[str, Callable[[Schedule], None]] = {
    "split": lambda s: s.split(L(s, "j"), [None, 16]),
    "split_exact": lambda s: s.split(L(s, "i"), [4, 4, 4]),
    "fuse": lambda s: s.fuse(L(s, "i"), L(s, "j")),
    "reorder": lambda s: s.reorder(L(s, "j"), L(s, "i")),
    "tile": _tile,
    "bind_gpu": lambda s: (s.bind(L(s, "i"), "blockIdx.x"), s.bind(L(s, "j"), "threadIdx.x")),
    "parallel": lambda s: s.bind(L(s, "i"), "parallel"),
    "parallel_team": lambda s: s.parallel(L(s, "i"), 4),
    "vectorize": _split_fuse_vectorize,
    "unroll": lambda s: (s.split(L(s, "j"), [None, 4]), s.unroll(L(s, "j_1"))),
    "annotate": lambda s: s.annotate("B", "tile_hint", 32),
    "compute_inline": lambda s: s.compute_inline("B"),
    "reverse_compute_inline": lambda s: s.reverse_compute_inline("C"),
    "compute_at": lambda s: s.compute_at("B", L(s, "i_c")),
    "reverse_compute_at": lambda s: s.reverse_compute_at("C", L(s, "i")),
    "cache_read": lambda s: s.cache_read("C", "B", "local"),
    "cache_write": lambda s: s.cache_write("B", "local"),
    "rfactor": _rfactor,
    "factorize_reduction": _factorize,
    "shared_combine": _shared_combine,
    "storage_align": lambda s: s.storage_align("B", 0, 8, 1),
    "fission": lambda s: (s.reverse_compute_at("C", L(s, "i")), s.fission(L(s, "i"))),
}

#: case -> which starting function (see ``make_before``)
BEFORE = {
    "split": "ew", "split_exact": "ew", "fuse": "ew", "reorder": "ew", "tile": "ew", "bind_gpu": "ew",
    "parallel": "ew", "parallel_team": "ew", "vectorize": "ew", "unroll": "ew", "annotate": "ew", "compute_inline": "chain",
    "reverse_compute_inline": "chain", "compute_at": "chain", "reverse_compute_at": "chain", "cache_read": "chain",
    "cache_write": "red", "rfactor": "red", "factorize_reduction": "red", "shared_combine": "red", "storage_align": "chain", "fission": "chain",
}
