"""A pirc program as one JAX function (bench/xla_models.py's translator).

The ops of the top-level block are evaluated in program order on JAX values: parameters and feeds
are the function's arguments (tracers under ``jax.jit``), each ``pd_op`` goes through the table of
bench/xla_ops.py, values known while tracing (``full``, ``full_int_array``, ``shape`` and what only
depends on them) are folded by pirc's own kernels, and every result is checked against the shape
the program declares.  ``pd_op.if`` becomes ``lax.cond`` (or its taken branch when the condition
is known), ``pd_op.while`` becomes ``lax.while_loop`` (the loop variables must keep their shapes).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from bench.xla_ops import OPS, NotExpressible, OpCtx, is_concrete

RANDOM_OPS = frozenset({"pd_op.uniform", "pd_op.gaussian", "pd_op.randint", "pd_op.randperm", "pd_op.bernoulli",
                        "pd_op.multinomial", "pd_op.dropout", "pd_op.dropout_"})
BUILTINS = frozenset({"builtin.parameter", "pd_op.data", "pd_op.feed", "pd_op.fetch", "builtin.shadow_output",
                      "builtin.combine", "builtin.split", "builtin.slice", "cf.yield", "pd_op.if", "pd_op.while"})


def load_program(path: Path) -> Any:
    import pirc.dialects.all  # noqa: F401 - registers the ops (and their shape rules)
    from pirc.text.parser import parse_program

    return parse_program(path.read_text(encoding="utf-8"), str(path))


def unsupported_ops(program: Any) -> list[str]:
    """The names of the ops (nested ones included) without a JAX form here, sorted."""
    from pirc.dialects.opdef import lookup

    bad = set()
    known: set[Any] = set()  # values known while tracing (folded by pirc's kernels)
    for op in program.walk():
        opdef = lookup(op.name)
        operands = op.operand_values()
        if not op.regions and all(v is None or v in known for v in operands) and (
                op.name == "builtin.combine"
                or opdef is not None and opdef.kernel is not None and op.name not in RANDOM_OPS):
            known.update(op.results)
        elif op.name not in OPS and op.name not in BUILTINS:
            bad.add(op.name)
    return sorted(bad)


def meta(a: Any) -> Any:
    """What pirc's shape rules know about a value: shape, dtype, and the value when known."""
    from pirc.dialects.pd_op.common import Meta
    from pirc.dialects.pd_op.elementwise import dtype_name

    if a is None:
        return None
    if isinstance(a, list):
        return [meta(e) for e in a]
    const = a if isinstance(a, np.ndarray) and a.size <= 64 else None
    return Meta(tuple(int(d) for d in np.shape(a)), dtype_name(a.dtype), const)


def _check_result(op: Any, i: int, value: Any) -> Any:
    """The value cast to the op's declared dtype; its shape must fit the declared static dims
    (scratch results whose declared type Paddle leaves loose, e.g. rnn's reserve, as they are)."""
    from pirc.dialects.opdef import lookup, numpy_dtype
    from pirc.ir.types import DenseTensorType

    t = op.results[i].type
    opdef = lookup(op.name)
    if not isinstance(t, DenseTensorType) or (opdef is not None and i in opdef.loose_results):
        return value
    shape = tuple(np.shape(value))
    if len(shape) != len(t.dims) or any(d >= 0 and d != s for d, s in zip(t.dims, shape, strict=False)):
        raise AssertionError(f"{op.name} result #{i}: shape {shape} but the program declares {t}")
    want = np.dtype(numpy_dtype(t.dtype))
    if value.dtype != want:
        value = value.astype(want)
    return value


