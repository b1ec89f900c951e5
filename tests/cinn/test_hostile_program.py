"""Hostile names and string attributes through the whole path: parse, fuse, lower, generate, compile, run.

Nothing from the input may reach generated code except inside an escaped comment or string
literal, and the compiled code must compute what the interpreter computes.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pirc.ir.attributes import StrAttr

BIN = Path(sys.executable).parent

HOSTILE = [
    'x*/ system("rm -rf /"); /*',
    "y\n#include <stdio.h>\nint main(){}",
    "int",
    'w"); abort(); ("',
    "naïve\\",
    "for(;;){}",
]


def _s(text: str) -> str:
    return StrAttr.get(text).text  # as the PIR printer writes a string attribute


def program() -> str:
    x, y, w, s1, s2, s3 = (_s(h) for h in HOSTILE)
    t = "tensor<-1x8xf32>"
    return f"""{{
    (%0) = "builtin.parameter" () {{parameter_name:{w},persistable:[true],stop_gradient:[false]}} : () -> tensor<8xf32>
    (%1) = "pd_op.data" () {{dtype:float32,name:{x},place:Place(undefined:0),shape:[-1,8],stop_gradient:[true]}} : () -> {t}
    (%2) = "pd_op.data" () {{dtype:float32,name:{y},place:Place(undefined:0),shape:[-1,8],stop_gradient:[true]}} : () -> {t}
    (%3) = "pd_op.add" (%1, %0) {{stop_gradient:[true],struct_name:{s1}}} : ({t}, tensor<8xf32>) -> {t}
    (%4) = "pd_op.multiply" (%3, %2) {{stop_gradient:[true],struct_name:{s2}}} : ({t}, {t}) -> {t}
    (%5) = "pd_op.tanh" (%4) {{stop_gradient:[true],struct_name:{s3}}} : ({t}) -> {t}
    (%6) = "pd_op.fetch" (%5) {{col:0,name:{s2}}} : ({t}) -> {t}
}}
"""


def strip_comments_and_literals(src: str) -> str:
    src = re.sub(r"/\*.*?\*/", " ", src, flags=re.S)
    src = re.sub(r"//[^\n]*", " ", src)
    src = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', src)
    return re.sub(r"'(?:[^'\\\n]|\\.)*'", "''", src)


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PIRC_CACHE_DIR": str(cwd / "cache"), "PATH": "/usr/bin:/bin"}
    return subprocess.run([str(BIN / args[0]), *args[1:]], capture_output=True, text=True, cwd=cwd, env=env)


@pytest.mark.parametrize("target", ["c", "cuda"])
def test_hostile_names_never_reach_code_unescaped(tmp_path: Path, target: str) -> None:
    (tmp_path / "h.pir").write_text(program())
    for args in (("pirc-fuse", "h.pir", "-o", "f.pir"),
                 ("pirc-lower", "f.pir", "--target", target, "-o", "k.ast", "--host-out", "host.pir"),
                 ("pirc-codegen", "k.ast", "--target", target, "--compile", "-o", f"k.{'c' if target == 'c' else 'cu'}")):
        p = run(*args, cwd=tmp_path)
        assert p.returncode == 0, (args, p.stderr)
    src = (tmp_path / f"k.{'c' if target == 'c' else 'cu'}").read_text()
    code = strip_comments_and_literals(src)
    for h in HOSTILE:
        for fragment in re.split(r"\s+", h):
            if len(fragment) >= 4 and fragment not in ("int", "for(;;){}", "#include"):
                assert fragment not in code, (fragment, target)
    assert "system(" not in code and "abort()" not in code and "#include <stdio.h>" not in code
    assert "int main" not in code
    # every identifier of the generated kernels is generated
    for name in re.findall(r"\b(pirc_k\w+)\s*\(", code):
        assert re.fullmatch(r"pirc_k\d+_\w+", name)


def test_hostile_program_computes_right(tmp_path: Path) -> None:
    (tmp_path / "h.pir").write_text(program())
    rng = np.random.default_rng(0)
    feeds = {HOSTILE[0]: rng.standard_normal((3, 8)).astype(np.float32),
             HOSTILE[1]: rng.standard_normal((3, 8)).astype(np.float32)}
    np.savez(tmp_path / "feeds.npz", **feeds)
    np.savez(tmp_path / "params.npz", **{HOSTILE[2]: rng.standard_normal(8).astype(np.float32)})
    outs = {}
    for backend in ("interp", "cinn"):
        p = run("pirc-run", "h.pir", "--params", "params.npz", "--feed", "feeds.npz", "--backend", backend,
                "-o", f"{backend}.npz", cwd=tmp_path)
        assert p.returncode == 0, p.stderr
        outs[backend] = dict(np.load(tmp_path / f"{backend}.npz"))
    want = np.tanh((feeds[HOSTILE[0]] + np.load(tmp_path / "params.npz")[HOSTILE[2]]) * feeds[HOSTILE[1]])
    for got in outs.values():
        (arr,) = got.values()
        np.testing.assert_allclose(arr, want, rtol=1e-5, atol=1e-6)
