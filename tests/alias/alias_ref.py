"""A plain numpy reference for pd_op programs with in-place ops and views (issue 11's oracle).

It evaluates a parsed program *in program order* under Paddle's semantics, as
measured with Paddle 3.3.1's executor (``tests/corpus/generate_alias.py`` checks them):

* every value names a **storage** (:class:`Buf`); an ordinary op allocates a new one;
* an **in-place** op (``pd_op.<op>_``) computes the out-of-place result and writes it
  into its operand's storage; its result names that same storage, so every later reader
  of the operand (or of the result, or of any other value naming the storage) sees it;
* a **view** op (reshape, transpose, unsqueeze, squeeze, flatten, slice) gives a **copy**:
  a later write to either side is not seen by the other;
* the in-place forms of the shape-only views (``reshape_``, ``flatten_``, ``unsqueeze_``,
  ``squeeze_``) are in-place ops like the others: the result names the operand's storage, read
  in the result's own shape (the same elements in row-major order), so writes through either
  side are seen by the other.  (``transpose_`` is left out: Paddle's kernel reads and writes the
  one buffer and scrambles it.)
* ``pd_op.if``: the results name the storages the taken branch yields (a captured value
  yielded by a branch is shared with the result, as Paddle's IfInstruction shares it);
* ``pd_op.while``: the block arguments name the loop inputs' storages (then the previous
  yields'), the results name the last yields' storages;
* ``pd_op.fetch`` copies the value at its position (Paddle puts fetches last).

Only numpy and the parsed op tree are used (names, operands, attributes, regions); no
pirc kernel, pass or runtime code runs here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np


class Buf:
    """One storage."""

    __slots__ = ("a",)

    def __init__(self, a: np.ndarray) -> None:
        self.a = a


def _sigmoid(x: np.ndarray) -> np.ndarray:
    one = np.asarray(1, x.dtype)
    return one / (one + np.exp(-x))


def _periodic(f: Callable[[np.ndarray], np.ndarray]) -> Callable[[np.ndarray], np.ndarray]:
    """sin/cos, with NaN ("not compared", as for an overflow) where the argument is so large that the
    few ulps by which two correct exp/tanh implementations upstream may differ move the result past
    the comparison's tolerance: there the float32 answer is not determined by the program (a compiled
    ``expf`` and numpy's ``exp`` then disagree about sin(4e6)); no aliasing question is lost."""

    def periodic(x: np.ndarray) -> np.ndarray:
        out = f(x)
        if np.issubdtype(out.dtype, np.floating):
            undetermined = 4 * np.abs(np.spacing(np.asarray(x, out.dtype))) > UNDETERMINED_ATOL
            out = np.where(undetermined, np.asarray(np.nan, out.dtype), out)
        return out

    return periodic


UNDETERMINED_ATOL = 1e-5  # alias_paths.same's atol

UNARY: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "exp": np.exp, "tanh": np.tanh, "sin": _periodic(np.sin), "cos": _periodic(np.cos), "abs": np.abs,
    "relu": lambda x: np.maximum(x, np.asarray(0, x.dtype)), "sigmoid": _sigmoid,
    "sqrt": np.sqrt, "square": np.square, "floor": np.floor,
}
BINARY: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "add": np.add, "subtract": np.subtract, "multiply": np.multiply,
    "less_than": np.less, "greater_than": np.greater, "less_equal": np.less_equal,
    "greater_equal": np.greater_equal, "equal": np.equal,
}
VIEWS = ("reshape", "transpose", "unsqueeze", "squeeze", "flatten", "slice")
SHAPE_INPLACE = ("reshape_", "flatten_", "unsqueeze_", "squeeze_")


def _np_dtype(name: str) -> Any:
    return {"float32": np.float32, "float64": np.float64, "int64": np.int64, "int32": np.int32,
            "bool": np.bool_}[name]


def _ints(a: Any) -> list[int]:
    return [int(v) for v in np.asarray(a).reshape(-1)]


class RefError(Exception):
    """An op the reference does not know (the generator produced something unexpected)."""


