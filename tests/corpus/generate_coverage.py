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

The legacy ProgramDesc forms (``rnn_lstm_gru``, ``crnn_legacy``: the legacy static API's ``rnn``
op; ``ppyolo_legacy``: ``yolo_box``, ``multiclass_nms3``, ``roi_align``) are built by
tests/translate/generate.py's pipeline, which
writes tests/translate/corpus/<name>/ where the translator tests pick them up; ``--legacy``
runs it for those models.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import generate as G
import numpy as np
import paddle
import paddle.nn.functional as F
from paddle import nn

ROOT = HERE.parents[1]
MODELS: dict[str, dict] = {}
#: models of tests/translate/generate.py with the legacy rnn / detection ops
LEGACY_MODELS = ("rnn_lstm_gru", "crnn_legacy", "ppyolo_legacy")


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


# --------------------------------------------------------------------------
# OCR: DB text detection, SVTR recognition
# --------------------------------------------------------------------------


@model("db_det", "DB text detector (PaddleOCR det_db style): conv backbone with 3 stages, "
       "FPN (1x1 lateral convs, nearest upsample + add, 3x3 convs, upsample + concat), "
       "DB head (conv/BN/relu, 2 conv2d_transpose, sigmoid) for shrink and threshold maps, "
       "approximate binary map 1 / (1 + exp(-k (P - T)))", ["ocr", "conv", "interp"])
def build_db_det(c):
    x = c.data("image", [-1, 3, 16, 16], concrete=[1, 3, 16, 16])
    s1 = _eval(nn.Sequential(ConvBNAct(3, 8, s=2), ConvBNAct(8, 8, s=2)))
    s2 = _eval(ConvBNAct(8, 16, s=2))
    s3 = _eval(ConvBNAct(16, 16, s=2))
    c2 = s1(x)                                   # 4x4 (stride 4)
    c3 = s2(c2)                                  # 2x2
    c4 = s3(c3)                                  # 1x1
    in2, in3, in4 = (_eval(nn.Conv2D(ch, 8, 1, bias_attr=False)) for ch in (8, 16, 16))
    p4 = in4(c4)
    p3 = in3(c3) + F.interpolate(p4, scale_factor=2, mode="nearest")
    p2 = in2(c2) + F.interpolate(p3, scale_factor=2, mode="nearest")
    o2, o3, o4 = (_eval(nn.Conv2D(8, 2, 3, padding=1, bias_attr=False)) for _ in range(3))
    fuse = paddle.concat([o2(p2), F.interpolate(o3(p3), scale_factor=2, mode="nearest"),
                          F.interpolate(o4(p4), scale_factor=4, mode="nearest")], axis=1)  # 6 x 4x4; the head upsamples 4x to the input size

    def head():
        return _eval(nn.Sequential(
            nn.Conv2D(6, 2, 3, padding=1, bias_attr=False), nn.BatchNorm2D(2), nn.ReLU(),
            nn.Conv2DTranspose(2, 2, 2, stride=2), nn.BatchNorm2D(2), nn.ReLU(),
            nn.Conv2DTranspose(2, 1, 2, stride=2)))
    shrink = F.sigmoid(head()(fuse))
    thresh = F.sigmoid(head()(fuse))
    binary = paddle.reciprocal(1 + paddle.exp(-50 * (shrink - thresh)))
    return [paddle.concat([shrink, thresh, binary], axis=1)]


