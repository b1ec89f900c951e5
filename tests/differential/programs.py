"""Random programs of mixed ops for the cross-backend differential test (issue 29: one answer for
every backend).

:func:`program` draws one program as PIR text: one to three float32 feeds (a dynamic batch or not),
then a sequence of ops, each drawn from :data:`TEMPLATES` and applied to values already in the
program: elementwise unary and binary ops with broadcasting, reductions with constant axes,
softmax, transposes, reshapes, concatenation, slices, gathers, rolls, flips, tiles, cumulative sums,
argmax, comparisons and where, casts and matmuls.  Every result type comes from the op's own shape
rule (``OP_DEFS[...].infer_meta``), so a program is what the verifier accepts.  The values no later
op reads are the program's results: fetched (``pd_op.fetch``) or, in a program without fetch ops,
``builtin.shadow_output`` as Paddle's ``jit.save`` writes.

Ops whose result jumps on a tiny change of their input (floor, sign, comparisons, argmax, casts to
integers) read feeds only: compiled kernels may round differently from numpy in the last bit, and a
comparison of a computed value could flip on it.

:func:`merge` joins several drawn programs into one (their names prefixed): a batch compiles once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from hypothesis import strategies as st

import pirc.dialects.all  # noqa: F401  - registers the op definitions
from pirc.dialects.opdef import DTYPE_TO_PIR, OP_DEFS, Meta


@dataclass
class Val:
    """A value of the program being drawn."""

    name: str
    shape: tuple[int, ...]  # -1: the dynamic batch
    dtype: str
    feed: bool = False  # read from a feed as it is (no computation before it)
    const: Any = None  # the ints of a full_int_array


@dataclass
class Drawn:
    """One drawn program: its op lines, feeds (name -> array), the values it returns."""

    lines: list[str] = field(default_factory=list)
    feeds: dict[str, np.ndarray] = field(default_factory=dict)
    results: list[Val] = field(default_factory=list)
    fetch: bool = True

    def text(self) -> str:
        return "{\n" + "\n".join(self.lines + self.returns()) + "\n}\n"

    def returns(self) -> list[str]:
        out = []
        for k, v in enumerate(self.results):
            name = f"{v.name.lstrip('%').replace('_', 'x')}_out"
            if self.fetch:
                out.append(f'    (%{v.name[1:]}_f) = "pd_op.fetch" ({v.name}) {{col:{k},name:"{name}",persistable:[true],'
                           f'stop_gradient:[true]}} : ({_ty(v)}) -> {_ty(v)}')
            else:
                out.append(f'    () = "builtin.shadow_output" ({v.name}) {{output_name:"{name}"}} : ({_ty(v)}) -> ')
        return out


def _ty(v: Val) -> str:
    dims = "x".join(str(d) for d in v.shape)
    return f"tensor<{dims + 'x' if dims else ''}{DTYPE_TO_PIR[v.dtype]}>"


def _ints(xs: Sequence[int]) -> str:
    return "[" + ",".join(str(int(x)) for x in xs) + "]"


class _Builder:
    """Appends op lines, typing each result by the op's shape rule."""

    def __init__(self, prefix: str, batch: int) -> None:
        self.prefix = prefix
        self.batch = batch
        self.n = 0
        self.d = Drawn()
        self.vals: list[Val] = []
        self.read: set[str] = set()

    def fresh(self) -> str:
        self.n += 1
        return f"%{self.prefix}{self.n}"

    def meta(self, v: Val) -> Meta:
        return Meta(v.shape, v.dtype, v.const)

    def op(self, name: str, operands: Sequence[Val | list[Val]], attrs_text: str, attrs: dict[str, Any],
           keep: bool = True) -> Val:
        metas: list[Any] = [[self.meta(x) for x in o] if isinstance(o, list) else self.meta(o) for o in operands]
        d = OP_DEFS[name]
        assert d.infer_meta is not None
        m = d.infer_meta(metas, attrs)[0]
        assert m.shape is not None
        r = Val(self.fresh(), tuple(int(s) for s in m.shape), m.dtype)
        names = []
        types = []
        for o in operands:
            if isinstance(o, list):  # a combine list
                c = self.fresh()
                self.d.lines.append(f'    ({c}) = "builtin.combine" ({", ".join(x.name for x in o)}) {{stop_gradient:[true]}} : '
                                    f'({", ".join(_ty(x) for x in o)}) -> vec[{",".join(_ty(x) for x in o)}]')
                names.append(c)
                types.append(f"vec[{','.join(_ty(x) for x in o)}]")
                self.read.update(x.name for x in o)
            else:
                names.append(o.name)
                types.append(_ty(o))
                self.read.add(o.name)
        sep = "," if attrs_text else ""
        self.d.lines.append(f'    ({r.name}) = "{name}" ({", ".join(names)}) {{{attrs_text}{sep}stop_gradient:[true]}} : '
                            f'({", ".join(types)}) -> {_ty(r)}')
        if keep:
            self.vals.append(r)
        return r

    def int_array(self, values: Sequence[int]) -> Val:
        r = Val(self.fresh(), (len(values),), "int64", const=[int(v) for v in values])
        self.d.lines.append(f'    ({r.name}) = "pd_op.full_int_array" () {{dtype:int64,place:Place(cpu),stop_gradient:[true],'
                            f'value:{_ints(values)}}} : () -> {_ty(r)}')
        return r

    def full(self, shape: Sequence[int], value: float, dtype: str) -> Val:
        r = Val(self.fresh(), tuple(shape), dtype, const=[value])
        self.d.lines.append(f'    ({r.name}) = "pd_op.full" () {{dtype:{dtype},place:Place(cpu),shape:{_ints(shape)},'
                            f'stop_gradient:[true],value:{value}}} : () -> {_ty(r)}')
        return r


