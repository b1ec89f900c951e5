#!/usr/bin/env python
"""pirc's NN kernel library (pirc/runtime/nn) against the numpy/BLAS path it replaced, per kernel and shape.

The shapes are the descriptors the zoo models' conv2d / pool2d / fc ops give (recorded by running each
model once through ``pirc-run --backend cinn`` in this process, the models from bench/.models, see
bench/models.py), or ``--quick``: a fixed list of zoo shapes.  For each: the best time (on a shared machine
the least disturbed of many runs) and GFLOP/s of
nnlib at nt=1 and nt=2 and of the old path (im2col + numpy's BLAS GEMM + the epilogue in numpy, BLAS
limited to the same thread count; depthwise: the C loop of pirc/runtime/heavy_ops.py in the checkout
``--baseline`` names, else nnlib at one thread), every result checked against the old one.  Per model, the sum
over its ops (times how often each runs) gives the kernels' share of a run.

    .venv/bin/python bench/nn_kernels.py --models mobilenet_v2,resnet50 --baseline MAIN_CHECKOUT
    .venv/bin/python bench/nn_kernels.py --quick
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pirc  # noqa: E402,F401  - sets OpenBLAS's idle spin before numpy loads it
from pirc.runtime import threads  # noqa: E402
from pirc.runtime.nn import lib  # noqa: E402

QUICK = [
    ("conv2d", (1, 16, 112, 112, 96, 1, 1, 112, 112, 1, 1, 0, 0, 1, 1, 1, 2)),
    ("conv2d", (1, 144, 56, 56, 24, 1, 1, 56, 56, 1, 1, 0, 0, 1, 1, 1, 0)),
    ("conv2d", (1, 64, 14, 14, 384, 1, 1, 14, 14, 1, 1, 0, 0, 1, 1, 1, 2)),
    ("conv2d", (1, 960, 7, 7, 160, 1, 1, 7, 7, 1, 1, 0, 0, 1, 1, 1, 0)),
    ("conv2d", (1, 320, 7, 7, 1280, 1, 1, 7, 7, 1, 1, 0, 0, 1, 1, 1, 2)),
    ("conv2d", (1, 576, 1, 1, 144, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1)),
    ("conv2d", (1, 3, 224, 224, 32, 3, 3, 112, 112, 2, 2, 1, 1, 1, 1, 1, 2)),
    ("conv2d", (1, 64, 56, 56, 64, 3, 3, 56, 56, 1, 1, 1, 1, 1, 1, 1, 1)),
    ("conv2d", (1, 256, 14, 14, 256, 3, 3, 14, 14, 1, 1, 1, 1, 1, 1, 1, 1)),
    ("conv2d", (1, 3, 224, 224, 64, 7, 7, 112, 112, 2, 2, 3, 3, 1, 1, 1, 1)),
    ("conv2d", (1, 32, 112, 112, 32, 3, 3, 112, 112, 1, 1, 1, 1, 1, 1, 32, 2)),
    ("conv2d", (1, 144, 56, 56, 144, 3, 3, 28, 28, 2, 2, 1, 1, 1, 1, 144, 2)),
    ("conv2d", (1, 960, 7, 7, 960, 3, 3, 7, 7, 1, 1, 1, 1, 1, 1, 960, 2)),
    ("pool2d", (1, 64, 112, 112, 56, 56, 3, 3, 2, 2, 1, 1, 0, 1)),
    ("pool2d", (1, 1280, 7, 7, 1, 1, 7, 7, 1, 1, 0, 0, 1, 1)),
    ("fc", (1, 1280, 1000, 0)),
]


def record(model: str) -> collections.Counter[tuple[str, tuple[int, ...]]]:
    """The nnlib calls one run of ``model`` makes, (kind, descriptor) -> count: the descriptors
    pirc.runtime.nn.desc builds for the interpreter's fast paths, once per op (then kept in its plan)."""
    from pirc.runtime.nn import desc, fast

    seen: collections.Counter[tuple[str, tuple[int, ...]]] = collections.Counter()
    saved = {k: getattr(desc, k) for k in ("conv2d", "pool2d", "fc")}

    def wrap(kind: str) -> Callable[..., object]:
        def build(*a: object, **k: object) -> object:
            d = saved[kind](*a, **k)
            if d is not None:
                seen[(kind, tuple(d))] += 1
            return d
        return build

    for k in saved:
        setattr(desc, k, wrap(k))
    fast._PLANS.clear()
    m = ROOT / "bench" / ".models" / model
    argv = sys.argv
    sys.argv = ["pirc-run", str(m / "program.pir"), "--params", str(m / "params.npz"), "--feed",
                str(m / "feeds.npz"), "--backend", "cinn", "--repeat", "1"]
    try:
        from pirc.cli.run import run_command

        run_command()
    except SystemExit:
        pass
    finally:
        sys.argv = argv
        for k, f in saved.items():
            setattr(desc, k, f)
    return seen


