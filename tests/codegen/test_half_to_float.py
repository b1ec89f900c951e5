"""The C target's float16 -> float32 conversion (a branch-free helper, so that loops over
halves vectorise): every one of the 65536 halves, subnormals, infinities and NaN payloads
included, gives numpy's float32 bit for bit."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from pirc.cinn.backend.cache import KernelCache
from pirc.cinn.backend.jit_kernel import uninstall
from pirc.cinn.compiler import compile_program
from pirc.runtime import StandaloneExecutor
from pirc.text.parser import parse_program

CAST = """{
    (%0) = "pd_op.data" () {dtype:float16,name:"x",place:Place(undefined:0),shape:[65536],stop_gradient:[true]} : () -> tensor<65536xf16>
    (%1) = "pd_op.cast" (%0) {dtype:float32,stop_gradient:[true]} : (tensor<65536xf16>) -> tensor<65536xf32>
    (%2) = "pd_op.fetch" (%1) {col:0,name:"out",persistable:[true],stop_gradient:[true]} : (tensor<65536xf32>) -> tensor<65536xf32>
}
"""


def test_every_half_converts_exactly(tmp_path: Path) -> None:
    x = np.arange(65536, dtype=np.uint16).view(np.float16)
    compiled = compile_program(parse_program(CAST, "h2f"), "c", cache=KernelCache(tmp_path / "kc"), progress=False)
    try:
        assert compiled.kernels == 1
        with StandaloneExecutor(compiled.host) as ex:
            got = np.asarray(ex.run({"x": x})["out"])
    finally:
        uninstall()
    want = x.astype(np.float32)
    bad = np.nonzero(got.view(np.uint32) != want.view(np.uint32))[0]
    assert bad.size == 0, [(hex(int(x.view(np.uint16)[i])), hex(int(got.view(np.uint32)[i]))) for i in bad[:5]]
