"""Reader and writer for Paddle's combined parameter file (``.pdiparams``).

A ``.pdiparams`` file written by ``save_inference_model`` (a ``save_combine``
op in the legacy API, ``core.save_combine_func`` in the PIR API; both give
identical bytes for the same tensors) is a plain concatenation of tensor
records.  There is no file header, no variable names, no count and no
padding.  Each record is the legacy DenseTensor stream
(``SerializeToStream`` / ``TensorToStream`` in Paddle), little-endian::

    uint32   version            DenseTensor version, always 0
    uint64   lod_level          number of LoD levels (0 for parameters)
    repeat lod_level times:
      uint64 nbytes             byte size of this level
      uint64 offsets[nbytes/8]  the level's offsets (size_t)
    uint32   tensor_version     always 0
    int32    desc_size          byte size of the following TensorDesc
    bytes    desc[desc_size]    VarType.TensorDesc protobuf (data_type, dims)
    bytes    data               prod(dims) * itemsize raw bytes, C order

Verified against every ``model.pdiparams`` of tests/translate/corpus (Paddle
3.3.1): e.g. a float32 ``[16]`` bias starts ``00000000 0000000000000000
00000000 04000000 08051010`` then 64 data bytes; the TensorDesc is encoded
with non-packed ``dims`` (proto2 ``repeated int64``), exactly what
:mod:`pirc.translate.framework_pb2` produces, so :func:`encode_tensor`
reproduces the files byte for byte.

**Order of the records.**  The names are not stored; the loader must know
the order.  Paddle saves (``paddle.static.io.save_vars``,
``paddle.static.pir_io.save_vars_pir``) and loads (``load_vars``,
``load_combine``) the variables in ``sorted()`` order of their names
(Python string order, i.e. by Unicode code point), where the variables are,
for a legacy ProgramDesc, every ``persistable`` VarDesc of *all* blocks whose
type is not ``FEED_MINIBATCH``, ``FETCH_LIST``, ``READER`` or ``RAW``
(``paddle.framework.io_utils.is_persistable``), counted once per name.
For a PIR program it is the sorted names of the ``builtin.parameter`` ops
plus persistable ``pd_op.data`` values.  :func:`persistable_names`
implements the ProgramDesc rule; every corpus file is checked against it.

Data types map to numpy as in :data:`NUMPY_DTYPES`.  numpy has no bfloat16
or float8: BF16 tensors are returned as ``uint16`` and FP8 tensors as
``uint8`` holding the raw bits (``TensorRecord.data_type`` keeps the real
type; pass ``data_type=`` to :func:`encode_tensor` to write them back).
"""

from __future__ import annotations

import os
import struct
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Mapping, Sequence

import numpy as np

from . import framework_pb2

__all__ = [
    "NUMPY_DTYPES",
    "TensorRecord",
    "PdiparamsError",
    "read_tensor",
    "iter_tensors",
    "read_combined",
    "persistable_names",
    "read_params_by_names",
    "load_program_params",
    "encode_tensor",
    "encode_combined",
    "save_program_params",
    "numpy_dtype",
    "var_type_for",
]

_T = framework_pb2.VarType

#: VarType.Type value -> numpy dtype of the returned array
NUMPY_DTYPES = {
    _T.BOOL: np.dtype(np.bool_),
    _T.INT16: np.dtype(np.int16),
    _T.INT32: np.dtype(np.int32),
    _T.INT64: np.dtype(np.int64),
    _T.FP16: np.dtype(np.float16),
    _T.FP32: np.dtype(np.float32),
    _T.FP64: np.dtype(np.float64),
    _T.SIZE_T: np.dtype(np.uint64),
    _T.UINT8: np.dtype(np.uint8),
    _T.INT8: np.dtype(np.int8),
    _T.BF16: np.dtype(np.uint16),  # raw bfloat16 bits
    _T.COMPLEX64: np.dtype(np.complex64),
    _T.COMPLEX128: np.dtype(np.complex128),
    _T.FP8_E4M3FN: np.dtype(np.uint8),  # raw bits
    _T.FP8_E5M2: np.dtype(np.uint8),  # raw bits
    _T.UINT16: np.dtype(np.uint16),
    _T.UINT32: np.dtype(np.uint32),
    _T.UINT64: np.dtype(np.uint64),
}

#: numpy dtype -> VarType.Type value used when writing
_VAR_TYPES = {
    np.dtype(np.bool_): _T.BOOL,
    np.dtype(np.int16): _T.INT16,
    np.dtype(np.int32): _T.INT32,
    np.dtype(np.int64): _T.INT64,
    np.dtype(np.float16): _T.FP16,
    np.dtype(np.float32): _T.FP32,
    np.dtype(np.float64): _T.FP64,
    np.dtype(np.uint8): _T.UINT8,
    np.dtype(np.int8): _T.INT8,
    np.dtype(np.complex64): _T.COMPLEX64,
    np.dtype(np.complex128): _T.COMPLEX128,
    np.dtype(np.uint16): _T.UINT16,
    np.dtype(np.uint32): _T.UINT32,
    np.dtype(np.uint64): _T.UINT64,
}

