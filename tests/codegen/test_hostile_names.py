"""Hostile names: input strings reach generated code only escaped (comments, string literals);
identifiers are generated.  The kernels still compile and compute the right numbers."""

from __future__ import annotations

import subprocess

import numpy as np
import pytest
from cg_util import IDENT, assert_same, split_code

from pirc.cinn.ast import builder as b
from pirc.cinn.ast import evaluate
from pirc.cinn.ast.nodes import Block, For, IntImm, Let
from pirc.cinn.backend.build import build
from pirc.cinn.backend.cache import KernelCache
from pirc.cinn.backend.compile_c import find_cc
from pirc.cinn.backend.nvrtc import compile_cuda, nvrtc_available
from pirc.cinn.codegen.c import codegen_c
from pirc.cinn.codegen.cuda import codegen_cuda
from pirc.cinn.codegen.names import c_string_literal, comment_text

EVIL = 'x*/ system("rm -rf /"); /*'
INCLUDE = "\n#include <stdio.h>\nint evil(void) { return 1; }\n"
HOSTILE = [EVIL, INCLUDE, 'a"b', "ñandú_变量", "a-b", "a_b", "??/", "\\", "*/", "/*", "// x", "\r\n", "\u2028",
           "\x00nul", "💥"]
I64, F32 = "int64", "float32"


def hostile_module():  # type: ignore[no-untyped-def]
    M = b.var(EVIL, I64)
    A = b.tensor("int", [M, 8], F32, buffer="return")
    B = b.tensor("main", [M, 8], F32, buffer="static")
    tb = b.buffer("a0", [M], F32, "global")  # the same name as a generated parameter
    T = b.tensor("pirc_k0_impl", [M], F32, buffer=tb)
    i, k, j = b.var(INCLUDE, I64), b.var("ñandú_变量", I64), b.var('a"b', I64)
    i0, i1, i0b, i0c, j0 = b.var("a-b", I64), b.var("a_b", I64), b.var("a-b", I64), b.var("a_b", I64), b.var("i", I64)
    x = b.var("for", F32)
    y = b.var("??/", F32)
    zero = IntImm(0, I64)
    body = For.serial(i, zero, M, [
        b.schedule_block("return", [(i0, i)], T.store([i0], 0.0)),
        For.serial(k, zero, IntImm(8, I64), [
            b.schedule_block("printf", [(i0b, i), (i1, k)], T.store([i0b], T[i0b] + A[i0b, i1]), reduce_axes=[i1]),
        ]),
        For.serial(j, zero, IntImm(8, I64), [
            b.schedule_block("exit", [(i0c, i), (j0, j)], Block((
                Let(x, A[i0c, j0] * 2.0),
                Let(y, x * x),
                B.store([i0c, j0], x + T[i0c] - y),
            ))),
        ]),
    ])
    f1 = b.lowered_func("system", [b.arg_in(A), b.arg_out(B), b.arg_in(M)], body, temp_bufs=[tb],
                        attrs={"group": EVIL + INCLUDE + "\\"})
    # a second function whose names collide with the first one's and with generated ones
    N = b.var("??/", I64)
    P = b.tensor("s0", [N], "int32", buffer="v0")
    Q = b.tensor("t0", [N], "int32", buffer="_")
    n = b.var("\u2028", I64)
    f2 = b.lowered_func("main", [b.arg_in(P), b.arg_out(Q), b.arg_in(N)],
                        For.serial(n, zero, N, [Q.store([n], P[n] * 3 - 1)]), attrs={"group": "💥" + EVIL})
    return b.module("while", [f1, f2])


KEYWORDS = set(["const", "int", "float", "double", "void", "return", "for", "if", "else", "static", "inline", "goto", "sizeof", "NULL", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "size_t", "char", "unsigned", "long", "short", "extern", "restrict", "calloc", "free", "args", "nargs", "pirc_exit", "pirc_rc", "expf", "exp", "__global__", "__launch_bounds__", "__restrict__", "__shared__", "__device__", "blockIdx", "threadIdx", "blockDim", "gridDim", "x", "y", "z", "pragma", "omp", "simd", "reduction", "max", "min"])


