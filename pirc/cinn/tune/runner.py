"""Where candidates are built and measured: a batch of requests in, their results out, in
the same order (so the log does not depend on which worker finished first).

* :class:`LocalRunner` -- a pool of ``workers`` worker processes on this machine (each
  candidate in its own child process, :func:`~pirc.cinn.tune.worker.measure`);
* :class:`RayRunner` -- the same worker, one Ray task per candidate over a Ray cluster
  (``ray.init(address=...)``) or a local head it starts; the tasks build side by side (one
  CPU each) and each node times one candidate at a time (the machine lock of
  :mod:`~pirc.cinn.tune.worker`, which the local pool takes too).

Every node of a cluster needs pirc installed (``pip install 'pirc[ray]'``), the same Python
and a C compiler; the results come back as the same log records whichever runner measured them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

from pirc.cinn.tune.worker import measure

Measure = Callable[[dict[str, Any], float], dict[str, Any]]


def usable_cores() -> int:
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except AttributeError:  # not Linux
        return max(os.cpu_count() or 1, 1)


class Runner(Protocol):
    name: str
    workers: int

    def map(self, reqs: Sequence[dict[str, Any]], timeout: float) -> list[dict[str, Any]]: ...

    def close(self) -> None: ...


class LocalRunner:
    """``workers`` candidates at a time on this machine (at most its usable cores)."""

    name = "local"

    def __init__(self, workers: int | None = None, measure_fn: Measure | None = None) -> None:
        self.workers = max(1, min(workers or usable_cores(), usable_cores()))
        self.measure_fn = measure_fn or measure
        self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="pirc-tune") if self.workers > 1 else None

    def map(self, reqs: Sequence[dict[str, Any]], timeout: float) -> list[dict[str, Any]]:
        if self._pool is None:
            return [self.measure_fn(r, timeout) for r in reqs]
        return list(self._pool.map(lambda r: self.measure_fn(r, timeout), reqs))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()


def _ray_measure(req: dict[str, Any], timeout: float) -> dict[str, Any]:
    out = measure(req, timeout)
    import ray

    out["node"] = ray.get_runtime_context().get_node_id()[:12]
    return out


class RayUnavailable(RuntimeError):
    """Ray is not installed."""


class RayRunner:
    """Candidates as Ray tasks.  ``address``: ``"auto"`` (the cluster this machine belongs
    to), ``"HOST:PORT"`` / ``"ray://HOST:PORT"``, or None to start a local head with
    ``local_cpus`` CPUs (stopped by :meth:`close`)."""

    name = "ray"

    def __init__(self, address: str | None = None, local_cpus: int | None = None) -> None:
        try:
            import ray
        except ImportError as e:  # pragma: no cover - the ray extra is installed with the test tools
            raise RayUnavailable("--ray-address / --ray-local need Ray: pip install 'pirc[ray]'") from e
        self._ray = ray
        self._started = not ray.is_initialized()
        if self._started:
            kw: dict[str, Any] = {"log_to_driver": False, "configure_logging": False}
            if address is None:
                # "local": a new head even where `ray start` runs one (RAY_ADDRESS or /tmp/ray would join it)
                kw.update(address="local", num_cpus=min(local_cpus or usable_cores(), usable_cores()),
                          include_dashboard=False, _node_ip_address="127.0.0.1")
            else:
                kw.update(address=address)
            for attempt in range(3):  # a loaded machine can miss Ray's fixed 30 s wait for the raylet
                try:
                    ray.init(**kw)
                    break
                except Exception as e:  # Ray raises a bare Exception for it
                    ray.shutdown()
                    if kw["address"] != "local" or "timed out during startup" not in str(e) or attempt == 2:
                        raise RuntimeError(f"could not {'join' if address else 'start'} Ray: {e}") from e
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._task = ray.remote(num_cpus=1, max_retries=0)(_ray_measure)

    def map(self, reqs: Sequence[dict[str, Any]], timeout: float) -> list[dict[str, Any]]:
        refs = [self._task.remote(r, timeout) for r in reqs]
        out = []
        for ref in refs:
            try:
                out.append(self._ray.get(ref))
            except Exception as e:  # noqa: BLE001 - a lost node or worker is a failed candidate
                out.append({"ok": False, "ms": None, "error": f"ray: {type(e).__name__}: {(str(e).splitlines() or [''])[0]}"})
        return out

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()


__all__ = ["LocalRunner", "Measure", "RayRunner", "RayUnavailable", "Runner", "usable_cores"]
