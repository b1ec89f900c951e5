#!/usr/bin/env python
"""The Paddle side of bench/models.py: build model-zoo networks, save them, time Paddle and the deployment peers.

Run with an interpreter that has paddlepaddle==3.3.1 (and, for the peers, paddle2onnx, onnxruntime and
openvino); bench/models.py starts it as a subprocess, pirc itself never imports Paddle:

    python bench/zoo_paddle.py --out bench/.models --only resnet50,mobilenet_v2
    python bench/zoo_paddle.py --out bench/.models --only resnet50 --time 10 --threads 2
    python bench/zoo_paddle.py --out bench/.models --only resnet50 --bench 10 --onnx   # time only
    python bench/zoo_paddle.py --out bench/.models --only vit_tiny --bench 10 --peers  # every peer

For each model it writes ``OUT/<name>/``: ``program.pir`` (the printed inference program, as
Paddle loads it back), ``params.npz``, ``feeds.npz``, ``outputs.npz`` (Paddle's executor on the
feeds), ``meta.json`` and ``paddle/model.*`` (Paddle's inference model, for ``--bench``); with
``--time N`` also ``paddle.json``: warm medians (ms) of Paddle's executor and, when it can be
exported, ONNX Runtime on the same model.  Weights are random
(fixed seeds) with batch-norm statistics re-drawn so that every parameter carries information.
The models: ``paddle.vision.models``, two encoders from ``paddle.nn`` and the architectures of
bench/zoo_archs.py (ViT, GPT decoder and KV-cache step, Swin, UNets, MoE, DLRM, Conformer, FPN head).

``--bench N --peers`` times, besides Paddle's executor, three deployment peers on ``--threads``
threads (default: the cores this process may use, as pirc): ONNX Runtime and OpenVINO (CPU plugin,
latency hint, float32 precision) on paddle2onnx's export (opset 13, in a subprocess: paddle2onnx ends
the process on an operator it cannot convert), and Paddle Inference with oneDNN (IR optimisation on).
Each gives its warm median (ms) and its cold start (``*_cold_s``: session / predictor creation + the
first run), its outputs checked against Paddle's executor (rtol 1e-3, atol 1e-3); a peer that fails or
differs gives a short reason instead of a time.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

os.environ.setdefault("GLOG_minloglevel", "2")
os.environ.setdefault("FLAGS_call_stack_level", "0")
warnings.filterwarnings("ignore")

import numpy as np
import paddle
from paddle import nn

sys.path.insert(0, str(Path(__file__).resolve().parent))
import zoo_archs as A  # the architectures beyond paddle.vision (after the path above)

paddle.enable_static()

IMAGE = [3, 224, 224]


class BertEncoder(nn.Layer):
    """A BERT-base-sized encoder: token + position embeddings, LayerNorm, 12 post-norm layers
    (768 wide, 12 heads, 3072 FFN, gelu), dropout 0 (inference)."""

    def __init__(self, vocab: int = 30522, hidden: int = 768, layers: int = 12, heads: int = 12,
                 ffn: int = 3072, max_len: int = 512) -> None:
        super().__init__()
        self.tok = nn.Embedding(vocab, hidden)
        self.pos = nn.Embedding(max_len, hidden)
        self.norm = nn.LayerNorm(hidden)
        layer = nn.TransformerEncoderLayer(hidden, heads, ffn, dropout=0.0, activation="gelu")
        self.encoder = nn.TransformerEncoder(layer, layers)

    def forward(self, ids, pos):
        return self.encoder(self.norm(self.tok(ids) + self.pos(pos)))


class SmallEncoder(nn.Layer):
    """A small transformer encoder (2 post-norm layers, 128 wide, 4 heads, 512 FFN, gelu) on float
    inputs of [1, 32, 128]: the size of the issue's "transformer encoder layer (small)" row."""

    def __init__(self, hidden: int = 128, layers: int = 2, heads: int = 4, ffn: int = 512) -> None:
        super().__init__()
        layer = nn.TransformerEncoderLayer(hidden, heads, ffn, dropout=0.0, activation="gelu")
        self.encoder = nn.TransformerEncoder(layer, layers)

    def forward(self, x):
        return self.encoder(x)


