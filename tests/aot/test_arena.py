"""The AOT memory plan: no two values live at the same time share a byte; reuse happens."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pirc.runtime.aot.arena import ALIGN, ArenaPlan, Interval, _by_size, _first_fit, peak_bytes, plan_arena


@st.composite
def intervals(draw: st.DrawFn) -> list[Interval]:
    out = []
    for _ in range(draw(st.integers(0, 40))):
        first = draw(st.integers(0, 30))
        last = first + draw(st.integers(0, 10))
        out.append(Interval(draw(st.integers(0, 5000)), first, last))
    return out


def _plans(items: list[Interval]) -> list[ArenaPlan]:
    """The chosen plan and both placements it chooses from."""
    return [plan_arena(items)] + [ArenaPlan(*f(items), peak_bytes(items)) for f in (_first_fit, _by_size)]


@settings(max_examples=300, deadline=None)
@given(intervals())
def test_live_values_never_overlap(items: list[Interval]) -> None:
    plans = _plans(items)
    assert plans[0].size == min(p.size for p in plans[1:])
    for plan in plans:
        _check(items, plan)


def _check(items: list[Interval], plan: ArenaPlan) -> None:
    assert len(plan.offsets) == len(items)
    for i, a in enumerate(items):
        oa = plan.offsets[i]
        assert oa % ALIGN == 0
        assert oa + a.nbytes <= plan.size
        for j in range(i + 1, len(items)):
            b = items[j]
            ob = plan.offsets[j]
            live_together = a.first <= b.last and b.first <= a.last
            if live_together and a.nbytes and b.nbytes:
                assert oa + a.nbytes <= ob or ob + b.nbytes <= oa, (a, b, oa, ob)
    assert plan.size >= plan.peak  # never below the bytes live at once


def test_a_chain_reuses_the_bytes_of_dead_values() -> None:
    # a -> b -> c -> d: c can take a's bytes (a's last reader made b), d b's
    chain = [Interval(1000, 0, 1), Interval(1000, 1, 2), Interval(1000, 2, 3), Interval(1000, 3, 4)]
    plan = plan_arena(chain)
    assert plan.offsets[2] == plan.offsets[0]
    assert plan.offsets[3] == plan.offsets[1]
    assert plan.size == 2 * 1024 == plan.peak


def test_an_op_never_writes_over_its_own_input() -> None:
    # the producer of the second value is the last reader of the first: both live at op 1
    plan = plan_arena([Interval(64, 0, 1), Interval(64, 1, 2)])
    assert plan.offsets[0] != plan.offsets[1]
