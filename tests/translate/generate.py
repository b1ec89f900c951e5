#!/usr/bin/env python3
"""Generate the legacy-ProgramDesc corpus for pirc's ProgramTranslator tests.

Run from the repository root with the *Paddle* virtualenv (never the project
venv; pirc itself must not need Paddle)::

    python tests/translate/generate.py   # a venv with paddlepaddle==3.3.1

The script is an orchestrator that does not import paddle itself.  It runs
itself twice more as child processes:

1. ``--stage legacy`` with ``FLAGS_enable_pir_api=0`` (the legacy static
   API: ``paddle.static.Program`` is ``paddle.base.framework.Program`` backed
   by a C++ ``ProgramDesc``).  For every model it builds the program with the
   legacy static API, runs the startup program, overwrites every persistable
   variable with values from a fixed ``numpy.random.RandomState`` and saves it
   with ``paddle.static.save_inference_model`` (legacy branch: writes
   ``model.pdmodel`` = ``ProgramDesc.SerializeToString`` and ``model.pdiparams``
   via a ``save_combine`` op).  It then loads the model back with
   ``paddle.static.load_inference_model`` into a fresh scope (so the feed and
   fetch ops are present), runs it with the legacy ``Executor`` and writes
   ``prog.json``, ``paddle.pir``, ``params.npz``, ``feeds.npz``,
   ``outputs.npz``.
2. ``--stage pir`` with ``FLAGS_enable_pir_api=1`` (the Paddle 3 default).
   For every model it reads ``model.pdmodel`` into a ``core.ProgramDesc``,
   translates it with ``paddle.pir.translate_to_pir`` (the same path
   ``load_inference_model`` uses under ``FLAGS_enable_pir_in_executor``),
   replaces each ``pd_op.feed`` by a ``pd_op.data`` of the same name, puts the
   values of ``params.npz`` into a fresh scope and saves the program with
   ``paddle.static.save_inference_model`` (PIR branch: ``pir/model.json`` via
   ``serialize_pir_program`` and ``pir/model.pdiparams`` via
   ``save_combine_func``).  It loads ``pir/model.json`` back in another fresh
   scope, runs it and checks the results against ``outputs.npz``; it writes
   ``pir/program.pir`` = ``str()`` of that loaded program.

Finally the orchestrator writes ``meta.json`` for every model,
``tests/translate/corpus/MANIFEST.json`` and the ``samples/prog.*`` files
(copies of the ``fc_relu`` model).

Everything is deterministic: fixed seeds, ``unique_name.guard()`` per model,
``OMP_NUM_THREADS=1`` and ``.npz`` files written with fixed zip timestamps.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(HERE, "corpus")
SAMPLES = os.path.join(ROOT, "samples")
SAMPLE_MODEL = "fc_relu"

PROG_JSON_HOW = (
    "google.protobuf.json_format.MessageToJson("
    "paddle.base.proto.framework_pb2.ProgramDesc.FromString(open('model.pdmodel','rb').read()))"
    " with default options; written verbatim (no trailing newline)"
)

# --------------------------------------------------------------------------
# helpers usable without paddle
# --------------------------------------------------------------------------


def save_npz(path: str, arrays: dict) -> None:
    """np.savez equivalent with fixed zip timestamps (np.savez stores the
    current time, which would make the corpus non-deterministic)."""
    import numpy as np

    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as zf:
        for key, arr in arrays.items():
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.asarray(arr), allow_pickle=False)
            info = zipfile.ZipInfo(key + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            zf.writestr(info, buf.getvalue())


def sha256(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def write_json(path: str, obj) -> None:
    with open(path, "w") as f:
        json.dump(obj, f, indent=2, sort_keys=True)
        f.write("\n")


def model_seed(name: str) -> int:
    return zlib.crc32(name.encode()) & 0x7FFFFFFF


# --------------------------------------------------------------------------
# model builders (legacy static API).  Each returns
#   (description, [(feed_var, numpy_value)], [fetch_vars])
# --------------------------------------------------------------------------


def _builders():
    import numpy as np
    import paddle
    import paddle.nn.functional as F
    from paddle.base.layer_helper import LayerHelper

    def legacy_elementwise(op_type, x, y, axis):
        """Append a raw legacy elementwise op with an explicit `axis`.

        The public Paddle 3 APIs always emit axis=-1; this is how the old
        fluid.layers.elementwise_* functions built the op."""
        helper = LayerHelper(op_type)
        out = helper.create_variable_for_type_inference(dtype=x.dtype)
        helper.append_op(
            type=op_type,
            inputs={"X": x, "Y": y},
            outputs={"Out": out},
            attrs={"axis": axis},
        )
        return out

    def legacy_op(op_type, inputs, attrs=None, dtype=None, out_slots=("Out",)):
        """Append a raw legacy op through LayerHelper.

        Needed for ops whose Paddle 3.3 Python API has been sunk into
        `_C_ops` and only accepts PIR Values (paddle.matmul, paddle.tanh,
        paddle.exp, F.sigmoid, F.gelu, paddle.sum, paddle.argmax,
        paddle.logical_not, ...).  This is what those APIs emitted in the
        legacy static graph before."""
        helper = LayerHelper(op_type)
        first = next(iter(inputs.values()))
        if isinstance(first, (list, tuple)):
            first = first[0]
        outs = {
            s: helper.create_variable_for_type_inference(dtype=dtype or first.dtype)
            for s in out_slots
        }
        helper.append_op(type=op_type, inputs=inputs, outputs=outs, attrs=attrs or {})
        res = tuple(outs[s] for s in out_slots)
        return res[0] if len(res) == 1 else res

    def unary(op_type, x, **attrs):
        return legacy_op(op_type, {"X": x}, attrs)

    class legacy_logical_not_patch:
        """paddle.static.nn.cond (legacy branch) calls paddle.logical_not,
        whose Python API only accepts PIR Values in 3.3; substitute the
        legacy `logical_not` op for the duration of the cond() call.  The
        rest of cond's legacy branch (ConditionalBlock, cast, select_input)
        is Paddle's own code."""

        def __enter__(self):
            self.saved = paddle.logical_not
            paddle.logical_not = lambda x, out=None, name=None: legacy_op(
                "logical_not", {"X": x}, dtype="bool"
            )

        def __exit__(self, *exc):
            paddle.logical_not = self.saved

    def fc_relu(rng):
        x = paddle.static.data("x", [-1, 8], "float32")
        h = paddle.static.nn.fc(x, 16, activation="relu")
        lin = paddle.nn.Linear(16, 4)
        y = F.softmax(lin(h))
        return (
            "MLP: paddle.static.nn.fc (mul + elementwise_add axis=1) + relu, "
            "paddle.nn.Linear (matmul_v2 + elementwise_add) + softmax",
            [(x, rng.standard_normal((2, 8)).astype("float32"))],
            [y],
        )

    def lenet(rng):
        img = paddle.static.data("img", [-1, 1, 12, 12], "float32")
        c1 = paddle.static.nn.conv2d(img, num_filters=4, filter_size=3, padding=1)
        b1 = paddle.static.nn.batch_norm(c1, act="relu", is_test=True)
        p1 = F.max_pool2d(b1, kernel_size=2, stride=2)
        conv2 = paddle.nn.Conv2D(4, 6, 3)
        c2 = F.relu(conv2(p1))
        p2 = F.avg_pool2d(c2, kernel_size=2, stride=2)
        f = paddle.flatten(p2, start_axis=1)
        out = paddle.static.nn.fc(f, 10, activation="softmax")
        return (
            "LeNet-like: conv2d(+bias), batch_norm(is_test)+relu, pool2d max/avg, "
            "flatten_contiguous_range, fc+softmax",
            [(img, rng.standard_normal((2, 1, 12, 12)).astype("float32"))],
            [out],
        )

    def resnet_block(rng):
        x = paddle.static.data("x", [-1, 4, 6, 6], "float32")
        conv1 = paddle.nn.Conv2D(4, 4, 3, padding=1, bias_attr=False)
        bn1 = paddle.nn.BatchNorm2D(4)
        conv2 = paddle.nn.Conv2D(4, 4, 3, padding=1, bias_attr=False)
        bn2 = paddle.nn.BatchNorm2D(4)
        h = F.relu(bn1(conv1(x)))
        h = bn2(conv2(h))
        out = F.relu(paddle.add(h, x))
        pooled = F.adaptive_avg_pool2d(out, 1)
        return (
            "ResNet basic block: conv2d (no bias) + batch_norm + relu, residual "
            "elementwise_add + relu, adaptive avg pool2d",
            [(x, rng.standard_normal((2, 4, 6, 6)).astype("float32"))],
            [out, pooled],
        )

    def transformer_attn(rng):
        S, D, H = 5, 16, 2
        dh = D // H
        x = paddle.static.data("x", [-1, S, D], "float32")
        q_proj = paddle.nn.Linear(D, D)
        k_proj = paddle.nn.Linear(D, D)
        v_proj = paddle.nn.Linear(D, D)
        o_proj = paddle.nn.Linear(D, D)
        ln = paddle.nn.LayerNorm(D)
        ffn1 = paddle.nn.Linear(D, 2 * D)
        ffn2 = paddle.nn.Linear(2 * D, D)

        def heads(t):
            t = paddle.reshape(t, [0, S, H, dh])
            return paddle.transpose(t, [0, 2, 1, 3])

        q, k, v = heads(q_proj(x)), heads(k_proj(x)), heads(v_proj(x))
        scores = legacy_op("matmul_v2", {"X": q, "Y": k}, {"trans_x": False, "trans_y": True})
        scores = paddle.scale(scores, scale=1.0 / float(np.sqrt(dh)))
        attn = F.softmax(scores, axis=-1)
        attn = F.dropout(attn, p=0.1, training=False)
        ctx = legacy_op("matmul_v2", {"X": attn, "Y": v}, {"trans_x": False, "trans_y": False})
        ctx = paddle.transpose(ctx, [0, 2, 1, 3])
        ctx = paddle.reshape(ctx, [0, S, D])
        h = ln(x + o_proj(ctx))
        ff = ffn2(unary("gelu", ffn1(h), approximate=False))
        ff = F.dropout(ff, p=0.1, training=False)
        out = paddle.static.nn.layer_norm(h + ff, begin_norm_axis=2)
        return (
            "Self-attention + FFN block: matmul_v2 (transpose_y), reshape2, transpose2, "
            "scale, softmax, dropout (is_test, upscale_in_train), layer_norm, gelu",
            [(x, rng.standard_normal((2, S, D)).astype("float32"))],
            [out],
        )

    def elementwise_axis(rng):
        x = paddle.static.data("x", [-1, 3, 4, 5], "float32")
        y = paddle.static.data("y", [-1, 3], "float32")
        b = paddle.static.create_parameter([3], "float32", name="ew_bias")
        w = paddle.static.create_parameter([3, 4], "float32", name="ew_scale")
        c = paddle.static.create_parameter([4, 5], "float32", name="ew_shift")
        t = legacy_elementwise("elementwise_add", x, b, 1)  # [N,3,4,5] + [3]
        t = legacy_elementwise("elementwise_mul", t, w, 1)  # * [3,4]
        t = legacy_elementwise("elementwise_sub", t, c, 2)  # - [4,5]
        t = legacy_elementwise("elementwise_add", t, y, 0)  # + [N,3]
        t2 = legacy_elementwise("elementwise_max", t, b, 1)
        t3 = legacy_elementwise("elementwise_div", t2, w, 1)
        t4 = legacy_elementwise("elementwise_add", t3, c, -1)  # trailing broadcast
        return (
            "Legacy elementwise_{add,mul,sub,max,div} with explicit axis=1/2/0/-1 "
            "(raw ops via LayerHelper, as fluid.layers.elementwise_* emitted them)",
            [
                (x, rng.standard_normal((2, 3, 4, 5)).astype("float32")),
                (y, rng.standard_normal((2, 3)).astype("float32")),
            ],
            [t, t4],
        )

    def concat_split(rng):
        ids = paddle.static.data("ids", [-1, 6], "int64")
        x = paddle.static.data("x", [-1, 6, 4], "float32")
        emb = paddle.nn.Embedding(20, 4)
        e = emb(ids)  # lookup_table_v2 [N,6,4]
        idf = paddle.cast(ids, "float32")  # cast
        idf = paddle.unsqueeze(idf, [2])  # unsqueeze2 [N,6,1]
        cat = paddle.concat([e, x, idf], axis=2)  # concat [N,6,9]
        a, b, c = paddle.split(cat, 3, axis=2)  # split num=3
        p, q = paddle.split(cat, [4, 5], axis=2)  # split sections
        two = paddle.full([1], 2.0, "float32")  # fill_constant
        tab = paddle.assign(np.arange(1, 4, dtype="float32").reshape(1, 1, 3))  # assign_value
        m = a * two + b * tab + c  # elementwise_mul / add
        s = legacy_op("reduce_sum", {"X": p}, {"dim": [2], "keep_dim": True, "reduce_all": False})  # [N,6,1]
        s = paddle.squeeze(s, axis=[2])  # squeeze2 [N,6]
        f = paddle.flatten(m, start_axis=1, stop_axis=2)  # flatten_contiguous_range [N,18]
        r = paddle.concat([f, s, paddle.mean(q, axis=2)], axis=1)
        return (
            "Tensor-list ops: lookup_table_v2, cast, unsqueeze2, concat, split (num and "
            "sections), fill_constant, assign_value, reduce_sum/mean, squeeze2, "
            "flatten_contiguous_range; two fetches",
            [
                (ids, rng.randint(0, 20, size=(2, 6)).astype("int64")),
                (x, rng.standard_normal((2, 6, 4)).astype("float32")),
            ],
            [r, m],
        )

    def cond_model(rng):
        x = paddle.static.data("x", [-1, 4], "float32")
        pred = paddle.mean(x) > 0.0

        def true_fn():
            return paddle.static.nn.fc(x, 4, activation="relu")

        def false_fn():
            return unary("tanh", x) * 2.0

        with legacy_logical_not_patch():
            out = paddle.static.nn.cond(pred, true_fn, false_fn)
        out = F.softmax(out)
        xv = rng.standard_normal((3, 4)).astype("float32")
        xv = np.abs(xv)  # mean > 0: the true branch (with the fc parameters) runs
        return (
            "paddle.static.nn.cond: two conditional_block ops (Cond=pred and "
            "Cond=logical_not(pred)) merged with select_input; the true branch holds an fc",
            [(x, xv)],
            [out],
        )

    def while_model(rng):
        x = paddle.static.data("x", [-1, 4], "float32")
        lin = paddle.nn.Linear(4, 4)
        i = paddle.full([1], 0, "int64")
        n = paddle.full([1], 3, "int64")

        def cond(i, h):
            return paddle.less_than(i, n)

        def body(i, h):
            i = paddle.increment(i)
            h = unary("tanh", lin(h))
            return [i, h]

        i_out, h = paddle.static.nn.while_loop(cond, body, [i, x])
        out = F.softmax(h)
        return (
            "paddle.static.nn.while_loop: while op with less_than condition, "
            "increment counter, a Linear (block-0 parameters) used inside the body",
            [(x, rng.standard_normal((2, 4)).astype("float32"))],
            [out, i_out],
        )

    def misc_ops(rng):
        x = paddle.static.data("x", [-1, 6], "float32")
        w = paddle.static.create_parameter([6, 6], "float32", name="misc_w")
        # legacy `matmul` (v1) with alpha, only reachable through LayerHelper
        helper = LayerHelper("matmul")
        mm = helper.create_variable_for_type_inference("float32")
        helper.append_op(
            type="matmul",
            inputs={"X": x, "Y": w},
            outputs={"Out": mm},
            attrs={"transpose_X": False, "transpose_Y": True, "alpha": 0.5},
        )
        sl = x[:, 1:4]  # slice
        idx = paddle.assign(np.array([5, 0, 2], dtype="int64"))
        g = paddle.gather(x, idx, axis=1)  # gather
        st = paddle.stack([sl, g], axis=1)  # stack [N,2,3]
        e = unary("exp", paddle.clip(st, -1.0, 1.0))  # clip, exp
        sg = unary("sigmoid", mm)
        am = legacy_op(
            "arg_max", {"X": sg}, {"axis": 1, "keepdims": True, "flatten": False, "dtype": 3}, dtype="int64"
        )
        # a persistable non-parameter INT64 variable (saved in .pdiparams too)
        offset = paddle.static.create_global_var([1], 10, "int64", persistable=True, name="misc_offset")
        am = am + offset
        tv, ti = paddle.topk(sg, k=2, axis=1)  # top_k_v2
        sub = paddle.subtract(sg, paddle.pow(x, 2.0))  # elementwise_sub, pow
        wh = paddle.where(sub > 0.0, sub, paddle.zeros_like(sub))  # where
        tr = paddle.transpose(e, [0, 2, 1])  # transpose2
        return (
            "Assorted ops with special translator handling: legacy matmul (alpha), slice, "
            "gather, assign_value, stack, clip, exp, sigmoid, arg_max, top_k_v2, pow, "
            "elementwise_sub, where, transpose2, fill_any_like; a persistable INT64 global var",
            [(x, rng.standard_normal((3, 6)).astype("float32"))],
            [tr, am, tv, ti, wh],
        )

    def nested_cf(rng):
        x = paddle.static.data("x", [-1, 3], "float32")
        lin = paddle.nn.Linear(3, 3)
        i = paddle.full([1], 0, "int64")
        n = paddle.full([1], 4, "int64")

        def cond(i, h):
            return paddle.less_than(i, n)

        def body(i, h):
            even = paddle.equal(paddle.remainder(i, paddle.full([1], 2, "int64")), paddle.full([1], 0, "int64"))
            with legacy_logical_not_patch():
                h = paddle.static.nn.cond(even, lambda: unary("tanh", lin(h)), lambda: h * 0.5)
            i = paddle.increment(i)
            return [i, h]

        i_out, h = paddle.static.nn.while_loop(cond, body, [i, x])
        out = F.softmax(h)
        return (
            "cond nested inside while_loop (conditional_block + select_input inside the "
            "while sub-block); elementwise_mod, equal",
            [(x, rng.standard_normal((2, 3)).astype("float32"))],
            [out, h],
        )

    def rnn_lstm_gru(rng):
        # the legacy `rnn` op (ProgramTranslator special handler): 2-layer bidirectional LSTM + GRU
        x = paddle.static.data("x", [-1, 6, 5], "float32")
        lstm = paddle.nn.LSTM(5, 3, num_layers=2, direction="bidirect")
        gru = paddle.nn.GRU(5, 4)
        lstm.eval()
        gru.eval()
        y, (h, c) = lstm(x)
        y2, h2 = gru(x)
        return (
            "legacy `rnn` op: 2-layer bidirectional LSTM (initial states from fill_constant) and a GRU",
            [(x, rng.standard_normal((2, 6, 5)).astype("float32"))],
            [y, h, c, y2, h2],
        )

    def crnn_legacy(rng):
        # CRNN text recogniser (as tests/corpus/crnn): conv/BN/relu/pool stack, 2-layer bidirectional LSTM
        img = paddle.static.data("image", [-1, 1, 16, 48], "float32")
        layers = []
        for cin, cout, pool in [(1, 8, 2), (8, 16, 2), (16, 16, (2, 1)), (16, 16, (2, 1))]:
            layers += [paddle.nn.Conv2D(cin, cout, 3, padding=1, bias_attr=False), paddle.nn.BatchNorm2D(cout),
                       paddle.nn.ReLU(), paddle.nn.MaxPool2D(pool, pool)]
        body = paddle.nn.Sequential(*layers)
        lstm = paddle.nn.LSTM(16, 12, num_layers=2, direction="bidirect")
        head = paddle.nn.Linear(24, 11)
        for la in (body, lstm, head):
            la.eval()
        f = paddle.transpose(paddle.squeeze(body(img), axis=[2]), [0, 2, 1])
        seq, _ = lstm(f)
        return (
            "CRNN: conv2d/batch_norm/relu/pool2d stack, squeeze2, transpose2, 2-layer bidirectional "
            "LSTM (rnn), matmul_v2 + elementwise_add, softmax",
            [(img, rng.standard_normal((2, 1, 16, 48)).astype("float32"))],
            [F.softmax(head(seq), axis=2)],
        )

    def ppyolo_legacy(rng):
        # detection post-processing through the legacy static API: yolo_box, multiclass_nms3, roi_align
        img = paddle.static.data("image", [1, 3, 16, 16], "float32")
        im_shape = paddle.static.data("im_shape", [1, 2], "int32")
        conv = paddle.nn.Conv2D(3, 16, 3, stride=4, padding=1)
        conv.eval()
        feat = conv(img)                                           # 1, 16, 4, 4
        boxes, scores = paddle.vision.ops.yolo_box(feat, im_shape, anchors=[10, 13, 16, 30], class_num=3,
                                                   conf_thresh=0.01, downsample_ratio=4, clip_bbox=True,
                                                   scale_x_y=1.05)
        helper = LayerHelper("multiclass_nms3")
        out = helper.create_variable_for_type_inference(dtype="float32")
        index = helper.create_variable_for_type_inference(dtype="int32")
        num = helper.create_variable_for_type_inference(dtype="int32")
        helper.append_op(type="transpose2", inputs={"X": scores},
                         outputs={"Out": (st := helper.create_variable_for_type_inference(dtype="float32")),
                                  "XShape": helper.create_variable_for_type_inference(dtype="float32")},
                         attrs={"axis": [0, 2, 1]})
        helper.append_op(type="multiclass_nms3", inputs={"BBoxes": boxes, "Scores": st},
                         outputs={"Out": out, "Index": index, "NmsRoisNum": num},
                         attrs={"score_threshold": 0.01, "nms_top_k": 30, "keep_top_k": 12, "nms_threshold": 0.45,
                                "normalized": False, "nms_eta": 1.0, "background_label": -1})
        rois = paddle.static.data("rois", [3, 4], "float32")
        rois_num = paddle.static.data("rois_num", [1], "int32")
        pooled = paddle.vision.ops.roi_align(feat, rois, rois_num, output_size=2, spatial_scale=0.25,
                                             sampling_ratio=2, aligned=True)
        return (
            "PP-YOLO-style post-processing: conv2d, yolo_box, transpose2, multiclass_nms3 (legacy op), roi_align",
            [(img, rng.standard_normal((1, 3, 16, 16)).astype("float32")),
             (im_shape, np.array([[64, 48]], "int32")),
             (rois, np.array([[1, 2, 30, 40], [10, 10, 20, 14], [0, 0, 63, 47]], "float32")),
             (rois_num, np.array([3], "int32"))],
            [boxes, scores, out, index, num, pooled],
        )

    return {
        "fc_relu": fc_relu,
        "lenet": lenet,
        "resnet_block": resnet_block,
        "transformer_attn": transformer_attn,
        "elementwise_axis": elementwise_axis,
        "concat_split": concat_split,
        "cond_model": cond_model,
        "while_model": while_model,
        "misc_ops": misc_ops,
        "nested_cf": nested_cf,
        "rnn_lstm_gru": rnn_lstm_gru,
        "crnn_legacy": crnn_legacy,
        "ppyolo_legacy": ppyolo_legacy,
    }


