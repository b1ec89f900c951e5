"""The emitted C of a tiny plan (FileCheck), and that no program text reaches it unescaped."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from test_aot_run import _jit_factory, _split_program

import pirc.api as api
from pirc.cinn.compiler import compile_program
from pirc.runtime.aot import build_plan
from pirc.runtime.aot.emit import emit_c

BIN = Path(sys.executable).parent

CHECKS = """
CHECK:      ABI: int pirc_aot_main(void* const* params, void* const* feeds, void* const* outs, char* arena,
CHECK:      typedef int (*pirc_kernel_t)(void**, int);
CHECK:      int pirc_aot_main(void* const* params, void* const* feeds, void* const* outs, char* arena, void* const* fns, double* times, int nthreads)
CHECK:        /* call 0: kernel */
CHECK-NEXT:   {
CHECK-NEXT:     void* b0 = feeds[0];
CHECK-NEXT:     void* b1 = (void*)(arena + [[OFF0:[0-9]+]]LL);
CHECK-NEXT:     int64_t b2 = 2LL;
CHECK-NEXT:     void* a[3] = {(void*)&b0, (void*)&b1, (void*)&b2};
CHECK-NEXT:     if (((pirc_kernel_t)fns[0])(a, 3) != 0) return 1;
CHECK-NEXT:   }
CHECK-NEXT:   if (times) { double t = pirc_now(); times[0] = t - t0; t0 = t; }
CHECK:        /* call 1: kernel */
CHECK-NEXT:   {
CHECK-NEXT:     void* b0 = (void*)(arena + [[OFF0]]LL);
CHECK-NEXT:     void* b1 = (void*)(arena + [[OFF1:[0-9]+]]LL);
CHECK:          if (((pirc_kernel_t)fns[1])(a, 3) != 0) return 2;
CHECK:        /* call 2: kernel */
CHECK-NEXT:   {
CHECK-NEXT:     void* b0 = (void*)(arena + [[OFF1]]LL);
CHECK-NEXT:     void* b1 = outs[0];
CHECK-NEXT:     void* a[2] = {(void*)&b0, (void*)&b1};
CHECK-NEXT:     if (((pirc_kernel_t)fns[2])(a, 2) != 0) return 3;
CHECK:        return 0;
CHECK-NEXT: }
"""


def test_emitted_host_program(tmp_path: Path) -> None:
    prog = _split_program()
    factory = _jit_factory()
    text = emit_c(build_plan(prog.block, {"x": (2, 8)}, factory, 1))
    checks = tmp_path / "checks.txt"
    checks.write_text(CHECKS)
    r = subprocess.run([str(BIN / "filecheck"), str(checks)], input=text, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr + "\n" + text


def test_no_name_from_the_program_reaches_the_c_text() -> None:
    evil = '*/ #error x\\n"'
    text = f"""{{
    (%0) = "pd_op.data" () {{dtype:float32,name:"{evil.replace('"', '')}",place:Place(undefined:0),shape:[2,3],stop_gradient:[true]}} : () -> tensor<2x3xf32>
    (%1) = "pd_op.exp" (%0) {{stop_gradient:[true]}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%2) = "pd_op.fetch" (%1) {{col:0,name:"*/ #error y",persistable:[true],stop_gradient:[true]}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
}}
"""
    prog = api.parse(text, "evil")
    compile_program(prog, "c")
    factory = _jit_factory()
    c = emit_c(build_plan(prog.block, {evil.replace('"', ''): (2, 3)}, factory, 1))
    assert "#error" not in c and "fn_" not in c