def _vision(name: str, **kw):
    import paddle.vision.models as M

    return getattr(M, name)(**kw)


def _ints(high: int, value: int | None = None):
    """A feed of int64 ids below ``high`` (or all equal to ``value``)."""
    def draw(rng: np.random.RandomState, shape: list[int]) -> np.ndarray:
        return np.full(shape, value, np.int64) if value is not None else rng.randint(0, high, shape).astype(np.int64)
    return draw


def _timestep(rng: np.random.RandomState, shape: list[int]) -> np.ndarray:
    return np.full(shape, 500.0, np.float32)


F32 = "float32"
#: gpt_decoder_kvcache: the decode step's cache length (the new token is position T)
KV_T, KV_LAYERS, KV_HEADS, KV_DH = 127, 6, 6, 64

# name -> (build(): layer, feeds: {name: (declared shape, fed shape, dtype[, draw(rng, shape)])})
MODELS = {
    "resnet50": (lambda: _vision("resnet50"), {"x": ([1] + IMAGE, [1] + IMAGE, "float32")}),
    "mobilenet_v2": (lambda: _vision("mobilenet_v2"), {"x": ([1] + IMAGE, [1] + IMAGE, "float32")}),
    "mobilenet_v3_small": (lambda: _vision("mobilenet_v3_small"), {"x": ([1] + IMAGE, [1] + IMAGE, "float32")}),
    "shufflenet_v2_x1_0": (lambda: _vision("shufflenet_v2_x1_0"), {"x": ([1] + IMAGE, [1] + IMAGE, "float32")}),
    "squeezenet1_1": (lambda: _vision("squeezenet1_1"), {"x": ([1] + IMAGE, [1] + IMAGE, "float32")}),
    "densenet121": (lambda: _vision("densenet121"), {"x": ([1] + IMAGE, [1] + IMAGE, "float32")}),
    "googlenet": (lambda: _vision("googlenet"), {"x": ([1] + IMAGE, [1] + IMAGE, "float32")}),
    "vgg11": (lambda: _vision("vgg11"), {"x": ([1] + IMAGE, [1] + IMAGE, "float32")}),
    "mobilenet_v2_dynbatch": (lambda: _vision("mobilenet_v2"),
                              {"x": ([-1] + IMAGE, [4] + IMAGE, "float32")}),
    # small models, where per-op overhead decides (the "MobileNetV2 x0.25, 32x32" row)
    "mobilenet_v2_x0_25_32": (lambda: _vision("mobilenet_v2", scale=0.25), {"x": ([1, 3, 32, 32], [1, 3, 32, 32], "float32")}),
    "encoder_small": (SmallEncoder, {"x": ([1, 32, 128], [1, 32, 128], "float32")}),
    "bert_base_encoder": (BertEncoder, {"ids": ([1, 128], [1, 128], "int64"),
                                        "pos": ([1, 128], [1, 128], "int64")}),
    # beyond paddle.vision (bench/zoo_archs.py; issue 27's broad model set)
    "vit_tiny": (lambda: A.ViT(), {"x": ([1] + IMAGE, [1] + IMAGE, F32)}),
    "gpt_decoder_small": (lambda: A.GPTDecoder(), {"ids": ([1, 128], [1, 128], "int64", _ints(8192)),
                                                   "pos": ([1, 128], [1, 128], "int64")}),
    "gpt_decoder_kvcache": (lambda: A.GPTDecodeStep(), {
        "ids": ([1, 1], [1, 1], "int64", _ints(8192)), "pos": ([1, 1], [1, 1], "int64", _ints(0, KV_T)),
        "k_cache": ([KV_LAYERS, 1, KV_HEADS, KV_T, KV_DH], [KV_LAYERS, 1, KV_HEADS, KV_T, KV_DH], F32),
        "v_cache": ([KV_LAYERS, 1, KV_HEADS, KV_T, KV_DH], [KV_LAYERS, 1, KV_HEADS, KV_T, KV_DH], F32)}),
    "swin_tiny_block": (lambda: A.SwinSmall(), {"x": ([1] + IMAGE, [1] + IMAGE, F32)}),
    "unet_small": (lambda: A.UNet(), {"x": ([1, 3, 128, 128], [1, 3, 128, 128], F32)}),
    "diffusion_unet_small": (lambda: A.DiffusionUNet(), {"x": ([1, 4, 32, 32], [1, 4, 32, 32], F32),
                                                         "t": ([1], [1], F32, _timestep)}),
    "moe_transformer": (lambda: A.MoELayer(), {"x": ([1, 64, 256], [1, 64, 256], F32)}),
    "dlrm_small": (lambda: A.DLRM(), {"dense": ([64, 13], [64, 13], F32),
                                      **{f"sparse_{i}": ([64], [64], "int64", _ints(n))
                                         for i, n in enumerate(A.DLRM_TABLES)}}),
    "speech_conformer_small": (lambda: A.Conformer(), {"x": ([1, 200, 80], [1, 200, 80], F32)}),
    "detection_head_small": (lambda: A.DetectionHead(), {"x": ([1, 3, 256, 256], [1, 3, 256, 256], F32)}),
}
#: models whose every output is fetched (GoogLeNet's auxiliary heads are not: its first output only)
MULTI_OUTPUT = {"gpt_decoder_kvcache"}


