"""Building and binding pirc's NN kernel library (nnlib.c, ABI in nnlib.h) through the kernel cache.

The library is compiled once per toolchain and flag set with the C backend's flags
(pirc/cinn/backend/compile_c.py) and cached; :func:`lib` returns the loaded ctypes library, or None
when there is no C compiler (callers then use their numpy kernels).  The wrappers take descriptors
built by :mod:`pirc.runtime.nn.desc` and contiguous float32 arrays.
"""

from __future__ import annotations

import ctypes
import re
import threading
from importlib import resources
from typing import Any

import numpy as np

_LOCK = threading.Lock()
_LIB: Any = None
_FAILED = False

_I64P = ctypes.POINTER(ctypes.c_int64)


def header_text() -> str:
    """nnlib.h, the ABI."""
    return resources.files("pirc.runtime.nn").joinpath("nnlib.h").read_text(encoding="utf-8")


#: the library's root file: it #includes its parts (and they nnlib.h) in order
ROOT = "nnlib.c"
_INCLUDE = re.compile(r'^#include "([\w.]+)"[ \t]*$', re.M)


def source_text() -> str:
    """nnlib.c with its local #includes inlined, each file once (one translation unit, as the cache
    compiles it from a string)."""
    files = resources.files("pirc.runtime.nn")
    seen: set[str] = set()

    def text(name: str) -> str:
        seen.add(name)
        return _INCLUDE.sub(lambda m: "" if m.group(1) in seen else text(m.group(1)),
                            files.joinpath(name).read_text(encoding="utf-8")).rstrip("\n")

    return text(ROOT) + "\n"


#: nnlib's copy of the code generator's vectorisable float32 exp (its one definition: the C prelude,
#: pirc/cinn/codegen/prelude.py), so that attention's softmax vectorises and computes the exp the
#: compiled kernels do; tests/runtime/test_nnlib_attention.py checks the file against vexp_text()
VEXP = "vexp.h"


def vexp_text() -> str:
    """The text of nnlib's vexp.h: the prelude's pirc_expf and the helpers it uses, in a header guard."""
    from pirc.cinn.codegen.prelude import Prelude

    p = Prelude("c")
    p.use("pirc_expf")
    return ("/* generated from pirc/cinn/codegen/prelude.py (pirc_expf and what it uses) by\n"
            "   pirc.runtime.nn.lib.vexp_text(); do not edit: a test compares this file with it */\n"
            "#ifndef PIRC_NN_VEXP_H\n#define PIRC_NN_VEXP_H\n" + p.text() + "#endif\n")


def lib() -> Any:
    """The compiled library (None when there is no C compiler)."""
    global _LIB, _FAILED
    if _LIB is not None or _FAILED:
        return _LIB
    with _LOCK:
        if _LIB is None and not _FAILED:
            try:
                from pirc.cinn.backend.cache import cache_key, default_cache
                from pirc.cinn.backend.compile_c import c_flags, cc_identity, compile_c, find_cc
                from pirc.runtime.threads import ensure_applied

                source = source_text()
                cc = find_cc()
                flags = c_flags(cc) + ("-lm",)
                key = cache_key("nnlib", cc_identity(cc), " ".join(flags), source)
                path, _ = default_cache().get_or_build(
                    key, ".so", lambda: compile_c(source, cc=cc, flags=flags, source_name="nnlib.c"),
                    kind="so", info={"toolchain": cc_identity(cc), "flags": list(flags)})
                ensure_applied()
                so = ctypes.CDLL(str(path))
                vp = ctypes.c_void_p
                so.pirc_nn_conv2d_f32.argtypes = [_I64P, vp, vp, vp, vp, vp, ctypes.c_int]
                so.pirc_nn_pool2d_f32.argtypes = [_I64P, vp, vp, ctypes.c_int]
                so.pirc_nn_fc_f32.argtypes = [_I64P, vp, vp, vp, vp, ctypes.c_int]
                so.pirc_nn_matmul_f32.argtypes = [_I64P, vp, vp, vp, ctypes.c_int]
                so.pirc_nn_conv2d_transpose_f32.argtypes = [_I64P, vp, vp, vp, ctypes.c_int]
                so.pirc_nn_interp2d_f32.argtypes = [_I64P, vp, vp, ctypes.c_int]
                so.pirc_nn_argext_f32.argtypes = [_I64P, vp, vp, ctypes.c_int]
                so.pirc_nn_cumsum_f32.argtypes = [_I64P, vp, vp, ctypes.c_int]
                so.pirc_nn_cumsum_i64.argtypes = [_I64P, vp, vp, ctypes.c_int]
                so.pirc_nn_attention_f32.argtypes = [_I64P, vp, vp, vp, vp, vp, ctypes.c_int]
                so.pirc_nn_embedding_f32.argtypes = [_I64P, vp, vp, vp, ctypes.c_int]
                for fn in (so.pirc_nn_conv2d_f32, so.pirc_nn_pool2d_f32, so.pirc_nn_fc_f32, so.pirc_nn_matmul_f32,
                           so.pirc_nn_conv2d_transpose_f32, so.pirc_nn_interp2d_f32,
                           so.pirc_nn_argext_f32, so.pirc_nn_cumsum_f32, so.pirc_nn_cumsum_i64,
                           so.pirc_nn_attention_f32,
                           so.pirc_nn_embedding_f32, so.pirc_nn_abi_version):
                    fn.restype = ctypes.c_int
                _LIB = so
            except Exception:  # noqa: BLE001  - no toolchain: the numpy kernels serve
                _FAILED = True
    return _LIB


