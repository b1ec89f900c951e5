"""pirc's one cache root: grammar tables and compiled kernels.

The root is ``$PIRC_CACHE_DIR`` when set, else the platform's user cache folder
(``$XDG_CACHE_HOME/pirc`` or ``~/.cache/pirc`` on Linux, ``~/Library/Caches/pirc``
on macOS, ``%LOCALAPPDATA%\\pirc\\Cache`` on Windows)::

    <root>/grammars/   LALR tables of grammar/*.lark (JSON, never pickle)
    <root>/kernels/    compiled kernels (see pirc.cinn.backend.cache)

What may be read from it:

* the root and every folder in it are created ``0700`` and must be owned by the
  user, not group- or world-writable, not symbolic links, and not inside a folder
  others can write to (sticky ones like ``/tmp`` excepted); a folder that fails
  these checks is not used (pirc then works without that cache), so a folder
  someone else planted in a shared place is never read;
* entries are opened as regular files only (a FIFO or device is refused without
  blocking), with a size bound, and carry a content hash checked on load; a bad
  entry is deleted and rebuilt.

The total size is kept under ``$PIRC_CACHE_MAX_BYTES`` (default 2 GiB) by removing
the least recently used entries.  ``pirc cache info`` and ``pirc cache clear``
show and empty it.
"""

from __future__ import annotations

import os
import shutil
import stat
import sys
import threading
from pathlib import Path

SUBDIRS = ("grammars", "kernels")
_LEGACY = ("v1",)  # the kernel cache's folder before the cache root had subfolders
DEFAULT_MAX_BYTES = 2 << 30


class UnsafeCacheDir(Exception):
    """A cache folder that is not private to the user."""


def cache_root() -> Path:
    """The cache root (not created)."""
    env = os.environ.get("PIRC_CACHE_DIR", "").strip()
    if env:
        return Path(env).expanduser()
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "pirc"
    if os.name == "nt":
        base = os.environ.get("LOCALAPPDATA", "").strip()
        return (Path(base) if base else Path.home() / "AppData" / "Local") / "pirc" / "Cache"
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    return (Path(xdg).expanduser() if xdg and os.path.isabs(os.path.expanduser(xdg)) else Path.home() / ".cache") / "pirc"


def max_bytes() -> int:
    try:
        return int(os.environ.get("PIRC_CACHE_MAX_BYTES", "") or DEFAULT_MAX_BYTES)
    except ValueError:
        return DEFAULT_MAX_BYTES


def check_private(path: Path) -> None:
    """Raise :class:`UnsafeCacheDir` unless ``path`` is a real folder owned by the user and
    writable by nobody else."""
    try:
        st = os.lstat(path)
    except OSError as e:
        raise UnsafeCacheDir(f"{path}: {e.strerror}") from None
    if stat.S_ISLNK(st.st_mode):
        raise UnsafeCacheDir(f"{path} is a symbolic link")
    if not stat.S_ISDIR(st.st_mode):
        raise UnsafeCacheDir(f"{path} is not a folder")
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        raise UnsafeCacheDir(f"{path} belongs to another user (uid {st.st_uid})")
    if st.st_mode & 0o022:
        raise UnsafeCacheDir(f"{path} is writable by other users (mode {stat.S_IMODE(st.st_mode):o})")
    for parent in Path(os.path.abspath(path)).parents:  # nobody else may rename it away and plant another
        try:
            pst = os.stat(parent)
        except OSError:
            continue
        if pst.st_mode & 0o002 and not pst.st_mode & stat.S_ISVTX:
            raise UnsafeCacheDir(f"{path} is inside {parent}, which other users can write to")


def private_dir(path: Path) -> Path:
    """Create ``path`` (and missing parents) with mode 0700 and check it (see :func:`check_private`)."""
    if not path.is_dir():
        try:
            os.makedirs(path, mode=0o700, exist_ok=True)
        except OSError as e:
            raise UnsafeCacheDir(f"cannot create {path}: {e.strerror}") from None
    check_private(path)
    return path


_lock = threading.Lock()
_checked: dict[str, Path | None] = {}


