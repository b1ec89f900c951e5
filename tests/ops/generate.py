#!/usr/bin/env python
"""OpTest-style cases for pd_op ops, built and run with PaddlePaddle 3.3.1 (the oracle).

Run from the repository root with a Python that has paddlepaddle==3.3.1 (never the project
venv; pirc and its tests do not need Paddle):

    python tests/ops/generate.py                 # every op of the spec table (tests/ops/specs.py)
    python tests/ops/generate.py --only relu     # some ops (pd_op name without the prefix; repeatable)
    python tests/ops/generate.py --kernels-only  # only tests/ops/paddle_kernels.json

For each case of each op (the way Paddle's OpTest builds them: a basic shape, a 0-size
tensor, broadcasting where the op broadcasts, every dtype the op's CPU kernel registers
that numpy can hold, attribute edges) it

1. builds a fresh static program under ``paddle.static.program_guard``: one
   ``pd_op.data`` per input (declared with the array's shape, or a partly dynamic
   shape), the op through Paddle's Python API, and one ``pd_op.fetch`` per result;
2. prints it (``str(program)``) -> ``tests/ops/cases/<op>/<case>.pir``;
3. runs it with Paddle's executor on the CPU; the feeds and Paddle's results go to
   ``tests/ops/cases/<op>/arrays.npz`` as ``<case>.feed.<name>`` and ``<case>.out.<fetch name>``
   (fetch names ``out0``, ``out1`` ...).  One .npz per op, not two per case: a zip entry and
   an .npy header cost more than most of these tiny arrays, and the committed set stays
   under 3 MB.

``tests/ops/cases/INDEX.json`` lists every case (op, tolerances by dtype, whether Paddle's
kernel is random and then which statistics a run must reproduce) and every case Paddle
itself refused (with Paddle's message), so what is left out is data too.

``tests/ops/paddle_kernels.json``: for every non-gradient pd_op op, its CPU kernel (phi
kernel name) and the dtypes it registers, or null: the denominator of bench/coverage.py.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import sys
import warnings
import zipfile
import zlib
from pathlib import Path

os.environ.setdefault("GLOG_minloglevel", "2")
os.environ.setdefault("FLAGS_call_stack_level", "0")
warnings.filterwarnings("ignore")

import numpy as np  # noqa: E402
import paddle  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CASES_DIR = HERE / "cases"
sys.path.insert(0, str(HERE))

paddle.enable_static()

import specs  # noqa: E402  (the op table; needs paddle)

#: phi kernel names that differ from the pd_op name (after the inplace ``_`` is dropped)
KERNEL_ALIASES = {
    "hardshrink": "hard_shrink", "det": "determinant", "print": "print_kernel", "range_v2": "range",
    "max_with_index": "max_pool2d_with_index", "min_with_index": None, "rms_norm": "rms_norm",
}


#: ops left out of the denominator by hand: category -> (reason, ops).  Ops without a CPU kernel
#: are added from the kernel registry (category ``no_cpu_kernel``).
HAND_EXCLUSIONS = {
    "communication": ("a collective or point-to-point communication op: it needs a process group "
                      "(NCCL/Gloo ring), which one CPU process has not", [
        "all_gather", "all_reduce", "all_reduce_", "all_to_all", "broadcast", "broadcast_", "c_allreduce_sum",
        "c_allreduce_sum_", "c_concat", "c_identity", "c_identity_", "mp_allreduce_sum", "mp_allreduce_sum_",
        "reduce", "reduce_", "reduce_scatter", "recv_v2", "send_v2", "sync_calc_stream", "sync_calc_stream_"]),
    "distributed": ("an op of distributed (model / expert / data parallel) training: it works on a shard of a "
                    "tensor, a rank's slice of classes or experts, or a distributed tensor", [
        "c_embedding", "c_softmax_with_cross_entropy", "c_softmax_with_multi_label_cross_entropy",
        "margin_cross_entropy", "class_center_sample", "assign_pos", "limit_by_capacity", "number_count",
        "prune_gate_by_capacity", "random_routing_", "distributed_fused_lamb_init", "distributed_fused_lamb_init_",
        "dgc_clip_by_norm", "dist_reshape", "dtensor_from_local", "dtensor_to_local", "reshard", "reshard_v2",
        "shard_tensor", "moe_global_mesh_tensor", "moe_sub_mesh_tensors", "sync_batch_norm_"]),
    "sparse_tensor": ("an op of Paddle's sparse tensors (SparseCooTensor / SparseCsrTensor operands, kernels "
                      "registered as <op>_coo / <op>_csr): not a dense-tensor op", []),
    "static_unrunnable": ("its CPU kernel exists only for strided (view) tensors: Paddle's own executor refuses "
                          "to run it in a static program ('kernel output args (0) defs should equal op outputs "
                          "(1)'), so there is no oracle", ["as_strided", "view_dtype"]),
}


def exclusions(kt: dict) -> dict:
    ops = {}
    for cat, (reason, names) in HAND_EXCLUSIONS.items():
        for n in names:
            assert n in kt["ops"], n
            ops[n] = dict(category=cat, reason=reason)
    for n, k in kt["ops"].items():
        if n.startswith("sparse_"):
            ops[n] = dict(category="sparse_tensor", reason=HAND_EXCLUSIONS["sparse_tensor"][0])
        elif k is None and n not in ops:
            ops[n] = dict(category="no_cpu_kernel",
                          reason="Paddle 3.3.1 registers no CPU kernel for it (GPU / XPU / custom-device only, "
                                 "or an op that is not a kernel: builtin, parameter, tensorrt_engine ...)")
    return dict(how="written by tests/ops/generate.py (HAND_EXCLUSIONS + the ops with no CPU kernel in "
                    "tests/ops/paddle_kernels.json); bench/coverage.py leaves these out of the denominator",
                categories={c: r for c, (r, _) in HAND_EXCLUSIONS.items()} | {
                    "no_cpu_kernel": "no CPU kernel in Paddle 3.3.1"},
                ops=dict(sorted(ops.items())))


def save_npz(path: Path, arrays: dict[str, np.ndarray]) -> None:
    """A deterministic .npz (no zip timestamps); 0-D arrays stay 0-D."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for k in sorted(arrays):
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.require(np.asarray(arrays[k]), requirements="C"), allow_pickle=False)
            info = zipfile.ZipInfo(k + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, buf.getvalue())


