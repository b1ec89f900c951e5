"""pirc's NN kernel library (pirc/runtime/nn): the C functions against plain numpy references, the
thread count not changing a bit, unsupported descriptors refused, and the descriptor builders."""

from __future__ import annotations

import ctypes
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pirc.runtime.nn import desc, lib


def _act(y: np.ndarray, act: int) -> np.ndarray:
    if act == 1:
        return np.maximum(y, 0)
    if act == 2:
        return np.minimum(np.maximum(y, 0), 6)
    if act == 3:
        return y * np.clip(y + 3, 0, 6) / 6
    if act == 4:
        return y / (1 + np.exp(-y))
    if act == 5:
        return np.clip(y * 0.1666667 + 0.5, 0, 1)
    return y


def _ref_conv(x: np.ndarray, w: np.ndarray, d: tuple[int, ...], b: np.ndarray | None,
              r: np.ndarray | None) -> np.ndarray:
    n, c, h, wd, o, kh, kw, oh, ow, sh, sw, ph, pw, dh, dw, g, act = d
    big = (oh - 1) * sh + dh * (kh - 1) + 1, (ow - 1) * sw + dw * (kw - 1) + 1
    xp = np.zeros((n, c, max(big[0], h + ph), max(big[1], wd + pw)))
    xp[:, :, ph:ph + h, pw:pw + wd] = x
    y = np.zeros((n, o, oh, ow))
    og, cg = o // g, c // g
    for i in range(kh):
        for j in range(kw):
            win = xp[:, :, i * dh:i * dh + sh * (oh - 1) + 1:sh, j * dw:j * dw + sw * (ow - 1) + 1:sw]
            for gg in range(g):
                y[:, gg * og:(gg + 1) * og] += np.einsum("oc,nchw->nohw", w[gg * og:(gg + 1) * og, :, i, j],
                                                         win[:, gg * cg:(gg + 1) * cg])
    if b is not None:
        y = y + b.reshape(1, -1, 1, 1)
    if r is not None:
        y = y + r
    return _act(y, act)


def _conv_case(rng: np.random.Generator, d: tuple[int, ...], bias: bool,
               residual: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray | None, np.ndarray | None]:
    n, c, h, wd, o, kh, kw, oh, ow = d[:9]
    x = rng.standard_normal((n, c, h, wd)).astype(np.float32)
    w = rng.standard_normal((o, c // d[15], kh, kw)).astype(np.float32)
    b = rng.standard_normal(o).astype(np.float32) if bias else None
    r = rng.standard_normal((n, o, oh, ow)).astype(np.float32) if residual else None
    return x, w, b, r


@settings(max_examples=80, deadline=None)
@given(n=st.integers(1, 2), g=st.integers(1, 3), cg=st.integers(1, 4), og=st.integers(1, 4), h=st.integers(1, 9),
       w=st.integers(1, 9), kh=st.integers(1, 4), kw=st.integers(1, 3), sh=st.integers(1, 3), sw=st.integers(1, 2),
       pads=st.tuples(*[st.integers(0, 2)] * 4), dil=st.tuples(st.integers(1, 2), st.integers(1, 2)),
       act=st.integers(0, 5), bias=st.booleans(), residual=st.booleans(), depthwise=st.booleans(),
       seed=st.integers(0, 99))
def test_conv_matches_numpy(n: int, g: int, cg: int, og: int, h: int, w: int, kh: int, kw: int, sh: int, sw: int,
                            pads: tuple[int, int, int, int], dil: tuple[int, int], act: int, bias: bool,
                            residual: bool, depthwise: bool, seed: int) -> None:
    if depthwise:
        cg = 1
    c, o = g * cg, g * og
    oh = (h + pads[0] + pads[1] - dil[0] * (kh - 1) - 1) // sh + 1
    ow = (w + pads[2] + pads[3] - dil[1] * (kw - 1) - 1) // sw + 1
    if oh <= 0 or ow <= 0:
        return
    d = (n, c, h, w, o, kh, kw, oh, ow, sh, sw, pads[0], pads[2], dil[0], dil[1], g, act)
    x, f, b, r = _conv_case(np.random.default_rng(seed), d, bias, residual)
    got = lib.conv2d(d, x, f, b, r, nt=2)
    assert got is not None and got.shape == (n, o, oh, ow)
    np.testing.assert_allclose(got, _ref_conv(x, f, d, b, r), rtol=1e-4, atol=1e-4)


def _ref_depthwise_f32(x: np.ndarray, w: np.ndarray, d: tuple[int, ...], b: np.ndarray | None,
                       r: np.ndarray | None) -> np.ndarray:
    """Depthwise conv in float32 with nnlib's operations in its order: from 0, + w * x per tap in
    (i, j) order, then (+ bias) + residual and the activation -- so the same bits for act 0..3."""
    n, c, h, wd, o, kh, kw, oh, ow, sh, sw, ph, pw, dh, dw, g, act = d
    big = (oh - 1) * sh + dh * (kh - 1) + 1, (ow - 1) * sw + dw * (kw - 1) + 1
    xp = np.zeros((n, c, max(big[0], h + ph), max(big[1], wd + pw)), np.float32)
    xp[:, :, ph:ph + h, pw:pw + wd] = x
    y = np.zeros((n, o, oh, ow), np.float32)
    for i in range(kh):
        for j in range(kw):
            win = xp[:, :, i * dh:i * dh + sh * (oh - 1) + 1:sh, j * dw:j * dw + sw * (ow - 1) + 1:sw]
            y = y + w[:, 0, i, j].reshape(1, -1, 1, 1) * win
    if b is not None:
        y = y + b.reshape(1, -1, 1, 1)
    if r is not None:
        y = y + r
    return _act(y, act).astype(np.float32)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 2), c=st.integers(2, 40), h=st.integers(1, 20), w=st.integers(1, 20),
       k=st.tuples(st.integers(1, 7), st.integers(1, 7)), s=st.tuples(st.integers(1, 2), st.integers(1, 3)),
       pads=st.tuples(st.integers(0, 3), st.integers(0, 3)), dil=st.tuples(st.integers(1, 2), st.integers(1, 2)),
       act=st.integers(0, 5), bias=st.booleans(), residual=st.booleans(), nt=st.integers(1, 2), seed=st.integers(0, 99))
