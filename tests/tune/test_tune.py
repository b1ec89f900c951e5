"""pirc-tune: the group key, the log and its use by pirc-lower, the search loop with real
worker processes (resumable), and candidates that crash or hang."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pirc.cinn.compiler import fuse
from pirc.cinn.tune import space
from pirc.cinn.tune.extract import group_tasks
from pirc.cinn.tune.log import TuningLog, use_tuning
from pirc.cinn.tune.search import EvolutionarySearch, RandomSearch
from pirc.cinn.tune.tuner import tune_group
from pirc.cinn.tune.worker import measure
from pirc.cli.lower import lower_text
from pirc.text.parser import parse_program

BIN = Path(sys.executable).parent
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "schedule"))
from pir_layouts import Layout

COL = Layout("first_sum", (64, 96), "float32", "").program()
COL_BIG = Layout("first_sum", (64, 128), "float32", "").program()
ROWS = Layout("rownorm", (16, 64), "float32", "").program()


def _tasks(text: str) -> list:
    prog = parse_program(text, "m.pir")
    fuse(prog)
    return group_tasks(prog, "c")


def test_group_key_is_structural() -> None:
    a, b, c = _tasks(COL), _tasks(COL), _tasks(COL_BIG)
    assert a[0].key == b[0].key  # the same group in another parse
    assert a[0].key != c[0].key  # other shapes: another key
    # the standalone program of a group fuses back into the same group
    assert _tasks(a[0].program)[0].key == a[0].key


def test_tuning_log_is_applied_by_lowering(tmp_path: Path) -> None:
    t = _tasks(COL)[0]
    log = tmp_path / "t.jsonl"
    recs = [{"key": t.key, "target": "c", "params": {}, "ms": 2.0, "ok": True},
            {"key": t.key, "target": "c", "params": {"parallel": False, "inner_tile": 32}, "ms": 1.0, "ok": True},
            {"key": t.key, "target": "c", "params": {"inner_tile": 64}, "ms": 0.5, "ok": False}]
    log.write_text("".join(json.dumps(r) + "\n" for r in recs) + '{"cut": ')  # a line cut by an interruption
    default, _ = lower_text(COL, "m", "c", False)
    with use_tuning(log):
        tuned, _ = lower_text(COL, "m", "c", False)
    assert "parallel for" in default and "tuned" not in default
    assert 'tuned:"inner_tile=32,parallel=False"' in tuned and "parallel for" not in tuned
    assert "vectorize[16] for (i_1, 0, 32)" in tuned
    r = subprocess.run([str(BIN / "pirc-lower"), "-", "--target", "c", "--tuning-log", str(log)], check=False,
                       input=COL,
                       capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout == tuned


def test_tuner_measures_checks_and_resumes(tmp_path: Path) -> None:
    t = _tasks(COL)[0]
    log = TuningLog(tmp_path / "t.jsonl")
    r = tune_group(t, log, trials=2, strategy="evolutionary", seed=1, timeout=120, warmup=1, repeat=2)
    lines = (tmp_path / "t.jsonl").read_text().splitlines()
    recs = [json.loads(x) for x in lines]
    assert r.trials == 2 and r.default_ms is not None and r.best_ms is not None and r.best_ms <= r.default_ms
    assert recs[0]["params"] == {} and all(x["key"] == t.key and x["shapes"] == [[64, 96]] for x in recs)
    assert all(x["ok"] for x in recs)  # every candidate matched the interpreter
    # resumed: the measured candidates are not measured again
    again = tune_group(t, TuningLog(tmp_path / "t.jsonl"), trials=1, seed=1, measure_fn=_no_dupes(recs))
    assert again.trials == 1 and again.best_ms is not None and again.best_ms <= r.best_ms


def _no_dupes(recs: list) -> object:
    seen = {json.dumps(x["params"], sort_keys=True) for x in recs}

    def fake_measure(req: dict, timeout: float) -> dict:  # stands in for the worker: only the bookkeeping is tested
        assert json.dumps(req["params"], sort_keys=True) not in seen
        return {"ok": True, "ms": 1e-6, "error": None}

    return fake_measure


@pytest.mark.parametrize("kind,error", [("crash", "worker exited"), ("hang", "timed out after 2 s")])
def test_failing_candidate_is_recorded(kind: str, error: str) -> None:
    out = measure({kind: True}, timeout=2)
    assert out["ok"] is False and error in out["error"]


def test_searches_propose_the_default_first_and_stay_in_the_space() -> None:
    for s in (EvolutionarySearch(0), RandomSearch(0)):
        assert s.propose([]) == {}
        hist: list = [({}, 1.0)]
        for _ in range(20):
            p = s.propose(hist)
            assert all(k in space.SPACE and v in space.SPACE[k] for k, v in p.items())
            hist.append((p, 1.0))


def test_candidates_with_the_same_code_share_a_source_hash() -> None:
    from pirc.cinn.tune.worker import source_hash

    t = _tasks(ROWS)[0]  # a last-axis normalisation: the inner-tile knob does not apply
    base = source_hash(t.program, t.key, "c", {})
    assert source_hash(t.program, t.key, "c", {"inner_tile": 64}) == base
    assert source_hash(t.program, t.key, "c", {"parallel": False}) != base


def test_tuned_kernels_do_not_share_the_precompiled_group_index(tmp_path: Path) -> None:
    """compile_program looks groups up before lowering: a tuning log gives its own kernels."""
    from pirc.cinn.backend.cache import KernelCache
    from pirc.cinn.backend.jit_kernel import uninstall
    from pirc.cinn.compiler import compile_program

    t = _tasks(COL)[0]
    log = tmp_path / "t.jsonl"
    log.write_text(json.dumps({"key": t.key, "target": "c", "params": {"parallel": False}, "ms": 1.0, "ok": True}) + "\n")
    cache = KernelCache(tmp_path / "kc")
    try:
        compile_program(parse_program(COL, "a"), "c", cache=cache, progress=False)
        with use_tuning(log):
            tuned = compile_program(parse_program(COL, "b"), "c", cache=cache, progress=False)
        again = compile_program(parse_program(COL, "c"), "c", cache=cache, progress=False)
    finally:
        uninstall()
    assert tuned.compiled >= 1 and again.compiled == 0  # the tuned kernel is built; the default one is still found


def test_compile_applies_the_tuning_log(tmp_path: Path) -> None:
    t = _tasks(COL)[0]
    log = tmp_path / "t.jsonl"
    log.write_text(json.dumps({"key": t.key, "target": "c", "params": {"inner_tile": 32}, "ms": 1.0, "ok": True}) + "\n")
    r = subprocess.run([str(BIN / "pirc-compile"), "-", "-o", str(tmp_path / "pkg"), "--tuning-log", str(log)],
                       input=COL, capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    ast = (tmp_path / "pkg" / "kernels.ast").read_text()
    assert 'tuned:"inner_tile=32"' in ast and "vectorize[16] for (i_1, 0, 32)" in ast


def test_worker_times_warm_runs_whose_outputs_are_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker times a candidate as a caller runs it: the ahead-of-time path, warmed up for
    at least WARMUP_S, each run's outputs dropped before the next (held, two sets of outputs
    alternate in memory and a 0.15 ms kernel timed 0.37 ms: the tuner then chose a one-thread
    schedule twice as slow)."""
    import time
    import weakref

    import pirc.runtime
    from pirc.cinn.tune import worker

    calls: list[tuple[float, int]] = []  # (when, outputs of earlier runs still alive)
    alive: list[weakref.ref] = []
    made: list[dict] = []

    class Recording(pirc.runtime.StandaloneExecutor):
        def __init__(self, *a: object, **k: object) -> None:
            made.append(dict(k))
            super().__init__(*a, **k)  # type: ignore[arg-type]

        def run(self, *a: object, **k: object) -> dict:
            calls.append((time.perf_counter(), sum(r() is not None for r in alive)))
            out = super().run(*a, **k)  # type: ignore[arg-type]
            alive.extend(weakref.ref(v) for v in out.values())
            return out

    t = _tasks(ROWS)[0]
    c = worker.Candidate({"program": t.program, "key": t.key, "target": "c", "params": {}, "warmup": 2,
                          "repeat": 5, "seed": 0})
    assert c.build() is None
    monkeypatch.setattr(pirc.runtime, "StandaloneExecutor", Recording)
    out = c.time()
    assert out["ok"] and made == [{"threads": 1, "aot": None}]
    timed = calls[-5:]
    assert len(calls) >= 2 + 5 and timed[0][0] - calls[0][0] >= worker.WARMUP_S
    assert all(held <= 1 for _, held in calls)  # only the first run's outputs, kept for the check
