"""pd_op tensor-manipulation ops: reshape, transpose, flatten, squeeze, unsqueeze,
concat, stack, split, split_with_num, unbind, meshgrid, and the inplace variants Paddle emits
(``reshape_``, ``transpose_``, ``flatten_``, ``squeeze_``, ``unsqueeze_``).

Operand/attribute/result lists were checked against PaddlePaddle 3.3.1's PIR (see
``tests/dialects/gen_part2.py``).  In 3.3.1 none of these ops has an ``xshape`` result.

Conventions used in this file
-----------------------------
* **Mutable attributes.**  IntArray / Scalar arguments that Paddle passes as operands
  (reshape's ``shape``, slice's ``starts``/``ends``, split's ``sections``/``axis``,
  concat's ``axis``, expand's ``shape``, tile's ``repeat_times``, squeeze/unsqueeze's
  ``axis``, gather's ``axis``) are ordinary operands here.  Shape rules read their value
  from ``Meta.const`` (a ``list``, an ``np.ndarray`` or a scalar are all accepted); when
  it is ``None`` the affected dims become ``-1`` (and the rank is taken from the operand's
  own shape where that is what decides it, e.g. ``reshape`` with a ``tensor<3xi64>``
  shape gives a rank-3 result).  Kernels receive these operands as numpy arrays (or a
  list of 0-D/1-D arrays when a ``builtin.combine`` made them); both are accepted.
* **Tensor-list operands** (``concat``'s and ``stack``'s ``x``, ``meshgrid``'s
  ``inputs``) are named with ``[]``: the shape rule receives a ``list[Meta]`` and the
  kernel a ``list[np.ndarray]``.
* **Tensor-list results.**  ``split``, ``split_with_num``, ``unbind`` and ``meshgrid`` have
  ONE result of type ``vec[tensor<...>, ...]`` in PIR (a ``builtin.split`` unpacks it).
  They are declared with ``results=("out[]",)``; their shape rule returns a *flat* list
  with one ``Meta`` per vector element, and their kernel returns a *flat* list with one
  array per element.  Whoever binds results must therefore treat a single ``"...[]"``
  result as "all returned entries form the one vector value".
* **Views.**  ``reshape``, ``transpose``, ``flatten``, ``squeeze``, ``unsqueeze`` and
  ``slice`` carry the ``"view"`` trait with ``view={0: 0}``; their kernels return numpy
  views of the input wherever numpy can (``np.reshape``, ``np.transpose``, basic
  slicing), so storage really is shared.  Every other op here returns freshly allocated
  arrays (never a view of an input), as the interpreter expects for non-view ops.
* **Inplace variants** (``reshape_`` ...) carry the ``"inplace"`` trait with
  ``inplace={0: 0}`` (Paddle's inplace map for them is ``{0: 0}``).  Their kernels are the
  same as the out-of-place op's and never modify the input.

Pattern kinds follow the reference's CINN registrations: ``reshape``/``squeeze``/
``expand_dims`` (unsqueeze) are kElementWise in CINN's elementwise.cc (flatten is a
reshape there too), ``transpose``/``slice``/``concat``/``gather`` are kInjective,
``expand`` maps to ``broadcast_to`` = kBroadcast, ``split`` is kNonFusible.  By analogy:
``strided_slice``, ``index_select``, ``gather_nd`` (CINN: kInjective), ``stack``, ``tile``
are INJECTIVE; ``expand_as`` is BROADCAST; the other vec-result ops (``split_with_num``
-> CINN ``split``, ``unbind``, ``meshgrid``) are NON_FUSIBLE.

Shape-rule quirks reproduced from Paddle's infer-meta (what Paddle prints, even where
the runtime shape differs): ``gather`` with a non-constant axis is typed as if axis were
0; ``split``/``split_with_num`` give -1 for every piece when the split dim is -1;
``squeeze`` at compile time also drops a -1 dim that is named in ``axis``.  With
unknown constants Paddle prints: all dims -1 for ``strided_slice`` (unknown starts/ends/
strides) and ``split`` (unknown sections); rank - len(axis) unknown dims for ``squeeze``;
the leading dims no repeat count reaches, then -1s, for ``tile``; only the sliced axes -1
for ``slice``.  These are reproduced too.

slice / strided_slice / gather / gather_nd / index_select live in indexing.py;
expand / expand_as / tile / flip / roll / pad / pad3d in expand.py; masked_fill / tril / triu /
nonzero in masking.py.  The conventions above hold for all of them.

Layout: base.py (the helpers above), views.py (reshape ... unsqueeze), combine.py (concat ...
meshgrid), registered in that order.
"""

# the ops register on import, in this order
from pirc.dialects.pd_op.manipulation import views  # noqa: F401
from pirc.dialects.pd_op.manipulation import combine  # noqa: F401
from pirc.dialects.pd_op.manipulation.base import _VIEW, _operand_len, _reg  # noqa: F401 - for other pd_op files
from pirc.dialects.pd_op.manipulation.base import const_int, const_ints, kernel_int, kernel_ints

__all__ = ["const_int", "const_ints", "kernel_int", "kernel_ints"]
