"""The helper functions generated sources start with, for C (system compiler) and CUDA (NVRTC).

NVRTC has no system headers, so under NVRTC (``__CUDACC_RTC__``) the CUDA prelude
defines the fixed-width integer types itself (nvcc and the CPU emulation include
``<stdint.h>``, which already declares them) and uses only CUDA builtins (``expf``, ``__float_as_uint``,
``__shfl_xor_sync``...).  The C prelude includes ``<math.h>``, ``<stdint.h>`` and
``<stdlib.h>``.

Helpers are emitted only when the generated code uses them (``Prelude.use``), in
a fixed order, so the output stays small and deterministic.  Every helper is a
static inline (``__device__ __forceinline__``) function with a ``pirc_`` name.

Semantics follow the AST evaluator (numpy), not C, where the two differ:

* integer ``/`` and ``%`` by zero give 0 instead of trapping (``pirc_div_*``,
  ``pirc_mod_*``); ``INT_MIN / -1`` wraps;
* float ``min`` / ``max`` propagate NaN (``np.minimum`` / ``np.maximum``);
* float16 values are computed in float and rounded to half after every
  operation (numpy float16 arithmetic); bfloat16 values are rounded on cast and
  store (the evaluator holds bfloat16 in float32);
* ``remainder`` takes the divisor's sign (``np.remainder``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# integer helper suffixes -> C type
INT_TYPES = {
    "i8": "int8_t", "i16": "int16_t", "i32": "int32_t", "i64": "int64_t",
    "u8": "uint8_t", "u16": "uint16_t", "u32": "uint32_t", "u64": "uint64_t",
}
FLOAT_TYPES = {"f32": "float", "f64": "double"}


def _int_helpers() -> dict[str, tuple[tuple[str, ...], str]]:
    out: dict[str, tuple[tuple[str, ...], str]] = {}
    for sfx, ct in INT_TYPES.items():
        signed = sfx.startswith("i")
        if signed:
            div = (f"PIRC_FN {ct} pirc_div_{sfx}({ct} a, {ct} b) {{ "
                   f"return b == 0 ? ({ct})0 : (b == -1 ? ({ct})(0 - ({_unsigned(ct)})a) : ({ct})(a / b)); }}")
            mod = (f"PIRC_FN {ct} pirc_mod_{sfx}({ct} a, {ct} b) {{ "
                   f"return (b == 0 || b == -1) ? ({ct})0 : ({ct})(a % b); }}")
            rem = (f"PIRC_FN {ct} pirc_rem_{sfx}({ct} a, {ct} b) {{ {ct} r = pirc_mod_{sfx}(a, b); "
                   f"return (r != 0 && ((r < 0) != (b < 0))) ? ({ct})(r + b) : r; }}")
            absf = f"PIRC_FN {ct} pirc_abs_{sfx}({ct} a) {{ return a < 0 ? ({ct})(0 - ({_unsigned(ct)})a) : a; }}"
            sign = f"PIRC_FN {ct} pirc_sign_{sfx}({ct} a) {{ return ({ct})((a > 0) - (a < 0)); }}"
            out[f"pirc_rem_{sfx}"] = ((f"pirc_mod_{sfx}",), rem)
        else:
            div = f"PIRC_FN {ct} pirc_div_{sfx}({ct} a, {ct} b) {{ return b == 0 ? ({ct})0 : ({ct})(a / b); }}"
            mod = f"PIRC_FN {ct} pirc_mod_{sfx}({ct} a, {ct} b) {{ return b == 0 ? ({ct})0 : ({ct})(a % b); }}"
            absf = f"PIRC_FN {ct} pirc_abs_{sfx}({ct} a) {{ return a; }}"
            sign = f"PIRC_FN {ct} pirc_sign_{sfx}({ct} a) {{ return ({ct})(a > 0); }}"
            out[f"pirc_rem_{sfx}"] = ((f"pirc_mod_{sfx}",), (f"PIRC_FN {ct} pirc_rem_{sfx}({ct} a, {ct} b) "
                                                        f"{{ return pirc_mod_{sfx}(a, b); }}"))
        out[f"pirc_div_{sfx}"] = ((), div)
        out[f"pirc_mod_{sfx}"] = ((), mod)
        out[f"pirc_abs_{sfx}"] = ((), absf)
        out[f"pirc_sign_{sfx}"] = ((), sign)
        out[f"pirc_min_{sfx}"] = ((), f"PIRC_FN {ct} pirc_min_{sfx}({ct} a, {ct} b) {{ return a < b ? a : b; }}")
        out[f"pirc_max_{sfx}"] = ((), f"PIRC_FN {ct} pirc_max_{sfx}({ct} a, {ct} b) {{ return a > b ? a : b; }}")
    return out


def _unsigned(ct: str) -> str:
    return "u" + ct if not ct.startswith("u") else ct


def _float_helpers() -> dict[str, tuple[tuple[str, ...], str]]:
    out: dict[str, tuple[tuple[str, ...], str]] = {}
    for sfx, ct in FLOAT_TYPES.items():
        f = "f" if sfx == "f32" else ""
        # NaN-propagating, like np.minimum / np.maximum: a if a is NaN, else b if b is NaN or they tie
        # (+-0), else the smaller / larger.  Written as the ordered min / max (`a < b ? a : b` is one
        # vminps, which gives b for a NaN or a tie) and one select on `a != a`: a chain of two
        # instructions through an accumulator `a` instead of two compares, an or and a blend
        for op, cmp in (("min", "<"), ("max", ">")):
            out[f"pirc_{op}_{sfx}"] = ((), f"PIRC_FN {ct} pirc_{op}_{sfx}({ct} a, {ct} b) "
                                           f"{{ {ct} m = a {cmp} b ? a : b; return a != a ? a : m; }}")
        out[f"pirc_isnan_{sfx}"] = ((), f"PIRC_FN int pirc_isnan_{sfx}({ct} a) {{ return a != a; }}")
        out[f"pirc_isinf_{sfx}"] = ((), f"PIRC_FN int pirc_isinf_{sfx}({ct} a) {{ return a == a && (a - a) != (a - a); }}")
        out[f"pirc_isfinite_{sfx}"] = ((), f"PIRC_FN int pirc_isfinite_{sfx}({ct} a) {{ return (a - a) == (a - a); }}")
        out[f"pirc_sign_{sfx}"] = ((), (f"PIRC_FN {ct} pirc_sign_{sfx}({ct} a) {{ "
                                       f"return a != a ? a : ({ct})((a > 0) - (a < 0)); }}"))
        out[f"pirc_rem_{sfx}"] = ((), (f"PIRC_FN {ct} pirc_rem_{sfx}({ct} a, {ct} b) {{ {ct} r = fmod{f}(a, b); "
                                      f"return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r; }}"))
        out[f"pirc_round_{sfx}"] = ((), (f"PIRC_FN {ct} pirc_round_{sfx}({ct} a) {{ "
                                        f"return a < 0 ? -floor{f}(-a + ({ct})0.5) : floor{f}(a + ({ct})0.5); }}"))
    return out


_BITS = {
    "pirc_bits_f32": ((), "PIRC_FN uint32_t pirc_bits_f32(float f) { PIRC_F32_TO_BITS }"),
    "pirc_f32_from_bits": ((), "PIRC_FN float pirc_f32_from_bits(uint32_t u) { PIRC_BITS_TO_F32 }"),
    "pirc_f64_from_bits": ((), "PIRC_FN double pirc_f64_from_bits(uint64_t u) { PIRC_BITS_TO_F64 }"),
}

_HALF = {
    # branch-free, so that a loop converting halves vectorises: the exponent and mantissa moved
    # into a float32 and scaled by 2^112 (exact for normal and subnormal halves alike), the
    # all-ones exponent for infinities and NaNs (payload kept), then the sign
    "pirc_h2f": (("pirc_f32_from_bits", "pirc_bits_f32"), """PIRC_FN float pirc_h2f(uint16_t h) {
  float f = pirc_f32_from_bits(((uint32_t)(h & 0x7fffu)) << 13) * pirc_f32_from_bits(0x77800000u);
  uint32_t u = pirc_bits_f32(f) | (f >= 65536.0f ? 0x7f800000u : 0u);
  return pirc_f32_from_bits(u | (((uint32_t)(h & 0x8000u)) << 16));
}"""),
    "pirc_f2h": (("pirc_bits_f32",), """PIRC_FN uint16_t pirc_f2h(float f) {
  uint32_t x = pirc_bits_f32(f), sign = (x >> 16) & 0x8000u, a = x & 0x7fffffffu, r, rem, half;
  if (a >= 0x7f800000u) return (uint16_t)(sign | (a > 0x7f800000u ? 0x7e00u : 0x7c00u));
  if (a >= 0x477ff000u) return (uint16_t)(sign | 0x7c00u);
  if (a < 0x38800000u) {
    uint32_t m, shift;
    if (a <= 0x33000000u) return (uint16_t)sign;
    m = (a & 0x7fffffu) | 0x800000u;
    shift = 126u - (a >> 23);
    r = m >> shift; rem = m & ((1u << shift) - 1u); half = 1u << (shift - 1u);
    if (rem > half || (rem == half && (r & 1u))) r++;
    return (uint16_t)(sign | r);
  }
  r = (a - 0x38000000u) >> 13; rem = a & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (r & 1u))) r++;
  return (uint16_t)(sign | r);
}"""),
    # C only (pirc/cinn/schedule/half_rows.py): n halves to floats, with the F16C conversion
    # instruction where the target has it (GCC 12 does not vectorise a conversion to it).  The
    # instruction quiets a signalling NaN (sets the top mantissa bit) where numpy and pirc_h2f keep
    # the payload as it is, so a row with any NaN is converted again by pirc_h2f (rare: one compare
    # per vector otherwise)
    # the vector types of the half-row helpers below (C only)
    "pirc_half_vectors": ((), """#if defined(__GNUC__) && (defined(__AVX512F__) || defined(__F16C__))