def _desc(d: tuple[int, ...]) -> Any:
    return (ctypes.c_int64 * len(d))(*d)


def _ptr(a: np.ndarray | None) -> int | None:
    return None if a is None else a.ctypes.data


def _ok(a: np.ndarray | None) -> bool:
    return a is None or (a.dtype == np.float32 and a.flags.c_contiguous)


def conv2d(d: tuple[int, ...], x: np.ndarray, w: np.ndarray, b: np.ndarray | None = None,
           r: np.ndarray | None = None, nt: int = 1) -> np.ndarray | None:
    """y = act((conv(x, w) + b) + r) for the descriptor ``d`` (:func:`pirc.runtime.nn.desc.conv2d`);
    None when the library is missing or refuses ``d``.  Arrays: float32, C-contiguous."""
    so = lib()
    if so is None or not all(_ok(a) for a in (x, w, b, r)):
        return None
    y = np.empty((d[0], d[4], d[7], d[8]), np.float32)
    rc = so.pirc_nn_conv2d_f32(_desc(d), x.ctypes.data, w.ctypes.data, _ptr(b), _ptr(r), y.ctypes.data, nt)
    return y if rc == 0 else None


def pool2d(d: tuple[int, ...], x: np.ndarray, nt: int = 1) -> np.ndarray | None:
    """Pooling for the descriptor ``d`` (:func:`pirc.runtime.nn.desc.pool2d`); None when not done."""
    so = lib()
    if so is None or not _ok(x):
        return None
    y = np.empty((d[0], d[1], d[4], d[5]), np.float32)
    rc = so.pirc_nn_pool2d_f32(_desc(d), x.ctypes.data, y.ctypes.data, nt)
    return y if rc == 0 else None


def fc(d: tuple[int, ...], x: np.ndarray, w: np.ndarray, b: np.ndarray | None = None,
       nt: int = 1) -> np.ndarray | None:
    """act(x @ w + b) for the descriptor ``d`` = (M, K, N, act); None when not done."""
    so = lib()
    if so is None or not all(_ok(a) for a in (x, w, b)):
        return None
    y = np.empty((d[0], d[2]), np.float32)
    rc = so.pirc_nn_fc_f32(_desc(d), x.ctypes.data, w.ctypes.data, _ptr(b), y.ctypes.data, nt)
    return y if rc == 0 else None


def matmul(d: tuple[int, ...], out: tuple[int, ...], x: np.ndarray, y: np.ndarray, nt: int = 1) -> np.ndarray | None:
    """The batched product of the descriptor ``d`` (:func:`pirc.runtime.nn.desc.matmul`), shaped ``out``; None
    when not done."""
    so = lib()
    if so is None or not (_ok(x) and _ok(y)):
        return None
    z = np.empty(out, np.float32)
    rc = so.pirc_nn_matmul_f32(_desc(d), x.ctypes.data, y.ctypes.data, z.ctypes.data, nt)
    return z if rc == 0 else None


def attention(d: tuple[int, ...], q: np.ndarray, k: np.ndarray, v: np.ndarray, bias: np.ndarray | None = None,
              nt: int = 1) -> np.ndarray | None:
    """softmax((q * alpha) . k^T + bias) . v for the descriptor ``d`` (:func:`pirc.runtime.nn.desc.attention`),
    as a ``[B, Sq, H, Dv]`` array; None when not done."""
    so = lib()
    if so is None or not all(_ok(a) for a in (q, k, v, bias)):
        return None
    y = np.empty((d[0], d[1], d[3], d[5]), np.float32)
    rc = so.pirc_nn_attention_f32(_desc(d), q.ctypes.data, k.ctypes.data, v.ctypes.data, _ptr(bias), y.ctypes.data, nt)
    return y if rc == 0 else None


def embedding(d: tuple[int, ...], ids: np.ndarray, table: np.ndarray, nt: int = 1) -> np.ndarray | None:
    """Rows of ``table`` for the int64 ``ids`` (descriptor :func:`pirc.runtime.nn.desc.embedding`), as an
    ``[n, Dm]`` array; None when not done (an id out of range included)."""
    so = lib()
    if so is None or not _ok(table) or ids.dtype != np.int64 or not ids.flags.c_contiguous:
        return None
    y = np.empty((d[0], d[2]), np.float32)
    rc = so.pirc_nn_embedding_f32(_desc(d), ids.ctypes.data, table.ctypes.data, y.ctypes.data, nt)
    return y if rc == 0 else None


def raw_call(kind: str, d: tuple[int, ...], *arrays: np.ndarray | None, nt: int = 1) -> int:
    """The C function's return code for ``kind`` (``pirc_nn_<kind>_f32``: conv2d, pool2d, fc, matmul,
    conv2d_transpose, interp2d, attention, embedding) on caller-made
    arrays (tests)."""
    so = lib()
    if so is None:
        raise RuntimeError("nnlib is not available (no C compiler)")
    fn = getattr(so, f"pirc_nn_{kind}_f32")
    return int(fn(_desc(d), *(_ptr(a) for a in arrays), nt))


__all__ = ["ROOT", "VEXP", "attention", "conv2d", "embedding", "fc", "header_text", "lib", "matmul", "pool2d", "raw_call",
           "source_text", "vexp_text"]
