"""pirc-run: run a PIR program with the PirInterpreter (as mlir-runner does for MLIR).

    pirc-run model.pir --params params.npz --feed x=x.npy -o out.npz
    pirc-run model.pir --params params.npz --feed feeds.npz --repeat 20 --profile

Results are the ``pd_op.fetch`` values in ``col`` order, named by the fetch's
``name``; a program without fetch ops returns its ``builtin.shadow_output``
values (by ``output_name``) and the top-level values nothing uses (by their
printed name, ``%N``), in program order.
"""

from __future__ import annotations

import io
import os
import sys
import statistics
import time
from collections.abc import Mapping
from typing import Any

import click
import numpy as np

from pirc.cli.common import (default_params, handle_errors, parse_with_status, print_timing, read_input,
                             read_program_text, read_tuning_log, timing_option, verify_option, version_option,
                             write_output)
from pirc.diagnostics import Diagnostic, PircError
from pirc.ir.program import Program
from pirc.ir.verifier import verify
from pirc.text.parser import decode_source


def _load_npy(path: str, what: str) -> np.ndarray:
    arrays = _load_npz(path, what)
    if list(arrays) != [""]:
        raise PircError(Diagnostic("error", f"cannot read {what} file '{path}': expected one .npy array, "
                                   f"found an .npz archive"))
    return arrays[""]


def _load_npz(path: str, what: str) -> dict[str, np.ndarray]:
    """A .npy / .npz file read by the bounded reader (no pickles, no FIFOs, no over-allocation)."""
    from pirc.runtime.feeds import read_feed_file

    if not os.path.exists(path):
        raise click.BadParameter(f"no such file: {path}", param_hint=what)
    try:
        return read_feed_file(path)
    except PircError:
        kind = _file_kind(path)
        if kind not in (None, "npz", "npy", "text"):  # another pirc artifact: say which, and who takes it
            from pirc.artifacts import wrong_kind

            raise wrong_kind(path, kind, f"the .npy or .npz file {what} reads") from None
        raise


def _file_kind(path: str) -> str | None:
    """The artifact kind of a regular file from its first bytes (None for anything else: a FIFO is
    never opened here)."""
    from pirc.artifacts import artifact_kind

    if not os.path.isfile(path):
        return None
    try:
        with open(path, "rb") as f:
            return artifact_kind(f.read(1 << 16))
    except OSError:
        return None


def input_names(program: Program) -> list[str]:
    names: list[str] = []
    for op in program.walk():
        if op.name in ("pd_op.data", "pd_op.feed"):
            n = op.attr("name")
            if isinstance(n, str) and n not in names:
                names.append(n)
    return names


def parse_feeds(specs: tuple[str, ...], program: Program) -> dict[str, np.ndarray]:
    """``NAME=FILE.npy``, ``FILE.npy`` (named by its stem, or the program's only input), ``FEEDS.npz``."""
    feeds: dict[str, np.ndarray] = {}
    inputs = input_names(program)
    for spec in specs:
        name, sep, path = spec.partition("=")
        if not sep:
            path, name = spec, ""
        if not path:
            raise click.BadParameter(f"'{spec}': expected NAME=FILE.npy, FILE.npy or FILE.npz", param_hint="--feed")
        if path.endswith(".npz"):
            if name:
                raise click.BadParameter(f"'{spec}': an .npz holds named arrays; give it without NAME=",
                                         param_hint="--feed")
            feeds.update(_load_npz(path, "--feed"))
            continue
        arr = _load_npy(path, "--feed")
        if not name:
            stem = os.path.splitext(os.path.basename(path))[0]
            if stem in inputs:
                name = stem
            elif len(inputs) == 1:
                name = inputs[0]
            else:
                listed = ", ".join(inputs) or "none"
                raise click.BadParameter(
                    f"'{spec}': cannot tell which input this feeds (the program's inputs: {listed}); "
                    f"write NAME={path}", param_hint="--feed")
        feeds[name] = arr
    return feeds


