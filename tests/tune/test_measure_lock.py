"""The tuner's machine-wide measurement lock serves every user (issue 31, item 9): the lock file was
opened for appending, so the one the first user created (0644) gave the next user 'Permission denied'."""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from pirc.cinn.tune import worker
from pirc.cinn.tune.worker import machine_lock


@pytest.fixture
def shared_tmp() -> Iterator[Path]:
    """A sticky, world-writable folder as /tmp is (outside pytest's private tmp_path, which others cannot enter)."""
    d = Path(tempfile.mkdtemp(prefix="pirc-lock-test-", dir="/tmp" if os.path.isdir("/tmp") else None))
    os.chmod(d, 0o1777)
    yield d
    for f in d.iterdir():
        f.unlink()
    d.rmdir()


def test_the_lock_file_is_created_readable_by_everyone(shared_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lock = shared_tmp / "pirc-tune-measure.lock"
    monkeypatch.setenv("PIRC_TUNE_LOCK", str(lock))
    old = os.umask(0o077)
    try:
        with machine_lock() as waited:
            assert waited >= 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(lock.stat().st_mode) == 0o644


def _lock_in_child(uid: int | None) -> int:
    """machine_lock() in a forked child (as ``uid`` when given); its exit status (0: it held the lock)."""
    pid = os.fork()
    if pid == 0:  # the child: only already-imported code
        code = 1
        try:
            if uid is not None:
                os.setgid(uid)
                os.setuid(uid)
            with machine_lock():
                code = 0
        except BaseException:  # noqa: BLE001 - the status says it
            code = 2
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def test_a_lock_file_this_user_cannot_write_still_locks(shared_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lock = shared_tmp / "pirc-tune-measure.lock"
    monkeypatch.setenv("PIRC_TUNE_LOCK", str(lock))
    with machine_lock():  # this user creates it
        pass
    if os.geteuid() == 0:  # root: a second user, as the issue found it
        assert _lock_in_child(65534) == 0
    else:  # without root: a lock file nobody may write, this user included
        os.chmod(lock, 0o444)
        assert _lock_in_child(None) == 0
    assert not (shared_tmp / f"pirc-tune-measure-{os.getuid()}.lock").exists()


def test_an_unreadable_lock_falls_back_to_a_per_user_one_with_a_warning(
        shared_tmp: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    target = shared_tmp / "elsewhere"
    target.write_text("")
    lock = shared_tmp / "pirc-tune-measure.lock"
    lock.symlink_to(target)  # a planted link is never followed
    monkeypatch.setenv("PIRC_TUNE_LOCK", str(lock))
    monkeypatch.setattr(worker, "_warned_lock", [])
    with machine_lock():
        pass
    assert (shared_tmp / f"pirc-tune-measure-{os.getuid()}.lock").is_file()
    err = capsys.readouterr().err
    assert f"cannot open the machine's measurement lock {lock}" in err and "chmod a+r" in err
