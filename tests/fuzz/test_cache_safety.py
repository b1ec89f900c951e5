"""The one cache root (grammar tables, kernels) cannot be turned against the user: nothing
planted there runs, nothing there blocks, bad entries are detected and rebuilt, the folder
is private, and ``pirc cache info`` / ``clear`` and the size bound work."""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from pirc import cachedir
from pirc.cinn.ast import builder as b
from pirc.cinn.backend.build import build
from pirc.cinn.backend.cache import KernelCache

BIN = Path(sys.executable).parent
PARSE_BOTH = """
import sys
from pirc.text.parser import parse_program
from pirc.cinn.ast.parser import parse
p = parse_program('{\\n (%0) = "a.b" () {x:1} : () -> tensor<2xf32>\\n}\\n', fast=False)
assert p.block.first_op.name == "a.b"
parse(open(sys.argv[1]).read())
print("parsed")
"""


class _Plant:
    """Unpickling this creates the marker file: proof that a pickle ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (open, (str(self.marker), "w"))


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(PIRC_CACHE_DIR=str(tmp_path / "cache"), TMPDIR=str(tmp_path / "tmp"), **extra)
    (tmp_path / "tmp").mkdir(exist_ok=True)
    return env


def _parse_in_child(env: dict[str, str]) -> subprocess.CompletedProcess:
    seed = Path(__file__).resolve().parent / "seeds" / "bench_softmax_small.c.ast"
    return subprocess.run([sys.executable, "-c", PARSE_BOTH, str(seed)], env=env, capture_output=True, text=True,
                          timeout=60)


def test_planted_pickles_never_run(tmp_path: Path) -> None:
    env = _env(tmp_path, XDG_CACHE_HOME=str(tmp_path / "xdg"))
    del env["PIRC_CACHE_DIR"]  # the default places: the user cache folder, and the old shared one
    old = tmp_path / "tmp" / "pirc-cache"  # where pirc used to read Lark's pickles: $TMPDIR/pirc-cache
    old.mkdir()
    marker = tmp_path / "PWNED"
    payload = pickle.dumps(_Plant(marker))
    for name in ("lark-pir.cache", "lark-ast.cache"):  # Lark's layout: a hash line, then pickles
        (old / name).write_bytes(b"0" * 64 + b"\n" + payload + payload)
    assert _parse_in_child(env).returncode == 0  # fills the cache: now we know the file names
    assert not marker.exists()
    tables = sorted((tmp_path / "xdg" / "pirc" / "grammars").iterdir())
    assert {p.name.split("-")[0] for p in tables} == {"pir", "ast"}
    for p in tables:  # a pickle in our own place, bare and after a hash line
        p.write_bytes(payload if p.name.startswith("pir") else p.read_bytes().split(b"\n")[0] + b"\n" + payload)
    p = _parse_in_child(env)
    assert p.returncode == 0 and p.stdout == "parsed\n", p.stderr
    assert not marker.exists()
    assert all(not t.read_bytes().startswith(payload[:8]) for t in tables)  # rebuilt


def test_a_fifo_in_the_grammar_cache_does_not_block(tmp_path: Path) -> None:
    env = _env(tmp_path)
    assert _parse_in_child(env).returncode == 0
    for t in (tmp_path / "cache" / "grammars").iterdir():
        t.unlink()
        os.mkfifo(t)
    p = _parse_in_child(env)  # the timeout would fire if a read blocked
    assert p.returncode == 0 and p.stdout == "parsed\n", p.stderr
    assert all(t.is_file() for t in (tmp_path / "cache" / "grammars").iterdir())


def test_grammar_tables_load_from_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pirc.grammars import grammar_dir, load_lark

    monkeypatch.setenv("PIRC_CACHE_DIR", str(tmp_path / "c"))
    cachedir.forget_checks()
    text = (grammar_dir() / "pir.lark").read_text()
    kw = dict(parser="lalr", lexer="contextual", start="attr_dict", maybe_placeholders=True)
    first = load_lark("pir.lark", text, **kw)
    (f,) = (tmp_path / "c" / "grammars").iterdir()
    digest, _, body = f.read_bytes().partition(b"\n")
    assert len(digest) == 64 and body.startswith(b"{")  # a content hash, then JSON: no pickle
    second = load_lark("pir.lark", text, **kw)
    assert first.parse("{a:1}") == second.parse("{a:1}")
    f.write_bytes(digest + b"\n" + body.replace(b"attr_dict", b"attr_dicX", 1))  # tampered: hash fails
    third = load_lark("pir.lark", text, **kw)
    assert third.parse("{a:1}") == first.parse("{a:1}")
    d2, _, body2 = f.read_bytes().partition(b"\n")  # rebuilt
    assert hashlib.sha256(body2).hexdigest().encode() == d2 and b"attr_dicX" not in body2
    cachedir.forget_checks()


# -- kernels --------------------------------------------------------------------------------------

def _fn(k: int):  # type: ignore[no-untyped-def]
    A = b.tensor("A", [8], "float32", buffer="_A")
    B = b.tensor("B", [8], "float32", buffer="_B")
    return b.lowered_func(f"f_{k}", [b.arg_in(A), b.arg_out(B)], b.root(b.compute(B, lambda i: A[i] * float(k))))


def _rebuilds(folder: Path, k: int) -> KernelCache:
    c = KernelCache(folder)
    m = build(_fn(k), "c", cache=c)
    assert m.compiled and c.stats.corrupt == 1, c.stats
    (y,) = m[f"f_{k}"](np.ones(8, np.float32))
    np.testing.assert_array_equal(y, k)
    return c


def test_bad_kernel_entries_are_detected_and_rebuilt(tmp_path: Path) -> None:
    a = build(_fn(2), "c", cache=KernelCache(tmp_path))
    bb = build(_fn(3), "c", cache=KernelCache(tmp_path))
    art, rec = a.artifact, a.artifact.with_suffix(".json")
    # the library a symbolic link to /dev/zero: refused as not a regular file (no MemoryError)
    art.unlink()
    art.symlink_to("/dev/zero")
    _rebuilds(tmp_path, 2)
    # a FIFO in place of the record: refused without blocking
    rec.unlink()
    os.mkfifo(rec)
    _rebuilds(tmp_path, 2)
    # a forged entry: another kernel's library with its own (valid) record
    shutil.copy(bb.artifact, art)
    shutil.copy(bb.artifact.with_suffix(".json"), rec)
    _rebuilds(tmp_path, 2)
    # ... and with the record's key rewritten to match: the library lacks the kernel's symbol
    shutil.copy(bb.artifact, art)
    rec.write_text(bb.artifact.with_suffix(".json").read_text().replace(bb.artifact.stem, art.stem))
    _rebuilds(tmp_path, 2)
    c = KernelCache(tmp_path)
    assert not build(_fn(2), "c", cache=c).compiled and c.stats.corrupt == 0


def test_cache_folders_are_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "root"
    monkeypatch.setenv("PIRC_CACHE_DIR", str(root))
    cachedir.forget_checks()
    assert cachedir.subdir("grammars") == root / "grammars"
    for d in (root, root / "grammars"):
        assert stat.S_IMODE(d.stat().st_mode) == 0o700
    c = KernelCache(root / "kernels")
    assert c.get_or_build("ab" * 32, ".bin", lambda: (b"x", 0.0))[0].parent.parent.parent == root / "kernels"
    # a world-writable folder (say, planted in /tmp by someone else) is never used
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    monkeypatch.setenv("PIRC_CACHE_DIR", str(shared))
    cachedir.forget_checks()
    assert cachedir.subdir("grammars") is None
    c = KernelCache(shared / "kernels")
    os.chmod(shared, 0o777)
    path, _ = c.get_or_build("cd" * 32, ".bin", lambda: (b"y", 0.0))
    assert not str(path).startswith(str(shared))
    if os.geteuid() == 0:  # another user's folder (root can make one)
        theirs = tmp_path / "theirs"
        theirs.mkdir(mode=0o700)
        os.chown(theirs, 65534, 65534)
        with pytest.raises(cachedir.UnsafeCacheDir, match="another user"):
            cachedir.check_private(theirs)
    link = tmp_path / "link"
    link.symlink_to(root)
    with pytest.raises(cachedir.UnsafeCacheDir, match="symbolic link"):
        cachedir.check_private(link)
    cachedir.forget_checks()


def test_cache_info_clear_and_size_bound(tmp_path: Path) -> None:
    env = _env(tmp_path)
    assert _parse_in_child(env).returncode == 0
    build(_fn(4), "c", cache=KernelCache(tmp_path / "cache" / "kernels"))
    p = subprocess.run([str(BIN / "pirc"), "cache", "info"], env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and f"root:     {tmp_path / 'cache'}" in p.stdout and "status:   ok" in p.stdout
    assert "grammars: 2 files" in p.stdout and "kernels:  2 files" in p.stdout
    old = time.time() - 3600
    for f in (tmp_path / "cache" / "kernels").rglob("*.*"):
        os.utime(f, (old, old))  # the kernel entries are the least recently used
    env2 = dict(env, PIRC_CACHE_MAX_BYTES="1")
    os.environ["PIRC_CACHE_DIR"], saved = env["PIRC_CACHE_DIR"], os.environ.get("PIRC_CACHE_DIR")
    try:
        grammar_bytes = sum(f.stat().st_size for f in (tmp_path / "cache" / "grammars").iterdir())
        assert cachedir.trim(grammar_bytes) > 0
        assert not list((tmp_path / "cache" / "kernels").rglob("*.so"))
        assert len(list((tmp_path / "cache" / "grammars").iterdir())) == 2
    finally:
        if saved is None:
            del os.environ["PIRC_CACHE_DIR"]
        else:
            os.environ["PIRC_CACHE_DIR"] = saved
    p = subprocess.run([str(BIN / "pirc"), "cache", "clear"], env=env2, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and p.stdout.startswith("cleared")
    assert not (tmp_path / "cache" / "grammars").exists() and (tmp_path / "cache").is_dir()
