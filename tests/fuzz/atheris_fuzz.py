"""Coverage-guided fuzzing of pirc's readers with atheris (libFuzzer for Python).

    pip install -e '.[fuzz]'
    python tests/fuzz/atheris_fuzz.py pir -max_total_time=600
    python tests/fuzz/atheris_fuzz.py model corpus_dir/ -max_total_time=3600

TARGET is one of pir, ast, model, feeds (see fuzz_targets.py).  The seeds in the tree are
written to a fresh corpus folder when none is given.  An ``ok`` or ``diagnostic`` outcome
is fine; an internal error or a round-trip difference raises, and libFuzzer saves the
input as ``crash-<hash>`` and stops.
"""

from __future__ import annotations

import os
import sys
import tempfile
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


class Finding(Exception):
    """An input that gave an internal error or a round-trip difference."""


def main() -> None:
    import atheris

    if len(sys.argv) < 2 or sys.argv[1] not in ("pir", "ast", "model", "feeds"):
        sys.exit(__doc__)
    target = sys.argv.pop(1)
    with atheris.instrument_imports():
        import pirc.cinn.ast.parser  # noqa: F401
        import pirc.runtime.feeds  # noqa: F401
        import pirc.text.parser  # noqa: F401
        import pirc.translate.frontend  # noqa: F401
        from fuzz_targets import run_one, seeds

    warnings.simplefilter("ignore")
    sys.setrecursionlimit(20000)
    args = sys.argv
    if not any(not a.startswith("-") for a in args[1:]):  # no corpus folder: start from the seeds
        corpus = Path(tempfile.mkdtemp(prefix=f"pirc-fuzz-{target}-"))
        for i, data in enumerate(seeds(target)):
            (corpus / f"seed{i}").write_bytes(data)
        args = [*args, str(corpus)]

    def one(data: bytes) -> None:
        cls, detail = run_one(target, data)
        if cls not in ("ok", "diagnostic"):
            raise Finding(f"{cls}: {detail}")

    atheris.Setup(args, one)
    os.environ.setdefault("PIRC_CACHE_DIR", tempfile.mkdtemp(prefix="pirc-fuzz-cache-"))
    atheris.Fuzz()


if __name__ == "__main__":
    main()
