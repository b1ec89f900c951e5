#!/usr/bin/env python
"""Whole-model speed: pirc's interpreter and ``--backend cinn`` against Paddle and the deployment peers.

The models come from Paddle's model zoo (``paddle.vision.models`` at 224x224, a BERT-base-sized
encoder from ``paddle.nn``, MobileNetV2 with a dynamic batch fed 4 images, and two small models:
MobileNetV2 x0.25 at 32x32 and a 2-layer 128-wide encoder) and from bench/zoo_archs.py, written with
``paddle.nn``: vit_tiny, gpt_decoder_small, gpt_decoder_kvcache (one decode step against a fed KV
cache), swin_tiny_block, unet_small, diffusion_unet_small, moe_transformer, dlrm_small,
speech_conformer_small, detection_head_small; random weights with a fixed seed.  They are
generated on demand into ``bench/.models/`` (git-ignored: ResNet-50's weights alone are 100 MB) by
bench/zoo_paddle.py, run with an interpreter that has paddlepaddle==3.3.1 (``--paddle-python``,
default ``$PADDLE_PYTHON``), which also times Paddle's executor and the peers on the same model.  pirc never imports Paddle.

Each pirc figure is a fresh ``pirc-run --repeat N`` process (so each decides its own threads, as a
user's run would) whose results are checked against Paddle's (rtol 1e-4, atol 1e-5 times the
largest output magnitude: float32 sums over fifty random-weight layers differ in their last bits); the table
gives warm medians in ms and, for ``--backend cinn``, the seconds a process spends compiling with a
warm kernel cache.  Paddle's executor is timed in the same run (bench/zoo_paddle.py --bench, a
subprocess with the Paddle interpreter), and the columns are interleaved: ``--rounds R`` times
Paddle, interp, cinn (per checkout) in turn, and the table gives each column's median over the
rounds with the ratios Paddle/cinn and interp/cinn (above 1: cinn is faster); ``--onnx`` times ONNX
Runtime in the Paddle subprocess of every round, with cinn/onnxrt (below 2: within 2x).  ``--peers``
times three deployment peers there, each on as many threads as pirc (``--threads``, default the cores
the process may use): ONNX Runtime (with its cold start, session creation + first run: ``ort cold
s``), Paddle Inference with oneDNN (``pd-onednn``) and OpenVINO on paddle2onnx's model; a peer that
fails, crashes or differs from Paddle shows why instead of a time.  ``cinn/best`` is cinn over the
fastest peer, and a last line gives the geometric means over the models of cinn/best and interp/cinn
(``--json`` writes ``{"rows": [...], "geomean": {...}}``).  ``--xla`` adds XLA:
bench/xla_models.py expresses the same program in JAX (jax.jit of the whole program, a fresh process
per round, checked against Paddle's outputs) and gives its warm median and its cold compile, next to
cinn's cold process.

    .venv/bin/python bench/models.py --models shufflenet_v2_x1_0,mobilenet_v3_small
    .venv/bin/python bench/models.py --models resnet50 --repeat 5 --paddle-python PATH/TO/python
    .venv/bin/python bench/models.py --models squeezenet1_1 --pirc-root OTHER_CHECKOUT   # another pirc
    .venv/bin/python bench/models.py --models mobilenet_v2 --baseline OTHER_CHECKOUT --rounds 5   # before/after
    .venv/bin/python bench/models.py --models mobilenet_v2,bert_base_encoder --xla --onnx   # XLA, ONNX Runtime
    .venv/bin/python bench/models.py --models vit_tiny,dlrm_small --peers --json out/models.json   # all peers

On a shared machine compare columns of one run (ratios), not runs; ``--cpu`` adds the CPU ms per warm
run of interp and cinn (every thread of the process, medians over the rounds), which a neighbour's load
disturbs far less than the wall time.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.xla_models import measure_in_fresh_process  # imports no jax

MODELS_DIR = ROOT / "bench" / ".models"
ZOO = ["resnet50", "mobilenet_v2", "mobilenet_v3_small", "shufflenet_v2_x1_0", "squeezenet1_1", "densenet121",
       "googlenet", "vgg11", "bert_base_encoder", "mobilenet_v2_dynbatch", "mobilenet_v2_x0_25_32", "encoder_small",
       # beyond paddle.vision (bench/zoo_archs.py; issue 27's broad model set)
       "vit_tiny", "gpt_decoder_small", "gpt_decoder_kvcache", "swin_tiny_block", "unet_small", "diffusion_unet_small",
       "moe_transformer", "dlrm_small", "speech_conformer_small", "detection_head_small"]
#: --threads: pirc's thread budget (PIRC_NUM_THREADS) and every peer's threads; 0: the cores the process may use
THREADS = 0
#: --peers: the deployment peers, (the row's key, the column's title); cinn/best is cinn over the fastest of them
PEERS = [("onnxruntime_ms", "onnxrt"), ("paddle_inference_ms", "pd-onednn"), ("openvino_ms", "openvino")]
#: what bench/zoo_paddle.py --bench reports, kept per round
PADDLE_KEYS = ("paddle_ms", "onnxruntime_ms", "onnxruntime_cold_s", "paddle_inference_ms", "paddle_inference_cold_s",
               "openvino_ms", "openvino_cold_s")
RUN = ("import sys; sys.argv[0] = 'pirc-run'; from pirc.cli.run import run_command; run_command()")
#: --cpu: CPU time per warm run (every thread of the process), which a busy machine disturbs far less than
#: the wall time: a process at a lower priority than a neighbour gets a varying share of the cores
CPU = """
import resource, sys
import pirc  # first: it sets OpenBLAS's idle-spin time, read when numpy loads OpenBLAS
import numpy as np
import pirc.dialects.all
from pirc.api import parse
from pirc.runtime.executor import StandaloneExecutor
d, backend, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
prog = parse(open(d + "/program.pir").read())
params = dict(np.load(d + "/params.npz"))
feeds = dict(np.load(d + "/feeds.npz"))
if backend == "cinn":
    from pirc.cinn.compiler import compile_program
    compile_program(prog, "c", params=params)
