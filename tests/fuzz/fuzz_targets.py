"""Fuzz targets, seeds and mutators shared by the Hypothesis tests, the atheris harness and
``bench/fuzz.py``.

A target takes the bytes of one input and returns its outcome class:

* ``ok``          the input was accepted (and every property below held);
* ``diagnostic``  the input was rejected with a clean :class:`PircError` (what exit 1 prints).

Anything else is a finding, raised as an exception:

* :class:`RoundTripDiff`  a property failed: the fast PIR reader and the Lark grammar disagree
  (different IR, or one accepts what the other rejects), or printed text does not read back to
  the same IR;
* any other exception     an internal error (what exit 3 prints).

Hangs and crashes are seen by ``bench/fuzz.py``, which runs the targets in worker processes.
"""

from __future__ import annotations

import functools
import io
import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEEDS = Path(__file__).resolve().parent / "seeds"

MAX_INPUT = 1 << 16  # mutated inputs are clipped to 64 KiB


class RoundTripDiff(Exception):
    """A property of the readers / printers failed (see the module docstring)."""


# --------------------------------------------------------------------------------------
# targets
# --------------------------------------------------------------------------------------


def _diag_text(e: Exception) -> str:
    from pirc.diagnostics import PircError

    return e.render() if isinstance(e, PircError) else f"{type(e).__name__}: {e}"


def _parse(text: str, fast: bool):  # type: ignore[no-untyped-def]
    from pirc.diagnostics import PircError
    from pirc.text.parser import parse_program

    try:
        return parse_program(text, "fuzz.pir", fast=fast), None
    except PircError as e:
        return None, e


def _parse_fast_path(text: str, slow: object, slow_err: object):  # type: ignore[no-untyped-def]
    """What ``parse_program(text, fast=True)`` returns, without re-running the grammar: the fast
    path alone, and where it gives up (which sends parse_program to the grammar) the grammar's
    result that is already known."""
    from pirc.diagnostics import PircError, SourceFile
    from pirc.text import parser as P

    if not text.strip() or "\x00" in text:  # parse_program checks these before either reader
        return slow, slow_err
    try:
        with P._gc_paused():
            return P._FastParser(P._Builder(SourceFile("fuzz.pir", text))).parse(text), None
    except (P._FastMiss, PircError, P.GrammarError, RecursionError):
        return slow, slow_err


def check_pir_text(text: str) -> str:
    """Both readers give the same IR or the same error; what they accept prints as text that
    reads back to the same IR (plain and legacy style), verified or not."""
    from pirc.ir.verifier import verify
    from pirc.text.printer import print_program

    slow, slow_err = _parse(text, False)
    fast, fast_err = _parse_fast_path(text, slow, slow_err)
    if (fast is None) != (slow is None):
        raise RoundTripDiff(f"fast reader {'rejects' if fast is None else 'accepts'} what the grammar "
                            f"{'accepts' if fast is None else 'rejects'}: "
                            f"{_diag_text(fast_err or slow_err)}")  # type: ignore[arg-type]
    if fast is None:
        if fast_err.render() != slow_err.render():  # type: ignore[union-attr]
            raise RoundTripDiff("the readers report different errors")
        return "diagnostic"
    printed = print_program(fast)
    if printed != print_program(slow):
        raise RoundTripDiff("the fast reader and the grammar build different IR")
    for legacy in (False, True):
        again_text = print_program(fast, legacy=legacy) if legacy else printed
        for use_fast in ((True, False) if not legacy else (True,)):  # the legacy style mostly takes the grammar path
            again, err = _parse(again_text, use_fast)
            if again is None:
                raise RoundTripDiff(f"printed text ({'legacy' if legacy else 'plain'}) does not read back: "
                                    f"{_diag_text(err)}")  # type: ignore[arg-type]
            if print_program(again) != printed:
                raise RoundTripDiff(f"printed text ({'legacy' if legacy else 'plain'}) reads back differently")
    diags = verify(fast, allow_unregistered=True)
    return "diagnostic" if diags else "ok"


def target_pir(data: bytes) -> str:
    from pirc.diagnostics import PircError
    from pirc.text.parser import decode_source

    try:
        text = decode_source(data, "fuzz.pir")
    except PircError:
        return "diagnostic"
    return check_pir_text(text)