MODEL_NAMES = [
    "fc_relu",
    "lenet",
    "resnet_block",
    "transformer_attn",
    "elementwise_axis",
    "concat_split",
    "cond_model",
    "while_model",
    "misc_ops",
    "nested_cf",
    "rnn_lstm_gru",
    "crnn_legacy",
    "ppyolo_legacy",
]


# --------------------------------------------------------------------------
# stage 1: legacy
# --------------------------------------------------------------------------


def _list_persistables(program):
    """Persistable vars exactly as save_inference_model/save_vars select them
    (paddle.framework.io_utils.is_persistable, minus RAW vars)."""
    from paddle.base import core
    from paddle.framework.io_utils import is_persistable

    out = {}
    for v in program.list_vars():
        if is_persistable(v) and v.type != core.VarDesc.VarType.RAW:
            out[v.name] = v
    return out


def _init_params(program, scope, rng):
    """Overwrite every persistable var with deterministic values."""
    import numpy as np
    import paddle

    variance_names = set()
    for block in program.blocks:
        for op in block.ops:
            if op.type == "batch_norm":
                variance_names.update(op.input("Variance"))
    for name in sorted(_list_persistables(program)):
        t = scope.find_var(name).get_tensor()
        cur = np.array(t)
        if cur.dtype.kind == "f":
            if name in variance_names:
                val = rng.uniform(0.5, 1.5, size=cur.shape)
            else:
                val = rng.uniform(-0.5, 0.5, size=cur.shape)
            val = val.astype(cur.dtype)
        else:
            val = cur
        t.set(val, paddle.CPUPlace())


