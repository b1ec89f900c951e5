"""Ahead-of-time host programs (issue 12): a compiled program's whole top-level block as one C
function calling its kernels and nn ops in order over a statically planned arena.

* :mod:`.plan` -- eligibility and the plan of one feed-shape signature (buffers, steps);
* :mod:`.arena` -- the first-fit memory plan over value lifetimes;
* :mod:`.nnops` -- which nn-library function runs an nn op, from the library's descriptors;
* :mod:`.emit` -- the C text of a plan;
* :mod:`.runner` -- compiling it through the kernel cache and calling it (what the executor uses).

Threads: with no Python between calls one thread drives the program and every kernel and nn call
may use the thread policy's whole OpenMP team (:mod:`pirc.runtime.threads`, ``decide(1)``), whose
wait policy (a short spin by default, ``PIRC_OMP_WAIT``) and its measurements are described there.
"""

from __future__ import annotations

from pirc.runtime.aot.plan import NotEligible, Plan, build_plan, ineligible_reason
from pirc.runtime.aot.runner import AotProgram, AotRunner

__all__ = ["AotProgram", "AotRunner", "NotEligible", "Plan", "build_plan", "ineligible_reason"]