class _Evaluator:
    def __init__(self, params: Mapping[str, Any], feeds: Mapping[str, Any]) -> None:
        self.params = params
        self.feeds = feeds
        self.env: dict[Any, Any] = {}
        self.fetched: list[tuple[int, str, Any]] = []

    def block(self, block: Any) -> list[Any]:
        """Evaluate the ops of ``block``; the values its ``cf.yield`` gives (none at the top level)."""
        env = self.env
        for op in block.ops:
            name = op.name
            res = op.results
            if name == "cf.yield":
                return [env[v] for v in op.operand_values()]
            if name == "builtin.parameter":
                env[res[0]] = self.params[op.attr("parameter_name")]
            elif name in ("pd_op.data", "pd_op.feed"):
                env[res[0]] = self.feeds[op.attr("name")]
            elif name == "pd_op.fetch":
                self.fetched.append((int(op.attr("col", len(self.fetched))), op.attr("name"), env[op.operand(0)]))
            elif name == "builtin.shadow_output":
                self.fetched.append((len(self.fetched), op.attr("output_name"), env[op.operand(0)]))
            elif name == "builtin.combine":
                env[res[0]] = [env[v] for v in op.operand_values()]
            elif name == "builtin.split":
                for r, v in zip(res, env[op.operand(0)], strict=True):
                    env[r] = v
            elif name == "builtin.slice":
                env[res[0]] = env[op.operand(0)][int(op.attr("index"))]
            elif name == "pd_op.if":
                for i, v in enumerate(self._if(op)):
                    env[res[i]] = _check_result(op, i, v)
            elif name == "pd_op.while":
                for i, v in enumerate(self._while(op)):
                    env[res[i]] = _check_result(op, i, v)
            else:
                self._op(op)
        return []

    def _op(self, op: Any) -> None:
        from pirc.dialects.opdef import lookup
        from pirc.ir.types import VectorType

        name, res, env = op.name, op.results, self.env
        args = [None if v is None else env[v] for v in op.operand_values()]
        attrs = op.attrs.values()
        opdef = lookup(name)
        if is_concrete(args) and opdef is not None and opdef.kernel is not None and name not in RANDOM_OPS:
            outs = list(opdef.kernel(args, attrs))  # known while tracing: folded by pirc's kernel
        elif name in OPS:
            infer = opdef.infer_meta if opdef is not None else None

            def metas() -> list[Any]:
                if infer is None:
                    raise NotExpressible("no shape rule")
                return list(infer([meta(a) for a in args], attrs))

            try:
                outs = OPS[name](args, attrs, OpCtx(name, metas))
            except NotExpressible as e:
                raise NotExpressible(f"{name}: {e}") from None
        else:
            raise NotExpressible(name)
        if len(res) == 1 and isinstance(res[0].type, VectorType):
            env[res[0]] = outs[0] if len(outs) == 1 and isinstance(outs[0], list) else outs
            return
        for i, r in enumerate(res):
            env[r] = _check_result(op, i, outs[i])

    def _if(self, op: Any) -> list[Any]:
        import jax.numpy as jnp
        from jax import lax

        cond = self.env[op.operand(0)]
        then_block, else_block = op.regions[0].blocks[0], op.regions[1].blocks[0]
        if is_concrete(cond):
            return self.block(then_block if bool(np.asarray(cond).reshape(-1)[0]) else else_block)
        try:
            outs = lax.cond(jnp.reshape(cond, ()).astype(bool),
                            lambda: tuple(jnp.asarray(v) for v in self.block(then_block)),
                            lambda: tuple(jnp.asarray(v) for v in self.block(else_block)))
        except TypeError as e:  # the branches yield different shapes or dtypes
            raise NotExpressible(f"pd_op.if: {str(e).splitlines()[0]}") from None
        return list(outs)

    def _while(self, op: Any) -> list[Any]:
        import jax.numpy as jnp
        from jax import lax

        body = op.regions[0].blocks[0]
        init = tuple(jnp.asarray(self.env[v]) for v in op.operand_values())  # (cond, loop variables...)

        def step(carry: tuple[Any, ...]) -> tuple[Any, ...]:
            for a, v in zip(body.args, carry[1:], strict=True):
                self.env[a] = v
            return tuple(jnp.asarray(v).astype(c.dtype) for v, c in zip(self.block(body), carry, strict=True))

        try:
            out = lax.while_loop(lambda c: jnp.reshape(c[0], ()).astype(bool), step, init)
        except TypeError as e:  # a loop variable changes its shape
            raise NotExpressible(f"pd_op.while: {str(e).splitlines()[0]}") from None
        return list(out[1:])


def trace_program(program: Any, params: Mapping[str, Any], feeds: Mapping[str, Any]) -> dict[str, Any]:
    """Evaluate ``program`` on JAX values (inside jax.jit: traces it); the results by fetch name."""
    ev = _Evaluator(params, feeds)
    ev.block(program.block)
    ev.fetched.sort(key=lambda t: t[0])
    return {n: v for _, n, v in ev.fetched}
