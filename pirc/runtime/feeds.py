"""Feeds and parameters: matching the arrays a caller gives with what the program declares.

A feed goes to the ``pd_op.data`` (or ``pd_op.feed``) op whose ``name``
attribute it carries; a parameter to the ``builtin.parameter`` ops whose
``parameter_name`` it carries.  Mismatches are input errors located at the op
that declares what is expected: a missing or extra feed, a wrong rank, a wrong
size in a dimension that is not -1, a wrong dtype.
"""

from __future__ import annotations

import os
import struct
import tokenize
import warnings
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

import numpy as np

from pirc.diagnostics import Diagnostic, Location, PircError
from pirc.dialects.opdef import DTYPE_TO_NUMPY
from pirc.ir.core import Operation
from pirc.ir.types import DenseTensorType, Type
from pirc.runtime.errors import FeedError


@dataclass(slots=True)
class InputSpec:
    """One declared input: a feed (data/feed op) or a parameter."""

    name: str
    op: Operation
    dtype: str | None  # Paddle DataType name; None: unknown (accept any)
    shape: tuple[int, ...] | None  # -1 = any size; None: unknown rank
    type_text: str

    @property
    def loc(self) -> Location | None:
        return self.op.loc

    def describe(self) -> str:
        return self.type_text


def _from_type(t: Type) -> tuple[str | None, tuple[int, ...] | None, str]:
    if isinstance(t, DenseTensorType):
        return t.dtype, tuple(t.dims), t.text
    return None, None, t.text


def feed_spec(op: Operation) -> InputSpec:
    """What a pd_op.data / pd_op.feed op expects (its attributes, else its result type)."""
    attrs = op.attrs.values()
    name = attrs.get("name")
    dtype, shape, text = _from_type(op.results[0].type) if op.results else (None, None, "?")
    a_shape = attrs.get("shape")
    if isinstance(a_shape, list) and all(isinstance(d, int) for d in a_shape):
        shape = tuple(a_shape)
    a_dtype = attrs.get("dtype")
    if isinstance(a_dtype, str) and a_dtype in DTYPE_TO_NUMPY:
        dtype = a_dtype
    return InputSpec(str(name), op, dtype, shape, text)


def param_spec(op: Operation) -> InputSpec:
    dtype, shape, text = _from_type(op.results[0].type)
    return InputSpec(str(op.attr("parameter_name")), op, dtype, shape, text)


def _dtype_name(a: np.ndarray) -> str:
    return a.dtype.name if a.dtype != np.bool_ else "bool"


def _fmt_shape(shape: Sequence[int]) -> str:
    return "[" + ", ".join(str(d) for d in shape) + "]"


def check_array(spec: InputSpec, value: Any, what: str) -> np.ndarray:
    """The value as an ndarray if it fits ``spec``; a located FeedError otherwise.
    ``what`` is "feed" or "parameter"."""
    decl = "'pd_op.data'" if what == "feed" else "'builtin.parameter'"
    if not isinstance(value, np.ndarray):
        try:
            value = np.asarray(value)
        except Exception:  # noqa: BLE001
            raise FeedError(Diagnostic(
                "error", f"{what} '{spec.name}' is not an array (got {type(value).__name__})", spec.loc)) from None
        if value.dtype == object:
            raise FeedError(Diagnostic("error", f"{what} '{spec.name}' is not a numeric array", spec.loc))
    if spec.dtype is not None:
        want = np.dtype(DTYPE_TO_NUMPY[spec.dtype]) if spec.dtype in DTYPE_TO_NUMPY else None
        if want is not None and value.dtype != want:
            raise FeedError(Diagnostic(
                "error",
                f"{what} '{spec.name}' has dtype {_dtype_name(value)} but {decl} '{spec.name}' expects "
                f"{spec.dtype} ({spec.type_text})",
                spec.loc,
            ))
    if spec.shape is not None:
        got = value.shape
        if len(got) != len(spec.shape):
            raise FeedError(Diagnostic(
                "error",
                f"{what} '{spec.name}' has shape {_fmt_shape(got)} (rank {len(got)}) but {decl} '{spec.name}' "
                f"expects rank {len(spec.shape)}: shape {_fmt_shape(spec.shape)} ({spec.type_text})",
                spec.loc,
            ))
        for i, (g, w) in enumerate(zip(got, spec.shape, strict=True)):
            if w >= 0 and g != w:
                raise FeedError(Diagnostic(
                    "error",
                    f"{what} '{spec.name}' has shape {_fmt_shape(got)} but {decl} '{spec.name}' expects shape "
                    f"{_fmt_shape(spec.shape)} ({spec.type_text}): dimension {i} must be {w}, got {g}",
                    spec.loc,
                ))
    return value


