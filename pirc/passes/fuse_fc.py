"""fuse_fc: matmul + bias add [+ relu] -> pd_op.fc (Paddle Inference's ``fc_fuse_pass``).

The chain::

    y = matmul(x, w)        transpose_x = transpose_y = false, w 2-D [K, N], x of rank >= 2
    y = add(y, b)           b: [N] or [1, N] (one value per output column)
    y = relu(y)             optional

becomes ``pd_op.fc(x, w, b) {in_num_col_dims: rank(x) - 1, activation_type: "" | "relu"}``
(pirc/dialects/pd_op/fc.py), whose kernel adds the bias in place on the GEMM's fresh product instead
of a separate add reading and writing the whole tensor again.  Each step joins only when the value
before it has no other reader and lives in the same block; float32 / float64 only (a float16 add
computes in float32 and rounds, which an in-place add would not repeat).
"""

from __future__ import annotations

from dataclasses import dataclass

from pirc.ir.attributes import to_attr
from pirc.ir.core import Operation
from pirc.ir.program import Program
from pirc.passes.manager import Pass, register_pass
from pirc.passes.match import dense, other_operand, replace_chain, sole_user


def fuse_one(mm: Operation) -> Operation | None:
    """Fuse the bias add (and relu) after the matmul ``mm``; the new op, or None."""
    if mm.name != "pd_op.matmul" or mm.parent is None or mm.attr("transpose_x") or mm.attr("transpose_y"):
        return None
    block = mm.parent
    x, w, out = dense(mm.operands[0].value), dense(mm.operands[1].value), dense(mm.results[0])
    if x is None or w is None or out is None or len(w.dims) != 2 or len(x.dims) < 2 or \
            out.dtype not in ("float32", "float64") or len(out.dims) != len(x.dims):
        return None
    add = sole_user(mm.results[0], block)
    if add is None:
        return None
    bias = other_operand(add, mm.results[0])
    bt = dense(bias)
    n = w.dims[1]
    if bt is None or n < 0 or tuple(bt.dims) not in ((n,), (1, n)) or bt.dtype != out.dtype or \
            add.results[0].type != mm.results[0].type:
        return None
    chain = [add]
    act = ""
    cur = add.results[0]
    nxt = sole_user(cur, block)
    if nxt is not None and nxt.name == "pd_op.relu" and nxt.results[0].type == cur.type:
        act = "relu"
        chain.append(nxt)
        cur = nxt.results[0]
    attrs = {"in_num_col_dims": len(x.dims) - 1, "activation_type": act, "padding_weights": False,
             "stop_gradient": [False]}
    fc = Operation.create("pd_op.fc", [mm.operands[0].value, mm.operands[1].value, bias], [cur.type],
                          {k: to_attr(v) for k, v in attrs.items()}, loc=mm.loc)
    return replace_chain(mm, chain, fc)


@register_pass
@dataclass
class FuseFc(Pass):
    name = "fuse_fc"
    summary = "matmul (2-D weight) + bias add [+ relu] -> pd_op.fc"

    def run(self, program: Program) -> None:
        for op in list(program.walk()):
            if op.name == "pd_op.matmul" and op.parent is not None:
                fuse_one(op)


__all__ = ["FuseFc", "fuse_one"]
