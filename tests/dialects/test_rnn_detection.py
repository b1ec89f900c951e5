"""Properties of the recurrent and detection kernels beyond the Paddle-computed cases.

Paddle's numbers for pd_op.rnn come from the corpus (tests/corpus/rnn_modes, crnn,
speech_gru, tests/translate/corpus/rnn_lstm_gru) and for yolo_box / multiclass_nms3 from
tests/dialects/data/part4; here the kernels are checked against plain references on
generated inputs:

* rnn with sequence lengths == rnn without them on each sequence cut to its length (zero
  padding after it, final state from its last live step), for every mode, both directions
  and two layers;
* one LSTM / GRU step == the gate formulas written out;
* multiclass_nms3's output satisfies what NMS promises (scores over the threshold, kept
  boxes of one class overlap at most nms_threshold, at most keep_top_k rows, grouped by
  label) and keeps every box when the threshold is 1.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pirc.dialects.pd_op  # noqa: F401  (registers every pd_op family)
from pirc.dialects.opdef import Meta, ShapeError, lookup
from pirc.dialects.pd_op.detection import _iou

GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


def _weights(rng: np.random.Generator, mode: str, layers: int, d: int, inp: int, hid: int) -> list[np.ndarray]:
    g = GATES[mode] * hid
    ws, bs = [], []
    for layer in range(layers):
        for _ in range(d):
            ws += [rng.normal(0, 0.5, (g, inp if layer == 0 else d * hid)), rng.normal(0, 0.5, (g, hid))]
            bs += [rng.normal(0, 0.5, g), rng.normal(0, 0.5, g)]
    return [a.astype(np.float64) for a in ws + bs]


def _run(mode: str, x: np.ndarray, states: list[np.ndarray], weights: list[np.ndarray], seq_len: np.ndarray | None,
         layers: int, bidirec: bool) -> list:
    op = lookup("pd_op.rnn")
    assert op is not None and op.kernel is not None
    attrs = {"mode": mode, "num_layers": layers, "is_bidirec": bidirec, "hidden_size": states[0].shape[2],
             "input_size": x.shape[2], "dropout_prob": 0.0, "is_test": True, "seed": 0}
    return op.kernel([x, states, weights, seq_len, None], attrs)


@settings(max_examples=12, deadline=None)
@given(mode=st.sampled_from(sorted(GATES)), bidirec=st.booleans(), seed=st.integers(0, 2**31 - 1),
       lens=st.lists(st.integers(1, 5), min_size=1, max_size=3))
def test_sequence_lengths_equal_cut_sequences(mode: str, bidirec: bool, seed: int, lens: list[int]) -> None:
    rng = np.random.default_rng(seed)
    t, n, inp, hid, layers = 5, len(lens), 3, 2, 2
    d = 2 if bidirec else 1
    x = rng.normal(size=(t, n, inp))
    states = [rng.normal(size=(layers * d, n, hid)) for _ in range(2 if mode == "LSTM" else 1)]
    w = _weights(rng, mode, layers, d, inp, hid)
    out, _, fin, _ = _run(mode, x, states, w, np.asarray(lens, np.int64), layers, bidirec)
    for b, ln in enumerate(lens):
        o1, _, f1, _ = _run(mode, x[:ln, b:b + 1], [s[:, b:b + 1] for s in states], w, None, layers, bidirec)
        np.testing.assert_allclose(out[:ln, b:b + 1], o1, rtol=1e-12, atol=1e-12)
        assert not out[ln:, b].any(), "steps past the sequence length must output zeros"
        for s, s1 in zip(fin, f1, strict=True):
            np.testing.assert_allclose(s[:, b:b + 1], s1, rtol=1e-12, atol=1e-12)


def _sig(v: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-v))


@pytest.mark.parametrize("mode", ["LSTM", "GRU", "RNN_TANH", "RNN_RELU"])
def test_one_step_is_the_gate_formula(mode: str) -> None:
    rng = np.random.default_rng(7)
    hid, inp, n = 3, 4, 2
    x = rng.normal(size=(1, n, inp))
    h0 = rng.normal(size=(1, n, hid))
    c0 = rng.normal(size=(1, n, hid))
    w_ih, w_hh, b_ih, b_hh = _weights(rng, mode, 1, 1, inp, hid)
    out, _, fin, _ = _run(mode, x, [h0, c0] if mode == "LSTM" else [h0], [w_ih, w_hh, b_ih, b_hh], None, 1, False)
    g = x[0] @ w_ih.T + b_ih
    r = h0[0] @ w_hh.T + b_hh
    if mode == "LSTM":
        i, f, cc, o = (g + r)[:, :hid], (g + r)[:, hid:2 * hid], (g + r)[:, 2 * hid:3 * hid], (g + r)[:, 3 * hid:]
        c = _sig(f) * c0[0] + _sig(i) * np.tanh(cc)
        h = _sig(o) * np.tanh(c)
        np.testing.assert_allclose(fin[1][0], c, rtol=1e-12)
    elif mode == "GRU":
        rt = _sig(g[:, :hid] + r[:, :hid])
        z = _sig(g[:, hid:2 * hid] + r[:, hid:2 * hid])
        cand = np.tanh(g[:, 2 * hid:] + rt * r[:, 2 * hid:])
        h = z * h0[0] + (1 - z) * cand
    else:
        h = np.tanh(g + r) if mode == "RNN_TANH" else np.maximum(g + r, 0)
    np.testing.assert_allclose(out[0], h, rtol=1e-12)
    np.testing.assert_allclose(fin[0][0], h, rtol=1e-12)


def _rnn_meta(mode: str, n_weights: int, n_states: int, layers: int = 1) -> list:
    op = lookup("pd_op.rnn")
    assert op is not None and op.infer_meta is not None
    x = Meta((5, -1, 4), "float32")
    states = [Meta((layers, -1, 3), "float32")] * n_states
    ws = [Meta((12, 4), "float32")] * n_weights
    return op.infer_meta([x, states, ws, None, None], {"mode": mode, "num_layers": layers, "hidden_size": 3,
                                                       "is_bidirec": False})


def test_rnn_shape_rule() -> None:
    out, _, states, _ = _rnn_meta("LSTM", 4, 2)
    assert out == Meta((5, -1, 3), "float32") and states == [Meta((1, -1, 3), "float32")] * 2
    with pytest.raises(ShapeError, match="weight_list must hold 8"):
        _rnn_meta("GRU", 4, 1, layers=2)
    with pytest.raises(ShapeError, match="takes 2 pre_state"):
        _rnn_meta("LSTM", 4, 1)
    with pytest.raises(ShapeError, match="unknown mode"):
        _rnn_meta("LSTM2", 4, 2)


def _nms(boxes: np.ndarray, scores: np.ndarray, **attrs: object) -> list[np.ndarray]:
    op = lookup("pd_op.multiclass_nms3")
    assert op is not None and op.kernel is not None
    full = {"score_threshold": 0.1, "nms_top_k": -1, "keep_top_k": -1, "nms_threshold": 0.5, "normalized": False,
            "nms_eta": 1.0, "background_label": -1}
    full.update(attrs)
    return op.kernel([boxes, scores, None], full)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), thr=st.sampled_from([0.2, 0.5, 0.8]), keep=st.sampled_from([-1, 3, 7]),
       normalized=st.booleans())
def test_nms_output_is_a_valid_suppression(seed: int, thr: float, keep: int, normalized: bool) -> None:
    rng = np.random.default_rng(seed)
    n, c, m = 2, 3, 10
    xy = rng.uniform(0, 10, (n, m, 2))
    boxes = np.concatenate([xy, xy + rng.uniform(0.5, 6, (n, m, 2))], axis=-1).astype(np.float32)
    scores = rng.uniform(0, 1, (n, c, m)).astype(np.float32)
    out, index, counts = _nms(boxes, scores, nms_threshold=thr, keep_top_k=keep, normalized=normalized)
    assert out.shape == (int(counts.sum()), 6) and index.shape == (out.shape[0], 1)
    start = 0
    for b in range(n):
        rows = out[start:start + counts[b]]
        idx = index[start:start + counts[b], 0] - b * m
        start += counts[b]
        if keep != -1:
            assert len(rows) <= keep
        assert (rows[:, 1] > 0.1).all()
        assert list(rows[:, 0]) == sorted(rows[:, 0]), "rows are grouped by label"
        for r, k in zip(rows, idx, strict=True):
            assert r[1] == scores[b, int(r[0]), k] and (r[2:] == boxes[b, k]).all()
        for label in set(rows[:, 0]):
            kept = idx[rows[:, 0] == label]
            for i in range(len(kept)):
                for j in range(i):
                    assert _iou(boxes[b, kept[i]], boxes[b, kept[j]], normalized) <= np.float32(thr)


def test_nms_threshold_one_keeps_every_candidate() -> None:
    rng = np.random.default_rng(1)
    boxes = np.tile(np.array([[0, 0, 4, 4]], np.float32), (1, 5, 1))  # five identical boxes
    scores = rng.uniform(0.2, 1, (1, 2, 5)).astype(np.float32)
    out, _, counts = _nms(boxes, scores, nms_threshold=1.0)
    assert counts.tolist() == [10] and out.shape == (10, 6)
    out, _, counts = _nms(boxes, scores, nms_threshold=0.99)
    assert counts.tolist() == [2], "identical boxes: one per class survives"