def test_depthwise_gives_the_bits_of_its_tap_order(n: int, c: int, h: int, w: int, k: tuple[int, int],
                                                   s: tuple[int, int], pads: tuple[int, int], dil: tuple[int, int],
                                                   act: int, bias: bool, residual: bool, nt: int, seed: int) -> None:
    """Depthwise convs of any channel count from 2 (16 per vector: tails of 1..15), kernel up to 7x7,
    strides, dilations and paddings: bit-equal to the float32 tap-order reference (close for swish and
    hard sigmoid, whose C forms differ from numpy's)."""
    oh = (h + 2 * pads[0] - dil[0] * (k[0] - 1) - 1) // s[0] + 1
    ow = (w + 2 * pads[1] - dil[1] * (k[1] - 1) - 1) // s[1] + 1
    if oh <= 0 or ow <= 0:
        return
    d = (n, c, h, w, c, k[0], k[1], oh, ow, s[0], s[1], pads[0], pads[1], dil[0], dil[1], c, act)
    x, f, b, r = _conv_case(np.random.default_rng(seed), d, bias, residual)
    got = lib.conv2d(d, x, f, b, r, nt=nt)
    assert got is not None and got.shape == (n, c, oh, ow)
    want = _ref_depthwise_f32(x, f, d, b, r)
    if act <= 3:
        np.testing.assert_array_equal(got, want)
    else:
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


#: shapes from the model zoo (MobileNetV2/V3, ShuffleNetV2, SqueezeNet, ResNet-50): big enough to run threaded
ZOO_CONVS = [
    (1, 16, 112, 112, 96, 1, 1, 112, 112, 1, 1, 0, 0, 1, 1, 1, 2),       # pointwise expand
    (1, 960, 7, 7, 160, 1, 1, 7, 7, 1, 1, 0, 0, 1, 1, 1, 0),             # pointwise project, K > KC
    (4, 144, 28, 28, 144, 3, 3, 28, 28, 1, 1, 1, 1, 1, 1, 144, 3),       # depthwise, batch 4
    (1, 96, 112, 112, 96, 3, 3, 56, 56, 2, 2, 1, 1, 1, 1, 96, 2),        # depthwise stride 2, long rows
    (1, 16, 112, 112, 16, 3, 3, 56, 56, 2, 2, 1, 1, 1, 1, 16, 1),        # depthwise, one channel group: bands of rows
    (1, 72, 56, 56, 72, 3, 3, 28, 28, 2, 2, 1, 1, 1, 1, 72, 3),          # depthwise, 5 groups (a tail of 8): bands
    (1, 3, 224, 224, 32, 3, 3, 112, 112, 2, 2, 1, 1, 1, 1, 1, 1),        # stem (direct: small K)
    (1, 3, 224, 224, 24, 3, 3, 112, 112, 2, 2, 1, 1, 1, 1, 1, 3),        # stem, a tail of 8 output channels
    (1, 3, 224, 224, 64, 3, 3, 112, 112, 2, 2, 1, 1, 1, 1, 1, 1),        # stem, wide: the GEMM
    (1, 64, 56, 56, 64, 3, 3, 56, 56, 1, 1, 1, 1, 1, 1, 1, 1),           # ResNet 3x3
    (1, 256, 56, 56, 512, 1, 1, 28, 28, 2, 2, 0, 0, 1, 1, 1, 0),         # ResNet strided 1x1 downsample
    (1, 576, 1, 1, 144, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1),             # SE block (GEMV)
    (1, 64, 28, 28, 128, 3, 3, 28, 28, 1, 1, 1, 1, 1, 1, 2, 1),          # grouped
]


@pytest.mark.parametrize("d", ZOO_CONVS, ids=lambda d: "x".join(map(str, d[:9])))
def test_zoo_conv_threads_give_the_same_bits(d: tuple[int, ...]) -> None:
    x, f, b, r = _conv_case(np.random.default_rng(1), d, True, d[5] == 1)
    one = lib.conv2d(d, x, f, b, r, nt=1)
    two = lib.conv2d(d, x, f, b, r, nt=2)
    assert one is not None and two is not None
    assert np.array_equal(one, two)
    np.testing.assert_allclose(one, _ref_conv(x, f, d, b, r), rtol=1e-3, atol=1e-3)


def _ref_pool(x: np.ndarray, d: tuple[int, ...]) -> np.ndarray:
    n, c, h, w, oh, ow, kh, kw, sh, sw, ph, pw, kind, excl = d
    y = np.zeros((n, c, oh, ow), np.float64)
    for i in range(oh):
        for j in range(ow):
            hs, ws = i * sh - ph, j * sw - pw
            win = x[:, :, max(hs, 0):min(hs + kh, h), max(ws, 0):min(ws + kw, w)].astype(np.float64)
            if kind == 0:
                y[:, :, i, j] = win.max(axis=(2, 3)) if win.size else np.finfo(np.float32).min
            else:
                cnt = win.shape[2] * win.shape[3] if excl else (min(hs + kh, h + ph) - hs) * (min(ws + kw, w + pw) - ws)
                y[:, :, i, j] = win.sum(axis=(2, 3)) / cnt
    return y


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 2), c=st.integers(1, 4), h=st.integers(1, 9), w=st.integers(1, 44), kh=st.integers(1, 4),
       kw=st.integers(1, 4), sh=st.integers(1, 3), sw=st.integers(1, 3), ph=st.integers(0, 1), pw=st.integers(0, 1),
       kind=st.integers(0, 1), excl=st.integers(0, 1), seed=st.integers(0, 99))