# variable types that are never saved (paddle.framework.io_utils.is_persistable
# excludes the first three, save_vars skips RAW)
_NOT_SAVED = {_T.FEED_MINIBATCH, _T.FETCH_LIST, _T.READER, _T.RAW}

_U32 = struct.Struct("<I")
_U64 = struct.Struct("<Q")
_I32 = struct.Struct("<i")


class PdiparamsError(ValueError):
    pass


def numpy_dtype(data_type: int) -> np.dtype:
    try:
        return NUMPY_DTYPES[data_type]
    except KeyError:
        raise PdiparamsError(f"unsupported tensor data type {_T.Type.Name(data_type)}") from None


def _native(dtype) -> np.dtype:
    dt = np.dtype(dtype)
    return dt.newbyteorder("=") if dt.byteorder in "<>" else dt


def var_type_for(dtype) -> int:
    """VarType.Type value for a numpy dtype."""
    dt = _native(dtype)
    try:
        return _VAR_TYPES[dt]
    except KeyError:
        raise PdiparamsError(f"no Paddle data type for numpy dtype {dt}") from None


@dataclass
class TensorRecord:
    """One tensor of a .pdiparams stream."""

    array: np.ndarray
    data_type: int  # framework_pb2.VarType.Type value
    dims: tuple
    lod: list = field(default_factory=list)  # list of lists of offsets
    offset: int = 0  # byte offset of the record in the stream
    size: int = 0  # byte size of the whole record

    @property
    def data_type_name(self) -> str:
        return _T.Type.Name(self.data_type)


def _take(buf, pos, n, what):
    end = pos + n
    if n < 0 or end > len(buf):
        raise PdiparamsError(f"truncated .pdiparams: need {n} bytes for {what} at offset {pos}, have {len(buf) - pos}")
    return end


def read_tensor(buf, offset: int = 0) -> tuple[TensorRecord, int]:
    """Decode the tensor record at ``offset``; returns (record, next offset)."""
    mv = memoryview(buf)
    pos = offset
    end = _take(mv, pos, 4, "version")
    (version,) = _U32.unpack_from(mv, pos)
    if version != 0:
        raise PdiparamsError(f"unsupported DenseTensor version {version} at offset {offset}")
    pos = end
    end = _take(mv, pos, 8, "lod level")
    (lod_level,) = _U64.unpack_from(mv, pos)
    pos = end
    lod = []
    for _ in range(lod_level):
        end = _take(mv, pos, 8, "lod size")
        (nbytes,) = _U64.unpack_from(mv, pos)
        pos = end
        if nbytes % 8:
            raise PdiparamsError(f"lod level byte size {nbytes} is not a multiple of 8")
        end = _take(mv, pos, nbytes, "lod data")
        lod.append(np.frombuffer(mv[pos:end], dtype="<u8").tolist())
        pos = end
    end = _take(mv, pos, 4, "tensor version")
    (tversion,) = _U32.unpack_from(mv, pos)
    if tversion != 0:
        raise PdiparamsError(f"unsupported tensor version {tversion} at offset {pos}")
    pos = end
    end = _take(mv, pos, 4, "TensorDesc size")
    (desc_size,) = _I32.unpack_from(mv, pos)
    pos = end
    end = _take(mv, pos, desc_size, "TensorDesc")
    desc = _T.TensorDesc.FromString(bytes(mv[pos:end]))
    pos = end
    dims = tuple(int(d) for d in desc.dims)
    if any(d < 0 for d in dims):
        raise PdiparamsError(f"negative dimension in stored tensor dims {dims}")
    dtype = numpy_dtype(desc.data_type)
    count = int(np.prod(dims, dtype=np.int64)) if dims else 1
    nbytes = count * dtype.itemsize
    end = _take(mv, pos, nbytes, "tensor data")
    arr = np.frombuffer(mv[pos:end], dtype=dtype.newbyteorder("<")).astype(dtype, copy=True).reshape(dims)
    rec = TensorRecord(arr, desc.data_type, dims, lod, offset, end - offset)
    return rec, end


def iter_tensors(data) -> Iterator[TensorRecord]:
    """Yield every tensor record of a combined stream, in file order."""
    pos = 0
    while pos < len(data):
        rec, pos = read_tensor(data, pos)
        yield rec


def read_combined(data) -> list[TensorRecord]:
    """All records of a combined ``.pdiparams`` stream (bytes or path)."""
    return list(iter_tensors(_as_bytes(data)))


def _as_bytes(data) -> bytes:
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    with open(os.fspath(data), "rb") as f:
        return f.read()


