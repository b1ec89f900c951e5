"""Device instructions on streams, synchronised through events (pirc/runtime/streams.py, device.py).

The plan is checked directly; the execution with a simulated device (sim_device.py:
CUDA's stream semantics, lazily and adversarially interleaved) on the corpus programs,
whose compiled kernels then run as device instructions with device-resident results.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pirc.cinn.backend.cache import KernelCache
from pirc.cinn.backend.jit_kernel import install, uninstall
from pirc.cinn.compiler import compile_program
from pirc.runtime import StandaloneExecutor
from pirc.runtime import device as device_mod
from pirc.runtime.errors import KernelError
from pirc.runtime.streams import StreamPlan, plan_streams
from pirc.text.parser import parse_program
from tests.conftest import load_npz as _load
from tests.runtime.sim_device import SimDevice

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
D, H = "device", "host"


# -- the plan ----------------------------------------------------------------------------------------
def test_a_chain_on_one_stream_needs_events_only_towards_the_host() -> None:
    # d0 -> d1 -> h2 -> d3
    plan = plan_streams([D, D, H, D], [[], [0], [1], [2]])
    assert plan.stream == (0, 0, None, 0)
    assert plan.waits == ((), (), (1,), ())  # the host waits on d1; host -> device needs nothing
    assert plan.records == (False, True, False, False)


def test_independent_branches_spread_over_streams_and_join_through_events() -> None:
    # d0 fans out to d1 and d2, which meet in d3
    kinds, preds = [D, D, D, D], [[], [0], [0], [1, 2]]
    one = plan_streams(kinds, preds)
    assert one.num_streams == 1 and one.num_events == 0
    two = plan_streams(kinds, preds, max_streams=2)
    assert two.stream[1] == two.stream[0] and two.stream[2] != two.stream[0]
    assert two.waits[2] == (0,)  # the second branch waits for d0 on its own stream
    assert two.waits[3] == (2,)  # the join waits for the branch on the other stream
    assert two.records == (True, False, True, False)


def test_execution_stream_attributes_name_streams() -> None:
    plan = plan_streams([D, D, D], [[], [0], [1]], ["main", "side", "main"])
    assert plan.stream_names == ("main", "side")
    assert plan.stream == (0, 1, 0)
    assert plan.waits == ((), (0,), (1,))
    rows = plan.table(["a", "b", "c"])
    assert rows[1] == ("#1 b", "side", "#0", "yes")


def test_plan_rejects_zero_streams() -> None:
    with pytest.raises(ValueError):
        plan_streams([D], [[]], max_streams=0)


# -- execution on the simulated device ----------------------------------------------------------------


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> KernelCache:
    return KernelCache(tmp_path_factory.mktemp("kernel-cache"))


def _run(model: str, cache: KernelCache, dev: SimDevice, streams: int, runs: int = 2, keep: list | None = None,
         threads: int = 1) -> list[dict]:
    prog = parse_program((CORPUS / model / "program.pir").read_text(), model)
    compile_program(prog, "c", cache=cache, progress=False)
    if keep is not None:
        keep.append(prog)
    install("c", cache, device=dev)  # the same kernels, now device instructions on dev
    try:
        with StandaloneExecutor(prog, params=_load(CORPUS / model / "params.npz"), streams=streams,
                                threads=threads) as ex:
            feeds = _load(CORPUS / model / "feeds.npz")
            return [ex.run(feeds) for _ in range(runs)]
    finally:
        uninstall()


def _assert_matches(got: dict, model: str) -> None:
    want = _load(CORPUS / model / "outputs.npz")
    assert sorted(got) == sorted(want)
    for k, w in want.items():
        g = np.asarray(got[k])
        assert type(got[k]) is np.ndarray and g.shape == w.shape, k  # results come back to the host
        if w.dtype.kind in "fc":
            np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-5, err_msg=k)
        else:
            np.testing.assert_array_equal(g, w, err_msg=k)


MODELS = ["transformer_layer", "embedding_model", "multi_output", "if_else", "while_loop", "resnet_block"]


@pytest.mark.parametrize("streams", [1, 3])
@pytest.mark.parametrize("model", MODELS)
def test_device_resident_run_matches_paddle(model: str, streams: int, cache: KernelCache) -> None:
    for seed in range(3):
        dev = SimDevice(seed)
        for got in _run(model, cache, dev, streams):
            _assert_matches(got, model)
        assert dev.stats["kernel"] > 0
        assert not dev.mem, "device memory leaked after the run"


@pytest.mark.parametrize("model", ["transformer_layer", "embedding_model", "while_loop"])
def test_device_run_with_a_thread_pool(model: str, cache: KernelCache) -> None:
    """Instructions dispatched from several threads (the scheduler's pool) keep the plan."""
    for seed in range(2):
        for got in _run(model, cache, SimDevice(seed), 3, threads=3):
            _assert_matches(got, model)


def test_values_stay_on_the_device_between_kernels(cache: KernelCache) -> None:
    """transformer_layer: kernels feed kernels without a round trip through the host."""
    dev = SimDevice(0)
    progs: list = []
    _run("transformer_layer", cache, dev, 1, runs=1, keep=progs)
    kernels = [op for op in progs[0].walk() if op.name == "cinn_runtime.jit_kernel"]
    operands = [o.value for op in kernels for o in op.operands]
    from_kernels = [v for v in operands if v.defining_op is not None and v.defining_op.name == "cinn_runtime.jit_kernel"]
    assert dev.stats["kernel"] == len(kernels) >= 5 and from_kernels
    # every kernel operand made by the host is uploaded; one made by another kernel only when
    # a host op read it first (the host copy replaces it in the slot)
    host_read = [v for v in from_kernels if any(u.name != "cinn_runtime.jit_kernel" for u in v.users())]
    assert len(operands) - len(from_kernels) <= dev.stats["upload"] <= len(operands) - len(from_kernels) + len(host_read)
    assert dev.stats["upload"] < len(operands)


def test_several_streams_record_and_wait_on_events(cache: KernelCache) -> None:
    """embedding_model has kernels feeding kernels on other streams: device-side waits."""
    dev = SimDevice(1)
    _run("embedding_model", cache, dev, 3, runs=1)
    assert dev.stats["record"] > 0 and dev.stats["wait"] > 0


def _drop_all(p: StreamPlan, kinds: list) -> StreamPlan:
    return StreamPlan(p.stream, tuple(() for _ in p.waits), tuple(False for _ in p.records), p.stream_names)


def _drop_device_waits(p: StreamPlan, kinds: list) -> StreamPlan:
    return StreamPlan(p.stream, tuple(() if kinds[i] == D else w for i, w in enumerate(p.waits)), p.records,
                      p.stream_names)


@pytest.mark.parametrize("weaken", [_drop_all, _drop_device_waits], ids=["no-events", "no-device-side-waits"])
def test_without_the_planned_events_results_go_wrong(weaken, cache: KernelCache,  # type: ignore[no-untyped-def]
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The simulated device does catch a missing synchronisation: with fewer events than
    planned some interleaving reads unfinished results (the test of the tests)."""
    monkeypatch.setattr(device_mod, "plan_streams", lambda kinds, *a, **k: weaken(plan_streams(kinds, *a, **k), kinds))
    for seed in range(32):
        try:
            (got,) = _run("embedding_model", cache, SimDevice(seed), 3, runs=1)
            _assert_matches(got, "embedding_model")
        except (AssertionError, RuntimeError):
            return
    pytest.fail("no interleaving exposed the missing events")


def test_device_memory_is_freed_during_the_run(cache: KernelCache) -> None:
    """Arrays used on one stream are freed in stream order as soon as the GC drops them, not at
    the end of the run: far fewer buffers are live at once than are allocated."""
    dev = SimDevice(0)  # svtr_rec: 57 device arrays (the transformer layer has 22 since its attention is one op)
    _run("svtr_rec", cache, dev, 1, runs=1)
    assert dev.stats["free"] > 0 and dev.peak < dev.stats["alloc"] / 2


def test_a_premature_free_is_caught(cache: KernelCache, monkeypatch: pytest.MonkeyPatch) -> None:
    """Forget which streams read an array and it is freed on its producer's stream while another
    stream still needs it: the simulated device fails (the test of the tests)."""
    monkeypatch.setattr(device_mod.DeviceArray, "used_on", lambda self, stream: None)
    for seed in range(32):
        try:
            (got,) = _run("embedding_model", cache, SimDevice(seed), 3, runs=1)
            _assert_matches(got, "embedding_model")
        except (AssertionError, RuntimeError, KernelError):  # a freed buffer read: KeyError in a kernel
            return
    pytest.fail("no interleaving exposed the early free")


def test_parameters_stay_on_the_device_between_runs(cache: KernelCache) -> None:
    """The second run uploads no parameter again; a parameter replaced in the scope is uploaded anew
    and changes the results."""
    model = "resnet_block"
    prog = parse_program((CORPUS / model / "program.pir").read_text(), model)
    compile_program(prog, "c", cache=cache, progress=False)
    dev = SimDevice(0)
    install("c", cache, device=dev)
    try:
        params = _load(CORPUS / model / "params.npz")
        feeds = _load(CORPUS / model / "feeds.npz")
        with StandaloneExecutor(prog, params=params) as ex:
            first = ex.run(feeds)
            after_first = dev.stats["upload"]
            second = ex.run(feeds)
            per_run = dev.stats["upload"] - after_first
            _assert_matches(first, model)
            _assert_matches(second, model)
            assert per_run < after_first  # the weights were not uploaded again
            # a parameter a compiled kernel reads (a batch norm's scale)
            name = next(o.value.defining_op.attr("parameter_name") for op in prog.walk()
                        if op.name == "cinn_runtime.jit_kernel" for o in op.operands
                        if o.value.defining_op is not None and o.value.defining_op.name == "builtin.parameter")
            ex.scope[name] = params[name] * 2
            changed = ex.run(feeds)
            assert dev.stats["upload"] - after_first - per_run == per_run + 1  # just the new one went up
            assert not all(np.allclose(changed[k], first[k]) for k in first)
        assert not dev.mem  # closing the executor frees the kept parameters
    finally:
        uninstall()