def subdir(name: str) -> Path | None:
    """``<root>/<name>``, created private; None when the root or it is not safe to use
    (the caller then works without a cache).  Checked once per process and root."""
    root = cache_root()
    key = f"{root}\0{name}"
    with _lock:
        hit = _checked.get(key, False)
        if hit is None or (hit and hit.is_dir()):
            return hit  # type: ignore[return-value]
        try:
            private_dir(root)
            path: Path | None = private_dir(root / name)
        except UnsafeCacheDir as e:
            warn_unusable(root, e)
            path = None
        _checked[key] = path
        return path


_warned: set[str] = set()
_warned_lock = threading.Lock()  # not _lock: subdir() warns while it holds that one


def warn_unusable(path: Path, reason: UnsafeCacheDir) -> None:
    """Say once per process that a cache folder is not used (it was dropped without a word, and
    every compiled run then built its kernels again)."""
    key = str(path)
    with _warned_lock:
        if key in _warned:
            return
        _warned.add(key)
    where = "PIRC_CACHE_DIR" if os.environ.get("PIRC_CACHE_DIR", "").strip() else "the cache root"
    try:
        sys.stderr.write(f"pirc: warning: not using the cache ({where}): {reason}; compiled kernels are not kept "
                         f"between runs (use a folder only you can write to: chmod 700, or another "
                         f"PIRC_CACHE_DIR)\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def forget_checks() -> None:
    """Check the folders again on next use (after ``clear`` or a change of ``$PIRC_CACHE_DIR``)."""
    with _lock:
        _checked.clear()


# -- size bound, info, clear ------------------------------------------------------------------

def _entries(root: Path) -> list[tuple[float, int, str]]:
    """(last use, size, path) of every regular file under root (symbolic links are not followed)."""
    out: list[tuple[float, int, str]] = []
    for dirpath, dirnames, filenames in os.walk(root):
        for f in filenames:
            p = os.path.join(dirpath, f)
            try:
                st = os.lstat(p)
            except OSError:
                continue
            out.append((max(st.st_atime, st.st_mtime), st.st_size if stat.S_ISREG(st.st_mode) else 0, p))
    return out


def trim(limit: int | None = None) -> int:
    """Remove least recently used files until the cache holds at most ``limit`` bytes
    (default :func:`max_bytes`); the number of bytes removed."""
    root = cache_root()
    if not root.is_dir():
        return 0
    limit = max_bytes() if limit is None else limit
    entries = _entries(root)
    total = sum(s for _, s, _ in entries)
    freed = 0
    if total <= limit:
        return 0
    for _, size, p in sorted(entries):
        if total - freed <= limit:
            break
        try:
            os.unlink(p)
            freed += size
        except OSError:
            pass
    return freed


def info() -> dict[str, object]:
    """Where the cache is, whether it is usable, and what it holds."""
    root = cache_root()
    out: dict[str, object] = {"root": str(root), "max_bytes": max_bytes()}
    try:
        check_private(root)
        out["status"] = "ok"
    except UnsafeCacheDir as e:
        out["status"] = "absent" if not os.path.lexists(root) else f"not used: {e}"
    total_files = total_bytes = 0
    for name in SUBDIRS:
        d = root / name
        entries = _entries(d) if d.is_dir() and not d.is_symlink() else []
        n, b = len(entries), sum(s for _, s, _ in entries)
        out[name] = {"files": n, "bytes": b}
        total_files += n
        total_bytes += b
    out["files"] = total_files
    out["bytes"] = total_bytes
    return out


def clear() -> int:
    """Empty the cache (the folders pirc made in the root); the number of bytes freed."""
    root = cache_root()
    freed = 0
    try:
        check_private(root)
    except UnsafeCacheDir:
        return 0
    for name in SUBDIRS + _LEGACY:
        d = root / name
        if d.is_symlink() or not d.is_dir():
            continue
        freed += sum(s for _, s, _ in _entries(d))
        shutil.rmtree(d, ignore_errors=True)
    forget_checks()
    return freed


__all__ = ["SUBDIRS", "UnsafeCacheDir", "cache_root", "check_private", "clear", "forget_checks", "info",
           "max_bytes", "private_dir", "subdir", "trim", "warn_unusable"]
