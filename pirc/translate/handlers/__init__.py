"""The special-handler table: which legacy ops bypass the general transcriber, and with which handler."""

from __future__ import annotations

from pirc.ir.attributes import BoolAttr, StrAttr

from ..builder import f64, i32, i64
from ..optable import OP_SIGS
from ..transcriber import OpTranscriber
from .ops import (
    AddNTranscriber,
    ArrayLengthTranscriber,
    ElementwiseTranscriber,
    EmbeddingTranscriber,
    GatherTranscriber,
    LegacyMatmulTranscriber,
    MulTranscriber,
    OneHotTranscriber,
    ReadArrayTranscriber,
    ReduceAllTranscriber,
    RnnTranscriber,
    SelectInputTranscriber,
    SelectOutputTranscriber,
    SliceTranscriber,
    SplitTranscriber,
    TrilTriuTranscriber,
    WriteArrayTranscriber,
)
from .values import (
    ArangeTranscriber,
    AssignTranscriber,
    AssignValueTranscriber,
    CastTranscriber,
    DataTranscriber,
    FeedTranscriber,
    FetchTranscriber,
    FillConstantTranscriber,
    IncrementTranscriber,
    ShadowOutputTranscriber,
)


_POOL_DEFAULTS = {"exclusive": BoolAttr.TRUE, "adaptive": BoolAttr.FALSE, "padding_algorithm": StrAttr.get("EXPLICIT")}
_EMBEDDING_DEFAULTS = {"padding_idx": i64(-1), "sparse": BoolAttr.FALSE}


SPECIAL_HANDLERS: dict[str, OpTranscriber] = {
    "feed": FeedTranscriber(),
    "data": DataTranscriber(),
    "fetch": FetchTranscriber(),
    "fetch_v2": FetchTranscriber(),
    "shadow_output": ShadowOutputTranscriber(),
    "assign": AssignTranscriber(),
    "assign_value": AssignValueTranscriber(),
    "batch_norm": OpTranscriber({"use_global_stats": BoolAttr.FALSE, "trainable_statistics": BoolAttr.FALSE}),
    "cast": CastTranscriber(),
    "conv2d": OpTranscriber({"padding_algorithm": StrAttr.get("EXPLICIT")}),
    "conv3d": OpTranscriber({"padding_algorithm": StrAttr.get("EXPLICIT")}),
    "depthwise_conv2d": OpTranscriber({"padding_algorithm": StrAttr.get("EXPLICIT")}),
    "pool2d": OpTranscriber(_POOL_DEFAULTS),
    "pool3d": OpTranscriber(_POOL_DEFAULTS),
    "scale": OpTranscriber({"bias": f64(0.0), "bias_after_scale": BoolAttr.TRUE}),
    "rnn": RnnTranscriber(),
    "dropout": OpTranscriber({"mode": StrAttr.get("downscale_in_infer")}),
    "softmax": OpTranscriber({"axis": i32(-1)}),
    "argsort": OpTranscriber({"stable": BoolAttr.FALSE}),
    "lookup_table_v2": EmbeddingTranscriber(_EMBEDDING_DEFAULTS),
    "lookup_table": EmbeddingTranscriber(_EMBEDDING_DEFAULTS),
    "increment": IncrementTranscriber(),
    "split": SplitTranscriber(),
    "fill_constant": FillConstantTranscriber(),
    "select_input": SelectInputTranscriber(),
    "select_output": SelectOutputTranscriber(),
    "reduce_all": ReduceAllTranscriber(),
    "reduce_any": ReduceAllTranscriber(),
    "mul": MulTranscriber(),
    "matmul": LegacyMatmulTranscriber({"transpose_x": BoolAttr.FALSE, "transpose_y": BoolAttr.FALSE}),
    "gather": GatherTranscriber(),
    "one_hot_v2": OneHotTranscriber(),
    "slice": SliceTranscriber(),
    "sum": AddNTranscriber(),
    "range": ArangeTranscriber(),
    "write_to_array": WriteArrayTranscriber(),
    "read_from_array": ReadArrayTranscriber(),
    "lod_array_length": ArrayLengthTranscriber(),
    "tril_triu": TrilTriuTranscriber(),
    **{k: ElementwiseTranscriber() for k in (
        "elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div", "elementwise_max",
        "elementwise_min", "elementwise_mod", "elementwise_floordiv")},
}

GENERAL_HANDLER = OpTranscriber()
CONTROL_FLOW_OPS = frozenset({"conditional_block", "while"})


def is_supported(op_type: str) -> bool:
    return op_type in SPECIAL_HANDLERS or op_type in OP_SIGS or op_type in CONTROL_FLOW_OPS


__all__ = ["CONTROL_FLOW_OPS", "GENERAL_HANDLER", "SPECIAL_HANDLERS", "is_supported"]
