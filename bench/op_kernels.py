"""Speed of the interpreter's op kernels on realistic sizes (the figures tests must not assert).

    .venv/bin/python bench/op_kernels.py [--repeat 7]

Times (best of ``--repeat``, after a warm-up) the numpy/C kernels behind pirc-run's interpreter on
ResNet- and transformer-sized inputs: convolutions, pooling, gelu, topk/argsort with many ties, and
the AST evaluator on a 64x256 softmax.  Prints one table: kernel, shape, ms and ns per output element.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pirc.dialects.opdef import lookup  # noqa: E402

CONV = {"strides": [1, 1], "paddings": [1, 1], "padding_algorithm": "EXPLICIT", "dilations": [1, 1],
        "groups": 1, "data_format": "NCHW"}
POOL = {"strides": [2, 2], "paddings": [1, 1], "ceil_mode": False, "exclusive": True, "data_format": "NCHW",
        "pooling_type": "max", "global_pooling": False, "adaptive": False, "padding_algorithm": "EXPLICIT"}


def op(name: str, args: list[Any], attrs: dict[str, Any]) -> Callable[[], object]:
    import pirc.dialects.pd_op  # noqa: F401  (registers the ops)

    d = lookup(name)
    assert d is not None and d.kernel is not None, name
    kernel = d.kernel
    return lambda: kernel(args, attrs)


def workloads() -> list[tuple[str, str, Callable[[], object], int]]:
    r = np.random.default_rng(0)
    x = r.standard_normal((1, 64, 56, 56)).astype(np.float32)
    w = r.standard_normal((64, 64, 3, 3)).astype(np.float32)
    dw = r.standard_normal((64, 1, 3, 3)).astype(np.float32)
    ties = r.integers(0, 4, size=(32, 1000)).astype(np.float32)
    g1 = r.standard_normal((2, 5, 64)).astype(np.float32)
    g2 = r.standard_normal((64, 512)).astype(np.float32)
    rs = "1x64x56x56"
    out: list[tuple[str, str, Callable[[], object], int]] = [
        ("conv2d 3x3", rs, op("pd_op.conv2d", [x, w], CONV), x.size),
        ("conv2d 3x3 s2", rs, op("pd_op.conv2d", [x, w], {**CONV, "strides": [2, 2]}), x.size // 4),
        ("depthwise 3x3", rs, op("pd_op.depthwise_conv2d", [x, dw], {**CONV, "groups": 64}), x.size),
        ("conv2d_transpose s2", rs, op("pd_op.conv2d_transpose", [x, w, np.zeros((0,), np.int64)],
                                       {**CONV, "paddings": [0, 0], "strides": [2, 2], "output_padding": []}),
         x.size * 4),
        ("max pool 3x3 s2", rs, op("pd_op.pool2d", [x, np.array([3, 3], np.int64)], POOL), x.size // 4),
        ("adaptive avg pool 7x7", rs, op("pd_op.pool2d", [x, np.array([7, 7])],
                                         {**POOL, "pooling_type": "avg", "adaptive": True}), 64 * 49),
        ("gelu (erf)", "2x5x64", op("pd_op.gelu", [g1], {"approximate": False}), g1.size),
        ("gelu (erf)", "64x512", op("pd_op.gelu", [g2], {"approximate": False}), g2.size),
        ("topk k=10, ties", "32x1000", op("pd_op.topk", [ties, np.array([10], "int32")],
                                          {"axis": -1, "largest": True, "sorted": True}), 320),
        ("argsort unstable, ties", "32x1000", op("pd_op.argsort", [ties],
                                                 {"axis": -1, "descending": False, "stable": False}), ties.size),
    ]
    sys.path.insert(0, str(ROOT / "tests" / "ast"))
    import ast_trees as T  # the AST fixtures the evaluator's tests use

    from pirc.cinn.ast.evaluator import Evaluator

    sm = Evaluator(T.softmax())
    xs = r.standard_normal((64, 256)).astype(np.float32)
    out.append(("AST evaluator softmax", "64x256", lambda: sm.run(X=xs), xs.size))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=7, help="Timed runs per kernel (the best counts).")
    args = ap.parse_args()
    from pirc.tables import print_table

    rows = []
    for name, shape, fn, n in workloads():
        fn()
        best = min(_timed(fn) for _ in range(args.repeat))
        rows.append([name, shape, f"{best * 1e3:.3f}", f"{best / n * 1e9:.1f}"])
    print_table("interpreter op kernels (best of %d)" % args.repeat, ["kernel", "input", "ms", "ns/element"], rows,
                right=(2, 3))
    return 0


def _timed(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


if __name__ == "__main__":
    sys.exit(main())
