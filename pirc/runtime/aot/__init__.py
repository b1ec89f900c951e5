"""Ahead-of-time host programs (issue 12): a compiled program's whole top-level block as one C
function calling its kernels and nn ops in order over a statically planned arena.

* :mod:`.plan` -- eligibility and the plan of one feed-shape signature (buffers, steps);
* :mod:`.arena` -- the first-fit memory plan over value lifetimes;
* :mod:`.nnops` -- which nn-library function runs an nn op, from the library's descriptors;
* :mod:`.emit` -- the C text of a plan;
* :mod:`.runner` -- compiling it through the kernel cache and calling it (what the executor uses).

Threads: with no Python between calls one thread drives the program and every kernel and nn call
may use the thread policy's whole OpenMP team (:mod:`pirc.runtime.threads`, ``decide(1)``).  The
policy's passive wait makes each parallel region wake its sleeping workers: measured on a chain of
20 small parallel kernels (2 cores), about 20 us per region (40 us per kernel passive, 20 us with a
bounded spin ``GOMP_SPINCOUNT=10000`` or active wait).  On the zoo's CNNs on the shared 2-core
machine a bounded spin was slower, not faster (MobileNetV3-small 10 ms passive, 13-35 ms with a
1000-10000 spin, up to 230 ms with 100000: spinning workers take the cores neighbours and the
driving thread need), so the policy stays passive.
"""

from __future__ import annotations

from pirc.runtime.aot.plan import NotEligible, Plan, build_plan, ineligible_reason
from pirc.runtime.aot.runner import AotProgram, AotRunner

__all__ = ["AotProgram", "AotRunner", "NotEligible", "Plan", "build_plan", "ineligible_reason"]
