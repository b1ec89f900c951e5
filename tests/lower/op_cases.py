"""Per-op cases recorded from Paddle 3.3.1 (tests/dialects/data/part*/cases.json), turned
into one-op groups: the lowered kernel, run on the AST evaluator, must reproduce the op's
numpy kernel (which the dialect tests check against Paddle)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

import pirc.dialects.all  # noqa: F401
from pirc.cinn.lower.strategy import STRATEGIES
from pirc.dialects.opdef import lookup
from pirc.ir.attributes import AttrDict, to_attr
from pirc.ir.core import Operation, Value
from pirc.ir.types import DenseTensorType
from tests.dialects.case_args import decode

DATA = Path(__file__).resolve().parents[1] / "dialects" / "data"
PIR_DTYPES = {"f32": "float32", "f64": "float64", "f16": "float16", "bf16": "bfloat16", "i8": "int8",
              "u8": "uint8", "i16": "int16", "i32": "int32", "i64": "int64", "b": "bool"}
TO_PIR = {v: k for k, v in PIR_DTYPES.items()}


def parse_type(t: str) -> tuple[tuple[int, ...], str]:
    m = re.fullmatch(r"tensor<(.*)>", t)
    assert m, t
    parts = m.group(1).split("x")
    return tuple(int(p) for p in parts[:-1]), PIR_DTYPES[parts[-1]]


def ttype(shape: Any, dtype: str) -> DenseTensorType:
    return DenseTensorType.get(TO_PIR[dtype], tuple(int(d) for d in shape))


@dataclass
class OpCase:
    id: str
    op: Operation
    inputs: list[Value]
    arrays: list[np.ndarray]
    rtol: float
    atol: float


_ARRAYS: dict[str, Any] = {}


def _arrays(part: str) -> Any:
    if part not in _ARRAYS:
        _ARRAYS[part] = np.load(DATA / part / "arrays.npz")
    return _ARRAYS[part]


def _producer(name: str, attrs: dict, t: DenseTensorType) -> Value:
    op = Operation.create(name, (), (t,), {k: decode(v) for k, v in attrs.items()})
    return op.results[0]


def _run_producer(v: Value) -> np.ndarray:
    op = v.owner  # type: ignore[attr-defined]
    opdef = lookup(op.name)
    return np.asarray(opdef.kernel([], op.attrs.values())[0])


def load_cases() -> list[OpCase]:
    out: list[OpCase] = []
    for part in ("part1", "part2", "part3"):
        doc = json.loads((DATA / part / "cases.json").read_text())
        arrs = _arrays(part)
        for ci, c in enumerate(doc["cases"]):
            name = c["op"]
            if name not in STRATEGIES or c.get("meta_only") or c.get("error"):
                continue
            cid = f"{part}:{c.get('id', ci)}:{name}:{c.get('tag', '')}"
            vals: list[Value | None] = []
            inputs: list[Value] = []
            arrays: list[np.ndarray] = []
            ok = True
            for o in c["operands"]:
                if o is None or o.get("kind") == "none":
                    vals.append(None)
                    continue
                if "type" in o:  # part 1
                    shape, dt = parse_type(o["type"])
                    prod = o.get("producer")
                    if prod == "pd_op.data":
                        if o.get("key") not in arrs.files:
                            ok = False
                            break
                        v = _producer("pd_op.data", {"name": "x"}, ttype(shape, dt))
                        a = arrs[o["key"]]
                    elif prod in ("pd_op.full", "pd_op.full_int_array"):
                        v = _producer(prod, o["producer_attrs"], ttype(shape, dt))
                        a = _run_producer(v)
                    else:
                        ok = False
                        break
                elif o.get("kind") == "tensor":
                    if o.get("key") not in arrs.files:
                        ok = False
                        break
                    v = _producer("pd_op.data", {"name": "x"}, ttype(o["shape"], o["dtype"]))
                    a = arrs[o["key"]]
                elif o.get("kind") == "const":
                    attrs = {"value": o["value"], "dtype": o["dtype"]}
                    if o["op"] == "pd_op.full":
                        attrs["shape"] = o["shape"]
                    v = _producer(o["op"], attrs, ttype(o["shape"], o["dtype"]))
                    a = _run_producer(v)
                else:
                    ok = False
                    break
                vals.append(v)
                if v not in inputs:
                    inputs.append(v)
                    arrays.append(np.asarray(a))
            if not ok:
                continue
            rtypes = []
            for r in c["results"]:
                if "type" in r:
                    shape, dt = parse_type(r["type"])
                else:
                    shape, dt = tuple(r["shape"]), r["dtype"]
                rtypes.append(ttype(shape, dt))
            attrs = {k: decode(v) for k, v in c.get("attrs", {}).items()}
            op = Operation(name, vals, rtypes, AttrDict.get({k: to_attr(v) for k, v in attrs.items()}))
            out.append(OpCase(cid, op, inputs, arrays, float(c.get("rtol", 1e-5)), float(c.get("atol", 1e-6))))
    return out


def expected(case: OpCase) -> list[np.ndarray]:
    opdef = lookup(case.op.name)
    env = dict(zip(case.inputs, case.arrays))
    args = [env[o.value] if o.value is not None else None for o in case.op.operands]
    return [np.asarray(x) for x in opdef.kernel(args, case.op.attrs.values())]
