"""The Python API as the README shows it: every public function works when called twice, and every
mistake a user can make raises a PircError whose message says what is wrong (issue 31, item 1)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pirc
from pirc.diagnostics import PircError

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
PROG = SAMPLES / "prog.json"


def test_every_public_function_works_twice() -> None:
    x = np.load(SAMPLES / "prog.feeds.npz")["x"]
    for _ in range(2):  # the second call is the one that broke: the pirc.translate subpackage replaced it
        program = pirc.translate(str(PROG))
        program = pirc.translate(PROG)
        params = pirc.load_params(SAMPLES / "prog.pdiparams", program)
        assert pirc.verify(program) is program
        pirc.optimize(program, "dce,cse")
        text = pirc.print(program)
        assert pirc.print(pirc.parse(text)) == text
        ref = pirc.run(program, {"x": x}, params=params)
        ast, host = pirc.lower(program)
        assert "Module" in ast and "cinn_runtime.jit_kernel" in pirc.print(host)
        assert "pirc_k0" in pirc.codegen(ast)
        fused = pirc.fuse(pirc.parse(text))
        assert '"cinn_op.group"' in pirc.print(fused)
        assert pirc.compile(pirc.parse(text)) is not None
        out = pirc.run(program, {"x": x}, params=params, backend="cinn")
        np.testing.assert_allclose(out["softmax_0.tmp_0"], ref["softmax_0.tmp_0"], rtol=1e-5)
    assert callable(pirc.translate)


def test_the_translate_subpackage_stays_importable_beside_the_function() -> None:
    import pirc.translate.frontend as frontend  # the import system sets pirc.translate to the subpackage

    assert frontend is sys.modules["pirc.translate.frontend"]
    assert callable(pirc.translate) and pirc.translate.__doc__.startswith("Translate a Paddle model")
    assert pirc.translate.load_model is frontend.load_model
    assert pirc.translate is pirc.translate and pirc.run is pirc.run
    assert isinstance(pirc.translate(str(PROG)), type(pirc.parse(str(SAMPLES / "mlp.pir"))))


def test_second_call_in_a_fresh_process() -> None:
    code = ("import pirc; p = pirc.translate('samples/prog.json'); q = pirc.translate('samples/prog.json'); "
            "print(pirc.print(p) == pirc.print(q))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "True\n"


def _program() -> object:
    return pirc.translate(str(PROG))


MISTAKES = [
    ("parse: a misspelt path", lambda: pirc.parse("mlp.pirx"), "no such file: mlp.pirx"),
    ("parse: a missing PathLike", lambda: pirc.parse(Path("nope.pir")), "no such file: nope.pir"),
    ("parse: a folder", lambda: pirc.parse(str(SAMPLES)), "is a directory"),
    ("parse: feeds", lambda: pirc.parse(str(SAMPLES / "prog.feeds.npz")), "is a NumPy .npz archive"),
    ("parse: bad text", lambda: pirc.parse("{\n  (%0) = \n}"), "<string>:3:1: error: unexpected"),
    ("translate: missing", lambda: pirc.translate("nope.json"), "no such file: nope.json"),
    ("translate: PIR text", lambda: pirc.translate(str(SAMPLES / "mlp.pir")), "this is PIR text, not a Paddle model"),
    ("load_params: missing", lambda: pirc.load_params("nope.npz", _program()), "no such file: nope.npz"),
    ("load_params: not a program", lambda: pirc.load_params(str(SAMPLES / "prog.pdiparams"), "x"),
     "takes a Program, got str"),
    ("print: text", lambda: pirc.print("{}"), "pirc.print takes a Program"),
    ("verify: None", lambda: pirc.verify(None), "pirc.verify takes a Program"),
    ("optimize: misspelt pass", lambda: pirc.optimize(_program(), "csee"), "unknown pass or pipeline 'csee'"),
    ("optimize: bad option", lambda: pirc.optimize(_program(), "lower_to_kernel{target=foo}"),
     "option 'target' of pass 'lower_to_kernel' must be cuda or c, got 'foo'"),
    ("fuse: text", lambda: pirc.fuse("{}"), "takes a Program"),
    ("lower: target", lambda: pirc.lower(_program(), "foo"), "target must be 'c' or 'cuda', got 'foo'"),
    ("codegen: not an ast", lambda: pirc.codegen("junk"), "expected"),
    ("codegen: target", lambda: pirc.codegen("Module module {\n}\n", "foo"), "target must be"),
    ("compile: target", lambda: pirc.compile(_program(), "foo"), "target must be"),
    ("run: a missing feed", lambda: pirc.run(_program(), {}), "no feed for input 'x'"),
    ("run: backend", lambda: pirc.run(_program(), {}, backend="jit"), "backend must be 'interp' or 'cinn'"),
    ("run: device", lambda: pirc.run(_program(), {}, device="tpu"), "device must be 'cpu' or 'cuda'"),
]


@pytest.mark.parametrize("call,message", [m[1:] for m in MISTAKES], ids=[m[0] for m in MISTAKES])
def test_every_mistake_is_a_pirc_error_with_a_clear_message(call, message: str) -> None:  # type: ignore[no-untyped-def]
    for _ in range(2):
        with pytest.raises(PircError) as info:
            call()
        assert message in str(info.value) + info.value.render(), info.value.render()
        assert "Traceback" not in info.value.render()


def test_a_path_string_and_program_text_are_told_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (SAMPLES / "mlp.pir").read_text()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.pir").write_text(text)
    assert pirc.print(pirc.parse("m.pir")) == pirc.print(pirc.parse(text)) == text
