"""Paddle models -> pirc PIR: legacy ProgramDesc (.pdmodel / protobuf JSON) and Paddle 3 PIR JSON.

* :mod:`~pirc.translate.frontend` -- ``load_model(bytes, name)``: detects the input kind, parses,
  translates, reports located diagnostics; ``Model.load_params`` reads the ``.pdiparams``;
* :mod:`~pirc.translate.translator` -- the ProgramTranslator (Paddle's ``ir_adaptor/translator``):
  the walk over the blocks, if / while; built on :mod:`~pirc.translate.context` (errors, name
  scopes), :mod:`~pirc.translate.attrs` (types and attributes), :mod:`~pirc.translate.transcriber`
  (the general op transcriber) and :mod:`~pirc.translate.handlers` (the special handlers);
* :mod:`~pirc.translate.optable` -- legacy op signatures (legacy slots and attributes -> pd_op);
* :mod:`~pirc.translate.builder` -- helper ops built the way Paddle's ``Build`` methods build them;
* :mod:`~pirc.translate.pir_json` -- reader of Paddle's PIR JSON (``model.json``);
* :mod:`~pirc.translate.desc` -- a light view of a ProgramDesc message;
* :mod:`~pirc.translate.locate` -- JSON / protobuf positions for diagnostics;
* :mod:`~pirc.translate.framework_pb2`, :mod:`~pirc.translate.pdiparams` -- the protobuf schema and
  the parameter file format.

The names below are imported lazily, so ``import pirc.translate.pdiparams`` stays light.
"""

from __future__ import annotations

from typing import Any

__all__ = ["load_model", "translate_file", "Model", "ProgramTranslator", "translate_program", "read_pir_json"]

_LAZY = {
    "load_model": "frontend", "translate_file": "frontend", "Model": "frontend",
    "ProgramTranslator": "translator", "translate_program": "translator", "read_pir_json": "pir_json",
}


def __getattr__(name: str) -> Any:
    mod = _LAZY.get(name)
    if mod is None:
        raise AttributeError(f"module 'pirc.translate' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__name__}.{mod}"), name)
