"""pd_op.rnn: the fused multi-layer recurrent op behind paddle.nn.LSTM / GRU / SimpleRNN.

Signature (PaddlePaddle 3.3.1, checked against the programs of tests/corpus/rnn_modes,
crnn, speech_gru)::

    (%out, %dropout_state_out, %state, %reserve) = "pd_op.rnn" (%x, %pre_state, %weight_list,
        %sequence_length, %dropout_state_in) {dropout_prob, hidden_size, input_size,
        is_bidirec, is_test, mode, num_layers, seed}

* ``x`` is time-major ``[T, N, input_size]`` (the Python layer transposes batch-major input
  before and after the op).
* ``pre_state`` is a ``vec``: ``[h0, c0]`` for ``mode:"LSTM"``, ``[h0]`` otherwise, each
  ``[num_layers * D, N, hidden_size]`` with D = 2 when ``is_bidirec``; row ``l * D + d`` is
  layer l, direction d (0 forward, 1 backward).  ``state`` (result 2) has the same layout.
* ``weight_list`` is a ``vec`` of ``4 * num_layers * D`` tensors: first every weight pair
  ``W_ih [G*H, in], W_hh [G*H, H]`` in (layer, direction) order, then every bias pair
  ``b_ih [G*H], b_hh [G*H]`` in the same order; G = 4 (LSTM), 3 (GRU), 1 (RNN_TANH /
  RNN_RELU).  Layer l > 0 reads ``D * H`` features.
* ``sequence_length`` (optional, ``<<NULL VALUE>>`` when absent) is an int ``[N]``.  Step t
  of sequence n is live when ``t < len[n]``; a dead step outputs 0 and keeps the state
  (``h = h_new * m + h_prev * (1 - m)``).  The backward direction walks the reversed time
  axis with the reversed mask, so it starts at each sequence's last live step.
* ``dropout_state_in`` (optional) is the cuDNN dropout state, a 0-size ``u8`` parameter in
  inference programs; Paddle declares ``dropout_state_out`` a view of it.  Inference
  (``is_test``) never applies dropout between layers.
* ``dropout_state_out`` and ``reserve`` are scratch outputs; Paddle's infer-meta leaves
  them undimensioned (printed ``tensor<0xf32>`` when built, ``tensor<f32>`` once saved and
  loaded, ``tensor<u8>`` when translated from a ProgramDesc), so neither their shape nor
  their dtype is checked.  The translator (``rnn`` legacy op, a special handler as in
  Paddle) feeds ``dropout_state_in`` a 0-D uint8 ``pd_op.full``.

Gate math (per step, ``g = x W_ih^T + b_ih``, ``r = h W_hh^T + b_hh``):
  LSTM  i, f, c~, o = split(g + r, 4); c = sig(f) c_prev + sig(i) tanh(c~); h = sig(o) tanh(c)
  GRU   r_g, z_g, c_g split 3 each; rt = sig(g_r + r_r); z = sig(g_z + r_z);
        c~ = tanh(g_c + rt * r_c); h = z * h_prev + (1 - z) * c~
  RNN   h = tanh(g + r) or relu(g + r)

Fusion and lowering treat the op as opaque, as Paddle's CINN does (it has no lowering for
rnn): it is NON_FUSIBLE, so build_cinn leaves it outside every group and ``--backend cinn``
runs it with this numpy kernel between the compiled groups (the input transposes and the
heads around it are fused and compiled as usual).  A compiled loop over time steps with the
gate math fused is not implemented, so no speed comparison with it exists.

The kernel computes in float64 and casts the results to x's dtype; Paddle computes in
float32, the corpus programs agree within rtol 1e-4 / atol 1e-5.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, Meta, MetaArg, OpDef, PatternKind, ShapeError, register

GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


def _mode(attrs: Mapping[str, Any]) -> str:
    mode = str(attrs.get("mode", "RNN_TANH"))
    if mode not in GATES:
        raise ShapeError(f"rnn: unknown mode {mode!r} (expected one of {', '.join(GATES)})")
    return mode


def _rnn_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Any]:
    x = args[0]
    if not isinstance(x, Meta):
        raise ShapeError("rnn: x must be a tensor")
    mode = _mode(attrs)
    states = args[1] if isinstance(args[1], list) else None
    weights = args[2] if isinstance(args[2], list) else None
    d = 2 if attrs.get("is_bidirec") else 1
    layers = int(attrs.get("num_layers", 1))
    hidden = int(attrs.get("hidden_size", 0))
    if x.shape is not None and len(x.shape) != 3:
        raise ShapeError(f"rnn: x must be [seq_len, batch, input_size], got rank {len(x.shape)}")
    if states is None or len(states) != (2 if mode == "LSTM" else 1):
        raise ShapeError(f"rnn: mode {mode} takes {2 if mode == 'LSTM' else 1} pre_state tensors")
    if weights is not None and len(weights) != 4 * layers * d:
        raise ShapeError(f"rnn: weight_list must hold {4 * layers * d} tensors (weights then biases for "
                         f"{layers} layer(s) x {d} direction(s)), got {len(weights)}")
    for s in states:
        if s.shape is not None and (len(s.shape) != 3 or s.shape[0] not in (-1, layers * d)
                                    or s.shape[2] not in (-1, hidden)):
            raise ShapeError(f"rnn: each pre_state must be [{layers * d}, batch, {hidden}], got {list(s.shape)}")
    sl = args[3] if len(args) > 3 else None
    if isinstance(sl, Meta) and sl.dtype not in ("int32", "int64"):
        raise ShapeError(f"rnn: sequence_length must be int32 or int64, got {sl.dtype}")
    out_shape = None if x.shape is None else (x.shape[0], x.shape[1], d * hidden)
    # the scratch results: "Undefined" (any dtype) -- f32 when built in PIR, u8 when translated
    # from a ProgramDesc (typed from the DropoutState / Reserve VarDescs)
    return [Meta(out_shape, x.dtype), Meta((0,), "Undefined"), [Meta(s.shape, s.dtype) for s in states],
            Meta((0,), "Undefined")]


def _sigmoid(v: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-v))


def _cell(mode: str, g: np.ndarray, r: np.ndarray, h: np.ndarray, c: np.ndarray | None
          ) -> tuple[np.ndarray, np.ndarray | None]:
    if mode == "LSTM":
        i, f, cc, o = np.split(g + r, 4, axis=1)
        c_new = _sigmoid(f) * c + _sigmoid(i) * np.tanh(cc)
        return _sigmoid(o) * np.tanh(c_new), c_new
    if mode == "GRU":
        gr, gz, gc = np.split(g, 3, axis=1)
        rr, rz, rc = np.split(r, 3, axis=1)
        rt = _sigmoid(gr + rr)
        z = _sigmoid(gz + rz)
        cand = np.tanh(gc + rt * rc)
        return z * h + (1.0 - z) * cand, None
    s = g + r
    return (np.tanh(s) if mode == "RNN_TANH" else np.maximum(s, 0.0)), None


def _direction(mode: str, x: np.ndarray, mask: np.ndarray | None, w_ih: np.ndarray, w_hh: np.ndarray,
               b_ih: np.ndarray, b_hh: np.ndarray, h: np.ndarray, c: np.ndarray | None, reverse: bool
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    t_len = x.shape[0]
    out = np.zeros((t_len, x.shape[1], h.shape[1]), dtype=np.float64)
    gx = x @ w_ih.T + b_ih  # all steps' input projections at once
    steps = range(t_len - 1, -1, -1) if reverse else range(t_len)
    for t in steps:
        h_new, c_new = _cell(mode, gx[t], h @ w_hh.T + b_hh, h, c)
        if mask is not None:
            m = mask[t][:, None]
            h_new = h_new * m + h * (1.0 - m)
            if c_new is not None:
                c_new = c_new * m + c * (1.0 - m)
            out[t] = h_new * m
        else:
            out[t] = h_new
        h, c = h_new, c_new
    return out, h, c


def rnn_forward(x: np.ndarray, pre_state: Sequence[np.ndarray], weights: Sequence[np.ndarray],
                seq_len: np.ndarray | None, mode: str, layers: int, bidirec: bool
                ) -> tuple[np.ndarray, list[np.ndarray]]:
    """Paddle's rnn in float64: (out [T, N, D*H], final states like pre_state)."""
    d = 2 if bidirec else 1
    n_w = 2 * layers * d
    ws = [np.asarray(w, dtype=np.float64) for w in weights[:n_w]]
    bs = [np.asarray(b, dtype=np.float64) for b in weights[n_w:]]
    h0 = np.asarray(pre_state[0], dtype=np.float64)
    c0 = np.asarray(pre_state[1], dtype=np.float64) if mode == "LSTM" else None
    mask = None
    if seq_len is not None:
        lens = np.asarray(seq_len).reshape(-1)
        mask = (np.arange(x.shape[0])[:, None] < lens[None, :]).astype(np.float64)
    inp = np.asarray(x, dtype=np.float64)
    h_out = np.empty_like(h0)
    c_out = np.empty_like(c0) if c0 is not None else None
    for layer in range(layers):
        outs = []
        for di in range(d):
            k = layer * d + di
            o, h, c = _direction(mode, inp, mask, ws[2 * k], ws[2 * k + 1], bs[2 * k], bs[2 * k + 1],
                                 h0[k], None if c0 is None else c0[k], reverse=di == 1)
            outs.append(o)
            h_out[k] = h
            if c_out is not None:
                c_out[k] = c
        inp = outs[0] if d == 1 else np.concatenate(outs, axis=2)
    return inp, [h_out] if c_out is None else [h_out, c_out]


