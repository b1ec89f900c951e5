"""Packages are checked before they run: every kind of tampered, truncated or mismatched package is
refused with a diagnostic located at the file concerned (``DIR/manifest.json: error: ...``), exit
status 1, and no library of it loaded.  MUTATIONS is the table of mutation classes and the message
each gets."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from package_helpers import make_package, run_package

from pirc.diagnostics import PircError
from pirc.package.load import load_package

MODEL, OTHER = "mlp", "lenet"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    d = tmp_path_factory.mktemp("built")
    return make_package(MODEL, d / "mlp.pkg"), make_package(OTHER, d / "lenet.pkg")


def _manifest(pkg: Path) -> dict:
    return json.loads((pkg / "manifest.json").read_text())


def _edit(fn: Callable[[dict], None]) -> Callable[[Path, Path], None]:
    def mutate(pkg: Path, other: Path) -> None:
        m = _manifest(pkg)
        fn(m)
        (pkg / "manifest.json").write_text(json.dumps(m))
    return mutate


def _write(name: str, data: bytes) -> Callable[[Path, Path], None]:
    def mutate(pkg: Path, other: Path) -> None:
        (pkg / "manifest.json").write_bytes(data) if name == "manifest.json" else (pkg / name).write_bytes(data)
    return mutate


def rehash(pkg: Path) -> None:
    """Make the manifest's hashes and sizes those of the files now there (a consistent forgery)."""
    m = _manifest(pkg)
    for name in m["files"]:
        data = (pkg / name).read_bytes()
        m["files"][name] = {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}
    (pkg / "manifest.json").write_text(json.dumps(m))


def _swap(name: str, other_name: str | None = None) -> Callable[[Path, Path], None]:
    """Replace a file by the other model's, and the hashes to match."""
    def mutate(pkg: Path, other: Path) -> None:
        src = other / (other_name or name)
        if not src.exists():  # the other model's package names its build folder after its level too
            src = next(other.glob(f"*/{Path(name).name}"))
        shutil.copyfile(src, pkg / name)
        rehash(pkg)
    return mutate


def _forge(name: str, change: Callable[[bytes], bytes]) -> Callable[[Path, Path], None]:
    def mutate(pkg: Path, other: Path) -> None:
        p = pkg / name
        p.write_bytes(change(p.read_bytes()))
        rehash(pkg)
    return mutate


def _build(pkg: Path) -> str:
    return _manifest(pkg)["builds"][0]["isa"]


def _in_build(name: str, fn: Callable[[Path], None]) -> Callable[[Path, Path], None]:
    def mutate(pkg: Path, other: Path) -> None:
        fn(pkg / _build(pkg) / name)
    return mutate


