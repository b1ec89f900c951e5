"""A package folder's manifest: its fields, their checks, and reading a folder's files against it.

Nothing in a package is trusted before :func:`check_folder` has passed: ``manifest.json`` must be a
JSON object of exactly the fields of :data:`FIELDS` with their types, every path in it a plain
relative name inside the folder (no ``..``, no absolute path, one sub-folder at most), every file it
names present, regular (no symbolic link) and of its recorded size and SHA-256, and no other file
in the folder.  The bytes checked are the bytes used: :class:`CheckedPackage` holds them, and the
loader loads libraries from private copies of them, never from the folder itself (a file swapped
after the check is never the one loaded).

Every problem is a :class:`~pirc.diagnostics.PircError` located at the file it is about
(``DIR/manifest.json: error: ...``, ``DIR/params.npz: error: ...``; a JSON syntax error at its line
and column), so ``pirc-run DIR`` exits 1 with one clear line.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from pirc.diagnostics import Diagnostic, Location, PircError, SourceFile

FORMAT = "pirc-package/2"
MANIFEST = "manifest.json"
#: bounds: a manifest, one file, the number of files
MAX_MANIFEST_BYTES = 16 << 20
MAX_FILE_BYTES = 1 << 36
MAX_FILES = 4096

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,127}\Z")
_HEX64 = re.compile(r"[0-9a-f]{64}\Z")


class FileLoc(Location):
    """A location that is a whole file: printed as its path (``DIR/manifest.json: error: ...``)."""

    __slots__ = ("path",)

    def __init__(self, path: str) -> None:
        super().__init__(None, 0, 0)
        self.path = path

    def __str__(self) -> str:
        return self.path


def error_at(path: str, message: str, note: str | None = None) -> PircError:
    d = Diagnostic("error", message, FileLoc(path))
    if note:
        d.note(note)
    return PircError(d)


AGAIN = "compile the package again (pirc-compile ... -o DIR --force)"


# ------------------------------------------------------------------------------------------------
# field types
# ------------------------------------------------------------------------------------------------

class _Bad(Exception):
    def __init__(self, where: str, message: str) -> None:
        super().__init__(message)
        self.where = where
        self.message = message


Check = Callable[[Any, str], None]


def _kind(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, list):
        return "an array"
    return "an object"


def _string(v: Any, where: str) -> None:
    if not isinstance(v, str):
        raise _Bad(where, f"must be a string, not {_kind(v)}")
    if "\0" in v or len(v) > 4096:
        raise _Bad(where, "must be a string of at most 4096 characters without NUL")


def _choice(*values: str) -> Check:
    def check(v: Any, where: str) -> None:
        _string(v, where)
        if v not in values:
            raise _Bad(where, f"must be one of {', '.join(repr(x) for x in values)}, not {v!r}")
    return check


def _integer(v: Any, where: str) -> None:
    if isinstance(v, bool) or not isinstance(v, int):
        raise _Bad(where, f"must be an integer, not {_kind(v)}")
    if not 0 <= v <= MAX_FILE_BYTES:
        raise _Bad(where, f"must be between 0 and {MAX_FILE_BYTES}, not {v}")


def _hex64(v: Any, where: str) -> None:
    _string(v, where)
    if not _HEX64.match(v):
        raise _Bad(where, "must be a SHA-256 in 64 lowercase hexadecimal digits")


def path_problem(p: str) -> str | None:
    """Why ``p`` is not a file name a package may hold (None when it is one)."""
    if p.startswith("/") or re.match(r"[A-Za-z]:[\\/]", p):
        return "is an absolute path: a package names its files relative to its folder"
    parts = p.replace("\\", "/").split("/")
    if ".." in parts:
        return "leads out of the package folder ('..')"
    if "\\" in p or len(parts) > 2 or not all(_NAME.match(x) for x in parts):
        return ("is not a plain name inside the package folder (letters, digits, '.', '_', '-', '+', not "
                "starting with '.'; one sub-folder at most)")
    if p == MANIFEST:
        return f"names {MANIFEST} itself"
    return None


def _path(*suffixes: str) -> Check:
    def check(v: Any, where: str) -> None:
        _string(v, where)
        why = path_problem(v)
        if why is not None:
            raise _Bad(where, f"{v!r} {why}")
        if suffixes and not v.endswith(suffixes):
            raise _Bad(where, f"{v!r} must end in {' or '.join(suffixes)}")
    return check


def _nullable(inner: Check) -> Check:
    def check(v: Any, where: str) -> None:
        if v is not None:
            inner(v, where)
    return check


def _array(item: Check, non_empty: bool = False, at_most: int = 1 << 16) -> Check:
    def check(v: Any, where: str) -> None:
        if not isinstance(v, list):
            raise _Bad(where, f"must be an array, not {_kind(v)}")
        if non_empty and not v:
            raise _Bad(where, "must not be empty")
        if len(v) > at_most:
            raise _Bad(where, f"has more than {at_most} entries")
        for i, x in enumerate(v):
            item(x, f"{where}[{i}]")
    return check


def _object(fields: dict[str, Check]) -> Check:
    def check(v: Any, where: str) -> None:
        if not isinstance(v, dict):
            raise _Bad(where, f"must be an object, not {_kind(v)}")
        for k in v:
            if k not in fields:
                raise _Bad(where, f"has an unexpected field {k!r} (this pirc reads {', '.join(fields)})")
        for k, c in fields.items():
            if k not in v:
                raise _Bad(where, f"lacks the field {k!r}")
            c(v[k], f"{where}.{k}" if where else k)
    return check


def _files(v: Any, where: str) -> None:
    if not isinstance(v, dict):
        raise _Bad(where, f"must be an object, not {_kind(v)}")
    if len(v) > MAX_FILES:
        raise _Bad(where, f"lists more than {MAX_FILES} files")
    entry = _object({"sha256": _hex64, "bytes": _integer})
    for k, meta in v.items():
        _path()(k, f"{where} key")
        entry(meta, f"{where}[{k!r}]")


_FEED = _object({"name": _string, "shape": _array(_integer, at_most=64), "dtype": _string})
_SO = _path(".so")

#: every field of a manifest and its type
FIELDS: dict[str, Check] = {
    "format": _string,
    "pirc_version": _string,
    "target": _choice("c", "cuda"),
    "machine": _string,
    "source": _string,
    "inputs": _array(_string),
    "host": _path(".pir"),
    "params": _nullable(_path(".npz")),
    "kernels_ast": _path(".ast"),
    "kernels_source": _path(".c", ".cu"),
    "kernel_names": _array(_string),
    "abi": _object({"codegen": _string, "aot": _string, "nnlib": _integer}),
    "compiler": _string,
    "aot": _object({"programs": _array(_object({"feeds": _array(_FEED, at_most=1024), "source": _path(".c")}),
                                       at_most=64),
                    "reason": _nullable(_string)}),
    "builds": _array(_object({"isa": _string, "requires": _array(_string, at_most=256),
                              "flags": _array(_string, at_most=256), "kernels": _path(".so", ".cubin", ".ptx"),
                              "nnlib": _nullable(_SO), "aot": _array(_SO, at_most=64)}),
                     non_empty=True, at_most=16),
    "files": _files,
}


def references(m: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(field, path) of every file a (type-checked) manifest names."""
    yield "host", m["host"]
    if m["params"] is not None:
        yield "params", m["params"]
    yield "kernels_ast", m["kernels_ast"]
    yield "kernels_source", m["kernels_source"]
    for i, p in enumerate(m["aot"]["programs"]):
        yield f"aot.programs[{i}].source", p["source"]
    for i, b in enumerate(m["builds"]):
        yield f"builds[{i}].kernels", b["kernels"]
        if b["nnlib"] is not None:
            yield f"builds[{i}].nnlib", b["nnlib"]
        for j, a in enumerate(b["aot"]):
            yield f"builds[{i}].aot[{j}]", a


