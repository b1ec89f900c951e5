"""A content-addressed kernel cache on disk.

Key: SHA-256 of (cache layout version, codegen version, artifact kind, the
source text, the compiler's identity and version, every flag, the target /
arch).  Layout::

    $PIRC_CACHE_DIR (default ~/.cache/pirc)/
      v1/ab/abcdef....so     the artifact (a shared library, a cubin, a PTX file)
      v1/ab/abcdef....json   {"sha256": ..., "size": ..., "kind": ..., "toolchain": ...}

* Writes are atomic (a temporary file in the same folder, then ``os.replace``),
  artifact first, then its record; an entry counts only when the record exists and
  the artifact's SHA-256 matches it.  A truncated, corrupted or half-written entry
  is deleted and rebuilt (``stats.corrupt``).
* Thread-safe: one lock per key, so threads asking for the same kernel compile it
  once.  Processes sharing the folder may compile the same kernel twice; the last
  rename wins and both results are valid.
* ``stats`` counts hits, misses, compilations and corrupt entries;
  ``on_compile`` hooks see every compilation (tests assert "0 compilations on a warm
  run").  When the folder cannot be written, artifacts go to a private temporary
  folder for the life of the process.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pirc.fileio import atomic_write

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


def default_cache_dir() -> Path:
    env = os.environ.get("PIRC_CACHE_DIR", "").strip()
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "pirc"


class KernelCache:
    """See the module docstring."""

    def __init__(self, directory: str | os.PathLike | None = None) -> None:
        self.dir = Path(directory).expanduser() if directory is not None else default_cache_dir()
        self.stats = CacheStats()
        self.on_compile: list[Callable[[str, str, float], None]] = []  # (kind, key, seconds)
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._fallback: Path | None = None

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
    def lookup(self, key: str, ext: str) -> Path | None:
        """The artifact's path when a valid entry exists (a corrupt one is removed)."""
        art = self.path(key, ext)
        rec = art.with_suffix(".json")
        try:
            meta = json.loads(rec.read_text())
            data = art.read_bytes()
        except FileNotFoundError:
            if art.exists() or rec.exists():
                self._remove(art, rec)
                self.stats.add(corrupt=1)
            return None
        except (OSError, ValueError):
            self._remove(art, rec)
            self.stats.add(corrupt=1)
            return None
        if not isinstance(meta, dict) or meta.get("sha256") != hashlib.sha256(data).hexdigest():
            self._remove(art, rec)
            self.stats.add(corrupt=1)
            return None
        return art

    def _remove(self, *paths: Path) -> None:
        for p in paths:
            try:
                p.unlink()
            except OSError:
                pass

    def store(self, key: str, ext: str, data: bytes, info: dict | None = None) -> Path:
        try:
            return self._store(key, ext, data, info)
        except OSError:
            if self._fallback is None:
                self._fallback = Path(tempfile.mkdtemp(prefix="pirc-cache-"))
            return self._store(key, ext, data, info)

    def _store(self, key: str, ext: str, data: bytes, info: dict | None) -> Path:
        art = self.path(key, ext)
        art.parent.mkdir(parents=True, exist_ok=True)
        record = {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data), "created": time.time(),
                  **(info or {})}
        atomic_write(art, data)
        atomic_write(art.with_suffix(".json"), json.dumps(record, sort_keys=True).encode())
        return art

    def get_or_build(self, key: str, ext: str, build: Callable[[], tuple[bytes, float]], *, kind: str = "",
                     info: dict | None = None) -> tuple[Path, bool]:
        """The artifact for ``key``, built by ``build() -> (bytes, seconds)`` on a miss.
        Returns (path, compiled_now)."""
        with self._lock_for(key):
            hit = self.lookup(key, ext)
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