def _feed(rng: np.random.RandomState, name: str, shape: list[int], dtype: str, draw=None) -> np.ndarray:
    if draw is not None:
        return draw(rng, shape)
    if dtype == "int64":
        if name == "pos":
            return np.broadcast_to(np.arange(shape[-1], dtype=np.int64), shape).copy()
        return rng.randint(0, 30522, shape).astype(np.int64)
    return rng.standard_normal(shape).astype(dtype)


def _perturb(main: paddle.static.Program, scope: paddle.static.Scope, rng: np.random.RandomState) -> None:
    """Re-draw parameters initialised to a constant (biases, norm scales, BN statistics)."""
    names = sorted({op.attrs()["parameter_name"] for op in main.global_block().ops
                    if op.name() == "builtin.parameter"})
    for n in names:
        t = scope.find_var(n).get_tensor()
        a = np.array(t)
        if a.size and np.issubdtype(a.dtype, np.floating) and np.all(a == a.flat[0]):
            a = (rng.uniform(0.5, 1.5, a.shape) if a.flat[0] == 1.0 else a + rng.standard_normal(a.shape) * 0.1)
            t.set(a.astype(np.float32), paddle.CPUPlace())


def _median_ms(fn, n: int) -> float:
    fn()
    ts = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts) * 1e3


