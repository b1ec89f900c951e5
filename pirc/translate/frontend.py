"""Read a model file of any supported kind and translate it to a Program.

The kind is detected from the content, never from the file name:

* ProgramDesc protobuf-JSON: a JSON object with ``"blocks"``;
* Paddle 3 PIR JSON: a JSON object with ``"base_code"`` / ``"program"``;
* binary ``.pdmodel``: a serialized ``ProgramDesc`` protobuf.

Every input error becomes a :class:`~pirc.diagnostics.PircError` located
at ``FILE:LINE:COL`` (JSON: the position of the offending object; binary:
line 1, column = byte offset + 1 of the op's record).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pirc.diagnostics import Diagnostic, Location, PircError, SourceFile
from pirc.ir.program import Program

from . import framework_pb2 as pb
from .desc import ProgramDesc, from_proto
from .locate import Locator

KIND_PROGRAM_JSON = "programdesc-json"
KIND_PDMODEL = "pdmodel"
KIND_PIR_JSON = "pir-json"


@dataclass
class Model:
    """A translated model."""

    program: Program
    kind: str
    name: str
    legacy: ProgramDesc | None = None  # for ProgramDesc inputs
    param_names: list[str] = field(default_factory=list)  # .pdiparams record order

    def load_params(self, data: bytes, params_name: str = "<params>") -> dict[str, np.ndarray]:
        """Read a combined .pdiparams stream in Paddle's order (checked against the model's
        variable / parameter types); also stores the values in ``program.parameters``."""
        from .locate import BinaryLocation
        from .pdiparams import PdiparamsError, load_program_params, read_params_by_names

        try:
            if self.legacy is not None and self.legacy.proto is not None:
                params = load_program_params(self.legacy.proto, data, check=True)
            else:
                params = read_params_by_names(self.param_names, data)
                self._check_pir_params(params)
        except (PdiparamsError, ValueError, KeyError) as e:
            raise PircError(Diagnostic("error", f"bad parameter file: {e}", BinaryLocation(params_name, 0))) from None
        for name, arr in params.items():
            self.program.set_parameter(name, value=arr)
        return params

    def _check_pir_params(self, params: dict[str, np.ndarray]) -> None:
        from pirc.ir.types import DenseTensorType

        from .builder import dtype_of
        from .pdiparams import PdiparamsError

        for op in self.program.walk():
            if op.name != "builtin.parameter":
                continue
            name = op.attr("parameter_name")
            t = op.results[0].type
            arr = params.get(name)
            if arr is None or not isinstance(t, DenseTensorType):
                continue
            want = dtype_of(t)
            if str(arr.dtype) != want and not (want == "bfloat16" and arr.dtype == np.uint16):
                raise PdiparamsError(f"{name}: stored dtype {arr.dtype} != parameter type {t}")
            if len(t.dims) != arr.ndim or any(d not in (-1, s) for d, s in zip(t.dims, arr.shape)):
                raise PdiparamsError(f"{name}: stored shape {arr.shape} != parameter type {t}")


def _error(message: str, loc: Location | None, notes: list[str] | None = None) -> PircError:
    d = Diagnostic("error", message, loc)
    for n in notes or []:
        d.note(n)
    return PircError(d)


def _looks_like_pir_text(text: str) -> bool:
    s = text.lstrip()
    if not s.startswith("{"):
        return False
    rest = s[1:].lstrip()
    return rest.startswith("(") or rest.startswith("}") or rest.startswith("^")


def load_model(data: bytes, name: str = "<input>") -> Model:
    """Detect the input kind, parse and translate.  Raises PircError."""
    if not data.strip():
        raise _error("empty input: expected a Paddle model (ProgramDesc JSON, .pdmodel or PIR JSON)",
                     Location(SourceFile(name, ""), 1, 1))
    head = data.lstrip()[:1]
    model = None
    if head in (b"{", b"["):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        if text is not None:
            model = _load_json(text, name)
    if model is None:
        model = _load_binary(data, name)
    _check_printable(model)
    return model


def _check_printable(model: Model) -> None:
    """A translated program must print as PIR text that reads back the same (else pirc-translate
    would write text pirc-opt rejects): names, NUL characters and dims are checked here."""
    from pirc.text.printer import unprintable

    bad = unprintable(model.program)
    if bad is not None:
        op, why = bad
        loc = op.loc if op.loc is not None else Location(SourceFile(model.name, ""), 1, 1)
        raise _error(f"'{op.name}' cannot be written as PIR text: {why}"[:400], loc)


def _load_json(text: str, name: str) -> Model:
    src = SourceFile(name, text)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        if _looks_like_pir_text(text):
            raise _error("this is PIR text, not a Paddle model; read it with pirc-opt",
                         Location(src, 1, 1)) from None
        raise _error(f"invalid JSON: {e.msg}", Location(src, e.lineno, e.colno)) from None
    except RecursionError:
        raise _error("invalid JSON: nested too deeply", Location(src, 1, 1)) from None
    except ValueError as e:  # e.g. an integer past Python's digit limit
        raise _error(f"invalid JSON: {e}".split(";")[0], Location(src, 1, 1)) from None
    locator = Locator(name, text=text)
    if isinstance(doc, dict) and ("base_code" in doc or "program" in doc):
        from .pir_json import parameter_names, read_pir_json

        program = read_pir_json(doc, locator)
        program.source = src
        return Model(program, KIND_PIR_JSON, name, None, parameter_names(program))
    if isinstance(doc, dict) and "blocks" in doc:
        msg = _parse_programdesc_json(doc, locator)
        return _translate(msg, locator, KIND_PROGRAM_JSON, name)
    what = "a JSON object" if isinstance(doc, dict) else f"a JSON {type(doc).__name__}"
    keys = ", ".join(sorted(doc)[:5]) if isinstance(doc, dict) else ""
    raise _error(
        f"not a Paddle model: {what}{' with keys ' + keys if keys else ''}, but a ProgramDesc has \"blocks\" "
        "and a PIR JSON model has \"base_code\" and \"program\"", Location(src, 1, 1))


_V2_TYPES = {"LOD_TENSOR": "DENSE_TENSOR", "LOD_TENSOR_ARRAY": "DENSE_TENSOR_ARRAY"}


def _upgrade_2x(doc: dict[str, Any]) -> None:
    """Accept the Paddle 2.x spelling of framework.proto in JSON (``LOD_TENSOR``,
    ``lodTensor``, ``lodLevel``); the binary encodings are the same."""
    blocks = doc.get("blocks")
    if not isinstance(blocks, list):
        return
    for b in blocks:
        vars_ = b.get("vars") if isinstance(b, dict) else None
        for v in vars_ if isinstance(vars_, list) else []:
            t = v.get("type") if isinstance(v, dict) else None
            if not isinstance(t, dict):
                continue
            if isinstance(t.get("type"), str) and t["type"] in _V2_TYPES:
                t["type"] = _V2_TYPES[t["type"]]
            for old, new in (("lodTensor", "denseTensor"), ("lod_tensor", "denseTensor")):
                if old in t and new not in t:
                    t[new] = t.pop(old)
            for key in ("denseTensor", "tensorArray", "tensor_array"):
                sub = t.get(key)
                if isinstance(sub, dict):
                    for old in ("lodLevel", "lod_level"):
                        if old in sub and "legacyLodLevel" not in sub:
                            sub["legacyLodLevel"] = sub.pop(old)


def _parse_programdesc_json(doc: dict[str, Any], locator: Locator) -> Any:
    from google.protobuf import json_format

    _upgrade_2x(doc)
    try:
        return json_format.ParseDict(doc, pb.ProgramDesc())
    except Exception as e:  # noqa: BLE001 - ParseError, and assorted errors for bad shapes under upb
        text = str(e)
        loc = locator.start()
        m = re.search(r'at "?ProgramDesc((?:\.[A-Za-z_]\w*(?:\[\d+\])?)*)"?', text)
        if m:
            path: list[str | int] = []
            for name, idx in re.findall(r"\.([A-Za-z_]\w*)(?:\[(\d+)\])?", m.group(1)):
                path.append(_json_key(doc, path, name))
                if idx:
                    path.append(int(idx))
            loc = locator.json_path(path)
            text = text[: m.start()].rstrip()
        first = re.sub(r"(Failed to parse \w+ field: )+", "", text.split("\n", 1)[0]).rstrip(". ")
        raise _error(f"invalid ProgramDesc JSON: {first}", loc) from None


def _json_key(doc: Any, path: list[str | int], name: str) -> str:
    """The key spelling the JSON uses for a proto field (name or lowerCamelCase)."""
    node = doc
    try:
        for step in path:
            node = node[step]
    except (KeyError, IndexError, TypeError):
        return name
    if isinstance(node, dict) and name not in node:
        camel = re.sub(r"_([a-z])", lambda m: m.group(1).upper(), name)
        if camel in node:
            return camel
    return name


def _load_binary(data: bytes, name: str) -> Model:
    locator = Locator(name, data=data)
    try:
        msg = pb.ProgramDesc.FromString(data)
    except Exception as e:  # noqa: BLE001 - DecodeError or a missing-required-field error
        raise _error(
            f"not a Paddle model: not JSON, and not a ProgramDesc protobuf ({e})", locator.start()) from None
    if len(msg.blocks) == 0:
        raise _error("not a Paddle model: the protobuf decodes as a ProgramDesc without blocks",
                     locator.start())
    return _translate(msg, locator, KIND_PDMODEL, name)


def _translate(msg: Any, locator: Locator, kind: str, name: str) -> Model:
    from .pdiparams import persistable_names
    from .translator import MultiTranslateError, TranslateError, translate_program

    try:
        legacy = from_proto(msg)
    except (TypeError, ValueError, AttributeError) as e:  # e.g. strings that are not UTF-8
        raise _error(f"not a valid ProgramDesc: {e}", locator.start()) from None
    try:
        program = translate_program(legacy)
    except MultiTranslateError as e:
        raise PircError([_diag(x, locator) for x in e.errors[:20]]) from None
    except TranslateError as e:
        raise PircError(_diag(e, locator)) from None
    if locator.source is not None:
        program.source = locator.source
    return Model(program, kind, name, legacy, persistable_names(msg))


def _diag(e: Any, locator: Locator) -> Diagnostic:
    if e.op is not None:
        loc, suffix = locator.op(e.op.block.idx, e.op.idx)
        msg = e.message
        if e.op.where() not in msg:
            msg += f" ({e.op.where()})"
        d = Diagnostic("error", msg + suffix, loc)
    else:
        d = Diagnostic("error", e.message, locator.start())
    for n in e.notes:
        d.note(n)
    return d


def translate_file(path: str) -> Model:
    with open(path, "rb") as f:
        return load_model(f.read(), path)


def default_params_path(model_path: str) -> str | None:
    """The ``.pdiparams`` beside a model file, if there is one: ``<stem>.pdiparams``, else
    ``model.pdiparams`` in the same folder (the name ``save_inference_model`` uses)."""
    if model_path == "-":
        return None
    base, _ = os.path.splitext(model_path)
    for c in (base + ".pdiparams", os.path.join(os.path.dirname(model_path), "model.pdiparams")):
        if os.path.isfile(c):
            return c
    return None
