"""Loading a package for a run: checked (:mod:`.manifest`), then its build for this CPU put in place.

:func:`load_package` returns the host program, its parameters and the chosen build, with the
run-time hooks installed as :func:`pirc.cinn.compiler.compile_program` installs them in process:
the ``cinn_runtime.jit_kernel`` factory (the build's ``kernels.so``), pirc's nn library (the build's
``nnlib.so``) and the frozen ahead-of-time host programs (:func:`pirc.runtime.aot.runner.use_compiled`),
so that :class:`~pirc.runtime.executor.StandaloneExecutor` runs exactly what an in-process compiled
run runs, with nothing to compile.

Before anything is loaded: the package must be of this pirc (version and ABIs), for this target and
machine; a build must need no CPU flag this CPU lacks (:mod:`.isa`, else an error naming the
``--march`` that fixes it); the host program must parse and verify; ``params.npz`` must hold exactly
its parameters with their shapes and dtypes; the kernel source generated again from the host
program must be the package's ``kernels.c``.  Libraries are loaded from private copies of the bytes
that were checked.
"""

from __future__ import annotations

import atexit
import ctypes
import io
import os
import shutil
import tempfile
from dataclasses import dataclass
from typing import Any

import numpy as np

from pirc.diagnostics import PircError
from pirc.ir.program import Program
from pirc.package.isa import ENV_CPU_FLAGS, cpu_flags, machine, missing, supported_level
from pirc.package.manifest import AGAIN, MANIFEST, CheckedPackage, check_folder, error_at


@dataclass
class LoadedPackage:
    path: str
    manifest: dict[str, Any]
    program: Program
    params: dict[str, np.ndarray]
    build: dict[str, Any]  # the manifest's entry of the build in use
    aot_programs: int  # frozen ahead-of-time host programs made available

    def describe(self) -> str:
        b = self.build
        return (f"package {self.path}: build {b['isa']} ({len(self.manifest['builds'])} in the package), "
                f"{len(self.manifest['kernel_names'])} kernels, {self.aot_programs} frozen host program"
                f"{'s' * (self.aot_programs != 1)}")


def check_compatible(pkg: CheckedPackage, device: str) -> dict[str, Any]:
    """The build to run on this machine (the first of the package's that this CPU runs).  Raises PircError."""
    from pirc.cinn.codegen.common import CODEGEN_VERSION
    from pirc.runtime.aot.emit import AOT_VERSION
    from pirc.runtime.aot.nnops import ABI_VERSION

    m = pkg.manifest
    at = pkg.at(MANIFEST)
    want = "cuda" if device == "cuda" else "c"
    if m["target"] != want:
        raise error_at(at, f"the package was compiled for target {m['target']}, but --device {device} runs {want} "
                       "kernels", f"run it with --device {'cuda' if m['target'] == 'cuda' else 'cpu'}, or compile it "
                       f"again with pirc-compile --target {want}")
    abi = {"codegen": str(CODEGEN_VERSION), "aot": AOT_VERSION, "nnlib": ABI_VERSION}
    for k, v in abi.items():
        if m["abi"][k] != v:
            raise error_at(at, f"the package's {k} ABI is {m['abi'][k]!r}; this pirc's is {v!r}", AGAIN)
    if m["target"] == "cuda":
        return m["builds"][0]
    if m["machine"] != machine():
        raise error_at(at, f"the package was compiled for {m['machine']} machines; this one is {machine()}",
                       "compile it again on (or for) this kind of machine")
    flags = cpu_flags()
    for b in m["builds"]:
        if not missing(b["requires"], flags):
            return b
    isas = " and ".join(b["isa"] for b in m["builds"])
    lacks = missing(m["builds"][-1]["requires"], flags)
    shown = ", ".join(lacks[:8]) + (", ..." if len(lacks) > 8 else "")
    level = supported_level(flags)
    fix = (f"compile it again for this CPU's level: pirc-compile --march {level} (or without --march: a portable "
           "x86-64-v2 build beside one for the compiling machine)") if level else \
        "compile it again on this machine (pirc-compile --march native)"
    if not flags:
        fix = f"/proc/cpuinfo lists no CPU flags here: set {ENV_CPU_FLAGS} to this CPU's (space-separated)"
    raise error_at(at, f"this CPU cannot run the package: it was built for {isas} only, and this CPU lacks "
                   f"{shown}", fix)