def _diff_loaded(saved, loaded):
    """Check that `loaded` (the ProgramDesc of the Program returned by
    load_inference_model) equals `saved` (the file) except for added
    attributes and explicit stop_gradient=false; return {op type: [added
    attribute names]}."""
    added = {}
    assert len(saved.blocks) == len(loaded.blocks)
    for sb, lb in zip(saved.blocks, loaded.blocks):
        for v in lb.vars:
            if v.HasField("stop_gradient") and not v.stop_gradient:
                v.ClearField("stop_gradient")
        assert list(sb.vars) == list(lb.vars), "vars differ after load"
        assert len(sb.ops) == len(lb.ops)
        for so, lo in zip(sb.ops, lb.ops):
            assert (so.type, list(so.inputs), list(so.outputs)) == (lo.type, list(lo.inputs), list(lo.outputs))
            sattrs = {a.name: a for a in so.attrs}
            lattrs = {a.name: a for a in lo.attrs}
            for k, a in sattrs.items():
                assert lattrs.get(k) == a, (so.type, k)
            extra = sorted(set(lattrs) - set(sattrs))
            if extra:
                added.setdefault(so.type, set()).update(extra)
    return {k: sorted(v) for k, v in sorted(added.items())}


_FRAME_PATH = re.compile(r'File "([^"]*)"')


