"""Shrink a failing fuzzer program to a minimal reproducer (line-level delta debugging).

An op line is dropped (a whole ``pd_op.if`` / ``pd_op.while`` with its regions at once)
while the program still parses, verifies, evaluates on the reference, and the path
still disagrees with the reference.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import alias_paths
import alias_ref
import numpy as np

from pirc.ir.verifier import verify


def _span(lines: list[str], i: int) -> int:
    """One past the last line of the op starting at line ``i`` (its regions included)."""
    if not lines[i].rstrip().endswith("{"):
        return i + 1
    depth = 0
    for j in range(i, len(lines)):
        s = lines[j].strip()
        if s.endswith("{") or lines[j].endswith("{ "):
            depth += 1 if not s.startswith("}") else 0
        if s.startswith("}") and not s.endswith("{"):
            depth -= 1
            if depth == 0:
                return j + 1
    return len(lines)


def fails(text: str, feeds: Mapping[str, np.ndarray],
          path: Callable[[str, Mapping[str, np.ndarray]], list[dict[str, np.ndarray]]], want: str) -> bool:
    try:
        prog = alias_paths.parse(text)
        if verify(prog):
            return False
        expected = alias_ref.evaluate(prog, feeds)
    except Exception:  # noqa: BLE001 - not a valid candidate
        return False
    if not expected:
        return False
    why = alias_paths.check(text, feeds, expected, path)
    return why is not None and alias_paths.kind(why) == want


def shrink(text: str, path: Callable[[str, Mapping[str, np.ndarray]], list[dict[str, np.ndarray]]],
           feeds: Mapping[str, np.ndarray], budget: int = 400) -> str:
    lines = text.splitlines()
    expected = alias_ref.evaluate(alias_paths.parse(text), feeds)
    why = alias_paths.check(text, feeds, expected, path)
    if why is None:
        return text
    want = alias_paths.kind(why)
    tries = 0
    progress = True
    while progress and tries < budget:
        progress = False
        i = len(lines) - 2
        while i >= 1 and tries < budget:
            if ' = "' not in lines[i] or '"cf.yield"' in lines[i]:
                i -= 1
                continue
            end = _span(lines, i)
            cand = lines[:i] + lines[end:]
            tries += 1
            if fails("\n".join(cand) + "\n", feeds, path, want):
                lines = cand
                progress = True
            i -= 1
    return "\n".join(lines) + "\n"
