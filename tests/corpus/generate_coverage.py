#!/usr/bin/env python
"""Generate the coverage corpus: small re-creations of the inference models users bring
(OCR, detection, segmentation, NLP, speech) and the recurrent-op programs, plus Paddle's
own op list for the coverage audit (bench/coverage.py).

Run from the repository root with a venv that has paddlepaddle==3.3.1 (never the project
venv; pirc itself must not depend on Paddle):

    python tests/corpus/generate_coverage.py              # every model + paddle_ops.json
    python tests/corpus/generate_coverage.py --only crnn  # one model (repeatable)
    python tests/corpus/generate_coverage.py --ops-only   # only tests/corpus/paddle_ops.json
    python tests/corpus/generate_coverage.py --legacy     # only the legacy ProgramDescs

The models are built with paddle.nn (no model hub downloads: the network is not reachable
and the PaddleOCR / PaddleDetection / PaddleSeg / PaddleNLP packages are not needed),
at small sizes so the committed files stay small.  Everything else follows generate.py
(whose pipeline this script reuses): fixed seeds per model (crc32 of the name), a fresh
Program / Scope / unique_name namespace per model, save_inference_model +
load_inference_model, program.pir = str(loaded program), outputs.npz = Paddle's results
of running exactly that program.  Files go to tests/corpus/<name>/ next to generate.py's;
tests/corpus/COVERAGE.json lists these models and the ops each emits.

tests/corpus/paddle_ops.json is Paddle's op list, extracted from the installed Paddle:
``pd_op_forward`` = every op of the PIR ``pd_op`` dialect (``paddle._pir_ops``) that is not
a gradient op; ``inference_common`` = the ops paddle2onnx (the deployment exporter shipped
with Paddle's inference stack) can convert from a PIR program, mapped to their pd_op names.

The legacy ProgramDesc forms (``--legacy``) of the recurrent models are written to
tests/translate/corpus/<name>/ by tests/translate/generate.py's pipeline (its builders
registry is extended with the ones defined here), so the translator tests pick them up.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import generate as G  # noqa: E402  (sets up paddle in static mode, same conventions)
import numpy as np  # noqa: E402
import paddle  # noqa: E402
import paddle.nn as nn  # noqa: E402
import paddle.nn.functional as F  # noqa: E402

MODELS: dict[str, dict] = {}


def model(name, description, features=()):
    def deco(fn):
        MODELS[name] = dict(name=name, description=description, features=list(features), build=fn,
                            seed=zlib.crc32(name.encode()) % 100000, big=False)
        return fn
    return deco


def _eval(*layers):
    for la in layers:
        la.eval()
    return layers[0] if len(layers) == 1 else layers


class ConvBNAct(nn.Layer):
    def __init__(self, cin, cout, k=3, s=1, groups=1, act="relu"):
        super().__init__()
        self.conv = nn.Conv2D(cin, cout, k, stride=s, padding=k // 2, groups=groups, bias_attr=False)
        self.bn = nn.BatchNorm2D(cout)
        self.act = act

    def forward(self, x):
        y = self.bn(self.conv(x))
        if self.act == "relu":
            return F.relu(y)
        if self.act == "swish":
            return F.swish(y)
        if self.act == "hardswish":
            return F.hardswish(y)
        return y


# --------------------------------------------------------------------------
# recurrent ops
# --------------------------------------------------------------------------


@model("rnn_modes", "pd_op.rnn in every mode: 2-layer bidirectional LSTM with initial states, "
       "GRU, RNN_TANH (time-major), RNN_RELU with sequence lengths, bidirectional GRU with lengths",
       ["rnn", "lstm", "gru"])
def build_rnn_modes(c):
    x = c.data("x", [-1, 6, 5])
    sl = c.data("seq_len", [-1], "int64", value=[6, 3])
    h0 = c.data("h0", [4, -1, 3], scale=0.5)
    c0 = c.data("c0", [4, -1, 3], scale=0.5)
    lstm = _eval(nn.LSTM(5, 3, num_layers=2, direction="bidirect"))
    y1, (h1, c1) = lstm(x, (h0, c0))
    gru = _eval(nn.GRU(5, 4))
    y2, h2 = gru(x)
    rt = _eval(nn.SimpleRNN(5, 3, num_layers=2, time_major=True))
    y3, h3 = rt(paddle.transpose(x, [1, 0, 2]))
    rr = _eval(nn.SimpleRNN(5, 3, activation="relu"))
    y4, h4 = rr(x, sequence_length=sl)
    bg = _eval(nn.GRU(5, 2, direction="bidirect"))
    y5, h5 = bg(x, sequence_length=sl)
    return [y1, h1, c1, y2, h2, y3, h3, y4, h4, y5, h5]


@model("crnn", "CRNN text recogniser (PaddleOCR rec_crnn style): conv/BN/relu/pool stack, "
       "height squeezed, 2-layer bidirectional LSTM, Linear CTC head, softmax",
       ["rnn", "lstm", "ocr", "conv"])
def build_crnn(c):
    x = c.data("image", [-1, 1, 16, 48])
    body = _eval(nn.Sequential(
        ConvBNAct(1, 8), nn.MaxPool2D(2, 2),
        ConvBNAct(8, 16), nn.MaxPool2D(2, 2),
        ConvBNAct(16, 16), nn.MaxPool2D((2, 1), (2, 1)),
        ConvBNAct(16, 16), nn.MaxPool2D((2, 1), (2, 1)),
    ))
    f = body(x)                                  # N, 16, 1, 12
    f = paddle.squeeze(f, axis=2)                # N, 16, 12
    f = paddle.transpose(f, [0, 2, 1])           # N, 12, 16
    lstm = _eval(nn.LSTM(16, 12, num_layers=2, direction="bidirect"))
    seq, _ = lstm(f)
    head = _eval(nn.Linear(24, 11))
    return [F.softmax(head(seq), axis=2)]


@model("speech_gru", "conv + GRU speech model (DeepSpeech2 style): 2 conv2d/BN/hardtanh over "
       "[freq, time], reshape to a sequence, 2-layer GRU, Linear + log_softmax",
       ["rnn", "gru", "speech", "conv"])
def build_speech_gru(c):
    x = c.data("audio", [-1, 1, 16, 20])         # N, 1, freq, time
    conv1 = _eval(nn.Conv2D(1, 4, (5, 3), stride=(2, 1), padding=(2, 1)))
    bn1 = _eval(nn.BatchNorm2D(4))
    conv2 = _eval(nn.Conv2D(4, 4, (5, 3), stride=(2, 1), padding=(2, 1)))
    bn2 = _eval(nn.BatchNorm2D(4))
    y = F.hardtanh(bn1(conv1(x)), 0, 20)
    y = F.hardtanh(bn2(conv2(y)), 0, 20)         # N, 4, 4, 20
    y = paddle.transpose(y, [0, 3, 1, 2])        # N, T, C, F
    y = paddle.reshape(y, [0, 0, -1])            # N, T, 16
    gru = _eval(nn.GRU(16, 10, num_layers=2))
    seq, h = gru(y)
    head = _eval(nn.Linear(10, 8))
    return [F.log_softmax(head(seq), axis=-1), h]


def legacy_builders():
    """Builders for tests/translate/generate.py's legacy stage (legacy static API)."""
    import paddle as P

    def rnn_legacy(rng):
        x = P.static.data("x", [-1, 6, 5], "float32")
        lstm = P.nn.LSTM(5, 3, num_layers=2, direction="bidirect")
        lstm.eval()
        y, (h, cc) = lstm(x)
        gru = P.nn.GRU(5, 4)
        gru.eval()
        y2, h2 = gru(x)
        return ("pd_op.rnn from the legacy `rnn` op: 2-layer bidirectional LSTM and a GRU",
                [(x, rng.standard_normal((2, 6, 5)).astype("float32"))], [y, h, cc, y2, h2])

    return {"rnn_legacy": rnn_legacy}