def test_pool_matches_numpy(n: int, c: int, h: int, w: int, kh: int, kw: int, sh: int, sw: int, ph: int, pw: int,
                            kind: int, excl: int, seed: int) -> None:
    if ph >= kh or pw >= kw:
        return
    oh, ow = (h + 2 * ph - kh) // sh + 1, (w + 2 * pw - kw) // sw + 1
    if oh <= 0 or ow <= 0:
        return
    d = (n, c, h, w, oh, ow, kh, kw, sh, sw, ph, pw, kind, excl)
    x = np.random.default_rng(seed).standard_normal((n, c, h, w)).astype(np.float32)
    got = lib.pool2d(d, x, nt=2)
    assert got is not None
    np.testing.assert_allclose(got, _ref_pool(x, d), rtol=1e-5, atol=1e-6)


def _ref_maxpool_rule(x: np.ndarray, d: tuple[int, ...]) -> np.ndarray:
    """Max pooling with nnlib's rule, m = m > v ? m : v over the taps in (row, column) order from
    -FLT_MAX: a NaN tap is kept only until the next tap (vmaxps's rule, and the scalar loop's)."""
    n, c, h, w, oh, ow, kh, kw, sh, sw, ph, pw = d[:12]
    y = np.empty((n, c, oh, ow), np.float32)
    for i in range(oh):
        for j in range(ow):
            m = np.full((n, c), np.finfo(np.float32).min, np.float32)
            for r in range(max(i * sh - ph, 0), min(i * sh - ph + kh, h)):
                for q in range(max(j * sw - pw, 0), min(j * sw - pw + kw, w)):
                    v = x[:, :, r, q]
                    m = np.where(m > v, m, v)
            y[:, :, i, j] = m
    return y


@settings(max_examples=40, deadline=None)
@given(c=st.integers(1, 3), h=st.integers(1, 8), w=st.integers(1, 70), kh=st.integers(1, 3), kw=st.integers(1, 3),
       sh=st.integers(1, 3), sw=st.integers(1, 3), ph=st.integers(0, 1), pw=st.integers(0, 1), seed=st.integers(0, 99))