def _cross_check(m: dict[str, Any]) -> None:
    n = len(m["aot"]["programs"])
    for i, b in enumerate(m["builds"]):
        if len(b["aot"]) != n:
            raise _Bad(f"builds[{i}].aot", f"has {len(b['aot'])} libraries for {n} host programs (aot.programs)")
    seen: dict[str, str] = {}
    for where, p in references(m):
        if p in seen:
            raise _Bad(where, f"names {p!r}, which {seen[p]} names too")
        seen[p] = where
        if p not in m["files"]:
            raise _Bad(where, f"names {p!r}, which 'files' does not list (with its hash)")
    for p in m["files"]:
        if p not in seen:
            raise _Bad("files", f"lists {p!r}, which no field of the manifest uses")
    if (m["aot"]["reason"] is None) != (n > 0):
        raise _Bad("aot.reason", "must be null when there are host programs, else say why there are none")
    ext = "c" if m["target"] == "c" else "cu"
    layout = {"host": "host.pir", "kernels_ast": "kernels.ast", "kernels_source": f"kernels.{ext}"}
    if m["params"] is not None:
        layout["params"] = "params.npz"
    for k, want in layout.items():
        if m[k] != want:
            raise _Bad(k, f"must be {want!r} in a {m['target']} package, not {m[k]!r}")
    for i, p in enumerate(m["aot"]["programs"]):
        if p["source"] != f"aot-{i}.c":
            raise _Bad(f"aot.programs[{i}].source", f"must be 'aot-{i}.c', not {p['source']!r}")
    isas: set[str] = set()
    for i, b in enumerate(m["builds"]):
        if b["isa"] in isas:
            raise _Bad(f"builds[{i}].isa", f"{b['isa']!r} is built twice")
        isas.add(b["isa"])
        if m["target"] == "c":
            _check_c_build(b, f"builds[{i}]", m["machine"], n)
        elif b["nnlib"] is not None or n:
            raise _Bad(f"builds[{i}]", "a cuda package has no nn library or host program")
    folders = {p.split("/")[0] for p in m["files"] if "/" in p}
    clash = folders & set(m["files"])
    if clash:
        raise _Bad("files", f"uses {sorted(clash)[0]!r} as a file and as a folder")