def _rnn_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[Any]:
    x, pre_state, weights = args[0], args[1], args[2]
    seq_len = args[3] if len(args) > 3 else None
    drop = args[4] if len(args) > 4 else None
    assert isinstance(x, np.ndarray) and isinstance(pre_state, list) and isinstance(weights, list)
    mode = _mode(attrs)
    layers = int(attrs.get("num_layers", 1))
    bidirec = bool(attrs.get("is_bidirec", False))
    if len(weights) != 4 * layers * (2 if bidirec else 1):
        raise ValueError(f"rnn: weight_list holds {len(weights)} tensors, expected {4 * layers * (2 if bidirec else 1)}")
    out, states = rnn_forward(x, pre_state, weights, seq_len if isinstance(seq_len, np.ndarray) else None,
                              mode, layers, bidirec)
    dt = x.dtype
    drop_out = drop if isinstance(drop, np.ndarray) else np.zeros((0,), dtype=dt)
    return [out.astype(dt), drop_out, [s.astype(dt) for s in states], np.zeros((0,), dtype=dt)]


register(OpDef(
    name="pd_op.rnn",
    operands=("x", "pre_state[]", "weight_list[]", "sequence_length?", "dropout_state_in?"),
    attrs=("dropout_prob", "is_bidirec", "input_size", "hidden_size", "num_layers", "mode", "seed", "is_test"),
    results=("out", "dropout_state_out", "state[]", "reserve"),
    infer_meta=_rnn_meta, kernel=_rnn_kernel, pattern=PatternKind.NON_FUSIBLE,
    view={1: 4}, loose_results=frozenset({1, 3}),
))
