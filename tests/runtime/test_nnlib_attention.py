"""nnlib's attention and embedding kernels (pirc/runtime/nn/attention.c) against the op's numpy
kernels: drawn shapes, head layouts, broadcast masks and scales; the thread count changes no bit;
refused descriptors; and the ops' kernels taking the C path."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pirc.dialects.pd_op.attention import attention as numpy_attention
from pirc.runtime.nn import desc, fast, lib

#: mask shapes that broadcast to [B, H, Sq, Sk], by which axes they keep
_MASKS = {"none": None, "keys": (1, 1, 1, -1), "batch_keys": (-4, 1, 1, -1), "full": (-4, -3, -2, -1),
          "rows": (-2, -1), "heads": (-3, 1, 1)}


def _mask_shape(kind: str, full: tuple[int, int, int, int]) -> tuple[int, ...] | None:
    m = _MASKS[kind]
    return None if m is None else tuple(full[a] if a < 0 else a for a in m)


@settings(max_examples=60, deadline=None)
@given(b=st.integers(1, 3), sq=st.integers(1, 9), sk=st.integers(1, 9), h=st.integers(1, 4), d=st.integers(1, 17),
       dv=st.integers(1, 9), mask=st.sampled_from(sorted(_MASKS)), alpha=st.sampled_from([1.0, 0.125, -0.7]),
       heads_layout=st.booleans(), seed=st.integers(0, 2**16))
def test_attention_matches_the_numpy_kernel(b: int, sq: int, sk: int, h: int, d: int, dv: int, mask: str, alpha: float,
                                            heads_layout: bool, seed: int) -> None:
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((b, sq, h, d), dtype=np.float32)
    k = rng.standard_normal((b, sk, h, d), dtype=np.float32)
    v = rng.standard_normal((b, sk, h, dv), dtype=np.float32)
    ms = _mask_shape(mask, (b, h, sq, sk))
    bias = None if ms is None else (rng.standard_normal(ms, dtype=np.float32) * 3)
    want = numpy_attention(q, k, v, bias, alpha)
    attrs: dict = {"scaling_factor": alpha}
    if heads_layout:
        if d != dv:
            dv = d
            v = rng.standard_normal((b, sk, h, d), dtype=np.float32)
            want = numpy_attention(q, k, v, bias, alpha)
        attrs["head_number"] = h
        got = fast.attention(q.reshape(b, sq, -1), k.reshape(b, sk, -1), v.reshape(b, sk, -1), bias, attrs)
        assert got is not None and got.shape == (b, sq, h * dv)
        got = got.reshape(want.shape)
    else:
        got = fast.attention(q, k, v, bias, attrs)
        assert got is not None and got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=2e-5, atol=2e-6)
    qs, ks, vs = (q.shape, k.shape, v.shape) if not heads_layout else ((b, sq, h * d), (b, sk, h * d), (b, sk, h * dv))
    dd = desc.attention(attrs, qs, ks, vs, "float32", None if bias is None else bias.shape, bias is not None)
    assert dd is not None
    c = np.ascontiguousarray
    one, two = lib.attention(dd, c(q), c(k), c(v), bias, nt=1), lib.attention(dd, c(q), c(k), c(v), bias, nt=2)
    assert one is not None and two is not None and np.array_equal(one, two)


@pytest.mark.parametrize("sk, d, dv", [(16, 64, 64), (130, 64, 80), (64, 24, 17), (200, 8, 130)])
def test_attention_rows_in_registers_match_the_numpy_kernel(sk: int, d: int, dv: int) -> None:
    """Keys and value columns 64 and 16 at a time in registers, and the rest one by one
    (attn_rows_dot), at lengths that take each path; the thread count changes no bit."""
    rng = np.random.default_rng(sk + d + dv)
    b, sq, h = 2, 5, 3
    q = rng.standard_normal((b, sq, h, d), dtype=np.float32)
    k = rng.standard_normal((b, sk, h, d), dtype=np.float32)
    v = rng.standard_normal((b, sk, h, dv), dtype=np.float32)
    bias = rng.standard_normal((b, 1, 1, sk), dtype=np.float32)
    attrs = {"scaling_factor": 0.125}
    got = fast.attention(q, k, v, bias, attrs)
    assert got is not None
    np.testing.assert_allclose(got, numpy_attention(q, k, v, bias, 0.125), rtol=2e-5, atol=2e-6)
    dd = desc.attention(attrs, q.shape, k.shape, v.shape, "float32", bias.shape, True)
    assert dd is not None
    one, two = lib.attention(dd, q, k, v, bias, nt=1), lib.attention(dd, q, k, v, bias, nt=2)
    assert one is not None and two is not None and np.array_equal(one, two)


def test_attention_a_nan_score_makes_its_row_nan_as_numpy_does() -> None:
    q = np.ones((1, 2, 1, 3), np.float32)
    k = np.ones((1, 4, 1, 3), np.float32)
    v = np.arange(12, dtype=np.float32).reshape(1, 4, 1, 3)
    bias = np.zeros((1, 1, 2, 4), np.float32)
    bias[0, 0, 1, 2] = np.nan
    got = fast.attention(q, k, v, bias, {"scaling_factor": 0.5})
    want = numpy_attention(q, k, v, bias, 0.5)
    assert got is not None
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    assert np.isnan(got[0, 1]).all() and not np.isnan(got[0, 0]).any()


@pytest.mark.parametrize("attrs, shapes, bias_shape", [
    ({"dropout_probability": 0.1}, ((1, 2, 1, 4),) * 3, None),           # training-only
    ({"is_training": True}, ((1, 2, 1, 4),) * 3, None),
    ({}, ((1, 2, 1, 4), (1, 3, 1, 4), (1, 2, 1, 4)), None),              # k and v lengths differ
    ({}, ((1, 2, 1, 4), (1, 2, 1, 5), (1, 2, 1, 4)), None),              # q and k depths differ
    ({}, ((1, 2, 1, 4),) * 3, (3, 2)),                                   # a mask that does not broadcast
    ({}, ((1, -1, 1, 4),) * 3, None),                                    # an unknown dim
    ({"head_number": 3}, ((1, 2, 4),) * 3, None),                        # width not divisible by heads
])
def test_attention_descriptor_refuses(attrs: dict, shapes: tuple, bias_shape: tuple | None) -> None:
    q, k, v = shapes
    assert desc.attention(attrs, q, k, v, "float32", bias_shape, bias_shape is not None) is None


def test_attention_refuses_other_dtypes_and_the_c_function_refuses_a_bad_descriptor() -> None:
    q = np.ones((1, 2, 1, 4), np.float64)
    assert fast.attention(q, q, q, None, {}) is None
    y = np.empty(8, np.float32)
    x = np.ones(8, np.float32)
    assert lib.raw_call("attention", (1, 2, 2, 1, 0, 4, 0, 0, 0, 0, 0x3F800000), x, x, x, None, y) != 0


def _embedding_kernel(ids: np.ndarray, w: np.ndarray, attrs: dict) -> np.ndarray:
    from pirc.dialects.opdef import lookup

    op = lookup("pd_op.embedding")
    assert op is not None and op.kernel is not None
    return np.asarray(op.kernel([ids, w], attrs)[0])


@settings(max_examples=40, deadline=None)
@given(shape=st.lists(st.integers(1, 5), min_size=1, max_size=3), vocab=st.integers(1, 20), dm=st.integers(1, 9),
       pad=st.integers(-21, 20), seed=st.integers(0, 2**16))
def test_embedding_matches_the_numpy_kernel(shape: list[int], vocab: int, dm: int, pad: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    ids = rng.integers(0, vocab, shape).astype(np.int64)
    w = rng.standard_normal((vocab, dm), dtype=np.float32)
    attrs = {"padding_idx": pad}
    d = desc.embedding(attrs, ids.shape, w.shape)
    if not -vocab <= pad < vocab:  # the numpy kernel does not check padding_idx; nnlib's path declines
        assert d is None
        return
    assert d is not None
    got = fast.embedding(ids, w, attrs)
    assert got is not None
    want = w[ids].copy()
    p = pad + vocab if pad < -1 else pad
    if pad != -1:
        want[ids == p] = 0
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(_embedding_kernel(ids, w, attrs), want)


def test_embedding_an_id_out_of_range_still_raises_through_the_op() -> None:
    w = np.ones((4, 2), np.float32)
    ids = np.array([1, 4], np.int64)
    assert fast.embedding(ids, w, {}) is None
    with pytest.raises(IndexError):
        _embedding_kernel(ids, w, {})


@pytest.mark.parametrize("vocab, pad, want", [(1, -2, None), (1, -1, -1), (1, 0, 0), (5, -5, 0), (5, -6, None),
                                              (5, 5, None), (5, -2, 3)])
def test_embedding_descriptor_padding_index(vocab: int, pad: int, want: int | None) -> None:
    """padding_idx -1 is no padding; other negative indices count from the end; anything outside the table is
    not covered (found by the generator above: vocab 1, padding_idx -2 became -1, read as no padding)."""
    d = desc.embedding({"padding_idx": pad}, (1,), (vocab, 3))
    assert (d is None) if want is None else (d is not None and d[3] == want)


def test_the_exp_header_is_the_code_generators() -> None:
    """nnlib's vexp.h is the C prelude's pirc_expf as it stands (regenerate it with
    ``python -c "from pirc.runtime.nn.lib import vexp_text; print(vexp_text(), end='')" > pirc/runtime/nn/vexp.h``)."""
    from pathlib import Path

    assert (Path(lib.__file__).parent / lib.VEXP).read_text() == lib.vexp_text()
    assert "pirc_expf(" in (Path(lib.__file__).parent / "attention.c").read_text()
