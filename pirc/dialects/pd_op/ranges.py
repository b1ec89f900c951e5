"""pd_op eye and linspace (creation ops whose sizes come in as operands), tril_indices and
triu_indices.

Checked against PaddlePaddle 3.3.1 by tests/dialects/gen_part4.py.

* ``eye(num_rows, num_columns) {dtype, place}``: the sizes are float32 ``pd_op.full``
  operands (Paddle's Scalar); ``num_columns`` -1 means square.  Typed from the constants.
* ``linspace(start, stop, number) {dtype, place}``: printed ``[-1]`` always.  Paddle's CPU
  kernel: with n > 1, step = (stop - start) / (n - 1) in double; the first n / 2 values are
  ``start + step * i``, the rest ``stop - step * (n - 1 - i)``, each cast to ``dtype``
  (truncation for integers); with n == 1 just ``start``.

* ``tril_indices() {rows, cols, offset, dtype, place}`` / ``triu_indices() {row, col, offset,
  dtype, place}`` (Paddle spells the sizes differently): the ``[2, N]`` row and column indices
  of the lower (upper) triangle of a rows x cols matrix, ``offset`` diagonals above (below) the
  main one included, in row-major order (numpy's ``tril_indices`` / ``triu_indices``); a DLRM
  feature interaction takes the pairwise products below the diagonal with them.

NON_FUSIBLE.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pirc.dialects.pd_op.common import KernelArg, Meta, MetaArg, OpDef, PatternKind, ShapeError, numpy_dtype, register
from pirc.dialects.pd_op.elementwise import first_value


def _scalar(arg: MetaArg) -> float | None:
    if isinstance(arg, Meta) and arg.const is not None:
        return float(np.asarray(arg.const).reshape(-1)[0])
    return None


def _eye_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    r, c = _scalar(args[0]), _scalar(args[1])
    rows = -1 if r is None else int(r)
    cols = rows if c is not None and int(c) == -1 else (-1 if c is None else int(c))
    if rows < -1 or cols < -1:
        raise ShapeError(f"eye: sizes must be >= 0, got {rows} x {cols}")
    return [Meta((rows, cols), str(attrs.get("dtype", "float32")))]


def _eye_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    rows = int(first_value(args[0]))
    cols = int(first_value(args[1]))
    if cols == -1:
        cols = rows
    return [np.eye(rows, cols, dtype=numpy_dtype(str(attrs.get("dtype", "float32"))))]


register(OpDef(name="pd_op.eye", operands=("num_rows", "num_columns"), attrs=("dtype", "place"),
               infer_meta=_eye_meta, kernel=_eye_kernel, pattern=PatternKind.NON_FUSIBLE))


def _linspace_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    for i, what in ((0, "start"), (1, "stop"), (2, "number")):
        m = args[i]
        if isinstance(m, Meta) and m.shape is not None and len(m.shape) > 1:
            raise ShapeError(f"linspace: {what} must hold one value, got shape {list(m.shape)}")
    return [Meta((-1,), str(attrs.get("dtype", "float32")))]


def _linspace_kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
    dt = np.dtype(numpy_dtype(str(attrs.get("dtype", "float32"))))
    start = np.asarray(first_value(args[0])).astype(dt)
    stop = np.asarray(first_value(args[1])).astype(dt)
    n = int(first_value(args[2]))
    if n <= 0:
        raise ValueError(f"linspace: the number of values must be > 0, got {n}")
    if n == 1:
        return [np.asarray([start], dtype=dt)]
    s, e = float(start), float(stop)
    step = (e - s) / (n - 1)
    i = np.arange(n, dtype=np.float64)
    vals = np.where(i < n // 2, s + step * i, e - step * (n - 1 - i))
    if dt.kind in "iu":
        vals = np.trunc(vals)
    return [vals.astype(dt)]


register(OpDef(name="pd_op.linspace", operands=("start", "stop", "number"), attrs=("dtype", "place"),
               infer_meta=_linspace_meta, kernel=_linspace_kernel, pattern=PatternKind.NON_FUSIBLE))


def _tri_indices(lower: bool) -> tuple[Any, Any]:
    rk, ck = ("rows", "cols") if lower else ("row", "col")

    def indices(attrs: Mapping[str, Any]) -> np.ndarray:
        rows, cols, k = int(attrs.get(rk, 0)), int(attrs.get(ck, 0)), int(attrs.get("offset", 0))
        if rows < 0 or cols < 0:
            raise ShapeError(f"{'tril' if lower else 'triu'}_indices: sizes must be >= 0, got {rows} x {cols}")
        r, c = (np.tril_indices if lower else np.triu_indices)(rows, k, cols)
        return np.stack([r, c]).astype(numpy_dtype(str(attrs.get("dtype", "int64"))))

    def meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
        return [Meta(indices(attrs).shape, str(attrs.get("dtype", "int64")))]

    def kernel(args: Sequence[KernelArg], attrs: Mapping[str, Any]) -> list[np.ndarray]:
        return [indices(attrs)]

    return meta, kernel


for _name, _lower in (("pd_op.tril_indices", True), ("pd_op.triu_indices", False)):
    _meta, _kernel = _tri_indices(_lower)
    register(OpDef(name=_name, operands=(), attrs=("rows", "cols", "offset", "dtype", "place") if _lower else
                   ("row", "col", "offset", "dtype", "place"), infer_meta=_meta, kernel=_kernel,
                   pattern=PatternKind.NON_FUSIBLE))
