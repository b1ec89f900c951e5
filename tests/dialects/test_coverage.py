"""Every op the corpora use is defined.

The corpora: ``tests/corpus/*/program.pir`` (Paddle 3.3.1 PIR programs),
``tests/translate/corpus/*/paddle.pir`` (Paddle's own ProgramDesc -> PIR translation) and
``*/pir/program.pir``, and ``bench/data/chain10k.pir``.  A ``pd_op`` op must have an OpDef
(operands, shape rule, kernel) unless it is a region op registered with the control-flow
dialect (``pd_op.if`` / ``pd_op.while``); ``builtin`` / ``cf`` / ``cinn_op`` ops must be
registered ops.  A corpus op nobody defined fails here, by name.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pirc.dialects.all  # noqa: F401  (registers every dialect)
from pirc.dialects.opdef import OP_DEFS
from pirc.ir.opinfo import get_op_info

ROOT = Path(__file__).resolve().parents[2]
CORPORA = (sorted(ROOT.glob("tests/corpus/*/program.pir")) + sorted(ROOT.glob("tests/translate/corpus/*/paddle.pir"))
           + sorted(ROOT.glob("tests/translate/corpus/*/pir/program.pir")) + [ROOT / "bench/data/chain10k.pir"])

# an op in the printed form:  (%3) = "pd_op.add" (%1, %2) {...}   /   () = "cf.yield" (%4) {...}
_OP = re.compile(r'=\s*"([A-Za-z_][\w]*\.[\w]+)"\s*\(')


def corpus_ops() -> dict[str, list[str]]:
    """op name -> the corpus files (relative paths) that use it."""
    ops: dict[str, list[str]] = {}
    for path in CORPORA:
        for name in sorted(set(_OP.findall(path.read_text()))):
            ops.setdefault(name, []).append(str(path.relative_to(ROOT)))
    return ops


OPS = corpus_ops() if all(p.exists() for p in CORPORA) else {}


def test_the_corpora_are_there() -> None:
    assert all(p.exists() for p in CORPORA), [str(p) for p in CORPORA if not p.exists()]
    assert len(CORPORA) >= 30
    # the scan must see the ops it is meant to check (a broken pattern would pass vacuously)
    assert {"pd_op.matmul", "pd_op.if", "pd_op.while", "cf.yield", "builtin.combine", "pd_op.select_input",
            "pd_op.increment_", "pd_op.bilinear_interp"} <= set(OPS)
    assert len(OPS) > 100


def _missing(name: str) -> bool:
    info = get_op_info(name)
    if name.startswith("pd_op."):
        return name not in OP_DEFS and "control_flow" not in info.traits
    return not info.registered


def test_every_corpus_op_is_defined() -> None:
    missing = {n: files for n, files in OPS.items() if _missing(n)}
    assert not missing, "corpus ops without a definition: " + "; ".join(
        f"{n} (in {', '.join(files[:3])}{', ...' if len(files) > 3 else ''})" for n, files in sorted(missing.items()))


@pytest.mark.parametrize("name", sorted(n for n in OPS if n in OP_DEFS and "io" not in OP_DEFS[n].traits))
def test_corpus_pd_ops_have_a_kernel_and_a_shape_rule(name: str) -> None:
    """(data / feed / fetch carry the "io" trait: the interpreter binds them itself)"""
    op = OP_DEFS[name]
    assert op.kernel is not None, f"{name} has no kernel"
    assert op.infer_meta is not None, f"{name} has no shape rule"