class MixingBlock(nn.Layer):
    """SVTR block: global (attention) or local (depthwise conv over the 2-D grid) mixing."""

    def __init__(self, dim, heads, hw, local=False):
        super().__init__()
        self.hw, self.local, self.heads = hw, local, heads
        self.norm1 = nn.LayerNorm(dim, epsilon=1e-6)
        self.norm2 = nn.LayerNorm(dim, epsilon=1e-6)
        if local:
            self.mix = nn.Conv2D(dim, dim, 3, padding=1, groups=dim)
        else:
            self.qkv = nn.Linear(dim, dim * 3)
            self.proj = nn.Linear(dim, dim)
        self.fc1 = nn.Linear(dim, dim * 2)
        self.fc2 = nn.Linear(dim * 2, dim)

    def mixing(self, x):
        n, dim = x.shape[1], x.shape[2]
        if self.local:
            h, w = self.hw
            y = paddle.transpose(x, [0, 2, 1]).reshape([-1, dim, h, w])
            return self.mix(y).flatten(2).transpose([0, 2, 1])
        qkv = self.qkv(x).reshape([-1, n, 3, self.heads, dim // self.heads]).transpose([2, 0, 3, 1, 4])
        q, k, v = qkv[0] * (dim // self.heads) ** -0.5, qkv[1], qkv[2]
        attn = F.softmax(paddle.matmul(q, k, transpose_y=True), axis=-1)
        return self.proj(paddle.matmul(attn, v).transpose([0, 2, 1, 3]).reshape([-1, n, dim]))

    def forward(self, x):
        x = x + self.mixing(self.norm1(x))
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


@model("svtr_rec", "SVTR-tiny-style text recogniser (PaddleOCR rec_svtr): conv patch embedding, "
       "local (depthwise conv) and global (attention) mixing blocks with LayerNorm/gelu MLPs, "
       "height pooled by adaptive avg pool, Linear CTC head, softmax", ["ocr", "attention", "conv"])
def build_svtr_rec(c):
    x = c.data("image", [-1, 3, 8, 32], concrete=[1, 3, 8, 32])
    embed = _eval(nn.Sequential(ConvBNAct(3, 8, s=2, act="hardswish"), ConvBNAct(8, 16, s=2, act="hardswish")))
    y = embed(x)                                 # N, 16, 2, 8
    t = y.flatten(2).transpose([0, 2, 1])        # N, 16, 16
    blocks = _eval(nn.Sequential(MixingBlock(16, 2, (2, 8), local=True), MixingBlock(16, 2, (2, 8))))
    t = _eval(nn.LayerNorm(16, epsilon=1e-6))(blocks(t))
    g = t.transpose([0, 2, 1]).reshape([-1, 16, 2, 8])
    g = F.adaptive_avg_pool2d(g, [1, 8])         # N, 16, 1, 8
    g = paddle.squeeze(g, axis=2).transpose([0, 2, 1])
    head = _eval(nn.Linear(16, 12))
    return [F.softmax(head(g), axis=2)]


# --------------------------------------------------------------------------
# detection: PP-YOLOE-style (anchor free, DFL) and PP-YOLO-style (yolo_box), multiclass_nms3
# --------------------------------------------------------------------------


class ESEAttn(nn.Layer):
    def __init__(self, ch):
        super().__init__()
        self.fc = nn.Conv2D(ch, ch, 1)
        self.conv = ConvBNAct(ch, ch, 1, act="swish")

    def forward(self, feat, avg):
        return self.conv(feat * F.sigmoid(self.fc(avg)))


@model("ppyoloe_det", "PP-YOLOE-style detector: CSP-ish backbone (conv/BN/swish, residual), two "
       "levels, ET head with ESE attention, DFL box regression (softmax over bins, 1x1 conv with the "
       "projection), anchor points, distance2bbox, scale by the image scale factor, "
       "multiclass_nms3 post-processing", ["detection", "nms", "conv"])
def build_ppyoloe_det(c):
    x = c.data("image", [1, 3, 32, 32], scale=1.0)
    sf = c.data("scale_factor", [1, 2], value=[[0.8, 1.25]])
    reg_max, ncls = 4, 3
    stem = _eval(nn.Sequential(ConvBNAct(3, 8, s=2, act="swish"), ConvBNAct(8, 16, s=2, act="swish")))
    down = _eval(ConvBNAct(16, 16, s=2, act="swish"))
    res = _eval(ConvBNAct(16, 16, act="swish"))
    f8 = stem(x)                                 # 8x8, stride 4
    f16 = down(f8)
    f16 = f16 + res(f16)                         # 4x4, stride 8
    feats, strides = [f8, f16], [4, 8]
    cls_list, reg_list, anchors, stride_t = [], [], [], []
    for i, (f, s) in enumerate(zip(feats, strides)):
        h, w = f.shape[2], f.shape[3]
        avg = F.adaptive_avg_pool2d(f, 1)
        stem_cls, stem_reg = _eval(ESEAttn(16), ESEAttn(16))
        pred_cls = _eval(nn.Conv2D(16, ncls, 3, padding=1))
        pred_reg = _eval(nn.Conv2D(16, 4 * (reg_max + 1), 3, padding=1))
        cls_logit = pred_cls(stem_cls(f, avg) + f)
        reg_dist = pred_reg(stem_reg(f, avg))
        reg_dist = reg_dist.reshape([-1, 4, reg_max + 1, h * w]).transpose([0, 2, 3, 1])
        proj = paddle.to_tensor(np.arange(reg_max + 1, dtype="float32").reshape([1, reg_max + 1, 1, 1]))
        reg_dist = F.conv2d(F.softmax(reg_dist, axis=1), proj)   # N, 1, h*w, 4
        cls_list.append(F.sigmoid(cls_logit).reshape([-1, ncls, h * w]))
        reg_list.append(reg_dist.squeeze(1))
        sx = (paddle.arange(end=w, dtype="float32") + 0.5) * s
        sy = (paddle.arange(end=h, dtype="float32") + 0.5) * s
        gy, gx = paddle.meshgrid(sy, sx)
        anchors.append(paddle.stack([gx, gy], axis=-1).reshape([-1, 2]))
        stride_t.append(paddle.full([h * w, 1], s, dtype="float32"))
    scores = paddle.concat(cls_list, axis=-1)    # N, ncls, A
    dist = paddle.concat(reg_list, axis=1)       # N, A, 4
    anchor = paddle.concat(anchors)
    stride = paddle.concat(stride_t)
    lt, rb = paddle.split(dist * stride, 2, axis=-1)
    boxes = paddle.concat([anchor - lt, anchor + rb], axis=-1)
    sy, sx = paddle.split(sf, 2, axis=-1)
    boxes = boxes / paddle.concat([sx, sy, sx, sy], axis=-1).reshape([-1, 1, 4])
    out, num, index = paddle._C_ops.multiclass_nms3(boxes, scores, None, 0.3, 20, 10, 0.6, False, 1.0, -1)
    return [out, num, index]


@model("ppyolo_yolobox", "PP-YOLO-style head: conv/BN/leaky_relu neck, YOLOv3 conv head, yolo_box "
       "decoding (clip_bbox, scale_x_y 1.05, conf_thresh) and multiclass_nms3 (normalized=False)",
       ["detection", "nms", "conv"])
def build_ppyolo_yolobox(c):
    x = c.data("image", [1, 3, 32, 32], scale=1.0)
    im = c.data("im_shape", [1, 2], "int32", value=[[64, 48]])
    ncls, na = 3, 2
    neck = _eval(nn.Sequential(nn.Conv2D(3, 8, 3, stride=4, padding=1), nn.BatchNorm2D(8), nn.LeakyReLU(0.1),
                               nn.Conv2D(8, 8, 3, stride=2, padding=1), nn.BatchNorm2D(8), nn.LeakyReLU(0.1)))
    head = _eval(nn.Conv2D(8, na * (5 + ncls), 1))
    y = head(neck(x))                            # 1, 16, 4, 4
    boxes, scores = paddle.vision.ops.yolo_box(y, im, anchors=[10, 13, 16, 30], class_num=ncls,
                                               conf_thresh=0.01, downsample_ratio=8, clip_bbox=True,
                                               scale_x_y=1.05)
    out, num, index = paddle._C_ops.multiclass_nms3(boxes, paddle.transpose(scores, [0, 2, 1]), None,
                                                    0.01, 30, 12, 0.45, False, 1.0, -1)
    return [boxes, scores, out, num, index]


# --------------------------------------------------------------------------
# segmentation: PP-LiteSeg-style
# --------------------------------------------------------------------------


@model("pp_liteseg", "PP-LiteSeg-style segmenter: STDC-ish backbone, SPPM (adaptive avg pool to "
       "1/2, conv, bilinear upsample, sum), UAFM with spatial attention (channel mean/max, "
       "conv, sigmoid) at 1/8, detail branch added at 1/4, seg head, bilinear resize to the input, argmax",
       ["segmentation", "conv", "interp"])
def build_pp_liteseg(c):
    x = c.data("image", [-1, 3, 16, 16], concrete=[1, 3, 16, 16])
    s1 = _eval(nn.Sequential(ConvBNAct(3, 8, s=2), ConvBNAct(8, 8)))         # 8x8
    s2 = _eval(ConvBNAct(8, 16, s=2))                                        # 4x4
    s3 = _eval(ConvBNAct(16, 16, s=2))                                       # 2x2
    f4, f8, f16 = s1(x), None, None
    f8 = s2(f4)
    f16 = s3(f8)
    sppm = []
    for size in (1, 2):
        conv = _eval(ConvBNAct(16, 8, 1))
        p = conv(F.adaptive_avg_pool2d(f16, size))
        sppm.append(F.interpolate(p, size=f16.shape[2:], mode="bilinear", align_corners=False))
    ctx = _eval(ConvBNAct(8, 8))(sppm[0] + sppm[1])

    def uafm(low, high, cin):
        low = _eval(ConvBNAct(cin, 8))(low)
        up = F.interpolate(high, size=low.shape[2:], mode="bilinear")
        feats = paddle.concat([paddle.mean(low, axis=1, keepdim=True), paddle.max(low, axis=1, keepdim=True),
                               paddle.mean(up, axis=1, keepdim=True), paddle.max(up, axis=1, keepdim=True)], axis=1)
        att = F.sigmoid(_eval(ConvBNAct(4, 1, act=None))(feats))
        return _eval(ConvBNAct(8, 8))(low * att + up * (1 - att))

    y = uafm(f8, ctx, 16)
    y = F.interpolate(y, size=f4.shape[2:], mode="bilinear") + _eval(ConvBNAct(8, 8, 1))(f4)
    logit = _eval(nn.Conv2D(8, 4, 1))(_eval(ConvBNAct(8, 8))(y))
    logit = F.interpolate(logit, size=[16, 16], mode="bilinear", align_corners=False)
    return [logit, paddle.argmax(logit, axis=1)]


# --------------------------------------------------------------------------
# NLP: ERNIE encoder, Llama decoder
# --------------------------------------------------------------------------


@model("ernie_encoder", "ERNIE-style encoder (PaddleNLP ErnieModel): word + position + token-type "
       "embeddings, LayerNorm, a post-norm TransformerEncoderLayer (gelu) with an attention mask "
       "from input_ids != pad, pooler (first token, Linear, tanh), classifier",
       ["nlp", "attention", "embedding"])
def build_ernie_encoder(c):
    ids = c.data("input_ids", [-1, 8], "int64", kind="randint", low=1, high=40,
                 post=lambda a: np.where(np.arange(8)[None, :] >= np.array([[8], [5]]), 0, a))
    tt = c.data("token_type_ids", [-1, 8], "int64", kind="randint", low=0, high=2)
    word = _eval(nn.Embedding(40, 16, padding_idx=0))
    pos = _eval(nn.Embedding(16, 16))
    typ = _eval(nn.Embedding(2, 16))
    ones = paddle.ones_like(ids)
    pos_ids = paddle.cumsum(ones, axis=-1) - ones
    emb = word(ids) + pos(pos_ids) + typ(tt)
    emb = _eval(nn.LayerNorm(16))(emb)
    mask = paddle.unsqueeze((ids == 0).astype("float32") * -1e4, axis=[1, 2])
    enc = _eval(nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 2, 32, dropout=0.1, activation="gelu"), 1))
    seq = enc(emb, mask)
    pooled = paddle.tanh(_eval(nn.Linear(16, 16))(seq[:, 0]))
    return [seq, _eval(nn.Linear(16, 3))(pooled)]


class LlamaRMSNorm(nn.Layer):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.weight = self.create_parameter([dim], default_initializer=nn.initializer.Constant(1.0))
        self.eps = eps

    def forward(self, x):
        var = x.astype("float32").pow(2).mean(-1, keepdim=True)
        return paddle.rsqrt(var + self.eps) * x * self.weight


def _rotate_half(x):
    x1, x2 = paddle.chunk(x, 2, axis=-1)
    return paddle.concat([-x2, x1], axis=-1)


@model("llama_decoder", "Llama-style decoder (PaddleNLP LlamaForCausalLM, unfused paths): token "
       "embedding, a decoder layer: RMSNorm (pow/mean/rsqrt), q/k/v projections, rotary position "
       "embedding (sin/cos tables, rotate_half), grouped-query attention (repeat_interleave of K/V), "
       "causal mask, SwiGLU MLP (silu * up), final RMSNorm, lm head", ["nlp", "attention", "rope"])
def build_llama_decoder(c):
    seq, dim, heads, kv_heads, hd, vocab = 6, 16, 4, 2, 4, 32
    ids = c.data("input_ids", [-1, seq], "int64", kind="randint", low=0, high=vocab, concrete=[1, seq])
    embed = _eval(nn.Embedding(vocab, dim))
    h = embed(ids)
    inv = 1.0 / (10000 ** (np.arange(0, hd, 2, dtype="float32") / hd))
    t = paddle.arange(seq, dtype="float32")
    freqs = paddle.outer(t, paddle.to_tensor(inv))
    emb = paddle.concat([freqs, freqs], axis=-1)
    cos = paddle.cos(emb).reshape([1, seq, 1, hd])
    sin = paddle.sin(emb).reshape([1, seq, 1, hd])
    causal = paddle.triu(paddle.full([seq, seq], float("-inf")), diagonal=1)
    for _ in range(1):
        n1, n2 = _eval(LlamaRMSNorm(dim), LlamaRMSNorm(dim))
        q_p, k_p, v_p = _eval(nn.Linear(dim, heads * hd, bias_attr=False), nn.Linear(dim, kv_heads * hd, bias_attr=False),
                              nn.Linear(dim, kv_heads * hd, bias_attr=False))
        o_p = _eval(nn.Linear(heads * hd, dim, bias_attr=False))
        gate, up, down = _eval(nn.Linear(dim, 24, bias_attr=False), nn.Linear(dim, 24, bias_attr=False),
                               nn.Linear(24, dim, bias_attr=False))
        x = n1(h)
        q = q_p(x).reshape([0, 0, heads, hd])
        k = k_p(x).reshape([0, 0, kv_heads, hd])
        v = v_p(x).reshape([0, 0, kv_heads, hd])
        q = q * cos + _rotate_half(q) * sin
        k = k * cos + _rotate_half(k) * sin
        k = paddle.repeat_interleave(k, heads // kv_heads, axis=2)
        v = paddle.repeat_interleave(v, heads // kv_heads, axis=2)
        q, k, v = (paddle.transpose(a, [0, 2, 1, 3]) for a in (q, k, v))
        att = paddle.matmul(q, k, transpose_y=True) / math.sqrt(hd) + causal
        att = F.softmax(att.astype("float32"), axis=-1)
        o = paddle.matmul(att, v).transpose([0, 2, 1, 3]).reshape([0, 0, heads * hd])
        h = h + o_p(o)
        h = h + down(F.silu(gate(n2(h))) * up(n2(h)))
    logits = _eval(nn.Linear(dim, vocab, bias_attr=False))(_eval(LlamaRMSNorm(dim))(h))
    return [logits, paddle.argmax(logits[:, -1], axis=-1)]


@model("coverage_misc", "inference ops outside the model set, in one program: unstack (vec result), "
       "pixel_shuffle, grid_sample, unfold, argsort + take_along_axis, put_along_axis, slice assignment "
       "(set_value_with_tensor_ / set_value_), index_sample, scatter, masked_select, atan2, bitwise ops, "
       "einsum, print, empty",
       ["misc", "vector_types"])
def build_coverage_misc(c):
    x = c.data("x", [-1, 8, 4, 4])
    g = c.data("grid", [-1, 3, 3, 2], kind="uniform", low=-1.1, high=1.1)
    v = c.data("v", [-1, 4], scale=2.0)
    k = c.data("k", [-1, 4], "int32", kind="randint", low=-50, high=50)
    ps = F.pixel_shuffle(x, 2)                                   # N, 2, 8, 8
    gs = F.grid_sample(ps, g, mode="bilinear", padding_mode="border", align_corners=False)
    cols = F.unfold(x, [2, 2], strides=2)                        # N, 32, 4
    parts = paddle.unstack(cols, axis=2)
    y = parts[0] * 2.0 + parts[3]
    idx = paddle.argsort(v, axis=1, descending=True)
    top = paddle.take_along_axis(v, idx[:, :2], axis=1)
    put = paddle.put_along_axis(v, idx[:, :1], paddle.zeros_like(top[:, :1]), axis=1)
    # x[...] = v in a PIR static program: paddle.static.setitem returns the updated value
    w = paddle.static.setitem(v * 2.0, (slice(None), slice(1, 3)), top)
    w = paddle.static.setitem(w, (0, slice(None)), -1.0)
    samp = paddle.index_sample(v, paddle.flip(idx, [1]))
    sc = paddle.scatter(v, paddle.to_tensor(np.array([1, 0], "int64")), w)
    sel = paddle.masked_select(v, v > 0)
    ang = paddle.atan2(v, put + 0.5)
    bits = paddle.bitwise_xor(k, paddle.bitwise_not(k * 3))
    ein = paddle.einsum("nij,nkj->nik", x[:, :3, 0], x[:, 3:5, 1])
    diag = paddle.einsum("nkii->nki", x[:, :2, :, :])  # (Paddle rewrites "..." with letters drawn from a set)
    shown = paddle.static.Print(top, message="top", summarize=4)
    filled = paddle.full_like(paddle.empty([3, 2], "float32"), 1.5)  # reads only its shape
    return [gs, y, top, put, w, samp, sc, sel, ang, bits, ein, diag, shown, filled]


@model("array_decode", "tensor arrays in a decoding loop: create_array, array_write_ in a "
       "while_loop (a GRU-cell-like update per step), array_length, array_read, array_to_tensor "
       "(concat and stack)", ["array", "while"])
def build_array_decode(c):
    x = c.data("x", [-1, 4])
    steps = c.data("steps", [1], "int64", value=[3])
    lin = _eval(nn.Linear(4, 4))
    arr = paddle.tensor.create_array("float32")
    i0 = paddle.zeros([1], "int64")
    arr = paddle.tensor.array_write(x, i0, array=arr)

    def cond(i, h, a):
        return i < steps

    def body(i, h, a):
        h = paddle.tanh(lin(h))
        i = i + 1
        a = paddle.tensor.array_write(h, i, array=a)
        return [i, h, a]

    i, h, arr = paddle.static.nn.while_loop(cond, body, [i0, x, arr])
    n = paddle.tensor.array_length(arr)
    last = paddle.tensor.array_read(arr, i)
    stacked, _ = paddle.tensor.manipulation.tensor_array_to_tensor(arr, axis=1, use_stack=True)
    cat, idx = paddle.tensor.manipulation.tensor_array_to_tensor(arr, axis=0)
    return [n, last, stacked, cat, idx, h]


@model("quant_random", "a quantized Linear (quantize_linear per tensor on the activation, per "
       "channel on the weight, dequantize_linear -- which Paddle 3.3.1's PIR executor runs as a second "
       "quantization), explicit dequantization, seeded gaussian / uniform noise, argsort with many equal "
       "keys (std::sort's tie order), multinomial on one-hot rows (its result does not depend on the "
       "default generator's state)", ["quant", "random"])
def build_quant_random(c):
    x = c.data("x", [2, 8], scale=2.0)
    lin = _eval(nn.Linear(8, 6))
    one = nn.initializer.Constant(1.0)
    zero = nn.initializer.Constant(0.0)
    s_act = paddle.static.create_parameter([1], "float32", default_initializer=one)   # -> U(0.5, 1.5)
    z_act = paddle.static.create_parameter([1], "float32", default_initializer=zero)  # not read by the kernel
    s_w = paddle.static.create_parameter([6], "float32", default_initializer=one)
    z_w = paddle.static.create_parameter([6], "float32", default_initializer=zero)
    acc, state = paddle.full([1], 0.0), paddle.full([1], 0.0)
    q = paddle._C_ops.quantize_linear(x, s_act, z_act, acc, state, -1, 8, -128, 127, 0, True, False)[0]
    dq = paddle._C_ops.dequantize_linear(q, s_act, z_act, acc, state, -1, 8, -128, 127, 0, True, False)[0]
    qw = paddle._C_ops.quantize_linear(lin.weight, s_w, z_w, acc, state, 1, 8, -128, 127, 1, True, False)[0]
    xq = q * s_act / 127.0
    wq = qw * s_w / 127.0
    y = paddle.matmul(xq, wq) + lin.bias
    y = y + 0.1 * paddle.tensor.random.gaussian([2, 6], mean=0.0, std=1.0, seed=17)
    y = y + paddle.uniform([2, 6], min=-0.5, max=0.5, seed=23)
    keys = paddle.floor(paddle.uniform([2, 40], min=0.0, max=4.0, seed=5))  # 40 keys, 4 values: ties
    order = paddle.argsort(keys + paddle.floor(y[:, :1]) * 0.0, axis=-1, descending=True)
    hot = F.one_hot(paddle.argmax(y, axis=-1), 6)
    picks = paddle.multinomial(hot, num_samples=3, replacement=True)
    return [q, dq, y, order, picks]


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
    forward = [n for n in pir if not n.endswith(("_grad", "_grad_"))]
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
    ap.add_argument("--legacy", action="store_true",
                    help="only the legacy ProgramDescs (tests/translate/generate.py for LEGACY_MODELS)")
    args = ap.parse_args(argv)

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    if args.list:
        for n, s in MODELS.items():
            print(n, "-", s["description"])
        return 0
    if args.legacy:
        script = str((HERE.parent / "translate" / "generate.py").relative_to(ROOT))
        return subprocess.run([sys.executable, script, "--models", ",".join(LEGACY_MODELS)], cwd=ROOT,
                              check=False).returncode
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
