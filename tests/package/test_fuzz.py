"""Fuzzing a package (Hypothesis): mutated manifests (fields deleted, retyped, replaced by hostile paths,
numbers moved, fields added) and mutated folders (files added, removed, truncated, flipped, replaced by
links, folders or FIFOs).  Every mutation is either refused with a PircError located in the package, or
changed nothing the loader relies on (the fields that only describe: source, compiler, the flags
beside -march, extra CPU requirements).  Nothing else may escape.  ``PIRC_FUZZ_EXAMPLES`` raises the
number of examples (CI runs the default)."""

from __future__ import annotations

import copy
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from package_helpers import make_package

from pirc.diagnostics import PircError
from pirc.package.load import check_package

EXAMPLES = int(os.environ.get("PIRC_FUZZ_EXAMPLES", "0")) or None
SETTINGS = settings(max_examples=EXAMPLES or 200, deadline=None, derandomize=EXAMPLES is None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

HOSTILE_PATHS = ["../x", "../../etc/passwd", "/etc/passwd", "/tmp/evil.so", "a/../../b.so", "x86-64-v4/../../x.so",
                 "", ".", "..", ".hidden", "a/b/c.so", "a\\b.so", "C:\\x.so", "x\0y", "host.pir/", "manifest.json",
                 "évil.so", "a" * 300, " host.pir", "host.pir ", "./host.pir", "x86-64-v4//kernels.so"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=12)
    | st.sampled_from(HOSTILE_PATHS),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6)


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_package("mlp", tmp_path_factory.mktemp("fuzz") / "mlp.pkg")


