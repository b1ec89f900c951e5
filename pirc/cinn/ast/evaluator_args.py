"""Setting up a reference-evaluator run: GPU index variables as loops, arguments bound by name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from pirc.cinn.ast.nodes import GPU_VARS, ArgIO, For, ForKind, LoweredFunc, Stmt, Var, ast_error
from pirc.cinn.ast.visitor import free_vars

if TYPE_CHECKING:
    from pirc.cinn.ast.evaluator import Evaluator


def wrap_gpu_axes(func: LoweredFunc) -> Stmt:
    """The body of ``func``, inside loops over the GPU index variables it uses directly (from its launch dims)."""
    used = [v for v in free_vars(func.body) if any(v is g for g in GPU_VARS.values())]
    if not used:
        return func.body
    grid = tuple(func.attr("grid_dim", ()) or ())
    blk = tuple(func.attr("block_dim", ()) or ())
    body: Stmt = func.body
    for name in ("threadIdx.x", "threadIdx.y", "threadIdx.z", "blockIdx.x", "blockIdx.y", "blockIdx.z"):
        v = GPU_VARS[name]
        if not any(v is u for u in used):
            continue
        dims = grid if name.startswith("block") else blk
        axis = "xyz".index(name[-1])
        if axis >= len(dims):
            raise ast_error(f"function {func.name} uses {name} but has no "
                            f"{'grid_dim' if name.startswith('block') else 'block_dim'} attribute for it", func.span)
        kind = ForKind.GPU_BLOCK if name.startswith("block") else ForKind.GPU_THREAD
        body = For(v, 0, int(dims[axis]), body, kind=kind, axis=axis)
    return body

def bind_args(ev: Evaluator, given: dict[str, Any]) -> dict[str, np.ndarray]:
    """Bind ``given`` (arrays and scalars by name) to ``ev``'s environment and storage; returns the out arrays."""
    f = ev.func
    names: dict[str, Any] = {}
    for a in f.args:
        for n in {a.name, a.name[1:] if a.name.startswith("_") and len(a.name) > 1 else a.name}:
            if n in given:
                if a.name in names:
                    raise ast_error(f"argument {a.name} is given twice (as {names[a.name][0]} and {n})", f.span)
                names[a.name] = (n, given[n])
    known = {a.name for a in f.args} | {a.name[1:] for a in f.args if a.name.startswith("_")}
    for n in given:
        if n not in known:
            raise ast_error(f"function {f.name} has no argument named '{n}' "
                            f"(arguments: {', '.join(a.name for a in f.args)})", f.span)
    env = ev.env
    scalars = {a.target: a for a in f.args if a.is_var}
    for v, a in scalars.items():
        if a.name in names:
            env[v] = scalar_value(names[a.name][1], v)
    arrays: dict[str, np.ndarray] = {}
    for a in f.args:
        if a.is_buffer and a.name in names:
            arr = np.asarray(names[a.name][1])
            arrays[a.name] = arr
            b = a.target
            if arr.ndim == len(b.shape):
                for d, n in zip(b.shape, arr.shape):
                    if isinstance(d, Var) and d in scalars and d not in env:
                        env[d] = int(n)
    for v, a in scalars.items():
        if v not in env:
            raise ast_error(f"no value for scalar argument {a.name} of {f.name} (pass it by name, or pass an "
                            f"array whose shape has it)", f.span)
    results: dict[str, np.ndarray] = {}
    for a in f.args:
        if not a.is_buffer:
            continue
        b = a.target
        shape = tuple(int(ev.ev(d)) for d in b.shape)
        npdt = b.dtype.numpy
        if a.name in names:
            arr = arrays[a.name]
            if arr.shape != shape:
                raise ast_error(f"argument {a.name} should have shape {shape}, got {arr.shape}", f.span)
            if a.io is ArgIO.IN:
                arr = np.array(arr, dtype=npdt, copy=True, order="C")
            else:
                if arr.dtype != npdt or not arr.flags.c_contiguous or not arr.flags.writeable:
                    raise ast_error(f"{a.io} argument {a.name} must be a writeable C-contiguous {npdt} array "
                                    f"(got {arr.dtype})", f.span)
        elif a.io is ArgIO.OUT:
            arr = np.full(shape, ev.fill, dtype=npdt)
        else:
            raise ast_error(f"no array for {a.io} argument {a.name} of {f.name}", f.span)
        ev.storage[b.name] = arr.reshape(-1)
        if a.io is not ArgIO.IN:
            results[a.name] = arr
    for t in f.temp_bufs:
        shape = tuple(int(ev.ev(d)) for d in t.shape)
        ev.storage[t.name] = np.full(int(np.prod(shape, dtype=np.int64)), ev.fill, dtype=t.dtype.numpy)
    return results

def scalar_value(x: Any, v: Var) -> Any:
    if v.dtype.is_int:
        return int(x)
    if v.dtype.is_bool:
        return bool(x)
    if v.dtype.is_float:
        return v.dtype.numpy.type(x)
    return x