def check_feed_names(specs: Sequence[InputSpec], feeds: Mapping[str, Any]) -> None:
    """Every declared input fed, nothing else fed."""
    names = {s.name for s in specs}
    extra = [n for n in feeds if n not in names]
    if extra:
        inputs = ", ".join(f"'{s.name}' ({s.type_text})" for s in specs) or "none"
        d = Diagnostic(
            "error",
            f"feed '{extra[0]}' is not an input of the program (its inputs: {inputs})"
            if len(extra) == 1 else
            f"feeds {', '.join(repr(e) for e in extra)} are not inputs of the program (its inputs: {inputs})",
        )
        for s in specs:
            d.note(f"input '{s.name}' is declared here", s.loc)
        raise FeedError(d)
    seen: set[str] = set()
    for s in specs:
        if s.name in seen:
            continue
        seen.add(s.name)
        if s.name not in feeds:
            raise FeedError(Diagnostic(
                "error",
                f"no feed for input '{s.name}': '{s.op.name}' '{s.name}' expects {s.dtype or 'a tensor'} with shape "
                f"{_fmt_shape(s.shape) if s.shape is not None else '?'} ({s.type_text})",
                s.loc,
            ))


def non_persistable_default(spec: InputSpec) -> np.ndarray | None:
    """The value of a parameter that an export marks non-persistable (``persistable:[false]``: a
    buffer a kernel creates, such as an rnn's dropout state, which ``.pdiparams`` does not hold)
    when none is given: zeros of its static type, as Paddle's executor creates it.  None for
    every other parameter."""
    from pirc.dialects.opdef import DTYPE_TO_NUMPY

    p = spec.op.attr("persistable")
    flag = p[0] if isinstance(p, (list, tuple)) and p else p
    if flag is not False or spec.shape is None or any(d < 0 for d in spec.shape):
        return None
    dt = DTYPE_TO_NUMPY.get(spec.dtype or "")
    return np.zeros(spec.shape, dtype=dt) if dt is not None else None


def missing_parameter(spec: InputSpec) -> FeedError:
    return FeedError(Diagnostic(
        "error",
        f"no value for parameter '{spec.name}': 'builtin.parameter' expects {spec.type_text} "
        f"(give the parameters with --params)",
        spec.loc,
    ))


# --------------------------------------------------------------------------------
# reading .npy / .npz files
# --------------------------------------------------------------------------------

#: the arrays of one feed or parameter file together may not claim more bytes than this
MAX_FEED_BYTES = int(os.environ.get("PIRC_MAX_FEED_BYTES", str(16 << 30)))


class _BadFeed(Exception):
    pass


def _read_npy(f: BinaryIO, available: int | None) -> np.ndarray:
    """One .npy stream, checked before any large allocation: numeric dtype, no pickled objects,
    a shape whose byte size the stream can hold."""
    from numpy.lib import format as fmt

    try:
        with warnings.catch_warnings():  # a Python 2 header is read all the same
            warnings.simplefilter("ignore")
            version, shape, fortran, dtype = _read_header(fmt, f)
    except (ValueError, SyntaxError, TypeError, EOFError, OverflowError, tokenize.TokenError, MemoryError) as e:
        raise _BadFeed(f"not a .npy array ({e})") from None
    return _read_body(f, shape, fortran, dtype, available)


def _read_header(fmt: Any, f: BinaryIO) -> tuple[Any, ...]:
    version = fmt.read_magic(f)
    if version == (1, 0):
        shape, fortran, dtype = fmt.read_array_header_1_0(f, max_header_size=10000)
    elif version == (2, 0):
        shape, fortran, dtype = fmt.read_array_header_2_0(f, max_header_size=10000)
    else:
        raise ValueError(f"unsupported .npy format version {version[0]}.{version[1]}")
    return version, shape, fortran, dtype