def test_max_pool_rows_keep_the_scalar_rule_with_nans(c: int, h: int, w: int, kh: int, kw: int, sh: int, sw: int,
                                                      ph: int, pw: int, seed: int) -> None:
    """The vector rows (16 outputs a vector: strides 1, 2 and gathers; masked tails) give the bits of
    the scalar rule, NaNs included."""
    if ph >= kh or pw >= kw:
        return
    oh, ow = (h + 2 * ph - kh) // sh + 1, (w + 2 * pw - kw) // sw + 1
    if oh <= 0 or ow <= 0:
        return
    d = (1, c, h, w, oh, ow, kh, kw, sh, sw, ph, pw, 0, 1)
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((1, c, h, w)).astype(np.float32)
    x.reshape(-1)[rng.integers(0, x.size, max(1, x.size // 10))] = np.nan
    got = lib.pool2d(d, x, nt=1)
    assert got is not None
    np.testing.assert_array_equal(got, _ref_maxpool_rule(x, d))


def test_global_pool_and_threads() -> None:
    x = np.random.default_rng(2).standard_normal((4, 96, 56, 56)).astype(np.float32)
    for d in [(4, 96, 56, 56, 1, 1, 56, 56, 1, 1, 0, 0, 1, 1), (4, 96, 56, 56, 28, 28, 3, 3, 2, 2, 1, 1, 0, 1)]:
        one, two = lib.pool2d(d, x, nt=1), lib.pool2d(d, x, nt=2)
        assert one is not None and two is not None and np.array_equal(one, two)
        np.testing.assert_allclose(one, _ref_pool(x, d), rtol=1e-5, atol=1e-5)


@settings(max_examples=40, deadline=None)
@given(m=st.integers(1, 40), k=st.integers(1, 300), n=st.integers(1, 70), act=st.integers(0, 5),
       bias=st.booleans(), seed=st.integers(0, 99))
def test_fc_matches_numpy(m: int, k: int, n: int, act: int, bias: bool, seed: int) -> None:
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((m, k)).astype(np.float32)
    w = rng.standard_normal((k, n)).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32) if bias else None
    got = lib.fc((m, k, n, act), x, w, b, nt=2)
    want = x.astype(np.float64) @ w + (0 if b is None else b)
    assert got is not None
    np.testing.assert_allclose(got, _act(want, act), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("m,k,n", [(4, 4096, 1500), (67, 1280, 1000)], ids=["gemv", "gemm"])
def test_fc_threads_give_the_same_bits(m: int, k: int, n: int) -> None:
    """Shapes above nnlib's threading threshold (PIRC_PAR_FLOPS), both fc paths."""
    rng = np.random.default_rng(3)
    x, w, b = (rng.standard_normal(s).astype(np.float32) for s in ((m, k), (k, n), (n,)))
    one, two = lib.fc((m, k, n, 2), x, w, b, nt=1), lib.fc((m, k, n, 2), x, w, b, nt=2)
    assert one is not None and two is not None and np.array_equal(one, two)
    np.testing.assert_allclose(one, np.clip(x.astype(np.float64) @ w + b, 0, 6), rtol=1e-3, atol=1e-3)


def _batch_dims() -> st.SearchStrategy[tuple[int, ...]]:
    return st.lists(st.integers(0, 3), min_size=0, max_size=3).map(tuple)


@settings(max_examples=60, deadline=None)
@given(xb=_batch_dims(), yb=_batch_dims(), m=st.integers(1, 20), k=st.integers(0, 70), n=st.integers(1, 40),
       tx=st.booleans(), ty=st.booleans(), x1=st.booleans(), y1=st.booleans(), seed=st.integers(0, 99))
def test_matmul_matches_numpy(xb: tuple[int, ...], yb: tuple[int, ...], m: int, k: int, n: int, tx: bool, ty: bool,
                              x1: bool, y1: bool, seed: int) -> None:
    """Broadcast batch dims (1 against n, 0-size, absent), either operand transposed or 1-D, K = 0."""
    rank = max(len(xb), len(yb))
    xb_, yb_ = (1,) * (rank - len(xb)) + xb, (1,) * (rank - len(yb)) + yb
    xb = tuple(a if a == b or 1 in (a, b) else 1 for a, b in zip(xb_, yb_))[rank - len(xb):]
    rng = np.random.default_rng(seed)
    xs = (k,) if x1 else xb + ((k, m) if tx else (m, k))
    ys = (k,) if y1 else yb + ((n, k) if ty else (k, n))
    x, y = rng.standard_normal(xs).astype(np.float32), rng.standard_normal(ys).astype(np.float32)
    got_d = desc.matmul(xs, ys, tx, ty)
    assert got_d is not None
    a = x if x1 or not tx else np.swapaxes(x, -1, -2)
    b = y if y1 or not ty else np.swapaxes(y, -1, -2)
    want = np.matmul(a.astype(np.float64), b.astype(np.float64))
    one = lib.matmul(got_d[0], got_d[1], x, y, nt=1)
    two = lib.matmul(got_d[0], got_d[1], x, y, nt=2)
    assert one is not None and two is not None and one.shape == want.shape
    assert np.array_equal(one, two)
    np.testing.assert_allclose(one, want, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("xs,ys,ty", [((12, 128, 64), (12, 128, 64), True), ((8, 64, 128), (128, 700), False),
                                      ((6, 2, 256), (6, 300, 256), True)], ids=["scores", "gemm", "dots"])
def test_matmul_threads_give_the_same_bits(xs: tuple[int, ...], ys: tuple[int, ...], ty: bool) -> None:
    """Above nnlib's threading threshold: the GEMM and the few-rows dot-product path."""
    rng = np.random.default_rng(5)
    x, y = rng.standard_normal(xs).astype(np.float32), rng.standard_normal(ys).astype(np.float32)
    d, out = desc.matmul(xs, ys, False, ty) or ((), ())
    one, two = lib.matmul(d, out, x, y, nt=1), lib.matmul(d, out, x, y, nt=2)
    assert one is not None and two is not None and np.array_equal(one, two)
    np.testing.assert_allclose(one, np.matmul(x.astype(np.float64), np.swapaxes(y, -1, -2) if ty else y),
                               rtol=1e-3, atol=1e-3)


def test_matmul_descriptor_refuses_what_it_does_not_cover() -> None:
    assert desc.matmul((2, 3), (4, 5), False, False) is None            # K differs
    assert desc.matmul((2, 2, 3), (3, 2, 5), False, False) is None      # batch 2 against 3
    assert desc.matmul((-1, 3), (3, 5), False, False) is None           # an unknown dim
    assert desc.matmul((2, 3), (3, 5), False, False, "float16") is None
    assert desc.matmul((1, 1, 1, 1, 1, 2, 3), (3, 5), False, False) is None   # 5 batch dims
    x, y = np.zeros((2, 3), np.float32), np.zeros((3, 5), np.float32)
    z = np.zeros((2, 5), np.float32)
    good = desc.matmul((2, 3), (3, 5), False, False)
    assert good is not None and lib.raw_call("matmul", good[0], x, y, z) == 0
    for i, v in [(0, -1), (3, 2), (5, 0), (6, -1)]:
        bad = list(good[0])
        bad[i] = v
        assert lib.raw_call("matmul", tuple(bad), x, y, z) != 0, (i, v)


def _numpy_only(name: str, args: list, attrs: dict) -> np.ndarray:
    """The op's reference kernel with nnlib hidden (its numpy path)."""
    import pirc.dialects.all  # noqa: F401  - registers the ops
    from pirc.dialects.opdef import OP_DEFS

    saved = lib._LIB, lib._FAILED
    lib._LIB, lib._FAILED = None, True
    try:
        kernel = OP_DEFS[name].kernel
        assert kernel is not None
        return kernel(args, attrs)[0]
    finally:
        lib._LIB, lib._FAILED = saved


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 2), g=st.integers(1, 3), cg=st.integers(1, 5), og=st.integers(1, 4), h=st.integers(1, 7),
       w=st.integers(1, 7), k=st.tuples(st.integers(1, 4), st.integers(1, 4)), s=st.tuples(st.integers(1, 3), st.integers(1, 3)),
       p=st.tuples(st.integers(0, 2), st.integers(0, 2)), dil=st.integers(1, 2), opad=st.booleans(), seed=st.integers(0, 99))
def test_conv2d_transpose_matches_numpy(n: int, g: int, cg: int, og: int, h: int, w: int, k: tuple[int, int],
                                        s: tuple[int, int], p: tuple[int, int], dil: int, opad: bool, seed: int) -> None:
    from pirc.runtime.nn import fast

    attrs = {"strides": list(s), "paddings": list(p), "output_padding": [s[0] - 1, s[1] - 1] if opad else [],
             "padding_algorithm": "EXPLICIT", "groups": g, "dilations": [dil, dil], "data_format": "NCHW"}
    if opad and max(s) <= 1:
        attrs["output_padding"] = []
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, g * cg, h, w)).astype(np.float32)
    wt = rng.standard_normal((g * cg, og, *k)).astype(np.float32)
    d = desc.conv2d_transpose(attrs, x.shape, wt.shape)
    assume(d is not None)  # pads that leave no output
    assert d is not None
    got = fast.conv2d_transpose(x, wt, None, attrs)
    want = _numpy_only("pd_op.conv2d_transpose", [x.astype(np.float64), wt.astype(np.float64)], attrs)
    assert got is not None and got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
    y2 = np.empty_like(got)
    assert lib.raw_call("conv2d_transpose", d, x, wt, y2, nt=2) == 0
    assert np.array_equal(got, y2)  # the same bits on two threads


