"""Importing this module registers every pass and pipeline."""

from pirc.passes import (  # noqa: F401
    add_broadcast,
    build_cinn,
    cse,
    dce,
    fuse_attention,
    fuse_conv_epilogue,
    fuse_fc,
    inference,
    inplace,
    lower_to_kernel,
    pd_to_cinn,
)
from pirc.passes.manager import register_pipeline

register_pipeline(
    "build_cinn",
    "pd_to_cinn,add_broadcast_to_elementwise,build_cinn_pass",
    "the CINN front end: pd_to_cinn (conversions and prim decompositions), "
    "add_broadcast_to_elementwise, build_cinn_pass (fusion into cinn_op.group); "
    "option max-group-size=N",
)
register_pipeline(
    "inference",
    "remove_identity,fold_conv_bn,constant_folding,fuse_conv_epilogue,fuse_fc,fuse_attention,dce",
    "Paddle Inference's graph passes: inference-time identities, conv + batch_norm folding, constant "
    "folding of parameter-only ops (these two need parameter values), conv + bias [+ residual] [+ activation] "
    "and matmul + bias [+ relu] (fc) fusion, attention (transpose/scale/matmul/softmax/matmul) fusion",
)
