"""Compiling an AOT plan (through the kernel cache) and calling it: one ctypes call per run.

:class:`AotProgram` is one plan loaded: its ``pirc_aot_main`` with the pointer tables prebuilt
(parameters, constants, the function table, the arena); a run fills the feed and output tables,
allocates the outputs with ``np.empty`` and makes the one call.  :class:`AotRunner` is what the
executor holds: the program's eligibility, and one AotProgram per feed-shape signature.
"""

from __future__ import annotations

import ctypes
import hashlib
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from pirc.cinn.backend.errors import CompileError, ToolchainError
from pirc.cinn.backend.module import data_address
from pirc.diagnostics import PircError
from pirc.ir.core import Block
from pirc.runtime.aot import nnops
from pirc.runtime.aot.emit import AOT_VERSION, ENTRY, emit_c
from pirc.runtime.aot.plan import FEED_OPS, NotEligible, Plan, build_plan, ineligible_reason
from pirc.runtime.errors import KernelError
from pirc.runtime.feeds import (check_array, check_feed_names, feed_spec, missing_parameter, non_persistable_default,
                                param_spec)

if TYPE_CHECKING:
    from pirc.cinn.backend.cache import KernelCache

_VP = ctypes.c_void_p
#: feed-shape signatures kept per program (each a compiled plan and its arena); the oldest goes first
MAX_PLANS = 16

#: host programs compiled before this process started (a package's, :mod:`pirc.package`): the SHA-256
#: of the C text -> the shared library compiled from it
_FROZEN: dict[str, str] = {}


def use_compiled(libraries: Mapping[str, str]) -> None:
    """Make :func:`compile_plan` take these libraries (C text SHA-256 -> path) for their texts instead of
    compiling: the host programs a package froze (it checked their hashes before handing them over)."""
    _FROZEN.update(libraries)


def text_sha256(text: str) -> str:
    """The key of :data:`_FROZEN`: the SHA-256 of an emitted host program."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def compile_plan(plan: Plan, cache: KernelCache | None = None) -> tuple[str, bool, str]:
    """(path of the shared library, compiled now, the C text) of ``plan``'s host program: a frozen one
    (:func:`use_compiled`) when its text is one, else compiled through the kernel cache."""
    from pirc.cinn.backend.cache import cache_key, default_cache
    from pirc.cinn.backend.compile_c import c_flags, cc_identity, compile_c, find_cc

    text = emit_c(plan)
    frozen = _FROZEN.get(text_sha256(text)) if _FROZEN else None
    if frozen is not None:
        return frozen, False, text
    cc = find_cc()
    flags = c_flags(cc)
    cache = cache or default_cache()
    key = cache_key("aot", AOT_VERSION, "so", cc_identity(cc), " ".join(flags), text)
    def build() -> tuple[bytes, float]:
        from pirc.progress import status

        with status("compiling the ahead-of-time host program (cc)"):  # seconds on a cold cache
            return compile_c(text, cc=cc, flags=flags, source_name="aot.c")

    path, compiled = cache.get_or_build(key, ".so", build,
                                        kind="aot", info={"toolchain": cc_identity(cc), "flags": list(flags)},
                                        require=[ENTRY.encode()])
    return str(path), compiled, text


class AotProgram:
    """One plan, compiled and loaded."""

    def __init__(self, plan: Plan, cache: KernelCache | None = None) -> None:
        from pirc.runtime.threads import ensure_applied

        self.plan = plan
        path, self.compiled_now, self.text = compile_plan(plan, cache)
        ensure_applied()
        self._lib = ctypes.CDLL(path)
        main = getattr(self._lib, ENTRY)
        main.argtypes = (_VP, _VP, _VP, _VP, _VP, _VP, ctypes.c_int)
        main.restype = ctypes.c_int
        self._main = main
        self._keep: list[Any] = []
        addrs: list[int] = []
        for kind, f in plan.fns:
            if kind == "kernel":
                self._keep.append(f)
                addrs.append(ctypes.cast(f.fn, _VP).value or 0)
            else:
                addrs.append(nnops.function_address(f))
        self._fns = (_VP * max(len(addrs), 1))(*addrs)
        n_p, n_c = len(plan.params), len(plan.consts)
        self._params = (_VP * max(n_p + n_c, 1))()
        for i, c in enumerate(plan.consts):
            self._params[n_p + i] = c.ctypes.data
        self._param_objs: list[Any] = [None] * n_p
        self._held: list[Any] = [None] * n_p
        self._feeds = (_VP * max(len(plan.feeds), 1))()
        self._outs = (_VP * max(len(plan.outputs), 1))()
        self._arena = np.empty(plan.arena_bytes + 64, dtype=np.uint8)
        base = self._arena.ctypes.data
        self._arena_addr = base + (-base) % 64
        self._ptrs = [ctypes.addressof(x) for x in (self._params, self._feeds, self._outs, self._fns)]
        self.labels = [st.label for st in plan.steps]
        self._lock = threading.Lock()  # one run at a time: the tables and the arena are shared

    def bind_params(self, scope: Mapping[str, Any], specs: Mapping[str, Any]) -> None:
        """Point the parameter table at ``scope``'s arrays (checked when they change)."""
        objs = self._param_objs
        for i, name in enumerate(self.plan.params):
            v = scope.get(name)
            if v is objs[i] and v is not None:
                continue
            spec = specs[name]
            if v is None:
                v = non_persistable_default(spec)
                if v is None:
                    raise missing_parameter(spec)
            arr = check_array(spec, v, "parameter")
            if not arr.flags.c_contiguous:
                arr = np.ascontiguousarray(arr)
            objs[i] = v
            self._held[i] = arr  # the array the table points at (a contiguous copy when v is not)
            self._params[i] = arr.ctypes.data

    def run(self, feeds: Mapping[str, Any], times: np.ndarray | None = None) -> dict[str, np.ndarray]:
        """Call the host program once; feeds must have the plan's shapes and dtypes."""
        plan = self.plan
        fp = self._feeds
        xs = [feeds[name] for name, _, _ in plan.feeds]
        xs = [x if x.flags.c_contiguous else np.ascontiguousarray(x) for x in xs]
        outs = [np.empty(shape, dtype) for _, shape, dtype in plan.outputs]
        op = self._outs
        p, f, o_, fn = self._ptrs
        with self._lock:
            for i, x in enumerate(xs):
                fp[i] = data_address(x)
            for i, o in enumerate(outs):
                op[i] = data_address(o)
            rc = self._main(p, f, o_, self._arena_addr, fn, times.ctypes.data if times is not None else None,
                            plan.nthreads)
        if rc != 0:
            raise self._error(rc - 1)
        return {name: a for (name, _, _), a in zip(plan.outputs, outs, strict=True)}

    def _error(self, k: int) -> PircError:
        st = self.plan.steps[k]
        what = f"kernel {st.label}" if st.kind == "kernel" else st.kind
        return KernelError(st.op.name, f"'{st.op.name}' op failed at run time: {what} returned a nonzero status "
                           f"(ahead-of-time program, call {k})", st.op.loc)