def _relative_frame(match: "re.Match[str]") -> str:
    """A stack frame's file, relative to site-packages or to the repository root."""
    path = match.group(1)
    if "site-packages/" in path:
        path = path.split("site-packages/", 1)[1]
    elif os.path.isabs(path) and path.startswith(ROOT + os.sep):
        path = os.path.relpath(path, ROOT)
    return f'File "{path}"'


def _scrub_callstacks(pdmodel: str) -> None:
    """Rewrite the ``op_callstack`` frames of a saved ProgramDesc so that no path
    of the machine that generated it remains (Paddle files relative to
    site-packages, ours relative to the repository root)."""
    from paddle.base.proto import framework_pb2

    with open(pdmodel, "rb") as f:
        msg = framework_pb2.ProgramDesc.FromString(f.read())
    for block in msg.blocks:
        for op in block.ops:
            for attr in op.attrs:
                if attr.name == "op_callstack":
                    frames = [_FRAME_PATH.sub(_relative_frame, s) for s in attr.strings]
                    del attr.strings[:]
                    attr.strings.extend(frames)
    with open(pdmodel, "wb") as f:
        f.write(msg.SerializeToString())


def stage_legacy(names):
    import numpy as np
    import paddle
    from google.protobuf import json_format
    from paddle.base import core
    from paddle.base.proto import framework_pb2

    assert os.environ.get("FLAGS_enable_pir_api") == "0"
    paddle.enable_static()
    assert not paddle.framework.in_pir_mode(), "legacy stage must not run in PIR mode"
    assert not paddle.framework.in_pir_executor_mode()
    # the legacy Executor runs the ProgramDesc itself (StandaloneExecutor /
    # InterpreterCore over OpDescs), not a PIR translation of it
    assert not paddle.get_flags("FLAGS_enable_pir_in_executor")["FLAGS_enable_pir_in_executor"]
    exe = paddle.static.Executor(paddle.CPUPlace())
    builders = _builders()
    report = {}
    for name in names:
        out_dir = os.path.join(CORPUS, name)
        shutil.rmtree(out_dir, ignore_errors=True)
        os.makedirs(out_dir)
        seed = model_seed(name)
        paddle.seed(seed)
        np.random.seed(seed)
        rng = np.random.RandomState(seed)
        main, startup = paddle.static.Program(), paddle.static.Program()
        assert type(main) is paddle.base.framework.Program
        with paddle.utils.unique_name.guard(), paddle.static.program_guard(main, startup):
            desc, feeds, fetches = builders[name](rng)
        prefix = os.path.join(out_dir, "model")
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            exe.run(startup)
            _init_params(main, scope, rng)
            paddle.static.save_inference_model(
                prefix, [v for v, _ in feeds], fetches, exe, program=main
            )
        _scrub_callstacks(prefix + ".pdmodel")
        feed_values = {v.name: val for v, val in feeds}

        # ---- load back (legacy): feed/fetch ops present ----
        scope2 = paddle.static.Scope()
        with paddle.static.scope_guard(scope2):
            prog, feed_names, fetch_targets = paddle.static.load_inference_model(prefix, exe)
            assert type(prog) is paddle.base.framework.Program
            # translate before running, from the freshly loaded ProgramDesc
            pir_text = str(paddle.pir.translate_to_pir(prog.desc))
            loaded_bytes = prog.desc.serialize_to_string()
            outs = exe.run(
                prog,
                feed={k: feed_values[k] for k in feed_names},
                fetch_list=fetch_targets,
                return_numpy=True,
            )
            persist = _list_persistables(prog)
            params = {}
            for pname in sorted(persist):
                params[pname] = np.array(scope2.find_var(pname).get_tensor())

        with open(prefix + ".pdmodel", "rb") as f:
            raw = f.read()
        msg = framework_pb2.ProgramDesc.FromString(raw)
        assert msg.SerializeToString() == raw, "pdmodel does not round-trip"
        # Loading fills in the default values of the "extra" attributes that
        # save_inference_model clipped, and Python's Variable wrappers set an
        # explicit `stop_gradient: false` on VarDescs; nothing else changes,
        # and translating the raw file gives the same PIR text.
        added_on_load = _diff_loaded(msg, framework_pb2.ProgramDesc.FromString(loaded_bytes))
        assert str(paddle.pir.translate_to_pir(core.ProgramDesc(raw))) == pir_text
        with open(os.path.join(out_dir, "prog.json"), "w") as f:
            f.write(json_format.MessageToJson(msg))
        with open(os.path.join(out_dir, "paddle.pir"), "w") as f:
            f.write(pir_text)
            if not pir_text.endswith("\n"):
                f.write("\n")
        save_npz(os.path.join(out_dir, "params.npz"), params)
        save_npz(os.path.join(out_dir, "feeds.npz"), {k: feed_values[k] for k in feed_names})
        save_npz(
            os.path.join(out_dir, "outputs.npz"),
            {f"fetch_{i}": np.asarray(o) for i, o in enumerate(outs)},
        )

        op_types = sorted({op.type for b in msg.blocks for op in b.ops})
        gvars = {v.name: v for v in msg.blocks[0].vars}
        feed_meta = []
        for k in feed_names:
            vt = gvars[k].type.dense_tensor.tensor
            feed_meta.append(
                {
                    "name": k,
                    "shape": list(vt.dims),
                    "dtype": framework_pb2.VarType.Type.Name(vt.data_type),
                    "numpy_dtype": str(feed_values[k].dtype),
                    "value_shape": list(feed_values[k].shape),
                }
            )
        report[name] = {
            "name": name,
            "description": desc,
            "seed": seed,
            "legacy_op_types": op_types,
            "extra_attrs_added_by_load_inference_model": added_on_load,
            "num_blocks": len(msg.blocks),
            "feeds": feed_meta,
            "fetch_names": [t.name for t in fetch_targets],
            "outputs": [
                {"key": f"fetch_{i}", "shape": list(np.shape(o)), "dtype": str(np.asarray(o).dtype)}
                for i, o in enumerate(outs)
            ],
            "params": [
                {"name": k, "shape": list(v.shape), "dtype": str(v.dtype)} for k, v in params.items()
            ],
            "legacy": {
                "saved_with": "paddle.static.save_inference_model(prefix, feed_vars, fetch_vars, exe, program=main) "
                "with FLAGS_enable_pir_api=0 (legacy_format=False, clip_extra=True defaults)",
                "outputs_from": "paddle.static.load_inference_model(prefix, exe) + Executor(CPUPlace()).run "
                "with FLAGS_enable_pir_api=0 and FLAGS_enable_pir_in_executor=0 (the ProgramDesc is executed "
                "directly by the StandaloneExecutor, no PIR translation)",
                "prog_json": PROG_JSON_HOW,
                "paddle_pir": "str(paddle.pir.translate_to_pir(loaded_program.desc))",
            },
        }
    # Paddle's own compiled framework.proto, for pirc's schema test
    from google.protobuf import descriptor_pb2

    fdp = descriptor_pb2.FileDescriptorProto()
    framework_pb2.DESCRIPTOR.CopyToProto(fdp)
    with open(os.path.join(CORPUS, "paddle_framework_descriptor.json"), "w") as f:
        f.write(json_format.MessageToJson(fdp))
        f.write("\n")
    with open(os.path.join(CORPUS, ".legacy_report.json"), "w") as f:
        json.dump(
            {"paddle_version": paddle.__version__, "git_commit": paddle.version.commit, "models": report},
            f,
        )