typedef short pirc_v8hi __attribute__((vector_size(16)));
typedef int pirc_v8si __attribute__((vector_size(32)));
typedef float pirc_v8sf __attribute__((vector_size(32)));
#endif
#if defined(__GNUC__) && defined(__AVX512F__)
typedef short pirc_v16hi __attribute__((vector_size(32)));
typedef int pirc_v16si __attribute__((vector_size(64)));
typedef float pirc_v16sf __attribute__((vector_size(64)));
#endif"""),
    "pirc_h2f_row": (("pirc_h2f", "pirc_half_vectors"), """PIRC_FN void pirc_h2f_row(const uint16_t* restrict h, float* restrict f, int64_t n) {
  int64_t i = 0;
#if defined(__GNUC__) && (defined(__AVX512F__) || defined(__F16C__))
  pirc_v8si nan = {0};
  int k;
#endif
#if defined(__GNUC__) && defined(__AVX512F__)
  pirc_v16si nan16 = {0};
  for (; i + 16 <= n; i += 16) {
    pirc_v16hi x;
    pirc_v16sf y;
    __builtin_memcpy(&x, h + i, sizeof x);
    y = __builtin_ia32_vcvtph2ps512_mask(x, (pirc_v16sf){0}, (unsigned short)0xffffu, 4);
    nan16 |= y != y;
    __builtin_memcpy(f + i, &y, sizeof y);
  }
  for (k = 0; k < 8; k++) nan[k] = nan16[k] | nan16[k + 8];
#endif
#if defined(__GNUC__) && (defined(__AVX512F__) || defined(__F16C__))
  for (; i + 8 <= n; i += 8) {
    pirc_v8hi x;
    pirc_v8sf y;
    __builtin_memcpy(&x, h + i, sizeof x);
    y = __builtin_ia32_vcvtph2ps256(x);
    nan |= y != y;
    __builtin_memcpy(f + i, &y, sizeof y);
  }
  for (k = 1; k < 8; k++) nan[0] |= nan[k];
  if (nan[0]) i = 0;
#endif
  for (; i < n; i++) f[i] = pirc_h2f(h[i]);
}"""),
    # C only (pirc/cinn/schedule/half_rows.py): a[i] = a[i] + (float)h[i], the conversion with F16C
    # on AVX-512 targets (a NaN comes out of the add quieted either way: the same bits as pirc_h2f)
    "pirc_add_h2f_row": (("pirc_h2f", "pirc_half_vectors"), """PIRC_FN void pirc_add_h2f_row(float* restrict a, const uint16_t* restrict h, int64_t n) {
  int64_t i = 0;
#if defined(__GNUC__) && defined(__AVX512F__)
  pirc_v16hi x;
  pirc_v16sf s, z = {0};
  for (; i + 16 <= n; i += 16) {
    __builtin_memcpy(&x, h + i, sizeof x);
    __builtin_memcpy(&s, a + i, sizeof s);
    s = s + __builtin_ia32_vcvtph2ps512_mask(x, z, (unsigned short)0xffffu, 4);
    __builtin_memcpy(a + i, &s, sizeof s);
  }
#endif
  for (; i < n; i++) a[i] = a[i] + pirc_h2f(h[i]);
}"""),
    # C only (pirc/cinn/schedule/half_rows.py): acc plus the sum of n halves, in an order of its
    # own that every target keeps: 64 partial sums (p[j]: the halves j, j + 64, j + 128... of the
    # whole blocks of 64), folded to 16 as (p[j] + p[j + 16]) + (p[j + 32] + p[j + 48]), then halved
    # as p[j] + p[j + 8], p[j] + p[j + 4], p[j] + p[j + 2], p[0] + p[1]; acc plus that, then plus the
    # last n % 64 halves one by one.  The partial sums are independent chains (the conversions overlap
    # the adds); on AVX-512 they are four vectors of 16
    "pirc_sum_h2f_row": (("pirc_h2f", "pirc_half_vectors"), """PIRC_FN float pirc_sum_h2f_row(const uint16_t* restrict h, int64_t n, float acc) {
  float p[16];
  int64_t i = 0, m = n - n % 64;
  int j;
#if defined(__GNUC__) && defined(__AVX512F__)
  pirc_v16hi x0, x1, x2, x3;
  pirc_v16sf s0 = {0}, s1 = {0}, s2 = {0}, s3 = {0}, z = {0};
#pragma GCC unroll 2
  for (; i < m; i += 64) {
    __builtin_memcpy(&x0, h + i, sizeof x0);
    __builtin_memcpy(&x1, h + i + 16, sizeof x1);
    __builtin_memcpy(&x2, h + i + 32, sizeof x2);
    __builtin_memcpy(&x3, h + i + 48, sizeof x3);
    s0 += __builtin_ia32_vcvtph2ps512_mask(x0, z, (unsigned short)0xffffu, 4);
    s1 += __builtin_ia32_vcvtph2ps512_mask(x1, z, (unsigned short)0xffffu, 4);
    s2 += __builtin_ia32_vcvtph2ps512_mask(x2, z, (unsigned short)0xffffu, 4);
    s3 += __builtin_ia32_vcvtph2ps512_mask(x3, z, (unsigned short)0xffffu, 4);
  }
  s0 = (s0 + s1) + (s2 + s3);
  __builtin_memcpy(p, &s0, sizeof s0);
#else
  float q[64];
  for (j = 0; j < 64; j++) q[j] = 0.0f;
  for (; i < m; i += 64)
    for (j = 0; j < 64; j++) q[j] = q[j] + pirc_h2f(h[i + j]);
  for (j = 0; j < 16; j++) p[j] = (q[j] + q[j + 16]) + (q[j + 32] + q[j + 48]);
#endif
  for (j = 0; j < 8; j++) p[j] = p[j] + p[j + 8];
  for (j = 0; j < 4; j++) p[j] = p[j] + p[j + 4];
  for (j = 0; j < 2; j++) p[j] = p[j] + p[j + 2];
  acc = acc + (p[0] + p[1]);
  for (; i < n; i++) acc = acc + pirc_h2f(h[i]);
  return acc;
}"""),
    "pirc_round_f16": (("pirc_h2f", "pirc_f2h"), "PIRC_FN float pirc_round_f16(float f) { return pirc_h2f(pirc_f2h(f)); }"),
    "pirc_round_bf16": (("pirc_bits_f32", "pirc_f32_from_bits"), """PIRC_FN float pirc_round_bf16(float f) {
  uint32_t x = pirc_bits_f32(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return f;
  return pirc_f32_from_bits((x + 0x7fffu + ((x >> 16) & 1u)) & 0xffff0000u);
}"""),
    "pirc_bf2f": (("pirc_f32_from_bits",), "PIRC_FN float pirc_bf2f(uint16_t h) { return pirc_f32_from_bits(((uint32_t)h) << 16); }"),
    "pirc_f2bf": (("pirc_round_bf16", "pirc_bits_f32"),
                  "PIRC_FN uint16_t pirc_f2bf(float f) { return (uint16_t)(pirc_bits_f32(pirc_round_bf16(f)) >> 16); }"),
}