def generate(name: str, out: Path, repeat: int, threads: int = 0) -> None:
    build, feed_specs = MODELS[name]
    seed = 1234
    paddle.seed(seed)
    rng = np.random.RandomState(seed)
    scope = paddle.static.Scope()
    d = out / name
    d.mkdir(parents=True, exist_ok=True)
    with paddle.utils.unique_name.guard(), paddle.static.scope_guard(scope):
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            net = build()
            net.eval()
            xs = [paddle.static.data(k, spec[0], spec[2]) for k, spec in feed_specs.items()]
            y = net(*xs)
            ys = list(y) if isinstance(y, (tuple, list)) else [y]
            if name not in MULTI_OUTPUT:  # GoogLeNet returns its auxiliary heads too: the main one
                ys = ys[:1]
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        _perturb(main, scope, np.random.RandomState(seed + 1))
        feeds = {k: _feed(rng, k, spec[1], spec[2], *spec[3:]) for k, spec in feed_specs.items()}
        with tempfile.TemporaryDirectory() as td:
            prefix = os.path.join(td, "model")
            paddle.static.save_inference_model(prefix, xs, ys, exe, program=main)
            (d / "paddle").mkdir(exist_ok=True)  # for --bench: Paddle's own files of the model
            paddle.static.save_inference_model(str(d / "paddle" / "model"), xs, ys, exe, program=main)
            prog, _, fetch_targets = paddle.static.load_inference_model(prefix, exe)
            text = str(prog)
            params = {op.attrs()["parameter_name"]: None for op in prog.global_block().ops
                      if op.name() == "builtin.parameter"}
            params = {p: np.array(scope.find_var(p).get_tensor()) for p in sorted(params)}
            fetch = [op.attrs()["name"] for op in prog.global_block().ops if op.name() == "pd_op.fetch"]
            outs = exe.run(prog, feed=feeds, fetch_list=fetch_targets)
            timing: dict[str, float | str] = {}
            if repeat:
                timing["paddle_ms"] = _median_ms(lambda: exe.run(prog, feed=feeds, fetch_list=fetch_targets),
                                                 repeat)
                path = _export_onnx(prefix, td)
                timing["onnxruntime_ms"] = (_ort(path, feeds, [np.asarray(o) for o in outs], repeat, threads or _cores())[0]
                                            if not path.startswith("n/a") else path)
    (d / "program.pir").write_text(text, encoding="utf-8")
    np.savez(d / "params.npz", **params)
    np.savez(d / "feeds.npz", **feeds)
    np.savez(d / "outputs.npz", **{k: np.asarray(o) for k, o in zip(fetch, outs)})
    meta = {"name": name, "paddle_version": paddle.__version__, "feeds": {k: list(v.shape) for k, v in feeds.items()},
            "ops": len(prog.global_block().ops), "parameters": len(params)}
    (d / "meta.json").write_text(json.dumps(meta, indent=1))
    if repeat:
        (d / "paddle.json").write_text(json.dumps(timing, indent=1))
    print(f"{name}: {meta['ops']} ops, {len(params)} parameters" + (f", {timing}" if repeat else ""), flush=True)


def _cores() -> int:
    """The cores this process may use (its CPU affinity), as pirc's thread policy counts them."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def bench(name: str, out: Path, repeat: int, onnx: bool, peers: bool = False, threads: int = 0) -> dict[str, float | str]:
    """Time Paddle's executor (and the deployment peers) on the saved model: JSON lines on stdout, the last
    one the figures.

    ``onnx``: ONNX Runtime; ``peers``: ONNX Runtime, Paddle Inference with oneDNN and OpenVINO, each on
    ``threads`` threads (0: the cores this process may use), outputs checked against Paddle's.  A peer can
    kill the process (a native abort): before each one a line with the figures so far and ``"running":
    KEY`` is printed, so the caller can tell which peer took the process down."""
    d = out / name
    if not (d / "paddle").is_dir():
        generate(name, out, 0)
    with np.load(d / "feeds.npz") as z:
        feeds = {k: z[k] for k in z.files}
    prefix = str(d / "paddle" / "model")
    n = threads or _cores()
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe = paddle.static.Executor(paddle.CPUPlace())
        prog, _, fetch_targets = paddle.static.load_inference_model(prefix, exe)
        outs = exe.run(prog, feed=feeds, fetch_list=fetch_targets)
        timing: dict[str, float | str] = {
            "paddle_ms": _median_ms(lambda: exe.run(prog, feed=feeds, fetch_list=fetch_targets), repeat)}
    want = [np.asarray(o) for o in outs]
    timing["threads"] = n

    def running(key: str) -> None:
        print(json.dumps({**timing, "running": key}), flush=True)

    if onnx or peers:
        with tempfile.TemporaryDirectory() as td:
            path = _export_onnx(prefix, td)  # in a subprocess: paddle2onnx exits or aborts on what it cannot convert
            if not path.startswith("n/a"):
                running("onnxruntime_ms")
                timing["onnxruntime_ms"], timing["onnxruntime_cold_s"] = _ort(path, feeds, want, repeat, n)
                if peers:
                    running("openvino_ms")
                    timing["openvino_ms"], timing["openvino_cold_s"] = _openvino(path, feeds, want, repeat, n)
            else:  # the export failed: every ONNX peer says why
                timing["onnxruntime_ms"] = path
                if peers:
                    timing["openvino_ms"] = path
    if peers:
        running("paddle_inference_ms")
        timing["paddle_inference_ms"], timing["paddle_inference_cold_s"] = _paddle_inference(prefix, feeds, want,
                                                                                            repeat, n)
    print(json.dumps(timing), flush=True)
    return timing


def _why(e: BaseException) -> str:
    """A short reason for the table: the exception's type and the start of its first line."""
    first = (str(e).strip().splitlines() or [""])[0]
    first = re.sub(r"\s+", " ", re.sub(r"^\(\w+\) ", "", first.strip()))[:60]  # Paddle's "(Unimplemented) "
    return f"n/a ({type(e).__name__}{': ' + first if first else ''})"