# ------------------------------------------------------------------------------------------------
# op templates: each takes the builder and a draw function; returns None when no value fits
# ------------------------------------------------------------------------------------------------

UNARY = ("exp", "tanh", "relu", "abs", "sigmoid", "sin", "cos", "square", "silu", "sqrt", "log", "rsqrt", "softplus",
         "erf", "reciprocal", "hardswish", "relu6", "leaky_relu", "elu")
JUMPY = ("floor", "ceil", "sign", "round")
BINARY = ("add", "subtract", "multiply", "divide", "maximum", "minimum")
COMPARE = ("less_than", "greater_equal", "equal", "not_equal")
REDUCE = ("sum", "max", "min", "mean", "prod")

Draw = Callable[[st.SearchStrategy[Any]], Any]


def _floats(b: _Builder) -> list[Val]:
    return [v for v in b.vals if v.dtype == "float32"]


def _unary(b: _Builder, draw: Draw) -> Val | None:
    x = draw(st.sampled_from(_floats(b)))
    name = draw(st.sampled_from(UNARY))
    if name == "leaky_relu":
        return b.op("pd_op.leaky_relu", [x], "negative_slope:0.1", {"negative_slope": 0.1})
    if name == "elu":
        return b.op("pd_op.elu", [x], "alpha:1", {"alpha": 1.0})
    if name == "softplus":
        return b.op("pd_op.softplus", [x], "beta:1,threshold:20", {"beta": 1.0, "threshold": 20.0})
    return b.op(f"pd_op.{name}", [x], "", {})


def _jumpy(b: _Builder, draw: Draw) -> Val | None:
    feeds = [v for v in b.vals if v.feed]
    x = draw(st.sampled_from(feeds))
    name = draw(st.sampled_from(JUMPY))
    if name == "round":
        return b.op("pd_op.round", [x], "decimals:0", {"decimals": 0})
    return b.op(f"pd_op.{name}", [x], "", {})


def _broadcastable(a: tuple[int, ...], c: tuple[int, ...]) -> bool:
    for x, y in zip(reversed(a), reversed(c)):
        if x != y and 1 not in (x, y):
            return False
    return True


def _binary(b: _Builder, draw: Draw) -> Val | None:
    fl = _floats(b)
    x = draw(st.sampled_from(fl))
    partners = [v for v in fl if _broadcastable(x.shape, v.shape)]
    y = draw(st.sampled_from(partners))
    name = draw(st.sampled_from(BINARY))
    return b.op(f"pd_op.{name}", [x, y], "", {})