# Branch-free float32 exp / tanh / log / erf: the C compiler vectorises them, where glibc's expf /
# tanhf / logf / erff stay scalar calls without -ffast-math.  Selects are bitwise blends (pirc_sel_*):
# GCC does not if-convert float ?: under -ftrapping-math, and a branch would stop vectorisation.  The
# polynomials use a fused multiply-add where the target has a fast one (PIRC_FMAF); the program's own
# arithmetic is never contracted.
# * exp: Cody-Waite reduction x = n ln2 + r and Cephes' degree-6 polynomial (evaluated in Estrin's
#   scheme, here and in tanh: a shorter dependency chain than Horner's), scaled by 2^n as two
#   factors so subnormal results round once.  Out-of-range inputs are clamped to [-110, 100] (which
#   overflows to inf / underflows to 0 through the scaling itself, NaN is clamped away and restored
#   last).  Measured (bench/vec_math.py): <= 1.02 ulp over every 7th float in [-87.3, 88.7], exact
#   inf / 0 / NaN, subnormal results correctly rounded.
# * tanh: the odd rational minimax approximation Eigen uses for float (and so Paddle's CPU kernel),
#   on x clamped to +-7.905 where it reaches +-1 (NaN passes), x itself below 4e-4.  <= 5 ulp (7
#   without a fused multiply-add), one division and no exp: half the cost of 1 - 2 / (exp(2x) + 1).
# * log: x = m 2^e from the bits, m in [sqrt(1/2), sqrt(2)) (subnormals scaled by 2^23 first), Cephes'
#   degree-8 polynomial for (log(1 + f) - f + f^2 / 2) / f^3 in f = m - 1, and e ln2 added as an exact
#   part plus a correction, the exact part's rounding error recovered by Fast2Sum, so the result is
#   rounded about once.  0 gives -inf, negative numbers NaN, inf and NaN pass.  Measured (the
#   accuracy() of bench/vec_math.py, step 1): <= 0.89 ulp over every positive float, subnormals
#   included (0.92 without a fused multiply-add); log(1) = +0.
# * erf: |x| < 1: x + x Q(x^2), Q a degree-6 minimax fit of erf(x) / x - 1 (2 / sqrt(pi) as a
#   float alone would be 0.87 ulp off); 1 <= |x| < 3.9192059: 1 - h(|x| - 2.5), h a degree-15
#   polynomial fit (Chebyshev, float32 coefficients) of erfc on that range: erfc needs only an absolute
#   error below ~half an ulp of 1 there, which fifteen FMAs give without an exp (the exp form
#   1 - exp(-x^2) g(|x| - 1) cost ten more vector operations; rownorm_gelu's kernel 2.4 -> 1.7 ms).
#   Both are computed and selected, x's sign copied on (erf(-0) = -0); from 3.9192059 on, where erf
#   rounds to 1, h is 0: exactly +-1.
#   NaN restored last.  Measured: <= 0.94 ulp, mean 0.25, over every 56th float (bench/vec_math.py);
#   the polynomial part alone, evaluated without a fused multiply-add, <= 1.01 ulp.
#: polynomial coefficients, highest degree first (float32 literals as printed)
_LOG_P = ("7.0376836292e-2f", "-1.1514610310e-1f", "1.1676998740e-1f", "-1.2420140846e-1f", "1.4249322787e-1f",
          "-1.6668057665e-1f", "2.0000714765e-1f", "-2.4999993993e-1f", "3.3333331174e-1f")