def reset_names() -> None:
    from paddle.base import framework

    framework._name_struct = framework.NameStruct()


def run_case(c: specs.Case) -> tuple[str, dict, dict]:
    """(program text, feeds, outputs) of one case, or raises what Paddle raised."""
    seed = zlib.crc32(f"{c.op}/{c.name}".encode()) % 100000
    paddle.seed(seed)
    reset_names()
    scope = paddle.static.Scope()
    with paddle.utils.unique_name.guard(), paddle.static.scope_guard(scope):
        main, startup = paddle.static.Program(), paddle.static.Program()
        main.random_seed = seed
        with paddle.static.program_guard(main, startup):
            args, feeds = {}, {}
            for name, spec in c.inputs.items():
                arr, shape = spec if isinstance(spec, tuple) else (spec, list(spec.shape))
                args[name] = paddle.static.data(name, shape, str(arr.dtype) if arr.dtype != np.bool_ else "bool")
                feeds[name] = arr
            res = c.build(**args)
            if not isinstance(res, (list, tuple)):
                res = [res]
            res = [r for r in res if r is not None]
            for i, r in enumerate(res):
                paddle._pir_ops.fetch(r, f"out{i}", i)
        text = str(main)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        outs = exe.run(main, feed=feeds, fetch_list=list(res))
        assert str(main) == text, "the program changed when it ran"
    outputs = {f"out{i}": np.asarray(o) for i, o in enumerate(outs)}
    return text, feeds, outputs


def tolerance(c: specs.Case, dtypes: set[str]) -> tuple[float, float]:
    if c.rtol is not None:
        return c.rtol, c.atol if c.atol is not None else c.rtol
    if "float16" in dtypes:
        return 1e-3, 1e-3
    if "float32" in dtypes or "complex64" in dtypes:
        return 1e-5, 1e-6
    return 1e-10, 1e-12


