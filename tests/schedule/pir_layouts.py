"""PIR text for reduction layouts (last / middle / first axis, keepdim, row and column
normalisation, float16 cast): the programs of tests/schedule/test_cpu_layouts.py and
bench/kernels_layouts.py, written without Paddle."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

_DT = {"float32": "f32", "float16": "f16", "int64": "i64"}


class Pir:
    """A tiny builder of PIR text for the layouts below."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.shapes: dict[str, tuple[tuple[int, ...], str]] = {}
        self.n = 0

    def _t(self, shape: tuple[int, ...], dt: str) -> str:
        return "tensor<" + "x".join(str(d) for d in shape) + ("x" if shape else "") + _DT[dt] + ">"

    def _op(self, name: str, ins: list[str], attrs: str, shape: tuple[int, ...], dt: str) -> str:
        v = f"%{self.n}"
        self.n += 1
        ts = ", ".join(self._t(*self.shapes[i]) for i in ins)
        self.lines.append(f'    ({v}) = "{name}" ({", ".join(ins)}) {{{attrs}}} : ({ts}) -> {self._t(shape, dt)}')
        self.shapes[v] = (shape, dt)
        return v

    def data(self, name: str, shape: tuple[int, ...], dt: str = "float32") -> str:
        return self._op("pd_op.data", [], f'dtype:{dt},name:"{name}",place:Place(undefined:0),'
                        f'shape:[{",".join(map(str, shape))}],stop_gradient:[true]', shape, dt)

    def reduce(self, kind: str, x: str, axes: list[int], keepdim: bool) -> str:
        shape, dt = self.shapes[x]
        nd = len(shape)
        ax = [a % nd for a in axes]
        out = tuple(1 if k in ax else d for k, d in enumerate(shape) if keepdim or k not in ax)
        a = self._op("pd_op.full_int_array", [], f'dtype:int64,place:Place(cpu),stop_gradient:[true],'
                     f'value:[{",".join(map(str, axes))}]', (len(axes),), "int64")
        extra = "dtype:Undefined," if kind == "sum" else ""
        return self._op(f"pd_op.{kind}", [x, a], f"{extra}keepdim:{str(keepdim).lower()},stop_gradient:[true]",
                        out, dt)

    def unary(self, kind: str, x: str, attrs: str = "") -> str:
        shape, dt = self.shapes[x]
        return self._op(f"pd_op.{kind}", [x], (attrs + "," if attrs else "") + "stop_gradient:[true]", shape, dt)

    def cast(self, x: str, dt: str) -> str:
        shape, _ = self.shapes[x]
        return self._op("pd_op.cast", [x], f"dtype:{dt},stop_gradient:[true]", shape, dt)

    def binary(self, kind: str, x: str, y: str) -> str:
        (sx, dt), (sy, _) = self.shapes[x], self.shapes[y]
        n = max(len(sx), len(sy))
        px, py = (1,) * (n - len(sx)) + sx, (1,) * (n - len(sy)) + sy
        return self._op(f"pd_op.{kind}", [x, y], "stop_gradient:[true]", tuple(max(a, b) for a, b in zip(px, py)),
                        dt)

    def scale(self, x: str, s: float, b: float) -> str:
        f = self._op("pd_op.full", [], f"dtype:float32,place:Place(cpu),shape:[1],stop_gradient:[true],value:{s}",
                     (1,), "float32")
        shape, dt = self.shapes[x]
        return self._op("pd_op.scale", [x, f], f"bias:{b},bias_after_scale:true,stop_gradient:[true]", shape, dt)

    def fetch(self, x: str) -> str:
        shape, dt = self.shapes[x]
        self._op("pd_op.fetch", [x], 'col:0,name:"out",persistable:[true],stop_gradient:[true]', shape, dt)
        return "{\n" + "\n".join(self.lines) + "\n}\n"


def _norm(p: Pir, x: str, axis: int) -> str:
    mu = p.reduce("mean", x, [axis], True)
    d = p.binary("subtract", x, mu)
    var = p.reduce("mean", p.binary("multiply", d, d), [axis], True)
    return p.binary("multiply", d, p.unary("rsqrt", p.scale(var, 1.0, 1e-5)))


@dataclass
class Layout:
    name: str
    shape: tuple[int, ...]
    dtype: str
    expr: str  # the same computation in bench/peers.py's vocabulary, over x (and gamma, beta)
    base: str = ""  # the layout whose computation this is, when the name says more (last_max@2048x1024)

    def feeds(self, seed: int = 0) -> dict[str, np.ndarray]:
        """Random feeds for :meth:`program`: ``x``, and a layer norm's ``gamma`` and ``beta``."""
        rng = np.random.default_rng(seed)
        out = {"x": rng.standard_normal(self.shape).astype(self.dtype)}
        if (self.base or self.name) == "layernorm":
            for name in ("gamma", "beta"):
                out[name] = rng.standard_normal(self.shape[-1:]).astype(self.dtype)
        return out

    def program(self) -> str:
        p = Pir()
        x = p.data("x", self.shape, self.dtype)
        n = self.base or self.name
        if n.startswith("f16_"):
            x = p.cast(x, "float32")
            n = n[4:]
        kind, _, where = n.partition("_")[2], None, n.partition("_")[0]
        if n == "layernorm":  # a row normalisation scaled and shifted by rows every row shares
            gamma, beta = p.data("gamma", self.shape[-1:], self.dtype), p.data("beta", self.shape[-1:], self.dtype)
            y = p.binary("add", p.binary("multiply", _norm(p, x, -1), gamma), beta)
        elif n == "rownorm_gelu":
            y = p.unary("gelu", _norm(p, x, -1), "approximate:false")
        elif n == "rownorm":
            y = _norm(p, x, -1)
        elif n == "colnorm":
            y = _norm(p, x, 0)
        elif n == "keepdim_sub":
            y = p.binary("subtract", x, p.reduce("max", x, [-1], True))
        else:
            axis = {"last": -1, "middle": 1, "first": 0}[where]
            y = p.reduce(kind, x, [axis], False)
        return p.fetch(y)
