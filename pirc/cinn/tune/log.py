"""The tuning log and its use while lowering.

Each line of the log is one measured candidate::

    {"key": "<sha256 of the group>", "target": "c", "shapes": [[64, 128], ...], "params": {...},
     "ms": 0.42, "min_ms": 0.40, "ok": true, "error": null, "source": "<sha256 of the generated code>"}

(``ms`` the median, ``min_ms`` the fastest of the timed runs; candidates are ranked by
``min_ms``: on a shared machine other processes only ever add time).

``key`` is a structural hash of the group (its ops, attributes, types and how they
connect, not the names of its values), so the same group in another program shares its
entries.  :func:`use_tuning` makes the lowering apply the best entry of each group
(:func:`current_params`), falling back to the default schedule.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from pirc.ir.core import Operation, Value

#: the key of a record that applies to every group (see :func:`use_params`)
ANY = "*"

_ACTIVE: contextvars.ContextVar[TuningLog | None] = contextvars.ContextVar("pirc_tuning", default=None)


def group_key(ops: Sequence[Operation], inputs: Sequence[Value], outputs: Sequence[Value], target: str) -> str:
    """A structural hash of a group: op names, attributes, result types and operand wiring."""
    ids: dict[Value, str] = {v: f"in{k}:{v.type}" for k, v in enumerate(inputs)}
    lines = [f"target={target}"]
    for n, op in enumerate(ops):
        for r, res in enumerate(op.results):
            ids[res] = f"v{n}.{r}"
        attrs = ",".join(f"{k}={a.text}" for k, a in op.attrs.items if k != "stop_gradient")
        args = ",".join(ids.get(v, "?") if v is not None else "none" for v in op.operand_values())
        types = ",".join(str(r.type) for r in op.results)
        lines.append(f"{op.name}({args}){{{attrs}}}->{types}")
    lines.append("yield " + ",".join(ids.get(v, "?") for v in outputs))
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def shapes_of(inputs: Sequence[Value]) -> list[list[int]]:
    return [list(getattr(v.type, "dims", ())) for v in inputs]


class TuningLog:
    """The records of a log file (appended as they are measured)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.records: list[dict[str, Any]] = []
        if self.path is not None and self.path.exists():
            for n, line in enumerate(self.path.read_text().splitlines(), 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut by an interrupted run
                if isinstance(rec, dict) and "key" in rec and "params" in rec:
                    self.records.append(rec)

    def append(self, rec: dict[str, Any]) -> None:
        self.records.append(rec)
        if self.path is not None:
            line = json.dumps(rec, sort_keys=True) + "\n"
            with open(self.path, "a", encoding="utf-8") as f:  # one write per line: a crash loses at most it
                f.write(line)
                f.flush()
                os.fsync(f.fileno())

    def measured(self, key: str, target: str) -> list[dict[str, Any]]:
        return [r for r in self.records if r["key"] == key and r.get("target") == target]

    def best(self, key: str, target: str) -> dict[str, Any] | None:
        ok = [r for r in self.measured(key, target) if r.get("ok")]
        if not ok:
            return None
        return min(ok, key=lambda r: (r.get("min_ms") if r.get("min_ms") is not None else r["ms"],
                                      json.dumps(r["params"], sort_keys=True)))

    def best_params(self, key: str, target: str) -> dict[str, Any] | None:
        b = self.best(key, target) or self.best(ANY, target)
        return dict(b["params"]) if b is not None else None


def read_log(path: str | Path) -> TuningLog:
    """A log given to be applied (``--tuning-log``, ``--replay``): every line must be a record
    (a last line without its newline, cut by an interrupted pirc-tune, is skipped).
    Raises OSError when it cannot be read and PircError at the first line that is not a record."""
    from pirc.artifacts import artifact_kind, wrong_kind
    from pirc.diagnostics import Diagnostic, Location, PircError, SourceFile

    name = str(path)
    data = Path(path).read_bytes()
    kind = artifact_kind(data)
    if data.strip() and kind not in ("tuning-log", "text", "model"):  # a JSON that is no record: said below
        raise wrong_kind(name, kind, "a pirc-tune log")
    text = data.decode("utf-8", errors="replace")
    source = SourceFile(name, text)
    log = TuningLog()
    log.path = Path(path)
    lines = text.split("\n")
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            if n == len(lines) and log.records:  # no newline after it: cut by an interrupted run
                continue
            raise PircError(Diagnostic("error", f"not a pirc-tune record: {e.msg}", Location(source, n, e.colno)).note(
                "a tuning log holds one JSON object per line, as pirc-tune -o writes it")) from None
        if not (isinstance(rec, dict) and isinstance(rec.get("key"), str) and isinstance(rec.get("params"), dict)):
            raise PircError(Diagnostic("error", "not a pirc-tune record: expected an object with \"key\" and "
                                       "\"params\"", Location(source, n, 1)).note(
                "a tuning log holds one JSON object per line, as pirc-tune -o writes it"))
        log.records.append(rec)
    return log


@contextlib.contextmanager
def use_tuning(log: TuningLog | str | Path | None) -> Iterator[TuningLog | None]:
    """Within the block, lowering applies ``log``'s best parameters per group."""
    if log is not None and not isinstance(log, TuningLog):
        log = TuningLog(log)
    token = _ACTIVE.set(log)
    try:
        yield log
    finally:
        _ACTIVE.reset(token)


@contextlib.contextmanager
def use_params(key: str, target: str, params: dict[str, Any]) -> Iterator[None]:
    """Within the block, group ``key`` is lowered with ``params`` (one candidate); ``key``
    may be :data:`ANY` (every group: a standalone group's program, whose static shapes give
    it another key than the model's dynamic group)."""
    log = TuningLog()
    log.records.append({"key": key, "target": target, "params": params, "ms": 0.0, "ok": True})
    with use_tuning(log):
        yield


def tuning_suffix(group: Operation, inputs: Sequence[Value], target: str) -> str:
    """What the active tuning log changes about ``group``'s kernel, for cache keys that are
    taken before lowering ("" when nothing: untuned keys stay as they are)."""
    if _ACTIVE.get() is None:
        return ""
    body = group.regions[0].block
    ops = [op for op in body.ops if op.name != "cf.yield"]
    y = body.last_op
    outputs = [o.value for o in y.operands] if y is not None and y.name == "cf.yield" else []
    p = current_params(group_key(ops, inputs, outputs, target), target)
    return " tuned:" + json.dumps(p, sort_keys=True) if p else ""


def current_params(key: str, target: str) -> dict[str, Any]:
    log = _ACTIVE.get()
    if log is None:
        return {}
    return log.best_params(key, target) or {}


__all__ = ["ANY", "TuningLog", "current_params", "group_key", "read_log", "shapes_of", "tuning_suffix", "use_params",
           "use_tuning"]