def kernel_table() -> dict:
    from paddle.base import core

    reg = core._get_registered_phi_kernels("function")
    ops = json.loads((ROOT / "tests" / "corpus" / "paddle_ops.json").read_text())["pd_op_forward"]
    table = {}
    for n in ops:
        base = n[:-1] if n.endswith("_") else n
        k = KERNEL_ALIASES.get(base, base)
        entries = reg.get(k, []) if k else []
        dts = sorted({e.strip("()").split(",")[-1].strip() for e in entries
                      if e.startswith("(CPU") and "ONEDNN" not in e})
        table[n] = dict(kernel=k, cpu_dtypes=dts) if dts else None
    return dict(paddle_version=paddle.__version__,
                how="core._get_registered_phi_kernels('function'): the phi kernel named like the op "
                    "(inplace '_' dropped; tests/ops/generate.py KERNEL_ALIASES for the renamed ones), "
                    "dtypes of its CPU registrations (any layout but ONEDNN); null: no CPU kernel",
                ops=table)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--kernels-only", action="store_true")
    args = ap.parse_args(argv)
    kt = kernel_table()
    (HERE / "paddle_kernels.json").write_text(json.dumps(kt, indent=1, sort_keys=True) + "\n")
    (HERE / "EXCLUSIONS.json").write_text(json.dumps(exclusions(kt), indent=1) + "\n")
    if args.kernels_only:
        return 0
    specs.KERNEL_DTYPES.update({k: v["cpu_dtypes"] for k, v in kt["ops"].items() if v})
    specs.build_table()
    only = {o if o.startswith("pd_op.") else "pd_op." + o for o in args.only}
    index_path = CASES_DIR / "INDEX.json"
    old = json.loads(index_path.read_text()) if index_path.exists() else {"cases": [], "refused": []}
    cases_meta = [m for m in old["cases"] if only and m["op"] not in only]
    refused = [m for m in old["refused"] if only and m["op"] not in only]
    todo = [c for c in specs.CASES if not only or c.op in only]
    if not only and CASES_DIR.exists():
        for d in CASES_DIR.iterdir():
            if d.is_dir():
                shutil.rmtree(d)
    for o in only:
        shutil.rmtree(CASES_DIR / o[len("pd_op."):], ignore_errors=True)
    seen = set()
    arrays: dict[str, dict[str, np.ndarray]] = {}
    for c in todo:
        key = (c.op, c.name)
        assert key not in seen, f"case {key} twice"
        seen.add(key)
        try:
            text, feeds, outputs = run_case(c)
        except Exception as e:  # Paddle refuses the case: recorded, not committed
            msg = str(e).strip().splitlines()
            msg = next((ln for ln in msg if "Error" in ln or "error" in ln), msg[0] if msg else type(e).__name__)
            refused.append(dict(op=c.op, case=c.name, paddle=msg[:300]))
            print(f"  refused {c.op}/{c.name}: {msg[:120]}", file=sys.stderr)
            continue
        if f'"{c.op}"' not in text:
            refused.append(dict(op=c.op, case=c.name, paddle=f"the program has no {c.op} op"))
            print(f"  no {c.op} in {c.op}/{c.name}", file=sys.stderr)
            continue
        d = CASES_DIR / c.op[len("pd_op."):]
        d.mkdir(parents=True, exist_ok=True)
        (d / f"{c.name}.pir").write_text(text, encoding="utf-8", newline="")
        arrays.setdefault(c.op, {}).update({f"{c.name}.feed.{k}": v for k, v in feeds.items()})
        arrays[c.op].update({f"{c.name}.out.{k}": v for k, v in outputs.items()})
        dts = {str(a.dtype) for a in list(feeds.values()) + list(outputs.values())}
        rtol, atol = tolerance(c, dts)
        meta = dict(op=c.op, case=c.name, rtol=rtol, atol=atol)
        if c.random:
            meta["random"] = c.random
        cases_meta.append(meta)
    for op, arrs in arrays.items():
        save_npz(CASES_DIR / op[len("pd_op."):] / "arrays.npz", arrs)
    cases_meta.sort(key=lambda m: (m["op"], m["case"]))
    refused.sort(key=lambda m: (m["op"], m["case"]))
    index = dict(paddle_version=paddle.__version__, generator="tests/ops/generate.py",
                 cases=cases_meta, refused=refused)
    CASES_DIR.mkdir(exist_ok=True)
    index_path.write_text(json.dumps(index, indent=0, sort_keys=True) + "\n")
    ops = {m["op"] for m in cases_meta}
    print(f"{len(cases_meta)} cases of {len(ops)} ops; {len(refused)} refused by Paddle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