def _summary(results: Mapping[str, Any]) -> None:
    from pirc.tables import print_table

    rows = []
    for name, v in results.items():
        a = np.asarray(v) if not isinstance(v, list) else None
        if a is None:
            rows.append([name, f"vec[{len(v)}]", "", ""])
            continue
        flat = a.reshape(-1)
        shown = np.array2string(flat[:6], precision=6, separator=", ", threshold=6)
        if flat.size > 6:
            shown = shown[:-1] + ", ...]"
        rows.append([name, "[" + ", ".join(str(d) for d in a.shape) + "]", str(a.dtype), shown])
    print_table("results", ["name", "shape", "dtype", "values"], rows)


def run_statistics(times: list[float]) -> dict[str, float]:
    """min / median / mean / max / std of the timed runs, in ms (as tvmc run --print-time)."""
    ms = [t * 1e3 for t in times]
    return {"min": min(ms), "median": statistics.median(ms), "mean": statistics.fmean(ms), "max": max(ms),
            "std": statistics.pstdev(ms)}


def _profile_table(profiler: Any, peak: int, runs: int, wall: float, times: list[float],
                   compile_line: str | None, overhead: str = "scheduling + GC") -> None:
    from pirc.tables import print_table
    from pirc.runtime.memory import format_bytes

    total = profiler.total or 1e-12
    per = max(runs, 1)
    rows = [[name, str(st.count), f"{st.seconds * 1e3:.3f}", f"{st.seconds * 1e3 / per:.3f}",
             f"{100 * st.seconds / total:.1f}"]
            for name, st in sorted(profiler.stats.items(), key=lambda kv: (-kv[1].seconds, kv[0]))]
    rows.append(["instructions", str(sum(s.count for s in profiler.stats.values())), f"{total * 1e3:.3f}",
                 f"{total * 1e3 / per:.3f}", "100.0"])
    overhead_label, overhead = overhead, max(wall - total, 0.0)
    rows.append([overhead_label, "", f"{overhead * 1e3:.3f}", f"{overhead * 1e3 / per:.3f}", ""])
    warm = "warm-up excluded" if times else "a single run: first-call costs included; --repeat N to exclude them"
    print_table(f"pirc-run profile ({runs} run{'s' * (runs != 1)}, {warm})",
                ["op, or compiled kernel (fn_...)", "count", "total (ms)", "per run (ms)", "%"], rows,
                right=(1, 2, 3, 4), err=True)
    if times:
        st = run_statistics(times)
        print_table(f"execution time summary ({len(times)} runs after 1 warm-up)",
                    ["mean (ms)", "median (ms)", "max (ms)", "min (ms)", "std (ms)"],
                    [[f"{st[k]:.4f}" for k in ("mean", "median", "max", "min", "std")]], right=(0, 1, 2, 3, 4),
                    err=True)
    if compile_line:
        sys.stderr.write(compile_line + "\n")
    shown = format_bytes(peak)
    exact = f" ({peak} bytes)" if shown != f"{peak} B" else ""  # "256 B (256 bytes)" said it twice
    sys.stderr.write(f"peak live memory: {shown}{exact}\n")


@click.command(name="run", context_settings={"help_option_names": ["-h", "--help"]})
@version_option
@click.argument("program", default="-", metavar="[INPUT]")
@click.option("--params", "params_path", metavar="P.npz", help="Parameters, keyed by parameter_name.")
@click.option("--feed", "feed_specs", multiple=True, metavar="NAME=FILE.npy|FILE.npy|FEEDS.npz",
              help="A feed (repeatable): NAME=FILE.npy, FILE.npy (named by its stem), or an .npz of feeds.")
@click.option("--fill-mode", type=click.Choice(["zeros", "ones", "random"]), default=None,
              help="Make every input that no --feed gives from the program's declared dtype and shape (random: "
                   "seeded, the same each run), to run or benchmark without feed files.")
@click.option("--shape", "shape_specs", multiple=True, metavar="NAME=1x3x224x224",
              help="With --fill-mode: the shape of an input, required for its dynamic (-1) dims (repeatable).")
@click.option("-o", "--output", metavar="OUT.npz", help="Write the results to an .npz (atomically).")
@click.option("--backend", type=click.Choice(["interp", "cinn"]), default="interp", show_default=True,
              help="interp: every op by the interpreter's kernels; cinn: fuse, lower, generate and compile the "
                   "groups first (a host program's compiled kernels run either way).")
