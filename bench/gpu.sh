#!/usr/bin/env bash
# One script for a lent GPU machine: the CUDA parity tests, every corpus program on the GPU and on
# the CPU emulation against Paddle's outputs, then bench/gpu_kernels.py
# (bandwidth of pirc's fused CUDA kernels on the memory-bound workloads vs the device's
# peak and PyTorch eager).  Exits non-zero when the parity tests (or the benchmark's own
# CUDA-vs-interpreter check) fail; prints SKIPPED and exits 3 on a machine without a GPU.  See bench/README.md, "On a lent GPU machine".
#
#   bash bench/gpu.sh                 # set-up, tests, benchmark
#   GPU_BENCH_ARGS="--json /tmp/gpu.json" bash bench/gpu.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# --- no GPU: nothing this script measures can run (the CPU checks are in the ordinary tests) -------
if ! command -v nvidia-smi > /dev/null 2>&1 || ! nvidia-smi -L > /dev/null 2>&1; then
    echo "SKIPPED: no NVIDIA GPU on this machine (nvidia-smi finds none)."
    echo "Without a GPU: tests/codegen/test_cuda_toolchains.py, tests/codegen/test_cuda_emu.py, bench/cuda_emu.py"
    exit 3
fi

PY=.venv/bin/python

# --- set-up: `make setup`; offline (no package index), an equivalent .venv from what is there ------
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_RETRIES="${PIP_RETRIES:-1}" PIP_DEFAULT_TIMEOUT="${PIP_DEFAULT_TIMEOUT:-10}"
offline_setup() {
    # The machine's python3 (which may itself be a venv) provides numpy, rich, click, protobuf,
    # cuda-bindings, nvidia-cuda-nvrtc, pytest (and torch); a .pth file adds its site-packages to a
    # fresh .venv.  Wheels of what it lacks (lark, filecheck) are taken from .whl/ when present.
    local base="${PYTHON:-python3}"
    echo "make setup failed (no network?): building .venv from $($base -c 'import sys; print(sys.executable)') instead"
    rm -rf .venv
    "$base" -m venv --without-pip .venv
    local site
    site=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    "$base" -c 'import site, sys; print("\n".join(p for p in site.getsitepackages() + [site.getusersitepackages()] if p))' \
        > "$site/_pirc_base_site.pth"
    # cuda-pathfinder looks for libnvrtc under site.getsitepackages() only, not .pth entries
    local d
    while read -r d; do
        if [ -d "$d/nvidia" ] && [ ! -e "$site/nvidia" ]; then ln -s "$d/nvidia" "$site/nvidia"; fi
    done < "$site/_pirc_base_site.pth"
    if compgen -G ".whl/*.whl" > /dev/null; then
        "$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir .whl/*.whl
    fi
    # pirc itself, as `pip install -e .` would have it (without needing a recent setuptools):
    # the repo on sys.path and the [project.scripts] console scripts in .venv/bin
    pwd > "$site/_pirc_editable.pth"
    "$PY" - <<'PYEOF'
import os, sys, tomllib
bindir = os.path.join(sys.prefix, "bin")
scripts = tomllib.load(open("pyproject.toml", "rb"))["project"]["scripts"]
for name, target in scripts.items():
    mod, func = target.split(":")
    path = os.path.join(bindir, name)
    with open(path, "w") as f:
        f.write(f"#!{os.path.join(bindir, 'python')}\nimport sys\nfrom {mod} import {func}\nsys.exit({func}())\n")
    os.chmod(path, 0o755)
PYEOF
    "$PY" -c 'import lark, numpy, rich, cuda.bindings.driver, pytest' \
        || { echo "the offline .venv lacks a package (see bench/README.md: carry wheels in .whl/)"; exit 2; }
    "$PY" -c 'from pirc.cinn.backend.nvrtc import nvrtc_available as a; assert a()' \
        || { echo "the offline .venv finds no libnvrtc (nvidia-cuda-nvrtc)"; exit 2; }
    touch .venv/.installed-stamp
}
if ! make setup; then
    offline_setup
fi

# --- the device ------------------------------------------------------------------------------------
if command -v nvidia-smi > /dev/null 2>&1; then
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv || nvidia-smi || true
else
    echo "nvidia-smi: not found"
fi
"$PY" - <<'PY'
from pirc.cinn.backend.launch import cuda_device_available, cuda_unavailable_reason, device_compute_capability
from pirc.cinn.backend.nvrtc import nvrtc_available, nvrtc_identity
print("pirc sees a CUDA device:", cuda_device_available(), device_compute_capability() or cuda_unavailable_reason())
print("NVRTC:", nvrtc_identity() if nvrtc_available() else "not installed")
PY

"$PY" -c 'from pirc.cinn.backend.launch import cuda_device_available as a; assert a()' \
    || { echo "SKIPPED: pirc cannot use the GPU (no driver or cuda-bindings)"; exit 3; }

# --- the CUDA parity tests (every GPU-gated test), on a fresh kernel cache ------------------------
PIRC_CACHE_DIR="$(mktemp -d)"
export PIRC_CACHE_DIR
trap 'rm -rf "$PIRC_CACHE_DIR"' EXIT
GPU_TESTS=(tests/codegen/test_codegen_cuda.py tests/codegen/test_hostile_names.py tests/cinn
           tests/codegen/test_cuda_toolchains.py)
tests_rc=0
"$PY" -m pytest "${GPU_TESTS[@]}" -q -rs || tests_rc=$?
echo "CUDA parity tests: exit status $tests_rc"

# --- every corpus program on the GPU against Paddle's outputs (and the same on the CPU emulation) ---
printf '%-28s %-8s %-8s\n' program cuda cuda-emu
for d in tests/corpus/*/; do
    [ -f "$d/feeds.npz" ] && [ -f "$d/outputs.npz" ] || continue
    params=()
    [ -f "$d/params.npz" ] && params=(--params "$d/params.npz")
    r_gpu=ok; r_emu=ok
    .venv/bin/pirc-run "$d/program.pir" "${params[@]}" --feed "$d/feeds.npz" --backend cinn --device cuda \
        --expect "$d/outputs.npz" > /dev/null 2>&1 || { r_gpu=FAIL; tests_rc=1; }
    .venv/bin/pirc-run "$d/program.pir" "${params[@]}" --feed "$d/feeds.npz" --backend cinn --device cuda-emu \
        --expect "$d/outputs.npz" > /dev/null 2>&1 || { r_emu=FAIL; tests_rc=1; }
    printf '%-28s %-8s %-8s\n' "$(basename "$d")" "$r_gpu" "$r_emu"
done

# --- the benchmark (runs even when a test failed: a GPU session is scarce) -----------------------
bench_rc=0
# shellcheck disable=SC2086
PYTHONUNBUFFERED=1 "$PY" bench/gpu_kernels.py ${GPU_BENCH_ARGS:-} || bench_rc=$?
echo "bench/gpu_kernels.py: exit status $bench_rc"

if [ "$tests_rc" -ne 0 ]; then exit "$tests_rc"; fi
exit "$bench_rc"