_ERF_Q = ("7.806903159e-05f", "-7.997853099e-04f", "5.187162198e-03f", "-2.685334720e-02f", "1.128357872e-01f",
          "-3.761262596e-01f", "1.283791661e-01f")
_ERFC_H = ("3.783665363e-07f", "-8.700230865e-07f", "-3.665360509e-06f", "1.558212898e-05f", "-7.150995771e-06f",
           "-8.073520439e-05f", "2.525066375e-04f", "-2.592092787e-04f", "-5.437926156e-04f", "2.797874622e-03f",
           "-6.116893142e-03f", "8.622503839e-03f", "-8.350156248e-03f", "5.445700604e-03f", "-2.178281313e-03f",
           "4.069521383e-04f")


def _horner(acc: str, x: str, coeffs: tuple[str, ...]) -> str:
    """C lines declaring float ``acc`` = the polynomial in ``x`` with ``coeffs`` (highest degree
    first) by Horner's rule, one fused multiply-add a degree."""
    lines = [f"  float {acc} = PIRC_FMAF({x}, {coeffs[0]}, {coeffs[1]});"]
    lines += [f"  {acc} = PIRC_FMAF({acc}, {x}, {c});" for c in coeffs[2:]]
    return "\n".join(lines) + "\n"


_VEC_MATH = {
    "pirc_fmaf": ((), """#if defined(FP_FAST_FMAF)
#define PIRC_FMAF(a, b, c) fmaf(a, b, c)
#else
#define PIRC_FMAF(a, b, c) ((a) * (b) + (c))
#endif"""),
    "pirc_sel_f32": (("pirc_bits_f32", "pirc_f32_from_bits"), """PIRC_FN float pirc_sel_f32(int c, float a, float b) {
  uint32_t m = 0u - (uint32_t)(c != 0);
  return pirc_f32_from_bits((pirc_bits_f32(a) & m) | (pirc_bits_f32(b) & ~m));
}"""),
    "pirc_sel_f64": (("pirc_f64_from_bits",), """PIRC_FN double pirc_sel_f64(int c, double a, double b) {
  union { double f; uint64_t u; } x, y;
  uint64_t m = 0u - (uint64_t)(c != 0);
  x.f = a; y.f = b;
  return pirc_f64_from_bits((x.u & m) | (y.u & ~m));
}"""),
    "pirc_expf": (("pirc_fmaf", "pirc_f32_from_bits", "pirc_sel_f32"), """PIRC_FN float pirc_expf(float x) {
  float xc = pirc_sel_f32(x < 100.0f, x, 100.0f);
  xc = pirc_sel_f32(xc > -110.0f, xc, -110.0f);
  float n = PIRC_FMAF(xc, 1.44269504088896341f, 12582912.0f) - 12582912.0f;
  float r = PIRC_FMAF(n, 2.12194440e-4f, PIRC_FMAF(n, -0.693359375f, xc)), r2 = r * r;
  float p = PIRC_FMAF(PIRC_FMAF(PIRC_FMAF(1.9875691500e-4f, r, 1.3981999507e-3f), r2,
                                PIRC_FMAF(8.3334519073e-3f, r, 4.1665795894e-2f)), r2,
                      PIRC_FMAF(1.6666665459e-1f, r, 5.0000001201e-1f));
  p = PIRC_FMAF(p, r2, r) + 1.0f;
  int32_t ni = (int32_t)n, n1 = ni >> 1, n2 = ni - n1;
  float y = p * pirc_f32_from_bits((uint32_t)(n1 + 127) << 23) * pirc_f32_from_bits((uint32_t)(n2 + 127) << 23);
  return pirc_sel_f32(x != x, x, y);
}"""),
    "pirc_tanhf": (("pirc_fmaf", "pirc_sel_f32"), """PIRC_FN float pirc_tanhf(float x) {
  float c = pirc_sel_f32(x > 7.90531110763549805f, 7.90531110763549805f, x);
  c = pirc_sel_f32(c < -7.90531110763549805f, -7.90531110763549805f, c);
  float z = c * c, z2 = z * z;
  float p = PIRC_FMAF(PIRC_FMAF(PIRC_FMAF(z, -2.76076847742355e-16f, 2.00018790482477e-13f), z2,
                                PIRC_FMAF(z, -8.60467152213735e-11f, 5.12229709037114e-08f)), z2,
                      PIRC_FMAF(z, 1.48572235717979e-05f, 6.37261928875436e-04f));
  p = PIRC_FMAF(p, z, 4.89352455891786e-03f);
  float q = PIRC_FMAF(PIRC_FMAF(z, 1.19825839466702e-06f, 1.18534705686654e-04f), z2,
                      PIRC_FMAF(z, 2.26843463243900e-03f, 4.89352518554385e-03f));
  return pirc_sel_f32(fabsf(x) < 0.0004f, x, (c * p) / q);
}"""),
    "pirc_logf": (("pirc_fmaf", "pirc_bits_f32", "pirc_f32_from_bits", "pirc_sel_f32"), """PIRC_FN float pirc_logf(float x) {
  int sub = x < 1.17549435e-38f;
  float xs = pirc_sel_f32(sub, x * 8388608.0f, x);
  uint32_t ix = pirc_bits_f32(xs) - 0x3f3504f3u;
  int32_t k = ((int32_t)ix >> 23) - (23 & -sub);
  float f = pirc_f32_from_bits((ix & 0x007fffffu) + 0x3f3504f3u) - 1.0f;
  float e = (float)k;
""" + _horner("p", "f", _LOG_P) + """  float y = (f * f) * PIRC_FMAF(p, f, -0.5f);
  float a = e * 0.693359375f, hi = a + f;
  float lo = y + PIRC_FMAF(e, -2.12194440e-4f, f - (hi - a));
  float r = hi + lo;
  r = pirc_sel_f32(x < pirc_f32_from_bits(0x7f800000u), r, x);
  r = pirc_sel_f32(x < 0.0f, pirc_f32_from_bits(0x7fc00000u), r);
  return pirc_sel_f32(x == 0.0f, pirc_f32_from_bits(0xff800000u), r);
}"""),
    "pirc_erff": (("pirc_fmaf", "pirc_bits_f32", "pirc_f32_from_bits", "pirc_sel_f32"), """PIRC_FN float pirc_erff(float x) {
  float a = fabsf(x), z = a * a;
""" + _horner("q", "z", _ERF_Q) + """  float u = pirc_sel_f32(a < 3.9192059f, a, 3.9192059f) - 2.5f;
""" + _horner("h", "u", _ERFC_H) + """  h = pirc_sel_f32(a < 3.9192059f, h, 0.0f);
  float r = pirc_sel_f32(a < 1.0f, PIRC_FMAF(a, q, a), 1.0f - h);
  r = pirc_f32_from_bits(pirc_bits_f32(r) | (pirc_bits_f32(x) & 0x80000000u));
  return pirc_sel_f32(x != x, x, r);
}"""),
}