@click.option("--device", type=click.Choice(["cpu", "cuda", "cuda-emu"]), default="cpu", show_default=True,
              help="Where compiled kernels run: cpu (target c, the system C compiler), cuda (NVRTC and a GPU; "
                   "needs pip install 'pirc[cuda]') or cuda-emu (the generated CUDA compiled for the CPU and run "
                   "on fibers, pirc/cinn/emu).")
@click.option("--emu-seed", type=int, default=0, show_default=True,
              help="With --device cuda-emu: the seed of the block and thread order.")
@click.option("--emu-check", is_flag=True,
              help="With --device cuda-emu: report races and out-of-bounds accesses (slower).")
@click.option("--tuning-log", default=None, metavar="TUNING.jsonl",
              help="--backend cinn: apply the best schedule of each group recorded by pirc-tune.")
@click.option("--kernels", "kernels_path", metavar="FILE", help="The kernels of a host program (pirc-lower --host-out): .ast, or generated code: .c or a .so built from it (cpu), .cu or a .cubin / .ptx built from it (cuda).")
@click.option("--threads", type=click.IntRange(min=0), default=0, show_default=True,
              help="Worker threads; 1 runs inline in a fixed order; 0 decides per program (a pool of up to 4 "
                   "when it has independent branches of big tensors).")
@click.option("--streams", type=click.IntRange(min=1), default=1, show_default=True,
              help="With --device cuda: CUDA streams for the compiled kernels; independent kernels go to "
                   "different streams and synchronise through events (an op's execution_stream attribute "
                   "names its stream).")
@click.option("--aot/--no-aot", "aot", default=None,
              help="--backend cinn on the CPU: run the program as one ahead-of-time compiled host program (its "
                   "kernels and nn ops called in order over a planned arena, no Python per op). Default: when "
                   "every op is covered, else the interpreter (--profile says which ran and why); --aot: an error "
                   "when it cannot.")
@click.option("--profile", is_flag=True,
              help="Print the time per op kind and compiled kernel, min/median/mean/max of the --repeat runs "
                   "(warm-up excluded), the compile time apart, and the peak live memory to stderr.")
@click.option("--repeat", type=click.IntRange(min=0), default=0, show_default=True,
              help="Run N more times after one warm-up; print median_ms=<float> to stderr.")
@click.option("--no-gc", is_flag=True, help="Keep every intermediate value until the run ends.")
@click.option("--dump-dir", default=None, metavar="DIR",
              help="--backend cinn: write every stage into DIR (the program, after the inference passes, fused, "
                   "the fusion report, .ast, host program, generated source, and commands.sh saying which command "
                   "makes each file from the one before). Default: $PIRC_DUMP_DIR.")
@verify_option(True)
@timing_option
@click.option("--expect", "expect_path", metavar="REF.npz",
              help="Compare the results with reference outputs (by name, else in order); exit 1 on a mismatch.")
