"""Build hooks (used by setuptools only, never imported at run time).

The grammars live at the top of the source tree in ``grammar/`` (the project's
layout); a wheel carries them as package data in ``pirc/grammar/`` and an sdist
carries ``grammar/`` itself, so a wheel built from the sdist has them too.  An
editable install reads ``grammar/`` in place (see :mod:`pirc.grammars`).
"""

from __future__ import annotations

import os
import shutil

from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

GRAMMAR_DIR = "grammar"


def _grammar_files() -> list[str]:
    return sorted(n for n in os.listdir(GRAMMAR_DIR) if n.endswith(".lark"))


class BuildPy(build_py):
    """Also copy ``grammar/*.lark`` into ``pirc/grammar/`` of the build."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        dst = os.path.join(self.build_lib, "pirc", "grammar")
        os.makedirs(dst, exist_ok=True)
        for name in _grammar_files():
            shutil.copyfile(os.path.join(GRAMMAR_DIR, name), os.path.join(dst, name))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        out = super().get_outputs(include_bytecode)
        if not getattr(self, "editable_mode", False):
            out += [os.path.join(self.build_lib, "pirc", "grammar", n) for n in _grammar_files()]
        return out


class Sdist(sdist):
    """Also put ``grammar/*.lark`` into the source distribution."""

    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        super().make_release_tree(base_dir, files)
        os.makedirs(os.path.join(base_dir, GRAMMAR_DIR), exist_ok=True)
        for name in _grammar_files():
            shutil.copyfile(os.path.join(GRAMMAR_DIR, name), os.path.join(base_dir, GRAMMAR_DIR, name))
