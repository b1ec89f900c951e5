"""Process environment pirc sets before numpy loads (``import pirc`` runs :func:`prepare_environment`).

Only :mod:`os` here: importing anything that imports numpy would load OpenBLAS first.
"""

from __future__ import annotations

import os

#: OpenBLAS's idle-spin setting (2^N cycles; 4 is its minimum), read once when the library loads
OPENBLAS_TIMEOUT_ENV = "OPENBLAS_THREAD_TIMEOUT"
#: pirc's OpenMP wait policy (pirc/runtime/threads.py): "spin" (default), "passive" or "active"
ENV_WAIT = "PIRC_OMP_WAIT"


def prepare_environment() -> None:
    """Make OpenBLAS's idle worker threads sleep after the shortest spin it allows (as pirc's OpenMP
    workers do, pirc/runtime/threads.py), unless the user chose a timeout (``OPENBLAS_THREAD_TIMEOUT``
    or ``GOTO_THREAD_TIMEOUT``) or ``PIRC_OMP_WAIT=active``.  No effect once numpy is imported."""
    if os.environ.get(ENV_WAIT, "").strip().lower() == "active" or "GOTO_THREAD_TIMEOUT" in os.environ:
        return
    os.environ.setdefault(OPENBLAS_TIMEOUT_ENV, "4")


__all__ = ["ENV_WAIT", "OPENBLAS_TIMEOUT_ENV", "prepare_environment"]