@click.option("--rtol", type=float, default=1e-4, show_default=True, help="Relative tolerance for --expect.")
@click.option("--atol", type=float, default=1e-5, show_default=True, help="Absolute tolerance for --expect.")
@handle_errors
def run_command(program: str, params_path: str | None, feed_specs: tuple[str, ...], output: str | None,
                backend: str, device: str, kernels_path: str | None, threads: int, streams: int, profile: bool,
                repeat: int, no_gc: bool, do_verify: bool = True, timing: bool = False, expect_path: str | None = None,
                rtol: float = 1e-4, atol: float = 1e-5, emu_seed: int = 0, emu_check: bool = False,
                tuning_log: str | None = None, aot: bool | None = None, dump_dir: str | None = None,
                fill_mode: str | None = None, shape_specs: tuple[str, ...] = ()) -> None:
    """Run a PIR program with the interpreter and print or save its results.

    \b
    INPUT (default -, stdin) is PIR text, or a Paddle model (ProgramDesc JSON, .pdmodel,
    PIR JSON) that is translated first; its .pdiparams beside it is the default --params.
    A host program (pirc-lower --host-out) runs its compiled kernels; a package folder
    (pirc-compile -o DIR) is checked, then runs as --backend cinn does, with the build
    for this CPU of its kernels and ahead-of-time host program, compiling nothing.
    \b
    Examples:
      pirc-run model.pir --params params.npz --feed x=x.npy
      pirc-run model.pir --params params.npz --feed feeds.npz -o out.npz
      pirc-run model.pir --params params.npz --feed feeds.npz --repeat 50 --profile
      pirc-run model.pir --params params.npz --fill-mode random --shape x=1x3x224x224 --repeat 50
    """

    from pirc.runtime.executor import StandaloneExecutor
    from pirc.runtime.profiler import Profiler

    timings: list[tuple[str, float]] = []
    t0 = time.perf_counter()
    if shape_specs and fill_mode is None:
        raise click.UsageError("--shape gives the shape of an input --fill-mode makes: add --fill-mode")
    package = None
    if os.path.isdir(program):  # pirc-compile's folder (its manifest says if it is one): the compiled run, frozen
        _package_options(device, kernels_path, tuning_log, dump_dir)
        from pirc.package import load_package

        package = load_package(program, device=device, verify=do_verify, params=params_path is None)
        if device == "cuda":
            _require_gpu()
        prog = package.program
        params = package.params if params_path is None else _load_params(params_path, prog)
        timings.append(("check + load the package", time.perf_counter() - t0))
        backend = "cinn"  # what the package froze: its ahead-of-time host program runs when it applies
    else:
        if dump_dir is not None and backend != "cinn":
            raise click.UsageError("--dump-dir writes the stages of compiling: it needs --backend cinn")
        if dump_dir is None and backend == "cinn":
            from pirc.cli.dump import dump_env

            dump_dir = dump_env()
        tuning = read_tuning_log(tuning_log)
        text, name, translated = read_program_text(program)
        if params_path is None:
            params_path = default_params(program, translated)
        prog = parse_with_status(text, name)
        t1 = time.perf_counter()
        timings.append(("read + parse" if not translated else "translate + parse", t1 - t0))
        if do_verify:
            diags = verify(prog)
            if diags:
                raise PircError(diags)
            timings.append(("verify", time.perf_counter() - t1))
        params = _load_params(params_path, prog) if params_path is not None else {}
    feeds = parse_feeds(feed_specs, prog)
    if fill_mode is not None:
        from pirc.cli.fill import fill_inputs, parse_shapes

        feeds.update(fill_inputs(prog, feeds, fill_mode, parse_shapes(shape_specs)))
    if package is not None:
        compile_line: str | None = package.describe() + "; nothing compiled"
    else:
        compile_line = _compile(prog, text, name, params, backend, device, kernels_path, tuning, tuning_log, dump_dir,
                                emu_seed, emu_check, timings)

    profiler = Profiler() if profile else None
    times: list[float] = []
    if aot and device != "cpu":
        raise click.UsageError("--aot runs on the CPU only (--device cpu)")
    aot_mode = aot if device == "cpu" and (backend == "cinn" or aot) else False
    with StandaloneExecutor(prog, threads=threads, gc=not no_gc, params=params, streams=streams,
                            aot=aot_mode) as ex:
        t1 = time.perf_counter()
        ex.build()  # the Build phase is not part of any run's time (or profile)
        t2 = time.perf_counter()
        timings.append(("build", t2 - t1))
        # the warm-up run is profiled only when it is the only run
        results = ex.run(feeds, profiler=profiler if not repeat else None)
        t3 = time.perf_counter()
        timings.append(("run" if not repeat else "warm-up run", t3 - t2))
        peak = ex.peak_bytes
        for _ in range(repeat):
            t0 = time.perf_counter()
            ex.run(feeds, profiler=profiler)
            times.append(time.perf_counter() - t0)
            peak = max(peak, ex.peak_bytes)
        if repeat:
            timings.append((f"{repeat} timed runs", time.perf_counter() - t3))
        policy = ex.policy
        aot_status = ex.aot_status
    if repeat:
        click.echo(f"median_ms={statistics.median(times) * 1e3:.4f}", err=True)
    if profiler is not None:
        _profile_table(profiler, peak, profiler.runs, profiler.wall, times, compile_line,
                       "AOT call + profiling" if aot_status.startswith("AOT: used") else "scheduling + GC")
        click.echo(policy.describe(), err=True)
        click.echo(aot_line(aot_status, backend, device, aot), err=True)
        if device == "cuda" and (backend == "cinn" or kernels_path is not None):
            click.echo("note: CUDA kernels run asynchronously on their streams: a kernel's row is the time to "
                       "enqueue it; the device time shows in the host ops that wait for it and in median_ms", err=True)
    if output is not None:
        buf = io.BytesIO()
        arrays: dict[str, np.ndarray] = {}
        for k, v in results.items():
            if isinstance(v, list):  # a vec[...] result: one array per element
                arrays.update({f"{k}_{i}": np.asarray(e) for i, e in enumerate(v)})
            else:
                arrays[k] = np.asarray(v)
        np.savez(buf, **arrays)
        write_output(output, buf.getvalue())
    else:
        _summary(results)
    if timing:
        print_timing("pirc-run", timings)
    if expect_path is not None:
        _check_expected(results, _load_npz(expect_path, "--expect"), rtol, atol)


