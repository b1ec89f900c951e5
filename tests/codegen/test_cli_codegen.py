"""pirc-codegen as a user meets it: stdin / -o, --target, --compile, located diagnostics, exit statuses."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import cg_trees as C
import pytest

from pirc.cinn.ast import print_ast
from pirc.cinn.backend.nvrtc import nvrtc_available

SOFTMAX = print_ast(C.T.softmax())  # symbolic local temps: fine for C, refused by CUDA
GPU = print_ast(C.gpu_block_reduce())


def run(*args: str, stdin: str | None = None, env: dict | None = None,
        cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    e = dict(os.environ)
    e.pop("PIRC_DEBUG", None)
    e.update(env or {})
    p = subprocess.run([sys.executable, "-m", "pirc.cli.codegen", *args], input=stdin, capture_output=True,
                       text=True, env=e, cwd=cwd, timeout=300)
    return p


@pytest.fixture
def cache_env(tmp_path: Path) -> dict:
    return {"PIRC_CACHE_DIR": str(tmp_path / "cache")}


def test_stdin_to_stdout_defaults_to_cuda(cache_env: dict) -> None:
    p = run(stdin=GPU, env=cache_env)
    assert p.returncode == 0, p.stderr
    assert 'extern "C" __global__ void __launch_bounds__(128) pirc_k0_fn_block_reduce_sum_' in p.stdout
    assert p.stderr == ""


def test_output_file_extension_picks_the_target(tmp_path: Path, cache_env: dict) -> None:
    src = tmp_path / "k.ast"
    src.write_text(SOFTMAX)
    p = run(str(src), "-o", str(tmp_path / "k.c"), env=cache_env)
    assert p.returncode == 0, p.stderr
    text = (tmp_path / "k.c").read_text()
    assert "int pirc_k0_fn_softmax_" in text and "#include <math.h>" in text
    p2 = run(str(src), "--target", "c", env=cache_env)
    assert p2.stdout == text  # deterministic


def test_compile_c_and_cuda(tmp_path: Path, cache_env: dict) -> None:
    src = tmp_path / "k.ast"
    src.write_text(SOFTMAX)
    p = run(str(src), "--target", "c", "--compile", "-o", str(tmp_path / "k.c"), env=cache_env)
    assert p.returncode == 0, p.stderr
    assert list((tmp_path / "cache" / "kernels" / "v1").rglob("*.so"))
    if nvrtc_available():
        g = tmp_path / "g.ast"
        g.write_text(GPU)
        for extra in ([], ["--arch", "sm_80"], ["--ptx"]):
            p = run(str(g), "--compile", *extra, "-o", str(tmp_path / "g.cu"), env=cache_env)
            assert p.returncode == 0, p.stderr
        assert list((tmp_path / "cache" / "kernels" / "v1").rglob("*.cubin")) and list((tmp_path / "cache" / "kernels" / "v1").rglob("*.ptx"))


def test_bad_input_is_a_located_diagnostic(cache_env: dict) -> None:
    p = run(stdin="function f (_A)\n  in _A: float32[4]\n{\n  B[0] = 1\n}\n", env=cache_env)
    assert p.returncode == 1
    assert "Traceback" not in p.stderr
    lines = p.stderr.splitlines()
    assert lines[0].startswith("<stdin>:4:3: error: use of undeclared tensor 'B'")
    assert lines[1] == "  B[0] = 1" and lines[2].strip() == "^"
    assert p.stdout == ""


def test_codegen_error_is_located_at_the_offending_declaration(tmp_path: Path, cache_env: dict) -> None:
    src = tmp_path / "sm.ast"
    src.write_text(SOFTMAX)
    out = tmp_path / "sm.cu"
    out.write_text("previous")
    p = run(str(src), "-o", str(out), env=cache_env)
    assert p.returncode == 1
    assert p.stderr.startswith(f"{src}:5:8: error: cuda codegen: the local buffer _mx needs a constant size")
    assert out.read_text() == "previous"  # a failed run leaves the output untouched


def test_compiler_errors_are_diagnostics(tmp_path: Path, cache_env: dict) -> None:
    src = tmp_path / "sm.ast"
    src.write_text(SOFTMAX)
    out = tmp_path / "sm.c"
    p = run(str(src), "--compile", "-o", str(out), env={**cache_env, "PIRC_CFLAGS": "-Dfor=@"})
    assert p.returncode == 1, p.stderr
    assert "Traceback" not in p.stderr
    assert p.stderr.startswith("error: the C compiler")
    assert f"{out}:" in p.stderr and ": error:" in p.stderr.splitlines()[1]  # located in the generated source
    assert not out.exists()


def test_usage_errors(cache_env: dict) -> None:
    p = run("--target", "c", "--arch", "sm_90", stdin=SOFTMAX, env=cache_env)
    assert p.returncode == 2 and "--arch and --ptx apply to --target cuda" in p.stderr
    p = run("--arch", "banana", stdin=GPU, env=cache_env)
    assert p.returncode == 2 and "invalid CUDA architecture" in p.stderr
    p = run("/no/such/file.ast", env=cache_env)
    assert p.returncode == 2


def test_command_object_is_exported() -> None:
    from pirc.cli.codegen import codegen_command

    assert codegen_command.name == "codegen"
    assert {p.name for p in codegen_command.params} >= {"input", "output", "target", "do_compile", "arch"}