import inspect
# as pirc-run: the AOT host program when every op is covered (a checkout without it: the interpreter)
kw = {"aot": None} if backend == "cinn" and "aot" in inspect.signature(StandaloneExecutor).parameters else {}
with StandaloneExecutor(prog, threads=0, params=params, **kw) as ex:
    ex.run(feeds)
    r0 = resource.getrusage(resource.RUSAGE_SELF)
    for _ in range(n):
        ex.run(feeds)
    r1 = resource.getrusage(resource.RUSAGE_SELF)
print(f"cpu_ms={(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) / n * 1e3:.3f}")
"""


def generate(names: list[str], paddle_python: str, repeat: int) -> None:
    missing = [n for n in names if not (MODELS_DIR / n / "program.pir").exists()]
    if not missing:
        return
    if not paddle_python:
        sys.exit(f"models {', '.join(missing)} are not generated; pass --paddle-python (an interpreter with "
                 "paddlepaddle==3.3.1)")
    subprocess.run([paddle_python, str(ROOT / "bench" / "zoo_paddle.py"), "--out", str(MODELS_DIR), "--only",
                    ",".join(missing), "--time", str(repeat)], check=True)


def pirc_run(d: Path, backend: str, repeat: int, root: Path, cache: Path) -> tuple[float | str, float]:
    """(warm median ms or an error, process wall seconds)."""
    env = dict(os.environ, PYTHONPATH=str(root), PIRC_CACHE_DIR=str(cache))
    if THREADS:
        env["PIRC_NUM_THREADS"] = str(THREADS)
    import numpy as np

    with np.load(d / "outputs.npz") as z:  # random weights: ResNet-50's logits reach 1e4
        scale = max(float(np.abs(z[k]).max()) for k in z.files)
    cmd = [sys.executable, "-c", RUN, str(d / "program.pir"), "--params", str(d / "params.npz"), "--feed",
           str(d / "feeds.npz"), "--backend", backend, "--repeat", str(repeat), "--expect", str(d / "outputs.npz"),
           "--rtol", "1e-4", "--atol", f"{max(1e-5, 1e-5 * scale):g}",
           "-o", str(cache / "out.npz")]
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=root, check=False)  # cwd: `-c` puts it first
    wall = time.perf_counter() - t0
    m = re.search(r"median_ms=([0-9.]+)", p.stderr)
    if p.returncode != 0 or m is None:
        last = (p.stderr.strip().splitlines() or ["?"])[-1]
        return f"failed: {last[:60]}", wall
    return float(m.group(1)), wall


def pirc_cpu(d: Path, backend: str, repeat: int, root: Path, cache: Path) -> float | str:
    """CPU ms per warm run of ``backend`` (all threads; the thread policy pirc-run would choose)."""
    env = dict(os.environ, PYTHONPATH=str(root), PIRC_CACHE_DIR=str(cache))
    if THREADS:
        env["PIRC_NUM_THREADS"] = str(THREADS)
    p = subprocess.run([sys.executable, "-c", CPU, str(d), backend, str(max(repeat, 1))], capture_output=True,
                       text=True, env=env, cwd=root, check=False)
    m = re.search(r"cpu_ms=([0-9.]+)", p.stdout)
    if p.returncode != 0 or m is None:
        return f"failed: {(p.stderr.strip().splitlines() or ['?'])[-1][:40]}"
    return float(m.group(1))


def paddle_bench(name: str, paddle_python: str, repeat: int, onnx: bool, peers: bool = False,
                 threads: int = 0) -> dict[str, float | str]:
    """Paddle's executor (and ONNX Runtime, or all the peers) on the model, timed now by bench/zoo_paddle.py
    --bench on ``threads`` threads (0: the cores the process may use)."""
    cmd = [paddle_python, str(ROOT / "bench" / "zoo_paddle.py"), "--out", str(MODELS_DIR), "--only", name,
           "--bench", str(repeat), "--threads", str(threads)] + (["--onnx"] if onnx else []) + \
          (["--peers"] if peers else [])
    p = subprocess.run(cmd, capture_output=True, text=True, errors="replace", check=False)
    last = (p.stderr.strip().splitlines() or [f"exit {p.returncode}"])[-1].strip()
    for line in reversed(p.stdout.splitlines()):
        if line.startswith("{"):
            got = json.loads(line)
            dead = got.pop("running", None)
            if dead:  # that peer took the process down (a native abort): it and the peers after it say so
                got[dead] = f"crashed (exit {p.returncode}: {last[:40]})"
                for k in ["onnxruntime_ms"] + (["openvino_ms", "paddle_inference_ms"] if peers else []):
                    got.setdefault(k, f"not run ({dead[:-3]} crashed)")
            return got
    return {"paddle_ms": f"failed: {last[:40]}"}


def _median(xs: list[float | str] | None) -> float | str | None:
    """The median of the numbers, else the first error (None when there are no samples)."""
    if not xs:
        return None
    nums = sorted(x for x in xs if isinstance(x, float))
    return nums[len(nums) // 2] if len(nums) % 2 else (nums[len(nums) // 2 - 1] + nums[len(nums) // 2]) / 2 \
        if nums else xs[0]


def _geomean(xs: list[float]) -> float | None:
    import math

    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def main(argv: list[str] | None = None) -> int:
    global THREADS
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", default=",".join(ZOO))
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--paddle-python", default=os.environ.get("PADDLE_PYTHON", ""))
    ap.add_argument("--pirc-root", type=Path, default=ROOT, help="the pirc checkout to measure (default: this one)")
    ap.add_argument("--baseline", type=Path, help="another pirc checkout, measured model by model in the same run "
                                                  "(before/after ratios)")
    ap.add_argument("--cache", type=Path, default=MODELS_DIR / ".cache", help="kernel cache folder")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--rounds", type=int, default=3,
                    help="interleaved rounds per model (Paddle, interp, cinn, ... again): medians over them")
    ap.add_argument("--no-paddle", action="store_true", help="do not time Paddle now (use paddle.json's figures)")
    ap.add_argument("--onnx", action="store_true", help="time ONNX Runtime too (every round; paddle2onnx export)")
    ap.add_argument("--peers", action="store_true",
                    help="time the deployment peers (every round): ONNX Runtime, Paddle Inference with oneDNN and "
                         "OpenVINO (on paddle2onnx's model), each on as many threads as pirc, with ONNX Runtime's "
                         "cold start; cinn/best is cinn over the fastest peer")
    ap.add_argument("--threads", type=int, default=0,
                    help="threads of pirc (PIRC_NUM_THREADS) and of every peer (default 0: the cores the process "
                         "may use)")
    ap.add_argument("--xla", action="store_true",
                    help="XLA too (bench/xla_models.py: the program in JAX, jax.jit, a fresh process per round; needs "
                         "jax in this interpreter): its warm median and its cold compile (trace + compile + first run)")
    ap.add_argument("--cpu", action="store_true",
                    help="also the CPU ms per warm run of interp and cinn (all threads; medians over the rounds): "
                         "a busy machine disturbs it far less than the wall time")
    a = ap.parse_args(argv)
    THREADS = a.threads
    names = a.models.split(",")
    unknown = [n for n in names if n not in ZOO]
    if unknown:
        ap.error(f"unknown models {unknown}; known: {', '.join(ZOO)}")
    generate(names, a.paddle_python, a.repeat)
    import hashlib

    roots = [("", a.pirc_root.resolve())] + ([("baseline ", a.baseline.resolve())] if a.baseline else [])
    for _, root in roots:  # each measurement must import the checkout it names
        got = subprocess.run([sys.executable, "-c", "import pirc; print(pirc.__file__)"], capture_output=True,
                             text=True, env=dict(os.environ, PYTHONPATH=str(root)), cwd=root, check=False).stdout.strip()
        if not got.startswith(str(root)):
            sys.exit(f"{root}: the subprocess imports pirc from {got!r}")
    caches = {}
    for _, root in roots:  # one kernel cache per checkout
        caches[root] = a.cache / hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:12]
        caches[root].mkdir(parents=True, exist_ok=True)
    rows = []
    print(f"{'model':33} {'paddle':>9} {'onnxrt':>9} {'pd-onednn':>9} {'openvino':>9} {'xla':>9} {'interp':>9} "
          f"{'cinn':>9} {'paddle/cinn':>11} {'interp/cinn':>11} {'xla/cinn':>9} {'cinn/onnxrt':>11} {'cinn/best':>9} "
          f"{'cinn cold s':>11} {'cinn warm s':>11} {'ort cold s':>10} {'xla cold s':>10}   "
          f"(warm medians over {a.rounds} interleaved rounds, ms; cold/warm: seconds of a whole process, "
          "ort cold: session + first run, xla cold: trace + compile + first run; best: the fastest of onnxrt, "
          "pd-onednn, openvino)", flush=True)

    notes: list[str] = []  # a cell that is not a figure: its first word in the table, the whole text below it

    def f(x: object) -> str:
        if isinstance(x, float):
            return f"{x:9.2f}" if x < 10 else f"{x:9.1f}"
        text = str(x or "-")
        if len(text) > 9:
            notes.append(text)
            text = f"{text.split()[0][:6]}[{len(notes)}]"
        return f"{text:>9}"

    def ratio(x: object, y: object) -> str:
        return f"{x / y:11.2f}" if isinstance(x, float) and isinstance(y, float) and y > 0 else f"{'-':>11}"

    for n in names:
        d = MODELS_DIR / n
        ref = json.loads((d / "paddle.json").read_text()) if (d / "paddle.json").exists() else {}
        samples: dict[tuple[str, str], list[float | str]] = {}
        process: dict[str, tuple[float, float]] = {}
        for r in range(a.rounds):  # interleaved: every column sees the same machine load
            if a.paddle_python and not a.no_paddle:
                got = paddle_bench(n, a.paddle_python, a.repeat, onnx=a.onnx, peers=a.peers, threads=a.threads)
                for k in PADDLE_KEYS:
                    if k in got:
                        samples.setdefault(("paddle", k), []).append(got[k])
            if a.xla:
                got = measure_in_fresh_process(d, a.repeat)
                samples.setdefault(("paddle", "xla_ms"), []).append(
                    got["warm_ms"] if got.get("ok") else got.get("status", "failed"))
                if got.get("ok"):
                    samples.setdefault(("paddle", "xla_cold_s"), []).append(got["cold_s"])
            for tag, root in roots:
                cache = caches[root]
                if r == 0:
                    _, cold = pirc_run(d, "cinn", 0, root, cache)  # compiles what the cache lacks
                    _, warm = pirc_run(d, "cinn", 0, root, cache)  # a whole process, kernels cached
                    process[tag] = (cold, warm)
                for backend in ("interp", "cinn"):
                    samples.setdefault((tag, backend), []).append(pirc_run(d, backend, a.repeat, root, cache)[0])
                    if a.cpu:
                        samples.setdefault((tag, backend + "_cpu"), []).append(
                            pirc_cpu(d, backend, a.repeat, root, cache))
        paddle = _median(samples.get(("paddle", "paddle_ms"))) or ref.get("paddle_ms")
        onnx = _median(samples.get(("paddle", "onnxruntime_ms"))) or ref.get("onnxruntime_ms")
        pdinf, ov = _median(samples.get(("paddle", "paddle_inference_ms"))), _median(samples.get(("paddle", "openvino_ms")))
        ort_cold = _median(samples.get(("paddle", "onnxruntime_cold_s")))
        peer_ms = {"onnxruntime_ms": onnx, "paddle_inference_ms": pdinf, "openvino_ms": ov}
        timed = {k: v for k, v in peer_ms.items() if isinstance(v, float)}
        best_peer = min(timed, key=timed.get) if timed else None
        best = timed[best_peer] if best_peer else None
        xla, xla_cold = _median(samples.get(("paddle", "xla_ms"))), _median(samples.get(("paddle", "xla_cold_s")))
        for tag, root in roots:
            interp, cinn = _median(samples[(tag, "interp")]), _median(samples[(tag, "cinn")])
            cold, warm = process[tag]
            row = {"model": n, "checkout": str(root), "paddle_ms": paddle, "onnxruntime_ms": onnx,
                   "onnxruntime_cold_s": ort_cold, "paddle_inference_ms": pdinf,
                   "paddle_inference_cold_s": _median(samples.get(("paddle", "paddle_inference_cold_s"))),
                   "openvino_ms": ov, "openvino_cold_s": _median(samples.get(("paddle", "openvino_cold_s"))),
                   "best_peer": best_peer, "best_peer_ms": best,
                   "cinn_over_best": cinn / best if isinstance(cinn, float) and best else None,
                   "interp_over_cinn": interp / cinn if isinstance(interp, float) and isinstance(cinn, float) and cinn
                   else None, "xla_ms": xla, "xla_cold_s": xla_cold, "interp_ms": interp,
                   "cinn_ms": cinn, "cinn_first_process_s": cold, "cinn_warm_process_s": warm,
                   "samples": {b: v for (t, b), v in samples.items() if t in ("paddle", tag)}}
            cpu = ""
            if a.cpu:
                icpu, ccpu = _median(samples[(tag, "interp_cpu")]), _median(samples[(tag, "cinn_cpu")])
                row.update(interp_cpu_ms=icpu, cinn_cpu_ms=ccpu)
                cpu = f"   cpu ms/run: interp {f(icpu)} cinn {f(ccpu)} {ratio(icpu, ccpu)}"
            rows.append(row)
            xc = f"{xla_cold:10.1f}" if isinstance(xla_cold, float) else f"{'-':>10}"
            oc = f"{ort_cold:10.2f}" if isinstance(ort_cold, float) else f"{'-':>10}"
            print(f"{tag + n:33} {f(paddle)} {f(onnx)} {f(pdinf)} {f(ov)} {f(xla)} {f(interp)} {f(cinn)} "
                  f"{ratio(paddle, cinn)} {ratio(interp, cinn)} {ratio(xla, cinn)[2:]} {ratio(cinn, onnx)} "
                  f"{ratio(cinn, best)[2:]} {cold:11.1f} {warm:11.1f} {oc} {xc}{cpu}", flush=True)
    for k, text in enumerate(notes, 1):
        print(f"[{k}] {text}")
    summary = {}
    for tag, root in roots:  # geometric means over the models where both figures are numbers
        mine = [r for r in rows if r["checkout"] == str(root)]
        cb = [r["cinn_over_best"] for r in mine if r["cinn_over_best"]]
        ic = [r["interp_over_cinn"] for r in mine if r["interp_over_cinn"]]
        summary[tag + "geomean"] = {"cinn_over_best": _geomean(cb), "cinn_over_best_models": len(cb),
                                    "interp_over_cinn": _geomean(ic), "interp_over_cinn_models": len(ic)}
        g = summary[tag + "geomean"]
        print(f"{tag}geomean over models: cinn/best "
              + (f"{g['cinn_over_best']:.2f} ({len(cb)} models)" if cb else "- (no model with a timed peer and cinn)")
              + ", interp/cinn " + (f"{g['interp_over_cinn']:.2f} ({len(ic)} models)" if ic else "-"), flush=True)
    if a.json:
        a.json.write_text(json.dumps({"rows": rows, **summary}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