def _package_options(device: str, kernels_path: str | None, tuning_log: str | None, dump_dir: str | None) -> None:
    """The options that have no meaning for a package (compiled already)."""
    if kernels_path is not None:
        raise click.UsageError("--kernels: a package brings its own kernels")
    if tuning_log is not None:
        raise click.UsageError("--tuning-log applies when compiling: pirc-compile --tuning-log (a package is compiled)")
    if dump_dir is not None:
        raise click.UsageError("--dump-dir writes the stages of compiling: a package is compiled already")
    if device == "cuda-emu":
        raise click.UsageError("--device cuda-emu compiles the program: run a package with --device cpu or cuda")


def _compile(prog: Program, text: str, name: str, params: dict[str, np.ndarray], backend: str, device: str,
             kernels_path: str | None, tuning: Any, tuning_log: str | None, dump_dir: str | None, emu_seed: int,
             emu_check: bool, timings: list[tuple[str, float]]) -> str | None:
    """Compile ``prog`` in place as asked (--backend cinn, --kernels, a host program, cuda-emu); the
    compile line of --profile."""
    target = "cuda" if device == "cuda" else "c"
    if device == "cuda":
        _require_gpu()
    compile_line = None
    t1 = time.perf_counter()
    if device == "cuda-emu" and kernels_path is not None:
        raise click.UsageError("--kernels is not supported with --device cuda-emu (use --backend cinn)")
    if device == "cuda-emu" and backend == "cinn":
        from pirc.cinn.emu.program import compile_program_emu

        compile_program_emu(prog, seed=emu_seed, check=emu_check)
        timings.append(("compile (cuda-emu)", time.perf_counter() - t1))
    elif kernels_path is not None:
        _load_kernels(kernels_path, prog, target)
        timings.append(("load kernels", time.perf_counter() - t1))
    elif backend == "cinn" or _has_embedded_kernels(prog):
        _check_host_target(prog, name, target)
        from pirc.cinn.compiler import compile_program
        from pirc.cinn.tune.log import use_tuning

        if dump_dir is not None and backend == "cinn":  # before compiling: a stage that fails leaves the others
            from pirc.cli.dump import dump_stages

            with use_tuning(tuning):
                files = dump_stages(dump_dir, text, name, target, params, tuning_log)
            click.echo(f"dumped {len(files)} files to {dump_dir} (commands.sh: the command that makes each)",
                       err=True)

        with use_tuning(tuning):
            compiled = compile_program(prog, target, progress=None, params=params)
        timings.extend(compiled.timings.items())
        compile_line = (f"compile (not in the run times): {compiled.groups} groups, {compiled.kernels} kernels, "
                        f"{modules_compiled(compiled.compiled)}; "
                        + ", ".join(f"{k} {v * 1e3:.1f} ms" for k, v in compiled.timings.items()))
    return compile_line


def modules_compiled(compiled: int) -> str:
    """How many kernel modules this run compiled (it said "0 modules compiled now (the others ...)")."""
    if not compiled:
        return "nothing compiled now: every kernel came from the kernel cache"
    return f"{compiled} module{'s' * (compiled != 1)} compiled now (any others came from the kernel cache)"