# --------------------------------------------------------------------------
# stage 2: PIR JSON
# --------------------------------------------------------------------------


def stage_pir(names):
    import numpy as np
    import paddle
    from paddle.base import core

    assert os.environ.get("FLAGS_enable_pir_api") == "1"
    paddle.enable_static()
    assert paddle.framework.in_pir_mode(), "pir stage must run in PIR mode"
    exe = paddle.static.Executor(paddle.CPUPlace())
    report = {}
    for name in names:
        out_dir = os.path.join(CORPUS, name)
        pir_dir = os.path.join(out_dir, "pir")
        shutil.rmtree(pir_dir, ignore_errors=True)
        os.makedirs(pir_dir)
        info = {}
        try:
            with open(os.path.join(out_dir, "model.pdmodel"), "rb") as f:
                desc = core.ProgramDesc(f.read())
            params = dict(np.load(os.path.join(out_dir, "params.npz")))
            feeds = dict(np.load(os.path.join(out_dir, "feeds.npz")))
            ref = np.load(os.path.join(out_dir, "outputs.npz"))
            prog = paddle.pir.translate_to_pir(desc)
            block = prog.global_block()
            feed_vals, fetch_vals, remove = [], [], []
            # same rewrite as paddle.static.load_inference_model does under
            # FLAGS_enable_pir_in_executor: pd_op.feed -> pd_op.data
            with paddle.static.program_guard(prog):
                for op in block.ops:
                    if op.name() == "pd_op.feed":
                        var_name = op.attrs()["name"]
                        org = op.result(0)
                        with block:
                            value = paddle.static.data(name=var_name, shape=org.shape, dtype=org.dtype)
                            org.replace_all_uses_with(value)
                            value.get_defining_op().move_before(op)
                        feed_vals.append(value)
                        remove.append(op)
                for op in remove:
                    block.remove_op(op)
                for op in block.ops:
                    if op.name() == "pd_op.fetch":
                        fetch_vals.append(op.operand_source(0))
            param_names = [
                op.attrs()["parameter_name"] for op in block.ops if op.name() == "builtin.parameter"
            ]
            scope = paddle.static.Scope()
            with paddle.static.scope_guard(scope):
                for pname in param_names:
                    scope.var(pname).get_tensor().set(params[pname], paddle.CPUPlace())
                paddle.static.save_inference_model(
                    os.path.join(pir_dir, "model"), feed_vals, fetch_vals, exe, program=prog
                )
            scope2 = paddle.static.Scope()
            with paddle.static.scope_guard(scope2):
                prog2, feed_names, fetch_targets = paddle.static.load_inference_model(
                    os.path.join(pir_dir, "model"), exe
                )
                text = str(prog2)
                outs = exe.run(prog2, feed={k: feeds[k] for k in feed_names}, fetch_list=fetch_targets)
            max_diff = 0.0
            for i, o in enumerate(outs):
                r = ref[f"fetch_{i}"]
                o = np.asarray(o)
                assert o.shape == r.shape and o.dtype == r.dtype, (name, i, o.shape, r.shape, o.dtype, r.dtype)
                if o.dtype.kind == "f":
                    np.testing.assert_allclose(o, r, rtol=1e-5, atol=1e-6)
                    max_diff = max(max_diff, float(np.max(np.abs(o - r))) if o.size else 0.0)
                else:
                    np.testing.assert_array_equal(o, r)
            with open(os.path.join(pir_dir, "program.pir"), "w") as f:
                f.write(text)
                if not text.endswith("\n"):
                    f.write("\n")
            same_params = False
            with open(os.path.join(pir_dir, "model.pdiparams"), "rb") as a, open(
                os.path.join(out_dir, "model.pdiparams"), "rb"
            ) as b:
                same_params = a.read() == b.read()
            info = {
                "ok": True,
                "route": "core.ProgramDesc(model.pdmodel) -> paddle.pir.translate_to_pir -> pd_op.feed "
                "replaced by pd_op.data -> params.npz into scope -> paddle.static.save_inference_model "
                "(FLAGS_enable_pir_api=1); program.pir = str(load_inference_model('pir/model')[0])",
                "feed_names": list(feed_names),
                "outputs_match_legacy": True,
                "max_abs_diff_vs_legacy": max_diff,
                "pdiparams_identical_to_legacy": same_params,
            }
        except Exception as e:  # record and keep going
            import traceback

            shutil.rmtree(pir_dir, ignore_errors=True)
            info = {"ok": False, "error": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc()}
            print(f"[pir] {name}: FAILED {info['error']}", file=sys.stderr)
        report[name] = info
    with open(os.path.join(CORPUS, ".pir_report.json"), "w") as f:
        json.dump(report, f)