def _scale(b: _Builder, draw: Draw) -> Val | None:
    x = draw(st.sampled_from(_floats(b)))
    s = draw(st.sampled_from([0.5, 2.0, -1.5]))
    bias = draw(st.sampled_from([0.0, 1.0, -0.25]))
    after = draw(st.booleans())
    f = b.full([1], s, "float32")
    return b.op("pd_op.scale", [x, f], f"bias:{bias},bias_after_scale:{str(after).lower()}",
                {"bias": bias, "bias_after_scale": after})


def _reduce(b: _Builder, draw: Draw) -> Val | None:
    fl = [v for v in _floats(b) if len(v.shape) >= 1]
    if not fl:
        return None
    x = draw(st.sampled_from(fl))
    rank = len(x.shape)
    axes = draw(st.lists(st.integers(-rank, rank - 1), min_size=0, max_size=rank, unique_by=lambda a: a % rank))
    keep = draw(st.booleans())
    name = draw(st.sampled_from(REDUCE))
    ax = b.int_array(axes)
    if name in ("sum", "prod"):
        return b.op(f"pd_op.{name}", [x, ax], f"dtype:Undefined,keepdim:{str(keep).lower()}" if name == "sum"
                    else f"keepdim:{str(keep).lower()},reduce_all:false", {"keepdim": keep, "dtype": "Undefined"})
    return b.op(f"pd_op.{name}", [x, ax], f"keepdim:{str(keep).lower()}", {"keepdim": keep})


def _softmax(b: _Builder, draw: Draw) -> Val | None:
    fl = [v for v in _floats(b) if v.shape]
    if not fl:
        return None
    x = draw(st.sampled_from(fl))
    axis = draw(st.integers(-len(x.shape), len(x.shape) - 1))
    name = draw(st.sampled_from(["softmax", "log_softmax"]))
    return b.op(f"pd_op.{name}", [x], f"axis:{axis}", {"axis": axis})


def _transpose(b: _Builder, draw: Draw) -> Val | None:
    fl = [v for v in _floats(b) if len(v.shape) >= 2]
    if not fl:
        return None
    x = draw(st.sampled_from(fl))
    perm = draw(st.permutations(range(len(x.shape))))
    return b.op("pd_op.transpose", [x], f"perm:{_ints(perm)}", {"perm": list(perm)})


def _reshape(b: _Builder, draw: Draw) -> Val | None:
    fl = [v for v in _floats(b) if -1 not in v.shape and v.shape]
    if not fl:
        return None
    x = draw(st.sampled_from(fl))
    n = int(np.prod(x.shape))
    divs = [d for d in range(1, n + 1) if n % d == 0]
    first = draw(st.sampled_from(divs))
    shape = [first, n // first] if draw(st.booleans()) else [n]
    return b.op("pd_op.reshape", [x, b.int_array(shape)], "", {})


def _concat(b: _Builder, draw: Draw) -> Val | None:
    fl = [v for v in _floats(b) if v.shape]
    x = draw(st.sampled_from(fl)) if fl else None
    if x is None:
        return None
    rank = len(x.shape)
    axis = draw(st.integers(0, rank - 1))
    if x.shape[axis] == -1:
        return None
    same = [v for v in fl if len(v.shape) == rank and all(v.shape[i] == x.shape[i] for i in range(rank) if i != axis)]
    parts = [x] + draw(st.lists(st.sampled_from(same), min_size=1, max_size=2))
    if draw(st.booleans()):
        ax = b.full([1], axis, "int32")
        return b.op("pd_op.concat", [parts, ax], "", {})
    if any(v.shape != x.shape for v in parts):
        return None
    return b.op("pd_op.stack", [parts], f"axis:{axis}", {"axis": axis})


def _slice(b: _Builder, draw: Draw) -> Val | None:
    fl = [v for v in _floats(b) if any(d > 1 for d in v.shape)]
    if not fl:
        return None
    x = draw(st.sampled_from(fl))
    axis = draw(st.sampled_from([i for i, d in enumerate(x.shape) if d > 1]))
    n = x.shape[axis]
    start = draw(st.integers(0, n - 1))
    end = draw(st.integers(start + 1, n))
    return b.op("pd_op.slice", [x, b.int_array([start]), b.int_array([end])],
                f"axes:[{axis}],decrease_axis:[],infer_flags:[1]",
                {"axes": [axis], "decrease_axis": [], "infer_flags": [1]})


def _gather(b: _Builder, draw: Draw) -> Val | None:
    fl = [v for v in _floats(b) if any(d > 0 for d in v.shape)]
    if not fl:
        return None
    x = draw(st.sampled_from(fl))
    axis = draw(st.sampled_from([i for i, d in enumerate(x.shape) if d > 0]))
    n = x.shape[axis]
    idx = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=5))
    iv = b.int_array(idx)
    ax = b.full([1], axis, "int32")
    return b.op("pd_op.gather", [x, iv, ax], "", {})


