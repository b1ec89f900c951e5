"""Memory-bound workloads Paddle printed (1024x4096 float32): pirc's fused CUDA kernels on a GPU.

    .venv/bin/python bench/gpu_kernels.py              # on a machine with an NVIDIA GPU (bench/gpu.sh runs it)
    .venv/bin/python bench/gpu_kernels.py --dry-run    # anywhere: lower + codegen + NVRTC for sm_90, no launch
    .venv/bin/python bench/gpu_kernels.py --json out.json --no-torch

The GPU version of bench/kernels.py.  For each of bench_softmax,
bench_softmax_manual, bench_layernorm and bench_elementwise (tests/corpus; feeds
recreated from meta.json's feed_recipe):

1. the program is fused, lowered, generated and compiled with NVRTC for the device
   (``compile_program(..., "cuda")``), and run by the interpreter with the CUDA
   jit_kernel hook (copies in and out); its outputs must match the interpreter's
   own numpy kernels (rtol 1e-4, atol 1e-5) and Paddle's output checks;
2. each compiled kernel is then timed on device-resident buffers: its inputs (the
   arrays the run above passed it) are copied once to several buffer sets (enough to
   exceed twice the L2 cache, so every launch reads from HBM), ``--launches``
   launches rotating over the sets are captured in one CUDA graph (no host launch
   overhead), and the graph's time is read with CUDA events; kernel time = the
   median over ``--trials`` graph launches / launches.  The first launch's outputs
   are copied back and compared with the run above;
3. effective bandwidth = bytes of the kernel's global input and output buffers /
   kernel time, against the device's peak (``--peak-tbps``, 4.8 TB/s for the H200's
   HBM3e; target 85%);
4. PyTorch eager on the same computation (if ``torch`` with CUDA is importable), on
   rotating inputs too: GPU time of a host-launched loop, and of the same loop
   replayed from a CUDA graph; its bandwidth counts the program's feeds and outputs
   (what an ideal fused kernel moves).

Without a GPU it prints "no CUDA device: nothing to measure" and exits 0.  The exit
status is 1 when a CUDA result differs from the interpreter's.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


from bench import run  # noqa: E402
from bench.kernels import WORKLOADS  # noqa: E402
from pirc.cinn.backend.jit_kernel import OP_NAME, kernel_node, symbol_sources, uninstall  # noqa: E402
from pirc.cinn.backend.launch import cuda_device_available, cuda_unavailable_reason, pack_args  # noqa: E402
from pirc.cinn.compiler import compile_program  # noqa: E402
from pirc.runtime import StandaloneExecutor  # noqa: E402
from pirc.runtime.compiled import register_compiled_kernel  # noqa: E402
from pirc.text.parser import parse_program  # noqa: E402

RTOL, ATOL = 1e-4, 1e-5


# ---------------------------------------------------------------------------------------------
# compiling: the host program's jit_kernel ops and their compiled kernels
# ---------------------------------------------------------------------------------------------


@dataclass
class KernelOp:
    op: Any  # the cinn_runtime.jit_kernel op in the host program
    fn_name: str
    compiled: Any  # CompiledModule
    kernel: Any  # DeviceKernel (loading the image waits for the first launch)
    sources: dict[str, tuple[int, int]]  # scalar argument -> (operand, axis)

    @property
    def meta(self) -> Any:
        return self.kernel.meta

    @property
    def info(self) -> Any:
        return self.kernel.info


@dataclass
class Workload:
    model: Any
    host: Any  # CompiledProgram
    kernels: list[KernelOp]
    compile_s: float
    row: dict[str, Any] = field(default_factory=dict)


def compile_workload(m: Any, arch: str | None) -> Workload:
    text = (m.dir / "program.pir").read_text()
    t0 = time.perf_counter()
    compiled = compile_program(parse_program(text, m.name), "cuda", arch=arch, progress=False)
    dt = time.perf_counter() - t0
    kernels = []
    for op in compiled.host.walk():
        if op.name != OP_NAME:
            continue
        node, fn = kernel_node(op)
        cm = compiled.factory._compiled[id(node)][1]  # compile_program filled it: nothing compiles here
        kernels.append(KernelOp(op, fn.name, cm, cm.kernel(fn.name), symbol_sources(op, fn)))
    return Workload(m, compiled, kernels, dt)


def resolve_env(k: KernelOp, inputs: list[Any], shape_of: Callable[[Any], tuple[int, ...]] = np.shape) -> Any:
    """The symbol environment of one launch, as the jit_kernel hook computes it."""
    symbols = {}
    for name, (operand, axis) in k.sources.items():
        x = inputs[operand]
        if axis == -1:
            symbols[name] = int(np.asarray(x).reshape(-1)[0])
        else:
            symbols[name] = int(shape_of(x)[axis])
    _, env = k.info.bind(inputs, symbols, shape_of=shape_of)
    return env


def static_env(k: KernelOp) -> Any:
    """The environment from the op's operand types (None when a dim or a value is only known at run time)."""
    shapes = []
    for o in k.op.operands:
        t = o.value.type if o.value is not None else None
        shape = tuple(getattr(t, "shape", ()) or ())
        if any(int(d) < 0 for d in shape):
            return None
        shapes.append(tuple(int(d) for d in shape))
    if any(axis == -1 for _, axis in k.sources.values()):
        return None
    try:
        return resolve_env(k, shapes, shape_of=lambda s: s)
    except Exception:  # noqa: BLE001
        return None