_PRIVATE: list[str] = []


def _private_dir() -> str:
    if not _PRIVATE:
        d = tempfile.mkdtemp(prefix="pirc-package-")  # 0700
        _PRIVATE.append(d)
        atexit.register(shutil.rmtree, d, True)
    return _PRIVATE[0]


def _private_copy(pkg: CheckedPackage, name: str) -> str:
    """A private copy of a checked file (what is loaded is what was hashed)."""
    d = tempfile.mkdtemp(dir=_private_dir())
    path = os.path.join(d, os.path.basename(name))
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o500)
    with os.fdopen(fd, "wb") as f:
        f.write(pkg.data[name])
    return path


def _dl_reason(e: BaseException, path: str) -> str:
    """The loader's reason, without the private copy's path."""
    text = str(e)
    return text[len(path) + 2:] if text.startswith(path + ": ") else text


def _text(pkg: CheckedPackage, name: str) -> str:
    try:
        return pkg.data[name].decode("utf-8")
    except UnicodeDecodeError as e:
        raise error_at(pkg.at(name), f"is not UTF-8 text (byte {e.start})", AGAIN) from None


def _host_program(pkg: CheckedPackage, verify_it: bool) -> Program:
    import pirc.cinn.backend.jit_kernel  # noqa: F401  - the cinn_runtime.jit_kernel op
    import pirc.dialects.all  # noqa: F401
    from pirc.ir.verifier import verify
    from pirc.text.parser import parse_program

    name = pkg.manifest["host"]
    prog = parse_program(_text(pkg, name), pkg.at(name))
    if verify_it:
        diags = verify(prog)
        if diags:
            raise PircError(diags)
    return prog


def _params(pkg: CheckedPackage, prog: Program) -> dict[str, np.ndarray]:
    """params.npz, checked against the host program's parameters (names, shapes, dtypes)."""
    from pirc.runtime.feeds import check_array, non_persistable_default, param_spec, read_feed_file

    name = pkg.manifest["params"]
    at = pkg.at(name) if name else pkg.at(MANIFEST)
    try:
        arrays = read_feed_file(io.BytesIO(pkg.data[name]), at) if name else {}
    except PircError as e:
        msg = e.diagnostics[0].message.replace(f"cannot read '{at}': ", "")
        raise error_at(at, f"cannot be read as parameters: {msg}", AGAIN) from None
    specs = {s.name: s for s in (param_spec(op) for op in prog.block.ops if op.name == "builtin.parameter")}
    extra = sorted(set(arrays) - set(specs))
    if extra:
        raise error_at(at, f"holds '{extra[0]}', which is no parameter of the package's host program "
                       f"({len(extra)} such arrays): the parameters of another model?", AGAIN)
    for n, spec in specs.items():
        if n not in arrays:
            if non_persistable_default(spec) is None:
                raise error_at(at, f"lacks the parameter '{n}' of the package's host program"
                               + ("" if name else " (the package has no params.npz)"), AGAIN)
            continue
        try:
            arrays[n] = check_array(spec, arrays[n], "parameter")
        except PircError as e:
            raise error_at(at, e.diagnostics[0].message + ": the parameters of another model?", AGAIN) from None
    return arrays