def _check_c_build(b: dict[str, Any], where: str, machine: str, n_aot: int) -> None:
    """A C build's ISA level agrees with its -march flag, its CPU requirements and its folder."""
    from pirc.cinn.backend.compile_c import ISA_LEVELS, level_of

    isa = b["isa"]
    level = level_of(b["flags"])
    if level is None and isa != machine:
        raise _Bad(f"{where}.isa", f"is {isa!r}, but its flags have no -march (a {machine!r} build)")
    if level is not None and level != isa:
        raise _Bad(f"{where}.isa", f"is {isa!r}, but its flags compile for -march={level}")
    if isa in ISA_LEVELS and not ISA_LEVELS[isa] <= set(b["requires"]):
        lacks = sorted(ISA_LEVELS[isa] - set(b["requires"]))
        raise _Bad(f"{where}.requires", f"lacks CPU flags {isa} needs: {', '.join(lacks[:6])}"
                   + (f" and {len(lacks) - 6} more" if len(lacks) > 6 else ""))
    if isa == "native" and not b["requires"]:
        raise _Bad(f"{where}.requires", "a -march=native build requires the compiling CPU's flags")
    if not _NAME.match(isa):
        raise _Bad(f"{where}.isa", f"{isa!r} is not a folder name")
    want = {"kernels": f"{isa}/kernels.so", "nnlib": f"{isa}/nnlib.so"}
    for k, path in want.items():
        if b[k] != path:
            raise _Bad(f"{where}.{k}", f"must be {path!r}, not {b[k]!r}")
    for j, a in enumerate(b["aot"]):
        if a != f"{isa}/aot-{j}.so":
            raise _Bad(f"{where}.aot[{j}]", f"must be '{isa}/aot-{j}.so', not {a!r}")


# ------------------------------------------------------------------------------------------------
# reading a folder
# ------------------------------------------------------------------------------------------------

@dataclass
class CheckedPackage:
    """A package folder that passed :func:`check_folder`: its manifest and the bytes of its files."""

    path: str
    manifest: dict[str, Any]
    data: dict[str, bytes]

    def at(self, name: str) -> str:
        """``DIR/name``, as diagnostics name a file of the package."""
        return os.path.join(self.path, name)


def _open_nofollow(path: str) -> int:
    return os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))


def _read(path: str, shown: str, limit: int, exact: int | None = None) -> bytes:
    """A regular file's bytes (no link, FIFO or device; at most ``limit``; ``exact`` bytes when given)."""
    try:
        fd = _open_nofollow(path)
    except FileNotFoundError:
        raise error_at(shown, f"is missing ({MANIFEST} lists it)" if exact is not None else "is missing",
                       AGAIN if exact is not None else None) from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise error_at(shown, "is a symbolic link: a package holds regular files only") from None
        raise error_at(shown, f"cannot be read: {e.strerror or e}") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise error_at(shown, "is a folder" if stat.S_ISDIR(st.st_mode) else "is not a regular file")
    with os.fdopen(fd, "rb") as f:
        if exact is not None and st.st_size != exact:
            raise error_at(shown, f"is {st.st_size} bytes; {MANIFEST} says {exact} (changed or truncated after "
                           f"pirc-compile wrote it)", AGAIN)
        if st.st_size > limit:
            raise error_at(shown, f"is larger than {limit} bytes")
        os.set_blocking(f.fileno(), True)
        try:
            data = f.read(st.st_size + 1)  # a file that grows meanwhile reads one byte too many
        except OSError as e:
            raise error_at(shown, f"cannot be read: {e.strerror or e}") from None
    if len(data) != st.st_size:
        raise error_at(shown, "changed while it was read")
    return data