def persistable_names(program: "framework_pb2.ProgramDesc") -> list[str]:
    """Names of the variables a ProgramDesc's ``.pdiparams`` holds, in file
    order: persistable vars of all blocks, minus FEED_MINIBATCH / FETCH_LIST /
    READER / RAW vars, deduplicated, ``sorted()`` by name."""
    names = set()
    for block in program.blocks:
        for var in block.vars:
            if var.persistable and var.type.type not in _NOT_SAVED:
                names.add(var.name)
    return sorted(names)


def read_params_by_names(names: Sequence[str], data, *, strict: bool = True) -> dict[str, np.ndarray]:
    """Read ``len(names)`` records and key them by ``names`` (in that order).
    With ``strict``, trailing bytes are an error."""
    data = _as_bytes(data)
    out = {}
    pos = 0
    for name in names:
        if pos >= len(data):
            raise PdiparamsError(f"stream ended before tensor {name!r} ({len(out)} of {len(names)} read)")
        rec, pos = read_tensor(data, pos)
        out[name] = rec.array
    if strict and pos != len(data):
        raise PdiparamsError(f"{len(data) - pos} unread bytes after {len(names)} tensors")
    return out


def _dense_desc(var):
    t = var.type
    if t.type == _T.DENSE_TENSOR and t.HasField("dense_tensor"):
        return t.dense_tensor.tensor
    if t.type == _T.SELECTED_ROWS and t.HasField("selected_rows"):
        return t.selected_rows
    return None


def load_program_params(program: "framework_pb2.ProgramDesc", data, *, check: bool = True) -> dict[str, np.ndarray]:
    """Read a legacy program's ``.pdiparams`` (bytes or path) into
    ``{var name: array}`` using Paddle's ordering rule.  With ``check``, each
    tensor's dtype and dims must match its VarDesc (-1 dims match anything)."""
    names = persistable_names(program)
    params = read_params_by_names(names, data)
    if check:
        vars_by_name = {}
        for block in program.blocks:
            for var in block.vars:
                vars_by_name.setdefault(var.name, var)
        for name in names:
            desc = _dense_desc(vars_by_name[name])
            if desc is None:
                continue
            arr = params[name]
            want = NUMPY_DTYPES.get(desc.data_type)
            if want is not None and arr.dtype != want:
                raise PdiparamsError(f"{name}: stored dtype {arr.dtype} != VarDesc {_T.Type.Name(desc.data_type)}")
            dims = list(desc.dims)
            if len(dims) != arr.ndim or any(d not in (-1, s) for d, s in zip(dims, arr.shape)):
                raise PdiparamsError(f"{name}: stored shape {arr.shape} != VarDesc dims {dims}")
    return params


def encode_tensor(array, data_type: int | None = None, lod: Iterable[Iterable[int]] = ()) -> bytes:
    """Encode one tensor record (the inverse of :func:`read_tensor`)."""
    arr = np.asarray(array)
    if data_type is None:
        data_type = var_type_for(arr.dtype)
    dtype = numpy_dtype(data_type)
    if _native(arr.dtype) != dtype:
        raise PdiparamsError(f"array dtype {arr.dtype} does not match {_T.Type.Name(data_type)} ({dtype})")
    desc = _T.TensorDesc(data_type=data_type, dims=list(arr.shape))
    desc_bytes = desc.SerializeToString()
    parts = [_U32.pack(0)]
    lod = [list(level) for level in lod]
    parts.append(_U64.pack(len(lod)))
    for level in lod:
        raw = np.asarray(level, dtype="<u8").tobytes()
        parts.append(_U64.pack(len(raw)))
        parts.append(raw)
    parts.append(_U32.pack(0))
    parts.append(_I32.pack(len(desc_bytes)))
    parts.append(desc_bytes)
    parts.append(np.ascontiguousarray(arr, dtype=dtype.newbyteorder("<")).tobytes())
    return b"".join(parts)


def encode_combined(arrays: Iterable) -> bytes:
    """Concatenate tensor records.  Items are arrays or
    ``(array, data_type)`` / ``TensorRecord`` objects."""
    out = []
    for item in arrays:
        if isinstance(item, TensorRecord):
            out.append(encode_tensor(item.array, item.data_type, item.lod))
        elif isinstance(item, tuple):
            out.append(encode_tensor(*item))
        else:
            out.append(encode_tensor(item))
    return b"".join(out)


def save_program_params(program: "framework_pb2.ProgramDesc", params: Mapping[str, np.ndarray]) -> bytes:
    """Encode ``params`` as the ``.pdiparams`` of ``program`` (sorted
    persistable names; every one must be present)."""
    names = persistable_names(program)
    missing = [n for n in names if n not in params]
    if missing:
        raise PdiparamsError(f"missing values for persistable variables {missing}")
    return encode_combined(params[n] for n in names)
