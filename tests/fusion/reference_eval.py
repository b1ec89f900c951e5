"""A small reference evaluator for fused programs: walks the program in order,
calls each op's OpDef kernel, runs ``cinn_op.group`` bodies (like an ``if`` with one
always-taken region) and ``pd_op.if`` / ``pd_op.while`` regions.

It exists so the fusion tests check numbers even when the interpreter
(:mod:`pirc.runtime`) cannot run a program; it makes no attempt at speed,
inplace storage sharing or garbage collection.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from pirc.dialects.opdef import numpy_dtype
from pirc.ir.core import Block, Operation, Value
from pirc.ir.program import Program
from pirc.ir.types import DenseTensorType, VectorType


class EvalError(RuntimeError):
    pass


class MissingKernel(EvalError):
    def __init__(self, op_name: str) -> None:
        super().__init__(f"no kernel for {op_name}")
        self.op_name = op_name


def _truth(v: Any) -> bool:
    return bool(np.asarray(v).reshape(-1)[0])


class ReferenceEvaluator:
    def __init__(self, program: Program, params: Mapping[str, np.ndarray] | None = None) -> None:
        self.program = program
        self.params = dict(params or {})
        self.fetches: dict[int, tuple[str, np.ndarray]] = {}

    def run(self, feeds: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
        self.feeds = dict(feeds)
        self.fetches = {}
        env: dict[Value, Any] = {}
        self.block(self.program.block, env)
        return {name: arr for _, (name, arr) in sorted(self.fetches.items())}

    def block(self, block: Block, env: dict[Value, Any]) -> list[Any] | None:
        op = block.first_op
        while op is not None:
            if op.name == "cf.yield":
                return [env[o.value] if o.value is not None else None for o in op.operands]
            self.op(op, env)
            op = op.next_op
        return None

    def op(self, op: Operation, env: dict[Value, Any]) -> None:
        name = op.name
        args = [env[o.value] if o.value is not None else None for o in op.operands]
        if name == "pd_op.data" or name == "pd_op.feed":
            key = op.attr("name")
            if key not in self.feeds:
                raise EvalError(f"no feed {key!r}")
            t = op.results[0].type
            arr = np.asarray(self.feeds[key])
            if isinstance(t, DenseTensorType):
                arr = arr.astype(numpy_dtype(t.dtype), copy=False)
            env[op.results[0]] = arr
            return
        if name == "builtin.parameter":
            key = op.attr("parameter_name")
            if key not in self.params:
                raise EvalError(f"no parameter {key!r}")
            env[op.results[0]] = np.asarray(self.params[key])
            return
        if name == "pd_op.fetch":
            col = int(op.attr("col", len(self.fetches)))
            self.fetches[col] = (str(op.attr("name")), np.asarray(args[0]))
            env[op.results[0]] = args[0]
            return
        if name in ("builtin.shadow_output", "builtin.set_parameter"):
            if name == "builtin.set_parameter":
                self.params[str(op.attr("parameter_name"))] = args[0]
            return
        if name == "builtin.combine":
            env[op.results[0]] = list(args)
            return
        if name == "builtin.slice":
            env[op.results[0]] = args[0][int(op.attr("index"))]
            return
        if name == "builtin.split":
            for r, a in zip(op.results, args[0], strict=True):
                env[r] = a
            return
        if name in ("cinn_op.group", "cinn_op.fusion"):
            outs = self.block(op.regions[0].block, env)
            self._bind(op, outs, env)
            return
        if name == "pd_op.if":
            outs = self.block(op.regions[0 if _truth(args[0]) else 1].block, env)
            self._bind(op, outs, env)
            return
        if name == "pd_op.while":
            body = op.regions[0].block
            cond, loop = args[0], list(args[1:])
            while _truth(cond):
                for a, v in zip(body.args, loop, strict=True):
                    env[a] = v
                outs = self.block(body, env)
                assert outs is not None
                cond, loop = outs[0], list(outs[1:])
            for r, v in zip(op.results, loop, strict=True):
                env[r] = v
            return
        opdef = op.info.opdef
        if opdef is None or opdef.kernel is None:
            raise MissingKernel(name)
        outs = opdef.kernel(args, op.attrs.values())
        vec = len(op.results) == 1 and isinstance(op.results[0].type, VectorType)
        if vec:
            env[op.results[0]] = list(outs)
            return
        if len(outs) != len(op.results):
            raise EvalError(f"{name}: kernel gave {len(outs)} results for {len(op.results)}")
        for r, v in zip(op.results, outs, strict=True):
            env[r] = v

    @staticmethod
    def _bind(op: Operation, outs: list[Any] | None, env: dict[Value, Any]) -> None:
        if outs is None or len(outs) != len(op.results):
            raise EvalError(f"{op.name}: region yields {None if outs is None else len(outs)} values")
        for r, v in zip(op.results, outs, strict=True):
            env[r] = v


def evaluate(program: Program, feeds: Mapping[str, np.ndarray],
             params: Mapping[str, np.ndarray] | None = None) -> dict[str, np.ndarray]:
    return ReferenceEvaluator(program, params).run(feeds)
