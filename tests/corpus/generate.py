#!/usr/bin/env python
"""Generate the pirc test corpus from real PaddlePaddle 3.3.1 PIR programs.

Run from the repository root with a Python that has paddlepaddle==3.3.1
installed (never the project venv; pirc itself must not depend on Paddle):

    python tests/corpus/generate.py            # everything
    python tests/corpus/generate.py --only mlp # one model
    python tests/corpus/generate.py --no-bench # skip bench/data
    python tests/corpus/generate.py --bench-only
    python tests/corpus/generate.py --big-feeds /tmp/big
        # (re)create feeds.npz/outputs.npz of the big bench_* models in /tmp/big/<name>/

Pipeline for every model (see README.md next to this file):
  1. build the network in PIR static mode inside fresh Program()s, a fresh
     Scope and a fresh unique_name namespace, with fixed seeds;
  2. run the startup program, then deterministically re-draw parameters that
     were initialised to a constant (biases, norm scales, BN running stats) so
     that every parameter carries information;
  3. paddle.static.save_inference_model(...) + load_inference_model(...);
  4. print the *loaded* inference program (str(program)) -> program.pir;
  5. run exactly that loaded program with the Executor -> outputs.npz.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import math
import os
import re
import sys
import tempfile
import time
import warnings
from pathlib import Path

os.environ.setdefault("GLOG_minloglevel", "2")
os.environ.setdefault("FLAGS_call_stack_level", "0")
warnings.filterwarnings("ignore")

import numpy as np  # noqa: E402
import paddle  # noqa: E402
import paddle.nn as nn  # noqa: E402
import paddle.nn.functional as F  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BENCH_DIR = ROOT / "bench" / "data"

paddle.enable_static()

# Big bench shapes: feeds are *not* committed (16 MiB each); they are recreated
# from meta.json["feed_recipe"] (numpy only) and checked with "output_checks".
BIG_ROWS, BIG_COLS = 1024, 4096
SMALL_ROWS = 8


# --------------------------------------------------------------------------
# registry
# --------------------------------------------------------------------------

MODELS: dict[str, dict] = {}


def model(name, description, features=(), seed=None, big=False, bench_only=False):
    """Register a model; ``bench_only`` ones are written to bench/data/<name>/ (too big
    for the tests that walk every corpus model) and left out of MANIFEST.json."""
    def deco(fn):
        MODELS[name] = dict(
            name=name,
            description=description,
            features=list(features),
            build=fn,
            seed=seed if seed is not None else (zlib_crc(name) % 100000),
            big=big,
            dir=(BENCH_DIR if bench_only else HERE) / name,
        )
        return fn

    return deco


def zlib_crc(s):
    import zlib

    return zlib.crc32(s.encode())


class Ctx:
    """Handed to builders: collects feeds (value + concrete array) and fetches."""

    def __init__(self, rng: np.random.RandomState):
        self.rng = rng
        self.feed_vars = []
        self.feed_arrays = {}
        self.recipes = []

    def data(self, name, shape, dtype="float32", concrete=None, kind="normal",
             low=None, high=None, scale=1.0, value=None, post=None):
        """Declare a pd_op.data feed and create its concrete array.

        shape: declared shape (-1 for dynamic dims).
        concrete: concrete shape used for the feed (defaults to shape with -1 -> 2).
        kind: normal | uniform | randint | bool | positive
        value: explicit feed value (overrides kind); post: fn(array) -> array
        """
        v = paddle.static.data(name, shape, dtype)
        cshape = list(concrete) if concrete is not None else [2 if d == -1 else d for d in shape]
        if value is not None:
            arr = np.ascontiguousarray(np.asarray(value, dtype=dtype).reshape(cshape))
            kind = "value"
        else:
            arr = make_array(self.rng, cshape, dtype, kind, low, high, scale)
        if post is not None:
            arr = np.ascontiguousarray(post(arr.copy()).astype(dtype))
        self.feed_vars.append(v)
        self.feed_arrays[name] = arr
        self.recipes.append(dict(name=name, shape=cshape, dtype=dtype, kind=kind,
                                 low=low, high=high, scale=scale))
        return v


def make_array(rng, shape, dtype, kind, low=None, high=None, scale=1.0):
    if kind == "normal":
        a = rng.standard_normal(shape) * scale
    elif kind == "uniform":
        a = rng.uniform(low, high, shape)
    elif kind == "positive":
        a = rng.uniform(0.1 if low is None else low, 2.0 if high is None else high, shape)
    elif kind == "randint":
        a = rng.randint(low, high, shape)
    elif kind == "bool":
        a = rng.uniform(0, 1, shape) > 0.5
    else:
        raise ValueError(kind)
    return np.ascontiguousarray(a.astype(dtype))


# --------------------------------------------------------------------------
# models
# --------------------------------------------------------------------------


@model("mlp", "3-layer MLP: Linear/relu/tanh/Linear/softmax",
       ["linear", "matmul", "activation", "softmax", "parameters", "dynamic_batch"])
def build_mlp(c: Ctx):
    x = c.data("x", [-1, 16])
    l1, l2, l3 = nn.Linear(16, 32), nn.Linear(32, 24), nn.Linear(24, 10)
    h = F.relu(l1(x))
    h = paddle.tanh(l2(h))
    logits = l3(h)
    return [F.softmax(logits, axis=-1), logits]


@model("lenet", "Small LeNet: conv2d/relu/max pool2d x2, flatten, 3 Linear",
       ["conv", "pool", "linear", "activation", "parameters", "dynamic_batch"])
def build_lenet(c: Ctx):
    x = c.data("image", [-1, 1, 16, 16])
    conv1 = nn.Conv2D(1, 4, 3, padding=1)
    conv2 = nn.Conv2D(4, 8, 3)
    h = F.max_pool2d(F.relu(conv1(x)), 2, 2)          # 4x8x8
    h = F.max_pool2d(F.relu(conv2(h)), 2, 2)          # 8x3x3
    h = paddle.flatten(h, 1)
    h = F.relu(nn.Linear(72, 32)(h))
    h = F.relu(nn.Linear(32, 16)(h))
    return [nn.Linear(16, 10)(h)]


@model("resnet_block", "ResNet BasicBlock with stride-2 1x1 conv+BN shortcut, "
       "BatchNorm in inference mode, then a second identity block and global avg pool",
       ["conv", "batch_norm", "residual", "pool", "multi_output", "parameters"])
def build_resnet_block(c: Ctx):
    x = c.data("x", [-1, 8, 16, 16])

    def bn(ch):
        b = nn.BatchNorm2D(ch)
        b.eval()
        return b

    conv1 = nn.Conv2D(8, 16, 3, stride=2, padding=1, bias_attr=False)
    bn1 = bn(16)
    conv2 = nn.Conv2D(16, 16, 3, padding=1, bias_attr=False)
    bn2 = bn(16)
    sc = nn.Conv2D(8, 16, 1, stride=2, bias_attr=False)
    bnsc = bn(16)
    h = F.relu(bn1(conv1(x)))
    h = bn2(conv2(h))
    out = F.relu(paddle.add(h, bnsc(sc(x))))
    # identity block
    conv3 = nn.Conv2D(16, 16, 3, padding=1, bias_attr=False)
    bn3 = bn(16)
    out2 = F.relu(bn3(conv3(out)) + out)
    pooled = F.adaptive_avg_pool2d(out2, 1)
    return [out2, paddle.flatten(pooled, 1)]


@model("mobilenet_block", "MobileNetV3 inverted residual: 1x1 expand+BN+hardswish, "
       "depthwise 3x3+BN+relu6, squeeze-excite (adaptive avg pool, 1x1 convs, relu, "
       "hardsigmoid, multiply), 1x1 project+BN, residual add",
       ["conv", "depthwise_conv", "batch_norm", "activation", "pool", "residual",
        "broadcast", "parameters"])
def build_mobilenet_block(c: Ctx):
    x = c.data("x", [-1, 8, 12, 12])

    def bn(ch):
        b = nn.BatchNorm2D(ch)
        b.eval()
        return b

    exp_c = 16
    h = F.hardswish(bn(exp_c)(nn.Conv2D(8, exp_c, 1, bias_attr=False)(x)))
    h = F.relu6(bn(exp_c)(nn.Conv2D(exp_c, exp_c, 3, padding=1, groups=exp_c,
                                    bias_attr=False)(h)))
    s = F.adaptive_avg_pool2d(h, 1)
    s = F.relu(nn.Conv2D(exp_c, 4, 1)(s))
    s = F.hardsigmoid(nn.Conv2D(4, exp_c, 1)(s))
    h = paddle.multiply(h, s)
    h = bn(8)(nn.Conv2D(exp_c, 8, 1, bias_attr=False)(h))
    return [h + x]


@model("transformer_layer", "paddle.nn.TransformerEncoderLayer (d_model=16, 2 heads, "
       "ffn 32, gelu, dropout 0.1 in eval mode) with an additive attention mask; "
       "pre-norm and post-norm variants",
       ["transformer", "attention", "layer_norm", "matmul", "dropout", "softmax",
        "reshape", "transpose", "multi_output", "parameters"])
def build_transformer_layer(c: Ctx):
    x = c.data("src", [-1, 5, 16])
    mask = c.data("src_mask", [-1, 1, 5, 5], "float32", kind="uniform", low=-1.0, high=0.0)
    enc = nn.TransformerEncoderLayer(16, 2, 32, dropout=0.1, activation="gelu")
    enc.eval()
    y = enc(x, mask)
    enc2 = nn.TransformerEncoderLayer(16, 2, 32, dropout=0.1, activation="relu",
                                      normalize_before=True)
    enc2.eval()
    return [enc2(y)]


@model("attention_mask", "Hand-written scaled dot-product attention with a padding "
       "mask (arange < lengths) and a causal mask combined with logical ops, masked "
       "with where(-inf)/masked_fill(-1e9), softmax, matmul",
       ["attention", "matmul", "bool", "where", "compare", "logical", "inf_values",
        "int_feeds", "softmax", "broadcast"])
def build_attention_mask(c: Ctx):
    T, D = 6, 8
    q = c.data("q", [-1, 2, T, D])
    k = c.data("k", [-1, 2, T, D])
    v = c.data("v", [-1, 2, T, D])
    lengths = c.data("lengths", [-1], "int64", kind="randint", low=1, high=T + 1)
    scores = paddle.matmul(q, k, transpose_y=True) * (1.0 / math.sqrt(D))
    pos = paddle.arange(0, T, dtype="int64")
    key_valid = paddle.unsqueeze(pos, 0) < paddle.unsqueeze(lengths, 1)       # [B, T]
    key_valid = paddle.reshape(key_valid, [-1, 1, 1, T])
    qi = paddle.reshape(pos, [T, 1])
    kj = paddle.reshape(pos, [1, T])
    causal = paddle.greater_equal(qi, kj)                                      # [T, T]
    not_future = paddle.logical_not(paddle.less_than(qi, kj))
    diag = paddle.equal(qi, kj)
    allowed = paddle.logical_and(paddle.logical_and(causal, not_future), key_valid)
    allowed = paddle.logical_or(allowed, diag)         # keep the diagonal: no all -inf rows
    masked = paddle.where(allowed, scores, paddle.full_like(scores, float("-inf")))
    p = F.softmax(masked, axis=-1)
    out = paddle.matmul(p, v)
    # second head: masked_fill with large negative, not_equal / less_equal / greater_than
    pad = paddle.not_equal(paddle.less_equal(paddle.unsqueeze(lengths, 1), paddle.unsqueeze(pos, 0)),
                           paddle.full([1], False, "bool"))                    # key padding
    pad = paddle.reshape(pad, [-1, 1, 1, T])
    big = paddle.greater_than(paddle.abs(scores), paddle.full([1], 3.0, "float32"))
    scores2 = paddle.masked_fill(scores, paddle.logical_or(pad, big), -1e9)
    p2 = F.softmax(scores2, axis=-1)
    out2 = paddle.matmul(p2, v)
    return [out, out2, paddle.cast(allowed, "int32")]


@model("elementwise_chain", "Long chain of unary/binary elementwise ops and "
       "activations with broadcasting, scalar constants (scale) and int ops",
       ["elementwise", "activation", "broadcast", "scalar_constants", "int_feeds"])
def build_elementwise_chain(c: Ctx):
    x = c.data("x", [-1, 16])
    y = c.data("y", [-1, 16])
    p = c.data("p", [16], kind="positive", low=0.5, high=2.0)
    ia = c.data("ia", [-1, 16], "int64", kind="randint", low=-50, high=50)
    ib = c.data("ib", [-1, 16], "int64", kind="randint", low=1, high=9)
    outs = []
    a = paddle.add(x, y)
    a = paddle.subtract(a, p)
    a = paddle.multiply(a, y)
    a = paddle.divide(a, p)
    m = paddle.maximum(a, x)
    n = paddle.minimum(a, y)
    t = paddle.pow(paddle.abs(m), 1.5) + paddle.square(n)
    t = paddle.exp(paddle.clip(t, -5.0, 3.0))
    t = paddle.log(t + 1.0)
    t = paddle.sqrt(t) + paddle.rsqrt(p)
    t = paddle.tanh(t) * 2.0 - 0.5
    outs.append(t / 3.0)
    u = F.sigmoid(x) + paddle.abs(y) + paddle.sin(x) * paddle.cos(y)
    u = u + paddle.erf(x) * paddle.sign(y)
    u = paddle.floor(u * 3.0) + paddle.ceil(u * 0.5)
    outs.append(u)
    w = F.silu(x) + F.swish(y) + F.leaky_relu(x, 0.05) + F.relu6(y * 4.0)
    w = w + F.gelu(x) + F.gelu(y, approximate=True) + F.hardswish(x) + F.hardsigmoid(y)
    w = paddle.pow(p, paddle.clip(x, -2.0, 2.0)) + w
    w = F.relu(w) + F.elu(y) + F.softplus(x) + F.mish(y)
    outs.append(w)
    r = paddle.remainder(x, p) + paddle.floor_divide(y, p)
    outs.append(r)
    ii = paddle.floor_divide(ia, ib) * 3 + paddle.remainder(ia, ib)
    outs.append(ii)
    outs.append(paddle.reciprocal(p) + paddle.expm1(x * 0.1) + paddle.log1p(p) +
                paddle.log2(p) + paddle.log10(p) + paddle.trunc(x * 2.0) +
                paddle.round(y * 2.0))
    return outs


@model("reductions", "sum/mean/max/min/prod/amax over various axes with and without "
       "keepdim, argmax/argmin, logsumexp, log_softmax, cumsum, std/var, all/any",
       ["reduction", "softmax", "multi_output", "int_results"])
def build_reductions(c: Ctx):
    x = c.data("x", [-1, 3, 4, 5])
    o = []
    o.append(paddle.sum(x))
    o.append(paddle.sum(x, axis=1))
    o.append(paddle.sum(x, axis=[1, 3], keepdim=True))
    o.append(paddle.mean(x, axis=-1))
    o.append(paddle.mean(x, axis=[0, 2], keepdim=True))
    o.append(paddle.max(x, axis=2))
    o.append(paddle.max(x, axis=[1, 2], keepdim=True))
    o.append(paddle.min(x, axis=-1, keepdim=True))
    o.append(paddle.min(x))
    o.append(paddle.prod(x * 0.5 + 1.0, axis=1))
    o.append(paddle.argmax(x, axis=-1))
    o.append(paddle.argmin(x, axis=1, keepdim=True))
    o.append(paddle.argmax(x))
    o.append(paddle.logsumexp(x, axis=-1))
    o.append(F.log_softmax(x, axis=1))
    o.append(paddle.cumsum(x, axis=2))
    o.append(paddle.cumsum(x))
    o.append(paddle.amax(x, axis=3) - paddle.amin(x, axis=3))
    o.append(paddle.std(x, axis=1) + paddle.var(x, axis=1, unbiased=False))
    o.append(paddle.cast(paddle.all(x > -2.0, axis=1), "int32") +
             paddle.cast(paddle.any(x > 1.5, axis=1), "int32"))
    return o


@model("shape_ops", "reshape/transpose/flatten/squeeze/unsqueeze/concat/stack/split/"
       "split_with_num/slice/strided_slice/gather/gather_nd/index_select/expand/tile/"
       "one_hot/topk/shape/arange/full_like/cast/assign and friends",
       ["shape", "vector_types", "multi_output", "int_feeds", "dynamic_batch"])
def build_shape_ops(c: Ctx):
    x = c.data("x", [-1, 4, 6])
    idx = c.data("idx", [3], "int64", kind="randint", low=0, high=4)
    nd_idx = c.data("nd_idx", [5, 2], "int64", kind="randint", low=0, high=2)
    labels = c.data("labels", [-1, 3], "int64", kind="randint", low=0, high=7)
    o = []
    r = paddle.reshape(x, [-1, 24])
    o.append(paddle.transpose(paddle.reshape(r, [-1, 6, 4]), [0, 2, 1]))
    o.append(paddle.flatten(x, 1, 2))
    u = paddle.unsqueeze(x, [1, 3])
    o.append(paddle.squeeze(u, [1]))
    cc = paddle.concat([x, x * 2.0, x * 3.0], axis=1)
    o.append(cc)
    o.append(paddle.stack([x, x + 1.0], axis=-1))
    a, b = paddle.split(cc, [5, 7], axis=1)
    o.append(a)
    o.append(b)
    s0, s1, s2 = paddle.split(x, 3, axis=2)
    o.append(s1 - s2 + s0)
    o.append(x[:, 1:3, 2:])
    o.append(x[:, ::2, 5:0:-2])
    o.append(paddle.slice(x, [1, 2], [1, 0], [4, 3]))
    o.append(paddle.strided_slice(x, [2], [0], [6], [3]))
    o.append(paddle.gather(x, idx, axis=1))
    o.append(paddle.gather_nd(x, nd_idx))
    o.append(paddle.index_select(x, idx, axis=2))
    o.append(paddle.expand(paddle.unsqueeze(x[:, 0, :], 1), [-1, 3, 6]))
    o.append(paddle.tile(x, [1, 2, 1]))
    o.append(F.one_hot(labels, 7))
    vals, inds = paddle.topk(x, 3, axis=-1)
    o.append(vals)
    o.append(inds)
    vals2, inds2 = paddle.topk(x, 2, axis=1, largest=False)
    o.append(vals2 + paddle.cast(inds2, "float32"))
    o.append(paddle.shape(x))
    o.append(paddle._C_ops.shape(x))                 # legacy int32 pd_op.shape
    o.append(paddle.arange(0, 12, 3, dtype="int64"))
    o.append(paddle.full_like(x, 0.25) + paddle.zeros_like(x) + paddle.ones_like(x))
    o.append(paddle.cast(x * 10.0, "int32"))
    o.append(paddle.assign(x) * paddle.cast(paddle.arange(6, dtype="int32"), "float32"))
    o.append(paddle.reshape(x, [0, 24]))
    o.append(paddle.flip(x, [1]) + paddle.roll(x, 1, 2))
    o.append(paddle.t(paddle.reshape(x, [-1, 6])))
    return o


@model("embedding_model", "Embedding lookup (with padding_idx) + masked mean pooling + "
       "Linear + tanh",
       ["embedding", "int_feeds", "linear", "reduction", "parameters"])
def build_embedding_model(c: Ctx):
    def pad_tail(a):      # sequences padded with id 0 (= padding_idx) at the end
        a[0, 5:] = 0
        a[1, 3:] = 0
        return a

    ids = c.data("ids", [-1, 7], "int64", kind="randint", low=1, high=50, post=pad_tail)
    emb = nn.Embedding(50, 16, padding_idx=0)
    e = emb(ids)                                                  # [B, 7, 16]
    mask = paddle.cast(paddle.not_equal(ids, paddle.zeros_like(ids)), "float32")
    summed = paddle.sum(e * paddle.unsqueeze(mask, -1), axis=1)
    cnt = paddle.clip(paddle.sum(mask, axis=1, keepdim=True), min=1.0)
    pooled = summed / cnt
    emb2 = nn.Embedding(50, 8)
    e2 = paddle.mean(emb2(ids), axis=1)
    h = paddle.concat([pooled, e2], axis=-1)
    return [paddle.tanh(nn.Linear(24, 4)(h)), e]


@model("norms", "group_norm, instance_norm, layer_norm (2 normalized dims), "
       "batch_norm (inference), F.normalize",
       ["norm", "batch_norm", "layer_norm", "multi_output", "parameters"])
def build_norms(c: Ctx):
    x = c.data("x", [-1, 6, 5, 5])
    gn = nn.GroupNorm(3, 6)
    inn = nn.InstanceNorm2D(6)
    ln = nn.LayerNorm([5, 5])
    bn = nn.BatchNorm2D(6)
    bn.eval()
    bn1 = nn.BatchNorm1D(6)
    bn1.eval()
    y = paddle.reshape(x, [-1, 6, 25])
    # The public API always emits the in-place pd_op.batch_norm_ in PIR mode; the
    # non-inplace pd_op.batch_norm is only reachable through _C_ops (same arguments
    # as F.batch_norm's dynamic-mode path: is_test, momentum, eps, layout,
    # use_global_stats, trainable_statistics).
    bn2 = nn.BatchNorm2D(6)
    bn_plain = paddle._C_ops.batch_norm(x * 0.5, bn2._mean, bn2._variance, bn2.weight,
                                        bn2.bias, True, 0.9, 1e-3, "NCHW", True, False)[0]
    return [gn(x), inn(x), ln(x), bn(x), bn1(y), bn_plain,
            F.layer_norm(y, [25], epsilon=1e-6),
            F.normalize(y, axis=1)]


@model("conv_transpose", "conv2d_transpose (stride 2, output_padding), avg pool2d "
       "(exclusive and not), nearest & bilinear interpolation, conv with dilation",
       ["conv", "conv_transpose", "pool", "interp", "null_value", "parameters"])
def build_conv_transpose(c: Ctx):
    x = c.data("x", [-1, 4, 6, 6])
    ct = nn.Conv2DTranspose(4, 3, 3, stride=2, padding=1, output_padding=1)
    h = ct(x)                                                     # 3x12x12
    a = F.avg_pool2d(h, 2, 2)
    b = F.avg_pool2d(h, 3, 2, padding=1, exclusive=False)
    up = F.interpolate(x, scale_factor=2, mode="nearest")
    bl = F.interpolate(x, size=[9, 9], mode="bilinear", align_corners=False)
    dil = nn.Conv2D(4, 2, 3, dilation=2, padding=2)(x)
    ct2 = nn.Conv2DTranspose(3, 2, 4, stride=2, padding=1, bias_attr=False)(F.relu(a))
    return [h, a, b, up, bl, dil, ct2]


@model("if_else", "paddle.static.nn.cond with different ops per branch, a nested "
       "cond, a cond returning several values, and a cond on a feed-dependent "
       "boolean",
       ["if", "nested_if", "control_flow", "bool", "multi_output"])
def build_if_else(c: Ctx):
    x = c.data("x", [-1, 8])
    flag = c.data("flag", [1], "bool", value=[False])   # -> takes the nested branch
    w = nn.Linear(8, 8)
    h = w(x)
    s = paddle.mean(h)

    def t1():
        return F.relu(h) * 2.0 + 1.0

    def f1():
        return paddle.exp(paddle.tanh(h))

    r1 = paddle.static.nn.cond(s > 0.0, t1, f1)

    def t2():
        inner = paddle.static.nn.cond(paddle.sum(x) > 0.0,
                                      lambda: paddle.sin(x),
                                      lambda: paddle.cos(x) - 1.0)
        return inner + paddle.abs(x)

    def f2():
        return x * x

    r2 = paddle.static.nn.cond(paddle.logical_not(flag), t2, f2)

    def t3():
        return [x + 1.0, paddle.sum(x, axis=1)]

    def f3():
        return [x - 1.0, paddle.max(x, axis=1)]

    a3, b3 = paddle.static.nn.cond(paddle.max(x) > 1.0, t3, f3)
    # same branches with the opposite predicate, so both bodies are executed in one run
    r4 = paddle.static.nn.cond(s <= 0.0, t1, f1)
    return [r1, r2, a3, b3, r4]


@model("while_loop", "paddle.static.nn.while_loop: counter + tensor carry; loop whose "
       "body contains an if; loop whose trip count depends on a feed",
       ["while", "while_with_if", "control_flow", "if", "int_feeds"])
def build_while_loop(c: Ctx):
    x = c.data("x", [-1, 4])
    n = c.data("n", [1], "int64", kind="randint", low=2, high=6)
    i0 = paddle.full([1], 0, "int64")
    lim = paddle.full([1], 5, "int64")

    def cond1(i, acc):
        return paddle.less_than(i, lim)

    def body1(i, acc):
        acc = acc * 0.9 + paddle.tanh(acc)
        return [i + 1, acc]

    i_out, acc_out = paddle.static.nn.while_loop(cond1, body1, [i0, x])

    j0 = paddle.full([1], 0, "int64")
    s0 = paddle.zeros([1], "float32")

    def cond2(j, s, v):
        return paddle.less_than(j, n)

    def body2(j, s, v):
        even = paddle.equal(paddle.remainder(j, paddle.full([1], 2, "int64")),
                            paddle.full([1], 0, "int64"))
        v2 = paddle.static.nn.cond(paddle.all(even), lambda: v + 1.0, lambda: v * 2.0)
        s2 = s + paddle.sum(v2)
        return [j + 1, s2, v2]

    j_out, s_out, v_out = paddle.static.nn.while_loop(cond2, body2, [j0, s0, x])
    return [acc_out, i_out, s_out, v_out, j_out]


@model("multi_output", "ops with several results: split, split_with_num, unbind, "
       "topk, meshgrid, layer_norm mean/var consumers, chunk; results consumed in "
       "mixed order",
       ["multi_output", "vector_types", "layer_norm", "parameters"])
def build_multi_output(c: Ctx):
    x = c.data("x", [-1, 6, 4])
    a, b, cc = paddle.split(x, [1, 2, 3], axis=1)
    d0, d1 = paddle.split(x, 2, axis=2)
    u = paddle.unbind(x, axis=2)
    v, i = paddle.topk(x, 2, axis=1)
    g1, g2 = paddle.meshgrid(paddle.arange(3, dtype="float32"), paddle.arange(2, dtype="float32"))
    ch = paddle.chunk(x, 3, axis=1)
    ln = nn.LayerNorm(4)
    y = ln(x)
    o = [cc, a + paddle.sum(b, axis=1, keepdim=True), d1 - d0, u[3] * u[0], v, i,
         g1 * 10.0 + g2, ch[2] - ch[0], y]
    return o


# ---- recommenders ----------------------------------------------------------

@model("dlrm_interaction", "DLRM-style recommender: a bottom MLP over dense features, three embedding "
       "tables, the pairwise dot products of the feature vectors (bmm) below the diagonal taken with "
       "tril_indices (and their mirror with triu_indices), a top MLP and a sigmoid",
       ["recommender", "embedding", "bmm", "tril_indices", "gather", "parameters", "dynamic_batch"])
def build_dlrm_interaction(c: Ctx):
    dense = c.data("dense", [-1, 13])
    ids = [c.data(f"sparse_{k}", [-1], "int64", kind="randint", low=0, high=n) for k, n in enumerate((50, 30, 20))]
    bottom = nn.Sequential(nn.Linear(13, 16), nn.ReLU(), nn.Linear(16, 8), nn.ReLU())
    tables = [nn.Embedding(n, 8) for n in (50, 30, 20)]
    top = nn.Sequential(nn.Linear(8 + 6, 16), nn.ReLU(), nn.Linear(16, 1))
    feats = [bottom(dense)] + [t(i) for t, i in zip(tables, ids)]
    z = paddle.stack(feats, axis=1)                              # [B, 4, 8]
    inter = paddle.bmm(z, z.transpose([0, 2, 1])).reshape([-1, 16])
    li = paddle.tril_indices(4, 4, -1)
    ui = paddle.triu_indices(4, 4, 1)
    lower = paddle.gather(inter, li[0] * 4 + li[1], axis=1)    # [B, 6]
    upper = paddle.gather(inter, ui[1] * 4 + ui[0], axis=1)    # the same pairs, mirrored
    out = F.sigmoid(top(paddle.concat([feats[0], lower], axis=1)))
    return [out, lower - upper]


@model("moe_ffn", "transformer FFN as a mixture of experts: softmax gate, every token through every "
       "expert (batched matmul, bias, GELU, batched matmul), the experts' outputs weighted by the gate",
       ["mixture_of_experts", "bmm", "gelu", "softmax", "parameters", "static_shape"])
def build_moe_ffn(c: Ctx):
    E, T, D, H = 4, 32, 64, 128
    x = c.data("x", [T, D])
    wg = paddle.static.create_parameter([D, E], "float32", name="gate_w")
    w1 = paddle.static.create_parameter([E, D, H], "float32", name="expert_w1")
    b1 = paddle.static.create_parameter([E, 1, H], "float32", name="expert_b1")
    w2 = paddle.static.create_parameter([E, H, D], "float32", name="expert_w2")
    gate = F.softmax(paddle.matmul(x, wg), axis=-1)                 # [T, E]
    h = F.gelu(paddle.bmm(paddle.expand(x.unsqueeze(0), [E, T, D]), w1) + b1)
    y = paddle.bmm(h, w2)                                           # [E, T, D]
    return [paddle.sum(y * gate.transpose([1, 0]).unsqueeze(-1), axis=0)]


# ---- work that fusion must not multiply (issue: every value computed once) ----

def _scan(c: Ctx, steps):
    """A state-space scan unrolled over ``steps`` (Mamba's selective scan, as to_static unrolls it):
    h_t = exp(-dt_t * |A|) * h_{t-1} + dt_t, y_t = sum(h_t * C_t, -1)."""
    x = c.data("x", [1, steps, 256])
    cc = c.data("c", [1, steps, 16])
    a = paddle.static.create_parameter([256, 16], "float32", name="a")
    d = F.softplus(x)
    h = paddle.zeros([1, 256, 16], "float32")
    outs = []
    for t in range(steps):
        dt = d[:, t].unsqueeze(-1)
        h = paddle.exp(-dt * paddle.abs(a)) * h + dt
        outs.append(paddle.sum(h * cc[:, t].unsqueeze(1), axis=-1))
    return [paddle.stack(outs, 1)]


@model("scan_recurrence", "a recurrence unrolled over 8 steps (state-space scan: softplus, "
       "slice, exp, multiply-add carried from step to step, a reduction per step, stack)",
       ["recurrence", "unrolled", "reduction", "parameters", "static_shape"])
def build_scan_recurrence(c: Ctx):
    return _scan(c, 8)


@model("scan_recurrence_32", "the scan_recurrence model unrolled over 32 steps (bench/data only)",
       ["recurrence", "unrolled", "reduction", "parameters", "static_shape"], bench_only=True)
def build_scan_recurrence_32(c: Ctx):
    return _scan(c, 32)


@model("scan_recurrence_128", "the scan_recurrence model unrolled over 128 steps (bench/data only)",
       ["recurrence", "unrolled", "reduction", "parameters", "static_shape"], bench_only=True)
def build_scan_recurrence_128(c: Ctx):
    return _scan(c, 128)


@model("shared_producers", "expensive producers read by several consumers of one group: a gelu*sigmoid "
       "read by an elementwise epilogue and two reductions, a 3-tap stencil over slices of a tanh, "
       "and a transposed convolution of a leaky ReLU of a three-way average",
       ["shared_producer", "stencil", "conv_transpose", "reduction", "parameters"])
def build_shared_producers(c: Ctx):
    x = c.data("x", [-1, 16, 64])
    g = F.gelu(x) * F.sigmoid(x * 1.5)
    e = g * 2.0 + paddle.tanh(g)
    s = paddle.sum(g, axis=-1) + paddle.max(g, axis=-1)
    t = paddle.tanh(x * 0.5)
    st = (t[:, :, :-2] + t[:, :, 1:-1] + t[:, :, 2:]) * (1.0 / 3.0)
    st = F.leaky_relu(st, 0.1)
    y = c.data("y", [-1, 4, 8, 8])
    avg = (y + paddle.exp(y * 0.3) + paddle.tanh(y)) * (1.0 / 3.0)
    ct = nn.Conv2DTranspose(4, 3, 3, stride=2, padding=1, output_padding=1)(F.leaky_relu(avg, 0.2))
    return [e, s, st, ct]


@model("export_edges", "what exports carry besides float weights: int64, bool, 0-d and 0-size persistable "
       "parameters; a feed with -1 in three positions; one value fetched twice",
       ["parameters", "integer_parameters", "zero_size", "dynamic_shape", "repeated_fetch"])
def build_export_edges(c: Ctx):
    x = c.data("x", [-1, 3, -1, -1], concrete=[2, 3, 5, 4])
    def const(shape, dtype, value):
        return paddle.static.create_parameter(shape, dtype, default_initializer=nn.initializer.Constant(value))

    steps, mask, scale, empty = const([3], "int64", 2), const([3], "bool", 1), const([], "float32", 1.5), \
        const([0, 3], "float32", 0.0)
    ch = paddle.cast(steps, "float32") * paddle.cast(mask, "float32")          # [3]
    y = x * scale + ch.reshape([1, 3, 1, 1])
    y = y + paddle.concat([empty, paddle.ones([1, 3])], axis=0).sum()        # a 0-size parameter in a concat
    out = paddle.tanh(y).mean(axis=[2, 3])
    return [out, out, y]


# ---- benchmark kernels (memory bound) ------------------------------------

def _bench_softmax(c, rows):
    x = c.data("x", [rows, BIG_COLS], scale=2.0)
    return [F.softmax(x, axis=-1)]


def _bench_softmax_manual(c, rows):
    x = c.data("x", [rows, BIG_COLS], scale=2.0)
    m = paddle.max(x, axis=-1, keepdim=True)
    e = paddle.exp(x - m)
    return [e / paddle.sum(e, axis=-1, keepdim=True)]


def _bench_layernorm(c, rows):
    x = c.data("x", [rows, BIG_COLS])
    gamma = c.data("gamma", [BIG_COLS], kind="uniform", low=0.5, high=1.5)
    beta = c.data("beta", [BIG_COLS], scale=0.1)
    mean = paddle.mean(x, axis=-1, keepdim=True)
    xc = x - mean
    var = paddle.mean(xc * xc, axis=-1, keepdim=True)
    y = xc * paddle.rsqrt(var + 1e-5)
    return [y * gamma + beta]


def _bench_elementwise(c, rows):
    x = c.data("x", [rows, BIG_COLS])
    y = c.data("y", [rows, BIG_COLS])
    h = x * 2.0 + 1.0
    h = F.relu(h)
    h = paddle.tanh(h)
    h = h * y
    h = h - x
    return [F.sigmoid(h)]


for _n, _fn, _d in [
    ("bench_softmax", _bench_softmax, "pd_op.softmax over the last axis"),
    ("bench_softmax_manual", _bench_softmax_manual,
     "hand-written softmax: x - max, exp, sum, divide (last axis, keepdim)"),
    ("bench_layernorm", _bench_layernorm,
     "hand-written layer norm: mean, center, var, rsqrt(var+eps), *gamma, +beta"),
    ("bench_elementwise", _bench_elementwise,
     "elementwise chain: x*2+1, relu, tanh, *y, -x, sigmoid"),
]:
    model(_n, f"Benchmark ({BIG_ROWS}x{BIG_COLS} float32, static shape): {_d}. Feeds "
          "are not committed: recreate them from feed_recipe/feed_seed.",
          ["bench", "memory_bound", "static_shape"], big=True)(
        (lambda fn: (lambda c: fn(c, BIG_ROWS)))(_fn))
    model(_n + "_small", f"Correctness twin of {_n} ({SMALL_ROWS}x{BIG_COLS}), "
          "feeds/outputs committed: " + _d,
          ["bench", "memory_bound", "static_shape"])(
        (lambda fn: (lambda c: fn(c, SMALL_ROWS)))(_fn))


# --------------------------------------------------------------------------
# pipeline
# --------------------------------------------------------------------------


def walk_ops(block):
    for op in block.ops:
        yield op
        for sub in op.blocks():
            yield from walk_ops(sub)


def perturb_constant_params(main, scope, rng):
    """Re-draw parameters initialised to a constant (so BN stats, biases and norm
    scales are informative). Values == 1 (scales, BN variance) -> U(0.5, 1.5);
    otherwise (0: biases, BN mean) -> N(0, 0.2) added. Deterministic (rng)."""
    names = sorted({op.attrs()["parameter_name"]
                    for op in walk_ops(main.global_block())
                    if op.name() == "builtin.parameter"})
    place = paddle.CPUPlace()
    for name in names:
        var = scope.find_var(name)
        if var is None:
            continue
        t = var.get_tensor()
        a = np.array(t)
        if a.size == 0 or not np.issubdtype(a.dtype, np.floating):
            continue
        if np.all(a == a.flat[0]):
            if a.flat[0] == 1.0:
                a = rng.uniform(0.5, 1.5, a.shape).astype(a.dtype)
            else:
                a = (a + rng.standard_normal(a.shape) * 0.2).astype(a.dtype)
            t.set(a, place)


def reset_struct_names():
    """Layers record their call path in the `struct_name` attribute from a global,
    process-wide counter tree (Linear, Linear_1, ...). Reset it per model so
    the text does not depend on which models were built before (--only)."""
    from paddle.base import framework

    framework._name_struct = framework.NameStruct()


def param_names(prog):
    return sorted({op.attrs()["parameter_name"] for op in walk_ops(prog.global_block())
                   if op.name() == "builtin.parameter"})


def run_model(spec, out_dir: Path, write_npz=True):
    name = spec["name"]
    seed = spec["seed"]
    paddle.seed(seed)
    np.random.seed(seed)
    rng = np.random.RandomState(seed)
    scope = paddle.static.Scope()
    reset_struct_names()
    with paddle.utils.unique_name.guard(), paddle.static.scope_guard(scope):
        main = paddle.static.Program()
        startup = paddle.static.Program()
        main.random_seed = seed
        startup.random_seed = seed
        with paddle.static.program_guard(main, startup):
            c = Ctx(rng)
            fetch_vars = spec["build"](c)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        perturb_constant_params(main, scope, np.random.RandomState(seed + 1))
        with tempfile.TemporaryDirectory() as td:
            prefix = os.path.join(td, "model")
            paddle.static.save_inference_model(prefix, c.feed_vars, fetch_vars, exe,
                                               program=main)
            prog, feed_names, fetch_targets = paddle.static.load_inference_model(prefix, exe)
        text = str(prog)

        # fetch ops, ordered by col
        fetch_ops = [op for op in prog.global_block().ops if op.name() == "pd_op.fetch"]
        fetch_ops.sort(key=lambda op: op.attrs()["col"])
        fetch_names = [op.attrs()["name"] for op in fetch_ops]
        assert [op.attrs()["col"] for op in fetch_ops] == list(range(len(fetch_ops)))
        for op, tgt in zip(fetch_ops, fetch_targets):
            assert op.operand_source(0).is_same(tgt), f"{name}: fetch order mismatch"

        data_ops = [op for op in walk_ops(prog.global_block()) if op.name() == "pd_op.data"]
        data_names = [op.attrs()["name"] for op in data_ops]
        assert sorted(data_names) == sorted(feed_names), (data_names, feed_names)
        feeds = {k: c.feed_arrays[k] for k in data_names}

        params = {}
        for p in param_names(prog):
            params[p] = np.array(scope.find_var(p).get_tensor())

        outs = exe.run(prog, feed=feeds, fetch_list=fetch_targets)
        assert str(prog) == text, f"{name}: program text changed by running it"
        outputs = {n: np.asarray(o) for n, o in zip(fetch_names, outs)}
        for p, v in params.items():   # inference must not update e.g. BN statistics
            assert np.array_equal(np.array(scope.find_var(p).get_tensor()), v), (name, p)

    all_ops = list(walk_ops(prog.global_block()))
    op_kinds = sorted({op.name() for op in all_ops})
    features = list(spec["features"])
    auto = set()
    for op in all_ops:
        if op.name() == "pd_op.if":
            auto.add("if")
            if any(o.name() == "pd_op.if" for b in op.blocks() for o in walk_ops(b)):
                auto.add("nested_if")
        if op.name() == "pd_op.while":
            auto.add("while")
            if any(o.name() == "pd_op.if" for b in op.blocks() for o in walk_ops(b)):
                auto.add("while_with_if")
        if op.num_results() > 1:
            auto.add("multi_output")
        if op.name() in ("builtin.combine", "builtin.split"):
            auto.add("vector_types")
        if op.name() == "builtin.parameter":
            auto.add("parameters")
        if op.name() in ("pd_op.conv2d", "pd_op.depthwise_conv2d", "pd_op.conv2d_transpose"):
            auto.add("conv")
    if "<<NULL VALUE>>" in text:
        auto.add("null_value")
    if re.search(r"value:-?inf\b", text):
        auto.add("inf_values")
    features = sorted(set(features) | auto)

    meta = dict(
        name=name,
        description=spec["description"],
        paddle_version=paddle.__version__,
        ops=len(all_ops),
        top_level_ops=len(list(prog.global_block().ops)),
        op_kinds=op_kinds,
        feeds=[dict(name=k, shape=list(feeds[k].shape), dtype=str(feeds[k].dtype))
               for k in data_names],
        fetches=fetch_names,
        outputs=[dict(name=k, shape=list(v.shape), dtype=str(v.dtype))
                 for k, v in outputs.items()],
        parameters=[dict(name=k, shape=list(v.shape), dtype=str(v.dtype))
                    for k, v in params.items()],
        features=features,
        seed=seed,
        program_sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        program_bytes=len(text.encode("utf-8")),
    )
    # line-based sanity: count lines that look like op lines
    n_lines = sum(1 for ln in text.splitlines() if re.match(r'^\s*\(.*?\) = "', ln))
    assert n_lines == len(all_ops), (name, n_lines, len(all_ops))
    assert "op_callstack" not in text

    if spec["big"]:
        recipes = {r["name"]: r for r in c.recipes}
        meta["feed_seed"] = seed
        meta["feed_recipe"] = dict(
            note=("feeds.npz/outputs.npz are NOT committed. Recreate feeds with numpy "
                  "only: rng = np.random.RandomState(feed_seed); then for each entry of "
                  "'order' (in order) draw: normal -> rng.standard_normal(shape)*scale; "
                  "uniform -> rng.uniform(low, high, shape); cast to dtype. "
                  "generate.py --big-feeds DIR writes them (and Paddle's outputs)."),
            order=[recipes[k] for k in [r["name"] for r in c.recipes]],
        )
        meta["output_checks"] = {k: _checks(v) for k, v in outputs.items()}
        meta["committed_npz"] = False
    else:
        meta["committed_npz"] = True

    out_dir.mkdir(parents=True, exist_ok=True)
    for old in ("feeds.npz", "outputs.npz", "params.npz"):
        if (out_dir / old).exists():
            (out_dir / old).unlink()
    (out_dir / "program.pir").write_text(text, encoding="utf-8", newline="")
    if write_npz:
        _save_npz(out_dir / "params.npz", params)
        if not spec["big"]:
            _save_npz(out_dir / "feeds.npz", feeds)
            _save_npz(out_dir / "outputs.npz", outputs)
    (out_dir / "meta.json").write_text(dump_json(meta))
    return meta, feeds, outputs, params


def dump_json(obj):
    """json with lists of scalars kept on one line (readable meta/manifest)."""

    def enc(o, ind):
        pad = " " * ind
        if isinstance(o, dict):
            if not o:
                return "{}"
            items = [f'{pad} {json.dumps(k)}: {enc(v, ind + 1)}' for k, v in o.items()]
            return "{\n" + ",\n".join(items) + "\n" + pad + "}"
        if isinstance(o, (list, tuple)):
            if all(not isinstance(v, (dict, list, tuple)) for v in o):
                return json.dumps(list(o))
            items = [f"{pad} {enc(v, ind + 1)}" for v in o]
            return "[\n" + ",\n".join(items) + "\n" + pad + "]"
        return json.dumps(o)

    return enc(obj, 0) + "\n"


def _checks(a):
    a64 = np.asarray(a, dtype=np.float64)
    return dict(shape=list(a.shape), dtype=str(a.dtype),
                sum=float(a64.sum()), abs_sum=float(np.abs(a64).sum()),
                min=float(a64.min()), max=float(a64.max()),
                first8=[float(v) for v in a64.reshape(-1)[:8]],
                last8=[float(v) for v in a64.reshape(-1)[-8:]])


def _save_npz(path, arrays):
    # np.savez_compressed embeds zip timestamps; write a deterministic zip instead.
    import zipfile

    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for k in sorted(arrays):
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.require(np.asarray(arrays[k]), requirements='C'), allow_pickle=False)  # keeps 0-D as 0-D
            info = zipfile.ZipInfo(k + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, buf.getvalue())


# --------------------------------------------------------------------------
# bench/data: big printed programs for parser/printer benchmarks
# --------------------------------------------------------------------------


def build_chain_program(n_blocks, seed=0):
    """Repeated transformer-ish blocks on small tensors: matmul/add/relu|gelu/
    layer_norm/scale/reshape/transpose/softmax/split/sigmoid/multiply/concat, every
    block with its own parameters (3 builtin.parameter ops per block)."""
    paddle.seed(seed)
    scope = paddle.static.Scope()
    reset_struct_names()
    with paddle.utils.unique_name.guard(), paddle.static.scope_guard(scope):
        main = paddle.static.Program()
        startup = paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [-1, 8, 16], "float32")
            h = x
            for i in range(n_blocks):
                w = paddle.create_parameter([16, 16], "float32")
                b = paddle.create_parameter([16], "float32", is_bias=True)
                g = paddle.create_parameter([16], "float32")
                y = paddle.matmul(h, w)
                y = paddle.add(y, b)
                y = F.relu(y) if i % 2 == 0 else F.gelu(y)
                y = F.layer_norm(y, [16], weight=g, epsilon=1e-5)
                y = paddle.scale(y, scale=0.5, bias=0.1)
                r = paddle.reshape(y, [-1, 8, 2, 8])
                r = paddle.transpose(r, [0, 2, 1, 3])
                a = F.softmax(paddle.matmul(r, r, transpose_y=True) * 0.125, axis=-1)
                r = paddle.matmul(a, r)
                r = paddle.reshape(paddle.transpose(r, [0, 2, 1, 3]), [-1, 8, 16])
                p, q = paddle.split(h + r, 2, axis=-1)
                h = paddle.concat([p * F.sigmoid(q), q], axis=-1)
        exe = paddle.static.Executor(paddle.CPUPlace())
        # Running a startup program with thousands of initializer ops is quadratic
        # in Paddle's executor (~13 min for 12k parameters); the values are
        # irrelevant for the printed text, so fill the scope directly instead.
        rng = np.random.RandomState(seed)
        for op in main.global_block().ops:
            if op.name() == "builtin.parameter":
                shape = list(op.result(0).shape)
                scope.var(op.attrs()["parameter_name"]).get_tensor().set(
                    (rng.standard_normal(shape) * 0.1).astype("float32"), paddle.CPUPlace())
        with tempfile.TemporaryDirectory() as td:
            prefix = os.path.join(td, "model")
            paddle.static.save_inference_model(prefix, [x], [h], exe, program=main)
            prog, _, _ = paddle.static.load_inference_model(prefix, exe)
        t0 = time.time()
        text = str(prog)
        dt = time.time() - t0
    n = sum(1 for _ in walk_ops(prog.global_block()))
    return text, n, dt


def write_bench(log):
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    rows = []
    for fname, target in (("chain10k.pir", 10_000), ("chain100k.pir.gz", 100_000)):
        # one block prints 3 parameters + ~24 ops; calibrate n_blocks from a probe
        per_block = _ops_per_block()
        n_blocks = max(1, round((target - 3) / per_block))
        t0 = time.time()
        text, n_ops, dt_print = build_chain_program(n_blocks)
        path = BENCH_DIR / fname
        data = text.encode("utf-8")
        if fname.endswith(".gz"):
            with open(path, "wb") as f:
                with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0,
                                   compresslevel=9) as gz:
                    gz.write(data)
        else:
            path.write_bytes(data)
        rows.append(dict(file=fname, blocks=n_blocks, ops=n_ops,
                         lines=text.count("\n"), bytes_uncompressed=len(data),
                         bytes_on_disk=path.stat().st_size,
                         sha256_uncompressed=hashlib.sha256(data).hexdigest()))
        log(f"bench {fname}: {n_blocks} blocks, {n_ops} ops, {len(data)} bytes, "
            f"print {dt_print:.1f}s, total {time.time() - t0:.1f}s")
    (BENCH_DIR / "bench_programs.json").write_text(dump_json(rows))
    write_bench_readme(rows)
    return rows


def write_bench_readme(rows):
    lines = [
        "# bench/data",
        "",
        "Generated by `tests/corpus/generate.py` (PaddlePaddle %s); do not edit by hand."
        % paddle.__version__,
        "Regenerate with `python tests/corpus/generate.py --bench-only`, run with a Python that has `paddlepaddle==3.3.1` installed.",
        "",
        "Each file is exactly `str(program)` of a Paddle PIR inference program (built in",
        "static mode, saved with `save_inference_model`, reloaded with",
        "`load_inference_model`), i.e. what Paddle prints, byte for byte (`.gz`: gzip of",
        "that text, mtime 0). The program is a chain of identical transformer-ish blocks",
        "on a `[-1, 8, 16]` float32 input; every block has its own parameters",
        "(`[16,16]` weight, `[16]` bias, `[16]` layer-norm scale) and prints these ops:",
        "builtin.parameter x3, matmul x3, add x2, relu|gelu (alternating), layer_norm",
        "(3 results), full/scale x2, full_int_array/reshape x3, transpose x2, softmax,",
        "split_with_num + builtin.split, sigmoid, multiply, builtin.combine, concat.",
        "All parameters of the loaded program are printed first (as Paddle orders them),",
        "then `pd_op.data`, the ops, and one `pd_op.fetch`.",
        "",
        "| file | blocks | printed ops (all levels) | lines | bytes (text) | bytes on disk | sha256 of text |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(f"| `{r['file']}` | {r['blocks']} | {r['ops']} | {r['lines']} | "
                     f"{r['bytes_uncompressed']} | {r['bytes_on_disk']} | "
                     f"`{r['sha256_uncompressed']}` |")
    lines += [
        "",
        "`lines` counts newline characters: one per op plus the opening `{` line and the",
        "closing `}` line (the text ends with `}\\n`). The same numbers are in",
        "`bench_programs.json`.",
        "",
    ]
    (BENCH_DIR / "README.md").write_text("\n".join(lines))


_PER_BLOCK = None


def _ops_per_block():
    global _PER_BLOCK
    if _PER_BLOCK is None:
        _, n1, _ = build_chain_program(1)
        _, n3, _ = build_chain_program(3)
        _PER_BLOCK = (n3 - n1) / 2
    return _PER_BLOCK


# --------------------------------------------------------------------------
# main
# --------------------------------------------------------------------------


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", action="append", help="model name (repeatable)")
    ap.add_argument("--no-bench", action="store_true", help="skip bench/data programs")
    ap.add_argument("--bench-only", action="store_true", help="only bench/data programs")
    ap.add_argument("--big-feeds", metavar="DIR",
                    help="write feeds.npz/outputs.npz of the big bench_* models to DIR")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--check", action="store_true",
                    help="only verify the files on disk (no generation)")
    args = ap.parse_args(argv)

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    if args.list:
        for n, s in MODELS.items():
            print(n, "-", s["description"])
        return 0
    if args.check:
        return 1 if verify_corpus(log) else 0

    if args.big_feeds:
        out = Path(args.big_feeds)
        for n, s in MODELS.items():
            if not s["big"] or (args.only and n not in args.only):
                continue
            with tempfile.TemporaryDirectory() as td:
                meta, feeds, outputs, _ = run_model(s, Path(td), write_npz=False)
            d = out / n
            d.mkdir(parents=True, exist_ok=True)
            _save_npz(d / "feeds.npz", feeds)
            _save_npz(d / "outputs.npz", outputs)
            log(f"{n}: wrote {d}")
        return 0

    if not args.bench_only:
        names = args.only or list(MODELS)
        unknown = [n for n in names if n not in MODELS]
        if unknown:
            ap.error(f"unknown model(s): {unknown}")
        for n in names:
            t0 = time.time()
            meta, *_ = run_model(MODELS[n], MODELS[n]["dir"])
            log(f"{n}: {meta['ops']} ops, {len(meta['op_kinds'])} kinds "
                f"({time.time() - t0:.1f}s)")
        write_manifest()
        if verify_corpus(log):
            return 1
    if (not args.no_bench and not args.only) or args.bench_only:
        write_bench(log)
    return 0


def verify_corpus(log):
    """Consistency checks on what is on disk (text-level, independent of the
    Paddle objects used to write it). Returns the number of problems."""
    bad = 0
    for n in MODELS:
        d = MODELS[n]["dir"]
        if not (d / "meta.json").exists():
            continue
        meta = json.loads((d / "meta.json").read_text())
        raw = (d / "program.pir").read_bytes()
        text = raw.decode("utf-8")
        problems = []
        if not text.startswith("{\n") or not text.endswith("\n}\n"):
            problems.append("text does not start with '{\\n' / end with '}\\n'")
        if "op_callstack" in text:
            problems.append("op_callstack present")
        if hashlib.sha256(raw).hexdigest() != meta["program_sha256"]:
            problems.append("sha256 mismatch")
        op_lines = [ln for ln in text.splitlines() if re.match(r'^\s*\(.*?\) = "', ln)]
        if len(op_lines) != meta["ops"]:
            problems.append(f"op lines {len(op_lines)} != meta ops {meta['ops']}")
        kinds = sorted({re.match(r'^\s*\(.*?\) = "([^"]+)"', ln).group(1) for ln in op_lines})
        if kinds != meta["op_kinds"]:
            problems.append("op_kinds mismatch")
        pnames = sorted(set(re.findall(r'"builtin\.parameter" \(\) \{[^}]*parameter_name:"([^"]+)"', text)))
        dnames = re.findall(r'"pd_op\.data" \(\) \{[^}]*name:"([^"]+)"', text)
        fetches = re.findall(r'"pd_op\.fetch" \(%\d+\) \{col:(\d+),name:"([^"]+)"', text)
        fnames = [nm for _, nm in sorted(fetches, key=lambda t: int(t[0]))]
        if fnames != meta["fetches"]:
            problems.append("fetch names/order mismatch")
        if sorted(dnames) != sorted(f["name"] for f in meta["feeds"]):
            problems.append("feed names mismatch")
        if pnames:
            with np.load(d / "params.npz") as z:
                if sorted(z.files) != pnames:
                    problems.append("params.npz keys != parameter_name attrs")
        if meta["committed_npz"]:
            with np.load(d / "feeds.npz") as z:
                if sorted(z.files) != sorted(dnames):
                    problems.append("feeds.npz keys != data names")
                for f in meta["feeds"]:
                    if list(z[f["name"]].shape) != f["shape"] or str(z[f["name"]].dtype) != f["dtype"]:
                        problems.append(f"feed {f['name']} shape/dtype")
            with np.load(d / "outputs.npz") as z:
                if sorted(z.files) != sorted(fnames):
                    problems.append("outputs.npz keys != fetch names")
        for p in problems:
            log(f"CHECK {n}: {p}")
        bad += len(problems)
    log(f"check: {bad} problem(s)")
    return bad


def write_manifest():
    metas = []
    for n in MODELS:
        p = HERE / n / "meta.json"
        if MODELS[n]["dir"] == HERE / n and p.exists():
            metas.append(json.loads(p.read_text()))
    all_kinds = sorted({k for m in metas for k in m["op_kinds"]})
    manifest = dict(
        paddle_version=paddle.__version__,
        generator="tests/corpus/generate.py",
        models=metas,
        all_op_kinds=all_kinds,
    )
    (HERE / "MANIFEST.json").write_text(dump_json(manifest))


if __name__ == "__main__":
    sys.exit(main())
