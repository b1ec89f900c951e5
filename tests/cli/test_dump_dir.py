"""``pirc-run --backend cinn --dump-dir DIR`` writes every stage of a compiled run, and each dumped file,
run through its command, makes the next one byte for byte (issue 31, beyond the fixes: see inside a
compile, as XLA's --xla_dump_to does)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
CORPUS = ROOT / "tests" / "corpus"
SAMPLES = ROOT / "samples"

STAGES = ["0-program.pir", "1-inference.pir", "1-params.npz", "2-fused.pir", "2-fusion-report.txt", "3-kernels.ast",
          "3-host.pir", "4-kernels.c", "commands.sh"]


def sh(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    full = {k: v for k, v in os.environ.items() if k not in ("PIRC_DEBUG", "PIRC_DUMP_DIR")}
    full.update(env or {})
    return subprocess.run([str(BIN / args[0]), *args[1:]], capture_output=True, env=full, cwd=cwd, timeout=600)


def inputs(model: str) -> tuple[list[str], list[str]]:
    """(the program and --params, --feed and --expect) of a corpus model or the translated sample."""
    if model == "prog.json":
        return [str(SAMPLES / "prog.json")], ["--feed", str(SAMPLES / "prog.feeds.npz"), "--expect",
                                               str(SAMPLES / "prog.outputs.npz")]
    d = CORPUS / model
    return ([str(d / "program.pir"), "--params", str(d / "params.npz")],
            ["--feed", str(d / "feeds.npz"), "--expect", str(d / "outputs.npz")])


@pytest.mark.parametrize("model", ["ppyoloe_det", "ernie_encoder", "mobilenet_block", "prog.json"])
def test_every_stage_is_dumped_and_remade_by_its_command(model: str, tmp_path: Path) -> None:
    prog, check = inputs(model)
    dump = tmp_path / "dump"
    env = {"PIRC_CACHE_DIR": str(tmp_path / "cache")}
    r = sh("pirc-run", *prog, *check, "--backend", "cinn", "--dump-dir", str(dump), "-o", os.devnull, env=env)
    assert r.returncode == 0, r.stderr.decode()[-3000:]
    assert sorted(p.name for p in dump.iterdir()) == sorted(STAGES)
    assert f"dumped {len(STAGES)} files to {dump}".encode() in r.stderr

    def same(made: bytes, name: str) -> None:
        assert made == (dump / name).read_bytes(), f"{name} is not what its command makes"

    fused = sh("pirc-fuse", "1-inference.pir", "--fusion-report", cwd=dump, env=env)
    assert fused.returncode == 0, fused.stderr.decode()
    same(fused.stdout, "2-fused.pir")
    same(fused.stderr, "2-fusion-report.txt")
    lowered = sh("pirc-lower", "2-fused.pir", "--target", "c", "--host-out", str(tmp_path / "host.pir"), cwd=dump,
                 env=env)
    assert lowered.returncode == 0, lowered.stderr.decode()
    same(lowered.stdout, "3-kernels.ast")
    same((tmp_path / "host.pir").read_bytes(), "3-host.pir")
    code = sh("pirc-codegen", "3-kernels.ast", cwd=dump, env=env)
    assert code.returncode == 0, code.stderr.decode()
    same(code.stdout, "4-kernels.c")
    # every program of the dump runs, with the parameters it reads (folded ones included)
    for stage in ("1-inference.pir", "2-fused.pir", "3-host.pir"):
        ran = sh("pirc-run", stage, "--params", "1-params.npz", *check, "-o", os.devnull, cwd=dump, env=env)
        assert ran.returncode == 0, (stage, ran.stderr.decode()[-2000:])
    ran = sh("pirc-run", "3-host.pir", "--params", "1-params.npz", "--kernels", "4-kernels.c", *check, "-o",
             os.devnull, cwd=dump, env=env)
    assert ran.returncode == 0, ran.stderr.decode()[-2000:]


def test_commands_sh_remakes_the_stages_after_the_inference_passes(tmp_path: Path) -> None:
    prog, check = inputs("ernie_encoder")
    dump = tmp_path / "dump"
    env = {"PIRC_CACHE_DIR": str(tmp_path / "cache")}
    assert sh("pirc-run", *prog, *check, "--backend", "cinn", "-o", os.devnull, env={**env, "PIRC_DUMP_DIR": str(dump)}
              ).returncode == 0
    again = tmp_path / "again"
    again.mkdir()
    for f in ("0-program.pir", "commands.sh"):
        (again / f).write_bytes((dump / f).read_bytes())
    p = subprocess.run(["sh", "commands.sh"], cwd=again, capture_output=True, timeout=600,
                       env={**os.environ, **env, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"})
    assert p.returncode == 0, p.stderr.decode()
    # a program with nothing to fold: every stage the same, from the program alone
    for f in ("1-inference.pir", "2-fused.pir", "3-kernels.ast", "3-host.pir", "4-kernels.c"):
        assert (again / f).read_bytes() == (dump / f).read_bytes(), f


def test_the_dump_is_deterministic_and_needs_the_compiled_backend(tmp_path: Path) -> None:
    prog, check = inputs("mobilenet_block")
    env = {"PIRC_CACHE_DIR": str(tmp_path / "cache")}
    for d in ("a", "b"):
        assert sh("pirc-run", *prog, *check, "--backend", "cinn", "--dump-dir", str(tmp_path / d), "-o", os.devnull,
                  env=env).returncode == 0
    for f in STAGES:
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes(), f
    r = sh("pirc-run", *prog, *check, "--dump-dir", str(tmp_path / "c"), "-o", os.devnull, env=env)
    assert r.returncode == 2 and b"--dump-dir" in r.stderr and b"--backend cinn" in r.stderr
    assert not (tmp_path / "c").exists()
    r = sh("pirc-run", *prog, *check, "-o", os.devnull, env={**env, "PIRC_DUMP_DIR": str(tmp_path / "d")})
    assert r.returncode == 0 and not (tmp_path / "d").exists()  # the environment asks only compiled runs
