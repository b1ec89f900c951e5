"""pirc.translate.pdiparams against the real `.pdiparams` files of the corpus
(written by PaddlePaddle 3.3.1) and the values Paddle had in its scope
(params.npz).  No Paddle needed."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest
from google.protobuf import json_format

from pirc.translate import framework_pb2, pdiparams
from tests.conftest import load_npz as _npz

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(HERE, "corpus")
SAMPLES = os.path.join(ROOT, "samples")

with open(os.path.join(CORPUS, "MANIFEST.json")) as _f:
    MANIFEST = json.load(_f)
MODELS = list(MANIFEST["models"])


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _program(model):
    return framework_pb2.ProgramDesc.FromString(_read(os.path.join(CORPUS, model, "model.pdmodel")))


def _assert_same(a, b, what):
    assert a.dtype == b.dtype, what
    assert a.shape == b.shape, what
    assert a.tobytes() == b.tobytes(), what


@pytest.mark.parametrize("model", MODELS)
def test_records_match_scope_values(model):
    data = _read(os.path.join(CORPUS, model, "model.pdiparams"))
    expected = _npz(os.path.join(CORPUS, model, "params.npz"))
    records = pdiparams.read_combined(data)
    names = pdiparams.persistable_names(_program(model))
    # the ordering rule: sorted persistable names == the file's record order
    assert names == sorted(expected)
    assert len(records) == len(names)
    for name, rec in zip(names, records):
        _assert_same(rec.array, expected[name], name)
        assert rec.lod == []
        assert rec.dims == expected[name].shape
    # records tile the file exactly
    assert records[0].offset == 0
    assert sum(r.size for r in records) == len(data)


@pytest.mark.parametrize("model", MODELS)
def test_load_program_params(model):
    params = pdiparams.load_program_params(_program(model), os.path.join(CORPUS, model, "model.pdiparams"))
    expected = _npz(os.path.join(CORPUS, model, "params.npz"))
    assert list(params) == list(expected)
    for k in expected:
        _assert_same(params[k], expected[k], k)


@pytest.mark.parametrize("model", MODELS)
def test_writer_reproduces_file(model):
    data = _read(os.path.join(CORPUS, model, "model.pdiparams"))
    expected = _npz(os.path.join(CORPUS, model, "params.npz"))
    assert pdiparams.save_program_params(_program(model), expected) == data
    assert pdiparams.encode_combined(pdiparams.read_combined(data)) == data


@pytest.mark.parametrize("model", MODELS)
def test_pir_json_params(model):
    """pir/model.pdiparams (saved by the PIR API) uses the same format and the
    same rule: sorted names of the builtin.parameter ops ("#": "p")."""
    pir_dir = os.path.join(CORPUS, model, "pir")
    if not MANIFEST["models"][model]["pir_json"]["ok"]:
        pytest.skip("no PIR JSON for this model")
    with open(os.path.join(pir_dir, "model.json")) as f:
        prog = json.load(f)
    names = []

    def walk(regions):
        for region in regions:
            for block in region["blocks"]:
                for op in block["ops"]:
                    if op["#"] == "p":
                        names.append(op["A"][3])
                    walk(op.get("regions", []))

    walk(prog["program"]["regions"])
    expected = _npz(os.path.join(CORPUS, model, "params.npz"))
    assert sorted(names) == sorted(expected)
    got = pdiparams.read_params_by_names(sorted(names), os.path.join(pir_dir, "model.pdiparams"))
    for k in expected:
        _assert_same(got[k], expected[k], k)


def test_sample():
    with open(os.path.join(SAMPLES, "prog.json")) as f:
        prog = json_format.Parse(f.read(), framework_pb2.ProgramDesc())
    params = pdiparams.load_program_params(prog, os.path.join(SAMPLES, "prog.pdiparams"))
    assert params
    assert all(v.dtype == np.float32 for v in params.values())


def test_layout_bytes():
    """The documented layout, byte by byte."""
    arr = np.arange(6, dtype=np.float32).reshape(2, 3)
    rec = pdiparams.encode_tensor(arr)
    assert rec[:4] == b"\0\0\0\0"  # uint32 version
    assert rec[4:12] == b"\0" * 8  # uint64 lod level
    assert rec[12:16] == b"\0\0\0\0"  # uint32 tensor version
    assert rec[16:20] == (6).to_bytes(4, "little")  # int32 desc size
    assert rec[20:26] == b"\x08\x05\x10\x02\x10\x03"  # TensorDesc{FP32, [2, 3]}
    assert rec[26:] == arr.tobytes()
    back, end = pdiparams.read_tensor(rec)
    assert end == len(rec)
    _assert_same(back.array, arr, "roundtrip")


def test_lod_dtypes_and_errors():
    recs = [
        (np.array([1, 2, 3], dtype=np.int64), None, [[0, 1, 3]]),
        (np.array(True), None, []),
        (np.zeros((0, 4), dtype=np.float64), None, []),
        (np.array([0x3F80, 0x4000], dtype=np.uint16), framework_pb2.VarType.BF16, []),
        (np.array([1 + 2j], dtype=np.complex64), None, []),
    ]
    data = b"".join(pdiparams.encode_tensor(a, t, lod) for a, t, lod in recs)
    got = pdiparams.read_combined(data)
    assert [r.data_type_name for r in got] == ["INT64", "BOOL", "FP64", "BF16", "COMPLEX64"]
    assert got[0].lod == [[0, 1, 3]]
    for (a, _, _), r in zip(recs, got):
        _assert_same(r.array, a, r.data_type_name)
    with pytest.raises(pdiparams.PdiparamsError):
        pdiparams.read_combined(data[:-1])
    with pytest.raises(pdiparams.PdiparamsError):
        pdiparams.read_params_by_names(["a"], data)  # trailing bytes
    with pytest.raises(pdiparams.PdiparamsError):
        pdiparams.read_params_by_names(["a", "b", "c", "d", "e", "f"], data)
    with pytest.raises(pdiparams.PdiparamsError):
        pdiparams.encode_tensor(np.zeros(2, dtype=np.float32), framework_pb2.VarType.FP64)


def test_ordering_is_codepoint_sort():
    """Paddle uses Python's sorted(): uppercase before '_' before lowercase,
    '.' before digits."""
    prog = framework_pb2.ProgramDesc()
    block = prog.blocks.add(idx=0, parent_idx=-1)
    T = framework_pb2.VarType
    for name, persistable, vtype in [
        ("fc_0.w_0", True, T.DENSE_TENSOR),
        ("Zeta", True, T.DENSE_TENSOR),
        ("_tmp", True, T.DENSE_TENSOR),
        ("fc_0.b_0", True, T.DENSE_TENSOR),
        ("fc_0_x", True, T.DENSE_TENSOR),
        ("feed", True, T.FEED_MINIBATCH),
        ("fetch", True, T.FETCH_LIST),
        ("x", False, T.DENSE_TENSOR),
        ("saved_params", True, T.RAW),
    ]:
        v = block.vars.add(name=name, persistable=persistable)
        v.type.type = vtype
    sub = prog.blocks.add(idx=1, parent_idx=0)
    v = sub.vars.add(name="fc_0.b_0", persistable=True)  # duplicate name in a sub-block
    v.type.type = T.DENSE_TENSOR
    v = sub.vars.add(name="a_sub", persistable=True)
    v.type.type = T.DENSE_TENSOR
    assert pdiparams.persistable_names(prog) == ["Zeta", "_tmp", "a_sub", "fc_0.b_0", "fc_0.w_0", "fc_0_x"]