def buffer_bytes(k: KernelOp, env: Any) -> tuple[int, int]:
    """(bytes read, bytes written): the kernel's global input and output buffers (inout counted both ways)."""
    rd = wr = 0
    for a in k.meta.args:
        if not a.is_buffer:
            continue
        n = int(np.prod(k.info.shape(a, env), dtype=np.int64)) * np.dtype(a.device_dtype).itemsize
        if a.is_input:
            rd += n
        if a.is_output:
            wr += n
    return rd, wr


def dims_text(dims: tuple[int, int, int]) -> str:
    return "x".join(str(d) for d in dims)


# ---------------------------------------------------------------------------------------------
# the driver: device buffers, graphs, events
# ---------------------------------------------------------------------------------------------


class Gpu:
    def __init__(self) -> None:
        from pirc.cinn.backend.launch import CudaDriver

        self.cd = CudaDriver.get()
        self.d = d = self.cd.drv
        self.stream = self.check(d.cuStreamCreate(int(d.CUstream_flags.CU_STREAM_NON_BLOCKING)), "cuStreamCreate")
        attr = d.CUdevice_attribute
        self.l2 = int(self.check(d.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, self.cd.device),
                                 "L2 size"))
        self.sms = int(self.check(d.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                                                         self.cd.device), "SM count"))
        name = self.check(d.cuDeviceGetName(256, self.cd.device), "cuDeviceGetName")
        self.name = bytes(name).split(b"\0", 1)[0].decode(errors="replace")
        self.cc = self.cd.cc

    @staticmethod
    def check(res: Any, what: str) -> Any:
        from pirc.cinn.backend.launch import _check

        return _check(res, what)

    def event(self) -> Any:
        return self.check(self.d.cuEventCreate(int(self.d.CUevent_flags.CU_EVENT_DEFAULT)), "cuEventCreate")

    def dtod(self, dst: int, src: int, nbytes: int) -> None:
        if nbytes:
            self.check(self.d.cuMemcpyDtoD(self.d.CUdeviceptr(dst), self.d.CUdeviceptr(src), nbytes), "cuMemcpyDtoD")

    def sync(self) -> None:
        self.check(self.d.cuStreamSynchronize(self.stream), "cuStreamSynchronize")

    def time_ms(self, body: Callable[[], None], trials: int) -> list[float]:
        """GPU milliseconds of ``body()`` (enqueueing work on self.stream), once per trial."""
        d = self.d
        e0, e1 = self.event(), self.event()
        try:
            out = []
            for _ in range(trials):
                self.check(d.cuEventRecord(e0, self.stream), "cuEventRecord")
                body()
                self.check(d.cuEventRecord(e1, self.stream), "cuEventRecord")
                self.check(d.cuEventSynchronize(e1), "cuEventSynchronize")
                out.append(float(self.check(d.cuEventElapsedTime(e0, e1), "cuEventElapsedTime")))
            return out
        finally:
            d.cuEventDestroy(e0)
            d.cuEventDestroy(e1)

    def graph_of(self, body: Callable[[], None]) -> tuple[Any, Any]:
        """Capture ``body()``'s launches on self.stream into an instantiated graph: (graph, exec)."""
        d = self.d
        self.check(d.cuStreamBeginCapture(self.stream, d.CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_THREAD_LOCAL),
                   "cuStreamBeginCapture")
        try:
            body()
        finally:
            graph = self.check(d.cuStreamEndCapture(self.stream), "cuStreamEndCapture")
        return graph, self.check(d.cuGraphInstantiate(graph, 0), "cuGraphInstantiate")


