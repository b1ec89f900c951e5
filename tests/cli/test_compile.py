"""pirc-compile writes a deployable package that pirc-run DIR runs; its manifest guards it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
BIN = Path(sys.executable).parent


def sh(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / args[0]), *args[1:]], capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=300)


def test_package_runs_anywhere_and_is_checked(tmp_path: Path) -> None:
    env = {**os.environ, "PIRC_CACHE_DIR": str(tmp_path / "cache")}
    made = sh("pirc-compile", str(SAMPLES / "prog.json"), "-o", "pkg", "--feed", str(SAMPLES / "prog.feeds.npz"),
              cwd=tmp_path, env=env)
    assert made.returncode == 0, made.stderr
    pkg = tmp_path / "pkg"
    manifest = json.loads((pkg / "manifest.json").read_text())
    assert manifest["target"] == "c" and manifest["format"] == "pirc-package/2" and manifest["inputs"] == ["x"]
    isa = manifest["builds"][0]["isa"]
    assert {"host.pir", "kernels.ast", "kernels.c", "params.npz", f"{isa}/kernels.so", f"{isa}/nnlib.so"} \
        <= set(manifest["files"])
    # moved elsewhere, with an empty kernel cache: runs from its own files (the host program frozen for the
    # shape of --feed), matches Paddle
    moved = tmp_path / "elsewhere" / "model.pkg"
    shutil.copytree(pkg, moved)
    env["PIRC_CACHE_DIR"] = str(tmp_path / "empty-cache")
    run = sh("pirc-run", str(moved), "--feed", str(SAMPLES / "prog.feeds.npz"), "--expect",
             str(SAMPLES / "prog.outputs.npz"), "-o", "out.npz", cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stderr
    assert not (tmp_path / "empty-cache").exists() or not any((tmp_path / "empty-cache").rglob("*.so"))
    # the wrong device, then a changed file: refused before running
    cuda = sh("pirc-run", str(moved), "--device", "cuda", "--feed", str(SAMPLES / "prog.feeds.npz"), cwd=tmp_path,
              env=env)
    assert cuda.returncode == 1 and "compiled for target c" in cuda.stderr
    data = bytearray((moved / "params.npz").read_bytes())
    data[-30] ^= 1  # one bit of a parameter
    (moved / "params.npz").write_bytes(bytes(data))
    bad = sh("pirc-run", str(moved), "--feed", str(SAMPLES / "prog.feeds.npz"), cwd=tmp_path, env=env)
    assert bad.returncode == 1 and "params.npz: error: does not match its SHA-256" in bad.stderr
    # an existing folder is not replaced without --force
    again = sh("pirc-compile", str(SAMPLES / "prog.json"), "-o", "pkg", cwd=tmp_path, env=env)
    assert again.returncode == 2 and "--force" in again.stderr
