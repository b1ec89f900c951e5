"""Paddle Inference's graph passes, as pirc passes (the ``inference`` pipeline).

Paddle's inference pass builder rewrites a loaded program before it runs it; these are the
ones that pay on the CPU model zoo (conv nets are full of batch norms, every classifier ends in
a dropout):

* ``remove_identity`` (Paddle's ``delete_dropout_op_pass`` / ``identity_op_clean_pass``):
  ``pd_op.dropout`` at inference is the identity (``upscale_in_train``) or a multiplication by
  ``1 - p`` (``downgrade_in_infer``, rewritten to ``pd_op.scale``); ``pd_op.scale`` by 1 plus 0
  is the identity.  Pure graph rewrites: no parameter values needed.  (``pd_op.assign`` stays: it
  makes a copy that an inplace op may rely on.)
* ``fold_conv_bn`` (``conv_bn_fuse_pass`` / ``depthwise_conv_bn_fuse_pass``): an inference
  ``batch_norm`` after a ``conv2d`` / ``depthwise_conv2d`` whose filter is a parameter folds
  into the filter and one bias add::

      s = scale / sqrt(variance + epsilon)     W' = W * s (per output channel)
      b' = bias - mean * s                     bn(conv(x, W)) = conv(x, W') + b'

  It needs the parameters' values (``Program.parameters[name].value``; ``pirc-run`` attaches
  them before ``--backend cinn`` compiles) and leaves the program alone where they are absent.
  The folded filter and bias become new parameters (``<filter>.bn_folded``,
  ``<filter>.bn_bias``); the old ones are dropped when nothing else reads them.
* ``constant_folding`` (``constant_folding_pass``): an op every operand of which is a parameter
  with a value or a ``pd_op.full`` / ``pd_op.full_int_array``, and which has a numpy kernel, is
  run once at compile time; its result becomes a parameter.

Each is checked against Paddle's outputs on the corpus (tests/passes/test_inference_passes.py)
and by lit tests (tests/lit/inference/).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from pirc.ir.core import Operation, Value
from pirc.ir.effects import op_effects
from pirc.ir.program import Program
from pirc.ir.types import DenseTensorType
from pirc.passes.manager import Pass, register_pass
from pirc.passes.match import full_value

PARAM = "builtin.parameter"
CONVS = ("pd_op.conv2d", "pd_op.depthwise_conv2d")
BATCH_NORMS = ("pd_op.batch_norm_", "pd_op.batch_norm")


def _owner(v: Value | None) -> Operation | None:
    return getattr(v, "owner", None) if v is not None else None




def _only_first_used(op: Operation) -> bool:
    return all(not r.has_uses() for r in op.results[1:])


def _replace(op: Operation, new: Value) -> None:
    op.results[0].replace_all_uses_with(new)
    op.erase()


@register_pass
@dataclass
class RemoveIdentity(Pass):
    name = "remove_identity"
    summary = "drop inference-time identities: dropout (or scale by 1-p), scale by 1 plus 0"

    def run(self, program: Program) -> None:
        for op in list(program.walk()):
            if op.parent is None or not op.operands:
                continue
            x = op.operands[0].value
            if x is None or not op.results or op.results[0].type != x.type:
                continue
            if op.name == "pd_op.dropout" and _only_first_used(op) and _is_test(op):
                p = full_value(op.operands[2].value) if len(op.operands) > 2 else None
                if p is None:
                    p = op.attr("p")
                if op.attr("mode") == "upscale_in_train" or p == 0.0:
                    _replace(op, x)
                elif isinstance(p, (int, float)):
                    _replace(op, _scale(op, x, 1.0 - float(p)))
            elif op.name == "pd_op.scale" and len(op.operands) > 1 and full_value(op.operands[1].value) == 1.0 \
                    and float(op.attr("bias", 0.0) or 0.0) == 0.0:
                _replace(op, x)


def _is_test(op: Operation) -> bool:
    t = op.attr("is_test")
    return t is None or bool(t)


def _scale(anchor: Operation, x: Value, factor: float) -> Value:
    """``pd_op.scale(x, full(factor))`` before ``anchor``."""
    block = anchor.parent
    f32 = DenseTensorType.get("f32", (1,))
    full = Operation.create("pd_op.full", [], [f32], {
        "dtype": _dtype_attr("float32"), "place": _cpu_place(), "shape": [1],
        "stop_gradient": [True], "value": float(np.float32(factor))}, loc=anchor.loc)
    block.insert_before(full, anchor)
    sc = Operation.create("pd_op.scale", [x, full.results[0]], [x.type], {
        "bias": 0.0, "bias_after_scale": True, "stop_gradient": [False]}, loc=anchor.loc)
    block.insert_before(sc, anchor)
    return sc.results[0]


def _dtype_attr(name: str) -> Any:
    from pirc.ir.attributes import DataTypeAttr

    return DataTypeAttr.get(name)


def _cpu_place() -> Any:
    from pirc.ir.attributes import PlaceAttr

    return PlaceAttr.get("Place(cpu)")


# ------------------------------------------------------------------------------------------------
# parameters
# ------------------------------------------------------------------------------------------------


def _param(program: Program, v: Value | None) -> tuple[Operation, np.ndarray] | None:
    op = _owner(v)
    if op is None or op.name != PARAM:
        return None
    p = program.parameters.get(str(op.attr("parameter_name")))
    if p is None or p.value is None:
        return None
    return op, np.asarray(p.value)


def _new_param(program: Program, like: Operation, name: str, value: np.ndarray, anchor: Operation) -> Value:
    """A ``builtin.parameter`` op for a new parameter (attributes copied from ``like``) before ``anchor``."""
    from pirc.dialects.opdef import DTYPE_TO_PIR

    base = name
    n = 1
    while name in program.parameters:
        n += 1
        name = f"{base}_{n}"
    t = DenseTensorType.get(DTYPE_TO_PIR[str(value.dtype)], tuple(value.shape))
    from pirc.ir.attributes import StrAttr

    op = Operation.create(PARAM, [], [t], like.attrs.with_attr("parameter_name", StrAttr.get(name)), loc=anchor.loc)
    anchor.parent.insert_before(op, anchor)
    program.set_parameter(name, t, value)
    return op.results[0]


@register_pass
@dataclass
class FoldConvBatchNorm(Pass):
    name = "fold_conv_bn"
    summary = "fold an inference batch_norm after conv2d / depthwise_conv2d into the filter and a bias add"

    def run(self, program: Program) -> None:
        for bn in list(program.walk()):
            if bn.name not in BATCH_NORMS or bn.parent is None or not _only_first_used(bn):
                continue
            if bn.attr("data_format", "NCHW") != "NCHW" or not (bn.attr("is_test") or bn.attr("use_global_stats")):
                continue
            conv = _owner(bn.operands[0].value)
            if conv is None or conv.name not in CONVS or not conv.results[0].has_one_use():
                continue
            if conv.attr("data_format", "NCHW") != "NCHW":
                continue
            w = _param(program, conv.operands[1].value)
            stats = [_param(program, bn.operands[i].value) for i in (1, 2, 3, 4)]
            if w is None or any(s is None for s in stats) or not conv.operands[1].value.has_one_use():
                continue
            (wop, W), (mean, var, scale, bias) = w, [s[1] for s in stats]  # type: ignore[index]
            if W.dtype != np.float32 or W.ndim != 4:
                continue
            eps = float(bn.attr("epsilon", 1e-5))
            s = scale.astype(np.float64) / np.sqrt(var.astype(np.float64) + eps)
            w2 = (W.astype(np.float64) * s[:, None, None, None]).astype(np.float32)
            b2 = (bias.astype(np.float64) - mean.astype(np.float64) * s).astype(np.float32).reshape(1, -1, 1, 1)
            wname = str(wop.attr("parameter_name"))
            conv.operands[1].set(_new_param(program, wop, wname + ".bn_folded", w2, conv))
            bv = _new_param(program, wop, wname + ".bn_bias", b2, conv)
            out = conv.results[0]
            add = Operation.create("pd_op.add", [out, bv], [bn.results[0].type], {"stop_gradient": [False]},
                                   loc=bn.loc)
            bn.parent.insert_before(add, bn)
            bn.results[0].replace_all_uses_with(add.results[0])
            bn.erase()
        _drop_unused_params(program)


def _drop_unused_params(program: Program) -> None:
    for op in list(program.walk()):
        if op.name == PARAM and op.parent is not None and not op.results[0].has_uses():
            op.erase()


# ------------------------------------------------------------------------------------------------
# constant folding
# ------------------------------------------------------------------------------------------------

_NO_FOLD = frozenset({PARAM, "pd_op.full", "pd_op.full_int_array", "pd_op.data", "pd_op.feed", "pd_op.fetch",
                      "builtin.set_parameter", "builtin.shadow_output", "builtin.combine", "builtin.split"})
#: bigger results stay computed at run time (a folded parameter costs memory and load time)
FOLD_MAX_ELEMENTS = 1 << 24


@register_pass
@dataclass
class ConstantFolding(Pass):
    name = "constant_folding"
    summary = "run ops whose operands are all parameters (with values) or constants once, at compile time"

    def run(self, program: Program) -> None:
        from pirc.dialects.opdef import lookup

        for op in list(program.block.ops):  # top level: nested blocks may run zero or many times
            if op.parent is None or op.name in _NO_FOLD or op.regions or len(op.results) != 1 or not op.operands:
                continue
            d = lookup(op.name)
            if d is None or d.kernel is None or "side_effect" in op.info.traits or "inplace" in op.info.traits:
                continue
            eff = op_effects(op)
            if eff is not None and eff.random:  # a new value each run (multinomial of parameter probabilities)
                continue
            args: list[Any] = []
            anchor_param: Operation | None = None
            for o in op.operands:
                pv = _param(program, o.value)
                if pv is not None:
                    args.append(pv[1])
                    anchor_param = anchor_param or pv[0]
                    continue
                c = _const(o.value)
                if c is None:
                    break
                args.append(c)
            else:
                if anchor_param is None:
                    continue
                try:
                    out = d.kernel(args, _kernel_attrs(op))[0]
                except Exception:  # noqa: BLE001,S112  - a kernel that cannot run here runs at run time
                    continue
                out = np.asarray(out)
                t = op.results[0].type
                if not isinstance(t, DenseTensorType) or out.size > FOLD_MAX_ELEMENTS or \
                        out.shape != tuple(t.dims) or out.dtype.kind not in "fiub":
                    continue
                name = f"{anchor_param.attr('parameter_name')}.folded"
                _replace(op, _new_param(program, anchor_param, name, np.ascontiguousarray(out), op))
        _drop_unused_params(program)


def _const(v: Value | None) -> np.ndarray | None:
    op = _owner(v)
    if op is None:
        return None
    if op.name == "pd_op.full_int_array":
        return np.asarray(op.attr("value"), dtype=np.int64)
    if op.name == "pd_op.full" and v is not None and isinstance(v.type, DenseTensorType):  # v has an owner
        return np.full(tuple(v.type.dims), op.attr("value"), dtype=v.type.dtype)
    return None


def _kernel_attrs(op: Operation) -> dict[str, Any]:
    return op.attrs.values()