def target_ast(data: bytes) -> str:
    """.ast text: parse, print, parse again (same text), and generate C and CUDA."""
    from pirc.cinn.ast.parser import parse
    from pirc.cinn.ast.printer import to_text
    from pirc.cinn.backend.build import generate
    from pirc.diagnostics import PircError
    from pirc.text.parser import decode_source

    try:
        node = parse(decode_source(data, "fuzz.ast"), "fuzz.ast")
    except PircError:
        return "diagnostic"
    printed = to_text(node)
    try:
        again = parse(printed, "printed.ast")
    except PircError as e:
        raise RoundTripDiff(f"printed .ast does not read back: {_diag_text(e)}") from None
    if to_text(again) != printed:
        raise RoundTripDiff("printed .ast reads back differently")
    # one code generator per input (alternating, both over a run); CUDA-lowered kernels use
    # cross-thread primitives that only the CUDA target has
    target = "cuda" if b'target:"cuda"' in data or len(data) % 2 == 0 else "c"
    try:
        generate(node, target)
    except PircError:
        return "diagnostic"
    return "ok"


def target_model(data: bytes) -> str:
    """ProgramDesc JSON / .pdmodel / PIR JSON: translate; what translates prints as text that
    reads back to the same IR and passes the verifier pirc-opt runs."""
    from pirc.diagnostics import PircError
    from pirc.ir.verifier import verify
    from pirc.text.printer import print_program
    from pirc.translate.frontend import load_model

    try:
        model = load_model(data, "fuzz.model")
    except PircError:
        return "diagnostic"
    printed = print_program(model.program)
    again, err = _parse(printed, True)
    if again is None:
        raise RoundTripDiff(f"translated text does not read back: {_diag_text(err)}")  # type: ignore[arg-type]
    if print_program(again) != printed:
        raise RoundTripDiff("translated text reads back differently")
    if verify(model.program, allow_unregistered=True):
        return "diagnostic"
    return "ok"


def target_feeds(data: bytes) -> str:
    """A .npy or .npz feed file."""
    from pirc.diagnostics import PircError
    from pirc.runtime.feeds import read_feed_file

    try:
        arrays = read_feed_file(io.BytesIO(data), "fuzz.npz")
    except PircError:
        return "diagnostic"
    for a in arrays.values():
        a.tobytes()  # the data is really there
    return "ok"


TARGETS: dict[str, Callable[[bytes], str]] = {
    "pir": target_pir,
    "ast": target_ast,
    "model": target_model,
    "feeds": target_feeds,
}


# --------------------------------------------------------------------------------------
# seeds
# --------------------------------------------------------------------------------------


def _small_programs(text: str, max_ops: int = 24) -> list[str]:
    """Self-contained prefixes of a program (the first N top-level ops): small seeds read fast."""
    lines = text.rstrip("\n").split("\n")
    if len(lines) < 3 or lines[0].strip() != "{":
        return []
    out: list[str] = []
    depth = 0
    n = 0
    for i, line in enumerate(lines[1:-1], 1):
        depth += line.count("{") - line.count("}") if line.rstrip().endswith(("{", "{ ", "}")) else 0
        if depth == 0:
            n += 1
            if n in (3, 8, max_ops):
                out.append("\n".join(lines[: i + 1] + ["}"]) + "\n")
    return out


_AST_SOURCES = ("bench_softmax_small", "bench_layernorm_small", "mlp")


@functools.cache
def _lowered_seeds() -> tuple[bytes, ...]:
    """.ast seeds lowered now from small corpus programs (so they follow the current .ast format);
    empty when lowering fails, and then the copies in seeds/ are used."""
    try:
        from pirc.cli.lower import lower_text
        from pirc.diagnostics import PircError
    except ImportError:
        return ()
    out: list[bytes] = []
    for name in _AST_SOURCES:
        path = ROOT / "tests" / "corpus" / name / "program.pir"
        for target in ("c", "cuda"):
            try:
                out.append(lower_text(path.read_text(), str(path), target, False)[0].encode())
            except (PircError, OSError):
                return ()
    return tuple(out)


