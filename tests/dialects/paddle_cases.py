"""What the Paddle-side case generators (gen_part2.py, gen_part3.py) share: describing an op's
operands and attributes in the JSON form the tests read back (see case_args.py).  Needs Paddle."""

from __future__ import annotations

from typing import Any

import numpy as np

SKIP_ATTRS = {"op_callstack", "stop_gradient", "struct_name", "persistable"}


def dtype_name(d: Any) -> str:
    s = str(d)
    for prefix in ("paddle.", "DataType."):
        s = s.removeprefix(prefix)
    return s.lower()


def attr_value(v: Any) -> Any:
    if isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        if not np.isfinite(v):
            return repr(v)  # "nan" / "inf" / "-inf": json-safe, decoded by the tests
        f32 = np.float32(v)
        if float(f32) == v:
            return float(str(f32))  # Paddle prints float attributes from their float32 value
        return v
    if isinstance(v, (list, tuple)):
        return [attr_value(a) for a in v]
    name = type(v).__name__
    if name == "DataType":
        return dtype_name(v)
    if name == "Place":
        s = str(v)
        return s[len("Place("):-1] if s.startswith("Place(") else s
    return str(v)


def describe_operands(op: Any, prefix: str, feed: dict[str, np.ndarray], arrays: dict[str, np.ndarray],
                      fetch: list[Any], fetch_keys: list[str]) -> list[dict[str, Any]]:
    """Each operand of ``op``: a constant (full / full_int_array), a fed array (stored in
    ``arrays``), a value computed by another op (appended to ``fetch``), a list, or none."""
    counter = [0]

    def describe(v: Any) -> dict[str, Any]:
        d = v.get_defining_op()
        dn = d.name()
        if dn == "pd_op.full_int_array":
            a = d.attrs()
            return {"kind": "const", "op": dn, "value": [int(t) for t in a["value"]],
                    "dtype": dtype_name(a["dtype"]), "shape": [len(a["value"])]}
        if dn == "pd_op.full":
            a = d.attrs()
            val = attr_value(a["value"])
            if dtype_name(a["dtype"]).startswith(("int", "uint")):
                val = int(val)
            elif dtype_name(a["dtype"]) == "bool":
                val = bool(val)
            return {"kind": "const", "op": dn, "value": val,
                    "dtype": dtype_name(a["dtype"]), "shape": [int(s) for s in a["shape"]]}
        key = f"{prefix}_in{counter[0]}"
        counter[0] += 1
        if dn == "pd_op.data":
            arrays[key] = feed[d.attrs()["name"]]
        else:
            fetch.append(v)
            fetch_keys.append(key)
        return {"kind": "tensor", "key": key, "shape": [int(s) for s in v.shape], "dtype": dtype_name(v.dtype)}

    operands: list[dict[str, Any]] = []
    for i in range(op.num_operands()):
        v = op.operand_source(i)
        if not v.initialized():
            operands.append({"kind": "none"})
            continue
        d = v.get_defining_op()
        if d is not None and d.name() == "builtin.combine":
            operands.append({"kind": "list", "items": [describe(d.operand_source(j))
                                                       for j in range(d.num_operands())]})
        else:
            operands.append(describe(v))
    return operands
