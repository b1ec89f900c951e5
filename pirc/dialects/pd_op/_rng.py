"""Paddle's CPU random streams: ``std::mt19937_64`` and the libstdc++ distributions its kernels use.

Paddle 3.3.1's CPU random kernels draw from a ``std::mt19937_64`` engine: a fresh one seeded with
the op's ``seed`` attribute when it is nonzero (``engine.seed(seed)``), otherwise the process-wide
default CPU generator, which ``paddle.seed(s)`` seeds through ``std::seed_seq({s})`` (the low 32
bits of ``s``; from ``std::random_device`` when never seeded).  The values then go
through libstdc++'s distributions, which this module reproduces bit for bit in numpy:

* ``generate_canonical<T, digits>``: one engine draw (64 bits cover float's 24 and double's 53
  digits), converted to ``T`` with round-to-nearest and divided by 2^64 in ``T``; a result that
  rounds up to 1 becomes ``nextafter(1, 0)``.
* ``uniform_real_distribution<T>(a, b)``: ``canonical * (b - a) + a`` in ``T``.
* ``normal_distribution<T>(mean, std)``: Marsaglia's polar method; each accepted pair
  ``(x, y)`` (uniform in the unit disc, ``0 < r2 <= 1``) gives ``y * m`` and then ``x * m`` with
  ``m = sqrt(-2 log(r2) / r2)``, each scaled ``* std + mean`` in ``T``.  A distribution object
  lives for one kernel call, so an odd count drops the last pair's second value.

:data:`DEFAULT` is pirc's default CPU generator (what ``seed == 0`` ops and ``multinomial`` read);
:func:`manual_seed` is ``paddle.seed`` for it.  Draws from it are serialised by a lock; which of two
concurrently ready random ops draws first follows execution order, as in Paddle.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import threading

import numpy as np

_N, _M = 312, 156
_MATRIX_A = np.uint64(0xB5026F5AA96619E9)
_UPPER = np.uint64(0xFFFFFFFF80000000)
_LOWER = np.uint64(0x7FFFFFFF)
_MASK64 = (1 << 64) - 1
_TWO64 = 2.0**64


class MT19937_64:
    """``std::mt19937_64``: seeding, twisting and tempering as the C++ standard specifies."""

    __slots__ = ("_i", "_mt")

    def __init__(self, seed: int = 5489) -> None:
        self.seed(seed)

    def seed(self, seed: int) -> None:
        mt = [0] * _N
        mt[0] = seed & _MASK64
        for i in range(1, _N):
            prev = mt[i - 1]
            mt[i] = (6364136223846793005 * (prev ^ (prev >> 62)) + i) & _MASK64
        self._mt = np.array(mt, dtype=np.uint64)
        self._i = _N

    def seed_seq(self, values: list[int]) -> None:
        """``seed(std::seed_seq(values))``: the standard's seed_seq.generate over 624 words, two per state word."""
        words = _seed_seq_generate([v & 0xFFFFFFFF for v in values], 2 * _N)
        mt = [words[2 * i] | (words[2 * i + 1] << 32) for i in range(_N)]
        if not mt[0] & 0xFFFFFFFF80000000 and not any(mt[1:]):
            mt[0] = 1 << 63
        self._mt = np.array(mt, dtype=np.uint64)
        self._i = _N

    def _twist(self) -> None:
        mt = self._mt
        one = np.uint64(1)

        def mix(upper: np.ndarray, lower: np.ndarray, far: np.ndarray) -> np.ndarray:
            y = (upper & _UPPER) | (lower & _LOWER)
            return far ^ (y >> one) ^ np.where((y & one) != 0, _MATRIX_A, np.uint64(0))

        k = _N - _M
        mt[:k] = mix(mt[:k], mt[1:k + 1], mt[_M:])  # reads only words not yet rewritten
        mt[k:_N - 1] = mix(mt[k:_N - 1], mt[k + 1:], mt[:_M - 1])  # reads the words just rewritten
        mt[_N - 1] = mix(mt[_N - 1:], mt[:1], mt[_M - 1:_M])[0]
        self._i = 0

    def draw(self, n: int) -> np.ndarray:
        """The next ``n`` outputs (uint64)."""
        out = np.empty(n, dtype=np.uint64)
        done = 0
        while done < n:
            if self._i >= _N:
                self._twist()
            take = min(n - done, _N - self._i)
            out[done:done + take] = self._mt[self._i:self._i + take]
            self._i += take
            done += take
        y = out
        y ^= (y >> np.uint64(29)) & np.uint64(0x5555555555555555)
        y ^= (y << np.uint64(17)) & np.uint64(0x71D67FFFEDA60000)
        y ^= (y << np.uint64(37)) & np.uint64(0xFFF7EEE000000000)
        y ^= y >> np.uint64(43)
        return y

    def getstate(self) -> tuple[np.ndarray, int]:
        return self._mt.copy(), self._i

    def setstate(self, state: tuple[np.ndarray, int]) -> None:
        self._mt, self._i = state[0].copy(), state[1]


