"""mlir-opt's habits in pirc-opt and pirc-fuse (issue 31, beyond the fixes): a did-you-mean for a misspelt
pass, LLVM's single-dash long flags, --dump-pass-pipeline, --print-ir-after-change, --pass-statistics and
the pass options in --list-passes."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pirc.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
MLP = str(ROOT / "samples" / "mlp.pir")
SPLIT = str(ROOT / "tests" / "lit" / "verifier" / "invalid.pir")


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize("args,message", [
    (["opt", MLP, "-p", "csee"], "unknown pass or pipeline 'csee'; did you mean 'cse'?"),
    (["opt", MLP, "-p", "build_cinm"], "did you mean 'build_cinn'?"),
    (["opt", MLP, "-p", "cse", "--print-ir-after", "dcee"], "unknown pass 'dcee'; did you mean 'dce'?"),
])
def test_a_misspelt_pass_gets_a_suggestion(args: list[str], message: str) -> None:
    r = invoke(*args)
    assert r.exit_code == 2 and message in r.stderr, r.output


def test_llvm_single_dash_long_flags() -> None:
    llvm = invoke("opt", MLP, "-pass-pipeline=builtin.module(cse,dce)", "-print-ir-after-all", "-o", "-")
    gnu = invoke("opt", MLP, "--pass-pipeline=builtin.module(cse,dce)", "--print-ir-after-all", "-o", "-")
    assert llvm.exit_code == gnu.exit_code == 0, llvm.output
    assert llvm.stdout == gnu.stdout and llvm.stderr == gnu.stderr
    split = invoke("opt", SPLIT, "-split-input-file", "-verify-diagnostics")
    assert split.exit_code == 0, split.output
    assert invoke("opt", MLP, "-p", "cse").exit_code == 0  # short options as they were
    fuse = invoke("fuse", MLP, "-print-ir-after-change", "-o", "-")
    assert fuse.exit_code == 0 and "IR Dump After" in fuse.stderr
    assert invoke("opt", MLP, "-no-such-flag").exit_code == 2


def test_dump_pass_pipeline_spells_every_option() -> None:
    r = invoke("fuse", MLP, "--max-group-size", "8", "--dump-pass-pipeline", "-o", "/dev/null")
    assert r.exit_code == 0, r.output
    assert r.stderr.startswith("Pass Manager with 3 passes:\nbuiltin.module(pd_to_cinn,add_broadcast_to_elementwise,"
                               "build_cinn_pass{max-group-size=8})\n"), r.stderr


def test_print_ir_after_change_skips_passes_that_change_nothing() -> None:
    same = invoke("opt", MLP, "-p", "cse,dce", "--print-ir-after-change", "-o", "/dev/null")
    assert same.exit_code == 0 and same.stderr == ""
    fused = invoke("fuse", MLP, "--print-ir-after-change", "-o", "/dev/null")
    headers = [line for line in fused.stderr.splitlines() if line.startswith("// -----// IR Dump After")]
    assert [h.split("(")[-1] for h in headers] == ["pd_to_cinn) //----- //", "add_broadcast_to_elementwise) //----- //",
                                                   "build_cinn_pass) //----- //"]


def test_pass_statistics_count_what_each_pass_did() -> None:
    r = invoke("fuse", MLP, "--mlir-pass-statistics", "-o", "/dev/null")
    assert r.exit_code == 0, r.output
    lines = r.stderr.splitlines()
    assert lines[0].endswith("fuse pass statistics")  # the command as typed: pirc-fuse, pirc fuse
    row = next(line for line in lines if line.startswith("build_cinn_pass"))
    assert row.split()[1:3] == ["27", "33"] and "+3 cinn_op.group" in row
    assert "+5 cinn_op.broadcast" in next(line for line in lines if line.startswith("add_broadcast_to_elementwise"))
    same = invoke("opt", MLP, "-p", "cse", "--pass-statistics", "-o", "/dev/null")
    assert "(no change)" in same.stderr


def test_list_passes_shows_the_options() -> None:
    r = invoke("opt", "--list-passes")
    assert r.exit_code == 0
    rows = {line.split()[0]: line for line in r.stdout.splitlines()[3:]}
    assert "target=cuda|c embed=true" in rows["lower_to_kernel"]
    assert "max-group-size=0" in rows["build_cinn"] and "pipeline" in rows["build_cinn"]
