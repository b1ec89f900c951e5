"""Making a package: the in-process compiled run (``pirc-run --backend cinn``), frozen into a folder.

:func:`build_package` runs :func:`pirc.cinn.compiler.compile_program` on the program, as a
compiled run does (the inference passes with the parameter values, build_cinn, lowering), and
keeps what that run would use:

* ``host.pir``: the host program (every group replaced by its ``cinn_runtime.jit_kernel`` ops);
* ``params.npz``: the values of its parameters, the ones the passes folded included;
* ``kernels.c`` (and ``kernels.ast``): its kernels as one generated source;
* ``aot-0.c``: the ahead-of-time host program (:mod:`pirc.runtime.aot`) for the program's input
  shapes (or those given), when the program is eligible;
* per ISA level (``x86-64-v4/``, ``x86-64-v2/``, ...): ``kernels.so``, the nn library ``nnlib.so``
  and ``aot-0.so``, each compiled with exactly the flags of that level;
* ``manifest.json``: :mod:`.manifest`'s fields (format, pirc version, target, machine, compiler,
  each build's ISA level, required CPU flags and compiler flags, every file's SHA-256 and size).

The build for this machine's level uses the flags an in-process run uses here, so a package
computes the same bits as ``pirc-run --backend cinn``.  Libraries come through the kernel cache
(the same keys as the in-process run's), so a warm cache makes a package in seconds.  The folder
appears whole or not at all.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pirc.diagnostics import Diagnostic, PircError
from pirc.ir.program import Program
from pirc.package.isa import DEFAULT_MARCH, machine, requirements
from pirc.package.manifest import FORMAT, MANIFEST

#: the first line of a package's kernels.ast (as pirc-lower writes it: pirc-codegen reads the target there)
AST_HEADER = "// pirc-lower: target {target}\n"


@dataclass
class Built:
    """What :func:`build_package` wrote."""

    path: str
    kernels: int
    params: int
    isas: list[str]
    aot: str  # the frozen host programs, or why there is none
    timings: list[tuple[str, float]] = field(default_factory=list)


@dataclass
class _Variant:
    isa: str
    flags: tuple[str, ...]
    requires: list[str]


def _variants(cc: str, march: Sequence[str], explicit: bool) -> list[_Variant]:
    """The builds ``--march`` asks for, best first, each set of flags once.  Levels that do not
    apply here (an x86-64 level on another machine) are dropped from the default, an error when asked."""
    from pirc.cinn.backend.compile_c import ISA_LEVELS, c_flags, level_of
    from pirc.cinn.backend.errors import ToolchainError

    out: list[_Variant] = []
    for m in march:
        try:
            flags = c_flags(cc, march=m)
        except ToolchainError:
            if explicit:
                raise
            continue
        level = level_of(flags)
        isa = level if level is not None else machine()
        if any(v.flags == flags for v in out):
            continue
        out.append(_Variant(isa, flags, requirements(level)))
    rank = {name: i for i, name in enumerate(ISA_LEVELS)}
    out.sort(key=lambda v: -rank.get(v.isa, len(rank)))  # native (-march=native) and other machines first
    return out


def param_values(host: Program, compiled: Program, params: Mapping[str, Any]) -> dict[str, np.ndarray]:
    """The values of ``host``'s parameters as an in-process run binds them (the executor's scope): the given
    ones, else the program's (those the passes folded exist only there)."""
    out: dict[str, np.ndarray] = {}
    for op in host.block.ops:
        if op.name != "builtin.parameter":
            continue
        name = str(op.attr("parameter_name"))
        p = compiled.parameters.get(name)
        v = params[name] if name in params else p.value if p is not None else None
        if v is not None:
            out[name] = np.asarray(v, order="C")  # not ascontiguousarray: it makes a 0-d array 1-d
    return dict(sorted(out.items()))


def input_shapes(host: Program, given: Mapping[str, tuple[int, ...]]) -> tuple[dict[str, tuple[int, ...]], str | None]:
    """(the shape of every input, or why the host program cannot be frozen): the program's static shapes,
    those in ``given`` (``--shape``) first."""
    from pirc.ir.types import DenseTensorType
    from pirc.runtime.aot.plan import FEED_OPS

    shapes: dict[str, tuple[int, ...]] = {}
    for op in host.block.ops:
        if op.name not in FEED_OPS:
            continue
        name = str(op.attr("name"))
        if name in given:
            shapes[name] = tuple(given[name])
            continue
        t = op.results[0].type
        dims = tuple(t.dims) if isinstance(t, DenseTensorType) else None
        if dims is None or any(d < 0 for d in dims):
            shown = "x".join("?" if d < 0 else str(d) for d in dims) if dims is not None else "unknown"
            return {}, (f"input '{name}' has a dynamic shape ({shown}): pirc-compile --shape {name}=DIMS freezes "
                        f"the host program of one shape")
        shapes[name] = dims
    return shapes, None