@settings(max_examples=60, deadline=None)
@given(h=st.integers(1, 9), w=st.integers(1, 9), oh=st.integers(1, 20), ow=st.integers(1, 20),
       method=st.sampled_from(["nearest", "bilinear"]), align_corners=st.booleans(), align_mode=st.integers(0, 1),
       how=st.sampled_from(["attr", "scale", "out_size"]), seed=st.integers(0, 99))
def test_interpolation_gives_the_reference_kernels_bits(h: int, w: int, oh: int, ow: int, method: str,
                                                         align_corners: bool, align_mode: int, how: str,
                                                         seed: int) -> None:
    """nnlib's nearest / bilinear (tables from pd_op.interp.plane_coords) against the numpy kernel: equal bits."""
    from pirc.runtime.nn import fast

    rng = np.random.default_rng(seed)
    x = rng.standard_normal((2, 3, h, w)).astype(np.float32)
    attrs = {"data_format": "NCHW", "out_d": -1, "out_h": oh, "out_w": ow, "scale": [], "interp_method": method,
             "align_corners": align_corners, "align_mode": align_mode}
    args: list = [x, None, None, None]
    if how == "scale":
        attrs.update(out_h=-1, out_w=-1, scale=[oh / h, ow / w])
    elif how == "out_size":
        args[1] = np.array([oh, ow], np.int32)
    want = _numpy_only("pd_op.bilinear_interp", args, attrs)
    got = fast.interp2d(args, attrs)
    assert got is not None and got.shape == want.shape
    assert np.array_equal(got, want)


@settings(max_examples=60, deadline=None)
@given(shape=st.lists(st.integers(0, 5), min_size=0, max_size=3).map(tuple), axis=st.integers(-3, 2),
       keep=st.booleans(), flatten=st.booleans(), i32=st.booleans(), exclusive=st.booleans(),
       reverse=st.booleans(), specials=st.booleans(), seed=st.integers(0, 99))
def test_argmax_argmin_cumsum_give_the_reference_kernels_bits(shape: tuple[int, ...], axis: int, keep: bool,
                                                              flatten: bool, i32: bool, exclusive: bool,
                                                              reverse: bool, specials: bool, seed: int) -> None:
    """nnlib's scans (argmax / argmin with NaN and +-inf, cumsum in numpy's float32 order) against the
    numpy kernels: equal bits, 0-size and 0-d inputs included."""
    import pirc.dialects.all  # noqa: F401
    from pirc.dialects.opdef import OP_DEFS

    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape).astype(np.float32)
    if specials and x.size >= 3:
        x.reshape(-1)[:3] = [np.nan, np.inf, -np.inf]
    xi = rng.integers(-2**62, 2**62, shape, dtype=np.int64)  # int64 cumsum: numpy's wrapping adds
    cumsum_i64 = _numpy_only("pd_op.cumsum", [xi, np.array([0], np.int32)], {"flatten": True})
    cumsum = OP_DEFS["pd_op.cumsum"].kernel
    assert cumsum is not None
    got_i64 = cumsum([xi, np.array([0], np.int32)], {"flatten": True})[0]
    assert got_i64.dtype == np.int64 and np.array_equal(got_i64, cumsum_i64)
    cases = [("pd_op.argmax", {"keepdims": keep, "flatten": flatten, "dtype": "int32" if i32 else "int64"},
              np.array([axis])),
             ("pd_op.argmin", {"keepdims": keep, "flatten": flatten, "dtype": "int32" if i32 else "int64"},
              np.array([axis])),
             ("pd_op.cumsum", {"exclusive": exclusive, "reverse": reverse, "flatten": flatten},
              np.array([axis], np.int32))]
    for name, attrs, ax in cases:
        try:
            want = _numpy_only(name, [x, ax], attrs)
        except ValueError:  # an axis out of range: the op refuses it on both paths
            continue
        kernel = OP_DEFS[name].kernel
        assert kernel is not None
        got = kernel([x, ax], attrs)[0]
        assert got.shape == want.shape and got.dtype == want.dtype, name
        assert np.array_equal(got, want, equal_nan=True) and np.array_equal(np.signbit(got), np.signbit(want)), name


def test_unsupported_descriptors_are_refused() -> None:
    x = np.zeros((1, 4, 5, 5), np.float32)
    w = np.zeros((4, 2, 3, 3), np.float32)
    y = np.zeros((1, 4, 5, 5), np.float32)
    good = (1, 4, 5, 5, 4, 3, 3, 5, 5, 1, 1, 1, 1, 1, 1, 2, 0)
    assert lib.raw_call("conv2d", good, x, w, None, None, y) == 0
    for i, v in [(16, 9), (15, 3), (9, 0), (11, -1), (13, 0), (1, 0)]:
        bad = list(good)
        bad[i] = v
        assert lib.raw_call("conv2d", tuple(bad), x, w, None, None, y) != 0, (i, v)
    pool = (1, 4, 5, 5, 5, 5, 3, 3, 1, 1, 1, 1, 0, 1)
    assert lib.raw_call("pool2d", pool, x, y) == 0
    assert lib.raw_call("pool2d", pool[:12] + (2, 1), x, y) != 0
    assert lib.raw_call("pool2d", pool[:8] + (0,) + pool[9:], x, y) != 0
    assert lib.raw_call("fc", (5, 5, 4, 7), x, w, None, y) != 0


