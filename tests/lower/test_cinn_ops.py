"""The cinn_op ops (the forms pd_to_cinn produces) as one-op groups, on static and dynamic
(-1) shapes: the evaluated kernel equals the op's numpy kernel in pirc/dialects/cinn_op.py."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from lower_helpers import compare, run_lowered
from op_cases import TO_PIR

import pirc.dialects.all  # noqa: F401
from pirc.cinn.lower import OpLower
from pirc.dialects.opdef import lookup
from pirc.ir.core import Operation
from pirc.ir.types import DenseTensorType

RNG = np.random.default_rng(7)


def _t(shape: Any, dtype: str = "float32") -> DenseTensorType:
    return DenseTensorType.get(TO_PIR[dtype], tuple(shape))


def _data(shape: Any, dtype: str = "float32") -> Any:
    return Operation.create("pd_op.data", (), (_t(shape, dtype),), {"name": "x"}).results[0]


def _array(shape: Any, dtype: str = "float32", lo: int = -3, hi: int = 4) -> np.ndarray:
    if dtype.startswith("float"):
        return RNG.standard_normal(shape).astype(dtype)
    if dtype == "bool":
        return RNG.random(shape) < 0.5
    return RNG.integers(lo, hi, size=shape).astype(dtype)


# (op, [(type shape, runtime shape, dtype[, (lo, hi)])...], attrs, result type shape, result dtype)
CASES: list[tuple[str, list[tuple], dict, tuple, str]] = [
    ("cinn_op.reduce_sum", [((4, 6), (4, 6), "float32")], {"axis": [1], "keepdim": True, "dtype": "float32"}, (4, 1), "float32"),
    ("cinn_op.reduce_sum", [((-1, 6), (5, 6), "float32")], {"axis": [0], "keepdim": False, "dtype": "float32"}, (6,), "float32"),
    ("cinn_op.reduce_sum", [((-1, 3, 5), (2, 3, 5), "float32")], {"axis": [0, 2], "keepdim": False, "dtype": "float32"}, (3,), "float32"),
    ("cinn_op.reduce_sum", [((3, 4), (3, 4), "int32")], {"axis": [], "keepdim": False, "dtype": "int64"}, (), "int64"),
    ("cinn_op.reduce_sum", [((3, 4), (3, 4), "bool")], {"axis": [1], "keepdim": False, "dtype": "int64"}, (3,), "int64"),
    ("cinn_op.reduce_max", [((-1, 40), (3, 40), "float32")], {"axis": [1], "keepdim": True}, (-1, 1), "float32"),
    ("cinn_op.reduce_max", [((64, 3), (64, 3), "float32")], {"axis": [0], "keepdim": False}, (3,), "float32"),
    ("cinn_op.reduce_min", [((2, 3, 4), (2, 3, 4), "int64")], {"axis": [1], "keepdim": False}, (2, 4), "int64"),
    ("cinn_op.reduce_max", [((3, 5), (3, 5), "bool")], {"axis": [1], "keepdim": False}, (3,), "bool"),
    ("cinn_op.reduce_min", [((3, 5), (3, 5), "bool")], {"axis": [0], "keepdim": True}, (1, 5), "bool"),
    ("cinn_op.reduce_max", [((2, 300), (2, 300), "bool")], {"axis": [1], "keepdim": False}, (2,), "bool"),
    ("cinn_op.reduce_prod", [((3, 5), (3, 5), "float32")], {"axis": [1], "keepdim": False, "reduce_all": False}, (3,), "float32"),
    ("cinn_op.reduce_sum", [((2, 600), (2, 600), "float32")], {"axis": [1], "keepdim": False, "dtype": "float32"}, (2,), "float32"),
    ("cinn_op.reduce_sum", [((3000, 2), (3000, 2), "float32")], {"axis": [0], "keepdim": False, "dtype": "float32"}, (2,), "float32"),
    ("cinn_op.broadcast", [((1, 5), (1, 5), "float32")], {"broadcast_axes": [0, 1], "out_shape": [4, 5]}, (4, 5), "float32"),
    ("cinn_op.broadcast", [((5,), (5,), "float32"), ((-1, 5), (3, 5), "float32")], {"broadcast_axes": [1], "out_shape": [-1, 5]}, (-1, 5), "float32"),
    ("cinn_op.broadcast", [((-1, 1), (3, 1), "float32")], {"broadcast_axes": [0, 1], "out_shape": [-1, 6]}, (-1, 6), "float32"),
    ("cinn_op.broadcast", [((-1,), (1,), "float32")], {"broadcast_axes": [1], "out_shape": [2, 4]}, (2, 4), "float32"),
    ("cinn_op.reshape", [((2, 3, 4), (2, 3, 4), "float32")], {"shape": [6, -1]}, (6, 4), "float32"),
    ("cinn_op.reshape", [((-1, 4, 6), (3, 4, 6), "float32")], {"shape": [0, 24]}, (-1, 24), "float32"),
    ("cinn_op.reshape", [((-1, 4, 6), (3, 4, 6), "float32")], {"shape": [-1, 8, 3]}, (-1, 8, 3), "float32"),
    ("cinn_op.reshape", [((-1, 6), (2, 6), "float32")], {"shape": [3, -1]}, (3, -1), "float32"),
    ("cinn_op.scale", [((3, 4), (3, 4), "float32")], {"scale": 2.5, "bias": -1.0, "bias_after_scale": True}, (3, 4), "float32"),
    ("cinn_op.scale", [((3, 4), (3, 4), "float32")], {"scale": 2.5, "bias": -1.0, "bias_after_scale": False}, (3, 4), "float32"),
    ("cinn_op.scale", [((3, 4), (3, 4), "int32")], {"scale": 2.7, "bias": 1.9, "bias_after_scale": True}, (3, 4), "int32"),
    ("cinn_op.slice", [((4, 6), (4, 6), "float32")], {"axes": [1], "starts": [1], "ends": [5], "infer_flags": [1], "decrease_axis": []}, (4, 4), "float32"),
    ("cinn_op.slice", [((4, 6), (4, 6), "float32")], {"axes": [0, 1], "starts": [-3, 2], "ends": [-1, 2147483647], "infer_flags": [1, 1], "decrease_axis": []}, (2, 4), "float32"),
    ("cinn_op.slice", [((-1, 6), (5, 6), "float32")], {"axes": [1], "starts": [2], "ends": [3], "infer_flags": [1], "decrease_axis": [1]}, (-1,), "float32"),
    ("cinn_op.slice", [((-1, 6), (5, 6), "float32")], {"axes": [0], "starts": [1], "ends": [2147483647], "infer_flags": [1], "decrease_axis": []}, (-1, 6), "float32"),
    ("cinn_op.slice", [((-1, 6), (5, 6), "float32")], {"axes": [0], "starts": [-2], "ends": [2147483647], "infer_flags": [1], "decrease_axis": []}, (-1, 6), "float32"),
    ("cinn_op.concat", [((2, 3), (2, 3), "float32"), ((2, 5), (2, 5), "float32"), ((2, 1), (2, 1), "float32")], {"axis": 1}, (2, 9), "float32"),
    ("cinn_op.concat", [((-1, 3), (2, 3), "float32"), ((-1, 3), (4, 3), "float32")], {"axis": 0}, (-1, 3), "float32"),
    ("cinn_op.gather", [((5, 3), (5, 3), "float32"), ((4,), (4,), "int64", (-5, 5))], {"axis": 0}, (4, 3), "float32"),
    ("cinn_op.gather", [((-1, 6), (2, 6), "float32"), ((3,), (3,), "int32", (0, 6))], {"axis": 1}, (-1, 3), "float32"),
    ("cinn_op.gather", [((5, 3), (5, 3), "float32"), ((), (), "int64", (0, 5))], {"axis": 0}, (3,), "float32"),
    ("cinn_op.reverse", [((3, 4, 5), (3, 4, 5), "float32")], {"axis": [0, 2]}, (3, 4, 5), "float32"),
    ("cinn_op.reverse", [((-1, 4), (3, 4), "int32")], {"axis": [0]}, (-1, 4), "int32"),
]


def _case_id(c: tuple) -> str:
    return c[0].split(".")[1] + "-" + "x".join(str(d) for d in c[1][0][0])


@pytest.mark.parametrize("target", ["c", "cuda"])
@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_cinn_op(case: tuple, target: str) -> None:
    name, operands, attrs, rshape, rdtype = case
    vals, arrays = [], []
    for o in operands:
        shape, run, dt = o[:3]
        vals.append(_data(shape, dt))
        arrays.append(_array(run, dt, *(o[3] if len(o) > 3 else (-3, 4))))
    op = Operation.create(name, vals, (_t(rshape, rdtype),), attrs)
    want = [np.asarray(x) for x in lookup(name).kernel(arrays, op.attrs.values())]
    lg = OpLower(target, cross_thread_calls=False).lower_ops_list([op], list(op.results), vals)
    got = run_lowered(lg, arrays)
    assert not compare(got, want), compare(got, want)
