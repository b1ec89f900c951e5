#!/usr/bin/env python
"""Generate tests/corpus/alias/: Paddle 3.3.1 programs with in-place ops, views and control flow.

Run from the repository root with the *Paddle* interpreter (a venv with paddlepaddle==3.3.1;
never the project venv -- pirc must not depend on Paddle):

    python tests/corpus/generate_alias.py            # every case
    python tests/corpus/generate_alias.py --check    # regenerate in memory, compare with the files

Every case is built with ``_C_ops`` so that the ``*_`` ops stay in place, in a fresh
``Program`` / ``Scope`` / ``unique_name`` namespace; fetch ops are appended with
``paddle._pir_ops.fetch`` (``save_inference_model`` would prune the in-place ops, whose
results nothing reads).  ``program.pir`` is ``str(main)``; that very program is run with
the Executor three times (the outputs must be identical) -> ``outputs.npz``.

Paddle's executor applies its own InplacePass unless ``FLAGS_pir_apply_inplace_pass`` is
off; that pass turns e.g. ``scale`` into ``scale_`` even when the input's storage is shared
with an ``if`` result, which changes answers, so it is turned off here: the oracle is the
program as written.

Two kinds of cases:

* **named** cases (the five classes of issue 11 and the semantics they rest on); each has
  a numpy expectation and the script stops if Paddle disagrees with it: that is how the
  semantics in ``tests/alias/alias_ref.py`` were measured;
* a **seeded random sample** (``rand_000`` ...) from the fuzzer's own generator
  (``tests/alias/alias_progs.py``) in its ``paddle_safe`` mode, built through
  :class:`PaddleEmitter` instead of the text emitter;
* a second sample (``full_000`` ...) in the generator's full mode (``if`` branches that yield
  captured values or one value twice, ``while`` bodies that yield block arguments), each built
  in a child process because Paddle crashes on some; those are left out.

Paddle runs with ``FLAGS_new_executor_sequential_run``: its default scheduler orders ops by a
dependency graph that lacks edges between the readers of a value and in-place writes through an
alias of it, and then gives different answers from run to run.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import shutil
import sys
import warnings
import zlib
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("GLOG_minloglevel", "2")
os.environ.setdefault("FLAGS_call_stack_level", "0")
warnings.filterwarnings("ignore")

import numpy as np
import paddle
from paddle import _C_ops

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
OUT = HERE / "alias"
sys.path.insert(0, str(ROOT / "tests" / "alias"))

import alias_progs

paddle.enable_static()
paddle.set_flags({"FLAGS_pir_apply_inplace_pass": False, "FLAGS_new_executor_sequential_run": True})

RANDOM_CASES = 40
#: programs of the generator's full mode (if branches yielding captured values or one value twice,
#: while bodies yielding block arguments in other positions); Paddle 3.3.1 crashes on some (a
#: segfault in PyWhileOp::OptimizeUpdate): each is built in a child process and the ones Paddle
#: cannot run are left out (listed when generating)
FULL_CASES = 40


# ----------------------------------------------------------------------------------------------
# the Paddle emitter (same interface as alias_progs.TextEmitter)
# ----------------------------------------------------------------------------------------------


class PaddleEmitter:
    def __init__(self) -> None:
        self.fetched: list = []

    def data(self, name, shape, dtype="float32"):
        return paddle.static.data(name, list(shape), dtype)

    def full(self, shape, value, dtype="float32"):
        return paddle.full(list(shape), value, dtype)

    def unary(self, op, x, inplace):
        return getattr(_C_ops, op + ("_" if inplace else ""))(x)

    def binary(self, op, x, y, inplace):
        return getattr(_C_ops, op + ("_" if inplace else ""))(x, y)

    def scale(self, x, s, bias, inplace):
        return (_C_ops.scale_ if inplace else _C_ops.scale)(x, float(s), float(bias), True)

    def increment_(self, x, value):
        return _C_ops.increment_(x, float(value))

    def less_than(self, x, y):
        return _C_ops.less_than(x, y)

    def view(self, op, x, shape, p, inplace=False):
        if inplace:
            if op == "flatten":
                return _C_ops.flatten_(x, p["start"], p["stop"])
            return getattr(_C_ops, op + "_")(x, list(p["shape" if op == "reshape" else "axis"]))
        if op == "reshape":
            return _C_ops.reshape(x, list(p["shape"]))
        if op == "transpose":
            return _C_ops.transpose(x, list(p["perm"]))
        if op == "unsqueeze":
            return _C_ops.unsqueeze(x, list(p["axis"]))
        if op == "squeeze":
            return _C_ops.squeeze(x, list(p["axis"]))
        if op == "flatten":
            return _C_ops.flatten(x, p["start"], p["stop"])
        if op == "slice":
            return _C_ops.slice(x, list(p["axes"]), list(p["starts"]), list(p["ends"]), [1] * len(p["axes"]), [])
        raise ValueError(op)

    def if_(self, cond, then_fn, else_fn):
        out = paddle.static.nn.cond(cond, lambda: list(then_fn()), lambda: list(else_fn()))
        return list(out) if isinstance(out, (list, tuple)) else [out]

    def while_(self, limit, init, body_fn):
        i0 = paddle.full([1], 0, "int64")

        def cnd(i, *vs):
            return i < limit

        def body(i, *vs):
            i1 = _C_ops.increment_(i, 1.0)
            return [i1, *body_fn(list(vs))]

        out = paddle.static.nn.while_loop(cnd, body, [i0, *init])
        return list(out)[1:]

    def fetch(self, values):
        self.fetched = list(values)
        for k, v in enumerate(values):
            paddle._pir_ops.fetch(v, f"fetch_name_{k}", k).persistable = True


# ----------------------------------------------------------------------------------------------
# named cases
# ----------------------------------------------------------------------------------------------

CASES: dict[str, dict] = {}


def case(name: str, description: str, p: bool | None = None):
    def deco(fn):
        CASES[name] = {"name": name, "description": description, "build": fn, "p": p}
        return fn
    return deco


def feeds_of(seed: int, p: bool | None) -> dict[str, np.ndarray]:
    rs = np.random.RandomState(seed)
    f = {"x": rs.uniform(-1.0, 1.0, (2, 3)).astype(np.float32),
         "y": rs.uniform(-1.0, 1.0, (2, 3)).astype(np.float32)}
    f["p"] = np.array([bool(seed % 2) if p is None else p])
    return f


def zero(v):
    """``0 * v``: a data dependency on ``v`` without its value (orders a read after a write)."""
    return _C_ops.scale(v, 0.0, 0.0, True)


@case("inplace_chain", "tanh_(y); exp_(y); sin(y) == sin(exp(tanh(y))); the in-place results alias y")
def c_inplace_chain(e, x, y, p):
    t = _C_ops.cos(x)
    r = _C_ops.tanh_(t)
    _C_ops.exp_(r)
    return [_C_ops.sin(t)], lambda f: [np.sin(np.exp(np.tanh(np.cos(f["x"]))))]


def _view_case(kind: str, build_view: Callable, np_view: Callable):
    @case(f"view_copy_{kind}_src_write", f"t = {kind}(e); exp_(e); tanh(t) == tanh({kind}(e)): the view is a copy")
    def src_write(e, x, y, p):
        s = _C_ops.cos(x)
        t = build_view(s)
        _C_ops.exp_(s)
        return [_C_ops.tanh(t), s], lambda f: [np.tanh(np_view(np.cos(f["x"]))), np.exp(np.cos(f["x"]))]

    @case(f"view_copy_{kind}_view_write", f"t = {kind}(y); tanh_(t); sin(y) == sin(y): writing the view "
          "leaves the source alone")
    def view_write(e, x, y, p):
        s = _C_ops.cos(x)
        t = build_view(s)
        _C_ops.tanh_(t)
        return [_C_ops.sin(s), t], lambda f: [np.sin(np.cos(f["x"])), np.tanh(np_view(np.cos(f["x"])))]


_view_case("transpose", lambda v: _C_ops.transpose(v, [1, 0]), lambda a: a.T)
_view_case("reshape", lambda v: _C_ops.reshape(v, [3, 2]), lambda a: a.reshape(3, 2))
_view_case("unsqueeze", lambda v: _C_ops.unsqueeze(v, [0]), lambda a: a[None])
_view_case("squeeze", lambda v: _C_ops.squeeze(_C_ops.reshape(v, [1, 2, 3]), [0]), lambda a: a)
_view_case("flatten", lambda v: _C_ops.flatten(v, 0, 1), lambda a: a.reshape(6))
_view_case("slice", lambda v: _C_ops.slice(v, [1], [1], [3], [1], []), lambda a: a[:, 1:3])


@case("reshape_inplace_alias", "r = reshape_(c); tanh_(r): c sees the write (reshape_ shares the storage, "
      "unlike reshape); flatten_ / unsqueeze_ likewise")
def c_reshape_inplace(e, x, y, p):
    c = _C_ops.cos(x)
    r = _C_ops.reshape_(c, [3, 2])
    _C_ops.tanh_(r)
    d = _C_ops.sin(x)
    u = _C_ops.unsqueeze_(d, [0])
    f = _C_ops.flatten_(u, 0, 2)
    _C_ops.exp_(f)
    return [_C_ops.sin(c), r, _C_ops.abs(d), u], lambda f_: [
        np.sin(np.tanh(np.cos(f_["x"]))), np.tanh(np.cos(f_["x"])).reshape(3, 2),
        np.abs(np.exp(np.sin(f_["x"]))), np.exp(np.sin(f_["x"]))[None]]


@case("reshape_inplace_binary_write", "s = sigmoid(transpose(x)); r = reshape_(s); multiply_(r, x): "
      "s (3x2) sees the product (the write through the reshape_ alias, in s's shape)")
def c_reshape_inplace_binary(e, x, y, p):
    s = _C_ops.sigmoid(_C_ops.transpose(x, [1, 0]))
    r = _C_ops.reshape_(s, [2, 3])
    _C_ops.multiply_(r, x)

    def ref(f):
        sg = 1 / (1 + np.exp(-f["x"].T))
        return [(sg.reshape(2, 3) * f["x"]).reshape(3, 2)]

    return [s], ref


@case("cse_full_increment",
      "two equal full constants, one incremented in place: add(x, other) == x + 1 (issue class 2)")
def c_cse_full(e, x, y, p):
    c1 = paddle.full([1], 1.0, "float32")
    c2 = paddle.full([1], 1.0, "float32")
    _C_ops.increment_(c1, 1.0)
    return [_C_ops.add(x, c2), c1], lambda f: [f["x"] + 1, np.array([2.0], np.float32)]


@case("cse_exp_inplace_exp", "exp(t); exp_(t); exp(t): the second exp reads the written t (issue class 2)")
def c_cse_exp(e, x, y, p):
    t = _C_ops.cos(x)
    a = _C_ops.exp(t)
    _C_ops.exp_(t)
    b = _C_ops.exp(t)
    c = np.cos
    return [a, b], lambda f: [np.exp(c(f["x"])), np.exp(np.exp(c(f["x"])))]


@case("fusion_read_after_inplace", "e = exp(x); tanh_(e); sin(e) == sin(tanh(exp(x))) (issue class 3)")
def c_fusion(e, x, y, p):
    ex = _C_ops.exp(x)
    _C_ops.tanh_(ex)
    return [_C_ops.sin(ex)], lambda f: [np.sin(np.tanh(np.exp(f["x"])))]


@case("fusion_reshape_after_inplace", "s = sigmoid(x); tanh_(s); reshape(s) == reshape(tanh(sigmoid(x)))")
def c_fusion_reshape(e, x, y, p):
    s = _C_ops.sigmoid(x)
    _C_ops.tanh_(s)
    sig = 1 / (1 + np.exp(-0.0))  # noqa: F841 - documentation of the formula below
    return [_C_ops.reshape(s, [1, 6])], lambda f: [np.tanh(1 / (1 + np.exp(-f["x"]))).reshape(1, 6)]


def _if_pair(pv: bool):
    @case(f"if_results_alias_{'then' if pv else 'else'}", "(a, b) = if p {e, transpose(e)} else {s, transpose(s)}; "
          "abs(b); tanh_(a): abs(b) == abs(e^T) (issue class 4)", p=pv)
    def c_if(e, x, y, p):
        ex = _C_ops.exp(x)

        def then():
            t = _C_ops.cos(ex)
            return [t, _C_ops.transpose(t, [1, 0])]

        def other():
            s = _C_ops.sin(ex)
            return [s, _C_ops.transpose(s, [1, 0])]

        a, b = paddle.static.nn.cond(p, then, other)
        bb = _C_ops.abs(b)
        _C_ops.tanh_(a)
        f1 = np.cos if pv else np.sin
        return [bb, a], lambda f: [np.abs(f1(np.exp(f["x"])).T), np.tanh(f1(np.exp(f["x"])))]


_if_pair(True)
_if_pair(False)


@case("if_result_shares_captured", "if p yields the captured e: a write through the result reaches e, "
      "a write to e reaches the result (the if result shares e's storage)", p=True)
def c_if_share(e, x, y, p):
    ex = _C_ops.exp(x)
    a, b = paddle.static.nn.cond(p, lambda: [ex, _C_ops.transpose(ex, [1, 0])],
                                 lambda: [_C_ops.sin(ex), _C_ops.transpose(_C_ops.cos(ex), [1, 0])])
    w = _C_ops.tanh_(a)
    d = _C_ops.add(ex, zero(w))
    bb = _C_ops.abs(_C_ops.add(b, zero(_C_ops.transpose(w, [1, 0]))))
    c2 = _C_ops.cos(x)
    a2 = paddle.static.nn.cond(p, lambda: c2, lambda: _C_ops.sin(c2))
    w2 = _C_ops.exp_(c2)
    d3 = _C_ops.add(a2, zero(w2))
    return [d, bb, d3], lambda f: [np.tanh(np.exp(f["x"])), np.abs(np.exp(f["x"]).T), np.exp(np.cos(f["x"]))]


@case("if_inplace_on_captured", "an in-place write to a captured value inside a branch persists after the if", p=True)
def c_if_captured(e, x, y, p):
    t = _C_ops.cos(x)

    def then():
        _C_ops.relu_(t)
        return [_C_ops.sin(t)]

    (g,) = paddle.static.nn.cond(p, then, lambda: [_C_ops.cos(t)])
    h = _C_ops.abs(_C_ops.add(t, zero(g)))
    r = np.maximum(np.cos(np.zeros(1)), 0)  # noqa: F841
    return [g, h], lambda f: [np.sin(np.maximum(np.cos(f["x"]), 0)), np.abs(np.maximum(np.cos(f["x"]), 0))]


@case("while_inplace_captured", "scale_(outer, 2) in a 2-iteration loop body: outer == 4 * outer0")
def c_while_captured(e, x, y, p):
    outer = _C_ops.sin(x)
    v0 = _C_ops.cos(x)
    i0 = paddle.full([1], 0, "int64")

    def body(i, v):
        _C_ops.scale_(outer, 2.0, 0.0, True)
        return [_C_ops.increment_(i, 1.0), _C_ops.tanh(v)]

    _, vn = paddle.static.nn.while_loop(lambda i, v: i < 2, body, [i0, v0])
    return [_C_ops.abs(_C_ops.add(outer, zero(vn))), vn], \
        lambda f: [np.abs(4 * np.sin(f["x"])), np.tanh(np.tanh(np.cos(f["x"])))]


@case("while_inplace_arg", "tanh_ on the loop variable, yielded: tanh(tanh(cos x)) after 2 iterations")
def c_while_arg(e, x, y, p):
    v0 = _C_ops.cos(x)
    i0 = paddle.full([1], 0, "int64")

    def body(i, v):
        r = _C_ops.tanh_(v)
        return [_C_ops.increment_(i, 1.0), r]

    iN, vn = paddle.static.nn.while_loop(lambda i, v: i < 2, body, [i0, v0])
    return [vn, iN], lambda f: [np.tanh(np.tanh(np.cos(f["x"]))), np.array([2], np.int64)]


@case("while_views_in_body", "transpose/reshape of the loop variable in the body (copies), exp_ on the copy")
def c_while_views(e, x, y, p):
    v0 = _C_ops.sin(x)
    i0 = paddle.full([1], 0, "int64")

    def body(i, v):
        t = _C_ops.reshape(_C_ops.transpose(v, [1, 0]), [2, 3])
        _C_ops.tanh_(t)
        return [_C_ops.increment_(i, 1.0), _C_ops.add(v, t)]

    _, vn = paddle.static.nn.while_loop(lambda i, v: i < 2, body, [i0, v0])

    def ref(f):
        v = np.sin(f["x"])
        for _ in range(2):
            v = v + np.tanh(v.T.reshape(2, 3))
        return [v]

    return [vn], ref


# ----------------------------------------------------------------------------------------------
# building, running, writing
# ----------------------------------------------------------------------------------------------


def build_and_run(seed: int, p: bool | None, build: Callable) -> tuple[str, dict, dict, Callable | None]:
    paddle.seed(seed)
    main, startup = paddle.static.Program(), paddle.static.Program()
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope), paddle.base.unique_name.guard(), \
            paddle.static.program_guard(main, startup):
        em = PaddleEmitter()
        outs, expect = build(em)
        if not em.fetched:
            em.fetch(outs)
        text = str(main)
        feeds = feeds_of(seed, p)
        names = {op.attrs()["name"] for op in main.global_block().ops if op.name() == "pd_op.data"}
        feeds = {k: v for k, v in feeds.items() if k in names}
        runs = []
        for _ in range(3):
            # a fresh Executor per run: Paddle's first run of a program executes the ops in program
            # order (its "trace run"); later runs of the same Executor schedule by its dependency
            # graph, which lacks edges between readers of a value and in-place writes through an
            # alias of it, and then differ from run to run (seen on inplace_chain)
            exe = paddle.static.Executor(paddle.CPUPlace())
            exe.run(startup)
            runs.append(exe.run(main, feed={k: v.copy() for k, v in feeds.items()}, fetch_list=em.fetched))
    for r in runs[1:]:
        for k, (a, b) in enumerate(zip(runs[0], r, strict=True)):
            if not np.array_equal(a, b, equal_nan=True):
                raise SystemExit(f"seed {seed}: Paddle gave different fetch_name_{k} in two runs:\n{a}\n{b}\n{text}")
    outputs = {f"fetch_name_{k}": np.asarray(v) for k, v in enumerate(runs[0])}
    return text, feeds, outputs, expect


def named(name: str, spec: dict) -> tuple[str, dict, dict, int]:
    seed = zlib.crc32(name.encode()) % 100000

    def build(em):
        x = em.data("x", (2, 3), "float32")
        y = em.data("y", (2, 3), "float32")
        p = em.data("p", (1,), "bool")
        outs, expect = spec["build"](em, x, y, p)
        return outs, expect

    text, feeds, outputs, expect = build_and_run(seed, spec["p"], build)
    want = expect(feeds_of(seed, spec["p"]))
    for k, w in enumerate(want):
        got = outputs[f"fetch_name_{k}"]
        if got.shape != np.shape(w) or not np.allclose(got, w, rtol=1e-5, atol=1e-6):
            raise SystemExit(f"{name}: Paddle's fetch_name_{k} is not the expected value:\n{got}\nexpected\n{w}")
    return text, feeds, outputs, seed


def rand_case(i: int) -> tuple[str, dict, dict, int]:
    seed = 7919 * (i + 1)

    def build(em):
        g = alias_progs.Gen(random.Random(seed), em, paddle_safe=True, max_ops=8)
        outs = g.program()
        return outs, None

    text, feeds, outputs, _ = build_and_run(seed, None, build)
    return text, feeds, outputs, seed


def full_case(i: int) -> tuple[str, dict, dict, int]:
    seed = 104729 * (i + 1)

    def build(em):
        g = alias_progs.Gen(random.Random(seed), em, paddle_safe=False, max_ops=8)
        return g.program(), None

    text, feeds, outputs, _ = build_and_run(seed, None, build)
    return text, feeds, outputs, seed


def full_case_files(i: int) -> dict[str, bytes] | None:
    """Build full-mode case ``i`` in a child process (Paddle may crash on it); None if it did not run."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as td:
        r = subprocess.run([sys.executable, __file__, "--full-child", str(i), td], check=False,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
        if r.returncode != 0:
            return None
        return {p.name: p.read_bytes() for p in sorted(Path(td).iterdir())}


def npz_bytes(arrays: dict) -> bytes:
    buf = io.BytesIO()
    np.savez(buf, **{k: np.ascontiguousarray(v) for k, v in sorted(arrays.items())})
    return buf.getvalue()


def render(name: str, description: str, text: str, feeds: dict, outputs: dict, seed: int) -> dict[str, bytes]:
    meta = {
        "name": name,
        "description": description,
        "paddle_version": paddle.__version__,
        "seed": seed,
        "feeds": [{"name": k, "shape": list(v.shape), "dtype": str(v.dtype)} for k, v in feeds.items()],
        "fetches": sorted(outputs, key=lambda s: int(s.rsplit("_", 1)[1])),
    }
    return {
        "program.pir": text.encode(),
        "feeds.npz": npz_bytes(feeds),
        "outputs.npz": npz_bytes(outputs),
        "meta.json": (json.dumps(meta, indent=1) + "\n").encode(),
    }


def all_cases() -> dict[str, dict[str, bytes]]:
    files: dict[str, dict[str, bytes]] = {}
    for name, spec in CASES.items():
        text, feeds, outputs, seed = named(name, spec)
        files[name] = render(name, spec["description"], text, feeds, outputs, seed)
    for i in range(RANDOM_CASES):
        name = f"rand_{i:03d}"
        text, feeds, outputs, seed = rand_case(i)
        files[name] = render(name, "random program of the alias fuzzer's generator (paddle_safe mode), "
                             f"random.Random({seed})", text, feeds, outputs, seed)
    left_out = []
    for i in range(FULL_CASES):
        fs = full_case_files(i)
        if fs is None:
            left_out.append(i)
            continue
        files[f"full_{i:03d}"] = fs
    if left_out:
        print(f"full-mode programs Paddle could not run (left out): {left_out}")
    return files


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="compare with the files on disk, write nothing")
    ap.add_argument("--full-child", nargs=2, metavar=("I", "DIR"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.full_child:
        i, d = int(args.full_child[0]), Path(args.full_child[1])
        text, feeds, outputs, seed = full_case(i)
        fs = render(f"full_{i:03d}", "random program of the alias fuzzer's generator (full mode), "
                    f"random.Random({seed}); Paddle built and ran it", text, feeds, outputs, seed)
        for fn, data in fs.items():
            (d / fn).write_bytes(data)
        return 0
    files = all_cases()
    if args.check:
        bad = []
        for name, fs in files.items():
            for fn, data in fs.items():
                p = OUT / name / fn
                if not p.exists() or p.read_bytes() != data:
                    bad.append(str(p.relative_to(ROOT)))
        on_disk = {p.name for p in OUT.iterdir() if p.is_dir()} if OUT.exists() else set()
        bad += sorted(on_disk - set(files))
        print("\n".join(bad) if bad else f"{len(files)} cases match")
        return 1 if bad else 0
    if OUT.exists():
        shutil.rmtree(OUT)
    for name, fs in files.items():
        d = OUT / name
        d.mkdir(parents=True)
        for fn, data in fs.items():
            (d / fn).write_bytes(data)
    print(f"wrote {len(files)} cases to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