def generated_identifier(name: str) -> bool:
    if name in KEYWORDS or name.startswith(("pirc_", "PIRC_")):
        return True
    import re

    return re.fullmatch(r"(a|s|t|v|g|acc|red_shm)\d+(_[A-Za-z0-9_]*)?", name) is not None


@pytest.mark.parametrize("target", ["c", "cuda"])
def test_input_strings_appear_only_escaped(target: str) -> None:
    src = (codegen_c if target == "c" else codegen_cuda)(hostile_module())
    text = src.text
    assert "\r" not in text and "\u2028" not in text and "\x00" not in text
    assert all(ord(ch) < 128 for ch in text)  # unicode names only as escapes
    kernels = text[text.index("/* ---- kernel 0"):]
    code, comments, literals = split_code(kernels)
    for bad in ("system(", "rm -rf", "stdio", "evil", 'a"b', "??/", "\\", "ñ", "变量", "💥"):
        assert bad not in code, bad
    for ident in IDENT.findall(code):
        assert generated_identifier(ident), ident
    joined = "\n".join(comments)
    assert comment_text(EVIL) in joined and "x\\x2a\\x2f system(\\x22rm -rf \\x2f\\x22); \\x2f\\x2a" in joined
    assert "\\x0a#include <stdio.h>\\x0aint evil(void) {" in joined
    assert "\\xf1and\\xfa_\\u53d8\\u91cf" in joined
    for c in comments:
        inner = c[2:-2]
        assert "*/" not in inner and "??/" not in inner
    assert [x for x in literals if x != '"C"'] == ['"system"', '"main"']  # CUDA adds extern "C"
    assert {k.name for k in src.kernels} == {"system", "main"}
    assert src.kernels[0].symbol.startswith("pirc_k0_system_") and src.kernels[1].symbol.startswith("pirc_k1_main_")


def test_hostile_module_compiles_and_computes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    mod = build(hostile_module(), "c", cache=KernelCache(tmp_path))
    rng = np.random.default_rng(0)
    a = rng.standard_normal((5, 8)).astype(np.float32)
    f1 = hostile_module().function("system")
    assert_same(mod["system"].run({"return": a}), evaluate(f1, {"return": a}), "system")
    p = rng.integers(-9, 9, 11).astype(np.int32)
    f2 = hostile_module().function("main")
    assert_same(mod["main"].run({"v0": p}), evaluate(f2, {"v0": p}), "main")


@pytest.mark.skipif(not nvrtc_available(), reason="NVRTC is not installed")
def test_hostile_module_compiles_with_nvrtc() -> None:
    image, _ = compile_cuda(codegen_cuda(hostile_module()).text, arch="sm_90")
    assert image[:4] == b"\x7fELF"


def test_escapes_round_trip_through_the_c_compiler(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Each hostile string as a literal prints back byte for byte; inside a comment it leaves the code intact."""
    prog = ["#include <stdio.h>", "int main(void) {"]
    for s in HOSTILE:
        prog.append(f"  /* {comment_text(s)} */ fwrite({c_string_literal(s)}, 1, sizeof({c_string_literal(s)}) - 1,"
                    f" stdout); putchar(0xff);")
    prog.append("  return 0;\n}\n")
    src = tmp_path / "t.c"
    src.write_text("\n".join(prog))
    exe = tmp_path / "t"
    subprocess.run([find_cc(), "-std=c99", "-Wall", "-Werror", "-Wno-trigraphs", "-o", str(exe), str(src)],
                   check=True, capture_output=True)
    out = subprocess.run([str(exe)], capture_output=True, check=True).stdout
    assert out.split(b"\xff")[:-1] == [s.encode("utf-8") for s in HOSTILE]  # 0xff never occurs in UTF-8
