"""Errors the interpreter reports, each a located diagnostic (exit status 1 on the command line)."""

from __future__ import annotations

from pirc.diagnostics import Diagnostic, Location, PircError


class MissingKernelError(PircError):
    """The Build phase met an op it cannot execute (no numpy kernel, no compiled kernel)."""

    def __init__(self, op_name: str, message: str, loc: Location | None) -> None:
        self.op_name = op_name
        self.op_names = [op_name]
        super().__init__(Diagnostic("error", message, loc))


class KernelError(PircError):
    """A kernel raised while running (usually operands that do not fit the op at run time)."""

    def __init__(self, op_name: str, message: str, loc: Location | None) -> None:
        self.op_name = op_name
        super().__init__(Diagnostic("error", message, loc))


class FeedError(PircError):
    """Feeds or parameters that do not match what the program declares."""

