"""Compiling and running generated kernels (seed 004, stages 3 and 4).

* :mod:`.compile_c` -- the system C compiler -> shared library;
* :mod:`.nvrtc` -- NVRTC -> cubin / PTX (no GPU needed);
* :mod:`.cache` -- the content-addressed kernel cache (``$PIRC_CACHE_DIR``);
* :mod:`.module` -- CModule (ctypes), CUDAModule (driver API), CINNKernelInfo, HostKernel, DeviceKernel;
* :mod:`.launch` -- argument packing and the CUDA driver;
* :mod:`.build` -- ``build`` / ``build_many``: generate + compile + load;
* :mod:`.jit_kernel` -- the ``cinn_runtime.jit_kernel`` op and its interpreter hook.
"""

from __future__ import annotations

from typing import Any


def build(*args: Any, **kwargs: Any) -> Any:
    """See :func:`pirc.cinn.backend.build.build`."""
    from pirc.cinn.backend.build import build as f

    return f(*args, **kwargs)


def build_many(*args: Any, **kwargs: Any) -> Any:
    """See :func:`pirc.cinn.backend.build.build_many`."""
    from pirc.cinn.backend.build import build_many as f

    return f(*args, **kwargs)


__all__ = ["build", "build_many"]