#: pirc/runtime/heavy_ops.py of the --baseline checkout (the depthwise loop nnlib replaced), or None
HEAVY: Any = None


def load_heavy_ops(root: str) -> Any:
    path = Path(root) / "pirc" / "runtime" / "heavy_ops.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("baseline_heavy_ops", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _act(y: np.ndarray, act: int) -> np.ndarray:
    if act == 1:
        np.maximum(y, 0, out=y)
    elif act == 2:
        np.clip(y, 0, 6, out=y)
    elif act == 3:
        y *= np.clip(y + 3, 0, 6) / 6
    return y


def old_conv(d: tuple[int, ...], x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    n, c, h, wd, o, kh, kw, oh, ow, sh, sw, ph, pw, dh, dw, g, act = d
    if g == c and g > 1:
        if HEAVY is None:  # no baseline: the new kernel at one thread
            y = lib.conv2d(d, x, w, b, None, 1)
            assert y is not None
            return y
        heavy_ops = HEAVY
        pads = (ph, (oh - 1) * sh + dh * (kh - 1) + 1 - h - ph, pw, (ow - 1) * sw + dw * (kw - 1) + 1 - wd - pw)
        y = heavy_ops.depthwise_conv2d(x, w, (sh, sw), pads, (dh, dw), (oh, ow), g, b, None,
                                       ["identity", "relu", "relu6", "hardswish"][act])
        assert y is not None
        return y
    if kh == kw == 1 and sh == sw == 1 and ph == pw == 0 and g == 1:
        y = np.matmul(w.reshape(o, c), x.reshape(n, c, h * wd))
    else:
        xp = np.pad(x, ((0, 0), (0, 0), (ph, ph + sh), (pw, pw + sw)))
        win = np.lib.stride_tricks.sliding_window_view(xp, (dh * (kh - 1) + 1, dw * (kw - 1) + 1), axis=(2, 3))
        win = win[:, :, :oh * sh:sh, :ow * sw:sw, ::dh, ::dw]  # n c oh ow kh kw
        cols = np.ascontiguousarray(win.transpose(0, 1, 4, 5, 2, 3)).reshape(n, g, c // g * kh * kw, oh * ow)
        y = np.matmul(w.reshape(g, o // g, -1)[None], cols)
    y = y.reshape(n, o, oh, ow)
    y += b.reshape(1, -1, 1, 1)
    return _act(y, act)


def old_pool(d: tuple[int, ...], x: np.ndarray) -> np.ndarray:
    n, c, h, w, oh, ow, kh, kw, sh, sw, ph, pw, kind, excl = d
    if oh == ow == 1 and kh == h and kw == w:
        return x.mean(axis=(2, 3), keepdims=True)
    xp = np.pad(x, ((0, 0), (0, 0), (ph, ph + sh), (pw, pw + sw)), constant_values=-np.inf if kind == 0 else 0)
    win = np.lib.stride_tricks.sliding_window_view(xp, (kh, kw), axis=(2, 3))[:, :, :oh * sh:sh, :ow * sw:sw]
    return win.max(axis=(4, 5)) if kind == 0 else win.mean(axis=(4, 5))


def timeit(fn: Callable[[], object], budget: float = 0.3) -> float:
    fn()
    times = []
    t_end = time.perf_counter() + budget
    while len(times) < 5 or (time.perf_counter() < t_end and len(times) < 200):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)  # the machine is shared: the least disturbed run


def flops(kind: str, d: tuple[int, ...]) -> float:
    if kind == "conv2d":
        n, c, _, _, o, kh, kw, oh, ow = d[:9]
        return 2.0 * n * o * oh * ow * (c // d[15]) * kh * kw
    if kind == "fc":
        return 2.0 * d[0] * d[1] * d[2]
    return float(d[0] * d[1] * d[4] * d[5] * d[6] * d[7])


def bench(kind: str, d: tuple[int, ...], rng: np.random.Generator) -> dict[str, float]:
    """Seconds per call: old at 1 and 2 threads, nnlib at nt 1 and 2."""
    out: dict[str, float] = {}
    if kind == "conv2d":
        x = rng.standard_normal((d[0], d[1], d[2], d[3])).astype(np.float32)
        w = (rng.standard_normal((d[4], d[1] // d[15], d[5], d[6])) / np.sqrt(d[1] // d[15] * d[5] * d[6])).astype(
            np.float32)
        b = rng.standard_normal(d[4]).astype(np.float32)
        old: Callable[[], np.ndarray] = lambda: old_conv(d, x, w, b)  # noqa: E731
        new: Callable[[int], np.ndarray | None] = lambda nt: lib.conv2d(d, x, w, b, None, nt)  # noqa: E731
    elif kind == "pool2d":
        x = rng.standard_normal((d[0], d[1], d[2], d[3])).astype(np.float32)
        old = lambda: old_pool(d, x)  # noqa: E731
        new = lambda nt: lib.pool2d(d, x, nt)  # noqa: E731
    else:
        x = rng.standard_normal((d[0], d[1])).astype(np.float32)
        w = (rng.standard_normal((d[1], d[2])) / np.sqrt(d[1])).astype(np.float32)
        b = rng.standard_normal(d[2]).astype(np.float32)
        old = lambda: _act(x @ w + b, d[3])  # noqa: E731
        new = lambda nt: lib.fc(d, x, w, b, nt)  # noqa: E731
    ref = old()
    for nt in (1, 2):
        got = new(nt)
        assert got is not None, (kind, d)
        np.testing.assert_allclose(got, ref, rtol=1e-3, atol=1e-3 * max(1.0, float(np.abs(ref).max())))
        threads.apply(threads.decide(1, budget=(nt, "bench")))
        out[f"old{nt}"] = timeit(old)
        out[f"new{nt}"] = timeit(lambda: new(nt))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", default="mobilenet_v3_small,mobilenet_v2,shufflenet_v2_x1_0,squeezenet1_1,resnet50")
    ap.add_argument("--quick", action="store_true", help="the fixed shape list, no models")
    ap.add_argument("--baseline", help="a pirc checkout whose pirc/runtime/heavy_ops.py is the old depthwise path")
    args = ap.parse_args()
    global HEAVY
    if args.baseline:
        HEAVY = load_heavy_ops(args.baseline)
    groups: dict[str, collections.Counter[tuple[str, tuple[int, ...]]]] = {}
    if args.quick:
        groups["quick"] = collections.Counter({k: 1 for k in QUICK})
    else:
        for m in args.models.split(","):
            groups[m] = record(m)
    rng = np.random.default_rng(0)
    done: dict[tuple[str, tuple[int, ...]], dict[str, float]] = {}
    cols = ("old1", "new1", "old2", "new2")
    for m, calls in groups.items():
        print(f"\n== {m}: {sum(calls.values())} calls, {len(calls)} shapes  (ms per call; GFLOP/s)")
        print(f"{'kind':6} {'descriptor':62} {'n':>2} " + " ".join(f"{c:>13}" for c in cols))
        tot = dict.fromkeys(cols, 0.0)
        for (kind, d), cnt in sorted(calls.items(), key=lambda kv: -flops(*kv[0]) * kv[1]):
            if (kind, d) not in done:
                done[(kind, d)] = bench(kind, d, rng)
            r = done[(kind, d)]
            f = flops(kind, d)
            for c in cols:
                tot[c] += r[c] * cnt
            print(f"{kind:6} {','.join(map(str, d)):62} {cnt:2} " +
                  " ".join(f"{r[c] * 1e3:6.3f} {f / r[c] / 1e9:6.1f}" for c in cols))
        print(f"{'total ms per run':73} " + " ".join(f"{tot[c] * 1e3:13.2f}" for c in cols))


if __name__ == "__main__":
    main()