def _flip(p: Path) -> None:
    data = bytearray(p.read_bytes())
    data[len(data) // 2] ^= 0x10
    p.write_bytes(bytes(data))


def _truncate(p: Path) -> None:
    p.write_bytes(p.read_bytes()[:-100])


def _symlink_to_copy(p: Path) -> None:
    copy = p.parent.parent / (p.name + ".elsewhere")
    shutil.copyfile(p, copy)
    p.unlink()
    p.symlink_to(copy)
    # the copy sits outside the package folder (one level up)


def _symlink_folder(pkg: Path, other: Path) -> None:
    b = pkg / _build(pkg)
    moved = pkg.parent / (pkg.name + "-build")
    shutil.move(str(b), moved)
    b.symlink_to(moved, target_is_directory=True)


def _elf_header(data: bytes) -> bytes:
    return b"\x7fELF\x00\x00" + data[6:]  # the symbols are still there; the header is not


def _drop_field(key: str) -> Callable[[dict], None]:
    return lambda m: m.pop(key)


def _set(path: tuple, value: object) -> Callable[[dict], None]:
    def fn(m: dict) -> None:
        d = m
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = value(d[path[-1]]) if callable(value) else value
    return fn


def _first_file(m: dict) -> str:
    return sorted(m["files"])[0]


#: (mutation class, mutate(pkg, other_model_pkg), the file the error is located at, what it says)
MUTATIONS: list[tuple[str, Callable[[Path, Path], None], str, str]] = [
    # the manifest's text
    ("manifest not JSON", _write("manifest.json", b'{"format": '), "manifest.json:1:12", "error: not valid JSON"),
    ("manifest empty", _write("manifest.json", b""), "manifest.json:1:1", "error: not valid JSON"),
    ("manifest not UTF-8", _write("manifest.json", b"\xff\xfe{}"), "manifest.json", "is not UTF-8 text"),
    ("manifest a JSON array", _write("manifest.json", b"[1, 2]"), "manifest.json",
     "is not a pirc package manifest (a JSON object), but an array"),
    ("manifest with NaN", _write("manifest.json", b'{"format": NaN}'), "manifest.json", "NaN is not JSON"),
    ("manifest nested 100000 deep", _write("manifest.json", b"[" * 100000 + b"]" * 100000), "manifest.json",
     "not valid JSON"),
    # its fields
    ("another format", _edit(_set(("format",), "pirc-package/1")), "manifest.json",
     "is a package of format 'pirc-package/1'; this pirc reads 'pirc-package/2'"),
    ("not a package format", _edit(_set(("format",), "zip")), "manifest.json", "is not a pirc package manifest"),
    ("another pirc version", _edit(_set(("pirc_version",), "0.0.1")), "manifest.json",
     "the package was compiled by pirc 0.0.1; this is pirc"),
    ("a field missing", _edit(_drop_field("host")), "manifest.json", "lacks the field 'host'"),
    ("a field of another type", _edit(_set(("inputs",), "x")), "manifest.json",
     "'inputs' must be an array, not a string"),
    ("a size as a string", _edit(lambda m: m["files"][_first_file(m)].update(bytes="12")), "manifest.json",
     "must be an integer, not a string"),
    ("a size as a boolean", _edit(lambda m: m["files"][_first_file(m)].update(bytes=True)), "manifest.json",
     "must be an integer, not a boolean"),
    ("an unexpected field", _edit(_set(("signed_by",), "me")), "manifest.json", "has an unexpected field 'signed_by'"),
    ("a path with ..", _edit(_set(("host",), "../host.pir")), "manifest.json",
     "'host' '../host.pir' leads out of the package folder"),
    ("an absolute path", _edit(_set(("params",), "/etc/passwd")), "manifest.json",
     "'params' '/etc/passwd' is an absolute path"),
    ("a path two folders deep", _edit(lambda m: m["builds"][0].update(kernels="a/b/kernels.so")), "manifest.json",
     "is not a plain name inside the package folder"),
    ("a hidden file name", _edit(_set(("kernels_ast",), ".kernels.ast")), "manifest.json",
     "is not a plain name inside the package folder"),
    ("a file at another path", _edit(_set(("kernels_ast",), "k.ast")), "manifest.json",
     "'kernels_ast' names 'k.ast', which 'files' does not list"),
    ("a listed file nothing uses", _edit(lambda m: m["files"].update({"notes.txt": m["files"]["host.pir"]})),
     "manifest.json", "lists 'notes.txt', which no field of the manifest uses"),
    ("a malformed hash", _edit(lambda m: m["files"]["host.pir"].update(sha256="abc")), "manifest.json",
     "must be a SHA-256 in 64 lowercase hexadecimal digits"),
    ("another hash", _edit(lambda m: m["files"]["host.pir"].update(sha256="0" * 64)), "host.pir",
     "error: does not match its SHA-256 in manifest.json"),
    ("another size", _edit(lambda m: m["files"]["host.pir"].update(bytes=m["files"]["host.pir"]["bytes"] + 1)),
     "host.pir", "bytes; manifest.json says"),
    ("another ABI", _edit(_set(("abi", "aot"), "0")), "manifest.json", "the package's aot ABI is '0'"),
    ("another machine", _edit(_set(("machine",), "riscv64")), "manifest.json",
     "the package was compiled for riscv64 machines"),
    ("CPU requirements dropped", _edit(lambda m: m["builds"][0].update(requires=[])), "manifest.json",
     "'builds[0].requires' lacks CPU flags"),
    ("ISA level against its flags", _edit(lambda m: m["builds"][0].update(
        flags=[f for f in m["builds"][0]["flags"] if not f.startswith("-march")] + ["-march=x86-64-v3"])),
     "manifest.json", "but its flags compile for -march=x86-64-v3"),
    ("a host program's library missing", _edit(lambda m: m["builds"][0].update(aot=[])), "manifest.json",
     "has 0 libraries for 1 host programs"),
    ("inputs that are not the program's", _edit(_set(("inputs",), ["y"])), "manifest.json",
     "'inputs' is ['y'], but the host program's inputs are"),
    ("kernel names that are not the kernels'", _edit(_set(("kernel_names",), ["fn_x"])), "manifest.json",
     "'kernel_names' does not list the"),
    # the folder
    ("manifest missing", lambda p, o: (p / "manifest.json").unlink(), "manifest.json", "is missing: "),
    ("manifest a symbolic link", lambda p, o: _symlink_to_copy(p / "manifest.json"), "manifest.json",
     "is a symbolic link"),
    ("a listed file missing", lambda p, o: (p / "params.npz").unlink(), "params.npz",
     "is missing (manifest.json lists it)"),
    ("a library truncated", _in_build("kernels.so", _truncate), "kernels.so", "bytes; manifest.json says"),
    ("a library changed", _in_build("nnlib.so", _flip), "nnlib.so", "does not match its SHA-256"),
    ("parameters changed", lambda p, o: _flip(p / "params.npz"), "params.npz", "does not match its SHA-256"),
    ("an extra shared library", _write("evil.so", b"\x7fELF"), "evil.so",
     "is not listed in manifest.json: a package holds only the files its manifest lists (a shared library the "
     "package does not list is never loaded)"),
    ("an extra library in a build folder", lambda p, o: _write(f"{_build(p)}/libevil.so", b"x")(p, o),
     "libevil.so", "is not listed in manifest.json"),
    ("an extra folder", lambda p, o: (p / "plugins").mkdir(), "plugins", "is a folder manifest.json does not list"),
    ("a listed file a folder", lambda p, o: ((p / "kernels.ast").unlink(), (p / "kernels.ast").mkdir()),
     "kernels.ast", "is a folder manifest.json does not list"),
    ("a listed file a symbolic link", lambda p, o: _symlink_to_copy(p / "params.npz"), "params.npz",
     "is a symbolic link"),
    ("a build folder a symbolic link", _symlink_folder, "", "is a symbolic link"),
    ("a FIFO", lambda p, o: os.mkfifo(p / "pipe"), "pipe", "is not a regular file"),
    # consistent forgeries: files swapped or changed, the manifest's hashes made to match
    ("another model's weights", _swap("params.npz"), "params.npz", "the parameters of another model?"),
    ("another model's host program", _swap("host.pir"), "manifest.json", "'inputs' is"),
    ("another model's kernels", lambda p, o: _swap(f"{_build(p)}/kernels.so")(p, o), "kernels.so",
     "does not define the kernel"),
    ("kernel source edited", _forge("kernels.c", lambda b: b + b"/* x */\n"), "host.pir",
     "its kernels are not those of kernels.c"),
    ("host program not PIR", _forge("host.pir", lambda b: b"{ garbage"), "host.pir:1:", "error:"),
    ("parameters not an .npz", _forge("params.npz", lambda b: b"PK\x03\x04junk"), "params.npz",
     "cannot be read as parameters"),
    ("kernels not a library", lambda p, o: _forge(f"{_build(p)}/kernels.so", _elf_header)(p, o), "kernels.so",
     "cannot be loaded"),
    ("nn library not a library", lambda p, o: _forge(f"{_build(p)}/nnlib.so", _elf_header)(p, o), "nnlib.so",
     "is not pirc's nn library"),
    ("host program library not one", lambda p, o: _forge(f"{_build(p)}/aot-0.so", lambda b: b"\x7fELF junk")(p, o),
     "aot-0.so", "is not an ahead-of-time host program"),
]


def refusal(pkg: Path) -> str:
    """The rendered error of loading ``pkg`` (which must be refused)."""
    with pytest.raises(PircError) as e:
        load_package(str(pkg))
    return e.value.render()


@pytest.mark.parametrize("mutate,where,says", [m[1:] for m in MUTATIONS], ids=[m[0] for m in MUTATIONS])
def test_a_tampered_package_is_refused(built: tuple[Path, Path], tmp_path: Path, mutate: Callable[[Path, Path], None],
                                       where: str, says: str) -> None:
    pkg = tmp_path / "p.pkg"
    shutil.copytree(built[0], pkg, symlinks=True)
    mutate(pkg, built[1])
    text = refusal(pkg)
    first = text.splitlines()[0]
    assert first.startswith(str(pkg) + "/"), text
    assert where in first.split(": error:")[0] or where in first, text
    assert says in text, text


def test_refusals_exit_1_with_one_located_line(built: tuple[Path, Path], tmp_path: Path) -> None:
    """Through pirc-run: exit status 1, the located diagnostic first, never a traceback."""
    for name, mutate, where, _ in [m for m in MUTATIONS if m[0] in (
            "manifest not JSON", "a path with ..", "an extra shared library", "another model's weights",
            "kernels not a library", "a listed file a symbolic link")]:
        pkg = tmp_path / name.replace(" ", "-").replace("'", "")
        shutil.copytree(built[0], pkg, symlinks=True)
        mutate(pkg, built[1])
        r = run_package(pkg, MODEL)
        assert r.returncode == 1, (name, r.stderr)
        assert r.stderr.startswith(str(pkg) + "/") and "Traceback" not in r.stderr, (name, r.stderr)


def test_the_untouched_package_loads(built: tuple[Path, Path]) -> None:
    loaded = load_package(str(built[0]))
    assert loaded.aot_programs == 1 and loaded.build["isa"] == _build(built[0])


def table(out: Path) -> list[tuple[str, str]]:
    """(mutation class, the first line of its refusal, the package folder shown as DIR) for every class."""
    import tempfile

    rows = []
    with tempfile.TemporaryDirectory() as d:
        mlp, lenet = make_package(MODEL, Path(d) / "mlp.pkg"), make_package(OTHER, Path(d) / "lenet.pkg")
        for name, mutate, _, _ in MUTATIONS:
            pkg = Path(d) / "DIR"
            shutil.rmtree(pkg, ignore_errors=True)
            shutil.copytree(mlp, pkg, symlinks=True)
            mutate(pkg, lenet)
            try:
                load_package(str(pkg))
                first = "(accepted)"
            except PircError as e:
                first = e.render().splitlines()[0].replace(str(pkg), "DIR")
            rows.append((name, first))
    return rows


if __name__ == "__main__":  # the mutation table, as Markdown: python tests/package/test_tamper.py
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    print("| mutation class | refusal (first line) |\n|---|---|")
    for name, first in table(Path(".")):
        print(f"| {name} | `{first.replace('|', '/')}` |")


def test_the_loader_binds_the_nn_library_as_pirc_does() -> None:
    """The loader gives a package's nnlib.so the prototypes pirc.runtime.nn.lib gives the library it builds
    (derived from nnops.SIGNATURES: a new nn function needs no change in the loader)."""
    import subprocess
    import sys

    code = ("import ctypes; from pirc.runtime.nn import lib; from pirc.runtime.aot import nnops; so = lib.lib(); "
            "print({s: [t.__name__ for t in getattr(so, s).argtypes] for s in nnops.SIGNATURES})")
    built = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    from pirc.runtime.aot import nnops

    derived = {s: ["LP_c_long", *(["c_void_p"] * len(p)), "c_int"] for s, p in nnops.SIGNATURES.items()}
    assert eval(built) == derived  # noqa: S307 - our own subprocess's repr of a dict of lists of names