class AotRunner:
    """The AOT path of one executor: ``mode`` True (required), None (when eligible) or False (off)."""

    def __init__(self, block: Block, factory: Any, mode: bool | None, nthreads: int = 1,
                 cache: KernelCache | None = None) -> None:
        self.block = block
        self.factory = factory
        self.nthreads = nthreads
        self.mode = mode
        self.cache = cache
        self.reason: str | None = ineligible_reason(block)
        if self.reason is None and factory is None and any(op.name == "cinn_runtime.jit_kernel" for op in block.ops):
            self.reason = "no host kernels are loaded for its compiled kernels"
        self._feed_specs = {s.name: s for s in (feed_spec(op) for op in block.ops if op.name in FEED_OPS)}
        self._param_specs = {s.name: s for s in (param_spec(op) for op in block.ops
                                                  if op.name == "builtin.parameter")}
        self._programs: dict[tuple, AotProgram | str] = {}
        self.last: AotProgram | str | None = None
        if mode and self.reason is not None:
            raise _required(self.reason)

    @property
    def eligible(self) -> bool:
        return self.reason is None

    def status(self) -> str:
        """What the last run did, for --profile."""
        if self.reason is not None:
            return f"AOT: not used: {self.reason}"
        if isinstance(self.last, str):
            return f"AOT: not used: {self.last}"
        if self.last is None:
            return "AOT: not run yet"
        how = ("compiled now" if self.last.compiled_now else "frozen in the package"
               if self.last.text and text_sha256(self.last.text) in _FROZEN else "from the kernel cache")
        return f"AOT: used: {self.last.plan.describe()[len('AOT: '):]}; host program {how}"

    def program(self, feeds: Mapping[str, Any]) -> AotProgram | None:
        """The compiled plan for these feeds (made on the first run of a signature), or None when this
        signature must run on the interpreter (the reason is in :meth:`status`)."""
        try:
            sig = tuple((n, feeds[n].shape, feeds[n].dtype) for n in self._feed_specs)
        except (KeyError, AttributeError):  # a missing feed, or not an array: the interpreter checks and says
            self.last = "the feeds are not all arrays"
            return None
        hit = self._programs.get(sig)
        if hit is None:
            hit = self._make(feeds, sig)
        self.last = hit
        return hit if isinstance(hit, AotProgram) else None

    def _make(self, feeds: Mapping[str, Any], sig: tuple) -> AotProgram | str:
        specs = list(self._feed_specs.values())
        check_feed_names(specs, feeds)
        for s in specs:
            check_array(s, feeds[s.name], "feed")
        try:
            plan = build_plan(self.block, {n: feeds[n].shape for n in self._feed_specs}, self.factory, self.nthreads)
            prog: AotProgram | str = AotProgram(plan, self.cache)
        except NotEligible as e:
            if self.mode:
                raise _required(str(e)) from None
            prog = str(e)
        except (CompileError, ToolchainError) as e:  # no C compiler, or it refused: the interpreter runs
            if self.mode:
                raise
            prog = f"the host program did not compile: {e.diagnostics[0].message}"
        if len(self._programs) >= MAX_PLANS:
            del self._programs[next(iter(self._programs))]
        self._programs[sig] = prog
        return prog

    def run(self, feeds: Mapping[str, Any], scope: Mapping[str, Any], profiler: Any = None
            ) -> dict[str, np.ndarray] | None:
        prog = self.program(feeds)
        if prog is None:
            return None
        prog.bind_params(scope, self._param_specs)
        if profiler is None:
            return prog.run(feeds)
        times = np.zeros(max(len(prog.labels), 1))
        out = prog.run(feeds, times)
        for label, t in zip(prog.labels, times.tolist()):
            profiler.add(label, t, t)
        return out


def _required(reason: str) -> PircError:
    from pirc.diagnostics import Diagnostic

    return PircError(Diagnostic("error", f"AOT: cannot run this program ahead of time: {reason}").note(
        "run it without --aot (the interpreter runs what AOT does not cover)"))


__all__ = ["AotProgram", "AotRunner", "compile_plan", "text_sha256", "use_compiled"]