def seeds(target: str) -> list[bytes]:
    """The seed inputs of a target, from the corpus in the tree (deterministic order)."""
    found: list[bytes] = []
    if target == "pir":
        paths = sorted(ROOT.glob("tests/corpus/*/program.pir")) + sorted(ROOT.glob("tests/lit/**/*.pir")) \
            + sorted(ROOT.glob("samples/*.pir"))
        for p in paths:
            text = p.read_text()
            for chunk in text.split("// -----"):
                body = "\n".join(ln for ln in chunk.split("\n") if not ln.lstrip().startswith("//")).strip()
                if not body.startswith("{"):
                    continue
                body += "\n"
                if len(body) <= 8000:
                    found.append(body.encode())
                found.extend(s.encode() for s in _small_programs(body))
        found += sorted(p.read_bytes() for p in SEEDS.glob("*.pir"))
    elif target == "ast":
        found = list(_lowered_seeds()) or [p.read_bytes() for p in sorted(SEEDS.glob("*.ast"))]
    elif target == "model":
        for pat in ("tests/translate/corpus/*/prog.json", "tests/translate/corpus/*/pir/model.json",
                    "tests/translate/corpus/*/model.pdmodel", "samples/prog.json"):
            # the largest ProgramDesc JSON files (their models are in the pool as .pdmodel and PIR
            # JSON too) would cost most of the time
            found += [p.read_bytes() for p in sorted(ROOT.glob(pat)) if p.stat().st_size <= 60000]
        found += [p.read_bytes() for p in sorted(SEEDS.glob("*.json"))]
    elif target == "feeds":
        import numpy as np

        for p in sorted(ROOT.glob("tests/corpus/*/feeds.npz"))[:6] + sorted(ROOT.glob("samples/*.npz")):
            found.append(p.read_bytes())
            with np.load(p, allow_pickle=False) as z:
                for k in z.files[:2]:
                    b = io.BytesIO()
                    np.save(b, z[k], allow_pickle=False)
                    found.append(b.getvalue())
    else:
        raise KeyError(target)
    return found


# --------------------------------------------------------------------------------------
# mutators
# --------------------------------------------------------------------------------------

HUGE = "9" * 4400  # longer than Python's int-conversion limit
INTERESTING_NUMBERS = [
    "0", "-0", "-0.0", "0.0", "1", "-1", "2147483647", "2147483648", "-2147483649", "4294967296",
    "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551616",
    "1e308", "1e999", "-1e999", "4.9e-324", "nan", "-nan", "inf", "-inf", "Infinity", "-Infinity", "NaN",
    HUGE, "-" + HUGE, "1" + "0" * 30, "3.4028235e38", "1e-45", "0x10", "1_000", "00", "-00", ".5", "5.",
]
INTERESTING_STRINGS = [
    '"a\\"b"', '"\\\\"', '"\\\\\\""', '"\\n"', '"\\x00"', '"\x00"', '"é"', '""', '"%0"', '"a\\"', '"}"', '"{"',
    '"\\u0000"', '"' + "x" * 300 + '"', '"\ud7ff"', '"<<NULL VALUE>>"',
]
INTERESTING_TEXT = [
    "{", "}", "(", ")", "[", "]", "<", ">", ",", ":", "=", "->", "^", "%", "%0", "%arg_0", "\\", '"', "\x00",
    "\n", " ", "\t", "\r", "// c\n", "} else {", "tensor<", "x", "-1x", "vec[", "<<NULL VALUE>>", "<<NULL TYPE>>",
    "builtin.", "pd_op.", "(pd_op.DataType)", "(Float)", "Place(", "\ufeff", "\u2028", "\x85", "\x0c",
    "\n    ^%arg_0 {stop_gradient:true}\n", "\n    ^%arg_0, %arg_1\n", "\n    } else {\n", "\n    {\n    }\n",
    '"pd_op.while" (cond=%0, inputs=%1) {', '"pd_op.if" (%0) {} -> tensor<f32> {', '"a\\"b"', '"\\\\"',
]
_NUM_RE = re.compile(rb"-?\d+(?:\.\d+)?(?:e[+-]?\d+)?")
_STR_RE = re.compile(rb'"(?:[^"\\\n]|\\.)*"')


def _splice_token(data: bytes, rnd: random.Random, pattern: re.Pattern[bytes], choices: list[str]) -> bytes:
    ms = list(pattern.finditer(data[:20000]))
    if not ms:
        return data
    m = rnd.choice(ms)
    return data[: m.start()] + rnd.choice(choices).encode("utf-8", "surrogatepass") + data[m.end():]


