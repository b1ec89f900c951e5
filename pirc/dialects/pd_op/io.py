"""Program inputs and outputs: pd_op.data, pd_op.feed, pd_op.fetch, pd_op.shadow_feed.

Their kernels are not numpy functions: the interpreter binds feeds and
collects fetches itself, so ``kernel`` is left empty here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pirc.dialects.opdef import DTYPE_TO_PIR, Meta, MetaArg, OpDef, PatternKind, ShapeError, register


def _data_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    shape = attrs.get("shape")
    dtype = attrs.get("dtype")
    if not isinstance(shape, list) or not all(isinstance(d, int) for d in shape):
        raise ShapeError("'shape' must be an int array")
    if dtype not in DTYPE_TO_PIR:
        raise ShapeError(f"'dtype' must be a data type, got {dtype!r}")
    return [Meta(tuple(shape), dtype)]


def _fetch_meta(args: Sequence[MetaArg], attrs: Mapping[str, Any]) -> list[Meta]:
    x = args[0]
    if not isinstance(x, Meta):
        raise ShapeError("fetch takes one tensor")
    return [Meta(x.shape, x.dtype)]


register(OpDef("pd_op.data", (), ("name", "shape", "dtype", "place"), ("out",), _data_meta,
               pattern=PatternKind.NON_FUSIBLE, traits=frozenset({"io"})))
register(OpDef("pd_op.feed", (), ("name", "col"), ("out",), None,
               pattern=PatternKind.NON_FUSIBLE, traits=frozenset({"io"})))
register(OpDef("pd_op.fetch", ("x",), ("name", "col"), ("out",), _fetch_meta,
               pattern=PatternKind.NON_FUSIBLE, traits=frozenset({"io", "side_effect"})))
register(OpDef("pd_op.shadow_feed", ("x",), (), ("out",), _fetch_meta,
               pattern=PatternKind.NON_FUSIBLE, traits=frozenset({"io"})))
