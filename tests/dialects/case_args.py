"""Decoding the operands of the Paddle-generated op cases (data/part2, data/part3) for kernels and shape rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from pirc.dialects.opdef import Meta, lookup

NP_DTYPES = {"float32": np.float32, "float64": np.float64, "float16": np.float16, "int32": np.int32,
             "int64": np.int64, "int16": np.int16, "int8": np.int8, "uint8": np.uint8, "bool": np.bool_}


def decode(v: Any) -> Any:
    """json can't hold nan/inf: the generators wrote them as strings."""
    if isinstance(v, list):
        return [decode(e) for e in v]
    if v in ("nan", "inf", "-inf"):
        return float(v)
    return v


def case_ids(c: dict[str, Any]) -> str:
    return f"{c['op'].removeprefix('pd_op.')}-{c['tag']}"


def arg_decoders(arrays: Mapping[str, np.ndarray]) -> tuple[Callable[[dict[str, Any]], Any], Callable[[dict[str, Any]], Any]]:
    """(kernel_arg, meta_arg): a case operand as a kernel sees it and as a shape rule sees it."""

    def const_array(d: dict[str, Any]) -> np.ndarray:
        dt = NP_DTYPES[d["dtype"]]
        if d["op"] == "pd_op.full_int_array":
            return np.array(d["value"], dtype=dt).reshape(d["shape"])
        return np.full(d["shape"], decode(d["value"]), dtype=dt)

    def kernel_arg(d: dict[str, Any]) -> Any:
        kind = d["kind"]
        if kind == "none":
            return None
        if kind == "list":
            return [kernel_arg(e) for e in d["items"]]
        if kind == "const":
            return const_array(d)
        return arrays[d["key"]].copy()

    def meta_arg(d: dict[str, Any]) -> Any:
        kind = d["kind"]
        if kind == "none":
            return None
        if kind == "list":
            return [meta_arg(e) for e in d["items"]]
        if kind == "const":
            # full_int_array constants as a list, full constants as an ndarray: both forms occur.
            const = list(d["value"]) if d["op"] == "pd_op.full_int_array" else const_array(d)
            return Meta(tuple(d["shape"]), d["dtype"], const)
        return Meta(tuple(d["shape"]), d["dtype"])

    return kernel_arg, meta_arg


def meta(name: str, args: list[Any], attrs: dict[str, Any] | None = None) -> list[Meta]:
    """The op's shape rule on ``args`` (Metas or arrays)."""
    op = lookup(name)
    assert op is not None and op.infer_meta is not None
    return op.infer_meta(args, attrs or {})


def run(name: str, args: list[Any], attrs: dict[str, Any] | None = None) -> list[np.ndarray]:
    """The op's numpy kernel on ``args``."""
    op = lookup(name)
    assert op is not None and op.kernel is not None
    return op.kernel(args, attrs or {})


def m(*shape: int, dtype: str = "float32", const: Any = None) -> Meta:
    """A Meta: shape, dtype and (for shape-carrying inputs) constant value."""
    return Meta(tuple(shape), dtype, const)
