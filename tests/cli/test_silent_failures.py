"""Nothing a user gave is dropped in silence (issue 31, item 3): a wrong or malformed --tuning-log was
accepted with exit 0, and a cache folder others can write to was not used without a word."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pirc.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
SAMPLES = ROOT / "samples"
MLP = SAMPLES / "mlp.pir"


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def command(kind: str, log: Path, tmp_path: Path) -> list[str]:
    return {"lower": ["lower", str(MLP), "-o", os.devnull, "--tuning-log", str(log)],
            "run": ["run", str(SAMPLES / "prog.json"), "--feed", str(SAMPLES / "prog.feeds.npz"), "--backend", "cinn",
                    "-o", os.devnull, "--tuning-log", str(log)],
            "compile": ["compile", str(SAMPLES / "prog.json"), "-o", str(tmp_path / "pkg"), "--tuning-log", str(log)],
            }[kind]


@pytest.mark.parametrize("kind", ["lower", "run", "compile"])
def test_a_missing_tuning_log_is_a_usage_error(kind: str, tmp_path: Path) -> None:
    r = invoke(*command(kind, tmp_path / "tunning.jsonl", tmp_path))
    assert r.exit_code == 2, r.output
    assert "--tuning-log" in r.stderr and f"no such file: {tmp_path / 'tunning.jsonl'}" in r.stderr
    assert not (tmp_path / "pkg").exists()


@pytest.mark.parametrize("kind", ["lower", "run", "compile"])
@pytest.mark.parametrize(("content", "where", "message"), [
    ("garbage\n", ":1:1: error: not a pirc-tune record", "garbage"),
    ('{"key": "k", "params": {}}\n{"ms": 1.0}\n', ":2:1: error: not a pirc-tune record", '"key" and "params"'),
])
def test_a_malformed_tuning_log_is_located(kind: str, content: str, where: str, message: str, tmp_path: Path) -> None:
    log = tmp_path / "t.jsonl"
    log.write_text(content)
    r = invoke(*command(kind, log, tmp_path))
    assert r.exit_code == 1, r.output
    assert r.stderr.startswith(f"{log}{where}"), r.stderr
    assert message in r.stderr


def test_a_program_given_as_the_tuning_log_is_named(tmp_path: Path) -> None:
    r = invoke(*command("lower", MLP, tmp_path))
    assert r.exit_code == 1, r.output
    assert f"{MLP} is a PIR program, not a pirc-tune log" in r.stderr


def test_a_good_log_and_a_line_cut_by_an_interrupted_run_are_accepted(tmp_path: Path) -> None:
    log = tmp_path / "t.jsonl"
    rec = {"key": "0" * 64, "target": "c", "params": {}, "ms": 1.0, "ok": True}
    log.write_text(json.dumps(rec) + "\n" + json.dumps(rec)[:20])
    r = invoke(*command("lower", log, tmp_path))
    assert r.exit_code == 0, r.output
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert invoke(*command("lower", empty, tmp_path)).exit_code == 0


def test_replay_log_is_checked_too(tmp_path: Path) -> None:
    r = invoke("tune", str(MLP), "-o", str(tmp_path / "t.jsonl"), "--replay", str(tmp_path / "nope.jsonl"))
    assert r.exit_code == 2, r.output
    assert "--replay" in r.stderr and "no such file" in r.stderr


def _run_cinn(cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PIRC_CACHE_DIR": str(cache)}
    env.pop("PIRC_DEBUG", None)
    return subprocess.run([str(BIN / "pirc-run"), str(SAMPLES / "prog.json"), "--feed", str(SAMPLES / "prog.feeds.npz"),
                           "--backend", "cinn", "-o", os.devnull], env=env, capture_output=True, text=True, timeout=300)


def test_an_unusable_cache_folder_is_reported_once(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o775)
    p = _run_cinn(shared)
    assert p.returncode == 0, p.stderr
    warnings = [line for line in p.stderr.splitlines() if "warning: not using the cache" in line]
    assert len(warnings) == 1, p.stderr
    assert "PIRC_CACHE_DIR" in warnings[0] and "is writable by other users (mode 775)" in warnings[0]
    private = tmp_path / "private"
    p = _run_cinn(private)
    assert p.returncode == 0 and "warning" not in p.stderr, p.stderr
