"""The tuning loop: for each group, candidates proposed by a search strategy, deduplicated
(the same parameters, or the same generated code, are measured once), measured in worker
processes and appended to the log.  A log that already holds a group's candidates resumes
where it stopped."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pirc.cinn.tune import space
from pirc.cinn.tune.extract import GroupTask
from pirc.cinn.tune.log import TuningLog
from pirc.cinn.tune.search import STRATEGIES
from pirc.cinn.tune.worker import measure, source_hash

Measure = Callable[[dict[str, Any], float], dict[str, Any]]


@dataclass
class GroupResult:
    task: GroupTask
    default_ms: float | None = None
    best_ms: float | None = None
    best_params: dict[str, Any] = field(default_factory=dict)
    trials: int = 0  # candidates measured in this run
    failed: int = 0
    history: list[float | None] = field(default_factory=list)  # best-so-far after each measurement


def tune_group(task: GroupTask, log: TuningLog, *, trials: int, strategy: str = "evolutionary", seed: int = 0,
               timeout: float = 120.0, warmup: int = 2, repeat: int = 7, measure_fn: Measure | None = None,
               on_result: Callable[[GroupResult], None] | None = None,
               source_fn: Callable[[dict[str, Any]], str] | None = None) -> GroupResult:
    """Measure up to ``trials`` new candidates of ``task`` (see the module docstring).
    ``measure_fn`` and ``source_fn`` replace the worker and the code hash (replays in
    bench/tune.py, tests)."""
    search = STRATEGIES[strategy](seed)
    res = GroupResult(task)
    results: list[tuple[dict[str, Any], float | None]] = []
    by_params: dict[str, float | None] = {}
    by_source: dict[str, dict[str, Any]] = {}
    for rec in log.measured(task.key, task.target):  # resume
        p = space.normalize(rec["params"])
        ms = score(rec)
        by_params[json.dumps(p, sort_keys=True)] = ms
        if rec.get("source"):
            by_source.setdefault(rec["source"], rec)
        results.append((p, ms))
        _note(res, p, ms)
    mfn = measure_fn or (lambda req, t: measure(req, t))
    proposals = 0
    while res.trials < trials and proposals < 20 * max(trials, 1) and len(by_params) < space.size():
        proposals += 1
        p = space.normalize(search.propose(results))
        pk = json.dumps(p, sort_keys=True)
        if pk in by_params:
            continue
        try:
            src = source_fn(p) if source_fn is not None else source_hash(task.program, task.key, task.target, p)
        except Exception as e:  # noqa: BLE001 - a candidate that cannot be lowered is a failed candidate
            src, out = None, {"ok": False, "ms": None, "error": f"lowering: {type(e).__name__}: {e}"}
        else:
            hit = by_source.get(src)
            if hit is not None:  # the same code as a measured candidate: its time, no new measurement
                out = {"ok": hit.get("ok"), "ms": hit.get("ms"), "min_ms": hit.get("min_ms"), "error": hit.get("error"),
                       "same_as": hit["params"]}
            else:
                req = {"program": task.program, "key": task.key, "target": task.target, "params": p,
                       "warmup": warmup, "repeat": repeat, "seed": seed}
                out = mfn(req, timeout)
                res.trials += 1
                res.failed += 0 if out.get("ok") else 1
        rec = {"key": task.key, "target": task.target, "shapes": task.shapes, "params": p,
               "ms": out.get("ms"), "min_ms": out.get("min_ms"), "ok": bool(out.get("ok")), "error": out.get("error"), "source": src,
               "ops": task.ops, "time": round(time.time(), 3)}
        if "same_as" in out:
            rec["same_as"] = out["same_as"]
        log.append(rec)
        if src is not None and "same_as" not in out:
            by_source[src] = rec
        ms = score(rec)
        by_params[pk] = ms
        results.append((p, ms))
        _note(res, p, ms)
        if "same_as" not in out:
            res.history.append(res.best_ms)
        if on_result is not None:
            on_result(res)
    return res


def score(rec: dict[str, Any]) -> float | None:
    """What candidates are ranked by: the fastest timed run (robust on a shared machine, where
    other processes only ever add time), else the median; None for a failed candidate."""
    if not rec.get("ok"):
        return None
    v = rec.get("min_ms")
    return v if v is not None else rec.get("ms")


def _note(res: GroupResult, p: dict[str, Any], ms: float | None) -> None:
    if ms is None:
        return
    if not p and res.default_ms is None:
        res.default_ms = ms
    if res.best_ms is None or ms < res.best_ms:
        res.best_ms, res.best_params = ms, p


__all__ = ["GroupResult", "score", "tune_group"]
