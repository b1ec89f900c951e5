"""Fixtures of the interpreter tests: ``test_ops`` registers the ``rt_test.*`` ops
(see rt_helpers.py) for one test module and removes them afterwards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pirc.ir.opinfo import OP_INFOS, OpInfo
from rt_helpers import TEST_OPS


@pytest.fixture(scope="module")
def test_ops() -> Iterator[None]:
    saved = {n: OP_INFOS.get(n) for n in TEST_OPS}
    for n, d in TEST_OPS.items():
        OP_INFOS[n] = OpInfo(n, d.traits, None, None, d, True, None)
    try:
        yield
    finally:
        for n, old in saved.items():
            if old is None:
                OP_INFOS.pop(n, None)
            else:
                OP_INFOS[n] = old