def _aot_feeds(pkg: CheckedPackage, prog: Program) -> None:
    """Each frozen host program's feeds are the host program's inputs, with the shapes its C text was
    planned for (the text's ``feeds:`` line)."""
    from pirc.runtime.aot.emit import feed_line
    from pirc.runtime.aot.plan import FEED_OPS

    ops = [op for op in prog.block.ops if op.name in FEED_OPS]
    for i, p in enumerate(pkg.manifest["aot"]["programs"]):
        where = f"'aot.programs[{i}].feeds'"
        feeds = p["feeds"]
        if [f["name"] for f in feeds] != [str(op.attr("name")) for op in ops]:
            raise error_at(pkg.at(MANIFEST), f"{where} are not the host program's inputs, in order", AGAIN)
        try:
            line = feed_line([(f["name"], tuple(f["shape"]), np.dtype(f["dtype"])) for f in feeds])
        except TypeError:
            raise error_at(pkg.at(MANIFEST), f"{where} name a dtype that is none", AGAIN) from None
        if f" * {line}\n" not in _text(pkg, p["source"]):
            raise error_at(pkg.at(MANIFEST), f"{where} are not the shapes {p['source']} was compiled for", AGAIN)


def _kernel_source(pkg: CheckedPackage, prog: Program) -> Any:
    """The kernels of the host program's jit_kernel ops generated again: it must be the package's kernels.c
    (and its kernel names the manifest's)."""
    from pirc.cinn.ast.nodes import Module
    from pirc.cinn.backend.build import generate
    from pirc.cinn.backend.jit_kernel import OP_NAME, kernel_node

    m = pkg.manifest
    fns: dict[str, Any] = {}
    for op in prog.walk():
        if op.name == OP_NAME:
            try:
                fn = kernel_node(op)[1]
            except ValueError as e:
                raise error_at(pkg.at(m["host"]), f"a '{OP_NAME}' op {e}", AGAIN) from None
            fns.setdefault(fn.name, fn)
    src = generate(Module("module", tuple(fns.values())), m["target"])
    if src.text.encode("utf-8") != pkg.data[m["kernels_source"]]:
        raise error_at(pkg.at(m["host"]), f"its kernels are not those of {m['kernels_source']}: the files come "
                       "from different compilations", AGAIN)
    names = [k.name for k in src.kernels]
    if m["kernel_names"] != names:
        raise error_at(pkg.at(MANIFEST), f"'kernel_names' does not list the {len(names)} kernels of "
                       f"{m['kernels_source']} in order", AGAIN)
    return src


def _kernels(pkg: CheckedPackage, src: Any, build: dict[str, Any]) -> Any:
    """The build's kernels (a private copy of its library), as a jit_kernel instruction factory."""
    from pirc.package.build import package_factory

    m = pkg.manifest
    lib = build["kernels"]
    data = pkg.data[lib]
    absent = [k.symbol for k in src.kernels if k.symbol.encode() not in data]
    if absent:
        raise error_at(pkg.at(lib), f"does not define the kernel {absent[0]} the host program calls", AGAIN)
    path = _private_copy(pkg, lib)
    kind = os.path.splitext(lib)[1][1:]
    factory = package_factory(src, path, m["target"], arch=build["isa"] if m["target"] == "cuda" else "", kind=kind)
    if m["target"] == "c":
        try:
            factory._module(None).module()  # load now: a broken library is the package's error, not a run's
        except OSError as e:
            raise error_at(pkg.at(lib), f"cannot be loaded: {_dl_reason(e, path)}", AGAIN) from None
    return factory