def _seed_seq_generate(v: list[int], n: int) -> list[int]:
    """``std::seed_seq(v).generate`` of ``n`` 32-bit words ([rand.util.seedseq])."""
    m32 = 0xFFFFFFFF
    out = [0x8B8B8B8B] * n
    s = len(v)
    t = 11 if n >= 623 else 7 if n >= 68 else 5 if n >= 39 else 3 if n >= 7 else (n - 1) // 2
    p = (n - t) // 2
    q = p + t
    m = max(s + 1, n)

    def mix(x: int) -> int:
        return x ^ (x >> 27)

    for k in range(m):
        r1 = (1664525 * mix(out[k % n] ^ out[(k + p) % n] ^ out[(k - 1) % n])) & m32
        r2 = (r1 + (s if k == 0 else (k % n + v[k - 1]) if k <= s else k % n)) & m32
        out[(k + p) % n] = (out[(k + p) % n] + r1) & m32
        out[(k + q) % n] = (out[(k + q) % n] + r2) & m32
        out[k % n] = r2
    for k in range(m, m + n):
        r3 = (1566083941 * mix((out[k % n] + out[(k + p) % n] + out[(k - 1) % n]) & m32)) & m32
        r4 = (r3 - k % n) & m32
        out[(k + p) % n] ^= r3
        out[(k + q) % n] ^= r4
        out[k % n] = r4
    return out


def canonical(raw: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """``generate_canonical<T>`` of engine outputs, in ``dtype`` (float32 or float64)."""
    v = raw.astype(dtype) / dtype.type(_TWO64)
    below_one = np.nextafter(dtype.type(1), dtype.type(0))
    return np.where(v >= 1, below_one, v).astype(dtype)


def uniform_real(engine: MT19937_64, n: int, low: float, high: float, dtype: np.dtype) -> np.ndarray:
    """``uniform_real_distribution<T>(low, high)`` drawn ``n`` times (``low``/``high`` already in T)."""
    a, b = dtype.type(low), dtype.type(high)
    return canonical(engine.draw(n), dtype) * (b - a) + a


def normal(engine: MT19937_64, n: int, mean: float, std: float, dtype: np.dtype) -> np.ndarray:
    """``normal_distribution<T>(mean, std)`` drawn ``n`` times, consuming exactly what libstdc++ does."""
    t = dtype.type
    pairs = (n + 1) // 2
    got_x: list[np.ndarray] = []
    got_y: list[np.ndarray] = []
    have = 0
    while have < pairs:
        state = engine.getstate()
        want = pairs - have
        batch = int(want * 1.3) + 16  # the polar method accepts pi/4 of the pairs
        u = canonical(engine.draw(2 * batch), dtype).reshape(batch, 2)
        x = t(2) * u[:, 0] - t(1)
        y = t(2) * u[:, 1] - t(1)
        r2 = x * x + y * y
        ok = np.flatnonzero((r2 <= 1) & (r2 != 0))
        if len(ok) > want:  # give back the draws after the last pair this call needs
            ok = ok[:want]
            engine.setstate(state)
            engine.draw(2 * (int(ok[-1]) + 1))
        got_x.append(x[ok])
        got_y.append(y[ok])
        have += len(ok)
    x = np.concatenate(got_x)
    y = np.concatenate(got_y)
    r2 = x * x + y * y
    log = c_log(r2)
    mult = np.sqrt(t(-2) * log / r2)
    out = np.empty(2 * pairs, dtype=dtype)
    out[0::2] = y * mult
    out[1::2] = x * mult
    return out[:n] * t(std) + t(mean)


def _libm() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("m")
    try:
        lib = ctypes.CDLL(name) if name else None
    except OSError:
        return None
    if lib is not None:
        lib.logf.restype, lib.logf.argtypes = ctypes.c_float, [ctypes.c_float]
        lib.log.restype, lib.log.argtypes = ctypes.c_double, [ctypes.c_double]
    return lib


_LIBM = _libm()


def c_log(x: np.ndarray) -> np.ndarray:
    """``std::log`` of float32 / float64 values as the C library computes it.

    glibc's ``logf`` is not correctly rounded (its result can differ from the correctly rounded
    one when the exact logarithm lies within about 0.3 ulp of a rounding boundary; ``log`` within
    0.02 ulp), so values near a boundary -- measured against a wider logarithm -- are computed by
    calling the C library itself; the rest are the correctly rounded values, which it returns too.
    Without a loadable C math library every value is the correctly rounded one."""
    f32 = x.dtype == np.float32
    wide = np.log(x.astype(np.float64 if f32 else np.longdouble))
    out = wide.astype(x.dtype)
    if _LIBM is None or x.size == 0:
        return out
    with np.errstate(invalid="ignore"):
        dist = np.abs((out.astype(wide.dtype) - wide) / np.spacing(out).astype(wide.dtype))
    near = np.flatnonzero(~(dist < (0.15 if f32 else 0.45)))
    fn = _LIBM.logf if f32 else _LIBM.log
    flat = x.reshape(-1)
    res = out.reshape(-1)
    for i in near:
        res[i] = fn(float(flat[i]))
    return res.reshape(x.shape)


class Generator:
    """A CPU generator: one engine, shared by the ops that read it, drawn from under a lock."""

    def __init__(self, seed: int | None = None) -> None:
        self.lock = threading.Lock()
        self.engine = MT19937_64()
        self.manual_seed(int.from_bytes(os.urandom(8), "little") if seed is None else seed)

    def manual_seed(self, seed: int) -> None:
        with self.lock:
            self.initial_seed = seed & _MASK64
            self.engine.seed_seq([self.initial_seed])


#: the default CPU generator (Paddle's ``DefaultCPUGenerator``)
DEFAULT = Generator()


def manual_seed(seed: int) -> None:
    """``paddle.seed(seed)`` for pirc's default CPU generator."""
    DEFAULT.manual_seed(seed)
