"""pd_op gaussian, uniform, multinomial: Paddle's CPU random ops, reproduced value for value.

Checked against PaddlePaddle 3.3.1 by tests/dialects/gen_part5.py (exact equality).

The streams are Paddle's (see :mod:`pirc.dialects.pd_op._rng`): a ``std::mt19937_64`` seeded with
the op's ``seed`` attribute when it is nonzero (a fresh engine per execution: every run gives the
same values), else the default CPU generator (:func:`manual_seed` below is ``paddle.seed``; the
values then depend on every earlier draw from it, in execution order).

* ``gaussian(shape) {mean, std, seed, dtype, place}``: ``normal_distribution<T>`` with mean and std
  passed through float (Paddle's ``NormalDistribution`` takes ``const float&``); float16 / bfloat16
  draw floats and convert; complex64 / complex128 draw the real and then the imaginary part of
  each element from one float / double distribution with std ``sqrt(std^2 / 2)``.
* ``uniform(shape, min, max) {dtype, seed, place}``: ``uniform_real_distribution<T>(min, max)``,
  bounds read as float.
* ``multinomial(x, num_samples) {replacement}``: always the default generator (the op has no seed).
  Per row of ``x`` (rank 1 or 2; probabilities >= 0, not all 0): running sums in T divided by the
  total, the last set to 1; each sample draws one ``uniform_real_distribution<T>(0, 1)`` value and
  takes the first category whose running sum is not below it (Paddle's binary search, replayed
  step by step); without replacement the chosen category's mass is taken out and the sums
  renormalised.  int64 results.

The shape rules take the sizes from constant operands (``[-1, ...]`` when only the rank is known).
NON_FUSIBLE; their names mark them random for the effects model and the fusion policy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op import _rng
from pirc.dialects.pd_op.common import (
    KernelArg,
    Meta,
    MetaArg,
    OpDef,
    PatternKind,
    ShapeError,
    as_int_list,
    meta_of,
    register,
)
from pirc.dialects.pd_op.elementwise import first_value

#: ``paddle.seed(seed)`` for pirc's default CPU generator
manual_seed = _rng.manual_seed

_FLOATS = ("float32", "float64", "float16", "bfloat16")
_COMPLEX = ("complex64", "complex128")


def _shape_meta(arg: MetaArg, dtype: str, what: str, complex_ok: bool = False) -> Meta:
    if dtype not in _FLOATS and not (complex_ok and dtype in _COMPLEX):
        raise ShapeError(f"{what}: dtype must be a floating type, got {dtype}")
    m = meta_of(arg)
    if m.const is not None:
        dims = tuple(as_int_list(m.const))
        if any(d < 0 for d in dims):
            raise ShapeError(f"{what}: shape {list(dims)} has a negative dimension")
        return Meta(dims, dtype)
    if m.shape is not None and len(m.shape) == 1 and m.shape[0] >= 0:
        return Meta((-1,) * m.shape[0], dtype)
    return Meta(None, dtype)


def _engine(attrs: Mapping[str, Any]) -> tuple[_rng.MT19937_64, Any]:
    """The engine an op draws from and the lock to hold while drawing (None: a private engine)."""
    seed = int(attrs.get("seed", 0))
    if seed:
        return _rng.MT19937_64(seed), None
    return _rng.DEFAULT.engine, _rng.DEFAULT.lock


def _draw(attrs: Mapping[str, Any], fn: Any, *args: Any) -> np.ndarray:
    engine, lock = _engine(attrs)
    if lock is None:
        return fn(engine, *args)
    with lock:
        return fn(engine, *args)


def _out_dtype(dtype: str) -> tuple[np.dtype, np.dtype]:
    """(the dtype the distribution computes in, the result dtype)."""
    if dtype == "float64":
        return np.dtype(np.float64), np.dtype(np.float64)
    if dtype == "float16":
        return np.dtype(np.float32), np.dtype(np.float16)
    if dtype in ("float32", "bfloat16"):  # bfloat16 is held as float32 in pirc
        return np.dtype(np.float32), np.dtype(np.float32)
    raise ValueError(f"the random ops draw floating values, not {dtype}")


def _sizes(arg: KernelArg, what: str) -> tuple[int, ...]:
    dims = tuple(as_int_list(arg))
    if any(d < 0 for d in dims):
        raise ValueError(f"{what}: shape {list(dims)} has a negative dimension")
    return dims


# ---------------------------------------------------------------------------
# gaussian / uniform
# ---------------------------------------------------------------------------


def _gaussian_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    return [_shape_meta(args[0], str(attrs.get("dtype", "float32")), "gaussian", complex_ok=True)]


def _gaussian_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    dims = _sizes(args[0], "gaussian")
    dtype = str(attrs.get("dtype", "float32"))
    mean = np.float32(attrs.get("mean", 0.0))
    std = np.float32(attrs.get("std", 1.0))
    n = int(np.prod(dims, dtype=np.int64))
    if dtype in _COMPLEX:  # real and imaginary parts drawn in turn, each with std sqrt(std^2 / 2)
        calc = np.dtype(np.float32 if dtype == "complex64" else np.float64)
        part_std = np.float32(np.sqrt(np.float64(std) ** 2 / 2))
        vals = _draw(attrs, _rng.normal, 2 * n, mean, part_std, calc)
        return [(vals[0::2] + 1j * vals[1::2]).astype(dtype).reshape(dims)]
    calc, out = _out_dtype(dtype)
    vals = _draw(attrs, _rng.normal, n, mean, std, calc)
    return [vals.astype(out).reshape(dims)]


register(OpDef(name="pd_op.gaussian", operands=("shape",), attrs=("mean", "std", "seed", "dtype", "place"),
               infer_meta=_gaussian_meta, kernel=_gaussian_kernel, pattern=PatternKind.NON_FUSIBLE))


def _uniform_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    for i, what in ((1, "min"), (2, "max")):
        m = args[i]
        if isinstance(m, Meta) and m.shape is not None and int(np.prod(m.shape, dtype=np.int64)) > 1:
            raise ShapeError(f"uniform: {what} must hold one value, got shape {list(m.shape)}")
    return [_shape_meta(args[0], str(attrs.get("dtype", "float32")), "uniform")]


def _uniform_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    dims = _sizes(args[0], "uniform")
    calc, out = _out_dtype(str(attrs.get("dtype", "float32")))
    low = np.float32(first_value(args[1]))  # Scalar::to<float>
    high = np.float32(first_value(args[2]))
    n = int(np.prod(dims, dtype=np.int64))
    vals = _draw(attrs, _rng.uniform_real, n, low, high, calc)
    return [vals.astype(out).reshape(dims)]


register(OpDef(name="pd_op.uniform", operands=("shape", "min", "max"), attrs=("dtype", "seed", "place"),
               infer_meta=_uniform_meta, kernel=_uniform_kernel, pattern=PatternKind.NON_FUSIBLE))


# ---------------------------------------------------------------------------
# multinomial
# ---------------------------------------------------------------------------


def _multinomial_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    if x.dtype not in _FLOATS:
        raise ShapeError(f"multinomial: x must be floating, got {x.dtype}")
    ns = args[1].const if len(args) > 1 and isinstance(args[1], Meta) else None
    n = -1 if ns is None else as_int_list(ns)[0]
    if ns is not None and n <= 0:
        raise ShapeError(f"multinomial: num_samples must be > 0, got {n}")
    if x.shape is None:
        return [Meta(None, "int64")]
    if len(x.shape) not in (1, 2):
        raise ShapeError(f"multinomial: x must be 1-D or 2-D, got rank {len(x.shape)}")
    return [Meta(tuple(x.shape[:-1]) + (n,), "int64")]


def _sample_row(probs: np.ndarray, u: np.ndarray, replacement: bool) -> np.ndarray:
    """Paddle's MultinomialFunctor for one distribution, ``u`` its uniform draws."""
    t = probs.dtype.type
    if (probs < 0).any():
        raise ValueError(f"multinomial: probabilities must be >= 0, got {float(probs.min())}")
    cum = np.cumsum(probs, dtype=probs.dtype)  # sequential running sums in T
    total = cum[-1]
    if not total > 0:
        raise ValueError(f"multinomial: the probabilities of a distribution must sum to > 0, got {float(total)}")
    if not replacement and int(np.count_nonzero(probs)) < len(u):
        raise ValueError("multinomial: without replacement, num_samples must not exceed the non-zero categories")
    cum = cum / total
    n = len(probs)
    out = np.empty(len(u), dtype=np.int64)
    for s, r in enumerate(u):
        cum[n - 1] = t(1)
        left, right = 0, n
        while right > left:
            mid = left + (right - left) // 2
            if cum[mid] < r:
                left = mid + 1
            else:
                right = mid
        out[s] = left
        if not replacement and s < len(u) - 1:
            prev = cum[left - 1] if left else t(0)
            mass = cum[left] - prev
            rest = t(1) - mass
            cum[left:] -= mass
            cum /= rest
    return out


def _multinomial_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    if x.dtype not in (np.float32, np.float64):
        raise ValueError(f"multinomial: pirc reproduces float32 / float64 probabilities, not {x.dtype}")
    if x.ndim not in (1, 2):
        raise ValueError(f"multinomial: x must be 1-D or 2-D, got rank {x.ndim}")
    ns = int(first_value(args[1]))
    if ns <= 0:
        raise ValueError(f"multinomial: num_samples must be > 0, got {ns}")
    replacement = bool(attrs.get("replacement", False))
    rows = x.reshape(-1, x.shape[-1])
    gen = _rng.DEFAULT
    with gen.lock:
        u = _rng.canonical(gen.engine.draw(rows.shape[0] * ns), x.dtype).reshape(rows.shape[0], ns)
    out = np.stack([_sample_row(rows[i], u[i], replacement) for i in range(rows.shape[0])])
    return [out.reshape(x.shape[:-1] + (ns,))]


register(OpDef(name="pd_op.multinomial", operands=("x", "num_samples"), attrs=("replacement",),
               infer_meta=_multinomial_meta, kernel=_multinomial_kernel, pattern=PatternKind.NON_FUSIBLE))