# CUDA cross-thread reductions (see README.md, "Reductions across threads")
_CUDA_REDUCE = {
    "pirc_reduce_ops": ((), """struct pirc_op_sum { template <typename T> __device__ __forceinline__ T operator()(T a, T b) const { return a + b; } };
struct pirc_op_prod { template <typename T> __device__ __forceinline__ T operator()(T a, T b) const { return a * b; } };
struct pirc_op_max { template <typename T> __device__ __forceinline__ T operator()(T a, T b) const { return (a != a || a > b) ? a : b; } };
struct pirc_op_min { template <typename T> __device__ __forceinline__ T operator()(T a, T b) const { return (a != a || a < b) ? a : b; } };
struct pirc_op_and { template <typename T> __device__ __forceinline__ T operator()(T a, T b) const { return (T)(a && b); } };
struct pirc_op_or { template <typename T> __device__ __forceinline__ T operator()(T a, T b) const { return (T)(a || b); } };"""),
    "pirc_warp_allreduce": (("pirc_reduce_ops",), """/* Reduces v over groups of min(blockDim.x, 32) consecutive threadIdx.x (blockDim.x must be a power
   of two <= 32 or a multiple of 32); every thread of a group gets the result.  Uniform control flow. */
template <typename T, typename Op>
__device__ __forceinline__ T pirc_warp_allreduce(T v, Op op) {
  const unsigned bx = blockDim.x, width = bx < 32u ? bx : 32u;
  const unsigned total = bx * blockDim.y * blockDim.z;
  const unsigned tid = threadIdx.x + bx * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned start = tid & ~31u, n = (total - start) < 32u ? (total - start) : 32u;
  const unsigned mask = n == 32u ? 0xffffffffu : ((1u << n) - 1u);
  for (unsigned o = width >> 1; o > 0u; o >>= 1) v = op(v, __shfl_xor_sync(mask, v, (int)o, (int)width));
  return v;
}"""),
    "pirc_block_allreduce": (("pirc_warp_allreduce",), """/* Reduces v over all threadIdx.x of a block (one independent group per (threadIdx.y, threadIdx.z));
   every thread gets the result.  shm holds 32 T.  Every thread of the block must call it. */
template <typename T, typename Op>
__device__ __forceinline__ T pirc_block_allreduce(T v, Op op, T* shm) {
  const unsigned bx = blockDim.x;
  if (bx <= 32u) return pirc_warp_allreduce(v, op);
  const unsigned wpg = bx >> 5, group = threadIdx.y + blockDim.y * threadIdx.z;
  v = pirc_warp_allreduce(v, op);
  __syncthreads();
  if ((threadIdx.x & 31u) == 0u) shm[group * wpg + (threadIdx.x >> 5)] = v;
  __syncthreads();
  T r = shm[group * wpg];
  for (unsigned k = 1; k < wpg; ++k) r = op(r, shm[group * wpg + k]);
  return r;
}"""),
}

