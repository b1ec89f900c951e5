"""The compiled path (pirc-run --backend cinn): fuse, lower, generate C, compile, run.

Every corpus program with Paddle's outputs runs through compiled kernels for its
groups and the interpreter for the rest, and matches Paddle (rtol 1e-4, atol 1e-5);
a second compile of the same program is served from the kernel cache.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pirc.cinn.backend.cache import KernelCache
from pirc.cinn.backend.jit_kernel import uninstall
from pirc.cinn.compiler import compile_program
from pirc.runtime import StandaloneExecutor
from pirc.text.parser import parse_program
from tests.conftest import corpus_models
from tests.conftest import load_npz as _load

MODELS = [m for m in corpus_models() if (m / "outputs.npz").exists()]
BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> KernelCache:
    return KernelCache(tmp_path_factory.mktemp("kernel-cache"))


@pytest.mark.parametrize("model", MODELS, ids=[m.name for m in MODELS])
def test_compiled_program_matches_paddle(model: Path, cache: KernelCache) -> None:
    prog = parse_program((model / "program.pir").read_text(), str(model / "program.pir"))
    compiled = compile_program(prog, "c", cache=cache, progress=False)
    try:
        assert not any(op.name == "cinn_op.group" for op in prog.walk())
        with StandaloneExecutor(compiled.host, params=_load(model / "params.npz")) as ex:
            got = ex.run(_load(model / "feeds.npz"))
    finally:
        uninstall()
    want = _load(model / "outputs.npz")
    assert sorted(got) == sorted(want)
    for name, w in want.items():
        g = np.asarray(got[name])
        assert g.shape == w.shape and g.dtype == w.dtype, name
        if w.dtype.kind in "fc":
            np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-5, err_msg=name)
        else:
            np.testing.assert_array_equal(g, w, err_msg=name)


def test_warm_cache_compiles_nothing(cache: KernelCache) -> None:
    text = (Path(__file__).resolve().parents[1] / "corpus" / "transformer_layer" / "program.pir").read_text()
    first = compile_program(parse_program(text, "a"), "c", cache=cache, progress=False)
    second = compile_program(parse_program(text, "b"), "c", cache=cache, progress=False)
    uninstall()
    assert first.kernels >= 5 and second.kernels == first.kernels
    assert second.compiled == 0


def test_pirc_run_backend_cinn_cli(tmp_path: Path) -> None:
    model = Path(__file__).resolve().parents[1] / "corpus" / "mlp"
    env = {"PIRC_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    cmd = [str(BIN / "pirc-run"), str(model / "program.pir"), "--params", str(model / "params.npz"),
           "--feed", str(model / "feeds.npz"), "--backend", "cinn", "--expect", str(model / "outputs.npz"),
           "-o", str(tmp_path / "out.npz")]
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "out.npz").exists()


def test_device_cuda_without_a_gpu_is_a_clear_error(tmp_path: Path) -> None:
    from pirc.cinn.backend.launch import cuda_device_available

    if cuda_device_available():
        pytest.skip("a GPU is present")
    model = Path(__file__).resolve().parents[1] / "corpus" / "mlp"
    p = subprocess.run([str(BIN / "pirc-run"), str(model / "program.pir"), "--params", str(model / "params.npz"),
                        "--feed", str(model / "feeds.npz"), "--backend", "cinn", "--device", "cuda"],
                       capture_output=True, text=True, env={"PIRC_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert p.returncode == 1 and "needs an NVIDIA GPU" in p.stderr and "Traceback" not in p.stderr


def test_run_host_program_with_generated_c_file(tmp_path: Path) -> None:
    """pirc-lower --host-out + pirc-codegen, then pirc-run host.pir --kernels k.c runs that very file."""
    model = Path(__file__).resolve().parents[1] / "corpus" / "mlp"
    env = {"PIRC_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(BIN / args[0]), *args[1:]], capture_output=True, text=True, env=env, cwd=tmp_path)

    assert run("pirc-lower", str(model / "program.pir"), "--target", "c", "-o", "k.ast",
               "--host-out", "host.pir").returncode == 0
    assert run("pirc-codegen", "k.ast", "--target", "c", "-o", "k.c").returncode == 0
    common = ["host.pir", "--params", str(model / "params.npz"), "--feed", str(model / "feeds.npz")]
    p = run("pirc-run", *common, "--kernels", "k.c", "--expect", str(model / "outputs.npz"))
    assert p.returncode == 0, p.stderr
    # a file that lacks the program's kernels is refused, naming them
    (tmp_path / "other.c").write_text((tmp_path / "k.c").read_text().replace("pirc_k1_", "pirc_kx_"))
    p = run("pirc-run", *common, "--kernels", "other.c")
    assert p.returncode == 1 and "does not define the kernels this program needs" in p.stderr
    # the same source compiled by hand into a shared library runs as it is
    cc = subprocess.run(["cc", "-O2", "-std=c99", "-shared", "-fPIC", "-fopenmp", "k.c", "-o", "k.so", "-lm"],
                        cwd=tmp_path, capture_output=True, text=True)
    assert cc.returncode == 0, cc.stderr
    p = run("pirc-run", *common, "--kernels", "k.so", "--expect", str(model / "outputs.npz"))
    assert p.returncode == 0, p.stderr
    cc = subprocess.run(["cc", "-O2", "-std=c99", "-shared", "-fPIC", "-fopenmp", "other.c", "-o", "other.so", "-lm"],
                        cwd=tmp_path, capture_output=True, text=True)
    p = run("pirc-run", *common, "--kernels", "other.so")
    assert p.returncode == 1 and "does not define the kernels this program needs" in p.stderr
    p = run("pirc-run", *common, "--kernels", "k.cu")
    assert p.returncode == 2 and "expected a .c or .so file for --device cpu" in p.stderr


def test_profile_names_each_compiled_kernel(tmp_path: Path) -> None:
    """--profile charges time to each fused kernel by its function name, not to one op kind."""
    model = Path(__file__).resolve().parents[1] / "corpus" / "transformer_layer"
    cmd = [str(BIN / "pirc-run"), str(model / "program.pir"), "--params", str(model / "params.npz"),
           "--feed", str(model / "feeds.npz"), "--backend", "cinn", "--profile", "--repeat", "2"]
    p = subprocess.run(cmd, capture_output=True, text=True, env={"PIRC_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin",
                                                                  "COLUMNS": "200"})
    assert p.returncode == 0, p.stderr
    rows = [ln for ln in p.stderr.splitlines() if ln.startswith("fn_")]  # plain text when piped
    assert len(rows) >= 5  # host ops by their op name (the inference passes' fused ones):
    assert "pd_op.fc" in p.stderr and "pd_op.fused_dot_product_attention" in p.stderr
    assert "cinn_runtime.jit_kernel" not in p.stderr


@pytest.mark.parametrize("model", ["mlp", "bench_softmax_small", "multi_output"])
def test_a_program_without_fetch_ops_gives_the_same_results_on_both_backends(model: str, cache: KernelCache,
                                                                              tmp_path: Path) -> None:
    """Without fetch ops a run returns the program's unused top-level values (by printed name);
    the compiled path's passes erased them as dead code and returned nothing (issue 29)."""
    d = Path(__file__).resolve().parents[1] / "corpus" / model
    text = "".join(ln for ln in (d / "program.pir").read_text().splitlines(keepends=True)
                   if '"pd_op.fetch"' not in ln)
    (tmp_path / "p.pir").write_text(text)
    params = ["--params", str(d / "params.npz")] if (d / "params.npz").exists() else []
    outs = {}
    for backend in ("interp", "cinn"):
        out = tmp_path / f"{backend}.npz"
        r = subprocess.run([str(BIN / "pirc-run"), str(tmp_path / "p.pir"), *params, "--feed", str(d / "feeds.npz"),
                            "--backend", backend, "-o", str(out), "--profile"], capture_output=True, text=True,
                           timeout=300)
        assert r.returncode == 0, r.stderr
        outs[backend] = _load(out)
        if backend == "cinn":
            assert "AOT: used" in r.stdout + r.stderr or model == "multi_output", r.stdout + r.stderr
    assert list(outs["cinn"]) == list(outs["interp"]) and outs["interp"]
    for k, want in outs["interp"].items():
        np.testing.assert_allclose(outs["cinn"][k], want, rtol=1e-5, atol=1e-6, err_msg=k)
