"""Micro-benchmarks of the code generators and the kernel backend.

    python bench/kernels_micro.py [--n 16777216] [--repeat 10]

* compile times: cc per module (cold cache), a warm cache hit, NVRTC cubin / PTX, build_many speed-up;
* call overhead of a compiled C kernel on a tiny array (ctypes + argument packing);
* throughput of fused C kernels against unfused numpy on n float32 elements:
  exp(x + y) * z - y, relu(x + y), a row sum (strict FP, omp simd reduction), softmax rows.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import best  # noqa: E402
from pirc.cinn.ast import builder as b
from pirc.cinn.backend.build import build, build_many, generate
from pirc.cinn.backend.cache import KernelCache


def kernels():  # type: ignore[no-untyped-def]
    N = b.var("N", "int64")
    X, Y, Z = (b.tensor(n, [N], "float32", buffer="_" + n) for n in "XYZ")
    O = b.tensor("O", [N], "float32", buffer="_O")
    f1 = b.lowered_func("fused_exp", [b.arg_in(X), b.arg_in(Y), b.arg_in(Z), b.arg_out(O), b.arg_in(N)],
                        b.root(b.compute(O, lambda i: b.exp(X[i] + Y[i]) * Z[i] - Y[i])))
    f2 = b.lowered_func("fused_relu", [b.arg_in(X), b.arg_in(Y), b.arg_out(O), b.arg_in(N)],
                        b.root(b.compute(O, lambda i: b.call("relu", X[i] + Y[i]))))
    M = b.var("M", "int64")
    A = b.tensor("A", [M, 4096], "float32", buffer="_A")
    S = b.tensor("S", [M], "float32", buffer="_S")
    f3 = b.lowered_func("row_sum", [b.arg_in(A), b.arg_out(S), b.arg_in(M)],
                        b.root(b.reduce(S, lambda i, k: A[i, k], [4096])))
    Yo = b.tensor("Yo", [M, 4096], "float32", buffer="_Yo")
    mx = b.tensor("mx", [M], "float32", buffer=b.buffer("_mx", [M], "float32", "local"))
    sm = b.tensor("sm", [M], "float32", buffer=b.buffer("_sm", [M], "float32", "local"))
    f4 = b.lowered_func("softmax", [b.arg_in(A), b.arg_out(Yo), b.arg_in(M)], b.root(
        b.reduce(mx, lambda i, k: A[i, k], [4096], combine="max"),
        b.reduce(sm, lambda i, k: b.exp(A[i, k] - mx[i]), [4096], combine="sum"),
        b.compute(Yo, lambda i, j: b.exp(A[i, j] - mx[i]) / sm[i])), temp_bufs=[mx.buffer, sm.buffer])
    return [f1, f2, f3, f4]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1 << 24)
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args()
    fns = kernels()
    with tempfile.TemporaryDirectory() as d:
        cache = KernelCache(d)
        t0 = time.perf_counter()
        mods = [build([f], "c", cache=cache) for f in fns]
        cold = (time.perf_counter() - t0) / len(fns)
        t0 = time.perf_counter()
        for f in fns:
            build([f], "c", cache=KernelCache(d))
        warm = (time.perf_counter() - t0) / len(fns)
        gen = best(lambda: generate(fns, "c"), 3)
        print(f"codegen C (4 kernels)            {gen * 1e3:8.2f} ms")
        print(f"cc per module (cold)             {cold * 1e3:8.2f} ms")
        print(f"build per module (warm cache)    {warm * 1e3:8.2f} ms  (codegen + hash + load)")
        many = [[b.lowered_func(f"k{i}", f.args, f.body, temp_bufs=f.temp_bufs)] for i in range(8) for f in fns[:1]]
        t0 = time.perf_counter()
        build_many(many, "c", cache=KernelCache(os.path.join(d, "m1")), workers=1, progress=False)
        t_serial = time.perf_counter() - t0
        t0 = time.perf_counter()
        build_many(many, "c", cache=KernelCache(os.path.join(d, "m2")), progress=False)
        t_par = time.perf_counter() - t0
        print(f"build_many 8 modules             {t_serial:8.2f} s serial, {t_par:.2f} s on {os.cpu_count()} workers")
        try:
            from pirc.cinn.backend.nvrtc import compile_cuda

            src = generate(fns[:3], "cuda").text
            compile_cuda(src, arch="sm_90")
            tc = best(lambda: compile_cuda(src, arch="sm_90"), 3)
            tp = best(lambda: compile_cuda(src, arch="sm_90", kind="ptx"), 3)
            print(f"NVRTC 3 kernels                  {tc * 1e3:8.2f} ms cubin, {tp * 1e3:.2f} ms ptx")
            ths = [threading.Thread(target=lambda: compile_cuda(src, arch="sm_90")) for _ in range(4)]
            t0 = time.perf_counter()
            for t in ths:
                t.start()
            for t in ths:
                t.join()
            print(f"NVRTC 4 threads x 1 compile      {(time.perf_counter() - t0) * 1e3:8.2f} ms "
                  f"(vs {4 * tc * 1e3:.2f} ms serial: NVRTC {'holds' if time.perf_counter() - t0 > 2.5 * tc else 'releases'} the GIL)")
        except Exception as e:  # noqa: BLE001
            print(f"NVRTC: unavailable ({e})")

        tiny = np.ones(4, np.float32)
        k1 = mods[0]["fused_exp"]
        call = best(lambda: k1(tiny, tiny, tiny), 1000)
        print(f"call overhead (4 elements)       {call * 1e6:8.2f} us")

        n = args.n
        rng = np.random.default_rng(0)
        x, y, z = (rng.standard_normal(n).astype(np.float32) for _ in range(3))
        gb = n * 4 / 1e9
        for name, k, ins, ref, nbytes in (
            ("exp(x+y)*z-y", mods[0]["fused_exp"], (x, y, z), lambda: np.exp(x + y) * z - y, 4 * gb),
            ("relu(x+y)", mods[1]["fused_relu"], (x, y), lambda: np.maximum(x + y, 0), 3 * gb),
        ):
            tk = best(lambda k=k, ins=ins: k(*ins), args.repeat)
            tn = best(ref, args.repeat)
            print(f"{name:<32} {tk * 1e3:8.2f} ms C ({nbytes / tk:5.1f} GB/s), numpy {tn * 1e3:.2f} ms: "
                  f"{tn / tk:.1f}x")
        a = x.reshape(-1, 4096)
        tk = best(lambda: mods[2]["row_sum"](a), args.repeat)
        tn = best(lambda: a.sum(1), args.repeat)
        print(f"{'row sum [M, 4096]':<32} {tk * 1e3:8.2f} ms C ({gb / tk:5.1f} GB/s), numpy {tn * 1e3:.2f} ms: "
              f"{tn / tk:.1f}x")

        def np_softmax() -> np.ndarray:
            e = np.exp(a - a.max(1, keepdims=True))
            return e / e.sum(1, keepdims=True)

        tk = best(lambda: mods[3]["softmax"](a), args.repeat)
        tn = best(np_softmax, args.repeat)
        print(f"{'softmax [M, 4096]':<32} {tk * 1e3:8.2f} ms C, numpy {tn * 1e3:.2f} ms: {tn / tk:.1f}x")


if __name__ == "__main__":
    main()
