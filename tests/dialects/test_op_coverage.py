"""bench/coverage.py's figures: the coverage model set (tests/corpus/COVERAGE.json) needs no
op pirc lacks, and the ops of Paddle's common inference list (tests/corpus/paddle_ops.json)
that pirc does not define are exactly the recorded ones -- a gap closed or opened fails here
until the list is updated."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bench_coverage", ROOT / "bench" / "coverage.py")
assert _spec is not None and _spec.loader is not None
coverage = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(coverage)

#: the common inference ops pirc does not define yet (none: the random ops and quantize/dequantize_linear
#: were the last five)
KNOWN_MISSING: list[str] = []


def test_every_model_of_the_set_is_covered() -> None:
    r = coverage.report()
    names = [m["model"] for m in r["models"]]
    assert {"crnn", "db_det", "svtr_rec", "ppyoloe_det", "ppyolo_yolobox", "pp_liteseg", "ernie_encoder",
            "llama_decoder", "speech_gru", "rnn_modes", "coverage_misc", "array_decode", "quant_random"} <= set(names)
    assert all(m["ops"] > 5 for m in r["models"]), "the op scan sees the programs' ops"
    assert [m for m in r["models"] if m["unknown"]] == []
    assert r["set_ops"]["defined"] == r["set_ops"]["total"]


def test_the_gaps_in_paddles_inference_op_list_are_the_known_ones() -> None:
    r = coverage.report()
    c = r["inference_common"]
    assert sorted(o.removeprefix("pd_op.") for o in c["missing"]) == KNOWN_MISSING
    assert c["total"] >= 190 and c["defined"] == c["total"] - len(KNOWN_MISSING)
    assert r["pd_op_forward"]["total"] > 700  # the list is Paddle's whole pd_op dialect, not a sample


def test_the_script_prints_the_table_and_exits_0() -> None:
    p = subprocess.run([sys.executable, str(ROOT / "bench" / "coverage.py")], capture_output=True, text=True,
                       cwd=ROOT, timeout=120, check=False)
    assert p.returncode == 0, p.stderr
    assert "llama_decoder" in p.stdout and "common inference ops" in p.stdout