def parse_manifest(path: str, text: bytes) -> dict[str, Any]:
    """The manifest's fields, type-checked (see :data:`FIELDS`).  ``path`` is the manifest's, for
    diagnostics.  Raises PircError."""
    try:
        s = text.decode("utf-8")
    except UnicodeDecodeError as e:
        raise error_at(path, f"is not UTF-8 text (byte {e.start})") from None
    try:
        m = json.loads(s, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise PircError(Diagnostic("error", f"not valid JSON: {e.msg}",
                                   Location(SourceFile(path, s), e.lineno, e.colno))) from None
    except (ValueError, RecursionError) as e:
        raise error_at(path, f"not valid JSON: {e}") from None
    if not isinstance(m, dict):
        raise error_at(path, f"is not a pirc package manifest (a JSON object), but {_kind(m)}")
    fmt = m.get("format")
    if not isinstance(fmt, str) or not fmt.startswith("pirc-package/"):
        raise error_at(path, f"is not a pirc package manifest (its 'format' is not {FORMAT!r})")
    if fmt != FORMAT:
        raise error_at(path, f"is a package of format {fmt!r}; this pirc reads {FORMAT!r}", AGAIN)
    from pirc import __version__

    version = m.get("pirc_version")
    if version != __version__:
        shown = repr(version) if not isinstance(version, str) else version
        raise error_at(path, f"the package was compiled by pirc {shown}; this is pirc {__version__}, and a package "
                       "runs only on the pirc that compiled it (its kernels' and host programs' ABI)",
                       "compile it again with this pirc (pirc-compile ... -o DIR --force)")
    try:
        _object(FIELDS)(m, "")
        _cross_check(m)
    except _Bad as e:
        where = f"'{e.where}' " if e.where else ""
        raise error_at(path, f"{where}{e.message}", AGAIN) from None
    return m


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def is_package(path: str) -> bool:
    """A folder given where a program is expected: read as a package (its manifest says if it is one)."""
    return os.path.isdir(path)


def check_folder(path: str) -> CheckedPackage:
    """Read and check the package folder ``path`` (see the module docstring).  Raises PircError."""
    mpath = os.path.join(path, MANIFEST)
    try:
        st = os.lstat(mpath)
    except FileNotFoundError:
        raise error_at(mpath, f"is missing: {path} is not a pirc package", "pirc-compile MODEL -o DIR makes one") \
            from None
    except OSError as e:
        raise error_at(mpath, f"cannot be read: {e.strerror or e}") from None
    if stat.S_ISLNK(st.st_mode):
        raise error_at(mpath, "is a symbolic link: a package holds regular files only")
    m = parse_manifest(mpath, _read(mpath, mpath, MAX_MANIFEST_BYTES))
    listed = set(m["files"])
    folders = {p.split("/")[0] for p in listed if "/" in p}
    _scan(path, "", listed, folders, 0)
    data: dict[str, bytes] = {}
    for name, meta in m["files"].items():
        shown = os.path.join(path, name)
        b = _read(shown, shown, MAX_FILE_BYTES, meta["bytes"])
        if hashlib.sha256(b).hexdigest() != meta["sha256"]:
            raise error_at(shown, f"does not match its SHA-256 in {MANIFEST}",
                           "the package was changed after pirc-compile wrote it; " + AGAIN)
        data[name] = b
    return CheckedPackage(path, m, data)


def _scan(root: str, rel: str, listed: set[str], folders: set[str], depth: int) -> None:
    """Refuse anything in the folder the manifest does not list: links, other files, other folders."""
    try:
        entries = sorted(os.scandir(os.path.join(root, rel) if rel else root), key=lambda e: e.name)
    except OSError as e:
        raise error_at(os.path.join(root, rel), f"cannot be listed: {e.strerror or e}") from None
    for e in entries:
        name = f"{rel}/{e.name}" if rel else e.name
        shown = os.path.join(root, name)
        if e.is_symlink():
            raise error_at(shown, "is a symbolic link: a package holds regular files only (a link may point "
                           "anywhere)", "replace it by the file itself, or " + AGAIN)
        if e.is_dir(follow_symlinks=False):
            if depth == 0 and name in folders:
                _scan(root, name, listed, folders, depth + 1)
                continue
            raise error_at(shown, f"is a folder {MANIFEST} does not list", "remove it, or " + AGAIN)
        if not e.is_file(follow_symlinks=False):
            raise error_at(shown, "is not a regular file")
        if name == MANIFEST and depth == 0:
            continue
        if name not in listed:
            lib = " (a shared library the package does not list is never loaded)" if ".so" in e.name else ""
            raise error_at(shown, f"is not listed in {MANIFEST}: a package holds only the files its manifest "
                           f"lists{lib}", "remove it, or " + AGAIN)


__all__ = ["FIELDS", "FORMAT", "MANIFEST", "CheckedPackage", "FileLoc", "check_folder", "error_at", "is_package",
           "parse_manifest", "path_problem", "references"]
