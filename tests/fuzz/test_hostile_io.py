"""I/O failures are clean errors naming the path (exit 1, never an internal error), and a
write killed half-way leaves nothing visible."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fuzz_targets import ROOT

from pirc.fileio import FileError, atomic_write, atomic_writer, clean_stale_temps, read_regular

BIN = Path(sys.executable).parent
MLP = ROOT / "tests" / "corpus" / "mlp"


def cli(tool: str, *args: str, **kw) -> subprocess.CompletedProcess:  # type: ignore[no-untyped-def]
    return subprocess.run([str(BIN / tool), *args], capture_output=True, text=True, timeout=120, **kw)


def test_missing_output_folder(tmp_path: Path) -> None:
    out = tmp_path / "no" / "such" / "x.pir"
    p = cli("pirc-opt", str(MLP / "program.pir"), "-o", str(out))
    assert p.returncode == 1 and p.stderr.startswith(f"error: cannot write '{out}': No such file or directory")


def test_unwritable_output_folder(tmp_path: Path) -> None:
    # /proc/self cannot hold new files, even for root; a 0500 folder does the same for other users
    targets = ["/proc/self/x.pir"]
    if os.geteuid() != 0:
        ro = tmp_path / "ro"
        ro.mkdir(mode=0o500)
        targets.append(str(ro / "x.pir"))
    for out in targets:
        p = cli("pirc-opt", str(MLP / "program.pir"), "-o", out)
        assert p.returncode == 1 and p.stderr.startswith(f"error: cannot write '{out}': "), p.stderr
        assert "internal error" not in p.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_full_disk_on_stdout_and_on_a_file() -> None:
    with open("/dev/full", "w") as full:
        p = subprocess.run([str(BIN / "pirc-opt"), str(MLP / "program.pir")], stdout=full, stderr=subprocess.PIPE,
                           text=True, timeout=120)
    assert p.returncode == 1 and p.stderr == "error: cannot write '<stdout>': No space left on device\n"
    p = cli("pirc-opt", str(MLP / "program.pir"), "-o", "/dev/full")  # written in place: not a regular file
    assert p.returncode == 1 and "'/dev/full'" in p.stderr and "No space left on device" in p.stderr


def test_out_of_memory_while_writing_is_reported_as_such(tmp_path: Path) -> None:
    def chunks():  # type: ignore[no-untyped-def]
        yield b"x" * 100
        raise MemoryError

    with pytest.raises(FileError, match="out of memory"):
        with atomic_writer(tmp_path / "o.npz") as f:
            for c in chunks():
                f.write(c)
    assert not list(tmp_path.iterdir())
    # through the CLI: a 400 MB result computed within an address-space limit that leaves no room
    # for its .npz copy (numpy's MemoryError inside zipfile used to surface as "I/O operation on
    # closed file", an internal error)
    code = ("import resource, sys\n"
            "from pirc.cli.main import run_main\n"
            "import pirc.cli.run, numpy, zipfile\n"
            "vm = [int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmSize')][0] << 10\n"
            "resource.setrlimit(resource.RLIMIT_AS, (vm + (700 << 20), vm + (700 << 20)))\n"
            "sys.argv = ['pirc-run', sys.argv[1], '-o', sys.argv[2]]\n"
            "run_main()\n")
    prog = tmp_path / "big.pir"
    prog.write_text('{\n    (%0) = "pd_op.full" () {dtype:float32,place:Place(cpu),shape:[100000000],'
                    'stop_gradient:[true],value:1} : () -> tensor<100000000xf32>\n}\n')
    p = subprocess.run([sys.executable, "-c", code, str(prog), str(tmp_path / "o.npz")],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1, p.stderr
    assert "out of memory" in p.stderr and "internal error" not in p.stderr, p.stderr
    assert not (tmp_path / "o.npz").exists()


def test_atomic_write_keeps_mode_and_leaves_no_temporaries(tmp_path: Path) -> None:
    f = tmp_path / "a.txt"
    atomic_write(f, b"one")
    os.chmod(f, 0o640)
    atomic_write(f, b"two")
    assert f.read_bytes() == b"two" and (f.stat().st_mode & 0o777) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


_WRITER = """
import sys, time
from pirc.fileio import atomic_writer
with atomic_writer(sys.argv[1]) as f:
    f.write(b"x" * (8 << 20))
    f.flush()
    print("writing", flush=True)
    time.sleep(60)
"""


def test_kill_during_a_write_leaves_nothing_visible(tmp_path: Path) -> None:
    out = tmp_path / "out.bin"
    out.write_bytes(b"old")
    proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(out)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "writing\n"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert out.read_bytes() == b"old"  # the target is untouched
    # either the file system gave an anonymous file (nothing was ever visible), or the next write
    # to the folder removes the dead process's temporary
    atomic_write(tmp_path / "next.bin", b"new")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["next.bin", "out.bin"]


def test_stale_temporaries_of_live_processes_are_kept(tmp_path: Path) -> None:
    mine = tmp_path / f".pirc-{os.getpid()}-abc"
    mine.write_bytes(b"x")
    dead = tmp_path / ".pirc-999999999-abc"
    dead.write_bytes(b"x")
    other = tmp_path / ".pirc-notapid"
    other.write_bytes(b"x")
    assert clean_stale_temps(str(tmp_path)) == 1
    assert mine.exists() and other.exists() and not dead.exists()


def test_reading_a_fifo_never_blocks(tmp_path: Path) -> None:
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    t0 = time.monotonic()
    with pytest.raises(FileError, match="not a regular file"):
        read_regular(fifo)
    with pytest.raises(FileError, match="larger than 2 bytes"):
        (tmp_path / "big").write_bytes(b"abc")
        read_regular(tmp_path / "big", max_bytes=2)
    assert time.monotonic() - t0 < 5