def aot_line(status: str, backend: str, device: str, aot: bool | None) -> str:
    """The profile's AOT line: why it is off when it never applied (the interpreter, --no-aot, a GPU)."""
    if status != "AOT: off":
        return status
    if aot is False:
        return "AOT: off (--no-aot)"
    if device != "cpu":
        return f"AOT: off (--device {device}; the ahead-of-time program runs on the CPU)"
    if backend != "cinn":
        return "AOT: off (--backend interp; --backend cinn runs a program ahead of time when every op is covered)"
    return status


def _check_host_target(prog: Any, name: str, target: str) -> None:
    """A host program lowered for one target is refused on the other's device (CUDA kernels bind
    blockIdx/threadIdx; C kernels do not)."""
    from pirc.cinn.backend.jit_kernel import OP_NAME
    from pirc.cli.codegen import recorded_target

    for op in prog.walk():
        if op.name == OP_NAME and isinstance(op.attr("kernel_ast"), str):
            lowered = recorded_target(op.attr("kernel_ast"))[0] or "c"
            if lowered != target:
                device = "cuda" if lowered == "cuda" else "cpu"
                raise PircError(Diagnostic(
                    "error", f"the kernels of this host program were lowered for target {lowered}, but --device "
                    f"{'cuda' if target == 'cuda' else 'cpu'} runs {target} kernels", op.loc).note(
                    f"run it with --device {device}, or lower the program again with pirc-lower --target {target}"))
            return


def _has_embedded_kernels(prog: Any) -> bool:
    """A host program (pirc-lower --host-out) whose jit_kernel ops carry their kernel_ast: they are compiled
    and run whatever the backend; ops that name a kernel_id need --kernels (said when the program is built)."""
    from pirc.cinn.backend.jit_kernel import OP_NAME

    ops = [op for op in prog.walk() if op.name == OP_NAME]
    return bool(ops) and all(op.attr("kernel_ast") is not None for op in ops)


def _require_gpu() -> None:
    from pirc.cinn.backend.launch import cuda_device_available, cuda_unavailable_reason

    if not cuda_device_available():
        reason = cuda_unavailable_reason()
        raise PircError(Diagnostic("error", "--device cuda needs an NVIDIA GPU and its driver; none was found "
                                   "(CUDA code still compiles: pirc-codegen --target cuda --compile)"
                                   + (f": {reason}" if reason else "")))


def _load_kernels(path: str, prog: Any, target: str) -> None:
    """``--kernels k.ast|k.c|k.cu``: the kernels of a host program's ``cinn_runtime.jit_kernel`` ops.

    * ``.ast`` (what pirc-lower wrote): registered for ops that name their kernels by ``kernel_id``;
      ops with embedded ``kernel_ast`` use their own.
    * ``.c`` / ``.cu`` (what pirc-codegen wrote for those kernels): the file itself is compiled
      (through the cache) and its exported kernels run the ops;
    * ``.so`` / ``.cubin`` / ``.ptx`` (that source compiled by hand, e.g. ``cc -O3 -shared -fPIC
      -fopenmp k.c -o k.so``): loaded as it is.
    The metadata (arguments, launch dims) comes from the ops' kernels; the file must define every
    kernel symbol the program needs.
    """
    import dataclasses

    from pirc.cinn.ast.nodes import Module
    from pirc.cinn.backend.build import compile_generated, generate
    from pirc.cinn.backend.jit_kernel import OP_NAME, JitKernelFactory, kernel_node, register_kernels
    from pirc.runtime.compiled import register_compiled_kernel

    ext = os.path.splitext(path)[1]
    kinds = {"c": (".c", ".so"), "cuda": (".cu", ".cubin", ".ptx")}[target]
    if ext != ".ast" and ext not in kinds:
        raise click.BadParameter(f"expected a {', '.join(kinds[:-1])} or {kinds[-1]} file for --device "
                                 f"{'cuda' if target == 'cuda' else 'cpu'} (or an .ast file)", param_hint="--kernels")
    data, name = read_input(path, "--kernels")
    ops = [op for op in prog.walk() if op.name == OP_NAME]
    if ext == ".ast":
        from pirc.cinn.ast.parser import parse
        from pirc.cinn.backend.jit_kernel import install

        from pirc.cli.codegen import resolve_target

        text = decode_source(data, name)
        resolve_target(text, name, target, "-", f"--device {'cuda' if target == 'cuda' else 'cpu'}")
        node = parse(text, name)
        for op in ops:
            if op.attr("kernel_id") is not None:
                register_kernels(op.attr("kernel_id"), node)
        install(target)
        return
    fns: dict[str, Any] = {}
    for op in ops:
        _, fn = kernel_node(op)
        fns.setdefault(fn.name, fn)
    src = generate(Module("module", tuple(fns.values())), target)
    source = ext in (".c", ".cu")
    text = decode_source(data, name) if source else ""
    missing = [k.name for k in src.kernels if (k.symbol not in text if source else k.symbol.encode() not in data)]
    if missing:
        raise PircError(Diagnostic("error", f"{name} does not define the kernels this program needs: "
                                   f"{', '.join(missing[:5])} (generate it from this program's kernels with pirc-codegen)"))
    if source:
        compiled = compile_generated(dataclasses.replace(src, text=text), source_name=os.path.basename(path))
    else:  # a library / image built from pirc-codegen's output: loaded as it is
        from pathlib import Path

        from pirc.cinn.backend.build import CompiledModule

        if path == "-":
            raise click.BadParameter(f"a {ext} file must be a path, not standard input", param_hint="--kernels")
        compiled = CompiledModule(src, target, Path(os.path.abspath(path)), False, kind=ext[1:])
        if target == "c":
            try:
                compiled.module()
            except OSError as e:
                raise PircError(Diagnostic("error", f"{name}: cannot load the shared library: {e}")) from None

    class _FileKernels(JitKernelFactory):
        def _module(self, node: Any) -> Any:
            return compiled

    factory = _FileKernels(target)
    register_compiled_kernel(OP_NAME, factory, factory.kind)


