"""pirc-translate as a user meets it: the three input kinds (files and stdin),
parameters, the pipeline into pirc-opt, and located diagnostics (exit 1, no
traceback) for each kind of bad input."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from pirc.cli.translate import translate_command
from pirc.translate import framework_pb2 as pb

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CORPUS = HERE / "corpus"
SAMPLES = ROOT / "samples"
BIN = Path(sys.executable).parent


def cli(*args: str, stdin: bytes | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(translate_command, list(args), input=stdin, catch_exceptions=False)


def run(*cmd: str, stdin: bytes | None = None, shell: bool = False) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("PIRC_DEBUG", None)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    proc = subprocess.run(cmd[0] if shell else list(cmd), input=stdin, capture_output=True, env=env, timeout=120,
                          shell=shell, cwd=ROOT)
    return subprocess.CompletedProcess(proc.args, proc.returncode, proc.stdout.decode(), proc.stderr.decode())


TRANSLATE = f"{sys.executable} -m pirc.cli.translate"


def assert_error(result, where: str, message: str, caret: bool = True) -> str:  # type: ignore[no-untyped-def]
    assert result.exit_code == 1, (result.exit_code, result.output)
    err = result.stderr
    assert "Traceback" not in err and "internal error" not in err, err
    first = err.splitlines()[0]
    assert first.startswith(where), err
    assert ": error: " in first and message in first, err
    if caret:
        assert err.splitlines()[2].strip() == "^", err
    return first


def _line_col(first: str, path: str) -> tuple[int, int]:
    rest = first[len(path) + 1:]
    line, col, _ = rest.split(":", 2)
    return int(line), int(col)


# --- the three kinds ------------------------------------------------------------------------------


@pytest.mark.parametrize(("src", "ref"), [
    ("fc_relu/prog.json", "fc_relu/paddle.pir"),
    ("lenet/model.pdmodel", "lenet/paddle.pir"),
    ("nested_cf/pir/model.json", "nested_cf/pir/program.pir"),
])
def test_file_to_file(tmp_path: Path, src: str, ref: str) -> None:
    out = tmp_path / "out.pir"
    r = cli(str(CORPUS / src), "-o", str(out))
    assert r.exit_code == 0, r.output
    assert out.read_text() == (CORPUS / ref).read_text()


@pytest.mark.parametrize("src", ["while_model/prog.json", "while_model/model.pdmodel", "while_model/pir/model.json"])
def test_stdin_to_stdout(src: str) -> None:
    r = cli("-", stdin=(CORPUS / src).read_bytes())
    assert r.exit_code == 0, r.output
    ref = "while_model/pir/program.pir" if src.endswith("pir/model.json") else "while_model/paddle.pir"
    assert r.stdout == (CORPUS / ref).read_text()


def test_params_out_default_params_beside_input(tmp_path: Path) -> None:
    out = tmp_path / "p.npz"
    r = cli(str(SAMPLES / "prog.json"), "-o", str(tmp_path / "o.pir"), "--params-out", str(out))
    assert r.exit_code == 0, r.output
    with np.load(out) as got, np.load(CORPUS / "fc_relu" / "params.npz") as want:
        assert got.files == want.files
        for k in want.files:
            assert np.array_equal(got[k], want[k])


@pytest.mark.parametrize("src", ["lenet/model.pdmodel", "lenet/pir/model.json"])
def test_params_out_explicit(tmp_path: Path, src: str) -> None:
    out = tmp_path / "p.npz"
    params = CORPUS / src.replace("model.pdmodel", "model.pdiparams").replace("model.json", "model.pdiparams")
    r = cli("-", "--params", str(params), "--params-out", str(out), stdin=(CORPUS / src).read_bytes())
    assert r.exit_code == 0, r.output
    with np.load(out) as got, np.load(CORPUS / "lenet" / "params.npz") as want:
        assert got.files == want.files
        for k in want.files:
            assert np.array_equal(got[k], want[k])


def test_params_out_is_deterministic(tmp_path: Path) -> None:
    for name in ("a.npz", "b.npz"):
        assert cli(str(SAMPLES / "prog.json"), "-o", os.devnull, "--params-out", str(tmp_path / name)).exit_code == 0
    assert (tmp_path / "a.npz").read_bytes() == (tmp_path / "b.npz").read_bytes()


def test_params_out_without_params_file(tmp_path: Path) -> None:
    src = tmp_path / "m.json"
    src.write_bytes((CORPUS / "fc_relu" / "prog.json").read_bytes())
    r = cli(str(src), "--params-out", str(tmp_path / "p.npz"))
    assert r.exit_code == 1 and "--params" in r.stderr and "Traceback" not in r.stderr
    assert cli(str(src), "-o", str(tmp_path / "o.pir")).exit_code == 0  # no parameters needed to translate


def test_default_params_are_checked(tmp_path: Path) -> None:
    """The .pdiparams beside the model is read (and must fit it) even without --params-out."""
    (tmp_path / "m.json").write_bytes((CORPUS / "fc_relu" / "prog.json").read_bytes())
    (tmp_path / "m.pdiparams").write_bytes((CORPUS / "lenet" / "model.pdiparams").read_bytes())
    r = cli(str(tmp_path / "m.json"))
    assert_error(r, str(tmp_path / "m.pdiparams") + ":1:1", "bad parameter file", caret=False)


def test_wrong_params_file(tmp_path: Path) -> None:
    r = cli(str(CORPUS / "fc_relu" / "prog.json"), "--params", str(CORPUS / "lenet" / "model.pdiparams"),
            "--params-out", str(tmp_path / "p.npz"))
    assert_error(r, str(CORPUS / "lenet" / "model.pdiparams") + ":1:1", "bad parameter file", caret=False)
    assert not (tmp_path / "p.npz").exists()


def test_pipeline_into_pirc_opt() -> None:
    p = run(f"{TRANSLATE} samples/prog.json | pirc-opt", shell=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout == (CORPUS / "fc_relu" / "paddle.pir").read_text()


def test_pipeline_into_pirc_opt_passes() -> None:
    p = run(f"{TRANSLATE} tests/translate/corpus/transformer_attn/model.pdmodel | pirc-opt --allow-unregistered -p dce,cse",
            shell=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("{\n") and '"pd_op.fetch"' in p.stdout


def test_console_script_if_wired() -> None:
    """Once pirc.cli.main wires this command, the pirc-translate script behaves the same."""
    from pirc.cli import main as cli_main

    if cli_main.translate_command is not translate_command:
        pytest.skip("pirc.cli.main does not wire pirc-translate to pirc.cli.translate yet")
    p = run(str(BIN / "pirc-translate"), "samples/prog.json")
    assert p.returncode == 0, p.stderr
    assert p.stdout == (CORPUS / "fc_relu" / "paddle.pir").read_text()


# --- errors --------------------------------------------------------------------------------------


def _prog() -> dict:
    return json.loads((CORPUS / "fc_relu" / "prog.json").read_text())


def _op_index(doc: dict, op_type: str, block: int = 0) -> int:
    return next(i for i, op in enumerate(doc["blocks"][block]["ops"]) if op["type"] == op_type)


def _assert_points_at_op(path: Path, first: str, op_type: str) -> None:
    line, col = _line_col(first, str(path))
    text = path.read_text()
    lines = text.split("\n")
    assert lines[line - 1][col - 1] == "{", (line, col, lines[line - 1])
    offset = sum(len(x) + 1 for x in lines[: line - 1]) + col - 1
    obj, _ = json.JSONDecoder().raw_decode(text, offset)
    assert obj["type"] == op_type


def test_unknown_op_json(tmp_path: Path) -> None:
    doc = _prog()
    k = _op_index(doc, "relu")
    doc["blocks"][0]["ops"][k]["type"] = "frobnicate"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc, indent=2))
    first = assert_error(cli(str(path)), str(path), f"unknown legacy op 'frobnicate' (block 0, op {k})")
    _assert_points_at_op(path, first, "frobnicate")


def test_unknown_op_in_sub_block_json(tmp_path: Path) -> None:
    doc = json.loads((CORPUS / "nested_cf" / "prog.json").read_text())
    k = _op_index(doc, "tanh", 2)
    doc["blocks"][2]["ops"][k]["type"] = "tanh_v9"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc, indent=1))
    first = assert_error(cli(str(path)), str(path), f"unknown legacy op 'tanh_v9' (block 2, op {k})")
    _assert_points_at_op(path, first, "tanh_v9")


def test_unknown_op_binary(tmp_path: Path) -> None:
    msg = pb.ProgramDesc.FromString((CORPUS / "fc_relu" / "model.pdmodel").read_bytes())
    k = next(i for i, op in enumerate(msg.blocks[0].ops) if op.type == "relu")
    msg.blocks[0].ops[k].type = "frobnicate"
    path = tmp_path / "bad.pdmodel"
    data = msg.SerializeToString()
    path.write_bytes(data)
    first = assert_error(cli(str(path)), f"{path}:1:", f"unknown legacy op 'frobnicate' (block 0, op {k})", caret=False)
    col = int(first[len(str(path)) + 3:].split(":")[0])
    assert f"at byte offset {col - 1}" in first
    op = pb.OpDesc.FromString(data[col - 1: col - 1 + msg.blocks[0].ops[k].ByteSize()])
    assert op.type == "frobnicate"


def test_malformed_json(tmp_path: Path) -> None:
    text = (CORPUS / "fc_relu" / "prog.json").read_text()
    lines = text.split("\n")
    lines[40] = lines[40] + " ,,"  # a syntax error on line 41
    path = tmp_path / "broken.json"
    path.write_text("\n".join(lines))
    try:
        json.loads(path.read_text())
    except json.JSONDecodeError as e:
        where = f"{path}:{e.lineno}:{e.colno}"
    assert_error(cli(str(path)), where, "invalid JSON")


def test_truncated_json(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text((CORPUS / "fc_relu" / "prog.json").read_text()[:5000])
    assert_error(cli(str(path)), str(path), "invalid JSON")


def test_bad_protobuf(tmp_path: Path) -> None:
    path = tmp_path / "junk.pdmodel"
    path.write_bytes(bytes(range(256)) * 4)
    assert_error(cli(str(path)), f"{path}:1:1", "not a Paddle model", caret=False)


def test_truncated_protobuf(tmp_path: Path) -> None:
    path = tmp_path / "cut.pdmodel"
    path.write_bytes((CORPUS / "lenet" / "model.pdmodel").read_bytes()[:3001])
    assert_error(cli(str(path)), f"{path}:1:1", "not a Paddle model", caret=False)


@pytest.mark.parametrize("text", ['{"foo": 1, "bar": [2]}', "[1, 2, 3]"])
def test_json_but_not_a_model(tmp_path: Path, text: str) -> None:
    path = tmp_path / "x.json"
    path.write_text(text)
    assert_error(cli(str(path)), f"{path}:1:1", "not a Paddle model")


def test_pir_text_is_not_a_model(tmp_path: Path) -> None:
    assert_error(cli(str(CORPUS / "fc_relu" / "paddle.pir")), str(CORPUS / "fc_relu" / "paddle.pir") + ":1:1",
                 "this is PIR text")


def test_empty_input() -> None:
    r = cli("-", stdin=b"")
    assert r.exit_code == 1 and "empty input" in r.stderr


def test_use_before_definition(tmp_path: Path) -> None:
    doc = _prog()
    k = _op_index(doc, "relu")
    doc["blocks"][0]["ops"][k]["inputs"][0]["arguments"] = ["no_such_var"]
    path = tmp_path / "undef.json"
    path.write_text(json.dumps(doc, indent=2))
    first = assert_error(cli(str(path)), str(path),
                         f"variable 'no_such_var' is used by op 'relu' (block 0, op {k}) before it is defined")
    _assert_points_at_op(path, first, "relu")


def test_use_before_definition_in_while_body(tmp_path: Path) -> None:
    doc = json.loads((CORPUS / "while_model" / "prog.json").read_text())
    body = doc["blocks"][1]["ops"]
    k = _op_index(doc, "tanh", 1)
    j = _op_index(doc, "elementwise_add", 1)
    body[j], body[k] = body[k], body[j]  # tanh now reads linear_0.tmp_1 before elementwise_add writes it
    path = tmp_path / "undef.json"
    path.write_text(json.dumps(doc, indent=2))
    first = assert_error(cli(str(path)), str(path),
                         f"variable 'linear_0.tmp_1' is used by op 'tanh' (block 1, op {j}) before it is defined")
    _assert_points_at_op(path, first, "tanh")


def test_bad_programdesc_fields(tmp_path: Path) -> None:
    doc = _prog()
    doc["blocks"][0]["ops"][1]["attrz"] = []
    path = tmp_path / "fields.json"
    path.write_text(json.dumps(doc, indent=2))
    first = assert_error(cli(str(path)), str(path), 'invalid ProgramDesc JSON: Message type "paddle.framework.proto.OpDesc" has no field named "attrz"')
    _assert_points_at_op(path, first, doc["blocks"][0]["ops"][1]["type"])


def test_bad_programdesc_enum(tmp_path: Path) -> None:
    doc = _prog()
    doc["blocks"][0]["vars"][1]["type"]["denseTensor"]["tensor"]["dataType"] = "FP99"
    path = tmp_path / "enum.json"
    path.write_text(json.dumps(doc, indent=2))
    first = assert_error(cli(str(path)), str(path), "Invalid enum value FP99")
    line, col = _line_col(first, str(path))
    assert path.read_text().split("\n")[line - 1][col - 1:].startswith('"FP99"')


def test_bad_pir_json(tmp_path: Path) -> None:
    doc = json.loads((CORPUS / "fc_relu" / "pir" / "model.json").read_text())
    ops = doc["program"]["regions"][0]["blocks"][0]["ops"]
    k = next(i for i, op in enumerate(ops) if op["#"] == "1.relu")
    ops[k]["I"][0]["%"] = 999
    path = tmp_path / "bad_pir.json"
    path.write_text(json.dumps(doc, indent=1))
    first = assert_error(cli(str(path)), str(path), "value %999 is used before it is defined")
    line, col = _line_col(first, str(path))
    assert path.read_text().split("\n")[line - 1][col - 1:].startswith("999")


def test_bad_pir_magic(tmp_path: Path) -> None:
    doc = json.loads((CORPUS / "fc_relu" / "pir" / "model.json").read_text())
    doc["base_code"]["magic"] = "pyr"
    path = tmp_path / "magic.json"
    path.write_text(json.dumps(doc, indent=1))
    assert_error(cli(str(path)), str(path), "magic")


def test_failed_run_keeps_existing_output(tmp_path: Path) -> None:
    out = tmp_path / "out.pir"
    out.write_text("previous\n")
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    r = cli(str(bad), "-o", str(out))
    assert r.exit_code == 1
    assert out.read_text() == "previous\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json", "out.pir"]


def test_missing_input_file_is_a_usage_error(tmp_path: Path) -> None:
    r = cli(str(tmp_path / "nope.json"))
    assert r.exit_code == 2


def test_subprocess_error_has_no_traceback(tmp_path: Path) -> None:
    doc = copy.deepcopy(_prog())
    doc["blocks"][0]["ops"][_op_index(doc, "softmax")]["type"] = "softmax_v7"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc, indent=2))
    p = run(sys.executable, "-m", "pirc.cli.translate", str(path))
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert "unknown legacy op 'softmax_v7'" in p.stderr


def test_sub_block_cycle(tmp_path: Path) -> None:
    doc = json.loads((CORPUS / "nested_cf" / "prog.json").read_text())
    cond = copy.deepcopy(next(o for o in doc["blocks"][1]["ops"] if o["type"] == "conditional_block"))
    for a in cond["attrs"]:
        if a["name"] == "sub_block":
            a["blockIdx"] = 1  # block 2 sits inside block 1
    doc["blocks"][2]["ops"].insert(0, cond)
    path = tmp_path / "cycle.json"
    path.write_text(json.dumps(doc, indent=1))
    first = assert_error(cli(str(path)), str(path), "uses block 1, which encloses it, as its sub_block (block 2, op 0)")
    _assert_points_at_op(path, first, "conditional_block")


def _mutations(doc, rng):  # type: ignore[no-untyped-def]
    def nodes(x, path=()):  # type: ignore[no-untyped-def]
        yield path, x
        if isinstance(x, dict):
            for k, v in x.items():
                yield from nodes(v, path + (k,))
        elif isinstance(x, list):
            for i, v in enumerate(x):
                yield from nodes(v, path + (i,))

    path, val = rng.choice(list(nodes(doc))[1:])
    parent = doc
    for p in path[:-1]:
        parent = parent[p]
    r = rng.random()
    if r < 0.3:
        del parent[path[-1]]
    elif r < 0.6:
        parent[path[-1]] = rng.choice([None, 1, -5, "x", [], {}, 3.5, True, {"#": "NULL"}])
    elif isinstance(val, str):
        parent[path[-1]] = val + "_z"
    elif isinstance(val, list):
        rng.shuffle(val)


def test_mangled_inputs_give_diagnostics_not_crashes() -> None:
    """Randomly damaged models (seeded) either translate or fail with a located diagnostic."""
    import random

    from pirc.diagnostics import PircError
    from pirc.translate.frontend import load_model

    rng = random.Random(20240229)
    sources = [CORPUS / m / f for m in ("nested_cf", "lenet", "concat_split") for f in ("prog.json", "pir/model.json")]
    docs = {s: json.loads(s.read_text()) for s in sources}
    for _ in range(300):
        src = rng.choice(sources)
        doc = copy.deepcopy(docs[src])
        for _ in range(rng.randint(1, 3)):
            try:
                _mutations(doc, rng)
            except (KeyError, IndexError, TypeError):
                pass
        try:
            load_model(json.dumps(doc).encode(), "mangled.json")
        except PircError as e:
            assert e.diagnostics and e.diagnostics[0].loc is not None
    blobs = [(CORPUS / m / "model.pdmodel").read_bytes() for m in ("nested_cf", "lenet")]
    for _ in range(300):
        b = bytearray(rng.choice(blobs))
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        try:
            load_model(bytes(b), "mangled.pdmodel")
        except PircError as e:
            assert e.diagnostics


def test_paddle_2x_json_spelling(tmp_path: Path) -> None:
    """ProgramDesc JSON written with Paddle 2.x's framework.proto (LOD_TENSOR, lodTensor, lodLevel)."""
    text = (CORPUS / "fc_relu" / "prog.json").read_text()
    text = text.replace('"DENSE_TENSOR"', '"LOD_TENSOR"').replace('"denseTensor"', '"lodTensor"')
    text = text.replace('"legacyLodLevel"', '"lodLevel"')
    path = tmp_path / "v2.json"
    path.write_text(text)
    r = cli(str(path))
    assert r.exit_code == 0, r.output
    assert r.stdout == (CORPUS / "fc_relu" / "paddle.pir").read_text()


def test_in_process_chain(tmp_path: Path) -> None:
    """``pirc translate prog.json opt -p cse -o out.pir`` (the in-memory chain of pirc.cli.chain)."""
    chain = pytest.importorskip("pirc.cli.chain")
    from pirc.cli import main as cli_main

    commands = dict(cli_main.cli.commands)
    commands["translate"] = translate_command
    out = tmp_path / "chain.pir"
    segs = chain.split_chain(["translate", str(SAMPLES / "prog.json"), "opt", "-p", "cse", "-o", str(out)], commands)
    assert chain.run_chain(segs, commands) == 0
    assert out.read_text() == (CORPUS / "fc_relu" / "paddle.pir").read_text()
