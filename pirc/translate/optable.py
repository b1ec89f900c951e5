"""Legacy op signatures: how a legacy ``OpDesc`` maps onto a ``pd_op`` op.

This is the translator's copy of what Paddle spreads over ``ops.yaml`` (the
``OpYamlInfo`` of each pd_op op: operands, attributes, results, in order)
and ``op_compat.yaml`` (legacy slot and attribute names, mutable
attributes and the tensor inputs that may carry them).  One line per legacy
op type, in a small yaml-like notation::

    "pool2d": "pool2d(x:X, kernel_size:IntArray=ksize; strides:i64[], ..., "
              "exclusive:bool=true) -> out:Out"

* operands: ``name:Slot`` (a tensor from legacy input slot ``Slot``),
  ``name?:Slot`` (optional: absent slot -> a null operand), ``name[]:Slot``
  (a ``Tensor[]``: the slot's variables go through ``builtin.combine``);
* mutable attributes: ``name:IntArray=attr/T1/T2`` or ``name:Scalar=attr/T1``.
  The first of the tensor slots ``T1``, ``T2`` that holds variables gives the
  operand (Paddle's candidate order: op_compat.yaml's ``tensors_name`` before
  ``tensor_name``; an IntArray from tensors always goes through
  ``builtin.combine``); when none does, the legacy attribute ``attr`` becomes a
  ``pd_op.full_int_array`` / ``pd_op.full`` operand placed right before the op;
* attributes (after ``;``): ``name:kind`` with an optional ``<legacy_name``
  and ``=default``.  ``kind`` is the pd_op attribute type, which decides the
  conversion (see ``translate_attr`` in attrs.py): ``bool i32 i64
  f32 f64 str dtype place layout IntArray Scalar i32[] i64[] f32[] str[]``.
  The default is the legacy op's default, used when the OpDesc lacks the
  attribute (``save_inference_model`` strips "extra" attributes);
* results: ``name:Slot``, ``name?:Slot`` (optional), ``name[]:Slot`` (a
  ``vec[...]`` result whose elements are taken with ``builtin.slice``).

Whether a legacy op needs a special handler (feed, fetch, while, mul,
elementwise with axis ...) is decided in handlers/; most of those still
use the signature here for the parts they do not override.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class InputSig:
    name: str
    legacy: str = ""
    optional: bool = False
    vector: bool = False
    mutable: str | None = None  # None | "IntArray" | "Scalar"
    legacy_attr: str = ""
    tensors: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AttrSig:
    name: str
    kind: str
    legacy: str
    default: Any = None
    has_default: bool = False


@dataclass(frozen=True, slots=True)
class OutputSig:
    name: str
    legacy: str
    optional: bool = False
    vector: bool = False


@dataclass(slots=True)
class OpSig:
    legacy: str
    pd: str
    inputs: tuple[InputSig, ...] = ()
    attrs: tuple[AttrSig, ...] = ()
    outputs: tuple[OutputSig, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def attr(self, name: str) -> AttrSig | None:
        for a in self.attrs:
            if a.name == name:
                return a
        return None


def _split(s: str, sep: str = ",") -> list[str]:
    """Split at top-level separators (not inside brackets or quotes)."""
    out, depth, cur, quote = [], 0, [], ""
    for ch in s:
        if quote:
            cur.append(ch)
            if ch == quote:
                quote = ""
            continue
        if ch in "'\"":
            quote = ch
        elif ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == sep and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    tail = "".join(cur).strip()
    if tail:
        out.append(tail)
    return out


def _literal(text: str) -> Any:
    t = text.strip()
    if t == "true":
        return True
    if t == "false":
        return False
    return ast.literal_eval(t)


def _tensor_spec(spec: str) -> tuple[str, str, bool, bool]:
    name, _, legacy = spec.partition(":")
    name = name.strip()
    optional = vector = False
    while name.endswith("?") or name.endswith("[]"):
        if name.endswith("?"):
            optional, name = True, name[:-1]
        else:
            vector, name = True, name[:-2]
    return name, legacy.strip(), optional, vector


def parse_sig(legacy: str, text: str) -> OpSig:
    head, _, tail = text.partition("->")
    head = head.strip()
    pd, _, rest = head.partition("(")
    body = rest.rsplit(")", 1)[0]
    ins_text, _, attrs_text = body.partition(";")
    inputs: list[InputSig] = []
    for spec in _split(ins_text):
        if ":IntArray=" in spec or ":Scalar=" in spec:
            name, _, more = spec.partition(":")
            kind, _, src = more.partition("=")
            parts = src.split("/")
            inputs.append(InputSig(name.strip(), "", False, False, kind, parts[0], tuple(parts[1:])))
        else:
            n, leg, opt, vec = _tensor_spec(spec)
            inputs.append(InputSig(n, leg, opt, vec))
    attrs: list[AttrSig] = []
    for spec in _split(attrs_text):
        decl, eq, dflt = spec.partition("=")
        name, _, kind = decl.partition(":")
        kind, _, leg = kind.partition("<")
        attrs.append(AttrSig(name.strip(), kind.strip(), (leg or name).strip(),
                             _literal(dflt) if eq else None, bool(eq)))
    outputs = [OutputSig(*_tensor_spec(s)) for s in _split(tail)]
    return OpSig(legacy, pd.strip(), tuple(inputs), tuple(attrs), tuple(outputs))


_UNARY = (
    "relu tanh sigmoid exp expm1 log log2 log10 log1p sqrt rsqrt abs floor ceil sin cos tan asin acos atan "
    "sinh cosh asinh acosh atanh square silu softsign reciprocal sign erf logical_not bitwise_not "
    "tanh_shrink hard_swish:hardswish relu6 swish:swish logsigmoid:logsigmoid isnan_v2:isnan "
    "isinf_v2:isinf isfinite_v2:isfinite"
)
_BINARY = (
    "elementwise_add:add elementwise_sub:subtract elementwise_mul:multiply elementwise_div:divide "
    "elementwise_max:maximum elementwise_min:minimum elementwise_mod:remainder "
    "elementwise_floordiv:floor_divide elementwise_pow:elementwise_pow elementwise_fmax:fmax "
    "elementwise_fmin:fmin less_than less_equal greater_than greater_equal equal not_equal "
    "logical_and logical_or logical_xor bitwise_and bitwise_or bitwise_xor"
)

_SIGS: dict[str, str] = {
    # program inputs / outputs
    "feed": "feed(; name:str, col:i32) -> out:Out",
    "data": "data(; name:str, shape:IntArray, dtype:dtype, place:place) -> out:out",
    "fetch": "fetch(x:X; name:str, col:i32) -> out:Out",
    "fetch_v2": "fetch(x:X; name:str, col:i32) -> out:Out",
    # activations with attributes
    "gelu": "gelu(x:X; approximate:bool=false) -> out:Out",
    "leaky_relu": "leaky_relu(x:X; negative_slope:f32<alpha=0.02) -> out:Out",
    "elu": "elu(x:X; alpha:f32=1.0) -> out:Out",
    "celu": "celu(x:X; alpha:f32=1.0) -> out:Out",
    "selu": "selu(x:X; scale:f32=1.0507009873554805, alpha:f32=1.6732632423543772) -> out:Out",
    "hard_sigmoid": "hardsigmoid(x:X; slope:f32=0.2, offset:f32=0.5) -> out:Out",
    "hard_shrink": "hardshrink(x:X; threshold:f32=0.5) -> out:Out",
    "softshrink": "softshrink(x:X; threshold:f32<lambda=0.5) -> out:Out",
    "softplus": "softplus(x:X; beta:f32=1.0, threshold:f32=20.0) -> out:Out",
    "thresholded_relu": "thresholded_relu(x:X; threshold:f32=1.0, value:f32=0.0) -> out:Out",
    "mish": "mish(x:X; lambda:f32<threshold=20.0) -> out:Out",
    "brelu": "hardtanh(x:X; t_min:f32=0.0, t_max:f32=24.0) -> out:Out",
    "log_softmax": "log_softmax(x:X; axis:i32=-1) -> out:Out",
    "softmax": "softmax(x:X; axis:i32=-1) -> out:Out",
    "prelu": "prelu(x:X, alpha:Alpha; data_format:str='NCHW', mode:str='all') -> out:Out",
    "pow": "pow(x:X; y:Scalar<factor=1.0) -> out:Out",
    "scale": "scale(x:X, scale:Scalar=scale/ScaleTensor; bias:Scalar=0.0, bias_after_scale:bool=true) -> out:Out",
    "clip": "clip(x:X, min:Scalar=min/Min, max:Scalar=max/Max) -> out:Out",
    "cast": "cast(x:X; dtype:dtype<out_dtype) -> out:Out",
    "assign": "assign(x:X) -> out:Out",
    "sum": "add_n(inputs[]:X) -> out:Out",
    "where": "where(condition:Condition, x:X, y:Y) -> out:Out",
    "label_smooth": "label_smooth(label:X, prior_dist?:PriorDist; epsilon:f32=0.0) -> out:Out",
    # matmul family
    "matmul_v2": "matmul(x:X, y:Y; transpose_x:bool<trans_x=false, transpose_y:bool<trans_y=false) -> out:Out",
    "matmul": "matmul(x:X, y:Y; transpose_x:bool<transpose_X=false, transpose_y:bool<transpose_Y=false) -> out:Out",
    "mul": "matmul(x:X, y:Y; transpose_x:bool, transpose_y:bool) -> out:Out",
    "bmm": "bmm(x:X, y:Y) -> out:Out",
    "dot": "dot(x:X, y:Y) -> out:Out",
    # convolution / pooling / normalisation
    "conv2d": "conv2d(input:Input, filter:Filter; strides:i32[]=[1,1], paddings:i32[]=[0,0], "
              "padding_algorithm:str='EXPLICIT', dilations:i32[]=[1,1], groups:i32=1, "
              "data_format:str='NCHW') -> out:Output",
    "depthwise_conv2d": "depthwise_conv2d(input:Input, filter:Filter; strides:i32[]=[1,1], paddings:i32[]=[0,0], "
                        "padding_algorithm:str='EXPLICIT', groups:i32=1, dilations:i32[]=[1,1], "
                        "data_format:str='NCHW') -> out:Output",
    "conv3d": "conv3d(input:Input, filter:Filter; strides:i32[]=[1,1,1], paddings:i32[]=[0,0,0], "
              "padding_algorithm:str='EXPLICIT', groups:i32=1, dilations:i32[]=[1,1,1], "
              "data_format:str='NCDHW') -> out:Output",
    "conv2d_transpose": "conv2d_transpose(x:Input, filter:Filter, output_size:IntArray=output_size; "
                        "strides:i32[]=[1,1], paddings:i32[]=[0,0], output_padding:i32[]=[], "
                        "padding_algorithm:str='EXPLICIT', groups:i32=1, dilations:i32[]=[1,1], "
                        "data_format:str='NCHW') -> out:Output",
    "depthwise_conv2d_transpose": "depthwise_conv2d_transpose(x:Input, filter:Filter, output_size:IntArray=output_size; "
                                  "strides:i32[]=[1,1], paddings:i32[]=[0,0], output_padding:i32[]=[], "
                                  "padding_algorithm:str='EXPLICIT', groups:i32=1, dilations:i32[]=[1,1], "
                                  "data_format:str='NCHW') -> out:Output",
    "pool2d": "pool2d(x:X, kernel_size:IntArray=ksize; strides:i64[]=[1,1], paddings:i64[]=[0,0], "
              "ceil_mode:bool=false, exclusive:bool=true, data_format:str='NCHW', pooling_type:str='max', "
              "global_pooling:bool=false, adaptive:bool=false, padding_algorithm:str='EXPLICIT') -> out:Out",
    "pool3d": "pool3d(x:X; kernel_size:i32[]<ksize, strides:i32[]=[1,1,1], paddings:i32[]=[0,0,0], "
              "ceil_mode:bool=false, exclusive:bool=true, data_format:str='NCDHW', pooling_type:str='max', "
              "global_pooling:bool=false, adaptive:bool=false, padding_algorithm:str='EXPLICIT') -> out:Out",
    "batch_norm": "batch_norm(x:X, mean:Mean, variance:Variance, scale?:Scale, bias?:Bias; is_test:bool=false, "
                  "momentum:f32=0.9, epsilon:f32=1e-05, data_format:str<data_layout='NCHW', "
                  "use_global_stats:bool=false, trainable_statistics:bool=false) -> "
                  "out:Y, mean_out:MeanOut, variance_out:VarianceOut, saved_mean:SavedMean, "
                  "saved_variance:SavedVariance, reserve_space?:ReserveSpace",
    "layer_norm": "layer_norm(x:X, scale?:Scale, bias?:Bias; epsilon:f32=1e-05, begin_norm_axis:i32=1) -> "
                  "out:Y, mean:Mean, variance:Variance",
    "instance_norm": "instance_norm(x:X, scale?:Scale, bias?:Bias; epsilon:f32=1e-05) -> "
                     "y:Y, saved_mean?:SavedMean, saved_variance?:SavedVariance",
    "group_norm": "group_norm(x:X, scale?:Scale, bias?:Bias; epsilon:f32=1e-05, groups:i32=-1, "
                  "data_format:str<data_layout='NCHW') -> y:Y, mean:Mean, variance:Variance",
    # detection
    "yolo_box": "yolo_box(x:X, img_size:ImgSize; anchors:i32[]=[], class_num:i32=1, conf_thresh:f32=0.01, "
                "downsample_ratio:i32=32, clip_bbox:bool=true, scale_x_y:f32=1.0, iou_aware:bool=false, "
                "iou_aware_factor:f32=0.5) -> boxes:Boxes, scores:Scores",
    "multiclass_nms3": "multiclass_nms3(bboxes:BBoxes, scores:Scores, rois_num?:RoisNum; score_threshold:f32=0.0, "
                       "nms_top_k:i32=-1, keep_top_k:i32=-1, nms_threshold:f32=0.3, normalized:bool=true, "
                       "nms_eta:f32=1.0, background_label:i32=0) -> out:Out, index:Index, nms_rois_num:NmsRoisNum",
    "quantize_linear": "quantize_linear(x:X, scale?:Scale, zero_point:ZeroPoint, in_accum?:InAccum, "
                       "in_state?:InState; quant_axis:i32=0, bit_length:i32=8, qmin:i32=-128, qmax:i32=127, "
                       "round_type:i32=0, is_test:bool=true, only_observer:bool=false) -> y:Y, "
                       "out_state?:OutState, out_accum?:OutAccum, out_scale?:OutScale",
    "dequantize_linear": "dequantize_linear(x:X, scale?:Scale, zero_point:ZeroPoint, in_accum?:InAccum, "
                         "in_state?:InState; quant_axis:i32=0, bit_length:i32=8, qmin:i32=-128, qmax:i32=127, "
                         "round_type:i32=0, is_test:bool=true, only_observer:bool=false) -> y:Y, "
                         "out_state?:OutState, out_accum?:OutAccum, out_scale?:OutScale",
    "multinomial": "multinomial(x:X, num_samples:Scalar=num_samples; replacement:bool=false) -> out:Out",
    "roi_align": "roi_align(x:X, boxes:ROIs, boxes_num?:RoisNum; pooled_height:i32=1, pooled_width:i32=1, "
                 "spatial_scale:f32=1.0, sampling_ratio:i32=-1, aligned:bool=false) -> out:Out",
    "rnn": "rnn(x:Input, pre_state[]:PreState, weight_list[]:WeightList, sequence_length?:SequenceLength, "
           "dropout_state_in?:DropoutState; dropout_prob:f32=0.0, is_bidirec:bool=false, input_size:i32=10, "
           "hidden_size:i32=100, num_layers:i32=1, mode:str='RNN_TANH', seed:i32=0, is_test:bool=false) -> "
           "out:Out, dropout_state_out:DropoutState, state[]:State, reserve:Reserve",
    "dropout": "dropout(x:X, seed_tensor?:Seed, p:Scalar=dropout_prob; is_test:bool=false, "
               "mode:str<dropout_implementation='downgrade_in_infer', seed:i32=0, fix_seed:bool=false) -> "
               "out:Out, mask?:Mask",
    # shape manipulation
    "reshape2": "reshape(x:X, shape:IntArray=shape/ShapeTensor/Shape) -> out:Out",
    "reshape": "reshape(x:X, shape:IntArray=shape/ShapeTensor/Shape) -> out:Out",
    "transpose2": "transpose(x:X; perm:i32[]<axis) -> out:Out",
    "transpose": "transpose(x:X; perm:i32[]<axis) -> out:Out",
    "squeeze2": "squeeze(x:X, axis:IntArray=axes) -> out:Out",
    "squeeze": "squeeze(x:X, axis:IntArray=axes) -> out:Out",
    "unsqueeze2": "unsqueeze(x:X, axis:IntArray=axes/AxesTensorList/AxesTensor) -> out:Out",
    "unsqueeze": "unsqueeze(x:X, axis:IntArray=axes/AxesTensorList/AxesTensor) -> out:Out",
    "flatten_contiguous_range": "flatten(x:X; start_axis:i32=1, stop_axis:i32=1) -> out:Out",
    "concat": "concat(x[]:X, axis:Scalar=axis/AxisTensor) -> out:Out",
    "split": "split(x:X, sections:IntArray=sections/SectionsTensorList, axis:Scalar=axis/AxisTensor) -> out[]:Out",
    "stack": "stack(x[]:X; axis:i32=0) -> out:Y",
    "unstack": "unstack(x:X; axis:i32=0, num:i32=0) -> out[]:Y",
    "unbind": "unbind(input:X; axis:i32=0) -> out[]:Out",
    "slice": "slice(input:Input, starts:IntArray=starts/StartsTensorList/StartsTensor, "
             "ends:IntArray=ends/EndsTensorList/EndsTensor; axes:i64[], infer_flags:i64[], "
             "decrease_axis:i64[]) -> out:Out",
    "strided_slice": "strided_slice(x:Input, starts:IntArray=starts/StartsTensorList/StartsTensor, "
                     "ends:IntArray=ends/EndsTensorList/EndsTensor, "
                     "strides:IntArray=strides/StridesTensorList/StridesTensor; axes:i32[]) -> out:Out",
    "gather": "gather(x:X, index:Index, axis:Scalar=axis/Axis) -> out:Out",
    "gather_nd": "gather_nd(x:X, index:Index) -> out:Out",
    "index_select": "index_select(x:X, index:Index; axis:i32<dim=0) -> out:Out",
    "expand_v2": "expand(x:X, shape:IntArray=shape/expand_shapes_tensor/Shape) -> out:Out",
    "expand_as_v2": "expand_as(x:X, y?:Y; target_shape:i32[]=[]) -> out:Out",
    "tile": "tile(x:X, repeat_times:IntArray=repeat_times/repeat_times_tensor/RepeatTimes) -> out:Out",
    "flip": "flip(x:X; axis:i32[]) -> out:Out",
    "roll": "roll(x:X, shifts:IntArray=shifts/ShiftsTensor; axis:i64[]<axis) -> out:Out",
    "shape": "shape(input:Input) -> out:Out",
    "size": "numel(x:Input) -> size:Out",
    "lookup_table_v2": "embedding(x:Ids, weight:W; padding_idx:i64=-1, sparse:bool<is_sparse=false) -> out:Out",
    "lookup_table": "embedding(x:Ids, weight:W; padding_idx:i64=-1, sparse:bool<is_sparse=false) -> out:Out",
    "one_hot_v2": "one_hot(x:X, num_classes:Scalar=depth/depth_tensor) -> out:Out",
    "fill_constant": "full(; shape:IntArray, value:Scalar, dtype:dtype, place:place) -> out:Out",
    "fill_any_like": "full_like(x:X, value:Scalar=value; dtype:dtype=-1, place:place) -> out:Out",
    "fill_zeros_like": "zeros_like(x:X; dtype:dtype=-1, place:place) -> out:Out",
    "assign_value": "assign_value(; shape:i32[], dtype:dtype, values:Scalar[], place:place) -> out:Out",
    "increment": "increment(x:X; value:f32<step=1.0) -> out:Out",
    "cumsum": "cumsum(x:X, axis:Scalar=axis; flatten:bool=false, exclusive:bool=false, reverse:bool=false) -> out:Out",
    "range": "arange(start:Start, end:End, step:Step; dtype:dtype, place:place) -> out:Out",
    # reductions
    "reduce_sum": "sum(x:X, axis:IntArray=dim; dtype:dtype<out_dtype=-1, keepdim:bool<keep_dim=false) -> out:Out",
    "reduce_mean": "mean(x:X, axis:IntArray=dim; keepdim:bool<keep_dim=false) -> out:Out",
    "reduce_max": "max(x:X, axis:IntArray=dim; keepdim:bool<keep_dim=false) -> out:Out",
    "reduce_min": "min(x:X, axis:IntArray=dim; keepdim:bool<keep_dim=false) -> out:Out",
    "reduce_prod": "prod(x:X, dims:IntArray=dim; keepdim:bool<keep_dim=false, reduce_all:bool=false) -> out:Out",
    "reduce_all": "all(x:X; axis:i64[]<dim, keepdim:bool<keep_dim=false) -> out:Out",
    "reduce_any": "any(x:X; axis:i64[]<dim, keepdim:bool<keep_dim=false) -> out:Out",
    "arg_max": "argmax(x:X, axis:Scalar=axis; keepdims:bool=false, flatten:bool=false, dtype:dtype=3) -> out:Out",
    "arg_min": "argmin(x:X, axis:Scalar=axis; keepdims:bool=false, flatten:bool=false, dtype:dtype=3) -> out:Out",
    "top_k_v2": "topk(x:X, k:Scalar=k/K; axis:i32=-1, largest:bool=true, sorted:bool=true) -> out:Out, indices:Indices",
    "argsort": "argsort(x:X; axis:i32=-1, descending:bool=false, stable:bool=false) -> out:Out, indices:Indices",
    "p_norm": "p_norm(x:X; porder:f32=2.0, axis:i32=-1, epsilon:f32=1e-12, keepdim:bool=false, "
              "asvector:bool=false) -> out:Out",
    # resize / padding
    "bilinear_interp_v2": "bilinear_interp(x:X, out_size?:OutSize, size_tensor?[]:SizeTensor, scale_tensor?:Scale; "
                          "data_format:str<data_layout='NCHW', out_d:i32=-1, out_h:i32=-1, out_w:i32=-1, scale:f32[]=[], "
                          "interp_method:str='bilinear', align_corners:bool=true, align_mode:i32=1) -> output:Out",
    "nearest_interp_v2": "nearest_interp(x:X, out_size?:OutSize, size_tensor?[]:SizeTensor, scale_tensor?:Scale; "
                         "data_format:str<data_layout='NCHW', out_d:i32=-1, out_h:i32=-1, out_w:i32=-1, scale:f32[]=[], "
                         "interp_method:str='nearest', align_corners:bool=true, align_mode:i32=1) -> output:Out",
    "linear_interp_v2": "linear_interp(x:X, out_size?:OutSize, size_tensor?[]:SizeTensor, scale_tensor?:Scale; "
                        "data_format:str<data_layout='NCHW', out_d:i32=-1, out_h:i32=-1, out_w:i32=-1, scale:f32[]=[], "
                        "interp_method:str='linear', align_corners:bool=true, align_mode:i32=1) -> output:Out",
    "bicubic_interp_v2": "bicubic_interp(x:X, out_size?:OutSize, size_tensor?[]:SizeTensor, scale_tensor?:Scale; "
                         "data_format:str<data_layout='NCHW', out_d:i32=-1, out_h:i32=-1, out_w:i32=-1, scale:f32[]=[], "
                         "interp_method:str='bicubic', align_corners:bool=true, align_mode:i32=1) -> output:Out",
    "pad3d": "pad3d(x:X, paddings:IntArray=paddings/Paddings; mode:str='constant', pad_value:f32<value=0.0, "
             "data_format:str='NCDHW') -> out:Out",
    "pixel_shuffle": "pixel_shuffle(x:X; upscale_factor:i32=1, data_format:str='NCHW') -> out:Out",
    # more math
    "mean": "mean_all(x:X) -> out:Out",
    "scatter": "scatter(x:X, index:Ids, updates:Updates; overwrite:bool=true) -> out:Out",
    "index_sample": "index_sample(x:X, index:Index) -> out:Out",
    "masked_select": "masked_select(x:X, mask:Mask) -> out:Y",
    "where_index": "nonzero(condition:Condition) -> out:Out",
    "logsumexp": "logsumexp(x:X; axis:i64[]=[0], keepdim:bool=false, reduce_all:bool=false) -> out:Out",
    "squared_l2_norm": "squared_l2_norm(x:X) -> out:Out",
    "clip_by_norm": "clip_by_norm(x:X; max_norm:f32) -> out:Out",
    "norm": "norm(x:X; axis:i32=-1, epsilon:f32=1e-10, is_test:bool=false) -> out:Out, norm:Norm",
    "meshgrid": "meshgrid(inputs[]:X) -> out[]:Out",
    "sequence_mask": "sequence_mask(x:X, max_len:Scalar=maxlen/MaxLenTensor; out_dtype:dtype=3) -> y:Y",
    # creation
    "fill_constant_batch_size_like": "full_batch_size_like(input:Input; shape:i32[], dtype:dtype=5, value:Scalar=0.0, "
                                     "input_dim_idx:i32=0, output_dim_idx:i32=0, place:place) -> out:Out",
    "uniform_random": "uniform(shape:IntArray=shape/ShapeTensorList/ShapeTensor, min:Scalar=min, max:Scalar=max; "
                      "dtype:dtype=5, seed:i32=0, place:place) -> out:Out",
    "gaussian_random": "gaussian(shape:IntArray=shape/ShapeTensorList/ShapeTensor; mean:f32=0.0, std:f32=1.0, seed:i32=0, "
                       "dtype:dtype=5, place:place) -> out:Out",
    "linspace": "linspace(start:Start, stop:Stop, number:Num; dtype:dtype=5, place:place) -> out:Out",
    "tril_indices": "tril_indices(; rows:i32, cols:i32, offset:i32=0, dtype:dtype=3, place:place) -> out:out",
    "triu_indices": "triu_indices(; row:i32, col:i32, offset:i32=0, dtype:dtype=3, place:place) -> out:out",
    # fused / loss
    "fc": "fc(input:Input, w:W, bias?:Bias; in_num_col_dims:i32=1, activation_type:str='', "
          "padding_weights:bool=false) -> out:Out",
    "softmax_with_cross_entropy": "cross_entropy_with_softmax(input:Logits, label:Label; soft_label:bool=false, "
                                  "use_softmax:bool=true, numeric_stable_mode:bool=true, ignore_index:i32=-100, "
                                  "axis:i32=-1) -> softmax:Softmax, loss:Loss",
    # tensor arrays
    "write_to_array": "array_write_(array:Out, x:X, i:I) -> out:Out",
    "read_from_array": "array_read(array:X, i:I) -> out:Out",
    "lod_array_length": "array_length(x:X) -> out:Out",
    # control flow helpers
    "select_input": "select_input(mask:Mask, inputs[]:X) -> out:Out",
    "select_output": "select_output(x:X, mask:Mask) -> out[]:Out",
    "shadow_output": "shadow_output(x:x; output_name:str<name) -> ",
    "share_data": "share_data_(x:X) -> out:Out",
}


def _build() -> dict[str, OpSig]:
    sigs: dict[str, OpSig] = {}
    for item in _UNARY.split():
        legacy, _, pd = item.partition(":")
        sigs[legacy] = OpSig(legacy, pd or legacy, (InputSig("x", "X"),), (), (OutputSig("out", "Out"),))
    for item in _BINARY.split():
        legacy, _, pd = item.partition(":")
        sigs[legacy] = OpSig(legacy, pd or legacy, (InputSig("x", "X"), InputSig("y", "Y")), (),
                             (OutputSig("out", "Out"),))
    for legacy, text in _SIGS.items():
        sigs[legacy] = parse_sig(legacy, text)
    return sigs


OP_SIGS: dict[str, OpSig] = _build()


def lookup(legacy_type: str) -> OpSig | None:
    return OP_SIGS.get(legacy_type)
