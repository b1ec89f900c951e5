#!/usr/bin/env python
"""Generate the alias-class programs (issue 11's five classes) and their expected outputs with
PaddlePaddle 3.3.1 (static PIR, programs built with ``_C_ops`` so the ``*_`` ops stay in place).

Run from the repository root with a Python that has paddlepaddle==3.3.1 (pirc's tests never need it):

    python tests/runtime/alias_cases/generate.py

Writes, per case, ``<case>.pir`` (what Paddle prints, plus one ``pd_op.fetch`` per fetched value),
``<case>.feeds.npz`` and ``<case>.expected.npz`` next to this file.  The expected values are what
Paddle's executor returns (the same over several runs), except for class 4: there Paddle's own
answer depends on its schedule (it does not order region results that alias each other: its
output differs from run to run, threaded or serial), so the expected values are a numpy
evaluation in program order under the semantics pirc implements (see ``pirc/ir/effects.py``):
a region result is the variable its region yields, a view is a copy.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).parent


def _cases(paddle: Any, C: Any) -> dict[str, Callable[[Any], tuple[dict[str, Any], dict[str, Any]]]]:
    def data(name: str, shape: list[int], dtype: str = "float32") -> Any:
        return paddle.static.data(name, shape, dtype)

    def class1(rng: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """In-place ops write their input's storage; views behave as copies in both directions."""
        x = data("x", [2, 3])
        y = C.exp(x)
        C.tanh_(y)
        C.exp_(y)
        chain = C.sin(y)  # sin(exp(tanh(exp(x))))
        b = C.cos(x)
        t = C.transpose(b, [1, 0])
        C.exp_(b)
        tr = C.tanh(t)  # tanh(cos(x)^T), not tanh(exp(cos(x))^T)
        v = C.sin(x)
        u = C.unsqueeze(v, [0])
        C.tanh_(u)
        unsq = C.sin(v)  # sin(sin(x)): the write to the view is not seen
        c = C.abs(x)
        r = C.reshape(c, [3, 2])
        sl = C.slice(c, [1], [0], [2], [1], [])
        C.exp_(c)
        resh = C.tanh(r)
        slc = C.sin(sl)
        fl = C.flatten(c, 0, 1)
        sq = C.squeeze(C.unsqueeze(c, [0]), [0])
        C.scale_(c, 2.0, 1.0, True)
        return ({"x": rng.standard_normal((2, 3)).astype("float32")},
                {"chain": chain, "transpose": tr, "unsqueeze_src": unsq, "unsqueeze_view": u, "reshape": resh,
                 "slice": slc, "flatten": C.cos(fl), "squeeze": C.cos(sq), "base": c})

    def class2(rng: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """CSE must not merge across an in-place write, nor merge a value that is later written."""
        x = data("x", [4])
        f1 = paddle.full([1], 2.0, "float32")
        f2 = paddle.full([1], 2.0, "float32")
        inc = C.increment_(f1, 1.0)
        y = C.add(x, f2)
        e1 = C.exp(x)
        C.exp_(x)
        e2 = C.exp(x)
        return ({"x": rng.standard_normal(4).astype("float32")}, {"y": y, "inc": inc, "e1": e1, "e2": e2})

    def class3(rng: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """Fusion must not move a read across the in-place write before it."""
        x = data("x", [4, 8])
        e = C.exp(x)
        C.tanh_(e)
        s = C.sin(e)
        w = C.cos(e)
        return ({"x": rng.standard_normal((4, 8)).astype("float32")}, {"sin": s, "cos": w})

    def class4(rng: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """Region results that alias each other (and captured values) keep copy semantics and order."""
        x = data("x", [64, 48])
        c = data("c", [1], "bool")
        e = C.exp(x)
        a, b = paddle.static.nn.cond(c, lambda: (e, C.transpose(e, [1, 0])),
                                     lambda: (C.abs(e), C.transpose(e, [1, 0])))
        s = C.abs(b)
        ta = C.tanh_(a)
        se = C.sin(e)
        ca = C.cos(a)
        p = paddle.static.nn.cond(c, lambda: x, lambda: C.cos(x))
        C.exp_(p)
        sx = C.sin(x)
        return ({"x": rng.standard_normal((64, 48)).astype("float32"), "c": np.array([True])},
                {"abs_second": s, "tanh_first": ta, "sin_e": se, "cos_first": ca, "sin_x": sx, "p": p})

    class4.numpy_oracle = class4_numpy  # type: ignore[attr-defined]

    return {"class1_views": class1, "class2_cse": class2, "class3_fusion": class3, "class4_region_alias": class4}


def class4_numpy(feeds: dict[str, Any]) -> dict[str, Any]:
    """Class 4 in program order: region results alias what their region yields, views are copies."""
    x = feeds["x"].copy()
    e = np.exp(x)
    first = e if feeds["c"][0] else np.abs(e)  # the same variable as e (then) or a fresh one (else)
    second = e.T.copy()  # a transpose is a copy
    out = {"abs_second": np.abs(second)}
    first[...] = np.tanh(first)  # tanh_ writes first's storage: e too, in the then-branch
    out["tanh_first"] = first.copy()
    out["sin_e"] = np.sin(e)
    out["cos_first"] = np.cos(first)
    p = x if feeds["c"][0] else np.cos(x)
    p[...] = np.exp(p)
    out["sin_x"] = np.sin(x)
    out["p"] = p.copy()
    return {k: out[k] for k in ("abs_second", "tanh_first", "sin_e", "cos_first", "sin_x", "p")}


def _names_of_top_level(text: str) -> list[list[str]]:
    """The printed result names of each top-level op, in order."""
    out = []
    for line in text.splitlines():
        m = re.match(r"^    \((.*?)\) = \"", line)
        if m:
            out.append([n.strip() for n in m.group(1).split(",") if n.strip()])
    return out


def main() -> int:
    import paddle
    from paddle import _C_ops as C

    paddle.enable_static()
    for name, build in _cases(paddle, C).items():
        main_prog, startup = paddle.static.Program(), paddle.static.Program()
        rng = np.random.default_rng(11)
        with paddle.static.program_guard(main_prog, startup):
            feeds, fetches = build(rng)
        text = str(main_prog).rstrip()
        assert text.endswith("}")
        names = _names_of_top_level(text)
        ops = main_prog.global_block().ops
        assert len(ops) == len(names), (name, len(ops), len(names))
        n_values = max(int(m) for m in re.findall(r"%(\d+)", text)) + 1
        lines = []
        for col, (fname, v) in enumerate(fetches.items()):
            op = v.get_defining_op()
            k = next(i for i, o in enumerate(ops) if o.id() == op.id())
            idx = next(i for i, r in enumerate(op.results()) if r.is_same(v))
            src = names[k][idx]
            ty = re.search(re.escape(src) + r"\b", text) and _type_of(text, names[k], idx)
            lines.append(f'    (%{n_values + col}) = "pd_op.fetch" ({src}) {{col:{col},name:"{fname}"}} : ({ty}) -> {ty}')
        text = text[:-1] + "\n".join(lines) + "\n}\n"
        oracle = getattr(build, "numpy_oracle", None)
        if oracle is not None:
            expected = oracle(feeds)
        else:
            exe = paddle.static.Executor(paddle.CPUPlace())
            runs = [exe.run(main_prog, feed={k: v.copy() for k, v in feeds.items()},
                            fetch_list=list(fetches.values())) for _ in range(3)]
            for r in runs[1:]:
                for a, b in zip(runs[0], r):
                    np.testing.assert_array_equal(a, b)
            expected = {k: np.asarray(v) for k, v in zip(fetches, runs[0])}
        (HERE / f"{name}.pir").write_text(text)
        np.savez(HERE / f"{name}.feeds.npz", **feeds)
        np.savez(HERE / f"{name}.expected.npz", **expected)
        print(f"wrote {name}")
    return 0


def _type_of(text: str, names: list[str], idx: int) -> str:
    """The type of result ``idx`` of the top-level op whose results are ``names``."""
    for line in text.splitlines():
        if line.startswith("    (" + ", ".join(names) + ") = "):
            if '"pd_op.if"' in line:
                tys = line.split("->", 1)[1].rsplit("{", 1)[0]
            else:
                tys = line.rsplit("->", 1)[1]
            parts = re.findall(r"tensor<[^>]*>|vec\[[^\]]*\]", tys)
            return parts[idx]
    raise KeyError(names)


if __name__ == "__main__":
    sys.exit(main())
