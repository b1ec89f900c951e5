"""The one CLI contract every pirc command keeps (issue 13's findings, each as a test)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import numpy as np
import pytest
from pty_helpers import pty_run

from pirc.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
SAMPLES = ROOT / "samples"
MLP = SAMPLES / "mlp.pir"
TOOLS = ["pirc-opt", "pirc-translate", "pirc-fuse", "pirc-lower", "pirc-codegen", "pirc-run"]


def sh(args: list[str], stdin: bytes | None = None, cwd: Path | None = None,
       env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    full = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    full.update(env or {})
    return subprocess.run([str(BIN / args[0]), *args[1:]], input=stdin, capture_output=True, cwd=cwd, env=full,
                          timeout=300)


def on_pty(args: list[str], env: dict[str, str] | None = None, stdin_file: Path | None = None) -> bytes:
    """Run with stdout and stderr on a pseudo-terminal; everything it wrote there."""
    return pty_run(args, env, stdin_file)[1]


# --- every command: --version, help for every option, stdin by default -------------------------------

def test_every_command_has_version_help_and_reads_stdin_by_default() -> None:
    for name, cmd in cli.commands.items():
        if name == "cache":  # managing the cache root, not a stage that reads a program
            continue
        opts = [p for p in cmd.params if isinstance(p, click.Option)]
        assert "--version" in {o for p in opts for o in p.opts}, name
        missing = [p.opts[0] for p in opts if not p.help and p.opts[0] not in ("--help",)]
        assert not missing, f"{name}: options without help: {missing}"
        args = [p for p in cmd.params if isinstance(p, click.Argument)]
        assert args and args[0].default == "-", f"{name}: the input must default to stdin"
        assert "--timing" in {o for p in opts for o in p.opts}, name
        if name != "codegen":  # an .ast is checked as it is parsed; every program input has the verifier flags
            verify = [p for p in opts if "--verify" in p.opts]
            assert verify and verify[0].secondary_opts == ["--no-verify"], name
    out = sh(["pirc-run", "--version"]).stdout.decode()
    assert out == sh(["pirc", "--version"]).stdout.decode() == "pirc 0.1.0\n"


def test_translate_and_run_read_stdin_and_chain_run_takes_the_previous_output(tmp_path: Path) -> None:
    pir = sh(["pirc-translate"], stdin=(SAMPLES / "prog.json").read_bytes())
    assert pir.returncode == 0 and pir.stdout.startswith(b"{\n")
    sh(["pirc-translate", str(SAMPLES / "prog.json"), "--params-out", str(tmp_path / "p.npz"), "-o", "/dev/null"])
    feeds = ["--params", str(tmp_path / "p.npz"), "--feed", str(SAMPLES / "prog.feeds.npz"),
             "--expect", str(SAMPLES / "prog.outputs.npz")]
    assert sh(["pirc-run", *feeds], stdin=pir.stdout).returncode == 0
    chain = sh(["pirc", "translate", str(SAMPLES / "prog.json"), "run", *feeds, "-o", str(tmp_path / "o.npz")])
    assert chain.returncode == 0, chain.stderr
    assert np.load(tmp_path / "o.npz")["softmax_0.tmp_0"].shape == (2, 4)


def test_model_inputs_are_translated_by_opt_and_run(tmp_path: Path) -> None:
    """opt and run accept a ProgramDesc (JSON or binary .pdmodel) and translate it; run finds its .pdiparams."""
    model = ROOT / "tests" / "corpus" / "legacy"
    pdmodel = next(model.glob("*/model.pdmodel"), None) if model.exists() else None
    opt = sh(["pirc-opt", str(SAMPLES / "prog.json")])
    assert opt.returncode == 0 and b'"pd_op.softmax"' in opt.stdout
    run = sh(["pirc-run", str(SAMPLES / "prog.json"), "--feed", str(SAMPLES / "prog.feeds.npz"),
              "--expect", str(SAMPLES / "prog.outputs.npz")])
    assert run.returncode == 0, run.stderr
    if pdmodel is not None:
        assert sh(["pirc-opt", str(pdmodel), "-o", str(tmp_path / "m.pir")]).returncode == 0


def test_codegen_given_a_program_says_how() -> None:
    p = sh(["pirc-codegen", str(MLP)])
    assert p.returncode == 1 and b"is a program, not the loop-level AST" in p.stderr and b"pirc-lower" in p.stderr


def test_misspelt_chain_command_is_reported_with_a_suggestion() -> None:
    p = sh(["pirc", "translate", str(SAMPLES / "prog.json"), "fuze", "lower"])
    assert p.returncode == 2 and b"no such command 'fuze' in the chain; did you mean 'fuse'?" in p.stderr


# --- the .ast target ----------------------------------------------------------------------------------

def test_ast_records_its_target_and_a_contradiction_is_refused(tmp_path: Path) -> None:
    ast = tmp_path / "k.ast"
    assert sh(["pirc-lower", str(MLP), "-o", str(ast), "--host-out", str(tmp_path / "host.pir")]).returncode == 0
    assert ast.read_text().startswith("// pirc-lower: target c\n")  # the default target is c
    gen = sh(["pirc-codegen", str(ast)])
    assert gen.returncode == 0 and b"target c)" in gen.stdout.splitlines()[0]
    for args in (["-o", str(tmp_path / "k.cu")], ["--target", "cuda"]):
        bad = sh(["pirc-codegen", str(ast), *args])
        assert bad.returncode == 1 and b"was lowered for target c" in bad.stderr
        assert b"pirc-lower --target cuda" in bad.stderr and not (tmp_path / "k.cu").exists()
    cuda_ast = sh(["pirc-lower", str(MLP), "--target", "cuda"]).stdout
    bad = sh(["pirc-codegen", "-o", str(tmp_path / "k.c")], stdin=cuda_ast)
    assert bad.returncode == 1 and b"was lowered for target cuda" in bad.stderr
    from pirc.cinn.codegen.literals import CODEGEN_VERSION

    assert sh(["pirc-codegen"], stdin=cuda_ast).stdout.startswith(
        f"/* Generated by pirc (codegen {CODEGEN_VERSION}, target cuda)".encode())
    # a host program runs its kernels without --backend cinn; on the wrong device it is refused with a hint
    host = tmp_path / "prog_host.pir"
    assert sh(["pirc-lower", str(SAMPLES / "prog.json"), "--host-out", str(host), "-o", "/dev/null"]).returncode == 0
    args = ["--params", str(SAMPLES / "prog.pdiparams"), "--feed", str(SAMPLES / "prog.feeds.npz")]
    cache = {"PIRC_CACHE_DIR": str(tmp_path / "cache")}
    run = sh(["pirc-run", str(host), *args, "--expect", str(SAMPLES / "prog.outputs.npz")], env=cache)
    assert run.returncode == 0, run.stderr
    cuda_host = tmp_path / "cuda_host.pir"
    sh(["pirc-lower", str(SAMPLES / "prog.json"), "--target", "cuda", "--host-out", str(cuda_host), "-o", "/dev/null"])
    bad = sh(["pirc-run", str(cuda_host), *args], env=cache)
    assert bad.returncode == 1 and b"were lowered for target cuda, but --device cpu" in bad.stderr
    assert b"not implemented" not in bad.stderr


# --- colour, progress, tables: only on a terminal ------------------------------------------------------

BAD = b'{\n (%0) = "pd_op.relu" (%1 : }\n'


def test_diagnostics_coloured_on_a_pty_plain_when_piped(tmp_path: Path) -> None:
    f = tmp_path / "bad.pir"
    f.write_bytes(BAD)
    piped = sh(["pirc-opt", str(f)])
    assert piped.returncode == 1 and b"\x1b[" not in piped.stderr
    assert piped.stderr.startswith(f"{f}:2:26: error: unexpected ':'".encode())
    tty = on_pty(["pirc-opt", str(f)])
    assert b"\x1b[1;31merror: \x1b[0m" in tty and b"\x1b[1;32m^" in tty
    assert b"\x1b[" not in on_pty(["pirc-opt", str(f)], env={"NO_COLOR": "1"})
    # the text itself is the same, colour aside
    import re
    plain = re.sub(rb"\x1b\[[0-9;]*m", b"", tty).replace(b"\r\n", b"\n")
    assert plain == piped.stderr


def test_progress_only_on_a_pty(tmp_path: Path) -> None:
    prog = ROOT / "samples" / "transformer_layer.pir"
    tty = on_pty(["pirc-lower", str(prog), "-o", str(tmp_path / "a.ast")])
    assert b"lowering c groups" in tty and b"eta" in tty
    piped = sh(["pirc-lower", str(prog), "-o", str(tmp_path / "b.ast")])
    assert piped.returncode == 0 and piped.stderr == b""
    assert (tmp_path / "a.ast").read_bytes() == (tmp_path / "b.ast").read_bytes()


def test_tables_plain_when_piped() -> None:
    p = sh(["pirc-run", str(SAMPLES / "prog.json"), "--feed", str(SAMPLES / "prog.feeds.npz"), "--timing"])
    assert p.returncode == 0
    text = (p.stdout + p.stderr).decode()
    assert not set("┏┃━│└") & set(text)
    assert "pirc-run timing\nstage" in text and max(len(ln) for ln in text.splitlines()) < 120


@pytest.mark.parametrize("argv, title", [
    (["pirc-fuse"], "pirc-fuse timing"), (["pirc-opt", "--build-cinn"], "pirc-opt timing"),
    (["pirc", "fuse"], "pirc fuse timing"), (["pirc", "opt"], "pirc opt timing"),
])
def test_timing_table_names_the_command_typed(argv: list[str], title: str) -> None:
    # pirc-fuse runs pirc-opt's command underneath; its table must still say pirc-fuse
    p = sh([*argv, str(SAMPLES / "mlp.pir"), "--timing", "-o", os.devnull])
    assert p.returncode == 0
    assert p.stderr.decode().startswith(title + "\n")


# --- --profile ------------------------------------------------------------------------------------------

def test_profile_statistics_match_repeat(tmp_path: Path) -> None:
    p = sh(["pirc-run", str(SAMPLES / "prog.json"), "--feed", str(SAMPLES / "prog.feeds.npz"), "--profile",
            "--repeat", "5", "--backend", "cinn"], env={"PIRC_CACHE_DIR": str(tmp_path)})
    assert p.returncode == 0, p.stderr
    err = p.stderr.decode().splitlines()
    median = float(next(ln for ln in err if ln.startswith("median_ms=")).split("=")[1])
    assert any("(5 runs, warm-up excluded)" in ln for ln in err)
    i = next(i for i, ln in enumerate(err) if ln.startswith("execution time summary (5 runs after 1 warm-up)"))
    assert err[i + 1].split() == ["mean", "(ms)", "median", "(ms)", "max", "(ms)", "min", "(ms)", "std", "(ms)"]
    mean, med, mx, mn, _ = (float(v) for v in err[i + 3].split())
    assert med == pytest.approx(median, abs=1e-4) and mn <= med <= mx and mn <= mean <= mx
    # every instruction ran 5 times (the warm-up is not counted); kernels have their own rows
    rows = [ln.split() for ln in err if ln.startswith("fn_")]
    assert rows and all(int(r[1]) % 5 == 0 for r in rows)
    assert any(ln.startswith("compile (not in the run times)") for ln in err)
