"""The committed op cases (tests/ops/cases, written by tests/ops/generate.py with Paddle) and the
three checks each case goes through; shared by tests/ops/test_pd_op_cases.py, bench/coverage.py and
tests/ops/update_gaps.py.  Needs pirc and numpy only.

Checks of one case:

* ``interp``: the program parses and verifies, the interpreter runs it and every result has
  Paddle's shape, dtype and values (rtol / atol of INDEX.json; integers and bools exactly;
  random ops: shape, dtype, range and mean; ``shape_only``: shape and dtype);
* ``cinn``: the same with ``--backend cinn`` (fused, lowered, compiled C kernels, then run);
* ``text``: printing the parsed program gives Paddle's text back byte for byte, and that text
  parses to the same print again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"
CHECKS = ("interp", "cinn", "text")


@dataclass(frozen=True)
class OpCase:
    op: str
    name: str
    rtol: float
    atol: float
    random: Any = None

    @property
    def id(self) -> str:
        return f"{self.op}/{self.name}"

    @property
    def dir(self) -> Path:
        return CASES / self.op.removeprefix("pd_op.")

    def text(self) -> str:
        return (self.dir / f"{self.name}.pir").read_text(encoding="utf-8")

    def arrays(self, kind: str) -> dict[str, np.ndarray]:
        pre = f"{self.name}.{kind}."
        return {k[len(pre):]: v for k, v in op_arrays(self.op).items() if k.startswith(pre)}


@cache
def op_arrays(op: str) -> dict[str, np.ndarray]:
    with np.load(CASES / op.removeprefix("pd_op.") / "arrays.npz", allow_pickle=False) as z:
        return {k: z[k] for k in z.files}


@cache
def index() -> dict[str, Any]:
    return json.loads((CASES / "INDEX.json").read_text())


def all_cases() -> list[OpCase]:
    return [OpCase(m["op"], m["case"], m["rtol"], m["atol"], m.get("random")) for m in index()["cases"]]


def compare(c: OpCase, got: dict[str, Any], want: dict[str, np.ndarray]) -> list[str]:
    problems = []
    for name, w in want.items():
        if name not in got:
            problems.append(f"{name}: missing from the results {sorted(got)}")
            continue
        g = np.asarray(got[name])
        if g.shape != w.shape:
            problems.append(f"{name}: shape {list(g.shape)}, Paddle gives {list(w.shape)}")
            continue
        if g.dtype != w.dtype:
            problems.append(f"{name}: dtype {g.dtype}, Paddle gives {w.dtype}")
            continue
        if c.random is not None:
            r = c.random
            if r.get("shape_only") or g.size == 0:
                continue
            g64 = g.astype(np.float64)
            if "lo" in r and (g64.min() < r["lo"] or g64.max() > r["hi"]):
                problems.append(f"{name}: values outside [{r['lo']}, {r['hi']}]")
            if "mean" in r and abs(g64.mean() - r["mean"]) > r["tol"]:
                problems.append(f"{name}: mean {g64.mean():.4g}, expected {r['mean']} +- {r['tol']}")
            continue
        if w.dtype.kind in "fc":
            if not np.allclose(g, w, rtol=c.rtol, atol=c.atol, equal_nan=True):
                err = np.abs(g.astype(np.complex128) - w.astype(np.complex128))
                problems.append(f"{name}: max abs diff {np.nanmax(err) if err.size else 0:.3g}")
        elif not np.array_equal(g, w):
            problems.append(f"{name}: {int((g != w).sum())} of {w.size} values differ")
    extra = sorted(set(got) - set(want))
    if extra:
        problems.append(f"results Paddle does not give: {extra}")
    return problems


def first_line(e: BaseException) -> str:
    s = str(e).strip().splitlines()
    return f"{type(e).__name__}: {s[0] if s else ''}"[:200]


def run_check(c: OpCase, check: str) -> str | None:
    """None when the case passes ``check``, else what went wrong (one line)."""
    import pirc.api as api

    text = c.text()
    try:
        if check == "text":
            p = api.parse(text, c.id, verify=False)
            out = api.print(p)
            if out != text:
                a, b = out.splitlines(), text.splitlines()
                diff = next((f"{x!r} != {y!r}" for x, y in zip(a, b) if x != y), f"{len(a)} lines != {len(b)}")
                return f"the print differs from Paddle's text: {diff[:160]}"
            if api.print(api.parse(out, c.id, verify=False)) != out:
                return "parse(print) does not print the same"
            return None
        prog = api.parse(text, c.id)
        got = api.run(prog, c.arrays("feed"), backend="cinn" if check == "cinn" else "interp")
    except Exception as e:  # noqa: BLE001 - reported as the case's failure
        return first_line(e)
    problems = compare(c, got, c.arrays("out"))
    return "; ".join(problems)[:300] if problems else None


# --- known gaps --------------------------------------------------------------------------

GAPS_FILE = HERE / "KNOWN_GAPS.json"


@cache
def gaps() -> dict[str, dict[str, str]]:
    """``"<op>"`` or ``"<op>/<case>"`` -> {check: reason}: the checks that are known to fail."""
    return json.loads(GAPS_FILE.read_text())["gaps"] if GAPS_FILE.exists() else {}


def known_gap(c: OpCase, check: str) -> str | None:
    g = gaps()
    for key in (c.id, c.op):
        if key in g and check in g[key]:
            return g[key][check]
    return None


# --- what the compiled path does with an op -----------------------------------------------

_PLUMBING = frozenset({"pd_op.data", "pd_op.fetch", "pd_op.full", "pd_op.full_int_array", "cinn_op.group"})


def lands_in_group(c: OpCase) -> bool:
    """After the CINN front end, the case's op (or what pd_to_cinn made of it) is inside a
    ``cinn_op.group``: nothing but plumbing and builtin ops is left at the top level."""
    import pirc.api as api

    try:
        p = api.fuse(api.parse(c.text(), c.id))
    except Exception:  # noqa: BLE001
        return False
    ops = list(p.block.ops) if hasattr(p, "block") else list(p.ops)
    top = [o.name for o in ops]
    return "cinn_op.group" in top and all(n in _PLUMBING or n.startswith("builtin.") for n in top)