def _nn_library(pkg: CheckedPackage, build: dict[str, Any]) -> None:
    """Make the build's nn library the process's (pirc.runtime.nn.lib builds one otherwise)."""
    from pirc.runtime.aot import nnops
    from pirc.runtime.nn import lib as nnlib
    from pirc.runtime.threads import ensure_applied

    name = build["nnlib"]
    if name is None:
        return
    path = _private_copy(pkg, name)
    ensure_applied()  # libgomp reads its settings when the first library loads it
    try:
        so = ctypes.CDLL(path)
        version = so.pirc_nn_abi_version
        version.restype = ctypes.c_int
        abi = int(version())
    except (OSError, AttributeError) as e:
        raise error_at(pkg.at(name), f"is not pirc's nn library: {_dl_reason(e, path)}", AGAIN) from None
    if abi != nnops.ABI_VERSION:
        raise error_at(pkg.at(name), f"is pirc's nn library of ABI {abi}; this pirc's is {nnops.ABI_VERSION}", AGAIN)
    i64p = ctypes.POINTER(ctypes.c_int64)
    for symbol, pointers in nnops.SIGNATURES.items():  # the prototypes pirc.runtime.nn.lib.lib() gives its own
        try:
            fn = getattr(so, symbol)
        except AttributeError:
            raise error_at(pkg.at(name), f"lacks the nn function {symbol}", AGAIN) from None
        fn.argtypes = [i64p, *([ctypes.c_void_p] * len(pointers)), ctypes.c_int]
        fn.restype = ctypes.c_int
    nnlib._LIB = so
    nnops._library.cache_clear()


def _aot(pkg: CheckedPackage, build: dict[str, Any]) -> int:
    """Hand the build's frozen host programs to the AOT runner (by the SHA-256 of their C text)."""
    from pirc.runtime.aot.emit import ENTRY
    from pirc.runtime.aot.runner import use_compiled

    frozen: dict[str, str] = {}
    for prog, lib in zip(pkg.manifest["aot"]["programs"], build["aot"], strict=True):
        if ENTRY.encode() not in pkg.data[lib]:
            raise error_at(pkg.at(lib), f"is not an ahead-of-time host program (no {ENTRY})", AGAIN)
        frozen[pkg.manifest["files"][prog["source"]]["sha256"]] = _private_copy(pkg, lib)
    use_compiled(frozen)
    return len(frozen)


@dataclass
class _Checked:
    pkg: CheckedPackage
    build: dict[str, Any]
    program: Program
    params: dict[str, np.ndarray]
    source: Any  # the kernels' GeneratedSource


def check_package(path: str, *, device: str = "cpu", verify: bool = True) -> _Checked:
    """Every check :func:`load_package` makes, loading nothing (see the module docstring).  Raises PircError."""
    from pirc.package.build import input_names

    pkg = check_folder(path)
    build = check_compatible(pkg, device)
    prog = _host_program(pkg, verify)
    m = pkg.manifest
    if m["inputs"] != input_names(prog):
        raise error_at(pkg.at(MANIFEST), f"'inputs' is {m['inputs']}, but the host program's inputs are "
                       f"{input_names(prog)}", AGAIN)
    values = _params(pkg, prog)
    _aot_feeds(pkg, prog)
    src = _kernel_source(pkg, prog)
    return _Checked(pkg, build, prog, values, src)


def load_package(path: str, *, device: str = "cpu", verify: bool = True, params: bool = True) -> LoadedPackage:
    """Check the package folder ``path`` and install its build for this CPU (see the module docstring).
    ``params=False``: the caller brings its own parameters (params.npz is still checked).  Raises PircError."""
    from pirc.cinn.backend.jit_kernel import OP_NAME
    from pirc.runtime.compiled import register_compiled_kernel

    c = check_package(path, device=device, verify=verify)
    factory = _kernels(c.pkg, c.source, c.build)
    if c.pkg.manifest["target"] == "c":
        _nn_library(c.pkg, c.build)
    n_aot = _aot(c.pkg, c.build)
    register_compiled_kernel(OP_NAME, factory, factory.kind)
    return LoadedPackage(path, c.pkg.manifest, c.program, c.params if params else {}, c.build, n_aot)


def read_package(path: str) -> dict[str, Any]:
    """The manifest of a package folder after every check that loads nothing.  Raises PircError."""
    return check_folder(path).manifest


__all__ = ["LoadedPackage", "check_compatible", "check_package", "load_package", "read_package"]