def _read_body(f: BinaryIO, shape: tuple[int, ...], fortran: bool, dtype: np.dtype, available: int | None) -> np.ndarray:
    if dtype.hasobject or dtype.kind not in "biufc" or dtype.fields is not None:
        raise _BadFeed(f"arrays of dtype {dtype} are not supported (numeric dtypes only)")
    if len(shape) > 32:
        raise _BadFeed(f"the array has {len(shape)} dimensions (at most 32 are supported)")
    count = 1
    span = 1  # numpy needs the product of the non-zero dims to fit in an index too
    for d in shape:
        if not isinstance(d, int) or d < 0:
            raise _BadFeed(f"bad shape {str(shape)[:60]} in the array header")
        count *= d
        span *= max(d, 1)
    if span >= 1 << 62:
        raise _BadFeed(f"the shape {str(shape)[:60]} is too large")
    nbytes = count * dtype.itemsize
    if nbytes > MAX_FEED_BYTES:
        raise _BadFeed(f"the array claims {nbytes} bytes, more than the limit of {MAX_FEED_BYTES} "
                       "(PIRC_MAX_FEED_BYTES)")
    if available is not None and nbytes > available:
        raise _BadFeed(f"the array claims {nbytes} bytes of data but only {available} follow its header")
    try:
        data = f.read(nbytes)
    except (zlib.error, OSError, EOFError) as e:
        raise _BadFeed(f"cannot read the array's data ({type(e).__name__}: {e})") from None
    if len(data) != nbytes:
        raise _BadFeed(f"the array's data is truncated ({len(data)} of {nbytes} bytes)")
    arr = np.frombuffer(data, dtype=dtype).copy()
    return arr.reshape(shape[::-1]).transpose() if fortran else arr.reshape(shape)


#: what the zipfile module raises on a damaged archive (besides its own BadZipFile)
_ZIP_ERRORS = (zlib.error, ValueError, OSError, EOFError, NotImplementedError, IndexError, KeyError, OverflowError,
               struct.error, RuntimeError)


def _read_npz(f: BinaryIO) -> dict[str, np.ndarray]:
    import zipfile

    errors = (zipfile.BadZipFile, *_ZIP_ERRORS)
    try:
        z = zipfile.ZipFile(f)
    except errors as e:
        raise _BadFeed(f"not an .npz archive ({type(e).__name__}: {e})") from None
    out: dict[str, np.ndarray] = {}
    total = 0
    with z:
        for info in z.infolist():
            name = info.filename[:-4] if info.filename.endswith(".npy") else info.filename
            if not info.filename or info.filename.endswith("/"):
                continue
            if info.flag_bits & 0x1:
                raise _BadFeed(f"member '{info.filename}' is encrypted")
            total += info.file_size
            if total > MAX_FEED_BYTES:
                raise _BadFeed(f"the archive claims more than {MAX_FEED_BYTES} bytes (PIRC_MAX_FEED_BYTES)")
            try:
                with z.open(info) as member:
                    arr = _read_npy(member, info.file_size)  # type: ignore[arg-type]
            except _BadFeed as e:
                raise _BadFeed(f"member '{info.filename}': {e}") from None
            except errors as e:
                raise _BadFeed(f"member '{info.filename}': {type(e).__name__}: {e}") from None
            if name in out:
                raise _BadFeed(f"the archive holds '{name}' twice")
            out[name] = arr
    return out


def read_feed_file(source: str | BinaryIO, name: str | None = None) -> dict[str, np.ndarray]:
    """The arrays of a ``.npy`` (one array, named ``""``) or ``.npz`` file, told apart by content.

    ``source`` is a path or a binary file object.  Only regular files are read (a FIFO or device
    is refused without blocking), no pickled objects, and no allocation larger than what the file
    holds (or ``PIRC_MAX_FEED_BYTES``).  Every problem is a :class:`PircError` naming the file."""
    from pirc.fileio import open_regular

    shown = name or (source if isinstance(source, str) else "<input>")
    try:
        if isinstance(source, str):
            with open_regular(source) as f:
                return _read_feed_stream(f)
        return _read_feed_stream(source)
    except _BadFeed as e:
        raise PircError(Diagnostic("error", f"cannot read '{shown}': {e}")) from None
    except MemoryError:
        raise PircError(Diagnostic("error", f"cannot read '{shown}': out of memory")) from None


def _read_feed_stream(f: BinaryIO) -> dict[str, np.ndarray]:
    head = f.read(6)
    f.seek(0)
    if head[:2] == b"PK":
        return _read_npz(f)
    if head == b"\x93NUMPY":
        f.seek(0, 2)
        size = f.tell()
        f.seek(0)
        arr = _read_npy(f, None)
        if f.tell() > size:
            raise _BadFeed("truncated")
        return {"": arr}
    raise _BadFeed("neither a .npy array nor an .npz archive")


__all__ = ["InputSpec", "feed_spec", "param_spec", "check_array", "check_feed_names", "missing_parameter",
           "read_feed_file", "MAX_FEED_BYTES"]