_CONV = {"strides": [1, 1], "paddings": [1, 1], "dilations": [1, 1], "groups": 1, "padding_algorithm": "EXPLICIT",
         "data_format": "NCHW"}


def test_conv_descriptor() -> None:
    assert desc.conv2d(_CONV, (2, 8, 9, 9), (16, 8, 3, 3), act="relu6") == \
        (2, 8, 9, 9, 16, 3, 3, 9, 9, 1, 1, 1, 1, 1, 1, 1, 2)
    same = dict(_CONV, padding_algorithm="SAME", strides=[2, 2], dilations=[2, 2])
    assert desc.conv2d(same, (1, 8, 10, 10), (8, 8, 3, 3)) == (1, 8, 10, 10, 8, 3, 3, 5, 5, 2, 2, 0, 0, 1, 1, 1, 0)
    assert desc.conv2d(dict(_CONV, data_format="NHWC"), (2, 9, 9, 8), (16, 8, 3, 3)) is None
    assert desc.conv2d(_CONV, (2, 8, 9, 9), (16, 8, 3, 3), dtype="float64") is None
    assert desc.conv2d(_CONV, (-1, 8, 9, 9), (16, 8, 3, 3)) is None
    assert desc.conv2d(_CONV, (2, 8, 9, 9), (16, 8, 3, 3), act="gelu") is None
    assert desc.conv2d(_CONV, (2, 8, 9, 9), (16, 8, 3, 3), bias_shape=(8,), has_bias=True) is None
    assert desc.conv2d(_CONV, (2, 8, 9, 9), (16, 8, 3, 3), bias_shape=(1, 16, 1, 1), has_bias=True) is not None
    assert desc.conv2d(_CONV, (2, 8, 9, 9), (16, 8, 3, 3), residual_shape=(2, 16, 9, 8), has_residual=True) is None


_POOL = {"strides": [2, 2], "paddings": [1, 1], "ceil_mode": False, "exclusive": True, "data_format": "NCHW",
         "pooling_type": "max", "global_pooling": False, "adaptive": False, "padding_algorithm": "EXPLICIT"}


def test_pool_descriptor() -> None:
    assert desc.pool2d(_POOL, (1, 8, 112, 112), [3, 3]) == (1, 8, 112, 112, 56, 56, 3, 3, 2, 2, 1, 1, 0, 1)
    avg = dict(_POOL, pooling_type="avg", adaptive=True, exclusive=False)
    assert desc.pool2d(avg, (1, 8, 7, 7), [1, 1]) == (1, 8, 7, 7, 1, 1, 7, 7, 7, 7, 0, 0, 1, 1)
    assert desc.pool2d(avg, (1, 8, 7, 7), [2, 2]) is None  # 2 does not divide 7: Paddle's windows overlap
    # an output size that divides the input's: ordinary windows of that size and stride (VGG's 7x7 of 7x7)
    assert desc.pool2d(avg, (1, 8, 7, 7), [7, 7]) == (1, 8, 7, 7, 7, 7, 1, 1, 1, 1, 0, 0, 1, 1)
    assert desc.pool2d(avg, (1, 8, 8, 6), [4, 3]) == (1, 8, 8, 6, 4, 3, 2, 2, 2, 2, 0, 0, 1, 1)
    # adaptive max: Paddle's kernel pools ordinary kernel_size (= output size) windows, no padding
    assert desc.pool2d(dict(_POOL, adaptive=True), (1, 8, 7, 7), [3, 3]) == (1, 8, 7, 7, 3, 3, 3, 3, 2, 2, 0, 0, 0, 1)
    assert desc.pool2d(dict(_POOL, global_pooling=True, pooling_type="avg"), (1, 8, 7, 5), [3, 3]) == \
        (1, 8, 7, 5, 1, 1, 7, 5, 2, 2, 0, 0, 1, 1)
    assert desc.pool2d(dict(_POOL, ceil_mode=True, paddings=[0, 0]), (1, 8, 7, 7), [2, 2]) == \
        (1, 8, 7, 7, 4, 4, 2, 2, 2, 2, 0, 0, 0, 1)
    past = dict(_POOL, ceil_mode=True, paddings=[0, 0], strides=[3, 3])
    assert desc.pool2d(dict(past, pooling_type="avg"), (1, 8, 8, 8), [1, 1]) is None
    assert desc.pool2d(past, (1, 8, 8, 8), [1, 1]) == (1, 8, 8, 8, 4, 4, 1, 1, 3, 3, 0, 0, 0, 1)  # max: -FLT_MAX there
    assert desc.pool2d(dict(_POOL, data_format="NHWC"), (1, 112, 112, 8), [3, 3]) is None


def test_fc_descriptor() -> None:
    assert desc.fc({"in_num_col_dims": 2}, (2, 3, 4, 5), (20, 7), bias_shape=(1, 7), has_bias=True) == (6, 20, 7, 0)
    assert desc.fc({"activation_type": "relu"}, (2, 20), (20, 7)) == (2, 20, 7, 1)
    assert desc.fc({"activation_type": "gelu"}, (2, 20), (20, 7)) is None
    assert desc.fc({}, (2, 21), (20, 7)) is None
    assert desc.fc({"padding_weights": True}, (2, 20), (20, 7)) is None