def _mutate_bytes(data: bytes, rnd: random.Random, pool: list[bytes]) -> bytes:
    n = len(data)
    k = rnd.randrange(10)
    pos = rnd.randrange(n + 1)
    if k == 0 and n:
        b = bytearray(data)
        b[min(pos, n - 1)] ^= 1 << rnd.randrange(8)
        return bytes(b)
    if k == 1 and n:
        end = min(n, pos + rnd.choice((1, 1, 2, 4, 16, 64)))
        return data[:pos] + data[end:]
    if k == 2:
        return data[:pos] + rnd.choice(INTERESTING_TEXT).encode() + data[pos:]
    if k == 3:
        return _splice_token(data, rnd, _NUM_RE, INTERESTING_NUMBERS)
    if k == 4:
        return _splice_token(data, rnd, _STR_RE, INTERESTING_STRINGS)
    if k == 5 and n:  # duplicate a chunk
        a = rnd.randrange(n)
        b = min(n, a + rnd.randrange(1, 200))
        return data[:pos] + data[a:b] + data[pos:]
    if k == 6:  # line-level: drop / duplicate / swap
        lines = data.split(b"\n")
        if len(lines) > 2:
            i, j = rnd.randrange(len(lines)), rnd.randrange(len(lines))
            op = rnd.randrange(3)
            if op == 0:
                del lines[i]
            elif op == 1:
                lines.insert(i, lines[j])
            else:
                lines[i], lines[j] = lines[j], lines[i]
        return b"\n".join(lines)
    if k == 7 and pool:  # splice with another seed
        other = rnd.choice(pool)
        a = rnd.randrange(len(other) + 1)
        return data[:pos] + other[a: a + rnd.randrange(1, 400)] + data[pos:]
    if k == 8:  # random bytes
        return data[:pos] + bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 8))) + data[pos:]
    if n:  # truncate
        return data[:pos]
    return data


# -- JSON-aware mutation --------------------------------------------------------------


def _json_values(rnd: random.Random) -> object:
    return rnd.choice([
        None, True, False, 0, -1, 1, 2**31, 2**63, -(2**63) - 1, 2**64, float("inf"), float("-inf"), float("nan"),
        -0.0, 1e308, 0.5, "", "x", "a\"b", "\x00", "float32", "FP32", [], [1], [[]], {}, {"a": 1}, int(HUGE[:4000]),
        [float("inf")], ["x"], [True, 1], {"type": "LOD_TENSOR"},
    ])


def _json_nodes(doc: object, out: list[tuple[object, object]], limit: int = 4000) -> None:
    stack = [doc]
    while stack and len(out) < limit:
        node = stack.pop()
        if isinstance(node, dict):
            for k in list(node):
                out.append((node, k))
                stack.append(node[k])
        elif isinstance(node, list):
            for i in range(len(node)):
                out.append((node, i))
                stack.append(node[i])


def _mutate_json(data: bytes, rnd: random.Random) -> bytes | None:
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        return None
    nodes: list[tuple[object, object]] = []
    _json_nodes(doc, nodes)
    if not nodes:
        return None
    for _ in range(rnd.choice((1, 1, 2, 3))):
        parent, key = rnd.choice(nodes)
        op = rnd.randrange(5)
        try:
            if op <= 1:
                parent[key] = _json_values(rnd)  # type: ignore[index]
            elif op == 2 and isinstance(parent, dict):
                del parent[key]
            elif op == 2 and isinstance(parent, list):
                del parent[key]  # type: ignore[arg-type]
            elif op == 3:
                v = parent[key]  # type: ignore[index]
                if isinstance(v, str) and v:
                    parent[key] = v[: rnd.randrange(len(v))] + rnd.choice(['"', "\\", "\x00", "é", "_x", ".", "<"])  # type: ignore[index]
                elif isinstance(v, bool):
                    parent[key] = int(v)  # type: ignore[index]
                elif isinstance(v, int):
                    # a value grown by earlier mutations may be past a float's range: then infinity
                    as_float = float(v) if abs(v) < 2**1023 else float("inf") * (1 if v > 0 else -1)
                    parent[key] = rnd.choice([v + 1, -v, v * 2**40, str(v), as_float])  # type: ignore[index]
                elif isinstance(v, list) and v:
                    v.append(v[rnd.randrange(len(v))])
            else:
                v = parent[key]  # type: ignore[index]
                if isinstance(v, list) and v:
                    rnd.shuffle(v)
                elif isinstance(v, dict):
                    v[rnd.choice(["type", "dims", "name", "attrs", "vars", "ops", "blocks", "idx"])] = _json_values(rnd)
        except (IndexError, KeyError, TypeError):
            pass
    try:
        return json.dumps(doc, separators=(",", ":") if rnd.random() < 0.5 else None).encode()
    except (ValueError, RecursionError):
        return None