def _view(base: str, args: list[np.ndarray], at: Callable[[str], Any]) -> np.ndarray:
    x = args[0]
    if base == "reshape":
        shape = _ints(args[1])
        shape = [x.shape[i] if d == 0 else d for i, d in enumerate(shape)]
        return x.reshape(shape)
    if base == "transpose":
        return np.transpose(x, at("perm"))
    if base == "unsqueeze":
        out = x
        for ax in _ints(args[1]):
            out = np.expand_dims(out, ax if ax >= 0 else ax + out.ndim + 1)
        return out
    if base == "squeeze":
        axes = [a % x.ndim for a in _ints(args[1])] if x.ndim else []
        axes = [a for a in axes if x.shape[a] == 1]
        return np.squeeze(x, tuple(axes)) if axes else x
    if base == "flatten":
        s, e = at("start_axis"), at("stop_axis")
        if x.ndim == 0:
            return x.reshape(1)
        s, e = s % x.ndim, e % x.ndim
        n = 1
        for d in x.shape[s:e + 1]:
            n *= d
        return x.reshape(x.shape[:s] + (n,) + x.shape[e + 1:])
    if base == "slice":
        idx = [slice(None)] * x.ndim
        for ax, st, en in zip(at("axes"), _ints(args[1]), _ints(args[2]), strict=True):
            idx[ax] = slice(st, en)
        out = x[tuple(idx)]
        dec = at("decrease_axis") or []
        if dec:
            out = out.reshape([d for i, d in enumerate(out.shape) if i not in dec])
        return out
    raise RefError(base)


def _compute(name: str, base: str, args: list[np.ndarray], at: Callable[[str], Any]) -> np.ndarray:
    if base in UNARY:
        return UNARY[base](args[0])
    if base in BINARY:
        return BINARY[base](args[0], args[1])
    if base == "scale":
        x = args[0]
        s = np.asarray(args[1]).reshape(-1)[0] if len(args) > 1 else at("scale")
        b = at("bias")
        if at("bias_after_scale") in (None, True):
            out = x * np.asarray(s, x.dtype) + np.asarray(b, x.dtype)
        else:
            out = (x + np.asarray(b, x.dtype)) * np.asarray(s, x.dtype)
        return out.astype(x.dtype)
    if base == "increment":
        x = args[0]
        return (x + np.asarray(at("value"), x.dtype)).astype(x.dtype)
    if base == "logical_not":
        return np.logical_not(args[0])
    if base in VIEWS:
        return _view(base, args, at)
    raise RefError(name)


def evaluate(program: Any, feeds: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The fetched values of ``program`` (a parsed pirc Program) by fetch name."""
    env: dict[Any, Buf] = {}
    out: dict[str, np.ndarray] = {}

    def read(v: Any) -> np.ndarray:
        """The value ``v``: its storage seen in its own (static) shape."""
        a = env[v].a
        dims = getattr(v.type, "dims", None)
        if dims is None or any(d < 0 for d in dims) or tuple(dims) == a.shape:
            return a
        return a.reshape(dims)

    def run_block(block: Any) -> list[Buf]:
        for op in block.ops:
            name = op.name
            if name == "cf.yield":
                return [env[o.value] for o in op.operands]
            run_op(op)
        return []

    def run_op(op: Any) -> None:
        name = op.name
        at = op.attr
        if name == "pd_op.data":
            env[op.results[0]] = Buf(np.array(feeds[at("name")], copy=True))
            return
        if name == "pd_op.full":
            env[op.results[0]] = Buf(np.full(at("shape"), at("value"), dtype=_np_dtype(str(at("dtype")))))
            return
        if name == "pd_op.full_int_array":
            env[op.results[0]] = Buf(np.asarray(at("value"), dtype=_np_dtype(str(at("dtype")))))
            return
        if name == "pd_op.fetch":
            out[at("name")] = np.array(read(op.operands[0].value), copy=True)
            env[op.results[0]] = env[op.operands[0].value]
            return
        if name == "pd_op.if":
            c = env[op.operands[0].value].a
            ys = run_block(op.regions[0 if bool(np.asarray(c).reshape(-1)[0]) else 1].blocks[0])
            for r, y in zip(op.results, ys, strict=True):
                env[r] = y
            return
        if name == "pd_op.while":
            ins = [env[o.value] for o in op.operands]
            cond, bufs = ins[0], ins[1:]
            body = op.regions[0].blocks[0]
            while bool(np.asarray(cond.a).reshape(-1)[0]):
                for a, b in zip(body.args, bufs, strict=True):
                    env[a] = b
                ys = run_block(body)
                cond, bufs = ys[0], ys[1:]
            for r, b in zip(op.results, bufs, strict=True):
                env[r] = b
            return
        dialect, _, base = name.partition(".")
        if dialect != "pd_op":
            raise RefError(name)
        inplace = base.endswith("_") and (base[:-1] not in VIEWS or base in SHAPE_INPLACE)
        if inplace:
            base = base[:-1]
        args = [read(o.value) for o in op.operands]
        val = _compute(name, base, args, at)
        if inplace:
            dst = env[op.operands[0].value]
            if val.size != dst.a.size:
                raise RefError(f"{name}: in-place result shape {val.shape} does not fit operand shape {dst.a.shape}")
            dst.a[...] = val.reshape(dst.a.shape)
            env[op.results[0]] = dst
        else:
            env[op.results[0]] = Buf(np.array(val, copy=True))  # views are copies

    with np.errstate(all="ignore"):  # exp chains may overflow to inf, as in every path
        run_block(program.block)
    return out
