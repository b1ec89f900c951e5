"""pd_op einsum, empty and print.

* ``(out, inner_cache, xshape) = einsum(x[]) {equation}``: numpy's einsum semantics
  (explicit ``->`` output, or the implicit one: the labels used once, sorted; ``...``
  broadcasts).  ``inner_cache`` holds one empty tensor per operand and ``xshape`` the operands'
  shapes, as Paddle's infer-meta types them (``tensor<0xf32>`` / the operand's type); the kernel
  returns empty arrays and the operands for them.  Computed in float64, cast back.
* ``empty(shape) {dtype, place}``: a tensor of that shape whose values are unspecified;
  pirc's kernel returns zeros.
* ``print(in) {first_n, message, summarize, print_tensor_*, print_phase, is_forward}``: writes
  the message and the tensor (name, shape, dtype, the first ``summarize`` values) to stderr
  and returns its input; a side effect, so it is never removed or reordered.

Values checked against PaddlePaddle 3.3.1 in tests/corpus/coverage_misc (einsum, print).
NON_FUSIBLE.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import (
    KernelArg,
    Meta,
    MetaArg,
    OpDef,
    PatternKind,
    ShapeError,
    meta_of,
    numpy_dtype,
    register,
)
from pirc.dialects.pd_op.manipulation import const_ints, kernel_ints


def _parse(equation: str, ranks: list[int]) -> tuple[list[str], str]:
    eq = equation.replace(" ", "")
    lhs, arrow, rhs = eq.partition("->")
    terms = lhs.split(",")
    if len(terms) != len(ranks):
        raise ShapeError(f"einsum: the equation {equation!r} names {len(terms)} operands, got {len(ranks)}")
    for t, r in zip(terms, ranks, strict=True):
        letters = t.replace("...", "")
        if not letters.isalpha() and letters:
            raise ShapeError(f"einsum: bad term {t!r} in {equation!r}")
        if ("..." not in t and len(letters) != r) or ("..." in t and len(letters) > r):
            raise ShapeError(f"einsum: term {t!r} does not fit an operand of rank {r}")
    if not arrow:
        once = sorted(c for c in set(lhs) if c.isalpha() and lhs.count(c) == 1)
        rhs = ("..." if "..." in lhs else "") + "".join(once)
    return terms, rhs


def _einsum_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Any]:
    xs = args[0] if isinstance(args[0], list) else [meta_of(args[0])]
    if any(m.shape is None for m in xs):
        raise ShapeError("einsum: operand ranks must be known")
    terms, rhs = _parse(str(attrs.get("equation", "")), [len(m.shape) for m in xs])  # type: ignore[arg-type]
    sizes: dict[str, int] = {}
    ell: tuple[int, ...] = ()
    for t, m in zip(terms, xs, strict=True):
        shape = list(m.shape)  # type: ignore[arg-type]
        if "..." in t:
            pre, post = t.split("...")
            n_ell = len(shape) - len(pre) - len(post)
            e = tuple(shape[len(pre):len(pre) + n_ell])
            n = max(len(ell), len(e))
            a, b = (1,) * (n - len(ell)) + ell, (1,) * (n - len(e)) + e
            ell = tuple(max(p, q) if 1 in (p, q) or -1 in (p, q) else p for p, q in zip(a, b, strict=True))
            letters = list(pre) + list(post)
            dims = shape[:len(pre)] + shape[len(pre) + n_ell:]
        else:
            letters, dims = list(t), shape
        for c, d in zip(letters, dims, strict=True):
            old = sizes.get(c)
            if old is not None and old not in (1, -1) and d not in (1, -1) and old != d:
                raise ShapeError(f"einsum: label {c!r} has sizes {old} and {d}")
            sizes[c] = d if old is None or old == 1 else old
    if "..." in rhs:
        pre, post = rhs.split("...")
        out = [sizes[c] for c in pre] + list(ell) + [sizes[c] for c in post]
    else:
        out = [sizes[c] for c in rhs]
    dt = xs[0].dtype
    return [Meta(tuple(out), dt), [Meta((0,), dt) for _ in xs], [Meta(m.shape, m.dtype) for m in xs]]


def _einsum_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[Any]:
    xs = args[0] if isinstance(args[0], list) else [args[0]]
    arrays = [np.asarray(a) for a in xs]
    eq = str(attrs.get("equation", "")).replace(" ", "")
    out = np.einsum(eq, *(a.astype(np.float64) if a.dtype.kind == "f" else a for a in arrays))
    dt = arrays[0].dtype
    return [np.ascontiguousarray(np.asarray(out).astype(dt)), [np.zeros((0,), dtype=dt) for _ in arrays], arrays]


register(OpDef(name="pd_op.einsum", operands=("x[]",), attrs=("equation",),
               results=("out", "inner_cache[]", "xshape[]"), infer_meta=_einsum_meta, kernel=_einsum_kernel,
               pattern=PatternKind.NON_FUSIBLE, loose_results=frozenset({1, 2})))


def _empty_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    shape = const_ints(args[0])
    dt = str(attrs.get("dtype", "float32"))
    if shape is None:
        m = args[0]
        n = m.shape[0] if isinstance(m, Meta) and m.shape else -1
        return [Meta(None if n < 0 else (-1,) * n, dt)]
    if any(d < -1 for d in shape):
        raise ShapeError(f"empty: bad shape {shape}")
    return [Meta(tuple(shape), dt)]


def _empty_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    return [np.zeros(kernel_ints(args[0]), dtype=numpy_dtype(str(attrs.get("dtype", "float32"))))]


register(OpDef(name="pd_op.empty", operands=("shape",), attrs=("dtype", "place"), infer_meta=_empty_meta,
               kernel=_empty_kernel, pattern=PatternKind.NON_FUSIBLE))


def _print_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = meta_of(args[0])
    return [Meta(x.shape, x.dtype)]


def _print_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    x = np.asarray(args[0])
    lines = []
    if attrs.get("message"):
        lines.append(str(attrs["message"]))
    if attrs.get("print_tensor_shape", True):
        lines.append(f"  - shape: {list(x.shape)}")
    if attrs.get("print_tensor_type", True):
        lines.append(f"  - dtype: {x.dtype}")
    n = int(attrs.get("summarize", 20))
    flat = x.reshape(-1)
    lines.append("  - data: " + str((flat if n < 0 else flat[:n]).tolist()))
    print("\n".join(lines), file=sys.stderr, flush=True)
    return [x]


register(OpDef(name="pd_op.print", operands=("in",),
               attrs=("first_n", "message", "summarize", "print_tensor_name", "print_tensor_type",
                      "print_tensor_shape", "print_tensor_layout", "print_tensor_lod", "print_phase", "is_forward"),
               infer_meta=_print_meta, kernel=_print_kernel, pattern=PatternKind.NON_FUSIBLE,
               traits=frozenset({"side_effect"})))
