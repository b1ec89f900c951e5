"""The tuning loop: for each group, batches of candidates proposed by a search strategy,
deduplicated (the same parameters, or the same generated code, are measured once),
measured by a runner (:mod:`.runner`: a local pool or Ray) and appended to the log in the
order proposed.  A log that already holds a group's candidates resumes where it stopped.

Determinism: the proposals depend on the seed, ``batch`` and the measurements only (not on
the runner or its number of workers, nor on which worker finished first), so the same
measurements give the same log and the same chosen schedules.  ``replay`` (an earlier
log) makes that checkable across runners: a candidate whose code it holds is built, run
and checked again, and keeps the recorded times.

Confirmation (``confirm`` rounds): one measurement per candidate is at the mercy of what
else the machine ran at that moment; a two-thread kernel measured while another process
kept a core busy can lose to a serial one that is twice as slow on a quiet machine.  After
the search, the default schedule and the ``finalists`` best other candidates are measured
again, alternating and one at a time (the search's batches share the cores), ``confirm`` times
each; the log ranks a candidate by the fastest of all
its runs (other processes only ever add time), so a finalist's unlucky first measurement
is corrected before a schedule is chosen.  The records carry ``"confirm": true``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pirc.cinn.tune import space
from pirc.cinn.tune.extract import GroupTask
from pirc.cinn.tune.log import TuningLog
from pirc.cinn.tune.runner import LocalRunner, Measure, Runner
from pirc.cinn.tune.search import STRATEGIES, key_of
from pirc.cinn.tune.worker import source_hash


@dataclass
class GroupResult:
    task: GroupTask
    default_ms: float | None = None
    best_ms: float | None = None
    best_params: dict[str, Any] = field(default_factory=dict)
    trials: int = 0  # candidates measured in this run
    failed: int = 0
    knobs: list[str] = field(default_factory=list)  # the knobs searched (those that change the code)
    history: list[float | None] = field(default_factory=list)  # best-so-far after each measurement


def tune_group(task: GroupTask, log: TuningLog, *, trials: int, strategy: str = "evolutionary", seed: int = 0,
               timeout: float = 120.0, warmup: int = 2, repeat: int = 7, measure_fn: Measure | None = None,
               on_result: Callable[[GroupResult], None] | None = None,
               source_fn: Callable[[dict[str, Any]], str] | None = None, runner: Runner | None = None,
               batch: int = 1, replay: TuningLog | None = None, confirm: int = 0,
               finalists: int = 2) -> GroupResult:
    """Measure up to ``trials`` new candidates of ``task``, ``batch`` at a time, then measure
    the default and the ``finalists`` best again ``confirm`` times (see the module docstring).  ``runner`` measures (default: one local worker running
    ``measure_fn``, itself the worker process by default); ``source_fn`` replaces the code
    hash (replays in bench/tune.py, tests)."""
    res = GroupResult(task)
    own = runner is None
    run: Runner = runner or LocalRunner(1, measure_fn)
    memo: dict[str, str | None] = {}

    def source(p: dict[str, Any]) -> str | None:
        k = key_of(p)
        if k not in memo:
            try:
                memo[k] = source_fn(p) if source_fn is not None else source_hash(task.program, task.key,
                                                                                   task.target, p)
            except Exception:  # noqa: BLE001 - a candidate that cannot be lowered
                memo[k] = None
        return memo[k]

    res.knobs = space.relevant(source)
    search = STRATEGIES[strategy](seed, res.knobs)
    recorded = _recorded(replay, task) if replay is not None else {}
    results: list[tuple[dict[str, Any], float | None]] = []
    by_params: dict[str, float | None] = {}
    by_source: dict[str, dict[str, Any]] = {}
    for rec in log.measured(task.key, task.target):  # resume
        p = space.normalize(rec["params"])
        ms = score(rec)
        by_params[key_of(p)] = ms
        if rec.get("source"):
            by_source.setdefault(rec["source"], rec)
        results.append((p, ms))
        _note(res, p, ms)
    proposals = 0
    limit = 20 * max(trials, 1)
    try:
        while res.trials < trials and proposals < limit and len(by_params) < space.size(res.knobs):
            want = min(max(batch, 1), trials - res.trials)
            order: list[tuple[dict[str, Any], str | None, dict[str, Any] | None]] = []  # (params, source, out)
            fresh: dict[str, dict[str, Any]] = {}  # source -> request
            canned: dict[str, dict[str, Any]] = {}  # source -> a failure recorded in ``replay``
            avoid = set(by_params)
            while len(fresh) + len(canned) < want and proposals < limit and len(avoid) < space.size(res.knobs):
                proposals += 1
                p = space.normalize(search.propose(results, avoid))
                pk = key_of(p)
                if pk in avoid:
                    continue
                avoid.add(pk)
                src = source(p)
                if src is None:
                    order.append((p, None, {"ok": False, "ms": None, "error": "lowering failed"}))
                elif src in by_source or src in fresh or src in canned:
                    order.append((p, src, None))  # the same code as a measured (or batched) candidate
                else:
                    req = _request(task, p, warmup, repeat, seed)
                    r = recorded.get(src)
                    if r is not None and not r.get("ok"):  # not retried: it failed for the same code
                        canned[src] = {"ok": False, "ms": None, "error": r.get("error"), "recorded": True}
                    else:
                        if r is not None:
                            req["recorded"] = [r["ms"], r.get("min_ms")]
                        fresh[src] = req
                    order.append((p, src, None))
            outs = dict(zip(fresh, run.map(list(fresh.values()), timeout)))
            outs.update(canned)
            for p, src, out in order:
                measured = src is not None and src in outs and src not in by_source
                if out is None and measured:
                    out = outs[src]
                    res.trials += 1
                    res.failed += 0 if out.get("ok") else 1
                elif out is None:
                    hit = by_source[src]  # type: ignore[index]
                    out = {"ok": hit.get("ok"), "ms": hit.get("ms"), "min_ms": hit.get("min_ms"),
                           "error": hit.get("error"), "same_as": hit["params"]}
                rec = _record(task, p, src, out)
                log.append(rec)
                if src is not None and measured:
                    by_source[src] = rec
                ms = score(rec)
                by_params[key_of(p)] = ms
                results.append((p, ms))
                _note(res, p, ms)
                if measured:
                    res.history.append(res.best_ms)
                if on_result is not None:
                    on_result(res)
        if confirm > 0 and res.trials > 0:
            _confirm(task, log, res, run, results, by_source, confirm, finalists, timeout, warmup, repeat, seed)
            if on_result is not None:
                on_result(res)
    finally:
        if own:
            run.close()
    return res


def _confirm(task: GroupTask, log: TuningLog, res: GroupResult, run: Runner,
             results: list[tuple[dict[str, Any], float | None]], by_source: dict[str, dict[str, Any]], rounds: int,
             finalists: int, timeout: float, warmup: int, repeat: int, seed: int) -> None:
    """Measure the default and the ``finalists`` best other candidates (distinct code) again,
    alternating, ``rounds`` times; append the records and update ``res``."""
    src_params = {src: rec["params"] for src, rec in by_source.items() if rec.get("ok")}
    best = {src: ms for src, rec in by_source.items() if (ms := score(rec)) is not None}  # source -> its time
    default_src = next((src for src, p in src_params.items() if not p), None)
    ranked = sorted((s for s in best if s != default_src), key=lambda s: (best[s], key_of(src_params[s])))
    chosen = ([default_src] if default_src is not None else []) + ranked[:max(finalists, 0)]
    if len(chosen) < 2:  # nothing to choose between
        return
    for _ in range(rounds):
        reqs = [_request(task, src_params[src], warmup, repeat, seed) for src in chosen]
        # one at a time, whatever the runner's workers: measured side by side, the finalists share
        # the cores, and a schedule with a one-thread team beats the default's two-thread one it
        # is twice as slow as alone (pirc-tune picked num_threads 1 for keepdim_sub: 0.27 ms
        # against the default's 0.14 in bench/tune.py)
        outs = [run.map([req], timeout)[0] for req in reqs]
        for src, req, out in zip(chosen, reqs, outs):
            rec = _record(task, req["params"], src, out, confirm=True)
            log.append(rec)
            ms = score(rec)
            results.append((req["params"], ms))
            if ms is not None and src == default_src:
                res.default_ms = min(ms, res.default_ms) if res.default_ms is not None else ms
            _note(res, req["params"], ms)


def _request(task: GroupTask, params: dict[str, Any], warmup: int, repeat: int, seed: int) -> dict[str, Any]:
    """What a runner builds and measures for one candidate."""
    return {"program": task.program, "key": task.key, "target": task.target, "params": params, "warmup": warmup,
            "repeat": repeat, "seed": seed}


def _record(task: GroupTask, params: dict[str, Any], src: str | None, out: dict[str, Any],
            **extra: Any) -> dict[str, Any]:
    """The log record of one candidate's measurement ``out`` (a runner's answer, or a copy of an
    earlier record for the same code)."""
    rec = {"key": task.key, "target": task.target, "shapes": task.shapes, "params": params, "ms": out.get("ms"),
           "min_ms": out.get("min_ms"), "ok": bool(out.get("ok")), "error": out.get("error"), "source": src,
           "ops": task.ops, "time": round(time.time(), 3), **extra}
    for k in ("same_as", "worker", "node", "recorded"):
        if k in out:
            rec[k] = out[k]
    return rec


def _recorded(replay: TuningLog, task: GroupTask) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for r in replay.measured(task.key, task.target):
        if r.get("source") and "same_as" not in r:
            out.setdefault(r["source"], r)
    return out


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
