"""The conv and pool op kernels, whose float32 NCHW cases run in pirc's NN library (pirc/runtime/nn), against
plain numpy references and against their float64 (numpy) cases."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pirc.dialects.opdef import lookup


def _reference_depthwise(x: np.ndarray, w: np.ndarray, s: tuple, p: tuple, d: tuple, out: tuple) -> np.ndarray:
    n, c, h, wd = x.shape
    o, _, kh, kw = w.shape
    big = (out[0] - 1) * s[0] + d[0] * (kh - 1) + 1, (out[1] - 1) * s[1] + d[1] * (kw - 1) + 1
    xp = np.zeros((n, c, max(big[0], h + p[0]), max(big[1], wd + p[2])), np.float64)
    xp[:, :, p[0]:p[0] + h, p[2]:p[2] + wd] = x
    y = np.zeros((n, o, *out))
    for oc in range(o):
        for i in range(kh):
            for j in range(kw):
                win = xp[:, oc // (o // c), i * d[0]:i * d[0] + s[0] * (out[0] - 1) + 1:s[0],
                         j * d[1]:j * d[1] + s[1] * (out[1] - 1) + 1:s[1]]
                y[:, oc] += w[oc, 0, i, j] * win
    return y


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 2), c=st.integers(1, 5), mult=st.integers(1, 2), h=st.integers(1, 9), w=st.integers(1, 9),
       k=st.integers(1, 4), s=st.integers(1, 3), p=st.integers(0, 2), d=st.integers(1, 2), seed=st.integers(0, 99))
def test_depthwise_matches_direct_sum(n: int, c: int, mult: int, h: int, w: int, k: int, s: int, p: int, d: int,
                                      seed: int) -> None:
    out = ((h + 2 * p - d * (k - 1) - 1) // s + 1, (w + 2 * p - d * (k - 1) - 1) // s + 1)
    if out[0] <= 0 or out[1] <= 0:
        return
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, c, h, w)).astype(np.float32)
    f = rng.standard_normal((c * mult, 1, k, k)).astype(np.float32)
    attrs = {"strides": [s, s], "paddings": [p, p], "padding_algorithm": "EXPLICIT", "dilations": [d, d],
             "groups": c, "data_format": "NCHW"}
    got = lookup("pd_op.depthwise_conv2d").kernel([x, f], attrs)[0]
    assert got.shape == (n, c * mult, *out)
    np.testing.assert_allclose(got, _reference_depthwise(x, f, (s, s), (p, p, p, p), (d, d), out), rtol=1e-5,
                               atol=1e-5)


def test_conv_kernel_uses_fast_paths_with_the_general_answer() -> None:
    rng = np.random.default_rng(0)
    conv = lookup("pd_op.conv2d").kernel
    x = rng.standard_normal((2, 6, 7, 5)).astype(np.float32)
    attrs = {"strides": [1, 1], "paddings": [0, 0], "padding_algorithm": "EXPLICIT", "dilations": [1, 1],
             "groups": 1, "data_format": "NCHW"}
    w1 = rng.standard_normal((4, 6, 1, 1)).astype(np.float32)
    np.testing.assert_allclose(conv([x, w1], attrs)[0], np.einsum("oc,nchw->nohw", w1[:, :, 0, 0], x),
                               rtol=1e-5, atol=1e-5)
    pool = lookup("pd_op.pool2d").kernel
    got = pool([x, np.array([1, 1], np.int64)], {"pooling_type": "avg", "adaptive": True, "strides": [1, 1],
                                                  "paddings": [0, 0], "global_pooling": False, "exclusive": True,
                                                  "data_format": "NCHW", "ceil_mode": False,
                                                  "padding_algorithm": "EXPLICIT"})[0]
    np.testing.assert_allclose(got, x.mean(axis=(2, 3), keepdims=True), rtol=1e-6)


@settings(max_examples=30, deadline=None)
@given(h=st.integers(1, 9), w=st.integers(1, 9), k=st.integers(1, 4), s=st.integers(1, 3), p=st.integers(0, 1),
       ceil=st.booleans(), seed=st.integers(0, 99))
def test_max_pool_matches_window_max(h: int, w: int, k: int, s: int, p: int, ceil: bool, seed: int) -> None:
    if p >= k or h + 2 * p < k or w + 2 * p < k:  # geometries Paddle refuses
        return
    x = np.random.default_rng(seed).standard_normal((2, 3, h, w)).astype(np.float32)
    pool = lookup("pd_op.pool2d").kernel
    attrs = {"pooling_type": "max", "adaptive": False, "strides": [s, s], "paddings": [p, p], "global_pooling": False,
             "exclusive": True, "data_format": "NCHW", "ceil_mode": ceil, "padding_algorithm": "EXPLICIT"}
    got = pool([x, np.array([k, k], np.int64)], attrs)[0]
    want = np.full(got.shape, np.finfo(np.float32).min, np.float32)
    for i in range(got.shape[2]):
        for j in range(got.shape[3]):
            h0, w0 = max(i * s - p, 0), max(j * s - p, 0)
            win = x[:, :, h0:min(i * s - p + k, h), w0:min(j * s - p + k, w)]
            if win.size:
                want[:, :, i, j] = win.max(axis=(2, 3))
    np.testing.assert_array_equal(got, want)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 2), c=st.integers(1, 4), o=st.integers(1, 5), h=st.integers(1, 12), w=st.integers(1, 12),
       k=st.integers(1, 4), s=st.integers(1, 3), p=st.integers(0, 2), d=st.integers(1, 2), seed=st.integers(0, 99))
def test_im2col_conv_matches_the_numpy_windows(n: int, c: int, o: int, h: int, w: int, k: int, s: int, p: int,
                                               d: int, seed: int) -> None:
    """float32 convs run in nnlib (im2col gathered into GEMM panels); float64 ones the numpy window copies:
    same windows."""
    if (h + 2 * p - d * (k - 1) - 1) // s + 1 <= 0 or (w + 2 * p - d * (k - 1) - 1) // s + 1 <= 0 or k == 1:
        return
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, c, h, w))
    f = rng.standard_normal((o, c, k, k))
    attrs = {"strides": [s, s], "paddings": [p, p], "padding_algorithm": "EXPLICIT", "dilations": [d, d],
             "groups": 1, "data_format": "NCHW"}
    conv = lookup("pd_op.conv2d").kernel
    got = conv([x.astype(np.float32), f.astype(np.float32)], attrs)[0]
    want = conv([x, f], attrs)[0]
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