def test_fast_paths_follow_their_operands() -> None:
    """The interpreter's fast path keeps a plan per op (descriptor, weight addresses): new weight arrays,
    non-contiguous ones and new shapes all give the answer for the operands of that call."""
    from pirc.runtime.nn import fast

    rng = np.random.default_rng(5)
    x = rng.standard_normal((2, 8, 9, 9)).astype(np.float32)
    for _ in range(2):
        for w in (rng.standard_normal((16, 8, 3, 3)).astype(np.float32),
                  np.asfortranarray(rng.standard_normal((16, 8, 3, 3)).astype(np.float32))):
            b = rng.standard_normal((1, 16, 1, 1)).astype(np.float32)
            got = fast.conv2d(x, w, _CONV, "relu6", b)
            d = desc.conv2d(_CONV, x.shape, w.shape, act="relu6")
            assert got is not None and d is not None
            np.testing.assert_allclose(got, _ref_conv(x, w, d, b.reshape(-1), None), rtol=1e-4, atol=1e-4)
    part = fast.conv2d(x[:, :, :5], w, _CONV)
    assert part is not None and part.shape == (2, 16, 5, 9)
    assert fast.conv2d(x, w, dict(_CONV, data_format="NHWC")) is None
    xf = rng.standard_normal((3, 4, 5)).astype(np.float32)
    wf = rng.standard_normal((20, 6)).astype(np.float32)
    got = fast.fc(xf, wf, None, {"in_num_col_dims": 1})
    assert got is not None and got.shape == (3, 6)
    np.testing.assert_allclose(got, xf.reshape(3, 20) @ wf, rtol=1e-5, atol=1e-5)
    xp = rng.standard_normal((1, 3, 8, 8)).astype(np.float32)
    got = fast.pool2d(xp, [2, 2], _POOL)
    assert got is not None and got.shape == (1, 3, 5, 5)


_C_MAIN = r"""
#include <stdio.h>
#include "nnlib.h"

int main(void)
{
  static float x[2 * 3 * 6 * 7], w[4 * 3 * 3 * 3], b[4], r[2 * 4 * 3 * 4], y[2 * 4 * 3 * 4], p[2 * 3 * 3 * 3];
  static float fx[3 * 5], fw[5 * 2], fy[3 * 2];
  for (int i = 0; i < 2 * 3 * 6 * 7; i++) x[i] = (float)((i * 37) % 23) / 7.0f - 1.5f;
  for (int i = 0; i < 4 * 3 * 3 * 3; i++) w[i] = (float)((i * 11) % 13) / 5.0f - 1.0f;
  for (int i = 0; i < 4; i++) b[i] = 0.25f * (float)i - 0.5f;
  for (int i = 0; i < 2 * 4 * 3 * 4; i++) r[i] = (float)(i % 5) - 2.0f;
  for (int i = 0; i < 15; i++) fx[i] = (float)i / 3.0f - 2.0f;
  for (int i = 0; i < 10; i++) fw[i] = 1.0f - (float)i / 4.0f;
  const int64_t conv[PIRC_NN_CONV_DESC_LEN] = {2, 3, 6, 7, 4, 3, 3, 3, 4, 2, 2, 1, 1, 1, 1, 1, PIRC_NN_ACT_HARDSWISH};
  const int64_t pool[PIRC_NN_POOL_DESC_LEN] = {2, 3, 6, 7, 3, 3, 3, 3, 2, 2, 1, 0, 1, 0};
  const int64_t fc[PIRC_NN_FC_DESC_LEN] = {3, 5, 2, PIRC_NN_ACT_RELU};
  const int64_t bad[PIRC_NN_FC_DESC_LEN] = {3, 5, 2, 42};
  if (pirc_nn_abi_version() != PIRC_NN_ABI_VERSION) return 2;
  if (pirc_nn_conv2d_f32(conv, x, w, b, r, y, 2) != 0) return 3;
  if (pirc_nn_pool2d_f32(pool, x, p, 1) != 0) return 4;
  if (pirc_nn_fc_f32(fc, fx, fw, 0, fy, 1) != 0) return 5;
  if (pirc_nn_fc_f32(bad, fx, fw, 0, fy, 1) == 0) return 6;
  for (int i = 0; i < 2 * 4 * 3 * 4; i++) printf("%.9g\n", y[i]);
  for (int i = 0; i < 2 * 3 * 3 * 3; i++) printf("%.9g\n", p[i]);
  for (int i = 0; i < 3 * 2; i++) printf("%.9g\n", fy[i]);
  return 0;
}
"""


