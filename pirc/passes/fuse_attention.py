"""fuse_attention: a transformer's attention core into pd_op.fused_dot_product_attention.

Paddle Inference's ``multihead_matmul_fuse_pass`` / ``self_attention_fuse_pass``, for the CPU: the
chain ``paddle.nn.MultiHeadAttention`` prints after its three projections::

    q' = transpose(q, [0, 2, 1, 3])      q, k, v: [B, S, H, D] (a reshape of a projection)
    k' = transpose(k, [0, 2, 1, 3])
    v' = transpose(v, [0, 2, 1, 3])
    a  = scale(q', alpha)                optional: a constant alpha, bias 0
    s  = matmul(a, k', transpose_y=true)
    s  = add(s, mask)                    optional: mask broadcasts to s's shape
    p  = softmax(s, axis=-1)
    o  = transpose(matmul(p, v'), [0, 2, 1, 3])

becomes ``o = pd_op.fused_dot_product_attention(q, k, v, mask) {scaling_factor: alpha}``; when q, k
and v are reshapes of ``[B, S, H*D]`` projections and ``o`` is reshaped back to ``[B, S, H*D]``
(as in ``nn.MultiHeadAttention``), the reshapes join too (``head_number: H``)
(pirc/dialects/pd_op/attention.py): no transposed copy of q, k, v or the output, no separate
scale, add or softmax pass over the scores, and one op instead of nine for the host loop.  Every
intermediate value must have exactly one reader (nothing else may see it), all in one block; float32
and float64 only.  Part of the ``inference`` pipeline, after ``fuse_fc`` (which leaves the
projections as ``pd_op.fc``).
"""

from __future__ import annotations

from dataclasses import dataclass

from pirc.ir.attributes import to_attr
from pirc.ir.core import Operation, Value
from pirc.ir.program import Program
from pirc.passes.manager import Pass, register_pass
from pirc.passes.match import dense, full_value, other_operand, replace_ops, sole_user

FUSED = "pd_op.fused_dot_product_attention"
PERM = [0, 2, 1, 3]


def _producer(v: Value, name: str, user: Operation) -> Operation | None:
    """The op named ``name`` that makes ``v``, when ``user`` is its result's only reader (same block)."""
    op = getattr(v, "owner", None)
    if not isinstance(op, Operation) or op.name != name or op.parent is not user.parent or len(op.results) != 1:
        return None
    return op if sole_user(op.results[0], user.parent) is user else None


def _head_transpose(v: Value, user: Operation) -> Operation | None:
    """``transpose(x, [0, 2, 1, 3])`` of a 4-D tensor making ``v``, read only by ``user``."""
    op = _producer(v, "pd_op.transpose", user)
    if op is None or list(op.attr("perm") or []) != PERM:
        return None
    t = dense(op.operands[0].value)
    return op if t is not None and len(t.dims) == 4 else None


