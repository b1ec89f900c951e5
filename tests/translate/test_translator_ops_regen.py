"""Regenerate the expectations of test_translator_ops.py with PaddlePaddle (no tests here).

Run from the repository root with the *project* venv; Paddle runs in a child
process of the Paddle venv (``$PADDLE_PYTHON``, default ``python3``),
as tests/translate/generate.py does::

    .venv/bin/python tests/translate/test_translator_ops_regen.py          # check only
    .venv/bin/python tests/translate/test_translator_ops_regen.py --write  # rewrite EXPECTED ...

Each case of test_translator_ops.CASES is serialized to a binary ProgramDesc,
Paddle translates it (``str(paddle.pir.translate_to_pir(core.ProgramDesc(bytes)))``)
and the EXPECTED / COMPACT / DIVERGES / PADDLE_FAILS tables are rebuilt from
what it prints.  Cases of one family (``un_*``, ``bin_*``, ``cmp_*``, ``log_*``)
whose text equals the family template with only the op name changed are stored
compactly.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
TARGET = HERE / "test_translator_ops.py"
TEMPLATES = {"un_": "un_relu", "bin_": "bin_elementwise_add", "cmp_": "cmp_less_than", "log_": "log_logical_and"}

_CHILD = r"""
import os, sys, json
os.environ.setdefault("FLAGS_enable_pir_api", "1")
import paddle
from paddle.base import core
out = {}
for path in sys.argv[1:]:
    raw = open(path, "rb").read()
    try:
        out[path] = ["ok", str(paddle.pir.translate_to_pir(core.ProgramDesc(raw)))]
    except Exception as e:
        out[path] = ["error", str(e).strip().splitlines()[0][:200]]
sys.stdout.write("\n@@JSON@@" + json.dumps(out))
"""


def _opname(text: str) -> str:
    for line in text.splitlines():
        if '"pd_op.' in line and "feed" not in line and "fetch" not in line:
            return re.search(r'"(pd_op\.[a-z0-9_]+)"', line).group(1)  # type: ignore[union-attr]
    raise AssertionError("no op")


def paddle_outputs() -> tuple[dict[str, str], dict[str, str]]:
    sys.path.insert(0, str(HERE.parents[1]))
    sys.path.insert(0, str(HERE))
    from google.protobuf import json_format

    import test_translator_ops as t
    from pirc.translate import framework_pb2 as pb

    py = os.environ.get("PADDLE_PYTHON", "python3")
    with tempfile.TemporaryDirectory() as d:
        files = {}
        for name, fn in t.CASES.items():
            p = os.path.join(d, name + ".pdmodel")
            Path(p).write_bytes(json_format.ParseDict(fn(), pb.ProgramDesc()).SerializeToString())
            files[p] = name
        env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONHASHSEED="0")
        proc = subprocess.run([py, "-c", _CHILD, *files], capture_output=True, text=True, env=env, cwd=d)
        if "@@JSON@@" not in proc.stdout:
            raise SystemExit(f"Paddle child failed:\n{proc.stderr[-3000:]}")
        res = json.loads(proc.stdout.split("@@JSON@@", 1)[1])
    ok = {files[p]: v for p, (k, v) in res.items() if k == "ok"}
    err = {files[p]: v for p, (k, v) in res.items() if k == "error"}
    return ok, err


def render(ok: dict[str, str], err: dict[str, str], diverges: dict[str, str]) -> str:
    compact, full = {}, {}
    for n, text in ok.items():
        pref = next((p for p in TEMPLATES if n.startswith(p)), None)
        if pref and n != TEMPLATES[pref] and TEMPLATES[pref] in ok:
            tmpl = ok[TEMPLATES[pref]]
            op = _opname(text)
            if tmpl.replace(f'"{_opname(tmpl)}"', f'"{op}"') == text:
                compact[n] = (TEMPLATES[pref], op)
                continue
        full[n] = text
    out = ["EXPECTED = {\n"]
    for n, text in sorted(full.items()):
        out.append(f"    {n!r}: (\n")
        out.extend(f"        {line!r}\n" for line in text.splitlines(True))
        out.append("    ),\n")
    out.append("}\n\nCOMPACT = {\n")
    out.extend(f"    {n!r}: ({a!r}, {b!r}),\n" for n, (a, b) in sorted(compact.items()))
    out.append("}\n\n#: cases where pirc deliberately differs from this Paddle build (the rest of the text is identical)\n")
    out.append("DIVERGES = {\n")
    out.extend(f"    {n!r}: {w!r},\n" for n, w in sorted(diverges.items()))
    out.append("}\n\nPADDLE_FAILS = {\n")
    out.extend(f"    {n!r}: {e!r},\n" for n, e in sorted(err.items()))
    out.append("}\n")
    return "".join(out)


def main() -> None:
    sys.path.insert(0, str(HERE))
    import test_translator_ops as t

    ok, err = paddle_outputs()
    src = TARGET.read_text()
    start = src.index("EXPECTED = {\n")
    end = src.index("\n\ndef _opname")
    new = render(ok, err, t.DIVERGES)
    changed = src[start:end].rstrip("\n") != new.rstrip("\n")
    print(f"{len(ok)} cases translated by Paddle, {len(err)} refused; tables {'differ' if changed else 'unchanged'}")
    if changed and "--write" in sys.argv:
        TARGET.write_text(src[:start] + new.rstrip("\n") + src[end:])
        print(f"rewrote {TARGET}")
    elif changed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