def _move(b: _Builder, draw: Draw) -> Val | None:
    fl = [v for v in _floats(b) if v.shape]
    if not fl:
        return None
    x = draw(st.sampled_from(fl))
    rank = len(x.shape)
    what = draw(st.sampled_from(["roll", "flip", "tile"]))
    axis = draw(st.integers(0, rank - 1))
    if what == "roll":
        return b.op("pd_op.roll", [x, b.int_array([draw(st.integers(-5, 5))])], f"axis:[{axis}]", {"axis": [axis]})
    if what == "flip":
        return b.op("pd_op.flip", [x], f"axis:[{axis}]", {"axis": [axis]})
    reps = [1] * rank
    if x.shape[axis] != -1:  # a tiled dynamic dim would print -1 for another size than the batch's
        reps[axis] = draw(st.integers(1, 3))
    return b.op("pd_op.tile", [x, b.int_array(reps)], "", {})


def _cumsum(b: _Builder, draw: Draw) -> Val | None:
    fl = [v for v in _floats(b) if v.shape]
    if not fl:
        return None
    x = draw(st.sampled_from(fl))
    axis = draw(st.integers(-len(x.shape), len(x.shape) - 1))
    ex, rev = draw(st.booleans()), draw(st.booleans())
    return b.op("pd_op.cumsum", [x, b.full([1], axis, "int32")],
                f"exclusive:{str(ex).lower()},flatten:false,reverse:{str(rev).lower()}",
                {"exclusive": ex, "flatten": False, "reverse": rev})


def _argmax(b: _Builder, draw: Draw) -> Val | None:
    feeds = [v for v in b.vals if v.feed and v.shape]
    if not feeds:
        return None
    x = draw(st.sampled_from(feeds))
    axis = draw(st.integers(-len(x.shape), len(x.shape) - 1))
    keep = draw(st.booleans())
    name = draw(st.sampled_from(["argmax", "argmin"]))
    r = b.op(f"pd_op.{name}", [x, b.int_array([axis])], f"dtype:int64,flatten:false,keepdims:{str(keep).lower()}",
             {"dtype": "int64", "flatten": False, "keepdims": keep}, keep=False)
    b.d.results.append(r)  # an int64 result: returned, not computed on
    b.read.add(r.name)
    return r


def _where(b: _Builder, draw: Draw) -> Val | None:
    feeds = [v for v in b.vals if v.feed]
    x = draw(st.sampled_from(feeds))
    partners = [v for v in feeds if v.shape == x.shape]
    y = draw(st.sampled_from(partners))
    cond = b.op(f"pd_op.{draw(st.sampled_from(COMPARE))}", [x, y], "", {}, keep=False)
    fl = [v for v in _floats(b) if v.shape == x.shape]
    a, c = draw(st.sampled_from(fl)), draw(st.sampled_from(fl))
    return b.op("pd_op.where", [cond, a, c], "", {})


def _cast(b: _Builder, draw: Draw) -> Val | None:
    feeds = [v for v in b.vals if v.feed]
    x = draw(st.sampled_from(feeds))
    to = draw(st.sampled_from(["int32", "int64"]))
    i = b.op("pd_op.cast", [x], f"dtype:{to}", {"dtype": to}, keep=False)
    return b.op("pd_op.cast", [i], "dtype:float32", {"dtype": "float32"})