#: the team of a loop scheduled with a size (``parallel[N]``): N, at most the threads OpenMP has
#: where the kernel runs, so a tuned size is a run-time bound, not the build machine's core count
_THREADS = {
    "pirc_team": ((), """#ifdef _OPENMP
#include <omp.h>
#endif
PIRC_FN int pirc_team(int n) {
#ifdef _OPENMP
  int m = omp_get_max_threads();
  return n < m ? n : m;
#else
  return n;
#endif
}"""),
}

_ORDER: list[str] = []
HELPERS: dict[str, tuple[tuple[str, ...], str]] = {}
for table in (_BITS, _HALF, _int_helpers(), _float_helpers(), _VEC_MATH, _CUDA_REDUCE, _THREADS):
    for k, v in table.items():
        HELPERS[k] = v
        _ORDER.append(k)
_RANK = {k: i for i, k in enumerate(_ORDER)}

C_HEADER = """#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#define PIRC_FN static inline
#define PIRC_F32_TO_BITS union { float f; uint32_t u; } c; c.f = f; return c.u;
#define PIRC_BITS_TO_F32 union { float f; uint32_t u; } c; c.u = u; return c.f;
#define PIRC_BITS_TO_F64 union { double f; uint64_t u; } c; c.u = u; return c.f;
"""