def freeze_aot(host: Program, factory: Any, shapes: Mapping[str, tuple[int, ...]]
               ) -> tuple[str | None, list[dict[str, Any]], str | None]:
    """(the C text of the AOT host program for ``shapes``, its feeds as the manifest lists them), or
    (None, [], why not)."""
    from pirc.runtime.aot.emit import emit_c
    from pirc.runtime.aot.plan import NotEligible, build_plan, ineligible_reason

    reason = ineligible_reason(host.block)
    if reason is not None:
        return None, [], reason
    try:
        plan = build_plan(host.block, shapes, factory, 1)
    except NotEligible as e:
        return None, [], str(e)
    feeds = [{"name": n, "shape": [int(d) for d in shape], "dtype": dtype.name} for n, shape, dtype in plan.feeds]
    return emit_c(plan), feeds, None


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def build_package(program: Program, output: str, *, params: Mapping[str, Any], source: str, target: str = "c",
                  march: Sequence[str] | None = None, arch: str | None = None,
                  shapes: Mapping[str, tuple[int, ...]] | None = None, force: bool = False) -> Built:
    """Compile ``program`` (changed in place into its host program) into the package folder ``output``
    (see the module docstring).  ``march``: ISA levels (:data:`pirc.package.isa.MARCH_CHOICES`; default
    :data:`~pirc.package.isa.DEFAULT_MARCH`).  Raises PircError (or the toolchain's errors)."""
    from pirc import __version__
    from pirc.cinn.ast.nodes import Module
    from pirc.cinn.ast.printer import print_ast
    from pirc.cinn.backend.build import compile_generated, generate
    from pirc.cinn.backend.jit_kernel import OP_NAME, kernel_node
    from pirc.cinn.codegen.common import CODEGEN_VERSION
    from pirc.cinn.compiler import compile_program
    from pirc.runtime.aot.emit import AOT_VERSION
    from pirc.runtime.aot.nnops import ABI_VERSION
    from pirc.text.parser import parse_program
    from pirc.text.printer import print_program

    timings: list[tuple[str, float]] = []
    t0 = time.perf_counter()
    compiled = compile_program(program, target, arch=arch, params=params)
    timings.extend(compiled.timings.items())
    host_text = print_program(program)
    host = parse_program(host_text, "host.pir")  # what the loader runs
    values = param_values(host, program, params)
    fns: dict[str, Any] = {}
    for op in host.walk():
        if op.name == OP_NAME:
            fn = kernel_node(op)[1]
            fns.setdefault(fn.name, fn)
    module = Module("module", tuple(fns.values()))
    src = generate(module, target)
    ext = "c" if target == "c" else "cu"
    files: dict[str, bytes] = {
        "host.pir": host_text.encode("utf-8"),
        "kernels.ast": (AST_HEADER.format(target=target) + print_ast(module)).encode("utf-8"),
        f"kernels.{ext}": src.text.encode("utf-8"),
    }
    if values:
        files["params.npz"] = npz_bytes(values)
    t1 = time.perf_counter()
    timings.append(("host program + kernel source", t1 - t0))
    if target == "c":
        compiler, builds, aot_programs, reason = _c_builds(host, src, march, shapes or {}, files)
    else:
        from pirc.cinn.backend.nvrtc import nvrtc_identity, nvrtc_options

        mod = compile_generated(src, arch=arch)
        compiler = nvrtc_identity()
        binary = f"kernels.{mod.kind or 'cubin'}"
        files[binary] = mod.artifact.read_bytes()
        builds = [{"isa": mod.arch, "requires": [], "flags": list(nvrtc_options(mod.arch, mod.kind or "cubin")),
                   "kernels": binary, "nnlib": None, "aot": []}]
        aot_programs, reason = [], "the ahead-of-time host program runs on the CPU (target c)"
    t2 = time.perf_counter()
    timings.append(("compile " + ", ".join(b["isa"] for b in builds), t2 - t1))
    manifest = {
        "format": FORMAT, "pirc_version": __version__, "target": target, "machine": machine(),
        "source": os.path.basename(source), "inputs": input_names(host), "host": "host.pir",
        "params": "params.npz" if values else None, "kernels_ast": "kernels.ast", "kernels_source": f"kernels.{ext}",
        "kernel_names": [k.name for k in src.kernels],
        "abi": {"codegen": str(CODEGEN_VERSION), "aot": AOT_VERSION, "nnlib": ABI_VERSION},
        "compiler": compiler, "aot": {"programs": aot_programs, "reason": reason}, "builds": builds,
        "files": {name: {"sha256": _sha(data), "bytes": len(data)} for name, data in sorted(files.items())},
    }
    _write_folder(output, files, json.dumps(manifest, indent=2, sort_keys=True) + "\n", force)
    timings.append(("write the package", time.perf_counter() - t2))
    aot = ("host program frozen for " + ", ".join(f"{f['name']}[{'x'.join(map(str, f['shape']))}]"
                                                  for f in aot_programs[0]["feeds"])) if aot_programs else \
        f"no ahead-of-time host program: {reason}"
    return Built(output, len(src.kernels), len(values), [b["isa"] for b in builds], aot, timings)