def rotation_sets(set_bytes: int, l2: int, cap_bytes: int = 4 << 30) -> int:
    """Buffer sets to rotate over so that a set is out of L2 when it comes round again."""
    want = math.ceil(2 * max(l2, 1) / max(set_bytes, 1)) + 1
    return int(max(2, min(want, max(2, cap_bytes // max(set_bytes, 1)), 64)))


def measure_kernel(gpu: Gpu, k: KernelOp, inputs: list[np.ndarray], want: list[np.ndarray], launches: int,
                   trials: int) -> dict[str, Any]:
    """Time one kernel on device-resident buffers; check its first launch's outputs against ``want``."""
    from pirc.cinn.backend.module import _from_device_bytes, _prepare_input, _to_device_bytes
    from pirc.cinn.codegen.common import eval_int

    cd, d, meta, info = gpu.cd, gpu.d, k.meta, k.info
    env = resolve_env(k, inputs)
    grid, block = k.kernel.launch_dims(env)
    rd, wr = buffer_bytes(k, env)
    sizes = {a.index: int(np.prod(info.shape(a, env), dtype=np.int64)) * np.dtype(a.device_dtype).itemsize
             for a in meta.args if a.is_buffer}
    ws_sizes = [int(eval_int(w.nbytes, dict(env))) for w in meta.workspaces]
    nsets = rotation_sets(sum(sizes.values()) + sum(ws_sizes), gpu.l2)
    host_in = {a.index: np.ascontiguousarray(_to_device_bytes(a, _prepare_input(info, a, x, env)))
               for a, x in zip(meta.inputs, inputs)}
    fn = k.kernel.module.get_function(meta.symbol)
    allocs: list[int] = []
    packed: list[tuple[np.ndarray, np.ndarray]] = []
    sets: list[dict[int, int]] = []
    graph = gexec = None
    row: dict[str, Any] = {"symbol": meta.symbol, "grid": grid, "block": block, "bytes": rd + wr, "read": rd,
                           "written": wr, "sets": nsets}
    try:
        for s in range(nsets):
            ptrs: dict[int, int] = {}
            for a in meta.args:
                if not a.is_buffer:
                    continue
                p = cd.alloc(sizes[a.index])
                allocs.append(p)
                ptrs[a.index] = p
                if a.is_input:
                    if s == 0:
                        cd.htod(p, host_in[a.index])
                    else:
                        gpu.dtod(p, sets[0][a.index], sizes[a.index])
                else:
                    cd.memset0(p, sizes[a.index])
            ws = []
            for n in ws_sizes:
                p = cd.alloc(n)
                allocs.append(p)
                cd.memset0(p, n)
                ws.append(p)
            sets.append(ptrs)
            values = [ptrs[a.index] if a.is_buffer else env[a.var] for a in meta.args] + ws
            packed.append(pack_args(k.kernel._kinds, values))  # (params, slots): kept alive until freed
        cd.synchronize()

        def launch(s: int) -> None:
            params = packed[s][0]
            gpu.check(d.cuLaunchKernel(fn, int(grid[0]), int(grid[1]), int(grid[2]), int(block[0]), int(block[1]),
                                       int(block[2]), 0, gpu.stream, params.ctypes.data, 0), "cuLaunchKernel")

        # correctness of the device-resident launch (set 0)
        launch(0)
        gpu.sync()
        got = []
        for a in meta.outputs:
            raw = np.empty(info.shape(a, env), dtype=np.dtype(a.device_dtype))
            cd.dtoh(raw, sets[0][a.index])
            got.append(_from_device_bytes(a, raw))
        row["resident_ok"] = len(got) == len(want) and all(
            g.shape == np.shape(w) and np.allclose(g, w, rtol=RTOL, atol=ATOL, equal_nan=True)
            for g, w in zip(got, want))

        def body() -> None:
            for i in range(launches):
                launch(i % nsets)

        try:
            graph, gexec = gpu.graph_of(body)
            gpu.check(d.cuGraphLaunch(gexec, gpu.stream), "cuGraphLaunch")  # upload + warm-up
            gpu.sync()
            ts = gpu.time_ms(lambda: gpu.check(d.cuGraphLaunch(gexec, gpu.stream), "cuGraphLaunch"), trials)
            row["method"] = "graph"
        except Exception as e:  # noqa: BLE001 - fall back to host-launched loops
            row["method"] = f"loop (graph failed: {str(e).splitlines()[0][:60]})"
            body()
            gpu.sync()
            ts = gpu.time_ms(body, trials)
        per = [t / launches for t in ts]
        row["ms"] = statistics.median(per)
        row["ms_min"] = min(per)
        row["gbps"] = (rd + wr) / (row["ms"] / 1e3) / 1e9
        return row
    finally:
        try:
            gpu.sync()
        except Exception:  # noqa: BLE001
            pass
        if gexec is not None:
            d.cuGraphExecDestroy(gexec)
        if graph is not None:
            d.cuGraphDestroy(graph)
        for p in allocs:
            try:
                cd.free(p)
            except Exception:  # noqa: BLE001
                pass


def run_cuda_program(w: Workload) -> tuple[dict[str, np.ndarray], dict[int, tuple[list, list]]]:
    """The host program with the CUDA hook; records each jit_kernel's input and output arrays."""
    seen: dict[int, tuple[list, list]] = {}
    factory = w.host.factory

    def recording(op: Any) -> Any:
        fn = factory(op)

        def run(inputs: Any) -> Any:
            outs = fn(inputs)
            seen[id(op)] = ([np.array(x, copy=True) for x in inputs], [np.array(o, copy=True) for o in outs])
            return outs
        return run

    register_compiled_kernel(OP_NAME, recording, "device")
    try:
        with StandaloneExecutor(w.host.host, threads=1, params=w.model.params) as ex:
            out = ex.run(w.model.feeds)
    finally:
        uninstall()
    return out, seen


# ---------------------------------------------------------------------------------------------
# PyTorch eager
# ---------------------------------------------------------------------------------------------


def torch_programs(torch: Any) -> dict[str, Callable[..., Any]]:
    def softmax(x: Any) -> Any:
        return torch.softmax(x, dim=-1)

    def softmax_manual(x: Any) -> Any:
        e = torch.exp(x - torch.amax(x, dim=-1, keepdim=True))
        return e / torch.sum(e, dim=-1, keepdim=True)

    def layernorm(x: Any, gamma: Any, beta: Any) -> Any:
        c = x - torch.mean(x, dim=-1, keepdim=True)
        var = torch.mean(c * c, dim=-1, keepdim=True)
        return c * torch.rsqrt(var * 1.0 + 1e-5) * gamma + beta

    def elementwise(x: Any, y: Any) -> Any:
        return torch.sigmoid(torch.tanh(torch.relu(x * 2.0 + 1.0)) * y - x)

    return {"bench_softmax": softmax, "bench_softmax_manual": softmax_manual, "bench_layernorm": layernorm,
            "bench_elementwise": elementwise}


def load_torch() -> tuple[Any, str]:
    try:
        import torch
    except Exception as e:  # noqa: BLE001
        return None, f"PyTorch not available (import torch: {type(e).__name__}: {str(e).splitlines()[0][:80]})"
    if not torch.cuda.is_available():
        return None, f"PyTorch not available (torch {torch.__version__} sees no CUDA device)"
    return torch, f"torch {torch.__version__} (CUDA {torch.version.cuda})"


def measure_torch(torch: Any, fn: Callable[..., Any], feeds: dict[str, np.ndarray], order: list[str],
                  ref: np.ndarray, l2: int, launches: int, trials: int) -> dict[str, Any]:
    dev = torch.device("cuda")
    base = [torch.from_numpy(np.ascontiguousarray(feeds[n])).to(dev) for n in order]
    set_bytes = sum(t.numel() * t.element_size() for t in base) + ref.nbytes
    nsets = rotation_sets(set_bytes, l2)
    sets = [base] + [[t.clone() for t in base] for _ in range(nsets - 1)]
    out = fn(*base)
    torch.cuda.synchronize()
    res: dict[str, Any] = {"ok": bool(np.allclose(out.cpu().numpy(), ref, rtol=RTOL, atol=ATOL, equal_nan=True))}
    del out

    def body() -> None:
        for i in range(launches):
            fn(*sets[i % nsets])

    def timed(run: Callable[[], None]) -> float:
        ts = []
        for _ in range(trials):
            e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            e0.record()
            run()
            e1.record()
            e1.synchronize()
            ts.append(e0.elapsed_time(e1) / launches)
        return statistics.median(ts)

    body()
    torch.cuda.synchronize()
    res["ms"] = timed(body)
    try:
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            for _ in range(3):
                fn(*base)
        torch.cuda.current_stream().wait_stream(s)
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            body()
        g.replay()
        torch.cuda.synchronize()
        res["graph_ms"] = timed(g.replay)
        del g
    except Exception as e:  # noqa: BLE001
        res["graph_error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:80]}"
    sets.clear()
    base.clear()
    torch.cuda.empty_cache()
    return res


# ---------------------------------------------------------------------------------------------
# the two modes
# ---------------------------------------------------------------------------------------------


def kernel_table(title: str) -> Table:
    t = Table(title=title, title_justify="left")
    for col in ("workload", "kernel", "symbol", "grid", "block", "shared B", "workspaces", "read MB", "written MB",
                "image"):
        t.add_column(col, justify="left" if col in ("workload", "kernel", "symbol") else "right")
    return t


def dry_run(models: list[Any], arch: str, console: Console) -> int:
    from pirc.cinn.backend.nvrtc import nvrtc_available, nvrtc_identity

    if not nvrtc_available():
        console.print("NVRTC is not installed (nvidia-cuda-nvrtc): cannot compile CUDA kernels")
        return 1
    table = kernel_table(f"dry run: pirc's CUDA kernels for {arch} ({nvrtc_identity()}), compiled, not launched")
    for m in models:
        w = compile_workload(m, arch)
        uninstall()
        for k in w.kernels:
            env = static_env(k)
            if env is None:
                grid = block = "(run time)"
                rd = wr = None
            else:
                g, b = k.kernel.launch_dims(env)
                grid, block = dims_text(g), dims_text(b)
                rd, wr = buffer_bytes(k, env)
            ws = ", ".join(str(x.nbytes) for x in k.meta.workspaces) or "-"
            table.add_row(m.name, k.fn_name, k.meta.symbol, grid, block, str(k.meta.shared_bytes), ws,
                          "-" if rd is None else f"{rd / 1e6:.2f}", "-" if wr is None else f"{wr / 1e6:.2f}",
                          f"{k.compiled.kind} {len(k.compiled.image)} B")
        console.print(f"{m.name}: {len(w.kernels)} kernel(s) from {w.host.groups} group(s), compiled in "
                      f"{w.compile_s:.2f} s ({w.host.compiled} NVRTC compilation(s), the rest from the cache)")
    console.print(table)
    return 0


def measure(models: list[Any], args: argparse.Namespace, console: Console) -> tuple[int, dict[str, Any]]:
    gpu = Gpu()
    arch = args.arch  # None: the device's own (default_arch)
    peak_gbps = args.peak_tbps * 1e3
    torch, torch_note = (None, "PyTorch not available (--no-torch)") if args.no_torch else load_torch()
    console.print(f"device: {gpu.name}, sm_{gpu.cc[0]}{gpu.cc[1]}, {gpu.sms} SMs, L2 {gpu.l2 / 2**20:.0f} MiB; "
                  f"peak {args.peak_tbps} TB/s (target {args.target:.0%}); {torch_note}")
    programs = torch_programs(torch) if torch is not None else {}
    ktable = kernel_table("pirc's CUDA kernels")
    ktable.add_column("us", justify="right")
    ktable.add_column("GB/s", justify="right")
    ktable.add_column("timing", justify="left")
    results: dict[str, Any] = {"device": gpu.name, "cc": list(gpu.cc), "peak_tbps": args.peak_tbps,
                               "target": args.target, "torch": torch_note, "workloads": {}}
    failed = False
    for m in models:
        row: dict[str, Any] = {}
        text = (m.dir / "program.pir").read_text()
        feeds = m.feeds
        with StandaloneExecutor(parse_program(text, m.name), params=m.params) as ex:
            ref = ex.run(feeds)
        w = compile_workload(m, arch)
        row["compile_s"] = w.compile_s
        out, seen = run_cuda_program(w)
        row["cuda_ok"] = all(np.allclose(np.asarray(out[k]), np.asarray(v), rtol=RTOL, atol=ATOL, equal_nan=True)
                             for k, v in ref.items())
        row["paddle"] = m.check(out)
        krows = []
        for k in w.kernels:
            ins, outs = seen[id(k.op)]
            kr = measure_kernel(gpu, k, ins, outs, args.launches, args.trials)
            kr["fn_name"] = k.fn_name
            krows.append(kr)
            ktable.add_row(m.name, k.fn_name, kr["symbol"], dims_text(kr["grid"]), dims_text(kr["block"]),
                           str(k.meta.shared_bytes), str(len(k.meta.workspaces)), f"{kr['read'] / 1e6:.2f}",
                           f"{kr['written'] / 1e6:.2f}", f"{k.compiled.kind} {k.compiled.arch}",
                           f"{kr['ms'] * 1e3:.2f}", f"{kr['gbps']:.0f}",
                           f"{kr['method']}, {args.launches} launches over {kr['sets']} buffer sets")
        row["kernels"] = krows
        row["resident_ok"] = all(kr["resident_ok"] for kr in krows)
        row["bytes"] = sum(kr["bytes"] for kr in krows)
        row["ms"] = sum(kr["ms"] for kr in krows)
        row["gbps"] = row["bytes"] / (row["ms"] / 1e3) / 1e9 if row["ms"] > 0 else 0.0
        row["ideal_bytes"] = (sum(np.asarray(a).nbytes for a in feeds.values())
                              + sum(np.asarray(a).nbytes for a in ref.values()))
        fn = programs.get(m.name)
        if fn is not None:
            order = [r["name"] for r in m.meta["feed_recipe"]["order"]]
            fetch = next(iter(ref))  # one fetch each
            row["torch"] = measure_torch(torch, fn, feeds, order, np.asarray(ref[fetch]), gpu.l2, args.launches,
                                         args.trials)
        failed |= not (row["cuda_ok"] and row["resident_ok"])
        results["workloads"][m.name] = row

    table = Table(title=f"memory-bound workloads, 1024x4096 float32, on {gpu.name}: kernel time on device-resident "
                        f"buffers (median of {args.trials} x {args.launches} launches); peak {args.peak_tbps} TB/s",
                  title_justify="left")
    for col in ("workload", "kernels", "MB moved", "pirc us", "pirc GB/s", "% of peak", f">= {args.target:.0%}",
                "torch us", "torch graph us", "torch GB/s", "torch/pirc", "CUDA vs interp", "vs Paddle", "torch ok"):
        table.add_column(col, justify="left" if col == "workload" else "right")
    for name, r in results["workloads"].items():
        pct = r["gbps"] / peak_gbps
        t = r.get("torch")
        t_ms = None
        if t is not None:
            t_ms = t.get("graph_ms", t["ms"])
        table.add_row(
            name, str(len(r["kernels"])), f"{r['bytes'] / 1e6:.1f}", f"{r['ms'] * 1e3:.2f}", f"{r['gbps']:.0f}",
            f"{100 * pct:.0f}%", "yes" if pct >= args.target else "NO",
            f"{t['ms'] * 1e3:.2f}" if t else "-", f"{t['graph_ms'] * 1e3:.2f}" if t and "graph_ms" in t else "-",
            f"{r['ideal_bytes'] / (t_ms / 1e3) / 1e9:.0f}" if t_ms else "-",
            f"{t_ms / r['ms']:.2f}x" if t_ms else "-",
            ("ok" if r["cuda_ok"] else "DIFFERS") + ("" if r["resident_ok"] else " (resident launch DIFFERS)"),
            r["paddle"], ("ok" if t["ok"] else "DIFFERS") if t else "-")
    console.print(ktable)
    console.print(table)
    console.print("pirc GB/s: bytes of each kernel's global inputs and outputs / its time, summed over the "
                  "workload's kernels; torch GB/s: the program's feeds + outputs / torch's time (graph replay when "
                  "it worked, else the host-launched loop); torch/pirc > 1: pirc is faster.")
    if torch is None:
        console.print(torch_note)
    for name, r in results["workloads"].items():
        if r.get("torch", {}).get("graph_error"):
            console.print(f"{name}: torch graph capture failed: {r['torch']['graph_error']}")
    met = [n for n, r in results["workloads"].items() if r["gbps"] / peak_gbps >= args.target]
    console.print(f"target {args.target:.0%} of peak met by {len(met)}/{len(results['workloads'])}: "
                  f"{', '.join(met) or 'none'}")
    if failed:
        console.print("[bold red]CUDA results differ from the interpreter's[/]")
    return (1 if failed else 0), results


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dry-run", action="store_true", help="lower, generate and NVRTC-compile only (no GPU needed)")
    ap.add_argument("--arch", default=None, help="CUDA architecture (default: the device's; sm_90 for --dry-run)")
    ap.add_argument("--workloads", default=",".join(WORKLOADS), help="comma-separated corpus models")
    ap.add_argument("--launches", type=int, default=200, help="launches per timed CUDA graph")
    ap.add_argument("--trials", type=int, default=7, help="timed graph launches (the median is reported)")
    ap.add_argument("--peak-tbps", type=float, default=4.8, help="the device's peak memory bandwidth (H200: 4.8)")
    ap.add_argument("--target", type=float, default=0.85, help="target fraction of the peak")
    ap.add_argument("--no-torch", action="store_true")
    ap.add_argument("--json", default=None, help="also write the results here")
    args = ap.parse_args()
    console = Console(width=200)
    names = [n for n in args.workloads.split(",") if n]
    models = run.corpus_models(names, big=True)
    missing = set(names) - {m.name for m in models}
    if missing:
        console.print(f"not in tests/corpus: {', '.join(sorted(missing))}")
        return 2
    if args.dry_run:
        return dry_run(models, args.arch or "sm_90", console)
    if not cuda_device_available():
        console.print(f"no CUDA device: nothing to measure ({cuda_unavailable_reason()})")
        return 0
    rc, results = measure(models, args, console)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1, default=str))
    return rc


if __name__ == "__main__":
    sys.exit(main())
