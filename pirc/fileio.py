"""Writing files atomically: a temporary file in the same folder, then a rename.

A reader (another process, a Makefile rule, the kernel cache's next lookup)
sees either the old file or the whole new one, never a partial write, and an
interrupted write leaves nothing behind.
"""

from __future__ import annotations

import os
import tempfile


def _process_umask() -> int:
    mask = os.umask(0)  # reading the umask means setting it: done once, at import, not from threads
    os.umask(mask)
    return mask


_UMASK = _process_umask()


def atomic_write(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` by ``data`` atomically.  The file keeps the permissions of the file it
    replaces, else gets the usual ``0666 & ~umask``."""
    path = os.fspath(path)
    fd, tmp = tempfile.mkstemp(prefix=".pirc-", dir=os.path.dirname(os.path.abspath(path)))
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        mode = os.stat(path).st_mode & 0o7777 if os.path.exists(path) else 0o666 & ~_UMASK
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


__all__ = ["atomic_write"]
