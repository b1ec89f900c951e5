"""Every shell and Python example in README.md runs as written.

The examples run in order in one scratch folder holding a copy of samples/ and the repository's
tests/ (read only), with the project's tools on PATH, so later examples use files earlier ones
wrote, as a reader following the README would.  An example marked ``<!-- example: needs cuda -->``
(cuda-python and NVRTC), ``needs gpu`` or ``needs paddle`` is skipped only where that capability is
missing; the set-up block (``make demo`` / ``make test``) is checked with ``make -n``, since running
the test suite from inside itself would recurse.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
_BLOCK_RE = re.compile(r"(?:<!-- example: (?P<mark>[^>]*?) -->\n)?```(?P<lang>sh|python)\n(?P<body>.*?)```", re.S)


def readme_examples() -> list[tuple[int, str, str, str]]:
    """(line, language, marker, code) of every ```sh / ```python block."""
    text = (ROOT / "README.md").read_text()
    return [(text[: m.start()].count("\n") + 1, m.group("lang"), (m.group("mark") or "").strip(), m.group("body"))
            for m in _BLOCK_RE.finditer(text)]


def _has_cuda() -> bool:
    try:
        from pirc.cinn.backend.nvrtc import nvrtc_version

        nvrtc_version()
        return True
    except Exception:  # noqa: BLE001 - the extra is not installed, or libnvrtc cannot load
        return False


def _has_gpu() -> bool:
    try:
        from pirc.cinn.backend.launch import cuda_device_available

        return bool(cuda_device_available())
    except Exception:  # noqa: BLE001
        return False


def _has_paddle() -> bool:
    import importlib.util

    return importlib.util.find_spec("paddle") is not None


NEEDS = {"needs cuda": _has_cuda, "needs gpu": _has_gpu, "needs paddle": _has_paddle}
EXAMPLES = readme_examples()


def _run(lang: str, body: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
           "PIRC_CACHE_DIR": str(cwd / ".cache")}
    env.pop("PYTHONPATH", None)
    if lang == "python":
        cmd = [sys.executable, "-c", body]
    else:
        cmd = ["bash", "-e", "-o", "pipefail", "-c", body]
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[int, subprocess.CompletedProcess[str]]]:
    """Run every unmarked example in order; their results by README line."""
    work = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "samples", work / "samples")
    (work / "tests").symlink_to(ROOT / "tests")
    results = {}
    for line, lang, mark, body in EXAMPLES:
        if not mark:
            results[line] = _run(lang, body, work)
    return work, results


def test_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 8
    assert {mark for *_, mark, _ in EXAMPLES} <= {"", "setup (the set-up itself; CI runs it)", *NEEDS}


@pytest.mark.parametrize("line,lang,mark,body", EXAMPLES, ids=[f"README.md:{e[0]}" for e in EXAMPLES])
def test_readme_example(workspace, line: int, lang: str, mark: str, body: str) -> None:
    work, results = workspace
    if mark.startswith("setup"):
        targets = re.findall(r"^make (\w+)", body, re.M)
        p = subprocess.run(["make", "-n", "-C", str(ROOT), *targets], capture_output=True, text=True, timeout=60)
        assert p.returncode == 0, p.stderr
        return
    if mark:
        if not NEEDS[mark]():
            pytest.skip(f"this example {mark}, which this machine lacks")
        result = _run(lang, body, work)
    else:
        result = results[line]
    assert result.returncode == 0, f"README.md:{line}:\n{body}\nstdout:\n{result.stdout[-3000:]}\nstderr:\n{result.stderr[-3000:]}"
    assert "internal error" not in result.stderr


def test_readme_outputs_are_ignored_and_cleaned(workspace) -> None:  # type: ignore[no-untyped-def]
    """What the examples write in the repository root is in .gitignore and removed by `make clean`
    (issue 31: they left 17 untracked files)."""
    work, _ = workspace
    written = {p.name for p in work.iterdir()} - {"samples", "tests", ".cache"}
    ignored = {line[1:].rstrip("/") for line in (ROOT / ".gitignore").read_text().splitlines() if line.startswith("/")}
    m = re.search(r"^README_OUTPUTS := (.*)$", (ROOT / "Makefile").read_text(), re.M)
    assert m, "the Makefile lists README_OUTPUTS"
    cleaned = set(m.group(1).split())
    assert written, "the examples write files"
    assert written <= ignored, f"not in .gitignore: {sorted(written - ignored)}"
    assert written <= cleaned, f"not removed by make clean: {sorted(written - cleaned)}"
    assert cleaned <= ignored