# --------------------------------------------------------------------------
# Paddle's op list
# --------------------------------------------------------------------------

#: paddle2onnx names its converters after the legacy (ProgramDesc) op names; their pd_op names
LEGACY_TO_PD = {
    "arg_max": "argmax", "arg_min": "argmin", "array_length": "array_length",
    "array_read": "array_read", "array_write_": "array_write_", "elementwise_add": "add",
    "elementwise_div": "divide", "elementwise_floordiv": "floor_divide",
    "elementwise_max": "maximum", "elementwise_min": "minimum", "elementwise_mod": "remainder",
    "elementwise_mul": "multiply", "elementwise_sub": "subtract", "expand_v2": "expand",
    "flatten_contiguous_range": "flatten", "hard_sigmoid": "hardsigmoid", "hard_swish": "hardswish",
    "matmul_v2": "matmul", "range": "arange", "reduce_all": "all", "reduce_any": "any",
    "reduce_max": "max", "reduce_mean": "mean", "reduce_min": "min", "reduce_prod": "prod",
    "reduce_sum": "sum", "top_k_v2": "topk", "unsqueeze2": "unsqueeze", "where_index": "nonzero",
    "size": "numel", "grid_sampler": "grid_sample", "print": "print",
}


def paddle_op_list():
    import paddle2onnx.paddle2onnx_cpp2py_export as p2o

    pir = sorted(n for n in dir(paddle._pir_ops) if not n.startswith("_"))
    forward = [n for n in pir if not (n.endswith("_grad") or n.endswith("_grad_")
                                      or "_grad_" in n and n.endswith("_"))]
    fset = set(forward)
    common, unmapped = set(), []
    for n in p2o.get_all_supported_operators_pir():
        if n.startswith("builtin_"):
            continue
        m = LEGACY_TO_PD.get(n, n)
        if m in fset:
            common.add(m)
        else:
            unmapped.append(n)
    return dict(
        paddle_version=paddle.__version__,
        generator="tests/corpus/generate_coverage.py",
        how=dict(
            pd_op_forward="sorted(dir(paddle._pir_ops)), names starting with '_' and gradient ops "
                          "(ending in _grad / _grad_) removed",
            inference_common="paddle2onnx get_all_supported_operators_pir() (the ops its PIR "
                             "exporter converts), legacy names mapped to pd_op names, kept when "
                             "the pd_op exists",
        ),
        pd_op_forward=forward,
        inference_common=sorted(common),
        inference_common_unmapped=sorted(unmapped),
    )


# --------------------------------------------------------------------------
# main
# --------------------------------------------------------------------------


def write_coverage_manifest():
    metas = []
    for n in MODELS:
        p = HERE / n / "meta.json"
        if p.exists():
            m = json.loads(p.read_text())
            metas.append(dict(name=n, description=m["description"], op_kinds=m["op_kinds"]))
    (HERE / "COVERAGE.json").write_text(G.dump_json(dict(
        paddle_version=paddle.__version__, generator="tests/corpus/generate_coverage.py",
        models=metas)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", action="append", help="model name (repeatable)")
    ap.add_argument("--ops-only", action="store_true")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args(argv)

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    if args.list:
        for n, s in MODELS.items():
            print(n, "-", s["description"])
        return 0
    (HERE / "paddle_ops.json").write_text(G.dump_json(paddle_op_list()))
    if args.ops_only:
        return 0
    names = args.only or list(MODELS)
    for n in names:
        t0 = time.time()
        meta, *_ = G.run_model(MODELS[n], HERE / n)
        log(f"{n}: {meta['ops']} ops, {len(meta['op_kinds'])} kinds ({time.time() - t0:.1f}s)")
    write_coverage_manifest()
    return 0


if __name__ == "__main__":
    sys.exit(main())