# --------------------------------------------------------------------------
# orchestrator
# --------------------------------------------------------------------------


def _stage_env(stage):
    env = dict(os.environ)
    env["FLAGS_enable_pir_api"] = "0" if stage == "legacy" else "1"
    env.pop("FLAGS_enable_pir_in_executor", None)
    env["OMP_NUM_THREADS"] = "1"
    # Legacy while_loop / cond build the X / Out / Input argument lists of
    # `while` and `conditional_block` by iterating Python sets of names, so
    # their order (and with it the loop-variable order of Paddle's
    # pd_op.while translation) depends on the string hash seed.
    env["PYTHONHASHSEED"] = "0"
    env["GLOG_minloglevel"] = "2"
    return env


def _run_stage(stage, names):
    env = _stage_env(stage)
    # a path relative to the repository root keeps this script's frames in
    # Paddle's `op_callstack` attributes independent of the checkout location
    script = os.path.relpath(os.path.abspath(__file__), ROOT)
    cmd = [sys.executable, script, "--stage", stage, "--models", ",".join(names)]
    print("+", " ".join(cmd[1:]), f"(FLAGS_enable_pir_api={env['FLAGS_enable_pir_api']})")
    subprocess.run(cmd, env=env, check=True, cwd=ROOT)


def orchestrate(names):
    os.makedirs(CORPUS, exist_ok=True)
    _run_stage("legacy", names)
    _run_stage("pir", names)
    with open(os.path.join(CORPUS, ".legacy_report.json")) as f:
        legacy = json.load(f)
    with open(os.path.join(CORPUS, ".pir_report.json")) as f:
        pir = json.load(f)
    os.remove(os.path.join(CORPUS, ".legacy_report.json"))
    os.remove(os.path.join(CORPUS, ".pir_report.json"))

    manifest_path = os.path.join(CORPUS, "MANIFEST.json")
    manifest = {"models": {}}
    if os.path.exists(manifest_path):
        with open(manifest_path) as f:
            manifest = json.load(f)
    for name in names:
        meta = legacy["models"][name]
        p = pir[name]
        meta["pir_json"] = {k: v for k, v in p.items() if k != "traceback"}
        out_dir = os.path.join(CORPUS, name)
        files = {}
        for dirpath, _, filenames in os.walk(out_dir):
            for fn in filenames:
                if fn == "meta.json":
                    continue
                full = os.path.join(dirpath, fn)
                rel = os.path.relpath(full, out_dir)
                files[rel] = {"bytes": os.path.getsize(full), "sha256": sha256(full)}
        meta["files"] = dict(sorted(files.items()))
        write_json(os.path.join(out_dir, "meta.json"), meta)
        manifest["models"][name] = meta
    manifest["models"] = {k: manifest["models"][k] for k in MODEL_NAMES if k in manifest["models"]}
    manifest["generator"] = "tests/translate/generate.py"
    manifest["paddle_version"] = legacy["paddle_version"]
    manifest["paddle_commit"] = legacy["git_commit"]
    import google.protobuf

    manifest["protobuf_version"] = google.protobuf.__version__
    manifest["prog_json"] = PROG_JSON_HOW
    write_json(manifest_path, manifest)

    if SAMPLE_MODEL in names:
        os.makedirs(SAMPLES, exist_ok=True)
        src = os.path.join(CORPUS, SAMPLE_MODEL)
        for s, d in [
            ("prog.json", "prog.json"),
            ("model.pdiparams", "prog.pdiparams"),
            ("feeds.npz", "prog.feeds.npz"),
            ("outputs.npz", "prog.outputs.npz"),
        ]:
            shutil.copyfile(os.path.join(src, s), os.path.join(SAMPLES, d))
    failed = [n for n in names if not pir[n].get("ok")]
    total = sum(
        os.path.getsize(os.path.join(dp, fn)) for dp, _, fns in os.walk(CORPUS) for fn in fns
    )
    print(f"corpus: {len(names)} models, {total} bytes; PIR JSON failures: {failed or 'none'}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--stage", choices=["legacy", "pir"])
    ap.add_argument("--models", default=",".join(MODEL_NAMES))
    args = ap.parse_args()
    names = [n for n in args.models.split(",") if n]
    unknown = [n for n in names if n not in MODEL_NAMES]
    if unknown:
        ap.error(f"unknown models: {unknown}")
    if args.stage:
        env = _stage_env(args.stage)
        keys = ("FLAGS_enable_pir_api", "PYTHONHASHSEED", "OMP_NUM_THREADS")
        if any(os.environ.get(k) != env[k] for k in keys) or "FLAGS_enable_pir_in_executor" in os.environ:
            # re-exec with the environment the stage needs (paddle reads the
            # FLAGS_* at import time, Python the hash seed at start-up)
            os.execve(sys.executable, [sys.executable] + sys.argv, env)
    if args.stage == "legacy":
        stage_legacy(names)
    elif args.stage == "pir":
        stage_pir(names)
    else:
        orchestrate(names)


if __name__ == "__main__":
    main()
