"""pirc's framework.proto / framework_pb2 against real Paddle 3.3.1 output.

Runs without Paddle: the corpus (tests/translate/corpus, made by
generate.py) holds Paddle's `.pdmodel` files, the `prog.json` that Paddle's
own framework_pb2 printed for them, and Paddle's compiled framework.proto
descriptor (paddle_framework_descriptor.json).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from google.protobuf import descriptor_pb2, json_format

from pirc.translate import framework_pb2

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(HERE, "corpus")
SAMPLES = os.path.join(ROOT, "samples")


def _models():
    with open(os.path.join(CORPUS, "MANIFEST.json")) as f:
        return list(json.load(f)["models"])


MODELS = _models()


def _read(path, mode="rb"):
    with open(path, mode) as f:
        return f.read()


def test_corpus_is_there():
    assert len(MODELS) >= 8
    for m in MODELS:
        assert os.path.exists(os.path.join(CORPUS, m, "model.pdmodel")), m


def test_descriptor_equals_paddle():
    """Our .proto compiles to exactly Paddle 3.3.1's FileDescriptorProto
    (same messages, fields, numbers, labels, types, defaults, enums, order,
    reserved ranges); only the file name differs."""
    paddle_fdp = json_format.Parse(
        _read(os.path.join(CORPUS, "paddle_framework_descriptor.json"), "r"),
        descriptor_pb2.FileDescriptorProto(),
    )
    ours = descriptor_pb2.FileDescriptorProto()
    framework_pb2.DESCRIPTOR.CopyToProto(ours)
    assert paddle_fdp.name == "paddle/fluid/framework/framework.proto"
    assert ours.name == "pirc/translate/framework.proto"
    paddle_fdp.name = ours.name
    assert ours == paddle_fdp
    # and the parser output itself (before the pool) is identical too
    parsed = framework_pb2.file_descriptor_proto()
    parsed.name = ours.name
    assert parsed == paddle_fdp


@pytest.mark.parametrize("model", MODELS)
def test_pdmodel_roundtrip_and_json(model):
    raw = _read(os.path.join(CORPUS, model, "model.pdmodel"))
    msg = framework_pb2.ProgramDesc.FromString(raw)
    # byte-exact re-encoding
    assert msg.SerializeToString() == raw
    # MessageToJson with default options == what Paddle's framework_pb2 printed
    expected = _read(os.path.join(CORPUS, model, "prog.json"), "r")
    assert json_format.MessageToJson(msg) == expected
    # and the JSON parses back to the same message
    back = json_format.Parse(expected, framework_pb2.ProgramDesc())
    assert back == msg
    assert back.SerializeToString() == raw


@pytest.mark.parametrize("model", MODELS)
def test_meta_matches_program(model):
    meta = json.loads(_read(os.path.join(CORPUS, model, "meta.json"), "r"))
    msg = framework_pb2.ProgramDesc.FromString(_read(os.path.join(CORPUS, model, "model.pdmodel")))
    ops = sorted({op.type for b in msg.blocks for op in b.ops})
    assert ops == meta["legacy_op_types"]
    assert len(msg.blocks) == meta["num_blocks"]
    # feed ops: output Out=[name], attr col; fetch ops: input X=[name]
    feeds, fetches = {}, {}
    for op in msg.blocks[0].ops:
        attrs = {a.name: a for a in op.attrs}
        if op.type == "feed":
            feeds[attrs["col"].i] = op.outputs[0].arguments[0]
        elif op.type == "fetch":
            fetches[attrs["col"].i] = op.inputs[0].arguments[0]
    assert [feeds[i] for i in sorted(feeds)] == [f["name"] for f in meta["feeds"]]
    assert [fetches[i] for i in sorted(fetches)] == meta["fetch_names"]


@pytest.mark.parametrize("model", MODELS)
def test_meta_file_hashes(model):
    """Every file listed in meta.json exists with the recorded size and
    sha256 (guards against partial regeneration or hand edits)."""
    import hashlib

    meta = json.loads(_read(os.path.join(CORPUS, model, "meta.json"), "r"))
    for rel, info in meta["files"].items():
        data = _read(os.path.join(CORPUS, model, rel))
        assert len(data) == info["bytes"], rel
        assert hashlib.sha256(data).hexdigest() == info["sha256"], rel
    for rel in ("model.pdmodel", "model.pdiparams", "prog.json", "paddle.pir", "params.npz", "feeds.npz", "outputs.npz"):
        assert rel in meta["files"], rel


def test_sample_prog_json():
    text = _read(os.path.join(SAMPLES, "prog.json"), "r")
    msg = json_format.Parse(text, framework_pb2.ProgramDesc())
    assert json_format.MessageToJson(msg) == text
    types = [op.type for op in msg.blocks[0].ops]
    assert types[0] == "feed" and types[-1] == "fetch" and "softmax" in types


def test_module_surface():
    T = framework_pb2.VarType
    assert T.FP32 == 5 and T.DENSE_TENSOR == 7 and T.UINT16 == 36
    assert T.Type.Name(13) == "DENSE_TENSOR_ARRAY"
    assert framework_pb2.AttrType.Value("BLOCK") == 8
    assert framework_pb2.LONGS == 11
    assert framework_pb2.Scalar.Type.Value("COMPLEX128") == 4
    td = T.TensorDesc(data_type=T.FP32, dims=[-1, 3])
    assert td.SerializeToString() == b"\x08\x05\x10\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\x10\x03"
    attr = framework_pb2.OpDesc.Attr(name="axis", type=framework_pb2.INT, i=-1)
    assert json_format.MessageToDict(attr) == {"name": "axis", "type": "INT", "i": -1}
    assert framework_pb2.BlockDesc(idx=0, parent_idx=-1).forward_block_idx == -1


def test_parser_scoping_and_options():
    src = """
    syntax = "proto2";
    package a.b;
    enum E { X = 0; Y = 1; }
    message M {
      message N { enum K { P = 3; } optional K k = 1 [default = P]; }
      reserved 2, 5 to 7;
      reserved "old";
      optional N n = 1;
      repeated E e = 3 [packed = true];
      optional a.b.M.N full = 4;
      optional string s = 8 [default = "x\\ny"];
      optional int32 neg = 9 [default = -1];
    }
    """
    fdp = framework_pb2.parse_proto(src, "t.proto")
    m = fdp.message_type[0]
    f = {x.name: x for x in m.field}
    assert f["n"].type_name == ".a.b.M.N"
    assert f["e"].type_name == ".a.b.E" and f["e"].options.packed
    assert f["full"].type_name == ".a.b.M.N"
    assert f["s"].default_value == "x\ny"
    assert f["neg"].default_value == "-1"
    assert m.nested_type[0].field[0].type_name == ".a.b.M.N.K"
    assert m.nested_type[0].field[0].default_value == "P"
    assert [(r.start, r.end) for r in m.reserved_range] == [(2, 3), (5, 8)]
    assert list(m.reserved_name) == ["old"]
    with pytest.raises(framework_pb2.ProtoSyntaxError):
        framework_pb2.parse_proto('syntax = "proto2"; message A { optional Missing m = 1; }')
    with pytest.raises(framework_pb2.ProtoSyntaxError):
        framework_pb2.parse_proto('syntax = "proto3"; message A { }')


_SUBPROCESS_CHECK = r"""
import json, sys
from google.protobuf import descriptor_pb2, descriptor_pool, json_format
corpus, model = sys.argv[1], sys.argv[2]
if sys.argv[3] == "with-paddle-names":
    # what importing paddle does: the same full names in the default pool
    fdp = json_format.Parse(open(corpus + "/paddle_framework_descriptor.json").read(),
                            descriptor_pb2.FileDescriptorProto())
    descriptor_pool.Default().Add(fdp)
from pirc.translate import framework_pb2
raw = open(f"{corpus}/{model}/model.pdmodel", "rb").read()
msg = framework_pb2.ProgramDesc.FromString(raw)
assert msg.SerializeToString() == raw
assert json_format.MessageToJson(msg) == open(f"{corpus}/{model}/prog.json").read()
from google.protobuf.internal import api_implementation
print(api_implementation.Type())
"""


@pytest.mark.parametrize(
    "impl,mode",
    [("python", "plain"), ("default", "with-paddle-names")],
)
def test_other_backend_and_coexistence(impl, mode):
    """Pure-python protobuf backend works too, and the private pool does not
    clash with Paddle's framework_pb2 registering the same names."""
    env = dict(os.environ)
    if impl == "python":
        env["PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION"] = "python"
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    model = "nested_cf" if "nested_cf" in MODELS else MODELS[-1]
    r = subprocess.run(
        [sys.executable, "-c", _SUBPROCESS_CHECK, CORPUS, model, mode],
        env=env,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert r.returncode == 0, r.stderr
    if impl == "python":
        assert r.stdout.strip() == "python"