CUDA_HEADER = """/* self-contained: NVRTC has no system headers; nvcc and host compilers have <stdint.h> */
#ifdef __CUDACC_RTC__
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
#else
#include <stdint.h>
#endif

#define PIRC_FN static __device__ __forceinline__
#define PIRC_F32_TO_BITS return __float_as_uint(f);
#define PIRC_BITS_TO_F32 return __uint_as_float(u);
#define PIRC_BITS_TO_F64 return __longlong_as_double((long long)u);
"""


@dataclass
class Prelude:
    """The helpers one generated source uses."""

    target: str
    used: set[str] = field(default_factory=set)

    def use(self, name: str) -> str:
        if name not in HELPERS:
            raise KeyError(name)
        if name not in self.used:
            self.used.add(name)
            for dep in HELPERS[name][0]:
                self.use(dep)
        return name

    def text(self) -> str:
        parts = [C_HEADER if self.target == "c" else CUDA_HEADER]
        names = sorted(self.used, key=_RANK.__getitem__)
        if names:
            parts.append("")
        for n in names:
            parts.append(HELPERS[n][1])
        return "\n".join(parts) + "\n"


__all__ = ["CUDA_HEADER", "C_HEADER", "FLOAT_TYPES", "HELPERS", "INT_TYPES", "Prelude"]