def _c_builds(host: Program, src: Any, march: Sequence[str] | None, shapes: Mapping[str, tuple[int, ...]],
              files: dict[str, bytes]) -> tuple[str, list[dict[str, Any]], list[dict[str, Any]], str | None]:
    """(the compiler, the builds, the frozen host programs, why there is none) of a C package; their files
    added to ``files``."""
    from pirc.cinn.backend.build import compile_generated
    from pirc.cinn.backend.compile_c import cc_identity, find_cc

    cc = find_cc()
    variants = _variants(cc, list(march) if march else list(DEFAULT_MARCH), bool(march))
    libs = _compile_variants(src, variants, cc)  # isa -> {"kernels": path, "nnlib": path}
    # the host program is planned with kernels this CPU runs (planning computes constants with them)
    here = cpu_flags_here()
    runnable = next((v for v in variants if set(v.requires) <= here), None)
    kernels = libs[runnable.isa]["kernels"] if runnable else str(compile_generated(src).artifact)
    shape_map, reason = input_shapes(host, shapes)
    text, feeds = None, []
    if reason is None:
        text, feeds, reason = freeze_aot(host, package_factory(src, kernels, "c"), shape_map)
    aot_libs: dict[str, str] = {}
    programs: list[dict[str, Any]] = []
    if text is not None:
        files["aot-0.c"] = text.encode("utf-8")
        programs.append({"feeds": feeds, "source": "aot-0.c"})
        aot_libs = _compile_aot(text, variants, cc)
    builds = []
    for v in variants:
        d = v.isa
        files[f"{d}/kernels.so"] = _read(libs[d]["kernels"])
        files[f"{d}/nnlib.so"] = _read(libs[d]["nnlib"])
        if d in aot_libs:
            files[f"{d}/aot-0.so"] = _read(aot_libs[d])
        builds.append({"isa": d, "requires": v.requires, "flags": list(v.flags), "kernels": f"{d}/kernels.so",
                       "nnlib": f"{d}/nnlib.so", "aot": [f"{d}/aot-0.so"] if d in aot_libs else []})
    return cc_identity(cc), builds, programs, reason


def input_names(program: Program) -> list[str]:
    """The names of the program's inputs, in program order."""
    names: list[str] = []
    for op in program.walk():
        if op.name in ("pd_op.data", "pd_op.feed"):
            n = op.attr("name")
            if isinstance(n, str) and n not in names:
                names.append(n)
    return names


