"""A content-addressed kernel cache on disk.

Key: SHA-256 of (cache layout version, codegen version, artifact kind, the
source text, the compiler's identity and version, every flag, the target /
arch).  Layout, under the cache root (:mod:`pirc.cachedir`; ``$PIRC_CACHE_DIR``
overrides)::

    <root>/kernels/
      v1/ab/abcdef....so     the artifact (a shared library, a cubin, a PTX file)
      v1/ab/abcdef....json   {"key": ..., "ext": ..., "sha256": ..., "size": ..., "kind": ..., "toolchain": ...}

* Writes are atomic (:func:`pirc.fileio.atomic_write`), artifact first, then its
  record; an entry counts only when the record names this key and extension and the
  artifact's size and SHA-256 match it, and the artifact holds the symbols the
  caller needs.  Both files are read as regular files only (a FIFO or a symbolic
  link to a device is refused without blocking), with size bounds.  A truncated,
  corrupted, forged or half-written entry is deleted and rebuilt (``stats.corrupt``).
* The folder is private (created 0700, owner checked); one that is not (another
  user's, world-writable, a symbolic link) is not used: artifacts then go to a
  private temporary folder for the life of the process, as when the folder cannot
  be written.
* Thread-safe: one lock per key, so threads asking for the same kernel compile it
  once.  Processes sharing the folder may compile the same kernel twice; the last
  rename wins and both results are valid.
* ``stats`` counts hits, misses, compilations and corrupt entries;
  ``on_compile`` hooks see every compilation (tests assert "0 compilations on a warm
  run").  The cache root's size bound is applied after stores.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pirc.cachedir import UnsafeCacheDir, cache_root, private_dir, trim, warn_unusable
from pirc.fileio import FileError, atomic_write, read_regular

CACHE_LAYOUT = "v1"


@dataclass
class CacheStats:
    hits: int = 0
    misses: int = 0
    compiles: int = 0
    corrupt: int = 0
    compile_seconds: float = 0.0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, **kw: float) -> None:
        with self._lock:
            for k, v in kw.items():
                setattr(self, k, getattr(self, k) + v)

    def snapshot(self) -> dict[str, float]:
        with self._lock:
            return {"hits": self.hits, "misses": self.misses, "compiles": self.compiles, "corrupt": self.corrupt,
                    "compile_seconds": self.compile_seconds}


def cache_key(*parts: object) -> str:
    h = hashlib.sha256()
    for p in (CACHE_LAYOUT, *parts):
        b = p if isinstance(p, bytes) else str(p).encode("utf-8", "surrogatepass")
        h.update(len(b).to_bytes(8, "little"))
        h.update(b)
    return h.hexdigest()


MAX_ARTIFACT_BYTES = 1 << 30
MAX_RECORD_BYTES = 1 << 16
_TRIM_EVERY = 32  # stores between two size-bound passes


def default_cache_dir() -> Path:
    """``<cache root>/kernels``."""
    return cache_root() / "kernels"


class KernelCache:
    """See the module docstring."""

    def __init__(self, directory: str | os.PathLike | None = None) -> None:
        self.dir = Path(directory).expanduser() if directory is not None else default_cache_dir()
        self.stats = CacheStats()
        self.on_compile: list[Callable[[str, str, float], None]] = []  # (kind, key, seconds)
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._fallback: Path | None = None
        self._stores = 0
        self._checked = False

    def __repr__(self) -> str:
        return f"KernelCache({str(self.dir)!r})"

    # -- paths -------------------------------------------------------------------------------
    def _root(self) -> Path:
        return self._fallback if self._fallback is not None else self.dir / CACHE_LAYOUT

    def path(self, key: str, ext: str) -> Path:
        return self._root() / key[:2] / f"{key}{ext}"

    def _lock_for(self, key: str) -> threading.Lock:
        with self._guard:
            lk = self._locks.get(key)
            if lk is None:
                lk = self._locks[key] = threading.Lock()
            return lk

    # -- entries -----------------------------------------------------------------------------
    def lookup(self, key: str, ext: str, require: Sequence[bytes] = ()) -> Path | None:
        """The artifact's path when a valid entry exists (a bad one is removed).  ``require``:
        byte strings (exported symbol names) the artifact must contain."""
        if not self._usable():
            return None
        art = self.path(key, ext)
        rec = art.with_suffix(".json")
        try:
            meta = json.loads(read_regular(rec, MAX_RECORD_BYTES))
            data = read_regular(art, MAX_ARTIFACT_BYTES)
        except FileError as e:
            if e.errno == errno.ENOENT and not (os.path.lexists(art) or os.path.lexists(rec)):
                return None
            self._corrupt(art, rec)
            return None
        except (ValueError, RecursionError):
            self._corrupt(art, rec)
            return None
        if (not isinstance(meta, dict) or meta.get("key") != key or meta.get("ext") != ext
                or meta.get("size") != len(data) or meta.get("sha256") != hashlib.sha256(data).hexdigest()
                or any(r not in data for r in require)):
            self._corrupt(art, rec)
            return None
        return art

    def _corrupt(self, *paths: Path) -> None:
        self._remove(*paths)
        self.stats.add(corrupt=1)

    def _usable(self) -> bool:
        """Whether the folder is private to the user (else the private temporary one is used)."""
        if self._fallback is not None:
            return True
        if not self._checked:
            try:
                private_dir(self.dir)
                private_dir(self.dir / CACHE_LAYOUT)
            except UnsafeCacheDir as e:
                warn_unusable(self.dir, e)
                self._fallback = Path(tempfile.mkdtemp(prefix="pirc-cache-"))
            self._checked = True
        return True

    def _remove(self, *paths: Path) -> None:
        for p in paths:
            try:
                p.unlink()
            except OSError:
                pass

    def store(self, key: str, ext: str, data: bytes, info: dict | None = None) -> Path:
        self._usable()
        try:
            path = self._store(key, ext, data, info)
        except OSError:
            if self._fallback is None:
                self._fallback = Path(tempfile.mkdtemp(prefix="pirc-cache-"))
            return self._store(key, ext, data, info)
        self._stores += 1
        if self._fallback is None and self._stores % _TRIM_EVERY == 1 and self.dir == default_cache_dir():
            trim()
        return path

    def _store(self, key: str, ext: str, data: bytes, info: dict | None) -> Path:
        art = self.path(key, ext)
        art.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        record = {**(info or {}), "key": key, "ext": ext, "sha256": hashlib.sha256(data).hexdigest(),
                  "size": len(data), "created": time.time()}
        atomic_write(art, data)
        atomic_write(art.with_suffix(".json"), json.dumps(record, sort_keys=True).encode())
        return art

    def get_or_build(self, key: str, ext: str, build: Callable[[], tuple[bytes, float]], *, kind: str = "",
                     info: dict | None = None, require: Sequence[bytes] = ()) -> tuple[Path, bool]:
        """The artifact for ``key``, built by ``build() -> (bytes, seconds)`` on a miss.
        ``require``: symbol names a cached artifact must contain.  Returns (path, compiled_now)."""
        with self._lock_for(key):
            hit = self.lookup(key, ext, require)
            if hit is not None:
                self.stats.add(hits=1)
                return hit, False
            self.stats.add(misses=1)
            data, seconds = build()
            self.stats.add(compiles=1, compile_seconds=seconds)
            path = self.store(key, ext, data, {"kind": kind, **(info or {})})
        for hook in list(self.on_compile):
            hook(kind, key, seconds)
        return path, True

    def clear(self) -> None:
        import shutil

        shutil.rmtree(self._root(), ignore_errors=True)
        self._checked = False


_DEFAULT: dict[str, KernelCache] = {}
_DEFAULT_LOCK = threading.Lock()


def default_cache() -> KernelCache:
    """The process-wide cache for the current ``$PIRC_CACHE_DIR`` (one instance per folder)."""
    d = str(default_cache_dir())
    with _DEFAULT_LOCK:
        c = _DEFAULT.get(d)
        if c is None:
            c = _DEFAULT[d] = KernelCache(d)
        return c


__all__ = ["CACHE_LAYOUT", "CacheStats", "KernelCache", "cache_key", "default_cache", "default_cache_dir"]
