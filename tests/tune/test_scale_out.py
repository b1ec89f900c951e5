"""pirc-tune's runners: a small corpus tuned by a local pool of worker processes and by a
local Ray cluster (a head on loopback with 2 CPUs, stopped by the test).  The Ray run
replays the pool's measurements (each candidate is still built, run and checked on a Ray
worker), so the two logs must hold the same candidates in the same order, choose the same
schedules and lower identically with ``--tuning-log``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pirc.cinn.compiler import fuse
from pirc.cinn.tune.extract import group_tasks
from pirc.cinn.tune.log import TuningLog
from pirc.cinn.tune.runner import LocalRunner, RayRunner, usable_cores
from pirc.cinn.tune.tuner import tune_group
from pirc.text.parser import parse_program

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
sys.path.insert(0, str(ROOT / "tests" / "schedule"))
from pir_layouts import Layout

CORPUS = {
    "first_sum": Layout("first_sum", (64, 96), "float32", "").program(),
    "elementwise": (ROOT / "tests" / "corpus" / "bench_elementwise_small" / "program.pir").read_text(),
}


def _tune(runner: object, log: TuningLog, replay: TuningLog | None = None) -> None:
    for text in CORPUS.values():
        prog = parse_program(text, "m.pir")
        fuse(prog)
        for t in group_tasks(prog, "c", 2):
            tune_group(t, log, trials=2, batch=2, seed=3, warmup=1, repeat=2, timeout=120, runner=runner,
                       replay=replay)


def _lower(text: str, log: Path) -> str:
    r = subprocess.run([str(BIN / "pirc-lower"), "-", "--target", "c", "--tuning-log", str(log)], check=False,
                       input=text, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_local_pool_and_ray_cluster_choose_the_same_schedules(tmp_path: Path) -> None:
    workers = min(2, usable_cores())
    pool = LocalRunner(workers)
    try:
        _tune(pool, TuningLog(tmp_path / "pool.jsonl"))
    finally:
        pool.close()
    ray = RayRunner(local_cpus=workers)
    try:
        assert ray.workers == workers
        _tune(ray, TuningLog(tmp_path / "ray.jsonl"), replay=TuningLog(tmp_path / "pool.jsonl"))
    finally:
        ray.close()
    a = [json.loads(x) for x in (tmp_path / "pool.jsonl").read_text().splitlines()]
    b = [json.loads(x) for x in (tmp_path / "ray.jsonl").read_text().splitlines()]
    assert len(a) >= 4 and all(r["ok"] for r in a + b)  # every candidate matched the interpreter on both
    # the same records, in the same order, with the same times (the Ray side re-ran and re-checked each)
    fields = ("key", "target", "shapes", "params", "ms", "min_ms", "ok", "source")
    assert [[r.get(f) for f in fields] for r in a] == [[r.get(f) for f in fields] for r in b]
    assert set(a[0]) - {"recorded", "node"} == set(b[0]) - {"recorded", "node"}  # one format
    fresh = [r for r in b if "same_as" not in r]
    assert all(r.get("recorded") for r in fresh) and all(r.get("node") for r in fresh)
    if workers > 1:  # trials of one batch ran on different Ray workers (each a process of its own)
        assert len({r["worker"] for r in fresh}) > 1
    for text in CORPUS.values():
        la, lb = _lower(text, tmp_path / "pool.jsonl"), _lower(text, tmp_path / "ray.jsonl")
        assert la == lb
    la_log, lb_log = TuningLog(tmp_path / "pool.jsonl"), TuningLog(tmp_path / "ray.jsonl")
    (tmp_path / "keep").write_text(json.dumps([a, b]))
    for key in {r["key"] for r in a}:
        assert la_log.best_params(key, "c") == lb_log.best_params(key, "c")


def test_ray_options_exclude_each_other() -> None:
    r = subprocess.run([str(BIN / "pirc-tune"), "-", "-o", "/dev/null", "--ray-address", "auto", "--ray-local", "2"],
                       input=CORPUS["first_sum"], capture_output=True, text=True, check=False)
    assert r.returncode == 2 and "exclude each other" in r.stderr


def test_pool_is_bounded_by_the_cores() -> None:
    assert LocalRunner(1000).workers == usable_cores()
    assert LocalRunner(1).workers == 1
