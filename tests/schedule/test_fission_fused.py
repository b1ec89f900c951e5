"""fission of a loop that ``fuse`` (and ``split``) made: its statements share a buffer at
the mixed-radix index ``(f / 3, f % 3)``, which names one element per iteration -- legal, the
same numbers; an index that several iterations share (``f / 3`` alone), or a split loop
longer than the radices cover, is refused."""

from __future__ import annotations

import numpy as np
import pytest
from sched_cases import L

from pirc.cinn.ast import evaluate, parse_function
from pirc.cinn.schedule import Schedule
from pirc.diagnostics import PircError


def _func(extent: int, outer: int, t_idx: str) -> str:
    """``for f0 (outer) for f (extent) { T[t_idx] = A[..] * 2; B[..] = T[t_idx] + 1 }`` over a 4x6 grid."""
    lin = f"((f0 * {extent}) + f)"
    return f"""
function before (_A, _B)
  in _A: float32[4, 6]
  out _B: float32[4, 6]
  temp _T: float32[4, 6]
  tensor T -> _T
  tensor A -> _A
  tensor B -> _B
{{
  ScheduleBlock(root)
  {{
    serial for (f0, 0, {outer})
    {{
      serial for (f, 0, {extent})
      {{
        ScheduleBlock(T)
        {{
          i0, i1 = axis.bind(({lin} / 6), ({lin} % 6))
          T[{t_idx}] = (A[i0, i1] * 2.00000000f)
        }}
        ScheduleBlock(B)
        {{
          i0, i1 = axis.bind(({lin} / 6), ({lin} % 6))
          B[i0, i1] = (T[{t_idx}] + 1.00000000f)
        }}
      }}
    }}
  }}
}}
"""


@pytest.mark.parametrize("extent, outer, t_idx", [
    (24, 1, "i0, i1"),  # for f (24): i0 = f / 6, i1 = f % 6
    (12, 2, "i0, i1"),  # split by 12: f0 * 12 + f is the base, its top dim has no %
    (12, 2, "(i0 % 2), i1"),  # (lin / 6) % 2, lin % 6: the radices 2 * 6 tell the 12 iterations apart
])
def test_fission_of_fused_indices_keeps_the_results(extent: int, outer: int, t_idx: str) -> None:
    before = parse_function(_func(extent, outer, t_idx))
    s = Schedule(before)
    loops = s.fission(L(s, "f"))
    assert len(loops) == 2
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    np.testing.assert_array_equal(evaluate(s.tree, {"_A": a})["_B"], a * 2 + 1)


@pytest.mark.parametrize("extent, outer, t_idx", [
    (24, 1, "i0, 0"),  # T[f / 6, 0]: six iterations share an element
    (24, 1, "(i0 % 2), i1"),  # (f / 6) % 2, f % 6 for 24 iterations: f and f + 12 share an element
])
def test_fission_of_shared_elements_is_refused(extent: int, outer: int, t_idx: str) -> None:
    s = Schedule(parse_function(_func(extent, outer, t_idx)))
    with pytest.raises(PircError, match="share buffer _T across iterations"):
        s.fission(L(s, "f"))
