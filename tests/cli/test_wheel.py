"""The built distributions work outside the source tree.

Builds the sdist and, from it, the wheel (``python -m build``), checks that the
grammars and the compiled framework.proto descriptor are package data, installs
the wheel into a fresh venv (dependencies from the package index or the pip
cache; no CUDA wheel may come with a plain install) and runs the whole pipeline
from a folder outside the repository: translate, a syntax error (pir.lark),
fuse + lower (ast.lark), codegen, run with the interpreter, the loaded kernels
and --backend cinn, checked against Paddle's outputs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"


def _run(cmd: list[str], cwd: Path, env: dict[str, str], ok: bool = True) -> subprocess.CompletedProcess:
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    if ok:
        assert p.returncode == 0, f"{cmd}: rc={p.returncode}\n{p.stdout[-2000:]}\n{p.stderr[-2000:]}"
    return p


def test_wheel_installs_and_runs_outside_the_repo(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PIRC_GRAMMAR"))}
    dist = tmp_path / "dist"
    # build a copy of the tree so no build/ or egg-info lands in the checkout
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".venv", ".git", "build", "*.egg-info", "__pycache__",
                                                              "tests", "bench", "out", ".pytest_cache"))
    _run([sys.executable, "-m", "build", "--no-isolation", "-o", str(dist), str(src)], tmp_path, env)
    wheel = next(dist.glob("pirc-*.whl"))
    sdist = next(dist.glob("pirc-*.tar.gz"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("pirc/grammar/pir.lark", "pirc/grammar/ast.lark", "pirc/translate/framework_descriptor.binpb"):
        assert needed in names
    with tarfile.open(sdist) as tf:
        snames = {n.split("/", 1)[1] for n in tf.getnames() if "/" in n}
    assert {"grammar/pir.lark", "grammar/ast.lark", "pirc/translate/framework.proto"} <= snames
    # the licence the metadata declares travels with both (issue 31: there was no LICENSE file)
    assert "LICENSE" in snames and any(n.endswith(".dist-info/licenses/LICENSE") for n in names), sorted(names)
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    assert "License-Expression: Apache-2.0" in zipfile.ZipFile(wheel).read(meta).decode()
    assert (ROOT / "LICENSE").read_text().lstrip().startswith("Apache License\n                           Version 2.0")

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp_path, env)
    py = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", str(wheel)], tmp_path, env)
    listed = _run([sys.executable, "-m", "pip", "--python", str(py), "list", "--format=freeze"], tmp_path, env).stdout
    assert not [ln for ln in listed.splitlines() if ln.lower().startswith(("cuda", "nvidia"))], listed

    work = tmp_path / "work"
    work.mkdir()
    for f in ("prog.json", "prog.pdiparams", "prog.feeds.npz", "prog.outputs.npz"):
        shutil.copy(SAMPLES / f, work / f)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["PIRC_CACHE_DIR"] = str(tmp_path / "cache")
    # the installed package, not the checkout
    where = _run([str(py), "-c", "import pirc, sys; print(pirc.__file__)"], work, env).stdout
    assert str(venv) in where

    _run(["pirc-translate", "prog.json", "-o", "m.pir", "--params-out", "p.npz"], work, env)
    bad = subprocess.run(["pirc-opt"], input='{\n (%0) = "pd_op.relu" (%1 : }\n', cwd=work, env=env,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1 and "<stdin>:2:" in bad.stderr and "internal error" not in bad.stderr
    _run(["pirc-lower", "m.pir", "--target", "c", "-o", "k.ast", "--host-out", "host.pir"], work, env)
    _run(["pirc-codegen", "k.ast", "--target", "c", "-o", "k.c"], work, env)
    assert "pirc_k0_" in (work / "k.c").read_text()
    check = ["--params", "p.npz", "--feed", "prog.feeds.npz", "--expect", "prog.outputs.npz", "-o", "out.npz"]
    _run(["pirc-run", "m.pir", *check], work, env)
    _run(["pirc-run", "host.pir", "--kernels", "k.ast", *check], work, env)
    _run(["pirc-run", "m.pir", "--backend", "cinn", *check], work, env)
    # CUDA code paths without the extra: a clear message, exit 1
    _run(["pirc-lower", "m.pir", "--target", "cuda", "-o", "kc.ast"], work, env)
    cu = _run(["pirc-codegen", "kc.ast", "--compile", "-o", "k.cu"], work, env, ok=False)
    assert cu.returncode == 1 and "pirc[cuda]" in cu.stderr, cu.stderr