def fuse_one(sm: Operation) -> Operation | None:
    """Fuse the attention chain around the softmax ``sm``; the new op, or None."""
    if sm.name != "pd_op.softmax" or sm.parent is None or len(sm.operands) != 1:
        return None
    block = sm.parent
    st = dense(sm.results[0])
    if st is None or len(st.dims) != 4 or st.dtype not in ("float32", "float64") or \
            int(sm.attr("axis", -1)) not in (-1, 3):
        return None
    chain: list[Operation] = [sm]
    scores = sm.operands[0].value
    mask: Value | None = None
    add = _producer(scores, "pd_op.add", sm)
    if add is not None:
        for i in (0, 1):
            mm = getattr(add.operands[i].value, "owner", None)
            if isinstance(mm, Operation) and mm.name == "pd_op.matmul":
                break
        else:
            return None
        mask = other_operand(add, add.operands[i].value)
        mt = dense(mask)
        if mt is None or mt.dtype != st.dtype or add.results[0].type != mm.results[0].type:
            return None
        chain.append(add)
        scores = add.operands[i].value
        mm1 = _producer(scores, "pd_op.matmul", add)
    else:
        mm1 = _producer(scores, "pd_op.matmul", sm)
    if mm1 is None or mm1.attr("transpose_x") or not mm1.attr("transpose_y"):
        return None
    chain.append(mm1)
    alpha = 1.0
    a = mm1.operands[0].value
    sc = _producer(a, "pd_op.scale", mm1)
    if sc is not None:
        s = full_value(sc.operands[1].value) if len(sc.operands) > 1 else None
        if s is None or float(sc.attr("bias", 0.0) or 0.0) != 0.0 or sc.results[0].type != a.type:
            return None
        alpha = s
        chain.append(sc)
        qt = _head_transpose(sc.operands[0].value, sc)
    else:
        qt = _head_transpose(a, mm1)
    kt = _head_transpose(mm1.operands[1].value, mm1)
    users = list(sm.results[0].users()) if sm.results[0].has_one_use() else []
    mm2 = users[0] if users else None
    if qt is None or kt is None or mm2 is None or mm2.name != "pd_op.matmul" or mm2.parent is not block or \
            mm2.operands[0].value is not sm.results[0] or mm2.attr("transpose_x") or mm2.attr("transpose_y"):
        return None
    vt = _head_transpose(mm2.operands[1].value, mm2)
    o = sole_user(mm2.results[0], block)
    if vt is None or o is None or o.name != "pd_op.transpose" or list(o.attr("perm") or []) != PERM:
        return None
    q, k, v = (t.operands[0].value for t in (qt, kt, vt))
    if any(getattr(dense(x), "dtype", None) != st.dtype for x in (q, k, v)):
        return None
    # [B, S, H*D] projections split into heads by a reshape (and the result merged back by one):
    # the op takes and gives the 3-D tensors, so that no reshape is left to copy anything
    splits = [_split_heads(t) for t in (qt, kt, vt)]
    merge = _merge_heads(o)
    heads = 0
    last = o
    qtype = dense(q)
    if all(r is not None for r in splits) and merge is not None and qtype is not None:
        heads = qtype.dims[2]
        q, k, v = (r.operands[0].value for r in splits if r is not None)
        last = merge
    attrs = {"scaling_factor": alpha, "dropout_probability": 0.0, "is_training": False, "mask_type_str": "none",
             "bias_type_str": "none" if mask is None else "pre_softmax_bias", "head_number": heads,
             "stop_gradient": [False]}
    fused = Operation.create(FUSED, [q, k, v, mask], [last.results[0].type],
                             {k_: to_attr(x) for k_, x in attrs.items()}, loc=sm.loc)
    gone = ([merge] if heads else []) + [o, mm2, vt, *chain, qt, kt]
    gone += [r for r in splits if r is not None] if heads else []
    return replace_ops(fused, last, gone)


def _heads_reshape(op: Operation | None, split: bool) -> bool:
    """``op`` is a reshape between ``[B, S, H*D]`` and ``[B, S, H, D]`` (split: 3-D to 4-D), B and S kept."""
    if op is None or op.name != "pd_op.reshape" or not op.operands:
        return False
    if any(r.has_uses() for r in op.results[1:]):
        return False
    a, b = dense(op.operands[0].value), dense(op.results[0])
    if a is None or b is None or a.dtype != b.dtype:
        return False
    three, four = (a, b) if split else (b, a)
    if len(three.dims) != 3 or len(four.dims) != 4 or tuple(three.dims[:2]) != tuple(four.dims[:2]):
        return False
    h, d, e = four.dims[2], four.dims[3], three.dims[2]
    return h > 0 and d > 0 and e == h * d


def _split_heads(t: Operation) -> Operation | None:
    """The reshape ``[B, S, H*D] -> [B, S, H, D]`` the head transpose ``t`` alone reads, else None."""
    r = getattr(t.operands[0].value, "owner", None)
    if not isinstance(r, Operation) or r.parent is not t.parent or not _heads_reshape(r, True):
        return None
    return r if sole_user(r.results[0], t.parent) is t else None


def _merge_heads(o: Operation) -> Operation | None:
    """The reshape ``[B, S, H, D] -> [B, S, H*D]`` that alone reads the output transpose ``o``, else None."""
    r = sole_user(o.results[0], o.parent)
    return r if _heads_reshape(r, False) else None


@register_pass
@dataclass
class FuseAttention(Pass):
    name = "fuse_attention"
    summary = "transpose/scale/matmul/[add]/softmax/matmul/transpose attention core -> fused_dot_product_attention"

    def run(self, program: Program) -> None:
        for op in list(program.walk()):
            if op.name == "pd_op.softmax" and op.parent is not None:
                fuse_one(op)


__all__ = ["FuseAttention", "fuse_one"]
