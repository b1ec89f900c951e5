"""A reference evaluator: runs a LoweredFunc on numpy arrays.

    out = evaluate(fn, A=a)                  # symbolic dims come from the arrays' shapes
    out = evaluate(fn, {"_A": a, "M": 64})   # or by name; returns {"_B": array, ...}

Arguments are bound by name: a buffer argument by its name (``_A``) or that
name without the leading underscore (``A``), a scalar argument (a symbolic dim)
by its name.  Scalars that appear as a bare dimension of an argument buffer are
inferred from the array's shape.  Inputs are copied; ``out`` / ``inout`` arrays
that are passed in are written in place; missing ``out`` buffers and temp
buffers are allocated (filled with ``fill``, 0 by default).  The result maps
every ``out`` / ``inout`` argument name to its array.

Semantics are C's: integer ``/`` truncates, ``%`` takes the dividend's sign,
casts from float to int truncate.  Loops bound to GPU axes run like serial
loops; a kernel that uses ``blockIdx.x`` / ``threadIdx.x`` directly runs over
the ``grid_dim`` / ``block_dim`` attributes of the function.  Cross-thread
primitives (``cinn_block_reduce_*``, shared-memory communication across
``__syncthreads``) are not modelled.

Speed: a loop runs as one numpy computation over its whole range when that is
safe: the loop variable is bound to an ``arange`` and enclosing/enclosed
vectorized loops add broadcast axes.  It is safe when, for every buffer the loop
writes, every access to it in the loop uses the same index expression (after
inlining ``axis.bind`` and Let bindings) -- so iterations touch disjoint
elements -- or, when that index does not involve the loop variable, every write
is a reduction update ``B[i] = op(B[i], rhs)`` with op one of + * max min and or,
which is then computed with ``ufunc.reduce``.  Stores whose indices collide at
run time (non-injective index expressions) abandon the attempt: the buffers
the loop reads and writes are restored and that loop runs as a Python loop
(its inner loops may still vectorize).  ``if`` inside a vectorized loop becomes
a mask; ``select`` evaluates both sides (loads there are clamped to bounds).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.evaluator_args import bind_args, wrap_gpu_axes
from pirc.cinn.ast.evaluator_loops import LoopAnalysis, LoopInfo, Reduction, storage_key
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import (
    VOID_INTRINSICS,
    Expr,
    For,
    LoweredFunc,
    Node,
    Stmt,
    Store,
    Tensor,
    Var,
    ast_error,
    intrinsic_base,
)
from pirc.diagnostics import PircError

#: Beyond this many points in the vectorized iteration space, inner loops run as Python loops.
MAX_VECTOR_POINTS = 1 << 24


class _NotVectorizable(Exception):
    def __init__(self, loop: For | None) -> None:
        super().__init__("not vectorizable")
        self.loop = loop


def _identity(kind: Kind, dtype: np.dtype) -> Any:
    if kind is Kind.ADD:
        return dtype.type(0)
    if kind is Kind.MUL:
        return dtype.type(1)
    if kind is Kind.AND:
        return True
    if kind is Kind.OR:
        return False
    if dtype.kind == "f":
        return dtype.type(-np.inf if kind is Kind.MAX else np.inf)
    if dtype.kind == "b":
        return kind is Kind.MIN
    info = np.iinfo(dtype)
    return dtype.type(info.min if kind is Kind.MAX else info.max)


def _round_bf16(x: Any) -> Any:
    a = np.asarray(x, dtype=np.float32)
    bits = a.view(np.uint32).astype(np.uint64)
    bits = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    out = (bits & 0xFFFFFFFF).astype(np.uint32).view(np.float32)
    out = np.where(np.isnan(a), a, out)
    return out if isinstance(x, np.ndarray) else np.float32(out)


_erf_vec = np.vectorize(math.erf, otypes=[np.float64])


def _c_round(x: Any) -> Any:
    return np.sign(x) * np.floor(np.abs(x) + 0.5)


_INTRINSICS: dict[str, Any] = {
    "exp": np.exp, "exp2": np.exp2, "expm1": np.expm1, "log": np.log, "log2": np.log2, "log10": np.log10,
    "log1p": np.log1p, "sqrt": np.sqrt, "rsqrt": lambda x: np.reciprocal(np.sqrt(x)), "cbrt": np.cbrt,
    "tanh": np.tanh, "tan": np.tan, "sin": np.sin, "cos": np.cos, "asin": np.arcsin, "acos": np.arccos,
    "atan": np.arctan, "sinh": np.sinh, "cosh": np.cosh, "asinh": np.arcsinh, "acosh": np.arccosh,
    "atanh": np.arctanh, "erf": lambda x: _erf_vec(x), "abs": np.abs, "fabs": np.abs, "floor": np.floor,
    "ceil": np.ceil, "round": _c_round, "trunc": np.trunc, "sigmoid": lambda x: 1 / (1 + np.exp(-x)),
    "pow": np.power, "fmod": np.fmod, "atan2": np.arctan2, "remainder": np.remainder, "isnan": np.isnan,
    "isinf": np.isinf, "isfinite": np.isfinite, "max": np.maximum, "min": np.minimum,
    "relu": lambda x: np.maximum(x, 0), "sign": np.sign, "reciprocal": np.reciprocal,
    "fma": lambda a, b, c: a * b + c,
}


def _shape(x: Any) -> tuple:
    return x.shape if isinstance(x, np.ndarray) else ()


def _unique(flat: np.ndarray) -> bool:
    if flat.size <= 1:
        return True
    if bool((np.diff(flat) > 0).all()):
        return True
    return np.unique(flat).size == flat.size


class Evaluator(LoopAnalysis):
    """Runs one LoweredFunc; reusable across calls (analysis is cached)."""

    def __init__(self, func: LoweredFunc, *, vectorize: bool = True, fill: float = 0) -> None:
        if not isinstance(func, LoweredFunc):
            raise TypeError(f"evaluate() runs a LoweredFunc, got {type(func).__name__}")
        self.func = func
        self.vectorize = vectorize
        self.fill = fill
        super().__init__()
        self._failed: set[int] = set()
        self._fconst: dict[int, Any] = {}
        self._body = wrap_gpu_axes(func)
        self._ev = {
            Kind.VAR: self.e_var, Kind.INT_IMM: self.e_int, Kind.FLOAT_IMM: self.e_float,
            Kind.STRING_IMM: lambda e: e.value, Kind.LOAD: self.e_load,
            Kind.ADD: lambda e: self.ev(e.a) + self.ev(e.b),
            Kind.SUB: lambda e: self.ev(e.a) - self.ev(e.b),
            Kind.MUL: lambda e: self.ev(e.a) * self.ev(e.b),
            Kind.DIV: self.e_div, Kind.MOD: self.e_mod,
            Kind.MIN: lambda e: np.minimum(self.ev(e.a), self.ev(e.b)),
            Kind.MAX: lambda e: np.maximum(self.ev(e.a), self.ev(e.b)),
            Kind.EQ: lambda e: self.ev(e.a) == self.ev(e.b),
            Kind.NE: lambda e: self.ev(e.a) != self.ev(e.b),
            Kind.LT: lambda e: self.ev(e.a) < self.ev(e.b),
            Kind.LE: lambda e: self.ev(e.a) <= self.ev(e.b),
            Kind.GT: lambda e: self.ev(e.a) > self.ev(e.b),
            Kind.GE: lambda e: self.ev(e.a) >= self.ev(e.b),
            Kind.AND: lambda e: np.logical_and(self.ev(e.a), self.ev(e.b)),
            Kind.OR: lambda e: np.logical_or(self.ev(e.a), self.ev(e.b)),
            Kind.NOT: lambda e: np.logical_not(self.ev(e.a)),
            Kind.MINUS: lambda e: -self.ev(e.a),
            Kind.CAST: lambda e: self.cast(self.ev(e.value), e.dtype),
            Kind.SELECT: self.e_select, Kind.CALL: self.e_call,
        }
        self._ex = {
            Kind.STORE: self.x_store, Kind.FOR: self.x_for, Kind.BLOCK: self.x_block,
            Kind.IF_THEN_ELSE: self.x_if, Kind.LET: self.x_let, Kind.EVALUATE: self.x_evaluate,
            Kind.SCHEDULE_BLOCK_REALIZE: self.x_realize,
        }

    def run(self, args: Mapping[str, Any] | None = None, /, **kwargs: Any) -> dict[str, np.ndarray]:
        given = dict(args or {})
        for k, v in kwargs.items():
            if k in given:
                raise TypeError(f"argument {k} given twice")
            given[k] = v
        self.env: dict[Var, Any] = {}
        self.storage: dict[str, np.ndarray] = {}
        self.views: dict[str, np.ndarray] = {}
        self.vloops: list[For] = []
        self.vpoints = 1
        self.mask: Any = None
        self.guard = 0
        with np.errstate(all="ignore"):
            results = bind_args(self, given)
            self.x(self._body)
        return results

    # -- storage --------------------------------------------------------------------------------
    def view(self, t: Tensor) -> np.ndarray:
        v = self.views.get(t.name)
        if v is not None:
            return v
        shape = tuple(self._dim(d, t) for d in t.shape)
        size = int(np.prod(shape, dtype=np.int64))
        key = storage_key(t)
        st = self.storage.get(key)
        if st is None:
            if t.buffer is not None:
                n = int(np.prod([self._dim(d, t) for d in t.buffer.shape], dtype=np.int64))
            else:
                n = size
            st = self.storage[key] = np.full(n, self.fill, dtype=t.dtype.numpy)
        if size > st.size:
            raise ast_error(f"tensor {t.name} {shape} does not fit in its buffer {key} ({st.size} elements)", t.span)
        v = self.views[t.name] = st[:size].reshape(shape)
        return v

    def _dim(self, d: Expr, t: Tensor) -> int:
        v = self.ev(d)
        if isinstance(v, np.ndarray):
            raise ast_error(f"the shape of {t.name} depends on a loop variable", t.span)
        return int(v)

    # -- expressions ------------------------------------------------------------------------------
    def ev(self, e: Any) -> Any:
        return self._ev[e.KIND](e)

    def e_var(self, e: Var) -> Any:
        try:
            return self.env[e]
        except KeyError:
            raise ast_error(f"variable {e.name} has no value here", e.span) from None

    def e_int(self, e: Any) -> Any:
        return bool(e.value) if e.dtype is DType.BOOL else e.value

    def e_float(self, e: Any) -> Any:
        c = self._fconst.get(id(e))
        if c is None:
            c = self._fconst[id(e)] = (e.dtype.numpy.type(e.value), e)
        return c[0]

    def e_div(self, e: Any) -> Any:
        a, b = self.ev(e.a), self.ev(e.b)
        if e.dtype.is_float:
            return a / b
        if isinstance(a, int) and isinstance(b, int):
            if b == 0:
                raise ast_error("integer division by zero", e.span)
            q = abs(a) // abs(b)
            return q if (a < 0) == (b < 0) else -q
        q = np.floor_divide(a, b)
        return q + ((np.remainder(a, b) != 0) & ((np.asarray(a) < 0) != (np.asarray(b) < 0)))

    def e_mod(self, e: Any) -> Any:
        a, b = self.ev(e.a), self.ev(e.b)
        if isinstance(a, int) and isinstance(b, int):
            if b == 0:
                raise ast_error("integer modulo by zero", e.span)
            r = abs(a) % abs(b)
            return r if a >= 0 else -r
        return np.fmod(a, b)

    def cast(self, v: Any, dt: DType) -> Any:
        if isinstance(v, np.ndarray):
            if dt.is_bool:
                return v != 0
            r = v.astype(dt.numpy)
            return _round_bf16(r) if dt is DType.BFLOAT16 else r
        if dt.is_bool:
            return bool(v)
        if dt.is_int:
            return int(v)
        r = dt.numpy.type(v)
        return _round_bf16(r) if dt is DType.BFLOAT16 else r

    def e_select(self, e: Any) -> Any:
        c = self.ev(e.condition)
        if not isinstance(c, np.ndarray):
            return self.ev(e.true_value if c else e.false_value)
        self.guard += 1
        try:
            t, f = self.ev(e.true_value), self.ev(e.false_value)
        finally:
            self.guard -= 1
        return np.where(c, t, f).astype(e.dtype.numpy) if e.dtype.is_numeric or e.dtype.is_bool else np.where(c, t, f)

    def e_call(self, e: Any) -> Any:
        fn = _INTRINSICS.get(intrinsic_base(e.name))
        if fn is None:
            raise ast_error(f"the evaluator does not implement the call '{e.name}'", e.span)
        for a in e.args:
            if not isinstance(a, Expr):
                raise ast_error(f"the evaluator does not implement '{e.name}' on buffers", e.span)
        r = fn(*[self.ev(a) for a in e.args])
        if e.dtype.is_numeric or e.dtype.is_bool:
            return self.cast(r, e.dtype)
        return r

    def e_load(self, e: Any) -> Any:
        view = self.view(e.tensor)
        idx = [self.ev(i) for i in e.indices]
        return self._gather(view, idx, e, self.guard > 0 or self.mask is not None)

    def _gather(self, view: np.ndarray, idx: list, node: Node, clamp: bool) -> Any:
        shape = view.shape
        if not any(isinstance(i, np.ndarray) for i in idx):
            for k, (i, n) in enumerate(zip(idx, shape)):
                if not 0 <= i < n:
                    if clamp:
                        idx[k] = min(max(int(i), 0), n - 1)
                    else:
                        raise self._oob(node, idx, shape)
            return view[tuple(idx)]
        for k, (i, n) in enumerate(zip(idx, shape)):
            if isinstance(i, np.ndarray):
                if i.size and (i.min() < 0 or i.max() >= n):
                    if not clamp:
                        raise self._oob(node, idx, shape)
                    idx[k] = np.clip(i, 0, n - 1)
            elif not 0 <= i < n:
                if not clamp:
                    raise self._oob(node, idx, shape)
                idx[k] = min(max(int(i), 0), n - 1)
        return view[tuple(idx)]

    def _oob(self, node: Any, idx: list, shape: tuple) -> PircError:
        shown = []
        for i in idx:
            if isinstance(i, np.ndarray):
                shown.append(f"{i.min()}..{i.max()}" if i.size else "[]")
            else:
                shown.append(str(i))
        return ast_error(f"index [{', '.join(shown)}] is out of bounds for {node.tensor.name} with shape {shape}",
                         node.span)

    # -- statements -------------------------------------------------------------------------------
    def x(self, s: Stmt) -> None:
        self._ex[s.KIND](s)

    def x_block(self, s: Any) -> None:
        for c in s.stmts:
            self._ex[c.KIND](c)

    def x_let(self, s: Any) -> None:
        self.env[s.var] = 0 if s.value is None else self.ev(s.value)

    def x_evaluate(self, s: Any) -> None:
        if s.value.name in VOID_INTRINSICS:
            return
        self.ev(s.value)

    def x_realize(self, s: Any) -> None:
        env = self.env
        ivs = s.block.iter_vars
        old = [env.get(v, env) for v in ivs]
        for v, val in zip(ivs, s.iter_values):
            env[v] = self.ev(val)
        try:
            self.x(s.block.body)
        finally:
            for v, o in zip(ivs, old):
                if o is env:
                    env.pop(v, None)
                else:
                    env[v] = o

    def x_if(self, s: Any) -> None:
        c = self.ev(s.condition)
        if not isinstance(c, np.ndarray):
            if c:
                self.x(s.then_case)
            elif s.else_case is not None:
                self.x(s.else_case)
            return
        old = self.mask
        try:
            self.mask = c if old is None else np.logical_and(old, c)
            self.x(s.then_case)
            if s.else_case is not None:
                nc = np.logical_not(c)
                self.mask = nc if old is None else np.logical_and(old, nc)
                self.x(s.else_case)
        finally:
            self.mask = old

    def x_store(self, s: Store) -> None:
        view = self.view(s.tensor)
        idx = [self.ev(i) for i in s.indices]
        if not self.vloops and self.mask is None:
            value = self.ev(s.value)
            if isinstance(value, np.ndarray) or any(isinstance(i, np.ndarray) for i in idx):
                self._store_vec(s, view, idx, value)
                return
            for i, n in zip(idx, view.shape):
                if not 0 <= i < n:
                    raise self._oob(s, idx, view.shape)
            if s.tensor.dtype is DType.BFLOAT16:
                value = _round_bf16(value)
            view[tuple(idx)] = value
            return
        red = self.reduction(s)
        if red is not None:
            rhs = self.ev(red.rhs)
            self._store_vec(s, view, idx, None, red, rhs)
        else:
            self._store_vec(s, view, idx, self.ev(s.value))

    def _store_vec(self, s: Store, view: np.ndarray, idx: list, value: Any,
                   red: Reduction | None = None, rhs: Any = None) -> None:
        mask = self.mask
        idx_shape = np.broadcast_shapes(*[_shape(i) for i in idx]) if idx else ()
        vshape = _shape(rhs) if red is not None else _shape(value)
        full = np.broadcast_shapes(idx_shape, vshape, _shape(mask))
        pad = (1,) * (len(full) - len(idx_shape)) + tuple(idx_shape)
        collide = tuple(k for k in range(len(full)) if pad[k] == 1 and full[k] > 1)
        if red is not None:
            if collide:
                r = np.asarray(rhs)
                if mask is not None:
                    r = np.where(mask, r, _identity(red.kind, view.dtype))
                r = np.broadcast_to(r, full)
                reduced = red.ufunc.reduce(r, axis=collide, keepdims=True)
                mask_r = None if mask is None else np.any(np.broadcast_to(mask, full), axis=collide, keepdims=True)
                cur = self._gather(view, list(idx), s, mask_r is not None)
                self._scatter(s, view, idx, red.ufunc(cur, reduced), mask_r)
                return
            cur = self._gather(view, list(idx), s, mask is not None)
            value = red.ufunc(cur, rhs)
        elif collide:
            raise _NotVectorizable(self.vloops[-1] if self.vloops else None)
        self._scatter(s, view, idx, value, mask)

    def _scatter(self, s: Store, view: np.ndarray, idx: list, value: Any, mask: Any) -> None:
        full = np.broadcast_shapes(*[_shape(i) for i in idx], _shape(value), _shape(mask))
        if s.tensor.dtype is DType.BFLOAT16:
            value = _round_bf16(value)
        val = np.broadcast_to(np.asarray(value).astype(view.dtype, copy=False), full)
        ib = [np.broadcast_to(np.asarray(i), full) for i in idx]
        if mask is not None:
            m = np.broadcast_to(mask, full)
            ib = [i[m] for i in ib]
            val = val[m]
        else:
            ib = [i.reshape(-1) for i in ib]
            val = val.reshape(-1)
        if val.size == 0:
            return
        for i, n in zip(ib, view.shape):
            if i.min() < 0 or i.max() >= n:
                raise self._oob(s, ib, view.shape)
        if view.ndim == 0:
            if val.size > 1:
                raise _NotVectorizable(self.vloops[-1] if self.vloops else None)
            view[()] = val[0]
            return
        flat = np.ravel_multi_index(ib, view.shape)
        if not _unique(flat):
            raise _NotVectorizable(self.vloops[-1] if self.vloops else None)
        view.reshape(-1)[flat] = val

    def x_for(self, s: For) -> None:
        mn, ext = self.ev(s.min), self.ev(s.extent)
        if isinstance(mn, np.ndarray) or isinstance(ext, np.ndarray):
            raise _NotVectorizable(self.vloops[-1] if self.vloops else None)
        mn, ext = int(mn), int(ext)
        if ext <= 0:
            return
        if (self.vectorize and ext > 1 and id(s) not in self._failed
                and self.vpoints * ext <= MAX_VECTOR_POINTS):
            info = self.loop_info(s)
            if info is not None:
                if self.vloops:
                    self._run_vec(s, mn, ext)
                else:
                    self._run_vec_top(s, mn, ext, info)
                return
        self._run_scalar(s, mn, ext)

    def _run_scalar(self, s: For, mn: int, ext: int) -> None:
        env, v, body, x = self.env, s.loop_var, s.body, self.x
        old = env.get(v, env)
        try:
            for i in range(mn, mn + ext):
                env[v] = i
                x(body)
        finally:
            if old is env:
                env.pop(v, None)
            else:
                env[v] = old

    def _run_vec(self, s: For, mn: int, ext: int) -> None:
        env, v = self.env, s.loop_var
        old = env.get(v, env)
        k = len(self.vloops)
        env[v] = np.arange(mn, mn + ext, dtype=np.int64).reshape((ext,) + (1,) * k)
        self.vloops.append(s)
        self.vpoints *= ext
        try:
            self.x(s.body)
        finally:
            self.vloops.pop()
            self.vpoints //= ext
            if old is env:
                env.pop(v, None)
            else:
                env[v] = old

    def _run_vec_top(self, s: For, mn: int, ext: int, info: LoopInfo) -> None:
        saved = {}
        for key, t in info.rw_tensors.items():
            self.view(t)
            saved[key] = self.storage[key].copy()
        while True:
            try:
                self._run_vec(s, mn, ext)
                return
            except _NotVectorizable as e:
                for key, arr in saved.items():
                    self.storage[key][...] = arr
                loop = e.loop if e.loop is not None else s
                self._failed.add(id(loop))
                if loop is s:
                    self._run_scalar(s, mn, ext)
                    return


def evaluate(func: LoweredFunc, args: Mapping[str, Any] | None = None, /, *, vectorize: bool = True,
             fill: float = 0, **kwargs: Any) -> dict[str, np.ndarray]:
    """Run ``func`` on numpy arrays; see the module docstring.  Returns ``{out arg name: array}``."""
    return Evaluator(func, vectorize=vectorize, fill=fill).run(args, **kwargs)


__all__ = ["Evaluator", "MAX_VECTOR_POINTS", "evaluate"]