def _matmul(b: _Builder, draw: Draw) -> Val | None:
    fl = [v for v in _floats(b) if len(v.shape) >= 2 and -1 not in v.shape[-2:]]
    if not fl:
        return None
    x = draw(st.sampled_from(fl))
    ty = draw(st.booleans())
    # x @ x^T ([.., M, K] x [.., M, K]^T) or x^T @ x
    if ty:
        return b.op("pd_op.matmul", [x, x], "transpose_x:false,transpose_y:true", {"transpose_x": False, "transpose_y": True})
    return b.op("pd_op.matmul", [x, x], "transpose_x:true,transpose_y:false", {"transpose_x": True, "transpose_y": False})


TEMPLATES = {"unary": (_unary, 6), "binary": (_binary, 6), "scale": (_scale, 2), "reduce": (_reduce, 3),
             "softmax": (_softmax, 2), "transpose": (_transpose, 2), "reshape": (_reshape, 2), "concat": (_concat, 2),
             "slice": (_slice, 2), "gather": (_gather, 1), "move": (_move, 2), "cumsum": (_cumsum, 1),
             "argmax": (_argmax, 1), "where": (_where, 1), "cast": (_cast, 1), "matmul": (_matmul, 1), "jumpy": (_jumpy, 1)}
_WEIGHTED = [name for name, (_, w) in TEMPLATES.items() for _ in range(w)]


@st.composite
def program(draw: st.DrawFn, prefix: str = "", max_ops: int = 10, fetch: bool | None = None) -> Drawn:
    """One random program (see the module docstring); ``prefix`` names its values and feeds."""
    rng_seed = draw(st.integers(0, 2**31 - 1))
    rng = np.random.default_rng(rng_seed)
    batch = draw(st.integers(1, 4))
    b = _Builder(prefix, batch)
    b.d.fetch = draw(st.booleans()) if fetch is None else fetch
    dyn = draw(st.booleans())
    for k in range(draw(st.integers(1, 3))):
        rank = draw(st.integers(1, 4))
        shape = [draw(st.integers(1, 6)) for _ in range(rank)]
        if k and draw(st.booleans()):  # often a shape another feed has (binary ops, where)
            shape = list(b.vals[0].shape) if -1 not in b.vals[0].shape else [batch] + list(b.vals[0].shape[1:])
        declared = [-1] + shape[1:] if dyn and len(shape) >= 2 else shape
        if -1 in declared:
            shape[0] = batch
        name = f"{prefix}x{k}"
        v = Val(b.fresh(), tuple(declared), "float32", feed=True)
        b.d.lines.append(f'    ({v.name}) = "pd_op.data" () {{dtype:float32,name:"{name}",place:Place(undefined:0),'
                         f'shape:{_ints(declared)},stop_gradient:[true]}} : () -> {_ty(v)}')
        b.vals.append(v)
        b.d.feeds[name] = (rng.standard_normal(shape) * 2).astype(np.float32)
    for _ in range(draw(st.integers(1, max_ops))):
        kind = draw(st.sampled_from(_WEIGHTED))
        fn = TEMPLATES[kind][0]
        try:
            fn(b, draw)
        except (ValueError, KeyError, IndexError, TypeError):  # a shape rule refused the draw: try another op
            continue
    computed = [v for v in b.vals if not v.feed and v.name not in b.read]
    if not computed and not b.d.results:  # nothing computed: return exp of the first feed
        computed = [b.op("pd_op.exp", [b.vals[0]], "", {})]
    b.d.results = computed + b.d.results
    return b.d


def merge(programs: Sequence[Drawn]) -> Drawn:
    """One program running each of ``programs`` (their names already distinct by prefix); all of them
    fetch, or none does (a program mixes the two only as Paddle never writes)."""
    out = Drawn(fetch=all(p.fetch for p in programs))
    for p in programs:
        out.lines += p.lines
        out.feeds.update(p.feeds)
        out.results += p.results
    return out


__all__ = ["Drawn", "TEMPLATES", "Val", "merge", "program"]
