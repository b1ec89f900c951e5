"""The architecture contract (issue 30): pirc's packages form layers, and no import runs from a lower
layer to a higher one, except the edges listed in :data:`KNOWN_UPWARD` (each one a debt, with the
step that removes it).  The test fails on a new upward edge, and on a listed edge that no longer exists
(the list only shrinks).  Every import counts, module-level or inside a function.

    python tests/test_layers.py docs/layers.md    # the layer diagram (Mermaid), from the code

``make docs`` writes docs/layers.md; a test checks that it is current.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PIRC = ROOT / "pirc"

#: the layers, lowest first; a unit is a subpackage of pirc or a top-level module
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("base", ("_env", "diagnostics", "fileio", "cachedir", "progress", "grammars", "artifacts", "tables", "_packaging")),
    ("ir", ("ir",)),
    ("dialects", ("dialects",)),
    ("text and translation", ("text", "translate")),
    ("passes", ("passes",)),
    ("compiler", ("cinn",)),
    ("runtime", ("runtime",)),
    ("packages", ("package",)),
    ("library API", ("api",)),
    ("command line", ("cli", "__main__")),
]
#: the package root (pirc/__init__.py) sits on top: it re-exports the API
TOP = "pirc"
#: ``from pirc import __version__`` reads a fact of the base layer that the package root holds
VERSION_HOME = "pirc._packaging"
SUBMODULES = frozenset(p.stem for p in PIRC.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists())

#: upward imports that exist today: (from unit, to unit) -> why, and what removes it
KNOWN_UPWARD: dict[tuple[str, str], str] = {
    ("ir", "dialects"): "ir/opinfo.py builds OpInfo from the op definitions (opdef belongs in ir/)",
    ("dialects", "cinn"): "dialects/all.py registers the jit_kernel op of cinn/backend",
    ("dialects", "runtime"): "op definitions pick nnlib fast paths (kernel choice belongs where instructions are built)",
    ("passes", "cinn"): "passes/lower_to_kernel.py drives the CINN lowering (CINN front-end passes move under cinn/)",
    ("cinn", "runtime"): "the compiler reads the thread policy and installs the kernel factory (a platform layer)",
    ("api", "cli"): "pirc.api reuses the CLI's readers (the API should own the stages)",
}


def _layer_of() -> dict[str, int]:
    out = {}
    for k, (_, units) in enumerate(LAYERS):
        for u in units:
            out[u] = k
    out[TOP] = len(LAYERS)
    return out


def unit_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else TOP


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imports() -> Counter[tuple[str, str]]:
    """(from unit, to unit) -> how many import statements, over every module under pirc/."""
    edges: Counter[tuple[str, str]] = Counter()
    for f in sorted(PIRC.rglob("*.py")):
        mod = _module_name(f)
        pkg = mod.split(".") if f.name == "__init__.py" else mod.split(".")[:-1]
        src = unit_of(mod)
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = pkg[:len(pkg) - node.level + 1]
                    names = [".".join(base + ([node.module] if node.module else []))]
                elif node.module == TOP:  # from pirc import x: the submodule x, or (the version) a base fact
                    names = [f"pirc.{a.name}" if a.name in SUBMODULES else VERSION_HOME for a in node.names]
                elif node.module:
                    names = [node.module]
            for n in names:
                if n == "pirc" or n.startswith("pirc."):
                    dst = unit_of(n)
                    if dst != src:
                        edges[(src, dst)] += 1
    return edges


def upward(edges: Counter[tuple[str, str]]) -> set[tuple[str, str]]:
    layer = _layer_of()
    return {(a, b) for a, b in edges if layer.get(a, -1) < layer.get(b, -1)}


def unknown_units(edges: Counter[tuple[str, str]]) -> set[str]:
    layer = _layer_of()
    units = {u for e in edges for u in e} | {unit_of(_module_name(f)) for f in PIRC.rglob("*.py")}
    return {u for u in units if u not in layer}


def mermaid(edges: Counter[tuple[str, str]]) -> str:
    """The layer diagram: one box per layer (lowest at the bottom), every import edge between units,
    the upward ones dashed and red."""
    up = upward(edges)
    lines = ["# pirc's layers", "",
             "Generated from the code by `python tests/test_layers.py docs/layers.md` (`make docs`); "
             "tests/test_layers.py holds the contract. An arrow is `imports`; dashed red arrows run upward "
             "(known debts, listed with their fix in `KNOWN_UPWARD`).", "", "```mermaid", "flowchart BT"]
    for k, (name, units) in enumerate(LAYERS):
        lines.append(f'  subgraph L{k}["{k}. {name}"]')
        for u in units:
            lines.append(f"    {u.strip('_') or u}[{u}]")
        lines.append("  end")
    lines.append(f"  {TOP}[{TOP}]")
    styles = []
    n = 0
    for (a, b), count in sorted(edges.items()):
        a_, b_ = a.strip("_"), b.strip("_")
        if (a, b) in up:
            lines.append(f"  {a_} -.->|{count}| {b_}")
            styles.append(f"  linkStyle {n} stroke:#d33,stroke-width:2px")
        else:
            lines.append(f"  {a_} -->|{count}| {b_}")
        n += 1
    lines += styles + ["```", ""]
    lines.append("| upward edge | imports | why, and what removes it |")
    lines.append("|---|---|---|")
    for (a, b) in sorted(up):
        lines.append(f"| {a} -> {b} | {edges[(a, b)]} | {KNOWN_UPWARD.get((a, b), 'NEW: not allowed')} |")
    return "\n".join(lines) + "\n"


def test_every_unit_has_a_layer() -> None:
    assert not unknown_units(imports()), "add the new package to LAYERS"


def test_no_new_upward_import() -> None:
    new = upward(imports()) - set(KNOWN_UPWARD)
    assert not new, f"imports from a lower layer to a higher one: {sorted(new)}"


def test_known_upward_imports_still_exist() -> None:
    """A debt paid is struck off the list, so that it cannot come back unnoticed."""
    gone = set(KNOWN_UPWARD) - upward(imports())
    assert not gone, f"remove from KNOWN_UPWARD: {sorted(gone)}"


def test_the_contract_sees_an_upward_import(tmp_path: Path) -> None:
    """The check itself: a lower layer importing a higher one is upward, the reverse is not."""
    edges = Counter({("ir", "cli"): 1, ("cli", "ir"): 1})
    assert upward(edges) == {("ir", "cli")}


def test_the_layer_diagram_is_current() -> None:
    doc = ROOT / "docs" / "layers.md"
    assert doc.read_text(encoding="utf-8") == mermaid(imports()), "run: make docs"


if __name__ == "__main__":
    text = mermaid(imports())
    if len(sys.argv) > 1:
        Path(sys.argv[1]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