def _check(got: list[np.ndarray], want: list[np.ndarray]) -> str | None:
    """None when the peer's outputs match Paddle's (rtol 1e-3, atol 1e-3, as ONNX Runtime's check has
    always been), else a short reason with the largest difference."""
    if len(got) != len(want):
        return f"differs ({len(got)} outputs, Paddle {len(want)})"
    for g, w in zip(got, want):
        g = np.asarray(g)
        if g.shape != w.shape:
            return f"differs (shape {list(g.shape)})"
        if np.isnan(g).any() and not np.isnan(w).any():
            return "differs (NaN)"
        if not np.allclose(g, w, rtol=1e-3, atol=1e-3):
            return f"differs ({float(np.max(np.abs(g.astype(np.float64) - w))):.1e})"
    return None


EXPORT = """
import sys, warnings
warnings.filterwarnings("ignore")
import paddle2onnx
paddle2onnx.export(sys.argv[1], sys.argv[2], sys.argv[3], opset_version=13, enable_onnx_checker=False, verbose=True)
"""


def _export_onnx(prefix: str, td: str) -> str:
    """Paddle's saved model as ONNX (paddle2onnx, opset 13): the file's path, or why not ("n/a (...)").

    A subprocess: on an operator it cannot convert paddle2onnx 2.1 ends the process (exit -1, or abort)."""
    import subprocess

    path = os.path.join(td, "model.onnx")
    model_file = prefix + (".json" if os.path.exists(prefix + ".json") else ".pdmodel")
    try:
        p = subprocess.run([sys.executable, "-c", EXPORT, model_file, prefix + ".pdiparams", path],
                           capture_output=True, text=True, errors="replace", timeout=600, check=False)
    except subprocess.TimeoutExpired:
        return "n/a (paddle2onnx: timed out)"
    if p.returncode == 0 and os.path.exists(path):
        return path
    log = re.sub(r"\x1b\[[0-9;]*m", "", p.stdout + "\n" + p.stderr)
    ops = re.findall(r"Start export (pd_op\.\w+)", log)
    fail = re.search(r"Failed to convert PaddlePaddle model: (?:\(\w+\) )?([^\n]*)", log)
    if fail:
        why = f"{ops[-1]}: {fail.group(1)}" if ops else fail.group(1)
    elif "unsupported operators" in log:
        listed = sorted(set(re.findall(r"Oops, there are \d+ ops not supported yet, including (.*)", log)))
        why = "unsupported operators" + (f" {listed[0]}" if listed else "")
    else:
        why = f"exit {p.returncode}" + (f" in {ops[-1]}" if ops else "")
    return f"n/a (paddle2onnx: {why.strip()[:60]})"


def _ort(path: str, feeds: dict, want: list[np.ndarray], repeat: int, threads: int) -> tuple[float | str, float | str]:
    """(ONNX Runtime's warm median ms or why not, its cold start: session creation + first run, s)."""
    try:
        import onnxruntime as ort

        so = ort.SessionOptions()
        so.intra_op_num_threads = threads
        so.inter_op_num_threads = 1
        t0 = time.perf_counter()
        sess = ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])
        f = {i.name: feeds[i.name] for i in sess.get_inputs()}
        got = sess.run(None, f)
        cold = time.perf_counter() - t0
        bad = _check(got, want)
        return (bad, cold) if bad else (_median_ms(lambda: sess.run(None, f), repeat), cold)
    except Exception as e:  # noqa: BLE001
        return _why(e), "-"


