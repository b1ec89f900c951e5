"""pd_op.add_n: the sum of a builtin.combine list (values as Paddle computes them: elementwise sum)."""

from __future__ import annotations

import numpy as np
import pytest

from pirc.dialects.opdef import Meta, OP_DEFS, ShapeError

import pirc.dialects.all  # noqa: F401


def test_add_n_kernel_and_rule() -> None:
    op = OP_DEFS["pd_op.add_n"]
    xs = [np.arange(6, dtype=np.float32).reshape(2, 3) * k for k in (1, 2, 3)]
    (out,) = op.kernel([xs], {})
    np.testing.assert_array_equal(out, xs[0] * 6)
    assert out.dtype == np.float32
    assert op.infer_meta([[Meta((2, 3), "float32"), Meta((-1, 3), "float32")]], {}) == [Meta((2, 3), "float32")]
    with pytest.raises(ShapeError):
        op.infer_meta([[Meta((2, 3), "float32"), Meta((3, 2), "float32")]], {})
    with pytest.raises(ShapeError):
        op.infer_meta([[Meta((2, 3), "float32"), Meta((2, 3), "int64")]], {})
