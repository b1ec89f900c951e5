"""fuse_conv_epilogue: a convolution's bias, residual and activation into one op.

Paddle Inference's ``conv2d_add_fuse_pass`` / ``conv2d_add_act_fuse_pass`` /
``conv_elementwise_add_act_fuse_pass``, for the CPU: the chain::

    y = conv2d(x, W)            (or depthwise_conv2d; NCHW)
    y = add(y, b)               b: one value per output channel ([C], [C,1,1], [1,C,1,1])
    y = add(y, r)               optional: r of y's shape (a residual connection)
    y = relu | relu6 | hardswish (y)   optional

becomes ``pd_op.fused_conv2d_add_act(x, W, b, r) {activation}`` (pirc/dialects/pd_op/fused_conv.py),
whose kernel runs the epilogue on the conv's output in place (depthwise: on each output row while
it is in cache) instead of a separate kernel or compiled group reading and writing the whole
tensor again.  Each step joins only when the value before it has no other use (nothing else
may see the intermediate value) and lives in the same block.  After ``fold_conv_bn`` (a folded
batch norm is exactly such an add), so it is part of the ``inference`` pipeline; the CINN
compiler then sees no elementwise group for these epilogues.
"""

from __future__ import annotations

from dataclasses import dataclass

from pirc.ir.attributes import to_attr
from pirc.ir.core import Operation, Value
from pirc.ir.program import Program
from pirc.ir.types import DenseTensorType
from pirc.passes.manager import Pass, register_pass
from pirc.passes.match import dense, other_operand, replace_chain, sole_user

CONVS = ("pd_op.conv2d", "pd_op.depthwise_conv2d")
FUSED = "pd_op.fused_conv2d_add_act"
#: activation ops the fused op applies -> its ``activation`` attribute
ACTS = {"pd_op.relu": "relu", "pd_op.relu6": "relu6", "pd_op.hardswish": "hardswish"}






def _is_channel_bias(b: Value | None, out: DenseTensorType) -> bool:
    t = dense(b)
    if t is None or t.dtype != out.dtype or len(out.dims) != 4:
        return False
    d, c = tuple(t.dims), out.dims[1]
    if c < 0:
        return False
    return d in ((c,), (c, 1, 1), (1, c, 1, 1))




def fuse_one(conv: Operation) -> Operation | None:
    """Fuse the epilogue chain after ``conv``; the new op, or None when there is no bias add."""
    if conv.name not in CONVS or conv.parent is None or conv.attr("data_format", "NCHW") not in ("NCHW", "AnyLayout"):
        return None
    block = conv.parent
    out = conv.results[0]
    t = dense(out)
    if t is None:
        return None
    add = sole_user(out, block)
    if add is None:
        return None
    bias = other_operand(add, out)
    if bias is None or not _is_channel_bias(bias, t) or add.results[0].type != out.type:
        return None
    chain = [add]
    residual: Value | None = None
    act = "identity"
    cur = add.results[0]
    nxt = sole_user(cur, block)
    if nxt is not None:
        r = other_operand(nxt, cur)
        if r is not None and r.type == cur.type and nxt.results[0].type == cur.type:
            residual = r
            chain.append(nxt)
            cur = nxt.results[0]
            nxt = sole_user(cur, block)
    if nxt is not None and nxt.name in ACTS and len(nxt.operands) == 1 and nxt.results[0].type == cur.type:
        act = ACTS[nxt.name]
        chain.append(nxt)
        cur = nxt.results[0]
    attrs = conv.attrs
    for k, v in (("activation", act), ("split_channels", []), ("exhaustive_search", False),
                 ("workspace_size_MB", 32), ("fuse_alpha", 0.0)):
        attrs = attrs.with_attr(k, to_attr(v))
    if "groups" not in attrs:  # depthwise_conv2d always has it; conv2d too in Paddle's programs
        attrs = attrs.with_attr("groups", to_attr(1))
    fused = Operation.create(FUSED, [conv.operands[0].value, conv.operands[1].value, bias, residual], [cur.type],
                             attrs, loc=conv.loc)
    return replace_chain(conv, chain, fused)




@register_pass
@dataclass
class FuseConvEpilogue(Pass):
    name = "fuse_conv_epilogue"
    summary = "conv2d / depthwise_conv2d + bias add [+ residual add] [+ relu/relu6/hardswish] -> fused_conv2d_add_act"

    def run(self, program: Program) -> None:
        for op in list(program.walk()):
            if op.name in CONVS and op.parent is not None:
                fuse_one(op)
