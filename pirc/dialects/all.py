"""Importing this module registers every dialect's ops."""

from pirc.dialects import pd_op  # noqa: F401  (OpDefs first, so OpInfos pick them up)
from pirc.dialects import builtin, control_flow  # noqa: F401
from pirc.dialects import cinn_op  # noqa: F401  (the cinn_op OpDefs; cinn_op.group itself is in control_flow)
import pirc.cinn.backend.jit_kernel  # noqa: F401,E402  (cinn_runtime.jit_kernel; its runtime hook is installed explicitly)
