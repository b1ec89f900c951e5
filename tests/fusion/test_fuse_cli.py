"""pirc-fuse (fuse_command) and pirc-opt --build-cinn: output, report, DOT, options, errors."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from fusion_helpers import CORPUS

from pirc.cli.fuse import fuse_command
from pirc.cli.opt import opt_command
from pirc.passes.fusion_report import collect_groups, to_dot
from pirc.text.parser import parse_program

MLP = CORPUS / "mlp" / "program.pir"


def invoke(cmd, args: list[str]):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cmd, args, catch_exceptions=False)


def test_fuse_equals_opt_build_cinn(tmp_path: Path) -> None:
    a, b = tmp_path / "a.pir", tmp_path / "b.pir"
    assert invoke(fuse_command, [str(MLP), "-o", str(a)]).exit_code == 0
    assert invoke(opt_command, [str(MLP), "--build-cinn", "-o", str(b)]).exit_code == 0
    assert a.read_text() == b.read_text()
    assert a.read_text().count('"cinn_op.group"') == 3


def test_report_and_dot(tmp_path: Path) -> None:
    dot = tmp_path / "g.dot"
    r = invoke(fuse_command, [str(MLP), "--fusion-report", "--dot", str(dot), "-o", str(tmp_path / "o.pir")])
    assert r.exit_code == 0
    out = r.output  # CliRunner mixes stderr in
    assert "build_cinn fusion report" in out and "REDUCTION" in out and "3 groups" in out
    text = dot.read_text()
    assert text.startswith("digraph") and text.count("subgraph cluster_") == 3
    if shutil.which("dot"):
        proc = subprocess.run(["dot", "-Tsvg", str(dot)], capture_output=True, check=False)
        assert proc.returncode == 0 and b"<svg" in proc.stdout


def test_report_of_an_already_fused_file(tmp_path: Path) -> None:
    fused = tmp_path / "f.pir"
    invoke(fuse_command, [str(MLP), "-o", str(fused)])
    prog = parse_program(fused.read_text(), "f.pir")
    groups = collect_groups(prog)
    assert [g.kind.name for g in groups] == ["BROADCAST", "BROADCAST", "REDUCTION"]  # bias broadcasts
    assert all(g.dynamic for g in groups)  # mlp has a -1 batch dim: lower bounds
    assert "cluster_" in to_dot(prog)


def test_max_group_size_and_print_ir_after_all(tmp_path: Path) -> None:
    r = invoke(fuse_command, [str(MLP), "--max-group-size", "2", "--print-ir-after-all", "-o", str(tmp_path / "o")])
    assert r.exit_code == 0
    for stage in ("PdToCinn (pd_to_cinn)", "AddBroadcastToElementwise (add_broadcast_to_elementwise)",
                  "BuildCinn (build_cinn_pass)"):
        assert f"IR Dump After {stage}" in r.output
    prog = parse_program((tmp_path / "o").read_text(), "o")
    assert all(len(g.members) <= 2 for g in collect_groups(prog))


def test_bad_option_is_a_usage_error() -> None:
    r = CliRunner().invoke(opt_command, [str(MLP), "-p", "build_cinn{max-group-size=x}"])
    assert r.exit_code == 2
    r = CliRunner().invoke(opt_command, [str(MLP), "-p", "build_cinn{nope=1}"])
    assert r.exit_code == 2 and "no pass of pipeline 'build_cinn' has an option 'nope'" in r.output


def test_input_error_exit_status(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pir"
    bad.write_text("{\n    (%0) = \"pd_op.relu\" (%9) {} : (tensor<4xf32>) -> tensor<4xf32>\n}\n")
    r = CliRunner().invoke(fuse_command, [str(bad)])
    assert r.exit_code == 1


@pytest.mark.parametrize("flag", ["--no-decompose"])
def test_no_decompose_keeps_softmax(flag: str, tmp_path: Path) -> None:
    out = tmp_path / "o.pir"
    assert invoke(fuse_command, [str(MLP), flag, "-o", str(out)]).exit_code == 0
    assert '"pd_op.softmax"' in out.read_text()
