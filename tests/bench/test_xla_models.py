"""bench/xla_models.py: corpus programs expressed in JAX match Paddle's outputs; what cannot be
expressed is reported; single ops match pirc's reference kernels."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("jax")  # in the test and bench extras; skipped only where jax has no wheel

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"
sys.path.insert(0, str(ROOT))

from bench import xla_models  # noqa: E402
from bench.xla_ops import OPS, OpCtx  # noqa: E402
from bench.xla_translate import load_program, meta, unsupported_ops  # noqa: E402

xla_models._configure_jax()


def _npz(path: Path) -> dict[str, np.ndarray]:
    if not path.exists():
        return {}
    with np.load(path) as z:
        return {k: z[k] for k in z.files}


def _run(model: str) -> tuple[float, bool]:
    d = CORPUS / model
    program = load_program(d / "program.pir")
    assert unsupported_ops(program) == []
    out = xla_models.jax_function(program)(_npz(d / "params.npz"), _npz(d / "feeds.npz"))
    return xla_models.compare({k: np.asarray(v) for k, v in out.items()}, _npz(d / "outputs.npz"))


@pytest.mark.parametrize("model", ["mobilenet_block", "resnet_block", "transformer_layer", "ernie_encoder",
                                   "shape_ops", "lenet", "norms", "conv_transpose", "pp_liteseg", "if_else", "rnn_modes",
                                   "while_loop"])
def test_corpus_model_matches_paddle(model: str) -> None:
    diff, ok = _run(model)
    assert ok, f"{model}: max |diff| {diff}"


def test_a_wrong_op_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(OPS, "pd_op.relu6", lambda a, at, c: [a[0]])  # relu6 forgotten: no clipping
    diff, ok = _run("mobilenet_block")
    assert not ok and diff > 1e-3


@pytest.mark.parametrize(("model", "ops"), [("array_decode", ["pd_op.array_read", "pd_op.array_write_"]),
                                            ("ppyoloe_det", ["pd_op.multiclass_nms3"])])
def test_what_cannot_be_expressed_is_named(model: str, ops: list[str]) -> None:
    assert unsupported_ops(load_program(CORPUS / model / "program.pir")) == ops


def test_cli_table_and_json(tmp_path: Path) -> None:
    out = tmp_path / "xla.json"
    p = subprocess.run([sys.executable, str(ROOT / "bench" / "xla_models.py"), "--dir", str(CORPUS / "mlp"),
                        "--dir", str(CORPUS / "array_decode"), "--repeat", "2", "--threads", "1", "--json", str(out)],
                       capture_output=True, text=True, cwd=ROOT, check=False)
    assert p.returncode == 0, p.stderr
    assert "XLA cold compile (s)" in p.stdout and "not expressible: op pd_op.array_read" in p.stdout
    mlp, arrays = json.loads(out.read_text())
    assert mlp["status"] == "ok" and mlp["ok"] and mlp["cold_s"] > 0 and mlp["warm_ms"] > 0
    assert mlp["threads"] == 1 and mlp["max_abs_diff"] < 1e-4
    assert arrays["status"] == "not expressible: op pd_op.array_read, pd_op.array_write_"


# -- single ops against pirc's numpy kernels --------------------------------------------------------

def _against_pirc(name: str, args: list[Any], attrs: Mapping[str, Any], traced: tuple[int, ...] = (0,)) -> None:
    from pirc.dialects.opdef import lookup

    import jax.numpy as jnp

    opdef = lookup(name)
    assert opdef is not None and opdef.kernel is not None
    infer = opdef.infer_meta
    assert infer is not None
    want = opdef.kernel(args, attrs)
    ctx = OpCtx(name, lambda: list(infer([meta(a) for a in args], attrs)))
    jax_args = [jnp.asarray(a) if i in traced else a for i, a in enumerate(args)]  # the rest known while tracing
    got = OPS[name](jax_args, attrs, ctx)
    np.testing.assert_allclose(np.asarray(got[0]), want[0], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("attrs", [
    dict(strides=[2, 2], paddings=[1, 1], dilations=[1, 1], groups=1, output_padding=[], data_format="NCHW",
         padding_algorithm="EXPLICIT"),
    dict(strides=[2, 1], paddings=[0, 1], dilations=[2, 1], groups=2, output_padding=[1, 0], data_format="NCHW",
         padding_algorithm="EXPLICIT"),
    dict(strides=[2, 2], paddings=[0, 0], dilations=[1, 1], groups=1, output_padding=[], data_format="NCHW",
         padding_algorithm="SAME"),
])
def test_conv2d_transpose(attrs: dict[str, Any]) -> None:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 4, 5, 6)).astype(np.float32)
    w = rng.standard_normal((4, 3, 3, 3)).astype(np.float32)
    _against_pirc("pd_op.conv2d_transpose", [x, w, np.zeros((0,), np.int64)], attrs)


@pytest.mark.parametrize(("kernel", "attrs"), [
    ([3, 3], dict(pooling_type="max", strides=[2, 2], paddings=[1, 1], ceil_mode=True)),
    ([3, 3], dict(pooling_type="avg", strides=[2, 2], paddings=[1, 1], ceil_mode=True, exclusive=False)),
    ([2, 3], dict(pooling_type="avg", strides=[2, 1], paddings=[0, 1], ceil_mode=False, exclusive=True)),
    ([3, 2], dict(pooling_type="avg", strides=[1, 1], paddings=[0, 0], adaptive=True)),
    ([3, 3], dict(pooling_type="max", strides=[1, 1], paddings=[0, 0], padding_algorithm="SAME")),
])
def test_pool2d(kernel: list[int], attrs: dict[str, Any]) -> None:
    x = np.random.default_rng(1).standard_normal((2, 3, 7, 8)).astype(np.float32)
    full = dict(data_format="NCHW", global_pooling=False, adaptive=False, exclusive=True, ceil_mode=False,
                padding_algorithm="EXPLICIT") | attrs
    _against_pirc("pd_op.pool2d", [x, np.asarray(kernel, np.int64)], full)


def test_scale_of_integers_truncates_scale_and_bias() -> None:
    x = np.arange(-4, 5, dtype=np.int64).reshape(3, 3)
    _against_pirc("pd_op.scale", [x, np.asarray([2.5], np.float32)], {"bias": 1.7, "bias_after_scale": True})


DATA_DEPENDENT_SHAPE = """{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:int64,name:"s",place:Place(undefined:0),shape:[2],stop_gradient:[true]} : () -> tensor<2xi64>
    (%2) = "pd_op.reshape" (%0, %1) {stop_gradient:[false]} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<-1x-1xf32>
    (%3) = "pd_op.fetch" (%2) {col:0,name:"out",persistable:[true],stop_gradient:[false]} : (tensor<-1x-1xf32>) -> tensor<-1x-1xf32>
}
"""


def test_a_data_dependent_shape_is_not_expressible(tmp_path: Path) -> None:
    d = tmp_path / "reshape_by_feed"
    d.mkdir()
    (d / "program.pir").write_text(DATA_DEPENDENT_SHAPE)
    np.savez(d / "feeds.npz", x=np.ones((2, 3), np.float32), s=np.asarray([3, 2], np.int64))
    np.savez(d / "outputs.npz", out=np.ones((3, 2), np.float32))
    row = xla_models.measure(d, repeat=1)
    assert row["status"] == ("not expressible: op pd_op.reshape: the result shape depends on values computed "
                             "at run time")


@pytest.mark.parametrize(("name", "args", "attrs"), [
    ("pd_op.expand_as", [np.arange(3, dtype=np.float32).reshape(1, 3), np.zeros((2, 3), np.float32)],
     {"target_shape": [2, 3]}),
    ("pd_op.flip", [np.arange(24, dtype=np.float32).reshape(2, 3, 4)], {"axis": [0, 2]}),
    ("pd_op.roll", [np.arange(24, dtype=np.float32).reshape(2, 3, 4), np.asarray([1, -2], np.int64)],
     {"axis": [1, 2]}),
    ("pd_op.strided_slice", [np.arange(60, dtype=np.float32).reshape(3, 4, 5), np.asarray([0, -1], np.int64),
                             np.asarray([3, 0], np.int64), np.asarray([2, -2], np.int64)], {"axes": [0, 2]}),
])
def test_data_movement(name: str, args: list[Any], attrs: dict[str, Any]) -> None:
    _against_pirc(name, args, attrs, traced=(0, 1) if name == "pd_op.expand_as" else (0,))