def _load_params(path: str, prog: Any) -> dict[str, np.ndarray]:
    """``.npz`` keyed by parameter name, or Paddle's combined ``.pdiparams`` (tensors in sorted-name order)."""
    if not path.endswith(".pdiparams") and _file_kind(path) != "pdiparams":  # by content, whatever the name
        return _load_npz(path, "--params")
    from pirc.translate.pdiparams import PdiparamsError, read_params_by_names
    from pirc.translate.pir_json import parameter_names

    names = parameter_names(prog)  # the persistable ones: a non-persistable buffer is not in the file
    try:
        with open(path, "rb") as f:
            return read_params_by_names(names, f.read())
    except FileNotFoundError:
        raise click.BadParameter(f"no such file: {path}", param_hint="--params") from None
    except (PdiparamsError, ValueError) as e:
        raise PircError(Diagnostic("error", f"{path}: cannot read parameters: {e}")) from None


def _check_expected(results: Mapping[str, Any], expected: Mapping[str, np.ndarray], rtol: float, atol: float) -> None:
    from pirc.tables import print_table

    names = list(results)
    refs = list(expected)
    pairs = [(n, n) for n in names if n in expected] if set(names) <= set(refs) else list(zip(names, refs))
    rows: list[list[str]] = []
    bad = len(names) != len(refs)
    for n, r in pairs:
        got, want = np.asarray(results[n]), np.asarray(expected[r])
        if got.shape != want.shape:
            ok, diff = False, "shape differs"
        elif got.dtype.kind in "fc":
            ok = bool(np.allclose(got, want, rtol=rtol, atol=atol, equal_nan=True))
            d = np.abs(got.astype(np.float64) - want.astype(np.float64))
            diff = f"{np.nanmax(d):.3g}" if d.size else "0"
        else:
            ok = bool(np.array_equal(got, want))
            diff = "0" if ok else "differs"
        bad |= not ok
        rows.append([n, r, str(list(got.shape)), diff, "yes" if ok else "NO"])
    print_table(f"results vs {len(refs)} expected (rtol {rtol:g}, atol {atol:g})",
                ["result", "expected", "shape", "max |diff|", "ok"], rows, err=True)
    if bad:
        raise PircError(Diagnostic("error", "the results do not match the expected outputs"
                                   + ("" if len(names) == len(refs) else f" ({len(names)} results, {len(refs)} expected)")))


def main() -> None:
    run_command.main(prog_name="pirc-run")


if __name__ == "__main__":
    main()

__all__ = ["run_command", "main", "parse_feeds"]
