"""Files in and out: atomic writes, safe reads, I/O errors as clean diagnostics.

Writes are atomic: the data goes to an anonymous file in the target's folder
(Linux ``O_TMPFILE``), which gets a name only once it is complete (``linkat``
to a temporary name, then ``rename`` over the target).  A reader sees either the
old file or the whole new one, and a process killed mid-write leaves nothing
visible.  Where ``O_TMPFILE`` is missing (other systems, some file systems) a
named temporary ``.pirc-<pid>-XXXX`` is used, and temporaries left by processes
that no longer exist are removed on the next write to the same folder.

Every ``OSError`` becomes :class:`FileError`, a :class:`PircError` (exit 1)
that names the path and the reason; it is also an ``OSError``, so callers that
fall back on I/O failures (the kernel cache) keep working.  Running out of
memory while writing is reported as such.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from typing import BinaryIO

from pirc.diagnostics import Diagnostic, PircError


class FileError(PircError, OSError):
    """An I/O failure on a named path, reported as ``error: cannot VERB 'PATH': REASON``."""

    def __init__(self, verb: str, path: str, reason: str, err: int | None = None) -> None:
        PircError.__init__(self, Diagnostic("error", f"cannot {verb} '{path}': {reason}"))
        self.errno = err
        self.filename = path
        self.strerror = reason

    def __str__(self) -> str:
        return self.diagnostics[0].message


def file_error(verb: str, path: str | os.PathLike[str], e: BaseException) -> FileError:
    if isinstance(e, FileError):
        return e
    if isinstance(e, MemoryError) or caused_by_memory(e):
        return FileError(verb, os.fspath(path), "out of memory", errno.ENOMEM)
    if isinstance(e, OSError):
        reason = e.strerror or str(e)
        return FileError(verb, os.fspath(path), reason, e.errno)
    return FileError(verb, os.fspath(path), f"{type(e).__name__}: {e}")


def caused_by_memory(e: BaseException) -> bool:
    seen = 0
    x: BaseException | None = e
    while x is not None and seen < 20:
        if isinstance(x, MemoryError):
            return True
        x = x.__cause__ or x.__context__
        seen += 1
    return False


def _process_umask() -> int:
    mask = os.umask(0)  # reading the umask means setting it: done once, at import, not from threads
    os.umask(mask)
    return mask


_UMASK = _process_umask()
TEMP_PREFIX = ".pirc-"
_O_TMPFILE = getattr(os, "O_TMPFILE", 0) if os.path.isdir("/proc/self/fd") else 0  # linkat needs /proc
_tmpfile_ok: dict[int, bool] = {}  # st_dev -> whether O_TMPFILE works there


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def clean_stale_temps(folder: str) -> int:
    """Remove ``.pirc-<pid>-*`` temporaries whose process no longer exists; the count removed."""
    n = 0
    try:
        with os.scandir(folder) as it:
            for ent in it:
                if not ent.name.startswith(TEMP_PREFIX):
                    continue
                parts = ent.name[len(TEMP_PREFIX):].split("-", 1)
                if len(parts) != 2 or not parts[0].isdigit():
                    continue
                pid = int(parts[0])
                if pid != os.getpid() and not _pid_alive(pid):
                    try:
                        os.unlink(ent.path)
                        n += 1
                    except OSError:
                        pass
    except OSError:
        pass
    return n


def _open_anonymous(folder: str) -> int | None:
    """An unnamed file in ``folder`` (O_TMPFILE), or None where that is not supported."""
    if not _O_TMPFILE:
        return None
    try:
        dev = os.stat(folder).st_dev
    except OSError:
        return None
    if _tmpfile_ok.get(dev) is False:
        return None
    try:
        fd = os.open(folder, _O_TMPFILE | os.O_RDWR | getattr(os, "O_CLOEXEC", 0), 0o600)
    except OSError as e:
        if e.errno in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
            _tmpfile_ok[dev] = False
            return None
        raise
    _tmpfile_ok[dev] = True
    return fd


_NO_LINK = (errno.EXDEV, errno.ENOENT, errno.EPERM, errno.EOPNOTSUPP, errno.EINVAL)


def _name_anonymous(fd: int, folder: str, mode: int) -> str:
    """Give the complete anonymous file a temporary name in ``folder`` (linkat); where the file
    system refuses that, copy it to a named temporary instead."""
    tmp = os.path.join(folder, f"{TEMP_PREFIX}{os.getpid()}-{os.urandom(6).hex()}")
    try:
        os.link(f"/proc/self/fd/{fd}", tmp, follow_symlinks=True)
        return tmp
    except OSError as e:
        if e.errno not in _NO_LINK:
            raise
        _tmpfile_ok[os.fstat(fd).st_dev] = False
    out, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", dir=folder)
    try:
        off = 0
        while True:
            chunk = os.pread(fd, 1 << 20, off)
            if not chunk:
                break
            os.write(out, chunk)
            off += len(chunk)
        os.fchmod(out, mode)
    except BaseException:
        os.close(out)
        os.unlink(tmp)
        raise
    os.close(out)
    return tmp


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A binary file that replaces ``path`` atomically when the block ends without an error.
    The file keeps the permissions of the file it replaces, else gets ``0666 & ~umask``."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    tmp: str | None = None
    try:
        try:
            mode = stat.S_IMODE(os.stat(path).st_mode) if os.path.isfile(path) else 0o666 & ~_UMASK
        except OSError:
            mode = 0o666 & ~_UMASK
        fd = _open_anonymous(folder)
        if fd is None:
            clean_stale_temps(folder)
            fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", dir=folder)
        with os.fdopen(fd, "wb") as f:
            yield f
            f.flush()
            os.fchmod(f.fileno(), mode)
            if tmp is None:
                tmp = _name_anonymous(f.fileno(), folder, mode)
        os.replace(tmp, path)
        tmp = None
    except FileError:
        raise
    except (OSError, MemoryError, ValueError) as e:
        if isinstance(e, ValueError) and not caused_by_memory(e):
            raise
        raise file_error("write", path, e) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def atomic_write(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` by ``data`` atomically (see :func:`atomic_writer`)."""
    with atomic_writer(path) as f:
        f.write(data)


def open_regular(path: str | os.PathLike[str], max_bytes: int | None = None) -> BinaryIO:
    """Open a regular file for reading without ever blocking: a FIFO, device or folder is
    refused (opened non-blocking, then checked with ``fstat``), as is a file over ``max_bytes``."""
    path = os.fspath(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise file_error("read", path, e) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileError("read", path, "not a regular file", errno.EINVAL)
        if max_bytes is not None and st.st_size > max_bytes:
            raise FileError("read", path, f"larger than {max_bytes} bytes", errno.EFBIG)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: str | os.PathLike[str], max_bytes: int | None = None) -> bytes:
    """The bytes of a regular file (see :func:`open_regular`); errors name the path."""
    with open_regular(path, max_bytes) as f:
        try:
            data = f.read() if max_bytes is None else f.read(max_bytes + 1)
        except (OSError, MemoryError) as e:
            raise file_error("read", path, e) from None
    if max_bytes is not None and len(data) > max_bytes:
        raise FileError("read", os.fspath(path), f"larger than {max_bytes} bytes", errno.EFBIG)
    return data


__all__ = ["FileError", "atomic_write", "atomic_writer", "caused_by_memory", "clean_stale_temps", "file_error",
           "open_regular", "read_regular"]
