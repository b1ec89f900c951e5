"""CUDA on the CPU: the generated ``.cu`` text compiled by the host C++ compiler against a small
runtime header (``cuda_emu.h``: fibers with real barriers, warp shuffles, seeded scheduling, an
optional race and bounds checker) and launched with the driver path's argument packing.

* :mod:`.build` -- ``compile_emu(src)``: g++ over the exact source plus one launch stub per
  kernel, through the kernel cache; :class:`EmuModule` / :class:`EmuKernel` load and launch.
* :mod:`.device` -- :class:`EmuDevice`, the ``pirc-run --device cuda-emu`` device.
"""