def test_the_abi_from_c(tmp_path: Path) -> None:
    """A C program built from nnlib.h + nnlib.c alone (as an ahead-of-time host program uses them) gets
    the bits the Python binding gets."""
    import subprocess

    from pirc.cinn.backend.compile_c import c_flags, find_cc

    root = Path(lib.__file__).parent
    (tmp_path / "main.c").write_text(_C_MAIN)
    flags = [f for f in c_flags(find_cc()) if f not in ("-shared", "-fPIC")]
    exe = tmp_path / "main"
    subprocess.run([find_cc(), *flags, f"-I{root}", "-o", str(exe), str(tmp_path / "main.c"), str(root / "nnlib.c"),
                    "-lm"], check=True)
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.split()
    got = np.array([float(v) for v in out], np.float32)
    i = np.arange(2 * 3 * 6 * 7)
    x = (((i * 37) % 23).astype(np.float32) / np.float32(7) - np.float32(1.5)).reshape(2, 3, 6, 7)
    w = (((np.arange(108) * 11) % 13).astype(np.float32) / np.float32(5) - np.float32(1)).reshape(4, 3, 3, 3)
    b = (np.float32(0.25) * np.arange(4, dtype=np.float32) - np.float32(0.5)).astype(np.float32)
    r = ((np.arange(96) % 5) - 2).astype(np.float32).reshape(2, 4, 3, 4)
    fx = (np.arange(15, dtype=np.float32) / np.float32(3) - np.float32(2)).reshape(3, 5)
    fw = (np.float32(1) - np.arange(10, dtype=np.float32) / np.float32(4)).reshape(5, 2)
    y = lib.conv2d((2, 3, 6, 7, 4, 3, 3, 3, 4, 2, 2, 1, 1, 1, 1, 1, 3), x, w, b, r)
    p = lib.pool2d((2, 3, 6, 7, 3, 3, 3, 3, 2, 2, 1, 0, 1, 0), x)
    fy = lib.fc((3, 5, 2, 1), fx, fw)
    assert y is not None and p is not None and fy is not None
    np.testing.assert_array_equal(got, np.concatenate([y.ravel(), p.ravel(), fy.ravel()]))
    np.testing.assert_allclose(y, _ref_conv(x, w, (2, 3, 6, 7, 4, 3, 3, 3, 4, 2, 2, 1, 1, 1, 1, 1, 3), b, r),
                               rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("hw, out", [((7, 7), (7, 7)), ((8, 6), (4, 3)), ((12, 12), (3, 2)), ((5, 9), (1, 3))])
def test_adaptive_average_pooling_to_a_dividing_size_is_paddles_window_mean(hw: tuple[int, int],
                                                                           out: tuple[int, int]) -> None:
    """Paddle's adaptive window i is [floor(i*H/OH), ceil((i+1)*H/OH)): the mean of each is what nnlib gives."""
    from pirc.runtime.nn import fast

    rng = np.random.default_rng(7)
    x = rng.standard_normal((2, 3, *hw)).astype(np.float32)
    got = fast.pool2d(x, list(out), dict(_POOL, pooling_type="avg", adaptive=True, exclusive=False))
    assert got is not None and got.shape == (2, 3, *out)
    want = np.empty((2, 3, *out))
    for i in range(out[0]):
        for j in range(out[1]):
            r0, r1 = i * hw[0] // out[0], -(-(i + 1) * hw[0] // out[0])
            c0, c1 = j * hw[1] // out[1], -(-(j + 1) * hw[1] // out[1])
            want[:, :, i, j] = x[:, :, r0:r1, c0:c1].astype(np.float64).mean(axis=(2, 3))
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


@pytest.fixture(scope="module")
def gemm_only(tmp_path_factory: pytest.TempPathFactory) -> ctypes.CDLL:
    """nnlib built without its direct small-K convolution (-DPIRC_DIRECT_MAX_K=0): every conv on the GEMM."""
    from pirc.cinn.backend.compile_c import c_flags, compile_c, find_cc

    cc = find_cc()
    so, _ = compile_c(lib.source_text(), cc=cc, flags=c_flags(cc) + ("-lm", "-DPIRC_DIRECT_MAX_K=0"))
    path = tmp_path_factory.mktemp("nnlib") / "gemm_only.so"
    path.write_bytes(so)
    dll = ctypes.CDLL(str(path))
    vp = ctypes.c_void_p
    dll.pirc_nn_conv2d_f32.argtypes = [ctypes.POINTER(ctypes.c_int64), vp, vp, vp, vp, vp, ctypes.c_int]
    return dll


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 2), c=st.integers(1, 3), o=st.integers(1, 32), h=st.integers(1, 40), w=st.integers(1, 40),
       k=st.tuples(st.integers(1, 3), st.integers(1, 3)), s=st.tuples(st.integers(1, 2), st.integers(1, 3)),
       pads=st.tuples(st.integers(0, 2), st.integers(0, 2)), dil=st.tuples(st.integers(1, 2), st.integers(1, 2)),
       act=st.integers(0, 5), bias=st.booleans(), residual=st.booleans(), nt=st.integers(1, 2),
       seed=st.integers(0, 99))
def test_small_k_convs_give_the_bits_of_the_gemm(gemm_only: ctypes.CDLL, n: int, c: int, o: int, h: int, w: int,
                                                 k: tuple[int, int], s: tuple[int, int], pads: tuple[int, int],
                                                 dil: tuple[int, int], act: int, bias: bool, residual: bool, nt: int,
                                                 seed: int) -> None:
    """A stem's convolution (K = C * KH * KW <= 32, up to 32 output channels) runs direct, 16 output
    channels in the vector lanes (pirc/runtime/nn/conv_direct.c): bit-equal to the GEMM it replaces,
    at every border, stride, dilation, channel tail and activation."""
    if k[0] * k[1] == 1:
        k = (k[0], 2)
    oh = (h + 2 * pads[0] - dil[0] * (k[0] - 1) - 1) // s[0] + 1
    ow = (w + 2 * pads[1] - dil[1] * (k[1] - 1) - 1) // s[1] + 1
    if oh <= 0 or ow <= 0:
        return
    d = (n, c, h, w, o, k[0], k[1], oh, ow, s[0], s[1], pads[0], pads[1], dil[0], dil[1], 1, act)
    x, f, b, r = _conv_case(np.random.default_rng(seed), d, bias, residual)
    x.reshape(-1)[:: 7] = 0.0  # zeros (and -0 products) among the taps
    got = lib.conv2d(d, x, f, b, r, nt=nt)
    assert got is not None
    want = np.empty_like(got)
    rc = gemm_only.pirc_nn_conv2d_f32(lib._desc(d), x.ctypes.data, f.ctypes.data, lib._ptr(b), lib._ptr(r),
                                      want.ctypes.data, nt)
    assert rc == 0
    np.testing.assert_array_equal(got, want)