# -- .npy header mutation ----------------------------------------------------------------

_NPY_HEADERS = [
    b"{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999, 99999999999), }",
    b"{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }",
    b"{'descr': 'O', 'fortran_order': False, 'shape': (1,), }",
    b"{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }",
    b"{'descr': '<f4', 'fortran_order': True, 'shape': (3, 0), }",
    b"{'descr': '<U4', 'fortran_order': False, 'shape': (), }",
    b"{'descr': '<f4', 'fortran_order': False, 'shape': (" + b"9" * 4400 + b",), }",
    b"{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': __import__('os').system('touch /tmp/pwn')}",
    b"{'descr': '<V1000000000000', 'fortran_order': False, 'shape': (1,), }",
    b"{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904, 4), }",
]


def _mutate_npy(data: bytes, rnd: random.Random) -> bytes | None:
    if not data.startswith(b"\x93NUMPY") or len(data) < 10:
        return None
    major = data[6]
    hlen_size = 2 if major == 1 else 4
    header = rnd.choice(_NPY_HEADERS)
    if rnd.random() < 0.3:
        header = header.replace(b"<f4", rnd.choice([b"<f8", b"|b1", b"<i8", b"<c16", b">f4", b"<M8[s]"]))
    pad = (-(10 + len(header) + 1)) % 64
    header = header + b" " * pad + b"\n"
    body = data[10 + int.from_bytes(data[8:10], "little"):] if hlen_size == 2 else b""
    return b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header + body[: rnd.randrange(len(body) + 1)]


def _mutate_zip(data: bytes, rnd: random.Random) -> bytes | None:
    """Rewrite one member of an .npz with a mutated .npy (so the zip stays valid)."""
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            members = [(i.filename, z.read(i)) for i in z.infolist()]
    except Exception:  # noqa: BLE001 - not a zip (any more)
        return None
    if not members:
        return None
    i = rnd.randrange(len(members))
    name, body = members[i]
    new = _mutate_npy(body, rnd) if rnd.random() < 0.6 else _mutate_bytes(body, rnd, [])
    members[i] = (rnd.choice([name, name, "../x.npy", "a/b.npy", "x", name + name]), new or body)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=rnd.choice([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])) as z:
        for n, b in members:
            z.writestr(n, b)
    return out.getvalue()


def mutate(data: bytes, rnd: random.Random, pool: list[bytes], target: str = "") -> bytes:
    """One mutated input (1-4 stacked mutations; structure-aware ones for JSON and .npy/.npz)."""
    if target in ("model",) and data[:1] in (b"{", b"[") and rnd.random() < 0.6:
        out = _mutate_json(data, rnd)
        if out is not None:
            return out[:MAX_INPUT * 2]
    if target == "feeds" and rnd.random() < 0.6:
        out = _mutate_zip(data, rnd) if data[:2] == b"PK" else _mutate_npy(data, rnd)
        if out is not None:
            return out
    for _ in range(rnd.choice((1, 1, 1, 2, 3, 4))):
        data = _mutate_bytes(data, rnd, pool)
    return data[:MAX_INPUT * 2]


def inputs(target: str, seed: int, count: int) -> list[bytes]:
    """``count`` deterministic mutated inputs of a target (the seeds themselves first)."""
    pool = seeds(target)
    rnd = random.Random(seed)
    out = list(pool[:count])
    while len(out) < count:
        out.append(mutate(rnd.choice(pool), rnd, pool, target))
    return out


def run_one(target: str, data: bytes) -> tuple[str, str]:
    """(outcome class, detail) for one input, in this process."""
    try:
        return TARGETS[target](data), ""
    except RoundTripDiff as e:
        return "round-trip diff", str(e)[:300]
    except RecursionError as e:
        return "internal error", f"RecursionError: {e}"
    except MemoryError:
        return "internal error", "MemoryError"
    except Exception as e:  # noqa: BLE001 - the finding itself
        return "internal error", f"{type(e).__name__}: {str(e)[:300]}"


if __name__ == "__main__":  # python tests/fuzz/fuzz_targets.py TARGET FILE: classify one input
    cls, detail = run_one(sys.argv[1], Path(sys.argv[2]).read_bytes())
    print(cls, detail)