def _paths(v: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(v, dict):
        for k, x in v.items():
            out += _paths(x, (*prefix, k))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            out += _paths(x, (*prefix, i))
    return out


def _get(m: Any, path: tuple) -> Any:
    for k in path:
        m = m[k]
    return m


@st.composite
def mutations(draw: st.DrawFn, manifest: dict) -> tuple[dict, list[str]]:
    m = copy.deepcopy(manifest)
    done: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(m)
        path = draw(st.sampled_from(paths))
        target = _get(m, path)
        op = draw(st.sampled_from(["delete", "replace", "path", "number", "add", "append"]))
        if op == "delete" and path:
            parent = _get(m, path[:-1])
            del parent[path[-1]]
        elif op == "add" and isinstance(target, dict):
            target[draw(st.text(max_size=10) | st.sampled_from(["sha256", "bytes", "x86-64-v4/evil.so"]))] = \
                draw(json_values)
        elif op == "append" and isinstance(target, list):
            target.append(draw(json_values))
        elif op == "number" and isinstance(target, int) and not isinstance(target, bool) and path:
            _get(m, path[:-1])[path[-1]] = target + draw(st.integers(-3, 3).filter(bool))
        elif op == "path" and path:
            _get(m, path[:-1])[path[-1]] = draw(st.sampled_from(HOSTILE_PATHS))
        elif path:
            _get(m, path[:-1])[path[-1]] = draw(json_values)
        else:
            m = draw(json_values)
            done.append(f"{op} <manifest>")
            break
        done.append(f"{op} {'.'.join(map(str, path))}")
    return m, done


def _relied_on(m: Any) -> Any:
    """What the loader relies on: the manifest less the fields that only describe."""
    if not isinstance(m, dict):
        return m
    m = copy.deepcopy(m)
    for k in ("source", "compiler"):
        m.pop(k, None)
    for b in m.get("builds", []) if isinstance(m.get("builds"), list) else []:
        if isinstance(b, dict) and isinstance(b.get("flags"), list):
            b["flags"] = [f for f in b["flags"] if isinstance(f, str) and f.startswith("-march")]
        if isinstance(b, dict):
            b.pop("requires", None)
    return m


def _requires_kept(m: dict, original: dict) -> bool:
    return all(set(o["requires"]) <= set(b["requires"]) for b, o in zip(m["builds"], original["builds"], strict=True))


def _refused_or_harmless(pkg: Path, mutated: Any, manifest: dict, done: list[str]) -> None:
    try:
        check_package(str(pkg))
    except PircError as e:
        text = e.render()
        assert text.startswith(str(pkg) + "/") and ": error: " in text.splitlines()[0], (done, text)
        return
    assert _relied_on(mutated) == _relied_on(manifest) and _requires_kept(mutated, manifest), \
        f"accepted a manifest the loader relies on, mutated by {done}"


@SETTINGS
@given(data=st.data())
def test_mutated_manifests_are_refused(original: Path, tmp_path_factory: pytest.TempPathFactory,
                                       data: st.DataObject) -> None:
    manifest = json.loads((original / "manifest.json").read_text())
    pkg = tmp_path_factory.mktemp("m") / "p.pkg"
    shutil.copytree(original, pkg)
    mutated, done = data.draw(mutations(manifest))
    try:
        text = json.dumps(mutated, allow_nan=False)
    except ValueError:  # a float JSON cannot hold: written as Python would, which is not JSON
        text = json.dumps(mutated)
    (pkg / "manifest.json").write_text(text)
    _refused_or_harmless(pkg, mutated, manifest, done)
    shutil.rmtree(pkg.parent)


names = st.sampled_from(["evil.so", "libx.so.1", "notes.txt", ".hidden", "x86-64-v2", "params.npz.bak"]) \
    | st.from_regex(r"[A-Za-z0-9._-]{1,12}", fullmatch=True)


@st.composite
def folder_changes(draw: st.DrawFn, listed: list[str]) -> list[tuple[str, str]]:
    ops = []
    for _ in range(draw(st.integers(1, 2))):
        op = draw(st.sampled_from(["add", "add-in-build", "remove", "truncate", "append", "flip", "symlink",
                                   "folder", "fifo", "empty"]))
        target = draw(st.sampled_from(listed)) if op not in ("add", "add-in-build") else draw(names)
        ops.append((op, target))
    return ops


def _apply(pkg: Path, op: str, name: str, build: str) -> bool:
    """Apply one change; False when it changed nothing (the name is taken, or already gone)."""
    p = pkg / (f"{build}/{name}" if op == "add-in-build" else name)
    if op in ("add", "add-in-build"):
        if p.exists() or p.is_symlink() or name == "manifest.json":
            return False
        p.write_bytes(b"\x7fELF" + name.encode())
    elif not p.is_file() or p.is_symlink():
        return False
    elif op == "remove":
        p.unlink()
    elif op == "truncate":
        p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2])
    elif op == "append":
        with open(p, "ab") as f:
            f.write(b"\0")
    elif op == "flip":
        b = bytearray(p.read_bytes())
        if b:
            b[len(b) // 3] ^= 1
        p.write_bytes(bytes(b) if b else b"x")
    elif op == "empty":
        p.write_bytes(b"")
    elif op == "symlink":
        keep = pkg.parent / ("outside-" + name.replace("/", "_"))
        shutil.copyfile(p, keep)
        p.unlink()
        p.symlink_to(keep)
    elif op == "folder":
        p.unlink()
        p.mkdir()
    elif op == "fifo":
        p.unlink()
        os.mkfifo(p)
    return True


def _snapshot(root: Path) -> dict[str, Any]:
    """Every entry of a folder: its kind, and a file's bytes."""
    out: dict[str, Any] = {}
    for p in sorted(root.rglob("*")):
        rel = str(p.relative_to(root))
        if p.is_symlink():
            out[rel] = ("link", os.readlink(p))
        elif p.is_dir():
            out[rel] = ("dir",)
        elif p.is_file():
            out[rel] = ("file", p.read_bytes())
        else:
            out[rel] = ("other",)
    return out


@settings(max_examples=(EXAMPLES or 60), deadline=None, derandomize=EXAMPLES is None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_folders_are_refused(original: Path, tmp_path_factory: pytest.TempPathFactory,
                                     data: st.DataObject) -> None:
    manifest = json.loads((original / "manifest.json").read_text())
    listed = sorted(manifest["files"]) + ["manifest.json"]
    pkg = tmp_path_factory.mktemp("f") / "p.pkg"
    shutil.copytree(original, pkg)
    ops = data.draw(folder_changes(listed))
    for op, name in ops:
        _apply(pkg, op, name, manifest["builds"][0]["isa"])
    try:
        check_package(str(pkg))
    except PircError as e:
        text = e.render()
        assert text.startswith(str(pkg) + "/") and ": error: " in text.splitlines()[0], (ops, text)
    else:
        assert _snapshot(pkg) == _snapshot(original), f"accepted a package changed by {ops}"
    shutil.rmtree(pkg.parent)
