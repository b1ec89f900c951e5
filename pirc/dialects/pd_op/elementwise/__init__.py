"""pd_op elementwise ops: binary arithmetic, comparisons, logical ops, activations,
unary math, cast / scale / clip / where / assign, and their inplace ``*_`` forms.

Semantics follow Paddle 3.3.1's CPU (phi) kernels, checked against values Paddle
computed (tests/dialects/test_part1_*.py):

* binary ops broadcast numpy-style; the result dtype is ``x``'s dtype
  (ElementwiseInferMeta).
* ``divide`` on integers truncates toward zero; ``floor_divide`` floors;
  ``remainder`` takes the divisor's sign (``fmod`` then ``+ y`` when the signs
  differ, so a zero remainder keeps the dividend's sign); integer division by
  zero is an error.
* ``maximum``/``minimum`` propagate NaN and return ``y`` on ties
  (``a > b ? a : b``).
* ``equal``/``not_equal`` on float32/float64 treat ``|x - y| < 1e-15`` as equal
  (infinities compare exactly, NaN is never equal); other dtypes compare exactly.
* ``relu(nan) == 0`` but ``relu6(nan)`` is NaN.
* float32 ``sqrt``/``rsqrt`` follow Eigen's vectorised fast path: ``sqrt(+inf)`` is
  NaN, ``sqrt(-0.0)`` and ``sqrt(denormal)`` are +0, ``rsqrt(denormal)`` is +-inf
  (float64 is IEEE).
* ``pow`` (scalar exponent, Eigen's generic_pow) gives unsigned results in its
  special cases: ``pow(-inf, 3) == +inf``, ``pow(-0.0, -1) == +inf``,
  ``pow(nan, 0) == 1``; ``elementwise_pow`` is C's ``pow`` per element, and on
  integers ``llrint(pow(double(x), double(y)))``.
* ``cast`` float -> int truncates; NaN/out-of-range values give the x86 "integer
  indefinite" value (INT_MIN) for int32/int64 and wrap through int32 for the
  narrower integer types.
* ``scale``, ``clip`` and ``pow`` convert their scalar parameters to ``x``'s
  dtype first (truncating for integer tensors).
* exp, log, log1p, expm1, log2 and log10 take integer tensors and hand back float32
  data although Paddle prints the integer dtype as the result type (the shape rule keeps
  the printed dtype); for sigmoid, tanh, sqrt, sin, ... Paddle's op builder casts integer
  inputs to float32 first (their kernels here compute integers in float32 too).

Part 3 (tests/dialects/test_part3_*.py): log2, log10, round, trunc, softsign, tanh_shrink,
logsigmoid, tan, sinh, cosh, asin, acos, atan, asinh, acosh, atanh, isnan, isinf,
isfinite, elu, celu, selu, softplus, mish, hardtanh, logit, softshrink, hardshrink,
thresholded_relu, logical_xor (+ the ``*_`` forms Paddle has):

* ``round`` rounds half to even (0.5 -> 0, 2.5 -> 2); with ``decimals`` d it is
  rint(x * 10^d) / 10^d (d < 0: rint(x / 10^-d) * 10^-d) in x's type; integers pass.
* ``trunc``'s operand is named ``input``; ``mish``'s threshold attribute ``lambda``.
* float attributes are C++ floats (converted to x's type through float32), except
  softplus' beta/threshold and logit's eps, which are doubles.
* ``softplus`` is x*beta > threshold ? x : log(1 + exp(x*beta)) / beta; ``mish`` uses
  log1p(exp(x)); ``elu``/``celu``/``selu`` use exp(x) - 1 (not expm1).
* ``softshrink`` and ``thresholded_relu`` multiply by their masks (so +-inf give NaN where
  the other branch is multiplied by 0); ``hardshrink`` keeps |x| == threshold.
* ``logit`` with eps == 0 gives NaN outside [0, 1], else clips to [eps, 1 - eps].
* ``isnan``/``isinf``/``isfinite`` of integer tensors are False/False/True.
* erf (gelu's exact mode) is a degree-7 Taylor table (|error| < 3e-16), see ``erf``.

Layout (imported in this order, which is the order the ops register in): base (helpers),
binary, unary, values (cast ... assign), activations, add_n.
"""

# the families register their ops on import, in this order
from pirc.dialects.pd_op.elementwise import binary  # noqa: F401
from pirc.dialects.pd_op.elementwise import unary  # noqa: F401
from pirc.dialects.pd_op.elementwise import values  # noqa: F401
from pirc.dialects.pd_op.elementwise import activations  # noqa: F401
from pirc.dialects.pd_op.elementwise import add_n  # noqa: F401
from pirc.dialects.pd_op.elementwise.base import (
    as_array,
    binary_meta,
    broadcast_meta_shapes,
    cast_array,
    dtype_name,
    erf,
    first_value,
    register_with_inplace,
    round_to_bfloat16,
    same_dims,
    unary_meta,
)

__all__ = [
    "as_array", "binary_meta", "broadcast_meta_shapes", "cast_array", "dtype_name", "erf", "first_value",
    "register_with_inplace", "round_to_bfloat16", "same_dims", "unary_meta",
]
