"""pirc-lower: INPUT -> .ast (stdout or -o), --host-out, --target, exit statuses,
diagnostics, atomic and deterministic outputs."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from lower_helpers import CORPUS, data_line, program_text

from pirc.cinn.ast import Module, parse
from pirc.cli.lower import lower_command

MLP = CORPUS / "mlp" / "program.pir"


def _run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(lower_command, list(args), input=input, catch_exceptions=False)


def test_stdout_module_and_host(tmp_path: Path) -> None:
    host = tmp_path / "host.pir"
    r = _run(str(MLP), "--host-out", str(host))
    assert r.exit_code == 0, r.output
    mod = parse(r.stdout, "out.ast")
    assert isinstance(mod, Module) and len(mod.functions) == 3
    assert next(f.name for f in mod.functions) == "fn_broadcast_add_relu_0"
    text = host.read_text()
    assert text.count('"cinn_runtime.jit_kernel"') == 3 and "cinn_op.group" not in text


def test_unfused_and_fused_inputs_give_the_same_kernels(tmp_path: Path) -> None:
    from pirc.cli.fuse import fuse_command

    fused = tmp_path / "fused.pir"
    assert CliRunner().invoke(fuse_command, [str(MLP), "-o", str(fused)]).exit_code == 0
    a, b = _run(str(MLP)), _run(str(fused))
    assert a.exit_code == b.exit_code == 0 and a.stdout == b.stdout


def test_targets(tmp_path: Path) -> None:
    c = _run(str(MLP), "--target", "c").stdout
    cuda = _run(str(MLP), "--target", "cuda").stdout
    assert "parallel for" in c and "thread_bind" not in c
    assert "thread_bind[blockIdx.x]" in cuda and "cinn_warp_reduce_max_fp32" in cuda


def test_output_file_deterministic(tmp_path: Path) -> None:
    out = tmp_path / "k.ast"
    assert _run(str(MLP), "-o", str(out)).exit_code == 0
    first = out.read_bytes()
    assert _run(str(MLP), "-o", str(out)).exit_code == 0
    assert out.read_bytes() == first
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".pirc-")]


def test_stdin(tmp_path: Path) -> None:
    r = _run(input=MLP.read_text())
    assert r.exit_code == 0 and r.stdout.startswith("// pirc-lower: target c\nModule module {")


def test_bad_input_exit_1_and_output_untouched(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pir"
    bad.write_text("{\n    (%0) = \"pd_op.relu\" (%9) {} : (tensor<4xf32>) -> tensor<4xf32>\n}\n")
    out = tmp_path / "k.ast"
    out.write_text("keep me")
    r = _run(str(bad), "-o", str(out))
    assert r.exit_code == 1
    assert f"{bad}:2:" in r.stderr and "error:" in r.stderr and "Traceback" not in r.stderr
    assert out.read_text() == "keep me"


def test_unlowerable_group_is_a_diagnostic_at_the_op(tmp_path: Path) -> None:
    t = "tensor<4x4xf32>"
    text = program_text([
        data_line(0, "x", [4, 4]),
        f'(%1) = "cinn_op.group" () -> {t} {{',
        f'    (%2) = "pd_op.matmul" (%0, %0) {{transpose_x:false,transpose_y:false}} : ({t}, {t}) -> {t}',
        f'    () = "cf.yield" (%2) {{}} : ({t}) -> ',
        "}",
        f'() = "builtin.shadow_output" (%1) {{output_name:"out"}} : ({t}) -> ',
    ])
    src = tmp_path / "g.pir"
    src.write_text(text)
    r = _run(str(src))
    assert r.exit_code == 1
    assert f"{src}:4:9: error: 'pd_op.matmul' op cannot be lowered: no lowering is defined for this op" in r.stderr


def test_usage_errors_exit_2() -> None:
    assert _run(str(MLP), "--target", "tpu").exit_code == 2
    assert _run("/no/such/file.pir").exit_code == 2