def npz_bytes(arrays: Mapping[str, np.ndarray]) -> bytes:
    """A deterministic .npz (fixed zip timestamps), keys in the given order."""
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_STORED) as zf:
        for key, arr in arrays.items():
            b = io.BytesIO()
            np.lib.format.write_array(b, np.asarray(arr, order="C"), allow_pickle=False)
            info = zipfile.ZipInfo(key + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            zf.writestr(info, b.getvalue())
    return buf.getvalue()


def cpu_flags_here() -> frozenset[str]:
    """This CPU's real flags (not ``$PIRC_CPU_FLAGS``: the build runs kernels here)."""
    from pirc.cinn.backend.compile_c import cpu_flags as proc

    return frozenset(proc())


def _read(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


def _compile_variants(src: Any, variants: list[_Variant], cc: str) -> dict[str, dict[str, str]]:
    """Each variant's kernels and nn library, compiled through the kernel cache (in parallel)."""
    from pirc.cinn.backend.cache import cache_key, default_cache
    from pirc.cinn.backend.compile_c import cc_identity, compile_c
    from pirc.cinn.codegen.common import CODEGEN_VERSION
    from pirc.runtime.nn.lib import source_text

    cache = default_cache()
    ident = cc_identity(cc)
    nn_source = source_text()

    def kernels(v: _Variant) -> str:  # the key of pirc.cinn.backend.build's C modules
        key = cache_key(CODEGEN_VERSION, "so", ident, " ".join(v.flags), src.text)
        path, _ = cache.get_or_build(key, ".so", lambda: compile_c(src.text, cc=cc, flags=v.flags),
                                     kind="so", info={"toolchain": ident, "flags": list(v.flags)},
                                     require=[m.symbol.encode() for m in src.kernels])
        return str(path)

    def nnlib(v: _Variant) -> str:  # the key of pirc.runtime.nn.lib's library
        flags = v.flags + ("-lm",)
        key = cache_key("nnlib", ident, " ".join(flags), nn_source)
        path, _ = cache.get_or_build(key, ".so", lambda: compile_c(nn_source, cc=cc, flags=flags,
                                                                   source_name="nnlib.c"),
                                     kind="so", info={"toolchain": ident, "flags": list(flags)})
        return str(path)

    jobs = [(v.isa, what, f, v) for v in variants for what, f in (("kernels", kernels), ("nnlib", nnlib))]
    out: dict[str, dict[str, str]] = {v.isa: {} for v in variants}
    with ThreadPoolExecutor(max_workers=max(1, min(len(jobs), _workers()))) as pool:
        futures = [(isa, what, pool.submit(f, v)) for isa, what, f, v in jobs]
        for isa, what, fut in futures:
            out[isa][what] = fut.result()
    return out


def _compile_aot(text: str, variants: list[_Variant], cc: str) -> dict[str, str]:
    """The AOT host program compiled per variant (the key of pirc.runtime.aot.runner.compile_plan)."""
    from pirc.cinn.backend.cache import cache_key, default_cache
    from pirc.cinn.backend.compile_c import cc_identity, compile_c
    from pirc.runtime.aot.emit import AOT_VERSION, ENTRY

    cache = default_cache()
    ident = cc_identity(cc)

    def one(v: _Variant) -> str:
        key = cache_key("aot", AOT_VERSION, "so", ident, " ".join(v.flags), text)
        path, _ = cache.get_or_build(key, ".so", lambda: compile_c(text, cc=cc, flags=v.flags, source_name="aot.c"),
                                     kind="aot", info={"toolchain": ident, "flags": list(v.flags)},
                                     require=[ENTRY.encode()])
        return str(path)

    with ThreadPoolExecutor(max_workers=max(1, min(len(variants), _workers()))) as pool:
        return dict(zip([v.isa for v in variants], pool.map(one, variants), strict=True))


def _workers() -> int:
    from pirc.runtime.threads import free_cores

    return free_cores()[0]


def package_factory(src: Any, library: str, target: str, arch: str = "", kind: str = "so") -> Any:
    """A jit_kernel instruction factory whose kernels are ``library``'s (compiled from ``src``)."""
    from pathlib import Path

    from pirc.cinn.backend.build import CompiledModule
    from pirc.cinn.backend.jit_kernel import JitKernelFactory

    compiled = CompiledModule(src, target, Path(library), False, arch=arch, kind=kind)

    class PackageKernels(JitKernelFactory):
        def _module(self, node: Any) -> Any:
            return compiled

    return PackageKernels(target)


def _write_folder(output: str, files: Mapping[str, bytes], manifest: str, force: bool) -> None:
    """Write the package into a private temporary folder beside ``output``, then rename it into place."""
    parent = os.path.dirname(os.path.abspath(output)) or "."
    if os.path.lexists(output) and not force:
        raise PircError(Diagnostic("error", f"{output} exists (use --force to replace it)"))
    try:
        tmp = tempfile.mkdtemp(prefix=".pirc-package-", dir=parent)
    except OSError as e:
        raise PircError(Diagnostic("error", f"cannot write the package {output}: {e.strerror or e} ({parent})")) \
            from None
    try:
        for name, data in files.items():
            path = os.path.join(tmp, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
        with open(os.path.join(tmp, MANIFEST), "w", encoding="utf-8") as f:
            f.write(manifest)
        os.chmod(tmp, 0o755)
        old = None
        if os.path.lexists(output):
            old = tempfile.mkdtemp(prefix=".pirc-old-", dir=parent)
            os.rename(output, os.path.join(old, "package"))
        os.rename(tmp, output)  # the package appears whole or not at all
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as e:
        shutil.rmtree(tmp, ignore_errors=True)
        raise PircError(Diagnostic("error", f"cannot write the package {output}: {e.strerror or e}")) from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


__all__ = ["AST_HEADER", "Built", "build_package", "freeze_aot", "input_shapes", "package_factory", "param_values"]
