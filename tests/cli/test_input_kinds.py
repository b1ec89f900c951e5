"""Every command recognises every pirc artifact and says which command takes it (issue 31, item 6):
`pirc-opt prog.ast` said "unexpected 'Module', expected '{'", `pirc-opt prog.feeds.npz` blamed protobuf."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from pirc.artifacts import artifact_kind
from pirc.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("artifacts")
    for f in ("prog.json", "prog.pdiparams", "prog.feeds.npz", "mlp.pir"):
        shutil.copy(SAMPLES / f, d / f)
    files = {"model": d / "prog.json", "pdiparams": d / "prog.pdiparams", "npz": d / "prog.feeds.npz",
             "pir": d / "mlp.pir", "ast": d / "mlp.ast", "c": d / "mlp.c", "dot": d / "mlp.dot",
             "npy": d / "x.npy", "tuning-log": d / "tuning.jsonl", "manifest": d / "manifest.json"}
    assert invoke("lower", str(files["pir"]), "-o", str(files["ast"])).exit_code == 0
    assert invoke("codegen", str(files["ast"]), "-o", str(files["c"])).exit_code == 0
    assert invoke("fuse", str(files["pir"]), "--dot", str(files["dot"]), "-o", str(d / "f.pir")).exit_code == 0
    np.save(files["npy"], np.zeros(3, np.float32))
    files["tuning-log"].write_text(json.dumps({"key": "0" * 64, "target": "c", "params": {}, "ms": 1.0,
                                               "ok": True}) + "\n")
    files["manifest"].write_text(json.dumps({"format": "pirc-package/1", "host": "host.pir"}, indent=2))
    return files


WRONG_FOR_PROGRAMS = ["ast", "c", "npz", "npy", "pdiparams", "dot", "tuning-log", "manifest"]
HINTS = {"ast": "pirc-codegen reads it", "c": "compile it with cc", "npz": "pirc-run --feed FILE.npz",
         "npy": "--feed NAME=FILE.npy", "pdiparams": "with --params", "dot": "dot -Tsvg",
         "tuning-log": "with --tuning-log", "manifest": "pirc-run DIR"}


def test_kinds_are_told_from_the_content(artifacts: dict[str, Path]) -> None:
    for kind, path in artifacts.items():
        assert artifact_kind(path.read_bytes()) == kind, path


@pytest.mark.parametrize("command", ["opt", "fuse", "lower", "run", "compile", "tune", "translate"])
@pytest.mark.parametrize("kind", WRONG_FOR_PROGRAMS)
def test_program_commands_name_what_they_were_given(artifacts: dict[str, Path], command: str, kind: str,
                                                    tmp_path: Path) -> None:
    extra = ["-o", str(tmp_path / "out")] if command in ("compile", "tune") else []
    r = invoke(command, str(artifacts[kind]), *extra)
    assert r.exit_code == 1, r.output
    first, note = r.stderr.splitlines()[:2]
    assert first.startswith(f"error: {artifacts[kind]} is "), r.stderr
    assert ", not a program" in first or ", not a Paddle model" in first, r.stderr
    assert note.startswith("note: ") and HINTS[kind] in note, r.stderr
    assert "protobuf" not in r.stderr and "expected '{'" not in r.stderr


@pytest.mark.parametrize("kind", ["npz", "pdiparams", "c", "dot", "tuning-log", "model"])
def test_codegen_names_what_it_was_given(artifacts: dict[str, Path], kind: str) -> None:
    r = invoke("codegen", str(artifacts[kind]))
    assert r.exit_code == 1, r.output
    assert r.stderr.startswith(f"error: {artifacts[kind]} is "), r.stderr
    assert "not the loop-level AST" in r.stderr


def test_the_right_artifacts_still_work(artifacts: dict[str, Path]) -> None:
    assert invoke("opt", str(artifacts["pir"])).exit_code == 0
    assert invoke("opt", str(artifacts["model"])).exit_code == 0
    assert invoke("translate", str(artifacts["model"])).exit_code == 0
    assert invoke("codegen", str(artifacts["ast"])).exit_code == 0


@pytest.mark.parametrize("option", ["--feed", "--params", "--expect"])
@pytest.mark.parametrize("kind", ["pir", "ast", "model", "tuning-log"])
def test_run_names_a_wrong_array_file(artifacts: dict[str, Path], option: str, kind: str) -> None:
    args = ["run", str(artifacts["model"])]
    if option != "--feed":
        args += ["--feed", str(artifacts["npz"])]
    r = invoke(*args, option, str(artifacts[kind]))
    assert r.exit_code == 1, r.output
    assert f"error: {artifacts[kind]} is " in r.stderr and f"not the .npy or .npz file {option} reads" in r.stderr
    assert "note: " in r.stderr


def test_params_are_read_as_pdiparams_by_their_content(artifacts: dict[str, Path], tmp_path: Path) -> None:
    weights = tmp_path / "weights.bin"
    weights.write_bytes(artifacts["pdiparams"].read_bytes())
    r = invoke("run", str(artifacts["model"]), "--params", str(weights), "--feed", str(artifacts["npz"]),
               "--expect", str(SAMPLES / "prog.outputs.npz"), "-o", str(tmp_path / "out.npz"))
    assert r.exit_code == 0, r.output
