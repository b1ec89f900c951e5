"""CodeGenCUDA_Dev: LoweredFuncs -> one self-contained CUDA source for NVRTC.

One ``extern "C" __global__ void __launch_bounds__(N) <symbol>(...)`` per
LoweredFunc.  Parameters, in the LoweredFunc's argument order: ``in`` buffers as
``const T* __restrict__``, ``out`` / ``inout`` buffers as ``T* __restrict__``,
scalars by value (``int64_t`` for symbolic dims); then one ``T* __restrict__``
per global-memory temp buffer (a workspace the launcher allocates and zeroes).
Launch with ``cuLaunchKernel`` and the same ``kernelParams`` array as the C ABI.

Execution model (CINN's): the body runs in every thread (SIMT).

* A loop bound to ``blockIdx.x`` / ``threadIdx.y``... runs one iteration per block /
  thread.  Launch dims come from the loops (several loops on one axis: the largest
  extent) or from the ``grid_dim`` / ``block_dim`` attributes.  A loop whose
  constant extent equals its dim becomes ``v = threadIdx.x``; a shorter constant
  one gets a guard ``if (threadIdx.x < extent)``; a symbolic one (or one longer
  than the hardware allows) becomes a grid- / block-stride loop, with the dim
  computed at launch from the symbolic arguments and clamped (threads: 256 on x,
  4 on y, 1 on z; blocks: the hardware limits).
* Code outside thread-bound loops runs in every thread: stores of one value from
  all threads are harmless; read-modify-write of shared or global memory there
  is a race the lowering must avoid (guard it, or use a block reduction).
* ``__syncthreads()`` and the warp / block reductions must be reached by every
  thread of the block: inside a thread-bound loop only when that loop covers
  the block exactly (this generator refuses the other cases it can see).
* Temps: ``shared`` -> ``__shared__`` (constant size), ``local`` -> a per-thread
  array (constant size), ``global`` -> a workspace parameter.

Reductions across threads (the calls the lowering emits; see README.md):
``cinn_block_reduce_<op>_<type>[_internal][_shm](value[, shm_buffer[, flag]])`` and
``cinn_warp_reduce_<op>_<type>(value)`` (also spelled ``cinn_warp_shuffle_...``),
``op`` in sum / prod / max / min / and / or, ``type`` in fp16 / bf16 / fp32 / fp64
/ int32 / int64 / bool...; every thread gets the reduction over its
``threadIdx.x`` group.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pirc.cinn.ast.dtypes import DType
from pirc.cinn.ast.kinds import Kind
from pirc.cinn.ast.nodes import Call, Cast, Expr, For, ForKind, IntImm, LoweredFunc, Max, MemoryScope, Module, Mul, Var
from pirc.cinn.ast.visitor import children, walk
from pirc.cinn.codegen.common import (
    _GPU_VAR_IDS,
    CROSS_THREAD_RE,
    FuncEmitter,
    GeneratedSource,
    KernelMeta,
    LaunchDim,
    WorkspaceInfo,
    assemble,
    const_int,
    ctype,
    elem_bytes,
    group_of,
    storage_type,
    symbol_args_of,
)
from pirc.cinn.codegen.names import comment_text
from pirc.cinn.codegen.prelude import Prelude

CUDA_ABI = [
    'ABI: each kernel is  extern "C" __global__ void SYMBOL(params...);  params in argument order',
    "(in buffers const T*, out/inout buffers T*, scalars by value: int64_t for symbolic dims),",
    "then one T* per global temp (a workspace the launcher allocates and zeroes).",
    "Launch: cuLaunchKernel with kernelParams[i] = the address of parameter i's value.",
    "Buffers are dense row-major; bool is uint8_t, float16 and bfloat16 are 16-bit patterns.",
]

AXES = ("blockIdx.x", "blockIdx.y", "blockIdx.z", "threadIdx.x", "threadIdx.y", "threadIdx.z")
GRID_LIMIT = {"x": (1 << 31) - 1, "y": 65535, "z": 65535}
BLOCK_LIMIT = {"x": 1024, "y": 1024, "z": 64}
SYMBOLIC_BLOCK_CAP = {"x": 256, "y": 4, "z": 1}
MAX_THREADS = 1024
MAX_STATIC_SHARED = 48 * 1024
_RED_CT = {
    DType.BOOL: "int", DType.INT8: "int", DType.INT16: "int", DType.UINT8: "int", DType.UINT16: "int",
    DType.INT32: "int", DType.INT64: "long long", DType.UINT32: "unsigned int", DType.UINT64: "unsigned long long",
    DType.FLOAT16: "float", DType.BFLOAT16: "float", DType.FLOAT32: "float", DType.FLOAT64: "double",
}
_SYNC = {"__syncthreads": "__syncthreads();", "__syncwarp": "__syncwarp();", "__threadfence": "__threadfence();"}


def _is_cross_thread(n: object) -> bool:
    if type(n) is not Call:
        return False
    name = n.name
    return name in ("__syncthreads", "__syncwarp") or CROSS_THREAD_RE.match(name) is not None


class CudaEmitter(FuncEmitter):
    target = "cuda"
    restrict = "__restrict__"

    def __init__(self, func: LoweredFunc, index: int, prelude: Prelude) -> None:
        super().__init__(func, index, prelude)
        self.mapping: dict[int, str] = {}  # id(GPU For) -> "direct" | "guard" | "strided"
        self.dims: dict[str, LaunchDim] = {}
        self.reduce_shm: dict[str, str] = {}  # reduction compute type -> __shared__ scratch name
        self.cross_thread = False
        self.workspaces: list[WorkspaceInfo] = []
        self.shared_bytes = 0

    # -- launch analysis ----------------------------------------------------------------------------
    def analyze_launch(self) -> None:
        f = self.func
        loops: dict[str, list[For]] = {a: [] for a in AXES}

        def visit(node: object, active: frozenset) -> None:
            if type(node) is For:
                fr = node
                name = fr.bind_name
                if name is not None:  # a GPU-bound loop
                    if name in active:
                        raise self.error(f"a loop bound to {name} is nested in another loop bound to {name}", fr)
                    loops[name].append(fr)
                    active = active | {name}
                visit(fr.body, active)
                return
            for child in children(node):
                visit(child, active)

        visit(f.body, frozenset())
        used = {_GPU_VAR_IDS[id(n)] for n in walk(f.body) if n.KIND is Kind.VAR and id(n) in _GPU_VAR_IDS}
        scalars = {id(a.target) for a in f.args if a.is_var}
        for axis in AXES:
            is_block = axis.startswith("blockIdx")
            xyz = axis[-1]
            attr = f.attr("grid_dim" if is_block else "block_dim")
            i = "xyz".index(xyz)
            ls = loops[axis]
            if isinstance(attr, tuple) and i < len(attr) and isinstance(attr[i], int) and attr[i] >= 1:
                dim = LaunchDim(const=int(attr[i]))
            elif axis in used:
                raise self.error(f"the kernel uses {axis} but has no "
                                 f"{'grid_dim' if is_block else 'block_dim'} attribute giving its size")
            elif not ls:
                dim = LaunchDim(const=1)
            else:
                limit = GRID_LIMIT[xyz] if is_block else BLOCK_LIMIT[xyz]
                consts = [const_int(fr.extent) for fr in ls]
                known = [c for c in consts if c is not None]
                if len(known) == len(consts):
                    dim = LaunchDim(const=max(1, min(max(known), limit)))
                else:
                    cap = limit if is_block else SYMBOLIC_BLOCK_CAP[xyz]
                    expr = None
                    if all(all(n.KIND is not Kind.VAR or id(n) in scalars for n in walk(fr.extent)) for fr in ls):
                        exts = [fr.extent if fr.extent.dtype is DType.INT64 else Cast(DType.INT64, fr.extent)
                                for fr in ls]
                        expr = exts[0]
                        for e in exts[1:]:
                            expr = Max(expr, e)
                    dim = LaunchDim(expr=expr, cap=cap)
            self.dims[axis] = dim
            for fr in ls:
                c = const_int(fr.extent)
                if dim.const is not None and c is not None and c == dim.const:
                    self.mapping[id(fr)] = "direct"
                elif dim.const is not None and c is not None and c < dim.const:
                    self.mapping[id(fr)] = "guard"
                else:
                    self.mapping[id(fr)] = "strided"
        threads = 1
        for axis in AXES[3:]:
            d = self.dims[axis]
            threads *= d.const if d.const is not None else d.cap
        if threads > MAX_THREADS:
            raise self.error(f"the block has {threads} threads; CUDA allows at most {MAX_THREADS} "
                             "(split a thread-bound loop)")
        for axis in AXES[3:]:
            for fr in loops[axis]:
                if self.mapping[id(fr)] != "direct" and any(_is_cross_thread(n) for n in walk(fr.body)):
                    raise self.error(f"__syncthreads() or a warp / block reduction inside a loop bound to {axis} "
                                     "that does not cover the block exactly (every thread of the block must reach it)",
                                     fr)
        self.launch_threads = threads

    # -- hooks ---------------------------------------------------------------------------------------
    def gpu_var(self, name: str, v: Var) -> str:
        return f"((int){name})"

    def sync(self, name: str) -> None:
        self.emit(_SYNC[name])

    def for_loop(self, s: For) -> None:
        if not s.kind.is_gpu:
            pragmas = []
            if s.kind is ForKind.UNROLLED and (c := const_int(s.extent)) is not None and 1 < c <= 64:
                pragmas.append(f"#pragma unroll {c}")
            self.emit_for(s, pragmas)
            return
        name_axis = s.bind_name or ""
        mode = self.mapping[id(s)]
        v = s.loop_var
        ct = ctype(v.dtype)
        idx = f"(({ct}){name_axis})"
        self.push()
        mn = self.expr(s.min)
        ext = self.expr(s.extent)
        cm = const_int(s.min)
        name = self.names.fresh("v", v.name)
        start = idx if cm == 0 else f"({mn} + {idx})"
        self.emit(f"/* {comment_text(v.name)}: {name_axis} */")
        if mode == "direct":
            self.emit("{")
            self.depth += 1
            self.scopes[-1][v] = name
            self.emit(f"const {ct} {name} = {start};")
            self.stmt(s.body)
            self.close()
        elif mode == "guard":
            self.open(f"if ({idx} < {ext})")
            self.scopes[-1][v] = name
            self.emit(f"const {ct} {name} = {start};")
            self.stmt(s.body)
            self.close()
        else:
            step = ("gridDim." if name_axis.startswith("block") else "blockDim.") + name_axis[-1]
            end = ext if cm == 0 else f"({mn} + {ext})"
            self.scopes[-1][v] = name
            self.open(f"for ({ct} {name} = {start}; {name} < {end}; {name} += ({ct}){step})")
            self.stmt(s.body)
            self.close()
        self.pop()

    def cross_thread_call(self, e: Call, m: re.Match) -> str:
        level, op, _ = m.groups()
        op = {"all": "and", "any": "or"}.get(op, op)
        if not e.args or not isinstance(e.args[0], Expr) or e.args[0].dtype in (DType.VOID, DType.STRING):
            raise self.error(f"'{e.name}' needs the value to reduce as its first argument", e)
        for extra in e.args[1:]:
            if isinstance(extra, Expr) and extra.dtype is not DType.BOOL and not extra.dtype.is_numeric:
                raise self.error(f"unexpected argument of '{e.name}'", e)
        value = e.args[0]
        vdt = value.dtype
        rct = _RED_CT[vdt]
        val = f"(({rct})({self.expr(value)}))"
        self.cross_thread = True
        if level == "block":
            shm = self.reduce_shm.get(rct)
            if shm is None:
                shm = self.reduce_shm[rct] = self.names.fresh("red_shm")
                self.shared_bytes += 32 * _bytes_of(rct)
            s = f"pirc_block_allreduce<{rct}>({val}, pirc_op_{op}(), {shm})"
            self.prelude.use("pirc_block_allreduce")
        else:
            s = f"pirc_warp_allreduce<{rct}>({val}, pirc_op_{op}())"
            self.prelude.use("pirc_warp_allreduce")
        out = f"(({ctype(vdt)}){s})"
        if e.dtype is DType.VOID:
            return out
        if e.dtype is not vdt:
            return self.cast(out, vdt, e.dtype)
        return out

    # -- the kernel -------------------------------------------------------------------------------------------
    def generate(self) -> tuple[list[str], KernelMeta]:
        f = self.func
        self.collect_storage()
        self.analyze_launch()
        self.lines = []
        self.depth = 1
        decls = self._temps()
        self.stmt(f.body)
        body = drop_unused_constants(self.lines)
        self.lines = []
        for rct, name in sorted(self.reduce_shm.items()):
            self.emit(f"__shared__ {rct} {name}[32];")
        if self.shared_bytes > MAX_STATIC_SHARED:
            raise self.error(f"the kernel needs {self.shared_bytes} bytes of shared memory; at most "
                             f"{MAX_STATIC_SHARED} can be static")
        grid = tuple(self.dims[a] for a in AXES[:3])
        block = tuple(self.dims[a] for a in AXES[3:])
        meta = KernelMeta(self.index, self.symbol, f.name, group_of(f), "cuda", f, self.args, symbol_args_of(f),
                          grid=grid, block=block, workspaces=self.workspaces,  # type: ignore[arg-type]
                          shared_bytes=self.shared_bytes, cross_thread=self.cross_thread)
        extra = [(f" * launch: grid ({', '.join(comment_text(d.text()) for d in grid)}), "
                 f"block ({', '.join(comment_text(d.text()) for d in block)}), "
                 f"static shared memory {self.shared_bytes} bytes")]
        for w in self.workspaces:
            extra.append(f" * workspace: {comment_text(w.name)} ({w.dtype.value}), one extra pointer parameter")
        if self.cross_thread:
            extra.append(" * uses warp / block reductions: blockDim.x must be a power of two <= 32 or a multiple of 32")
        out = self.header_lines(meta, extra)
        # external linkage: findable in the cubin (cuModuleGetGlobal), and no unused-variable warning
        out.append(f'extern "C" __device__ const char pirc_k{self.index}_name[] = {self.name_literal()};')
        params = [f"{self.param_type(a)} {a.cname}" for a in self.args]
        params += [f"{storage_type(w.dtype, 'cuda')}* __restrict__ {w.cname}" for w in self.workspaces]
        out.append(f'extern "C" __global__ void __launch_bounds__({self.launch_threads}) '
                   f"{self.symbol}({', '.join(params)})")
        out.append("{")
        out.extend(self.lines)
        out.extend(decls)
        out.extend(body)
        out.append("}")
        return out, meta

    def _temps(self) -> list[str]:
        saved = self.lines
        self.lines = []
        for t in self.temps:
            st = storage_type(t.dtype, "cuda")
            n, _ = self.temp_size(t)
            if t.scope is MemoryScope.GLOBAL:
                nbytes: Expr = IntImm(elem_bytes(t.dtype, "cuda"), DType.INT64)
                for d in t.shape:
                    nbytes = Mul(nbytes, d if d.dtype is DType.INT64 else Cast(DType.INT64, d))
                self.workspaces.append(WorkspaceInfo(t.cname, t.name, t.dtype, nbytes))
                continue
            if n is None:
                raise self.error(f"the {t.scope.value} buffer {comment_text(t.name)} needs a constant size on CUDA "
                                 "(make it global, or give it a constant shape)", t.node)
            if t.scope is MemoryScope.SHARED:
                self.shared_bytes += max(n, 1) * elem_bytes(t.dtype, "cuda")
                self.emit(f"__shared__ {st} {t.cname}[{max(n, 1)}];")
            else:
                self.emit(f"{st} {t.cname}[{max(n, 1)}];")
        out = self.lines
        self.lines = saved
        return out


_CONST_DECL = re.compile(r"^\s*const [A-Za-z_][A-Za-z0-9_ ]*? (v\d+_[A-Za-z0-9_]*) = [^;]*;$")
_VAR_TOKEN = re.compile(r"\bv\d+_[A-Za-z0-9_]*")


def drop_unused_constants(lines: list[str]) -> list[str]:
    """Remove ``const T vN_x = <index expression>;`` lines whose variable nothing reads (a schedule
    block's iter var its body does not use), repeatedly: nvcc warns on each (#177-D), and the
    expressions are pure index arithmetic.  Generated names (``vN_``) are unique within a kernel."""
    while True:
        uses: dict[str, int] = {}
        for ln in lines:
            for tok in _VAR_TOKEN.findall(ln):
                uses[tok] = uses.get(tok, 0) + 1
        keep = []
        for ln in lines:
            m = _CONST_DECL.match(ln)
            if m is not None and uses.get(m.group(1), 0) == 1:
                continue
            keep.append(ln)
        if len(keep) == len(lines):
            return lines
        lines = keep


def _bytes_of(rct: str) -> int:
    return 8 if rct in ("long long", "unsigned long long", "double") else 4




def codegen_cuda(node: Module | LoweredFunc | Sequence[LoweredFunc]) -> GeneratedSource:
    """CUDA source for NVRTC; see the module docstring for the ABI and execution model."""
    return assemble("cuda", node, CudaEmitter, CUDA_ABI)


__all__ = ["CUDA_ABI", "CudaEmitter", "codegen_cuda", "drop_unused_constants"]