def _paddle_inference(prefix: str, feeds: dict, want: list[np.ndarray], repeat: int,
                      threads: int) -> tuple[float | str, float | str]:
    """(Paddle Inference with oneDNN: warm median ms or why not, predictor creation + first run, s)."""
    try:
        from paddle import inference

        model_file = prefix + (".json" if os.path.exists(prefix + ".json") else ".pdmodel")
        t0 = time.perf_counter()
        config = inference.Config(model_file, prefix + ".pdiparams")
        config.disable_gpu()
        config.enable_mkldnn()
        config.switch_ir_optim(True)
        config.set_cpu_math_library_num_threads(threads)
        config.disable_glog_info()
        pred = inference.create_predictor(config)
        ins = [(pred.get_input_handle(k), feeds[k]) for k in pred.get_input_names()]
        outs = [pred.get_output_handle(k) for k in pred.get_output_names()]

        def run() -> list[np.ndarray]:
            for h, a in ins:
                h.copy_from_cpu(a)
            pred.run()
            return [h.copy_to_cpu() for h in outs]

        got = run()
        cold = time.perf_counter() - t0
        bad = _check(got, want)
        return (bad, cold) if bad else (_median_ms(run, repeat), cold)
    except Exception as e:  # noqa: BLE001
        return _why(e), "-"


def _openvino(path: str, feeds: dict, want: list[np.ndarray], repeat: int,
              threads: int) -> tuple[float | str, float | str]:
    """(OpenVINO's CPU plugin on the ONNX model: warm median ms or why not, read + compile + first run, s).

    float32 inference precision: on a CPU with bfloat16 support OpenVINO's default is bfloat16."""
    try:
        import openvino as ov

        t0 = time.perf_counter()
        core = ov.Core()
        model = core.read_model(path)
        compiled = core.compile_model(model, "CPU", {"INFERENCE_NUM_THREADS": threads, "PERFORMANCE_HINT": "LATENCY",
                                                     "INFERENCE_PRECISION_HINT": "f32"})
        req = compiled.create_infer_request()
        f = {}
        for i in compiled.inputs:  # a port can carry several names (paddle2onnx's "auto.cast.0" next to "x")
            fed = sorted(i.get_names() & feeds.keys())
            if not fed:
                raise KeyError(f"input {i.get_any_name()} not fed")
            f[fed[0]] = feeds[fed[0]]
        k = len(compiled.outputs)

        def run() -> list[np.ndarray]:
            req.infer(f)
            return [req.get_output_tensor(i).data for i in range(k)]

        got = [a.copy() for a in run()]
        cold = time.perf_counter() - t0
        bad = _check(got, want)
        return (bad, cold) if bad else (_median_ms(run, repeat), cold)
    except Exception as e:  # noqa: BLE001
        return _why(e), "-"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--only", default=",".join(MODELS))
    ap.add_argument("--time", type=int, default=0, metavar="N", help="time Paddle and ONNX Runtime (N runs)")
    ap.add_argument("--threads", type=int, default=0,
                    help="threads of Paddle and of every peer (0: the cores this process may use, as pirc)")
    ap.add_argument("--bench", type=int, default=0, metavar="N",
                    help="only time the saved model (N runs; generated first if missing): JSON lines on stdout, "
                         "the last one the figures")
    ap.add_argument("--onnx", action="store_true", help="with --bench: ONNX Runtime too")
    ap.add_argument("--peers", action="store_true",
                    help="with --bench: ONNX Runtime, Paddle Inference (oneDNN) and OpenVINO (on the ONNX model), "
                         "warm medians and cold starts (creation + first run), outputs checked against Paddle's")
    a = ap.parse_args(argv)
    paddle.set_device("cpu")
    threads = a.threads or _cores()
    if hasattr(paddle, "set_num_threads"):
        paddle.set_num_threads(threads)
    for name in a.only.split(","):
        if name not in MODELS:
            print(f"unknown model {name!r}; known: {', '.join(MODELS)}", file=sys.stderr)
            return 2
        if a.bench:
            bench(name, a.out, a.bench, a.onnx, a.peers, threads)
        else:
            generate(name, a.out, a.time, threads)
    return 0


if __name__ == "__main__":
    sys.exit(main())
