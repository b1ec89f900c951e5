"""The content-addressed kernel cache: warm runs compile nothing, broken entries are rebuilt,
parallel builds, concurrency, an unwritable folder."""

from __future__ import annotations

import os
import threading

import cg_trees as C
import numpy as np
import pytest

from pirc.cinn.ast import builder as b
from pirc.cinn.backend.build import build, build_many, generate
from pirc.cinn.backend.cache import KernelCache, cache_key, default_cache


def _fn(k: float):  # type: ignore[no-untyped-def]
    A = b.tensor("A", [16], "float32", buffer="_A")
    B = b.tensor("B", [16], "float32", buffer="_B")
    return b.lowered_func(f"f_{int(k)}", [b.arg_in(A), b.arg_out(B)], b.root(b.compute(B, lambda i: A[i] * k)))


def test_warm_run_compiles_nothing(tmp_path) -> None:  # type: ignore[no-untyped-def]
    c1 = KernelCache(tmp_path)
    events: list = []
    c1.on_compile.append(lambda kind, key, s: events.append((kind, key)))
    m1 = build(_fn(2), "c", cache=c1)
    assert m1.compiled and c1.stats.compiles == 1 and len(events) == 1 and events[0][0] == "so"
    c2 = KernelCache(tmp_path)  # a new process, as far as the cache can tell
    m2 = build(_fn(2), "c", cache=c2)
    assert not m2.compiled and c2.stats.compiles == 0 and c2.stats.hits == 1
    assert m1.artifact == m2.artifact
    (y,) = m2["f_2"](np.arange(16, dtype=np.float32))
    np.testing.assert_array_equal(y, np.arange(16) * 2)
    # a different source is a different entry
    build(_fn(3), "c", cache=c2)
    assert c2.stats.compiles == 1


def test_layout_and_record(tmp_path) -> None:  # type: ignore[no-untyped-def]
    c = KernelCache(tmp_path)
    m = build(_fn(2), "c", cache=c)
    assert m.artifact.parent.parent == tmp_path / "v1"  # KernelCache(dir) holds dir/v1
    assert m.artifact.parent.name == m.artifact.stem[:2] and len(m.artifact.stem) == 64
    rec = m.artifact.with_suffix(".json").read_text()
    assert '"sha256"' in rec and '"toolchain"' in rec
    assert not [p for p in m.artifact.parent.iterdir() if p.name.startswith(".pirc-")]  # no temp files left


@pytest.mark.parametrize("damage", ["truncate", "garbage", "delete_record", "delete_artifact", "bad_record"])
def test_broken_entries_are_rebuilt(tmp_path, damage: str) -> None:  # type: ignore[no-untyped-def]
    c = KernelCache(tmp_path)
    m = build(_fn(5), "c", cache=c)
    art, rec = m.artifact, m.artifact.with_suffix(".json")
    if damage == "truncate":
        art.write_bytes(art.read_bytes()[:100])
    elif damage == "garbage":
        art.write_bytes(os.urandom(art.stat().st_size))
    elif damage == "delete_record":
        rec.unlink()
    elif damage == "delete_artifact":
        art.unlink()
    else:
        rec.write_text("{not json")
    c2 = KernelCache(tmp_path)
    m2 = build(_fn(5), "c", cache=c2)
    assert m2.compiled and c2.stats.compiles == 1 and c2.stats.corrupt == 1
    (y,) = m2["f_5"](np.ones(16, np.float32))
    np.testing.assert_array_equal(y, 5)
    c3 = KernelCache(tmp_path)
    assert not build(_fn(5), "c", cache=c3).compiled and c3.stats.corrupt == 0


def test_key_covers_flags_and_toolchain(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    c = KernelCache(tmp_path)
    build(_fn(7), "c", cache=c)
    monkeypatch.setenv("PIRC_CFLAGS", "-O2")
    assert build(_fn(7), "c", cache=c).compiled
    assert cache_key("a", "bc") != cache_key("ab", "c")  # parts are length-prefixed


def test_build_many_in_parallel(tmp_path) -> None:  # type: ignore[no-untyped-def]
    c = KernelCache(tmp_path)
    mods = [[_fn(k)] for k in range(6)]
    out = build_many(mods, "c", cache=c, workers=3, progress=False)
    assert [m.kernels[0].name for m in out] == [f"f_{k}" for k in range(6)]
    assert c.stats.compiles == 6
    for k, m in enumerate(out):
        (y,) = m[f"f_{k}"](np.ones(16, np.float32))
        np.testing.assert_array_equal(y, k)
    c2 = KernelCache(tmp_path)
    build_many(mods, "c", cache=c2, progress=False)
    assert c2.stats.compiles == 0 and c2.stats.hits == 6


def test_build_many_reports_the_first_failure(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from pirc.cinn.backend.errors import CompileError

    monkeypatch.setenv("PIRC_CFLAGS", "-Dfor=@")
    with pytest.raises(CompileError):
        build_many([[_fn(1)], [_fn(2)]], "c", cache=KernelCache(tmp_path), progress=False)


def test_progress_bar(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Forced on, the (transient) rich bar runs without a terminal; by default it stays off when
    stderr is not a terminal, so nothing reaches a redirected stderr."""
    out = build_many([[_fn(k)] for k in range(4)], "c", cache=KernelCache(tmp_path), progress=True)
    assert len(out) == 4
    capsys.readouterr()
    build_many([[_fn(k)] for k in range(4, 8)], "c", cache=KernelCache(tmp_path))
    assert capsys.readouterr().err == ""


def test_one_compilation_for_concurrent_requests(tmp_path) -> None:  # type: ignore[no-untyped-def]
    c = KernelCache(tmp_path)
    src = generate(C.elementwise_symbolic(), "c")
    results: list = []
    threads = [threading.Thread(target=lambda: results.append(build(src, cache=c))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 4 and c.stats.compiles == 1 and c.stats.hits == 3
    assert sum(m.compiled for m in results) == 1


def test_unwritable_folder_falls_back_to_a_temporary_one(tmp_path) -> None:  # type: ignore[no-untyped-def]
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    c = KernelCache(blocker / "cache")
    m = build(_fn(4), "c", cache=c)
    assert m.compiled and not str(m.artifact).startswith(str(blocker))
    (y,) = m["f_4"](np.ones(16, np.float32))
    np.testing.assert_array_equal(y, 4)


def test_default_cache_follows_the_environment(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("PIRC_CACHE_DIR", str(tmp_path / "env-cache"))
    c = default_cache()
    assert c.dir == tmp_path / "env-cache" / "kernels" and default_cache() is c
    m = build(_fn(6), "c")
    assert str(m.artifact).startswith(str(tmp_path / "env-cache"))
